/* lower_probes_paths.c — before the program runs: the paths through the
 * branches one IR block's comparisons were made into on the PPC405 (no isel)
 * and the AVR: a select of comparisons, "w[a] != w[b] ? w[a] < w[b] : a < b",
 * becomes a diamond per select, each branch testing the condition (a PowerPC
 * field, the AVR's flags) one of the block's compares set, or a register the
 * diamonds set to 0 or 1 (on the AVR through a spill slot); foreign
 * huffman.c's heap order. The records count each select's condition, not how
 * the compares' outcomes go together. The probe counts, at the block's
 * terminator, the outcome of each compare located at one of the block's
 * comparisons (PowerPC: less and equal, two bits, at most three compares; the
 * AVR: signed less, unsigned less and equal, three bits, at most two); every
 * value is run through the machine blocks (lower_switch_sim.c: the compares'
 * conditions set from the value, constants, moves and spill slots followed)
 * to the block where it leaves them, which gives each block's run set and each
 * branch's taken set. A compare is only taken for its comparison's when the
 * registers it reads were last written, on every path, by instructions located
 * at the comparison's operands (or the immediate is its constant); a compare
 * elsewhere of the same registers with the same writes gives the same outcome.
 * A path the evaluator cannot decide, a call, a condition-register logic
 * instruction or a loop gives no probe. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "lower_switch_sim.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ATOMS 3
#define MAX_BYTES 4
#define IMM_BYTE (-2)  /* AVR: a register operand IMM_BYTE - v is the immediate byte v */

/* one compare located at a comparison of the block (or one comparing the
 * same registers holding the same values: BIT names the compare it repeats) */
struct atom {
    int m;              /* machine block */
    size_t k;           /* instruction (AVR: the first of its cp/cpc chain) */
    size_t len;         /* instructions it is */
    int field;          /* PowerPC: the condition field it sets */
    bool swapped;       /* it compares the comparison's second operand with the first */
    LLVMValueRef cmp;   /* the comparison (AVR: or the llvm.abs whose sign SIGN tests) */
    LLVMValueRef x, y;  /* what it compares */
    bool sign;          /* AVR: "tst r" of a byte of X before a branch on the sign, X against 0 */
    bool order_signed;  /* PowerPC: the order its "less" bit is (the comparison's, or the mnemonic's for == and !=) */
    int bit;            /* the outcome's first bit in the probe's value */
    int nregs;          /* the registers it reads (first operand's, then the second's) */
    int regs[2 * MAX_BYTES];
    unsigned writes[2 * MAX_BYTES];  /* their last writes' ordinals */
};

/* Whether PowerPC instruction IN writes register REG (its number), as a
 * result (the first operand) or as the base an update form writes back. */
static bool ppc_writes(const struct minsn *in, int reg, bool *update)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    *update = false;
    if (n == 0 || mn[0] == 'b' || !strncmp(mn, "cmp", 3) || !strncmp(mn, "mt", 2))
        return false;
    bool store = !strncmp(mn, "st", 2);
    if (!store && mc_sim_reg(SIM_PPC, o[0], NULL) == reg)
        return true;
    /* update forms: lbzu, lhzux, lwzu, stwu, stwux, ... write the base back */
    size_t l = strlen(mn);
    bool ux = l > 2 && mn[l - 2] == 'u' && mn[l - 1] == 'x', u = l > 1 && mn[l - 1] == 'u';
    if ((mn[0] == 'l' || store) && (u || ux) && n >= 2) {
        const char *base = o[1];
        if (u) {
            const char *p = strchr(o[1], '(');
            if (!p)
                return false;
            base = p + 1;
        }
        char b[48];
        snprintf(b, sizeof b, "%s", base);
        b[strcspn(b, ")")] = '\0';
        if (mc_sim_reg(SIM_PPC, b, NULL) == reg)
            return *update = true;
    }
    return false;
}

/* Whether AVR instruction IN writes register REG: its first operand (a pair
 * for movw, adiw, sbiw), r0 and r1 for a multiply, the pointer pair a
 * post-increment or pre-decrement load or store moves (*UPDATE). */
static bool avr_writes(const struct minsn *in, int reg, bool *update)
{
    static const char *const none[] = {"st", "std", "sts", "cp", "cpc", "cpi", "push", "out", "sbi", "cbi", "tst",
                                        "nop", NULL};
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    *update = false;
    for (int k = 0; k < n; k++) { /* X+, -Y, Z+: the pointer moves */
        const char *q = o[k][0] == '-' ? o[k] + 1 : o[k];
        if ((q[0] == 'X' || q[0] == 'Y' || q[0] == 'Z') && (o[k][0] == '-' || (q[1] == '+' && q[2] == '\0'))) {
            int lo = q[0] == 'X' ? 26 : q[0] == 'Y' ? 28 : 30;
            if (reg == lo || reg == lo + 1)
                return *update = true;
        }
    }
    if (!strncmp(mn, "mul", 3) || !strncmp(mn, "fmul", 4))
        return reg == 0 || reg == 1;
    if (n == 0 || (mn[0] == 'b' && mn[1] == 'r'))
        return false;
    for (const char *const *k = none; *k; k++)
        if (!strcmp(mn, *k))
            return false;
    int d = mc_sim_reg(SIM_AVR, o[0], NULL);
    bool pair = !strcmp(mn, "movw") || !strcmp(mn, "adiw") || !strcmp(mn, "sbiw");
    return d == reg || (pair && d + 1 == reg);
}

static bool writes(enum sim_isa isa, const struct minsn *in, int reg, bool *update)
{
    return isa == SIM_AVR ? avr_writes(in, reg, update) : ppc_writes(in, reg, update);
}

/* Whether a call may change REG (PowerPC r0 and r3-r12; AVR r0, r18-r27, r30, r31). */
static bool call_clobbered(enum sim_isa isa, int reg)
{
    if (isa == SIM_AVR)
        return reg == 0 || (reg >= 18 && reg <= 27) || reg == 30 || reg == 31;
    return reg == 0 || (reg >= 3 && reg <= 12);
}

/* The provenance ordinal of register REG's last write before instruction K
 * of block M on every path into it (all such writes located at one ordinal,
 * VISITED marking the blocks searched), 0 when one is unknown, an update
 * form's address, a call's clobber, or the function's entry is reached
 * first; UINT32_MAX when every path leads back to blocks searched already. */
static unsigned reaching_write(enum sim_isa isa, const struct mfunc *f, size_t m, size_t k, int reg, bool *visited,
                               int copies)
{
    const struct mblock *b = &f->blocks[m];
    for (size_t j = k; j-- > 0;) {
        const struct minsn *in = &b->insns[j];
        bool update;
        if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL) && call_clobbered(isa, reg))
            return 0;
        if (!writes(isa, in, reg, &update))
            continue;
        char o[4][48];
        if (!update && !strcmp(in->mnemonic, isa == SIM_AVR ? "mov" : "mr") && mc_sim_operands(in->ops, o) == 2 &&
            mc_sim_reg(isa, o[1], NULL) >= 0 && mc_sim_reg(isa, o[1], NULL) != reg) {
            /* a copy: the value it copies (a few copies deep: two registers copied into
             * each other around a loop would lead on forever) */
            if (copies >= 4)
                return 0;
            bool *seen = sup_xcalloc(f->nblocks + 1, sizeof *seen);
            unsigned w = reaching_write(isa, f, m, j, mc_sim_reg(isa, o[1], NULL), seen, copies + 1);
            free(seen);
            return w;
        }
        return !update && in->src_col == ENG_PROVENANCE_COLUMN ? in->src_line : 0;
    }
    if (b->npred == 0)
        return 0;
    unsigned found = UINT32_MAX;
    for (size_t p = 0; p < b->npred; p++) {
        size_t q = (size_t)b->pred[p];
        if (visited[q])
            continue; /* (a loop back to a block searched: its writes are counted there) */
        visited[q] = true;
        unsigned o = reaching_write(isa, f, q, f->blocks[q].ninsns, reg, visited, copies);
        if (!o || (found != UINT32_MAX && o != UINT32_MAX && o != found))
            return 0;
        if (o != UINT32_MAX)
            found = o;
    }
    return found; /* (UINT32_MAX: only blocks searched already) */
}

static unsigned last_write(enum sim_isa isa, const struct mfunc *f, size_t m, size_t k, int reg)
{
    bool *visited = sup_xcalloc(f->nblocks + 1, sizeof *visited);
    unsigned o = reaching_write(isa, f, m, k, reg, visited, 0);
    free(visited);
    return o == UINT32_MAX ? 0 : o;
}

/* Whether the instruction at ordinal O (ORD_INST) computes V, or the value V
 * is a cast of (the register holds it extended or truncated). */
static bool located_at(LLVMValueRef *ord_inst, size_t nord, unsigned o, LLVMValueRef v)
{
    if (!o || o > nord || !LLVMIsAInstruction(v))
        return false;
    if (ord_inst[o] == v)
        return true;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    return (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) && ord_inst[o] == LLVMGetOperand(v, 0);
}

/* Whether the immediate IMM of a compare (signed: cmpwi) is constant C. */
static bool imm_is(LLVMValueRef c, int64_t imm, bool sign)
{
    if (!LLVMIsAConstantInt(c))
        return false;
    return sign ? LLVMConstIntGetSExtValue(c) == imm : (long long)LLVMConstIntGetZExtValue(c) == imm;
}

/* The compare at instruction K of block M, if it is one the atoms can be: its
 * registers (first operand's, then the second's) with their last writes, its
 * length and (PowerPC) field and signedness; *IMM_FORM with the immediate. */
static bool read_compare(enum sim_isa isa, const struct mfunc *f, int m, size_t k, struct atom *a, bool *imm_form,
                         int64_t *imm)
{
    const struct mblock *b = &f->blocks[m];
    const struct minsn *in = &b->insns[k];
    const char *mn = in->mnemonic;
    char o[4][48];
    memset(a, 0, sizeof *a);
    a->m = m, a->k = k, a->len = 1;
    *imm_form = false;
    if (isa == SIM_AVR && !strcmp(mn, "tst")) {
        /* just before a branch on the sign */
        long j = mc_final_branch(b, false);
        const char *bm = j == (long)k + 1 ? b->insns[j].mnemonic : "";
        if (strcmp(bm, "brmi") && strcmp(bm, "brpl") && strcmp(bm, "brlt") && strcmp(bm, "brge"))
            return false;
        if (mc_sim_operands(in->ops, o) != 1 || (a->regs[0] = mc_sim_reg(SIM_AVR, o[0], NULL)) < 0)
            return false;
        a->nregs = 1, a->sign = true;
    } else if (isa == SIM_AVR) {
        if (strcmp(mn, "cp") && strcmp(mn, "cpi"))
            return false;
        size_t len = 0;
        while (k + len < b->ninsns && len < MAX_BYTES &&
               (len ? !strcmp(b->insns[k + len].mnemonic, "cpc") : true)) {
            const struct minsn *c = &b->insns[k + len];
            if (mc_sim_operands(c->ops, o) != 2)
                return false;
            a->regs[len] = mc_sim_reg(SIM_AVR, o[0], NULL);
            int64_t v = 0;
            if (!strcmp(c->mnemonic, "cpi")) { /* (an immediate byte: IMM_BYTE - its value) */
                if (!mc_sim_imm(o[1], &v))
                    return false;
                a->regs[MAX_BYTES + len] = IMM_BYTE - (int)(v & 0xff);
            } else
                a->regs[MAX_BYTES + len] = mc_sim_reg(SIM_AVR, o[1], NULL);
            if (a->regs[len] < 0 || (a->regs[MAX_BYTES + len] < 0 && a->regs[MAX_BYTES + len] > IMM_BYTE))
                return false;
            len++;
        }
        /* (the bytes side by side: the first operand's, then the second's) */
        memmove(a->regs + len, a->regs + MAX_BYTES, len * sizeof *a->regs);
        a->len = len;
        a->nregs = 2 * (int)len;
    } else {
        bool imf = !strcmp(mn, "cmpwi") || !strcmp(mn, "cmplwi");
        if (!imf && strcmp(mn, "cmpw") && strcmp(mn, "cmplw"))
            return false;
        int n = mc_sim_operands(in->ops, o), at = 0;
        if (n > 0 && mc_sim_ppc_field(o[0]) >= 0)
            a->field = mc_sim_ppc_field(o[0]), at = 1;
        if (n != at + 2)
            return false;
        a->order_signed = mn[3] != 'l';
        a->regs[0] = mc_sim_reg(SIM_PPC, o[at], NULL);
        a->nregs = 1;
        if (imf) {
            if (!mc_sim_imm(o[at + 1], imm))
                return false;
            *imm_form = true;
        } else {
            a->regs[1] = mc_sim_reg(SIM_PPC, o[at + 1], NULL);
            a->nregs = 2;
        }
        for (int r = 0; r < a->nregs; r++)
            if (a->regs[r] < 0)
                return false;
    }
    for (int r = 0; r < a->nregs; r++)
        a->writes[r] = a->regs[r] >= 0 ? last_write(isa, f, (size_t)m, k, a->regs[r]) : 0;
    return true;
}

/* AVR: whether byte I of compare A's register operand R (the zero register,
 * an immediate byte, or a register written at V) is byte I of V. */
static bool avr_byte_is(const struct atom *a, int r, int i, LLVMValueRef v, LLVMValueRef *ord_inst, size_t nord)
{
    int reg = a->regs[r];
    if (reg == 1 || reg <= IMM_BYTE) {
        if (!LLVMIsAConstantInt(v))
            return false;
        unsigned long long c = LLVMConstIntGetZExtValue(v);
        return (int)(c >> (8 * i) & 0xff) == (reg == 1 ? 0 : IMM_BYTE - reg);
    }
    return located_at(ord_inst, nord, a->writes[r], v);
}

/* Whether compare A (read_compare) compares the operands of CMP: fills
 * A's comparison and sense, false when it compares something else. */
static bool atom_of(enum sim_isa isa, struct atom *a, bool imm_form, int64_t imm, LLVMValueRef cmp,
                    LLVMValueRef *ord_inst, size_t nord)
{
    LLVMValueRef x = LLVMGetOperand(cmp, 0), y = a->sign ? NULL : LLVMGetOperand(cmp, 1);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 32)
        return false;
    unsigned w = LLVMGetIntTypeWidth(t);
    if (a->sign) { /* a byte of X, tested for its sign: X's sign (the top byte, in code that computes abs) */
        if (!located_at(ord_inst, nord, a->writes[0], x))
            return false;
        a->cmp = cmp, a->x = x, a->y = LLVMConstInt(t, 0, false);
        return true;
    }
    if (isa == SIM_AVR && (w % 8 || a->len != w / 8))
        return false; /* (a byte compared per register) */
    int half = isa == SIM_AVR ? (int)a->len : 1;
    bool as_is = true, swapped = true;
    for (int r = 0; r < half && isa == SIM_AVR; r++) {
        as_is &= avr_byte_is(a, r, r, x, ord_inst, nord) && avr_byte_is(a, half + r, r, y, ord_inst, nord);
        swapped &= avr_byte_is(a, r, r, y, ord_inst, nord) && avr_byte_is(a, half + r, r, x, ord_inst, nord);
    }
    for (int r = 0; r < half && isa == SIM_PPC; r++) {
        unsigned w0 = a->writes[r], w1 = imm_form ? 0 : a->writes[half + r];
        as_is &= located_at(ord_inst, nord, w0, x) && (imm_form ? imm_is(y, imm, a->order_signed)
                                                                 : located_at(ord_inst, nord, w1, y));
        swapped &= imm_form ? imm_is(x, imm, a->order_signed) && located_at(ord_inst, nord, w0, y)
                            : located_at(ord_inst, nord, w0, y) && located_at(ord_inst, nord, w1, x);
    }
    if (as_is == swapped)
        return false;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
    bool eq = p == LLVMIntEQ || p == LLVMIntNE;
    bool psigned = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
    if (isa == SIM_PPC && !eq && psigned != a->order_signed)
        return false; /* (the machine's order is not the comparison's) */
    a->swapped = swapped;
    a->cmp = cmp, a->x = x, a->y = y;
    return true;
}

/* Whether IN is something the paths cannot be followed through: an
 * indirect call or jump, a return, a condition-register logic or move instruction, an isel, an AVR branch on
 * a flag the evaluator does not keep. */
static bool opaque(const struct minsn *in)
{
    const char *mn = in->mnemonic;
    if (!in->isa)
        return true;
    switch (in->isa->kind) {
    case ISA_INDIRECT_CALL: case ISA_INDIRECT_JUMP: case ISA_TAIL_CALL: case ISA_COND_RETURN:
    case ISA_RETURN: case ISA_SKIP:
        return true;
    default:
        break;
    }
    return !strncmp(mn, "cr", 2) || !strncmp(mn, "mcrf", 4) || !strncmp(mn, "mtcr", 4) || !strncmp(mn, "mtocrf", 6) ||
           !strncmp(mn, "isel", 4) || !strcmp(mn, "brbs") || !strcmp(mn, "brbc") || !strcmp(mn, "brhs") ||
           !strcmp(mn, "brhc") || !strcmp(mn, "brts") || !strcmp(mn, "brtc") || !strcmp(mn, "brie") ||
           !strcmp(mn, "brid");
}

/* The bits of an outcome in the probe's value: PowerPC less, equal; AVR
 * signed less, unsigned less, equal. */
static int outcome_bits(enum sim_isa isa)
{
    return isa == SIM_AVR ? 3 : 2;
}

/* Whether outcome OUT is possible (equal is neither less). */
static bool outcome_valid(enum sim_isa isa, unsigned out)
{
    return isa == SIM_AVR ? !(out & 4) || !(out & 3) : out != 3;
}

/* Sets the condition atom A's compare leaves for outcome OUT (of the
 * comparison's operands in its order). */
static void set_outcome(struct sim *st, const struct atom *a, unsigned out)
{
    if (st->isa == SIM_AVR) {
        bool eq = out & 4, lts = out & 1, ltu = out & 2;
        if (a->sign) { /* (only the sign is known: the branch right after it reads it alone) */
            st->fk = true, st->N = lts, st->V = false, st->Z = false, st->C = false;
            return;
        }
        if (a->swapped && !eq)
            lts = !lts, ltu = !ltu;
        st->fk = true, st->Z = eq, st->C = ltu, st->N = lts, st->V = false;
        return;
    }
    bool eq = out == 2, lt = out == 1;
    st->cr[a->field] = eq ? 4 : lt != a->swapped ? 1 : 2;
}

/* The machine blocks of IR block BB's branches (those whose final conditional
 * branch is located at one of its instructions) and the blocks without one
 * entered only from them: IN_R. Their head (the one entered from elsewhere),
 * or -1 when there is not exactly one. */
static int region(const struct mfunc *f, LLVMBasicBlockRef bb, LLVMBasicBlockRef *ord_bb, size_t nord, bool *in_r,
                  int *nbranches)
{
    *nbranches = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        long j = mc_final_branch(b, false);
        in_r[m] = false;
        if (j < 0)
            continue;
        const struct minsn *in = &b->insns[j];
        if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= nord && ord_bb[in->src_line] == bb)
            in_r[m] = true, (*nbranches)++;
    }
    if (*nbranches < 2)
        return -1;
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t m = 0; m < f->nblocks; m++) {
            const struct mblock *b = &f->blocks[m];
            bool control = false;
            for (size_t j = 0; j < b->ninsns; j++)
                control |= mc_is_control(&b->insns[j]) && b->insns[j].isa->kind != ISA_JUMP;
            if (in_r[m] || control || b->npred == 0 || b->exits)
                continue;
            bool all = true;
            for (size_t p = 0; p < b->npred && all; p++)
                all = in_r[b->pred[p]];
            if (all)
                in_r[m] = grew = true;
        }
    }
    int head = -1;
    for (size_t m = 0; m < f->nblocks; m++) {
        if (!in_r[m])
            continue;
        const struct mblock *b = &f->blocks[m];
        bool outside = b->npred == 0;
        for (size_t p = 0; p < b->npred; p++)
            outside |= !in_r[b->pred[p]];
        if (!outside)
            continue;
        if (head >= 0)
            return -1;
        head = (int)m;
    }
    return head;
}

/* AVR spill slots the paths follow: "std Y+k, r" then "ldd r, Y+k". */
struct slots {
    bool known[64];
    uint8_t val[64];
};

/* Runs instruction IN on ST (and the AVR's spill slots SL). */
static void step(struct sim *st, struct slots *sl, const struct minsn *in)
{
    if (in->isa && in->isa->kind == ISA_CALL) { /* (a routine: what the ABI lets it change) */
        for (int r = 0; r < 32; r++)
            if (call_clobbered(st->isa, r))
                mc_sim_set_reg(st, r, 0, false);
        st->fk = false;
        st->cr[0] = st->cr[1] = st->cr[5] = st->cr[6] = st->cr[7] = -1;
        memset(sl->known, 0, sizeof sl->known);
        return;
    }
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    int64_t k = -1;
    bool yslot = st->isa == SIM_AVR && n == 2 && (!strncmp(in->mnemonic, "std", 3) || !strncmp(in->mnemonic, "ldd", 3));
    if (yslot) {
        const char *q = !strcmp(in->mnemonic, "std") ? o[0] : o[1];
        if (q[0] == 'Y' && q[1] == '+' && mc_sim_imm(q + 2, &k) && k >= 0 && k < 64) {
            if (!strcmp(in->mnemonic, "std")) {
                uint64_t v = 0;
                sl->known[k] = mc_sim_get_reg(st, mc_sim_reg(SIM_AVR, o[1], NULL), &v);
                sl->val[k] = (uint8_t)v;
                return; /* (a store changes no register and no flag) */
            }
            bool fk = st->fk;
            mc_sim_step(st, in);
            st->fk = fk; /* (a load changes no flag) */
            mc_sim_set_reg(st, mc_sim_reg(SIM_AVR, o[0], NULL), sl->val[k], sl->known[k]);
            return;
        }
    }
    if (st->isa == SIM_AVR && (!strncmp(in->mnemonic, "st", 2) || !strcmp(in->mnemonic, "push")))
        memset(sl->known, 0, sizeof sl->known); /* (a store elsewhere: the slots may be what it wrote) */
    mc_sim_step(st, in);
    bool update;
    for (int r = 0; r < 32; r++)
        if (writes(st->isa, in, r, &update)) {
            if (update)
                mc_sim_set_reg(st, r, 0, false); /* (the evaluator does not move pointers) */
            if (st->isa == SIM_AVR && (r == 28 || r == 29))
                memset(sl->known, 0, sizeof sl->known); /* (the frame pointer moved) */
        }
}

/* Whether AVR instruction MN leaves the flags as they are. */
static bool keeps_flags(const char *mn)
{
    static const char *const keep[] = {"mov", "movw", "ldi", "ld", "ldd", "lds", "st", "std", "sts", "push", "pop",
                                       "in", "out", "nop", "rjmp", "jmp", NULL};
    for (const char *const *k = keep; *k; k++)
        if (!strcmp(mn, *k))
            return true;
    return false;
}

/* Whether V is a call of llvm.abs. */
static bool is_abs(LLVMValueRef v)
{
    if (!LLVMIsACallInst(v))
        return false;
    LLVMValueRef callee = LLVMGetCalledValue(v);
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    return !strncmp(name, "llvm.abs.", 9);
}

/* Whether call V is of an intrinsic that returns (not a trap). */
static bool returning_intrinsic(LLVMValueRef v)
{
    LLVMValueRef callee = LLVMGetCalledValue(v);
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    return !strncmp(name, "llvm.", 5) && !strstr(name, "trap");
}

/* The probe of the part IN_S of BB's blocks that every path through them
 * enters at HEAD (AT: BB's terminator) and its uses, when every path is
 * followed. */
static bool part_probe(enum sim_isa isa, struct mfunc *f, LLVMBasicBlockRef bb, LLVMValueRef at,
                       LLVMValueRef *ord_inst, size_t nord, const bool *in_s, int head, bool trace,
                       struct lower_probes *out)
{
    /* the compares located at the block's comparisons, then those repeating one */
    int max_atoms = isa == SIM_AVR ? 2 : MAX_ATOMS, bits = outcome_bits(isa);
    struct atom atoms[4 * MAX_ATOMS];
    int na = 0, nout = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t m = 0; m < f->nblocks; m++) {
            if (!in_s[m])
                continue;
            const struct mblock *b = &f->blocks[m];
            for (size_t k = 0; k < b->ninsns; k++) {
                const struct minsn *in = &b->insns[k];
                if (opaque(in)) {
                    if (trace)
                        fprintf(stderr, "  [%zu] %s %s: opaque\n", m, in->mnemonic, in->ops);
                    return false;
                }
                struct atom a;
                bool imm_form;
                int64_t imm = 0;
                if (!read_compare(isa, f, (int)m, k, &a, &imm_form, &imm))
                    continue;
                unsigned o = in->src_col == ENG_PROVENANCE_COLUMN && in->src_line <= nord ? in->src_line : 0;
                LLVMValueRef cmp = o ? ord_inst[o] : NULL;
                bool located = cmp && LLVMGetInstructionParent(cmp) == bb &&
                               (a.sign ? is_abs(cmp) : LLVMIsAICmpInst(cmp) != NULL);
                if (pass == 0 && located) {
                    if (!atom_of(isa, &a, imm_form, imm, cmp, ord_inst, nord)) {
                        if (trace)
                            fprintf(stderr, "  [%zu] %s %s: not the comparison's operands (%u)\n", m, in->mnemonic,
                                    in->ops, o);
                        return false;
                    }
                    if (nout == max_atoms)
                        return false;
                    a.bit = bits * nout++;
                    atoms[na++] = a;
                } else if (pass == 1 && !located && !imm_form && !a.sign && na < 4 * MAX_ATOMS) {
                    /* the same registers, written by the same instructions, as an atom */
                    for (int j = 0; j < nout; j++) {
                        const struct atom *e = &atoms[j];
                        bool same = e->nregs == a.nregs && e->len == a.len;
                        for (int r = 0; r < a.nregs && same; r++)
                            same = e->regs[r] == a.regs[r] && e->writes[r] && e->writes[r] == a.writes[r];
                        if (!same)
                            continue;
                        int field = a.field;
                        a = *e;
                        a.m = (int)m, a.k = k, a.field = field;
                        atoms[na++] = a;
                        break;
                    }
                }
                k += a.len - 1;
            }
        }
    if (nout == 0)
        return false;
    /* every value through the blocks */
    uint64_t *run = sup_xcalloc(f->nblocks, sizeof *run), *taken = sup_xcalloc(f->nblocks, sizeof *taken);
    int *seen = sup_xcalloc(f->nblocks, sizeof *seen);
    uint64_t valid = 0;
    bool ok = true;
    for (unsigned v = 0; v < (1u << (bits * nout)) && ok; v++) {
        bool bad = false;
        for (int a = 0; a < nout; a++)
            bad |= !outcome_valid(isa, v >> (bits * a) & ((1u << bits) - 1));
        if (bad)
            continue;
        valid |= 1ull << v;
        struct sim st;
        struct slots sl;
        memset(&st, 0, sizeof st);
        memset(&sl, 0, sizeof sl);
        st.isa = isa;
        for (int c = 0; c < 8; c++)
            st.cr[c] = -1;
        if (isa == SIM_AVR)
            mc_sim_set_reg(&st, 1, 0, true); /* (the AVR's zero register) */
        int m = head;
        bool sign_read = false, made_up = false;
        for (int steps = 0; ok && m >= 0 && in_s[m]; steps++) {
            if (seen[m] == (int)v + 1 || steps > (int)f->nblocks) {
                ok = false; /* (a loop) */
                break;
            }
            seen[m] = (int)v + 1;
            run[m] |= 1ull << v;
            const struct mblock *b = &f->blocks[m];
            long j = mc_final_branch(b, false);
            size_t end = j >= 0 ? (size_t)j : b->ninsns;
            for (size_t k = 0; k < end; k++) {
                const struct minsn *in = &b->insns[k];
                int a = 0;
                while (a < na && !(atoms[a].m == m && atoms[a].k == k))
                    a++;
                if (a < na) {
                    sign_read |= atoms[a].sign;
                    made_up = !atoms[a].sign; /* (a compare's outcome sets no real N and V) */
                    set_outcome(&st, &atoms[a], v >> atoms[a].bit & ((1u << bits) - 1));
                    k += atoms[a].len - 1;
                    continue;
                }
                if (mc_is_control(in))
                    continue; /* (the final jump) */
                made_up &= keeps_flags(in->mnemonic);
                step(&st, &sl, in);
            }
            if (j < 0) {
                m = b->nsucc == 1 && !b->exits ? b->succ[0] : -1;
                if (b->nsucc > 1)
                    ok = false;
                continue;
            }
            const char *bm = b->insns[j].mnemonic;
            if (made_up && (!strcmp(bm, "brmi") || !strcmp(bm, "brpl") || !strcmp(bm, "brvs") || !strcmp(bm, "brvc"))) {
                ok = false;
                break;
            }
            int t = mc_sim_branch(&st, &b->insns[j]), tg = b->insns[j].target;
            if (sign_read)
                st.fk = false, sign_read = false; /* (its other flags were made up) */
            if (t < 0 || b->nsucc != 2 || tg < 0 || (b->succ[0] != tg && b->succ[1] != tg) || b->succ[0] == b->succ[1]) {
                ok = false;
                break;
            }
            if (t)
                taken[m] |= 1ull << v;
            m = t ? tg : b->succ[0] == tg ? b->succ[1] : b->succ[0];
        }
    }
    if (trace)
        fprintf(stderr, "  %d atoms (%d repeated), paths %s\n", nout, na - nout,
                ok && run[head] == valid ? "followed" : "not followed");
    if (ok && run[head] == valid) {
        struct eng_probe p = {.at = at};
        size_t cap = 0;
        uint32_t sum = 0;
        for (int a = 0; a < nout; a++) {
            LLVMValueRef x = atoms[a].x, y = atoms[a].y;
            unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
            uint32_t xv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = w, .value = x});
            uint32_t yv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = w, .value = y});
            /* the outcome's bits, lowest first, each doubled to its place */
            LLVMIntPredicate preds[3] = {atoms[a].order_signed ? LLVMIntSLT : LLVMIntULT, LLVMIntEQ, LLVMIntEQ};
            if (isa == SIM_AVR)
                preds[0] = LLVMIntSLT, preds[1] = LLVMIntULT;
            uint32_t fv = 0;
            for (int bt = bits; bt-- > 0;) {
                uint32_t c = mc_probe_node(&p, &cap, (struct eng_probe_node){
                    .op = ENG_PROBE_ICMP, .width = w, .imm = preds[bt], .a = xv, .b = yv});
                fv = bt == bits - 1 ? c
                                    : mc_probe_node(&p, &cap, (struct eng_probe_node){
                                          .op = ENG_PROBE_ADD, .width = 8,
                                          .a = mc_probe_node(&p, &cap, (struct eng_probe_node){
                                              .op = ENG_PROBE_ADD, .width = 8, .a = fv, .b = fv}),
                                          .b = c});
            }
            for (int d = 0; d < atoms[a].bit; d++)
                fv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = fv, .b = fv});
            sum = a ? mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = sum, .b = fv})
                    : fv;
        }
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n] = p;
        size_t probe = out->n++;
        for (size_t n = 0; n <= f->nblocks; n++) { /* (the head's use first) */
            size_t m = n == 0 ? (size_t)head : n - 1;
            if ((n && m == (size_t)head) || !in_s[m] || !run[m] || mc_final_branch(&f->blocks[m], false) < 0)
                continue;
            if (trace)
                fprintf(stderr, "  use [%zu] run %#llx taken %#llx\n", m, (unsigned long long)run[m],
                        (unsigned long long)taken[m]);
            f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
            f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
                .probe = (uint32_t)probe, .block = (int)m, .run = run[m], .taken = taken[m], .path = true};
        }
    }
    bool done = ok && run[head] == valid;
    free(run);
    free(taken);
    free(seen);
    return done;
}

/* The probe of BB's compares (AT: its terminator) and its uses, when every
 * path is followed. */
static void block_probe(enum sim_isa isa, struct mfunc *f, LLVMBasicBlockRef bb, LLVMValueRef *ord_inst,
                        LLVMBasicBlockRef *ord_bb, size_t nord, bool *in_r, struct lower_probes *out)
{
    LLVMValueRef at = LLVMGetBasicBlockTerminator(bb);
    if (!at)
        return;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsACallInst(i) && !returning_intrinsic(i))
            return; /* (one that does not return would leave the terminator unrun) */
    int nbranches;
    int head = region(f, bb, ord_bb, nord, in_r, &nbranches);
    bool trace = getenv("LPNEST_TRACE_PROBES") != NULL;
    if (trace && nbranches >= 2)
        fprintf(stderr, "paths %s %s: %d branches, head %d\n", f->name, LLVMGetBasicBlockName(bb), nbranches, head);
    if (head < 0)
        return;
    /* all the blocks at once; else each part between the blocks every path from the
     * head out of them passes (in their order): such a block's code runs once on
     * every execution of BB */
    if (part_probe(isa, f, bb, at, ord_inst, nord, in_r, head, trace, out))
        return;
    size_t nr = 0;
    for (size_t m = 0; m < f->nblocks; m++)
        nr += in_r[m];
    if (nr > 256)
        return;
    int *cuts = sup_xcalloc(nr + 1, sizeof *cuts), *reach = sup_xcalloc(nr + 1, sizeof *reach), ncuts = 0;
    bool *in_s = sup_xcalloc(f->nblocks + 1, sizeof *in_s);
    int *stack = sup_xcalloc(f->nblocks + 1, sizeof *stack);
    for (size_t c = 0; c < f->nblocks; c++) {
        if (!in_r[c])
            continue;
        /* from the head, avoiding C: does a path leave? (and how many blocks C reaches) */
        bool leaves = false;
        for (int pass = 0; pass < 2; pass++) {
            memset(in_s, 0, (f->nblocks + 1) * sizeof *in_s);
            int sp = 0, n = 0, from = pass ? (int)c : head;
            if (!pass && (size_t)head == c)
                continue;
            stack[sp++] = from, in_s[from] = true;
            while (sp) {
                const struct mblock *b = &f->blocks[stack[--sp]];
                n++;
                if (b->exits || b->nsucc == 0)
                    leaves = !pass ? true : leaves;
                for (size_t q = 0; q < b->nsucc; q++) {
                    int t = b->succ[q];
                    if (!in_r[t] || t == head) { /* (out of them, or back to the head: the next execution) */
                        leaves = !pass ? true : leaves;
                        continue;
                    }
                    if (in_s[t] || (!pass && (size_t)t == c))
                        continue;
                    in_s[t] = true, stack[sp++] = t;
                }
            }
            if (pass)
                reach[ncuts] = n;
        }
        if (!leaves)
            cuts[ncuts++] = (int)c;
    }
    /* in order: each reaches fewer blocks than the one before */
    for (int a = 1; a < ncuts; a++)
        for (int b = a; b > 0 && reach[b] > reach[b - 1]; b--) {
            int tc = cuts[b], tr = reach[b];
            cuts[b] = cuts[b - 1], reach[b] = reach[b - 1], cuts[b - 1] = tc, reach[b - 1] = tr;
        }
    for (int c = 0; c < ncuts && ncuts > 1; c++) {
        /* the part: what the cut reaches before the next cut */
        memset(in_s, 0, (f->nblocks + 1) * sizeof *in_s);
        int sp = 0;
        stack[sp++] = cuts[c], in_s[cuts[c]] = true;
        while (sp) {
            const struct mblock *b = &f->blocks[stack[--sp]];
            for (size_t q = 0; q < b->nsucc; q++) {
                int t = b->succ[q];
                bool cut = false; /* (a part ends at the next cut, and at the head a loop returns to) */
                for (int d = 0; d < ncuts && !cut; d++)
                    cut = t == cuts[d];
                if (in_r[t] && !in_s[t] && !cut)
                    in_s[t] = true, stack[sp++] = t;
            }
        }
        if (trace)
            fprintf(stderr, " part from [%d]\n", cuts[c]);
        part_probe(isa, f, bb, at, ord_inst, nord, in_s, cuts[c], trace, out);
    }
    free(cuts);
    free(reach);
    free(in_s);
    free(stack);
}

void lower_path_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    enum sim_isa isa;
    if (triple && !strncmp(triple, "avr", 3))
        isa = SIM_AVR;
    else if (triple && !strncmp(triple, "powerpc", 7) && strncmp(triple, "powerpc64", 9))
        isa = SIM_PPC;
    else
        return;
    if (f->nblocks > 4000)
        return; /* (the searches for writes recurse once per block) */
    size_t nord = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            nord++;
    LLVMBasicBlockRef *ord_bb = sup_xcalloc(nord + 2, sizeof *ord_bb);
    LLVMValueRef *ord_inst = sup_xcalloc(nord + 2, sizeof *ord_inst);
    size_t k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            ord_bb[++k] = bb, ord_inst[k] = i;
    bool *in_r = sup_xcalloc(f->nblocks + 1, sizeof *in_r);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        block_probe(isa, f, bb, ord_inst, ord_bb, nord, in_r, out);
    free(in_r);
    free(ord_inst);
    free(ord_bb);
}
