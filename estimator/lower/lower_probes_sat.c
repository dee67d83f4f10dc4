/* lower_probes_sat.c — before the run: a signed saturating add or subtract
 * narrower than the registers (llvm.sadd.sat.i16 on the PPC405 and the
 * PicoRV32: rv_clamp_at below reads RISC-V's shape), which code
 * generation makes into the exact result clamped at the two bounds, one
 * branch each:
 *
 *     cmpwi r9, 32767 ; blt 1f ; li r9, 32767 ; 1:
 *     cmpwi r9, -32768 ; bgt 2f ; li r9, -32768 ; 2:
 *
 * The saturation's record says how often it saturated, not at which bound;
 * the probe here is where the exact result lies: 0 at or below the lower
 * bound, 1 between them, 2 at or above the upper one (computed from the
 * operands, sign-extended, at 32 bits). A branch is read as a clamp when it
 * carries the saturation's location, compares a register with one of the
 * two bounds and its fall-through is that register set to the bound alone,
 * joining the taken side (directly or by a jump); the clamp at the upper bound sees the result or
 * the result already clamped below, and either is below the upper bound
 * exactly when the result is (and alike at the lower bound), so the branch
 * is taken on a set of the three values whatever the clamps' order. Each
 * bound's clamp must be found once. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>


static uint32_t cst(struct eng_probe *p, size_t *cap, uint64_t v)
{
    return mc_probe_node(p, cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 32, .imm = v & 0xffffffffu});
}

/* the exact result of S (sadd/ssub.sat of N bits), sign-extended operands at 32 bits */
static struct eng_probe sat_probe(LLVMValueRef s, unsigned bits, bool sub)
{
    struct eng_probe p = {.at = s};
    size_t cap = 0;
    uint64_t sign = 1ull << (bits - 1), mask = (sign << 1) - 1;
    uint32_t x[2];
    for (int i = 0; i < 2; i++) {
        uint32_t v = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = bits, .value = LLVMGetOperand(s, (unsigned)i)});
        uint32_t m = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_AND, .width = 32, .a = v, .b = cst(&p, &cap, mask)});
        uint32_t f = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_XOR, .width = 32, .a = m, .b = cst(&p, &cap, sign)});
        x[i] = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 32, .a = f, .b = cst(&p, &cap, (uint64_t)0x100000000ull - sign)});
    }
    if (sub) { /* a - b = a + ~b + 1 */
        uint32_t n = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_XOR, .width = 32, .a = x[1], .b = cst(&p, &cap, 0xffffffffu)});
        x[1] = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 32, .a = n, .b = cst(&p, &cap, 1)});
    }
    uint32_t r = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 32, .a = x[0], .b = x[1]});
    uint32_t hi = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntSGE, .a = r, .b = cst(&p, &cap, sign - 1)});
    uint32_t lo = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntSLE, .a = r, .b = cst(&p, &cap, (uint64_t)0x100000000ull - sign)});
    uint32_t inner = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_SELECT, .width = 8, .a = lo, .b = cst(&p, &cap, 0), .c = cst(&p, &cap, 1)});
    mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_SELECT, .width = 8, .a = hi, .b = cst(&p, &cap, 2), .c = inner});
    return p;
}


/* The clamp ending block M: its bound (*K) and the probe values on which its
 * branch is taken; 0 when it is not one. */
static uint64_t clamp_at(const struct mfunc *f, size_t m, long long max, long long min, long long *k)
{
    const struct mblock *b = &f->blocks[m];
    if (b->nsucc != 2 || b->ninsns < 2 || m + 1 >= f->nblocks)
        return 0;
    const struct minsn *br = &b->insns[b->ninsns - 1], *cmp = &b->insns[b->ninsns - 2];
    const struct mblock *arm = &f->blocks[m + 1];
    char bo[3][16], co[3][16], ao[3][16];
    int nb = mc_insn_operands(br, bo, (int)(sizeof bo / sizeof bo[0])), nc = mc_insn_operands(cmp, co, (int)(sizeof co / sizeof co[0]));
    /* the arm: "li R, K", then nothing or a jump to where the branch goes */
    if (!br->isa || br->isa->kind != ISA_COND_BRANCH || br->target < 0 || strcmp(cmp->mnemonic, "cmpwi") ||
        (arm->ninsns != 1 && !(arm->ninsns == 2 && !strcmp(arm->insns[1].mnemonic, "b"))) || arm->npred != 1 ||
        arm->nsucc != 1 || arm->succ[0] != br->target || strcmp(arm->insns[0].mnemonic, "li") ||
        mc_insn_operands(&arm->insns[0], ao, 3) != 2)
        return 0;
    /* the compare sets the field the branch tests ("cr0" when unnamed) */
    const char *bcr = nb == 2 ? bo[0] : nb == 1 ? "cr0" : NULL;
    const char *ccr = nc == 3 ? co[0] : nc == 2 ? "cr0" : NULL;
    const char *reg = nc == 3 ? co[1] : co[0], *imm = nc == 3 ? co[2] : co[1];
    if (!bcr || !ccr || strcmp(bcr, ccr) || strcmp(reg, ao[0]) || strcmp(imm, ao[1]))
        return 0;
    char *end;
    *k = strtoll(imm, &end, 0);
    if (*end || (*k != max && *k != min))
        return 0;
    char mn[16];
    size_t n = strlen(br->mnemonic);
    if (n >= sizeof mn)
        return 0;
    memcpy(mn, br->mnemonic, n + 1);
    while (n > 0 && (mn[n - 1] == '+' || mn[n - 1] == '-'))
        mn[--n] = '\0';
    /* values: 0 at or below MIN, 1 between, 2 at or above MAX */
    if (*k == max)
        return !strcmp(mn, "blt") ? 3 : !strcmp(mn, "bge") || !strcmp(mn, "bnl") ? 4 : 0;
    return !strcmp(mn, "bgt") ? 6 : !strcmp(mn, "ble") || !strcmp(mn, "bng") ? 1 : 0;
}

/* RISC-V: the clamp ending block M ("blt r, rK, 1f ; mv r, rK ; 1:", or the
 * arm "li r, K" or "lui r, K >> 12"; rK holding the bound, kept in a register across blocks:
 * dsp.c's lattice filter, "lui t5, 8" before the loop, "addi t0, t5, -1" in it):
 * its bound (*K) and the probe values on which its branch is taken; 0 when it
 * is not one. Only the compares whose sense fits the probe's values: below the
 * upper bound ("blt r, rK") or at or above it ("bge r, rK"); above the lower
 * bound ("blt rK, r") or at or below it ("bge rK, r"). */
static uint64_t rv_clamp_at(const struct mfunc *f, size_t m, long long max, long long min, long long *k,
                            char result[16])
{
    const struct mblock *b = &f->blocks[m];
    if (b->nsucc != 2 || b->ninsns < 1 || m + 1 >= f->nblocks)
        return 0;
    const struct minsn *br = &b->insns[b->ninsns - 1];
    const struct mblock *arm = &f->blocks[m + 1];
    char bo[3][16], ao[3][16];
    if (!br->isa || br->isa->kind != ISA_COND_BRANCH || br->target < 0 || mc_insn_operands(br, bo, 3) != 3 ||
        (strcmp(br->mnemonic, "blt") && strcmp(br->mnemonic, "bge")) ||
        (arm->ninsns != 1 && !(arm->ninsns == 2 && !strcmp(arm->insns[1].mnemonic, "j"))) || arm->npred != 1 ||
        arm->nsucc != 1 || arm->succ[0] != br->target || mc_insn_operands(&arm->insns[0], ao, 3) != 2)
        return 0;
    /* the result register is the one the arm writes; the other compared holds the bound */
    int rs = !strcmp(bo[0], ao[0]) ? 0 : !strcmp(bo[1], ao[0]) ? 1 : -1;
    if (rs < 0 || !strcmp(bo[0], bo[1]))
        return 0;
    const char *kreg = bo[1 - rs];
    memcpy(result, bo[rs], 16);
    long long kv, av;
    if (!mc_block_reg_constant(f, m, b->ninsns - 1, kreg, strlen(kreg), &kv))
        return 0;
    if (!strcmp(arm->insns[0].mnemonic, "li") || !strcmp(arm->insns[0].mnemonic, "lui")) {
        char *end;
        av = strtoll(ao[1], &end, 0);
        if (arm->insns[0].mnemonic[1] == 'u')
            av = (int32_t)((uint32_t)av << 12);
        if (*end || (int32_t)av != (int32_t)kv)
            return 0;
    } else if (strcmp(arm->insns[0].mnemonic, "mv") || strcmp(ao[1], kreg)) {
        return 0;
    }
    *k = (int32_t)kv;
    if (*k != max && *k != min)
        return 0;
    bool blt = !strcmp(br->mnemonic, "blt");
    /* values: 0 at or below MIN, 1 between, 2 at or above MAX */
    if (*k == max)
        return rs == 0 ? (blt ? 3 : 4) : 0;
    return rs == 1 ? (blt ? 6 : 1) : 0;
}

void lower_saturation_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    bool rv = triple && !strncmp(triple, "riscv32", 7);
    if (!triple || (strncmp(triple, "powerpc-", 8) && !rv))
        return;
    size_t nord = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            nord++;
    LLVMValueRef *ord = sup_xcalloc(nord + 2, sizeof *ord);
    size_t k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            ord[++k] = i;
    for (size_t i = 1; i <= nord; i++) {
        LLVMValueRef s = ord[i], callee = LLVMIsACallInst(s) ? LLVMGetCalledValue(s) : NULL;
        size_t len = 0;
        const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
        bool add = !strncmp(name, "llvm.sadd.sat.i", 15), sub = !strncmp(name, "llvm.ssub.sat.i", 15);
        if ((!add && !sub) || LLVMGetTypeKind(LLVMTypeOf(s)) != LLVMIntegerTypeKind)
            continue;
        unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(s));
        if (bits < 2 || bits > 16)
            continue; /* (a full-width one tests its overflow instead) */
        long long max = (1ll << (bits - 1)) - 1, min = -(1ll << (bits - 1));
        const char *home = LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(s)), &len);
        size_t at[2] = {0, 0}, found[2] = {0, 0};
        uint64_t taken[2] = {0, 0};
        bool ok = true;
        for (size_t m = 0; m < f->nblocks && ok; m++) {
            const struct mblock *b = &f->blocks[m];
            if (!b->ninsns)
                continue;
            const struct minsn *br = &b->insns[b->ninsns - 1];
            if (!br->isa || br->isa->kind != ISA_COND_BRANCH || br->src_col != ENG_PROVENANCE_COLUMN ||
                br->src_line != i)
                continue;
            long long bound;
            char result[16];
            uint64_t t = rv ? rv_clamp_at(f, m, max, min, &bound, result) : clamp_at(f, m, max, min, &bound);
            if (!t || !b->ir_name || strcmp(b->ir_name, home)) {
                ok = false; /* (a branch of it that is not a clamp: not this shape) */
                continue;
            }
            int side = bound == max;
            at[side] = m, taken[side] = t;
            found[side]++;
        }
        /* RISC-V: the second clamp's branch, made at the first one's join,
         * may have no location; it compares the same register, which nothing
         * in the join writes before it */
        for (int side = 0; side < 2 && rv && ok; side++) {
            if (found[side] != 1 || found[1 - side] != 0)
                continue;
            const struct mblock *first = &f->blocks[at[side]];
            int join = first->insns[first->ninsns - 1].target;
            char r1[16], r2[16];
            long long b1, b2;
            if (join < 0 || !rv_clamp_at(f, at[side], max, min, &b1, r1))
                continue;
            const struct mblock *jb = &f->blocks[join];
            const struct minsn *jbr = jb->ninsns ? &jb->insns[jb->ninsns - 1] : NULL;
            if (!jbr || jb->npred != 2 || (jbr->src_line && jbr->src_col == ENG_PROVENANCE_COLUMN) ||
                !jb->ir_name || strcmp(jb->ir_name, home))
                continue;
            uint64_t t = rv_clamp_at(f, (size_t)join, max, min, &b2, r2);
            bool kept = t && strcmp(r1, r2) == 0 && (b2 == max) != (b1 == max);
            for (size_t q = 0; q + 1 < jb->ninsns && kept; q++) {
                char qo[3][16];
                const struct minsn *qi = &jb->insns[q];
                kept = !qi->isa || qi->isa->kind == ISA_STORE || mc_insn_operands(qi, qo, 3) < 1 || strcmp(qo[0], r1);
                kept &= qi->isa && qi->isa->kind != ISA_CALL && qi->isa->kind != ISA_INDIRECT_CALL;
            }
            if (kept) {
                at[1 - side] = (size_t)join, taken[1 - side] = t;
                found[1 - side] = 1;
            }
        }
        if (!ok || found[0] != 1 || found[1] != 1)
            continue;
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n] = sat_probe(s, bits, sub);
        for (int side = 0; side < 2; side++) {
            f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
            f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
                .probe = (uint32_t)out->n, .block = (int)at[side], .run = 7, .taken = taken[side]};
        }
        out->n++;
    }
    free(ord);
}
