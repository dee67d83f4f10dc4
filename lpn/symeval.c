/* symeval.c — evaluates the model's compiled expressions (the same
 * bytecode the simulator runs, lpn_impl.h) over symbolic tokens, giving Z3
 * terms. The bytecode comes from expr.c's structured code generator, so
 * jumps are rebuilt into ?:, && and || terms. Integer operations keep the
 * simulator's C semantics (truncating division, cdiv) in exact arithmetic;
 * a read of a token that is not (yet) there yields "missing" the way the
 * simulator's evaluation does, and a condition that decides whether a
 * missing read matters is handed back to be split on. */
#include "ana.h"

#include <string.h>

#define MAXSTACK (LPN_MAX_EXPR_DEPTH * 2 + 8)

static int fail(struct lpn_sectx *cx, uint32_t pc, const char *why)
{
    cx->pc = pc;
    cx->why = why;
    return LPN_SE_FAIL;
}

/* A value used as a condition: Int numerals 0/1 become false/true. */
static Z3_ast as_bool(struct lpn_zx *z, Z3_ast a)
{
    if (!a || lpn__zis_bool(z, a))
        return a;
    int64_t v;
    if (lpn__zval(z, a, &v))
        return v ? Z3_mk_true(z->c) : Z3_mk_false(z->c);
    return Z3_mk_not(z->c, Z3_mk_eq(z->c, a, lpn__znum(z, 0)));
}

/* -1 unknown, 0 false, 1 true for every input on the current path. */
static int known(struct lpn_sectx *cx, Z3_ast c)
{
    int64_t lo, hi;
    lpn__zrange(cx->z, c, &lo, &hi);
    if (lo == hi)
        return (int)lo;
    if (lpn__zprove(cx->z, cx->st->pc, cx->st->npc, c))
        return 1;
    if (lpn__zprove(cx->z, cx->st->pc, cx->st->npc, lpn__znot(cx->z, c)))
        return 0;
    return -1;
}

static bool nonneg(struct lpn_zx *z, Z3_ast a)
{
    int64_t lo, hi;
    lpn__zrange(z, a, &lo, &hi);
    return lo >= 0;
}

static bool positive(struct lpn_zx *z, Z3_ast a)
{
    int64_t lo, hi;
    lpn__zrange(z, a, &lo, &hi);
    return lo > 0;
}

static Z3_ast neg(struct lpn_zx *z, Z3_ast a) { return lpn__zsub(z, lpn__znum(z, 0), a); }

/* C's a / b (truncating). */
static Z3_ast tdiv(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y) && y)
        return lpn__znum(z, lpn__div(x, y));
    if (nonneg(z, a) && positive(z, b))
        return Z3_mk_div(z->c, a, b);
    if (positive(z, b))
        return lpn__zite(z, Z3_mk_ge(z->c, a, lpn__znum(z, 0)), Z3_mk_div(z->c, a, b), neg(z, Z3_mk_div(z->c, neg(z, a), b)));
    Z3_ast aa = lpn__zite(z, Z3_mk_ge(z->c, a, lpn__znum(z, 0)), a, neg(z, a));
    Z3_ast ab = lpn__zite(z, Z3_mk_ge(z->c, b, lpn__znum(z, 0)), b, neg(z, b));
    Z3_ast q = Z3_mk_div(z->c, aa, ab);
    Z3_ast opp = Z3_mk_xor(z->c, Z3_mk_lt(z->c, a, lpn__znum(z, 0)), Z3_mk_lt(z->c, b, lpn__znum(z, 0)));
    return lpn__zite(z, opp, neg(z, q), q);
}

static Z3_ast tmod(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y) && y)
        return lpn__znum(z, lpn__mod(x, y));
    if (nonneg(z, a) && positive(z, b))
        return Z3_mk_mod(z->c, a, b);
    return lpn__zsub(z, a, lpn__zmul(z, b, tdiv(z, a, b)));
}

static Z3_ast cdiv(struct lpn_zx *z, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y) && y)
        return lpn__znum(z, lpn__cdiv(x, y));
    if (nonneg(z, a) && positive(z, b))   /* ceil(a/b) = -floor(-a/b) */
        return neg(z, Z3_mk_div(z->c, neg(z, a), b));
    Z3_ast q = tdiv(z, a, b), r = tmod(z, a, b);
    Z3_ast up = lpn__zand(z, lpn__znot(z, Z3_mk_eq(z->c, r, lpn__znum(z, 0))),
                          Z3_mk_eq(z->c, Z3_mk_gt(z->c, r, lpn__znum(z, 0)), Z3_mk_gt(z->c, b, lpn__znum(z, 0))));
    return lpn__zite(z, up, lpn__zadd(z, q, lpn__znum(z, 1)), q);
}

static Z3_ast cmp(struct lpn_zx *z, int op, Z3_ast a, Z3_ast b)
{
    int64_t x, y;
    if (lpn__zis_bool(z, a) || lpn__zis_bool(z, b)) {   /* == / != of conditions */
        a = as_bool(z, a), b = as_bool(z, b);
        Z3_ast e = Z3_mk_eq(z->c, a, b);
        return op == LPN_OP_EQ ? e : lpn__znot(z, e);
    }
    if (lpn__zval(z, a, &x) && lpn__zval(z, b, &y)) {
        bool r = false;
        switch (op) {
        case LPN_OP_EQ: r = x == y; break;
        case LPN_OP_NE: r = x != y; break;
        case LPN_OP_LT: r = x < y; break;
        case LPN_OP_LE: r = x <= y; break;
        case LPN_OP_GT: r = x > y; break;
        default: r = x >= y; break;
        }
        return r ? Z3_mk_true(z->c) : Z3_mk_false(z->c);
    }
    switch (op) {
    case LPN_OP_EQ: return Z3_mk_eq(z->c, a, b);
    case LPN_OP_NE: return lpn__znot(z, Z3_mk_eq(z->c, a, b));
    case LPN_OP_LT: return Z3_mk_lt(z->c, a, b);
    case LPN_OP_LE: return Z3_mk_le(z->c, a, b);
    case LPN_OP_GT: return Z3_mk_gt(z->c, a, b);
    default: return Z3_mk_ge(z->c, a, b);
    }
}

static int read_tok(struct lpn_sectx *cx, uint32_t pc, int in, int64_t k, int prop, Z3_ast *out)
{
    *out = NULL;
    if (k < 0 || k >= cx->avail[in]) {
        if (!cx->peek)
            return fail(cx, pc, "reads a token that the firing does not consume");
        return LPN_SE_OK;   /* missing */
    }
    const struct lpn_splace *p = &cx->st->pl[cx->t->in[in].place];
    int64_t at = cx->base[in] + k;
    if (at >= p->n)
        return LPN_SE_OK;
    if (cx->maxread && k > cx->maxread[in])
        cx->maxread[in] = k;
    *out = p->tok[at].props[prop];
    return LPN_SE_OK;
}

static int run(struct lpn_sectx *cx, const struct lpn_expr *e, uint32_t from, uint32_t to, Z3_ast *st, int *sp);

/* Evaluates [from, to) to one value. */
static int run1(struct lpn_sectx *cx, const struct lpn_expr *e, uint32_t from, uint32_t to, Z3_ast *out)
{
    Z3_ast st[MAXSTACK];
    int sp = 0;
    int r = run(cx, e, from, to, st, &sp);
    if (r != LPN_SE_OK)
        return r;
    if (sp != 1)
        return fail(cx, from, "unexpected expression structure");
    *out = st[0];
    return LPN_SE_OK;
}

static int run(struct lpn_sectx *cx, const struct lpn_expr *e, uint32_t from, uint32_t to, Z3_ast *st, int *spp)
{
    struct lpn_zx *z = cx->z;
    int sp = *spp, r;
    for (uint32_t k = from; k < to; k++) {
        const struct lpn_insn *in = &e->code[k];
        Z3_ast a, b, c;
        int64_t v;
        if (sp + 2 > MAXSTACK)
            return fail(cx, k, "expression too deep");
        switch (in->op) {
        case LPN_OP_CONST: st[sp++] = lpn__znum(z, in->v); break;
        case LPN_OP_INDEX: st[sp++] = lpn__znum(z, cx->idx); break;
        case LPN_OP_TOK:
            if ((r = read_tok(cx, k, in->in, in->v, (int)in->a, &st[sp])) != LPN_SE_OK)
                return r;
            sp++;
            break;
        case LPN_OP_TOKX: {
            a = st[--sp];
            if (!a) {
                st[sp++] = NULL;
                break;
            }
            int64_t lo, hi;
            lpn__zrange(z, a, &lo, &hi);
            if (lo != hi)
                return fail(cx, k, "a token index that depends on the input is not supported by the analyses");
            if ((r = read_tok(cx, k, in->in, lo, (int)in->a, &st[sp])) != LPN_SE_OK)
                return r;
            sp++;
            break;
        }
        case LPN_OP_LEN: {
            int place = cx->t->in[in->in].place;
            if (cx->peek && cx->m->places[place].nwriters > 0)
                return fail(cx, k, "len() of a place that transitions write to depends on timing in a guard or "
                                   "weight; the analyses support it only for places without producers");
            st[sp++] = lpn__znum(z, cx->avail[in->in]);
            break;
        }
        case LPN_OP_NEG: if (st[sp - 1]) st[sp - 1] = neg(z, st[sp - 1]); break;
        case LPN_OP_NOT: if (st[sp - 1]) st[sp - 1] = lpn__znot(z, as_bool(z, st[sp - 1])); break;
        case LPN_OP_BOOL: if (st[sp - 1]) st[sp - 1] = as_bool(z, st[sp - 1]); break;
        case LPN_OP_ABS:
            if ((a = st[sp - 1])) {
                if (lpn__zval(z, a, &v))
                    st[sp - 1] = lpn__znum(z, v < 0 ? lpn__sub(0, v) : v);
                else
                    st[sp - 1] = nonneg(z, a) ? a : lpn__zite(z, Z3_mk_ge(z->c, a, lpn__znum(z, 0)), a, neg(z, a));
            }
            break;
        case LPN_OP_HASH:
            if ((a = st[sp - 1])) {
                if (!lpn__zval(z, a, &v))
                    return fail(cx, k, "hash() of a value that depends on the input is not supported by the analyses");
                st[sp - 1] = lpn__znum(z, (int64_t)(lpn__mix((uint64_t)v) >> 33));
            }
            break;
        case LPN_OP_JZ: {   /* c ? then : else, laid out as: c JZ(else) then JMP(end) else */
            c = as_bool(z, st[--sp]);
            uint32_t else_at = in->a;
            if (else_at == 0 || else_at > to || e->code[else_at - 1].op != LPN_OP_JMP)
                return fail(cx, k, "unexpected expression structure");
            uint32_t end = e->code[else_at - 1].a;
            Z3_ast x, y;
            if ((r = run1(cx, e, k + 1, else_at - 1, &x)) != LPN_SE_OK || (r = run1(cx, e, else_at, end, &y)) != LPN_SE_OK)
                return r;
            if (!c)
                st[sp++] = NULL;
            else if (x && y)
                st[sp++] = lpn__zite(z, c, lpn__zis_bool(z, x) || lpn__zis_bool(z, y) ? as_bool(z, x) : x,
                                     lpn__zis_bool(z, x) || lpn__zis_bool(z, y) ? as_bool(z, y) : y);
            else {
                int kn = known(cx, c);
                if (kn < 0) {
                    cx->split = c;
                    return LPN_SE_SPLIT;
                }
                st[sp++] = kn ? x : y;
            }
            k = end - 1;
            break;
        }
        case LPN_OP_JZK: case LPN_OP_JNZK: {   /* a && b / a || b: a JZK(end) b */
            bool and = in->op == LPN_OP_JZK;
            c = as_bool(z, st[--sp]);
            Z3_ast rhs;
            if (in->a > to || in->a <= k)
                return fail(cx, k, "unexpected expression structure");
            if ((r = run1(cx, e, k + 1, in->a, &rhs)) != LPN_SE_OK)
                return r;
            rhs = as_bool(z, rhs);
            if (!c)
                st[sp++] = NULL;
            else if (rhs)
                st[sp++] = and ? lpn__zand(z, c, rhs) : lpn__zor(z, c, rhs);
            else {
                int kn = known(cx, c);
                if (kn < 0) {
                    cx->split = c;
                    return LPN_SE_SPLIT;
                }
                /* the right side is not read when the left decides */
                st[sp++] = (and ? !kn : kn) ? (kn ? Z3_mk_true(z->c) : Z3_mk_false(z->c)) : NULL;
            }
            k = in->a - 1;
            break;
        }
        case LPN_OP_JNZ: case LPN_OP_JMP:
            return fail(cx, k, "unexpected expression structure");
        default:
            b = st[--sp];
            a = st[sp - 1];
            if (!a || !b) {
                st[sp - 1] = NULL;
                break;
            }
            switch (in->op) {
            case LPN_OP_ADD: st[sp - 1] = lpn__zadd(z, a, b); break;
            case LPN_OP_SUB: st[sp - 1] = lpn__zsub(z, a, b); break;
            case LPN_OP_MUL: st[sp - 1] = lpn__zmul(z, a, b); break;
            case LPN_OP_DIV: st[sp - 1] = tdiv(z, a, b); break;
            case LPN_OP_MOD: st[sp - 1] = tmod(z, a, b); break;
            case LPN_OP_CDIV: st[sp - 1] = cdiv(z, a, b); break;
            case LPN_OP_MIN: st[sp - 1] = lpn__zmin(z, a, b); break;
            case LPN_OP_MAX: st[sp - 1] = lpn__zmax(z, a, b); break;
            case LPN_OP_EQ: case LPN_OP_NE: case LPN_OP_LT: case LPN_OP_LE: case LPN_OP_GT: case LPN_OP_GE:
                st[sp - 1] = cmp(z, in->op, a, b);
                break;
            default:
                return fail(cx, k, "unknown operation");
            }
            if (lpn__zx_error())
                return fail(cx, k, "internal error: the solver rejected a term");
        }
    }
    *spp = sp;
    return LPN_SE_OK;
}

int lpn__seval(struct lpn_sectx *cx, const struct lpn_expr *e, Z3_ast *out)
{
    struct lpn_zx *z = cx->z;
    cx->split = NULL;
    cx->why = NULL;
    cx->pc = 0;
    if (e->is_const) {
        *out = e->is_bool ? (e->cval ? Z3_mk_true(z->c) : Z3_mk_false(z->c)) : lpn__znum(z, e->cval);
        return LPN_SE_OK;
    }
    Z3_ast v;
    int r = run1(cx, e, 0, e->ncode, &v);
    if (r != LPN_SE_OK)
        return r;
    if (!v)
        return LPN_SE_MISSING;
    *out = e->is_bool ? as_bool(z, v) : v;
    return LPN_SE_OK;
}
