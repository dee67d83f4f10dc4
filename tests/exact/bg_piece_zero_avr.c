/* tests/exact: benchmarks/accuracy/branchgen's program seed 73010, target avr (issue 27), kept as generated (the routines every branchgen program carries in bg_memory.h and bg_bend.h).
 * f3: "x ? 256 : v" on i32, made a 16-bit piece per branch: one arm zeroes the low half
 * ("mov r9, r1; mov r8, r1": v's low half is known zero), the other loads 256's. The old
 * binary found the arm's 0 among 256's pieces (its high half) and named it the first
 * value: 2 for simavr's 43, marked exact (lower_selects.c arm_sense).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {54, 1, 0, 0, 0, 1, 255, 0, 0, 255, 255, 1, 1, 0, 1, 1, 169, 1, 1, 255, 255, 0, 1, 0, 0, 1, 122, 0, 1, 1, 216, 0, 16, 255, 0, 0, 255, 0, 255, 1, 1, 255, 0, 0, 0, 255, 255, 0, 0, 113, 0, 0, 0, 101, 255, 0, 255, 0, 255, 0, 116, 22, 0, 138, 1, 0, 41, 255, 255, 123, 0, 1, 0, 37, 0, 255, 1, 1, 255, 1, 255, 0, 0, 255, 29, 0, 0, 0, 0, 1, 0, 235, 1, 255, 0, 1, 1, 187, 1, 255, 185, 67, 255, 1, 1, 0, 1, 255, 0, 255, 0, 1, 132, 1, 255, 0, 255, 255, 1, 0, 247, 255, 1, 0, 1, 1, 1, 0};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 24);
}

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
    return d > 5 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 12081u;
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    _Bool b1 = (((int16_t)b) >= ((int16_t)32767UL));
    _Bool b2 = (((int16_t)(c ^ b)) >= ((int16_t)100UL));
    _Bool b3 = (((int16_t)a) < ((int16_t)32767UL));
    r = r * 3u + ((b1 ^ b2 ^ b3) ? 26u : 58u);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 13368u;
    int16_t x4 = ((int16_t)c);
    x4 = x4 > 224 ? 224 : x4 < -250 ? -250 : x4;
    r = r * 7u + (uint32_t)x4;
    int64_t x5 = ((int64_t)(uint64_t)b), y6 = ((int64_t)((uint64_t)a << 23));
    r += (uint32_t)(x5 < y6 ? x5 : y6);
    int16_t x7 = ((int16_t)(b ^ b)), y8 = ((int16_t)(c ^ c));
    r = r * 31u + (uint32_t)((x7 < y8) ? (int16_t)((uint64_t)x7 + 1u) : x7);
    _Bool b9 = (((uint16_t)(c >> 18)) > ((uint16_t)100UL));
    _Bool b10 = (((uint16_t)(a >> 4)) > ((uint16_t)1UL));
    if (b9 ^ b10) r += 795u; else r ^= 398u;
    uint64_t fa11 = 0x7FF0000000000000ULL, fb12 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa11 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb12 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa11 & 0x0008000000000000ULL), bs = bn && !(fb12 & 0x0008000000000000ULL);
      uint64_t z = as ? fb12 : bs ? fa11 : an ? fa11 : bn ? fb12 : fa11 ^ fb12;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 19231u;
    int32_t x13 = ((int32_t)(c + c));
    x13 = x13 > 59 ? 59 : x13 < -177 ? -177 : x13;
    r = r * 7u + (uint32_t)x13;
    int32_t x15 = ((int32_t)(c + b));
    int32_t x16 = ((int32_t)(a >> 19));
    int32_t x17 = ((int32_t)(a >> 30));
    int32_t v14 = x17;
    v14 = (x15 >= x17) ? v14 : x15;
    v14 = (v14 >= x15) ? v14 : x17;
    v14 = (v14 != x17) ? v14 : ((int32_t)(-2147483646L - 1));
    v14 = (v14 != x17) ? x15 : v14;
    v14 = (x16 == (x16 ^ 1)) ? (int32_t)((uint64_t)v14 + (uint64_t)x16) : v14;
    v14 = (v14 < x16) ? v14 : x16;
    r += (uint32_t)v14;
    for (uint32_t i18 = 0; i18 < (b & 15u); i18++) {
        int64_t w19 = ((int64_t)(uint64_t)(int32_t)b), w20 = ((int64_t)255LL);
        r = r * 17u + (uint32_t)((w19 > w20) ? w19 : w20);
        if (w19 <= ((int64_t)32767LL)) r += 3u; else r ^= 0x3303u;
        if (w19 >= ((int64_t)(-9223372036854775806LL - 1))) r += 3u; else r ^= 0x99fu;
    }
    unsigned char m21[8], m22[8];
    memcpy(m21, pool + (c & 63u), 8);
    memcpy(m22, pool + 60, 8);
    if (a & 3u) memset(m22, (int)(c & 255u), 2);
    else memcpy(m22, m21, 8);
    if (memcmp(m21, m22, 8) == 0 && memcmp(m21, pool + 52, 8) == 0) r ^= 0x55u;
    for (int i = 0; i < 8; i++) r = r * 3u + m21[i];
    uint64_t w23 = ((uint64_t)((uint64_t)b << 32 | a)), w24 = ((uint64_t)((uint64_t)b << 32 | c));
    w23 = (uint64_t)((uint64_t)w23 >> (c % 48u));
    r += (uint32_t)w23 ^ (uint32_t)((uint64_t)w23 >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 18582u;
    int64_t w25 = ((int64_t)((uint64_t)c * 0x9E3779B9u)), w26 = ((int64_t)((uint64_t)c << 32 | b));
    if (w25 <= w26) r += 3u; else r ^= 0x7f01u;
    r += tg1(b, b & 7u);
    int8_t s27 = ((int8_t)(a + b));
    { int32_t z = (int32_t)s27 - (int32_t)((int8_t)(c ^ a)); s27 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s27 + (int32_t)((int8_t)(c >> 3)); s27 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s27 = s27 > 8 ? 8 : s27 < -8 ? -8 : s27;
    { int32_t z = (int32_t)s27 - (int32_t)((int8_t)(b >> 1)); s27 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s27 + (int32_t)((int8_t)a); s27 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s27 + (int32_t)((int8_t)a); s27 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    r ^= (uint32_t)s27;
    unsigned char m28[7], m29[7];
    memcpy(m28, pool + (a & 63u), 7);
    memcpy(m29, pool + 18, 7);
    if (b & 3u) memset(m29, (int)(b & 255u), 4);
    else memcpy(m29, m28, 7);
    if (memcmp(m28, m29, 7) == 0 && memcmp(m28, pool + 54, 7) == 0) r ^= 0x55u;
    for (int i = 0; i < 7; i++) r = r * 3u + m28[i];
    int64_t w30 = ((int64_t)((uint64_t)b << 28)), w31 = ((int64_t)256LL);
    r ^= (uint32_t)(w30 == ((int64_t)1LL)) << 3 | (uint32_t)(w31 < ((int64_t)(-9223372036854775807LL - 1)));
    r = r * 17u + (uint32_t)((w30 > w31) ? w30 : w31);
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 30111u;
    _Bool b32 = (((int16_t)(c + b)) >= ((int16_t)a));
    _Bool b33 = (((int16_t)a) <= ((int16_t)0UL));
    if ((b32 && b33) || !(b32 || b33)) r += 232u; else r ^= 807u;
    uint32_t sw34 = b;
    switch (sw34 % 6u) { case 0: r += 1512u; break; case 1: r += 4847u; break; case 2: r += 2939u; break; case 3: r += 8567u; break; case 4: r += 2647u; break; default: r ^= 7u; }
    _Bool b35 = (((int16_t)(b >> 29)) == ((int16_t)(-32766L - 1)));
    _Bool b36 = (((int16_t)a) > ((int16_t)(c >> 31)));
    if ((b35) && !(b36)) r += 939u; else r ^= 959u;
    int8_t x37 = ((int8_t)(c + a)), y38 = ((int8_t)(a >> 21));
    r += (uint32_t)(x37 > y38 ? x37 : y38);
    uint32_t o39;
    r = r * 9u + (uint32_t)__builtin_sub_overflow(((uint32_t)c), ((uint32_t)a), &o39) + (uint32_t)o39;
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14400u;
    uint32_t sw40 = c;
    switch (sw40 % 6u) { case 0: r += 1259u; break; case 1: r += 6448u; break; case 2: r += 4040u; break; case 3: r += 5712u; break; default: r ^= 7u; }
    uint32_t sw41 = c;
    switch (sw41 & 15u) { case 0: r = r * 5u + (sw41 >> 3);  case 1: r = r * 40u + (sw41 >> 3);  case 2: r = r * 32u + (sw41 >> 7); break; case 3: r = r * 27u + (sw41 >> 6); break; case 4: r = r * 37u + (sw41 >> 2);  case 5: r = r * 36u + (sw41 >> 0); break; case 6: r = r * 14u + (sw41 >> 3);  case 7: r = r * 32u + (sw41 >> 1); break; case 8: r = r * 20u + (sw41 >> 4); break; default: r -= 1u; }
    uint64_t fa42 = 0x7FF8000000000001ULL, fb43 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa42 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb43 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa42 & 0x0008000000000000ULL), bs = bn && !(fb43 & 0x0008000000000000ULL);
      uint64_t z = as ? fb43 : bs ? fa42 : an ? fa42 : bn ? fb43 : fa42 ^ fb43;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

int main(void)
{
    uint32_t s = 2375255092u, h = 0x811c9dc5u;
    for (int i = 0; i < 45; i++) {
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
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
