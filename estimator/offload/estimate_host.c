/* estimate_host.c — an offloaded run's figures on the host. The first run
 * prices the program all in software; the timed run (estimate_timed.c) puts
 * the offloaded calls on their accelerators, so code under an offloaded
 * function no longer runs on the host. Here every per-function, per-block,
 * per-line and runtime figure is rebased on the timed run, so that all views
 * of the report describe the same run: self cycles and line cycles both add
 * up to the host's total. What the offloaded code costs in software stays in
 * the what-if records. */
#include "estimate_host.h"
#include "support.h"

#include <stdbool.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool offloaded(const struct cost_estimate *e, size_t f)
{
    for (size_t w = 0; w < e->nwhatifs; w++)
        if (e->whatifs[w].func && !strcmp(e->whatifs[w].func, e->funcs[f].name))
            return true;
    return false;
}

/* The share of each function's software cycles that ran on the host: its
 * own cycles in the timed run's calling contexts over those of the software
 * run (0 for an offloaded function, whose body runs on the accelerator; what
 * its contexts hold are the invokes and waits). Into HOST_SELF the former. */
static double *func_ratios(const struct cost_estimate *e, double *host_self)
{
    double *ratio = sup_xcalloc(e->nfuncs + 1, sizeof *ratio);
    for (size_t i = 0; i < e->ncontexts; i++)
        host_self[e->contexts[i].func] += e->contexts[i].self;
    for (size_t f = 0; f < e->nfuncs; f++) {
        double sw = e->funcs[f].self;
        ratio[f] = offloaded(e, f) ? 0 : sw > 0 ? host_self[f] / sw : 0;
        if (ratio[f] > 1)
            ratio[f] = 1; /* per-execution averages of the timed run: never more than all */
    }
    return ratio;
}

/* The line FILE:LINE of E ("file:line" LOC), created when missing. */
static struct cost_line_cost *line_of(struct cost_estimate *e, const char *loc)
{
    const char *colon = loc ? strrchr(loc, ':') : NULL;
    if (!colon)
        return NULL;
    /* "file:line:col" */
    const char *prev = colon;
    while (prev > loc && prev[-1] >= '0' && prev[-1] <= '9')
        prev--;
    if (prev > loc && prev[-1] == ':' && prev < colon)
        colon = prev - 1;
    size_t fl = (size_t)(colon - loc);
    unsigned line = (unsigned)strtoul(colon + 1, NULL, 10);
    for (size_t i = 0; i < e->nlines; i++)
        if (e->lines[i].line == line && !strncmp(e->lines[i].file, loc, fl) && !e->lines[i].file[fl])
            return &e->lines[i];
    e->lines = sup_xrealloc(e->lines, (e->nlines + 1) * sizeof *e->lines);
    struct cost_line_cost *l = &e->lines[e->nlines++];
    memset(l, 0, sizeof *l);
    l->file = sup_xmalloc(fl + 1);
    memcpy(l->file, loc, fl);
    l->file[fl] = '\0';
    l->line = line;
    return l;
}

/* What the host pays for offloaded calls beyond code it runs (invokes and
 * waits) goes to the line of each call, in proportion to the context's own
 * cycles; so that lines add up to the host's total too. FHOST: each
 * function's block cycles on the host. */
static void charge_calls(struct cost_estimate *e, const double *fhost)
{
    for (size_t f = 0; f < e->nfuncs; f++) {
        double extra = e->funcs[f].self - fhost[f];
        if (!(extra > 0) || !(e->funcs[f].self > 0))
            continue;
        if (!offloaded(e, f))
            continue;
        for (size_t i = 0; i < e->ncontexts; i++) {
            const struct cost_context *c = &e->contexts[i];
            if (c->func != f || !(c->self > 0))
                continue;
            struct cost_line_cost *l = line_of(e, c->callsite ? c->callsite : e->funcs[f].loc);
            if (l) {
                l->cycles += extra * c->self / e->funcs[f].self;
                l->executions += c->calls;
            }
        }
    }
}

void offload_estimate_rebase_host(struct cost_estimate *e)
{
    double *host_self = sup_xcalloc(e->nfuncs + 1, sizeof *host_self);
    double *fratio = func_ratios(e, host_self);
    /* blocks, and per function its block cycles on the host. Counts stay
     * integers: a function whose every call ran on the host (or none) keeps
     * its exact counts; one called both from the host and from offloaded
     * code has its blocks' counts scaled by its calls on the host, rounded,
     * and marked as estimates (which of its calls ran which blocks is not
     * known) */
    double *cratio = sup_xcalloc(e->nfuncs + 1, sizeof *cratio);
    for (size_t i = 0; i < e->ncontexts; i++)
        cratio[e->contexts[i].func] += e->contexts[i].calls;
    for (size_t f = 0; f < e->nfuncs; f++)
        cratio[f] = offloaded(e, f) || !e->funcs[f].calls ? 0 : cratio[f] / (double)e->funcs[f].calls;
    double *fhost = sup_xcalloc(e->nfuncs + 1, sizeof *fhost);
    double sw_blocks = 0, host_blocks = 0, newly_estimated = 0;
    for (size_t k = 0; k < e->nblocks; k++) {
        struct cost_block_cost *bc = &e->blocks[k];
        double r = fratio[bc->func], c = cratio[bc->func];
        sw_blocks += bc->cycles;
        if (c >= 1 - 1e-12 || !(c > 0)) {
            bc->count = c > 0 ? bc->count : 0;
        } else {
            double n = nearbyint(bc->count * c);
            bc->count = n < 1 && bc->count > 0 && bc->cycles * r > 0 ? 1 : n;
            if (!bc->estimated)
                newly_estimated += bc->cycles * r;
            bc->estimated = true;
        }
        bc->cycles *= r;
        bc->instructions *= r;
        fhost[bc->func] += bc->cycles;
        host_blocks += bc->cycles;
    }
    free(cratio);
    /* lines: each machine block's part at the host's share */
    double *lsw = sup_xcalloc(e->nlines + 1, sizeof *lsw), *lhost = sup_xcalloc(e->nlines + 1, sizeof *lhost);
    for (size_t i = 0; i < e->nline_parts; i++) {
        const struct cost_line_part *lp = &e->line_parts[i];
        if (lp->line >= e->nlines || lp->block >= e->nblocks)
            continue;
        lsw[lp->line] += lp->cycles;
        lhost[lp->line] += lp->cycles * fratio[e->blocks[lp->block].func];
    }
    for (size_t l = 0; l < e->nlines; l++) {
        struct cost_line_cost *lc = &e->lines[l];
        if (lsw[l] > 0) {
            lc->executions *= lhost[l] / lsw[l];
            lc->cycles += lhost[l] - lsw[l];
        }
        if (lc->cycles < 0)
            lc->cycles = 0;
    }
    /* the source view's parts, as the blocks they are of */
    for (size_t i = 0; i < e->ninline_parts; i++)
        if (e->inline_parts[i].block < e->nblocks)
            e->inline_parts[i].cycles *= fratio[e->blocks[e->inline_parts[i].block].func],
            e->inline_parts[i].instructions *= fratio[e->blocks[e->inline_parts[i].block].func];
    for (size_t i = 0; i < e->nir_edges; i++)
        e->ir_edges[i].count *= fratio[e->ir_edges[i].func];
    /* functions: self and calls from the calling contexts of the timed run */
    double old_runtime = e->runtime_cycles;
    e->runtime_cycles = e->instructions = 0;
    for (size_t f = 0; f < e->nfuncs; f++) {
        struct cost_func_cost *fc = &e->funcs[f];
        fc->runtime *= fratio[f];
        fc->instructions *= fratio[f];
        fc->self = host_self[f];
        fc->calls = 0;
        e->runtime_cycles += fc->runtime;
        e->instructions += fc->instructions;
    }
    for (size_t i = 0; i < e->ncontexts; i++)
        e->funcs[e->contexts[i].func].calls += (uint64_t)(e->contexts[i].calls + 0.5);
    charge_calls(e, fhost);
    e->machine_cycles = host_blocks - e->runtime_cycles;
    double all = sw_blocks > 0 ? host_blocks / sw_blocks : 1;
    e->estimated_cycles = e->estimated_cycles * all + newly_estimated;
    if (e->estimated_cycles > e->cycles)
        e->estimated_cycles = e->cycles;
    e->runtime_instructions *= all;
    e->unknown_execs *= all;
    /* runtime routines: in proportion to the runtime cycles left on the host */
    double rshare = old_runtime > 0 ? e->runtime_cycles / old_runtime : 1;
    for (size_t i = 0; i < e->nruntime; i++) {
        e->runtime[i].calls = (double)(uint64_t)(e->runtime[i].calls * rshare + 0.5);
        e->runtime[i].cycles *= rshare;
        e->runtime[i].instructions *= rshare;
    }
    free(lsw);
    free(lhost);
    free(fhost);
    free(fratio);
    free(host_self);
}
