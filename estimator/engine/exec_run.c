/* exec_run.c — the interpreter loop: executes translated ops, counts edge
 * traversals, select outcomes and calls, and raises faults with their
 * location. Calls use an explicit frame stack, never the host's. Starting
 * main and calls made by lpnest: exec_run_main.c. */
#define _POSIX_C_SOURCE 200809L
#include "exec.h"
#include "exec_opsem.h"
#include "progress.h"
#include "exec_xfloat.h"
#include "exec_math.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK_INTERVAL EXEC_CHECK_INTERVAL
#define TIME_CHECK_INTERVAL EXEC_TIME_CHECK_INTERVAL
#define CALL_STACK_BYTES 8          /* simulated stack used by every call (return address, link) */

#define MASKS exec_masks

typedef exec_u128 u128;
typedef exec_i128 i128;
#define getf exec_getf
#define getd exec_getd
#define putf exec_putf
#define putd exec_putd
#define wide exec_wide
#define set_wide exec_set_wide
#define wide_sext exec_wide_sext
#define fp_to_int exec_fp_to_int
#define sat_signed exec_sat_signed
#define fits_signed exec_fits_signed

#define fcmp exec_fcmp

static bool wide_icmp(unsigned pred, u128 a, u128 b, unsigned width)
{
    i128 x = wide_sext(a, width), y = wide_sext(b, width);
    switch (pred) {
    case LLVMIntEQ: return a == b;
    case LLVMIntNE: return a != b;
    case LLVMIntUGT: return a > b;
    case LLVMIntUGE: return a >= b;
    case LLVMIntULT: return a < b;
    case LLVMIntULE: return a <= b;
    case LLVMIntSGT: return x > y;
    case LLVMIntSGE: return x >= y;
    case LLVMIntSLT: return x < y;
    default: return x <= y;
    }
}

static uint64_t bitrev64(uint64_t v)
{
    v = ((v >> 1) & 0x5555555555555555ull) | ((v & 0x5555555555555555ull) << 1);
    v = ((v >> 2) & 0x3333333333333333ull) | ((v & 0x3333333333333333ull) << 2);
    v = ((v >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((v & 0x0F0F0F0F0F0F0F0Full) << 4);
    return __builtin_bswap64(v);
}

#define do_bitcast exec_bitcast

#define switch_edge exec_switch_edge

/* The slow path that runs every CHECK_INTERVAL instructions: step limit,
 * time limit and progress line. */
static bool slow_check(struct vm *vm)
{
    if (vm->max_steps && vm->steps >= vm->max_steps)
        return exec_fault(vm, EXEC_MSG_STEP_LIMIT, (unsigned long long)vm->max_steps);
    double limit;
    if (sup_time_up(&limit))
        return exec_fault(vm, "the time limit of %g seconds was reached (--time-limit) after %llu IR instructions",
                          limit, (unsigned long long)vm->steps);
    if (vm->progress)
        eng_progress_steps(vm->steps);
    vm->slow_at = vm->steps + (sup_time_limited() ? TIME_CHECK_INTERVAL : CHECK_INTERVAL);
    if (vm->max_steps && vm->slow_at > vm->max_steps)
        vm->slow_at = vm->max_steps;
    exec_set_next_check(vm);
    return true;
}

/* Reads/writes a scalar of N bytes for atomics and va_arg. */
static bool mem_get(struct vm *vm, uint64_t a, unsigned n, uint64_t *v)
{
    uint8_t *p = exec_ptr_r(vm, a, n);
    if (!p)
        return exec_fault(vm, "read of %u bytes at invalid address 0x%llx", n, (unsigned long long)a);
    *v = exec_load_uint(vm, p, n);
    return true;
}

static bool mem_put(struct vm *vm, uint64_t a, unsigned n, uint64_t v)
{
    uint8_t *p = exec_ptr_w(vm, a, n);
    if (!p)
        return exec_fault(vm, "write of %u bytes at invalid address 0x%llx", n, (unsigned long long)a);
    exec_store_uint(vm, p, n, v);
    return true;
}

static bool va_arg_read(struct vm *vm, uint64_t list, LLVMTypeRef t, slot_t *d)
{
    uint64_t ap = 0;
    if (!mem_get(vm, list, vm->t.ptr_bytes, &ap))
        return false;
    uint64_t size, align;
    exec_va_layout(vm, t, &size, &align);
    ap = (ap + align - 1) & ~(align - 1);
    struct leaf l[16];
    int n = exec_type_leaves(vm, t, l, 16, NULL);
    if (n < 0 || n > 16)
        return exec_fault(vm, "va_arg of this type is not supported");
    for (int i = 0; i < n; i++) {
        uint64_t v = 0;
        if (!mem_get(vm, ap + l[i].offset, l[i].kind == VK_WIDE ? 8 : l[i].bytes, &v))
            return false;
        d[l[i].slot] = v;
    }
    return mem_put(vm, list, vm->t.ptr_bytes, (ap + size) & vm->ptr_mask);
}

static bool atomic_rmw(struct vm *vm, const struct op *op, slot_t *R)
{
    uint64_t old = 0, v = R[op->b], m = MASKS[op->w], nv;
    if (!mem_get(vm, R[op->a], op->x, &old))
        return false;
    int64_t so = sext_of(old, op->w), sv = sext_of(v, op->w);
    switch ((LLVMAtomicRMWBinOp)op->k) {
    case LLVMAtomicRMWBinOpXchg: nv = v; break;
    case LLVMAtomicRMWBinOpAdd: nv = old + v; break;
    case LLVMAtomicRMWBinOpSub: nv = old - v; break;
    case LLVMAtomicRMWBinOpAnd: nv = old & v; break;
    case LLVMAtomicRMWBinOpNand: nv = ~(old & v); break;
    case LLVMAtomicRMWBinOpOr: nv = old | v; break;
    case LLVMAtomicRMWBinOpXor: nv = old ^ v; break;
    case LLVMAtomicRMWBinOpMax: nv = so > sv ? old : v; break;
    case LLVMAtomicRMWBinOpMin: nv = so < sv ? old : v; break;
    case LLVMAtomicRMWBinOpUMax: nv = old > v ? old : v; break;
    case LLVMAtomicRMWBinOpUMin: nv = old < v ? old : v; break;
    case LLVMAtomicRMWBinOpUIncWrap: nv = (old & m) >= (v & m) ? 0 : old + 1; break;
    case LLVMAtomicRMWBinOpUDecWrap: nv = (old & m) == 0 || (old & m) > (v & m) ? v : old - 1; break;
    default: return exec_fault(vm, "atomicrmw operation %s is not supported", exec_atomicrmw_name((LLVMAtomicRMWBinOp)op->k));
    }
    R[op->d] = old & m;
    return mem_put(vm, R[op->a], op->x, nv & m);
}

/* ---- ops with more to do than a line: one definition for the loop below
 * and for compiled code (exec_jit_step). Each returns false after a fault
 * message; the caller records where. ---- */

bool exec_fault_access(struct vm *vm, int kind, uint64_t addr, unsigned nbytes)
{
    if (kind == 'r')
        return exec_fault(vm, "read of %u bytes at 0x%llx, outside the program's memory%s", nbytes,
                          (unsigned long long)addr, addr < 0x100 ? " (null pointer)" : "");
    if (kind == 'w')
        return exec_fault(vm, "write of %u bytes at 0x%llx, outside the program's writable memory%s", nbytes,
                          (unsigned long long)addr,
                          addr < 0x100 ? " (null pointer)" : addr >= vm->ro_lo && addr < vm->rw_lo ? " (a constant)" : "");
    return exec_fault(vm, "misaligned %u-byte access at 0x%llx: %s traps on misaligned accesses", nbytes,
                      (unsigned long long)addr, vm->t.triple);
}

static inline unsigned clip32(uint64_t n) { return (unsigned)(n > 0xffffffffu ? 0xffffffffu : n); }

static inline bool op_wdiv(struct vm *vm, slot_t *R, const struct op *op)
{
    u128 y = wide(R, op->b);
    if (!y)
        return exec_fault(vm, EXEC_MSG_DIV_ZERO, "wide integer");
    set_wide(R, op->d, op->code == OP_W_UDIV ? wide(R, op->a) / y : wide(R, op->a) % y, op->w);
    return true;
}

static inline bool op_wsdiv(struct vm *vm, slot_t *R, const struct op *op)
{
    unsigned width = 64u + op->w;
    i128 x = wide_sext(wide(R, op->a), width), y = wide_sext(wide(R, op->b), width);
    if (!y)
        return exec_fault(vm, EXEC_MSG_DIV_ZERO, "wide integer");
    if (y == -1) {
        if (x == wide_sext((u128)1 << (width - 1), width))
            return exec_fault(vm, "signed division overflow (%s of the minimum value by -1, wide integer)",
                              op->code == OP_W_SDIV ? "sdiv" : "srem");
        set_wide(R, op->d, op->code == OP_W_SDIV ? (u128)0 - (u128)x : 0, op->w);
        return true;
    }
    set_wide(R, op->d, (u128)(op->code == OP_W_SDIV ? x / y : x % y), op->w);
    return true;
}

static inline void op_wtofp(slot_t *R, const struct op *op)
{
    u128 v = wide(R, op->a);
    bool sg = op->k;
    if (op->x == 64)
        R[op->d] = putd(sg ? (double)wide_sext(v, 64u + op->w) : (double)v);
    else
        R[op->d] = putf(sg ? (float)wide_sext(v, 64u + op->w) : (float)v);
}

static inline void op_fptow(slot_t *R, const struct op *op)
{
    double v = op->x == 64 ? getd(R[op->a]) : getf(R[op->a]);
    u128 r = 0;
    if (!isnan(v) && fabs(v) < 1.7e38)
        r = op->k ? (u128)(i128)v : (v > 0 ? (u128)v : 0);
    set_wide(R, op->d, r, op->w);
}

/* ldexp, powi: w is the width of the int operand */
static inline void op_fmathi(slot_t *R, const struct op *op)
{
    int64_t v = sext_of(R[op->b], op->w ? op->w : 32);
    int n = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int)v;
    R[op->d] = op->x ? putd(exec_math_di((enum mathfn)op->k, getd(R[op->a]), n))
                     : putf(exec_math_fi((enum mathfn)op->k, getf(R[op->a]), n));
}

/* <math.h> on long double: k is the function | the third operand's slot << 32 */
static inline void op_xfmath(slot_t *R, const struct op *op)
{
    exec_xf_math((unsigned)(op->k & 0xff), (enum xfmt)op->x, &R[op->d], &R[op->a], &R[op->b],
                 &R[(uint32_t)(op->k >> 32)], op->w);
}

static inline void op_fmath(slot_t *R, const struct op *op)
{
    if (op->code == OP_FMATH1)
        R[op->d] = op->x ? putd(exec_math_d((enum mathfn)op->k, getd(R[op->a]), 0, 0))
                         : putf(exec_math_f((enum mathfn)op->k, getf(R[op->a]), 0, 0));
    else if (op->code == OP_FMATH2)
        R[op->d] = op->x ? putd(exec_math_d((enum mathfn)op->k, getd(R[op->a]), getd(R[op->b]), 0))
                         : putf(exec_math_f((enum mathfn)op->k, getf(R[op->a]), getf(R[op->b]), 0));
    else {
        slot_t c3 = R[(uint32_t)op->k];
        enum mathfn fn = (enum mathfn)(op->k >> 32);
        R[op->d] = op->x ? putd(exec_math_d(fn, getd(R[op->a]), getd(R[op->b]), getd(c3)))
                         : putf(exec_math_f(fn, getf(R[op->a]), getf(R[op->b]), getf(c3)));
    }
}

static inline bool op_ldn(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t addr = (R[op->a] + op->k) & vm->ptr_mask;
    uint8_t *p = exec_ptr_r(vm, addr, op->x);
    if (!p)
        return exec_fault_access(vm, 'r', addr, op->x);
    R[op->d] = exec_load_uint(vm, p, op->x) & MASKS[op->w > 64 ? 64 : op->w];
    return true;
}

static inline bool op_stn(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t addr = (R[op->a] + op->k) & vm->ptr_mask;
    uint8_t *p = exec_ptr_w(vm, addr, op->x);
    if (!p)
        return exec_fault_access(vm, 'w', addr, op->x);
    exec_store_uint(vm, p, op->x, R[op->b]);
    return true;
}

static inline bool op_bounds(struct vm *vm, slot_t *R, const struct op *op)
{
    const char *m = exec_bounds(vm, R[op->a], (void *)(uintptr_t)op->k);
    return m ? exec_fault(vm, "%s", m) : true;
}

static inline bool op_alloca(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t n = R[op->a] & MASKS[op->w];
    if (n > (1ull << 40) / (op->k ? op->k : 1))
        return exec_fault(vm, "alloca of %llu elements is too large", (unsigned long long)n);
    uint64_t a = exec_stack_push(vm, n * op->k > 0 ? n * op->k : 1, 1ull << op->x);
    if (!a)
        return exec_fault(vm, "stack overflow: alloca of %llu bytes does not fit the simulated stack",
                          (unsigned long long)(n * op->k));
    R[op->d] = a;
    return true;
}

static inline bool op_stackrestore(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t s = R[op->a];
    if (s < vm->sp || s > vm->frames[vm->depth].sp)
        return exec_fault(vm, "stackrestore to 0x%llx, outside the current frame", (unsigned long long)s);
    vm->sp = s;
    return true;
}

static inline bool op_memcpy(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t n = R[op->k] & MASKS[op->w];
    if (!n)
        return true;
    uint64_t dst = R[op->a], src = R[op->b];
    uint8_t *pd = exec_ptr_w(vm, dst, n), *ps = exec_ptr_r(vm, src, n);
    if (!pd)
        return exec_fault_access(vm, 'w', dst, clip32(n));
    if (!ps)
        return exec_fault_access(vm, 'r', src, clip32(n));
    memmove(pd, ps, n);
    return true;
}

static inline bool op_memset(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t n = R[op->k] & MASKS[op->w];
    if (!n)
        return true;
    uint8_t *pd = exec_ptr_w(vm, R[op->a], n);
    if (!pd)
        return exec_fault_access(vm, 'w', R[op->a], clip32(n));
    memset(pd, (int)(R[op->b] & 0xff), n);
    return true;
}

static inline bool op_vastart(struct vm *vm, const struct xfunc *F, slot_t *R, const struct op *op)
{
    if (!vm->frames[vm->depth].va_addr && !F->variadic)
        return exec_fault(vm, "va_start in a function that is not variadic");
    return exec_va_start(vm, R[op->a], vm->frames[vm->depth].va_addr);
}

static inline bool op_vacopy(struct vm *vm, slot_t *R, const struct op *op)
{
    uint8_t *pd = exec_ptr_w(vm, R[op->a], vm->t.va_list_bytes), *ps = exec_ptr_r(vm, R[op->b], vm->t.va_list_bytes);
    if (!pd || !ps)
        return exec_fault(vm, "va_copy with an invalid va_list");
    memmove(pd, ps, vm->t.va_list_bytes);
    return true;
}

static inline bool op_cmpxchg(struct vm *vm, slot_t *R, const struct op *op)
{
    uint64_t old = 0;
    if (!mem_get(vm, R[op->a], op->x, &old))
        return false;
    bool ok = old == R[op->b];
    if (ok && !mem_put(vm, R[op->a], op->x, R[(uint32_t)op->k]))
        return false;
    R[op->d] = old & MASKS[op->w];
    R[op->d + 1] = ok;
    return true;
}

static inline void op_watch(struct vm *vm, slot_t *R, const struct op *op)
{
    const struct watch_desc *wd = (const struct watch_desc *)(uintptr_t)op->k;
    size_t index = wd->index;
    if (vm->watch_map) { /* another run's watch (exec_jit_shape) */
        size_t m = vm->watch_map[index];
        if (m == SIZE_MAX || (wd->phase == 0 && !(m & 1)))
            return;
        index = m >> 1;
    }
    uint64_t v[ENG_WATCH_MAX_WORDS];
    for (uint32_t i = 0; i < wd->n; i++)
        v[i] = wd->slots[i] == UINT32_MAX ? 0 : R[wd->slots[i]];
    vm->watch_fn(vm->watch_arg, index, wd->phase, v, wd->n, exec_engine(vm));
}

/* The fault of an op that always faults (unreachable, trap, what was not translated). */
static inline bool op_fails(struct vm *vm, const struct op *op)
{
    switch (op->code) {
    case OP_UNREACHABLE: return exec_fault(vm, "reached 'unreachable' (undefined behaviour, e.g. the end of a non-void function)");
    case OP_INDIRECTBR: return exec_fault(vm, "indirectbr is not supported");
    case OP_TRAP: return exec_fault(vm, "the program trapped (llvm.trap, e.g. __builtin_trap)");
    case OP_UNSUPPORTED: return exec_fault(vm, op->x ? "%s" : "unsupported IR: %s", (const char *)(uintptr_t)op->k);
    default: return exec_fault(vm, "internal error: unknown op %u", op->code);
    }
}

/* ---- calls ---- */

/* Enters G with the arguments of CD read from R; handles byval copies and
 * variadic areas. Returns the new frame's slots or NULL after a fault. */
slot_t *exec_enter(struct vm *vm, struct xfunc *g, const struct calldesc *cd, const slot_t *R, slot_t *NR,
                     const struct op *ret_pc, uint32_t ret_d)
{
    if (!g->compiled && !exec_compile(vm, g) && !g->code)
        return NULL;
    if (vm->depth + 1 >= vm->max_depth || (uint64_t)(NR - vm->slots) + g->nslots > vm->nslots_cap) {
        exec_fault(vm, "stack overflow: call depth %u exceeds what lpnest can hold", vm->depth + 1);
        return NULL;
    }
    if (cd->nargs < g->nparams || (cd->nargs > g->nparams && !g->variadic)) {
        exec_fault(vm, "'%s' called with %u arguments, but it takes %u", g->name, cd->nargs, g->nparams);
        return NULL;
    }
    uint32_t j = 0;
    for (uint32_t i = 0; i < g->nparams; i++) {
        const struct argdesc *ad = &cd->args[i];
        if (g->param_slot[i] != j || (i + 1 < g->nparams && g->param_slot[i + 1] - j != ad->nslots)) {
            exec_fault(vm, "'%s' called with an argument %u of the wrong type", g->name, i + 1);
            return NULL;
        }
        for (uint32_t s = 0; s < ad->nslots; s++)
            NR[j++] = R[ad->slot + s];
    }
    struct frame *fr = &vm->frames[++vm->depth];
    fr->fn = g;
    fr->R = NR;
    fr->ret_pc = ret_pc;
    fr->call_op = ret_pc ? ret_pc - 1 : vm->cur_op;
    fr->ret_d = ret_d;
    fr->ret_n = cd->ret_slots;
    fr->sp = vm->sp;
    fr->va_addr = 0;
    fr->frame_base = 0;
    if (g->nconst)
        memcpy(NR + (g->nslots - g->nconst), g->consts, g->nconst * sizeof *NR);
    if (!exec_stack_push(vm, CALL_STACK_BYTES, 1))
        goto overflow;
    if (g->has_byval)
        for (uint32_t i = 0; i < g->nparams; i++)
            if (g->param_byval[i]) {
                uint64_t src = NR[g->param_slot[i]], n = g->param_byval[i];
                uint8_t *s = exec_ptr_r(vm, src, n);
                if (!s) {
                    vm->depth--;
                    vm->sp = fr->sp;
                    exec_fault(vm, "byval argument %u of '%s' points to invalid memory 0x%llx", i + 1, g->name,
                               (unsigned long long)src);
                    return NULL;
                }
                uint64_t dst = exec_stack_push(vm, n, g->param_byval_align[i]);
                if (!dst)
                    goto overflow;
                memmove(vm->mem + dst, s, n);
                NR[g->param_slot[i]] = dst;
            }
    if (g->variadic && !exec_va_marshal(vm, cd, g->nparams, R, &fr->va_addr)) {
        vm->depth--;
        return NULL;
    }
    if (g->frame_bytes) {
        fr->frame_base = exec_stack_push(vm, g->frame_bytes, g->frame_align ? g->frame_align : 1);
        if (!fr->frame_base)
            goto overflow;
    }
    return NR;
overflow:
    vm->sp = fr->sp;
    vm->depth--;
    exec_fault(vm, "stack overflow: the simulated stack of %llu bytes is exhausted (call depth %u)",
               (unsigned long long)(vm->stack_hi - vm->stack_lo), vm->depth + 1);
    return NULL;
}

static struct xfunc *func_at(struct vm *vm, uint64_t addr)
{
    unsigned shift = vm->t.ptr_bytes == 2 ? 1 : 2; /* functions 2 or 4 bytes apart (no division per call) */
    if (addr < vm->func_base || addr >= vm->func_end || ((addr - vm->func_base) & ((1u << shift) - 1)))
        return NULL;
    return &vm->funcs[(addr - vm->func_base) >> shift];
}

/* ---- the loop ---- */

/* Threaded dispatch (labels as values, a GNU C extension) where available:
 * each op jumps straight to the next op's code; the switch is the fallback. */
#if defined(__GNUC__) && !defined(LPNEST_NO_THREADED)
#define LPNEST_THREADED 1
#define L(n) L_##n:
#define NEXT do { op = pc++; goto *dispatch[op->code]; } while (0)
#else
#define LPNEST_THREADED 0
#define L(n)
#define NEXT break
#endif

#define FAULT(...) do { exec_fault(vm, __VA_ARGS__); goto fault; } while (0)
#define EDGE(idx) do { \
        struct edge *e_ = &E[idx]; \
        e_->count++; \
        vm->clock += e_->weight; \
        steps += e_->ninst; \
        pc = C + e_->pc; \
        if (__builtin_expect(steps >= limit, 0)) goto check; \
    } while (0)
#define ADDR(o) ((R[(o)->a] + (o)->k) & PM)
#define XADDR(o) ((R[(o)->a] + (uint64_t)sext_of(R[(o)->b], (o)->w) * ((o)->k & 0xffffffffu) + \
                   (uint64_t)(int64_t)(int32_t)((o)->k >> 32)) & PM)
#define RPTR(p, a, n) do { p = exec_ptr_r(vm, a, n); if (!p) goto bad_read; } while (0)
#define WPTR(p, a, n) do { p = exec_ptr_w(vm, a, n); if (!p) goto bad_write; } while (0)

bool exec_run_loop(struct vm *vm)
{
    struct frame *fr = &vm->frames[vm->depth];
    struct xfunc *F = fr->fn;
    slot_t *R = fr->R;
    const struct op *C = F->code;
    struct edge *E = F->edges;
    uint64_t *SC = F->sel_counts;
    uint64_t FB = fr->frame_base;
    const uint64_t PM = vm->ptr_mask;
    uint64_t steps = vm->steps, limit = vm->next_check;
    const struct op *pc = C + E[0].pc;
    const struct op *op = pc;
    uint64_t addr = 0;
    unsigned nbytes = 0;
    const slot_t *rv; /* the values a return passes back, and how many */
    uint32_t rn;

#if LPNEST_THREADED
    static const void *const dispatch[OP_COUNT_] = {
#define EXEC_OP_LABEL(n) [OP_##n] = &&L_##n,
        EXEC_OPS(EXEC_OP_LABEL)
#undef EXEC_OP_LABEL
    };
#endif
    if (exec_jit_ready(vm, F))
        goto body; /* compiled (exec_jit.c) */
    for (;;) {
        op = pc++;
        switch ((enum opcode)op->code) {
        case OP_MOV: L(MOV) R[op->d] = R[op->a]; NEXT;
        case OP_MOVK: L(MOVK) R[op->d] = op->k; NEXT;

        case OP_ADD: L(ADD) R[op->d] = (R[op->a] + R[op->b]) & op->k; NEXT;
        case OP_ADDI: L(ADDI) R[op->d] = (R[op->a] + op->k) & MASKS[op->w]; NEXT;
        case OP_SUB: L(SUB) R[op->d] = (R[op->a] - R[op->b]) & op->k; NEXT;
        case OP_SUBI: L(SUBI) R[op->d] = (R[op->a] - op->k) & MASKS[op->w]; NEXT;
        case OP_RSUBI: L(RSUBI) R[op->d] = (op->k - R[op->a]) & MASKS[op->w]; NEXT;
        case OP_MUL: L(MUL) R[op->d] = (R[op->a] * R[op->b]) & op->k; NEXT;
        case OP_MULI: L(MULI) R[op->d] = (R[op->a] * op->k) & MASKS[op->w]; NEXT;
        case OP_AND: L(AND) R[op->d] = R[op->a] & R[op->b]; NEXT;
        case OP_ANDI: L(ANDI) R[op->d] = R[op->a] & op->k; NEXT;
        case OP_OR: L(OR) R[op->d] = R[op->a] | R[op->b]; NEXT;
        case OP_ORI: L(ORI) R[op->d] = R[op->a] | op->k; NEXT;
        case OP_XOR: L(XOR) R[op->d] = R[op->a] ^ R[op->b]; NEXT;
        case OP_XORI: L(XORI) R[op->d] = R[op->a] ^ op->k; NEXT;
        case OP_SHL: L(SHL) { uint64_t s = R[op->b]; R[op->d] = s < op->w ? (R[op->a] << s) & op->k : 0; NEXT; }
        case OP_SHLI: L(SHLI) R[op->d] = (R[op->a] << op->k) & MASKS[op->w]; NEXT;
        case OP_LSHR: L(LSHR) { uint64_t s = R[op->b]; R[op->d] = s < op->w ? R[op->a] >> s : 0; NEXT; }
        case OP_LSHRI: L(LSHRI) R[op->d] = R[op->a] >> op->k; NEXT;
        case OP_ASHR: L(ASHR) {
            uint64_t s = R[op->b];
            int64_t x = sext_of(R[op->a], op->w);
            R[op->d] = (uint64_t)(x >> (s < op->w ? s : 63)) & op->k;
            NEXT;
        }
        case OP_ASHRI: L(ASHRI) R[op->d] = (uint64_t)(sext_of(R[op->a], op->w) >> op->k) & MASKS[op->w]; NEXT;
        case OP_SEXT: L(SEXT) R[op->d] = (uint64_t)sext_of(R[op->a], op->w) & op->k; NEXT;
        case OP_UDIV: L(UDIV) {
            uint64_t y = R[op->b];
            if (!y) FAULT(EXEC_MSG_DIV_ZERO, "udiv");
            R[op->d] = R[op->a] / y;
            NEXT;
        }
        case OP_UREM: L(UREM) {
            uint64_t y = R[op->b];
            if (!y) FAULT(EXEC_MSG_DIV_ZERO, "urem");
            R[op->d] = R[op->a] % y;
            NEXT;
        }
        case OP_SDIV: L(SDIV) case OP_SREM: L(SREM) {
            int64_t x = sext_of(R[op->a], op->w), y = sext_of(R[op->b], op->w);
            if (!y) FAULT(EXEC_MSG_DIV_ZERO, op->code == OP_SDIV ? "sdiv" : "srem");
            if (y == -1) {
                /* both are undefined in LLVM IR (the backend's code traps or differs) */
                if (x == sext_of(1ull << (op->w - 1), op->w))
                    FAULT(EXEC_MSG_DIV_OVERFLOW, op->code == OP_SDIV ? "sdiv" : "srem");
                R[op->d] = op->code == OP_SDIV ? (uint64_t)(0 - (uint64_t)x) & op->k : 0;
                NEXT;
            }
            R[op->d] = (uint64_t)(op->code == OP_SDIV ? x / y : x % y) & op->k;
            NEXT;
        }

        case OP_EQ: L(EQ) R[op->d] = R[op->a] == R[op->b]; NEXT;
        case OP_NE: L(NE) R[op->d] = R[op->a] != R[op->b]; NEXT;
        case OP_ULT: L(ULT) R[op->d] = R[op->a] < R[op->b]; NEXT;
        case OP_ULE: L(ULE) R[op->d] = R[op->a] <= R[op->b]; NEXT;
        case OP_SLT: L(SLT) R[op->d] = sext_of(R[op->a], op->w) < sext_of(R[op->b], op->w); NEXT;
        case OP_SLE: L(SLE) R[op->d] = sext_of(R[op->a], op->w) <= sext_of(R[op->b], op->w); NEXT;
        case OP_EQI: L(EQI) R[op->d] = R[op->a] == op->k; NEXT;
        case OP_NEI: L(NEI) R[op->d] = R[op->a] != op->k; NEXT;
        case OP_ULTI: L(ULTI) R[op->d] = R[op->a] < op->k; NEXT;
        case OP_ULEI: L(ULEI) R[op->d] = R[op->a] <= op->k; NEXT;
        case OP_UGTI: L(UGTI) R[op->d] = R[op->a] > op->k; NEXT;
        case OP_UGEI: L(UGEI) R[op->d] = R[op->a] >= op->k; NEXT;
        case OP_SLTI: L(SLTI) R[op->d] = sext_of(R[op->a], op->w) < (int64_t)op->k; NEXT;
        case OP_SLEI: L(SLEI) R[op->d] = sext_of(R[op->a], op->w) <= (int64_t)op->k; NEXT;
        case OP_SGTI: L(SGTI) R[op->d] = sext_of(R[op->a], op->w) > (int64_t)op->k; NEXT;
        case OP_SGEI: L(SGEI) R[op->d] = sext_of(R[op->a], op->w) >= (int64_t)op->k; NEXT;
        case OP_SELECT: L(SELECT) {
            uint64_t c = R[op->a] & 1;
            R[op->d] = c ? R[op->b] : R[(uint32_t)op->k];
            SC[(op->k >> 32) + !c]++;
            NEXT;
        }
        case OP_SELECTU: L(SELECTU) R[op->d] = (R[op->a] & 1) ? R[op->b] : R[(uint32_t)op->k]; NEXT;

        /* wide integers */
        case OP_W_ADD: L(W_ADD) set_wide(R, op->d, wide(R, op->a) + wide(R, op->b), op->w); NEXT;
        case OP_W_SUB: L(W_SUB) set_wide(R, op->d, wide(R, op->a) - wide(R, op->b), op->w); NEXT;
        case OP_W_MUL: L(W_MUL) set_wide(R, op->d, wide(R, op->a) * wide(R, op->b), op->w); NEXT;
        case OP_W_UDIV: L(W_UDIV) case OP_W_UREM: L(W_UREM)
            if (!op_wdiv(vm, R, op))
                goto fault;
            NEXT;
        case OP_W_SDIV: L(W_SDIV) case OP_W_SREM: L(W_SREM)
            if (!op_wsdiv(vm, R, op))
                goto fault;
            NEXT;
        case OP_W_SHL: L(W_SHL) case OP_W_LSHR: L(W_LSHR) case OP_W_ASHR: L(W_ASHR) {
            unsigned width = 64u + op->w;
            u128 s = wide(R, op->b), x = wide(R, op->a), r;
            if (s >= width)
                r = op->code == OP_W_ASHR && wide_sext(x, width) < 0 ? ~(u128)0 : 0;
            else if (op->code == OP_W_SHL)
                r = x << (unsigned)s;
            else if (op->code == OP_W_LSHR)
                r = x >> (unsigned)s;
            else
                r = (u128)(wide_sext(x, width) >> (unsigned)s);
            set_wide(R, op->d, r, op->w);
            NEXT;
        }
        case OP_W_ICMP: L(W_ICMP) R[op->d] = wide_icmp(op->x, wide(R, op->a), wide(R, op->b), 64u + op->w); NEXT;
        case OP_W_SEXT: L(W_SEXT) {
            unsigned sw = op->w, dw = op->x;
            i128 v = sw <= 64 ? (i128)sext_of(R[op->a], sw) : wide_sext(wide(R, op->a), sw);
            set_wide(R, op->d, (u128)v, dw - 64);
            NEXT;
        }
        case OP_W_TRUNC: L(W_TRUNC) R[op->d] = R[op->a] & op->k; NEXT;

        /* floating point */
        case OP_FADD32: L(FADD32) R[op->d] = putf(getf(R[op->a]) + getf(R[op->b])); NEXT;
        case OP_FSUB32: L(FSUB32) R[op->d] = putf(getf(R[op->a]) - getf(R[op->b])); NEXT;
        case OP_FMUL32: L(FMUL32) R[op->d] = putf(getf(R[op->a]) * getf(R[op->b])); NEXT;
        case OP_FDIV32: L(FDIV32) R[op->d] = putf(getf(R[op->a]) / getf(R[op->b])); NEXT;
        case OP_FREM32: L(FREM32) R[op->d] = putf(fmodf(getf(R[op->a]), getf(R[op->b]))); NEXT;
        case OP_FNEG32: L(FNEG32) R[op->d] = R[op->a] ^ 0x80000000u; NEXT;
        case OP_FADD64: L(FADD64) R[op->d] = putd(getd(R[op->a]) + getd(R[op->b])); NEXT;
        case OP_FSUB64: L(FSUB64) R[op->d] = putd(getd(R[op->a]) - getd(R[op->b])); NEXT;
        case OP_FMUL64: L(FMUL64) R[op->d] = putd(getd(R[op->a]) * getd(R[op->b])); NEXT;
        case OP_FDIV64: L(FDIV64) R[op->d] = putd(getd(R[op->a]) / getd(R[op->b])); NEXT;
        case OP_FREM64: L(FREM64) R[op->d] = putd(fmod(getd(R[op->a]), getd(R[op->b]))); NEXT;
        case OP_FNEG64: L(FNEG64) R[op->d] = R[op->a] ^ 0x8000000000000000ull; NEXT;
        case OP_FCMP32: L(FCMP32) R[op->d] = fcmp(op->x, getf(R[op->a]), getf(R[op->b])); NEXT;
        case OP_FCMP64: L(FCMP64) R[op->d] = fcmp(op->x, getd(R[op->a]), getd(R[op->b])); NEXT;
        case OP_FPTOSI32: L(FPTOSI32) R[op->d] = fp_to_int(getf(R[op->a]), true) & MASKS[op->w]; NEXT;
        case OP_FPTOSI64: L(FPTOSI64) R[op->d] = fp_to_int(getd(R[op->a]), true) & MASKS[op->w]; NEXT;
        case OP_FPTOUI32: L(FPTOUI32) R[op->d] = fp_to_int(getf(R[op->a]), false) & MASKS[op->w]; NEXT;
        case OP_FPTOUI64: L(FPTOUI64) R[op->d] = fp_to_int(getd(R[op->a]), false) & MASKS[op->w]; NEXT;
        case OP_SITOFP32: L(SITOFP32) R[op->d] = putf((float)sext_of(R[op->a], op->w)); NEXT;
        case OP_SITOFP64: L(SITOFP64) R[op->d] = putd((double)sext_of(R[op->a], op->w)); NEXT;
        case OP_UITOFP32: L(UITOFP32) R[op->d] = putf((float)R[op->a]); NEXT;
        case OP_UITOFP64: L(UITOFP64) R[op->d] = putd((double)R[op->a]); NEXT;
        case OP_W_TOFP: L(W_TOFP) op_wtofp(R, op); NEXT;
        case OP_FP_TOW: L(FP_TOW) op_fptow(R, op); NEXT;
        case OP_FPEXT: L(FPEXT) R[op->d] = putd((double)getf(R[op->a])); NEXT;
        case OP_FPTRUNC: L(FPTRUNC) R[op->d] = putf((float)getd(R[op->a])); NEXT;
        case OP_BOUNDS: L(BOUNDS)
            if (!op_bounds(vm, R, op))
                goto fault;
            NEXT;
        case OP_XFARITH: L(XFARITH) exec_xf_arith((unsigned)op->k, (enum xfmt)op->x, &R[op->d], &R[op->a], &R[op->b]); NEXT;
        case OP_XFNEG: L(XFNEG) exec_xf_neg((enum xfmt)op->x, &R[op->d], &R[op->a]); NEXT;
        case OP_XFCMP: L(XFCMP) R[op->d] = exec_xf_cmp(op->x, (enum xfmt)op->k, &R[op->a], &R[op->b]); NEXT;
        case OP_XFCVT: L(XFCVT) exec_xf_cvt(op->k, &R[op->d], &R[op->a]); NEXT;
        case OP_FMATH1: L(FMATH1) case OP_FMATH2: L(FMATH2) case OP_FMATH3: L(FMATH3) op_fmath(R, op); NEXT;
        case OP_FMATHI: L(FMATHI) op_fmathi(R, op); NEXT;
        case OP_XFMATH: L(XFMATH) op_xfmath(R, op); NEXT;

        /* memory */
        case OP_LD8: L(LD8) { uint8_t *p; addr = ADDR(op); nbytes = 1; RPTR(p, addr, 1); R[op->d] = p[0] & MASKS[op->w]; NEXT; }
        case OP_LD16: L(LD16) case OP_LD16B: L(LD16B) {
            uint8_t *p; uint16_t v; addr = ADDR(op); nbytes = 2; RPTR(p, addr, 2);
            if (addr & op->x) goto misaligned;
            memcpy(&v, p, 2);
            if (op->code == OP_LD16B) v = __builtin_bswap16(v);
            R[op->d] = v & MASKS[op->w];
            NEXT;
        }
        case OP_LD32: L(LD32) case OP_LD32B: L(LD32B) {
            uint8_t *p; uint32_t v; addr = ADDR(op); nbytes = 4; RPTR(p, addr, 4);
            if (addr & op->x) goto misaligned;
            memcpy(&v, p, 4);
            if (op->code == OP_LD32B) v = __builtin_bswap32(v);
            R[op->d] = v & MASKS[op->w];
            NEXT;
        }
        case OP_LD64: L(LD64) case OP_LD64B: L(LD64B) {
            uint8_t *p; uint64_t v; addr = ADDR(op); nbytes = 8; RPTR(p, addr, 8);
            if (addr & op->x) goto misaligned;
            memcpy(&v, p, 8);
            if (op->code == OP_LD64B) v = __builtin_bswap64(v);
            R[op->d] = v & MASKS[op->w];
            NEXT;
        }
        case OP_LDN: L(LDN)
            if (!op_ldn(vm, R, op))
                goto fault;
            NEXT;
        case OP_ST8: L(ST8) { uint8_t *p; addr = ADDR(op); nbytes = 1; WPTR(p, addr, 1); p[0] = (uint8_t)R[op->b]; NEXT; }
        case OP_ST16: L(ST16) case OP_ST16B: L(ST16B) {
            uint8_t *p; uint16_t v = (uint16_t)R[op->b]; addr = ADDR(op); nbytes = 2; WPTR(p, addr, 2);
            if (addr & op->x) goto misaligned;
            if (op->code == OP_ST16B) v = __builtin_bswap16(v);
            memcpy(p, &v, 2);
            NEXT;
        }
        case OP_ST32: L(ST32) case OP_ST32B: L(ST32B) {
            uint8_t *p; uint32_t v = (uint32_t)R[op->b]; addr = ADDR(op); nbytes = 4; WPTR(p, addr, 4);
            if (addr & op->x) goto misaligned;
            if (op->code == OP_ST32B) v = __builtin_bswap32(v);
            memcpy(p, &v, 4);
            NEXT;
        }
        case OP_ST64: L(ST64) case OP_ST64B: L(ST64B) {
            uint8_t *p; uint64_t v = R[op->b]; addr = ADDR(op); nbytes = 8; WPTR(p, addr, 8);
            if (addr & op->x) goto misaligned;
            if (op->code == OP_ST64B) v = __builtin_bswap64(v);
            memcpy(p, &v, 8);
            NEXT;
        }
        case OP_STN: L(STN)
            if (!op_stn(vm, R, op))
                goto fault;
            NEXT;
        /* indexed: address = base + sext(index) * scale + offset; full-width values */
        case OP_LD8X: L(LD8X) { uint8_t *p; addr = XADDR(op); nbytes = 1; RPTR(p, addr, 1); R[op->d] = p[0]; NEXT; }
        case OP_LD16X: L(LD16X) case OP_LD16BX: L(LD16BX) {
            uint8_t *p; uint16_t v; addr = XADDR(op); nbytes = 2; RPTR(p, addr, 2);
            if (addr & op->x) goto misaligned;
            memcpy(&v, p, 2);
            R[op->d] = op->code == OP_LD16BX ? __builtin_bswap16(v) : v;
            NEXT;
        }
        case OP_LD32X: L(LD32X) case OP_LD32BX: L(LD32BX) {
            uint8_t *p; uint32_t v; addr = XADDR(op); nbytes = 4; RPTR(p, addr, 4);
            if (addr & op->x) goto misaligned;
            memcpy(&v, p, 4);
            R[op->d] = op->code == OP_LD32BX ? __builtin_bswap32(v) : v;
            NEXT;
        }
        case OP_LD64X: L(LD64X) case OP_LD64BX: L(LD64BX) {
            uint8_t *p; uint64_t v; addr = XADDR(op); nbytes = 8; RPTR(p, addr, 8);
            if (addr & op->x) goto misaligned;
            memcpy(&v, p, 8);
            R[op->d] = op->code == OP_LD64BX ? __builtin_bswap64(v) : v;
            NEXT;
        }
        case OP_ST8X: L(ST8X) { uint8_t *p; addr = XADDR(op); nbytes = 1; WPTR(p, addr, 1); p[0] = (uint8_t)R[op->d]; NEXT; }
        case OP_ST16X: L(ST16X) case OP_ST16BX: L(ST16BX) {
            uint8_t *p; uint16_t v = (uint16_t)R[op->d]; addr = XADDR(op); nbytes = 2; WPTR(p, addr, 2);
            if (addr & op->x) goto misaligned;
            if (op->code == OP_ST16BX) v = __builtin_bswap16(v);
            memcpy(p, &v, 2);
            NEXT;
        }
        case OP_ST32X: L(ST32X) case OP_ST32BX: L(ST32BX) {
            uint8_t *p; uint32_t v = (uint32_t)R[op->d]; addr = XADDR(op); nbytes = 4; WPTR(p, addr, 4);
            if (addr & op->x) goto misaligned;
            if (op->code == OP_ST32BX) v = __builtin_bswap32(v);
            memcpy(p, &v, 4);
            NEXT;
        }
        case OP_ST64X: L(ST64X) case OP_ST64BX: L(ST64BX) {
            uint8_t *p; uint64_t v = R[op->d]; addr = XADDR(op); nbytes = 8; WPTR(p, addr, 8);
            if (addr & op->x) goto misaligned;
            if (op->code == OP_ST64BX) v = __builtin_bswap64(v);
            memcpy(p, &v, 8);
            NEXT;
        }
        case OP_GEP: L(GEP) {
            uint64_t scale = op->k & 0xffffffffu;
            R[op->d] = (R[op->a] + (uint64_t)sext_of(R[op->b], op->w) * scale) & PM;
            NEXT;
        }
        case OP_FRAMEADDR: L(FRAMEADDR) R[op->d] = FB + op->k; NEXT;
        case OP_ALLOCA: L(ALLOCA)
            if (!op_alloca(vm, R, op))
                goto fault;
            NEXT;
        case OP_STACKSAVE: L(STACKSAVE) R[op->d] = vm->sp; NEXT;
        case OP_STACKRESTORE: L(STACKRESTORE)
            if (!op_stackrestore(vm, R, op))
                goto fault;
            NEXT;
        case OP_MEMCPY: L(MEMCPY) case OP_MEMMOVE: L(MEMMOVE)
            if (!op_memcpy(vm, R, op))
                goto fault;
            NEXT;
        case OP_MEMSET: L(MEMSET)
            if (!op_memset(vm, R, op))
                goto fault;
            NEXT;

        /* bits */
        case OP_CTLZ: L(CTLZ) { uint64_t v = R[op->a]; R[op->d] = v ? (uint64_t)(__builtin_clzll(v) - (64 - op->w)) : op->w; NEXT; }
        case OP_CTTZ: L(CTTZ) { uint64_t v = R[op->a]; R[op->d] = v ? (uint64_t)__builtin_ctzll(v) : op->w; NEXT; }
        case OP_CTPOP: L(CTPOP) R[op->d] = (uint64_t)__builtin_popcountll(R[op->a]); NEXT;
        case OP_BSWAP: L(BSWAP) R[op->d] = __builtin_bswap64(R[op->a]) >> (64 - op->w); NEXT;
        case OP_BITREV: L(BITREV) R[op->d] = bitrev64(R[op->a]) >> (64 - op->w); NEXT;
        case OP_FSHL: L(FSHL) case OP_FSHR: L(FSHR) {
            unsigned w = op->w;
            uint64_t x = R[op->a], y = R[op->b], s = R[(uint32_t)op->k] % w;
            if (op->code == OP_FSHL)
                R[op->d] = s ? ((x << s) | (y >> (w - s))) & MASKS[w] : x;
            else
                R[op->d] = s ? ((y >> s) | (x << (w - s))) & MASKS[w] : y;
            NEXT;
        }
        case OP_SMIN: L(SMIN) { int64_t x = sext_of(R[op->a], op->w), y = sext_of(R[op->b], op->w); R[op->d] = (uint64_t)(x < y ? x : y) & MASKS[op->w]; NEXT; }
        case OP_SMAX: L(SMAX) { int64_t x = sext_of(R[op->a], op->w), y = sext_of(R[op->b], op->w); R[op->d] = (uint64_t)(x > y ? x : y) & MASKS[op->w]; NEXT; }
        case OP_UMIN: L(UMIN) { uint64_t x = R[op->a], y = R[op->b]; R[op->d] = x < y ? x : y; NEXT; }
        case OP_UMAX: L(UMAX) { uint64_t x = R[op->a], y = R[op->b]; R[op->d] = x > y ? x : y; NEXT; }
        case OP_ABS: L(ABS) { int64_t x = sext_of(R[op->a], op->w); R[op->d] = (x < 0 ? 0 - (uint64_t)x : (uint64_t)x) & MASKS[op->w]; NEXT; }
        case OP_UADDSAT: L(UADDSAT) { u128 s = (u128)R[op->a] + R[op->b]; R[op->d] = s > MASKS[op->w] ? MASKS[op->w] : (uint64_t)s; NEXT; }
        case OP_SHIFTHIST: L(SHIFTHIST) {
            uint64_t amount = R[op->a] & op->k; /* k: amount mask (width - 1 for rotates) */
            SC[op->d + (amount > 63 ? 63 : amount)]++;
            NEXT;
        }
        case OP_MEMDIFF: L(MEMDIFF) {
            /* a probe (eng_probe, ENG_PROBE_MEMDIFF): the first byte that differs among
             * the k bytes at R[a] and R[b], k when none does */
            const uint8_t *x = exec_ptr_r(vm, R[op->a], op->k), *y = exec_ptr_r(vm, R[op->b], op->k);
            uint64_t at = 0;
            while (x && y && at < op->k && x[at] == y[at])
                at++;
            R[op->d] = at;
            NEXT;
        }
        case OP_SATCOUNT: L(SATCOUNT) {
            /* x: 0 uadd, 1 usub, 2 sadd, 3 ssub; d: outcome counters, k: tie counter */
            i128 r, lo, hi;
            if (op->x < 2) {
                r = op->x == 0 ? (i128)R[op->a] + (i128)R[op->b] : (i128)R[op->a] - (i128)R[op->b];
                lo = 0;
                hi = MASKS[op->w];
            } else {
                i128 x = sext_of(R[op->a], op->w), y = sext_of(R[op->b], op->w);
                r = op->x == 2 ? x + y : x - y;
                hi = (i128)(MASKS[op->w] >> 1);
                lo = -hi - 1;
            }
            SC[op->d + (r < lo || r > hi)]++;
            if ((r == hi && op->x != 1) || (r == lo && op->x != 0))
                SC[op->k]++;
            NEXT;
        }
        case OP_USUBSAT: L(USUBSAT) { uint64_t x = R[op->a], y = R[op->b]; R[op->d] = x < y ? 0 : x - y; NEXT; }
        case OP_SADDSAT: L(SADDSAT) R[op->d] = sat_signed((i128)sext_of(R[op->a], op->w) + sext_of(R[op->b], op->w), op->w); NEXT;
        case OP_SSUBSAT: L(SSUBSAT) R[op->d] = sat_signed((i128)sext_of(R[op->a], op->w) - sext_of(R[op->b], op->w), op->w); NEXT;
        case OP_USHLSAT: L(USHLSAT) {
            uint64_t x = R[op->a], s = R[op->b];
            R[op->d] = s >= op->w ? (x ? MASKS[op->w] : 0) : ((x << s) & MASKS[op->w]) >> s == x ? (x << s) & MASKS[op->w] : MASKS[op->w];
            NEXT;
        }
        case OP_SSHLSAT: L(SSHLSAT) {
            int64_t x = sext_of(R[op->a], op->w);
            uint64_t s = R[op->b];
            i128 r = s >= op->w ? (x ? (x < 0 ? -((i128)1 << 100) : ((i128)1 << 100)) : 0) : (i128)x * ((i128)1 << s);
            R[op->d] = sat_signed(r, op->w);
            NEXT;
        }
        case OP_UADDO: L(UADDO) { u128 s = (u128)R[op->a] + R[op->b]; R[op->d] = (uint64_t)s & MASKS[op->w]; R[(uint32_t)op->k] = s > MASKS[op->w]; NEXT; }
        case OP_USUBO: L(USUBO) { uint64_t x = R[op->a], y = R[op->b]; R[op->d] = (x - y) & MASKS[op->w]; R[(uint32_t)op->k] = x < y; NEXT; }
        case OP_UMULO: L(UMULO) { u128 s = (u128)R[op->a] * R[op->b]; R[op->d] = (uint64_t)s & MASKS[op->w]; R[(uint32_t)op->k] = s > MASKS[op->w]; NEXT; }
        case OP_SADDO: L(SADDO) case OP_SSUBO: L(SSUBO) case OP_SMULO: L(SMULO) {
            i128 x = sext_of(R[op->a], op->w), y = sext_of(R[op->b], op->w);
            i128 r = op->code == OP_SADDO ? x + y : op->code == OP_SSUBO ? x - y : x * y;
            R[op->d] = (uint64_t)r & MASKS[op->w];
            R[(uint32_t)op->k] = !fits_signed(r, op->w);
            NEXT;
        }
        case OP_VEXTRACT: L(VEXTRACT) { uint64_t i = R[op->b]; R[op->d] = i < op->k ? R[op->a + i] : 0; NEXT; }
        case OP_VINSERT: L(VINSERT) { uint64_t i = R[op->b]; if (i < op->k) R[op->d + i] = R[op->a]; NEXT; }
        case OP_BITCAST: L(BITCAST) do_bitcast(vm, (const struct bitcast_desc *)(uintptr_t)op->k, R + op->d, R + op->a); NEXT;

        /* control */
        case OP_JMP: L(JMP) EDGE(op->d); NEXT;
        case OP_GOTO: L(GOTO) pc = C + op->d; NEXT;
        case OP_SETIN: L(SETIN) R[op->d] = op->k; pc = C + op->b; NEXT;
        case OP_PAIRINC: L(PAIRINC) ((uint64_t *)(uintptr_t)op->k)[R[op->a] * op->x + op->d]++; pc = C + op->b; NEXT;
        case OP_MOVGOTO: L(MOVGOTO) R[op->d] = R[op->a]; pc = C + op->k; NEXT;
        case OP_MOV2GOTO: L(MOV2GOTO) {
            /* parallel copies were made conflict-free when translating */
            R[op->d] = R[op->a];
            R[op->b] = R[(uint32_t)op->k];
            pc = C + (op->k >> 32);
            NEXT;
        }
        case OP_BR: L(BR) EDGE((R[op->a] & 1) ? op->d : op->b); NEXT;
        case OP_BR_EQ: L(BR_EQ) EDGE(R[op->a] == R[(uint32_t)op->k] ? op->d : op->b); NEXT;
        case OP_BR_NE: L(BR_NE) EDGE(R[op->a] != R[(uint32_t)op->k] ? op->d : op->b); NEXT;
        case OP_BR_ULT: L(BR_ULT) EDGE(R[op->a] < R[(uint32_t)op->k] ? op->d : op->b); NEXT;
        case OP_BR_ULE: L(BR_ULE) EDGE(R[op->a] <= R[(uint32_t)op->k] ? op->d : op->b); NEXT;
        case OP_BR_SLT: L(BR_SLT) EDGE(sext_of(R[op->a], op->w) < sext_of(R[(uint32_t)op->k], op->w) ? op->d : op->b); NEXT;
        case OP_BR_SLE: L(BR_SLE) EDGE(sext_of(R[op->a], op->w) <= sext_of(R[(uint32_t)op->k], op->w) ? op->d : op->b); NEXT;
        case OP_BR_EQI: L(BR_EQI) EDGE(R[op->a] == op->k ? op->d : op->b); NEXT;
        case OP_BR_NEI: L(BR_NEI) EDGE(R[op->a] != op->k ? op->d : op->b); NEXT;
        case OP_BR_ULTI: L(BR_ULTI) EDGE(R[op->a] < op->k ? op->d : op->b); NEXT;
        case OP_BR_ULEI: L(BR_ULEI) EDGE(R[op->a] <= op->k ? op->d : op->b); NEXT;
        case OP_BR_UGTI: L(BR_UGTI) EDGE(R[op->a] > op->k ? op->d : op->b); NEXT;
        case OP_BR_UGEI: L(BR_UGEI) EDGE(R[op->a] >= op->k ? op->d : op->b); NEXT;
        case OP_BR_SLTI: L(BR_SLTI) EDGE(sext_of(R[op->a], op->w) < (int64_t)op->k ? op->d : op->b); NEXT;
        case OP_BR_SLEI: L(BR_SLEI) EDGE(sext_of(R[op->a], op->w) <= (int64_t)op->k ? op->d : op->b); NEXT;
        case OP_BR_SGTI: L(BR_SGTI) EDGE(sext_of(R[op->a], op->w) > (int64_t)op->k ? op->d : op->b); NEXT;
        case OP_BR_SGEI: L(BR_SGEI) EDGE(sext_of(R[op->a], op->w) >= (int64_t)op->k ? op->d : op->b); NEXT;
        case OP_SWITCH: L(SWITCH) EDGE(switch_edge((const struct switch_desc *)(uintptr_t)op->k, R[op->a])); NEXT;
        case OP_CALL: L(CALL) case OP_CALLI: L(CALLI) {
            const struct calldesc *cd = (const struct calldesc *)(uintptr_t)op->k;
            struct xfunc *g = cd->callee;
            if (op->code == OP_CALLI) {
                g = func_at(vm, R[op->a]);
                if (!g)
                    FAULT(EXEC_MSG_NOT_FUNCTION, (unsigned long long)R[op->a]);
                if (!g->defined)
                    goto external;
            }
            vm->steps = steps;
            int tag = 0;
            if (__builtin_expect(vm->hooks != NULL, 0) && vm->hooks->call) {
                vm->hook_cd = cd;
                vm->hook_R = R;
                tag = vm->hooks->call(vm->hooks_arg, exec_engine(vm), g->index, cd->inst);
                if (tag < 0)
                    goto fault;
                steps = vm->steps;
                limit = vm->next_check;
            }
            slot_t *NR = exec_enter(vm, g, cd, R, R + F->nslots, pc, op->d);
            if (!NR)
                goto fault;
            fr = &vm->frames[vm->depth];
            if (__builtin_expect(vm->hooks != NULL, 0) && vm->hooks->enter)
                vm->hooks->enter(vm->hooks_arg, exec_engine(vm), vm->depth, g->index, cd->inst, tag);
            F = g;
            R = NR;
            C = g->code;
            E = g->edges;
            SC = g->sel_counts;
            FB = fr->frame_base;
            if (exec_jit_ready(vm, F))
                limit = 0; /* into its compiled code at the check */
            EDGE(0);
            NEXT;
        }
        case OP_CALLX: L(CALLX) {
            const struct calldesc *cd;
            struct xfunc *g;
        external:
            cd = (const struct calldesc *)(uintptr_t)op->k;
            g = op->code == OP_CALLI ? func_at(vm, R[op->a]) : cd->callee;
            g->calls++;
            if (!g->builtin)
                FAULT(EXEC_MSG_UNKNOWN_EXTERNAL, g->name);
            vm->steps = steps;
            vm->cur_op = op;
            if (!g->builtin(vm, cd, R, R + op->d)) {
                steps = vm->steps;
                if (vm->exited)
                    goto done;
                goto fault;
            }
            steps = vm->steps; /* a built-in may have run program code */
            limit = vm->next_check;
            NEXT;
        }
        case OP_WATCH: L(WATCH)
            vm->steps = steps;
            op_watch(vm, R, op);
            NEXT;
        case OP_RET: L(RET)
            rn = (uint32_t)op->k;
            rv = R + op->a;
        ret: {
            if (__builtin_expect(vm->hooks != NULL, 0) && vm->hooks->ret) {
                vm->steps = steps; /* eng_steps */
                vm->hooks->ret(vm->hooks_arg, exec_engine(vm), vm->depth);
            }
            if (!fr->ret_pc) { /* back to the host: main, or a call made by a built-in */
                for (uint32_t i = 0; i < rn && i < 16; i++)
                    vm->ret_buf[i] = rv[i];
                vm->sp = fr->sp;
                if (vm->depth)
                    vm->depth--;
                goto done;
            }
            slot_t *CR = vm->frames[vm->depth - 1].R;
            for (uint32_t i = 0; i < rn && i < fr->ret_n; i++)
                CR[fr->ret_d + i] = rv[i];
            vm->sp = fr->sp;
            pc = fr->ret_pc;
            fr = &vm->frames[--vm->depth];
            F = fr->fn;
            R = fr->R;
            C = F->code;
            E = F->edges;
            SC = F->sel_counts;
            FB = fr->frame_base;
            if (exec_jit_ready(vm, F))
                limit = 0; /* into its compiled code at its next loop edge */
            NEXT;
        }
        case OP_UNREACHABLE: L(UNREACHABLE) case OP_INDIRECTBR: L(INDIRECTBR) case OP_TRAP: L(TRAP)
        case OP_UNSUPPORTED: L(UNSUPPORTED)
            op_fails(vm, op);
            goto fault;

        case OP_VASTART: L(VASTART)
            if (!op_vastart(vm, F, R, op))
                goto fault;
            NEXT;
        case OP_VAARG: L(VAARG)
            if (!va_arg_read(vm, R[op->a], (LLVMTypeRef)(uintptr_t)op->k, R + op->d))
                goto fault;
            NEXT;
        case OP_VACOPY: L(VACOPY)
            if (!op_vacopy(vm, R, op))
                goto fault;
            NEXT;
        case OP_CMPXCHG: L(CMPXCHG)
            if (!op_cmpxchg(vm, R, op))
                goto fault;
            NEXT;
        case OP_ATOMICRMW: L(ATOMICRMW)
            if (!atomic_rmw(vm, op, R))
                goto fault;
            NEXT;
        default:
            op_fails(vm, op);
            goto fault;
        }
        continue;
    check:
        vm->steps = steps;
        op = pc; /* a fault here is located at the block being entered */
        if (steps >= vm->slow_at && !slow_check(vm))
            goto fault;
        if (steps >= vm->jit_poll_at)
            exec_jit_poll(vm); /* may compile: F->jit */
        if (exec_jit_ready(vm, F)) {
            if (F->osr[pc - C])
                goto body;
            limit = 0;
        } else
            limit = vm->next_check;
        continue;
    body:
        /* compiled code runs F from op PC on (an edge entering it) to its return */
        if (F->jit(vm, R, (uint32_t)(pc - C)))
            return !vm->faulted; /* it faulted or exited, and said where */
        steps = vm->steps;
        limit = vm->next_check;
        rn = F->ret_slots;
        rv = R;
        goto ret;
    }
bad_read:
    exec_fault_access(vm, 'r', addr, nbytes);
    goto fault;
bad_write:
    exec_fault_access(vm, 'w', addr, nbytes);
    goto fault;
misaligned:
    exec_fault_access(vm, 'a', addr, nbytes);
fault:
    vm->steps = steps;
    if (!vm->faulted) { /* a fault inside a nested call keeps its own location */
        vm->fault_pc = op;
        vm->fault_fn = F;
        vm->faulted = true;
    }
    return false;
done:
    vm->steps = steps;
    if (vm->exited) {
        vm->fault_pc = op;
        vm->fault_fn = F;
    }
    return true;
}

/* ---- what compiled code calls (exec_jit*.c) ----
 * Compiled code keeps vm->steps and vm->clock current before it calls any of
 * these; each returns 0, or 1 after a fault (its location recorded) or an exit. */

int exec_jit_fail(struct vm *vm, struct xfunc *F, uint32_t at)
{
    if (!vm->faulted) { /* a fault inside a nested call keeps its own location */
        vm->fault_pc = &F->code[at];
        vm->fault_fn = F;
        vm->faulted = true;
    }
    return 1;
}

int exec_jit_check(struct vm *vm, struct xfunc *F, uint32_t at)
{
    if (vm->steps >= vm->slow_at && !slow_check(vm))
        return exec_jit_fail(vm, F, at);
    return 0;
}

int exec_jit_call(struct vm *vm, struct xfunc *F, slot_t *R, uint32_t at)
{
    const struct op *op = &F->code[at];
    const struct calldesc *cd = (const struct calldesc *)(uintptr_t)op->k;
    struct xfunc *g = cd->callee;
    if (op->code == OP_CALLI) {
        g = func_at(vm, R[op->a]);
        if (!g) {
            exec_fault(vm, EXEC_MSG_NOT_FUNCTION, (unsigned long long)R[op->a]);
            return exec_jit_fail(vm, F, at);
        }
    }
    if (op->code == OP_CALLX || !g->defined) {
        g->calls++;
        if (!g->builtin) {
            exec_fault(vm, EXEC_MSG_UNKNOWN_EXTERNAL, g->name);
            return exec_jit_fail(vm, F, at);
        }
        vm->cur_op = op;
        if (!g->builtin(vm, cd, R, R + op->d)) {
            if (!vm->exited)
                return exec_jit_fail(vm, F, at);
            vm->fault_pc = op;
            vm->fault_fn = F;
            return 1;
        }
        return 0;
    }
    int tag = 0;
    if (vm->hooks && vm->hooks->call) {
        vm->hook_cd = cd;
        vm->hook_R = R;
        tag = vm->hooks->call(vm->hooks_arg, exec_engine(vm), g->index, cd->inst);
        if (tag < 0)
            return exec_jit_fail(vm, F, at);
    }
    bool compiled = exec_jit_ready(vm, g);
    vm->cur_op = op; /* an interpreted callee returns here as to the host */
    slot_t *NR = exec_enter(vm, g, cd, R, R + F->nslots, compiled ? op + 1 : NULL, op->d);
    if (!NR)
        return exec_jit_fail(vm, F, at);
    if (vm->hooks && vm->hooks->enter)
        vm->hooks->enter(vm->hooks_arg, exec_engine(vm), vm->depth, g->index, cd->inst, tag);
    struct edge *e = &g->edges[0];
    e->count++;
    vm->clock += e->weight;
    vm->steps += e->ninst;
    if (vm->steps >= vm->slow_at && !slow_check(vm))
        return exec_jit_fail(vm, g, e->pc);
    if (compiled) {
        if (g->jit(vm, NR, e->pc))
            return 1;
        if (vm->hooks && vm->hooks->ret)
            vm->hooks->ret(vm->hooks_arg, exec_engine(vm), vm->depth);
        struct frame *fr = &vm->frames[vm->depth];
        for (uint32_t i = 0; i < g->ret_slots && i < fr->ret_n; i++)
            R[op->d + i] = NR[i];
        vm->sp = fr->sp;
        vm->depth--;
        return 0;
    }
    if (!exec_run_loop(vm) || vm->exited)
        return 1;
    for (uint32_t i = 0; i < cd->ret_slots && i < 16; i++)
        R[op->d + i] = vm->ret_buf[i];
    return 0;
}

int exec_jit_step(struct vm *vm, struct xfunc *F, slot_t *R, uint32_t at)
{
    const struct op *op = &F->code[at];
    bool ok = true;
    switch ((enum opcode)op->code) {
    case OP_W_UDIV: case OP_W_UREM: ok = op_wdiv(vm, R, op); break;
    case OP_W_SDIV: case OP_W_SREM: ok = op_wsdiv(vm, R, op); break;
    case OP_W_TOFP: op_wtofp(R, op); break;
    case OP_FP_TOW: op_fptow(R, op); break;
    case OP_FMATH1: case OP_FMATH2: case OP_FMATH3: op_fmath(R, op); break;
    case OP_FMATHI: op_fmathi(R, op); break;
    case OP_XFMATH: op_xfmath(R, op); break;
    case OP_FREM32: R[op->d] = putf(fmodf(getf(R[op->a]), getf(R[op->b]))); break;
    case OP_FREM64: R[op->d] = putd(fmod(getd(R[op->a]), getd(R[op->b]))); break;
    case OP_XFARITH: exec_xf_arith((unsigned)op->k, (enum xfmt)op->x, &R[op->d], &R[op->a], &R[op->b]); break;
    case OP_XFNEG: exec_xf_neg((enum xfmt)op->x, &R[op->d], &R[op->a]); break;
    case OP_XFCMP: R[op->d] = exec_xf_cmp(op->x, (enum xfmt)op->k, &R[op->a], &R[op->b]); break;
    case OP_XFCVT: exec_xf_cvt(op->k, &R[op->d], &R[op->a]); break;
    case OP_LDN: ok = op_ldn(vm, R, op); break;
    case OP_STN: ok = op_stn(vm, R, op); break;
    case OP_BOUNDS: ok = op_bounds(vm, R, op); break;
    case OP_ALLOCA: ok = op_alloca(vm, R, op); break;
    case OP_STACKRESTORE: ok = op_stackrestore(vm, R, op); break;
    case OP_MEMCPY: case OP_MEMMOVE: ok = op_memcpy(vm, R, op); break;
    case OP_MEMSET: ok = op_memset(vm, R, op); break;
    case OP_BITCAST: do_bitcast(vm, (const struct bitcast_desc *)(uintptr_t)op->k, R + op->d, R + op->a); break;
    case OP_VASTART: ok = op_vastart(vm, F, R, op); break;
    case OP_VAARG: ok = va_arg_read(vm, R[op->a], (LLVMTypeRef)(uintptr_t)op->k, R + op->d); break;
    case OP_VACOPY: ok = op_vacopy(vm, R, op); break;
    case OP_CMPXCHG: ok = op_cmpxchg(vm, R, op); break;
    case OP_ATOMICRMW: ok = atomic_rmw(vm, op, R); break;
    case OP_WATCH: op_watch(vm, R, op); break;
    default: ok = op_fails(vm, op); break;
    }
    return ok ? 0 : exec_jit_fail(vm, F, at);
}
