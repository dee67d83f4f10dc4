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

size_t cost_estimate_unpriced_errors(const struct cost_estimate *e, FILE *diag)
{
    size_t n = 0;
    for (size_t i = 0; i < e->nruntime; i++) {
        const struct cost_runtime_cost *r = &e->runtime[i];
        if (r->known || r->calls <= 0)
            continue;
        n++;
        if (r->refused)
            fprintf(diag, "%s: error: call to '%s', which %s does not price (%.0f calls): %s; give its cost in the "
                          "core's runtime: table (isa/SCHEMA.md), or --allow-unpriced to count it as 0 cycles\n",
                    r->site ? r->site : e->module, r->symbol, e->core, r->calls, r->refused);
        else
            fprintf(diag, "%s: error: call to '%s', which %s does not price (%.0f calls); give its cost in the "
                          "core's runtime: table (isa/SCHEMA.md), or --allow-unpriced to count it as 0 cycles\n",
                    r->site ? r->site : e->module, r->symbol, e->core, r->calls);
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
    }
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
