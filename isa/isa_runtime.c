/* isa_runtime.c — the runtime: section (costs of library and runtime routines
 * whose code is not in the program: soft-float, 64-bit division, libc) and
 * the evaluation of their cost formulas over the call's arguments. */
#include "isa_impl.h"
#include "support.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* What the caller gives: the arguments by position, the return value, for the
 * printf family the conversion specifications and the integer digits written,
 * for comparisons the positions compared, for realloc the old block's size,
 * for the start-up code the program's initialised and zeroed data, for strcpy
 * the source string's length (in the order of enum isa_rt_name). */
static const char *const arg_names[ISA__RT_FIXED] = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
                                                     "ret", "convs", "digits", "wide_digits", "digit_bits",
                                                     "compared", "old_size", "data_bytes", "bss_bytes",
                                                     "length"};

static bool valid_ident(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

static bool valid_symbol(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '.' || *s == '$'))
            return false;
    return true;
}

static bool load_args(struct isa__loader *L, const struct sup_ynode *args, struct isa__runtime *r)
{
    if (!sup_yexpect(L->doc, args, SUP_Y_SEQ, "args"))
        return false;
    if (args->n > ISA__RT_MAXARGS)
        return sup_yerror(L->doc, args, "at most %d arguments can be named", ISA__RT_MAXARGS);
    for (size_t i = 0; i < args->n; i++) {
        const struct sup_ynode *a = args->items[i];
        if (!isa__string(L, a, "an argument name"))
            return false;
        if (!valid_ident(a->str))
            return sup_yerror(L->doc, a, "'%s' is not a name (letters, digits and '_')", a->str);
        if (!strcmp(a->str, "_"))
            continue; /* an unnamed position */
        for (size_t j = 0; j < r->nnames; j++)
            if (!strcmp(r->names[j], a->str))
                return sup_yerror(L->doc, a, "argument name '%s' is %s", a->str,
                                  j < ISA__RT_FIXED ? "reserved" : "used twice");
        r->alias_pos[r->nnames - ISA__RT_FIXED] = (int)i;
        r->names[r->nnames++] = isa__strdup(&L->isa->arena, a->str);
    }
    return true;
}

/* A constant (number) or a formula (string) at N. */
static bool load_cost(struct isa__loader *L, const struct sup_ynode *n, const char *what, struct isa__runtime *r,
                      double *constant, struct isa__formula **formula, const char **text)
{
    if (!sup_yexpect(L->doc, n, SUP_Y_SCALAR, what))
        return false;
    const char *s = n->str;
    bool looks_numeric = !n->quoted && (isdigit((unsigned char)s[0]) || s[0] == '.' ||
                                        (s[0] == '-' && (isdigit((unsigned char)s[1]) || s[1] == '.')));
    if (looks_numeric && !strpbrk(s, "+*/%() \tabcdfghijklmnopqrstuvwxyz_")) {
        double v;
        if (!sup_ydouble(L->doc, n, &v))
            return false;
        if (v < 0)
            return sup_yerror(L->doc, n, "%s must not be negative (found %s)", what, s);
        *constant = v;
        return true;
    }
    struct isa__formula *f = isa__formula_compile(&L->isa->arena, s, r->names, r->nnames, L->doc, n);
    if (!f)
        return false;
    double zero[ISA__RT_NAMES], v;
    for (size_t i = 0; i < ISA__RT_NAMES; i++)
        zero[i] = 0;
    if (!isa__formula_has_names(f)) { /* "3*40": fold to the constant */
        if (isa__formula_eval(f, zero, &v, NULL) != 0 || v < 0)
            return sup_yerror(L->doc, n, "%s '%s' does not give a non-negative number", what, s);
        *constant = v;
        return true;
    }
    *formula = f;
    *text = isa__strdup(&L->isa->arena, s);
    *constant = isa__formula_eval(f, zero, &v, NULL) == 0 ? v : 0;
    return true;
}

static bool load_entry(struct isa__loader *L, const struct sup_ynode *key, const struct sup_ynode *val)
{
    char what[200];
    snprintf(what, sizeof what, "runtime routine '%s'", key->str);
    if (!valid_symbol(key->str))
        return sup_yerror(L->doc, key, "'%s' is not a symbol name", key->str);
    struct isa__runtime *r = isa__alloc(&L->isa->arena, sizeof *r);
    r->pub.symbol = isa__strdup(&L->isa->arena, key->str);
    for (size_t i = 0; i < ISA__RT_FIXED; i++)
        r->names[r->nnames++] = arg_names[i];
    if (val->kind == SUP_Y_SCALAR) {
        if (!load_cost(L, val, "cycles", r, &r->pub.cycles, &r->cycles_f, &r->pub.formula))
            return false;
    } else {
        static const char *const keys[] = {"cycles", "instructions", "args", "note", NULL};
        if (!sup_yexpect(L->doc, val, SUP_Y_MAP, what))
            return false;
        bool ok = sup_ycheck_keys(L->doc, val, keys, what);
        const struct sup_ynode *v;
        if ((v = sup_yget(val, "args")) && !load_args(L, v, r))
            return false;
        if ((v = sup_yget(val, "note")) && !isa__string(L, v, "note"))
            ok = false;
        v = sup_yneed(L->doc, val, "cycles", what);
        if (!v || !load_cost(L, v, "cycles", r, &r->pub.cycles, &r->cycles_f, &r->pub.formula))
            return false;
        if ((v = sup_yget(val, "instructions"))) {
            double k = 0;
            if (!load_cost(L, v, "instructions", r, &k, &r->ninstr_f, &r->pub.ninstr_formula))
                return false;
            if (k > 4e9)
                return sup_yerror(L->doc, v, "instructions %s is out of range", v->str);
            r->pub.ninstr = (uint32_t)llround(k);
        }
        if (!ok)
            return false;
    }
    if (isa__map_put(&L->isa->runtime, r->pub.symbol, r))
        return sup_yerror(L->doc, key, "runtime routine '%s' listed twice", key->str);
    return true;
}

bool isa__load_runtime(struct isa__loader *L, const struct sup_ynode *runtime)
{
    if (!sup_yexpect(L->doc, runtime, SUP_Y_MAP, "runtime"))
        return false;
    bool ok = true;
    for (size_t i = 0; i < runtime->n; i++)
        if (!load_entry(L, runtime->keys[i], runtime->items[i]))
            ok = false;
    return ok;
}

const struct isa_runtime *isa_runtime(const struct isa *isa, const char *symbol)
{
    const struct isa__runtime *r = isa__map_get(&isa->runtime, symbol);
    return r ? &r->pub : NULL;
}

static double eval(const struct isa_runtime *rt, const struct isa__formula *f, double constant,
                   const char *const *names, const double *values, size_t n, FILE *diag)
{
    if (!f)
        return constant;
    const struct isa__runtime *r = (const struct isa__runtime *)rt;
    double v[ISA__RT_NAMES];
    for (size_t i = 0; i < r->nnames; i++) {
        const char *want = i < ISA__RT_FIXED ? r->names[i] : arg_names[r->alias_pos[i - ISA__RT_FIXED]];
        v[i] = NAN;
        for (size_t j = 0; j < n; j++)
            if (names[j] && !strcmp(names[j], want) && !isnan(values[j]))
                v[i] = values[j];
    }
    double out;
    if (isa__formula_eval(f, v, &out, diag) != 0)
        return -1;
    if (out < 0) {
        sup_diag(diag, NULL, 0, 0, "error", "%s: cost formula gives %g, a negative number", rt->symbol, out);
        return -1;
    }
    return out;
}

double isa_runtime_eval(const struct isa_runtime *rt, const char *const *names, const double *values, size_t n,
                        FILE *diag)
{
    const struct isa__runtime *r = (const struct isa__runtime *)rt;
    return eval(rt, r->cycles_f, rt->cycles, names, values, n, diag);
}

double isa_runtime_eval_ninstr(const struct isa_runtime *rt, const char *const *names, const double *values,
                               size_t n, FILE *diag)
{
    const struct isa__runtime *r = (const struct isa__runtime *)rt;
    return eval(rt, r->ninstr_f, rt->ninstr, names, values, n, diag);
}

/* The same with the values of the fixed names by position (no name lookups:
 * for costs evaluated at every execution). */
static double eval_at(const struct isa_runtime *rt, const struct isa__formula *f, double constant,
                      const double *fixed, FILE *diag)
{
    if (!f)
        return constant;
    const struct isa__runtime *r = (const struct isa__runtime *)rt;
    double v[ISA__RT_NAMES];
    for (size_t i = 0; i < r->nnames; i++)
        v[i] = fixed[i < ISA__RT_FIXED ? (int)i : r->alias_pos[i - ISA__RT_FIXED]];
    double out;
    if (isa__formula_eval(f, v, &out, diag) != 0)
        return -1;
    if (out < 0) {
        sup_diag(diag, NULL, 0, 0, "error", "%s: cost formula gives %g, a negative number", rt->symbol, out);
        return -1;
    }
    return out;
}

double isa_runtime_eval_at(const struct isa_runtime *rt, const double *fixed, FILE *diag)
{
    return eval_at(rt, ((const struct isa__runtime *)rt)->cycles_f, rt->cycles, fixed, diag);
}

double isa_runtime_eval_ninstr_at(const struct isa_runtime *rt, const double *fixed, FILE *diag)
{
    return eval_at(rt, ((const struct isa__runtime *)rt)->ninstr_f, rt->ninstr, fixed, diag);
}

bool isa_runtime_uses(const struct isa_runtime *rt, enum isa_rt_name name)
{
    const struct isa__runtime *r = (const struct isa__runtime *)rt;
    for (size_t i = 0; i < r->nnames; i++) {
        int pos = i < ISA__RT_FIXED ? (int)i : r->alias_pos[i - ISA__RT_FIXED];
        if (pos == (int)name && ((r->cycles_f && isa__formula_uses(r->cycles_f, i)) ||
                                 (r->ninstr_f && isa__formula_uses(r->ninstr_f, i))))
            return true;
    }
    return false;
}
