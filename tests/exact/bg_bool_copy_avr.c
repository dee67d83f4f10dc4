/* tests/exact: benchmarks/accuracy/branchgen's program seed 73021, target avr (issue 27), kept as generated (the routines every branchgen program carries in bg_memory.h and bg_bend.h).
 * f3: "x == -1 ? v ^ 4177 : v + 3" on i32, made a 16-bit piece per branch, both testing
 * "mov r22, r13; cpi r22, 0; brne" where r13 is the comparison made a boolean ("andi r18, 1;
 * mov r13, r18") a block before. The copy hid the boolean: the branch was read as the
 * `icmp eq` itself, the wrong way round: 2 for simavr's 54, marked exact
 * (lower_view.c boolean_reaches).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {255, 255, 0, 255, 0, 255, 1, 1, 0, 1, 147, 255, 0, 255, 1, 106, 1, 0, 0, 150, 1, 144, 0, 80, 0, 0, 0, 156, 0, 1, 255, 0, 246, 1, 0, 0, 1, 0, 0, 1, 255, 255, 0, 255, 0, 0, 255, 1, 78, 54, 6, 1, 0, 255, 5, 255, 255, 64, 0, 0, 255, 26, 19, 255, 255, 1, 0, 0, 1, 237, 255, 255, 84, 245, 1, 0, 0, 0, 19, 0, 192, 1, 0, 0, 0, 195, 0, 1, 0, 0, 255, 1, 0, 0, 1, 0, 20, 255, 255, 1, 175, 255, 0, 124, 194, 0, 255, 0, 1, 0, 158, 255, 255, 0, 0, 10, 0, 226, 0, 191, 255, 1, 1, 0, 255, 0, 0, 250};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 2u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 4 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
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

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 52406u;
    int64_t o1;
    r = r * 9u + (uint32_t)__builtin_sub_overflow(((int64_t)((uint64_t)b << 10)), ((int64_t)1000LL), &o1) + (uint32_t)o1;
    int32_t x3 = ((int32_t)(a ^ a));
    int32_t x4 = ((int32_t)(b ^ a));
    int32_t x5 = ((int32_t)c);
    int32_t v2 = x4;
    v2 = (v2 < x4) ? x4 : v2;
    v2 = (x4 >= x3) ? v2 : x4;
    v2 = (x5 <= (x5 ^ 1)) ? v2 : x5;
    v2 = (v2 == x3) ? v2 : x3;
    v2 = (x3 > x4) ? v2 : x5;
    v2 = (x4 != ((int32_t)100UL)) ? (int32_t)((uint64_t)v2 + (uint64_t)x4) : v2;
    r += (uint32_t)v2;
    r += tg1(b, b & 7u);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 27668u;
    uint64_t fa6 = 0x7FF8000000000001ULL, fb7 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa6 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb7 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa6 & 0x0008000000000000ULL), bs = bn && !(fb7 & 0x0008000000000000ULL);
      uint64_t z = as ? fb7 : bs ? fa6 : an ? fa6 : bn ? fb7 : fa6 ^ fb7;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint8_t x8 = ((uint8_t)b), y9 = ((uint8_t)a);
    r = r * 31u + (uint32_t)((x8 > ((uint8_t)90UL)) ? (uint8_t)(x8 ^ y9) : (uint8_t)(x8 ^ y9));
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2956u;
    uint16_t s10 = ((uint16_t)(b >> 26));
    { uint16_t z = (uint16_t)(s10 + ((uint16_t)(b >> 1))); s10 = z < s10 ? (uint16_t)65535ULL : z; }
    { uint16_t z = (uint16_t)(s10 + ((uint16_t)(b >> 4))); s10 = z < s10 ? (uint16_t)65535ULL : z; }
    s10 = s10 > 18775 ? 18775 : s10 < 0 ? 0 : s10;
    { uint16_t z = (uint16_t)(s10 + ((uint16_t)c)); s10 = z < s10 ? (uint16_t)65535ULL : z; }
    { uint16_t z = (uint16_t)(s10 + ((uint16_t)b)); s10 = z < s10 ? (uint16_t)65535ULL : z; }
    s10 = s10 > 5645 ? 5645 : s10 < 0 ? 0 : s10;
    r ^= (uint32_t)s10;
    int16_t x11 = ((int16_t)(c ^ b)), y12 = ((int16_t)(a ^ c));
    r = r * 31u + (uint32_t)((x11 == y12) ? ((int16_t)(-7293L - 1)) : y12);
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 58410u;
    uint64_t fa13 = ((uint64_t)a << 32 | b), fb14 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa13 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb14 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa13 & 0x0008000000000000ULL), bs = bn && !(fb14 & 0x0008000000000000ULL);
      uint64_t z = as ? fb14 : bs ? fa13 : an ? fa13 : bn ? fb14 : fa13 ^ fb14;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    r += tg2(c, c & 7u);
    uint16_t x16 = ((uint16_t)(c ^ a));
    uint16_t x17 = ((uint16_t)(a ^ c));
    uint16_t x18 = ((uint16_t)c);
    uint16_t v15 = x17;
    v15 = (x18 < (x18 ^ 1)) ? x16 : v15;
    v15 = (v15 < ((uint16_t)32768UL)) ? ((uint16_t)65535UL) : v15;
    v15 = (x17 == ((uint16_t)256UL)) ? v15 : (uint16_t)((uint64_t)v15 + (uint64_t)x18);
    v15 = (x18 < x16) ? v15 : x18;
    v15 = (x16 <= x18) ? x16 : v15;
    r += (uint32_t)v15;
    uint64_t w19 = ((uint64_t)(uint64_t)(int32_t)b), w20 = ((uint64_t)((uint64_t)b << 4));
    if (w19 < ((uint64_t)18446744073709551615ULL)) r += 3u; else r ^= 0x1051u;
    int64_t x21 = ((int64_t)((uint64_t)b << 40));
    x21 = (uint64_t)x21 > 255u ? (x21 > -1 ? 255 : 0) : x21;
    r += (uint32_t)x21;
    return r;
}

static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 39278u;
    uint64_t fa22 = ((uint64_t)a << 32 | b), fb23 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa22 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb23 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa22 & 0x0008000000000000ULL), bs = bn && !(fb23 & 0x0008000000000000ULL);
      uint64_t z = as ? fb23 : bs ? fa22 : an ? fa22 : bn ? fb23 : fa22 ^ fb23;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    unsigned char m24[16], m25[16];
    memcpy(m24, pool + (c & 63u), 16);
    memcpy(m25, pool + 8, 16);
    if (memcmp(m24, m25, 16) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 16; i++) r = r * 3u + m24[i];
    for (uint32_t i26 = 0; i26 < (a & 3u); i26++) {
        uint8_t s27 = ((uint8_t)(c >> 5));
        { uint8_t y_ = ((uint8_t)(i26 + c)); s27 = s27 > y_ ? (uint8_t)(s27 - y_) : 0; }
        { uint8_t z = (uint8_t)(s27 + ((uint8_t)(a >> 14))); s27 = z < s27 ? (uint8_t)255ULL : z; }
        r ^= (uint32_t)s27;
    }
    { unsigned char d[64] = {0}; mt2(d, pool, b); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt3(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 35832u;
    int32_t s28 = ((int32_t)c);
    { int64_t z = (int64_t)s28 - (int64_t)((int32_t)(a >> 24)); s28 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s28 - (int64_t)((int32_t)(c >> 9)); s28 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s28 - (int64_t)((int32_t)(c ^ a)); s28 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s28 - (int64_t)((int32_t)a); s28 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s28 = s28 > 15723 ? 15723 : s28 < -15723 ? -15723 : s28;
    { int64_t z = (int64_t)s28 - (int64_t)((int32_t)(b + a)); s28 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s28 = s28 > 13710 ? 13710 : s28 < -13710 ? -13710 : s28;
    r ^= (uint32_t)s28;
    uint64_t fa29 = 0x7FF0000000000000ULL, fb30 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa29 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb30 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa29 & 0x0008000000000000ULL), bs = bn && !(fb30 & 0x0008000000000000ULL);
      uint64_t z = as ? fb30 : bs ? fa29 : an ? fa29 : bn ? fb30 : fa29 ^ fb30;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

int main(void)
{
    uint32_t s = 3939903272u, h = 0x811c9dc5u;
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
        h = (h ^ f5(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
