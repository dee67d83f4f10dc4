/* straight.c — straight-line functions: per-call cycles are the sum of their
 * instructions' costs (tests/plugin/run_tests.py estimate, remarks, options). */
int mix(int a, int b)
{
    return (a * 3 + b) ^ (a >> 2);
}

unsigned poly(unsigned x)
{
    return ((x * x + 7u) * x + 0x12345u) >> 3;
}
