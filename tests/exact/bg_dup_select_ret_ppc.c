/* tests/exact: benchmarks/accuracy/branchgen's program seed 79134, target ppc (issue 27), kept as
 * generated. f3 ends in `select(y == 0, v + 3, v ^ 36613); ret` after a switch: tail duplication
 * copies the select's "cmplwi r4, 0; bne" into every case, to the labelled join (the false arm
 * and its return) or to an unlabelled block of the join's code (the true arm, "addi; blr"). The
 * old binary counted the join's head as every entry of its IR block: 95 for qemu's 88, the true
 * arm 0 for 7, marked exact. A block of G's code that returns, entered from a predecessor past
 * G's head, makes the head's count unknown (lower_rules.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {0, 48, 0, 1, 0, 51, 255, 1, 0, 1, 53, 155, 0, 0, 1, 255, 255, 74, 255, 255, 255, 110, 1, 157, 1, 1, 0, 220, 128, 181, 0, 0, 0, 249, 0, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 1, 150, 0, 0, 1, 0, 1, 255, 1, 1, 24, 255, 0, 0, 1, 1, 255, 255, 0, 0, 0, 255, 255, 1, 255, 1, 19, 0, 0, 0, 32, 0, 0, 0, 20, 0, 255, 1, 0, 1, 255, 0, 254, 0, 0, 1, 0, 118, 236, 0, 30, 48, 1, 231, 237, 255, 255, 0, 255, 0, 0, 1, 18, 62, 230, 255, 255, 255, 0, 0, 0, 1, 255, 97, 0, 142, 0, 0, 0, 0, 244, 255, 0};

#include "bg_bend.h"

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
    return d > 3 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
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
    return d > 4 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl3(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc3(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 4u)
        return tl3(x * 3u + 1u);
    return tc3(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg3(uint32_t x, uint32_t d)
{
    return d > 3 ? tl3(x) : tc3(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl4(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc4(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 8u)
        return tl4(x * 3u + 1u);
    return tc4(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg4(uint32_t x, uint32_t d)
{
    return d > 1 ? tl4(x) : tc4(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 7998u;
    uint64_t fa1 = ((uint64_t)a << 32 | b), fb2 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa1 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb2 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa1 & 0x0008000000000000ULL), bs = bn && !(fb2 & 0x0008000000000000ULL);
      uint64_t z = as ? fb2 : bs ? fa1 : an ? fa1 : bn ? fb2 : fa1 ^ fb2;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    for (uint32_t i3 = 0; i3 < (a & 15u); i3++) {
        uint16_t x4 = ((uint16_t)(a + a)), y5 = ((uint16_t)(b + a));
        r += (uint32_t)(x4 < y5 ? x4 : y5);
    }
    uint64_t fa6 = 0x7FF8000000000001ULL, fb7 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa6 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb7 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa6 & 0x0008000000000000ULL), bs = bn && !(fb7 & 0x0008000000000000ULL);
      uint64_t z = as ? fb7 : bs ? fa6 : an ? fa6 : bn ? fb7 : fa6 ^ fb7;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    for (uint32_t i8 = 0; i8 < (b & 3u); i8++) {
        int8_t s9 = ((int8_t)(c >> 10));
        { int32_t z = (int32_t)s9 - (int32_t)((int8_t)(i8 >> 12)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        { int32_t z = (int32_t)s9 + (int32_t)((int8_t)(i8 ^ c)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        { int32_t z = (int32_t)s9 - (int32_t)((int8_t)(b ^ a)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        s9 = s9 > 80 ? 80 : s9 < -80 ? -80 : s9;
        { int32_t z = (int32_t)s9 + (int32_t)((int8_t)(c + b)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        { int32_t z = (int32_t)s9 + (int32_t)((int8_t)(c ^ a)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        { int32_t z = (int32_t)s9 - (int32_t)((int8_t)(c ^ i8)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        { int32_t z = (int32_t)s9 + (int32_t)((int8_t)(a ^ c)); s9 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
        r ^= (uint32_t)s9;
    }
    int64_t x10 = ((int64_t)(uint64_t)(int32_t)a), y11 = ((int64_t)(-1LL - 1));
    r = r * 31u + (uint32_t)((x10 <= y11) ? y11 : y11);
    r ^= (uint32_t)((uint64_t)((x10 > y11) ? x10 : y11) >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 45120u;
    r += tg1(b, b & 7u);
    _Bool inv12 = (a & 16u) != 0;
    _Bool res13 = (((uint8_t)a) == ((uint8_t)255UL));
    res13 = inv12 ? !res13 : res13;
    if (res13 | (((int8_t)(a ^ c)) < 1)) r += 75u;
    else r = r * 5u + 1u;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 26866u;
    r += tg2(a, c & 7u);
    uint64_t fa14 = ((uint64_t)a << 32 | b), fb15 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa14 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb15 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa14 & 0x0008000000000000ULL), bs = bn && !(fb15 & 0x0008000000000000ULL);
      uint64_t z = as ? fb15 : bs ? fa14 : an ? fa14 : bn ? fb15 : fa14 ^ fb15;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    r += tg3(c, c & 7u);
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 46861u;
    uint32_t o16;
    r = r * 9u + (uint32_t)__builtin_mul_overflow(((uint32_t)c), ((uint32_t)0UL), &o16) + (uint32_t)o16;
    uint64_t x17 = ((uint64_t)((uint64_t)c * 0x9E3779B9u)), y18 = ((uint64_t)((uint64_t)a << 32 | b));
    r += (uint32_t)(x17 > y18 ? x17 : y18);
    uint32_t sw19 = a;
    switch (sw19 % 5001u) { case 596: r += 8u; break; case 903: r += 81u; break; case 1599: r += 66u; break; case 2199: r += 69u; break; case 2716: r += 77u; break; case 3116: r += 53u; break; case 3723: r += 45u; break; case 4482: r += 12u; break; case 4532: r += 52u; break; case 4711: r += 83u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw19; }
    uint64_t w20 = ((uint64_t)((uint64_t)b * 0x9E3779B9u)), w21 = ((uint64_t)0ULL);
    if (w20 <= w21) r += 3u; else r ^= 0x8f05u;
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 54286u;
    r += tg4(a, c & 7u);
    int8_t x22 = ((int8_t)(c ^ b)), y23 = ((int8_t)(-0L - 1));
    r = r * 31u + (uint32_t)((x22 < ((int8_t)50UL)) ? (int8_t)(x22 ^ y23) : (int8_t)(x22 ^ y23));
    int32_t x24 = ((int32_t)b);
    x24 = x24 > 189 ? 189 : x24 < -299 ? -299 : x24;
    r = r * 7u + (uint32_t)x24;
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 6415u;
    unsigned char m25[16], m26[16];
    memcpy(m25, pool + (c & 63u), 16);
    memcpy(m26, pool + 28, 16);
    r += (uint32_t)(memcmp(m25, m26, 16) < 0);
    for (int i = 0; i < 16; i++) r = r * 3u + m25[i];
    int32_t x28 = ((int32_t)(c + a));
    int32_t x29 = ((int32_t)(c >> 6));
    int32_t x30 = ((int32_t)a);
    int32_t v27 = x28;
    v27 = (x28 == ((int32_t)65535UL)) ? v27 : x29;
    v27 = (v27 >= ((int32_t)1000UL)) ? v27 : x29;
    r += (uint32_t)v27;
    int16_t x31 = ((int16_t)(a + a)), y32 = ((int16_t)(a >> 14));
    r = r * 31u + (uint32_t)((x31 <= y32) ? x31 : ((int16_t)(-32766L - 1)));
    uint16_t x34 = ((uint16_t)(b ^ a));
    uint16_t x35 = ((uint16_t)(a ^ c));
    uint16_t x36 = ((uint16_t)(b ^ c));
    uint16_t v33 = x34;
    v33 = (v33 < x34) ? v33 : x35;
    v33 = (x34 >= (x34 ^ 1)) ? v33 : x36;
    v33 = (x35 >= ((uint16_t)0UL)) ? v33 : x34;
    v33 = (x34 == ((uint16_t)7UL)) ? v33 : x36;
    v33 = (x36 > x34) ? v33 : x34;
    v33 = (v33 >= x36) ? x36 : v33;
    r += (uint32_t)v33;
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 13520u;
    int64_t w37 = ((int64_t)(uint64_t)(int32_t)a), w38 = ((int64_t)((uint64_t)b * 0x9E3779B9u));
    int16_t h39 = (int16_t)c;
    r += (int64_t)h39 >= (int64_t)((w37 < w38) != 0) ? 1u : 0x100u;
    int16_t h40 = (int16_t)b;
    r += (int64_t)h40 >= (int64_t)((w37 >= w38) != 0) ? 1u : 0x100u;
    int8_t s41 = ((int8_t)b);
    { int32_t z = (int32_t)s41 - (int32_t)((int8_t)(a ^ b)); s41 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s41 = s41 > 63 ? 63 : s41 < -63 ? -63 : s41;
    { int32_t z = (int32_t)s41 + (int32_t)((int8_t)(a ^ a)); s41 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s41 - (int32_t)((int8_t)(b + c)); s41 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s41 + (int32_t)((int8_t)(c ^ b)); s41 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s41 = s41 > 15 ? 15 : s41 < -15 ? -15 : s41;
    { int32_t z = (int32_t)s41 - (int32_t)((int8_t)(a + c)); s41 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    r ^= (uint32_t)s41;
    unsigned char m42[16], m43[16];
    memcpy(m42, pool + (a & 63u), 16);
    memcpy(m43, pool + 3, 16);
    if (a & 3u) memset(m43, (int)(a & 255u), 13);
    else memcpy(m43, m42, 16);
    r += (uint32_t)(memcmp(m42, m43, 16) < 0);
    for (int i = 0; i < 16; i++) r = r * 3u + m42[i];
    for (uint32_t i44 = 0; i44 < (b & 15u); i44++) {
        int64_t x45 = ((int64_t)(uint64_t)c), y46 = ((int64_t)((uint64_t)i44 << 32 | c));
        r = r * 31u + (uint32_t)((x45 == ((int64_t)(-9223372036854775806LL - 1))) ? (int64_t)(x45 ^ y46) : x45);
        r ^= (uint32_t)((uint64_t)((x45 <= y46) ? x45 : y46) >> 32);
    }
    int8_t x47 = ((int8_t)(c ^ c)), y48 = ((int8_t)127UL);
    r = r * 31u + (uint32_t)((x47 >= ((int8_t)127UL)) ? x47 : ((int8_t)113UL));
    return r;
}

int main(void)
{
    uint32_t s = 3392144038u, h = 0x811c9dc5u;
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
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
