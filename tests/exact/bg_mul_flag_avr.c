/* tests/exact: benchmarks/accuracy/branchgen's program seed 72014, target avr (issue 27), kept as generated (the routines every branchgen program carries in bg_memory.h and bg_bend.h).
 * f2: umul.with.overflow.i8's bit made into a boolean, "mul r12, r12; mov r18, r1; clr r1;
 * cpi r18, 0; ldi r18, 1; brne" over "mov r18, r11": the product's high byte is read from
 * r1, which holds it until "clr r1". The old binary took "mov r18, r1" for a load of zero
 * (the ABI's zero register): the test counted never taken, 0 for simavr's 50, marked exact
 * (lower_flags.c source_of).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {255, 1, 138, 0, 0, 0, 0, 0, 0, 0, 0, 73, 0, 181, 41, 255, 8, 0, 0, 0, 1, 0, 0, 0, 205, 0, 0, 0, 1, 0, 1, 112, 1, 0, 1, 0, 0, 0, 0, 0, 0, 163, 200, 0, 39, 0, 23, 0, 75, 255, 0, 1, 0, 1, 0, 255, 0, 255, 0, 99, 1, 129, 192, 1, 1, 243, 0, 28, 0, 1, 1, 255, 0, 255, 0, 1, 1, 179, 0, 0, 137, 255, 255, 85, 1, 0, 115, 0, 114, 0, 0, 0, 0, 0, 1, 255, 0, 90, 1, 54, 0, 1, 0, 1, 0, 0, 1, 0, 66, 1, 0, 169, 0, 225, 1, 0, 157, 238, 1, 255, 0, 0, 255, 1, 116, 231, 0, 0};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 2u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 4 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl2(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc2(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 2u)
        return tl2(x * 3u + 1u);
    return tc2(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg2(uint32_t x, uint32_t d)
{
    return d > 6 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23703u;
    for (uint32_t i1 = 0; i1 < (c & 15u); i1++) {
        uint64_t w2 = ((uint64_t)((uint64_t)b * 0x9E3779B9u)), w3 = ((uint64_t)18446744073709551614ULL);
        w2 = (uint64_t)((uint64_t)w2 << 32);
        r += (uint32_t)w2 ^ (uint32_t)((uint64_t)w2 >> 32);
        w2 = (uint64_t)((uint64_t)w2 << (b & 63u));
        r += (uint32_t)w2 ^ (uint32_t)((uint64_t)w2 >> 32);
    }
    uint64_t fa4 = 0x7FF8000000000001ULL, fb5 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa4 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb5 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa4 & 0x0008000000000000ULL), bs = bn && !(fb5 & 0x0008000000000000ULL);
      uint64_t z = as ? fb5 : bs ? fa4 : an ? fa4 : bn ? fb5 : fa4 ^ fb5;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint32_t o6;
    if (__builtin_sub_overflow(((uint32_t)(b >> 23)), ((uint32_t)(b ^ a)), &o6)) r += 322u; else r ^= (uint32_t)o6;
    uint32_t sw7 = b;
    switch (sw7 % 8u) { case 0: r += 5928u; break; case 1: r += 7955u; break; case 2: r += 2700u; break; case 3: r += 9835u; break; case 4: r += 3214u; break; case 5: r += 5120u; break; case 6: r += 200u; break; case 7: r += 8363u; break; default: r ^= 7u; }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 27028u;
    int32_t s8 = ((int32_t)(b >> 7));
    { int64_t z = (int64_t)s8 + (int64_t)((int32_t)(c + b)); s8 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s8 = s8 > 13377 ? 13377 : s8 < -13377 ? -13377 : s8;
    { int64_t z = (int64_t)s8 - (int64_t)((int32_t)(a >> 12)); s8 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s8 + (int64_t)((int32_t)c); s8 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s8 + (int64_t)((int32_t)c); s8 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s8 - (int64_t)((int32_t)(b ^ c)); s8 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s8;
    uint32_t sw9 = c;
    switch (sw9 & 15u) { case 0: r = r * 22u + (sw9 >> 5); break; case 1: r = r * 8u + (sw9 >> 5);  case 2: r = r * 36u + (sw9 >> 2); break; case 3: r = r * 18u + (sw9 >> 4); break; case 4: r = r * 2u + (sw9 >> 6); break; case 5: r = r * 29u + (sw9 >> 3);  case 6: r = r * 31u + (sw9 >> 6);  case 7: r = r * 8u + (sw9 >> 7);  case 8: r = r * 2u + (sw9 >> 7);  case 9: r = r * 23u + (sw9 >> 7);  default: r -= 1u; }
    int16_t o10;
    r = r * 9u + (uint32_t)__builtin_mul_overflow(((int16_t)(c >> 9)), ((int16_t)(a ^ c)), &o10) + (uint32_t)o10;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 17166u;
    r += tg1(c, b & 7u);
    uint8_t o11;
    r = r * 9u + (uint32_t)__builtin_mul_overflow(((uint8_t)b), ((uint8_t)b), &o11) + (uint32_t)o11;
    int8_t o12;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((int8_t)b), ((int8_t)a), &o12) + (uint32_t)o12;
    _Bool b13 = (((uint32_t)(a ^ b)) == ((uint32_t)4294967295UL));
    _Bool b14 = (((uint32_t)(b ^ b)) != ((uint32_t)a));
    if ((b13 && b14) || !(b13 || b14)) r += 947u; else r ^= 680u;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 39604u;
    uint32_t sw15 = a;
    switch (sw15 % 5001u) { case 404: r += 99u; break; case 553: r += 22u; break; case 962: r += 77u; break; case 1088: r += 42u; break; case 1588: r += 10u; break; case 2780: r += 19u; break; case 2858: r += 81u; break; case 3314: r += 7u; break; case 4919: r += 12u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw15; }
    for (uint32_t i16 = 0; i16 < (c & 7u); i16++) {
        r += tg2(a, c & 7u);
    }
    int16_t x17 = ((int16_t)(b + a)), y18 = ((int16_t)32767UL);
    r = r * 31u + (uint32_t)((x17 >= ((int16_t)32767UL)) ? (int16_t)(x17 ^ y18) : x17);
    return r;
}

int main(void)
{
    uint32_t s = 4079941831u, h = 0x811c9dc5u;
    for (int i = 0; i < 75; i++) {
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
