/* report_candidates.c — offload candidates for HLS reviews: functions (but
 * main) and loops ranked by their share of the application's cycles, each
 * with Amdahl's bound on the whole application's speedup if it cost nothing
 * and, for a function offloaded in this run (a what-if record), the speedup
 * its accelerator is estimated to give. See REPORT.md "Offload candidates". */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double est_report_software_total(const struct est_report *r)
{
    double t = r->e->cycles;
    for (size_t i = 0; i < r->e->nwhatifs; i++)
        t += r->e->whatifs[i].software - r->e->whatifs[i].offloaded;
    return t;
}

static void fill(struct est_candidate *c, double cycles, double baseline)
{
    c->cycles = cycles;
    c->baseline = baseline;
    c->share = baseline > 0 ? fmin(1.0, fmax(0.0, cycles / baseline)) : 0;
    c->amdahl = c->share >= 1.0 ? INFINITY : 1.0 / (1.0 - c->share);
}

static int by_share(const void *a, const void *b)
{
    const struct est_candidate *x = a, *y = b;
    if (x->share != y->share)
        return x->share < y->share ? 1 : -1;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return strcmp(x->name, y->name);
}

size_t est_report_candidates(const struct est_report *r, struct est_candidate **out)
{
    const struct est_estimate *e = r->e;
    struct est_candidate *c = sup_xcalloc(e->nfuncs + r->nloops + 1, sizeof *c);
    size_t n = 0;
    double total = est_report_share_base(r), sw_total = est_report_software_total(r);
    for (size_t f = 0; f < e->nfuncs; f++) {
        const struct est_func_cost *fc = &e->funcs[f];
        if (!fc->name || !strcmp(fc->name, "main"))
            continue;
        const struct est_whatif *w = NULL;
        for (size_t k = 0; k < e->nwhatifs; k++)
            if (e->whatifs[k].func && !strcmp(e->whatifs[k].func, fc->name))
                w = &e->whatifs[k];
        struct est_candidate *cd = &c[n];
        cd->kind = EST_CAND_FUNCTION;
        cd->index = f;
        snprintf(cd->name, sizeof cd->name, "%s", fc->name);
        if (w) {
            fill(cd, w->software, sw_total);
            cd->whatif = w;
            double with = sw_total - w->software + w->offloaded;
            cd->estimated = with > 0 ? sw_total / with : INFINITY;
        } else {
            if (!(fc->inclusive > 0))
                continue;
            fill(cd, fc->inclusive, total);
        }
        n++;
    }
    for (size_t l = 0; l < r->nloops; l++) {
        const struct est_loop_cost *lp = &r->loops[l];
        if (!(lp->inclusive > 0))
            continue;
        struct est_candidate *cd = &c[n++];
        cd->kind = EST_CAND_LOOP;
        cd->index = l;
        char label[1100];
        est_loop_label(r, l, label, sizeof label);
        snprintf(cd->name, sizeof cd->name, "%s %s", lp->func < e->nfuncs ? e->funcs[lp->func].name : "?", label);
        fill(cd, lp->inclusive, total);
    }
    qsort(c, n, sizeof *c, by_share);
    *out = c;
    return n;
}
