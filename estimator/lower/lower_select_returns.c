/* lower_select_returns.c — a select whose value is returned, made by the
 * PowerPC back end into a conditional return: "cmplwi r5, 6; li r3, 0;
 * beqlr cr0" then "li r3, 10; blr" (statemachine.c's `k == C_NL ? S_IDLE :
 * S_COMMENT`). The block has one successor, the fall-through to the other
 * value's return, so the select rules (two successors, lower_selects.c) do
 * not take it. The conditional return tests the select's comparison where
 * the compare that sets its condition field is the comparison's (signedness,
 * the constant compared) and the branch's sense follows the predicate
 * (mc_branch_follows_at): then the fall-through edge runs as often as the
 * comparison is false (taken on true) or true, counts the engine records
 * for the select. Internal to estimator/. */
#include "isa.h"
#include "lower_solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The PowerPC condition register field an instruction's operands name
 * first ("cr1, ..."), cr0 when they name none. */
static int cr_field(const char *ops)
{
    return !strncmp(ops, "cr", 2) && ops[2] >= '0' && ops[2] <= '7' ? ops[2] - '0' : 0;
}

/* Whether the instruction before index K of block B that sets condition
 * field FIELD is a word compare of COND's operands as COND compares them:
 * "cmpw"/"cmplw" of two registers when neither operand is a constant,
 * "cmpwi"/"cmplwi" with the constant (or, for an order, one off it, which
 * mc_branch_follows_at reads) otherwise; unsigned ("l") for an unsigned
 * order, either for (in)equality. */
static bool compare_sets_field(const struct mblock *b, size_t k, int field, LLVMValueRef cond)
{
    while (k-- > 0) {
        const struct minsn *in = &b->insns[k];
        const char *mn = in->mnemonic;
        size_t nm = strlen(mn);
        if (mc_is_control(in))
            return false;
        if (strncmp(mn, "cmp", 3)) {
            if (field == 0 && nm > 1 && mn[nm - 1] == '.')
                return false; /* a record form sets cr0 */
            if (!strncmp(mn, "mtcr", 4) || !strncmp(mn, "cr", 2) || !strncmp(mn, "mcrf", 4))
                return false; /* condition register logic */
            continue;
        }
        if (cr_field(in->ops) != field)
            continue;
        LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
        bool eq = p == LLVMIntEQ || p == LLVMIntNE;
        bool uns = p == LLVMIntULT || p == LLVMIntULE || p == LLVMIntUGT || p == LLVMIntUGE;
        bool logical = !strcmp(mn, "cmplw") || !strcmp(mn, "cmplwi");
        if (!logical && strcmp(mn, "cmpw") && strcmp(mn, "cmpwi"))
            return false;
        if (!eq && logical != uns)
            return false;
        LLVMValueRef c = NULL;
        for (unsigned i = 0; i < 2; i++)
            if (LLVMIsAConstantInt(LLVMGetOperand(cond, i)))
                c = LLVMGetOperand(cond, i);
        bool imm = mn[nm - 1] == 'i';
        if (!c)
            return !imm;
        if (!imm)
            return false;
        if (!eq)
            return true;
        const char *last = strrchr(in->ops, ',');
        if (!last)
            return false;
        char *end;
        long long v = strtoll(last + 1, &end, 0);
        while (*end == ' ')
            end++;
        if (*end)
            return false;
        long long want = LLVMConstIntGetSExtValue(c);
        unsigned long long z = LLVMConstIntGetZExtValue(c);
        return v == want || (unsigned long long)v == z;
    }
    return false;
}

void mc_rule_select_returns(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        const struct mblock *b = &mf->blocks[m];
        int g = s->in_g[m];
        /* the single head of its IR block, whose code no other block runs:
         * it runs once per execution of the block, and so of the select */
        if (b->nsucc != 1 || g < 0 || s->head[g] != (int)m || s->shared_g[g] || s->merged_tail[m])
            continue;
        /* its one control instruction a located conditional return */
        size_t k = b->ninsns, nctl = 0;
        for (size_t j = 0; j < b->ninsns; j++)
            if (mc_is_control(&b->insns[j])) {
                nctl++;
                k = j;
            }
        if (nctl != 1 || !b->insns[k].isa || b->insns[k].isa->kind != ISA_COND_RETURN)
            continue;
        const struct minsn *br = &b->insns[k];
        if (br->src_col != ENG_PROVENANCE_COLUMN || !br->src_line || br->src_line > s->nord ||
            s->ord_block[br->src_line] != (uint32_t)g ||
            (s->ord_op[br->src_line] != LLVMSelect && s->ord_op[br->src_line] != LLVMRet))
            continue;
        /* located at the select, or at the return of its value */
        LLVMValueRef ret = LLVMGetBasicBlockTerminator(xf->blocks[g].bb);
        LLVMValueRef rv = s->ord_op[br->src_line] == LLVMRet && ret && LLVMGetInstructionOpcode(ret) == LLVMRet &&
                                  LLVMGetNumOperands(ret) == 1 ? LLVMGetOperand(ret, 0) : NULL;
        const struct cnt_select *rec = NULL;
        for (uint32_t r = 0; r < xf->nselects && !rec; r++) {
            const struct cnt_select *xs = &xf->selects[r];
            if (xs->block == (uint32_t)g && xs->kind == CNT_SEL_SELECT &&
                (rv ? mc_select_inst(xf, xs) == rv
                    : mc_ordinal_of(s, (uint32_t)g, mc_select_position(xf, xs)) == br->src_line))
                rec = xs;
        }
        if (!rec || rec->lanes != 1 || rec->ties != UINT32_MAX)
            continue;
        /* the block's only choice: with another select, min/max or saturation
         * beside it (a chain of them returned), the one return tested first
         * may be another's */
        bool alone = true;
        for (uint32_t r = 0; r < xf->nselects && alone; r++) {
            const struct cnt_select *xs = &xf->selects[r];
            alone = xs == rec || xs->block != (uint32_t)g ||
                    (xs->kind != CNT_SEL_SELECT && xs->kind != CNT_SEL_MINMAX && xs->kind != CNT_SEL_SAT);
        }
        if (!alone)
            continue;
        LLVMValueRef sel = mc_select_inst(xf, rec);
        if (!sel || LLVMGetInstructionOpcode(sel) != LLVMSelect)
            continue;
        LLVMValueRef cond = LLVMGetOperand(sel, 0);
        /* one comparison of values a register holds, decided by the run's
         * own values (no poison the machine compares as something else) */
        if (!LLVMIsAICmpInst(cond) || mc_select_poisoned(xf, cond))
            continue;
        LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(cond, 0));
        if (LLVMGetTypeKind(ot) != LLVMPointerTypeKind &&
            (LLVMGetTypeKind(ot) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ot) > mc_register_bits(sel)))
            continue;
        if (!compare_sets_field(b, k, cr_field(br->ops), cond))
            continue;
        int follows = mc_branch_follows_at(s, m, k, cond);
        if (follows < 0)
            continue;
        double t = (double)xf->sel_counts[2 * rec->base], f = (double)xf->sel_counts[2 * rec->base + 1];
        var[0] = evar(s, m, 0);
        coef[0] = 1;
        lsys_add(&s->sy, var, coef, 1, follows ? f : t, false);
        if (s->trace)
            fprintf(stderr, "  conditional return [%zu]: falls through %g times\n", m, follows ? f : t);
    }
}
