/* exec_scanf.c — the scanf family (C11 7.21.6.2) for the simulated program:
 * sscanf/vsscanf read its strings, scanf/fscanf and their v-forms its
 * streams. Directives are matched as the standard says: white space in the
 * format skips any amount of it, other characters must match, and each
 * conversion reads the longest run of characters that is, or begins, an
 * item of its kind (at most its width); a run that only begins one is a
 * matching failure. Numbers are converted by the host's strtoll, strtoull
 * and strtod and stored at the target's widths (int, long, size_t, double:
 * 16- and 32-bit ones on the AVR; long double as the target lays it out).
 * Destinations come from the call's arguments or from a target va_list. */
#include "exec_libc.h"
#include "exec_xfloat.h"
#include "support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* the characters read: from a string of the program, or a stream */
struct input {
    struct vm *vm;
    const char *s;  /* sscanf: the string (a host view of the program's) */
    size_t pos;
    FILE *f;        /* otherwise */
    long count;     /* characters consumed (%n) */
};

static int get(struct input *in)
{
    int c;
    if (in->s)
        c = in->s[in->pos] ? (unsigned char)in->s[in->pos++] : EOF;
    else
        c = getc(in->f);
    if (c != EOF)
        in->count++;
    return c;
}

static void unget(struct input *in, int c)
{
    if (c == EOF)
        return;
    in->count--;
    if (in->s)
        in->pos--;
    else
        ungetc(c, in->f);
}

/* Skips white space; false at the end of the input. */
static bool skip_space(struct input *in)
{
    int c;
    while ((c = get(in)) != EOF && isspace(c))
        ;
    unget(in, c);
    return c != EOF;
}

/* the destinations: pointers from the call or from a va_list */
struct dest {
    struct vm *vm;
    const struct calldesc *cd;
    const slot_t *R;
    uint32_t next;
    uint64_t va;
};

static bool next_ptr(struct dest *d, uint64_t *p)
{
    struct vm *vm = d->vm;
    if (!d->va) {
        if (d->next >= d->cd->nargs)
            return exec_fault(vm, "scanf: the format needs more arguments than the call passes");
        *p = d->R[d->cd->args[d->next++].slot];
        return true;
    }
    LLVMTypeRef t = LLVMPointerTypeInContext(LLVMGetModuleContext(vm->m), 0);
    uint64_t size, align;
    exec_va_layout(vm, t, &size, &align);
    uint64_t at = exec_va_next(vm, d->va, false, size, align);
    uint8_t *q = at ? lc_rd(vm, at, vm->t.ptr_bytes, "vscanf") : NULL;
    if (!q)
        return false;
    *p = exec_load_uint(vm, q, vm->t.ptr_bytes);
    return true;
}

/* Whether S[0..N) is, or begins, an integer in BASE (0: C's prefixes). */
static bool int_prefix(const char *s, size_t n, int base)
{
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    if ((base == 16 || base == 0) && i < n && s[i] == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
        i += 2;
        base = 16;
    } else if (base == 0) {
        base = i < n && s[i] == '0' ? 8 : 10;
    }
    for (; i < n; i++) {
        int c = (unsigned char)s[i];
        int v = isdigit(c) ? c - '0' : isalpha(c) ? tolower(c) - 'a' + 10 : 99;
        if (v >= base)
            return false;
    }
    return true;
}

/* Whether S[0..N), lower-cased, begins WORD or is it followed by more. */
static bool word_prefix(const char *s, size_t n, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i < n && i < w; i++)
        if (tolower((unsigned char)s[i]) != word[i])
            return false;
    return n <= w;
}

/* Whether S[0..N) is, or begins, a floating constant strtod reads:
 * decimal or hexadecimal, with an exponent, or inf, infinity, nan,
 * nan(chars). */
static bool float_prefix(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    if (i < n && (s[i] == 'i' || s[i] == 'I'))
        return word_prefix(s + i, n - i, "infinity");
    if (i < n && (s[i] == 'n' || s[i] == 'N')) {
        if (n - i <= 3)
            return word_prefix(s + i, n - i, "nan");
        if (!word_prefix(s + i, 3, "nan") || s[i + 3] != '(')
            return false;
        for (size_t k = i + 4; k < n; k++)
            if (s[k] == ')')
                return k == n - 1;
            else if (!isalnum((unsigned char)s[k]) && s[k] != '_')
                return false;
        return true;
    }
    bool hex = i + 1 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    if (hex)
        i += 2;
    bool digits = false, dot = false;
    for (; i < n; i++) {
        int c = (unsigned char)s[i];
        if (hex ? isxdigit(c) : isdigit(c))
            digits = true;
        else if (c == '.' && !dot)
            dot = true;
        else
            break;
    }
    if (i == n)
        return true;
    int e = (unsigned char)s[i];
    if (!digits || (hex ? tolower(e) != 'p' : tolower(e) != 'e'))
        return false;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    for (; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* Reads the longest run (at most WIDTH) that is or begins an item: for an
 * integer conversion BASE >= 0, for a floating one -1. */
static size_t read_item(struct input *in, char *buf, size_t cap, size_t width, int base)
{
    size_t n = 0;
    int c;
    while (n < width && n + 1 < cap && (c = get(in)) != EOF) {
        buf[n] = (char)c;
        if (!(base >= 0 ? int_prefix(buf, n + 1, base) : float_prefix(buf, n + 1))) {
            unget(in, c);
            break;
        }
        n++;
    }
    buf[n] = '\0';
    return n;
}

/* The bytes of C's types the length modifier names, on the target. */
static unsigned int_bytes(const struct vm *vm, const char *len)
{
    const struct target_info *t = &vm->t;
    if (!strcmp(len, "hh"))
        return 1;
    if (!strcmp(len, "h"))
        return 2;
    if (!strcmp(len, "l"))
        return t->long_bits / 8;
    if (!strcmp(len, "ll") || !strcmp(len, "j") || !strcmp(len, "L") || !strcmp(len, "q"))
        return 8;
    if (!strcmp(len, "z") || !strcmp(len, "t"))
        return t->size_bits / 8;
    return t->int_bits / 8;
}

/* long double's format and size on the target */
static enum xfmt long_double(const struct vm *vm, unsigned *bytes)
{
    const char *tr = vm->t.triple;
    if (!strncmp(tr, "x86_64", 6) || !strncmp(tr, "i386", 4) || !strncmp(tr, "i686", 4)) {
        *bytes = vm->t.ptr_bytes == 8 ? 16 : 12;
        return XF_F80;
    }
    if (!strncmp(tr, "riscv", 5) || !strncmp(tr, "aarch64", 7)) {
        *bytes = 16;
        return XF_F128;
    }
    *bytes = vm->t.double_bits / 8;
    return vm->t.double_bits == 32 ? XF_F32 : XF_F64;
}

static bool store_float(struct vm *vm, uint64_t p, const char *len, double v)
{
    unsigned n;
    uint64_t w[2] = {0, 0};
    if (!strcmp(len, "L")) {
        enum xfmt f = long_double(vm, &n);
        uint64_t d;
        memcpy(&d, &v, 8);
        exec_xf_cvt(exec_xf_cvt_key(XF_F64, f, false, 0), w, &d);
    } else if (!strcmp(len, "l") && vm->t.double_bits == 64) {
        n = 8;
        memcpy(&w[0], &v, 8);
    } else {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        n = 4;
        w[0] = u;
    }
    uint8_t *q = lc_wr(vm, p, n, "scanf");
    if (!q)
        return false;
    if (n <= 8)
        exec_store_uint(vm, q, n, w[0]);
    else {
        /* the low part first (little-endian targets: x86, RISC-V) */
        exec_store_uint(vm, q, 8, w[0]);
        exec_store_uint(vm, q + 8, n - 8, w[1]);
    }
    return true;
}

/* A scanset "[...]" from F (after '['): which characters it takes; F is
 * left after its ']'. False when the format ends inside it. */
static bool scanset(const char **f, bool set[256])
{
    const char *p = *f;
    bool invert = *p == '^';
    if (invert)
        p++;
    bool in[256] = {false};
    if (*p == ']')
        in[(unsigned char)*p++] = true;
    for (; *p && *p != ']'; p++) {
        /* a-z: a range (as glibc, newlib and picolibc read it) */
        if (p[1] == '-' && p[2] && p[2] != ']' && (unsigned char)p[2] >= (unsigned char)p[0]) {
            for (int c = (unsigned char)p[0]; c <= (unsigned char)p[2]; c++)
                in[c] = true;
            p += 2;
        } else
            in[(unsigned char)*p] = true;
    }
    if (*p != ']')
        return false;
    *f = p + 1;
    for (int c = 0; c < 256; c++)
        set[c] = in[c] != invert;
    return true;
}

/* Scans IN with format FMT into the destinations D. Returns the number of
 * items assigned, EOF (-1) when the input failed before the first
 * conversion, or -2 after a fault. */
static long scan(struct input *in, const char *fmt, struct dest *d)
{
    struct vm *vm = in->vm;
    long assigned = 0;
    bool converted = false;
    for (const char *f = fmt; *f;) {
        if (isspace((unsigned char)*f)) {
            while (isspace((unsigned char)*f))
                f++;
            skip_space(in);
            continue;
        }
        if (*f != '%' || f[1] == '%') {
            if (*f == '%') {
                f++;
                skip_space(in);
            }
            int c = get(in);
            if (c != (unsigned char)*f) {
                unget(in, c);
                return c == EOF && !converted ? -1 : assigned;
            }
            f++;
            continue;
        }
        f++;
        bool keep = *f != '*';
        if (!keep)
            f++;
        size_t width = 0;
        while (isdigit((unsigned char)*f))
            width = width * 10 + (size_t)(*f++ - '0');
        char len[3] = "";
        if ((f[0] == 'h' && f[1] == 'h') || (f[0] == 'l' && f[1] == 'l')) {
            len[0] = f[0], len[1] = f[1];
            f += 2;
        } else if (strchr("hljztLq", *f) && *f) {
            len[0] = *f++;
        }
        char conv = *f ? *f++ : '\0';
        if (!conv)
            return exec_fault(vm, "scanf: the format ends inside a conversion") ? assigned : -2;
        if (conv != '[' && conv != 'c' && conv != 'n' && !skip_space(in))
            return converted ? assigned : -1;
        uint64_t p = 0;
        if (keep && !next_ptr(d, &p))
            return -2;
        char buf[512];
        switch (conv) {
        case 'n':
            if (keep) {
                unsigned nb = int_bytes(vm, len);
                uint8_t *q = lc_wr(vm, p, nb, "scanf %n");
                if (!q)
                    return -2;
                exec_store_uint(vm, q, nb, (uint64_t)in->count);
            }
            continue; /* not an assignment */
        case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p': {
            int base = conv == 'd' || conv == 'u' ? 10 : conv == 'i' ? 0 : conv == 'o' ? 8 : 16;
            size_t n = read_item(in, buf, sizeof buf, width ? width : sizeof buf, base);
            char *end;
            unsigned long long v = buf[0] == '-' && conv != 'u' && conv != 'o' && conv != 'x' && conv != 'X'
                                       ? (unsigned long long)strtoll(buf, &end, base)
                                       : strtoull(buf, &end, base);
            if (!n || (size_t)(end - buf) != n)
                return assigned; /* a matching failure (the input did not end: skip_space) */
            converted = true;
            if (keep) {
                unsigned nb = conv == 'p' ? vm->t.ptr_bytes : int_bytes(vm, len);
                uint8_t *q = lc_wr(vm, p, nb, "scanf");
                if (!q)
                    return -2;
                exec_store_uint(vm, q, nb, v);
                assigned++;
            }
            break;
        }
        case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
            size_t n = read_item(in, buf, sizeof buf, width ? width : sizeof buf, -1);
            char *end;
            double v = strtod(buf, &end);
            if (!n || (size_t)(end - buf) != n)
                return assigned;
            converted = true;
            if (keep) {
                if (!store_float(vm, p, len, v))
                    return -2;
                assigned++;
            }
            break;
        }
        case 'c': case 's': case '[': {
            bool set[256];
            if (conv == '[' && !scanset(&f, set))
                return exec_fault(vm, "scanf: a scanset without its ']'") ? assigned : -2;
            size_t max = width ? width : conv == 'c' ? 1 : (size_t)-1, n = 0;
            int c = EOF;
            while (n < max && (c = get(in)) != EOF) {
                if ((conv == 's' && isspace(c)) || (conv == '[' && !set[c])) {
                    unget(in, c);
                    break;
                }
                if (keep) {
                    uint8_t *q = lc_wr(vm, p + n, 1, "scanf");
                    if (!q)
                        return -2;
                    *q = (uint8_t)c;
                }
                n++;
            }
            if (!n || (conv == 'c' && n < max))
                return converted || c != EOF ? assigned : -1;
            converted = true;
            if (keep) {
                if (conv != 'c') {
                    uint8_t *q = lc_wr(vm, p + n, 1, "scanf");
                    if (!q)
                        return -2;
                    *q = 0;
                }
                assigned++;
            }
            break;
        }
        default:
            return exec_fault(vm, "scanf: unknown conversion '%%%c'", conv) ? assigned : -2;
        }
    }
    return assigned;
}

/* the call: input from argument IN_ARG (a string, or a FILE; -1: stdin),
 * the format from FMT_ARG, destinations from DEST (or the va_list in VA_ARG) */
static bool do_scan(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret, bool string, int in_arg,
                    uint32_t fmt_arg, int va_arg, const char *what)
{
    struct input in = {.vm = vm};
    if (string) {
        in.s = lc_str(vm, arg_u(cd, R, (uint32_t)in_arg), what);
        if (!in.s)
            return false;
    } else {
        in.f = in_arg < 0 ? vm->in : lc_file(vm, arg_u(cd, R, (uint32_t)in_arg), what);
        if (!in.f)
            return false;
    }
    const char *fmt = lc_str(vm, arg_u(cd, R, fmt_arg), what);
    if (!fmt)
        return false;
    struct dest d = {.vm = vm, .cd = cd, .R = R, .next = fmt_arg + 1};
    if (va_arg >= 0)
        d.va = arg_u(cd, R, (uint32_t)va_arg);
    long n = scan(&in, fmt, &d);
    if (n == -2 || vm->faulted)
        return false;
    ret_u(cd, ret, (uint64_t)(int64_t)n);
    return true;
}

#define BUILTIN(name) static bool name(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)

BUILTIN(b_sscanf) { return do_scan(vm, cd, R, ret, true, 0, 1, -1, "sscanf"); }
BUILTIN(b_vsscanf) { return do_scan(vm, cd, R, ret, true, 0, 1, 2, "vsscanf"); }
BUILTIN(b_scanf) { return do_scan(vm, cd, R, ret, false, -1, 0, -1, "scanf"); }
BUILTIN(b_vscanf) { return do_scan(vm, cd, R, ret, false, -1, 0, 1, "vscanf"); }
BUILTIN(b_fscanf) { return do_scan(vm, cd, R, ret, false, 0, 1, -1, "fscanf"); }
BUILTIN(b_vfscanf) { return do_scan(vm, cd, R, ret, false, 0, 1, 2, "vfscanf"); }

builtin_fn lc_lookup_scanf(const char *name)
{
    static const struct { const char *name; builtin_fn fn; } table[] = {
        /* glibc's C99 names, picolibc's and newlib's integer-only ones */
        {"sscanf", b_sscanf}, {"__isoc99_sscanf", b_sscanf}, {"siscanf", b_sscanf},
        {"vsscanf", b_vsscanf}, {"__isoc99_vsscanf", b_vsscanf}, {"vsiscanf", b_vsscanf},
        {"scanf", b_scanf}, {"__isoc99_scanf", b_scanf}, {"iscanf", b_scanf},
        {"vscanf", b_vscanf}, {"__isoc99_vscanf", b_vscanf},
        {"fscanf", b_fscanf}, {"__isoc99_fscanf", b_fscanf}, {"fiscanf", b_fscanf},
        {"vfscanf", b_vfscanf}, {"__isoc99_vfscanf", b_vfscanf},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(name, table[i].name))
            return table[i].fn;
    return NULL;
}
