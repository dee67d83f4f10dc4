/* softdouble.c — floating-point arithmetic as a soft-float core sees it (every operation a
 * runtime call on riscv32, PowerPC 405 and AVR): Newton square roots against the sqrt
 * intrinsic, exp and sin/cos by series, floor/fabs, int<->double and float<->double
 * conversions. Self-checks with tolerances scaled to the type's epsilon (double is 32-bit
 * on AVR): sqrt(x)^2 = x, Newton = intrinsic, exp(a+b) = exp(a)exp(b), sin^2+cos^2 = 1,
 * floor identities, exact conversions of small integers. argv[1]: iterations (default 200). */
#include <stdint.h>
#include "bench.h"

#define EPS (sizeof(double) == 4 ? 2e-6 : 1e-14)

static double newton_sqrt(double x)
{
    if (x <= 0)
        return 0;
    double r = x > 1 ? x / 2 : 1;
    for (int i = 0; i < 60; i++) {
        double next = 0.5 * (r + x / r);
        if (next == r)
            break;
        r = next;
    }
    return r;
}

static double exp_series(double x)
{
    /* exp(x) = exp(x / 2^k)^(2^k) with the series on the small argument */
    int k = 0;
    while (__builtin_fabs(x) > 0.5) {
        x *= 0.5;
        k++;
    }
    double term = 1, sum = 1;
    for (int n = 1; n < 30; n++) {
        term *= x / n;
        sum += term;
        if (__builtin_fabs(term) < 1e-17 * sum)
            break;
    }
    while (k-- > 0)
        sum *= sum;
    return sum;
}

static void sincos_series(double x, double *s, double *c)
{
    double x2 = x * x, ts = x, tc = 1;
    *s = x;
    *c = 1;
    for (int n = 1; n < 20; n++) {
        ts *= -x2 / ((2 * n) * (2 * n + 1));
        tc *= -x2 / ((2 * n - 1) * (2 * n));
        *s += ts;
        *c += tc;
    }
}

/* the same Newton iteration in single precision */
static float newton_sqrtf(float x)
{
    float r = x > 1 ? x / 2 : 1;
    for (int i = 0; i < 40; i++) {
        float q = x / r;
        float next = (r + q) * 0.5f;
        if (next == r)
            break;
        r = next;
    }
    return r;
}

static int close_to(double a, double b, double tol)
{
    double scale = __builtin_fabs(b) > 1 ? __builtin_fabs(b) : 1;
    return __builtin_fabs(a - b) <= tol * scale;
}

/* prints a double as a scaled integer (no %f in the corpus's printf) */
static void show(const char *name, double x)
{
    printf("%s=%lld/1e6 ", name, (long long)__builtin_floor(x * 1e6 + 0.5));
}

int main(int argc, char **argv)
{
    long iters = bench_arg(argc, argv, 200);
    uint32_t seed = 0xF10A7u;
    double acc = 0, worst = 0;
    float facc = 0;
    for (long i = 0; i < iters; i++) {
        double x = (double)(bench_rand(&seed) % 1000000u) / 1000.0 + 0.001;
        double r1 = newton_sqrt(x), r2 = __builtin_elementwise_sqrt(x);
        if (!close_to(r1, r2, 4 * EPS) || !close_to(r2 * r2, x, 4 * EPS))
            return bench_fail("square root");
        double err = __builtin_fabs(r1 - r2) / r2;
        worst = err > worst ? err : worst;
        double a = (double)((int32_t)(bench_rand(&seed) % 4001u) - 2000) / 1000.0;
        double b = (double)((int32_t)(bench_rand(&seed) % 4001u) - 2000) / 1000.0;
        if (!close_to(exp_series(a + b), exp_series(a) * exp_series(b), 64 * EPS))
            return bench_fail("exp(a+b) = exp(a) exp(b)");
        double s, c;
        sincos_series(a, &s, &c);
        if (!close_to(s * s + c * c, 1.0, 16 * EPS))
            return bench_fail("sin^2 + cos^2 = 1");
        double fl = __builtin_floor(a * 10);
        if (fl > a * 10 || fl + 1 <= a * 10 || fl != (double)(int32_t)fl)
            return bench_fail("floor");
        int32_t n = (int32_t)(bench_rand(&seed) % 2000001u) - 1000000;
        if ((int32_t)(double)n != n || (int64_t)((double)n * 1024.0) != (int64_t)n * 1024)
            return bench_fail("integer conversions");
        float f = (float)a;
        if ((double)f != (double)(float)(double)f)
            return bench_fail("float round trip");
        float fs = newton_sqrtf(f * f + 1.0f);
        float fr = fs * fs;
        if (fr - (f * f + 1.0f) > 1e-4f * fr || (f * f + 1.0f) - fr > 1e-4f * fr)
            return bench_fail("single-precision Newton square root");
        facc += fs;
        acc += r2 + s * c;
    }
    show("sum", acc);
    show("fsum", (double)facc);
    show("e", exp_series(1.0));
    double s, c;
    sincos_series(1.0, &s, &c);
    show("sin1", s);
    show("sqrt2", newton_sqrt(2.0));
    printf("\nsoftdouble: %ld iterations, %d-bit double, worst Newton error %lld/1e18\n", iters,
           (int)(8 * sizeof(double)), (long long)(worst * 1e18));
    if (!close_to(exp_series(1.0), 2.718281828459045, 8 * EPS) || !close_to(s, 0.8414709848078965, 8 * EPS))
        return bench_fail("e and sin(1)");
    return 0;
}
