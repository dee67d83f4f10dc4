/* rt_math.c — the libm calls LLVM emits for llvm.sqrt/llvm.floor/llvm.ceil/llvm.trunc,
 * llvm.round/llvm.rint/llvm.minnum ... on soft-float targets (riscv32 ilp32, PowerPC 405):
 * correctly rounded sqrt and the exact functions (floor, ceil, trunc, round, rint,
 * nearbyint, roundeven, lround ..., fmin, fmax, fmod, ldexp, frexp, copysign, fabs) for
 * float and double, by integer arithmetic only. */
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

#ifndef RT_CORES_CONTRACT /* (rt_libc.c says why) */
/* ---- the exact <math.h> functions LLVM calls for llvm.round, llvm.rint, llvm.minnum ...
 * (and programs call by name): round and the ties-to-even roundings (rint, nearbyint,
 * roundeven: the default rounding mode), their conversions to long and long long, fmin and
 * fmax (glibc's: the other operand for a NaN, the first of two equal ones), fmod (the exact
 * remainder, by long division), ldexp, frexp, copysign and fabs. */

/* Rounds to an integral value: ties away from zero, or (EVEN) to even. */
static uint64_t nearest(uint64_t a, int even, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f);
    if (x.cls != SF_NORMAL || x.exp >= 0)
        return a;
    int32_t fracbits = -x.exp;
    uint64_t ip = 0, rem = 1, half = 2; /* more than 64 fraction bits: below one half */
    if (fracbits == 64) {
        rem = x.sig;
        half = 1ULL << 63;
    } else if (fracbits < 64) {
        ip = x.sig >> fracbits;
        rem = x.sig & ((1ULL << fracbits) - 1);
        half = 1ULL << (fracbits - 1);
    }
    if (rem > half || (rem == half && (!even || (ip & 1))))
        ip++;
    if (ip == 0)
        return sf_zero(x.sign, f);
    return sf_round_pack(x.sign, 0, ip, f);
}

static int is_nan(uint64_t a, struct sf_fmt f)
{
    return sf_unpack(a, f).cls == SF_NAN;
}

/* A <= B for numbers (not NaN); -0 and +0 are equal. */
static int le(uint64_t a, uint64_t b, struct sf_fmt f)
{
    uint64_t sm = 1ULL << (f.mbits + f.ebits), ma = a & (sm - 1), mb = b & (sm - 1);
    int sa = (a & sm) != 0, sb = (b & sm) != 0;
    if (ma == 0 && mb == 0)
        return 1;
    if (sa != sb)
        return sa;
    return sa ? ma >= mb : ma <= mb;
}

static uint64_t minmax(uint64_t a, uint64_t b, int max, struct sf_fmt f)
{
    if (is_nan(a, f))
        return is_nan(b, f) ? sf_nan(f) : b;
    if (is_nan(b, f))
        return a;
    return le(a, b, f) != max || (le(a, b, f) && le(b, a, f)) ? a : b;
}

/* The significand with its leading one at bit MBITS, and the exponent to go with it. */
static void normalise(struct sf_unp *x, struct sf_fmt f)
{
    while (!(x->sig >> f.mbits)) {
        x->sig <<= 1;
        x->exp--;
    }
}

static uint64_t fmod_bits(uint64_t a, uint64_t b, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f), y = sf_unpack(b, f);
    if (x.cls == SF_NAN || y.cls == SF_NAN || x.cls == SF_INF || y.cls == SF_ZERO)
        return sf_nan(f);
    if (x.cls == SF_ZERO || y.cls == SF_INF)
        return a;
    normalise(&x, f);
    normalise(&y, f);
    if (x.exp < y.exp || (x.exp == y.exp && x.sig < y.sig))
        return a; /* |a| < |b| */
    uint64_t m = x.sig;
    for (int32_t e = x.exp; e > y.exp; e--) {
        if (m >= y.sig)
            m -= y.sig;
        m <<= 1;
    }
    if (m >= y.sig)
        m -= y.sig;
    if (m == 0)
        return sf_zero(x.sign, f);
    return sf_round_pack(x.sign, y.exp, m, f); /* exact: below |b| */
}

static uint64_t ldexp_bits(uint64_t a, int n, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f);
    if (x.cls != SF_NORMAL)
        return a;
    if (n > 4096)
        n = 4096;
    if (n < -4096)
        n = -4096;
    return sf_round_pack(x.sign, x.exp + n, x.sig, f);
}

static uint64_t frexp_bits(uint64_t a, int *e, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f);
    *e = 0;
    if (x.cls != SF_NORMAL)
        return a;
    int top = 63 - sf_clz64(x.sig); /* value = sig * 2^exp, sig's leading one at bit top */
    *e = x.exp + top + 1;
    return sf_round_pack(x.sign, -(top + 1), x.sig, f);
}

double round(double a) { return dval(nearest(dbits(a), 0, SF_D)); }
float roundf(float a) { return fval(nearest(fbits(a), 0, SF_F)); }
double rint(double a) { return dval(nearest(dbits(a), 1, SF_D)); }
float rintf(float a) { return fval(nearest(fbits(a), 1, SF_F)); }
double nearbyint(double a) { return dval(nearest(dbits(a), 1, SF_D)); }
float nearbyintf(float a) { return fval(nearest(fbits(a), 1, SF_F)); }
double roundeven(double a) { return dval(nearest(dbits(a), 1, SF_D)); }
float roundevenf(float a) { return fval(nearest(fbits(a), 1, SF_F)); }
long lround(double a) { return (long)round(a); }
long lroundf(float a) { return (long)roundf(a); }
long long llround(double a) { return (long long)round(a); }
long long llroundf(float a) { return (long long)roundf(a); }
long lrint(double a) { return (long)rint(a); }
long lrintf(float a) { return (long)rintf(a); }
long long llrint(double a) { return (long long)rint(a); }
long long llrintf(float a) { return (long long)rintf(a); }
double fmin(double a, double b) { return dval(minmax(dbits(a), dbits(b), 0, SF_D)); }
float fminf(float a, float b) { return fval(minmax(fbits(a), fbits(b), 0, SF_F)); }
double fmax(double a, double b) { return dval(minmax(dbits(a), dbits(b), 1, SF_D)); }
float fmaxf(float a, float b) { return fval(minmax(fbits(a), fbits(b), 1, SF_F)); }
double fmod(double a, double b) { return dval(fmod_bits(dbits(a), dbits(b), SF_D)); }
float fmodf(float a, float b) { return fval(fmod_bits(fbits(a), fbits(b), SF_F)); }
double ldexp(double a, int n) { return dval(ldexp_bits(dbits(a), n, SF_D)); }
float ldexpf(float a, int n) { return fval(ldexp_bits(fbits(a), n, SF_F)); }
double frexp(double a, int *e) { return dval(frexp_bits(dbits(a), e, SF_D)); }
float frexpf(float a, int *e) { return fval(frexp_bits(fbits(a), e, SF_F)); }
double copysign(double a, double b) { return dval((dbits(a) & ~(1ULL << 63)) | (dbits(b) & 1ULL << 63)); }
float copysignf(float a, float b) { return fval((fbits(a) & ~(1ULL << 31)) | (fbits(b) & 1ULL << 31)); }
double fabs(double a) { return dval(dbits(a) & ~(1ULL << 63)); }
float fabsf(float a) { return fval(fbits(a) & ~(1ULL << 31)); }
#endif /* RT_CORES_CONTRACT */
