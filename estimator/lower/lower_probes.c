/* lower_probes.c — before the program runs: the values machine branches test
 * that are no IR value of their own, as probes for the run to count
 * (estimator.h, eng_probe). Each probe comes with its uses: a machine block
 * whose branch runs exactly when the probe's value is in one set and is
 * taken exactly when it is in another (struct lower_probe_use; the rule in
 * lower_rules.c turns the counted histogram into the block's count and its
 * branch's split). The shapes read here:
 *  - a 64-bit order comparison on a 32-bit core tests whether the high words
 *    are equal before it compares the low words (RISC-V "beq a1, a3" around
 *    "sltu"): the probe is hi(a) == hi(b) at the comparison;
 *  - a switch lowered to a tree of compares: which interval between case
 *    values the value falls in (lower_switches.c);
 *  - a 64-bit order comparison made into a value with three branches on the
 *    PPC405: the order of its high and of its low words (lower_probes_wide.c);
 *  - the x86-64 division bypass: whether both operands of a 64-bit divide fit
 *    in 32 bits (lower_probes_div.c);
 *  - a narrow signed saturation clamped with two branches on the PPC405:
 *    where its exact result lies against the bounds (lower_probes_sat.c);
 *  - a branch on a select of comparisons made into three branches on RISC-V:
 *    the select's condition and value (lower_probes_select.c);
 *  - one IR block's compares made into diamonds on the PPC405: the outcome of
 *    each compare, every value's path followed (lower_probes_paths.c). */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A probe being built: its nodes, owned. */
uint32_t mc_probe_node(struct eng_probe *p, size_t *cap, struct eng_probe_node n)
{
    if (p->nnodes == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        p->nodes = sup_xrealloc((void *)p->nodes, *cap * sizeof *p->nodes);
    }
    ((struct eng_probe_node *)p->nodes)[p->nnodes] = n;
    return p->nnodes++;
}

/* The operands of IN split at ", " into OPS (at most MAX of them); their number, -1 when
 * there are more or one does not fit. */
int mc_insn_operands(const struct minsn *in, char (*ops)[16], int max)
{
    const char *o = in->ops;
    int n = 0;
    while (*o && n < max) {
        size_t len = strcspn(o, ",");
        while (len > 0 && o[len - 1] == ' ')
            len--;
        if (len == 0 || len >= sizeof ops[0])
            return -1;
        memcpy(ops[n], o, len);
        ops[n][len] = '\0';
        n++;
        o += strcspn(o, ",");
        if (*o == ',')
            o++;
        while (*o == ' ')
            o++;
    }
    return *o ? -1 : n;
}

static size_t add_probe(struct lower_probes *out, struct eng_probe p)
{
    out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
    out->probes[out->n] = p;
    return out->n++;
}

static void add_use(struct mfunc *f, size_t probe, size_t m, uint64_t run, uint64_t taken)
{
    f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
    f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
        .probe = (uint32_t)probe, .block = (int)m, .run = run, .taken = taken};
}

/* The registers a RISC-V branch compares ("beq a1, a3, L": a1 and a3; "beqz
 * a2, L": a2), or 0. */
static int branch_registers(const struct minsn *br, char regs[2][8])
{
    const char *o = br->ops;
    int n = 0;
    while (*o && n < 2) {
        size_t len = strcspn(o, ",");
        if (o[len] != ',')
            break; /* (the last operand is the target) */
        if (len == 0 || len >= sizeof regs[0])
            return 0;
        memcpy(regs[n], o, len);
        regs[n][len] = '\0';
        n++;
        o += len + 1;
        while (*o == ' ')
            o++;
    }
    return n;
}

/* Whether the last write of register REG before instruction K of block M
 * (in M, or in the blocks before it along single predecessors) makes a
 * boolean (RISC-V set-on-compare, "xori r, r, 1", "andi r, r, 1") or a value
 * made of one ("and", "or", "xor" of registers one of which holds a boolean:
 * "seqz a4, a2; and a5, a4, a3" is no word of a compared value, riscv32
 * branchgen 97591); *KNOWN: whether that write was found. DEPTH bounds the
 * operands followed. */
static bool makes_boolean_at(const struct mfunc *f, size_t m, size_t k, const char *reg, bool *known, int depth)
{
    static const char *const sets[] = {"slt", "sltu", "slti", "sltiu", "seqz", "snez", "sltz", "sgtz", NULL};
    size_t n = strlen(reg);
    for (int hops = 0; hops < 4; hops++) {
        const struct mblock *b = &f->blocks[m];
        for (size_t j = k; j-- > 0;) {
            const struct minsn *in = &b->insns[j];
            const char *mn = in->mnemonic;
            if (mn[0] == 'b' || mn[0] == 'j' || !strcmp(mn, "sw") || !strcmp(mn, "sh") || !strcmp(mn, "sb") ||
                strncmp(in->ops, reg, n) || in->ops[n] != ',')
                continue; /* (does not write REG) */
            *known = true;
            for (const char *const *s = sets; *s; s++)
                if (!strcmp(mn, *s))
                    return true;
            size_t ol = strlen(in->ops);
            if ((!strcmp(mn, "xori") || !strcmp(mn, "andi")) && ol > 3 && !strcmp(in->ops + ol - 3, ", 1"))
                return true;
            char o[3][16];
            if ((!strcmp(mn, "and") || !strcmp(mn, "or") || !strcmp(mn, "xor")) && depth > 0 &&
                mc_insn_operands(in, o, 3) == 3)
                for (int i = 1; i < 3; i++) {
                    bool k2 = false;
                    if (strcmp(o[i], "zero") && makes_boolean_at(f, m, j, o[i], &k2, depth - 1))
                        return true;
                }
            return false;
        }
        if (b->npred != 1)
            break;
        m = (size_t)b->pred[0];
        k = f->blocks[m].ninsns;
    }
    *known = false;
    return false;
}

bool mc_rv_makes_boolean(const struct mfunc *f, size_t m, size_t k, const char *reg, bool *known)
{
    return makes_boolean_at(f, m, k, reg, known, 4);
}

/* The IR instructions of FN by ordinal (1-based), as the provenance locations number them. */
static LLVMValueRef *ordinals(LLVMValueRef fn, size_t *n)
{
    size_t k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            k++;
    LLVMValueRef *ord = sup_xcalloc(k + 2, sizeof *ord);
    *n = k;
    k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            ord[++k] = i;
    return ord;
}

static const char *block_name(LLVMValueRef inst)
{
    size_t len;
    return LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(inst)), &len);
}

/* Whether an operand of comparison CMP is the extended value of another
 * 64-bit order comparison, or CMP's value one of another's operands ("(c:b) <u sext(c)" made 0 or 1, then compared
 * with sext(b16)): code generation makes both comparisons' high-word tests
 * in one block and the branch may carry either's location (branchgen seed
 * 73001 on rv32: "beq c, sign(c)" with the outer comparison's), so which
 * words it tests is not known. */
static bool compares_wide_flag(LLVMValueRef cmp)
{
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef v = LLVMGetOperand(cmp, k);
        if (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v))
            v = LLVMGetOperand(v, 0);
        if (mc_wide_order_compare(v))
            return true;
    }
    /* ... or CMP's value is such an operand (the branch may be the other's) */
    for (LLVMUseRef u = LLVMGetFirstUse(cmp); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef x = LLVMGetUser(u);
        if (!LLVMIsAZExtInst(x) && !LLVMIsASExtInst(x))
            continue;
        for (LLVMUseRef w = LLVMGetFirstUse(x); w; w = LLVMGetNextUse(w))
            if (mc_wide_order_compare(LLVMGetUser(w)))
                return true;
    }
    return false;
}

/* RISC-V: the high-word test of a 64-bit order comparison. */
static void wide_compares(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    if (!triple || strncmp(triple, "riscv32", 7))
        return;
    size_t nord = 0;
    LLVMValueRef *ord = NULL;
    LLVMValueRef *seen = NULL; /* the comparisons probed, by probe */
    size_t *seen_probe = NULL, nseen = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        const struct minsn *br = NULL;
        size_t k = b->ninsns;
        while (k-- > 0 && !br)
            if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH)
                br = &b->insns[k];
        k++;
        if (!br || b->nsucc != 2 || br->src_col != ENG_PROVENANCE_COLUMN || !br->src_line || !b->ir_name)
            continue;
        char sense = mc_branch_sense(br->mnemonic);
        if (sense != 'e' && sense != 'n')
            continue;
        if (!ord)
            ord = ordinals(fn, &nord);
        if (br->src_line > nord)
            continue;
        LLVMValueRef cmp = ord[br->src_line];
        if (!mc_wide_order_compare(cmp) || LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(cmp, 0))) != 64 ||
            strcmp(block_name(cmp), b->ir_name) || compares_wide_flag(cmp))
            continue;
        /* the registers it compares hold words, not a boolean made of them (the
         * comparison's value, tested after the high-word diamond) */
        char regs[2][8];
        int nr = branch_registers(br, regs);
        bool words = nr > 0;
        for (int r = 0; r < nr && words; r++) {
            bool known = false;
            words = strcmp(regs[r], "zero") && !mc_rv_makes_boolean(f, m, k, regs[r], &known) && known;
        }
        if (!words)
            continue;
        /* the test copied into another block (tail duplication of the code
         * after a select made into a diamond, riscv32 branchgen 71005: "bne
         * a3, a6" and its copy "beq a3, a6" in an unnamed block): this one
         * runs on some paths only */
        bool copied = false;
        for (size_t o = 0; o < f->nblocks && !copied; o++)
            for (size_t j = 0; j < f->blocks[o].ninsns && !copied && o != m; j++) {
                const struct minsn *in = &f->blocks[o].insns[j];
                copied = in->isa && in->isa->kind == ISA_COND_BRANCH && in->src_col == ENG_PROVENANCE_COLUMN &&
                         in->src_line == br->src_line;
            }
        if (copied)
            continue;
        size_t probe = SIZE_MAX;
        for (size_t q = 0; q < nseen && probe == SIZE_MAX; q++)
            if (seen[q] == cmp)
                probe = seen_probe[q];
        if (probe == SIZE_MAX) {
            struct eng_probe p = {.at = cmp};
            size_t cap = 0;
            uint32_t a = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64,
                                                                 .value = LLVMGetOperand(cmp, 0)});
            uint32_t c = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64,
                                                                 .value = LLVMGetOperand(cmp, 1)});
            uint32_t ha = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = a});
            uint32_t hc = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = c});
            mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntEQ, .a = ha, .b = hc});
            probe = add_probe(out, p);
            seen = sup_xrealloc(seen, (nseen + 1) * sizeof *seen);
            seen_probe = sup_xrealloc(seen_probe, (nseen + 1) * sizeof *seen_probe);
            seen[nseen] = cmp;
            seen_probe[nseen++] = probe;
        }
        /* value 1: the high words are equal */
        add_use(f, probe, m, 3, sense == 'e' ? 2 : 1);
    }
    free(ord);
    free(seen);
    free(seen_probe);
}

void lower_probe_requests(struct mmodule *mm, LLVMModuleRef m, struct lower_probes *out)
{
    memset(out, 0, sizeof *out);
    const char *triple = LLVMGetTarget(m);
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        struct mfunc *f = &mm->funcs[fi];
        LLVMValueRef fn = LLVMGetNamedFunction(m, f->name);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        wide_compares(f, fn, triple, out);
        lower_switch_probes(f, fn, triple, out);
        lower_wide_value_probes(f, fn, triple, out);
        lower_division_probes(f, fn, triple, out);
        lower_saturation_probes(f, fn, triple, out);
        lower_select_branch_probes(f, fn, triple, out);
        lower_path_probes(f, fn, triple, out);
    }
}

void lower_probes_free(struct lower_probes *p)
{
    for (size_t i = 0; i < p->n; i++)
        free((void *)p->probes[i].nodes);
    free(p->probes);
    memset(p, 0, sizeof *p);
}
