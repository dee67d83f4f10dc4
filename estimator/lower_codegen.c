/* lower_codegen.c — compiles a copy of the module with the target's LLVM
 * backend (the same options a normal -O2 build uses) to assembly text. No
 * profile is attached: weights would change block placement and code, and
 * the code to price is the code a normal build produces (lower_emit.cpp
 * gives the back end the library info clang gives it). The module given is
 * consumed in the sense that code generation rewrites its IR. */
#include "lower.h"
#include "support.h"

#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <stdlib.h>
#include <string.h>

static void init_llvm(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    LLVMInitializeAllTargetInfos();
    LLVMInitializeAllTargets();
    LLVMInitializeAllTargetMCs();
    LLVMInitializeAllAsmPrinters();
    LLVMInitializeAllAsmParsers();
    /* PowerPC registers as "r3" rather than "3", so operands are unambiguous. */
    const char *argv[] = {"lpnest", "-ppc-asm-full-reg-names"};
    LLVMParseCommandLineOptions(2, argv, "lpnest");
}

/* Architecture part of a triple ("riscv32" of "riscv32-unknown-elf"). */
static size_t arch_len(const char *t)
{
    const char *d = strchr(t, '-');
    return d ? (size_t)(d - t) : strlen(t);
}

bool est_same_arch(const char *a, const char *b)
{
    size_t n = arch_len(a);
    return n == arch_len(b) && strncmp(a, b, n) == 0;
}

/* x86 bitcode built position-independent (clang's default PIE on Linux
 * hosts: the "PIC Level" module flag) is compiled as such, so the code
 * priced is the host binary's (GOT loads, PC-relative jump tables); every
 * other target keeps the static model. */
static LLVMRelocMode reloc_model(LLVMModuleRef m, const char *triple)
{
    bool x86 = !strncmp(triple, "x86_64", 6) || !strncmp(triple, "i386", 4) || !strncmp(triple, "i686", 4);
    return x86 && LLVMGetModuleFlag(m, "PIC Level", 9) ? LLVMRelocPIC : LLVMRelocStatic;
}

/* The backend's output of TYPE for M (malloc'd, *LEN bytes, NUL-terminated), or NULL after a message. */
static char *emit(LLVMModuleRef m, const char *triple, const char *cpu, const char *features, LLVMCodeGenFileType type,
                  size_t *len, FILE *diag)
{
    init_llvm();
    char *norm = LLVMNormalizeTargetTriple(triple);
    LLVMTargetRef target;
    char *err = NULL;
    if (LLVMGetTargetFromTriple(norm, &target, &err)) {
        sup_diag(diag, NULL, 0, 0, "error", "no LLVM backend for '%s': %s", norm, err ? err : "");
        LLVMDisposeMessage(err);
        LLVMDisposeMessage(norm);
        return NULL;
    }
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, norm, cpu ? cpu : "", features ? features : "",
                                                      LLVMCodeGenLevelDefault, reloc_model(m, triple), LLVMCodeModelDefault);
    LLVMDisposeMessage(norm);
    if (!tm) {
        sup_diag(diag, NULL, 0, 0, "error", "cannot create a target machine for '%s' (cpu '%s')", triple, cpu ? cpu : "");
        return NULL;
    }
    LLVMSetTargetMachineAsmVerbosity(tm, 1);
    char *text = est_emit_as_clang(tm, m, type == LLVMObjectFile, len);
    if (!text)
        sup_diag(diag, NULL, 0, 0, "error", "the %s backend cannot emit %s", triple,
                 type == LLVMObjectFile ? "an object file" : "assembly");
    LLVMDisposeTargetMachine(tm);
    return text;
}

char *est_codegen_asm(LLVMModuleRef m, const char *triple, const char *cpu, const char *features, FILE *diag)
{
    size_t len;
    char *text = emit(m, triple, cpu, features, LLVMAssemblyFile, &len, diag);
    const char *dump = getenv("LPNEST_DUMP_ASM"); /* development aid: the assembly that was priced */
    FILE *df = text && dump ? fopen(dump, "w") : NULL;
    if (df) {
        fputs(text, df);
        fclose(df);
    }
    return text;
}

char *est_codegen_obj(LLVMModuleRef m, const char *triple, const char *cpu, const char *features, size_t *len,
                      FILE *diag)
{
    return emit(m, triple, cpu, features, LLVMObjectFile, len, diag);
}
