/* estimate_model.c — the estimate as a value (estimate.h): its warnings,
 * its runtime-routine entries, the warnings about what was not priced, its
 * totals, and freeing it. estimate.c fills it. */
#include "estimate.h"
#include "support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cost_estimate_warn(struct cost_estimate *e, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    e->warnings = sup_xrealloc(e->warnings, (e->nwarnings + 1) * sizeof *e->warnings);
    e->warnings[e->nwarnings++] = sup_strdup(buf);
}

struct cost_runtime_cost *cost_runtime_entry(struct cost_estimate *e, const char *symbol)
{
    for (size_t i = 0; i < e->nruntime; i++)
        if (!strcmp(e->runtime[i].symbol, symbol))
            return &e->runtime[i];
    e->runtime = sup_xrealloc(e->runtime, (e->nruntime + 1) * sizeof *e->runtime);
    struct cost_runtime_cost *r = &e->runtime[e->nruntime++];
    memset(r, 0, sizeof *r);
    r->symbol = sup_strdup(symbol);
    return r;
}

void cost_estimate_warn_unpriced(struct cost_estimate *e)
{
    double all = 0;
    for (size_t i = 0; i < e->nruntime; i++)
        all += e->runtime[i].calls;
    for (size_t i = 0; i < e->nruntime; i++)
        if (!e->runtime[i].known && e->runtime[i].calls > 0)
            cost_estimate_warn(e,
                              "%.0f calls to '%s' (%.1f %% of the runtime calls; first at %s), which %s does not "
                              "price%s%s: counted as 0 cycles, so the estimate is too low",
                              e->runtime[i].calls, e->runtime[i].symbol, 100 * e->runtime[i].calls / all,
                              e->runtime[i].site ? e->runtime[i].site : "an unknown place", e->core,
                              e->runtime[i].refused ? ": " : "", e->runtime[i].refused ? e->runtime[i].refused : "");
    if (e->unknown_execs > 0)
        cost_estimate_warn(e, "%.0f executions of instructions %s does not know (priced as 1 cycle each)",
                          e->unknown_execs, e->core);
}

void cost_exclude_call(struct cost_estimate *e, size_t func, const char *sym, double execs, unsigned kind)
{
    if (func >= e->nfuncs || !(execs > 0))
        return;
    struct cost_excluded *x = &e->funcs[func].excl;
    if (kind == COST_EXCL_UNITS)
        x->other_units += execs;
    else if (kind == COST_EXCL_UNPRICED)
        x->unpriced += execs;
    else
        x->indirect += execs;
    if (!sym || !sym[0])
        return;
    for (size_t k = 0; k < x->ncallees; k++)
        if (!strcmp(x->callees[k].callee, sym)) {
            x->callees[k].calls += execs;
            return;
        }
    x->callees = sup_xrealloc(x->callees, (x->ncallees + 1) * sizeof *x->callees);
    x->callees[x->ncallees++] = (struct cost_excluded_call){sup_strdup(sym), execs, kind};
}

const char *cost_excluded_names(const struct cost_excluded *x, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < x->ncallees && len + 8 < n; k++) {
        if (len + strlen(x->callees[k].callee) + 8 >= n) {
            snprintf(buf + len, n - len, ", ...");
            break;
        }
        len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? ", " : "", x->callees[k].callee);
    }
    return buf;
}

void cost_excluded_free(struct cost_excluded *x)
{
    for (size_t k = 0; k < x->ncallees; k++)
        free(x->callees[k].callee);
    free(x->callees);
    x->callees = NULL;
    x->ncallees = 0;
}

size_t cost_estimate_unpriced_errors(const struct cost_estimate *e, FILE *diag)
{
    size_t n = 0;
    for (size_t i = 0; i < e->nruntime; i++) {
        const struct cost_runtime_cost *r = &e->runtime[i];
        if (r->known || r->calls <= 0)
            continue;
        n++;
        if (r->refused)
            sup_diag(diag, r->site ? r->site : e->module, 0, 0, "error", "call to '%s', which %s does not price (%.0f "
                     "calls): %s; give its cost in the core's runtime: table (isa/SCHEMA.md), or --allow-unpriced to "
                     "count it as 0 cycles", r->symbol, e->core, r->calls, r->refused);
        else
            sup_diag(diag, r->site ? r->site : e->module, 0, 0, "error", "call to '%s', which %s does not price (%.0f "
                     "calls); give its cost in the core's runtime: table (isa/SCHEMA.md), or --allow-unpriced to count "
                     "it as 0 cycles", r->symbol, e->core, r->calls);
    }
    return n;
}

void cost_estimate_free(struct cost_estimate *e)
{
    if (!e)
        return;
    for (size_t i = 0; i < e->nfuncs; i++) {
        free(e->funcs[i].name);
        free(e->funcs[i].loc);
        cost_excluded_free(&e->funcs[i].excl);
        free(e->funcs[i].calls_to);
        free(e->funcs[i].no_estimate);
    }
    for (size_t i = 0; i < e->nsources; i++) {
        free(e->sources[i].name);
        free(e->sources[i].loc);
        free(e->sources[i].into);
    }
    free(e->sources);
    free(e->inline_parts);
    free(e->ir_edges);
    for (size_t i = 0; i < e->ncall_costs; i++)
        free(e->call_costs[i].cycles);
    free(e->call_costs);
    free(e->ret_deltas);
    for (size_t i = 0; i < e->nblocks; i++) {
        free(e->blocks[i].ir_name);
        free(e->blocks[i].loc);
    }
    for (size_t i = 0; i < e->nruntime; i++) {
        free(e->runtime[i].symbol);
        free(e->runtime[i].site);
        free(e->runtime[i].refused);
    }
    for (size_t i = 0; i < e->nwarnings; i++)
        free(e->warnings[i]);
    for (size_t i = 0; i < e->ncontexts; i++) {
        free(e->contexts[i].callsite);
        free(e->contexts[i].site_block);
    }
    for (size_t i = 0; i < e->nlines; i++)
        free(e->lines[i].file);
    free(e->line_parts);
    for (size_t i = 0; i < e->ntracks; i++)
        free(e->tracks[i].name);
    for (size_t i = 0; i < e->nslices; i++)
        free(e->slices[i].name);
    for (size_t i = 0; i < e->naccels; i++) {
        free(e->accels[i].name);
        free(e->accels[i].model);
        free(e->accels[i].latencies);
    }
    for (size_t i = 0; i < e->nwhatifs; i++) {
        free(e->whatifs[i].func);
        free(e->whatifs[i].accel);
    }
    free(e->contexts);
    free(e->lines);
    free(e->tracks);
    free(e->slices);
    free(e->accels);
    free(e->whatifs);
    free(e->funcs);
    free(e->blocks);
    free(e->runtime);
    free(e->warnings);
    free(e->module);
    free(e->core);
    free(e->core_description);
    free(e->triple);
    free(e);
}

double cost_estimate_cycles(const struct cost_estimate *e) { return e->cycles; }
double cost_estimate_instructions(const struct cost_estimate *e) { return e->instructions + e->runtime_instructions; }
