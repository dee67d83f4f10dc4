/* exec_compile_inst.c — translation of individual IR instructions into ops:
 * arithmetic, comparisons, casts, memory, vectors, aggregates, terminators.
 * Vectors are translated lane by lane into scalar ops. */
#include "exec_cc.h"
#include "exec_xfloat.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static uint32_t dest(struct cc *c, LLVMValueRef inst)
{
    uint64_t s = 0;
    ptrmap_get(&c->vslot, inst, &s);
    return (uint32_t)s;
}

/* Lanes of a (vector) type: count, element type, slots per element. */
static unsigned lanes(LLVMTypeRef t, LLVMTypeRef *elem, uint32_t *es)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        *elem = LLVMGetElementType(t);
        *es = exec_type_slots(*elem);
        return LLVMGetVectorSize(t);
    }
    *elem = t;
    *es = exec_type_slots(t);
    return 1;
}

enum vkind cc_scalar(struct cc *c, LLVMTypeRef t, unsigned *bits)
{
    uint16_t b;
    enum vkind k = exec_kind(t, &b);
    if (k == VK_PTR)
        b = (uint16_t)(LLVMPointerSizeForAS(c->vm->td, LLVMGetPointerAddressSpace(t)) * 8);
    *bits = b;
    return k;
}

static const char *type_name(LLVMTypeRef t, char *buf, size_t n)
{
    char *s = LLVMPrintTypeToString(t);
    snprintf(buf, n, "%s", s);
    LLVMDisposeMessage(s);
    return buf;
}

static void unsupported_type(struct cc *c, const char *what, LLVMTypeRef t)
{
    if (!strcmp(what, EXEC_PPC_FP128_REFUSAL)) {
        cc_refuse(c, "%s", what);
        return;
    }
    char buf[128];
    cc_unsupported(c, "%s on type %s is not supported", what, type_name(t, buf, sizeof buf));
}

/* The format of a floating type the engine holds as bits (half, bfloat,
 * fp128, x86_fp80), else XF_NONE; ppc_fp128 is refused here. */
static enum xfmt bits_float(struct cc *c, LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMPPC_FP128TypeKind) {
        cc_refuse(c, "%s", EXEC_PPC_FP128_REFUSAL);
        return XF_NONE;
    }
    enum xfmt f = exec_type_fmt(t);
    return f == XF_F32 || f == XF_F64 ? XF_NONE : f;
}

static bool is_ppc_fp128(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    return LLVMGetTypeKind(t) == LLVMPPC_FP128TypeKind;
}

/* ---- integer arithmetic ---- */

static void int_binop(struct cc *c, LLVMOpcode op, unsigned w, uint32_t d, uint32_t a, LLVMValueRef bv, uint32_t b)
{
    uint64_t k;
    bool imm = bv && cc_imm(bv, &k);
    uint64_t m = mask_of(w);
    if (b == UINT32_MAX) /* an immediate second operand that this op needs in a slot */
        b = cc_slot(c, bv);
    if (imm && (op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem || (op == LLVMAShr && k >= w)))
        imm = false;
    switch (op) {
    case LLVMAdd: if (imm) cc_emit(c, OP_ADDI, d, a, 0, k, w, 0); else cc_emit(c, OP_ADD, d, a, b, m, w, 0); return;
    case LLVMSub: if (imm) cc_emit(c, OP_ADDI, d, a, 0, (0 - k) & m, w, 0); else cc_emit(c, OP_SUB, d, a, b, m, w, 0); return;
    case LLVMMul: if (imm) cc_emit(c, OP_MULI, d, a, 0, k, w, 0); else cc_emit(c, OP_MUL, d, a, b, m, w, 0); return;
    case LLVMAnd: if (imm) cc_emit(c, OP_ANDI, d, a, 0, k, w, 0); else cc_emit(c, OP_AND, d, a, b, m, w, 0); return;
    case LLVMOr: if (imm) cc_emit(c, OP_ORI, d, a, 0, k, w, 0); else cc_emit(c, OP_OR, d, a, b, m, w, 0); return;
    case LLVMXor: if (imm) cc_emit(c, OP_XORI, d, a, 0, k, w, 0); else cc_emit(c, OP_XOR, d, a, b, m, w, 0); return;
    case LLVMShl:
        if (imm) { if (k < w) cc_emit(c, OP_SHLI, d, a, 0, k, w, 0); else cc_emit(c, OP_MOVK, d, 0, 0, 0, 64, 0); }
        else cc_emit(c, OP_SHL, d, a, b, m, w, 0);
        return;
    case LLVMLShr:
        if (imm) { if (k < w) cc_emit(c, OP_LSHRI, d, a, 0, k, w, 0); else cc_emit(c, OP_MOVK, d, 0, 0, 0, 64, 0); }
        else cc_emit(c, OP_LSHR, d, a, b, m, w, 0);
        return;
    case LLVMAShr:
        if (imm && k < w) cc_emit(c, OP_ASHRI, d, a, 0, k, w, 0);
        else cc_emit(c, OP_ASHR, d, a, b, m, w, 0);
        return;
    case LLVMUDiv: cc_emit(c, OP_UDIV, d, a, b, m, w, 0); return;
    case LLVMSDiv: cc_emit(c, OP_SDIV, d, a, b, m, w, 0); return;
    case LLVMURem: cc_emit(c, OP_UREM, d, a, b, m, w, 0); return;
    case LLVMSRem: cc_emit(c, OP_SREM, d, a, b, m, w, 0); return;
    default: cc_unsupported(c, "integer operation %s", exec_opcode_name(op)); return;
    }
}

static void wide_binop(struct cc *c, LLVMOpcode op, unsigned w, uint32_t d, uint32_t a, uint32_t b)
{
    unsigned hw = w - 64; /* bits of the high word */
    switch (op) {
    case LLVMAnd: cc_emit(c, OP_AND, d, a, b, ~0ULL, 64, 0); cc_emit(c, OP_AND, d + 1, a + 1, b + 1, ~0ULL, 64, 0); return;
    case LLVMOr: cc_emit(c, OP_OR, d, a, b, ~0ULL, 64, 0); cc_emit(c, OP_OR, d + 1, a + 1, b + 1, ~0ULL, 64, 0); return;
    case LLVMXor: cc_emit(c, OP_XOR, d, a, b, ~0ULL, 64, 0); cc_emit(c, OP_XOR, d + 1, a + 1, b + 1, ~0ULL, 64, 0); return;
    case LLVMAdd: cc_emit(c, OP_W_ADD, d, a, b, 0, hw, 0); return;
    case LLVMSub: cc_emit(c, OP_W_SUB, d, a, b, 0, hw, 0); return;
    case LLVMMul: cc_emit(c, OP_W_MUL, d, a, b, 0, hw, 0); return;
    case LLVMUDiv: cc_emit(c, OP_W_UDIV, d, a, b, 0, hw, 0); return;
    case LLVMSDiv: cc_emit(c, OP_W_SDIV, d, a, b, 0, hw, 0); return;
    case LLVMURem: cc_emit(c, OP_W_UREM, d, a, b, 0, hw, 0); return;
    case LLVMSRem: cc_emit(c, OP_W_SREM, d, a, b, 0, hw, 0); return;
    case LLVMShl: cc_emit(c, OP_W_SHL, d, a, b, 0, hw, 0); return;
    case LLVMLShr: cc_emit(c, OP_W_LSHR, d, a, b, 0, hw, 0); return;
    case LLVMAShr: cc_emit(c, OP_W_ASHR, d, a, b, 0, hw, 0); return;
    default: cc_unsupported(c, "wide integer operation %s", exec_opcode_name(op)); return;
    }
}

static void float_binop(struct cc *c, LLVMOpcode op, bool f64, uint32_t d, uint32_t a, uint32_t b)
{
    static const enum opcode o32[] = {OP_FADD32, OP_FSUB32, OP_FMUL32, OP_FDIV32, OP_FREM32};
    static const enum opcode o64[] = {OP_FADD64, OP_FSUB64, OP_FMUL64, OP_FDIV64, OP_FREM64};
    int i = op == LLVMFAdd ? 0 : op == LLVMFSub ? 1 : op == LLVMFMul ? 2 : op == LLVMFDiv ? 3 : 4;
    cc_emit(c, f64 ? o64[i] : o32[i], d, a, b, 0, 0, 0);
}

/* A scalar integer shift (up to 64 bits) by an amount that is not a constant. */
static bool variable_shift(LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 64)
        return false;
    return !LLVMIsAConstant(LLVMGetOperand(inst, 1));
}

/* Whether INST is an i1 whose only use is a conditional branch in its block. */
static bool branch_condition(LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != 1)
        return false;
    LLVMUseRef u = LLVMGetFirstUse(inst);
    if (!u || LLVMGetNextUse(u))
        return false;
    LLVMValueRef user = LLVMGetUser(u);
    return LLVMGetInstructionOpcode(user) == LLVMBr && LLVMGetInstructionParent(user) == LLVMGetInstructionParent(inst);
}

static void binop(struct cc *c, LLVMValueRef inst, LLVMOpcode op)
{
    LLVMTypeRef e;
    uint32_t es;
    unsigned n = lanes(LLVMTypeOf(inst), &e, &es);
    unsigned w;
    enum vkind k = cc_scalar(c, e, &w);
    LLVMValueRef av = LLVMGetOperand(inst, 0), bv = LLVMGetOperand(inst, 1);
    uint32_t d = dest(c, inst);
    if (is_ppc_fp128(e) || bits_float(c, e) != XF_NONE) {
        enum xfmt f = bits_float(c, e);
        if (f == XF_NONE)
            return;
        enum xfop fo = op == LLVMFAdd ? XF_ADD : op == LLVMFSub ? XF_SUB : op == LLVMFMul ? XF_MUL : op == LLVMFDiv ? XF_DIV : XF_REM;
        uint32_t a = cc_slot(c, av), b = cc_slot(c, bv);
        for (unsigned i = 0; i < n; i++)
            cc_emit(c, OP_XFARITH, d + i * es, a + i * es, b + i * es, (uint64_t)fo, 0, f);
        return;
    }
    /* constant first operand of a scalar sub: d = k - b */
    uint64_t kv;
    if (n == 1 && k == VK_INT && op == LLVMSub && cc_imm(av, &kv) && !cc_imm(bv, &kv)) {
        cc_imm(av, &kv);
        cc_emit(c, OP_RSUBI, d, cc_slot(c, bv), 0, kv, w, 0);
        return;
    }
    uint32_t a = cc_slot(c, av);
    bool rhs_imm = n == 1 && k == VK_INT && cc_imm(bv, &kv);
    bool has_imm_form = op != LLVMUDiv && op != LLVMSDiv && op != LLVMURem && op != LLVMSRem && op != LLVMAShr;
    uint32_t b = rhs_imm && has_imm_form ? UINT32_MAX - 1 : cc_slot(c, bv);
    for (unsigned i = 0; i < n; i++) {
        uint32_t o = i * es;
        if (k == VK_INT)
            int_binop(c, op, w, d + o, a + o, n == 1 ? bv : NULL, b + o);
        else if (k == VK_WIDE)
            wide_binop(c, op, w, d + o, a + o, b + o);
        else if (k == VK_F32 || k == VK_F64)
            float_binop(c, op, k == VK_F64, d + o, a + o, b + o);
        else {
            unsupported_type(c, "arithmetic", e);
            return;
        }
    }
}

/* ---- comparisons ---- */

static LLVMIntPredicate swap_pred(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntUGT: return LLVMIntULT;
    case LLVMIntUGE: return LLVMIntULE;
    case LLVMIntULT: return LLVMIntUGT;
    case LLVMIntULE: return LLVMIntUGE;
    case LLVMIntSGT: return LLVMIntSLT;
    case LLVMIntSGE: return LLVMIntSLE;
    case LLVMIntSLT: return LLVMIntSGT;
    case LLVMIntSLE: return LLVMIntSGE;
    default: return p;
    }
}

static uint32_t icmp_scalar(struct cc *c, LLVMIntPredicate p, unsigned w, uint32_t d, LLVMValueRef av, LLVMValueRef bv,
                            uint32_t a, uint32_t b, bool scalar)
{
    uint64_t k;
    if (scalar && cc_imm(av, &k) && !cc_imm(bv, &k)) {
        LLVMValueRef t = av;
        av = bv;
        bv = t;
        p = swap_pred(p);
        a = cc_slot(c, av);
    }
    if (scalar && cc_imm(bv, &k)) {
        bool sgn = p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
        if (sgn)
            k = (uint64_t)sext_of(k, w);
        static const enum opcode ri[] = {[LLVMIntEQ] = OP_EQI, [LLVMIntNE] = OP_NEI, [LLVMIntUGT] = OP_UGTI,
                                         [LLVMIntUGE] = OP_UGEI, [LLVMIntULT] = OP_ULTI, [LLVMIntULE] = OP_ULEI,
                                         [LLVMIntSGT] = OP_SGTI, [LLVMIntSGE] = OP_SGEI, [LLVMIntSLT] = OP_SLTI,
                                         [LLVMIntSLE] = OP_SLEI};
        return cc_emit(c, ri[p], d, a, 0, k, w, 0);
    }
    if (b == UINT32_MAX)
        b = cc_slot(c, bv);
    switch (p) {
    case LLVMIntEQ: return cc_emit(c, OP_EQ, d, a, b, 0, w, 0);
    case LLVMIntNE: return cc_emit(c, OP_NE, d, a, b, 0, w, 0);
    case LLVMIntULT: return cc_emit(c, OP_ULT, d, a, b, 0, w, 0);
    case LLVMIntULE: return cc_emit(c, OP_ULE, d, a, b, 0, w, 0);
    case LLVMIntUGT: return cc_emit(c, OP_ULT, d, b, a, 0, w, 0);
    case LLVMIntUGE: return cc_emit(c, OP_ULE, d, b, a, 0, w, 0);
    case LLVMIntSLT: return cc_emit(c, OP_SLT, d, a, b, 0, w, 0);
    case LLVMIntSLE: return cc_emit(c, OP_SLE, d, a, b, 0, w, 0);
    case LLVMIntSGT: return cc_emit(c, OP_SLT, d, b, a, 0, w, 0);
    default: return cc_emit(c, OP_SLE, d, b, a, 0, w, 0);
    }
}

/* An icmp whose only use is the conditional branch ending its block is
 * translated together with the branch (see terminator). */
static bool fused_compare(LLVMValueRef icmp, LLVMValueRef br)
{
    if (LLVMGetValueKind(icmp) != LLVMInstructionValueKind || LLVMGetInstructionOpcode(icmp) != LLVMICmp ||
        LLVMGetInstructionParent(icmp) != LLVMGetInstructionParent(br))
        return false;
    LLVMUseRef u = LLVMGetFirstUse(icmp);
    if (!u || LLVMGetNextUse(u) || LLVMGetUser(u) != br)
        return false;
    unsigned w;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(icmp, 0));
    enum vkind k = exec_kind(t, NULL);
    (void)w;
    return k == VK_INT || k == VK_PTR;
}

/* Whether a comparison's result is used as a value (extended, stored,
 * passed, merged), not only to branch or to choose a select's value. */
static bool materialized(LLVMValueRef cmp)
{
    for (LLVMUseRef u = LLVMGetFirstUse(cmp); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMGetValueKind(user) != LLVMInstructionValueKind)
            return true;
        LLVMOpcode op = LLVMGetInstructionOpcode(user);
        if (op == LLVMBr || (op == LLVMSelect && LLVMGetOperand(user, 0) == cmp) || op == LLVMAnd || op == LLVMOr)
            continue;
        return true;
    }
    return false;
}

static void icmp(struct cc *c, LLVMValueRef inst)
{
    LLVMUseRef u = LLVMGetFirstUse(inst);
    if (u && !LLVMGetNextUse(u) && LLVMGetValueKind(LLVMGetUser(u)) == LLVMInstructionValueKind &&
        LLVMGetInstructionOpcode(LLVMGetUser(u)) == LLVMBr && fused_compare(inst, LLVMGetUser(u)))
        return; /* emitted with its branch */
    LLVMValueRef av = LLVMGetOperand(inst, 0), bv = LLVMGetOperand(inst, 1);
    LLVMTypeRef e;
    uint32_t es;
    unsigned n = lanes(LLVMTypeOf(av), &e, &es);
    unsigned w;
    enum vkind k = cc_scalar(c, e, &w);
    LLVMIntPredicate p = LLVMGetICmpPredicate(inst);
    uint32_t d = dest(c, inst);
    if (k == VK_INT || k == VK_PTR) {
        if (n == 1) {
            icmp_scalar(c, p, w, d, av, bv, cc_slot(c, av), UINT32_MAX, true);
            if (materialized(inst)) {
                /* targets without conditional moves make its value with a
                 * branch: count its outcomes */
                uint32_t base = cc_select(c, 1), t = cc_temp(c, 1);
                c->selects[c->nselects - 1].kind = CNT_SEL_CMP;
                cc_emit(c, OP_SELECT, t, d, d, (uint64_t)d | (uint64_t)(2 * base) << 32, 0, 0);
            }
            return;
        }
        uint32_t a = cc_slot(c, av), b = cc_slot(c, bv);
        for (unsigned i = 0; i < n; i++)
            icmp_scalar(c, p, w, d + i, av, bv, a + i * es, b + i * es, false);
        return;
    }
    if (k == VK_WIDE) {
        uint32_t a = cc_slot(c, av), b = cc_slot(c, bv);
        for (unsigned i = 0; i < n; i++)
            cc_emit(c, OP_W_ICMP, d + i, a + i * es, b + i * es, 0, w - 64, (unsigned)p);
        return;
    }
    unsupported_type(c, "icmp", e);
}

static void fcmp(struct cc *c, LLVMValueRef inst)
{
    LLVMValueRef av = LLVMGetOperand(inst, 0), bv = LLVMGetOperand(inst, 1);
    LLVMTypeRef e;
    uint32_t es;
    unsigned n = lanes(LLVMTypeOf(av), &e, &es);
    unsigned w;
    enum vkind k = cc_scalar(c, e, &w);
    if (is_ppc_fp128(e) || bits_float(c, e) != XF_NONE) {
        enum xfmt f = bits_float(c, e);
        if (f == XF_NONE)
            return;
        uint32_t d = dest(c, inst), a = cc_slot(c, av), b = cc_slot(c, bv);
        for (unsigned i = 0; i < n; i++)
            cc_emit(c, OP_XFCMP, d + i, a + i * es, b + i * es, f, 0, (unsigned)LLVMGetFCmpPredicate(inst));
        return;
    }
    if (k != VK_F32 && k != VK_F64) {
        unsupported_type(c, "fcmp", e);
        return;
    }
    uint32_t d = dest(c, inst), a = cc_slot(c, av), b = cc_slot(c, bv);
    for (unsigned i = 0; i < n; i++)
        cc_emit(c, k == VK_F64 ? OP_FCMP64 : OP_FCMP32, d + i, a + i, b + i, 0, 0, (unsigned)LLVMGetFCmpPredicate(inst));
}

static void select_inst(struct cc *c, LLVMValueRef inst)
{
    LLVMValueRef cv = LLVMGetOperand(inst, 0);
    uint32_t d = dest(c, inst), cs = cc_slot(c, cv);
    uint32_t t = cc_slot(c, LLVMGetOperand(inst, 1)), f = cc_slot(c, LLVMGetOperand(inst, 2));
    LLVMTypeRef vt = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(LLVMTypeOf(cv)) == LLVMVectorTypeKind) {
        LLVMTypeRef e;
        uint32_t es;
        unsigned n = lanes(vt, &e, &es);
        uint32_t base = cc_select(c, n);
        for (unsigned i = 0; i < n; i++)
            for (uint32_t s = 0; s < es; s++)
                cc_emit(c, s == 0 ? OP_SELECT : OP_SELECTU, d + i * es + s, cs + i, t + i * es + s,
                        (uint64_t)(f + i * es + s) | (uint64_t)(2 * (base + i)) << 32, 0, 0);
        return;
    }
    uint32_t ns = exec_type_slots(vt);
    uint32_t base = cc_select(c, 1);
    for (uint32_t s = 0; s < ns; s++)
        cc_emit(c, s == 0 ? OP_SELECT : OP_SELECTU, d + s, cs, t + s, (uint64_t)(f + s) | (uint64_t)(2 * base) << 32, 0, 0);
}

/* ---- casts ---- */

static void bitcast_generic(struct cc *c, LLVMTypeRef from, LLVMTypeRef to, uint32_t d, uint32_t a);

static void cast_scalar(struct cc *c, LLVMOpcode op, LLVMTypeRef st, LLVMTypeRef dt, uint32_t d, uint32_t a)
{
    unsigned sw, dw;
    enum vkind sk = cc_scalar(c, st, &sw), dk = cc_scalar(c, dt, &dw);
    if (op >= LLVMFPToUI && op <= LLVMFPExt && (is_ppc_fp128(st) || is_ppc_fp128(dt))) {
        bits_float(c, is_ppc_fp128(st) ? st : dt);
        return;
    }
    if (op >= LLVMFPToUI && op <= LLVMFPExt && (bits_float(c, st) != XF_NONE || bits_float(c, dt) != XF_NONE)) {
        /* conversions to, from or between half, bfloat, fp128, x86_fp80 */
        enum xfmt from = op == LLVMUIToFP || op == LLVMSIToFP ? XF_INT : exec_type_fmt(st);
        enum xfmt to = op == LLVMFPToUI || op == LLVMFPToSI ? XF_INT : exec_type_fmt(dt);
        unsigned ib = from == XF_INT ? sw : to == XF_INT ? dw : 0;
        cc_emit(c, OP_XFCVT, d, a, 0, exec_xf_cvt_key(from, to, op == LLVMFPToSI || op == LLVMSIToFP, ib), 0, 0);
        return;
    }
    switch (op) {
    case LLVMTrunc:
        if (sk == VK_INT) cc_emit(c, OP_ANDI, d, a, 0, mask_of(dw), 64, 0);
        else if (sk == VK_WIDE && dk == VK_INT) cc_emit(c, OP_ANDI, d, a, 0, mask_of(dw), 64, 0);
        else if (sk == VK_WIDE && dk == VK_WIDE) { cc_emit(c, OP_MOV, d, a, 0, 0, 64, 0); cc_emit(c, OP_ANDI, d + 1, a + 1, 0, mask_of(dw - 64), 64, 0); }
        else break;
        return;
    case LLVMZExt:
        if (sk == VK_INT && dk == VK_INT) cc_emit(c, OP_MOV, d, a, 0, 0, 64, 0);
        else if (sk == VK_INT && dk == VK_WIDE) { cc_emit(c, OP_MOV, d, a, 0, 0, 64, 0); cc_emit(c, OP_MOVK, d + 1, 0, 0, 0, 64, 0); }
        else if (sk == VK_WIDE && dk == VK_WIDE) cc_move(c, d, a, 2);
        else break;
        return;
    case LLVMSExt:
        if (sk == VK_INT && dk == VK_INT) cc_emit(c, OP_SEXT, d, a, 0, mask_of(dw), sw, 0);
        else if (dk == VK_WIDE) cc_emit(c, OP_W_SEXT, d, a, 0, 0, sw, dw);
        else break;
        return;
    case LLVMFPToSI:
    case LLVMFPToUI:
        if ((sk == VK_F32 || sk == VK_F64) && dk == VK_INT) {
            static const enum opcode t[2][2] = {{OP_FPTOUI32, OP_FPTOUI64}, {OP_FPTOSI32, OP_FPTOSI64}};
            cc_emit(c, t[op == LLVMFPToSI][sk == VK_F64], d, a, 0, 0, dw, 0);
        } else if ((sk == VK_F32 || sk == VK_F64) && dk == VK_WIDE)
            cc_emit(c, OP_FP_TOW, d, a, 0, op == LLVMFPToSI, dw - 64, sk == VK_F64 ? 64 : 32);
        else break;
        return;
    case LLVMSIToFP:
    case LLVMUIToFP:
        if (sk == VK_INT && (dk == VK_F32 || dk == VK_F64)) {
            static const enum opcode t[2][2] = {{OP_UITOFP32, OP_UITOFP64}, {OP_SITOFP32, OP_SITOFP64}};
            cc_emit(c, t[op == LLVMSIToFP][dk == VK_F64], d, a, 0, 0, sw, 0);
        } else if (sk == VK_WIDE && (dk == VK_F32 || dk == VK_F64))
            cc_emit(c, OP_W_TOFP, d, a, 0, op == LLVMSIToFP, sw - 64, dk == VK_F64 ? 64 : 32);
        else break;
        return;
    case LLVMFPTrunc:
        if (sk == VK_F64 && dk == VK_F32) { cc_emit(c, OP_FPTRUNC, d, a, 0, 0, 0, 0); return; }
        break;
    case LLVMFPExt:
        if (sk == VK_F32 && dk == VK_F64) { cc_emit(c, OP_FPEXT, d, a, 0, 0, 0, 0); return; }
        break;
    case LLVMPtrToInt:
    case LLVMIntToPtr:
    case LLVMAddrSpaceCast:
        if (dk == VK_WIDE) { cc_emit(c, OP_MOV, d, a, 0, 0, 64, 0); cc_emit(c, OP_MOVK, d + 1, 0, 0, 0, 64, 0); }
        else if (sw > dw || sk == VK_WIDE) cc_emit(c, OP_ANDI, d, a, 0, mask_of(dw), 64, 0);
        else cc_emit(c, OP_MOV, d, a, 0, 0, 64, 0);
        return;
    case LLVMBitCast:
        if (exec_type_slots(st) == exec_type_slots(dt) && sw == dw) cc_move(c, d, a, exec_type_slots(st));
        else bitcast_generic(c, st, dt, d, a);
        return;
    default:
        break;
    }
    char b1[64], b2[64];
    cc_unsupported(c, "%s from %s to %s is not supported", exec_opcode_name(op), type_name(st, b1, sizeof b1), type_name(dt, b2, sizeof b2));
}


static void bitcast_generic(struct cc *c, LLVMTypeRef from, LLVMTypeRef to, uint32_t d, uint32_t a)
{
    struct bitcast_desc *bd = sup_xcalloc(1, sizeof *bd);
    const char *why = NULL;
    bd->nfrom = exec_type_leaves(c->vm, from, NULL, 0, &why);
    bd->nto = exec_type_leaves(c->vm, to, NULL, 0, &why);
    if (bd->nfrom <= 0 || bd->nto <= 0) {
        free(bd);
        if (why && !strcmp(why, EXEC_PPC_FP128_REFUSAL))
            cc_refuse(c, "%s", why);
        else
            cc_unsupported(c, "bitcast of %s", why ? why : "this type");
        return;
    }
    bd->from = sup_xcalloc((size_t)bd->nfrom, sizeof *bd->from);
    bd->to = sup_xcalloc((size_t)bd->nto, sizeof *bd->to);
    exec_type_leaves(c->vm, from, bd->from, bd->nfrom, NULL);
    exec_type_leaves(c->vm, to, bd->to, bd->nto, NULL);
    bd->from_bits = bd->from[0].offset == UINT64_MAX;
    bd->to_bits = bd->to[0].offset == UINT64_MAX;
    bd->bytes = (uint32_t)((LLVMSizeOfTypeInBits(c->vm->td, from) + 7) / 8);
    if (bd->bytes > 256) {
        cc_unsupported(c, "bitcast of more than 256 bytes");
        return;
    }
    cc_emit(c, OP_BITCAST, d, a, 0, (uint64_t)(uintptr_t)bd, 0, 0);
}

static void cast(struct cc *c, LLVMValueRef inst, LLVMOpcode op)
{
    LLVMValueRef av = LLVMGetOperand(inst, 0);
    LLVMTypeRef st = LLVMTypeOf(av), dt = LLVMTypeOf(inst);
    uint32_t d = dest(c, inst), a = cc_slot(c, av);
    if (op == LLVMBitCast || LLVMGetTypeKind(st) != LLVMVectorTypeKind) {
        cast_scalar(c, op, st, dt, d, a);
        return;
    }
    LLVMTypeRef se, de;
    uint32_t ses, des;
    unsigned n = lanes(st, &se, &ses);
    lanes(dt, &de, &des);
    for (unsigned i = 0; i < n; i++)
        cast_scalar(c, op, se, de, d + i * des, a + i * ses);
}

/* ---- memory ---- */

static unsigned align_mask(struct cc *c, unsigned align, uint64_t off, unsigned bytes)
{
    if (!c->vm->t.strict_align || (bytes & (bytes - 1)) || bytes == 1)
        return 0;
    unsigned a = align ? align : 1;
    while (a > 1 && off % a)
        a >>= 1;
    if (a > bytes)
        a = bytes;
    return a - 1;
}

static void load_leaf(struct cc *c, const struct leaf *l, uint32_t d, uint32_t base, uint64_t off, unsigned align)
{
    bool be = c->vm->t.big_endian;
    unsigned am = align_mask(c, align, off, l->bytes);
    if (l->kind == VK_WIDE) {
        unsigned hb = l->bytes - 8;
        uint64_t lo_off = be ? off + hb : off, hi_off = be ? off : off + 8;
        cc_emit(c, be ? OP_LD64B : OP_LD64, d, base, 0, lo_off, 64, 0);
        cc_emit(c, OP_LDN, d + 1, base, 0, hi_off, l->bits - 64, hb);
        return;
    }
    unsigned w = l->bits;
    switch (l->bytes) {
    case 1: cc_emit(c, OP_LD8, d, base, 0, off, w, 0); return;
    case 2: cc_emit(c, be ? OP_LD16B : OP_LD16, d, base, 0, off, w, am); return;
    case 4: cc_emit(c, be ? OP_LD32B : OP_LD32, d, base, 0, off, w, am); return;
    case 8: cc_emit(c, be ? OP_LD64B : OP_LD64, d, base, 0, off, w, am); return;
    default: cc_emit(c, OP_LDN, d, base, 0, off, w, l->bytes); return;
    }
}

static void store_leaf(struct cc *c, const struct leaf *l, uint32_t v, uint32_t base, uint64_t off, unsigned align)
{
    bool be = c->vm->t.big_endian;
    unsigned am = align_mask(c, align, off, l->bytes);
    if (l->kind == VK_WIDE) {
        unsigned hb = l->bytes - 8;
        uint64_t lo_off = be ? off + hb : off, hi_off = be ? off : off + 8;
        cc_emit(c, be ? OP_ST64B : OP_ST64, 0, base, v, lo_off, 64, 0);
        cc_emit(c, OP_STN, 0, base, v + 1, hi_off, 64, hb);
        return;
    }
    switch (l->bytes) {
    case 1: cc_emit(c, OP_ST8, 0, base, v, off, 8, 0); return;
    case 2: cc_emit(c, be ? OP_ST16B : OP_ST16, 0, base, v, off, 16, am); return;
    case 4: cc_emit(c, be ? OP_ST32B : OP_ST32, 0, base, v, off, 32, am); return;
    case 8: cc_emit(c, be ? OP_ST64B : OP_ST64, 0, base, v, off, 64, am); return;
    default: cc_emit(c, OP_STN, 0, base, v, off, 64, l->bytes); return;
    }
}

static int value_leaves(struct cc *c, LLVMTypeRef t, struct leaf **out)
{
    const char *why = NULL;
    int n = exec_type_leaves(c->vm, t, NULL, 0, &why);
    if (n < 0) {
        unsupported_type(c, why ? why : "memory access", t);
        return -1;
    }
    *out = sup_xcalloc((size_t)n + 1, sizeof **out);
    exec_type_leaves(c->vm, t, *out, n, NULL);
    for (int i = 0; i < n; i++)
        if ((*out)[i].offset == UINT64_MAX) {
            free(*out);
            unsupported_type(c, "memory access to a vector of non-byte-sized elements", t);
            return -1;
        }
    return n;
}

void cc_load_value(struct cc *c, LLVMTypeRef t, uint32_t d, uint32_t base, uint64_t off, unsigned align)
{
    struct leaf *l;
    int n = value_leaves(c, t, &l);
    for (int i = 0; i < n; i++)
        load_leaf(c, &l[i], d + l[i].slot, base, off + l[i].offset, align);
    if (n >= 0)
        free(l);
}

void cc_store_value(struct cc *c, LLVMTypeRef t, uint32_t v, uint32_t base, uint64_t off, unsigned align)
{
    struct leaf *l;
    int n = value_leaves(c, t, &l);
    for (int i = 0; i < n; i++)
        store_leaf(c, &l[i], v + l[i].slot, base, off + l[i].offset, align);
    if (n >= 0)
        free(l);
}

/* Base slot and constant offset of an address operand (folding GEPs). */
static uint32_t address(struct cc *c, LLVMValueRef ptr, uint64_t *off)
{
    uint64_t o;
    if (LLVMGetValueKind(ptr) == LLVMInstructionValueKind && ptrmap_get(&c->folded, ptr, &o)) {
        *off = o;
        return cc_slot(c, LLVMGetOperand(ptr, 0));
    }
    *off = 0;
    return cc_slot(c, ptr);
}

/* The parts of an indexed GEP (see indexable_gep): base, index, scale, offset. */
static void gep_parts(struct cc *c, LLVMValueRef g, uint32_t *base, uint32_t *index, unsigned *iw, uint64_t *scale,
                      int64_t *off)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
    unsigned n = (unsigned)LLVMGetNumOperands(g);
    *base = cc_slot(c, LLVMGetOperand(g, 0));
    *off = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(g, i);
        uint64_t sc;
        if (i == 1)
            sc = LLVMABISizeOfType(c->vm->td, t);
        else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            unsigned f = (unsigned)LLVMConstIntGetZExtValue(idx);
            *off += (int64_t)LLVMOffsetOfElement(c->vm->td, t, f);
            t = LLVMStructGetTypeAtIndex(t, f);
            continue;
        } else {
            t = LLVMGetElementType(t);
            sc = LLVMABISizeOfType(c->vm->td, t);
        }
        if (LLVMGetValueKind(idx) == LLVMConstantIntValueKind && LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64) {
            *off += LLVMConstIntGetSExtValue(idx) * (int64_t)sc;
            continue;
        }
        *index = cc_slot(c, idx);
        *iw = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
        *scale = sc;
    }
}

/* A full-width scalar load or store through an indexed GEP. */
static bool indexed_access(struct cc *c, LLVMValueRef ptr, LLVMTypeRef vt, uint32_t v, bool store, unsigned align)
{
    uint64_t one;
    if (LLVMGetValueKind(ptr) != LLVMInstructionValueKind || !ptrmap_get(&c->indexed, ptr, &one))
        return false;
    uint32_t base, index = 0;
    unsigned iw = 64;
    uint64_t scale = 0;
    int64_t off;
    gep_parts(c, ptr, &base, &index, &iw, &scale, &off);
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->vm->td, vt);
    bool be = c->vm->t.big_endian && bytes > 1;
    static const enum opcode ld[9] = {[1] = OP_LD8X, [2] = OP_LD16X, [4] = OP_LD32X, [8] = OP_LD64X};
    static const enum opcode ldb[9] = {[2] = OP_LD16BX, [4] = OP_LD32BX, [8] = OP_LD64BX};
    static const enum opcode st[9] = {[1] = OP_ST8X, [2] = OP_ST16X, [4] = OP_ST32X, [8] = OP_ST64X};
    static const enum opcode stb[9] = {[2] = OP_ST16BX, [4] = OP_ST32BX, [8] = OP_ST64BX};
    enum opcode code = store ? (be ? stb[bytes] : st[bytes]) : (be ? ldb[bytes] : ld[bytes]);
    unsigned am = 0;
    if (c->vm->t.strict_align && bytes > 1)
        am = (align && align < bytes ? align : bytes) - 1;
    cc_emit(c, code, v, base, index, (scale & 0xffffffffu) | (uint64_t)(uint32_t)(int32_t)off << 32, iw, am);
    return true;
}

static void gep(struct cc *c, LLVMValueRef inst)
{
    uint64_t folded;
    if (ptrmap_get(&c->folded, inst, &folded) || ptrmap_get(&c->indexed, inst, &folded))
        return; /* every user computes the address itself */
    uint32_t d = dest(c, inst);
    if (LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVectorTypeKind) {
        cc_unsupported(c, "getelementptr producing a vector of pointers");
        return;
    }
    unsigned pw = c->vm->t.ptr_bits;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(inst);
    unsigned n = (unsigned)LLVMGetNumOperands(inst);
    uint32_t cur = cc_slot(c, LLVMGetOperand(inst, 0));
    int64_t off = 0;
    bool emitted = false;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(inst, i);
        uint64_t scale;
        if (i == 1)
            scale = LLVMABISizeOfType(c->vm->td, t);
        else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            unsigned f = (unsigned)LLVMConstIntGetZExtValue(idx);
            off += (int64_t)LLVMOffsetOfElement(c->vm->td, t, f);
            t = LLVMStructGetTypeAtIndex(t, f);
            continue;
        } else {
            t = LLVMGetElementType(t);
            scale = LLVMABISizeOfType(c->vm->td, t);
        }
        if (LLVMGetValueKind(idx) == LLVMConstantIntValueKind && LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64) {
            off += LLVMConstIntGetSExtValue(idx) * (int64_t)scale;
            continue;
        }
        unsigned iw;
        if (cc_scalar(c, LLVMTypeOf(idx), &iw) != VK_INT || scale > 0xffffffffu) {
            cc_unsupported(c, "getelementptr index of this type or scale");
            return;
        }
        uint32_t is = cc_slot(c, idx);
        cc_emit(c, OP_GEP, d, cur, is, scale, iw, 0);
        cur = d;
        emitted = true;
    }
    if (off != 0 || !emitted)
        cc_emit(c, OP_ADDI, d, cur, 0, (uint64_t)off & mask_of(pw), pw, 0);
}

static void alloca_inst(struct cc *c, LLVMValueRef inst)
{
    struct xfunc *f = c->f;
    uint32_t d = dest(c, inst);
    LLVMTypeRef t = LLVMGetAllocatedType(inst);
    uint64_t size = LLVMABISizeOfType(c->vm->td, t);
    unsigned align = LLVMGetAlignment(inst);
    if (align == 0)
        align = LLVMABIAlignmentOfType(c->vm->td, t);
    LLVMValueRef cnt = LLVMGetOperand(inst, 0);
    uint64_t k;
    if (c->block == 0 && cc_imm(cnt, &k) && k * size < (1u << 30)) {
        uint64_t bytes = k * size > 0 ? k * size : 1;
        uint64_t at = (f->frame_bytes + align - 1) & ~(uint64_t)(align - 1);
        f->frame_bytes = (uint32_t)(at + bytes);
        if (align > f->frame_align)
            f->frame_align = align;
        cc_emit(c, OP_FRAMEADDR, d, 0, 0, at, 0, 0);
        return;
    }
    if (!strncmp(c->vm->t.triple, "avr", 3)) {
        /* LLVM 19's AVR back end gives a dynamic alloca the address of the stack pointer
         * after lowering it, but the AVR's SP points at the first FREE byte (avr-gcc adds
         * 1): on the board, the next call or interrupt pushes over the object's first byte */
        char loc[300];
        eng_inst_loc(inst, loc, sizeof loc);
        fprintf(c->vm->diag, "%s: warning: a variable-length array or alloca() on the AVR: LLVM 19 places it one "
                "byte low (at SP, which points at the first free byte), so on the board the next call or interrupt "
                "overwrites its first byte; lpnest runs the C program, whose results may then differ from the "
                "board's (a fixed-size array avoids it)\n", loc[0] ? loc : eng_module_name(c->vm->mod));
    }
    unsigned lg = 0;
    while ((1u << lg) < align)
        lg++;
    unsigned cw;
    cc_scalar(c, LLVMTypeOf(cnt), &cw);
    cc_emit(c, OP_ALLOCA, d, cc_slot(c, cnt), 0, size, cw, lg);
}

/* ---- vectors and aggregates ---- */

static uint32_t aggregate_slot(LLVMTypeRef t, const unsigned *idx, unsigned n, LLVMTypeRef *leaf_t)
{
    uint32_t s = 0;
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            for (unsigned f = 0; f < idx[i]; f++)
                s += exec_type_slots(LLVMStructGetTypeAtIndex(t, f));
            t = LLVMStructGetTypeAtIndex(t, idx[i]);
        } else {
            t = LLVMGetElementType(t);
            s += idx[i] * exec_type_slots(t);
        }
    }
    *leaf_t = t;
    return s;
}

static void vector_inst(struct cc *c, LLVMValueRef inst, LLVMOpcode op)
{
    uint32_t d = dest(c, inst);
    LLVMValueRef vv = LLVMGetOperand(inst, 0);
    LLVMTypeRef e;
    uint32_t es;
    unsigned n = lanes(LLVMTypeOf(vv), &e, &es);
    uint32_t v = cc_slot(c, vv);
    uint64_t k;
    if (op == LLVMExtractElement) {
        LLVMValueRef iv = LLVMGetOperand(inst, 1);
        if (cc_imm(iv, &k))
            k < n ? cc_move(c, d, v + (uint32_t)k * es, es) : (void)cc_emit(c, OP_MOVK, d, 0, 0, 0, 64, 0);
        else if (es == 1)
            cc_emit(c, OP_VEXTRACT, d, v, cc_slot(c, iv), n, 0, 0);
        else
            cc_unsupported(c, "extractelement with a variable index on wide elements");
        return;
    }
    if (op == LLVMInsertElement) {
        LLVMValueRef iv = LLVMGetOperand(inst, 2);
        uint32_t x = cc_slot(c, LLVMGetOperand(inst, 1));
        cc_move(c, d, v, n * es);
        if (cc_imm(iv, &k)) {
            if (k < n)
                cc_move(c, d + (uint32_t)k * es, x, es);
        } else if (es == 1)
            cc_emit(c, OP_VINSERT, d, x, cc_slot(c, iv), n, 0, 0);
        else
            cc_unsupported(c, "insertelement with a variable index on wide elements");
        return;
    }
    /* shufflevector */
    uint32_t w = cc_slot(c, LLVMGetOperand(inst, 1));
    unsigned m = LLVMGetNumMaskElements(inst);
    int undef = LLVMGetUndefMaskElem();
    for (unsigned i = 0; i < m; i++) {
        int mi = LLVMGetMaskValue(inst, i);
        if (mi == undef || mi < 0) {
            for (uint32_t s = 0; s < es; s++)
                cc_emit(c, OP_MOVK, d + i * es + s, 0, 0, 0, 64, 0);
        } else if ((unsigned)mi < n)
            cc_move(c, d + i * es, v + (uint32_t)mi * es, es);
        else
            cc_move(c, d + i * es, w + ((uint32_t)mi - n) * es, es);
    }
}

static void aggregate_inst(struct cc *c, LLVMValueRef inst, LLVMOpcode op)
{
    uint32_t d = dest(c, inst);
    LLVMValueRef av = LLVMGetOperand(inst, 0);
    uint32_t a = cc_slot(c, av);
    LLVMTypeRef lt;
    uint32_t s = aggregate_slot(LLVMTypeOf(av), LLVMGetIndices(inst), LLVMGetNumIndices(inst), &lt);
    if (op == LLVMExtractValue) {
        cc_move(c, d, a + s, exec_type_slots(lt));
        return;
    }
    cc_move(c, d, a, exec_type_slots(LLVMTypeOf(av)));
    cc_move(c, d + s, cc_slot(c, LLVMGetOperand(inst, 1)), exec_type_slots(lt));
}

/* ---- terminators ---- */


static int cmp_case(const void *x, const void *y)
{
    const uint64_t *a = x, *b = y;
    return a[0] < b[0] ? -1 : a[0] > b[0];
}

static void switch_inst(struct cc *c, LLVMValueRef inst)
{
    LLVMValueRef cv = LLVMGetOperand(inst, 0); /* LLVMGetCondition is for br only */
    unsigned w;
    if (cc_scalar(c, LLVMTypeOf(cv), &w) != VK_INT) {
        cc_unsupported(c, "switch on integers wider than 64 bits");
        return;
    }
    uint32_t ncases = LLVMGetNumSuccessors(inst) - 1;
    struct switch_desc *sd = sup_xcalloc(1, sizeof *sd);
    sd->n = ncases;
    sd->def = cc_edge(c, LLVMGetSwitchDefaultDest(inst), CNT_EK_DEFAULT, 0, 0);
    uint64_t(*pairs)[2] = sup_xcalloc(ncases + 1, sizeof *pairs);
    for (uint32_t i = 0; i < ncases; i++) {
        LLVMValueRef v = LLVMGetOperand(inst, 2 + 2 * i);
        uint64_t val = LLVMConstIntGetZExtValue(v) & mask_of(w);
        pairs[i][0] = val;
        pairs[i][1] = cc_edge(c, LLVMGetSuccessor(inst, i + 1), CNT_EK_CASE, val, 0);
    }
    qsort(pairs, ncases, sizeof *pairs, cmp_case);
    uint64_t lo = ncases ? pairs[0][0] : 0, hi = ncases ? pairs[ncases - 1][0] : 0;
    if (ncases && hi - lo < 4ull * ncases + 16 && hi - lo < (1u << 16)) {
        sd->dense = true;
        sd->lo = lo;
        sd->span = hi - lo + 1;
        sd->table = sup_xcalloc(sd->span, sizeof *sd->table);
        for (uint64_t i = 0; i < sd->span; i++)
            sd->table[i] = sd->def;
        for (uint32_t i = 0; i < ncases; i++)
            sd->table[pairs[i][0] - lo] = (uint32_t)pairs[i][1];
    } else {
        sd->vals = sup_xcalloc(ncases + 1, sizeof *sd->vals);
        sd->edges = sup_xcalloc(ncases + 1, sizeof *sd->edges);
        for (uint32_t i = 0; i < ncases; i++) {
            sd->vals[i] = pairs[i][0];
            sd->edges[i] = (uint32_t)pairs[i][1];
        }
    }
    free(pairs);
    cc_emit(c, OP_SWITCH, 0, cc_slot(c, cv), 0, (uint64_t)(uintptr_t)sd, w, 0);
}

static void terminator(struct cc *c, LLVMValueRef inst, LLVMOpcode op)
{
    switch (op) {
    case LLVMRet:
        if (LLVMGetNumOperands(inst) == 1) {
            LLVMValueRef v = LLVMGetOperand(inst, 0);
            cc_emit(c, OP_RET, 0, cc_slot(c, v), 0, exec_type_slots(LLVMTypeOf(v)), 0, 0);
        } else
            cc_emit(c, OP_RET, 0, 0, 0, 0, 0, 0);
        return;
    case LLVMBr:
        if (LLVMIsConditional(inst)) {
            LLVMValueRef cv = LLVMGetCondition(inst);
            uint32_t t = cc_edge(c, LLVMGetSuccessor(inst, 0), CNT_EK_TRUE, 0, 0);
            uint32_t f = cc_edge(c, LLVMGetSuccessor(inst, 1), CNT_EK_FALSE, 0, 0);
            if (fused_compare(cv, inst)) {
                /* compare-and-branch: the comparison's operands, the two edges */
                LLVMValueRef av = LLVMGetOperand(cv, 0), bv = LLVMGetOperand(cv, 1);
                unsigned w;
                cc_scalar(c, LLVMTypeOf(av), &w);
                uint32_t k = icmp_scalar(c, LLVMGetICmpPredicate(cv), w, 0, av, bv, cc_slot(c, av), UINT32_MAX, true);
                struct op *o = &c->code[k];
                if (o->code <= OP_SLE)
                    o->k = o->b; /* register form: the second operand moves to k */
                o->code = (uint16_t)(OP_BR_EQ + (o->code - OP_EQ));
                o->d = t;
                o->b = f;
                return;
            }
            cc_emit(c, OP_BR, t, cc_slot(c, cv), f, 0, 0, 0);
        } else {
            cc_emit(c, OP_JMP, cc_edge(c, LLVMGetSuccessor(inst, 0), CNT_EK_UNCOND, 0, 0), 0, 0, 0, 0, 0);
        }
        return;
    case LLVMSwitch:
        switch_inst(c, inst);
        return;
    case LLVMUnreachable:
        cc_emit(c, OP_UNREACHABLE, 0, 0, 0, 0, 0, 0);
        return;
    case LLVMIndirectBr:
        cc_refuse(c, "a computed goto (GNU C's `goto *p` on labels as values) is not supported: write the "
                     "dispatch as a switch");
        return;
    default:
        cc_unsupported(c, "terminator '%s' (exception handling is not supported)",
                       op == LLVMInvoke ? "invoke" : op == LLVMResume ? "resume" : op == LLVMCallBr ? "callbr" : "other");
        return;
    }
}

/* ---- atomics (the program is single-threaded: plain memory operations) ---- */

static void atomic_inst(struct cc *c, LLVMValueRef inst, LLVMOpcode op)
{
    LLVMTypeRef t = op == LLVMAtomicRMW ? LLVMTypeOf(inst) : LLVMTypeOf(LLVMGetOperand(inst, 1));
    unsigned w;
    enum vkind k = cc_scalar(c, t, &w);
    if (k != VK_INT && k != VK_PTR) {
        unsupported_type(c, "atomic operation", t);
        return;
    }
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->vm->td, t);
    uint32_t d = dest(c, inst), p = cc_slot(c, LLVMGetOperand(inst, 0)), v = cc_slot(c, LLVMGetOperand(inst, 1));
    if (op == LLVMAtomicRMW)
        cc_emit(c, OP_ATOMICRMW, d, p, v, (uint64_t)LLVMGetAtomicRMWBinOp(inst), w, bytes);
    else
        cc_emit(c, OP_CMPXCHG, d, p, v, cc_slot(c, LLVMGetOperand(inst, 2)), w, bytes);
}

void cc_inst(struct cc *c, LLVMValueRef inst)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    uint64_t shared;
    if (ptrmap_get(&c->aliased, inst, &shared))
        return; /* shares its operand's slot: nothing to do */
    switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
        if ((op == LLVMShl || op == LLVMLShr || op == LLVMAShr) && variable_shift(inst)) {
            /* amounts histogram (before the shift: its result may share the slot) */
            uint32_t base = cc_select(c, 32);
            c->selects[c->nselects - 1].kind = CNT_SEL_SHIFT;
            cc_emit(c, OP_SHIFTHIST, 2 * base, cc_slot(c, LLVMGetOperand(inst, 1)), 0, ~0ULL, 0, 0);
        }
        binop(c, inst, op);
        if ((op == LLVMAnd || op == LLVMOr) && branch_condition(inst)) {
            /* the backend branches on the first operand first: count it */
            uint32_t base = cc_select(c, 1), t = cc_temp(c, 1), a = cc_slot(c, LLVMGetOperand(inst, 0));
            c->selects[c->nselects - 1].kind = CNT_SEL_LOGIC;
            cc_emit(c, OP_SELECT, t, a, a, (uint64_t)a | (uint64_t)(2 * base) << 32, 0, 0);
        }
        return;
    case LLVMFNeg: {
        LLVMTypeRef e;
        uint32_t es;
        unsigned n = lanes(LLVMTypeOf(inst), &e, &es);
        unsigned w;
        enum vkind k = cc_scalar(c, e, &w);
        uint32_t d = dest(c, inst), a = cc_slot(c, LLVMGetOperand(inst, 0));
        if (is_ppc_fp128(e) || bits_float(c, e) != XF_NONE) {
            enum xfmt f = bits_float(c, e);
            for (unsigned i = 0; f != XF_NONE && i < n; i++)
                cc_emit(c, OP_XFNEG, d + i * es, a + i * es, 0, 0, 0, f);
            return;
        }
        for (unsigned i = 0; i < n; i++)
            cc_emit(c, k == VK_F64 ? OP_FNEG64 : OP_FNEG32, d + i, a + i, 0, 0, 0, 0);
        return;
    }
    case LLVMICmp: icmp(c, inst); return;
    case LLVMFCmp: fcmp(c, inst); return;
    case LLVMSelect: select_inst(c, inst); return;
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP:
    case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt: case LLVMPtrToInt: case LLVMIntToPtr:
    case LLVMBitCast: case LLVMAddrSpaceCast:
        cast(c, inst, op);
        return;
    case LLVMFreeze:
        cc_move(c, dest(c, inst), cc_slot(c, LLVMGetOperand(inst, 0)), exec_type_slots(LLVMTypeOf(inst)));
        return;
    case LLVMAlloca: alloca_inst(c, inst); return;
    case LLVMLoad: {
        uint64_t off;
        cc_bounds(c, inst, LLVMGetOperand(inst, 0), LLVMTypeOf(inst), false);
        if (indexed_access(c, LLVMGetOperand(inst, 0), LLVMTypeOf(inst), dest(c, inst), false, LLVMGetAlignment(inst)))
            return;
        uint32_t base = address(c, LLVMGetOperand(inst, 0), &off);
        cc_load_value(c, LLVMTypeOf(inst), dest(c, inst), base, off, LLVMGetAlignment(inst));
        return;
    }
    case LLVMStore: {
        LLVMValueRef v = LLVMGetOperand(inst, 0);
        uint64_t off;
        cc_bounds(c, inst, LLVMGetOperand(inst, 1), LLVMTypeOf(v), true);
        if (indexed_access(c, LLVMGetOperand(inst, 1), LLVMTypeOf(v), cc_slot(c, v), true, LLVMGetAlignment(inst)))
            return;
        uint32_t base = address(c, LLVMGetOperand(inst, 1), &off);
        cc_store_value(c, LLVMTypeOf(v), cc_slot(c, v), base, off, LLVMGetAlignment(inst));
        return;
    }
    case LLVMGetElementPtr: gep(c, inst); return;
    case LLVMPHI: return; /* handled on the incoming edges */
    case LLVMCall: cc_call(c, inst); return;
    case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector: vector_inst(c, inst, op); return;
    case LLVMExtractValue: case LLVMInsertValue: aggregate_inst(c, inst, op); return;
    case LLVMVAArg:
        cc_emit(c, OP_VAARG, dest(c, inst), cc_slot(c, LLVMGetOperand(inst, 0)), 0, (uint64_t)(uintptr_t)LLVMTypeOf(inst), 0, 0);
        return;
    case LLVMFence: return;
    case LLVMAtomicRMW: case LLVMAtomicCmpXchg: atomic_inst(c, inst, op); return;
    case LLVMRet: case LLVMBr: case LLVMSwitch: case LLVMIndirectBr: case LLVMInvoke: case LLVMUnreachable:
    case LLVMCallBr: case LLVMResume: case LLVMCatchSwitch: case LLVMCatchRet: case LLVMCleanupRet:
        terminator(c, inst, op);
        return;
    default:
        cc_unsupported(c, "instruction '%s'", exec_opcode_name(op));
        return;
    }
}
