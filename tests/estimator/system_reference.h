/* system_reference.h — the constraint solver of estimator/lower/
 * lower_system.c as it was before its rounds skipped unchanged constraints
 * and its elimination became sparse and remembered (every constraint every
 * round, dense Gauss-Jordan): test_system.c checks that the solver gives,
 * bit for bit, this one's intervals, contradictions and work. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Upper bounds above this are no bounds: counts never come near it, and
 * around a loop propagation would otherwise raise a bound a little each
 * pass until the sums lose integer precision (2^53) and invent a
 * contradiction. */
#define REF_BOUND_MAX 1e13

static bool ref_tighten(struct lsys_system *sy, int v, double lo, double hi)
{
    bool changed = false;
    if (hi > REF_BOUND_MAX)
        hi = LSYS_INF;
    if (lo > sy->hi[v] + 0.5 || hi < sy->lo[v] - 0.5) {
        sy->conflict = true;
        return false;
    }
    if (lo > sy->lo[v] + 1e-6) {
        sy->lo[v] = lo > sy->hi[v] ? sy->hi[v] : lo;
        changed = true;
    }
    if (hi < sy->hi[v] - 1e-6) {
        sy->hi[v] = hi < sy->lo[v] ? sy->lo[v] : hi;
        changed = true;
    }
    return changed;
}

/* One pass over the constraints; true when an interval narrowed. */
static bool ref_pass(struct lsys_system *sy)
{
    bool changed = false;
    for (size_t i = 0; i < sy->nc; i++) {
        struct lsys_cons *c = &sy->c[i];
        /* sum of the terms' minima and maxima */
        double smin = 0, smax = 0;
        size_t nmax_inf = 0, nmin_inf = 0;
        for (size_t k = 0; k < c->n; k++) {
            int v = c->var[k];
            if (c->coef[k] > 0) {
                smin += sy->lo[v];
                if (sy->hi[v] >= LSYS_INF)
                    nmax_inf++;
                else
                    smax += sy->hi[v];
            } else {
                smax -= sy->lo[v];
                if (sy->hi[v] >= LSYS_INF)
                    nmin_inf++;
                else
                    smin -= sy->hi[v];
            }
        }
        for (size_t k = 0; k < c->n; k++) {
            int v = c->var[k];
            bool pos = c->coef[k] > 0;
            /* the other terms' range */
            double omin = smin, omax = smax;
            size_t omin_inf = nmin_inf, omax_inf = nmax_inf;
            if (pos) {
                omin -= sy->lo[v];
                if (sy->hi[v] >= LSYS_INF)
                    omax_inf--;
                else
                    omax -= sy->hi[v];
            } else {
                omax += sy->lo[v];
                if (sy->hi[v] >= LSYS_INF)
                    omin_inf--;
                else
                    omin += sy->hi[v];
            }
            /* coef * x = rhs - others */
            double lo = -LSYS_INF, hi = LSYS_INF;
            if (pos) {
                if (!omax_inf)
                    lo = c->rhs - omax;
                if (!c->ge && !omin_inf)
                    hi = c->rhs - omin;
            } else {
                /* -x = rhs - others  =>  x = others - rhs */
                if (!c->ge && !omin_inf)
                    lo = omin - c->rhs;
                if (!omax_inf)
                    hi = omax - c->rhs;
            }
            if (lo < 0)
                lo = 0;
            bool before = sy->conflict;
            changed |= ref_tighten(sy, v, lo, hi);
            if (!before && sy->conflict)
                sy->first_conflict = (long)i;
        }
    }
    return changed;
}

static void ref_propagate(struct lsys_system *sy)
{
    for (int round = 0; round < 400 && ref_pass(sy); round++)
        ;
}

/* Elimination is dense: it is skipped above this many open variables
 * (propagation leaves few open in practice), and a system stops eliminating
 * after this many multiply-adds, about a tenth of a second (the corpus's
 * largest, AVR interp's main with 175 blocks, spends 1.4e7): what it found
 * by then holds, every row being implied by the equalities. */
enum { REF_ELIM_MAX_OPEN = 600 };
#define REF_ELIM_BUDGET 2e8

/* Fixes the open variables the equalities determine jointly; true when it
 * fixed one. The rows are the equalities with the fixed variables moved to
 * the right-hand side; after Gauss-Jordan elimination, a row left with one
 * variable gives its value. */
static bool ref_eliminate(struct lsys_system *sy)
{
    if (sy->work >= REF_ELIM_BUDGET)
        return false;
    int *col = malloc((sy->nvars + 1) * sizeof *col);
    size_t nopen = 0;
    for (size_t v = 0; v < sy->nvars; v++)
        col[v] = lsys_fixed(sy, (int)v) ? -1 : (int)nopen++;
    size_t nrows = 0;
    for (size_t i = 0; i < sy->nc && nopen && nopen <= REF_ELIM_MAX_OPEN; i++) {
        const struct lsys_cons *c = &sy->c[i];
        bool open = false;
        for (size_t k = 0; k < c->n && !c->ge && !open; k++)
            open = col[c->var[k]] >= 0;
        nrows += open;
    }
    if (!nrows) {
        free(col);
        return false;
    }
    size_t w = nopen + 1; /* the last column is the right-hand side */
    double *a = calloc(nrows * w + 1, sizeof *a);
    int *var_of = malloc((nopen + 1) * sizeof *var_of);
    for (size_t v = 0; v < sy->nvars; v++)
        if (col[v] >= 0)
            var_of[col[v]] = (int)v;
    size_t r = 0;
    for (size_t i = 0; i < sy->nc; i++) {
        const struct lsys_cons *c = &sy->c[i];
        bool open = false;
        for (size_t k = 0; k < c->n && !c->ge && !open; k++)
            open = col[c->var[k]] >= 0;
        if (!open)
            continue;
        double *row = &a[r++ * w];
        row[nopen] = c->rhs;
        for (size_t k = 0; k < c->n; k++) {
            int v = c->var[k];
            if (col[v] >= 0)
                row[col[v]] += c->coef[k];
            else
                row[nopen] -= c->coef[k] * sy->lo[v];
        }
    }
    /* Gauss-Jordan with partial pivoting; the coefficients stay small
     * integers on these systems, the tolerance only absorbs rounding */
    const double eps = 1e-9;
    size_t rank = 0;
    int *pivot_col = malloc((nrows + 1) * sizeof *pivot_col);
    for (size_t c = 0; c < nopen && rank < nrows && sy->work < REF_ELIM_BUDGET; c++) {
        size_t best = rank;
        for (size_t i = rank + 1; i < nrows; i++)
            if (fabs(a[i * w + c]) > fabs(a[best * w + c]))
                best = i;
        if (fabs(a[best * w + c]) < eps)
            continue;
        if (best != rank)
            for (size_t j = 0; j < w; j++) {
                double t = a[best * w + j];
                a[best * w + j] = a[rank * w + j];
                a[rank * w + j] = t;
            }
        double *pr = &a[rank * w];
        double p = pr[c];
        for (size_t j = c; j < w; j++)
            pr[j] /= p;
        for (size_t i = 0; i < nrows; i++) {
            double f = a[i * w + c];
            if (i == rank || fabs(f) < eps)
                continue;
            double *ri = &a[i * w];
            for (size_t j = c; j < w; j++)
                ri[j] -= f * pr[j];
            sy->work += (double)(w - c);
            ri[c] = 0;
        }
        pivot_col[rank++] = (int)c;
    }
    bool fixed = false;
    /* a row with no variable left must have nothing on the right */
    for (size_t i = rank; i < nrows && !sy->conflict; i++)
        if (fabs(a[i * w + nopen]) > 1e-6 * (1 + fabs(a[i * w + nopen])) + 0.5)
            sy->conflict = true;
    for (size_t i = 0; i < rank && !sy->conflict; i++) {
        const double *ri = &a[i * w];
        bool alone = true;
        for (size_t j = (size_t)pivot_col[i] + 1; j < nopen && alone; j++)
            alone = fabs(ri[j]) < eps;
        if (!alone)
            continue;
        int v = var_of[pivot_col[i]];
        double x = ri[nopen], rx = floor(x + 0.5);
        if (fabs(x - rx) > 1e-6 * (1 + fabs(x)))
            continue; /* not a count: leave it to the bounds */
        if (rx < sy->lo[v] - 0.5 || rx > sy->hi[v] + 0.5) {
            sy->conflict = true;
            break;
        }
        sy->lo[v] = sy->hi[v] = rx;
        fixed = true;
    }
    free(pivot_col);
    free(var_of);
    free(a);
    free(col);
    return fixed;
}

static void ref_solve(struct lsys_system *sy)
{
    do
        ref_propagate(sy);
    while (!sy->conflict && ref_eliminate(sy));
}
