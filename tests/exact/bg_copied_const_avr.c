/* tests/exact: benchmarks/accuracy/branchgen's program seed 79610, target avr (issue 27), kept as
 * generated. f2's `x >u 168820735 ? 160 : x >> 20` is made a piece per branch on a boolean, the
 * low piece's arm "ldi r24, 160; ldi r25, 0; mov r12, r24; mov r13, r25": the constant 160 copied
 * into the registers the value is made in. The old binary saw no constant (the copies), and its
 * last resort took the arm for the single-use operand x >> 20 (31 for simavr's 18, marked
 * exact). Now immediates an AVR arm loads and copies into one run of registers are its constant.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {255, 1, 81, 0, 0, 0, 1, 0, 0, 10, 0, 0, 52, 0, 0, 0, 0, 7, 255, 255, 0, 106, 146, 0, 255, 0, 0, 0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 255, 0, 255, 255, 255, 255, 0, 1, 146, 0, 255, 0, 231, 0, 0, 0, 255, 255, 0, 1, 1, 1, 222, 1, 255, 132, 255, 1, 247, 255, 1, 216, 1, 0, 1, 0, 254, 0, 255, 247, 0, 0, 29, 255, 138, 255, 1, 1, 0, 0, 0, 136, 255, 1, 0, 1, 1, 0, 255, 0, 0, 1, 0, 0, 255, 1, 1, 1, 255, 89, 0, 0, 255, 6, 255, 1, 1, 0, 0, 19, 255, 0, 0, 184, 255, 182, 0, 0, 255, 255, 255};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 4u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 3 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 11708u;
    uint64_t fa1 = 0x7FF0000000000000ULL, fb2 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa1 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb2 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa1 & 0x0008000000000000ULL), bs = bn && !(fb2 & 0x0008000000000000ULL);
      uint64_t z = as ? fb2 : bs ? fa1 : an ? fa1 : bn ? fb2 : fa1 ^ fb2;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint16_t x4 = ((uint16_t)c);
    uint16_t x5 = ((uint16_t)b);
    uint16_t x6 = ((uint16_t)(c >> 29));
    uint16_t v3 = x4;
    v3 = (v3 == ((uint16_t)0UL)) ? v3 : (uint16_t)((uint64_t)v3 + (uint64_t)x4);
    v3 = (x5 > (x5 ^ 1)) ? v3 : x4;
    v3 = (x4 == ((uint16_t)65436UL)) ? v3 : (uint16_t)((uint64_t)v3 + (uint64_t)x5);
    v3 = (x4 > x6) ? v3 : ((uint16_t)255UL);
    r += (uint32_t)v3;
    uint64_t fa7 = ((uint64_t)a << 32 | b), fb8 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa7 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb8 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa7 & 0x0008000000000000ULL), bs = bn && !(fb8 & 0x0008000000000000ULL);
      uint64_t z = as ? fb8 : bs ? fa7 : an ? fa7 : bn ? fb8 : fa7 ^ fb8;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 26723u;
    r += tg1(a, b & 7u);
    uint16_t s9 = ((uint16_t)(c ^ b));
    { uint16_t y_ = ((uint16_t)c); s9 = s9 > y_ ? (uint16_t)(s9 - y_) : 0; }
    { uint16_t y_ = ((uint16_t)(a ^ b)); s9 = s9 > y_ ? (uint16_t)(s9 - y_) : 0; }
    { uint16_t z = (uint16_t)(s9 + ((uint16_t)b)); s9 = z < s9 ? (uint16_t)65535ULL : z; }
    s9 = s9 > 7834 ? 7834 : s9 < 0 ? 0 : s9;
    r ^= (uint32_t)s9;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 53336u;
    for (uint32_t i10 = 0; i10 < (b & 3u); i10++) {
        int32_t x11 = ((int32_t)(a >> 20));
        x11 = x11 > 160 ? 160 : x11 < -253 ? -253 : x11;
        r = r * 7u + (uint32_t)x11;
    }
    int8_t s12 = ((int8_t)(a ^ c));
    { int32_t z = (int32_t)s12 - (int32_t)((int8_t)b); s12 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s12 - (int32_t)((int8_t)(b >> 24)); s12 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    r ^= (uint32_t)s12;
    _Bool inv13 = (c & 8u) != 0;
    _Bool res14 = (((uint16_t)(b + c)) == ((uint16_t)65535UL));
    res14 = inv13 ? !res14 : res14;
    if (res14 | (((int16_t)(b >> 1)) < 1)) r += 4u;
    else r = r * 5u + 1u;
    unsigned char m15[32], m16[32];
    memcpy(m15, pool + (a & 63u), 32);
    memcpy(m16, pool + 43, 32);
    if (a & 3u) memset(m16, (int)(a & 255u), 5);
    else memcpy(m16, m15, 32);
    if (memcmp(m15, m16, 32) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 32; i++) r = r * 3u + m15[i];
    return r;
}

int main(void)
{
    uint32_t s = 1224396503u, h = 0x811c9dc5u;
    for (int i = 0; i < 73; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
        h = (h ^ f1(a, b, c)) * 0x01000193u;
        h = (h ^ f2(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
