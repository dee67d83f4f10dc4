/* lower_calls.c — before the program runs: what code generation made of
 * the program's calls, so that the IR engine runs them as the machine code
 * does (eng_module_set_call_plan). An llvm.memset/memcpy/memmove the
 * backend lowered to a call of a memset/memcpy/memmove the module defines
 * (bare-metal programs and their C libraries do) runs that definition, so
 * its blocks are counted — also when the backend merged several such calls
 * into one (two tail calls "j memcpy" joined by branch folding: the merged
 * call keeps none of their locations); a call of the module's own memcmp or
 * bcmp that the backend expanded inline (ExpandMemCmp: loads and compares
 * with the call's location, no call) does not run the module's body, the
 * board never calls it; a call the backend deleted (no side effects, result
 * unused: CodeGenPrepare) runs nothing. Provenance locations (see
 * eng_module_fresh) say which IR instruction a machine instruction came
 * from. */
#include "isa.h"
#include "lower.h"
#include "ptrmap.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* The direct callee of CALL, or NULL. */
static LLVMValueRef direct_callee(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    return f && LLVMGetValueKind(f) == LLVMFunctionValueKind ? f : NULL;
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

/* The name of the routine an llvm.mem* intrinsic call INST lowers to
 * ("memcpy" for llvm.memcpy.*), or NULL. */
static const char *mem_routine(LLVMValueRef inst)
{
    static const char *const names[][2] = {{"llvm.memset.", "memset"}, {"llvm.memcpy.", "memcpy"},
                                           {"llvm.memmove.", "memmove"}};
    LLVMValueRef f = LLVMGetInstructionOpcode(inst) == LLVMCall ? direct_callee(inst) : NULL;
    if (!f)
        return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (has_prefix(name, names[k][0]))
            return names[k][1];
    return NULL;
}

/* The module's own definition of routine NAME with NPARAMS parameters, or NULL. */
static LLVMValueRef defined(LLVMModuleRef m, const char *name, unsigned nparams)
{
    LLVMValueRef def = name ? LLVMGetNamedFunction(m, name) : NULL;
    return def && !LLVMIsDeclaration(def) && LLVMCountParams(def) == nparams ? def : NULL;
}

/* Whether CALL's result is only compared with 0 (memcmp(...) == 0, < 0): then
 * any result of the right sign is the program's. */
static bool compared_with_zero(LLVMValueRef call)
{
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAICmpInst(user))
            return false;
        LLVMValueRef other = LLVMGetOperand(user, 0) == call ? LLVMGetOperand(user, 1) : LLVMGetOperand(user, 0);
        if (!LLVMIsAConstantInt(other) || LLVMConstIntGetZExtValue(other) != 0)
            return false;
    }
    return true;
}

/* The calls a function's machine code makes, by IR ordinal (1-based). */
struct fcalls {
    LLVMValueRef *ord;
    size_t nord;
    bool *seen;          /* some machine instruction carries the ordinal */
    bool *memory;        /* ... a load or store */
    char **called;       /* the symbol a call or tail call carrying it names (NULL: none) */
    char **orphan;       /* symbols called by calls without an IR call of theirs to carry */
    size_t norphan;
};

static void add_plan(struct eng_call_plan **plan, size_t *n, LLVMValueRef inst, LLVMValueRef callee,
                     enum eng_call_kind kind)
{
    for (size_t q = 0; q < *n; q++)
        if ((*plan)[q].inst == inst)
            return;
    *plan = sup_xrealloc(*plan, (*n + 1) * sizeof **plan);
    (*plan)[(*n)++] = (struct eng_call_plan){.inst = inst, .callee = callee, .kind = kind};
}

static bool orphan_of(const struct fcalls *fc, const char *sym)
{
    for (size_t k = 0; k < fc->norphan; k++)
        if (!strcmp(fc->orphan[k], sym))
            return true;
    return false;
}

/* Whether IR instruction I is a call that machine call instruction naming SYM may
 * stand for: a call of SYM, or an intrinsic lowered to it. */
static bool calls_symbol(LLVMValueRef i, const char *sym)
{
    if (!i || LLVMGetInstructionOpcode(i) != LLVMCall)
        return false;
    const char *r = mem_routine(i);
    if (r)
        return !strcmp(r, sym);
    LLVMValueRef f = direct_callee(i);
    size_t len;
    return f && !strcmp(LLVMGetValueName2(f, &len), sym);
}

static void scan_calls(const struct mfunc *f, LLVMValueRef fn, struct fcalls *fc)
{
    memset(fc, 0, sizeof *fc);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            fc->nord++;
    fc->ord = sup_xcalloc(fc->nord + 2, sizeof *fc->ord);
    fc->seen = sup_xcalloc(fc->nord + 2, sizeof *fc->seen);
    fc->memory = sup_xcalloc(fc->nord + 2, sizeof *fc->memory);
    fc->called = sup_xcalloc(fc->nord + 2, sizeof *fc->called);
    size_t k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            fc->ord[++k] = i;
    for (size_t bi = 0; bi < f->nblocks; bi++)
        for (size_t j = 0; j < f->blocks[bi].ninsns; j++) {
            const struct minsn *in = &f->blocks[bi].insns[j];
            bool located = in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= fc->nord;
            if (located) {
                fc->seen[in->src_line] = true;
                fc->memory[in->src_line] |= in->isa && (in->isa->kind == ISA_LOAD || in->isa->kind == ISA_STORE);
            }
            if (!in->isa || (in->isa->kind != ISA_CALL && in->isa->kind != ISA_TAIL_CALL))
                continue;
            char sym[256];
            lower_call_symbol(in->ops, sym, sizeof sym);
            if (!sym[0])
                continue;
            if (located && calls_symbol(fc->ord[in->src_line], sym)) {
                if (!fc->called[in->src_line])
                    fc->called[in->src_line] = sup_strdup(sym);
            } else if (!orphan_of(fc, sym)) {
                /* a call whose location is none of the IR calls of SYM (several merged: line 0) */
                fc->orphan = sup_xrealloc(fc->orphan, (fc->norphan + 1) * sizeof *fc->orphan);
                fc->orphan[fc->norphan++] = sup_strdup(sym);
            }
        }
}

static void free_calls(struct fcalls *fc)
{
    for (size_t k = 0; k <= fc->nord; k++)
        free(fc->called[k]);
    for (size_t k = 0; k < fc->norphan; k++)
        free(fc->orphan[k]);
    free(fc->orphan);
    free(fc->called);
    free(fc->memory);
    free(fc->seen);
    free(fc->ord);
}

static struct mfunc *mfunc_named(struct mmodule *mm, const char *name)
{
    for (size_t i = 0; i < mm->nfuncs; i++)
        if (!strcmp(mm->funcs[i].name, name))
            return &mm->funcs[i];
    return NULL;
}

void lower_call_plan(struct mmodule *mm, struct eng_module *em)
{
    LLVMModuleRef m = eng_module_llvm(em);
    struct eng_call_plan *plan = NULL;
    size_t n = 0;
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        LLVMValueRef fn = LLVMGetNamedFunction(m, f->name);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        struct fcalls fc;
        scan_calls(f, fn, &fc);
        for (size_t o = 1; o <= fc.nord; o++) {
            LLVMValueRef i = fc.ord[o];
            if (LLVMGetInstructionOpcode(i) != LLVMCall)
                continue;
            const char *routine = mem_routine(i);
            LLVMValueRef def = defined(m, routine, 3);
            if (def) {
                /* the module's memcpy...: called by its own machine call, or by a
                 * call several IR calls were merged into (a length that is not
                 * a constant is always a call; a constant one may be expanded
                 * into loads and stores, which carry its location; the merged
                 * call may carry nothing of it: AVR, two 40-byte copies of the
                 * two arms of an if, the arguments' set-up of one located, of
                 * the other a GEP's) */
                LLVMValueRef len = LLVMGetOperand(i, 2);
                bool merged = !fc.called[o] && orphan_of(&fc, routine) && (!LLVMIsAConstantInt(len) || !fc.memory[o]);
                if (fc.called[o] || merged)
                    add_plan(&plan, &n, i, def, ENG_CALL_ROUTINE);
                continue;
            }
            LLVMValueRef callee = direct_callee(i);
            size_t nlen;
            const char *cname = callee ? LLVMGetValueName2(callee, &nlen) : "";
            bool is_cmp = (!strcmp(cname, "memcmp") || !strcmp(cname, "bcmp")) && defined(m, cname, 3);
            if (is_cmp && !fc.called[o] && !orphan_of(&fc, cname) && !fc.seen[o]) {
                /* no machine instruction of it, no call of the routine to merge
                 * it into: expanded with its loads folded into others (AVR, a
                 * 2-byte memcmp(..) == 0 of bytes just stored, made as the
                 * compare of the registers stored), or code without locations:
                 * whether the board calls it, unknown */
                struct mfunc *g = mfunc_named(mm, cname);
                if (g)
                    g->entries_uncertain = true;
            }
            if (is_cmp && !fc.called[o] && !orphan_of(&fc, cname) && fc.seen[o]) {
                /* expanded inline: the board never calls it */
                if (compared_with_zero(i))
                    add_plan(&plan, &n, i, callee, ENG_CALL_EXPANDED);
                else {
                    /* its result is used otherwise: the engine runs the body for
                     * it, which the board does not: those counts are not the
                     * board's */
                    struct mfunc *g = mfunc_named(mm, cname);
                    if (g)
                        g->entries_uncertain = true;
                }
            }
        }
        /* calls no machine instruction came from, which the backend deleted:
         * their value is unused, or only decides branches that change
         * nothing (CodeGenPrepare folds those and deletes their conditions) */
        struct ptrmap ords = {0};
        for (size_t o = 1; o <= fc.nord; o++)
            ptrmap_put(&ords, fc.ord[o], o);
        for (size_t o = 1; o <= fc.nord; o++) {
            LLVMValueRef i = fc.ord[o], f2 = LLVMGetInstructionOpcode(i) == LLVMCall ? direct_callee(i) : NULL;
            if (fc.seen[o] || !f2 || LLVMGetIntrinsicID(f2) != 0 ||
                !(lower_call_trivially_dead(i) || deleted_by_backend(i, &ords, fc.seen, 0)))
                continue;
            add_plan(&plan, &n, i, NULL, ENG_CALL_DELETED);
        }
        ptrmap_free(&ords);
        free_calls(&fc);
    }
    eng_module_set_call_plan(em, plan, n);
    free(plan);
}
