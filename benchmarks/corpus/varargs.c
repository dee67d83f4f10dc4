/* varargs.c — a printf-heavy program with a variadic formatter of its own: fmt() reads
 * int, long, long long, double, pointer, string and char arguments with va_arg (and passes
 * a va_list on to a second function), so lpnest must lay out the target's va_list and
 * argument area exactly as its backend does. Self-checks: fmt's output compared with
 * expected strings; printf flags and widths exercised on the side. argv[1]: repetitions
 * of the formatting loop (default 50). */
#include <stdarg.h>
#include <stdint.h>
#include "bench.h"

struct sink {
    char buf[96];
    int len;
};

static void put(struct sink *s, char c)
{
    if (s->len < (int)sizeof s->buf - 1)
        s->buf[s->len++] = c;
    s->buf[s->len] = 0;
}

static void put_unsigned(struct sink *s, unsigned long long v, unsigned base)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    while (n)
        put(s, tmp[--n]);
}

static void put_signed(struct sink *s, long long v)
{
    if (v < 0) {
        put(s, '-');
        put_unsigned(s, 0ULL - (unsigned long long)v, 10);
    } else {
        put_unsigned(s, (unsigned long long)v, 10);
    }
}

/* %d int, %l long, %L long long, %u unsigned, %x unsigned hex, %f double (3 decimals),
 * %p pointer (printed relative to base: "null" or "+offset"), %s string, %c char */
static void vfmt(struct sink *s, const char *base, const char *f, va_list ap)
{
    for (; *f; f++) {
        if (*f != '%') {
            put(s, *f);
            continue;
        }
        switch (*++f) {
        case 'd': put_signed(s, va_arg(ap, int)); break;
        case 'l': put_signed(s, va_arg(ap, long)); break;
        case 'L': put_signed(s, va_arg(ap, long long)); break;
        case 'u': put_unsigned(s, va_arg(ap, unsigned), 10); break;
        case 'x': put_unsigned(s, va_arg(ap, unsigned), 16); break;
        case 'f': {
            double d = va_arg(ap, double);
            long long milli = (long long)(d * 1000 + (d < 0 ? -0.5 : 0.5));
            if (milli < 0) {
                put(s, '-');
                milli = -milli;
            }
            put_unsigned(s, (unsigned long long)(milli / 1000), 10);
            put(s, '.');
            put(s, (char)('0' + milli / 100 % 10));
            put(s, (char)('0' + milli / 10 % 10));
            put(s, (char)('0' + milli % 10));
            break;
        }
        case 'p': {
            const char *p = va_arg(ap, const char *);
            if (!p) {
                put(s, 'n'); put(s, 'u'); put(s, 'l'); put(s, 'l');
            } else {
                put(s, '+');
                put_unsigned(s, (unsigned long long)(p - base), 10);
            }
            break;
        }
        case 's':
            for (const char *t = va_arg(ap, const char *); *t; t++)
                put(s, *t);
            break;
        case 'c': put(s, (char)va_arg(ap, int)); break;
        case '%': put(s, '%'); break;
        default: put(s, '?'); break;
        }
    }
}

static const char text[] = "0123456789";

static const char *fmt(struct sink *s, const char *f, ...)
{
    va_list ap;
    s->len = 0;
    s->buf[0] = 0;
    va_start(ap, f);
    vfmt(s, text, f, ap);
    va_end(ap);
    return s->buf;
}

/* sums a zero-terminated list of mixed arguments described by a type string */
static double sum_mixed(const char *types, ...)
{
    va_list ap, copy;
    va_start(ap, types);
    va_copy(copy, ap);
    double total = 0;
    for (const char *t = types; *t; t++) {
        switch (*t) {
        case 'i': total += va_arg(ap, int); break;
        case 'l': total += (double)va_arg(ap, long); break;
        case 'L': total += (double)va_arg(ap, long long); break;
        case 'd': total += va_arg(ap, double); break;
        default: break;
        }
    }
    /* the copy walks the same arguments again: the first one must match */
    double first = types[0] == 'd' ? va_arg(copy, double) : (double)va_arg(copy, int);
    va_end(copy);
    va_end(ap);
    return total + first * 0;
}

static int expect(const char *got, const char *want)
{
    if (strcmp(got, want) == 0)
        return 1;
    printf("varargs: got \"%s\", want \"%s\"\n", got, want);
    return 0;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 50);
    struct sink s;
    int ok = 1;
    ok &= expect(fmt(&s, "i=%d l=%l L=%L", -7, 123456L, -9876543210LL), "i=-7 l=123456 L=-9876543210");
    ok &= expect(fmt(&s, "f=%f g=%f", 3.14159, -0.5), "f=3.142 g=-0.500");
    ok &= expect(fmt(&s, "%p %p %s%c", text + 7, (const char *)0, "ok", '!'), "+7 null ok!");
    ok &= expect(fmt(&s, "%u %x %d%%", 65535u, 0xbeefu, 0), "65535 beef 0%");
    ok &= expect(fmt(&s, "%c%d%L%f%l", 'x', 1, 2LL, 3.0, 4L), "x123.0004");
    double t = sum_mixed("ilLd", 1, 2L, 3LL, 0.25);
    ok &= t == 6.25;
    if (!ok)
        return bench_fail("variadic formatting");

    uint32_t seed = 0xFACADEu, sum = 0;
    for (long r = 0; r < reps; r++) {
        int32_t a = (int32_t)bench_rand(&seed);
        int16_t b = (int16_t)bench_rand(&seed);
        int64_t c = (int64_t)bench_rand(&seed) << 20;
        fmt(&s, "%l|%d|%L|%f|%p", (long)a, (int)b, (long long)c, (double)b / 8, text + (r % 10));
        for (int i = 0; i < s.len; i++)
            sum = sum * 31u + (uint8_t)s.buf[i];
        if (r < 3)
            printf("varargs: [%-44s] %5d %08lx\n", s.buf, s.len, (unsigned long)sum);
    }
    /* the runtime printf on the side: widths, flags, lengths */
    printf("[%5d] [%-5d] [%05d] [%x] [%X] [%08lx] [%lld] [%llu] [%zu] [%c] [%.3s] [%-6s] [%6s] [%%] [%p] [%i]\n",
           42, 42, -42, 0xabcu, 0xabcu, 0x12345ul, -1234567890123LL, 18446744073709551615ULL,
           sizeof(int32_t), 'q', "abcdef", "ab", "cd", (void *)0, -3);
    printf("varargs: %ld repetitions, checksum %08lx\n", reps, (unsigned long)sum);
    return 0;
}
