/* fit.h — delay functions of black-box accelerators from measurements
 * (seed 002, Performance Representatives §3.1–3.3, Algorithm 1, eq. 7–8)
 * and the composition of layer latencies into blocks (§3.3, eq. 9–11);
 * lpn/FIT.md describes the method and the `lpn fit` command.
 *
 *     struct lpn_table *t = lpn_table_read("sweeps.csv", stderr);
 *     struct lpn_fit_opts o; lpn_fit_opts_default(&o);
 *     struct lpn_fit *f = lpn_fit_run(t, &o, stderr);
 *     puts(lpn_fit_expr(f));            // "120 + 37 * cdiv(C, 16) * K"
 *     lpn_fit_free(f); lpn_table_free(t);
 *
 * Prefix: lpn_. Nothing prints to stderr by itself: diagnostics go to the
 * FILE * given ("file:line:col: error: ..."). */
#ifndef LPNEST_LPN_FIT_H
#define LPNEST_LPN_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- CSV tables (fit_csv.c) ----------------------------------------------------*/
/* A rectangular table of numbers read from CSV: a header row of distinct
 * column names, then rows of as many numeric cells (FIT.md "CSV"). */
struct lpn_table {
    char *path;               /* the name used in messages */
    int ncols;
    char **names;             /* [ncols] */
    unsigned *hcol;           /* [ncols] 1-based column of each header cell */
    unsigned hline;           /* line of the header */
    size_t nrows;
    double *v;                /* [nrows * ncols], row-major */
    unsigned *line;           /* [nrows] line of each row */
    unsigned *col;            /* [nrows * ncols] 1-based column of each cell */
};
/* Reads PATH ("-": stdin). Returns the table (free with lpn_table_free) or
 * NULL after printing every error (up to 20) as "path:line:col: error: ..."
 * to DIAG: duplicate or empty header names, ragged rows, empty or
 * non-numeric cells, unterminated quotes, no data rows. */
struct lpn_table *lpn_table_read(const char *path, FILE *diag);
/* The same for TEXT[0..len) in memory; NAME is used in messages. */
struct lpn_table *lpn_table_parse(const char *name, const char *text, size_t len, FILE *diag);
void lpn_table_free(struct lpn_table *t);
int lpn_table_find(const struct lpn_table *t, const char *name);   /* -1 when absent */

/* ---- fitting (fit.c) -----------------------------------------------------------*/
enum lpn_influence {
    LPN_INF_NONE,        /* no measurable influence: left out of the model */
    LPN_INF_LINEAR,      /* linear (step width 1) */
    LPN_INF_STEP,        /* step-wise with width `width` */
    LPN_INF_NONLINEAR,   /* neither: smooth but not linear (the table handles it) */
    LPN_INF_UNKNOWN      /* no sweep of this parameter in the data: taken as linear */
};
const char *lpn_influence_name(enum lpn_influence k);

enum lpn_fit_choice { LPN_FIT_AUTO, LPN_FIT_CLOSED, LPN_FIT_TABLE };

struct lpn_fit_step {     /* a step width known beforehand (white-box, §3.2) */
    const char *name;
    int64_t width;        /* 1: linear */
};

struct lpn_fit_opts {
    const char *target;             /* the latency column, default "cycles" */
    const char *const *params;      /* the parameter columns; NULL: every other column */
    int nparams;
    double holdout;                 /* fraction of rows held out, [0, 0.9], default 0.2 */
    uint64_t seed;                  /* of the held-out split and the PR sampler, default 1 */
    double linear_threshold;        /* Algorithm 1: a line's RMSE over the sweep's range, default 0.02 */
    const struct lpn_fit_step *steps;
    int nsteps;
    const char *prefix;             /* prepended to parameter names in expressions ("job.") */
    enum lpn_fit_choice choice;     /* force the closed form or the table, default AUTO */
};
void lpn_fit_opts_default(struct lpn_fit_opts *o);

/* What Algorithm 1 found for one parameter. */
struct lpn_fit_param {
    const char *name;               /* owned by the fit */
    int col;                        /* its table column */
    enum lpn_influence kind;
    int64_t width;                  /* step width (1 unless STEP) */
    int64_t phase;                  /* steps end at values = phase (mod width) */
    int64_t lo, hi;                 /* range in the data */
    int sweeps;                     /* sweeps of it analysed (others fixed) */
    int agree;                      /* sweeps agreeing with the verdict */
    bool given;                     /* the width came from lpn_fit_opts.steps */
    double jump;                    /* mean step height (cycles), STEP only */
};

/* A candidate delay function and its errors. */
struct lpn_fit_model {
    bool valid;
    char *expr;                     /* in the LPN expression syntax (FORMAT.md) */
    int nterms;                     /* closed form: terms besides the constant */
    int entries;                    /* table: entries */
    double cv_mape;                 /* cross-validated on the training rows (%) */
    double mape;                    /* on the held-out rows (%), or the training rows without holdout */
    double max_abs;                 /* largest |error| in cycles, same rows */
    double max_rel;                 /* largest relative error (%) */
    double rmse;                    /* cycles */
};

struct lpn_fit;
/* Detects each parameter's influence and step width (Algorithm 1) on every
 * row, splits off the held-out rows, fits a closed form over the parameters
 * rounded up to their steps (eq. 7–8) and a table, and chooses one. Returns
 * the fit (free with lpn_fit_free; T must outlive it) or NULL after printing
 * "path:line:col: error: ..." to DIAG (a missing target or parameter column,
 * a non-integer parameter value, a negative or non-finite latency, fewer
 * than two samples, a step width for an unknown parameter). */
struct lpn_fit *lpn_fit_run(const struct lpn_table *t, const struct lpn_fit_opts *o, FILE *diag);
void lpn_fit_free(struct lpn_fit *f);

int lpn_fit_nparams(const struct lpn_fit *f);
const struct lpn_fit_param *lpn_fit_param(const struct lpn_fit *f, int k);
const struct lpn_fit_model *lpn_fit_closed(const struct lpn_fit *f);
const struct lpn_fit_model *lpn_fit_table(const struct lpn_fit *f);
bool lpn_fit_chose_table(const struct lpn_fit *f);
const char *lpn_fit_expr(const struct lpn_fit *f);   /* the chosen model's expression */
size_t lpn_fit_train_rows(const struct lpn_fit *f);
size_t lpn_fit_test_rows(const struct lpn_fit *f);
/* The chosen model's value (exactly what the emitted expression computes)
 * at parameter values X[lpn_fit_nparams]. */
int64_t lpn_fit_predict(const struct lpn_fit *f, const int64_t *x);
/* The same for the closed form or the table. */
int64_t lpn_fit_predict_model(const struct lpn_fit *f, bool table, const int64_t *x);

/* Performance Representatives: the parameter values that end a step
 * (eq. 4): PHASE + k * WIDTH for step-wise parameters, every value for
 * linear ones, the most common value for parameters without influence.
 * lpn_fit_pr_axis returns the count of parameter K's values in its data
 * range (rounded up to the step) and, when VALUES is not NULL, writes up
 * to MAX of them. lpn_fit_pr_count is the size of their product. */
int64_t lpn_fit_pr_axis(const struct lpn_fit *f, int k, int64_t *values, int64_t max);
double lpn_fit_pr_count(const struct lpn_fit *f);
/* Chooses up to BUDGET Performance Representatives that were not measured,
 * spread out (greedy max-min distance over the normalised ranges, from at
 * most 20000 candidates drawn with SEED). Writes them to OUT (BUDGET rows
 * of lpn_fit_nparams values) and returns how many. */
int lpn_fit_next(const struct lpn_fit *f, int budget, uint64_t seed, int64_t *out);

/* Reports. FORMAT: 0 text, 1 JSON, 2 YAML. NEXT/NNEXT are the points of
 * lpn_fit_next (may be NULL/0). */
void lpn_fit_write(const struct lpn_fit *f, const int64_t *next, int nnext, int format, FILE *out);
/* Writes the points as CSV with the table's header (the target cells empty). */
void lpn_fit_write_next_csv(const struct lpn_fit *f, const int64_t *next, int nnext, FILE *out);
/* Writes a ready model (FORMAT.md): one transition `op` whose delay is the
 * chosen expression over the properties of its input token, and one
 * generated token per held-out row (all rows without holdout), served one
 * at a time: `lpn sim` then reports the sum of the predicted delays. */
void lpn_fit_write_lpn(const struct lpn_fit *f, FILE *out);

/* ---- multi-layer composition (fit_compose.c) -----------------------------------*/
enum lpn_compose_kind { LPN_COMPOSE_MAX, LPN_COMPOSE_SUM, LPN_COMPOSE_FUSED };
const char *lpn_compose_name(enum lpn_compose_kind k);

struct lpn_compose_opts {
    const char *target;             /* the block's latency column, default "cycles" */
    const char *const *layers;      /* the layer latency columns (at least 2) */
    int nlayers;
    const char *ops;                /* the #ops column of eq. 11, or NULL (constant fusing term) */
    double holdout;
    uint64_t seed;
    const char *prefix;             /* property prefix in the emitted delays, default "blk." */
};
struct lpn_compose;
/* Fits a block's latency from its layers' latencies (§3.3): the max of
 * the layers (parallel functional units, eq. 9), their sum, and their sum
 * minus a fusing term w * ops + c fitted by least squares (eq. 10–11), and
 * chooses the most accurate (on held-out rows, the simplest within 0.25
 * points of MAPE). Returns the result (free with lpn_compose_free) or NULL
 * after printing "path:line:col: error: ..." (missing columns, fewer than
 * two layers or samples). */
struct lpn_compose *lpn_compose_run(const struct lpn_table *t, const struct lpn_compose_opts *o, FILE *diag);
void lpn_compose_free(struct lpn_compose *c);
enum lpn_compose_kind lpn_compose_chosen(const struct lpn_compose *c);
/* Held-out MAPE (%) of model K; FUSED's w and c. */
double lpn_compose_mape(const struct lpn_compose *c, enum lpn_compose_kind k);
void lpn_compose_fusing(const struct lpn_compose *c, double *w, double *c0);
/* The chosen block's delay expression over the layer properties. */
const char *lpn_compose_expr(const struct lpn_compose *c);
void lpn_compose_write(const struct lpn_compose *c, int format, FILE *out);
/* Writes the block as an LPN (FIT.md "Composition"): a fork to one
 * transition per layer joined by a transition for MAX, a chain of layer
 * transitions for SUM and FUSED (the fusing term taken off the last layer). */
void lpn_compose_write_lpn(const struct lpn_compose *c, FILE *out);

#endif
