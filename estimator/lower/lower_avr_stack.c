/* lower_avr_stack.c — AVR functions that receive arguments on the stack, which
 * LLVM 19's AVR back end reads one byte off on the ATmega2560: its return
 * addresses are 3 bytes (22-bit PC), the back end counts 2 when it places the
 * incoming stack arguments (a callee's "ldd r, Y+13" for the caller's
 * Y+14). The machine code then computes other values than the IR, so no
 * count of such a run can be claimed exact: every count becomes an estimate. */
#include "lower.h"
#include "support.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <string.h>

/* Whether F takes an argument the AVR calling convention passes on the
 * stack: a variadic function (every variadic argument), a byval aggregate,
 * or more bytes than the 18 argument registers r25..r8 hold (each
 * argument rounded up to an even number of bytes). */
static bool stack_arguments(LLVMValueRef f, LLVMTargetDataRef td)
{
    LLVMTypeRef ft = LLVMGlobalGetValueType(f);
    if (LLVMIsFunctionVarArg(ft))
        return true;
    unsigned long long bytes = 0;
    unsigned n = LLVMCountParams(f);
    unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetEnumAttributeAtIndex(f, i + 1, byval))
            return true;
        unsigned long long size = LLVMABISizeOfType(td, LLVMTypeOf(LLVMGetParam(f, i)));
        bytes += (size + 1) & ~1ULL;
    }
    return bytes > 18;
}

const char *lower_avr_stack_args(struct mmodule *mm, const struct eng_profile *p)
{
    const char *found = NULL;
    for (size_t i = 0; i < mm->nfuncs && !found; i++) {
        const struct mfunc *mf = &mm->funcs[i];
        if (mf->prof < 0 || eng_profile_func_calls(p, (size_t)mf->prof) == 0)
            continue;
        LLVMValueRef f = eng_profile_counts(p, (size_t)mf->prof)->fn;
        LLVMModuleRef mod = f ? LLVMGetGlobalParent(f) : NULL;
        const char *triple = mod ? LLVMGetTarget(mod) : NULL;
        if (!triple || strncmp(triple, "avr", 3))
            return NULL;
        if (stack_arguments(f, LLVMGetModuleDataLayout(mod)))
            found = mf->name;
    }
    if (!found)
        return NULL;
    for (size_t i = 0; i < mm->nfuncs; i++)
        for (size_t b = 0; b < mm->funcs[i].nblocks; b++) {
            mm->funcs[i].blocks[b].source = MC_ESTIMATE;
            mm->funcs[i].blocks[b].split_estimated = false;
        }
    return found;
}
