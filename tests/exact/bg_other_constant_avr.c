/* tests/exact: benchmarks/accuracy/branchgen's program seed 79118, target avr (issue 27), kept as
 * generated. f0's `x == 65535 ? 8 : 0` is made a boolean by the chain "cpi r25, -1; cpc r19, r24;
 * cpc r14, r16; cpc r15, r17; ldi r24, 1; breq", whose branch carries the location of another
 * select's comparison, `((uint64_t)y << 32 | x) == 2^63 - 2`. The old binary counted the branch
 * from that select's record (0 taken for simavr's 4, marked exact). Now a select's branch whose
 * AVR compare chain has a known constant other than its comparison's gives no arm.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {0, 0, 255, 209, 100, 255, 255, 255, 0, 0, 255, 0, 23, 1, 1, 255, 1, 255, 46, 1, 0, 1, 1, 0, 215, 236, 1, 0, 200, 255, 255, 1, 0, 1, 255, 255, 0, 178, 150, 0, 0, 1, 186, 0, 0, 0, 255, 138, 0, 0, 0, 0, 0, 255, 0, 255, 255, 23, 255, 255, 162, 255, 255, 233, 188, 0, 255, 255, 91, 214, 0, 1, 1, 25, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 0, 1, 255, 35, 0, 1, 0, 0, 1, 0, 115, 53, 255, 1, 255, 0, 0, 0, 0, 1, 255, 16, 255, 0, 0, 0, 0, 0, 0, 0, 1, 188, 1, 50, 1, 117, 255, 0, 253};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 4);
}

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
    return d > 2 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 24);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 10618u;
    uint64_t w1 = ((uint64_t)(uint64_t)c), w2 = ((uint64_t)65536ULL);
    int16_t h3 = (int16_t)c;
    r += (int64_t)h3 >= (int64_t)((w1 < w2) != 0) ? 1u : 0x100u;
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    int64_t w4 = ((int64_t)(uint64_t)a), w5 = ((int64_t)((uint64_t)a << 32 | a));
    r ^= (uint32_t)(w4 == ((int64_t)65535LL)) << 3 | (uint32_t)(w5 < ((int64_t)2LL));
    w4 = (int64_t)((int64_t)w4 >> (a & 63u));
    r += (uint32_t)w4 ^ (uint32_t)((uint64_t)w4 >> 32);
    int64_t w6 = ((int64_t)(uint64_t)(int32_t)c), w7 = ((int64_t)((uint64_t)a * 0x9E3779B9u));
    r ^= (uint32_t)(w6 == ((int64_t)(-9223372036854775807LL - 1))) << 3 | (uint32_t)(w7 < ((int64_t)(-9223372036854775807LL - 1)));
    r ^= (uint32_t)(w6 == ((int64_t)2LL)) << 3 | (uint32_t)(w7 < ((int64_t)(-1LL - 1)));
    int64_t w8 = ((int64_t)((uint64_t)b << 32 | a)), w9 = ((int64_t)9223372036854775806LL);
    r ^= (uint32_t)(w8 == ((int64_t)9223372036854775806LL)) << 3 | (uint32_t)(w9 < ((int64_t)1LL));
    r = r * 17u + (uint32_t)((w8 == w9) ? w8 : w9);
    r ^= (uint32_t)(w8 == ((int64_t)32767LL)) << 3 | (uint32_t)(w9 < ((int64_t)7LL));
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 44589u;
    uint32_t sw10 = a;
    switch (sw10 % 5001u) { case 171: r += 69u; break; case 300: r += 11u; break; case 611: r += 93u; break; case 2661: r += 78u; break; case 4330: r += 52u; break; case 4473: r += 47u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw10; }
    for (uint32_t i11 = 0; i11 < (b & 3u); i11++) {
        r += tg1(i11, b & 7u);
    }
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 49895u;
    { unsigned char d[64] = {0}; mt2(d, pool, a); r += d[8] + d[3]; }
    _Bool inv12 = (a & 4u) != 0;
    _Bool res13 = (((uint16_t)(b ^ b)) != ((uint16_t)65535UL));
    res13 = inv12 ? !res13 : res13;
    if (res13 | (((int16_t)a) < 1)) r += 7u;
    else r = r * 5u + 1u;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 27074u;
    uint16_t o14;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((uint16_t)b), ((uint16_t)100UL), &o14) + (uint32_t)o14;
    { unsigned char d[64] = {0}; mt3(d, pool, c); r += d[8] + d[3]; }
    int32_t x15 = ((int32_t)c);
    x15 = x15 > 247 ? 247 : x15 < -226 ? -226 : x15;
    r = r * 7u + (uint32_t)x15;
    int32_t o16;
    if (__builtin_add_overflow(((int32_t)(c >> 26)), ((int32_t)32767UL), &o16)) r += 365u; else r ^= (uint32_t)o16;
    uint16_t s17 = ((uint16_t)a);
    { uint16_t z = (uint16_t)(s17 + ((uint16_t)b)); s17 = z < s17 ? (uint16_t)65535ULL : z; }
    s17 = s17 > 15425 ? 15425 : s17 < 0 ? 0 : s17;
    { uint16_t z = (uint16_t)(s17 + ((uint16_t)(c >> 21))); s17 = z < s17 ? (uint16_t)65535ULL : z; }
    s17 = s17 > 12181 ? 12181 : s17 < 0 ? 0 : s17;
    { uint16_t y_ = ((uint16_t)c); s17 = s17 > y_ ? (uint16_t)(s17 - y_) : 0; }
    s17 = s17 > 8066 ? 8066 : s17 < 0 ? 0 : s17;
    { uint16_t z = (uint16_t)(s17 + ((uint16_t)(c + c))); s17 = z < s17 ? (uint16_t)65535ULL : z; }
    r ^= (uint32_t)s17;
    return r;
}

int main(void)
{
    uint32_t s = 2724311923u, h = 0x811c9dc5u;
    for (int i = 0; i < 56; i++) {
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
