/* zprint.c — writes Z3 terms as readable infix formulas (max/min recognised
 * in the forms the builders and Z3's simplifier produce, rationals as a/b)
 * or as C expressions over doubles, for `lpn pi`, `lpn smt` and the
 * emitted interface functions. */
#define _POSIX_C_SOURCE 200809L
#include "ana.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

enum { PR_TERN, PR_OR, PR_AND, PR_CMP, PR_ADD, PR_MUL, PR_UN, PR_ATOM };

static Z3_decl_kind dk(struct lpn_zx *z, Z3_ast a)
{
    if (Z3_get_ast_kind(z->c, a) != Z3_APP_AST)
        return Z3_OP_UNINTERPRETED;
    return Z3_get_decl_kind(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, a)));
}
static unsigned na(struct lpn_zx *z, Z3_ast a) { return Z3_get_app_num_args(z->c, Z3_to_app(z->c, a)); }
static Z3_ast ar(struct lpn_zx *z, Z3_ast a, unsigned k) { return Z3_get_app_arg(z->c, Z3_to_app(z->c, a), k); }

static Z3_ast strip_real(struct lpn_zx *z, Z3_ast a)
{
    while (dk(z, a) == Z3_OP_TO_REAL)
        a = ar(z, a, 0);
    return a;
}

/* 1: ite(c, t, e) is max(t, e); -1: min(t, e); 0: neither. */
static int minmax(struct lpn_zx *z, Z3_ast a)
{
    if (dk(z, a) != Z3_OP_ITE)
        return 0;
    Z3_ast c = ar(z, a, 0), t = strip_real(z, ar(z, a, 1)), e = strip_real(z, ar(z, a, 2));
    Z3_decl_kind k = dk(z, c);
    if (k != Z3_OP_GE && k != Z3_OP_GT && k != Z3_OP_LE && k != Z3_OP_LT)
        return 0;
    Z3_ast x = strip_real(z, ar(z, c, 0)), y = strip_real(z, ar(z, c, 1));
    bool big = k == Z3_OP_GE || k == Z3_OP_GT;   /* x > y */
    if (x == t && y == e)
        return big ? 1 : -1;
    if (x == e && y == t)
        return big ? -1 : 1;
    return 0;
}

static int prec(struct lpn_zx *z, Z3_ast a)
{
    if (Z3_get_ast_kind(z->c, a) == Z3_NUMERAL_AST) {
        int64_t n, d;
        if (Z3_get_numeral_small(z->c, a, &n, &d) && (n < 0 || d != 1))
            return PR_MUL;
        return PR_ATOM;
    }
    switch (dk(z, a)) {
    case Z3_OP_ITE: return minmax(z, a) ? PR_ATOM : PR_TERN;
    case Z3_OP_OR: return PR_OR;
    case Z3_OP_AND: return PR_AND;
    case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: case Z3_OP_EQ: case Z3_OP_DISTINCT: return PR_CMP;
    case Z3_OP_ADD: case Z3_OP_SUB: return PR_ADD;
    case Z3_OP_MUL: case Z3_OP_DIV: return PR_MUL;
    case Z3_OP_UMINUS: case Z3_OP_NOT: return PR_UN;
    case Z3_OP_TO_REAL: return prec(z, ar(z, a, 0));
    default: return PR_ATOM;
    }
}

static void pr(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a, FILE *f, int need);

static void numeral(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a, FILE *f, bool neg_abs)
{
    int64_t n, d;
    if (Z3_get_numeral_small(z->c, a, &n, &d) && (d == 1 || (d <= 10000 && n < 1000000000 && n > -1000000000))) {
        if (neg_abs && n < 0)
            n = -n;
        if (d == 1)
            fprintf(f, p->c ? "%lld.0" : "%lld", (long long)n);
        else
            fprintf(f, p->c ? "%lld.0/%lld.0" : "%lld/%lld", (long long)n, (long long)d);
        return;
    }
    /* a long fraction (a fixed point of the loop estimates): a decimal */
    double v;
    if (lpn__zdouble(z, a, &v)) {
        if (neg_abs && v < 0)
            v = -v;
        fprintf(f, p->c ? "%.17g" : "%.6g", v);
        return;
    }
    const char *s = Z3_get_numeral_decimal_string(z->c, a, 12);
    if (neg_abs && *s == '-')
        s++;
    fputs(s, f);
}

/* Whether A is a negative numeral or (negative numeral) * x: written "- ..." in sums. */
static bool negative_term(struct lpn_zx *z, Z3_ast a)
{
    int64_t n, d;
    if (Z3_get_ast_kind(z->c, a) == Z3_NUMERAL_AST)
        return Z3_get_numeral_small(z->c, a, &n, &d) && n < 0;
    if (dk(z, a) == Z3_OP_MUL && na(z, a) >= 2) {
        Z3_ast c = ar(z, a, 0);
        return Z3_get_ast_kind(z->c, c) == Z3_NUMERAL_AST && Z3_get_numeral_small(z->c, c, &n, &d) && n < 0;
    }
    return false;
}

/* Writes -A (A a negative_term) without its sign. */
static void pr_abs_term(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a, FILE *f)
{
    if (Z3_get_ast_kind(z->c, a) == Z3_NUMERAL_AST) {
        numeral(z, p, a, f, true);
        return;
    }
    Z3_ast c = ar(z, a, 0);
    int64_t n, d;
    Z3_get_numeral_small(z->c, c, &n, &d);
    bool unit = n == -1 && d == 1;
    if (!unit) {
        numeral(z, p, c, f, true);
        fputc('*', f);
    }
    for (unsigned k = 1; k < na(z, a); k++) {
        if (k > 1)
            fputc('*', f);
        pr(z, p, ar(z, a, k), f, PR_MUL + 1);
    }
}

static void flat_minmax(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a, int which, FILE *f, bool *first)
{
    for (int k = 1; k <= 2; k++) {
        Z3_ast x = strip_real(z, ar(z, a, (unsigned)k));
        bool named = false;
        for (size_t q = 0; q < p->nids; q++)
            named |= p->ids[q] == Z3_get_ast_id(z->c, x) && p->ids[q] != p->skip_id;
        if (!named && minmax(z, x) == which) {
            flat_minmax(z, p, x, which, f, first);
            continue;
        }
        if (!*first)
            fputs(", ", f);
        *first = false;
        pr(z, p, x, f, PR_TERN);
    }
}

static void pr(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a, FILE *f, int need)
{
    unsigned id = Z3_get_ast_id(z->c, a);
    for (size_t q = 0; q < p->nids; q++)
        if (p->ids[q] == id && id != p->skip_id) {
            fputs(p->names[q], f);
            return;
        }
    int my = prec(z, a);
    bool paren = my < need;
    if (paren)
        fputc('(', f);
    Z3_ast_kind k = Z3_get_ast_kind(z->c, a);
    if (k == Z3_NUMERAL_AST) {
        numeral(z, p, a, f, false);
        goto out;
    }
    if (k != Z3_APP_AST) {
        fputs("?", f);
        goto out;
    }
    Z3_decl_kind d = dk(z, a);
    unsigned n = na(z, a);
    static const struct { Z3_decl_kind d; const char *op; } bins[] = {
        {Z3_OP_LE, " <= "}, {Z3_OP_LT, " < "}, {Z3_OP_GE, " >= "}, {Z3_OP_GT, " > "},
        {Z3_OP_EQ, " == "}, {Z3_OP_DISTINCT, " != "},
    };
    for (size_t q = 0; q < sizeof bins / sizeof bins[0]; q++)
        if (bins[q].d == d && n == 2) {
            pr(z, p, ar(z, a, 0), f, PR_CMP + 1);
            fputs(bins[q].op, f);
            pr(z, p, ar(z, a, 1), f, PR_CMP + 1);
            goto out;
        }
    switch (d) {
    case Z3_OP_TRUE: fputs(p->c ? "1" : "true", f); break;
    case Z3_OP_FALSE: fputs(p->c ? "0" : "false", f); break;
    case Z3_OP_AND: case Z3_OP_OR:
        for (unsigned q = 0; q < n; q++) {
            if (q)
                fputs(d == Z3_OP_AND ? " && " : " || ", f);
            pr(z, p, ar(z, a, q), f, d == Z3_OP_AND ? PR_AND + 1 : PR_AND + 1);   /* (a && b) || c */
        }
        break;
    case Z3_OP_NOT:
        fputc('!', f);
        pr(z, p, ar(z, a, 0), f, PR_UN);
        break;
    case Z3_OP_UMINUS:
        fputc('-', f);
        pr(z, p, ar(z, a, 0), f, PR_UN);
        break;
    case Z3_OP_ADD: {   /* constants last: 54*x + 108 */
        bool first = true;
        for (int pass = 0; pass < 2; pass++)
            for (unsigned q = 0; q < n; q++) {
                Z3_ast x = ar(z, a, q);
                if ((Z3_get_ast_kind(z->c, x) == Z3_NUMERAL_AST) != (pass == 1))
                    continue;
                if (!first && negative_term(z, x)) {
                    fputs(" - ", f);
                    pr_abs_term(z, p, x, f);
                } else {
                    if (!first)
                        fputs(" + ", f);
                    pr(z, p, x, f, PR_ADD);
                }
                first = false;
            }
        break;
    }
    case Z3_OP_SUB:
        for (unsigned q = 0; q < n; q++) {
            if (q)
                fputs(" - ", f);
            pr(z, p, ar(z, a, q), f, q ? PR_ADD + 1 : PR_ADD);
        }
        break;
    case Z3_OP_MUL: {
        unsigned q0 = 0;
        int64_t nn, dd;
        Z3_ast c0 = ar(z, a, 0);
        if (Z3_get_ast_kind(z->c, c0) == Z3_NUMERAL_AST && Z3_get_numeral_small(z->c, c0, &nn, &dd) && nn == -1 && dd == 1) {
            fputc('-', f);
            q0 = 1;
        }
        for (unsigned q = q0; q < n; q++) {
            if (q > q0)
                fputc('*', f);
            pr(z, p, ar(z, a, q), f, PR_MUL + (q > q0));
        }
        break;
    }
    case Z3_OP_DIV:
        pr(z, p, ar(z, a, 0), f, PR_MUL);
        fputs(" / ", f);
        pr(z, p, ar(z, a, 1), f, PR_MUL + 1);
        break;
    case Z3_OP_IDIV: case Z3_OP_MOD: case Z3_OP_REM:
        fputs(p->c ? (d == Z3_OP_IDIV ? "lpn_pi_div(" : "lpn_pi_mod(") : (d == Z3_OP_IDIV ? "div(" : "mod("), f);
        pr(z, p, ar(z, a, 0), f, PR_TERN);
        fputs(", ", f);
        pr(z, p, ar(z, a, 1), f, PR_TERN);
        fputc(')', f);
        break;
    case Z3_OP_TO_REAL: case Z3_OP_TO_INT:
        if (d == Z3_OP_TO_INT && p->c) {
            fputs("floor(", f);
            pr(z, p, ar(z, a, 0), f, PR_TERN);
            fputc(')', f);
        } else
            pr(z, p, ar(z, a, 0), f, need);
        break;
    case Z3_OP_ITE: {
        int mm = minmax(z, a);
        if (mm) {
            fputs(p->c ? (mm > 0 ? "lpn_pi_max(" : "lpn_pi_min(") : (mm > 0 ? "max(" : "min("), f);
            if (p->c) {   /* binary in C */
                pr(z, p, strip_real(z, ar(z, a, 1)), f, PR_TERN);
                fputs(", ", f);
                pr(z, p, strip_real(z, ar(z, a, 2)), f, PR_TERN);
            } else {
                bool first = true;
                flat_minmax(z, p, a, mm, f, &first);
            }
            fputc(')', f);
            break;
        }
        pr(z, p, ar(z, a, 0), f, PR_OR);
        fputs(" ? ", f);
        pr(z, p, ar(z, a, 1), f, PR_OR);
        fputs(" : ", f);
        pr(z, p, ar(z, a, 2), f, PR_TERN);
        break;
    }
    default: {
        const char *nm = NULL;
        if (n == 0 && p->name)
            nm = p->name(p->ctx, a);
        if (!nm)
            nm = Z3_get_symbol_string(z->c, Z3_get_decl_name(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, a))));
        fputs(nm, f);
        if (n) {
            fputc('(', f);
            for (unsigned q = 0; q < n; q++) {
                if (q)
                    fputs(", ", f);
                pr(z, p, ar(z, a, q), f, PR_TERN);
            }
            fputc(')', f);
        }
    }
    }
out:
    if (paren)
        fputc(')', f);
}

void lpn__zprint(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a, FILE *out)
{
    static const struct lpn_zpr plain = {0};
    pr(z, p ? p : &plain, a, out, PR_TERN);
}

char *lpn__zstr(struct lpn_zx *z, const struct lpn_zpr *p, Z3_ast a)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return sup_strdup("?");
    lpn__zprint(z, p, a, f);
    fclose(f);
    return buf;
}
