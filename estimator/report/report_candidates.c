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

double report_software_total(const struct report_data *r)
{
    double t = r->e->cycles;
    for (size_t i = 0; i < r->e->nwhatifs; i++)
        t += r->e->whatifs[i].software - r->e->whatifs[i].offloaded;
    return t;
}

static void fill(struct report_candidate *c, double cycles, double baseline)
{
    c->cycles = cycles;
    c->baseline = baseline;
    c->share = baseline > 0 ? fmin(1.0, fmax(0.0, cycles / baseline)) : 0;
    c->amdahl = c->share >= 1.0 ? INFINITY : 1.0 / (1.0 - c->share);
}

static int by_share(const void *a, const void *b)
{
    const struct report_candidate *x = a, *y = b;
    if (x->share != y->share)
        return x->share < y->share ? 1 : -1;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return strcmp(x->name, y->name);
}

size_t report_candidates(const struct report_data *r, struct report_candidate **out)
{
    const struct cost_estimate *e = r->e;
    struct report_candidate *c = sup_xcalloc(e->nfuncs + r->nloops + 1, sizeof *c);
    size_t n = 0;
    double total = report_share_base(r), sw_total = report_software_total(r);
    for (size_t f = 0; f < e->nfuncs; f++) {
        const struct cost_func_cost *fc = &e->funcs[f];
        if (!fc->name || !strcmp(fc->name, "main"))
            continue;
        const struct cost_whatif *w = NULL;
        for (size_t k = 0; k < e->nwhatifs; k++)
            if (e->whatifs[k].func && !strcmp(e->whatifs[k].func, fc->name))
                w = &e->whatifs[k];
        struct report_candidate *cd = &c[n];
        cd->kind = REPORT_CAND_FUNCTION;
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
        const struct report_loop_cost *lp = &r->loops[l];
        if (!(lp->inclusive > 0))
            continue;
        struct report_candidate *cd = &c[n++];
        cd->kind = REPORT_CAND_LOOP;
        cd->index = l;
        char label[1100];
        report_loop_label(r, l, label, sizeof label);
        snprintf(cd->name, sizeof cd->name, "%s %s", lp->func < e->nfuncs ? e->funcs[lp->func].name : "?", label);
        fill(cd, lp->inclusive, total);
    }
    qsort(c, n, sizeof *c, by_share);
    *out = c;
    return n;
}
