/* Recursion depth: depth(50) makes 51 calls; the base case runs once. */
__attribute__((noinline)) int depth(int n)
{
    if (n == 0)
        return 0;
    return 1 + depth(n - 1);
}
int main(void) { return depth(50) == 50 ? 0 : 1; }
