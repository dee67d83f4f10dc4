/* exec_globals.c — lays out the program image in simulated memory: function
 * addresses, read-only globals, writable globals (with their initializers in
 * the target's layout and byte order), then the start of the heap. */
#include "exec.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

bool exec_funcs_init(struct vm *vm)
{
    uint32_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(vm->m); f; f = LLVMGetNextFunction(f))
        n++;
    vm->funcs = sup_xcalloc(n + 1, sizeof *vm->funcs);
    vm->nfuncs = n;
    uint64_t stride = vm->t.ptr_bytes == 2 ? 2 : 4;
    vm->func_base = vm->t.ptr_bytes == 2 ? 2 : 0x1000;
    vm->func_end = vm->func_base + stride * n;
    if (vm->t.ptr_bytes != 2 && vm->func_end + 0x1000 > vm->t.data_base)
        vm->t.data_base = (vm->func_end + 0x10000) & ~(uint64_t)0xffff;
    uint32_t i = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(vm->m); f; f = LLVMGetNextFunction(f), i++) {
        struct xfunc *x = &vm->funcs[i];
        size_t len;
        x->fn = f;
        x->name = LLVMGetValueName2(f, &len);
        x->index = i;
        x->addr = (uint32_t)(vm->func_base + stride * i);
        x->defined = !LLVMIsDeclaration(f);
        x->variadic = LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f));
        if (!x->defined && !has_prefix(x->name, "llvm.")) {
            for (size_t k = 0; k < vm->nbuiltins && !x->builtin; k++)
                if (!strcmp(vm->builtins[k].name, x->name)) {
                    x->builtin = exec_b_registered;
                    x->builtin_data = (int)k;
                }
            if (!x->builtin)
                x->builtin = exec_builtin_lookup(x->name, &x->builtin_data);
        }
        ptrmap_put(&vm->fidx, f, i);
    }
    return true;
}

static uint64_t global_align(struct vm *vm, LLVMValueRef g)
{
    uint64_t a = LLVMGetAlignment(g);
    uint64_t abi = LLVMABIAlignmentOfType(vm->td, LLVMGlobalGetValueType(g));
    return a > abi ? a : abi ? abi : 1;
}

static bool skip_global(LLVMValueRef g, const char *name)
{
    (void)g;
    return has_prefix(name, "llvm.");
}

/* Which globals a pass of place() lays out: the constants, the writable
 * ones, or (--memory=linked, the linker's .data then .bss) the writable ones
 * with an initial value and the zero-initialised ones. */
enum pass { P_CONST, P_WRITABLE, P_DATA, P_BSS };

static bool zero_init(LLVMValueRef g)
{
    LLVMValueRef init = LLVMGetInitializer(g);
    return !init || LLVMIsNull(init) || LLVMGetValueKind(init) == LLVMUndefValueValueKind;
}

/* Places every global of pass P from *addr on, in the module's order (the
 * order clang emits them into their section, which the linker keeps). */
static bool place(struct vm *vm, enum pass p, uint64_t *addr)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(vm->m); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        if (skip_global(g, name))
            continue;
        bool defined = !LLVMIsDeclaration(g);
        bool ro = defined && LLVMIsGlobalConstant(g);
        if (ro != (p == P_CONST) || (p == P_DATA && (!defined || zero_init(g))) ||
            (p == P_BSS && defined && !zero_init(g)))
            continue;
        uint64_t size = LLVMABISizeOfType(vm->td, LLVMGlobalGetValueType(g)), lead = 0, known;
        if (!defined && exec_known_global_extent(name, &known, &lead) && known > size)
            size = known; /* the C library's object is larger than the declaration says */
        uint64_t align = global_align(vm, g);
        uint64_t a = (*addr + lead + align - 1) & ~(align - 1);
        if (size > vm->t.mem_size || a + size + 64 > vm->stack_lo) {
            sup_diag(vm->diag, eng_module_name(vm->mod), 0, 0, "error",
                     "global '%s' (%llu bytes) does not fit the target's %llu-byte address space", name,
                     (unsigned long long)size, (unsigned long long)vm->t.mem_size);
            return false;
        }
        ptrmap_put(&vm->gaddr, g, a);
        *addr = a + (size ? size : 1);
    }
    return true;
}

bool exec_globals_init(struct vm *vm)
{
    const char *mod = eng_module_name(vm->mod);
    /* constructors would run before main: not supported */
    LLVMValueRef ctors = LLVMGetNamedGlobal(vm->m, "llvm.global_ctors");
    if (ctors && !LLVMIsDeclaration(ctors)) {
        LLVMValueRef init = LLVMGetInitializer(ctors);
        if (init && LLVMGetValueKind(init) != LLVMConstantAggregateZeroValueKind &&
            LLVMGetArrayLength2(LLVMTypeOf(init)) > 0) {
            sup_diag(vm->diag, mod, 0, 0, "error", "global constructors (llvm.global_ctors) are not supported");
            return false;
        }
    }
    uint64_t addr = vm->t.data_base;
    vm->ro_lo = addr;
    if (!place(vm, P_CONST, &addr))
        return false;
    vm->consts_hi = addr;
    if (vm->linked && vm->board_rodata_len) {
        /* the board's runtime and libgcc read-only data follow the program's constants */
        uint64_t al = vm->board_rodata_align;
        addr = (addr + al - 1) & ~(al - 1);
        vm->lib_ro_lo = addr;
        vm->lib_ro_hi = addr + vm->board_rodata_len;
        addr = vm->lib_ro_hi;
    }
    addr = (addr + 15) & ~(uint64_t)15;
    vm->rw_lo = addr;
    if (vm->linked ? !place(vm, P_DATA, &addr) || !place(vm, P_BSS, &addr) : !place(vm, P_WRITABLE, &addr))
        return false;
    vm->globals_hi = addr;
    vm->brk = (addr + 15) & ~(uint64_t)15;
    if (vm->brk < vm->rw_lo + 16)
        vm->brk = vm->rw_lo + 16; /* keep the windows non-empty */
    vm->globals_end = vm->brk;   /* the heap starts here (after the arguments: exec_run_main) */
    /* --memory=linked: what follows the last global on the board (the heap, then the stack)
     * reads as zeros where nothing was allocated */
    vm->rd_end = vm->linked ? vm->stack_lo : vm->brk;
    if (vm->lib_ro_hi > vm->lib_ro_lo)
        memcpy(vm->mem + vm->lib_ro_lo, vm->board_rodata, vm->board_rodata_len);
    /* aliases point into other globals or functions */
    for (LLVMValueRef a = LLVMGetFirstGlobalAlias(vm->m); a; a = LLVMGetNextGlobalAlias(a)) {
        slot_t v = 0;
        if (!exec_const_eval(vm, LLVMAliasGetAliasee(a), &v, 1)) {
            size_t len;
            sup_diag(vm->diag, mod, 0, 0, "error", "alias '%s': %s", LLVMGetValueName2(a, &len), vm->fault_msg);
            return false;
        }
        ptrmap_put(&vm->gaddr, a, v);
    }
    /* contents */
    bool ok = true;
    for (LLVMValueRef g = LLVMGetFirstGlobal(vm->m); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        uint64_t ga;
        if (skip_global(g, name) || !ptrmap_get(&vm->gaddr, g, &ga))
            continue;
        if (LLVMIsDeclaration(g)) {
            uint64_t size = LLVMABISizeOfType(vm->td, LLVMGlobalGetValueType(g));
            if (!exec_known_global(vm, name, ga, size)) {
                sup_diag(vm->diag, mod, 0, 0, "error",
                         "the program uses the external variable '%s', which lpnest's C library does not provide", name);
                ok = false;
            }
            continue;
        }
        LLVMValueRef init = LLVMGetInitializer(g);
        if (init && !exec_const_store(vm, init, ga)) {
            sup_diag(vm->diag, mod, 0, 0, "error", "initializer of global '%s': %s", name, vm->fault_msg);
            ok = false;
        }
    }
    return ok;
}
