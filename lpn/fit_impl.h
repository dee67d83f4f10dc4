/* fit_impl.h — the state of a fit, shared by lpn fit's method (fit.c), its
 * Algorithm 1 (fit_sweep.c), its Performance Representatives (fit_pr.c) and
 * its outputs (fit_report.c).
 * Internal to lpn/. */
#ifndef LPNEST_FIT_IMPL_H
#define LPNEST_FIT_IMPL_H

#include "fit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_PARAMS 32
#define MAX_EXPR 4000            /* FORMAT.md caps expressions at 4096 characters */

/* A monomial: per parameter 0 (absent), 1 (the raw value), 2 (rounded up to
 * its step, eq. 8). */
struct mono {
    unsigned char c[MAX_PARAMS];
};

struct ctable {                  /* the table model */
    int nk;                      /* key length: influencing parameters */
    int kp[MAX_PARAMS];          /* their parameter indices */
    size_t n;                    /* entries */
    int64_t *key;                /* [n * nk], sorted */
    int64_t *val;                /* [n] */
};

struct lpn_fit {
    const struct lpn_table *t;
    int tcol;
    int np;
    struct lpn_fit_param p[MAX_PARAMS];
    char *prefix;
    size_t n;
    int64_t *x;                  /* [n * np] */
    double *y;                   /* [n] */
    size_t *train, ntrain, *test, ntest;
    /* closed form: (n0 + sum n_j * mono_j) / den, clamped at 0 when CLAMP */
    int nt;
    struct mono *terms;
    int64_t n0, *nj, den;
    bool clamp;
    struct ctable tab;
    struct lpn_fit_model closed, table;
    bool chose_table;
};

/* Small helpers of fit.c: a splitmix64 step, division rounding up, and the
 * most common value of V[0..n) (the smallest among ties, V sorted). */
uint64_t fit_splitmix(uint64_t *s);
int64_t fit_cdiv64(int64_t a, int64_t b);
int64_t fit_mode_i64(int64_t *v, size_t n, size_t *count);

/* Algorithm 1 (fit_sweep.c): sets F->p[K]'s influence, step width, phase and
 * jump from the one-parameter sweeps of K in F's rows; THR is the relative
 * error under which a sweep counts as linear. */
void fit_detect_influence(struct lpn_fit *f, int k, double thr);

/* The delay functions as LPN expressions (malloc'd), as fit.c evaluates them. */
char *fit_closed_expr(const struct lpn_fit *f);
char *fit_table_expr(const struct lpn_fit *f, const struct ctable *t);

#endif
