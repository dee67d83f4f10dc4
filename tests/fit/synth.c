/* synth.c — the synthetic accelerators of synth.h. */
#include "synth.h"

#include <math.h>
#include <string.h>

static int64_t cdiv(int64_t a, int64_t b)
{
    int64_t q = a / b, r = a % b;
    return (r != 0 && ((r > 0) == (b > 0))) ? q + 1 : q;
}

static double conv(const int64_t *x) { return 40 + 12.0 * (double)(cdiv(x[0], 16) * cdiv(x[1], 16) * x[2]); }
static double steps(const int64_t *x) { return 100 + 50.0 * (double)cdiv(x[0], 8); }
static double linear(const int64_t *x) { return 30 + 7.0 * (double)x[0]; }
static double phase(const int64_t *x) { return 20 + 9.0 * (double)cdiv(x[0] - 2, 6); }
static double mixed(const int64_t *x) { return 200.0 * (double)cdiv(x[0], 16) + 3.0 * (double)x[0] + 10.0 * (double)x[1]; }
static double fc(const int64_t *x) { return 64 + 5.0 * (double)(cdiv(x[0], 16) * cdiv(x[1], 16)); }

static const struct synth_law laws[] = {
    {"conv", 3, {{"C", 1, 128, 16, 16, 0}, {"K", 1, 128, 16, 16, 0}, {"H", 1, 16, 4, 1, 0}}, 2.0, conv},
    {"steps", 1, {{"p", 1, 96, 1, 8, 0}}, 1.0, steps},
    {"linear", 1, {{"n", 1, 100, 1, 1, 0}}, 3.0, linear},
    {"phase", 1, {{"p", 3, 62, 3, 6, 2}}, 0.5, phase},
    {"mixed", 2, {{"p", 1, 128, 16, 16, 0}, {"q", 1, 32, 4, 1, 0}}, 1.0, mixed},
    {"fc", 2, {{"in", 1, 256, 64, 16, 0}, {"out", 1, 256, 64, 16, 0}}, 0.0, fc},
};

const struct synth_law *synth_law(const char *name)
{
    for (size_t k = 0; k < sizeof laws / sizeof laws[0]; k++)
        if (!strcmp(laws[k].name, name))
            return &laws[k];
    return NULL;
}

uint64_t synth_next(struct synth_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

double synth_normal(struct synth_rng *r)
{
    double u1 = ((double)(synth_next(r) >> 11) + 0.5) / 9007199254740992.0;
    double u2 = ((double)(synth_next(r) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

double synth_measure(const struct synth_law *L, const int64_t *x, struct synth_rng *r)
{
    double y = L->f(x) + L->sigma * synth_normal(r);
    return round(y * 10) / 10;
}

size_t synth_sweeps(const struct synth_law *L, struct synth_rng *r, int64_t *x, double *y)
{
    size_t n = 0;
    for (int k = 0; k < L->np; k++)
        for (int64_t v = L->p[k].lo; v <= L->p[k].hi; v++) {
            if (x) {
                for (int q = 0; q < L->np; q++)
                    x[n * (size_t)L->np + (size_t)q] = q == k ? v : L->p[q].base;
                y[n] = synth_measure(L, x + n * (size_t)L->np, r);
            }
            n++;
        }
    return n;
}

void synth_uniform(const struct synth_law *L, struct synth_rng *r, int64_t *x)
{
    for (int k = 0; k < L->np; k++)
        x[k] = L->p[k].lo + (int64_t)(synth_next(r) % (uint64_t)(L->p[k].hi - L->p[k].lo + 1));
}

void synth_write_csv(const struct synth_law *L, const int64_t *x, const double *y, size_t n, FILE *out)
{
    for (int k = 0; k < L->np; k++)
        fprintf(out, "%s,", L->p[k].name);
    fprintf(out, "cycles\n");
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < L->np; k++)
            fprintf(out, "%lld,", (long long)x[i * (size_t)L->np + (size_t)k]);
        fprintf(out, "%.1f\n", y[i]);
    }
}
