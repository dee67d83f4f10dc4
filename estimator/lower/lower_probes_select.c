/* lower_probes_select.c — before the program runs: a branch on a select of
 * two comparisons, "br (select c, x, y)" (foreign huffman.c's heap order,
 * "w[a] != w[b] ? w[a] < w[b] : a < b"), that RISC-V code generation makes
 * into three branches: one on c, then one on x on c's side and one on y on
 * the other, each going to the branch's two IR successors. The select's
 * record counts c; which way x and y went on their sides no record says. The
 * probe counts 2c + (the select's value) at the branch: the first test runs
 * on every value and is taken on c's side, each side's test runs on its half
 * and is taken where its target is the IR successor the value chooses. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static bool is_icmp(LLVMValueRef v, bool *eq)
{
    if (!v || !LLVMIsAICmpInst(v))
        return false;
    LLVMIntPredicate p = LLVMGetICmpPredicate(v);
    *eq = p == LLVMIntEQ || p == LLVMIntNE;
    return true;
}

/* The last conditional branch of block B, or NULL. */
static const struct minsn *cond_branch(const struct mblock *b, size_t *at)
{
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
            *at = k;
            return &b->insns[k];
        }
    return NULL;
}

/* The IR block machine block T leads to: its own name, or the name of the
 * block it goes on to through blocks without one that hold no branch. */
static const char *lands(const struct mfunc *f, int t)
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

/* RISC-V: whether register REG's last write before instruction K of block M
 * (in M, or in the blocks before it along single predecessors) makes a
 * boolean (a set-on-compare: then the branch tests a value made of a
 * comparison, not the comparison's operands): 1, 0 when it makes another
 * value, -1 when it is not found. */
static int makes_boolean(const struct mfunc *f, size_t m, size_t k, const char *reg)
{
    static const char *const sets[] = {"slt", "sltu", "slti", "sltiu", "seqz", "snez", "sltz", "sgtz", "xori",
                                       "andi", NULL};
    size_t n = strlen(reg);
    for (int hops = 0; hops < 4; hops++) {
        const struct mblock *b = &f->blocks[m];
        for (size_t j = k; j-- > 0;) {
            const struct minsn *in = &b->insns[j];
            const char *mn = in->mnemonic;
            if (mn[0] == 'b' || mn[0] == 'j' || !strcmp(mn, "sw") || !strcmp(mn, "sh") || !strcmp(mn, "sb") ||
                strncmp(in->ops, reg, n) || in->ops[n] != ',')
                continue;
            for (const char *const *s = sets; *s; s++)
                if (!strcmp(mn, *s))
                    return 1;
            return 0;
        }
        if (b->npred != 1)
            break;
        m = (size_t)b->pred[0];
        k = f->blocks[m].ninsns;
    }
    return -1;
}

/* The ordinal (1-based, as provenance locations count) of instruction I in
 * FN, 0 when it is not one of FN's. */
static unsigned ordinal_of(LLVMValueRef fn, LLVMValueRef i)
{
    unsigned k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef j = LLVMGetFirstInstruction(bb); j; j = LLVMGetNextInstruction(j)) {
            k++;
            if (j == i)
                return k;
        }
    return 0;
}

/* The provenance ordinal of register REG's last write before the end of
 * block M (in M, or up its single predecessors), 0 when unknown. */
static unsigned last_write_ordinal(const struct mfunc *f, size_t m, const char *reg)
{
    size_t n = strlen(reg);
    for (int hops = 0; hops < 4; hops++) {
        const struct mblock *b = &f->blocks[m];
        for (size_t j = b->ninsns; j-- > 0;) {
            const struct minsn *in = &b->insns[j];
            const char *mn = in->mnemonic;
            if (mn[0] == 'b' || mn[0] == 'j' || !strcmp(mn, "sw") || !strcmp(mn, "sh") || !strcmp(mn, "sb") ||
                strncmp(in->ops, reg, n) || in->ops[n] != ',')
                continue;
            return in->src_col == ENG_PROVENANCE_COLUMN ? in->src_line : 0;
        }
        if (b->npred != 1)
            break;
        m = (size_t)b->pred[0];
    }
    return 0;
}

/* Of the machine branches located in IR block BB (their number in *BRANCHES),
 * the one block testing two registers for equality, neither a boolean and one
 * seen made of another value (an order's test is never "beq" of such: it is
 * "blt", or "beqz" of "slt"): its index, -1 for none, -2 for more than one. */
static int three_branch_head(const struct mfunc *f, LLVMBasicBlockRef bb, LLVMBasicBlockRef *ord_bb, size_t nord,
                             int *branches)
{
    int head = -1;
    *branches = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        size_t at;
        const struct minsn *in = cond_branch(&f->blocks[m], &at);
        if (!in || in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line || in->src_line > nord ||
            ord_bb[in->src_line] != bb)
            continue;
        (*branches)++;
        const struct mblock *b = &f->blocks[m];
        char ms = mc_branch_sense(in->mnemonic), ops[3][16];
        if (b->nsucc != 2 || (ms != 'e' && ms != 'n') || mc_insn_operands(in, ops, 3) != 3 ||
            !strcmp(ops[0], "zero") || !strcmp(ops[1], "zero"))
            continue;
        int b0 = makes_boolean(f, m, at, ops[0]), b1 = makes_boolean(f, m, at, ops[1]);
        if (b0 == 1 || b1 == 1 || (b0 < 0 && b1 < 0))
            continue;
        head = head == -1 ? (int)m : -2;
    }
    return head;
}

/* The probe 2c + r of a select r on a select c made into three branches (at
 * instruction AT): the head's test of c, then r's test on each side (SIDE_TAKEN:
 * the probe values, of the four, that take each side's branch). */
static void add_three_branch_probe(struct mfunc *f, struct lower_probes *out, LLVMValueRef at, LLVMValueRef c,
                                   LLVMValueRef sel, int head, int side_not, int side_c, bool taken_on_c,
                                   const uint64_t side_taken[2])
{
    struct eng_probe p = {.at = at};
    size_t cap = 0;
    uint32_t cv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 1, .value = c});
    uint32_t rv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 1, .value = sel});
    uint32_t two = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = cv, .b = cv});
    mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = two, .b = rv});
    out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
    out->probes[out->n] = p;
    size_t probe = out->n++;
    struct lower_probe_use uses[3] = {
        {.probe = (uint32_t)probe, .block = head, .run = 15, .taken = taken_on_c ? 12 : 3},
        {.probe = (uint32_t)probe, .block = side_not, .run = 3, .taken = side_taken[0]},
        {.probe = (uint32_t)probe, .block = side_c, .run = 12, .taken = side_taken[1]},
    };
    f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 3) * sizeof *f->probe_uses);
    memcpy(f->probe_uses + f->nprobe_uses, uses, sizeof uses);
    f->nprobe_uses += 3;
}

/* The same shape for a value: "v = select (select c, x, y), a, b" whose
 * outer select code generation made into the three branches (foreign
 * huffman.c's heap_pop, "c < n && less(heap[c + 1], heap[c])" choosing
 * the child: "beq" on c, then "bnez"/"beqz" of x's and y's set-on-compare
 * on each side, each going to the arm, a block of one "mv rd, rs", or to
 * the join it falls into). The arm gives the operand whose instruction
 * last wrote rs (its provenance), so its side of each test is that
 * operand's value of the inner select. */
static void value_probes(struct mfunc *f, LLVMValueRef fn, LLVMBasicBlockRef bb, LLVMBasicBlockRef *ord_bb,
                         size_t nord, struct lower_probes *out)
{
    for (LLVMValueRef v = LLVMGetFirstInstruction(bb); v; v = LLVMGetNextInstruction(v)) {
        if (LLVMGetInstructionOpcode(v) != LLVMSelect)
            continue;
        LLVMValueRef sel = LLVMGetOperand(v, 0);
        if (!LLVMIsAInstruction(sel) || LLVMGetInstructionOpcode(sel) != LLVMSelect ||
            LLVMGetInstructionParent(sel) != bb || LLVMGetNextUse(LLVMGetFirstUse(sel)))
            continue;
        LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(v));
        if (tk != LLVMPointerTypeKind && (tk != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 32))
            continue;
        LLVMValueRef c = LLVMGetOperand(sel, 0), x = LLVMGetOperand(sel, 1), y = LLVMGetOperand(sel, 2);
        LLVMValueRef va = LLVMGetOperand(v, 1), vb = LLVMGetOperand(v, 2);
        bool ceq, xeq, yeq;
        if (!is_icmp(c, &ceq) || !is_icmp(x, &xeq) || !is_icmp(y, &yeq) || !ceq || xeq || yeq ||
            !LLVMIsAInstruction(va) || !LLVMIsAInstruction(vb) || va == vb)
            continue;
        unsigned oa = ordinal_of(fn, va), ob = ordinal_of(fn, vb);
        int branches;
        int head = three_branch_head(f, bb, ord_bb, nord, &branches);
        if (head < 0 || branches != 3)
            continue;
        const struct mblock *h = &f->blocks[head];
        size_t at;
        const struct minsn *hb = cond_branch(h, &at);
        int taken = hb->target, other = h->succ[0] == taken ? h->succ[1] : h->succ[0];
        if (taken < 0 || other == taken)
            continue;
        bool taken_on_c = (mc_branch_sense(hb->mnemonic) == 'e') == (LLVMGetICmpPredicate(c) == LLVMIntEQ);
        int side_c = taken_on_c ? taken : other, side_not = taken_on_c ? other : taken;
        /* the two sides' targets: the arm ("mv rd, rs" going on to the join) and the join */
        int arm = -1, join = -1;
        uint64_t side_taken[2];
        bool ok = true;
        for (int sd = 0; sd < 2 && ok; sd++) {
            int m = sd ? side_c : side_not;
            const struct mblock *b = &f->blocks[m];
            size_t sat;
            const struct minsn *sb = b->npred == 1 && b->nsucc == 2 && b->succ[0] != b->succ[1] ? cond_branch(b, &sat)
                                                                                             : NULL;
            if (!sb || sb->target < 0 || (sb->target != b->succ[0] && sb->target != b->succ[1]) ||
                !sb->src_line || sb->src_col != ENG_PROVENANCE_COLUMN || sb->src_line > nord || ord_bb[sb->src_line] != bb) {
                ok = false;
                break;
            }
            for (int k = 0; k < 2 && arm < 0; k++) {
                const struct mblock *t = &f->blocks[b->succ[k]];
                if (t->ninsns == 1 && t->nsucc == 1 && !t->exits && t->succ[0] == b->succ[1 - k] &&
                    !strcmp(t->insns[0].mnemonic, "mv"))
                    arm = b->succ[k], join = b->succ[1 - k];
            }
            if (arm < 0 || !((b->succ[0] == arm && b->succ[1] == join) || (b->succ[1] == arm && b->succ[0] == join))) {
                ok = false;
                break;
            }
            /* value 2c + r (r: the inner select's value): taken where the arm is taken and gives a's, ... */
            side_taken[sd] = sb->target; /* (resolved below, once the arm's operand is known) */
        }
        if (!ok || arm < 0)
            continue;
        /* the arm's source: the operand whose instruction wrote it */
        char ops[2][16];
        if (mc_insn_operands(&f->blocks[arm].insns[0], ops, 2) != 2)
            continue;
        unsigned src = 0;
        for (int sd = 0; sd < 2 && ok; sd++) {
            unsigned o = last_write_ordinal(f, (size_t)(sd ? side_c : side_not), ops[1]);
            if (sd && o != src)
                ok = false;
            src = o;
        }
        if (!ok || !src || (src != oa && src != ob) || oa == ob)
            continue;
        bool arm_gives_a = src == oa; /* the arm runs where the inner select is true */
        for (int sd = 0; sd < 2; sd++) {
            uint64_t r1 = 1ull << (2 * sd + 1), r0 = 1ull << (2 * sd);
            bool to_arm = (int)side_taken[sd] == arm;
            side_taken[sd] = to_arm == arm_gives_a ? r1 : r0;
        }
        add_three_branch_probe(f, out, v, c, sel, head, side_not, side_c, taken_on_c, side_taken);
    }
}

void lower_select_branch_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    if (!triple || strncmp(triple, "riscv32", 7))
        return;
    /* the IR block of every ordinal */
    size_t nord = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            nord++;
    LLVMBasicBlockRef *ord_bb = sup_xcalloc(nord + 2, sizeof *ord_bb);
    size_t k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            ord_bb[++k] = bb;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        value_probes(f, fn, bb, ord_bb, nord, out);
        LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
        if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br))
            continue;
        LLVMValueRef sel = LLVMGetCondition(br);
        if (!LLVMIsAInstruction(sel) || LLVMGetInstructionOpcode(sel) != LLVMSelect ||
            LLVMGetInstructionParent(sel) != bb || LLVMGetNextUse(LLVMGetFirstUse(sel)))
            continue;
        LLVMValueRef c = LLVMGetOperand(sel, 0), x = LLVMGetOperand(sel, 1), y = LLVMGetOperand(sel, 2);
        bool ceq, xeq, yeq;
        /* c an equality, x and y orders: the first test's kind names c */
        if (!is_icmp(c, &ceq) || !is_icmp(x, &xeq) || !is_icmp(y, &yeq) || !ceq || xeq || yeq)
            continue;
        size_t len;
        const char *tname = LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetSuccessor(br, 0)), &len);
        const char *fname = LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetSuccessor(br, 1)), &len);
        if (!strcmp(tname, fname))
            continue;
        /* the machine branches located in this IR block whose block has the shape */
        int branches;
        int head = three_branch_head(f, bb, ord_bb, nord, &branches);
        /* three tests, no copy of any: the head and its two sides */
        if (head < 0 || branches > 3)
            continue;
        const struct mblock *h = &f->blocks[head];
        size_t at;
        const struct minsn *hb = cond_branch(h, &at);
        int taken = hb->target, other = h->succ[0] == taken ? h->succ[1] : h->succ[0];
        if (taken < 0 || other == taken)
            continue;
        /* the head's branch is taken on c's side when it follows c */
        bool taken_on_c = (mc_branch_sense(hb->mnemonic) == 'e') == (LLVMGetICmpPredicate(c) == LLVMIntEQ);
        int side_c = taken_on_c ? taken : other, side_not = taken_on_c ? other : taken;
        /* each side: entered only from the head, its branch going to both IR successors */
        uint64_t side_taken[2];
        bool ok = true;
        for (int sd = 0; sd < 2 && ok; sd++) {
            int m = sd ? side_c : side_not;
            const struct mblock *b = &f->blocks[m];
            size_t sat;
            const struct minsn *sb = b->npred == 1 && b->nsucc == 2 ? cond_branch(b, &sat) : NULL;
            if (!sb || sb->target < 0 || (sb->target != b->succ[0] && sb->target != b->succ[1])) {
                ok = false;
                break;
            }
            int st = sb->target, so = b->succ[0] == st ? b->succ[1] : b->succ[0];
            const char *lt = lands(f, st), *lo = lands(f, so);
            if (!lt || !lo || !((!strcmp(lt, tname) && !strcmp(lo, fname)) || (!strcmp(lt, fname) && !strcmp(lo, tname)))) {
                ok = false;
                break;
            }
            /* value 2c + r: taken where r sends the value to its target */
            uint64_t r1 = 1ull << (2 * sd + 1), r0 = 1ull << (2 * sd);
            side_taken[sd] = !strcmp(lt, tname) ? r1 : r0;
        }
        if (!ok)
            continue;
        add_three_branch_probe(f, out, br, c, sel, head, side_not, side_c, taken_on_c, side_taken);
    }
    free(ord_bb);
}
