/* freq.c — counts without a run: block frequencies solved from branch
 * probabilities by eliminating blocks (a sparse Gaussian elimination of
 * f = e + P^T f, in reverse post-order so loops collapse into self-loops of
 * their latches), consistent integer flows rounded from real ones (a
 * feasible-flow problem solved with Dinic's max-flow), and the derived
 * records of the engine's counters (block counts, selects, path counts). */
#include "freq.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- sparse rows of coefficients ---- */

struct term {
    uint32_t v;
    double c;
};

struct row {
    struct term *t;
    uint32_t n, cap;
};

static void row_add(struct row *r, uint32_t v, double c)
{
    for (uint32_t i = 0; i < r->n; i++)
        if (r->t[i].v == v) {
            r->t[i].c += c;
            return;
        }
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 4;
        r->t = sup_xrealloc(r->t, r->cap * sizeof *r->t);
    }
    r->t[r->n++] = (struct term){v, c};
}

/* Removes V's term and returns its coefficient (0 when absent). */
static double row_take(struct row *r, uint32_t v)
{
    for (uint32_t i = 0; i < r->n; i++)
        if (r->t[i].v == v) {
            double c = r->t[i].c;
            r->t[i] = r->t[--r->n];
            return c;
        }
    return 0;
}

/* Reverse post-order of the blocks reachable from 0; returns their number. */
static size_t rpo(size_t n, const size_t *off, const uint32_t *succ, uint32_t *order)
{
    bool *seen = sup_xcalloc(n + 1, 1);
    uint32_t *stack = sup_xmalloc((n + 1) * sizeof *stack);
    size_t *next = sup_xcalloc(n + 1, sizeof *next);
    size_t sp = 0, post = 0;
    uint32_t *postorder = sup_xmalloc((n + 1) * sizeof *postorder);
    stack[sp++] = 0;
    seen[0] = true;
    next[0] = off[0];
    while (sp) {
        uint32_t u = stack[sp - 1];
        if (next[u] < off[u + 1]) {
            uint32_t v = succ[next[u]++];
            if (v < n && !seen[v]) {
                seen[v] = true;
                next[v] = off[v];
                stack[sp++] = v;
            }
            continue;
        }
        postorder[post++] = u;
        sp--;
    }
    for (size_t i = 0; i < post; i++)
        order[i] = postorder[post - 1 - i];
    free(seen);
    free(stack);
    free(next);
    free(postorder);
    return post;
}

void cnt_freq_solve(size_t n, const size_t *off, const uint32_t *succ, const double *prob, double *f)
{
    for (size_t v = 0; v < n; v++)
        f[v] = 0;
    if (n == 0)
        return;
    uint32_t *order = sup_xmalloc(n * sizeof *order);
    size_t nr = rpo(n, off, succ, order);
    struct row *in = sup_xcalloc(n, sizeof *in), *out = sup_xcalloc(n, sizeof *out);
    struct row *keep = sup_xcalloc(n, sizeof *keep); /* each block's equation when eliminated */
    double *b = sup_xcalloc(n, sizeof *b), *factor = sup_xcalloc(n, sizeof *factor);
    b[0] = 1;
    for (size_t i = 0; i < nr; i++) {
        uint32_t u = order[i];
        for (size_t k = off[u]; k < off[u + 1]; k++)
            if (prob[k] > 0 && succ[k] < n) {
                row_add(&out[u], succ[k], prob[k]);
                row_add(&in[succ[k]], u, prob[k]);
            }
    }
    for (size_t i = 0; i < nr; i++) {
        uint32_t v = order[i];
        double self = row_take(&out[v], v);
        row_take(&in[v], v);
        double den = 1 - self;
        /* a loop that never exits: BFI's infinite-loop scale. Only then: a loop
         * left once in 70,000 iterations (a profile's) runs 70,000 times, and
         * rounding leaves an exit mass far above 1e-12 only where there is one
         * (the smallest probability of 32-bit weights is 2.3e-10). */
        if (den < 1e-12)
            den = 1.0 / 4096;
        factor[v] = 1 / den;
        for (uint32_t k = 0; k < out[v].n; k++) {
            uint32_t w = out[v].t[k].v;
            double c = out[v].t[k].c * factor[v];
            b[w] += c * b[v];
            row_take(&in[w], v);
            for (uint32_t j = 0; j < in[v].n; j++) {
                uint32_t u = in[v].t[j].v;
                double cu = in[v].t[j].c * c;
                row_add(&out[u], w, cu);
                row_add(&in[w], u, cu);
            }
        }
        for (uint32_t j = 0; j < in[v].n; j++)
            row_take(&out[in[v].t[j].v], v);
        keep[v] = in[v]; /* f[v] = factor * (b[v] + sum c * f[u]) over blocks eliminated later */
        in[v] = (struct row){0};
        free(out[v].t);
        out[v] = (struct row){0};
    }
    for (size_t i = nr; i-- > 0;) {
        uint32_t v = order[i];
        double s = b[v];
        for (uint32_t j = 0; j < keep[v].n; j++)
            s += keep[v].t[j].c * f[keep[v].t[j].v];
        f[v] = factor[v] * s;
    }
    for (size_t v = 0; v < n; v++) {
        free(in[v].t);
        free(out[v].t);
        free(keep[v].t);
    }
    free(in);
    free(out);
    free(keep);
    free(b);
    free(factor);
    free(order);
}

/* ---- max-flow (Dinic) ---- */

struct arc {
    uint32_t to;
    int64_t cap;
};

struct net {
    size_t n;
    struct arc *a;        /* arcs in pairs: 2k forward, 2k+1 its reverse */
    size_t na, capa;
    size_t *head, *nexta; /* adjacency lists */
    int32_t *level;
    size_t *it;
};

static size_t net_arc(struct net *g, uint32_t u, uint32_t v, int64_t cap)
{
    if (g->na + 2 > g->capa) {
        g->capa = g->capa ? 2 * g->capa : 64;
        g->a = sup_xrealloc(g->a, g->capa * sizeof *g->a);
        g->nexta = sup_xrealloc(g->nexta, g->capa * sizeof *g->nexta);
    }
    size_t k = g->na;
    g->a[k] = (struct arc){v, cap};
    g->nexta[k] = g->head[u];
    g->head[u] = k;
    g->a[k + 1] = (struct arc){u, 0};
    g->nexta[k + 1] = g->head[v];
    g->head[v] = k + 1;
    g->na += 2;
    return k;
}

static bool net_bfs(struct net *g, uint32_t s, uint32_t t)
{
    for (size_t v = 0; v < g->n; v++)
        g->level[v] = -1;
    uint32_t *q = sup_xmalloc(g->n * sizeof *q);
    size_t qh = 0, qt = 0;
    q[qt++] = s;
    g->level[s] = 0;
    while (qh < qt) {
        uint32_t u = q[qh++];
        for (size_t k = g->head[u]; k != SIZE_MAX; k = g->nexta[k])
            if (g->a[k].cap > 0 && g->level[g->a[k].to] < 0) {
                g->level[g->a[k].to] = g->level[u] + 1;
                q[qt++] = g->a[k].to;
            }
    }
    free(q);
    return g->level[t] >= 0;
}

/* One augmenting path in the level graph (iteratively); returns its flow. */
static int64_t net_path(struct net *g, uint32_t s, uint32_t t)
{
    size_t *path = sup_xmalloc((g->n + 1) * sizeof *path);
    size_t depth = 0;
    uint32_t u = s;
    int64_t pushed = 0;
    while (true) {
        if (u == t) {
            int64_t f = INT64_MAX;
            for (size_t i = 0; i < depth; i++)
                if (g->a[path[i]].cap < f)
                    f = g->a[path[i]].cap;
            for (size_t i = 0; i < depth; i++) {
                g->a[path[i]].cap -= f;
                g->a[path[i] ^ 1].cap += f;
            }
            pushed = f;
            break;
        }
        size_t k = g->it[u];
        while (k != SIZE_MAX && !(g->a[k].cap > 0 && g->level[g->a[k].to] == g->level[u] + 1))
            k = g->nexta[k];
        g->it[u] = k;
        if (k != SIZE_MAX) {
            path[depth++] = k;
            u = g->a[k].to;
            continue;
        }
        /* dead end: retreat */
        g->level[u] = -1;
        if (depth == 0)
            break;
        depth--;
        u = g->a[path[depth] ^ 1].to;
        g->it[u] = g->nexta[g->it[u]];
    }
    free(path);
    return pushed;
}

static int64_t net_maxflow(struct net *g, uint32_t s, uint32_t t)
{
    int64_t total = 0;
    while (net_bfs(g, s, t)) {
        for (size_t v = 0; v < g->n; v++)
            g->it[v] = g->head[v];
        int64_t f;
        while ((f = net_path(g, s, t)) > 0)
            total += f;
    }
    return total;
}

static bool round_pass(size_t nn, size_t ne, const uint32_t *from, const uint32_t *to, const double *x, uint64_t *y,
                       bool wide)
{
    int64_t *base = sup_xcalloc(ne + 1, sizeof *base), *lo = sup_xcalloc(ne + 1, sizeof *lo),
            *hi = sup_xcalloc(ne + 1, sizeof *hi), *d = sup_xcalloc(nn + 1, sizeof *d);
    for (size_t e = 0; e < ne; e++) {
        double v = x[e] > 0 ? x[e] : 0;
        double r = nearbyint(v), tol = 1e-9 * (v > 1 ? v : 1);
        bool integral = fabs(v - r) <= tol;
        base[e] = (int64_t)(integral ? r : floor(v));
        if (v == 0)
            lo[e] = hi[e] = 0;
        else if (!wide) {
            lo[e] = 0;
            hi[e] = integral ? 0 : 1;
        } else {
            lo[e] = base[e] > 0 ? -1 : 0;
            hi[e] = integral ? 1 : 2;
        }
        d[to[e]] += base[e];
        d[from[e]] -= base[e];
    }
    struct net g = {.n = nn + 2};
    g.head = sup_xmalloc(g.n * sizeof *g.head);
    for (size_t v = 0; v < g.n; v++)
        g.head[v] = SIZE_MAX;
    g.level = sup_xmalloc(g.n * sizeof *g.level);
    g.it = sup_xmalloc(g.n * sizeof *g.it);
    size_t *fwd = sup_xmalloc((ne + 1) * sizeof *fwd), *bwd = sup_xmalloc((ne + 1) * sizeof *bwd);
    for (size_t e = 0; e < ne; e++) {
        fwd[e] = hi[e] > 0 ? net_arc(&g, from[e], to[e], hi[e]) : SIZE_MAX;
        bwd[e] = lo[e] < 0 ? net_arc(&g, to[e], from[e], -lo[e]) : SIZE_MAX;
    }
    uint32_t s = (uint32_t)nn, t = (uint32_t)nn + 1;
    int64_t supply = 0;
    for (size_t v = 0; v < nn; v++) {
        /* more in than out: push the excess on along increments */
        if (d[v] > 0) {
            net_arc(&g, s, (uint32_t)v, d[v]);
            supply += d[v];
        } else if (d[v] < 0)
            net_arc(&g, (uint32_t)v, t, -d[v]);
    }
    bool ok = net_maxflow(&g, s, t) == supply;
    if (ok)
        for (size_t e = 0; e < ne; e++) {
            int64_t z = 0;
            if (fwd[e] != SIZE_MAX)
                z += g.a[fwd[e] ^ 1].cap; /* flow on the forward arc */
            if (bwd[e] != SIZE_MAX)
                z -= g.a[bwd[e] ^ 1].cap;
            y[e] = (uint64_t)(base[e] + z);
        }
    free(base);
    free(lo);
    free(hi);
    free(d);
    free(fwd);
    free(bwd);
    free(g.a);
    free(g.nexta);
    free(g.head);
    free(g.level);
    free(g.it);
    return ok;
}

bool cnt_round_flow(size_t nn, size_t ne, const uint32_t *from, const uint32_t *to, const double *x, uint64_t *y)
{
    if (round_pass(nn, ne, from, to, x, y, false) || round_pass(nn, ne, from, to, x, y, true))
        return true;
    for (size_t e = 0; e < ne; e++)
        y[e] = x[e] > 0 ? (uint64_t)llround(x[e]) : 0;
    return false;
}

/* ---- the engine's records ---- */

size_t cnt_block_out_edges(const struct cnt_func *xf, uint32_t b, uint32_t *out, size_t max)
{
    size_t n = 0;
    for (uint32_t e = 1; e < xf->nedges; e++)
        if (xf->einfo[e].from == b) {
            if (n < max)
                out[n] = e;
            n++;
        }
    return n;
}

static bool is_debug(LLVMValueRef i)
{
    if (LLVMGetInstructionOpcode(i) != LLVMCall)
        return false;
    LLVMValueRef callee = LLVMGetCalledValue(i);
    size_t n;
    const char *name = callee && LLVMGetValueKind(callee) == LLVMFunctionValueKind ? LLVMGetValueName2(callee, &n) : "";
    return strncmp(name, "llvm.dbg.", 9) == 0;
}

/* Share of the first outcome of select record S: from the instruction's
 * branch weights when it has them, else the static default of its kind. */
static double first_share(const struct cnt_func *xf, const struct cnt_select *s)
{
    if (s->kind == CNT_SEL_SAT)
        return 1; /* not saturated */
    if (s->kind != CNT_SEL_SELECT)
        return 0.5;
    uint32_t pos = 0;
    LLVMValueRef inst = NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[s->block].bb); i; i = LLVMGetNextInstruction(i)) {
        if (is_debug(i))
            continue;
        if (pos++ == s->index) {
            inst = i;
            break;
        }
    }
    static unsigned prof_kind;
    if (!prof_kind)
        prof_kind = LLVMGetMDKindID("prof", 4);
    LLVMValueRef md = inst ? LLVMGetMetadata(inst, prof_kind) : NULL;
    if (!md)
        return 0.5;
    unsigned n = LLVMGetMDNodeNumOperands(md);
    if (n < 3 || n > 8)
        return 0.5;
    LLVMValueRef ops[8];
    LLVMGetMDNodeOperands(md, ops);
    unsigned len;
    const char *tag = LLVMGetMDString(ops[0], &len);
    if (!tag || len != 14 || strncmp(tag, "branch_weights", 14))
        return 0.5;
    double w[2];
    unsigned k = 0;
    for (unsigned i = 1; i < n && k < 2; i++)
        if (ops[i] && LLVMIsAConstantInt(ops[i]))
            w[k++] = (double)LLVMConstIntGetZExtValue(ops[i]);
    if (k != 2 || w[0] + w[1] <= 0)
        return 0.5;
    return w[0] / (w[0] + w[1]);
}

/* Path counts through a block from its in- and out-edge counts, as if the
 * way out did not depend on the way in. */
static void independent_pairs(struct cnt_func *xf, struct cnt_pairs *xp)
{
    uint32_t nin = xp->nin, nout = xp->nout;
    size_t nn = 1 + nin + nout, ne = nin + (size_t)nin * nout + nout;
    uint32_t *from = sup_xmalloc(ne * sizeof *from), *to = sup_xmalloc(ne * sizeof *to);
    double *x = sup_xmalloc(ne * sizeof *x);
    uint64_t *y = sup_xmalloc(ne * sizeof *y);
    double total = 0;
    for (uint32_t i = 0; i < nin; i++)
        total += (double)xf->edges[xp->in_edges[i]].count;
    size_t k = 0;
    for (uint32_t i = 0; i < nin; i++)
        from[k] = 0, to[k] = 1 + i, x[k++] = (double)xf->edges[xp->in_edges[i]].count;
    for (uint32_t i = 0; i < nin; i++)
        for (uint32_t j = 0; j < nout; j++) {
            from[k] = 1 + i, to[k] = 1 + nin + j;
            x[k++] = total > 0 ? (double)xf->edges[xp->in_edges[i]].count * (double)xf->edges[xp->out_edges[j]].count / total
                               : 0;
        }
    for (uint32_t j = 0; j < nout; j++)
        from[k] = 1 + nin + j, to[k] = 0, x[k++] = (double)xf->edges[xp->out_edges[j]].count;
    cnt_round_flow(nn, ne, from, to, x, y);
    for (uint32_t i = 0; i < nin; i++)
        for (uint32_t j = 0; j < nout; j++)
            xp->counts[(size_t)i * nout + j] = y[nin + (size_t)i * nout + j];
    free(from);
    free(to);
    free(x);
    free(y);
}

void cnt_fill_derived(struct cnt_func *xf, bool selects, bool pairs)
{
    for (uint32_t b = 0; b < xf->nblocks; b++)
        xf->blocks[b].count = 0;
    for (uint32_t e = 0; e < xf->nedges; e++)
        xf->blocks[xf->einfo[e].to].count += xf->edges[e].count;
    for (uint32_t r = 0; selects && r < xf->nselects; r++) {
        const struct cnt_select *s = &xf->selects[r];
        if (s->kind > CNT_SEL_CMP)
            continue; /* histograms of later kinds: nothing to say statically */
        uint64_t have = 0;
        for (uint32_t l = 0; l < s->lanes; l++)
            have += xf->sel_counts[2 * (s->base + l)] + xf->sel_counts[2 * (s->base + l) + 1];
        if (have)
            continue;
        uint64_t n = xf->blocks[s->block].count;
        double q = first_share(xf, s);
        uint64_t t = (uint64_t)llround((double)n * q);
        if (t > n)
            t = n;
        for (uint32_t l = 0; l < s->lanes; l++) {
            xf->sel_counts[2 * (s->base + l)] = t;
            xf->sel_counts[2 * (s->base + l) + 1] = n - t;
        }
    }
    for (uint32_t k = 0; pairs && k < xf->npairs; k++) {
        struct cnt_pairs *xp = &xf->pairs[k];
        if (!xp->counts || !xp->nin || !xp->nout)
            continue;
        uint64_t have = 0;
        for (size_t i = 0; i < (size_t)xp->nin * xp->nout; i++)
            have += xp->counts[i];
        if (!have)
            independent_pairs(xf, xp);
    }
}
