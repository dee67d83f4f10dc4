/* tests/exact: benchmarks/accuracy/branchgen's program seed 90047, target riscv32 (issue 27), kept
 * as generated. main's inlined saturation chain `umin(usub.sat(umin(uadd.sat(x, y), 10704), y),
 * 6395)`: each saturation made branch-free ("sltu; neg; or", "sltu; addi -1; and"), each umin a
 * "bltu" located at the saturation before it. The branches were taken for the saturations'
 * (122 taken for qemu's 42, 90 for 133, marked exact). Now a saturation computed without a
 * branch in the block gives that block's branch no saturation record (an estimate).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {255, 1, 0, 124, 255, 1, 1, 0, 1, 255, 255, 239, 255, 255, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 250, 84, 0, 255, 0, 1, 0, 194, 0, 1, 255, 0, 161, 0, 0, 10, 52, 0, 1, 255, 66, 0, 255, 1, 1, 255, 0, 1, 255, 255, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 255, 255, 0, 53, 1, 161, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 255, 9, 1, 255, 0, 0, 0, 72, 255, 0, 1, 0, 255, 0, 0, 1, 0, 0, 0, 255, 1, 0, 0, 1, 1, 0, 0, 0, 255, 56, 0, 0, 1, 1, 255, 255, 0, 77, 205, 1, 211, 220, 0, 0, 204, 0};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 16);
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
    uint32_t r = 41988u;
    int64_t x1 = ((int64_t)(uint64_t)(int32_t)a), y2 = ((int64_t)(uint64_t)(int32_t)c);
    r += (uint32_t)(x1 < y2 ? x1 : y2);
    _Bool b3 = (((uint64_t)((uint64_t)a << 32 | b)) < ((uint64_t)32767ULL));
    _Bool b4 = (((uint64_t)(uint64_t)a) > ((uint64_t)((uint64_t)a * 0x9E3779B9u)));
    _Bool b5 = (((uint64_t)((uint64_t)c << 28)) > ((uint64_t)1ULL));
    if ((b3 || b4) && !(b5)) r += 248u; else r ^= 555u;
    uint64_t fa6 = 0x7FF0000000000000ULL, fb7 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa6 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb7 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa6 & 0x0008000000000000ULL), bs = bn && !(fb7 & 0x0008000000000000ULL);
      uint64_t z = as ? fb7 : bs ? fa6 : an ? fa6 : bn ? fb7 : fa6 ^ fb7;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    _Bool b8 = (((int16_t)a) < ((int16_t)32767UL));
    _Bool b9 = (((int16_t)c) <= ((int16_t)32766UL));
    r = r * 3u + ((!b8 | b9) ? 49u : 20u);
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 56522u;
    int32_t x10 = ((int32_t)(b >> 23)), y11 = ((int32_t)(c + a));
    r += (uint32_t)(x10 < y11 ? x10 : y11);
    r += tg1(c, a & 7u);
    int64_t w12 = ((int64_t)((uint64_t)a * 0x9E3779B9u)), w13 = ((int64_t)((uint64_t)a << 32 | b));
    w12 = (int64_t)((uint64_t)w12 << 34);
    r += (uint32_t)w12 ^ (uint32_t)((uint64_t)w12 >> 32);
    r ^= (uint32_t)(w12 == ((int64_t)9223372036854775807LL)) << 3 | (uint32_t)(w13 < ((int64_t)(-9223372036854775806LL - 1)));
    for (uint32_t i14 = 0; i14 < (b & 15u); i14++) {
        uint32_t x15 = ((uint32_t)(b ^ a)), y16 = ((uint32_t)256UL);
        r = r * 31u + (uint32_t)((x15 < ((uint32_t)4294967294UL)) ? x15 : x15);
    }
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2211u;
    uint32_t sw17 = a;
    switch (sw17 % 5001u) { case 797: r += 45u; break; case 1110: r += 58u; break; case 1879: r += 91u; break; case 2116: r += 74u; break; case 2762: r += 74u; break; case 3009: r += 46u; break; case 3700: r += 92u; break; case 4518: r += 6u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw17; }
    int16_t x18 = ((int16_t)(c ^ c));
    x18 = x18 > 0 ? 0 : x18 < -271 ? -271 : x18;
    r = r * 7u + (uint32_t)x18;
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51288u;
    int64_t x20 = ((int64_t)(uint64_t)(int32_t)b);
    int64_t x21 = ((int64_t)((uint64_t)c << 9));
    int64_t x22 = ((int64_t)((uint64_t)b << 32 | c));
    int64_t v19 = x20;
    v19 = (x22 != x21) ? (int64_t)((uint64_t)v19 + (uint64_t)x22) : v19;
    v19 = (x22 > x21) ? v19 : x22;
    v19 = (v19 != x21) ? x22 : v19;
    v19 = (x22 != ((int64_t)256LL)) ? (int64_t)((uint64_t)v19 + (uint64_t)x21) : v19;
    v19 = (x22 != (x22 ^ 1)) ? v19 : x20;
    v19 = (x21 < ((int64_t)(-9223372036854775807LL - 1))) ? x22 : v19;
    r += (uint32_t)v19 ^ (uint32_t)((uint64_t)v19 >> 32);
    int32_t x23 = ((int32_t)a);
    x23 = x23 > 216 ? 216 : x23 < -139 ? -139 : x23;
    r = r * 7u + (uint32_t)x23;
    return r;
}

static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8653u;
    unsigned char m24[32], m25[32];
    memcpy(m24, pool + (c & 63u), 32);
    memcpy(m25, pool + 60, 32);
    if (memcmp(m24, m25, 32) == 0 && memcmp(m24, pool + 52, 32) == 0) r ^= 0x55u;
    for (int i = 0; i < 32; i++) r = r * 3u + m24[i];
    uint32_t s26 = ((uint32_t)b);
    { uint32_t z = (uint32_t)(s26 + ((uint32_t)(c ^ b))); s26 = z < s26 ? (uint32_t)4294967295ULL : z; }
    s26 = s26 > 10704 ? 10704 : s26 < 0 ? 0 : s26;
    { uint32_t y_ = ((uint32_t)b); s26 = s26 > y_ ? (uint32_t)(s26 - y_) : 0; }
    s26 = s26 > 6395 ? 6395 : s26 < 0 ? 0 : s26;
    r ^= (uint32_t)s26;
    int8_t x27 = ((int8_t)(c + a)), y28 = ((int8_t)(c + b));
    r += (uint32_t)(x27 < y28 ? x27 : y28);
    for (uint32_t i29 = 0; i29 < (c & 3u); i29++) {
        uint32_t sw30 = b;
        switch (sw30 % 4u) { case 0: r += 7598u; break; case 1: r += 8557u; break; case 2: r += 6721u; break; case 3: r += 1183u; break; default: r ^= 7u; }
    }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23162u;
    unsigned char m31[7], m32[7];
    memcpy(m31, pool + (a & 63u), 7);
    memcpy(m32, pool + 30, 7);
    if (memcmp(m31, m32, 7) == 0 && memcmp(m31, pool + 26, 7) == 0) r ^= 0x55u;
    for (int i = 0; i < 7; i++) r = r * 3u + m31[i];
    _Bool b33 = (((uint64_t)((uint64_t)b << 8)) <= ((uint64_t)1000ULL));
    _Bool b34 = (((uint64_t)((uint64_t)c * 0x9E3779B9u)) == ((uint64_t)5016700770012204564ULL));
    _Bool b35 = (((uint64_t)(uint64_t)(int32_t)a) <= ((uint64_t)(uint64_t)(int32_t)c));
    _Bool b36 = (((uint64_t)(uint64_t)c) < ((uint64_t)967569981328307133ULL));
    r = r * 3u + (((b33 || b34 || b35) && !(b36)) ? 76u : 17u);
    int64_t x37 = ((int64_t)(uint64_t)a), y38 = ((int64_t)(uint64_t)c);
    r += (uint32_t)(x37 < y38 ? x37 : y38);
    _Bool inv39 = (b & 4u) != 0;
    _Bool res40 = (((int8_t)(c + b)) <= ((int8_t)2UL));
    res40 = inv39 ? !res40 : res40;
    if (res40 | (((int8_t)(a >> 2)) < 1)) r += 47u;
    else r = r * 5u + 1u;
    _Bool inv41 = (b & 1u) != 0;
    _Bool res42 = (((int16_t)b) > ((int16_t)32767UL));
    res42 = inv41 ? !res42 : res42;
    if (res42 | (((int16_t)(b + a)) < 1)) r += 32u;
    else r = r * 5u + 1u;
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23873u;
    for (uint32_t i43 = 0; i43 < (c & 7u); i43++) {
        int32_t s44 = ((int32_t)(i43 ^ c));
        { int64_t z = (int64_t)s44 - (int64_t)((int32_t)(i43 ^ a)); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s44 + (int64_t)((int32_t)(b + i43)); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s44 - (int64_t)((int32_t)(i43 ^ a)); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s44 - (int64_t)((int32_t)(c >> 19)); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        s44 = s44 > 14205 ? 14205 : s44 < -14205 ? -14205 : s44;
        { int64_t z = (int64_t)s44 + (int64_t)((int32_t)i43); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s44 - (int64_t)((int32_t)(b ^ i43)); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s44 - (int64_t)((int32_t)c); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        { int64_t z = (int64_t)s44 - (int64_t)((int32_t)i43); s44 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
        s44 = s44 > 1259 ? 1259 : s44 < -1259 ? -1259 : s44;
        r ^= (uint32_t)s44;
    }
    uint32_t sw45 = c;
    switch (sw45 & 7u) { case 0: r = r * 39u + (sw45 >> 3);  case 1: r = r * 24u + (sw45 >> 1); break; case 2: r = r * 7u + (sw45 >> 0); break; case 3: r = r * 8u + (sw45 >> 5);  case 4: r = r * 5u + (sw45 >> 0); break; case 5: r = r * 7u + (sw45 >> 4); break; default: r -= 1u; }
    int32_t s46 = ((int32_t)a);
    { int64_t z = (int64_t)s46 - (int64_t)((int32_t)c); s46 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s46 = s46 > 2337 ? 2337 : s46 < -2337 ? -2337 : s46;
    r ^= (uint32_t)s46;
    return r;
}

int main(void)
{
    uint32_t s = 2103033080u, h = 0x811c9dc5u;
    for (int i = 0; i < 186; i++) {
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
