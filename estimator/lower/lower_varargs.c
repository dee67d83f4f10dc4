/* lower_varargs.c — the x86-64 variadic prologue's save of the vector
 * registers. A variadic function stores xmm0-xmm7 for va_arg only when the
 * caller says it passed some there: the SysV ABI has the caller set %al to
 * the number of vector registers its arguments use, and the prologue's
 * "testb %al, %al; je" skips the save otherwise. Which calls set %al is in
 * the IR (an argument of a floating-point or vector type goes in a vector
 * register; x86_fp80 goes in memory), and how often each call ran is in the
 * run's counts: the save runs as often as the calls with such arguments. */
#include "counts.h"
#include "estimator.h"
#include "lower.h"
#include "lower_solver.h"

#include <string.h>

/* Whether CALL passes an argument in a vector register. */
static bool passes_vectors(LLVMValueRef call)
{
    unsigned n = LLVMGetNumArgOperands(call);
    for (unsigned k = 0; k < n; k++) {
        LLVMTypeKind t = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, k)));
        if (t == LLVMHalfTypeKind || t == LLVMBFloatTypeKind || t == LLVMFloatTypeKind ||
            t == LLVMDoubleTypeKind || t == LLVMFP128TypeKind || t == LLVMVectorTypeKind)
            return true;
    }
    return false;
}

/* How many of XF's entries passed vector registers (%al not zero), or -1
 * when not known: XF is not variadic x86-64 code, its address is used
 * otherwise than by direct calls, or the calls counted are not all its
 * entries (callers outside the module). */
double mc_va_vector_entries(const struct eng_profile *p, const struct cnt_func *xf)
{
    LLVMValueRef fn = xf->fn;
    LLVMModuleRef mod = fn ? LLVMGetGlobalParent(fn) : NULL;
    const char *triple = mod ? LLVMGetTarget(mod) : NULL;
    if (!triple || strncmp(triple, "x86_64", 6) || !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)) ||
        xf->nedges == 0)
        return -1;
    double with = 0, all = 0;
    size_t nf = eng_profile_nfuncs(p);
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn)
            return -1; /* (its address taken: an indirect call may enter it) */
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
        LLVMValueRef caller = LLVMGetBasicBlockParent(bb);
        const struct cnt_func *cf = NULL;
        for (size_t f = 0; f < nf && !cf; f++)
            if (eng_profile_counts(p, f)->fn == caller)
                cf = eng_profile_counts(p, f);
        if (!cf || !cf->compiled)
            return -1;
        double runs = -1;
        for (uint32_t b = 0; b < cf->nblocks && runs < 0; b++)
            if (cf->blocks[b].bb == bb)
                runs = (double)cf->blocks[b].count;
        if (runs < 0)
            return -1;
        all += runs;
        if (passes_vectors(call))
            with += runs;
    }
    /* every entry is one of the calls counted (a call inside a loop body
     * that left early would not be: its block's count is the block's) */
    return all == (double)xf->edges[0].count ? with : -1;
}

/* The prologue's branch "testb %al, %al; je SKIP": the fall-through side
 * (the save) runs as often as the entries that passed vector registers. */
void mc_rule_va_vector_save(struct solver *s, int *var, signed char *coef)
{
    if (s->va_vector_entries < 0)
        return;
    const struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        const struct mblock *b = &mf->blocks[m];
        int taken, other;
        if (b->ninsns < 2 || !mc_branch_sides(s, m, &taken, &other))
            continue;
        const struct minsn *test = &b->insns[b->ninsns - 2], *br = &b->insns[b->ninsns - 1];
        if (strcmp(br->mnemonic, "je") || strcmp(test->mnemonic, "testb") || strcmp(test->ops, "%al, %al"))
            continue;
        for (size_t k = 0; k < b->nsucc; k++)
            if (b->succ[k] == other) {
                var[0] = evar(s, m, k);
                coef[0] = 1;
                lsys_add(&s->sy, var, coef, 1, s->va_vector_entries, false);
            }
        return; /* (the prologue's: the first such branch) */
    }
}
