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
#include "lower_ppc.h"
#include "lower_solver.h"

#include <stdio.h>
#include <string.h>

/* Whether IN may write condition register field F on the way from one
 * branch to the other: mc_ppc_writes_field, or any control transfer. */
static bool writes_field(const struct minsn *in, int f)
{
    return mc_is_control(in) || !strncmp(in->mnemonic, "bl", 2) || mc_ppc_writes_field(in, f);
}

/* Whether block A writes field F anywhere (up to index END). */
static bool block_writes(const struct mblock *a, size_t end, int f)
{
    for (size_t j = 0; j < end && j < a->ninsns; j++)
        if (writes_field(&a->insns[j], f))
            return true;
    return false;
}

/* AVR: the bit of SREG a conditional branch tests and the value that makes
 * it taken; 0 for other branches. */
static char avr_branch_bit(const char *mn, bool *value)
{
    static const struct {
        const char *m;
        char bit;
        bool v;
    } t[] = {{"brlt", 's', true}, {"brge", 's', false}, {"brlo", 'c', true}, {"brcs", 'c', true},
             {"brsh", 'c', false}, {"brcc", 'c', false}, {"breq", 'z', true}, {"brne", 'z', false},
             {"brmi", 'n', true}, {"brpl", 'n', false}, {"brvs", 'v', true}, {"brvc", 'v', false}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(mn, t[i].m)) {
            *value = t[i].v;
            return t[i].bit;
        }
    return 0;
}

/* AVR register number of "rN" at O (N < 32), or -1. */
static int avr_reg_at(const char *o)
{
    while (*o == ' ')
        o++;
    if (o[0] != 'r' || o[1] < '0' || o[1] > '9')
        return -1;
    int n = o[1] - '0';
    if (o[2] >= '0' && o[2] <= '9')
        n = 10 * n + (o[2] - '0');
    return n < 32 ? n : -1;
}

/* The registers AVR instruction IN may write, as a mask (all for a call or
 * what is not understood): its first operand when a register (and the
 * next for the word forms), r0:r1 for the multiplies, a pointer register
 * pair it increments or decrements. */
static uint32_t avr_writes(const struct minsn *in)
{
    const char *mn = in->mnemonic, *o = in->ops;
    if (strstr(mn, "call") || !strncmp(mn, "des", 3) || !strcmp(mn, "spm"))
        return ~0u;
    uint32_t w = 0;
    if (!strncmp(mn, "mul", 3) || !strncmp(mn, "fmul", 4))
        w |= 3u;
    int d = avr_reg_at(o);
    if (d >= 0 && strcmp(mn, "cp") && strcmp(mn, "cpc") && strcmp(mn, "cpi") && strcmp(mn, "tst") &&
        strcmp(mn, "push") && strcmp(mn, "out") && strcmp(mn, "bst") && strcmp(mn, "sbrc") && strcmp(mn, "sbrs")) {
        w |= 1u << d;
        if ((!strcmp(mn, "movw") || !strcmp(mn, "adiw") || !strcmp(mn, "sbiw")) && d < 31)
            w |= 1u << (d + 1);
    } else if (d < 0 && o[0] && strcmp(mn, "st") && strcmp(mn, "std") && strcmp(mn, "sts") && strcmp(mn, "out") &&
               strcmp(mn, "push") && strcmp(mn, "rjmp") && strcmp(mn, "jmp") && !mc_is_control(in))
        return ~0u; /* (an operand not understood) */
    static const char ptr[] = "XYZ";
    for (int p = 0; p < 3; p++) {
        const char *h = strchr(o, ptr[p]);
        if (h && (h[1] == '+' || (h > o && h[-1] == '-')) && !(h[1] == '+' && h[2] >= '0' && h[2] <= '9'))
            w |= 3u << (26 + 2 * p);
    }
    return w;
}

/* Whether AVR instruction IN leaves SREG as it is. */
static bool avr_keeps_flags(const struct minsn *in)
{
    static const char *const keep[] = {"ldi", "mov", "movw", "ld", "ldd", "lds", "st", "std", "sts", "push",
                                       "pop", "in", "lpm", "elpm", "nop", NULL};
    for (const char *const *k = keep; *k; k++)
        if (!strcmp(in->mnemonic, *k))
            return true;
    return false;
}

/* AVR: the compare chain before the branch at K of B ("cp"/"cpi", then
 * "cpc"s, with only instructions that keep SREG among and after them): its
 * first and last indices, or false. */
static bool avr_chain(const struct mblock *b, size_t k, size_t *first, size_t *last)
{
    size_t j = k;
    bool found = false;
    while (j-- > 0) {
        const char *mn = b->insns[j].mnemonic;
        if (!strcmp(mn, "cpc")) {
            if (!found)
                *last = j;
            found = true;
            continue;
        }
        if (!strcmp(mn, "cp") || !strcmp(mn, "cpi")) {
            if (!found)
                *last = j;
            *first = j;
            return true;
        }
        if (!avr_keeps_flags(&b->insns[j]))
            return false;
    }
    return false;
}

/* AVR: whether the branch at KX of X reads the flags of a compare chain the
 * same as C's (at KC) of registers none of C's code after its chain, the
 * arms nor X before its chain's end writes. */
static bool avr_same_compare(const struct mfunc *mf, size_t c, size_t kc, size_t x, size_t kx, const int *arms,
                             size_t narms)
{
    const struct mblock *cb = &mf->blocks[c], *xb = &mf->blocks[x];
    size_t c0, c1, x0, x1;
    if (!avr_chain(cb, kc, &c0, &c1) || !avr_chain(xb, kx, &x0, &x1))
        return false;
    uint32_t regs = 0;
    size_t nc = 0, nx = 0;
    for (size_t j = c0; j <= c1; j++)
        if (!strncmp(cb->insns[j].mnemonic, "cp", 2)) {
            nc++;
            const char *o = cb->insns[j].ops, *comma = strchr(o, ',');
            int a = avr_reg_at(o), r = comma ? avr_reg_at(comma + 1) : -1;
            if (a < 0)
                return false;
            regs |= 1u << a;
            if (r >= 0)
                regs |= 1u << r;
        }
    /* the same chain, compare for compare */
    size_t jc = c0;
    for (size_t j = x0; j <= x1; j++) {
        if (strncmp(xb->insns[j].mnemonic, "cp", 2))
            continue;
        nx++;
        while (jc <= c1 && strncmp(cb->insns[jc].mnemonic, "cp", 2))
            jc++;
        if (jc > c1 || strcmp(cb->insns[jc].mnemonic, xb->insns[j].mnemonic) ||
            strcmp(cb->insns[jc].ops, xb->insns[j].ops))
            return false;
        jc++;
    }
    if (nc != nx)
        return false;
    uint32_t w = 0;
    for (size_t j = c0; j < cb->ninsns; j++)
        w |= avr_writes(&cb->insns[j]);
    for (size_t a = 0; a < narms; a++)
        for (size_t j = 0; j < mf->blocks[arms[a]].ninsns; j++)
            w |= avr_writes(&mf->blocks[arms[a]].insns[j]);
    for (size_t j = 0; j <= x1; j++)
        w |= avr_writes(&xb->insns[j]);
    return (w & regs) == 0;
}

void mc_rule_cr_reuse(struct solver *s, int *var, signed char *coef)
{
    const struct mfunc *mf = s->mf;
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    bool ppc = triple && !strncmp(triple, "powerpc", 7), avr = triple && !strncmp(triple, "avr", 3);
    if (!ppc && !avr)
        return;
    for (size_t x = 0; x < mf->nblocks; x++) {
        const struct mblock *xb = &mf->blocks[x];
        long kx = mc_final_branch(xb, false);
        if (kx < 0 || xb->nsucc != 2 || xb->succ[0] == xb->succ[1] || xb->npred == 0 || xb->npred > 2)
            continue;
        /* the one block C whose branch every entry of X follows, and its arms */
        int c = -1, arms[2];
        size_t narms = 0;
        bool ok = true;
        for (size_t p = 0; p < xb->npred && ok; p++) {
            int q = xb->pred[p];
            const struct mblock *qb = &mf->blocks[q];
            int from = q;
            if (qb->nsucc == 1 && qb->npred == 1 && q != (int)x) {
                arms[narms++] = q; /* an arm: only from C, only on to X */
                from = qb->pred[0];
            }
            ok = (c < 0 || c == from) && from != (int)x;
            c = from;
        }
        if (!ok || c < 0)
            continue;
        const struct mblock *cb = &mf->blocks[c];
        long kc = mc_final_branch(cb, false);
        if (kc < 0 || cb->nsucc != 2 || cb->succ[0] == cb->succ[1])
            continue;
        /* C's both sides reach X: X itself or an arm of X's */
        for (size_t k = 0; k < 2 && ok; k++) {
            int t = cb->succ[k];
            bool arm = false;
            for (size_t a = 0; a < narms; a++)
                arm |= arms[a] == t;
            ok = t == (int)x || arm;
        }
        if (!ok)
            continue;
        bool vx, vc;
        char bit;
        if (ppc) {
            int f, fc;
            bit = mc_ppc_branch_bit(&xb->insns[kx], &vx, &f);
            if (!bit || mc_ppc_branch_bit(&cb->insns[kc], &vc, &fc) != bit || fc != f ||
                block_writes(xb, (size_t)kx, f))
                continue;
            for (size_t a = 0; a < narms && ok; a++) {
                const struct mblock *ab = &mf->blocks[arms[a]];
                size_t last = ab->ninsns;
                if (last > 0 && ab->insns[last - 1].isa && ab->insns[last - 1].isa->kind == ISA_JUMP)
                    last--;
                ok = !block_writes(ab, last, f);
            }
        } else {
            bit = avr_branch_bit(xb->insns[kx].mnemonic, &vx);
            ok = bit && avr_branch_bit(cb->insns[kc].mnemonic, &vc) == bit &&
                 avr_same_compare(mf, (size_t)c, (size_t)kc, x, (size_t)kx, arms, narms);
        }
        if (!ok)
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
        if (s->trace)
            fprintf(stderr, "  the test of [%d] made again at [%zu]\n", c, x);
    }
}
