/* tune.h — `lpn tune` (FIT.md "Tuning"): the smallest configuration of a
 * model's parameters (queue capacities, parallel engines, initiation
 * intervals, ...) that meets a latency or throughput bound on a given
 * input — by bounded search with simulation (binary search per parameter
 * when the metric is monotone, exhaustive otherwise), or by Z3 over an
 * input space whose symbols are the tuned parameters (LogNIC's optimizer
 * mode, seed 003 §3.8; buffer sizing, seed 000 §5.2.4). Prefix: lpn_. */
#ifndef LPNEST_LPN_TUNE_H
#define LPNEST_LPN_TUNE_H

#include "lpn.h"

struct lpn_tune_param {
    const char *name;       /* a model parameter (or, with a space, a symbol of it) */
    int64_t lo, hi, step;   /* values lo, lo + step, ..., <= hi */
    double weight;          /* cost weight (objective sum), default 1 */
};

enum lpn_tune_metric { LPN_TUNE_LATENCY, LPN_TUNE_THROUGHPUT };
struct lpn_tune_bound {
    enum lpn_tune_metric metric;   /* latency <= value, throughput >= value */
    double value;                  /* cycles, tokens per cycle, or a percentage */
    bool relative;                 /* value is % of the reference (every parameter at hi) */
};
enum lpn_tune_objective { LPN_TUNE_SUM, LPN_TUNE_LEX };
enum lpn_tune_search { LPN_TUNE_AUTO, LPN_TUNE_MONOTONE, LPN_TUNE_EXHAUSTIVE };

struct lpn_tune_opts {
    const char *model;
    const struct lpn_param *fixed;    /* other parameter overrides (-p) */
    size_t nfixed;
    const struct lpn_tune_param *params;
    int nparams;
    struct lpn_tune_bound bound;
    enum lpn_tune_objective objective;
    enum lpn_tune_search search;
    const char *input;                /* JSONL tokens, or NULL: the model's generate: */
    bool generate;                    /* keep generate: with input */
    uint64_t max_commits;             /* per simulation, 0: default */
    uint64_t max_points;              /* evaluations at most, 0: 100000 */
    const char *space;                /* Z3 mode: an input space whose symbols are the params */
    double timeout;                   /* Z3: seconds per solver call, 0: 30 */
};

struct lpn_tune_point {
    int64_t *v;                       /* [nparams] */
    bool ok;                          /* the run completed (no deadlock, error or limit) */
    bool feasible;                    /* ok and meets the bound */
    int64_t latency;                  /* last done cycle, -1 none */
    uint64_t done;
    double throughput;                /* done tokens per cycle */
    double cost;
    char *why;                        /* why not ok, or NULL */
};

struct lpn_tune_result {
    int nparams;
    char **names;
    struct lpn_tune_point *pts;       /* in evaluation order */
    size_t npts;
    int best;                         /* index into pts, -1: no configuration meets the bound */
    bool has_ref;
    struct lpn_tune_point ref;        /* every parameter at hi (for relative bounds) */
    double limit;                     /* the bound in absolute units */
    const char *method;               /* "exhaustive", "monotone", "z3" */
    size_t violations;                /* evaluated pairs contradicting monotonicity */
    bool proved;                      /* z3: minimality proved */
    char *note;
};

/* Runs the search. Returns 0 with R filled (release with
 * lpn_tune_result_free), or -1 after printing "file:line:col: error: ..."
 * or "lpn tune: error: ..." to DIAG (a bad model or input, an unknown
 * parameter, too many points for an exhaustive search). */
int lpn_tune_run(const struct lpn_tune_opts *o, struct lpn_tune_result *r, FILE *diag);
void lpn_tune_result_free(struct lpn_tune_result *r);
/* FORMAT: 0 text, 1 JSON, 2 YAML. */
void lpn_tune_write(const struct lpn_tune_opts *o, const struct lpn_tune_result *r, int format, FILE *out);

/* Parses "NAME=LO:HI[:STEP]" items separated by commas (appended to *P,
 * *N, malloc'd; names point into TEXT) and "latency<=N", "throughput>=X",
 * with an optional % (of the reference). false after printing an error. */
bool lpn_tune_parse_params(char *text, struct lpn_tune_param **p, int *n, FILE *diag);
bool lpn_tune_parse_bound(const char *text, struct lpn_tune_bound *b, FILE *diag);

#endif
