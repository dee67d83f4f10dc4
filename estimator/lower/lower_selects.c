/* lower_selects.c — selects (and min/max, saturations, comparisons' values)
 * that code generation turned into branches: which side of the branch is
 * the arm, which value it gives, and the constraints their recorded
 * outcomes put on the arm edges. */
#include "counts.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* x86-64 (AT&T operands, the destination last): "movl %r9d, %r8d". */
static bool x86_register_move(const struct minsn *in)
{
    const char *mn = in->mnemonic, *o = in->ops;
    if (strncmp(mn, "mov", 3) || !mn[3] || mn[4] || !strchr("bwlq", mn[3]) || o[0] != '%')
        return false;
    const char *comma = strchr(o, ',');
    return comma && comma[1] == ' ' && comma[2] == '%' && !strchr(comma + 1, '(');
}

/* Whether block B holds only register copies (and control): the side of
 * a saturation's branch that passes the computed value on. */
static bool only_register_copies(const struct mblock *b)
{
    size_t copies = 0;
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        if (mc_is_control(in))
            continue;
        if (strcmp(in->mnemonic, "mv") && strcmp(in->mnemonic, "mr") && strcmp(in->mnemonic, "mov") &&
            strcmp(in->mnemonic, "movw") && !x86_register_move(in))
            return false;
        copies++;
    }
    return copies > 0;
}

/* Whether REG's last write in block B is a constant (li, lui, lis, ldi,
 * with the addi/ori that complete it). */
static bool constant_in(const struct mblock *b, const char *reg)
{
    if (reg[0] == '%') {
        /* x86-64: the last instruction naming REG as its destination (last operand) */
        size_t rn = strlen(reg);
        for (size_t k = b->ninsns; k-- > 0;) {
            const struct minsn *in = &b->insns[k];
            size_t ol = strlen(in->ops);
            if (mc_is_control(in) || ol < rn || strcmp(in->ops + ol - rn, reg) ||
                (ol > rn && in->ops[ol - rn - 1] != ' '))
                continue;
            if (!strncmp(in->mnemonic, "cmp", 3) || !strncmp(in->mnemonic, "test", 4))
                continue; /* (reads it) */
            if (!strncmp(in->mnemonic, "xor", 3) && ol == 2 * rn + 2 && !strncmp(in->ops, reg, rn))
                return true; /* (zeroed) */
            return !strncmp(in->mnemonic, "mov", 3) && in->ops[0] == '$';
        }
        return false;
    }
    static const char *const stores[] = {"sw", "sh", "sb", "stw", "sth", "stb", "stwu", "sthu", "stbu", "st", "std",
                                         "sts", NULL};
    size_t n = strlen(reg);
    for (size_t k = b->ninsns; k-- > 0;) {
        const struct minsn *in = &b->insns[k];
        if (mc_is_control(in) || strncmp(in->ops, reg, n) || in->ops[n] != ',')
            continue;
        bool store = false;
        for (const char *const *st = stores; *st && !store; st++)
            store = !strcmp(in->mnemonic, *st);
        if (store)
            continue;
        if (!strcmp(in->mnemonic, "li") || !strcmp(in->mnemonic, "lui") || !strcmp(in->mnemonic, "lis") ||
            !strcmp(in->mnemonic, "ldi"))
            return true;
        /* (the second half of a constant: addi r, r, lo) */
        const char *rest = in->ops + n + 1;
        while (*rest == ' ')
            rest++;
        if ((!strcmp(in->mnemonic, "addi") || !strcmp(in->mnemonic, "ori")) && !strncmp(rest, reg, n) &&
            rest[n] == ',')
            continue;
        return false;
    }
    return false;
}

/* Which value a saturation's arm ARM (after block M) gives: 1 the
 * computed value, 0 the bound, -1 unknown. A side that computes or loads a
 * constant makes the bound; one that copies a register gives what the
 * register holds: the bound when M loaded a constant into it, the value when
 * M loaded the bound into the copy's destination before the branch (on the
 * AVR, the registers' known values: a bound loaded into r16:r17 before a
 * loop and copied with "movw r24, r16" in M). */
static int saturation_sense(const struct solver *s, size_t m, const struct mblock *arm0)
{
    const struct mblock *head = &s->mf->blocks[m];
    /* an arm that also holds a copy of the code after the join (tail
     * duplication: x86 "movl %r10d, %r9d; cmpl $4699, %r9d; jb", the other
     * side "cmpl $4699, %r9d; jae"): neither its shape nor its copy says
     * which runs the bound (host branchgen 71035: its count is not the
     * record's either way) */
    const struct mblock *arm = arm0;
    if (arm->nsucc > 1)
        return -1;
    /* an arm that stores puts a value in its home in memory: either one
     * (AVR uadd.sat.i16 kept in the frame, "std Y+4, r31; std Y+3, r30"
     * storing the sum over the saturated value stored before, branchgen
     * 72030) */
    for (size_t k = 0; k < arm->ninsns; k++)
        if (arm->insns[k].isa && arm->insns[k].isa->kind == ISA_STORE)
            return -1;
    if (!only_register_copies(arm))
        return 0;
    const struct minsn *copy = NULL;
    for (size_t k = 0; k < arm->ninsns && !copy; k++)
        if (!mc_is_control(&arm->insns[k]))
            copy = &arm->insns[k];
    const char *comma = strchr(copy->ops, ',');
    if (!comma)
        return -1;
    char dest[16], src[16];
    size_t dn = (size_t)(comma - copy->ops);
    const char *sp = comma + 1;
    while (*sp == ' ')
        sp++;
    if (dn >= sizeof dest || strlen(sp) >= sizeof src)
        return -1;
    memcpy(dest, copy->ops, dn);
    dest[dn] = '\0';
    strcpy(src, sp);
    /* the same copy on the other side is code both paths run, not the
     * choice (AVR sadd.sat.i16: both sides "movw r26, r8", the bound MIN
     * kept for a later use; the sum stays in r16:r17, branchgen 72043) */
    for (size_t j = 0; j < head->nsucc; j++) {
        const struct mblock *o = &s->mf->blocks[head->succ[j]];
        for (size_t k = 0; o != arm && k < o->ninsns; k++)
            if (!strcmp(o->insns[k].mnemonic, copy->mnemonic) && !strcmp(o->insns[k].ops, copy->ops))
                return -1;
    }
    if (x86_register_move(copy)) {
        /* (AT&T: source first) */
        char t[16];
        strcpy(t, dest);
        strcpy(dest, src);
        strcpy(src, t);
    }
    if (s->avr_entry) {
        bool src_known = mc_avr_reg_value(s, m, head->ninsns, src, strlen(src)) >= 0;
        bool dest_known = mc_avr_reg_value(s, m, head->ninsns, dest, strlen(dest)) >= 0;
        return src_known == dest_known ? -1 : dest_known ? 1 : 0;
    }
    if (constant_in(head, src))
        return 0;
    return constant_in(head, dest) ? 1 : -1;
}

/* Whether block B computes (an instruction that is neither control, a
 * register copy nor a constant load): the bound of a signed saturation,
 * (sum >> 31) ^ MIN. */
static bool computes(const struct mblock *b)
{
    static const char *const plain[] = {"mv", "mr", "mov", "movw", "li", "lis", "ldi", "lui", NULL};
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        bool p = mc_is_control(in);
        for (const char *const *c = plain; *c && !p; c++)
            p = !strcmp(in->mnemonic, *c);
        if (!p)
            return true;
    }
    return false;
}

/* The arm of a saturation's branch ending block M, -1 when the shape is
 * not one of those the backend's expansion makes: a triangle, whose arm
 * copies the computed value (the bound was loaded before the branch) or
 * makes the bound (computes it, or loads it: an unsigned bound), or a
 * diamond with a side that copies the value and a side that makes the
 * bound; the latter is the arm. (The branches that make the expansion's
 * comparisons into values, li 1; blt; li 0, were set aside before:
 * flag_made_with_branch.) */
static int saturation_arm(const struct solver *s, size_t m)
{
    const struct mfunc *mf = s->mf;
    const struct mblock *b = &mf->blocks[m];
    int a = b->succ[0], t = b->succ[1];
    const struct mblock *sb[2] = {&mf->blocks[a], &mf->blocks[t]};
    long long imm;
    for (int k = 0; k < 2; k++)
        if (sb[k]->npred == 1 && sb[k]->nsucc == 1 && sb[k]->succ[0] == b->succ[1 - k] &&
            !(sb[1 - k]->nsucc == 1 && sb[1 - k]->succ[0] == b->succ[k]))
            return only_register_copies(sb[k]) || computes(sb[k]) || mc_arm_constant(sb[k], &imm) ? k : -1;
    if (sb[0]->npred != 1 || sb[1]->npred != 1 || sb[0]->nsucc != 1 || sb[1]->nsucc != 1 ||
        sb[0]->succ[0] != sb[1]->succ[0])
        return -1;
    /* a side that copies what a register holds says which it is: the bound
     * when M loaded a constant into the source (rv32 ssub.sat.i16: "lui t0, 8;
     * addi t0, t0, -1; bge t0, t5", the side "mv t5, t0" clamps, the other
     * sign-extends the value: it computes, and is not the bound) */
    for (int k = 0; k < 2; k++)
        if (only_register_copies(sb[k])) {
            int v = saturation_sense(s, m, sb[k]);
            if (v == 0)
                return k;
            if (v == 1 && !only_register_copies(sb[1 - k]))
                return 1 - k;
        }
    for (int k = 0; k < 2; k++)
        if ((computes(sb[k]) || mc_arm_constant(sb[k], &imm)) && only_register_copies(sb[1 - k]))
            return k;
    return -1;
}

/* Whether the register named by the first REG characters of OPS holds, on
 * every path into instruction END of block M, a constant other than C1,
 * loaded last by an instruction of M or, where M does not write it, of the
 * blocks before it (PowerPC sadd.sat: "li r5, 1" blocks above the "cmpw;
 * blt; li r5, 0" that makes the sum's carry, branchgen 77612); no call
 * between, at most DEPTH blocks back; STATE per block: 1 on the walk (a loop
 * back: unknown), 2 known to hold. */
static bool other_constant_before(const struct mfunc *mf, size_t m, size_t end, const char *ops, size_t reg,
                                  long long c1, int depth, signed char *state)
{
    const struct mblock *b = &mf->blocks[m];
    for (size_t j = end; j-- > 0;) {
        const struct minsn *in = &b->insns[j];
        if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL))
            return false; /* (clobbered) */
        if (strncmp(in->ops, ops, reg) || in->ops[reg] != ',')
            continue; /* (another register) */
        struct mblock one = {.insns = (struct minsn *)in, .ninsns = 1};
        long long c0;
        return mc_arm_constant(&one, &c0) && c0 != c1;
    }
    if (state[m] == 2)
        return true;
    if (depth == 0 || b->npred == 0 || state[m] == 1)
        return false;
    state[m] = 1;
    for (size_t k = 0; k < b->npred; k++) {
        size_t p = (size_t)b->pred[k];
        if (!other_constant_before(mf, p, mf->blocks[p].ninsns, ops, reg, c1, depth - 1, state))
            return false;
    }
    state[m] = 2;
    return true;
}

/* Whether block M computes a saturation without a branch before its own
 * branch (RISC-V: the flag "sltu rF, ..." made a mask, "neg rF, rF" or
 * "addi rF, rF, -1", and or'ed or and'ed with the value): the saturation
 * took no branch, and the one that ends M is the next choice's (rv32
 * branchgen 90047: uadd.sat as "sltu; neg; or", then umin(.., 10704)'s
 * "bltu" located at the saturation: 122 taken for qemu's 42). */
static bool saturation_made_branch_free(const struct mfunc *mf, size_t m)
{
    const struct mblock *b = &mf->blocks[m];
    for (size_t k = 0; k + 2 < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        char f[3][16], g[3][16], h[3][16];
        if ((strcmp(in->mnemonic, "sltu") && strcmp(in->mnemonic, "sltiu")) || mc_insn_operands(in, f, 3) < 2)
            continue;
        for (size_t j = k + 1; j + 1 < b->ninsns && j <= k + 3; j++) {
            const struct minsn *mk = &b->insns[j];
            int n = mc_insn_operands(mk, g, 3);
            bool mask = (!strcmp(mk->mnemonic, "neg") && n == 2 && !strcmp(g[1], f[0])) ||
                        (!strcmp(mk->mnemonic, "addi") && n == 3 && !strcmp(g[1], f[0]) && !strcmp(g[2], "-1"));
            if (!mask)
                continue;
            for (size_t i = j + 1; i < b->ninsns && i <= j + 3; i++) {
                const struct minsn *use = &b->insns[i];
                if ((!strcmp(use->mnemonic, "or") || !strcmp(use->mnemonic, "and")) && mc_insn_operands(use, h, 3) == 3 &&
                    (!strcmp(h[1], g[0]) || !strcmp(h[2], g[0])))
                    return true;
            }
        }
    }
    return false;
}

/* Whether the branch ending block M makes a comparison into a value, as
 * the expansion of a saturation does on cores without set-on-condition
 * (PowerPC: "li r, 1; ...; blt; li r, 0"): one side only loads into a
 * register another constant than M (or the blocks before it) loaded into
 * it before the branch. It computes a condition of the saturation, not its
 * choice. */
static bool flag_made_with_branch(const struct mfunc *mf, size_t m)
{
    const struct mblock *b = &mf->blocks[m];
    for (int k = 0; k < 2 && b->nsucc == 2; k++) {
        const struct mblock *arm = &mf->blocks[b->succ[k]];
        long long c1;
        if (arm->npred != 1 || !mc_arm_constant(arm, &c1))
            continue;
        const struct minsn *load = NULL;
        for (size_t j = 0; j < arm->ninsns && !load; j++)
            if (!mc_is_control(&arm->insns[j]))
                load = &arm->insns[j];
        const char *comma = strchr(load->ops, ',');
        if (!comma)
            continue;
        size_t reg = (size_t)(comma - load->ops);
        signed char *state = calloc(mf->nblocks, 1);
        bool other = state && other_constant_before(mf, m, b->ninsns, load->ops, reg, c1, 8, state);
        free(state);
        if (other)
            return true;
    }
    return false;
}

/* Whether the branch ending block M picks which comparison makes a flag:
 * both sides only set the same register by a set-on-condition ("slt",
 * "sltu", "slti", "sltiu") and meet (rv32's 64-bit compare: "beqz hi_diff",
 * then the low words' "sltu t0" or the high words' "slti t0"). The select's
 * choice is a later branch on that flag. */
static bool flag_of_wide_compare(const struct mfunc *mf, size_t m)
{
    const struct mblock *b = &mf->blocks[m];
    if (b->nsucc != 2)
        return false;
    char reg[2][16];
    int join = -1;
    for (int k = 0; k < 2; k++) {
        const struct mblock *side = &mf->blocks[b->succ[k]];
        const struct minsn *only = NULL;
        size_t n = 0;
        for (size_t j = 0; j < side->ninsns; j++)
            if (!mc_is_control(&side->insns[j])) {
                only = &side->insns[j];
                n++;
            }
        if (side->npred != 1 || side->nsucc != 1 || n != 1 || strncmp(only->mnemonic, "slt", 3) ||
            (join >= 0 && side->succ[0] != join))
            return false;
        join = side->succ[0];
        size_t len = strcspn(only->ops, ",");
        if (len == 0 || len >= sizeof reg[k])
            return false;
        memcpy(reg[k], only->ops, len);
        reg[k][len] = '\0';
    }
    return !strcmp(reg[0], reg[1]);
}

/* Which successor of block M (whose branch is a select's) is the select's
 * arm, the side that assigns its second value: a block entered only from M
 * that joins the other side (a triangle), the named side of a diamond whose
 * other side is a split edge, or, where both sides continue with further
 * code (chained selects, code duplicated into both sides), the side with
 * more non-branch instructions (the assignment); else the side the branch
 * sends the select's condition to (lower_select_sides.c). -1 when unclear. */
static int select_arm_shape(const struct solver *s, size_t m);
static int select_arm(const struct solver *s, size_t m)
{
    int k = select_arm_shape(s, m);
    /* (a compare view's head whose branch's sense names the comparison's side) */
    return k < 0 && mc_constant_compare_head(s, m) ? 0 : k;
}

static int select_arm_shape(const struct solver *s, size_t m)
{
    const struct mfunc *mf = s->mf;
    const struct mblock *b = &mf->blocks[m];
    if (b->nsucc != 2 || b->succ[0] == b->succ[1])
        return -1;
    uint32_t r = (uint32_t)s->sel_head[m];
    if (s->sel_head[m] >= 0 && r < s->xf->nselects && s->xf->selects[r].kind == CNT_SEL_SAT) {
        /* (other shapes, e.g. a clamp to two bounds of a promoted lane: below) */
        int k = saturation_arm(s, m);
        if (k >= 0)
            return k;
        /* a diamond neither side of which passes the value on: which side
         * makes the bound, the shape does not say (AVR branchgen 90015:
         * sadd.sat.i8's overflow flag "eor; cpi r22, 0; brne" over "lsl;
         * sbc; ldi r22, -128; eor", the bound, and "ldi r22, -128", a
         * constant the other side keeps, named after the IR block: 10 for
         * simavr's 53) */
        const struct mblock *sa = &mf->blocks[b->succ[0]], *sb = &mf->blocks[b->succ[1]];
        if (sa->npred == 1 && sb->npred == 1 && sa->nsucc == 1 && sb->nsucc == 1 && sa->succ[0] == sb->succ[0] &&
            !only_register_copies(sa) && !only_register_copies(sb))
            return -1;
    }
    int a = b->succ[0], t = b->succ[1];
    const struct mblock *ab = &mf->blocks[a], *tb = &mf->blocks[t];
    if (ab->nsucc == 1 && ab->succ[0] == t && !(tb->nsucc == 1 && tb->succ[0] == a))
        return 0; /* a triangle (the arm may be shared with other code) */
    if (tb->nsucc == 1 && tb->succ[0] == a && !(ab->nsucc == 1 && ab->succ[0] == t))
        return 1;
    /* an arm shared by copies of the select's branch */
    for (int k = 0; k < 2; k++) {
        const struct mblock *arm = &mf->blocks[b->succ[k]];
        bool shared = arm->nsucc == 1 && arm->npred > 1;
        for (size_t p = 0; p < arm->npred && shared; p++) {
            const struct mblock *pb = &mf->blocks[arm->pred[p]];
            shared = s->sel_head[arm->pred[p]] == s->sel_head[m] && pb->nsucc == 2 &&
                     (pb->succ[0] == arm->succ[0] || pb->succ[1] == arm->succ[0]);
        }
        if (shared)
            return k;
    }
    if (ab->npred == 1 && tb->npred == 1 && ab->nsucc == 1 && tb->nsucc == 1 && ab->succ[0] == tb->succ[0]) {
        bool an = ab->ir_name != NULL, tn = tb->ir_name != NULL;
        return an && !tn ? 0 : tn && !an ? 1 : -1;
    }
    /* both sides stay in the select's IR block and have no other entries
     * than copies of this code */
    if (s->in_g[a] != s->in_g[m] || s->in_g[t] != s->in_g[m] || s->in_g[m] < 0)
        return mc_select_arm_by_branch(s, m);
    size_t na = 0, nt = 0;
    for (size_t k = 0; k < ab->ninsns; k++)
        na += !mc_is_control(&ab->insns[k]);
    for (size_t k = 0; k < tb->ninsns; k++)
        nt += !mc_is_control(&tb->insns[k]);
    return na > nt ? 0 : nt > na ? 1 : mc_select_arm_by_branch(s, m);
}

/* Whether V is a constant integer an arm loading IMM (a register's worth,
 * sign-extended) makes: equal in V's width up to 32 bits; a wider V's low or
 * high word (a 64-bit select made one word at a time). */
static bool constant_is(LLVMValueRef v, long long imm)
{
    if (!LLVMIsAConstantInt(v))
        return false;
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    unsigned long long x = (unsigned long long)LLVMConstIntGetSExtValue(v), i = (unsigned long long)imm;
    if (w > 32)
        return (uint32_t)x == (uint32_t)i || (uint32_t)(x >> 32) == (uint32_t)i;
    unsigned long long mask = w >= 64 ? ~0ull : (1ull << w) - 1;
    return ((x ^ i) & mask) == 0;
}

static bool is_copy(const struct minsn *in)
{
    static const char *const copies[] = {"mv", "mr", "li", "lis", "ldi", "mov", "movw", "lui", NULL};
    for (const char *const *c = copies; *c; c++)
        if (!strcmp(in->mnemonic, *c))
            return true;
    return false;
}

/* Like arm_constant, for an arm that also holds a copy of the code of the
 * other side (OTHER) after its assignment: the instructions both end with
 * are set aside first. */
/* An AVR register number ("r24"), or -1. */
static int avr_reg(const char *o, const char **end)
{
    if ((o[0] != 'r' && o[0] != 'R') || !isdigit((unsigned char)o[1]))
        return -1;
    char *e;
    long r = strtol(o + 1, &e, 10);
    *end = e;
    return r >= 0 && r < 32 ? (int)r : -1;
}

/* AVR: the first A instructions of ARM load immediates and copy them into
 * the registers the value is made in, spills aside ("ldi r24, 160; ldi r25,
 * 0; mov r12, r24; mov r13, r25": 160 in r12:r13, avr branchgen 79610):
 * that constant, read from the copies' registers, one run, low byte first. */
static bool avr_copied_constant(const struct mblock *arm, size_t a, long long *imm)
{
    long long val[32];
    bool known[32] = {false}, dest[32] = {false}, copies = false;
    for (size_t k = 0; k < a; k++) {
        const struct minsn *in = &arm->insns[k];
        const char *e;
        if (mc_is_control(in) || (in->isa && in->isa->kind == ISA_STORE))
            continue;
        int d = avr_reg(in->ops, &e);
        if (d < 0 || strncmp(e, ", ", 2))
            return false;
        const char *src = e + 2;
        if (!strcmp(in->mnemonic, "ldi")) {
            char *end;
            long long v = strtoll(src, &end, 0);
            if (*end || end == src)
                return false;
            val[d] = v & 0xff, known[d] = true, dest[d] = false;
            continue;
        }
        int w = !strcmp(in->mnemonic, "movw") ? 2 : !strcmp(in->mnemonic, "mov") ? 1 : 0;
        int r = avr_reg(src, &e);
        if (!w || r < 0 || *e || d + w > 32 || r + w > 32)
            return false;
        for (int i = 0; i < w; i++) {
            if (!known[r + i] && r + i != 1)
                return false;
            val[d + i] = r + i == 1 ? 0 : val[r + i], known[d + i] = true, dest[d + i] = true;
        }
        copies = true;
    }
    if (!copies)
        return false;
    int lo = -1, n = 0;
    for (int i = 0; i < 32; i++)
        if (dest[i]) {
            if (lo < 0)
                lo = i;
            else if (i != lo + n)
                return false; /* (not one run of registers) */
            n++;
        }
    if (n > 8)
        return false;
    unsigned long long v = 0;
    for (int i = 0; i < n; i++)
        v |= (unsigned long long)val[lo + i] << (8 * i);
    unsigned bits = 8 * (unsigned)n;
    if (bits < 64 && (v >> (bits - 1) & 1))
        v |= ~0ull << bits;
    *imm = (long long)v;
    return true;
}

static bool arm_assignment(const struct mblock *arm, const struct mblock *other, long long *imm)
{
    size_t a = arm->ninsns, o = other ? other->ninsns : 0;
    while (a > 0 && o > 0 && !strcmp(arm->insns[a - 1].mnemonic, other->insns[o - 1].mnemonic) &&
           !strcmp(arm->insns[a - 1].ops, other->insns[o - 1].ops))
        a--, o--;
    struct mblock prefix = *arm;
    prefix.ninsns = a;
    if (mc_arm_constant(&prefix, imm))
        return true;
    if (avr_copied_constant(arm, a, imm))
        return true;
    /* an upper-immediate load alone ("lui a3, 32768": 134217728; "lis") */
    const struct minsn *only = NULL;
    size_t n = 0;
    for (size_t k = 0; k < a; k++)
        if (!mc_is_control(&arm->insns[k])) {
            only = &arm->insns[k];
            n++;
        }
    if (n != 1 || (strcmp(only->mnemonic, "lui") && strcmp(only->mnemonic, "lis")))
        return false;
    const char *comma = strrchr(only->ops, ',');
    char *end;
    long long hi = comma ? strtoll(comma + 1, &end, 0) : 0;
    if (!comma || end == comma + 1 || *end)
        return false;
    *imm = (int32_t)((uint32_t)hi << (only->mnemonic[1] == 'u' ? 12 : 16));
    return true;
}

/* Whether V is the overflow bit of an llvm.*.with.overflow call: the back end
 * tests the operation's result for it in either sense (rv32 smul.i16: "beq" of
 * the product and its sign extension skips the arm that gives the select's
 * first value), so the expansion's usual shape says nothing about the arm. */
static bool overflow_bit(LLVMValueRef v)
{
    if (!LLVMIsAExtractValueInst(v) || LLVMGetNumIndices(v) != 1 || LLVMGetIndices(v)[0] != 1)
        return false;
    LLVMValueRef call = LLVMGetOperand(v, 0);
    LLVMValueRef callee = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
    size_t n = 0;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    return !strncmp(name, "llvm.", 5) && strstr(name, ".with.overflow") != NULL;
}

/* Whether V is the condition of a conditional branch, or an operand of the
 * i1 logic (and, or, xor, a select of booleans) that makes one: the back end
 * may then make V as its complement (AVR recursion.c's op_add: "b < 0", the
 * first operand of a select-as-and, made as "ldi 1; tst; brpl; mov 0", the
 * value 1 when b >= 0, for "brne" to the false side). */
static bool decides_branch_depth(LLVMValueRef v, int depth)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsABranchInst(user) && LLVMIsConditional(user))
            return true;
        if (depth > 0 && LLVMIsAInstruction(user) && LLVMTypeOf(user) == LLVMTypeOf(v) &&
            LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1) {
            LLVMOpcode op = LLVMGetInstructionOpcode(user);
            if ((op == LLVMAnd || op == LLVMOr || op == LLVMXor || op == LLVMSelect) &&
                decides_branch_depth(user, depth - 1))
                return true;
        }
    }
    return false;
}

static bool decides_branch(LLVMValueRef v) { return decides_branch_depth(v, 4); }

/* Whether select SEL's condition is i1 logic: and, or, xor, or their select
 * forms ("select a, true, b" for a || b): the backend may test its operands
 * with a branch each and rearrange the values (AVR avr_invert_select.c:
 * "invert || r ? (invert && r ? 1 : -1) : 1" made as "r ? 1 : -1, then
 * invert ? that : -1, ..."), so no branch need choose between SEL's values. */
static bool logic_condition(LLVMValueRef sel)
{
    if (!sel || LLVMGetInstructionOpcode(sel) != LLVMSelect)
        return false;
    LLVMValueRef cond = LLVMGetOperand(sel, 0);
    LLVMOpcode cop = LLVMIsAInstruction(cond) ? LLVMGetInstructionOpcode(cond) : LLVMRet;
    return cop == LLVMOr || cop == LLVMAnd || cop == LLVMXor ||
           (cop == LLVMSelect && LLVMTypeOf(cond) == LLVMInt1TypeInContext(LLVMGetTypeContext(LLVMTypeOf(cond))));
}

/* How many instructions of ARM (those it does not share with OTHER at its
 * end) are not control: the bytes of an AVR constant it loads. */
static size_t constant_bytes(const struct mblock *arm, const struct mblock *other)
{
    size_t a = arm->ninsns, o = other ? other->ninsns : 0, n = 0;
    while (a > 0 && o > 0 && !strcmp(arm->insns[a - 1].mnemonic, other->insns[o - 1].mnemonic) &&
           !strcmp(arm->insns[a - 1].ops, other->insns[o - 1].ops))
        a--, o--;
    for (size_t k = 0; k < a; k++)
        n += !mc_is_control(&arm->insns[k]);
    return n;
}

/* Whether the constant V has, at a multiple of WIDTH bits, the piece PIECE. */
static bool piece_of(LLVMValueRef v, unsigned long long piece, unsigned width)
{
    if (!LLVMIsAConstantInt(v))
        return false;
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    unsigned long long c = LLVMConstIntGetZExtValue(v), mask = (1ULL << width) - 1;
    if (bits > 64 || bits <= width)
        return false;
    for (unsigned at = 0; at < bits; at += width)
        if (((c >> at) & mask) == (piece & mask))
            return true;
    return false;
}

/* For an arm whose first A instructions are copies: which of the select's
 * values TV (1) and FV (0) its single register copy gives, when the
 * register holds a constant (mc_reg_constant) equal to exactly one of
 * them; -1 otherwise. */
static int copied_constant_names(const struct solver *s, const struct mblock *arm, size_t a, LLVMValueRef tv,
                                 LLVMValueRef fv, bool proven)
{
    const struct minsn *copy = NULL;
    size_t at = 0, n = 0;
    for (size_t k = 0; k < a; k++)
        if (!mc_is_control(&arm->insns[k])) {
            copy = &arm->insns[k];
            at = k;
            n++;
        }
    if (n != 1 || (strcmp(copy->mnemonic, "mv") && strcmp(copy->mnemonic, "mr")))
        return -1;
    const char *src = strchr(copy->ops, ',');
    if (!src)
        return -1;
    while (*src == ',' || *src == ' ')
        src++;
    long long v;
    size_t am = (size_t)(arm - s->mf->blocks), sn = strcspn(src, ", ");
    if (!(proven ? mc_reg_constant_proven(s, am, at, src, sn, &v) : mc_reg_constant(s, am, at, src, sn, &v)))
        return -1;
    bool t = LLVMIsAConstantInt(tv) && (int32_t)LLVMConstIntGetSExtValue(tv) == (int32_t)v;
    bool f = LLVMIsAConstantInt(fv) && (int32_t)LLVMConstIntGetSExtValue(fv) == (int32_t)v;
    return t != f ? t : -1;
}

/* Whether select SEL's condition is a comparison of values wider than the
 * core's registers (RISC-V, PowerPC, x86-64), which code generation tests
 * a part at a time, one branch each, before the select's own. */
static bool wide_condition(LLVMValueRef sel)
{
    if (!sel || LLVMGetInstructionOpcode(sel) != LLVMSelect)
        return false;
    LLVMValueRef c = LLVMGetOperand(sel, 0);
    if (!LLVMIsAICmpInst(c))
        return false;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(c, 0));
    unsigned regs = mc_register_bits(c);
    return regs && LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > regs;
}

/* Whether COND is an order comparison with a constant that block M's
 * compare and branch do not show (mc_constant_use: neither C nor C +- 1). */
static bool unseen_constant(const struct solver *s, size_t m, LLVMValueRef cond)
{
    if (!cond || !LLVMIsAICmpInst(cond))
        return false;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
    if (p == LLVMIntEQ || p == LLVMIntNE)
        return false;
    LLVMValueRef c = LLVMGetOperand(cond, 1);
    if (!LLVMIsAConstantInt(c))
        c = LLVMGetOperand(cond, 0);
    if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64)
        return false;
    const struct mblock *b = &s->mf->blocks[m];
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH)
            return mc_constant_use(s, m, k, LLVMConstIntGetSExtValue(c)) == 0;
    return false;
}

/* Whether COND is a comparison of two non-constant values while block M's
 * branch compares with an immediate: a register the branch reads loaded
 * by "li REG, C" among the six instructions before it, or a compare with an
 * immediate ("cmplwi r3, 155", "cmpl $155, %eax"), C not 0. The branch
 * then tests another comparison that took COND's location (riscv32
 * branchgen 77166: `select(a > b, umin(x, 155), 0)` made branch-free
 * but for the umin's "li a5, 155; bltu a1, a5", located at `a > b`). */
static bool foreign_constant(const struct solver *s, size_t m, LLVMValueRef cond)
{
    if (!cond || !LLVMIsAICmpInst(cond) || LLVMIsAConstant(LLVMGetOperand(cond, 0)) ||
        LLVMIsAConstant(LLVMGetOperand(cond, 1)))
        return false;
    const struct mblock *b = &s->mf->blocks[m];
    size_t k = b->ninsns;
    while (k-- > 0 && !(b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH))
        ;
    if (k >= b->ninsns)
        return false;
    char regs[512];
    snprintf(regs, sizeof regs, " %s ", b->insns[k].ops);
    for (size_t j = k, n = 0; j-- > 0 && n < 6; n++) {
        const struct minsn *in = &b->insns[j];
        if (mc_is_control(in))
            break;
        const char *mn = in->mnemonic, *ops = in->ops;
        if (!strncmp(mn, "cmp", 3)) {
            /* an immediate compare: PowerPC "cmplwi r3, 155", x86-64 "cmpl $155, %eax" */
            const char *last = strrchr(ops, ',');
            const char *imm = mn[strlen(mn) - 1] == 'i' && last ? last + 1 : ops[0] == '$' ? ops + 1 : NULL;
            while (imm && *imm == ' ')
                imm++;
            if (imm && (isdigit((unsigned char)*imm) || *imm == '-') && strtoll(imm, NULL, 0) != 0)
                return true;
            size_t used = strlen(regs);
            snprintf(regs + used, sizeof regs - used, "%s ", ops);
            continue;
        }
        const char *comma = strchr(ops, ',');
        if (strcmp(mn, "li") || !comma)
            continue;
        size_t len = (size_t)(comma - ops);
        char dst[40];
        if (len == 0 || len + 3 > sizeof dst)
            continue;
        snprintf(dst, sizeof dst, " %.*s", (int)len, ops);
        const char *hit = strstr(regs, dst);
        bool read = false;
        while (hit && !read) {
            char after = hit[len + 1];
            read = after == ' ' || after == ',' || after == ')' || after == 0;
            hit = strstr(hit + 1, dst);
        }
        const char *v = comma + 1;
        while (*v == ' ')
            v++;
        if (read && strtoll(v, NULL, 0) != 0)
            return true;
    }
    /* a register the branch reads holding a constant built before, beyond
     * one "li" (rv32 branchgen 79675: `select(a > b, umin(x, 4888), 0)`, the
     * umin's "lui a5, 1; addi a5, a5, 792; bltu a3, a5" located at `a > b`) */
    for (const char *o = b->insns[k].ops; *o;) {
        while (*o == ',' || *o == ' ')
            o++;
        size_t len = strcspn(o, ", ");
        long long v;
        if (len && isalpha((unsigned char)o[0]) && mc_reg_constant(s, m, k, o, len, &v) && v != 0)
            return true;
        o += len;
    }
    return false;
}

/* Whether the first A instructions of arm block ARM read a register that
 * holds a constant (mc_reg_constant, RISC-V and PowerPC): -2 when none
 * does; when the arm is "addi/addis/addic/ori/xori rd, rs, IMM" on it, 1 or
 * 0 for the select value TV or FV equal to what it computes; -1 otherwise
 * (it builds a value the shape does not name). */
static int built_constant_names(const struct solver *s, size_t arm, size_t a, LLVMValueRef tv, LLVMValueRef fv)
{
    const struct mblock *b = &s->mf->blocks[arm];
    bool reads = false;
    long long known = 0;
    for (size_t k = 0; k < a && !reads; k++) {
        const char *o = strchr(b->insns[k].ops, ','); /* the sources, after the destination */
        while (o && *o && !reads) {
            while (*o == ',' || *o == ' ')
                o++;
            size_t len = strcspn(o, ", ()");
            if (len && isalpha((unsigned char)o[0]) && mc_reg_constant(s, arm, k, o, len, &known))
                reads = true;
            o += len;
            while (*o && *o != ',')
                o++;
        }
    }
    if (!reads)
        return -2;
    if (a != 1)
        return -1;
    const struct minsn *in = &b->insns[0];
    const char *mn = in->mnemonic, *last = strrchr(in->ops, ',');
    if (!last)
        return -1;
    char *end;
    long long imm = strtoll(last + 1, &end, 0);
    if (end == last + 1)
        return -1;
    long long v;
    if (!strcmp(mn, "addi") || !strcmp(mn, "addic"))
        v = known + imm;
    else if (!strcmp(mn, "addis"))
        v = known + imm * 65536;
    else if (!strcmp(mn, "ori"))
        v = known | imm;
    else if (!strcmp(mn, "xori"))
        v = known ^ imm;
    else
        return -1;
    bool t = LLVMIsAConstantInt(tv) && (int32_t)LLVMConstIntGetSExtValue(tv) == (int32_t)v;
    bool f = LLVMIsAConstantInt(fv) && (int32_t)LLVMConstIntGetSExtValue(fv) == (int32_t)v;
    return t != f ? t : -1;
}

/* Whether the first A instructions of block ARM, the control ones aside,
 * are RISC-V or PowerPC immediate operations (addi, addis, ori, oris,
 * xori, xoris, lui, lis, li) of which one reads a register none of them
 * wrote before: a register plus constants. */
static bool immediate_chain(const struct mblock *arm, size_t a)
{
    static const char *const ops[] = {"addi", "addis", "ori", "oris", "xori", "xoris", "lui", "lis", "li"};
    char written[8][16];
    size_t nw = 0;
    bool reads_other = false;
    for (size_t k = 0; k < a; k++) {
        const struct minsn *in = &arm->insns[k];
        if (mc_is_control(in))
            continue;
        bool imm = false;
        for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
            imm |= !strcmp(in->mnemonic, ops[i]);
        char o[3][16];
        int no = imm ? mc_insn_operands(in, o, 3) : 0;
        if (!imm || no < 2 || nw == 8)
            return false;
        if (no == 3) {
            bool mine = false;
            for (size_t w = 0; w < nw; w++)
                mine |= !strcmp(written[w], o[1]);
            reads_other |= !mine;
        }
        snprintf(written[nw++], sizeof written[0], "%s", o[0]);
    }
    return reads_other;
}

/* Which value the arm (successor ARMK of block M) of select record XS
 * gives: 1 the first (true) value, 0 the second, -1 unknown.
 *  - a constant it loads names the operand equal to it (a comparison's
 *    value: 0 is false);
 *  - min/max and saturation arms give the bound, their second value;
 *  - plain copies are the backend's select expansion, whose arm is the
 *    false value;
 *  - an arm that computes is a value code generation sank into it: the
 *    operand used by the select alone. */
static int arm_sense(const struct solver *s, const struct cnt_select *xs, int kind, size_t m, int armk)
{
    const struct mfunc *mf = s->mf;
    if (armk < 0)
        return -1;
    const struct mblock *b = &mf->blocks[m];
    const struct mblock *arm = &mf->blocks[b->succ[armk]], *other = &mf->blocks[b->succ[1 - armk]];
    long long imm;
    /* the branch compares with another constant than the comparison it is
     * located at: another comparison's (AVR branchgen 79118: `x == 65535`'s
     * chain "cpi r25, -1; cpc ...; breq" located at `y == 2^63 - 2`, 0 for
     * simavr's 4) */
    if (kind == CNT_SEL_SELECT || kind == CNT_SEL_CMP) {
        LLVMValueRef sel = mc_select_inst(s->xf, xs);
        LLVMValueRef cmp = sel && LLVMGetInstructionOpcode(sel) == LLVMSelect ? LLVMGetOperand(sel, 0) : sel;
        for (size_t k = b->ninsns; cmp && LLVMIsAICmpInst(cmp) && k-- > 0;)
            if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
                for (unsigned i = 0; i < 2; i++) {
                    if (mc_constant_contradicts(s, m, k, cmp, LLVMGetOperand(cmp, i)))
                        return -1;
                }
                break;
            }
    }
    bool constant = arm_assignment(arm, other, &imm);
    int follows, taken, not_taken;
    if (kind == CNT_SEL_CMP) {
        /* the value made may be the comparison's complement (what a later
         * `and` or `or` needs): the branch's sense decides first */
        LLVMValueRef sel = mc_select_inst(s->xf, xs);
        /* a compare record is the icmp itself; a compare view, the
         * select whose condition it is */
        LLVMValueRef cmp = sel && LLVMGetInstructionOpcode(sel) == LLVMSelect ? LLVMGetOperand(sel, 0) : sel;
        if (foreign_constant(s, m, cmp))
            return -1;
        follows = cmp ? mc_branch_follows(s, m, cmp) : -1;
        if (follows >= 0 && mc_branch_sides(s, m, &taken, &not_taken))
            return (b->succ[armk] == taken) == (follows == 1);
        /* a branch on a boolean made of it and other comparisons (RISC-V
         * "seqz; xori; bne"): a constant the arm loads is the value of what
         * the branch decides, not the comparison's (riscv32 branchgen 97505) */
        for (size_t k = b->ninsns; k-- > 0;)
            if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
                if (mc_rv_branch_tests_boolean(s, m, k, cmp))
                    return -1;
                break;
            }
        /* a constant names the side, unless the comparison also decides a
         * branch: the value made for it may be its complement, the branch
         * inverted (AVR csmith 1213: "x < 1" made as 0 < x into a register,
         * then "brne" to the false side) */
        return constant && !(cmp && decides_branch(cmp)) ? imm != 0 : -1;
    }
    /* a saturation's arm copies the value (the first) or makes the bound */
    if (kind == CNT_SEL_SAT)
        /* a clamp decided by a boolean the expansion made earlier (PowerPC
         * uadd.sat: the carry made a value by "li 1; blt; li 0", then
         * "cmplwi r, 0; beq"): which side clamps, the shape does not say */
        return mc_branch_tests_boolean(mf, m) ? -1 : saturation_sense(s, m, arm);
    if (kind != CNT_SEL_SELECT) {
        /* min/max: the arm gives the bound (the second value), unless it
         * copies the value into a register that held the bound before the
         * branch (AVR csmith deep 71003: smax(x, 0) as "movw r26, r12 (0);
         * tst; brmi", the arm "movw r26, r22" copying x) */
        if (kind == CNT_SEL_MINMAX && only_register_copies(arm)) {
            /* AVR: with no constant operand there is no bound a register
             * holds; a byte known before the branch is a piece of a value
             * (branchgen 77683: umin(c ? 256 : 0, y), the low byte of c << 8
             * cleared, "mov r18, r24; mov r19, r25" copying y: 16 for
             * simavr's 45) */
            LLVMValueRef mm = mc_select_inst(s->xf, xs);
            if (s->avr_entry && mm && LLVMIsACallInst(mm) && LLVMGetNumOperands(mm) >= 3 &&
                !LLVMIsAConstantInt(LLVMGetOperand(mm, 0)) && !LLVMIsAConstantInt(LLVMGetOperand(mm, 1)))
                return -1;
            int v = saturation_sense(s, m, arm);
            if (v >= 0)
                return v;
            /* a copy arm against a constant bound: the bound would be loaded,
             * so the copy may as well be the value into a register that held
             * the bound, made by code the shape does not name (AVR csmith
             * 77666: smax(x, 0) with r30:r31 zeroed by "andi" of another
             * value, the arm "movw r30, r24" copying x: 1 for simavr's 0) */
            LLVMValueRef mi = mc_select_inst(s->xf, xs);
            if (mi && LLVMIsACallInst(mi) && LLVMGetNumOperands(mi) >= 3 &&
                (LLVMIsAConstantInt(LLVMGetOperand(mi, 0)) || LLVMIsAConstantInt(LLVMGetOperand(mi, 1)))) {
                /* (RISC-V, PowerPC: a copy of a register the walk back shows
                 * holding the bound gives the bound: adpcm's clamp "mv s8, s3",
                 * s3 made before the loop the clamp is in; a copy of a register
                 * the walk cannot tie to a constant may be the value into a
                 * register that held the bound: not proven, an estimate) */
                return copied_constant_names(s, arm, arm->ninsns, LLVMGetOperand(mi, 0), LLVMGetOperand(mi, 1), true);
            }
        }
        return 0;
    }
    LLVMValueRef sel = mc_select_inst(s->xf, xs);
    if (!sel || LLVMGetInstructionOpcode(sel) != LLVMSelect)
        return -1;
    LLVMValueRef tv = LLVMGetOperand(sel, 1), fv = LLVMGetOperand(sel, 2);
    /* a condition that is i1 logic is made with a branch per operand (the
     * DAG's select sequence, PowerPC's split CR logic): the branch with the
     * select's location tests one operand, and its arm, even one loading a
     * value, runs on paths where a later branch still chooses (ppc branchgen
     * 77333: select(a || b, 135621, 675684) as "beq" on b over "lis; ori"
     * 675684, then "bltlr" on a: the arm counted as the false value, 44 for
     * qemu's 83) */
    if (logic_condition(sel))
        return -1;
    /* nor one of whose values is such a select of the same block: its
     * operands' branches are scheduled among this one's and may carry its
     * location (x86-64 branchgen 79107: select(a < b, x, select(c && d, 127,
     * y)) made "cmpl; jg" on d, located at the outer select, over "movl y":
     * 17 taken for qemu's 47) */
    for (unsigned i = 1; i <= 2; i++) {
        LLVMValueRef v = LLVMGetOperand(sel, i);
        if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMSelect &&
            LLVMGetInstructionParent(v) == LLVMGetInstructionParent(sel) && logic_condition(v))
            return -1;
    }
    /* a boolean select (the select form of `||`, `&&`) that decides another
     * select is no value in a register: the constant an arm loads is the
     * other select's value (any odd one looks like true), and even a 0 or 1
     * may be that select's, in either sense (rv32 branchgen 96064: `select(a
     * || b, 72, 13)` made "or; li a7, 72; bnez" located at the `||`, the arm
     * "li a7, 13" taken for its true value: 217 for qemu's 6) */
    if (constant && LLVMGetTypeKind(LLVMTypeOf(sel)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(sel)) == 1)
        return -1;
    if (constant) {
        bool t = constant_is(tv, imm), f = constant_is(fv, imm);
        /* AVR: a select wider than the constant the arm loads is made a
         * piece per branch; a piece of zeros or ones may be the other
         * value's, known by its bits (AVR branchgen 72002: "x >> 21" has a
         * zero high half, which the arm "mov r16, r1; mov r17, r1" makes
         * for the second value, the first, 0, kept in a register) */
        size_t loaded = s->avr_entry ? constant_bytes(arm, other) : 0;
        LLVMTypeRef st = LLVMTypeOf(sel);
        if (t != f && loaded && loaded < 8 && LLVMGetTypeKind(st) == LLVMIntegerTypeKind &&
            LLVMGetIntTypeWidth(st) > 8 * loaded && !LLVMIsAConstantInt(t ? fv : tv)) {
            unsigned long long mask = (1ULL << (8 * loaded)) - 1, piece = (unsigned long long)imm & mask;
            if (piece == 0 || piece == mask)
                return -1;
        }
        if (t != f)
            return t;
        /* AVR: a select wider than the registers loads its constant a piece
         * per branch ("ldi r24, 4; ldi r25, 0", the high half of 317437) */
        unsigned width = s->avr_entry ? 8 * (unsigned)constant_bytes(arm, other) : 0;
        /* (a piece of zeros or ones may be the other value's, known by its
         * bits, or another piece of this one: AVR branchgen 73010, 256's
         * high half 0 named by the arm that zeroes the low half of x << 4) */
        unsigned long long wmask = width && width < 64 ? (1ULL << width) - 1 : 0;
        if (width && width < 64 && !t && !f &&
            (((unsigned long long)imm & wmask) == 0 || ((unsigned long long)imm & wmask) == wmask))
            return -1;
        if (width && width < 64 && !t && !f) {
            t = piece_of(tv, (unsigned long long)imm, width);
            f = piece_of(fv, (unsigned long long)imm, width);
            if (t != f)
                return t;
        }
        /* a constant that is neither value (nor a piece of one): the arm is
         * not the backend's plain expansion, whose copy of the false value
         * the fallback below assumes */
        if (!t)
            return -1;
    }
    /* a condition that is an i1 `or`/`and` may be made with one branch
     * per operand, the last arm copying what the earlier ones chose: which
     * value a copy gives is not known */
    LLVMValueRef cond = LLVMGetOperand(sel, 0);
    if (logic_condition(sel))
        return -1;
    /* the branch compares as the select's condition does: the arm runs on
     * the side the condition sends it */
    follows = mc_branch_follows(s, m, cond);
    if (follows >= 0 && mc_branch_sides(s, m, &taken, &not_taken))
        return (b->succ[armk] == taken) == (follows == 1);
    /* the arm's own instructions (a copy of the other side's code set aside) */
    size_t a = arm->ninsns, o = other->ninsns;
    while (a > 0 && o > 0 && !strcmp(arm->insns[a - 1].mnemonic, other->insns[o - 1].mnemonic) &&
           !strcmp(arm->insns[a - 1].ops, other->insns[o - 1].ops))
        a--, o--;
    bool copies = true;
    for (size_t k = 0; k < a; k++)
        if (!mc_is_control(&arm->insns[k]) && !is_copy(&arm->insns[k]))
            copies = false;
    /* plain copies: the backend's expansion; in a diamond whose arm
     * computes, either value may be the one computed there (a constant
     * built from a register loaded before the branch): unknown */
    bool triangle = arm->nsucc == 1 && arm->succ[0] == b->succ[1 - armk];
    /* an overflow bit tested in either sense, and values the backend may
     * compute on either side (ppc ssub.with.overflow: the arm recomputes
     * the first value, used twice, while the single-use second one was
     * made before the branch): nothing in the shape names the arm */
    if (overflow_bit(cond))
        return -1;
    if (copies) {
        /* a copy of a register holding a constant equal to one value names it
         * (rv32: "mv a5, a0" with 9060 built in a0 blocks before, the clamp's
         * true value, on the side of a diamond): the expansion's usual shape,
         * whose arm copies the second value, is not what was made */
        int named = copied_constant_names(s, arm, a, tv, fv, false);
        if (named >= 0)
            return named;
        /* an order comparison with a constant the branch does not show (kept
         * in a register the walk back does not name): code generation may
         * have swapped the comparison's operands and the select's values, so
         * the arm may copy either (rv32 branchgen 77630: "bge a0, a3" with
         * 32767 loaded 38 blocks before, the arm "mv a2, a1" the first value) */
        if (follows < 0 && unseen_constant(s, m, cond))
            return -1;
        /* the expansion's own shape only: a triangle whose arm holds nothing
         * but its copies (riscv32 branchgen 71019: an arm shared with the next
         * select's code, a copy of the first value that was 17433, counted as
         * the second) */
        bool triangle_arm = arm->nsucc == 1 && arm->succ[0] == b->succ[1 - armk] && arm->npred == 1;
        /* (a constant it loads that is neither value: a piece of one, or of
         * another select's; which, the shape does not say) */
        return triangle_arm && !constant ? 0 : -1;
    }
    if (!triangle)
        return -1;
    /* a reload from the stack frame is no value computed there: a spilled
     * value or constant, either operand (rv32 branchgen 71005: "lw s11,
     * 8(sp)" reloading the clamp's bound 14382, the select's first value) */
    for (size_t k = 0; k < a; k++) {
        const struct minsn *in = &arm->insns[k];
        if (in->isa && in->isa->kind == ISA_LOAD &&
            (strstr(in->ops, "(sp)") || strstr(in->ops, "(r1)") || strstr(in->ops, "Y+") || strstr(in->ops, "%rsp") ||
             strstr(in->ops, "%rbp")))
            return -1;
    }
    /* an arm that computes from a register holding a constant may build a
     * constant value (rv32 branchgen 78615: `select(c, INT_MAX, trunc(smax(x,
     * INT_MIN)))`, the arm "addi a1, a0, -1" from INT_MIN loaded in a0 blocks
     * before): it names the value equal to what it computes, else neither */
    int built = built_constant_names(s, (size_t)b->succ[armk], a, tv, fv);
    if (built != -2)
        return built;
    /* an arm that computes nothing, only loads immediates and stores them
     * (AVR branchgen 80020: "ldi r16, 0; ldi r17, 0; std Y+2, r17; std Y+1,
     * r16", a select's zero piece spilled): no value computed there, the
     * single-use operand's no more than the other's */
    bool computes = false;
    for (size_t k = 0; k < a && !computes; k++) {
        const struct minsn *in = &arm->insns[k];
        long long v;
        struct mblock one = *arm;
        one.insns = (struct minsn *)in;
        one.ninsns = 1;
        computes = !mc_is_control(in) && !(in->isa && in->isa->kind == ISA_STORE) && !mc_arm_constant(&one, &v);
    }
    if (!computes)
        return -1;
    /* an arm that only adds or ors immediates to a register it does not
     * write may build a constant from one kept there (ppc branchgen 85001:
     * `select(x > 2^30 - 1, INT_MAX, trunc(smax(y, INT_MIN)))`, the arm
     * "addi r6, r21, -1304; addis r6, r6, 1" from r21 = 0x7FFF0517 set in
     * the prologue, beyond the walk back: 164 for qemu's 14): neither */
    if (immediate_chain(arm, a))
        return -1;
    bool ts = LLVMIsAInstruction(tv) && LLVMGetFirstUse(tv) && !LLVMGetNextUse(LLVMGetFirstUse(tv));
    bool fs = LLVMIsAInstruction(fv) && LLVMGetFirstUse(fv) && !LLVMGetNextUse(LLVMGetFirstUse(fv));
    return ts != fs ? ts : -1;
}

/* Whether equal operands of a min/max whose branch ends block M go to the
 * arm (successor ARMK): a strict comparison ("blt") that skips the arm
 * runs it on equality, a non-strict one ("bge") does not; and the reverse
 * when the branch goes to the arm. 1, 0, or -1 when unknown. */
static int ties_to_arm(const struct solver *s, size_t m, int armk, LLVMValueRef inst)
{
    const struct mblock *b = &s->mf->blocks[m];
    if (armk < 0)
        return -1;
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
            char sense = mc_branch_sense(b->insns[k].mnemonic);
            if (sense != 's' && sense != 'w')
                return -1;
            bool taken_is_arm = b->insns[k].target == b->succ[armk];
            int to_arm = (sense == 's') != taken_is_arm;
            /* against a constant operand C, a compare with C - 1 or C + 1 has
             * the other strictness (ppc smin(x, 1) as "cmpwi r3, 0; ble":
             * x == 1 takes the arm); a constant not seen: either */
            for (unsigned i = 0; inst && LLVMIsACallInst(inst) && i + 1 < (unsigned)LLVMGetNumOperands(inst); i++) {
                LLVMValueRef c = LLVMGetOperand(inst, i);
                if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64)
                    continue;
                int use = mc_constant_use(s, m, k, LLVMConstIntGetSExtValue(c));
                return use == 1 ? to_arm : use == 2 ? !to_arm : -1;
            }
            return to_arm;
        }
    return -1;
}

/* The constraint of select record R on the edges VAR[0..NV) into its arms,
 * from the heads of R (all of them, or block ONLY). */
static void select_constraint(struct solver *s, uint32_t r, int only, int *var, signed char *coef, size_t nv,
                              int given)
{
    const struct cnt_func *xf = s->xf;
    size_t n = s->mf->nblocks;
    /* R past the records: the compare view of record R - nselects */
    const struct cnt_select *xs = &xf->selects[r % xf->nselects];
    int kind = r >= xf->nselects ? CNT_SEL_CMP : xs->kind;
    /* vector lanes each become a branch of their own, in an order of
     * the scheduler's choosing: their sum is known */
    double first = 0, second = 0, ties = 0;
    for (uint32_t l = 0; l < xs->lanes; l++) {
        first += (double)xf->sel_counts[2 * (xs->base + l)];
        second += (double)xf->sel_counts[2 * (xs->base + l) + 1];
        if (xs->ties != UINT32_MAX)
            ties += (double)xf->sel_counts[2 * (xs->ties + l)];
    }
    /* which value the arm gives: agreed by every copy (one that does not
     * know makes it unknown: AVR ssub.sat.i32, whose first branch makes the
     * overflow flag, "ldi r22, 1; brmi; mov r22, r11", and whose last ones
     * choose by it) */
    int sense = given;
    for (size_t m = 0; m < n && sense != -2 && given == -3; m++) {
        if (s->sel_head[m] != (int)r || (only >= 0 && (int)m != only))
            continue;
        int v = arm_sense(s, xs, kind, m, select_arm(s, m));
        if (s->trace > 3)
            fprintf(stderr, "  record %u head %zu: arm %d, sense %d\n", r, m, select_arm(s, m), v);
        sense = sense == -3 || sense == v ? v : -2;
    }
    if (sense == 1) {
        /* (the ties are among the first value's count, a min/max's first
         * operand chosen on equality, a saturation's unsaturated results;
         * below they are taken for the other side's: the arm's count without
         * them) */
        double t = first;
        first = second + ties;
        second = t - ties;
    } else if (sense < 0) {
        /* either value: only bounds */
        double lo = first < second ? first : second, hi = first < second ? second : first;
        lsys_add(&s->sy, var, coef, nv, lo, true);
        for (size_t i = 0; i < nv; i++)
            coef[i] = -1;
        lsys_add(&s->sy, var, coef, nv, -(hi + ties), true);
        return;
    }
    bool hoisted = false;
    for (size_t m = 0; m < n; m++)
        hoisted |= s->sel_head[m] == (int)r && (only < 0 || (int)m == only) && s->in_g[m] != (int)xs->block;
    if (ties > 0 && !hoisted) {
        /* equal operands go where the branch's strictness sends them */
        int to_arm = -3;
        for (size_t m = 0; m < n && to_arm != -2; m++) {
            if (s->sel_head[m] != (int)r || (only >= 0 && (int)m != only))
                continue;
            int v = ties_to_arm(s, m, select_arm(s, m), mc_select_inst(xf, xs));
            to_arm = to_arm == -3 || to_arm == v ? v : -2;
        }
        if (to_arm >= 0) {
            if (to_arm)
                second += ties;
            ties = 0;
        }
    }
    if (hoisted) {
        /* code generation moved the comparison to a block that runs it
         * on paths where the IR did not: those runs go either way, so
         * only bounds are known: arm >= second, other side >= first - ties */
        lsys_add(&s->sy, var, coef, nv, second, true);
        size_t k = 0;
        for (size_t m = 0; m < n; m++) {
            if (s->sel_head[m] != (int)r || (only >= 0 && (int)m != only))
                continue;
            int arm = select_arm(s, m);
            var[k] = evar(s, m, (size_t)(1 - arm));
            coef[k++] = 1;
        }
        lsys_add(&s->sy, var, coef, k, first - ties, true);
    } else if (ties == 0) {
        lsys_add(&s->sy, var, coef, nv, second, false);
    } else {
        lsys_add(&s->sy, var, coef, nv, second, true);
        for (size_t i = 0; i < nv; i++)
            coef[i] = -1;
        lsys_add(&s->sy, var, coef, nv, -(second + ties), true);
    }
}

/* How many branches code generation makes for select record R's value:
 * one per register-sized piece (16 bits on AVR, whose select pseudos
 * handle 8 and 16 bits; 32 elsewhere). */
static size_t select_parts(const struct solver *s, uint32_t r)
{
    LLVMValueRef sel = mc_select_inst(s->xf, &s->xf->selects[r]);
    if (!sel)
        return 1;
    LLVMTypeRef t = LLVMTypeOf(sel);
    unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 32;
    LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(sel)));
    const char *triple = LLVMGetTarget(mod);
    unsigned reg = triple && !strncmp(triple, "avr", 3) ? 16 : 32;
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind || bits <= reg)
        return 1;
    size_t all = (bits + reg - 1) / reg;
    if (all > 32)
        return all;
    /* the parts its uses read: code generation makes only those (a 64-bit
     * smax whose value is truncated to 32 bits selects one word on PowerPC;
     * the branch before it tests the high words of the comparison) */
    uint32_t used = 0, every = all == 32 ? ~0u : (1u << all) - 1;
    for (LLVMUseRef u = LLVMGetFirstUse(sel); u && used != every; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        LLVMOpcode op = LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : LLVMRet;
        LLVMValueRef amount = op == LLVMLShr || op == LLVMAShr ? LLVMGetOperand(user, 1) : NULL;
        if (op == LLVMTrunc) {
            unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(user));
            used |= w >= bits ? every : (1u << ((w + reg - 1) / reg)) - 1;
        } else if (op == LLVMLShr && LLVMGetOperand(user, 0) == sel && LLVMIsAConstantInt(amount) &&
                   LLVMConstIntGetZExtValue(amount) < bits)
            used |= every & ~((1u << (LLVMConstIntGetZExtValue(amount) / reg)) - 1);
        else
            used = every;
    }
    size_t n = 0;
    for (size_t k = 0; k < all; k++)
        n += used >> k & 1;
    return n ? n : all;
}

/* Whether V depends, within DEPTH steps in its function, on a shift
 * that ran with an amount as wide as its value (poison in the IR: what
 * the machine computed there is not what the engine did), so that a
 * comparison of it counted by the engine says nothing about the machine's. */
static bool from_overwide_shift(const struct cnt_func *xf, LLVMValueRef v, int depth)
{
    if (!v || !LLVMIsAInstruction(v) || depth < 0)
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMPHI || op == LLVMLoad || op == LLVMCall || op == LLVMAlloca)
        return false;
    if (op == LLVMShl || op == LLVMLShr || op == LLVMAShr)
        for (uint32_t r = 0; r < xf->nselects; r++)
            if (xf->selects[r].kind == CNT_SEL_SHIFT && mc_select_inst(xf, &xf->selects[r]) == v &&
                mc_overwide_amounts(xf, &xf->selects[r]))
                return true;
    for (int k = 0; k < LLVMGetNumOperands(v); k++)
        if (from_overwide_shift(xf, LLVMGetOperand(v, (unsigned)k), depth - 1))
            return true;
    return false;
}

/* Whether V depends, within DEPTH steps in its function, on a phi that
 * takes poison or undef on one of its edges (LLVM speculates a load into a
 * select's arm, dijkstra: smin(d, phi [poison, skip], [w, load])): the
 * engine compared its own stand-in for that value, the machine whatever the
 * register held, so the comparison's recorded outcomes are not the machine's. */
static bool from_poison_phi(LLVMValueRef v, int depth)
{
    if (!v || !LLVMIsAInstruction(v) || depth < 0)
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMLoad || op == LLVMAlloca)
        return false;
    if (op == LLVMCall && !LLVMIsAIntrinsicInst(v))
        return false;
    if (op == LLVMPHI)
        for (unsigned k = 0; k < LLVMCountIncoming(v); k++) {
            LLVMValueRef in = LLVMGetIncomingValue(v, k);
            if (LLVMIsAUndefValue(in) || LLVMIsAPoisonValue(in))
                return true;
        }
    /* (a select's value operands do not decide its branch) */
    int nops = op == LLVMSelect ? 1 : LLVMGetNumOperands(v);
    for (int k = 0; k < nops; k++)
        if (from_poison_phi(LLVMGetOperand(v, (unsigned)k), depth - 1))
            return true;
    return false;
}

bool mc_select_poisoned(const struct cnt_func *xf, LLVMValueRef v)
{
    return from_overwide_shift(xf, v, 6) || from_poison_phi(v, 4);
}

/* Whether V calls a signed saturating intrinsic (llvm.sadd.sat, ssub.sat,
 * sshl.sat), whose expansion clamps at both bounds. */
static bool signed_saturation(LLVMValueRef v)
{
    LLVMValueRef callee = v && LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    size_t n = 0;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    return !strncmp(name, "llvm.sadd.sat", 13) || !strncmp(name, "llvm.ssub.sat", 13) ||
           !strncmp(name, "llvm.sshl.sat", 13);
}

/* Whether the saturation V is narrower than the 32-bit registers of
 * RISC-V and PowerPC: made there as a clamp at each bound, one branch
 * each, of which the other bound's may have been folded into a clamp after
 * it (rv32 ssub.sat.i16 followed by smax(x, -8078): its lower bound is that
 * smax's branch), so one branch found is not all of its saturations. */
static bool narrow_saturation(const struct solver *s, LLVMValueRef v)
{
    if (s->avr_entry || !v)
        return false;
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) < 32;
}

/* Whether the saturation branch ending block M is followed, where its
 * sides meet, by another triangle not tied to a record (the other bound's
 * clamp). */
static bool second_clamp(const struct solver *s, size_t m)
{
    const struct mfunc *mf = s->mf;
    int k = saturation_arm(s, m);
    if (k < 0)
        return false;
    const struct mblock *arm = &mf->blocks[mf->blocks[m].succ[k]];
    int j = arm->nsucc == 1 ? arm->succ[0] : -1;
    if (j < 0 || mf->blocks[j].nsucc != 2 || s->sel_head[j] >= 0)
        return false;
    /* a triangle: one side, entered only from J, goes on to the other */
    const struct mblock *b = &mf->blocks[j];
    for (int i = 0; i < 2; i++) {
        const struct mblock *side = &mf->blocks[b->succ[i]];
        if (side->npred == 1 && side->nsucc == 1 && side->succ[0] == b->succ[1 - i])
            return true;
    }
    return false;
}

/* Whether select or min/max record REC (instruction RI) chooses by an order
 * comparison of values wider than the core's registers (a 64-bit smax, or a
 * select on "a <s b" of i64, on a 32-bit core): code generation tests the
 * high words first, a branch with the record's location that is not its
 * choice (RV32 "beqz hi" around sgtz/sltu, PowerPC "bt eq" over "mr"), and
 * may make the choice itself without a branch. Only branches beyond the
 * high-word tests, one per part of the value, are the choice. */
static bool wide_order_choice(const struct cnt_select *rec, LLVMValueRef ri)
{
    if (!ri || !LLVMIsAInstruction(ri))
        return false;
    if (rec->kind == CNT_SEL_SELECT && LLVMGetInstructionOpcode(ri) == LLVMSelect)
        return mc_wide_order_compare(LLVMGetOperand(ri, 0));
    if (rec->kind != CNT_SEL_MINMAX || LLVMGetTypeKind(LLVMTypeOf(ri)) != LLVMIntegerTypeKind)
        return false;
    unsigned regs = mc_register_bits(ri);
    return regs && LLVMGetIntTypeWidth(LLVMTypeOf(ri)) > regs;
}

/* select arms: the edges into the arm (the side that gives the select's
 * second value, or the first: see arm_sense) carry its count, summed
 * over copies of the select's branch on different paths; the parts of a
 * select split in several (a wide value on a narrow core), one after
 * the other, each carry it */
/* Whether one run of a select may take the arms of two of its NH branches
 * HEADS: a head reached from another's arm without leaving the code of the
 * IR block it is in (nor coming back to that block's first machine block).
 * Neither dominating the other is not enough: a 64-bit select on a 32-bit
 * core is made a word at a time, each word's branch copied onto both sides
 * of the one before (ppc branchgen 96065: `select(c, x, y)` on i64, four
 * branches with its location, the low word's arm running into the high
 * word's branch; their arms' sum taken for the record's count, 40 and 48
 * for qemu's 80 and 8). */
static bool arm_reaches_head(const struct solver *s, const int *heads, size_t nh)
{
    const struct mfunc *mf = s->mf;
    size_t n = mf->nblocks;
    bool found = false;
    bool *seen = sup_xcalloc(n + 1, sizeof *seen);
    int *stack = sup_xmalloc((n + 1) * sizeof *stack);
    for (size_t i = 0; i < nh && !found; i++) {
        int k = select_arm(s, (size_t)heads[i]);
        if (k < 0)
            continue;
        int g = s->in_g[heads[i]], stop = g >= 0 ? s->head[g] : -1;
        memset(seen, 0, (n + 1) * sizeof *seen);
        size_t sp = 0;
        int first = mf->blocks[heads[i]].succ[k];
        stack[sp++] = first;
        seen[first] = true;
        while (sp && !found) {
            int m = stack[--sp];
            for (size_t j = 0; j < nh && !found; j++)
                found = j != i && heads[j] == m;
            for (size_t q = 0; q < mf->blocks[m].nsucc && !found; q++) {
                int t = mf->blocks[m].succ[q];
                if (t < 0 || (size_t)t >= n || seen[t] || t == stop || (s->in_g[t] != g && s->in_g[t] >= 0))
                    continue;
                seen[t] = true;
                stack[sp++] = t;
            }
        }
    }
    free(seen);
    free(stack);
    return found;
}

void mc_rule_select_arms(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
    for (uint32_t r = 0; r < 2 * xf->nselects; r++) {
        size_t nv = 0, nh = 0;
        bool ok = true;
        int heads[16];
        const struct cnt_select *rec = &xf->selects[r % xf->nselects];
        for (size_t m = 0; m < n && ok; m++) {
            if (s->sel_head[m] != (int)r)
                continue;
            /* a saturation's conditions made into values: not its choice */
            if (r < xf->nselects && rec->kind == CNT_SEL_SAT &&
                (flag_made_with_branch(mf, m) || saturation_made_branch_free(mf, m))) {
                s->sel_head[m] = -1;
                continue;
            }
            /* a wide comparison's flag made by a branch: not the choice either */
            if (flag_of_wide_compare(mf, m)) {
                s->sel_head[m] = -1;
                continue;
            }
            int k = select_arm(s, m);
            /* (a head outside the code a merged tail runs for other IR blocks
             * runs as often as its IR block: AVR glob.c's match_here, the
             * "!= 0" of a call's value whose false arm is shared) */
            int g = s->in_g[m];
            if (k < 0 || nh == 16 || (g >= 0 && s->shared_g[g] && (s->shared_other[g] || s->tail_code[m])))
                ok = false;
            else {
                heads[nh++] = (int)m;
                var[nv] = evar(s, m, (size_t)k);
                coef[nv++] = 1;
            }
        }
        if (!ok || nv == 0)
            continue;
        /* a comparison of a poison value (an over-wide shift's, a phi's
         * poison edge): not known */
        LLVMValueRef ri = mc_select_inst(xf, rec);
        if (r >= xf->nselects && ri && LLVMGetInstructionOpcode(ri) == LLVMSelect)
            ri = LLVMGetOperand(ri, 0);
        if (from_overwide_shift(xf, ri, 6) || from_poison_phi(ri, 4))
            continue;
        /* a min/max reassociated with the next one (umin(umin(x, C), y) made
         * umin(umin(x, y), C)): its branch compares other values */
        if (r < xf->nselects && (rec->kind == CNT_SEL_MINMAX || rec->kind == CNT_SEL_SAT) && mc_minmax_reassociated(ri))
            continue;
        /* a signed saturation narrower than the registers clamps at two bounds,
         * one branch each: with one branch found and another clamp after it,
         * the other bound's saturations are not on its arm (foreign dsp.c on
         * rv32: ssub.sat.i16's upper clamp counted 111 for 56, its lower
         * clamp's branch without the call's location); a full-width one
         * tests its overflow with one branch */
        if (rec->kind == CNT_SEL_SAT && nh == 1 && signed_saturation(ri) &&
            (second_clamp(s, (size_t)heads[0]) || narrow_saturation(s, ri)))
            continue;
        /* a min/max wider than the registers is expanded piece by piece
         * (the low piece's own min/max, then the high pieces' compare
         * choosing it or the other operand's: AVR umin.i32(x, 12178) as
         * "lo < 12178 ? lo : 12178", then "hi != 0 ? 12178 : that"): no
         * piece's branch is the record's choice; nor when only the low word
         * is used: its value is still "high words equal ? the low words'
         * min/max : the operand the high words choose", PowerPC
         * trunc(umin.i64(x, 2)) as "cmplwi lo, 2; blt" then "cmplwi hi, 0;
         * beq" over "li 2", branchgen 72019) */
        /* on the AVR, one made as a flag its pieces test (lower_select_flags.c):
         * the flag's branch is the choice */
        if (r < xf->nselects && rec->kind == CNT_SEL_MINMAX) {
            int armk, given, f = mc_avr_minmax_flag(s, heads, nh, ri, &armk, &given);
            if (f >= 0) {
                var[0] = evar(s, (size_t)f, (size_t)armk);
                coef[0] = 1;
                select_constraint(s, r, f, var, coef, 1, given);
                continue;
            }
        }
        if (r < xf->nselects && rec->kind == CNT_SEL_MINMAX && (select_parts(s, r) > 1 || wide_order_choice(rec, ri)))
            continue;
        /* a saturation whose condition the AVR made a flag, tested once per
         * register piece ("cpi rF, 0; brne" over each piece's copy): its
         * branches are one test after the other, not copies on different
         * paths or one per bound, so their sum is not the record's; the
         * flag tests tie them together (branchgen 85093: usub.sat.i32, two
         * pieces counted 9 and 9 for simavr's 18 and 18) */
        size_t flag_heads = 0;
        for (size_t i = 0; i < nh && rec->kind == CNT_SEL_SAT; i++) {
            int tk;
            struct lower_flag_origin *o;
            size_t nt;
            flag_heads += lower_flag_test(mf, (size_t)heads[i], &tk, &o, &nt) > 0;
            free(o);
        }
        if (flag_heads > 1)
            continue;
        /* (a signed saturation's two branches test different bounds) */
        bool ordered = nh > 1 && rec->lanes == 1 && rec->kind != CNT_SEL_SAT, apart = true;
        bool wide = r < xf->nselects && wide_order_choice(rec, ri);
        for (size_t i = 0; i < nh; i++)
            for (size_t j = i + 1; j < nh; j++) {
                bool related = mc_dominates(s, heads[i], heads[j]) || mc_dominates(s, heads[j], heads[i]);
                ordered &= related;
                apart &= !related;
            }
        if (wide && (!ordered || nh <= select_parts(s, r)))
            continue;
        if (ordered) {
            /* one after the other: the select's value is made by its last
             * parts (one per register-sized piece); earlier branches with
             * its location compute its condition (a wide comparison) */
            for (size_t i = 0; i < nh; i++)
                for (size_t j = i + 1; j < nh; j++)
                    if (mc_dominates(s, heads[j], heads[i])) {
                        int t = heads[i];
                        heads[i] = heads[j];
                        heads[j] = t;
                    }
            size_t parts = r >= xf->nselects ? 1 : select_parts(s, r);
            /* more branches than parts on i1 logic: its operands tested one by
             * one, the values rearranged (logic_condition): no arm is known */
            if (nh > parts && r < xf->nselects && rec->kind == CNT_SEL_SELECT && logic_condition(ri))
                continue;
            /* more branches than parts on a min/max (one comparison per part):
             * the others are code merged into it with its location, and which
             * branch is its choice the order does not say (rv32 branchgen
             * 77636: select(x <u y, 245, umin(x, 245)) made as the umin's
             * branch then a second "bgeu" over "li 245", both with the umin's
             * location, the second counted as the umin: 13 for qemu's 36) */
            if (nh > parts && r < xf->nselects && rec->kind == CNT_SEL_MINMAX)
                continue;
            /* nor on a select whose condition is one register-wide comparison:
             * the later branches with its location compute something else
             * (AVR csmith 76014: "x - 1 <u b ? x : 0" then the pieces of a
             * 32-bit "y >= z" using it, the sign test "tst r18; brpl" over
             * "mov r30, r1" counted as the select: 0 for simavr's 1) */
            if (nh > parts && r < xf->nselects && rec->kind == CNT_SEL_SELECT && !wide_condition(ri))
                continue;
            for (size_t i = nh > parts ? nh - parts : 0; i < nh; i++) {
                var[0] = evar(s, (size_t)heads[i], (size_t)select_arm(s, (size_t)heads[i]));
                coef[0] = 1;
                select_constraint(s, r, heads[i], var, coef, 1, -3);
            }
        } else if (apart || rec->lanes > 1 || rec->kind == CNT_SEL_SAT) {
            /* copies on different paths, or one branch per vector lane or
             * bound, in the scheduler's order: the sum is known, unless one
             * run may take two of the arms */
            if (rec->lanes == 1 && arm_reaches_head(s, heads, nh))
                continue;
            select_constraint(s, r, -1, var, coef, nv, -3);
        }
    }
}
