/* calibrate_runs.c — the runs file of `lpn calibrate` (CALIBRATE.md): runs
 * (token input, measured end cycle, own overrides, events read from CSV
 * with lpn fit's reader) and the fitted parameters' bounds, every mistake
 * reported at its file:line:col. */
#include "calibrate.h"
#include "fit.h"
#include "support.h"
#include "yamltree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A copy of S that lives as long as R. */
static char *keep(struct lpn_cal_runs *r, const char *s)
{
    r->strings = sup_xrealloc(r->strings, (r->nstrings + 1) * sizeof *r->strings);
    return r->strings[r->nstrings++] = sup_strdup(s);
}

static char *resolve(struct lpn_cal_runs *r, const char *base, const char *p)
{
    const char *slash = strrchr(base, '/');
    if (p[0] == '/' || !slash)
        return keep(r, p);
    size_t n = (size_t)(slash - base) + 1;
    char *s = sup_xmalloc(n + strlen(p) + 1);
    memcpy(s, base, n);
    strcpy(s + n, p);
    char *k = keep(r, s);
    free(s);
    return k;
}

static bool is_ident(const char *s)
{
    if (!*s || !(s[0] == '_' || (s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
        return false;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

static bool read_fit(struct sup_ydoc *d, const struct sup_ynode *fit, struct lpn_cal_runs *r)
{
    if (!sup_yexpect(d, fit, SUP_Y_MAP, "fit"))
        return false;
    bool ok = true;
    r->fit = sup_xcalloc(fit->n ? fit->n : 1, sizeof *r->fit);
    for (size_t k = 0; k < fit->n; k++) {
        const struct sup_ynode *b = fit->items[k];
        struct lpn_cal_param p = {.name = keep(r, fit->keys[k]->str), .file = r->path, .line = fit->keys[k]->line,
                                  .col = fit->keys[k]->col};
        if (!is_ident(p.name)) {
            ok = sup_yerror(d, fit->keys[k], "'%s' is not a parameter name", p.name);
            continue;
        }
        if (b->kind != SUP_Y_SEQ || b->n != 2) {
            ok = sup_yerror(d, b, "expected the bounds [LO, HI] of '%s'", p.name);
            continue;
        }
        if (!sup_yint(d, b->items[0], INT64_MIN / 4, INT64_MAX / 4, &p.lo) ||
            !sup_yint(d, b->items[1], INT64_MIN / 4, INT64_MAX / 4, &p.hi)) {
            ok = false;
            continue;
        }
        if (p.lo > p.hi) {
            ok = sup_yerror(d, b, "empty range: LO %lld > HI %lld", (long long)p.lo, (long long)p.hi);
            continue;
        }
        r->fit[r->nfit++] = p;
    }
    return ok;
}

/* events: [{transition, at, csv, column, offset}] */
static bool read_events(struct sup_ydoc *d, const struct sup_ynode *list, struct lpn_cal_run *u,
                        struct lpn_cal_runs *r)
{
    static const char *const keys[] = {"transition", "at", "csv", "column", "offset", NULL};
    if (!sup_yexpect(d, list, SUP_Y_SEQ, "events"))
        return false;
    bool ok = true;
    u->events = sup_xcalloc(list->n ? list->n : 1, sizeof *u->events);
    for (size_t k = 0; k < list->n; k++) {
        const struct sup_ynode *e = list->items[k];
        if (!sup_yexpect(d, e, SUP_Y_MAP, "an event series") || !sup_ycheck_keys(d, e, keys, "an event series")) {
            ok = false;
            continue;
        }
        const struct sup_ynode *tn = sup_yneed(d, e, "transition", "an event series"), *at = sup_yget(e, "at"),
                               *csv = sup_yneed(d, e, "csv", "an event series"),
                               *col = sup_yneed(d, e, "column", "an event series"), *off = sup_yget(e, "offset");
        struct lpn_cal_events ev = {0};
        const char *t = tn ? sup_ystr(d, tn) : NULL, *a = at ? sup_ystr(d, at) : "start";
        const char *c = csv ? sup_ystr(d, csv) : NULL, *cn = col ? sup_ystr(d, col) : NULL;
        if (!t || !a || !c || !cn || (off && !sup_yint(d, off, INT64_MIN / 4, INT64_MAX / 4, &ev.offset))) {
            ok = false;
            continue;
        }
        if (strcmp(a, "start") && strcmp(a, "commit")) {
            ok = sup_yerror(d, at, "at must be 'start' or 'commit', found '%s'", a);
            continue;
        }
        ev.transition = keep(r, t);
        ev.commit = !strcmp(a, "commit");
        const char *path = resolve(r, d->path, c);
        struct lpn_table *tab = lpn_table_read(path, d->diag);
        if (!tab) {
            ok = sup_yerror(d, csv, "cannot use the timestamps in '%s' (see above)", path);
            continue;
        }
        int ci = lpn_table_find(tab, cn);
        if (ci < 0)
            ok = sup_yerror(d, col, "'%s' has no column '%s'", path, cn);
        else {
            ev.n = tab->nrows;
            ev.times = sup_xmalloc(ev.n * sizeof *ev.times);
            for (size_t row = 0; row < ev.n; row++)
                ev.times[row] = tab->v[row * (size_t)tab->ncols + (size_t)ci];
            u->events[u->nevents++] = ev;
        }
        lpn_table_free(tab);
    }
    return ok;
}

static bool read_run(struct sup_ydoc *d, const struct sup_ynode *n, size_t idx, struct lpn_cal_runs *r)
{
    static const char *const keys[] = {"name", "input", "cycles", "params", "events", NULL};
    if (!sup_yexpect(d, n, SUP_Y_MAP, "a run"))
        return false;
    bool ok = sup_ycheck_keys(d, n, keys, "a run");
    struct lpn_cal_run *u = &r->runs[idx];
    u->line = n->line, u->col = n->col;
    const struct sup_ynode *name = sup_yget(n, "name"), *in = sup_yneed(d, n, "input", "a run"),
                           *cy = sup_yneed(d, n, "cycles", "a run"), *ps = sup_yget(n, "params");
    char def[32];
    snprintf(def, sizeof def, "run%zu", idx + 1);
    const char *nm = name ? sup_ystr(d, name) : def;
    u->name = keep(r, nm ? nm : def);
    ok = ok && (!name || nm);
    if (in) {
        const char *s = sup_ystr(d, in);
        if (!s || !*s)
            ok = s ? sup_yerror(d, in, "empty input file name") : false;
        else {
            u->input = resolve(r, d->path, s);
            FILE *f = fopen(u->input, "r");
            if (!f)
                ok = sup_yerror(d, in, "cannot read token file '%s'", u->input);
            else
                fclose(f);
        }
    } else
        ok = false;
    if (cy) {
        if (!sup_yint(d, cy, 1, INT64_MAX / 4, &u->cycles))
            ok = false;
    } else
        ok = false;
    const struct sup_ynode *evs = sup_yget(n, "events");
    if (evs && !read_events(d, evs, u, r))
        ok = false;
    if (ps) {
        if (!sup_yexpect(d, ps, SUP_Y_MAP, "params"))
            return false;
        u->params = sup_xcalloc(ps->n ? ps->n : 1, sizeof *u->params);
        for (size_t k = 0; k < ps->n; k++) {
            int64_t v;
            if (!is_ident(ps->keys[k]->str)) {
                ok = sup_yerror(d, ps->keys[k], "'%s' is not a parameter name", ps->keys[k]->str);
                continue;
            }
            if (!sup_yint(d, ps->items[k], INT64_MIN / 4, INT64_MAX / 4, &v)) {
                ok = false;
                continue;
            }
            u->params[u->nparams++] = (struct lpn_param){keep(r, ps->keys[k]->str), v};
        }
    }
    return ok;
}

bool lpn_cal_runs_read(const char *path, struct lpn_cal_runs *r, FILE *diag)
{
    static const char *const keys[] = {"lpn_runs", "objective", "fit", "runs", NULL};
    memset(r, 0, sizeof *r);
    r->objective = -1;
    r->path = keep(r, path);
    struct sup_ydoc *d = sup_yaml_load_file(path, diag);
    if (!d)
        return false;
    const struct sup_ynode *root = d->root;
    bool ok = root ? sup_yexpect(d, root, SUP_Y_MAP, "a runs file") : sup_yerror(d, NULL, "empty runs file");
    if (ok) {
        ok = sup_ycheck_keys(d, root, keys, "a runs file");
        const struct sup_ynode *ver = sup_yneed(d, root, "lpn_runs", "a runs file");
        int64_t v;
        if (!ver)
            ok = false;
        else if (sup_yint(d, ver, 0, 1000, &v) && v != 1)
            ok = sup_yerror(d, ver, "unsupported runs file version %lld (expected 1)", (long long)v);
        const struct sup_ynode *obj = sup_yget(root, "objective"), *fit = sup_yget(root, "fit"),
                               *runs = sup_yneed(d, root, "runs", "a runs file");
        if (obj) {
            const char *s = sup_ystr(d, obj);
            if (s && !strcmp(s, "max"))
                r->objective = LPN_CAL_MAX;
            else if (s && !strcmp(s, "mean"))
                r->objective = LPN_CAL_MEAN;
            else
                ok = s ? sup_yerror(d, obj, "objective must be 'max' or 'mean', found '%s'", s) : false;
        }
        if (fit && !read_fit(d, fit, r))
            ok = false;
        if (!runs)
            ok = false;
        else if (sup_yexpect(d, runs, SUP_Y_SEQ, "runs")) {
            if (!runs->n)
                ok = sup_yerror(d, runs, "no runs");
            r->runs = sup_xcalloc(runs->n ? runs->n : 1, sizeof *r->runs);
            r->n = runs->n;
            for (size_t k = 0; k < runs->n; k++)
                if (!read_run(d, runs->items[k], k, r))
                    ok = false;
            for (size_t k = 0; k < runs->n && ok; k++)
                for (size_t j = 0; j < k; j++)
                    if (!strcmp(r->runs[j].name, r->runs[k].name)) {
                        ok = sup_yerror(d, runs->items[k], "run name '%s' is used twice", r->runs[k].name);
                        break;
                    }
        } else
            ok = false;
    }
    sup_yaml_free(d);
    if (!ok)
        lpn_cal_runs_free(r);
    return ok;
}

void lpn_cal_runs_free(struct lpn_cal_runs *r)
{
    for (size_t k = 0; k < r->n; k++) {
        free(r->runs[k].params);
        for (size_t e = 0; e < r->runs[k].nevents; e++)
            free(r->runs[k].events[e].times);
        free(r->runs[k].events);
    }
    free(r->runs);
    free(r->fit);
    for (size_t k = 0; k < r->nstrings; k++)
        free(r->strings[k]);
    free(r->strings);
    memset(r, 0, sizeof *r);
}

