/* tests/exact: one comparison's outcome made into several values with a branch each on
 * the PPC405 (no isel), every branch reading the condition register field the one compare
 * set: foreign blockmerge.c's merge, `before(v[j], v[i]) ? v[j++] : v[i++]`, as "cmpw;
 * bge" over the pointer's "mr", then "blt" over "li r5, 0" and "bge" over "li r6, 0" for
 * the two increments. A branch entered only from the earlier one (or its arm), the field
 * unchanged, goes the way the earlier one went (lower_cr_reuse.c); the old binary split
 * the later ones 50/50. */
#include "bench.h"

struct rec {
    int16_t key;
    uint16_t seq;
};

static struct rec v[64], tmp[64];

static __attribute__((noinline)) void merge(int lo, int mid, int hi)
{
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = v[j].key < v[i].key ? v[j++] : v[i++];
    while (i < mid)
        tmp[k++] = v[i++];
    while (j < hi)
        tmp[k++] = v[j++];
    for (k = lo; k < hi; k++)
        v[k] = tmp[k];
}

static __attribute__((noinline)) void spread(unsigned a, unsigned b, unsigned *lo, unsigned *hi)
{
    unsigned gt = a > b;
    *lo += gt ? b : a;
    *hi += gt ? a : b;
}

int main(void)
{
    uint32_t seed = 93301;
    unsigned sum = 0, lo = 0, hi = 0;
    for (int r = 0; r < 4; r++) {
        for (int i = 0; i < 64; i++)
            v[i] = (struct rec){(int16_t)(bench_rand(&seed) % 200 - 100), (uint16_t)i};
        for (int w = 1; w < 64; w *= 2)
            for (int a = 0; a + w < 64; a += 2 * w)
                merge(a, a + w, a + 2 * w < 64 ? a + 2 * w : 64);
        for (int i = 0; i < 64; i++)
            sum = sum * 3 + (uint16_t)v[i].key;
    }
    for (int i = 0; i < 100; i++) {
        uint32_t x = bench_rand(&seed);
        spread(x % 13, (x >> 8) % 13, &lo, &hi);
    }
    return (int)((sum + lo + hi) & 1);
}
