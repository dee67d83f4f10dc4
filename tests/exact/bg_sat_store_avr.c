/* tests/exact: benchmarks/accuracy/branchgen's program seed 72030, target avr (issue 27), kept as generated (the routines every branchgen program carries in bg_memory.h and bg_bend.h).
 * f3: uadd.sat.i16 whose value lives in the frame: the saturated value stored first, the
 * branch on the carry skipping "std Y+4, r31; std Y+3, r30", which stores the sum. The old
 * binary took an arm that does more than copy registers for the side that makes the
 * bound: 13 for simavr's 28, marked exact (lower_selects.c saturation_sense).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {1, 255, 1, 255, 0, 255, 1, 0, 197, 1, 255, 0, 255, 55, 221, 1, 131, 0, 0, 0, 75, 255, 1, 0, 88, 0, 0, 1, 255, 0, 0, 233, 255, 1, 0, 76, 0, 255, 0, 15, 87, 0, 0, 1, 106, 0, 255, 255, 75, 0, 41, 251, 0, 0, 1, 255, 0, 231, 0, 216, 0, 1, 255, 255, 226, 0, 0, 193, 255, 17, 255, 1, 148, 245, 255, 255, 1, 0, 1, 0, 1, 0, 1, 255, 1, 0, 32, 255, 0, 255, 0, 0, 1, 0, 50, 1, 1, 21, 0, 255, 255, 0, 80, 1, 0, 0, 1, 255, 255, 1, 0, 48, 212, 255, 1, 143, 110, 255, 0, 0, 1, 255, 255, 87, 0, 0, 255, 239};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 55577u;
    uint64_t x2 = ((uint64_t)((uint64_t)a << 32 | a));
    uint64_t x3 = ((uint64_t)((uint64_t)c << 32 | a));
    uint64_t x4 = ((uint64_t)(uint64_t)c);
    uint64_t v1 = x4;
    v1 = (v1 < ((uint64_t)1ULL)) ? v1 : x3;
    v1 = (x2 >= ((uint64_t)7ULL)) ? x3 : v1;
    v1 = (x3 >= ((uint64_t)1ULL)) ? v1 : (uint64_t)((uint64_t)v1 + (uint64_t)x4);
    r += (uint32_t)v1 ^ (uint32_t)((uint64_t)v1 >> 32);
    uint64_t fa5 = ((uint64_t)a << 32 | b), fb6 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa5 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb6 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa5 & 0x0008000000000000ULL), bs = bn && !(fb6 & 0x0008000000000000ULL);
      uint64_t z = as ? fb6 : bs ? fa5 : an ? fa5 : bn ? fb6 : fa5 ^ fb6;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int64_t w7 = ((int64_t)(uint64_t)(int32_t)c), w8 = ((int64_t)9223372036854775806LL);
    r = r * 17u + (uint32_t)((w7 != w8) ? w7 : w8);
    uint32_t sw9 = c;
    switch (sw9 & 15u) { case 0: r = r * 8u + (sw9 >> 2); break; case 1: r = r * 3u + (sw9 >> 2);  case 2: r = r * 10u + (sw9 >> 5); break; case 3: r = r * 16u + (sw9 >> 4); break; case 4: r = r * 30u + (sw9 >> 3);  case 5: r = r * 29u + (sw9 >> 1);  case 6: r = r * 19u + (sw9 >> 2); break; case 7: r = r * 34u + (sw9 >> 0); break; case 8: r = r * 10u + (sw9 >> 0);  case 9: r = r * 13u + (sw9 >> 2);  case 10: r = r * 19u + (sw9 >> 4); break; default: r -= 1u; }
    uint64_t o10;
    if (__builtin_sub_overflow(((uint64_t)(uint64_t)(int32_t)b), ((uint64_t)(uint64_t)(int32_t)b), &o10)) r += 602u; else r ^= (uint32_t)o10;
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 28668u;
    _Bool inv11 = (c & 32u) != 0;
    _Bool res12 = (((int16_t)c) < ((int16_t)7UL));
    res12 = inv11 ? !res12 : res12;
    if (res12 | (((int16_t)(c >> 22)) < 1)) r += 93u;
    else r = r * 5u + 1u;
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    uint64_t fa13 = 0x7FF8000000000001ULL, fb14 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa13 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb14 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa13 & 0x0008000000000000ULL), bs = bn && !(fb14 & 0x0008000000000000ULL);
      uint64_t z = as ? fb14 : bs ? fa13 : an ? fa13 : bn ? fb14 : fa13 ^ fb14;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    { unsigned char d[64] = {0}; mt1(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 63693u;
    int16_t x15 = ((int16_t)a), y16 = ((int16_t)32767UL);
    r = r * 31u + (uint32_t)((x15 < y16) ? (int16_t)(x15 ^ y16) : x15);
    int16_t o17;
    if (__builtin_sub_overflow(((int16_t)(a + a)), ((int16_t)(-32766L - 1)), &o17)) r += 688u; else r ^= (uint32_t)o17;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 4684u;
    { unsigned char d[64] = {0}; mt2(d, pool, c); r += d[8] + d[3]; }
    int32_t s18 = ((int32_t)(a + c));
    { int64_t z = (int64_t)s18 - (int64_t)((int32_t)(c >> 26)); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s18 + (int64_t)((int32_t)(b >> 1)); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s18 = s18 > 7374 ? 7374 : s18 < -7374 ? -7374 : s18;
    { int64_t z = (int64_t)s18 - (int64_t)((int32_t)c); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s18 - (int64_t)((int32_t)b); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s18 = s18 > 9446 ? 9446 : s18 < -9446 ? -9446 : s18;
    { int64_t z = (int64_t)s18 - (int64_t)((int32_t)c); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s18 = s18 > 8939 ? 8939 : s18 < -8939 ? -8939 : s18;
    { int64_t z = (int64_t)s18 - (int64_t)((int32_t)c); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s18 - (int64_t)((int32_t)(c ^ c)); s18 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s18;
    uint64_t fa19 = 0x7FF0000000000000ULL, fb20 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa19 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb20 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa19 & 0x0008000000000000ULL), bs = bn && !(fb20 & 0x0008000000000000ULL);
      uint64_t z = as ? fb20 : bs ? fa19 : an ? fa19 : bn ? fb20 : fa19 ^ fb20;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint16_t s21 = ((uint16_t)(a + b));
    { uint16_t y_ = ((uint16_t)(a >> 14)); s21 = s21 > y_ ? (uint16_t)(s21 - y_) : 0; }
    { uint16_t y_ = ((uint16_t)(c + b)); s21 = s21 > y_ ? (uint16_t)(s21 - y_) : 0; }
    { uint16_t z = (uint16_t)(s21 + ((uint16_t)(a + a))); s21 = z < s21 ? (uint16_t)65535ULL : z; }
    s21 = s21 > 18169 ? 18169 : s21 < 0 ? 0 : s21;
    { uint16_t z = (uint16_t)(s21 + ((uint16_t)(b ^ b))); s21 = z < s21 ? (uint16_t)65535ULL : z; }
    { uint16_t z = (uint16_t)(s21 + ((uint16_t)(a ^ c))); s21 = z < s21 ? (uint16_t)65535ULL : z; }
    { uint16_t y_ = ((uint16_t)(c ^ c)); s21 = s21 > y_ ? (uint16_t)(s21 - y_) : 0; }
    s21 = s21 > 5257 ? 5257 : s21 < 0 ? 0 : s21;
    { uint16_t z = (uint16_t)(s21 + ((uint16_t)(a >> 31))); s21 = z < s21 ? (uint16_t)65535ULL : z; }
    s21 = s21 > 3960 ? 3960 : s21 < 0 ? 0 : s21;
    r ^= (uint32_t)s21;
    uint16_t s22 = ((uint16_t)a);
    { uint16_t y_ = ((uint16_t)(b >> 22)); s22 = s22 > y_ ? (uint16_t)(s22 - y_) : 0; }
    r ^= (uint32_t)s22;
    return r;
}

int main(void)
{
    uint32_t s = 2206437981u, h = 0x811c9dc5u;
    for (int i = 0; i < 41; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
        h = (h ^ f1(a, b, c)) * 0x01000193u;
        h = (h ^ f2(a, b, c)) * 0x01000193u;
        h = (h ^ f3(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
