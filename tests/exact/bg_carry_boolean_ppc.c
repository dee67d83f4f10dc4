/* tests/exact: benchmarks/accuracy/branchgen's program seed 96243, target ppc (issue 27), cut to
 * the function that went wrong. f0's `v = c ? v + sext(x) : v; v = v >= zext(x) ? v : 1` on
 * 64 bits: the PPC405 makes the second select's condition a boolean with a branch of its own,
 * "li r8, 1; blt; li r8, 0" (the high words of the sum against the first select's), without a
 * location. The rule for triangles without one (lower_classify.c, constant_triangles) took it
 * for the first select, select(c, sext(x), 0), whose second value its arm loads: taken 82 for
 * qemu's 24, marked exact. A triangle passing a proven constant on past its arm chooses between
 * two constants: only a select whose first value is that constant can be it.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 24103u;
    (void)a;
    uint64_t x7 = ((uint64_t)((uint64_t)b << 32 | b));
    uint64_t x8 = ((uint64_t)(uint64_t)(int32_t)c);
    uint64_t x9 = ((uint64_t)(uint64_t)c);
    uint64_t v6 = x9;
    v6 = (x7 < (x7 ^ 1)) ? (uint64_t)((uint64_t)v6 + (uint64_t)x8) : v6;
    v6 = (v6 >= x9) ? v6 : ((uint64_t)1ULL);
    r += (uint32_t)v6 ^ (uint32_t)((uint64_t)v6 >> 32);
    return r;
}

int main(void)
{
    uint32_t s = 513721908u, h = 0x811c9dc5u;
    for (int i = 0; i < 144; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
