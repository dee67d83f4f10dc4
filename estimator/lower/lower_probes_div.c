/* lower_probes_div.c — before the run: the x86-64 division bypass. On cores
 * where a 64-bit divide is slow, code generation (BypassSlowDivision) tests
 * whether both operands of a 64-bit udiv/urem/sdiv/srem fit in 32 unsigned
 * bits, ((a | b) >> 32) == 0, and divides with "divl" when they do and with
 * "divq"/"idivq" when not:
 *
 *     movq %rax, %rcx ; orq %rsi, %rcx ; shrq $32, %rcx ; je .Lfast
 *     (slow) xorl %edx, %edx ; divq %rsi ; jmp .Ljoin
 *     .Lfast: xorl %edx, %edx ; divl %esi
 *
 * The branch tests no IR value; the probe here is that condition, evaluated
 * at the division. A branch is read as the bypass only when it carries the
 * division's location, ends a block that runs once per run of the division's
 * IR block (its own, or one codegen made after it), and its two
 * sides are blocks that each divide once, one with a 32-bit and one with a
 * 64-bit divide, and join: the 32-bit divide gives the right result only when
 * both operands fit, so its side is the one taken when they do.
 *
 * And on the PowerPC: a 64-bit udiv/urem by a constant C whose odd part d
 * divides 2^32 - 1 (3, 5, 15, 17, ...; C = d << t) is expanded in 32-bit
 * halves (TargetLowering::expandDIVREMByConstant): the dividend shifted
 * right by t, its two words added and the carry of that add added back. A
 * core without isel makes the carry's select a branch:
 *
 *     add r29, r0, r30 ; cmplw r29, r0 ; li r28, 1 ; blt .Lc ; li r28, 0 ; .Lc:
 *
 * The branch tests no IR value; the probe is the carry, lo + hi <u lo with
 * lo and hi the words of (dividend >> t), evaluated at the division. */
#include "isa.h"
#include "lower.h"
#include "lower_ppc.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* The width of the divide block B makes (32, 64), 0 when it makes none or
 * several, or does anything else than set up, divide and jump. */
static int divide_width(const struct mblock *b)
{
    int width = 0;
    for (size_t k = 0; k < b->ninsns; k++) {
        const char *mn = b->insns[k].mnemonic;
        int w = !strcmp(mn, "divl") || !strcmp(mn, "idivl") ? 32 : !strcmp(mn, "divq") || !strcmp(mn, "idivq") ? 64 : 0;
        if (w) {
            if (width)
                return 0;
            width = w;
        } else if (strcmp(mn, "xorl") && strcmp(mn, "jmp") && strcmp(mn, "cqto") && strcmp(mn, "cltd") &&
                   strncmp(mn, "mov", 3)) {
            return 0;
        }
    }
    return width;
}

/* Whether block M runs once per run of IR block NAME: it is that block's, or
 * one codegen made after it, reached from it through single predecessors and
 * joins of two-sided branches (at most 8 blocks back). */
static bool of_block(const struct mfunc *f, size_t m, const char *name)
{
    for (int hops = 0; hops < 8; hops++) {
        const struct mblock *b = &f->blocks[m];
        if (b->ir_name)
            return !strcmp(b->ir_name, name);
        if (b->npred == 1) {
            m = (size_t)b->pred[0];
            continue;
        }
        if (b->npred != 2)
            return false;
        const struct mblock *x = &f->blocks[b->pred[0]], *y = &f->blocks[b->pred[1]];
        if (x->npred != 1 || y->npred != 1 || x->pred[0] != y->pred[0] || x->nsucc != 1 || y->nsucc != 1 ||
            f->blocks[x->pred[0]].nsucc != 2)
            return false;
        m = (size_t)x->pred[0];
    }
    return false;
}


/* The shift t of a 64-bit unsigned division by constant C that code
 * generation expands by adding the halves (C = d << t, d > 1 odd dividing
 * 2^32 - 1); -1 when it does not. */
static int halves_shift(LLVMValueRef div)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(div);
    LLVMValueRef c = LLVMGetOperand(div, 1);
    if ((op != LLVMUDiv && op != LLVMURem) || LLVMGetTypeKind(LLVMTypeOf(div)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(div)) != 64 || !LLVMIsAConstantInt(c))
        return -1;
    unsigned long long v = LLVMConstIntGetZExtValue(c);
    if (v == 0)
        return -1;
    int t = 0;
    while (!(v & 1))
        v >>= 1, t++;
    return v > 1 && v <= 0xffffffffull && 0xffffffffull % v == 0 ? t : -1;
}

/* Whether block B ends in a PowerPC branch on the carry of an add: the
 * compare "cmplw S, X" (or "cmplw X, S") of its field, the last to write
 * it, with S made by "add S, X, Y" (or "add S, Y, X") before it in B and
 * neither S nor X written in between. *TAKEN_IS_CARRY says which way. */
static bool ppc_carry_branch(const struct mblock *b, bool *taken_is_carry)
{
    const struct minsn *br = &b->insns[b->ninsns - 1];
    char cr[8], ops[4][16], aops[4][16];
    unsigned cond = mc_ppc_branch_condition(br, cr);
    if (!cond)
        return false;
    size_t k = b->ninsns - 1;
    while (k-- > 0 && !mc_ppc_writes_cr(&b->insns[k], cr))
        ;
    if (k >= b->ninsns || strcmp(b->insns[k].mnemonic, "cmplw"))
        return false;
    int n = mc_insn_operands(&b->insns[k], ops, 4);
    int first = n == 3 ? 1 : 0;
    if (n != 2 + first)
        return false;
    for (int side = 0; side < 2; side++) {
        const char *sum = ops[first + side], *x = ops[first + 1 - side];
        size_t j = k;
        while (j-- > 0 && !mc_ppc_writes_reg(&b->insns[j], sum) && !mc_ppc_writes_reg(&b->insns[j], x))
            ;
        if (j >= k || strcmp(b->insns[j].mnemonic, "add") || mc_insn_operands(&b->insns[j], aops, 4) != 3 ||
            strcmp(aops[0], sum) || !strcmp(sum, x) || (strcmp(aops[1], x) && strcmp(aops[2], x)))
            continue;
        /* carry: S <u X, "lt" with S first, "gt" with X first */
        unsigned carry = side == 0 ? 1 : 2;
        if (cond != carry && cond != (7u & ~carry))
            return false;
        *taken_is_carry = cond == carry;
        return true;
    }
    return false;
}

static void ppc_division_carries(struct mfunc *f, LLVMValueRef fn, struct lower_probes *out)
{
    size_t nord = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            nord++;
    LLVMValueRef *ord = NULL;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        if (b->nsucc != 2 || !b->ninsns)
            continue;
        const struct minsn *br = &b->insns[b->ninsns - 1];
        if (!br->isa || br->isa->kind != ISA_COND_BRANCH || br->src_col != ENG_PROVENANCE_COLUMN || !br->src_line ||
            br->src_line > nord || br->target < 0)
            continue;
        if (!ord) {
            ord = sup_xcalloc(nord + 2, sizeof *ord);
            size_t k = 0;
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
                for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                    ord[++k] = i;
        }
        LLVMValueRef div = ord[br->src_line];
        bool taken_is_carry;
        size_t len;
        int t = div && LLVMIsAInstruction(div) ? halves_shift(div) : -1;
        if (t < 0 || !ppc_carry_branch(b, &taken_is_carry) ||
            !of_block(f, m, LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(div)), &len)))
            continue;
        /* one such branch per division: a copy (tail duplication) runs on
         * some of its executions only */
        bool again = false;
        for (size_t u = 0; u < f->nprobe_uses && !again; u++)
            again = out->probes[f->probe_uses[u].probe].at == div;
        if (again) {
            for (size_t u = 0; u < f->nprobe_uses; u++)
                if (out->probes[f->probe_uses[u].probe].at == div)
                    f->probe_uses[u].run = f->probe_uses[u].taken = 0, f->probe_uses[u].block = -1;
            continue;
        }
        struct eng_probe p = {.at = div};
        size_t cap = 0;
        uint32_t v = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(div, 0)});
        uint32_t lo = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = (uint64_t)t, .a = v});
        uint32_t hi = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32 + (uint64_t)t, .a = v});
        uint32_t sum = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 32, .a = lo, .b = hi});
        mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntULT, .a = sum, .b = lo});
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n] = p;
        /* value 1: the add carried */
        f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
        f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
            .probe = (uint32_t)out->n, .block = (int)m, .run = 3, .taken = taken_is_carry ? 2 : 1};
        out->n++;
    }
    free(ord);
}

void lower_division_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    if (triple && !strncmp(triple, "powerpc", 7)) {
        ppc_division_carries(f, fn, out);
        return;
    }
    if (!triple || strncmp(triple, "x86_64", 6))
        return;
    size_t nord = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            nord++;
    LLVMValueRef *ord = NULL;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        if (b->nsucc != 2 || !b->ninsns)
            continue;
        const struct minsn *br = &b->insns[b->ninsns - 1];
        char sense = mc_branch_sense(br->mnemonic);
        if (!br->isa || br->isa->kind != ISA_COND_BRANCH || (sense != 'e' && sense != 'n') ||
            br->src_col != ENG_PROVENANCE_COLUMN || !br->src_line || br->src_line > nord || br->target < 0)
            continue;
        if (!ord) {
            ord = sup_xcalloc(nord + 2, sizeof *ord);
            size_t k = 0;
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
                for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                    ord[++k] = i;
        }
        LLVMValueRef div = ord[br->src_line];
        LLVMOpcode op = div ? LLVMGetInstructionOpcode(div) : LLVMRet;
        size_t len;
        if ((op != LLVMUDiv && op != LLVMURem && op != LLVMSDiv && op != LLVMSRem) ||
            LLVMGetTypeKind(LLVMTypeOf(div)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(div)) != 64 ||
            !of_block(f, m, LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(div)), &len)))
            continue;
        /* the two sides: each divides once, at a width of its own, and they join */
        size_t taken = (size_t)br->target, other = (size_t)(b->succ[0] == br->target ? b->succ[1] : b->succ[0]);
        const struct mblock *tb = &f->blocks[taken], *ob = &f->blocks[other];
        int tw = divide_width(tb), ow = divide_width(ob);
        if (!tw || !ow || tw == ow || tb->nsucc != 1 || ob->nsucc != 1 || tb->succ[0] != ob->succ[0] ||
            tb->npred != 1 || ob->npred != 1)
            continue;
        struct eng_probe p = {.at = div};
        size_t cap = 0;
        uint32_t a = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(div, 0)});
        uint32_t c = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(div, 1)});
        uint32_t o = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_OR, .width = 64, .a = a, .b = c});
        uint32_t h = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = o});
        uint32_t z = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 32, .imm = 0});
        mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntEQ, .a = h, .b = z});
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n] = p;
        /* value 1: both fit, the 32-bit side */
        f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
        f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
            .probe = (uint32_t)out->n, .block = (int)m, .run = 3, .taken = tw == 32 ? 2 : 1};
        out->n++;
    }
    free(ord);
}
