/* tests/exact: benchmarks/accuracy/branchgen's program seed 87106, target avr (issue 27), kept
 * as generated. main's inlined f3: `if (memcmp(m16, m17, 4) == 0 && memcmp(m16, pool + 28, 4)
 * == 0) r ^= 0x55u`: the first compare's false side "ldi ...; rjmp" jumps into the second's
 * join, a block labelled with the `&&`'s second IR block and shared with the join after it.
 * Its edges were summed as that IR block's edge to the join (1), and that block's way in as the
 * first compare's edge into it: the loop ran once (1 for simavr's 67 on 15 blocks, marked exact,
 * after dropping the true facts as contradicting). Now an IR edge's sum is unknown when a
 * block of its code past the head is also entered from outside it, or the way in reaches the
 * IR block's code past its head (edge_constraint).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {1, 20, 0, 0, 72, 0, 1, 0, 1, 255, 255, 0, 1, 0, 72, 144, 72, 0, 1, 0, 182, 1, 255, 255, 36, 249, 1, 1, 0, 0, 0, 1, 1, 118, 0, 0, 0, 0, 0, 0, 0, 255, 0, 255, 255, 0, 72, 0, 182, 132, 255, 133, 1, 58, 0, 116, 1, 34, 0, 0, 1, 84, 0, 255, 255, 255, 39, 255, 0, 0, 0, 0, 0, 255, 1, 29, 1, 0, 1, 1, 255, 61, 0, 1, 0, 88, 1, 0, 1, 0, 98, 0, 0, 1, 0, 0, 0, 1, 255, 1, 158, 1, 0, 1, 242, 0, 1, 97, 1, 0, 0, 2, 255, 255, 255, 0, 0, 1, 247, 1, 1, 0, 1, 0, 110, 0, 0, 43};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 24);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 58830u;
    { unsigned char d[64] = {0}; mt0(d, pool, b); r += d[8] + d[3]; }
    uint8_t x1 = ((uint8_t)a), y2 = ((uint8_t)255UL);
    r = r * 31u + (uint32_t)((x1 >= ((uint8_t)1UL)) ? (uint8_t)((uint64_t)x1 + 1u) : x1);
    unsigned char m3[32], m4[32];
    memcpy(m3, pool + (c & 63u), 32);
    memcpy(m4, pool + 25, 32);
    if (c & 3u) memset(m4, (int)(b & 255u), 9);
    else memcpy(m4, m3, 32);
    r += (uint32_t)(memcmp(m3, m4, 32) < 0);
    for (int i = 0; i < 32; i++) r = r * 3u + m3[i];
    { unsigned char d[64] = {0}; mt1(d, pool, b); r += d[8] + d[3]; }
    _Bool b5 = (((int64_t)(uint64_t)(int32_t)b) < ((int64_t)((uint64_t)a * 0x9E3779B9u)));
    _Bool b6 = (((int64_t)((uint64_t)b << 32 | c)) < ((int64_t)(uint64_t)c));
    _Bool b7 = (((int64_t)((uint64_t)b << 32 | b)) == ((int64_t)255LL));
    if ((b5 || b6) && !(b7)) r += 970u; else r ^= 513u;
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14074u;
    unsigned char m8[1], m9[1];
    memcpy(m8, pool + (c & 63u), 1);
    memcpy(m9, pool + 30, 1);
    if (memcmp(m8, m9, 1) == 0 && memcmp(m8, pool + 26, 1) == 0) r ^= 0x55u;
    for (int i = 0; i < 1; i++) r = r * 3u + m8[i];
    int16_t x10 = ((int16_t)(b ^ a)), y11 = ((int16_t)(a >> 24));
    r = r * 31u + (uint32_t)((x10 < y11) ? y11 : y11);
    int32_t x12 = ((int32_t)(b + b));
    x12 = x12 > 283 ? 283 : x12 < -288 ? -288 : x12;
    r = r * 7u + (uint32_t)x12;
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 43276u;
    uint16_t s13 = ((uint16_t)(c + b));
    { uint16_t z = (uint16_t)(s13 + ((uint16_t)b)); s13 = z < s13 ? (uint16_t)65535ULL : z; }
    s13 = s13 > 6698 ? 6698 : s13 < 0 ? 0 : s13;
    { uint16_t y_ = ((uint16_t)(b + b)); s13 = s13 > y_ ? (uint16_t)(s13 - y_) : 0; }
    s13 = s13 > 2443 ? 2443 : s13 < 0 ? 0 : s13;
    { uint16_t y_ = ((uint16_t)(a ^ b)); s13 = s13 > y_ ? (uint16_t)(s13 - y_) : 0; }
    s13 = s13 > 17884 ? 17884 : s13 < 0 ? 0 : s13;
    { uint16_t y_ = ((uint16_t)(c + b)); s13 = s13 > y_ ? (uint16_t)(s13 - y_) : 0; }
    s13 = s13 > 19252 ? 19252 : s13 < 0 ? 0 : s13;
    { uint16_t z = (uint16_t)(s13 + ((uint16_t)c)); s13 = z < s13 ? (uint16_t)65535ULL : z; }
    { uint16_t y_ = ((uint16_t)(a >> 24)); s13 = s13 > y_ ? (uint16_t)(s13 - y_) : 0; }
    { uint16_t z = (uint16_t)(s13 + ((uint16_t)(c + a))); s13 = z < s13 ? (uint16_t)65535ULL : z; }
    s13 = s13 > 9492 ? 9492 : s13 < 0 ? 0 : s13;
    r ^= (uint32_t)s13;
    int8_t x14 = ((int8_t)(c >> 7)), y15 = ((int8_t)c);
    r = r * 31u + (uint32_t)((x14 == ((int8_t)(-99L - 1))) ? y15 : (int8_t)((uint64_t)x14 + 1u));
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 21116u;
    unsigned char m16[4], m17[4];
    memcpy(m16, pool + (b & 63u), 4);
    memcpy(m17, pool + 52, 4);
    if (memcmp(m16, m17, 4) == 0 && memcmp(m16, pool + 28, 4) == 0) r ^= 0x55u;
    for (int i = 0; i < 4; i++) r = r * 3u + m16[i];
    int64_t x18 = ((int64_t)(uint64_t)c);
    x18 = x18 > 35 ? 35 : x18 < -62 ? -62 : x18;
    r = r * 7u + (uint32_t)x18;
    int64_t x19 = ((int64_t)((uint64_t)b * 0x9E3779B9u));
    x19 = (uint64_t)x19 > 255u ? (x19 > -1 ? 255 : 0) : x19;
    r += (uint32_t)x19;
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 27524u;
    _Bool inv20 = (c & 4u) != 0;
    _Bool res21 = (((uint8_t)b) > ((uint8_t)0UL));
    res21 = inv20 ? !res21 : res21;
    if (res21 | (((int8_t)(a ^ a)) < 1)) r += 39u;
    else r = r * 5u + 1u;
    uint32_t x22 = ((uint32_t)(a >> 3)), y23 = ((uint32_t)(a + b));
    r = r * 31u + (uint32_t)((x22 <= ((uint32_t)0UL)) ? (uint32_t)((uint64_t)x22 + 1u) : (uint32_t)(x22 ^ y23));
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 19856u;
    int16_t o24;
    if (__builtin_add_overflow(((int16_t)(b + c)), ((int16_t)a), &o24)) r += 958u; else r ^= (uint32_t)o24;
    int16_t s25 = ((int16_t)(c ^ c));
    { int32_t z = (int32_t)s25 + (int32_t)((int16_t)(c ^ b)); s25 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s25 + (int32_t)((int16_t)(b ^ b)); s25 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s25 + (int32_t)((int16_t)(c + c)); s25 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s25 = s25 > 18836 ? 18836 : s25 < -18836 ? -18836 : s25;
    { int32_t z = (int32_t)s25 + (int32_t)((int16_t)(c + b)); s25 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    { int32_t z = (int32_t)s25 - (int32_t)((int16_t)(c + c)); s25 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    s25 = s25 > 4297 ? 4297 : s25 < -4297 ? -4297 : s25;
    { int32_t z = (int32_t)s25 - (int32_t)((int16_t)(b >> 23)); s25 = (int16_t)(z > 32767LL ? 32767LL : z < (-32767LL - 1) ? (-32767LL - 1) : z); }
    r ^= (uint32_t)s25;
    uint64_t w26 = ((uint64_t)(uint64_t)b), w27 = ((uint64_t)(uint64_t)(int32_t)b);
    r ^= (uint32_t)(w26 == ((uint64_t)100ULL)) << 3 | (uint32_t)(w27 < ((uint64_t)18446744073709551614ULL));
    unsigned char m28[4], m29[4];
    memcpy(m28, pool + (a & 63u), 4);
    memcpy(m29, pool + 13, 4);
    if (memcmp(m28, m29, 4) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 4; i++) r = r * 3u + m28[i];
    return r;
}

int main(void)
{
    uint32_t s = 3940942064u, h = 0x811c9dc5u;
    for (int i = 0; i < 67; i++) {
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
