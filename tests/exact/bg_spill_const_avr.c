/* tests/exact: benchmarks/accuracy/branchgen's program seed 80020, target avr (issue 27), kept as
 * generated. f4's `select(c > a, hi(c * K), 0)`: the boolean `c > a` is kept in r9 across a call
 * and tested "cpi r31, 0; brne" on a copy, over an arm "ldi r16, 0; ldi r17, 0; std Y+2, r17;
 * std Y+1, r16" that loads the zero piece and spills it. The branch's sense is not read from a
 * boolean, the arm is no single constant (the stores), so the old binary's last resort took the
 * arm for the single-use operand computed there: 25 for simavr's 27, three selects, marked
 * exact. Now an arm that only loads immediates and stores computes no value: either (estimate).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {99, 255, 255, 0, 1, 13, 0, 1, 0, 144, 0, 255, 0, 255, 0, 0, 0, 0, 0, 0, 0, 255, 140, 0, 0, 255, 0, 255, 31, 255, 0, 255, 230, 255, 255, 0, 0, 255, 0, 1, 0, 255, 255, 255, 4, 0, 0, 212, 255, 1, 255, 1, 0, 0, 246, 180, 0, 255, 0, 1, 0, 255, 0, 0, 0, 180, 0, 0, 205, 0, 1, 172, 19, 2, 255, 0, 0, 255, 0, 1, 1, 0, 0, 1, 255, 0, 0, 1, 1, 1, 1, 244, 115, 0, 202, 0, 201, 1, 0, 0, 4, 1, 0, 0, 0, 0, 255, 133, 1, 0, 219, 0, 182, 0, 1, 0, 255, 1, 0, 0, 0, 0, 255, 104, 0, 185, 0, 255};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
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
    if (x & 4u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 5 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 43599u;
    int32_t x1 = ((int32_t)(b >> 7)), y2 = ((int32_t)2147483647UL);
    r = r * 31u + (uint32_t)((x1 > y2) ? y2 : (int32_t)(x1 ^ y2));
    uint64_t fa3 = 0x7FF8000000000001ULL, fb4 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa3 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb4 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa3 & 0x0008000000000000ULL), bs = bn && !(fb4 & 0x0008000000000000ULL);
      uint64_t z = as ? fb4 : bs ? fa3 : an ? fa3 : bn ? fb4 : fa3 ^ fb4;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 10251u;
    uint64_t x6 = ((uint64_t)((uint64_t)b << 38));
    uint64_t x7 = ((uint64_t)(uint64_t)a);
    uint64_t x8 = ((uint64_t)(uint64_t)(int32_t)b);
    uint64_t v5 = x7;
    v5 = (x7 != x8) ? v5 : (uint64_t)((uint64_t)v5 + (uint64_t)x7);
    v5 = (x8 >= x7) ? v5 : x6;
    r += (uint32_t)v5 ^ (uint32_t)((uint64_t)v5 >> 32);
    _Bool inv9 = (c & 32u) != 0;
    _Bool res10 = (((int32_t)(a ^ c)) == ((int32_t)2147483647UL));
    res10 = inv9 ? !res10 : res10;
    if (res10 | (((int32_t)(b >> 18)) < 1)) r += 95u;
    else r = r * 5u + 1u;
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 58783u;
    int64_t w11 = ((int64_t)((uint64_t)a * 0x9E3779B9u)), w12 = ((int64_t)((uint64_t)a << 32 | c));
    r = r * 17u + (uint32_t)((w11 != w12) ? w11 : w12);
    w11 = (int64_t)((int64_t)w11 >> 32);
    r += (uint32_t)w11 ^ (uint32_t)((uint64_t)w11 >> 32);
    w11 = (int64_t)((uint64_t)w11 << 41);
    r += (uint32_t)w11 ^ (uint32_t)((uint64_t)w11 >> 32);
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 63182u;
    uint16_t x13 = ((uint16_t)(b >> 27)), y14 = ((uint16_t)b);
    r = r * 31u + (uint32_t)((x13 >= ((uint16_t)7UL)) ? (uint16_t)(x13 ^ y14) : y14);
    uint64_t x15 = ((uint64_t)((uint64_t)c << 14)), y16 = ((uint64_t)((uint64_t)b << 19));
    r = r * 31u + (uint32_t)((x15 != ((uint64_t)32768ULL)) ? ((uint64_t)0ULL) : (uint64_t)(x15 ^ y16));
    r ^= (uint32_t)((uint64_t)((x15 >= y16) ? x15 : y16) >> 32);
    uint32_t sw17 = b;
    switch (sw17 & 3u) { case 0: r = r * 34u + (sw17 >> 3); break; case 1: r = r * 31u + (sw17 >> 1); break; case 2: r = r * 26u + (sw17 >> 1); break; case 3: r = r * 40u + (sw17 >> 4); break; default: r -= 1u; }
    r += tg1(c, c & 7u);
    uint32_t sw18 = a;
    switch (sw18 & 7u) { case 0: r = r * 16u + (sw18 >> 2);  case 1: r = r * 5u + (sw18 >> 3); break; case 2: r = r * 14u + (sw18 >> 2);  case 3: r = r * 14u + (sw18 >> 3); break; case 4: r = r * 30u + (sw18 >> 3); break; case 5: r = r * 7u + (sw18 >> 0); break; case 6: r = r * 8u + (sw18 >> 6);  default: r -= 1u; }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 24725u;
    uint16_t s19 = ((uint16_t)c);
    { uint16_t z = (uint16_t)(s19 + ((uint16_t)(a ^ a))); s19 = z < s19 ? (uint16_t)65535ULL : z; }
    s19 = s19 > 2792 ? 2792 : s19 < 0 ? 0 : s19;
    r ^= (uint32_t)s19;
    int64_t w20 = ((int64_t)((uint64_t)c << 28)), w21 = ((int64_t)1LL);
    w20 = (int64_t)((uint64_t)w20 << 23);
    r += (uint32_t)w20 ^ (uint32_t)((uint64_t)w20 >> 32);
    r ^= (uint32_t)(w20 == ((int64_t)(-9223372036854775806LL - 1))) << 3 | (uint32_t)(w21 < ((int64_t)2LL));
    uint64_t x23 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    uint64_t x24 = ((uint64_t)(uint64_t)b);
    uint64_t x25 = ((uint64_t)((uint64_t)c * 0x9E3779B9u));
    uint64_t v22 = x25;
    v22 = (v22 > x23) ? v22 : x24;
    v22 = (x24 < (x24 ^ 1)) ? x23 : v22;
    r += (uint32_t)v22 ^ (uint32_t)((uint64_t)v22 >> 32);
    uint64_t fa26 = 0x7FF8000000000001ULL, fb27 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa26 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb27 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa26 & 0x0008000000000000ULL), bs = bn && !(fb27 & 0x0008000000000000ULL);
      uint64_t z = as ? fb27 : bs ? fa26 : an ? fa26 : bn ? fb27 : fa26 ^ fb27;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint32_t x28 = ((uint32_t)(b ^ b)), y29 = ((uint32_t)(a >> 15));
    r += (uint32_t)(x28 > y29 ? x28 : y29);
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51788u;
    int16_t x30 = ((int16_t)(c ^ a)), y31 = ((int16_t)(b >> 7));
    r += (uint32_t)(x30 < y31 ? x30 : y31);
    uint16_t x33 = ((uint16_t)(c >> 2));
    uint16_t x34 = ((uint16_t)(c >> 21));
    uint16_t x35 = ((uint16_t)(c + a));
    uint16_t v32 = x33;
    v32 = (x33 > ((uint16_t)65534UL)) ? x35 : v32;
    v32 = (x33 > x34) ? v32 : x34;
    v32 = (x35 > x34) ? v32 : x34;
    v32 = (v32 == ((uint16_t)1UL)) ? x35 : v32;
    v32 = (x35 != (x35 ^ 1)) ? v32 : x33;
    r += (uint32_t)v32;
    return r;
}

int main(void)
{
    uint32_t s = 936774009u, h = 0x811c9dc5u;
    for (int i = 0; i < 52; i++) {
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
