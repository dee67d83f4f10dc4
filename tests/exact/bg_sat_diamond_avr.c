/* tests/exact: benchmarks/accuracy/branchgen's program seed 90015, target avr (issue 27), kept
 * as generated. f3's `sadd.sat.i8`: its overflow flag tested by "eor r22, r23; cpi r22, 0;
 * brne" over a diamond whose sides are "lsl; sbc; ldi r22, -128; eor" (the bound) and
 * "ldi r22, -128" (a constant kept for later, the side named after the IR block). The named
 * side was taken for the arm that makes the bound (10 for simavr's 53, marked exact). Now a
 * saturation's diamond neither side of which passes the value on names no arm (an estimate).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 102, 15, 0, 0, 183, 0, 255, 255, 145, 95, 255, 1, 1, 255, 71, 1, 0, 0, 255, 255, 1, 97, 0, 0, 1, 48, 0, 0, 0, 0, 250, 0, 0, 255, 255, 255, 1, 0, 0, 0, 61, 0, 0, 0, 0, 0, 0, 150, 1, 0, 106, 91, 142, 1, 154, 1, 0, 0, 154, 85, 0, 0, 0, 1, 1, 255, 0, 200, 1, 0, 58, 1, 1, 0, 65, 187, 1, 134, 0, 1, 0, 1, 1, 0, 0, 39, 0, 1, 0, 0, 1, 255, 91, 0, 0, 0, 106, 1, 0, 255, 103, 0, 0, 65, 1, 255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 255, 75};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 353u;
    int32_t s1 = ((int32_t)(b ^ c));
    { int64_t z = (int64_t)s1 + (int64_t)((int32_t)(c + a)); s1 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s1 = s1 > 7227 ? 7227 : s1 < -7227 ? -7227 : s1;
    { int64_t z = (int64_t)s1 + (int64_t)((int32_t)(b ^ c)); s1 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s1 = s1 > 5810 ? 5810 : s1 < -5810 ? -5810 : s1;
    { int64_t z = (int64_t)s1 - (int64_t)((int32_t)(c + a)); s1 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s1 - (int64_t)((int32_t)(a >> 9)); s1 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s1 = s1 > 7600 ? 7600 : s1 < -7600 ? -7600 : s1;
    { int64_t z = (int64_t)s1 + (int64_t)((int32_t)(c + b)); s1 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s1 = s1 > 3809 ? 3809 : s1 < -3809 ? -3809 : s1;
    { int64_t z = (int64_t)s1 - (int64_t)((int32_t)(c ^ a)); s1 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s1 = s1 > 4871 ? 4871 : s1 < -4871 ? -4871 : s1;
    r ^= (uint32_t)s1;
    int32_t x3 = ((int32_t)(b + c));
    int32_t x4 = ((int32_t)b);
    int32_t x5 = ((int32_t)a);
    int32_t v2 = x3;
    v2 = (x3 != ((int32_t)1UL)) ? v2 : x4;
    v2 = (x5 >= x4) ? x4 : v2;
    v2 = (v2 <= ((int32_t)2147483647UL)) ? v2 : ((int32_t)0UL);
    v2 = (x3 >= ((int32_t)(-99L - 1))) ? v2 : x3;
    v2 = (x4 == ((int32_t)(-2147483646L - 1))) ? ((int32_t)(-1L - 1)) : v2;
    r += (uint32_t)v2;
    _Bool inv6 = (c & 16u) != 0;
    _Bool res7 = (((uint32_t)a) < ((uint32_t)32768UL));
    res7 = inv6 ? !res7 : res7;
    if (res7 | (((int32_t)c) < 1)) r += 22u;
    else r = r * 5u + 1u;
    int64_t x8 = ((int64_t)((uint64_t)a * 0x9E3779B9u)), y9 = ((int64_t)((uint64_t)b * 0x9E3779B9u));
    r = r * 31u + (uint32_t)((x8 <= y9) ? ((int64_t)(-1LL - 1)) : (int64_t)(x8 ^ y9));
    r ^= (uint32_t)((uint64_t)((x8 == y9) ? x8 : y9) >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8187u;
    uint32_t sw10 = a;
    switch (sw10 % 7u) { case 0: r += 8777u; break; case 1: r += 5633u; break; case 2: r += 7524u; break; case 3: r += 9211u; break; case 4: r += 3355u; break; case 5: r += 4019u; break; default: r ^= 7u; }
    int64_t x11 = ((int64_t)(uint64_t)(int32_t)a), y12 = ((int64_t)(-1LL - 1));
    r = r * 31u + (uint32_t)((x11 < ((int64_t)(-99LL - 1))) ? (int64_t)((uint64_t)x11 + 1u) : ((int64_t)65536LL));
    r ^= (uint32_t)((uint64_t)((x11 != y12) ? x11 : y12) >> 32);
    uint64_t x14 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    uint64_t x15 = ((uint64_t)(uint64_t)(int32_t)a);
    uint64_t x16 = ((uint64_t)((uint64_t)b << 13));
    uint64_t v13 = x14;
    v13 = (x16 <= x15) ? v13 : x15;
    v13 = (x15 != x14) ? x14 : v13;
    v13 = (x16 == (x16 ^ 1)) ? x16 : v13;
    r += (uint32_t)v13 ^ (uint32_t)((uint64_t)v13 >> 32);
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 48298u;
    uint8_t x17 = ((uint8_t)(c >> 17)), y18 = ((uint8_t)(a ^ a));
    r += (uint32_t)(x17 > y18 ? x17 : y18);
    uint64_t fa19 = 0x7FF8000000000001ULL, fb20 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa19 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb20 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa19 & 0x0008000000000000ULL), bs = bn && !(fb20 & 0x0008000000000000ULL);
      uint64_t z = as ? fb20 : bs ? fa19 : an ? fa19 : bn ? fb20 : fa19 ^ fb20;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint32_t sw21 = c;
    switch (sw21 & 15u) { case 0: r = r * 29u + (sw21 >> 4);  case 1: r = r * 21u + (sw21 >> 6);  case 2: r = r * 6u + (sw21 >> 0); break; case 3: r = r * 20u + (sw21 >> 2); break; case 4: r = r * 7u + (sw21 >> 4); break; case 5: r = r * 28u + (sw21 >> 1); break; case 6: r = r * 33u + (sw21 >> 4);  case 7: r = r * 2u + (sw21 >> 3);  case 8: r = r * 21u + (sw21 >> 3);  case 9: r = r * 31u + (sw21 >> 5);  default: r -= 1u; }
    _Bool b22 = (((uint16_t)(c >> 6)) == ((uint16_t)65535UL));
    _Bool b23 = (((uint16_t)(a ^ a)) == ((uint16_t)255UL));
    if (b22 ^ b23) r += 825u; else r ^= 633u;
    int32_t x24 = ((int32_t)a), y25 = ((int32_t)b);
    r += (uint32_t)(x24 > y25 ? x24 : y25);
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 56528u;
    uint64_t fa26 = 0x7FF0000000000000ULL, fb27 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa26 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb27 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa26 & 0x0008000000000000ULL), bs = bn && !(fb27 & 0x0008000000000000ULL);
      uint64_t z = as ? fb27 : bs ? fa26 : an ? fa26 : bn ? fb27 : fa26 ^ fb27;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int8_t s28 = ((int8_t)c);
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)(b >> 12)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s28 = s28 > 103 ? 103 : s28 < -103 ? -103 : s28;
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)(a >> 30)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s28 - (int32_t)((int8_t)b); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s28 = s28 > 67 ? 67 : s28 < -67 ? -67 : s28;
    { int32_t z = (int32_t)s28 + (int32_t)((int8_t)(b ^ c)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s28 + (int32_t)((int8_t)(a + b)); s28 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    r ^= (uint32_t)s28;
    uint64_t fa29 = ((uint64_t)a << 32 | b), fb30 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa29 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb30 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa29 & 0x0008000000000000ULL), bs = bn && !(fb30 & 0x0008000000000000ULL);
      uint64_t z = as ? fb30 : bs ? fa29 : an ? fa29 : bn ? fb30 : fa29 ^ fb30;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 37034u;
    uint8_t s31 = ((uint8_t)(a + b));
    { uint8_t y_ = ((uint8_t)(c + b)); s31 = s31 > y_ ? (uint8_t)(s31 - y_) : 0; }
    { uint8_t z = (uint8_t)(s31 + ((uint8_t)(a + b))); s31 = z < s31 ? (uint8_t)255ULL : z; }
    r ^= (uint32_t)s31;
    int32_t x32 = ((int32_t)(b ^ b)), y33 = ((int32_t)(b >> 18));
    r += (uint32_t)(x32 < y33 ? x32 : y33);
    uint32_t x35 = ((uint32_t)(c >> 8));
    uint32_t x36 = ((uint32_t)a);
    uint32_t x37 = ((uint32_t)(b + a));
    uint32_t v34 = x37;
    v34 = (v34 <= x37) ? v34 : x37;
    v34 = (x37 != ((uint32_t)65536UL)) ? v34 : x36;
    v34 = (x37 == x35) ? v34 : x37;
    v34 = (x37 < (x37 ^ 1)) ? x36 : v34;
    v34 = (v34 <= x35) ? ((uint32_t)32768UL) : v34;
    v34 = (x37 < (x37 ^ 1)) ? x36 : v34;
    r += (uint32_t)v34;
    return r;
}

static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 11440u;
    _Bool inv38 = (a & 2u) != 0;
    _Bool res39 = (((uint16_t)(c + b)) < ((uint16_t)65535UL));
    res39 = inv38 ? !res39 : res39;
    if (res39 | (((int16_t)(c + a)) < 1)) r += 16u;
    else r = r * 5u + 1u;
    uint32_t sw40 = a;
    switch (sw40 % 5001u) { case 37: r += 74u; break; case 663: r += 32u; break; case 675: r += 92u; break; case 810: r += 64u; break; case 1009: r += 35u; break; case 2343: r += 90u; break; case 2617: r += 81u; break; case 2749: r += 34u; break; case 3837: r += 2u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw40; }
    return r;
}

int main(void)
{
    uint32_t s = 2490364213u, h = 0x811c9dc5u;
    for (int i = 0; i < 63; i++) {
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
