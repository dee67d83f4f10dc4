/* tests/exact: benchmarks/accuracy/branchgen's program seed 71004, target avr (issue 27), kept as generated
 * (--shapes mem,mem_tail). f2: a 2-byte memcmp(..) == 0 of bytes just stored, made as
 * a compare of the registers stored (no instruction carries the call's location): the
 * old binary ran the module's memcmp for it (837 entries for 685), and merged copies as
 * in bg_mem_merged_avr.c.
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {1, 0, 0, 190, 0, 118, 0, 255, 0, 0, 0, 1, 255, 0, 0, 0, 1, 181, 108, 0, 255, 255, 72, 1, 0, 0, 1, 0, 255, 1, 0, 0, 0, 0, 211, 39, 1, 255, 0, 49, 1, 0, 1, 0, 48, 0, 0, 0, 1, 0, 160, 1, 1, 43, 255, 161, 0, 55, 1, 54, 0, 0, 0, 0, 1, 255, 0, 50, 255, 255, 0, 0, 1, 0, 34, 0, 0, 0, 25, 0, 0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 91, 0, 1, 0, 255, 1, 165, 12, 0, 0, 250, 1, 1, 53, 0, 1, 234, 0, 68, 0, 0, 1, 108, 1, 0, 75, 1, 255, 6, 255, 16, 0, 1, 0, 249, 1, 160, 0};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt4(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt5(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static void mt6(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt7(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt8(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt9(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 24);
}

static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 57337u;
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt1(d, pool, b); r += d[8] + d[3]; }
    unsigned char m1[32], m2[32];
    memcpy(m1, pool + (a & 63u), 32);
    memcpy(m2, pool + 6, 32);
    if (memcmp(m1, m2, 32) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 32; i++) r = r * 3u + m1[i];
    unsigned char m3[2], m4[2];
    memcpy(m3, pool + (a & 63u), 2);
    memcpy(m4, pool + 11, 2);
    if (memcmp(m3, m4, 2) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 2; i++) r = r * 3u + m3[i];
    unsigned char m5[32], m6[32];
    memcpy(m5, pool + (c & 63u), 32);
    memcpy(m6, pool + 33, 32);
    if (c & 3u) memset(m6, (int)(c & 255u), 2);
    else memcpy(m6, m5, 32);
    if (memcmp(m5, m6, 32) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 32; i++) r = r * 3u + m5[i];
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 21659u;
    unsigned char m7[16], m8[16];
    memcpy(m7, pool + (a & 63u), 16);
    memcpy(m8, pool + 17, 16);
    if (c & 3u) memset(m8, (int)(a & 255u), 14);
    else memcpy(m8, m7, 16);
    if (memcmp(m7, m8, 16) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 16; i++) r = r * 3u + m7[i];
    { unsigned char d[64] = {0}; mt2(d, pool, b); r += d[8] + d[3]; }
    unsigned char m9[7], m10[7];
    memcpy(m9, pool + (b & 63u), 7);
    memcpy(m10, pool + 43, 7);
    if (memcmp(m9, m10, 7) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 7; i++) r = r * 3u + m9[i];
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 8679u;
    unsigned char m11[2], m12[2];
    memcpy(m11, pool + (a & 63u), 2);
    memcpy(m12, pool + 37, 2);
    if (memcmp(m11, m12, 2) == 0 && memcmp(m11, pool + 47, 2) == 0) r ^= 0x55u;
    for (int i = 0; i < 2; i++) r = r * 3u + m11[i];
    { unsigned char d[64] = {0}; mt3(d, pool, a); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt4(d, pool, b); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt5(d, pool, c); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt6(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 63645u;
    unsigned char m13[32], m14[32];
    memcpy(m13, pool + (c & 63u), 32);
    memcpy(m14, pool + 29, 32);
    if (memcmp(m13, m14, 32) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 32; i++) r = r * 3u + m13[i];
    unsigned char m15[7], m16[7];
    memcpy(m15, pool + (b & 63u), 7);
    memcpy(m16, pool + 8, 7);
    r += (uint32_t)(memcmp(m15, m16, 7) < 0);
    for (int i = 0; i < 7; i++) r = r * 3u + m15[i];
    unsigned char m17[16], m18[16];
    memcpy(m17, pool + (c & 63u), 16);
    memcpy(m18, pool + 57, 16);
    r += (uint32_t)(memcmp(m17, m18, 16) < 0);
    for (int i = 0; i < 16; i++) r = r * 3u + m17[i];
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 26665u;
    { unsigned char d[64] = {0}; mt7(d, pool, b); r += d[8] + d[3]; }
    unsigned char m19[32], m20[32];
    memcpy(m19, pool + (b & 63u), 32);
    memcpy(m20, pool + 5, 32);
    if (memcmp(m19, m20, 32) == 0 && memcmp(m19, pool + 15, 32) == 0) r ^= 0x55u;
    for (int i = 0; i < 32; i++) r = r * 3u + m19[i];
    { unsigned char d[64] = {0}; mt8(d, pool, b); r += d[8] + d[3]; }
    unsigned char m21[32], m22[32];
    memcpy(m21, pool + (a & 63u), 32);
    memcpy(m22, pool + 52, 32);
    r += (uint32_t)(memcmp(m21, m22, 32) < 0);
    for (int i = 0; i < 32; i++) r = r * 3u + m21[i];
    { unsigned char d[64] = {0}; mt9(d, pool, a); r += d[8] + d[3]; }
    return r;
}

int main(void)
{
    uint32_t s = 2137048395u, h = 0x811c9dc5u;
    for (int i = 0; i < 76; i++) {
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
