/* tune.c — `lpn tune` by simulation (FIT.md "Tuning"): every configuration
 * is the model loaded with the tuned parameters overridden and simulated on
 * the input; the bound is checked on its last done cycle (latency) or done
 * tokens per cycle (throughput). The search is exhaustive over the box, or
 * monotone: for every combination of the other parameters in order, a
 * binary search of the last one, narrowed by the frontier found so far and
 * cut by the cost of the best configuration. Z3 mode is in tune_z3.c. */
#define _POSIX_C_SOURCE 200809L
#include "tune.h"
#include "pointset.h"
#include "json.h"
#include "support.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_POINTS 100000
#define AUTO_EXHAUSTIVE 256        /* auto: boxes this small are searched exhaustively */

/* Z3 mode (tune_z3.c): one proof per configuration. */
struct lpn__tz3;
struct lpn__tz3 *lpn__tz3_open(const struct lpn_tune_opts *o, FILE *diag);
void lpn__tz3_eval(struct lpn__tz3 *z, const int64_t *v, struct lpn_tune_point *p);
void lpn__tz3_close(struct lpn__tz3 *z);
const char *lpn__tz3_note(const struct lpn__tz3 *z);

/* ---- parsing -------------------------------------------------------------------*/
static bool parse_i64(const char *s, const char *end, int64_t *v)
{
    char buf[32];
    size_t n = (size_t)(end - s);
    if (!n || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *e;
    errno = 0;
    long long x = strtoll(buf, &e, 10);
    if (*e || errno)
        return false;
    *v = x;
    return true;
}

bool lpn_tune_parse_params(char *text, struct lpn_tune_param **p, int *n, FILE *diag)
{
    for (char *item = text; item && *item;) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        struct lpn_tune_param q = {.step = 1, .weight = 1};
        int64_t v[3];
        int nv = 0;
        if (eq && eq != item) {
            *eq = '\0';
            q.name = item;
            for (char *s = eq + 1; nv < 3;) {
                char *c = strchr(s, ':');
                char *e = c ? c : s + strlen(s);
                if (!parse_i64(s, e, &v[nv]))
                    break;
                nv++;
                if (!c) {
                    s = NULL;
                    break;
                }
                s = c + 1;
            }
        }
        bool ok = eq && eq != item && (nv == 2 || nv == 3);
        if (ok) {
            q.lo = v[0], q.hi = v[1], q.step = nv == 3 ? v[2] : 1;
            ok = q.lo <= q.hi && q.step >= 1;
        }
        if (!ok) {
            if (eq)
                *eq = '=';
            sup_diag(diag, "lpn tune", 0, 0, "error", "--params: expected NAME=LO:HI[:STEP] with LO <= HI and STEP >= 1, found '%s'", item);
            return false;
        }
        for (int k = 0; k < *n; k++)
            if (!strcmp((*p)[k].name, q.name)) {
                sup_diag(diag, "lpn tune", 0, 0, "error", "--params: '%s' is given twice", q.name);
                return false;
            }
        *p = sup_xrealloc(*p, (size_t)(*n + 1) * sizeof **p);
        (*p)[(*n)++] = q;
        item = comma ? comma + 1 : NULL;
    }
    if (!*n) {
        sup_diag(diag, "lpn tune", 0, 0, "error", "--params: no parameter given");
        return false;
    }
    return true;
}

bool lpn_tune_parse_bound(const char *text, struct lpn_tune_bound *b, FILE *diag)
{
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    size_t nl = 0;
    while (isalpha((unsigned char)s[nl]) || s[nl] == '_')
        nl++;
    const char *op = s + nl;
    while (isspace((unsigned char)*op))
        op++;
    bool lat = (nl == 7 && !strncmp(s, "latency", 7)) || (nl == 6 && !strncmp(s, "cycles", 6));
    bool thr = nl == 10 && !strncmp(s, "throughput", 10);
    bool le = !strncmp(op, "<=", 2), ge = !strncmp(op, ">=", 2);
    char *end = NULL;
    double v = 0;
    if ((lat && le) || (thr && ge)) {
        errno = 0;
        v = strtod(op + 2, &end);
    }
    if (end) {
        b->relative = false;
        while (isspace((unsigned char)*end))
            end++;
        if (*end == '%')
            b->relative = true, end++;
        while (isspace((unsigned char)*end))
            end++;
    }
    if (!end || *end || end == op + 2 || !isfinite(v) || v <= 0) {
        sup_diag(diag, "lpn tune", 0, 0, "error", "--bound: expected 'latency<=CYCLES' or 'throughput>=TOKENS_PER_CYCLE' (a positive number, optionally %% of the reference), found '%s'",
                 text);
        return false;
    }
    b->metric = lat ? LPN_TUNE_LATENCY : LPN_TUNE_THROUGHPUT;
    b->value = v;
    return true;
}

/* ---- evaluation ----------------------------------------------------------------*/
struct tuner {
    const struct lpn_tune_opts *o;
    struct lpn_tune_result *r;
    FILE *diag;
    struct lpn_param *ov;            /* fixed overrides, then the tuned ones */
    size_t nov;
    int np;
    int64_t *len;                    /* values per parameter */
    struct lpn__pointset seen;       /* the points evaluated, in r->pts order */
    uint64_t max_points;
    bool overflow;                   /* max_points reached */
    struct lpn__tz3 *z3;             /* Z3 mode: decides points instead of simulating */
};

static double cost_of(const struct tuner *T, const int64_t *v)
{
    double c = 0;
    for (int k = 0; k < T->np; k++)
        c += T->o->params[k].weight * (double)v[k];
    return c;
}

static void simulate(struct tuner *T, const int64_t *v, struct lpn_tune_point *p)
{
    const struct lpn_tune_opts *o = T->o;
    if (T->z3) {
        lpn__tz3_eval(T->z3, v, p);
        return;
    }
    for (int k = 0; k < T->np; k++)
        T->ov[T->nov + (size_t)k].value = v[k];
    p->latency = -1;
    char *buf = NULL;
    size_t blen = 0;
    FILE *msg = open_memstream(&buf, &blen);
    struct lpn_model *m = lpn_load_file(o->model, T->ov, T->nov + (size_t)T->np, msg);
    struct lpn_sim *s = NULL;
    if (m) {
        unsigned flags = o->input && !o->generate ? LPN_SIM_NO_GENERATORS : 0;
        s = lpn_sim_new_limited(m, flags, o->max_commits, 0, msg);
    }
    if (s && o->input && lpn_sim_load_jsonl(s, o->input, msg) < 0) {
        lpn_sim_free(s);
        s = NULL;
    }
    if (s) {
        enum lpn_status st = lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT);
        p->done = lpn_sim_done_count(s);
        p->latency = lpn_sim_last_done(s);
        if (st == LPN_ERROR)
            fprintf(msg, "%s", lpn_sim_error(s));
        else if (st == LPN_LIMIT)
            fprintf(msg, "stopped at the commit limit");
        else if (lpn_sim_deadlocked(s))
            fprintf(msg, "deadlock at cycle %lld", (long long)lpn_sim_now(s));
        else if (!p->done)
            fprintf(msg, "no token reached the done place");
        else
            p->ok = true;
        lpn_sim_free(s);
    }
    lpn_model_free(m);
    fclose(msg);
    if (!p->ok) {
        while (blen && (buf[blen - 1] == '\n'))
            buf[--blen] = '\0';
        char *nl = strchr(buf, '\n');   /* the first message is enough */
        if (nl)
            *nl = '\0';
        p->why = buf;
    } else
        free(buf);
    if (p->ok)
        p->throughput = p->latency > 0 ? (double)p->done / (double)p->latency : INFINITY;
}

static bool meets(const struct tuner *T, const struct lpn_tune_point *p)
{
    if (!p->ok)
        return false;
    double lim = T->r->limit, eps = 1e-12 * fabs(lim);
    return T->o->bound.metric == LPN_TUNE_LATENCY ? (double)p->latency <= lim + eps : p->throughput >= lim - eps;
}

/* Evaluates V (memoised); returns the point's index, or -1 past max_points. */
static long eval_point(struct tuner *T, const int64_t *v)
{
    struct lpn_tune_result *r = T->r;
    long found = lpn__pointset_find(&T->seen, v);
    if (found >= 0)
        return found;
    if (r->npts >= T->max_points) {
        T->overflow = true;
        return -1;
    }
    r->pts = sup_xrealloc(r->pts, (r->npts + 1) * sizeof *r->pts);
    struct lpn_tune_point *p = &r->pts[r->npts];
    memset(p, 0, sizeof *p);
    p->v = sup_xmalloc((size_t)T->np * sizeof *p->v);
    memcpy(p->v, v, (size_t)T->np * sizeof *v);
    simulate(T, v, p);
    p->cost = cost_of(T, v);
    if (!T->z3)
        p->feasible = meets(T, p);
    lpn__pointset_add(&T->seen, v);
    return (long)(r->npts++);
}

/* Whether point A is better than point B under the objective. */
static bool better(const struct tuner *T, const int64_t *a, const int64_t *b)
{
    if (T->o->objective == LPN_TUNE_SUM) {
        double ca = cost_of(T, a), cb = cost_of(T, b);
        if (ca != cb)
            return ca < cb;
    }
    for (int k = 0; k < T->np; k++)
        if (a[k] != b[k])
            return a[k] < b[k];
    return false;
}

static void consider(struct tuner *T, long idx)
{
    struct lpn_tune_result *r = T->r;
    if (idx < 0 || !r->pts[idx].feasible)
        return;
    if (r->best < 0 || better(T, r->pts[idx].v, r->pts[r->best].v))
        r->best = (int)idx;
}

static int64_t value_at(const struct lpn_tune_param *p, int64_t i)
{
    return p->lo + i * p->step;
}

/* ---- searches -----------------------------------------------------------------*/
static void exhaustive(struct tuner *T)
{
    int np = T->np;
    int64_t *i = sup_xcalloc((size_t)np, sizeof *i), *v = sup_xmalloc((size_t)np * sizeof *v);
    for (;;) {
        for (int k = 0; k < np; k++)
            v[k] = value_at(&T->o->params[k], i[k]);
        long idx = eval_point(T, v);
        if (idx < 0)
            break;
        consider(T, idx);
        int k = np - 1;
        while (k >= 0 && ++i[k] == T->len[k])
            i[k--] = 0;
        if (k < 0)
            break;
    }
    free(i);
    free(v);
}

/* Monotone: feasibility can only improve when a parameter grows. For each
 * combination C of the first np-1 parameters (in lexicographic order), the
 * smallest feasible index of the last one is binary-searched within
 * [LO, HI]: HI from combinations below C (their answers bound C's from
 * above), LO from those above it; combinations whose cheapest completion
 * costs more than the best found are skipped. */
struct front {
    int64_t *c;                 /* [np] index vector; c[np-1] = smallest feasible last index, len if none */
};

static void monotone(struct tuner *T)
{
    int np = T->np;
    int last = np - 1;
    const struct lpn_tune_param *P = T->o->params;
    int64_t *i = sup_xcalloc((size_t)np, sizeof *i), *v = sup_xmalloc((size_t)np * sizeof *v);
    struct front *fr = NULL;
    size_t nfr = 0;
    for (;;) {
        for (int k = 0; k < last; k++)
            v[k] = value_at(&P[k], i[k]);
        int64_t lo = 0, hi = T->len[last];   /* answer in [lo, hi]; hi = len: none */
        for (size_t q = 0; q < nfr; q++) {
            bool below = true, above = true;
            for (int k = 0; k < last; k++) {
                below &= fr[q].c[k] <= i[k];
                above &= fr[q].c[k] >= i[k];
            }
            if (below && fr[q].c[last] < hi)
                hi = fr[q].c[last];
            if (above && fr[q].c[last] > lo)
                lo = fr[q].c[last] < T->len[last] ? fr[q].c[last] : T->len[last];
        }
        bool skip = false;
        if (T->r->best >= 0) {   /* cheapest completion no better than the best: skip */
            v[last] = value_at(&P[last], lo < T->len[last] ? lo : T->len[last] - 1);
            skip = !better(T, v, T->r->pts[T->r->best].v);
            if (T->o->objective == LPN_TUNE_LEX)
                skip = true;     /* lexicographic: the first combination with an answer wins */
        }
        if (!skip && lo < T->len[last]) {
            /* is there an answer at all? (the largest value allowed) */
            int64_t top = hi < T->len[last] ? hi : T->len[last] - 1;
            v[last] = value_at(&P[last], top);
            long idx = eval_point(T, v);
            if (idx < 0)
                break;
            if (T->r->pts[idx].feasible) {
                hi = top;
                while (lo < hi) {
                    int64_t mid = lo + (hi - lo) / 2;
                    v[last] = value_at(&P[last], mid);
                    idx = eval_point(T, v);
                    if (idx < 0)
                        break;
                    if (T->r->pts[idx].feasible)
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                if (T->overflow)
                    break;
                v[last] = value_at(&P[last], hi);
                consider(T, eval_point(T, v));
            } else
                hi = T->len[last];
            fr = sup_xrealloc(fr, (nfr + 1) * sizeof *fr);
            fr[nfr].c = sup_xmalloc((size_t)np * sizeof *fr[nfr].c);
            memcpy(fr[nfr].c, i, (size_t)np * sizeof *i);
            fr[nfr].c[last] = hi;
            nfr++;
        }
        int k = last - 1;
        while (k >= 0 && ++i[k] == T->len[k])
            i[k--] = 0;
        if (k < 0)
            break;
    }
    for (size_t q = 0; q < nfr; q++)
        free(fr[q].c);
    free(fr);
    free(i);
    free(v);
}

/* Pairs of evaluated points where a configuration that is larger in every
 * parameter misses the bound while a smaller one meets it. */
static size_t violations(const struct tuner *T)
{
    const struct lpn_tune_result *r = T->r;
    size_t n = 0;
    for (size_t a = 0; a < r->npts && a < 5000; a++) {
        if (!r->pts[a].feasible)
            continue;
        for (size_t b = 0; b < r->npts && b < 5000; b++) {
            if (r->pts[b].feasible || a == b)
                continue;
            bool ge = true;
            for (int k = 0; k < T->np; k++)
                ge &= r->pts[b].v[k] >= r->pts[a].v[k];
            n += ge;
        }
    }
    return n;
}

int lpn_tune_run(const struct lpn_tune_opts *o, struct lpn_tune_result *r, FILE *diag)
{
    memset(r, 0, sizeof *r);
    r->best = -1;
    struct lpn__tz3 *z3 = NULL;
    if (o->space && !(z3 = lpn__tz3_open(o, diag)))
        return -1;
    /* the model must load and declare every tuned parameter (Z3: the space's symbols) */
    struct lpn_model *m = lpn_load_file(o->model, o->fixed, o->nfixed, diag);
    if (!m) {
        lpn__tz3_close(z3);
        return -1;
    }
    bool ok = true;
    for (int k = 0; k < o->nparams && !z3; k++) {
        int64_t v;
        if (!lpn_param_value(m, o->params[k].name, &v)) {
            sup_diag(diag, o->model, 0, 0, "error", "--params: the model has no parameter '%s'", o->params[k].name);
            ok = false;
        }
        for (size_t q = 0; q < o->nfixed; q++)
            if (!strcmp(o->fixed[q].name, o->params[k].name)) {
                sup_diag(diag, "lpn tune", 0, 0, "error", "'%s' is both tuned (--params) and fixed (-p)", o->params[k].name);
                ok = false;
            }
    }
    lpn_model_free(m);
    if (!ok)
        return -1;
    struct tuner T = {.o = o, .r = r, .diag = diag, .np = o->nparams, .z3 = z3};
    T.max_points = o->max_points ? o->max_points : DEFAULT_MAX_POINTS;
    T.nov = o->nfixed;
    T.ov = sup_xmalloc((o->nfixed + (size_t)o->nparams) * sizeof *T.ov);
    if (o->nfixed)
        memcpy(T.ov, o->fixed, o->nfixed * sizeof *T.ov);
    for (int k = 0; k < o->nparams; k++)
        T.ov[o->nfixed + (size_t)k].name = o->params[k].name;
    T.len = sup_xmalloc((size_t)o->nparams * sizeof *T.len);
    double total = 1;
    for (int k = 0; k < o->nparams; k++) {
        T.len[k] = (o->params[k].hi - o->params[k].lo) / o->params[k].step + 1;
        total *= (double)T.len[k];
    }
    lpn__pointset_init(&T.seen, T.np);
    r->nparams = o->nparams;
    r->names = sup_xmalloc((size_t)o->nparams * sizeof *r->names);
    for (int k = 0; k < o->nparams; k++)
        r->names[k] = sup_strdup(o->params[k].name);
    /* the reference: every parameter at its largest value */
    int64_t *top = sup_xmalloc((size_t)o->nparams * sizeof *top);
    for (int k = 0; k < o->nparams; k++)
        top[k] = value_at(&o->params[k], T.len[k] - 1);
    /* nothing is feasible until the limit is known */
    r->limit = o->bound.metric == LPN_TUNE_LATENCY ? -1 : INFINITY;
    long ti = eval_point(&T, top);
    r->has_ref = true;
    r->ref = r->pts[ti];
    r->ref.v = top;
    r->ref.why = NULL;
    if (o->bound.relative) {
        if (!r->ref.ok)
            r->limit = NAN;
        else
            r->limit = (o->bound.metric == LPN_TUNE_LATENCY ? (double)r->ref.latency : r->ref.throughput) * o->bound.value / 100;
    } else
        r->limit = o->bound.value;
    if (!z3)
        r->pts[ti].feasible = meets(&T, &r->pts[ti]);
    consider(&T, ti);
    bool exh = o->search == LPN_TUNE_EXHAUSTIVE || (o->search == LPN_TUNE_AUTO && total <= AUTO_EXHAUSTIVE);
    int rc = 0;
    if (exh && total > (double)T.max_points) {
        sup_diag(diag, "lpn tune", 0, 0, "error", "an exhaustive search would simulate %.0f configurations (more than --max-points %llu)", total,
                 (unsigned long long)T.max_points);
        rc = -1;
    }
    if (!rc) {
        r->method = z3 ? (exh ? "exhaustive, z3" : "monotone, z3") : exh ? "exhaustive" : "monotone";
        if (exh)
            exhaustive(&T);
        else if (r->pts[ti].feasible || o->bound.relative)
            monotone(&T);
        else {
            r->note = sup_strdup("the largest configuration misses the bound: with a monotone metric no configuration meets it");
        }
        if (T.overflow) {
            char buf[160];
            snprintf(buf, sizeof buf, "stopped after --max-points %llu simulations: the answer may not be the smallest",
                     (unsigned long long)T.max_points);
            free(r->note);
            r->note = sup_strdup(buf);
        }
        if (!exh)
            r->violations = violations(&T);
        if (z3) {   /* every verdict a proof over the whole space? */
            r->proved = true;
            for (size_t k = 0; k < r->npts; k++)
                r->proved &= r->pts[k].ok;
            const char *nz = lpn__tz3_note(z3);
            if (nz && !r->note) {
                r->note = sup_strdup(nz);
                r->proved = false;
            }
        }
    }
    lpn__tz3_close(z3);
    free(T.ov);
    free(T.len);
    lpn__pointset_free(&T.seen);
    return rc;
}

void lpn_tune_result_free(struct lpn_tune_result *r)
{
    for (size_t k = 0; k < r->npts; k++) {
        free(r->pts[k].v);
        free(r->pts[k].why);
    }
    free(r->pts);
    for (int k = 0; k < r->nparams; k++)
        free(r->names[k]);
    free(r->names);
    free(r->ref.v);
    free(r->note);
    memset(r, 0, sizeof *r);
}

/* ---- reports ------------------------------------------------------------------*/
static void point_text(const struct lpn_tune_result *r, const struct lpn_tune_point *p, FILE *out)
{
    for (int k = 0; k < r->nparams; k++)
        fprintf(out, "%s%s=%lld", k ? " " : "", r->names[k], (long long)p->v[k]);
}

static void point_json(struct sup_json *w, const struct lpn_tune_result *r, const struct lpn_tune_point *p)
{
    sup_json_obj(w);
    sup_json_key(w, "params"), sup_json_obj(w);
    for (int k = 0; k < r->nparams; k++)
        sup_json_key(w, r->names[k]), sup_json_int(w, p->v[k]);
    sup_json_end(w);
    sup_json_key(w, "ok"), sup_json_bool(w, p->ok);
    sup_json_key(w, "feasible"), sup_json_bool(w, p->feasible);
    sup_json_key(w, "latency"), sup_json_int(w, p->latency);
    sup_json_key(w, "done"), sup_json_uint(w, p->done);
    sup_json_key(w, "throughput"), sup_json_double(w, p->throughput);
    sup_json_key(w, "cost"), sup_json_double(w, p->cost);
    if (p->why)
        sup_json_key(w, "why"), sup_json_str(w, p->why);
    sup_json_end(w);
}

static void point_yaml(FILE *out, const struct lpn_tune_result *r, const struct lpn_tune_point *p)
{
    fprintf(out, "{params: {");
    for (int k = 0; k < r->nparams; k++)
        fprintf(out, "%s%s: %lld", k ? ", " : "", r->names[k], (long long)p->v[k]);
    fprintf(out, "}, ok: %s, feasible: %s, latency: %lld, done: %llu, throughput: %.9g, cost: %.9g}", p->ok ? "true" : "false",
            p->feasible ? "true" : "false", (long long)p->latency, (unsigned long long)p->done, p->throughput, p->cost);
}

void lpn_tune_write(const struct lpn_tune_opts *o, const struct lpn_tune_result *r, int format, FILE *out)
{
    const char *metric = o->bound.metric == LPN_TUNE_LATENCY ? "latency" : "throughput";
    const char *op = o->bound.metric == LPN_TUNE_LATENCY ? "<=" : ">=";
    bool unit = true;
    for (int k = 0; k < o->nparams; k++)
        unit &= o->params[k].weight == 1;
    const char *obj = o->objective == LPN_TUNE_LEX ? "lexicographic order" : unit ? "the sum of the values" : "the weighted sum";
    if (format == 1) {
        struct sup_json w;
        sup_json_init(&w, out, true);
        sup_json_obj(&w);
        sup_json_key(&w, "model"), sup_json_str(&w, o->model);
        sup_json_key(&w, "bound"), sup_json_obj(&w);
        sup_json_key(&w, "metric"), sup_json_str(&w, metric);
        sup_json_key(&w, "op"), sup_json_str(&w, op);
        sup_json_key(&w, "value"), sup_json_double(&w, o->bound.value);
        sup_json_key(&w, "relative"), sup_json_bool(&w, o->bound.relative);
        sup_json_key(&w, "limit"), sup_json_double(&w, r->limit);
        sup_json_end(&w);
        sup_json_key(&w, "objective"), sup_json_str(&w, o->objective == LPN_TUNE_LEX ? "lex" : "sum");
        sup_json_key(&w, "method"), sup_json_str(&w, r->method ? r->method : "");
        if (r->has_ref)
            sup_json_key(&w, "reference"), point_json(&w, r, &r->ref);
        sup_json_key(&w, "evaluated"), sup_json_uint(&w, r->npts);
        sup_json_key(&w, "points"), sup_json_arr(&w);
        for (size_t k = 0; k < r->npts; k++)
            point_json(&w, r, &r->pts[k]);
        sup_json_end(&w);
        sup_json_key(&w, "monotonicity_violations"), sup_json_uint(&w, r->violations);
        sup_json_key(&w, "proved_minimal"), sup_json_bool(&w, r->proved);
        sup_json_key(&w, "best");
        if (r->best >= 0)
            point_json(&w, r, &r->pts[r->best]);
        else
            sup_json_null(&w);
        if (r->note)
            sup_json_key(&w, "note"), sup_json_str(&w, r->note);
        sup_json_end(&w);
        fputc('\n', out);
        return;
    }
    if (format == 2) {
        fprintf(out, "model: \"%s\"\nbound: {metric: %s, op: \"%s\", value: %.9g, relative: %s, limit: %.9g}\nobjective: %s\nmethod: %s\n",
                o->model, metric, op, o->bound.value, o->bound.relative ? "true" : "false", r->limit,
                o->objective == LPN_TUNE_LEX ? "lex" : "sum", r->method ? r->method : "");
        if (r->has_ref) {
            fprintf(out, "reference: ");
            point_yaml(out, r, &r->ref);
            fputc('\n', out);
        }
        fprintf(out, "evaluated: %zu\npoints:\n", r->npts);
        for (size_t k = 0; k < r->npts; k++) {
            fprintf(out, "  - ");
            point_yaml(out, r, &r->pts[k]);
            fputc('\n', out);
        }
        fprintf(out, "monotonicity_violations: %zu\nproved_minimal: %s\nbest: ", r->violations, r->proved ? "true" : "false");
        if (r->best >= 0)
            point_yaml(out, r, &r->pts[r->best]);
        else
            fputs("null", out);
        fputc('\n', out);
        if (r->note)
            fprintf(out, "note: \"%s\"\n", r->note);
        return;
    }
    fprintf(out, "lpn tune: %s: %s %s %.9g%s", o->model, metric, op, o->bound.value, o->bound.relative ? "% of the reference" : "");
    if (o->bound.relative && isfinite(r->limit))
        fprintf(out, " (%.9g)", r->limit);
    fprintf(out, ", smallest by %s, %s search\n", obj, r->method ? r->method : "");
    if (r->has_ref) {
        fprintf(out, "reference (every parameter at its upper bound): ");
        point_text(r, &r->ref, out);
        if (r->ref.ok && r->method && strstr(r->method, "z3"))
            fprintf(out, ": %s\n", r->pts[0].why ? r->pts[0].why : "");
        else if (r->ref.ok)
            fprintf(out, ": latency %lld cycles, throughput %.6g tokens/cycle\n", (long long)r->ref.latency, r->ref.throughput);
        else
            fprintf(out, ": %s\n", r->pts[0].why ? r->pts[0].why : "failed");
    }
    fprintf(out, "evaluated %zu configuration%s:\n", r->npts, r->npts == 1 ? "" : "s");
    for (size_t k = 0; k < r->npts; k++) {
        const struct lpn_tune_point *p = &r->pts[k];
        fprintf(out, "  ");
        point_text(r, p, out);
        if (p->ok && r->method && strstr(r->method, "z3"))
            fprintf(out, "  %s  %s\n", p->why ? p->why : "", p->feasible ? "meets" : "misses");
        else if (p->ok)
            fprintf(out, "  latency %lld, throughput %.6g  %s\n", (long long)p->latency, p->throughput, p->feasible ? "meets" : "misses");
        else
            fprintf(out, "  %s\n", p->why ? p->why : "failed");
    }
    if (r->violations)
        fprintf(out, "warning: %zu evaluated pairs contradict monotonicity (a larger configuration misses the bound that a smaller one meets): the monotone search may have missed the smallest; try --search=exhaustive\n",
                r->violations);
    if (r->note)
        fprintf(out, "note: %s\n", r->note);
    if (r->best >= 0) {
        const struct lpn_tune_point *b = &r->pts[r->best];
        fprintf(out, "smallest configuration meeting the bound%s: ",
                r->proved ? (strncmp(r->method, "exhaustive", 10) ? " (every verdict proved by Z3 over the space; minimal if the latency is monotone)"
                                                                   : " (every verdict proved by Z3 over the space: minimal)")
                          : "");
        point_text(r, b, out);
        if (r->method && strstr(r->method, "z3"))
            fprintf(out, " (latency <= %.9g for every input of the space, cost %.6g)\n", o->bound.value, b->cost);
        else
            fprintf(out, " (latency %lld cycles, throughput %.6g tokens/cycle, cost %.6g)\n", (long long)b->latency, b->throughput, b->cost);
    } else
        fprintf(out, "no configuration in the box meets the bound\n");
}
