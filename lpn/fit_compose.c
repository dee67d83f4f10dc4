/* fit_compose.c — multi-layer composition (seed 002 §3.3, FIT.md
 * "Composition"): a block's latency from its layers' latencies, as their
 * max (parallel functional units, eq. 9), their sum, or their sum minus a
 * fusing term w * #ops + c fitted by least squares (eq. 10–11); the chosen
 * form is written as an expression and as an LPN. */
#include "fit.h"
#include "json.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct lpn_compose {
    const struct lpn_table *t;
    int tcol, opscol, nl;
    int *lcol;
    char *prefix;
    size_t ntrain, ntest;
    double w, c;                 /* fusing term, real */
    int64_t wn, cn, den;         /* fusing term as (wn * ops + cn) / den */
    double mape[3], maxe[3];
    enum lpn_compose_kind chosen;
    char *expr;
};

const char *lpn_compose_name(enum lpn_compose_kind k)
{
    static const char *const n[] = {"max", "sum", "fused"};
    return (unsigned)k < 3 ? n[k] : "?";
}

static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double cell(const struct lpn_compose *c, size_t i, int col)
{
    return c->t->v[i * (size_t)c->t->ncols + (size_t)col];
}

static double predict(const struct lpn_compose *c, enum lpn_compose_kind k, size_t i)
{
    double s = 0, m = -INFINITY;
    for (int l = 0; l < c->nl; l++) {
        double v = cell(c, i, c->lcol[l]);
        s += v;
        m = fmax(m, v);
    }
    if (k == LPN_COMPOSE_MAX)
        return m;
    if (k == LPN_COMPOSE_SUM)
        return s;
    double ops = c->opscol >= 0 ? cell(c, i, c->opscol) : 0;
    return fmax(0, s - ((double)c->wn * ops + (double)c->cn) / (double)c->den);
}

struct lpn_compose *lpn_compose_run(const struct lpn_table *t, const struct lpn_compose_opts *o, FILE *diag)
{
    const char *target = o->target ? o->target : "cycles";
    bool ok = true;
    int tcol = lpn_table_find(t, target);
    if (tcol < 0) {
        sup_diag(diag, t->path, t->hline, 1, "error", "no column '%s' in the header; name the block latency column with --target", target);
        ok = false;
    }
    if (o->nlayers < 2) {
        sup_diag(diag, t->path, t->hline, 1, "error", "--compose needs at least two layer columns");
        ok = false;
    }
    int *lcol = sup_xcalloc((size_t)(o->nlayers > 0 ? o->nlayers : 1), sizeof *lcol);
    for (int l = 0; l < o->nlayers; l++) {
        lcol[l] = lpn_table_find(t, o->layers[l]);
        if (lcol[l] < 0) {
            sup_diag(diag, t->path, t->hline, 1, "error", "no layer column '%s' in the header", o->layers[l]);
            ok = false;
        }
    }
    int opscol = -1;
    if (o->ops && (opscol = lpn_table_find(t, o->ops)) < 0) {
        sup_diag(diag, t->path, t->hline, 1, "error", "no #ops column '%s' in the header", o->ops);
        ok = false;
    }
    if (ok && t->nrows < 2) {
        sup_diag(diag, t->path, t->line[0], 1, "error", "a single sample: fitting needs at least two rows");
        ok = false;
    }
    if (!ok) {
        free(lcol);
        return NULL;
    }
    struct lpn_compose *c = sup_xcalloc(1, sizeof *c);
    c->t = t, c->tcol = tcol, c->opscol = opscol, c->nl = o->nlayers, c->lcol = lcol;
    c->prefix = sup_strdup(o->prefix ? o->prefix : "blk.");
    size_t n = t->nrows, *perm = sup_xmalloc(n * sizeof *perm);
    for (size_t i = 0; i < n; i++)
        perm[i] = i;
    uint64_t st = o->seed ? o->seed : 1;
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(mix(&st) % i), tmp = perm[i - 1];
        perm[i - 1] = perm[j], perm[j] = tmp;
    }
    double h = o->holdout < 0 ? 0 : o->holdout > 0.9 ? 0.9 : o->holdout;
    c->ntest = (size_t)floor(h * (double)n + 0.5);
    if (n - c->ntest < 2)
        c->ntest = 0;
    c->ntrain = n - c->ntest;
    const size_t *train = perm + c->ntest, *test = c->ntest ? perm : train;
    size_t ntest = c->ntest ? c->ntest : c->ntrain;
    /* fusing term: least squares of sum - y on ops (eq. 11) */
    double sx = 0, sy = 0, sxx = 0, sxy = 0, opsmax = 0;
    for (size_t i = 0; i < c->ntrain; i++) {
        double s = predict(c, LPN_COMPOSE_SUM, train[i]) - cell(c, train[i], tcol);
        double x = opscol >= 0 ? cell(c, train[i], opscol) : 0;
        sx += x, sy += s, sxx += x * x, sxy += x * s;
        opsmax = fmax(opsmax, fabs(x));
    }
    double nn = (double)c->ntrain, var = sxx - sx * sx / nn;
    c->w = opscol >= 0 && var > 1e-12 * (sxx + 1) ? (sxy - sx * sy / nn) / var : 0;
    c->c = (sy - c->w * sx) / nn;
    static const int64_t dens[] = {1, 10, 100, 1000, 10000, 100000, 1000000};
    for (size_t d = 0; d < sizeof dens / sizeof dens[0]; d++) {
        c->den = dens[d];
        c->wn = llround(c->w * (double)c->den);
        c->cn = llround(c->c * (double)c->den);
        double err = fabs((double)c->wn / (double)c->den - c->w) * opsmax + fabs((double)c->cn / (double)c->den - c->c);
        if (err <= 0.25)
            break;
    }
    for (int k = 0; k < 3; k++) {
        double s = 0, mx = 0;
        size_t m = 0;
        for (size_t i = 0; i < ntest; i++) {
            double y = cell(c, test[i], tcol), e = fabs(predict(c, (enum lpn_compose_kind)k, test[i]) - y);
            mx = fmax(mx, e);
            if (y != 0)
                s += e / fabs(y), m++;
        }
        c->mape[k] = m ? 100 * s / (double)m : 0;
        c->maxe[k] = mx;
    }
    /* the most accurate; MAX or SUM (nothing fitted) when within 0.25 points */
    enum lpn_compose_kind best = c->mape[LPN_COMPOSE_MAX] <= c->mape[LPN_COMPOSE_SUM] ? LPN_COMPOSE_MAX : LPN_COMPOSE_SUM;
    if (c->mape[LPN_COMPOSE_FUSED] + 0.25 < c->mape[best])
        best = LPN_COMPOSE_FUSED;
    c->chosen = best;
    free(perm);
    /* the expression */
    size_t cap = 256;
    for (int l = 0; l < c->nl; l++)
        cap += strlen(t->names[lcol[l]]) + strlen(c->prefix) + 8;
    c->expr = sup_xmalloc(cap + 128);
    size_t at = 0;
    at += (size_t)sprintf(c->expr + at, best == LPN_COMPOSE_MAX ? "max(" : best == LPN_COMPOSE_FUSED ? "max(0, " : "");
    for (int l = 0; l < c->nl; l++)
        at += (size_t)sprintf(c->expr + at, "%s%s%s", l ? (best == LPN_COMPOSE_MAX ? ", " : " + ") : "", c->prefix,
                              t->names[lcol[l]]);
    if (best == LPN_COMPOSE_FUSED) {
        if (opscol >= 0 && c->wn)
            at += (size_t)sprintf(c->expr + at, " - (%lld * %s%s + %lld)", (long long)c->wn, c->prefix, t->names[opscol],
                                  (long long)c->cn);
        else
            at += (size_t)sprintf(c->expr + at, " - (%lld)", (long long)c->cn);
        if (c->den > 1)
            at += (size_t)sprintf(c->expr + at, " / %lld", (long long)c->den);
    }
    if (best != LPN_COMPOSE_SUM)
        sprintf(c->expr + at, ")");
    return c;
}

void lpn_compose_free(struct lpn_compose *c)
{
    if (!c)
        return;
    free(c->lcol);
    free(c->prefix);
    free(c->expr);
    free(c);
}

enum lpn_compose_kind lpn_compose_chosen(const struct lpn_compose *c) { return c->chosen; }
double lpn_compose_mape(const struct lpn_compose *c, enum lpn_compose_kind k) { return c->mape[k]; }
void lpn_compose_fusing(const struct lpn_compose *c, double *w, double *c0)
{
    *w = c->w;
    *c0 = c->c;
}
const char *lpn_compose_expr(const struct lpn_compose *c) { return c->expr; }

void lpn_compose_write(const struct lpn_compose *c, int format, FILE *out)
{
    const char *names[3] = {"max", "sum", "fused"};
    if (format == 1) {
        struct sup_json w;
        sup_json_init(&w, out, true);
        sup_json_obj(&w);
        sup_json_key(&w, "file"), sup_json_str(&w, c->t->path);
        sup_json_key(&w, "train_rows"), sup_json_uint(&w, c->ntrain);
        sup_json_key(&w, "test_rows"), sup_json_uint(&w, c->ntest);
        sup_json_key(&w, "layers"), sup_json_arr(&w);
        for (int l = 0; l < c->nl; l++)
            sup_json_str(&w, c->t->names[c->lcol[l]]);
        sup_json_end(&w);
        sup_json_key(&w, "fusing"), sup_json_obj(&w);
        sup_json_key(&w, "w"), sup_json_double(&w, c->w);
        sup_json_key(&w, "c"), sup_json_double(&w, c->c);
        sup_json_end(&w);
        sup_json_key(&w, "models"), sup_json_obj(&w);
        for (int k = 0; k < 3; k++) {
            sup_json_key(&w, names[k]), sup_json_obj(&w);
            sup_json_key(&w, "mape"), sup_json_double(&w, c->mape[k]);
            sup_json_key(&w, "max_abs_error"), sup_json_double(&w, c->maxe[k]);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_key(&w, "chosen"), sup_json_str(&w, names[c->chosen]);
        sup_json_key(&w, "delay"), sup_json_str(&w, c->expr);
        sup_json_end(&w);
        fputc('\n', out);
        return;
    }
    if (format == 2) {
        fprintf(out, "file: \"%s\"\ntrain_rows: %zu\ntest_rows: %zu\nlayers: [", c->t->path, c->ntrain, c->ntest);
        for (int l = 0; l < c->nl; l++)
            fprintf(out, "%s%s", l ? ", " : "", c->t->names[c->lcol[l]]);
        fprintf(out, "]\nfusing: {w: %.6g, c: %.6g}\nmodels:\n", c->w, c->c);
        for (int k = 0; k < 3; k++)
            fprintf(out, "  %s: {mape: %.4g, max_abs_error: %.4g}\n", names[k], c->mape[k], c->maxe[k]);
        fprintf(out, "chosen: %s\ndelay: \"%s\"\n", names[c->chosen], c->expr);
        return;
    }
    fprintf(out, "lpn fit --compose: %s: %zu rows (%zu fitted, %zu held out), %d layers\n", c->t->path, c->ntrain + c->ntest,
            c->ntrain, c->ntest, c->nl);
    fprintf(out, "block latency (errors on the %s rows):\n", c->ntest ? "held-out" : "training");
    fprintf(out, "  max    (parallel units, eq. 9)   MAPE %.3g%%, max error %.4g cycles\n", c->mape[0], c->maxe[0]);
    fprintf(out, "  sum                              MAPE %.3g%%, max error %.4g cycles\n", c->mape[1], c->maxe[1]);
    fprintf(out, "  fused  (sum - f, eq. 10-11)      MAPE %.3g%%, max error %.4g cycles; f = %.6g * %s + %.6g\n", c->mape[2],
            c->maxe[2], c->w, c->opscol >= 0 ? c->t->names[c->opscol] : "0", c->c);
    fprintf(out, "chosen: %s\ndelay: %s\n", names[c->chosen], c->expr);
}

void lpn_compose_write_lpn(const struct lpn_compose *c, FILE *out)
{
    const struct lpn_table *t = c->t;
    fprintf(out, "# A building block of %d layers written by `lpn fit --compose` from %s:\n", c->nl, t->path);
    if (c->chosen == LPN_COMPOSE_MAX)
        fprintf(out, "# the layers run on parallel functional units (eq. 9): a fork, one\n"
                     "# transition per layer, a join; the block takes the slowest layer.\n");
    else
        fprintf(out, "# the layers run one after the other (eq. 10)%s.\n",
                c->chosen == LPN_COMPOSE_FUSED ? "; the fusing term f is a credit taken off the layers in\n"
                                                 "# turn (property `credit`), so the block takes max(0, sum - f)" : "");
    fprintf(out, "# One block at a time (the `slot` resource). Token properties are the layer\n"
                 "# latencies: replace `blk.t_x` reads with the layers' fitted delays as needed.\n");
    fprintf(out, "lpn: 1\nname: block\ntypes:\n  blk: [");
    for (int l = 0; l < c->nl; l++)
        fprintf(out, "%s%s", l ? ", " : "", t->names[c->lcol[l]]);
    if (c->opscol >= 0)
        fprintf(out, ", %s", t->names[c->opscol]);
    fprintf(out, "]\n");
    if (c->chosen == LPN_COMPOSE_FUSED) {   /* the chain's tokens carry the fusing credit left */
        fprintf(out, "  blkc: [");
        for (int l = 0; l < c->nl; l++)
            fprintf(out, "%s, ", t->names[c->lcol[l]]);
        if (c->opscol >= 0)
            fprintf(out, "%s, ", t->names[c->opscol]);
        fprintf(out, "credit]\n");
    }
    fprintf(out, "places:\n  blk: {type: blk}\n  slot: {resource: true}\n");
    for (int l = 0; l < c->nl; l++) {
        const char *ln = t->names[c->lcol[l]];
        if (c->chosen == LPN_COMPOSE_MAX)
            fprintf(out, "  q_%s: {type: blk}\n  d_%s: ~\n", ln, ln);
        else if (l + 1 < c->nl)
            fprintf(out, "  after_%s: {type: %s}\n", ln, c->chosen == LPN_COMPOSE_FUSED ? "blkc" : "blk");
    }
    fprintf(out, "  done: ~\nstart: blk\ndone: done\ntransitions:\n");
    if (c->chosen == LPN_COMPOSE_MAX) {
        fprintf(out, "  fork:\n    in: [blk, slot]\n    out: [");
        for (int l = 0; l < c->nl; l++)
            fprintf(out, "%s{place: q_%s, copy: blk}", l ? ", " : "", t->names[c->lcol[l]]);
        fprintf(out, "]\n");
        for (int l = 0; l < c->nl; l++) {
            const char *ln = t->names[c->lcol[l]];
            fprintf(out, "  run_%s: {in: q_%s, out: d_%s, delay: q_%s.%s}\n", ln, ln, ln, ln, ln);
        }
        fprintf(out, "  join:\n    in: [");
        for (int l = 0; l < c->nl; l++)
            fprintf(out, "%sd_%s", l ? ", " : "", t->names[c->lcol[l]]);
        fprintf(out, "]\n    out: [done, slot]\n");
    } else {
        /* a chain; FUSED carries the fusing credit left in a token property
         * `credit`: each layer takes max(0, t - credit) cycles and passes
         * max(0, credit - t) on, so the block takes max(0, sum - f) exactly */
        bool fused = c->chosen == LPN_COMPOSE_FUSED;
        char fuse[256];
        if (c->opscol >= 0 && c->wn)
            snprintf(fuse, sizeof fuse, "(%lld * blk.%s + %lld)%s", (long long)c->wn, t->names[c->opscol], (long long)c->cn, "");
        else
            snprintf(fuse, sizeof fuse, "(%lld)", (long long)c->cn);
        if (c->den > 1)
            snprintf(fuse + strlen(fuse), sizeof fuse - strlen(fuse), " / %lld", (long long)c->den);
        char prev[300] = "blk", credit[400];
        snprintf(credit, sizeof credit, "%s", fuse);
        for (int l = 0; l < c->nl; l++) {
            const char *ln = t->names[c->lcol[l]];
            bool last = l + 1 == c->nl;
            fprintf(out, "  run_%s:\n    in: %s\n", ln, l ? prev : "[blk, slot]");
            if (last)
                fprintf(out, "    out: [done, slot]\n");
            else if (fused)
                fprintf(out, "    out: [{place: after_%s, copy: %s, props: {credit: \"max(0, %s - %s.%s)\"}}]\n", ln, prev, credit,
                        prev, ln);
            else
                fprintf(out, "    out: [{place: after_%s, copy: %s}]\n", ln, prev);
            if (fused)
                fprintf(out, "    delay: \"max(0, %s.%s - %s)\"\n", prev, ln, credit);
            else
                fprintf(out, "    delay: %s.%s\n", prev, ln);
            snprintf(prev, sizeof prev, "after_%.280s", ln);
            snprintf(credit, sizeof credit, "%s.credit", prev);
        }
    }
    fprintf(out, "initial:\n  - {place: slot}\ngenerate:\n");
    size_t n = t->nrows < 100000 ? t->nrows : 100000;
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "  - {place: blk, props: {");
        for (int l = 0; l < c->nl; l++)
            fprintf(out, "%s%s: %lld", l ? ", " : "", t->names[c->lcol[l]], (long long)llround(cell(c, i, c->lcol[l])));
        if (c->opscol >= 0)
            fprintf(out, ", %s: %lld", t->names[c->opscol], (long long)llround(cell(c, i, c->opscol)));
        fprintf(out, "}}\n");
    }
}
