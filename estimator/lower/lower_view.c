/* lower_view.c — the IR's edges as the machine code realises them: IR
 * blocks code generation folded away are contracted, blocks whose
 * identical tails were merged are mapped onto the block they were merged
 * into, jump tables are matched with their switches; plus the branch
 * senses and dominance the rules ask about. */
#include "counts.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void view_add(struct irview *v, int from, int to, double c)
{
    for (uint32_t e = 0; e < v->n; e++)
        if (v->from[e] == from && v->to[e] == to) {
            v->count[e] += c;
            return;
        }
    v->from = sup_xrealloc(v->from, (v->n + 1) * sizeof *v->from);
    v->to = sup_xrealloc(v->to, (v->n + 1) * sizeof *v->to);
    v->count = sup_xrealloc(v->count, (v->n + 1) * sizeof *v->count);
    v->from[v->n] = from;
    v->to[v->n] = to;
    v->count[v->n++] = c;
}

/* The IR block a machine edge into T arrives at: T's entry group, through
 * blocks without one that code generation created on the edge. */
int mc_arrives(const struct solver *s, int t)
{
    for (int steps = 0; steps < 8; steps++) {
        if (s->in_g[t] >= 0)
            return s->in_g[t];
        const struct mblock *b = &s->mf->blocks[t];
        if (b->nsucc != 1 || b->npred != 1 || b->exits)
            return -1;
        t = b->succ[0];
    }
    return -1;
}

/* Whether a machine edge into T arrives at IR block Y: T's entry group is
 * Y, or Y is a block code generation folded away (no machine block is
 * entered as it) that only jumps on, through at most four such blocks, to
 * T's entry group (blockmerge.c's merge loop on x86-64: the loop's exit
 * block only truncates an index and jumps to the next test). */
bool mc_arrives_at(const struct solver *s, int t, int y)
{
    int a = mc_arrives(s, t);
    if (a < 0 || y < 0)
        return false;
    for (int steps = 0; steps < 5; steps++) {
        if (a == y)
            return true;
        for (size_t m = 0; m < s->mf->nblocks; m++)
            if (s->in_g[m] == y)
                return false;
        LLVMValueRef br = LLVMGetBasicBlockTerminator(s->xf->blocks[y].bb);
        if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || LLVMIsConditional(br))
            return false;
        int next = -1;
        for (uint32_t e = 1; e < s->xf->nedges && next < 0; e++)
            if ((int)s->xf->einfo[e].from == y)
                next = (int)s->xf->einfo[e].to;
        if (next < 0 || next == y)
            return false;
        y = next;
    }
    return false;
}

/* Pair counts N(P -> Z -> Y) for block Z, or -1 when not counted, or when
 * Y is not one of Z's IR successors (an edge of the view that reaches Y
 * through a block code generation folded away: codec.c's UTF-8 decoder on
 * rv32, the "cut short" exit through an empty block, counted 0 for 3). */
double mc_pair_count(const struct cnt_func *xf, int z, int p, int y)
{
    for (uint32_t k = 0; k < xf->npairs; k++) {
        const struct cnt_pairs *xp = &xf->pairs[k];
        if ((int)xp->block != z || !xp->counts)
            continue;
        bool found_out = false;
        for (uint32_t j = 0; j < xp->nout && !found_out; j++)
            found_out = (int)xf->einfo[xp->out_edges[j]].to == y;
        if (!found_out)
            return -1;
        double c = 0;
        bool found_in = false;
        for (uint32_t i = 0; i < xp->nin; i++) {
            if (xp->in_edges[i] == 0 || (int)xf->einfo[xp->in_edges[i]].from != p)
                continue;
            found_in = true;
            for (uint32_t j = 0; j < xp->nout; j++)
                if ((int)xf->einfo[xp->out_edges[j]].to == y)
                    c += (double)xp->counts[i * xp->nout + j];
        }
        return found_in ? c : -1;
    }
    return -1;
}

bool mc_find_jswitch(struct solver *s, size_t m, struct jswitch *js)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    struct mblock *b = &mf->blocks[m];
    if (b->jt < 0)
        return false;
    int x = s->out_known[m] ? s->out_g[m] : s->in_g[m];
    if (x < 0)
        return false;
    bool any = false;
    uint64_t lo = 0, hi = 0;
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == x && xf->einfo[e].kind == CNT_EK_CASE) {
            uint64_t v = xf->einfo[e].case_lo;
            if (!any || v < lo)
                lo = v;
            if (!any || v > hi)
                hi = v;
            any = true;
        }
    const struct jtable *t = &mf->jt[b->jt];
    if (!any || hi - lo + 1 != t->n)
        return false;
    *js = (struct jswitch){.m = m, .x = x, .min = lo, .t = t};
    return true;
}

int mc_jt_target(const struct mfunc *mf, const struct jswitch *js, uint64_t value)
{
    int number = js->t->targets[value - js->min];
    for (size_t j = 0; j < mf->nblocks; j++)
        if (mf->blocks[j].number == number)
            return (int)j;
    return -1;
}

/* Case targets folded into another block's identical code: the jump table
 * sends their values to a block entered as another IR block. */
static void merged_cases(struct solver *s, int *merged_into)
{
    const struct cnt_func *xf = s->xf;
    for (size_t m = 0; m < s->mf->nblocks; m++) {
        struct jswitch js;
        if (!mc_find_jswitch(s, m, &js))
            continue;
        for (uint32_t e = 1; e < xf->nedges; e++) {
            if ((int)xf->einfo[e].from != js.x || xf->einfo[e].kind != CNT_EK_CASE)
                continue;
            int y = (int)xf->einfo[e].to;
            int t = mc_jt_target(s->mf, &js, xf->einfo[e].case_lo);
            if (t < 0)
                continue;
            int w = mc_arrives(s, t);
            bool y_has_blocks = false;
            for (size_t k = 0; k < s->mf->nblocks && !y_has_blocks; k++)
                y_has_blocks = s->in_g[k] == y || s->out_g[k] == y;
            if (w >= 0 && w != y && !y_has_blocks)
                merged_into[y] = w;
        }
    }
}

/* The sense of a conditional branch's mnemonic (RISC-V, PowerPC, AVR
 * spellings): 'e' taken when equal, 'n' when not equal, 's' on a strict
 * order (<, >), 'w' on a non-strict one (<=, >=); 0 when unknown. */
char mc_branch_sense(const char *mn)
{
    static const char *const eq[] = {"beq", "beqz", "breq", "je", "jz", NULL};
    static const char *const ne[] = {"bne", "bnez", "brne", "jne", "jnz", NULL};
    static const char *const strict[] = {"blt", "bltu", "bltz", "bgt", "bgtu", "bgtz", "brlt", "brlo", "brcs",
                                         "jl", "jg", "jb", "ja", "jnge", "jnle", "jnae", "jnbe", NULL};
    static const char *const weak[] = {"bge", "bgeu", "bgez", "ble", "bleu", "blez", "bnl", "bng",
                                       "brge", "brsh", "brcc", "jle", "jge", "jbe", "jae", "jng", "jnl",
                                       "jna", "jnb", NULL};
    char m[16];
    size_t n = strlen(mn);
    if (n >= sizeof m)
        return 0;
    memcpy(m, mn, n + 1);
    while (n > 0 && (m[n - 1] == '+' || m[n - 1] == '-'))
        m[--n] = '\0'; /* PowerPC static prediction hints */
    const char *const *lists[] = {eq, ne, strict, weak};
    const char senses[] = {'e', 'n', 's', 'w'};
    for (int l = 0; l < 4; l++)
        for (const char *const *k = lists[l]; *k; k++)
            if (!strcmp(m, *k))
                return senses[l];
    return 0;
}

/* Whether the PowerPC record-form instruction that sets the condition of the
 * branch at K of B tests other bits than the value's own: a rotate-and-mask
 * with a rotation, or a shift ("rlwinm. r5, r4, 24, 8, 31" is r4 >> 8: the
 * carry out of an 8-bit x + 1 tested for x + 1 == 0, in the opposite sense). */
static bool tests_shifted_bits(const struct mblock *b, size_t k)
{
    while (k-- > 0) {
        const char *mn = b->insns[k].mnemonic;
        size_t n = strlen(mn);
        if (!strncmp(mn, "cmp", 3))
            return false;
        if (n == 0 || mn[n - 1] != '.')
            continue;
        if (!strcmp(mn, "rlwinm.") || !strcmp(mn, "rlwnm.")) {
            /* rA, rS, SH, MB, ME: the rotation is the third operand */
            const char *o = b->insns[k].ops;
            for (int c = 0; c < 2 && o; c++)
                o = strchr(o + 1, ',');
            return !o || strtol(o + 1, NULL, 0) != 0;
        }
        return !strncmp(mn, "srw", 3) || !strncmp(mn, "sraw", 4) || !strncmp(mn, "slw", 3) ||
               !strncmp(mn, "rotl", 4);
    }
    return false;
}

/* Whether an instruction that names register REG (N characters) first
 * writes a boolean to it: "andi REG, 1" (AVR), "li REG, 0" or "li REG, 1"
 * (PowerPC: a comparison made into a value with a branch). */
static bool writes_boolean(const char *mn, const char *o, size_t n)
{
    if (!strcmp(mn, "andi"))
        return !strcmp(o + n, ", 1");
    return !strcmp(mn, "li") && (!strcmp(o + n, ", 0") || !strcmp(o + n, ", 1"));
}

/* Whether register REG (its name is N characters) holds a boolean when
 * instruction K of block B runs: its last write before K, in B or, on any
 * path into B within HOPS blocks, in the blocks before, makes one
 * (writes_boolean). */
static bool boolean_reaches(const struct mfunc *mf, const struct mblock *b, size_t k, const char *reg, size_t n,
                            int hops, int *budget)
{
    if (--*budget < 0)
        return false;
    for (size_t j = k; j-- > 0;) {
        static const char *const reads[] = {"cp", "cpc", "cpi", "tst", "push", "sbrc", "sbrs", "cpse", NULL};
        const char *o = b->insns[j].ops, *mn = b->insns[j].mnemonic;
        bool read_only = false;
        for (const char *const *r = reads; *r && !read_only; r++)
            read_only = !strcmp(mn, *r);
        /* stores and PowerPC compares and moves to SPRs name a register they read first */
        read_only |= !strncmp(mn, "st", 2) || !strncmp(mn, "cmp", 3) || !strncmp(mn, "mt", 2);
        if (read_only || strncmp(o, reg, n) || (o[n] != ',' && o[n] != '\0'))
            continue; /* does not write the register */
        /* a copy of a register that holds one (AVR branchgen 73021: "mov r22,
         * r13" of r13 = r18 & 1, made in an earlier block) */
        if ((!strcmp(mn, "mov") || !strcmp(mn, "mr") || !strcmp(mn, "mv")) && o[n] == ',') {
            const char *src = o + n + 1;
            while (*src == ' ')
                src++;
            size_t sn = strcspn(src, ", ");
            return sn > 0 && (sn != n || strncmp(src, reg, n)) && boolean_reaches(mf, b, j, src, sn, hops, budget);
        }
        /* a reload from the stack frame may be a spilled boolean as well as
         * the value compared (AVR branchgen 79142: "ldd r21, Y+18; cpi r21,
         * 0; brne" on a boolean spilled blocks before, read as an `icmp eq`
         * of the value, the wrong way round: 32 for simavr's 10) */
        if (b->insns[j].isa && b->insns[j].isa->kind == ISA_LOAD &&
            (strstr(o, "Y+") || strstr(o, "(sp)") || strstr(o, "(r1)") || strstr(o, "%rsp") || strstr(o, "%rbp")))
            return true;
        return writes_boolean(mn, o, n);
    }
    /* the register comes from before the block: from any of its entries
     * (after a select's diamond, both sides join with the boolean kept) */
    for (size_t p = 0; p < b->npred && hops > 0; p++) {
        const struct mblock *pb = &mf->blocks[b->pred[p]];
        if (pb != b && boolean_reaches(mf, pb, pb->ninsns, reg, n, hops - 1, budget))
            return true;
    }
    return false;
}

/* The PowerPC condition register field an instruction's operands name
 * first ("cr1, ..."), cr0 when they name none. */
static int cr_field(const char *ops)
{
    return !strncmp(ops, "cr", 2) && ops[2] >= '0' && ops[2] <= '7' ? ops[2] - '0' : 0;
}

/* Whether the branch at K of block M tests a register made a boolean (AVR
 * "andi r20, 1" ... "cpi r20, 0"; PowerPC "li r6, 1; blt; li r6, 0" ...
 * "cmplwi cr1, r6, 0"; in M or the blocks before it): a comparison's result
 * kept in a register, not the compared value, so "brne" may be taken when
 * an `icmp eq` holds. */
static bool tests_boolean(const struct mfunc *mf, size_t m, size_t k)
{
    const struct mblock *b = &mf->blocks[m];
    const char *reg = NULL;
    int field = cr_field(b->insns[k].ops);
    while (k-- > 0 && !reg) {
        const struct minsn *in = &b->insns[k];
        const char *mn = in->mnemonic, *o = in->ops;
        size_t nm = strlen(mn), no = strlen(o);
        if (!strcmp(mn, "cpi") && !strcmp(o + strcspn(o, ","), ", 0"))
            reg = o;
        else if (!strcmp(mn, "tst"))
            reg = o;
        else if (!strcmp(mn, "cp") || !strcmp(mn, "cpc") || !strcmp(mn, "cpi"))
            return false;
        else if (!strncmp(mn, "cmp", 3) && cr_field(o) == field) {
            /* the compare that sets the branch's field: against 0 only */
            if ((strcmp(mn, "cmplwi") && strcmp(mn, "cmpwi")) || no < 3 || strcmp(o + no - 3, ", 0"))
                return false;
            reg = !strncmp(o, "cr", 2) ? strchr(o, ',') : o;
            while (reg && (*reg == ',' || *reg == ' '))
                reg++;
        } else if (field == 0 && nm > 1 && mn[nm - 1] == '.')
            return false; /* a record form sets cr0 */
    }
    /* (a flag kept across a run of diamonds, AVR branchgen 71020: "andi r17, 1"
     * fourteen blocks before its test; the blocks visited bounded) */
    int budget = 2000;
    return reg && boolean_reaches(mf, b, k + 1, reg, strcspn(reg, ", "), 32, &budget);
}

/* Whether block M's conditional branch tests a register made a boolean. */
bool mc_branch_tests_boolean(const struct mfunc *mf, size_t m)
{
    const struct mblock *b = &mf->blocks[m];
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH)
            return tests_boolean(mf, m, k);
    return false;
}

/* Whether V is 0 or 1: an i1, its extension, `x & 1`, or and/or/xor of
 * such values and the constants 0 and 1 (DEPTH levels down). */
static bool boolean_value(LLVMValueRef v, int depth)
{
    if (LLVMIsAConstantInt(v))
        return LLVMConstIntGetZExtValue(v) <= 1;
    LLVMTypeRef t = LLVMTypeOf(v);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
        return false;
    if (LLVMGetIntTypeWidth(t) == 1)
        return true;
    if (!LLVMIsAInstruction(v) || depth <= 0)
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMZExt)
        return LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0))) == 1;
    if (op == LLVMAnd && (boolean_value(LLVMGetOperand(v, 0), 0) || boolean_value(LLVMGetOperand(v, 1), 0)))
        return true; /* (x & 1, b & x) */
    if (op == LLVMAnd || op == LLVMOr || op == LLVMXor)
        return boolean_value(LLVMGetOperand(v, 0), depth - 1) && boolean_value(LLVMGetOperand(v, 1), depth - 1);
    return false;
}

/* Whether COND is an (in)equality of i1 logic, wider than i1, with 0 or 1:
 * `((x & 1) ^ 1 | zext(y == 0)) == 0`. The back end may compute its
 * complement instead (De Morgan: "snez; and; bnez" for x & 1 && y != 0), so
 * the machine branch's sense says nothing about COND's (rv32 branchgen
 * 96224: a select on it counted the wrong way round, 58 for qemu's 45). */
static bool logic_of_booleans(LLVMValueRef cond)
{
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef c = LLVMGetOperand(cond, 1 - i), v = LLVMGetOperand(cond, i);
        if (!LLVMIsAConstantInt(c) || LLVMConstIntGetZExtValue(c) > 1 || !LLVMIsAInstruction(v))
            continue;
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        if ((op == LLVMAnd || op == LLVMOr || op == LLVMXor) && boolean_value(v, 4))
            return true;
    }
    return false;
}

/* RISC-V: whether the (in)equality branch at K of block M compares a
 * register holding a boolean (a set-on-compare, or logic mixing one in:
 * mc_rv_makes_boolean) while COND compares no booleans: the branch tests a
 * value made of COND and other comparisons, not COND's operands (riscv32
 * branchgen 97505: `select((i == y) ^ (x >=u z), 15, 1)` as "seqz t6, t2;
 * xori t5, t4, 1; bne t6, t5" located at the `==`: its record's split taken
 * for the branch's, 394 for qemu's 219). */
bool mc_rv_branch_tests_boolean(const struct solver *s, size_t m, size_t k, LLVMValueRef cond)
{
    const struct minsn *br = &s->mf->blocks[m].insns[k];
    const char *triple = LLVMGetTarget(LLVMGetGlobalParent(s->xf->fn));
    char ops[3][16];
    int n = br->isa && br->isa->kind == ISA_COND_BRANCH ? mc_insn_operands(br, ops, 3) : -1;
    if (!triple || strncmp(triple, "riscv32", 7) || n < 2)
        return false;
    if (cond && LLVMIsAICmpInst(cond) && boolean_value(LLVMGetOperand(cond, 0), 4) &&
        boolean_value(LLVMGetOperand(cond, 1), 4))
        return false; /* (a comparison of booleans: its operands are booleans) */
    for (int i = 0; i < n - 1; i++) {
        bool known = false;
        if (strcmp(ops[i], "zero") && mc_rv_makes_boolean(s->mf, m, k, ops[i], &known))
            return true;
    }
    return false;
}

/* Whether block M's conditional branch is taken when the IR comparison
 * COND is true (1) or when it is false (0), or unknown (-1): from the sense
 * of the machine branch and COND's predicate. A strict predicate ("lt",
 * "gt") is branched on by a strict machine branch when the branch follows
 * it (with the operands ordered to fit: AVR has no "greater than"), by a
 * non-strict one when the branch goes the other way — unless the backend
 * moved a constant by one (x > 15 as x >= 16, its negation as x < 16):
 * then the other way round. Against a constant the compare is not seen to
 * use (loaded in another block, built by several instructions), either is
 * possible: unknown. */
int mc_branch_follows(const struct solver *s, size_t m, LLVMValueRef cond)
{
    const struct mblock *b = &s->mf->blocks[m];
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH)
            return mc_branch_follows_at(s, m, k, cond);
    return -1;
}

/* The same for the branch at index K of block M, a conditional branch or
 * a PowerPC conditional return ("beqlr": taken = returns; its sense is the
 * mnemonic's without "lr"). */
int mc_branch_follows_at(const struct solver *s, size_t m, size_t k, LLVMValueRef cond)
{
    const struct mblock *b = &s->mf->blocks[m];
    const struct minsn *br = &b->insns[k];
    if (!br->isa || !cond || !LLVMIsAICmpInst(cond))
        return -1;
    char mn[16];
    size_t nm = strlen(br->mnemonic);
    if (nm >= sizeof mn)
        return -1;
    memcpy(mn, br->mnemonic, nm + 1);
    if (br->isa->kind == ISA_COND_RETURN) {
        while (nm > 0 && (mn[nm - 1] == '+' || mn[nm - 1] == '-'))
            mn[--nm] = '\0';
        if (nm < 3 || strcmp(mn + nm - 2, "lr"))
            return -1;
        mn[nm - 2] = '\0';
    } else if (br->isa->kind != ISA_COND_BRANCH)
        return -1;
    char ms = mc_branch_sense(mn), is;
    if (!ms)
        return -1;
    switch (LLVMGetICmpPredicate(cond)) {
    case LLVMIntEQ: is = 'e'; break;
    case LLVMIntNE: is = 'n'; break;
    case LLVMIntSLT: case LLVMIntSGT: case LLVMIntULT: case LLVMIntUGT: is = 's'; break;
    default: is = 'w'; break;
    }
    bool eqclass = ms == 'e' || ms == 'n', ireq = is == 'e' || is == 'n';
    if (eqclass != ireq)
        return -1;
    if (eqclass && logic_of_booleans(cond))
        return -1;
    if (eqclass && (tests_shifted_bits(b, (size_t)(br - b->insns)) || tests_boolean(s->mf, m, (size_t)(br - b->insns)) ||
                    mc_rv_branch_tests_boolean(s, m, (size_t)(br - b->insns), cond)))
        return -1;
    LLVMValueRef rhs = LLVMGetOperand(cond, 1);
    if (!eqclass && LLVMIsAConstantInt(rhs) && LLVMGetIntTypeWidth(LLVMTypeOf(rhs)) <= 64) {
        int use = mc_constant_use(s, m, (size_t)(br - b->insns), LLVMConstIntGetSExtValue(rhs));
        if (use == 2)
            return ms != is;
        if (use == 0) /* the constant compared is not seen: C or C +- 1, either sense, */
            return mc_constant_branch_follows(s, m, (size_t)(br - b->insns), cond); /* (unless a register holds C) */
    }
    return ms == is;
}

/* Whether the taken side of block M's conditional branch is IR block P's
 * true edge (1), its false edge (0), or unknown (-1). */
static int compare_taken_is_true(const struct solver *s, size_t m, int p)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(s->xf->blocks[p].bb);
    if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
        return -1;
    return mc_branch_follows(s, m, LLVMGetCondition(t));
}

/* The machine block the taken side of M's conditional branch goes to, and
 * the other side (fall-through or final jump), or false. */
bool mc_branch_sides(const struct solver *s, size_t m, int *taken, int *other)
{
    const struct mblock *b = &s->mf->blocks[m];
    if (b->nsucc != 2)
        return false;
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
            *taken = b->insns[k].target;
            *other = b->succ[0] == *taken ? b->succ[1] : b->succ[0];
            return *taken >= 0 && *other != *taken;
        }
    return false;
}
/* The same for a branch on a boolean kept in a register (AVR): the side
 * of the comparison that loads the value which makes it taken decides. */
static int taken_is_true(const struct solver *s, size_t m, int p)
{
    int taken;
    struct lower_flag_origin *o;
    size_t nt, no = lower_flag_test(s->mf, m, &taken, &o, &nt);
    if (!no)
        return compare_taken_is_true(s, m, p);
    int cmp = -1, side = -1;
    bool ok = true;
    for (size_t i = 0; i < no && ok; i++) {
        const struct mblock *u = &s->mf->blocks[o[i].block];
        int c, tk, ot;
        bool on_taken;
        if (u->nsucc == 2 && mc_branch_sides(s, (size_t)o[i].block, &tk, &ot)) {
            c = o[i].block; /* loaded before the comparison's own branch */
            on_taken = u->succ[o[i].succ] == tk;
        } else if (u->npred == 1 && mc_branch_sides(s, (size_t)u->pred[0], &tk, &ot) &&
                   (o[i].block == tk || o[i].block == ot)) {
            c = u->pred[0]; /* loaded on one side of it */
            on_taken = o[i].block == tk;
        } else {
            ok = false;
            break;
        }
        int sd = i < nt ? on_taken : !on_taken; /* the comparison's side that makes M taken */
        ok = cmp == -1 || (cmp == c && side == sd);
        cmp = c, side = sd;
    }
    free(o);
    if (!ok || cmp < 0 || cmp == (int)m)
        return -1;
    int tt = compare_taken_is_true(s, (size_t)cmp, p);
    return tt < 0 ? -1 : side ? tt : !tt;
}


/* The IR block whose code machine block T is, or falls or jumps into
 * through blocks without a group of their own (shared or not), or -1. */
static int flows_into(const struct solver *s, int t)
{
    for (int steps = 0; steps < 8; steps++) {
        if (s->in_g[t] >= 0)
            return s->in_g[t];
        const struct mblock *b = &s->mf->blocks[t];
        if (b->nsucc != 1 || b->exits)
            return -1;
        t = b->succ[0];
    }
    return -1;
}

/* Whether the conditional branch ending block M goes to machine block T
 * exactly when a register equals a constant: "beq"/"bnez"-style sense
 * ("e" taken to T, or "n" falling to T) after a comparison with an
 * immediate ("cmpwi"/"cmplwi r, V" on PowerPC, "li r, V" feeding the branch
 * on RISC-V, "cpi r, V" on AVR; "beqz"/"bnez" compare with 0). */
/* RISC-V: the constant a callee-saved register (s0-s11) holds throughout
 * function F, when its one definition is `li REG, IMM` (a compare chain's
 * case values hoisted into registers). */
static bool register_constant(const struct mfunc *f, const char *reg, size_t len, long long *val)
{
    if (len < 2 || len > 3 || reg[0] != 's' || reg[1] < '0' || reg[1] > '9')
        return false;
    int defs = 0;
    bool li = false;
    for (size_t m = 0; m < f->nblocks; m++)
        for (size_t k = 0; k < f->blocks[m].ninsns; k++) {
            const struct minsn *in = &f->blocks[m].insns[k];
            const char *mn = in->mnemonic;
            /* stores and branches read their first operand */
            if (mn[0] == 'b' || mn[0] == 'j' || !strcmp(mn, "sw") || !strcmp(mn, "sh") || !strcmp(mn, "sb"))
                continue;
            if (strncmp(in->ops, reg, len) || (in->ops[len] != ',' && in->ops[len] != '\0'))
                continue;
            if (f->blocks[m].exits && !strcmp(mn, "lw"))
                continue; /* the epilogue restores it for the caller */
            defs++;
            if (!strcmp(mn, "li")) {
                char *end;
                *val = strtoll(in->ops + len + 1, &end, 0);
                li = end != in->ops + len + 1 && !*end;
            }
        }
    return defs == 1 && li;
}

static bool equality_test(const struct solver *s, size_t m, int t, long long *val)
{
    const struct mblock *b = &s->mf->blocks[m];
    for (size_t k = b->ninsns; k-- > 0;) {
        const struct minsn *br = &b->insns[k];
        if (!br->isa || br->isa->kind != ISA_COND_BRANCH)
            continue;
        char sense = mc_branch_sense(br->mnemonic);
        bool to_t = br->target == t;
        if (!((sense == 'e' && to_t) || (sense == 'n' && !to_t)))
            return false;
        if (!strcmp(br->mnemonic, "beqz") || !strcmp(br->mnemonic, "bnez")) {
            *val = 0;
            return true;
        }
        if (!strcmp(br->mnemonic, "beq") || !strcmp(br->mnemonic, "bne")) {
            /* "bne a0, s7, L": against a register holding a constant */
            const char *c1 = strchr(br->ops, ','), *r2 = c1 ? c1 + 1 : NULL;
            while (r2 && *r2 == ' ')
                r2++;
            const char *c2 = r2 ? strchr(r2, ',') : NULL;
            if (c2 && (register_constant(s->mf, r2, (size_t)(c2 - r2), val) ||
                       register_constant(s->mf, br->ops, (size_t)(c1 - br->ops), val)))
                return true;
        }
        for (size_t j = k; j-- > 0;) {
            const struct minsn *c = &b->insns[j];
            /* x86 (AT&T): cmpl $V, %reg; testl %r, %r compares with 0 */
            if (!strncmp(c->mnemonic, "cmp", 3) && c->ops[0] == '$') {
                char *end;
                *val = strtoll(c->ops + 1, &end, 0);
                return end != c->ops + 1 && *end == ',';
            }
            if (!strncmp(c->mnemonic, "test", 4)) {
                /* test %r, %r: the register against 0 */
                const char *comma = strchr(c->ops, ',');
                if (!comma)
                    return false;
                const char *second = comma + 1;
                while (*second == ' ')
                    second++;
                *val = 0;
                return strlen(second) == (size_t)(comma - c->ops) && !strncmp(second, c->ops, (size_t)(comma - c->ops));
            }
            if (!strcmp(c->mnemonic, "cmpwi") || !strcmp(c->mnemonic, "cmplwi") || !strcmp(c->mnemonic, "li") ||
                !strcmp(c->mnemonic, "cpi")) {
                const char *comma = strrchr(c->ops, ',');
                char *end;
                if (!comma)
                    return false;
                *val = strtoll(comma + 1, &end, 0);
                return end != comma + 1;
            }
            if (mc_is_control(c))
                return false;
        }
        return false;
    }
    return false;
}

/* Whether vanished IR block V has the shape of present block G: the same
 * number of successors, paired by edge kind (and case value), each pair the
 * same block or, for a vanished one, isomorphic in turn. Records the pairs
 * in MERGED. */
static bool isomorphic(const struct solver *s, const bool *present, int *merged, int v, int g, int depth)
{
    const struct cnt_func *xf = s->xf;
    if (depth > 8 || present[v] || !present[g])
        return false;
    merged[v] = g;
    size_t nv = 0, ng = 0;
    for (uint32_t e = 1; e < xf->nedges; e++) {
        nv += (int)xf->einfo[e].from == v;
        ng += (int)xf->einfo[e].from == g;
    }
    if (nv != ng)
        return false;
    for (uint32_t e = 1; e < xf->nedges; e++) {
        if ((int)xf->einfo[e].from != v)
            continue;
        int sv = (int)xf->einfo[e].to, sg = -1;
        for (uint32_t f = 1; f < xf->nedges && sg < 0; f++)
            if ((int)xf->einfo[f].from == g && xf->einfo[f].kind == xf->einfo[e].kind &&
                (xf->einfo[e].kind != CNT_EK_CASE || xf->einfo[f].case_lo == xf->einfo[e].case_lo))
                sg = (int)xf->einfo[f].to;
        if (sg < 0)
            return false;
        if (sv == sg || (sv == v && sg == g) || merged[sv] == sg)
            continue;
        if (!isomorphic(s, present, merged, sv, sg, depth + 1))
            return false;
    }
    return true;
}

/* Tail merging: IR block V has no machine code of its own, and the machine
 * edge realising each IR edge P -> V lands in the code of one other IR
 * block G with which P has no IR edge, whose successors are V's: code
 * generation merged V's code into G's. Sets merged_into[V] = G. */
static void merged_tails(struct solver *s, int *merged_into)
{
    const struct cnt_func *xf = s->xf;
    const struct mfunc *mf = s->mf;
    bool *present = sup_xcalloc(xf->nblocks + 1, sizeof *present);
    for (size_t m = 0; m < mf->nblocks; m++) {
        if (s->in_g[m] >= 0)
            present[s->in_g[m]] = true;
        if (s->out_g[m] >= 0)
            present[s->out_g[m]] = true;
    }
    for (uint32_t v = 1; v < xf->nblocks; v++) {
        if (present[v] || merged_into[v] >= 0)
            continue;
        int g = -1;
        bool ok = true, any = false;
        for (uint32_t e = 1; e < xf->nedges && ok; e++) {
            if (xf->einfo[e].to != v || xf->einfo[e].from == v)
                continue;
            int p = (int)xf->einfo[e].from;
            enum cnt_edge_kind kind = xf->einfo[e].kind;
            any = true;
            /* where P's code goes without an IR edge, on V's side */
            int landing = -1;
            for (size_t m = 0; m < mf->nblocks && landing != -2; m++) {
                /* P's copies with a known branch, and P's own blocks (whose
                 * branch may have lost its location when folding merged it:
                 * merged_tails_differ.c on x86-64, "cmpl; jg" of one case
                 * falling into the other case's update code) */
                if (s->out_g[m] != p || !(s->out_known[m] || s->in_g[m] == p))
                    continue;
                int foreign[2], nf = 0;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
                    int t = flows_into(s, mf->blocks[m].succ[k]);
                    bool ir = t == p;
                    for (uint32_t f = 1; f < xf->nedges && !ir && t >= 0; f++)
                        ir = (int)xf->einfo[f].from == p && (int)xf->einfo[f].to == t;
                    if (t >= 0 && !ir && nf < 2)
                        foreign[nf++] = t;
                }
                int here = -1;
                if (kind == CNT_EK_CASE) {
                    /* a compare chain: the equality test of V's case value,
                     * which may lead to another case's identical code */
                    for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
                        long long val;
                        int t = mf->blocks[m].succ[k];
                        if (equality_test(s, m, t, &val) && (uint32_t)val == (uint32_t)xf->einfo[e].case_lo)
                            here = flows_into(s, t);
                    }
                    if (here < 0)
                        continue;
                } else if (nf == 0) {
                    continue;
                } else if (nf == 1 && kind != CNT_EK_CASE && kind != CNT_EK_DEFAULT) {
                    here = foreign[0];
                } else if (nf == 2 && (kind == CNT_EK_TRUE || kind == CNT_EK_FALSE)) {
                    int tk, ot, tt = taken_is_true(s, m, p);
                    if (tt >= 0 && mc_branch_sides(s, m, &tk, &ot))
                        here = flows_into(s, (kind == CNT_EK_TRUE) == (tt == 1) ? tk : ot);
                }
                if (here < 0)
                    landing = -2;
                else
                    landing = landing == -1 || landing == here ? here : -2;
            }
            if (landing == -1)
                continue; /* nothing to say: its branch is not known */
            if (landing < 0 || (g >= 0 && g != landing))
                ok = false;
            else
                g = landing;
        }
        if (!any || !ok || g < 0)
            continue;
        /* V's successors must be G's, or vanished blocks merged into G's in
         * turn (a whole region merged with an identical one) */
        int *tmp = sup_xmalloc((xf->nblocks + 1) * sizeof *tmp);
        memcpy(tmp, merged_into, xf->nblocks * sizeof *tmp);
        if (isomorphic(s, present, tmp, v, g, 0))
            memcpy(merged_into, tmp, xf->nblocks * sizeof *tmp);
        free(tmp);
    }
    free(present);
}

/* Partial tail merging: the code of IR block P ends by jumping or falling
 * into the code of another IR block G with which P has no IR edge, and P's
 * successors are G's: code generation merged P's last instructions and
 * terminator into G's, so P's out-edges are realised by G's branches. Sets
 * out_merge[P] = G. */
static void merged_partial_tails(struct solver *s, const int *merged_into, int *out_merge)
{
    const struct cnt_func *xf = s->xf;
    const struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        int p = s->out_g[m];
        if (p < 0 || merged_into[p] >= 0 || out_merge[p] == -2)
            continue;
        for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
            int g = s->in_g[mf->blocks[m].succ[k]];
            if (g < 0 || g == p)
                continue;
            bool ir = false, subset = true, any = false;
            for (uint32_t e = 1; e < xf->nedges && !ir; e++)
                ir = (int)xf->einfo[e].from == p && (int)xf->einfo[e].to == g;
            for (uint32_t e = 1; e < xf->nedges && subset && !ir; e++) {
                if ((int)xf->einfo[e].from != p)
                    continue;
                any = true;
                bool shared = false;
                for (uint32_t f = 1; f < xf->nedges && !shared; f++)
                    shared = (int)xf->einfo[f].from == g && xf->einfo[f].to == xf->einfo[e].to;
                subset = shared;
            }
            if (ir || !subset || !any)
                continue;
            out_merge[p] = out_merge[p] == -1 || out_merge[p] == g ? g : -2;
        }
    }
    for (uint32_t b = 0; b < xf->nblocks; b++)
        if (out_merge[b] == -2)
            out_merge[b] = -1;
    /* only partly: a known branch of P's own still goes to one of P's
     * successors (ppc branchgen 96225: `(a && b) || c` of P, c being G's
     * test, made as "bne" to the join for a && b, then G's code for c): P's
     * edges are split between its own branches and G's, in proportions the
     * IR does not give. Neither block's edges are then known from the IR
     * (shared, as mark_entered_midway marks them; their successors' heads
     * still run as often as all their IR entries) */
    for (size_t m = 0; m < mf->nblocks; m++) {
        int p = s->out_g[m];
        if (p < 0 || out_merge[p] < 0 || !s->out_known[m])
            continue;
        bool own = false;
        for (size_t k = 0; k < mf->blocks[m].nsucc && !own; k++) {
            int y = mc_arrives(s, mf->blocks[m].succ[k]);
            for (uint32_t e = 1; e < xf->nedges && !own && y >= 0 && y != out_merge[p]; e++)
                own = (int)xf->einfo[e].from == p && (int)xf->einfo[e].to == y;
        }
        if (!own)
            continue;
        int g = out_merge[p];
        out_merge[p] = -1;
        s->shared_g[p] = s->shared_g[g] = s->shared_other[p] = s->shared_other[g] = true;
    }
}

static uint64_t pair_key(int from, int to) { return (uint64_t)(uint32_t)from << 32 | (uint32_t)to; }

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The sorted table of the view's (from, to) pairs. */
static void index_pairs(struct irview *v)
{
    free(v->pairs);
    v->pairs = sup_xmalloc((v->n + 1) * sizeof *v->pairs);
    for (uint32_t e = 0; e < v->n; e++)
        v->pairs[e] = pair_key(v->from[e], v->to[e]);
    if (v->n)
        qsort(v->pairs, v->n, sizeof *v->pairs, cmp_u64);
    uint32_t k = 0;
    for (uint32_t e = 0; e < v->n; e++)
        if (!k || v->pairs[k - 1] != v->pairs[e])
            v->pairs[k++] = v->pairs[e];
    v->npairs = k;
}

bool mc_view_has_edge(const struct solver *s, int from, int to)
{
    uint64_t key = pair_key(from, to);
    return s->ir.npairs && bsearch(&key, s->ir.pairs, s->ir.npairs, sizeof key, cmp_u64) != NULL;
}

void mc_build_view(struct solver *s)
{
    const struct cnt_func *xf = s->xf;
    struct irview *v = &s->ir;
    int *merged_into = sup_xcalloc(xf->nblocks + 1, sizeof *merged_into);
    for (uint32_t b = 0; b < xf->nblocks; b++)
        merged_into[b] = -1;
    merged_cases(s, merged_into);
    merged_tails(s, merged_into);
    int *out_merge = sup_xcalloc(xf->nblocks + 1, sizeof *out_merge);
    for (uint32_t b = 0; b < xf->nblocks; b++)
        out_merge[b] = -1;
    merged_partial_tails(s, merged_into, out_merge);
    for (uint32_t e = 1; e < xf->nedges; e++) {
        int from = (int)xf->einfo[e].from, to = (int)xf->einfo[e].to;
        if (merged_into[from] >= 0)
            from = merged_into[from];
        else if (out_merge[from] >= 0)
            from = out_merge[from];
        if (merged_into[to] >= 0)
            to = merged_into[to];
        view_add(v, from, to, (double)xf->edges[e].count);
    }
    bool *present = sup_xcalloc(xf->nblocks + 1, sizeof *present);
    for (size_t m = 0; m < s->mf->nblocks; m++) {
        if (s->in_g[m] >= 0)
            present[s->in_g[m]] = true;
        if (s->out_g[m] >= 0)
            present[s->out_g[m]] = true;
    }
    for (uint32_t b = 0; b < xf->nblocks; b++)
        if (merged_into[b] >= 0)
            present[b] = true; /* its edges moved to the block it merged into */
    s->merged_into = merged_into;
    free(out_merge);
    for (uint32_t b = 1; b < xf->nblocks; b++) {
        if (present[b])
            continue;
        int nin = 0, nout = 0, pred = -1, succ = -1;
        for (uint32_t e = 0; e < v->n; e++) {
            if (v->to[e] == (int)b && v->from[e] != (int)b)
                nin++, pred = v->from[e];
            if (v->from[e] == (int)b && v->to[e] != (int)b)
                nout++, succ = v->to[e];
        }
        uint32_t n0 = v->n;
        if (nout == 1) {
            for (uint32_t e = 0; e < n0; e++)
                if (v->to[e] == (int)b && v->from[e] != (int)b)
                    view_add(v, v->from[e], succ, v->count[e]);
        } else if (nin == 1) {
            for (uint32_t e = 0; e < n0; e++)
                if (v->from[e] == (int)b && v->to[e] != (int)b)
                    view_add(v, pred, v->to[e], v->count[e]);
        } else {
            continue;
        }
        /* drop B's edges */
        uint32_t k = 0;
        for (uint32_t e = 0; e < v->n; e++)
            if (v->from[e] != (int)b && v->to[e] != (int)b) {
                v->from[k] = v->from[e];
                v->to[k] = v->to[e];
                v->count[k++] = v->count[e];
            }
        v->n = k;
    }
    free(present);
    index_pairs(v);
}

/* Whether machine block A dominates B (every path from the entry to B
 * passes through A). */
bool mc_dominates(const struct solver *s, int a, int b)
{
    return mc_block_dominates(s->mf, a, b);
}

/* The same on the blocks of MF alone. */
bool mc_block_dominates(const struct mfunc *mf, int a, int b)
{
    if (a == b || a == 0)
        return true;
    bool *seen = sup_xcalloc(mf->nblocks + 1, sizeof *seen);
    int *stack = sup_xmalloc((mf->nblocks + 1) * sizeof *stack);
    size_t sp = 0;
    stack[sp++] = 0;
    seen[0] = true;
    bool reached = false;
    while (sp && !reached) {
        int m = stack[--sp];
        reached = m == b;
        for (size_t k = 0; k < mf->blocks[m].nsucc && !reached; k++) {
            int t = mf->blocks[m].succ[k];
            if (t != a && !seen[t]) {
                seen[t] = true;
                stack[sp++] = t;
            }
        }
    }
    free(seen);
    free(stack);
    return !reached;
}
