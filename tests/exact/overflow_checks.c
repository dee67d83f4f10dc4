/* inlined overflow checks (llvm.*.with.overflow from __builtin_{add,sub,mul}_overflow) on
 * 64- and 32-bit operands: narrow cores expand them with comparisons of the halves, and
 * branch on them (rv32: the high words equal?; PowerPC: comparisons made into values;
 * AVR: byte by byte). The IR's own branch on the flag is counted by the engine; the
 * branches the expansion makes are counted from a record or marked as estimates.
 * avr-gcc's libgcc has no __mulodi4/__mulosi4: the AVR build leaves the multiplications out.
 * Issue 14 item 5. */
#include <stdint.h>
static volatile int64_t a64[80];
static volatile uint64_t u64[80];
static volatile int32_t a32[80];
int main(void)
{
    uint32_t x = 777;
    for (int i = 0; i < 80; i++) {
        x = x * 1103515245u + 12345u;
        uint64_t w = ((uint64_t)x << 32) | (x * 2654435761u);
        a64[i] = (int64_t)w >> (i % 40);
        u64[i] = w >> (i % 48);
        a32[i] = (int32_t)x >> (i % 20);
    }
    unsigned hits = 0;
    int64_t acc = 1;
    uint64_t uacc = 1;
    for (int i = 0; i < 80; i++) {
        int64_t r;
        uint64_t ur;
        if (__builtin_add_overflow(acc, a64[i], &r))
            hits += 1;
        else
            acc = r;
        if (__builtin_sub_overflow(acc, a64[(i * 7) % 80], &r))
            hits += 2;
        else
            acc = r;
        if (__builtin_add_overflow(uacc, u64[i], &ur))
            hits += 16;
        else
            uacc = ur;
        if (__builtin_sub_overflow(uacc, u64[(i + 9) % 80], &ur))
            hits += 64;
        else
            uacc = ur;
#ifndef __AVR__
        int32_t r32;
        if (__builtin_mul_overflow(a64[i], a64[(i + 3) % 80], &r))
            hits += 4;
        else
            acc ^= r;
        if (__builtin_mul_overflow(u64[i], u64[(i + 5) % 80], &ur))
            hits += 8;
        else
            uacc += ur;
        if (__builtin_mul_overflow(a32[i], a32[(i + 1) % 80], &r32))
            hits += 32;
        else
            acc += r32;
#endif
    }
    return (int)((hits ^ (uint32_t)acc ^ (uint32_t)(uacc >> 7)) & 0x7f);
}
