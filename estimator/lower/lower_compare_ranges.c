/* lower_compare_ranges.c — whether one comparison of a value with a constant
 * decides another comparison of the same value with another constant: the
 * values where the first has a given outcome form a range (an order's half
 * line, or one value), which lies inside the second's true set or outside
 * it. The implied-compare rule (lower_select_implied.c) uses it for two
 * branches of a chain of selects on one value, the second reached only from
 * one side of the first. Internal to estimator/. */
#include "lower_solver.h"

#include <stdint.h>

/* The values (in the order SIGNED picks, as 64-bit numbers of a W-bit
 * type) where comparison P with constant C holds: [*LO, *HI]; false when
 * they are not one range (!=) or none. */
static bool true_range(LLVMIntPredicate p, long long c, bool is_signed, unsigned w, long long *lo, long long *hi)
{
    long long min = is_signed ? -(1LL << (w - 1)) : 0;
    long long max = is_signed ? (1LL << (w - 1)) - 1 : (long long)((1ULL << w) - 1);
    *lo = min;
    *hi = max;
    switch (p) {
    case LLVMIntEQ: *lo = *hi = c; break;
    case LLVMIntSLT: case LLVMIntULT: *hi = c - 1; break;
    case LLVMIntSLE: case LLVMIntULE: *hi = c; break;
    case LLVMIntSGT: case LLVMIntUGT: *lo = c + 1; break;
    case LLVMIntSGE: case LLVMIntUGE: *lo = c; break;
    default: return false; /* != */
    }
    return *lo <= *hi;
}

LLVMIntPredicate mc_inverse_pred(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntEQ: return LLVMIntNE;
    case LLVMIntNE: return LLVMIntEQ;
    case LLVMIntSLT: return LLVMIntSGE;
    case LLVMIntSGE: return LLVMIntSLT;
    case LLVMIntSGT: return LLVMIntSLE;
    case LLVMIntSLE: return LLVMIntSGT;
    case LLVMIntULT: return LLVMIntUGE;
    case LLVMIntUGE: return LLVMIntULT;
    case LLVMIntUGT: return LLVMIntULE;
    default: return LLVMIntUGT; /* ULE */
    }
}

/* 1 signed order, 0 unsigned, -1 equality */
static int order_of(LLVMIntPredicate p)
{
    return p == LLVMIntEQ || p == LLVMIntNE ? -1 : p >= LLVMIntSGT ? 1 : 0;
}

int mc_constants_decide(LLVMValueRef c1, bool holds, LLVMValueRef c2)
{
    if (!c1 || !c2 || !LLVMIsAICmpInst(c1) || !LLVMIsAICmpInst(c2) || LLVMGetOperand(c1, 0) != LLVMGetOperand(c2, 0))
        return -1;
    LLVMValueRef k1 = LLVMGetOperand(c1, 1), k2 = LLVMGetOperand(c2, 1);
    if (!LLVMIsAConstantInt(k1) || !LLVMIsAConstantInt(k2))
        return -1;
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(k1));
    if (w == 0 || w > 32 || w != LLVMGetIntTypeWidth(LLVMTypeOf(k2)))
        return -1;
    LLVMIntPredicate p1 = LLVMGetICmpPredicate(c1), p2 = LLVMGetICmpPredicate(c2);
    if (!holds)
        p1 = mc_inverse_pred(p1);
    int o1 = order_of(p1), o2 = order_of(p2);
    if (o1 >= 0 && o2 >= 0 && o1 != o2)
        return -1; /* a signed and an unsigned order */
    bool is_signed = o1 == 1 || o2 == 1;
    long long v1 = is_signed ? LLVMConstIntGetSExtValue(k1) : (long long)LLVMConstIntGetZExtValue(k1);
    long long v2 = is_signed ? LLVMConstIntGetSExtValue(k2) : (long long)LLVMConstIntGetZExtValue(k2);
    long long lo, hi, l2, h2;
    if (!true_range(p1, v1, is_signed, w, &lo, &hi))
        return -1;
    if (p2 == LLVMIntNE)
        return v2 < lo || v2 > hi ? 1 : lo == hi && lo == v2 ? 0 : -1;
    if (!true_range(p2, v2, is_signed, w, &l2, &h2))
        return 0; /* (c2 never holds) */
    if (l2 <= lo && hi <= h2)
        return 1;
    return hi < l2 || lo > h2 ? 0 : -1;
}
