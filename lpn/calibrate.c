/* calibrate.c — `lpn calibrate` (CALIBRATE.md): the simulation of every
 * run at a parameter vector (memoised), Levenberg-Marquardt steps, the
 * integer pattern search, leave-one-out refits and the analysis of what the
 * runs determine. The runs file is read in calibrate_runs.c, the reports
 * and the rewritten model are in calibrate_report.c. */
#define _POSIX_C_SOURCE 200809L
#include "calibrate.h"
#include "pointset.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_EVALS 20000

/* ---- evaluation ----------------------------------------------------------------*/
struct point {
    int64_t *v;
    int64_t *pred;        /* [nruns], -1: the run failed */
    double *ev;           /* [nruns] mean |event error| / cycles, -1: no events */
    double *evs;          /* [C->nres - nruns] mean signed error of each event series / cycles */
};

/* The on_fire hook's state: the measured series of the run, by transition. */
struct ev_acc {
    const struct lpn_cal_run *u;
    int *tid;             /* [nevents] transition ids */
    size_t *seen;         /* [nevents] firings seen */
    double *signed_sum;   /* [nevents] predicted - measured */
    double sum;           /* |predicted - measured| */
    size_t n;
};

static void on_fire(void *ctx, int t, int64_t start, int64_t commit)
{
    struct ev_acc *a = ctx;
    for (size_t e = 0; e < a->u->nevents; e++) {
        const struct lpn_cal_events *ev = &a->u->events[e];
        if (a->tid[e] != t || a->seen[e] >= ev->n)
            continue;
        double meas = ev->times[a->seen[e]++] + (double)ev->offset;
        double d = (double)(ev->commit ? commit : start) - meas;
        a->sum += fabs(d);
        a->signed_sum[e] += d;
        a->n++;
    }
}

struct cal {
    const struct lpn_cal_opts *o;
    const struct lpn_cal_runs *runs;
    int np;
    size_t nr;
    struct point *pts;
    size_t npts, cap;
    struct lpn__pointset seen; /* the points simulated, in pts order */
    size_t nres;           /* residuals: one per run, one per event series */
    struct lpn_param *ov;  /* scratch overrides */
    size_t evals, budget;  /* evaluations of this fit, and its limit */
    char *first_why;       /* the first failure seen */
};

/* One run's end cycle at V, or -1 (the reason in *WHY when still NULL);
 * *EV its mean event error relative to the measured end (-1: no events). */
static int64_t simulate(struct cal *C, size_t run, const int64_t *v, char **why, double *ev, double *evs)
{
    const struct lpn_cal_opts *o = C->o;
    const struct lpn_cal_run *u = &C->runs->runs[run];
    size_t n = 0;
    for (size_t k = 0; k < o->nfixed; k++) {
        bool over = false;
        for (size_t j = 0; j < u->nparams; j++)
            over |= !strcmp(u->params[j].name, o->fixed[k].name);
        if (!over)
            C->ov[n++] = o->fixed[k];
    }
    for (size_t j = 0; j < u->nparams; j++)
        C->ov[n++] = u->params[j];
    for (int k = 0; k < C->np; k++)
        C->ov[n++] = (struct lpn_param){o->params[k].name, v[k]};
    char *buf = NULL;
    size_t blen = 0;
    FILE *msg = open_memstream(&buf, &blen);
    int64_t end = -1;
    struct lpn_model *m = lpn_load_file(o->model, C->ov, n, msg);
    struct lpn_sim *s = m ? lpn_sim_new_limited(m, LPN_SIM_NO_GENERATORS, o->max_commits, 0, msg) : NULL;
    if (s && lpn_sim_load_jsonl(s, u->input, msg) < 0) {
        lpn_sim_free(s);
        s = NULL;
    }
    struct ev_acc acc = {.u = u};
    *ev = -1;
    if (s && u->nevents) {
        acc.tid = sup_xmalloc(u->nevents * sizeof *acc.tid);
        acc.seen = sup_xcalloc(u->nevents, sizeof *acc.seen);
        acc.signed_sum = sup_xcalloc(u->nevents, sizeof *acc.signed_sum);
        for (size_t e = 0; e < u->nevents && s; e++)
            if ((acc.tid[e] = lpn_transition_find(m, u->events[e].transition)) < 0) {
                fprintf(msg, "the model has no transition '%s' (events)", u->events[e].transition);
                lpn_sim_free(s);
                s = NULL;
            }
        if (s)
            lpn_sim_on_fire(s, on_fire, &acc);
    }
    if (s) {
        enum lpn_status st = lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT);
        if (st == LPN_ERROR)
            fprintf(msg, "%s", lpn_sim_error(s));
        else if (st == LPN_LIMIT)
            fprintf(msg, "stopped at the commit limit");
        else if (lpn_sim_deadlocked(s))
            fprintf(msg, "deadlock at cycle %lld", (long long)lpn_sim_now(s));
        else if (!lpn_sim_done_count(s))
            fprintf(msg, "no token reached the done place");
        else
            end = lpn_sim_last_done(s);
        if (end >= 0 && u->nevents) {
            size_t want = 0;
            for (size_t e = 0; e < u->nevents; e++)
                want += u->events[e].n;
            /* a measured firing the model never made counts as a whole run off */
            *ev = (acc.sum + (double)(want - acc.n) * (double)u->cycles) / (double)(want ? want : 1) / (double)u->cycles;
            for (size_t e = 0; e < u->nevents; e++)
                evs[e] = acc.seen[e] ? acc.signed_sum[e] / (double)acc.seen[e] / (double)u->cycles : 0;
        }
        lpn_sim_free(s);
    }
    free(acc.tid);
    free(acc.seen);
    free(acc.signed_sum);
    lpn_model_free(m);
    fclose(msg);
    if (end < 0 && why && !*why) {
        while (blen && buf[blen - 1] == '\n')
            buf[--blen] = '\0';
        char *nl = strchr(buf, '\n');
        if (nl)
            *nl = '\0';
        size_t need = strlen(u->name) + blen + 64;
        *why = sup_xmalloc(need);
        snprintf(*why, need, "run '%s': %s", u->name, buf);
    }
    free(buf);
    return end;
}

/* The index of the point for V, simulated once (memoised); -1 past the
 * budget. Indices stay valid (C->pts moves as it grows). */
static long eval(struct cal *C, const int64_t *v)
{
    long found = lpn__pointset_find(&C->seen, v);
    if (found >= 0)
        return found;
    if (C->evals >= C->budget)
        return -1;
    C->evals++;
    if (C->npts == C->cap) {
        C->cap = C->cap ? 2 * C->cap : 64;
        C->pts = sup_xrealloc(C->pts, C->cap * sizeof *C->pts);
    }
    struct point *p = &C->pts[C->npts];
    p->v = sup_xmalloc((size_t)C->np * sizeof *v);
    memcpy(p->v, v, (size_t)C->np * sizeof *v);
    p->pred = sup_xmalloc(C->nr * sizeof *p->pred);
    p->ev = sup_xmalloc(C->nr * sizeof *p->ev);
    p->evs = sup_xcalloc(C->nres - C->nr + 1, sizeof *p->evs);
    for (size_t r = 0, at = 0; r < C->nr; at += C->runs->runs[r].nevents, r++)
        p->pred[r] = simulate(C, r, v, &C->first_why, &p->ev[r], p->evs + at);
    lpn__pointset_add(&C->seen, v);
    return (long)(C->npts++);
}

#define PT(C, i) (&(C)->pts[i])

static double rel(const struct cal *C, const struct point *p, size_t r)
{
    int64_t m = C->runs->runs[r].cycles;
    return ((double)p->pred[r] - (double)m) / (double)m;
}

/* The objective over the runs not left out (SKIP, or SIZE_MAX): primary
 * (max or mean |error|) and secondary (the other); infinite when a run failed. */
static void score(const struct cal *C, const struct point *p, size_t skip, double *pri, double *sec)
{
    double mx = 0, sum = 0, evsum = 0;
    size_t n = 0, nev = 0;
    for (size_t r = 0; r < C->nr; r++) {
        if (r == skip)
            continue;
        if (p->pred[r] < 0) {
            *pri = *sec = INFINITY;
            return;
        }
        double e = fabs(rel(C, p, r));
        mx = e > mx ? e : mx;
        sum += e, n++;
        if (p->ev[r] >= 0)
            evsum += p->ev[r], nev++;
    }
    double mean = n ? sum / (double)n : 0, evmean = nev ? evsum / (double)nev : 0;
    /* the events' mean error joins the objective: among fits of the end
     * times, the one whose firings match the timestamps */
    *pri = (C->o->objective == LPN_CAL_MAX ? mx : mean) + evmean;
    *sec = C->o->objective == LPN_CAL_MAX ? mean : mx;
}

static bool better(const struct cal *C, long a, long b, size_t skip)
{
    if (a < 0 || b < 0)
        return false;
    double pa, sa, pb, sb;
    score(C, PT(C, a), skip, &pa, &sa);
    score(C, PT(C, b), skip, &pb, &sb);
    const double eps = 1e-12;
    return pa < pb - eps || (pa <= pb + eps && sa < sb - eps);
}

static int64_t clamp(const struct lpn_cal_param *p, int64_t x)
{
    return x < p->lo ? p->lo : x > p->hi ? p->hi : x;
}

/* Pattern search from X (updated in place), the runs but SKIP. */
static void search(struct cal *C, int64_t *x, size_t skip)
{
    int np = C->np;
    const struct lpn_cal_param *ps = C->o->params;
    int64_t *step = sup_xmalloc((size_t)np * sizeof *step), *y = sup_xmalloc((size_t)np * sizeof *y);
    for (int k = 0; k < np; k++) {
        step[k] = (ps[k].hi - ps[k].lo) / 8;
        step[k] = step[k] < 1 ? 1 : step[k];
    }
    long cur = eval(C, x);
    while (cur >= 0) {
        bool moved = false;
        for (int k = 0; k < np && !moved; k++)
            for (int s = 1; s >= -1 && !moved; s -= 2) {
                memcpy(y, x, (size_t)np * sizeof *y);
                y[k] = clamp(&ps[k], x[k] + s * step[k]);
                long q = y[k] != x[k] ? eval(C, y) : -1;
                while (better(C, q, cur, skip)) {   /* keep going while it pays */
                    memcpy(x, y, (size_t)np * sizeof *x);
                    cur = q;
                    moved = true;
                    y[k] = clamp(&ps[k], x[k] + s * step[k]);
                    q = y[k] != x[k] ? eval(C, y) : -1;
                }
            }
        if (moved)
            continue;
        bool coarse = false;
        for (int k = 0; k < np; k++)
            if (step[k] > 1)
                step[k] /= 2, coarse = true;
        if (coarse)
            continue;
        /* unit moves of two parameters at once: along the ridges of a max */
        for (int k = 0; k < np && !moved; k++)
            for (int l = k + 1; l < np && !moved; l++)
                for (int sk = 1; sk >= -1 && !moved; sk -= 2)
                    for (int sl = 1; sl >= -1 && !moved; sl -= 2) {
                        memcpy(y, x, (size_t)np * sizeof *y);
                        y[k] = clamp(&ps[k], x[k] + sk), y[l] = clamp(&ps[l], x[l] + sl);
                        if (y[k] == x[k] || y[l] == x[l])
                            continue;
                        long q = eval(C, y);
                        if (better(C, q, cur, skip)) {
                            memcpy(x, y, (size_t)np * sizeof *x);
                            cur = q;
                            moved = true;
                        }
                    }
        if (!moved)
            break;
    }
    free(step);
    free(y);
}

/* The residuals of point I: each run's relative end error, then each event
 * series' mean signed error relative to its run (0 for SKIP). false when a
 * run failed. */
static bool residuals(const struct cal *C, long i, size_t skip, double *e)
{
    const struct point *p = PT(C, i);
    size_t at = C->nr;
    for (size_t r = 0; r < C->nr; r++) {
        if (r != skip && p->pred[r] < 0)
            return false;
        e[r] = r == skip ? 0 : rel(C, p, r);
        for (size_t k = 0; k < C->runs->runs[r].nevents; k++, at++)
            e[at] = r == skip ? 0 : p->evs[at - C->nr];
    }
    return true;
}

/* Levenberg-Marquardt steps from X (updated in place), the runs but SKIP:
 * end times are piecewise linear in delays, so on a linear piece the
 * least-squares step over unit differences of the residuals (relative end
 * errors, event series' mean signed errors) lands on the solution; a step
 * that does not improve the objective is retried with 10x the damping
 * (shorter, closer to the gradient), up to 12 times. */
static void newton(struct cal *C, int64_t *x, size_t skip)
{
    double lam = 1e-3, *lambda = &lam;
    int np = C->np;
    size_t nr = C->nres;
    const struct lpn_cal_param *ps = C->o->params;
    double *J = sup_xcalloc((size_t)np * nr, sizeof *J), *A = sup_xcalloc((size_t)np * (size_t)(np + 1), sizeof *A);
    double *e0 = sup_xmalloc(nr * sizeof *e0), *e1 = sup_xmalloc(nr * sizeof *e1);
    int64_t *y = sup_xmalloc((size_t)np * sizeof *y);
    for (int it = 0; it < 30; it++) {
        long cur = eval(C, x);
        if (cur < 0 || !residuals(C, cur, skip, e0))
            break;
        for (int k = 0; k < np; k++) {
            memcpy(y, x, (size_t)np * sizeof *y);
            int d = x[k] < ps[k].hi ? 1 : -1;
            y[k] = clamp(&ps[k], x[k] + d);
            long q = y[k] != x[k] ? eval(C, y) : -1;
            bool ok = q >= 0 && residuals(C, q, skip, e1);
            cur = eval(C, x);
            for (size_t r = 0; r < nr; r++)
                J[(size_t)k * nr + r] = ok ? d * (e1[r] - e0[r]) : 0;
        }
        /* normal equations (J^T J + ridge) dx = -J^T e, augmented matrix A */
        for (int k = 0; k < np; k++) {
            for (int l = 0; l < np; l++) {
                double sum = 0;
                for (size_t r = 0; r < nr; r++)
                    sum += J[(size_t)k * nr + r] * J[(size_t)l * nr + r];
                A[k * (np + 1) + l] = sum;
            }
            double b = 0;
            for (size_t r = 0; r < nr; r++)
                b -= J[(size_t)k * nr + r] * e0[r];
            A[k * (np + 1) + np] = b;
        }
        /* Levenberg-Marquardt: solve (A + lambda * diag(A)) dx = b, raising
         * lambda (towards small gradient steps) until a step improves */
        double *M = sup_xmalloc((size_t)np * (size_t)(np + 1) * sizeof *M);
        bool moved = false;
        for (int tries = 0; tries < 12 && !moved; tries++, *lambda *= 10) {
            memcpy(M, A, (size_t)np * (size_t)(np + 1) * sizeof *M);
            for (int k = 0; k < np; k++)
                M[k * (np + 1) + k] += *lambda * (A[k * (np + 1) + k] + 1e-12) + 1e-300;
            for (int k = 0; k < np; k++) {   /* Gauss-Jordan with partial pivoting */
                int piv = k;
                for (int l = k + 1; l < np; l++)
                    if (fabs(M[l * (np + 1) + k]) > fabs(M[piv * (np + 1) + k]))
                        piv = l;
                for (int c = 0; c <= np; c++) {
                    double t = M[k * (np + 1) + c];
                    M[k * (np + 1) + c] = M[piv * (np + 1) + c];
                    M[piv * (np + 1) + c] = t;
                }
                double dkk = M[k * (np + 1) + k];
                if (fabs(dkk) < 1e-300)
                    continue;
                for (int l = 0; l < np; l++) {
                    if (l == k)
                        continue;
                    double f = M[l * (np + 1) + k] / dkk;
                    for (int c = k; c <= np; c++)
                        M[l * (np + 1) + c] -= f * M[k * (np + 1) + c];
                }
            }
            bool change = false;
            for (int k = 0; k < np; k++) {
                double dkk = M[k * (np + 1) + k];
                double dx = fabs(dkk) < 1e-300 ? 0 : M[k * (np + 1) + np] / dkk;
                dx = dx > 1e15 ? 1e15 : dx < -1e15 ? -1e15 : dx;
                y[k] = clamp(&ps[k], x[k] + (int64_t)llround(dx));
                change |= y[k] != x[k];
            }
            if (!change)
                continue;
            long q = eval(C, y);
            if (better(C, q, eval(C, x), skip)) {
                memcpy(x, y, (size_t)np * sizeof *x);
                moved = true;
                *lambda /= 100;
            }
        }
        free(M);
        if (!moved)
            break;
    }
    free(J);
    free(A);
    free(e0);
    free(e1);
    free(y);
}

static void fill_fit(const struct cal *C, const struct point *p, struct lpn_cal_fit *f)
{
    f->v = sup_xmalloc((size_t)C->np * sizeof *f->v);
    memcpy(f->v, p->v, (size_t)C->np * sizeof *f->v);
    f->pred = sup_xmalloc(C->nr * sizeof *f->pred);
    memcpy(f->pred, p->pred, C->nr * sizeof *f->pred);
    f->ev_err = sup_xmalloc(C->nr * sizeof *f->ev_err);
    memcpy(f->ev_err, p->ev, C->nr * sizeof *f->ev_err);
    double mx = 0, sum = 0;
    for (size_t r = 0; r < C->nr; r++) {
        double e = p->pred[r] < 0 ? INFINITY : fabs(rel(C, p, r));
        mx = e > mx ? e : mx;
        sum += e;
    }
    f->max_err = mx, f->mean_err = sum / (double)C->nr;
}

/* Sensitivities, flat parameters and pairs at the fit. */
static void analyse(struct cal *C, struct lpn_cal_result *R)
{
    int np = C->np;
    size_t nr = C->nr;
    const struct lpn_cal_param *ps = C->o->params;
    const int64_t *x = R->fit.v;
    int64_t *y = sup_xmalloc((size_t)np * sizeof *y);
    R->sens = sup_xcalloc((size_t)np * nr, sizeof *R->sens);
    R->flat = sup_xcalloc((size_t)np, sizeof *R->flat);
    R->at_bound = sup_xcalloc((size_t)np, sizeof *R->at_bound);
    long bi = eval(C, x);
    const int64_t *base = bi >= 0 ? PT(C, bi)->pred : NULL;
    int64_t *upv = sup_xmalloc(nr * sizeof *upv), *dnv = sup_xmalloc(nr * sizeof *dnv);
    size_t nres = C->nres;   /* the rank is over every residual: end times and event series */
    double *S = sup_xcalloc((size_t)np * nres, sizeof *S), *ea = sup_xmalloc(nres * sizeof *ea),
           *eb = sup_xmalloc(nres * sizeof *eb), big = 0;
    for (int k = 0; k < np && base; k++) {
        R->at_bound[k] = ps[k].lo < ps[k].hi && (x[k] == ps[k].lo || x[k] == ps[k].hi);
        long up = -1, dn = -1;
        memcpy(y, x, (size_t)np * sizeof *y);
        if (x[k] < ps[k].hi)
            y[k] = x[k] + 1, up = eval(C, y);
        memcpy(y, x, (size_t)np * sizeof *y);
        if (x[k] > ps[k].lo)
            y[k] = x[k] - 1, dn = eval(C, y);
        base = PT(C, bi)->pred;
        for (size_t r = 0; r < nr; r++)
            upv[r] = up >= 0 ? PT(C, up)->pred[r] : -1, dnv[r] = dn >= 0 ? PT(C, dn)->pred[r] : -1;
        bool flat = ps[k].lo < ps[k].hi;
        for (size_t r = 0; r < nr; r++) {
            int64_t hi = upv[r] >= 0 ? upv[r] : base[r], lo = dnv[r] >= 0 ? dnv[r] : base[r];
            int steps = (upv[r] >= 0) + (dnv[r] >= 0);
            R->sens[(size_t)k * nr + r] = steps ? (hi - lo) / steps : 0;
            if ((upv[r] >= 0 && upv[r] != base[r]) || (dnv[r] >= 0 && dnv[r] != base[r]))
                flat = false;
        }
        R->flat[k] = flat;
        long a = up >= 0 ? up : bi, b = dn >= 0 ? dn : bi;
        if (a != b && residuals(C, a, SIZE_MAX, ea) && residuals(C, b, SIZE_MAX, eb))
            for (size_t r = 0; r < nres; r++) {
                S[(size_t)k * nres + r] = ea[r] - eb[r];
                big = fabs(ea[r] - eb[r]) > big ? fabs(ea[r] - eb[r]) : big;
            }
    }
    for (int k = 0; k < np && base; k++)
        for (int l = k + 1; l < np; l++) {
            if (R->flat[k] || R->flat[l])
                continue;
            for (int sl = -1; sl <= 1; sl += 2) {
                memcpy(y, x, (size_t)np * sizeof *y);
                y[k] = x[k] + 1, y[l] = x[l] + sl;
                if (y[k] > ps[k].hi || y[l] > ps[l].hi || y[l] < ps[l].lo)
                    continue;
                long q = eval(C, y);
                bool same = q >= 0;
                for (size_t r = 0; q >= 0 && r < nr; r++)
                    same &= PT(C, q)->pred[r] == PT(C, bi)->pred[r];
                if (same) {
                    R->flat_pairs = sup_xrealloc(R->flat_pairs, (size_t)(R->nflat_pairs + 1) * 3 * sizeof(int));
                    int *f = &R->flat_pairs[3 * R->nflat_pairs++];
                    f[0] = k, f[1] = l, f[2] = sl;
                }
            }
        }
    free(upv);
    free(dnv);
    /* rank of the residuals' sensitivities (Gaussian elimination) */
    int rank = 0;
    nr = nres;
    for (size_t col = 0; col < nr && rank < np; col++) {
        int piv = -1;
        for (int k = rank; k < np; k++)
            if (fabs(S[(size_t)k * nr + col]) > 1e-9 * big && (piv < 0 || fabs(S[(size_t)k * nr + col]) > fabs(S[(size_t)piv * nr + col])))
                piv = k;
        if (piv < 0)
            continue;
        for (size_t c = 0; c < nr; c++) {
            double t = S[(size_t)rank * nr + c];
            S[(size_t)rank * nr + c] = S[(size_t)piv * nr + c];
            S[(size_t)piv * nr + c] = t;
        }
        for (int k = rank + 1; k < np; k++) {
            double f = S[(size_t)k * nr + col] / S[(size_t)rank * nr + col];
            for (size_t c = col; c < nr; c++)
                S[(size_t)k * nr + c] -= f * S[(size_t)rank * nr + c];
        }
        rank++;
    }
    R->rank = rank;
    free(S);
    free(ea);
    free(eb);
    free(y);
}

/* Why the best fit misses the tolerance, in words. */
static char *explain(const struct cal *C, const struct lpn_cal_result *R)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    size_t nr = C->nr, w = 0;
    double ew = -1;
    bool pos = false, neg = false;
    for (size_t r = 0; r < nr; r++) {
        double e = ((double)R->fit.pred[r] - (double)C->runs->runs[r].cycles) / (double)C->runs->runs[r].cycles;
        if (fabs(e) > ew)
            ew = fabs(e), w = r;
        pos |= e > C->o->tolerance, neg |= e < -C->o->tolerance;
    }
    bool moves = false;
    for (int k = 0; k < C->np; k++)
        moves |= R->sens[(size_t)k * nr + w] != 0;
    const char *wn = C->runs->runs[w].name;
    if (!moves)
        fprintf(f, "run '%s' (error %+.2f%%) does not move with any fitted parameter: fit others, or the model lacks what this run exercises",
                wn, 100 * (((double)R->fit.pred[w] - (double)C->runs->runs[w].cycles) / (double)C->runs->runs[w].cycles));
    else if (pos && neg)
        fprintf(f, "the runs pull the parameters in opposite directions (some predicted too long, some too short, worst '%s'): no values of the fitted parameters match them all; the model's structure (or a parameter not fitted) differs from the measured system",
                wn);
    else
        fprintf(f, "the worst run '%s' is still %.2f%% off", wn, 100 * ew);
    bool any = false;
    for (int k = 0; k < C->np; k++)
        if (R->at_bound[k]) {
            fprintf(f, "%s%s sits on its bound %lld", any ? ", " : "; widen the bounds: ", C->o->params[k].name,
                    (long long)R->fit.v[k]);
            any = true;
        }
    fclose(f);
    return buf;
}

int lpn_cal_run(const struct lpn_cal_opts *o, const struct lpn_cal_runs *runs, struct lpn_cal_result *R, FILE *diag)
{
    memset(R, 0, sizeof *R);
    /* the model's own values, and the checks a load can make */
    struct lpn_model *m = lpn_load_file(o->model, o->fixed, o->nfixed, diag);
    if (!m)
        return -1;
    int rc = 0;
    R->start = sup_xmalloc((size_t)(o->nparams ? o->nparams : 1) * sizeof *R->start);
    for (int k = 0; k < o->nparams && !rc; k++) {
        int64_t v;
        if (!lpn_param_value(m, o->params[k].name, &v)) {
            const struct lpn_cal_param *p = &o->params[k];
            sup_diag(diag, p->file ? p->file : "lpn calibrate", p->line, p->col, "error",
                     "the model '%s' has no parameter '%s' to fit", o->model, p->name);
            rc = -1;
            break;
        }
        R->start[k] = clamp(&o->params[k], v);
        for (size_t j = 0; j < runs->n; j++)
            for (size_t q = 0; q < runs->runs[j].nparams; q++)
                if (!strcmp(runs->runs[j].params[q].name, o->params[k].name)) {
                    sup_diag(diag, runs->path ? runs->path : "lpn calibrate", runs->runs[j].line, runs->runs[j].col,
                             "error", "run '%s' sets '%s', which is being fitted", runs->runs[j].name,
                             o->params[k].name);
                    rc = -1;
                }
    }
    lpn_model_free(m);
    if (rc)
        return -1;
    struct cal C = {.o = o, .runs = runs, .np = o->nparams, .nr = runs->n};
    C.budget = o->max_evals ? o->max_evals : DEFAULT_MAX_EVALS;
    C.nres = runs->n;
    for (size_t j = 0; j < runs->n; j++)
        C.nres += runs->runs[j].nevents;
    lpn__pointset_init(&C.seen, C.np);
    size_t maxov = o->nfixed + (size_t)o->nparams;
    for (size_t j = 0; j < runs->n; j++)
        maxov += runs->runs[j].nparams;
    C.ov = sup_xmalloc((maxov ? maxov : 1) * sizeof *C.ov);
    R->nparams = o->nparams, R->nruns = runs->n;
    long i0 = eval(&C, R->start);
    bool failed = false;
    for (size_t r = 0; r < runs->n; r++)
        failed |= PT(&C, i0)->pred[r] < 0;
    if (failed) {
        sup_diag(diag, "lpn calibrate", 0, 0, "error", "at the model's own values, %s", C.first_why);
        rc = -1;
        goto out;
    }
    fill_fit(&C, PT(&C, i0), &R->start_fit);
    int64_t *x = sup_xmalloc((size_t)(o->nparams ? o->nparams : 1) * sizeof *x);
    memcpy(x, R->start, (size_t)o->nparams * sizeof *x);
    newton(&C, x, SIZE_MAX);
    search(&C, x, SIZE_MAX);
    newton(&C, x, SIZE_MAX);
    search(&C, x, SIZE_MAX);
    long ix = eval(&C, x);
    fill_fit(&C, PT(&C, ix >= 0 ? ix : i0), &R->fit);
    analyse(&C, R);
    if (o->loo && runs->n >= 2) {
        R->loo_err = sup_xmalloc(runs->n * sizeof *R->loo_err);
        R->loo_pred = sup_xmalloc(runs->n * sizeof *R->loo_pred);
        int64_t *y = sup_xmalloc((size_t)(o->nparams ? o->nparams : 1) * sizeof *y);
        for (size_t i = 0; i < runs->n; i++) {
            /* from the start values, as the full fit: starting from the
             * full fit would leak the left-out run into its own prediction */
            memcpy(y, R->start, (size_t)o->nparams * sizeof *y);
            C.evals = 0;   /* each refit has the whole budget */
            newton(&C, y, i);
            search(&C, y, i);
            newton(&C, y, i);
            search(&C, y, i);
            long q = eval(&C, y);
            R->loo_pred[i] = q >= 0 ? PT(&C, q)->pred[i] : -1;
            R->loo_err[i] = q >= 0 && PT(&C, q)->pred[i] >= 0 ? rel(&C, PT(&C, q), i) : INFINITY;
        }
        free(y);
    }
    double obj = o->objective == LPN_CAL_MAX ? R->fit.max_err : R->fit.mean_err;
    R->good = obj <= o->tolerance;
    if (!R->good)
        R->why = explain(&C, R);
    free(x);
out:
    R->evals = C.npts;
    for (size_t k = 0; k < C.npts; k++)
        free(C.pts[k].v), free(C.pts[k].pred), free(C.pts[k].ev), free(C.pts[k].evs);
    free(C.pts);
    lpn__pointset_free(&C.seen);
    free(C.ov);
    free(C.first_why);
    return rc;
}

void lpn_cal_result_free(struct lpn_cal_result *r)
{
    free(r->start);
    free(r->start_fit.v), free(r->start_fit.pred), free(r->start_fit.ev_err);
    free(r->fit.v), free(r->fit.pred), free(r->fit.ev_err);
    free(r->loo_err), free(r->loo_pred);
    free(r->sens), free(r->flat), free(r->flat_pairs), free(r->at_bound);
    free(r->why);
    memset(r, 0, sizeof *r);
}
