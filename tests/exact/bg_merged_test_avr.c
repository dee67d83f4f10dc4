/* tests/exact: benchmarks/accuracy/branchgen's program seed 79636, target avr (issue 27), kept as
 * generated. main's i1 `or` whose second test the back end merged with another IR block's
 * identical compare (the shape of merged_or_test.c inside a branchgen program): the old binary
 * put the first block's edges on the merged block's (78 taken for simavr's 5, marked exact).
 * Fixed by the rule of merged_or_test.c (lower_rules.c, same_test / merged_second_test).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

/* the module's own memory routines: llvm.mem* and the calls above reach these */
__attribute__((noinline)) void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}
__attribute__((noinline)) void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}
__attribute__((noinline)) int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}

static const unsigned char pool[128] = {0, 0, 255, 201, 0, 0, 255, 0, 1, 255, 0, 255, 0, 166, 0, 0, 255, 255, 0, 1, 0, 255, 0, 0, 0, 0, 0, 0, 0, 243, 0, 0, 1, 92, 0, 0, 1, 0, 0, 255, 255, 0, 134, 152, 0, 0, 255, 0, 0, 1, 139, 1, 255, 255, 0, 255, 255, 255, 1, 1, 1, 255, 255, 0, 255, 0, 255, 1, 1, 207, 1, 255, 0, 169, 36, 1, 134, 1, 0, 0, 83, 0, 1, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 1, 255, 1, 1, 25, 0, 255, 14, 0, 255, 0, 0, 0, 213, 255, 1, 1, 1, 161, 255, 0, 255, 45, 0, 84, 1, 0, 0, 0, 1, 255, 14, 0, 0, 12};

/* an input bent to a boundary value by its low bits */
__attribute__((noinline)) static uint32_t bend(uint32_t x, uint32_t k)
{
    switch (k % 18u) {
    case 0: return x;
    case 1: return x & 255u;
    case 2: return x & 511u;
    case 3: return (uint32_t)((int32_t)x >> 20);
    case 4: return x % 5u;
    case 5: return 0u;
    case 6: return 1u;
    case 7: return 0xFFFFFFFFu;
    case 8: return 0x7FFFFFFFu;
    case 9: return 0x80000000u;
    case 10: return 255u;
    case 11: return 256u;
    case 12: return 0xFFFFu;
    case 13: return 0x8000u;
    case 14: return 0x7FFFu;
    case 15: return x >> 28;
    case 16: return (uint32_t)-(int32_t)(x & 300u);
    default: return x | 0x80000000u;
    }
}

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 1u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 2 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 57923u;
    int32_t o1;
    if (__builtin_add_overflow(((int32_t)(b >> 3)), ((int32_t)(b ^ a)), &o1)) r += 408u; else r ^= (uint32_t)o1;
    uint16_t x2 = ((uint16_t)(b + a)), y3 = ((uint16_t)(a ^ a));
    r += (uint32_t)(x2 < y3 ? x2 : y3);
    uint64_t x5 = ((uint64_t)((uint64_t)b * 0x9E3779B9u));
    uint64_t x6 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    uint64_t x7 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    uint64_t v4 = x7;
    v4 = (x5 > x6) ? x6 : v4;
    v4 = (x6 == (x6 ^ 1)) ? x6 : v4;
    v4 = (x7 > (x7 ^ 1)) ? v4 : x7;
    v4 = (x7 < ((uint64_t)18446744073709551516ULL)) ? v4 : x6;
    v4 = (x6 <= x7) ? (uint64_t)((uint64_t)v4 + (uint64_t)x7) : v4;
    v4 = (x7 <= ((uint64_t)65535ULL)) ? v4 : (uint64_t)((uint64_t)v4 + (uint64_t)x5);
    r += (uint32_t)v4 ^ (uint32_t)((uint64_t)v4 >> 32);
    uint64_t fa8 = ((uint64_t)a << 32 | b), fb9 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa8 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb9 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa8 & 0x0008000000000000ULL), bs = bn && !(fb9 & 0x0008000000000000ULL);
      uint64_t z = as ? fb9 : bs ? fa8 : an ? fa8 : bn ? fb9 : fa8 ^ fb9;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 44034u;
    uint16_t x10 = ((uint16_t)(b ^ c)), y11 = ((uint16_t)a);
    r += (uint32_t)(x10 > y11 ? x10 : y11);
    uint32_t sw12 = a;
    switch (sw12 % 5001u) { case 512: r += 22u; break; case 709: r += 23u; break; case 741: r += 4u; break; case 2756: r += 76u; break; case 4871: r += 37u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw12; }
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51818u;
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    for (uint32_t i13 = 0; i13 < (b & 3u); i13++) {
        int64_t x14 = ((int64_t)(uint64_t)(int32_t)a);
        x14 = x14 > 208 ? 208 : x14 < -226 ? -226 : x14;
        r = r * 7u + (uint32_t)x14;
    }
    r += tg1(b, a & 7u);
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 1684u;
    uint64_t fa15 = 0x7FF8000000000001ULL, fb16 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa15 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb16 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa15 & 0x0008000000000000ULL), bs = bn && !(fb16 & 0x0008000000000000ULL);
      uint64_t z = as ? fb16 : bs ? fa15 : an ? fa15 : bn ? fb16 : fa15 ^ fb16;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int64_t x18 = ((int64_t)(uint64_t)b);
    int64_t x19 = ((int64_t)((uint64_t)c << 32 | a));
    int64_t x20 = ((int64_t)((uint64_t)b << 32 | c));
    int64_t v17 = x18;
    v17 = (x18 == x20) ? x18 : v17;
    v17 = (x18 > (x18 ^ 1)) ? v17 : ((int64_t)32767LL);
    v17 = (v17 < x18) ? ((int64_t)65535LL) : v17;
    v17 = (v17 <= x19) ? v17 : x19;
    r += (uint32_t)v17 ^ (uint32_t)((uint64_t)v17 >> 32);
    int32_t x21 = ((int32_t)b);
    x21 = x21 > 251 ? 251 : x21 < -134 ? -134 : x21;
    r = r * 7u + (uint32_t)x21;
    return r;
}

int main(void)
{
    uint32_t s = 2446667469u, h = 0x811c9dc5u;
    for (int i = 0; i < 83; i++) {
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
