/* tests/exact: benchmarks/accuracy/branchgen's program seed 79107, target host (issue 27), kept as
 * generated. main's `select(a < b, x, select(c && d, 127, y))`: the inner select on an i1 `and`
 * is made a branch per operand, and its test of d ("cmpl %esi, %r8d; jg" over "movl %edi,
 * %r9d") carries the outer select's location. The old binary took it for the outer select's
 * choice, its copy arm the second value: 17 taken for qemu's 47, marked exact. A select one of
 * whose values is a select on i1 logic in the same block names no arm (lower_selects.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {36, 0, 1, 106, 0, 124, 0, 0, 0, 0, 255, 255, 0, 255, 0, 255, 0, 215, 127, 1, 46, 1, 255, 0, 0, 1, 0, 1, 255, 123, 121, 213, 0, 182, 0, 0, 209, 0, 0, 0, 1, 255, 225, 0, 80, 250, 255, 1, 209, 138, 215, 1, 0, 164, 255, 32, 16, 0, 255, 0, 171, 0, 20, 213, 175, 0, 255, 98, 0, 121, 0, 255, 0, 18, 255, 1, 0, 0, 0, 172, 0, 0, 255, 1, 0, 255, 155, 255, 1, 255, 37, 255, 190, 0, 0, 176, 255, 63, 1, 23, 0, 1, 0, 255, 0, 201, 1, 0, 0, 255, 255, 1, 0, 255, 0, 0, 82, 1, 255, 1, 120, 1, 0, 1, 1, 1, 0, 0};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 16u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 5 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl2(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc2(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 16u)
        return tl2(x * 3u + 1u);
    return tc2(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg2(uint32_t x, uint32_t d)
{
    return d > 1 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static uint32_t tl3(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc3(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 8u)
        return tl3(x * 3u + 1u);
    return tc3(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg3(uint32_t x, uint32_t d)
{
    return d > 3 ? tl3(x) : tc3(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 41480u;
    for (uint32_t i1 = 0; i1 < (c & 15u); i1++) {
        int32_t s2 = ((int32_t)c);
        { int64_t z = (int64_t)s2 - (int64_t)((int32_t)(a >> 18)); s2 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s2 + (int64_t)((int32_t)b); s2 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        s2 = s2 > 803 ? 803 : s2 < -803 ? -803 : s2;
        { int64_t z = (int64_t)s2 - (int64_t)((int32_t)b); s2 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        s2 = s2 > 19919 ? 19919 : s2 < -19919 ? -19919 : s2;
        { int64_t z = (int64_t)s2 + (int64_t)((int32_t)(b + b)); s2 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        r ^= (uint32_t)s2;
    }
    unsigned char m3[6], m4[6];
    memcpy(m3, pool + (b & 63u), 6);
    memcpy(m4, pool + 37, 6);
    if (memcmp(m3, m4, 6) == 0 && memcmp(m3, pool + 47, 6) == 0) r ^= 0x55u;
    for (int i = 0; i < 6; i++) r = r * 3u + m3[i];
    uint16_t o5;
    r = r * 9u + (uint32_t)__builtin_mul_overflow(((uint16_t)(a >> 11)), ((uint16_t)a), &o5) + (uint32_t)o5;
    int32_t x6 = ((int32_t)(c >> 4)), y7 = ((int32_t)(a ^ c));
    r = r * 31u + (uint32_t)((x6 <= ((int32_t)(-1L - 1))) ? (int32_t)(x6 ^ y7) : x6);
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 19749u;
    uint64_t w8 = ((uint64_t)((uint64_t)a << 32 | a)), w9 = ((uint64_t)12256673055977089653ULL);
    r = r * 17u + (uint32_t)((w8 != w9) ? w8 : w9);
    r = r * 17u + (uint32_t)((w8 == w9) ? w8 : w9);
    uint32_t o10;
    r = r * 9u + (uint32_t)__builtin_sub_overflow(((uint32_t)(a >> 19)), ((uint32_t)b), &o10) + (uint32_t)o10;
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 11577u;
    uint8_t o11;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((uint8_t)a), ((uint8_t)254UL), &o11) + (uint32_t)o11;
    int64_t x12 = ((int64_t)((uint64_t)a * 0x9E3779B9u));
    x12 = (uint64_t)x12 > 255u ? (x12 > -1 ? 255 : 0) : x12;
    r += (uint32_t)x12;
    int64_t x13 = ((int64_t)(uint64_t)(int32_t)b);
    x13 = (uint64_t)x13 > 255u ? (x13 > -1 ? 255 : 0) : x13;
    r += (uint32_t)x13;
    int8_t x15 = ((int8_t)(c >> 15));
    int8_t x16 = ((int8_t)(c >> 29));
    int8_t x17 = ((int8_t)b);
    int8_t v14 = x16;
    v14 = (x15 <= (x15 ^ 1)) ? v14 : ((int8_t)127UL);
    v14 = (x15 < x17) ? v14 : x16;
    v14 = (x16 >= x15) ? v14 : x17;
    v14 = (v14 == ((int8_t)127UL)) ? v14 : x17;
    r += (uint32_t)v14;
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 47837u;
    int8_t x19 = ((int8_t)(b ^ b));
    int8_t x20 = ((int8_t)a);
    int8_t x21 = ((int8_t)a);
    int8_t v18 = x21;
    v18 = (v18 == x20) ? x20 : v18;
    v18 = (x20 <= ((int8_t)127UL)) ? v18 : x21;
    v18 = (x19 == x21) ? v18 : (int8_t)((uint64_t)v18 + (uint64_t)x20);
    v18 = (v18 >= x20) ? x19 : v18;
    v18 = (x20 > x21) ? x21 : v18;
    r += (uint32_t)v18;
    _Bool b22 = (((uint16_t)(b >> 1)) == ((uint16_t)a));
    _Bool b23 = (((uint16_t)(b + c)) < ((uint16_t)31837UL));
    _Bool b24 = (((uint16_t)(c + c)) < ((uint16_t)65436UL));
    _Bool b25 = (((uint16_t)(c >> 21)) == ((uint16_t)0UL));
    r = r * 3u + (((b22 || b23 || b24) && !(b25)) ? 40u : 99u);
    uint64_t fa26 = ((uint64_t)a << 32 | b), fb27 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa26 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb27 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa26 & 0x0008000000000000ULL), bs = bn && !(fb27 & 0x0008000000000000ULL);
      uint64_t z = as ? fb27 : bs ? fa26 : an ? fa26 : bn ? fb27 : fa26 ^ fb27;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int8_t s28 = ((int8_t)(b >> 9));
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)(b ^ c)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s28 = s28 > 116 ? 116 : s28 < -116 ? -116 : s28;
    { int32_t z = (int32_t)s28 + (int32_t)((int8_t)(a + c)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)(c >> 4)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)(b >> 28)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)b); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s28 = s28 > 96 ? 96 : s28 < -96 ? -96 : s28;
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)(c >> 13)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)c); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s28 = s28 > 32 ? 32 : s28 < -32 ? -32 : s28;
    r ^= (uint32_t)s28;
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 25270u;
    uint64_t x29 = ((uint64_t)((uint64_t)c << 32 | c)), y30 = ((uint64_t)(uint64_t)a);
    r += (uint32_t)(x29 > y30 ? x29 : y30);
    int64_t x32 = ((int64_t)((uint64_t)c << 32 | c));
    int64_t x33 = ((int64_t)((uint64_t)a << 28));
    int64_t x34 = ((int64_t)((uint64_t)b << 32 | b));
    int64_t v31 = x33;
    v31 = (x33 >= x34) ? ((int64_t)32767LL) : v31;
    v31 = (x33 >= x32) ? v31 : ((int64_t)(-1939557336243635499LL - 1));
    v31 = (v31 < ((int64_t)2LL)) ? x33 : v31;
    v31 = (v31 <= x34) ? x33 : v31;
    r += (uint32_t)v31 ^ (uint32_t)((uint64_t)v31 >> 32);
    int16_t o35;
    if (__builtin_mul_overflow(((int16_t)(b + c)), ((int16_t)(-32767L - 1)), &o35)) r += 795u; else r ^= (uint32_t)o35;
    uint32_t s36 = ((uint32_t)(c >> 9));
    { uint32_t z = (uint32_t)(s36 + ((uint32_t)a)); s36 = z < s36 ? (uint32_t)4294967295ULL : z; }
    { uint32_t y_ = ((uint32_t)a); s36 = s36 > y_ ? (uint32_t)(s36 - y_) : 0; }
    { uint32_t y_ = ((uint32_t)(c + a)); s36 = s36 > y_ ? (uint32_t)(s36 - y_) : 0; }
    s36 = s36 > 8535 ? 8535 : s36 < 0 ? 0 : s36;
    { uint32_t z = (uint32_t)(s36 + ((uint32_t)(b ^ b))); s36 = z < s36 ? (uint32_t)4294967295ULL : z; }
    s36 = s36 > 8846 ? 8846 : s36 < 0 ? 0 : s36;
    { uint32_t y_ = ((uint32_t)(c + b)); s36 = s36 > y_ ? (uint32_t)(s36 - y_) : 0; }
    s36 = s36 > 8955 ? 8955 : s36 < 0 ? 0 : s36;
    { uint32_t z = (uint32_t)(s36 + ((uint32_t)(b + c))); s36 = z < s36 ? (uint32_t)4294967295ULL : z; }
    s36 = s36 > 6195 ? 6195 : s36 < 0 ? 0 : s36;
    { uint32_t y_ = ((uint32_t)(a ^ b)); s36 = s36 > y_ ? (uint32_t)(s36 - y_) : 0; }
    s36 = s36 > 4630 ? 4630 : s36 < 0 ? 0 : s36;
    r ^= (uint32_t)s36;
    uint64_t fa37 = ((uint64_t)a << 32 | b), fb38 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa37 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb38 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa37 & 0x0008000000000000ULL), bs = bn && !(fb38 & 0x0008000000000000ULL);
      uint64_t z = as ? fb38 : bs ? fa37 : an ? fa37 : bn ? fb38 : fa37 ^ fb38;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 49499u;
    uint64_t x39 = ((uint64_t)(uint64_t)b), y40 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    r = r * 31u + (uint32_t)((x39 <= ((uint64_t)2ULL)) ? ((uint64_t)32768ULL) : x39);
    r ^= (uint32_t)((uint64_t)((x39 > y40) ? x39 : y40) >> 32);
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    r += tg1(b, b & 7u);
    r += tg2(b, b & 7u);
    { unsigned char d[64] = {0}; mt3(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 20776u;
    for (uint32_t i41 = 0; i41 < (c & 7u); i41++) {
        int8_t x42 = ((int8_t)(a ^ b)), y43 = ((int8_t)(c >> 11));
        r = r * 31u + (uint32_t)((x42 < y43) ? y43 : (int8_t)((uint64_t)x42 + 1u));
    }
    r += tg3(c, c & 7u);
    return r;
}

int main(void)
{
    uint32_t s = 1357669674u, h = 0x811c9dc5u;
    for (int i = 0; i < 133; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
        h = (h ^ f1(a, b, c)) * 0x01000193u;
        h = (h ^ f2(a, b, c)) * 0x01000193u;
        h = (h ^ f3(a, b, c)) * 0x01000193u;
        h = (h ^ f4(a, b, c)) * 0x01000193u;
        h = (h ^ f5(a, b, c)) * 0x01000193u;
        h = (h ^ f6(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
