/* tests/exact: benchmarks/accuracy/branchgen's program seed 97627, target riscv32 (issue 27), kept
 * as generated. f0: `switch (b & 15)`, its range check "andi a3, a0, 15; li a2, 8; bltu a2, a3"
 * into the default's copy of the next select's test "beq a0, 255" (tail duplication). The tree's
 * walk (lower_switches.c) traced the value back through the andi to a0 and put the switch value
 * there, so "beq a0, 255" read as a test of b & 15: never taken for qemu's 5, marked exact. Now a
 * value made by masking, shifting or bit logic enters the tree as that instruction's result
 * (drops_bits): a0 holds more than the value, and a branch on it is no test of the switch.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {0, 1, 0, 0, 255, 1, 214, 0, 0, 255, 0, 255, 189, 255, 1, 255, 120, 0, 0, 255, 255, 0, 38, 1, 1, 1, 1, 0, 1, 123, 82, 255, 1, 0, 1, 0, 0, 137, 0, 255, 0, 0, 0, 255, 0, 255, 1, 0, 198, 1, 1, 84, 149, 0, 0, 0, 0, 0, 255, 255, 0, 0, 87, 0, 1, 255, 0, 0, 255, 0, 212, 1, 255, 0, 228, 149, 0, 0, 0, 0, 255, 138, 0, 166, 0, 1, 255, 120, 79, 255, 1, 118, 255, 0, 1, 0, 0, 42, 90, 1, 1, 0, 0, 74, 0, 255, 1, 0, 0, 255, 1, 0, 1, 1, 0, 0, 255, 1, 42, 84, 0, 1, 1, 108, 234, 65, 255, 0};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t tl1(uint32_t x)
{
    return x * 0x9E3779B1u + (x >> 5);
}
__attribute__((noinline)) static uint32_t tc1(uint32_t x, uint32_t d)
{
    if (d == 0)
        return x;
    if (x & 16u)
        return tl1(x * 3u + 1u);
    return tc1(x >> 1, d - 1);
}
__attribute__((noinline)) static uint32_t tg1(uint32_t x, uint32_t d)
{
    return d > 4 ? tl1(x) : tc1(x ^ 0x5bd1e995u, d);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23210u;
    uint32_t sw1 = b;
    switch (sw1 & 15u) { case 0: r = r * 29u + (sw1 >> 4);  case 1: r = r * 36u + (sw1 >> 7); break; case 2: r = r * 13u + (sw1 >> 6);  case 3: r = r * 16u + (sw1 >> 7); break; case 4: r = r * 23u + (sw1 >> 1); break; case 5: r = r * 3u + (sw1 >> 4); break; case 6: r = r * 37u + (sw1 >> 0);  case 7: r = r * 23u + (sw1 >> 6); break; case 8: r = r * 23u + (sw1 >> 7);  default: r -= 1u; }
    int32_t x2 = ((int32_t)b), y3 = ((int32_t)32768UL);
    r = r * 31u + (uint32_t)((x2 != ((int32_t)255UL)) ? (int32_t)((uint64_t)x2 + 1u) : (int32_t)(x2 ^ y3));
    int32_t x4 = ((int32_t)(b >> 18));
    x4 = x4 > 165 ? 165 : x4 < -102 ? -102 : x4;
    r = r * 7u + (uint32_t)x4;
    int32_t x5 = ((int32_t)(c >> 20));
    x5 = x5 > 292 ? 292 : x5 < -249 ? -249 : x5;
    r = r * 7u + (uint32_t)x5;
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 25481u;
    int32_t s6 = ((int32_t)(c + c));
    { int64_t z = (int64_t)s6 - (int64_t)((int32_t)c); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s6 - (int64_t)((int32_t)(b >> 7)); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s6 - (int64_t)((int32_t)(c >> 11)); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s6 = s6 > 15767 ? 15767 : s6 < -15767 ? -15767 : s6;
    { int64_t z = (int64_t)s6 + (int64_t)((int32_t)(a >> 10)); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s6 = s6 > 5613 ? 5613 : s6 < -5613 ? -5613 : s6;
    { int64_t z = (int64_t)s6 - (int64_t)((int32_t)a); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s6 + (int64_t)((int32_t)(b + b)); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    s6 = s6 > 6153 ? 6153 : s6 < -6153 ? -6153 : s6;
    { int64_t z = (int64_t)s6 + (int64_t)((int32_t)a); s6 = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    r ^= (uint32_t)s6;
    for (uint32_t i7 = 0; i7 < (a & 7u); i7++) {
        _Bool inv8 = (a & 4u) != 0;
        _Bool res9 = (((int64_t)(uint64_t)(int32_t)a) >= ((int64_t)255LL));
        res9 = inv8 ? !res9 : res9;
        if (res9 | (((int64_t)((uint64_t)i7 << 10)) < 1)) r += 2u;
        else r = r * 5u + 1u;
    }
    uint64_t fa10 = 0x7FF0000000000000ULL, fb11 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa10 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb11 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa10 & 0x0008000000000000ULL), bs = bn && !(fb11 & 0x0008000000000000ULL);
      uint64_t z = as ? fb11 : bs ? fa10 : an ? fa10 : bn ? fb11 : fa10 ^ fb11;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2415u;
    uint64_t o12;
    r = r * 9u + (uint32_t)__builtin_mul_overflow(((uint64_t)((uint64_t)b * 0x9E3779B9u)), ((uint64_t)1000ULL), &o12) + (uint32_t)o12;
    uint64_t fa13 = 0x7FF8000000000001ULL, fb14 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa13 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb14 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa13 & 0x0008000000000000ULL), bs = bn && !(fb14 & 0x0008000000000000ULL);
      uint64_t z = as ? fb14 : bs ? fa13 : an ? fa13 : bn ? fb14 : fa13 ^ fb14;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    for (uint32_t i15 = 0; i15 < (c & 15u); i15++) {
        int32_t x16 = ((int32_t)(i15 ^ a)), y17 = ((int32_t)32768UL);
        r = r * 31u + (uint32_t)((x16 == y17) ? ((int32_t)7UL) : (int32_t)((uint64_t)x16 + 1u));
    }
    _Bool inv18 = (c & 1u) != 0;
    _Bool res19 = (((uint32_t)(a + c)) >= ((uint32_t)0UL));
    res19 = inv18 ? !res19 : res19;
    if (res19 | (((int32_t)(a ^ b)) < 1)) r += 7u;
    else r = r * 5u + 1u;
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8248u;
    uint64_t fa20 = ((uint64_t)a << 32 | b), fb21 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa20 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb21 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa20 & 0x0008000000000000ULL), bs = bn && !(fb21 & 0x0008000000000000ULL);
      uint64_t z = as ? fb21 : bs ? fa20 : an ? fa20 : bn ? fb21 : fa20 ^ fb21;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint32_t x22 = ((uint32_t)(a + b)), y23 = ((uint32_t)(a + c));
    r += (uint32_t)(x22 > y23 ? x22 : y23);
    int64_t x24 = ((int64_t)((uint64_t)c * 0x9E3779B9u)), y25 = ((int64_t)(uint64_t)(int32_t)b);
    r = r * 31u + (uint32_t)((x24 <= ((int64_t)7LL)) ? ((int64_t)256LL) : x24);
    r ^= (uint32_t)((uint64_t)((x24 != y25) ? x24 : y25) >> 32);
    unsigned char m26[3], m27[3];
    memcpy(m26, pool + (b & 63u), 3);
    memcpy(m27, pool + 27, 3);
    if (memcmp(m26, m27, 3) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 3; i++) r = r * 3u + m26[i];
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 64055u;
    r += tg1(b, c & 7u);
    uint64_t w28 = ((uint64_t)(uint64_t)c), w29 = ((uint64_t)((uint64_t)c * 0x9E3779B9u));
    w28 = (uint64_t)((uint64_t)w28 << (c % 48u));
    r += (uint32_t)w28 ^ (uint32_t)((uint64_t)w28 >> 32);
    w28 = (uint64_t)((uint64_t)w28 >> 47);
    r += (uint32_t)w28 ^ (uint32_t)((uint64_t)w28 >> 32);
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 37698u;
    uint64_t x30 = ((uint64_t)((uint64_t)c * 0x9E3779B9u)), y31 = ((uint64_t)(uint64_t)b);
    r += (uint32_t)(x30 > y31 ? x30 : y31);
    uint32_t o32;
    r = r * 9u + (uint32_t)__builtin_add_overflow(((uint32_t)a), ((uint32_t)1UL), &o32) + (uint32_t)o32;
    for (uint32_t i33 = 0; i33 < (c & 3u); i33++) {
        _Bool inv34 = (c & 32u) != 0;
        _Bool res35 = (((uint8_t)(i33 ^ a)) > ((uint8_t)255UL));
        res35 = inv34 ? !res35 : res35;
        if (res35 | (((int8_t)(i33 >> 31)) < 1)) r += 63u;
        else r = r * 5u + 1u;
    }
    _Bool inv36 = (c & 1u) != 0;
    _Bool res37 = (((int8_t)(c + a)) <= ((int8_t)127UL));
    res37 = inv36 ? !res37 : res37;
    if (res37 | (((int8_t)(a + a)) < 1)) r += 22u;
    else r = r * 5u + 1u;
    uint32_t x38 = ((uint32_t)(c >> 7)), y39 = ((uint32_t)(b + c));
    r += (uint32_t)(x38 < y39 ? x38 : y39);
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 58037u;
    int8_t s40 = ((int8_t)(c ^ c));
    { int32_t z = (int32_t)s40 + (int32_t)((int8_t)(b ^ c)); s40 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    s40 = s40 > 23 ? 23 : s40 < -23 ? -23 : s40;
    { int32_t z = (int32_t)s40 - (int32_t)((int8_t)b); s40 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    { int32_t z = (int32_t)s40 + (int32_t)((int8_t)(b >> 7)); s40 = (int8_t)(z > 127LL ? 127LL : z < (-127LL - 1) ? (-127LL - 1) : z); }
    r ^= (uint32_t)s40;
    uint16_t x41 = ((uint16_t)(a >> 5)), y42 = ((uint16_t)(b >> 17));
    r += (uint32_t)(x41 < y42 ? x41 : y42);
    uint64_t x43 = ((uint64_t)((uint64_t)a << 23)), y44 = ((uint64_t)((uint64_t)b << 32 | c));
    r += (uint32_t)(x43 < y44 ? x43 : y44);
    return r;
}

__attribute__((noinline)) static uint32_t f7(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 55031u;
    int32_t x45 = ((int32_t)a), y46 = ((int32_t)a);
    r += (uint32_t)(x45 < y46 ? x45 : y46);
    uint64_t fa47 = 0x7FF8000000000001ULL, fb48 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa47 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb48 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa47 & 0x0008000000000000ULL), bs = bn && !(fb48 & 0x0008000000000000ULL);
      uint64_t z = as ? fb48 : bs ? fa47 : an ? fa47 : bn ? fb48 : fa47 ^ fb48;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    int64_t w49 = ((int64_t)(uint64_t)(int32_t)b), w50 = ((int64_t)(uint64_t)(int32_t)c);
    r = r * 17u + (uint32_t)((w49 > w50) ? w49 : w50);
    int8_t x51 = ((int8_t)(b >> 1)), y52 = ((int8_t)127UL);
    r = r * 31u + (uint32_t)((x51 <= y52) ? y52 : (int8_t)((uint64_t)x51 + 1u));
    return r;
}

int main(void)
{
    uint32_t s = 4043675365u, h = 0x811c9dc5u;
    for (int i = 0; i < 93; i++) {
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
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
