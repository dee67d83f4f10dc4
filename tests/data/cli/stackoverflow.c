/* Unbounded recursion with a local array exhausts the simulated stack. */
int down(int n)
{
    volatile char buf[256];
    buf[0] = (char)n;
    return down(n + 1) + buf[0];
}
int main(void) { return down(0); }
