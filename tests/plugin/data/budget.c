/* budget.c — one function over its cycle budget, one within
 * (tests/plugin/run_tests.py budget). */
int fast(int a, int b)
{
    return a + 2 * b;
}

int slow(const int *v)
{
    int s = 0;
    for (int i = 0; i < 200; i++)
        s += v[i] / 3;
    return s;
}
