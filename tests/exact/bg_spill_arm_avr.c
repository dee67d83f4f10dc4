/* tests/exact: benchmarks/accuracy/branchgen's program seed 79151, target avr (issue 27), kept as
 * generated. f1 bb.22, an unlabelled block counted by flow, 26 for simavr's 35 on the old binary:
 * a select's arm that only loads immediates and spills them, taken for the single-use operand
 * computed there. Fixed by the rule of bg_spill_const_avr.c (lower_selects.c).
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

static const unsigned char pool[128] = {255, 255, 255, 0, 0, 0, 0, 171, 1, 45, 0, 255, 0, 223, 255, 0, 236, 255, 1, 0, 1, 0, 0, 255, 0, 0, 0, 1, 0, 0, 255, 0, 0, 0, 0, 0, 0, 177, 1, 110, 255, 1, 0, 0, 61, 255, 255, 255, 92, 0, 58, 255, 19, 1, 0, 0, 1, 0, 27, 0, 0, 255, 1, 0, 0, 1, 0, 255, 1, 0, 255, 1, 86, 0, 246, 0, 0, 0, 168, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 0, 0, 115, 0, 1, 84, 160, 1, 1, 0, 1, 0, 255, 1, 0, 0, 0, 0, 1, 78, 255, 0, 30, 1, 255, 255, 0, 255, 255, 227};

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
    return d > 3 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 41933u;
    uint32_t sw1 = a;
    switch (sw1 & 3u) { case 0: r = r * 21u + (sw1 >> 6); break; case 1: r = r * 2u + (sw1 >> 2); break; case 2: r = r * 32u + (sw1 >> 5);  case 3: r = r * 14u + (sw1 >> 5);  default: r -= 1u; }
    int32_t x2 = ((int32_t)a);
    x2 = x2 > 105 ? 105 : x2 < -143 ? -143 : x2;
    r = r * 7u + (uint32_t)x2;
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8997u;
    _Bool b3 = (((uint16_t)(c >> 8)) <= ((uint16_t)1UL));
    _Bool b4 = (((uint16_t)(c + b)) >= (((uint16_t)(c + b)) ^ 1));
    _Bool b5 = (((uint16_t)c) == ((uint16_t)(b ^ c)));
    _Bool b6 = (((uint16_t)a) < ((uint16_t)(a >> 10)));
    if (b3 ^ b4 ^ b5 ^ b6) r += 32u; else r ^= 423u;
    uint64_t x7 = ((uint64_t)(uint64_t)b), y8 = ((uint64_t)(uint64_t)(int32_t)a);
    r += (uint32_t)(x7 < y8 ? x7 : y8);
    int16_t o9;
    if (__builtin_sub_overflow(((int16_t)c), ((int16_t)c), &o9)) r += 390u; else r ^= (uint32_t)o9;
    int64_t x11 = ((int64_t)((uint64_t)a << 18));
    int64_t x12 = ((int64_t)(uint64_t)a);
    int64_t x13 = ((int64_t)(uint64_t)b);
    int64_t v10 = x11;
    v10 = (v10 >= x13) ? (int64_t)((uint64_t)v10 + (uint64_t)x11) : v10;
    v10 = (x13 <= (x13 ^ 1)) ? (int64_t)((uint64_t)v10 + (uint64_t)x11) : v10;
    v10 = (x13 >= x12) ? v10 : ((int64_t)32767LL);
    v10 = (x11 <= x13) ? x13 : v10;
    v10 = (x11 <= x12) ? v10 : x11;
    r += (uint32_t)v10 ^ (uint32_t)((uint64_t)v10 >> 32);
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 11236u;
    r += tg1(b, b & 7u);
    uint64_t fa14 = ((uint64_t)a << 32 | b), fb15 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa14 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb15 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa14 & 0x0008000000000000ULL), bs = bn && !(fb15 & 0x0008000000000000ULL);
      uint64_t z = as ? fb15 : bs ? fa14 : an ? fa14 : bn ? fb15 : fa14 ^ fb15;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

int main(void)
{
    uint32_t s = 1991816189u, h = 0x811c9dc5u;
    for (int i = 0; i < 85; i++) {
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
