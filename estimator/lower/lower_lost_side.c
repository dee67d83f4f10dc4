/* lower_lost_side.c — a two-way branch one of whose sides lost its code.
 *
 * An IR block V that ran and has code of its own but no machine block (no
 * label, no known merge) hides its predecessors' edges (lower_rules.c
 * lost_code): branch folding may have merged V's code into another block
 * where nothing says so. Not when V is one side of P's two-way `br` and P's
 * branch code enters P's other successor G at its head on one side and
 * leaves for code that is not G's on the other: had V's code been merged
 * into G's block, both of P's sides would enter that block and the branch
 * would have been folded away; a common tail of V and G split off G's block
 * is a block of no IR block, entered from P's side that is V's. So the side
 * into G's head carries the edge P -> G, the other the edge P -> V (V's code
 * moved into P or out of the loop: blockmerge.c's key `n - i` strength-
 * reduced to a decremented register on riscv32, "mv a6, a3; bltu").
 * Checked on riscv32 only so far. Internal to estimator/. */
#include "lower_solver.h"

#include <string.h>

bool mc_lost_side_decided(const struct solver *s, uint32_t p, uint32_t v)
{
    const struct cnt_func *xf = s->xf;
    const struct mfunc *mf = s->mf;
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(xf->fn));
    if (!triple || strncmp(triple, "riscv32", 7) || p == v || p >= xf->nblocks)
        return false;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(xf->blocks[p].bb);
    if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term))
        return false;
    /* G: P's other successor, a different block with a single head */
    int g = -1;
    for (unsigned k = 0; k < 2; k++) {
        LLVMBasicBlockRef sb = LLVMGetSuccessor(term, k);
        int idx = -1;
        for (uint32_t b = 0; b < xf->nblocks && idx < 0; b++)
            if (xf->blocks[b].bb == sb)
                idx = (int)b;
        if (idx < 0)
            return false;
        if ((uint32_t)idx != v)
            g = idx;
    }
    if (g < 0 || g == (int)p || s->head[g] < 0)
        return false;
    /* every machine block ending in P's branch: one side G's head, the
     * other outside G's code */
    size_t copies = 0;
    for (size_t m = 0; m < mf->nblocks; m++) {
        if (s->out_g[m] != (int)p)
            continue;
        const struct mblock *b = &mf->blocks[m];
        if (b->nsucc == 1 && s->in_g[m] == (int)p && !b->exits)
            continue; /* P's code before its branch, falling on */
        if (!s->out_known[m] || b->nsucc != 2 || b->exits)
            return false;
        int h = s->head[g];
        int into = b->succ[0] == h ? 0 : b->succ[1] == h ? 1 : -1;
        if (into < 0)
            return false;
        int t = b->succ[1 - into];
        if (t == h || s->in_g[t] == g || s->out_g[t] == g)
            return false;
        copies++;
    }
    return copies > 0;
}
