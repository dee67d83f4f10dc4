/* tests/exact: two comparisons of the same values, the second branched on only where
 * the first has gone one way, which decides it: `(x > y) - (x < y)` made by the PowerPC
 * back end (no isel) as "cmpw; ble" then, on the x > y side, "bge" for x < y (corpus
 * quicksort.c's comparators). The records count each comparison alone, so the second
 * branch's copies had only their sum; lpnest now knows the decided copy's other edge
 * never runs (lower_select_implied.c). Signed, unsigned and
 * swapped operands. The old binary split them 50/50. */
#include "bench.h"

static __attribute__((noinline)) int cmp_s(const int32_t *a, const int32_t *b)
{
    return (*a > *b) - (*a < *b);
}

static __attribute__((noinline)) int cmp_u(uint32_t x, uint32_t y) { return (x > y) - (x < y); }

static __attribute__((noinline)) int cmp_swapped(int32_t x, int32_t y) { return (y < x) - (x < y); }

int main(void)
{
    uint32_t seed = 93127;
    int32_t v[2];
    int sum = 0;
    for (int i = 0; i < 120; i++) {
        uint32_t r = bench_rand(&seed);
        v[0] = (int32_t)(r % 23) - 11;
        v[1] = (int32_t)((r >> 9) % 23) - 11;
        sum += cmp_s(&v[0], &v[1]);
        sum += cmp_u(r % 7, (r >> 5) % 9);
        sum += cmp_swapped(v[1], (int32_t)((r >> 17) % 5) - 2);
    }
    return sum & 1;
}
