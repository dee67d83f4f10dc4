/* softfp.c — soft-float runtime helpers (the libgcc names LLVM calls with -msoft-float) for
 * the PowerPC 405, which has no FPU and whose Debian libgcc.a is built for hard float:
 * add, sub, mul, div, comparisons and conversions for float and double, correctly rounded
 * to nearest-even like IEEE 754 hardware, with subnormals, infinities and NaNs; and
 * __builtin_powi's __powidf2/__powisf2. */
#include <stdint.h>
#include "softfp.h"

static uint64_t dbits(double x) { union { double d; uint64_t u; } v = { .d = x }; return v.u; }
static double dval(uint64_t u) { union { uint64_t u; double d; } v = { .u = u }; return v.d; }
static uint64_t fbits(float x) { union { float f; uint32_t u; } v = { .f = x }; return v.u; }
static float fval(uint64_t u) { union { uint32_t u; float f; } v = { .u = (uint32_t)u }; return v.f; }

/* Shifts right with the lost bits ORed into bit 0. */
static uint64_t shr_sticky(uint64_t x, int32_t n)
{
    if (n <= 0)
        return x;
    if (n > 63)
        return x != 0;
    return (x >> n) | ((x & ((1ULL << n) - 1)) != 0);
}

static uint64_t add(uint64_t a, uint64_t b, int negate_b, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f), y = sf_unpack(b, f);
    y.sign ^= negate_b;
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return sf_nan(f);
    if (x.cls == SF_INF || y.cls == SF_INF) {
        if (x.cls == SF_INF && y.cls == SF_INF && x.sign != y.sign)
            return sf_nan(f);
        return sf_inf(x.cls == SF_INF ? x.sign : y.sign, f);
    }
    if (x.cls == SF_ZERO && y.cls == SF_ZERO)
        return sf_zero(x.sign & y.sign, f);
    if (x.cls == SF_ZERO)
        return sf_round_pack(y.sign, y.exp, y.sig, f);
    if (y.cls == SF_ZERO)
        return sf_round_pack(x.sign, x.exp, x.sig, f);
    /* leave headroom: significands below 2^54, scale them to below 2^62 */
    x.sig <<= 8;
    x.exp -= 8;
    y.sig <<= 8;
    y.exp -= 8;
    if (x.exp < y.exp) {
        struct sf_unp t = x;
        x = y;
        y = t;
    }
    y.sig = shr_sticky(y.sig, x.exp - y.exp);
    if (x.sign == y.sign)
        return sf_round_pack(x.sign, x.exp, x.sig + y.sig, f);
    if (x.sig == y.sig)
        return sf_zero(0, f);
    if (x.sig > y.sig)
        return sf_round_pack(x.sign, x.exp, x.sig - y.sig, f);
    return sf_round_pack(y.sign, x.exp, y.sig - x.sig, f);
}

static uint64_t mul(uint64_t a, uint64_t b, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f), y = sf_unpack(b, f);
    int sign = x.sign ^ y.sign;
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return sf_nan(f);
    if (x.cls == SF_INF || y.cls == SF_INF) {
        if (x.cls == SF_ZERO || y.cls == SF_ZERO)
            return sf_nan(f);
        return sf_inf(sign, f);
    }
    if (x.cls == SF_ZERO || y.cls == SF_ZERO)
        return sf_zero(sign, f);
    /* 53x53-bit product in 128 bits from 32-bit halves */
    uint64_t al = x.sig & 0xffffffffu, ah = x.sig >> 32, bl = y.sig & 0xffffffffu, bh = y.sig >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t lo = (ll & 0xffffffffu) | mid << 32;
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    int32_t exp = x.exp + y.exp;
    uint64_t sig = lo;
    if (hi) {
        int n = 64 - sf_clz64(hi); /* significant bits in hi */
        sig = hi << (63 - n) | lo >> (n + 1) | ((lo & ((1ULL << (n + 1)) - 1)) != 0);
        exp += n + 1;
    }
    return sf_round_pack(sign, exp, sig, f);
}

static uint64_t divide(uint64_t a, uint64_t b, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f), y = sf_unpack(b, f);
    int sign = x.sign ^ y.sign;
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return sf_nan(f);
    if (x.cls == SF_INF)
        return y.cls == SF_INF ? sf_nan(f) : sf_inf(sign, f);
    if (y.cls == SF_INF)
        return sf_zero(sign, f);
    if (y.cls == SF_ZERO)
        return x.cls == SF_ZERO ? sf_nan(f) : sf_inf(sign, f);
    if (x.cls == SF_ZERO)
        return sf_zero(sign, f);
    int nx = sf_clz64(x.sig) - 11, ny = sf_clz64(y.sig) - 11; /* leading one at bit 52 */
    uint64_t r = x.sig << nx, d = y.sig << ny, q = 0;
    int32_t exp = (x.exp - nx) - (y.exp - ny) - 61;
    for (int i = 0; i < 62; i++) {
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
        r <<= 1;
    }
    return sf_round_pack(sign, exp, q | (r != 0), f);
}

/* -1, 0, 1 for ordered operands; `unordered` when either is a NaN. */
static int compare(uint64_t a, uint64_t b, int unordered, struct sf_fmt f)
{
    struct sf_unp x = sf_unpack(a, f), y = sf_unpack(b, f);
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return unordered;
    if (x.cls == SF_ZERO && y.cls == SF_ZERO)
        return 0;
    if (x.sign != y.sign)
        return x.sign ? -1 : 1;
    uint64_t mask = (1ULL << (f.mbits + f.ebits)) - 1;
    uint64_t ma = a & mask, mb = b & mask;
    if (ma == mb)
        return 0;
    return (ma < mb) ^ x.sign ? -1 : 1;
}

static uint64_t from_int(int sign, uint64_t mag, struct sf_fmt f)
{
    return sf_round_pack(sign, 0, mag, f);
}

/* Truncates toward zero into the range [lo, hi] (saturating like PowerPC's fctiwz). */
static int64_t to_int(uint64_t a, struct sf_fmt f, int64_t lo, uint64_t hi)
{
    struct sf_unp x = sf_unpack(a, f);
    if (x.cls == SF_NAN)
        return lo;
    if (x.cls == SF_ZERO)
        return 0;
    if (x.cls == SF_INF)
        return x.sign ? lo : (int64_t)hi;
    uint64_t mag;
    if (x.exp >= 0) {
        if (x.exp > sf_clz64(x.sig))
            return x.sign ? lo : (int64_t)hi;
        mag = x.sig << x.exp;
    } else {
        mag = x.exp <= -64 ? 0 : x.sig >> -x.exp;
    }
    if (x.sign) {
        if (lo == 0)
            return 0;
        return mag > (uint64_t)(-(lo + 1)) + 1 ? lo : (int64_t)(0 - mag);
    }
    return mag > hi ? (int64_t)hi : (int64_t)mag;
}

double __adddf3(double a, double b) { return dval(add(dbits(a), dbits(b), 0, SF_D)); }
double __subdf3(double a, double b) { return dval(add(dbits(a), dbits(b), 1, SF_D)); }
double __muldf3(double a, double b) { return dval(mul(dbits(a), dbits(b), SF_D)); }
double __divdf3(double a, double b) { return dval(divide(dbits(a), dbits(b), SF_D)); }
double __negdf2(double a) { return dval(dbits(a) ^ 1ULL << 63); }
float __addsf3(float a, float b) { return fval(add(fbits(a), fbits(b), 0, SF_F)); }
float __subsf3(float a, float b) { return fval(add(fbits(a), fbits(b), 1, SF_F)); }
float __mulsf3(float a, float b) { return fval(mul(fbits(a), fbits(b), SF_F)); }
float __divsf3(float a, float b) { return fval(divide(fbits(a), fbits(b), SF_F)); }
float __negsf2(float a) { return fval(fbits(a) ^ 1u << 31); }

int __eqdf2(double a, double b) { return compare(dbits(a), dbits(b), 1, SF_D); }
int __nedf2(double a, double b) { return compare(dbits(a), dbits(b), 1, SF_D); }
int __ltdf2(double a, double b) { return compare(dbits(a), dbits(b), 1, SF_D); }
int __ledf2(double a, double b) { return compare(dbits(a), dbits(b), 1, SF_D); }
int __gtdf2(double a, double b) { return compare(dbits(a), dbits(b), -1, SF_D); }
int __gedf2(double a, double b) { return compare(dbits(a), dbits(b), -1, SF_D); }
int __unorddf2(double a, double b) { return compare(dbits(a), dbits(b), 2, SF_D) == 2; }
int __eqsf2(float a, float b) { return compare(fbits(a), fbits(b), 1, SF_F); }
int __nesf2(float a, float b) { return compare(fbits(a), fbits(b), 1, SF_F); }
int __ltsf2(float a, float b) { return compare(fbits(a), fbits(b), 1, SF_F); }
int __lesf2(float a, float b) { return compare(fbits(a), fbits(b), 1, SF_F); }
int __gtsf2(float a, float b) { return compare(fbits(a), fbits(b), -1, SF_F); }
int __gesf2(float a, float b) { return compare(fbits(a), fbits(b), -1, SF_F); }
int __unordsf2(float a, float b) { return compare(fbits(a), fbits(b), 2, SF_F) == 2; }

double __floatsidf(int32_t i) { return dval(from_int(i < 0, i < 0 ? 0u - (uint32_t)i : (uint32_t)i, SF_D)); }
double __floatunsidf(uint32_t i) { return dval(from_int(0, i, SF_D)); }
double __floatdidf(int64_t i) { return dval(from_int(i < 0, i < 0 ? 0 - (uint64_t)i : (uint64_t)i, SF_D)); }
double __floatundidf(uint64_t i) { return dval(from_int(0, i, SF_D)); }
float __floatsisf(int32_t i) { return fval(from_int(i < 0, i < 0 ? 0u - (uint32_t)i : (uint32_t)i, SF_F)); }
float __floatunsisf(uint32_t i) { return fval(from_int(0, i, SF_F)); }
float __floatdisf(int64_t i) { return fval(from_int(i < 0, i < 0 ? 0 - (uint64_t)i : (uint64_t)i, SF_F)); }
float __floatundisf(uint64_t i) { return fval(from_int(0, i, SF_F)); }

int32_t __fixdfsi(double a) { return (int32_t)to_int(dbits(a), SF_D, INT32_MIN, INT32_MAX); }
uint32_t __fixunsdfsi(double a) { return (uint32_t)to_int(dbits(a), SF_D, 0, UINT32_MAX); }
int64_t __fixdfdi(double a) { return to_int(dbits(a), SF_D, INT64_MIN, INT64_MAX); }
uint64_t __fixunsdfdi(double a) { return (uint64_t)to_int(dbits(a), SF_D, 0, UINT64_MAX); }
int32_t __fixsfsi(float a) { return (int32_t)to_int(fbits(a), SF_F, INT32_MIN, INT32_MAX); }
uint32_t __fixunssfsi(float a) { return (uint32_t)to_int(fbits(a), SF_F, 0, UINT32_MAX); }
int64_t __fixsfdi(float a) { return to_int(fbits(a), SF_F, INT64_MIN, INT64_MAX); }
uint64_t __fixunssfdi(float a) { return (uint64_t)to_int(fbits(a), SF_F, 0, UINT64_MAX); }

static uint64_t convert(uint64_t a, struct sf_fmt from, struct sf_fmt to)
{
    struct sf_unp x = sf_unpack(a, from);
    switch (x.cls) {
    case SF_NAN: return sf_nan(to);
    case SF_INF: return sf_inf(x.sign, to);
    case SF_ZERO: return sf_zero(x.sign, to);
    default: return sf_round_pack(x.sign, x.exp, x.sig, to);
    }
}

double __extendsfdf2(float a) { return dval(convert(fbits(a), SF_F, SF_D)); }
float __truncdfsf2(double a) { return fval(convert(dbits(a), SF_D, SF_F)); }

/* __builtin_powi: libgcc's __powidf2/__powisf2 (repeated squaring, a product per 1 bit of
 * |m|, the reciprocal for a negative m), on the soft-float operations above (Debian's
 * powerpc libgcc has them built for hard float). */
double __powidf2(double x, int m)
{
    unsigned n = m < 0 ? 0u - (unsigned)m : (unsigned)m;
    double y = n % 2 ? x : 1;
    while (n >>= 1) {
        x = x * x;
        if (n % 2)
            y = y * x;
    }
    return m < 0 ? 1 / y : y;
}

float __powisf2(float x, int m)
{
    unsigned n = m < 0 ? 0u - (unsigned)m : (unsigned)m;
    float y = n % 2 ? x : 1;
    while (n >>= 1) {
        x = x * x;
        if (n % 2)
            y = y * x;
    }
    return m < 0 ? 1 / y : y;
}
