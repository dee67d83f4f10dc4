/* report_json.c — writes the report as JSON ("lpnest_report": 1, described in
 * estimator/REPORT.md and estimator/report.schema.json). The document is
 * indented; records of the long arrays (blocks, loops, contexts, lines,
 * slices...) are written one per line. */
#include "report.h"
#include "json.h"

#include <string.h>

/* A record on one line: the line break before it stays, none inside. */
static void rec_begin(struct sup_json *w)
{
    sup_json_obj(w);
    w->pretty = false;
}

static void rec_end(struct sup_json *w)
{
    sup_json_end(w);
    w->pretty = true;
}

static void kstr(struct sup_json *w, const char *k, const char *v)
{
    sup_json_key(w, k);
    sup_json_str(w, v);
}

static void knum(struct sup_json *w, const char *k, double v)
{
    sup_json_key(w, k);
    sup_json_double(w, v);
}

static void kindex(struct sup_json *w, const char *k, size_t v)
{
    sup_json_key(w, k);
    if (v == COST_NO_PARENT)
        sup_json_null(w);
    else
        sup_json_uint(w, v);
}

static const char *fname(const struct cost_estimate *e, size_t f) { return f < e->nfuncs ? e->funcs[f].name : NULL; }

/* "lpnest_report", "module", "core", "counts" and "total". */
static void write_header(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "lpnest_report");
    sup_json_int(w, REPORT_SCHEMA_VERSION);
    kstr(w, "module", e->module);
    sup_json_key(w, "core");
    sup_json_obj(w);
    kstr(w, "name", e->core);
    kstr(w, "description", e->core_description);
    kstr(w, "triple", e->triple);
    knum(w, "clock_hz", e->clock_hz);
    sup_json_end(w);

    sup_json_key(w, "counts");
    sup_json_obj(w);
    kstr(w, "source", e->count_source ? e->count_source : "execution");
    sup_json_key(w, "exit_status");
    sup_json_int(w, e->exit_status);
    sup_json_key(w, "ir_instructions");
    sup_json_uint(w, e->ir_instructions);
    sup_json_key(w, "per_call");
    sup_json_bool(w, e->per_call);
    sup_json_end(w);

    sup_json_key(w, "total");
    sup_json_obj(w);
    knum(w, "cycles", e->cycles);
    knum(w, "seconds", e->clock_hz > 0 ? e->cycles / e->clock_hz : 0);
    knum(w, "machine_cycles", e->machine_cycles);
    knum(w, "runtime_cycles", e->runtime_cycles);
    knum(w, "estimated_cycles", e->estimated_cycles);
    knum(w, "instructions", e->instructions);
    knum(w, "runtime_instructions", e->runtime_instructions);
    knum(w, "unknown_instruction_executions", e->unknown_execs);
    sup_json_end(w);
}

/* "incomplete": what inclusive cycles leave out (COST_EXCL_* bits), when anything. */
static void write_incomplete(struct sup_json *w, unsigned bits)
{
    if (!bits)
        return;
    sup_json_key(w, "incomplete");
    sup_json_arr(w);
    if (bits & COST_EXCL_UNITS)
        sup_json_str(w, "other_units");
    if (bits & COST_EXCL_UNPRICED)
        sup_json_str(w, "unpriced");
    if (bits & COST_EXCL_INDIRECT)
        sup_json_str(w, "indirect");
    sup_json_end(w);
}

static void write_functions(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "functions");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nfuncs; i++) {
        const struct cost_func_cost *fc = &e->funcs[i];
        rec_begin(w);
        kstr(w, "name", fc->name);
        kstr(w, "location", fc->loc);
        sup_json_key(w, "calls");
        sup_json_uint(w, fc->calls);
        knum(w, "self_cycles", fc->self);
        knum(w, "inclusive_cycles", fc->inclusive);
        knum(w, "runtime_cycles", fc->runtime);
        knum(w, "instructions", fc->instructions);
        const struct cost_excluded *x = &fc->excl;
        if (x->other_units > 0 || x->unpriced > 0 || x->indirect > 0) {
            sup_json_key(w, "excluded_calls");
            sup_json_obj(w);
            knum(w, "other_units", x->other_units);
            knum(w, "unpriced", x->unpriced);
            knum(w, "indirect", x->indirect);
            sup_json_key(w, "callees");
            sup_json_arr(w);
            for (size_t k = 0; k < x->ncallees; k++) {
                sup_json_obj(w);
                kstr(w, "name", x->callees[k].callee);
                knum(w, "calls", x->callees[k].calls);
                kstr(w, "kind", x->callees[k].kind == COST_EXCL_UNITS ? "other_unit" : "unpriced");
                sup_json_end(w);
            }
            sup_json_end(w);
            sup_json_end(w);
        }
        if (fc->ncalls_to) {
            sup_json_key(w, "calls_to");
            sup_json_arr(w);
            for (size_t k = 0; k < fc->ncalls_to; k++) {
                sup_json_obj(w);
                kstr(w, "function", fname(e, fc->calls_to[k].callee));
                knum(w, "calls", fc->calls_to[k].calls);
                sup_json_end(w);
            }
            sup_json_end(w);
        }
        write_incomplete(w, fc->incomplete);
        if (fc->no_estimate)
            kstr(w, "no_estimate", fc->no_estimate);
        rec_end(w);
    }
    sup_json_end(w);
}

/* "sources": the functions of the source, wherever their code went (sources.c). */
static void write_sources(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "sources");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nsources; i++) {
        const struct cost_source_func *s = &e->sources[i];
        rec_begin(w);
        kstr(w, "name", s->name);
        kstr(w, "location", s->loc);
        kstr(w, "function", fname(e, s->func));
        knum(w, "calls", s->calls);
        knum(w, "self_cycles", s->self);
        knum(w, "self_instructions", s->self_instructions);
        knum(w, "inclusive_cycles", s->inclusive);
        knum(w, "inlined_cycles", s->inlined);
        sup_json_key(w, "inlined_copies");
        sup_json_uint(w, s->copies);
        sup_json_key(w, "inlined_into");
        sup_json_arr(w);
        for (const char *p = s->into; p && *p;) {
            size_t n = strcspn(p, ",");
            char name[512];
            snprintf(name, sizeof name, "%.*s", (int)n, p);
            sup_json_str(w, name);
            p += n;
            while (*p == ',' || *p == ' ')
                p++;
        }
        sup_json_end(w);
        write_incomplete(w, s->incomplete);
        rec_end(w);
    }
    sup_json_end(w);
}

static void write_blocks(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "blocks");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nblocks; i++) {
        const struct cost_block_cost *bc = &e->blocks[i];
        rec_begin(w);
        kstr(w, "function", fname(e, bc->func));
        sup_json_key(w, "machine_block");
        sup_json_int(w, bc->number);
        kstr(w, "ir_block", bc->ir_name);
        kstr(w, "location", bc->loc);
        knum(w, "count", bc->count);
        knum(w, "cycles", bc->cycles);
        knum(w, "instructions", bc->instructions);
        sup_json_key(w, "estimated");
        sup_json_bool(w, bc->estimated);
        rec_end(w);
    }
    sup_json_end(w);
}

/* "runtime" and "warnings". */
static void write_runtime(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "runtime");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nruntime; i++) {
        rec_begin(w);
        kstr(w, "symbol", e->runtime[i].symbol);
        knum(w, "calls", e->runtime[i].calls);
        knum(w, "cycles", e->runtime[i].cycles);
        knum(w, "instructions", e->runtime[i].instructions);
        sup_json_key(w, "priced");
        sup_json_bool(w, e->runtime[i].known);
        rec_end(w);
    }
    sup_json_end(w);

    sup_json_key(w, "warnings");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nwarnings; i++)
        sup_json_str(w, e->warnings[i]);
    sup_json_end(w);
}

static void write_loops(struct sup_json *w, const struct report_data *r)
{
    const struct cost_estimate *e = r->e;
    sup_json_key(w, "loops");
    sup_json_arr(w);
    for (size_t i = 0; i < r->nloops; i++) {
        const struct report_loop_cost *l = &r->loops[i];
        rec_begin(w);
        kstr(w, "function", fname(e, l->func));
        kstr(w, "header", l->header);
        kstr(w, "location", l->loc);
        kindex(w, "parent", l->parent);
        sup_json_key(w, "depth");
        sup_json_uint(w, l->depth);
        knum(w, "header_count", l->header_count);
        sup_json_key(w, "entries");
        if (l->entries < 0)
            sup_json_null(w);
        else
            sup_json_double(w, l->entries);
        knum(w, "cycles", l->cycles);
        knum(w, "inclusive_cycles", l->inclusive);
        knum(w, "instructions", l->instructions);
        sup_json_key(w, "blocks");
        sup_json_uint(w, l->nblocks);
        rec_end(w);
    }
    sup_json_end(w);
}

static void write_contexts(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "contexts");
    sup_json_arr(w);
    for (size_t i = 0; i < e->ncontexts; i++) {
        const struct cost_context *c = &e->contexts[i];
        rec_begin(w);
        kindex(w, "parent", c->parent);
        kstr(w, "function", fname(e, c->func));
        kstr(w, "callsite", c->callsite);
        knum(w, "calls", c->calls);
        knum(w, "self_cycles", c->self);
        knum(w, "inclusive_cycles", c->inclusive);
        rec_end(w);
    }
    sup_json_end(w);
}

static void write_lines(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "lines");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nlines; i++) {
        const struct cost_line_cost *l = &e->lines[i];
        rec_begin(w);
        kstr(w, "file", l->file);
        sup_json_key(w, "line");
        sup_json_uint(w, l->line);
        knum(w, "cycles", l->cycles);
        knum(w, "executions", l->executions);
        rec_end(w);
    }
    sup_json_end(w);
}

static void write_timeline(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "timeline");
    sup_json_obj(w);
    sup_json_key(w, "tracks");
    sup_json_arr(w);
    for (size_t i = 0; i < e->ntracks; i++) {
        rec_begin(w);
        kstr(w, "name", e->tracks[i].name);
        knum(w, "clock_hz", e->tracks[i].clock_hz);
        rec_end(w);
    }
    sup_json_end(w);
    sup_json_key(w, "slices");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nslices; i++) {
        const struct cost_slice *s = &e->slices[i];
        rec_begin(w);
        sup_json_key(w, "track");
        sup_json_uint(w, s->track);
        kstr(w, "name", s->name);
        knum(w, "start", s->start);
        knum(w, "duration", s->dur);
        sup_json_key(w, "depth");
        sup_json_int(w, s->depth);
        rec_end(w);
    }
    sup_json_end(w);
    sup_json_end(w);
}

static void write_accelerators(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "accelerators");
    sup_json_arr(w);
    for (size_t i = 0; i < e->naccels; i++) {
        const struct cost_accel_cost *a = &e->accels[i];
        rec_begin(w);
        kstr(w, "name", a->name);
        kstr(w, "model", a->model);
        knum(w, "clock_hz", a->clock_hz);
        knum(w, "calls", a->calls);
        knum(w, "busy_cycles", a->busy);
        knum(w, "wait_cycles", a->wait);
        knum(w, "overlap_cycles", a->overlap);
        sup_json_key(w, "latencies");
        sup_json_arr(w);
        for (size_t k = 0; k < a->nlatencies; k++)
            sup_json_double(w, a->latencies[k]);
        sup_json_end(w);
        rec_end(w);
    }
    sup_json_end(w);
}

static void write_whatifs(struct sup_json *w, const struct cost_estimate *e)
{
    sup_json_key(w, "whatifs");
    sup_json_arr(w);
    for (size_t i = 0; i < e->nwhatifs; i++) {
        const struct cost_whatif *wi = &e->whatifs[i];
        rec_begin(w);
        kstr(w, "function", wi->func);
        kstr(w, "accelerator", wi->accel);
        knum(w, "calls", wi->calls);
        knum(w, "software_cycles", wi->software);
        knum(w, "offloaded_cycles", wi->offloaded);
        rec_end(w);
    }
    sup_json_end(w);
}

/* The sections in the order of REPORT.md. */
int report_write_json(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    struct sup_json w;
    sup_json_init(&w, f, true);
    sup_json_obj(&w);
    write_header(&w, e);
    write_functions(&w, e);
    write_blocks(&w, e);
    write_runtime(&w, e);
    write_loops(&w, r);
    write_contexts(&w, e);
    write_lines(&w, e);
    write_timeline(&w, e);
    write_accelerators(&w, e);
    write_whatifs(&w, e);
    write_sources(&w, e);
    sup_json_end(&w);
    return ferror(f) ? -1 : 0;
}
