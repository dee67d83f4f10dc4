/* lower_cr_known.c — PowerPC: a branch on a condition register bit whose
 * value every path into its block already fixed. Code generation (no isel on
 * the 405) makes a select of several values a chain of branches on the one
 * field its compare set ("cmplw cr5, r28, r6; blt cr5" then, on each side,
 * "bge cr5" / "blt cr5" again: corpus sad.c's best-match update), and on
 * each side of the first the later ones can go one way only. A forward
 * must-analysis per field and bit (lt, gt, eq): a block's branch on the bit
 * sets it on each edge (taken: the value that branches); a block that may
 * write the field (a compare naming it, a record form on cr0, condition
 * register logic, a call) makes it unknown; other blocks pass it on. Where
 * every way into a block gives the bit one value and the block does not write
 * the field before its branch on that bit, the branch's other edge runs 0
 * times. A machine fact: no IR record needed. Internal to estimator/. */
#include "isa.h"
#include "lower_ppc.h"
#include "lower_solver.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KB_TOP = 0, KB_FALSE = 1, KB_TRUE = 2, KB_UNKNOWN = 3 };

/* Whether block B may write field F before index END (all of it: END = ninsns). */
static bool writes_before(const struct mblock *b, size_t end, int f)
{
    for (size_t j = 0; j < end && j < b->ninsns; j++)
        if (mc_ppc_writes_field(&b->insns[j], f))
            return true;
    return false;
}

/* What the analysis reads of a block, worked out once: its final test (T,
 * -1: none) as a field's bit and the value that takes it, and the fields
 * anything but its branches may write (KILL, a bit per field). */
struct cr_block {
    long t;
    char bit;
    bool v;
    int field;
    unsigned char kill;
};

static void read_block(const struct mblock *p, struct cr_block *c)
{
    c->t = mc_final_branch(p, true);
    c->bit = c->t >= 0 ? mc_ppc_branch_bit(&p->insns[c->t], &c->v, &c->field) : 0;
    c->kill = 0;
    /* (a branch instruction reads, a call writes: mc_ppc_writes_field knows) */
    for (size_t j = 0; j < p->ninsns && c->kill != 0xff; j++) {
        const struct minsn *in = &p->insns[j];
        if (in->isa && (in->isa->kind == ISA_COND_BRANCH || in->isa->kind == ISA_COND_RETURN ||
                        in->isa->kind == ISA_JUMP))
            continue;
        bool control = mc_is_control(in) && in->isa && in->isa->kind != ISA_NOP;
        for (int f = 0; f < 8; f++)
            if (control || mc_ppc_writes_field(in, f))
                c->kill |= (unsigned char)(1u << f);
    }
}

/* The bit's value leaving block P (read as C) along its successor index K. */
static int out_value(const struct mblock *p, const struct cr_block *c, size_t k, int in, int f, char bit)
{
    if (c->bit == bit && c->field == f && !(p->nsucc == 2 && p->succ[0] == p->succ[1])) {
        bool taken = p->insns[c->t].isa->kind == ISA_COND_BRANCH && p->nsucc == 2 && p->succ[k] == p->insns[c->t].target;
        bool value = taken ? c->v : !c->v;
        return value ? KB_TRUE : KB_FALSE;
    }
    return c->kill & (1u << f) ? KB_UNKNOWN : in;
}

void mc_rule_cr_known(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    if (!triple || strncmp(triple, "powerpc", 7) || mf->nblocks == 0)
        return;
    size_t n = mf->nblocks;
    unsigned char *val = sup_xmalloc(n);
    struct cr_block *cb = sup_xcalloc(n, sizeof *cb);
    for (size_t m = 0; m < n; m++)
        read_block(&mf->blocks[m], &cb[m]);
    static const char bits[] = "lge";
    for (int f = 0; f < 8; f++)
        for (int bi = 0; bi < 3; bi++) {
            char bit = bits[bi];
            /* only a field and bit some branch tests */
            bool tested = false;
            for (size_t m = 0; m < n && !tested; m++) {
                tested = cb[m].bit == bit && cb[m].field == f;
            }
            if (!tested)
                continue;
            memset(val, KB_TOP, n);
            val[0] = KB_UNKNOWN; /* the function's entry */
            for (size_t m = 1; m < n; m++)
                if (mf->blocks[m].npred == 0)
                    val[m] = KB_UNKNOWN; /* entered otherwise (a landing pad, a table) */
            bool changed = true;
            for (int round = 0; changed && round < 64; round++) {
                changed = false;
                for (size_t m = 0; m < n; m++) {
                    const struct mblock *b = &mf->blocks[m];
                    if (m == 0 || b->npred == 0)
                        continue;
                    int v = KB_TOP;
                    for (size_t p = 0; p < b->npred; p++) {
                        const struct mblock *pb = &mf->blocks[b->pred[p]];
                        for (size_t k = 0; k < pb->nsucc; k++)
                            if (pb->succ[k] == (int)m) {
                                int o = out_value(pb, &cb[b->pred[p]], k, val[b->pred[p]], f, bit);
                                v = v == KB_TOP ? o : o == KB_TOP || o == v ? v : KB_UNKNOWN;
                            }
                    }
                    if (v != val[m] && (val[m] == KB_TOP || v == KB_UNKNOWN)) {
                        val[m] = (unsigned char)v;
                        changed = true;
                    }
                }
            }
            if (changed)
                continue; /* (no fixpoint within the bound: nothing concluded) */
            for (size_t m = 0; m < n; m++) {
                const struct mblock *b = &mf->blocks[m];
                long t = cb[m].t;
                bool vx = cb[m].v;
                if ((val[m] != KB_TRUE && val[m] != KB_FALSE) || cb[m].bit != bit || cb[m].field != f ||
                    writes_before(b, (size_t)t, f))
                    continue;
                bool known = val[m] == KB_TRUE, taken = known == vx;
                if (b->insns[t].isa->kind == ISA_COND_RETURN) {
                    if (b->nsucc != 1)
                        continue;
                    /* taken: it returns every time, the fall-through never runs;
                     * not taken: the fall-through runs every time */
                    var[0] = evar(s, m, 0);
                    coef[0] = 1;
                    size_t nv = 1;
                    if (!taken) {
                        var[1] = bvar(s, m);
                        coef[1] = -1;
                        nv = 2;
                    }
                    lsys_add(&s->sy, var, coef, nv, 0, false);
                } else {
                    int target = b->insns[t].target;
                    if (b->nsucc != 2 || b->succ[0] == b->succ[1] || target < 0)
                        continue;
                    size_t k = b->succ[0] == target ? 0 : 1;
                    if (b->succ[k] != target)
                        continue;
                    var[0] = evar(s, m, taken ? 1 - k : k); /* the edge that never runs */
                    coef[0] = 1;
                    lsys_add(&s->sy, var, coef, 1, 0, false);
                }
                if (s->trace)
                    fprintf(stderr, "  cr%d's %c bit is %d entering [%zu]: its branch goes one way\n", f, bit, known, m);
            }
        }
    free(cb);
    free(val);
}
