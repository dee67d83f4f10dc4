/* exec_bounds.c — --memory=linked: loads and stores through a getelementptr
 * on a global variable are checked against that variable's extent. Globals
 * are laid out as the linker lays them (exec_globals.c), so a read past the
 * end reads the neighbour, as on the board: one warning per site, saying how
 * far past and whose bytes it read (another global, the board's runtime
 * read-only data after the program's constants, or the zeros after the last
 * global, up to the stack). A write past the end is an error, as is a read
 * of what the board holds and the engine does not model (the AVR runtime's
 * allocator pointers and argv after the program's globals, the PowerPC's
 * .eh_frame after its constants). */
#include "exec_cc.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

struct bounds_desc {
    uint64_t lo, size;       /* the global's address and size */
    uint32_t bytes;          /* of the access */
    bool store;
    bool warned;
    LLVMValueRef global, inst;
    char msg[400];
};

/* The global variable a pointer is a getelementptr on (instruction or
 * constant expression), or NULL. */
static LLVMValueRef gep_global(LLVMValueRef ptr)
{
    LLVMValueKind k = LLVMGetValueKind(ptr);
    bool gep = (k == LLVMInstructionValueKind && LLVMGetInstructionOpcode(ptr) == LLVMGetElementPtr) ||
               (k == LLVMConstantExprValueKind && LLVMGetConstOpcode(ptr) == LLVMGetElementPtr);
    if (!gep)
        return NULL;
    LLVMValueRef base = LLVMGetOperand(ptr, 0);
    return LLVMGetValueKind(base) == LLVMGlobalVariableValueKind ? base : NULL;
}

bool cc_linked_gep(struct cc *c, LLVMValueRef ptr)
{
    return c->vm->linked && gep_global(ptr) != NULL;
}

void cc_bounds(struct cc *c, LLVMValueRef inst, LLVMValueRef ptr, LLVMTypeRef vt, bool store)
{
    LLVMValueRef g = c->vm->linked ? gep_global(ptr) : NULL;
    if (!g)
        return;
    bool ok;
    struct bounds_desc *b = sup_xcalloc(1, sizeof *b);
    b->lo = exec_global_addr(c->vm, g, &ok);
    b->size = LLVMABISizeOfType(c->vm->td, LLVMGlobalGetValueType(g));
    b->bytes = (uint32_t)LLVMStoreSizeOfType(c->vm->td, vt);
    b->store = store;
    b->global = g;
    b->inst = inst;
    if (!ok) {
        free(b);
        return;
    }
    cc_emit(c, OP_BOUNDS, 0, cc_slot(c, ptr), 0, (uint64_t)(uintptr_t)b, 0, 0);
}

/* Sites already warned about: an estimate runs the program more than once
 * (counting, then timing), on the same module. */
static LLVMValueRef warned_sites[256];
static unsigned nwarned;

static bool first_warning(LLVMValueRef inst)
{
    for (unsigned i = 0; i < nwarned; i++)
        if (warned_sites[i] == inst)
            return false;
    if (nwarned < sizeof warned_sites / sizeof warned_sites[0])
        warned_sites[nwarned++] = inst;
    return true;
}

/* The global whose bytes are at A (the neighbour read), or NULL. */
static const char *owner(struct vm *vm, uint64_t a)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(vm->m); g; g = LLVMGetNextGlobal(g)) {
        uint64_t ga;
        if (!ptrmap_get(&vm->gaddr, g, &ga))
            continue;
        uint64_t size = LLVMABISizeOfType(vm->td, LLVMGlobalGetValueType(g));
        if (a >= ga && a < ga + size) {
            size_t len;
            return LLVMGetValueName2(g, &len);
        }
    }
    return NULL;
}

const char *exec_bounds(struct vm *vm, uint64_t addr, void *desc)
{
    struct bounds_desc *b = desc;
    if (addr >= b->lo && addr - b->lo <= b->size && b->size - (addr - b->lo) >= b->bytes)
        return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(b->global, &len);
    bool before = addr < b->lo;
    long long offset = (long long)(addr - b->lo);
    uint64_t past = before ? b->lo - addr : addr + b->bytes - (b->lo + b->size);
    const char *where = before ? "before its start" : "past its end";
    if (b->store) {
        snprintf(b->msg, sizeof b->msg, "write of %u bytes at offset %lld of '%s' (%llu bytes), %llu bytes %s: "
                 "writes outside an object stay errors with --memory=linked", b->bytes, offset, name,
                 (unsigned long long)b->size, (unsigned long long)past, where);
        return b->msg;
    }
    /* past the last global the board's memory is zeros up to the stack (the corpus link
     * puts the runtime's data before the program's on riscv32 and the PowerPC), but on
     * the AVR the runtime comes after the program: its allocator's three pointers (zeros
     * until the first malloc), then its argv array. What the engine cannot know the board
     * reads is an error. */
    uint64_t hi = addr + b->bytes; /* one past the farthest byte read */
    if (!before && hi > vm->consts_hi && hi - 1 < vm->rw_lo && vm->lib_ro_hi == vm->lib_ro_lo &&
        !strncmp(vm->t.triple, "powerpc", 7) && !owner(vm, hi - 1)) {
        /* the PowerPC's corpus link puts .eh_frame after the program's constants */
        snprintf(b->msg, sizeof b->msg, "read of %u bytes at offset %lld of '%s' (%llu bytes), %llu bytes past "
                 "its end, after the program's last constant: there the board's link puts the exception frames "
                 "(.eh_frame, whose bytes depend on the code), which --memory=linked does not model", b->bytes,
                 offset, name, (unsigned long long)b->size, (unsigned long long)past);
        return b->msg;
    }
    if (!before && vm->t.ptr_bytes == 2 && hi > vm->globals_hi && !owner(vm, hi - 1)) {
        bool heap = vm->brk > vm->globals_end;
        bool argv = hi > vm->globals_hi + 3 * 2;
        if (heap || argv) {
            snprintf(b->msg, sizeof b->msg, "read of %u bytes at offset %lld of '%s' (%llu bytes), %llu bytes past "
                     "its end, after the last global: there the board's runtime keeps %s, which --memory=linked does "
                     "not model", b->bytes, offset, name, (unsigned long long)b->size, (unsigned long long)past,
                     heap ? "its allocator's pointers (the program has allocated)"
                          : "its argv array (after the allocator's three pointers)");
            return b->msg;
        }
    }
    if (!b->warned) {
        b->warned = true;
        if (!first_warning(b->inst))
            return NULL;
        char loc[300];
        eng_inst_loc(b->inst, loc, sizeof loc);
        uint64_t at = before ? addr : addr + b->bytes - 1; /* the farthest byte read */
        const char *nb = owner(vm, at);
        const char *what = nb ? "the neighbouring object '"
                           : at >= vm->lib_ro_lo && at < vm->lib_ro_hi ? "the runtime's read-only data (libgcc's and "
                                                                       "the C library's tables, as the link places them)"
                           : at >= vm->globals_hi ? "the memory after the last global (zeros up to the stack, where "
                                                     "nothing was allocated)"
                                                   : "the padding between the globals";
        exec_warn(vm, "%s: warning: read of %u bytes at offset %lld of '%s' (%llu bytes), %llu bytes %s: it reads "
                  "%s%s%s, as the board does with the linker's layout (--memory=linked; once per site)",
                  loc[0] ? loc : eng_module_name(vm->mod), b->bytes, offset, name, (unsigned long long)b->size,
                  (unsigned long long)past, where, what, nb ? nb : "", nb ? "'" : "");
    }
    return NULL;
}
