/* exec_jit_gen.c — the compiled tier's translation: one function's ops
 * (exec_compile*.c made every semantic decision: slots, widths, offsets,
 * edges with their counters, selects, watches) become host LLVM IR, op by
 * op, with the interpreter's meaning (exec_run.c). Slots become allocas
 * that mem2reg promotes to registers; every edge bumps the same counter,
 * adds the same weight to the clock and the same instructions to the steps
 * as the interpreter's EDGE; the slow path, faults, calls and the rare ops
 * call the interpreter's own C (exec_run.c: exec_jit_*), with the slots they
 * read or write stored to the frame's slots in vm->slots first. So counts,
 * faults and their locations are the interpreter's, bit for bit. */
#include "exec_jit.h"
#include "exec_math.h"
#include "exec_opsem.h"
#include "support.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- the module ---- */

static LLVMValueRef tbaa_tag(LLVMContextRef cx, LLVMMetadataRef root, const char *name)
{
    LLVMMetadataRef zero = LLVMValueAsMetadata(LLVMConstInt(LLVMInt64TypeInContext(cx), 0, 0));
    LLVMMetadataRef ty[3] = {LLVMMDStringInContext2(cx, name, strlen(name)), root, zero};
    LLVMMetadataRef t = LLVMMDNodeInContext2(cx, ty, 3);
    LLVMMetadataRef tag[3] = {t, t, zero};
    return LLVMMetadataAsValue(cx, LLVMMDNodeInContext2(cx, tag, 3));
}

void exec_jit_mod_init(struct jit_mod *jm, struct vm *vm, LLVMContextRef cx, LLVMModuleRef m)
{
    memset(jm, 0, sizeof *jm);
    jm->vm = vm;
    jm->cx = cx;
    jm->m = m;
    jm->b = LLVMCreateBuilderInContext(cx);
    jm->i1 = LLVMInt1TypeInContext(cx);
    jm->i8 = LLVMInt8TypeInContext(cx);
    jm->i16 = LLVMInt16TypeInContext(cx);
    jm->i32 = LLVMInt32TypeInContext(cx);
    jm->i64 = LLVMInt64TypeInContext(cx);
    jm->i128 = LLVMInt128TypeInContext(cx);
    jm->f32 = LLVMFloatTypeInContext(cx);
    jm->f64 = LLVMDoubleTypeInContext(cx);
    jm->ptr = LLVMPointerTypeInContext(cx, 0);
    jm->vd = LLVMVoidTypeInContext(cx);
    LLVMTypeRef params[3] = {jm->ptr, jm->ptr, jm->i32};
    jm->body_t = LLVMFunctionType(jm->i32, params, 3, 0);
    jm->tbaa_kind = LLVMGetMDKindIDInContext(cx, "tbaa", 4);
    LLVMMetadataRef rname = LLVMMDStringInContext2(cx, "lpnest engine", 13);
    LLVMMetadataRef root = LLVMMDNodeInContext2(cx, &rname, 1);
    jm->tag_mem = tbaa_tag(cx, root, "program memory");
    jm->tag_count = tbaa_tag(cx, root, "counter");
    jm->tag_vm = tbaa_tag(cx, root, "engine state");
    jm->tag_slot = tbaa_tag(cx, root, "slot");
}

void exec_jit_mod_free(struct jit_mod *jm)
{
    if (jm->b)
        LLVMDisposeBuilder(jm->b);
    jm->b = NULL;
}

/* ---- which slots an op reads and writes (for the helpers' spills) ---- */

#define MAXS 80

struct slots {
    uint32_t n;
    uint32_t s[MAXS];
};

static void add(struct slots *x, uint32_t s, uint32_t n)
{
    for (uint32_t i = 0; i < n && x->n < MAXS; i++)
        x->s[x->n++] = s + i;
}

/* READ and WRITE get the slots op OP of F reads and writes; false when they
 * do not fit (the tier then leaves F to the interpreter). Over-approximate:
 * a helper's writes are spilled first, so a slot it leaves alone keeps its value. */
static bool op_slots(const struct vm *vm, const struct xfunc *f, const struct op *op, struct slots *rd, struct slots *wr)
{
    rd->n = wr->n = 0;
    switch ((enum opcode)op->code) {
    case OP_W_UDIV: case OP_W_UREM: case OP_W_SDIV: case OP_W_SREM:
        add(rd, op->a, 2), add(rd, op->b, 2), add(wr, op->d, 2);
        break;
    case OP_W_TOFP: add(rd, op->a, 2), add(wr, op->d, 1); break;
    case OP_FP_TOW: add(rd, op->a, 1), add(wr, op->d, 2); break;
    case OP_FMATH1: add(rd, op->a, 1), add(wr, op->d, 1); break;
    case OP_FMATH2: case OP_FREM32: case OP_FREM64: add(rd, op->a, 1), add(rd, op->b, 1), add(wr, op->d, 1); break;
    case OP_FMATH3: add(rd, op->a, 1), add(rd, op->b, 1), add(rd, (uint32_t)op->k, 1), add(wr, op->d, 1); break;
    case OP_XFARITH: case OP_XFCMP: add(rd, op->a, 2), add(rd, op->b, 2), add(wr, op->d, 2); break;
    case OP_XFNEG: case OP_XFCVT: add(rd, op->a, 2), add(wr, op->d, 2); break;
    case OP_FMATHI: add(rd, op->a, 1), add(rd, op->b, 1), add(wr, op->d, 1); break;
    case OP_XFMATH: /* the unused operands name slot 0: reading it is harmless */
        add(rd, op->a, 2), add(rd, op->b, 2), add(rd, (uint32_t)(op->k >> 32), 2), add(wr, op->d, 2);
        break;
    case OP_LDN: add(rd, op->a, 1), add(wr, op->d, 1); break;
    case OP_STN: add(rd, op->a, 1), add(rd, op->b, 1); break;
    case OP_BOUNDS: case OP_STACKRESTORE: case OP_VASTART: add(rd, op->a, 1); break;
    case OP_ALLOCA: add(rd, op->a, 1), add(wr, op->d, 1); break;
    case OP_MEMCPY: case OP_MEMMOVE: case OP_MEMSET:
        add(rd, op->a, 1), add(rd, op->b, 1), add(rd, (uint32_t)op->k, 1);
        break;
    case OP_BITCAST: {
        const struct bitcast_desc *bd = (const struct bitcast_desc *)(uintptr_t)op->k;
        uint32_t nf = 0, nt = 0;
        for (int i = 0; i < bd->nfrom; i++)
            if (bd->from[i].slot + (bd->from[i].kind == VK_WIDE ? 2u : 1u) > nf)
                nf = bd->from[i].slot + (bd->from[i].kind == VK_WIDE ? 2u : 1u);
        for (int i = 0; i < bd->nto; i++)
            if (bd->to[i].slot + (bd->to[i].kind == VK_WIDE ? 2u : 1u) > nt)
                nt = bd->to[i].slot + (bd->to[i].kind == VK_WIDE ? 2u : 1u);
        if (nf > MAXS / 2 || nt > MAXS / 2)
            return false;
        add(rd, op->a, nf), add(wr, op->d, nt);
        break;
    }
    case OP_VAARG: {
        uint32_t n = exec_type_slots((LLVMTypeRef)(uintptr_t)op->k);
        if (n > MAXS / 2)
            return false;
        add(rd, op->a, 1), add(wr, op->d, n);
        break;
    }
    case OP_VACOPY: add(rd, op->a, 1), add(rd, op->b, 1); break;
    case OP_CMPXCHG: add(rd, op->a, 1), add(rd, op->b, 1), add(rd, (uint32_t)op->k, 1), add(wr, op->d, 2); break;
    case OP_ATOMICRMW: add(rd, op->a, 1), add(rd, op->b, 1), add(wr, op->d, 1); break;
    case OP_WATCH: {
        const struct watch_desc *wd = (const struct watch_desc *)(uintptr_t)op->k;
        if (wd->n > MAXS)
            return false;
        for (uint32_t i = 0; i < wd->n; i++)
            if (wd->slots[i] != UINT32_MAX)
                add(rd, wd->slots[i], 1);
        break;
    }
    case OP_CALL: case OP_CALLI: case OP_CALLX: {
        const struct calldesc *cd = (const struct calldesc *)(uintptr_t)op->k;
        uint32_t n = cd->ret_slots + (op->code == OP_CALLI);
        for (uint32_t i = 0; i < cd->nargs; i++)
            n += cd->args[i].nslots;
        if (n > MAXS || cd->ret_slots > 16)
            return false;
        for (uint32_t i = 0; i < cd->nargs; i++)
            add(rd, cd->args[i].slot, cd->args[i].nslots);
        if (op->code == OP_CALLI)
            add(rd, op->a, 1);
        add(wr, op->d, cd->ret_slots);
        break;
    }
    default:
        break;
    }
    (void)vm;
    /* slots past the frame are not the program's (an over-approximated pair) */
    for (struct slots *x = rd; x; x = x == rd ? wr : NULL) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < x->n; i++)
            if (x->s[i] < f->nslots)
                x->s[k++] = x->s[i];
        x->n = k;
    }
    return true;
}

/* Every op the tier translates, inline or through exec_jit_step/exec_jit_call. */
static bool translated(enum opcode c)
{
    return c < OP_COUNT_;
}

bool exec_jit_supports(const struct vm *vm, const struct xfunc *f)
{
    if (!f->defined || !f->code || !f->ncode)
        return false;
    struct slots rd, wr;
    for (uint32_t i = 0; i < f->ncode; i++)
        if (!translated((enum opcode)f->code[i].code) || !op_slots(vm, f, &f->code[i], &rd, &wr))
            return false;
    return true;
}

/* ---- one function ---- */

struct jg {
    struct jit_mod *jm;
    struct vm *vm;
    struct xfunc *f;
    LLVMBuilderRef b;
    LLVMValueRef fn, vmp, R, at;
    LLVMValueRef *slot;       /* alloca per slot */
    LLVMBasicBlockRef *bb;    /* per op: the block that starts there (a branch target), or NULL */
    LLVMValueRef steps, slow, clock; /* allocas: the steps, the slow path's limit, the clock */
    LLVMValueRef fb;          /* the activation's frame base */
    /* the run's addresses, loaded on entry from VMP (the code embeds none of
     * them, so it serves every run of the module: exec_jit.c's cache) */
    LLVMValueRef fp, edges, sel, code, mem;
    bool weights;             /* the clock is kept: an edge of F has a weight, or shared */
    bool counting;            /* counters kept (not in a timed run: vm->uncounted, unless shared) */
    bool shared;              /* vm->jit_shared: weights loaded from the edges, counters always kept */
    uint32_t at_op;           /* the op being translated */
    LLVMBasicBlockRef ret1_bb; /* returns 1 (a fault or an exit, recorded) */
    LLVMBasicBlockRef exit_bb; /* every return */
    LLVMValueRef exit_status;  /* its phi */
    LLVMValueRef brk;          /* alloca: vm->brk, reloaded after calls (only built-ins move it) */
    /* the one fault exit: a helper (by kind) called with the op and two values */
    LLVMBasicBlockRef fault_bb;
    LLVMValueRef fault_kind, fault_at, fault_x, fault_y; /* its phis */
    uint8_t *checked;         /* per op: the slow path was emitted at its block's start */
    uint8_t *konst, *frame, *writers; /* slot_facts */
    int64_t *frame_off;
};

#define T(x) (g->jm->x)

static LLVMValueRef K(struct jg *g, uint64_t v) { return LLVMConstInt(T(i64), v, 0); }
static LLVMValueRef K32(struct jg *g, uint32_t v) { return LLVMConstInt(T(i32), v, 0); }
/* BASE + OFF bytes */
static LLVMValueRef at_off(struct jg *g, LLVMValueRef base, uint64_t off)
{
    LLVMValueRef o = K(g, off);
    return LLVMBuildGEP2(g->b, T(i8), base, &o, 1, "");
}
/* &vm->FIELD of the running vm */
#define VMF(g, field) at_off(g, (g)->vmp, offsetof(struct vm, field))

static LLVMValueRef load(struct jg *g, LLVMTypeRef t, LLVMValueRef p, LLVMValueRef tag)
{
    LLVMValueRef v = LLVMBuildLoad2(g->b, t, p, "");
    if (tag)
        LLVMSetMetadata(v, T(tbaa_kind), tag);
    return v;
}

static void store(struct jg *g, LLVMValueRef v, LLVMValueRef p, LLVMValueRef tag)
{
    LLVMValueRef s = LLVMBuildStore(g->b, v, p);
    if (tag)
        LLVMSetMetadata(s, T(tbaa_kind), tag);
}

/* A load of what does not change while the code runs (the run's arrays, the
 * blocks' weights): LLVM may hoist it and merge repeats. */
static LLVMValueRef load_fixed(struct jg *g, LLVMTypeRef t, LLVMValueRef p)
{
    LLVMValueRef v = load(g, t, p, T(tag_vm));
    LLVMSetMetadata(v, LLVMGetMDKindIDInContext(T(cx), "invariant.load", 14), LLVMMetadataAsValue(T(cx), LLVMMDNodeInContext2(T(cx), NULL, 0)));
    return v;
}

static LLVMValueRef get(struct jg *g, uint32_t s) { return LLVMBuildLoad2(g->b, T(i64), g->slot[s], ""); }
static void set(struct jg *g, uint32_t s, LLVMValueRef v) { LLVMBuildStore(g->b, v, g->slot[s]); }
static LLVMValueRef rslot(struct jg *g, uint32_t s)
{
    LLVMValueRef idx = K(g, s);
    return LLVMBuildGEP2(g->b, T(i64), g->R, &idx, 1, "");
}

static LLVMBasicBlockRef block(struct jg *g, const char *name) { return LLVMAppendBasicBlockInContext(T(cx), g->fn, name); }
static void at_end(struct jg *g, LLVMBasicBlockRef bb) { LLVMPositionBuilderAtEnd(g->b, bb); }

/* A call of the helper at FP (one of exec_jit_helpers): by its name, which the
 * process that links the code defines at FP's address there (exec_jit.c), so
 * the code serves any lpnest process of the same build (the code cache). */
static LLVMValueRef call(struct jg *g, const void *fp, LLVMTypeRef ret, LLVMTypeRef *pt, LLVMValueRef *args, unsigned n)
{
    LLVMTypeRef ft = LLVMFunctionType(ret, pt, n, 0);
    const char *name = NULL;
    for (size_t i = 0; exec_jit_helpers[i].name && !name; i++)
        if (exec_jit_helpers[i].addr == fp)
            name = exec_jit_helpers[i].name;
    assert(name); /* every helper is in the table */
    LLVMValueRef f = LLVMGetNamedFunction(g->jm->m, name);
    if (!f)
        f = LLVMAddFunction(g->jm->m, name, ft);
    return LLVMBuildCall2(g->b, ft, f, args, n, "");
}

/* The steps (and the clock) where the C side reads them. */
static void sync_out(struct jg *g)
{
    store(g, LLVMBuildLoad2(g->b, T(i64), g->steps, ""), VMF(g, steps), T(tag_vm));
    if (g->weights)
        store(g, LLVMBuildLoad2(g->b, T(i64), g->clock, ""), VMF(g, clock), T(tag_vm));
}

/* ... and back after C ran program code (calls) or moved the clock (hooks). */
static void sync_in(struct jg *g)
{
    LLVMBuildStore(g->b, load(g, T(i64), VMF(g, brk), T(tag_vm)), g->brk);
    LLVMBuildStore(g->b, load(g, T(i64), VMF(g, steps), T(tag_vm)), g->steps);
    LLVMBuildStore(g->b, load(g, T(i64), VMF(g, slow_at), T(tag_vm)), g->slow);
    if (g->weights)
        LLVMBuildStore(g->b, load(g, T(i64), VMF(g, clock), T(tag_vm)), g->clock);
}

/* Branches on a helper's result: nonzero returns 1 (its fault or exit recorded). */
static void check_result(struct jg *g, LLVMValueRef r)
{
    LLVMBasicBlockRef ok = block(g, "ok");
    LLVMValueRef bad = LLVMBuildICmp(g->b, LLVMIntNE, r, K32(g, 0), "");
    LLVMBuildCondBr(g->b, bad, g->ret1_bb, ok);
    at_end(g, ok);
}

enum fault_kind { FK_DIV, FK_MEM };

/* Continues in a new block when OK holds, else raises fault KIND of the
 * current op with values X and Y (the function's one cold fault exit). */
static void guard(struct jg *g, LLVMValueRef ok, enum fault_kind kind, LLVMValueRef x, LLVMValueRef y)
{
    LLVMBasicBlockRef next = block(g, ""), here = LLVMGetInsertBlock(g->b);
    LLVMValueRef in[4] = {K32(g, kind), K32(g, g->at_op), x, y};
    LLVMValueRef phi[4] = {g->fault_kind, g->fault_at, g->fault_x, g->fault_y};
    for (int i = 0; i < 4; i++)
        LLVMAddIncoming(phi[i], &in[i], &here, 1);
    LLVMValueRef br = LLVMBuildCondBr(g->b, ok, next, g->fault_bb);
    /* the fault path is cold */
    LLVMValueRef w[3] = {NULL, K32(g, 2000), K32(g, 1)};
    LLVMMetadataRef md[3] = {LLVMMDStringInContext2(T(cx), "branch_weights", 14), LLVMValueAsMetadata(w[1]),
                             LLVMValueAsMetadata(w[2])};
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(T(cx), "prof", 4), LLVMMetadataAsValue(T(cx), LLVMMDNodeInContext2(T(cx), md, 3)));
    at_end(g, next);
}

/* ---- helpers the compiled code calls besides exec_jit_* of exec_run.c ---- */

static int jit_divfault(struct vm *vm, struct xfunc *F, uint32_t at, uint64_t y)
{
    const struct op *op = &F->code[at];
    const char *name = op->code == OP_UDIV ? "udiv" : op->code == OP_UREM ? "urem" : op->code == OP_SDIV ? "sdiv" : "srem";
    if (y == 0)
        exec_fault(vm, EXEC_MSG_DIV_ZERO, name);
    else
        exec_fault(vm, EXEC_MSG_DIV_OVERFLOW, name);
    return exec_jit_fail(vm, F, at);
}

/* A load (KIND 0) or store (1) of N bytes at ADDR failed: outside memory, or misaligned. */
static int jit_memfault(struct vm *vm, struct xfunc *F, uint32_t at, uint64_t addr, uint64_t kind_n)
{
    unsigned n = (unsigned)(kind_n >> 1);
    bool w = kind_n & 1;
    const uint8_t *p = w ? exec_ptr_w(vm, addr, n) : exec_ptr_r(vm, addr, n);
    exec_fault_access(vm, !p ? (w ? 'w' : 'r') : 'a', addr, n);
    return exec_jit_fail(vm, F, at);
}

static int jit_fault(struct vm *vm, struct xfunc *F, uint32_t kind, uint32_t at, uint64_t x, uint64_t y)
{
    return kind == FK_DIV ? jit_divfault(vm, F, at, y) : jit_memfault(vm, F, at, x, y);
}

static uint64_t jit_fptoi(double v, uint32_t is_signed) { return exec_fp_to_int(v, is_signed != 0); }
static double jit_math_d(uint32_t fn, double a, double b, double c) { return exec_math_d((enum mathfn)fn, a, b, c); }
static float jit_math_f(uint32_t fn, float a, float b, float c) { return exec_math_f((enum mathfn)fn, a, b, c); }

static double jit_fmod(double a, double b) { return fmod(a, b); }
static float jit_fmodf(float a, float b) { return fmodf(a, b); }

const struct exec_jit_helper exec_jit_helpers[] = {
    {"lpnest.h.check", (const void *)exec_jit_check},
    {"lpnest.h.call", (const void *)exec_jit_call},
    {"lpnest.h.step", (const void *)exec_jit_step},
    {"lpnest.h.fault", (const void *)jit_fault},
    {"lpnest.h.fptoi", (const void *)jit_fptoi},
    {"lpnest.h.math_d", (const void *)jit_math_d},
    {"lpnest.h.math_f", (const void *)jit_math_f},
    {"lpnest.h.fmod", (const void *)jit_fmod},
    {"lpnest.h.fmodf", (const void *)jit_fmodf},
    {NULL, NULL},
};

/* ---- values ---- */

static LLVMValueRef and_k(struct jg *g, LLVMValueRef v, uint64_t m)
{
    return m == ~0ull ? v : LLVMBuildAnd(g->b, v, K(g, m), "");
}

/* sext_of(v, w) as an i64 */
static LLVMValueRef sx(struct jg *g, LLVMValueRef v, unsigned w)
{
    if (w >= 64)
        return v;
    LLVMValueRef s = K(g, 64 - w);
    return LLVMBuildAShr(g->b, LLVMBuildShl(g->b, v, s, ""), s, "");
}

static LLVMValueRef zx(struct jg *g, LLVMValueRef b1) { return LLVMBuildZExt(g->b, b1, T(i64), ""); }

static LLVMValueRef wide(struct jg *g, uint32_t s)
{
    LLVMValueRef lo = LLVMBuildZExt(g->b, get(g, s), T(i128), "");
    LLVMValueRef hi = LLVMBuildZExt(g->b, get(g, s + 1), T(i128), "");
    return LLVMBuildOr(g->b, lo, LLVMBuildShl(g->b, hi, LLVMConstInt(T(i128), 64, 0), ""), "");
}

static void set_wide(struct jg *g, uint32_t d, LLVMValueRef v, unsigned hw)
{
    set(g, d, LLVMBuildTrunc(g->b, v, T(i64), ""));
    LLVMValueRef hi = LLVMBuildTrunc(g->b, LLVMBuildLShr(g->b, v, LLVMConstInt(T(i128), 64, 0), ""), T(i64), "");
    set(g, d + 1, and_k(g, hi, exec_masks[hw]));
}

static LLVMValueRef wsext(struct jg *g, LLVMValueRef v, unsigned width)
{
    if (width >= 128)
        return v;
    LLVMValueRef s = LLVMConstInt(T(i128), 128 - width, 0);
    return LLVMBuildAShr(g->b, LLVMBuildShl(g->b, v, s, ""), s, "");
}

static LLVMValueRef K128(struct jg *g, exec_i128 v)
{
    uint64_t w[2] = {(uint64_t)v, (uint64_t)((exec_u128)v >> 64)};
    return LLVMConstIntOfArbitraryPrecision(T(i128), 2, w);
}

static LLVMValueRef sx128(struct jg *g, LLVMValueRef v64, unsigned w)
{
    return LLVMBuildSExt(g->b, sx(g, v64, w), T(i128), "");
}

static LLVMValueRef zx128(struct jg *g, LLVMValueRef v64) { return LLVMBuildZExt(g->b, v64, T(i128), ""); }

static LLVMValueRef to_f32(struct jg *g, LLVMValueRef v)
{
    return LLVMBuildBitCast(g->b, LLVMBuildTrunc(g->b, v, T(i32), ""), T(f32), "");
}
static LLVMValueRef to_f64(struct jg *g, LLVMValueRef v) { return LLVMBuildBitCast(g->b, v, T(f64), ""); }
static LLVMValueRef of_f32(struct jg *g, LLVMValueRef v)
{
    return LLVMBuildZExt(g->b, LLVMBuildBitCast(g->b, v, T(i32), ""), T(i64), "");
}
static LLVMValueRef of_f64(struct jg *g, LLVMValueRef v) { return LLVMBuildBitCast(g->b, v, T(i64), ""); }

static LLVMValueRef intrinsic(struct jg *g, const char *name, LLVMTypeRef *over, unsigned nover, LLVMValueRef *args,
                              unsigned n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(T(m), id, over, nover);
    LLVMTypeRef ft = LLVMIntrinsicGetType(T(cx), id, over, nover);
    return LLVMBuildCall2(g->b, ft, fn, args, n, "");
}

/* An IEEE operation as the host's hardware does it, with nothing folded or
 * reordered (constrained intrinsics, strict exceptions): signalling NaNs
 * are quieted as in the interpreter's C. */
static LLVMValueRef fp_op(struct jg *g, const char *name, LLVMTypeRef res, LLVMTypeRef arg, LLVMValueRef a, LLVMValueRef b,
                          bool rounding)
{
    char full[96];
    snprintf(full, sizeof full, "llvm.experimental.constrained.%s", name);
    LLVMValueRef rm = LLVMMetadataAsValue(T(cx), LLVMMDStringInContext2(T(cx), "round.tonearest", 15));
    LLVMValueRef ex = LLVMMetadataAsValue(T(cx), LLVMMDStringInContext2(T(cx), "fpexcept.strict", 15));
    LLVMValueRef args[4];
    unsigned n = 0;
    args[n++] = a;
    if (b)
        args[n++] = b;
    if (rounding)
        args[n++] = rm;
    args[n++] = ex;
    LLVMTypeRef over[2] = {res, arg};
    LLVMValueRef c = intrinsic(g, full, over, res == arg ? 1 : 2, args, n);
    LLVMAddCallSiteAttribute(c, LLVMAttributeFunctionIndex, T(strictfp));
    return c;
}

/* ---- edges ---- */

/* EDGE(e) of the interpreter: its counter, its weight on the clock, the
 * target block's instructions on the steps, then on to the op the edge
 * leads to, whose block starts with the slow path (slow_path). */
static void edge(struct jg *g, uint32_t e)
{
    struct edge *ed = &g->f->edges[e];
    /* (counts kept in registers across a loop, added at the return, tripled
     * the compile time of dispatch loops and won nothing measurable) */
    uint64_t eo = (uint64_t)e * sizeof(struct edge);
    if (g->counting) {
        LLVMValueRef cp = at_off(g, g->edges, eo + offsetof(struct edge, count));
        store(g, LLVMBuildAdd(g->b, load(g, T(i64), cp, T(tag_count)), K(g, 1), ""), cp, T(tag_count));
    }
    LLVMValueRef w = g->shared ? load_fixed(g, T(i64), at_off(g, g->edges, eo + offsetof(struct edge, weight)))
                               : ed->weight ? K(g, ed->weight) : NULL;
    if (w)
        LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, T(i64), g->clock, ""), w, ""), g->clock);
    LLVMBuildStore(g->b, LLVMBuildAdd(g->b, LLVMBuildLoad2(g->b, T(i64), g->steps, ""), K(g, ed->ninst), ""), g->steps);
    LLVMBuildBr(g->b, g->bb[ed->pc]);
}

/* At the start of the block of op AT, which edges enter: the slow path when
 * the steps reached its limit (step limit, progress), located at AT as the
 * interpreter's check after EDGE. A GOTO (phi moves into a block) checks
 * nothing there in the interpreter; checking again finds nothing to do. */
static void slow_path(struct jg *g, uint32_t at)
{
    LLVMValueRef st = LLVMBuildLoad2(g->b, T(i64), g->steps, "");
    LLVMValueRef slow = LLVMBuildICmp(g->b, LLVMIntUGE, st, LLVMBuildLoad2(g->b, T(i64), g->slow, ""), "");
    LLVMBasicBlockRef chk = block(g, "slow"), go = block(g, "");
    LLVMValueRef br = LLVMBuildCondBr(g->b, slow, chk, go);
    LLVMValueRef w[2] = {K32(g, 1), K32(g, 100000)};
    LLVMMetadataRef md[3] = {LLVMMDStringInContext2(T(cx), "branch_weights", 14), LLVMValueAsMetadata(w[0]),
                             LLVMValueAsMetadata(w[1])};
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(T(cx), "prof", 4), LLVMMetadataAsValue(T(cx), LLVMMDNodeInContext2(T(cx), md, 3)));
    at_end(g, chk);
    sync_out(g);
    LLVMTypeRef pt[3] = {T(ptr), T(ptr), T(i32)};
    LLVMValueRef args[3] = {g->vmp, g->fp, K32(g, at)};
    check_result(g, call(g, (const void *)exec_jit_check, T(i32), pt, args, 3));
    LLVMBuildStore(g->b, load(g, T(i64), VMF(g, slow_at), T(tag_vm)), g->slow);
    LLVMBuildBr(g->b, go);
    at_end(g, go);
}

/* A conditional branch: edge T when COND (i1), else edge F. */
static void branch(struct jg *g, LLVMValueRef cond, uint32_t t, uint32_t f)
{
    LLVMBasicBlockRef bt = block(g, "t"), bf = block(g, "f");
    LLVMBuildCondBr(g->b, cond, bt, bf);
    at_end(g, bt);
    edge(g, t);
    at_end(g, bf);
    edge(g, f);
}

/* ---- helper calls on the frame's slots ---- */

static void spill(struct jg *g, const struct slots *x)
{
    for (uint32_t i = 0; i < x->n; i++)
        store(g, get(g, x->s[i]), rslot(g, x->s[i]), T(tag_slot));
}

static void reload(struct jg *g, const struct slots *x)
{
    for (uint32_t i = 0; i < x->n; i++)
        set(g, x->s[i], load(g, T(i64), rslot(g, x->s[i]), T(tag_slot)));
}

/* The op runs in C on the frame's slots: exec_jit_step or exec_jit_call. */
static void on_slots(struct jg *g, const struct op *op, const void *fp, bool resync)
{
    struct slots rd, wr;
    op_slots(g->vm, g->f, op, &rd, &wr);
    spill(g, &rd);
    spill(g, &wr);
    sync_out(g);
    LLVMTypeRef pt[4] = {T(ptr), T(ptr), T(ptr), T(i32)};
    LLVMValueRef args[4] = {g->vmp, g->fp, g->R, K32(g, g->at_op)};
    check_result(g, call(g, fp, T(i32), pt, args, 4));
    if (resync)
        sync_in(g);
    reload(g, &wr);
}

/* ---- memory ---- */

/* Whether the access of op OP (N bytes, alignment mask AM) is known to be
 * valid whatever the run does: at a constant address valid now (the valid
 * region only grows: brk never moves down), or within the activation's
 * frame (FRAMEADDR plus an offset inside frame_bytes, FB aligned to frame_align). */
static bool known_valid(struct jg *g, const struct op *op, unsigned n, bool w, unsigned am)
{
    const struct xfunc *f = g->f;
    if (op->a >= f->nslots)
        return false;
    if (g->konst[op->a]) {
        /* valid below the break the run started with (exec_jit_start), so
         * in every run of the module: the code may serve a later one */
        const struct vm *vm = g->vm;
        uint64_t a = (f->consts[op->a - (f->nslots - f->nconst)] + op->k) & vm->ptr_mask;
        const uint8_t *p = w ? exec_ptr_w(g->vm, a, n) : exec_ptr_r(g->vm, a, n);
        bool fixed = (a >= vm->stack_lo && a < vm->stack_hi && vm->stack_hi - a >= n) ||
                     (a < vm->jit_brk0 && vm->jit_brk0 - a >= n);
        return p && fixed && !(a & am);
    }
    if (g->frame[op->a]) {
        int64_t off = g->frame_off[op->a] + (int64_t)op->k;
        uint64_t falign = f->frame_align ? f->frame_align : 1;
        return off >= 0 && (uint64_t)off + n <= f->frame_bytes && ((uint64_t)off & am) == 0 && falign > am;
    }
    return false;
}

/* The host address of N bytes at target address A (i64), after the
 * interpreter's checks (exec_ptr_r/exec_ptr_w, then alignment with mask AM)
 * unless VALID already. */
static LLVMValueRef host_addr(struct jg *g, LLVMValueRef a, unsigned n, bool w, unsigned am, bool valid)
{
    struct vm *vm = g->vm;
    if (valid)
        return LLVMBuildGEP2(g->b, T(i8), g->mem, &a, 1, "");
    uint64_t lo = w ? vm->rw_lo : vm->ro_lo;
    LLVMValueRef brk = LLVMBuildLoad2(g->b, T(i64), g->brk, "");
    LLVMValueRef room = LLVMBuildSub(g->b, brk, K(g, lo), "");
    LLVMValueRef in1 = LLVMBuildICmp(g->b, LLVMIntULE, LLVMBuildSub(g->b, a, K(g, lo), ""),
                                     LLVMBuildSub(g->b, room, K(g, n), ""), "");
    if (vm->jit_brk0 - lo < n) /* (brk only grows from where it started: once there is room, there always is) */
        in1 = LLVMBuildAnd(g->b, in1, LLVMBuildICmp(g->b, LLVMIntULE, K(g, n), room, ""), "");
    LLVMValueRef ok;
    uint64_t ss = vm->stack_hi - vm->stack_lo;
    if (n <= ss) {
        LLVMValueRef in2 = LLVMBuildICmp(g->b, LLVMIntULE, LLVMBuildSub(g->b, a, K(g, vm->stack_lo), ""), K(g, ss - n), "");
        ok = LLVMBuildOr(g->b, in1, in2, "");
    } else
        ok = in1;
    if (am)
        ok = LLVMBuildAnd(g->b, ok, LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildAnd(g->b, a, K(g, am), ""), K(g, 0), ""), "");
    guard(g, ok, FK_MEM, a, K(g, (uint64_t)n << 1 | w));
    return LLVMBuildGEP2(g->b, T(i8), g->mem, &a, 1, "");
}

static LLVMTypeRef int_t(struct jg *g, unsigned bytes)
{
    return bytes == 1 ? T(i8) : bytes == 2 ? T(i16) : bytes == 4 ? T(i32) : T(i64);
}

static LLVMValueRef bswap(struct jg *g, LLVMValueRef v, LLVMTypeRef t)
{
    return intrinsic(g, "llvm.bswap", &t, 1, &v, 1);
}

static void do_load(struct jg *g, uint32_t d, LLVMValueRef addr, unsigned n, bool be, unsigned am, uint64_t mask,
                    bool valid)
{
    LLVMValueRef p = host_addr(g, addr, n, false, am, valid);
    LLVMTypeRef t = int_t(g, n);
    LLVMValueRef v = load(g, t, p, T(tag_mem));
    LLVMSetAlignment(v, 1);
    if (be)
        v = bswap(g, v, t);
    if (n < 8)
        v = LLVMBuildZExt(g->b, v, T(i64), "");
    set(g, d, and_k(g, v, mask));
}

static void do_store(struct jg *g, LLVMValueRef val, LLVMValueRef addr, unsigned n, bool be, unsigned am, bool valid)
{
    LLVMValueRef p = host_addr(g, addr, n, true, am, valid);
    LLVMTypeRef t = int_t(g, n);
    LLVMValueRef v = n < 8 ? LLVMBuildTrunc(g->b, val, t, "") : val;
    if (be)
        v = bswap(g, v, t);
    LLVMValueRef s = LLVMBuildStore(g->b, v, p);
    LLVMSetMetadata(s, T(tbaa_kind), T(tag_mem));
    LLVMSetAlignment(s, 1);
}

static LLVMValueRef addr_of(struct jg *g, const struct op *op)
{
    return and_k(g, LLVMBuildAdd(g->b, get(g, op->a), K(g, op->k), ""), g->vm->ptr_mask);
}

static LLVMValueRef xaddr_of(struct jg *g, const struct op *op)
{
    LLVMValueRef idx = LLVMBuildMul(g->b, sx(g, get(g, op->b), op->w), K(g, op->k & 0xffffffffu), "");
    LLVMValueRef a = LLVMBuildAdd(g->b, get(g, op->a), idx, "");
    a = LLVMBuildAdd(g->b, a, K(g, (uint64_t)(int64_t)(int32_t)(op->k >> 32)), "");
    return and_k(g, a, g->vm->ptr_mask);
}

/* ---- counters ---- */

static void bump(struct jg *g, LLVMValueRef p)
{
    if (g->counting)
        store(g, LLVMBuildAdd(g->b, load(g, T(i64), p, T(tag_count)), K(g, 1), ""), p, T(tag_count));
}

/* &base[first + idx] for an i64 array at BASE (a value) */
static LLVMValueRef elem(struct jg *g, LLVMValueRef base, uint64_t first, LLVMValueRef idx)
{
    idx = LLVMBuildAdd(g->b, idx, K(g, first), "");
    return LLVMBuildGEP2(g->b, T(i64), base, &idx, 1, "");
}

/* The counters of op AT's OP_PAIRINC (its K), read from the run's op */
static LLVMValueRef pair_counts(struct jg *g, uint32_t at)
{
    return LLVMBuildIntToPtr(g->b, load_fixed(g, T(i64), at_off(g, g->code, (uint64_t)at * sizeof(struct op) + offsetof(struct op, k))),
                             T(ptr), "");
}

/* ---- the ops ---- */

static LLVMIntPredicate ipred(enum opcode c, bool *sgn)
{
    static const LLVMIntPredicate p[] = {LLVMIntEQ, LLVMIntNE, LLVMIntULT, LLVMIntULE, LLVMIntSLT, LLVMIntSLE,
                                         LLVMIntEQ, LLVMIntNE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE,
                                         LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
    int i;
    if (c >= OP_EQ && c <= OP_SGEI)
        i = c - OP_EQ;
    else
        i = c - OP_BR_EQ;
    *sgn = p[i] == LLVMIntSLT || p[i] == LLVMIntSLE || p[i] == LLVMIntSGT || p[i] == LLVMIntSGE;
    return p[i];
}

/* The comparison of a compare op or compare-and-branch op (i1). */
static LLVMValueRef compare(struct jg *g, const struct op *op, bool branch_form)
{
    enum opcode c = (enum opcode)op->code;
    bool sgn;
    LLVMIntPredicate p = ipred(c, &sgn);
    bool imm = branch_form ? c >= OP_BR_EQI : c >= OP_EQI;
    LLVMValueRef a = get(g, op->a);
    LLVMValueRef b = imm ? K(g, op->k) : get(g, branch_form ? (uint32_t)op->k : op->b);
    if (sgn) {
        a = sx(g, a, op->w);
        if (!imm)
            b = sx(g, b, op->w);
    }
    return LLVMBuildICmp(g->b, p, a, b, "");
}

static void divide(struct jg *g, const struct op *op)
{
    enum opcode c = (enum opcode)op->code;
    LLVMValueRef x = get(g, op->a), y = get(g, op->b), r;
    if (c == OP_UDIV || c == OP_UREM) {
        guard(g, LLVMBuildICmp(g->b, LLVMIntNE, y, K(g, 0), ""), FK_DIV, x, y);
        r = c == OP_UDIV ? LLVMBuildUDiv(g->b, x, y, "") : LLVMBuildURem(g->b, x, y, "");
        set(g, op->d, r);
        return;
    }
    unsigned w = op->w;
    LLVMValueRef sxv = sx(g, x, w), syv = sx(g, y, w);
    LLVMValueRef m1 = LLVMBuildICmp(g->b, LLVMIntEQ, syv, K(g, ~0ull), "");
    LLVMValueRef minv = K(g, (uint64_t)sext_of(1ull << (w - 1), w));
    LLVMValueRef bad = LLVMBuildOr(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, syv, K(g, 0), ""),
                                   LLVMBuildAnd(g->b, m1, LLVMBuildICmp(g->b, LLVMIntEQ, sxv, minv, ""), ""), "");
    guard(g, LLVMBuildNot(g->b, bad, ""), FK_DIV, x, syv);
    LLVMValueRef ysafe = LLVMBuildSelect(g->b, m1, K(g, 1), syv, "");
    LLVMValueRef q = c == OP_SDIV ? LLVMBuildSDiv(g->b, sxv, ysafe, "") : LLVMBuildSRem(g->b, sxv, ysafe, "");
    LLVMValueRef alt = c == OP_SDIV ? LLVMBuildSub(g->b, K(g, 0), sxv, "") : K(g, 0);
    r = LLVMBuildSelect(g->b, m1, alt, q, "");
    set(g, op->d, and_k(g, r, op->k));
}

/* Shifts by a slot: an amount of w or more gives 0 (ashr: the sign). */
static LLVMValueRef safe_amount(struct jg *g, LLVMValueRef s, unsigned w, LLVMValueRef *in_range)
{
    *in_range = LLVMBuildICmp(g->b, LLVMIntULT, s, K(g, w), "");
    return LLVMBuildSelect(g->b, *in_range, s, K(g, 0), "");
}

static void wide_op(struct jg *g, const struct op *op)
{
    enum opcode c = (enum opcode)op->code;
    unsigned width = 64u + op->w;
    LLVMValueRef x = wide(g, op->a), y = wide(g, op->b), r;
    switch (c) {
    case OP_W_ADD: r = LLVMBuildAdd(g->b, x, y, ""); break;
    case OP_W_SUB: r = LLVMBuildSub(g->b, x, y, ""); break;
    case OP_W_MUL: r = LLVMBuildMul(g->b, x, y, ""); break;
    default: { /* shifts */
        LLVMValueRef in = LLVMBuildICmp(g->b, LLVMIntULT, y, LLVMConstInt(T(i128), width, 0), "");
        LLVMValueRef s = LLVMBuildSelect(g->b, in, y, LLVMConstInt(T(i128), 0, 0), "");
        LLVMValueRef big;
        if (c == OP_W_SHL) {
            r = LLVMBuildShl(g->b, x, s, "");
            big = LLVMConstInt(T(i128), 0, 0);
        } else if (c == OP_W_LSHR) {
            r = LLVMBuildLShr(g->b, x, s, "");
            big = LLVMConstInt(T(i128), 0, 0);
        } else {
            LLVMValueRef xs = wsext(g, x, width);
            r = LLVMBuildAShr(g->b, xs, s, "");
            big = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, xs, LLVMConstInt(T(i128), 0, 0), ""),
                                  LLVMConstAllOnes(T(i128)), LLVMConstInt(T(i128), 0, 0), "");
        }
        r = LLVMBuildSelect(g->b, in, r, big, "");
        break;
    }
    }
    set_wide(g, op->d, r, op->w);
}

static void fp_arith(struct jg *g, const struct op *op)
{
    enum opcode c = (enum opcode)op->code;
    bool d64 = c >= OP_FADD64 && c <= OP_FNEG64;
    int k = d64 ? c - OP_FADD64 : c - OP_FADD32;
    static const char *const names[] = {"fadd", "fsub", "fmul", "fdiv"};
    LLVMTypeRef t = d64 ? T(f64) : T(f32);
    LLVMValueRef a = d64 ? to_f64(g, get(g, op->a)) : to_f32(g, get(g, op->a));
    LLVMValueRef b = d64 ? to_f64(g, get(g, op->b)) : to_f32(g, get(g, op->b));
    LLVMValueRef r = fp_op(g, names[k], t, t, a, b, true);
    set(g, op->d, d64 ? of_f64(g, r) : of_f32(g, r));
}

static void fp_compare(struct jg *g, const struct op *op)
{
    bool d64 = op->code == OP_FCMP64;
    LLVMValueRef a = d64 ? to_f64(g, get(g, op->a)) : to_f32(g, get(g, op->a));
    LLVMValueRef b = d64 ? to_f64(g, get(g, op->b)) : to_f32(g, get(g, op->b));
    LLVMValueRef r;
    if (op->x == LLVMRealPredicateFalse)
        r = K(g, 0);
    else if (op->x > LLVMRealUNE)
        r = K(g, 1);
    else
        r = zx(g, LLVMBuildFCmp(g->b, (LLVMRealPredicate)op->x, a, b, ""));
    set(g, op->d, r);
}

static void fp_convert(struct jg *g, const struct op *op)
{
    enum opcode c = (enum opcode)op->code;
    LLVMValueRef a = get(g, op->a);
    switch (c) {
    case OP_FPTOSI32: case OP_FPTOSI64: case OP_FPTOUI32: case OP_FPTOUI64: {
        bool from64 = c == OP_FPTOSI64 || c == OP_FPTOUI64;
        LLVMValueRef v = from64 ? to_f64(g, a) : LLVMBuildFPExt(g->b, to_f32(g, a), T(f64), "");
        LLVMTypeRef pt[2] = {T(f64), T(i32)};
        LLVMValueRef args[2] = {v, K32(g, c == OP_FPTOSI32 || c == OP_FPTOSI64)};
        set(g, op->d, and_k(g, call(g, (const void *)jit_fptoi, T(i64), pt, args, 2), exec_masks[op->w]));
        return;
    }
    case OP_SITOFP32: set(g, op->d, of_f32(g, LLVMBuildSIToFP(g->b, sx(g, a, op->w), T(f32), ""))); return;
    case OP_SITOFP64: set(g, op->d, of_f64(g, LLVMBuildSIToFP(g->b, sx(g, a, op->w), T(f64), ""))); return;
    case OP_UITOFP32: set(g, op->d, of_f32(g, LLVMBuildUIToFP(g->b, a, T(f32), ""))); return;
    case OP_UITOFP64: set(g, op->d, of_f64(g, LLVMBuildUIToFP(g->b, a, T(f64), ""))); return;
    case OP_FPEXT: set(g, op->d, of_f64(g, fp_op(g, "fpext", T(f64), T(f32), to_f32(g, a), NULL, false))); return;
    case OP_FPTRUNC: set(g, op->d, of_f32(g, fp_op(g, "fptrunc", T(f32), T(f64), to_f64(g, a), NULL, true))); return;
    default: return;
    }
}

static void fmath(struct jg *g, const struct op *op)
{
    bool d64 = op->x != 0;
    LLVMTypeRef ft = d64 ? T(f64) : T(f32);
    enum mathfn fn = op->code == OP_FMATH3 ? (enum mathfn)(op->k >> 32) : (enum mathfn)op->k;
    LLVMValueRef a = get(g, op->a);
    LLVMValueRef b = op->code == OP_FMATH1 ? K(g, 0) : get(g, op->b);
    LLVMValueRef c = op->code == OP_FMATH3 ? get(g, (uint32_t)op->k) : K(g, 0);
    LLVMTypeRef pt[4] = {T(i32), ft, ft, ft};
    LLVMValueRef args[4] = {K32(g, fn), d64 ? to_f64(g, a) : to_f32(g, a), d64 ? to_f64(g, b) : to_f32(g, b),
                            d64 ? to_f64(g, c) : to_f32(g, c)};
    LLVMValueRef r = call(g, d64 ? (const void *)jit_math_d : (const void *)jit_math_f, ft, pt, args, 4);
    set(g, op->d, d64 ? of_f64(g, r) : of_f32(g, r));
}

static void frem(struct jg *g, const struct op *op)
{
    bool d64 = op->code == OP_FREM64;
    LLVMTypeRef ft = d64 ? T(f64) : T(f32);
    LLVMTypeRef pt[2] = {ft, ft};
    LLVMValueRef args[2] = {d64 ? to_f64(g, get(g, op->a)) : to_f32(g, get(g, op->a)),
                            d64 ? to_f64(g, get(g, op->b)) : to_f32(g, get(g, op->b))};
    LLVMValueRef r = call(g, d64 ? (const void *)jit_fmod : (const void *)jit_fmodf, ft, pt, args, 2);
    set(g, op->d, d64 ? of_f64(g, r) : of_f32(g, r));
}

static void sat_count(struct jg *g, const struct op *op)
{
    /* x: 0 uadd, 1 usub, 2 sadd, 3 ssub; d: outcome counters, k: tie counter */
    LLVMValueRef r;
    exec_i128 lo, hi;
    if (op->x < 2) {
        LLVMValueRef a = zx128(g, get(g, op->a)), b = zx128(g, get(g, op->b));
        r = op->x == 0 ? LLVMBuildAdd(g->b, a, b, "") : LLVMBuildSub(g->b, a, b, "");
        lo = 0;
        hi = exec_masks[op->w];
    } else {
        LLVMValueRef a = sx128(g, get(g, op->a), op->w), b = sx128(g, get(g, op->b), op->w);
        r = op->x == 2 ? LLVMBuildAdd(g->b, a, b, "") : LLVMBuildSub(g->b, a, b, "");
        hi = (exec_i128)(exec_masks[op->w] >> 1);
        lo = -hi - 1;
    }
    LLVMValueRef out = LLVMBuildOr(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, r, K128(g, lo), ""),
                                   LLVMBuildICmp(g->b, LLVMIntSGT, r, K128(g, hi), ""), "");
    bump(g, elem(g, g->sel, op->d, zx(g, out)));
    LLVMValueRef tie = LLVMConstInt(T(i1), 0, 0);
    if (op->x != 1)
        tie = LLVMBuildOr(g->b, tie, LLVMBuildICmp(g->b, LLVMIntEQ, r, K128(g, hi), ""), "");
    if (op->x != 0)
        tie = LLVMBuildOr(g->b, tie, LLVMBuildICmp(g->b, LLVMIntEQ, r, K128(g, lo), ""), "");
    if (!g->counting)
        return;
    LLVMValueRef tp = elem(g, g->sel, op->k, K(g, 0));
    LLVMValueRef old = load(g, T(i64), tp, T(tag_count));
    store(g, LLVMBuildAdd(g->b, old, zx(g, tie), ""), tp, T(tag_count));
}

/* smin..umax, abs, saturating and overflow arithmetic */
static void bits_op(struct jg *g, const struct op *op)
{
    enum opcode c = (enum opcode)op->code;
    unsigned w = op->w;
    uint64_t m = exec_masks[w];
    LLVMValueRef a = get(g, op->a);
    LLVMValueRef b = c == OP_ABS ? NULL : get(g, op->b);
    switch (c) {
    case OP_SMIN: case OP_SMAX: {
        LLVMValueRef x = sx(g, a, w), y = sx(g, b, w);
        LLVMValueRef lt = LLVMBuildICmp(g->b, c == OP_SMIN ? LLVMIntSLT : LLVMIntSGT, x, y, "");
        set(g, op->d, and_k(g, LLVMBuildSelect(g->b, lt, x, y, ""), m));
        return;
    }
    case OP_UMIN: case OP_UMAX: {
        LLVMValueRef lt = LLVMBuildICmp(g->b, c == OP_UMIN ? LLVMIntULT : LLVMIntUGT, a, b, "");
        set(g, op->d, LLVMBuildSelect(g->b, lt, a, b, ""));
        return;
    }
    case OP_ABS: {
        LLVMValueRef x = sx(g, a, w);
        LLVMValueRef neg = LLVMBuildICmp(g->b, LLVMIntSLT, x, K(g, 0), "");
        set(g, op->d, and_k(g, LLVMBuildSelect(g->b, neg, LLVMBuildSub(g->b, K(g, 0), x, ""), x, ""), m));
        return;
    }
    case OP_UADDSAT: {
        LLVMValueRef s = LLVMBuildAdd(g->b, zx128(g, a), zx128(g, b), "");
        LLVMValueRef over = LLVMBuildICmp(g->b, LLVMIntUGT, s, LLVMConstInt(T(i128), m, 0), "");
        set(g, op->d, LLVMBuildSelect(g->b, over, K(g, m), LLVMBuildTrunc(g->b, s, T(i64), ""), ""));
        return;
    }
    case OP_USUBSAT: {
        LLVMValueRef lt = LLVMBuildICmp(g->b, LLVMIntULT, a, b, "");
        set(g, op->d, LLVMBuildSelect(g->b, lt, K(g, 0), LLVMBuildSub(g->b, a, b, ""), ""));
        return;
    }
    case OP_SADDSAT: case OP_SSUBSAT: {
        LLVMValueRef x = sx128(g, a, w), y = sx128(g, b, w);
        LLVMValueRef r = c == OP_SADDSAT ? LLVMBuildAdd(g->b, x, y, "") : LLVMBuildSub(g->b, x, y, "");
        exec_i128 hi = ((exec_i128)1 << (w - 1)) - 1, lo = -((exec_i128)1 << (w - 1));
        r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, r, K128(g, hi), ""), K128(g, hi), r, "");
        r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, r, K128(g, lo), ""), K128(g, lo), r, "");
        set(g, op->d, and_k(g, LLVMBuildTrunc(g->b, r, T(i64), ""), m));
        return;
    }
    case OP_USHLSAT: {
        LLVMValueRef in;
        LLVMValueRef s = safe_amount(g, b, w, &in);
        LLVMValueRef sh = and_k(g, LLVMBuildShl(g->b, a, s, ""), m);
        LLVMValueRef back = LLVMBuildICmp(g->b, LLVMIntEQ, LLVMBuildLShr(g->b, sh, s, ""), a, "");
        LLVMValueRef small = LLVMBuildSelect(g->b, back, sh, K(g, m), "");
        LLVMValueRef big = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntNE, a, K(g, 0), ""), K(g, m), K(g, 0), "");
        set(g, op->d, LLVMBuildSelect(g->b, in, small, big, ""));
        return;
    }
    case OP_SSHLSAT: {
        LLVMValueRef in;
        LLVMValueRef s = safe_amount(g, b, w, &in);
        LLVMValueRef x = sx128(g, a, w);
        LLVMValueRef small = LLVMBuildShl(g->b, x, zx128(g, s), "");
        LLVMValueRef zero = LLVMConstInt(T(i128), 0, 0);
        LLVMValueRef sign = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, x, zero, ""),
                                            K128(g, -((exec_i128)1 << 100)), K128(g, (exec_i128)1 << 100), "");
        LLVMValueRef big = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntNE, x, zero, ""), sign, zero, "");
        LLVMValueRef r = LLVMBuildSelect(g->b, in, small, big, "");
        exec_i128 hi = ((exec_i128)1 << (w - 1)) - 1, lo = -((exec_i128)1 << (w - 1));
        r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSGT, r, K128(g, hi), ""), K128(g, hi), r, "");
        r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, r, K128(g, lo), ""), K128(g, lo), r, "");
        set(g, op->d, and_k(g, LLVMBuildTrunc(g->b, r, T(i64), ""), m));
        return;
    }
    case OP_UADDO: case OP_UMULO: {
        LLVMValueRef s = c == OP_UADDO ? LLVMBuildAdd(g->b, zx128(g, a), zx128(g, b), "")
                                       : LLVMBuildMul(g->b, zx128(g, a), zx128(g, b), "");
        set(g, op->d, and_k(g, LLVMBuildTrunc(g->b, s, T(i64), ""), m));
        set(g, (uint32_t)op->k, zx(g, LLVMBuildICmp(g->b, LLVMIntUGT, s, LLVMConstInt(T(i128), m, 0), "")));
        return;
    }
    case OP_USUBO:
        set(g, op->d, and_k(g, LLVMBuildSub(g->b, a, b, ""), m));
        set(g, (uint32_t)op->k, zx(g, LLVMBuildICmp(g->b, LLVMIntULT, a, b, "")));
        return;
    case OP_SADDO: case OP_SSUBO: case OP_SMULO: {
        LLVMValueRef x = sx128(g, a, w), y = sx128(g, b, w);
        LLVMValueRef r = c == OP_SADDO ? LLVMBuildAdd(g->b, x, y, "")
                         : c == OP_SSUBO ? LLVMBuildSub(g->b, x, y, "") : LLVMBuildMul(g->b, x, y, "");
        set(g, op->d, and_k(g, LLVMBuildTrunc(g->b, r, T(i64), ""), m));
        exec_i128 hi = ((exec_i128)1 << (w - 1)) - 1, lo = -((exec_i128)1 << (w - 1));
        LLVMValueRef out = LLVMBuildOr(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, r, K128(g, lo), ""),
                                       LLVMBuildICmp(g->b, LLVMIntSGT, r, K128(g, hi), ""), "");
        set(g, (uint32_t)op->k, zx(g, out));
        return;
    }
    default: return;
    }
}

static void funnel(struct jg *g, const struct op *op)
{
    unsigned w = op->w;
    LLVMValueRef x = get(g, op->a), y = get(g, op->b);
    LLVMValueRef s = LLVMBuildURem(g->b, get(g, (uint32_t)op->k), K(g, w), "");
    LLVMValueRef zero = LLVMBuildICmp(g->b, LLVMIntEQ, s, K(g, 0), "");
    LLVMValueRef s1 = LLVMBuildSelect(g->b, zero, K(g, 1), s, "");
    LLVMValueRef s2 = LLVMBuildSub(g->b, K(g, w), s1, "");
    LLVMValueRef r;
    if (op->code == OP_FSHL)
        r = LLVMBuildSelect(g->b, zero, x,
                            and_k(g, LLVMBuildOr(g->b, LLVMBuildShl(g->b, x, s1, ""), LLVMBuildLShr(g->b, y, s2, ""), ""),
                                  exec_masks[w]), "");
    else
        r = LLVMBuildSelect(g->b, zero, y,
                            and_k(g, LLVMBuildOr(g->b, LLVMBuildLShr(g->b, y, s1, ""), LLVMBuildShl(g->b, x, s2, ""), ""),
                                  exec_masks[w]), "");
    set(g, op->d, r);
}

static void count_bits(struct jg *g, const struct op *op)
{
    LLVMValueRef v = get(g, op->a);
    LLVMTypeRef t = T(i64);
    unsigned w = op->w;
    switch (op->code) {
    case OP_CTLZ: {
        LLVMValueRef args[2] = {v, LLVMConstInt(T(i1), 0, 0)};
        set(g, op->d, LLVMBuildSub(g->b, intrinsic(g, "llvm.ctlz", &t, 1, args, 2), K(g, 64 - w), ""));
        return;
    }
    case OP_CTTZ: {
        LLVMValueRef args[2] = {v, LLVMConstInt(T(i1), 0, 0)};
        LLVMValueRef z = LLVMBuildICmp(g->b, LLVMIntEQ, v, K(g, 0), "");
        set(g, op->d, LLVMBuildSelect(g->b, z, K(g, w), intrinsic(g, "llvm.cttz", &t, 1, args, 2), ""));
        return;
    }
    case OP_CTPOP: set(g, op->d, intrinsic(g, "llvm.ctpop", &t, 1, &v, 1)); return;
    case OP_BSWAP: set(g, op->d, LLVMBuildLShr(g->b, intrinsic(g, "llvm.bswap", &t, 1, &v, 1), K(g, 64 - w), "")); return;
    case OP_BITREV: set(g, op->d, LLVMBuildLShr(g->b, intrinsic(g, "llvm.bitreverse", &t, 1, &v, 1), K(g, 64 - w), "")); return;
    default: return;
    }
}

static void switch_op(struct jg *g, const struct op *op)
{
    const struct switch_desc *sd = (const struct switch_desc *)(uintptr_t)op->k;
    uint32_t ne = g->f->nedges;
    LLVMBasicBlockRef *eb = sup_xcalloc(ne + 1, sizeof *eb);
    LLVMBasicBlockRef def = block(g, "default");
    eb[sd->def] = def;
    uint32_t ncases = sd->dense ? (uint32_t)sd->span : sd->n;
    LLVMValueRef sw = LLVMBuildSwitch(g->b, get(g, op->a), def, ncases);
    for (uint32_t i = 0; i < ncases; i++) {
        uint32_t e = sd->dense ? sd->table[i] : sd->edges[i];
        uint64_t v = sd->dense ? sd->lo + i : sd->vals[i];
        if (e == sd->def)
            continue;
        if (!eb[e])
            eb[e] = block(g, "case");
        LLVMAddCase(sw, K(g, v), eb[e]);
    }
    for (uint32_t e = 0; e < ne; e++)
        if (eb[e]) {
            at_end(g, eb[e]);
            edge(g, e);
        }
    free(eb);
}

static void ret_op(struct jg *g, const struct op *op)
{
    uint32_t n = (uint32_t)op->k;
    for (uint32_t i = 0; i < n; i++)
        store(g, get(g, op->a + i), rslot(g, i), T(tag_slot));
    sync_out(g);
    LLVMValueRef zero = K32(g, 0);
    LLVMBasicBlockRef here = LLVMGetInsertBlock(g->b);
    LLVMAddIncoming(g->exit_status, &zero, &here, 1);
    LLVMBuildBr(g->b, g->exit_bb);
}

/* One op; false when it is not translated. */
static void op_ir(struct jg *g, const struct op *op)
{
    enum opcode c = (enum opcode)op->code;
    switch (c) {
    case OP_MOV: set(g, op->d, get(g, op->a)); return;
    case OP_MOVK: set(g, op->d, K(g, op->k)); return;
    case OP_ADD: set(g, op->d, and_k(g, LLVMBuildAdd(g->b, get(g, op->a), get(g, op->b), ""), op->k)); return;
    case OP_ADDI: set(g, op->d, and_k(g, LLVMBuildAdd(g->b, get(g, op->a), K(g, op->k), ""), exec_masks[op->w])); return;
    case OP_SUB: set(g, op->d, and_k(g, LLVMBuildSub(g->b, get(g, op->a), get(g, op->b), ""), op->k)); return;
    case OP_SUBI: set(g, op->d, and_k(g, LLVMBuildSub(g->b, get(g, op->a), K(g, op->k), ""), exec_masks[op->w])); return;
    case OP_RSUBI: set(g, op->d, and_k(g, LLVMBuildSub(g->b, K(g, op->k), get(g, op->a), ""), exec_masks[op->w])); return;
    case OP_MUL: set(g, op->d, and_k(g, LLVMBuildMul(g->b, get(g, op->a), get(g, op->b), ""), op->k)); return;
    case OP_MULI: set(g, op->d, and_k(g, LLVMBuildMul(g->b, get(g, op->a), K(g, op->k), ""), exec_masks[op->w])); return;
    case OP_AND: set(g, op->d, LLVMBuildAnd(g->b, get(g, op->a), get(g, op->b), "")); return;
    case OP_ANDI: set(g, op->d, LLVMBuildAnd(g->b, get(g, op->a), K(g, op->k), "")); return;
    case OP_OR: set(g, op->d, LLVMBuildOr(g->b, get(g, op->a), get(g, op->b), "")); return;
    case OP_ORI: set(g, op->d, LLVMBuildOr(g->b, get(g, op->a), K(g, op->k), "")); return;
    case OP_XOR: set(g, op->d, LLVMBuildXor(g->b, get(g, op->a), get(g, op->b), "")); return;
    case OP_XORI: set(g, op->d, LLVMBuildXor(g->b, get(g, op->a), K(g, op->k), "")); return;
    case OP_SHL: case OP_LSHR: case OP_ASHR: {
        LLVMValueRef in;
        LLVMValueRef s = safe_amount(g, get(g, op->b), op->w, &in), r;
        if (c == OP_SHL)
            r = LLVMBuildSelect(g->b, in, and_k(g, LLVMBuildShl(g->b, get(g, op->a), s, ""), op->k), K(g, 0), "");
        else if (c == OP_LSHR)
            r = LLVMBuildSelect(g->b, in, LLVMBuildLShr(g->b, get(g, op->a), s, ""), K(g, 0), "");
        else
            r = and_k(g, LLVMBuildAShr(g->b, sx(g, get(g, op->a), op->w), LLVMBuildSelect(g->b, in, s, K(g, 63), ""), ""),
                      op->k);
        set(g, op->d, r);
        return;
    }
    case OP_SHLI: set(g, op->d, and_k(g, LLVMBuildShl(g->b, get(g, op->a), K(g, op->k), ""), exec_masks[op->w])); return;
    case OP_LSHRI: set(g, op->d, LLVMBuildLShr(g->b, get(g, op->a), K(g, op->k), "")); return;
    case OP_ASHRI:
        set(g, op->d, and_k(g, LLVMBuildAShr(g->b, sx(g, get(g, op->a), op->w), K(g, op->k), ""), exec_masks[op->w]));
        return;
    case OP_SEXT: set(g, op->d, and_k(g, sx(g, get(g, op->a), op->w), op->k)); return;
    case OP_UDIV: case OP_UREM: case OP_SDIV: case OP_SREM: divide(g, op); return;
    case OP_EQ: case OP_NE: case OP_ULT: case OP_ULE: case OP_SLT: case OP_SLE: case OP_EQI: case OP_NEI:
    case OP_ULTI: case OP_ULEI: case OP_UGTI: case OP_UGEI: case OP_SLTI: case OP_SLEI: case OP_SGTI: case OP_SGEI:
        set(g, op->d, zx(g, compare(g, op, false)));
        return;
    case OP_SELECT: case OP_SELECTU: {
        LLVMValueRef cnd = LLVMBuildTrunc(g->b, get(g, op->a), T(i1), "");
        LLVMValueRef r = LLVMBuildSelect(g->b, cnd, get(g, op->b), get(g, (uint32_t)op->k), "");
        if (c == OP_SELECT) /* SC[(k >> 32) + !c]++ */
            bump(g, elem(g, g->sel, op->k >> 32, zx(g, LLVMBuildNot(g->b, cnd, ""))));
        set(g, op->d, r);
        return;
    }
    case OP_W_ADD: case OP_W_SUB: case OP_W_MUL: case OP_W_SHL: case OP_W_LSHR: case OP_W_ASHR: wide_op(g, op); return;
    case OP_W_ICMP: {
        unsigned width = 64u + op->w;
        LLVMValueRef x = wide(g, op->a), y = wide(g, op->b);
        LLVMIntPredicate p = (LLVMIntPredicate)op->x;
        if (p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE) {
            x = wsext(g, x, width);
            y = wsext(g, y, width);
        }
        set(g, op->d, zx(g, LLVMBuildICmp(g->b, p, x, y, "")));
        return;
    }
    case OP_W_SEXT: {
        unsigned sw = op->w, dw = op->x;
        LLVMValueRef v = sw <= 64 ? sx128(g, get(g, op->a), sw) : wsext(g, wide(g, op->a), sw);
        set_wide(g, op->d, v, dw - 64);
        return;
    }
    case OP_W_TRUNC: set(g, op->d, and_k(g, get(g, op->a), op->k)); return;
    case OP_FADD32: case OP_FSUB32: case OP_FMUL32: case OP_FDIV32:
    case OP_FADD64: case OP_FSUB64: case OP_FMUL64: case OP_FDIV64:
        fp_arith(g, op);
        return;
    case OP_FNEG32: set(g, op->d, LLVMBuildXor(g->b, get(g, op->a), K(g, 0x80000000u), "")); return;
    case OP_FNEG64: set(g, op->d, LLVMBuildXor(g->b, get(g, op->a), K(g, 0x8000000000000000ull), "")); return;
    case OP_FREM32: case OP_FREM64: frem(g, op); return;
    case OP_FCMP32: case OP_FCMP64: fp_compare(g, op); return;
    case OP_FPTOSI32: case OP_FPTOSI64: case OP_FPTOUI32: case OP_FPTOUI64: case OP_SITOFP32: case OP_SITOFP64:
    case OP_UITOFP32: case OP_UITOFP64: case OP_FPEXT: case OP_FPTRUNC:
        fp_convert(g, op);
        return;
    case OP_FMATH1: case OP_FMATH2: case OP_FMATH3: fmath(g, op); return;
    case OP_LD8: case OP_LD16: case OP_LD16B: case OP_LD32: case OP_LD32B: case OP_LD64: case OP_LD64B: {
        unsigned n = c == OP_LD8 ? 1 : c <= OP_LD64 ? 2u << (c - OP_LD16) : 2u << (c - OP_LD16B);
        unsigned am = c == OP_LD8 ? 0 : op->x;
        bool be = c == OP_LD16B || c == OP_LD32B || c == OP_LD64B;
        do_load(g, op->d, addr_of(g, op), n, be, am, exec_masks[op->w], known_valid(g, op, n, false, am));
        return;
    }
    case OP_ST8: case OP_ST16: case OP_ST16B: case OP_ST32: case OP_ST32B: case OP_ST64: case OP_ST64B: {
        unsigned n = c == OP_ST8 ? 1 : c <= OP_ST64 ? 2u << (c - OP_ST16) : 2u << (c - OP_ST16B);
        unsigned am = c == OP_ST8 ? 0 : op->x;
        bool be = c == OP_ST16B || c == OP_ST32B || c == OP_ST64B;
        do_store(g, get(g, op->b), addr_of(g, op), n, be, am, known_valid(g, op, n, true, am));
        return;
    }
    case OP_LD8X: do_load(g, op->d, xaddr_of(g, op), 1, false, 0, ~0ull, false); return;
    case OP_LD16X: case OP_LD16BX: do_load(g, op->d, xaddr_of(g, op), 2, c == OP_LD16BX, op->x, ~0ull, false); return;
    case OP_LD32X: case OP_LD32BX: do_load(g, op->d, xaddr_of(g, op), 4, c == OP_LD32BX, op->x, ~0ull, false); return;
    case OP_LD64X: case OP_LD64BX: do_load(g, op->d, xaddr_of(g, op), 8, c == OP_LD64BX, op->x, ~0ull, false); return;
    case OP_ST8X: do_store(g, get(g, op->d), xaddr_of(g, op), 1, false, 0, false); return;
    case OP_ST16X: case OP_ST16BX: do_store(g, get(g, op->d), xaddr_of(g, op), 2, c == OP_ST16BX, op->x, false); return;
    case OP_ST32X: case OP_ST32BX: do_store(g, get(g, op->d), xaddr_of(g, op), 4, c == OP_ST32BX, op->x, false); return;
    case OP_ST64X: case OP_ST64BX: do_store(g, get(g, op->d), xaddr_of(g, op), 8, c == OP_ST64BX, op->x, false); return;
    case OP_GEP: {
        LLVMValueRef idx = LLVMBuildMul(g->b, sx(g, get(g, op->b), op->w), K(g, op->k & 0xffffffffu), "");
        set(g, op->d, and_k(g, LLVMBuildAdd(g->b, get(g, op->a), idx, ""), g->vm->ptr_mask));
        return;
    }
    case OP_FRAMEADDR: set(g, op->d, LLVMBuildAdd(g->b, g->fb, K(g, op->k), "")); return;
    case OP_STACKSAVE: set(g, op->d, load(g, T(i64), VMF(g, sp), T(tag_vm))); return;
    case OP_CTLZ: case OP_CTTZ: case OP_CTPOP: case OP_BSWAP: case OP_BITREV: count_bits(g, op); return;
    case OP_FSHL: case OP_FSHR: funnel(g, op); return;
    case OP_SMIN: case OP_SMAX: case OP_UMIN: case OP_UMAX: case OP_ABS: case OP_UADDSAT: case OP_USUBSAT:
    case OP_SADDSAT: case OP_SSUBSAT: case OP_USHLSAT: case OP_SSHLSAT: case OP_UADDO: case OP_SADDO: case OP_USUBO:
    case OP_SSUBO: case OP_UMULO: case OP_SMULO:
        bits_op(g, op);
        return;
    case OP_SATCOUNT: sat_count(g, op); return;
    case OP_SHIFTHIST: {
        LLVMValueRef amt = LLVMBuildAnd(g->b, get(g, op->a), K(g, op->k), "");
        LLVMValueRef big = LLVMBuildICmp(g->b, LLVMIntUGT, amt, K(g, 63), "");
        bump(g, elem(g, g->sel, op->d, LLVMBuildSelect(g->b, big, K(g, 63), amt, "")));
        return;
    }
    case OP_VEXTRACT: {
        LLVMValueRef i = get(g, op->b), r = K(g, 0);
        for (uint64_t j = 0; j < op->k; j++)
            r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, i, K(g, j), ""), get(g, op->a + (uint32_t)j), r, "");
        set(g, op->d, r);
        return;
    }
    case OP_VINSERT: {
        LLVMValueRef i = get(g, op->b), v = get(g, op->a);
        for (uint64_t j = 0; j < op->k; j++)
            set(g, op->d + (uint32_t)j,
                LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, i, K(g, j), ""), v, get(g, op->d + (uint32_t)j), ""));
        return;
    }
    /* control */
    case OP_JMP: edge(g, op->d); return;
    case OP_GOTO: LLVMBuildBr(g->b, g->bb[op->d]); return;
    case OP_MOVGOTO: set(g, op->d, get(g, op->a)); LLVMBuildBr(g->b, g->bb[op->k]); return;
    case OP_MOV2GOTO: {
        LLVMValueRef x = get(g, op->a), y = get(g, (uint32_t)op->k);
        set(g, op->d, x);
        set(g, op->b, y);
        LLVMBuildBr(g->b, g->bb[op->k >> 32]);
        return;
    }
    case OP_SETIN: set(g, op->d, K(g, op->k)); LLVMBuildBr(g->b, g->bb[op->b]); return;
    case OP_PAIRINC: {
        LLVMValueRef idx = LLVMBuildAdd(g->b, LLVMBuildMul(g->b, get(g, op->a), K(g, op->x), ""), K(g, op->d), "");
        bump(g, elem(g, pair_counts(g, g->at_op), 0, idx));
        LLVMBuildBr(g->b, g->bb[op->b]);
        return;
    }
    case OP_BR: branch(g, LLVMBuildTrunc(g->b, get(g, op->a), T(i1), ""), op->d, op->b); return;
    case OP_BR_EQ: case OP_BR_NE: case OP_BR_ULT: case OP_BR_ULE: case OP_BR_SLT: case OP_BR_SLE: case OP_BR_EQI:
    case OP_BR_NEI: case OP_BR_ULTI: case OP_BR_ULEI: case OP_BR_UGTI: case OP_BR_UGEI: case OP_BR_SLTI:
    case OP_BR_SLEI: case OP_BR_SGTI: case OP_BR_SGEI:
        branch(g, compare(g, op, true), op->d, op->b);
        return;
    case OP_SWITCH: switch_op(g, op); return;
    case OP_RET: ret_op(g, op); return;
    case OP_CALL: case OP_CALLI: case OP_CALLX: on_slots(g, op, (const void *)exec_jit_call, true); return;
    case OP_WATCH: on_slots(g, op, (const void *)exec_jit_step, true); return;
    case OP_UNREACHABLE: case OP_INDIRECTBR: case OP_TRAP: case OP_UNSUPPORTED:
        on_slots(g, op, (const void *)exec_jit_step, false);
        LLVMBuildUnreachable(g->b); /* the step always fails */
        return;
    default: /* the rare ops: the interpreter's code on the slots */
        on_slots(g, op, (const void *)exec_jit_step, false);
        return;
    }
}

/* What the function's ops say of its slots: KONST, constant-area slots no
 * op writes (the same value on every entry); FRAME, slots whose only
 * writer is a FRAMEADDR (the activation's frame base plus FRAME_OFF). */
static void wrote(struct jg *g, uint32_t s, const struct op *op)
{
    if (s >= g->f->nslots)
        return;
    g->konst[s] = 0;
    if (g->writers[s] < 2)
        g->writers[s]++;
    g->frame[s] = g->writers[s] == 1 && op->code == OP_FRAMEADDR;
    g->frame_off[s] = (int64_t)op->k;
}

static void slot_facts(struct jg *g)
{
    const struct xfunc *f = g->f;
    g->konst = sup_xcalloc(f->nslots + 1, 1);
    g->frame = sup_xcalloc(f->nslots + 1, 1);
    g->writers = sup_xcalloc(f->nslots + 1, 1);
    g->frame_off = sup_xcalloc(f->nslots + 1, sizeof *g->frame_off);
    for (uint32_t s = f->nslots - f->nconst; s < f->nslots; s++)
        g->konst[s] = 1;
    struct slots rd, wr;
    for (uint32_t i = 0; i < f->ncode; i++) {
        const struct op *op = &f->code[i];
        enum opcode c = (enum opcode)op->code;
        switch (c) {
        case OP_ST8: case OP_ST16: case OP_ST32: case OP_ST64: case OP_ST16B: case OP_ST32B: case OP_ST64B:
        case OP_STN: case OP_ST8X: case OP_ST16X: case OP_ST32X: case OP_ST64X: case OP_ST16BX: case OP_ST32BX:
        case OP_ST64BX: case OP_JMP: case OP_GOTO: case OP_PAIRINC: case OP_BR: case OP_SWITCH: case OP_RET:
        case OP_SATCOUNT: case OP_SHIFTHIST: case OP_BOUNDS: case OP_STACKRESTORE: case OP_MEMCPY: case OP_MEMMOVE:
        case OP_MEMSET: case OP_VASTART: case OP_VACOPY: case OP_UNREACHABLE: case OP_INDIRECTBR: case OP_TRAP:
        case OP_UNSUPPORTED: case OP_WATCH:
            break;
        case OP_MOV2GOTO: wrote(g, op->d, op), wrote(g, op->b, op); break;
        case OP_UADDO: case OP_SADDO: case OP_USUBO: case OP_SSUBO: case OP_UMULO: case OP_SMULO:
            wrote(g, op->d, op), wrote(g, (uint32_t)op->k, op);
            break;
        case OP_VINSERT:
            for (uint64_t j = 0; j < op->k; j++)
                wrote(g, op->d + (uint32_t)j, op);
            break;
        case OP_W_ADD: case OP_W_SUB: case OP_W_MUL: case OP_W_SHL: case OP_W_LSHR: case OP_W_ASHR: case OP_W_SEXT:
            wrote(g, op->d, op), wrote(g, op->d + 1, op);
            break;
        default:
            if (c >= OP_BR_EQ && c <= OP_BR_SGEI)
                break;
            op_slots(g->vm, f, op, &rd, &wr);
            if (wr.n)
                for (uint32_t j = 0; j < wr.n; j++)
                    wrote(g, wr.s[j], op);
            else
                wrote(g, op->d, op);
            break;
        }
    }
    /* parameters are written by the caller */
    for (uint32_t s = 0; s < f->nparam_slots && s < f->nslots; s++)
        g->frame[s] = 0;
}

void exec_jit_prepare(struct xfunc *f)
{
    if (f->osr)
        return;
    f->osr = sup_xcalloc(f->ncode + 1, 1);
    bool no = getenv("LPNEST_JIT_NOOSR") != NULL;
    for (uint32_t e = 0; e < f->nedges; e++)
        if (e == 0 || (!no && f->einfo[e].to <= f->einfo[e].from))
            f->osr[f->edges[e].pc] = 1; /* the entry and the loops' edges */
}

bool exec_jit_gen(struct jit_mod *jm, struct xfunc *f, const char *name)
{
    struct vm *vm = jm->vm;
    if (!exec_jit_supports(vm, f))
        return false;
    struct jg gs = {.jm = jm, .vm = vm, .f = f, .b = jm->b}, *g = &gs;
    g->fn = LLVMAddFunction(jm->m, name, jm->body_t);
    LLVMAddAttributeAtIndex(g->fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(jm->cx, LLVMGetEnumAttributeKindForName("nounwind", 8), 0));
    if (!jm->strictfp)
        jm->strictfp = LLVMCreateEnumAttribute(jm->cx, LLVMGetEnumAttributeKindForName("strictfp", 8), 0);
    LLVMAddAttributeAtIndex(g->fn, LLVMAttributeFunctionIndex, jm->strictfp);
    g->vmp = LLVMGetParam(g->fn, 0);
    g->R = LLVMGetParam(g->fn, 1);
    g->at = LLVMGetParam(g->fn, 2);
    g->shared = vm->jit_shared;
    g->weights = g->shared;
    for (uint32_t e = 0; e < f->nedges && !g->weights; e++)
        g->weights = f->edges[e].weight != 0;
    g->counting = !vm->uncounted || g->shared;
    /* entry: the locals */
    LLVMBasicBlockRef entry = block(g, "entry");
    at_end(g, entry);
    g->slot = sup_xcalloc(f->nslots + 1, sizeof *g->slot);
    for (uint32_t s = 0; s < f->nslots; s++)
        g->slot[s] = LLVMBuildAlloca(g->b, jm->i64, "");
    g->steps = LLVMBuildAlloca(g->b, jm->i64, "steps");
    g->brk = LLVMBuildAlloca(g->b, jm->i64, "brk");
    g->slow = LLVMBuildAlloca(g->b, jm->i64, "slow");
    g->clock = LLVMBuildAlloca(g->b, jm->i64, "clock");
    sync_in(g);
    /* the run's arrays: F (by its index), its counters and ops, the memory */
    g->fp = at_off(g, load_fixed(g, jm->ptr, VMF(g, funcs)), (uint64_t)(f - vm->funcs) * sizeof *f);
    g->edges = load_fixed(g, jm->ptr, at_off(g, g->fp, offsetof(struct xfunc, edges)));
    g->sel = load_fixed(g, jm->ptr, at_off(g, g->fp, offsetof(struct xfunc, sel_counts)));
    g->code = load_fixed(g, jm->ptr, at_off(g, g->fp, offsetof(struct xfunc, code)));
    g->mem = load_fixed(g, jm->ptr, VMF(g, mem));
    /* this activation's frame is on top: its frame base */
    LLVMValueRef depth = load(g, jm->i32, VMF(g, depth), jm->tag_vm);
    LLVMValueRef fr = LLVMBuildGEP2(g->b, jm->i8, load_fixed(g, jm->ptr, VMF(g, frames)),
                                    (LLVMValueRef[]){LLVMBuildMul(g->b, LLVMBuildZExt(g->b, depth, jm->i64, ""),
                                                                  K(g, sizeof(struct frame)), "")}, 1, "");
    LLVMValueRef fbp = LLVMBuildGEP2(g->b, jm->i8, fr, (LLVMValueRef[]){K(g, offsetof(struct frame, frame_base))}, 1, "");
    g->fb = load(g, jm->i64, fbp, jm->tag_vm);
    /* a block per branch target */
    g->bb = sup_xcalloc(f->ncode + 1, sizeof *g->bb);
    exec_jit_prepare(f);
    for (uint32_t b = 0; b < f->nblocks; b++)
        if (f->blocks[b].pc < f->ncode)
            g->bb[f->blocks[b].pc] = (LLVMBasicBlockRef)1;
    g->checked = sup_xcalloc(f->ncode + 1, 1);
    for (uint32_t e = 0; e < f->nedges; e++) {
        g->bb[f->edges[e].pc] = (LLVMBasicBlockRef)1;
        g->checked[f->edges[e].pc] = e > 0; /* the entry edge is checked by whoever called */
    }
    for (uint32_t i = 0; i < f->ncode; i++) {
        const struct op *op = &f->code[i];
        switch (op->code) {
        case OP_GOTO: g->bb[op->d] = (LLVMBasicBlockRef)1; break;
        case OP_SETIN: case OP_PAIRINC: g->bb[op->b] = (LLVMBasicBlockRef)1; break;
        case OP_MOVGOTO: g->bb[op->k] = (LLVMBasicBlockRef)1; break;
        case OP_MOV2GOTO: g->bb[op->k >> 32] = (LLVMBasicBlockRef)1; break;
        default: break;
        }
    }
    for (uint32_t i = 0; i < f->ncode; i++)
        if (g->bb[i]) {
            char nm[24];
            snprintf(nm, sizeof nm, "op%u", i);
            g->bb[i] = block(g, nm);
        }
    g->exit_bb = block(g, "exit");
    at_end(g, g->exit_bb);
    g->exit_status = LLVMBuildPhi(g->b, jm->i32, "");
    LLVMBuildRet(g->b, g->exit_status);
    g->ret1_bb = block(g, "fail");
    at_end(g, g->ret1_bb);
    {
        LLVMValueRef one = K32(g, 1);
        LLVMAddIncoming(g->exit_status, &one, &g->ret1_bb, 1);
        LLVMBuildBr(g->b, g->exit_bb);
    }
    g->fault_bb = block(g, "fault");
    at_end(g, g->fault_bb);
    g->fault_kind = LLVMBuildPhi(g->b, jm->i32, "");
    g->fault_at = LLVMBuildPhi(g->b, jm->i32, "");
    g->fault_x = LLVMBuildPhi(g->b, jm->i64, "");
    g->fault_y = LLVMBuildPhi(g->b, jm->i64, "");
    sync_out(g);
    {
        LLVMTypeRef pt[6] = {jm->ptr, jm->ptr, jm->i32, jm->i32, jm->i64, jm->i64};
        LLVMValueRef args[6] = {g->vmp, g->fp, g->fault_kind, g->fault_at, g->fault_x, g->fault_y};
        call(g, (const void *)jit_fault, jm->i32, pt, args, 6);
    }
    LLVMBuildBr(g->b, g->ret1_bb);
    /* the two ways in: a call (the parameters in R, the constants) or the
     * interpreter's state at an edge (every slot in R) */
    slot_facts(g);
    LLVMBasicBlockRef norm = block(g, "call"), osr = block(g, "osr");
    at_end(g, entry);
    uint32_t e0 = f->edges[0].pc;
    LLVMValueRef sw = LLVMBuildSwitch(g->b, g->at, osr, 1);
    LLVMAddCase(sw, K32(g, e0), norm);
    at_end(g, norm);
    for (uint32_t s = 0; s < f->nparam_slots && s < f->nslots; s++)
        set(g, s, load(g, jm->i64, rslot(g, s), jm->tag_slot));
    for (uint32_t s = f->nslots - f->nconst; s < f->nslots; s++)
        set(g, s, K(g, f->consts[s - (f->nslots - f->nconst)]));
    LLVMBuildBr(g->b, g->bb[e0]);
    at_end(g, osr);
    for (uint32_t s = 0; s < f->nslots; s++)
        set(g, s, g->konst[s] ? K(g, f->consts[s - (f->nslots - f->nconst)]) : load(g, jm->i64, rslot(g, s), jm->tag_slot));
    LLVMBasicBlockRef none = block(g, "no_entry");
    LLVMValueRef osw = LLVMBuildSwitch(g->b, g->at, none, 8);
    for (uint32_t i = 0; i < f->ncode; i++)
        if (f->osr[i] && i != e0)
            LLVMAddCase(osw, K32(g, i), g->bb[i]);
    at_end(g, none);
    LLVMBuildUnreachable(g->b);
    /* the ops */
    LLVMBasicBlockRef cur = NULL;
    for (uint32_t i = 0; i < f->ncode; i++) {
        if (g->bb[i]) {
            if (cur && !LLVMGetBasicBlockTerminator(cur))
                LLVMBuildBr(g->b, g->bb[i]);
            cur = g->bb[i];
            at_end(g, cur);
            if (g->checked[i])
                slow_path(g, i);
        } else if (!cur || LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(g->b))) {
            cur = block(g, "dead"); /* after a branch, and no edge leads here */
            at_end(g, cur);
        }
        g->at_op = i;
        op_ir(g, &f->code[i]);
        cur = LLVMGetInsertBlock(g->b);
    }
    if (cur && !LLVMGetBasicBlockTerminator(cur))
        LLVMBuildUnreachable(g->b);
    free(g->slot);
    free(g->bb);
    free(g->checked);
    free(g->konst);
    free(g->frame);
    free(g->writers);
    free(g->frame_off);
    return true;
}

/* ---- what the code of a function depends on ---- */

struct keybuf {
    uint8_t *p;
    size_t n, cap;
};

static void put(struct keybuf *kb, const void *v, size_t n)
{
    if (!n) /* V may be NULL then (an empty array) */
        return;
    if (kb->n + n > kb->cap) {
        kb->cap = (kb->n + n) * 2 + 256;
        kb->p = sup_xrealloc(kb->p, kb->cap);
    }
    memcpy(kb->p + kb->n, v, n);
    kb->n += n;
}

static void put64(struct keybuf *kb, uint64_t v) { put(kb, &v, sizeof v); }

size_t exec_jit_key(const struct vm *vm, const struct xfunc *f, uint8_t **out)
{
    struct keybuf kb = {0};
    bool shared = vm->jit_shared;
    /* the form of the code, and the run's layout it checks addresses against */
    put64(&kb, shared ? 2 : (uint64_t)vm->uncounted); /* (shared code counts in either run) */
    put64(&kb, (uint64_t)(f - vm->funcs));
    uint64_t lay[8] = {vm->ptr_mask, vm->ro_lo, vm->rw_lo, vm->stack_lo, vm->stack_hi, vm->jit_brk0, 0,
                       vm->linked};
    put(&kb, lay, sizeof lay);
    uint64_t dims[9] = {f->nslots, f->nconst, f->nparam_slots, f->ncode, f->nedges, f->nblocks, f->frame_bytes,
                        f->frame_align, f->ret_slots};
    put(&kb, dims, sizeof dims);
    put(&kb, f->consts, f->nconst * sizeof *f->consts);
    for (uint32_t b = 0; b < f->nblocks; b++)
        put64(&kb, f->blocks[b].pc);
    for (uint32_t e = 0; e < f->nedges; e++) {
        uint64_t v[4] = {f->edges[e].pc, f->edges[e].ninst, (uint64_t)f->einfo[e].from << 32 | f->einfo[e].to,
                         shared ? 0 : f->edges[e].weight};
        put(&kb, v, sizeof v);
    }
    struct slots rd, wr;
    for (uint32_t i = 0; i < f->ncode; i++) {
        const struct op *op = &f->code[i];
        uint64_t v[4] = {(uint64_t)op->code << 16 | (uint64_t)op->w << 8 | op->x, op->d, (uint64_t)op->a << 32 | op->b,
                         0};
        switch (op->code) {
        case OP_CALL: case OP_CALLI: case OP_CALLX: case OP_WATCH: case OP_BITCAST: case OP_VAARG:
            /* descriptors: the code depends on the slots they name */
            if (!op_slots(vm, f, op, &rd, &wr)) {
                free(kb.p);
                *out = NULL;
                return 0;
            }
            put(&kb, v, sizeof v);
            put64(&kb, (uint64_t)rd.n << 32 | wr.n);
            put(&kb, rd.s, rd.n * sizeof *rd.s);
            put(&kb, wr.s, wr.n * sizeof *wr.s);
            continue;
        case OP_SWITCH: {
            const struct switch_desc *sd = (const struct switch_desc *)(uintptr_t)op->k;
            put(&kb, v, sizeof v);
            uint64_t h[5] = {sd->n, sd->def, sd->dense, sd->lo, sd->span};
            put(&kb, h, sizeof h);
            if (sd->dense)
                put(&kb, sd->table, (size_t)sd->span * sizeof *sd->table);
            else {
                put(&kb, sd->vals, sd->n * sizeof *sd->vals);
                put(&kb, sd->edges, sd->n * sizeof *sd->edges);
            }
            continue;
        }
        case OP_PAIRINC: case OP_UNSUPPORTED: case OP_BOUNDS:
            /* K is the run's (read at run time, by the code or by C) */
            put(&kb, v, sizeof v);
            continue;
        default:
            v[3] = op->k;
            put(&kb, v, sizeof v);
            continue;
        }
    }
    *out = kb.p;
    return kb.n;
}
