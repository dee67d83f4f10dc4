/* tests/exact: benchmarks/accuracy/branchgen's program seed 72043, target avr (issue 27), kept as generated (the routines every branchgen program carries in bg_memory.h and bg_bend.h).
 * f4: sadd.sat.i16 whose two sides both copy the bound MIN ("movw r26, r8", kept for a later
 * use), the side that saturates also computing (sum >> 15) ^ MIN into r16:r17, where the
 * other side leaves the sum. The old binary took the plain copy of the bound for the side
 * that makes it: 6 for simavr's 50, marked exact (lower_selects.c saturation_sense).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {248, 0, 0, 255, 0, 1, 0, 255, 1, 72, 155, 255, 186, 0, 255, 255, 255, 255, 0, 255, 0, 1, 0, 101, 20, 255, 1, 1, 1, 0, 49, 255, 129, 1, 0, 255, 0, 28, 1, 1, 8, 1, 0, 1, 1, 0, 95, 1, 1, 1, 255, 255, 255, 0, 255, 0, 78, 72, 1, 0, 1, 1, 255, 45, 255, 255, 0, 255, 134, 255, 0, 1, 0, 0, 192, 0, 0, 5, 1, 96, 1, 0, 1, 0, 255, 0, 0, 1, 161, 1, 0, 255, 0, 0, 52, 0, 0, 0, 43, 254, 255, 0, 0, 1, 255, 1, 0, 0, 0, 7, 165, 1, 0, 255, 0, 0, 91, 255, 233, 0, 56, 0, 0, 181, 111, 255, 0, 1};

#include "bg_bend.h"

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
    return d > 4 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static uint32_t tl2(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc2(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 2u)
        return tl2(x * 3u + 1u);
    return tc2(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg2(uint32_t x, uint32_t d)
{
    return d > 4 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 56247u;
    unsigned char m1[16], m2[16];
    memcpy(m1, pool + (a & 63u), 16);
    memcpy(m2, pool + 48, 16);
    if (c & 3u) memset(m2, (int)(b & 255u), 16);
    else memcpy(m2, m1, 16);
    if (memcmp(m1, m2, 16) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 16; i++) r = r * 3u + m1[i];
    r += tg1(a, b & 7u);
    uint8_t x3 = ((uint8_t)b), y4 = ((uint8_t)(c + c));
    r += (uint32_t)(x3 < y4 ? x3 : y4);
    int8_t o5;
    if (__builtin_add_overflow(((int8_t)(c ^ a)), ((int8_t)b), &o5)) r += 632u; else r ^= (uint32_t)o5;
    _Bool inv6 = (a & 2u) != 0;
    _Bool res7 = (((int8_t)a) > ((int8_t)(-1L - 1)));
    res7 = inv6 ? !res7 : res7;
    if (res7 | (((int8_t)c) < 1)) r += 98u;
    else r = r * 5u + 1u;
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 15771u;
    int32_t o8;
    if (__builtin_sub_overflow(((int32_t)(c >> 30)), ((int32_t)(-99L - 1)), &o8)) r += 508u; else r ^= (uint32_t)o8;
    uint64_t x10 = ((uint64_t)(uint64_t)b);
    uint64_t x11 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    uint64_t x12 = ((uint64_t)((uint64_t)a << 15));
    uint64_t v9 = x10;
    v9 = (x11 == x12) ? v9 : (uint64_t)((uint64_t)v9 + (uint64_t)x12);
    v9 = (x11 >= (x11 ^ 1)) ? (uint64_t)((uint64_t)v9 + (uint64_t)x12) : v9;
    v9 = (x11 <= ((uint64_t)255ULL)) ? v9 : x11;
    v9 = (x11 < (x11 ^ 1)) ? ((uint64_t)100ULL) : v9;
    v9 = (x11 > ((uint64_t)1000ULL)) ? (uint64_t)((uint64_t)v9 + (uint64_t)x11) : v9;
    v9 = (x12 == ((uint64_t)256ULL)) ? v9 : (uint64_t)((uint64_t)v9 + (uint64_t)x11);
    r += (uint32_t)v9 ^ (uint32_t)((uint64_t)v9 >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 12490u;
    uint32_t sw13 = a;
    switch (sw13 % 5001u) { case 62: r += 5u; break; case 256: r += 73u; break; case 936: r += 28u; break; case 1948: r += 72u; break; case 2878: r += 6u; break; case 3831: r += 77u; break; case 3972: r += 88u; break; case 4366: r += 6u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw13; }
    { unsigned char d[64] = {0}; mt1(d, pool, c); r += d[8] + d[3]; }
    _Bool inv14 = (a & 32u) != 0;
    _Bool res15 = (((int8_t)(b ^ b)) > ((int8_t)127UL));
    res15 = inv14 ? !res15 : res15;
    if (res15 | (((int8_t)(c ^ a)) < 1)) r += 66u;
    else r = r * 5u + 1u;
    uint64_t w16 = ((uint64_t)((uint64_t)c << 29)), w17 = ((uint64_t)18446744073709551614ULL);
    int16_t h18 = (int16_t)a;
    r += (int64_t)h18 >= (int64_t)((w16 <= w17) != 0) ? 1u : 0x100u;
    r = r * 17u + (uint32_t)((w16 > w17) ? w16 : w17);
    w16 = (uint64_t)((uint64_t)w16 << 32);
    r += (uint32_t)w16 ^ (uint32_t)((uint64_t)w16 >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 65214u;
    uint32_t s19 = ((uint32_t)(a ^ a));
    { uint32_t y_ = ((uint32_t)(c + c)); s19 = s19 > y_ ? (uint32_t)(s19 - y_) : 0; }
    { uint32_t y_ = ((uint32_t)(b ^ c)); s19 = s19 > y_ ? (uint32_t)(s19 - y_) : 0; }
    { uint32_t z = (uint32_t)(s19 + ((uint32_t)b)); s19 = z < s19 ? (uint32_t)4294967295ULL : z; }
    { uint32_t z = (uint32_t)(s19 + ((uint32_t)(c >> 16))); s19 = z < s19 ? (uint32_t)4294967295ULL : z; }
    { uint32_t y_ = ((uint32_t)(b + b)); s19 = s19 > y_ ? (uint32_t)(s19 - y_) : 0; }
    s19 = s19 > 5641 ? 5641 : s19 < 0 ? 0 : s19;
    { uint32_t z = (uint32_t)(s19 + ((uint32_t)b)); s19 = z < s19 ? (uint32_t)4294967295ULL : z; }
    s19 = s19 > 19529 ? 19529 : s19 < 0 ? 0 : s19;
    r ^= (uint32_t)s19;
    _Bool b20 = (((uint16_t)(c + a)) <= ((uint16_t)27072UL));
    _Bool b21 = (((uint16_t)c) == ((uint16_t)256UL));
    _Bool b22 = (((uint16_t)(b >> 25)) != ((uint16_t)255UL));
    _Bool b23 = (((uint16_t)c) >= ((uint16_t)b));
    if ((b20 && b21 && b22 && b23) || !(b20 || b21 || b22 || b23)) r += 810u; else r ^= 610u;
    for (uint32_t i24 = 0; i24 < (b & 3u); i24++) {
        uint16_t o25;
        if (__builtin_sub_overflow(((uint16_t)(c >> 30)), ((uint16_t)65436UL), &o25)) r += 491u; else r ^= (uint32_t)o25;
    }
    for (uint32_t i26 = 0; i26 < (c & 15u); i26++) {
        uint32_t sw27 = a;
        switch (sw27 % 5001u) { case 2925: r += 4u; break; case 3087: r += 43u; break; case 3170: r += 30u; break; case 4536: r += 14u; break; case 4595: r += 55u; break; case 4793: r += 60u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw27; }
    }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 46418u;
    r += tg2(a, b & 7u);
    int16_t s28 = ((int16_t)(c ^ b));
    { int32_t z = (int32_t)s28 - (int32_t)((int16_t)(a ^ b)); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s28 = s28 > 13692 ? 13692 : s28 < -13692 ? -13692 : s28;
    { int32_t z = (int32_t)s28 + (int32_t)((int16_t)c); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s28 = s28 > 13816 ? 13816 : s28 < -13816 ? -13816 : s28;
    { int32_t z = (int32_t)s28 - (int32_t)((int16_t)(b >> 20)); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s28 + (int32_t)((int16_t)(a ^ c)); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s28 + (int32_t)((int16_t)b); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s28 = s28 > 19058 ? 19058 : s28 < -19058 ? -19058 : s28;
    { int32_t z = (int32_t)s28 + (int32_t)((int16_t)(a >> 28)); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s28 = s28 > 4105 ? 4105 : s28 < -4105 ? -4105 : s28;
    { int32_t z = (int32_t)s28 - (int32_t)((int16_t)(b ^ c)); s28 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    r ^= (uint32_t)s28;
    return r;
}

int main(void)
{
    uint32_t s = 1131888799u, h = 0x811c9dc5u;
    for (int i = 0; i < 56; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
        h = (h ^ f1(a, b, c)) * 0x01000193u;
        h = (h ^ f2(a, b, c)) * 0x01000193u;
        h = (h ^ f3(a, b, c)) * 0x01000193u;
        h = (h ^ f4(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
