/* qexpr.c — the expression language of input-space constraints and `lpn smt`
 * queries (ANALYSIS.md "Constraints and queries"): real arithmetic over the
 * space's symbols, per-token properties p[k], aggregates sum/avg/min/max(p),
 * `tokens`, and in queries `latency` and `pi`; parsed straight into Z3 terms
 * with "file:line:col: error:" messages. */
#include "ana.h"
#include "support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { Q_EOF, Q_NUM, Q_ID, Q_OP };

struct qp {
    struct lpn_space *sp;
    struct lpn_zx *z;
    const struct lpn_qsrc *src;
    unsigned flags;
    FILE *diag;
    size_t pos, tstart, tlen;
    int tok;
    int depth;
    bool failed;
};

static void qerr(struct qp *p, size_t off, const char *fmt, ...) SUP_PRINTF(3, 4);
static void qerr(struct qp *p, size_t off, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    unsigned col = p->src->col + (p->src->oneline ? (unsigned)off : 0u);
    sup_diag(p->diag, p->src->file, p->src->line, col, "error", "%s", msg);
}

static bool isid0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool isdig(char c) { return c >= '0' && c <= '9'; }

static void next(struct qp *p)
{
    const char *s = p->src->text;
    size_t n = p->src->len;
    while (p->pos < n && (s[p->pos] == ' ' || s[p->pos] == '\t' || s[p->pos] == '\n' || s[p->pos] == '\r'))
        p->pos++;
    p->tstart = p->pos;
    if (p->pos >= n) {
        p->tok = Q_EOF;
        p->tlen = 0;
        return;
    }
    char c = s[p->pos];
    size_t q = p->pos;
    if (isdig(c) || (c == '.' && q + 1 < n && isdig(s[q + 1]))) {
        while (q < n && (isdig(s[q]) || s[q] == '_'))
            q++;
        if (q < n && s[q] == '.') {
            q++;
            while (q < n && isdig(s[q]))
                q++;
        }
        if (q < n && (isid0(s[q]) || isdig(s[q]))) {
            qerr(p, p->pos, "malformed number");
            p->tok = Q_EOF;
            return;
        }
        p->tok = Q_NUM;
    } else if (isid0(c)) {
        while (q < n && (isid0(s[q]) || isdig(s[q])))
            q++;
        p->tok = Q_ID;
    } else {
        static const char *const two[] = {"==", "!=", "<=", ">=", "&&", "||", NULL};
        p->tok = Q_OP;
        for (const char *const *t = two; *t; t++)
            if (q + 1 < n && s[q] == (*t)[0] && s[q + 1] == (*t)[1]) {
                p->tlen = 2;
                p->pos += 2;
                return;
            }
        if (!strchr("+-*/<>!?:()[],|", c)) {
            if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
                qerr(p, q, "unexpected character (byte 0x%02x)", (unsigned)(unsigned char)c);
            else
                qerr(p, q, "unexpected character '%c'", c);
            p->tok = Q_EOF;
            return;
        }
        q++;
    }
    p->tlen = q - p->pos;
    p->pos = q;
}

static bool is(const struct qp *p, const char *op)
{
    return p->tok == Q_OP && p->tlen == strlen(op) && !memcmp(p->src->text + p->tstart, op, p->tlen);
}

static bool expect(struct qp *p, const char *op)
{
    if (is(p, op)) {
        next(p);
        return true;
    }
    if (p->tok == Q_EOF)
        qerr(p, p->tstart, "expected '%s' at the end of the expression", op);
    else
        qerr(p, p->tstart, "expected '%s', found '%.*s'", op, (int)p->tlen, p->src->text + p->tstart);
    return false;
}

/* ---- typed values --------------------------------------------------------------*/
struct qv {
    Z3_ast a;        /* NULL after an error */
    bool b;          /* boolean */
    size_t pos;
};

static bool want_num(struct qp *p, struct qv v, const char *what)
{
    if (!v.a)
        return false;
    if (v.b) {
        qerr(p, v.pos, "expected a number as %s, found a condition", what);
        return false;
    }
    return true;
}

static bool want_bool(struct qp *p, struct qv v, const char *what)
{
    if (!v.a)
        return false;
    if (!v.b) {
        qerr(p, v.pos, "expected a condition as %s, found a number", what);
        return false;
    }
    return true;
}

static struct qv parse_expr(struct qp *p);

static int find_prop(struct qp *p, const char *name, size_t len)
{
    const struct lpn_model *m = p->sp->m;
    for (int k = 0; k < p->sp->nprops; k++) {
        const char *pn = lpn_place_prop(m, p->sp->place, k);
        if (strlen(pn) == len && !memcmp(pn, name, len))
            return k;
    }
    return -1;
}

static Z3_ast tokval(struct qp *p, int tok, int prop)
{
    return lpn__zreal(p->z, p->sp->val[(size_t)tok * (size_t)p->sp->nprops + (size_t)prop]);
}

/* sum/avg/min/max over the tokens of property PROP. */
static Z3_ast aggregate(struct qp *p, const char *fn, int prop)
{
    struct lpn_zx *z = p->z;
    Z3_ast acc = tokval(p, 0, prop);
    for (int k = 1; k < p->sp->ntok; k++) {
        Z3_ast v = tokval(p, k, prop);
        if (!strcmp(fn, "min"))
            acc = lpn__zmin(z, acc, v);
        else if (!strcmp(fn, "max"))
            acc = lpn__zmax(z, acc, v);
        else
            acc = lpn__zadd(z, acc, v);
    }
    if (!strcmp(fn, "avg"))
        acc = Z3_mk_div(z->c, lpn__zreal(z, acc), lpn__zrat(z, p->sp->ntok, 1));
    return lpn__zreal(z, acc);
}

static struct qv parse_call(struct qp *p, const char *fn, size_t fpos)
{
    struct qv r = {NULL, false, fpos};
    struct lpn_zx *z = p->z;
    next(p);   /* ( */
    bool agg = !strcmp(fn, "sum") || !strcmp(fn, "avg");
    bool mm = !strcmp(fn, "min") || !strcmp(fn, "max");
    if (!agg && !mm && strcmp(fn, "abs")) {
        qerr(p, fpos, "unknown function '%s' (expected abs, min, max, sum or avg)", fn);
        return r;
    }
    /* an aggregate over a property: sum(p), avg(p), min(p), max(p) */
    if (p->tok == Q_ID && (agg || mm)) {
        size_t save_pos = p->pos, save_start = p->tstart, save_len = p->tlen;
        int prop = find_prop(p, p->src->text + p->tstart, p->tlen);
        next(p);
        if (prop >= 0 && is(p, ")")) {
            next(p);
            r.a = aggregate(p, fn, prop);
            return r;
        }
        p->pos = save_pos, p->tstart = save_start, p->tlen = save_len, p->tok = Q_ID;
        if (agg) {
            qerr(p, p->tstart, "%s() takes the name of a property of place '%s'", fn,
                 lpn_place_name(p->sp->m, p->sp->place));
            return r;
        }
    } else if (agg) {
        qerr(p, p->tstart, "%s() takes the name of a property of place '%s'", fn, lpn_place_name(p->sp->m, p->sp->place));
        return r;
    }
    int nargs = 0;
    Z3_ast acc = NULL;
    for (;;) {
        struct qv a = parse_expr(p);
        if (!want_num(p, a, "a function argument"))
            return r;
        nargs++;
        if (!acc)
            acc = a.a;
        else if (!strcmp(fn, "min"))
            acc = lpn__zmin(z, acc, a.a);
        else if (!strcmp(fn, "max"))
            acc = lpn__zmax(z, acc, a.a);
        if (!is(p, ","))
            break;
        next(p);
    }
    if (!expect(p, ")"))
        return r;
    if (!strcmp(fn, "abs")) {
        if (nargs != 1) {
            qerr(p, fpos, "abs() takes 1 argument, found %d", nargs);
            return r;
        }
        r.a = Z3_mk_ite(z->c, Z3_mk_ge(z->c, acc, lpn__zrat(z, 0, 1)), acc, Z3_mk_unary_minus(z->c, acc));
    } else {
        if (nargs < 2) {
            qerr(p, fpos, "%s() takes a property name or at least 2 arguments", fn);
            return r;
        }
        r.a = acc;
    }
    return r;
}

static struct qv parse_primary(struct qp *p)
{
    struct qv r = {NULL, false, p->tstart};
    struct lpn_zx *z = p->z;
    const char *s = p->src->text;
    if (++p->depth > 64) {
        qerr(p, p->tstart, "expression nested deeper than 64 levels");
        return r;
    }
    if (p->tok == Q_NUM) {
        char buf[80];
        size_t k = 0;
        for (size_t q = 0; q < p->tlen && k + 1 < sizeof buf; q++)
            if (s[p->tstart + q] != '_')
                buf[k++] = s[p->tstart + q];
        buf[k] = '\0';
        if (p->tlen >= 60) {
            qerr(p, p->tstart, "number too long");
            return r;
        }
        r.a = Z3_mk_numeral(z->c, buf, z->rs);
        next(p);
    } else if (is(p, "(")) {
        next(p);
        r = parse_expr(p);
        if (r.a && !expect(p, ")"))
            r.a = NULL;
    } else if (is(p, "|")) {
        next(p);
        struct qv v = parse_expr(p);
        if (!want_num(p, v, "the operand of |...|") || !expect(p, "|"))
            return r;
        r.a = Z3_mk_ite(z->c, Z3_mk_ge(z->c, v.a, lpn__zrat(z, 0, 1)), v.a, Z3_mk_unary_minus(z->c, v.a));
    } else if (p->tok == Q_ID) {
        char name[128];
        if (p->tlen >= sizeof name) {
            qerr(p, p->tstart, "name too long");
            return r;
        }
        memcpy(name, s + p->tstart, p->tlen);
        name[p->tlen] = '\0';
        size_t npos = p->tstart;
        next(p);
        if (is(p, "("))
            return parse_call(p, name, npos);
        if (!strcmp(name, "true") || !strcmp(name, "false")) {
            r.a = name[0] == 't' ? Z3_mk_true(z->c) : Z3_mk_false(z->c);
            r.b = true;
            return r;
        }
        if (!strcmp(name, "tokens")) {
            r.a = lpn__zrat(z, p->sp->ntok, 1);
            return r;
        }
        if (!strcmp(name, "latency") || !strcmp(name, "pi")) {
            bool lat = name[0] == 'l';
            if (!(p->flags & (lat ? LPN_Q_ALLOW_LATENCY : LPN_Q_ALLOW_PI))) {
                qerr(p, npos, "'%s' is only defined in queries of lpn smt", name);
                return r;
            }
            r.a = lat ? p->sp->latency : p->sp->pi;
            return r;
        }
        int prop = find_prop(p, name, strlen(name));
        if (prop >= 0) {
            if (!is(p, "[")) {
                qerr(p, npos, "property '%s' has one value per token: write %s[K], sum(%s), avg(%s), min(%s) or max(%s)",
                     name, name, name, name, name, name);
                return r;
            }
            next(p);
            if (p->tok != Q_NUM) {
                qerr(p, p->tstart, "expected a token number after '%s['", name);
                return r;
            }
            long long k = 0;
            for (size_t q = 0; q < p->tlen; q++) {
                char c = s[p->tstart + q];
                if (!isdig(c) || k > 100000000) {
                    qerr(p, p->tstart, "expected a token number after '%s['", name);
                    return r;
                }
                k = k * 10 + (c - '0');
            }
            if (k >= p->sp->ntok) {
                qerr(p, p->tstart, "token %lld is out of range (the space has %d tokens)", k, p->sp->ntok);
                return r;
            }
            next(p);
            if (!expect(p, "]"))
                return r;
            r.a = tokval(p, (int)k, prop);
            return r;
        }
        for (int k = 0; k < p->sp->nsyms; k++)
            if (p->sp->syms[k].tok < 0 && !strcmp(p->sp->syms[k].name, name)) {
                r.a = lpn__zreal(z, p->sp->syms[k].var);
                return r;
            }
        qerr(p, npos, "unknown name '%s' (expected a symbol, a property of place '%s', tokens%s)", name,
             lpn_place_name(p->sp->m, p->sp->place),
             (p->flags & LPN_Q_ALLOW_PI) ? ", latency or pi" : (p->flags & LPN_Q_ALLOW_LATENCY) ? " or latency" : "");
    } else if (p->tok == Q_EOF) {
        qerr(p, p->tstart, p->src->len ? "unexpected end of the expression" : "empty expression");
    } else {
        qerr(p, p->tstart, "unexpected '%.*s'", (int)p->tlen, s + p->tstart);
    }
    return r;
}

static struct qv parse_unary(struct qp *p)
{
    size_t pos = p->tstart;
    if (is(p, "-") || is(p, "!")) {
        bool neg = is(p, "-");
        next(p);
        if (++p->depth > 64) {
            qerr(p, pos, "expression nested deeper than 64 levels");
            return (struct qv){NULL, false, pos};
        }
        struct qv a = parse_unary(p);
        p->depth--;
        if (neg ? !want_num(p, a, "the operand of '-'") : !want_bool(p, a, "the operand of '!'"))
            return (struct qv){NULL, false, pos};
        return (struct qv){neg ? Z3_mk_unary_minus(p->z->c, a.a) : lpn__znot(p->z, a.a), !neg, pos};
    }
    struct qv v = parse_primary(p);
    p->depth--;
    return v;
}

static struct qv parse_mul(struct qp *p)
{
    struct qv a = parse_unary(p);
    while (a.a && (is(p, "*") || is(p, "/"))) {
        bool mul = is(p, "*");
        next(p);
        struct qv b = parse_unary(p);
        if (!want_num(p, a, mul ? "an operand of '*'" : "an operand of '/'") ||
            !want_num(p, b, mul ? "an operand of '*'" : "an operand of '/'"))
            return (struct qv){NULL, false, a.pos};
        a.a = mul ? lpn__zmul(p->z, a.a, b.a) : Z3_mk_div(p->z->c, lpn__zreal(p->z, a.a), lpn__zreal(p->z, b.a));
    }
    return a;
}

static struct qv parse_add(struct qp *p)
{
    struct qv a = parse_mul(p);
    while (a.a && (is(p, "+") || is(p, "-"))) {
        bool add = is(p, "+");
        next(p);
        struct qv b = parse_mul(p);
        if (!want_num(p, a, "an operand of '+'/'-'") || !want_num(p, b, "an operand of '+'/'-'"))
            return (struct qv){NULL, false, a.pos};
        a.a = add ? lpn__zadd(p->z, a.a, b.a) : lpn__zsub(p->z, a.a, b.a);
    }
    return a;
}

static struct qv parse_cmp(struct qp *p)
{
    struct qv a = parse_add(p);
    static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    int op = -1;
    for (int k = 0; k < 6 && a.a; k++)
        if (is(p, ops[k]))
            op = k;
    if (op < 0)
        return a;
    size_t opos = p->tstart;
    next(p);
    struct qv b = parse_add(p);
    if (!b.a)
        return b;
    struct lpn_zx *z = p->z;
    if (op <= 1 && a.b != b.b) {
        qerr(p, opos, "'%s' compares a condition with a number", ops[op]);
        return (struct qv){NULL, false, a.pos};
    }
    if (op > 1 && (!want_num(p, a, "an operand of a comparison") || !want_num(p, b, "an operand of a comparison")))
        return (struct qv){NULL, false, a.pos};
    Z3_ast x = a.a, y = b.a;
    Z3_ast r;
    switch (op) {
    case 0: r = Z3_mk_eq(z->c, x, y); break;
    case 1: r = lpn__znot(z, Z3_mk_eq(z->c, x, y)); break;
    case 2: r = Z3_mk_le(z->c, x, y); break;
    case 3: r = Z3_mk_ge(z->c, x, y); break;
    case 4: r = Z3_mk_lt(z->c, x, y); break;
    default: r = Z3_mk_gt(z->c, x, y); break;
    }
    for (int k = 0; k < 6; k++)
        if (is(p, ops[k])) {
            qerr(p, p->tstart, "comparisons cannot be chained; use && or parentheses");
            return (struct qv){NULL, false, a.pos};
        }
    return (struct qv){r, true, a.pos};
}

static struct qv parse_logic(struct qp *p, bool and)
{
    struct qv a = and ? parse_cmp(p) : parse_logic(p, true);
    while (a.a && is(p, and ? "&&" : "||")) {
        next(p);
        struct qv b = and ? parse_cmp(p) : parse_logic(p, true);
        if (!want_bool(p, a, and ? "an operand of '&&'" : "an operand of '||'") ||
            !want_bool(p, b, and ? "an operand of '&&'" : "an operand of '||'"))
            return (struct qv){NULL, false, a.pos};
        a.a = and ? lpn__zand(p->z, a.a, b.a) : lpn__zor(p->z, a.a, b.a);
    }
    return a;
}

static struct qv parse_expr(struct qp *p)
{
    struct qv c = parse_logic(p, false);
    if (!c.a || !is(p, "?"))
        return c;
    next(p);
    struct qv a = parse_expr(p);
    if (!a.a || !expect(p, ":"))
        return (struct qv){NULL, false, c.pos};
    struct qv b = parse_expr(p);
    if (!b.a || !want_bool(p, c, "the condition of '?:'"))
        return (struct qv){NULL, false, c.pos};
    if (a.b != b.b) {
        qerr(p, a.pos, "the branches of '?:' differ in type");
        return (struct qv){NULL, false, c.pos};
    }
    return (struct qv){lpn__zite(p->z, c.a, a.a, b.a), a.b, c.pos};
}

Z3_ast lpn__qparse(struct lpn_space *sp, const struct lpn_qsrc *src, unsigned flags, bool want, FILE *diag)
{
    struct qp p = {.sp = sp, .z = &sp->zx, .src = src, .flags = flags, .diag = diag};
    if (src->len > 65536) {
        qerr(&p, 0, "expression longer than 65536 characters");
        return NULL;
    }
    if (memchr(src->text, '\0', src->len)) {
        qerr(&p, 0, "expression contains a NUL character");
        return NULL;
    }
    next(&p);
    struct qv v = p.failed ? (struct qv){0} : parse_expr(&p);
    if (v.a && p.tok != Q_EOF)
        qerr(&p, p.tstart, "unexpected '%.*s' after the expression", (int)p.tlen, src->text + p.tstart);
    if (v.a && !p.failed && v.b != want)
        qerr(&p, v.pos, want ? "expected a condition (a comparison), found a number" : "expected a number, found a condition");
    return p.failed ? NULL : v.a;
}
