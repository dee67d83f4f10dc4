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
#include "lower_solver.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KB_TOP = 0, KB_FALSE = 1, KB_TRUE = 2, KB_UNKNOWN = 3 };

static int cr_field(const char *ops)
{
    return !strncmp(ops, "cr", 2) && ops[2] >= '0' && ops[2] <= '7' ? ops[2] - '0' : 0;
}

/* Whether IN may write field F (conservative). */
static bool writes_field(const struct minsn *in, int f)
{
    const char *mn = in->mnemonic;
    size_t n = strlen(mn);
    if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL ||
                    in->isa->kind == ISA_TAIL_CALL))
        return true;
    if (!strncmp(mn, "cmp", 3))
        return cr_field(in->ops) == f;
    if (f == 0 && n > 1 && mn[n - 1] == '.')
        return true;
    return !strncmp(mn, "mtcr", 4) || !strncmp(mn, "mcr", 3) || !strncmp(mn, "cr", 2) ||
           !strncmp(mn, "mtocrf", 6) || !strcmp(mn, "bl") || !strcmp(mn, "bla") || !strncmp(mn, "bctrl", 5) ||
           !strcmp(mn, "blrl");
}

/* The bit ('l', 'g', 'e') and taken value of a branch or conditional
 * return mnemonic; 0 for others. */
static char branch_bit(const char *mn, bool *value)
{
    static const struct {
        const char *m;
        char bit;
        bool v;
    } t[] = {{"blt", 'l', true}, {"bge", 'l', false}, {"bnl", 'l', false}, {"bgt", 'g', true},
             {"ble", 'g', false}, {"bng", 'g', false}, {"beq", 'e', true}, {"bne", 'e', false}};
    char m[16];
    size_t n = strlen(mn);
    if (n >= sizeof m)
        return 0;
    memcpy(m, mn, n + 1);
    while (n > 0 && (m[n - 1] == '+' || m[n - 1] == '-'))
        m[--n] = '\0';
    if (n > 2 && !strcmp(m + n - 2, "lr"))
        m[n -= 2] = '\0';
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(m, t[i].m)) {
            *value = t[i].v;
            return t[i].bit;
        }
    return 0;
}

/* Block B's final conditional branch or conditional return (the only
 * control instruction but a final jump): its index, or -1. */
static long final_test(const struct mblock *b)
{
    size_t n = b->ninsns;
    if (n > 0 && b->insns[n - 1].isa && b->insns[n - 1].isa->kind == ISA_JUMP)
        n--;
    if (n == 0 || !b->insns[n - 1].isa ||
        (b->insns[n - 1].isa->kind != ISA_COND_BRANCH && b->insns[n - 1].isa->kind != ISA_COND_RETURN))
        return -1;
    for (size_t j = 0; j + 1 < n; j++)
        if (mc_is_control(&b->insns[j]))
            return -1;
    return (long)(n - 1);
}

/* Whether block B may write field F before index END (all of it: END = ninsns). */
static bool writes_before(const struct mblock *b, size_t end, int f)
{
    for (size_t j = 0; j < end && j < b->ninsns; j++)
        if (writes_field(&b->insns[j], f))
            return true;
    return false;
}

/* The bit's value leaving block P along its successor index K. */
static int out_value(const struct mblock *p, size_t k, int in, int f, char bit)
{
    long t = final_test(p);
    if (t >= 0 && cr_field(p->insns[t].ops) == f && !(p->nsucc == 2 && p->succ[0] == p->succ[1])) {
        bool v;
        if (branch_bit(p->insns[t].mnemonic, &v) == bit) {
            bool taken = p->insns[t].isa->kind == ISA_COND_BRANCH && p->nsucc == 2 && p->succ[k] == p->insns[t].target;
            bool value = taken ? v : !v;
            return value ? KB_TRUE : KB_FALSE;
        }
    }
    /* (a branch instruction reads, a call writes: writes_field knows) */
    for (size_t j = 0; j < p->ninsns; j++) {
        const struct minsn *in = &p->insns[j];
        if (in->isa && (in->isa->kind == ISA_COND_BRANCH || in->isa->kind == ISA_COND_RETURN ||
                        in->isa->kind == ISA_JUMP))
            continue;
        if (writes_field(in, f) || (mc_is_control(in) && in->isa && in->isa->kind != ISA_NOP))
            return KB_UNKNOWN;
    }
    return in;
}

void mc_rule_cr_known(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    if (!triple || strncmp(triple, "powerpc", 7) || mf->nblocks == 0)
        return;
    size_t n = mf->nblocks;
    unsigned char *val = sup_xmalloc(n);
    static const char bits[] = "lge";
    for (int f = 0; f < 8; f++)
        for (int bi = 0; bi < 3; bi++) {
            char bit = bits[bi];
            /* only a field and bit some branch tests */
            bool tested = false;
            for (size_t m = 0; m < n && !tested; m++) {
                long t = final_test(&mf->blocks[m]);
                bool v;
                tested = t >= 0 && cr_field(mf->blocks[m].insns[t].ops) == f &&
                         branch_bit(mf->blocks[m].insns[t].mnemonic, &v) == bit;
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
                                int o = out_value(pb, k, val[b->pred[p]], f, bit);
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
                long t = final_test(b);
                bool vx;
                if ((val[m] != KB_TRUE && val[m] != KB_FALSE) || t < 0 || cr_field(b->insns[t].ops) != f ||
                    branch_bit(b->insns[t].mnemonic, &vx) != bit || writes_before(b, (size_t)t, f))
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
    free(val);
}
