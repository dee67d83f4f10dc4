/* lower_select_implied.c — a branch on a comparison reached only from a
 * branch on another comparison of the same two values, which decides it:
 * `(x > y) - (x < y)` made by the PowerPC back end (no isel) as "cmpw r4, r3;
 * ble" then, on the x > y side, "bge" for x < y, which can only go one way
 * there (corpus quicksort.c's comparators). The records of the two
 * comparisons count each alone, so the second branch's two copies (one per
 * side of the first) had only their sum; on the side where the first
 * comparison's outcome implies the second's, the other edge runs 0 times.
 * Both comparisons are of the same IR block, of the same SSA values (either
 * order), the second branch's block entered only from the first's, each
 * branch following its comparison's sense (mc_branch_follows). Or of one
 * value with two constants (tarscan.c's `x < 2 ? '\n' : x < 5 ? ' ' : ..`
 * on riscv32: "bgeu x, 5" then, on the x >= 5 side, "bgeu x, 2"), decided
 * by the ranges the constants bound (lower_compare_ranges.c; riscv32 so far). Internal to
 * estimator/. */
#include "lower_solver.h"

#include <stdio.h>
#include <string.h>

/* The orderings of (a, b) a predicate holds on: 1 less, 2 equal, 4 greater;
 * *SIGNED 1 signed order, 0 unsigned, -1 either (equality). */
static unsigned pred_set(LLVMIntPredicate p, int *sign)
{
    *sign = -1;
    switch (p) {
    case LLVMIntEQ: return 2;
    case LLVMIntNE: return 5;
    case LLVMIntSLT: *sign = 1; return 1;
    case LLVMIntSLE: *sign = 1; return 3;
    case LLVMIntSGT: *sign = 1; return 4;
    case LLVMIntSGE: *sign = 1; return 6;
    case LLVMIntULT: *sign = 0; return 1;
    case LLVMIntULE: *sign = 0; return 3;
    case LLVMIntUGT: *sign = 0; return 4;
    default: *sign = 0; return 6; /* UGE */
    }
}

/* The comparison select record R (or its compare view) branches on. */
static LLVMValueRef record_compare(const struct cnt_func *xf, int r)
{
    if (r < 0 || (uint32_t)r >= 2 * xf->nselects)
        return NULL;
    const struct cnt_select *xs = &xf->selects[(uint32_t)r % xf->nselects];
    if (xs->lanes != 1)
        return NULL;
    LLVMValueRef v = mc_select_inst(xf, xs);
    if (!v)
        return NULL;
    if ((uint32_t)r >= xf->nselects || xs->kind == CNT_SEL_SELECT) {
        if (LLVMGetInstructionOpcode(v) != LLVMSelect)
            return NULL;
        v = LLVMGetOperand(v, 0);
    } else if (xs->kind != CNT_SEL_CMP)
        return NULL;
    if (!LLVMIsAICmpInst(v) || mc_wide_order_compare(v) || mc_select_poisoned(xf, v))
        return NULL;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(v, 0));
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind &&
        (LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
         (mc_register_bits(v) && LLVMGetIntTypeWidth(t) > mc_register_bits(v))))
        return NULL;
    return v;
}

void mc_rule_implied_compares(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        const struct mblock *b = &mf->blocks[m];
        if (b->nsucc != 2 || b->npred != 1 || b->succ[0] == b->succ[1])
            continue;
        size_t p = (size_t)b->pred[0];
        const struct mblock *pb = &mf->blocks[p];
        LLVMValueRef c2 = record_compare(xf, s->sel_head[m]), c1 = record_compare(xf, s->sel_head[p]);
        if (!c1 || !c2 || c1 == c2 || pb->nsucc != 2 || pb->succ[0] == pb->succ[1])
            continue;
        /* one IR block's two comparisons, the blocks its code (or unnamed) */
        LLVMBasicBlockRef ib = LLVMGetInstructionParent(c1);
        if (ib != LLVMGetInstructionParent(c2))
            continue;
        int g = -1;
        for (uint32_t k = 0; k < xf->nblocks && g < 0; k++)
            if (xf->blocks[k].bb == ib)
                g = (int)k;
        if (g < 0 || (s->in_g[m] >= 0 && s->in_g[m] != g) || (s->in_g[p] >= 0 && s->in_g[p] != g) || s->shared_g[g])
            continue;
        LLVMValueRef a1 = LLVMGetOperand(c1, 0), b1 = LLVMGetOperand(c1, 1);
        LLVMValueRef a2 = LLVMGetOperand(c2, 0), b2 = LLVMGetOperand(c2, 1);
        bool swapped = a1 == b2 && b1 == a2;
        /* (two constants: checked on riscv32 so far) */
        const char *triple = LLVMGetTarget(LLVMGetGlobalParent(xf->fn));
        bool constants = a1 == a2 && b1 != b2 && LLVMIsAConstantInt(b1) && LLVMIsAConstantInt(b2) && triple &&
                         !strncmp(triple, "riscv32", 7);
        if (!(a1 == a2 && b1 == b2) && !swapped && !constants)
            continue;
        int s1, s2;
        unsigned p1 = pred_set(LLVMGetICmpPredicate(c1), &s1), p2 = pred_set(LLVMGetICmpPredicate(c2), &s2);
        if (s1 >= 0 && s2 >= 0 && s1 != s2)
            continue; /* a signed and an unsigned order: the orderings differ */
        if (swapped)
            p2 = (p2 & 2) | (p2 & 1 ? 4 : 0) | (p2 & 4 ? 1 : 0);
        /* the side of the first branch M is on: where c1 holds, or not */
        int f1 = mc_branch_follows(s, p, c1), f2 = mc_branch_follows(s, m, c2), t1, o1, t2, o2;
        if (f1 < 0 || f2 < 0 || !mc_branch_sides(s, p, &t1, &o1) || !mc_branch_sides(s, m, &t2, &o2))
            continue;
        bool holds = ((int)m == t1) == (f1 == 1);
        unsigned on = holds ? p1 : 7u & ~p1;
        int v2 = constants ? mc_constants_decide(c1, holds, c2) : (on & p2) == on ? 1 : (on & p2) == 0 ? 0 : -1;
        if (v2 < 0)
            continue;
        /* the side of M's branch where c2 would be !v2 never runs */
        int never = (v2 == 1) == (f2 == 1) ? o2 : t2;
        for (size_t k = 0; k < 2; k++)
            if (b->succ[k] == never) {
                var[0] = evar(s, m, k);
                coef[0] = 1;
                lsys_add(&s->sy, var, coef, 1, 0, false);
                if (s->trace)
                    fprintf(stderr, "  implied compare [%zu] after [%zu]: edge to [%d] never runs\n", m, p, never);
            }
    }
}
