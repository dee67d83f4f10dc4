/* tests/exact: benchmarks/accuracy/branchgen's program seed 77680, target host (issue 27), kept
 * as generated. main's `x > 7 ? y : 0` on a byte is made "cmpl $8, %ecx; jge" over an arm
 * "xorl %r12d, %r12d": the constant 0, the false value. The old binary read neither AT&T's
 * immediate-first compare ("$8" is x > 7's 7 + 1) nor x86's zeroing idiom, so it took the arm
 * for the single-use computed value and swapped the select's counts (110 for qemu's 32, marked
 * exact). Now "xor r, r" and "mov $C, r" are constant arms and a compare's leading immediate is
 * its constant (lower_classify.c, lower_constants.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {0, 0, 0, 211, 0, 255, 1, 119, 199, 0, 0, 105, 0, 255, 67, 0, 214, 0, 1, 133, 1, 255, 1, 255, 1, 255, 192, 255, 36, 39, 1, 1, 0, 0, 196, 255, 254, 255, 255, 1, 0, 255, 229, 0, 0, 40, 1, 0, 255, 0, 1, 255, 255, 0, 0, 1, 26, 1, 0, 0, 0, 1, 0, 0, 255, 0, 1, 0, 0, 255, 0, 33, 23, 255, 0, 255, 255, 0, 31, 0, 1, 1, 0, 0, 1, 0, 1, 255, 255, 169, 0, 0, 255, 255, 0, 0, 1, 192, 255, 0, 255, 1, 1, 255, 79, 255, 0, 1, 124, 0, 2, 0, 0, 0, 11, 0, 0, 0, 0, 213, 0, 0, 255, 0, 1, 204, 255, 0};

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

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 10199u;
    uint64_t x1 = ((uint64_t)(uint64_t)b), y2 = ((uint64_t)((uint64_t)b << 32 | c));
    r = r * 31u + (uint32_t)((x1 == ((uint64_t)1ULL)) ? x1 : x1);
    r ^= (uint32_t)((uint64_t)((x1 != y2) ? x1 : y2) >> 32);
    int16_t x3 = ((int16_t)(c + b));
    x3 = x3 > 179 ? 179 : x3 < -100 ? -100 : x3;
    r = r * 7u + (uint32_t)x3;
    _Bool inv4 = (a & 2u) != 0;
    _Bool res5 = (((uint64_t)((uint64_t)c << 15)) == ((uint64_t)7ULL));
    res5 = inv4 ? !res5 : res5;
    if (res5 | (((int64_t)((uint64_t)a * 0x9E3779B9u)) < 1)) r += 20u;
    else r = r * 5u + 1u;
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 50000u;
    unsigned char m6[3], m7[3];
    memcpy(m6, pool + (b & 63u), 3);
    memcpy(m7, pool + 20, 3);
    if (a & 3u) memset(m7, (int)(a & 255u), 1);
    else memcpy(m7, m6, 3);
    if (memcmp(m6, m7, 3) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 3; i++) r = r * 3u + m6[i];
    int8_t x9 = ((int8_t)(b ^ a));
    int8_t x10 = ((int8_t)b);
    int8_t x11 = ((int8_t)(b + b));
    int8_t v8 = x11;
    v8 = (x11 > x10) ? x11 : v8;
    v8 = (x9 == (x9 ^ 1)) ? ((int8_t)127UL) : v8;
    v8 = (x11 <= (x11 ^ 1)) ? v8 : x10;
    v8 = (x9 >= x11) ? v8 : ((int8_t)(-99L - 1));
    v8 = (x9 > ((int8_t)7UL)) ? (int8_t)((uint64_t)v8 + (uint64_t)x9) : v8;
    v8 = (v8 != x10) ? v8 : (int8_t)((uint64_t)v8 + (uint64_t)x11);
    r += (uint32_t)v8;
    int32_t s12 = ((int32_t)(b ^ c));
    { int64_t z = (int64_t)s12 + (int64_t)((int32_t)(b ^ b)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s12 - (int64_t)((int32_t)(b ^ b)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s12 - (int64_t)((int32_t)(b >> 5)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s12 = s12 > 1718 ? 1718 : s12 < -1718 ? -1718 : s12;
    { int64_t z = (int64_t)s12 + (int64_t)((int32_t)(c >> 23)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s12 + (int64_t)((int32_t)(b ^ b)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s12 - (int64_t)((int32_t)(a ^ b)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s12 - (int64_t)((int32_t)(a ^ c)); s12 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s12;
    int16_t x13 = ((int16_t)(b >> 24)), y14 = ((int16_t)255UL);
    r = r * 31u + (uint32_t)((x13 < y14) ? (int16_t)((uint64_t)x13 + 1u) : x13);
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 33701u;
    int64_t x16 = ((int64_t)((uint64_t)a << 3));
    int64_t x17 = ((int64_t)((uint64_t)a * 0x9E3779B9u));
    int64_t x18 = ((int64_t)(uint64_t)c);
    int64_t v15 = x17;
    v15 = (v15 > ((int64_t)32768LL)) ? v15 : x18;
    v15 = (x18 < x17) ? x18 : v15;
    v15 = (x17 <= (x17 ^ 1)) ? ((int64_t)2LL) : v15;
    v15 = (v15 < x17) ? ((int64_t)32767LL) : v15;
    r += (uint32_t)v15 ^ (uint32_t)((uint64_t)v15 >> 32);
    int64_t x20 = ((int64_t)(uint64_t)(int32_t)b);
    int64_t x21 = ((int64_t)((uint64_t)b << 40));
    int64_t x22 = ((int64_t)((uint64_t)a << 28));
    int64_t v19 = x20;
    v19 = (x20 >= (x20 ^ 1)) ? v19 : x20;
    v19 = (x21 < (x21 ^ 1)) ? v19 : ((int64_t)(-99LL - 1));
    v19 = (x20 < (x20 ^ 1)) ? x22 : v19;
    v19 = (x20 >= (x20 ^ 1)) ? x21 : v19;
    v19 = (x20 != x22) ? v19 : x20;
    r += (uint32_t)v19 ^ (uint32_t)((uint64_t)v19 >> 32);
    r += tg1(b, b & 7u);
    uint16_t x23 = ((uint16_t)c), y24 = ((uint16_t)b);
    r += (uint32_t)(x23 > y24 ? x23 : y24);
    _Bool b25 = (((int64_t)(uint64_t)(int32_t)c) >= ((int64_t)((uint64_t)a << 32 | b)));
    _Bool b26 = (((int64_t)(uint64_t)(int32_t)a) != ((int64_t)(uint64_t)a));
    if (!b25 | !b26) r += 86u; else r ^= 613u;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 33947u;
    int64_t w27 = ((int64_t)((uint64_t)b * 0x9E3779B9u)), w28 = ((int64_t)0LL);
    w27 = (int64_t)((int64_t)w27 >> 27);
    r += (uint32_t)w27 ^ (uint32_t)((uint64_t)w27 >> 32);
    _Bool b29 = (((uint32_t)(c ^ a)) >= ((uint32_t)2015828370UL));
    _Bool b30 = (((uint32_t)b) <= ((uint32_t)4294967295UL));
    _Bool b31 = (((uint32_t)(c + a)) == ((uint32_t)a));
    if ((b29 && b30 && b31) || !(b29 || b30 || b31)) r += 749u; else r ^= 129u;
    return r;
}

static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 15588u;
    { unsigned char d[64] = {0}; mt1(d, pool, a); r += d[8] + d[3]; }
    uint32_t sw32 = b;
    switch (sw32 % 5001u) { case 545: r += 36u; break; case 734: r += 53u; break; case 2593: r += 69u; break; case 2601: r += 6u; break; case 3581: r += 15u; break; case 3654: r += 48u; break; case 3853: r += 3u; break; case 4425: r += 25u; break; case 4944: r += 19u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw32; }
    int8_t x33 = ((int8_t)(b >> 21)), y34 = ((int8_t)(c + c));
    r = r * 31u + (uint32_t)((x33 <= y34) ? y34 : (int8_t)((uint64_t)x33 + 1u));
    return r;
}

int main(void)
{
    uint32_t s = 1039474176u, h = 0x811c9dc5u;
    for (int i = 0; i < 142; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
        h = (h ^ f1(a, b, c)) * 0x01000193u;
        h = (h ^ f2(a, b, c)) * 0x01000193u;
        h = (h ^ f3(a, b, c)) * 0x01000193u;
        h = (h ^ f4(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
