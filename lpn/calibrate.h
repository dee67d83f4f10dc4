/* calibrate.h — `lpn calibrate` (CALIBRATE.md): fits named integer
 * parameters of a model, within bounds, to measured runs (token input +
 * measured end cycle), minimising the max or mean relative error of the
 * simulated end times; reports the fit per run, leave-one-out errors and the
 * parameters (or pairs) the runs do not determine. Simulation is in the
 * loop (the same load-and-run as `lpn tune`); the search alternates
 * Levenberg-Marquardt steps over unit differences (end times are piecewise
 * linear in delays) and an integer pattern search (coordinate moves with
 * shrinking steps, then paired unit moves along the ridges of a max).
 * Optional per-run events (measured firing times of a transition) join the
 * objective.
 * Prefix: lpn_cal_. */
#ifndef LPNEST_LPN_CALIBRATE_H
#define LPNEST_LPN_CALIBRATE_H

#include "lpn.h"

/* Measured times of one transition's firings in a run (per-token or
 * per-stage timestamps): firing k of TRANSITION starts (or commits) at
 * times[k] + offset. */
struct lpn_cal_events {
    char *transition;
    bool commit;                  /* at: commit (else start) */
    int64_t offset;
    double *times;
    size_t n;
};

struct lpn_cal_run {
    char *name;
    char *input;                  /* JSONL tokens (resolved against the runs file) */
    int64_t cycles;               /* the measured end cycle */
    struct lpn_param *params;     /* this run's own overrides (-p) */
    size_t nparams;
    struct lpn_cal_events *events;
    size_t nevents;
    unsigned line, col;           /* where the run is in the runs file */
};

struct lpn_cal_param {
    const char *name;
    int64_t lo, hi;
    const char *file;             /* where it is named (a runs file's fit:), or NULL (--fit) */
    unsigned line, col;
};

enum lpn_cal_objective { LPN_CAL_MAX, LPN_CAL_MEAN };

/* The runs file, parsed (lpn_cal_runs_read). */
struct lpn_cal_runs {
    struct lpn_cal_run *runs;
    size_t n;
    struct lpn_cal_param *fit;    /* its `fit:` bounds, if any */
    int nfit;
    int objective;                /* -1: not given */
    const char *path;             /* the runs file (in strings) */
    char **strings;               /* the names and paths the entries point into */
    size_t nstrings;
};

struct lpn_cal_opts {
    const char *model;
    const struct lpn_param *fixed;        /* -p overrides for every run */
    size_t nfixed;
    const struct lpn_cal_param *params;   /* the fitted parameters */
    int nparams;
    enum lpn_cal_objective objective;
    double tolerance;                     /* a fit is good when its objective is <= this (fraction) */
    bool loo;                             /* leave-one-out refits */
    uint64_t max_commits;                 /* per simulation, 0: default */
    uint64_t max_evals;                   /* simulations of all runs at most per fit, 0: 20000 */
};

struct lpn_cal_fit {
    int64_t *v;                   /* [nparams] the fitted values */
    int64_t *pred;                /* [nruns] simulated end cycles */
    double *ev_err;               /* [nruns] mean |event error| / cycles, -1: the run has no events */
    double max_err, mean_err;     /* relative (|pred - cycles| / cycles) */
};

struct lpn_cal_result {
    int nparams;
    size_t nruns;
    int64_t *start;               /* the model's own values (clamped to the bounds) */
    struct lpn_cal_fit start_fit; /* the runs at the start values */
    struct lpn_cal_fit fit;
    size_t evals;                 /* simulations of the run set, all fits */
    double *loo_err;              /* [nruns] signed relative error of run i fitted without it, or NULL */
    int64_t *loo_pred;            /* [nruns] */
    int64_t *sens;                /* [nparams * nruns] end cycles per +1 of the parameter (central difference) */
    bool *flat;                   /* [nparams] no run's end time moves with it */
    int *flat_pairs;              /* pairs (k, l, sign) along which no end time moves: 3 ints each */
    int nflat_pairs;
    int rank;                     /* rank of the relative sensitivities: combinations the runs fix */
    bool *at_bound;               /* [nparams] the fit sits on a bound */
    bool good;                    /* objective <= tolerance */
    char *why;                    /* when not good: why (malloc'd) */
};

/* Reads the runs file (CALIBRATE.md). Returns false after printing
 * "file:line:col: error: ..." for each mistake (missing keys, a bad cycle
 * count, an unreadable token file, an unknown key). */
bool lpn_cal_runs_read(const char *path, struct lpn_cal_runs *r, FILE *diag);
void lpn_cal_runs_free(struct lpn_cal_runs *r);

/* Fits. Returns 0 with R filled (lpn_cal_result_free), or -1 after printing
 * an error (a bad model or parameter, a run that does not complete at the
 * start values). */
int lpn_cal_run(const struct lpn_cal_opts *o, const struct lpn_cal_runs *runs, struct lpn_cal_result *r, FILE *diag);
void lpn_cal_result_free(struct lpn_cal_result *r);

/* FORMAT: 0 text, 1 JSON. */
void lpn_cal_write(const struct lpn_cal_opts *o, const struct lpn_cal_runs *runs, const struct lpn_cal_result *r,
                   int format, FILE *out);
/* Writes the model file with the fitted parameters' values replaced in its
 * `params:` mapping (comments and layout kept). false after an error (a
 * fitted parameter whose value is not a plain scalar in the file). */
bool lpn_cal_write_model(const struct lpn_cal_opts *o, const struct lpn_cal_result *r, FILE *out, FILE *diag);

#endif
