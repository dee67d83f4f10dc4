/* lower_probes_wide.c — before the run: a 64-bit order comparison made into a
 * value on a 32-bit PowerPC without conditional moves. Type legalisation
 * makes "a <P b" into hi(a) == hi(b) ? lo(a) <u lo(b) : hi(a) <P hi(b), and
 * the PPC405 makes each of the three selects a branch:
 *
 *     cmplw crX, ah, bh ; li rH, 1 ; bgt crX, 1f ; li rH, 0 ; 1:   (H: high words)
 *     cmplw crY, al, bl ; li rL, 1 ; bgt crY, 2f ; li rL, 0 ; 2:   (L: low words)
 *     beq crX, 3f ; mr rL, rH ; 3:                                 (E: highs equal)
 *
 * None of the three branches tests an IR value. The probe here is what they
 * test: the three-way order of the high words (signed when the comparison is)
 * and of the low words (unsigned), one of nine values; each branch is taken
 * on a set of them. Which of the comparison's operands a machine compare
 * reads first is not taken on trust: the value the branches make (rL at 3:)
 * must be the comparison or its complement on all nine cases when the words
 * are read in one order, and it is not in the other (the converse of an order
 * comparison is neither it nor its complement), so the shape itself says
 * the order. A comparison whose code appears more than once (duplicated) has
 * no probe. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* the probe's value: bit 0 hi(a) < hi(b), bit 1 hi(a) > hi(b), bit 2 lo(a) <u
 * lo(b), bit 3 lo(a) >u lo(b) */
enum { W_LT = 1, W_GT = 2, W_EQ = 0 };
#define CELL(h, l) ((h) | (l) << 2)

static uint32_t node(struct eng_probe *p, size_t *cap, struct eng_probe_node n)
{
    if (p->nnodes == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        p->nodes = sup_xrealloc((void *)p->nodes, *cap * sizeof *p->nodes);
    }
    ((struct eng_probe_node *)p->nodes)[p->nnodes] = n;
    return p->nnodes++;
}

/* Operands of an instruction, split at ", " (at most 4). */
static int operands(const struct minsn *in, char ops[4][16])
{
    const char *o = in->ops;
    int n = 0;
    while (*o && n < 4) {
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

static bool is_compare(const char *mn)
{
    return !strcmp(mn, "cmpw") || !strcmp(mn, "cmplw") || !strcmp(mn, "cmpwi") || !strcmp(mn, "cmplwi");
}

/* Whether IN may write condition register field CR ("cr0".."cr7"): a
 * compare naming it (or none: cr0), a record form (cr0), anything that
 * writes condition registers as a whole, a call. */
static bool writes_cr(const struct minsn *in, const char *cr)
{
    const char *mn = in->mnemonic;
    size_t n = strlen(mn);
    if (!strncmp(mn, "cmp", 3) || !strncmp(mn, "fcmp", 4)) {
        bool named = !strncmp(in->ops, "cr", 2);
        return named ? !strncmp(in->ops, cr, strlen(cr)) && in->ops[strlen(cr)] == ',' : !strcmp(cr, "cr0");
    }
    if (n > 0 && mn[n - 1] == '.')
        return !strcmp(cr, "cr0") || !strcmp(cr, "cr1"); /* (cr1: floating-point record forms) */
    return !strncmp(mn, "cr", 2) || !strncmp(mn, "mtcr", 4) || !strncmp(mn, "mcr", 3) || !strncmp(mn, "mtfs", 4) ||
           !strcmp(mn, "bl") || !strcmp(mn, "bctrl") || !strcmp(mn, "blrl") || !strcmp(mn, "sc");
}

/* Whether IN may write general register REG ("r12"). */
static bool writes_reg(const struct minsn *in, const char *reg)
{
    const char *mn = in->mnemonic;
    if (!strcmp(mn, "bl") || !strcmp(mn, "bctrl") || !strcmp(mn, "blrl") || !strcmp(mn, "sc"))
        return true;
    char ops[4][16];
    int n = operands(in, ops);
    if (n < 0)
        return true; /* (unread: assume it does) */
    if (n == 0 || mn[0] == 'b' || !strncmp(mn, "cmp", 3) || !strncmp(mn, "tw", 2) || !strncmp(mn, "dcb", 3) ||
        !strncmp(mn, "icb", 3) || !strncmp(mn, "mtctr", 5) || !strncmp(mn, "mtlr", 4))
        return false;
    bool store = !strncmp(mn, "st", 2);
    if (!store && !strcmp(ops[0], reg))
        return true;
    /* update forms write their base register: "lwzu r3, 4(r9)", "stwux r3, r9, r10" */
    size_t ml = strlen(mn);
    bool update = (ml > 1 && mn[ml - 1] == 'u') || (ml > 2 && !strcmp(mn + ml - 2, "ux"));
    if (update && (!strncmp(mn, "l", 1) || store) && n >= 2) {
        const char *paren = strchr(ops[1], '(');
        const char *base = paren ? paren + 1 : ops[1];
        size_t rl = strlen(reg);
        return !strncmp(base, reg, rl) && (base[rl] == ')' || base[rl] == '\0');
    }
    return false;
}

/* The condition a PowerPC branch mnemonic takes on a three-way result
 * (bit W_LT, W_GT, or 4 for equal), its CR field in CR; 0 when not one. */
static unsigned branch_condition(const struct minsn *br, char cr[8])
{
    static const struct { const char *mn; unsigned set; } conds[] = {
        {"blt", 1}, {"bgt", 2}, {"beq", 4}, {"bne", 3}, {"ble", 5}, {"bng", 5}, {"bge", 6}, {"bnl", 6}};
    char m[16];
    size_t n = strlen(br->mnemonic);
    if (n >= sizeof m)
        return 0;
    memcpy(m, br->mnemonic, n + 1);
    while (n > 0 && (m[n - 1] == '+' || m[n - 1] == '-'))
        m[--n] = '\0';
    char ops[4][16];
    int no = operands(br, ops);
    if (no == 1)
        strcpy(cr, "cr0");
    else if (no == 2 && !strncmp(ops[0], "cr", 2) && strlen(ops[0]) == 3)
        strcpy(cr, ops[0]);
    else
        return 0;
    for (size_t i = 0; i < sizeof conds / sizeof conds[0]; i++)
        if (!strcmp(m, conds[i].mn))
            return conds[i].set;
    return 0;
}

/* "li REG, K" with K 0 or 1 */
static bool li01(const struct minsn *in, char reg[16], int *k)
{
    char ops[4][16];
    if (strcmp(in->mnemonic, "li") || operands(in, ops) != 2 || (strcmp(ops[1], "0") && strcmp(ops[1], "1")))
        return false;
    strcpy(reg, ops[0]);
    *k = ops[1][0] - '0';
    return true;
}

/* A diamond made of a select of 0 and 1: block HEAD ends "li R, K1 ...
 * b<cond> CR, JOIN"; its fall-through ARM is "li R, K2" alone and falls into
 * JOIN; JOIN is entered from the two only. */
struct diamond {
    size_t head, join;
    size_t cmp;             /* the compare in HEAD that sets CR */
    size_t brk;             /* the branch's position in HEAD */
    char cr[8], reg[16];
    unsigned cond;          /* branch_condition */
    int k_taken, k_fall;    /* R on the taken side, on the fall-through side */
    char a[16], b[16];      /* the compare's operands */
    bool logical;           /* cmplw / cmplwi */
};

static bool cond_branch_at_end(const struct mblock *b, size_t *k)
{
    for (size_t j = b->ninsns; j-- > 0;) {
        const struct minsn *in = &b->insns[j];
        if (in->isa && in->isa->kind == ISA_COND_BRANCH) {
            *k = j;
            return j + 1 == b->ninsns;
        }
        if (in->mnemonic[0] != '.')
            return false;
    }
    return false;
}

static bool diamond_into(const struct mfunc *f, size_t join, struct diamond *d)
{
    const struct mblock *j = &f->blocks[join];
    if (j->npred != 2)
        return false;
    for (int side = 0; side < 2; side++) {
        size_t arm = (size_t)j->pred[side], head = (size_t)j->pred[1 - side];
        const struct mblock *a = &f->blocks[arm], *h = &f->blocks[head];
        size_t brk;
        if (a->ninsns != 1 || a->npred != 1 || (size_t)a->pred[0] != head || a->nsucc != 1 ||
            (size_t)a->succ[0] != join || !li01(&a->insns[0], d->reg, &d->k_fall) || h->nsucc != 2 ||
            !cond_branch_at_end(h, &brk) || h->insns[brk].target != (int)join || arm != head + 1 || join != arm + 1)
            continue;
        d->head = head, d->join = join, d->brk = brk;
        d->cond = branch_condition(&h->insns[brk], d->cr);
        if (!d->cond)
            return false;
        /* R's last write before the branch: li; CR's: a word compare */
        bool have_k = false, have_cmp = false;
        for (size_t q = brk; q-- > 0 && !(have_k && have_cmp);) {
            const struct minsn *in = &h->insns[q];
            if (!have_k && writes_reg(in, d->reg)) {
                char r[16];
                if (!li01(in, r, &d->k_taken) || strcmp(r, d->reg))
                    return false;
                have_k = true;
            }
            if (!have_cmp && writes_cr(in, d->cr)) {
                char ops[4][16];
                int n = operands(in, ops), o = n == 3 ? 1 : 0;
                if (!is_compare(in->mnemonic) || (n != 2 && n != 3) || (n == 3 && strcmp(ops[0], d->cr)))
                    return false;
                strcpy(d->a, ops[o]);
                strcpy(d->b, ops[o + 1]);
                d->logical = !strncmp(in->mnemonic, "cmpl", 4);
                d->cmp = q;
                have_cmp = true;
            }
        }
        return have_k && have_cmp && d->k_taken != d->k_fall;
    }
    return false;
}

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
    uint32_t a = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(cmp, 0)});
    uint32_t b = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = 64, .value = LLVMGetOperand(cmp, 1)});
    uint32_t ha = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = a});
    uint32_t hb = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_LSHR, .width = 32, .imm = 32, .a = b});
    uint32_t bit[4] = {
        node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = sg ? LLVMIntSLT : LLVMIntULT, .a = ha, .b = hb}),
        node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = sg ? LLVMIntSGT : LLVMIntUGT, .a = ha, .b = hb}),
        node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntULT, .a = a, .b = b}),
        node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ICMP, .width = 32, .imm = LLVMIntUGT, .a = a, .b = b})};
    uint32_t zero = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 8, .imm = 0});
    uint32_t acc = bit[0];
    for (int i = 1; i < 4; i++) {
        uint32_t w = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_CONST, .width = 8, .imm = 1u << i});
        uint32_t s = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_SELECT, .width = 8, .a = bit[i], .b = w, .c = zero});
        acc = node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_OR, .width = 8, .a = acc, .b = s});
    }
    return p;
}

static void add_use(struct mfunc *f, size_t probe, size_t m, uint64_t taken)
{
    f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
    f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
        .probe = (uint32_t)probe, .block = (int)m, .run = 0xFFFF, .taken = taken};
}

/* Whether REG or CR (either may be "") is written on the way from instruction
 * K of block FROM to instruction END of block TO, along layout. */
static bool written_between(const struct mfunc *f, size_t from, size_t k, size_t to, size_t end, const char *reg,
                            const char *cr)
{
    for (size_t m = from; m <= to; m++) {
        const struct mblock *b = &f->blocks[m];
        for (size_t q = m == from ? k : 0; q < (m == to ? end : b->ninsns); q++)
            if ((*reg && writes_reg(&b->insns[q], reg)) || (*cr && writes_cr(&b->insns[q], cr)))
                return true;
    }
    return false;
}

/* The shape ending at block E (its "beq crX" with the comparison's location).
 * Adds the probe and its three uses; false when it is not the shape. */
static bool match_shape(struct mfunc *f, size_t e, LLVMValueRef cmp, struct lower_probes *out)
{
    const struct mblock *eb = &f->blocks[e];
    size_t ek;
    char ecr[8];
    if (e + 2 >= f->nblocks || eb->nsucc != 2 || !cond_branch_at_end(eb, &ek))
        return false;
    unsigned econd = branch_condition(&eb->insns[ek], ecr);
    const struct mblock *fb = &f->blocks[e + 1];
    char mv[4][16];
    if ((econd != 4 && econd != 3) || fb->ninsns != 1 || strcmp(fb->insns[0].mnemonic, "mr") ||
        operands(&fb->insns[0], mv) != 2 || fb->npred != 1 || fb->nsucc != 1 || (size_t)fb->succ[0] != e + 2 ||
        eb->insns[ek].target != (int)(e + 2))
        return false;
    /* the two diamonds before E, the later one joining at E or just before */
    struct diamond d[2];
    size_t join = e;
    for (int i = 0; i < 2; i++) {
        while (join > 0 && f->blocks[join].npred == 1 && (size_t)f->blocks[join].pred[0] == join - 1 &&
               !diamond_into(f, join, &d[i]))
            join--;
        if (!diamond_into(f, join, &d[i]))
            return false;
        join = d[i].head;
    }
    /* H: the one whose CR E tests; L: the one whose register the move sets or reads */
    int hi = !strcmp(d[0].cr, ecr) ? 0 : !strcmp(d[1].cr, ecr) ? 1 : -1;
    if (hi < 0 || !strcmp(d[0].cr, d[1].cr) || !strcmp(d[0].reg, d[1].reg))
        return false;
    struct diamond *h = &d[hi], *l = &d[1 - hi];
    bool move_to_l = !strcmp(mv[0], l->reg) && !strcmp(mv[1], h->reg);
    bool move_to_h = !strcmp(mv[0], h->reg) && !strcmp(mv[1], l->reg);
    LLVMIntPredicate pred = LLVMGetICmpPredicate(cmp);
    if ((!move_to_l && !move_to_h) || !l->logical || h->logical == is_signed(pred))
        return false;
    /* nothing rewrites what the branches and the move read */
    if (written_between(f, h->head, h->cmp + 1, e, ek, "", ecr) ||
        written_between(f, h->join, 0, e, ek, h->reg, "") || written_between(f, l->join, 0, e, ek, l->reg, "") ||
        written_between(f, l->head, l->cmp + 1, l->head, l->brk, "", l->cr) ||
        written_between(f, h->head, h->cmp + 1, h->head, h->brk, "", h->cr))
        return false;
    /* every branch carries the comparison's location */
    const struct minsn *brs[3] = {&f->blocks[h->head].insns[h->brk], &f->blocks[l->head].insns[l->brk], &eb->insns[ek]};
    unsigned ord = brs[2]->src_line;
    for (int i = 0; i < 3; i++)
        if (brs[i]->src_col != ENG_PROVENANCE_COLUMN || brs[i]->src_line != ord)
            return false;
    /* the operand order in which the value made is the comparison or its complement */
    int order = -1;
    for (int sw = 0; sw < 2; sw++) {
        bool same = true, comp = true;
        for (unsigned hw = 0; hw < 3; hw++)
            for (unsigned lw = 0; lw < 3; lw++) {
                int hv = taken_on(h->cond, word_order(hw, sw)) ? h->k_taken : h->k_fall;
                int lv = taken_on(l->cond, word_order(lw, sw)) ? l->k_taken : l->k_fall;
                bool et = taken_on(econd, hw);
                /* E taken skips the move: the moved-to register keeps its own value */
                int v = move_to_l ? (et ? lv : hv) : (et ? hv : lv);
                bool p = predicate_on(pred, hw, lw);
                same &= v == p;
                comp &= v == !p;
            }
        if (same || comp)
            order = order < 0 ? sw : 2;
    }
    if (order < 0 || order > 1)
        return false;
    uint64_t th = 0, tl = 0, te = 0;
    for (unsigned hw = 0; hw < 3; hw++)
        for (unsigned lw = 0; lw < 3; lw++) {
            uint64_t bit = 1ull << CELL(hw, lw);
            th |= taken_on(h->cond, word_order(hw, order)) ? bit : 0;
            tl |= taken_on(l->cond, word_order(lw, order)) ? bit : 0;
            te |= taken_on(econd, hw) ? bit : 0;
        }
    out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
    out->probes[out->n] = wide_probe(cmp);
    size_t probe = out->n++;
    add_use(f, probe, h->head, th);
    add_use(f, probe, l->head, tl);
    add_use(f, probe, e, te);
    return true;
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
    /* the E blocks by comparison: a comparison met twice (duplicated code) has none */
    unsigned *seen = sup_xcalloc(nord + 2, sizeof *seen);
    for (int pass = 0; pass < 2; pass++)
        for (size_t m = 0; m < f->nblocks; m++) {
            const struct mblock *b = &f->blocks[m];
            size_t bk;
            if (!b->ninsns || !cond_branch_at_end(b, &bk))
                continue;
            const struct minsn *br = &b->insns[bk];
            if (br->src_col != ENG_PROVENANCE_COLUMN || !br->src_line || br->src_line > nord)
                continue;
            LLVMValueRef cmp = ord[br->src_line];
            size_t len;
            const char *bn = LLVMGetValueName2(LLVMBasicBlockAsValue(LLVMGetInstructionParent(cmp)), &len);
            if (!mc_wide_order_compare(cmp) || LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(cmp, 0))) != 64 ||
                !b->ir_name || strcmp(bn, b->ir_name))
                continue;
            char cr[8];
            unsigned c = branch_condition(br, cr);
            if (c != 4 && c != 3)
                continue;
            if (pass == 0)
                seen[br->src_line]++;
            else if (seen[br->src_line] == 1)
                match_shape(f, m, cmp, out);
        }
    free(seen);
    free(ord);
}
