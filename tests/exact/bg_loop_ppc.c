/* tests/exact: benchmarks/accuracy/branchgen's program seed 71003, target ppc (issue 27), kept as generated
 * (--shapes loop). main and f6: a loop test copied by tail duplication into a block
 * of no known IR block (PowerPC): the IR edge's count went to the other copy.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {253, 0, 141, 93, 0, 187, 0, 0, 100, 255, 1, 255, 0, 0, 1, 0, 0, 255, 0, 1, 255, 0, 1, 88, 65, 255, 218, 255, 255, 0, 231, 153, 0, 0, 0, 0, 255, 255, 255, 205, 255, 0, 0, 33, 0, 0, 1, 0, 189, 0, 0, 0, 220, 1, 1, 36, 140, 1, 255, 0, 1, 0, 1, 98, 46, 1, 0, 0, 0, 255, 56, 0, 0, 81, 58, 64, 255, 101, 0, 1, 0, 0, 0, 151, 0, 0, 38, 0, 1, 0, 242, 0, 0, 0, 255, 1, 0, 0, 0, 1, 255, 255, 0, 80, 0, 0, 0, 1, 199, 255, 1, 255, 1, 255, 255, 0, 123, 1, 1, 0, 120, 0, 0, 255, 0, 1, 0, 255};

#include "bg_bend.h"

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 49208u;
    for (uint32_t i1 = 0; i1 < (a & 7u); i1++) {
        uint16_t x2 = ((uint16_t)(c >> 18)), y3 = ((uint16_t)(c + i1));
        r = r * 31u + (uint32_t)((x2 <= y3) ? (uint16_t)(x2 ^ y3) : (uint16_t)(x2 ^ y3));
    }
    for (uint32_t i4 = 0; i4 < (a & 7u); i4++) {
        uint8_t x5 = ((uint8_t)c), y6 = ((uint8_t)(b >> 5));
        r = r * 31u + (uint32_t)((x5 < ((uint8_t)1UL)) ? y6 : y6);
    }
    for (uint32_t i7 = 0; i7 < (c & 3u); i7++) {
        int32_t x8 = ((int32_t)(a + i7)), y9 = ((int32_t)2147483646UL);
        r = r * 31u + (uint32_t)((x8 > y9) ? (int32_t)((uint64_t)x8 + 1u) : ((int32_t)(-2147483646L - 1)));
    }
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 6354u;
    for (uint32_t i10 = 0; i10 < (c & 3u); i10++) {
        int32_t x11 = ((int32_t)(c ^ c)), y12 = ((int32_t)(-99L - 1));
        r = r * 31u + (uint32_t)((x11 <= ((int32_t)(-2147483646L - 1))) ? (int32_t)((uint64_t)x11 + 1u) : (int32_t)(x11 ^ y12));
    }
    for (uint32_t i13 = 0; i13 < (c & 3u); i13++) {
        int8_t x14 = ((int8_t)c), y15 = ((int8_t)(i13 + b));
        r = r * 31u + (uint32_t)((x14 <= y15) ? y15 : x14);
    }
    for (uint32_t i16 = 0; i16 < (c & 3u); i16++) {
        uint32_t x17 = ((uint32_t)b), y18 = ((uint32_t)b);
        r = r * 31u + (uint32_t)((x17 == y18) ? x17 : (uint32_t)(x17 ^ y18));
    }
    for (uint32_t i19 = 0; i19 < (b & 3u); i19++) {
        int16_t x20 = ((int16_t)b), y21 = ((int16_t)(-0L - 1));
        r = r * 31u + (uint32_t)((x20 != y21) ? (int16_t)(x20 ^ y21) : (int16_t)((uint64_t)x20 + 1u));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 24168u;
    for (uint32_t i22 = 0; i22 < (b & 15u); i22++) {
        uint16_t x23 = ((uint16_t)i22), y24 = ((uint16_t)(b ^ a));
        r = r * 31u + (uint32_t)((x23 < ((uint16_t)65535UL)) ? (uint16_t)((uint64_t)x23 + 1u) : (uint16_t)((uint64_t)x23 + 1u));
    }
    for (uint32_t i25 = 0; i25 < (b & 15u); i25++) {
        uint32_t x26 = ((uint32_t)b), y27 = ((uint32_t)(c >> 28));
        r = r * 31u + (uint32_t)((x26 > ((uint32_t)255UL)) ? (uint32_t)((uint64_t)x26 + 1u) : (uint32_t)(x26 ^ y27));
    }
    for (uint32_t i28 = 0; i28 < (c & 7u); i28++) {
        uint16_t x29 = ((uint16_t)c), y30 = ((uint16_t)65436UL);
        r = r * 31u + (uint32_t)((x29 >= y30) ? x29 : y30);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 33568u;
    for (uint32_t i31 = 0; i31 < (b & 7u); i31++) {
        int16_t x32 = ((int16_t)(a + a)), y33 = ((int16_t)(-1L - 1));
        r = r * 31u + (uint32_t)((x32 >= ((int16_t)(-32766L - 1))) ? x32 : (int16_t)((uint64_t)x32 + 1u));
    }
    for (uint32_t i34 = 0; i34 < (a & 3u); i34++) {
        uint8_t x35 = ((uint8_t)c), y36 = ((uint8_t)0UL);
        r = r * 31u + (uint32_t)((x35 == y36) ? x35 : x35);
    }
    for (uint32_t i37 = 0; i37 < (c & 15u); i37++) {
        uint16_t x38 = ((uint16_t)(c + c)), y39 = ((uint16_t)0UL);
        r = r * 31u + (uint32_t)((x38 <= ((uint16_t)65535UL)) ? x38 : (uint16_t)(x38 ^ y39));
    }
    for (uint32_t i40 = 0; i40 < (a & 7u); i40++) {
        uint16_t x41 = ((uint16_t)(i40 >> 16)), y42 = ((uint16_t)65534UL);
        r = r * 31u + (uint32_t)((x41 <= ((uint16_t)1UL)) ? (uint16_t)(x41 ^ y42) : ((uint16_t)0UL));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51570u;
    for (uint32_t i43 = 0; i43 < (c & 7u); i43++) {
        int8_t x44 = ((int8_t)(b ^ b)), y45 = ((int8_t)15UL);
        r = r * 31u + (uint32_t)((x44 > y45) ? x44 : (int8_t)(x44 ^ y45));
    }
    for (uint32_t i46 = 0; i46 < (c & 15u); i46++) {
        uint16_t x47 = ((uint16_t)(b + i46)), y48 = ((uint16_t)(i46 + b));
        r = r * 31u + (uint32_t)((x47 == ((uint16_t)65535UL)) ? (uint16_t)((uint64_t)x47 + 1u) : ((uint16_t)32767UL));
    }
    for (uint32_t i49 = 0; i49 < (a & 3u); i49++) {
        uint8_t x50 = ((uint8_t)(b ^ c)), y51 = ((uint8_t)(i49 + a));
        r = r * 31u + (uint32_t)((x50 != y51) ? ((uint8_t)1UL) : x50);
    }
    for (uint32_t i52 = 0; i52 < (c & 3u); i52++) {
        int8_t x53 = ((int8_t)(b + a)), y54 = ((int8_t)(-1L - 1));
        r = r * 31u + (uint32_t)((x53 < y54) ? ((int8_t)126UL) : (int8_t)(x53 ^ y54));
    }
    for (uint32_t i55 = 0; i55 < (a & 15u); i55++) {
        uint32_t x56 = ((uint32_t)(a >> 23)), y57 = ((uint32_t)1UL);
        r = r * 31u + (uint32_t)((x56 >= ((uint32_t)4294967196UL)) ? x56 : (uint32_t)(x56 ^ y57));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 56457u;
    for (uint32_t i58 = 0; i58 < (b & 15u); i58++) {
        uint64_t x59 = ((uint64_t)((uint64_t)a * 0x9E3779B9u)), y60 = ((uint64_t)((uint64_t)i58 << 32 | a));
        r = r * 31u + (uint32_t)((x59 >= y60) ? ((uint64_t)18446744073709551614ULL) : (uint64_t)(x59 ^ y60));
        r ^= (uint32_t)((uint64_t)((x59 <= y60) ? x59 : y60) >> 32);
    }
    for (uint32_t i61 = 0; i61 < (a & 15u); i61++) {
        int32_t x62 = ((int32_t)(c + i61)), y63 = ((int32_t)(c + a));
        r = r * 31u + (uint32_t)((x62 >= y63) ? y63 : y63);
    }
    for (uint32_t i64 = 0; i64 < (a & 7u); i64++) {
        int64_t x65 = ((int64_t)((uint64_t)a << 32 | i64)), y66 = ((int64_t)(uint64_t)a);
        r = r * 31u + (uint32_t)((x65 < ((int64_t)7067502069367058856LL)) ? y66 : (int64_t)((uint64_t)x65 + 1u));
        r ^= (uint32_t)((uint64_t)((x65 != y66) ? x65 : y66) >> 32);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 11633u;
    for (uint32_t i67 = 0; i67 < (a & 15u); i67++) {
        uint64_t x68 = ((uint64_t)((uint64_t)c << 32 | c)), y69 = ((uint64_t)((uint64_t)a << 32 | i67));
        r = r * 31u + (uint32_t)((x68 < ((uint64_t)32768ULL)) ? ((uint64_t)256ULL) : (uint64_t)((uint64_t)x68 + 1u));
        r ^= (uint32_t)((uint64_t)((x68 <= y69) ? x68 : y69) >> 32);
    }
    for (uint32_t i70 = 0; i70 < (b & 7u); i70++) {
        int8_t x71 = ((int8_t)c), y72 = ((int8_t)(c + i70));
        r = r * 31u + (uint32_t)((x71 == y72) ? y72 : (int8_t)(x71 ^ y72));
    }
    for (uint32_t i73 = 0; i73 < (c & 3u); i73++) {
        int64_t x74 = ((int64_t)((uint64_t)b << 32 | i73)), y75 = ((int64_t)9223372036854775806LL);
        r = r * 31u + (uint32_t)((x74 != y75) ? x74 : x74);
        r ^= (uint32_t)((uint64_t)((x74 != y75) ? x74 : y75) >> 32);
    }
    for (uint32_t i76 = 0; i76 < (b & 3u); i76++) {
        uint8_t x77 = ((uint8_t)a), y78 = ((uint8_t)(b + i76));
        r = r * 31u + (uint32_t)((x77 == y78) ? x77 : (uint8_t)((uint64_t)x77 + 1u));
    }
    return r;
}

static uint32_t f7(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2268u;
    for (uint32_t i79 = 0; i79 < (b & 3u); i79++) {
        uint8_t x80 = ((uint8_t)(i79 ^ c)), y81 = ((uint8_t)(b ^ a));
        r = r * 31u + (uint32_t)((x80 >= y81) ? y81 : ((uint8_t)156UL));
    }
    for (uint32_t i82 = 0; i82 < (b & 3u); i82++) {
        uint8_t x83 = ((uint8_t)(b >> 27)), y84 = ((uint8_t)0UL);
        r = r * 31u + (uint32_t)((x83 != y84) ? y84 : (uint8_t)(x83 ^ y84));
    }
    for (uint32_t i85 = 0; i85 < (c & 3u); i85++) {
        int32_t x86 = ((int32_t)(i85 ^ a)), y87 = ((int32_t)32767UL);
        r = r * 31u + (uint32_t)((x86 == ((int32_t)(-0L - 1))) ? y87 : (int32_t)((uint64_t)x86 + 1u));
    }
    for (uint32_t i88 = 0; i88 < (b & 7u); i88++) {
        int64_t x89 = ((int64_t)((uint64_t)a << 39)), y90 = ((int64_t)(uint64_t)(int32_t)b);
        r = r * 31u + (uint32_t)((x89 != y90) ? (int64_t)((uint64_t)x89 + 1u) : y90);
        r ^= (uint32_t)((uint64_t)((x89 <= y90) ? x89 : y90) >> 32);
    }
    for (uint32_t i91 = 0; i91 < (c & 3u); i91++) {
        int32_t x92 = ((int32_t)(b ^ c)), y93 = ((int32_t)(b >> 11));
        r = r * 31u + (uint32_t)((x92 >= ((int32_t)32767UL)) ? y93 : (int32_t)(x92 ^ y93));
    }
    return r;
}

int main(void)
{
    uint32_t s = 2835094956u, h = 0x811c9dc5u;
    for (int i = 0; i < 168; i++) {
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
