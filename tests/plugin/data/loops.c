/* loops.c — loops with constant trip counts (exact with static frequencies)
 * and one whose trip count depends on the data (tests/plugin/run_tests.py loop). */
int sum100(const int *v)
{
    int s = 0;
#pragma clang loop unroll(disable)
    for (int i = 0; i < 100; i++)
        s += v[i] * v[i];
    return s;
}

void scale37(int *v, int k)
{
#pragma clang loop unroll(disable)
    for (int i = 0; i < 37; i++)
        v[i] = v[i] * k + (v[i] >> 3);
}

int nested(const int *m)
{
    int s = 0;
#pragma clang loop unroll(disable)
    for (int i = 0; i < 12; i++)
#pragma clang loop unroll(disable)
        for (int j = 0; j < 25; j++)
            s ^= m[i * 25 + j] + j;
    return s;
}

int until_zero(const int *v)
{
    int n = 0;
    while (v[n])
        n++;
    return n;
}
