/* zx.c — the Z3 session of the analyses: context and solver with a
 * path-condition stack kept in step with the explored path, term builders
 * that fold constants and drop dominated max/min operands, intervals of
 * integer terms from the symbols' ranges, and cheap syntactic proofs of
 * a >= b that spare most solver calls. */
#include "ana.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* ---- context and errors --------------------------------------------------------*/
static char zerr[512];
static bool zerr_set;

/* A Z3 error means an ill-formed term (our own bug) or exhausted memory:
 * Z3 would go on returning NULL terms and crash later, so stop here with a
 * message (an internal invariant, like an assert). */
static void on_error(Z3_context c, Z3_error_code e)
{
    snprintf(zerr, sizeof zerr, "%s", Z3_get_error_msg(c, e));
    zerr_set = true;
    fprintf(stderr, "lpn: internal error: the solver rejected a request: %s\n", zerr);
    abort();
}

const char *lpn__zx_error(void)
{
    if (!zerr_set)
        return NULL;
    zerr_set = false;
    return zerr;
}

bool lpn__zx_init(struct lpn_zx *z, unsigned timeout_ms)
{
    memset(z, 0, sizeof *z);
    Z3_config cfg = Z3_mk_config();
    Z3_set_param_value(cfg, "model", "true");
    z->c = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    if (!z->c)
        return false;
    Z3_set_error_handler(z->c, on_error);
    z->is = Z3_mk_int_sort(z->c);
    z->rs = Z3_mk_real_sort(z->c);
    z->bs = Z3_mk_bool_sort(z->c);
    z->s = Z3_mk_solver(z->c);
    Z3_solver_inc_ref(z->c, z->s);
    z->timeout_ms = timeout_ms;
    lpn__zx_timeout(z, timeout_ms / 1000.0);
    z->rngcap = 1024;
    z->rng = sup_xcalloc(z->rngcap, sizeof *z->rng);
    return true;
}

void lpn__zx_timeout(struct lpn_zx *z, double seconds)
{
    unsigned ms = seconds <= 0 ? 30000u : seconds > 4e6 ? 4000000000u : (unsigned)(seconds * 1000);
    z->timeout_ms = ms;
    Z3_params p = Z3_mk_params(z->c);
    Z3_params_inc_ref(z->c, p);
    Z3_params_set_uint(z->c, p, Z3_mk_string_symbol(z->c, "timeout"), ms);
    Z3_solver_set_params(z->c, z->s, p);
    Z3_params_dec_ref(z->c, p);
}

void lpn__zx_fini(struct lpn_zx *z)
{
    if (!z->c)
        return;
    Z3_solver_dec_ref(z->c, z->s);
    Z3_del_context(z->c);
    free(z->frames);
    free(z->rng);
    for (size_t q = 0; q < z->kidcap; q++)
        free(z->kids[q].k);
    free(z->kids);
    free(z->seen);
    free(z->seenstamp);
    memset(z, 0, sizeof *z);
}

/* ---- numerals ------------------------------------------------------------------*/
Z3_ast lpn__znum(struct lpn_zx *z, int64_t v) { return Z3_mk_int64(z->c, v, z->is); }

Z3_ast lpn__zrat(struct lpn_zx *z, int64_t num, int64_t den)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%lld/%lld", (long long)num, (long long)den);
    return Z3_mk_numeral(z->c, buf, z->rs);
}

Z3_ast lpn__ztrue(struct lpn_zx *z) { return Z3_mk_true(z->c); }

bool lpn__zis_bool(struct lpn_zx *z, Z3_ast a) { return Z3_get_sort_kind(z->c, Z3_get_sort(z->c, a)) == Z3_BOOL_SORT; }

static bool is_real(struct lpn_zx *z, Z3_ast a) { return Z3_get_sort_kind(z->c, Z3_get_sort(z->c, a)) == Z3_REAL_SORT; }

static Z3_decl_kind kind_of(struct lpn_zx *z, Z3_ast a)
{
    if (Z3_get_ast_kind(z->c, a) != Z3_APP_AST)
        return Z3_OP_UNINTERPRETED;
    return Z3_get_decl_kind(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, a)));
}

static unsigned nargs(struct lpn_zx *z, Z3_ast a) { return Z3_get_app_num_args(z->c, Z3_to_app(z->c, a)); }
static Z3_ast arg(struct lpn_zx *z, Z3_ast a, unsigned k) { return Z3_get_app_arg(z->c, Z3_to_app(z->c, a), k); }

bool lpn__zval(struct lpn_zx *z, Z3_ast a, int64_t *v)
{
    Z3_ast_kind k = Z3_get_ast_kind(z->c, a);
    if (k == Z3_NUMERAL_AST)
        return !is_real(z, a) && Z3_get_numeral_int64(z->c, a, v);
    if (k == Z3_APP_AST) {
        Z3_decl_kind d = kind_of(z, a);
        if (d == Z3_OP_TRUE || d == Z3_OP_FALSE) {
            *v = d == Z3_OP_TRUE;
            return true;
        }
    }
    return false;
}

bool lpn__zdouble(struct lpn_zx *z, Z3_ast a, double *v)
{
    if (Z3_get_ast_kind(z->c, a) != Z3_NUMERAL_AST)
        return false;
    int64_t n, d;
    if (Z3_get_numeral_small(z->c, a, &n, &d) && d) {
        *v = (double)n / (double)d;
        return true;
    }
    const char *s = Z3_get_numeral_decimal_string(z->c, a, 17);
    char *end;
    *v = strtod(s, &end);
    return end != s;
}

/* Compares two numerals exactly: -1, 0, 1; false when they are not small. */
static bool numcmp(struct lpn_zx *z, Z3_ast a, Z3_ast b, int *r)
{
    int64_t an, ad, bn, bd;
    if (Z3_get_ast_kind(z->c, a) != Z3_NUMERAL_AST || Z3_get_ast_kind(z->c, b) != Z3_NUMERAL_AST ||
        !Z3_get_numeral_small(z->c, a, &an, &ad) || !Z3_get_numeral_small(z->c, b, &bn, &bd) || ad <= 0 || bd <= 0)
        return false;
    __int128 l = (__int128)an * bd, rr = (__int128)bn * ad;
    *r = l < rr ? -1 : l > rr;
    return true;
}

/* ---- builders ------------------------------------------------------------------*/
static bool is_zero(struct lpn_zx *z, Z3_ast a)
{
    int64_t n, d;
    return Z3_get_ast_kind(z->c, a) == Z3_NUMERAL_AST && Z3_get_numeral_small(z->c, a, &n, &d) && n == 0;
}

static bool is_one(struct lpn_zx *z, Z3_ast a)
{
    int64_t n, d;
    return Z3_get_ast_kind(z->c, a) == Z3_NUMERAL_AST && Z3_get_numeral_small(z->c, a, &n, &d) && n == d;
}

/* Brings an Int operand to Real when the other one is Real. */
static void unify(struct lpn_zx *z, Z3_ast *a, Z3_ast *b)
{
    bool ra = is_real(z, *a), rb = is_real(z, *b);
    if (ra && !rb)
        *b = Z3_mk_int2real(z->c, *b);
    else if (rb && !ra)
        *a = Z3_mk_int2real(z->c, *a);
}

Z3_ast lpn__zreal(struct lpn_zx *z, Z3_ast a) { return is_real(z, a) ? a : Z3_mk_int2real(z->c, a); }

Z3_ast lpn__zadd(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y) && !__builtin_add_overflow(x, y, &x))
        return lpn__znum(z, x);
    if (is_zero(z, a))
        return b;
    if (is_zero(z, b))
        return a;
    unify(z, &a, &b);
    Z3_ast v[2] = {a, b};
    return Z3_mk_add(z->c, 2, v);
}

Z3_ast lpn__zsub(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y) && !__builtin_sub_overflow(x, y, &x))
        return lpn__znum(z, x);
    if (is_zero(z, b))
        return a;
    unify(z, &a, &b);
    Z3_ast v[2] = {a, b};
    return Z3_mk_sub(z->c, 2, v);
}

Z3_ast lpn__zmul(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y) && !__builtin_mul_overflow(x, y, &x))
        return lpn__znum(z, x);
    if (is_one(z, a))
        return is_real(z, a) ? lpn__zreal(z, b) : b;
    if (is_one(z, b))
        return is_real(z, b) ? lpn__zreal(z, a) : a;
    unify(z, &a, &b);
    Z3_ast v[2] = {a, b};
    return Z3_mk_mul(z->c, 2, v);
}

static bool is_max(struct lpn_zx *z, Z3_ast a, Z3_ast *x, Z3_ast *y);
static void range_rec(struct lpn_zx *z, Z3_ast a, int64_t *lo, int64_t *hi, int depth);

/* The operands of nested maxima built by lpn__zmax. */
static void max_operands(struct lpn_zx *z, Z3_ast a, Z3_ast *out, int *n, int cap)
{
    Z3_ast x, y;
    if (*n + 2 <= cap && is_max(z, a, &x, &y)) {
        max_operands(z, x, out, n, cap);
        max_operands(z, y, out, n, cap);
    } else if (*n < cap) {
        out[(*n)++] = a;
    }
}

Z3_ast lpn__zmax(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int r;
    unify(z, &a, &b);
    if (a == b)
        return a;
    if (numcmp(z, a, b, &r))
        return r >= 0 ? a : b;
    if (lpn__zgeq(z, a, b))
        return a;
    if (lpn__zgeq(z, b, a))
        return b;
    /* flatten, drop operands another one dominates, rebuild */
    enum { CAP = 64 };
    Z3_ast ops[CAP];
    int n = 0;
    max_operands(z, a, ops, &n, CAP / 2);
    int na = n;
    max_operands(z, b, ops, &n, CAP);
    bool keep[CAP];
    for (int i = 0; i < n; i++)
        keep[i] = true;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n && keep[i]; j++)
            if (j != i && keep[j] && (ops[j] == ops[i] ? j < i : (i >= na || j >= na) && lpn__zgeq(z, ops[j], ops[i])))
                keep[i] = false;
    Z3_ast acc = NULL;
    for (int i = 0; i < n; i++)
        if (keep[i])
            acc = !acc ? ops[i] : Z3_mk_ite(z->c, Z3_mk_ge(z->c, acc, ops[i]), acc, ops[i]);
    return acc;
}

Z3_ast lpn__zmin(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int r;
    unify(z, &a, &b);
    if (a == b)
        return a;
    if (numcmp(z, a, b, &r))
        return r <= 0 ? a : b;
    if (lpn__zgeq(z, b, a))
        return a;
    if (lpn__zgeq(z, a, b))
        return b;
    return Z3_mk_ite(z->c, Z3_mk_le(z->c, a, b), a, b);
}

Z3_ast lpn__zite(struct lpn_zx *z, Z3_ast c, Z3_ast a, Z3_ast b)
{
    int64_t v;
    if (lpn__zval(z, c, &v))
        return v ? a : b;
    if (!lpn__zis_bool(z, a))
        unify(z, &a, &b);
    if (a == b)
        return a;
    return Z3_mk_ite(z->c, c, a, b);
}

Z3_ast lpn__znot(struct lpn_zx *z, Z3_ast a)
{
    int64_t v;
    if (lpn__zval(z, a, &v))
        return v ? Z3_mk_false(z->c) : Z3_mk_true(z->c);
    if (kind_of(z, a) == Z3_OP_NOT)
        return arg(z, a, 0);
    return Z3_mk_not(z->c, a);
}

Z3_ast lpn__zand(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t v;
    if (lpn__zval(z, a, &v))
        return v ? b : a;
    if (lpn__zval(z, b, &v))
        return v ? a : b;
    Z3_ast x[2] = {a, b};
    return Z3_mk_and(z->c, 2, x);
}

Z3_ast lpn__zor(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t v;
    if (lpn__zval(z, a, &v))
        return v ? a : b;
    if (lpn__zval(z, b, &v))
        return v ? b : a;
    Z3_ast x[2] = {a, b};
    return Z3_mk_or(z->c, 2, x);
}

Z3_ast lpn__zand_n(struct lpn_zx *z, const Z3_ast *a, int n)
{
    if (n == 0)
        return Z3_mk_true(z->c);
    if (n == 1)
        return a[0];
    return Z3_mk_and(z->c, (unsigned)n, a);
}

Z3_ast lpn__zsimp(struct lpn_zx *z, Z3_ast a) { return Z3_simplify(z->c, a); }

/* ---- intervals -----------------------------------------------------------------*/
static int64_t clampi(__int128 v) { return v > LPN_ZINF ? LPN_ZINF : v < -LPN_ZINF ? -LPN_ZINF : (int64_t)v; }

static struct lpn_zrange *rng_slot(struct lpn_zx *z, unsigned id)
{
    size_t mask = z->rngcap - 1, h = (id * 0x9e3779b1u) & mask;
    while (z->rng[h].id && z->rng[h].id != id + 1)
        h = (h + 1) & mask;
    return &z->rng[h];
}

static void rng_put(struct lpn_zx *z, unsigned id, int64_t lo, int64_t hi)
{
    if ((z->nrng + 1) * 2 > z->rngcap) {
        struct lpn_zrange *old = z->rng;
        size_t oldcap = z->rngcap;
        z->rngcap *= 2;
        z->rng = sup_xcalloc(z->rngcap, sizeof *z->rng);
        for (size_t k = 0; k < oldcap; k++)
            if (old[k].id)
                *rng_slot(z, old[k].id - 1) = old[k];
        free(old);
    }
    struct lpn_zrange *r = rng_slot(z, id);
    if (!r->id)
        z->nrng++;
    r->id = id + 1;
    r->lo = lo;
    r->hi = hi;
}

void lpn__zset_range(struct lpn_zx *z, Z3_ast sym, int64_t lo, int64_t hi)
{
    rng_put(z, Z3_get_ast_id(z->c, sym), lo, hi);
}

static void range_rec(struct lpn_zx *z, Z3_ast a, int64_t *lo, int64_t *hi, int depth);

static void range_of_cmp(struct lpn_zx *z, Z3_decl_kind d, Z3_ast a, Z3_ast b, int64_t *lo, int64_t *hi, int depth)
{
    int64_t al, ah, bl, bh;
    range_rec(z, a, &al, &ah, depth);
    range_rec(z, b, &bl, &bh, depth);
    int t = -1;   /* -1 unknown, 0 false, 1 true */
    switch (d) {
    case Z3_OP_LE: t = ah <= bl ? 1 : al > bh ? 0 : -1; break;
    case Z3_OP_LT: t = ah < bl ? 1 : al >= bh ? 0 : -1; break;
    case Z3_OP_GE: t = al >= bh ? 1 : ah < bl ? 0 : -1; break;
    case Z3_OP_GT: t = al > bh ? 1 : ah <= bl ? 0 : -1; break;
    case Z3_OP_EQ: t = (al == ah && bl == bh && al == bl && al > -LPN_ZINF && al < LPN_ZINF) ? 1 : (ah < bl || al > bh) ? 0 : -1; break;
    default: break;
    }
    *lo = t == 1 ? 1 : 0;
    *hi = t == 0 ? 0 : 1;
}

static void range_rec(struct lpn_zx *z, Z3_ast a, int64_t *lo, int64_t *hi, int depth)
{
    *lo = -LPN_ZINF;
    *hi = LPN_ZINF;
    int64_t v;
    if (lpn__zval(z, a, &v)) {
        *lo = *hi = clampi(v);
        return;
    }
    if (Z3_get_ast_kind(z->c, a) != Z3_APP_AST || depth > 200)
        return;
    unsigned id = Z3_get_ast_id(z->c, a);
    struct lpn_zrange *r = rng_slot(z, id);
    if (r->id) {
        *lo = r->lo;
        *hi = r->hi;
        return;
    }
    Z3_decl_kind d = kind_of(z, a);
    unsigned n = nargs(z, a);
    int64_t l1, h1, l2, h2;
    switch (d) {
    case Z3_OP_ADD: {
        __int128 sl = 0, sh = 0;
        for (unsigned k = 0; k < n; k++) {
            range_rec(z, arg(z, a, k), &l1, &h1, depth + 1);
            sl += l1, sh += h1;
        }
        *lo = clampi(sl), *hi = clampi(sh);
        break;
    }
    case Z3_OP_SUB:
        range_rec(z, arg(z, a, 0), &l1, &h1, depth + 1);
        for (unsigned k = 1; k < n; k++) {
            range_rec(z, arg(z, a, k), &l2, &h2, depth + 1);
            l1 = clampi((__int128)l1 - h2), h1 = clampi((__int128)h1 - l2);
        }
        *lo = l1, *hi = h1;
        break;
    case Z3_OP_UMINUS:
        range_rec(z, arg(z, a, 0), &l1, &h1, depth + 1);
        *lo = -h1, *hi = -l1;
        break;
    case Z3_OP_MUL:
        range_rec(z, arg(z, a, 0), &l1, &h1, depth + 1);
        for (unsigned k = 1; k < n; k++) {
            range_rec(z, arg(z, a, k), &l2, &h2, depth + 1);
            __int128 c[4] = {(__int128)l1 * l2, (__int128)l1 * h2, (__int128)h1 * l2, (__int128)h1 * h2};
            __int128 mn = c[0], mx = c[0];
            for (int q = 1; q < 4; q++)
                mn = c[q] < mn ? c[q] : mn, mx = c[q] > mx ? c[q] : mx;
            l1 = clampi(mn), h1 = clampi(mx);
        }
        *lo = l1, *hi = h1;
        break;
    case Z3_OP_IDIV:
        range_rec(z, arg(z, a, 0), &l1, &h1, depth + 1);
        range_rec(z, arg(z, a, 1), &l2, &h2, depth + 1);
        if (l2 > 0 && l1 >= 0)
            *lo = l1 / h2, *hi = h1 / l2;
        else if (l2 > 0 && l1 > -LPN_ZINF && h1 < LPN_ZINF)   /* floor division by a positive divisor */
            *lo = l1 < 0 ? -((-l1 + l2 - 1) / l2) : l1 / h2, *hi = h1 < 0 ? -((-h1 + h2 - 1) / h2) : h1 / l2;
        break;
    case Z3_OP_MOD:
        range_rec(z, arg(z, a, 1), &l2, &h2, depth + 1);
        if (l2 > 0)
            *lo = 0, *hi = h2 - 1;
        break;
    case Z3_OP_ITE: {
        int64_t cl, ch;
        range_rec(z, arg(z, a, 0), &cl, &ch, depth + 1);
        range_rec(z, arg(z, a, 1), &l1, &h1, depth + 1);
        range_rec(z, arg(z, a, 2), &l2, &h2, depth + 1);
        if (cl == 1)
            *lo = l1, *hi = h1;
        else if (ch == 0)
            *lo = l2, *hi = h2;
        else
            *lo = l1 < l2 ? l1 : l2, *hi = h1 > h2 ? h1 : h2;
        break;
    }
    case Z3_OP_TO_REAL: case Z3_OP_TO_INT:
        range_rec(z, arg(z, a, 0), lo, hi, depth + 1);
        break;
    case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT:
        range_of_cmp(z, d, arg(z, a, 0), arg(z, a, 1), lo, hi, depth + 1);
        break;
    case Z3_OP_EQ:
        if (lpn__zis_bool(z, arg(z, a, 0)))
            *lo = 0, *hi = 1;
        else
            range_of_cmp(z, d, arg(z, a, 0), arg(z, a, 1), lo, hi, depth + 1);
        break;
    case Z3_OP_DISTINCT:
        if (n == 2 && !lpn__zis_bool(z, arg(z, a, 0))) {
            range_of_cmp(z, Z3_OP_EQ, arg(z, a, 0), arg(z, a, 1), &l1, &h1, depth + 1);
            *lo = 1 - h1, *hi = 1 - l1;
        } else
            *lo = 0, *hi = 1;
        break;
    case Z3_OP_NOT:
        range_rec(z, arg(z, a, 0), &l1, &h1, depth + 1);
        *lo = 1 - h1, *hi = 1 - l1;
        break;
    case Z3_OP_AND: case Z3_OP_OR: {
        bool and = d == Z3_OP_AND;
        int64_t rl = and ? 1 : 0, rh = and ? 1 : 0;
        for (unsigned k = 0; k < n; k++) {
            range_rec(z, arg(z, a, k), &l1, &h1, depth + 1);
            if (and)
                rl = rl && l1, rh = rh && h1;
            else
                rl = rl || l1, rh = rh || h1;
        }
        *lo = rl, *hi = rh;
        break;
    }
    default:
        if (lpn__zis_bool(z, a))
            *lo = 0, *hi = 1;
        return;   /* unknown constants and functions: unbounded, not memoized */
    }
    rng_put(z, id, *lo, *hi);
}

void lpn__zrange(struct lpn_zx *z, Z3_ast a, int64_t *lo, int64_t *hi) { range_rec(z, a, lo, hi, 0); }

/* ---- syntactic a >= b ------------------------------------------------------------
 * a >= b when b is reachable from a through "dominates" steps: max(x, y)
 * dominates x and y, x + c dominates x when c >= 0; or when a's interval
 * lies above b's. A term only contains terms created before it, and Z3's
 * ids grow with creation: a context made by Z3_mk_context keeps every term
 * on its trail until the context is deleted (Z3 4.8's api_context.cpp; the
 * header's remark about Z3_solver_pop is stale), so no id is reused. The
 * search therefore never expands a term older than b. Each term's
 * dominated terms are computed once. */
/* Whether A is max(x, y) as lpn__zmax builds it; sets X and Y. */
static bool is_max(struct lpn_zx *z, Z3_ast a, Z3_ast *x, Z3_ast *y)
{
    if (kind_of(z, a) != Z3_OP_ITE)
        return false;
    Z3_ast c = arg(z, a, 0), t = arg(z, a, 1), e = arg(z, a, 2);
    if (kind_of(z, c) != Z3_OP_GE || arg(z, c, 0) != t || arg(z, c, 1) != e)
        return false;
    *x = t, *y = e;
    return true;
}

static struct lpn_zkids *kid_slot(struct lpn_zx *z, unsigned id)
{
    size_t mask = z->kidcap - 1, h = (id * 0x9e3779b1u) & mask;
    while (z->kids[h].id && z->kids[h].id != id + 1)
        h = (h + 1) & mask;
    return &z->kids[h];
}

static const struct lpn_zkids *kids_of(struct lpn_zx *z, Z3_ast a)
{
    unsigned id = Z3_get_ast_id(z->c, a);
    if (z->kidcap) {
        struct lpn_zkids *k = kid_slot(z, id);
        if (k->id)
            return k;
    }
    if ((z->nkid + 1) * 2 > z->kidcap) {
        struct lpn_zkids *old = z->kids;
        size_t oldcap = z->kidcap;
        z->kidcap = oldcap ? oldcap * 2 : 4096;
        z->kids = sup_xcalloc(z->kidcap, sizeof *z->kids);
        for (size_t q = 0; q < oldcap; q++)
            if (old[q].id)
                *kid_slot(z, old[q].id - 1) = old[q];
        free(old);
    }
    struct lpn_zkids *k = kid_slot(z, id);
    Z3_ast x, y, buf[64];
    int n = 0;
    if (is_max(z, a, &x, &y)) {
        buf[n++] = x;
        buf[n++] = y;
    } else if (kind_of(z, a) == Z3_OP_ADD && !is_real(z, a) && nargs(z, a) <= 64) {
        unsigned na = nargs(z, a), neg = 0, at = 0;
        int64_t lo, hi;
        for (unsigned q = 0; q < na; q++) {
            range_rec(z, arg(z, a, q), &lo, &hi, 0);
            if (lo < 0)
                neg++, at = q;
        }
        for (unsigned q = 0; q < na && neg <= 1; q++)
            if (neg == 0 || q == at)   /* x dominated when every other addend is >= 0 */
                buf[n++] = arg(z, a, q);
    }
    k->id = id + 1;
    k->n = n;
    k->k = n ? sup_xmalloc((size_t)n * sizeof *k->k) : NULL;
    if (n)
        memcpy(k->k, buf, (size_t)n * sizeof *buf);
    z->nkid++;
    return k;
}

/* Marks ID visited in this query; false when it already was. */
static bool visit(struct lpn_zx *z, unsigned id)
{
    if (z->seencap == 0) {
        z->seencap = 1024;
        z->seen = sup_xcalloc(z->seencap, sizeof *z->seen);
        z->seenstamp = sup_xcalloc(z->seencap, sizeof *z->seenstamp);
    }
    size_t mask = z->seencap - 1, h = (id * 0x9e3779b1u) & mask, probes = 0;
    while (z->seenstamp[h] == z->stamp && z->seen[h] != id) {
        h = (h + 1) & mask;
        if (++probes > z->seencap / 2)
            return false;   /* full: treat as visited (the search gives up) */
    }
    if (z->seenstamp[h] == z->stamp)
        return false;
    z->seenstamp[h] = z->stamp;
    z->seen[h] = id;
    return true;
}

static bool reach(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    unsigned bid = Z3_get_ast_id(z->c, b);
    int64_t bl, bh, xl, xh;
    bool ints = !is_real(z, b);
    if (ints)
        range_rec(z, b, &bl, &bh, 0);
    z->stamp++;
    if (z->stamp == 0) {   /* wrapped: clear */
        memset(z->seenstamp, 0, z->seencap * sizeof *z->seenstamp);
        z->stamp = 1;
    }
    Z3_ast stack[512];
    int sp = 0, budget = 512;
    stack[sp++] = a;
    visit(z, Z3_get_ast_id(z->c, a));
    while (sp > 0 && budget-- > 0) {
        Z3_ast x = stack[--sp];
        if (x == b)
            return true;
        if (ints && !is_real(z, x)) {
            range_rec(z, x, &xl, &xh, 0);
            if (xl >= bh && xl > -LPN_ZINF && bh < LPN_ZINF)
                return true;
        }
        if (Z3_get_ast_id(z->c, x) < bid)
            continue;   /* older than b: cannot contain it */
        const struct lpn_zkids *k = kids_of(z, x);
        for (int q = 0; q < k->n && sp < 512; q++)
            if (visit(z, Z3_get_ast_id(z->c, k->k[q])))
                stack[sp++] = k->k[q];
    }
    return false;
}

bool lpn__zgeq(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    if (a == b)
        return true;
    Z3_ast x, y;
    if (is_max(z, b, &x, &y))   /* a >= max(x, y) when a >= x and a >= y */
        return lpn__zgeq(z, a, x) && lpn__zgeq(z, a, y);
    return reach(z, a, b);
}

/* ---- solving -------------------------------------------------------------------*/
static void sync_frames(struct lpn_zx *z, const Z3_ast *pc, int n)
{
    int common = 0;
    while (common < z->nframes && common < n && z->frames[common] == pc[common])
        common++;
    if (z->nframes > common) {
        Z3_solver_pop(z->c, z->s, (unsigned)(z->nframes - common));
        z->nframes = common;
    }
    for (int k = common; k < n; k++) {
        if (z->nframes == z->capframes) {
            z->capframes = z->capframes ? z->capframes * 2 : 64;
            z->frames = sup_xrealloc(z->frames, (size_t)z->capframes * sizeof *z->frames);
        }
        Z3_solver_push(z->c, z->s);
        Z3_solver_assert(z->c, z->s, pc[k]);
        z->frames[z->nframes++] = pc[k];
    }
}

int lpn__zcheck(struct lpn_zx *z, const Z3_ast *pc, int n, Z3_ast extra, Z3_model *model)
{
    if (model)
        *model = NULL;
    int64_t v;
    if (extra && lpn__zval(z, extra, &v) && !v)
        return 0;
    sync_frames(z, pc, n);
    if (extra) {
        Z3_solver_push(z->c, z->s);
        Z3_solver_assert(z->c, z->s, extra);
    }
    z->nchecks++;
    Z3_lbool r = Z3_solver_check(z->c, z->s);
    if (r == Z3_L_TRUE && model) {
        *model = Z3_solver_get_model(z->c, z->s);
        if (*model)
            Z3_model_inc_ref(z->c, *model);
    }
    if (extra)
        Z3_solver_pop(z->c, z->s, 1);
    return r == Z3_L_TRUE ? 1 : r == Z3_L_FALSE ? 0 : -1;
}

bool lpn__zprove(struct lpn_zx *z, const Z3_ast *pc, int n, Z3_ast cond)
{
    int64_t lo, hi;
    if (!is_real(z, cond)) {
        range_rec(z, cond, &lo, &hi, 0);
        if (lo == 1)
            return true;
    }
    return lpn__zcheck(z, pc, n, lpn__znot(z, cond), NULL) == 0;
}

bool lpn__zeval(struct lpn_zx *z, Z3_model md, Z3_ast a, double *v)
{
    Z3_ast r;
    if (!Z3_model_eval(z->c, md, a, true, &r) || !r)
        return false;
    return lpn__zdouble(z, r, v);
}
