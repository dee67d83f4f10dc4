/* lower_system.h — linear constraints over non-negative execution counts
 * (machine blocks and edges) and their solution: interval propagation plus
 * Gauss-Jordan elimination of the equalities. Internal to estimator/. */
#ifndef LPNEST_LOWER_SYSTEM_H
#define LPNEST_LOWER_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>

#define INF 1e300

/* sum of coef[k] * x[var[k]] = rhs (or >= rhs); coefficients are +1 / -1 */
struct cons {
    int *var;
    signed char *coef;
    size_t n;
    double rhs;
    bool ge;
};

struct system {
    double *lo, *hi;       /* per variable */
    bool *tainted;         /* fixed by, or derived from, an estimate */
    size_t nvars;
    struct cons *c;
    size_t nc, capc;
    bool conflict;
    long first_conflict;   /* constraint that first contradicted, or -1 */
    double work;           /* multiply-adds spent eliminating so far */
};

void sys_add(struct system *sy, const int *var, const signed char *coef, size_t n, double rhs, bool ge);
/* Narrows every variable's interval to what the constraints allow: bounds
 * propagated constraint by constraint, and the variables the equalities
 * determine together (a diamond whose two sides are open but whose join is
 * not); sets sy->conflict on a contradiction. */
void sys_solve(struct system *sy);
bool sys_fixed(const struct system *sy, int v);
void sys_free(struct system *sy);

#endif
