/* tests/exact/avr_logic_tree.c: a branch on "c || (d || (a ? true : b))", i1 logic whose
 * operand is itself logic: code generation flattens the tree into one chain of tests in an
 * order of its own, so the test after the first is not the second operand's, and the count
 * of the first operand's "go on" outcome does not belong to it (branchgen seed 76004 on the
 * AVR, f1 inlined into main: the last test counted 27 for simavr's 2, marked exact). */
#include "bench.h"
#include <stdint.h>

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8846u;
    _Bool b2 = (((uint16_t)(b ^ a)) >= ((uint16_t)256UL));
    _Bool b3 = (((uint16_t)b) < ((uint16_t)(b >> 19)));
    _Bool b4 = (((uint16_t)(c >> 3)) > ((uint16_t)32767UL));
    _Bool b5 = (((uint16_t)(a >> 10)) >= ((uint16_t)b));
    r = r * 3u + (((b2 && b3 && b4 && b5) || !(b2 || b3 || b4 || b5)) ? 45u : 77u);
    uint64_t w6 = ((uint64_t)((uint64_t)c << 6)), w7 = ((uint64_t)1ULL);
    r ^= (uint32_t)(w6 == ((uint64_t)100ULL)) << 3 | (uint32_t)(w7 < ((uint64_t)65535ULL));
    return r;
}

int main(void)
{
    uint32_t s = 4213331869u, h = 0x811c9dc5u;
    for (int i = 0; i < 76; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f1(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
