/* tests/exact: llvm.abs of a 32-bit difference on the AVR (corpus adpcm.c's
 * encoder, "diff < 0 ? -diff : diff"), made into two diamonds that branch on
 * the sign of the operand's top byte ("tst r; brmi"), among other selects of
 * the same IR block: each diamond is a part every path through the block's
 * machine blocks passes, counted from a probe of the operand's sign
 * (lower_probes_paths.c). The old binary estimated both splits. */
#include "bench.h"

static __attribute__((noinline)) uint32_t spread(const int16_t *a, int n)
{
    uint32_t sum = 0;
    int32_t prev = 0;
    for (int i = 0; i < n; i++) {
        int32_t d = (int32_t)a[i] * 3 - prev;
        uint32_t m = (uint32_t)(d < 0 ? -d : d);
        sum += m;
        prev = a[i];
    }
    return sum;
}

int main(void)
{
    static int16_t a[200];
    uint32_t seed = 31415;
    for (int i = 0; i < 200; i++)
        a[i] = (int16_t)(bench_rand(&seed) % 2001u) - 1000;
    printf("%lu\n", (unsigned long)spread(a, 200));
    return 0;
}
