/* tests/exact: benchmarks/accuracy/branchgen's program seed 77384, target ppc (issue 27), kept as
 * generated. f0's entry block makes three 64-bit selects into branches, then switches on x & 3
 * with a compare tree. The switch probe's walk started at the block's head, took "cmplw r4, r3"
 * (x ^ 1 against x) for the switch value's first compare and read the selects' branches as tree
 * tests ("cmpwi r3, -1; bge": 93 taken for qemu's 69, marked exact). A walk through a branch
 * located at another IR instruction than the switch makes no probe (lower_switches.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {0, 0, 0, 255, 0, 1, 255, 1, 0, 255, 0, 0, 1, 255, 0, 0, 1, 121, 0, 0, 138, 62, 0, 0, 0, 255, 249, 0, 0, 0, 0, 0, 255, 1, 0, 68, 213, 0, 1, 255, 0, 255, 122, 255, 0, 255, 255, 0, 1, 0, 1, 1, 0, 255, 1, 127, 1, 0, 11, 255, 255, 1, 255, 0, 0, 76, 0, 1, 0, 0, 0, 1, 0, 255, 0, 1, 235, 255, 57, 110, 1, 0, 255, 0, 1, 0, 255, 112, 255, 255, 182, 0, 1, 114, 1, 1, 1, 0, 255, 1, 23, 116, 120, 1, 0, 0, 0, 255, 0, 255, 1, 1, 1, 1, 0, 255, 0, 0, 0, 1, 0, 1, 0, 255, 58, 1, 1, 0};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 4);
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
    uint32_t r = 33810u;
    int64_t x2 = ((int64_t)(uint64_t)(int32_t)b);
    int64_t x3 = ((int64_t)((uint64_t)b << 32 | b));
    int64_t x4 = ((int64_t)(uint64_t)b);
    int64_t v1 = x2;
    v1 = (x4 < (x4 ^ 1)) ? v1 : x3;
    v1 = (x2 > (x2 ^ 1)) ? x3 : v1;
    v1 = (x3 < ((int64_t)(-0LL - 1))) ? v1 : (int64_t)((uint64_t)v1 + (uint64_t)x3);
    r += (uint32_t)v1 ^ (uint32_t)((uint64_t)v1 >> 32);
    uint32_t sw5 = b;
    switch (sw5 & 3u) { case 0: r = r * 10u + (sw5 >> 0);  case 1: r = r * 23u + (sw5 >> 4);  case 2: r = r * 27u + (sw5 >> 5); break; case 3: r = r * 31u + (sw5 >> 4); break; default: r -= 1u; }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 13796u;
    uint8_t x6 = ((uint8_t)(c + b)), y7 = ((uint8_t)100UL);
    r = r * 31u + (uint32_t)((x6 <= y7) ? (uint8_t)((uint64_t)x6 + 1u) : (uint8_t)((uint64_t)x6 + 1u));
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 32651u;
    { unsigned char d[64] = {0}; mt1(d, pool, a); r += d[8] + d[3]; }
    int32_t x8 = ((int32_t)(a + b)), y9 = ((int32_t)(a >> 18));
    r = r * 31u + (uint32_t)((x8 <= y9) ? (int32_t)((uint64_t)x8 + 1u) : (int32_t)((uint64_t)x8 + 1u));
    uint8_t x11 = ((uint8_t)a);
    uint8_t x12 = ((uint8_t)c);
    uint8_t x13 = ((uint8_t)(c ^ a));
    uint8_t v10 = x11;
    v10 = (v10 >= x11) ? ((uint8_t)1UL) : v10;
    v10 = (x13 <= x11) ? x11 : v10;
    v10 = (x13 <= (x13 ^ 1)) ? x11 : v10;
    v10 = (x11 != x13) ? (uint8_t)((uint64_t)v10 + (uint64_t)x12) : v10;
    v10 = (x12 >= x13) ? v10 : ((uint8_t)232UL);
    r += (uint32_t)v10;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 36594u;
    int16_t o14;
    r = r * 9u + (uint32_t)__builtin_mul_overflow(((int16_t)(c + a)), ((int16_t)(a + b)), &o14) + (uint32_t)o14;
    uint64_t fa15 = 0x7FF8000000000001ULL, fb16 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa15 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb16 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa15 & 0x0008000000000000ULL), bs = bn && !(fb16 & 0x0008000000000000ULL);
      uint64_t z = as ? fb16 : bs ? fa15 : an ? fa15 : bn ? fb16 : fa15 ^ fb16;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint16_t x18 = ((uint16_t)a);
    uint16_t x19 = ((uint16_t)(a ^ a));
    uint16_t x20 = ((uint16_t)(a ^ a));
    uint16_t v17 = x20;
    v17 = (v17 >= x19) ? ((uint16_t)1000UL) : v17;
    v17 = (x19 != (x19 ^ 1)) ? x18 : v17;
    v17 = (x19 <= ((uint16_t)22265UL)) ? x19 : v17;
    v17 = (x18 == x20) ? v17 : ((uint16_t)32768UL);
    v17 = (x18 != x19) ? x20 : v17;
    v17 = (x20 < x18) ? x20 : v17;
    r += (uint32_t)v17;
    for (uint32_t i21 = 0; i21 < (c & 15u); i21++) {
        { unsigned char d[64] = {0}; mt2(d, pool, a); r += d[8] + d[3]; }
    }
    return r;
}

int main(void)
{
    uint32_t s = 4113259330u, h = 0x811c9dc5u;
    for (int i = 0; i < 93; i++) {
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
