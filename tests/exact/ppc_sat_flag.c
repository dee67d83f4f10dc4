/* tests/exact/ppc_sat_flag.c: a signed saturation's carry made into a value by a branch on
 * the PPC405 ("li r5, 1" blocks above, "cmpw r7, r6; blt; li r5, 0" then "xor. r4, r4, r5;
 * beq" testing the overflow): the first branch makes a condition, not the saturation's
 * choice, although its block does not load the other constant itself (branchgen seed 77612:
 * taken 82 for qemu's 34, marked exact). */
#include "bench.h"
#include <stdint.h>

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 0;
    int32_t s15 = ((int32_t)a);
    { int64_t z = (int64_t)s15 - (int64_t)((int32_t)a); s15 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s15 = s15 > 19645 ? 19645 : s15 < -19645 ? -19645 : s15;
    { int64_t z = (int64_t)s15 - (int64_t)((int32_t)(a ^ a)); s15 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s15 = s15 > 10968 ? 10968 : s15 < -10968 ? -10968 : s15;
    { int64_t z = (int64_t)s15 + (int64_t)((int32_t)(c >> 1)); s15 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s15 = s15 > 8943 ? 8943 : s15 < -8943 ? -8943 : s15;
    { int64_t z = (int64_t)s15 - (int64_t)((int32_t)(b ^ c)); s15 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s15 = s15 > 13456 ? 13456 : s15 < -13456 ? -13456 : s15;
    { int64_t z = (int64_t)s15 + (int64_t)((int32_t)(b ^ c)); s15 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s15;
    return r;
}

int main(void)
{
    uint32_t s = 2703011101u, h = 0x811c9dc5u;
    for (int i = 0; i < 82; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
