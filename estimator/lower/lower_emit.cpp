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
#include <llvm/MC/MCAsmBackend.h>
#include <llvm/MC/MCAsmInfo.h>
#include <llvm/MC/MCCodeEmitter.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCObjectFileInfo.h>
#include <llvm/MC/MCObjectWriter.h>
#include <llvm/MC/MCParser/MCAsmParser.h>
#include <llvm/MC/MCParser/MCTargetAsmParser.h>
#include <llvm/MC/MCStreamer.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
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
extern "C" char *lower_assemble(LLVMTargetMachineRef tmr, const char *text, size_t len, size_t *olen);

/* TEXT (LEN bytes), assembly the code generator of TM printed, assembled by LLVM's
 * integrated assembler with TM's own MC layer (triple, cpu, features, options), as
 * `llvm-mc -filetype=obj` does: the object file (malloc'd, *OLEN bytes), or NULL when the
 * assembler reported an error (the caller then has the object compiled). The code
 * generator's object streamer and the assembler share that MC layer (encodings, RVC
 * compression, relaxation, alignment), so the object's bytes are the ones
 * `-filetype=obj` gives for the same code. */
char *lower_assemble(LLVMTargetMachineRef tmr, const char *text, size_t len, size_t *olen)
{
    llvm::TargetMachine *tm = reinterpret_cast<llvm::TargetMachine *>(tmr);
    const llvm::Target &target = tm->getTarget();
    const llvm::Triple &triple = tm->getTargetTriple();
    const llvm::MCTargetOptions &opts = tm->Options.MCOptions;
    const llvm::MCSubtargetInfo &sti = *tm->getMCSubtargetInfo();
    bool failed = false;
    llvm::SourceMgr sm;
    sm.setDiagHandler(
        [](const llvm::SMDiagnostic &d, void *ctx) {
            if (d.getKind() == llvm::SourceMgr::DK_Error)
                *static_cast<bool *>(ctx) = true;
        },
        &failed);
    sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(text, len), "lpnest-asm", false),
                          llvm::SMLoc());
    llvm::MCContext ctx(triple, tm->getMCAsmInfo(), tm->getMCRegisterInfo(), &sti, &sm, &opts);
    std::unique_ptr<llvm::MCObjectFileInfo> ofi(target.createMCObjectFileInfo(ctx, tm->isPositionIndependent()));
    ctx.setObjectFileInfo(ofi.get());
    llvm::SmallVector<char, 0> buf;
    llvm::raw_svector_ostream os(buf);
    llvm::MCAsmBackend *mab = target.createMCAsmBackend(sti, *tm->getMCRegisterInfo(), opts);
    llvm::MCCodeEmitter *ce = target.createMCCodeEmitter(*tm->getMCInstrInfo(), ctx);
    if (!mab || !ce) {
        delete mab;
        delete ce;
        return nullptr;
    }
    std::unique_ptr<llvm::MCObjectWriter> ow = mab->createObjectWriter(os);
    std::unique_ptr<llvm::MCStreamer> str(target.createMCObjectStreamer(
        triple, ctx, std::unique_ptr<llvm::MCAsmBackend>(mab), std::move(ow), std::unique_ptr<llvm::MCCodeEmitter>(ce),
        sti));
    std::unique_ptr<llvm::MCAsmParser> parser(llvm::createMCAsmParser(sm, ctx, *str, *tm->getMCAsmInfo()));
    std::unique_ptr<llvm::MCTargetAsmParser> tap(
        target.createMCAsmParser(sti, *parser, *tm->getMCInstrInfo(), opts));
    if (!str || !parser || !tap)
        return nullptr;
    parser->setTargetParser(*tap);
    if (parser->Run(false) || failed)
        return nullptr;
    str.reset();
    char *out = static_cast<char *>(malloc(buf.size() + 1));
    if (!out)
        abort();
    memcpy(out, buf.data(), buf.size());
    out[buf.size()] = '\0';
    *olen = buf.size();
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
