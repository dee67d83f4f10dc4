/* tests/exact: 64-bit unsigned divisions and remainders by constants whose odd part
 * divides 2^32 - 1 (10, 3, 12, 255, 17 << 4) on the PPC405 (corpus varargs.c's number
 * printer): code generation divides in 32-bit halves, adding the dividend's two words
 * (shifted by the constant's trailing zeros) and the carry of that add, and a core
 * without isel makes the carry a branch over "li r, 0". The branch tests no IR value:
 * lpnest counts it from a probe of the carry; the old binary estimated it 50/50.
 * Divisions by 7 (a library call) sit beside them. */
#include "bench.h"

static __attribute__((noinline)) unsigned digits(unsigned long long v, char *out)
{
    unsigned n = 0;
    do {
        out[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return n;
}

static __attribute__((noinline)) unsigned long long mix(unsigned long long v)
{
    return v / 3 + v % 12 + v / 255 + (v % (17ull << 4)) + v / 7;
}

int main(void)
{
    uint32_t seed = 85123;
    char buf[24];
    unsigned long long sum = 0;
    for (int i = 0; i < 60; i++) {
        unsigned long long v = (unsigned long long)bench_rand(&seed) << (bench_rand(&seed) % 33);
        v ^= bench_rand(&seed);
        if (i % 5 == 0)
            v = ~v; /* words near 2^32: carries */
        sum += digits(v, buf) + (unsigned char)buf[0];
        sum += mix(v);
    }
    return (int)(sum & 1);
}
