/* exec_math.c — the math functions behind FMATH ops and the C library's
 * <math.h> subset, computed with the host's IEEE arithmetic. */
#include "exec_math.h"

#include <math.h>
#include <string.h>

static const char *const names[MF_COUNT_] = {
    "sqrt", "floor", "ceil", "trunc", "round", "roundeven", "rint", "nearbyint", "fabs",
    "exp", "exp2", "exp10", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "expm1", "log1p", "cbrt",
    "pow", "copysign", "fmin", "fmax", "fminimum", "fmaximum", "fmod", "atan2", "hypot",
    "fdim", "ldexp", "llvm.powi",
    "fma", "fmuladd",
};

int exec_math_arity(enum mathfn f)
{
    return f < MF_POW ? 1 : f < MF_FMA ? 2 : 3;
}

static double roundeven_d(double x)
{
    double r = rint(x); /* the default rounding mode is to nearest, ties to even */
    return r;
}

/* IEEE 754-2019 minimum/maximum: NaN propagates, -0 < +0. */
static double minimum_d(double a, double b)
{
    if (isnan(a) || isnan(b))
        return a + b;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static double maximum_d(double a, double b)
{
    if (isnan(a) || isnan(b))
        return a + b;
    if (a == b)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

double exec_math_d(enum mathfn f, double a, double b, double c)
{
    switch (f) {
    case MF_SQRT: return sqrt(a);
    case MF_FLOOR: return floor(a);
    case MF_CEIL: return ceil(a);
    case MF_TRUNC: return trunc(a);
    case MF_ROUND: return round(a);
    case MF_ROUNDEVEN: return roundeven_d(a);
    case MF_RINT: return rint(a);
    case MF_NEARBYINT: return nearbyint(a);
    case MF_FABS: return fabs(a);
    case MF_EXP: return exp(a);
    case MF_EXP2: return exp2(a);
    case MF_EXP10: return pow(10.0, a);
    case MF_LOG: return log(a);
    case MF_LOG2: return log2(a);
    case MF_LOG10: return log10(a);
    case MF_SIN: return sin(a);
    case MF_COS: return cos(a);
    case MF_TAN: return tan(a);
    case MF_ASIN: return asin(a);
    case MF_ACOS: return acos(a);
    case MF_ATAN: return atan(a);
    case MF_SINH: return sinh(a);
    case MF_COSH: return cosh(a);
    case MF_TANH: return tanh(a);
    case MF_EXPM1: return expm1(a);
    case MF_LOG1P: return log1p(a);
    case MF_CBRT: return cbrt(a);
    case MF_POW: return pow(a, b);
    case MF_COPYSIGN: return copysign(a, b);
    case MF_MINNUM: return fmin(a, b);
    case MF_MAXNUM: return fmax(a, b);
    case MF_MINIMUM: return minimum_d(a, b);
    case MF_MAXIMUM: return maximum_d(a, b);
    case MF_FMOD: return fmod(a, b);
    case MF_ATAN2: return atan2(a, b);
    case MF_HYPOT: return hypot(a, b);
    case MF_FDIM: return fdim(a, b);
    case MF_LDEXP: return ldexp(a, (int)b);
    case MF_FMA: return fma(a, b, c);
    case MF_FMULADD: return a * b + c; /* cores without FMA: multiply, round, add */
    default: return 0;
    }
}

float exec_math_f(enum mathfn f, float a, float b, float c)
{
    switch (f) {
    case MF_SQRT: return sqrtf(a);
    case MF_FLOOR: return floorf(a);
    case MF_CEIL: return ceilf(a);
    case MF_TRUNC: return truncf(a);
    case MF_ROUND: return roundf(a);
    case MF_ROUNDEVEN: case MF_RINT: return rintf(a);
    case MF_NEARBYINT: return nearbyintf(a);
    case MF_FABS: return fabsf(a);
    case MF_EXP: return expf(a);
    case MF_EXP2: return exp2f(a);
    case MF_LOG: return logf(a);
    case MF_LOG2: return log2f(a);
    case MF_LOG10: return log10f(a);
    case MF_SIN: return sinf(a);
    case MF_COS: return cosf(a);
    case MF_TAN: return tanf(a);
    case MF_ASIN: return asinf(a);
    case MF_ACOS: return acosf(a);
    case MF_ATAN: return atanf(a);
    case MF_SINH: return sinhf(a);
    case MF_COSH: return coshf(a);
    case MF_TANH: return tanhf(a);
    case MF_EXPM1: return expm1f(a);
    case MF_LOG1P: return log1pf(a);
    case MF_CBRT: return cbrtf(a);
    case MF_POW: return powf(a, b);
    case MF_COPYSIGN: return copysignf(a, b);
    case MF_MINNUM: return fminf(a, b);
    case MF_MAXNUM: return fmaxf(a, b);
    case MF_FMOD: return fmodf(a, b);
    case MF_ATAN2: return atan2f(a, b);
    case MF_HYPOT: return hypotf(a, b);
    case MF_FDIM: return fdimf(a, b);
    case MF_LDEXP: return ldexpf(a, (int)b);
    case MF_FMA: return fmaf(a, b, c);
    case MF_FMULADD: return a * b + c;
    default: return (float)exec_math_d(f, a, b, c);
    }
}

/* libgcc's __powidf2 and __powisf2 (compiler-rt's are the same products): repeated
 * squaring, a product per 1 bit of |n|, the reciprocal for a negative n. */
double exec_math_di(enum mathfn f, double a, int n)
{
    if (f == MF_LDEXP)
        return ldexp(a, n);
    unsigned m = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    double y = m % 2 ? a : 1;
    while (m >>= 1) {
        a = a * a;
        if (m % 2)
            y = y * a;
    }
    return n < 0 ? 1 / y : y;
}

float exec_math_fi(enum mathfn f, float a, int n)
{
    if (f == MF_LDEXP)
        return ldexpf(a, n);
    unsigned m = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    float y = m % 2 ? a : 1;
    while (m >>= 1) {
        a = a * a;
        if (m % 2)
            y = y * a;
    }
    return n < 0 ? 1 / y : y;
}

const char *exec_math_name(enum mathfn f)
{
    return f < MF_COUNT_ ? names[f] : NULL;
}

int exec_math_by_name(const char *name, int *is_float)
{
    size_t n = strlen(name);
    for (int i = 0; i < MF_COUNT_; i++) {
        size_t m = strlen(names[i]);
        if (n == m && memcmp(name, names[i], n) == 0) {
            *is_float = 0;
            return i;
        }
        if (n == m + 1 && memcmp(name, names[i], m) == 0 && name[m] == 'f') {
            *is_float = 1;
            return i;
        }
    }
    return -1;
}
