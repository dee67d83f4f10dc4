/* lower_switch_copies.c — whether a machine block without an IR name that
 * holds code located at a switch is a copy of the switch's compare tree in
 * another IR block's path (tail duplication: the range check of a jump-table
 * switch copied into each side of the select before it, riscv32 "bgeu a1, a0"
 * in the unnamed side of "table[u] ? table[u] - 1 : 5") rather than a block
 * inside the tree itself. A copy means the tree's blocks do not see every
 * execution of the switch: the switch's probe (lower_switches.c) would count
 * all of them on the root. Every target: the PowerPC405 makes the same copy
 * (foreign statemachine.c: the class of a byte >= 128 "li r8, 8" followed by
 * its own "cmpwi cr1, r3, 6; ble cr1", entering the state switch's tree below
 * its root: tests/exact sm_high_bytes.c), the AVR and x86-64 similar ones
 * (foreign recursion.c, glob.c). A copy that only repeats the root's own
 * decision (the same compare on the same register, its branch the same or
 * the inverse with the sides swapped, into the root's two successors)
 * bypasses the root alone: every block below it still sees each execution
 * on the path the value takes (lower_switch_copy_repeats_root). Internal to
 * estimator/. */
#include "isa.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Whether block M holds code located at IR instruction ORD. */
static bool located_at(const struct mblock *b, unsigned ord)
{
    for (size_t k = 0; k < b->ninsns; k++)
        if (b->insns[k].src_col == ENG_PROVENANCE_COLUMN && b->insns[k].src_line == ord)
            return true;
    return false;
}

bool lower_switch_copy_outside(const struct mfunc *f, size_t m, const char *name, unsigned ord)
{
    /* inside the tree: entered only from the switch's own IR block's blocks,
     * or from unnamed blocks of the tree (located at the switch and entered
     * from them in turn), a few steps back */
    size_t *stack = sup_xmalloc((f->nblocks + 1) * sizeof *stack), n = 0;
    bool *seen = sup_xcalloc(f->nblocks + 1, sizeof *seen), outside = false;
    stack[n++] = m;
    seen[m] = true;
    while (n && !outside) {
        const struct mblock *b = &f->blocks[stack[--n]];
        outside = !b->npred; /* (an entry of its own: not inside) */
        for (size_t p = 0; p < b->npred && !outside; p++) {
            int q = b->pred[p];
            if (q < 0 || (size_t)q >= f->nblocks) {
                outside = true;
                break;
            }
            const struct mblock *qb = &f->blocks[q];
            if (qb->ir_name)
                outside = strcmp(qb->ir_name, name) != 0;
            else if (!located_at(qb, ord))
                outside = true; /* (not known to be the tree's: a copy, to be safe) */
            else if (!seen[q]) {
                seen[q] = true;
                stack[n++] = (size_t)q;
            }
        }
    }
    free(stack);
    free(seen);
    return outside;
}

/* The inverse of a conditional branch mnemonic (RISC-V, PowerPC, AVR,
 * x86-64), NULL for none known. */
static const char *inverse(const char *mn)
{
    static const char *const pairs[][2] = {
        {"beq", "bne"},   {"blt", "bge"},   {"bgt", "ble"},   {"bltu", "bgeu"}, {"bgtu", "bleu"},
        {"beqz", "bnez"}, {"bltz", "bgez"}, {"bgtz", "blez"}, {"brlt", "brge"}, {"breq", "brne"},
        {"brlo", "brsh"}, {"brmi", "brpl"}, {"brcs", "brcc"}, {"jg", "jle"},    {"jl", "jge"},
        {"je", "jne"},    {"ja", "jbe"},    {"jb", "jae"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        for (int j = 0; j < 2; j++)
            if (!strcmp(mn, pairs[i][j]))
                return pairs[i][1 - j];
    return NULL;
}

/* Block B's last conditional branch (index in *K), its target and the other
 * successor; false unless B has exactly these two successors. */
static bool two_way(const struct mblock *b, size_t *k, int *taken, int *other)
{
    size_t i = b->ninsns;
    while (i-- > 0 && !(b->insns[i].isa && b->insns[i].isa->kind == ISA_COND_BRANCH))
        ;
    if (i >= b->ninsns || b->nsucc != 2 || b->insns[i].target < 0)
        return false;
    *k = i;
    *taken = b->insns[i].target;
    *other = b->succ[0] == *taken ? b->succ[1] : b->succ[0];
    return *other != *taken && (b->succ[0] == *taken || b->succ[1] == *taken);
}

/* The operands of branch IN without its target (the text before the last
 * comma; empty when the target is all). */
static size_t branch_operands(const struct minsn *in)
{
    const char *c = strrchr(in->ops, ',');
    return c ? (size_t)(c - in->ops) : 0;
}

/* Whether register text R (up to a comma, space or parenthesis) may be
 * written by IN: its first operand (RISC-V, PowerPC, AVR). A store, a
 * compare, a branch and any x86-64 (AT&T) instruction count as writes, to
 * be safe (x86-64: registers named in parts, flags and implicit operands). */
static bool writes(const struct minsn *in, const char *r, size_t n)
{
    if (!in->isa || in->isa->kind == ISA_STORE || in->isa->kind == ISA_COND_BRANCH ||
        !strncmp(in->mnemonic, "cmp", 3) || strchr(in->ops, '%') || strchr(in->ops, '$'))
        return true;
    return !strncmp(in->ops, r, n) && (in->ops[n] == ',' || in->ops[n] == '\0');
}

bool lower_switch_copy_repeats_root(const struct mfunc *f, size_t c, size_t root, unsigned ord)
{
    const struct mblock *cb = &f->blocks[c], *rb = &f->blocks[root];
    size_t ck, rk;
    int ct, co, rt, ro;
    if (!two_way(cb, &ck, &ct, &co) || !two_way(rb, &rk, &rt, &ro))
        return false;
    /* the root: the compare (if any) then the branch, both located at the switch */
    if (rk > 1 || (rk == 1 && (rb->insns[0].src_col != ENG_PROVENANCE_COLUMN || rb->insns[0].src_line != ord)))
        return false;
    /* the copy: the same located instructions before its branch, and what else
     * it runs there writes none of the compare's or branch's registers */
    const struct minsn *rcmp = rk == 1 ? &rb->insns[0] : NULL, *ccmp = NULL;
    for (size_t k = 0; k < ck; k++) {
        const struct minsn *in = &cb->insns[k];
        if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line == ord) {
            if (ccmp)
                return false;
            ccmp = in;
        } else if (ccmp || !in->isa || in->isa->kind == ISA_COND_BRANCH || in->isa->kind == ISA_CALL ||
                   in->isa->kind == ISA_INDIRECT_CALL || in->isa->kind == ISA_STORE)
            return false; /* (nothing between the compare and the branch: x86-64's flags) */
    }
    if (!rcmp != !ccmp || (rcmp && (strcmp(rcmp->mnemonic, ccmp->mnemonic) || strcmp(rcmp->ops, ccmp->ops))))
        return false;
    const struct minsn *rbr = &rb->insns[rk], *cbr = &cb->insns[ck];
    if (cbr->src_col != ENG_PROVENANCE_COLUMN || cbr->src_line != ord)
        return false;
    size_t rn = branch_operands(rbr), cn = branch_operands(cbr);
    if (rn != cn || strncmp(rbr->ops, cbr->ops, rn))
        return false;
    /* the registers the compare and the branch read keep their values
     * through the copy's other code */
    const char *texts[2] = {ccmp ? ccmp->ops : "", cbr->ops};
    size_t lens[2] = {ccmp ? strlen(ccmp->ops) : 0, cn};
    for (int t = 0; t < 2; t++)
        for (const char *o = texts[t]; o < texts[t] + lens[t];) {
            while (o < texts[t] + lens[t] && (*o == ',' || *o == ' ' || *o == '(' || *o == ')'))
                o++;
            size_t n = strcspn(o, ", ()");
            if (o + n > texts[t] + lens[t])
                n = (size_t)(texts[t] + lens[t] - o);
            for (size_t k = 0; k < ck && n; k++) {
                const struct minsn *in = &cb->insns[k];
                if (in != ccmp && writes(in, o, n))
                    return false;
            }
            o += n;
        }
    if (!strcmp(rbr->mnemonic, cbr->mnemonic))
        return ct == rt && co == ro;
    const char *inv = inverse(rbr->mnemonic);
    return inv && !strcmp(inv, cbr->mnemonic) && ct == ro && co == rt;
}

int lower_switch_root_copies(const struct mfunc *f, const char *name, unsigned first, unsigned ord, int *roots, int max)
{
    /* the tree's blocks (named after the switch's IR block) entered from
     * blocks of other IR blocks: exactly two, E0 and E1 */
    int e[2], ne = 0, nr = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        if (!b->ir_name || strcmp(b->ir_name, name))
            continue;
        bool outside = m == 0;
        for (size_t p = 0; p < b->npred && !outside; p++) {
            const char *pn = b->pred[p] >= 0 && (size_t)b->pred[p] < f->nblocks ? f->blocks[b->pred[p]].ir_name : "";
            outside = pn && strcmp(pn, name);
        }
        if (!outside)
            continue;
        if (m == 0 || ne == 2)
            return 0;
        e[ne++] = (int)m;
    }
    if (ne != 2)
        return 0;
    /* each of their entries from elsewhere: a block of another IR block that
     * ends in a branch located at the switch (or, FIRST < ORD, at an
     * instruction of its block from FIRST on: the copied load's location on
     * sum_mixed's latch copy) into E0 and E1 alone */
    for (int i = 0; i < 2; i++) {
        const struct mblock *b = &f->blocks[e[i]];
        for (size_t p = 0; p < b->npred; p++) {
            int q = b->pred[p];
            if (q < 0 || (size_t)q >= f->nblocks)
                return 0;
            const struct mblock *qb = &f->blocks[q];
            if (!qb->ir_name || !strcmp(qb->ir_name, name))
                continue;
            bool seen = false;
            for (int r = 0; r < nr && !seen; r++)
                seen = roots[r] == q;
            if (seen)
                continue;
            size_t k;
            int taken, other;
            if (!two_way(qb, &k, &taken, &other) || !((taken == e[0] && other == e[1]) || (taken == e[1] && other == e[0])) ||
                qb->insns[k].src_col != ENG_PROVENANCE_COLUMN || qb->insns[k].src_line < first ||
                qb->insns[k].src_line > ord || nr == max)
                return 0;
            roots[nr++] = q;
        }
    }
    return nr >= 2 ? nr : 0;
}
