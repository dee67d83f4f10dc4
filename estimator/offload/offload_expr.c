/* offload_expr.c — parser (precedence climbing) and evaluator of the
 * integer expressions of system files (offload_expr.h). */
#include "offload_expr.h"
#include "estimator.h"
#include "support.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum onode_kind { ON_NUM, ON_ARG, ON_I, ON_TOKENS, ON_UN, ON_BIN, ON_COND, ON_CALL };
enum { MAX_DEPTH = 64 };

struct oexpr {
    enum onode_kind kind;
    int64_t num;              /* ON_NUM; ON_ARG: argument index */
    char op[3];               /* ON_UN / ON_BIN operator; ON_CALL: unused */
    int fn;                   /* ON_CALL: FN_* */
    struct oexpr *a, *b, *c;
};

enum { FN_U8, FN_U16, FN_U32, FN_U64, FN_S8, FN_S16, FN_S32, FN_MIN, FN_MAX, FN_CDIV };
static const struct {
    const char *name;
    int nargs;
} FUNCS[] = {{"u8", 1}, {"u16", 1}, {"u32", 1}, {"u64", 1}, {"s8", 1}, {"s16", 1}, {"s32", 1},
             {"min", 2}, {"max", 2}, {"cdiv", 2}};

struct parser {
    const char *text, *p;
    unsigned allowed;
    const char *file;
    unsigned line, col;
    FILE *diag;
    bool failed;
    int depth;
};

static bool fail(struct parser *ps, const char *at, const char *msg, const char *what)
{
    if (!ps->failed)
        sup_diag(ps->diag, ps->file, ps->line, ps->col + (unsigned)(at - ps->text), "error", "%s%s%s", msg,
                 what ? " " : "", what ? what : "");
    ps->failed = true;
    return false;
}

static void skip(struct parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static struct oexpr *node(enum onode_kind k)
{
    struct oexpr *e = sup_xcalloc(1, sizeof *e);
    e->kind = k;
    return e;
}

static struct oexpr *parse_expr(struct parser *ps);

static struct oexpr *parse_primary(struct parser *ps)
{
    skip(ps);
    const char *at = ps->p;
    if (*ps->p == '(') {
        ps->p++;
        struct oexpr *e = parse_expr(ps);
        skip(ps);
        if (!e)
            return NULL;
        if (*ps->p != ')') {
            oexpr_free(e);
            fail(ps, ps->p, "expected ')'", NULL);
            return NULL;
        }
        ps->p++;
        return e;
    }
    if (isdigit((unsigned char)*ps->p)) {
        errno = 0;
        char *end;
        unsigned long long v = strtoull(ps->p, &end, 0);
        if (errno || v > INT64_MAX || isalnum((unsigned char)*end) || *end == '_') {
            fail(ps, at, "bad number", NULL);
            return NULL;
        }
        ps->p = end;
        struct oexpr *e = node(ON_NUM);
        e->num = (int64_t)v;
        return e;
    }
    if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
        const char *s = ps->p;
        while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
            ps->p++;
        size_t n = (size_t)(ps->p - s);
        char name[32];
        if (n >= sizeof name) {
            fail(ps, at, "name too long", NULL);
            return NULL;
        }
        memcpy(name, s, n);
        name[n] = '\0';
        skip(ps);
        if (*ps->p == '(') {
            int fn = -1;
            for (size_t k = 0; k < sizeof FUNCS / sizeof FUNCS[0]; k++)
                if (!strcmp(FUNCS[k].name, name))
                    fn = (int)k;
            if (fn < 0) {
                fail(ps, at, "unknown function", name);
                return NULL;
            }
            if (fn <= FN_S32 && !(ps->allowed & OEXPR_ARGS)) {
                fail(ps, at, "memory cannot be read here:", name);
                return NULL;
            }
            ps->p++;
            struct oexpr *e = node(ON_CALL);
            e->fn = fn;
            e->a = parse_expr(ps);
            if (e->a && FUNCS[fn].nargs == 2) {
                skip(ps);
                if (*ps->p != ',') {
                    oexpr_free(e);
                    fail(ps, ps->p, "expected ',' (the function takes two arguments):", name);
                    return NULL;
                }
                ps->p++;
                e->b = parse_expr(ps);
            }
            skip(ps);
            if (ps->failed || *ps->p != ')') {
                oexpr_free(e);
                fail(ps, ps->p, "expected ')' after the arguments of", name);
                return NULL;
            }
            ps->p++;
            return e;
        }
        if (name[0] == 'a' && isdigit((unsigned char)name[1]) && !name[2] && name[1] <= '7') {
            if (!(ps->allowed & OEXPR_ARGS)) {
                fail(ps, at, "call arguments cannot be used here:", name);
                return NULL;
            }
            struct oexpr *e = node(ON_ARG);
            e->num = name[1] - '0';
            return e;
        }
        if (!strcmp(name, "i") && (ps->allowed & OEXPR_I))
            return node(ON_I);
        if (!strcmp(name, "tokens") && (ps->allowed & OEXPR_TOKENS))
            return node(ON_TOKENS);
        /* the names this expression may use, e.g. "'n' (expected a0..a7 or tokens)" */
        const char *known[3];
        int nk = 0;
        if (ps->allowed & OEXPR_ARGS)
            known[nk++] = "a0..a7";
        if (ps->allowed & OEXPR_I)
            known[nk++] = "i";
        if (ps->allowed & OEXPR_TOKENS)
            known[nk++] = "tokens";
        char what[128];
        int w = snprintf(what, sizeof what, "'%s' (expected ", name);
        for (int k = 0; k < nk; k++)
            w += snprintf(what + w, sizeof what - (size_t)w, "%s%s", k == 0 ? "" : k + 1 == nk ? " or " : ", ", known[k]);
        snprintf(what + w, sizeof what - (size_t)w, "%s)", nk ? "" : "a number");
        fail(ps, at, "unknown name", what);
        return NULL;
    }
    fail(ps, at, *ps->p ? "expected a number, a name or '('" : "unexpected end of the expression", NULL);
    return NULL;
}

static struct oexpr *parse_unary(struct parser *ps)
{
    skip(ps);
    if (*ps->p == '-' || *ps->p == '!' || *ps->p == '~') {
        char op = *ps->p++;
        if (++ps->depth > MAX_DEPTH) {
            fail(ps, ps->p, "expression nested too deeply", NULL);
            return NULL;
        }
        struct oexpr *a = parse_unary(ps);
        ps->depth--;
        if (!a)
            return NULL;
        struct oexpr *e = node(ON_UN);
        e->op[0] = op;
        e->a = a;
        return e;
    }
    return parse_primary(ps);
}

/* Binary operators by precedence level (low to high). */
static const char *const LEVELS[][5] = {
    {"||", NULL}, {"&&", NULL}, {"|", NULL}, {"^", NULL}, {"&", NULL}, {"==", "!=", NULL},
    {"<=", ">=", "<", ">", NULL}, {"<<", ">>", NULL}, {"+", "-", NULL}, {"*", "/", "%", NULL},
};
enum { NLEVELS = sizeof LEVELS / sizeof LEVELS[0] };

static const char *match_op(struct parser *ps, int level)
{
    skip(ps);
    for (int k = 0; LEVELS[level][k]; k++) {
        const char *o = LEVELS[level][k];
        size_t n = strlen(o);
        if (strncmp(ps->p, o, n))
            continue;
        /* "|" is not "||", "&" not "&&", "<" not "<<" or "<=" */
        if (n == 1 && (ps->p[1] == o[0] || ((o[0] == '<' || o[0] == '>') && ps->p[1] == '=')))
            continue;
        return o;
    }
    return NULL;
}

static struct oexpr *parse_level(struct parser *ps, int level)
{
    if (level == NLEVELS)
        return parse_unary(ps);
    struct oexpr *l = parse_level(ps, level + 1);
    const char *o;
    while (l && (o = match_op(ps, level))) {
        ps->p += strlen(o);
        struct oexpr *r = parse_level(ps, level + 1);
        if (!r) {
            oexpr_free(l);
            return NULL;
        }
        struct oexpr *e = node(ON_BIN);
        strcpy(e->op, o);
        e->a = l;
        e->b = r;
        l = e;
    }
    return l;
}

static struct oexpr *parse_expr(struct parser *ps)
{
    if (++ps->depth > MAX_DEPTH) {
        fail(ps, ps->p, "expression nested too deeply", NULL);
        return NULL;
    }
    struct oexpr *c = parse_level(ps, 0);
    skip(ps);
    if (c && *ps->p == '?') {
        ps->p++;
        struct oexpr *t = parse_expr(ps);
        skip(ps);
        if (!t || *ps->p != ':') {
            oexpr_free(c);
            oexpr_free(t);
            fail(ps, ps->p, "expected ':' in a conditional expression", NULL);
            ps->depth--;
            return NULL;
        }
        ps->p++;
        struct oexpr *f = parse_expr(ps);
        if (!f) {
            oexpr_free(c);
            oexpr_free(t);
            ps->depth--;
            return NULL;
        }
        struct oexpr *e = node(ON_COND);
        e->a = c;
        e->b = t;
        e->c = f;
        c = e;
    }
    ps->depth--;
    return c;
}

struct oexpr *oexpr_compile(const char *text, unsigned allowed, const char *file, unsigned line, unsigned col,
                            FILE *diag)
{
    struct parser ps = {.text = text, .p = text, .allowed = allowed, .file = file, .line = line, .col = col, .diag = diag};
    if (strlen(text) > 4096) {
        fail(&ps, text, "expression longer than 4096 characters", NULL);
        return NULL;
    }
    struct oexpr *e = parse_expr(&ps);
    skip(&ps);
    if (e && *ps.p) {
        fail(&ps, ps.p, "unexpected text after the expression", NULL);
        oexpr_free(e);
        return NULL;
    }
    if (ps.failed) {
        oexpr_free(e);
        return NULL;
    }
    return e;
}

void oexpr_free(struct oexpr *e)
{
    if (!e)
        return;
    oexpr_free(e->a);
    oexpr_free(e->b);
    oexpr_free(e->c);
    free(e);
}

static bool env_error(struct oexpr_env *env, const char *fmt, long long v)
{
    if (env->error && env->error_len)
        snprintf(env->error, env->error_len, fmt, v);
    return false;
}

static bool read_mem(struct oexpr_env *env, int fn, int64_t addr, int64_t *out)
{
    static const unsigned bytes[] = {1, 2, 4, 8, 1, 2, 4};
    unsigned n = bytes[fn];
    if (!env->eng)
        return env_error(env, "memory cannot be read here (address 0x%llx)", (long long)addr);
    const uint8_t *p = eng_mem(env->eng, (uint64_t)addr & eng_ptr_mask(env->eng), n);
    if (!p)
        return env_error(env, "read outside the program's memory at 0x%llx", (long long)addr);
    uint64_t v = eng_load(env->eng, p, n);
    if (fn >= FN_S8)
        *out = (int64_t)(v << (64 - n * 8)) >> (64 - n * 8); /* sign-extended */
    else
        *out = (int64_t)v;
    return true;
}

bool oexpr_eval(const struct oexpr *e, struct oexpr_env *env, int64_t *out)
{
    int64_t a, b;
    switch (e->kind) {
    case ON_NUM: *out = e->num; return true;
    case ON_I: *out = env->i; return true;
    case ON_TOKENS: *out = env->tokens; return true;
    case ON_ARG:
        if ((unsigned)e->num >= env->nargs)
            return env_error(env, "the call has no argument a%lld", (long long)e->num);
        *out = env->args[e->num];
        return true;
    case ON_UN:
        if (!oexpr_eval(e->a, env, &a))
            return false;
        *out = e->op[0] == '-' ? (int64_t)(0 - (uint64_t)a) : e->op[0] == '!' ? !a : ~a;
        return true;
    case ON_COND:
        if (!oexpr_eval(e->a, env, &a))
            return false;
        return oexpr_eval(a ? e->b : e->c, env, out);
    case ON_CALL:
        if (!oexpr_eval(e->a, env, &a))
            return false;
        if (e->fn <= FN_S32)
            return read_mem(env, e->fn, a, out);
        if (!oexpr_eval(e->b, env, &b))
            return false;
        if (e->fn == FN_MIN)
            *out = a < b ? a : b;
        else if (e->fn == FN_MAX)
            *out = a > b ? a : b;
        else {
            if (b == 0)
                return env_error(env, "division by zero in cdiv(%lld, 0)", (long long)a);
            *out = a / b + ((a % b != 0) && ((a < 0) == (b < 0)));
        }
        return true;
    case ON_BIN:
        if (!strcmp(e->op, "&&") || !strcmp(e->op, "||")) {
            if (!oexpr_eval(e->a, env, &a))
                return false;
            if ((e->op[0] == '&') == !a) {
                *out = !!a;
                return true;
            }
            if (!oexpr_eval(e->b, env, &b))
                return false;
            *out = !!b;
            return true;
        }
        if (!oexpr_eval(e->a, env, &a) || !oexpr_eval(e->b, env, &b))
            return false;
        {
            uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
            const char *o = e->op;
            if (!strcmp(o, "+")) *out = (int64_t)(ua + ub);
            else if (!strcmp(o, "-")) *out = (int64_t)(ua - ub);
            else if (!strcmp(o, "*")) *out = (int64_t)(ua * ub);
            else if (!strcmp(o, "/") || !strcmp(o, "%")) {
                if (b == 0)
                    return env_error(env, "division by zero (%lld / 0)", (long long)a);
                if (a == INT64_MIN && b == -1)
                    *out = o[0] == '/' ? INT64_MIN : 0;
                else
                    *out = o[0] == '/' ? a / b : a % b;
            } else if (!strcmp(o, "<<")) *out = b < 0 || b > 63 ? 0 : (int64_t)(ua << b);
            else if (!strcmp(o, ">>")) *out = b < 0 || b > 63 ? (a < 0 ? -1 : 0) : a >> b;
            else if (!strcmp(o, "&")) *out = a & b;
            else if (!strcmp(o, "|")) *out = a | b;
            else if (!strcmp(o, "^")) *out = a ^ b;
            else if (!strcmp(o, "==")) *out = a == b;
            else if (!strcmp(o, "!=")) *out = a != b;
            else if (!strcmp(o, "<")) *out = a < b;
            else if (!strcmp(o, "<=")) *out = a <= b;
            else if (!strcmp(o, ">")) *out = a > b;
            else *out = a >= b;
        }
        return true;
    }
    return false;
}

bool oexpr_constant(const struct oexpr *e, int64_t *out)
{
    if (e->kind == ON_NUM) {
        *out = e->num;
        return true;
    }
    return false;
}
