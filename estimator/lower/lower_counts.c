/* lower_counts.c — execution counts of machine blocks and edges, derived
 * from the exact IR counts of a run: the driver.
 *
 * Every machine block has an entry group (the IR block its label names, if
 * any) and an exit group (the IR block whose terminator its branch came
 * from, known from the provenance locations of the assembly; a block that
 * merely falls through keeps its entry group): lower_classify.c. A block
 * whose exit group differs from its entry group holds a copy of another IR
 * block's code (tail duplication). The counts are the solution of linear
 * constraints (lower_rules.c, lower_selects.c, over the IR edges as
 * lower_view.c realises them):
 *  - flow conservation at every machine block (certain);
 *  - per IR edge Z -> Y: the machine edges leaving Z's terminator code
 *    towards Y's blocks carry its count (split between copies of Z by the
 *    path counts the run made for duplicated blocks);
 *  - per IR block: its single head block is entered as often as the IR
 *    block's realised in-edges;
 *  - per select (or min/max) turned into a branch: its arm runs as often as
 *    the select chose its second value;
 *  - AVR shift loops, per-bit loops and branches on booleans kept in
 *    registers, from the shift amounts and the paths into the test;
 *  - the x86-64 variadic prologue's xmm save, from the calls that pass
 *    vector registers (lower_varargs.c);
 * solved by interval propagation and elimination (lower_system.c). Here:
 * a contradiction drops the few inferences that cause it, else the function
 * falls back to what propagation reached; what the constraints leave open
 * is split evenly at branches and marked as an estimate, as is everything
 * derived after it. */
#include "counts.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Development trace: one constraint with its variables' intervals. */
static void trace_constraint(const struct solver *s, const struct lsys_cons *c)
{
    size_t n = s->mf->nblocks;
    for (size_t k = 0; k < c->n; k++) {
        int v = c->var[k];
        if ((size_t)v < n)
            fprintf(stderr, " %+d*b%d[%g,%g]", c->coef[k], v, s->sy.lo[v], s->sy.hi[v]);
        else {
            size_t m = 0;
            while (m + 1 < n && s->evar[m + 1] <= v)
                m++;
            fprintf(stderr, " %+d*e%zu->%d[%g,%g]", c->coef[k], m, s->mf->blocks[m].succ[v - s->evar[m]], s->sy.lo[v],
                    s->sy.hi[v]);
        }
    }
    fprintf(stderr, " %s %g\n", c->ge ? ">=" : "=", c->rhs);
}

/* Records the counts; with ESTIMATED, those not CERTAIN (NULL: none) are
 * marked as estimates too. */
static void record(struct solver *s, bool estimated, const bool *certain)
{
    struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        struct mblock *b = &mf->blocks[m];
        int v = bvar(s, m);
        b->count = (s->sy.lo[v] + (s->sy.hi[v] < LSYS_INF ? s->sy.hi[v] : s->sy.lo[v])) / 2;
        b->lo = s->sy.lo[v];
        b->hi = s->sy.hi[v];
        b->source = (estimated && !(certain && certain[v])) || s->sy.tainted[v] ? MC_ESTIMATE : MC_FLOW;
        b->split_estimated = false;
        for (size_t k = 0; k < b->nsucc; k++) {
            int ev = evar(s, m, k);
            b->succ_count[k] = (s->sy.lo[ev] + (s->sy.hi[ev] < LSYS_INF ? s->sy.hi[ev] : s->sy.lo[ev])) / 2;
            /* a branch's cost depends on its split (cost_machine.c) */
            if ((estimated && !(certain && certain[ev])) || s->sy.tainted[ev])
                b->split_estimated = b->source != MC_ESTIMATE;
        }
    }
}

/* Fixes one open variable by an even split of what a block still sends out;
 * returns false when everything is fixed. */
static bool estimate_one(struct solver *s, int *fixed)
{
    struct mfunc *mf = s->mf;
    struct lsys_system *sy = &s->sy;
    for (size_t m = 0; m < mf->nblocks; m++) {
        struct mblock *b = &mf->blocks[m];
        int bv = bvar(s, m);
        if (!lsys_fixed(sy, bv) || b->exits)
            continue;
        double out = 0;
        size_t open = 0;
        int first = -1;
        for (size_t k = 0; k < b->nsucc; k++) {
            int ev = evar(s, m, k);
            if (lsys_fixed(sy, ev))
                out += sy->lo[ev];
            else if (open++ == 0)
                first = ev;
        }
        if (!open)
            continue;
        double share = (sy->lo[bv] - out) / (double)open;
        if (share < sy->lo[first])
            share = sy->lo[first];
        if (share > sy->hi[first])
            share = sy->hi[first];
        sy->lo[first] = sy->hi[first] = share;
        sy->tainted[first] = true;
        *fixed = first;
        return true;
    }
    for (size_t v = 0; v < sy->nvars; v++)
        if (!lsys_fixed(sy, (int)v)) {
            double x = sy->hi[v] < LSYS_INF ? (sy->lo[v] + sy->hi[v]) / 2 : sy->lo[v];
            sy->lo[v] = sy->hi[v] = x;
            sy->tainted[v] = true;
            *fixed = (int)v;
            return true;
        }
    return false;
}

/* Relaxing is trusted only when it drops this few inferences. */
enum { RELAX_MAX_DROPPED = 8 };

/* The constraints contradict each other: some inference about the machine
 * code was wrong. Starting from flow conservation alone (always true), the
 * inferred constraints are taken back one at a time, in the order they were
 * made, each kept only if the system stays consistent with it. */
static void relax(struct solver *s)
{
    struct lsys_system *sy = &s->sy;
    size_t nc = sy->nc, w = s->nflow;
    for (size_t v = 0; v < sy->nvars; v++) {
        sy->lo[v] = 0;
        sy->hi[v] = LSYS_INF;
    }
    sy->conflict = false;
    sy->first_conflict = -1;
    /* the inferences are put in one at a time; a solve evaluates again only
     * what each changes (lsys_keep) */
    lsys_keep(sy);
    for (size_t i = s->nflow; i < nc; i++)
        lsys_include(sy, i, false);
    lsys_solve(sy);
    for (size_t i = s->nflow; i < nc; i++) {
        struct lsys_cons c = sy->c[i];
        lsys_checkpoint(sy);
        lsys_include(sy, i, true);
        lsys_solve(sy);
        if (sy->conflict) {
            if (s->trace) {
                fprintf(stderr, "  dropped (contradicts the others):");
                trace_constraint(s, &c);
            }
            s->dropped = sup_xrealloc(s->dropped, (s->nrejected + 1) * sizeof *s->dropped);
            s->dropped[s->nrejected] = c;
            lsys_rollback(sy);
            lsys_include(sy, i, false);
            sy->conflict = false;
            sy->first_conflict = -1;
            s->nrejected++;
        }
    }
    for (size_t i = s->nflow; i < nc; i++)
        if (!sy->off[i])
            sy->c[w++] = sy->c[i];
    lsys_unkeep(sy);
    sy->nc = w;
}

/* Solving the system again to find the inferences in a contradiction is
 * bounded to this many solutions a function; past it, the inferences not
 * yet cleared stay suspect. */
enum { SUSPECT_MAX_SOLVES = 200 };

/* The solutions from scratch of parts of a function's constraints: flow
 * conservation, the kept inferences and the dropped ones, in that order,
 * indexed once (lsys_keep); each solution puts in the part it solves. */
struct suspects {
    struct solver *s;
    struct lsys_system t;
    bool *in;              /* kept inferences still in the contradiction */
    struct lsys_echelon *flow; /* the reduced rows of flow conservation alone, solved from scratch */
    size_t dropped;        /* the dropped inference in question */
    int budget;            /* solutions left */
};

/* Whether flow conservation, the kept inferences with IN set and, when
 * DROPPED is not SIZE_MAX, that dropped inference contradict each other,
 * solved from scratch; the elimination work is charged to S's budget. */
static bool part_conflicts(struct suspects *q, const bool *in, size_t dropped, bool *fixed,
                           struct lsys_echelon **first)
{
    struct solver *s = q->s;
    struct lsys_system *t = &q->t;
    size_t nf = s->nflow, nk = s->sy.nc - nf;
    for (size_t k = 0; k < nk; k++)
        lsys_include(t, nf + k, in[k]);
    for (size_t d = 0; d < s->nrejected; d++)
        lsys_include(t, nf + nk + d, d == dropped);
    lsys_restart(t);
    lsys_echelon_set(t, q->flow);
    t->work = s->sy.work;
    if (first)
        *first = lsys_solve_first_rows(t);
    else
        lsys_solve(t);
    s->sy.work = t->work;
    for (size_t v = 0; v < t->nvars && fixed; v++)
        fixed[v] = lsys_fixed(t, (int)v);
    return t->conflict;
}

/* Whether flow conservation, the kept inferences IN and the dropped one
 * contradict each other. */
static bool still_conflicts(struct suspects *q)
{
    q->budget--;
    return part_conflicts(q, q->in, q->dropped, NULL, NULL);
}

/* Takes out of the contradiction the kept inferences of [lo, hi) it does
 * not need: all at once, else each half in turn. */
static void prune(struct suspects *q, size_t lo, size_t hi)
{
    if (lo >= hi || q->budget <= 0)
        return;
    bool *saved = sup_xmalloc(hi - lo + 1);
    memcpy(saved, q->in + lo, hi - lo);
    memset(q->in + lo, 0, hi - lo);
    if (!still_conflicts(q)) {
        memcpy(q->in + lo, saved, hi - lo);
        if (hi - lo > 1) {
            prune(q, lo, lo + (hi - lo) / 2);
            prune(q, lo + (hi - lo) / 2, hi);
        }
    }
    free(saved);
}

/* After relaxing: which counts do not rest on a kept inference that took
 * part in a contradiction. For each dropped inference, the kept ones it
 * contradicts (with flow conservation) are narrowed down by deletion; the
 * counts flow conservation and the other kept inferences determine are as
 * certain as in a function without contradictions. */
static void certain_counts(struct solver *s, bool *certain)
{
    size_t nf = s->nflow, nk = s->sy.nc - nf;
    bool *suspect = sup_xcalloc(nk + 1, sizeof *suspect);
    struct suspects q = {.s = s, .in = sup_xmalloc(nk + 1), .budget = SUSPECT_MAX_SOLVES};
    size_t nt = s->sy.nc + s->nrejected;
    q.t = (struct lsys_system){.nvars = s->sy.nvars, .nc = nt, .capc = nt, .first_conflict = -1, .memo = s->sy.memo};
    q.t.c = sup_xmalloc((nt + 1) * sizeof *q.t.c);
    memcpy(q.t.c, s->sy.c, s->sy.nc * sizeof *q.t.c);
    memcpy(q.t.c + s->sy.nc, s->dropped, s->nrejected * sizeof *q.t.c);
    q.t.lo = sup_xcalloc(q.t.nvars + 1, sizeof *q.t.lo);
    q.t.hi = sup_xmalloc((q.t.nvars + 1) * sizeof *q.t.hi);
    lsys_keep(&q.t);
    /* each solution from scratch starts its elimination from the reduced
     * rows of flow conservation alone (the same outcome, less work) */
    memset(q.in, 0, nk);
    part_conflicts(&q, q.in, SIZE_MAX, NULL, &q.flow);
    for (size_t d = 0; d < s->nrejected; d++) {
        memset(q.in, 1, nk);
        q.dropped = d;
        /* (a contradiction not seen again, with elimination out of budget:
         * all suspect) */
        if (q.budget > 0 && still_conflicts(&q))
            prune(&q, 0, nk);
        for (size_t k = 0; k < nk; k++)
            suspect[k] |= q.in[k];
        if (s->trace > 1) {
            fprintf(stderr, "  contradiction of dropped %zu:", d);
            trace_constraint(s, &s->dropped[d]);
            for (size_t k = 0; k < nk; k++)
                if (q.in[k]) {
                    fprintf(stderr, "    with constraint %zu:", nf + k);
                    trace_constraint(s, &s->sy.c[nf + k]);
                }
        }
    }
    size_t nsuspect = 0;
    for (size_t k = 0; k < nk; k++) {
        nsuspect += suspect[k];
        q.in[k] = !suspect[k];
    }
    if (part_conflicts(&q, q.in, SIZE_MAX, certain, NULL))
        memset(certain, 0, s->sy.nvars);
    if (s->trace)
        fprintf(stderr, "  %zu kept inferences take part in the contradictions (%d solutions left)\n", nsuspect,
                q.budget);
    lsys_unkeep(&q.t);
    lsys_echelon_free(q.flow);
    free(q.t.c);
    free(q.t.lo);
    free(q.t.hi);
    free(suspect);
    free(q.in);
}

/* Fixes what is still open, one estimate at a time, each followed by
 * propagation; returns true when the constraints contradict each other.
 * When an estimate contradicts them at every value tried, sets
 * *ESTIMATE_FAILED and stops with the bounds before it (that variable fixed
 * at its lower bound, marked tainted): the caller estimates the rest. */
static bool estimate_rest(struct solver *s, bool *estimate_failed)
{
    struct lsys_system *sy = &s->sy;
    bool conflict = sy->conflict;
    int v;
    bool *was = sup_xcalloc(sy->nvars + 1, sizeof *was);
    double *lo = sup_xmalloc((sy->nvars + 1) * sizeof *lo), *hi = sup_xmalloc((sy->nvars + 1) * sizeof *hi);
    bool *tainted = sup_xmalloc((sy->nvars + 1) * sizeof *tainted);
    for (;;) {
        if (conflict)
            break;
        memcpy(lo, sy->lo, sy->nvars * sizeof *lo);
        memcpy(hi, sy->hi, sy->nvars * sizeof *hi);
        memcpy(tainted, sy->tainted, sy->nvars * sizeof *tainted);
        if (!estimate_one(s, &v))
            break;
        for (size_t k = 0; k < sy->nvars; k++)
            was[k] = lsys_fixed(sy, (int)k) && (int)k != v;
        lsys_solve(sy);
        /* an even split the constraints refuse: the variable's bounds
         * (propagation's bounds are weaker than what the constraints imply
         * together: sum_mixed of corpus varargs.c on riscv32, a block of a
         * switch tree entered from two copies of its root, bounded below by
         * 0.5 where the cases it leads to need 2, above by nothing) */
        for (int bound = 0; sy->conflict && bound < 2; bound++) {
            double x = bound ? hi[v] : lo[v];
            memcpy(sy->lo, lo, sy->nvars * sizeof *lo);
            memcpy(sy->hi, hi, sy->nvars * sizeof *hi);
            memcpy(sy->tainted, tainted, sy->nvars * sizeof *tainted);
            sy->conflict = false;
            sy->first_conflict = -1;
            if (x >= LSYS_INF) {
                sy->conflict = true;
                continue;
            }
            sy->lo[v] = sy->hi[v] = x;
            sy->tainted[v] = true;
            lsys_solve(sy);
        }
        if (sy->conflict) {
            /* no value of it the constraints take: the estimate, not a
             * constraint, is what contradicts (they were consistent before
             * it); back to the bounds before it, this variable at its lower
             * bound, the rest estimated without propagation by the caller */
            long first = sy->first_conflict;
            memcpy(sy->lo, lo, sy->nvars * sizeof *lo);
            memcpy(sy->hi, hi, sy->nvars * sizeof *hi);
            memcpy(sy->tainted, tainted, sy->nvars * sizeof *tainted);
            sy->lo[v] = sy->hi[v] = lo[v];
            sy->tainted[v] = true;
            sy->conflict = false;
            sy->first_conflict = first;
            *estimate_failed = true;
        }
        for (size_t k = 0; k < sy->nvars; k++)
            if (!was[k] && lsys_fixed(sy, (int)k))
                sy->tainted[k] = true;
        conflict |= sy->conflict;
        if (*estimate_failed && s->trace)
            fprintf(stderr, "  an estimate of v%d contradicts constraint %ld at every value tried: estimates without "
                    "propagation from here\n", v, sy->first_conflict);
        if (*estimate_failed)
            break;
        if (conflict && s->trace) {
            struct lsys_cons c = {.var = &v, .coef = (signed char[]){1}, .n = 1, .rhs = lo[v]};
            fprintf(stderr, "  an estimate contradicts constraint %ld; before it:", sy->first_conflict);
            double *l = sy->lo, *h = sy->hi;
            sy->lo = lo, sy->hi = hi;
            trace_constraint(s, &c);
            sy->lo = l, sy->hi = h;
        }
    }
    free(was);
    free(lo);
    free(hi);
    free(tainted);
    return conflict;
}

static double *copy_doubles(const double *a, size_t n)
{
    double *b = sup_xmalloc((n + 1) * sizeof *b);
    memcpy(b, a, n * sizeof *b);
    return b;
}

static void solve_function(struct mfunc *mf, const struct cnt_func *xf0, double va_vector_entries)
{
    /* the counts as the rules read them: select counts of merged code summed (merge_records) */
    struct cnt_func xcopy = *xf0;
    xcopy.sel_counts = sup_xmalloc((2 * (size_t)xf0->nsel_lanes + 1) * sizeof *xcopy.sel_counts);
    memcpy(xcopy.sel_counts, xf0->sel_counts, 2 * (size_t)xf0->nsel_lanes * sizeof *xcopy.sel_counts);
    const struct cnt_func *xf = &xcopy;
    struct solver s = {.mf = mf, .xf = xf, .sel_counts = xcopy.sel_counts, .va_vector_entries = va_vector_entries, .trace = getenv("LPNEST_TRACE_COUNTS") ? atoi(getenv("LPNEST_TRACE_COUNTS")) : 0};
    s.sy.first_conflict = -1;
    s.sy.memo = lsys_memo_new();
    size_t n = mf->nblocks;
    s.evar = sup_xcalloc(n + 1, sizeof *s.evar);
    size_t nv = n;
    for (size_t m = 0; m < n; m++) {
        s.evar[m] = (int)nv;
        nv += mf->blocks[m].nsucc;
        free(mf->blocks[m].succ_count);
        mf->blocks[m].succ_count = sup_xcalloc(mf->blocks[m].nsucc + 1, sizeof(double));
    }
    s.sy.nvars = nv;
    s.sy.lo = sup_xcalloc(nv + 1, sizeof *s.sy.lo);
    s.sy.hi = sup_xcalloc(nv + 1, sizeof *s.sy.hi);
    s.sy.tainted = sup_xcalloc(nv + 1, sizeof *s.sy.tainted);
    for (size_t v = 0; v < nv; v++)
        s.sy.hi[v] = LSYS_INF;
    s.in_g = sup_xcalloc(n + 1, sizeof *s.in_g);
    s.out_g = sup_xcalloc(n + 1, sizeof *s.out_g);
    s.out_known = sup_xcalloc(n + 1, sizeof *s.out_known);
    s.merged_tail = sup_xcalloc(n + 1, sizeof *s.merged_tail);
    s.sel_head = sup_xcalloc(n + 1, sizeof *s.sel_head);
    s.head = sup_xcalloc(xf->nblocks + 1, sizeof *s.head);
    s.shared_g = sup_xcalloc(xf->nblocks + 1, sizeof *s.shared_g);
    s.shared_other = sup_xcalloc(xf->nblocks + 1, sizeof *s.shared_other);
    s.tail_code = sup_xcalloc(n + 1, sizeof *s.tail_code);
    s.avr_entry = mc_avr_entry_values(mf, xf);
    mc_ordinals(&s);
    mc_classify(&s);
    mc_build(&s);
    lsys_solve(&s.sy);
    bool conflict = s.sy.conflict, estimated = false, *certain = NULL;
    int v;
    if (conflict) {
        /* a wrong inference: try without the few that contradict the rest,
         * else keep what propagation reached and estimate the rest */
        struct lsys_system saved = s.sy;
        saved.lo = copy_doubles(s.sy.lo, s.sy.nvars);
        saved.hi = copy_doubles(s.sy.hi, s.sy.nvars);
        saved.tainted = sup_xmalloc((s.sy.nvars + 1) * sizeof *saved.tainted);
        memcpy(saved.tainted, s.sy.tainted, s.sy.nvars * sizeof *saved.tainted);
        saved.c = sup_xmalloc((s.sy.nc + 1) * sizeof *saved.c);
        memcpy(saved.c, s.sy.c, s.sy.nc * sizeof *saved.c);
        relax(&s);
        bool failed = false;
        if (s.nrejected <= RELAX_MAX_DROPPED && !estimate_rest(&s, &failed) && !failed) {
            conflict = false;
            estimated = true; /* what rests on the inferences in the contradiction is not certain */
            certain = sup_xcalloc(s.sy.nvars + 1, sizeof *certain);
            certain_counts(&s, certain);
            for (size_t i = 0; i < s.nrejected; i++) {
                free(s.dropped[i].var);
                free(s.dropped[i].coef);
            }
        } else {
            if (s.trace)
                fprintf(stderr, "  dropping %zu inferences did not settle the counts: back to propagation\n",
                        s.nrejected);
            memcpy(s.sy.lo, saved.lo, s.sy.nvars * sizeof *saved.lo);
            memcpy(s.sy.hi, saved.hi, s.sy.nvars * sizeof *saved.hi);
            memcpy(s.sy.tainted, saved.tainted, s.sy.nvars * sizeof *saved.tainted);
            memcpy(s.sy.c, saved.c, saved.nc * sizeof *saved.c);
            s.sy.nc = saved.nc;
            s.sy.conflict = true;
            s.sy.first_conflict = saved.first_conflict;
            s.nrejected = 0;
        }
        free(saved.lo);
        free(saved.hi);
        free(saved.tainted);
        free(saved.c);
        free(s.dropped);
    } else {
        /* (an estimate no value of which the consistent constraints take:
         * the rest estimated without propagation, tainted; what the
         * constraints fixed before any estimate stays certain) */
        bool failed = false;
        conflict = estimate_rest(&s, &failed);
        if (failed)
            while (estimate_one(&s, &v))
                ;
    }
    if (s.trace) {
        fprintf(stderr, "counts of %s: %zu blocks, %zu constraints%s", mf->name, n, s.sy.nc,
                conflict ? ", CONFLICT (all counts marked as estimates)" : "");
        if (s.nrejected)
            fprintf(stderr, ", %zu contradicting inferences dropped", s.nrejected);
        fprintf(stderr, "\n");
        if (conflict && s.sy.first_conflict >= 0) {
            fprintf(stderr, "  first contradiction (constraint %ld):", s.sy.first_conflict);
            trace_constraint(&s, &s.sy.c[s.sy.first_conflict]);
        }
        if (s.trace > 1)
            for (size_t i = 0; i < s.sy.nc; i++) {
                fprintf(stderr, "  constraint %zu:", i);
                trace_constraint(&s, &s.sy.c[i]);
            }
    }
    if (conflict) {
        /* contradictory facts: fall back to estimates everywhere but keep the
         * numbers the propagation reached */
        while (estimate_one(&s, &v))
            ;
    }
    record(&s, conflict || estimated, conflict ? NULL : certain);
    free(certain);
    if (s.trace > 2)
        for (uint32_t r = 0; r < xf->nselects; r++) {
            char *text = LLVMPrintValueToString(mc_select_inst(xf, &xf->selects[r]));
            fprintf(stderr, "  record %u: kind %d block %u lanes %u (first %llu, second %llu):%s\n", r,
                    xf->selects[r].kind, xf->selects[r].block, xf->selects[r].lanes,
                    (unsigned long long)s.sel_counts[2 * xf->selects[r].base],
                    (unsigned long long)s.sel_counts[2 * xf->selects[r].base + 1], text);
            LLVMDisposeMessage(text);
        }
    if (s.trace)
        for (size_t m = 0; m < n; m++)
            fprintf(stderr, "  [%zu] in %d out %d%s sel %d head %d count %.0f [%g, %g]\n", m, s.in_g[m], s.out_g[m],
                    s.out_known[m] ? "*" : "", s.sel_head[m], s.in_g[m] >= 0 ? s.head[s.in_g[m]] : -9,
                    mf->blocks[m].count, s.sy.lo[m], s.sy.hi[m]);
    lsys_free(&s.sy);
    free(s.evar);
    free(s.in_g);
    free(s.out_g);
    free(s.out_known);
    free(s.merged_tail);
    free(s.sel_head);
    free(s.avr_entry);
    free(s.head);
    free(s.shared_g);
    free(s.shared_other);
    free(s.tail_code);
    free(s.merged_into);
    free(xcopy.sel_counts);
    free(s.ord_block);
    free(s.ord_op);
    free(s.ord_branch_cond);
    free(s.ir.from);
    free(s.ir.to);
    free(s.ir.count);
    free(s.ir.pairs);
}

bool lower_machine_counts(struct mmodule *mm, const struct eng_profile *p, FILE *diag)
{
    (void)diag;
    size_t nf = eng_profile_nfuncs(p);
    for (size_t i = 0; i < mm->nfuncs; i++) {
        struct mfunc *mf = &mm->funcs[i];
        const struct cnt_func *xf = NULL;
        for (size_t k = 0; k < nf && !xf; k++)
            if (strcmp(eng_profile_func_name(p, k), mf->name) == 0 && eng_profile_counts(p, k)->compiled) {
                xf = eng_profile_counts(p, k);
                mf->prof = (int)k;
            }
        if (!xf) {
            /* a function that code generation made up: the IR never calls it */
            for (size_t b = 0; b < mf->nblocks; b++) {
                free(mf->blocks[b].succ_count);
                mf->blocks[b].succ_count = sup_xcalloc(mf->blocks[b].nsucc + 1, sizeof(double));
                mf->blocks[b].source = MC_ESTIMATE;
            }
            continue;
        }
        solve_function(mf, xf, mc_va_vector_entries(p, xf));
        if (mf->unresolved || mf->entries_uncertain)
            for (size_t b = 0; b < mf->nblocks; b++) {
                /* a branch to a place the graph does not know, or entries the run does
                 * not know: every count is an estimate (not a known count with an
                 * estimated split, "SPLIT") */
                mf->blocks[b].source = MC_ESTIMATE;
                mf->blocks[b].split_estimated = false;
            }
    }
    return true;
}

const char *lower_source_name(enum mcount_source s)
{
    switch (s) {
    case MC_IR_BLOCK: return "block";
    case MC_IR_EDGE: return "edge";
    case MC_FLOW: return "flow";
    case MC_SELECT: return "select";
    case MC_ESTIMATE: return "ESTIMATE";
    default: return "?";
    }
}
