/* tests/exact: benchmarks/accuracy/branchgen's program seed 71005, target avr (issue 27), kept as generated
 * (--shapes mem,mem_tail). mt3: two 40-byte copies in the two arms of an if, one call
 * of the module's memcpy on the AVR, the second copy's location on none of its
 * instructions: the old binary ran memcpy for one arm only (192 entries for 211).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

#include "bg_memory.h"

static const unsigned char pool[128] = {0, 1, 122, 193, 0, 0, 0, 0, 144, 0, 0, 0, 217, 0, 1, 0, 255, 0, 0, 0, 255, 255, 255, 0, 255, 255, 42, 1, 0, 0, 0, 122, 63, 47, 255, 52, 0, 1, 0, 0, 255, 228, 0, 102, 224, 0, 222, 232, 1, 255, 0, 0, 255, 255, 200, 255, 255, 0, 160, 149, 1, 1, 255, 8, 1, 0, 0, 1, 158, 1, 255, 1, 0, 0, 0, 156, 255, 1, 255, 0, 255, 0, 182, 0, 0, 146, 255, 255, 1, 0, 255, 255, 1, 0, 0, 1, 1, 1, 0, 255, 85, 15, 1, 0, 176, 255, 0, 0, 16, 194, 0, 0, 182, 0, 1, 0, 1, 0, 1, 1, 199, 1, 0, 155, 0, 1, 14, 89};

#include "bg_bend.h"

__attribute__((noinline)) static void mt0(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static void mt1(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 24);
    else
        memcpy(d + 8, s + 4, 4);
}

__attribute__((noinline)) static void mt2(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 4);
    else
        memcpy(d + 8, s + 4, 16);
}

__attribute__((noinline)) static void mt3(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 40);
    else
        memcpy(d + 8, s + 4, 40);
}

__attribute__((noinline)) static void mt4(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 8);
    else
        memcpy(d + 8, s + 4, 24);
}

__attribute__((noinline)) static void mt5(unsigned char *d, const unsigned char *s, uint32_t c)
{
    if (c & 1u)
        memcpy(d, s, 16);
    else
        memcpy(d + 8, s + 4, 8);
}

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 5833u;
    unsigned char m1[16], m2[16];
    memcpy(m1, pool + (a & 63u), 16);
    memcpy(m2, pool + 25, 16);
    if (a & 3u) memset(m2, (int)(c & 255u), 3);
    else memcpy(m2, m1, 16);
    if (memcmp(m1, m2, 16) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 16; i++) r = r * 3u + m1[i];
    unsigned char m3[1], m4[1];
    memcpy(m3, pool + (b & 63u), 1);
    memcpy(m4, pool + 6, 1);
    if (memcmp(m3, m4, 1) == 0 && memcmp(m3, pool + 18, 1) == 0) r ^= 0x55u;
    for (int i = 0; i < 1; i++) r = r * 3u + m3[i];
    { unsigned char d[64] = {0}; mt0(d, pool, c); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 26394u;
    { unsigned char d[64] = {0}; mt1(d, pool, b); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt2(d, pool, c); r += d[8] + d[3]; }
    unsigned char m5[16], m6[16];
    memcpy(m5, pool + (a & 63u), 16);
    memcpy(m6, pool + 27, 16);
    if (b & 3u) memset(m6, (int)(c & 255u), 5);
    else memcpy(m6, m5, 16);
    if (memcmp(m5, m6, 16) == 0 && memcmp(m5, pool + 17, 16) == 0) r ^= 0x55u;
    for (int i = 0; i < 16; i++) r = r * 3u + m5[i];
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 34610u;
    unsigned char m7[32], m8[32];
    memcpy(m7, pool + (a & 63u), 32);
    memcpy(m8, pool + 31, 32);
    if (b & 3u) memset(m8, (int)(b & 255u), 25);
    else memcpy(m8, m7, 32);
    r += (uint32_t)(memcmp(m7, m8, 32) < 0);
    for (int i = 0; i < 32; i++) r = r * 3u + m7[i];
    unsigned char m9[7], m10[7];
    memcpy(m9, pool + (b & 63u), 7);
    memcpy(m10, pool + 58, 7);
    if (memcmp(m9, m10, 7) == 0) r += 11u; else r = r * 13u + 1u;
    for (int i = 0; i < 7; i++) r = r * 3u + m9[i];
    { unsigned char d[64] = {0}; mt3(d, pool, b); r += d[8] + d[3]; }
    return r;
}

__attribute__((noinline)) static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 43155u;
    { unsigned char d[64] = {0}; mt4(d, pool, a); r += d[8] + d[3]; }
    { unsigned char d[64] = {0}; mt5(d, pool, c); r += d[8] + d[3]; }
    return r;
}

int main(void)
{
    uint32_t s = 1996539508u, h = 0x811c9dc5u;
    for (int i = 0; i < 40; i++) {
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
