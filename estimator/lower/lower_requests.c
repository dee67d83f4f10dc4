/* lower_requests.c — before the program runs: which IR blocks need their
 * paths counted. A block whose terminator also appears in machine code
 * entered as another IR block was duplicated into it (tail duplication); how
 * often each copy branches which way depends on the path taken into the
 * block, which block and edge counts alone do not tell. Provenance locations
 * (see eng_module_fresh) say which IR instruction a machine branch came from. */
#include "isa.h"
#include "lower.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static bool is_control(const struct minsn *in)
{
    if (!in->isa)
        return false;
    switch (in->isa->kind) {
    case ISA_COND_BRANCH: case ISA_JUMP: case ISA_INDIRECT_JUMP: case ISA_RETURN: case ISA_COND_RETURN:
    case ISA_TAIL_CALL:
        return true;
    default:
        return false;
    }
}

size_t lower_pair_requests(const struct mmodule *mm, LLVMModuleRef m, struct eng_block_ref **out)
{
    struct eng_block_ref *req = NULL;
    size_t n = 0;
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        LLVMValueRef fn = LLVMGetNamedFunction(m, f->name);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        size_t nb = LLVMCountBasicBlocks(fn);
        LLVMBasicBlockRef *bbs = sup_xcalloc(nb + 1, sizeof *bbs);
        LLVMGetBasicBlocks(fn, bbs);
        /* the IR block of every instruction ordinal; only terminators matter */
        size_t nord = 0;
        for (size_t b = 0; b < nb; b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); i; i = LLVMGetNextInstruction(i))
                nord++;
        int *term_block = sup_xcalloc(nord + 2, sizeof *term_block);
        size_t k = 0;
        for (size_t b = 0; b < nb; b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); i; i = LLVMGetNextInstruction(i)) {
                k++;
                term_block[k] = LLVMIsATerminatorInst(i) ? (int)b : -1;
            }
        bool *want = sup_xcalloc(nb + 1, sizeof *want);
        for (size_t i = 0; i < f->nblocks; i++) {
            const struct mblock *b = &f->blocks[i];
            const char *entry = b->ir_name;
            for (size_t j = b->ninsns; j-- > 0;) {
                const struct minsn *in = &b->insns[j];
                if (!is_control(in))
                    continue;
                if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= nord) {
                    int z = term_block[in->src_line];
                    size_t len;
                    if (z >= 0 && entry &&
                        strcmp(entry, LLVMGetValueName2(LLVMBasicBlockAsValue(bbs[z]), &len)) != 0)
                        want[z] = true;
                }
                break;
            }
        }
        for (size_t y = 0; y < nb; y++)
            if (want[y]) {
                size_t len;
                req = sup_xrealloc(req, (n + 1) * sizeof *req);
                req[n].func = sup_strdup(f->name);
                req[n].block = sup_strdup(LLVMGetValueName2(LLVMBasicBlockAsValue(bbs[y]), &len));
                n++;
            }
        free(want);
        free(term_block);
        free(bbs);
    }
    *out = req;
    return n;
}

void lower_pair_requests_free(struct eng_block_ref *req, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free((char *)req[i].func);
        free((char *)req[i].block);
    }
    free(req);
}
