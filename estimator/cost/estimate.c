/* estimate.c — prices a run on a core, wiring the layers below: checks that
 * the bitcode suits the core, lowers it (lower/), gets the counts (a run of
 * the engine, or counts from elsewhere), maps them onto machine blocks,
 * prices every block (runtime calls: cost_args.c), and totals per function (self and
 * inclusive) and per block, keeping track of what rests on estimates. The
 * estimate itself (warnings, freeing) is estimate_model.c. */
#define _GNU_SOURCE
#include "cost.h"
#include "estimate_static.h"
#include "isa.h"
#include "support.h"
#include "progress.h"
#include "source_path.h"

#include <llvm-c/DebugInfo.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(COST_PROVENANCE_COLUMN == ENG_PROVENANCE_COLUMN, "one provenance column");

/* "file:line" of the first instruction of IR block BB with a location. */
static char *block_loc(LLVMBasicBlockRef bb)
{
    char buf[512];
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        eng_inst_loc(i, buf, sizeof buf);
        if (buf[0]) {
            /* keep file:line, drop the column */
            char *c = strrchr(buf, ':');
            char *l = c ? memrchr(buf, ':', (size_t)(c - buf)) : NULL;
            if (l)
                *c = '\0';
            return sup_strdup(buf);
        }
    }
    return NULL;
}

/* Bitcode compiled for features the core cannot execute is refused. */
static bool check_features(struct cost_ctx *cx)
{
    bool ok = true, cpu_reported = false;
    for (LLVMValueRef f = LLVMGetFirstFunction(cx->m); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        /* a function compiled for another CPU is lowered for that CPU (its attribute wins
         * over the core's), with the features that CPU implies (-mcpu=440: isel) */
        LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-cpu", 10);
        unsigned cl;
        const char *cv = cpu ? LLVMGetStringAttributeValue(cpu, &cl) : NULL;
        if (cv && isa_cpu(cx->isa) && isa_cpu(cx->isa)[0] &&
            (strlen(isa_cpu(cx->isa)) != cl || strncmp(cv, isa_cpu(cx->isa), cl))) {
            char some[200] = "";
            for (size_t k = 0; k < isa_nforbidden(cx->isa) && k < 6; k++)
                snprintf(some + strlen(some), sizeof some - strlen(some), "%s%s", k ? ", " : "", isa_forbidden(cx->isa, k));
            size_t n;
            if (!cpu_reported)
                sup_diag(cx->diag, cx->e->module, 0, 0, "error",
                         "function '%s' is compiled for CPU '%.*s', but %s runs code for CPU '%s': its code would "
                         "use what '%.*s' implies, which %s may lack (%s%s); recompile with the core's CPU: %s",
                         LLVMGetValueName2(f, &n), (int)cl, cv, isa_name(cx->isa), isa_cpu(cx->isa), (int)cl, cv,
                         isa_name(cx->isa), some, isa_nforbidden(cx->isa) > 6 ? ", ..." : "", isa_cpu(cx->isa));
            ok = false;
            cpu_reported = true;
            continue;
        }
        LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-features", 15);
        if (!a)
            continue;
        unsigned len;
        const char *feats = LLVMGetStringAttributeValue(a, &len);
        for (size_t k = 0; k < isa_nforbidden(cx->isa); k++) {
            const char *bad = isa_forbidden(cx->isa, k);
            char want[128];
            snprintf(want, sizeof want, "+%s", bad);
            size_t wl = strlen(want);
            for (const char *p = feats; p && p < feats + len; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
                if ((size_t)(feats + len - p) >= wl && !strncmp(p, want, wl) && (p[wl] == ',' || p + wl == feats + len)) {
                    size_t n;
                    sup_diag(cx->diag, cx->e->module, 0, 0, "error",
                             "function '%s' is compiled with feature '%s', which %s cannot execute "
                             "(recompile with the core's CPU: %s)",
                             LLVMGetValueName2(f, &n), want, isa_name(cx->isa), isa_cpu(cx->isa));
                    ok = false;
                    break;
                }
            }
        }
    }
    return ok;
}

/* Inclusive cycles: self plus, for each call, what the callee costs per call
 * on average; calls back into a function already on the path count its self
 * cycles only (recursion). */
static double inclusive(struct cost_ctx *cx, size_t f, char *state)
{
    struct cost_func_cost *fc = &cx->e->funcs[f];
    if (state[f] == 2)
        return fc->inclusive;
    if (state[f] == 1)
        return fc->self;
    state[f] = 1;
    double v = fc->self;
    for (size_t g = 0; g < cx->nfuncs; g++) {
        double k = cx->callgraph[f * cx->nfuncs + g];
        if (k <= 0 || g == f)
            continue;
        struct cost_func_cost *gc = &cx->e->funcs[g];
        double ig = state[g] == 1 ? gc->self : inclusive(cx, g, state);
        if (gc->calls)
            v += k * ig / (double)gc->calls;
    }
    fc->inclusive = v;
    state[f] = 2;
    return v;
}

/* Lowers the module for the core and parses the machine code; NULL after a message. */

/* Whether the core's timing depends on where the code lies (lay_out). */
static bool laid_out(const struct isa *isa)
{
    uint64_t base;
    return isa_pipeline(isa) && isa_text_base(isa, &base);
}

/* Pipelined cores: where every instruction lies, from the object file of
 * the same code: OBJ (LEN bytes), the priced assembly assembled in the
 * child that made it (lower_codegen_asm_obj), or when NULL compiled by
 * lpnest (also when the compiler's code was given: its object is not at
 * hand). */
static bool lay_out(struct cost_ctx *cx, struct eng_module *em, struct mmodule *mm, const char *mt, const char *given,
                    size_t len)
{
    const struct isa *isa = cx->isa;
    uint64_t base;
    if (!isa_pipeline(isa) || !isa_text_base(isa, &base))
        return true;
    if (getenv("LPNEST_LAYOUT_STATS")) /* (cores.layout-assembled: which object was laid) */
        fprintf(cx->diag, "lpnest: layout: the object %s\n",
                given ? "assembled from the priced text" : "compiled by the code generator");
    if (given)
        return lower_layout(mm, given, len, (uint32_t)base, isa_relax(isa), cx->diag);
    struct lower_codegen_target t = {mt, isa_cpu(isa), isa_features(isa), eng_module_name(em), isa_name(isa), em};
    LLVMContextRef octx = LLVMContextCreate();
    LLVMModuleRef ofresh = eng_module_fresh(em, octx, cx->diag);
    char *obj = ofresh ? lower_codegen_obj(ofresh, &t, &len, cx->diag) : NULL;
    if (ofresh)
        LLVMDisposeModule(ofresh);
    LLVMContextDispose(octx);
    bool ok = obj && lower_layout(mm, obj, len, (uint32_t)base, isa_relax(isa), cx->diag);
    free(obj);
    return ok;
}

static bool lower(struct cost_ctx *cx, struct eng_module *em, struct mmodule *mm)
{
    const struct isa *isa = cx->isa;
    LLVMModuleRef m = cx->m;
    const char *mt = LLVMGetTarget(m);
    if (!lower_same_arch(mt, isa_triple(isa))) {
        sup_diag(cx->diag, eng_module_name(em), 0, 0, "error",
                 "the bitcode is for '%s', but %s needs code for '%s' (compile with --target=%s)", mt, isa_name(isa),
                 isa_triple(isa), isa_triple(isa));
        return false;
    }
    if (!check_features(cx))
        return false;
    if (cx->mc) {
        /* the code the compiler built, read as it built it */
        const char *dump = getenv("LPNEST_DUMP_ASM"); /* development aid: the assembly that was priced */
        FILE *df = dump ? fopen(dump, "w") : NULL;
        if (df) {
            fputs(cx->mc->assembly, df);
            fclose(df);
        }
        bool ok = lower_parse_asm(cx->mc->assembly, mt, mm, cx->diag) && lower_build_cfg(mm, isa, m, cx->diag) &&
                  lay_out(cx, em, mm, mt, NULL, 0);
        if (!ok)
            lower_mmodule_free(mm);
        return ok;
    }
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef fresh = eng_module_fresh(em, ctx, cx->diag);
    struct lower_codegen_target t = {mt, isa_cpu(isa), isa_features(isa), eng_module_name(em), isa_name(isa), em};
    /* a pipelined core's object: the same code generation's text, assembled (the object of
     * FRESH, which the layout is of also when the text priced is PLAIN's below) */
    char *obj = NULL;
    size_t olen = 0;
    char *text = !fresh ? NULL
                 : laid_out(isa) ? lower_codegen_asm_obj(fresh, &t, &obj, &olen, cx->diag)
                                 : lower_codegen_asm(fresh, &t, cx->diag);
    if (text && lower_codegen_frames_added(fresh, text)) {
        /* the normal build's instruction order, with the locations */
        LLVMModuleRef plain = eng_module_plain(em, ctx, cx->diag);
        char *built = plain ? lower_codegen_as_built(plain, text, &t, cx->diag) : NULL;
        if (plain)
            LLVMDisposeModule(plain);
        if (built) {
            free(text);
            text = built;
        }
    }
    if (fresh)
        LLVMDisposeModule(fresh);
    LLVMContextDispose(ctx);
    if (!text)
        return false;
    bool ok = lower_parse_asm(text, mt, mm, cx->diag) && lower_build_cfg(mm, isa, m, cx->diag) &&
              lay_out(cx, em, mm, mt, obj, olen);
    free(text);
    free(obj);
    if (!ok)
        lower_mmodule_free(mm);
    return ok;
}

/* The IR edges of function F and their counts (the source view's entries
 * into inlined copies, report/sources.c); parallel edges are merged. */
static void keep_edges(struct cost_estimate *e, size_t f, const struct cnt_func *xf)
{
    for (uint32_t k = 1; k < xf->nedges; k++) {
        if (!xf->edges[k].count)
            continue;
        uint32_t from = xf->einfo[k].from, to = xf->einfo[k].to;
        struct cost_ir_edge *last = e->nir_edges ? &e->ir_edges[e->nir_edges - 1] : NULL;
        if (last && last->func == f && last->from == from && last->to == to) {
            last->count += (double)xf->edges[k].count;
            continue;
        }
        size_t n = e->nir_edges; /* capacity: 16, then doubled at powers of two */
        if (n == 0 || (n >= 16 && (n & (n - 1)) == 0))
            e->ir_edges = sup_xrealloc(e->ir_edges, (n ? n * 2 : 16) * sizeof *e->ir_edges);
        e->ir_edges[e->nir_edges++] = (struct cost_ir_edge){f, from, to, (double)xf->edges[k].count};
    }
}

static bool price_machine(struct cost_ctx *cx, struct mmodule *mm)
{
    struct cost_estimate *e = cx->e;
    if (!lower_machine_counts(mm, cx->p, cx->diag))
        return false;
    const char *stacked = lower_avr_stack_args(mm, cx->p);
    if (stacked)
        cost_estimate_warn(cx->e, "%s receives arguments on the stack, which LLVM 19's AVR back end reads one byte "
                           "off (3-byte return addresses): the machine code computes other values than the program, "
                           "so every block count is an estimate", stacked);
    if (cx->dump)
        cost_dump_machine(mm, cx->isa, cx->dump);
    e->nfuncs = mm->nfuncs;
    e->funcs = sup_xcalloc(mm->nfuncs + 1, sizeof *e->funcs);
    for (size_t i = 0; i < mm->nfuncs; i++) {
        e->funcs[i].name = sup_strdup(mm->funcs[i].name);
        if (mm->funcs[i].prof >= 0)
            e->funcs[i].calls = eng_profile_func_calls(cx->p, (size_t)mm->funcs[i].prof);
    }
    cx->nfuncs = mm->nfuncs;
    cx->callgraph = sup_xcalloc(mm->nfuncs * mm->nfuncs + 1, sizeof *cx->callgraph);
    size_t total_blocks = 0;
    for (size_t i = 0; i < mm->nfuncs; i++)
        total_blocks += mm->funcs[i].nblocks;
    e->blocks = sup_xcalloc(total_blocks + 1, sizeof *e->blocks);
    for (size_t i = 0; i < mm->nfuncs; i++) {
        struct mfunc *mf = &mm->funcs[i];
        const struct cnt_func *xf = mf->prof >= 0 ? eng_profile_counts(cx->p, (size_t)mf->prof) : NULL;
        cx->cur_func = i;
        struct cost_func_cost *fc = &e->funcs[i];
        if (xf) {
            LLVMMetadataRef sp = LLVMGetSubprogram(xf->fn);
            if (sp) {
                char file[1024], buf[1100];
                eng_difile_path(LLVMGetGlobalParent(xf->fn), LLVMDIScopeGetFile(sp), file, sizeof file);
                snprintf(buf, sizeof buf, "%s:%u", file, LLVMDISubprogramGetLine(sp));
                fc->loc = sup_strdup(buf);
            }
        }
        if (xf)
            keep_edges(e, i, xf);
        for (size_t b = 0; b < mf->nblocks; b++) {
            struct mblock *mb = &mf->blocks[b];
            struct block_price bp;
            if (cx->pipe)
                cost_pipe_price_block(cx, cx->pipe, i, b, &bp);
            else
                cost_price_block(cx, mf, b, &bp);
            cost_lines_add_block(cx, mf, b, &bp);
            bool est = mb->source == MC_ESTIMATE;
            fc->self += bp.cycles;
            fc->runtime += bp.runtime_cycles;
            fc->instructions += bp.instructions;
            e->cycles += bp.cycles;
            e->runtime_cycles += bp.runtime_cycles;
            e->machine_cycles += bp.cycles - bp.runtime_cycles;
            e->estimated_cycles += est ? bp.cycles : bp.estimated_cycles;
            e->instructions += bp.instructions;
            e->runtime_instructions += bp.runtime_instructions;
            e->unknown_execs += bp.unknown;
            struct cost_block_cost *bc = &e->blocks[e->nblocks++];
            bc->func = i;
            bc->number = mb->number;
            bc->ir_name = mb->ir_name ? sup_strdup(mb->ir_name) : NULL;
            bc->count = mb->count;
            bc->cycles = bp.cycles;
            bc->instructions = bp.instructions;
            bc->estimated = est || mb->split_estimated || bp.estimated_cycles > 0; /* its count, its split, or a routine call priced at a mean (every core: PicoRV32 varargs sum_mixed bb.3, bb.8) */
            if (xf && mb->ir_block >= 0)
                bc->loc = block_loc(xf->blocks[mb->ir_block].bb);
        }
    }
    if (cx->pipe)
        cost_pipe_return_deltas(cx->pipe, e);
    return true;
}

/* ---- shared by the run (below) and counts from elsewhere (estimate_static.c) ---- */
struct cost_estimate *cost_estimate_counted(struct eng_module *em, const struct isa *isa, FILE *diag, FILE *dump,
                                          bool values, cost_counts_fn counts, void *arg)
{
    return cost_estimate_counted_code(em, isa, NULL, diag, dump, values, counts, arg);
}

struct cost_estimate *cost_estimate_counted_code(struct eng_module *em, const struct isa *isa,
                                               const struct cost_machine_code *mc, FILE *diag, FILE *dump,
                                               bool values, cost_counts_fn counts, void *arg)
{
    struct cost_estimate *e = sup_xcalloc(1, sizeof *e);
    e->module = sup_strdup(eng_module_name(em));
    e->core = sup_strdup(isa_name(isa));
    e->core_description = sup_strdup(isa_description(isa) ? isa_description(isa) : "");
    e->triple = sup_strdup(isa_triple(isa) ? isa_triple(isa) : "llvm-ir");
    e->clock_hz = isa_clock_hz(isa);
    struct cost_ctx cx = {.isa = isa, .e = e, .m = eng_module_llvm(em), .diag = diag, .dump = dump, .mc = mc};
    struct mmodule mm = {0};
    bool machine = isa_model(isa) != ISA_MODEL_IR;
    eng_progress_phase("lowering");
    bool ok = !machine || lower(&cx, em, &mm);
    struct eng_profile *p = NULL;
    struct eng_block_ref *req = NULL;
    size_t nreq = 0;
    struct lower_probes probes = {0};
    if (ok) {
        /* paths are counted where the machine code needs them, and the values
         * its branches test */
        if (machine) {
            nreq = lower_pair_requests(&mm, cx.m, &req);
            lower_call_plan(&mm, em);
            lower_probe_requests(&mm, cx.m, &probes);
            cx.pipe = cost_pipe_new(&cx, &mm); /* pipelined cores: the states, before the run */
        }
        /* and the values that costs depend on (cost_args.c), when a run sees them */
        if (values)
            cx.args = cost_args_plan(&cx, machine ? &mm : NULL);
        struct cost_requests rq = {.pairs = req, .npairs = nreq, .probes = probes.probes, .nprobes = probes.n};
        p = counts(arg, em, &rq, cx.args);
        ok = p != NULL;
    }
    if (ok) {
        cx.p = p;
        eng_progress_phase("pricing");
        e->exit_status = eng_profile_exit_status(p);
        e->ir_instructions = eng_profile_instructions(p);
        for (size_t i = 0; i < eng_profile_nwarnings(p); i++) /* the run's (a read past a global ...) */
            cost_estimate_warn(e, "%s", eng_profile_warning(p, i));
        ok = machine ? price_machine(&cx, &mm) : cost_price_ir(&cx);
        if (ok && machine)
            cost_x86_padding(&cx, em, &mm); /* cost_pad.c: executed alignment no-ops (x86 only) */
    }
    if (ok) {
        cost_args_finish(&cx);
        char *state = sup_xcalloc(e->nfuncs + 1, 1);
        for (size_t i = 0; i < e->nfuncs; i++)
            inclusive(&cx, i, state);
        free(state);
        /* the call graph, for views and for a project's view of several units */
        for (size_t f = 0; f < e->nfuncs && cx.callgraph; f++)
            for (size_t g = 0; g < e->nfuncs; g++) {
                double k = cx.callgraph[f * cx.nfuncs + g];
                if (!(k > 0))
                    continue;
                struct cost_func_cost *fc = &e->funcs[f];
                fc->calls_to = sup_xrealloc(fc->calls_to, (fc->ncalls_to + 1) * sizeof *fc->calls_to);
                fc->calls_to[fc->ncalls_to++] = (struct cost_call){g, k};
            }
    }
    free(cx.callgraph);
    cost_pipe_free(cx.pipe);
    cost_lines_free(&cx);
    cost_args_free(cx.args);
    if (machine && mm.funcs)
        lower_mmodule_free(&mm);
    lower_pair_requests_free(req, nreq);
    eng_profile_free(p);
    lower_probes_free(&probes);
    eng_progress_clear();
    if (!ok) {
        cost_estimate_free(e);
        return NULL;
    }
    return e;
}

/* The program runs once, counting paths where the machine code needs them. */
struct eng_profile *cost_counting_run(void *arg, struct eng_module *em, const struct cost_requests *req,
                                     struct cost_args *args)
{
    struct cost_run_counts *rc = arg;
    struct eng_run_options ro = *rc->o;
    if (req->pairs) {
        ro.pairs = req->pairs;
        ro.npairs = req->npairs;
    }
    ro.probes = req->probes;
    ro.nprobes = req->nprobes;
    cost_args_options(args, &ro);
    if (rc->wrap)
        rc->wrap(rc->wrap_arg, &ro);
    eng_progress_phase("counting run");
    struct eng_profile *p = eng_run(em, &ro);
    if (!p)
        return NULL;
    *rc->status = eng_profile_faulted(p) ? 1 : eng_profile_exit_status(p);
    eng_profile_memory(p, &rc->heap, &rc->stack);
    rc->ran = true;
    if (eng_profile_faulted(p)) {
        sup_diag(ro.diag, "lpnest", 0, 0, "error", "no estimate: the program faulted (see above)");
        eng_profile_free(p);
        return NULL;
    }
    return p;
}

struct cost_estimate *cost_estimate_run(struct eng_module *em, const struct isa *isa, const struct eng_run_options *o,
                                      FILE *dump, int *status)
{
    struct cost_run_counts rc = {o, status, false, 0, 0, NULL, NULL};
    *status = 1;
    struct cost_estimate *e = cost_estimate_counted(em, isa, o->diag, dump, true, cost_counting_run, &rc);
    if (e) {
        cost_estimate_warn_unpriced(e);
        if (rc.ran)
            cost_memory_fit(e, em, isa, rc.heap, rc.stack, o->diag);
    }
    return e;
}
