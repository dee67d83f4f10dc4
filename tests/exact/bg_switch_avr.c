/* tests/exact: benchmarks/accuracy/branchgen's program seed 71003, target avr (issue 27), kept as generated
 * (--shapes loop,switch,tail). main (f2 inlined): a switch whose cases 1 and 7 have
 * identical code, merged into one block of the compare tree on the AVR, labelled with case
 * 1: it runs for both (10 for 9); case 7's block has no machine code of its own.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {255, 255, 0, 0, 1, 138, 1, 1, 210, 0, 1, 255, 255, 0, 0, 1, 0, 1, 0, 148, 0, 0, 8, 0, 0, 1, 255, 0, 177, 0, 255, 255, 1, 255, 0, 0, 206, 0, 0, 129, 222, 255, 0, 255, 0, 1, 255, 0, 0, 1, 0, 1, 74, 206, 0, 0, 1, 255, 1, 255, 1, 20, 0, 255, 0, 0, 255, 72, 25, 255, 255, 0, 1, 1, 255, 63, 255, 0, 255, 0, 0, 255, 0, 0, 141, 0, 1, 0, 1, 152, 0, 255, 255, 111, 1, 171, 1, 0, 0, 0, 12, 0, 255, 1, 255, 255, 1, 1, 144, 255, 0, 0, 255, 188, 0, 185, 255, 255, 1, 0, 255, 0, 0, 107, 0, 255, 1, 0};

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
    return d > 3 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
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
    return d > 5 ? tl2(x) : tc2(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl3(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc3(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 16u)
        return tl3(x * 3u + 1u);
    return tc3(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg3(uint32_t x, uint32_t d)
{
    return d > 4 ? tl3(x) : tc3(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl4(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc4(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 8u)
        return tl4(x * 3u + 1u);
    return tc4(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg4(uint32_t x, uint32_t d)
{
    return d > 1 ? tl4(x) : tc4(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl5(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc5(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 16u)
        return tl5(x * 3u + 1u);
    return tc5(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg5(uint32_t x, uint32_t d)
{
    return d > 4 ? tl5(x) : tc5(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl6(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc6(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 16u)
        return tl6(x * 3u + 1u);
    return tc6(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg6(uint32_t x, uint32_t d)
{
    return d > 2 ? tl6(x) : tc6(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl7(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc7(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 1u)
        return tl7(x * 3u + 1u);
    return tc7(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg7(uint32_t x, uint32_t d)
{
    return d > 3 ? tl7(x) : tc7(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl8(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc8(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 4u)
        return tl8(x * 3u + 1u);
    return tc8(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg8(uint32_t x, uint32_t d)
{
    return d > 2 ? tl8(x) : tc8(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl9(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc9(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 2u)
        return tl9(x * 3u + 1u);
    return tc9(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg9(uint32_t x, uint32_t d)
{
    return d > 3 ? tl9(x) : tc9(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl10(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc10(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 1u)
        return tl10(x * 3u + 1u);
    return tc10(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg10(uint32_t x, uint32_t d)
{
    return d > 6 ? tl10(x) : tc10(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl11(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc11(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 8u)
        return tl11(x * 3u + 1u);
    return tc11(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg11(uint32_t x, uint32_t d)
{
    return d > 5 ? tl11(x) : tc11(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t tl12(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc12(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 8u)
        return tl12(x * 3u + 1u);
    return tc12(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg12(uint32_t x, uint32_t d)
{
    return d > 3 ? tl12(x) : tc12(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 38658u;
    r += tg1(a, a & 7u);
    r += tg2(a, c & 7u);
    r += tg3(c, a & 7u);
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 20838u;
    r += tg4(b, b & 7u);
    for (uint32_t i1 = 0; i1 < (b & 7u); i1++) {
        uint32_t sw2 = a;
        switch (sw2 & 7u) { case 0: r = r * 7u + (sw2 >> 1); break; case 1: r = r * 37u + (sw2 >> 6); break; case 2: r = r * 8u + (sw2 >> 3); break; case 3: r = r * 37u + (sw2 >> 0); break; case 4: r = r * 23u + (sw2 >> 3); break; case 5: r = r * 15u + (sw2 >> 4); break; default: r -= 1u; }
    }
    for (uint32_t i3 = 0; i3 < (b & 7u); i3++) {
        r += tg5(i3, a & 7u);
    }
    r += tg6(a, a & 7u);
    return r;
}

static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 44629u;
    for (uint32_t i4 = 0; i4 < (c & 7u); i4++) {
        r += tg7(b, i4 & 7u);
    }
    uint32_t sw5 = b;
    switch (sw5 & 15u) { case 0: r = r * 18u + (sw5 >> 4);  case 1: r = r * 2u + (sw5 >> 4); break; case 2: r = r * 19u + (sw5 >> 2); break; case 3: r = r * 40u + (sw5 >> 4); break; case 4: r = r * 24u + (sw5 >> 7);  case 5: r = r * 8u + (sw5 >> 4);  case 6: r = r * 32u + (sw5 >> 5); break; case 7: r = r * 8u + (sw5 >> 2); break; case 8: r = r * 27u + (sw5 >> 4); break; default: r -= 1u; }
    for (uint32_t i6 = 0; i6 < (a & 3u); i6++) {
        r += tg8(i6, b & 7u);
    }
    uint32_t sw7 = b;
    switch (sw7 & 15u) { case 0: r = r * 28u + (sw7 >> 6); break; case 1: r = r * 14u + (sw7 >> 3); break; case 2: r = r * 19u + (sw7 >> 2);  case 3: r = r * 29u + (sw7 >> 0);  case 4: r = r * 37u + (sw7 >> 4); break; case 5: r = r * 36u + (sw7 >> 6); break; case 6: r = r * 23u + (sw7 >> 4); break; case 7: r = r * 14u + (sw7 >> 3); break; case 8: r = r * 15u + (sw7 >> 1); break; default: r -= 1u; }
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2664u;
    r += tg9(a, c & 7u);
    for (uint32_t i8 = 0; i8 < (b & 7u); i8++) {
        uint32_t sw9 = c;
        switch (sw9 % 8u) { case 0: r += 3148u; break; case 1: r += 4333u; break; case 2: r += 6509u; break; case 3: r += 7287u; break; case 4: r += 5059u; break; case 5: r += 5943u; break; case 6: r += 250u; break; case 7: r += 7426u; break; default: r ^= 7u; }
    }
    uint32_t sw10 = a;
    switch (sw10 % 13u) { case 0: r += 9743u; break; case 1: r += 3141u; break; case 2: r += 45u; break; case 3: r += 7087u; break; case 4: r += 5875u; break; case 5: r += 7378u; break; case 6: r += 47u; break; case 7: r += 9244u; break; case 8: r += 5743u; break; case 9: r += 5272u; break; default: r ^= 7u; }
    return r;
}

static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51370u;
    r += tg10(b, a & 7u);
    r += tg11(b, c & 7u);
    uint32_t sw11 = a;
    switch (sw11 & 3u) { case 0: r = r * 38u + (sw11 >> 7); break; case 1: r = r * 10u + (sw11 >> 2); break; case 2: r = r * 25u + (sw11 >> 1);  default: r -= 1u; }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14501u;
    r += tg12(a, c & 7u);
    uint32_t sw12 = a;
    switch (sw12 % 5001u) { case 48: r += 35u; break; case 107: r += 53u; break; case 897: r += 93u; break; case 970: r += 65u; break; case 1124: r += 51u; break; case 1221: r += 12u; break; case 1432: r += 15u; break; case 3132: r += 42u; break; case 4025: r += 10u; break; case 6000 ... 6010: r = 0; break; default: r ^= sw12; }
    return r;
}

int main(void)
{
    uint32_t s = 716984507u, h = 0x811c9dc5u;
    for (int i = 0; i < 78; i++) {
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
