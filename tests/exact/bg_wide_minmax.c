/* tests/exact: benchmarks/accuracy/branchgen's program seed 71002, target ppc (issue 27), kept as generated
 * (--shapes wide). f4: a 64-bit smax whose value is truncated to 32 bits: PowerPC
 * selects one word, after a branch that tests whether the high words are equal. The old
 * binary tied both branches to the smax's record (the high-word test counted 9 for 0).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {0, 254, 0, 0, 255, 0, 0, 0, 87, 255, 0, 227, 255, 255, 255, 1, 1, 255, 109, 0, 1, 193, 0, 255, 0, 0, 1, 0, 0, 1, 255, 1, 159, 255, 255, 255, 0, 1, 0, 0, 255, 1, 255, 0, 255, 0, 0, 1, 0, 0, 0, 126, 0, 0, 0, 0, 255, 255, 230, 1, 0, 0, 158, 1, 1, 0, 255, 255, 1, 255, 0, 0, 255, 255, 234, 1, 1, 0, 0, 1, 1, 0, 84, 198, 255, 0, 255, 200, 0, 39, 1, 238, 0, 255, 1, 255, 255, 0, 75, 0, 0, 0, 79, 255, 1, 0, 1, 0, 0, 255, 1, 1, 255, 47, 19, 126, 0, 255, 1, 165, 255, 0, 0, 255, 184, 255, 1, 0};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 5666u;
    uint64_t w1 = ((uint64_t)(uint64_t)(int32_t)c), w2 = ((uint64_t)100ULL);
    r = r * 17u + (uint32_t)((w1 >= w2) ? w1 : w2);
    int16_t h3 = (int16_t)a;
    r += (int64_t)h3 >= (int64_t)((w1 != w2) != 0) ? 1u : 0x100u;
    w1 = (uint64_t)((uint64_t)w1 << (a & 31u));
    r += (uint32_t)w1 ^ (uint32_t)((uint64_t)w1 >> 32);
    int64_t w4 = ((int64_t)(uint64_t)c), w5 = ((int64_t)(-1LL - 1));
    r = r * 17u + (uint32_t)((w4 == w5) ? w4 : w5);
    r = r * 17u + (uint32_t)((w4 == w5) ? w4 : w5);
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 60714u;
    uint64_t w6 = ((uint64_t)((uint64_t)c << 7)), w7 = ((uint64_t)32767ULL);
    if (w6 != w7) r += 3u; else r ^= 0x59f6u;
    uint64_t w8 = ((uint64_t)(uint64_t)(int32_t)a), w9 = ((uint64_t)1ULL);
    int16_t h10 = (int16_t)c;
    r += (int64_t)h10 >= (int64_t)((w8 > w9) != 0) ? 1u : 0x100u;
    r ^= (uint32_t)(w8 == ((uint64_t)65536ULL)) << 3 | (uint32_t)(w9 < ((uint64_t)18446744073709551614ULL));
    uint64_t w11 = ((uint64_t)((uint64_t)c * 0x9E3779B9u)), w12 = ((uint64_t)18446744073709551614ULL);
    int16_t h13 = (int16_t)b;
    r += (int64_t)h13 >= (int64_t)((w11 < w12) != 0) ? 1u : 0x100u;
    r = r * 17u + (uint32_t)((w11 <= w12) ? w11 : w12);
    uint64_t w14 = ((uint64_t)(uint64_t)(int32_t)a), w15 = ((uint64_t)((uint64_t)b * 0x9E3779B9u));
    int16_t h16 = (int16_t)b;
    r += (int64_t)h16 >= (int64_t)((w14 > w15) != 0) ? 1u : 0x100u;
    int16_t h17 = (int16_t)b;
    r += (int64_t)h17 >= (int64_t)((w14 > w15) != 0) ? 1u : 0x100u;
    r = r * 17u + (uint32_t)((w14 != w15) ? w14 : w15);
    int64_t w18 = ((int64_t)(uint64_t)b), w19 = ((int64_t)((uint64_t)c * 0x9E3779B9u));
    int16_t h20 = (int16_t)b;
    r += (int64_t)h20 >= (int64_t)((w18 == w19) != 0) ? 1u : 0x100u;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2704u;
    uint64_t w21 = ((uint64_t)((uint64_t)b << 25)), w22 = ((uint64_t)((uint64_t)c * 0x9E3779B9u));
    if (w21 <= w22) r += 3u; else r ^= 0xde8bu;
    uint64_t w23 = ((uint64_t)((uint64_t)b * 0x9E3779B9u)), w24 = ((uint64_t)1000ULL);
    int16_t h25 = (int16_t)b;
    r += (int64_t)h25 >= (int64_t)((w23 != w24) != 0) ? 1u : 0x100u;
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 58405u;
    uint64_t w26 = ((uint64_t)((uint64_t)c << 32 | a)), w27 = ((uint64_t)100ULL);
    int16_t h28 = (int16_t)a;
    r += (int64_t)h28 >= (int64_t)((w26 <= w27) != 0) ? 1u : 0x100u;
    r = r * 17u + (uint32_t)((w26 != w27) ? w26 : w27);
    uint64_t w29 = ((uint64_t)(uint64_t)c), w30 = ((uint64_t)0ULL);
    r ^= (uint32_t)(w29 == ((uint64_t)7ULL)) << 3 | (uint32_t)(w30 < ((uint64_t)1ULL));
    w29 = (uint64_t)((uint64_t)w29 >> (b & 63u));
    r += (uint32_t)w29 ^ (uint32_t)((uint64_t)w29 >> 32);
    uint64_t w31 = ((uint64_t)((uint64_t)a * 0x9E3779B9u)), w32 = ((uint64_t)((uint64_t)a * 0x9E3779B9u));
    w31 = (uint64_t)((uint64_t)w31 >> 32);
    r += (uint32_t)w31 ^ (uint32_t)((uint64_t)w31 >> 32);
    r = r * 17u + (uint32_t)((w31 >= w32) ? w31 : w32);
    uint64_t w33 = ((uint64_t)((uint64_t)b << 35)), w34 = ((uint64_t)18446744073709551615ULL);
    w33 = (uint64_t)((uint64_t)w33 << (a & 31u));
    r += (uint32_t)w33 ^ (uint32_t)((uint64_t)w33 >> 32);
    r ^= (uint32_t)(w33 == ((uint64_t)18446744073709551615ULL)) << 3 | (uint32_t)(w34 < ((uint64_t)0ULL));
    uint64_t w35 = ((uint64_t)((uint64_t)c * 0x9E3779B9u)), w36 = ((uint64_t)256ULL);
    r ^= (uint32_t)(w35 == ((uint64_t)7ULL)) << 3 | (uint32_t)(w36 < ((uint64_t)1ULL));
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 42168u;
    int64_t w37 = ((int64_t)((uint64_t)b << 32 | c)), w38 = ((int64_t)3385773413289775372LL);
    r = r * 17u + (uint32_t)((w37 == w38) ? w37 : w38);
    r = r * 17u + (uint32_t)((w37 >= w38) ? w37 : w38);
    int16_t h39 = (int16_t)b;
    r += (int64_t)h39 >= (int64_t)((w37 <= w38) != 0) ? 1u : 0x100u;
    int64_t w40 = ((int64_t)((uint64_t)a << 19)), w41 = ((int64_t)(uint64_t)(int32_t)c);
    if (w40 > ((int64_t)(-1LL - 1))) r += 3u; else r ^= 0x8e91u;
    int16_t h42 = (int16_t)a;
    r += (int64_t)h42 >= (int64_t)((w40 > w41) != 0) ? 1u : 0x100u;
    w40 = (int64_t)((uint64_t)w40 << (c % 48u));
    r += (uint32_t)w40 ^ (uint32_t)((uint64_t)w40 >> 32);
    return r;
}

int main(void)
{
    uint32_t s = 3549573221u, h = 0x811c9dc5u;
    for (int i = 0; i < 129; i++) {
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
