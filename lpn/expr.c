/* expr.c — the LPN expression language: lexing, parsing with located
 * errors, name resolution and type checking, constant folding and
 * compilation to the stack bytecode of lpn_impl.h (FORMAT.md
 * "Expressions"). Token reads are compiled here and executed by sim.c. */
#include "lpn_impl.h"
#include "support.h"
#include "yamltree.h"

#include <stdlib.h>
#include <string.h>

enum { T_EOF, T_INT, T_IDENT, T_OP };

enum nkind { N_CONST, N_INDEX, N_TOK, N_LEN, N_UN, N_BIN, N_AND, N_OR, N_COND };

struct node {
    enum nkind kind;
    int op;                  /* lpn_op for N_UN / N_BIN */
    bool is_bool;
    size_t pos;              /* offset in the text, for messages */
    int64_t v;               /* N_CONST value; N_TOK constant index */
    int in, prop;            /* N_TOK, N_LEN */
    struct node *a, *b, *c;  /* operands; N_TOK: a = index expression or NULL */
    struct node *next_alloc;
};

struct parser {
    const char *s;
    size_t len, pos;
    int tok;                 /* current token */
    size_t tstart, tlen;     /* its text */
    int64_t ival;
    struct lpn_model *m;
    struct sup_ydoc *doc;
    const struct sup_ynode *ynode;
    const struct lpn_scope *sc;
    int depth;
    bool failed;
    struct node *allocs;
};

/* ---- errors ------------------------------------------------------------------*/
static void perror_at(struct parser *p, size_t off, const char *fmt, ...) SUP_PRINTF(3, 4);
static void perror_at(struct parser *p, size_t off, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    struct sup_ynode at = *p->ynode;
    /* Columns are exact for one-line scalars; quotes shift by one. */
    if (!memchr(p->s, '\n', p->len))
        at.col += (unsigned)off + (p->ynode->quoted ? 1u : 0u);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sup_yerror(p->doc, &at, "%s (in %s)", msg, p->sc->what);
}

/* ---- lexer -------------------------------------------------------------------*/
static bool is_id0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_id(char c) { return is_id0(c) || (c >= '0' && c <= '9'); }

static void next(struct parser *p)
{
    while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                               p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
        p->pos++;
    p->tstart = p->pos;
    if (p->pos >= p->len) {
        p->tok = T_EOF;
        p->tlen = 0;
        return;
    }
    char c = p->s[p->pos];
    if (c >= '0' && c <= '9') {
        uint64_t v = 0;
        int base = 10;
        size_t q = p->pos;
        if (c == '0' && q + 1 < p->len && (p->s[q + 1] == 'x' || p->s[q + 1] == 'X'))
            base = 16, q += 2;
        size_t digits = 0;
        bool overflow = false;
        for (; q < p->len; q++) {
            char d = p->s[q];
            int dv;
            if (d >= '0' && d <= '9') dv = d - '0';
            else if (base == 16 && d >= 'a' && d <= 'f') dv = d - 'a' + 10;
            else if (base == 16 && d >= 'A' && d <= 'F') dv = d - 'A' + 10;
            else if (d == '_' && digits) continue;
            else break;
            if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base)
                overflow = true;
            v = v * (uint64_t)base + (uint64_t)dv;
            digits++;
        }
        p->tok = T_INT;
        p->tlen = q - p->pos;
        p->pos = q;
        if (!digits || (q < p->len && is_id(p->s[q]))) {
            perror_at(p, p->tstart, "malformed number");
            p->tok = T_EOF;
            return;
        }
        if (overflow || v > (uint64_t)INT64_MAX) {
            perror_at(p, p->tstart, "integer literal out of range");
            p->tok = T_EOF;
            return;
        }
        p->ival = (int64_t)v;
        return;
    }
    if (is_id0(c)) {
        size_t q = p->pos;
        while (q < p->len && is_id(p->s[q]))
            q++;
        p->tok = T_IDENT;
        p->tlen = q - p->pos;
        p->pos = q;
        return;
    }
    static const char *const two[] = {"==", "!=", "<=", ">=", "&&", "||", NULL};
    for (const char *const *t = two; *t; t++)
        if (p->pos + 1 < p->len && p->s[p->pos] == (*t)[0] && p->s[p->pos + 1] == (*t)[1]) {
            p->tok = T_OP;
            p->tlen = 2;
            p->pos += 2;
            return;
        }
    if (strchr("+-*/%<>!?:()[],.", c)) {
        p->tok = T_OP;
        p->tlen = 1;
        p->pos++;
        return;
    }
    if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
        perror_at(p, p->pos, "unexpected character (byte 0x%02x)", (unsigned)(unsigned char)c);
    else
        perror_at(p, p->pos, "unexpected character '%c'", c);
    p->tok = T_EOF;
}

static bool is_op(const struct parser *p, const char *op)
{
    return p->tok == T_OP && p->tlen == strlen(op) && memcmp(p->s + p->tstart, op, p->tlen) == 0;
}

static bool expect(struct parser *p, const char *op)
{
    if (!is_op(p, op)) {
        if (p->tok == T_EOF)
            perror_at(p, p->tstart, "expected '%s' at the end of the expression", op);
        else
            perror_at(p, p->tstart, "expected '%s', found '%.*s'", op, (int)p->tlen, p->s + p->tstart);
        return false;
    }
    next(p);
    return true;
}

/* ---- nodes and folding -------------------------------------------------------*/
static struct node *mk(struct parser *p, enum nkind k, size_t pos)
{
    struct node *n = sup_xcalloc(1, sizeof *n);
    n->kind = k;
    n->pos = pos;
    n->next_alloc = p->allocs;
    p->allocs = n;
    return n;
}

static struct node *mk_const(struct parser *p, int64_t v, bool is_bool, size_t pos)
{
    struct node *n = mk(p, N_CONST, pos);
    n->v = v;
    n->is_bool = is_bool;
    return n;
}

static const char *type_name(bool is_bool) { return is_bool ? "a boolean" : "an integer"; }

/* Applies a binary operator to constants; false on division by zero. */
static inline bool fold2(int op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case LPN_OP_ADD: *r = lpn__add(a, b); return true;
    case LPN_OP_SUB: *r = lpn__sub(a, b); return true;
    case LPN_OP_MUL: *r = lpn__mul(a, b); return true;
    case LPN_OP_DIV: if (!b) return false; *r = lpn__div(a, b); return true;
    case LPN_OP_MOD: if (!b) return false; *r = lpn__mod(a, b); return true;
    case LPN_OP_CDIV: if (!b) return false; *r = lpn__cdiv(a, b); return true;
    case LPN_OP_MIN: *r = a < b ? a : b; return true;
    case LPN_OP_MAX: *r = a > b ? a : b; return true;
    case LPN_OP_EQ: *r = a == b; return true;
    case LPN_OP_NE: *r = a != b; return true;
    case LPN_OP_LT: *r = a < b; return true;
    case LPN_OP_LE: *r = a <= b; return true;
    case LPN_OP_GT: *r = a > b; return true;
    case LPN_OP_GE: *r = a >= b; return true;
    }
    return false;
}

static struct node *mk_bin(struct parser *p, int op, struct node *a, struct node *b, size_t pos, const char *opname)
{
    bool cmp = op >= LPN_OP_EQ && op <= LPN_OP_GE;
    bool eq = op == LPN_OP_EQ || op == LPN_OP_NE;
    if (eq) {
        if (a->is_bool != b->is_bool) {
            perror_at(p, pos, "operator '%s' compares %s with %s", opname, type_name(a->is_bool), type_name(b->is_bool));
            return NULL;
        }
    } else if (a->is_bool || b->is_bool) {
        perror_at(p, a->is_bool ? a->pos : b->pos, "expected an integer operand of '%s', found a boolean", opname);
        return NULL;
    }
    if (a->kind == N_CONST && b->kind == N_CONST) {
        int64_t r;
        if (!fold2(op, a->v, b->v, &r)) {
            perror_at(p, pos, "division by zero");
            return NULL;
        }
        return mk_const(p, r, cmp, pos);
    }
    struct node *n = mk(p, N_BIN, pos);
    n->op = op;
    n->a = a;
    n->b = b;
    n->is_bool = cmp;
    return n;
}

static struct node *mk_un(struct parser *p, int op, struct node *a, size_t pos)
{
    if (op == LPN_OP_NOT ? !a->is_bool : a->is_bool) {
        perror_at(p, a->pos, "expected %s operand, found %s", type_name(op == LPN_OP_NOT), type_name(a->is_bool));
        return NULL;
    }
    if (a->kind == N_CONST) {
        int64_t v = a->v;
        switch (op) {
        case LPN_OP_NEG: v = lpn__sub(0, v); break;
        case LPN_OP_NOT: v = !v; break;
        case LPN_OP_ABS: v = v < 0 ? lpn__sub(0, v) : v; break;
        case LPN_OP_HASH: v = (int64_t)(lpn__mix((uint64_t)v) >> 33); break;
        }
        return mk_const(p, v, op == LPN_OP_NOT, pos);
    }
    struct node *n = mk(p, N_UN, pos);
    n->op = op;
    n->a = a;
    n->is_bool = op == LPN_OP_NOT;
    return n;
}

/* ---- grammar -----------------------------------------------------------------*/
static struct node *parse_expr(struct parser *p);

static bool enter(struct parser *p)
{
    if (++p->depth > LPN_MAX_EXPR_DEPTH) {
        perror_at(p, p->tstart, "expression nested deeper than %d levels", LPN_MAX_EXPR_DEPTH);
        return false;
    }
    return true;
}

/* Finds input J of the scope's transition for place name NAME; reports why not. */
static int input_of(struct parser *p, const char *name, size_t pos)
{
    const struct lpn_scope *sc = p->sc;
    int kind, idx;
    if (!lpn__name_find(p->m, name, &kind, &idx) || kind != LPN_NAME_PLACE) {
        perror_at(p, pos, "'%s' is not a place", name);
        return -1;
    }
    if (sc->ctx == LPN_CTX_PARAM || sc->ctx == LPN_CTX_GEN) {
        perror_at(p, pos, "tokens of place '%s' cannot be read here", name);
        return -1;
    }
    for (int j = 0; j < sc->t->nin; j++)
        if (sc->t->in[j].place == idx) {
            if (sc->t->in[j].inhibit) {
                perror_at(p, pos, "place '%s' is an inhibitor of transition '%s'; its tokens cannot be read", name, sc->t->name);
                return -1;
            }
            return j;
        }
    perror_at(p, pos, "place '%s' is not an input of transition '%s'", name, sc->t->name);
    return -1;
}

static bool ident_text(struct parser *p, char *buf, size_t cap)
{
    if (p->tlen >= cap) {
        perror_at(p, p->tstart, "name longer than %zu characters", cap - 1);
        return false;
    }
    memcpy(buf, p->s + p->tstart, p->tlen);
    buf[p->tlen] = '\0';
    return true;
}

/* After NAME: "." PROP or "[" expr "]" "." PROP. */
static struct node *parse_token_ref(struct parser *p, const char *name, size_t pos)
{
    int j = input_of(p, name, pos);
    if (j < 0)
        return NULL;
    const struct lpn_place *pl = &p->m->places[p->sc->t->in[j].place];
    struct node *n = mk(p, N_TOK, pos);
    n->in = j;
    if (is_op(p, "[")) {
        next(p);
        struct node *k = parse_expr(p);
        if (!k)
            return NULL;
        if (k->is_bool) {
            perror_at(p, k->pos, "a token index must be an integer, found a boolean");
            return NULL;
        }
        if (!expect(p, "]"))
            return NULL;
        if (k->kind == N_CONST) {
            if (k->v < 0) {
                perror_at(p, k->pos, "token index %lld is negative", (long long)k->v);
                return NULL;
            }
            n->v = k->v;
        } else {
            n->a = k;
        }
    }
    if (!is_op(p, ".")) {
        perror_at(p, p->tstart, "expected '.PROPERTY' after place '%s' (or use len(%s))", name, name);
        return NULL;
    }
    next(p);
    char prop[256];
    if (p->tok != T_IDENT) {
        perror_at(p, p->tstart, "expected a property name after '.'");
        return NULL;
    }
    if (!ident_text(p, prop, sizeof prop))
        return NULL;
    size_t ppos = p->tstart;
    next(p);
    for (int k = 0; k < pl->nprops; k++)
        if (strcmp(pl->props[k], prop) == 0) {
            n->prop = k;
            return n;
        }
    if (!pl->nprops) {
        perror_at(p, ppos, "place '%s' has no property '%s' (its tokens have no properties)", pl->name, prop);
    } else {
        char list[256] = "";
        size_t used = 0;
        for (int k = 0; k < pl->nprops && used < sizeof list - 40; k++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", pl->props[k]);
        perror_at(p, ppos, "place '%s' has no property '%s' (it has: %s)", pl->name, prop, list);
    }
    return NULL;
}

static struct node *parse_call(struct parser *p, const char *fname, size_t pos)
{
    static const struct { const char *name; int op; int min, max; } fns[] = {
        {"min", LPN_OP_MIN, 2, 64}, {"max", LPN_OP_MAX, 2, 64}, {"abs", LPN_OP_ABS, 1, 1},
        {"hash", LPN_OP_HASH, 1, 1}, {"cdiv", LPN_OP_CDIV, 2, 2}, {"len", LPN_OP_LEN, 1, 1},
    };
    int f = -1;
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
        if (strcmp(fns[k].name, fname) == 0)
            f = (int)k;
    if (f < 0) {
        perror_at(p, pos, "unknown function '%s' (expected min, max, abs, hash, cdiv or len)", fname);
        return NULL;
    }
    next(p);   /* ( */
    if (fns[f].op == LPN_OP_LEN) {
        char name[256];
        if (p->tok != T_IDENT) {
            perror_at(p, p->tstart, "len() takes the name of an input place");
            return NULL;
        }
        if (!ident_text(p, name, sizeof name))
            return NULL;
        size_t npos = p->tstart;
        next(p);
        int j = input_of(p, name, npos);
        if (j < 0 || !expect(p, ")"))
            return NULL;
        struct node *n = mk(p, N_LEN, pos);
        n->in = j;
        return n;
    }
    struct node *acc = NULL;
    int nargs = 0;
    if (!is_op(p, ")")) {
        for (;;) {
            struct node *a = parse_expr(p);
            if (!a)
                return NULL;
            if (a->is_bool) {
                perror_at(p, a->pos, "argument %d of %s() must be an integer, found a boolean", nargs + 1, fname);
                return NULL;
            }
            nargs++;
            if (nargs > fns[f].max)
                break;
            if (!acc)
                acc = a;
            else if (!(acc = mk_bin(p, fns[f].op, acc, a, pos, fname)))
                return NULL;
            if (!is_op(p, ","))
                break;
            next(p);
        }
    }
    if (nargs < fns[f].min || nargs > fns[f].max) {
        if (fns[f].min == fns[f].max)
            perror_at(p, pos, "%s() takes %d argument%s, found %d", fname, fns[f].min, fns[f].min > 1 ? "s" : "", nargs);
        else
            perror_at(p, pos, "%s() takes %d to %d arguments, found %d", fname, fns[f].min, fns[f].max, nargs);
        return NULL;
    }
    if (!expect(p, ")"))
        return NULL;
    if (fns[f].min == 1)
        return mk_un(p, fns[f].op, acc, pos);
    return acc;
}

static struct node *parse_primary(struct parser *p)
{
    size_t pos = p->tstart;
    if (p->tok == T_INT) {
        int64_t v = p->ival;
        next(p);
        return mk_const(p, v, false, pos);
    }
    if (is_op(p, "(")) {
        next(p);
        struct node *n = parse_expr(p);
        if (!n || !expect(p, ")"))
            return NULL;
        return n;
    }
    if (p->tok == T_IDENT) {
        char name[256];
        if (!ident_text(p, name, sizeof name))
            return NULL;
        next(p);
        if (is_op(p, "("))
            return parse_call(p, name, pos);
        if (is_op(p, ".") || is_op(p, "["))
            return parse_token_ref(p, name, pos);
        if (!strcmp(name, "true") || !strcmp(name, "false"))
            return mk_const(p, name[0] == 't', true, pos);
        if (!strcmp(name, "i")) {
            if (p->sc->ctx != LPN_CTX_GEN && p->sc->ctx != LPN_CTX_PRODUCE) {
                perror_at(p, pos, "'i' (the index of the token being made) is only defined in output properties and in initial/generate entries");
                return NULL;
            }
            return mk(p, N_INDEX, pos);
        }
        int kind, idx;
        if (lpn__name_find(p->m, name, &kind, &idx)) {
            if (kind == LPN_NAME_PARAM)
                return mk_const(p, p->m->params[idx].value, false, pos);
            if (kind == LPN_NAME_PLACE)
                perror_at(p, pos, "'%s' is a place; write %s.PROPERTY, %s[K].PROPERTY or len(%s)", name, name, name, name);
            else
                perror_at(p, pos, "'%s' is a transition, not a value", name);
            return NULL;
        }
        perror_at(p, pos, "unknown name '%s'", name);
        return NULL;
    }
    if (p->tok == T_EOF)
        perror_at(p, pos, p->len ? "unexpected end of the expression" : "empty expression");
    else
        perror_at(p, pos, "unexpected '%.*s'", (int)p->tlen, p->s + p->tstart);
    return NULL;
}

static struct node *parse_unary(struct parser *p)
{
    size_t pos = p->tstart;
    if (!is_op(p, "-") && !is_op(p, "!"))
        return parse_primary(p);
    if (!enter(p))
        return NULL;
    int op = is_op(p, "-") ? LPN_OP_NEG : LPN_OP_NOT;
    next(p);
    struct node *a = parse_unary(p);
    p->depth--;
    return a ? mk_un(p, op, a, pos) : NULL;
}

/* Binary levels, lowest first: || && (== != < <= > >=) (+ -) (* / %). */
static const struct { const char *op; int code; int level; } binops[] = {
    {"||", -2, 0}, {"&&", -1, 1},
    {"==", LPN_OP_EQ, 2}, {"!=", LPN_OP_NE, 2}, {"<", LPN_OP_LT, 2}, {"<=", LPN_OP_LE, 2},
    {">", LPN_OP_GT, 2}, {">=", LPN_OP_GE, 2},
    {"+", LPN_OP_ADD, 3}, {"-", LPN_OP_SUB, 3},
    {"*", LPN_OP_MUL, 4}, {"/", LPN_OP_DIV, 4}, {"%", LPN_OP_MOD, 4},
};

static int find_binop(const struct parser *p, int level)
{
    if (p->tok != T_OP)
        return -1;
    for (size_t k = 0; k < sizeof binops / sizeof binops[0]; k++)
        if (binops[k].level == level && is_op(p, binops[k].op))
            return (int)k;
    return -1;
}

static struct node *parse_level(struct parser *p, int level)
{
    if (level > 4)
        return parse_unary(p);
    struct node *a = parse_level(p, level + 1);
    int k;
    while (a && (k = find_binop(p, level)) >= 0) {
        size_t pos = p->tstart;
        next(p);
        struct node *b = parse_level(p, level + 1);
        if (!b)
            return NULL;
        if (binops[k].code < 0) {   /* && or || */
            bool is_and = binops[k].code == -1;
            if (!a->is_bool || !b->is_bool) {
                struct node *bad = !a->is_bool ? a : b;
                perror_at(p, bad->pos, "expected a boolean operand of '%s', found an integer", binops[k].op);
                return NULL;
            }
            if (a->kind == N_CONST)
                a = (a->v != 0) == is_and ? b : a;   /* true&&b = b, false&&b = false, ... */
            else {
                struct node *n = mk(p, is_and ? N_AND : N_OR, pos);
                n->a = a, n->b = b, n->is_bool = true;
                a = n;
            }
        } else {
            a = mk_bin(p, binops[k].code, a, b, pos, binops[k].op);
            if (level == 2 && a && find_binop(p, 2) >= 0) {
                perror_at(p, p->tstart, "comparisons cannot be chained; use && or parentheses");
                return NULL;
            }
        }
    }
    return a;
}

static struct node *parse_expr(struct parser *p)
{
    if (!enter(p))
        return NULL;
    struct node *c = parse_level(p, 0);
    if (c && is_op(p, "?")) {
        size_t pos = p->tstart;
        next(p);
        struct node *a = parse_expr(p);
        if (!a || !expect(p, ":")) {
            p->depth--;
            return NULL;
        }
        struct node *b = parse_expr(p);
        if (!b) {
            p->depth--;
            return NULL;
        }
        if (!c->is_bool) {
            perror_at(p, c->pos, "the condition of '?:' must be a boolean, found an integer");
            c = NULL;
        } else if (a->is_bool != b->is_bool) {
            perror_at(p, pos, "the branches of '?:' differ in type (%s and %s)", type_name(a->is_bool), type_name(b->is_bool));
            c = NULL;
        } else if (c->kind == N_CONST) {
            c = c->v ? a : b;
        } else {
            struct node *n = mk(p, N_COND, pos);
            n->a = c, n->b = a, n->c = b, n->is_bool = a->is_bool;
            c = n;
        }
    }
    p->depth--;
    return c;
}

/* ---- code generation ---------------------------------------------------------*/
struct gen {
    struct lpn_insn *code;
    unsigned *line, *col;
    uint32_t n, cap;
    uint32_t depth, maxdepth;
    const struct parser *p;
};

static uint32_t emit(struct gen *g, int op, uint16_t in, uint32_t a, int64_t v, size_t pos, int push)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 16;
        g->code = sup_xrealloc(g->code, g->cap * sizeof *g->code);
        g->line = sup_xrealloc(g->line, g->cap * sizeof *g->line);
        g->col = sup_xrealloc(g->col, g->cap * sizeof *g->col);
    }
    g->code[g->n] = (struct lpn_insn){.op = (uint8_t)op, .in = in, .a = a, .v = v};
    g->line[g->n] = g->p->ynode->line;
    g->col[g->n] = g->p->ynode->col + (memchr(g->p->s, '\n', g->p->len) ? 0u : (unsigned)pos + (g->p->ynode->quoted ? 1u : 0u));
    g->depth = (uint32_t)((int)g->depth + push);
    if (g->depth > g->maxdepth)
        g->maxdepth = g->depth;
    return g->n++;
}

static void gen_node(struct gen *g, const struct node *n)
{
    switch (n->kind) {
    case N_CONST: emit(g, LPN_OP_CONST, 0, 0, n->v, n->pos, 1); break;
    case N_INDEX: emit(g, LPN_OP_INDEX, 0, 0, 0, n->pos, 1); break;
    case N_LEN: emit(g, LPN_OP_LEN, (uint16_t)n->in, 0, 0, n->pos, 1); break;
    case N_TOK:
        if (n->a) {
            gen_node(g, n->a);
            emit(g, LPN_OP_TOKX, (uint16_t)n->in, (uint32_t)n->prop, 0, n->pos, 0);
        } else {
            emit(g, LPN_OP_TOK, (uint16_t)n->in, (uint32_t)n->prop, n->v, n->pos, 1);
        }
        break;
    case N_UN:
        gen_node(g, n->a);
        emit(g, n->op, 0, 0, 0, n->pos, 0);
        break;
    case N_BIN:
        gen_node(g, n->a);
        gen_node(g, n->b);
        emit(g, n->op, 0, 0, 0, n->pos, -1);
        break;
    case N_AND:
    case N_OR: {
        gen_node(g, n->a);
        uint32_t j = emit(g, n->kind == N_AND ? LPN_OP_JZK : LPN_OP_JNZK, 0, 0, 0, n->pos, -1);
        gen_node(g, n->b);
        g->code[j].a = g->n;
        break;
    }
    case N_COND: {
        gen_node(g, n->a);
        uint32_t jz = emit(g, LPN_OP_JZ, 0, 0, 0, n->pos, -1);
        gen_node(g, n->b);
        uint32_t jmp = emit(g, LPN_OP_JMP, 0, 0, 0, n->pos, -1);
        g->code[jz].a = g->n;
        gen_node(g, n->c);
        g->code[jmp].a = g->n;
        break;
    }
    }
}

void lpn__expr_const(struct lpn_expr *e, int64_t v, const char *text)
{
    memset(e, 0, sizeof *e);
    e->is_const = true;
    e->cval = v;
    e->text = text;
}

bool lpn__expr_compile(struct lpn_model *m, struct sup_ydoc *doc, const struct sup_ynode *node,
                       const struct lpn_scope *sc, bool want_bool, struct lpn_expr *out)
{
    memset(out, 0, sizeof *out);
    if (!node || node->kind != SUP_Y_SCALAR) {
        sup_yerror(doc, node, "expected an expression (a scalar) for %s", sc->what);
        return false;
    }
    if (node->len > LPN_MAX_EXPR_LEN) {
        sup_yerror(doc, node, "expression longer than %d characters (in %s)", LPN_MAX_EXPR_LEN, sc->what);
        return false;
    }
    if (memchr(node->str, '\0', node->len)) {
        sup_yerror(doc, node, "expression contains a NUL character (in %s)", sc->what);
        return false;
    }
    struct parser p = {.s = node->str, .len = node->len, .m = m, .doc = doc, .ynode = node, .sc = sc};
    next(&p);
    struct node *root = p.failed ? NULL : parse_expr(&p);
    if (root && p.tok != T_EOF)
        perror_at(&p, p.tstart, "unexpected '%.*s' after the expression", (int)p.tlen, p.s + p.tstart);
    if (root && !p.failed && root->is_bool != want_bool)
        perror_at(&p, root->pos, "expected %s expression, found %s", type_name(want_bool), type_name(root->is_bool));
    bool ok = root && !p.failed;
    if (ok) {
        out->text = lpn__strdup(m, node->str);
        out->line = node->line;
        out->col = node->col;
        out->is_bool = root->is_bool;
        if (root->kind == N_CONST) {
            out->is_const = true;
            out->cval = root->v;
        } else {
            struct gen g = {.p = &p};
            gen_node(&g, root);
            if (g.maxdepth > LPN_MAX_EXPR_DEPTH * 2) {   /* cannot happen with the depth cap */
                perror_at(&p, 0, "expression too complex");
                free(g.code), free(g.line), free(g.col);
                goto done;
            }
            struct lpn_insn *code = lpn__alloc(m, g.n * sizeof *code);
            unsigned *line = lpn__alloc(m, g.n * sizeof *line);
            unsigned *col = lpn__alloc(m, g.n * sizeof *col);
            memcpy(code, g.code, g.n * sizeof *code);
            memcpy(line, g.line, g.n * sizeof *line);
            memcpy(col, g.col, g.n * sizeof *col);
            out->code = code;
            out->iline = line;
            out->icol = col;
            out->ncode = g.n;
            out->maxstack = g.maxdepth;
            free(g.code);
            free(g.line);
            free(g.col);
        }
    }
done:
    ok = ok && !p.failed;
    while (p.allocs) {
        struct node *n = p.allocs;
        p.allocs = n->next_alloc;
        free(n);
    }
    return ok;
}

/* ---- evaluation without tokens ----------------------------------------------*/
const char *lpn__eval_errmsg(const struct lpn_expr *e, uint32_t pc)
{
    if (!e->code || pc >= e->ncode)
        return "invalid expression";
    switch (e->code[pc].op) {
    case LPN_OP_DIV: case LPN_OP_MOD: case LPN_OP_CDIV: return "division by zero";
    case LPN_OP_TOK: case LPN_OP_TOKX: return "reads a token that the firing does not consume";
    }
    return "invalid expression";
}

int lpn__eval_simple(const struct lpn_expr *e, int64_t idx, int64_t *out, uint32_t *pc)
{
    if (e->is_const) {
        *out = e->cval;
        return 0;
    }
    int64_t st[LPN_MAX_EXPR_DEPTH * 2 + 8];
    int sp = 0;
    for (uint32_t k = 0; k < e->ncode; k++) {
        const struct lpn_insn *in = &e->code[k];
        int64_t a, b;
        switch (in->op) {
        case LPN_OP_CONST: st[sp++] = in->v; break;
        case LPN_OP_INDEX: st[sp++] = idx; break;
        case LPN_OP_NEG: st[sp - 1] = lpn__sub(0, st[sp - 1]); break;
        case LPN_OP_NOT: st[sp - 1] = !st[sp - 1]; break;
        case LPN_OP_ABS: st[sp - 1] = st[sp - 1] < 0 ? lpn__sub(0, st[sp - 1]) : st[sp - 1]; break;
        case LPN_OP_HASH: st[sp - 1] = (int64_t)(lpn__mix((uint64_t)st[sp - 1]) >> 33); break;
        case LPN_OP_JZ: if (!st[--sp]) k = in->a - 1; break;
        case LPN_OP_JNZ: if (st[--sp]) k = in->a - 1; break;
        case LPN_OP_JZK: if (!st[sp - 1]) k = in->a - 1; else sp--; break;
        case LPN_OP_JNZK: if (st[sp - 1]) k = in->a - 1; else sp--; break;
        case LPN_OP_JMP: k = in->a - 1; break;
        case LPN_OP_BOOL: st[sp - 1] = st[sp - 1] != 0; break;
        case LPN_OP_TOK: case LPN_OP_TOKX: case LPN_OP_LEN:
            *pc = k;
            return -1;
        default:
            b = st[--sp];
            a = st[sp - 1];
            if (!fold2(in->op, a, b, &st[sp - 1])) {
                *pc = k;
                return -1;
            }
        }
    }
    *out = st[0];
    return 0;
}
