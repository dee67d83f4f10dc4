/* scale.c — one of the two units of the autoconf project's program */
int scale(const int *v, int n, int k)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i] * k;
    return s;
}
