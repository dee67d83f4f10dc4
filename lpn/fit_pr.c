/* fit_pr.c — `lpn fit`'s Performance Representatives (FIT.md, seed 002):
 * per parameter the values its measured behaviour distinguishes (one per
 * step, the ends of a linear range, one value for no influence), their
 * count, and a spread-out choice of the next points to measure among them. */
#include "fit.h"
#include "fit_impl.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PR_CANDIDATES 20000

static int64_t common_value(const struct lpn_fit *f, int k)
{
    int64_t *v = sup_xmalloc(f->n * sizeof *v);
    for (size_t i = 0; i < f->n; i++)
        v[i] = f->x[i * (size_t)f->np + (size_t)k];
    size_t cnt;
    int64_t m = fit_mode_i64(v, f->n, &cnt);
    free(v);
    return m;
}

int64_t lpn_fit_pr_axis(const struct lpn_fit *f, int k, int64_t *values, int64_t max)
{
    const struct lpn_fit_param *p = &f->p[k];
    if (p->kind == LPN_INF_NONE) {
        if (values && max > 0)
            values[0] = common_value(f, k);
        return 1;
    }
    int64_t w = p->width, first, last;
    if (p->kind == LPN_INF_STEP) {
        first = p->phase + w * fit_cdiv64(p->lo - p->phase, w);
        last = p->phase + w * fit_cdiv64(p->hi - p->phase, w);
    } else
        first = p->lo, last = p->hi, w = 1;
    int64_t n = (last - first) / w + 1;
    for (int64_t i = 0; values && i < n && i < max; i++)
        values[i] = first + i * w;
    return n;
}

double lpn_fit_pr_count(const struct lpn_fit *f)
{
    double c = 1;
    for (int k = 0; k < f->np; k++)
        c *= (double)lpn_fit_pr_axis(f, k, NULL, 0);
    return c;
}

int lpn_fit_next(const struct lpn_fit *f, int budget, uint64_t seed, int64_t *out)
{
    if (budget <= 0)
        return 0;
    int np = f->np;
    int64_t *len = sup_xmalloc((size_t)np * sizeof *len), *first = sup_xmalloc((size_t)np * sizeof *first),
            *step = sup_xmalloc((size_t)np * sizeof *step);
    double total = 1;
    for (int k = 0; k < np; k++) {
        int64_t v[2];
        len[k] = lpn_fit_pr_axis(f, k, v, 2);
        first[k] = v[0];
        step[k] = len[k] > 1 ? v[1] - v[0] : 1;
        total *= (double)len[k];
    }
    /* candidates: the whole grid when small, else a random draw */
    size_t ncand = total <= PR_CANDIDATES ? (size_t)total : PR_CANDIDATES;
    int64_t *cand = sup_xmalloc(ncand * (size_t)np * sizeof *cand);
    uint64_t st = seed ? seed : 1;
    for (size_t c = 0; c < ncand; c++) {
        size_t rest = c;
        for (int k = 0; k < np; k++) {
            int64_t idx;
            if (total <= PR_CANDIDATES)
                idx = (int64_t)(rest % (size_t)len[k]), rest /= (size_t)len[k];
            else
                idx = (int64_t)(fit_splitmix(&st) % (uint64_t)len[k]);
            cand[c * (size_t)np + (size_t)k] = first[k] + idx * step[k];
        }
    }
    /* normalised coordinates; distance to the nearest measured point */
    double *span = sup_xmalloc((size_t)np * sizeof *span);
    for (int k = 0; k < np; k++) {
        double lo = (double)first[k], hi = (double)(first[k] + (len[k] - 1) * step[k]);
        lo = fmin(lo, (double)f->p[k].lo), hi = fmax(hi, (double)f->p[k].hi);
        span[k] = hi > lo ? hi - lo : 1;
    }
    double *dmin = sup_xmalloc(ncand * sizeof *dmin);
    for (size_t c = 0; c < ncand; c++) {
        dmin[c] = INFINITY;
        for (size_t i = 0; i < f->n; i++) {
            double d = 0;
            for (int k = 0; k < np; k++) {
                double e = (double)(cand[c * (size_t)np + (size_t)k] - f->x[i * (size_t)np + (size_t)k]) / span[k];
                d += e * e;
            }
            if (d < dmin[c])
                dmin[c] = d;
        }
    }
    int got = 0;
    while (got < budget) {
        size_t best = ncand;
        for (size_t c = 0; c < ncand; c++)
            if (dmin[c] > 0 && (best == ncand || dmin[c] > dmin[best]))
                best = c;
        if (best == ncand)
            break;
        memcpy(out + (size_t)got * (size_t)np, cand + best * (size_t)np, (size_t)np * sizeof *out);
        got++;
        for (size_t c = 0; c < ncand; c++) {
            double d = 0;
            for (int k = 0; k < np; k++) {
                double e = (double)(cand[c * (size_t)np + (size_t)k] - cand[best * (size_t)np + (size_t)k]) / span[k];
                d += e * e;
            }
            if (d < dmin[c])
                dmin[c] = d;
        }
    }
    free(dmin);
    free(span);
    free(cand);
    free(len);
    free(first);
    free(step);
    return got;
}
