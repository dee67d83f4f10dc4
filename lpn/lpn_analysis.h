/* lpn_analysis.h — analyses of an LPN over a symbolic input space (seed 000
 * §4.1, §4.2, §4.4; lpn/ANALYSIS.md): input spaces, input classes found by
 * symbolic execution, performance interfaces (closed-form latency per class,
 * as text and as C) and proven latency bounds / property checks with Z3.
 * Prefix: lpn_. Z3 stays behind this header.
 *
 *     struct lpn_space *sp = lpn_space_load_file(m, "space.yaml", stderr);
 *     struct lpn_limits lim; lpn_limits_default(&lim);
 *     struct lpn_classes *cl = lpn_classes_explore(sp, &lim, stderr);
 *     struct lpn_pi *pi = lpn_pi_build(cl, NULL, stderr);     // interfaces
 *     struct lpn_query *q = lpn_query_parse(sp, "<query>", "max", stderr);
 *     struct lpn_smt_result r; lpn_smt_run(cl, pi, q, &r, stderr);
 *     ...free in reverse order: query, pi, classes, space (the model last).
 *
 * Nothing prints to stderr by itself: diagnostics go to the FILE * given. */
#ifndef LPNEST_LPN_ANALYSIS_H
#define LPNEST_LPN_ANALYSIS_H

#include "lpn.h"

/* ---- input spaces --------------------------------------------------------------*/
struct lpn_space;

/* Loads the input space in PATH for model M (M must outlive the space).
 * Returns the space, which the caller frees with lpn_space_free, or NULL
 * after printing every error as "file:line:col: error: ..." to DIAG. The
 * space owns the Z3 context every later analysis of it uses (classes,
 * interfaces and queries must be freed before it); solver calls are
 * bounded by 30 s until lpn_classes_explore applies its limits. */
struct lpn_space *lpn_space_load_file(const struct lpn_model *m, const char *path, FILE *diag);
/* The same for TEXT[0..len) in memory; NAME is used in messages. */
struct lpn_space *lpn_space_load_string(const struct lpn_model *m, const char *name, const char *text,
                                        size_t len, FILE *diag);
void lpn_space_free(struct lpn_space *sp);
int lpn_space_tokens(const struct lpn_space *sp);        /* input tokens */
int lpn_space_place(const struct lpn_space *sp);         /* the place they enter */
int lpn_space_symbols(const struct lpn_space *sp);       /* symbols (shared and per token) */
/* Symbol K's name ("dm", "symbols[3]"), owned by SP; NULL out of range. */
const char *lpn_space_symbol_name(const struct lpn_space *sp, int k);

/* ---- input classes -------------------------------------------------------------*/
/* Bounds on the symbolic execution and the solver (ANALYSIS.md "Limits"). */
struct lpn_limits {
    uint64_t max_paths;       /* paths (sets of inputs) explored, default 1000 */
    uint64_t max_firings;     /* firings on one path, default 100000 */
    double max_seconds;       /* wall time of the exploration, default 300 */
    double solver_seconds;    /* each solver call, default 30 */
};
void lpn_limits_default(struct lpn_limits *l);

enum lpn_astatus {
    LPN_A_COMPLETE,   /* every path of the space was explored */
    LPN_A_LIMIT,      /* a limit stopped the exploration: the classes cover part of the space */
};

struct lpn_classes;
/* Explores the space by symbolic execution and groups the paths into input
 * classes (§4.1, A.1-A.2). Returns the result (free with lpn_classes_free;
 * it refers to SP, which must outlive it), possibly incomplete
 * (lpn_classes_status), or NULL after printing "file:line:col: error: ..."
 * to DIAG when the model uses a construct the analyses do not support or a
 * run-time error (a negative delay, ...) is possible in the space. */
struct lpn_classes *lpn_classes_explore(struct lpn_space *sp, const struct lpn_limits *lim, FILE *diag);
void lpn_classes_free(struct lpn_classes *cl);
enum lpn_astatus lpn_classes_status(const struct lpn_classes *cl);
const char *lpn_classes_limit_message(const struct lpn_classes *cl);   /* NULL when complete */
int lpn_classes_count(const struct lpn_classes *cl);
int lpn_classes_paths(const struct lpn_classes *cl);
/* Commits of transition T in class K (-1 when out of range). */
int64_t lpn_class_commits(const struct lpn_classes *cl, int k, int t);
/* Whether the class ends with tokens stuck (lpn sim would report a deadlock). */
bool lpn_class_deadlock(const struct lpn_classes *cl, int k);
/* The class's exact latency for the input whose token properties are PROPS
 * (lpn_space_tokens rows of the place's lpn_place_nprops values); false when
 * the input is outside the class. */
bool lpn_class_latency(const struct lpn_classes *cl, int k, const int64_t *props, int64_t *latency);
/* Writes the classes (constraints, commit counts, exact-latency check on
 * SAMPLES inputs drawn from each class against lpn sim) as text or JSON.
 * Returns 0, or -1 after printing an error (a mismatch between the symbolic
 * latency and the simulator is an internal error). */
int lpn_classes_write(struct lpn_classes *cl, int samples, uint64_t seed, FILE *out, bool json, FILE *diag);

/* Draws up to N inputs of class K (pseudo-random from SEED, satisfying the
 * space and the class constraints) into PROPS (N rows of tokens x props);
 * returns how many were drawn (fewer when the solver finds no more). */
int lpn_class_sample(struct lpn_classes *cl, int k, int n, uint64_t seed, int64_t *props);
/* Simulates the model on one input (PROPS as above, all tokens at cycle 0)
 * and returns the last done cycle, or -1 after printing the error to DIAG. */
int64_t lpn_space_simulate(const struct lpn_space *sp, const int64_t *props, FILE *diag);

/* ---- performance interfaces (§4.2, A.3) ----------------------------------------*/
struct lpn_pi_opts {
    int iterations;           /* loop passes at most, default 10 */
    int samples;              /* inputs per class compared with lpn sim, default 20 */
    uint64_t seed;            /* for the samples, default 1 */
    const char *c_name;       /* name of the emitted C function, default "<model>_latency" */
};
struct lpn_pi;
/* Builds one interface formula per class of CL (which must outlive it) and
 * measures it against lpn sim on samples. O may be NULL (defaults). Returns
 * the interfaces (free with lpn_pi_free) or NULL after printing an error. */
struct lpn_pi *lpn_pi_build(struct lpn_classes *cl, const struct lpn_pi_opts *o, FILE *diag);
void lpn_pi_free(struct lpn_pi *pi);
/* The readable formula of class K ("max(54*avg_symbols + 108, 1527)"),
 * owned by PI; NULL when K is out of range. */
const char *lpn_pi_formula(const struct lpn_pi *pi, int k);
/* The formula's value for one input (PROPS as for lpn_class_latency). */
double lpn_pi_eval(const struct lpn_pi *pi, int k, const int64_t *props);
/* Mean and largest relative error |pi - sim| / sim over the samples of class K. */
void lpn_pi_accuracy(const struct lpn_pi *pi, int k, int *samples, double *mean, double *max);
/* Writes the interfaces as text or JSON. */
void lpn_pi_write(const struct lpn_pi *pi, FILE *out, bool json);
/* Writes a self-contained C file: one function per class over the interface
 * variables and a dispatcher over the tokens (ANALYSIS.md "Emitted C"). */
void lpn_pi_write_c(const struct lpn_pi *pi, FILE *out);

/* ---- SMT queries (§4.4) --------------------------------------------------------*/
enum lpn_qkind { LPN_Q_MAX, LPN_Q_MIN, LPN_Q_BOUNDS, LPN_Q_PROVE };
struct lpn_query;
/* Parses query TEXT ("max", "min", "bounds", "max EXPR", "min EXPR",
 * "prove EXPR" or a bare boolean EXPR; ANALYSIS.md "Queries"). NAME is the
 * file name used in messages ("<query>" for a command-line query). Returns
 * the query (free with lpn_query_free) or NULL after printing
 * "NAME:1:COL: error: ..." to DIAG. */
struct lpn_query *lpn_query_parse(struct lpn_space *sp, const char *name, const char *text, FILE *diag);
void lpn_query_free(struct lpn_query *q);
enum lpn_qkind lpn_query_kind(const struct lpn_query *q);
bool lpn_query_uses_pi(const struct lpn_query *q);

enum lpn_verdict { LPN_V_PROVED, LPN_V_DISPROVED, LPN_V_UNKNOWN };
struct lpn_bound {
    enum lpn_verdict verdict;     /* PROVED: value is the optimum; UNKNOWN: not proven */
    bool has_value;
    double value;                 /* the optimum (or the best found when UNKNOWN) */
    int64_t *witness;             /* an input reaching it (tokens x props), malloc'd, or NULL */
    int64_t simulated;            /* lpn sim's last done cycle on the witness, -1 none */
};
struct lpn_smt_result {
    enum lpn_qkind kind;
    int nclasses;
    struct lpn_bound overall[2];  /* [0]: max or the property, [1]: min (BOUNDS) */
    struct lpn_bound *per_class;  /* nclasses x 2 */
    double seconds;
    char *reason;                 /* why UNKNOWN (a timeout, incomplete classes), or NULL */
};
/* Answers Q over every class of CL. PI is needed when the query names `pi`
 * (else it may be NULL). Fills R (release with lpn_smt_result_free) and
 * returns 0, or -1 after printing an error. */
int lpn_smt_run(struct lpn_classes *cl, const struct lpn_pi *pi, const struct lpn_query *q,
                struct lpn_smt_result *r, FILE *diag);
void lpn_smt_result_free(struct lpn_smt_result *r);
/* Writes R as text or JSON. */
void lpn_smt_write(const struct lpn_classes *cl, const struct lpn_smt_result *r, FILE *out, bool json);
/* Writes an input (tokens x props) as the JSONL `lpn sim --input` reads. */
void lpn_space_write_jsonl(const struct lpn_space *sp, const int64_t *props, FILE *out);
/* Writes each class's exact latency as named symbolic commit times (§4.4). */
void lpn_classes_write_latency(const struct lpn_classes *cl, FILE *out);

#endif
