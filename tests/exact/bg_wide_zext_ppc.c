/* tests/exact: benchmarks/accuracy/branchgen's program seed 77278, target ppc (issue 27), kept as
 * generated. f7's `(int64_t)(x * 2654435769) <= (int64_t)zext(y)` made into a value with three
 * branches on the PPC405: the high words' test is "cmpwi hi, 1; blt" (the high word of zext(y)
 * is 0, so the back end compares with 1: order and equality at once). The wide probe read the
 * immediate as the other high word itself (strict order) and counted the branch 11 taken for
 * qemu's 17, marked exact. An immediate for an operand that is no constant is read only as the
 * zero high word of a zero-extended value, with its distance (lower_probes_wide.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {1, 49, 255, 1, 97, 0, 1, 69, 0, 0, 1, 255, 0, 255, 255, 1, 0, 0, 255, 0, 255, 255, 20, 98, 0, 0, 0, 1, 115, 255, 9, 0, 1, 0, 228, 0, 1, 1, 0, 1, 1, 1, 0, 176, 165, 1, 122, 255, 0, 12, 1, 125, 1, 0, 130, 115, 0, 87, 0, 1, 2, 188, 0, 255, 0, 255, 151, 181, 0, 255, 51, 1, 225, 0, 255, 255, 2, 150, 0, 118, 1, 0, 0, 255, 0, 0, 1, 52, 68, 0, 255, 72, 1, 1, 255, 0, 0, 47, 0, 0, 0, 1, 0, 246, 0, 120, 255, 1, 1, 255, 0, 255, 129, 0, 0, 219, 0, 0, 1, 0, 255, 0, 0, 255, 38, 252, 0, 64};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 8u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 4 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 24);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static void mt4(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static uint32_t tl2(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc2(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 1u)
        return tl2(x * 3u + 1u);
    return tc2(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg2(uint32_t x, uint32_t d)
{
    return d > 6 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 52647u;
    _Bool b1 = (((int16_t)(b + a)) != ((int16_t)(c ^ c)));
    _Bool b2 = (((int16_t)c) == ((int16_t)(a ^ c)));
    if ((b1 && b2) || !(b1 || b2)) r += 932u; else r ^= 468u;
    uint8_t x3 = ((uint8_t)(b + c)), y4 = ((uint8_t)(b >> 8));
    r += (uint32_t)(x3 < y4 ? x3 : y4);
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    uint8_t x6 = ((uint8_t)a);
    uint8_t x7 = ((uint8_t)(a >> 23));
    uint8_t x8 = ((uint8_t)(c ^ b));
    uint8_t v5 = x6;
    v5 = (v5 <= ((uint8_t)0UL)) ? ((uint8_t)1UL) : v5;
    v5 = (v5 > ((uint8_t)156UL)) ? x6 : v5;
    v5 = (x8 == x7) ? ((uint8_t)255UL) : v5;
    v5 = (x8 != ((uint8_t)2UL)) ? v5 : x6;
    r += (uint32_t)v5;
    int64_t w9 = ((int64_t)((uint64_t)a << 18)), w10 = ((int64_t)(uint64_t)(int32_t)a);
    w9 = (int64_t)((uint64_t)w9 << (b & 63u));
    r += (uint32_t)w9 ^ (uint32_t)((uint64_t)w9 >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 65021u;
    r += tg1(a, c & 7u);
    int64_t x12 = ((int64_t)((uint64_t)b << 32 | c));
    int64_t x13 = ((int64_t)(uint64_t)b);
    int64_t x14 = ((int64_t)(uint64_t)(int32_t)a);
    int64_t v11 = x12;
    v11 = (x12 < x14) ? v11 : x14;
    v11 = (x12 > x14) ? v11 : (int64_t)((uint64_t)v11 + (uint64_t)x12);
    v11 = (x12 >= ((int64_t)(-9223372036854775807LL - 1))) ? ((int64_t)9223372036854775806LL) : v11;
    v11 = (x14 < x13) ? v11 : ((int64_t)32768LL);
    v11 = (x12 < (x12 ^ 1)) ? v11 : x13;
    r += (uint32_t)v11 ^ (uint32_t)((uint64_t)v11 >> 32);
    int32_t o15;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((int32_t)a), ((int32_t)32768UL), &o15) + (uint32_t)o15;
    int16_t x16 = ((int16_t)a);
    x16 = x16 > 236 ? 236 : x16 < -300 ? -300 : x16;
    r = r * 7u + (uint32_t)x16;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 47218u;
    { unsigned char d[64] = {0}; mt2(d, pool, a); r += d[8] + d[3]; }
    for (uint32_t i17 = 0; i17 < (c & 15u); i17++) {
        int8_t s18 = ((int8_t)(c + b));
        { int32_t z = (int32_t)s18 + (int32_t)((int8_t)(a ^ a)); s18 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        s18 = s18 > 83 ? 83 : s18 < -83 ? -83 : s18;
        { int32_t z = (int32_t)s18 - (int32_t)((int8_t)(i17 >> 13)); s18 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        r ^= (uint32_t)s18;
    }
    { unsigned char d[64] = {0}; mt3(d, pool, b); r += d[8] + d[3]; }
    uint32_t sw19 = a;
    switch (sw19 % 7u) { case 0: r += 4923u; break; case 1: r += 41u; break; case 2: r += 9564u; break; case 3: r += 3757u; break; case 4: r += 2278u; break; case 5: r += 4758u; break; default: r ^= 7u; }
    int16_t s20 = ((int16_t)(c + b));
    { int32_t z = (int32_t)s20 - (int32_t)((int16_t)(a >> 13)); s20 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s20 = s20 > 5455 ? 5455 : s20 < -5455 ? -5455 : s20;
    { int32_t z = (int32_t)s20 - (int32_t)((int16_t)(b >> 31)); s20 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s20 + (int32_t)((int16_t)(b ^ b)); s20 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s20 = s20 > 17573 ? 17573 : s20 < -17573 ? -17573 : s20;
    { int32_t z = (int32_t)s20 + (int32_t)((int16_t)(c ^ c)); s20 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s20 = s20 > 6272 ? 6272 : s20 < -6272 ? -6272 : s20;
    { int32_t z = (int32_t)s20 + (int32_t)((int16_t)(b ^ c)); s20 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s20 = s20 > 9976 ? 9976 : s20 < -9976 ? -9976 : s20;
    { int32_t z = (int32_t)s20 + (int32_t)((int16_t)a); s20 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    r ^= (uint32_t)s20;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 38753u;
    int16_t s21 = ((int16_t)c);
    { int32_t z = (int32_t)s21 - (int32_t)((int16_t)(b >> 12)); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s21 + (int32_t)((int16_t)(a ^ c)); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s21 + (int32_t)((int16_t)(b ^ a)); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s21 = s21 > 1392 ? 1392 : s21 < -1392 ? -1392 : s21;
    { int32_t z = (int32_t)s21 + (int32_t)((int16_t)b); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s21 + (int32_t)((int16_t)(c >> 9)); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s21 + (int32_t)((int16_t)(b ^ a)); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s21 + (int32_t)((int16_t)(a + b)); s21 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s21 = s21 > 11642 ? 11642 : s21 < -11642 ? -11642 : s21;
    r ^= (uint32_t)s21;
    uint64_t x22 = ((uint64_t)((uint64_t)c << 5)), y23 = ((uint64_t)(uint64_t)b);
    r = r * 31u + (uint32_t)((x22 <= ((uint64_t)0ULL)) ? x22 : (uint64_t)(x22 ^ y23));
    r ^= (uint32_t)((uint64_t)((x22 >= y23) ? x22 : y23) >> 32);
    uint8_t x24 = ((uint8_t)(a + c)), y25 = ((uint8_t)0UL);
    r = r * 31u + (uint32_t)((x24 <= y25) ? x24 : y25);
    { unsigned char d[64] = {0}; mt4(d, pool, c); r += d[8] + d[3]; }
    _Bool b26 = (((uint16_t)(b ^ c)) <= ((uint16_t)(b ^ a)));
    _Bool b27 = (((uint16_t)(a >> 4)) > ((uint16_t)65436UL));
    _Bool b28 = (((uint16_t)(c + a)) < ((uint16_t)0UL));
    _Bool b29 = (((uint16_t)a) < ((uint16_t)32768UL));
    r = r * 3u + (((b26 && b27 && b28 && b29) || !(b26 || b27 || b28 || b29)) ? 45u : 45u);
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23941u;
    uint16_t x30 = ((uint16_t)(a ^ b)), y31 = ((uint16_t)(a + b));
    r += (uint32_t)(x30 > y31 ? x30 : y31);
    uint64_t fa32 = 0x7FF8000000000001ULL, fb33 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa32 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb33 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa32 & 0x0008000000000000ULL), bs = bn && !(fb33 & 0x0008000000000000ULL);
      uint64_t z = as ? fb33 : bs ? fa32 : an ? fa32 : bn ? fb33 : fa32 ^ fb33;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int32_t x34 = ((int32_t)a);
    x34 = x34 > 178 ? 178 : x34 < -51 ? -51 : x34;
    r = r * 7u + (uint32_t)x34;
    uint32_t sw35 = c;
    switch (sw35 % 4u) { case 0: r += 2346u; break; case 1: r += 2379u; break; case 2: r += 1856u; break; default: r ^= 7u; }
    return r;
}

static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 21507u;
    r += tg2(c, b & 7u);
    int64_t x36 = ((int64_t)((uint64_t)a << 32 | c));
    x36 = (uint64_t)x36 > 255u ? (x36 > -1 ? 255 : 0) : x36;
    r += (uint32_t)x36;
    uint32_t o37;
    if (__builtin_add_overflow(((uint32_t)(b >> 7)), ((uint32_t)3190800641UL), &o37)) r += 620u; else r ^= (uint32_t)o37;
    _Bool inv38 = (c & 16u) != 0;
    _Bool res39 = (((int8_t)(a + c)) != ((int8_t)(-126L - 1)));
    res39 = inv38 ? !res39 : res39;
    if (res39 | (((int8_t)(b + c)) < 1)) r += 56u;
    else r = r * 5u + 1u;
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 32246u;
    uint64_t x40 = ((uint64_t)(uint64_t)(int32_t)b), y41 = ((uint64_t)18446744073709551615ULL);
    r = r * 31u + (uint32_t)((x40 == y41) ? (uint64_t)((uint64_t)x40 + 1u) : ((uint64_t)0ULL));
    r ^= (uint32_t)((uint64_t)((x40 <= y41) ? x40 : y41) >> 32);
    int32_t x42 = ((int32_t)b);
    x42 = x42 > 103 ? 103 : x42 < -62 ? -62 : x42;
    r = r * 7u + (uint32_t)x42;
    _Bool b43 = (((uint8_t)c) > ((uint8_t)(b >> 18)));
    _Bool b44 = (((uint8_t)(c + a)) > ((uint8_t)2UL));
    r = r * 3u + (((b43 && b44) || !(b43 || b44)) ? 4u : 65u);
    return r;
}

__attribute__((noinline)) static uint32_t f7(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 39053u;
    _Bool inv45 = (a & 16u) != 0;
    _Bool res46 = (((int64_t)(uint64_t)c) >= ((int64_t)7LL));
    res46 = inv45 ? !res46 : res46;
    if (res46 | (((int64_t)((uint64_t)b << 32 | b)) < 1)) r += 16u;
    else r = r * 5u + 1u;
    _Bool b47 = (((int64_t)(uint64_t)c) > ((int64_t)((uint64_t)a << 32 | c)));
    _Bool b48 = (((int64_t)((uint64_t)c * 0x9E3779B9u)) > ((int64_t)((uint64_t)c << 32 | a)));
    _Bool b49 = (((int64_t)(uint64_t)(int32_t)b) < ((int64_t)(-0LL - 1)));
    _Bool b50 = (((int64_t)((uint64_t)a * 0x9E3779B9u)) >= (((int64_t)((uint64_t)a * 0x9E3779B9u)) ^ 1));
    r = r * 3u + ((b47 | !b48 | b49 | b50) ? 70u : 8u);
    int64_t w51 = ((int64_t)((uint64_t)a * 0x9E3779B9u)), w52 = ((int64_t)(uint64_t)b);
    int16_t h53 = (int16_t)a;
    r += (int64_t)h53 >= (int64_t)((w51 <= w52) != 0) ? 1u : 0x100u;
    if (w51 > ((int64_t)(-9223372036854775807LL - 1))) r += 3u; else r ^= 0x750fu;
    int32_t s54 = ((int32_t)c);
    { int64_t z = (int64_t)s54 + (int64_t)((int32_t)(b >> 10)); s54 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s54 = s54 > 18371 ? 18371 : s54 < -18371 ? -18371 : s54;
    { int64_t z = (int64_t)s54 + (int64_t)((int32_t)b); s54 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s54 + (int64_t)((int32_t)(b >> 12)); s54 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s54 + (int64_t)((int32_t)(a + a)); s54 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s54 = s54 > 11033 ? 11033 : s54 < -11033 ? -11033 : s54;
    { int64_t z = (int64_t)s54 + (int64_t)((int32_t)(c + c)); s54 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s54 = s54 > 7371 ? 7371 : s54 < -7371 ? -7371 : s54;
    { int64_t z = (int64_t)s54 + (int64_t)((int32_t)c); s54 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s54;
    int16_t x55 = ((int16_t)(c + b)), y56 = ((int16_t)256UL);
    r = r * 31u + (uint32_t)((x55 > ((int16_t)32767UL)) ? (int16_t)((uint64_t)x55 + 1u) : (int16_t)((uint64_t)x55 + 1u));
    return r;
}

int main(void)
{
    uint32_t s = 587059808u, h = 0x811c9dc5u;
    for (int i = 0; i < 95; i++) {
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
        h = (h ^ f7(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
