/* lower_classify.c — machine blocks seen against the IR: each block's
 * entry group (the IR block its label names), its exit group (the IR block
 * whose terminator its last located branch came from, by the provenance
 * locations of the assembly), the select records whose branches end
 * blocks, and each IR block's head block. */
#include "counts.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* IR instruction ordinals of the function, as the provenance locations number them. */
void mc_ordinals(struct solver *s)
{
    const struct cnt_func *xf = s->xf;
    uint32_t n = 0;
    for (uint32_t b = 0; b < xf->nblocks; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i))
            n++;
    s->nord = n;
    s->ord_block = sup_xcalloc(n + 2, sizeof *s->ord_block);
    s->ord_op = sup_xcalloc(n + 2, sizeof *s->ord_op);
    s->ord_branch_cond = sup_xcalloc(n + 2, sizeof *s->ord_branch_cond);
    n = 0;
    for (uint32_t b = 0; b < xf->nblocks; b++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[b].bb);
        LLVMValueRef cond = t && LLVMGetInstructionOpcode(t) == LLVMBr && LLVMIsConditional(t) ? LLVMGetCondition(t) : NULL;
        for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i)) {
            n++;
            s->ord_block[n] = b;
            s->ord_op[n] = LLVMGetInstructionOpcode(i);
            LLVMUseRef u = LLVMGetFirstUse(i);
            s->ord_branch_cond[n] = i == cond && u && !LLVMGetNextUse(u);
        }
    }
}

/* The ordinal of an IR instruction (1-based), or 0. */
uint32_t mc_ordinal_of(const struct solver *s, uint32_t block, uint32_t pos_counting_all)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b < block; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i))
            n++;
    return n + pos_counting_all + 1;
}

/* Block B's final conditional branch (RETURNS: or conditional return), the
 * only control instruction but a final jump: its index, or -1. */
long mc_final_branch(const struct mblock *b, bool returns)
{
    size_t n = b->ninsns;
    if (n > 0 && b->insns[n - 1].isa && b->insns[n - 1].isa->kind == ISA_JUMP)
        n--; /* (a final jump to the other side) */
    if (n == 0 || !b->insns[n - 1].isa ||
        (b->insns[n - 1].isa->kind != ISA_COND_BRANCH && !(returns && b->insns[n - 1].isa->kind == ISA_COND_RETURN)))
        return -1;
    for (size_t j = 0; j + 1 < n; j++)
        if (mc_is_control(&b->insns[j]))
            return -1;
    return (long)(n - 1);
}

bool mc_is_control(const struct minsn *in)
{
    if (!in->isa)
        return false;
    switch (in->isa->kind) {
    case ISA_COND_BRANCH: case ISA_JUMP: case ISA_INDIRECT_JUMP: case ISA_RETURN: case ISA_COND_RETURN:
    case ISA_TAIL_CALL: case ISA_SKIP:
        return true;
    default:
        return false;
    }
}

/* Position of a select record counting every instruction (debug intrinsics too). */
uint32_t mc_select_position(const struct cnt_func *xf, const struct cnt_select *sel)
{
    uint32_t pos = 0, counted = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[sel->block].bb); i; i = LLVMGetNextInstruction(i), pos++) {
        bool dbg = false;
        if (LLVMGetInstructionOpcode(i) == LLVMCall) {
            LLVMValueRef f = LLVMGetCalledValue(i);
            size_t len;
            const char *name = f ? LLVMGetValueName2(f, &len) : "";
            dbg = !strncmp(name, "llvm.dbg.", 9);
        }
        if (dbg)
            continue;
        if (counted++ == sel->index)
            return pos;
    }
    return 0;
}

/* The IR instruction of select record XS. */
LLVMValueRef mc_select_inst(const struct cnt_func *xf, const struct cnt_select *xs)
{
    LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[xs->block].bb);
    for (uint32_t p = mc_select_position(xf, xs); p > 0 && i; p--)
        i = LLVMGetNextInstruction(i);
    return i;
}

/* One AVR byte load of a constant: "ldi rN, IMM", "clr rN", "mov rN, r1" (r1
 * is the zero register); the register number and the byte, or false. */
static bool avr_byte_constant(const struct minsn *in, int *reg, long long *byte)
{
    const char *o = in->ops;
    if ((o[0] != 'r' && o[0] != 'R') || !isdigit((unsigned char)o[1]))
        return false;
    char *end;
    *reg = (int)strtol(o + 1, &end, 10);
    if (!strcmp(in->mnemonic, "clr") && *end == '\0') {
        *byte = 0;
        return true;
    }
    if (!strcmp(in->mnemonic, "mov") && !strcmp(end, ", r1")) {
        *byte = 0;
        return true;
    }
    if (strcmp(in->mnemonic, "ldi") || *end != ',')
        return false;
    *byte = strtoll(end + 1, &end, 0);
    return *end == '\0' && *byte >= -128 && *byte <= 255;
}

/* The integer after the last comma of OPS (the whole rest), or false. */
static bool last_imm(const char *ops, long long *v)
{
    const char *comma = strrchr(ops, ',');
    if (!comma)
        return false;
    char *end;
    *v = strtoll(comma + 1, &end, 0);
    while (*end == ' ')
        end++;
    return *end == '\0' && end != comma + 1;
}

/* A 32-bit constant made by a high-part load, "lui rd, H" (RISC-V: H << 12)
 * or "lis rd, H" (PowerPC: H << 16), alone or completed by "addi rd, rd, L"
 * (either) or "ori rd, rd, L" (PowerPC): the only non-control instructions of
 * block B. The value sign-extended from 32 bits, or false (a symbol's %hi). */
static bool rv_ppc_constant(const struct mblock *b, long long *imm)
{
    const struct minsn *in[2];
    size_t n = 0;
    for (size_t k = 0; k < b->ninsns; k++)
        if (!mc_is_control(&b->insns[k])) {
            if (n == 2)
                return false;
            in[n++] = &b->insns[k];
        }
    if (!n)
        return false;
    bool lui = !strcmp(in[0]->mnemonic, "lui");
    long long hi, lo = 0;
    if ((!lui && strcmp(in[0]->mnemonic, "lis")) || !last_imm(in[0]->ops, &hi))
        return false;
    const char *comma = strchr(in[0]->ops, ',');
    size_t rn = (size_t)(comma - in[0]->ops);
    uint32_t v = (uint32_t)((unsigned long long)hi << (lui ? 12 : 16));
    if (n == 2) {
        /* "addi rd, rd, L" / "ori rd, rd, L" on the same register */
        const char *o = in[1]->ops, *second;
        if ((strcmp(in[1]->mnemonic, "addi") && (lui || strcmp(in[1]->mnemonic, "ori"))) || strncmp(o, in[0]->ops, rn) ||
            o[rn] != ',')
            return false;
        second = o + rn + 1;
        while (*second == ' ')
            second++;
        if (strncmp(second, in[0]->ops, rn) || second[rn] != ',' || !last_imm(o, &lo))
            return false;
        v = !strcmp(in[1]->mnemonic, "ori") ? v | (uint32_t)(lo & 0xffff) : v + (uint32_t)lo;
    }
    *imm = (long long)(int32_t)v;
    return true;
}

/* Whether block B does nothing but load a constant into a register (and
 * jump or fall on): "li rd, IMM" (RISC-V, PowerPC), "lui"/"lis" with the
 * "addi"/"ori" completing it (rv_ppc_constant), or "ldi rd, IMM" (AVR);
 * on the AVR a wider constant is one byte per register of a run of
 * consecutive registers, low byte first ("ldi r18, 2; ldi r19, 0": 2). */
bool mc_arm_constant(const struct mblock *b, long long *imm)
{
    const struct minsn *only = NULL;
    size_t n = 0;
    for (size_t k = 0; k < b->ninsns; k++) {
        if (mc_is_control(&b->insns[k]))
            continue;
        only = &b->insns[k];
        n++;
    }
    if (!only)
        return false;
    if (n == 2 && rv_ppc_constant(b, imm))
        return true;
    if (n > 1) {
        int reg[8], lo = 1000;
        long long byte[8];
        size_t i = 0;
        if (n > 8)
            return false;
        for (size_t k = 0; k < b->ninsns; k++) {
            if (mc_is_control(&b->insns[k]))
                continue;
            if (!avr_byte_constant(&b->insns[k], &reg[i], &byte[i]))
                return false;
            lo = reg[i] < lo ? reg[i] : lo;
            i++;
        }
        unsigned long long v = 0, seen = 0;
        for (i = 0; i < n; i++) {
            int at = reg[i] - lo;
            if (at >= (int)n || (seen >> at & 1))
                return false; /* not one run of registers, or one written twice */
            seen |= 1ull << at;
            v |= (unsigned long long)(byte[i] & 0xff) << (8 * at);
        }
        /* sign-extend from the constant's width, as the single-byte case reads */
        unsigned bits = 8 * (unsigned)n;
        if (bits < 64 && (v >> (bits - 1) & 1))
            v |= ~0ull << bits;
        *imm = (long long)v;
        return true;
    }
    /* AVR: r1 is the zero register; clr r = eor r, r */
    if ((!strcmp(only->mnemonic, "mov") && strlen(only->ops) > 4 && !strcmp(only->ops + strlen(only->ops) - 4, ", r1")) ||
        !strcmp(only->mnemonic, "clr")) {
        *imm = 0;
        return true;
    }
    if (!strcmp(only->mnemonic, "lui") || !strcmp(only->mnemonic, "lis"))
        return rv_ppc_constant(b, imm);
    /* x86-64 (AT&T order): "xorl %r12d, %r12d" zeroes the register, "movl
     * $-1718, %eax" loads the immediate (host branchgen 77680: the zeroing arm
     * of select(x > 7, y, 0) read as the computed value, 110 for qemu's 32) */
    size_t ml = strlen(only->mnemonic);
    if (ml == 4 && !strncmp(only->mnemonic, "xor", 3) && only->ops[0] == '%') {
        const char *comma = strchr(only->ops, ',');
        const char *second = comma ? comma + 1 : NULL;
        while (second && *second == ' ')
            second++;
        size_t first = comma ? (size_t)(comma - only->ops) : 0;
        if (second && strlen(second) == first && !strncmp(only->ops, second, first)) {
            *imm = 0;
            return true;
        }
        return false;
    }
    if ((ml == 4 && !strncmp(only->mnemonic, "mov", 3) && strchr("bwlq", only->mnemonic[3])) ||
        !strcmp(only->mnemonic, "movabsq")) {
        char *end;
        if (only->ops[0] != '$')
            return false;
        *imm = strtoll(only->ops + 1, &end, 0);
        return end != only->ops + 1 && *end == ',' && end[1] == ' ' && end[2] == '%';
    }
    if (strcmp(only->mnemonic, "li") && strcmp(only->mnemonic, "ldi"))
        return false;
    const char *comma = strrchr(only->ops, ',');
    if (!comma)
        return false;
    char *end;
    *imm = strtoll(comma + 1, &end, 0);
    while (*end == ' ')
        end++;
    return *end == '\0' && end != comma + 1;
}

/* Whether the IR has an edge from block FROM to block TO. */
static bool ir_edge(const struct cnt_func *xf, int from, int to)
{
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == from && (int)xf->einfo[e].to == to)
            return true;
    return false;
}

/* Block M, whose branch has no location of its own, leaves for a block its
 * IR block cannot reach: the branch is a copy of an IR successor's,
 * tail-duplicated into M (the successor's code folded away or copied).
 * When exactly one IR successor G explains every machine successor (G's
 * own code or G's successors), M ends as G does. */
static void tail_duplicated_branch(struct solver *s, size_t m)
{
    const struct cnt_func *xf = s->xf;
    const struct mblock *b = &s->mf->blocks[m];
    int found = -1;
    for (uint32_t e = 1; e < xf->nedges && found != -2; e++) {
        if ((int)xf->einfo[e].from != s->in_g[m])
            continue;
        int g = (int)xf->einfo[e].to;
        bool explains = g != found;
        for (size_t k = 0; k < b->nsucc && explains; k++) {
            int t = s->in_g[b->succ[k]];
            explains = t < 0 || t == g || ir_edge(xf, g, t);
        }
        if (explains)
            found = found == -1 ? g : -2;
    }
    if (found >= 0) {
        s->out_g[m] = found;
        s->out_known[m] = true;
    }
}

/* Entry groups: the IR block each machine block's label names. */
static void entry_groups(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        s->in_g[m] = -1;
        s->sel_head[m] = -1;
        b->ir_block = -1;
        if (b->ir_name)
            for (uint32_t g = 0; g < xf->nblocks; g++)
                if (!strcmp(xf->blocks[g].name, b->ir_name)) {
                    s->in_g[m] = (int)g;
                    b->ir_block = (int)g;
                    break;
                }
    }
}

/* Block M without a branch, ending in a copy of a successor IR block's
 * code (tail duplication of a block that only falls or jumps on),
 * continues as that block. */
static void tail_copy_group(struct solver *s, size_t m)
{
    const struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    const struct mblock *b = &mf->blocks[m];
    bool has_control = false;
    for (size_t k = 0; k < b->ninsns; k++)
        has_control |= mc_is_control(&b->insns[k]);
    if (!has_control && s->in_g[m] >= 0 && b->falls_through) {
        for (size_t k = b->ninsns; k-- > 0;) {
            const struct minsn *in = &b->insns[k];
            if (in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line || in->src_line > s->nord)
                continue;
            int g = (int)s->ord_block[in->src_line];
            bool edge = false;
            /* entering G's own code: a phi copy placed before it */
            for (size_t k = 0; k < b->nsucc; k++)
                if (s->in_g[b->succ[k]] == g || mf->blocks[b->succ[k]].ir_name == NULL)
                    g = -1;
            for (uint32_t e = 1; e < xf->nedges && g >= 0 && g != s->in_g[m] && !edge; e++)
                edge = (int)xf->einfo[e].from == s->in_g[m] && (int)xf->einfo[e].to == g;
            if (edge) {
                s->out_g[m] = g;
                s->out_known[m] = true;
            }
            break;
        }
    }
}

/* The width of the core's general registers as code generation splits wider
 * comparisons, from the module's triple; 0 on the AVR, whose byte chains
 * (cp, cpc, ...) compare every width with one branch. */
unsigned mc_register_bits(LLVMValueRef inst)
{
    LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
    const char *triple = LLVMGetTarget(mod);
    if (!triple || !strncmp(triple, "avr", 3))
        return 0;
    return strstr(triple, "64") && strncmp(triple, "powerpc-", 8) ? 64 : 32;
}

/* Whether V is a comparison that orders operands wider than the core's
 * registers (a 64-bit <, <=, >, >= on a 32-bit core): code generation tests
 * the high words first and the low words only when they are equal (RV32
 * "beq hi, hi2" around "sltu lo, lo2"), so a branch with its location tests a
 * part of it, not its value. */
bool mc_wide_order_compare(LLVMValueRef v)
{
    if (!v || !LLVMIsAICmpInst(v))
        return false;
    LLVMIntPredicate p = LLVMGetICmpPredicate(v);
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(v, 0));
    unsigned regs = mc_register_bits(v);
    return p != LLVMIntEQ && p != LLVMIntNE && regs && LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
           LLVMGetIntTypeWidth(t) > regs;
}

/* The select records whose branch (at IR ordinal ORD of IR block G, an
 * instruction with opcode OP) ends block M: sel_head[m]. */
static void select_head(struct solver *s, size_t m, uint32_t g, uint32_t ord, LLVMOpcode op)
{
    const struct cnt_func *xf = s->xf;
    /* a select, min/max, saturation or a comparison's value
     * made with a branch */
    for (uint32_t r = 0; r < xf->nselects; r++)
        if (xf->selects[r].block == g && xf->selects[r].kind != CNT_SEL_LOGIC &&
            xf->selects[r].kind != CNT_SEL_SHIFT && xf->selects[r].kind != CNT_SEL_PROBE && /* histograms, not a choice */
            mc_ordinal_of(s, g, mc_select_position(xf, &xf->selects[r])) == ord &&
            !(xf->selects[r].kind == CNT_SEL_CMP && mc_wide_order_compare(mc_select_inst(xf, &xf->selects[r]))))
            s->sel_head[m] = (int)r;
    /* a comparison only selects use, whose value a core without
     * conditional moves makes anyway (AVR): the select's
     * condition counts are the comparison's (a "compare view"
     * of the select record, numbered after the records) */
    for (uint32_t r = 0; r < xf->nselects && op == LLVMICmp && s->sel_head[m] < 0; r++) {
        const struct cnt_select *xs = &xf->selects[r];
        if (xs->block != g || xs->kind != CNT_SEL_SELECT || xs->lanes != 1)
            continue;
        LLVMValueRef si = mc_select_inst(xf, xs);
        LLVMValueRef c = si && LLVMGetInstructionOpcode(si) == LLVMSelect ? LLVMGetOperand(si, 0) : NULL;
        if (c && LLVMIsAInstruction(c) && LLVMGetInstructionParent(c) == xf->blocks[g].bb &&
            !mc_wide_order_compare(c)) {
            uint32_t pos = 0;
            for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[g].bb); i && i != c; i = LLVMGetNextInstruction(i))
                pos++;
            if (mc_ordinal_of(s, g, pos) == ord)
                s->sel_head[m] = (int)(r + xf->nselects);
        }
    }
}

/* Whether IR block A goes to B by an edge, or by a chain of edges through
 * blocks that only jump on (a loop latch's "s++; br" that tail duplication
 * copied with the loop test after the body's last block: codec.c's base64
 * decoder on rv32, bb22 -> bb23 -> bb18's switch). */
static bool reaches_by_jumps(const struct cnt_func *xf, int a, uint32_t b)
{
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == a && xf->einfo[e].to == b)
            return true;
    /* A itself and each block after it only jump */
    for (int steps = 0; steps < 4; steps++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[a].bb);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t))
            return false;
        int next = -1;
        for (uint32_t e = 1; e < xf->nedges && next < 0; e++)
            if ((int)xf->einfo[e].from == a)
                next = (int)xf->einfo[e].to;
        if (next < 0 || next == a)
            return false;
        if (next == (int)b)
            return steps > 0; /* (A -> B itself was looked for above) */
        a = next;
    }
    return false;
}

/* The IR instruction of ordinal ORD (1-based). */
static LLVMValueRef ordinal_inst(const struct solver *s, uint32_t ord)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b < s->xf->nblocks; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i))
            if (++n == ord)
                return i;
    return NULL;
}

/* RISC-V: the IR value register REG holds at instruction K of block M, read
 * from its last write before K in M: the instruction's provenance location,
 * when no other code of the function is located there after it (but the
 * branch, which may inherit it) or in another block (it is the value's final
 * step, not one on the way to it) and the value fills the register (32 bits
 * or a pointer: no extension left to make); else NULL. */
/* Whether IN only puts a constant or a copy of another register than REG into a
 * register other than REG ("li rd, C", "mv rd, rs"). */
static bool other_register_set(const struct minsn *in, const char *reg)
{
    char ops[3][16];
    if ((strcmp(in->mnemonic, "li") && strcmp(in->mnemonic, "mv")) || mc_insn_operands(in, ops, 3) != 2)
        return false;
    return strcmp(ops[0], reg) && strcmp(ops[1], reg);
}

static LLVMValueRef register_value_width(const struct solver *s, size_t m, size_t k, const char *reg, bool narrow_load);
static LLVMValueRef register_value(const struct solver *s, size_t m, size_t k, const char *reg)
{
    return register_value_width(s, m, k, reg, false);
}

/* ... and with NARROW_LOAD, also an 8- or 16-bit value its write loads
 * ("lbu", "lb", "lhu", "lh": the register holds it extended, which keeps
 * whether it is 0). */
static LLVMValueRef register_value_width(const struct solver *s, size_t m, size_t k, const char *reg, bool narrow_load)
{
    const struct mfunc *mf = s->mf;
    const struct mblock *b = &mf->blocks[m];
    size_t n = strlen(reg);
    for (size_t j = k; j-- > 0;) {
        const struct minsn *in = &b->insns[j];
        const char *mn = in->mnemonic;
        if (mc_is_control(in) || !strcmp(mn, "call") || !strncmp(mn, "jal", 3))
            return NULL;
        /* stores name the register they read first */
        bool store = !strcmp(mn, "sb") || !strcmp(mn, "sh") || !strcmp(mn, "sw");
        if (store || strncmp(in->ops, reg, n) || (in->ops[n] != ',' && in->ops[n] != '\0'))
            continue;
        if (in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line || in->src_line > s->nord)
            return NULL;
        /* code located at the same IR instruction after it, or in another
         * block: J may not be its last step (a copy or a constant put in
         * another register is not a step: a select's arm value given the
         * location of its condition's `and`, dsp.c's "andi a3, a2, 128;
         * mv a2, s11; beqz a3") */
        for (size_t q = 0; q < mf->nblocks; q++)
            for (size_t i = q == m ? j + 1 : 0; i < mf->blocks[q].ninsns; i++)
                if ((q != m || i != k) && mf->blocks[q].insns[i].src_col == ENG_PROVENANCE_COLUMN &&
                    mf->blocks[q].insns[i].src_line == in->src_line &&
                    !(q == m && i < k && other_register_set(&mf->blocks[q].insns[i], reg)))
                    return NULL;
        LLVMValueRef v = ordinal_inst(s, in->src_line);
        LLVMTypeRef t = v ? LLVMTypeOf(v) : NULL;
        unsigned loaded = !strcmp(mn, "lbu") || !strcmp(mn, "lb") ? 8 : !strcmp(mn, "lhu") || !strcmp(mn, "lh") ? 16 : 0;
        if (narrow_load && t && loaded && LLVMIsALoadInst(v) && LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
            LLVMGetIntTypeWidth(t) == loaded)
            return v;
        if (!t || !((LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32) ||
                    LLVMGetTypeKind(t) == LLVMPointerTypeKind))
            return NULL;
        return v;
    }
    return NULL;
}

/* RISC-V: the == or != comparison with 0 of IR block G that the branch at K
 * of block M against zero ("beqz a1", located at the select's value operand:
 * statemachine.c's "*neg ? -*num : *num" testing the loaded byte) makes on
 * register REG: the value REG holds (a loaded byte or half too), compared with
 * 0, exactly one such comparison in G. */
static LLVMValueRef compared_with_zero(const struct solver *s, size_t m, size_t k, uint32_t g, const char *reg)
{
    LLVMValueRef a = register_value_width(s, m, k, reg, true);
    if (!a)
        return NULL;
    LLVMValueRef found = NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[g].bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsAICmpInst(i) || (LLVMGetICmpPredicate(i) != LLVMIntEQ && LLVMGetICmpPredicate(i) != LLVMIntNE))
            continue;
        LLVMValueRef x = LLVMGetOperand(i, 0), y = LLVMGetOperand(i, 1);
        LLVMValueRef other = x == a ? y : y == a ? x : NULL;
        if (!other || !LLVMIsAConstantInt(other) || LLVMConstIntGetZExtValue(other) != 0)
            continue;
        if (found)
            return NULL;
        found = i;
    }
    return found;
}

/* The relation of an ordered or equality RISC-V branch MN on (x, y) as an
 * LLVM predicate of (x, y), or of (y, x) when SWAP; 0 for another branch. */
static LLVMIntPredicate branch_relation(const char *mn, bool swap)
{
    static const struct { const char *mn; LLVMIntPredicate p, swapped; } rel[] = {
        {"beq", LLVMIntEQ, LLVMIntEQ},     {"bne", LLVMIntNE, LLVMIntNE},
        {"blt", LLVMIntSLT, LLVMIntSGT},   {"bge", LLVMIntSGE, LLVMIntSLE},
        {"bltu", LLVMIntULT, LLVMIntUGT},  {"bgeu", LLVMIntUGE, LLVMIntULE},
    };
    for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++)
        if (!strcmp(mn, rel[i].mn))
            return swap ? rel[i].swapped : rel[i].p;
    return 0;
}

/* RISC-V: the comparison of IR block G with a constant that the branch at K
 * of block M makes on a register holding value V and register CREG holding
 * a constant every path gives it (tarscan.c's `x < 2 ? '\n' : x < 5 ? ' ' :
 * 'a' + x`: "bgeu a4, s5", 5 kept in s5 across the loop, the branch without
 * a location): the comparison of V with that constant whose relation is the
 * branch's or its inverse (VALUE_FIRST: V is the branch's first operand).
 * NULL when not exactly one fits. */
static LLVMValueRef compared_constant(const struct solver *s, size_t m, size_t k, uint32_t g, LLVMValueRef v,
                                      const char *creg, bool value_first)
{
    long long c;
    LLVMIntPredicate rel = branch_relation(s->mf->blocks[m].insns[k].mnemonic, !value_first);
    if (!rel || !mc_reg_constant_proven(s, m, k, creg, strlen(creg), &c))
        return NULL;
    LLVMValueRef found = NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[g].bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsAICmpInst(i) || LLVMGetOperand(i, 0) != v)
            continue;
        LLVMValueRef y = LLVMGetOperand(i, 1);
        LLVMIntPredicate p = LLVMGetICmpPredicate(i);
        if (!LLVMIsAConstantInt(y) || LLVMGetIntTypeWidth(LLVMTypeOf(y)) != 32 ||
            (int32_t)LLVMConstIntGetSExtValue(y) != (int32_t)c || (p != rel && p != mc_inverse_pred(rel)))
            continue;
        if (found)
            return NULL;
        found = i;
    }
    return found;
}

/* RISC-V: the comparison of IR block G that the two-register branch at K of
 * block M makes, when its location names neither (a select made into a
 * branch whose debug location code generation took from an operand:
 * blockmerge.c's merge step, "bge a1, a2" located at the shift making a2):
 * the registers it compares hold the comparison's operands, in its order
 * (either order for == and !=). NULL when not exactly one fits. */
static LLVMValueRef compared_registers(const struct solver *s, size_t m, size_t k, uint32_t g)
{
    const struct minsn *br = &s->mf->blocks[m].insns[k];
    static const char *const order[] = {"blt", "bge", "bltu", "bgeu", NULL};
    bool eq = !strcmp(br->mnemonic, "beq") || !strcmp(br->mnemonic, "bne"), ordered = false;
    for (const char *const *o = order; *o && !eq; o++)
        ordered |= !strcmp(br->mnemonic, *o);
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    char ops[3][16];
    if (triple && !strncmp(triple, "riscv32", 7) && (!strcmp(br->mnemonic, "beqz") || !strcmp(br->mnemonic, "bnez")) &&
        mc_insn_operands(br, ops, 3) == 2)
        return compared_with_zero(s, m, k, g, ops[0]);
    if ((!eq && !ordered) || !triple || strncmp(triple, "riscv32", 7) || mc_insn_operands(br, ops, 3) != 3)
        return NULL;
    if (eq && (!strcmp(ops[0], "zero") || !strcmp(ops[1], "zero")))
        return strcmp(ops[0], "zero") ? compared_with_zero(s, m, k, g, ops[0])
                                      : strcmp(ops[1], "zero") ? compared_with_zero(s, m, k, g, ops[1]) : NULL;
    if (!strcmp(ops[0], "zero") || !strcmp(ops[1], "zero"))
        return NULL;
    LLVMValueRef a = register_value(s, m, k, ops[0]), b = register_value(s, m, k, ops[1]);
    if (!a != !b)
        return compared_constant(s, m, k, g, a ? a : b, a ? ops[1] : ops[0], a != NULL);
    if (!a || !b || a == b)
        return NULL;
    LLVMValueRef found = NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[g].bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsAICmpInst(i))
            continue;
        LLVMValueRef x = LLVMGetOperand(i, 0), y = LLVMGetOperand(i, 1);
        LLVMIntPredicate p = LLVMGetICmpPredicate(i);
        bool pe = p == LLVMIntEQ || p == LLVMIntNE;
        if (pe != eq || !((x == a && y == b) || (eq && x == b && y == a)))
            continue;
        if (found)
            return NULL;
        found = i;
    }
    return found;
}

/* RISC-V: a two-way branch at K of block M, of IR block G's code, without a
 * location, comparing a register that holds one of G's values with one that
 * holds a constant: the comparison of G it makes (compared_constant) heads
 * its select record, if one counts it. */
static bool unlocated_constant_compare(struct solver *s, size_t m, size_t k)
{
    const struct minsn *br = &s->mf->blocks[m].insns[k];
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    char ops[3][16];
    if (s->mf->blocks[m].nsucc != 2 || s->in_g[m] < 0 || !br->isa || br->isa->kind != ISA_COND_BRANCH || !triple ||
        strncmp(triple, "riscv32", 7) || !branch_relation(br->mnemonic, false) || mc_insn_operands(br, ops, 3) != 3 ||
        !strcmp(ops[0], "zero") || !strcmp(ops[1], "zero"))
        return false;
    uint32_t g = (uint32_t)s->in_g[m];
    LLVMValueRef a = register_value(s, m, k, ops[0]), b = register_value(s, m, k, ops[1]);
    LLVMValueRef c = !a == !b ? NULL : compared_constant(s, m, k, g, a ? a : b, a ? ops[1] : ops[0], a != NULL);
    if (!c)
        return false;
    uint32_t pos = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[g].bb); i && i != c; i = LLVMGetNextInstruction(i))
        pos++;
    select_head(s, m, g, mc_ordinal_of(s, g, pos), LLVMICmp);
    return s->sel_head[m] >= 0;
}

int mc_constant_branch_follows(const struct solver *s, size_t m, size_t k, LLVMValueRef cond)
{
    const struct minsn *br = &s->mf->blocks[m].insns[k];
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    char ops[3][16];
    if (!cond || !LLVMIsAICmpInst(cond) || !triple || strncmp(triple, "riscv32", 7) || !br->isa ||
        br->isa->kind != ISA_COND_BRANCH || !branch_relation(br->mnemonic, false) || mc_insn_operands(br, ops, 3) != 3 ||
        !strcmp(ops[0], "zero") || !strcmp(ops[1], "zero"))
        return -1;
    LLVMValueRef v = LLVMGetOperand(cond, 0), y = LLVMGetOperand(cond, 1);
    LLVMValueRef a = register_value(s, m, k, ops[0]), b = register_value(s, m, k, ops[1]);
    long long c;
    if (!LLVMIsAConstantInt(y) || LLVMGetIntTypeWidth(LLVMTypeOf(y)) != 32 || !a == !b || (a ? a : b) != v ||
        !mc_reg_constant_proven(s, m, k, a ? ops[1] : ops[0], strlen(a ? ops[1] : ops[0]), &c) ||
        (int32_t)c != (int32_t)LLVMConstIntGetSExtValue(y))
        return -1;
    LLVMIntPredicate rel = branch_relation(br->mnemonic, a == NULL), p = LLVMGetICmpPredicate(cond);
    return p == rel ? 1 : p == mc_inverse_pred(rel) ? 0 : -1;
}

bool mc_constant_compare_head(const struct solver *s, size_t m)
{
    const struct mblock *b = &s->mf->blocks[m];
    long k = mc_final_branch(b, false);
    if (k < 0 || s->sel_head[m] < (int)s->xf->nselects)
        return false;
    LLVMValueRef sel = mc_select_inst(s->xf, &s->xf->selects[(uint32_t)s->sel_head[m] % s->xf->nselects]);
    return sel && LLVMGetInstructionOpcode(sel) == LLVMSelect &&
           mc_constant_branch_follows(s, m, (size_t)k, LLVMGetOperand(sel, 0)) >= 0;
}

/* Whether the IR instruction with ordinal ORD is the condition of its
 * block's switch (a compare tree's branches carry its location). */
static bool switch_condition(const struct solver *s, uint32_t ord)
{
    uint32_t g = s->ord_block[ord], base = ord;
    while (base > 1 && s->ord_block[base - 1] == g)
        base--;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(s->xf->blocks[g].bb);
    if (!t || LLVMGetInstructionOpcode(t) != LLVMSwitch)
        return false;
    LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[g].bb);
    for (uint32_t o = base; i && o < ord; o++)
        i = LLVMGetNextInstruction(i);
    return i && i == LLVMGetOperand(t, 0);
}

/* Block M's exit group from its last control instruction with a
 * provenance location; NOLOCATION[m] when it has none. */
static void exit_group(struct solver *s, size_t m, bool *nolocation)
{
    const struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    const struct mblock *b = &mf->blocks[m];
    /* the last control instruction with a provenance location */
    for (size_t k = b->ninsns; k-- > 0;) {
        const struct minsn *in = &b->insns[k];
        if (!mc_is_control(in))
            continue;
        /* a jump after a conditional branch located at a successor's switch
         * or branch, in a block whose IR block ends in "br label": the
         * decision is that successor's code copied into this one (rv32: a
         * switch's first case test tail-duplicated into the block before
         * it, "bne s2, a5; j case", glob.c-like; its edges were taken for
         * the IR block's one edge to the switch: 63 and 0 for qemu's 42 and
         * 21) */
        int own = s->in_g[m];
        bool copied = false;
        if (in->isa && in->isa->kind == ISA_JUMP && b->nsucc == 2 && own >= 0 &&
            LLVMGetNumSuccessors(LLVMGetBasicBlockTerminator(xf->blocks[own].bb)) == 1) {
            for (size_t j = k; j-- > 0;) {
                const struct minsn *cj = &b->insns[j];
                if (!mc_is_control(cj))
                    continue;
                uint32_t o2 = cj->src_col == ENG_PROVENANCE_COLUMN ? cj->src_line : 0;
                if (cj->isa && cj->isa->kind == ISA_COND_BRANCH && o2 && o2 <= s->nord &&
                    (int)s->ord_block[o2] != own &&
                    (s->ord_op[o2] == LLVMSwitch || s->ord_op[o2] == LLVMBr || s->ord_branch_cond[o2] ||
                     switch_condition(s, o2)) &&
                    reaches_by_jumps(xf, own, s->ord_block[o2])) {
                    k = j;
                    in = cj;
                    copied = true;
                }
                break;
            }
        }
        if (in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line || in->src_line > s->nord) {
            if (!copied && unlocated_constant_compare(s, m, k))
                break;
            nolocation[m] = true;
            break;
        }
        uint32_t ord = in->src_line;
        LLVMOpcode op = s->ord_op[ord];
        uint32_t g = s->ord_block[ord];
        /* a return of another IR block folded into this one's code (a
         * conditional return, "bltlr"; a counted loop's "bdnz; blr"):
         * the block's own branch is the one before it, or the
         * conditional return itself */
        if (op == LLVMRet && s->in_g[m] >= 0 && (int)g != s->in_g[m]) {
            bool earlier = false;
            for (size_t j = k; j-- > 0 && !earlier;)
                earlier = mc_is_control(&b->insns[j]);
            if (earlier)
                continue;
            if (in->isa->kind == ISA_COND_RETURN) {
                s->out_g[m] = s->in_g[m];
                s->out_known[m] = true;
                break;
            }
        }
        /* a comparison only the branch uses is compiled with it */
        if (op == LLVMBr || op == LLVMSwitch || op == LLVMRet || op == LLVMIndirectBr || op == LLVMUnreachable ||
            s->ord_branch_cond[ord] || copied) {
            /* a copy of G's branch in another IR block's code needs an IR
             * edge into G; otherwise identical branches were merged and
             * kept one location, and the branch is the block's own */
            bool plausible = s->in_g[m] < 0 || s->in_g[m] == (int)g || reaches_by_jumps(xf, s->in_g[m], g);
            s->out_g[m] = plausible ? (int)g : s->in_g[m];
            s->out_known[m] = true;
        } else if (op == LLVMSelect || op == LLVMCall || op == LLVMICmp) {
            /* (a jump with the select's location, out of the arm the
             * backend made of it, chooses nothing) */
            if (b->nsucc == 2)
                select_head(s, m, g, ord, op);
            if (s->in_g[m] < 0)
                s->out_g[m] = (int)g;
        } else {
            /* a branch located at neither a terminator nor a comparison: the
             * comparison the registers it compares say (RISC-V) */
            LLVMValueRef c = b->nsucc == 2 && s->in_g[m] >= 0 && in->isa->kind == ISA_COND_BRANCH
                                 ? compared_registers(s, m, k, (uint32_t)s->in_g[m]) : NULL;
            if (c) {
                uint32_t pos = 0;
                for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[s->in_g[m]].bb); i && i != c;
                     i = LLVMGetNextInstruction(i))
                    pos++;
                select_head(s, m, (uint32_t)s->in_g[m], mc_ordinal_of(s, (uint32_t)s->in_g[m], pos), LLVMICmp);
            }
            if (!c || s->sel_head[m] < 0)
                nolocation[m] = true;
        }
        break;
    }
}

/* Blocks whose branch has no location of its own: their exit group. */
static void inherited_branches(struct solver *s, const bool *nolocation)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    /* a branch code generation made without a location inherits the
     * previous one: it is its own block's terminator when it leaves for an
     * IR successor, and for nothing the IR block cannot reach (else it is
     * a copy of a later block's branch, tail-duplicated into this one) */
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        bool leaves = false, foreign = false;
        for (size_t k = 0; k < b->nsucc && nolocation[m] && s->in_g[m] >= 0; k++) {
            int t = s->in_g[b->succ[k]];
            bool edge = false;
            for (uint32_t e = 1; e < xf->nedges && t >= 0 && t != s->in_g[m] && !edge; e++)
                edge = (int)xf->einfo[e].from == s->in_g[m] && (int)xf->einfo[e].to == t;
            leaves |= edge;
            foreign |= t >= 0 && t != s->in_g[m] && !edge;
        }
        if (leaves && !foreign)
            s->out_known[m] = true;
        else if (foreign)
            tail_duplicated_branch(s, m);
    }
}

/* Whether the 32-bit word W is one of constant C's 32-bit words. */
static bool word_of(LLVMValueRef c, uint32_t w)
{
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(c));
    if (bits > 64)
        return false;
    unsigned long long v = LLVMConstIntGetZExtValue(c);
    for (unsigned at = 0; at < bits; at += 32)
        if ((uint32_t)(v >> at) == w || (bits < 32 && (uint32_t)LLVMConstIntGetSExtValue(c) == w))
            return true;
    return false;
}

/* Triangles whose branch has no location and whose arm loads a constant. */
static void constant_triangles(struct solver *s, const bool *nolocation)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    /* a triangle whose branch has no location and whose arm only loads a
     * constant is the select (or min/max) of its IR block whose second value
     * is that constant, when exactly one fits */
    for (size_t m = 0; m < n; m++) {
        const struct mblock *b = &mf->blocks[m];
        if (!nolocation[m] || s->in_g[m] < 0 || s->sel_head[m] >= 0 || b->nsucc != 2)
            continue;
        int arm = -1;
        for (int k = 0; k < 2; k++) {
            const struct mblock *ab = &mf->blocks[b->succ[k]];
            if (ab->npred == 1 && ab->nsucc == 1 && ab->succ[0] == b->succ[1 - k])
                arm = b->succ[k];
        }
        long long imm;
        if (arm < 0 || !mc_arm_constant(&mf->blocks[arm], &imm))
            continue;
        /* the value the branch passes on past the arm: a constant proven in
         * the arm's register (PowerPC "li r8, 1; blt; li r8, 0", a carry
         * compare's boolean) makes the triangle a choice between two
         * constants, which only a select whose first value is that constant
         * can be (branchgen 96243: select(c, sext(x), 0) claimed it) */
        long long other = 0;
        bool other_known = false;
        long kb = mc_final_branch(b, false);
        for (size_t k = 0; k < mf->blocks[arm].ninsns && kb >= 0; k++) {
            char ops[3][16];
            if (mc_is_control(&mf->blocks[arm].insns[k]))
                continue;
            if (mc_insn_operands(&mf->blocks[arm].insns[k], ops, 3) >= 1)
                other_known = mc_reg_constant(s, m, (size_t)kb, ops[0], strlen(ops[0]), &other);
            break;
        }
        int found = -1;
        for (uint32_t r = 0; r < xf->nselects && found != -2; r++) {
            const struct cnt_select *xs = &xf->selects[r];
            /* only a select or a min/max has a "second value" an arm can
             * load; a comparison's value, a saturation or a shift do not */
            if ((int)xs->block != s->in_g[m] || xs->lanes != 1 ||
                (xs->kind != CNT_SEL_SELECT && xs->kind != CNT_SEL_MINMAX))
                continue;
            LLVMValueRef i = mc_select_inst(xf, xs);
            unsigned second_op = xs->kind == CNT_SEL_MINMAX ? 1 : 2;
            if (!i || LLVMGetNumOperands(i) <= (int)second_op)
                continue;
            LLVMValueRef second = LLVMGetOperand(i, second_op);
            if (!LLVMIsAConstantInt(second) || (uint32_t)LLVMConstIntGetSExtValue(second) != (uint32_t)imm)
                continue;
            LLVMValueRef first = LLVMGetOperand(i, second_op - 1);
            if (other_known && xs->kind == CNT_SEL_SELECT &&
                !(LLVMIsAConstantInt(first) && word_of(first, (uint32_t)other)))
                continue;
            found = found == -1 ? (int)r : -2;
        }
        if (found >= 0)
            s->sel_head[m] = found;
    }
}

/* Unnamed blocks (made by code generation) inside one IR block's code. */
static void unnamed_blocks(struct solver *s)
{
    struct mfunc *mf = s->mf;
    size_t n = mf->nblocks;
    /* unnamed blocks inside one group belong to it */
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        if (s->in_g[m] >= 0 || !b->npred)
            continue;
        int g = s->out_g[b->pred[0]];
        bool same = g >= 0;
        for (size_t p = 0; p < b->npred && same; p++)
            same = s->out_g[b->pred[p]] == g && s->in_g[b->pred[p]] == g;
        for (size_t k = 0; k < b->nsucc && same; k++)
            same = s->in_g[b->succ[k]] == g;
        if (same && b->nsucc) {
            s->in_g[m] = g;
            if (!s->out_known[m])
                s->out_g[m] = g;
        }
    }
}

/* The number of distinct IR blocks IR block G's terminator goes to. */
static size_t ir_successors(const struct cnt_func *xf, uint32_t g)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[g].bb);
    unsigned n = t ? LLVMGetNumSuccessors(t) : 0;
    size_t distinct = 0;
    for (unsigned i = 0; i < n; i++) {
        bool seen = false;
        for (unsigned j = 0; j < i && !seen; j++)
            seen = LLVMGetSuccessor(t, j) == LLVMGetSuccessor(t, i);
        distinct += !seen;
    }
    return distinct;
}

/* Whether block B has a conditional branch or return. */
static bool decides(const struct mblock *b)
{
    for (size_t k = 0; k < b->ninsns; k++)
        if (b->insns[k].isa && (b->insns[k].isa->kind == ISA_COND_BRANCH || b->insns[k].isa->kind == ISA_COND_RETURN))
            return true;
    return false;
}

/* Whether machine block M only goes on to the code of an IR successor of
 * IR block H other than G. */
static bool tail_to_other(const struct solver *s, size_t m, int h, int g)
{
    const struct mblock *b = &s->mf->blocks[m];
    int y = b->nsucc == 1 && !b->exits ? s->in_g[b->succ[0]] : -1;
    if (y < 0 || y == g)
        return false;
    for (uint32_t e = 1; e < s->xf->nedges; e++)
        if ((int)s->xf->einfo[e].from == h && (int)s->xf->einfo[e].to == y)
            return true;
    return false;
}

/* Tails merged by branch folding: two IR blocks ending in the same code and
 * the same branch share one machine block, which keeps the IR block of one
 * of them as its name (csmith 1242: a loop's peeled first iteration and the
 * loop body, "bb.25 (%161) falls into bb.26 (%172's tail and branch), bb.27
 * (%172's head) jumps back to bb.26"). Such a block M is entered, without a
 * branch, from a block Q whose IR block H decides between several
 * successors: H's decision is made in M, so M is not the named block's
 * entry but code of both; it loses its entry group (the rules treat it as
 * shared code, flow counts it). */
static void merged_tails(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        int g = s->in_g[m];
        const struct mblock *b = &mf->blocks[m];
        bool merged = false;
        for (size_t p = 0; p < b->npred && g >= 0 && !merged; p++) {
            int q = b->pred[p], h = s->out_g[q];
            merged = h >= 0 && h != g && s->in_g[q] == h && mf->blocks[q].nsucc == 1 && !mf->blocks[q].exits &&
                     !decides(&mf->blocks[q]) && ir_successors(xf, (uint32_t)h) >= 2;
            /* or Q's branch enters G's code twice, here and at another of G's
             * blocks: one IR edge H -> G cannot be both; this one is another
             * IR edge of H whose code was merged into G's (AVR glob.c: a
             * phi's "false" copy, "mov r24, r1", kept once for G's compare
             * and H's edge to the join) */
            const struct mblock *qb = &mf->blocks[q];
            for (size_t k = 0; k < qb->nsucc && h >= 0 && h != g && !merged; k++) {
                int o = qb->succ[k];
                merged = o != (int)m && s->in_g[o] == g && qb->nsucc == 2 && decides(qb);
                /* (when one of the two only goes on to another of H's IR
                 * successors, that one is the merged copy, whichever comes
                 * first in the layout: glob.c's match_here on the AVR, the
                 * second call's own block first, the copy after it) */
                if (merged && !tail_to_other(s, (size_t)m, h, g) && tail_to_other(s, (size_t)o, h, g))
                    merged = false;
            }
        }
        if (merged) {
            s->in_g[m] = -1;
            s->merged_tail[m] = true;
        }
    }
}

/* Heads: the machine block through which each IR block is entered. */
static void find_heads(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    /* heads: the blocks of an IR block entered from elsewhere */
    for (uint32_t g = 0; g < xf->nblocks; g++)
        s->head[g] = -1;
    for (size_t m = 0; m < n; m++) {
        int g = s->in_g[m];
        if (g < 0)
            continue;
        bool outside = m == 0;
        for (size_t p = 0; p < mf->blocks[m].npred && !outside; p++) {
            int q = mf->blocks[m].pred[p];
            outside = s->in_g[q] != g || s->out_g[q] != g;
        }
        if (outside)
            s->head[g] = s->head[g] == -1 ? (int)m : -2;
    }
}

void mc_classify(struct solver *s)
{
    size_t n = s->mf->nblocks;
    bool *nolocation = sup_xcalloc(n + 1, sizeof *nolocation);
    /* entry groups first: the rules below look at successors' */
    entry_groups(s);
    for (size_t m = 0; m < n; m++) {
        s->out_g[m] = s->in_g[m];
        tail_copy_group(s, m);
        exit_group(s, m, nolocation);
    }
    inherited_branches(s, nolocation);
    constant_triangles(s, nolocation);
    free(nolocation);
    unnamed_blocks(s);
    merged_tails(s);
    find_heads(s);
}
