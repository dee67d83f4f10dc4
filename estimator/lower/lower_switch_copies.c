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
 * (foreign recursion.c, glob.c). Internal to estimator/. */
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
