/* estimate_timed.c — an estimate in two runs: the first counts and prices
 * (estimate.c); the second runs the program again with every IR block
 * entry advancing the host clock by the block's cost per execution, which
 * gives the calling-context tree (exact inclusive cycles per context), the
 * timeline of calls, and the host's time at offloaded calls (offload.c).
 * Without an accelerator the first run also keeps what the second would
 * give (timing_one.c), and the second runs only when that cannot replace it. */
#define _GNU_SOURCE
#include "estimate.h"
#include "estimate_host.h"
#include "estimator.h"
#include "isa.h"
#include "offload.h"
#include "progress.h"
#include "support.h"
#include "timing.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


/* IR block counts of the first run, kept for pricing blocks per execution. */
struct ir_counts {
    char **func;
    char ***block;
    uint64_t **count;
    size_t *nblocks;
    size_t nfuncs;
};

struct first_run {
    struct cost_run_counts rc;
    struct ir_counts *ic;
};

/* The first run, keeping its IR block counts. */
static struct eng_profile *count_run(void *arg, struct eng_module *em, const struct cost_requests *req,
                                     struct cost_args *args)
{
    struct first_run *fr = arg;
    struct eng_profile *p = cost_counting_run(&fr->rc, em, req, args);
    if (!p)
        return NULL;
    struct ir_counts *ic = fr->ic;
    size_t n = eng_profile_nfuncs(p);
    ic->nfuncs = n;
    ic->func = sup_xcalloc(n + 1, sizeof *ic->func);
    ic->block = sup_xcalloc(n + 1, sizeof *ic->block);
    ic->count = sup_xcalloc(n + 1, sizeof *ic->count);
    ic->nblocks = sup_xcalloc(n + 1, sizeof *ic->nblocks);
    for (size_t i = 0; i < n; i++) {
        size_t nb = eng_profile_nblocks(p, i);
        ic->func[i] = sup_strdup(eng_profile_func_name(p, i));
        ic->nblocks[i] = nb;
        ic->block[i] = sup_xcalloc(nb + 1, sizeof *ic->block[i]);
        ic->count[i] = sup_xcalloc(nb + 1, sizeof *ic->count[i]);
        for (size_t b = 0; b < nb; b++) {
            ic->block[i][b] = sup_strdup(eng_profile_block_name(p, i, b));
            ic->count[i][b] = eng_profile_block_count(p, i, b);
        }
    }
    return p;
}

static void free_counts(struct ir_counts *ic)
{
    for (size_t i = 0; i < ic->nfuncs; i++) {
        for (size_t b = 0; b < ic->nblocks[i]; b++)
            free(ic->block[i][b]);
        free(ic->block[i]);
        free(ic->count[i]);
        free(ic->func[i]);
    }
    free(ic->func);
    free(ic->block);
    free(ic->count);
    free(ic->nblocks);
}

/* The runtime calls of function I (IR counts IC) whose executions cost different amounts
 * (cost_call_costs): their cycles leave the mean of the IR block holding them (TOTAL, by
 * block) and are charged call by call in the timed run (tm_on_watch). A call whose block
 * holds less than that (its machine call laid in another block) stays in the mean. */
static void per_execution_calls(const struct cost_estimate *e, const struct ir_counts *ic, size_t i, double *total,
                                struct offload_timing *t)
{
    for (size_t k = 0; k < e->ncall_costs; k++) {
        const struct cost_call_costs *cc = &e->call_costs[k];
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(cc->inst);
        const char *fn = LLVMGetValueName(LLVMGetBasicBlockParent(bb)), *bn = LLVMGetBasicBlockName(bb);
        if (strcmp(fn, ic->func[i]) || !bn)
            continue;
        for (size_t b = 0; b < ic->nblocks[i]; b++) {
            if (strcmp(ic->block[i][b], bn))
                continue;
            if (ic->count[i][b] && total[b] >= cc->total * (1 - 1e-9)) {
                total[b] = total[b] > cc->total ? total[b] - cc->total : 0;
                t->calls = sup_xrealloc(t->calls, (t->ncalls + 1) * sizeof *t->calls);
                t->watch = sup_xrealloc(t->watch, (t->ncalls + 1) * sizeof *t->watch);
                t->calls[t->ncalls] = cc;
                t->watch[t->ncalls++] = (struct eng_watch){.inst = cc->inst};
            }
            break;
        }
    }
}

/* Per-execution costs of the IR blocks: the machine blocks' cycles go to
 * the IR block they belong to (by name; blocks code generation made go with
 * the block laid out before them), divided by its executions. Cycles of
 * blocks that never ran by the IR's counts, and what the function is
 * charged besides its blocks, go to the function's entry. */
static void block_costs(const struct cost_estimate *e, const struct ir_counts *ic, struct offload_timing *t)
{
    t->funcs = sup_xcalloc(ic->nfuncs + 1, sizeof *t->funcs);
    t->nfuncs = ic->nfuncs;
    for (size_t i = 0; i < ic->nfuncs; i++) {
        struct eng_block_weights *fc = &t->funcs[i];
        size_t nb = ic->nblocks[i];
        fc->func = sup_strdup(ic->func[i]);
        fc->nblocks = nb;
        fc->blocks = sup_xcalloc(nb + 1, sizeof *fc->blocks);
        fc->weight = sup_xcalloc(nb + 1, sizeof *fc->weight);
        for (size_t b = 0; b < nb; b++)
            fc->blocks[b] = sup_strdup(ic->block[i][b]);
        size_t ef = SIZE_MAX;
        for (size_t k = 0; k < e->nfuncs && ef == SIZE_MAX; k++)
            if (!strcmp(e->funcs[k].name, ic->func[i]))
                ef = k;
        if (ef == SIZE_MAX || !nb)
            continue;
        double *total = sup_xcalloc(nb + 1, sizeof *total);
        size_t owner = 0;
        for (size_t k = 0; k < e->nblocks; k++) {
            const struct cost_block_cost *bc = &e->blocks[k];
            if (bc->func != ef)
                continue;
            if (bc->ir_name)
                for (size_t b = 0; b < nb; b++)
                    if (!strcmp(ic->block[i][b], bc->ir_name)) {
                        owner = b;
                        break;
                    }
            total[owner] += bc->cycles;
        }
        /* what the function is charged beyond its blocks (program startup,
         * charged to main) is paid on entry */
        double blocks = 0;
        for (size_t b = 0; b < nb; b++)
            blocks += total[b];
        if (e->funcs[ef].self > blocks)
            total[0] += e->funcs[ef].self - blocks;
        for (size_t b = 0; b < nb; b++)
            if (!ic->count[i][b] && total[b] > 0 && b != 0) {
                total[0] += total[b];
                total[b] = 0;
            }
        per_execution_calls(e, ic, i, total, t);
        for (size_t b = 0; b < nb; b++)
            if (ic->count[i][b])
                fc->weight[b] = (uint64_t)llround(total[b] / (double)ic->count[i][b] * (double)TM_ONE);
        free(total);
    }
}

static size_t efunc_of(const struct cost_estimate *e, const char *name)
{
    for (size_t k = 0; k < e->nfuncs; k++)
        if (!strcmp(e->funcs[k].name, name))
            return k;
    return SIZE_MAX;
}

/* What each return costs beyond its blocks' mean, by the activation it ends
 * (cost_return_delta), per engine function (IC's order: the run's). */
static void return_costs(const struct cost_estimate *e, const struct ir_counts *ic, struct offload_timing *t)
{
    if (!e->nret_deltas)
        return;
    size_t n = ic->nfuncs;
    size_t *eng = sup_xcalloc(e->nfuncs + 1, sizeof *eng); /* estimate's function -> the run's */
    for (size_t k = 0; k < e->nfuncs; k++) {
        eng[k] = SIZE_MAX;
        for (size_t i = 0; i < n && eng[k] == SIZE_MAX; i++)
            if (!strcmp(ic->func[i], e->funcs[k].name))
                eng[k] = i;
    }
    t->nrd_funcs = n;
    t->rd_first = sup_xcalloc(n + 2, sizeof *t->rd_first);
    t->rd_caller = sup_xcalloc(e->nret_deltas + 1, sizeof *t->rd_caller);
    t->rd_delta = sup_xcalloc(e->nret_deltas + 1, sizeof *t->rd_delta);
    size_t m = 0;
    for (size_t f = 0; f < n; f++) {
        t->rd_first[f] = m;
        for (size_t k = 0; k < e->nret_deltas; k++) {
            const struct cost_return_delta *d = &e->ret_deltas[k];
            if (eng[d->callee] != f || eng[d->caller] == SIZE_MAX || !(d->returns > 0))
                continue;
            t->rd_caller[m] = (uint32_t)eng[d->caller];
            t->rd_delta[m++] = (int64_t)llround(d->cycles / d->returns * (double)TM_ONE);
        }
    }
    t->rd_first[n] = m;
    free(eng);
}

/* Calling contexts, per-function inclusive cycles and the timeline into E. */
static void fill(struct cost_estimate *e, const struct offload_timing *t, const struct ir_counts *ic,
                 const struct offload_model *off)
{
    size_t nf = ic->nfuncs; /* the engine's functions, in its order (either run's) */
    size_t *map = sup_xcalloc(nf + 1, sizeof *map);
    for (size_t i = 0; i < nf; i++)
        map[i] = efunc_of(e, ic->func[i]);
    /* contexts, in creation order (a parent comes before its children) */
    size_t *cidx = sup_xcalloc(t->nnodes + 1, sizeof *cidx);
    e->contexts = sup_xcalloc(t->nnodes + 1, sizeof *e->contexts);
    for (size_t i = 0; i < t->nnodes; i++) {
        const struct tm_node *nd = &t->nodes[i];
        cidx[i] = SIZE_MAX;
        if (map[nd->func] == SIZE_MAX || (nd->parent != UINT32_MAX && cidx[nd->parent] == SIZE_MAX))
            continue;
        struct cost_context *c = &e->contexts[e->ncontexts];
        cidx[i] = e->ncontexts++;
        c->parent = nd->parent == UINT32_MAX ? COST_NO_PARENT : cidx[nd->parent];
        c->func = map[nd->func];
        c->calls = (double)nd->calls;
        c->inclusive = (double)nd->incl / (double)TM_ONE;
        c->self = c->inclusive;
        c->site_inst = nd->site;
        if (nd->site) {
            char loc[512];
            eng_inst_loc(nd->site, loc, sizeof loc);
            if (loc[0])
                c->callsite = sup_strdup(loc);
            const char *bn = LLVMGetBasicBlockName(LLVMGetInstructionParent(nd->site));
            if (bn && bn[0])
                c->site_block = sup_strdup(bn);
        }
    }
    for (size_t i = 0; i < e->ncontexts; i++)
        if (e->contexts[i].parent != COST_NO_PARENT)
            e->contexts[e->contexts[i].parent].self -= e->contexts[i].inclusive;
    for (size_t i = 0; i < e->ncontexts; i++)
        if (e->contexts[i].self < 0 && e->contexts[i].self > -1e-6 * (e->contexts[i].inclusive + 1))
            e->contexts[i].self = 0;
    /* a function's inclusive cycles: its outermost contexts (recursion counted once);
     * the contexts follow indirect calls, which are no longer left out */
    for (size_t f = 0; f < e->nfuncs; f++) {
        e->funcs[f].inclusive = 0;
        e->funcs[f].excl.indirect = 0;
    }
    for (size_t i = 0; i < e->ncontexts; i++) {
        const struct cost_context *c = &e->contexts[i];
        bool outer = true;
        for (size_t a = c->parent; a != COST_NO_PARENT && outer; a = e->contexts[a].parent)
            outer = e->contexts[a].func != c->func;
        if (outer)
            e->funcs[c->func].inclusive += c->inclusive;
    }
    /* tracks and slices */
    size_t nacc = off ? offload_ntracks(off) : 0;
    e->tracks = sup_xcalloc(nacc + 2, sizeof *e->tracks);
    e->ntracks = nacc + 1;
    e->tracks[0].name = sup_strdup("host");
    e->tracks[0].clock_hz = e->clock_hz;
    for (size_t k = 1; k <= nacc; k++) {
        double hz;
        e->tracks[k].name = sup_strdup(offload_track_name(off, k, &hz));
        e->tracks[k].clock_hz = hz;
    }
    e->slices = sup_xcalloc(t->nslices + 1, sizeof *e->slices);
    for (size_t i = 0; i < t->nslices; i++) {
        const struct tm_slice *s = &t->slices[i];
        const char *name;
        if (s->track == 0) {
            if (s->name >= nf || map[s->name] == SIZE_MAX)
                continue;
            name = e->funcs[map[s->name]].name;
        } else {
            double hz;
            name = offload_track_name(off, s->track, &hz);
            const char *colon = strstr(name, ": ");
            name = colon ? colon + 2 : name;
        }
        struct cost_slice *es = &e->slices[e->nslices++];
        es->track = s->track;
        es->name = sup_strdup(name);
        es->start = (double)s->start / (double)TM_ONE;
        es->dur = (double)s->dur / (double)TM_ONE;
        es->depth = (int)s->depth;
    }
    free(cidx);
    free(map);
}

/* Whether the program may read its standard input. */
static bool reads_stdin(LLVMModuleRef m)
{
    static const char *const names[] = {"getchar", "getc", "fgetc", "fgets", "gets", "scanf", "fscanf", "vscanf",
                                        "vfscanf", "fread", "read", "getline", "getdelim", "ungetc", NULL};
    for (const char *const *n = names; *n; n++)
        if (LLVMGetNamedFunction(m, *n))
            return true;
    return LLVMGetNamedGlobal(m, "stdin") != NULL;
}

/* Both runs must read the same input: a program that reads its stdin gets
 * it from memory, read once here. Returns the bytes (NULL: leave stdin). */
static char *slurp_stdin(size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = sup_xmalloc(cap);
    size_t k;
    while ((k = fread(buf + n, 1, cap - n, stdin)) > 0) {
        n += k;
        if (n == cap)
            buf = sup_xrealloc(buf, cap *= 2);
    }
    *len = n;
    return buf;
}

static FILE *memory_file(char *buf, size_t len)
{
    return len ? fmemopen(buf, len, "r") : fopen("/dev/null", "r");
}

struct cost_estimate *offload_estimate_timed(struct eng_module *em, const struct isa *isa, const struct eng_run_options *o,
                                        const struct offload_system *sys, FILE *dump, int *status)
{
    *status = 1;
    struct ir_counts ic = {0};
    struct eng_run_options first = *o;
    /* one compilation serves both runs (the timed run's code is the counting run's) */
    first.jit_shared = true;
    size_t inlen = 0;
    char *inbuf = !o->in && reads_stdin(eng_module_llvm(em)) ? slurp_stdin(&inlen) : NULL;
    if (inbuf)
        first.in = memory_file(inbuf, inlen);
    struct first_run frun = {{&first, status, false, 0, 0, NULL, NULL}, &ic};
    /* one run (timing_one.c): without an accelerator the counting run also keeps what the
     * timed run would give, and the timed run runs only when that cannot replace it */
    struct offload_timing t = {0};
    const char *two = getenv("LPNEST_TWO_RUNS");
    /* (not on pipelined cores: their returns are charged by the activation they end, in the
     * timed run's on_return, which one run does not do) */
    if (!sys && !o->hooks && !(isa && isa_pipeline(isa)) && !(two && *two && strcmp(two, "0"))) {
        tm_one_start(&t);
        frun.rc.wrap = tm_one_wrap;
        frun.rc.wrap_arg = &t;
    }
    struct cost_estimate *e = cost_estimate_counted(em, isa, o->diag, dump, true, count_run, &frun);
    if (inbuf && first.in)
        fclose(first.in);
    if (!e) {
        free_counts(&ic);
        tm_free(&t);
        free(inbuf);
        return NULL;
    }
    /* cycles charged besides blocks (program startup, to main) go to main's line */
    double lines = 0;
    for (size_t i = 0; i < e->nlines; i++)
        lines += e->lines[i].cycles;
    size_t mi = efunc_of(e, "main");
    if (e->nlines && mi != SIZE_MAX && e->funcs[mi].loc && e->cycles - lines > 1e-9 * e->cycles) {
        const char *colon = strrchr(e->funcs[mi].loc, ':');
        unsigned line = colon ? (unsigned)atoi(colon + 1) : 0;
        struct cost_line_cost *l = NULL;
        for (size_t i = 0; i < e->nlines && !l; i++)
            if (e->lines[i].line == line && !strncmp(e->lines[i].file, e->funcs[mi].loc, (size_t)(colon - e->funcs[mi].loc)) &&
                !e->lines[i].file[colon - e->funcs[mi].loc])
                l = &e->lines[i];
        if (!l) {
            e->lines = sup_xrealloc(e->lines, (e->nlines + 1) * sizeof *e->lines);
            l = &e->lines[e->nlines++];
            memset(l, 0, sizeof *l);
            size_t fl = (size_t)(colon - e->funcs[mi].loc);
            l->file = sup_xmalloc(fl + 1);
            memcpy(l->file, e->funcs[mi].loc, fl);
            l->file[fl] = '\0';
            l->line = line;
            l->executions = 1;
        }
        l->cycles += e->cycles - lines;
    }
    block_costs(e, &ic, &t);
    return_costs(e, &ic, &t);
    t.max_slices = 200000;
    t.max_depth = 64;
    t.min_slice = (uint64_t)(e->cycles / 20000.0 * (double)TM_ONE);
    struct offload_model *off = NULL;
    bool ok = true;
    if (sys) {
        off = offload_new(sys, e->clock_hz, &t, o->diag);
        t.off = off;
        ok = offload_check(off, eng_module_llvm(em));
    }
    bool one = t.one && !e->nret_deltas && tm_one_finish(&t);
    if (t.one && !one)
        tm_one_reset(&t); /* the timed run makes the contexts again */
    if (getenv("LPNEST_JIT_STATS") && !sys)
        fprintf(stderr, "lpnest: jit: timing: %s\n", one ? "one run (the counting run's contexts)" : "the timed run");
    struct eng_profile *p = NULL;
    if (ok && !one) {
        struct eng_run_options ro = *o;
        ro.jit_shared = true;
        ro.weights = t.funcs;
        ro.nweights = t.nfuncs;
        ro.hooks = &tm_hooks;
        ro.hooks_arg = &t;
        t.next = sup_xcalloc(t.ncalls + 1, sizeof *t.next);
        ro.watch = t.watch;
        ro.nwatch = t.ncalls;
        ro.watch_fn = t.ncalls ? tm_on_watch : NULL;
        ro.watch_arg = &t;
        eng_progress_phase("timed run");
        /* the program's output was seen in the first run */
        FILE *null = fopen("/dev/null", "w");
        ro.out = ro.err = null;
        if (inbuf)
            ro.in = memory_file(inbuf, inlen);
        if (null)
            p = eng_run(em, &ro);
        else
            sup_diag(o->diag, "/dev/null", 0, 0, "error", "cannot open for the timed run");
        if (null)
            fclose(null);
        if (inbuf && ro.in)
            fclose(ro.in);
        ok = p && !eng_profile_faulted(p) && t.finished;
        if (p && eng_profile_faulted(p))
            sup_diag(o->diag, "lpnest", 0, 0, "error", "no estimate: the program faulted in the timed run (see above)");
    }
    if (ok) {
        fill(e, &t, &ic, off);
        double timed = (double)t.end_clock / (double)TM_ONE;
        if (off) {
            offload_report(off, e);
            e->cycles = timed;
            offload_estimate_rebase_host(e);
        } else if (fabs(timed - e->cycles) > 1e-6 * e->cycles + 1) {
            cost_estimate_warn(e, "the timed run adds up to %.0f cycles, %.0f away from the estimate (cycles of code "
                                 "generation's blocks spread over IR blocks)",
                              timed, timed - e->cycles);
        }
        cost_estimate_warn_unpriced(e);
        if (frun.rc.ran)
            cost_memory_fit(e, em, isa, frun.rc.heap, frun.rc.stack, o->diag);
    } else {
        cost_estimate_free(e);
        e = NULL;
        *status = 1;
    }
    eng_profile_free(p);
    offload_free(off);
    tm_free(&t);
    free_counts(&ic);
    free(inbuf);
    return e;
}
