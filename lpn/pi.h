/* pi.h — the data of performance interfaces shared by pi.c (building them:
 * effective delays, loops, fixed point, pruning, accuracy) and pi_emit.c
 * (text, JSON and C output). Internal. */
#ifndef LPNEST_LPN_PI_H
#define LPNEST_LPN_PI_H

#include "ana.h"

struct lpn_pi_class {
    Z3_ast *terms;             /* the interface: the maximum of these Real terms */
    int nterms;
    int *term_of;              /* per term: the (first) transition it is the effective delay of */
    char **owners;             /* per term: every transition with that effective delay */
    Z3_ast formula;            /* max of terms */
    char *text;                /* readable formula */
    Z3_ast *gap;               /* per transition: average commit gap (Real), NULL without commits */
    Z3_ast *dbar;              /* per transition: average delay (Real) */
    int loops;                 /* loops the estimate used */
    int iterations;            /* loop passes made */
    int samples;               /* inputs compared with lpn sim */
    double mean_err, max_err;  /* relative error |pi - sim| / sim */
    int exact_mismatch;        /* samples where the exact latency differed from lpn sim (a bug) */
};

struct lpn_pi {
    struct lpn_classes *cl;
    struct lpn_pi_opts o;
    char *c_name;
    struct lpn_pi_class *k;
    int ncls;
    double seconds;
    Z3_ast avgdef;             /* avg_p == sum of p / tokens, for every averaged property */
};

/* The C-safe name of a symbol or average in emitted code (pi_emit.c). */
const char *lpn__pi_cname(const char *name, char *buf, size_t cap);

#endif
