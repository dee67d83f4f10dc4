/* tests/exact: benchmarks/accuracy/branchgen's program seed 77166, target riscv32 (issue 27), kept as
 * generated. f3's `select(a > b, umin(x, 155), 0)`: the select is made branch-free ("neg; and") and
 * the umin as "li a5, 155; bltu a1, a5", a branch that carries the location of the comparison
 * `a > b` (two non-constant values). The old binary took it for that comparison's compare view and
 * counted its arm 129 for qemu's 7, marked exact. A branch comparing with a loaded immediate is
 * not a comparison of two non-constant values: its sense is unknown (lower_selects.c).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {0, 0, 255, 73, 0, 1, 0, 0, 0, 210, 1, 0, 0, 0, 0, 208, 255, 1, 0, 255, 255, 97, 0, 0, 255, 0, 0, 0, 0, 0, 255, 213, 255, 255, 0, 124, 255, 0, 0, 120, 1, 0, 1, 1, 255, 189, 156, 0, 0, 1, 1, 255, 0, 255, 195, 55, 0, 0, 0, 0, 222, 0, 0, 0, 0, 1, 1, 255, 130, 148, 150, 85, 0, 1, 145, 0, 141, 0, 1, 0, 255, 1, 1, 108, 255, 0, 226, 0, 255, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 255, 75, 205, 0, 0, 0, 27, 239, 0, 1, 0, 19, 0, 254, 0, 0, 0, 1, 86, 178, 255, 1, 255, 0, 255, 1, 249, 0, 255};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51593u;
    int32_t x1 = ((int32_t)c);
    x1 = x1 > 151 ? 151 : x1 < -166 ? -166 : x1;
    r = r * 7u + (uint32_t)x1;
    int32_t x2 = ((int32_t)a), y3 = ((int32_t)(c + b));
    r += (uint32_t)(x2 < y3 ? x2 : y3);
    int64_t w4 = ((int64_t)((uint64_t)b << 32 | c)), w5 = ((int64_t)2LL);
    if (w4 == ((int64_t)2LL)) r += 3u; else r ^= 0x586bu;
    r = r * 17u + (uint32_t)((w4 <= w5) ? w4 : w5);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14906u;
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    int64_t w6 = ((int64_t)((uint64_t)b * 0x9E3779B9u)), w7 = ((int64_t)((uint64_t)c * 0x9E3779B9u));
    r = r * 17u + (uint32_t)((w6 > w7) ? w6 : w7);
    uint32_t sw8 = a;
    switch (sw8 % 5001u) { case 2420: r += 33u; break; case 2502: r += 81u; break; case 2563: r += 93u; break; case 2930: r += 24u; break; case 3097: r += 24u; break; case 4396: r += 63u; break; case 4860: r += 82u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw8; }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 61799u;
    _Bool b9 = (((int16_t)a) < ((int16_t)(-32766L - 1)));
    _Bool b10 = (((int16_t)(b >> 23)) != ((int16_t)b));
    _Bool b11 = (((int16_t)(b ^ c)) == ((int16_t)21171UL));
    r = r * 3u + (((b9 || b10) && !(b11)) ? 55u : 53u);
    for (uint32_t i12 = 0; i12 < (c & 7u); i12++) {
        int64_t w13 = ((int64_t)((uint64_t)c << 21)), w14 = ((int64_t)9223372036854775807LL);
        r = r * 17u + (uint32_t)((w13 < w14) ? w13 : w14);
        if (w13 <= ((int64_t)(-99LL - 1))) r += 3u; else r ^= 0x8882u;
        r ^= (uint32_t)(w13 == ((int64_t)32768LL)) << 3 | (uint32_t)(w14 < ((int64_t)32768LL));
    }
    int64_t o15;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((int64_t)((uint64_t)b << 25)), ((int64_t)(uint64_t)c), &o15) + (uint32_t)o15;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 16611u;
    unsigned char m16[64], m17[64];
    memcpy(m16, pool + (a & 63u), 64);
    memcpy(m17, pool + 12, 64);
    if (c & 3u) memset(m17, (int)(a & 255u), 55);
    else memcpy(m17, m16, 64);
    if (memcmp(m16, m17, 64) == 0 && memcmp(m16, pool + 36, 64) == 0) r ^= 0x55u;
    for (int i = 0; i < 64; i++) r = r * 3u + m16[i];
    uint8_t s18 = ((uint8_t)(b ^ a));
    { uint8_t z = (uint8_t)(s18 + ((uint8_t)(c + a))); s18 = z < s18 ? (uint8_t)255ULL : z; }
    { uint8_t z = (uint8_t)(s18 + ((uint8_t)(c + c))); s18 = z < s18 ? (uint8_t)255ULL : z; }
    { uint8_t z = (uint8_t)(s18 + ((uint8_t)(b + b))); s18 = z < s18 ? (uint8_t)255ULL : z; }
    s18 = s18 > 65 ? 65 : s18 < 0 ? 0 : s18;
    { uint8_t y_ = ((uint8_t)(a ^ b)); s18 = s18 > y_ ? (uint8_t)(s18 - y_) : 0; }
    { uint8_t y_ = ((uint8_t)(b ^ a)); s18 = s18 > y_ ? (uint8_t)(s18 - y_) : 0; }
    { uint8_t y_ = ((uint8_t)(a + b)); s18 = s18 > y_ ? (uint8_t)(s18 - y_) : 0; }
    { uint8_t y_ = ((uint8_t)(a >> 20)); s18 = s18 > y_ ? (uint8_t)(s18 - y_) : 0; }
    s18 = s18 > 155 ? 155 : s18 < 0 ? 0 : s18;
    { uint8_t z = (uint8_t)(s18 + ((uint8_t)a)); s18 = z < s18 ? (uint8_t)255ULL : z; }
    r ^= (uint32_t)s18;
    _Bool inv19 = (b & 4u) != 0;
    _Bool res20 = (((int64_t)(uint64_t)a) <= ((int64_t)(-9223372036854775807LL - 1)));
    res20 = inv19 ? !res20 : res20;
    if (res20 | (((int64_t)((uint64_t)c << 32 | a)) < 1)) r += 69u;
    else r = r * 5u + 1u;
    return r;
}

int main(void)
{
    uint32_t s = 1824314856u, h = 0x811c9dc5u;
    for (int i = 0; i < 144; i++) {
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
