/* exec_va.c — variadic calls: where each extra argument lives in the
 * argument area (per target ABI, as the target's lowering of va_arg reads
 * it), and how va_start initialises the target's va_list so that clang's
 * va_arg code reads every argument from that area. */
#include "exec.h"
#include "support.h"

#include <string.h>

void exec_va_layout(struct vm *vm, LLVMTypeRef t, uint64_t *size, uint64_t *align)
{
    uint64_t alloc = LLVMABISizeOfType(vm->td, t);
    uint64_t abi = LLVMABIAlignmentOfType(vm->td, t);
    uint64_t slot = vm->t.va_slot;
    uint64_t a;
    switch (vm->t.va) {
    case VA_X86_64: a = abi > 8 ? 16 : 8; break;
    case VA_PPC32: a = abi >= 8 ? 8 : 4; break;
    default:
        /* RISC-V: 2*XLEN-aligned values start on an even slot; AVR: packed */
        a = slot == 1 ? 1 : abi > slot ? 2 * slot : slot;
        break;
    }
    *align = a;
    *size = slot == 1 ? alloc : (alloc + slot - 1) / slot * slot;
}

bool exec_va_marshal(struct vm *vm, const struct calldesc *cd, uint32_t first, const slot_t *R, uint64_t *area)
{
    uint64_t total = 0;
    for (uint32_t i = first; i < cd->nargs; i++) {
        uint64_t size, align;
        exec_va_layout(vm, cd->args[i].type, &size, &align);
        total = (total + align - 1) / align * align + size;
    }
    uint64_t base = exec_stack_push(vm, total ? total : 1, 16);
    if (!base)
        return exec_fault(vm, "stack overflow: no room for %llu bytes of variadic arguments", (unsigned long long)total);
    uint64_t off = 0;
    for (uint32_t i = first; i < cd->nargs; i++) {
        const struct argdesc *ad = &cd->args[i];
        uint64_t size, align;
        exec_va_layout(vm, ad->type, &size, &align);
        off = (off + align - 1) / align * align;
        struct leaf l[32];
        int n = exec_type_leaves(vm, ad->type, l, 32, NULL);
        if (n < 0 || n > 32)
            return exec_fault(vm, "variadic argument %u has a type lpnest cannot pass", i + 1);
        for (int j = 0; j < n; j++) {
            uint8_t *p = vm->mem + base + off + l[j].offset;
            if (l[j].kind == VK_WIDE) {
                unsigned hb = l[j].bytes - 8;
                exec_store_uint(vm, p + (vm->t.big_endian ? hb : 0), 8, R[ad->slot + l[j].slot]);
                exec_store_uint(vm, p + (vm->t.big_endian ? 0 : 8), hb, R[ad->slot + l[j].slot + 1]);
            } else {
                exec_store_uint(vm, p, l[j].bytes, R[ad->slot + l[j].slot]);
            }
        }
        off += size;
    }
    *area = base;
    return true;
}

bool exec_va_start(struct vm *vm, uint64_t list, uint64_t area)
{
    uint8_t *p = exec_ptr_w(vm, list, vm->t.va_list_bytes);
    if (!p)
        return exec_fault(vm, "va_start on an invalid va_list at 0x%llx", (unsigned long long)list);
    switch (vm->t.va) {
    case VA_POINTER:
        exec_store_uint(vm, p, vm->t.ptr_bytes, area);
        break;
    case VA_PPC32:
        /* {u8 gpr, u8 fpr, u16, ptr overflow_arg_area, ptr reg_save_area}:
         * every register counted as used, so va_arg reads the overflow area */
        memset(p, 0, 12);
        p[0] = 8;
        p[1] = 8;
        exec_store_uint(vm, p + 4, 4, area);
        break;
    case VA_X86_64:
        /* {u32 gp_offset, u32 fp_offset, ptr overflow_arg_area, ptr reg_save_area} */
        memset(p, 0, 24);
        exec_store_uint(vm, p, 4, 48);
        exec_store_uint(vm, p + 4, 4, 176);
        exec_store_uint(vm, p + 8, 8, area);
        break;
    }
    return true;
}

/* The overflow-area pointer inside a va_list (for vprintf and friends). */
uint64_t exec_va_cursor_addr(struct vm *vm, uint64_t list)
{
    switch (vm->t.va) {
    case VA_PPC32: return list + 4;
    case VA_X86_64: return list + 8;
    default: return list;
    }
}
