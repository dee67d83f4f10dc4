/* tests/exact: benchmarks/accuracy/branchgen's program seed 78615, target riscv32 (issue 27), kept as
 * generated. main's `select(x > 1073741823, INT_MAX, trunc(smax(2x, INT_MIN)))`: the arm computes
 * "addi a1, a0, -1" from INT_MIN loaded into a0 blocks before, i.e. the constant first value. The
 * old binary took an arm that computes for the single-use instruction operand (the second value)
 * and counted it 72 for qemu's 13, marked exact (the PicoRV32 RTL sweep found the same). An arm
 * reading a register that holds a constant names the value equal to what it computes, or neither.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {1, 0, 255, 255, 1, 1, 255, 0, 255, 1, 1, 211, 0, 0, 0, 83, 124, 255, 154, 1, 255, 0, 1, 255, 0, 1, 0, 0, 0, 0, 254, 0, 240, 255, 255, 255, 1, 1, 1, 0, 0, 0, 0, 0, 0, 191, 1, 255, 255, 0, 96, 0, 231, 222, 255, 68, 179, 0, 97, 1, 246, 1, 255, 1, 0, 1, 255, 0, 0, 1, 53, 240, 0, 237, 1, 231, 255, 0, 0, 255, 255, 0, 1, 0, 0, 0, 220, 0, 255, 1, 0, 0, 255, 0, 1, 0, 1, 0, 255, 0, 0, 0, 26, 95, 0, 1, 191, 255, 255, 72, 0, 0, 138, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 0, 0, 1, 1};

#include "bg_bend.h"

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
    return d > 2 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static uint32_t tl2(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc2(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 1u)
        return tl2(x * 3u + 1u);
    return tc2(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg2(uint32_t x, uint32_t d)
{
    return d > 3 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14917u;
    int8_t x1 = ((int8_t)(b + c)), y2 = ((int8_t)(-99L - 1));
    r = r * 31u + (uint32_t)((x1 == y2) ? ((int8_t)127UL) : (int8_t)(x1 ^ y2));
    int32_t s3 = ((int32_t)(b ^ a));
    { int64_t z = (int64_t)s3 + (int64_t)((int32_t)(b >> 17)); s3 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s3 = s3 > 115 ? 115 : s3 < -115 ? -115 : s3;
    { int64_t z = (int64_t)s3 - (int64_t)((int32_t)c); s3 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s3 = s3 > 18645 ? 18645 : s3 < -18645 ? -18645 : s3;
    r ^= (uint32_t)s3;
    uint64_t x4 = ((uint64_t)((uint64_t)a << 2)), y5 = ((uint64_t)((uint64_t)c << 34));
    r += (uint32_t)(x4 < y5 ? x4 : y5);
    uint32_t sw6 = a;
    switch (sw6 % 11u) { case 0: r += 9053u; break; case 1: r += 2001u; break; case 2: r += 2005u; break; case 3: r += 9895u; break; case 4: r += 608u; break; case 5: r += 9449u; break; case 6: r += 6091u; break; case 7: r += 5155u; break; case 8: r += 220u; break; case 9: r += 4652u; break; case 10: r += 7385u; break; default: r ^= 7u; }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 32849u;
    uint32_t sw7 = a;
    switch (sw7 % 11u) { case 0: r += 5654u; break; case 1: r += 3359u; break; case 2: r += 8314u; break; case 3: r += 4975u; break; case 4: r += 7244u; break; case 5: r += 1616u; break; case 6: r += 4035u; break; case 7: r += 5034u; break; case 8: r += 6185u; break; case 9: r += 4081u; break; case 10: r += 4441u; break; default: r ^= 7u; }
    _Bool b8 = (((int32_t)(c + c)) == ((int32_t)65536UL));
    _Bool b9 = (((int32_t)(c ^ a)) >= ((int32_t)b));
    r = r * 3u + (((b8 && b9) || !(b8 || b9)) ? 34u : 92u);
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 64773u;
    uint32_t sw10 = b;
    switch (sw10 % 4u) { case 0: r += 7425u; break; case 1: r += 8146u; break; case 2: r += 4361u; break; default: r ^= 7u; }
    int8_t x12 = ((int8_t)a);
    int8_t x13 = ((int8_t)(a ^ c));
    int8_t x14 = ((int8_t)b);
    int8_t v11 = x12;
    v11 = (x13 >= x12) ? x12 : v11;
    v11 = (v11 != ((int8_t)127UL)) ? x14 : v11;
    v11 = (x13 > x14) ? x14 : v11;
    v11 = (x14 != (x14 ^ 1)) ? v11 : ((int8_t)7UL);
    v11 = (x14 >= x12) ? v11 : x13;
    v11 = (v11 <= ((int8_t)(-126L - 1))) ? x13 : v11;
    r += (uint32_t)v11;
    unsigned char m15[6], m16[6];
    memcpy(m15, pool + (b & 63u), 6);
    memcpy(m16, pool + 7, 6);
    r += (uint32_t)(memcmp(m15, m16, 6) < 0);
    for (int i = 0; i < 6; i++) r = r * 3u + m15[i];
    unsigned char m17[8], m18[8];
    memcpy(m17, pool + (c & 63u), 8);
    memcpy(m18, pool + 63, 8);
    if (b & 3u) memset(m18, (int)(a & 255u), 5);
    else memcpy(m18, m17, 8);
    if (memcmp(m17, m18, 8) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 8; i++) r = r * 3u + m17[i];
    unsigned char m19[12], m20[12];
    memcpy(m19, pool + (a & 63u), 12);
    memcpy(m20, pool + 28, 12);
    if (memcmp(m19, m20, 12) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 12; i++) r = r * 3u + m19[i];
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 55129u;
    uint32_t sw21 = a;
    switch (sw21 & 15u) { case 0: r = r * 13u + (sw21 >> 1); break; case 1: r = r * 28u + (sw21 >> 5); break; case 2: r = r * 25u + (sw21 >> 0);  case 3: r = r * 21u + (sw21 >> 3); break; case 4: r = r * 2u + (sw21 >> 1); break; case 5: r = r * 31u + (sw21 >> 3); break; case 6: r = r * 36u + (sw21 >> 3); break; case 7: r = r * 24u + (sw21 >> 7); break; case 8: r = r * 33u + (sw21 >> 3); break; case 9: r = r * 11u + (sw21 >> 6); break; case 10: r = r * 21u + (sw21 >> 5); break; default: r -= 1u; }
    int32_t s22 = ((int32_t)(c ^ a));
    { int64_t z = (int64_t)s22 + (int64_t)((int32_t)(a ^ c)); s22 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s22 + (int64_t)((int32_t)(b ^ a)); s22 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s22;
    uint64_t x23 = ((uint64_t)((uint64_t)a << 32 | b)), y24 = ((uint64_t)((uint64_t)c << 11));
    r += (uint32_t)(x23 > y24 ? x23 : y24);
    int16_t x25 = ((int16_t)(a >> 13)), y26 = ((int16_t)(c + a));
    r = r * 31u + (uint32_t)((x25 != y26) ? y26 : (int16_t)(x25 ^ y26));
    return r;
}

static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 12896u;
    unsigned char m27[7], m28[7];
    memcpy(m27, pool + (b & 63u), 7);
    memcpy(m28, pool + 45, 7);
    if (b & 3u) memset(m28, (int)(b & 255u), 1);
    else memcpy(m28, m27, 7);
    r += (uint32_t)(memcmp(m27, m28, 7) < 0);
    for (int i = 0; i < 7; i++) r = r * 3u + m27[i];
    int16_t x29 = ((int16_t)(a + a));
    x29 = x29 > 37 ? 37 : x29 < -244 ? -244 : x29;
    r = r * 7u + (uint32_t)x29;
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 15577u;
    int32_t x30 = ((int32_t)(b >> 28)), y31 = ((int32_t)2147483647UL);
    r = r * 31u + (uint32_t)((x30 >= ((int32_t)1UL)) ? x30 : y31);
    uint8_t o32;
    if (__builtin_mul_overflow(((uint8_t)(a ^ a)), ((uint8_t)(b >> 25)), &o32)) r += 214u; else r ^= (uint32_t)o32;
    r += tg1(c, a & 7u);
    return r;
}

static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 49214u;
    { unsigned char d[64] = {0}; mt1(d, pool, c); r += d[8] + d[3]; }
    int8_t x33 = ((int8_t)(b + b)), y34 = ((int8_t)126UL);
    r = r * 31u + (uint32_t)((x33 != y34) ? y34 : (int8_t)(x33 ^ y34));
    return r;
}

__attribute__((noinline)) static uint32_t f7(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 48453u;
    r += tg2(b, c & 7u);
    uint64_t fa35 = 0x7FF0000000000000ULL, fb36 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa35 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb36 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa35 & 0x0008000000000000ULL), bs = bn && !(fb36 & 0x0008000000000000ULL);
      uint64_t z = as ? fb36 : bs ? fa35 : an ? fa35 : bn ? fb36 : fa35 ^ fb36;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int8_t o37;
    r = r * 9u + (uint32_t)__builtin_sub_overflow(((int8_t)b), ((int8_t)(-127L - 1)), &o37) + (uint32_t)o37;
    return r;
}

__attribute__((noinline)) static uint32_t f8(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 39819u;
    unsigned char m38[32], m39[32];
    memcpy(m38, pool + (c & 63u), 32);
    memcpy(m39, pool + 60, 32);
    if (memcmp(m38, m39, 32) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 32; i++) r = r * 3u + m38[i];
    int8_t o40;
    r = r * 9u + (uint32_t)__builtin_sub_overflow(((int8_t)(b + b)), ((int8_t)(a ^ a)), &o40) + (uint32_t)o40;
    for (uint32_t i41 = 0; i41 < (b & 7u); i41++) {
        uint64_t fa42 = ((uint64_t)a << 32 | b), fb43 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
        { _Bool an = (fa42 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
          _Bool bn = (fb43 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
          _Bool as = an && !(fa42 & 0x0008000000000000ULL), bs = bn && !(fb43 & 0x0008000000000000ULL);
          uint64_t z = as ? fb43 : bs ? fa42 : an ? fa42 : bn ? fb43 : fa42 ^ fb43;
          r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    }
    for (uint32_t i44 = 0; i44 < (b & 7u); i44++) {
        uint8_t x45 = ((uint8_t)(a >> 15)), y46 = ((uint8_t)(i44 + b));
        r += (uint32_t)(x45 > y46 ? x45 : y46);
    }
    return r;
}

int main(void)
{
    uint32_t s = 2235127010u, h = 0x811c9dc5u;
    for (int i = 0; i < 85; i++) {
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
        h = (h ^ f7(a, b, c)) * 0x01000193u;
        h = (h ^ f8(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
