/* estimate_memory.c — whether the program fits the chip whose description
 * gives its memories (isa memory: ram_bytes, flash_bytes; the ATmega2560's
 * 8 KiB of SRAM and 256 KiB of flash): RAM holds the globals of the data
 * address space (data, bss and, on the AVR, the constants), the heap and
 * the stack at their high-water marks of the run; flash holds the machine
 * code and the initial values, measured on the object file the backend
 * makes of the module. */
#include "estimate.h"
#include "isa.h"
#include "lower.h"

#include <llvm-c/Object.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

/* Globals in RAM: address space 0 (AVR __flash data is address space 1). */
static uint64_t ram_globals(LLVMModuleRef m, LLVMTargetDataRef td)
{
    uint64_t n = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        if (LLVMIsDeclaration(g) || !strncmp(name, "llvm.", 5) || LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 0)
            continue;
        uint64_t align = LLVMGetAlignment(g) ? LLVMGetAlignment(g) : 1;
        n = (n + align - 1) / align * align + LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
    }
    return n;
}

/* Bytes of the sections flash holds (code, constants, initial values), or 0. */
static uint64_t flash_image(struct eng_module *em, const struct isa *isa, FILE *diag)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef fresh = eng_module_fresh(em, ctx, diag);
    size_t len = 0;
    struct lower_codegen_target t = {fresh ? LLVMGetTarget(fresh) : NULL, isa_cpu(isa), isa_features(isa),
                                   eng_module_name(em), isa_name(isa), em};
    char *obj = fresh ? lower_codegen_obj(fresh, &t, &len, diag) : NULL;
    if (fresh)
        LLVMDisposeModule(fresh);
    LLVMContextDispose(ctx);
    if (!obj)
        return 0;
    uint64_t total = 0;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(obj, len, "lpnest-fit", 0);
    char *err = NULL;
    LLVMBinaryRef bin = LLVMCreateBinary(buf, NULL, &err);
    LLVMDisposeMessage(err);
    if (bin) {
        static const char *const kept[] = {".text", ".rodata", ".data", ".progmem", ".sdata", ".srodata", NULL};
        LLVMSectionIteratorRef sec = LLVMObjectFileCopySectionIterator(bin);
        for (; !LLVMObjectFileIsSectionIteratorAtEnd(bin, sec); LLVMMoveToNextSection(sec)) {
            const char *name = LLVMGetSectionName(sec);
            for (int i = 0; name && kept[i]; i++)
                if (!strncmp(name, kept[i], strlen(kept[i]))) {
                    total += LLVMGetSectionSize(sec);
                    break;
                }
        }
        LLVMDisposeSectionIterator(sec);
        LLVMDisposeBinary(bin);
    }
    LLVMDisposeMemoryBuffer(buf);
    free(obj);
    return total;
}

void cost_memory_fit(struct cost_estimate *e, struct eng_module *em, const struct isa *isa, uint64_t heap,
                    uint64_t stack, FILE *diag)
{
    uint64_t ram = isa_ram_bytes(isa), flash = isa_flash_bytes(isa);
    LLVMModuleRef m = eng_module_llvm(em);
    if (ram) {
        LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
        uint64_t data = ram_globals(m, td);
        uint64_t used = data + heap + stack;
        if (used > ram)
            cost_estimate_warn(e, "the program does not fit %s's RAM: %llu bytes used, %llu available (data+bss %llu, "
                                 "heap %llu, stack high-water %llu: the IR frames and 8 bytes per call, registers "
                                 "saved by the machine code come on top)",
                              e->core, (unsigned long long)used, (unsigned long long)ram, (unsigned long long)data,
                              (unsigned long long)heap, (unsigned long long)stack);
    }
    if (flash) {
        uint64_t code = flash_image(em, isa, diag);
        if (code > flash)
            cost_estimate_warn(e, "the program does not fit %s's flash: %llu bytes of code and initial values, %llu "
                                 "available (the C library's and runtime's code come on top)",
                              e->core, (unsigned long long)code, (unsigned long long)flash);
    }
}
