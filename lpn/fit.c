/* fit.c — `lpn fit`'s method (FIT.md): each parameter's influence from
 * Algorithm 1 of seed 002 (fit_sweep.c: linear, step-wise with a width and
 * phase, or none), then two delay functions over
 * the parameters rounded up to their steps (eq. 7–8): a closed form (a sum
 * of products of rounded parameters chosen by forward selection on
 * cross-validated relative error, written with integer coefficients) and a
 * table (interpolated for one parameter, exact lookup with the closed form
 * as fallback for several). Each is evaluated exactly as the emitted LPN
 * expression computes it. The Performance Representatives are in fit_pr.c,
 * the outputs in fit_report.c. */
#include "fit.h"
#include "fit_impl.h"
#include "support.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CANDIDATES 256       /* closed form: monomials considered */
#define MAX_TERMS 12

/* ---- small helpers ---------------------------------------------------------------*/
uint64_t fit_splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int64_t fit_cdiv64(int64_t a, int64_t b)
{
    int64_t q = a / b, r = a % b;
    return (r != 0 && ((r > 0) == (b > 0))) ? q + 1 : q;
}

/* A growing string. */
struct sbuf {
    char *s;
    size_t n, cap;
};
static void sb_printf(struct sbuf *b, const char *fmt, ...) SUP_PRINTF(2, 3);
static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if (b->s && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        b->cap = (b->cap + (size_t)k + 64) * 2;
        b->s = sup_xrealloc(b->s, b->cap);
        if (b->n == 0)
            b->s[0] = '\0';
    }
}

/* ---- the fit ----------------------------------------------------------------------*/
const char *lpn_influence_name(enum lpn_influence k)
{
    static const char *const names[] = {"none", "linear", "step", "nonlinear", "unknown"};
    return (unsigned)k < 5 ? names[k] : "?";
}

void lpn_fit_opts_default(struct lpn_fit_opts *o)
{
    memset(o, 0, sizeof *o);
    o->target = "cycles";
    o->holdout = 0.2;
    o->seed = 1;
    o->linear_threshold = 0.02;
}

/* The value of parameter K rounded up to its step (eq. 8: x_p = ceil(p / w_p)),
 * or the raw value. */
static int64_t feat(const struct lpn_fit *f, int k, int64_t v, int choice)
{
    if (choice == 2 && f->p[k].kind == LPN_INF_STEP)
        return fit_cdiv64(v - f->p[k].phase, f->p[k].width);
    return choice ? v : 1;
}

static bool influencing(const struct lpn_fit_param *p)
{
    return p->kind != LPN_INF_NONE;
}

/* The table key part of parameter K: rounded for steps, raw otherwise. */
static int64_t keyval(const struct lpn_fit *f, int k, int64_t v)
{
    return feat(f, k, v, f->p[k].kind == LPN_INF_STEP ? 2 : 1);
}


static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The most common value of V[0..n) (the smallest among ties) and its count. */
int64_t fit_mode_i64(int64_t *v, size_t n, size_t *count)
{
    qsort(v, n, sizeof *v, cmp_i64);
    int64_t best = v[0];
    size_t bc = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && v[j] == v[i])
            j++;
        if (j - i > bc)
            bc = j - i, best = v[i];
        i = j;
    }
    *count = bc;
    return best;
}


/* ---- least squares over Gram matrices -------------------------------------------*/
/* Solves the SPD system A a = b (k x k, row-major, overwritten) by Cholesky
 * with a tiny ridge; false when singular. */
static bool chol_solve(double *A, double *b, int k, double *a)
{
    double tr = 0;
    for (int i = 0; i < k; i++)
        tr += A[i * k + i];
    double ridge = 1e-12 * (tr / k + 1e-300);
    for (int i = 0; i < k; i++)
        A[i * k + i] += ridge;
    for (int j = 0; j < k; j++) {
        double s = A[j * k + j];
        for (int q = 0; q < j; q++)
            s -= A[j * k + q] * A[j * k + q];
        if (!(s > 0))
            return false;
        double l = sqrt(s);
        A[j * k + j] = l;
        for (int i = j + 1; i < k; i++) {
            double t = A[i * k + j];
            for (int q = 0; q < j; q++)
                t -= A[i * k + q] * A[j * k + q];
            A[i * k + j] = t / l;
        }
    }
    for (int i = 0; i < k; i++) {
        double t = b[i];
        for (int q = 0; q < i; q++)
            t -= A[i * k + q] * a[q];
        a[i] = t / A[i * k + i];
    }
    for (int i = k - 1; i >= 0; i--) {
        double t = a[i];
        for (int q = i + 1; q < k; q++)
            t -= A[q * k + i] * a[q];
        a[i] = t / A[i * k + i];
    }
    return true;
}

struct gram {
    int c;                       /* columns (intercept + candidates) */
    int folds;
    double *G;                   /* [folds][c][c] */
    double *b;                   /* [folds][c] */
    double *yy;                  /* [folds] */
    double *scale;               /* [c] column RMS */
};

static double mono_val(const struct lpn_fit *f, const struct mono *m, const int64_t *x)
{
    double v = 1;
    for (int k = 0; k < f->np; k++)
        if (m->c[k])
            v *= (double)feat(f, k, x[k], m->c[k]);
    return v;
}

static double row_weight(const struct lpn_fit *f, double y)
{
    double ref = 0;
    for (size_t i = 0; i < f->ntrain; i++)
        ref += fabs(f->y[f->train[i]]);
    ref = 0.01 * ref / (double)(f->ntrain ? f->ntrain : 1);
    double d = fmax(fabs(y), fmax(ref, 1e-12));
    return 1.0 / (d * d);
}

/* Weighted SSE of subset S (columns, S[0] = 0) by K-fold cross-validation;
 * FOLD < 0: the fit on every fold, coefficients into A (scaled columns). */
static double subset_cv(const struct gram *g, const int *S, int k, double *A, int fold_only_all)
{
    double *M = sup_xmalloc((size_t)k * (size_t)k * sizeof *M), *r = sup_xmalloc((size_t)k * sizeof *r),
           *a = sup_xmalloc((size_t)k * sizeof *a);
    double sse = 0;
    int c = g->c;
    for (int f = fold_only_all ? -1 : 0; f < (fold_only_all ? 0 : g->folds); f++) {
        for (int i = 0; i < k; i++) {
            double bi = 0;
            for (int q = 0; q < g->folds; q++)
                if (q != f)
                    bi += g->b[(size_t)q * (size_t)c + (size_t)S[i]];
            r[i] = bi;
            for (int j = 0; j < k; j++) {
                double gij = 0;
                for (int q = 0; q < g->folds; q++)
                    if (q != f)
                        gij += g->G[((size_t)q * (size_t)c + (size_t)S[i]) * (size_t)c + (size_t)S[j]];
                M[i * k + j] = gij;
            }
        }
        if (!chol_solve(M, r, k, a)) {
            sse = INFINITY;
            break;
        }
        if (f < 0) {
            memcpy(A, a, (size_t)k * sizeof *a);
            break;
        }
        double e = g->yy[f];
        for (int i = 0; i < k; i++) {
            e -= 2 * a[i] * g->b[(size_t)f * (size_t)c + (size_t)S[i]];
            for (int j = 0; j < k; j++)
                e += a[i] * a[j] * g->G[((size_t)f * (size_t)c + (size_t)S[i]) * (size_t)c + (size_t)S[j]];
        }
        sse += fmax(e, 0);
    }
    free(M);
    free(r);
    free(a);
    return sse;
}

/* ---- the closed form -------------------------------------------------------------*/
static int64_t sat_add(int64_t a, int64_t b)
{
    int64_t r;
    return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT64_MAX : INT64_MIN) : r;
}

static int64_t sat_mul(int64_t a, int64_t b)
{
    int64_t r;
    return __builtin_mul_overflow(a, b, &r) ? ((a < 0) != (b < 0) ? INT64_MIN : INT64_MAX) : r;
}

/* V rounded to an integer, within +-2^62 (llround is undefined beyond int64). */
static int64_t round_i64(double v)
{
    const double lim = 4611686018427387904.0;
    return v >= lim ? (int64_t)lim : v <= -lim ? -(int64_t)lim : llround(v);
}

static int64_t closed_eval(const struct lpn_fit *f, const int64_t *x)
{
    /* saturating: a model far off at some point is rejected by its
     * errors, not by overflowing */
    int64_t acc = sat_add(f->n0, f->den > 1 ? f->den / 2 : 0);
    for (int j = 0; j < f->nt; j++) {
        int64_t v = f->nj[j];
        for (int k = 0; k < f->np; k++)
            if (f->terms[j].c[k])
                v = sat_mul(v, feat(f, k, x[k], f->terms[j].c[k]));
        acc = sat_add(acc, v);
    }
    if (f->den > 1)
        acc /= f->den;
    return f->clamp && acc < 0 ? 0 : acc;
}

static void write_name(const struct lpn_fit *f, int k, struct sbuf *b)
{
    sb_printf(b, "%s%s", f->prefix ? f->prefix : "", f->p[k].name);
}

static void write_feat(const struct lpn_fit *f, int k, int choice, struct sbuf *b)
{
    if (choice == 2 && f->p[k].kind == LPN_INF_STEP) {
        sb_printf(b, "cdiv(");
        write_name(f, k, b);
        if (f->p[k].phase)
            sb_printf(b, " - %lld", (long long)f->p[k].phase);
        sb_printf(b, ", %lld)", (long long)f->p[k].width);
    } else
        write_name(f, k, b);
}

char *fit_closed_expr(const struct lpn_fit *f)
{
    struct sbuf b = {0};
    if (f->clamp)
        sb_printf(&b, "max(0, ");
    if (f->den > 1)
        sb_printf(&b, "(");
    int64_t c0 = f->n0 + (f->den > 1 ? f->den / 2 : 0);
    bool first = true;
    if (c0 || !f->nt) {
        sb_printf(&b, "%lld", (long long)c0);
        first = false;
    }
    for (int j = 0; j < f->nt; j++) {
        int64_t c = f->nj[j];
        if (first)
            sb_printf(&b, c < 0 ? "-" : "");
        else
            sb_printf(&b, c < 0 ? " - " : " + ");
        first = false;
        unsigned long long ac = c < 0 ? (unsigned long long)-c : (unsigned long long)c;
        bool any = false;
        if (ac != 1) {
            sb_printf(&b, "%llu", ac);
            any = true;
        }
        for (int k = 0; k < f->np; k++)
            if (f->terms[j].c[k]) {
                if (any)
                    sb_printf(&b, " * ");
                write_feat(f, k, f->terms[j].c[k], &b);
                any = true;
            }
    }
    if (f->den > 1)
        sb_printf(&b, ") / %lld", (long long)f->den);
    if (f->clamp)
        sb_printf(&b, ")");
    return b.s;
}

/* Integer coefficients: the smallest denominator whose formula stays within
 * max(1, 0.2 %) of the real-valued fit on the training rows. */
static void integerise(struct lpn_fit *f, const double *coef, const struct mono *terms, int nt)
{
    static const int64_t dens[] = {1, 2, 4, 5, 10, 20, 50, 100, 1000, 10000, 100000, 1000000};
    f->terms = sup_xmalloc((size_t)(nt ? nt : 1) * sizeof *f->terms);
    f->nj = sup_xmalloc((size_t)(nt ? nt : 1) * sizeof *f->nj);
    for (size_t d = 0; d < sizeof dens / sizeof dens[0]; d++) {
        int64_t S = dens[d];
        double big = 0;
        f->den = S;
        f->n0 = round_i64(coef[0] * (double)S) - (S > 1 ? S / 2 : 0);
        big = fabs(coef[0] * (double)S);
        f->nt = 0;
        f->clamp = coef[0] < 0;
        for (int j = 0; j < nt; j++) {
            int64_t c = round_i64(coef[j + 1] * (double)S);
            if (!c)
                continue;
            f->terms[f->nt] = terms[j];
            f->nj[f->nt++] = c;
            f->clamp |= c < 0;
            big = fmax(big, fabs(coef[j + 1] * (double)S));
        }
        bool ok = big < 1e15;
        for (size_t i = 0; ok && i < f->ntrain; i++) {
            const int64_t *x = f->x + f->train[i] * (size_t)f->np;
            double real = coef[0];
            for (int j = 0; j < nt; j++)
                real += coef[j + 1] * mono_val(f, &terms[j], x);
            if (fabs(real) * (double)S > 4e15)
                ok = false;
            else if (fabs((double)closed_eval(f, x) - fmax(real, f->clamp ? 0 : -INFINITY)) > fmax(1.0, 0.002 * fabs(real)))
                ok = false;
        }
        if (ok || d + 1 == sizeof dens / sizeof dens[0])
            return;
    }
}

/* Forward selection of monomials on cross-validated weighted (relative)
 * squared error, then the fit on every training row. */
static void fit_closed(struct lpn_fit *f)
{
    /* candidate monomials */
    int opts[MAX_PARAMS][3], nopt[MAX_PARAMS];
    double total = 1;
    for (int k = 0; k < f->np; k++) {
        nopt[k] = 0;
        opts[k][nopt[k]++] = 0;
        if (!influencing(&f->p[k]))
            continue;
        if (f->p[k].kind == LPN_INF_STEP)
            opts[k][nopt[k]++] = 2;
        opts[k][nopt[k]++] = 1;
        total *= nopt[k];
    }
    int maxdeg = total - 1 > MAX_CANDIDATES ? 2 : MAX_PARAMS;
    struct mono *cand = NULL;
    int ncand = 0, capc = 0;
    int idx[MAX_PARAMS] = {0};
    for (;;) {
        int deg = 0;
        struct mono m = {{0}};
        for (int k = 0; k < f->np; k++)
            m.c[k] = (unsigned char)opts[k][idx[k]], deg += m.c[k] != 0;
        if (deg && deg <= maxdeg && ncand < 4 * MAX_CANDIDATES) {
            if (ncand == capc)
                cand = sup_xrealloc(cand, (size_t)(capc = capc ? capc * 2 : 32) * sizeof *cand);
            cand[ncand++] = m;
        }
        int k = 0;
        while (k < f->np && ++idx[k] == nopt[k])
            idx[k++] = 0;
        if (k == f->np)
            break;
    }
    if (maxdeg == 2) {   /* plus the product of every parameter, rounded */
        struct mono m = {{0}};
        int deg = 0;
        for (int k = 0; k < f->np; k++)
            if (influencing(&f->p[k]))
                m.c[k] = f->p[k].kind == LPN_INF_STEP ? 2 : 1, deg++;
        if (deg > 2) {
            cand = sup_xrealloc(cand, (size_t)(ncand + 1) * sizeof *cand);
            cand[ncand++] = m;
        }
    }
    /* Gram matrices per fold */
    struct gram g = {.c = ncand + 1, .folds = f->ntrain >= 10 ? 5 : (int)(f->ntrain >= 2 ? f->ntrain : 1)};
    size_t c = (size_t)g.c;
    g.G = sup_xcalloc((size_t)g.folds * c * c, sizeof *g.G);
    g.b = sup_xcalloc((size_t)g.folds * c, sizeof *g.b);
    g.yy = sup_xcalloc((size_t)g.folds, sizeof *g.yy);
    g.scale = sup_xcalloc(c, sizeof *g.scale);
    double *v = sup_xmalloc(c * sizeof *v);
    for (size_t i = 0; i < f->ntrain; i++) {
        const int64_t *x = f->x + f->train[i] * (size_t)f->np;
        v[0] = 1;
        for (int q = 0; q < ncand; q++)
            v[q + 1] = mono_val(f, &cand[q], x);
        for (size_t q = 0; q < c; q++)
            g.scale[q] += v[q] * v[q];
    }
    for (size_t q = 0; q < c; q++)
        g.scale[q] = g.scale[q] > 0 ? sqrt(g.scale[q] / (double)f->ntrain) : 1;
    for (size_t i = 0; i < f->ntrain; i++) {
        const int64_t *x = f->x + f->train[i] * (size_t)f->np;
        double y = f->y[f->train[i]], w = row_weight(f, y);
        int fold = (int)(i % (size_t)g.folds);
        v[0] = 1 / g.scale[0];
        for (int q = 0; q < ncand; q++)
            v[q + 1] = mono_val(f, &cand[q], x) / g.scale[q + 1];
        double *G = g.G + (size_t)fold * c * c, *b = g.b + (size_t)fold * c;
        for (size_t a = 0; a < c; a++) {
            b[a] += w * v[a] * y;
            for (size_t e = a; e < c; e++)
                G[a * c + e] += w * v[a] * v[e];
        }
        g.yy[fold] += w * y * y;
    }
    for (int fo = 0; fo < g.folds; fo++)
        for (size_t a = 0; a < c; a++)
            for (size_t e = 0; e < a; e++)
                g.G[((size_t)fo * c + a) * c + e] = g.G[((size_t)fo * c + e) * c + a];
    int S[MAX_TERMS + 1] = {0}, k = 1;
    double cur = subset_cv(&g, S, 1, NULL, 0), ytot = 0;
    for (int fo = 0; fo < g.folds; fo++)
        ytot += g.yy[fo];
    bool *used = sup_xcalloc(c, sizeof *used);
    while (k <= MAX_TERMS && cur > 1e-20 * ytot && g.folds > 1) {
        int bi = -1;
        double bs = INFINITY;
        for (int q = 1; q < g.c; q++) {
            if (used[q])
                continue;
            S[k] = q;
            double e = subset_cv(&g, S, k + 1, NULL, 0);
            if (e < bs)
                bs = e, bi = q;
        }
        if (bi < 0 || !(bs < cur * 0.99))
            break;
        S[k++] = bi;
        used[bi] = true;
        cur = bs;
    }
    double *a = sup_xcalloc((size_t)k, sizeof *a);
    if (!isfinite(subset_cv(&g, S, k, a, 1)))
        memset(a, 0, (size_t)k * sizeof *a);
    double *coef = sup_xmalloc((size_t)k * sizeof *coef);
    struct mono *terms = sup_xmalloc((size_t)k * sizeof *terms);
    for (int i = 0; i < k; i++) {
        coef[i] = a[i] / g.scale[S[i]];
        if (i)
            terms[i - 1] = cand[S[i] - 1];
    }
    integerise(f, coef, terms, k - 1);
    f->closed.valid = true;
    f->closed.expr = fit_closed_expr(f);
    f->closed.nterms = f->nt;
    free(coef);
    free(terms);
    free(a);
    free(used);
    free(v);
    free(g.G);
    free(g.b);
    free(g.yy);
    free(g.scale);
    free(cand);
}

/* ---- the table -------------------------------------------------------------------*/
static const struct ctable *cmp_tab;
static int cmp_keys(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    for (int k = 0; k < cmp_tab->nk; k++)
        if (x[k] != y[k])
            return x[k] < y[k] ? -1 : 1;
    return 0;
}

/* Builds the table over rows ROWS[0..n) (mean latency per key, rounded). */
static void build_table(const struct lpn_fit *f, const size_t *rows, size_t n, struct ctable *t)
{
    t->nk = 0;
    for (int k = 0; k < f->np; k++)
        if (influencing(&f->p[k]))
            t->kp[t->nk++] = k;
    size_t w = (size_t)t->nk + 1;   /* key, then the row's index */
    int64_t *tmp = sup_xmalloc((n ? n : 1) * w * sizeof *tmp);
    for (size_t i = 0; i < n; i++) {
        for (int q = 0; q < t->nk; q++)
            tmp[i * w + (size_t)q] = keyval(f, t->kp[q], f->x[rows[i] * (size_t)f->np + (size_t)t->kp[q]]);
        tmp[i * w + (size_t)t->nk] = (int64_t)rows[i];
    }
    struct ctable tw = *t;
    tw.nk = t->nk + 1;   /* sort on the key and then the row (stable) */
    cmp_tab = &tw;
    qsort(tmp, n, w * sizeof *tmp, cmp_keys);
    t->key = sup_xmalloc((n ? n : 1) * (size_t)(t->nk ? t->nk : 1) * sizeof *t->key);
    t->val = sup_xmalloc((n ? n : 1) * sizeof *t->val);
    t->n = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        double s = 0;
        while (j < n && !memcmp(tmp + j * w, tmp + i * w, (size_t)t->nk * sizeof *tmp))
            s += f->y[tmp[j * w + (size_t)t->nk]], j++;
        memcpy(t->key + t->n * (size_t)t->nk, tmp + i * w, (size_t)t->nk * sizeof *tmp);
        t->val[t->n++] = llround(s / (double)(j - i));
        i = j;
    }
    free(tmp);
}

static void free_table(struct ctable *t)
{
    free(t->key);
    free(t->val);
    t->key = NULL, t->val = NULL, t->n = 0;
}

static int64_t table_eval(const struct lpn_fit *f, const struct ctable *t, const int64_t *x)
{
    if (!t->n)
        return closed_eval(f, x);
    int64_t key[MAX_PARAMS];
    for (int q = 0; q < t->nk; q++)
        key[q] = keyval(f, t->kp[q], x[t->kp[q]]);
    if (t->nk == 1) {   /* piecewise linear between entries, constant beyond */
        int64_t u = key[0];
        if (u <= t->key[0])
            return t->val[0];
        for (size_t j = 1; j < t->n; j++)
            if (u <= t->key[j]) {
                int64_t k0 = t->key[j - 1], k1 = t->key[j];
                if ((__int128)k1 - k0 == 1)
                    return t->val[j];
                /* (in 128 bits: fitted values times key spans overflow 64) */
                __int128 a = (__int128)k1 - u, b = (__int128)u - k0, lim = (__int128)1 << 62;
                if (a >= lim || b >= lim) { /* keys apart by 2^62 or more: in long double */
                    long double w = (long double)b / (long double)(a + b);
                    long double r = (long double)t->val[j - 1] + ((long double)t->val[j] - t->val[j - 1]) * w;
                    return r >= 0x1p63L ? INT64_MAX : r <= -0x1p63L ? INT64_MIN : (int64_t)r;
                }
                __int128 v = ((__int128)t->val[j - 1] * a + (__int128)t->val[j] * b) / (a + b);
                return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : (int64_t)v;
            }
        return t->val[t->n - 1];
    }
    cmp_tab = t;
    const int64_t *hit = t->nk ? bsearch(key, t->key, t->n, (size_t)t->nk * sizeof *key, cmp_keys) : t->key;
    if (!t->nk) /* no parameter has an influence: one entry */
        return t->val[0];
    return hit ? t->val[(hit - t->key) / t->nk] : closed_eval(f, x);
}

static void write_key_feat(const struct lpn_fit *f, int k, struct sbuf *b)
{
    write_feat(f, k, f->p[k].kind == LPN_INF_STEP ? 2 : 1, b);
}

/* The table as an expression, or NULL when longer than MAX_EXPR. */
char *fit_table_expr(const struct lpn_fit *f, const struct ctable *t)
{
    struct sbuf b = {0};
    if (!t->n)
        return NULL;
    if (t->nk == 0) {
        sb_printf(&b, "%lld", (long long)t->val[0]);
        return b.s;
    }
    if (t->nk == 1) {
        for (size_t j = 0; j + 1 < t->n && b.n < MAX_EXPR; j++) {
            write_key_feat(f, t->kp[0], &b);
            sb_printf(&b, " <= %lld ? ", (long long)t->key[j]);
            if (j == 0 || t->key[j] - t->key[j - 1] == 1)
                sb_printf(&b, "%lld : ", (long long)t->val[j]);
            else {
                int64_t k0 = t->key[j - 1], k1 = t->key[j];
                sb_printf(&b, "(%lld * (%lld - ", (long long)t->val[j - 1], (long long)k1);
                write_key_feat(f, t->kp[0], &b);
                sb_printf(&b, ") + %lld * (", (long long)t->val[j]);
                write_key_feat(f, t->kp[0], &b);
                sb_printf(&b, " - %lld)) / %lld : ", (long long)k0, (long long)(k1 - k0));
            }
        }
        /* the last entry: interpolate up to it, constant beyond */
        if (t->n >= 2 && t->key[t->n - 1] - t->key[t->n - 2] > 1) {
            int64_t k0 = t->key[t->n - 2], k1 = t->key[t->n - 1];
            write_key_feat(f, t->kp[0], &b);
            sb_printf(&b, " <= %lld ? (%lld * (%lld - ", (long long)k1, (long long)t->val[t->n - 2], (long long)k1);
            write_key_feat(f, t->kp[0], &b);
            sb_printf(&b, ") + %lld * (", (long long)t->val[t->n - 1]);
            write_key_feat(f, t->kp[0], &b);
            sb_printf(&b, " - %lld)) / %lld : ", (long long)k0, (long long)(k1 - k0));
        }
        sb_printf(&b, "%lld", (long long)t->val[t->n - 1]);
    } else {
        for (size_t j = 0; j < t->n && b.n < MAX_EXPR; j++) {
            for (int q = 0; q < t->nk; q++) {
                if (q)
                    sb_printf(&b, " && ");
                write_key_feat(f, t->kp[q], &b);
                sb_printf(&b, " == %lld", (long long)t->key[j * (size_t)t->nk + (size_t)q]);
            }
            sb_printf(&b, " ? %lld : ", (long long)t->val[j]);
        }
        sb_printf(&b, "%s", f->closed.expr);
    }
    if (b.n > MAX_EXPR) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* ---- errors --------------------------------------------------------------------*/
static void measure(const struct lpn_fit *f, bool table, const size_t *rows, size_t n, struct lpn_fit_model *m)
{
    double sape = 0, sse = 0;
    size_t nape = 0;
    m->max_abs = m->max_rel = 0;
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = f->x + rows[i] * (size_t)f->np;
        double y = f->y[rows[i]], p = (double)(table ? table_eval(f, &f->tab, x) : closed_eval(f, x));
        double e = fabs(p - y);
        sse += e * e;
        m->max_abs = fmax(m->max_abs, e);
        if (y != 0) {
            sape += e / fabs(y);
            nape++;
            m->max_rel = fmax(m->max_rel, 100 * e / fabs(y));
        }
    }
    m->mape = nape ? 100 * sape / (double)nape : 0;
    m->rmse = n ? sqrt(sse / (double)n) : 0;
}

/* Cross-validated MAPE of the table (the closed form stays as fitted). */
static double table_cv(const struct lpn_fit *f)
{
    int folds = f->ntrain >= 10 ? 5 : (int)f->ntrain;
    if (folds < 2)
        return 0;
    size_t *in = sup_xmalloc(f->ntrain * sizeof *in);
    double sape = 0;
    size_t nape = 0;
    for (int fo = 0; fo < folds; fo++) {
        size_t nin = 0;
        for (size_t i = 0; i < f->ntrain; i++)
            if ((int)(i % (size_t)folds) != fo)
                in[nin++] = f->train[i];
        struct ctable t = {0};
        build_table(f, in, nin, &t);
        for (size_t i = 0; i < f->ntrain; i++)
            if ((int)(i % (size_t)folds) == fo) {
                double y = f->y[f->train[i]];
                if (y != 0) {
                    sape += fabs((double)table_eval(f, &t, f->x + f->train[i] * (size_t)f->np) - y) / fabs(y);
                    nape++;
                }
            }
        free_table(&t);
    }
    free(in);
    return nape ? 100 * sape / (double)nape : 0;
}

static double closed_cv(struct lpn_fit *f)
{
    /* the selected terms refitted per fold, by explicit least squares */
    int folds = f->ntrain >= 10 ? 5 : (int)f->ntrain;
    if (folds < 2)
        return 0;
    int k = f->nt + 1;
    double *G = sup_xmalloc((size_t)k * (size_t)k * sizeof *G), *b = sup_xmalloc((size_t)k * sizeof *b),
           *a = sup_xmalloc((size_t)k * sizeof *a), *v = sup_xmalloc((size_t)k * sizeof *v);
    double sape = 0;
    size_t nape = 0;
    for (int fo = 0; fo < folds; fo++) {
        memset(G, 0, (size_t)k * (size_t)k * sizeof *G);
        memset(b, 0, (size_t)k * sizeof *b);
        for (size_t i = 0; i < f->ntrain; i++) {
            if ((int)(i % (size_t)folds) == fo)
                continue;
            const int64_t *x = f->x + f->train[i] * (size_t)f->np;
            double y = f->y[f->train[i]], w = row_weight(f, y);
            v[0] = 1;
            for (int j = 0; j < f->nt; j++)
                v[j + 1] = mono_val(f, &f->terms[j], x);
            for (int p = 0; p < k; p++) {
                b[p] += w * v[p] * y;
                for (int q = 0; q < k; q++)
                    G[p * k + q] += w * v[p] * v[q];
            }
        }
        if (!chol_solve(G, b, k, a))
            continue;
        for (size_t i = 0; i < f->ntrain; i++) {
            if ((int)(i % (size_t)folds) != fo)
                continue;
            const int64_t *x = f->x + f->train[i] * (size_t)f->np;
            double y = f->y[f->train[i]], p = a[0];
            for (int j = 0; j < f->nt; j++)
                p += a[j + 1] * mono_val(f, &f->terms[j], x);
            if (y != 0)
                sape += fabs(p - y) / fabs(y), nape++;
        }
    }
    free(G);
    free(b);
    free(a);
    free(v);
    return nape ? 100 * sape / (double)nape : 0;
}

/* ---- the driver ------------------------------------------------------------------*/
static bool is_ident(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

struct lpn_fit *lpn_fit_run(const struct lpn_table *t, const struct lpn_fit_opts *o, FILE *diag)
{
    struct lpn_fit_opts def;
    if (!o) {
        lpn_fit_opts_default(&def);
        o = &def;
    }
    const char *target = o->target ? o->target : "cycles";
    int tcol = lpn_table_find(t, target);
    struct sbuf cols = {0};
    for (int k = 0; k < t->ncols; k++)
        sb_printf(&cols, "%s%s", k ? ", " : "", t->names[k]);
    if (tcol < 0) {
        sup_diag(diag, t->path, t->hline, 1, "error", "no column '%s' in the header (columns: %s); name the latency column with --target", target,
                 cols.s);
        free(cols.s);
        return NULL;
    }
    struct lpn_fit *f = sup_xcalloc(1, sizeof *f);
    f->t = t;
    f->tcol = tcol;
    f->prefix = o->prefix ? sup_strdup(o->prefix) : NULL;
    bool ok = true;
    if (o->params) {
        for (int k = 0; k < o->nparams; k++) {
            int c = lpn_table_find(t, o->params[k]);
            if (c < 0 || c == tcol) {
                sup_diag(diag, t->path, t->hline, 1, "error", c < 0 ? "no column '%s' in the header (columns: %s)" : "'%s' is the latency column, not a parameter%s",
                         o->params[k], c < 0 ? cols.s : "");
                ok = false;
                continue;
            }
            for (int j = 0; j < f->np; j++)
                if (f->p[j].col == c) {
                    sup_diag(diag, t->path, t->hline, t->hcol[c], "error", "parameter '%s' is named twice", o->params[k]);
                    ok = false;
                }
            if (f->np < MAX_PARAMS)
                f->p[f->np++].col = c;
        }
    } else
        for (int c = 0; c < t->ncols; c++)
            if (c != tcol && f->np < MAX_PARAMS)
                f->p[f->np++].col = c;
    free(cols.s);
    if ((o->params ? o->nparams : t->ncols - 1) > MAX_PARAMS) {
        sup_diag(diag, t->path, t->hline, 1, "error", "more than %d parameters", MAX_PARAMS);
        ok = false;
    }
    if (ok && !f->np) {
        sup_diag(diag, t->path, t->hline, 1, "error", "no parameter columns besides '%s'", target);
        ok = false;
    }
    for (int k = 0; ok && k < f->np; k++) {
        f->p[k].name = t->names[f->p[k].col];
        if (!is_ident(f->p[k].name)) {
            sup_diag(diag, t->path, t->hline, t->hcol[f->p[k].col], "error",
                     "parameter column '%s' is not an identifier (it becomes a name in the delay expression)", f->p[k].name);
            ok = false;
        }
    }
    /* values */
    f->n = t->nrows;
    f->x = sup_xmalloc((f->n ? f->n : 1) * (size_t)(f->np ? f->np : 1) * sizeof *f->x);
    f->y = sup_xmalloc((f->n ? f->n : 1) * sizeof *f->y);
    int nerr = 0;
    for (size_t i = 0; ok && i < f->n; i++) {
        const double *row = t->v + i * (size_t)t->ncols;
        for (int k = 0; k < f->np; k++) {
            double v = row[f->p[k].col];
            if (v != floor(v) || fabs(v) > 1e15) {
                if (nerr++ < 20)
                    sup_diag(diag, t->path, t->line[i], t->col[i * (size_t)t->ncols + (size_t)f->p[k].col], "error",
                             "parameter '%s' must be an integer, found %g", f->p[k].name, v);
                continue;
            }
            f->x[i * (size_t)f->np + (size_t)k] = (int64_t)v;
        }
        f->y[i] = row[tcol];
        if (row[tcol] < 0 && nerr++ < 20)
            sup_diag(diag, t->path, t->line[i], t->col[i * (size_t)t->ncols + (size_t)tcol], "error",
                     "negative latency %g in column '%s'", row[tcol], target);
        else if (!(row[tcol] <= 1e15) && nerr++ < 20) /* the fit's integers must not overflow */
            sup_diag(diag, t->path, t->line[i], t->col[i * (size_t)t->ncols + (size_t)tcol], "error",
                     "latency %g in column '%s' is too large (at most 1e15 cycles)", row[tcol], target);
    }
    if (nerr)
        ok = false;
    if (ok && f->n < 2) {
        sup_diag(diag, t->path, t->line[0], 1, "error", "a single sample: fitting needs at least two rows");
        ok = false;
    }
    for (int s = 0; ok && s < o->nsteps; s++) {
        int k = 0;
        while (k < f->np && strcmp(f->p[k].name, o->steps[s].name))
            k++;
        if (k == f->np || o->steps[s].width < 1) {
            sup_diag(diag, t->path, 0, 0, "error", k == f->np ? "--step: '%s' is not a parameter column" : "--step: the width of '%s' must be at least 1",
                     o->steps[s].name);
            ok = false;
        }
    }
    if (!ok) {
        lpn_fit_free(f);
        return NULL;
    }
    /* Algorithm 1, on every row */
    double thr = o->linear_threshold > 0 ? o->linear_threshold : 0.02;
    for (int k = 0; k < f->np; k++) {
        struct lpn_fit_param *p = &f->p[k];
        p->width = 1;
        p->lo = p->hi = f->x[k];
        for (size_t i = 0; i < f->n; i++) {
            int64_t v = f->x[i * (size_t)f->np + (size_t)k];
            p->lo = v < p->lo ? v : p->lo;
            p->hi = v > p->hi ? v : p->hi;
        }
        fit_detect_influence(f, k, thr);
        for (int s = 0; s < o->nsteps; s++)
            if (!strcmp(o->steps[s].name, p->name)) {
                p->given = true;
                p->width = o->steps[s].width;
                p->phase = 0;
                p->kind = p->width > 1 ? LPN_INF_STEP : LPN_INF_LINEAR;
            }
        if (p->kind != LPN_INF_STEP)
            p->width = 1, p->phase = 0;
    }
    /* held-out split */
    size_t *perm = sup_xmalloc(f->n * sizeof *perm);
    for (size_t i = 0; i < f->n; i++)
        perm[i] = i;
    uint64_t st = o->seed ? o->seed : 1;
    for (size_t i = f->n; i > 1; i--) {
        size_t j = (size_t)(fit_splitmix(&st) % i);
        size_t tmp = perm[i - 1];
        perm[i - 1] = perm[j], perm[j] = tmp;
    }
    double h = o->holdout < 0 ? 0 : o->holdout > 0.9 ? 0.9 : o->holdout;
    size_t ntest = (size_t)floor(h * (double)f->n + 0.5);
    if (f->n - ntest < 2)
        ntest = 0;
    f->test = perm, f->ntest = ntest;
    f->train = perm + ntest, f->ntrain = f->n - ntest;
    /* the models */
    fit_closed(f);
    build_table(f, f->train, f->ntrain, &f->tab);
    f->table.expr = fit_table_expr(f, &f->tab);
    f->table.valid = f->table.expr != NULL;
    f->table.entries = (int)f->tab.n;
    f->closed.cv_mape = closed_cv(f);
    f->table.cv_mape = table_cv(f);
    const size_t *rows = ntest ? f->test : f->train;
    size_t nrows = ntest ? ntest : f->ntrain;
    measure(f, false, rows, nrows, &f->closed);
    measure(f, true, rows, nrows, &f->table);
    if (o->choice == LPN_FIT_TABLE)
        f->chose_table = f->table.valid;
    else if (o->choice == LPN_FIT_AUTO)
        f->chose_table = f->table.valid && f->closed.cv_mape > f->table.cv_mape + fmax(0.25, 0.1 * f->table.cv_mape);
    return f;
}

void lpn_fit_free(struct lpn_fit *f)
{
    if (!f)
        return;
    free(f->prefix);
    free(f->x);
    free(f->y);
    free(f->test);
    free(f->terms);
    free(f->nj);
    free_table(&f->tab);
    free(f->closed.expr);
    free(f->table.expr);
    free(f);
}

int lpn_fit_nparams(const struct lpn_fit *f) { return f->np; }
const struct lpn_fit_param *lpn_fit_param(const struct lpn_fit *f, int k)
{
    return k >= 0 && k < f->np ? &f->p[k] : NULL;
}
const struct lpn_fit_model *lpn_fit_closed(const struct lpn_fit *f) { return &f->closed; }
const struct lpn_fit_model *lpn_fit_table(const struct lpn_fit *f) { return &f->table; }
bool lpn_fit_chose_table(const struct lpn_fit *f) { return f->chose_table; }
const char *lpn_fit_expr(const struct lpn_fit *f) { return f->chose_table ? f->table.expr : f->closed.expr; }
size_t lpn_fit_train_rows(const struct lpn_fit *f) { return f->ntrain; }
size_t lpn_fit_test_rows(const struct lpn_fit *f) { return f->ntest; }

int64_t lpn_fit_predict_model(const struct lpn_fit *f, bool table, const int64_t *x)
{
    return table ? table_eval(f, &f->tab, x) : closed_eval(f, x);
}

int64_t lpn_fit_predict(const struct lpn_fit *f, const int64_t *x)
{
    return lpn_fit_predict_model(f, f->chose_table, x);
}
