/* lower_select_flags.c — an AVR min/max wider than its 16-bit select pieces
 * whose choice is made once, as a flag: the compare of the whole operands
 * (cp/cpi and a cpc per further byte), the flag made with a branch around
 * its clearing ("ldi rF, 1; brge .L; mov rF, r1; .L:"), then one test of
 * the flag per register piece ("cpi rF, 0; brne") over the constant
 * operand's piece loads (adpcm.c's clamp on the ATmega2560:
 * smax.i32(x, -28368) as "cpi r22, 49; cpc r23, r30; cpc r24, r18;
 * cpc r25, r19; ldi r18, 1; brge", then "ldi r24, 255; ldi r25, 255" and
 * "ldi r22, 48; ldi r23, 145" each under "cpi r18, 0; brne").
 *
 * The flag's branch is then the record's choice: the side that clears the
 * flag is the side on which the pieces load the constant, so it gives the
 * constant operand. The piece tests follow the flag (mc_rule_flag_tests).
 * Internal to estimator/. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"

#include <stdlib.h>
#include <string.h>

/* "rN" at the start of OPS (up to the comma or the end): N, or -1. */
static int avr_reg(const char *ops)
{
    if (ops[0] != 'r' || ops[1] < '0' || ops[1] > '9')
        return -1;
    char *end;
    long n = strtol(ops + 1, &end, 10);
    return (*end == ',' || *end == '\0') && n >= 0 && n < 32 ? (int)n : -1;
}

/* Whether block B holds only control and "ldi" loads (the constant's pieces). */
static bool only_constant_loads(const struct mblock *b)
{
    size_t loads = 0;
    for (size_t k = 0; k < b->ninsns; k++) {
        if (mc_is_control(&b->insns[k]))
            continue;
        if (strcmp(b->insns[k].mnemonic, "ldi"))
            return false;
        loads++;
    }
    return loads > 0;
}

/* Whether block M ends in a branch on the compare of two BYTES-byte values
 * (one "cp"/"cpi", then "cpc"s, past constant loads and copies) after which
 * register *F is set to a non-zero constant, and its successor *ARMK is a
 * block that only clears *F ("mov rF, r1", "clr rF", "ldi rF, 0") and joins
 * the other successor. */
static bool flag_compare(const struct mfunc *mf, size_t m, unsigned bytes, int *f, int *armk)
{
    const struct mblock *b = &mf->blocks[m];
    if (b->nsucc != 2 || b->ninsns < 3 || b->succ[0] == b->succ[1])
        return false;
    for (int k = 0; k < 2; k++) {
        const struct mblock *arm = &mf->blocks[b->succ[k]];
        const struct minsn *only = NULL;
        size_t n = 0;
        for (size_t j = 0; j < arm->ninsns; j++)
            if (!mc_is_control(&arm->insns[j]))
                only = &arm->insns[j], n++;
        if (n != 1 || arm->npred != 1 || arm->nsucc != 1 || arm->succ[0] != b->succ[1 - k])
            continue;
        int r = avr_reg(only->ops);
        const char *src = strchr(only->ops, ',');
        bool clears = r >= 2 && ((!strcmp(only->mnemonic, "mov") && src && !strcmp(src, ", r1")) ||
                                 (!strcmp(only->mnemonic, "clr") && !src) ||
                                 (!strcmp(only->mnemonic, "ldi") && src && strtol(src + 1, NULL, 0) == 0));
        if (!clears)
            continue;
        /* the block: the branch, then back over loads and copies to the
         * flag's non-zero load, and the compare chain before it */
        size_t j = b->ninsns - 1;
        if (!b->insns[j].isa || b->insns[j].isa->kind != ISA_COND_BRANCH)
            return false;
        bool loaded = false;
        unsigned chain = 0;
        bool first = false;
        while (j-- > 0 && !first) {
            const struct minsn *in = &b->insns[j];
            const char *mn = in->mnemonic;
            if (!strcmp(mn, "cpc")) {
                chain++;
                continue;
            }
            if (!strcmp(mn, "cp") || !strcmp(mn, "cpi")) {
                chain++;
                first = true;
                continue;
            }
            if (!strcmp(mn, "ldi") || !strcmp(mn, "mov") || !strcmp(mn, "movw")) {
                int d = avr_reg(in->ops);
                bool writes = d == r || (!strcmp(mn, "movw") && d == r - 1);
                if (writes && !loaded) {
                    /* the last write before the branch: a non-zero constant,
                     * after the compare (earlier ones are other values) */
                    const char *c = strchr(in->ops, ',');
                    if (strcmp(mn, "ldi") || chain || !c || strtol(c + 1, NULL, 0) == 0)
                        return false;
                    loaded = true;
                }
                continue;
            }
            return false;
        }
        if (!first || !loaded || chain != bytes)
            return false;
        *f = r;
        *armk = k;
        return true;
    }
    return false;
}

/* Whether block M tests register F against 0 ("cpi rF, 0" or "tst rF",
 * then breq/brne) with one side only loading constants: *ZERO_LOADS says
 * whether that side is the one F == 0 goes to. */
static bool piece_test(const struct mfunc *mf, size_t m, int f, bool *zero_loads)
{
    const struct mblock *b = &mf->blocks[m];
    int taken;
    struct lower_flag_origin *o;
    size_t nt, no = lower_flag_test(mf, m, &taken, &o, &nt);
    free(o);
    if (!no || b->nsucc != 2)
        return false;
    const struct minsn *cmp = NULL, *br = NULL;
    for (size_t k = 0; k < b->ninsns; k++) {
        const char *mn = b->insns[k].mnemonic;
        if (!strcmp(mn, "cpi") || !strcmp(mn, "tst") || !strncmp(mn, "cp", 2))
            cmp = &b->insns[k];
        if (!strcmp(mn, "breq") || !strcmp(mn, "brne"))
            br = &b->insns[k];
    }
    if (!cmp || !br || avr_reg(cmp->ops) != f ||
        (!strcmp(cmp->mnemonic, "cpi") ? strtol(strchr(cmp->ops, ',') + 1, NULL, 0) != 0 : strcmp(cmp->mnemonic, "tst")))
        return false;
    int nottaken = b->succ[0] == taken ? b->succ[1] : b->succ[0];
    bool lt = only_constant_loads(&mf->blocks[taken]), ln = only_constant_loads(&mf->blocks[nottaken]);
    if (lt == ln)
        return false;
    /* brne: taken when F != 0 */
    bool taken_is_zero = !strcmp(br->mnemonic, "breq");
    *zero_loads = lt ? taken_is_zero : !taken_is_zero;
    return true;
}

int mc_avr_minmax_flag(const struct solver *s, const int *heads, size_t nh, LLVMValueRef ri, int *armk, int *sense)
{
    const struct mfunc *mf = s->mf;
    if (!s->avr_entry || nh < 2 || !ri || !LLVMIsACallInst(ri) || LLVMGetNumOperands(ri) < 3 ||
        LLVMGetTypeKind(LLVMTypeOf(ri)) != LLVMIntegerTypeKind)
        return -1;
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(ri));
    int ci = LLVMIsAConstantInt(LLVMGetOperand(ri, 1)) ? 1 : LLVMIsAConstantInt(LLVMGetOperand(ri, 0)) ? 0 : -1;
    if (ci < 0 || bits <= 16 || bits > 64 || bits % 8)
        return -1;
    int found = -1, f = -1, k = -1;
    for (size_t i = 0; i < nh; i++) {
        int ff, kk;
        if (flag_compare(mf, (size_t)heads[i], bits / 8, &ff, &kk)) {
            if (found >= 0)
                return -1;
            found = heads[i], f = ff, k = kk;
        }
    }
    if (found < 0)
        return -1;
    /* every other head a piece under the flag, all agreeing which flag
     * value loads the constant */
    int zero_side = -1;
    for (size_t i = 0; i < nh; i++) {
        bool z;
        if (heads[i] == found)
            continue;
        if (!piece_test(mf, (size_t)heads[i], f, &z) || (zero_side >= 0 && zero_side != (int)z))
            return -1;
        zero_side = z;
    }
    if (zero_side < 0)
        return -1;
    /* the arm clears the flag: it gives the constant when the pieces load
     * it on zero, the other operand when they load it on non-zero */
    bool arm_constant = zero_side == 1;
    int arm_operand = arm_constant ? ci : 1 - ci;
    *armk = k;
    *sense = arm_operand == 1 ? 0 : 1; /* (0: the arm gives the second value) */
    return found;
}
