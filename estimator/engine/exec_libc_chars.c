/* exec_libc_chars.c — the built-in <ctype.h> (the "C" locale, the only one
 * bare-metal libraries have), the span functions of <string.h> (strspn,
 * strcspn, strpbrk, strncat, strtok), case-blind comparison, and <math.h>'s
 * frexp and modf, which return a part through a pointer. */
#include "exec_libc.h"

#include <math.h>
#include <string.h>

#define BUILTIN(name) static bool name(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)

/* ---- <ctype.h> ---- */

enum cclass { CC_ALNUM, CC_ALPHA, CC_BLANK, CC_CNTRL, CC_DIGIT, CC_GRAPH, CC_LOWER, CC_PRINT, CC_PUNCT,
              CC_SPACE, CC_UPPER, CC_XDIGIT, CC_TOLOWER, CC_TOUPPER, CC_ISASCII, CC_TOASCII };

static const char *const cnames[] = {"isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower",
                                     "isprint", "ispunct", "isspace", "isupper", "isxdigit", "tolower", "toupper",
                                     "isascii", "toascii"};

static bool in_class(enum cclass k, int c)
{
    bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
    bool print = c >= 0x20 && c < 0x7f;
    switch (k) {
    case CC_ALNUM: return lower || upper || digit;
    case CC_ALPHA: return lower || upper;
    case CC_BLANK: return c == ' ' || c == '\t';
    case CC_CNTRL: return (c >= 0 && c < 0x20) || c == 0x7f;
    case CC_DIGIT: return digit;
    case CC_GRAPH: return print && c != ' ';
    case CC_LOWER: return lower;
    case CC_PRINT: return print;
    case CC_PUNCT: return print && c != ' ' && !(lower || upper || digit);
    case CC_SPACE: return c == ' ' || (c >= '\t' && c <= '\r');
    case CC_UPPER: return upper;
    case CC_XDIGIT: return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    case CC_ISASCII: return c >= 0 && c < 0x80;
    default: return false;
    }
}

static bool b_ctype(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)
{
    (void)vm;
    enum cclass k = (enum cclass)cd->callee->builtin_data;
    int c = (int)arg_s(cd, R, 0);
    int64_t r;
    if (k == CC_TOLOWER)
        r = c >= 'A' && c <= 'Z' ? c + 32 : c;
    else if (k == CC_TOUPPER)
        r = c >= 'a' && c <= 'z' ? c - 32 : c;
    else if (k == CC_TOASCII)
        r = c & 0x7f;
    else
        r = in_class(k, c); /* glibc and newlib return other non-zero values: only truth is portable */
    ret_u(cd, ret, (uint64_t)r);
    return true;
}

/* ---- spans ---- */

/* The string argument 0 and the set argument 1 of a span function. */
static bool two_strings(struct vm *vm, const struct calldesc *cd, const slot_t *R, const char *what, const char **s,
                        const char **set)
{
    *s = lc_str(vm, arg_u(cd, R, 0), what);
    *set = *s ? lc_str(vm, arg_u(cd, R, 1), what) : NULL;
    return *set != NULL;
}

BUILTIN(b_strspn)
{
    const char *s, *set;
    if (!two_strings(vm, cd, R, "strspn", &s, &set))
        return false;
    ret_u(cd, ret, strspn(s, set));
    return true;
}

BUILTIN(b_strcspn)
{
    const char *s, *set;
    if (!two_strings(vm, cd, R, "strcspn", &s, &set))
        return false;
    ret_u(cd, ret, strcspn(s, set));
    return true;
}

BUILTIN(b_strpbrk)
{
    const char *s, *set;
    if (!two_strings(vm, cd, R, "strpbrk", &s, &set))
        return false;
    const char *z = strpbrk(s, set);
    ret_u(cd, ret, z ? arg_u(cd, R, 0) + (uint64_t)(z - s) : 0);
    return true;
}

BUILTIN(b_strncat)
{
    uint64_t d = arg_u(cd, R, 0), src = arg_u(cd, R, 1), n = arg_u(cd, R, 2);
    const char *dst = lc_str(vm, d, "strncat");
    if (!dst)
        return false;
    uint64_t len = strlen(dst), k = 0;
    for (; k < n; k++) { /* the source need not be terminated within n bytes */
        const uint8_t *p = lc_rd(vm, src + k, 1, "strncat");
        if (!p)
            return false;
        if (!*p)
            break;
    }
    uint8_t *out = lc_wr(vm, d + len, k + 1, "strncat");
    if (!out)
        return false;
    memmove(out, vm->mem + src, k);
    out[k] = 0;
    ret_u(cd, ret, d);
    return true;
}

/* ---- frexp, modf ---- */

/* Stores V at A as the call's floating-point type (float or double). */
static bool store_fp(struct vm *vm, const struct calldesc *cd, uint64_t a, double v, const char *what)
{
    unsigned n = cd->ret_kind == VK_F32 ? 4 : 8;
    uint8_t *p = lc_wr(vm, a, n, what);
    if (!p)
        return false;
    slot_t bits;
    ret_f(cd, &bits, v);
    exec_store_uint(vm, p, n, bits);
    return true;
}

BUILTIN(b_frexp)
{
    int e = 0;
    double m = frexp(arg_f(cd, R, 0), &e); /* exact: a float's frexp is the same as its double's */
    unsigned ib = vm->t.int_bits / 8;
    uint8_t *p = lc_wr(vm, arg_u(cd, R, 1), ib, "frexp");
    if (!p)
        return false;
    exec_store_uint(vm, p, ib, (uint64_t)(int64_t)e);
    ret_f(cd, ret, m);
    return true;
}

BUILTIN(b_modf)
{
    double ip = 0, f = modf(arg_f(cd, R, 0), &ip); /* exact in either format */
    if (!store_fp(vm, cd, arg_u(cd, R, 1), ip, "modf"))
        return false;
    ret_f(cd, ret, f);
    return true;
}

/* strtok_r on the program's string: SAVE is where it keeps its place */
static bool tokenize(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret, uint64_t str,
                     uint64_t *save, const char *what)
{
    const char *set = lc_str(vm, arg_u(cd, R, 1), what);
    if (!set)
        return false;
    uint64_t a = str ? str : *save;
    if (!a) {
        ret_u(cd, ret, 0);
        return true;
    }
    const char *s = lc_str(vm, a, what);
    if (!s)
        return false;
    size_t skip = strspn(s, set);
    if (!s[skip]) {
        *save = 0;
        ret_u(cd, ret, 0);
        return true;
    }
    size_t len = strcspn(s + skip, set);
    uint64_t tok = a + skip;
    if (s[skip + len]) {
        uint8_t *end = lc_wr(vm, tok + len, 1, what);
        if (!end)
            return false;
        *end = 0;
        *save = tok + len + 1;
    } else {
        *save = 0;
    }
    ret_u(cd, ret, tok);
    return true;
}

BUILTIN(b_strtok) { return tokenize(vm, cd, R, ret, arg_u(cd, R, 0), &vm->strtok_save, "strtok"); }

BUILTIN(b_strtok_r)
{
    uint64_t at = arg_u(cd, R, 2);
    uint8_t *p = lc_wr(vm, at, vm->t.ptr_bytes, "strtok_r");
    if (!p)
        return false;
    uint64_t save = exec_load_uint(vm, p, vm->t.ptr_bytes);
    if (!tokenize(vm, cd, R, ret, arg_u(cd, R, 0), &save, "strtok_r"))
        return false;
    exec_store_uint(vm, p, vm->t.ptr_bytes, save);
    return true;
}

/* strcasecmp, strncasecmp (N: the call's third argument) in the "C" locale */
static bool casecmp(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret, bool bounded)
{
    const char *a, *b;
    if (!two_strings(vm, cd, R, bounded ? "strncasecmp" : "strcasecmp", &a, &b))
        return false;
    uint64_t n = bounded ? arg_u(cd, R, 2) : UINT64_MAX;
    int r = 0;
    for (uint64_t i = 0; i < n && !r; i++) {
        int x = (unsigned char)a[i], y = (unsigned char)b[i];
        x = x >= 'A' && x <= 'Z' ? x + 32 : x;
        y = y >= 'A' && y <= 'Z' ? y + 32 : y;
        r = x - y;
        if (!a[i] || !b[i])
            break;
    }
    ret_u(cd, ret, (uint64_t)(int64_t)r);
    return true;
}

BUILTIN(b_strcasecmp) { return casecmp(vm, cd, R, ret, false); }
BUILTIN(b_strncasecmp) { return casecmp(vm, cd, R, ret, true); }

/* ---- registry ---- */

static const struct {
    const char *name;
    builtin_fn fn;
} table[] = {
    {"strspn", b_strspn}, {"strcspn", b_strcspn}, {"strpbrk", b_strpbrk}, {"strncat", b_strncat},
    {"frexp", b_frexp}, {"frexpf", b_frexp}, {"modf", b_modf}, {"modff", b_modf},
    {"strtok", b_strtok}, {"strtok_r", b_strtok_r}, {"__strtok_r", b_strtok_r},
    {"strcasecmp", b_strcasecmp}, {"strncasecmp", b_strncasecmp},
};

const char *lc_chars_name(size_t i)
{
    size_t nc = sizeof cnames / sizeof cnames[0];
    if (i < nc)
        return cnames[i];
    return i - nc < sizeof table / sizeof table[0] ? table[i - nc].name : NULL;
}

builtin_fn lc_lookup_chars(const char *name, int *data)
{
    for (int i = 0; i < (int)(sizeof cnames / sizeof cnames[0]); i++)
        if (!strcmp(name, cnames[i])) {
            *data = i;
            return b_ctype;
        }
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(name, table[i].name))
            return table[i].fn;
    return NULL;
}
