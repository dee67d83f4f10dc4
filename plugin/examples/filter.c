/* filter.c — the example of plugin/README.md: a straight-line function, a loop
 * with a constant trip count and a loop whose trip count only a run knows. */
#include <stdint.h>

int32_t mix(int32_t a, int32_t b)
{
    return (a * 3 + b) ^ (a >> 2);
}

int32_t dot(const int16_t *x, const int16_t *h)
{
    int32_t s = 0;
    for (int i = 0; i < 100; i++)
        s += x[i] * h[i];
    return s;
}

int32_t clip_sum(const int32_t *v, int n, int32_t lim)
{
    int32_t s = 0;
    for (int i = 0; i < n; i++)
        s += v[i] > lim ? lim : v[i];
    return s;
}
