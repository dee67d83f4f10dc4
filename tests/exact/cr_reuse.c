/* tests/exact: one comparison's outcome made into several values with a branch each:
 * foreign blockmerge.c's merge, `before(v[j], v[i]) ? v[j++] : v[i++]`. On the PPC405 (no
 * isel) "cmpw; bge" over the pointer's "mr", then "blt" over "li r5, 0" and "bge" over
 * "li r6, 0" for the two increments, all reading the field the one compare set; on the AVR
 * each branch after the same "cp r18, r24; cpc r19, r25" of registers nothing writes in
 * between. A branch entered only from the earlier one (or its arm) goes the way the
 * earlier one went (lower_cr_reuse.c); the old binary split the later ones 50/50. */
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

int main(void)
{
    uint32_t seed = 93301;
    unsigned sum = 0;
    for (int r = 0; r < 4; r++) {
        for (int i = 0; i < 64; i++)
            v[i] = (struct rec){(int16_t)(bench_rand(&seed) % 200 - 100), (uint16_t)i};
        for (int w = 1; w < 64; w *= 2)
            for (int a = 0; a + w < 64; a += 2 * w)
                merge(a, a + w, a + 2 * w < 64 ? a + 2 * w : 64);
        for (int i = 0; i < 64; i++)
            sum = sum * 3 + (uint16_t)v[i].key;
    }
    return (int)(sum & 1);
}
