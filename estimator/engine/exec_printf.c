/* exec_printf.c — the printf family. Arguments come either from the call's IR
 * values (typed) or from a target va_list (typed by the format), with C's
 * type widths of the target (16-bit int on AVR, 64-bit long on x86-64). Each
 * conversion is rendered by the host's printf, so output matches glibc. */
#include "exec_libc.h"
#include "support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct argsrc {
    struct vm *vm;
    const struct calldesc *cd;
    const slot_t *R;
    uint32_t next;
    uint64_t va;       /* address of the va_list, 0 for IR arguments */
};

struct outbuf {
    char *s;
    size_t n, cap;
};

static void out_add(struct outbuf *o, const char *s, size_t n)
{
    if (o->n + n + 1 > o->cap) {
        o->cap = (o->n + n + 1) * 2 + 64;
        o->s = sup_xrealloc(o->s, o->cap);
    }
    memcpy(o->s + o->n, s, n);
    o->n += n;
    o->s[o->n] = '\0';
}

static void out_fmt(struct outbuf *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof tmp) {
        out_add(o, tmp, (size_t)n);
        return;
    }
    char *big = sup_xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_add(o, big, (size_t)n);
    free(big);
}

/* Reads the next argument of BITS bits (integer class) or a floating value. */
static bool next_raw(struct argsrc *s, bool fp, unsigned bits, uint64_t *v, enum vkind *kind)
{
    struct vm *vm = s->vm;
    if (!s->va) {
        if (s->next >= s->cd->nargs)
            return exec_fault(vm, "printf: the format needs more arguments than the call passes");
        const struct argdesc *ad = &s->cd->args[s->next++];
        *v = s->R[ad->slot];
        *kind = ad->kind;
        return true;
    }
    /* va_list: as clang's va_arg reads it (registers saved, then the overflow area) */
    LLVMContextRef ctx = LLVMGetModuleContext(vm->m);
    LLVMTypeRef t = fp ? (vm->t.double_bits == 32 ? LLVMFloatTypeInContext(ctx) : LLVMDoubleTypeInContext(ctx))
                       : LLVMIntTypeInContext(ctx, bits);
    uint64_t size, align;
    exec_va_layout(vm, t, &size, &align);
    uint64_t at = exec_va_next(vm, s->va, fp, size, align);
    if (!at)
        return false;
    unsigned nb = fp ? vm->t.double_bits / 8 : bits / 8;
    uint8_t *p = lc_rd(vm, at, nb, "vprintf");
    if (!p)
        return false;
    *v = exec_load_uint(vm, p, nb);
    *kind = fp ? (vm->t.double_bits == 32 ? VK_F32 : VK_F64) : VK_INT;
    return true;
}

static bool next_int(struct argsrc *s, unsigned bits, bool is_signed, uint64_t *out)
{
    uint64_t v = 0;
    enum vkind k = VK_INT;
    if (!next_raw(s, false, bits, &v, &k))
        return false;
    if (k == VK_F32 || k == VK_F64)
        return exec_fault(s->vm, "printf: an integer conversion received a floating-point argument");
    v &= mask_of(bits);
    *out = is_signed ? (uint64_t)sext_of(v, bits) : v;
    return true;
}

static bool next_double(struct argsrc *s, double *out)
{
    uint64_t v = 0;
    enum vkind k = VK_INT;
    if (!next_raw(s, true, 64, &v, &k))
        return false;
    if (k == VK_F32) {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        *out = f;
    } else if (k == VK_F64) {
        memcpy(out, &v, 8);
    } else {
        return exec_fault(s->vm, "printf: a floating-point conversion received an integer argument");
    }
    return true;
}

long lc_format(struct vm *vm, const char *fmt, const struct calldesc *cd, const slot_t *R, uint32_t first,
               uint64_t va, char **result)
{
    struct argsrc src = {.vm = vm, .cd = cd, .R = R, .next = first, .va = va};
    struct outbuf o = {0};
    const struct target_info *t = &vm->t;
    out_add(&o, "", 0);
    for (const char *p = fmt; *p;) {
        if (*p != '%') {
            const char *q = strchr(p, '%');
            size_t n = q ? (size_t)(q - p) : strlen(p);
            out_add(&o, p, n);
            p += n;
            continue;
        }
        const char *start = p++;
        char spec[64];
        size_t sn = 0;
        spec[sn++] = '%';
        while (*p && strchr("-+ #0'", *p) && sn < 20)
            spec[sn++] = *p++;
        /* width */
        if (*p == '*') {
            uint64_t w = 0;
            if (!next_int(&src, t->int_bits, true, &w))
                goto fail;
            sn += (size_t)snprintf(spec + sn, sizeof spec - sn, "%d", (int)(int64_t)w);
            p++;
        } else
            while (*p >= '0' && *p <= '9' && sn < 40)
                spec[sn++] = *p++;
        /* precision */
        if (*p == '.') {
            spec[sn++] = *p++;
            if (*p == '*') {
                uint64_t pr;
                if (!next_int(&src, t->int_bits, true, &pr))
                    goto fail;
                sn += (size_t)snprintf(spec + sn, sizeof spec - sn, "%d", (int)(int64_t)pr);
                p++;
            } else
                while (*p >= '0' && *p <= '9' && sn < 50)
                    spec[sn++] = *p++;
        }
        /* length */
        unsigned bits = t->int_bits;
        if (p[0] == 'h' && p[1] == 'h') bits = 8, p += 2;
        else if (p[0] == 'h') bits = 16, p++;
        else if (p[0] == 'l' && p[1] == 'l') bits = 64, p += 2;
        else if (p[0] == 'l') bits = t->long_bits, p++;
        else if (p[0] == 'j' || p[0] == 'q') bits = 64, p++;
        else if (p[0] == 'z' || p[0] == 't') bits = t->size_bits, p++;
        else if (p[0] == 'L') p++;
        char conv = *p ? *p++ : '\0';
        spec[sn] = '\0';
        uint64_t v;
        double d;
        switch (conv) {
        case 'd': case 'i':
            if (!next_int(&src, bits, true, &v))
                goto fail;
            strcat(spec, "lld");
            out_fmt(&o, spec, (long long)v);
            break;
        case 'u': case 'x': case 'X': case 'o': {
            if (!next_int(&src, bits, false, &v))
                goto fail;
            char c[4] = {'l', 'l', conv, 0};
            strcat(spec, c);
            out_fmt(&o, spec, (unsigned long long)v);
            break;
        }
        case 'c':
            if (!next_int(&src, t->int_bits, false, &v))
                goto fail;
            strcat(spec, "c");
            out_fmt(&o, spec, (int)(unsigned char)v);
            break;
        case 's': {
            if (!next_int(&src, t->ptr_bits, false, &v))
                goto fail;
            const char *s;
            if (!v) {
                s = "(null)";
            } else {
                /* a precision may limit the read of an unterminated array */
                const char *dot = strchr(spec, '.');
                long prec = dot ? strtol(dot + 1, NULL, 10) : -1;
                if (prec >= 0 && exec_strlen(vm, v) < 0) {
                    uint8_t *q = lc_rd(vm, v, (uint64_t)prec, "printf %s");
                    if (!q)
                        goto fail;
                    s = (const char *)q;
                } else if (!(s = lc_str(vm, v, "printf %s")))
                    goto fail;
            }
            strcat(spec, "s");
            out_fmt(&o, spec, s);
            break;
        }
        case 'p':
            if (!next_int(&src, t->ptr_bits, false, &v))
                goto fail;
            if (v) {
                strcat(spec, "#llx");
                out_fmt(&o, spec, (unsigned long long)v);
            } else {
                strcat(spec, "s");
                out_fmt(&o, spec, "(nil)");
            }
            break;
        case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
            if (!next_double(&src, &d))
                goto fail;
            char c[2] = {conv, 0};
            strcat(spec, c);
            out_fmt(&o, spec, d);
            break;
        }
        case '%':
            out_add(&o, "%", 1);
            break;
        case 'n': {
            if (!next_int(&src, t->ptr_bits, false, &v))
                goto fail;
            uint8_t *q = lc_wr(vm, v, bits / 8, "printf %n");
            if (!q)
                goto fail;
            exec_store_uint(vm, q, bits / 8, o.n);
            break;
        }
        default:
            /* unknown conversion: print it as glibc does, verbatim */
            out_add(&o, start, (size_t)(p - start));
            break;
        }
    }
    *result = o.s;
    return (long)o.n;
fail:
    free(o.s);
    return -1;
}

#define BUILTIN(name) static bool name(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)

/* Shared body: FMT_ARG is the format's argument index, VA_ARG the va_list's
 * (or -1), then where the text goes. */
static bool do_print(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret, uint32_t fmt_arg,
                     int va_arg, FILE *f, uint64_t buf, uint64_t cap, bool bounded, const char *what)
{
    const char *fmt = lc_str(vm, arg_u(cd, R, fmt_arg), what);
    if (!fmt)
        return false;
    char *text;
    long n = lc_format(vm, fmt, cd, R, fmt_arg + 1, va_arg >= 0 ? arg_u(cd, R, (uint32_t)va_arg) : 0, &text);
    if (n < 0)
        return false;
    if (f) {
        if (!exec_sandbox_write(vm, f, (uint64_t)n)) {
            free(text);
            return false;
        }
        exec_put_bytes(vm, f, text, (size_t)n);
    } else {
        uint64_t w = bounded ? (cap ? ((uint64_t)n < cap - 1 ? (uint64_t)n : cap - 1) : 0) : (uint64_t)n;
        if (!bounded || cap) {
            uint8_t *p = lc_wr(vm, buf, w + 1, what);
            if (!p) {
                free(text);
                return false;
            }
            memcpy(p, text, w);
            p[w] = 0;
        }
    }
    free(text);
    ret_u(cd, ret, (uint64_t)n);
    return true;
}

BUILTIN(b_printf) { return do_print(vm, cd, R, ret, 0, -1, vm->out, 0, 0, false, "printf"); }
BUILTIN(b_vprintf) { return do_print(vm, cd, R, ret, 0, 1, vm->out, 0, 0, false, "vprintf"); }

BUILTIN(b_fprintf)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "fprintf");
    return f && do_print(vm, cd, R, ret, 1, -1, f, 0, 0, false, "fprintf");
}

BUILTIN(b_vfprintf)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "vfprintf");
    return f && do_print(vm, cd, R, ret, 1, 2, f, 0, 0, false, "vfprintf");
}

BUILTIN(b_sprintf) { return do_print(vm, cd, R, ret, 1, -1, NULL, arg_u(cd, R, 0), 0, false, "sprintf"); }
BUILTIN(b_vsprintf) { return do_print(vm, cd, R, ret, 1, 2, NULL, arg_u(cd, R, 0), 0, false, "vsprintf"); }
BUILTIN(b_snprintf) { return do_print(vm, cd, R, ret, 2, -1, NULL, arg_u(cd, R, 0), arg_u(cd, R, 1), true, "snprintf"); }
BUILTIN(b_vsnprintf) { return do_print(vm, cd, R, ret, 2, 3, NULL, arg_u(cd, R, 0), arg_u(cd, R, 1), true, "vsnprintf"); }

struct entry {
    const char *name;
    builtin_fn fn;
};

static const struct entry table[] = {
    {"printf", b_printf}, {"vprintf", b_vprintf}, {"fprintf", b_fprintf}, {"vfprintf", b_vfprintf},
    {"sprintf", b_sprintf}, {"vsprintf", b_vsprintf}, {"snprintf", b_snprintf}, {"vsnprintf", b_vsnprintf},
    {"iprintf", b_printf}, {"siprintf", b_sprintf}, {"fiprintf", b_fprintf},
    {NULL, NULL},
};

const char *lc_printf_name(size_t i)
{
    return i < sizeof table / sizeof table[0] ? table[i].name : NULL;
}

builtin_fn lc_lookup_printf(const char *name)
{
    for (const struct entry *e = table; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e->fn;
    return NULL;
}
