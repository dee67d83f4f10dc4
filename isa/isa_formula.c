/* isa_formula.c — the cost formulas of ISA descriptions ("20 + 4*n",
 * "4 + floor(n/4) + n%4"): a recursive-descent parser that compiles the text
 * once into a postfix program, and a small stack machine that evaluates it. */
#define _POSIX_C_SOURCE 200809L
#include "isa_impl.h"
#include "support.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NEST 32     /* parentheses and calls */
#define MAX_OPS 256

enum fop_kind {
    FOP_CONST, FOP_VAR, FOP_ADD, FOP_SUB, FOP_MUL, FOP_DIV, FOP_MOD, FOP_NEG,
    FOP_MIN, FOP_MAX, FOP_FLOOR, FOP_CEIL, FOP_BITS, FOP_POPCOUNT,
};

struct fop {
    enum fop_kind kind;
    double k;          /* FOP_CONST */
    size_t var;        /* FOP_VAR */
};

struct isa__formula {
    const char *text;
    struct fop *ops;
    size_t nops, depth;
    const char *const *names;
    size_t nnames;
};

struct parser {
    const char *text, *p;
    struct fop ops[MAX_OPS];
    size_t nops, sp, maxsp;
    int nest;
    const char *const *names;
    size_t nnames;
    struct sup_ydoc *doc;
    const struct sup_ynode *node;
    bool failed;
};

/* The bytes of the character at S: a whole UTF-8 sequence ('é', not its
 * first byte), else one byte (shown escaped). */
static int char_len(const char *s)
{
    size_t n = sup_utf8_char(s, strnlen(s, 4));
    return n ? (int)n : 1;
}

static bool fail(struct parser *P, const char *at, const char *fmt, ...)
{
    if (P->failed)
        return false;
    P->failed = true;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* A plain or quoted one-line scalar: the column of the character. */
    struct sup_ynode where = *P->node;
    if (!strchr(P->text, '\n'))
        where.col += (unsigned)(at - P->text) + (P->node->quoted ? 1u : 0u);
    return sup_yerror(P->doc, &where, "formula '%s': %s", P->text, msg);
}

static bool emit(struct parser *P, enum fop_kind kind, double k, size_t var, int pops, int pushes)
{
    if (P->nops == MAX_OPS)
        return fail(P, P->p, "too long (more than %d operations)", MAX_OPS);
    P->ops[P->nops++] = (struct fop){.kind = kind, .k = k, .var = var};
    P->sp = P->sp - (size_t)pops + (size_t)pushes;
    if (P->sp > P->maxsp)
        P->maxsp = P->sp;
    return true;
}

static void skip_space(struct parser *P)
{
    while (isspace((unsigned char)*P->p))
        P->p++;
}

static bool expr(struct parser *P);

static const struct {
    const char *name;
    enum fop_kind kind;
    int min_args, max_args;
} functions[] = {
    {"min", FOP_MIN, 2, 16}, {"max", FOP_MAX, 2, 16}, {"floor", FOP_FLOOR, 1, 1},
    {"ceil", FOP_CEIL, 1, 1}, {"bits", FOP_BITS, 1, 1}, {"popcount", FOP_POPCOUNT, 1, 1},
};

static bool call(struct parser *P, const char *start, size_t len)
{
    size_t f = 0;
    while (f < sizeof functions / sizeof functions[0] &&
           !(strlen(functions[f].name) == len && strncmp(functions[f].name, start, len) == 0))
        f++;
    if (f == sizeof functions / sizeof functions[0])
        return fail(P, start, "unknown function '%.*s' (expected min, max, floor, ceil, bits or popcount)",
                    (int)len, start);
    P->p++; /* '(' */
    int nargs = 0;
    skip_space(P);
    if (*P->p != ')')
        for (;;) {
            if (!expr(P))
                return false;
            nargs++;
            skip_space(P);
            if (*P->p == ',') {
                P->p++;
                continue;
            }
            break;
        }
    if (*P->p != ')')
        return fail(P, P->p, "expected ',' or ')' in the arguments of %s", functions[f].name);
    P->p++;
    if (nargs < functions[f].min_args || nargs > functions[f].max_args)
        return fail(P, start, "%s takes %d%s argument%s, found %d", functions[f].name, functions[f].min_args,
                    functions[f].max_args > functions[f].min_args ? " or more" : "",
                    functions[f].min_args == 1 && functions[f].max_args == 1 ? "" : "s", nargs);
    if (functions[f].min_args == 1)
        return emit(P, functions[f].kind, 0, 0, 1, 1);
    for (int i = 1; i < nargs; i++)
        if (!emit(P, functions[f].kind, 0, 0, 2, 1))
            return false;
    return true;
}

static bool primary(struct parser *P)
{
    skip_space(P);
    const char *start = P->p;
    if (*P->p == '(') {
        if (++P->nest > MAX_NEST)
            return fail(P, P->p, "nested more than %d levels", MAX_NEST);
        P->p++;
        if (!expr(P))
            return false;
        skip_space(P);
        if (*P->p != ')')
            return fail(P, P->p, *P->p ? "expected ')'" : "expected ')' at the end");
        P->p++;
        P->nest--;
        return true;
    }
    if (isdigit((unsigned char)*P->p) || (*P->p == '.' && isdigit((unsigned char)P->p[1]))) {
        char *end;
        errno = 0;
        double v = strtod(P->p, &end);
        if (errno == ERANGE || !isfinite(v))
            return fail(P, start, "number out of range");
        if (isalpha((unsigned char)*end) || *end == '_')
            return fail(P, end, "unexpected '%.*s' after a number", char_len(end), end);
        P->p = end;
        return emit(P, FOP_CONST, v, 0, 0, 1);
    }
    if (isalpha((unsigned char)*P->p) || *P->p == '_') {
        while (isalnum((unsigned char)*P->p) || *P->p == '_')
            P->p++;
        size_t len = (size_t)(P->p - start);
        const char *after = P->p;
        skip_space(P);
        if (*P->p == '(') {
            if (++P->nest > MAX_NEST)
                return fail(P, P->p, "nested more than %d levels", MAX_NEST);
            bool ok = call(P, start, len);
            P->nest--;
            return ok;
        }
        P->p = after;
        for (size_t i = 0; i < P->nnames; i++)
            if (P->names[i] && strlen(P->names[i]) == len && strncmp(P->names[i], start, len) == 0)
                return emit(P, FOP_VAR, 0, i, 0, 1);
        char known[256] = "";
        size_t used = 0;
        for (size_t i = 0; i < P->nnames && used < sizeof known - 40; i++)
            if (P->names[i])
                used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "", P->names[i]);
        return fail(P, start, "unknown name '%.*s' (known: %s)", (int)len, start, used ? known : "none");
    }
    if (!*P->p)
        return fail(P, start, "expected a number, a name or '(' at the end");
    return fail(P, start, "unexpected '%.*s'", char_len(P->p), P->p);
}

static bool unary(struct parser *P)
{
    skip_space(P);
    if (*P->p == '-' || *P->p == '+') {
        bool neg = *P->p == '-';
        if (++P->nest > MAX_NEST)
            return fail(P, P->p, "nested more than %d levels", MAX_NEST);
        P->p++;
        if (!unary(P))
            return false;
        P->nest--;
        return neg ? emit(P, FOP_NEG, 0, 0, 1, 1) : true;
    }
    return primary(P);
}

static bool term(struct parser *P)
{
    if (!unary(P))
        return false;
    for (;;) {
        skip_space(P);
        char c = *P->p;
        if (c != '*' && c != '/' && c != '%')
            return true;
        P->p++;
        if (!unary(P))
            return false;
        if (!emit(P, c == '*' ? FOP_MUL : c == '/' ? FOP_DIV : FOP_MOD, 0, 0, 2, 1))
            return false;
    }
}

static bool expr(struct parser *P)
{
    if (!term(P))
        return false;
    for (;;) {
        skip_space(P);
        char c = *P->p;
        if (c != '+' && c != '-')
            return true;
        P->p++;
        if (!term(P))
            return false;
        if (!emit(P, c == '+' ? FOP_ADD : FOP_SUB, 0, 0, 2, 1))
            return false;
    }
}

struct isa__formula *isa__formula_compile(struct isa__arena **a, const char *text, const char *const *names,
                                          size_t nnames, struct sup_ydoc *doc, const struct sup_ynode *node)
{
    struct parser *P = sup_xcalloc(1, sizeof *P);
    P->text = P->p = text;
    P->names = names;
    P->nnames = nnames;
    P->doc = doc;
    P->node = node;
    skip_space(P);
    if (!*P->p)
        fail(P, P->p, "empty formula");
    else if (expr(P)) {
        skip_space(P);
        if (*P->p)
            fail(P, P->p, "unexpected '%.*s'", char_len(P->p), P->p);
    }
    struct isa__formula *f = NULL;
    if (!P->failed) {
        f = isa__alloc(a, sizeof *f);
        f->text = isa__strdup(a, text);
        f->ops = isa__alloc(a, P->nops * sizeof *f->ops);
        memcpy(f->ops, P->ops, P->nops * sizeof *f->ops);
        f->nops = P->nops;
        f->depth = P->maxsp;
        f->names = names;
        f->nnames = nnames;
    }
    free(P);
    return f;
}

static double bits(double x)
{
    x = floor(fabs(x));
    double n = 0;
    while (x >= 1) {
        x = floor(x / 2);
        n++;
    }
    return n;
}

static double popcount(double x)
{
    x = floor(fabs(x));
    double n = 0;
    while (x >= 1) {
        if (fmod(x, 2) != 0)
            n++;
        x = floor(x / 2);
    }
    return n;
}

int isa__formula_eval(const struct isa__formula *f, const double *values, double *out, FILE *diag)
{
    double stack[MAX_OPS];
    size_t sp = 0;
    for (size_t i = 0; i < f->nops; i++) {
        const struct fop *o = &f->ops[i];
        double b = sp ? stack[sp - 1] : 0;
        switch (o->kind) {
        case FOP_CONST:
            stack[sp++] = o->k;
            continue;
        case FOP_VAR:
            if (isnan(values[o->var])) {
                sup_diag(diag, NULL, 0, 0, "error", "formula '%s': no value for '%s'", f->text, f->names[o->var]);
                return -1;
            }
            stack[sp++] = values[o->var];
            continue;
        case FOP_NEG: stack[sp - 1] = -b; continue;
        case FOP_FLOOR: stack[sp - 1] = floor(b); continue;
        case FOP_CEIL: stack[sp - 1] = ceil(b); continue;
        case FOP_BITS: stack[sp - 1] = bits(b); continue;
        case FOP_POPCOUNT: stack[sp - 1] = popcount(b); continue;
        default:
            break;
        }
        double a = stack[sp - 2], r;
        switch (o->kind) {
        case FOP_ADD: r = a + b; break;
        case FOP_SUB: r = a - b; break;
        case FOP_MUL: r = a * b; break;
        case FOP_MIN: r = a < b ? a : b; break;
        case FOP_MAX: r = a > b ? a : b; break;
        case FOP_DIV:
        case FOP_MOD:
            if (b == 0) {
                sup_diag(diag, NULL, 0, 0, "error", "formula '%s': division by zero", f->text);
                return -1;
            }
            r = o->kind == FOP_DIV ? a / b : a - b * floor(a / b);
            break;
        default:
            r = 0;
            break;
        }
        stack[--sp - 1] = r;
    }
    if (sp != 1 || !isfinite(stack[0])) {
        sup_diag(diag, NULL, 0, 0, "error", "formula '%s': the result is not a finite number", f->text);
        return -1;
    }
    *out = stack[0];
    return 0;
}

bool isa__formula_has_names(const struct isa__formula *f)
{
    for (size_t i = 0; i < f->nops; i++)
        if (f->ops[i].kind == FOP_VAR)
            return true;
    return false;
}

bool isa__formula_uses(const struct isa__formula *f, size_t var)
{
    for (size_t i = 0; i < f->nops; i++)
        if (f->ops[i].kind == FOP_VAR && f->ops[i].var == var)
            return true;
    return false;
}
