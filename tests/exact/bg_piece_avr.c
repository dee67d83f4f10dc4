/* tests/exact: benchmarks/accuracy/branchgen's program seed 72002, target avr (issue 27), kept as generated (the routines every branchgen program carries in bg_memory.h and bg_bend.h).
 * f5: "(v & 262140) == 131068 ? 0 : a >> 21", an i32 select made a 16-bit piece per branch;
 * the high piece's arm "mov r16, r1; mov r17, r1" loads zero for the second value (x >> 21
 * has a zero high half), the first value's 0 kept in a register. The old binary named the
 * arm by its constant, the first value: counted 0 for simavr's 47, marked exact
 * (lower_selects.c arm_sense).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {255, 0, 0, 0, 255, 1, 1, 255, 0, 1, 255, 0, 255, 1, 255, 0, 0, 255, 1, 37, 5, 0, 255, 0, 0, 1, 255, 153, 0, 90, 0, 255, 51, 105, 255, 72, 255, 0, 237, 0, 0, 0, 1, 1, 91, 117, 162, 1, 0, 255, 1, 1, 1, 0, 255, 155, 255, 0, 1, 0, 186, 0, 1, 0, 0, 50, 0, 156, 0, 0, 4, 255, 137, 0, 0, 0, 13, 255, 0, 255, 0, 255, 0, 1, 255, 255, 255, 227, 0, 1, 0, 255, 219, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 255, 0, 1, 255, 0, 0, 75, 0, 0, 0, 0, 1, 0, 1, 0, 0, 60, 0, 1, 122};

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
    return d > 4 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 46037u;
    int64_t w1 = ((int64_t)(uint64_t)(int32_t)b), w2 = ((int64_t)(-0LL - 1));
    w1 = (int64_t)((uint64_t)w1 << (c & 31u));
    r += (uint32_t)w1 ^ (uint32_t)((uint64_t)w1 >> 32);
    int16_t h3 = (int16_t)b;
    r += (int64_t)h3 >= (int64_t)((w1 < w2) != 0) ? 1u : 0x100u;
    _Bool inv4 = (b & 2u) != 0;
    _Bool res5 = (((uint8_t)(a ^ a)) > ((uint8_t)1UL));
    res5 = inv4 ? !res5 : res5;
    if (res5 | (((int8_t)(c ^ b)) < 1)) r += 85u;
    else r = r * 5u + 1u;
    int64_t w6 = ((int64_t)(uint64_t)a), w7 = ((int64_t)((uint64_t)b << 14));
    r = r * 17u + (uint32_t)((w6 > w7) ? w6 : w7);
    r = r * 17u + (uint32_t)((w6 < w7) ? w6 : w7);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 19422u;
    uint8_t x8 = ((uint8_t)c), y9 = ((uint8_t)255UL);
    r = r * 31u + (uint32_t)((x8 <= y9) ? x8 : x8);
    uint32_t sw10 = c;
    switch (sw10 % 8u) { case 0: r += 6109u; break; case 1: r += 2072u; break; case 2: r += 9721u; break; case 3: r += 6974u; break; case 4: r += 9492u; break; case 5: r += 9472u; break; default: r ^= 7u; }
    uint32_t sw11 = b;
    switch (sw11 % 5001u) { case 506: r += 18u; break; case 783: r += 50u; break; case 1481: r += 91u; break; case 2498: r += 96u; break; case 2796: r += 64u; break; case 2956: r += 46u; break; case 3168: r += 80u; break; case 3741: r += 10u; break; case 4978: r += 43u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw11; }
    r += tg1(b, a & 7u);
    _Bool b12 = (((int64_t)((uint64_t)a * 0x9E3779B9u)) < ((int64_t)(-9223372036854775806LL - 1)));
    _Bool b13 = (((int64_t)((uint64_t)a << 32 | c)) <= ((int64_t)9223372036854775806LL));
    _Bool b14 = (((int64_t)((uint64_t)a << 32 | a)) != ((int64_t)(-99LL - 1)));
    _Bool b15 = (((int64_t)((uint64_t)b * 0x9E3779B9u)) > ((int64_t)9223372036854775807LL));
    if (b12 ^ b13 ^ b14 ^ b15) r += 267u; else r ^= 917u;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 7627u;
    int8_t s16 = ((int8_t)c);
    { int32_t z = (int32_t)s16 - (int32_t)((int8_t)(c >> 8)); s16 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s16 = s16 > 77 ? 77 : s16 < -77 ? -77 : s16;
    { int32_t z = (int32_t)s16 + (int32_t)((int8_t)(c + a)); s16 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s16 = s16 > 99 ? 99 : s16 < -99 ? -99 : s16;
    r ^= (uint32_t)s16;
    uint8_t s17 = ((uint8_t)(c + c));
    { uint8_t y_ = ((uint8_t)b); s17 = s17 > y_ ? (uint8_t)(s17 - y_) : 0; }
    { uint8_t y_ = ((uint8_t)(a + a)); s17 = s17 > y_ ? (uint8_t)(s17 - y_) : 0; }
    { uint8_t y_ = ((uint8_t)(c >> 10)); s17 = s17 > y_ ? (uint8_t)(s17 - y_) : 0; }
    { uint8_t z = (uint8_t)(s17 + ((uint8_t)(c ^ b))); s17 = z < s17 ? (uint8_t)255ULL : z; }
    s17 = s17 > 149 ? 149 : s17 < 0 ? 0 : s17;
    { uint8_t z = (uint8_t)(s17 + ((uint8_t)(b + c))); s17 = z < s17 ? (uint8_t)255ULL : z; }
    s17 = s17 > 215 ? 215 : s17 < 0 ? 0 : s17;
    { uint8_t y_ = ((uint8_t)(c ^ b)); s17 = s17 > y_ ? (uint8_t)(s17 - y_) : 0; }
    r ^= (uint32_t)s17;
    uint64_t fa18 = 0x7FF8000000000001ULL, fb19 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa18 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb19 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa18 & 0x0008000000000000ULL), bs = bn && !(fb19 & 0x0008000000000000ULL);
      uint64_t z = as ? fb19 : bs ? fa18 : an ? fa18 : bn ? fb19 : fa18 ^ fb19;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t w20 = ((uint64_t)((uint64_t)a << 32 | b)), w21 = ((uint64_t)(uint64_t)c);
    int16_t h22 = (int16_t)b;
    r += (int64_t)h22 >= (int64_t)((w20 >= w21) != 0) ? 1u : 0x100u;
    uint32_t sw23 = b;
    switch (sw23 % 5001u) { case 17: r += 62u; break; case 413: r += 55u; break; case 537: r += 74u; break; case 1438: r += 20u; break; case 3142: r += 96u; break; case 4292: r += 63u; break; case 4447: r += 85u; break; case 4744: r += 61u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw23; }
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 52897u;
    int64_t x24 = ((int64_t)((uint64_t)b * 0x9E3779B9u)), y25 = ((int64_t)((uint64_t)b << 1));
    r = r * 31u + (uint32_t)((x24 <= ((int64_t)7LL)) ? y25 : (int64_t)(x24 ^ y25));
    r ^= (uint32_t)((uint64_t)((x24 > y25) ? x24 : y25) >> 32);
    int16_t x27 = ((int16_t)(b ^ c));
    int16_t x28 = ((int16_t)b);
    int16_t x29 = ((int16_t)a);
    int16_t v26 = x29;
    v26 = (x27 != x28) ? x27 : v26;
    v26 = (x27 == x28) ? x28 : v26;
    v26 = (x28 != (x28 ^ 1)) ? x29 : v26;
    v26 = (x28 < ((int16_t)32767UL)) ? v26 : x28;
    v26 = (v26 < x29) ? (int16_t)((uint64_t)v26 + (uint64_t)x29) : v26;
    v26 = (x28 < (x28 ^ 1)) ? ((int16_t)100UL) : v26;
    r += (uint32_t)v26;
    unsigned char m30[7], m31[7];
    memcpy(m30, pool + (c & 63u), 7);
    memcpy(m31, pool + 26, 7);
    if (b & 3u) memset(m31, (int)(b & 255u), 4);
    else memcpy(m31, m30, 7);
    if (memcmp(m30, m31, 7) == 0 && memcmp(m30, pool + 14, 7) == 0) r ^= 0x55u;
    for (int i = 0; i < 7; i++) r = r * 3u + m30[i];
    _Bool b32 = (((uint16_t)c) != ((uint16_t)65535UL));
    _Bool b33 = (((uint16_t)(b + a)) <= ((uint16_t)0UL));
    _Bool b34 = (((uint16_t)(c + b)) != ((uint16_t)(a ^ c)));
    if (b32 ^ b33 ^ b34) r += 667u; else r ^= 240u;
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 55874u;
    uint64_t fa35 = 0x7FF8000000000001ULL, fb36 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa35 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb36 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa35 & 0x0008000000000000ULL), bs = bn && !(fb36 & 0x0008000000000000ULL);
      uint64_t z = as ? fb36 : bs ? fa35 : an ? fa35 : bn ? fb36 : fa35 ^ fb36;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    unsigned char m37[1], m38[1];
    memcpy(m37, pool + (c & 63u), 1);
    memcpy(m38, pool + 23, 1);
    if (b & 3u) memset(m38, (int)(b & 255u), 1);
    else memcpy(m38, m37, 1);
    if (memcmp(m37, m38, 1) == 0 && memcmp(m37, pool + 5, 1) == 0) r ^= 0x55u;
    for (int i = 0; i < 1; i++) r = r * 3u + m37[i];
    for (uint32_t i39 = 0; i39 < (c & 15u); i39++) {
        int8_t x41 = ((int8_t)(i39 >> 6));
        int8_t x42 = ((int8_t)(a >> 29));
        int8_t x43 = ((int8_t)(b ^ b));
        int8_t v40 = x42;
        v40 = (x42 <= ((int8_t)127UL)) ? x42 : v40;
        v40 = (x42 < x41) ? v40 : ((int8_t)(-99L - 1));
        v40 = (x42 > x41) ? v40 : ((int8_t)100UL);
        r += (uint32_t)v40;
    }
    uint32_t x44 = ((uint32_t)(a ^ b)), y45 = ((uint32_t)0UL);
    r = r * 31u + (uint32_t)((x44 >= ((uint32_t)1UL)) ? x44 : (uint32_t)((uint64_t)x44 + 1u));
    uint16_t x46 = ((uint16_t)(a + b)), y47 = ((uint16_t)100UL);
    r = r * 31u + (uint32_t)((x46 <= y47) ? x46 : ((uint16_t)1UL));
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 50393u;
    uint32_t x48 = ((uint32_t)(b ^ a)), y49 = ((uint32_t)(a >> 18));
    r = r * 31u + (uint32_t)((x48 <= ((uint32_t)4294967294UL)) ? (uint32_t)((uint64_t)x48 + 1u) : x48);
    _Bool inv50 = (c & 1u) != 0;
    _Bool res51 = (((uint32_t)a) == ((uint32_t)7UL));
    res51 = inv50 ? !res51 : res51;
    if (res51 | (((int32_t)b) < 1)) r += 24u;
    else r = r * 5u + 1u;
    int64_t x52 = ((int64_t)((uint64_t)a << 38)), y53 = ((int64_t)((uint64_t)a * 0x9E3779B9u));
    r = r * 31u + (uint32_t)((x52 == y53) ? ((int64_t)32768LL) : ((int64_t)(-9223372036854775807LL - 1)));
    r ^= (uint32_t)((uint64_t)((x52 != y53) ? x52 : y53) >> 32);
    int16_t x54 = ((int16_t)(b >> 2)), y55 = ((int16_t)(a >> 21));
    r = r * 31u + (uint32_t)((x54 <= ((int16_t)32766UL)) ? y55 : ((int16_t)0UL));
    uint32_t sw56 = c;
    switch (sw56 % 11u) { case 0: r += 4308u; break; case 1: r += 8713u; break; case 2: r += 2812u; break; case 3: r += 4583u; break; case 4: r += 9861u; break; case 5: r += 3890u; break; case 6: r += 4142u; break; case 7: r += 7247u; break; case 8: r += 4106u; break; case 9: r += 3303u; break; case 10: r += 6881u; break; default: r ^= 7u; }
    return r;
}

int main(void)
{
    uint32_t s = 2502536094u, h = 0x811c9dc5u;
    for (int i = 0; i < 47; i++) {
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
