/* exec_va.c — variadic calls: where each extra argument lives (per target
 * ABI: the registers saved by va_start, then the argument area, as the
 * target's lowering of va_arg reads them), how va_start initialises the
 * target's va_list so that clang's va_arg code finds every argument where
 * the machine would, and va_arg for the C library's v*printf. */
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

/* x86-64 and 32-bit PowerPC pass the first variadic arguments in registers and
 * their va_start saves those in a register save area, which va_arg reads while
 * registers remain: the engine lays the arguments out the same way, so clang's
 * va_arg code takes the branches the machine takes. The block an activation's
 * va_addr names: a header (the registers the named arguments use: general,
 * floating), the register save area, then the overflow area. */
#define VA_HEADER 16
#define X86_GP 6   /* rdi..r9, 8 bytes each; then xmm0..7, 16 bytes each */
#define X86_FP 8
#define PPC_GP 8   /* r3..r10, 4 bytes each; then f1..f8, 8 bytes each */
#define PPC_FP 8

static bool registers_used(const struct vm *vm) { return vm->t.va == VA_X86_64 || vm->t.va == VA_PPC32; }

static uint64_t save_area_bytes(const struct vm *vm)
{
    return vm->t.va == VA_X86_64 ? 8 * X86_GP + 16 * X86_FP : 4 * PPC_GP + 8 * PPC_FP;
}

/* The registers one argument takes, general and floating (none: memory). */
static void reg_class(const struct vm *vm, const struct argdesc *ad, unsigned *gp, unsigned *fp)
{
    *gp = *fp = 0;
    if (ad->byval_size)
        return;
    LLVMTypeKind k = LLVMGetTypeKind(ad->type);
    uint64_t bytes = LLVMABISizeOfType(vm->td, ad->type);
    bool is_int = k == LLVMIntegerTypeKind || k == LLVMPointerTypeKind;
    bool is_fp = k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind || k == LLVMFloatTypeKind ||
                 k == LLVMDoubleTypeKind || k == LLVMFP128TypeKind;
    if (vm->t.va == VA_X86_64) {
        if (is_int && bytes <= 16)
            *gp = bytes > 8 ? 2 : 1;
        else if ((is_fp || k == LLVMVectorTypeKind) && bytes <= 16)
            *fp = 1;
        return;
    }
    /* PowerPC: 64-bit values in an aligned register pair; doubles in
     * floating registers unless the code is soft float */
    if (is_int && bytes <= 8)
        *gp = bytes > 4 ? 2 : 1;
    else if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind) {
        if (vm->t.soft_float)
            *gp = bytes > 4 ? 2 : 1;
        else
            *fp = 1;
    }
}

/* Takes registers for an argument needing GP and FP of them from USED (general,
 * floating); true with its offset in the save area, false when it goes to
 * memory (an argument is never split; later ones may still use registers,
 * except on PowerPC, where a pair that does not fit uses the last register up). */
static bool reg_take(const struct vm *vm, unsigned used[2], unsigned gp, unsigned fp, uint64_t *at)
{
    bool x86 = vm->t.va == VA_X86_64;
    if (gp) {
        unsigned n = used[0], max = x86 ? X86_GP : PPC_GP;
        if (!x86 && gp == 2)
            n = (n + 1) & ~1u;
        if (n + gp > max) {
            if (!x86)
                used[0] = max;
            return false;
        }
        *at = (uint64_t)n * (x86 ? 8 : 4);
        used[0] = n + gp;
        return true;
    }
    if (fp) {
        unsigned max = x86 ? X86_FP : PPC_FP;
        if (used[1] + fp > max)
            return false;
        *at = x86 ? 8 * X86_GP + 16 * (uint64_t)used[1] : 4 * PPC_GP + 8 * (uint64_t)used[1];
        used[1] += fp;
        return true;
    }
    return false;
}

static bool store_arg(struct vm *vm, const struct argdesc *ad, const slot_t *R, uint8_t *p, uint32_t i)
{
    struct leaf l[32];
    int n = exec_type_leaves(vm, ad->type, l, 32, NULL);
    if (n < 0 || n > 32)
        return exec_fault(vm, "variadic argument %u has a type lpnest cannot pass", i + 1);
    for (int j = 0; j < n; j++) {
        uint8_t *q = p + l[j].offset;
        if (l[j].kind == VK_WIDE) {
            unsigned hb = l[j].bytes - 8;
            exec_store_uint(vm, q + (vm->t.big_endian ? hb : 0), 8, R[ad->slot + l[j].slot]);
            exec_store_uint(vm, q + (vm->t.big_endian ? 0 : 8), hb, R[ad->slot + l[j].slot + 1]);
        } else {
            exec_store_uint(vm, q, l[j].bytes, R[ad->slot + l[j].slot]);
        }
    }
    return true;
}

bool exec_va_marshal(struct vm *vm, const struct calldesc *cd, uint32_t first, const slot_t *R, uint64_t *area)
{
    bool regs = registers_used(vm);
    unsigned used[2] = {0, 0}, gp, fp;
    uint64_t at, head = regs ? VA_HEADER + save_area_bytes(vm) : 0, total = 0;
    for (uint32_t i = 0; regs && i < first && i < cd->nargs; i++) {
        reg_class(vm, &cd->args[i], &gp, &fp);
        reg_take(vm, used, gp, fp, &at);
    }
    unsigned named[2] = {used[0], used[1]};
    for (uint32_t i = first; i < cd->nargs; i++) {
        uint64_t size, align;
        reg_class(vm, &cd->args[i], &gp, &fp);
        if (regs && reg_take(vm, used, gp, fp, &at))
            continue;
        exec_va_layout(vm, cd->args[i].type, &size, &align);
        total = (total + align - 1) / align * align + size;
    }
    uint64_t base = exec_stack_push(vm, head + total ? head + total : 1, 16);
    if (!base)
        return exec_fault(vm, "stack overflow: no room for %llu bytes of variadic arguments",
                          (unsigned long long)(head + total));
    if (regs) {
        memset(vm->mem + base, 0, head);
        exec_store_uint(vm, vm->mem + base, 4, named[0]);
        exec_store_uint(vm, vm->mem + base + 4, 4, named[1]);
    }
    used[0] = named[0];
    used[1] = named[1];
    uint64_t off = 0;
    for (uint32_t i = first; i < cd->nargs; i++) {
        const struct argdesc *ad = &cd->args[i];
        reg_class(vm, ad, &gp, &fp);
        if (regs && reg_take(vm, used, gp, fp, &at)) {
            if (!store_arg(vm, ad, R, vm->mem + base + VA_HEADER + at, i))
                return false;
            continue;
        }
        uint64_t size, align;
        exec_va_layout(vm, ad->type, &size, &align);
        off = (off + align - 1) / align * align;
        if (!store_arg(vm, ad, R, vm->mem + base + head + off, i))
            return false;
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
    uint64_t gp = 0, fp = 0, save = area + VA_HEADER, overflow = area;
    if (registers_used(vm) && area) {
        gp = exec_load_uint(vm, vm->mem + area, 4);
        fp = exec_load_uint(vm, vm->mem + area + 4, 4);
        overflow = save + save_area_bytes(vm);
    }
    switch (vm->t.va) {
    case VA_POINTER:
        exec_store_uint(vm, p, vm->t.ptr_bytes, area);
        break;
    case VA_PPC32:
        /* {u8 gpr, u8 fpr, u16, ptr overflow_arg_area, ptr reg_save_area} */
        memset(p, 0, 12);
        p[0] = (uint8_t)gp;
        p[1] = (uint8_t)fp;
        exec_store_uint(vm, p + 4, 4, overflow);
        exec_store_uint(vm, p + 8, 4, save);
        break;
    case VA_X86_64:
        /* {u32 gp_offset, u32 fp_offset, ptr overflow_arg_area, ptr reg_save_area} */
        exec_store_uint(vm, p, 4, 8 * gp);
        exec_store_uint(vm, p + 4, 4, 8 * X86_GP + 16 * fp);
        exec_store_uint(vm, p + 8, 8, overflow);
        exec_store_uint(vm, p + 16, 8, save);
        break;
    }
    return true;
}

uint64_t exec_va_next(struct vm *vm, uint64_t list, bool fp, uint64_t size, uint64_t align)
{
    uint8_t *p = exec_ptr_w(vm, list, vm->t.va_list_bytes);
    if (!p) {
        exec_fault(vm, "va_arg on an invalid va_list at 0x%llx", (unsigned long long)list);
        return 0;
    }
    if (vm->t.va == VA_X86_64) {
        uint64_t save = exec_load_uint(vm, p + 16, 8);
        unsigned field = fp ? 4 : 0, step = fp ? 16 : 8 * (size > 8 ? 2 : 1);
        uint64_t off = exec_load_uint(vm, p + field, 4), limit = fp ? 8 * X86_GP + 16 * X86_FP : 8 * X86_GP;
        if (off + step <= limit) {
            exec_store_uint(vm, p + field, 4, off + step);
            return save + off;
        }
    } else if (vm->t.va == VA_PPC32) {
        uint64_t save = exec_load_uint(vm, p + 8, 4);
        if (!fp || vm->t.soft_float) {
            unsigned n = p[0], pair = size == 8;
            if (pair)
                n = (n + 1) & ~1u;
            if (n < PPC_GP) {
                p[0] = (uint8_t)(n + 1 + pair);
                return save + 4 * (uint64_t)n;
            }
            p[0] = PPC_GP;
        } else if (p[1] < PPC_FP) {
            return save + 4 * PPC_GP + 8 * (uint64_t)p[1]++;
        }
    }
    uint64_t cur_addr = exec_va_cursor_addr(vm, list);
    uint64_t cur = exec_load_uint(vm, vm->mem + cur_addr, vm->t.ptr_bytes);
    cur = (cur + align - 1) & ~(align - 1);
    exec_store_uint(vm, vm->mem + cur_addr, vm->t.ptr_bytes, (cur + size) & vm->ptr_mask);
    return cur;
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
