/* synth.h — synthetic accelerators with known latency laws for the tests of
 * `lpn fit` (tests/fit): step-wise and linear laws plus Gaussian noise from
 * a fixed-seed generator, sweeps over one parameter with the others fixed,
 * and uniform samples of the parameter space. */
#ifndef LPNEST_TESTS_FIT_SYNTH_H
#define LPNEST_TESTS_FIT_SYNTH_H

#include <stdint.h>
#include <stdio.h>

#define SYNTH_MAX_PARAMS 4

struct synth_param {
    const char *name;
    int64_t lo, hi, base;     /* range; value while another parameter is swept */
    int64_t width, phase;     /* the true step (1: linear, 0: no influence) */
};

struct synth_law {
    const char *name;
    int np;
    struct synth_param p[SYNTH_MAX_PARAMS];
    double sigma;             /* noise standard deviation, cycles */
    double (*f)(const int64_t *x);   /* noise-free latency */
};

/* The laws: "conv" (40 + 12 * ceil(C/16) * ceil(K/16) * H, sigma 2),
 * "steps" (100 + 50 * ceil(p/8), sigma 1), "linear" (30 + 7 n, sigma 3),
 * "phase" (20 + 9 * ceil((p - 2)/6), sigma 0.5), "mixed"
 * (200 * ceil(p/16) + 3 p + 10 * q, sigma 1), "fc" (a VTA-like
 * fully-connected layer: 64 + 5 * ceil(in/16) * ceil(out/16), sigma 0). */
const struct synth_law *synth_law(const char *name);

struct synth_rng {
    uint64_t s;
};
uint64_t synth_next(struct synth_rng *r);
double synth_normal(struct synth_rng *r);
/* One measurement: the law plus noise, rounded to 0.1 cycle. */
double synth_measure(const struct synth_law *L, const int64_t *x, struct synth_rng *r);

/* Rows of the sweeps (every parameter over its range, the others at their
 * base), measured once each: returns the count and fills X (rows x np)
 * and Y when not NULL. */
size_t synth_sweeps(const struct synth_law *L, struct synth_rng *r, int64_t *x, double *y);
/* A uniform point of the parameter space. */
void synth_uniform(const struct synth_law *L, struct synth_rng *r, int64_t *x);
/* Writes rows as CSV (header: the parameter names, cycles). */
void synth_write_csv(const struct synth_law *L, const int64_t *x, const double *y, size_t n, FILE *out);

#endif
