/* budget.c — cycle budgets for CI (REPORT.md "Budgets"): a YAML file of
 * limits on the total, per function (inclusive, self, per call) and per
 * accelerator (slowest call, mean call, host waits), validated with
 * file:line:col errors, and checked against a report: each exceeded limit is
 * an error at the limit's line, and every limit becomes a JUnit test case. */
#include "report.h"
#include "support.h"
#include "yamltree.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum limit_kind { L_TOTAL, L_INCLUSIVE, L_SELF, L_PER_CALL, L_LATENCY, L_MEAN_LATENCY, L_WAIT };

static const char *const kind_key[] = {"total", "inclusive", "self", "per_call", "latency", "mean_latency", "wait"};

struct limit {
    enum limit_kind kind;
    char *name;               /* function or accelerator; NULL for the total */
    double value;
    unsigned line, col;       /* of the value */
    bool warning;             /* severity warning: reported, not failed */
};

struct report_budget {
    char *path;
    bool warning;             /* the file's default severity */
    bool allow_incomplete;    /* a budget that cannot be checked is a warning, not an error */
    struct limit *l;
    size_t n;
};

/* Cycles: digits with optional '_' or ',' separators, a fraction, and a
 * k/M/G suffix (powers of 1024, as on the command line). */
static bool cycles_of(struct sup_ydoc *doc, const struct sup_ynode *node, double *out)
{
    if (!sup_yexpect(doc, node, SUP_Y_SCALAR, "a budget"))
        return false;
    const char *s = node->str;
    char digits[64];
    size_t n = 0;
    bool dot = false, any = false;
    const char *p = s;
    for (; *p; p++) {
        if (*p >= '0' && *p <= '9') {
            any = true;
            if (n + 1 < sizeof digits)
                digits[n++] = *p;
        } else if ((*p == '_' || *p == ',') && any && !dot)
            continue;
        else if (*p == '.' && !dot) {
            dot = true;
            if (n + 1 < sizeof digits)
                digits[n++] = '.';
        } else
            break;
    }
    digits[n] = '\0';
    double mul = 1;
    if (*p == 'k' || *p == 'K')
        mul = 1024.0, p++;
    else if (*p == 'M')
        mul = 1048576.0, p++;
    else if (*p == 'G')
        mul = 1073741824.0, p++;
    if (!any || *p || n + 1 >= sizeof digits)
        return sup_yerror(doc, node, "expected a number of cycles (like 1200, 1_200_000 or 1.2M), not '%s'", s);
    *out = strtod(digits, NULL) * mul;
    return true;
}

static void add(struct report_budget *b, enum limit_kind k, const char *name, double v, const struct sup_ynode *at)
{
    b->l = sup_xrealloc(b->l, (b->n + 1) * sizeof *b->l);
    b->l[b->n++] = (struct limit){k, name ? sup_strdup(name) : NULL, v, at->line, at->col, b->warning};
}

/* "severity: error | warning" (default error): whether an exceeded limit
 * fails the check or is only reported. */
static bool severity_of(struct sup_ydoc *doc, const struct sup_ynode *node, bool *warning)
{
    const char *v = sup_ystr(doc, node);
    if (v && (!strcmp(v, "error") || !strcmp(v, "warning"))) {
        *warning = !strcmp(v, "warning");
        return true;
    }
    if (v)
        sup_yerror(doc, node, "severity must be 'error' or 'warning', not '%s'", v);
    return false;
}

static bool section(struct sup_ydoc *doc, struct report_budget *b, const struct sup_ynode *map, bool functions)
{
    const char *what = functions ? "functions" : "accelerators";
    if (!sup_yexpect(doc, map, SUP_Y_MAP, what))
        return false;
    bool ok = true;
    for (size_t i = 0; i < map->n; i++) {
        const char *name = map->keys[i]->str;
        const struct sup_ynode *v = map->items[i];
        double c;
        if (v->kind == SUP_Y_SCALAR) {
            /* "name: 5M" is the inclusive (function) or slowest-call (accelerator) limit */
            if (cycles_of(doc, v, &c))
                add(b, functions ? L_INCLUSIVE : L_LATENCY, name, c, v);
            else
                ok = false;
            continue;
        }
        char ctx[300];
        snprintf(ctx, sizeof ctx, "the budget of %s '%s'", functions ? "function" : "accelerator", name);
        if (!sup_yexpect(doc, v, SUP_Y_MAP, ctx)) {
            ok = false;
            continue;
        }
        static const char *const fkeys[] = {"inclusive", "self", "per_call", "severity", NULL};
        static const char *const akeys[] = {"latency", "mean_latency", "wait", NULL};
        if (!sup_ycheck_keys(doc, v, functions ? fkeys : akeys, ctx)) {
            ok = false;
            continue;
        }
        bool warning = b->warning;
        const struct sup_ynode *sev = functions ? sup_yget(v, "severity") : NULL;
        if (sev && !severity_of(doc, sev, &warning))
            ok = false;
        if (v->n == (sev ? 1u : 0u)) {
            sup_yerror(doc, v, "%s has no limits", ctx);
            ok = false;
        }
        for (size_t k = 0; k < v->n; k++) {
            if (v->items[k] == sev)
                continue;
            enum limit_kind kind = L_TOTAL;
            for (int q = L_INCLUSIVE; q <= L_WAIT; q++)
                if (!strcmp(v->keys[k]->str, kind_key[q]))
                    kind = (enum limit_kind)q;
            if (cycles_of(doc, v->items[k], &c)) {
                add(b, kind, name, c, v->items[k]);
                b->l[b->n - 1].warning = warning;
            } else
                ok = false;
        }
    }
    return ok;
}

struct report_budget *report_budget_load(const char *path, FILE *diag)
{
    struct sup_ydoc *doc = sup_yaml_load_file(path, diag);
    if (!doc)
        return NULL;
    struct report_budget *b = sup_xcalloc(1, sizeof *b);
    b->path = sup_strdup(path);
    bool ok = true;
    const struct sup_ynode *root = doc->root;
    if (!root) {
        sup_yerror(doc, NULL, "the budgets file is empty (expected 'lpnest_budget: 1' and limits)");
        ok = false;
    } else if (!sup_yexpect(doc, root, SUP_Y_MAP, "the budgets file"))
        ok = false;
    else {
        static const char *const keys[] = {"lpnest_budget", "severity", "total", "functions", "accelerators", NULL};
        ok = sup_ycheck_keys(doc, root, keys, "the budgets file");
        const struct sup_ynode *sev = sup_yget(root, "severity");
        if (sev && !severity_of(doc, sev, &b->warning))
            ok = false;
        const struct sup_ynode *ver = sup_yneed(doc, root, "lpnest_budget", "the budgets file");
        int64_t v;
        if (!ver)
            ok = false;
        else if (sup_yint(doc, ver, 1, 1000, &v) && v != 1) {
            sup_yerror(doc, ver, "unsupported budgets version %lld (this lpnest reads 'lpnest_budget: 1')",
                       (long long)v);
            ok = false;
        } else if (doc->errors)
            ok = false;
        const struct sup_ynode *t = sup_yget(root, "total");
        double c;
        if (t) {
            if (cycles_of(doc, t, &c))
                add(b, L_TOTAL, NULL, c, t);
            else
                ok = false;
        }
        const struct sup_ynode *fs = sup_yget(root, "functions");
        if (fs && !section(doc, b, fs, true))
            ok = false;
        const struct sup_ynode *as = sup_yget(root, "accelerators");
        if (as && !section(doc, b, as, false))
            ok = false;
        if (ok && b->n == 0) {
            sup_yerror(doc, root, "the budgets file sets no limits (give total, functions or accelerators)");
            ok = false;
        }
    }
    sup_yaml_free(doc);
    if (!ok) {
        report_budget_free(b);
        return NULL;
    }
    return b;
}

void report_budget_free(struct report_budget *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++)
        free(b->l[i].name);
    free(b->l);
    free(b->path);
    free(b);
}

void report_budget_allow_incomplete(struct report_budget *b, bool allow) { b->allow_incomplete = allow; }

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

/* A function as a budget sees it: by source function when the report has
 * that view (its own code and the copies inlined into other functions),
 * else as compiled. */
struct fview {
    double calls, self, inclusive;
    unsigned incomplete;      /* what its inclusive cycles leave out */
    unsigned own;             /* what its self cycles leave out (its own calls) */
    const char *no_estimate;  /* why it has no estimate, or NULL */
    char callees[200];        /* calls its own code leaves out, or "" */
    const char *loc;          /* its definition */
    size_t copies;
    char how[400];            /* " (by source function: ...)" when that differs from as compiled */
};

/* What a function's own code leaves out: calls to other units and unpriced routines. */
static unsigned own_bits(const struct cost_func_cost *fc)
{
    return (fc->excl.other_units > 0 ? COST_EXCL_UNITS : 0) | (fc->excl.unpriced > 0 ? COST_EXCL_UNPRICED : 0);
}

static bool function_view(const struct report_data *r, const char *name, struct fview *v)
{
    const struct cost_estimate *e = r->e;
    memset(v, 0, sizeof *v);
    size_t n;
    const struct cost_source_func *sf = report_source_func(r, name, &n);
    size_t fi = report_func_index(r, name);
    if (sf) {
        /* a name several source functions have (static functions of several
         * files, in a project's report): all of them */
        for (size_t i = 0; i < e->nsources; i++) {
            const struct cost_source_func *s = &e->sources[i];
            if (strcmp(s->name, name))
                continue;
            v->calls += s->calls;
            v->self += s->self;
            v->inclusive += s->inclusive;
            v->incomplete |= s->incomplete;
            v->copies += s->copies;
            if (s->func < e->nfuncs)
                v->own |= own_bits(&e->funcs[s->func]);
            else
                v->own |= s->incomplete & ~(unsigned)COST_EXCL_INDIRECT;
            if (s->func < e->nfuncs) {
                if (e->funcs[s->func].no_estimate)
                    v->no_estimate = e->funcs[s->func].no_estimate;
                if (!v->callees[0])
                    cost_excluded_names(&e->funcs[s->func].excl, v->callees, sizeof v->callees);
            }
        }
        v->loc = sf->loc;
        if (sf->copies == 1 && n == 1)
            snprintf(v->how, sizeof v->how, " (by source function: its copy inlined into %s%s)",
                     sf->into ? sf->into : "?", sf->func != COST_NO_PARENT ? ", and its own compiled code" : "");
        else if (sf->copies && n == 1)
            snprintf(v->how, sizeof v->how, " (by source function: its %zu copies inlined into %s%s)", sf->copies,
                     sf->into ? sf->into : "?", sf->func != COST_NO_PARENT ? ", and its own compiled code" : "");
        else if (n > 1)
            snprintf(v->how, sizeof v->how, " (by source function: the %zu functions of that name)", n);
        return true;
    }
    if (fi == (size_t)-1)
        return false;
    const struct cost_func_cost *fc = &e->funcs[fi];
    v->calls = (double)fc->calls;
    v->self = fc->self;
    v->inclusive = fc->inclusive;
    v->incomplete = fc->incomplete;
    v->own = own_bits(fc);
    v->no_estimate = fc->no_estimate;
    cost_excluded_names(&fc->excl, v->callees, sizeof v->callees);
    v->loc = fc->loc;
    return true;
}

/* Why function limit L cannot be checked on R, as the whole message (to
 * free; WHAT, ACTUAL and LIMIT as for an exceeded limit), or NULL: no
 * estimate, never ran, or cycles that leave out calls. */
static char *unchecked_reason(const struct report_data *r, const struct limit *l, const struct fview *v,
                              enum limit_kind kind, const char *what, double actual)
{
    char va[40], vb[40];
    if (v->no_estimate)
        return fmt("function '%s': its budget cannot be checked: it has no estimate (%s)", l->name, v->no_estimate);
    if (!(v->calls > 0) && (!r->e->per_call || (!v->copies && !(v->inclusive > 0))))
        return fmt("function '%s': its budget checks nothing: it never ran (0 calls%s)%s", l->name,
                   v->copies ? "" : ", and no copy of it inlined into another function ran",
                   v->loc ? "" : "; its module has no debug information (-g), so copies of it that clang inlined cannot be seen");
    unsigned bits = kind == L_SELF ? v->own : v->incomplete;
    if (!bits)
        return NULL;
    char why[120];
    report_incomplete_text(bits, why, sizeof why);
    return fmt("%s %s is within the budget of %s, but it leaves out %s%s%s%s (counted as 0 cycles): the budget "
               "cannot be checked",
               what, report_grouped(actual, va, sizeof va), report_grouped(l->value, vb, sizeof vb), why,
               v->callees[0] ? " (" : "", v->callees, v->callees[0] ? ")" : "");
}

size_t report_budget_check(const struct report_budget *b, const struct report_data *r, FILE *diag, struct report_check **checks,
                        size_t *nchecks)
{
    const struct cost_estimate *e = r->e;
    struct report_check *c = sup_xcalloc(b->n + 1, sizeof *c);
    size_t failed = 0;
    for (size_t i = 0; i < b->n; i++) {
        const struct limit *l = &b->l[i];
        struct report_check *k = &c[i];
        char name[600], what[700], va[40], vb[40], vc[40];
        if (l->name)
            snprintf(name, sizeof name, "%s.%s", l->name, kind_key[l->kind]);
        else
            snprintf(name, sizeof name, "total");
        k->name = sup_strdup(name);
        k->classname = sup_strdup(l->kind == L_TOTAL ? "lpnest.budget"
                                  : l->kind <= L_PER_CALL ? "lpnest.budget.functions"
                                                          : "lpnest.budget.accelerators");
        k->file = sup_strdup(b->path);
        k->line = l->line;
        k->col = l->col;
        double actual = 0;
        bool present = true;
        char *unchecked = NULL; /* why a function's budget cannot be checked */
        switch (l->kind) {
        case L_TOTAL:
            actual = e->cycles;
            snprintf(what, sizeof what, "total cycles");
            break;
        case L_INCLUSIVE:
        case L_SELF:
        case L_PER_CALL: {
            struct fview v;
            if (!function_view(r, l->name, &v)) {
                present = false;
                break;
            }
            /* a report priced per call (the plugin's) has per-call figures only */
            enum limit_kind kind = e->per_call && l->kind == L_INCLUSIVE ? L_PER_CALL : l->kind;
            actual = kind == L_INCLUSIVE ? v.inclusive : kind == L_SELF ? v.self : v.calls > 0 ? v.inclusive / v.calls : 0;
            snprintf(what, sizeof what, "function '%s'%s: %s", l->name, v.how,
                     kind == L_INCLUSIVE ? "inclusive cycles"
                     : kind == L_SELF    ? "self cycles"
                                         : "inclusive cycles per call");
            k->related = v.loc ? sup_strdup(v.loc) : NULL;
            unchecked = unchecked_reason(r, l, &v, kind, what, actual);
            break;
        }
        default: {
            const struct cost_accel_cost *a = NULL;
            for (size_t q = 0; q < e->naccels; q++)
                if (e->accels[q].name && !strcmp(e->accels[q].name, l->name))
                    a = &e->accels[q];
            if (!a) {
                present = false;
                break;
            }
            struct report_stats st;
            report_stats_of(a->latencies, a->nlatencies, &st);
            actual = l->kind == L_LATENCY ? st.max : l->kind == L_MEAN_LATENCY ? st.mean : a->wait;
            snprintf(what, sizeof what, "accelerator '%s': %s", l->name,
                     l->kind == L_LATENCY        ? "the slowest call's latency"
                     : l->kind == L_MEAN_LATENCY ? "the mean call latency"
                                                 : "host cycles waiting");
        }
        }
        k->actual = actual;
        k->limit = l->value;
        bool soft = false; /* a budget that cannot be checked: --budget-allow-incomplete makes it a warning */
        if (!present) {
            k->failed = true;
            k->message = fmt("%s '%s' is not in the report of %s", l->kind <= L_PER_CALL ? "function" : "accelerator",
                             l->name, e->module);
        } else if (actual > l->value) {
            k->failed = true;
            k->message = fmt("%s %s exceeds the budget of %s by %s (%+.1f%%)%s", what,
                             report_grouped(actual, va, sizeof va), report_grouped(l->value, vb, sizeof vb),
                             report_grouped(actual - l->value, vc, sizeof vc),
                             l->value > 0 ? 100 * (actual - l->value) / l->value : INFINITY,
                             unchecked ? " (and that is a lower bound: it leaves out calls)" : "");
        } else if (unchecked) {
            k->failed = true;
            soft = true;
            k->message = unchecked;
            unchecked = NULL;
        }
        free(unchecked);
        if (k->failed && (l->warning || (soft && b->allow_incomplete))) {
            k->failed = false;
            k->warning = true;
            sup_diag(diag, b->path, l->line, l->col, "warning", "%s", k->message);
        } else if (k->failed) {
            failed++;
            sup_diag(diag, b->path, l->line, l->col, "error", "%s", k->message);
        }
    }
    *checks = c;
    *nchecks = b->n;
    return failed;
}
