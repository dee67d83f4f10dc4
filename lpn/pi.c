/* pi.c — performance interfaces (seed 000 §4.2, A.3; ANALYSIS.md
 * "Interfaces"): per input class, the effective delay N_T x g_T of every
 * transition, where the average commit gap g_T starts at its average delay
 * (over the class's firings, with per-token symbols replaced by their
 * averages) and is raised by every token-conserving loop through T to
 * Delta/F_T, iterated until no estimate grows; the interface is the maximum
 * of the effective delays, simplified with Z3 and cleared of terms Z3 proves
 * dominated over the class. Also measures it against lpn sim on samples. */
#define _POSIX_C_SOURCE 200809L
#include "pi.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct pib {                   /* building one class */
    struct lpn_pi *pi;
    struct lpn_space *sp;
    struct lpn_zx *z;
    const struct lpn_model *m;
    int k;
    Z3_ast dom[2];             /* the class condition and the averages' definitions */
    Z3_ast light;              /* each average within the bounds of its tokens' values */
    bool whole_box;            /* the class is every input of the ranges' box */
    Z3_ast **gl;               /* per transition: the terms whose maximum is g_T */
    int *ngl;
    int64_t *N;                /* commits per transition */
    int64_t **tin, **tout;     /* tokens consumed per input / produced per output, over the class */
    unsigned *symid;           /* sorted ids of the symbols' constants, with symidx */
    int *symidx;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- interface terms ------------------------------------------------------------*/
static int sym_of(const struct pib *b, Z3_ast a)
{
    unsigned id = Z3_get_ast_id(b->z->c, a);
    int lo = 0, hi = b->sp->nsyms - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (b->symid[mid] == id)
            return b->symidx[mid];
        if (b->symid[mid] < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static Z3_decl_kind dk(struct lpn_zx *z, Z3_ast a)
{
    return Z3_get_decl_kind(z->c, Z3_get_app_decl(z->c, Z3_to_app(z->c, a)));
}

/* A delay term (Int, over symbols) as a Real term over the interface
 * variables: shared symbols stay, a per-token symbol becomes the average of
 * its property, integer division becomes exact division. */
static Z3_ast iface(struct pib *b, Z3_ast a, int depth)
{
    struct lpn_zx *z = b->z;
    Z3_context c = z->c;
    if (depth > 200)
        return lpn__zreal(z, a);
    Z3_ast_kind kind = Z3_get_ast_kind(c, a);
    bool isbool = lpn__zis_bool(z, a);
    if (kind == Z3_NUMERAL_AST)
        return lpn__zsimp(z, lpn__zreal(z, a));
    if (kind != Z3_APP_AST)
        return isbool ? a : lpn__zreal(z, a);
    unsigned n = Z3_get_app_num_args(c, Z3_to_app(c, a));
    if (n == 0) {
        int s = sym_of(b, a);
        if (s >= 0 && b->sp->syms[s].tok >= 0 && b->sp->avg[b->sp->syms[s].prop])
            return b->sp->avg[b->sp->syms[s].prop];
        return isbool ? a : lpn__zreal(z, a);
    }
    Z3_ast args[64];
    if (n > 64)
        return isbool ? a : lpn__zreal(z, a);
    for (unsigned q = 0; q < n; q++)
        args[q] = iface(b, Z3_get_app_arg(c, Z3_to_app(c, a), q), depth + 1);
    switch (dk(z, a)) {
    case Z3_OP_ADD: return Z3_mk_add(c, n, args);
    case Z3_OP_SUB: return Z3_mk_sub(c, n, args);
    case Z3_OP_MUL: return Z3_mk_mul(c, n, args);
    case Z3_OP_UMINUS: return Z3_mk_unary_minus(c, args[0]);
    case Z3_OP_IDIV: case Z3_OP_DIV: return Z3_mk_div(c, args[0], args[1]);
    case Z3_OP_MOD: return Z3_mk_sub(c, 2, (Z3_ast[]){args[0], Z3_mk_mul(c, 2, (Z3_ast[]){args[1],
                                     Z3_mk_int2real(c, Z3_mk_real2int(c, Z3_mk_div(c, args[0], args[1])))})});
    case Z3_OP_ITE: return Z3_mk_ite(c, args[0], args[1], args[2]);
    case Z3_OP_LE: return Z3_mk_le(c, args[0], args[1]);
    case Z3_OP_LT: return Z3_mk_lt(c, args[0], args[1]);
    case Z3_OP_GE: return Z3_mk_ge(c, args[0], args[1]);
    case Z3_OP_GT: return Z3_mk_gt(c, args[0], args[1]);
    case Z3_OP_EQ: return Z3_mk_eq(c, args[0], args[1]);
    case Z3_OP_DISTINCT: return Z3_mk_distinct(c, n, args);
    case Z3_OP_AND: return Z3_mk_and(c, n, args);
    case Z3_OP_OR: return Z3_mk_or(c, n, args);
    case Z3_OP_NOT: return Z3_mk_not(c, args[0]);
    case Z3_OP_XOR: return Z3_mk_xor(c, args[0], args[1]);
    case Z3_OP_TO_REAL: return args[0];
    default: return isbool ? a : lpn__zreal(z, a);
    }
}

static Z3_ast simp(struct lpn_zx *z, Z3_ast a) { return lpn__zsimp(z, a); }
static double eval_at(const struct lpn_space *sp, Z3_ast a, const int64_t *props);

/* True when A <= B for every input of the class (a proof, not a sample). */
/* True when A <= B for every input of the class (a proof, not a sample).
 * Tried first over a larger domain, each average only within its tokens'
 * bounds: a proof there holds for the class, and when the class is the
 * whole box of ranges (no coupling constraint, no class condition) a
 * counterexample there means no proof (up to averages no integer input
 * reaches, which only keeps a harmless term). */
static bool below(struct pib *b, Z3_ast a, Z3_ast bb)
{
    if (a == bb)
        return true;
    Z3_ast le = Z3_mk_le(b->z->c, a, bb);
    int r = lpn__zcheck(b->z, &b->light, 1, lpn__znot(b->z, le), NULL);
    if (r == 0)
        return true;
    if (r == 1 && b->whole_box)
        return false;
    return lpn__zprove(b->z, b->dom, 2, le);
}

static Z3_ast max_of(struct lpn_zx *z, Z3_ast *t, int n)
{
    Z3_ast acc = t[0];
    for (int q = 1; q < n; q++)
        acc = lpn__zmax(z, acc, t[q]);
    return acc;
}

/* Adds CAND to the terms of g_T unless it is proven dominated; drops the
 * terms it dominates. True when g_T changed. */
static bool add_gap(struct pib *b, int t, Z3_ast cand)
{
    cand = simp(b->z, cand);
    Z3_ast *g = b->gl[t];
    int n = b->ngl[t];
    for (int q = 0; q < n; q++)
        if (g[q] == cand)
            return false;
    if (n && below(b, cand, max_of(b->z, g, n)))
        return false;
    int kept = 0;
    for (int q = 0; q < n; q++)
        if (!below(b, g[q], cand))
            g[kept++] = g[q];
    b->gl[t] = g = sup_xrealloc(g, ((size_t)kept + 1) * sizeof *g);
    g[kept++] = cand;
    b->ngl[t] = kept;
    return true;
}

/* ---- loops (A.3) ----------------------------------------------------------------*/
struct loops {
    int **v;                   /* vertices: places 0..P-1, transitions P.. */
    int *len;
    int n, cap;
    long budget;
};

struct graph {
    int nv, np;
    int **succ;
    int *nsucc;
};

static void dfs(const struct graph *g, int s, int u, int *path, int depth, bool *onpath, struct loops *L)
{
    for (int q = 0; q < g->nsucc[u] && L->budget > 0 && L->n < 1000; q++) {
        int w = g->succ[u][q];
        L->budget--;
        if (w == s) {
            if (L->n == L->cap) {
                L->cap = L->cap ? L->cap * 2 : 16;
                L->v = sup_xrealloc(L->v, (size_t)L->cap * sizeof *L->v);
                L->len = sup_xrealloc(L->len, (size_t)L->cap * sizeof *L->len);
            }
            L->v[L->n] = sup_xmalloc((size_t)depth * sizeof(int));
            memcpy(L->v[L->n], path, (size_t)depth * sizeof(int));
            L->len[L->n++] = depth;
        } else if (w > s && !onpath[w] && depth < 200) {
            onpath[w] = true;
            path[depth] = w;
            dfs(g, s, w, path, depth + 1, onpath, L);
            onpath[w] = false;
        }
    }
}

/* Tokens in place P at cycle 0 for the class's runs. */
static int64_t initial_tokens(const struct pib *b, int p)
{
    const struct lpn_model *m = b->m;
    int64_t n = m->places[p].cap_of >= 0 ? m->places[p].initial : 0;
    for (int g = 0; g < m->ngens; g++)
        if (!m->gens[g].generator && m->gens[g].place == p)
            n += m->gens[g].count;
    if (p == b->sp->place)
        n += b->sp->ntok;
    return n;
}

/* Average tokens per firing of T from place P (input) or into P (output). */
static int64_t tot_in(const struct pib *b, int t, int p)
{
    int64_t s = 0;
    for (int j = 0; j < b->m->trans[t].nin; j++)
        if (b->m->trans[t].in[j].place == p)
            s += b->tin[t][j];
    return s;
}

static int64_t tot_out(const struct pib *b, int t, int p)
{
    int64_t s = 0;
    for (int k = 0; k < b->m->trans[t].nout; k++)
        if (b->m->trans[t].out[k].place == p)
            s += b->tout[t][k];
    return s;
}

/* One usable loop, rotated so that it starts with the transition after the
 * place holding the initial tokens: T[i], the place after it P[i], F[i]. */
struct aloop {
    int n;
    int *T, *P;
    Z3_ast *F;
    Z3_ast C;
};

static bool usable(struct pib *b, const int *v, int len, struct aloop *out)
{
    const struct lpn_model *m = b->m;
    struct lpn_zx *z = b->z;
    int np = m->nplaces, marked = -1;
    for (int i = 0; i < len; i++) {
        if (v[i] >= np)
            continue;
        int p = v[i], writers = 0, readers = 0;
        const struct lpn_place *pl = &m->places[p];
        for (int q = 0; q < pl->nwriters; q++)
            writers += b->N[pl->writers[q]] > 0 && tot_out(b, pl->writers[q], p) > 0;
        for (int q = 0; q < pl->nreaders; q++)
            readers += b->N[pl->readers[q]] > 0 && tot_in(b, pl->readers[q], p) > 0;
        if (writers != 1 || readers != 1)
            return false;   /* tokens leave or enter the loop: not token conserving */
        if (initial_tokens(b, p) > 0) {
            if (marked >= 0)
                return false;   /* more than one place holds initial tokens */
            marked = i;
        }
    }
    if (marked < 0)
        return false;
    int n = len / 2;
    out->n = n;
    out->T = sup_xcalloc((size_t)n, sizeof *out->T);
    out->P = sup_xcalloc((size_t)n, sizeof *out->P);
    out->F = sup_xcalloc((size_t)n, sizeof *out->F);
    for (int i = 0; i < n; i++) {
        out->T[i] = v[(marked + 1 + 2 * i) % len] - np;
        out->P[i] = v[(marked + 2 + 2 * i) % len];
    }
    /* P[n-1] is the marked place; F_1 = M / w(Pn,T1), F_{i+1} = F_i w(Ti,Pi) / w(Pi,Ti+1) */
    double prod = 1;
    int pn = out->P[n - 1];
    Z3_ast F = lpn__zrat(z, initial_tokens(b, pn), 1);
    for (int i = 0; i < n; i++) {
        int t = out->T[i], prevp = i ? out->P[i - 1] : pn;
        int64_t in = tot_in(b, t, prevp), o = tot_out(b, t, out->P[i]);
        if (in <= 0 || o <= 0)
            return false;
        F = simp(z, Z3_mk_mul(z->c, 2, (Z3_ast[]){F, lpn__zrat(z, b->N[t], in)}));
        out->F[i] = F;
        F = simp(z, Z3_mk_mul(z->c, 2, (Z3_ast[]){F, lpn__zrat(z, o, b->N[t])}));
        prod *= ((double)o / (double)b->N[t]) / ((double)in / (double)b->N[t]);
    }
    if (fabs(prod - 1) > 1e-9)
        return false;   /* weights do not conserve tokens */
    double best = INFINITY;
    for (int i = 0; i < n; i++) {
        double f;
        if (lpn__zdouble(z, out->F[i], &f) && f < best) {
            best = f;
            out->C = out->F[i];
        }
    }
    return out->C != NULL && best > 0;
}

static void find_loops(struct pib *b, struct aloop **out, int *nout)
{
    const struct lpn_model *m = b->m;
    struct graph g = {.nv = m->nplaces + m->ntrans, .np = m->nplaces};
    g.succ = sup_xcalloc((size_t)g.nv + 1, sizeof *g.succ);
    g.nsucc = sup_xcalloc((size_t)g.nv + 1, sizeof *g.nsucc);
    for (int t = 0; t < m->ntrans; t++) {
        if (!b->N[t])
            continue;
        const struct lpn_transition *tr = &m->trans[t];
        g.succ[m->nplaces + t] = sup_xcalloc((size_t)tr->nout + 1, sizeof(int));
        for (int k = 0; k < tr->nout; k++)
            g.succ[m->nplaces + t][g.nsucc[m->nplaces + t]++] = tr->out[k].place;
        for (int j = 0; j < tr->nin; j++) {
            int p = tr->in[j].place;
            g.succ[p] = sup_xrealloc(g.succ[p], ((size_t)g.nsucc[p] + 1) * sizeof(int));
            g.succ[p][g.nsucc[p]++] = m->nplaces + t;
        }
    }
    struct loops L = {.budget = 1000000};
    int *path = sup_xcalloc((size_t)g.nv + 1, sizeof *path);
    bool *onpath = sup_xcalloc((size_t)g.nv + 1, sizeof *onpath);
    for (int s = 0; s < g.nv; s++) {
        path[0] = s;
        onpath[s] = true;
        dfs(&g, s, s, path, 1, onpath, &L);
        onpath[s] = false;
    }
    *out = sup_xcalloc((size_t)L.n + 1, sizeof **out);
    *nout = 0;
    for (int q = 0; q < L.n; q++) {
        if (usable(b, L.v[q], L.len[q], &(*out)[*nout]))
            (*nout)++;
        else {
            free((*out)[*nout].T), free((*out)[*nout].P), free((*out)[*nout].F);
            memset(&(*out)[*nout], 0, sizeof **out);
        }
        free(L.v[q]);
    }
    free(L.v);
    free(L.len);
    free(path);
    free(onpath);
    for (int v = 0; v < g.nv; v++)
        free(g.succ[v]);
    free(g.succ);
    free(g.nsucc);
}

/* ---- one class -------------------------------------------------------------------*/
static void build_class(struct pib *b)
{
    const struct lpn_model *m = b->m;
    struct lpn_zx *z = b->z;
    struct lpn_classes *cl = b->pi->cl;
    struct lpn_pi_class *pc = &b->pi->k[b->k];
    const struct lpn_set *set = &cl->sets[cl->rep[b->k]];
    int nt = m->ntrans;
    b->N = sup_xcalloc((size_t)nt + 1, sizeof *b->N);
    b->tin = sup_xcalloc((size_t)nt + 1, sizeof *b->tin);
    b->tout = sup_xcalloc((size_t)nt + 1, sizeof *b->tout);
    b->gl = sup_xcalloc((size_t)nt + 1, sizeof *b->gl);
    b->ngl = sup_xcalloc((size_t)nt + 1, sizeof *b->ngl);
    pc->gap = sup_xcalloc((size_t)nt + 1, sizeof *pc->gap);
    pc->dbar = sup_xcalloc((size_t)nt + 1, sizeof *pc->dbar);
    Z3_ast *dsum = sup_xcalloc((size_t)nt + 1, sizeof *dsum);
    for (int t = 0; t < nt; t++) {
        b->tin[t] = sup_xcalloc((size_t)m->trans[t].nin + 1, sizeof **b->tin);
        b->tout[t] = sup_xcalloc((size_t)m->trans[t].nout + 1, sizeof **b->tout);
    }
    for (int64_t f = 0; f < set->nfir; f++) {
        const struct lpn_sfire *fi = &set->fir[f];
        const struct lpn_transition *tr = &m->trans[fi->t];
        b->N[fi->t]++;
        for (int j = 0; j < tr->nin; j++)
            b->tin[fi->t][j] += fi->cnt[j];
        for (int k = 0; k < tr->nout; k++)
            b->tout[fi->t][k] += fi->cnt[tr->nin + k];
        Z3_ast d = iface(b, fi->delay, 0);
        dsum[fi->t] = dsum[fi->t] ? Z3_mk_add(z->c, 2, (Z3_ast[]){dsum[fi->t], d}) : d;
        if (b->N[fi->t] % 64 == 0)
            dsum[fi->t] = simp(z, dsum[fi->t]);
    }
    /* g_T starts at the average delay (over the firings in flight at most), or ii */
    for (int t = 0; t < nt; t++) {
        if (!b->N[t])
            continue;
        const struct lpn_transition *tr = &m->trans[t];
        pc->dbar[t] = simp(z, Z3_mk_div(z->c, dsum[t], lpn__zrat(z, b->N[t], 1)));
        if (tr->inflight < LPN_MAX_INFLIGHT)
            add_gap(b, t, Z3_mk_div(z->c, pc->dbar[t], lpn__zrat(z, tr->inflight, 1)));
        if (tr->ii)
            add_gap(b, t, lpn__zrat(z, tr->ii, 1));
        if (!b->ngl[t])
            add_gap(b, t, lpn__zrat(z, 0, 1));
    }
    free(dsum);
    /* loops: each loop L estimates g_Ti = Delta_L / F_Ti for its transitions,
     * Delta_L computed with the gaps the other loops (and the delays) give
     * them: a loop's own estimate is not fed back into itself, which would
     * only inflate it. Passes repeat while the estimates of one loop change
     * those of another. */
    struct aloop *loops;
    int nloops;
    find_loops(b, &loops, &nloops);
    pc->loops = nloops;
    int maxit = b->pi->o.iterations > 0 ? b->pi->o.iterations : 10;
    Z3_ast **contrib = sup_xcalloc((size_t)nloops + 1, sizeof *contrib);
    for (int l = 0; l < nloops; l++)
        contrib[l] = sup_xcalloc((size_t)loops[l].n + 1, sizeof **contrib);
    /* a few inputs of the class on which the estimates are compared between
     * passes: a pass that moves no estimate by more than 0.1% is the last */
    struct lpn_space *sp = b->sp;
    size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
    int64_t *pts = sup_xcalloc(4 * row + 1, sizeof *pts);
    int npts = nloops ? lpn_class_sample(cl, b->k, 4, b->pi->o.seed + 7, pts) : 0;
    Z3_ast *g = sup_xcalloc((size_t)nt + 1, sizeof *g);
    for (pc->iterations = 0; pc->iterations < maxit && nloops; pc->iterations++) {
        bool moved = false;
        for (int l = 0; l < nloops; l++) {
            const struct aloop *L = &loops[l];
            Z3_ast delta = lpn__zrat(z, 0, 1);
            for (int i = 0; i < L->n; i++) {
                int t = L->T[i];
                Z3_ast gt = max_of(z, b->gl[t], b->ngl[t]);   /* the delay-based gap and the other loops' */
                for (int l2 = 0; l2 < nloops; l2++)
                    for (int i2 = 0; l2 != l && i2 < loops[l2].n; i2++)
                        if (loops[l2].T[i2] == t && contrib[l2][i2])
                            gt = lpn__zmax(z, gt, contrib[l2][i2]);
                Z3_ast extra = simp(z, Z3_mk_sub(z->c, 2, (Z3_ast[]){Z3_mk_div(z->c, L->F[i], L->C), lpn__zrat(z, 1, 1)}));
                delta = Z3_mk_add(z->c, 3, (Z3_ast[]){delta, pc->dbar[t], Z3_mk_mul(z->c, 2, (Z3_ast[]){gt, extra})});
            }
            delta = simp(z, delta);
            for (int i = 0; i < L->n; i++) {
                Z3_ast c = simp(z, Z3_mk_div(z->c, delta, L->F[i]));
                if (c == contrib[l][i])
                    continue;
                for (int q = 0; q < npts && contrib[l][i] && !moved; q++) {
                    double was = eval_at(sp, contrib[l][i], pts + (size_t)q * row), now = eval_at(sp, c, pts + (size_t)q * row);
                    moved = fabs(now - was) > 1e-3 * fabs(was) + 1e-9;
                }
                if (!contrib[l][i] || !npts)
                    moved = true;
                contrib[l][i] = c;
            }
        }
        if (!moved) {
            pc->iterations++;
            break;
        }
    }
    for (int l = 0; l < nloops; l++)
        for (int i = 0; i < loops[l].n; i++)
            if (contrib[l][i])
                add_gap(b, loops[l].T[i], contrib[l][i]);
    for (int l = 0; l < nloops; l++)
        free(contrib[l]);
    free(contrib);
    free(g);
    free(pts);
    for (int l = 0; l < nloops; l++)
        free(loops[l].T), free(loops[l].P), free(loops[l].F);
    free(loops);
    /* the effective delays N_T g_T; keep those not proven dominated */
    int cap = 0;
    for (int t = 0; t < nt; t++)
        cap += b->ngl[t];
    pc->terms = sup_xcalloc((size_t)cap + 1, sizeof *pc->terms);
    pc->term_of = sup_xcalloc((size_t)cap + 1, sizeof *pc->term_of);
    pc->owners = sup_xcalloc((size_t)cap + 1, sizeof *pc->owners);
    for (int t = 0; t < nt; t++) {
        if (!b->N[t])
            continue;
        pc->gap[t] = max_of(z, b->gl[t], b->ngl[t]);
        for (int q = 0; q < b->ngl[t]; q++) {
            Z3_ast e = simp(z, Z3_mk_mul(z->c, 2, (Z3_ast[]){lpn__zrat(z, b->N[t], 1), b->gl[t][q]}));
            int dup = -1;
            for (int r = 0; r < pc->nterms && dup < 0; r++)
                if (pc->terms[r] == e)
                    dup = r;
            if (dup >= 0) {
                size_t len = strlen(pc->owners[dup]) + strlen(m->trans[t].name) + 4;
                pc->owners[dup] = sup_xrealloc(pc->owners[dup], len);
                strcat(strcat(pc->owners[dup], " = "), m->trans[t].name);
            } else {
                pc->term_of[pc->nterms] = t;
                pc->owners[pc->nterms] = sup_strdup(m->trans[t].name);
                pc->terms[pc->nterms++] = e;
            }
        }
    }
    /* at most 64 terms are compared pairwise (more are all kept) */
    for (int q = 0; q < pc->nterms && pc->nterms > 1 && pc->nterms <= 64;) {
        Z3_ast *others = sup_xcalloc((size_t)pc->nterms, sizeof *others);
        int no = 0;
        for (int r = 0; r < pc->nterms; r++)
            if (r != q)
                others[no++] = pc->terms[r];
        bool dom = below(b, pc->terms[q], max_of(z, others, no));
        free(others);
        if (dom) {
            memmove(&pc->terms[q], &pc->terms[q + 1], (size_t)(pc->nterms - q - 1) * sizeof *pc->terms);
            memmove(&pc->term_of[q], &pc->term_of[q + 1], (size_t)(pc->nterms - q - 1) * sizeof *pc->term_of);
            free(pc->owners[q]);
            memmove(&pc->owners[q], &pc->owners[q + 1], (size_t)(pc->nterms - q - 1) * sizeof *pc->owners);
            pc->nterms--;
        } else {
            q++;
        }
    }
    if (!pc->nterms) {
        pc->terms[0] = lpn__zrat(z, 0, 1);
        pc->term_of[0] = -1;
        pc->owners[0] = sup_strdup("(nothing commits)");
        pc->nterms = 1;
    }
    pc->formula = max_of(z, pc->terms, pc->nterms);
    pc->text = lpn__zstr(z, NULL, pc->formula);
    for (int t = 0; t < nt; t++) {
        free(b->tin[t]);
        free(b->tout[t]);
        free(b->gl[t]);
    }
    free(b->N), free(b->tin), free(b->tout), free(b->gl), free(b->ngl);
}

/* ---- evaluation and accuracy -----------------------------------------------------*/
/* The value of Real term A (over the interface variables) on one input. */
static double eval_at(const struct lpn_space *sp, Z3_ast a, const int64_t *props)
{
    struct lpn_zx *z = (struct lpn_zx *)&sp->zx;
    int n = sp->nsyms + sp->nprops;
    Z3_ast *from = sup_xcalloc((size_t)n + 1, sizeof *from), *to = sup_xcalloc((size_t)n + 1, sizeof *to);
    int64_t *vals = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *vals);
    int m = 0;
    double r = NAN;
    if (lpn__space_symvals(sp, props, vals)) {
        for (int q = 0; q < sp->nsyms; q++) {
            from[m] = sp->syms[q].var;
            to[m++] = lpn__znum(z, vals[q]);
        }
        for (int p = 0; p < sp->nprops; p++) {
            if (!sp->avg[p])
                continue;
            int64_t sum = 0;
            for (int t = 0; t < sp->ntok; t++)
                sum += props[(size_t)t * (size_t)sp->nprops + (size_t)p];
            from[m] = sp->avg[p];
            to[m++] = lpn__zrat(z, sum, sp->ntok);
        }
        Z3_ast v = Z3_simplify(z->c, Z3_substitute(z->c, a, (unsigned)m, from, to));
        if (!lpn__zdouble(z, v, &r))
            r = NAN;
    }
    free(from);
    free(to);
    free(vals);
    return r;
}

double lpn_pi_eval(const struct lpn_pi *pi, int k, const int64_t *props)
{
    if (!pi || k < 0 || k >= pi->ncls)
        return NAN;
    return eval_at(pi->cl->sp, pi->k[k].formula, props);
}

static void measure(struct lpn_pi *pi, int k, FILE *diag)
{
    struct lpn_classes *cl = pi->cl;
    struct lpn_space *sp = cl->sp;
    struct lpn_pi_class *pc = &pi->k[k];
    int want = pi->o.samples;
    if (want <= 0)
        return;
    size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
    int64_t *props = sup_xcalloc((size_t)want * row + 1, sizeof *props);
    int n = lpn_class_sample(cl, k, want, pi->o.seed, props);
    double sum = 0;
    for (int s = 0; s < n; s++) {
        const int64_t *in = props + (size_t)s * row;
        int64_t sim = lpn_space_simulate(sp, in, diag), exact;
        if (sim < 0)
            continue;
        if (!lpn_class_latency(cl, k, in, &exact) || exact != sim)
            pc->exact_mismatch++;
        if (sim == 0)
            continue;   /* no relative error of a zero latency (a class with no done token) */
        double p = lpn_pi_eval(pi, k, in);
        double err = fabs(p - (double)sim) / (double)sim;
        sum += err;
        pc->max_err = err > pc->max_err ? err : pc->max_err;
        pc->samples++;
    }
    pc->mean_err = pc->samples ? sum / pc->samples : 0;
    free(props);
}

/* ---- API ---------------------------------------------------------------------------*/
struct lpn_pi *lpn_pi_build(struct lpn_classes *cl, const struct lpn_pi_opts *o, FILE *diag)
{
    double t0 = now_s();
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    struct lpn_pi *pi = sup_xcalloc(1, sizeof *pi);
    pi->cl = cl;
    if (o)
        pi->o = *o;
    if (pi->o.iterations <= 0)
        pi->o.iterations = 10;
    if (pi->o.samples < 0)
        pi->o.samples = 0;
    else if (!o)
        pi->o.samples = 20;
    if (!pi->o.seed)
        pi->o.seed = 1;
    char name[300];
    snprintf(name, sizeof name, "%s_latency", lpn_model_name(sp->m));
    for (char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
            *c = '_';
    pi->c_name = sup_strdup(pi->o.c_name ? pi->o.c_name : name);
    /* the averages' definitions */
    Z3_ast defs = lpn__ztrue(z);
    for (int p = 0; p < sp->nprops; p++) {
        if (!sp->avg[p])
            continue;
        Z3_ast sum = lpn__zrat(z, 0, 1);
        for (int t = 0; t < sp->ntok; t++)
            sum = lpn__zadd(z, sum, lpn__zreal(z, sp->val[(size_t)t * (size_t)sp->nprops + (size_t)p]));
        defs = lpn__zand(z, defs, Z3_mk_eq(z->c, Z3_mk_mul(z->c, 2, (Z3_ast[]){sp->avg[p], lpn__zrat(z, sp->ntok, 1)}), sum));
    }
    pi->avgdef = defs;
    Z3_ast light = lpn__ztrue(z);
    for (int p = 0; p < sp->nprops; p++) {
        if (!sp->avg[p])
            continue;
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (int t = 0; t < sp->ntok; t++) {
            int64_t l, h;
            lpn__zrange(z, sp->val[(size_t)t * (size_t)sp->nprops + (size_t)p], &l, &h);
            lo = l < lo ? l : lo;
            hi = h > hi ? h : hi;
        }
        light = lpn__zand(z, light, lpn__zand(z, Z3_mk_ge(z->c, sp->avg[p], lpn__zrat(z, lo, 1)),
                                                 Z3_mk_le(z->c, sp->avg[p], lpn__zrat(z, hi, 1))));
    }
    pi->ncls = lpn_classes_count(cl);
    pi->k = sup_xcalloc((size_t)pi->ncls + 1, sizeof *pi->k);
    struct pib b = {.pi = pi, .sp = sp, .z = z, .m = sp->m};
    b.symid = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *b.symid);
    b.symidx = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *b.symidx);
    for (int q = 0; q < sp->nsyms; q++)   /* insertion into sorted order (ids grow as created) */
        b.symid[q] = Z3_get_ast_id(z->c, sp->syms[q].var), b.symidx[q] = q;
    for (int q = 1; q < sp->nsyms; q++)
        for (int r = q; r > 0 && b.symid[r - 1] > b.symid[r]; r--) {
            unsigned ti = b.symid[r];
            int tx = b.symidx[r];
            b.symid[r] = b.symid[r - 1], b.symidx[r] = b.symidx[r - 1];
            b.symid[r - 1] = ti, b.symidx[r - 1] = tx;
        }
    for (int k = 0; k < pi->ncls; k++) {
        b.k = k;
        b.dom[0] = lpn__class_cond(cl, k);
        b.dom[1] = defs;
        b.light = light;
        int64_t tv;
        b.whole_box = sp->ncons == 2 * sp->nsyms && lpn__zval(z, lpn__zsimp(z, b.dom[0]), &tv) && tv;
        build_class(&b);
        measure(pi, k, diag);
    }
    free(b.symid);
    free(b.symidx);
    pi->seconds = now_s() - t0;
    if (lpn__zx_error()) {
        sup_diag(diag, sp->path, 0, 0, "error", "internal error: the solver rejected a term while building interfaces");
        lpn_pi_free(pi);
        return NULL;
    }
    return pi;
}

void lpn_pi_free(struct lpn_pi *pi)
{
    if (!pi)
        return;
    for (int k = 0; k < pi->ncls; k++) {
        for (int q = 0; q < pi->k[k].nterms; q++)
            free(pi->k[k].owners[q]);
        free(pi->k[k].owners);
        free(pi->k[k].terms);
        free(pi->k[k].term_of);
        free(pi->k[k].text);
        free(pi->k[k].gap);
        free(pi->k[k].dbar);
    }
    free(pi->k);
    free(pi->c_name);
    free(pi);
}

const char *lpn_pi_formula(const struct lpn_pi *pi, int k)
{
    return pi && k >= 0 && k < pi->ncls ? pi->k[k].text : NULL;
}

void lpn_pi_accuracy(const struct lpn_pi *pi, int k, int *samples, double *mean, double *max)
{
    bool ok = pi && k >= 0 && k < pi->ncls;
    *samples = ok ? pi->k[k].samples : 0;
    *mean = ok ? pi->k[k].mean_err : 0;
    *max = ok ? pi->k[k].max_err : 0;
}
