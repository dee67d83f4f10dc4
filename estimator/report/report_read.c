/* report_read.c — reads a JSON report ("lpnest_report": 1) back into the
 * report model, so that every view, diffs and budgets work from a saved
 * report exactly as from a run. Checks types and references and reports
 * "file:line:col: error: ..."; unknown keys are ignored (forward
 * compatibility), the sections after "warnings" may be missing. */
#include "report.h"
#include "json.h"
#include "support.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct rd {
    const char *name;
    FILE *diag;
    bool failed;
    struct cost_estimate *e;
    size_t *order;            /* function indices sorted by name */
};

static bool err(struct rd *rd, const struct sup_jv *at, const char *fmt, ...) SUP_PRINTF(3, 4);
static bool err(struct rd *rd, const struct sup_jv *at, const char *fmt, ...)
{
    if (!rd->failed) {
        va_list ap;
        va_start(ap, fmt);
        sup_vdiag(rd->diag, rd->name, at ? at->line : 1, at ? at->col : 1, "error", fmt, ap);
        va_end(ap);
    }
    rd->failed = true;
    return false;
}

static const char *kind_name(enum sup_jkind k)
{
    static const char *const n[] = {"null", "a boolean", "a number", "a string", "an array", "an object"};
    return n[k];
}

/* Member KEY of object O of kind K; missing (when REQUIRED) or mistyped is an error. */
static const struct sup_jv *member(struct rd *rd, const struct sup_jv *o, const char *key, enum sup_jkind k,
                                   bool required, const char *what)
{
    const struct sup_jv *v = sup_jv_get(o, key);
    if (!v) {
        if (required)
            err(rd, o, "missing key '%s' in %s", key, what);
        return NULL;
    }
    if (v->kind != k) {
        err(rd, v, "'%s' in %s must be %s, not %s", key, what, kind_name(k), kind_name(v->kind));
        return NULL;
    }
    return v;
}

static double num(struct rd *rd, const struct sup_jv *o, const char *key, const char *what)
{
    const struct sup_jv *v = member(rd, o, key, SUP_J_NUM, true, what);
    return v ? v->num : 0;
}

static double count(struct rd *rd, const struct sup_jv *o, const char *key, const char *what)
{
    const struct sup_jv *v = member(rd, o, key, SUP_J_NUM, true, what);
    if (v && (v->num < 0 || v->num != floor(v->num) || v->num > 9.0e15)) {
        err(rd, v, "'%s' in %s must be a non-negative integer", key, what);
        return 0;
    }
    return v ? v->num : 0;
}

/* A string or null (when NULLABLE); returns a copy or NULL. */
static char *str(struct rd *rd, const struct sup_jv *o, const char *key, bool nullable, const char *what)
{
    const struct sup_jv *v = sup_jv_get(o, key);
    if (!v)
        return err(rd, o, "missing key '%s' in %s", key, what), NULL;
    if (v->kind == SUP_J_NULL && nullable)
        return NULL;
    if (v->kind != SUP_J_STR)
        return err(rd, v, "'%s' in %s must be a string%s, not %s", key, what, nullable ? " or null" : "",
                   kind_name(v->kind)),
               NULL;
    if (strlen(v->str) != v->len)
        return err(rd, v, "'%s' in %s contains a NUL character", key, what), NULL;
    return sup_strdup(v->str);
}

static bool boolean(struct rd *rd, const struct sup_jv *o, const char *key, const char *what)
{
    const struct sup_jv *v = member(rd, o, key, SUP_J_BOOL, true, what);
    return v && v->b;
}

/* An index into an array of N entries, or COST_NO_PARENT for null when NULLABLE. */
static size_t index_of(struct rd *rd, const struct sup_jv *o, const char *key, size_t n, bool nullable,
                       const char *what)
{
    const struct sup_jv *v = sup_jv_get(o, key);
    if (!v)
        return err(rd, o, "missing key '%s' in %s", key, what), COST_NO_PARENT;
    if (v->kind == SUP_J_NULL && nullable)
        return COST_NO_PARENT;
    if (v->kind != SUP_J_NUM || !v->is_int || v->i < 0 || (uint64_t)v->i >= n)
        return err(rd, v, "'%s' in %s must be an index below %zu%s", key, what, n, nullable ? " or null" : ""),
               COST_NO_PARENT;
    return (size_t)v->i;
}

static struct rd *sort_ctx;

static int by_name(const void *a, const void *b)
{
    return strcmp(sort_ctx->e->funcs[*(const size_t *)a].name, sort_ctx->e->funcs[*(const size_t *)b].name);
}

/* The function named by string member KEY of O. */
static size_t func_ref(struct rd *rd, const struct sup_jv *o, const char *key, const char *what)
{
    const struct sup_jv *v = member(rd, o, key, SUP_J_STR, true, what);
    if (!v)
        return 0;
    size_t lo = 0, hi = rd->e->nfuncs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(rd->e->funcs[rd->order[mid]].name, v->str);
        if (c == 0)
            return rd->order[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    err(rd, v, "'%s' in %s names '%s', which is not in \"functions\"", key, what, v->str);
    return 0;
}

/* Array member KEY (required or optional section); NULL when absent. */
static const struct sup_jv *array(struct rd *rd, const struct sup_jv *o, const char *key, bool required)
{
    return member(rd, o, key, SUP_J_ARR, required, "the report");
}

/* True when following PARENT from every node ends at a root (no cycles).
 * PARENT is the first parent field of an array of records STRIDE bytes apart. */
static bool acyclic(const size_t *parent, size_t stride, size_t n)
{
#define PARENT_OF(k) (*(const size_t *)((const char *)parent + (k) * stride))
    /* 0 unknown, 1 on the current walk, 2 reaches a root */
    unsigned char *state = sup_xcalloc(n + 1, 1);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        size_t k = i;
        while (k != COST_NO_PARENT && state[k] == 0) {
            state[k] = 1;
            k = PARENT_OF(k);
        }
        if (k != COST_NO_PARENT && state[k] == 1)
            ok = false;
        for (k = i; k != COST_NO_PARENT && state[k] == 1; k = PARENT_OF(k))
            state[k] = 2;
    }
    free(state);
    return ok;
#undef PARENT_OF
}

/* Checks that item I of array A is an object. */
static bool is_obj(struct rd *rd, const struct sup_jv *a, size_t i, const char *section)
{
    if (a->items[i]->kind != SUP_J_OBJ)
        return err(rd, a->items[i], "entries of \"%s\" must be objects", section);
    return true;
}

/* Optional "incomplete": ["other_units", "unpriced", "indirect"] as COST_EXCL_* bits. */
static unsigned incomplete(struct rd *rd, const struct sup_jv *o, const char *what)
{
    const struct sup_jv *a = member(rd, o, "incomplete", SUP_J_ARR, false, what);
    unsigned bits = 0;
    for (size_t i = 0; a && i < a->n && !rd->failed; i++) {
        const struct sup_jv *v = a->items[i];
        if (v->kind == SUP_J_STR && !strcmp(v->str, "other_units"))
            bits |= COST_EXCL_UNITS;
        else if (v->kind == SUP_J_STR && !strcmp(v->str, "unpriced"))
            bits |= COST_EXCL_UNPRICED;
        else if (v->kind == SUP_J_STR && !strcmp(v->str, "indirect"))
            bits |= COST_EXCL_INDIRECT;
        else
            err(rd, v, "entries of 'incomplete' in %s must be \"other_units\", \"unpriced\" or \"indirect\"", what);
    }
    return bits;
}

static void read_functions(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->funcs = sup_xcalloc(a->n + 1, sizeof *e->funcs);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "functions"))
            break;
        const struct sup_jv *o = a->items[i];
        struct cost_func_cost *fc = &e->funcs[e->nfuncs++];
        const char *what = "a function";
        fc->name = str(rd, o, "name", false, what);
        fc->loc = str(rd, o, "location", true, what);
        fc->calls = (uint64_t)count(rd, o, "calls", what);
        fc->self = num(rd, o, "self_cycles", what);
        fc->inclusive = num(rd, o, "inclusive_cycles", what);
        fc->runtime = num(rd, o, "runtime_cycles", what);
        fc->instructions = num(rd, o, "instructions", what);
        const struct sup_jv *x = member(rd, o, "excluded_calls", SUP_J_OBJ, false, what);
        if (x) {
            const char *xw = "\"excluded_calls\"";
            fc->excl.other_units = num(rd, x, "other_units", xw);
            fc->excl.unpriced = num(rd, x, "unpriced", xw);
            fc->excl.indirect = num(rd, x, "indirect", xw);
            const struct sup_jv *cs = member(rd, x, "callees", SUP_J_ARR, false, xw);
            for (size_t k = 0; cs && k < cs->n && !rd->failed; k++) {
                const struct sup_jv *c = cs->items[k];
                if (!is_obj(rd, cs, k, "callees"))
                    break;
                const struct sup_jv *kind = member(rd, c, "kind", SUP_J_STR, true, "a callee");
                unsigned bits = kind && !strcmp(kind->str, "other_unit") ? COST_EXCL_UNITS
                                : kind && !strcmp(kind->str, "unpriced") ? COST_EXCL_UNPRICED : 0;
                if (kind && !bits)
                    err(rd, kind, "'kind' of a callee must be \"other_unit\" or \"unpriced\"");
                char *name = str(rd, c, "name", false, "a callee");
                double calls = num(rd, c, "calls", "a callee");
                if (name) {
                    fc->excl.callees = sup_xrealloc(fc->excl.callees, (fc->excl.ncallees + 1) * sizeof *fc->excl.callees);
                    fc->excl.callees[fc->excl.ncallees++] = (struct cost_excluded_call){name, calls, bits};
                }
            }
        }
        fc->incomplete = incomplete(rd, o, what);
        if (sup_jv_get(o, "no_estimate"))
            fc->no_estimate = str(rd, o, "no_estimate", true, what);
    }
    if (rd->failed)
        return;
    rd->order = sup_xcalloc(e->nfuncs + 1, sizeof *rd->order);
    /* (calls_to names functions of the whole list: read once the names are sorted, below) */
    for (size_t i = 0; i < e->nfuncs; i++)
        rd->order[i] = i;
    sort_ctx = rd;
    qsort(rd->order, e->nfuncs, sizeof *rd->order, by_name);
    for (size_t i = 1; i < e->nfuncs; i++)
        if (!strcmp(e->funcs[rd->order[i]].name, e->funcs[rd->order[i - 1]].name)) {
            size_t later = rd->order[i] > rd->order[i - 1] ? rd->order[i] : rd->order[i - 1];
            err(rd, a->items[later], "function '%s' is listed twice", e->funcs[later].name);
            return;
        }
    for (size_t i = 0; i < e->nfuncs && !rd->failed; i++) {
        const struct sup_jv *ct = member(rd, a->items[i], "calls_to", SUP_J_ARR, false, "a function");
        struct cost_func_cost *fc = &e->funcs[i];
        for (size_t k = 0; ct && k < ct->n && !rd->failed; k++) {
            if (!is_obj(rd, ct, k, "calls_to"))
                break;
            size_t g = func_ref(rd, ct->items[k], "function", "a call");
            double calls = num(rd, ct->items[k], "calls", "a call");
            fc->calls_to = sup_xrealloc(fc->calls_to, (fc->ncalls_to + 1) * sizeof *fc->calls_to);
            fc->calls_to[fc->ncalls_to++] = (struct cost_call){g, calls};
        }
    }
}

static void read_blocks(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->blocks = sup_xcalloc(a->n + 1, sizeof *e->blocks);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "blocks"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_block_cost *b = &e->blocks[e->nblocks++];
        const char *what = "a block";
        b->func = func_ref(rd, o, "function", what);
        const struct sup_jv *mb = member(rd, o, "machine_block", SUP_J_NUM, true, what);
        if (mb && (!mb->is_int || mb->i < -1 || mb->i > 1 << 30))
            err(rd, mb, "'machine_block' must be an integer >= -1");
        b->number = mb ? (int)mb->i : -1;
        b->ir_name = str(rd, o, "ir_block", true, what);
        b->loc = str(rd, o, "location", true, what);
        b->count = num(rd, o, "count", what);
        b->cycles = num(rd, o, "cycles", what);
        b->instructions = num(rd, o, "instructions", what);
        b->estimated = boolean(rd, o, "estimated", what);
    }
}

static void read_runtime(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->runtime = sup_xcalloc(a->n + 1, sizeof *e->runtime);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "runtime"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_runtime_cost *rt = &e->runtime[e->nruntime++];
        const char *what = "a runtime routine";
        rt->symbol = str(rd, o, "symbol", false, what);
        rt->calls = num(rd, o, "calls", what);
        rt->cycles = num(rd, o, "cycles", what);
        rt->instructions = num(rd, o, "instructions", what);
        rt->known = boolean(rd, o, "priced", what);
    }
}

static void read_warnings(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->warnings = sup_xcalloc(a->n + 1, sizeof *e->warnings);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (a->items[i]->kind != SUP_J_STR) {
            err(rd, a->items[i], "entries of \"warnings\" must be strings");
            return;
        }
        e->warnings[e->nwarnings++] = sup_strdup(a->items[i]->str);
    }
}

static void read_loops(struct rd *rd, struct report_data *r, const struct sup_jv *a)
{
    r->loops = sup_xcalloc(a->n + 1, sizeof *r->loops);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "loops"))
            return;
        const struct sup_jv *o = a->items[i];
        struct report_loop_cost *l = &r->loops[r->nloops++];
        const char *what = "a loop";
        l->func = func_ref(rd, o, "function", what);
        l->header = str(rd, o, "header", false, what);
        l->loc = str(rd, o, "location", true, what);
        l->parent = index_of(rd, o, "parent", a->n, true, what);
        l->depth = (unsigned)count(rd, o, "depth", what);
        l->header_count = num(rd, o, "header_count", what);
        const struct sup_jv *en = sup_jv_get(o, "entries");
        if (!en)
            err(rd, o, "missing key 'entries' in a loop");
        else if (en->kind == SUP_J_NULL)
            l->entries = -1;
        else if (en->kind != SUP_J_NUM)
            err(rd, en, "'entries' in a loop must be a number or null");
        else
            l->entries = en->num;
        l->cycles = num(rd, o, "cycles", what);
        l->inclusive = num(rd, o, "inclusive_cycles", what);
        l->instructions = num(rd, o, "instructions", what);
        l->nblocks = (size_t)count(rd, o, "blocks", what);
    }
    for (size_t i = 0; i < r->nloops && !rd->failed; i++)
        if (r->loops[i].parent != COST_NO_PARENT && r->loops[r->loops[i].parent].func != r->loops[i].func)
            err(rd, sup_jv_get(a->items[i], "parent"), "the parent of a loop must be a loop of the same function");
    if (!rd->failed && r->nloops && !acyclic(&r->loops[0].parent, sizeof *r->loops, r->nloops))
        err(rd, a, "the loops' parents form a cycle");
}

static void read_contexts(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->contexts = sup_xcalloc(a->n + 1, sizeof *e->contexts);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "contexts"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_context *c = &e->contexts[e->ncontexts++];
        const char *what = "a context";
        c->parent = index_of(rd, o, "parent", a->n, true, what);
        c->func = func_ref(rd, o, "function", what);
        c->callsite = str(rd, o, "callsite", true, what);
        c->calls = num(rd, o, "calls", what);
        c->self = num(rd, o, "self_cycles", what);
        c->inclusive = num(rd, o, "inclusive_cycles", what);
    }
    if (!rd->failed && e->ncontexts && !acyclic(&e->contexts[0].parent, sizeof *e->contexts, e->ncontexts))
        err(rd, a, "the contexts' parents form a cycle");
}

static void read_lines(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->lines = sup_xcalloc(a->n + 1, sizeof *e->lines);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "lines"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_line_cost *l = &e->lines[e->nlines++];
        const char *what = "a line";
        l->file = str(rd, o, "file", false, what);
        double line = count(rd, o, "line", what);
        if (!rd->failed && (line < 1 || line > 1e9))
            err(rd, sup_jv_get(o, "line"), "'line' must be a line number from 1");
        l->line = (unsigned)line;
        l->cycles = num(rd, o, "cycles", what);
        l->executions = num(rd, o, "executions", what);
    }
}

static void read_timeline(struct rd *rd, const struct sup_jv *t)
{
    struct cost_estimate *e = rd->e;
    const struct sup_jv *tr = member(rd, t, "tracks", SUP_J_ARR, true, "the timeline");
    const struct sup_jv *sl = member(rd, t, "slices", SUP_J_ARR, true, "the timeline");
    if (!tr || !sl)
        return;
    e->tracks = sup_xcalloc(tr->n + 1, sizeof *e->tracks);
    for (size_t i = 0; i < tr->n && !rd->failed; i++) {
        if (!is_obj(rd, tr, i, "tracks"))
            return;
        struct cost_track *k = &e->tracks[e->ntracks++];
        k->name = str(rd, tr->items[i], "name", false, "a track");
        k->clock_hz = num(rd, tr->items[i], "clock_hz", "a track");
    }
    e->slices = sup_xcalloc(sl->n + 1, sizeof *e->slices);
    for (size_t i = 0; i < sl->n && !rd->failed; i++) {
        if (!is_obj(rd, sl, i, "slices"))
            return;
        const struct sup_jv *o = sl->items[i];
        struct cost_slice *s = &e->slices[e->nslices++];
        const char *what = "a slice";
        s->track = index_of(rd, o, "track", e->ntracks, false, what);
        s->name = str(rd, o, "name", false, what);
        s->start = num(rd, o, "start", what);
        s->dur = num(rd, o, "duration", what);
        if (!rd->failed && s->dur < 0)
            err(rd, sup_jv_get(o, "duration"), "'duration' of a slice must not be negative");
        s->depth = (int)count(rd, o, "depth", what);
    }
}

static void read_accels(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->accels = sup_xcalloc(a->n + 1, sizeof *e->accels);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "accelerators"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_accel_cost *ac = &e->accels[e->naccels++];
        const char *what = "an accelerator";
        ac->name = str(rd, o, "name", false, what);
        ac->model = str(rd, o, "model", true, what);
        ac->clock_hz = num(rd, o, "clock_hz", what);
        ac->calls = num(rd, o, "calls", what);
        ac->busy = num(rd, o, "busy_cycles", what);
        ac->wait = num(rd, o, "wait_cycles", what);
        ac->overlap = num(rd, o, "overlap_cycles", what);
        const struct sup_jv *lat = member(rd, o, "latencies", SUP_J_ARR, true, what);
        if (!lat)
            return;
        ac->latencies = sup_xcalloc(lat->n + 1, sizeof *ac->latencies);
        for (size_t k = 0; k < lat->n; k++) {
            if (lat->items[k]->kind != SUP_J_NUM) {
                err(rd, lat->items[k], "latencies must be numbers");
                return;
            }
            ac->latencies[ac->nlatencies++] = lat->items[k]->num;
        }
    }
}

static void read_whatifs(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->whatifs = sup_xcalloc(a->n + 1, sizeof *e->whatifs);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "whatifs"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_whatif *w = &e->whatifs[e->nwhatifs++];
        const char *what = "a what-if record";
        w->func = str(rd, o, "function", false, what);
        w->accel = str(rd, o, "accelerator", true, what);
        w->calls = num(rd, o, "calls", what);
        w->software = num(rd, o, "software_cycles", what);
        w->offloaded = num(rd, o, "offloaded_cycles", what);
    }
}

static void read_sources(struct rd *rd, const struct sup_jv *a)
{
    struct cost_estimate *e = rd->e;
    e->sources = sup_xcalloc(a->n + 1, sizeof *e->sources);
    for (size_t i = 0; i < a->n && !rd->failed; i++) {
        if (!is_obj(rd, a, i, "sources"))
            return;
        const struct sup_jv *o = a->items[i];
        struct cost_source_func *sf = &e->sources[e->nsources++];
        const char *what = "a source function";
        sf->name = str(rd, o, "name", false, what);
        sf->loc = str(rd, o, "location", true, what);
        sf->func = COST_NO_PARENT;
        const struct sup_jv *fv = sup_jv_get(o, "function");
        if (!fv)
            err(rd, o, "missing key 'function' in %s", what);
        else if (fv->kind != SUP_J_NULL)
            sf->func = func_ref(rd, o, "function", what);
        sf->calls = num(rd, o, "calls", what);
        sf->self = num(rd, o, "self_cycles", what);
        sf->self_instructions = num(rd, o, "self_instructions", what);
        sf->inclusive = num(rd, o, "inclusive_cycles", what);
        sf->inlined = num(rd, o, "inlined_cycles", what);
        sf->copies = (size_t)count(rd, o, "inlined_copies", what);
        const struct sup_jv *into = member(rd, o, "inlined_into", SUP_J_ARR, true, what);
        for (size_t k = 0; into && k < into->n && !rd->failed; k++) {
            const struct sup_jv *v = into->items[k];
            if (v->kind != SUP_J_STR) {
                err(rd, v, "entries of 'inlined_into' must be function names");
                break;
            }
            size_t len = sf->into ? strlen(sf->into) : 0;
            char *n = sup_xmalloc(len + v->len + 3);
            snprintf(n, len + v->len + 3, "%s%s%s", sf->into ? sf->into : "", len ? ", " : "", v->str);
            free(sf->into);
            sf->into = n;
        }
        sf->incomplete = incomplete(rd, o, what);
    }
}

static const char *count_source(struct rd *rd, const struct sup_jv *v)
{
    static const char *const known[] = {"execution", "static", "profile"};
    for (size_t i = 0; i < 3; i++)
        if (!strcmp(v->str, known[i]))
            return known[i];
    err(rd, v, "unknown count source '%s' (expected execution, static or profile)", v->str);
    return NULL;
}

static void read_report(struct rd *rd, struct report_data *r, const struct sup_jv *root)
{
    struct cost_estimate *e = rd->e;
    if (root->kind != SUP_J_OBJ) {
        err(rd, root, "a report must be a JSON object");
        return;
    }
    const struct sup_jv *ver = sup_jv_get(root, "lpnest_report");
    if (!ver) {
        err(rd, root, "not an lpnest report (no \"lpnest_report\" key)");
        return;
    }
    if (ver->kind != SUP_J_NUM || !ver->is_int || ver->i != REPORT_SCHEMA_VERSION) {
        err(rd, ver, "unsupported report version (this lpnest reads \"lpnest_report\": %d)", REPORT_SCHEMA_VERSION);
        return;
    }
    e->module = str(rd, root, "module", false, "the report");
    const struct sup_jv *core = member(rd, root, "core", SUP_J_OBJ, true, "the report");
    if (core) {
        e->core = str(rd, core, "name", false, "\"core\"");
        e->core_description = str(rd, core, "description", true, "\"core\"");
        if (!e->core_description && !rd->failed)
            e->core_description = sup_strdup("");
        e->triple = str(rd, core, "triple", true, "\"core\"");
        if (!e->triple && !rd->failed)
            e->triple = sup_strdup("");
        e->clock_hz = num(rd, core, "clock_hz", "\"core\"");
    }
    const struct sup_jv *counts = member(rd, root, "counts", SUP_J_OBJ, true, "the report");
    if (counts && !rd->failed) {
        const struct sup_jv *src = member(rd, counts, "source", SUP_J_STR, true, "\"counts\"");
        if (src)
            e->count_source = count_source(rd, src);
        const struct sup_jv *es = member(rd, counts, "exit_status", SUP_J_NUM, true, "\"counts\"");
        if (es && (!es->is_int || es->i < -1 || es->i > 255))
            err(rd, es, "'exit_status' must be an integer from 0 to 255");
        e->exit_status = es ? (int)es->i : 0;
        e->ir_instructions = (uint64_t)count(rd, counts, "ir_instructions", "\"counts\"");
        const struct sup_jv *pc = member(rd, counts, "per_call", SUP_J_BOOL, false, "\"counts\"");
        /* reports from before the key: static counts are the plugin's, per call */
        e->per_call = pc ? pc->b : e->count_source && !strcmp(e->count_source, "static");
    }
    const struct sup_jv *total = member(rd, root, "total", SUP_J_OBJ, true, "the report");
    if (total && !rd->failed) {
        const char *what = "\"total\"";
        e->cycles = num(rd, total, "cycles", what);
        e->machine_cycles = num(rd, total, "machine_cycles", what);
        e->runtime_cycles = num(rd, total, "runtime_cycles", what);
        e->estimated_cycles = num(rd, total, "estimated_cycles", what);
        e->instructions = num(rd, total, "instructions", what);
        e->runtime_instructions = num(rd, total, "runtime_instructions", what);
        e->unknown_execs = num(rd, total, "unknown_instruction_executions", what);
    }
    const struct sup_jv *a;
    if (!rd->failed && (a = array(rd, root, "functions", true)))
        read_functions(rd, a);
    if (!rd->failed && (a = array(rd, root, "blocks", true)))
        read_blocks(rd, a);
    if (!rd->failed && (a = array(rd, root, "runtime", true)))
        read_runtime(rd, a);
    if (!rd->failed && (a = array(rd, root, "warnings", true)))
        read_warnings(rd, a);
    if (!rd->failed && (a = array(rd, root, "loops", false)))
        read_loops(rd, r, a);
    if (!rd->failed && (a = array(rd, root, "contexts", false)))
        read_contexts(rd, a);
    if (!rd->failed && (a = array(rd, root, "lines", false)))
        read_lines(rd, a);
    const struct sup_jv *t;
    if (!rd->failed && (t = member(rd, root, "timeline", SUP_J_OBJ, false, "the report")))
        read_timeline(rd, t);
    if (!rd->failed && (a = array(rd, root, "accelerators", false)))
        read_accels(rd, a);
    if (!rd->failed && (a = array(rd, root, "whatifs", false)))
        read_whatifs(rd, a);
    if (!rd->failed && (a = array(rd, root, "sources", false)))
        read_sources(rd, a);
}

struct report_data *report_parse(const char *name, const char *text, size_t len, FILE *diag)
{
    struct sup_jv *root = sup_json_parse(name, text, len, 0, diag);
    if (!root)
        return NULL;
    struct report_data *r = sup_xcalloc(1, sizeof *r);
    r->e = sup_xcalloc(1, sizeof *r->e);
    struct rd rd = {.name = name, .diag = diag, .e = r->e};
    read_report(&rd, r, root);
    free(rd.order);
    sup_jv_free(root);
    if (rd.failed) {
        report_free(r);
        return NULL;
    }
    return r;
}

struct report_data *report_read_file(const char *path, FILE *diag)
{
    size_t len;
    char *text = sup_read_file(path, &len, 0, diag);
    if (!text)
        return NULL;
    struct report_data *r = report_parse(path, text, len, diag);
    free(text);
    return r;
}
