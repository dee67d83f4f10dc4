/* bitint.c — integers of unusual widths and bit-level intrinsics: unsigned _BitInt(37)
 * arithmetic and _BitInt(128) multiply/divide (clang has no _BitInt for AVR: there, packed
 * bitfields give i40 loads/stores and 128-bit values are emulated), overflow-checked
 * arithmetic, saturating adds (scalar and vector), clz/ctz/popcount, bswap, bitreverse,
 * rotates (funnel shifts) and min/max. Self-checks: each result against a plain 64-bit or
 * bit-by-bit reference. argv[1]: iterations (default 300). */
#include <limits.h>
#include <stdint.h>
#include "bench.h"

#define MASK37 ((1ULL << 37) - 1)

#ifndef __AVR__
typedef unsigned _BitInt(37) u37;
typedef _BitInt(128) s128;
typedef unsigned _BitInt(128) u128;
typedef uint8_t v8u8 __attribute__((vector_size(8)));
typedef int16_t v4i16 __attribute__((vector_size(8)));
#endif

/* packed bitfields: clang gives this struct an i40 storage unit */
struct __attribute__((packed)) fields {
    uint32_t lo : 20;
    uint32_t hi : 20;
    uint8_t tag;
};

static uint32_t rotl32(uint32_t x, unsigned r) { return (x << (r & 31)) | (x >> (-r & 31)); }
static uint32_t rotr32(uint32_t x, unsigned r) { return (x >> (r & 31)) | (x << (-r & 31)); }

static int clz_ref(uint32_t x) { int n = 0; for (uint32_t m = 1ul << 31; m && !(x & m); m >>= 1) n++; return n; }
static int ctz_ref(uint32_t x) { int n = 0; for (uint32_t m = 1; m && !(x & m); m <<= 1) n++; return n; }
static int pop_ref(uint32_t x) { int n = 0; for (; x; x >>= 1) n += x & 1; return n; }
static uint32_t rev_ref(uint32_t x) { uint32_t r = 0; for (int i = 0; i < 32; i++) r |= ((x >> i) & 1) << (31 - i); return r; }

/* 64x64 -> 128 multiply from 32-bit halves: the reference for the wide types */
static void mul_ref(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    *lo = (uint32_t)ll | mid << 32;
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

int main(int argc, char **argv)
{
    long iters = bench_arg(argc, argv, 300);
    uint32_t seed = 0xB17B17u, sum = 0;
    uint64_t w37 = 12345;
#ifndef __AVR__
    u37 x37 = 12345;
#endif
    struct fields fl = { 0, 0, 0 };
    for (long i = 0; i < iters; i++) {
        uint32_t a = bench_rand(&seed), b = bench_rand(&seed) | 1u;
        uint64_t a64 = (uint64_t)a << 32 | bench_rand(&seed), b64 = (uint64_t)b << 29 | 7u;

        /* odd widths */
        w37 = (w37 * 0x1F2E3D4CULL + a) & MASK37;
#ifndef __AVR__
        x37 = x37 * (u37)0x1F2E3D4CULL + (u37)a;
        if ((uint64_t)x37 != w37)
            return bench_fail("unsigned _BitInt(37)");
        u128 p = (u128)a64 * b64;
        uint64_t hi, lo;
        mul_ref(a64, b64, &hi, &lo);
        if ((uint64_t)(p >> 64) != hi || (uint64_t)p != lo)
            return bench_fail("_BitInt(128) multiply");
        u128 q = p / (u128)b, r = p % (u128)b;
        if (q * b + r != p || r >= b)
            return bench_fail("_BitInt(128) divide");
        s128 neg = -(s128)p;
        if ((s128)(neg >> 100) != -(s128)(p >> 100) - ((p & (((u128)1 << 100) - 1)) != 0))
            return bench_fail("_BitInt(128) arithmetic shift");
        s128 sd = -(s128)(b >> 1) - 1, sq = neg / sd, sr = neg % sd;
        if (sq * sd + sr != neg || sr > 0 || -sr >= -sd || sq <= 0)
            return bench_fail("_BitInt(128) signed divide");
        sum += (uint32_t)(q >> 17) ^ (uint32_t)r ^ (uint32_t)sr;
#else
        uint64_t hi, lo;
        mul_ref(a64, b64, &hi, &lo);
        sum += (uint32_t)(hi >> 17) ^ (uint32_t)lo;
#endif
        fl.lo = a & 0xFFFFF;
        fl.hi = (fl.hi + b) & 0xFFFFF;
        fl.tag++;
        if (fl.lo != (a & 0xFFFFF))
            return bench_fail("packed bitfield");
        sum += fl.hi + fl.lo + fl.tag;

        /* overflow-checked arithmetic */
        int32_t sa = (int32_t)a, sb = (int32_t)b, s_res;
        int64_t wide = (int64_t)sa + sb;
        if (__builtin_add_overflow(sa, sb, &s_res) != (wide < INT32_MIN || wide > INT32_MAX) ||
            s_res != (int32_t)(uint32_t)wide)
            return bench_fail("add_overflow");
        uint32_t u_res;
        uint32_t small = a >> (a & 31);
        if (__builtin_mul_overflow(small, b, &u_res) != ((uint64_t)small * b > UINT32_MAX) ||
            u_res != small * b)
            return bench_fail("mul_overflow");

        /* saturating adds: 32-bit scalars (narrower ones would be promoted to int first) */
        uint32_t usat = __builtin_elementwise_add_sat(a, b);
        int32_t ssat = __builtin_elementwise_add_sat(sa, sb);
        if (usat != (a + b < a ? UINT32_MAX : a + b) ||
            ssat != (wide > INT32_MAX ? INT32_MAX : wide < INT32_MIN ? INT32_MIN : (int32_t)wide))
            return bench_fail("saturating add");
#ifndef __AVR__
        v8u8 va, vb;
        v4i16 vc, vd;
        memcpy(&va, &a64, 8);
        memcpy(&vb, &b64, 8);
        memcpy(&vc, &a64, 8);
        memcpy(&vd, &b64, 8);
        v8u8 vs = __builtin_elementwise_add_sat(va, vb);
        v4i16 vt = __builtin_elementwise_add_sat(vc, vd);
        for (int k = 0; k < 8; k++)
            if (vs[k] != (va[k] + vb[k] > 255 ? 255 : va[k] + vb[k]))
                return bench_fail("vector saturating add");
        for (int k = 0; k < 4; k++) {
            int32_t t = vc[k] + vd[k];
            if (vt[k] != (t > INT16_MAX ? INT16_MAX : t < INT16_MIN ? INT16_MIN : t))
                return bench_fail("vector signed saturating add");
        }
#endif
        sum += usat ^ (uint32_t)ssat;

        /* bit counting, byte and bit order, rotates; the l forms because int is 16 bits on AVR */
        uint32_t z = a >> (b & 31);
        if (z && (__builtin_clzl(z) - (int)(sizeof(long) * CHAR_BIT - 32) != clz_ref(z) ||
                  __builtin_ctzl(z) != ctz_ref(z)))
            return bench_fail("clz/ctz");
        if (__builtin_popcountl(a) != pop_ref(a) || __builtin_bitreverse32(a) != rev_ref(a))
            return bench_fail("popcount/bitreverse");
        uint32_t sw = __builtin_bswap32(a);
        if ((sw >> 24) != (a & 0xff) || __builtin_bswap16((uint16_t)a) != (uint16_t)((a & 0xff) << 8 | (a >> 8 & 0xff)) ||
            __builtin_bswap64(a64) != ((uint64_t)__builtin_bswap32((uint32_t)a64) << 32 | __builtin_bswap32((uint32_t)(a64 >> 32))))
            return bench_fail("bswap");
        unsigned rot = b % 32;
        if (rotr32(rotl32(a, rot), rot) != a || rotl32(a, rot) != (rot ? a << rot | a >> (32 - rot) : a))
            return bench_fail("rotate");
        uint32_t mn = a < b ? a : b, mx = a > b ? a : b;
        int32_t smn = sa < sb ? sa : sb;
        if (mn > mx || (mn != a && mn != b) || smn > sa || smn > sb)
            return bench_fail("min/max");
        sum += rotl32(sw, rot) ^ (uint32_t)__builtin_popcountl(mx) ^ (uint32_t)smn;
    }
    printf("bitint: %ld iterations, w37=%llu fields=%lu/%lu/%u checksum=%08lx\n", iters,
           (unsigned long long)w37, (unsigned long)fl.lo, (unsigned long)fl.hi, (unsigned)fl.tag,
           (unsigned long)sum);
    return 0;
}
