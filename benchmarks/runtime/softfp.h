/* softfp.h — IEEE 754 binary32/binary64 helpers shared by softfp.c and rt_math.c:
 * unpacking, and rounding (to nearest, ties to even) of an exact or sticky significand
 * into a packed value. Integer arithmetic only, so they run on cores without an FPU. */
#ifndef SOFTFP_H
#define SOFTFP_H

#include <stdint.h>

struct sf_fmt {
    int mbits; /* stored fraction bits: 52 or 23 */
    int ebits; /* exponent bits: 11 or 8 */
};
static const struct sf_fmt SF_D = { 52, 11 };
static const struct sf_fmt SF_F = { 23, 8 };

enum { SF_ZERO, SF_NORMAL, SF_INF, SF_NAN };

/* Value = (-1)^sign * sig * 2^exp for SF_NORMAL (includes subnormal inputs). */
struct sf_unp {
    int cls;
    int sign;
    int32_t exp;
    uint64_t sig;
};

static inline int sf_clz64(uint64_t x)
{
    return x ? __builtin_clzll(x) : 64;
}

static inline struct sf_unp sf_unpack(uint64_t bits, struct sf_fmt f)
{
    struct sf_unp u;
    int bias = (1 << (f.ebits - 1)) - 1, emax = (1 << f.ebits) - 1;
    uint64_t frac = bits & ((1ULL << f.mbits) - 1);
    int e = (int)((bits >> f.mbits) & (uint64_t)emax);
    u.sign = (int)((bits >> (f.mbits + f.ebits)) & 1);
    u.sig = frac;
    u.exp = 0;
    if (e == emax) {
        u.cls = frac ? SF_NAN : SF_INF;
    } else if (e == 0) {
        u.cls = frac ? SF_NORMAL : SF_ZERO;
        u.exp = 1 - bias - f.mbits;
    } else {
        u.cls = SF_NORMAL;
        u.sig = frac | 1ULL << f.mbits;
        u.exp = e - bias - f.mbits;
    }
    return u;
}

static inline uint64_t sf_inf(int sign, struct sf_fmt f)
{
    return (uint64_t)sign << (f.mbits + f.ebits) | (((1ULL << f.ebits) - 1) << f.mbits);
}

static inline uint64_t sf_nan(struct sf_fmt f)
{
    return sf_inf(0, f) | 1ULL << (f.mbits - 1);
}

static inline uint64_t sf_zero(int sign, struct sf_fmt f)
{
    return (uint64_t)sign << (f.mbits + f.ebits);
}

/* Rounds (-1)^sign * sig * 2^exp to the format; bit 0 of sig may carry a sticky bit as long
 * as sig has at least two more bits than the format keeps. */
static inline uint64_t sf_round_pack(int sign, int32_t exp, uint64_t sig, struct sf_fmt f)
{
    if (sig == 0)
        return sf_zero(sign, f);
    if (sig >> 63) {
        sig = (sig >> 1) | (sig & 1);
        exp++;
    }
    int lz = sf_clz64(sig) - 1; /* put the leading one at bit 62 */
    sig <<= lz;
    exp -= lz;
    int bias = (1 << (f.ebits - 1)) - 1, emax = (1 << f.ebits) - 1;
    int32_t e = exp + 62 + bias;
    int shift = 62 - f.mbits;
    if (e <= 0) {
        int32_t sh = 1 - e;
        sig = sh > 62 ? (sig != 0) : (sig >> sh) | ((sig & ((1ULL << sh) - 1)) != 0);
        e = 0;
    }
    uint64_t half = 1ULL << (shift - 1), rem = sig & ((1ULL << shift) - 1);
    uint64_t m = sig >> shift;
    if (rem > half || (rem == half && (m & 1)))
        m++;
    if (e == 0) {
        if (m >> f.mbits)
            e = 1;
    } else if (m >> (f.mbits + 1)) {
        m >>= 1;
        e++;
    }
    if (e >= emax)
        return sf_inf(sign, f);
    return (uint64_t)sign << (f.mbits + f.ebits) | (uint64_t)e << f.mbits |
           (m & ((1ULL << f.mbits) - 1));
}

#endif
