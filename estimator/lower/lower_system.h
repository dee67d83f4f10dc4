/* lower_system.h — linear constraints over non-negative execution counts
 * (machine blocks and edges) and their solution: interval propagation plus
 * Gauss-Jordan elimination of the equalities. Internal to estimator/. */
#ifndef LPNEST_LOWER_SYSTEM_H
#define LPNEST_LOWER_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>

#define LSYS_INF 1e300

/* sum of coef[k] * x[var[k]] = rhs (or >= rhs); coefficients are +1 / -1 */
struct lsys_index;

struct lsys_cons {
    int *var;
    signed char *coef;
    size_t n;
    double rhs;
    bool ge;
};

struct lsys_system {
    double *lo, *hi;       /* per variable */
    bool *tainted;         /* fixed by, or derived from, an estimate */
    size_t nvars;
    struct lsys_cons *c;
    size_t nc, capc;
    bool conflict;
    long first_conflict;   /* constraint that first contradicted, or -1 */
    double work;           /* multiply-adds spent eliminating so far */
    struct lsys_memo *memo; /* eliminations that fixed nothing (NULL: none kept); lsys_free frees it */
    struct lsys_index *keep; /* lsys_keep: the index of the constraints and those to evaluate, kept */
    bool *off;             /* lsys_keep: per constraint, left out of the system */
    struct lsys_echelon *ech; /* the last elimination's reduced rows, the next one starts from them
                            * (NULL: none); lsys_unkeep and lsys_free free it */
};

void lsys_add(struct lsys_system *sy, const int *var, const signed char *coef, size_t n, double rhs, bool ge);
/* Narrows every variable's interval to what the constraints allow: bounds
 * propagated constraint by constraint, and the variables the equalities
 * determine together (a diamond whose two sides are open but whose join is
 * not); sets sy->conflict on a contradiction. */
void lsys_solve(struct lsys_system *sy);
/* Whether V's interval holds one count (inline: elimination asks it of every
 * variable each time) */
static inline bool lsys_fixed(const struct lsys_system *sy, int v)
{
    return sy->hi[v] < LSYS_INF && sy->hi[v] - sy->lo[v] < 0.5;
}
/* Solving a system again after a change: lsys_keep indexes the constraints
 * SY holds now (adding more after it is not allowed until lsys_unkeep) and
 * keeps, between solves, which of them are to be evaluated: those whose
 * variables changed since their last evaluation, and those put in again by
 * lsys_include (the others would change nothing). A solve then starts from
 * the intervals the last one left, as lsys_solve does, and gives the same
 * bits as solving the included constraints alone (in their order) from
 * those intervals; it only skips the work. lsys_restart sets the intervals
 * back to [0, inf) for a solve from scratch; lsys_checkpoint and
 * lsys_rollback save and restore the intervals and the pending evaluations
 * (the work and the memory of eliminations are not rolled back);
 * first_conflict numbers the constraints all, those left out too.
 * lsys_free ends the keeping too. */
void lsys_keep(struct lsys_system *sy);
void lsys_unkeep(struct lsys_system *sy);
void lsys_include(struct lsys_system *sy, size_t i, bool in);
void lsys_restart(struct lsys_system *sy);
void lsys_checkpoint(struct lsys_system *sy);
void lsys_rollback(struct lsys_system *sy);
void lsys_free(struct lsys_system *sy);
/* Eliminations start from the reduced rows of the last one where that
 * gives the same outcome (no variable fixed then is open now, every
 * equality they combine is still in), else from the constraints.
 * lsys_solve_first_rows solves as lsys_solve does and returns the reduced
 * rows its first elimination left (NULL: none; never changed, shared by
 * whoever holds them, each holder frees its share), for later solves from
 * scratch of systems with the same constraints and more: lsys_echelon_set
 * gives SY a share of E (NULL: none) to start from. */
struct lsys_echelon;
struct lsys_echelon *lsys_solve_first_rows(struct lsys_system *sy);
void lsys_echelon_set(struct lsys_system *sy, struct lsys_echelon *e);
void lsys_echelon_free(struct lsys_echelon *e);
/* A memory of eliminations for a system, or for systems that share it (all
 * then run on one budget of work): an elimination of rows and bounds seen
 * before that fixed nothing is not made again. */
struct lsys_memo *lsys_memo_new(void);
void lsys_memo_free(struct lsys_memo *m);

#endif
