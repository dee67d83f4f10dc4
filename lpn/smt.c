/* smt.c — `lpn smt` (seed 000 §4.4, ANALYSIS.md "Queries"): parses a query
 * and answers it over every input class with the class's exact latency
 * term: the proven maximum or minimum of the latency (or of any expression
 * of it) with a witness input, or a proof or counterexample of a property.
 * Each witness is simulated with lpn sim; a solver timeout answers
 * "unknown", never a proof. */
#define _POSIX_C_SOURCE 200809L
#include "pi.h"
#include "json.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct lpn_query {
    enum lpn_qkind kind;
    Z3_ast expr;                  /* objective (Real) or property (Bool) */
    bool uses_pi;
    char *text;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool contains(struct lpn_zx *z, Z3_ast a, Z3_ast c, int depth)
{
    if (a == c)
        return true;
    if (depth > 100 || Z3_get_ast_kind(z->c, a) != Z3_APP_AST)
        return false;
    unsigned n = Z3_get_app_num_args(z->c, Z3_to_app(z->c, a));
    for (unsigned q = 0; q < n; q++)
        if (contains(z, Z3_get_app_arg(z->c, Z3_to_app(z->c, a), q), c, depth + 1))
            return true;
    return false;
}

struct lpn_query *lpn_query_parse(struct lpn_space *sp, const char *name, const char *text, FILE *diag)
{
    size_t len = strlen(text), off = 0;
    while (off < len && (text[off] == ' ' || text[off] == '\t'))
        off++;
    enum lpn_qkind kind = LPN_Q_PROVE;
    const char *rest = text + off;
    size_t kw = 0;
    while (rest[kw] >= 'a' && rest[kw] <= 'z')
        kw++;
    size_t after = kw;
    while (rest[after] == ' ' || rest[after] == '\t')
        after++;
    bool objective = false;
    if ((kw == 3 && (!strncmp(rest, "max", 3) || !strncmp(rest, "min", 3))) && rest[after] != '(') {
        kind = rest[1] == 'a' ? LPN_Q_MAX : LPN_Q_MIN;
        objective = true;
    } else if (kw == 6 && !strncmp(rest, "bounds", 6)) {
        kind = LPN_Q_BOUNDS;
        if (rest[after]) {
            sup_diag(diag, name, 1, (unsigned)(off + after + 1), "error", "'bounds' takes nothing after it (use 'max EXPR' or 'min EXPR')");
            return NULL;
        }
    } else if (kw == 5 && !strncmp(rest, "prove", 5) && rest[after] != '(') {
        off += after;
    }
    struct lpn_query *q = sup_xcalloc(1, sizeof *q);
    q->kind = kind;
    q->text = sup_strdup(text);
    struct lpn_zx *z = &sp->zx;
    if (kind == LPN_Q_BOUNDS || (objective && !rest[after])) {
        q->expr = sp->latency;
    } else {
        if (objective)
            off += after;
        struct lpn_qsrc src = {.file = name, .text = text + off, .len = len - off, .line = 1, .col = (unsigned)off + 1,
                               .oneline = !strchr(text, '\n')};
        q->expr = lpn__qparse(sp, &src, LPN_Q_ALLOW_LATENCY | LPN_Q_ALLOW_PI, !objective, diag);
        if (!q->expr) {
            lpn_query_free(q);
            return NULL;
        }
    }
    q->uses_pi = contains(z, q->expr, sp->pi, 0);
    return q;
}

void lpn_query_free(struct lpn_query *q)
{
    if (!q)
        return;
    free(q->text);
    free(q);
}

enum lpn_qkind lpn_query_kind(const struct lpn_query *q) { return q->kind; }
bool lpn_query_uses_pi(const struct lpn_query *q) { return q->uses_pi; }

/* ---- answering ---------------------------------------------------------------------*/
static void set_witness(struct lpn_classes *cl, Z3_model md, struct lpn_bound *b, FILE *diag)
{
    struct lpn_space *sp = cl->sp;
    size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
    b->witness = sup_xcalloc(row + 1, sizeof *b->witness);
    lpn__space_from_model(sp, md, b->witness);
    b->simulated = lpn_space_simulate(sp, b->witness, diag);
}

/* The query's term for class K: latency and pi bound to the class's. */
static Z3_ast bind(struct lpn_classes *cl, const struct lpn_pi *pi, const struct lpn_query *q, int k)
{
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    Z3_ast from[2] = {sp->latency, sp->pi};
    Z3_ast to[2] = {lpn__zreal(z, lpn__class_latency(cl, k)), pi ? pi->k[k].formula : lpn__zrat(z, 0, 1)};
    return Z3_substitute(z->c, q->expr, 2, from, to);
}

/* The operands of a maximum built by lpn__zmax (or the term itself). */
static void operands(struct lpn_zx *z, Z3_ast a, Z3_ast **out, int *n, int *cap)
{
    if (Z3_get_ast_kind(z->c, a) == Z3_APP_AST &&
        Z3_get_decl_kind(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, a))) == Z3_OP_ITE) {
        Z3_ast c = Z3_get_app_arg(z->c, Z3_to_app(z->c, a), 0), x = Z3_get_app_arg(z->c, Z3_to_app(z->c, a), 1),
               y = Z3_get_app_arg(z->c, Z3_to_app(z->c, a), 2);
        if (Z3_get_ast_kind(z->c, c) == Z3_APP_AST &&
            Z3_get_decl_kind(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, c))) == Z3_OP_GE &&
            Z3_get_app_arg(z->c, Z3_to_app(z->c, c), 0) == x && Z3_get_app_arg(z->c, Z3_to_app(z->c, c), 1) == y) {
            operands(z, x, out, n, cap);
            operands(z, y, out, n, cap);
            return;
        }
    }
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        *out = sup_xrealloc(*out, (size_t)*cap * sizeof **out);
    }
    (*out)[(*n)++] = a;
}

/* Asserts the latency of SET as named commit times (one Int constant per
 * firing, §4.4) into O and returns the latency term over them. EXACT: each
 * clock equals the maximum of its causes plus its delay; otherwise each
 * clock and the latency are only bounded below by them (the epigraph, exact
 * for minimization: the least solution is the maximum). */
enum { ENC_EXACT, ENC_BELOW, ENC_ABOVE };

/* Where encode() asserts: an optimizer or a solver. */
struct sink {
    Z3_context c;
    Z3_optimize o;
    Z3_solver s;
};

static void sink_assert(const struct sink *k, Z3_ast a)
{
    if (k->o)
        Z3_optimize_assert(k->c, k->o, a);
    else
        Z3_solver_assert(k->c, k->s, a);
}

static Z3_ast encode(struct lpn_classes *cl, const struct lpn_set *set, const struct sink *o, int mode, int tag)
{
    struct lpn_zx *z = &cl->sp->zx;
    Z3_ast *from = sup_xcalloc((size_t)set->nfir + 1, sizeof *from), *to = sup_xcalloc((size_t)set->nfir + 1, sizeof *to);
    Z3_ast *ops = NULL;
    int nops = 0, capops = 0;
    unsigned nsub = 0;
    for (int64_t f = 0; f < set->nfir; f++) {
        const struct lpn_sfire *fi = &set->fir[f];
        char name[64];
        snprintf(name, sizeof name, "clk!%d!%lld", tag, (long long)f);
        Z3_ast clk = Z3_mk_const(z->c, Z3_mk_string_symbol(z->c, name), z->is);
        Z3_ast start = nsub ? Z3_substitute(z->c, fi->start, nsub, from, to) : fi->start;
        if (mode == ENC_EXACT) {
            sink_assert(o, Z3_mk_eq(z->c, clk, lpn__zadd(z, start, fi->delay)));
        } else {
            nops = 0;
            operands(z, start, &ops, &nops, &capops);
            Z3_ast any = Z3_mk_false(z->c);
            for (int q = 0; q < nops; q++) {
                Z3_ast bound = lpn__zadd(z, ops[q], fi->delay);
                if (mode == ENC_BELOW)
                    sink_assert(o, Z3_mk_ge(z->c, clk, bound));
                else
                    any = lpn__zor(z, any, Z3_mk_le(z->c, clk, bound));
            }
            if (mode == ENC_ABOVE)
                sink_assert(o, any);
        }
        bool seen = false;   /* firings with identical commit terms share the first clock */
        for (unsigned q = 0; q < nsub && !seen; q++)
            seen = from[q] == fi->commit;
        if (!seen && Z3_get_ast_kind(z->c, fi->commit) != Z3_NUMERAL_AST) {
            from[nsub] = fi->commit;
            to[nsub++] = clk;
        }
    }
    Z3_ast lat = nsub ? Z3_substitute(z->c, set->latency, nsub, from, to) : set->latency;
    if (mode != ENC_EXACT) {
        Z3_ast l = Z3_mk_const(z->c, Z3_mk_string_symbol(z->c, "latency!bound"), z->is);
        nops = 0;
        operands(z, lat, &ops, &nops, &capops);
        Z3_ast any = Z3_mk_false(z->c);
        for (int q = 0; q < nops; q++)
            if (mode == ENC_BELOW)
                sink_assert(o, Z3_mk_ge(z->c, l, ops[q]));
            else
                any = lpn__zor(z, any, Z3_mk_le(z->c, l, ops[q]));
        if (mode == ENC_ABOVE)
            sink_assert(o, any);
        lat = l;
    }
    free(from);
    free(to);
    free(ops);
    return lat;
}

/* ---- monotonicity (a proof rule for latency optima) --------------------------------
 * The exact latency of a set is a max-plus term in the delays of its
 * firings: non-decreasing in every delay. When every delay is monotone in
 * every symbol (the same way across delays), the latency is too, so over
 * the ranges' box its maximum is at the corner taking each symbol's upper
 * bound where it increases the latency and its lower bound where it
 * decreases it (the minimum at the opposite corner); when that corner lies
 * inside the class, it is the optimum over the class. */
enum { DIR_NONE = 0, DIR_UP = 1, DIR_DOWN = 2, DIR_BOTH = 3 };

static int flip(int d) { return d == DIR_UP ? DIR_DOWN : d == DIR_DOWN ? DIR_UP : d; }

/* ORs into DIRS[sym] the directions in which A varies with each symbol
 * (DIR_BOTH: not monotone). SIGN is DIR_UP or DIR_DOWN (A's sign in the
 * enclosing term). False when A has a construct the rule cannot handle. */
static bool mono(struct lpn_space *sp, Z3_ast a, int sign, unsigned char *dirs, int depth)
{
    struct lpn_zx *z = &sp->zx;
    Z3_context c = z->c;
    if (depth > 100)
        return false;
    Z3_ast_kind k = Z3_get_ast_kind(c, a);
    if (k == Z3_NUMERAL_AST)
        return true;
    if (k != Z3_APP_AST)
        return false;
    unsigned n = Z3_get_app_num_args(c, Z3_to_app(c, a));
    if (n == 0) {
        for (int q = 0; q < sp->nsyms; q++)
            if (sp->syms[q].var == a) {
                dirs[q] |= (unsigned char)sign;
                return true;
            }
        return false;
    }
#define ARG(i) Z3_get_app_arg(c, Z3_to_app(c, a), i)
    Z3_decl_kind d = Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)));
    int64_t lo, hi;
    switch (d) {
    case Z3_OP_ADD:
        for (unsigned q = 0; q < n; q++)
            if (!mono(sp, ARG(q), sign, dirs, depth + 1))
                return false;
        return true;
    case Z3_OP_SUB:
        for (unsigned q = 0; q < n; q++)
            if (!mono(sp, ARG(q), q ? flip(sign) : sign, dirs, depth + 1))
                return false;
        return true;
    case Z3_OP_UMINUS:
        return mono(sp, ARG(0), flip(sign), dirs, depth + 1);
    case Z3_OP_TO_REAL:
        return mono(sp, ARG(0), sign, dirs, depth + 1);
    case Z3_OP_MUL: {
        /* constant factors times terms of a fixed sign over the box (the
         * ranges' intervals): u*w - u'*w' = (u - u')*w + u'*(w - w'), so each
         * factor moves the product its own way times the other factors' signs */
        int nneg = 0;
        unsigned char negf[64];
        if (n > 64)
            return false;
        for (unsigned q = 0; q < n; q++) {
            lpn__zrange(z, ARG(q), &lo, &hi);
            if (lo == 0 && hi == 0)
                return true;   /* the product is 0 */
            if (lo < 0 && hi > 0)
                return false;
            negf[q] = hi <= 0 && lo < 0;
            nneg += negf[q];
        }
        for (unsigned q = 0; q < n; q++)
            if (!mono(sp, ARG(q), (nneg - negf[q]) % 2 ? flip(sign) : sign, dirs, depth + 1))
                return false;
        return true;
    }
    case Z3_OP_IDIV:   /* floor(x / c), c > 0: monotone like x */
        lpn__zrange(z, ARG(1), &lo, &hi);
        return lo > 0 && hi == lo && mono(sp, ARG(0), sign, dirs, depth + 1);
    case Z3_OP_ITE: {  /* max/min of two monotone terms */
        Z3_ast cnd = ARG(0), x = ARG(1), y = ARG(2);
        if (Z3_get_ast_kind(c, cnd) != Z3_APP_AST || Z3_get_app_num_args(c, Z3_to_app(c, cnd)) != 2)
            return false;
        Z3_decl_kind cd = Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, cnd)));
        Z3_ast l = Z3_get_app_arg(c, Z3_to_app(c, cnd), 0), r = Z3_get_app_arg(c, Z3_to_app(c, cnd), 1);
        bool ord = cd == Z3_OP_GE || cd == Z3_OP_GT || cd == Z3_OP_LE || cd == Z3_OP_LT;
        if (!ord || !((l == x && r == y) || (l == y && r == x)))
            return false;
        return mono(sp, x, sign, dirs, depth + 1) && mono(sp, y, sign, dirs, depth + 1);
    }
    default:
        return false;
    }
#undef ARG
}

/* The corner of SET's optimum (MAXIMIZE or not) as equalities on symbols,
 * or NULL when the rule does not apply. */
static Z3_ast corner(struct lpn_space *sp, const struct lpn_set *set, bool maximize)
{
    struct lpn_zx *z = &sp->zx;
    unsigned char *dirs = sup_xcalloc((size_t)sp->nsyms + 1, 1);
    bool ok = true;
    for (int64_t f = 0; f < set->nfir && ok; f++)
        ok = mono(sp, set->fir[f].delay, DIR_UP, dirs, 0);
    Z3_ast r = ok ? lpn__ztrue(z) : NULL;
    for (int q = 0; q < sp->nsyms && r; q++) {
        if (dirs[q] == DIR_BOTH)
            r = NULL;
        else if (dirs[q] != DIR_NONE) {
            bool up = (dirs[q] == DIR_UP) == maximize;
            r = lpn__zand(z, r, Z3_mk_eq(z->c, sp->syms[q].var, lpn__znum(z, up ? sp->syms[q].hi : sp->syms[q].lo)));
        }
    }
    free(dirs);
    return r;
}

/* Why a solver call answered "unknown": the first reason met is reported
 * (Z3's own words; a timeout only when Z3 says so). */
struct why {
    char msg[240];
};

static void note_unknown(struct why *w, const char *reason, double seconds)
{
    if (w->msg[0])
        return;
    if (!reason || !*reason)
        reason = "no reason given";
    if (strstr(reason, "timeout") || strstr(reason, "canceled"))
        snprintf(w->msg, sizeof w->msg, "the solver timed out on some class after %.3g s (raise --timeout)", seconds);
    else
        snprintf(w->msg, sizeof w->msg, "the solver could not decide some class (Z3: \"%s\", after %.3g s; not a timeout)",
                 reason, seconds);
}

/* Whether A multiplies or divides two terms that are not numerals (Z3's
 * optimizer is not complete for those). Deep terms count as nonlinear. */
static bool nonlinear(Z3_context c, Z3_ast a, int depth)
{
    if (depth > 60)
        return true;
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST)
        return false;
    unsigned n = Z3_get_app_num_args(c, Z3_to_app(c, a));
    Z3_decl_kind d = Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)));
    if (d == Z3_OP_MUL || d == Z3_OP_IDIV || d == Z3_OP_DIV || d == Z3_OP_MOD || d == Z3_OP_REM) {
        unsigned vars = 0;
        for (unsigned q = 0; q < n; q++)
            vars += Z3_get_ast_kind(c, Z3_get_app_arg(c, Z3_to_app(c, a), q)) != Z3_NUMERAL_AST;
        if (vars > 1 || (d != Z3_OP_MUL && Z3_get_ast_kind(c, Z3_get_app_arg(c, Z3_to_app(c, a), n - 1)) != Z3_NUMERAL_AST))
            return true;
    }
    for (unsigned q = 0; q < n; q++)
        if (nonlinear(c, Z3_get_app_arg(c, Z3_to_app(c, a), q), depth + 1))
            return true;
    return false;
}

static bool set_nonlinear(const struct lpn_space *sp, const struct lpn_set *set)
{
    Z3_context c = sp->zx.c;
    for (int64_t f = 0; f < set->nfir; f++)
        if (nonlinear(c, set->fir[f].delay, 0))
            return true;
    for (int q = 0; q < set->npc; q++)
        if (nonlinear(c, set->pc[q], 0))
            return true;
    for (int q = 0; q < sp->ncons; q++)
        if (nonlinear(c, sp->cons[q], 0))
            return true;
    return false;
}

/* A solver (released by the caller) holding the space's constraints, SET's
 * condition and, with PI, the averages' definitions; calls time out after
 * TIMEOUT seconds. */
static Z3_solver set_solver(struct lpn_classes *cl, const struct lpn_set *set, const struct lpn_pi *pi, double timeout)
{
    struct lpn_space *sp = cl->sp;
    Z3_context c = sp->zx.c;
    Z3_solver so = Z3_mk_solver(c);
    Z3_solver_inc_ref(c, so);
    Z3_params p = Z3_mk_params(c);
    Z3_params_inc_ref(c, p);
    Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), (unsigned)(timeout * 1000));
    Z3_solver_set_params(c, so, p);
    Z3_params_dec_ref(c, p);
    for (int k = 0; k < sp->ncons; k++)
        Z3_solver_assert(c, so, sp->cons[k]);
    Z3_solver_assert(c, so, set->cond);
    if (pi)
        Z3_solver_assert(c, so, pi->avgdef);
    return so;
}

/* Optimizes the latency of SET (MAXIMIZE or not) by a sequence of
 * satisfiability checks on its exact encoding: is there an input whose
 * latency beats the best one so far? The answer moves by bisection between
 * the best value found and the interval bound of the latency term. Z3's
 * solver handles products of bounded symbols (nonlinear integer
 * arithmetic) where its optimizer does not. Updates B with better inputs;
 * true when the set's optimum is proven to be no better than B's value. */
static bool bisect(struct lpn_classes *cl, const struct lpn_set *set, int tag, bool maximize, double timeout,
                   struct lpn_bound *b, struct why *why, FILE *diag)
{
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    Z3_solver so = set_solver(cl, set, NULL, timeout);
    struct sink sk = {z->c, NULL, so};
    Z3_ast lat = encode(cl, set, &sk, ENC_EXACT, tag);
    int64_t lo, hi;
    lpn__zrange(z, set->latency, &lo, &hi);
    /* search for values strictly better than BEST, up to the interval's end */
    double best = b->has_value ? b->value : maximize ? (double)lo - 1 : (double)hi + 1;
    int64_t a = maximize ? (int64_t)floor(best) + 1 : lo, e = maximize ? hi : (int64_t)ceil(best) - 1;
    bool proved = false;
    for (int iter = 0; iter < 200; iter++) {
        if (a > e) {
            proved = true;
            break;
        }
        int64_t mid = maximize ? a + (e - a + 1) / 2 : a + (e - a) / 2;
        Z3_solver_push(z->c, so);
        Z3_solver_assert(z->c, so, maximize ? Z3_mk_ge(z->c, lat, lpn__znum(z, mid)) : Z3_mk_le(z->c, lat, lpn__znum(z, mid)));
        double t0 = now_s();
        Z3_lbool r = Z3_solver_check(z->c, so);
        if (r == Z3_L_UNDEF) {
            note_unknown(why, Z3_solver_get_reason_unknown(z->c, so), now_s() - t0);
            Z3_solver_pop(z->c, so, 1);
            break;
        }
        if (r == Z3_L_FALSE) {
            if (maximize)
                e = mid - 1;
            else
                a = mid + 1;
        } else {
            Z3_model md = Z3_solver_get_model(z->c, so);
            double v;
            if (!md) {
                Z3_solver_pop(z->c, so, 1);
                break;
            }
            Z3_model_inc_ref(z->c, md);
            bool ok = lpn__zeval(z, md, lpn__zreal(z, set->latency), &v);
            if (ok && (!b->has_value || (maximize ? v > b->value : v < b->value))) {
                b->has_value = true;
                b->value = v;
                free(b->witness);
                set_witness(cl, md, b, diag);
            }
            Z3_model_dec_ref(z->c, md);
            if (!ok) {
                Z3_solver_pop(z->c, so, 1);
                break;
            }
            if (maximize)
                a = (int64_t)floor(v) + 1;
            else
                e = (int64_t)ceil(v) - 1;
        }
        Z3_solver_pop(z->c, so, 1);
    }
    Z3_solver_dec_ref(z->c, so);
    return proved;
}

/* Optimizes the query's objective over class K (MAXIMIZE or not) into B,
 * one explored set of the class at a time. */
static void optimize(struct lpn_classes *cl, const struct lpn_pi *pi, const struct lpn_query *q, int k, bool maximize,
                     double timeout, struct lpn_bound *b, struct why *why, FILE *diag)
{
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    b->simulated = -1;
    bool all_proved = true;
    for (int s = 0; s < cl->nsets; s++) {
        const struct lpn_set *set = &cl->sets[s];
        if (set->cls != k)
            continue;
        bool lat_only = q->expr == sp->latency;
        Z3_ast at = lat_only ? corner(sp, set, maximize) : NULL;
        if (at) {
            Z3_ast pc[2] = {set->cond, pi ? pi->avgdef : lpn__ztrue(z)};
            Z3_model md;
            if (lpn__zcheck(z, pc, 2, at, &md) == 1 && md) {
                double v;
                if (lpn__zeval(z, md, lpn__zreal(z, set->latency), &v)) {
                    if (!b->has_value || (maximize ? v > b->value : v < b->value)) {
                        b->has_value = true;
                        b->value = v;
                        free(b->witness);
                        set_witness(cl, md, b, diag);
                    }
                    Z3_model_dec_ref(z->c, md);
                    continue;   /* proved by monotonicity */
                }
                Z3_model_dec_ref(z->c, md);
            }
        }
        if (lat_only && !b->has_value) {
            /* an incumbent from sampled inputs of the class, in case the
             * solver finds nothing better in its time */
            size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
            int64_t *in = sup_xcalloc(16 * row + 1, sizeof *in);
            int n = lpn_class_sample(cl, k, 16, 99, in);
            for (int q2 = 0; q2 < n; q2++) {
                int64_t v;
                if (lpn_class_latency(cl, k, in + (size_t)q2 * row, &v) &&
                    (!b->has_value || (maximize ? (double)v > b->value : (double)v < b->value))) {
                    b->has_value = true;
                    b->value = (double)v;
                    free(b->witness);
                    b->witness = sup_xmalloc((row + 1) * sizeof *b->witness);
                    memcpy(b->witness, in + (size_t)q2 * row, row * sizeof *b->witness);
                    b->simulated = lpn_space_simulate(sp, b->witness, diag);
                }
            }
            free(in);
        }
        if (lat_only && set_nonlinear(sp, set)) {
            /* Z3's optimizer is incomplete on products of symbols */
            if (!bisect(cl, set, s, maximize, timeout, b, why, diag))
                all_proved = false;
            continue;
        }
        Z3_optimize o = Z3_mk_optimize(z->c);
        Z3_optimize_inc_ref(z->c, o);
        Z3_params p = Z3_mk_params(z->c);
        Z3_params_inc_ref(z->c, p);
        Z3_params_set_uint(z->c, p, Z3_mk_string_symbol(z->c, "timeout"), (unsigned)(timeout * 1000));
        Z3_optimize_set_params(z->c, o, p);
        Z3_params_dec_ref(z->c, p);
        for (int c = 0; c < sp->ncons; c++)
            Z3_optimize_assert(z->c, o, sp->cons[c]);
        Z3_optimize_assert(z->c, o, set->cond);
        if (pi)
            Z3_optimize_assert(z->c, o, pi->avgdef);
        /* the epigraph is exact only when optimizing the latency itself */
        struct sink sk = {z->c, o, NULL};
        Z3_ast lat = encode(cl, set, &sk, !lat_only ? ENC_EXACT : maximize ? ENC_ABOVE : ENC_BELOW, s);
        Z3_ast from[2] = {sp->latency, sp->pi};
        Z3_ast to[2] = {lpn__zreal(z, lat), pi ? pi->k[k].formula : lpn__zrat(z, 0, 1)};
        Z3_ast obj = lat_only ? lat : Z3_substitute(z->c, q->expr, 2, from, to);
        unsigned h = maximize ? Z3_optimize_maximize(z->c, o, obj) : Z3_optimize_minimize(z->c, o, obj);
        double t0 = now_s();
        Z3_lbool r = Z3_optimize_check(z->c, o, 0, NULL);
        const char *reason = r == Z3_L_UNDEF ? Z3_optimize_get_reason_unknown(z->c, o) : NULL;
        if (reason && lat_only && !strstr(reason, "timeout") && !strstr(reason, "canceled")) {
            /* the optimizer gave up (not for lack of time): bisect with the solver instead */
            Z3_optimize_dec_ref(z->c, o);
            if (!bisect(cl, set, s, maximize, timeout, b, why, diag))
                all_proved = false;
            continue;
        }
        if (reason)
            note_unknown(why, reason, now_s() - t0);
        if (r != Z3_L_TRUE)
            all_proved = false;
        if (r != Z3_L_FALSE) {
            Z3_model md = Z3_optimize_get_model(z->c, o);
            double v;
            if (md) {
                Z3_model_inc_ref(z->c, md);
                /* the value of the exact objective on the model's input */
                Z3_ast exact = bind(cl, pi, q, k);
                if (lpn__zeval(z, md, exact, &v) && (!b->has_value || (maximize ? v > b->value : v < b->value))) {
                    b->has_value = true;
                    b->value = v;
                    free(b->witness);
                    set_witness(cl, md, b, diag);
                }
                Z3_model_dec_ref(z->c, md);
            }
            Z3_ast opt = maximize ? Z3_optimize_get_upper(z->c, o, h) : Z3_optimize_get_lower(z->c, o, h);
            if (r == Z3_L_TRUE && !(opt && lpn__zdouble(z, opt, &v) && b->has_value && fabs(v - b->value) <= 1e-9 * fabs(v) + 1e-9))
                all_proved = false;   /* the optimum is not the model's value: do not claim it */
        }
        Z3_optimize_dec_ref(z->c, o);
    }
    b->verdict = all_proved && b->has_value ? LPN_V_PROVED : LPN_V_UNKNOWN;
}

/* Rewrites comparisons (x / d) op c, with d one of the terms in POS (known
 * positive) and c free of division, into x op c*d: linear when c is a
 * constant, where the quotient is not. */
static Z3_ast undivide(struct lpn_zx *z, Z3_ast a, Z3_ast pos, int depth)
{
    Z3_context c = z->c;
    if (depth > 60 || Z3_get_ast_kind(c, a) != Z3_APP_AST || !lpn__zis_bool(z, a))
        return a;
    Z3_decl_kind d = Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)));
    unsigned n = Z3_get_app_num_args(c, Z3_to_app(c, a));
    Z3_ast args[64];
    if (n > 64)
        return a;
    for (unsigned q = 0; q < n; q++)
        args[q] = Z3_get_app_arg(c, Z3_to_app(c, a), q);
    switch (d) {
    case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_NOT: case Z3_OP_IMPLIES:
        for (unsigned q = 0; q < n; q++)
            args[q] = undivide(z, args[q], pos, depth + 1);
        return d == Z3_OP_AND ? Z3_mk_and(c, n, args) : d == Z3_OP_OR ? Z3_mk_or(c, n, args)
             : d == Z3_OP_NOT ? Z3_mk_not(c, args[0]) : Z3_mk_implies(c, args[0], args[1]);
    case Z3_OP_LT: case Z3_OP_LE: case Z3_OP_GT: case Z3_OP_GE: {
        for (int side = 0; side < 2; side++) {
            Z3_ast q = args[side], other = args[1 - side];
            if (Z3_get_ast_kind(c, q) != Z3_APP_AST || Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, q))) != Z3_OP_DIV ||
                Z3_get_app_arg(c, Z3_to_app(c, q), 1) != pos)
                continue;
            Z3_ast num = Z3_get_app_arg(c, Z3_to_app(c, q), 0);
            Z3_ast prod = Z3_mk_mul(c, 2, (Z3_ast[]){other, pos});
            Z3_ast l = side == 0 ? num : prod, r = side == 0 ? prod : num;
            return d == Z3_OP_LT ? Z3_mk_lt(c, l, r) : d == Z3_OP_LE ? Z3_mk_le(c, l, r)
                 : d == Z3_OP_GT ? Z3_mk_gt(c, l, r) : Z3_mk_ge(c, l, r);
        }
        return a;
    }
    default:
        return a;
    }
}

/* Proves the query's property over class K, one explored set at a time,
 * with the latency as named commit times. */
static void prove(struct lpn_classes *cl, const struct lpn_pi *pi, const struct lpn_query *q, int k, double timeout,
                  struct lpn_bound *b, struct why *why, FILE *diag)
{
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    b->simulated = -1;
    b->verdict = LPN_V_PROVED;
    for (int s = 0; s < cl->nsets && b->verdict != LPN_V_DISPROVED; s++) {
        const struct lpn_set *set = &cl->sets[s];
        if (set->cls != k)
            continue;
        Z3_solver so = set_solver(cl, set, pi, timeout);
        struct sink sk = {z->c, NULL, so};
        Z3_ast lat = lpn__zreal(z, encode(cl, set, &sk, ENC_EXACT, s));
        Z3_ast from[2] = {sp->latency, sp->pi};
        Z3_ast to[2] = {lat, pi ? pi->k[k].formula : lpn__zrat(z, 0, 1)};
        Z3_ast prop = Z3_substitute(z->c, q->expr, 2, from, to);
        int64_t lo, hi;
        lpn__zrange(z, set->latency, &lo, &hi);
        if (lo > 0)
            prop = undivide(z, prop, lat, 0);
        Z3_solver_assert(z->c, so, lpn__znot(z, prop));
        double t0 = now_s();
        Z3_lbool r = Z3_solver_check(z->c, so);
        if (r == Z3_L_UNDEF) {
            b->verdict = LPN_V_UNKNOWN;
            note_unknown(why, Z3_solver_get_reason_unknown(z->c, so), now_s() - t0);
        }
        if (r == Z3_L_TRUE) {
            b->verdict = LPN_V_DISPROVED;
            Z3_model md = Z3_solver_get_model(z->c, so);
            if (md) {
                Z3_model_inc_ref(z->c, md);
                double v;
                if (lpn__zeval(z, md, lpn__zreal(z, set->latency), &v))
                    b->has_value = true, b->value = v;
                set_witness(cl, md, b, diag);
                Z3_model_dec_ref(z->c, md);
            }
        }
        Z3_solver_dec_ref(z->c, so);
    }
}

/* A property "latency op c" (c a number, on either side): sets *C, *UPPER
 * (the property bounds the latency from above: latency < c or <= c, so the
 * maximum decides it) and *STRICT. False for any other property. */
static bool bound_property(struct lpn_zx *z, const struct lpn_space *sp, Z3_ast e, double *c, bool *upper, bool *strict)
{
    if (Z3_get_ast_kind(z->c, e) != Z3_APP_AST || Z3_get_app_num_args(z->c, Z3_to_app(z->c, e)) != 2)
        return false;
    Z3_decl_kind d = Z3_get_decl_kind(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, e)));
    if (d != Z3_OP_LE && d != Z3_OP_LT && d != Z3_OP_GE && d != Z3_OP_GT)
        return false;
    Z3_ast l = Z3_get_app_arg(z->c, Z3_to_app(z->c, e), 0), r = Z3_get_app_arg(z->c, Z3_to_app(z->c, e), 1);
    bool lat_left = l == sp->latency;
    if (!(lat_left ? lpn__zdouble(z, r, c) : r == sp->latency && lpn__zdouble(z, l, c)))
        return false;
    bool le = d == Z3_OP_LE || d == Z3_OP_LT;
    *upper = lat_left ? le : !le;
    *strict = d == Z3_OP_LT || d == Z3_OP_GT;
    return true;
}

static void copy_bound(struct lpn_bound *dst, const struct lpn_bound *src, size_t row)
{
    free(dst->witness);
    *dst = *src;
    if (src->witness) {
        dst->witness = sup_xmalloc((row + 1) * sizeof *dst->witness);
        memcpy(dst->witness, src->witness, row * sizeof *dst->witness);
    }
}

int lpn_smt_run(struct lpn_classes *cl, const struct lpn_pi *pi, const struct lpn_query *q, struct lpn_smt_result *r,
                FILE *diag)
{
    double t0 = now_s();
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    memset(r, 0, sizeof *r);
    if (q->uses_pi && !pi) {
        sup_diag(diag, sp->path, 0, 0, "error", "the query names 'pi' but no interface was built");
        return -1;
    }
    double timeout = z->timeout_ms / 1000.0;
    size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
    r->kind = q->kind;
    r->nclasses = lpn_classes_count(cl);
    r->per_class = sup_xcalloc((size_t)r->nclasses * 2 + 2, sizeof *r->per_class);
    for (int s = 0; s < 2; s++)
        r->overall[s].simulated = -1;
    int nunknown[2] = {0, 0};   /* per answer: max (or the property), min */
    bool out_of_time = false;
    struct why why = {{0}};
    for (int k = 0; k < r->nclasses; k++) {
        Z3_ast e = bind(cl, pi, q, k);
        struct lpn_bound *b = &r->per_class[2 * k];
        if (cl->max_seconds > 0 && now_s() - t0 > cl->max_seconds) {
            /* the overall budget (--max-time) is spent: the rest is unknown */
            out_of_time = true;
            b[0].verdict = b[1].verdict = LPN_V_UNKNOWN;
            b[0].simulated = b[1].simulated = -1;
            nunknown[0]++, nunknown[1]++;
            continue;
        }
        double bc;
        bool upper, strict;
        if (q->kind == LPN_Q_PROVE && bound_property(z, sp, q->expr, &bc, &upper, &strict)) {
            /* latency op c: decided by the class's optimum, when that is proven */
            struct lpn_query lq = {.kind = upper ? LPN_Q_MAX : LPN_Q_MIN, .expr = sp->latency};
            struct lpn_bound ob = {0};
            optimize(cl, pi, &lq, k, upper, timeout, &ob, &why, diag);
            bool holds = upper ? (strict ? ob.value < bc : ob.value <= bc) : (strict ? ob.value > bc : ob.value >= bc);
            if (ob.has_value && !holds) {   /* the optimum's input is a counterexample, proven or not */
                *b = ob;
                b->verdict = LPN_V_DISPROVED;
            } else if (ob.verdict == LPN_V_PROVED) {
                free(ob.witness);
                b->verdict = LPN_V_PROVED;
                b->simulated = -1;
            } else {
                free(ob.witness);
                prove(cl, pi, q, k, timeout, b, &why, diag);
            }
        } else if (q->kind == LPN_Q_PROVE) {
            (void)e;
            prove(cl, pi, q, k, timeout, b, &why, diag);
        } else {
            if (q->kind != LPN_Q_MIN)
                optimize(cl, pi, q, k, true, timeout, &b[0], &why, diag);
            if (q->kind != LPN_Q_MAX)
                optimize(cl, pi, q, k, false, timeout, &b[q->kind == LPN_Q_BOUNDS], &why, diag);
        }
        if (lpn__zx_error()) {
            sup_diag(diag, sp->path, 0, 0, "error", "internal error: the solver rejected the query");
            lpn_smt_result_free(r);
            return -1;
        }
        /* fold into the overall answer */
        for (int s = 0; s < 2; s++) {
            bool used = q->kind == LPN_Q_BOUNDS || s == 0;
            if (!used)
                continue;
            struct lpn_bound *cb = &b[s], *ob = &r->overall[s];
            bool want_max = q->kind == LPN_Q_MAX || (q->kind == LPN_Q_BOUNDS && s == 0);
            nunknown[s] += cb->verdict == LPN_V_UNKNOWN;
            if (q->kind == LPN_Q_PROVE) {
                if (cb->verdict == LPN_V_DISPROVED && ob->verdict != LPN_V_DISPROVED)
                    copy_bound(ob, cb, row);
                continue;
            }
            if (cb->has_value && (!ob->has_value || (want_max ? cb->value > ob->value : cb->value < ob->value)))
                copy_bound(ob, cb, row);
        }
    }
    for (int s = 0; s < 2; s++) {
        struct lpn_bound *ob = &r->overall[s];
        if (q->kind == LPN_Q_PROVE)
            ob->verdict = ob->verdict == LPN_V_DISPROVED ? LPN_V_DISPROVED : nunknown[s] ? LPN_V_UNKNOWN : LPN_V_PROVED;
        else
            ob->verdict = nunknown[s] || !ob->has_value ? LPN_V_UNKNOWN : LPN_V_PROVED;
    }
    if (r->nclasses == 0)
        r->reason = sup_strdup("no input class was found");
    else if (out_of_time)
        r->reason = sup_strdup("the time budget (--max-time) ran out before every class was solved");
    else if (nunknown[0] || nunknown[1])
        r->reason = sup_strdup(why.msg[0] ? why.msg : "the solver could not prove the optimum of some class");
    if (lpn_classes_status(cl) != LPN_A_COMPLETE) {
        for (int s = 0; s < 2; s++)
            if (r->overall[s].verdict == LPN_V_PROVED)
                r->overall[s].verdict = LPN_V_UNKNOWN;
        free(r->reason);
        r->reason = sup_strdup("the exploration stopped at a limit: the classes cover part of the space");
    }
    r->seconds = now_s() - t0;
    return 0;
}

void lpn_smt_result_free(struct lpn_smt_result *r)
{
    for (int k = 0; k < r->nclasses * 2; k++)
        free(r->per_class[k].witness);
    free(r->per_class);
    free(r->overall[0].witness);
    free(r->overall[1].witness);
    free(r->reason);
    memset(r, 0, sizeof *r);
}

/* ---- writing -------------------------------------------------------------------------*/
static const char *verdict(enum lpn_verdict v, enum lpn_qkind k)
{
    if (k == LPN_Q_PROVE)
        return v == LPN_V_PROVED ? "proved" : v == LPN_V_DISPROVED ? "disproved" : "unknown";
    return v == LPN_V_PROVED ? "proved" : "unknown";
}

static void witness_text(const struct lpn_space *sp, const int64_t *w, FILE *out)
{
    int shown = 0;
    for (int q = 0; q < sp->nsyms && shown < 24; q++) {
        const struct lpn_sym *y = &sp->syms[q];
        int64_t v = y->tok >= 0 ? w[(size_t)y->tok * (size_t)sp->nprops + (size_t)y->prop] : 0;
        if (y->tok < 0)
            for (size_t s = 0; s < (size_t)sp->ntok * (size_t)sp->nprops; s++)
                if (sp->valsym[s] == q) {
                    v = w[s];
                    break;
                }
        fprintf(out, "%s%s=%lld", shown ? " " : "", y->name, (long long)v);
        shown++;
    }
    if (sp->nsyms > shown)
        fputs(" ...", out);
    if (!sp->nsyms)
        fputs("(no symbols)", out);
}

static void bound_json(struct sup_json *w, const struct lpn_space *sp, const struct lpn_bound *b, enum lpn_qkind kind)
{
    sup_json_obj(w);
    sup_json_key(w, "verdict"), sup_json_str(w, verdict(b->verdict, kind));
    if (b->has_value)
        sup_json_key(w, kind == LPN_Q_PROVE ? "latency" : "value"), sup_json_double(w, b->value);
    if (b->witness) {
        sup_json_key(w, "witness");
        sup_json_arr(w);
        for (int t = 0; t < sp->ntok; t++) {
            sup_json_obj(w);
            for (int p = 0; p < sp->nprops; p++)
                sup_json_key(w, lpn_place_prop(sp->m, sp->place, p)),
                    sup_json_int(w, b->witness[(size_t)t * (size_t)sp->nprops + (size_t)p]);
            sup_json_end(w);
        }
        sup_json_end(w);
        sup_json_key(w, "simulated"), sup_json_int(w, b->simulated);
    }
    sup_json_end(w);
}

void lpn_smt_write(const struct lpn_classes *cl, const struct lpn_smt_result *r, FILE *out, bool json)
{
    const struct lpn_space *sp = cl->sp;
    const struct lpn_model *m = sp->m;
    static const char *const kinds[] = {"max", "min", "bounds", "prove"};
    const char *names[2] = {r->kind == LPN_Q_MIN ? "min" : r->kind == LPN_Q_PROVE ? "property" : "max", "min"};
    int nb = r->kind == LPN_Q_BOUNDS ? 2 : 1;
    if (json) {
        struct sup_json w;
        sup_json_init(&w, out, true);
        sup_json_obj(&w);
        sup_json_key(&w, "model"), sup_json_str(&w, lpn_model_name(m));
        sup_json_key(&w, "space"), sup_json_str(&w, sp->path);
        sup_json_key(&w, "query"), sup_json_str(&w, kinds[r->kind]);
        sup_json_key(&w, "classes"), sup_json_int(&w, r->nclasses);
        sup_json_key(&w, "explore_seconds"), sup_json_double(&w, cl->seconds);
        sup_json_key(&w, "seconds"), sup_json_double(&w, r->seconds);
        if (r->reason)
            sup_json_key(&w, "reason"), sup_json_str(&w, r->reason);
        for (int s = 0; s < nb; s++) {
            sup_json_key(&w, names[s]);
            bound_json(&w, sp, &r->overall[s], r->kind);
        }
        sup_json_key(&w, "per_class");
        sup_json_arr(&w);
        for (int k = 0; k < r->nclasses; k++) {
            sup_json_obj(&w);
            for (int s = 0; s < nb; s++) {
                sup_json_key(&w, names[s]);
                bound_json(&w, sp, &r->per_class[2 * k + s], r->kind);
            }
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_end(&w);
        fputc('\n', out);
        return;
    }
    fprintf(out, "model %s, space %s: %d class%s (explored in %.3f s, solved in %.3f s)\n", lpn_model_name(m), sp->path,
            r->nclasses, r->nclasses == 1 ? "" : "es", cl->seconds, r->seconds);
    for (int s = 0; s < nb; s++) {
        const struct lpn_bound *b = &r->overall[s];
        if (r->kind == LPN_Q_PROVE) {
            fprintf(out, "property: %s\n", verdict(b->verdict, r->kind));
            if (b->verdict == LPN_V_DISPROVED && b->witness) {
                fputs("  counterexample: ", out);
                witness_text(sp, b->witness, out);
                fprintf(out, "\n  its latency: %.0f (lpn sim: %lld)\n", b->value, (long long)b->simulated);
            }
        } else {
            fprintf(out, "%s: ", names[s]);
            bool is_max = r->kind == LPN_Q_MAX || (r->kind == LPN_Q_BOUNDS && s == 0);
            if (b->has_value && b->verdict != LPN_V_PROVED)
                fputs(is_max ? "at least " : "at most ", out);
            if (b->has_value)
                fprintf(out, fabs(b->value - round(b->value)) < 1e-9 ? "%.0f" : "%.6g", b->value);
            else
                fputs("none", out);
            fprintf(out, " (%s)\n", b->verdict == LPN_V_PROVED ? "proved" : "unknown: the best input found, not proven optimal");
            if (b->witness) {
                fputs("  witness: ", out);
                witness_text(sp, b->witness, out);
                fprintf(out, "\n  lpn sim on the witness: %lld cycles\n", (long long)b->simulated);
            }
        }
    }
    if (r->reason)
        fprintf(out, "note: %s\n", r->reason);
    if (r->nclasses > 1)
        for (int k = 0; k < r->nclasses; k++) {
            fprintf(out, "class %d:", k + 1);
            for (int s = 0; s < nb; s++) {
                const struct lpn_bound *b = &r->per_class[2 * k + s];
                if (r->kind == LPN_Q_PROVE)
                    fprintf(out, " %s", verdict(b->verdict, r->kind));
                else if (b->has_value)
                    fprintf(out, " %s %.6g (%s)", names[s], b->value, verdict(b->verdict, r->kind));
                else
                    fprintf(out, " %s unknown", names[s]);
            }
            fputc('\n', out);
        }
}
