/* symexec.c — symbolic execution of an LPN over an input space (seed 000
 * A.2, ANALYSIS.md "Symbolic execution"): transitions commit as soon as
 * their tokens are materialized, each firing getting symbolic start and
 * commit times (max of the times of the tokens it reads, of its own earlier
 * firings and of the lock order of shared places, plus its delay). Guards,
 * weights and counts that depend on the input split the path (Z3 decides
 * which sides are feasible); every finished path is a set of inputs with
 * one abstract trace and an exact latency term. Constructs whose outcome
 * depends on timing (races, inhibitors, len() of produced places, merged
 * property tokens) are refused with a located error. */
#define _POSIX_C_SOURCE 200809L
#include "ana.h"
#include "support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { FIRED, NOT_NOW, RETRY, FAILED };

struct sx {
    struct lpn_classes *cl;
    struct lpn_space *sp;
    struct lpn_zx *z;
    const struct lpn_model *m;
    const struct lpn_limits *lim;
    FILE *diag;
    struct lpn_sstate **work;
    int nwork, capwork;
    double t0;
    bool failed, limited;
    int merge_wait;              /* place a consumption waited on in this pass, -1 */
    int race_wait[3];            /* place, transition, rival: a race undecided in this pass ([0] = -1: none) */
    int *rival, *rival_place;    /* readers that may take the head of a shared place first, and the place */
    int nrival;
    int *route_via;              /* per shared place: the routed place its readers all take from, or -1 */
    /* scratch, per input of the transition being tried */
    int64_t *base, *avail, *w, *maxread, *rbase, *ravail;
    int *pos;                    /* per output: where its tokens go in a merged place */
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void *lpn__aalloc(void **arena, size_t n)
{
    struct blk { struct blk *next; max_align_t data[]; } *b = sup_xcalloc(1, sizeof *b + n + 1);
    b->next = *arena;
    *arena = b;
    return b->data;
}

void lpn__afree(void **arena)
{
    struct blk { struct blk *next; } *b = *arena;
    while (b) {
        struct blk *n = b->next;
        free(b);
        b = n;
    }
    *arena = NULL;
}

static void xerr(struct sx *x, unsigned line, unsigned col, const char *fmt, ...) SUP_PRINTF(4, 5);
static void xerr(struct sx *x, unsigned line, unsigned col, const char *fmt, ...)
{
    if (x->failed)
        return;
    x->failed = true;
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sup_diag(x->diag, lpn_model_source(x->m), line, col, "error", "%s", msg);
}

/* ---- states --------------------------------------------------------------------*/
static struct lpn_sstate *state_new(const struct lpn_model *m)
{
    struct lpn_sstate *s = sup_xcalloc(1, sizeof *s);
    s->pl = sup_xcalloc((size_t)m->nplaces + 1, sizeof *s->pl);
    s->tfir = sup_xcalloc((size_t)m->ntrans + 1, sizeof *s->tfir);
    s->ntfir = sup_xcalloc((size_t)m->ntrans + 1, sizeof *s->ntfir);
    s->captfir = sup_xcalloc((size_t)m->ntrans + 1, sizeof *s->captfir);
    return s;
}

static void state_free(const struct lpn_model *m, struct lpn_sstate *s)
{
    if (!s)
        return;
    for (int p = 0; p < m->nplaces; p++)
        free(s->pl[p].tok);
    for (int t = 0; t < m->ntrans; t++)
        free(s->tfir[t]);
    free(s->pl);
    free(s->tfir);
    free(s->ntfir);
    free(s->captfir);
    free(s->fir);
    free(s->pc);
    free(s);
}

static void *dup(const void *p, size_t n)
{
    void *q = sup_xmalloc(n ? n : 1);
    if (n)
        memcpy(q, p, n);
    return q;
}

static struct lpn_sstate *state_clone(const struct lpn_model *m, const struct lpn_sstate *s)
{
    struct lpn_sstate *c = sup_xcalloc(1, sizeof *c);
    c->pl = dup(s->pl, ((size_t)m->nplaces + 1) * sizeof *s->pl);
    for (int p = 0; p < m->nplaces; p++) {
        c->pl[p].tok = dup(s->pl[p].tok, (size_t)s->pl[p].n * sizeof *s->pl[p].tok);
        c->pl[p].cap = s->pl[p].n;
    }
    c->fir = dup(s->fir, (size_t)s->nfir * sizeof *s->fir);
    c->nfir = c->capfir = s->nfir;
    c->tfir = sup_xcalloc((size_t)m->ntrans + 1, sizeof *c->tfir);
    c->ntfir = dup(s->ntfir, ((size_t)m->ntrans + 1) * sizeof *s->ntfir);
    c->captfir = dup(s->ntfir, ((size_t)m->ntrans + 1) * sizeof *s->ntfir);
    for (int t = 0; t < m->ntrans; t++)
        c->tfir[t] = dup(s->tfir[t], (size_t)s->ntfir[t] * sizeof *s->tfir[t]);
    c->pc = dup(s->pc, (size_t)s->npc * sizeof *s->pc);
    c->npc = c->cappc = s->npc;
    return c;
}

static void pc_push(struct lpn_sstate *s, Z3_ast c)
{
    if (s->npc == s->cappc) {
        s->cappc = s->cappc ? s->cappc * 2 : 16;
        s->pc = sup_xrealloc(s->pc, (size_t)s->cappc * sizeof *s->pc);
    }
    s->pc[s->npc++] = c;
}

static void tok_push(struct lpn_splace *p, int64_t at, Z3_ast ts, Z3_ast *props, bool made)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 16;
        p->tok = sup_xrealloc(p->tok, (size_t)p->cap * sizeof *p->tok);
    }
    if (p->n > at)
        memmove(&p->tok[at + 1], &p->tok[at], (size_t)(p->n - at) * sizeof *p->tok);
    p->tok[at].ts = ts;
    p->tok[at].props = props;
    p->tok[at].made = made;
    p->n++;
}

/* ---- decisions -----------------------------------------------------------------*/
/* Whether COND holds on the current path; splits the path when both sides
 * are possible (the other side is queued). -1 when the path limit stops it. */
static int decide(struct sx *x, struct lpn_sstate *st, Z3_ast cond)
{
    int64_t lo, hi;
    lpn__zrange(x->z, cond, &lo, &hi);
    if (lo == hi)
        return (int)lo;
    int yes = lpn__zcheck(x->z, st->pc, st->npc, cond, NULL);
    if (yes == 0)
        return 0;
    int no = lpn__zcheck(x->z, st->pc, st->npc, lpn__znot(x->z, cond), NULL);
    if (no == 0)
        return 1;
    if ((uint64_t)(x->cl->nsets + x->nwork + 1) >= x->lim->max_paths) {
        x->limited = true;
        if (!x->cl->limit_msg) {
            char buf[200];
            snprintf(buf, sizeof buf, "stopped at %llu paths (--max-paths); the classes cover part of the space",
                     (unsigned long long)x->lim->max_paths);
            x->cl->limit_msg = sup_strdup(buf);
        }
        return -1;
    }
    struct lpn_sstate *c = state_clone(x->m, st);
    pc_push(c, lpn__znot(x->z, cond));
    if (x->nwork == x->capwork) {
        x->capwork = x->capwork ? x->capwork * 2 : 16;
        x->work = sup_xrealloc(x->work, (size_t)x->capwork * sizeof *x->work);
    }
    x->work[x->nwork++] = c;
    pc_push(st, cond);
    return 1;
}

/* An integer term's value on this path; splits on one value at a time.
 * Returns 0 with *v set, RETRY after a split to the other side, -1 limit. */
static int concrete(struct sx *x, struct lpn_sstate *st, Z3_ast a, int64_t *v)
{
    if (lpn__zval(x->z, a, v))
        return 0;
    int64_t lo, hi;
    lpn__zrange(x->z, a, &lo, &hi);
    if (lo == hi) {
        *v = lo;
        return 0;
    }
    Z3_model md;
    int r = lpn__zcheck(x->z, st->pc, st->npc, NULL, &md);
    double d = 0;
    if (r != 1 || !md || !lpn__zeval(x->z, md, a, &d)) {
        if (md)
            Z3_model_dec_ref(x->z->c, md);
        return -2;
    }
    Z3_model_dec_ref(x->z->c, md);
    *v = (int64_t)d;
    int k = decide(x, st, Z3_mk_eq(x->z->c, a, lpn__znum(x->z, *v)));
    return k < 0 ? -1 : k ? 0 : RETRY;
}

/* ---- the initial state ---------------------------------------------------------*/
static struct lpn_sstate *initial_state(struct sx *x)
{
    const struct lpn_model *m = x->m;
    struct lpn_zx *z = x->z;
    struct lpn_sstate *st = state_new(m);
    Z3_ast zero = lpn__znum(z, 0);
    for (int p = 0; p < m->nplaces; p++)
        if (m->places[p].cap_of >= 0)
            for (int64_t k = 0; k < m->places[p].initial; k++)
                tok_push(&st->pl[p], st->pl[p].n, zero, NULL, false);
    for (int g = 0; g < m->ngens; g++) {
        const struct lpn_tokgen *gen = &m->gens[g];
        if (gen->generator)
            continue;
        const struct lpn_place *pl = &m->places[gen->place];
        for (int64_t i = 0; i < gen->count; i++) {
            int64_t at = 0, v;
            uint32_t pc;
            if (lpn__eval_simple(&gen->at, i, &at, &pc) != 0 || at != 0) {
                xerr(x, gen->line, gen->col, "initial tokens must arrive at cycle 0 for the analyses");
                state_free(m, st);
                return NULL;
            }
            Z3_ast *props = pl->nprops ? lpn__aalloc(&x->cl->arena, (size_t)pl->nprops * sizeof *props) : NULL;
            for (int k = 0; k < pl->nprops; k++) {
                if (lpn__eval_simple(&gen->props[k], i, &v, &pc) != 0) {
                    xerr(x, gen->line, gen->col, "%s (for initial token %lld)", lpn__eval_errmsg(&gen->props[k], pc), (long long)i);
                    state_free(m, st);
                    return NULL;
                }
                props[k] = lpn__znum(z, v);
            }
            tok_push(&st->pl[gen->place], st->pl[gen->place].n, zero, props, false);
        }
    }
    struct lpn_space *sp = x->sp;
    for (int t = 0; t < sp->ntok; t++) {
        Z3_ast *props = sp->nprops ? lpn__aalloc(&x->cl->arena, (size_t)sp->nprops * sizeof *props) : NULL;
        for (int k = 0; k < sp->nprops; k++)
            props[k] = sp->val[(size_t)t * (size_t)sp->nprops + (size_t)k];
        tok_push(&st->pl[sp->place], st->pl[sp->place].n, zero, props, false);
    }
    return st;
}

/* ---- trying one firing ---------------------------------------------------------*/
/* Reports a failed evaluation of E (what: "the delay") of transition T. */
static void eval_fail(struct sx *x, const struct lpn_transition *t, const struct lpn_expr *e, const struct lpn_sectx *cx,
                      const char *what)
{
    unsigned line = e->code ? e->iline[cx->pc] : e->line ? e->line : t->line;
    unsigned col = e->code ? e->icol[cx->pc] : e->line ? e->col : t->col;
    xerr(x, line, col, "%s (in %s of transition '%s')", cx->why ? cx->why : "cannot evaluate", what, t->name);
}

/* Evaluates E; maps the evaluator's outcomes to FIRED (value in *out),
 * NOT_NOW (missing tokens, peek only), RETRY (after a split) or FAILED. */
static int eval(struct sx *x, struct lpn_sstate *st, struct lpn_sectx *cx, const struct lpn_transition *t,
                const struct lpn_expr *e, const char *what, Z3_ast *out)
{
    cx->st = st;
    int r = lpn__seval(cx, e, out);
    if (r == LPN_SE_OK)
        return FIRED;
    if (r == LPN_SE_MISSING) {
        if (cx->peek)
            return NOT_NOW;
        cx->why = "reads a token that the firing does not consume";
        eval_fail(x, t, e, cx, what);
        return FAILED;
    }
    if (r == LPN_SE_SPLIT) {
        int d = decide(x, st, cx->split);
        return d < 0 ? FAILED : RETRY;
    }
    eval_fail(x, t, e, cx, what);
    return FAILED;
}

/* A lower bound of the commit time of any future firing of W (depth-limited). */
static Z3_ast future_lb(struct sx *x, const struct lpn_sstate *st, int w, int depth, bool *never)
{
    const struct lpn_model *m = x->m;
    const struct lpn_transition *t = &m->trans[w];
    Z3_ast lb = lpn__znum(x->z, 0);
    *never = false;
    if (st->ntfir[w])
        lb = st->fir[st->tfir[w][st->ntfir[w] - 1]].commit;
    for (int j = 0; j < t->nin; j++) {
        const struct lpn_in *in = &t->in[j];
        if (in->cap_for >= 0 || !in->weight.is_const || in->weight.cval < 1)
            continue;
        const struct lpn_splace *q = &st->pl[in->place];
        if (q->head + in->weight.cval - 1 < q->n) {
            lb = lpn__zmax(x->z, lb, q->tok[q->head + in->weight.cval - 1].ts);
        } else if (m->places[in->place].nwriters == 0) {
            *never = true;
            return lb;
        } else if (depth < 2) {
            Z3_ast best = NULL;
            const struct lpn_place *pl = &m->places[in->place];
            for (int k = 0; k < pl->nwriters; k++) {
                bool nv;
                Z3_ast b = future_lb(x, st, pl->writers[k], depth + 1, &nv);
                if (!nv)
                    best = best ? lpn__zmin(x->z, best, b) : b;
            }
            if (!best) {
                *never = true;
                return lb;
            }
            lb = lpn__zmax(x->z, lb, best);
        }
        if (q->last_lock && m->places[in->place].nreaders > 1)
            lb = lpn__zmax(x->z, lb, q->last_lock);
    }
    return lb;
}

/* Whether consuming tokens up to index LAST of merged place P is safe: no
 * future token can arrive before it. */
static bool merge_safe(struct sx *x, struct lpn_sstate *st, int p, int64_t last)
{
    const struct lpn_place *pl = &x->m->places[p];
    Z3_ast ts = st->pl[p].tok[last].ts;
    for (int k = 0; k < pl->nwriters; k++) {
        bool never;
        Z3_ast lb = future_lb(x, st, pl->writers[k], 0, &never);
        if (never || lpn__zgeq(x->z, lb, ts))
            continue;
        if (!lpn__zprove(x->z, st->pc, st->npc, Z3_mk_ge(x->z->c, lb, ts)))
            return false;
    }
    return true;
}

static bool is_merged(const struct lpn_model *m, int p)
{
    return m->places[p].nwriters > 1 && m->places[p].nreaders > 0;
}

/* ---- races on shared places, by the simulator's rule -------------------------------
 * T is about to take the head of shared place P at start S. In the
 * simulator, a rival reader R takes it instead when R is enabled earlier,
 * or at the same cycle with a smaller id (FORMAT.md "Order within a
 * cycle"). R cannot be earlier when it needs tokens that only firings after
 * T's can make (after_t), or when a lower bound of its start is proven
 * later; when R's tokens are all materialized and it has no guard, that
 * bound is its start and the path splits on the order if both are
 * possible. Otherwise T waits; a path that can only wait is refused. */

/* Every future firing of a writer of Q comes after the firing of TID being
 * tried: each writer is TID, or needs tokens of such a place (depth-limited). */
static bool after_t(struct sx *x, const struct lpn_sstate *st, int q, int tid, int depth)
{
    const struct lpn_place *pl = &x->m->places[q];
    for (int k = 0; k < pl->nwriters; k++) {
        int w = pl->writers[k];
        if (w == tid)
            continue;
        if (depth >= 3)
            return false;
        const struct lpn_transition *t = &x->m->trans[w];
        bool after = false;
        for (int j = 0; j < t->nin && !after; j++) {
            const struct lpn_in *in = &t->in[j];
            if (in->inhibit || !in->weight.is_const || in->weight.cval < 1)
                continue;
            const struct lpn_splace *sq = &st->pl[in->place];
            after = sq->n - sq->head < in->weight.cval && after_t(x, st, in->place, tid, depth + 1);
        }
        if (!after)
            return false;
    }
    return true;
}

/* A lower bound of the start of rival RID taking the head of P (*EXACT: its
 * start); false when R cannot fire before T's firing. */
static bool rival_start(struct sx *x, const struct lpn_sstate *st, int tid, int rid, int p, Z3_ast *lb, bool *exact,
                        bool *round0)
{
    const struct lpn_model *m = x->m;
    const struct lpn_transition *r = &m->trans[rid];
    struct lpn_zx *z = x->z;
    Z3_ast b = lpn__znum(z, 0);
    *exact = !r->has_guard;
    int64_t n = st->ntfir[rid];
    *round0 = n == 0;
    if (n >= r->inflight)
        b = st->fir[st->tfir[rid][n - r->inflight]].commit;
    if (n >= 1 && r->inflight > 1)
        b = lpn__zmax(z, b, st->fir[st->tfir[rid][n - 1]].start);
    if (n >= 1 && r->ii)
        b = lpn__zmax(z, b, lpn__zadd(z, st->fir[st->tfir[rid][n - 1]].start, lpn__znum(z, r->ii)));
    for (int j = 0; j < r->nin; j++) {
        const struct lpn_in *in = &r->in[j];
        if (in->has_guard)
            *exact = false;
        int64_t need = in->weight.is_const ? in->weight.cval : 1;
        if (!in->weight.is_const)
            *exact = false;
        if (need < 1)
            continue;
        const struct lpn_splace *q = &st->pl[in->place];
        if (q->n - q->head >= need) {
            b = lpn__zmax(z, b, q->tok[q->head + need - 1].ts);
            for (int64_t i = 0; i < need; i++)
                *round0 &= !q->tok[q->head + i].made;
            /* another shared place: a third reader may take these first */
            if (m->places[in->place].nreaders > 1 && in->place != p)
                *exact = false;
        } else {
            *exact = false;
            if (after_t(x, st, in->place, tid, 0))
                return false;
            const struct lpn_place *pl = &m->places[in->place];
            Z3_ast best = NULL;
            for (int k = 0; k < pl->nwriters; k++) {
                bool never;
                Z3_ast f = future_lb(x, st, pl->writers[k], 0, &never);
                if (!never)
                    best = best ? lpn__zmin(z, best, f) : f;
            }
            if (!best)
                return false;
            b = lpn__zmax(z, b, best);
        }
        if (q->last_lock && m->places[in->place].nreaders > 1) {
            b = lpn__zmax(z, b, q->last_lock);
            *round0 = false;
        }
    }
    *lb = b;
    return true;
}

/* Whether T's firing starts in the first pass of cycle 0 (FORMAT.md "Order
 * within a cycle"): its first firing, on initial or input tokens only. */
static bool starts_round0(struct sx *x, const struct lpn_sstate *st, int tid)
{
    const struct lpn_transition *t = &x->m->trans[tid];
    if (st->ntfir[tid])
        return false;
    for (int j = 0; j < t->nin; j++) {
        const struct lpn_splace *q = &st->pl[t->in[j].place];
        int64_t last = x->w[j] - 1 > x->maxread[j] ? x->w[j] - 1 : x->maxread[j];
        for (int64_t i = 0; i <= last && x->base[j] + i < q->n; i++)
            if (q->tok[x->base[j] + i].made)
                return false;
        if (x->w[j] > 0 && q->last_lock && x->m->places[t->in[j].place].nreaders > 1)
            return false;
    }
    return true;
}

/* Orders T (starting at S) before every rival found by check_routing:
 * FIRED, NOT_NOW (a rival goes first, or the order is not known yet) or
 * FAILED (an unsupported tie, or the path limit). Two readers enabled at
 * one cycle are checked in id order only in that cycle's first pass; when
 * commits of the cycle enable them, their order is the commits' order,
 * which the analyses do not track: such ties are refused. */
static int resolve_rivals(struct sx *x, struct lpn_sstate *st, int tid, Z3_ast S)
{
    struct lpn_zx *z = x->z;
    const struct lpn_model *m = x->m;
    bool t0 = starts_round0(x, st, tid);
    for (int k = 0; k < x->nrival; k++) {
        int rid = x->rival[k];
        Z3_ast lb;
        bool exact, r0;
        if (!rival_start(x, st, tid, rid, x->rival_place[k], &lb, &exact, &r0))
            continue;
        bool id_tie = t0 && r0 && exact;   /* a tie, if any, is decided by the ids */
        Z3_ast later = Z3_mk_gt(z->c, lb, S);
        if (lpn__zprove(z, st->pc, st->npc, later) ||
            (id_tie && rid > tid && lpn__zprove(z, st->pc, st->npc, Z3_mk_ge(z->c, lb, S))))
            continue;
        if (!exact) {
            x->race_wait[0] = x->rival_place[k], x->race_wait[1] = tid, x->race_wait[2] = rid;
            return NOT_NOW;
        }
        int d = decide(x, st, later);
        if (d < 0)
            return FAILED;
        if (d)
            continue;
        d = decide(x, st, Z3_mk_lt(z->c, lb, S));
        if (d < 0)
            return FAILED;
        if (d)
            return NOT_NOW;   /* the rival starts first */
        if (id_tie) {
            if (rid > tid)
                continue;
            return NOT_NOW;
        }
        const struct lpn_place *pl = &m->places[x->rival_place[k]];
        xerr(x, pl->line, pl->col, "'%s' and '%s' can be enabled at the same cycle to take the head token of place '%s' "
             "for some inputs, by commits of that cycle: which one takes it depends on the order of those commits, "
             "which the analyses do not follow (add a constraint that excludes the tie)",
             m->trans[tid].name, m->trans[rid].name, pl->name);
        return FAILED;
    }
    return FIRED;
}

/* Shared place P, which T is about to take tokens from: every other reader
 * whose guard may hold on its head tokens on this path is a rival (kept in
 * x->rival), to be ordered by time once T's start is known (resolve_rivals). */
static int check_routing(struct sx *x, struct lpn_sstate *st, int tid, int p)
{
    const struct lpn_model *m = x->m;
    const struct lpn_place *pl = &m->places[p];
    for (int k = 0; k < pl->nreaders; k++) {
        if (pl->readers[k] == tid)
            continue;
        const struct lpn_transition *r = &m->trans[pl->readers[k]];
        int j = 0;
        while (r->in[j].place != p)
            j++;
        for (int q = 0; q < r->nin; q++)
            x->rbase[q] = st->pl[r->in[q].place].head, x->ravail[q] = 0;
        x->ravail[j] = st->pl[p].n - st->pl[p].head;
        struct lpn_sectx cx = {.z = x->z, .m = m, .t = r, .base = x->rbase, .avail = x->ravail, .peek = true};
        Z3_ast g = lpn__ztrue(x->z), v;
        for (int q = 0; q < 2; q++) {
            const struct lpn_expr *e = q ? &r->guard : &r->in[j].guard;
            if (!(q ? r->has_guard : r->in[j].has_guard))
                continue;
            int res = eval(x, st, &cx, r, e, "a guard", &v);
            if (res == NOT_NOW) {   /* it reads other places: it may hold */
                g = NULL;
                break;
            }
            if (res != FIRED)
                return res;
            g = lpn__zand(x->z, g, v);
        }
        if (!g || lpn__zcheck(x->z, st->pc, st->npc, g, NULL) != 0) {
            /* R may take the head: whoever is enabled first does (below) */
            x->rival[x->nrival] = pl->readers[k];
            x->rival_place[x->nrival++] = p;
        }
    }
    return FIRED;
}

static int guards(struct sx *x, struct lpn_sstate *st, struct lpn_sectx *cx, const struct lpn_transition *t)
{
    for (int g = 0; g <= t->nin; g++) {
        bool has = g < t->nin ? t->in[g].has_guard : t->has_guard;
        if (!has)
            continue;
        const struct lpn_expr *e = g < t->nin ? &t->in[g].guard : &t->guard;
        Z3_ast v;
        int r = eval(x, st, cx, t, e, "a guard", &v);
        if (r != FIRED)
            return r;
        int d = decide(x, st, v);
        if (d < 0)
            return FAILED;
        if (!d)
            return NOT_NOW;
    }
    return FIRED;
}

/* A count or weight term made concrete; maps concrete()'s outcomes. */
static int value(struct sx *x, struct lpn_sstate *st, const struct lpn_transition *t, const struct lpn_expr *e,
                 Z3_ast v, const char *what, int64_t *c)
{
    int r = concrete(x, st, v, c);
    if (r == RETRY)
        return RETRY;
    if (r == -1)
        return FAILED;
    if (r == -2) {
        xerr(x, e->line ? e->line : t->line, e->line ? e->col : t->col,
             "the solver could not find a value of %s of transition '%s' (timeout)", what, t->name);
        return FAILED;
    }
    if (*c < 0) {
        xerr(x, e->line ? e->line : t->line, e->line ? e->col : t->col, "%s of transition '%s' can be negative (%lld) for inputs in the space",
             what, t->name, (long long)*c);
        return FAILED;
    }
    return FIRED;
}

static int try_fire(struct sx *x, struct lpn_sstate *st, int tid)
{
    const struct lpn_model *m = x->m;
    const struct lpn_transition *t = &m->trans[tid];
    struct lpn_zx *z = x->z;
    int64_t *base = x->base, *avail = x->avail, *w = x->w;
    for (int j = 0; j < t->nin; j++) {
        const struct lpn_splace *p = &st->pl[t->in[j].place];
        base[j] = p->head;
        avail[j] = p->n - p->head;
        w[j] = 0;
        x->maxread[j] = -1;
    }
    struct lpn_sectx peek = {.z = z, .m = m, .t = t, .base = base, .avail = avail, .peek = true, .maxread = x->maxread};
    struct lpn_sectx cons = {.z = z, .m = m, .t = t, .base = base, .avail = w};
    Z3_ast v;
    int64_t c;
    int r;
    for (int o = 0; o < t->nuser; o++) {
        if (o == t->nreal && (r = guards(x, st, &peek, t)) != FIRED)
            return r;
        int j = t->order[o];
        if ((r = eval(x, st, &peek, t, &t->in[j].weight, "the weight of an input", &v)) != FIRED ||
            (r = value(x, st, t, &t->in[j].weight, v, "the weight of an input", &c)) != FIRED)
            return r;
        if (c > avail[j])
            return NOT_NOW;
        w[j] = c;
    }
    if (t->nuser == t->nreal && (r = guards(x, st, &peek, t)) != FIRED)
        return r;
    for (int o = t->nuser; o < t->nnormal; o++) {   /* capacity places */
        int j = t->order[o];
        const struct lpn_in *in = &t->in[j];
        if (in->weight.is_const)
            c = in->weight.cval;
        else {
            c = 0;
            for (int k = 0; k < t->nout; k++) {
                if (t->out[k].place != in->cap_for)
                    continue;
                int64_t n;
                if ((r = eval(x, st, &cons, t, &t->out[k].count, "an output count", &v)) != FIRED ||
                    (r = value(x, st, t, &t->out[k].count, v, "an output count", &n)) != FIRED)
                    return r;
                c += n;
            }
        }
        if (c > avail[j])
            return NOT_NOW;
        w[j] = c;
    }
    x->nrival = 0;
    for (int j = 0; j < t->nin; j++) {
        int p = t->in[j].place;
        if (w[j] > 0 && m->places[p].nreaders > 1 && x->route_via[p] < 0 && (r = check_routing(x, st, tid, p)) != FIRED)
            return r;
        if (w[j] > 0 && is_merged(m, p) && !merge_safe(x, st, p, base[j] + w[j] - 1)) {
            x->merge_wait = p;
            return NOT_NOW;
        }
    }
    /* the delay, the outputs and their properties, over the consumed tokens */
    Z3_ast delay;
    if ((r = eval(x, st, &cons, t, &t->delay, "the delay", &delay)) != FIRED)
        return r;
    int64_t lo, hi;
    lpn__zrange(z, delay, &lo, &hi);
    if (lo < 0) {
        int neg = lpn__zcheck(z, st->pc, st->npc, Z3_mk_lt(z->c, delay, lpn__znum(z, 0)), NULL);
        if (neg != 0) {
            const struct lpn_expr *e = &t->delay;
            xerr(x, e->line ? e->line : t->line, e->line ? e->col : t->col, "the delay of transition '%s' %s negative for inputs in the space",
                 t->name, neg > 0 ? "can be" : "may be (the solver could not exclude it)");
            return FAILED;
        }
    }
    int64_t *cnt = lpn__aalloc(&x->cl->arena, ((size_t)t->nin + (size_t)t->nout + 1) * sizeof *cnt);
    memcpy(cnt, w, (size_t)t->nin * sizeof *cnt);
    Z3_ast **props = sup_xcalloc((size_t)t->nout + 1, sizeof *props);
    int res = FIRED;
    for (int k = 0; k < t->nout && res == FIRED; k++) {
        const struct lpn_out *o = &t->out[k];
        if (o->count_from >= 0)
            c = w[o->count_from];
        else if ((res = eval(x, st, &cons, t, &o->count, "an output count", &v)) != FIRED ||
                 (res = value(x, st, t, &o->count, v, "an output count", &c)) != FIRED)
            break;
        if (c > LPN_MAX_PRODUCE) {
            xerr(x, o->line, o->col, "output count %lld of transition '%s' is out of range", (long long)c, t->name);
            res = FAILED;
            break;
        }
        cnt[t->nin + k] = c;
        const struct lpn_place *pl = &m->places[o->place];
        if (!pl->nprops || !c || !pl->nreaders)
            continue;
        props[k] = lpn__aalloc(&x->cl->arena, (size_t)c * (size_t)pl->nprops * sizeof **props);
        for (int64_t i = 0; i < c && res == FIRED; i++)
            for (int q = 0; q < pl->nprops && res == FIRED; q++) {
                Z3_ast *slot = &props[k][i * pl->nprops + q];
                if (o->prop_src[q] >= 0) {
                    if (i >= w[o->copy_from]) {
                        xerr(x, o->line, o->col, "transition '%s' copies token %lld of place '%s', but consumes only %lld",
                             t->name, (long long)i, m->places[t->in[o->copy_from].place].name, (long long)w[o->copy_from]);
                        res = FAILED;
                    } else {
                        const struct lpn_splace *sp = &st->pl[t->in[o->copy_from].place];
                        *slot = sp->tok[base[o->copy_from] + i].props[o->prop_src[q]];
                    }
                } else {
                    cons.idx = i;
                    res = eval(x, st, &cons, t, &o->props[q], "an output property", slot);
                }
            }
    }
    if (res != FIRED) {
        free(props);
        return res;
    }
    /* the start: after the firing K back (K in flight at most), the interval,
     * every token read, and the lock order of shared places */
    Z3_ast S = lpn__znum(z, 0);
    int64_t n = st->ntfir[tid];
    if (n >= t->inflight)
        S = st->fir[st->tfir[tid][n - t->inflight]].commit;
    if (n >= 1) {
        const struct lpn_sfire *prev = &st->fir[st->tfir[tid][n - 1]];
        if (t->inflight > 1)
            S = lpn__zmax(z, S, prev->start);
        if (t->ii)
            S = lpn__zmax(z, S, lpn__zadd(z, prev->start, lpn__znum(z, t->ii)));
    }
    for (int j = 0; j < t->nin; j++) {
        int64_t last = w[j] - 1 > x->maxread[j] ? w[j] - 1 : x->maxread[j];
        if (last >= 0 && base[j] + last < st->pl[t->in[j].place].n)
            S = lpn__zmax(z, S, st->pl[t->in[j].place].tok[base[j] + last].ts);
        const struct lpn_splace *p = &st->pl[t->in[j].place];
        if (w[j] > 0 && m->places[t->in[j].place].nreaders > 1 && p->last_lock)
            S = lpn__zmax(z, S, p->last_lock);
    }
    if (x->nrival && (res = resolve_rivals(x, st, tid, S)) != FIRED) {
        free(props);
        return res;
    }
    Z3_ast C = lpn__zadd(z, S, delay);
    /* where the tokens go in merged places (decided before anything changes) */
    for (int k = 0; k < t->nout; k++) {
        int p = t->out[k].place;
        x->pos[k] = (int)st->pl[p].n;
        if (!is_merged(m, p) || !cnt[t->nin + k])
            continue;
        const struct lpn_splace *pl = &st->pl[p];
        int64_t at = pl->n;
        while (at > 0 && !lpn__zgeq(z, C, pl->tok[at - 1].ts)) {
            int d = decide(x, st, Z3_mk_ge(z->c, C, pl->tok[at - 1].ts));
            if (d < 0) {
                free(props);
                return FAILED;
            }
            if (d)
                break;
            at--;
        }
        if (at < pl->head) {
            xerr(x, m->places[p].line, m->places[p].col, "tokens merged into place '%s' arrive out of order after some "
                 "were consumed; the analyses cannot order them", m->places[p].name);
            free(props);
            return FAILED;
        }
        x->pos[k] = (int)at;
    }
    /* commit the firing to the state */
    if (st->nfir == st->capfir) {
        st->capfir = st->capfir ? st->capfir * 2 : 64;
        st->fir = sup_xrealloc(st->fir, (size_t)st->capfir * sizeof *st->fir);
    }
    st->fir[st->nfir] = (struct lpn_sfire){.t = tid, .start = S, .commit = C, .delay = delay, .cnt = cnt};
    if (st->ntfir[tid] == st->captfir[tid]) {
        st->captfir[tid] = st->captfir[tid] ? st->captfir[tid] * 2 : 16;
        st->tfir[tid] = sup_xrealloc(st->tfir[tid], (size_t)st->captfir[tid] * sizeof *st->tfir[tid]);
    }
    st->tfir[tid][st->ntfir[tid]++] = st->nfir++;
    for (int j = 0; j < t->nin; j++)
        if (w[j] > 0) {
            st->pl[t->in[j].place].head += w[j];
            st->pl[t->in[j].place].last_lock = S;
        }
    for (int k = 0; k < t->nout; k++) {
        const struct lpn_place *pl = &m->places[t->out[k].place];
        struct lpn_splace *sp = &st->pl[t->out[k].place];
        if (!pl->nreaders)
            continue;
        int64_t at = x->pos[k];
        for (int q = 0; q < k; q++)   /* earlier outputs of this firing into the same place */
            if (t->out[q].place == t->out[k].place && x->pos[q] <= at)
                at += cnt[t->nin + q];
        for (int64_t i = 0; i < cnt[t->nin + k]; i++)
            tok_push(sp, at + i, C, props[k] ? props[k] + i * pl->nprops : NULL, true);
    }
    free(props);
    return FIRED;
}

/* ---- paths ---------------------------------------------------------------------*/
static uint64_t mix(uint64_t h, uint64_t v) { return lpn__mix(h ^ v); }

static void finish(struct sx *x, struct lpn_sstate *st)
{
    const struct lpn_model *m = x->m;
    struct lpn_zx *z = x->z;
    struct lpn_classes *cl = x->cl;
    if (cl->nsets == cl->capsets) {
        cl->capsets = cl->capsets ? cl->capsets * 2 : 16;
        cl->sets = sup_xrealloc(cl->sets, (size_t)cl->capsets * sizeof *cl->sets);
    }
    struct lpn_set *set = &cl->sets[cl->nsets++];
    memset(set, 0, sizeof *set);
    set->pc = lpn__aalloc(&cl->arena, ((size_t)st->npc + 1) * sizeof *set->pc);
    if (st->npc)
        memcpy(set->pc, st->pc, (size_t)st->npc * sizeof *set->pc);
    set->npc = st->npc;
    set->cond = lpn__zand_n(z, set->pc, set->npc);
    set->fir = lpn__aalloc(&cl->arena, ((size_t)st->nfir + 1) * sizeof *set->fir);
    if (st->nfir)
        memcpy(set->fir, st->fir, (size_t)st->nfir * sizeof *set->fir);
    set->nfir = st->nfir;
    set->ncommits = lpn__aalloc(&cl->arena, ((size_t)m->ntrans + 1) * sizeof *set->ncommits);
    memcpy(set->ncommits, st->ntfir, (size_t)m->ntrans * sizeof *set->ncommits);
    /* latency: the last token into done (or the last commit without a done place) */
    Z3_ast lat = lpn__znum(z, 0);
    int done = m->done;
    for (int64_t f = 0; f < st->nfir; f++) {
        const struct lpn_sfire *fi = &st->fir[f];
        const struct lpn_transition *t = &m->trans[fi->t];
        bool counts = done < 0;
        for (int k = 0; k < t->nout && !counts; k++)
            counts = t->out[k].place == done && fi->cnt[t->nin + k] > 0;
        if (counts)
            lat = lpn__zmax(z, lat, fi->commit);
    }
    set->latency = lat;
    for (int p = 0; p < m->nplaces; p++) {
        const struct lpn_place *pl = &m->places[p];
        if (p != done && !pl->resource && pl->nreaders && st->pl[p].n > st->pl[p].head)
            set->deadlock = true;
    }
    /* the abstract trace: per transition, the token counts of each commit */
    uint64_t h = 0x12345;
    for (int t = 0; t < m->ntrans; t++) {
        const struct lpn_transition *tr = &m->trans[t];
        h = mix(h, (uint64_t)st->ntfir[t]);
        for (int64_t k = 0; k < st->ntfir[t]; k++) {
            const struct lpn_sfire *fi = &st->fir[st->tfir[t][k]];
            for (int q = 0; q < tr->nin + tr->nout; q++)
                h = mix(h, (uint64_t)fi->cnt[q]);
        }
    }
    set->sig = h;
}

static void run_path(struct sx *x, struct lpn_sstate *st)
{
    const struct lpn_model *m = x->m;
    for (;;) {
        if (now_s() - x->t0 > x->lim->max_seconds) {
            x->limited = true;
            if (!x->cl->limit_msg) {
                char buf[200];
                snprintf(buf, sizeof buf, "stopped after %.0f s (--max-time); the classes cover part of the space",
                         x->lim->max_seconds);
                x->cl->limit_msg = sup_strdup(buf);
            }
            return;
        }
        bool progress = false;
        x->merge_wait = -1;
        x->race_wait[0] = -1;
        for (int t = 0; t < m->ntrans; t++) {
            int r;
            while ((r = try_fire(x, st, t)) == FIRED || r == RETRY) {
                if (r == FIRED)
                    progress = true;
                if ((uint64_t)st->nfir >= x->lim->max_firings) {
                    x->limited = true;
                    if (!x->cl->limit_msg) {
                        char buf[240];
                        snprintf(buf, sizeof buf, "stopped: a path exceeded %llu firings (--max-firings; the model may not "
                                 "terminate for some inputs)", (unsigned long long)x->lim->max_firings);
                        x->cl->limit_msg = sup_strdup(buf);
                    }
                    return;
                }
            }
            if (r == FAILED || x->failed || x->limited)
                return;
        }
        if (!progress)
            break;
    }
    if (x->race_wait[0] >= 0) {
        const struct lpn_place *pl = &m->places[x->race_wait[0]];
        xerr(x, pl->line, pl->col, "place '%s' is read by %d transitions and the analyses cannot tell whether '%s' or "
             "'%s' is enabled first to take its head token (the simulator gives it to the earlier one, or at one "
             "cycle to the one declared first): give the readers guards on this place's tokens, or tokens that only "
             "the other's firings make", pl->name, pl->nreaders, m->trans[x->race_wait[1]].name,
             m->trans[x->race_wait[2]].name);
        return;
    }
    if (x->merge_wait >= 0) {
        const struct lpn_place *pl = &m->places[x->merge_wait];
        xerr(x, pl->line, pl->col, "cannot prove that tokens merged into place '%s' by '%s' and '%s' arrive in an order "
             "that does not depend on timing (not supported by the analyses)", pl->name, m->trans[pl->writers[0]].name,
             m->trans[pl->writers[1]].name);
        return;
    }
    finish(x, st);
}

void lpn__classes_group(struct lpn_classes *cl);

struct lpn_classes *lpn_classes_explore(struct lpn_space *sp, const struct lpn_limits *lim, FILE *diag)
{
    struct lpn_limits dl;
    if (!lim) {
        lpn_limits_default(&dl);
        lim = &dl;
    }
    const struct lpn_model *m = sp->m;
    struct lpn_classes *cl = sup_xcalloc(1, sizeof *cl);
    cl->sp = sp;
    cl->max_seconds = lim->max_seconds;
    struct sx x = {.cl = cl, .sp = sp, .z = &sp->zx, .m = m, .lim = lim, .diag = diag, .t0 = now_s()};
    lpn__zx_timeout(&sp->zx, lim->solver_seconds);
    uint64_t checks0 = sp->zx.nchecks;
    size_t nin = (size_t)m->maxin + 2, nout = 2;
    for (int t = 0; t < m->ntrans; t++)
        nout = (size_t)m->trans[t].nout + 2 > nout ? (size_t)m->trans[t].nout + 2 : nout;
    x.base = sup_xcalloc(nin, sizeof *x.base);
    x.avail = sup_xcalloc(nin, sizeof *x.avail);
    x.w = sup_xcalloc(nin, sizeof *x.w);
    x.maxread = sup_xcalloc(nin, sizeof *x.maxread);
    x.rbase = sup_xcalloc(nin, sizeof *x.rbase);
    x.ravail = sup_xcalloc(nin, sizeof *x.ravail);
    x.pos = sup_xcalloc(nout, sizeof *x.pos);
    x.route_via = sup_xcalloc((size_t)m->nplaces + 1, sizeof *x.route_via);
    size_t maxreaders = 1;
    for (int p = 0; p < m->nplaces; p++)
        maxreaders += (size_t)m->places[p].nreaders;
    x.rival = sup_xcalloc(maxreaders, sizeof *x.rival);
    x.rival_place = sup_xcalloc(maxreaders, sizeof *x.rival_place);
    x.failed = !lpn__sx_check_model(m, x.route_via, diag);
    if (!x.failed) {
        struct lpn_sstate *st = initial_state(&x);
        if (st) {
            x.work = sup_xmalloc(16 * sizeof *x.work);
            x.capwork = 16;
            x.work[x.nwork++] = st;
        }
        while (x.nwork && !x.failed && !x.limited) {
            struct lpn_sstate *s = x.work[--x.nwork];
            run_path(&x, s);
            state_free(m, s);
        }
        while (x.nwork)
            state_free(m, x.work[--x.nwork]);
    }
    free(x.work);
    free(x.base);
    free(x.avail);
    free(x.w);
    free(x.maxread);
    free(x.rbase);
    free(x.ravail);
    free(x.pos);
    free(x.route_via);
    free(x.rival);
    free(x.rival_place);
    cl->seconds = now_s() - x.t0;
    cl->nchecks = sp->zx.nchecks - checks0;
    if (x.failed) {
        lpn_classes_free(cl);
        return NULL;
    }
    cl->status = x.limited ? LPN_A_LIMIT : LPN_A_COMPLETE;
    lpn__classes_group(cl);
    return cl;
}

void lpn_limits_default(struct lpn_limits *l)
{
    l->max_paths = 1000;
    l->max_firings = 100000;
    l->max_seconds = 300;
    l->solver_seconds = 30;
}
