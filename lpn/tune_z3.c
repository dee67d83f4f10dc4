/* tune_z3.c — `lpn tune --space`: Z3 mode (placeholder). */
#include "tune.h"
#include "support.h"

int lpn__tune_z3(const struct lpn_tune_opts *o, struct lpn_tune_result *r, FILE *diag);
int lpn__tune_z3(const struct lpn_tune_opts *o, struct lpn_tune_result *r, FILE *diag)
{
    (void)r;
    sup_diag(diag, o->space, 0, 0, "error", "not implemented");
    return -1;
}
