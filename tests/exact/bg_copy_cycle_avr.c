/* tests/exact: benchmarks/accuracy/branchgen's program seed 97131, target avr (issue 27), kept
 * as generated. lower_probes_paths.c followed a register's copies ("mov rA, rB") to the value
 * they copy; two registers copied into each other around a loop led it on without end (a stack
 * overflow, SIGSEGV, on branch s14-share-ppcavr before the fix): copies are followed a few deep.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {0, 255, 0, 0, 0, 0, 254, 0, 0, 1, 71, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 174, 0, 0, 0, 0, 255, 0, 255, 101, 255, 255, 156, 0, 1, 255, 0, 238, 255, 64, 255, 1, 1, 0, 0, 0, 0, 1, 155, 45, 255, 255, 0, 255, 255, 0, 197, 0, 255, 1, 28, 0, 0, 1, 1, 255, 0, 0, 1, 255, 0, 0, 0, 90, 253, 0, 255, 20, 59, 122, 1, 1, 243, 255, 255, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 223, 64, 1, 255, 0, 51, 255, 255, 0, 97, 1, 0, 1, 0, 0, 119, 0, 0};

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
    return d > 1 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 24);
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
    return d > 6 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 42128u;
    for (uint32_t i1 = 0; i1 < (a & 15u); i1++) {
        _Bool inv2 = (a & 2u) != 0;
        _Bool res3 = (((uint8_t)(b >> 5)) == ((uint8_t)1UL));
        res3 = inv2 ? !res3 : res3;
        if (res3 | (((int8_t)(b >> 10)) < 1)) r += 27u;
        else r = r * 5u + 1u;
    }
    unsigned char m4[7], m5[7];
    memcpy(m4, pool + (c & 63u), 7);
    memcpy(m5, pool + 25, 7);
    if (a & 3u) memset(m5, (int)(a & 255u), 7);
    else memcpy(m5, m4, 7);
    if (memcmp(m4, m5, 7) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 7; i++) r = r * 3u + m4[i];
    uint32_t x6 = ((uint32_t)(b >> 6)), y7 = ((uint32_t)65535UL);
    r = r * 31u + (uint32_t)((x6 > ((uint32_t)256UL)) ? y7 : x6);
    unsigned char m8[4], m9[4];
    memcpy(m8, pool + (c & 63u), 4);
    memcpy(m9, pool + 2, 4);
    if (a & 3u) memset(m9, (int)(c & 255u), 3);
    else memcpy(m9, m8, 4);
    r += (uint32_t)(memcmp(m8, m9, 4) < 0);
    for (int i = 0; i < 4; i++) r = r * 3u + m8[i];
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23444u;
    unsigned char m10[32], m11[32];
    memcpy(m10, pool + (c & 63u), 32);
    memcpy(m11, pool + 57, 32);
    if (memcmp(m10, m11, 32) == 0 && memcmp(m10, pool + 43, 32) == 0) r ^= 0x55u;
    for (int i = 0; i < 32; i++) r = r * 3u + m10[i];
    r += tg1(a, b & 7u);
    _Bool b12 = (((uint16_t)a) != ((uint16_t)0UL));
    _Bool b13 = (((uint16_t)(b ^ c)) != ((uint16_t)b));
    if (b12 ^ b13) r += 974u; else r ^= 312u;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 61865u;
    for (uint32_t i14 = 0; i14 < (c & 7u); i14++) {
        int16_t x15 = ((int16_t)i14), y16 = ((int16_t)(b >> 22));
        r += (uint32_t)(x15 > y16 ? x15 : y16);
    }
    { unsigned char d[64] = {0}; mt1(d, pool, a); r += d[8] + d[3]; }
    uint32_t sw17 = a;
    switch (sw17 % 7u) { case 0: r += 6135u; break; case 1: r += 9150u; break; case 2: r += 9012u; break; case 3: r += 7926u; break; case 4: r += 1708u; break; case 5: r += 1127u; break; default: r ^= 7u; }
    uint64_t x18 = ((uint64_t)(uint64_t)c), y19 = ((uint64_t)((uint64_t)a << 32 | c));
    r += (uint32_t)(x18 < y19 ? x18 : y19);
    uint16_t o20;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((uint16_t)a), ((uint16_t)(c >> 29)), &o20) + (uint32_t)o20;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8043u;
    int16_t x21 = ((int16_t)(a + c));
    x21 = x21 > 15 ? 15 : x21 < -276 ? -276 : x21;
    r = r * 7u + (uint32_t)x21;
    uint32_t sw22 = b;
    switch (sw22 % 11u) { case 0: r += 3212u; break; case 1: r += 1750u; break; case 2: r += 9791u; break; case 3: r += 9730u; break; case 4: r += 1141u; break; case 5: r += 5987u; break; case 6: r += 3224u; break; case 7: r += 129u; break; case 8: r += 1858u; break; case 9: r += 4866u; break; case 10: r += 9519u; break; default: r ^= 7u; }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 36600u;
    _Bool inv23 = (a & 16u) != 0;
    _Bool res24 = (((int64_t)((uint64_t)a << 32 | b)) > ((int64_t)65535LL));
    res24 = inv23 ? !res24 : res24;
    if (res24 | (((int64_t)(uint64_t)(int32_t)a) < 1)) r += 69u;
    else r = r * 5u + 1u;
    uint32_t s25 = ((uint32_t)a);
    { uint32_t y_ = ((uint32_t)b); s25 = s25 > y_ ? (uint32_t)(s25 - y_) : 0; }
    { uint32_t z = (uint32_t)(s25 + ((uint32_t)(c + c))); s25 = z < s25 ? (uint32_t)4294967295ULL : z; }
    s25 = s25 > 4658 ? 4658 : s25 < 0 ? 0 : s25;
    { uint32_t y_ = ((uint32_t)(a >> 9)); s25 = s25 > y_ ? (uint32_t)(s25 - y_) : 0; }
    s25 = s25 > 12447 ? 12447 : s25 < 0 ? 0 : s25;
    { uint32_t y_ = ((uint32_t)(a >> 23)); s25 = s25 > y_ ? (uint32_t)(s25 - y_) : 0; }
    r ^= (uint32_t)s25;
    uint16_t x26 = ((uint16_t)(a >> 4)), y27 = ((uint16_t)65436UL);
    r = r * 31u + (uint32_t)((x26 >= ((uint16_t)32768UL)) ? ((uint16_t)2UL) : x26);
    r += tg2(c, b & 7u);
    _Bool b28 = (((uint64_t)(uint64_t)(int32_t)a) > ((uint64_t)18446744073709551614ULL));
    _Bool b29 = (((uint64_t)((uint64_t)c << 21)) < ((uint64_t)((uint64_t)c << 32 | a)));
    _Bool b30 = (((uint64_t)((uint64_t)a << 32 | b)) == ((uint64_t)18446744073709551614ULL));
    r = r * 3u + (((b28 && b29 && b30) || !(b28 || b29 || b30)) ? 51u : 26u);
    return r;
}

int main(void)
{
    uint32_t s = 1603436101u, h = 0x811c9dc5u;
    for (int i = 0; i < 84; i++) {
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
