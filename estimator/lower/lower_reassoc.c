/* lower_reassoc.c — what code generation reorders: min/max it
 * reassociates (a branch with such a record's location compares other
 * values than the record's operands, so its sides are not the record's
 * choice) and trees of i1 logic it flattens into one chain of tests. */
#include "lower_solver.h"

#include <string.h>

/* The min/max family of V: "umin", "umax", "smin", "smax" for the
 * intrinsics and for the saturations whose expansion is one (uadd.sat(a, b)
 * is umin(a, ~b) + b, usub.sat(a, b) is umax(a, b) - b), else NULL. */
static const char *minmax_family(LLVMValueRef v)
{
    LLVMValueRef callee = v && LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    size_t n = 0;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    static const char *const fam[][2] = {
        {"llvm.umin.", "umin"}, {"llvm.umax.", "umax"}, {"llvm.smin.", "smin"}, {"llvm.smax.", "smax"},
        {"llvm.uadd.sat.", "umin"}, {"llvm.usub.sat.", "umax"},
    };
    for (size_t k = 0; k < sizeof fam / sizeof fam[0]; k++)
        if (!strncmp(name, fam[k][0], strlen(fam[k][0])) && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind)
            return fam[k][1];
    return NULL;
}

static bool is_constant(LLVMValueRef v)
{
    return LLVMIsAConstantInt(v) != NULL;
}

/* Whether INNER, an operand of OUTER, is folded into it by
 * reassociation: op(op(x, C), y) -> op(op(x, y), C) (the DAG combiner's
 * reassociation of a min/max with a constant whose value has one use,
 * in the same block, by a min/max of the same family whose other operand
 * is not a constant). */
static bool folds_into(LLVMValueRef inner, LLVMValueRef outer)
{
    const char *fi = minmax_family(inner), *fo = minmax_family(outer);
    if (!fi || !fo || strcmp(fi, fo) || LLVMGetInstructionParent(inner) != LLVMGetInstructionParent(outer))
        return false;
    if (!is_constant(LLVMGetOperand(inner, 0)) && !is_constant(LLVMGetOperand(inner, 1)))
        return false;
    LLVMUseRef u = LLVMGetFirstUse(inner);
    if (!u || LLVMGetNextUse(u) || LLVMGetUser(u) != outer)
        return false;
    for (unsigned k = 0; k < 2; k++)
        if (LLVMGetOperand(outer, k) != inner && is_constant(LLVMGetOperand(outer, k)))
            return false;
    return true;
}

bool mc_minmax_reassociated(LLVMValueRef v)
{
    if (!v || !LLVMIsACallInst(v) || !minmax_family(v))
        return false;
    /* V the inner min/max, its one use the outer */
    LLVMUseRef u = LLVMGetFirstUse(v);
    if (u && !LLVMGetNextUse(u) && LLVMIsAInstruction(LLVMGetUser(u)) && folds_into(v, LLVMGetUser(u)))
        return true;
    /* V the outer: one of its operands folded into it */
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef op = LLVMGetOperand(v, k);
        if (LLVMIsAInstruction(op) && folds_into(op, v))
            return true;
    }
    return false;
}

bool mc_i1_logic(LLVMValueRef v)
{
    if (!v || !LLVMIsAInstruction(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(v)) != 1)
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMAnd || op == LLVMOr || op == LLVMXor)
        return true;
    if (op != LLVMSelect)
        return false;
    /* select a, true, b (a || b); select a, b, false (a && b) */
    for (unsigned k = 1; k < 3; k++)
        if (LLVMIsAConstantInt(LLVMGetOperand(v, k)))
            return true;
    return false;
}
