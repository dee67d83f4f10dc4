/* fit_gen.c — writes the sweeps of a synthetic accelerator (synth.h) as CSV
 * for the command-line tests:  fit_gen LAW SEED [RANDOM_POINTS] > FILE.
 * The sweeps of every parameter come first, then RANDOM_POINTS uniform
 * points of the space (default 0). */
#include "synth.h"

#include <stdlib.h>

int main(int argc, char **argv)
{
    const struct synth_law *L = argc >= 3 ? synth_law(argv[1]) : NULL;
    if (!L) {
        fprintf(stderr, "usage: fit_gen conv|steps|linear|phase|mixed|fc SEED [RANDOM_POINTS]\n");
        return 2;
    }
    struct synth_rng r = {strtoull(argv[2], NULL, 10)};
    size_t extra = argc >= 4 ? strtoull(argv[3], NULL, 10) : 0;
    size_t n = synth_sweeps(L, &r, NULL, NULL), np = (size_t)L->np;
    int64_t *x = malloc((n + extra) * np * sizeof *x);
    double *y = malloc((n + extra) * sizeof *y);
    if (!x || !y)
        return 1;
    synth_sweeps(L, &r, x, y);
    for (size_t i = n; i < n + extra; i++) {
        synth_uniform(L, &r, x + i * np);
        y[i] = synth_measure(L, x + i * np, &r);
    }
    synth_write_csv(L, x, y, n + extra, stdout);
    free(x);
    free(y);
    return 0;
}
