/* lower_rules.c — the constraints on machine counts: flow conservation,
 * then the inferences from the IR counts (jump tables, IR edges split
 * between copies of their source, heads, split conditions, select arms;
 * the AVR's shift and per-bit loops and flag tests in lower_rules_loops.c). */
#include "counts.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Whether V, an operand of a logical and (IS_AND) or or that a branch tests,
 * is a logical or (and) with one use in its block: code generation's split
 * of the branch into a chain (SelectionDAGBuilder's FindMergedConditions)
 * takes only operands of the tree's own kind apart, so V is one test of the
 * chain, made as a value (statemachine.c's "(s == S_ARG || s == S_VAL) &&
 * k == C_DIGIT": "(s - 4) & ~4" tested, then k), its operand order kept.
 * A not, an xor or an inverted select form is not: the builder folds a not
 * into the tree with the kind inverted. */
static bool other_kind_leaf(LLVMValueRef v, bool is_and)
{
    if (!LLVMIsAInstruction(v) || !LLVMGetFirstUse(v) || LLVMGetNextUse(LLVMGetFirstUse(v)))
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMAnd || op == LLVMOr) {
        /* (an xor-free and/or of two values, neither a constant: not a not) */
        for (unsigned k = 0; k < 2; k++)
            if (LLVMIsAConstant(LLVMGetOperand(v, k)))
                return false;
        return (op == LLVMAnd) != is_and;
    }
    if (op != LLVMSelect || LLVMIsAConstant(LLVMGetOperand(v, 0)))
        return false;
    LLVMValueRef t = LLVMGetOperand(v, 1), f = LLVMGetOperand(v, 2);
    bool v_and = LLVMIsAConstantInt(f) && LLVMConstIntGetZExtValue(f) == 0 && !LLVMIsAConstant(t);
    bool v_or = LLVMIsAConstantInt(t) && LLVMConstIntGetZExtValue(t) == 1 && !LLVMIsAConstant(f);
    return is_and ? v_or : v_and;
}

/* Whether IR block G ends in a branch on a two-operand logical and/or
 * whose first operand was counted; then GO_ON is how often it let the
 * evaluation go on to the second (and: true, or: false) and STOP_TO the IR
 * block the first operand alone decides for otherwise. */
static bool split_condition(const struct solver *s, uint32_t g, double *go_on, int *stop_to)
{
    const struct cnt_func *xf = s->xf;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[g].bb);
    if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
        return false;
    LLVMValueRef c = LLVMGetCondition(t);
    if (!LLVMIsAInstruction(c) || LLVMGetInstructionParent(c) != xf->blocks[g].bb)
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(c);
    bool is_and;
    if (op == LLVMAnd || op == LLVMOr)
        is_and = op == LLVMAnd;
    else if (op == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(c, 2)) && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 2)) == 0)
        is_and = true; /* select a, b, false */
    else if (op == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(c, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 1)
        is_and = false; /* select a, true, b */
    else
        return false;
    /* an operand itself i1 logic: code generation flattens the tree into one
     * chain of tests in an order of its own, and the test after the first
     * machine test is not the second operand's (branchgen 76004 on the AVR:
     * "c || (d || (a ? true : b))" tested c last, 27 for simavr's 2) */
    for (int k = 0; k < LLVMGetNumOperands(c); k++)
        if (mc_i1_logic(LLVMGetOperand(c, (unsigned)k)) && !other_kind_leaf(LLVMGetOperand(c, (unsigned)k), is_and))
            return false;
    /* its record: the instruction's position in the block */
    uint32_t pos = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[g].bb); i && i != c; i = LLVMGetNextInstruction(i))
        pos++;
    for (uint32_t r = 0; r < xf->nselects; r++) {
        const struct cnt_select *xs = &xf->selects[r];
        if (xs->block != g || xs->lanes != 1 || xs->kind == CNT_SEL_MINMAX || xs->kind == CNT_SEL_PROBE ||
            mc_select_position(xf, xs) != pos)
            continue;
        double tc = (double)xf->sel_counts[2 * xs->base], fc = (double)xf->sel_counts[2 * xs->base + 1];
        *go_on = is_and ? tc : fc;
        *stop_to = -1;
        for (uint32_t e = 1; e < xf->nedges; e++)
            if (xf->einfo[e].from == g && xf->einfo[e].kind == (is_and ? CNT_EK_FALSE : CNT_EK_TRUE))
                *stop_to = (int)xf->einfo[e].to;
        return *stop_to >= 0;
    }
    return false;
}

/* Adds: sum of the machine edges leaving blocks with exit group Z (and entry
 * group CTX, or any when CTX is -2) towards IR block Y == RHS. */
/* The IR block machine block T leads to: T's entry group, through blocks
 * without one that only continue to a single successor, even when other
 * paths share them (a phi copy placed on two IR edges into one block):
 * what enters them arrives there. */
static int leads_to(const struct solver *s, int t)
{
    for (int steps = 0; steps < 8; steps++) {
        if (s->in_g[t] >= 0)
            return s->in_g[t];
        if (s->mf->blocks[t].nsucc != 1 || s->mf->blocks[t].exits)
            return -1; /* (a conditional return leaves: PowerPC "bnelr") */
        t = s->mf->blocks[t].succ[0];
    }
    return -1;
}

/* Whether machine block T, named after IR block Y, is inside Y's code
 * rather than its way in: T is not Y's single head and is also entered
 * from Y's other code. An edge into it from elsewhere is then a join that
 * code generation placed there (huffman.c's heap loop on the PPC405: the
 * loop test's false edge to the block after a select lands in the select's
 * join block, named after the select's IR block, 4 of its 87 entries). */
static bool inside(const struct solver *s, int t, int y)
{
    if (s->in_g[t] != y || s->head[y] == t)
        return false;
    const struct mblock *b = &s->mf->blocks[t];
    for (size_t p = 0; p < b->npred; p++)
        if (b->pred[p] != t && (s->in_g[b->pred[p]] == y || s->out_g[b->pred[p]] == y))
            return true;
    return false;
}

static bool edge_constraint(struct solver *s, int z, int ctx, int y, double rhs)
{
    struct mfunc *mf = s->mf;
    int *var = sup_xmalloc((mf->nblocks * 4 + 8) * sizeof *var);
    signed char *coef = sup_xmalloc(mf->nblocks * 4 + 8);
    size_t n = 0;
    for (size_t m = 0; m < mf->nblocks; m++) {
        /* Z's own blocks count whatever their last branch is (a select's
         * branch may skip straight to Y), copies only with a known branch */
        if (s->out_g[m] != z || !(s->out_known[m] || s->in_g[m] == z || s->in_g[m] < 0) ||
            (ctx != -2 && s->in_g[m] != ctx && s->in_g[m] >= 0))
            continue;
        struct mblock *b = &mf->blocks[m];
        /* Z's code past its head also entered from outside Z (a join of
         * another IR block's path merged into it: AVR branchgen 87106, the
         * block after `memcmp(..) == 0 && memcmp(..) == 0`): its edges are
         * not Z's alone */
        bool foreign = false;
        for (size_t p = 0; s->in_g[m] == z && inside(s, (int)m, z) && p < b->npred; p++)
            foreign |= b->pred[p] != (int)m && s->in_g[b->pred[p]] != z && s->out_g[b->pred[p]] != z;
        if (foreign) {
            n = 0;
            break;
        }
        /* a block of its own only entered from Z's branch code continues it */
        bool continuation = s->in_g[m] < 0 && b->npred > 0;
        for (size_t p = 0; p < b->npred && continuation; p++)
            continuation = s->out_g[b->pred[p]] == z;
        /* one whose branch has no location of its own counts only as such a
         * second test that is a copy of a select's branch (RV32: "sltu; bnez",
         * the select of a 64-bit compare tail-duplicated into each side of the
         * high words' diamond: its edges are Z's as much as the other copy's;
         * not the blocks of an expanded memcmp, whose edges all lead on to Y) */
        if (!s->out_known[m] && s->in_g[m] != z && !(continuation && b->nsucc > 1 && s->sel_head[m] >= 0))
            continue;
        /* ...by jumping on (its way in was counted as leading to Y), or by
         * branching again: the second test of a compare split in two
         * (a 64-bit compare on a 32-bit core), whose edges realise Z's
         * as much as the first test's do */
        bool second_test = continuation && b->nsucc > 1;
        if (!second_test && (continuation || (s->in_g[m] < 0 && ctx != -2)))
            continue;
        if (s->in_g[m] < 0 && !second_test) {
            /* code shared with other IR blocks' paths (a tail merged into
             * one block): what Z sends into it towards Y is counted on
             * Z's edges into it; one that branches on is not Z's alone */
            if (leads_to(s, (int)m) == y)
                continue;
            n = 0;
            break;
        }
        bool ambiguous = false;
        for (size_t k = 0; k < b->nsucc; k++) {
            int t = b->succ[k];
            int lt = leads_to(s, t);
            bool to_y = z == y ? t == s->head[y] : lt == y && !(s->in_g[t] == z && s->out_g[t] == z);
            /* a block of no IR block that leaves towards no known IR block,
             * not Z's own code, whose exit is Y's or unknown: a copy of Y's
             * exit (tail duplication: the loop latch's test copied without a
             * location into the path Z takes to it, rv32 branchgen 72025) may
             * carry Z's edge to Y, or the edge to another successor of Z
             * whose code is the same (merged returns: host statemachine.c's
             * "movl $11; retq" for two IR edges): the sum is not Z's edge */
            if (z != y && !to_y && lt < 0 && s->in_g[t] < 0 && s->out_g[t] != z &&
                (s->out_g[t] == y || s->out_g[t] < 0 || s->merged_tail[t]))
                ambiguous = true;
            if (to_y && inside(s, t, y))
                ambiguous = true;
            /* a block of another IR block W that is not W's head, entered from
             * Z and continuing to Y: code generation put a join of Z's way to
             * Y there, labelled W (ppc branchgen 80046: `(b33 && ..) || !(b33
             * || ..)`, the false side's "blt" into "li 3, 64" of the second
             * operand's never-run code, also Z's edge to the join) */
            int w = s->in_g[t];
            if (!to_y && z != y && w >= 0 && w != z && w != y && s->head[w] != t && mf->blocks[t].nsucc == 1 &&
                !mf->blocks[t].exits && leads_to(s, mf->blocks[t].succ[0]) == y)
                ambiguous = true;
            /* (nor through blocks of no IR block into Y's code past its head:
             * AVR branchgen 87106, `memcmp(..) == 0 && memcmp(..) == 0`, the
             * first one's false side "ldi ...; rjmp" into the second's join,
             * labelled Y and shared with the join after it: 1 for simavr's 67) */
            for (int u = t, steps = 0; to_y && s->in_g[t] < 0 && steps < 8; steps++) {
                if (s->in_g[u] >= 0) {
                    ambiguous |= inside(s, u, y);
                    break;
                }
                if (mf->blocks[u].nsucc != 1 || mf->blocks[u].exits)
                    break;
                u = mf->blocks[u].succ[0];
            }
            /* shared code of no IR block on the way to Y also entered from
             * another IR block's code that has no edge of its own to Y (its
             * edges put on Z's by a partial tail merge): what it brings is
             * Z's edge too, through a block not Z's (AVR: two switch cases'
             * selects sharing their arms "ldi r24, 3" and "ldi r24, 4",
             * rv_select_copied_check.c: 22 for simavr's 1) */
            for (size_t q = 0; to_y && z != y && s->in_g[t] < 0 && s->out_g[t] < 0 && q < mf->blocks[t].npred; q++) {
                int o = s->out_g[mf->blocks[t].pred[q]];
                if (o >= 0 && o != z && !mc_view_has_edge(s, o, y))
                    ambiguous = true;
            }
            if (to_y) {
                var[n] = evar(s, m, k);
                coef[n++] = 1;
            }
        }
        if (ambiguous) {
            n = 0;
            break;
        }
    }
    bool any = n > 0;
    if (any)
        lsys_add(&s->sy, var, coef, n, rhs, false);
    free(var);
    free(coef);
    return any;
}

/* flow conservation */
static void rule_flow(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        size_t k = 0;
        var[k] = bvar(s, m), coef[k++] = 1;
        for (size_t p = 0; p < b->npred; p++) {
            struct mblock *pb = &mf->blocks[b->pred[p]];
            for (size_t j = 0; j < pb->nsucc; j++)
                if (pb->succ[j] == (int)m)
                    var[k] = evar(s, (size_t)b->pred[p], j), coef[k++] = -1;
        }
        lsys_add(&s->sy, var, coef, k, m == 0 ? (double)xf->edges[0].count : 0, false);
        k = 0;
        var[k] = bvar(s, m), coef[k++] = 1;
        for (size_t j = 0; j < b->nsucc; j++)
            var[k] = evar(s, m, j), coef[k++] = -1;
        lsys_add(&s->sy, var, coef, k, 0, b->exits || !b->nsucc);
    }
}

/* Switch cases that branch folding merged: machine block T, a jump
 * table's target for cases whose IR blocks differ, runs the code of all of
 * them, as do the blocks entered only from T's code. Their IR blocks'
 * counts are one case's, not the code's: marked shared (s->shared_g). */
static void mark_merged_cases(struct solver *s, size_t t, bool tail)
{
    const struct mfunc *mf = s->mf;
    size_t n = mf->nblocks;
    bool *in = sup_xcalloc(n + 1, sizeof *in);
    in[t] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t m = 0; m < n; m++) {
            const struct mblock *b = &mf->blocks[m];
            bool all = !in[m] && b->npred > 0;
            for (size_t p = 0; p < b->npred && all; p++)
                all = in[b->pred[p]];
            if (all)
                in[m] = grew = true;
        }
    }
    for (size_t m = 0; m < n; m++)
        if (in[m]) {
            s->tail_code[m] |= tail;
            if (s->in_g[m] >= 0)
                s->shared_g[s->in_g[m]] = true, s->shared_other[s->in_g[m]] |= !tail;
            if (s->out_g[m] >= 0)
                s->shared_g[s->out_g[m]] = true, s->shared_other[s->out_g[m]] |= !tail;
        }
    free(in);
}

/* jump tables: each entry handles one value, so the edges from the table to
 * a block that no hole of the table reaches carry exactly its values' case
 * counts, summed over the copies of the switch's jump (tail duplication
 * puts one at the end of every case of a loop's previous switch) */
static void rule_jump_tables(struct solver *s, int *var, signed char *coef, bool *jt_switch)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    struct jswitch *all = sup_xcalloc(n + 1, sizeof *all);
    size_t nall = 0;
    for (size_t m = 0; m < n; m++)
        if (mc_find_jswitch(s, m, &all[nall])) {
            jt_switch[all[nall].x] = true;
            nall++;
        }
    for (size_t a = 0; a < nall; a++) {
        const struct jswitch *js = &all[a];
        bool first = true; /* the group's first copy states it */
        for (size_t q = 0; q < a && first; q++)
            first = !(all[q].x == js->x && all[q].t == js->t && all[q].min == js->min);
        if (!first)
            continue;
        struct mblock *b = &mf->blocks[js->m];
        for (size_t k = 0; k < b->nsucc; k++) {
            int target = b->succ[k];
            double c = 0;
            bool hole = false;
            int dest = -1;
            for (uint64_t i = 0; i < js->t->n; i++) {
                if (mc_jt_target(mf, js, js->min + i) != target)
                    continue;
                bool is_case = false;
                for (uint32_t e = 1; e < xf->nedges; e++)
                    if ((int)xf->einfo[e].from == js->x && xf->einfo[e].kind == CNT_EK_CASE &&
                        xf->einfo[e].case_lo == js->min + i) {
                        c += (double)xf->edges[e].count;
                        is_case = true;
                        if (dest >= 0 && dest != (int)xf->einfo[e].to)
                            mark_merged_cases(s, (size_t)target, false);
                        dest = (int)xf->einfo[e].to;
                    }
                hole |= !is_case;
            }
            if (hole)
                continue;
            size_t nv = 0;
            for (size_t q = a; q < nall; q++) {
                if (all[q].x != js->x || all[q].t != js->t || all[q].min != js->min)
                    continue;
                const struct mblock *c2 = &mf->blocks[all[q].m];
                for (size_t j = 0; j < c2->nsucc; j++)
                    if (c2->succ[j] == target) {
                        var[nv] = evar(s, all[q].m, j);
                        coef[nv++] = 1;
                    }
            }
            lsys_add(&s->sy, var, coef, nv, c, false);
        }
    }
    free(all);
}

/* Whether IR block G holds code besides phis, debug records and its
 * terminator: code that, when G has no machine block, ran in another's. */
static bool has_code(const struct cnt_func *xf, uint32_t g)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(xf->blocks[g].bb);
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[g].bb); i && i != term; i = LLVMGetNextInstruction(i))
        if (!LLVMIsAPHINode(i))
            return true;
    return false;
}

/* Switch cases merged behind an indirect jump whose table the rules do not
 * read (its address loaded before a loop: corpus varargs' sum_mixed on
 * x86-64): a case's IR block that ran and holds code but has no machine
 * block ran in another case's blocks, so every target of the jump is
 * marked shared (mark_merged_cases). */
static void rule_unread_tables(struct solver *s, const bool *jt_switch)
{
    const struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    bool *named = sup_xcalloc(xf->nblocks + 1, sizeof *named);
    for (size_t m = 0; m < n; m++)
        if (mf->blocks[m].ir_block >= 0)
            named[mf->blocks[m].ir_block] = true;
    for (size_t m = 0; m < n; m++) {
        const struct mblock *b = &mf->blocks[m];
        int x = s->out_g[m];
        bool indirect = false;
        for (size_t k = 0; k < b->ninsns; k++)
            indirect |= b->insns[k].isa && b->insns[k].isa->kind == ISA_INDIRECT_JUMP;
        if (!indirect || x < 0 || jt_switch[x])
            continue;
        bool vanished = false;
        for (uint32_t e = 1; e < xf->nedges && !vanished; e++)
            vanished = (int)xf->einfo[e].from == x && xf->edges[e].count > 0 && !named[xf->einfo[e].to] &&
                       has_code(xf, xf->einfo[e].to);
        for (size_t k = 0; vanished && k < b->nsucc; k++)
            mark_merged_cases(s, (size_t)b->succ[k], false);
    }
    free(named);
}

/* IR block G's successor through blocks that hold nothing but a jump. */
static int past_jumps(const struct cnt_func *xf, uint32_t g)
{
    for (int steps = 0; steps < 4; steps++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[g].bb);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t) ||
            LLVMGetFirstInstruction(xf->blocks[g].bb) != t)
            return (int)g;
        uint32_t next = g;
        for (uint32_t e = 1; e < xf->nedges && next == g; e++)
            if (xf->einfo[e].from == g)
                next = xf->einfo[e].to;
        if (next == g)
            return (int)g;
        g = next;
    }
    return (int)g;
}

/* Whether IR blocks A and B go to the same IR blocks (past blocks that only
 * jump); *DECIDES: whether A's branch goes to two or more of them (a branch
 * whose sides meet at once decides nothing: code generation deletes it). */
static bool same_ir_successors(const struct cnt_func *xf, int a, int b, bool *decides)
{
    int first = -1;
    *decides = false;
    for (uint32_t e = 1; e < xf->nedges; e++) {
        if ((int)xf->einfo[e].from != a)
            continue;
        int to = past_jumps(xf, xf->einfo[e].to);
        *decides |= first >= 0 && first != to;
        first = to;
    }
    for (int pass = 0; pass < 2; pass++) {
        int x = pass ? b : a, y = pass ? a : b;
        for (uint32_t e = 1; e < xf->nedges; e++) {
            if ((int)xf->einfo[e].from != x)
                continue;
            int to = past_jumps(xf, xf->einfo[e].to);
            bool found = false;
            for (uint32_t f = 1; f < xf->nedges && !found; f++)
                found = (int)xf->einfo[f].from == y && past_jumps(xf, xf->einfo[f].to) == to;
            if (!found)
                return false;
        }
    }
    return true;
}

/* Tails merged by branch folding (lower_classify.c) of IR blocks that go to
 * different successors (statemachine on x86-64: two switch cases' "load,
 * compare, update" code, S_ARG's and S_VAL's, one machine tail and the update
 * block after it): the tail's branch decides for each of them, so neither its
 * named IR block's edges nor the blocks entered only from the tail (named
 * after one of the successors, running the code of both) have that block's
 * counts: marked shared (mark_merged_cases). When the successors are the same
 * (a loop's peeled first iteration and its body, csmith 1242), rule_heads
 * counts the path through the tail; a predecessor whose branch decides
 * nothing (its sides meet at once: tests/exact/deleted_call.c on the PPC405)
 * merged no decision into the tail. */
static void rule_merged_tails(struct solver *s)
{
    const struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        int g = s->out_g[m];
        if (!s->merged_tail[m] || g < 0)
            continue;
        bool differ = false;
        for (size_t p = 0; p < mf->blocks[m].npred && !differ; p++) {
            int h = s->out_g[mf->blocks[m].pred[p]];
            bool decides;
            differ = h >= 0 && h != g && !same_ir_successors(s->xf, h, g, &decides) && decides;
        }
        if (differ)
            mark_merged_cases(s, m, true);
    }
}

/* Whether the IR has an edge from block A to block B. */
static bool ir_edge_to(const struct cnt_func *xf, int a, int b)
{
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == a && (int)xf->einfo[e].to == b)
            return true;
    return false;
}

/* The width of the register parts code generation splits wider integers
 * into: a byte on the AVR, else the core's general registers. */
static unsigned part_bits(LLVMValueRef inst)
{
    unsigned r = mc_register_bits(inst);
    return r ? r : 8;
}

/* Whether I only selects whole register parts of its operand (a truncation,
 * an extension with zeros, "and X, 2^(k*part)-1", a shift by a multiple of
 * the part width): code generation makes no more than copies and zeroed
 * registers of it, none where the parts are used in place. */
static bool part_select(LLVMValueRef i)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    if (op == LLVMTrunc || op == LLVMZExt || op == LLVMBitCast)
        return LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMIntegerTypeKind;
    if (op != LLVMAnd && op != LLVMLShr && op != LLVMShl)
        return false;
    LLVMTypeRef t = LLVMTypeOf(i);
    LLVMValueRef c = LLVMGetOperand(i, 1);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 64 || !LLVMIsAConstantInt(c))
        return false;
    unsigned w = LLVMGetIntTypeWidth(t), part = part_bits(i);
    unsigned long long v = LLVMConstIntGetZExtValue(c);
    if (op != LLVMAnd)
        return v < w && v % part == 0;
    /* low ones: v + 1 a power of two, the ones a whole number of parts */
    if (v == 0 || (v & (v + 1)) != 0)
        return false;
    unsigned ones = 0;
    while (ones < 64 && (v >> ones) & 1)
        ones++;
    return ones < w && ones % part == 0;
}

/* The instructions of BB that make machine code (arithmetic, memory, selects,
 * calls of functions; not lifetime markers, GEPs, casts), those that only
 * select register parts (part_select) left out and counted in *PARTS. */
static size_t block_code(LLVMBasicBlockRef bb, size_t *parts)
{
    size_t code = 0, np = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        LLVMValueRef callee = op == LLVMCall ? LLVMGetCalledValue(i) : NULL;
        bool part = op >= LLVMAdd && op <= LLVMXor && part_select(i);
        np += part;
        code += !part && ((op >= LLVMAdd && op <= LLVMXor) || op == LLVMLoad || op == LLVMStore || op == LLVMSelect ||
                          (op == LLVMCall && !(callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee))));
    }
    if (parts)
        *parts = np;
    return code;
}

/* Whether every machine block ending in a copy of IR block P's terminator
 * leaves only for its own group or for the head of another IR block's group:
 * no part of another block's code was merged where P's branch enters it. */
static bool enters_at_heads(const struct solver *s, uint32_t p)
{
    const struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        if (s->out_g[m] != (int)p)
            continue;
        for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
            int t = mf->blocks[m].succ[k], g = s->in_g[t];
            if (g == (int)p && s->head[g] != t)
                continue;
            if (g < 0 || s->head[g] != t)
                return false;
        }
    }
    return true;
}

/* IR blocks around code that ran and vanished: a block V that ran, has code
 * of its own (more than phis and its branch), and has no machine code nor a
 * block its code is known to be merged into. Branch folding merged V's code
 * into another block where nothing says so (AVR, a switch's compare tree:
 * two cases with identical code, one machine block labelled with one of
 * them). FEEDS[z]: Z has an edge to such a V (its code's edges towards the
 * other blocks may carry V's executions); HOSTS[g]: G shares a predecessor
 * and a successor with such a V (its code may be V's too: its entries and
 * its edges out carry V's executions). Both NULL-free arrays the caller
 * frees. */
static void lost_code(const struct solver *s, bool **feeds, bool **hosts)
{
    const struct cnt_func *xf = s->xf;
    *feeds = sup_xcalloc(xf->nblocks + 1, sizeof **feeds);
    *hosts = sup_xcalloc(xf->nblocks + 1, sizeof **hosts);
    bool *present = sup_xcalloc(xf->nblocks + 1, sizeof *present);
    for (size_t m = 0; m < s->mf->nblocks; m++) {
        if (s->in_g[m] >= 0)
            present[s->in_g[m]] = true;
        if (s->out_g[m] >= 0)
            present[s->out_g[m]] = true;
    }
    for (uint32_t v = 1; v < xf->nblocks; v++) {
        if (present[v] || (s->merged_into && s->merged_into[v] >= 0) || !xf->blocks[v].count)
            continue;
        /* code that makes machine instructions: arithmetic, memory, selects,
         * calls of functions (not lifetime markers, GEPs, casts: nothing) */
        size_t parts, code = block_code(xf->blocks[v].bb, &parts);
        if (!code && !parts)
            continue;
        for (uint32_t e = 1; e < xf->nedges; e++) {
            if (xf->einfo[e].to != v || xf->einfo[e].from == v)
                continue;
            uint32_t p = xf->einfo[e].from;
            if (mc_lost_side_decided(s, p, v))
                continue; /* (P's branch says which side is V's) */
            /* V only moves register parts (the halves of a 64-bit value that a
             * join's phis take: montgomery.c's powmod on the AVR): copies, which
             * vanish when the registers are coalesced. Merged into another
             * block's code, they would be entered from P's branch below that
             * block's head (tail merging splits the block there), or make that
             * block's head V's copies alone; neither: V's code made nothing */
            bool others_code = true;
            for (uint32_t f = 1; f < xf->nedges && others_code; f++)
                if (xf->einfo[f].from == p && xf->einfo[f].to != v && xf->einfo[f].to != p)
                    others_code = block_code(xf->blocks[xf->einfo[f].to].bb, NULL) > 0;
            if (!code && others_code && enters_at_heads(s, p))
                continue;
            (*feeds)[p] = true;
            /* P's other successors that go where V goes */
            for (uint32_t f = 1; f < xf->nedges; f++) {
                uint32_t g = xf->einfo[f].to;
                if (xf->einfo[f].from != p || g == v || g == p)
                    continue;
                for (uint32_t a = 1; a < xf->nedges && !(*hosts)[g]; a++)
                    for (uint32_t b = 1; b < xf->nedges && xf->einfo[a].from == v && !(*hosts)[g]; b++)
                        (*hosts)[g] = xf->einfo[b].from == g && xf->einfo[b].to == xf->einfo[a].to;
            }
        }
    }
    free(present);
}

/* Whether IR block Y can be reached from machine block START through Z's
 * own code: blocks entered as Z, blocks of no IR block, and blocks ending
 * in Z's terminator. Anything else stops the walk, and an edge into Y's
 * code (or into blocks that only lead there) is a reach. */
static bool own_code_reaches(const struct solver *s, int start, int z, int y)
{
    size_t n = s->mf->nblocks;
    bool *seen = sup_xcalloc(n + 1, sizeof *seen);
    int *stack = sup_xmalloc((n + 1) * sizeof *stack);
    size_t top = 0;
    bool reach = false;
    stack[top++] = start;
    seen[start] = true;
    while (top && !reach) {
        const struct mblock *b = &s->mf->blocks[stack[--top]];
        for (size_t k = 0; k < b->nsucc && !reach; k++) {
            int t = b->succ[k];
            if (t == s->head[y] || s->in_g[t] == y || leads_to(s, t) == y) {
                reach = true;
                break;
            }
            if (!seen[t] && (s->in_g[t] == z || s->in_g[t] < 0 || s->out_g[t] == z)) {
                seen[t] = true;
                stack[top++] = t;
            }
        }
    }
    free(seen);
    free(stack);
    return reach;
}

/* IR edges, split between copies of their source */
static void rule_ir_edges(struct solver *s, const bool *jt_switch)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    bool *feeds, *hosts;
    lost_code(s, &feeds, &hosts);
    for (uint32_t e = 0; e < s->ir.n; e++) {
        int z = s->ir.from[e], y = s->ir.to[e];
        double total = s->ir.count[e];
        if ((z >= 0 && s->shared_g[z]) || (y >= 0 && s->shared_g[y]) || (z >= 0 && (feeds[z] || hosts[z])))
            continue; /* (its code, or its target's, also runs merged cases') */
        bool is_case_edge = false;
        for (uint32_t f = 1; f < xf->nedges && jt_switch[z]; f++)
            is_case_edge |= (int)xf->einfo[f].from == z && xf->einfo[f].kind == CNT_EK_CASE;
        if (jt_switch[z] && is_case_edge) {
            bool only_cases = true;
            for (uint32_t f = 1; f < xf->nedges; f++)
                if ((int)xf->einfo[f].from == z && (int)xf->einfo[f].to == y && xf->einfo[f].kind != CNT_EK_CASE)
                    only_cases = false;
            if (only_cases)
                continue; /* the table's constraints say it better */
        }
        /* a block of no known IR block (neither its label nor its branch
         * located: tail duplication copies a branch without its location)
         * that branches into Y's code may run a copy of Z's terminator: the edges
         * counted below would not be all of Z -> Y's (branchgen loop shapes
         * on rv32 and ppc: a loop's exit test copied into the path that
         * skips the loop) */
        bool unknown_copy = false;
        for (size_t m = 0; m < n && y >= 0 && !unknown_copy; m++)
            if (s->in_g[m] < 0 && s->out_g[m] < 0 && mf->blocks[m].nsucc > 1)
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    unknown_copy |= s->in_g[mf->blocks[m].succ[k]] == y || leads_to(s, mf->blocks[m].succ[k]) == y;
        if (unknown_copy)
            continue;
        /* contexts: copies of Z's terminator in other IR blocks' code */
        int ctx[64];
        size_t nctx = 0;
        for (size_t m = 0; m < n && nctx < 64; m++)
            if (s->out_g[m] == z && s->out_known[m] && s->in_g[m] != z) {
                bool seen = false;
                for (size_t c = 0; c < nctx; c++)
                    seen |= ctx[c] == s->in_g[m];
                if (!seen)
                    ctx[nctx++] = s->in_g[m];
            }
        /* a partial copy (its branch continues into Z's own blocks) runs
         * Z's remaining code in place: no split by context, unless that
         * code cannot reach Y (a switch's first case test copied into its
         * predecessors, the rest of the tree left in Z: glob.c's match_here
         * on rv32): the copy's edge to Y is then all of its context's */
        bool split = nctx > 0;
        for (size_t m = 0; m < n && split; m++)
            if (s->out_g[m] == z && s->out_known[m] && s->in_g[m] != z)
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    if (s->in_g[mf->blocks[m].succ[k]] == z && mf->blocks[m].succ[k] != s->head[y] &&
                        own_code_reaches(s, mf->blocks[m].succ[k], z, y))
                        split = false;
        /* a copy may also run the code of other IR blocks whose own code was
         * merged into it (tail merging: fft_fixed.c on rv32, two arms of an
         * inlined table lookup ending in the same load, then Z's join and
         * branch): entered from such a block H, which goes to Z in the IR and
         * not to the copy's block, it makes H's paths through Z too */
        double pcs[64];
        for (size_t c = 0; c < nctx && split; c++) {
            pcs[c] = ctx[c] >= 0 ? mc_pair_count(xf, z, ctx[c], y) : -1;
            for (size_t m = 0; m < n && pcs[c] >= 0; m++) {
                if (s->in_g[m] != ctx[c] || s->out_g[m] != z || !s->out_known[m])
                    continue;
                const struct mblock *b = &mf->blocks[m];
                for (size_t q = 0; q < b->npred && pcs[c] >= 0; q++) {
                    int h = s->out_g[b->pred[q]];
                    if (h < 0 || h == ctx[c] || h == z || !ir_edge_to(xf, h, z) || ir_edge_to(xf, h, ctx[c]))
                        continue;
                    for (size_t c2 = 0; c2 < nctx; c2++)
                        if (ctx[c2] == h)
                            split = false; /* (H's own copy too: which is which, unknown) */
                    double ph = mc_pair_count(xf, z, h, y);
                    pcs[c] = ph < 0 || !split ? -1 : pcs[c] + ph;
                }
            }
        }
        double rest = total;
        for (size_t c = 0; c < nctx && split; c++) {
            if (pcs[c] < 0)
                split = false;
            else
                rest -= pcs[c];
        }
        if (split) {
            for (size_t c = 0; c < nctx; c++)
                edge_constraint(s, z, ctx[c], y, pcs[c]);
            edge_constraint(s, z, z, y, rest);
        } else {
            edge_constraint(s, z, -2, y, total);
        }
    }
    free(feeds);
    free(hosts);
}

/* heads run as often as the in-edges that reach them */
static void rule_heads(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    bool *feeds, *hosts;
    lost_code(s, &feeds, &hosts);
    for (uint32_t g = 0; g < xf->nblocks; g++) {
        int h = s->head[g];
        if (h < 0 || s->shared_g[g] || hosts[g])
            continue;
        double c = h == 0 ? (double)xf->edges[0].count : 0;
        bool ok = true;
        /* code shared by several IR blocks' paths (an unnamed block with
         * several entries) leads in: whose it is, is unknown */
        for (size_t p = 0; p < mf->blocks[h].npred && ok; p++) {
            int q = mf->blocks[h].pred[p];
            ok = !(s->in_g[q] < 0 && s->out_g[q] < 0 && mf->blocks[q].npred > 1);
        }
        for (uint32_t e = 0; e < s->ir.n && ok; e++) {
            if (s->ir.to[e] != (int)g || !s->ir.count[e])
                continue;
            if (s->ir.from[e] == (int)g) {
                c += s->ir.count[e]; /* the loop's back edge enters the head */
                continue;
            }
            int p = s->ir.from[e];
            if (p >= 0 && feeds[p]) {
                ok = false; /* (the head may run a merged block's code too) */
                break;
            }
            /* reaches the head through a machine edge, or is inside a copy */
            bool reaches = false, copied = false;
            for (size_t m = 0; m < n && ok; m++) {
                if (s->in_g[m] == p && s->out_g[m] == (int)g && s->out_known[m])
                    copied = true;
                if (s->out_g[m] != p)
                    continue;
                /* P's block ends with a copy of the branch of one of G's
                 * selects (ppc branchgen 85045: `x == 0 ? y : x + 1` of G
                 * tail-duplicated into both arms of the `if` before it, the
                 * head G's false arm, the true arm a block of no IR block
                 * that falls into G's rest: 135 for qemu's 94) */
                int r = s->sel_head[m];
                if (r >= 0 && xf->selects[(uint32_t)r % xf->nselects].block == g && s->in_g[m] != (int)g)
                    ok = false;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
                    int t = mf->blocks[m].succ[k];
                    /* G's code entered past its head (a select's branch of G
                     * tail-duplicated into P: "bne" to the head, which is
                     * the false arm, or to the true arm, a block of no IR
                     * block that returns; ppc branchgen 79134): the head is
                     * not every entry */
                    if (t != h && s->in_g[t] < 0 && s->out_g[t] == (int)g && s->out_known[t] &&
                        mf->blocks[t].nsucc == 0)
                        ok = false;
                    if (t == h || (s->in_g[t] < 0 && mc_arrives(s, t) == (int)g))
                        reaches = true;
                    /* through a merged tail, whose branch makes P's decision too */
                    for (size_t j = 0; s->merged_tail[t] && j < mf->blocks[t].nsucc; j++)
                        reaches |= mf->blocks[t].succ[j] == h;
                }
            }
            if (reaches && !copied)
                c += s->ir.count[e];
            else if (!copied || reaches)
                ok = false; /* neither, or both: unknown */
        }
        if (ok) {
            /* copies of G's first branches elsewhere continue into the head
             * when they do not leave */
            size_t nv = 0;
            var[nv] = bvar(s, (size_t)h);
            coef[nv++] = 1;
            for (size_t m = 0; m < n; m++) {
                if ((int)m == h)
                    continue;
                bool to_head = false;
                for (size_t k = 0; k < mf->blocks[m].nsucc && !to_head; k++)
                    to_head = mf->blocks[m].succ[k] == h;
                if (!to_head)
                    continue; /* (tested first: the tests below search the view's edges) */
                int p = s->out_g[m];
                bool copy = p == (int)g && s->in_g[m] >= 0 && s->in_g[m] != (int)g && s->out_known[m];
                /* tail merging: another IR block's identical code was
                 * merged into G's, so its blocks jump to G's head without an
                 * IR edge from it */
                bool merged = p >= 0 && p != (int)g && s->in_g[m] != (int)g && !mc_view_has_edge(s, p, (int)g);
                /* ... unless P goes to G through a block X: M may run a copy
                 * of X's code (varargs.c sum_mixed on the PPC405: a loop's
                 * latch whose call was sunk into it, copied into one case's
                 * tail that jumps to the head), its executions already X's
                 * edge into G: which, unknown */
                bool enters = false;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    enters |= mf->blocks[m].succ[k] == h;
                for (uint32_t e = 0; e < s->ir.n && merged && enters && ok; e++)
                    if (s->ir.from[e] == p && s->ir.to[e] != (int)g && s->ir.to[e] != p)
                        ok = !mc_view_has_edge(s, s->ir.to[e], (int)g);
                if (!ok)
                    break;
                if (!copy && !merged)
                    continue;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    if (mf->blocks[m].succ[k] == h) {
                        var[nv] = evar(s, m, k);
                        coef[nv++] = -1;
                    }
            }
            if (ok)
                lsys_add(&s->sy, var, coef, nv, c, false);
        }
    }
    free(feeds);
    free(hosts);
}

/* The other successor of IR block G's two-way branch than STOP_TO, or -1. */
static int go_on_to(const struct cnt_func *xf, uint32_t g, int stop_to)
{
    for (uint32_t e = 1; e < xf->nedges; e++)
        if (xf->einfo[e].from == g && (int)xf->einfo[e].to != stop_to)
            return (int)xf->einfo[e].to;
    return -1;
}

/* The IR block machine block T leads to through blocks without a name that
 * only go on to one successor (a return's shared epilogue: restores and the
 * stack adjusted), however many blocks enter them; -1 if none. */
static int passes_to(const struct solver *s, int t)
{
    for (int steps = 0; steps < 8; steps++) {
        if (s->in_g[t] >= 0)
            return s->in_g[t];
        const struct mblock *b = &s->mf->blocks[t];
        if (b->nsucc != 1 || b->exits)
            return -1;
        t = b->succ[0];
    }
    return -1;
}

/* Whether machine block T is U, or goes on to U through such blocks. */
static bool straight_to(const struct solver *s, int t, int u)
{
    for (int steps = 0; steps < 8; steps++) {
        if (t == u)
            return true;
        const struct mblock *b = &s->mf->blocks[t];
        if (s->in_g[t] >= 0 || b->nsucc != 1 || b->exits)
            return false;
        t = b->succ[0];
    }
    return false;
}

/* The IR block that IR block Y, folded away (no machine block is entered
 * as it or ends its code), jumps on to through at most four such blocks;
 * -1 when Y has code or branches. */
static int folds_to(const struct solver *s, int y)
{
    for (int steps = 0; steps < 5 && y >= 0; steps++) {
        for (size_t m = 0; m < s->mf->nblocks; m++)
            if (s->in_g[m] == y || s->out_g[m] == y)
                return steps ? y : -1;
        LLVMValueRef br = LLVMGetBasicBlockTerminator(s->xf->blocks[y].bb);
        if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || LLVMIsConditional(br))
            return -1;
        int next = -1;
        for (uint32_t e = 1; e < s->xf->nedges && next < 0; e++)
            if ((int)s->xf->einfo[e].from == y)
                next = (int)s->xf->einfo[e].to;
        if (next < 0 || next == y)
            return -1;
        y = next;
    }
    return -1;
}

/* Whether machine block OTHER, a side of IR block G's first test, is where
 * its stop edge to IR block STOP_TO lands: OTHER leads to STOP_TO's code,
 * or, where code generation merged STOP_TO's code into another block's
 * (tail merging: merged_into, lower_view.c) with which G has no IR edge of
 * its own, to that block's code (foreign variadic.c on x86-64: a number
 * formatter inlined twice, the second copy's "n && pos + 1 < cap" loop
 * leaving into the code of the first copy's identical exit block), or,
 * STOP_TO folded away, to the code of the block it jumps on to. */
static bool stop_lands(const struct solver *s, uint32_t g, int other, int stop_to)
{
    if (passes_to(s, other) == stop_to || mc_arrives_at(s, other, stop_to))
        return true;
    /* STOP_TO folded away, only jumping on to Y, and OTHER going on to Y
     * through unnamed code many paths share (the exits of two identical
     * loops, the same foreign variadic.c: their final values computed in
     * one block); the go-on side must not fold into Y as well */
    int y = folds_to(s, stop_to);
    if (y >= 0 && y != (int)g && folds_to(s, go_on_to(s->xf, g, stop_to)) != y &&
        go_on_to(s->xf, g, stop_to) != y && passes_to(s, other) == y)
        return true;
    int into = s->merged_into && stop_to >= 0 ? s->merged_into[stop_to] : -1;
    if (into < 0 || into == (int)g)
        return false;
    for (uint32_t e = 1; e < s->xf->nedges; e++)
        if (s->xf->einfo[e].from == g && (int)s->xf->einfo[e].to == into)
            return false;
    return passes_to(s, other) == into || mc_arrives_at(s, other, into);
}

/* branches on a && b / a || b split in two: the second test runs as
 * often as the first operand let the evaluation go on */
static void rule_split_conditions(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    for (uint32_t g = 0; g < xf->nblocks; g++) {
        double go_on;
        int stop_to;
        if (!split_condition(s, g, &go_on, &stop_to))
            continue;
        int found = -1;
        for (size_t m = 0; m < n && found != -2; m++) {
            const struct mblock *b = &mf->blocks[m];
            if (s->in_g[m] != (int)g || s->out_g[m] != (int)g || b->npred != 1 || b->nsucc != 2)
                continue;
            int p = b->pred[0];
            const struct mblock *pb = &mf->blocks[p];
            if (s->in_g[p] != (int)g || pb->nsucc != 2)
                continue;
            int other = pb->succ[0] == (int)m ? pb->succ[1] : pb->succ[1] == (int)m ? pb->succ[0] : -1;
            /* (the stop edge may arrive through an IR block that was folded
             * away, when the go-on successor does not lead there too; or
             * through the epilogue code generation shares among returns, and
             * the second test's stop edge through the epilogue the first
             * test's skips: a shrink-wrapped entry) */
            bool stops = other >= 0 && (straight_to(s, b->succ[0], other) || straight_to(s, b->succ[1], other));
            if (!stops || !stop_lands(s, g, other, stop_to) ||
                (passes_to(s, other) != stop_to && mc_arrives_at(s, other, go_on_to(xf, g, stop_to))))
                continue;
            found = found == -1 ? (int)m : -2;
        }
        if (found >= 0) {
            var[0] = bvar(s, (size_t)found);
            coef[0] = 1;
            lsys_add(&s->sy, var, coef, 1, go_on, false);
        }
    }
}

/* Whether IR blocks A and B hold the same instructions (opcodes, in order,
 * debug records aside) and the same select records (kind, position, lanes). */
static bool same_code(const struct cnt_func *xf, uint32_t a, uint32_t b)
{
    LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[a].bb), j = LLVMGetFirstInstruction(xf->blocks[b].bb);
    for (;; i = LLVMGetNextInstruction(i), j = LLVMGetNextInstruction(j)) {
        while (i && LLVMIsADbgInfoIntrinsic(i))
            i = LLVMGetNextInstruction(i);
        while (j && LLVMIsADbgInfoIntrinsic(j))
            j = LLVMGetNextInstruction(j);
        if (!i || !j)
            return !i && !j;
        if (LLVMGetInstructionOpcode(i) != LLVMGetInstructionOpcode(j))
            return false;
    }
}

/* The records of IR blocks whose code was merged into another's (tail
 * merging: two identical copies of an inlined function, one machine code):
 * that code runs for both, so its records count both. Each record of the
 * merged block is added to the one of the same kind at the same place in
 * the other; where the blocks differ, the other's IR counts are not its
 * code's (shared_g). */
static void merge_records(struct solver *s)
{
    const struct cnt_func *xf = s->xf;
    for (uint32_t v = 0; v < xf->nblocks; v++) {
        int g = s->merged_into ? s->merged_into[v] : -1;
        if (g < 0)
            continue;
        uint32_t rv[64], rg[64];
        size_t nv = 0, ng = 0;
        bool ok = same_code(xf, v, (uint32_t)g);
        for (uint32_t r = 0; r < xf->nselects && ok; r++) {
            if (xf->selects[r].block == v)
                ok = nv < 64 ? (rv[nv++] = r, true) : false;
            else if ((int)xf->selects[r].block == g)
                ok = ng < 64 ? (rg[ng++] = r, true) : false;
        }
        for (size_t k = 0; k < nv && ok; k++) {
            const struct cnt_select *a = &xf->selects[rv[k]], *b = k < ng ? &xf->selects[rg[k]] : NULL;
            ok = b && a->kind == b->kind && a->index == b->index && a->lanes == b->lanes &&
                 (a->ties == UINT32_MAX) == (b->ties == UINT32_MAX);
        }
        if (!ok || nv != ng) {
            s->shared_g[g] = s->shared_other[g] = true;
            continue;
        }
        for (size_t k = 0; k < nv; k++) {
            const struct cnt_select *a = &xf->selects[rv[k]], *b = &xf->selects[rg[k]];
            uint32_t counters = 2 * a->lanes;
            for (uint32_t c = 0; c < counters; c++)
                s->sel_counts[2 * b->base + c] += s->sel_counts[2 * a->base + c];
            if (a->ties != UINT32_MAX)
                for (uint32_t c = 0; c < 2 * a->lanes; c++)
                    s->sel_counts[2 * b->ties + c] += s->sel_counts[2 * a->ties + c];
        }
    }
}

/* branches that test a probe's value (lower_probes.c): the block runs as
 * often as the probe took a value of its use's RUN set, the branch is taken
 * as often as it took one of TAKEN */
static void rule_probes(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    if (getenv("LPNEST_NO_PROBES"))
        return; /* (development: the counts without them) */
    for (size_t u = 0; u < mf->nprobe_uses; u++) {
        const struct lower_probe_use *pu = &mf->probe_uses[u];
        const struct cnt_select *rec = NULL;
        for (uint32_t r = 0; r < xf->nselects && !rec; r++)
            if (xf->selects[r].kind == CNT_SEL_PROBE && xf->selects[r].probe == pu->probe)
                rec = &xf->selects[r];
        int taken = -1, other;
        size_t m = (size_t)pu->block;
        bool shared = m < mf->nblocks && s->in_g[m] >= 0 && s->shared_g[s->in_g[m]];
        if (pu->path && m < mf->nblocks) { /* (the head's code shared: both its entry group and the IR block of its branch) */
            size_t h = 0;
            while (h < u && mf->probe_uses[h].probe != pu->probe)
                h++;
            const struct mblock *hb = &mf->blocks[mf->probe_uses[h].block];
            long j = mc_final_branch(hb, false);
            unsigned o = j >= 0 && hb->insns[j].src_col == ENG_PROVENANCE_COLUMN ? hb->insns[j].src_line : 0;
            int g = o && o <= s->nord ? (int)s->ord_block[o] : -1, hg = s->in_g[mf->probe_uses[h].block];
            shared = (g < 0 || s->shared_g[g]) && hg >= 0 && s->shared_g[hg];
        }
        if (!rec || m >= mf->nblocks || shared) {
            if (s->trace)
                fprintf(stderr, "  probe %u at [%zu]: no record, or the block's code is shared\n", pu->probe, m);
            continue;
        }
        /* (a conditional return, PowerPC "beqlr": taken leaves; its one successor is the other way) */
        bool cond_return = false;
        for (size_t k = 0; k < mf->blocks[m].ninsns; k++)
            cond_return |= mf->blocks[m].insns[k].isa && mf->blocks[m].insns[k].isa->kind == ISA_COND_RETURN;
        if (!cond_return && !mc_branch_sides(s, m, &taken, &other)) {
            if (s->trace)
                fprintf(stderr, "  probe %u at [%zu]: no branch sides\n", pu->probe, m);
            continue;
        }
        double run = 0, tk = 0;
        for (uint32_t v = 0; v < 2 * rec->lanes && v < 64; v++) {
            double h = (double)s->sel_counts[2 * rec->base + v];
            run += (pu->run >> v & 1) ? h : 0;
            tk += (pu->taken >> v & 1) ? h : 0;
        }
        /* a tree several switches run: the first shared use on the block
         * stands for all of them, their counts summed */
        bool later = false, whole = true;
        for (size_t w = 0; w < mf->nprobe_uses && pu->shared; w++) {
            const struct lower_probe_use *o = &mf->probe_uses[w];
            if (w == u || !o->shared || o->block != pu->block)
                continue;
            if (w < u) {
                later = true;
                break;
            }
            const struct cnt_select *orec = NULL;
            for (uint32_t r = 0; r < xf->nselects && !orec; r++)
                if (xf->selects[r].kind == CNT_SEL_PROBE && xf->selects[r].probe == o->probe)
                    orec = &xf->selects[r];
            if (!orec) {
                whole = false;
                break;
            }
            for (uint32_t v = 0; v < 2 * orec->lanes && v < 64; v++) {
                double h = (double)s->sel_counts[2 * orec->base + v];
                run += (o->run >> v & 1) ? h : 0;
                tk += (o->taken >> v & 1) ? h : 0;
            }
        }
        if (later || !whole)
            continue;
        var[0] = bvar(s, m);
        coef[0] = 1;
        lsys_add(&s->sy, var, coef, 1, run, false);
        const struct mblock *b = &mf->blocks[m];
        for (size_t k = 0; k < b->nsucc; k++)
            if (b->succ[k] == taken || (cond_return && b->nsucc == 1)) {
                var[0] = evar(s, m, k);
                lsys_add(&s->sy, var, coef, 1, cond_return ? run - tk : tk, false);
            }
        if (s->trace)
            fprintf(stderr, "  probe %u at [%zu]: runs %g, taken %g\n", pu->probe, m, run, tk);
    }
}

/* Whether A and B compute the same i1: the same value, or two integer
 * compares of the same operands with the same predicate (the tail merger
 * merges such tests of two IR blocks: `(a < b && b < c) || c == 7`, the
 * `c == 7` of both arms one machine block); or the inverse compare, which
 * is the same machine test with the branch's successors swapped. */
static LLVMIntPredicate swapped_pred(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntSLT: return LLVMIntSGT;
    case LLVMIntSGT: return LLVMIntSLT;
    case LLVMIntSLE: return LLVMIntSGE;
    case LLVMIntSGE: return LLVMIntSLE;
    case LLVMIntULT: return LLVMIntUGT;
    case LLVMIntUGT: return LLVMIntULT;
    case LLVMIntULE: return LLVMIntUGE;
    case LLVMIntUGE: return LLVMIntULE;
    default: return p; /* EQ, NE */
    }
}

static bool same_test(LLVMValueRef a, LLVMValueRef b)
{
    if (a == b)
        return true;
    if (!LLVMIsAICmpInst(a) || !LLVMIsAICmpInst(b))
        return false;
    /* (or its inverse, the branch's successors swapped; or with its operands swapped) */
    LLVMIntPredicate pa = LLVMGetICmpPredicate(a), pb = LLVMGetICmpPredicate(b);
    LLVMValueRef a0 = LLVMGetOperand(a, 0), a1 = LLVMGetOperand(a, 1), b0 = LLVMGetOperand(b, 0),
                 b1 = LLVMGetOperand(b, 1);
    if (a0 == b0 && a1 == b1)
        return pa == pb || pa == mc_inverse_pred(pb);
    if (a0 == b1 && a1 == b0)
        return pa == swapped_pred(pb) || pa == mc_inverse_pred(swapped_pred(pb));
    return false;
}

/* Whether IR block Y's branch tests an operand of the i1 `or`/`and` (or
 * its select form) that IR block Z's branch tests, or a compare equal to
 * one. */
static bool tests_operand_of(const struct cnt_func *xf, int z, int y)
{
    LLVMValueRef tz = LLVMGetBasicBlockTerminator(xf->blocks[z].bb), ty = LLVMGetBasicBlockTerminator(xf->blocks[y].bb);
    if (!tz || !ty || LLVMGetInstructionOpcode(tz) != LLVMBr || LLVMGetInstructionOpcode(ty) != LLVMBr ||
        !LLVMIsConditional(tz) || !LLVMIsConditional(ty))
        return false;
    LLVMValueRef c = LLVMGetCondition(tz), d = LLVMGetCondition(ty);
    if (!LLVMIsAInstruction(c))
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(c);
    if (op != LLVMOr && op != LLVMAnd && op != LLVMSelect)
        return false;
    for (int k = 0; k < LLVMGetNumOperands(c); k++)
        if (same_test(LLVMGetOperand(c, (unsigned)k), d))
            return true;
    return false;
}

/* The block of IR block G's code, when G's code is that one block (it is
 * G's head and G's exit, and no other block is G's), or -1. */
static int only_block(const struct solver *s, int g)
{
    int found = -1;
    for (size_t m = 0; m < s->mf->nblocks; m++)
        if (s->in_g[m] == g || s->out_g[m] == g) {
            if (found >= 0 || s->in_g[m] != g || s->out_g[m] != g)
                return -1;
            found = (int)m;
        }
    return found == s->head[g] ? found : -1;
}

/* Z's split `or`/`and` whose second test was merged with IR block Y's
 * identical test (`(a < b && b < c) || c == 7`: Z = `b < c || c == 7`, Y =
 * `c == 7` on the other path; the tail merger makes the two tests one
 * block, Y's, which Z's first test falls into): when Z's and Y's code are
 * one block each and Z's first test is the one the engine records (the
 * operand the merged test is not), Z's block runs count(Z) times, Y's
 * count(Y) + go-on times, and Z's edge into Y's block is the go-on count;
 * flow gives the rest (rv32, ppc, avr: either_mismatch.c). */
static void merged_second_test(struct solver *s, size_t m, size_t k, int z, int y)
{
    const struct cnt_func *xf = s->xf;
    const struct mblock *b = &s->mf->blocks[m];
    double go_on;
    int stop_to;
    int t = b->succ[k];
    if (b->nsucc != 2 || b->exits || only_block(s, z) != (int)m || only_block(s, y) != t ||
        !split_condition(s, (uint32_t)z, &go_on, &stop_to) || leads_to(s, b->succ[1 - k]) != stop_to)
        return;
    LLVMValueRef c = LLVMGetCondition(LLVMGetBasicBlockTerminator(xf->blocks[z].bb));
    LLVMValueRef d = LLVMGetCondition(LLVMGetBasicBlockTerminator(xf->blocks[y].bb));
    unsigned second = LLVMGetInstructionOpcode(c) == LLVMSelect ? 2 - (LLVMIsAConstantInt(LLVMGetOperand(c, 2)) != 0) : 1;
    if (!same_test(LLVMGetOperand(c, second), d) || same_test(LLVMGetOperand(c, 0), d))
        return;
    /* every other entry of Y's block is one of Y's IR in-edges' */
    const struct mblock *tb = &s->mf->blocks[t];
    for (size_t q = 0; q < tb->npred; q++) {
        int p = tb->pred[q], h = s->out_g[p];
        if (p != (int)m && (h < 0 || !ir_edge_to(xf, h, y)))
            return;
    }
    int var[1];
    signed char coef[1] = {1};
    var[0] = bvar(s, m);
    lsys_add(&s->sy, var, coef, 1, (double)xf->blocks[z].count, false);
    var[0] = bvar(s, (size_t)t);
    lsys_add(&s->sy, var, coef, 1, (double)xf->blocks[y].count + go_on, false);
    var[0] = evar(s, m, k);
    lsys_add(&s->sy, var, coef, 1, go_on, false);
    /* Y's block leaves for each successor S as Y's and Z's IR edges to S
     * together, but for Z's first test's own edge to STOP_TO */
    for (size_t j = 0; j < tb->nsucc; j++) {
        int to = leads_to(s, tb->succ[j]);
        for (size_t i = 0; i < j; i++)
            if (leads_to(s, tb->succ[i]) == to)
                to = -1;
        if (to < 0)
            continue;
        double c = to == stop_to ? go_on - (double)xf->blocks[z].count : 0;
        for (uint32_t e = 1; e < xf->nedges; e++)
            if (((int)xf->einfo[e].from == z || (int)xf->einfo[e].from == y) && (int)xf->einfo[e].to == to)
                c += (double)xf->edges[e].count;
        var[0] = evar(s, (size_t)t, j);
        lsys_add(&s->sy, var, coef, 1, c, false);
    }
    if (s->trace)
        fprintf(stderr, "  [%zu] -> [%d]: Z's second test merged into Y's: go on %g\n", m, t, go_on);
}

/* A machine edge from IR block Z's branch into the labelled code of IR
 * block Y that the IR has no edge for: Y's code also runs the rest of Z's
 * (riscv32 branchgen 71057: Z's `or` of two tests made as two branches,
 * the second one Y's identical test, so "bnez" falls into Y's block). Both
 * IR blocks' counts, and those of Z's successors, are then not their
 * code's: marked shared. */
static void mark_entered_midway(struct solver *s)
{
    const struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        const struct mblock *b = &mf->blocks[m];
        int z = s->out_g[m];
        /* (a branch located at a select of Z is Z's too: an i1 `or`
         * select made into two branches, riscv32 branchgen 77017) */
        if (z < 0 || !(s->out_known[m] || s->sel_head[m] >= 0))
            continue;
        for (size_t k = 0; k < b->nsucc; k++) {
            int t = b->succ[k], y = t >= 0 ? s->in_g[t] : -1;
            if (y < 0 || y == z || !mf->blocks[t].ir_name || s->in_g[m] == y || mc_view_has_edge(s, z, y) ||
                ir_edge_to(s->xf, z, y) || !tests_operand_of(s->xf, z, y))
                continue;
            if (s->trace)
                fprintf(stderr, "  [%zu] -> [%d]: IR block %d's code enters IR block %d's midway\n", m, t, z, y);
            s->shared_g[z] = s->shared_g[y] = s->shared_other[z] = s->shared_other[y] = true;
            /* (Z's successors are entered from Y's code too) */
            for (uint32_t e = 1; e < s->xf->nedges; e++)
                if ((int)s->xf->einfo[e].from == z)
                    s->shared_g[s->xf->einfo[e].to] = s->shared_other[s->xf->einfo[e].to] = true;
            merged_second_test(s, m, k, z, y);
        }
    }
}

/* Every rule's constraints: flow conservation first (certain), then the
 * inferences, in the order they are taken back in when relaxing. */
void mc_build(struct solver *s)
{
    size_t n = s->mf->nblocks;
    int *var = sup_xmalloc((4 * n + 8) * sizeof *var);
    signed char *coef = sup_xmalloc(4 * n + 8);
    bool *jt_switch = sup_xcalloc(s->xf->nblocks + 1, sizeof *jt_switch);
    rule_flow(s, var, coef);
    s->nflow = s->sy.nc; /* certain; what follows is inferred and may be wrong */
    mc_build_view(s);
    merge_records(s);
    rule_jump_tables(s, var, coef, jt_switch);
    rule_unread_tables(s, jt_switch);
    rule_merged_tails(s);
    mark_entered_midway(s);
    rule_ir_edges(s, jt_switch);
    free(jt_switch);
    rule_heads(s, var, coef);
    rule_split_conditions(s, var, coef);
    mc_rule_shift_loops(s, var, coef);
    mc_rule_flag_tests(s, var, coef);
    mc_rule_bit_loops(s, var, coef);
    mc_rule_test_first_bit_loops(s, var, coef);
    rule_probes(s, var, coef);
    mc_rule_select_arms(s, var, coef);
    mc_rule_select_returns(s, var, coef);
    mc_rule_implied_compares(s, var, coef);
    mc_rule_cr_reuse(s, var, coef);
    mc_rule_cr_known(s, var, coef);
    mc_rule_va_vector_save(s, var, coef);
    free(var);
    free(coef);
}
