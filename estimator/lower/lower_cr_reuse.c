/* lower_cr_reuse.c — PowerPC: a branch that tests a condition register field
 * an earlier branch tested, the field unchanged in between. Code generation
 * (no isel on the 405) makes several values of one comparison with a branch
 * each, all reading the field its one compare set: foreign blockmerge.c's
 * merge loop, `before(v[j], v[i]) ? v[j++] : v[i++]`, as "cmpw r7, r8; bge"
 * over the pointer's "mr", then "blt" over "li r5, 0" and "bge" over "li r6,
 * 0" for the two increments. When block X's branch reads field F, and X is
 * entered only from block C's branch on F (directly, or through arms that
 * only go on to X), no instruction on the way writing F, each run of X
 * follows one run of C with the same bits in F: X's taken edge runs as often
 * as C's edge on which the same bit has the same value (or the other edge,
 * the bit's other value). A machine identity, no IR record needed. Internal
 * to estimator/. */
#include "isa.h"
#include "lower_solver.h"

#include <stdio.h>
#include <string.h>

/* The field a PowerPC instruction's operands name first ("cr1, ..."), 0. */
static int cr_field(const char *ops)
{
    return !strncmp(ops, "cr", 2) && ops[2] >= '0' && ops[2] <= '7' ? ops[2] - '0' : 0;
}

/* Whether IN may write condition register field F: a compare naming F, a
 * record form ("add.") when F is cr0, condition register logic and moves,
 * a call or any other control transfer. */
static bool writes_field(const struct minsn *in, int f)
{
    const char *mn = in->mnemonic;
    size_t n = strlen(mn);
    if (mc_is_control(in) || !strncmp(mn, "bl", 2))
        return true;
    if (!strncmp(mn, "cmp", 3))
        return cr_field(in->ops) == f;
    if (f == 0 && n > 1 && mn[n - 1] == '.')
        return true;
    return !strncmp(mn, "mtcr", 4) || !strncmp(mn, "mcr", 3) || !strncmp(mn, "cr", 2) || !strncmp(mn, "mtocrf", 6);
}

/* The bit of the field a conditional branch tests and the value that makes
 * it taken: 'l' less, 'g' greater, 'e' equal; 0 for other branches. */
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
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(m, t[i].m)) {
            *value = t[i].v;
            return t[i].bit;
        }
    return 0;
}

/* Block B's conditional branch (its last instruction but a final jump, the
 * only control one): its index, or -1. */
static long final_branch(const struct mblock *b)
{
    size_t n = b->ninsns;
    if (n > 0 && b->insns[n - 1].isa && b->insns[n - 1].isa->kind == ISA_JUMP)
        n--; /* a final "b" to the other side */
    if (n == 0 || !b->insns[n - 1].isa || b->insns[n - 1].isa->kind != ISA_COND_BRANCH)
        return -1;
    for (size_t j = 0; j + 1 < n; j++)
        if (mc_is_control(&b->insns[j]))
            return -1;
    return (long)(n - 1);
}

/* Whether block A writes field F anywhere (up to index END). */
static bool block_writes(const struct mblock *a, size_t end, int f)
{
    for (size_t j = 0; j < end && j < a->ninsns; j++)
        if (writes_field(&a->insns[j], f))
            return true;
    return false;
}

void mc_rule_cr_reuse(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    if (!triple || strncmp(triple, "powerpc", 7))
        return;
    for (size_t x = 0; x < mf->nblocks; x++) {
        const struct mblock *xb = &mf->blocks[x];
        long kx = final_branch(xb);
        if (kx < 0 || xb->nsucc != 2 || xb->succ[0] == xb->succ[1] || xb->npred == 0)
            continue;
        int f = cr_field(xb->insns[kx].ops);
        bool vx;
        char bit = branch_bit(xb->insns[kx].mnemonic, &vx);
        if (!bit || block_writes(xb, (size_t)kx, f))
            continue;
        /* the one block C whose branch every entry of X follows */
        int c = -1;
        bool ok = true;
        for (size_t p = 0; p < xb->npred && ok; p++) {
            int q = xb->pred[p];
            const struct mblock *qb = &mf->blocks[q];
            int from = q;
            size_t last = qb->ninsns;
            if (last > 0 && qb->insns[last - 1].isa && qb->insns[last - 1].isa->kind == ISA_JUMP)
                last--;
            if (qb->nsucc == 1 && qb->npred == 1 && q != (int)x) {
                /* an arm: only from C, only on to X (its final jump allowed) */
                ok = !block_writes(qb, last, f);
                from = qb->pred[0];
            }
            ok = ok && (c < 0 || c == from) && from != (int)x;
            c = from;
        }
        if (!ok || c < 0)
            continue;
        const struct mblock *cb = &mf->blocks[c];
        long kc = final_branch(cb);
        if (kc < 0 || cb->nsucc != 2 || cb->succ[0] == cb->succ[1] || cr_field(cb->insns[kc].ops) != f)
            continue;
        /* C's both sides reach X: X itself or an arm of X's */
        for (size_t k = 0; k < 2 && ok; k++) {
            int t = cb->succ[k];
            bool arm = false;
            for (size_t p = 0; p < xb->npred && !arm; p++)
                arm = xb->pred[p] == t && t != c;
            ok = t == (int)x || arm;
        }
        if (!ok || (size_t)c == x)
            continue;
        bool vc;
        if (branch_bit(cb->insns[kc].mnemonic, &vc) != bit)
            continue;
        int tx = xb->insns[kx].target, tc = cb->insns[kc].target;
        if (tx < 0 || tc < 0)
            continue;
        size_t ex = xb->succ[0] == tx ? 0 : 1;
        size_t ec = cb->succ[0] == tc ? 0 : 1;
        if (xb->succ[ex] != tx || cb->succ[ec] != tc)
            continue;
        /* X taken: the bit is vx; C's edge on which the bit was vx */
        size_t same = vx == vc ? ec : 1 - ec;
        var[0] = evar(s, x, ex);
        coef[0] = 1;
        var[1] = evar(s, (size_t)c, same);
        coef[1] = -1;
        lsys_add(&s->sy, var, coef, 2, 0, false);
        if (s->trace) {
            fprintf(stderr, "  condition field cr%d of [%d] tested again at [%zu]:", f, c, x);
            for (size_t j = 0; s->trace > 4 && j < xb->ninsns; j++)
                fprintf(stderr, " %s '%s';", xb->insns[j].mnemonic, xb->insns[j].ops);
            fprintf(stderr, "\n");
        }
    }
}
