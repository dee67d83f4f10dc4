/* test_softfp.c — checks softfp.c and rt_math.c against the host's IEEE hardware on
 * special values and a few million random operands (a native ctest). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

double __adddf3(double, double); double __subdf3(double, double);
double __muldf3(double, double); double __divdf3(double, double);
float __addsf3(float, float); float __subsf3(float, float);
float __mulsf3(float, float); float __divsf3(float, float);
int __ltdf2(double, double); int __gedf2(double, double); int __eqdf2(double, double);
int __unorddf2(double, double); int __ltsf2(float, float); int __gtsf2(float, float);
double __floatsidf(int32_t); double __floatdidf(int64_t); double __floatundidf(uint64_t);
float __floatsisf(int32_t); float __floatdisf(int64_t); double __floatunsidf(uint32_t);
int32_t __fixdfsi(double); int64_t __fixdfdi(double); uint32_t __fixunsdfsi(double);
int32_t __fixsfsi(float);
double __extendsfdf2(float); float __truncdfsf2(double);
double rt_sqrt(double); float rt_sqrtf(float); double rt_floor(double); float rt_floorf(float);
double rt_ceil(double); double rt_trunc(double);

static uint64_t st = 88172645463325252ULL;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static uint64_t db(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
static uint32_t fb(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
static double dv(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static float fv(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static double rd(void)
{
    static const uint64_t sp[] = { 0, 1ULL << 63, 0x7ff0000000000000ULL, 0xfff0000000000000ULL,
                                   1, 0x000fffffffffffffULL, 0x0010000000000000ULL,
                                   0x3ff0000000000000ULL, 0x7fefffffffffffffULL, 0x7ff8000000000000ULL };
    uint64_t r = rnd();
    switch (r & 7) {
    case 0: return dv(sp[(r >> 8) % 10]);
    case 1: return (double)(int32_t)(r >> 16);
    case 2: return dv((r >> 3 & 0x800fffffffffffffULL) | (0x3f0ULL + (r >> 50 & 31)) << 52);
    default: return dv(rnd());
    }
}
static float rf(void)
{
    uint64_t r = rnd();
    if ((r & 3) == 0) return (float)(int16_t)(r >> 20);
    if ((r & 3) == 1) return fv((uint32_t)(r >> 32 & 0x807fffffu) | (uint32_t)(0x78 + (r >> 8 & 15)) << 23);
    return fv((uint32_t)(r >> 32));
}

static int same_d(double a, double b) { return (isnan(a) && isnan(b)) || db(a) == db(b); }
static int same_f(float a, float b) { return (isnan(a) && isnan(b)) || fb(a) == fb(b); }

int main(void)
{
    long bad = 0;
    for (long i = 0; i < 2000000 && bad < 20; i++) {
        double a = rd(), b = rd();
        float x = rf(), y = rf();
        int ok = same_d(__adddf3(a, b), a + b) && same_d(__subdf3(a, b), a - b) &&
                 same_d(__muldf3(a, b), a * b) && same_d(__divdf3(a, b), a / b) &&
                 same_f(__addsf3(x, y), x + y) && same_f(__subsf3(x, y), x - y) &&
                 same_f(__mulsf3(x, y), x * y) && same_f(__divsf3(x, y), x / y) &&
                 (__ltdf2(a, b) < 0) == (a < b) && (__gedf2(a, b) >= 0) == (a >= b) &&
                 (__eqdf2(a, b) == 0) == (a == b) && (__unorddf2(a, b) != 0) == (a != a || b != b) &&
                 (__ltsf2(x, y) < 0) == (x < y) && (__gtsf2(x, y) > 0) == (x > y) &&
                 same_d(__extendsfdf2(x), (double)x) && same_f(__truncdfsf2(a), (float)a) &&
                 same_d(rt_sqrt(a), sqrt(a)) && same_f(rt_sqrtf(x), sqrtf(x)) &&
                 same_d(rt_floor(a), floor(a)) && same_f(rt_floorf(x), floorf(x)) &&
                 same_d(rt_ceil(a), ceil(a)) && same_d(rt_trunc(a), trunc(a));
        int64_t k = (int64_t)rnd() >> (rnd() & 63);
        ok = ok && same_d(__floatdidf(k), (double)k) && same_d(__floatsidf((int32_t)k), (double)(int32_t)k) &&
             same_d(__floatundidf((uint64_t)k), (double)(uint64_t)k) &&
             same_f(__floatdisf(k), (float)k) && same_f(__floatsisf((int32_t)k), (float)(int32_t)k) &&
             same_d(__floatunsidf((uint32_t)k), (double)(uint32_t)k);
        if (fabs(a) < 2e9)
            ok = ok && __fixdfsi(a) == (int32_t)a;
        if (fabs(a) < 9e18)
            ok = ok && __fixdfdi(a) == (int64_t)a;
        if (a > -1 && a < 4e9)
            ok = ok && __fixunsdfsi(a) == (uint32_t)a;
        if (fabsf(x) < 2e9f)
            ok = ok && __fixsfsi(x) == (int32_t)x;
        if (!ok) {
            printf("mismatch: a=%a b=%a x=%a y=%a k=%lld\n", a, b, x, y, (long long)k);
            bad++;
        }
    }
    printf("%s\n", bad ? "softfp: FAILED" : "softfp: ok");
    return bad != 0;
}
