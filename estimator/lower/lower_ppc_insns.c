/* lower_ppc_insns.c — what a PowerPC machine instruction does, read from its
 * mnemonic and operands as lower_probes_wide.c's region runs need it: which
 * condition register fields and general registers it writes, what a
 * conditional branch or return tests, compares of a register with an
 * immediate, the branchless "is this word not 0" (addic; subfe). */
#include "isa.h"
#include "lower.h"
#include "lower_ppc.h"
#include "lower_solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool mc_ppc_is_compare(const char *mn)
{
    return !strcmp(mn, "cmpw") || !strcmp(mn, "cmplw") || !strcmp(mn, "cmpwi") || !strcmp(mn, "cmplwi");
}

/* Whether IN may write condition register field CR ("cr0".."cr7"): a
 * compare naming it (or none: cr0), a record form (cr0), anything that
 * writes condition registers as a whole, a call. */
bool mc_ppc_writes_cr(const struct minsn *in, const char *cr)
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

/* Whether IN may write condition register field F (0-7): mc_ppc_writes_cr,
 * and any call (the callee may change every field but cr2-cr4; none is
 * assumed kept). */
bool mc_ppc_writes_field(const struct minsn *in, int f)
{
    if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL ||
                    in->isa->kind == ISA_TAIL_CALL))
        return true;
    if (!strcmp(in->mnemonic, "bla"))
        return true;
    char cr[4] = {'c', 'r', (char)('0' + (f & 7)), '\0'};
    return mc_ppc_writes_cr(in, cr);
}

/* Whether IN may write general register REG ("r12"). */
bool mc_ppc_writes_reg(const struct minsn *in, const char *reg)
{
    const char *mn = in->mnemonic;
    if (!strcmp(mn, "bl") || !strcmp(mn, "bctrl") || !strcmp(mn, "blrl") || !strcmp(mn, "sc") || !strcmp(mn, "lmw") ||
        !strcmp(mn, "lswi") || !strcmp(mn, "lswx"))
        return true; /* (and the loads of several registers) */
    char ops[6][16]; /* (rlwimi, rlwinm: five operands, the first written) */
    int n = mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0]));
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
unsigned mc_ppc_branch_condition(const struct minsn *br, char cr[8])
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
    int no = mc_insn_operands(br, ops, (int)(sizeof ops / sizeof ops[0]));
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

/* A conditional branch or return: the condition (branch_condition's sets),
 * its field; RET: a conditional return ("beqlr cr0"). 0 when not one. */
unsigned mc_ppc_cond_of(const struct minsn *in, char cr[8], bool *ret)
{
    *ret = in->isa && in->isa->kind == ISA_COND_RETURN;
    if (!*ret)
        return in->isa && in->isa->kind == ISA_COND_BRANCH ? mc_ppc_branch_condition(in, cr) : 0;
    char m[16];
    size_t n = strlen(in->mnemonic);
    if (n < 3 || n >= sizeof m)
        return 0;
    memcpy(m, in->mnemonic, n + 1);
    while (n > 0 && (m[n - 1] == '+' || m[n - 1] == '-'))
        m[--n] = '\0';
    if (n < 3 || strcmp(m + n - 2, "lr"))
        return 0;
    m[n - 2] = '\0';
    struct minsn fake = *in;
    char ops[160];
    snprintf(ops, sizeof ops, "%s%s.L", in->ops[0] ? in->ops : "", in->ops[0] ? ", " : "");
    fake.mnemonic = m;
    fake.ops = ops;
    return mc_ppc_branch_condition(&fake, cr);
}

/* A conditional branch or return as one bit of its field: 'l' (less), 'g'
 * (greater) or 'e' (equal), *VALUE the bit's value that makes it taken
 * ("bge": 'l', false), *FIELD the field; 0 when not one. */
char mc_ppc_branch_bit(const struct minsn *in, bool *value, int *field)
{
    char cr[8];
    bool ret;
    unsigned set = mc_ppc_cond_of(in, cr, &ret);
    static const struct { unsigned set; char bit; bool v; } t[] = {
        {1, 'l', true}, {6, 'l', false}, {2, 'g', true}, {5, 'g', false}, {4, 'e', true}, {3, 'e', false}};
    for (size_t i = 0; set && i < sizeof t / sizeof t[0]; i++)
        if (t[i].set == set) {
            *value = t[i].v;
            *field = cr[2] - '0';
            return t[i].bit;
        }
    return 0;
}

/* Whether IN compares a register with an immediate ("cmplwi cr1, r8, 0",
 * "cmpwi r3, -1"): the register, the immediate, the field (0-7), unsigned
 * or not. */
bool mc_ppc_flag_test(const struct minsn *in, char reg[16], long long *imm, int *field, bool *logical)
{
    if (strcmp(in->mnemonic, "cmplwi") && strcmp(in->mnemonic, "cmpwi"))
        return false;
    char ops[4][16], *end;
    int n = mc_insn_operands(in, ops, (int)(sizeof ops / sizeof ops[0]));
    int o = n == 3 ? 1 : 0;
    if (n != 2 && n != 3)
        return false;
    if (n == 3 && (strncmp(ops[0], "cr", 2) || ops[0][2] < '0' || ops[0][2] > '7' || ops[0][3]))
        return false;
    *field = n == 3 ? ops[0][2] - '0' : 0;
    *imm = strtoll(ops[o + 1], &end, 0);
    if (*end || !ops[o][0])
        return false;
    strcpy(reg, ops[o]);
    *logical = in->mnemonic[3] == 'l';
    return true;
}

bool mc_ppc_is_flag_test(const struct minsn *in)
{
    char reg[16];
    long long imm;
    int field;
    bool logical;
    return mc_ppc_flag_test(in, reg, &imm, &field, &logical);
}

/* Whether instruction K of block B is "subfe D, T, X" right after "addic T, X, -1"
 * (only compares between: nothing else writes the carry): D = (X != 0), the
 * PowerPC's branchless test of a word (a 64-bit comparison's high words
 * against 0). OPS: its operands. */
bool mc_ppc_nonzero_test(const struct mblock *b, size_t k, char ops[4][16])
{
    const struct minsn *in = &b->insns[k];
    if (strcmp(in->mnemonic, "subfe") || mc_insn_operands(in, ops, 4) != 3)
        return false;
    for (size_t j = k; j-- > 0;) {
        const struct minsn *p = &b->insns[j];
        char po[4][16];
        if (mc_ppc_is_compare(p->mnemonic))
            continue;
        return !strcmp(p->mnemonic, "addic") && mc_insn_operands(p, po, 4) == 3 && !strcmp(po[0], ops[1]) &&
               !strcmp(po[1], ops[2]) && !strcmp(po[2], "-1") && strcmp(ops[1], ops[2]);
    }
    return false;
}
