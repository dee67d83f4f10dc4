/* longdouble.c — long double as each target's ABI has it (binary128 on rv32, x86_fp80
 * on x86-64, float on the AVR): arithmetic, comparisons and conversions over operands
 * with every exponent range, cancellation, overflow and underflow, printed as bits so
 * that lpnest's run and the reference run (qemu, simavr, native) can be compared. */
#include "bench.h"

/* bytes of a long double that hold its value (x86_fp80: 10 of 16) */
#define LD_BYTES (__LDBL_MANT_DIG__ == 64 ? 10 : (int)sizeof(long double))

static uint32_t hash = 2166136261u;

static void mix(const void *p, int n)
{
    const unsigned char *b = p;
    for (int i = 0; i < n; i++)
        hash = (hash ^ b[i]) * 16777619u;
}

static void show(const char *what, long double x)
{
    unsigned char b[sizeof x];
    memcpy(b, &x, sizeof x);
    printf("%s ", what);
    for (int i = LD_BYTES - 1; i >= 0; i--)
        printf("%02x", b[i]);
    putchar('\n');
}

static long double pow2(int e)
{
    long double r = 1;
    for (; e > 0; e--)
        r *= 2;
    for (; e < 0; e++)
        r /= 2;
    return r;
}

/* an operand with more bits than a double and an exponent spread by SHIFT */
static long double operand(uint32_t *s, int shift)
{
    long double hi = (long double)(int32_t)bench_rand(s);
    long double lo = (long double)bench_rand(s) / 4294967296.0L;
    long double x = (hi + lo / 4294967296.0L) * pow2((int)(bench_rand(s) % (2 * shift + 1)) - shift);
    return x;
}

static volatile long double sink;

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 300);
    uint32_t s = 12345;
    long double third = 1.0L / 3, tenth = 0.1L;
    show("third", third);
    show("tenth", tenth);
    show("sum", third + tenth);
    show("prod", third * tenth);
    show("neg", -third);
    show("big", pow2(1000) * pow2(1000) * pow2(1000) * pow2(1000));
    show("tiny", pow2(-1000) * pow2(-1000) * pow2(-1000) * pow2(-1000));
    show("fromint", (long double)(int64_t)-9007199254740993LL);
    show("fromuint", (long double)(uint64_t)18446744073709551615ULL);
    show("fromfloat", (long double)1.1f);
    show("fromdouble", (long double)0.1);
    int less = 0, eq = 0;
    int64_t ints = 0;
    for (long i = 0; i < n; i++) {
        int shift = (int)(i % 4) * 20;
        long double a = operand(&s, shift), b = operand(&s, shift);
        if (i % 7 == 0)
            b = a * (1 + pow2(-(int)(i % 60))); /* nearly equal: cancellation */
        long double r[4] = {a + b, a - b, a * b, b != 0 ? a / b : a};
        for (int k = 0; k < 4; k++)
            mix(&r[k], LD_BYTES);
        less += a < b;
        eq += a == b || r[1] == 0;
        double d = (double)r[3];
        float f = (float)r[2];
        mix(&d, sizeof d);
        mix(&f, sizeof f);
        if (r[3] > -9e18L && r[3] < 9e18L)
            ints += (int64_t)r[3];
        if (r[0] > -2e9L && r[0] < 2e9L)
            ints += (int32_t)r[0];
    }
    /* Newton's square root of 2 */
    long double x = 1;
    for (int i = 0; i < 8; i++)
        x = (x + 2 / x) / 2;
    show("sqrt2", x);
    sink = x;
    printf("less %d eq %d ints %lld hash %08x\n", less, eq, (long long)ints, (unsigned)hash);
    return 0;
}
