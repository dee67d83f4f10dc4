/* exec_run_main.c — running main (its arguments in the program's memory, its
 * frame, the first entry, the run's end and the finish hook) and calls of
 * program functions made by lpnest (exec_invoke: qsort's comparator, token
 * functions); the loop itself is exec_run.c. */
#define _POSIX_C_SOURCE 200809L
#include "exec.h"
#include "progress.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double exec_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Writes argv strings and the pointer array into simulated memory: on the heap, or with
 * --memory=linked at the top of the stack, where the board's loader puts them (the memory
 * after the last global then reads as the board's does). */
static uint64_t argv_alloc(struct vm *vm, uint64_t n, uint64_t align)
{
    return vm->linked ? exec_stack_push(vm, n, align) : exec_malloc(vm, n, align);
}

static bool make_argv(struct vm *vm, uint64_t *argv_addr)
{
    unsigned pb = vm->t.ptr_bytes;
    uint64_t arr = argv_alloc(vm, (uint64_t)(vm->argc + 1) * pb, pb);
    if (!arr)
        return false;
    for (int i = 0; i < vm->argc; i++) {
        size_t n = strlen(vm->argv[i]) + 1;
        uint64_t s = argv_alloc(vm, n, 1);
        if (!s)
            return false;
        memcpy(vm->mem + s, vm->argv[i], n);
        exec_store_uint(vm, vm->mem + arr + (uint64_t)i * pb, pb, s);
    }
    exec_store_uint(vm, vm->mem + arr + (uint64_t)vm->argc * pb, pb, 0);
    *argv_addr = arr;
    return true;
}

bool exec_run_main(struct vm *vm)
{
    struct xfunc *main_fn = NULL;
    for (uint32_t i = 0; i < vm->nfuncs; i++)
        if (vm->funcs[i].defined && strcmp(vm->funcs[i].name, "main") == 0)
            main_fn = &vm->funcs[i];
    if (!main_fn) {
        sup_diag(vm->diag, eng_module_name(vm->mod), 0, 0, "error", "no definition of 'main' to run");
        return false;
    }
    if (!main_fn->compiled)
        exec_compile(vm, main_fn);
    if (main_fn->nparams > 3) {
        sup_diag(vm->diag, eng_module_name(vm->mod), 0, 0, "error", "'main' takes %u parameters; expected 0, 2 or 3",
                 main_fn->nparams);
        return false;
    }
    uint64_t argv_addr = 0;
    if (!make_argv(vm, &argv_addr)) {
        sup_diag(vm->diag, eng_module_name(vm->mod), 0, 0, "error", "the program arguments do not fit the simulated memory");
        return false;
    }
    vm->globals_end = vm->brk; /* the program's heap starts after its arguments */
    vm->rd_end = vm->linked ? vm->stack_lo : vm->brk;
    slot_t *R = vm->slots;
    if (main_fn->nconst)
        memcpy(R + (main_fn->nslots - main_fn->nconst), main_fn->consts, main_fn->nconst * sizeof *R);
    if (main_fn->nparams >= 1)
        R[main_fn->param_slot[0]] = (uint64_t)vm->argc;
    if (main_fn->nparams >= 2)
        R[main_fn->param_slot[1]] = argv_addr;
    if (main_fn->nparams >= 3)
        R[main_fn->param_slot[2]] = argv_addr + (uint64_t)vm->argc * vm->t.ptr_bytes; /* empty environment */
    struct frame *fr = &vm->frames[0];
    memset(fr, 0, sizeof *fr);
    fr->fn = main_fn;
    fr->R = R;
    fr->sp = vm->sp;
    fr->ret_pc = NULL;
    if (main_fn->frame_bytes) {
        fr->frame_base = exec_stack_push(vm, main_fn->frame_bytes, main_fn->frame_align ? main_fn->frame_align : 1);
        if (!fr->frame_base) {
            sup_diag(vm->diag, eng_module_name(vm->mod), 0, 0, "error",
                     "stack overflow: main's frame of %llu bytes does not fit the simulated stack of %llu bytes "
                     "(--stack-size)", (unsigned long long)main_fn->frame_bytes,
                     (unsigned long long)(vm->stack_hi - vm->stack_lo));
            return false;
        }
    }
    if (vm->hooks && vm->hooks->enter)
        vm->hooks->enter(vm->hooks_arg, exec_engine(vm), 0, main_fn->index, NULL, 0);
    main_fn->edges[0].count++;
    vm->clock += main_fn->edges[0].weight;
    vm->steps = main_fn->edges[0].ninst;
    vm->slow_at = vm->steps + (sup_time_limited() ? EXEC_TIME_CHECK_INTERVAL : EXEC_CHECK_INTERVAL);
    if (vm->max_steps && vm->slow_at > vm->max_steps)
        vm->slow_at = vm->max_steps;
    exec_set_next_check(vm);
    vm->start_time = exec_now();
    bool ok = exec_run_loop(vm);
    if (ok && !vm->exited) {
        /* main returned */
        LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(main_fn->fn));
        if (LLVMGetTypeKind(rt) == LLVMIntegerTypeKind) {
            unsigned w = LLVMGetIntTypeWidth(rt);
            vm->exit_status = (int)(sext_of(vm->ret_buf[0], w > 64 ? 64 : w) & 0xff);
        }
        vm->exited = true;
        vm->fault_pc = NULL;
    }
    if (vm->progress)
        eng_progress_clear();
    if (vm->hooks)
        exec_hooks_finish(vm);
    return ok;
}

bool exec_invoke(struct vm *vm, struct xfunc *g, const slot_t *args, uint32_t nargs, slot_t *ret, uint32_t nret)
{
    if (!g->defined || !g->code)
        return exec_fault(vm, "cannot call '%s': it has no body in the module", g->name);
    struct frame *top = &vm->frames[vm->depth];
    slot_t *NR = top->R + top->fn->nslots;
    /* a call descriptor on the host side: the arguments are already flat */
    struct calldesc *cd = sup_xcalloc(1, sizeof *cd + (g->nparams + 1) * sizeof cd->args[0]);
    cd->callee = g;
    cd->nargs = g->nparams;
    cd->ret_slots = nret;
    slot_t *tmp = sup_xcalloc(nargs + 1, sizeof *tmp);
    memcpy(tmp, args, nargs * sizeof *tmp);
    uint32_t j = 0;
    for (uint32_t i = 0; i < g->nparams; i++) {
        cd->args[i].slot = j;
        cd->args[i].nslots = (i + 1 < g->nparams ? g->param_slot[i + 1] : g->nparam_slots) - g->param_slot[i];
        cd->args[i].type = LLVMTypeOf(LLVMGetParam(g->fn, i));
        j += cd->args[i].nslots;
    }
    if (j != nargs) {
        free(cd);
        free(tmp);
        return exec_fault(vm, "'%s' called by lpnest with %u argument slots, but it takes %u", g->name, nargs, j);
    }
    uint32_t depth0 = vm->depth;
    slot_t *R = exec_enter(vm, g, cd, tmp, NR, NULL, 0);
    free(cd);
    free(tmp);
    if (!R)
        return false;
    if (vm->hooks && vm->hooks->enter)
        vm->hooks->enter(vm->hooks_arg, exec_engine(vm), vm->depth, g->index, NULL, 0);
    g->edges[0].count++;
    vm->clock += g->edges[0].weight;
    vm->steps += g->edges[0].ninst;
    bool ok = exec_run_loop(vm);
    if (!ok || vm->exited)
        return false;
    if (vm->depth != depth0)
        return exec_fault(vm, "internal error: unbalanced frames after calling '%s'", g->name);
    for (uint32_t i = 0; i < nret && i < 16; i++)
        ret[i] = vm->ret_buf[i];
    return true;
}
