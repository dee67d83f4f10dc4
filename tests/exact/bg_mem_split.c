/* tests/exact: benchmarks/accuracy/branchgen's program seed 71002, target ppc (issue 27), kept as generated
 * (--shapes mem,mem_tail). The module's memcmp, expanded inline wherever its result is
 * compared with 0, and called where it is not (memcmp(..) < 0 made a shift): its entries
 * are not the run's, every block an estimate; the old binary kept its branch block "SPLIT"
 * (a known count: 154 where the board has 0).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {0, 49, 0, 1, 1, 1, 255, 0, 0, 255, 1, 0, 0, 90, 0, 1, 1, 255, 255, 0, 255, 0, 1, 1, 255, 252, 255, 0, 1, 150, 237, 0, 1, 255, 1, 0, 255, 0, 1, 0, 0, 0, 0, 1, 1, 255, 255, 0, 0, 1, 0, 228, 0, 1, 166, 1, 255, 1, 0, 0, 245, 125, 0, 0, 0, 0, 1, 0, 1, 0, 226, 1, 255, 0, 255, 0, 1, 1, 0, 1, 0, 0, 0, 1, 255, 255, 0, 1, 0, 0, 1, 156, 255, 255, 0, 0, 191, 1, 255, 0, 255, 1, 0, 255, 255, 0, 110, 0, 0, 83, 1, 0, 0, 255, 1, 1, 0, 7, 0, 0, 255, 221, 255, 255, 0, 1, 0, 151};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static void mt4(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static void mt5(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 24);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt6(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static void mt7(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static void mt8(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt9(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 51919u;
    unsigned char m1[16], m2[16];
    memcpy(m1, pool + (b & 63u), 16);
    memcpy(m2, pool + 30, 16);
    if (a & 3u) memset(m2, (int)(b & 255u), 10);
    else memcpy(m2, m1, 16);
    if (memcmp(m1, m2, 16) == 0 && memcmp(m1, pool + 26, 16) == 0) r ^= 0x55u;
    for (int i = 0; i < 16; i++) r = r * 3u + m1[i];
    unsigned char m3[64], m4[64];
    memcpy(m3, pool + (c & 63u), 64);
    memcpy(m4, pool + 18, 64);
    r += (uint32_t)(memcmp(m3, m4, 64) < 0);
    for (int i = 0; i < 64; i++) r = r * 3u + m3[i];
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 52486u;
    unsigned char m5[32], m6[32];
    memcpy(m5, pool + (c & 63u), 32);
    memcpy(m6, pool + 23, 32);
    if (c & 3u) memset(m6, (int)(c & 255u), 17);
    else memcpy(m6, m5, 32);
    if (memcmp(m5, m6, 32) == 0 && memcmp(m5, pool + 5, 32) == 0) r ^= 0x55u;
    for (int i = 0; i < 32; i++) r = r * 3u + m5[i];
    unsigned char m7[32], m8[32];
    memcpy(m7, pool + (a & 63u), 32);
    memcpy(m8, pool + 18, 32);
    if (memcmp(m7, m8, 32) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 32; i++) r = r * 3u + m7[i];
    unsigned char m9[1], m10[1];
    memcpy(m9, pool + (b & 63u), 1);
    memcpy(m10, pool + 33, 1);
    if (memcmp(m9, m10, 1) == 0 && memcmp(m9, pool + 35, 1) == 0) r ^= 0x55u;
    for (int i = 0; i < 1; i++) r = r * 3u + m9[i];
    { unsigned char d[64] = {0}; mt0(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14816u;
    { unsigned char d[64] = {0}; mt1(d, pool, c); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt2(d, pool, b); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt3(d, pool, c); r += d[8] + d[3]; }
    unsigned char m11[12], m12[12];
    memcpy(m11, pool + (b & 63u), 12);
    memcpy(m12, pool + 6, 12);
    if (memcmp(m11, m12, 12) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 12; i++) r = r * 3u + m11[i];
    unsigned char m13[5], m14[5];
    memcpy(m13, pool + (a & 63u), 5);
    memcpy(m14, pool + 38, 5);
    if (memcmp(m13, m14, 5) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 5; i++) r = r * 3u + m13[i];
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 60528u;
    { unsigned char d[64] = {0}; mt4(d, pool, a); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt5(d, pool, c); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt6(d, pool, a); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 23571u;
    { unsigned char d[64] = {0}; mt7(d, pool, c); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt8(d, pool, c); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt9(d, pool, c); r += d[8] + d[3]; }
    unsigned char m15[15], m16[15];
    memcpy(m15, pool + (c & 63u), 15);
    memcpy(m16, pool + 44, 15);
    if (memcmp(m15, m16, 15) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 15; i++) r = r * 3u + m15[i];
    return r;
}

int main(void)
{
    uint32_t s = 4082495118u, h = 0x811c9dc5u;
    for (int i = 0; i < 154; i++) {
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
