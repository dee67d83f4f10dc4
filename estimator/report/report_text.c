/* report_text.c — the report for a terminal: summary, functions, loops,
 * hottest blocks, runtime calls, offload candidates, accelerators, what-if
 * comparisons, per-call durations from the timeline, warnings. Sections
 * without data are left out. */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_cycles_block(const void *a, const void *b)
{
    const struct cost_block_cost *x = *(const struct cost_block_cost *const *)a, *y = *(const struct cost_block_cost *const *)b;
    return x->cycles < y->cycles ? 1 : x->cycles > y->cycles ? -1 : 0;
}

static int by_inclusive(const void *a, const void *b)
{
    const struct cost_func_cost *x = *(const struct cost_func_cost *const *)a, *y = *(const struct cost_func_cost *const *)b;
    if (x->inclusive != y->inclusive)
        return x->inclusive < y->inclusive ? 1 : -1;
    return strcmp(x->name, y->name);
}

static const struct report_data *sort_r;

static int by_loop_inclusive(const void *a, const void *b)
{
    const struct report_loop_cost *x = &sort_r->loops[*(const size_t *)a], *y = &sort_r->loops[*(const size_t *)b];
    if (x->inclusive != y->inclusive)
        return x->inclusive < y->inclusive ? 1 : -1;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static const char *speedup(double s, char *buf, size_t n)
{
    if (isinf(s))
        snprintf(buf, n, "unbounded");
    else
        snprintf(buf, n, "%.3gx", s);
    return buf;
}

static void summary(const struct cost_estimate *e, FILE *f)
{
    char a[40], b[40];
    double secs = e->clock_hz > 0 ? e->cycles / e->clock_hz : 0;
    fprintf(f, "%s on %s (%s, %.0f MHz)\n", e->module, e->core, e->core_description, e->clock_hz / 1e6);
    if (e->per_call) {
        /* a unit priced without a run: no exit status, time or speedup */
        fprintf(f, "each function priced for one call, without running the program; one call of every function: "
                   "%s cycles\n",
                report_grouped(e->cycles, a, sizeof a));
    } else {
        fprintf(f, "total: %s cycles = %.6g s", report_grouped(e->cycles, a, sizeof a), secs);
        fprintf(f, "   (program exit status %d, %llu IR instructions run)\n", e->exit_status,
                (unsigned long long)e->ir_instructions);
    }
    char note[300];
    if (report_core_note(e, note, sizeof note))
        fprintf(f, "  %s\n", note);
    /* one rule for every view: figures describe the run the total is of
     * (with offloads, the host's), shares are of that total */
    if (e->nwhatifs) {
        double sw = e->cycles;
        for (size_t i = 0; i < e->nwhatifs; i++)
            sw += e->whatifs[i].software - e->whatifs[i].offloaded;
        fprintf(f, "  with accelerators: the host's time; all in software it would take %s cycles\n",
                report_grouped(sw, a, sizeof a));
    }
    fprintf(f, "  machine code:       %s cycles (%.1f%%), %s instructions\n", report_grouped(e->machine_cycles, a, sizeof a),
            report_pct(e->machine_cycles, e->cycles), report_grouped(e->instructions, b, sizeof b));
    fprintf(f, "  runtime/library:    %s cycles (%.1f%%) from the core's cost table\n",
            report_grouped(e->runtime_cycles, a, sizeof a), report_pct(e->runtime_cycles, e->cycles));
    if (e->nwhatifs) {
        double calls = e->cycles - e->machine_cycles - e->runtime_cycles;
        fprintf(f, "  offloaded calls:    %s cycles (%.1f%%) the host spends invoking and waiting\n",
                report_grouped(calls, a, sizeof a), report_pct(calls, e->cycles));
    }
    const char *src = e->count_source ? e->count_source : "execution";
    fprintf(f, "  counts: %s; exact for %.2f%% of the cycles",
            !strcmp(src, "execution") ? "from executing the program" : !strcmp(src, "profile") ? "from a profile"
                                                                                                : "static estimates",
            100.0 - report_pct(e->estimated_cycles, e->cycles));
    if (e->estimated_cycles > 0)
        fprintf(f, "; %s cycles rest on estimated block counts", report_grouped(e->estimated_cycles, a, sizeof a));
    fprintf(f, "\n");
    char left[400];
    if (report_excluded_text(e, left, sizeof left))
        fprintf(f, "  not included (0 cycles): %s\n", left);
}

/* The TOP functions by inclusive cycles (all when TOP is 0), and how many were left out. */
static void functions(const struct cost_estimate *e, size_t top, FILE *f)
{
    char a[40], b[40], c[40];
    const struct cost_func_cost **fs = sup_xcalloc(e->nfuncs + 1, sizeof *fs);
    for (size_t i = 0; i < e->nfuncs; i++)
        fs[i] = &e->funcs[i];
    qsort(fs, e->nfuncs, sizeof *fs, by_inclusive);
    fprintf(f, "\n%-28s %12s %16s %16s %7s\n", "function", "calls", "self cycles", "inclusive", "share");
    size_t shown = 0, left = 0;
    unsigned incomplete = 0;
    for (size_t i = 0; i < e->nfuncs; i++) {
        if (!fs[i]->calls && fs[i]->self == 0)
            continue;
        if (top && shown == top) {
            left++;
            continue;
        }
        shown++;
        fprintf(f, "%-28s %12s %16s %16s %6.1f%%%s\n", fs[i]->name, report_grouped((double)fs[i]->calls, a, sizeof a),
                report_grouped(fs[i]->self, b, sizeof b), report_grouped(fs[i]->inclusive, c, sizeof c),
                report_pct(fs[i]->self, e->cycles), fs[i]->incomplete ? "  *" : "");
        incomplete |= fs[i]->incomplete;
    }
    if (left)
        fprintf(f, "(%zu more functions; --top=N shows more)\n", left);
    if (incomplete) {
        char why[120];
        fprintf(f, "* its cycles leave out %s (counted as 0 cycles)\n", report_incomplete_text(incomplete, why, sizeof why));
    }
    free(fs);
}

static int by_source_inclusive(const void *a, const void *b)
{
    const struct cost_source_func *x = *(const struct cost_source_func *const *)a,
                                  *y = *(const struct cost_source_func *const *)b;
    if (x->inclusive != y->inclusive)
        return x->inclusive < y->inclusive ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* The functions of the source that were inlined somewhere: their cycles
 * wherever their code went (what budgets check). */
static void sources(const struct cost_estimate *e, size_t top, FILE *f)
{
    const struct cost_source_func **ss = sup_xcalloc(e->nsources + 1, sizeof *ss);
    size_t n = 0;
    for (size_t i = 0; i < e->nsources; i++)
        if (e->sources[i].copies)
            ss[n++] = &e->sources[i];
    if (n) {
        char a[40], b[40], c[40];
        qsort(ss, n, sizeof *ss, by_source_inclusive);
        fprintf(f, "\ninlined functions, by source function (their own code and every inlined copy; budgets use this):\n");
        fprintf(f, "%-28s %12s %16s %16s  %s\n", "function", "calls", "self cycles", "inclusive", "inlined into");
        for (size_t i = 0; i < n && i < top; i++)
            fprintf(f, "%-28s %12s %16s %16s  %s%s%s\n", ss[i]->name, report_grouped(ss[i]->calls, a, sizeof a),
                    report_grouped(ss[i]->self, b, sizeof b), report_grouped(ss[i]->inclusive, c, sizeof c),
                    ss[i]->into ? ss[i]->into : "-", ss[i]->func != COST_NO_PARENT ? " (and compiled on its own)" : "",
                    ss[i]->incomplete ? "  *" : "");
        if (n > top)
            fprintf(f, "(%zu more; --top=N shows more)\n", n - top);
    }
    free(ss);
}

static void loops(const struct report_data *r, size_t top, FILE *f)
{
    const struct cost_estimate *e = r->e;
    if (!r->nloops)
        return;
    size_t *ix = sup_xcalloc(r->nloops + 1, sizeof *ix);
    for (size_t i = 0; i < r->nloops; i++)
        ix[i] = i;
    sort_r = r;
    qsort(ix, r->nloops, sizeof *ix, by_loop_inclusive);
    char a[40], b[40], c[40], d[40];
    fprintf(f, "\nhottest loops (cycles include nested loops; inclusive adds the functions they call):\n");
    fprintf(f, "%-20s %-30s %5s %12s %10s %14s %14s %7s\n", "function", "loop", "depth", "iterations", "per entry",
            "cycles", "inclusive", "share");
    for (size_t k = 0; k < r->nloops && k < top; k++) {
        const struct report_loop_cost *l = &r->loops[ix[k]];
        if (!(l->inclusive > 0))
            break;
        char label[1100];
        report_loop_label(r, ix[k], label, sizeof label);
        if (l->entries > 0)
            snprintf(d, sizeof d, "%.1f", l->header_count / l->entries);
        else
            snprintf(d, sizeof d, "-");
        fprintf(f, "%-20s %-30s %5u %12s %10s %14s %14s %6.1f%%\n", l->func < e->nfuncs ? e->funcs[l->func].name : "?",
                label + 5, l->depth, report_grouped(l->header_count, a, sizeof a), d, report_grouped(l->cycles, b, sizeof b),
                report_grouped(l->inclusive, c, sizeof c), report_pct(l->inclusive, report_share_base(r)));
    }
    free(ix);
}

static void blocks(const struct cost_estimate *e, size_t top, FILE *f)
{
    char a[40], b[40];
    const struct cost_block_cost **bs = sup_xcalloc(e->nblocks + 1, sizeof *bs);
    for (size_t i = 0; i < e->nblocks; i++)
        bs[i] = &e->blocks[i];
    qsort(bs, e->nblocks, sizeof *bs, by_cycles_block);
    fprintf(f, "\nhottest blocks:\n%-28s %-22s %-24s %12s %14s %7s\n", "function", "block", "source", "count", "cycles",
            "share");
    for (size_t i = 0; i < e->nblocks && i < top && bs[i]->cycles > 0; i++) {
        char blk[64];
        if (bs[i]->number >= 0)
            snprintf(blk, sizeof blk, "bb.%d %s", bs[i]->number, bs[i]->ir_name ? bs[i]->ir_name : "");
        else
            snprintf(blk, sizeof blk, "%s", bs[i]->ir_name ? bs[i]->ir_name : "?");
        fprintf(f, "%-28s %-22s %-24s %12s %14s %6.1f%%%s\n", bs[i]->func < e->nfuncs ? e->funcs[bs[i]->func].name : "?",
                blk, bs[i]->loc ? bs[i]->loc : "-", report_grouped(bs[i]->count, a, sizeof a),
                report_grouped(bs[i]->cycles, b, sizeof b), report_pct(bs[i]->cycles, e->cycles),
                bs[i]->estimated ? "  (estimated count)" : "");
    }
    free(bs);
}

static void runtime(const struct cost_estimate *e, FILE *f)
{
    char a[40], b[40];
    if (!e->nruntime)
        return;
    fprintf(f, "\nruntime and library calls:\n%-28s %12s %16s\n", "routine", "calls", "cycles");
    for (size_t i = 0; i < e->nruntime; i++)
        fprintf(f, "%-28s %12s %16s%s\n", e->runtime[i].symbol, report_grouped(e->runtime[i].calls, a, sizeof a),
                report_grouped(e->runtime[i].cycles, b, sizeof b), e->runtime[i].known ? "" : "  (not priced)");
}

static void candidates(const struct report_data *r, size_t top, FILE *f)
{
    struct report_candidate *c;
    size_t n = report_candidates(r, &c);
    char a[40], s1[32], s2[32];
    if (n) {
        fprintf(f, "\noffload candidates (Amdahl bound: the application's speedup if it cost nothing):\n");
        fprintf(f, "%4s %-44s %16s %7s %10s %12s\n", "rank", "function or loop", "cycles", "share", "bound",
                "accelerator");
        for (size_t i = 0; i < n && i < top; i++)
            fprintf(f, "%4zu %-44s %16s %6.1f%% %10s %12s\n", i + 1, c[i].name, report_grouped(c[i].cycles, a, sizeof a),
                    100 * c[i].share, speedup(c[i].amdahl, s1, sizeof s1),
                    c[i].whatif ? speedup(c[i].estimated, s2, sizeof s2) : "-");
    }
    free(c);
}

static void accelerators(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    char a[40], b[40], c[40], d[40];
    if (e->naccels) {
        fprintf(f, "\naccelerators (host cycles):\n%-16s %8s %14s %14s %14s %12s %12s %12s\n", "accelerator", "calls",
                "busy", "host waits", "overlap", "min latency", "mean", "max");
        for (size_t i = 0; i < e->naccels; i++) {
            const struct cost_accel_cost *ac = &e->accels[i];
            struct report_stats st;
            report_stats_of(ac->latencies, ac->nlatencies, &st);
            fprintf(f, "%-16s %8s %14s %14s %14s", ac->name, report_grouped(ac->calls, a, sizeof a),
                    report_grouped(ac->busy, b, sizeof b), report_grouped(ac->wait, c, sizeof c),
                    report_grouped(ac->overlap, d, sizeof d));
            if (st.n)
                fprintf(f, " %12s %12s %12s\n", report_grouped(st.min, a, sizeof a), report_grouped(st.mean, b, sizeof b),
                        report_grouped(st.max, c, sizeof c));
            else
                fprintf(f, " %12s %12s %12s\n", "-", "-", "-");
        }
    }
    if (e->nwhatifs) {
        double sw = report_software_total(r);
        fprintf(f, "\nwhat-if: offloaded functions in software and on their accelerators:\n");
        fprintf(f, "%-24s %-16s %10s %16s %16s %9s\n", "function", "accelerator", "calls", "software", "offloaded",
                "speedup");
        for (size_t i = 0; i < e->nwhatifs; i++) {
            const struct cost_whatif *w = &e->whatifs[i];
            char s[32];
            fprintf(f, "%-24s %-16s %10s %16s %16s %9s\n", w->func, w->accel ? w->accel : "-",
                    report_grouped(w->calls, a, sizeof a), report_grouped(w->software, b, sizeof b),
                    report_grouped(w->offloaded, c, sizeof c),
                    w->offloaded > 0 ? speedup(w->software / w->offloaded, s, sizeof s) : "-");
        }
        char s[32];
        fprintf(f, "all in software: %s cycles; this run: %s cycles (%s)\n", report_grouped(sw, a, sizeof a),
                report_grouped(e->cycles, b, sizeof b), e->cycles > 0 ? speedup(sw / e->cycles, s, sizeof s) : "-");
    }
}

static void durations(const struct report_data *r, size_t top, FILE *f)
{
    const struct cost_estimate *e = r->e;
    struct report_slice_summary *s;
    size_t n = report_slice_stats(r, &s);
    char a[40], b[40], c[40], d[40], g[40];
    if (n) {
        fprintf(f, "\nper-call durations on the timeline (host cycles):\n%-12s %-24s %10s %14s %12s %12s %12s\n",
                "track", "name", "calls", "total", "min", "mean", "max");
        for (size_t i = 0; i < n && i < top; i++)
            fprintf(f, "%-12s %-24s %10s %14s %12s %12s %12s\n", e->tracks[s[i].track].name, s[i].name,
                    report_grouped((double)s[i].st.n, a, sizeof a), report_grouped(s[i].st.sum, b, sizeof b),
                    report_grouped(s[i].st.min, c, sizeof c), report_grouped(s[i].st.mean, d, sizeof d),
                    report_grouped(s[i].st.max, g, sizeof g));
    }
    free(s);
}

int report_write_text(const struct report_data *r, const struct report_view_options *o, FILE *f)
{
    const struct cost_estimate *e = r->e;
    size_t top = o && o->top ? o->top : 10;
    summary(e, f);
    functions(e, top, f);
    sources(e, top, f);
    loops(r, top, f);
    blocks(e, top, f);
    runtime(e, f);
    if (!e->per_call) /* Amdahl's bounds are about a run */
        candidates(r, top, f);
    accelerators(r, f);
    durations(r, top, f);
    for (size_t i = 0; i < e->nwarnings; i++)
        fprintf(f, "%swarning: %s\n", i ? "" : "\n", e->warnings[i]);
    return ferror(f) ? -1 : 0;
}
