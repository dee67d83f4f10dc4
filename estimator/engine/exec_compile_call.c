/* exec_compile_call.c — translation of calls: direct, indirect and external
 * calls get a call descriptor; LLVM intrinsics become ops (lane by lane for
 * vector forms). */
#include "exec_cc.h"
#include "exec_xfloat.h"
#include "exec_math.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static uint32_t dest(struct cc *c, LLVMValueRef inst)
{
    uint64_t s = 0;
    ptrmap_get(&c->vslot, inst, &s);
    return (uint32_t)s;
}

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static struct calldesc *make_desc(struct cc *c, LLVMValueRef inst, struct xfunc *callee)
{
    unsigned n = LLVMGetNumArgOperands(inst);
    struct calldesc *cd = sup_xcalloc(1, sizeof *cd + (n + 1) * sizeof cd->args[0]);
    cd->callee = callee;
    cd->nargs = n;
    cd->inst = inst;
    LLVMTypeRef rt = LLVMTypeOf(inst);
    cd->ret_slots = exec_type_slots(rt);
    cd->ret_kind = exec_kind(rt, &cd->ret_bits);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef a = LLVMGetOperand(inst, i);
        struct argdesc *ad = &cd->args[i];
        ad->type = LLVMTypeOf(a);
        ad->slot = cc_slot(c, a);
        ad->nslots = exec_type_slots(ad->type);
        unsigned bits;
        ad->kind = cc_scalar(c, ad->type, &bits);
        ad->bits = (uint16_t)bits;
    }
    return cd;
}

/* ---- intrinsics ---- */

/* Operand slot of lane I: vector operands advance, scalars broadcast. */
static uint32_t lane_slot(struct cc *c, LLVMValueRef v, unsigned i)
{
    uint32_t s = cc_slot(c, v);
    LLVMTypeRef t = LLVMTypeOf(v);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        return s + i * exec_type_slots(LLVMGetElementType(t));
    return s;
}

static unsigned nlanes(LLVMTypeRef t, LLVMTypeRef *elem)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        *elem = LLVMGetElementType(t);
        return LLVMGetVectorSize(t);
    }
    *elem = t;
    return 1;
}

struct int_intrinsic {
    const char *prefix;
    enum opcode op;
    int nops;
};

static const struct int_intrinsic int_table[] = {
    {"llvm.ctlz.", OP_CTLZ, 1}, {"llvm.cttz.", OP_CTTZ, 1}, {"llvm.ctpop.", OP_CTPOP, 1},
    {"llvm.bswap.", OP_BSWAP, 1}, {"llvm.bitreverse.", OP_BITREV, 1}, {"llvm.abs.", OP_ABS, 1},
    {"llvm.fshl.", OP_FSHL, 3}, {"llvm.fshr.", OP_FSHR, 3},
    {"llvm.smin.", OP_SMIN, 2}, {"llvm.smax.", OP_SMAX, 2}, {"llvm.umin.", OP_UMIN, 2}, {"llvm.umax.", OP_UMAX, 2},
    {"llvm.uadd.sat.", OP_UADDSAT, 2}, {"llvm.sadd.sat.", OP_SADDSAT, 2},
    {"llvm.usub.sat.", OP_USUBSAT, 2}, {"llvm.ssub.sat.", OP_SSUBSAT, 2},
    {"llvm.ushl.sat.", OP_USHLSAT, 2}, {"llvm.sshl.sat.", OP_SSHLSAT, 2},
    {"llvm.uadd.with.overflow.", OP_UADDO, 2}, {"llvm.sadd.with.overflow.", OP_SADDO, 2},
    {"llvm.usub.with.overflow.", OP_USUBO, 2}, {"llvm.ssub.with.overflow.", OP_SSUBO, 2},
    {"llvm.umul.with.overflow.", OP_UMULO, 2}, {"llvm.smul.with.overflow.", OP_SMULO, 2},
    {NULL, 0, 0},
};

struct fp_intrinsic {
    const char *prefix;
    enum mathfn fn;
};

static const struct fp_intrinsic fp_table[] = {
    {"llvm.sqrt.", MF_SQRT}, {"llvm.floor.", MF_FLOOR}, {"llvm.ceil.", MF_CEIL}, {"llvm.trunc.", MF_TRUNC},
    {"llvm.round.", MF_ROUND}, {"llvm.roundeven.", MF_ROUNDEVEN}, {"llvm.rint.", MF_RINT},
    {"llvm.nearbyint.", MF_NEARBYINT}, {"llvm.fabs.", MF_FABS}, {"llvm.exp.", MF_EXP}, {"llvm.exp2.", MF_EXP2},
    {"llvm.exp10.", MF_EXP10}, {"llvm.log.", MF_LOG}, {"llvm.log2.", MF_LOG2}, {"llvm.log10.", MF_LOG10},
    {"llvm.sin.", MF_SIN}, {"llvm.cos.", MF_COS}, {"llvm.tan.", MF_TAN}, {"llvm.pow.", MF_POW},
    {"llvm.copysign.", MF_COPYSIGN}, {"llvm.minnum.", MF_MINNUM}, {"llvm.maxnum.", MF_MAXNUM},
    {"llvm.minimum.", MF_MINIMUM}, {"llvm.maximum.", MF_MAXIMUM}, {"llvm.fma.", MF_FMA},
    {"llvm.fmuladd.", MF_FMULADD}, {"llvm.ldexp.", MF_LDEXP}, {"llvm.powi.", MF_POWI},
    {NULL, 0},
};

static const char *const noop_prefixes[] = {
    "llvm.lifetime.", "llvm.dbg.", "llvm.assume", "llvm.experimental.noalias.scope.decl", "llvm.invariant.",
    "llvm.sideeffect", "llvm.pseudoprobe", "llvm.donothing", "llvm.va_end", "llvm.prefetch",
    "llvm.instrprof.", "llvm.var.annotation", "llvm.codeview.", "llvm.experimental.widenable", NULL,
};

/* min/max choose one operand: translated as a comparison and a counted
 * select (true = the first operand), since code generation often turns
 * them into branches whose counts must be known. */
static void minmax(struct cc *c, LLVMValueRef inst, enum opcode op)
{
    LLVMValueRef a0 = LLVMGetOperand(inst, 0), a1 = LLVMGetOperand(inst, 1);
    LLVMTypeRef e;
    unsigned n = nlanes(LLVMTypeOf(a0), &e);
    unsigned w;
    cc_scalar(c, e, &w);
    uint32_t d = dest(c, inst), base = cc_select(c, n), t = cc_temp(c, 1), eq = cc_temp(c, 1);
    /* ties are counted apart: a branch the backend makes of it may send
     * equal operands either way */
    uint32_t ties = c->nlanes;
    c->nlanes += n;
    c->selects[c->nselects - 1].ties = ties;
    c->selects[c->nselects - 1].kind = CNT_SEL_MINMAX;
    for (unsigned i = 0; i < n; i++) {
        uint32_t a = lane_slot(c, a0, i), b = lane_slot(c, a1, i);
        /* first operand chosen: smin a<=b, smax a>=b, umin a<=b, umax a>=b */
        if (op == OP_SMIN)
            cc_emit(c, OP_SLE, t, a, b, 0, w, 0);
        else if (op == OP_SMAX)
            cc_emit(c, OP_SLE, t, b, a, 0, w, 0);
        else if (op == OP_UMIN)
            cc_emit(c, OP_ULE, t, a, b, 0, w, 0);
        else
            cc_emit(c, OP_ULE, t, b, a, 0, w, 0);
        cc_emit(c, OP_SELECT, d + i, t, a, (uint64_t)b | (uint64_t)(2 * (base + i)) << 32, 0, 0);
        cc_emit(c, OP_EQ, eq, a, b, 0, w, 0);
        cc_emit(c, OP_SELECT, eq, eq, eq, (uint64_t)eq | (uint64_t)(2 * (ties + i)) << 32, 0, 0);
    }
}

static void int_intrinsic(struct cc *c, LLVMValueRef inst, const struct int_intrinsic *ii)
{
    if (ii->op == OP_SMIN || ii->op == OP_SMAX || ii->op == OP_UMIN || ii->op == OP_UMAX) {
        LLVMTypeRef e;
        unsigned w;
        nlanes(LLVMTypeOf(LLVMGetOperand(inst, 0)), &e);
        if (cc_scalar(c, e, &w) == VK_INT) {
            minmax(c, inst, ii->op);
            return;
        }
    }
    LLVMValueRef a0 = LLVMGetOperand(inst, 0);
    LLVMTypeRef e;
    unsigned n = nlanes(LLVMTypeOf(a0), &e);
    unsigned w;
    if (cc_scalar(c, e, &w) != VK_INT) {
        cc_unsupported(c, "%s on integers wider than 64 bits", ii->prefix);
        return;
    }
    uint32_t d = dest(c, inst);
    bool overflow = ii->op >= OP_UADDO && ii->op <= OP_SMULO;
    /* funnel shifts (rotates) by a variable amount: amounts histogram, as
     * for shifts (cores without a barrel shifter loop per bit) */
    if ((ii->op == OP_FSHL || ii->op == OP_FSHR) && n == 1 && w <= 64 && !LLVMIsAConstant(LLVMGetOperand(inst, 2))) {
        uint32_t base = cc_select(c, 32);
        c->selects[c->nselects - 1].kind = CNT_SEL_SHIFT;
        cc_emit(c, OP_SHIFTHIST, 2 * base, lane_slot(c, LLVMGetOperand(inst, 2), 0), 0, (uint64_t)w - 1, 0, 0);
    }
    /* saturation becomes a comparison and a branch or select in code
     * generation: count how often it saturates, and ties at the bounds */
    int sat = ii->op == OP_UADDSAT ? 0 : ii->op == OP_USUBSAT ? 1 : ii->op == OP_SADDSAT ? 2 : ii->op == OP_SSUBSAT ? 3 : -1;
    uint32_t sbase = 0, sties = 0;
    if (sat >= 0) {
        sbase = cc_select(c, n);
        sties = c->nlanes;
        c->nlanes += n;
        c->selects[c->nselects - 1].ties = sties;
        c->selects[c->nselects - 1].kind = CNT_SEL_SAT;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t a = lane_slot(c, a0, i);
        uint32_t b = ii->nops > 1 ? lane_slot(c, LLVMGetOperand(inst, 1), i) : 0;
        uint64_t k = ii->nops > 2 ? lane_slot(c, LLVMGetOperand(inst, 2), i) : 0;
        /* overflow results are {iN or <N x iM>, i1 or <N x i1>}: values first, then flags */
        uint32_t di = overflow ? d + i : d + i;
        if (overflow)
            k = d + n + i; /* the flag's slot */
        if (sat >= 0)
            cc_emit(c, OP_SATCOUNT, 2 * (sbase + i), a, b, 2 * (sties + i), w, (unsigned)sat);
        cc_emit(c, ii->op, di, a, b, k, w, 0);
    }
}

static void fp_intrinsic(struct cc *c, LLVMValueRef inst, enum mathfn fn)
{
    LLVMValueRef a0 = LLVMGetOperand(inst, 0);
    LLVMTypeRef e;
    unsigned n = nlanes(LLVMTypeOf(a0), &e);
    unsigned w;
    enum vkind k = cc_scalar(c, e, &w);
    enum xfmt xf = exec_type_fmt(e);
    if (xf != XF_F32 && xf != XF_F64 && (fn == MF_FABS || fn == MF_COPYSIGN)) {
        /* half, bfloat, fp128, x86_fp80: sign-bit operations */
        uint32_t d = dest(c, inst), es = exec_type_slots(e);
        for (unsigned i = 0; xf != XF_NONE && i < n; i++)
            cc_emit(c, OP_XFARITH, d + i * es, cc_slot(c, a0) + i * es,
                    fn == MF_COPYSIGN ? cc_slot(c, LLVMGetOperand(inst, 1)) + i * es : 0,
                    fn == MF_FABS ? XF_ABS : XF_COPYSIGN, 0, xf);
        if (xf != XF_NONE)
            return;
    }
    int ar = exec_math_arity(fn);
    unsigned ibits = 0; /* ldexp's and powi's int operand */
    if (exec_math_int_operand(fn)) {
        LLVMTypeRef it;
        nlanes(LLVMTypeOf(LLVMGetOperand(inst, 1)), &it);
        ibits = LLVMGetTypeKind(it) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(it) : 0;
        if (!ibits || ibits > 64) {
            cc_unsupported(c, "math intrinsic with this exponent type");
            return;
        }
    }
    if (xf == XF_HALF || xf == XF_BF16 || xf == XF_F128 || xf == XF_F80) {
        /* half, bfloat, fp128, x86_fp80 (exec_xfloat.c); a fused multiply-add the core does
         * not have is a multiply, rounded, then an add, each in the format, as code
         * generation expands llvm.fmuladd (soft-float __multf3 then __addtf3 on rv32) */
        uint32_t d = dest(c, inst), es = exec_type_slots(e);
        for (unsigned i = 0; i < n; i++) {
            uint32_t a = lane_slot(c, a0, i);
            uint32_t b = ar > 1 ? lane_slot(c, LLVMGetOperand(inst, 1), i) : a;
            uint32_t k3 = ar > 2 ? lane_slot(c, LLVMGetOperand(inst, 2), i) : a;
            if (fn == MF_FMULADD) {
                uint32_t t = cc_temp(c, es);
                cc_emit(c, OP_XFARITH, t, a, b, XF_MUL, 0, xf);
                cc_emit(c, OP_XFARITH, d + i * es, t, k3, XF_ADD, 0, xf);
            } else {
                cc_emit(c, OP_XFMATH, d + i * es, a, b, (uint64_t)fn | (uint64_t)k3 << 32, ibits, xf);
            }
        }
        return;
    }
    if (k != VK_F32 && k != VK_F64) {
        cc_unsupported(c, "math intrinsic on this floating-point type");
        return;
    }
    uint32_t d = dest(c, inst);
    for (unsigned i = 0; i < n; i++) {
        uint32_t a = lane_slot(c, a0, i);
        uint32_t b = ar > 1 ? lane_slot(c, LLVMGetOperand(inst, 1), i) : 0;
        if (ibits)
            cc_emit(c, OP_FMATHI, d + i, a, b, fn, ibits, k == VK_F64);
        else if (ar == 1)
            cc_emit(c, OP_FMATH1, d + i, a, 0, fn, 0, k == VK_F64);
        else if (ar == 2)
            cc_emit(c, OP_FMATH2, d + i, a, b, fn, 0, k == VK_F64);
        else
            cc_emit(c, OP_FMATH3, d + i, a, b, (uint64_t)lane_slot(c, LLVMGetOperand(inst, 2), i) | (uint64_t)fn << 32, 0, k == VK_F64);
    }
}

/* llvm.vector.reduce.*: a chain of scalar ops over the lanes. */
static bool reduce(struct cc *c, LLVMValueRef inst, const char *name)
{
    static const struct { const char *op; enum opcode code; } ops[] = {
        {"add.", OP_ADD}, {"mul.", OP_MUL}, {"and.", OP_AND}, {"or.", OP_OR}, {"xor.", OP_XOR},
        {"smin.", OP_SMIN}, {"smax.", OP_SMAX}, {"umin.", OP_UMIN}, {"umax.", OP_UMAX},
        {"fadd.", OP_FADD64}, {"fmul.", OP_FMUL64}, {"fmin.", OP_FMATH2}, {"fmax.", OP_FMATH2}, {NULL, 0},
    };
    const char *rest = name + strlen("llvm.vector.reduce.");
    int i = 0;
    while (ops[i].op && !has_prefix(rest, ops[i].op))
        i++;
    if (!ops[i].op)
        return false;
    bool fp_start = ops[i].code == OP_FADD64 || ops[i].code == OP_FMUL64;
    LLVMValueRef v = LLVMGetOperand(inst, fp_start ? 1 : 0);
    LLVMTypeRef e;
    unsigned n = nlanes(LLVMTypeOf(v), &e);
    unsigned w;
    enum vkind k = cc_scalar(c, e, &w);
    if (k == VK_WIDE) {
        cc_unsupported(c, "vector reduction on wide integers");
        return true;
    }
    uint32_t d = dest(c, inst), s = cc_slot(c, v);
    bool f64 = k == VK_F64;
    enum opcode code = ops[i].code;
    if (code == OP_FADD64 && !f64)
        code = OP_FADD32;
    if (code == OP_FMUL64 && !f64)
        code = OP_FMUL32;
    uint32_t acc = fp_start ? cc_slot(c, LLVMGetOperand(inst, 0)) : s;
    unsigned first = fp_start ? 0 : 1;
    uint32_t tmp = cc_temp(c, 1);
    cc_emit(c, OP_MOV, tmp, acc, 0, 0, 64, 0);
    for (unsigned l = first; l < n; l++) {
        if (code == OP_FMATH2)
            cc_emit(c, OP_FMATH2, tmp, tmp, s + l, has_prefix(rest, "fmin.") ? MF_MINNUM : MF_MAXNUM, 0, f64);
        else
            cc_emit(c, code, tmp, tmp, s + l, mask_of(w), w, 0);
    }
    cc_emit(c, OP_MOV, d, tmp, 0, 0, 64, 0);
    return true;
}

/* llvm.lround / llround / lrint / llrint: round (away from zero, or to even: the default
 * mode), then convert to the integer result. */
static bool round_to_int(struct cc *c, LLVMValueRef inst, const char *name)
{
    static const struct { const char *prefix; enum mathfn fn; } table[] = {
        {"llvm.lround.", MF_ROUND}, {"llvm.llround.", MF_ROUND}, {"llvm.lrint.", MF_RINT}, {"llvm.llrint.", MF_RINT},
    };
    size_t k = 0;
    while (k < sizeof table / sizeof table[0] && !has_prefix(name, table[k].prefix))
        k++;
    if (k == sizeof table / sizeof table[0])
        return false;
    LLVMValueRef a0 = LLVMGetOperand(inst, 0);
    LLVMTypeRef rt = LLVMTypeOf(inst);
    unsigned dw = LLVMGetTypeKind(rt) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(rt) : 0;
    enum xfmt xf = exec_type_fmt(LLVMTypeOf(a0));
    uint32_t d = dest(c, inst), a = cc_slot(c, a0);
    if (!dw || dw > 64 || xf == XF_NONE) {
        cc_unsupported(c, "llvm.lround/lrint on this type");
        return true;
    }
    if (xf == XF_F32 || xf == XF_F64) {
        uint32_t t = cc_temp(c, 1);
        cc_emit(c, OP_FMATH1, t, a, 0, table[k].fn, 0, xf == XF_F64);
        cc_emit(c, xf == XF_F64 ? OP_FPTOSI64 : OP_FPTOSI32, d, t, 0, 0, dw, 0);
    } else {
        uint32_t t = cc_temp(c, exec_type_slots(LLVMTypeOf(a0)));
        cc_emit(c, OP_XFMATH, t, a, a, (uint64_t)table[k].fn | (uint64_t)a << 32, 0, xf);
        cc_emit(c, OP_XFCVT, d, t, 0, exec_xf_cvt_key(xf, XF_INT, true, dw), 0, 0);
    }
    return true;
}

static void intrinsic(struct cc *c, LLVMValueRef inst, const char *name)
{
    for (const char *const *p = noop_prefixes; *p; p++)
        if (has_prefix(name, *p))
            return;
    if (round_to_int(c, inst, name))
        return;
    for (const struct int_intrinsic *ii = int_table; ii->prefix; ii++)
        if (has_prefix(name, ii->prefix)) {
            int_intrinsic(c, inst, ii);
            return;
        }
    for (const struct fp_intrinsic *fi = fp_table; fi->prefix; fi++)
        if (has_prefix(name, fi->prefix)) {
            fp_intrinsic(c, inst, fi->fn);
            return;
        }
    uint32_t d = dest(c, inst);
    if (has_prefix(name, "llvm.memcpy.") || has_prefix(name, "llvm.memmove.") || has_prefix(name, "llvm.memset.")) {
        LLVMValueRef len = LLVMGetOperand(inst, 2);
        unsigned lw;
        cc_scalar(c, LLVMTypeOf(len), &lw);
        enum opcode op = has_prefix(name, "llvm.memset.") ? OP_MEMSET : has_prefix(name, "llvm.memmove.") ? OP_MEMMOVE : OP_MEMCPY;
        cc_emit(c, op, 0, cc_slot(c, LLVMGetOperand(inst, 0)), cc_slot(c, LLVMGetOperand(inst, 1)),
                cc_slot(c, len), lw, 0);
        return;
    }
    if (has_prefix(name, "llvm.expect.") || has_prefix(name, "llvm.threadlocal.address") ||
        has_prefix(name, "llvm.launder.invariant") || has_prefix(name, "llvm.strip.invariant") ||
        has_prefix(name, "llvm.ssa.copy") || has_prefix(name, "llvm.annotation.")) {
        cc_move(c, d, cc_slot(c, LLVMGetOperand(inst, 0)), exec_type_slots(LLVMTypeOf(inst)));
        return;
    }
    if (has_prefix(name, "llvm.ptrmask.")) {
        unsigned w;
        cc_scalar(c, LLVMTypeOf(inst), &w);
        cc_emit(c, OP_AND, d, cc_slot(c, LLVMGetOperand(inst, 0)), cc_slot(c, LLVMGetOperand(inst, 1)), mask_of(w), w, 0);
        return;
    }
    if (has_prefix(name, "llvm.objectsize.")) {
        /* "unknown": -1 for the maximum, 0 for the minimum */
        uint64_t min = LLVMConstIntGetZExtValue(LLVMGetOperand(inst, 1));
        unsigned w;
        cc_scalar(c, LLVMTypeOf(inst), &w);
        cc_emit(c, OP_MOVK, d, 0, 0, min ? 0 : mask_of(w), 64, 0);
        return;
    }
    if (has_prefix(name, "llvm.load.relative.")) {
        /* a relative lookup table (x86-64's rel-lookup-table-converter makes one of a
         * switch's table of string pointers): ptr + sext(i32 at ptr + offset) */
        uint32_t p = cc_slot(c, LLVMGetOperand(inst, 0)), rel = cc_temp(c, 1);
        cc_emit(c, OP_ADD, rel, p, cc_slot(c, LLVMGetOperand(inst, 1)), c->vm->ptr_mask, 64, 0);
        cc_emit(c, c->vm->t.big_endian ? OP_LD32B : OP_LD32, rel, rel, 0, 0, 32, 0);
        cc_emit(c, OP_SEXT, rel, rel, 0, mask_of(64), 32, 0);
        cc_emit(c, OP_ADD, d, p, rel, c->vm->ptr_mask, 64, 0);
        return;
    }
    if (has_prefix(name, "llvm.is.constant.")) {
        cc_emit(c, OP_MOVK, d, 0, 0, 0, 64, 0);
        return;
    }
    if (has_prefix(name, "llvm.stacksave")) {
        cc_emit(c, OP_STACKSAVE, d, 0, 0, 0, 0, 0);
        return;
    }
    if (has_prefix(name, "llvm.stackrestore")) {
        cc_emit(c, OP_STACKRESTORE, 0, cc_slot(c, LLVMGetOperand(inst, 0)), 0, 0, 0, 0);
        return;
    }
    if (has_prefix(name, "llvm.va_start")) {
        cc_emit(c, OP_VASTART, 0, cc_slot(c, LLVMGetOperand(inst, 0)), 0, 0, 0, 0);
        return;
    }
    if (has_prefix(name, "llvm.va_copy")) {
        cc_emit(c, OP_VACOPY, 0, cc_slot(c, LLVMGetOperand(inst, 0)), cc_slot(c, LLVMGetOperand(inst, 1)), 0, 0, 0);
        return;
    }
    if (has_prefix(name, "llvm.trap") || has_prefix(name, "llvm.debugtrap") || has_prefix(name, "llvm.ubsantrap")) {
        cc_emit(c, OP_TRAP, 0, 0, 0, 0, 0, 0);
        return;
    }
    if (has_prefix(name, "llvm.frameaddress")) {
        /* the current frame's address (code that measures or checks its stack tests it
         * against limits or null); an outer frame's (level > 0) is 0, as GCC allows */
        uint64_t level = 1;
        cc_imm(LLVMGetOperand(inst, 0), &level);
        if (level == 0) {
            /* (a byte of the frame of its own: a function without locals has none) */
            uint32_t at = c->f->frame_bytes;
            c->f->frame_bytes = at + 1;
            cc_emit(c, OP_FRAMEADDR, d, 0, 0, at, 0, 0);
        } else
            cc_emit(c, OP_MOVK, d, 0, 0, 0, 64, 0);
        return;
    }
    if (has_prefix(name, "llvm.returnaddress")) {
        cc_emit(c, OP_MOVK, d, 0, 0, 0, 64, 0);
        return;
    }
    if (has_prefix(name, "llvm.vector.reduce.") && reduce(c, inst, name))
        return;
    cc_unsupported(c, "intrinsic %s", name);
}

/* Inline assembly. Without outputs (barriers, nop, wfi, CSR/SPR writes,
 * sei/cli) it changes nothing the program computes in the engine's model:
 * a no-op here, priced by the lowering from the instructions in the
 * assembly. With outputs the engine cannot know the values: an error that
 * quotes the asm. avr-libc's pgm_read_* (lpm) gets its own message. */
static void inline_asm(struct cc *c, LLVMValueRef inst, LLVMValueRef callee)
{
    size_t alen, clen;
    const char *text = LLVMGetInlineAsmAsmString(callee, &alen);
    const char *cons = LLVMGetInlineAsmConstraintString(callee, &clen);
    /* outputs: a result, or an indirect output ("=*m") among the constraints */
    bool outputs = LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMVoidTypeKind;
    for (size_t i = 0; i < clen && !outputs; i++)
        outputs = cons[i] == '=' && (i == 0 || cons[i - 1] == ',');
    if (!outputs)
        return;
    char quoted[160];
    size_t n = 0;
    for (size_t i = 0; i < alen && n + 3 < sizeof quoted; i++) {
        if (text[i] == '\n' || text[i] == '\t') {
            if (n && quoted[n - 1] != ' ' && n && quoted[n - 1] != ';')
                quoted[n++] = text[i] == '\n' ? ';' : ' ';
            continue;
        }
        quoted[n++] = text[i];
    }
    quoted[n] = 0;
    /* the operands' constraints, without the clobbers ("~{memory}", "~{flags}") */
    char ops[120];
    size_t m = 0;
    for (size_t i = 0; i < clen && m + 2 < sizeof ops;) {
        size_t j = i;
        while (j < clen && cons[j] != ',')
            j++;
        if (cons[i] != '~') {
            if (m)
                ops[m++] = ',';
            for (size_t k = i; k < j && m + 1 < sizeof ops; k++)
                ops[m++] = cons[k];
        }
        i = j + 1;
    }
    ops[m] = 0;
    bool lpm = false;
    for (const char *p = text; p && *p; p++)
        if ((p == text || !(p[-1] >= 'a' && p[-1] <= 'z')) && (!strncmp(p, "lpm", 3) || !strncmp(p, "elpm", 4)))
            lpm = true;
    if (lpm && strstr(c->vm->t.triple, "avr"))
        cc_refuse(c, "inline assembly \"%s\" reads program memory (avr-libc's pgm_read_* and PROGMEM): "
                     "clang ignores PROGMEM and places the data in RAM, so on the board this reads flash at a RAM "
                     "address; declare the data `const __flash` and read it as ordinary C (clang's AVR named "
                     "address space), which lpnest runs and prices", quoted);
    else
        cc_refuse(c, "inline assembly with outputs cannot run in lpnest: \"%s\" (constraints \"%s\"); "
                     "write what it computes in C for the estimate (for instance under #ifdef LPNEST, building the "
                     "bitcode with -DLPNEST); asm without outputs runs as a no-op and is priced",
                  quoted, ops);
}

/* A call as code generation made it (eng_module_set_call_plan): deleted
 * (nothing runs), an llvm.mem* intrinsic lowered to a call of the module's
 * own memset/memcpy/memmove (dst, src or value, length), or a call of the
 * module's own memcmp/bcmp that the backend expanded inline: the C library
 * function computes the expansion's result (exec_libc.c's "memcmp as
 * expanded"), the module's body does not run. */
static void planned_call(struct cc *c, LLVMValueRef inst, const struct eng_call_plan *plan)
{
    if (plan->kind == ENG_CALL_DELETED)
        return;
    uint64_t idx;
    if (plan->kind == ENG_CALL_EXPANDED) {
        size_t len;
        const char *name = LLVMGetValueName2(plan->callee, &len);
        int data;
        builtin_fn fn = exec_builtin_expanded(name, &data);
        if (!fn) {
            cc_unsupported(c, "a call of '%s' that code generation expands inline", name);
            return;
        }
        struct vm *vm = c->vm;
        struct xfunc *g = sup_xcalloc(1, sizeof *g);
        *g = (struct xfunc){.fn = plan->callee, .name = name, .builtin = fn, .builtin_data = data};
        vm->expanded = sup_xrealloc(vm->expanded, (vm->nexpanded + 1) * sizeof *vm->expanded);
        vm->expanded[vm->nexpanded++] = g;
        struct calldesc *cd = make_desc(c, inst, g);
        cc_emit(c, OP_CALLX, dest(c, inst), 0, 0, (uint64_t)(uintptr_t)cd, 0, 0);
        return;
    }
    if (!ptrmap_get(&c->vm->fidx, plan->callee, &idx)) {
        cc_unsupported(c, "the call code generation makes of an intrinsic");
        return;
    }
    struct calldesc *cd = make_desc(c, inst, &c->vm->funcs[idx]);
    cd->nargs = 3; /* not the intrinsic's is-volatile flag */
    cd->ret_slots = 0;
    cc_emit(c, OP_CALL, 0, (uint32_t)idx, 0, (uint64_t)(uintptr_t)cd, 0, 0);
}

void cc_call(struct cc *c, LLVMValueRef inst)
{
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    LLVMValueKind k = LLVMGetValueKind(callee);
    if (k == LLVMInlineAsmValueKind) {
        inline_asm(c, inst, callee);
        return;
    }
    if (k == LLVMGlobalAliasValueKind) {
        LLVMValueRef target = LLVMAliasGetAliasee(callee);
        if (LLVMGetValueKind(target) == LLVMFunctionValueKind) {
            callee = target;
            k = LLVMFunctionValueKind;
        }
    }
    uint32_t d = dest(c, inst);
    uint64_t plan;
    if (ptrmap_get(&c->vm->call_plan, inst, &plan)) {
        planned_call(c, inst, &c->vm->plan[plan - 1]);
        return;
    }
    if (k == LLVMFunctionValueKind) {
        size_t len;
        const char *name = LLVMGetValueName2(callee, &len);
        if (LLVMGetIntrinsicID(callee) != 0 || has_prefix(name, "llvm.")) {
            intrinsic(c, inst, name);
            return;
        }
        uint64_t idx;
        if (!ptrmap_get(&c->vm->fidx, callee, &idx)) {
            cc_unsupported(c, "call to '%s', which is not a function of the module", name);
            return;
        }
        struct xfunc *f = &c->vm->funcs[idx];
        struct calldesc *cd = make_desc(c, inst, f);
        cc_emit(c, f->defined ? OP_CALL : OP_CALLX, d, (uint32_t)idx, 0, (uint64_t)(uintptr_t)cd, 0, 0);
        return;
    }
    struct calldesc *cd = make_desc(c, inst, NULL);
    cc_emit(c, OP_CALLI, d, cc_slot(c, callee), 0, (uint64_t)(uintptr_t)cd, 0, 0);
}
