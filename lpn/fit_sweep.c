/* fit_sweep.c — Algorithm 1 of seed 002 for `lpn fit` (FIT.md): the rows of a
 * table grouped into one-parameter sweeps (the other parameters fixed), each
 * sweep tested for linear behaviour or step-wise jumps (width and phase from
 * the distances between the peaks of its deltas), and the parameter's
 * influence decided over all its sweeps. */
#include "fit_impl.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIN_SWEEP 4              /* points for a sweep to be analysed */
#define MAX_SWEEPS 400           /* sweeps analysed per parameter */
#define SEP_MIN 5.0              /* step jumps: cluster distance in pooled standard deviations */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---- Algorithm 1 -----------------------------------------------------------------*/
struct sweep_result {
    enum lpn_influence kind;
    int64_t width, phase;
    double jump;
};
/* TESTLINEARBEHAVIOR / EXECUTIONTIMEDELTA / FINDPEAKS / PEAKDISTANCE on one
 * sweep (X increasing, N >= MIN_SWEEP). Peaks of the deltas are found as the
 * minority cluster of the best two-cluster split of the deltas, when the
 * clusters are at least SEP_MIN pooled standard deviations apart. */
static struct sweep_result analyse_sweep(const int64_t *x, const double *y, size_t n, double thr)
{
    struct sweep_result r = {LPN_INF_LINEAR, 1, 0, 0};
    size_t m = n - 1;
    double *d = sup_xmalloc(m * sizeof *d), *sd = sup_xmalloc(m * sizeof *sd);
    for (size_t i = 0; i < m; i++)
        d[i] = sd[i] = y[i + 1] - y[i];
    qsort(sd, m, sizeof *sd, cmp_double);
    /* best split of the sorted deltas: least within-cluster squared error */
    double tot = 0, tot2 = 0;
    for (size_t i = 0; i < m; i++)
        tot += sd[i], tot2 += sd[i] * sd[i];
    double best = INFINITY, lo_mean = 0, hi_mean = 0, cut = 0;
    size_t nlo = 0;
    double s = 0, s2 = 0;
    for (size_t k = 1; k < m; k++) {
        s += sd[k - 1], s2 += sd[k - 1] * sd[k - 1];
        if (sd[k] == sd[k - 1])
            continue;
        double a = (double)k, b = (double)(m - k);
        double sse = (s2 - s * s / a) + ((tot2 - s2) - (tot - s) * (tot - s) / b);
        if (sse < best)
            best = sse, nlo = k, lo_mean = s / a, hi_mean = (tot - s) / b, cut = 0.5 * (sd[k - 1] + sd[k]);
    }
    bool step = false;
    if (nlo && m >= 3) {
        double pooled = sqrt(fmax(best, 0) / (double)(m > 2 ? m - 2 : 1));
        double gap = hi_mean - lo_mean;
        double scale = fabs(hi_mean) + fabs(lo_mean) + 1e-300;
        bool jumps_high = (m - nlo) <= nlo;
        size_t npk = jumps_high ? m - nlo : nlo;
        if (npk >= 2 && (pooled <= 1e-9 * scale || gap >= SEP_MIN * pooled)) {
            /* peak positions: the last point before each jump */
            int64_t *b = sup_xmalloc(npk * sizeof *b);
            size_t nb = 0;
            double jsum = 0;
            for (size_t i = 0; i < m; i++)
                if (jumps_high ? d[i] > cut : d[i] < cut)
                    b[nb++] = x[i], jsum += d[i];
            if (nb >= 2) {
                int64_t *dist = sup_xmalloc((nb - 1) * sizeof *dist);
                for (size_t i = 0; i + 1 < nb; i++)
                    dist[i] = b[i + 1] - b[i];
                size_t cnt, ok = 0;
                int64_t w = fit_mode_i64(dist, nb - 1, &cnt);
                for (size_t i = 0; i + 1 < nb; i++)
                    ok += w > 0 && dist[i] % w == 0;
                if (w > 1 && 4 * ok >= 3 * (nb - 1)) {
                    int64_t *ph = sup_xmalloc(nb * sizeof *ph);
                    for (size_t i = 0; i < nb; i++)
                        ph[i] = ((b[i] % w) + w) % w;
                    r.phase = fit_mode_i64(ph, nb, &cnt);
                    free(ph);
                    r.kind = LPN_INF_STEP, r.width = w, r.jump = jsum / (double)nb;
                    step = true;
                }
                free(dist);
            }
            free(b);
        }
    }
    if (!step) {
        /* least-squares line, its residual and the slope's t statistic */
        double mx = 0, my = 0;
        for (size_t i = 0; i < n; i++)
            mx += (double)x[i], my += y[i];
        mx /= (double)n, my /= (double)n;
        double sxx = 0, sxy = 0, ymin = y[0], ymax = y[0];
        for (size_t i = 0; i < n; i++) {
            sxx += ((double)x[i] - mx) * ((double)x[i] - mx);
            sxy += ((double)x[i] - mx) * (y[i] - my);
            ymin = fmin(ymin, y[i]), ymax = fmax(ymax, y[i]);
        }
        double slope = sxx > 0 ? sxy / sxx : 0, rss = 0;
        for (size_t i = 0; i < n; i++) {
            double e = y[i] - (my + slope * ((double)x[i] - mx));
            rss += e * e;
        }
        double se = sqrt(rss / (double)(n - 2) / sxx);
        double tstat = se > 1e-12 * (fabs(slope) + 1e-300) ? fabs(slope) / se : (slope != 0 ? INFINITY : 0);
        /* noise from the deltas: robust spread, divided by sqrt(2) */
        double md = median(sd, m);
        for (size_t i = 0; i < m; i++)
            sd[i] = fabs(d[i] - md);
        double sigma = 1.4826 * median(sd, m) / sqrt(2.0);
        double rmse = sqrt(rss / (double)n);
        if (tstat < 3 || ymax == ymin)
            r.kind = LPN_INF_NONE;
        else if (rmse <= fmax(2.0 * sigma, thr * (ymax - ymin)))
            r.kind = LPN_INF_LINEAR;
        else
            r.kind = LPN_INF_NONLINEAR;
    }
    free(d);
    free(sd);
    return r;
}

/* Row order for grouping the sweeps of parameter SORT_K. */
static const struct lpn_fit *sort_fit;
static int sort_k;
static int cmp_rows_for_sweep(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const int64_t *xi = sort_fit->x + i * (size_t)sort_fit->np, *xj = sort_fit->x + j * (size_t)sort_fit->np;
    for (int k = 0; k < sort_fit->np; k++)
        if (k != sort_k && xi[k] != xj[k])
            return xi[k] < xj[k] ? -1 : 1;
    if (xi[sort_k] != xj[sort_k])
        return xi[sort_k] < xj[sort_k] ? -1 : 1;
    return (i > j) - (i < j);
}

static bool same_others(const struct lpn_fit *f, size_t i, size_t j, int k)
{
    for (int q = 0; q < f->np; q++)
        if (q != k && f->x[i * (size_t)f->np + (size_t)q] != f->x[j * (size_t)f->np + (size_t)q])
            return false;
    return true;
}

struct sweep_ref {
    size_t at, len;              /* in the sorted order; len distinct values */
    size_t rows;
};

static int cmp_sweep_len(const void *a, const void *b)
{
    const struct sweep_ref *x = a, *y = b;
    return (x->len < y->len) - (x->len > y->len);
}

void fit_detect_influence(struct lpn_fit *f, int k, double thr)
{
    struct lpn_fit_param *p = &f->p[k];
    size_t *ord = sup_xmalloc(f->n * sizeof *ord);
    for (size_t i = 0; i < f->n; i++)
        ord[i] = i;
    sort_fit = f, sort_k = k;
    qsort(ord, f->n, sizeof *ord, cmp_rows_for_sweep);
    /* groups of rows with the other parameters fixed */
    struct sweep_ref *sw = NULL;
    size_t nsw = 0, capsw = 0;
    for (size_t i = 0; i < f->n;) {
        size_t j = i, distinct = 0;
        while (j < f->n && same_others(f, ord[i], ord[j], k)) {
            if (j == i || f->x[ord[j] * (size_t)f->np + (size_t)k] != f->x[ord[j - 1] * (size_t)f->np + (size_t)k])
                distinct++;
            j++;
        }
        if (distinct >= MIN_SWEEP) {
            if (nsw == capsw)
                sw = sup_xrealloc(sw, (capsw = capsw ? capsw * 2 : 16) * sizeof *sw);
            sw[nsw++] = (struct sweep_ref){i, distinct, j - i};
        }
        i = j;
    }
    if (nsw)
        qsort(sw, nsw, sizeof *sw, cmp_sweep_len);
    if (nsw > MAX_SWEEPS)
        nsw = MAX_SWEEPS;
    size_t votes[5] = {0}, nvotes[5] = {0};   /* points of the sweeps voting for each verdict, sweeps */
    int64_t *widths = sup_xmalloc((nsw + 1) * sizeof *widths), *phases = sup_xmalloc((nsw + 1) * sizeof *phases);
    double *jumps = sup_xmalloc((nsw + 1) * sizeof *jumps);
    size_t nstep = 0;
    for (size_t s = 0; s < nsw; s++) {
        int64_t *xs = sup_xmalloc(sw[s].len * sizeof *xs);
        double *ys = sup_xmalloc(sw[s].len * sizeof *ys);
        size_t nv = 0;
        for (size_t i = sw[s].at; i < sw[s].at + sw[s].rows;) {
            int64_t v = f->x[ord[i] * (size_t)f->np + (size_t)k];
            double sum = 0;
            size_t c = 0;
            while (i < sw[s].at + sw[s].rows && f->x[ord[i] * (size_t)f->np + (size_t)k] == v)
                sum += f->y[ord[i]], c++, i++;
            xs[nv] = v, ys[nv] = sum / (double)c, nv++;   /* repeated measurements: their mean */
        }
        struct sweep_result r = analyse_sweep(xs, ys, nv, thr);
        votes[r.kind] += nv, nvotes[r.kind]++;   /* a long sweep weighs more than a few scattered points */
        if (r.kind == LPN_INF_STEP)
            widths[nstep] = r.width, phases[nstep] = r.phase, jumps[nstep] = r.jump, nstep++;
        free(xs);
        free(ys);
    }
    p->sweeps = (int)nsw;
    if (!nsw) {
        p->kind = LPN_INF_UNKNOWN;
        p->agree = 0;
    } else {
        /* majority by points; ties go to step, nonlinear, linear, none in that order */
        static const enum lpn_influence pref[] = {LPN_INF_STEP, LPN_INF_NONLINEAR, LPN_INF_LINEAR, LPN_INF_NONE};
        enum lpn_influence win = LPN_INF_NONE;
        size_t wv = 0;
        for (int q = 0; q < 4; q++)
            if (votes[pref[q]] > wv || !q)
                wv = votes[pref[q]], win = pref[q];
        p->kind = win;
        p->agree = (int)nvotes[win];
        if (win == LPN_INF_STEP) {
            size_t cnt;
            int64_t *wc = sup_xmalloc(nstep * sizeof *wc);
            memcpy(wc, widths, nstep * sizeof *wc);
            p->width = fit_mode_i64(wc, nstep, &cnt);
            free(wc);
            p->agree = (int)cnt;
            size_t np = 0;
            double js = 0;
            for (size_t s = 0; s < nstep; s++)
                if (widths[s] == p->width)
                    phases[np] = phases[s], js += jumps[s], np++;
            p->phase = fit_mode_i64(phases, np, &cnt);
            p->jump = js / (double)np;
        }
    }
    free(widths);
    free(phases);
    free(jumps);
    free(sw);
    free(ord);
}
