/* lower_calls.c — before the program runs: what code generation made of
 * the program's calls, so that the IR engine runs them as the machine code
 * does (eng_module_set_call_plan). An llvm.memset/memcpy/memmove the
 * backend lowered to a call of a memset/memcpy/memmove the module defines
 * (bare-metal programs and their C libraries do) runs that definition, so
 * its blocks are counted; a call the backend deleted (no side effects,
 * result unused: CodeGenPrepare) runs nothing. Provenance locations (see
 * eng_module_fresh) say which IR instruction a machine instruction came
 * from. */
#include "isa.h"
#include "lower.h"
#include "ptrmap.h"
#include "support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* The direct callee of CALL, or NULL. */
static LLVMValueRef direct_callee(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    return f && LLVMGetValueKind(f) == LLVMFunctionValueKind ? f : NULL;
}

/* Whether the operand text OPS names SYM as a whole word. */
static bool names_symbol(const char *ops, const char *sym)
{
    size_t n = strlen(sym);
    for (const char *p = strstr(ops, sym); p; p = strstr(p + 1, sym)) {
        bool before = p == ops || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.');
        bool after = !(isalnum((unsigned char)p[n]) || p[n] == '_');
        if (before && after)
            return true;
    }
    return false;
}

/* Whether the conditional branch BR changes nothing: one of its successors
 * only jumps to the other, which has no phi nodes (code generation folds
 * it, and deletes what computed its condition). */
static bool branch_changes_nothing(LLVMValueRef br)
{
    if (LLVMGetInstructionOpcode(br) != LLVMBr || LLVMGetNumSuccessors(br) != 2)
        return false;
    LLVMBasicBlockRef a = LLVMGetSuccessor(br, 0), b = LLVMGetSuccessor(br, 1);
    for (int k = 0; k < 2; k++) {
        LLVMBasicBlockRef from = k ? b : a, to = k ? a : b;
        LLVMValueRef first = LLVMGetFirstInstruction(from), tfirst = LLVMGetFirstInstruction(to);
        if (from == to)
            return tfirst && LLVMGetInstructionOpcode(tfirst) != LLVMPHI;
        if (first && first == LLVMGetLastInstruction(from) && LLVMGetInstructionOpcode(first) == LLVMBr &&
            LLVMGetNumSuccessors(first) == 1 && LLVMGetSuccessor(first, 0) == to && tfirst &&
            LLVMGetInstructionOpcode(tfirst) != LLVMPHI)
            return true;
    }
    return false;
}

/* Whether the machine code has nothing of V nor of what uses it (SEEN, by
 * ordinal in ORDS), and its value only flows, through instructions without
 * side effects, into branches that change nothing: the backend deleted it. */
static bool deleted_by_backend(LLVMValueRef v, const struct ptrmap *ords, const bool *seen, int depth)
{
    uint64_t o;
    if (depth > 8 || !ptrmap_get(ords, v, &o) || seen[o])
        return false;
    if (LLVMIsATerminatorInst(v))
        return branch_changes_nothing(v);
    if (!lower_side_effect_free(v))
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (!deleted_by_backend(LLVMGetUser(u), ords, seen, depth + 1))
            return false;
    return true;
}

/* The module's own definition of the function an llvm.mem* intrinsic call
 * INST lowers to when machine instruction IN calls it, or NULL. */
static LLVMValueRef defined_mem_callee(LLVMModuleRef m, LLVMValueRef inst, const struct minsn *in)
{
    static const char *const names[][2] = {{"llvm.memset.", "memset"}, {"llvm.memcpy.", "memcpy"},
                                           {"llvm.memmove.", "memmove"}};
    LLVMValueRef f = LLVMGetInstructionOpcode(inst) == LLVMCall ? direct_callee(inst) : NULL;
    if (!f)
        return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (!has_prefix(name, names[k][0]) || !names_symbol(in->ops, names[k][1]))
            continue;
        LLVMValueRef def = LLVMGetNamedFunction(m, names[k][1]);
        return def && !LLVMIsDeclaration(def) && LLVMCountParams(def) == 3 ? def : NULL;
    }
    return NULL;
}

void lower_call_plan(const struct mmodule *mm, struct eng_module *em)
{
    LLVMModuleRef m = eng_module_llvm(em);
    LLVMValueRef *inst = NULL, *callee = NULL;
    size_t n = 0;
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        LLVMValueRef fn = LLVMGetNamedFunction(m, f->name);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        /* every instruction by its ordinal (1-based), and which ones machine code carries */
        size_t nord = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
                nord++;
        LLVMValueRef *ord = sup_xcalloc(nord + 2, sizeof *ord);
        bool *seen = sup_xcalloc(nord + 2, sizeof *seen);
        struct ptrmap ords = {0};
        size_t k = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
                ord[++k] = i;
                ptrmap_put(&ords, i, k);
            }
        for (size_t bi = 0; bi < f->nblocks; bi++)
            for (size_t j = 0; j < f->blocks[bi].ninsns; j++) {
                const struct minsn *in = &f->blocks[bi].insns[j];
                if (in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line || in->src_line > nord)
                    continue;
                seen[in->src_line] = true;
                if (!in->isa || (in->isa->kind != ISA_CALL && in->isa->kind != ISA_TAIL_CALL))
                    continue;
                LLVMValueRef def = defined_mem_callee(m, ord[in->src_line], in);
                bool dup = false;
                for (size_t q = 0; q < n && def; q++)
                    dup |= inst[q] == ord[in->src_line];
                if (def && !dup) {
                    inst = sup_xrealloc(inst, (n + 1) * sizeof *inst);
                    callee = sup_xrealloc(callee, (n + 1) * sizeof *callee);
                    inst[n] = ord[in->src_line];
                    callee[n++] = def;
                }
            }
        /* calls no machine instruction came from, which the backend deleted:
         * their value is unused, or only decides branches that change
         * nothing (CodeGenPrepare folds those and deletes their conditions) */
        for (size_t o = 1; o <= nord; o++) {
            LLVMValueRef i = ord[o], f2 = LLVMGetInstructionOpcode(i) == LLVMCall ? direct_callee(i) : NULL;
            if (seen[o] || !f2 || LLVMGetIntrinsicID(f2) != 0 ||
                !(lower_call_trivially_dead(i) || deleted_by_backend(i, &ords, seen, 0)))
                continue;
            inst = sup_xrealloc(inst, (n + 1) * sizeof *inst);
            callee = sup_xrealloc(callee, (n + 1) * sizeof *callee);
            inst[n] = i;
            callee[n++] = NULL;
        }
        ptrmap_free(&ords);
        free(seen);
        free(ord);
    }
    eng_module_set_call_plan(em, inst, callee, n);
    free(inst);
    free(callee);
}
