/* tests/exact: benchmarks/accuracy/branchgen's program seed 96225, target ppc (issue 27), cut to
 * the condition that went wrong: `if ((b6 || b7 || b8) && !b9)`, inlined into main. The IR tests
 * `(b7 && b8') || !b9` in one block P and `!b9` alone in another, G; the PPC405 code ends P's
 * `&&` with its own "bne" to the join and runs G's code for the `||`'s second operand. The view
 * (lower_view.c, merged_partial_tails) took all of P's edges for G's: G's branch was given every
 * entry of the join, P's "bne" counted taken 0 for qemu's 69, marked exact. P's edges split
 * between its own branch and G's are known from the IR for neither.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_bend.h"

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23911u;
    _Bool b3 = (((uint8_t)(b + b)) > ((uint8_t)c));
    _Bool b4 = (((uint8_t)(a + b)) != ((uint8_t)0UL));
    if (b3 | !b4) r += 442u; else r ^= 835u;
    int32_t x5 = ((int32_t)(c >> 2));
    x5 = x5 > 61 ? 61 : x5 < -106 ? -106 : x5;
    r = r * 7u + (uint32_t)x5;
    _Bool b6 = (((int64_t)(uint64_t)a) >= ((int64_t)((uint64_t)a << 32 | a)));
    _Bool b7 = (((int64_t)((uint64_t)c * 0x9E3779B9u)) == ((int64_t)((uint64_t)c << 32 | c)));
    _Bool b8 = (((int64_t)((uint64_t)b * 0x9E3779B9u)) <= ((int64_t)(uint64_t)(int32_t)c));
    _Bool b9 = (((int64_t)(uint64_t)b) < ((int64_t)((uint64_t)a << 32 | a)));
    if ((b6 || b7 || b8) && !(b9)) r += 985u; else r ^= 397u;
    return r;
}

int main(void)
{
    uint32_t s = 1486927476u, h = 0x811c9dc5u;
    for (int i = 0; i < 165; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
