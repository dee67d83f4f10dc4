/* variadic.c — variadic helpers (a weighted sum up to a terminating 0, a formatter into a
 * buffer with %d %u %x %s %c and widths, a logger that passes its va_list on),
 * variable-length arrays and __builtin_alloca sized at run time, and 16-bit integer
 * arithmetic. On the ATmega2560 LLVM 19 reads stack-passed variadic arguments one byte
 * off (benchmarks/corpus/README.md) and places dynamic allocas one byte low (a call's
 * return address lands on their first byte), so there the variadic part is left out and
 * the arrays have a fixed size. */
#include <stdarg.h>
#include "bench.h"

#if !defined(__AVR__)
/* the ints up to a terminating 0, each weighted by its position */
static long weighted(int first, ...)
{
    va_list ap;
    va_start(ap, first);
    long s = first, w = 2;
    for (int v = va_arg(ap, int); v != 0; v = va_arg(ap, int))
        s += w++ * v;
    va_end(ap);
    return s;
}

static size_t put_num(char *out, size_t cap, size_t pos, unsigned long v, unsigned base, int width, int neg)
{
    char tmp[24];
    int n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
        v /= base;
    } while (v);
    if (neg) tmp[n++] = '-';
    for (int k = n; k < width && pos + 1 < cap; k++) out[pos++] = ' ';
    while (n && pos + 1 < cap) out[pos++] = tmp[--n];
    return pos;
}

static size_t vformat(char *out, size_t cap, const char *fmt, va_list ap)
{
    size_t pos = 0;
    for (; *fmt && pos + 1 < cap; fmt++) {
        if (*fmt != '%') { out[pos++] = *fmt; continue; }
        int width = 0;
        while (*++fmt >= '0' && *fmt <= '9') width = width * 10 + (*fmt - '0');
        switch (*fmt) {
        case 'd': { int v = va_arg(ap, int); pos = put_num(out, cap, pos, v < 0 ? 0ul - (unsigned long)v : (unsigned long)v, 10, width, v < 0); break; }
        case 'u': pos = put_num(out, cap, pos, va_arg(ap, unsigned), 10, width, 0); break;
        case 'x': pos = put_num(out, cap, pos, va_arg(ap, unsigned), 16, width, 0); break;
        case 'c': out[pos++] = (char)va_arg(ap, int); break;
        case 's': for (const char *s = va_arg(ap, const char *); *s && pos + 1 < cap; s++) out[pos++] = *s; break;
        default: out[pos++] = *fmt;
        }
    }
    out[pos] = 0;
    return pos;
}

static size_t format(char *out, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t n = vformat(out, cap, fmt, ap);
    va_end(ap);
    return n;
}

static uint32_t log_hash;

static void logf_(int level, const char *fmt, ...)
{
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    size_t n = vformat(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < n; i++)
        log_hash = log_hash * 31 + (uint8_t)buf[i];
    log_hash += (uint32_t)level;
}
#endif

/* a VLA row of prefix sums and an alloca'd scratch copy, both sized by the caller */
static uint32_t prefix_work(int n, uint32_t seed)
{
#if !defined(__AVR__)
    int16_t vla[n];
    int16_t *scratch = __builtin_alloca((size_t)n * sizeof *scratch);
#else /* LLVM 19 places dynamic allocas one byte low on the AVR (lpnest warns) */
    int16_t vla[40], scratch[40];
#endif
    for (int i = 0; i < n; i++)
        vla[i] = (int16_t)(bench_rand(&seed) & 0x7ff);
    int16_t run = 0;
    for (int i = 0; i < n; i++) {
        run = (int16_t)(uint16_t)((uint16_t)run + (uint16_t)vla[i]); /* wraps in 16 bits */
        scratch[i] = run;
    }
    uint32_t h = 0;
    for (int i = n - 1; i >= 0; i--)
        h = h * 3 + (uint16_t)scratch[i];
    return h;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 5);
    uint32_t sum = 0;
    for (long r = 0; r < reps; r++) {
        for (int n = 1; n < 40; n += 7)
            sum += prefix_work(n, (uint32_t)(n * 2654435761u + (uint32_t)r));
#if !defined(__AVR__)
        long s = weighted(1, -2, 3, -4, 5, 0) + weighted(7, 0) + weighted(1, 2, 3, 4, 5, 6, 7, 8, 9, 0);
        if (s != 15 + 7 + 285) return bench_fail("weighted");
        char buf[48];
        size_t n = format(buf, sizeof buf, "[%5d|%u|%x|%c|%s]", -(int)r * 37, 4000000000u, 0xbeefu, 'Q', "str");
        if (n < 20 || buf[0] != '[') return bench_fail("format");
        for (size_t i = 0; i < n; i++) sum = sum * 31 + (uint8_t)buf[i];
        logf_((int)r, "step %d of %u: %s", (int)r, 5u, r & 1 ? "odd" : "even");
        sum += log_hash;
#endif
    }
    printf("variadic: checksum %08lx\n", (unsigned long)sum);
    return 0;
}
