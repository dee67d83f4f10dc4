/* tests/exact: benchmarks/accuracy/branchgen's program seed 73001, target riscv32 (issue 27), kept as generated
 * (--shapes mem,mem_tail,wide,nan,loop,switch,tail). f3: "(c:b) <u sext(c)" made 0 or 1, then
 * compared as a 64-bit value with sext(b16): RV32 makes both comparisons' high-word tests in
 * one block, and "beq c, sign(c)" carries the outer comparison's location. The old binary
 * probed the outer comparison's high words for that branch: counted 0 for 32.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {236, 0, 1, 37, 88, 255, 232, 0, 0, 1, 1, 255, 255, 60, 0, 151, 0, 1, 8, 0, 0, 87, 0, 0, 0, 255, 255, 1, 67, 0, 255, 1, 0, 255, 1, 107, 14, 1, 255, 1, 1, 0, 53, 197, 1, 255, 119, 228, 0, 0, 60, 184, 0, 224, 0, 1, 0, 1, 0, 0, 255, 0, 0, 1, 1, 1, 0, 0, 0, 255, 255, 203, 0, 0, 255, 0, 0, 141, 1, 0, 0, 0, 0, 1, 1, 255, 0, 255, 0, 176, 229, 255, 0, 0, 255, 0, 132, 1, 0, 0, 178, 1, 127, 0, 1, 255, 0, 255, 1, 0, 0, 0, 90, 255, 0, 1, 255, 255, 255, 0, 121, 0, 0, 0, 28, 255, 152, 0};

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
    return d > 5 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 36233u;
    uint64_t fa1 = 0x7FF8000000000001ULL, fb2 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa1 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb2 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa1 & 0x0008000000000000ULL), bs = bn && !(fb2 & 0x0008000000000000ULL);
      uint64_t z = as ? fb2 : bs ? fa1 : an ? fa1 : bn ? fb2 : fa1 ^ fb2;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    unsigned char m3[64], m4[64];
    memcpy(m3, pool + (a & 63u), 64);
    memcpy(m4, pool + 31, 64);
    r += (uint32_t)(memcmp(m3, m4, 64) < 0);
    for (int i = 0; i < 64; i++) r = r * 3u + m3[i];
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 62068u;
    r += tg1(a, b & 7u);
    for (uint32_t i5 = 0; i5 < (b & 7u); i5++) {
        uint32_t sw6 = c;
        switch (sw6 & 7u) { case 0: r = r * 13u + (sw6 >> 6); break; case 1: r = r * 20u + (sw6 >> 4); break; case 2: r = r * 28u + (sw6 >> 6); break; case 3: r = r * 12u + (sw6 >> 6);  case 4: r = r * 35u + (sw6 >> 3);  case 5: r = r * 8u + (sw6 >> 4); break; case 6: r = r * 16u + (sw6 >> 2); break; case 7: r = r * 3u + (sw6 >> 7);  default: r -= 1u; }
    }
    uint64_t w7 = ((uint64_t)(uint64_t)b), w8 = ((uint64_t)256ULL);
    if (w7 <= ((uint64_t)255ULL)) r += 3u; else r ^= 0xd8abu;
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 5508u;
    uint64_t fa9 = 0x7FF8000000000001ULL, fb10 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa9 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb10 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa9 & 0x0008000000000000ULL), bs = bn && !(fb10 & 0x0008000000000000ULL);
      uint64_t z = as ? fb10 : bs ? fa9 : an ? fa9 : bn ? fb10 : fa9 ^ fb10;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    for (uint32_t i11 = 0; i11 < (a & 7u); i11++) {
        int64_t w12 = ((int64_t)((uint64_t)i11 << 32 | a)), w13 = ((int64_t)(-1LL - 1));
        w12 = (int64_t)((int64_t)w12 >> (b & 31u));
        r += (uint32_t)w12 ^ (uint32_t)((uint64_t)w12 >> 32);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 4328u;
    uint64_t w14 = ((uint64_t)((uint64_t)a << 32 | b)), w15 = ((uint64_t)((uint64_t)b * 0x9E3779B9u));
    if (w14 >= ((uint64_t)7ULL)) r += 3u; else r ^= 0x10f3u;
    r = r * 17u + (uint32_t)((w14 <= w15) ? w14 : w15);
    w14 = (uint64_t)((uint64_t)w14 << 61);
    r += (uint32_t)w14 ^ (uint32_t)((uint64_t)w14 >> 32);
    uint64_t w16 = ((uint64_t)((uint64_t)c << 32 | b)), w17 = ((uint64_t)(uint64_t)(int32_t)c);
    int16_t h18 = (int16_t)b;
    r += (int64_t)h18 >= (int64_t)((w16 < w17) != 0) ? 1u : 0x100u;
    r ^= (uint32_t)(w16 == ((uint64_t)100ULL)) << 3 | (uint32_t)(w17 < ((uint64_t)18446744073709551516ULL));
    r ^= (uint32_t)(w16 == ((uint64_t)18446744073709551614ULL)) << 3 | (uint32_t)(w17 < ((uint64_t)18446744073709551614ULL));
    for (uint32_t i19 = 0; i19 < (c & 3u); i19++) {
        uint32_t sw20 = a;
        switch (sw20 % 8u) { case 0: r += 7634u; break; case 1: r += 3130u; break; case 2: r += 7813u; break; case 3: r += 5607u; break; case 4: r += 4077u; break; case 5: r += 7792u; break; default: r ^= 7u; }
    }
    return r;
}

int main(void)
{
    uint32_t s = 571871500u, h = 0x811c9dc5u;
    for (int i = 0; i < 191; i++) {
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
