/* lower_switches.c — before the program runs: switches that code generation
 * lowered to a tree of compares (a binary search over the case values, range
 * checks, equality tests) instead of a jump table, or in front of one. Each
 * of the tree's branches tests the switch value against constants, so its
 * outcome is the same for every value between two consecutive case values:
 * the probe counts, at the switch, which of those intervals (or which case
 * value itself) the value falls in, and the machine code is run here on one
 * value of each interval (a small evaluator of the compares, moves and adds
 * the trees use: RISC-V, PowerPC, AVR, x86-64) to learn which branches it
 * passes and which way each goes. Every case value and the default's values
 * must reach the machine code of their IR successor, else the switch is left
 * to the other rules. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "lower_switch_sim.h"
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the tree ---- */

/* Where the value enters the machine code: register REG (AVR: REG and, for
 * a 16-bit value, REG + 1 as a pair low byte first) holds the value
 * extended as EXT (0 none, 'z' zero, 's' sign) from BITS bits, from the start
 * of the tree's first block (AT < 0) or from its instruction AT on (a load). */
struct entry {
    int reg;
    unsigned bits;
    char ext;
    int at;
};

static void put_value(struct sim *st, const struct entry *en, uint64_t v)
{
    if (st->isa == SIM_AVR) {
        for (unsigned b = 0; b * 8 < en->bits && b < 4; b++)
            mc_sim_set_reg(st, en->reg + (int)b, (v >> (8 * b)) & 0xff, true);
        return;
    }
    uint64_t x = en->ext == 's' ? (uint64_t)mc_sim_sext(v, en->bits) : v & mc_sim_mask(en->bits);
    mc_sim_set_reg(st, en->reg, x, true);
}

/* The IR block a machine block leads to: its own, or through blocks without
 * a name that only continue (at most 8). NULL: none. */
static const char *landing_name(const struct mfunc *f, int t)
{
    for (int steps = 0; steps < 8 && t >= 0; steps++) {
        const struct mblock *b = &f->blocks[t];
        if (b->ir_name)
            return b->ir_name;
        if (b->nsucc != 1 || b->exits)
            return NULL;
        t = b->succ[0];
    }
    return NULL;
}

struct walk {
    int path[64];          /* tree blocks passed, in order */
    bool taken[64];
    int n;
    int landing;           /* the first block outside the tree */
};

/* The callee-saved registers (RISC-V s0-s11; x86-64 rbx, rbp, r12-r15) that
 * hold one constant wherever the tree at ROOT runs: their only write that is
 * not an epilogue's restore is a constant put in ("li r, imm"; "movl/movq/movabsq
 * $imm, r") in a block before ROOT that dominates it (code generation keeps a
 * switch's case values, or the mask of a bit-test cluster, there across a loop:
 * glob.c's pattern parser on riscv32, "li s6, 90" ... "bge s6, a0"; tarscan.c's
 * word counter on x86-64, "movabsq $0x500100000200, %rbx" ... "btq %r10, %rbx").
 * A restore ("lw r, N(sp)", "popq r") counts for nothing when only a return or a
 * tail call follows it in its block. Calls keep these registers; in a function
 * without calls (and without instructions the core description does not know)
 * the other registers are taken too. Known values go into SEED. */
static void constant_registers(const struct mfunc *f, enum sim_isa isa, size_t root, struct sim *seed)
{
    static const int rv_saved[] = {8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, -1};
    static const int x86_saved[] = {3, 5, 12, 13, 14, 15, -1};
    /* without calls, the others too (on x86-64 not rax, rcx, rdx, rsi and rdi,
     * which cltq, cqto, mul, div and rep write without naming them) */
    static const int rv_all[] = {1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
                                 25, 26, 27, 28, 29, 30, 31, -1};
    static const int x86_all[] = {3, 5, 8, 9, 10, 11, 12, 13, 14, 15, -1};
    bool calls = false;
    for (size_t m = 0; m < f->nblocks && !calls; m++)
        for (size_t k = 0; k < f->blocks[m].ninsns && !calls; k++)
            calls = !f->blocks[m].insns[k].isa || f->blocks[m].insns[k].isa->kind == ISA_CALL ||
                    f->blocks[m].insns[k].isa->kind == ISA_INDIRECT_CALL;
    const int *saved = isa == SIM_RV    ? (calls ? rv_saved : rv_all)
                       : isa == SIM_X86 ? (calls ? x86_saved : x86_all)
                                        : NULL;
    /* x86-64 instructions that write registers they do not name (cpuid writes
     * rbx, rdtsc rdx, syscall r11): none known here, or nothing is taken */
    static const char *const unnamed_ok[] = {"retq", "ret", "nop", "nopl", "nopw", "leave", "leaveq", "cltq", "cqto",
                                             "cltd", "cwtl", "ud2", "int3", NULL};
    for (size_t m = 0; m < f->nblocks && isa == SIM_X86 && saved; m++)
        for (size_t k = 0; k < f->blocks[m].ninsns && saved; k++) {
            const struct minsn *in = &f->blocks[m].insns[k];
            /* (rep-prefixed string instructions write only rcx, rdi, rsi and rax: never taken) */
            bool fine = in->ops[0] != '\0' || !strncmp(in->mnemonic, "rep", 3) || !strcmp(in->mnemonic, "cld");
            for (const char *const *u = unnamed_ok; *u && !fine; u++)
                fine = !strcmp(in->mnemonic, *u);
            if (!fine)
                saved = NULL;
        }
    /* the blocks from which ROOT can be reached: a write anywhere else (after
     * the loop the tree is in: glob.c's "lbu a2" of the trailing '*' scan,
     * a2 holding the tree's 90 before) never reaches the tree */
    bool *reaches = sup_xcalloc(f->nblocks + 1, sizeof *reaches);
    int *work = sup_xmalloc((f->nblocks + 1) * sizeof *work);
    size_t nw = 0;
    reaches[root] = true;
    work[nw++] = (int)root;
    while (nw) {
        const struct mblock *b = &f->blocks[work[--nw]];
        for (size_t p = 0; p < b->npred; p++)
            if (b->pred[p] >= 0 && !reaches[b->pred[p]]) {
                reaches[b->pred[p]] = true;
                work[nw++] = b->pred[p];
            }
    }
    free(work);
    /* (an indirect jump whose targets are not known may reach it from anywhere) */
    for (size_t m = 0; m < f->nblocks; m++)
        for (size_t k = 0; k < f->blocks[m].ninsns; k++)
            if (f->blocks[m].insns[k].isa && f->blocks[m].insns[k].isa->kind == ISA_INDIRECT_JUMP &&
                f->blocks[m].jt < 0)
                for (size_t a = 0; a < f->nblocks; a++)
                    reaches[a] = true;
    for (size_t r = 0; saved && saved[r] >= 0; r++) {
        int reg = saved[r], writes = 0, at = -1;
        int64_t imm = 0;
        bool ok = true;
        for (size_t m = 0; m < f->nblocks && ok; m++) {
            const struct mblock *b = &f->blocks[m];
            if (!reaches[m])
                continue;
            for (size_t k = 0; k < b->ninsns && ok; k++) {
                const struct minsn *in = &b->insns[k];
                const char *mn = in->mnemonic;
                char o[4][48];
                int n = mc_sim_operands(in->ops, o);
                if (!in->isa || in->isa->kind == ISA_STORE || in->isa->kind == ISA_NOP || mc_is_control(in) ||
                    in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL || n < 1)
                    continue;
                /* the register written: RISC-V's first operand, x86's last (not
                 * what compares, tests and pushes name) */
                if (isa == SIM_X86 && (!strncmp(mn, "cmp", 3) || !strncmp(mn, "test", 4) || !strncmp(mn, "bt", 2) ||
                                       !strncmp(mn, "push", 4) || !strncmp(mn, "ucomis", 6) || !strncmp(mn, "comis", 5)))
                    continue;
                if (mc_sim_reg(isa, o[isa == SIM_X86 ? n - 1 : 0], NULL) != reg)
                    continue;
                bool put = isa == SIM_RV ? !strcmp(mn, "li") && n == 2 && mc_sim_imm(o[1], &imm)
                                         : (!strcmp(mn, "movl") || !strcmp(mn, "movq") || !strcmp(mn, "movabsq")) &&
                                               n == 2 && mc_sim_imm(o[0], &imm);
                if (put && isa == SIM_X86 && !strcmp(mn, "movl"))
                    imm = (int64_t)(uint32_t)imm;
                if (put) {
                    writes++;
                    at = (int)m;
                    continue;
                }
                /* an epilogue's restore: only a return or a tail call after it */
                bool restore = isa == SIM_RV ? !strcmp(mn, "lw") && n == 2 && strstr(o[1], "(sp)") != NULL
                                             : !strcmp(mn, "popq") && n == 1;
                for (size_t j = k + 1; j < b->ninsns && restore; j++) {
                    const struct minsn *q = &b->insns[j];
                    restore = !q->isa || q->isa->kind == ISA_RETURN || q->isa->kind == ISA_TAIL_CALL ||
                              (!mc_is_control(q) && q->isa->kind != ISA_CALL && q->isa->kind != ISA_INDIRECT_CALL);
                }
                ok = restore && b->exits && b->nsucc == 0;
            }
        }
        if (ok && writes == 1 && at != (int)root && mc_block_dominates(f, at, (int)root))
            mc_sim_set_reg(seed, reg, (uint64_t)imm, true);
    }
    free(reaches);
}

/* Runs the tree from ROOT with the value V put in at EN: the blocks passed
 * and the way each branch went. False when a branch depends on something
 * else than the value and constants, or the walk does not leave the tree. */
static bool walk_tree(const struct mfunc *f, size_t root, const char *x_name, const struct sim *seed,
                      const struct entry *en, uint64_t v, struct walk *w)
{
    struct sim st = *seed;
    if (en->at < 0)
        put_value(&st, en, v);
    int m = (int)root;
    w->n = 0;
    for (;;) {
        const struct mblock *b = &f->blocks[m];
        if (m != (int)root && b->ir_name && strcmp(b->ir_name, x_name)) {
            w->landing = m;
            return true;
        }
        if (m != (int)root && !b->ir_name) {
            /* a block code generation made: part of the tree when it decides */
            bool decides = b->jt >= 0;
            for (size_t k = 0; k < b->ninsns && !decides; k++)
                decides = b->insns[k].isa &&
                          (b->insns[k].isa->kind == ISA_COND_BRANCH || b->insns[k].isa->kind == ISA_COND_RETURN);
            if (!decides) {
                bool returns = b->exits && b->nsucc == 0;
                w->landing = returns ? -2 : m;
                return true;
            }
        }
        if (w->n == 64 || b->jt >= 0) {
            /* a jump table (its own rule counts it) ends the walk */
            w->landing = m;
            return b->jt >= 0 && m != (int)root;
        }
        for (int q = 0; q < w->n; q++)
            if (w->path[q] == m)
                return false; /* (a loop) */
        const struct minsn *br = NULL;
        int next = -1;
        for (size_t k = 0; k < b->ninsns; k++) {
            const struct minsn *in = &b->insns[k];
            if (in->isa && in->isa->kind == ISA_COND_BRANCH) {
                if (br)
                    return false; /* (two branches in one block) */
                br = in;
                int t = mc_sim_branch(&st, in);
                if (t < 0)
                    return false;
                w->path[w->n] = m;
                w->taken[w->n++] = t;
                if (t) {
                    next = in->target;
                    break;
                }
                continue;
            }
            if (in->isa && in->isa->kind == ISA_JUMP) {
                next = in->target;
                break;
            }
            if (in->isa && in->isa->kind == ISA_COND_RETURN && !br) {
                /* PowerPC "beqlr": a branch to the function's return */
                br = in;
                int t = mc_sim_branch(&st, in);
                if (t < 0)
                    return false;
                w->path[w->n] = m;
                w->taken[w->n++] = t;
                if (t) {
                    w->landing = -2;
                    return true;
                }
                continue;
            }
            if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL || in->isa->kind == ISA_SKIP ||
                            in->isa->kind == ISA_INDIRECT_JUMP || in->isa->kind == ISA_RETURN ||
                            in->isa->kind == ISA_TAIL_CALL || in->isa->kind == ISA_COND_RETURN))
                return false;
            mc_sim_step(&st, in);
            if (m == (int)root && (int)k == en->at)
                put_value(&st, en, v);
        }
        if (next < 0) {
            if (!b->falls_through)
                return false;
            next = m + 1;
        }
        if (next < 0 || (size_t)next >= f->nblocks)
            return false;
        if (!br && b->ir_name && strcmp(b->ir_name, x_name) && m != (int)root) {
            w->landing = m;
            return true;
        }
        m = next;
        if (m == (int)root) {
            /* back at the root, named after the switch's block, after a
             * branch: the tree has decided and the block runs again (a loop
             * whose exit test is the switch and its default the loop, "do
             * p++; while (*p && *p != ']')" as "beq c, ']'; bnez c, loop":
             * glob.c on riscv32) */
            if (w->n > 0 && f->blocks[m].ir_name && !strcmp(f->blocks[m].ir_name, x_name)) {
                w->landing = m;
                return true;
            }
            /* (a root that is a copy of the tree's first decision in another
             * IR block, the loop's latch: the walk has left the tree for it) */
            if (w->n > 0 && f->blocks[m].ir_name && strcmp(f->blocks[m].ir_name, x_name)) {
                w->landing = m;
                return true;
            }
            return false;
        }
    }
}

/* Whether IR blocks A and B hold the same code (opcodes, in order) and go to
 * the same successors: code generation may keep one of them (tail merging). */
static bool merged_twins(LLVMBasicBlockRef a, LLVMBasicBlockRef b)
{
    LLVMValueRef i = LLVMGetFirstInstruction(a), j = LLVMGetFirstInstruction(b);
    for (; i && j; i = LLVMGetNextInstruction(i), j = LLVMGetNextInstruction(j))
        if (LLVMGetInstructionOpcode(i) != LLVMGetInstructionOpcode(j))
            return false;
    if (i || j)
        return false;
    LLVMValueRef ta = LLVMGetBasicBlockTerminator(a), tb = LLVMGetBasicBlockTerminator(b);
    unsigned n = LLVMGetNumSuccessors(ta);
    if (n != LLVMGetNumSuccessors(tb) || LLVMGetInstructionOpcode(ta) != LLVMBr)
        return false;
    for (unsigned k = 0; k < n; k++)
        if (LLVMGetSuccessor(ta, k) != LLVMGetSuccessor(tb, k))
            return false;
    return true;
}

/* Whether IR block TARGET is reached from the machine block the walk landed
 * on: its name, or TARGET only jumps (up to 4 blocks) to it, or the landing
 * is TARGET's twin whose code the backend kept for both (merged_twins). */
static bool lands_on(const struct mfunc *f, const struct walk *w, LLVMBasicBlockRef target)
{
    if (w->landing == -2) {
        /* returned: TARGET returns at once, or jumps to a block that does */
        for (int steps = 0; steps < 4 && target; steps++) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(target);
            if (!t)
                return false;
            if (LLVMGetInstructionOpcode(t) == LLVMRet) {
                for (LLVMValueRef i = LLVMGetFirstInstruction(target); i != t; i = LLVMGetNextInstruction(i))
                    if (!LLVMIsAPHINode(i))
                        return false;
                return true;
            }
            if (LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t) || LLVMGetFirstInstruction(target) != t)
                return false;
            target = LLVMGetSuccessor(t, 0);
        }
        return false;
    }
    if (f->blocks[w->landing].jt >= 0)
        return true; /* a jump table: its own rule counts what it sends where */
    const char *name = landing_name(f, w->landing);
    if (!name)
        return false;
    LLVMValueRef fn = LLVMGetBasicBlockParent(target);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        size_t len;
        if (!strcmp(LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len), name) && bb != target &&
            merged_twins(bb, target))
            return true;
    }
    for (int steps = 0; steps < 4 && target; steps++) {
        size_t len;
        if (!strcmp(LLVMGetValueName2(LLVMBasicBlockAsValue(target), &len), name))
            return true;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(target);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t) ||
            LLVMGetFirstInstruction(target) != t)
            return false;
        target = LLVMGetSuccessor(t, 0);
    }
    return false;
}

static int cmp_signed(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Whether instruction IN loads memory (its mnemonic on x86, where a move
 * from memory is one); *EXT: the extension its width and sign make. */
static bool loads(enum sim_isa isa, const struct minsn *in, char *ext, unsigned *bits)
{
    const char *mn = in->mnemonic;
    *ext = 0;
    *bits = 0;
    if (isa == SIM_X86) {
        if (strncmp(mn, "mov", 3) || !strchr(in->ops, '(') || strchr(in->ops, '(') > strchr(in->ops, ','))
            return false;
        *ext = !strncmp(mn, "movz", 4) ? 'z' : !strncmp(mn, "movs", 4) ? 's' : 0;
        *bits = !strncmp(mn + 4, "b", 1) ? 8 : !strncmp(mn + 4, "w", 1) ? 16 : 0;
        return true;
    }
    if (!in->isa || in->isa->kind != ISA_LOAD)
        return false;
    if (isa == SIM_RV) {
        *ext = !strcmp(mn, "lbu") || !strcmp(mn, "lhu") ? 'z' : !strcmp(mn, "lb") || !strcmp(mn, "lh") ? 's' : 0;
        *bits = mn[1] == 'b' ? 8 : mn[1] == 'h' ? 16 : 32;
    } else if (isa == SIM_PPC) {
        *ext = !strncmp(mn, "lbz", 3) || !strncmp(mn, "lhz", 3) ? 'z' : !strncmp(mn, "lha", 3) ? 's' : 0;
        *bits = mn[1] == 'b' ? 8 : mn[1] == 'h' ? 16 : 32;
    } else {
        *bits = 8;
    }
    return true;
}

/* Whether an instruction with mnemonic MN makes its result of some bits of
 * its operand only (masks, shifts, bit logic; RISC-V, PowerPC, AVR, x86-64
 * spellings): the value it makes does not say what its operand held. */
static bool drops_bits(const char *mn)
{
    static const char *const ops[] = {"and", "andi", "andi.", "andis.", "or", "ori", "oris", "sll", "slli", "srl", "srli",
                                      "sra", "srai", "slw", "srw", "sraw", "slwi", "srwi", "srawi", "rlwinm", "rlwinm.",
                                      "clrlwi", "clrrwi", "clrlwi.", "rlwnm", "rlwimi", "extlwi", "extrwi", "lsr", "lsl",
                                      "asr", "swap", "cbr", "sbr", "mul", "mulh", "mulhu", "mullw", "mulhw", "mulhwu",
                                      "div", "divu", "rem", "remu", "divw", "divwu", NULL};
    for (const char *const *o = ops; *o; o++)
        if (!strcmp(mn, *o))
            return true;
    /* x86-64: andl, orl, shrl, sarl, shll, imull, ... */
    static const char *const x86[] = {"and", "or", "shr", "sar", "shl", "sal", "imul", "rol", "ror", NULL};
    size_t n = strlen(mn);
    for (const char *const *o = x86; *o; o++) {
        size_t l = strlen(*o);
        if (n == l + 1 && !strncmp(mn, *o, l) && strchr("bwlq", mn[l]))
            return true;
    }
    return false;
}

/* The switch value's entry into the tree at block ROOT: the register the
 * block's first compare reads (on RISC-V the one of the branch's two that is
 * not a constant loaded before it), traced back through the block's moves,
 * extensions and adds to a register the block does not write, or to a load. */
static bool find_entry(const struct mfunc *f, size_t root, enum sim_isa isa, unsigned vbits, const struct sim *seed,
                       struct entry *en)
{
    const struct mblock *b = &f->blocks[root];
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        const char *mn = in->mnemonic;
        char o[4][48];
        int n = mc_sim_operands(in->ops, o);
        int cand[2] = {-1, -1};
        if (isa == SIM_RV && in->isa && in->isa->kind == ISA_COND_BRANCH && n >= 2) {
            cand[0] = mc_sim_reg(isa, o[0], NULL);
            if (n >= 3)
                cand[1] = mc_sim_reg(isa, o[1], NULL);
        } else if (isa == SIM_PPC && !strncmp(mn, "cmp", 3) && n >= 2)
            cand[0] = mc_sim_reg(isa, o[mc_sim_ppc_field(o[0]) >= 0 ? 1 : 0], NULL);
        else if (isa == SIM_AVR && (!strcmp(mn, "cpi") || !strcmp(mn, "cp")) && n >= 1)
            cand[0] = mc_sim_reg(isa, o[0], NULL);
        else if (isa == SIM_X86 && !strncmp(mn, "cmp", 3) && n == 2)
            cand[0] = mc_sim_reg(isa, o[1], NULL);
        else if (isa == SIM_X86 && !strncmp(mn, "test", 4) && n == 2 && mc_sim_reg(isa, o[0], NULL) >= 0 &&
                 mc_sim_reg(isa, o[0], NULL) == mc_sim_reg(isa, o[1], NULL))
            cand[0] = mc_sim_reg(isa, o[1], NULL); /* (against 0: codec.c's "*s && *s != '='") */
        else
            continue;
        int found = 0;
        for (int c = 0; c < 2; c++) {
            int r = cand[c];
            if (r < 0 || (isa == SIM_RV && r == 0))
                continue;
            struct entry e = {.reg = r, .bits = vbits, .ext = 0, .at = -1};
            bool constant = false, written = false;
            /* back through the block's own moves and adds to a register it does not write */
            for (size_t j = k; j-- > 0;) {
                const struct minsn *p = &b->insns[j];
                char q[4][48];
                int pn = mc_sim_operands(p->ops, q);
                int dst = pn > 0 ? mc_sim_reg(isa, q[isa == SIM_X86 ? pn - 1 : 0], NULL) : -1;
                const char *pm = p->mnemonic;
                if (dst != r || ((isa == SIM_PPC || isa == SIM_X86) && !strncmp(pm, "cmp", 3)) ||
                    (isa == SIM_AVR && pm[0] == 'c' && pm[1] == 'p') || (p->isa && p->isa->kind == ISA_STORE))
                    continue;
                written = true;
                char ext;
                unsigned lb;
                if (loads(isa, p, &ext, &lb)) {
                    e.reg = dst;
                    e.at = (int)j;
                    break;
                }
                int64_t imm;
                if (pn == 2 && mc_sim_imm(q[isa == SIM_X86 ? 0 : 1], &imm)) {
                    constant = true; /* li, ldi, mov $imm */
                    break;
                }
                if (drops_bits(pm)) {
                    /* the switch value is made here from another value (x & 15):
                     * it enters as this instruction's result, the source holds
                     * more than the value (riscv32 branchgen 97627: "andi a3, a0,
                     * 15" traced back to a0, the default's "beq a0, 255" read as a
                     * test of x & 15: never taken for qemu's 5) */
                    e.reg = dst;
                    e.at = (int)j;
                    break;
                }
                /* (in place: x86 "decl %eax", AVR "subi r24, 6") */
                int src = pn > 1 ? mc_sim_reg(isa, q[isa == SIM_X86 ? 0 : 1], NULL) : pn == 1 ? dst : -1;
                if (src < 0 && (isa == SIM_X86 || isa == SIM_AVR) && pn == 2 && mc_sim_imm(q[isa == SIM_X86 ? 0 : 1], &imm) &&
                    strncmp(pm, "mov", 3) && strcmp(pm, "ldi"))
                    src = dst;
                if (src < 0) {
                    constant = true; /* (not a value: lui, lis, an address) */
                    break;
                }
                r = e.reg = src;
                written = false;
            }
            /* (a register that holds a constant wherever the tree runs) */
            uint64_t known;
            if (!written && mc_sim_get_reg(seed, r, &known))
                constant = true;
            if (!constant) {
                *en = e;
                found++;
            }
        }
        return found == 1;
    }
    return false;
}

/* The IR successor switch SW goes to for value V. */
static LLVMBasicBlockRef switch_target(LLVMValueRef sw, int64_t v)
{
    unsigned ncases = LLVMGetNumSuccessors(sw) - 1;
    for (unsigned c = 0; c < ncases; c++)
        if (LLVMConstIntGetSExtValue(LLVMGetOperand(sw, 2 * (c + 1))) == v)
            return LLVMGetSuccessor(sw, c + 1);
    return LLVMGetSwitchDefaultDest(sw);
}

/* Whether switch TW tests the same case values as SW, of the same width,
 * both with a reachable default (code generation may then have merged
 * their trees into one: tail merging). */
static bool same_cases(LLVMValueRef sw, LLVMValueRef tw)
{
    LLVMTypeRef a = LLVMTypeOf(LLVMGetOperand(sw, 0)), b = LLVMTypeOf(LLVMGetOperand(tw, 0));
    if (LLVMGetTypeKind(a) != LLVMIntegerTypeKind || LLVMGetTypeKind(b) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(a) != LLVMGetIntTypeWidth(b) || LLVMGetNumSuccessors(sw) != LLVMGetNumSuccessors(tw))
        return false;
    unsigned ncases = LLVMGetNumSuccessors(sw) - 1;
    for (unsigned c = 0; c < ncases; c++) {
        LLVMValueRef cv = LLVMGetOperand(sw, 2 * (c + 1));
        if (!LLVMIsAConstantInt(cv))
            return false;
        bool found = false;
        for (unsigned d = 0; d < ncases && !found; d++) {
            LLVMValueRef dv = LLVMGetOperand(tw, 2 * (d + 1));
            found = LLVMIsAConstantInt(dv) && LLVMConstIntGetSExtValue(dv) == LLVMConstIntGetSExtValue(cv);
        }
        if (!found)
            return false;
    }
    for (int k = 0; k < 2; k++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMGetSwitchDefaultDest(k ? tw : sw));
        if (!t || LLVMGetInstructionOpcode(t) == LLVMUnreachable)
            return false;
    }
    return true;
}

/* Whether every entry into ROOT (each predecessor) puts the value into REG
 * zero-extended from W bits, whatever register it comes from: its last
 * write of REG is RISC-V "andi REG, x, 2^W - 1". A tree several switches
 * enter sees each one's value the same way. */
static bool entries_mask(const struct mfunc *f, size_t root, int reg, unsigned w)
{
    const struct mblock *rb = &f->blocks[root];
    if (w >= 12 || !rb->npred)
        return false; /* (andi's immediate is 12 bits, signed) */
    for (size_t p = 0; p < rb->npred; p++) {
        const struct mblock *b = &f->blocks[rb->pred[p]];
        bool ok = false;
        for (size_t k = b->ninsns; k-- > 0;) {
            const struct minsn *in = &b->insns[k];
            char o[4][48];
            int n = mc_sim_operands(in->ops, o);
            if (n < 1 || mc_sim_reg(SIM_RV, o[0], NULL) != reg || (in->isa && in->isa->kind == ISA_STORE) ||
                (in->isa && mc_is_control(in)))
                continue;
            int64_t imm;
            ok = !strcmp(in->mnemonic, "andi") && n == 3 && mc_sim_imm(o[2], &imm) && imm == ((int64_t)1 << w) - 1;
            break;
        }
        if (!ok)
            return false;
    }
    return true;
}

/* Whether nothing in SW's IR block before it can be made into a branch
 * (phis, loads, address arithmetic, casts, integer arithmetic without
 * division): a branch located at any instruction of the block is then the
 * switch's (the back end may give a copy of the switch's first compare the
 * location of the load of its value). */
static bool only_switch_branches(LLVMValueRef sw)
{
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(sw)); i && i != sw; i = LLVMGetNextInstruction(i))
        switch (LLVMGetInstructionOpcode(i)) {
        case LLVMPHI: case LLVMLoad: case LLVMGetElementPtr: case LLVMZExt: case LLVMSExt: case LLVMTrunc:
        case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMAdd: case LLVMSub: case LLVMMul:
        case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMShl: case LLVMLShr: case LLVMAShr:
            break;
        default:
            return false;
        }
    return true;
}

/* Builds the probe of the switch ending IR block X (instruction SW) whose
 * tree starts at machine block ROOT, with the uses of the tree's branches.
 * TWINS (NTWINS) are switches of other IR blocks that enter the same tree
 * at ROOT with their value where SW's is (lower_switch_probes): each gets a
 * probe of its own, the tree's blocks a shared use of each. */
static void switch_tree(struct mfunc *f, size_t root, LLVMValueRef sw, unsigned ord, enum sim_isa isa,
                        struct lower_probes *out, const LLVMValueRef *twins, size_t ntwins)
{
    LLVMValueRef cond = LLVMGetOperand(sw, 0);
    LLVMTypeRef ct = LLVMTypeOf(cond);
    if (LLVMGetTypeKind(ct) != LLVMIntegerTypeKind)
        return;
    unsigned w = LLVMGetIntTypeWidth(ct);
    unsigned regbits = isa == SIM_AVR ? 8 : isa == SIM_X86 ? 64 : 32;
    if (w > 64 || (isa != SIM_AVR && w > regbits) || (isa == SIM_AVR && w > 32))
        return;
    unsigned ncases = LLVMGetNumSuccessors(sw) - 1;
    /* pivots: the case values, 0 (where unsigned and signed orders part) */
    int64_t piv[32];
    size_t np = 0;
    piv[np++] = 0;
    for (unsigned c = 0; c < ncases; c++) {
        LLVMValueRef cv = LLVMGetOperand(sw, 2 * (c + 1));
        if (!LLVMIsAConstantInt(cv))
            return;
        int64_t v = LLVMConstIntGetSExtValue(cv);
        bool dup = false;
        for (size_t q = 0; q < np && !dup; q++)
            dup = piv[q] == v;
        if (!dup) {
            if (np == 31)
                return; /* (more intervals than the histogram holds) */
            piv[np++] = v;
        }
    }
    qsort(piv, np, sizeof *piv, cmp_signed);
    size_t len;
    const char *x_name = LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(sw)), &len);
    LLVMBasicBlockRef deflt = LLVMGetSwitchDefaultDest(sw);
    LLVMValueRef dterm = LLVMGetBasicBlockTerminator(deflt);
    bool default_unreachable = dterm && LLVMGetInstructionOpcode(dterm) == LLVMUnreachable;
    int64_t lo_all = -(int64_t)(w >= 64 ? INT64_MAX : (int64_t)1 << (w - 1)) - (w >= 64 ? 1 : 0);
    int64_t hi_all = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
    /* the extension the register holds the value in: tried both ways when it
     * matters (a narrower value in a 32-bit register) */
    struct entry en;
    bool trace = getenv("LPNEST_TRACE_COUNTS") != NULL;
    /* the registers' state where the walks start: constants kept across blocks */
    struct sim seed;
    memset(&seed, 0, sizeof seed);
    seed.isa = isa;
    for (int k = 0; k < 8; k++)
        seed.cr[k] = -1;
    if (isa == SIM_AVR)
        mc_sim_set_reg(&seed, 1, 0, true); /* (the zero register) */
    constant_registers(f, isa, root, &seed);
    if (!find_entry(f, root, isa, w, &seed, &en)) {
        if (trace)
            fprintf(stderr, "switch %s of %s at [%zu]: no entry register\n", x_name, f->name, root);
        return;
    }
    if (ntwins && (isa != SIM_RV || en.at >= 0 || !entries_mask(f, root, en.reg, w)))
        return;
    char exts[2] = {'z', 's'};
    int next_ok = 0;
    uint64_t run[64] = {0}, taken[64] = {0}; /* per tree block: the buckets (by path index) */
    int land[64];                            /* per bucket walked: where it left the tree */
    uint64_t walked = 0;
    int blocks[64];
    size_t nblocks = 0;
    bool found = false;
    for (int e = 0; e < ((isa == SIM_AVR || w == regbits || ntwins) ? 1 : 2) && !found; e++) {
        en.ext = exts[e];
        nblocks = 0;
        walked = 0;
        memset(run, 0, sizeof run);
        memset(taken, 0, sizeof taken);
        bool ok = true;
        for (size_t bkt = 0; bkt <= 2 * np && ok; bkt++) {
            /* the bucket's value: the pivot itself (odd), or one between two */
            int64_t v;
            if (bkt % 2) {
                v = piv[bkt / 2];
            } else {
                int64_t lo = bkt == 0 ? lo_all : piv[bkt / 2 - 1] + 1, hi = bkt / 2 < np ? piv[bkt / 2] - 1 : hi_all;
                if (lo > hi)
                    continue; /* (empty) */
                v = lo;
            }
            struct walk wk;
            if (!walk_tree(f, root, x_name, &seed, &en, (uint64_t)v, &wk)) {
                if (trace)
                    fprintf(stderr, "switch %s of %s at [%zu]: value %lld: the walk stops (r%d, ext %c)\n", x_name,
                            f->name, root, (long long)v, en.reg, en.ext ? en.ext : '-');
                ok = false;
                break;
            }
            /* the IR successor of V */
            LLVMBasicBlockRef target = deflt;
            bool is_case = false;
            for (unsigned c = 0; c < ncases; c++)
                if (LLVMConstIntGetSExtValue(LLVMGetOperand(sw, 2 * (c + 1))) == v) {
                    target = LLVMGetSuccessor(sw, c + 1);
                    is_case = true;
                }
            if (!(is_case || !default_unreachable) || !lands_on(f, &wk, target)) {
                if (is_case || !default_unreachable) {
                    ok = false;
                    if (trace) {
                        size_t tl;
                        fprintf(stderr, "switch %s of %s at [%zu]: value %lld lands on [%d] (%s), not %s\n", x_name,
                                f->name, root, (long long)v, wk.landing,
                                f->blocks[wk.landing].ir_name ? f->blocks[wk.landing].ir_name : "-",
                                LLVMGetValueName2(LLVMBasicBlockAsValue(target), &tl));
                    }
                }
                continue;
            }
            land[bkt] = wk.landing;
            walked |= 1ull << bkt;
            for (int q = 0; q < wk.n; q++) {
                size_t slot = 0;
                while (slot < nblocks && blocks[slot] != wk.path[q])
                    slot++;
                if (slot == nblocks) {
                    if (nblocks == 64) {
                        ok = false;
                        break;
                    }
                    blocks[nblocks++] = wk.path[q];
                }
                run[slot] |= 1ull << bkt;
                if (wk.taken[q])
                    taken[slot] |= 1ull << bkt;
            }
        }
        if (ok && nblocks) {
            found = true;
            next_ok = e;
        }
    }
    if (!found)
        return;
    (void)next_ok;
    /* each twin's values must leave the tree where its own successors are */
    for (size_t t = 0; t < ntwins; t++)
        for (size_t bkt = 0; bkt <= 2 * np; bkt++) {
            if (!(walked >> bkt & 1))
                continue;
            int64_t v = bkt % 2 ? piv[bkt / 2] : bkt == 0 ? lo_all : piv[bkt / 2 - 1] + 1;
            struct walk wk = {.landing = land[bkt]};
            if (!lands_on(f, &wk, switch_target(twins[t], v))) {
                if (trace)
                    fprintf(stderr, "switch %s of %s at [%zu]: a twin's value %lld lands elsewhere\n", x_name, f->name,
                            root, (long long)v);
                return;
            }
        }
    /* a shared tree's blocks carry no use of another probe */
    for (size_t i = 0; i < nblocks && ntwins; i++)
        for (size_t u = 0; u < f->nprobe_uses; u++)
            if (f->probe_uses[u].block == blocks[i])
                return;
    /* a branch of the walk located at another instruction of the switch's
     * IR block is not the switch's: the walk started at the block's head
     * went through code the block runs before its switch (ppc branchgen
     * 77384: selects made into branches, "cmplw r4, r3" on x ^ 1 taken for
     * the switch value x & 3, "cmpwi r3, -1" read as a test of it: 93 taken
     * for qemu's 69) */
    unsigned first = ord;
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(sw)); i && i != sw; i = LLVMGetNextInstruction(i))
        first--;
    for (size_t i = 0; i < nblocks && !only_switch_branches(sw); i++) {
        const struct mblock *b = &f->blocks[blocks[i]];
        for (size_t k = 0; k < b->ninsns; k++) {
            const struct minsn *in = &b->insns[k];
            if (in->isa && (in->isa->kind == ISA_COND_BRANCH || in->isa->kind == ISA_COND_RETURN) &&
                in->src_col == ENG_PROVENANCE_COLUMN && in->src_line >= first && in->src_line < ord) {
                if (trace)
                    fprintf(stderr, "switch %s of %s at [%zu]: [%d]'s branch is located at ordinal %u, not %u\n",
                            x_name, f->name, root, blocks[i], in->src_line, ord);
                return;
            }
        }
    }
    if (trace)
        fprintf(stderr, "switch %s of %s at [%zu]: a tree of %zu branches\n", x_name, f->name, root, nblocks);
    /* the probe: 2 * #{pivots < v} + [v is a pivot], signed */
    struct eng_probe p = {.at = sw};
    size_t cap = 0;
    struct eng_probe_node *nodes = NULL;
#define NODE(...)                                                                                                     \
    (p.nnodes == cap ? (cap = cap ? 2 * cap : 16, nodes = sup_xrealloc(nodes, cap * sizeof *nodes)) : nodes,         \
     nodes[p.nnodes] = (struct eng_probe_node){__VA_ARGS__}, p.nnodes++)
    uint32_t val = (uint32_t)NODE(.op = ENG_PROBE_VALUE, .width = w, .value = cond);
    uint32_t sum = UINT32_MAX;
    for (size_t q = 0; q < np; q++) {
        uint32_t c = (uint32_t)NODE(.op = ENG_PROBE_CONST, .width = w, .imm = (uint64_t)piv[q]);
        uint32_t lt = (uint32_t)NODE(.op = ENG_PROBE_ICMP, .width = w, .imm = LLVMIntSLT, .a = c, .b = val);
        uint32_t eq = (uint32_t)NODE(.op = ENG_PROBE_ICMP, .width = w, .imm = LLVMIntEQ, .a = c, .b = val);
        uint32_t two = (uint32_t)NODE(.op = ENG_PROBE_ADD, .width = 8, .a = lt, .b = lt);
        uint32_t t = (uint32_t)NODE(.op = ENG_PROBE_ADD, .width = 8, .a = two, .b = eq);
        sum = sum == UINT32_MAX ? t : (uint32_t)NODE(.op = ENG_PROBE_ADD, .width = 8, .a = sum, .b = t);
    }
#undef NODE
    p.nodes = nodes;
    for (size_t t = 0; t <= ntwins; t++) {
        struct eng_probe q = p;
        if (t > 0) {
            /* the twin's probe: the same nodes on its own switch's value */
            struct eng_probe_node *copy = sup_xmalloc(p.nnodes * sizeof *copy);
            memcpy(copy, p.nodes, p.nnodes * sizeof *copy);
            copy[val].value = LLVMGetOperand(twins[t - 1], 0);
            q.nodes = copy;
            q.at = twins[t - 1];
        }
        size_t probe = out->n;
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n++] = q;
        for (size_t i = 0; i < nblocks; i++) {
            f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
            f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
                .probe = (uint32_t)probe, .block = blocks[i], .run = run[i], .taken = taken[i], .shared = ntwins > 0};
        }
    }
}

/* Whether IN transfers control: a branch, a jump, a conditional return. */
static bool is_transfer(const struct minsn *in)
{
    if (!in->isa)
        return false;
    switch (in->isa->kind) {
    case ISA_COND_BRANCH: case ISA_JUMP: case ISA_INDIRECT_JUMP: case ISA_COND_RETURN: case ISA_RETURN:
    case ISA_TAIL_CALL:
        return true;
    default:
        return false;
    }
}

/* Whether the switch ending IR block NAME (at ordinal ORD) has a copy of
 * its tree in other IR blocks' code (tail duplication): the copy here is
 * then not every execution. 1 when it has, 2 when every copy repeats the
 * decision of root block ROOT (>= 0) alone (lower_switch_copy_repeats_root:
 * only the root misses executions), 0 when none. */
static int tree_copied(const struct mfunc *f, const char *name, unsigned ord, int root, const int *exempt,
                       int nexempt)
{
    int found = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        bool skip = false;
        for (int x = 0; x < nexempt && !skip; x++)
            skip = exempt[x] == (int)m;
        for (size_t k = 0; k < f->blocks[m].ninsns && !skip; k++) {
            const struct minsn *in = &f->blocks[m].insns[k];
            /* (in another IR block's code only a branch or jump is a copy:
             * an increment located at the switch, "addi a1, a1, 1" in a
             * loop's preheader, is not) */
            if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line == ord &&
                (f->blocks[m].ir_name ? strcmp(f->blocks[m].ir_name, name) != 0 && is_transfer(&f->blocks[m].insns[k])
                                      : lower_switch_copy_outside(f, m, name, ord))) {
                if (root < 0 || !lower_switch_copy_repeats_root(f, m, (size_t)root, ord))
                    return 1;
                found = 2;
                break;
            }
        }
    }
    return found;
}

/* Whether the uses [A0, A1) and [B0, B1) give every block not in SKIP (N)
 * the same runs and takens (two walks of one tree from different copies of
 * its root). */
static bool same_uses(const struct mfunc *f, size_t a0, size_t a1, size_t b0, size_t b1, const int *skip, int n)
{
    size_t na = 0, nb = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t u = pass ? b0 : a0; u < (pass ? b1 : a1); u++) {
            const struct lower_probe_use *x = &f->probe_uses[u];
            bool skipped = false;
            for (int i = 0; i < n && !skipped; i++)
                skipped = skip[i] == x->block;
            if (skipped)
                continue;
            if (pass) {
                nb++;
                continue;
            }
            na++;
            bool match = false;
            for (size_t v = b0; v < b1 && !match; v++)
                match = f->probe_uses[v].block == x->block && f->probe_uses[v].run == x->run &&
                        f->probe_uses[v].taken == x->taken;
            if (!match)
                return false;
        }
    return na == nb && na > 0;
}

/* Takes back the probes past N0 and the uses past U0. */
static void take_back(struct mfunc *f, struct lower_probes *out, size_t n0, size_t u0)
{
    while (out->n > n0)
        free((void *)out->probes[--out->n].nodes);
    f->nprobe_uses = u0;
}

/* The IR block named NAME's switch, and its ordinal, in FN. */
static LLVMValueRef named_switch(LLVMValueRef fn, const char *name, unsigned *ord)
{
    unsigned k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            k++;
        size_t len;
        if (strcmp(LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len), name))
            continue;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        *ord = k;
        return t && LLVMGetInstructionOpcode(t) == LLVMSwitch ? t : NULL;
    }
    return NULL;
}

/* A tree two IR blocks' switches share (tail merging of switches with the
 * same cases: foreign statemachine.c's step_switch, where the state after
 * ';' runs the idle state's switch on its own class): the switch's code is
 * a head H named after it that only goes on to R, the tree's first block,
 * also named after it; R's other entries are single-successor blocks P of
 * IR blocks whose switches have the same cases, and whose whole code (their
 * named blocks and the unnamed ones these reach) leaves only through P. The
 * root R, the twins' switches in TWINS (at most 4), -1 when not so. */
static int shared_root(const struct mfunc *f, LLVMValueRef fn, LLVMValueRef sw, const char *name,
                       LLVMValueRef *twins, size_t *ntwins)
{
    int head = -1, r = -1;
    *ntwins = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        if (!b->ir_name || strcmp(b->ir_name, name))
            continue;
        bool outside = m == 0;
        for (size_t p = 0; p < b->npred && !outside; p++) {
            const char *pn = f->blocks[b->pred[p]].ir_name;
            outside = pn && strcmp(pn, name);
        }
        if (!outside)
            continue;
        if (b->nsucc == 1 && !b->exits && head < 0) {
            bool branches = false;
            for (size_t k = 0; k < b->ninsns; k++)
                branches |= b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH;
            if (!branches) {
                head = (int)m;
                continue;
            }
        }
        if (r >= 0)
            return -1;
        r = (int)m;
    }
    if (head < 0 || r < 0 || f->blocks[head].succ[0] != r)
        return -1;
    const struct mblock *rb = &f->blocks[r];
    for (size_t p = 0; p < rb->npred; p++) {
        int q = rb->pred[p];
        const struct mblock *pb = &f->blocks[q];
        if (q == head)
            continue;
        if (!pb->ir_name || !strcmp(pb->ir_name, name) || pb->nsucc != 1 || pb->exits || *ntwins == 4)
            return -1;
        unsigned yord;
        LLVMValueRef tw = named_switch(fn, pb->ir_name, &yord);
        if (!tw || !same_cases(sw, tw) || tree_copied(f, pb->ir_name, yord, -1, NULL, 0))
            return -1;
        /* the twin's code leaves only through P */
        for (size_t m = 0; m < f->nblocks; m++) {
            const struct mblock *b = &f->blocks[m];
            bool mine = b->ir_name && !strcmp(b->ir_name, pb->ir_name);
            for (size_t k = 0; k < b->npred && !mine && !b->ir_name; k++) {
                const char *pn = f->blocks[b->pred[k]].ir_name;
                mine = pn && !strcmp(pn, pb->ir_name);
            }
            if (!mine)
                continue;
            if (b->exits && (int)m != q)
                return -1;
            for (size_t k = 0; k < b->nsucc; k++) {
                const struct mblock *t = &f->blocks[b->succ[k]];
                bool inside = t->ir_name ? !strcmp(t->ir_name, pb->ir_name) : true;
                if (!inside && !((int)m == q && b->succ[k] == r))
                    return -1;
                /* (an unnamed block it reaches must itself be entered from the twin's code alone) */
                for (size_t j = 0; j < t->npred && !t->ir_name; j++) {
                    const char *pn = f->blocks[t->pred[j]].ir_name;
                    if (!pn || strcmp(pn, pb->ir_name))
                        return -1;
                }
            }
        }
        twins[(*ntwins)++] = tw;
    }
    return *ntwins ? r : -1;
}

void lower_switch_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    if (!triple)
        return;
    enum sim_isa isa = !strncmp(triple, "riscv32", 7) ? SIM_RV : !strncmp(triple, "powerpc", 7) ? SIM_PPC
                       : !strncmp(triple, "avr", 3)    ? SIM_AVR
                       : !strncmp(triple, "x86_64", 6) ? SIM_X86
                                                       : (enum sim_isa)-1;
    if ((int)isa < 0)
        return;
    unsigned ord = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            ord++;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMSwitch)
            continue;
        size_t len;
        const char *name = LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len);
        bool served = false; /* (a twin of a tree already probed) */
        for (size_t q = 0; q < out->n && !served; q++)
            served = out->probes[q].at == t;
        if (served)
            continue;
        /* the tree starts at the switch's block's head: the one block named
         * after it that is entered from elsewhere (not from the tree itself:
         * a block of it or a block without a name) */
        int root = -1;
        for (size_t m = 0; m < f->nblocks && root != -2; m++) {
            const struct mblock *b = &f->blocks[m];
            if (!b->ir_name || strcmp(b->ir_name, name))
                continue;
            bool outside = m == 0;
            for (size_t p = 0; p < b->npred && !outside; p++) {
                const char *pn = f->blocks[b->pred[p]].ir_name;
                outside = pn && strcmp(pn, name);
            }
            if (outside)
                root = root == -1 ? (int)m : -2;
        }
        /* a tree copied into other IR blocks' code (tail duplication) runs there
         * too: its copy here is not every execution; a copy of the root's own
         * decision bypasses the root alone, whose uses then go */
        unsigned first = ord;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && i != t; i = LLVMGetNextInstruction(i))
            first--;
        if (!only_switch_branches(t))
            first = ord;
        int vroots[4], nv = root == -2 ? lower_switch_root_copies(f, name, first, ord, vroots, 4) : 0;
        if (nv) {
            /* the root's decision copied into each path to the switch, the
             * tree entered below it at two blocks (corpus varargs.c's
             * sum_mixed on riscv32: the first character's test in the
             * function's first block, the next one's in the latch): every
             * execution runs one copy, then the tree as a walk from that
             * copy finds. The walk from each copy must give the tree's
             * blocks the same uses; the copies' own go (the split between
             * them is not the probe's). Any other copy of the tree: none. */
            bool other_copy = false;
            for (unsigned o = first; o <= ord && !other_copy; o++)
                other_copy = tree_copied(f, name, o, -1, vroots, nv) != 0;
            if (other_copy)
                continue;
            size_t n0 = out->n, u0 = f->nprobe_uses;
            switch_tree(f, (size_t)vroots[0], t, ord, isa, out, NULL, 0);
            size_t u1 = f->nprobe_uses;
            bool ok = out->n == n0 + 1;
            for (int k = 1; k < nv && ok; k++) {
                switch_tree(f, (size_t)vroots[k], t, ord, isa, out, NULL, 0);
                ok = out->n == n0 + 2 && same_uses(f, u0, u1, u1, f->nprobe_uses, vroots, nv);
                take_back(f, out, n0 + 1, u1);
            }
            if (!ok) {
                take_back(f, out, n0, u0);
                continue;
            }
            if (getenv("LPNEST_TRACE_COUNTS"))
                fprintf(stderr, "switch %s of %s: the tree entered from %d copies of its root, [%d] first\n", name,
                        f->name, nv, vroots[0]);
            for (size_t u = u0; u < f->nprobe_uses; u++)
                for (int k = 0; k < nv; k++)
                    if (f->probe_uses[u].block == vroots[k])
                        f->probe_uses[u].block = -1, f->probe_uses[u].run = f->probe_uses[u].taken = 0;
            continue;
        }
        int copied = tree_copied(f, name, ord, root, NULL, 0);
        if (copied == 1)
            continue;
        if (root >= 0) {
            size_t u0 = f->nprobe_uses;
            switch_tree(f, (size_t)root, t, ord, isa, out, NULL, 0);
            for (size_t u = u0; u < f->nprobe_uses && copied == 2; u++)
                if (f->probe_uses[u].block == root)
                    f->probe_uses[u].block = -1, f->probe_uses[u].run = f->probe_uses[u].taken = 0;
        } else if (root == -2 && !copied) {
            LLVMValueRef twins[4];
            size_t ntwins;
            int r = shared_root(f, fn, t, name, twins, &ntwins);
            if (r >= 0)
                switch_tree(f, (size_t)r, t, ord, isa, out, twins, ntwins);
        }
    }
}
