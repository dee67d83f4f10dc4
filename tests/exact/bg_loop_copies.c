/* tests/exact: benchmarks/accuracy/branchgen's program seed 71005, target riscv32 (issue 27), kept as generated
 * (--shapes loop). f3: a loop's exit test tail-duplicated into the path that skips
 * the loop, its branch without a location (a block of no known IR block): the IR edge's
 * count went all to the located copy (0 for 13 on the other). f5: smin(x, 1) made as
 * "blez" (x <= 0): the branch's strictness does not say where ties go (17 for 11).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {255, 1, 1, 1, 255, 0, 255, 0, 1, 0, 255, 0, 255, 255, 200, 255, 0, 255, 0, 0, 1, 0, 0, 1, 55, 0, 0, 0, 0, 0, 101, 232, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 56, 196, 1, 0, 1, 1, 1, 0, 1, 1, 1, 51, 1, 1, 0, 1, 0, 167, 121, 0, 0, 108, 0, 0, 255, 0, 0, 0, 0, 1, 0, 0, 1, 255, 1, 255, 1, 1, 157, 1, 0, 172, 1, 118, 0, 255, 0, 0, 1, 255, 0, 0, 5, 48, 0, 1, 1, 0, 255, 15, 254, 1, 0, 0, 255, 0, 255, 255, 215, 0, 255, 11, 1, 1, 1, 1, 0, 0, 0, 0, 1, 185, 0, 18, 0};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 48579u;
    for (uint32_t i1 = 0; i1 < (c & 3u); i1++) {
        uint8_t x2 = ((uint8_t)i1), y3 = ((uint8_t)a);
        r = r * 31u + (uint32_t)((x2 == ((uint8_t)0UL)) ? (uint8_t)((uint64_t)x2 + 1u) : ((uint8_t)255UL));
    }
    for (uint32_t i4 = 0; i4 < (c & 7u); i4++) {
        uint8_t x5 = ((uint8_t)c), y6 = ((uint8_t)0UL);
        r = r * 31u + (uint32_t)((x5 <= y6) ? (uint8_t)(x5 ^ y6) : x5);
    }
    for (uint32_t i7 = 0; i7 < (b & 15u); i7++) {
        int64_t x8 = ((int64_t)((uint64_t)a << 32 | b)), y9 = ((int64_t)((uint64_t)i7 * 0x9E3779B9u));
        r = r * 31u + (uint32_t)((x8 == ((int64_t)(-1LL - 1))) ? (int64_t)((uint64_t)x8 + 1u) : y9);
        r ^= (uint32_t)((uint64_t)((x8 < y9) ? x8 : y9) >> 32);
    }
    for (uint32_t i10 = 0; i10 < (a & 15u); i10++) {
        uint8_t x11 = ((uint8_t)b), y12 = ((uint8_t)2UL);
        r = r * 31u + (uint32_t)((x11 != ((uint8_t)0UL)) ? x11 : y12);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51592u;
    for (uint32_t i13 = 0; i13 < (a & 3u); i13++) {
        uint32_t x14 = ((uint32_t)(i13 >> 30)), y15 = ((uint32_t)(i13 + a));
        r = r * 31u + (uint32_t)((x14 <= ((uint32_t)1000UL)) ? (uint32_t)(x14 ^ y15) : (uint32_t)(x14 ^ y15));
    }
    for (uint32_t i16 = 0; i16 < (b & 15u); i16++) {
        uint16_t x17 = ((uint16_t)(c + a)), y18 = ((uint16_t)i16);
        r = r * 31u + (uint32_t)((x17 <= ((uint16_t)1000UL)) ? ((uint16_t)65535UL) : (uint16_t)(x17 ^ y18));
    }
    for (uint32_t i19 = 0; i19 < (a & 7u); i19++) {
        uint64_t x20 = ((uint64_t)((uint64_t)a << 27)), y21 = ((uint64_t)((uint64_t)i19 << 32 | a));
        r = r * 31u + (uint32_t)((x20 <= y21) ? x20 : y21);
        r ^= (uint32_t)((uint64_t)((x20 <= y21) ? x20 : y21) >> 32);
    }
    for (uint32_t i22 = 0; i22 < (c & 7u); i22++) {
        uint32_t x23 = ((uint32_t)(a + a)), y24 = ((uint32_t)256UL);
        r = r * 31u + (uint32_t)((x23 > y24) ? (uint32_t)((uint64_t)x23 + 1u) : y24);
    }
    for (uint32_t i25 = 0; i25 < (b & 3u); i25++) {
        uint64_t x26 = ((uint64_t)(uint64_t)(int32_t)i25), y27 = ((uint64_t)256ULL);
        r = r * 31u + (uint32_t)((x26 >= y27) ? (uint64_t)(x26 ^ y27) : y27);
        r ^= (uint32_t)((uint64_t)((x26 < y27) ? x26 : y27) >> 32);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 25654u;
    for (uint32_t i28 = 0; i28 < (a & 3u); i28++) {
        uint16_t x29 = ((uint16_t)(i28 >> 29)), y30 = ((uint16_t)65534UL);
        r = r * 31u + (uint32_t)((x29 != ((uint16_t)65436UL)) ? y30 : (uint16_t)((uint64_t)x29 + 1u));
    }
    for (uint32_t i31 = 0; i31 < (b & 15u); i31++) {
        uint64_t x32 = ((uint64_t)((uint64_t)a << 32)), y33 = ((uint64_t)((uint64_t)c * 0x9E3779B9u));
        r = r * 31u + (uint32_t)((x32 <= y33) ? (uint64_t)(x32 ^ y33) : ((uint64_t)0ULL));
        r ^= (uint32_t)((uint64_t)((x32 == y33) ? x32 : y33) >> 32);
    }
    for (uint32_t i34 = 0; i34 < (c & 7u); i34++) {
        uint16_t x35 = ((uint16_t)(c + b)), y36 = ((uint16_t)(c + i34));
        r = r * 31u + (uint32_t)((x35 != ((uint16_t)2UL)) ? (uint16_t)((uint64_t)x35 + 1u) : x35);
    }
    for (uint32_t i37 = 0; i37 < (c & 7u); i37++) {
        int32_t x38 = ((int32_t)(b + c)), y39 = ((int32_t)65535UL);
        r = r * 31u + (uint32_t)((x38 < y39) ? x38 : ((int32_t)(-122556491L - 1)));
    }
    for (uint32_t i40 = 0; i40 < (c & 15u); i40++) {
        int8_t x41 = ((int8_t)(a ^ i40)), y42 = ((int8_t)(b >> 1));
        r = r * 31u + (uint32_t)((x41 <= ((int8_t)127UL)) ? x41 : ((int8_t)0UL));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 46777u;
    for (uint32_t i43 = 0; i43 < (a & 3u); i43++) {
        int16_t x44 = ((int16_t)(b >> 14)), y45 = ((int16_t)(c ^ b));
        r = r * 31u + (uint32_t)((x44 >= ((int16_t)32766UL)) ? x44 : ((int16_t)1UL));
    }
    for (uint32_t i46 = 0; i46 < (c & 7u); i46++) {
        int64_t x47 = ((int64_t)((uint64_t)a << 32 | c)), y48 = ((int64_t)(uint64_t)(int32_t)b);
        r = r * 31u + (uint32_t)((x47 != y48) ? ((int64_t)9223372036854775806LL) : y48);
        r ^= (uint32_t)((uint64_t)((x47 <= y48) ? x47 : y48) >> 32);
    }
    for (uint32_t i49 = 0; i49 < (a & 7u); i49++) {
        uint64_t x50 = ((uint64_t)(uint64_t)(int32_t)b), y51 = ((uint64_t)(uint64_t)(int32_t)c);
        r = r * 31u + (uint32_t)((x50 <= ((uint64_t)65536ULL)) ? ((uint64_t)18446744073709551614ULL) : ((uint64_t)65535ULL));
        r ^= (uint32_t)((uint64_t)((x50 >= y51) ? x50 : y51) >> 32);
    }
    for (uint32_t i52 = 0; i52 < (b & 15u); i52++) {
        uint16_t x53 = ((uint16_t)c), y54 = ((uint16_t)b);
        r = r * 31u + (uint32_t)((x53 <= y54) ? (uint16_t)((uint64_t)x53 + 1u) : (uint16_t)((uint64_t)x53 + 1u));
    }
    for (uint32_t i55 = 0; i55 < (c & 3u); i55++) {
        int32_t x56 = ((int32_t)(b ^ i55)), y57 = ((int32_t)65536UL);
        r = r * 31u + (uint32_t)((x56 == ((int32_t)(-1L - 1))) ? ((int32_t)65536UL) : x56);
    }
    return r;
}

static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 32215u;
    for (uint32_t i58 = 0; i58 < (b & 7u); i58++) {
        int64_t x59 = ((int64_t)((uint64_t)c << 32 | a)), y60 = ((int64_t)((uint64_t)c << 16));
        r = r * 31u + (uint32_t)((x59 == y60) ? (int64_t)((uint64_t)x59 + 1u) : ((int64_t)9223372036854775806LL));
        r ^= (uint32_t)((uint64_t)((x59 < y60) ? x59 : y60) >> 32);
    }
    for (uint32_t i61 = 0; i61 < (a & 7u); i61++) {
        int64_t x62 = ((int64_t)(uint64_t)(int32_t)c), y63 = ((int64_t)(uint64_t)(int32_t)a);
        r = r * 31u + (uint32_t)((x62 < ((int64_t)2LL)) ? ((int64_t)(-0LL - 1)) : (int64_t)(x62 ^ y63));
        r ^= (uint32_t)((uint64_t)((x62 != y63) ? x62 : y63) >> 32);
    }
    for (uint32_t i64 = 0; i64 < (a & 3u); i64++) {
        uint32_t x65 = ((uint32_t)a), y66 = ((uint32_t)65536UL);
        r = r * 31u + (uint32_t)((x65 == ((uint32_t)0UL)) ? x65 : x65);
    }
    for (uint32_t i67 = 0; i67 < (b & 15u); i67++) {
        uint16_t x68 = ((uint16_t)(c ^ a)), y69 = ((uint16_t)(b ^ c));
        r = r * 31u + (uint32_t)((x68 <= ((uint16_t)65535UL)) ? ((uint16_t)65535UL) : (uint16_t)(x68 ^ y69));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 40675u;
    for (uint32_t i70 = 0; i70 < (b & 3u); i70++) {
        uint16_t x71 = ((uint16_t)(a ^ a)), y72 = ((uint16_t)(c >> 14));
        r = r * 31u + (uint32_t)((x71 != ((uint16_t)255UL)) ? (uint16_t)((uint64_t)x71 + 1u) : x71);
    }
    for (uint32_t i73 = 0; i73 < (a & 3u); i73++) {
        int64_t x74 = ((int64_t)(uint64_t)(int32_t)a), y75 = ((int64_t)2LL);
        r = r * 31u + (uint32_t)((x74 >= y75) ? ((int64_t)(-9223372036854775806LL - 1)) : x74);
        r ^= (uint32_t)((uint64_t)((x74 >= y75) ? x74 : y75) >> 32);
    }
    for (uint32_t i76 = 0; i76 < (b & 7u); i76++) {
        uint8_t x77 = ((uint8_t)(c + b)), y78 = ((uint8_t)157UL);
        r = r * 31u + (uint32_t)((x77 == ((uint8_t)0UL)) ? y78 : (uint8_t)(x77 ^ y78));
    }
    for (uint32_t i79 = 0; i79 < (b & 3u); i79++) {
        uint16_t x80 = ((uint16_t)a), y81 = ((uint16_t)c);
        r = r * 31u + (uint32_t)((x80 >= y81) ? x80 : (uint16_t)((uint64_t)x80 + 1u));
    }
    for (uint32_t i82 = 0; i82 < (a & 7u); i82++) {
        int32_t x83 = ((int32_t)i82), y84 = ((int32_t)2147483646UL);
        r = r * 31u + (uint32_t)((x83 > ((int32_t)(-0L - 1))) ? y84 : x83);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 49608u;
    for (uint32_t i85 = 0; i85 < (a & 7u); i85++) {
        int64_t x86 = ((int64_t)((uint64_t)c << 40)), y87 = ((int64_t)((uint64_t)a << 32 | a));
        r = r * 31u + (uint32_t)((x86 != y87) ? y87 : (int64_t)((uint64_t)x86 + 1u));
        r ^= (uint32_t)((uint64_t)((x86 >= y87) ? x86 : y87) >> 32);
    }
    for (uint32_t i88 = 0; i88 < (b & 3u); i88++) {
        int8_t x89 = ((int8_t)(i88 >> 8)), y90 = ((int8_t)127UL);
        r = r * 31u + (uint32_t)((x89 >= y90) ? (int8_t)(x89 ^ y90) : ((int8_t)(-127L - 1)));
    }
    for (uint32_t i91 = 0; i91 < (c & 3u); i91++) {
        uint32_t x92 = ((uint32_t)(c + c)), y93 = ((uint32_t)b);
        r = r * 31u + (uint32_t)((x92 != y93) ? ((uint32_t)4294967294UL) : (uint32_t)((uint64_t)x92 + 1u));
    }
    for (uint32_t i94 = 0; i94 < (a & 3u); i94++) {
        int32_t x95 = ((int32_t)(c ^ i94)), y96 = ((int32_t)1000UL);
        r = r * 31u + (uint32_t)((x95 >= ((int32_t)100UL)) ? (int32_t)(x95 ^ y96) : ((int32_t)(-0L - 1)));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f7(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 41781u;
    for (uint32_t i97 = 0; i97 < (c & 3u); i97++) {
        uint32_t x98 = ((uint32_t)(a >> 20)), y99 = ((uint32_t)(c ^ b));
        r = r * 31u + (uint32_t)((x98 < ((uint32_t)100UL)) ? y99 : (uint32_t)(x98 ^ y99));
    }
    for (uint32_t i100 = 0; i100 < (b & 7u); i100++) {
        int8_t x101 = ((int8_t)(c >> 31)), y102 = ((int8_t)(b >> 16));
        r = r * 31u + (uint32_t)((x101 != ((int8_t)127UL)) ? y102 : x101);
    }
    for (uint32_t i103 = 0; i103 < (a & 15u); i103++) {
        int16_t x104 = ((int16_t)(i103 ^ i103)), y105 = ((int16_t)(-1L - 1));
        r = r * 31u + (uint32_t)((x104 > ((int16_t)32766UL)) ? y105 : x104);
    }
    for (uint32_t i106 = 0; i106 < (c & 15u); i106++) {
        int8_t x107 = ((int8_t)(i106 ^ c)), y108 = ((int8_t)(c >> 13));
        r = r * 31u + (uint32_t)((x107 <= ((int8_t)127UL)) ? ((int8_t)7UL) : x107);
    }
    for (uint32_t i109 = 0; i109 < (a & 15u); i109++) {
        int32_t x110 = ((int32_t)(i109 + b)), y111 = ((int32_t)b);
        r = r * 31u + (uint32_t)((x110 <= ((int32_t)65536UL)) ? (int32_t)(x110 ^ y111) : y111);
    }
    return r;
}

int main(void)
{
    uint32_t s = 2898590709u, h = 0x811c9dc5u;
    for (int i = 0; i < 92; i++) {
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
