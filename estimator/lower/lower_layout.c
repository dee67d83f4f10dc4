/* lower_layout.c — where the machine code lies (lower.h): the object file
 * compiled from the same module as the assembly gives every function's offset
 * in .text and its bytes; the assembly's instructions are laid on them in
 * order, each taking the machine instructions it stands for, decoded to check
 * that they are the ones the assembly names. With the core description's
 * layout (the program's .text linked at a fixed base, without linker
 * relaxation) that is every instruction's final address. */
#include "lower.h"
#include "isa.h"
#include "support.h"
#include "ua_rv32.h"

#include <llvm-c/Object.h>
#include <stdlib.h>
#include <string.h>

/* Machine instructions a RISC-V "li rd, imm" is on RV32: addi, lui, or both. */
static unsigned li_parts(const char *ops)
{
    const char *c = strrchr(ops, ',');
    if (!c)
        return 1;
    long long v = strtoll(c + 1, NULL, 0);
    v = (long long)(int32_t)(uint32_t)v;
    if (v >= -2048 && v <= 2047)
        return 1;
    return (v & 0xfff) == 0 ? 1 : 2;
}

static unsigned parts_of(const struct minsn *in, bool relax)
{
    const struct isa_insn *d = in->isa;
    if (!d)
        return 1;
    if (d->expand == ISA_EXPAND_RISCV_LI)
        return li_parts(in->ops);
    if (relax && d->expand_to)
        return 1;
    return d->count ? d->count : 1;
}

/* Whether the decoded machine instruction X can be the last part of IN. */
static bool matches(const struct minsn *in, const struct ua_rv32 *x)
{
    if (x->kind == UA_K_ILLEGAL)
        return false;
    if (!in->isa)
        return true;
    switch (in->isa->kind) {
    case ISA_COND_BRANCH:
        return x->kind == UA_K_BRANCH;
    case ISA_JUMP:
        return x->kind == UA_K_JAL;
    case ISA_CALL:
    case ISA_TAIL_CALL:
        return x->kind == UA_K_JAL || x->kind == UA_K_JALR;
    case ISA_INDIRECT_JUMP:
    case ISA_INDIRECT_CALL:
    case ISA_RETURN:
        return x->kind == UA_K_JALR;
    default:
        return x->kind != UA_K_BRANCH && x->kind != UA_K_JAL && x->kind != UA_K_JALR;
    }
}

static bool lay_function(struct mfunc *f, const uint8_t *code, uint32_t size, uint32_t addr, bool relax,
                         FILE *diag)
{
    uint32_t off = 0;
    for (size_t b = 0; b < f->nblocks; b++)
        for (size_t k = 0; k < f->blocks[b].ninsns; k++) {
            struct minsn *in = &f->blocks[b].insns[k];
            unsigned n = parts_of(in, relax), bytes = 0;
            struct ua_rv32 x = {0};
            for (unsigned p = 0; p < n; p++) {
                if (off + bytes >= size) {
                    sup_diag(diag, f->name, in->line, 0, "error",
                             "machine code layout: '%s %s' lies past the function's %u bytes", in->mnemonic, in->ops,
                             size);
                    return false;
                }
                ua_rv32_decode(code + off + bytes, size - off - bytes, &x);
                bytes += x.size;
                if (p + 1 < n && (x.kind == UA_K_BRANCH || x.kind == UA_K_JAL || x.kind == UA_K_JALR))
                    break;
            }
            if (!matches(in, &x)) {
                sup_diag(diag, f->name, in->line, 0, "error",
                         "machine code layout: the object has '%s' at offset %u where the assembly has '%s %s'",
                         ua_rv32_name(x.op), off, in->mnemonic, in->ops);
                return false;
            }
            in->addr = addr + off;
            in->nparts = (uint8_t)n;
            in->bytes = (uint8_t)bytes;
            off += bytes;
        }
    if (off != size) {
        sup_diag(diag, f->name, f->line, 0, "error",
                 "machine code layout: the assembly's instructions take %u bytes, the object's function %u", off, size);
        return false;
    }
    f->addr = addr;
    f->size = size;
    return true;
}

static void clear(struct mmodule *mm)
{
    for (size_t i = 0; i < mm->nfuncs; i++) {
        struct mfunc *f = &mm->funcs[i];
        f->addr = f->size = 0;
        for (size_t b = 0; b < f->nblocks; b++)
            for (size_t k = 0; k < f->blocks[b].ninsns; k++)
                f->blocks[b].insns[k].nparts = 0;
    }
    free(mm->text);
    mm->text = NULL;
    mm->text_len = 0;
}

bool lower_layout(struct mmodule *mm, const char *obj, size_t len, uint32_t base, bool relax, FILE *diag)
{
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(obj, len, "lpnest-layout", 0);
    char *err = NULL;
    LLVMBinaryRef bin = LLVMCreateBinary(buf, NULL, &err);
    bool ok = bin != NULL;
    if (!bin) {
        sup_diag(diag, "lpnest", 0, 0, "error", "machine code layout: the object file does not read: %s",
                 err ? err : "?");
        LLVMDisposeMessage(err);
        LLVMDisposeMemoryBuffer(buf);
        return false;
    }
    /* the .text section */
    LLVMSectionIteratorRef sec = LLVMObjectFileCopySectionIterator(bin);
    const uint8_t *text = NULL;
    uint64_t text_addr = 0, text_len = 0;
    for (; !LLVMObjectFileIsSectionIteratorAtEnd(bin, sec); LLVMMoveToNextSection(sec)) {
        const char *name = LLVMGetSectionName(sec);
        if (name && !strcmp(name, ".text")) {
            text = (const uint8_t *)LLVMGetSectionContents(sec);
            text_addr = LLVMGetSectionAddress(sec);
            text_len = LLVMGetSectionSize(sec);
            break;
        }
    }
    if (!text || text_len > UINT32_MAX - base) {
        sup_diag(diag, "lpnest", 0, 0, "error", "machine code layout: the object file has no .text section");
        ok = false;
    } else {
        mm->text = sup_xmalloc(text_len + 1);
        memcpy(mm->text, text, text_len);
        mm->text_len = (uint32_t)text_len;
        mm->text_base = base;
    }
    /* every function of the assembly at its symbol */
    size_t laid = 0;
    LLVMSymbolIteratorRef sym = LLVMObjectFileCopySymbolIterator(bin);
    for (; ok && !LLVMObjectFileIsSymbolIteratorAtEnd(bin, sym); LLVMMoveToNextSymbol(sym)) {
        const char *name = LLVMGetSymbolName(sym);
        uint64_t size = LLVMGetSymbolSize(sym);
        if (!name || !*name)
            continue;
        struct mfunc *f = NULL;
        for (size_t i = 0; i < mm->nfuncs && !f; i++)
            if (!strcmp(mm->funcs[i].name, name))
                f = &mm->funcs[i];
        if (!f || f->size)
            continue;
        LLVMMoveToContainingSection(sec, sym);
        const char *sn = LLVMObjectFileIsSectionIteratorAtEnd(bin, sec) ? NULL : LLVMGetSectionName(sec);
        if (!sn || strcmp(sn, ".text")) {
            sup_diag(diag, name, 0, 0, "error", "machine code layout: function '%s' is not in .text (in %s)", name,
                     sn ? sn : "no section");
            ok = false;
            break;
        }
        uint64_t off = LLVMGetSymbolAddress(sym) - text_addr;
        if (off + size > text_len) {
            ok = false;
            break;
        }
        ok = lay_function(f, text + off, (uint32_t)size, base + (uint32_t)off, relax, diag);
        laid++;
    }
    LLVMDisposeSymbolIterator(sym);
    LLVMDisposeSectionIterator(sec);
    LLVMDisposeBinary(bin);
    LLVMDisposeMemoryBuffer(buf);
    if (ok && laid < mm->nfuncs) {
        for (size_t i = 0; i < mm->nfuncs; i++)
            if (!mm->funcs[i].size && mm->funcs[i].nblocks) {
                sup_diag(diag, mm->funcs[i].name, 0, 0, "error",
                         "machine code layout: function '%s' has no symbol in the object file", mm->funcs[i].name);
                ok = false;
                break;
            }
    }
    if (!ok)
        clear(mm);
    return ok;
}
