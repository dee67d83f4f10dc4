/* exec_api.c — the engine as the layers above see it (estimator.h): block
 * weights put on the edges, built-ins they register, the finish hook, and
 * the narrow functions through which their hooks, built-ins and watch
 * callbacks reach the running program. */
#include "exec.h"
#include "exec_xfloat.h"
#include "support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static struct vm *VM(struct eng_state *eng) { return (struct vm *)eng; }
static const struct vm *CVM(const struct eng_state *eng) { return (const struct vm *)eng; }

void exec_set_weights(struct vm *vm, const struct eng_block_weights *w, size_t n)
{
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        struct xfunc *f = &vm->funcs[i];
        if (!f->defined || !f->code)
            continue;
        const struct eng_block_weights *fw = NULL;
        for (size_t k = 0; k < n && !fw; k++)
            if (!strcmp(w[k].func, f->name))
                fw = &w[k];
        if (!fw)
            continue;
        /* the weight of each block, by name (blocks and weights are in the
         * same order when both come from this module) */
        uint64_t *bw = sup_xcalloc(f->nblocks + 1, sizeof *bw);
        for (uint32_t b = 0; b < f->nblocks; b++) {
            if (b < fw->nblocks && !strcmp(fw->blocks[b], f->blocks[b].name)) {
                bw[b] = fw->weight[b];
                continue;
            }
            for (size_t k = 0; k < fw->nblocks; k++)
                if (!strcmp(fw->blocks[k], f->blocks[b].name)) {
                    bw[b] = fw->weight[k];
                    break;
                }
        }
        f->edges[0].weight = bw[0];
        for (uint32_t e = 1; e < f->nedges; e++)
            f->edges[e].weight = bw[f->einfo[e].to];
        free(bw);
    }
}

bool exec_b_registered(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)
{
    (void)ret;
    const struct calldesc *cd0 = vm->hook_cd;
    const slot_t *R0 = vm->hook_R;
    vm->hook_cd = cd;
    vm->hook_R = R;
    const struct xfunc *g = cd->callee ? cd->callee : NULL;
    int k = g ? g->builtin_data : -1;
    if (!g) { /* an indirect call: the callee by address */
        for (uint32_t i = 0; i < vm->nfuncs && k < 0; i++)
            if (vm->funcs[i].builtin == exec_b_registered && vm->cur_op && vm->funcs[i].addr == (uint32_t)R[vm->cur_op->a])
                k = vm->funcs[i].builtin_data;
    }
    bool ok = k >= 0 && vm->builtins[k].fn(vm->hooks_arg, exec_engine(vm));
    vm->hook_cd = cd0;
    vm->hook_R = R0;
    return ok;
}

void exec_hooks_finish(struct vm *vm)
{
    if (!vm->hooks->finish)
        return;
    bool faulted = vm->faulted;
    char msg[sizeof vm->fault_msg];
    memcpy(msg, vm->fault_msg, sizeof msg);
    vm->hooks->finish(vm->hooks_arg, exec_engine(vm), vm->depth);
    vm->faulted = faulted;
    memcpy(vm->fault_msg, msg, sizeof msg);
}

uint32_t eng_nfuncs(const struct eng_state *eng) { return CVM(eng)->nfuncs; }
const char *eng_func_name(const struct eng_state *eng, uint32_t func) { return CVM(eng)->funcs[func].name; }
uint64_t eng_clock(const struct eng_state *eng) { return CVM(eng)->clock; }
void eng_set_clock(struct eng_state *eng, uint64_t clock) { VM(eng)->clock = clock; }
void eng_set_hooks(struct eng_state *eng, const struct eng_run_hooks *hooks, void *arg)
{
    VM(eng)->hooks = hooks;
    VM(eng)->hooks_arg = arg;
}

void eng_set_watch_fn(struct eng_state *eng,
                      void (*fn)(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng),
                      void *warg)
{
    /* (a run whose ops watch always has a function: the watched ops stay) */
    if (fn) {
        VM(eng)->watch_fn = fn;
        VM(eng)->watch_arg = warg;
    }
}
uint64_t eng_steps(const struct eng_state *eng) { return CVM(eng)->steps; }
uint32_t eng_func_nedges(const struct eng_state *eng, uint32_t func)
{
    const struct xfunc *f = &CVM(eng)->funcs[func];
    return f->defined && f->code ? f->nedges : 0;
}

void eng_func_edge_counts(const struct eng_state *eng, uint32_t func, uint64_t *counts)
{
    const struct xfunc *f = &CVM(eng)->funcs[func];
    uint32_t n = f->defined && f->code ? f->nedges : 0;
    for (uint32_t e = 0; e < n; e++)
        counts[e] = f->edges[e].count;
}

void eng_func_edge_targets(const struct eng_state *eng, uint32_t func, uint32_t *to, uint32_t *ninst)
{
    const struct xfunc *f = &CVM(eng)->funcs[func];
    uint32_t n = f->defined && f->code ? f->nedges : 0;
    for (uint32_t e = 0; e < n; e++) {
        if (to) /* as exec_set_weights puts the blocks' weights on the edges */
            to[e] = e ? f->einfo[e].to : 0;
        if (ninst)
            ninst[e] = f->edges[e].ninst;
    }
}

unsigned eng_call_args(const struct eng_state *eng, int64_t *args, unsigned max)
{
    const struct vm *vm = CVM(eng);
    const struct calldesc *cd = vm->hook_cd;
    unsigned n = 0;
    for (uint32_t i = 0; cd && i < cd->nargs && n < max; i++) {
        const struct argdesc *ad = &cd->args[i];
        uint64_t v = vm->hook_R[ad->slot];
        if (ad->kind == VK_INT && ad->bits && ad->bits < 64)
            args[n++] = sext_of(v, ad->bits);
        else
            args[n++] = (int64_t)v;
    }
    return n;
}

bool eng_invoke_with_call_args(struct eng_state *eng, uint32_t func)
{
    struct vm *vm = VM(eng);
    const struct calldesc *cd = vm->hook_cd;
    const slot_t *R = vm->hook_R;
    uint32_t nslots = 0;
    for (uint32_t i = 0; i < cd->nargs; i++)
        nslots += cd->args[i].nslots;
    slot_t *flat = sup_xcalloc(nslots + 1, sizeof *flat);
    uint32_t j = 0;
    for (uint32_t i = 0; i < cd->nargs; i++)
        for (uint32_t s = 0; s < cd->args[i].nslots; s++)
            flat[j++] = R[cd->args[i].slot + s];
    slot_t ret[16];
    bool ok = exec_invoke(vm, &vm->funcs[func], flat, nslots, ret, 0);
    vm->hook_cd = cd;
    vm->hook_R = R;
    free(flat);
    return ok;
}

const uint8_t *eng_mem(struct eng_state *eng, uint64_t addr, uint64_t n) { return exec_ptr_r(VM(eng), addr, n); }
uint64_t eng_load(const struct eng_state *eng, const uint8_t *p, unsigned nbytes)
{
    return exec_load_uint((struct vm *)CVM(eng), p, nbytes);
}
int64_t eng_strlen(struct eng_state *eng, uint64_t addr) { return exec_strlen(VM(eng), addr); }
uint64_t eng_alloc_size(struct eng_state *eng, uint64_t addr) { return exec_alloc_size(VM(eng), addr); }
const struct eng_compare *eng_compares(const struct eng_state *eng, uint64_t *callee, size_t *n)
{
    static const struct eng_compare none; /* what an empty record points to */
    const struct vm *vm = CVM(eng);
    if (!vm->compares.valid)
        return NULL;
    *callee = vm->compares.callee;
    *n = vm->compares.n;
    return vm->compares.n ? vm->compares.c : &none;
}
unsigned eng_ptr_bytes(const struct eng_state *eng) { return CVM(eng)->t.ptr_bytes; }
void eng_f128_mul(const uint64_t a[2], const uint64_t b[2], uint64_t r[2]) { exec_xf_arith(XF_MUL, XF_F128, r, a, b); }
uint64_t eng_ptr_mask(const struct eng_state *eng) { return CVM(eng)->ptr_mask; }
LLVMTargetDataRef eng_data_layout(const struct eng_state *eng) { return CVM(eng)->td; }

bool eng_fault(struct eng_state *eng, const char *fmt, ...)
{
    struct vm *vm = VM(eng);
    if (vm->faulted)
        return false; /* keep the first, innermost message (exec_fault) */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->fault_msg, sizeof vm->fault_msg, fmt, ap);
    va_end(ap);
    return false;
}
