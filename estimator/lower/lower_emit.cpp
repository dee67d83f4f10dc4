/* lower_emit.cpp — code generation as clang's back end runs it (clang's
 * BackendUtil, `clang -O2 -c app.bc`): the target's transform info and the
 * library info of the module's triple are given to the code generator, so
 * what it knows of the C library (memcmp expanded into loads, libcalls
 * simplified, calls to functions without side effects deleted by
 * CodeGenPrepare) is what a normal build does. LLVM's C API emits with a
 * library info that knows no triple (memcmp stays a call): the code priced
 * would not be the code built. C++ because the C API cannot add passes to
 * the emitting pass manager (the estimator's other C++ shim is
 * engine/module_bitcode.cpp). */
#include <llvm-c/TargetMachine.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Triple.h>

#include <cstdlib>
#include <cstring>

/* declared in lower.h (C) */
extern "C" char *lower_emit_as_clang(LLVMTargetMachineRef tmr, LLVMModuleRef mr, bool object, size_t *len);

char *lower_emit_as_clang(LLVMTargetMachineRef tmr, LLVMModuleRef mr, bool object, size_t *len)
{
    /* LLVMTargetMachineRef wraps a TargetMachine (TargetMachineC.cpp's unwrap) */
    llvm::TargetMachine *tm = reinterpret_cast<llvm::TargetMachine *>(tmr);
    llvm::Module *m = llvm::unwrap(mr);
    m->setDataLayout(tm->createDataLayout());
    llvm::legacy::PassManager pm;
    pm.add(llvm::createTargetTransformInfoWrapperPass(tm->getTargetIRAnalysis()));
    llvm::TargetLibraryInfoImpl tlii{llvm::Triple(m->getTargetTriple())};
    pm.add(new llvm::TargetLibraryInfoWrapperPass(tlii));
    llvm::SmallVector<char, 0> buf;
    llvm::raw_svector_ostream os(buf);
    if (tm->addPassesToEmitFile(pm, os, nullptr,
                                object ? llvm::CodeGenFileType::ObjectFile : llvm::CodeGenFileType::AssemblyFile))
        return nullptr;
    pm.run(*m);
    char *out = static_cast<char *>(malloc(buf.size() + 1));
    if (!out)
        abort();
    memcpy(out, buf.data(), buf.size());
    out[buf.size()] = '\0';
    *len = buf.size();
    return out;
}

/* declared in lower.h (C) */
extern "C" bool lower_call_trivially_dead(LLVMValueRef call);

/* Whether code generation may delete CALL (CodeGenPrepare deletes
 * trivially dead instructions: no side effects, will return, result
 * unused). */
bool lower_call_trivially_dead(LLVMValueRef call)
{
    llvm::Instruction *i = llvm::dyn_cast<llvm::Instruction>(llvm::unwrap(call));
    return i && llvm::isInstructionTriviallyDead(i);
}

/* declared in lower.h (C) */
extern "C" bool lower_side_effect_free(LLVMValueRef inst);

/* Whether INST may go when its value is not used: it writes no memory,
 * throws nothing and returns (a call of a const or pure function). */
bool lower_side_effect_free(LLVMValueRef inst)
{
    llvm::Instruction *i = llvm::dyn_cast<llvm::Instruction>(llvm::unwrap(inst));
    return i && !i->mayHaveSideEffects() && !i->isTerminator();
}
