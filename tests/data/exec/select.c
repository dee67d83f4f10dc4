/* A select with known outcomes: c in 0..9, c > 3 holds 6 times. */
__attribute__((noinline)) int pick(int c, int a, int b) { return c > 3 ? a : b; }
int main(void)
{
    int s = 0;
    for (int c = 0; c < 10; c++)
        s += pick(c, 100, 1);
    return s == 604 ? 0 : 1;
}
