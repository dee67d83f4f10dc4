/* lower_probes_wide.c — before the run: a 64-bit order comparison made into a
 * value on a 32-bit PowerPC without conditional moves (PPC405). Type
 * legalisation makes "a <P b" into hi(a) == hi(b) ? lo(a) <u lo(b) :
 * hi(a) <P hi(b), and each select becomes a branch:
 *
 *     cmplw crX, ah, bh ; li rH, 1 ; bgt crX, 1f ; li rH, 0 ; 1:   (high words)
 *     cmplw crY, al, bl ; li rL, 1 ; bgt crY, 2f ; li rL, 0 ; 2:   (low words)
 *     beq crX, 3f ; mr rL, rH ; 3:                                 (highs equal)
 *
 * in any layout the block placement chooses (arms moved to the function's
 * end, compares repeated, conditional returns). None of these branches tests
 * an IR value. The probe is what they test: the three-way order of the high
 * words (signed when the comparison is) and of the low words (unsigned), one
 * of nine cases (struct lower_probe_use: each block runs and each branch is
 * taken on a set of them).
 *
 * Which case sends which block where is not taken on trust from locations:
 * the region (the blocks from the first branch with the comparison's
 * location, through blocks of moves and branches on its compares' fields) is
 * run on each of the nine cases under every reading of its compares (each
 * compares the high or the low words, in one order or the other; two
 * compares of the same unchanged registers read alike), with the constants
 * li and mr move. A reading is kept when some register leaves the region
 * holding the comparison or its complement on all nine cases; the uses are
 * made only when every kept reading gives every block the same cases, and the
 * region is entered at its first block only and holds every branch located
 * at the comparison (none was duplicated elsewhere).
 *
 * The run goes on through the tests of the value made ("cmplwi r8, 0; bne":
 * a select choosing each word of its value by a branch), their fields known
 * from the register's value on each case (`follow`, tried first); reads a
 * word tested against 0 without a branch ("addic; subfe") from the region's
 * compare of that word against 0, and a compare against the constant's word
 * minus or plus one through the order; leaves out the cases no operand gives
 * against a constant (tried first; all nine after). The instructions are
 * read by lower_ppc_insns.c.
 *
 * The same run reads an i1 value made of comparisons of register-sized
 * values (a select or and/or of them: "w1 == w2 ? i1 <= i2 : w1 >= w2", a
 * lexicographic order of two keys): the probe is the three-way order of each
 * pair of values compared (at most three pairs), each compare reads the pair
 * its location names, in either order, and the value made is checked against
 * the IR's on every case; the value may also be told by where the region
 * ends (its two sides). */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "lower_ppc.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A three-way order; the probe's value holds one per pair, two bits each
 * (the wide comparison: the high words' in bits 0-1, the low words' in 2-3). */
enum { W_LT = 1, W_GT = 2, W_EQ = 0 };


/* the three-way result of one word in the compare's operand order */
static unsigned word_order(unsigned cell_word, bool swapped)
{
    return swapped && cell_word ? 3 - cell_word : cell_word;
}

static bool taken_on(unsigned cond, unsigned order)
{
    return (cond >> (order ? order - 1 : 2)) & 1;
}

/* the comparison's value on a cell (P over a, b: high words with its signedness) */
static bool predicate_on(LLVMIntPredicate p, unsigned h, unsigned l)
{
    switch (p) {
    case LLVMIntULT: case LLVMIntSLT: return h == W_LT || (h == W_EQ && l == W_LT);
    case LLVMIntULE: case LLVMIntSLE: return h == W_LT || (h == W_EQ && l != W_GT);
    case LLVMIntUGT: case LLVMIntSGT: return h == W_GT || (h == W_EQ && l == W_GT);
    default: return h == W_GT || (h == W_EQ && l != W_LT);
    }
}

static bool is_signed(LLVMIntPredicate p)
{
    return p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
}

/* the probe of comparison CMP: bits of the cell */
static struct eng_probe wide_probe(LLVMValueRef cmp)
{
    struct eng_probe p = {.at = cmp};
    size_t cap = 0;
    bool sg = is_signed(LLVMGetICmpPredicate(cmp));
    uint32_t a = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(cmp, 0)});
    uint32_t b = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(cmp, 1)});
    uint32_t ha = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = a});
    uint32_t hb = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = b});
    uint32_t bit[4] = {
        mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = sg ? LLVMIntSLT : LLVMIntULT, .a = ha, .b = hb}),
        mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = sg ? LLVMIntSGT : LLVMIntUGT, .a = ha, .b = hb}),
        mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntULT, .a = a, .b = b}),
        mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntUGT, .a = a, .b = b})};
    uint32_t zero = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 8, .imm = 0});
    uint32_t acc = bit[0];
    for (int i = 1; i < 4; i++) {
        uint32_t w = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 8, .imm = 1u << i});
        uint32_t s = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_SELECT, .width = 8, .a = bit[i], .b = w, .c = zero});
        acc = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_OR, .width = 8, .a = acc, .b = s});
    }
    return p;
}

static void add_use(struct mfunc *f, size_t probe, size_t m, uint64_t run, uint64_t taken)
{
    f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
    f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
        .probe = (uint32_t)probe, .block = (int)m, .run = run, .taken = taken};
}

/* The IR instruction whose location IN carries, or NULL. */
static LLVMValueRef located_exactly(const struct minsn *in, LLVMValueRef *ord, size_t nord)
{
    return in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= nord ? ord[in->src_line] : NULL;
}

/* The 64-bit order comparison whose location branch BR carries: its own, or
 * that of a select or an extension of it; NULL when none. */
static LLVMValueRef located_compare(const struct minsn *br, LLVMValueRef *ord, size_t nord)
{
    if (br->src_col != ENG_PROVENANCE_COLUMN || !br->src_line || br->src_line > nord)
        return NULL;
    LLVMValueRef v = ord[br->src_line];
    if (v && (LLVMIsASelectInst(v) || LLVMIsAZExtInst(v) || LLVMIsASExtInst(v)) && LLVMIsAICmpInst(LLVMGetOperand(v, 0)))
        v = LLVMGetOperand(v, 0); /* (the value made of the comparison) */
    if (!mc_wide_order_compare(v) || LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0))) != 64)
        return NULL;
    return v;
}

/* ---- the region's code run on each of the nine cases -------------------- */

#define MAX_CMPS 4
#define MAX_REGS 12
#define MAX_STEPS 48


/* What the run of the region knows of a register or field: a constant, or nothing. */
struct sim_reg {
    char name[16];
    bool known;
    long long v;
};
struct sim {
    const struct mfunc *f;
    LLVMValueRef cmp;
    LLVMValueRef *ord;
    size_t nord;
    size_t entry;
    const char *ir_name;
    /* the compares with the comparison's location, in the order met */
    size_t cmp_block[MAX_CMPS], cmp_k[MAX_CMPS];
    bool cmp_logical[MAX_CMPS];
    char cmp_ops[MAX_CMPS][2][16];
    int cmp_same[MAX_CMPS];     /* an earlier compare of the same registers, unchanged between: same role; or -1 */
    size_t ncmps;
    /* registers li and mr write */
    char regs[MAX_REGS][16];
    size_t nregs;
    bool init_known[MAX_REGS];  /* the constant each holds on entry, if one */
    long long init[MAX_REGS];
    /* an i1 value made of comparisons of register-sized values (logic): the
     * value, its i1 operands and comparisons (SET); the operand pairs they
     * order (keys: each compare reads one, in either order) */
    bool logic;
    /* the value made, tested: a compare of a register the region writes with an
     * immediate ("cmplwi r8, 0; bne": a select on the comparison choosing each
     * word of its value by a branch) is run too, its field known on each case */
    bool follow;
    /* every case run, also those no operand gives (main's way before the
     * feasible cases: kept where it alone finds one reading) */
    bool all_cells;
    LLVMValueRef set[16];
    size_t nset;
    LLVMValueRef key_a[3], key_b[3];
    bool key_signed[3], key_order[3];
    unsigned key_bits[3];
    size_t nkeys;
    int cmp_key[MAX_CMPS];
};

/* The key of the comparison whose location compare IN carries (0 for the
 * 64-bit comparison's), or -1. */
static int sim_compare_key(const struct sim *s, const struct minsn *in)
{
    LLVMValueRef v = located_exactly(in, s->ord, s->nord);
    if (!v)
        return -1;
    if (!s->logic)
        return v == s->cmp ? 0 : -1;
    if (!LLVMIsAICmpInst(v))
        return -1;
    for (size_t i = 0; i < s->nset; i++)
        if (s->set[i] == v)
            for (size_t k = 0; k < s->nkeys; k++) {
                LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
                if ((a == s->key_a[k] && b == s->key_b[k]) || (a == s->key_b[k] && b == s->key_a[k]))
                    return (int)k;
            }
    return -1;
}

/* Whether branch IN carries the location of the value (or of a part of it). */
static bool sim_located(const struct sim *s, const struct minsn *in)
{
    if (!s->logic)
        return located_compare(in, s->ord, s->nord) == s->cmp;
    LLVMValueRef v = located_exactly(in, s->ord, s->nord);
    for (size_t i = 0; i < s->nset && v; i++)
        if (s->set[i] == v)
            return true;
    return false;
}


/* Whether block M belongs to the region: its conditional branch carries the
 * comparison's location, or it only moves constants and registers. */
static bool in_region(const struct sim *s, size_t m)
{
    const struct mblock *b = &s->f->blocks[m];
    if (!b->ir_name || strcmp(b->ir_name, s->ir_name))
        return false;
    bool plain = true, located = false;
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        char cr[8];
        bool ret;
        if (mc_ppc_cond_of(in, cr, &ret))
            located |= sim_located(s, in);
        else if (mc_ppc_is_compare(in->mnemonic) && sim_compare_key(s, in) >= 0)
            continue;
        else if (s->follow && mc_ppc_is_flag_test(in))
            continue;
        else if (strcmp(in->mnemonic, "li") && strcmp(in->mnemonic, "mr") && strcmp(in->mnemonic, "b") &&
                 strcmp(in->mnemonic, "blr") && strcmp(in->mnemonic, "nop"))
            plain = false;
    }
    return located || (plain && b->ninsns <= 4);
}


/* How far the immediate compare C of the 64-bit comparison (the register
 * first) is from the IR constant's word it reads as KEY (0 high, 1 low):
 * "cmplwi lo, 9" for "x <u 10" is -1 (its "bgt" is the order's "not below").
 * 0 when it is that word, or either side is not a constant; 2 when the
 * reading is impossible (the constant read as the register) or the distance
 * is more than one. */
static int immediate_offset(const struct sim *s, size_t c, unsigned key, bool sw)
{
    char *end;
    long long imm = strtoll(s->cmp_ops[c][1], &end, 0);
    if (*end || !s->cmp_ops[c][1][0])
        return 0;
    LLVMValueRef a = LLVMGetOperand(s->cmp, 0), b = LLVMGetOperand(s->cmp, 1);
    LLVMValueRef k = LLVMIsAConstantInt(b) ? b : LLVMIsAConstantInt(a) ? a : NULL;
    if (!k && s->logic)
        return 0;
    if (!k) {
        /* no constant operand, yet an immediate: the word it stands for is one
         * the back end knows, the high word of a zero-extended 32-bit value
         * (ppc branchgen 77278: "x <=s zext(y)" as "cmpwi hi, 1; blt", the high
         * words' order and equality at once); anything else, not read */
        LLVMValueRef o = sw ? a : b;
        bool zero_high = key == 0 && LLVMIsAZExtInst(o) &&
                         LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(o, 0))) <= 32;
        if (!zero_high)
            return 2;
        long long iv = s->cmp_logical[c] ? (long long)(uint32_t)imm : (long long)(int32_t)imm;
        return iv == 0 ? 0 : iv == -1 ? -1 : iv == 1 ? 1 : 2;
    }
    if ((k == b) == sw)
        return 2; /* (the reading puts the constant on the register's side) */
    unsigned long long cv = LLVMConstIntGetZExtValue(k);
    uint32_t word = (uint32_t)(key == 0 ? cv >> 32 : cv);
    long long wv = s->cmp_logical[c] ? (long long)word : (long long)(int32_t)word;
    long long iv = s->cmp_logical[c] ? (long long)(uint32_t)imm : (long long)(int32_t)imm;
    long long d = iv - wv;
    return d == 0 ? 0 : d == -1 ? -1 : d == 1 ? 1 : 2;
}

static int reg_index(struct sim *s, const char *name, bool add)
{
    for (size_t i = 0; i < s->nregs; i++)
        if (!strcmp(s->regs[i], name))
            return (int)i;
    if (!add || s->nregs == MAX_REGS)
        return -1;
    strcpy(s->regs[s->nregs], name);
    return (int)s->nregs++;
}

/* The constant register REG holds on entry to block M on every path into it
 * (an "li" met before any other write, through at most 64 blocks); false
 * when some path writes it otherwise or is not followed that far. */
static bool entry_constant(const struct mfunc *f, size_t m, const char *reg, long long *v, bool *have, size_t *seen,
                           size_t *nseen)
{
    for (size_t i = 0; i < *nseen; i++)
        if (seen[i] == m)
            return true; /* (a cycle brings back what enters it) */
    if (*nseen == 64 || f->blocks[m].npred == 0)
        return false;
    seen[(*nseen)++] = m;
    for (size_t p = 0; p < f->blocks[m].npred; p++) {
        const struct mblock *b = &f->blocks[f->blocks[m].pred[p]];
        bool written = false;
        for (size_t k = b->ninsns; k-- > 0 && !written;) {
            const struct minsn *in = &b->insns[k];
            if (!mc_ppc_writes_reg(in, reg))
                continue;
            char ops[4][16], *end;
            if (strcmp(in->mnemonic, "li") || mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0])) != 2 || strcmp(ops[0], reg))
                return false;
            long long k2 = strtoll(ops[1], &end, 0);
            if (*end || (*have && *v != k2))
                return false;
            *v = k2, *have = true, written = true;
        }
        if (!written && !entry_constant(f, (size_t)f->blocks[m].pred[p], reg, v, have, seen, nseen))
            return false;
    }
    return true;
}

/* The outcome of walking the region on one case under one reading of its
 * compares (ROLE[i]: bit 0 the low words, bit 1 operands swapped). */
struct walk {
    bool ok;
    int exit_to;            /* the block the region leaves to, or -1: returns */
    long long val[MAX_REGS];
    bool known[MAX_REGS];
    size_t visited[MAX_STEPS], nvisited;
    bool taken[MAX_STEPS];
    bool tested;            /* a flag test read a register (follow): its value */
    long long tested_val;
};

static void walk_case(struct sim *s, const unsigned *role, const unsigned *tw, LLVMIntPredicate pred,
                      struct walk *w)
{
    const struct mfunc *f = s->f;
    memset(w, 0, sizeof *w);
    for (size_t r = 0; r < s->nregs; r++)
        w->known[r] = s->init_known[r], w->val[r] = s->init[r];
    int crcmp[8];   /* field -> compare index, or -1 */
    int crconst[8]; /* field -> the three-way order a flag test set (follow), or -1 */
    for (int i = 0; i < 8; i++)
        crcmp[i] = crconst[i] = -1;
    size_t m = s->entry;
    for (;;) {
        if (w->nvisited == MAX_STEPS)
            return;
        for (size_t i = 0; i < w->nvisited; i++)
            if (w->visited[i] == m)
                return; /* (a loop: not this shape) */
        size_t step = w->nvisited++;
        w->visited[step] = m;
        const struct mblock *b = &f->blocks[m];
        int next = -2; /* -2: fall through */
        for (size_t k = 0; k < b->ninsns && next == -2; k++) {
            const struct minsn *in = &b->insns[k];
            char cr[8];
            bool ret;
            unsigned cond = mc_ppc_cond_of(in, cr, &ret);
            if (cond) {
                int field = cr[2] - '0';
                if (field < 0 || field > 7 || (crcmp[field] < 0 && crconst[field] < 0))
                    return;
                if (crcmp[field] < 0) {
                    bool t = taken_on(cond, (unsigned)crconst[field]);
                    w->taken[step] = t;
                    if (t)
                        next = ret ? -1 : in->target;
                    if (t && !ret && in->target < 0)
                        return;
                    continue;
                }
                int c = crcmp[field];
                unsigned key = s->logic ? (unsigned)s->cmp_key[c] : role[c] & 1;
                bool sw = s->logic ? role[c] & 1 : role[c] >> 1 & 1;
                bool sgn = s->logic ? s->key_signed[key] : key == 0 && is_signed(pred);
                /* a compare that orders the words with the other signedness only tests equality */
                if (cond != 3 && cond != 4 && s->cmp_logical[c] == sgn)
                    return;
                unsigned order = word_order(tw[key], sw);
                bool t;
                int adj = s->logic ? 0 : immediate_offset(s, (size_t)c, key, sw);
                if (adj == 0)
                    t = taken_on(cond, order);
                else if (adj == -1 && (cond == 2 || cond == 5))
                    t = (cond == 2) == (order != W_LT); /* (x > k-1: x >= k) */
                else if (adj == 1 && (cond == 1 || cond == 6))
                    t = (cond == 1) == (order != W_GT); /* (x < k+1: x <= k) */
                else
                    return; /* (a test the order against the IR's constant does not decide) */
                w->taken[step] = t;
                if (t)
                    next = ret ? -1 : in->target;
                if (t && !ret && in->target < 0)
                    return;
                continue;
            }
            if (!strcmp(in->mnemonic, "b")) {
                if (in->target < 0)
                    return;
                next = in->target;
                continue;
            }
            if (!strcmp(in->mnemonic, "blr")) {
                next = -1;
                continue;
            }
            if (in->isa && in->isa->kind != ISA_ALU && in->isa->kind != ISA_LOAD && in->isa->kind != ISA_STORE &&
                in->isa->kind != ISA_NOP)
                return; /* (calls, jumps elsewhere) */
            /* the fields it writes */
            for (int i = 0; i < 8; i++) {
                char name[8] = "cr0";
                name[2] = (char)('0' + i);
                if (mc_ppc_writes_cr(in, name))
                    crcmp[i] = crconst[i] = -1;
            }
            char freg[16];
            long long fimm;
            int ffield;
            bool flogical;
            if (s->follow && sim_compare_key(s, in) < 0 && mc_ppc_flag_test(in, freg, &fimm, &ffield, &flogical)) {
                int r = reg_index(s, freg, false);
                if (r < 0 || !w->known[r])
                    return; /* (a value the run does not know) */
                long long a = flogical ? (long long)(uint32_t)w->val[r] : (long long)(int32_t)w->val[r];
                long long b = flogical ? (long long)(uint32_t)fimm : (long long)(int32_t)fimm;
                crconst[ffield] = a < b ? W_LT : a > b ? W_GT : W_EQ;
                if (!w->tested)
                    w->tested = true, w->tested_val = w->val[r];
            }
            if (mc_ppc_is_compare(in->mnemonic)) {
                char ops[4][16];
                int n = mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0]));
                int field = n == 3 && !strncmp(ops[0], "cr", 2) ? ops[0][2] - '0' : 0;
                for (size_t c = 0; c < s->ncmps && field >= 0 && field <= 7; c++)
                    if (s->cmp_block[c] == m && s->cmp_k[c] == k)
                        crcmp[field] = (int)c;
            }
            /* a word tested against 0 without a branch ("addic; subfe"): known
             * where a compare of the region ordered that word against 0 in this
             * block, the word unchanged since */
            char zops[4][16];
            bool zknown = false;
            long long zval = 0;
            if (!s->logic && mc_ppc_nonzero_test(b, k, zops))
                for (size_t c = 0; c < s->ncmps && !zknown; c++) {
                    if (s->cmp_block[c] != m || s->cmp_k[c] >= k || strcmp(s->cmp_ops[c][0], zops[2]) ||
                        strcmp(s->cmp_ops[c][1], "0"))
                        continue;
                    bool kept = true;
                    for (size_t j = s->cmp_k[c] + 1; j < k && kept; j++)
                        kept = !mc_ppc_writes_reg(&b->insns[j], zops[2]);
                    if (kept)
                        zknown = true, zval = word_order(tw[role[c] & 1], role[c] >> 1 & 1) != W_EQ;
                }
            /* the registers it writes */
            char ops[4][16];
            int n = mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0]));
            bool li = !strcmp(in->mnemonic, "li") && n == 2, mr = !strcmp(in->mnemonic, "mr") && n == 2;
            for (size_t r = 0; r < s->nregs; r++)
                if (mc_ppc_writes_reg(in, s->regs[r])) {
                    w->known[r] = false;
                    if (li && !strcmp(ops[0], s->regs[r])) {
                        char *end;
                        long long v = strtoll(ops[1], &end, 0);
                        w->known[r] = !*end;
                        w->val[r] = v;
                    } else if (mr && !strcmp(ops[0], s->regs[r])) {
                        int from = reg_index(s, ops[1], false);
                        if (from >= 0) {
                            w->known[r] = w->known[from];
                            w->val[r] = w->val[from];
                        }
                    } else if (zknown && !strcmp(ops[0], s->regs[r])) {
                        w->known[r] = true;
                        w->val[r] = zval;
                    }
                }
        }
        if (next == -1) {
            w->exit_to = -1;
            w->ok = true;
            return;
        }
        if (next == -2) /* (what does not branch was read above: calls, returns and jumps end the walk) */
            next = (int)m + 1;
        if ((size_t)next >= f->nblocks)
            return;
        bool leave = !in_region(s, (size_t)next);
        /* a block of moves whose branch tests no field the region's compares set is past it */
        const struct mblock *nbk = &f->blocks[next];
        for (size_t k = 0; k < nbk->ninsns && !leave; k++) {
            char cr[8];
            bool r;
            if (mc_ppc_cond_of(&nbk->insns[k], cr, &r))
                leave = cr[2] < '0' || cr[2] > '7' || (crcmp[cr[2] - '0'] < 0 && crconst[cr[2] - '0'] < 0);
            else if (s->follow && sim_compare_key(s, &nbk->insns[k]) < 0 && mc_ppc_is_flag_test(&nbk->insns[k]))
                break; /* (a test of the value made: run) */
            else if (mc_ppc_is_compare(nbk->insns[k].mnemonic) && sim_compare_key(s, &nbk->insns[k]) < 0)
                leave = true; /* (a compare of something else: the value made, tested) */
            else if (mc_ppc_is_compare(nbk->insns[k].mnemonic))
                break; /* (the fields it sets are the region's) */
        }
        if (leave) {
            /* the moves that open the block left still make the value ("mr r25, r22;
             * cmplwi r25, 0": its test) */
            for (size_t k = 0; k < nbk->ninsns; k++) {
                const struct minsn *in = &nbk->insns[k];
                char ops[4][16];
                bool li = !strcmp(in->mnemonic, "li"), mr = !strcmp(in->mnemonic, "mr");
                if ((!li && !mr) || mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0])) != 2)
                    break;
                int d = reg_index(s, ops[0], false);
                if (d < 0)
                    continue;
                if (li) {
                    char *end;
                    w->val[d] = strtoll(ops[1], &end, 0);
                    w->known[d] = !*end;
                } else {
                    int from = reg_index(s, ops[1], false);
                    w->known[d] = from >= 0 && w->known[from];
                    w->val[d] = from >= 0 ? w->val[from] : 0;
                }
            }
            w->exit_to = next;
            w->ok = true;
            return;
        }
        m = (size_t)next;
    }
}

/* The i1 value V of the logic region on the case TW (the three-way order of
 * each key's pair), or -1 when V is not made of its comparisons alone. */
static int eval_logic(const struct sim *s, LLVMValueRef v, const unsigned *tw, int depth)
{
    if (LLVMIsAConstantInt(v))
        return (int)(LLVMConstIntGetZExtValue(v) & 1);
    if (depth > 8 || !LLVMIsAInstruction(v))
        return -1;
    if (LLVMIsAICmpInst(v)) {
        LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
        for (size_t k = 0; k < s->nkeys; k++) {
            unsigned t;
            if (a == s->key_a[k] && b == s->key_b[k])
                t = tw[k];
            else if (a == s->key_b[k] && b == s->key_a[k])
                t = word_order(tw[k], true);
            else
                continue;
            switch (LLVMGetICmpPredicate(v)) {
            case LLVMIntEQ: return t == W_EQ;
            case LLVMIntNE: return t != W_EQ;
            case LLVMIntULT: case LLVMIntSLT: return t == W_LT;
            case LLVMIntULE: case LLVMIntSLE: return t != W_GT;
            case LLVMIntUGT: case LLVMIntSGT: return t == W_GT;
            default: return t != W_LT;
            }
        }
        return -1;
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMSelect) {
        int c = eval_logic(s, LLVMGetOperand(v, 0), tw, depth + 1);
        return c < 0 ? -1 : eval_logic(s, LLVMGetOperand(v, c ? 1 : 2), tw, depth + 1);
    }
    if (op != LLVMAnd && op != LLVMOr && op != LLVMXor)
        return -1;
    int x = eval_logic(s, LLVMGetOperand(v, 0), tw, depth + 1), y = eval_logic(s, LLVMGetOperand(v, 1), tw, depth + 1);
    if (x < 0 || y < 0)
        return -1;
    return op == LLVMAnd ? x & y : op == LLVMOr ? x | y : x ^ y;
}

/* the probe of a logic region: bits 2k, 2k+1 the order of key k's pair */
static struct eng_probe logic_probe(const struct sim *s)
{
    struct eng_probe p = {.at = s->cmp};
    size_t cap = 0;
    uint32_t acc = 0, zero = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 8, .imm = 0});
    acc = zero;
    for (size_t k = 0; k < s->nkeys; k++) {
        unsigned w = s->key_bits[k];
        bool sg = s->key_signed[k];
        uint32_t a = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = w, .value = s->key_a[k]});
        uint32_t b = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = w, .value = s->key_b[k]});
        uint32_t bit[2] = {
            mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = w, .imm = sg ? LLVMIntSLT : LLVMIntULT, .a = a, .b = b}),
            mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = w, .imm = sg ? LLVMIntSGT : LLVMIntUGT, .a = a, .b = b})};
        for (int i = 0; i < 2; i++) {
            uint32_t c = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 8, .imm = (uint64_t)(i + 1) << (2 * k)});
            uint32_t sel = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_SELECT, .width = 8, .a = bit[i], .b = c, .c = zero});
            acc = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_OR, .width = 8, .a = acc, .b = sel});
        }
    }
    return p;
}

/* The parts of the logic value V (in block BB): its i1 operands and the
 * comparisons of register-sized integers they are made of, their
 * operand pairs as keys. False when V is made of anything else. */
static bool collect_logic(struct sim *s, LLVMValueRef v, LLVMBasicBlockRef bb, int depth)
{
    if (LLVMIsAConstantInt(v))
        return true;
    if (depth > 6 || !LLVMIsAInstruction(v) || LLVMGetInstructionParent(v) != bb || s->nset == 16)
        return false;
    for (size_t i = 0; i < s->nset; i++)
        if (s->set[i] == v)
            return true;
    s->set[s->nset++] = v;
    if (LLVMIsAICmpInst(v)) {
        LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
        LLVMTypeRef t = LLVMTypeOf(a);
        /* (integers only: the engine's pointers are not the core's addresses) */
        unsigned w = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
        if (!w || w > 32)
            return false;
        LLVMIntPredicate p = LLVMGetICmpPredicate(v);
        bool order = p != LLVMIntEQ && p != LLVMIntNE;
        size_t k = 0;
        while (k < s->nkeys && !((a == s->key_a[k] && b == s->key_b[k]) || (a == s->key_b[k] && b == s->key_a[k])))
            k++;
        if (k == s->nkeys) {
            if (k == 3)
                return false;
            s->key_a[k] = a, s->key_b[k] = b, s->key_bits[k] = w, s->key_order[k] = false, s->key_signed[k] = false;
            s->nkeys++;
        }
        if (order) {
            if (s->key_order[k] && s->key_signed[k] != is_signed(p))
                return false; /* (one pair ordered both ways: cases the machine may not tell apart) */
            s->key_order[k] = true, s->key_signed[k] = is_signed(p);
        }
        return true;
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (LLVMTypeOf(v) != LLVMInt1TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v))))
        return false;
    if (op == LLVMSelect)
        return collect_logic(s, LLVMGetOperand(v, 0), bb, depth + 1) && collect_logic(s, LLVMGetOperand(v, 1), bb, depth + 1) &&
               collect_logic(s, LLVMGetOperand(v, 2), bb, depth + 1);
    if (op == LLVMAnd || op == LLVMOr || op == LLVMXor)
        return collect_logic(s, LLVMGetOperand(v, 0), bb, depth + 1) && collect_logic(s, LLVMGetOperand(v, 1), bb, depth + 1);
    return false;
}

/* Whether the 64-bit comparison CMP with a constant operand can give the
 * orders TW of its high and low words: not "below" a word that is the least
 * value ("x <u 10": the high words never order x's below 0), not "above" the
 * largest. */
static bool feasible(LLVMValueRef cmp, const unsigned *tw)
{
    LLVMValueRef a = LLVMGetOperand(cmp, 0), b = LLVMGetOperand(cmp, 1);
    LLVMValueRef k = LLVMIsAConstantInt(b) ? b : LLVMIsAConstantInt(a) ? a : NULL;
    if (!k)
        return true;
    unsigned long long cv = LLVMConstIntGetZExtValue(k);
    bool sg = is_signed(LLVMGetICmpPredicate(cmp));
    for (int key = 0; key < 2; key++) {
        uint32_t word = (uint32_t)(key == 0 ? cv >> 32 : cv);
        bool signed_word = key == 0 && sg;
        uint32_t least = signed_word ? 0x80000000u : 0, most = signed_word ? 0x7fffffffu : 0xffffffffu;
        /* the order of the other operand's word against the constant's */
        unsigned o = k == b ? tw[key] : word_order(tw[key], true);
        if ((o == W_LT && word == least) || (o == W_GT && word == most))
            return false;
    }
    return true;
}

/* The region of comparison CMP entered at block ENTRY, run on the nine cases
 * under every reading of its compares; adds the probe and its uses when the
 * readings under which some register ends as the comparison (or its
 * complement) all give each block the same cases. */
static bool match_region(struct mfunc *f, struct sim *sp, struct lower_probes *out)
{
    struct sim s = *sp;
    size_t entry = s.entry;
    LLVMValueRef cmp = s.cmp, *ord = s.ord;
    size_t nord = s.nord;
    s.f = f, s.ir_name = f->blocks[entry].ir_name;
    LLVMIntPredicate pred = s.logic ? LLVMIntEQ : LLVMGetICmpPredicate(cmp);
    /* the compares and registers of the region: the blocks a walk may reach (layout order) */
    size_t queue[MAX_STEPS], nq = 0;
    queue[nq++] = entry;
    for (size_t qi = 0; qi < nq; qi++) {
        size_t m = queue[qi];
        for (size_t j = 0; j < f->blocks[m].nsucc; j++) {
            size_t t = (size_t)f->blocks[m].succ[j];
            bool have = false;
            for (size_t q = 0; q < nq; q++)
                have |= queue[q] == t;
            if (!have && in_region(&s, t)) {
                if (nq == MAX_STEPS)
                    return false;
                queue[nq++] = t;
            }
        }
        for (size_t k = 0; k < f->blocks[m].ninsns; k++) {
            const struct minsn *in = &f->blocks[m].insns[k];
            char ops[4][16];
            int n = mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0]));
            int key = mc_ppc_is_compare(in->mnemonic) ? sim_compare_key(&s, in) : -1;
            if (key >= 0) {
                if (s.ncmps == MAX_CMPS)
                    return false;
                s.cmp_key[s.ncmps] = key;
                int o = n == 3 ? 1 : 0;
                if (n != 2 && n != 3)
                    return false;
                s.cmp_block[s.ncmps] = m, s.cmp_k[s.ncmps] = k;
                strcpy(s.cmp_ops[s.ncmps][0], ops[o]);
                strcpy(s.cmp_ops[s.ncmps][1], ops[o + 1]);
                s.cmp_logical[s.ncmps++] = !strncmp(in->mnemonic, "cmpl", 4);
            }
            if ((!strcmp(in->mnemonic, "li") || !strcmp(in->mnemonic, "mr")) && n == 2 && reg_index(&s, ops[0], true) < 0)
                return false;
            char zops[4][16];
            if (!s.logic && mc_ppc_nonzero_test(&f->blocks[m], k, zops) && reg_index(&s, zops[0], true) < 0)
                return false;
        }
    }
    /* (follow) each flag test reads a register the region writes */
    for (size_t q = 0; q < nq && s.follow; q++)
        for (size_t k = 0; k < f->blocks[queue[q]].ninsns; k++) {
            const struct minsn *in = &f->blocks[queue[q]].insns[k];
            char reg[16];
            long long imm;
            int field;
            bool logical;
            if (sim_compare_key(&s, in) < 0 && mc_ppc_flag_test(in, reg, &imm, &field, &logical) && reg_index(&s, reg, false) < 0)
                return false;
        }
    /* compares of the same registers, which no block of the region after the
     * entry's first compare writes, compare the same words */
    for (size_t c = 0; c < s.ncmps; c++) {
        s.cmp_same[c] = -1;
        for (size_t d = 0; d < c && s.cmp_same[c] < 0; d++) {
            if (strcmp(s.cmp_ops[c][0], s.cmp_ops[d][0]) || strcmp(s.cmp_ops[c][1], s.cmp_ops[d][1]) ||
                s.cmp_logical[c] != s.cmp_logical[d])
                continue;
            bool stable = true;
            for (size_t q = 0; q < nq && stable; q++)
                for (size_t k = queue[q] == entry ? s.cmp_k[0] + 1 : 0; k < f->blocks[queue[q]].ninsns; k++)
                    stable &= !mc_ppc_writes_reg(&f->blocks[queue[q]].insns[k], s.cmp_ops[c][0]) &&
                              !mc_ppc_writes_reg(&f->blocks[queue[q]].insns[k], s.cmp_ops[c][1]);
            if (stable && s.cmp_block[0] == entry)
                s.cmp_same[c] = (int)d;
        }
    }
    bool trace = getenv("LPNEST_TRACE_PROBES") != NULL;
    if (trace)
        fprintf(stderr, "  region at [%zu]%s: %zu compares, %zu registers\n", entry, s.follow ? " (follow)" : "", s.ncmps, s.nregs);
    if (s.ncmps == 0)
        return false;
    for (size_t r = 0; r < s.nregs; r++) {
        size_t seen[64], nseen = 0;
        bool have = false;
        s.init_known[r] = entry_constant(f, entry, s.regs[r], &s.init[r], &have, seen, &nseen) && have;
    }
    unsigned rbits = s.logic ? 1 : 2, nkeys = s.logic ? (unsigned)s.nkeys : 2, ncells = 1;
    for (unsigned k = 0; k < nkeys; k++)
        ncells *= 3;
    unsigned nroles = 1u << (rbits * s.ncmps);
    uint64_t all = 0;
    bool found = false;
    size_t nb = f->nblocks;
    uint64_t *run = sup_xcalloc(2 * nb, sizeof *run), *taken = run + nb;
    uint64_t *r2 = sup_xcalloc(2 * nb, sizeof *r2), *t2 = r2 + nb;
    bool agree = true;
    for (unsigned code = 0; code < nroles && agree; code++) {
        unsigned role[MAX_CMPS];
        bool consistent = true;
        for (size_t c = 0; c < s.ncmps; c++) {
            role[c] = code >> (rbits * c) & ((1u << rbits) - 1);
            consistent &= s.cmp_same[c] < 0 || role[c] == role[s.cmp_same[c]];
        }
        if (!consistent)
            continue;
        memset(r2, 0, 2 * nb * sizeof *r2);
        bool same[MAX_REGS], comp[MAX_REGS], ok = true, tsame = true, tcomp = true;
        int exit_to = -3, exit_by[2] = {-3, -3};
        bool one_exit = true, split_exit = true;
        for (size_t r = 0; r < MAX_REGS; r++)
            same[r] = comp[r] = true;
        for (unsigned cell = 0; cell < ncells && ok; cell++) {
            unsigned tw[3] = {0, 0, 0}, c3 = cell;
            uint64_t bit = 0;
            for (unsigned k = 0; k < nkeys; k++, c3 /= 3)
                tw[k] = c3 % 3, bit |= (uint64_t)tw[k] << (2 * k);
            bit = 1ull << bit;
            if (!s.logic && !s.all_cells && !feasible(cmp, tw))
                continue; /* (no operand makes it) */
            all |= bit;
            struct walk w;
            walk_case(&s, role, tw, pred, &w);
            int p = s.logic ? eval_logic(&s, cmp, tw, 0) : predicate_on(pred, tw[0], tw[1]);
            ok = w.ok && p >= 0;
            if (!ok)
                break;
            one_exit &= exit_to == -3 || exit_to == w.exit_to;
            exit_to = w.exit_to;
            split_exit &= exit_by[p] == -3 || exit_by[p] == w.exit_to;
            exit_by[p] = w.exit_to;
            for (size_t r = 0; r < s.nregs; r++) {
                same[r] &= w.known[r] && w.val[r] == p;
                comp[r] &= w.known[r] && w.val[r] == !p;
            }
            tsame &= w.tested && w.tested_val == p;
            tcomp &= w.tested && w.tested_val == !p;
            for (size_t i = 0; i < w.nvisited; i++) {
                r2[w.visited[i]] |= bit;
                t2[w.visited[i]] |= w.taken[i] ? bit : 0;
            }
        }
        /* the value made: a register holding it (or its complement) where the
         * region ends, or the place it ends at (the value's two sides) */
        bool value = false;
        for (size_t r = 0; r < s.nregs && ok; r++)
            value |= same[r] || comp[r];
        value |= ok && s.follow && (tsame || tcomp);
        value |= ok && !one_exit && split_exit && exit_by[0] != exit_by[1] && exit_by[0] != -3 && exit_by[1] != -3;
        if (trace && ok)
            fprintf(stderr, "   reading %x: exits to %d, value %d\n", code, exit_to, value);
        if (!ok || !value)
            continue;
        if (found)
            agree = !memcmp(run, r2, 2 * nb * sizeof *run);
        else
            memcpy(run, r2, 2 * nb * sizeof *run);
        found = true;
    }
    /* every block walked is entered from the region only; every branch with
     * the comparison's location is walked (none was duplicated) */
    for (size_t m = 0; m < nb && found && agree; m++)
        for (size_t k = 0; k < f->blocks[m].ninsns; k++) {
            char cr[8];
            bool ret;
            if (mc_ppc_cond_of(&f->blocks[m].insns[k], cr, &ret) && (s.logic ? sim_located(&s, &f->blocks[m].insns[k])
                                                                   : located_exactly(&f->blocks[m].insns[k], ord, nord) == cmp))
                agree &= run[m] != 0;
        }
    for (size_t m = 0; m < nb && found && agree; m++)
        if (run[m] && m != entry)
            for (size_t p = 0; p < f->blocks[m].npred; p++)
                agree &= run[f->blocks[m].pred[p]] != 0;
    bool use = found && agree && run[entry] == all;
    if (use) {
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n] = s.logic ? logic_probe(&s) : wide_probe(cmp);
        size_t probe = out->n++;
        for (size_t m = 0; m < nb; m++)
            if (run[m])
                add_use(f, probe, m, run[m], taken[m]);
    }
    free(run);
    free(r2);
    return use;
}

void lower_wide_value_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    if (!triple || strncmp(triple, "powerpc-", 8))
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
    /* each comparison once, from the first block whose branch carries its location */
    LLVMValueRef *done = sup_xcalloc(f->nblocks + 1, sizeof *done);
    size_t ndone = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        LLVMValueRef cmp = NULL;
        for (size_t j = 0; j < b->ninsns && !cmp; j++) {
            char cr[8];
            bool ret;
            if (mc_ppc_cond_of(&b->insns[j], cr, &ret))
                cmp = located_compare(&b->insns[j], ord, nord);
        }
        size_t len;
        if (!cmp || !b->ir_name ||
            strcmp(LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(cmp)), &len), b->ir_name))
            continue;
        bool again = false;
        for (size_t q = 0; q < ndone; q++)
            again |= done[q] == cmp;
        if (again)
            continue;
        done[ndone++] = cmp;
        /* the value's tests run with it where that proves out, else the region alone */
        struct sim sm = {.cmp = cmp, .ord = ord, .nord = nord, .entry = m, .follow = true};
        bool ok = false;
        for (int way = 0; way < 4 && !ok; way++) {
            sm.follow = !(way & 1);
            sm.all_cells = way >= 2;
            ok = match_region(f, &sm, out);
        }
        if (getenv("LPNEST_TRACE_PROBES"))
            fprintf(stderr, "wide value probe %s [%zu]: %s\n", f->name, m, ok ? "yes" : "no");
    }
    /* i1 values made of comparisons (a select of an equality and two orders:
     * a lexicographic compare of two keys), from their first located branch */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef v = LLVMGetFirstInstruction(bb); v; v = LLVMGetNextInstruction(v)) {
            LLVMOpcode op = LLVMGetInstructionOpcode(v);
            if ((op != LLVMSelect && op != LLVMAnd && op != LLVMOr) ||
                LLVMTypeOf(v) != LLVMInt1TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v))))
                continue;
            bool inner = false; /* (a part of a larger value: that one is the root) */
            for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                LLVMOpcode uo = LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : LLVMRet;
                inner |= (uo == LLVMSelect || uo == LLVMAnd || uo == LLVMOr || uo == LLVMXor) &&
                         LLVMTypeOf(user) == LLVMTypeOf(v) && LLVMGetInstructionParent(user) == bb;
            }
            struct sim sm = {.cmp = v, .ord = ord, .nord = nord, .logic = true};
            size_t ncmp = 0;
            if (inner || !collect_logic(&sm, v, bb, 0))
                continue;
            for (size_t i = 0; i < sm.nset; i++)
                ncmp += LLVMIsAICmpInst(sm.set[i]) != NULL;
            if (ncmp < 2)
                continue;
            size_t len;
            const char *home = LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len);
            bool have = false;
            for (size_t m = 0; m < f->nblocks && !have; m++) {
                const struct mblock *b = &f->blocks[m];
                for (size_t j = 0; j < b->ninsns && !have; j++) {
                    char cr[8];
                    bool ret;
                    if (mc_ppc_cond_of(&b->insns[j], cr, &ret) && sim_located(&sm, &b->insns[j]) && b->ir_name &&
                        !strcmp(b->ir_name, home))
                        sm.entry = m, have = true;
                }
            }
            if (!have)
                continue;
            bool ok = match_region(f, &sm, out);
            if (getenv("LPNEST_TRACE_PROBES"))
                fprintf(stderr, "logic value probe %s [%zu]: %s\n", f->name, sm.entry, ok ? "yes" : "no");
        }
    free(done);
    free(ord);
}
