/* diff.c — compares two reports for reviewing a change (`lpnest diff`): the
 * total, every function (self cycles, which add up to the total, and
 * inclusive cycles for reference) sorted by the size of its change, and the
 * accelerators (host waits, mean latency). An item regresses when it grows
 * by more than the threshold (a percentage of its old value) and by more
 * than the minimum number of cycles. Text or JSON ("lpnest_diff": 1). */
#include "report.h"
#include "json.h"
#include "support.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum status { ST_SAME, ST_CHANGED, ST_ADDED, ST_REMOVED };
static const char *const status_name[] = {"same", "changed", "added", "removed"};

struct frow {
    const char *name;
    enum status st;
    double old_self, new_self, old_incl, new_incl;
    double old_calls, new_calls;
    bool regressed;
};

struct arow {
    const char *name;
    const char *metric;       /* "wait" or "mean_latency" */
    bool in_old, in_new;
    double old_v, new_v;
    bool regressed;
};

static double growth_pct(double o, double n)
{
    if (o > 0)
        return 100 * (n - o) / o;
    return n > o ? INFINITY : 0;
}

static bool regresses(double o, double n, const struct report_diff_options *opt)
{
    return n - o > opt->min_cycles && growth_pct(o, n) > opt->threshold_pct;
}

static int by_impact(const void *a, const void *b)
{
    const struct frow *x = a, *y = b;
    double dx = fabs(x->new_self - x->old_self), dy = fabs(y->new_self - y->old_self);
    if (dx != dy)
        return dx < dy ? 1 : -1;
    return strcmp(x->name, y->name);
}

static char *fmt(const char *f, ...) SUP_PRINTF(1, 2);
static char *fmt(const char *f, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return sup_strdup(buf);
}

static const char *signed_grouped(double v, char *buf, size_t n)
{
    char a[38];    /* a sign and a NUL still fit the callers' 40 bytes */
    report_grouped(fabs(v), a, sizeof a);
    snprintf(buf, n, "%s%s", v < 0 ? "-" : v > 0 ? "+" : "", a);
    return buf;
}

static const char *signed_pct(double o, double n, char *buf, size_t len)
{
    double p = growth_pct(o, n);
    if (isinf(p))
        snprintf(buf, len, "new");
    else
        snprintf(buf, len, "%+.2f%%", p);
    return buf;
}

static const struct cost_accel_cost *find_accel(const struct cost_estimate *e, const char *name)
{
    for (size_t i = 0; i < e->naccels; i++)
        if (e->accels[i].name && !strcmp(e->accels[i].name, name))
            return &e->accels[i];
    return NULL;
}

static double accel_metric(const struct cost_accel_cost *a, const char *metric)
{
    if (!a)
        return 0;
    if (!strcmp(metric, "wait"))
        return a->wait;
    struct report_stats st;
    report_stats_of(a->latencies, a->nlatencies, &st);
    return st.mean;
}

static void json_out(FILE *f, const struct report_data *o, const struct report_data *n, const struct report_diff_options *opt,
                     bool total_reg, const struct frow *fr, size_t nf, const struct arow *ar, size_t na, int regs)
{
    struct sup_json w;
    sup_json_init(&w, f, true);
    sup_json_obj(&w);
    sup_json_key(&w, "lpnest_diff");
    sup_json_int(&w, 1);
    sup_json_key(&w, "old");
    sup_json_str(&w, opt->old_name ? opt->old_name : o->e->module);
    sup_json_key(&w, "new");
    sup_json_str(&w, opt->new_name ? opt->new_name : n->e->module);
    sup_json_key(&w, "threshold_pct");
    sup_json_double(&w, opt->threshold_pct);
    sup_json_key(&w, "min_cycles");
    sup_json_double(&w, opt->min_cycles);
    sup_json_key(&w, "regressions");
    sup_json_int(&w, regs);
    sup_json_key(&w, "total");
    sup_json_obj(&w);
    sup_json_key(&w, "old_cycles");
    sup_json_double(&w, o->e->cycles);
    sup_json_key(&w, "new_cycles");
    sup_json_double(&w, n->e->cycles);
    sup_json_key(&w, "delta_cycles");
    sup_json_double(&w, n->e->cycles - o->e->cycles);
    sup_json_key(&w, "delta_pct");
    sup_json_double(&w, growth_pct(o->e->cycles, n->e->cycles));
    sup_json_key(&w, "regressed");
    sup_json_bool(&w, total_reg);
    sup_json_end(&w);
    sup_json_key(&w, "functions");
    sup_json_arr(&w);
    for (size_t i = 0; i < nf; i++) {
        sup_json_obj(&w);
        w.pretty = false;
        sup_json_key(&w, "name");
        sup_json_str(&w, fr[i].name);
        sup_json_key(&w, "status");
        sup_json_str(&w, status_name[fr[i].st]);
        sup_json_key(&w, "old_self_cycles");
        sup_json_double(&w, fr[i].old_self);
        sup_json_key(&w, "new_self_cycles");
        sup_json_double(&w, fr[i].new_self);
        sup_json_key(&w, "delta_self_cycles");
        sup_json_double(&w, fr[i].new_self - fr[i].old_self);
        sup_json_key(&w, "old_inclusive_cycles");
        sup_json_double(&w, fr[i].old_incl);
        sup_json_key(&w, "new_inclusive_cycles");
        sup_json_double(&w, fr[i].new_incl);
        sup_json_key(&w, "old_calls");
        sup_json_double(&w, fr[i].old_calls);
        sup_json_key(&w, "new_calls");
        sup_json_double(&w, fr[i].new_calls);
        sup_json_key(&w, "regressed");
        sup_json_bool(&w, fr[i].regressed);
        sup_json_end(&w);
        w.pretty = true;
    }
    sup_json_end(&w);
    sup_json_key(&w, "accelerators");
    sup_json_arr(&w);
    for (size_t i = 0; i < na; i++) {
        sup_json_obj(&w);
        w.pretty = false;
        sup_json_key(&w, "name");
        sup_json_str(&w, ar[i].name);
        sup_json_key(&w, "metric");
        sup_json_str(&w, ar[i].metric);
        sup_json_key(&w, "status");
        sup_json_str(&w, status_name[!ar[i].in_old ? ST_ADDED : !ar[i].in_new ? ST_REMOVED
                                     : ar[i].old_v == ar[i].new_v ? ST_SAME : ST_CHANGED]);
        sup_json_key(&w, "old");
        sup_json_double(&w, ar[i].old_v);
        sup_json_key(&w, "new");
        sup_json_double(&w, ar[i].new_v);
        sup_json_key(&w, "regressed");
        sup_json_bool(&w, ar[i].regressed);
        sup_json_end(&w);
        w.pretty = true;
    }
    sup_json_end(&w);
    sup_json_end(&w);
}

static void text_out(FILE *f, const struct report_data *o, const struct report_data *n, const struct report_diff_options *opt,
                     bool total_reg, const struct frow *fr, size_t nf, const struct arow *ar, size_t na, int regs)
{
    char a[40], b[40], c[40], d[40], g[40], h[40], k[40];
    const struct cost_estimate *oe = o->e, *ne = n->e;
    fprintf(f, "lpnest diff: %s (%s) -> %s (%s)\n", opt->old_name ? opt->old_name : oe->module, oe->core,
            opt->new_name ? opt->new_name : ne->module, ne->core);
    if (strcmp(oe->core, ne->core))
        fprintf(f, "note: the reports are for different cores\n");
    fprintf(f, "total: %s -> %s cycles: %s (%s)%s\n", report_grouped(oe->cycles, a, sizeof a),
            report_grouped(ne->cycles, b, sizeof b), signed_grouped(ne->cycles - oe->cycles, c, sizeof c),
            signed_pct(oe->cycles, ne->cycles, d, sizeof d), total_reg ? "  REGRESSED" : "");
    size_t changed = 0;
    for (size_t i = 0; i < nf; i++)
        changed += fr[i].st != ST_SAME;
    if (changed) {
        fprintf(f, "\nfunctions by impact (self cycles add up to the total):\n");
        fprintf(f, "%-28s %14s %14s %14s %9s %14s %14s %9s\n", "function", "old self", "new self", "delta", "change",
                "old inclusive", "new inclusive", "change");
        size_t shown = 0;
        for (size_t i = 0; i < nf; i++) {
            if (fr[i].st == ST_SAME)
                continue;
            if (opt->top && shown >= opt->top && !fr[i].regressed)
                continue;
            shown++;
            fprintf(f, "%-28s %14s %14s %14s %9s %14s %14s %9s%s%s\n", fr[i].name,
                    fr[i].st == ST_ADDED ? "-" : report_grouped(fr[i].old_self, a, sizeof a),
                    fr[i].st == ST_REMOVED ? "-" : report_grouped(fr[i].new_self, b, sizeof b),
                    signed_grouped(fr[i].new_self - fr[i].old_self, c, sizeof c),
                    fr[i].st == ST_ADDED     ? "added"
                    : fr[i].st == ST_REMOVED ? "removed"
                                             : signed_pct(fr[i].old_self, fr[i].new_self, d, sizeof d),
                    fr[i].st == ST_ADDED ? "-" : report_grouped(fr[i].old_incl, g, sizeof g),
                    fr[i].st == ST_REMOVED ? "-" : report_grouped(fr[i].new_incl, h, sizeof h),
                    fr[i].st == ST_CHANGED ? signed_pct(fr[i].old_incl, fr[i].new_incl, k, sizeof k) : "",
                    fr[i].regressed ? "  REGRESSED" : "", "");
        }
        if (shown < changed)
            fprintf(f, "(%zu more changed functions below the top %zu)\n", changed - shown, opt->top);
    }
    if (nf - changed)
        fprintf(f, "%zu functions unchanged\n", nf - changed);
    if (na) {
        fprintf(f, "\naccelerators:\n%-20s %-14s %14s %14s %14s %9s\n", "accelerator", "metric", "old", "new", "delta",
                "change");
        for (size_t i = 0; i < na; i++)
            fprintf(f, "%-20s %-14s %14s %14s %14s %9s%s\n", ar[i].name, ar[i].metric,
                    ar[i].in_old ? report_grouped(ar[i].old_v, a, sizeof a) : "-",
                    ar[i].in_new ? report_grouped(ar[i].new_v, b, sizeof b) : "-",
                    signed_grouped(ar[i].new_v - ar[i].old_v, c, sizeof c),
                    !ar[i].in_old ? "added" : !ar[i].in_new ? "removed" : signed_pct(ar[i].old_v, ar[i].new_v, d, sizeof d),
                    ar[i].regressed ? "  REGRESSED" : "");
    }
    char thr[64];
    snprintf(thr, sizeof thr, "+%g%%", opt->threshold_pct);
    if (opt->min_cycles > 0)
        snprintf(thr + strlen(thr), sizeof thr - strlen(thr), " and %s cycles", report_grouped(opt->min_cycles, a, sizeof a));
    if (regs)
        fprintf(f, "\nresult: %d regression%s beyond %s\n", regs, regs == 1 ? "" : "s", thr);
    else
        fprintf(f, "\nresult: no regression beyond %s\n", thr);
}

int report_diff(const struct report_data *o, const struct report_data *n, const struct report_diff_options *opt,
                    FILE *f, struct report_check **checks, size_t *nchecks)
{
    const struct cost_estimate *oe = o->e, *ne = n->e;
    struct frow *fr = sup_xcalloc(oe->nfuncs + ne->nfuncs + 1, sizeof *fr);
    size_t nf = 0;
    for (size_t i = 0; i < oe->nfuncs; i++) {
        const struct cost_func_cost *a = &oe->funcs[i];
        size_t j = report_func_index(n, a->name);
        const struct cost_func_cost *b = j == (size_t)-1 ? NULL : &ne->funcs[j];
        struct frow *r = &fr[nf++];
        r->name = a->name;
        r->old_self = a->self;
        r->old_incl = a->inclusive;
        r->old_calls = (double)a->calls;
        if (b) {
            r->new_self = b->self;
            r->new_incl = b->inclusive;
            r->new_calls = (double)b->calls;
            r->st = a->self == b->self && a->inclusive == b->inclusive && a->calls == b->calls ? ST_SAME : ST_CHANGED;
            r->regressed = regresses(a->self, b->self, opt);
        } else
            r->st = ST_REMOVED;
    }
    for (size_t j = 0; j < ne->nfuncs; j++) {
        const struct cost_func_cost *b = &ne->funcs[j];
        if (report_func_index(o, b->name) != (size_t)-1)
            continue;
        struct frow *r = &fr[nf++];
        r->name = b->name;
        r->st = ST_ADDED;
        r->new_self = b->self;
        r->new_incl = b->inclusive;
        r->new_calls = (double)b->calls;
    }
    qsort(fr, nf, sizeof *fr, by_impact);

    static const char *const metrics[] = {"wait", "mean_latency"};
    struct arow *ar = sup_xcalloc(2 * (oe->naccels + ne->naccels) + 1, sizeof *ar);
    size_t na = 0;
    for (int pass = 0; pass < 2; pass++) {
        const struct cost_estimate *src = pass ? ne : oe, *other = pass ? oe : ne;
        for (size_t i = 0; i < src->naccels; i++) {
            const char *name = src->accels[i].name;
            if (pass && find_accel(other, name))
                continue;
            for (int m = 0; m < 2; m++) {
                struct arow *r = &ar[na++];
                r->name = name;
                r->metric = metrics[m];
                const struct cost_accel_cost *a = find_accel(oe, name), *b = find_accel(ne, name);
                r->in_old = a != NULL;
                r->in_new = b != NULL;
                r->old_v = accel_metric(a, metrics[m]);
                r->new_v = accel_metric(b, metrics[m]);
                r->regressed = a && b && regresses(r->old_v, r->new_v, opt);
            }
        }
    }

    bool total_reg = regresses(oe->cycles, ne->cycles, opt);
    int regs = total_reg;
    for (size_t i = 0; i < nf; i++)
        regs += fr[i].regressed;
    for (size_t i = 0; i < na; i++)
        regs += ar[i].regressed;

    if (opt->json)
        json_out(f, o, n, opt, total_reg, fr, nf, ar, na, regs);
    else
        text_out(f, o, n, opt, total_reg, fr, nf, ar, na, regs);

    /* one check per compared item, for JUnit */
    struct report_check *c = sup_xcalloc(1 + nf + na + 1, sizeof *c);
    size_t nc = 0;
    char a[40], b[40], d[40];
    c[nc].name = sup_strdup("total");
    c[nc].classname = sup_strdup("lpnest.diff");
    if (total_reg) {
        c[nc].failed = true;
        c[nc].message = fmt("total cycles %s -> %s (%s), beyond the threshold of +%g%%", report_grouped(oe->cycles, a, sizeof a),
                            report_grouped(ne->cycles, b, sizeof b), signed_pct(oe->cycles, ne->cycles, d, sizeof d),
                            opt->threshold_pct);
    }
    nc++;
    for (size_t i = 0; i < nf; i++) {
        if (fr[i].st == ST_ADDED || fr[i].st == ST_REMOVED)
            continue;
        c[nc].name = sup_strdup(fr[i].name);
        c[nc].classname = sup_strdup("lpnest.diff.functions");
        size_t fi = report_func_index(n, fr[i].name);
        const char *loc = fi != (size_t)-1 ? ne->funcs[fi].loc : NULL;
        const char *colon = loc ? strrchr(loc, ':') : NULL;
        if (colon && colon > loc) {
            c[nc].file = sup_strdup(loc);
            c[nc].file[colon - loc] = '\0';
            c[nc].line = (unsigned)strtoul(colon + 1, NULL, 10);
        }
        if (fr[i].regressed) {
            c[nc].failed = true;
            c[nc].message = fmt("function '%s': self cycles %s -> %s (%s), beyond the threshold of +%g%%", fr[i].name,
                                report_grouped(fr[i].old_self, a, sizeof a), report_grouped(fr[i].new_self, b, sizeof b),
                                signed_pct(fr[i].old_self, fr[i].new_self, d, sizeof d), opt->threshold_pct);
        }
        nc++;
    }
    for (size_t i = 0; i < na; i++) {
        if (!ar[i].in_old || !ar[i].in_new)
            continue;
        char nm[600];
        snprintf(nm, sizeof nm, "%s.%s", ar[i].name, ar[i].metric);
        c[nc].name = sup_strdup(nm);
        c[nc].classname = sup_strdup("lpnest.diff.accelerators");
        if (ar[i].regressed) {
            c[nc].failed = true;
            c[nc].message = fmt("accelerator '%s': %s %s -> %s (%s), beyond the threshold of +%g%%", ar[i].name,
                                ar[i].metric, report_grouped(ar[i].old_v, a, sizeof a), report_grouped(ar[i].new_v, b, sizeof b),
                                signed_pct(ar[i].old_v, ar[i].new_v, d, sizeof d), opt->threshold_pct);
        }
        nc++;
    }
    *checks = c;
    *nchecks = nc;
    free(fr);
    free(ar);
    return ferror(f) ? -1 : regs;
}
