/* tests/exact: a loop on "n && pos + 1 < cap" (foreign variadic.c's number
 * formatter, inlined twice into a format loop): code generation splits each
 * copy's branch in two tests, and the code the copies' loop exits compute
 * (the position's final value) is the same, so branch folding keeps one
 * copy of it, named after the first copy's exit block. The second copy's
 * stop edge (n == 0) lands in that code, not in code of its own exit block,
 * which has none. The second test runs as often as the first operand held
 * (its record); the old binary estimated it. */
#include "bench.h"

static inline unsigned long put(char *out, unsigned long cap, unsigned long pos, unsigned long v, unsigned base,
                                int width)
{
    char tmp[24];
    int n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
        v /= base;
    } while (v);
    for (int k = n; k < width && pos + 1 < cap; k++)
        out[pos++] = ' ';
    while (n && pos + 1 < cap)
        out[pos++] = tmp[--n];
    return pos;
}

static __attribute__((noinline)) unsigned long format(char *out, unsigned long cap, const char *fmt,
                                                      const unsigned *args)
{
    unsigned long pos = 0;
    for (; *fmt && pos + 1 < cap; fmt++) {
        if (*fmt != '%') {
            out[pos++] = *fmt;
            continue;
        }
        int width = 0;
        while (*++fmt >= '0' && *fmt <= '9')
            width = width * 10 + (*fmt - '0');
        switch (*fmt) {
        case 'u': pos = put(out, cap, pos, *args++, 10, width); break;
        case 'x': pos = put(out, cap, pos, *args++, 16, width); break;
        default: out[pos++] = *fmt;
        }
    }
    out[pos] = 0;
    return pos;
}

int main(void)
{
    uint32_t seed = 8501;
    char buf[64];
    unsigned long sum = 0;
    static const char *const fmts[] = {"a%u b%x", "%5u|%3x", "%x%u%%", "[%8u]"};
    for (int round = 0; round < 40; round++) {
        unsigned args[3] = {bench_rand(&seed) % 100000, bench_rand(&seed), bench_rand(&seed) % 77};
        unsigned long cap = 3 + bench_rand(&seed) % 20;
        sum += format(buf, cap, fmts[round % 4], args) + (unsigned char)buf[0];
    }
    return (int)(sum & 1);
}
