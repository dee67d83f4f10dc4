/* profile.c — eng_run: sets up the engine for a module, runs main, and turns
 * edge counters into exact block counts; accessors and the counts JSON. */
#define _DEFAULT_SOURCE
#include "exec.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct eng_profile {
    struct vm vm;
    uint64_t instructions;
    struct cnt_func *counts;  /* the count model (counts.h), per engine function */
};

#define MAX_FRAMES (1u << 20)
#define MAX_SLOTS (1ull << 26)

static void *reserve(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* Block counts: the entry block is entered once per call, every other block
 * once per traversal of an incoming edge. */
static void block_counts(struct vm *vm)
{
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        struct xfunc *f = &vm->funcs[i];
        if (!f->defined || !f->compiled)
            continue;
        for (uint32_t b = 0; b < f->nblocks; b++)
            f->blocks[b].count = 0;
        for (uint32_t e = 0; e < f->nedges; e++)
            f->blocks[f->einfo[e].to].count += f->edges[e].count;
    }
}

/* The count model of the engine's records: block and edge counts copied,
 * edge kinds, selects and path counters shared with the engine's arrays. */
static void make_counts(struct eng_profile *p)
{
    struct vm *vm = &p->vm;
    p->counts = sup_xcalloc(vm->nfuncs + 1, sizeof *p->counts);
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        const struct xfunc *x = &vm->funcs[i];
        struct cnt_func *c = &p->counts[i];
        *c = (struct cnt_func){.fn = x->fn, .name = x->name, .defined = x->defined, .compiled = x->compiled,
                               .calls = x->calls, .nblocks = x->nblocks, .einfo = x->einfo, .nedges = x->nedges,
                               .selects = x->selects, .sel_counts = x->sel_counts, .nselects = x->nselects,
                               .nsel_lanes = x->nsel_lanes, .pairs = x->pairs, .npairs = x->npairs};
        c->blocks = sup_xcalloc(x->nblocks + 1, sizeof *c->blocks);
        for (uint32_t b = 0; b < x->nblocks; b++)
            c->blocks[b] = (struct cnt_block){x->blocks[b].bb, x->blocks[b].name, x->blocks[b].ninst, x->blocks[b].count};
        if (x->edges) {
            c->edges = sup_xcalloc(x->nedges + 1, sizeof *c->edges);
            for (uint32_t e = 0; e < x->nedges; e++)
                c->edges[e].count = x->edges[e].count;
        }
    }
}

/* IR instructions executed: every entered block counted whole, less the part
 * of each active block that never ran (the program exited or faulted inside). */
static uint64_t executed(struct vm *vm)
{
    uint64_t n = vm->steps;
    if (!vm->fault_pc)
        return n;
    for (uint32_t d = 0; d <= vm->depth; d++) {
        struct xfunc *f = vm->frames[d].fn;
        const struct op *at = d == vm->depth ? vm->fault_pc : vm->frames[d + 1].call_op;
        if (!f || !at || at < f->code || at >= f->code + f->ncode)
            continue;
        size_t i = (size_t)(at - f->code);
        uint32_t blk = f->op_block[i], pos = f->op_pos[i];
        /* an op of a phi edge belongs to the edge, not yet to the block */
        if (f->op_inst[i] && LLVMGetInstructionOpcode(f->op_inst[i]) == LLVMPHI)
            continue;
        if (pos + 1 <= f->blocks[blk].ninst && n >= f->blocks[blk].ninst - (pos + 1))
            n -= f->blocks[blk].ninst - (pos + 1);
    }
    return n;
}

struct eng_profile *eng_run(struct eng_module *m, const struct eng_run_options *o)
{
    struct eng_profile *p = sup_xcalloc(1, sizeof *p);
    struct vm *vm = &p->vm;
    vm->mod = m;
    vm->m = eng_module_llvm(m);
    vm->diag = o->diag;
    vm->argc = o->argc;
    vm->argv = o->argv;
    vm->in = o->in ? o->in : stdin;
    vm->out = o->out ? o->out : stdout;
    vm->err = o->err ? o->err : stderr;
    vm->fs_root = o->fs_root;
    vm->allow_writes = o->allow_writes;
    vm->write_limit = o->write_limit;
    vm->max_steps = o->max_steps;
    vm->progress = o->progress;
    struct exec_run_shape sh;
    exec_jit_shape(m, o, &sh);
    vm->pair_req = sh.pairs;
    vm->npair_req = sh.npairs;
    vm->probes = sh.probes;
    vm->nprobes = sh.nprobes;
    vm->probe_next = sup_xcalloc(sh.nprobes + 1, sizeof *vm->probe_next);
    for (size_t i = sh.nprobes; i-- > 0;) {
        uint64_t first = 0;
        ptrmap_get(&vm->probe_at, sh.probes[i].at, &first);
        vm->probe_next[i] = (uint32_t)first;
        ptrmap_put(&vm->probe_at, sh.probes[i].at, i + 1);
    }
    size_t nplan = eng_module_call_plan(m, &vm->plan);
    for (size_t i = 0; i < nplan; i++)
        ptrmap_put(&vm->call_plan, vm->plan[i].inst, i + 1);
    if (sh.watch_map || o->watch_fn) {
        vm->watch = sh.watch;
        vm->watch_map = sh.watch_map;
        vm->watch_fn = o->watch_fn;
        vm->watch_arg = o->watch_arg;
        for (size_t i = 0; i < sh.nwatch; i++)
            ptrmap_put(&vm->watched, sh.watch[i].inst, i + 1);
    }
    vm->jit_poll_at = UINT64_MAX;
    vm->jit_shared = o->jit_shared;
    vm->jit_cache = o->jit_cache;
    vm->linked = o->memory_linked;
    vm->board_rodata = o->board_rodata;
    vm->board_rodata_len = o->board_rodata ? o->board_rodata_len : 0;
    vm->board_rodata_align = o->board_rodata_align ? o->board_rodata_align : 1;
    vm->builtins = o->builtins;
    vm->nbuiltins = o->nbuiltins;
    if (!exec_target_init(vm, o->diag) || !exec_mem_init(vm, o->stack_bytes))
        goto fail;
    vm->frames = reserve(MAX_FRAMES * sizeof *vm->frames);
    vm->slots = reserve(MAX_SLOTS * sizeof *vm->slots);
    if (!vm->frames || !vm->slots) {
        sup_diag(o->diag, NULL, 0, 0, "error", "cannot reserve memory for the call stack");
        goto fail;
    }
    vm->max_depth = MAX_FRAMES;
    vm->nslots_cap = MAX_SLOTS;
    if (!exec_funcs_init(vm) || !exec_globals_init(vm))
        goto fail;
    const char *dump = getenv("LPNEST_DUMP_OPS");
    for (uint32_t i = 0; i < vm->nfuncs; i++)
        if (vm->funcs[i].defined) {
            exec_compile(vm, &vm->funcs[i]);
            if (dump && !strcmp(dump, vm->funcs[i].name))
                exec_dump_ops(&vm->funcs[i], stderr);
        }
    if (o->nweights)
        exec_set_weights(vm, o->weights, o->nweights);
    vm->uncounted = o->weights != NULL;
    vm->hooks = o->hooks;
    vm->hooks_arg = o->hooks_arg;
    if (vm->hooks && vm->hooks->start)
        vm->hooks->start(vm->hooks_arg, exec_engine(vm));
    exec_jit_start(vm, o->engine);
    bool started = true;
    if (!exec_run_main(vm))
        started = vm->faulted;
    exec_jit_end(vm);
    exec_libc_close(vm);
    if (!started)
        goto fail;
    if (vm->faulted) {
        fflush(stdout);
        exec_fault_report(vm, o->diag);
    }
    block_counts(vm);
    p->instructions = executed(vm);
    make_counts(p);
    return p;
fail:
    eng_profile_free(p);
    return NULL;
}

void eng_profile_free(struct eng_profile *p)
{
    if (!p)
        return;
    struct vm *vm = &p->vm;
    for (uint32_t i = 0; p->counts && i < vm->nfuncs; i++) {
        free(p->counts[i].blocks);
        free(p->counts[i].edges);
    }
    free(p->counts);
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        struct xfunc *f = &vm->funcs[i];
        /* descriptors hang off the ops */
        for (uint32_t k = 0; k < f->ncode; k++) {
            struct op *op = &f->code[k];
            if (op->code == OP_CALL || op->code == OP_CALLI || op->code == OP_CALLX || op->code == OP_UNSUPPORTED ||
                op->code == OP_WATCH || op->code == OP_BOUNDS)
                free((void *)(uintptr_t)op->k);
            else if (op->code == OP_SWITCH) {
                struct switch_desc *sd = (void *)(uintptr_t)op->k;
                free(sd->table);
                free(sd->vals);
                free(sd->edges);
                free(sd);
            } else if (op->code == OP_BITCAST) {
                struct bitcast_desc *bd = (void *)(uintptr_t)op->k;
                free(bd->from);
                free(bd->to);
                free(bd);
            }
        }
        free(f->code);
        free(f->op_inst);
        free(f->op_pos);
        free(f->op_block);
        free(f->consts);
        free(f->param_slot);
        free(f->param_byval);
        free(f->param_byval_align);
        free(f->blocks);
        free(f->edges);
        free(f->einfo);
        free(f->selects);
        free(f->sel_counts);
        for (uint32_t k = 0; k < f->npairs; k++) {
            free(f->pairs[k].in_edges);
            free(f->pairs[k].out_edges);
            free(f->pairs[k].counts);
        }
        free(f->pairs);
    }
    free(vm->funcs);
    free(vm->compares.c);
    for (size_t i = 0; i < vm->nwarnings; i++)
        free(vm->warnings[i]);
    free(vm->warnings);
    ptrmap_free(&vm->gaddr);
    ptrmap_free(&vm->fidx);
    ptrmap_free(&vm->watched);
    ptrmap_free(&vm->call_plan);
    ptrmap_free(&vm->probe_at);
    free(vm->probe_next);
    free(vm->watch_map);
    for (size_t i = 0; i < vm->nexpanded; i++)
        free(vm->expanded[i]);
    free(vm->expanded);
    if (vm->frames)
        munmap(vm->frames, MAX_FRAMES * sizeof *vm->frames);
    if (vm->slots)
        munmap(vm->slots, MAX_SLOTS * sizeof *vm->slots);
    exec_mem_free(vm);
    if (vm->td)
        LLVMDisposeTargetData(vm->td);
    free(p);
}

void eng_profile_memory(const struct eng_profile *p, uint64_t *heap, uint64_t *stack)
{
    const struct vm *vm = &p->vm;
    *heap = vm->brk > vm->globals_end ? vm->brk - vm->globals_end : 0;
    *stack = vm->stack_hi - vm->sp_low;
}

bool eng_profile_faulted(const struct eng_profile *p) { return p->vm.faulted; }
const struct cnt_func *eng_profile_counts(const struct eng_profile *p, size_t i) { return &p->counts[i]; }
struct cnt_func *eng_profile_counts_mut(struct eng_profile *p, size_t i) { return &p->counts[i]; }
int eng_profile_exit_status(const struct eng_profile *p) { return p->vm.exit_status; }
const char *eng_profile_exit_call(const struct eng_profile *p) { return p->vm.exited ? p->vm.exit_call : NULL; }
size_t eng_profile_nwarnings(const struct eng_profile *p) { return p->vm.nwarnings; }
const char *eng_profile_warning(const struct eng_profile *p, size_t i)
{
    return i < p->vm.nwarnings ? p->vm.warnings[i] : NULL;
}
uint64_t eng_profile_instructions(const struct eng_profile *p) { return p->instructions; }
size_t eng_profile_nfuncs(const struct eng_profile *p) { return p->vm.nfuncs; }
const char *eng_profile_func_name(const struct eng_profile *p, size_t f) { return p->vm.funcs[f].name; }

uint64_t eng_profile_func_calls(const struct eng_profile *p, size_t f)
{
    const struct cnt_func *x = &p->counts[f];
    return x->defined ? (x->edges ? x->edges[0].count : 0) : x->calls;
}

size_t eng_profile_nblocks(const struct eng_profile *p, size_t f) { return p->vm.funcs[f].nblocks; }
const char *eng_profile_block_name(const struct eng_profile *p, size_t f, size_t b) { return p->vm.funcs[f].blocks[b].name; }
uint64_t eng_profile_block_count(const struct eng_profile *p, size_t f, size_t b) { return p->counts[f].blocks[b].count; }

bool eng_profile_edge_count(const struct eng_profile *p, size_t f, size_t from, size_t to, uint64_t *count)
{
    const struct cnt_func *x = &p->counts[f];
    bool found = false;
    *count = 0;
    for (uint32_t e = 1; e < x->nedges; e++)
        if (x->einfo[e].from == from && x->einfo[e].to == to) {
            *count += x->edges[e].count;
            found = true;
        }
    return found;
}

uint64_t eng_profile_external_calls(const struct eng_profile *p, const char *name)
{
    for (uint32_t i = 0; i < p->vm.nfuncs; i++)
        if (!p->vm.funcs[i].defined && strcmp(p->vm.funcs[i].name, name) == 0)
            return p->vm.funcs[i].calls;
    return 0;
}

static const char *edge_kind_name(enum cnt_edge_kind k)
{
    switch (k) {
    case CNT_EK_TRUE: return "true";
    case CNT_EK_FALSE: return "false";
    case CNT_EK_CASE: return "case";
    case CNT_EK_DEFAULT: return "default";
    case CNT_EK_INDIRECT: return "indirect";
    default: return "uncond";
    }
}

int eng_profile_write_json(const struct eng_profile *p, FILE *f)
{
    const struct vm *vm = &p->vm;
    struct sup_json w;
    sup_json_init(&w, f, true);
    sup_json_obj(&w);
    sup_json_key(&w, "lpnest_counts");
    sup_json_int(&w, 1);
    sup_json_key(&w, "module");
    sup_json_str(&w, eng_module_name(vm->mod));
    sup_json_key(&w, "triple");
    sup_json_str(&w, vm->t.triple);
    sup_json_key(&w, "source");
    sup_json_str(&w, "execution");
    sup_json_key(&w, "exit_status");
    sup_json_int(&w, vm->exit_status);
    sup_json_key(&w, "faulted");
    sup_json_bool(&w, vm->faulted);
    sup_json_key(&w, "instructions");
    sup_json_uint(&w, p->instructions);
    sup_json_key(&w, "functions");
    sup_json_arr(&w);
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        const struct cnt_func *x = &p->counts[i];
        if (!x->defined)
            continue;
        sup_json_obj(&w);
        sup_json_key(&w, "name");
        sup_json_str(&w, x->name);
        sup_json_key(&w, "calls");
        sup_json_uint(&w, x->edges ? x->edges[0].count : 0);
        sup_json_key(&w, "blocks");
        sup_json_arr(&w);
        for (uint32_t b = 0; b < x->nblocks; b++) {
            sup_json_obj(&w);
            sup_json_key(&w, "name");
            sup_json_str(&w, x->blocks[b].name);
            sup_json_key(&w, "count");
            sup_json_uint(&w, x->blocks[b].count);
            sup_json_key(&w, "instructions");
            sup_json_uint(&w, x->blocks[b].ninst);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_key(&w, "edges");
        sup_json_arr(&w);
        for (uint32_t e = 1; e < x->nedges; e++) {
            const struct cnt_edge_info *ei = &x->einfo[e];
            sup_json_obj(&w);
            sup_json_key(&w, "from");
            sup_json_str(&w, x->blocks[ei->from].name);
            sup_json_key(&w, "to");
            sup_json_str(&w, x->blocks[ei->to].name);
            sup_json_key(&w, "kind");
            sup_json_str(&w, edge_kind_name(ei->kind));
            if (ei->kind == CNT_EK_CASE) {
                sup_json_key(&w, "value");
                sup_json_uint(&w, ei->case_lo);
            }
            sup_json_key(&w, "count");
            sup_json_uint(&w, x->edges[e].count);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_key(&w, "selects");
        sup_json_arr(&w);
        for (uint32_t s = 0; s < x->nselects; s++) {
            const struct cnt_select *xs = &x->selects[s];
            if (xs->kind == CNT_SEL_SHIFT || xs->kind == CNT_SEL_PROBE) {
                sup_json_obj(&w);
                sup_json_key(&w, "block");
                sup_json_str(&w, x->blocks[xs->block].name);
                sup_json_key(&w, "index");
                sup_json_uint(&w, xs->index);
                sup_json_key(&w, "kind");
                sup_json_str(&w, xs->kind == CNT_SEL_SHIFT ? "shift" : "probe");
                /* executions by amount (a probe's value) 0..62, then 63 or more */
                sup_json_key(&w, xs->kind == CNT_SEL_SHIFT ? "amounts" : "values");
                sup_json_arr(&w);
                for (uint32_t a = 0; a < 64; a++)
                    sup_json_uint(&w, x->sel_counts[2 * xs->base + a]);
                sup_json_end(&w);
                sup_json_end(&w);
                continue;
            }
            for (uint32_t l = 0; l < xs->lanes; l++) {
                uint32_t lane = xs->base + l;
                sup_json_obj(&w);
                sup_json_key(&w, "block");
                sup_json_str(&w, x->blocks[xs->block].name);
                sup_json_key(&w, "index");
                sup_json_uint(&w, xs->index);
                if (xs->lanes > 1) {
                    sup_json_key(&w, "lane");
                    sup_json_uint(&w, l);
                }
                sup_json_key(&w, "true");
                sup_json_uint(&w, x->sel_counts[2 * lane]);
                sup_json_key(&w, "false");
                sup_json_uint(&w, x->sel_counts[2 * lane + 1]);
                if (xs->kind != CNT_SEL_SELECT) {
                    static const char *const kinds[] = {"select", "minmax", "branch-operand", "saturation", "compare", "shift"};
                    sup_json_key(&w, "kind");
                    sup_json_str(&w, kinds[xs->kind]);
                }
                if (xs->ties != UINT32_MAX) {
                    sup_json_key(&w, "equal");
                    sup_json_uint(&w, x->sel_counts[2 * (xs->ties + l)]);
                }
                sup_json_end(&w);
            }
        }
        sup_json_end(&w);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "externals");
    sup_json_arr(&w);
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        const struct xfunc *x = &vm->funcs[i];
        if (x->defined || !x->calls)
            continue;
        sup_json_obj(&w);
        sup_json_key(&w, "name");
        sup_json_str(&w, x->name);
        sup_json_key(&w, "calls");
        sup_json_uint(&w, x->calls);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_end(&w);
    return ferror(f) ? -1 : 0;
}

/* ---- a profile without a run (estimate_static.c: counts from elsewhere) ---- */
struct eng_profile *eng_profile_compile(struct eng_module *m, const struct eng_run_options *o)
{
    struct eng_profile *p = sup_xcalloc(1, sizeof *p);
    struct vm *vm = &p->vm;
    vm->mod = m;
    vm->m = eng_module_llvm(m);
    vm->diag = o->diag;
    vm->pair_req = o->pairs;
    vm->npair_req = o->npairs;
    if (!exec_target_init(vm, o->diag) || !exec_mem_init(vm, o->stack_bytes)) {
        eng_profile_free(p);
        return NULL;
    }
    /* what keeps a program from running (external variables, constructors)
     * does not keep its functions from being compiled: say nothing */
    FILE *quiet = fopen("/dev/null", "w");
    if (quiet)
        vm->diag = quiet;
    exec_funcs_init(vm);
    exec_globals_init(vm);
    for (uint32_t i = 0; i < vm->nfuncs; i++)
        if (vm->funcs[i].defined)
            exec_compile(vm, &vm->funcs[i]);
    vm->diag = o->diag;
    if (quiet)
        fclose(quiet);
    make_counts(p);
    return p;
}
