/* tests/exact: a branch on "a && b" split in two whose stop edges leave through
 * a return's epilogue (foreign blockmerge.c's merge_inplace on riscv32): the
 * entry's first test is shrink-wrapped before the prologue and returns at
 * once, its second test goes through the epilogue the first one skips; the
 * tail recursion made a loop whose test, again "a && b", leaves through the
 * same epilogue, which every return shares. The second test runs as often
 * as the first operand held (its record); the old binary estimated both. */
#include "bench.h"

static int v[64];

static __attribute__((noinline)) void split(int lo, int mid, int hi)
{
    if (lo >= mid || mid >= hi)
        return;
    if (v[lo] > v[mid]) {
        int t = v[lo];
        v[lo] = v[mid];
        v[mid] = t;
    }
    int cut = lo + (mid - lo) / 2;
    split(lo, cut, mid);
    split(mid, mid + (hi - mid) / 2, hi); /* a tail call: a loop */
}

int main(void)
{
    uint32_t seed = 4242;
    int sum = 0;
    for (int round = 0; round < 20; round++) {
        for (int i = 0; i < 64; i++)
            v[i] = (int)(bench_rand(&seed) % 1000);
        int lo = (int)(bench_rand(&seed) % 8), hi = 56 + (int)(bench_rand(&seed) % 8);
        split(lo, (lo + hi) / 2 + (int)(bench_rand(&seed) % 5) - 2, hi);
        sum += v[0] + v[63];
    }
    return sum & 1;
}
