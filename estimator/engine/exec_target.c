/* exec_target.c — what the engine needs to know about the module's target:
 * pointer width, byte order, alignment rules, C type widths and the va_list
 * layout, read from the module's triple and data layout. */
#include "exec.h"
#include "support.h"

#include <string.h>

static bool starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

bool exec_target_init(struct vm *vm, FILE *diag)
{
    struct target_info *t = &vm->t;
    const char *triple = LLVMGetTarget(vm->m);
    const char *layout = LLVMGetDataLayoutStr(vm->m);
    t->triple = triple ? triple : "";
    vm->td = LLVMCreateTargetData(layout ? layout : "");
    t->big_endian = LLVMByteOrder(vm->td) == LLVMBigEndian;
    t->ptr_bytes = LLVMPointerSize(vm->td);
    t->ptr_bits = t->ptr_bytes * 8;
    if (t->ptr_bytes != 2 && t->ptr_bytes != 4 && t->ptr_bytes != 8) {
        sup_diag(diag, eng_module_name(vm->mod), 0, 0, "error", "unsupported pointer size of %u bytes in the data layout",
                 t->ptr_bytes);
        return false;
    }
    vm->ptr_mask = t->ptr_bits == 64 ? ~0ULL : ((1ULL << t->ptr_bits) - 1);

    /* C type widths (printf and friends need them). */
    t->int_bits = t->ptr_bits == 16 ? 16 : 32;
    t->long_bits = t->ptr_bits == 64 ? 64 : 32;
    t->size_bits = t->ptr_bits;
    t->double_bits = starts_with(t->triple, "avr") ? 32 : 64;

    /* va_list: how clang's lowering of va_arg reads it on this target. */
    t->va = VA_POINTER;
    t->va_slot = t->ptr_bytes;
    t->va_list_bytes = t->ptr_bytes;
    if (starts_with(t->triple, "x86_64")) {
        t->va = VA_X86_64;
        t->va_slot = 8;
        t->va_list_bytes = 24;
    } else if (starts_with(t->triple, "powerpc") && t->ptr_bytes == 4 && !strstr(t->triple, "aix")) {
        t->va = VA_PPC32;
        t->va_slot = 4;
        t->va_list_bytes = 12;
        /* clang's va_arg reads doubles from general registers under soft float */
        for (LLVMValueRef f = LLVMGetFirstFunction(vm->m); f && !t->soft_float; f = LLVMGetNextFunction(f)) {
            LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "use-soft-float", 14);
            unsigned n = 0;
            const char *v = a ? LLVMGetStringAttributeValue(a, &n) : NULL;
            t->soft_float = v && n == 4 && !strncmp(v, "true", 4);
        }
    } else if (starts_with(t->triple, "avr")) {
        t->va_slot = 1;
    }
    /* Soft cores on RISC-V (PicoRV32) trap on misaligned loads and stores. */
    t->strict_align = starts_with(t->triple, "riscv");

    /* Address space: 64 KiB for 16-bit pointers, otherwise 1 GiB (reserved, not
     * committed). Globals start past a null guard page. */
    if (t->ptr_bytes == 2) {
        t->mem_size = 1u << 16;
        t->data_base = 0x200;
    } else {
        t->mem_size = 1ull << 30;
        t->data_base = 0x10000;
    }
    return true;
}
