/* tests/exact: benchmarks/accuracy/branchgen's program seed 79142, target avr (issue 27), kept as
 * generated. main's 32-bit `select(c, 0x7FF00000, v)` is made a 16-bit piece per branch; the
 * high piece's branch tests a boolean reloaded from the frame, "ldd r21, Y+18; cpi r21, 0;
 * brne", over "movw r16, r2". The old binary read the reload as the compared value of the
 * condition `icmp eq`, the branch the wrong way round (32 for simavr's 10, marked exact). A
 * register reloaded from the stack frame may hold a boolean: the sense is not read from the
 * predicate (lower_view.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 0, 255, 1, 1, 0, 158, 1, 0, 118, 1, 124, 1, 0, 255, 1, 0, 254, 0, 255, 184, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 255, 75, 255, 0, 0, 0, 1, 0, 0, 255, 0, 255, 245, 0, 0, 0, 0, 1, 236, 255, 0, 255, 49, 1, 1, 0, 54, 37, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 1, 0, 226, 222, 1, 166, 41, 0, 1, 0, 1, 0, 227, 0, 0, 255, 0, 241, 0, 255, 0, 0, 0, 255, 255, 255, 0, 0, 1, 211, 20, 0, 1, 1, 1, 91, 0, 255, 1, 160, 0, 0, 42, 255, 1};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 24);
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
    if (x & 8u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 5 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 26607u;
    unsigned char m1[4], m2[4];
    memcpy(m1, pool + (c & 63u), 4);
    memcpy(m2, pool + 24, 4);
    r += (uint32_t)(memcmp(m1, m2, 4) < 0);
    for (int i = 0; i < 4; i++) r = r * 3u + m1[i];
    uint64_t x3 = ((uint64_t)((uint64_t)a << 38)), y4 = ((uint64_t)255ULL);
    r = r * 31u + (uint32_t)((x3 <= y4) ? x3 : x3);
    r ^= (uint32_t)((uint64_t)((x3 > y4) ? x3 : y4) >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 64654u;
    for (uint32_t i5 = 0; i5 < (c & 7u); i5++) {
        uint16_t x7 = ((uint16_t)(i5 + c));
        uint16_t x8 = ((uint16_t)(b >> 26));
        uint16_t x9 = ((uint16_t)(b ^ b));
        uint16_t v6 = x9;
        v6 = (x9 != x7) ? v6 : ((uint16_t)65535UL);
        v6 = (x7 >= ((uint16_t)0UL)) ? x8 : v6;
        v6 = (v6 <= x9) ? x8 : v6;
        r += (uint32_t)v6;
    }
    int32_t x10 = ((int32_t)(b ^ b)), y11 = ((int32_t)(a ^ c));
    r = r * 31u + (uint32_t)((x10 <= y11) ? (int32_t)(x10 ^ y11) : x10);
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 25324u;
    uint32_t sw12 = a;
    switch (sw12 & 15u) { case 0: r = r * 27u + (sw12 >> 5); break; case 1: r = r * 26u + (sw12 >> 4); break; case 2: r = r * 38u + (sw12 >> 3); break; case 3: r = r * 7u + (sw12 >> 0);  case 4: r = r * 17u + (sw12 >> 7); break; case 5: r = r * 23u + (sw12 >> 3);  case 6: r = r * 16u + (sw12 >> 3); break; case 7: r = r * 32u + (sw12 >> 5); break; case 8: r = r * 17u + (sw12 >> 1);  default: r -= 1u; }
    _Bool inv13 = (b & 16u) != 0;
    _Bool res14 = (((uint32_t)(b ^ c)) > ((uint32_t)1UL));
    res14 = inv13 ? !res14 : res14;
    if (res14 | (((int32_t)(b + c)) < 1)) r += 11u;
    else r = r * 5u + 1u;
    uint64_t fa15 = 0x7FF0000000000000ULL, fb16 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa15 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb16 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa15 & 0x0008000000000000ULL), bs = bn && !(fb16 & 0x0008000000000000ULL);
      uint64_t z = as ? fb16 : bs ? fa15 : an ? fa15 : bn ? fb16 : fa15 ^ fb16;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 48792u;
    int64_t x17 = ((int64_t)(uint64_t)(int32_t)a), y18 = ((int64_t)255LL);
    r = r * 31u + (uint32_t)((x17 != ((int64_t)(-1LL - 1))) ? ((int64_t)1000LL) : y18);
    r ^= (uint32_t)((uint64_t)((x17 >= y18) ? x17 : y18) >> 32);
    int64_t x19 = ((int64_t)((uint64_t)b * 0x9E3779B9u));
    x19 = (uint64_t)x19 > 255u ? (x19 > -1 ? 255 : 0) : x19;
    r += (uint32_t)x19;
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    uint64_t fa20 = 0x7FF0000000000000ULL, fb21 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa20 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb21 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa20 & 0x0008000000000000ULL), bs = bn && !(fb21 & 0x0008000000000000ULL);
      uint64_t z = as ? fb21 : bs ? fa20 : an ? fa20 : bn ? fb21 : fa20 ^ fb21;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 4659u;
    r += tg1(a, a & 7u);
    uint8_t s22 = ((uint8_t)c);
    { uint8_t y_ = ((uint8_t)(b + a)); s22 = s22 > y_ ? (uint8_t)(s22 - y_) : 0; }
    { uint8_t z = (uint8_t)(s22 + ((uint8_t)(a ^ b))); s22 = z < s22 ? (uint8_t)255ULL : z; }
    s22 = s22 > 81 ? 81 : s22 < 0 ? 0 : s22;
    { uint8_t z = (uint8_t)(s22 + ((uint8_t)(a + c))); s22 = z < s22 ? (uint8_t)255ULL : z; }
    s22 = s22 > 80 ? 80 : s22 < 0 ? 0 : s22;
    { uint8_t z = (uint8_t)(s22 + ((uint8_t)(a >> 6))); s22 = z < s22 ? (uint8_t)255ULL : z; }
    s22 = s22 > 231 ? 231 : s22 < 0 ? 0 : s22;
    { uint8_t z = (uint8_t)(s22 + ((uint8_t)(c ^ c))); s22 = z < s22 ? (uint8_t)255ULL : z; }
    { uint8_t z = (uint8_t)(s22 + ((uint8_t)(b + a))); s22 = z < s22 ? (uint8_t)255ULL : z; }
    r ^= (uint32_t)s22;
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 48659u;
    uint8_t x24 = ((uint8_t)(c + a));
    uint8_t x25 = ((uint8_t)(b >> 11));
    uint8_t x26 = ((uint8_t)(a ^ b));
    uint8_t v23 = x25;
    v23 = (x25 >= (x25 ^ 1)) ? v23 : x24;
    v23 = (x26 != x25) ? v23 : x24;
    r += (uint32_t)v23;
    uint64_t fa27 = ((uint64_t)a << 32 | b), fb28 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa27 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb28 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa27 & 0x0008000000000000ULL), bs = bn && !(fb28 & 0x0008000000000000ULL);
      uint64_t z = as ? fb28 : bs ? fa27 : an ? fa27 : bn ? fb28 : fa27 ^ fb28;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

int main(void)
{
    uint32_t s = 651725422u, h = 0x811c9dc5u;
    for (int i = 0; i < 42; i++) {
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
