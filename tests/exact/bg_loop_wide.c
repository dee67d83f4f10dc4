/* tests/exact: benchmarks/accuracy/branchgen's program seed 71004, target riscv32 (issue 27), kept as generated
 * (--shapes loop). f4: a select on a 64-bit order compare in a loop: the select's
 * branch copied into both sides of the high words' diamond, one copy without a location
 * (0 for 9); f5: a 64-bit smax whose high word alone is used, made without a branch, the
 * high-word test (beqz) taken for its choice.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {255, 255, 0, 0, 0, 1, 1, 1, 0, 157, 128, 255, 0, 229, 255, 0, 255, 0, 1, 1, 255, 0, 0, 1, 234, 0, 255, 255, 0, 0, 121, 0, 255, 1, 255, 0, 25, 255, 36, 1, 39, 1, 0, 188, 217, 219, 108, 255, 1, 0, 0, 85, 1, 255, 0, 1, 255, 0, 0, 1, 255, 1, 1, 0, 0, 0, 0, 1, 0, 168, 93, 255, 0, 1, 255, 255, 0, 1, 255, 116, 1, 0, 0, 0, 255, 255, 255, 0, 1, 0, 255, 1, 0, 177, 0, 0, 168, 1, 0, 0, 0, 1, 255, 1, 1, 0, 255, 0, 255, 255, 255, 0, 57, 1, 27, 0, 171, 0, 0, 255, 0, 108, 209, 1, 1, 255, 255, 1};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 7607u;
    for (uint32_t i1 = 0; i1 < (b & 15u); i1++) {
        uint8_t x2 = ((uint8_t)c), y3 = ((uint8_t)6UL);
        r = r * 31u + (uint32_t)((x2 == y3) ? y3 : y3);
    }
    for (uint32_t i4 = 0; i4 < (a & 7u); i4++) {
        int8_t x5 = ((int8_t)(i4 ^ i4)), y6 = ((int8_t)a);
        r = r * 31u + (uint32_t)((x5 > ((int8_t)1UL)) ? ((int8_t)100UL) : x5);
    }
    for (uint32_t i7 = 0; i7 < (b & 3u); i7++) {
        uint8_t x8 = ((uint8_t)(i7 >> 1)), y9 = ((uint8_t)2UL);
        r = r * 31u + (uint32_t)((x8 != y9) ? (uint8_t)((uint64_t)x8 + 1u) : (uint8_t)(x8 ^ y9));
    }
    for (uint32_t i10 = 0; i10 < (c & 3u); i10++) {
        int8_t x11 = ((int8_t)(a ^ i10)), y12 = ((int8_t)127UL);
        r = r * 31u + (uint32_t)((x11 == y12) ? y12 : (int8_t)(x11 ^ y12));
    }
    return r;
}

static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 967u;
    for (uint32_t i13 = 0; i13 < (c & 3u); i13++) {
        uint32_t x14 = ((uint32_t)c), y15 = ((uint32_t)(a ^ i13));
        r = r * 31u + (uint32_t)((x14 == y15) ? (uint32_t)((uint64_t)x14 + 1u) : (uint32_t)(x14 ^ y15));
    }
    for (uint32_t i16 = 0; i16 < (c & 15u); i16++) {
        uint8_t x17 = ((uint8_t)i16), y18 = ((uint8_t)7UL);
        r = r * 31u + (uint32_t)((x17 < y18) ? y18 : ((uint8_t)100UL));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 2004u;
    for (uint32_t i19 = 0; i19 < (a & 3u); i19++) {
        int16_t x20 = ((int16_t)(c ^ a)), y21 = ((int16_t)(c + c));
        r = r * 31u + (uint32_t)((x20 != y21) ? (int16_t)((uint64_t)x20 + 1u) : x20);
    }
    for (uint32_t i22 = 0; i22 < (c & 3u); i22++) {
        uint8_t x23 = ((uint8_t)(a ^ a)), y24 = ((uint8_t)255UL);
        r = r * 31u + (uint32_t)((x23 <= ((uint8_t)255UL)) ? (uint8_t)((uint64_t)x23 + 1u) : (uint8_t)(x23 ^ y24));
    }
    for (uint32_t i25 = 0; i25 < (c & 15u); i25++) {
        int64_t x26 = ((int64_t)(uint64_t)a), y27 = ((int64_t)(-0LL - 1));
        r = r * 31u + (uint32_t)((x26 < ((int64_t)0LL)) ? x26 : y27);
        r ^= (uint32_t)((uint64_t)((x26 > y27) ? x26 : y27) >> 32);
    }
    for (uint32_t i28 = 0; i28 < (a & 3u); i28++) {
        uint8_t x29 = ((uint8_t)(i28 + a)), y30 = ((uint8_t)(i28 + i28));
        r = r * 31u + (uint32_t)((x29 >= y30) ? y30 : ((uint8_t)1UL));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 53364u;
    for (uint32_t i31 = 0; i31 < (b & 7u); i31++) {
        int64_t x32 = ((int64_t)(uint64_t)(int32_t)i31), y33 = ((int64_t)(uint64_t)i31);
        r = r * 31u + (uint32_t)((x32 < y33) ? ((int64_t)255LL) : y33);
        r ^= (uint32_t)((uint64_t)((x32 <= y33) ? x32 : y33) >> 32);
    }
    for (uint32_t i34 = 0; i34 < (c & 15u); i34++) {
        uint8_t x35 = ((uint8_t)(b + c)), y36 = ((uint8_t)7UL);
        r = r * 31u + (uint32_t)((x35 >= ((uint8_t)7UL)) ? y36 : ((uint8_t)254UL));
    }
    for (uint32_t i37 = 0; i37 < (c & 3u); i37++) {
        int16_t x38 = ((int16_t)(a ^ b)), y39 = ((int16_t)1000UL);
        r = r * 31u + (uint32_t)((x38 == y39) ? x38 : ((int16_t)32767UL));
    }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 60320u;
    for (uint32_t i40 = 0; i40 < (b & 3u); i40++) {
        uint64_t x41 = ((uint64_t)(uint64_t)b), y42 = ((uint64_t)0ULL);
        r = r * 31u + (uint32_t)((x41 != y42) ? (uint64_t)((uint64_t)x41 + 1u) : (uint64_t)(x41 ^ y42));
        r ^= (uint32_t)((uint64_t)((x41 >= y42) ? x41 : y42) >> 32);
    }
    for (uint32_t i43 = 0; i43 < (c & 15u); i43++) {
        int64_t x44 = ((int64_t)((uint64_t)a * 0x9E3779B9u)), y45 = ((int64_t)32768LL);
        r = r * 31u + (uint32_t)((x44 > y45) ? y45 : (int64_t)(x44 ^ y45));
        r ^= (uint32_t)((uint64_t)((x44 != y45) ? x44 : y45) >> 32);
    }
    for (uint32_t i46 = 0; i46 < (a & 7u); i46++) {
        int8_t x47 = ((int8_t)i46), y48 = ((int8_t)(-99L - 1));
        r = r * 31u + (uint32_t)((x47 > ((int8_t)0UL)) ? y48 : y48);
    }
    for (uint32_t i49 = 0; i49 < (b & 15u); i49++) {
        uint8_t x50 = ((uint8_t)b), y51 = ((uint8_t)(c >> 21));
        r = r * 31u + (uint32_t)((x50 != ((uint8_t)254UL)) ? ((uint8_t)1UL) : y51);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 6755u;
    for (uint32_t i52 = 0; i52 < (c & 7u); i52++) {
        uint8_t x53 = ((uint8_t)(b ^ a)), y54 = ((uint8_t)255UL);
        r = r * 31u + (uint32_t)((x53 == y54) ? (uint8_t)((uint64_t)x53 + 1u) : y54);
    }
    for (uint32_t i55 = 0; i55 < (c & 3u); i55++) {
        int64_t x56 = ((int64_t)(uint64_t)b), y57 = ((int64_t)((uint64_t)b << 32 | c));
        r = r * 31u + (uint32_t)((x56 != y57) ? (int64_t)((uint64_t)x56 + 1u) : (int64_t)(x56 ^ y57));
        r ^= (uint32_t)((uint64_t)((x56 > y57) ? x56 : y57) >> 32);
    }
    for (uint32_t i58 = 0; i58 < (b & 7u); i58++) {
        uint8_t x59 = ((uint8_t)(b >> 13)), y60 = ((uint8_t)(a + a));
        r = r * 31u + (uint32_t)((x59 > y60) ? x59 : (uint8_t)(x59 ^ y60));
    }
    for (uint32_t i61 = 0; i61 < (b & 15u); i61++) {
        uint16_t x62 = ((uint16_t)b), y63 = ((uint16_t)(c >> 9));
        r = r * 31u + (uint32_t)((x62 < ((uint16_t)0UL)) ? ((uint16_t)65535UL) : ((uint16_t)100UL));
    }
    for (uint32_t i64 = 0; i64 < (a & 15u); i64++) {
        uint64_t x65 = ((uint64_t)(uint64_t)c), y66 = ((uint64_t)1ULL);
        r = r * 31u + (uint32_t)((x65 > ((uint64_t)18446744073709551516ULL)) ? (uint64_t)(x65 ^ y66) : ((uint64_t)7ULL));
        r ^= (uint32_t)((uint64_t)((x65 != y66) ? x65 : y66) >> 32);
    }
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8343u;
    for (uint32_t i67 = 0; i67 < (a & 3u); i67++) {
        int8_t x68 = ((int8_t)(c >> 7)), y69 = ((int8_t)127UL);
        r = r * 31u + (uint32_t)((x68 == ((int8_t)127UL)) ? y69 : ((int8_t)127UL));
    }
    for (uint32_t i70 = 0; i70 < (c & 7u); i70++) {
        int16_t x71 = ((int16_t)a), y72 = ((int16_t)(-99L - 1));
        r = r * 31u + (uint32_t)((x71 <= ((int16_t)1000UL)) ? ((int16_t)7UL) : y72);
    }
    for (uint32_t i73 = 0; i73 < (c & 7u); i73++) {
        int8_t x74 = ((int8_t)(b ^ c)), y75 = ((int8_t)127UL);
        r = r * 31u + (uint32_t)((x74 > y75) ? (int8_t)(x74 ^ y75) : (int8_t)((uint64_t)x74 + 1u));
    }
    for (uint32_t i76 = 0; i76 < (c & 3u); i76++) {
        int32_t x77 = ((int32_t)i76), y78 = ((int32_t)(-2147483646L - 1));
        r = r * 31u + (uint32_t)((x77 <= y78) ? (int32_t)(x77 ^ y78) : (int32_t)((uint64_t)x77 + 1u));
    }
    return r;
}

int main(void)
{
    uint32_t s = 1341739326u, h = 0x811c9dc5u;
    for (int i = 0; i < 120; i++) {
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
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
