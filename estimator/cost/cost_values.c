/* cost_values.c — what a routine's cost formula reads from a run's values and the
 * program's memory: an operand from the engine's reported words, printf's conversions
 * and digits from its format and arguments, the common prefix of two strings or
 * buffers (strcmp, memcmp), a string's length (strcpy). Used by cost_args.c. */
#include "cost_values.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

double cost_word_value(const uint64_t *v, size_t n, unsigned at, unsigned words)
{
    if (!words || at + words > n)
        return NAN;
    double x = (double)v[at];
    if (words == 2)
        x += ldexp((double)v[at + 1], 64);
    return x;
}

static unsigned digits_of(uint64_t u, unsigned base)
{
    unsigned n = 1;
    while (u >= base) {
        u /= base;
        n++;
    }
    return n;
}

/* Digits written (least significant first) while the value left is 2^32 or
 * more; *bits gets the significant bits of the value left, summed over the
 * digits. */
static unsigned wide_digits_of(uint64_t u, unsigned base, unsigned *bits)
{
    unsigned n = 0;
    do {
        n += (u >> 32) != 0;
        *bits += u ? 64 - (unsigned)__builtin_clzll(u) : 0;
        u /= base;
    } while (u);
    return n;
}

/* printf's conversions (%% included), the digits its integer conversions
 * write (sign and padding excluded) and how many of those it writes while the
 * value left is 2^32 or more, from the format in the program's memory and the
 * variadic operands. */
bool cost_printf_counts(struct eng_state *eng, const uint64_t *v, size_t n, const unsigned *word, const unsigned *words,
                        const unsigned *widths, unsigned fmt_op, unsigned nargs, double *convs, double *digits, double *wide,
                        double *dbits)
{
    double fa = cost_word_value(v, n, word[fmt_op], words[fmt_op]);
    if (isnan(fa))
        return false;
    uint64_t a = (uint64_t)fa;
    int64_t len = eng_strlen(eng, a);
    const uint8_t *f = len >= 0 ? eng_mem(eng, a, (uint64_t)len + 1) : NULL;
    if (!f)
        return false;
    unsigned next = fmt_op + 1, nc = 0, nd = 0, nw = 0, nb = 0;
    for (int64_t i = 0; i < len; i++) {
        if (f[i] != '%')
            continue;
        i++;
        nc++;
        while (i < len && strchr("-+ #0", f[i]))
            i++;
        for (int part = 0; part < 2; part++) { /* width, then precision */
            if (part == 1) {
                if (i >= len || f[i] != '.')
                    break;
                i++;
            }
            if (i < len && f[i] == '*') {
                next++;
                i++;
            }
            while (i < len && f[i] >= '0' && f[i] <= '9')
                i++;
        }
        unsigned bits = 0; /* 0: the argument's own width */
        if (i < len && f[i] == 'h') {
            bits = 16;
            if (i + 1 < len && f[i + 1] == 'h')
                bits = 8, i++;
            i++;
        } else {
            while (i < len && strchr("lzjtLq", f[i]))
                i++;
        }
        if (i >= len)
            break;
        char c = (char)f[i];
        if (c == '%')
            continue;
        if (next >= nargs)
            break;
        unsigned k = next++;
        if (!strchr("diuxXop", c))
            continue;
        double x = cost_word_value(v, n, word[k], words[k]);
        unsigned wb = widths[k];
        if (isnan(x) || words[k] != 1)
            continue;
        uint64_t u = v[word[k]];
        if (c == 'p') {
            nd += u ? digits_of(u, 16) : 0;
            nw += u ? wide_digits_of(u, 16, &nb) : 0;
            continue;
        }
        unsigned b = bits && wb && bits < wb ? bits : wb ? wb : 64;
        u &= b >= 64 ? ~0ULL : (1ULL << b) - 1;
        if ((c == 'd' || c == 'i') && b < 64 && (u >> (b - 1)) & 1)
            u = (~u + 1) & ((1ULL << b) - 1);
        else if ((c == 'd' || c == 'i') && b == 64 && (u >> 63))
            u = ~u + 1;
        unsigned base = c == 'o' ? 8 : (c == 'x' || c == 'X') ? 16 : 10;
        nd += digits_of(u, base);
        nw += wide_digits_of(u, base, &nb);
    }
    *convs = nc;
    *digits = nd;
    *wide = nw;
    *dbits = nb;
    return true;
}

/* Leading positions two strings (or N bytes) have equal. */
bool cost_compared(struct eng_state *eng, uint64_t a, uint64_t b, double limit, bool strings, double *out)
{
    uint64_t i = 0;
    for (; !(limit >= 0 && (double)i >= limit); i++) {
        const uint8_t *x = eng_mem(eng, a + i, 1), *y = eng_mem(eng, b + i, 1);
        if (!x || !y)
            return false;
        if (*x != *y || (strings && !*x))
            break;
    }
    *out = (double)i;
    return true;
}

/* The length of the string at A in the program's memory. */
bool cost_string_length(struct eng_state *eng, uint64_t a, double *out)
{
    uint64_t i = 0;
    for (;; i++) {
        const uint8_t *c = eng_mem(eng, a + i, 1);
        if (!c)
            return false;
        if (!*c)
            break;
    }
    *out = (double)i;
    return true;
}

/* What a routine's code sees of the program: its memory, and the comparator calls of the
 * qsort or bsearch call it replays (NEXT: those made so far). */
