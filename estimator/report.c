/* report.c — writes an estimate as text (summary, functions, hottest blocks,
 * runtime calls, warnings) and as JSON ("lpnest_report": 1). */
#include "estimate.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static int by_cycles_block(const void *a, const void *b)
{
    const struct est_block_cost *x = *(const struct est_block_cost *const *)a, *y = *(const struct est_block_cost *const *)b;
    return x->cycles < y->cycles ? 1 : x->cycles > y->cycles ? -1 : 0;
}

static int by_inclusive(const void *a, const void *b)
{
    const struct est_func_cost *x = *(const struct est_func_cost *const *)a, *y = *(const struct est_func_cost *const *)b;
    if (x->inclusive != y->inclusive)
        return x->inclusive < y->inclusive ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* 1234567 -> "1,234,567" */
static const char *grouped(double v, char *buf, size_t n)
{
    char raw[64];
    snprintf(raw, sizeof raw, "%.0f", v < 0 ? -v : v);
    size_t len = strlen(raw), o = 0;
    if (v < 0 && o + 1 < n)
        buf[o++] = '-';
    for (size_t i = 0; i < len && o + 2 < n; i++) {
        buf[o++] = raw[i];
        if ((len - i - 1) % 3 == 0 && i + 1 < len)
            buf[o++] = ',';
    }
    buf[o] = '\0';
    return buf;
}

static double pct(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0; }

int est_estimate_write_text(const struct est_estimate *e, FILE *f, size_t top)
{
    char a[40], b[40], c[40];
    double secs = e->clock_hz > 0 ? e->cycles / e->clock_hz : 0;
    fprintf(f, "%s on %s (%s, %.0f MHz)\n", e->module, e->core, e->core_description, e->clock_hz / 1e6);
    fprintf(f, "total: %s cycles = %.6g s", grouped(e->cycles, a, sizeof a), secs);
    fprintf(f, "   (program exit status %d, %llu IR instructions run)\n", e->exit_status,
            (unsigned long long)e->ir_instructions);
    fprintf(f, "  machine code:       %s cycles (%.1f%%), %s instructions\n", grouped(e->machine_cycles, a, sizeof a),
            pct(e->machine_cycles, e->cycles), grouped(e->instructions, b, sizeof b));
    fprintf(f, "  runtime/library:    %s cycles (%.1f%%) from the core's cost table\n",
            grouped(e->runtime_cycles, a, sizeof a), pct(e->runtime_cycles, e->cycles));
    fprintf(f, "  counts: exact for %.2f%% of the cycles", 100.0 - pct(e->estimated_cycles, e->cycles));
    if (e->estimated_cycles > 0)
        fprintf(f, "; %s cycles rest on estimated block counts", grouped(e->estimated_cycles, a, sizeof a));
    fprintf(f, "\n\n");

    const struct est_func_cost **fs = sup_xcalloc(e->nfuncs + 1, sizeof *fs);
    for (size_t i = 0; i < e->nfuncs; i++)
        fs[i] = &e->funcs[i];
    qsort(fs, e->nfuncs, sizeof *fs, by_inclusive);
    fprintf(f, "%-28s %12s %16s %16s %7s\n", "function", "calls", "self cycles", "inclusive", "share");
    for (size_t i = 0; i < e->nfuncs; i++) {
        if (!fs[i]->calls && fs[i]->self == 0)
            continue;
        fprintf(f, "%-28s %12s %16s %16s %6.1f%%\n", fs[i]->name, grouped((double)fs[i]->calls, a, sizeof a),
                grouped(fs[i]->self, b, sizeof b), grouped(fs[i]->inclusive, c, sizeof c), pct(fs[i]->self, e->cycles));
    }
    free(fs);

    const struct est_block_cost **bs = sup_xcalloc(e->nblocks + 1, sizeof *bs);
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
        fprintf(f, "%-28s %-22s %-24s %12s %14s %6.1f%%%s\n", e->funcs[bs[i]->func].name, blk,
                bs[i]->loc ? bs[i]->loc : "-", grouped(bs[i]->count, a, sizeof a), grouped(bs[i]->cycles, b, sizeof b),
                pct(bs[i]->cycles, e->cycles), bs[i]->estimated ? "  (estimated count)" : "");
    }
    free(bs);

    if (e->nruntime) {
        fprintf(f, "\nruntime and library calls:\n%-28s %12s %16s\n", "routine", "calls", "cycles");
        for (size_t i = 0; i < e->nruntime; i++)
            fprintf(f, "%-28s %12s %16s%s\n", e->runtime[i].symbol, grouped(e->runtime[i].calls, a, sizeof a),
                    grouped(e->runtime[i].cycles, b, sizeof b), e->runtime[i].known ? "" : "  (not priced)");
    }
    for (size_t i = 0; i < e->nwarnings; i++)
        fprintf(f, "%swarning: %s\n", i ? "" : "\n", e->warnings[i]);
    return ferror(f) ? -1 : 0;
}

int est_estimate_write_json(const struct est_estimate *e, FILE *f)
{
    struct sup_json w;
    sup_json_init(&w, f, true);
    sup_json_obj(&w);
    sup_json_key(&w, "lpnest_report");
    sup_json_int(&w, 1);
    sup_json_key(&w, "module");
    sup_json_str(&w, e->module);
    sup_json_key(&w, "core");
    sup_json_obj(&w);
    sup_json_key(&w, "name");
    sup_json_str(&w, e->core);
    sup_json_key(&w, "description");
    sup_json_str(&w, e->core_description);
    sup_json_key(&w, "triple");
    sup_json_str(&w, e->triple);
    sup_json_key(&w, "clock_hz");
    sup_json_double(&w, e->clock_hz);
    sup_json_end(&w);
    sup_json_key(&w, "counts");
    sup_json_obj(&w);
    sup_json_key(&w, "source");
    sup_json_str(&w, "execution");
    sup_json_key(&w, "exit_status");
    sup_json_int(&w, e->exit_status);
    sup_json_key(&w, "ir_instructions");
    sup_json_uint(&w, e->ir_instructions);
    sup_json_end(&w);
    sup_json_key(&w, "total");
    sup_json_obj(&w);
    sup_json_key(&w, "cycles");
    sup_json_double(&w, e->cycles);
    sup_json_key(&w, "seconds");
    sup_json_double(&w, e->clock_hz > 0 ? e->cycles / e->clock_hz : 0);
    sup_json_key(&w, "machine_cycles");
    sup_json_double(&w, e->machine_cycles);
    sup_json_key(&w, "runtime_cycles");
    sup_json_double(&w, e->runtime_cycles);
    sup_json_key(&w, "estimated_cycles");
    sup_json_double(&w, e->estimated_cycles);
    sup_json_key(&w, "instructions");
    sup_json_double(&w, e->instructions);
    sup_json_key(&w, "runtime_instructions");
    sup_json_double(&w, e->runtime_instructions);
    sup_json_key(&w, "unknown_instruction_executions");
    sup_json_double(&w, e->unknown_execs);
    sup_json_end(&w);
    sup_json_key(&w, "functions");
    sup_json_arr(&w);
    for (size_t i = 0; i < e->nfuncs; i++) {
        const struct est_func_cost *fc = &e->funcs[i];
        sup_json_obj(&w);
        sup_json_key(&w, "name");
        sup_json_str(&w, fc->name);
        sup_json_key(&w, "location");
        sup_json_str(&w, fc->loc);
        sup_json_key(&w, "calls");
        sup_json_uint(&w, fc->calls);
        sup_json_key(&w, "self_cycles");
        sup_json_double(&w, fc->self);
        sup_json_key(&w, "inclusive_cycles");
        sup_json_double(&w, fc->inclusive);
        sup_json_key(&w, "runtime_cycles");
        sup_json_double(&w, fc->runtime);
        sup_json_key(&w, "instructions");
        sup_json_double(&w, fc->instructions);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "blocks");
    sup_json_arr(&w);
    for (size_t i = 0; i < e->nblocks; i++) {
        const struct est_block_cost *bc = &e->blocks[i];
        sup_json_obj(&w);
        sup_json_key(&w, "function");
        sup_json_str(&w, e->funcs[bc->func].name);
        sup_json_key(&w, "machine_block");
        sup_json_int(&w, bc->number);
        sup_json_key(&w, "ir_block");
        sup_json_str(&w, bc->ir_name);
        sup_json_key(&w, "location");
        sup_json_str(&w, bc->loc);
        sup_json_key(&w, "count");
        sup_json_double(&w, bc->count);
        sup_json_key(&w, "cycles");
        sup_json_double(&w, bc->cycles);
        sup_json_key(&w, "instructions");
        sup_json_double(&w, bc->instructions);
        sup_json_key(&w, "estimated");
        sup_json_bool(&w, bc->estimated);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "runtime");
    sup_json_arr(&w);
    for (size_t i = 0; i < e->nruntime; i++) {
        sup_json_obj(&w);
        sup_json_key(&w, "symbol");
        sup_json_str(&w, e->runtime[i].symbol);
        sup_json_key(&w, "calls");
        sup_json_double(&w, e->runtime[i].calls);
        sup_json_key(&w, "cycles");
        sup_json_double(&w, e->runtime[i].cycles);
        sup_json_key(&w, "instructions");
        sup_json_double(&w, e->runtime[i].instructions);
        sup_json_key(&w, "priced");
        sup_json_bool(&w, e->runtime[i].known);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "warnings");
    sup_json_arr(&w);
    for (size_t i = 0; i < e->nwarnings; i++)
        sup_json_str(&w, e->warnings[i]);
    sup_json_end(&w);
    sup_json_end(&w);
    return ferror(f) ? -1 : 0;
}
