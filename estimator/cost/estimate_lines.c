/* estimate_lines.c — cycles and executions per source line: every machine
 * instruction names the IR instruction it came from (its provenance
 * location), whose debug location in the program gives the line (and the
 * inlined copy it belongs to: the inline parts of the source view). A block's
 * cycles are shared among its instructions by their issue cycles in the
 * core's table (stalls and branch penalties go with them in proportion);
 * runtime routines' cycles go to the lines of the calls. */
#include "cost.h"
#include "isa.h"
#include "support.h"
#include "source_path.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

struct line_map {
    LLVMValueRef fn;          /* the function whose ordinals are mapped */
    LLVMValueRef *inst;       /* [ordinal] */
    uint32_t n;
};

static void map_function(struct line_map *lm, LLVMValueRef fn)
{
    if (lm->fn == fn)
        return;
    free(lm->inst);
    lm->fn = fn;
    lm->n = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            lm->n++;
    lm->inst = sup_xcalloc(lm->n + 2, sizeof *lm->inst);
    uint32_t k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            lm->inst[++k] = i;
}

/* The entry of E->lines for FILE:LINE, created on first use. */
static struct cost_line_cost *line_entry(struct cost_estimate *e, const char *file, unsigned line)
{
    for (size_t i = e->nlines; i-- > 0;)
        if (e->lines[i].line == line && !strcmp(e->lines[i].file, file))
            return &e->lines[i];
    /* capacity: 16, then doubled whenever the count reaches a power of two */
    if (e->nlines == 0 || (e->nlines >= 16 && (e->nlines & (e->nlines - 1)) == 0))
        e->lines = sup_xrealloc(e->lines, (e->nlines ? e->nlines * 2 : 16) * sizeof *e->lines);
    struct cost_line_cost *l = &e->lines[e->nlines++];
    memset(l, 0, sizeof *l);
    l->file = sup_strdup(file);
    l->line = line;
    return l;
}

/* The source line of IR instruction I (false without a located one). */
static bool source_line(LLVMValueRef i, char *file, size_t n, unsigned *line)
{
    unsigned l = LLVMGetDebugLocLine(i);
    if (!l || !eng_inst_file(i, file, n))
        return false;
    *line = l;
    return true;
}

/* C cycles of the block being priced (appended to e->blocks next) from the
 * copy of SCOPE inlined at INLINED_AT (NULL: the function's own code). */
static void add_inline_part(struct cost_estimate *e, LLVMMetadataRef scope, LLVMMetadataRef inlined_at, double c,
                            double insns)
{
    size_t n = e->ninline_parts;
    for (size_t k = n; k-- > 0 && e->inline_parts[k].block == e->nblocks;)
        if (e->inline_parts[k].scope == scope && e->inline_parts[k].inlined_at == inlined_at) {
            e->inline_parts[k].cycles += c;
            e->inline_parts[k].instructions += insns;
            return;
        }
    if (n == 0 || (n >= 16 && (n & (n - 1)) == 0)) /* capacity as in line_entry */
        e->inline_parts = sup_xrealloc(e->inline_parts, (n ? n * 2 : 16) * sizeof *e->inline_parts);
    e->inline_parts[e->ninline_parts++] = (struct cost_inline_part){e->nblocks, scope, inlined_at, c, insns};
}

void cost_lines_free(struct cost_ctx *cx)
{
    if (cx->lines)
        free(cx->lines->inst);
    free(cx->lines);
    cx->lines = NULL;
}

void cost_lines_add_block(struct cost_ctx *cx, const struct mfunc *mf, size_t bi, const struct block_price *bp)
{
    /* kept per estimate: a function's address may be reused by another
     * module's once this one is freed */
    if (!cx->lines)
        cx->lines = sup_xcalloc(1, sizeof *cx->lines);
    struct line_map *lm = cx->lines;
    const struct mblock *b = &mf->blocks[bi];
    if (b->count <= 0 || bp->cycles <= 0 || !b->ninsns)
        return;
    LLVMValueRef fn = LLVMGetNamedFunction(cx->m, mf->name);
    if (!fn || LLVMIsDeclaration(fn))
        return;
    map_function(lm, fn);
    /* weights: issue cycles; calls also take the block's runtime cycles */
    double wsum = 0, isum = 0;
    size_t ncalls = 0;
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        wsum += in->isa && in->isa->cycles ? in->isa->cycles : 1;
        isum += cost_insn_count(cx->isa, in);
        ncalls += in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL);
    }
    double own = bp->cycles - (ncalls ? bp->runtime_cycles : 0);
    char file[512] = "", last_file[512] = "";
    unsigned line = 0, last_line = 0;
    /* the inlined copy each instruction came from (source view, report/sources.c) */
    LLVMMetadataRef scope = LLVMGetSubprogram(fn), inlined_at = NULL;
    /* instructions code generation made (spills, copies) go with the line
     * before them; those before the first located one with it, or with the
     * function's definition when the block has none */
    for (size_t k = 0; k < b->ninsns && !last_line; k++) {
        const struct minsn *in = &b->insns[k];
        if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= lm->n &&
            source_line(lm->inst[in->src_line], last_file, sizeof last_file, &last_line))
            break;
    }
    if (!last_line) {
        LLVMMetadataRef sp = LLVMGetSubprogram(fn);
        if (sp)
            eng_difile_path(cx->m, LLVMDIScopeGetFile(sp), last_file, sizeof last_file);
        else
            snprintf(last_file, sizeof last_file, "%s", mf->name);
        last_line = sp ? LLVMDISubprogramGetLine(sp) : 0;
    }
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        bool located = false;
        if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= lm->n) {
            located = source_line(lm->inst[in->src_line], file, sizeof file, &line);
            LLVMMetadataRef dl = located ? LLVMInstructionGetDebugLoc(lm->inst[in->src_line]) : NULL;
            LLVMMetadataRef sp = dl ? eng_scope_subprogram(LLVMDILocationGetScope(dl)) : NULL;
            if (sp) {
                scope = sp;
                inlined_at = LLVMDILocationGetInlinedAt(dl);
            }
        }
        if (!located) {
            strcpy(file, last_file);
            line = last_line;
        }
        double w = in->isa && in->isa->cycles ? in->isa->cycles : 1;
        double c = own * w / wsum;
        bool call = in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL);
        if (call)
            c += bp->runtime_cycles / (double)ncalls;
        /* the block this is called for is appended to e->blocks next (estimate.c) */
        struct cost_estimate *e = cx->e;
        /* a function without debug information has no line: its cycles stay
         * "without a source line" (annotate's last row) */
        if (line) {
            struct cost_line_cost *l = line_entry(cx->e, file, line);
            l->cycles += c;
            size_t li = (size_t)(l - e->lines);
            if (e->nline_parts && e->line_parts[e->nline_parts - 1].line == li &&
                e->line_parts[e->nline_parts - 1].block == e->nblocks)
                e->line_parts[e->nline_parts - 1].cycles += c;
            else {
                size_t n = e->nline_parts; /* capacity as in line_entry */
                if (n == 0 || (n >= 16 && (n & (n - 1)) == 0))
                    e->line_parts = sup_xrealloc(e->line_parts, (n ? n * 2 : 16) * sizeof *e->line_parts);
                e->line_parts[e->nline_parts++] = (struct cost_line_part){li, e->nblocks, c};
            }
            if (b->count > l->executions)
                l->executions = b->count;
        }
        add_inline_part(e, scope, inlined_at, c, isum > 0 ? bp->instructions * cost_insn_count(cx->isa, in) / isum : 0);
        strcpy(last_file, file);
        last_line = line;
    }
}
