/* rt_math.c — the libm calls LLVM emits for llvm.sqrt/llvm.floor/llvm.ceil/llvm.trunc on
 * soft-float targets (riscv32 ilp32, PowerPC 405): correctly rounded sqrt and exact
 * floor/ceil/trunc for float and double, by integer arithmetic only. */
#include <stdint.h>
#include "softfp.h"

static uint64_t sqrt_bits(uint64_t a, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f);
    if (x.cls == SF_ZERO)
        return a;
    if (x.cls == SF_NAN || x.sign)
        return sf_nan(f);
    if (x.cls == SF_INF)
        return a;
    /* radicand = sig * 2^exp with the leading one at bit 52 or 53 and exp even; take the root
     * of radicand * 2^64 (a 118-bit number) bit by bit: 59 root bits and a sticky bit. */
    int n = sf_clz64(x.sig) - 11;
    uint64_t sig = x.sig << n;
    int32_t exp = x.exp - n;
    if (exp & 1) {
        sig <<= 1;
        exp--;
    }
    uint64_t hi = sig, lo = 0, root = 0, rem = 0;
    for (int i = 0; i < 59; i++) {
        rem = rem << 2 | hi >> 62;
        hi = hi << 2 | lo >> 62;
        lo <<= 2;
        uint64_t trial = root << 2 | 1;
        root <<= 1;
        if (rem >= trial) {
            rem -= trial;
            root |= 1;
        }
    }
    /* 59 steps consumed the top 118 of the 128 bits: root = floor(sqrt(sig * 2^54)) */
    return sf_round_pack(0, (exp - 54) / 2 - 1, root << 1 | (rem != 0), f);
}

/* Rounds to an integral value: mode 0 trunc, -1 floor, +1 ceil. */
static uint64_t integral(uint64_t a, int mode, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f);
    if (x.cls != SF_NORMAL || x.exp >= 0)
        return a;
    int32_t fracbits = -x.exp;
    uint64_t ip = fracbits >= 64 ? 0 : x.sig >> fracbits;
    int inexact = fracbits >= 64 ? 1 : (x.sig & ((1ULL << fracbits) - 1)) != 0;
    if (inexact && ((mode < 0 && x.sign) || (mode > 0 && !x.sign)))
        ip++;
    if (ip == 0)
        return sf_zero(x.sign, f);
    return sf_round_pack(x.sign, 0, ip, f);
}

static uint64_t dbits(double x) { union { double d; uint64_t u; } v = { .d = x }; return v.u; }
static double dval(uint64_t u) { union { uint64_t u; double d; } v = { .u = u }; return v.d; }
static uint64_t fbits(float x) { union { float f; uint32_t u; } v = { .f = x }; return v.u; }
static float fval(uint64_t u) { union { uint32_t u; float f; } v = { .u = (uint32_t)u }; return v.f; }

double sqrt(double a) { return dval(sqrt_bits(dbits(a), SF_D)); }
float sqrtf(float a) { return fval(sqrt_bits(fbits(a), SF_F)); }
double floor(double a) { return dval(integral(dbits(a), -1, SF_D)); }
float floorf(float a) { return fval(integral(fbits(a), -1, SF_F)); }
double ceil(double a) { return dval(integral(dbits(a), 1, SF_D)); }
float ceilf(float a) { return fval(integral(fbits(a), 1, SF_F)); }
double trunc(double a) { return dval(integral(dbits(a), 0, SF_D)); }
float truncf(float a) { return fval(integral(fbits(a), 0, SF_F)); }
