/* cost_pad.c — x86: instructions the binary executes that the assembly
 * does not show.
 * - Alignment padding: the assembler pads before aligned blocks (LLVM
 *   aligns x86 loop headers to 16 bytes) with no-op instructions; a jump to
 *   the block lands after them, but a block before that falls through into
 *   it runs them. Their number depends on the code's byte layout, which the
 *   assembly text does not give: the module is compiled once more to an
 *   object file, each function's bytes are disassembled, and the no-ops
 *   that are not in the assembly are found between its blocks. Each
 *   padding's instructions and cycles (the core's "nop") are added to the
 *   block that falls into it, as often as it falls through.
 * - PLT stubs: position-independent code calls functions of other objects
 *   through the linker's PLT ("callq f@PLT"), whose stub runs one indirect
 *   jump (the core's "jmpq") per call, charged to the calling block as
 *   valgrind does; compiler runtime routines are linked statically and
 *   called directly. A program linked without PIE calls shared libraries
 *   through the PLT as well, but its assembly does not say so: those stubs
 *   are not counted. */
#include "cost.h"
#include "isa.h"
#include "support.h"

#include <ctype.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Object.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

static bool is_x86(const char *triple)
{
    return !strncmp(triple, "x86_64", 6) || !strncmp(triple, "i386", 4) || !strncmp(triple, "i686", 4);
}

/* A disassembled instruction (LLVM's text, AT&T) that only pads: nop, nopw,
 * nopl, with data16/cs prefixes. */
static bool padding_text(const char *t)
{
    for (;;) {
        while (isspace((unsigned char)*t))
            t++;
        if (!strncmp(t, "nop", 3))
            return true;
        size_t n = 0;
        while (t[n] && !isspace((unsigned char)t[n]))
            n++;
        if ((n == 6 && !strncmp(t, "data16", 6)) || (n == 2 && (!strncmp(t, "cs", 2) || !strncmp(t, "ds", 2))))
            t += n;
        else
            return false;
    }
}

/* Per instruction of the function's bytes: whether it pads. NULL when the
 * bytes do not disassemble. */
static bool *disassemble(LLVMDisasmContextRef dc, const uint8_t *p, size_t size, size_t *n)
{
    bool *pad = NULL;
    size_t cap = 0, k = 0, off = 0;
    char text[256];
    while (off < size) {
        size_t len = LLVMDisasmInstruction(dc, (uint8_t *)(uintptr_t)(p + off), size - off, off, text, sizeof text);
        if (!len) {
            free(pad);
            return NULL;
        }
        if (k == cap) {
            cap = cap ? 2 * cap : 64;
            pad = sup_xrealloc(pad, cap * sizeof *pad);
        }
        pad[k++] = padding_text(text);
        off += len;
    }
    *n = k;
    return pad;
}

/* Padding instructions before each block of F (PADS[b], b > 0), matching
 * the disassembly with F's instructions one for one; false when they do not
 * match (then nothing is added). */
static bool find_padding(const struct mfunc *f, const bool *pad, size_t n, unsigned *pads)
{
    size_t j = 0;
    for (size_t b = 0; b < f->nblocks; b++) {
        const struct mblock *mb = &f->blocks[b];
        for (size_t k = 0; k < mb->ninsns; k++) {
            bool own_nop = !strncmp(mb->insns[k].mnemonic, "nop", 3);
            unsigned skipped = 0;
            while (!own_nop && j < n && pad[j]) {
                skipped++;
                j++;
            }
            if (skipped && k > 0)
                return false; /* padding inside a block: not alignment */
            if (skipped && b == 0)
                return false;
            pads[b] += skipped;
            if (j >= n)
                return false;
            j++;
        }
    }
    for (; j < n; j++)
        if (!pad[j])
            return false;
    return true;
}

/* Executions of the padding before block B: how often the blocks before it
 * fall through into it (empty blocks fall through as a chain). */
static double falls_into(const struct mfunc *f, size_t b, size_t *from)
{
    size_t a = b - 1;
    while (a > 0 && f->blocks[a].ninsns == 0)
        a--;
    *from = a;
    const struct mblock *p = &f->blocks[a];
    if (!p->falls_through || !p->succ_count)
        return 0;
    for (size_t s = 0; s < p->nsucc; s++)
        if (p->succ[s] == (int)a + 1)
            return p->succ_count[s];
    return 0;
}

/* Adds EXECS executions of an instruction of C cycles to block BC of
 * function FI, and to the totals. */
static void charge(struct cost_estimate *e, size_t fi, struct cost_block_cost *bc, double execs, double c)
{
    bc->instructions += execs;
    bc->cycles += execs * c;
    e->funcs[fi].self += execs * c;
    e->funcs[fi].instructions += execs;
    e->cycles += execs * c;
    e->machine_cycles += execs * c;
    e->instructions += execs;
    if (bc->estimated)
        e->estimated_cycles += execs * c;
}

static void add_padding(struct cost_ctx *cx, size_t fi, size_t first_block, const struct mfunc *f, const unsigned *pads)
{
    struct cost_estimate *e = cx->e;
    const struct isa_insn *nop = isa_lookup(cx->isa, "nop");
    double c = nop ? nop->cycles : 1;
    for (size_t b = 1; b < f->nblocks; b++) {
        if (!pads[b])
            continue;
        size_t from;
        double execs = falls_into(f, b, &from) * pads[b];
        if (execs <= 0)
            continue;
        charge(e, fi, &e->blocks[first_block + from], execs, c);
    }
}

/* Executions of instruction K of block B: its block's count, less what
 * left earlier (conditional tail calls leave when taken). */
static double plt_calls(const struct mblock *b, size_t k)
{
    const struct minsn *in = &b->insns[k];
    const char *plt = strstr(in->ops, "@PLT");
    if (!in->isa || !plt)
        return 0;
    /* compiler runtime routines (__udivti3, __muldc3: "__" and a digit at the
     * end) come from libgcc.a, linked into the program: no stub at run time */
    if (!strncmp(in->ops, "__", 2) && plt > in->ops && isdigit((unsigned char)plt[-1]))
        return 0;
    double stay = 0;
    for (size_t s = 0; s < b->nsucc && b->succ_count; s++)
        stay += b->succ_count[s];
    switch (in->isa->kind) {
    case ISA_CALL:
    case ISA_TAIL_CALL:
        return b->count;
    case ISA_COND_RETURN:
        return b->count > stay ? b->count - stay : 0;
    default:
        return 0;
    }
}

static void add_plt(struct cost_ctx *cx, const struct mmodule *mm)
{
    struct cost_estimate *e = cx->e;
    const struct isa_insn *jmp = isa_lookup(cx->isa, "jmpq");
    double c = jmp ? jmp->cycles : 1;
    size_t first = 0;
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        for (size_t b = 0; b < f->nblocks; b++)
            for (size_t k = 0; k < f->blocks[b].ninsns; k++) {
                double execs = plt_calls(&f->blocks[b], k);
                if (execs <= 0)
                    continue;
                charge(e, fi, &e->blocks[first + b], execs, c);
            }
        first += f->nblocks;
    }
}

void cost_x86_padding(struct cost_ctx *cx, struct eng_module *em, struct mmodule *mm)
{
    const char *triple = LLVMGetTarget(cx->m);
    if (!is_x86(triple) || mm->nfuncs != cx->e->nfuncs)
        return;
    add_plt(cx, mm);
    static bool init;
    if (!init) {
        LLVMInitializeAllDisassemblers();
        init = true;
    }
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef fresh = eng_module_fresh(em, ctx, cx->diag);
    size_t len = 0;
    struct lower_codegen_target t = {triple, isa_cpu(cx->isa), isa_features(cx->isa), eng_module_name(em),
                                   isa_name(cx->isa), em};
    char *obj = fresh ? lower_codegen_obj(fresh, &t, &len, cx->diag) : NULL;
    if (fresh)
        LLVMDisposeModule(fresh);
    LLVMContextDispose(ctx);
    if (!obj)
        return;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(obj, len, "lpnest-layout", 0);
    char *err = NULL;
    LLVMBinaryRef bin = LLVMCreateBinary(buf, NULL, &err);
    LLVMDisposeMessage(err);
    LLVMDisasmContextRef dc = LLVMCreateDisasmCPUFeatures(triple, isa_cpu(cx->isa), isa_features(cx->isa), NULL, 0,
                                                          NULL, NULL);
    if (bin && dc) {
        LLVMSymbolIteratorRef sym = LLVMObjectFileCopySymbolIterator(bin);
        LLVMSectionIteratorRef sec = LLVMObjectFileCopySectionIterator(bin);
        for (; !LLVMObjectFileIsSymbolIteratorAtEnd(bin, sym); LLVMMoveToNextSymbol(sym)) {
            const char *name = LLVMGetSymbolName(sym);
            uint64_t size = LLVMGetSymbolSize(sym);
            if (!name || !size)
                continue;
            size_t fi = 0, first = 0;
            while (fi < mm->nfuncs && strcmp(mm->funcs[fi].name, name))
                first += mm->funcs[fi++].nblocks;
            if (fi == mm->nfuncs)
                continue;
            LLVMMoveToContainingSection(sec, sym);
            if (LLVMObjectFileIsSectionIteratorAtEnd(bin, sec))
                continue;
            uint64_t off = LLVMGetSymbolAddress(sym) - LLVMGetSectionAddress(sec);
            if (off + size > LLVMGetSectionSize(sec))
                continue;
            const uint8_t *bytes = (const uint8_t *)LLVMGetSectionContents(sec) + off;
            size_t n = 0;
            bool *pad = disassemble(dc, bytes, size, &n);
            const struct mfunc *f = &mm->funcs[fi];
            unsigned *pads = sup_xcalloc(f->nblocks + 1, sizeof *pads);
            if (pad && find_padding(f, pad, n, pads))
                add_padding(cx, fi, first, f, pads);
            free(pads);
            free(pad);
        }
        LLVMDisposeSymbolIterator(sym);
        LLVMDisposeSectionIterator(sec);
    }
    if (dc)
        LLVMDisasmDispose(dc);
    if (bin)
        LLVMDisposeBinary(bin);
    LLVMDisposeMemoryBuffer(buf);
    free(obj);
}
