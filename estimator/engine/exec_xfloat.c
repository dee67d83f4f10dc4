/* exec_xfloat.c — the floating-point formats beyond float and double: half,
 * bfloat, IEEE binary128 (long double on rv32) and x86_fp80 (long double on
 * the x86-64 host). IBM double-double (ppc_fp128) is refused by the
 * translation: see exec_compile_inst.c.
 *
 * Slots (see exec_type_fmt): half and bfloat hold their 16 bits in one slot;
 * fp128 and x86_fp80 hold their bits in two slots like an i128 (low 64 bits,
 * then the rest).
 *
 * Exactness: binary128 and x86_fp80 arithmetic is the host's (__float128 from
 * the compiler's runtime, long double on x86-64), both IEEE with round to
 * nearest even, as the targets' soft-float routines. half and bfloat
 * operations are computed in binary128 and rounded once to 16 bits: a
 * p-bit result of +,-,*,/ rounded first to 113 >= 2p+2 bits is the same as
 * the correctly rounded one, which is what the backend's promote-to-float
 * code gives (float has 24 >= 2*11+2 bits). Conversions from integers wider
 * than 113 bits round to odd first so that the second rounding is exact.
 * Math functions (exec_xf_math): binary128 by libquadmath (GCC's, the host
 * compiler's runtime: sqrt, floor, fma ... are exact, the transcendental ones
 * may differ from the target library's in the last bit, as the host libm does
 * for double), x86_fp80 by the host's long double libm, half and bfloat in float
 * and rounded to 16 bits once, as the back ends promote them. */
#include "exec.h"
#include "exec_math.h"
#include "exec_xfloat.h"

#include <math.h>
#include <string.h>

#if !defined(__SIZEOF_FLOAT128__) || !defined(__x86_64__)
#error "exec_xfloat.c needs the host compiler's __float128 and x86 long double (x86-64 with gcc or clang)"
#endif

typedef __float128 quad;
typedef unsigned __int128 u128;
typedef __int128 i128;

enum xfmt exec_type_fmt(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return XF_HALF;
    case LLVMBFloatTypeKind: return XF_BF16;
    case LLVMFloatTypeKind: return XF_F32;
    case LLVMDoubleTypeKind: return XF_F64;
    case LLVMX86_FP80TypeKind: return XF_F80;
    case LLVMFP128TypeKind: return XF_F128;
    default: return XF_NONE;
    }
}

/* ---- bit images ---- */

static quad q_of(const slot_t *s)
{
    quad q;
    uint64_t w[2] = {s[0], s[1]};
    memcpy(&q, w, 16);
    return q;
}

static void q_put(slot_t *d, quad q)
{
    uint64_t w[2];
    memcpy(w, &q, 16);
    d[0] = w[0];
    d[1] = w[1];
}

static long double x_of(const slot_t *s)
{
    unsigned char b[16] = {0};
    memcpy(b, &s[0], 8);
    uint16_t se = (uint16_t)s[1];
    memcpy(b + 8, &se, 2);
    long double x;
    memcpy(&x, b, sizeof x);
    return x;
}

static void x_put(slot_t *d, long double x)
{
    unsigned char b[sizeof x];
    memcpy(b, &x, sizeof x);
    uint16_t se;
    memcpy(&d[0], b, 8);
    memcpy(&se, b + 8, 2);
    d[1] = se;
}

static double d_of(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}

static uint64_t d_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static float f_of(uint64_t u)
{
    uint32_t w = (uint32_t)u;
    float f;
    memcpy(&f, &w, 4);
    return f;
}

static uint64_t f_bits(float f)
{
    uint32_t w;
    memcpy(&w, &f, 4);
    return w;
}

/* half (5 exponent bits, 10 fraction bits) and bfloat (8, 7) */
static void small_shape(enum xfmt f, int *ebits, int *mbits)
{
    *ebits = f == XF_HALF ? 5 : 8;
    *mbits = f == XF_HALF ? 10 : 7;
}

/* A 16-bit value widened exactly to float. */
static float small_to_f32(enum xfmt f, uint64_t v)
{
    if (f == XF_BF16)
        return f_of(v << 16);
    uint32_t s = (uint32_t)(v >> 15 & 1) << 31, e = (uint32_t)(v >> 10 & 31), m = (uint32_t)(v & 1023);
    if (e == 31)
        return f_of(s | 0x7f800000u | m << 13);
    if (e == 0) {
        if (m == 0)
            return f_of(s);
        e = 1;
        while (!(m & 1024))
            m <<= 1, e--;
        m &= 1023;
    }
    return f_of(s | (e + 112) << 23 | m << 13);
}

/* Q rounded to nearest even into a 16-bit format. */
static uint64_t q_to_small(enum xfmt f, quad q)
{
    int ebits, mbits;
    small_shape(f, &ebits, &mbits);
    uint64_t w[2];
    memcpy(w, &q, 16);
    uint64_t sign = w[1] >> 63 << (ebits + mbits);
    int e = (int)(w[1] >> 48 & 0x7fff);
    u128 m = (u128)(w[1] & 0xffffffffffffull) << 64 | w[0];
    uint64_t inf = (((uint64_t)1 << ebits) - 1) << mbits;
    if (e == 0x7fff) /* NaN keeps its top payload bits and is quiet */
        return sign | inf | (m ? (uint64_t)(m >> (112 - mbits)) | (uint64_t)1 << (mbits - 1) : 0);
    if (e == 0 && m == 0)
        return sign;
    if (e == 0)
        e = 1;
    else
        m |= (u128)1 << 112;
    int bias = (1 << (ebits - 1)) - 1;
    int E = e - 16383, emin = 1 - bias;
    if (E > bias)
        return sign | inf;
    int et = E < emin ? emin : E;
    int shift = 112 - mbits + (et - E);
    u128 kept;
    if (shift >= 120) {
        kept = 0; /* far below half the smallest subnormal */
    } else {
        kept = m >> shift;
        u128 rem = m & (((u128)1 << shift) - 1), half = (u128)1 << (shift - 1);
        if (rem > half || (rem == half && (kept & 1)))
            kept++;
    }
    uint64_t enc = ((uint64_t)(et + bias - 1) << mbits) + (uint64_t)kept;
    if (kept == 0)
        enc = 0;
    return sign | (enc >= inf ? inf : enc);
}

/* ---- to and from binary128 ---- */

/* The value of S in format F as binary128, exactly. */
static quad q_from(enum xfmt f, const slot_t *s)
{
    switch (f) {
    case XF_HALF: case XF_BF16: return (quad)small_to_f32(f, s[0]);
    case XF_F32: return (quad)f_of(s[0]);
    case XF_F64: return (quad)d_of(s[0]);
    case XF_F80: return (quad)x_of(s);
    case XF_F128: return q_of(s);
    default: return 0;
    }
}

static void q_store(enum xfmt f, quad q, slot_t *d)
{
    switch (f) {
    case XF_HALF: case XF_BF16: d[0] = q_to_small(f, q); return;
    case XF_F32: d[0] = f_bits((float)q); return;
    case XF_F64: d[0] = d_bits((double)q); return;
    case XF_F80: x_put(d, (long double)q); return;
    case XF_F128: q_put(d, q); return;
    default: return;
    }
}

/* ---- the ops ---- */

/* the slot holding the sign bit of format F, and the bit */
static unsigned sign_slot(enum xfmt f, uint64_t *bit)
{
    *bit = f == XF_F128 ? 0x8000000000000000ull : 0x8000;
    return f == XF_F128 || f == XF_F80 ? 1 : 0;
}

void exec_xf_arith(unsigned fop, enum xfmt f, slot_t *d, const slot_t *a, const slot_t *b)
{
    if (fop == XF_ABS || fop == XF_COPYSIGN) {
        uint64_t bit;
        unsigned s = sign_slot(f, &bit);
        uint64_t sign = fop == XF_COPYSIGN ? b[s] & bit : 0;
        d[0] = a[0];
        if (s)
            d[1] = a[1];
        d[s] = (d[s] & ~bit) | sign;
        return;
    }
    if (f == XF_F80) {
        long double x = x_of(a), y = x_of(b), r;
        switch (fop) {
        case XF_ADD: r = x + y; break;
        case XF_SUB: r = x - y; break;
        case XF_MUL: r = x * y; break;
        case XF_DIV: r = x / y; break;
        default: r = fmodl(x, y); break;
        }
        x_put(d, r);
        return;
    }
    quad x = q_from(f, a), y = q_from(f, b), r;
    switch (fop) {
    case XF_ADD: r = x + y; break;
    case XF_SUB: r = x - y; break;
    case XF_MUL: r = x * y; break;
    case XF_DIV: r = x / y; break;
    default:
        if (f == XF_F128)
            r = exec_xf_fmodq(x, y);
        else /* half, bfloat: fmodf on the widened operands, exact */
            r = (quad)fmodf((float)x, (float)y);
        break;
    }
    q_store(f, r, d);
}

/* ---- math functions ---- */

/* libquadmath (no header needed: quadmath.h is GCC's, not clang's) */
quad sqrtq(quad), floorq(quad), ceilq(quad), truncq(quad), roundq(quad), rintq(quad), nearbyintq(quad);
quad expq(quad), exp2q(quad), logq(quad), log2q(quad), log10q(quad), sinq(quad), cosq(quad), tanq(quad);
quad asinq(quad), acosq(quad), atanq(quad), sinhq(quad), coshq(quad), tanhq(quad), expm1q(quad), log1pq(quad);
quad cbrtq(quad), powq(quad, quad), fminq(quad, quad), fmaxq(quad, quad), atan2q(quad, quad), hypotq(quad, quad);
quad fdimq(quad, quad), ldexpq(quad, int), fmaq(quad, quad, quad);

/* IEEE 754-2019 minimum / maximum: a NaN wins, -0 is below +0 */
static quad q_minmax(quad a, quad b, bool max)
{
    if (a != a || b != b)
        return a + b;
    if (a == b) {
        bool na = __builtin_signbit((double)a) || (a == 0 && 1 / (double)a < 0);
        return (na != max) ? a : b;
    }
    return (a < b) != max ? a : b;
}

/* libgcc's __powixf2 / __powitf2: repeated squaring, a product per 1 bit */
static quad q_powi(quad x, int m)
{
    unsigned n = m < 0 ? 0u - (unsigned)m : (unsigned)m;
    quad y = n % 2 ? x : 1;
    while (n >>= 1) {
        x = x * x;
        if (n % 2)
            y = y * x;
    }
    return m < 0 ? 1 / y : y;
}

static long double x_powi(long double x, int m)
{
    unsigned n = m < 0 ? 0u - (unsigned)m : (unsigned)m;
    long double y = n % 2 ? x : 1;
    while (n >>= 1) {
        x = x * x;
        if (n % 2)
            y = y * x;
    }
    return m < 0 ? 1 / y : y;
}

static quad q_math(unsigned fn, quad a, quad b, quad c, int n)
{
    switch ((enum mathfn)fn) {
    case MF_SQRT: return sqrtq(a);
    case MF_FLOOR: return floorq(a);
    case MF_CEIL: return ceilq(a);
    case MF_TRUNC: return truncq(a);
    case MF_ROUND: return roundq(a);
    case MF_ROUNDEVEN: case MF_RINT: return rintq(a); /* round to nearest even: the default mode */
    case MF_NEARBYINT: return nearbyintq(a);
    case MF_FABS: return a < 0 || (a == 0 && 1 / (double)a < 0) ? -a : a;
    case MF_EXP: return expq(a);
    case MF_EXP2: return exp2q(a);
    case MF_EXP10: return powq(10, a);
    case MF_LOG: return logq(a);
    case MF_LOG2: return log2q(a);
    case MF_LOG10: return log10q(a);
    case MF_SIN: return sinq(a);
    case MF_COS: return cosq(a);
    case MF_TAN: return tanq(a);
    case MF_ASIN: return asinq(a);
    case MF_ACOS: return acosq(a);
    case MF_ATAN: return atanq(a);
    case MF_SINH: return sinhq(a);
    case MF_COSH: return coshq(a);
    case MF_TANH: return tanhq(a);
    case MF_EXPM1: return expm1q(a);
    case MF_LOG1P: return log1pq(a);
    case MF_CBRT: return cbrtq(a);
    case MF_POW: return powq(a, b);
    case MF_MINNUM: return fminq(a, b);
    case MF_MAXNUM: return fmaxq(a, b);
    case MF_MINIMUM: return q_minmax(a, b, false);
    case MF_MAXIMUM: return q_minmax(a, b, true);
    case MF_FMOD: return exec_xf_fmodq(a, b);
    case MF_ATAN2: return atan2q(a, b);
    case MF_HYPOT: return hypotq(a, b);
    case MF_FDIM: return fdimq(a, b);
    case MF_LDEXP: return ldexpq(a, n);
    case MF_POWI: return q_powi(a, n);
    case MF_FMA: return fmaq(a, b, c);
    case MF_FMULADD: return a * b + c;
    default: return a - a + (quad)NAN; /* copysign is a sign-bit operation (exec_xf_arith) */
    }
}

static long double x_math(unsigned fn, long double a, long double b, long double c, int n)
{
    switch ((enum mathfn)fn) {
    case MF_SQRT: return sqrtl(a);
    case MF_FLOOR: return floorl(a);
    case MF_CEIL: return ceill(a);
    case MF_TRUNC: return truncl(a);
    case MF_ROUND: return roundl(a);
    case MF_ROUNDEVEN: case MF_RINT: return rintl(a);
    case MF_NEARBYINT: return nearbyintl(a);
    case MF_FABS: return fabsl(a);
    case MF_EXP: return expl(a);
    case MF_EXP2: return exp2l(a);
    case MF_EXP10: return powl(10, a);
    case MF_LOG: return logl(a);
    case MF_LOG2: return log2l(a);
    case MF_LOG10: return log10l(a);
    case MF_SIN: return sinl(a);
    case MF_COS: return cosl(a);
    case MF_TAN: return tanl(a);
    case MF_ASIN: return asinl(a);
    case MF_ACOS: return acosl(a);
    case MF_ATAN: return atanl(a);
    case MF_SINH: return sinhl(a);
    case MF_COSH: return coshl(a);
    case MF_TANH: return tanhl(a);
    case MF_EXPM1: return expm1l(a);
    case MF_LOG1P: return log1pl(a);
    case MF_CBRT: return cbrtl(a);
    case MF_POW: return powl(a, b);
    case MF_MINNUM: return fminl(a, b);
    case MF_MAXNUM: return fmaxl(a, b);
    case MF_MINIMUM: return (long double)q_minmax((quad)a, (quad)b, false);
    case MF_MAXIMUM: return (long double)q_minmax((quad)a, (quad)b, true);
    case MF_FMOD: return fmodl(a, b);
    case MF_ATAN2: return atan2l(a, b);
    case MF_HYPOT: return hypotl(a, b);
    case MF_FDIM: return fdiml(a, b);
    case MF_LDEXP: return ldexpl(a, n);
    case MF_POWI: return x_powi(a, n);
    case MF_FMA: return fmal(a, b, c);
    case MF_FMULADD: return a * b + c;
    default: return NAN;
    }
}

void exec_xf_math(unsigned fn, enum xfmt f, slot_t *d, const slot_t *a, const slot_t *b, const slot_t *c,
                  unsigned ibits)
{
    int n = 0;
    if (exec_math_int_operand((enum mathfn)fn)) {
        int64_t v = ibits && ibits < 64 ? (int64_t)(b[0] << (64 - ibits)) >> (64 - ibits) : (int64_t)b[0];
        n = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int)v;
    }
    if (f == XF_F80) {
        x_put(d, x_math(fn, x_of(a), x_of(b), x_of(c), n));
        return;
    }
    if (f == XF_F128) {
        q_put(d, q_math(fn, q_of(a), q_of(b), q_of(c), n));
        return;
    }
    /* half, bfloat: the float function of the widened operands, rounded once */
    float r = exec_math_int_operand((enum mathfn)fn) ? exec_math_fi((enum mathfn)fn, small_to_f32(f, a[0]), n)
                                                     : exec_math_f((enum mathfn)fn, small_to_f32(f, a[0]),
                                                                   small_to_f32(f, b[0]), small_to_f32(f, c[0]));
    q_store(f, (quad)r, d);
}

/* The exact remainder x - n*y (n = trunc(x/y)), computed by long division
 * of the significands (fmodl of a binary128 libm). */
quad exec_xf_fmodq(quad x, quad y)
{
    if (x != x || y != y || __builtin_isinf((double)x) || y == 0)
        return (x - x) / (y - y + 0 * x * y); /* NaN */
    quad ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
    if (ax < ay || (double)ay == INFINITY)
        return x;
    uint64_t wx[2], wy[2];
    memcpy(wx, &ax, 16);
    memcpy(wy, &ay, 16);
    int ex = (int)(wx[1] >> 48), ey = (int)(wy[1] >> 48);
    u128 mx = (u128)(wx[1] & 0xffffffffffffull) << 64 | wx[0];
    u128 my = (u128)(wy[1] & 0xffffffffffffull) << 64 | wy[0];
    /* normalise subnormals to a 113-bit significand with exponent field 1 - k */
    if (ex == 0) { ex = 1; while (!(mx >> 112)) mx <<= 1, ex--; } else mx |= (u128)1 << 112;
    if (ey == 0) { ey = 1; while (!(my >> 112)) my <<= 1, ey--; } else my |= (u128)1 << 112;
    for (; ex > ey; ex--) {
        if (mx >= my)
            mx -= my;
        mx <<= 1;
    }
    if (mx >= my)
        mx -= my;
    if (mx == 0)
        return x < 0 ? -(quad)0 : (quad)0;
    /* the remainder mx * 2^(ey - bias - 112) */
    while (!(mx >> 112))
        mx <<= 1, ey--;
    quad r;
    if (ey >= 1) {
        uint64_t w[2] = {(uint64_t)mx, ((uint64_t)(mx >> 64) & 0xffffffffffffull) | (uint64_t)ey << 48};
        memcpy(&r, w, 16);
    } else {
        mx >>= 1 - ey; /* subnormal: exact, the remainder is below |y| */
        uint64_t w[2] = {(uint64_t)mx, (uint64_t)(mx >> 64)};
        memcpy(&r, w, 16);
    }
    return x < 0 ? -r : r;
}

void exec_xf_neg(enum xfmt f, slot_t *d, const slot_t *a)
{
    uint64_t bit;
    unsigned s = sign_slot(f, &bit);
    d[0] = a[0];
    if (s)
        d[1] = a[1];
    d[s] ^= bit;
}

static bool is_nan_of(enum xfmt f, const slot_t *s)
{
    if (f == XF_F80)
        return isnan(x_of(s));
    quad q = q_from(f, s);
    return q != q;
}

bool exec_xf_cmp(unsigned pred, enum xfmt f, const slot_t *a, const slot_t *b)
{
    bool uno = is_nan_of(f, a) || is_nan_of(f, b);
    int c = 0; /* -1, 0, 1 when ordered */
    if (!uno) {
        if (f == XF_F80) {
            long double x = x_of(a), y = x_of(b);
            c = x < y ? -1 : x > y;
        } else {
            quad x = q_from(f, a), y = q_from(f, b);
            c = x < y ? -1 : x > y;
        }
    }
    switch (pred) {
    case LLVMRealPredicateFalse: return false;
    case LLVMRealOEQ: return !uno && c == 0;
    case LLVMRealOGT: return !uno && c > 0;
    case LLVMRealOGE: return !uno && c >= 0;
    case LLVMRealOLT: return !uno && c < 0;
    case LLVMRealOLE: return !uno && c <= 0;
    case LLVMRealONE: return !uno && c != 0;
    case LLVMRealORD: return !uno;
    case LLVMRealUNO: return uno;
    case LLVMRealUEQ: return uno || c == 0;
    case LLVMRealUGT: return uno || c > 0;
    case LLVMRealUGE: return uno || c >= 0;
    case LLVMRealULT: return uno || c < 0;
    case LLVMRealULE: return uno || c <= 0;
    case LLVMRealUNE: return uno || c != 0;
    default: return true;
    }
}

/* ---- conversions ---- */

static u128 int_of(const slot_t *s, unsigned w)
{
    return w <= 64 ? (u128)s[0] : (u128)s[1] << 64 | s[0];
}

static i128 int_sext(u128 v, unsigned w)
{
    unsigned sh = 128 - w;
    return (i128)(v << sh) >> sh;
}

/* |V| rounded to odd at 113 bits, as binary128 (exact when it fits) */
static quad q_from_u128_odd(u128 v)
{
    int len = 128 - (v >> 64 ? __builtin_clzll((uint64_t)(v >> 64)) : 64 + (v ? __builtin_clzll((uint64_t)v) : 64));
    if (len <= 113)
        return (quad)v;
    int s = len - 113;
    u128 kept = v >> s;
    if (v & (((u128)1 << s) - 1))
        kept |= 1;
    quad q = (quad)kept; /* exact: 113 bits */
    for (int i = 0; i < s; i++)
        q *= 2;
    return q;
}

void exec_xf_cvt(uint64_t k, slot_t *d, const slot_t *a)
{
    enum xfmt src = (enum xfmt)(k & 0xff), dst = (enum xfmt)(k >> 8 & 0xff);
    bool sg = k >> 16 & 1;
    unsigned w = (unsigned)(k >> 24 & 0xff);
    if (src == XF_INT) {
        u128 v = int_of(a, w);
        bool neg = sg && int_sext(v, w) < 0;
        u128 mag = neg ? -(u128)int_sext(v, w) : v;
        if (dst == XF_F80) {
            long double x = (long double)mag;
            x_put(d, neg ? -x : x);
        } else {
            quad q = q_from_u128_odd(mag);
            q_store(dst, neg ? -q : q, d);
        }
        return;
    }
    if (dst == XF_INT) {
        /* truncate toward zero; NaN gives 0 and out-of-range values saturate */
        quad q = src == XF_F80 ? 0 : q_from(src, a);
        long double x = src == XF_F80 ? x_of(a) : 0;
        bool nan = src == XF_F80 ? isnan(x) : q != q;
        u128 r = 0;
        if (!nan) {
            quad t = src == XF_F80 ? (quad)x : q; /* exact */
            quad lim = 1;
            for (unsigned i = 0; i < w - (sg ? 1 : 0); i++)
                lim *= 2;
            if (sg) {
                if (t >= lim) r = ((u128)1 << (w - 1)) - 1;
                else if (t <= -lim) r = (u128)1 << (w - 1);
                else r = (u128)(i128)t;
            } else {
                if (t >= lim) r = ~(u128)0;
                else if (t <= -1) r = (u128)(i128)t;
                else r = (u128)t;
            }
        }
        if (w < 128)
            r &= ((u128)1 << w) - 1;
        d[0] = (uint64_t)r;
        if (w > 64)
            d[1] = (uint64_t)(r >> 64);
        return;
    }
    if (src == XF_F80 && dst == XF_F80) {
        d[0] = a[0];
        d[1] = a[1];
        return;
    }
    if (src == XF_F80 && dst != XF_F128) {
        /* x86_fp80 (64-bit significand) to a narrower format: one rounding */
        long double x = x_of(a);
        switch (dst) {
        case XF_F32: d[0] = f_bits((float)x); return;
        case XF_F64: d[0] = d_bits((double)x); return;
        default: q_store(dst, (quad)x, d); return; /* exact, then one rounding */
        }
    }
    q_store(dst, q_from(src, a), d);
}

/* ---- constants ---- */

static int hexval(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static bool hex_words(const char *p, int ndigits, uint64_t *out)
{
    uint64_t v = 0;
    for (int i = 0; i < ndigits; i++) {
        int h = hexval(p[i]);
        if (h < 0)
            return false;
        v = v << 4 | (uint64_t)h;
    }
    *out = v;
    return true;
}

bool exec_xf_const(LLVMValueRef c, enum xfmt f, slot_t *out)
{
    /* the bits as LLVM prints them: 0xH (half), 0xR (bfloat), 0xK (x86_fp80:
     * sign and exponent, then significand), 0xL (fp128: low word, then high),
     * 0xM (ppc_fp128: high double, then low); small values may print as a
     * decimal or a double's hex image instead */
    char *text = LLVMPrintValueToString(c);
    const char *p = strchr(text, ' ');
    bool ok = false;
    if (p) {
        p++;
        uint64_t hi = 0, lo = 0;
        if (p[0] == '0' && p[1] == 'x' && p[2] && hexval(p[2]) < 0) {
            const char *h = p + 3;
            switch (p[2]) {
            case 'H': case 'R': ok = hex_words(h, 4, &lo); out[0] = lo; break;
            case 'K': ok = hex_words(h, 4, &hi) && hex_words(h + 4, 16, &lo); out[0] = lo; out[1] = hi; break;
            case 'L': ok = hex_words(h, 16, &lo) && hex_words(h + 16, 16, &hi); out[0] = lo; out[1] = hi; break;
            default: break;
            }
        } else {
            /* a decimal or a double's hex image: exact as a double */
            LLVMBool loses;
            double v = LLVMConstRealGetDouble(c, &loses);
            if (!loses) {
                slot_t t = d_bits(v);
                exec_xf_cvt((uint64_t)XF_F64 | (uint64_t)f << 8, out, &t);
                ok = true;
            }
        }
    }
    LLVMDisposeMessage(text);
    return ok;
}
