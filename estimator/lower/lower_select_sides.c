/* lower_select_sides.c — which side of a select's branch is its arm when the
 * shape of the two sides does not say: both continue with as much code (each
 * carries a copy of what follows the select, e.g. the next switch's range
 * check tail-duplicated into both), neither is a triangle or a named diamond.
 * The branch itself then says it: the machine branch compares as the select's
 * condition does (mc_branch_follows), so its taken side is the side the
 * condition sends it to. arm_sense (lower_selects.c) then names the value
 * that side gives from the same branch sense, and refuses i1 logic and
 * overflow bits. Internal to estimator/. */
#include "lower_solver.h"

#include <string.h>

int mc_select_arm_by_branch(const struct solver *s, size_t m)
{
    const struct cnt_func *xf = s->xf;
    const struct mblock *b = &s->mf->blocks[m];
    int r = s->sel_head[m];
    /* a plain select record of the block's own IR block, one lane */
    if (r < 0 || (uint32_t)r >= xf->nselects || b->nsucc != 2 || b->succ[0] == b->succ[1])
        return -1;
    const struct cnt_select *xs = &xf->selects[r];
    if (xs->kind != CNT_SEL_SELECT || xs->lanes != 1 || s->in_g[m] != (int)xs->block)
        return -1;
    LLVMValueRef sel = mc_select_inst(xf, xs);
    if (!sel || LLVMGetInstructionOpcode(sel) != LLVMSelect)
        return -1;
    LLVMValueRef cond = LLVMGetOperand(sel, 0);
    if (!LLVMIsAICmpInst(cond))
        return -1;
    /* the cores this was checked on (riscv32, x86-64); a value wider than
     * the registers is chosen a piece per branch */
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(xf->fn));
    if (!triple || (strncmp(triple, "riscv32", 7) && strncmp(triple, "x86_64", 6)))
        return -1;
    LLVMTypeRef t = LLVMTypeOf(sel);
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind &&
        (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > mc_register_bits(sel)))
        return -1;
    int taken, other;
    if (mc_branch_follows(s, m, cond) < 0 || !mc_branch_sides(s, m, &taken, &other))
        return -1;
    return b->succ[0] == taken ? 0 : 1;
}
