/* cost_ir.c — for a core without an LLVM backend (MicroBlaze), prices the IR
 * itself: cycles per IR opcode from the core's table, conditional branches
 * taken when their target is not the next block, calls to functions outside
 * the module from the runtime table — the fallback the seed paper proposes. */
#include "cost.h"
#include "ir_names.h"
#include "isa.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* The runtime routine an intrinsic becomes on a core without the operation
 * (memcpy for llvm.memcpy.*, sqrt for llvm.sqrt.f64...), or NULL. */
const char *cost_ir_intrinsic_routine(const char *callee)
{
    static const struct { const char *prefix, *routine; } map[] = {
        {"llvm.memcpy.", "memcpy"}, {"llvm.memmove.", "memmove"}, {"llvm.memset.", "memset"},
        {"llvm.sqrt.f64", "sqrt"}, {"llvm.sqrt.f32", "sqrtf"}, {"llvm.floor.f64", "floor"},
        {"llvm.floor.f32", "floorf"}, {"llvm.ceil.f64", "ceil"}, {"llvm.ceil.f32", "ceilf"},
        {"llvm.trunc.f64", "trunc"}, {"llvm.trunc.f32", "truncf"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strncmp(callee, map[i].prefix, strlen(map[i].prefix)))
            return map[i].routine;
    return NULL;
}

/* "OPCODE:TYPE" as isa/SCHEMA.md spells the type-specific entries: the
 * operand's type for compares, stores and conversions from floating point,
 * else the result's (so the floating-point type of floating-point operations
 * and of conversions to floating point). */
static void typed_opcode(LLVMValueRef in, const char *name, char *out, size_t n)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    LLVMTypeRef t = LLVMTypeOf(in);
    if (op == LLVMICmp || op == LLVMFCmp || op == LLVMStore || op == LLVMFPToSI || op == LLVMFPToUI)
        t = LLVMTypeOf(LLVMGetOperand(in, 0));
    char *ts = LLVMPrintTypeToString(t);
    snprintf(out, n, "%s:%s", name, ts);
    LLVMDisposeMessage(ts);
}

static double edge_count(const struct cnt_func *xf, uint32_t from, enum cnt_edge_kind kind)
{
    double c = 0;
    for (uint32_t e = 1; e < xf->nedges; e++)
        if (xf->einfo[e].from == from && xf->einfo[e].kind == kind)
            c += (double)xf->edges[e].count;
    return c;
}

bool cost_price_ir(struct cost_ctx *cx)
{
    struct cost_estimate *e = cx->e;
    size_t nf = eng_profile_nfuncs(cx->p), defined = 0;
    for (size_t i = 0; i < nf; i++)
        defined += eng_profile_counts(cx->p, i)->compiled;
    e->funcs = sup_xcalloc(defined + 1, sizeof *e->funcs);
    cx->nfuncs = defined;
    cx->callgraph = sup_xcalloc(defined * defined + 1, sizeof *cx->callgraph);
    size_t nblocks = 0;
    for (size_t i = 0; i < nf; i++) {
        const struct cnt_func *xf = eng_profile_counts(cx->p, i);
        if (xf->compiled)
            e->funcs[e->nfuncs++] = (struct cost_func_cost){.name = sup_strdup(xf->name), .calls = eng_profile_func_calls(cx->p, i)};
        nblocks += xf->compiled ? xf->nblocks : 0;
    }
    e->blocks = sup_xcalloc(nblocks + 1, sizeof *e->blocks);
    char **unknown_ops = NULL;
    size_t nunknown = 0;
    size_t fi = 0;
    for (size_t i = 0; i < nf; i++) {
        const struct cnt_func *xf = eng_profile_counts(cx->p, i);
        if (!xf->compiled)
            continue;
        cx->cur_func = fi;
        struct cost_func_cost *fc = &e->funcs[fi++];
        for (uint32_t b = 0; b < xf->nblocks; b++) {
            double n = (double)xf->blocks[b].count;
            struct block_price bp = {0};
            for (LLVMValueRef in = LLVMGetFirstInstruction(xf->blocks[b].bb); in; in = LLVMGetNextInstruction(in)) {
                LLVMOpcode op = LLVMGetInstructionOpcode(in);
                const char *name = exec_opcode_name(op);
                if (op == LLVMCall) {
                    LLVMValueRef callee = LLVMGetCalledValue(in);
                    size_t len;
                    const char *cn = callee ? LLVMGetValueName2(callee, &len) : "";
                    if (!strncmp(cn, "llvm.dbg.", 9) || !strncmp(cn, "llvm.lifetime.", 14))
                        continue;
                    const char *routine = cost_ir_intrinsic_routine(cn);
                    if (routine && isa_runtime(cx->isa, routine))
                        cost_price_call(cx, routine, NULL, in, n, &bp);
                    else if (callee && !LLVMIsAFunction(callee) && LLVMGetValueKind(callee) != LLVMInlineAsmValueKind)
                        cost_exclude_call(e, cx->cur_func, NULL, n, COST_EXCL_INDIRECT);
                    else if (cn[0] && strncmp(cn, "llvm.", 5))
                        cost_price_call(cx, cn, NULL, in, n, &bp);
                }
                uint32_t cyc = 0, taken = 0, not_taken = 0;
                char typed[96];
                typed_opcode(in, name, typed, sizeof typed);
                if (!isa_ir_cost(cx->isa, typed, &cyc, &taken, &not_taken)) {
                    bool seen = false;
                    for (size_t u = 0; u < nunknown && !seen; u++)
                        seen = !strcmp(unknown_ops[u], name);
                    if (!seen) {
                        unknown_ops = sup_xrealloc(unknown_ops, (nunknown + 1) * sizeof *unknown_ops);
                        unknown_ops[nunknown++] = (char *)name;
                        cost_estimate_warn(e, "IR opcode '%s' is not in %s's table (priced as 1 cycle)", name, e->core);
                    }
                    cyc = 1;
                    bp.unknown += n;
                }
                bp.instructions += n;
                if (op == LLVMBr && LLVMGetNumOperands(in) == 3) {
                    LLVMBasicBlockRef t = LLVMGetSuccessor(in, 0); /* the true destination */
                    bool true_is_next = b + 1 < xf->nblocks && xf->blocks[b + 1].bb == t;
                    double ct = edge_count(xf, b, CNT_EK_TRUE), cf = edge_count(xf, b, CNT_EK_FALSE);
                    double tk = true_is_next ? cf : ct, nt = true_is_next ? ct : cf;
                    bp.cycles += tk * taken + nt * not_taken;
                    bp.branch_cycles += tk * taken + nt * not_taken;
                } else if (op == LLVMBr) {
                    LLVMBasicBlockRef t = LLVMGetSuccessor(in, 0);
                    bool next = b + 1 < xf->nblocks && xf->blocks[b + 1].bb == t;
                    bp.cycles += n * (next ? not_taken : (taken ? taken : cyc));
                } else {
                    bp.cycles += n * cyc;
                }
            }
            fc->self += bp.cycles;
            fc->runtime += bp.runtime_cycles;
            fc->instructions += bp.instructions;
            e->cycles += bp.cycles;
            e->runtime_cycles += bp.runtime_cycles;
            e->machine_cycles += bp.cycles - bp.runtime_cycles;
            e->instructions += bp.instructions;
            e->unknown_execs += bp.unknown;
            struct cost_block_cost *bc = &e->blocks[e->nblocks++];
            bc->func = fi - 1;
            bc->number = -1;
            bc->ir_name = sup_strdup(xf->blocks[b].name);
            bc->count = n;
            bc->cycles = bp.cycles;
            bc->instructions = bp.instructions;
        }
    }
    free(unknown_ops);
    return true;
}
