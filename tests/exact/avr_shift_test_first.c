/* tests/exact/avr_shift_test_first.c: a 32-bit shift whose amount a switch's cases set, on
 * the AVR: code generation makes the shift loop entered at its test ("cpi r26, 0; brne"
 * before the first step), both blocks named shift.loop; the test runs once more per
 * execution than the body, and the sum of the amounts is the body's count, not the test's
 * (branchgen seeds 77632 and 76015: 474 for simavr's 564 on the test, marked exact). */
#include "bench.h"
#include <stdint.h>

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 38011u;
    uint32_t sw22 = a;
    switch (sw22 & 3u) { case 0: r = r * 7u + (sw22 >> 6); break; case 1: r = r * 34u + (sw22 >> 3); break; case 2: r = r * 5u + (sw22 >> 6); break; case 3: r = r * 27u + (sw22 >> 5);  default: r -= 1u; }
    int64_t x23 = ((int64_t)((uint64_t)c << 32 | b));
    x23 = (uint64_t)x23 > 255u ? (x23 > -1 ? 255 : 0) : x23;
    r += (uint32_t)x23;
    return r;
}

int main(void)
{
    uint32_t s = 2718281828u, h = 0x811c9dc5u;
    for (int i = 0; i < 90; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f3(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
