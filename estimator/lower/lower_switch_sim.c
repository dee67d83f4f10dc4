/* lower_switch_sim.c — the small evaluator lower_switches.c runs a switch's
 * compare tree on: the compares, moves, adds and branches such trees use on
 * RISC-V, PowerPC, the AVR and x86-64, over registers whose values are known
 * or not, and the condition flags or fields they set. Internal to estimator/. */
#include "isa.h"
#include "lower.h"
#include "lower_switch_sim.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- register names ---- */

static const char *const rv_names[32] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                         "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                         "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
static const char *const x86_names[16][4] = {
    {"rax", "eax", "ax", "al"}, {"rcx", "ecx", "cx", "cl"}, {"rdx", "edx", "dx", "dl"}, {"rbx", "ebx", "bx", "bl"},
    {"rsp", "esp", "sp", "spl"}, {"rbp", "ebp", "bp", "bpl"}, {"rsi", "esi", "si", "sil"}, {"rdi", "edi", "di", "dil"},
    {"r8", "r8d", "r8w", "r8b"}, {"r9", "r9d", "r9w", "r9b"}, {"r10", "r10d", "r10w", "r10b"},
    {"r11", "r11d", "r11w", "r11b"}, {"r12", "r12d", "r12w", "r12b"}, {"r13", "r13d", "r13w", "r13b"},
    {"r14", "r14d", "r14w", "r14b"}, {"r15", "r15d", "r15w", "r15b"}};

/* The register operand at the start of OP (up to a comma, space or the end):
 * its number, and on x86 its width in bits (*bits); -1 when it is none. */
int mc_sim_reg(enum sim_isa isa, const char *op, unsigned *bits)
{
    while (*op == ' ')
        op++;
    size_t n = strcspn(op, ", )");
    char name[16];
    if (n == 0 || n >= sizeof name)
        return -1;
    memcpy(name, op, n);
    name[n] = '\0';
    if (bits)
        *bits = isa == SIM_AVR ? 8 : isa == SIM_X86 ? 64 : 32;
    switch (isa) {
    case SIM_RV:
        for (int r = 0; r < 32; r++)
            if (!strcmp(name, rv_names[r]))
                return r;
        if (name[0] == 'x' && isdigit((unsigned char)name[1]))
            return atoi(name + 1) < 32 ? atoi(name + 1) : -1;
        return -1;
    case SIM_PPC:
    case SIM_AVR:
        if (name[0] == 'r' && isdigit((unsigned char)name[1]) && atoi(name + 1) < 32)
            return atoi(name + 1);
        if (isa == SIM_PPC && isdigit((unsigned char)name[0]) && atoi(name) < 32)
            return atoi(name);
        return -1;
    case SIM_X86:
        if (name[0] != '%')
            return -1;
        for (int r = 0; r < 16; r++)
            for (int w = 0; w < 4; w++)
                if (!strcmp(name + 1, x86_names[r][w])) {
                    if (bits)
                        *bits = w == 0 ? 64 : w == 1 ? 32 : w == 2 ? 16 : 8;
                    return r;
                }
        return -1;
    }
    return -1;
}

/* The operands of an instruction, split at top-level commas (at most 4). */
int mc_sim_operands(const char *ops, char out[4][48])
{
    int n = 0, depth = 0;
    size_t k = 0;
    for (const char *p = ops;; p++) {
        if (*p == '(')
            depth++;
        if (*p == ')')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            if (n < 4) {
                size_t s = 0;
                while (s < k && out[n][s] == ' ')
                    s++;
                memmove(out[n], out[n] + s, k - s);
                out[n][k - s] = '\0';
                n++;
            }
            k = 0;
            if (*p == '\0')
                break;
            continue;
        }
        if (n < 4 && k + 1 < sizeof out[0])
            out[n][k++] = *p;
    }
    return n;
}

bool mc_sim_imm(const char *op, int64_t *v)
{
    while (*op == ' ' || *op == '$')
        op++;
    char *end;
    long long x = strtoll(op, &end, 0);
    if (end == op || *end != '\0')
        return false;
    *v = x;
    return true;
}

uint64_t mc_sim_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }
int64_t mc_sim_sext(uint64_t v, unsigned bits)
{
    unsigned s = 64 - bits;
    return bits >= 64 ? (int64_t)v : (int64_t)(v << s) >> s;
}

void mc_sim_set_reg(struct sim *st, int r, uint64_t v, bool known)
{
    if (r < 0 || r >= NREG)
        return;
    if (st->isa == SIM_RV && r == 0)
        return; /* zero */
    unsigned bits = st->isa == SIM_AVR ? 8 : st->isa == SIM_X86 ? 64 : 32;
    st->val[r] = v & mc_sim_mask(bits);
    st->known[r] = known;
}

bool mc_sim_get_reg(const struct sim *st, int r, uint64_t *v)
{
    if (r < 0 || r >= NREG)
        return false;
    if (st->isa == SIM_RV && r == 0) {
        *v = 0;
        return true;
    }
    *v = st->val[r];
    return st->known[r];
}

/* ---- one instruction ---- */

/* AVR: the flags of A - B - CARRY on bytes (cp, cpc, cpi, sub, sbc, subi,
 * sbci); KEEP_Z: Z stays cleared when it was (cpc, sbc, sbci). */
static uint8_t avr_sub(struct sim *st, uint8_t a, uint8_t b, bool carry, bool keep_z)
{
    unsigned r = (unsigned)a - b - (carry ? 1 : 0);
    uint8_t res = (uint8_t)r;
    bool z = res == 0;
    st->C = (unsigned)a < (unsigned)b + (carry ? 1u : 0u);
    st->Z = keep_z ? z && st->Z : z;
    st->N = res >> 7;
    st->V = ((a ^ b) & (a ^ res)) >> 7;
    return res;
}

/* x86: the flags of A - B at BITS bits (cmp, sub). */
static void x86_sub(struct sim *st, uint64_t a, uint64_t b, unsigned bits)
{
    uint64_t m = mc_sim_mask(bits);
    a &= m, b &= m;
    uint64_t r = (a - b) & m;
    st->C = a < b;
    st->Z = r == 0;
    st->N = (r >> (bits - 1)) & 1;
    st->V = (((a ^ b) & (a ^ r)) >> (bits - 1)) & 1;
    st->fk = true;
}

int mc_sim_ppc_field(const char *op)
{
    return !strncmp(op, "cr", 2) && op[2] >= '0' && op[2] <= '7' && op[3] == '\0' ? op[2] - '0' : -1;
}

/* The registers an instruction writes, made unknown: the first operand on
 * RISC-V, PowerPC and the AVR (a pair for movw, adiw, sbiw), the last on
 * x86; none for stores, compares and branches. */
static void clobber(struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    if (n == 0)
        return;
    switch (st->isa) {
    case SIM_RV:
        if (mn[0] == 'b' || mn[0] == 'j' || !strcmp(mn, "sw") || !strcmp(mn, "sh") || !strcmp(mn, "sb"))
            return;
        mc_sim_set_reg(st, mc_sim_reg(st->isa, o[0], NULL), 0, false);
        return;
    case SIM_PPC:
        if (!strncmp(mn, "st", 2) || !strncmp(mn, "cmp", 3) || mn[0] == 'b' || !strncmp(mn, "mt", 2))
            return;
        mc_sim_set_reg(st, mc_sim_reg(st->isa, o[0], NULL), 0, false);
        if (mn[strlen(mn) - 1] == '.')
            st->cr[0] = -1;
        return;
    case SIM_AVR: {
        static const char *const none[] = {"st", "std", "sts", "cp", "cpc", "cpi", "push", "out", "sbi", "cbi",
                                           "tst", "nop", NULL};
        for (const char *const *k = none; *k; k++)
            if (!strcmp(mn, *k))
                return;
        if (mn[0] == 'b' && mn[1] == 'r')
            return;
        int r = mc_sim_reg(st->isa, o[0], NULL);
        mc_sim_set_reg(st, r, 0, false);
        if (!strcmp(mn, "movw") || !strcmp(mn, "adiw") || !strcmp(mn, "sbiw"))
            mc_sim_set_reg(st, r + 1, 0, false);
        if (!strncmp(mn, "mul", 3))
            mc_sim_set_reg(st, 0, 0, false), mc_sim_set_reg(st, 1, 0, false);
        st->fk = false;
        return;
    }
    case SIM_X86:
        if (!strncmp(mn, "cmp", 3) || !strncmp(mn, "test", 4) || mn[0] == 'j' || !strncmp(mn, "push", 4))
            return;
        mc_sim_set_reg(st, mc_sim_reg(st->isa, o[n - 1], NULL), 0, false);
        st->fk = false;
        return;
    }
}

static bool rv_step(struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    uint64_t a = 0, b = 0;
    int64_t imm = 0;
    int d = n > 0 ? mc_sim_reg(SIM_RV, o[0], NULL) : -1;
    if (!strcmp(mn, "li") && n == 2 && mc_sim_imm(o[1], &imm)) {
        mc_sim_set_reg(st, d, (uint64_t)imm, true);
        return true;
    }
    if (!strcmp(mn, "lui") && n == 2 && mc_sim_imm(o[1], &imm)) {
        mc_sim_set_reg(st, d, (uint64_t)imm << 12, true);
        return true;
    }
    if (!strcmp(mn, "mv") && n == 2) {
        bool k = mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[1], NULL), &a);
        mc_sim_set_reg(st, d, a, k);
        return true;
    }
    if ((!strcmp(mn, "seqz") || !strcmp(mn, "snez") || !strcmp(mn, "neg") || !strcmp(mn, "not")) && n == 2) {
        bool k = mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[1], NULL), &a);
        a &= 0xffffffffu;
        uint64_t r = !strcmp(mn, "seqz") ? a == 0 : !strcmp(mn, "snez") ? a != 0 : !strcmp(mn, "neg") ? 0 - a : ~a;
        mc_sim_set_reg(st, d, r, k);
        return true;
    }
    static const char *const ri[] = {"addi", "andi", "ori", "xori", "slli", "srli", "srai", "slti", "sltiu", NULL};
    for (int k = 0; ri[k]; k++)
        if (!strcmp(mn, ri[k]) && n == 3 && mc_sim_imm(o[2], &imm)) {
            bool kn = mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[1], NULL), &a);
            uint32_t x = (uint32_t)a, y = (uint32_t)imm;
            uint64_t r = k == 0 ? x + y : k == 1 ? x & y : k == 2 ? x | y : k == 3 ? x ^ y : k == 4 ? x << (y & 31)
                         : k == 5 ? x >> (y & 31) : k == 6 ? (uint32_t)((int32_t)x >> (y & 31))
                         : k == 7 ? (int32_t)x < (int32_t)y : x < y;
            mc_sim_set_reg(st, d, r, kn);
            return true;
        }
    static const char *const rr[] = {"add", "sub", "and", "or", "xor", "slt", "sltu", NULL};
    for (int k = 0; rr[k]; k++)
        if (!strcmp(mn, rr[k]) && n == 3) {
            bool kn = mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[1], NULL), &a) & mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[2], NULL), &b);
            uint32_t x = (uint32_t)a, y = (uint32_t)b;
            uint64_t r = k == 0 ? x + y : k == 1 ? x - y : k == 2 ? x & y : k == 3 ? x | y : k == 4 ? x ^ y
                         : k == 5 ? (int32_t)x < (int32_t)y : x < y;
            mc_sim_set_reg(st, d, r, kn);
            return true;
        }
    clobber(st, in);
    return true;
}

static int rv_branch(const struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    uint64_t a = 0, b = 0;
    bool ka = n >= 2 && mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[0], NULL), &a), kb = true;
    size_t l = strlen(mn);
    bool zero_form = l > 1 && mn[l - 1] == 'z';
    if (!zero_form)
        kb = n >= 3 && mc_sim_get_reg(st, mc_sim_reg(SIM_RV, o[1], NULL), &b);
    if (!ka || !kb)
        return -1;
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
    char base[8];
    snprintf(base, sizeof base, "%.*s", (int)(zero_form ? l - 1 : l), mn);
    if (!strcmp(base, "beq")) return ua == ub;
    if (!strcmp(base, "bne")) return ua != ub;
    if (!strcmp(base, "blt")) return sa < sb;
    if (!strcmp(base, "bge")) return sa >= sb;
    if (!strcmp(base, "bgt")) return sa > sb;
    if (!strcmp(base, "ble")) return sa <= sb;
    if (!strcmp(base, "bltu")) return ua < ub;
    if (!strcmp(base, "bgeu")) return ua >= ub;
    if (!strcmp(base, "bgtu")) return ua > ub;
    if (!strcmp(base, "bleu")) return ua <= ub;
    return -1;
}

/* PowerPC: sets condition field F from a compare of A and B. */
static void ppc_compare(struct sim *st, int f, uint64_t a, uint64_t b, bool sign, bool known)
{
    if (f < 0 || f > 7)
        return;
    if (!known) {
        st->cr[f] = -1;
        return;
    }
    bool lt = sign ? (int32_t)a < (int32_t)b : (uint32_t)a < (uint32_t)b;
    bool eq = (uint32_t)a == (uint32_t)b;
    st->cr[f] = lt ? 1 : eq ? 4 : 2;
}

static bool ppc_step(struct sim *st, const struct minsn *in)
{
    char mn[16];
    snprintf(mn, sizeof mn, "%s", in->mnemonic);
    size_t ml = strlen(mn);
    bool record = ml > 1 && mn[ml - 1] == '.';
    if (record)
        mn[--ml] = '\0';
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    uint64_t a = 0, b = 0;
    int64_t imm = 0;
    if (!strncmp(mn, "cmp", 3)) {
        int f = 0, at = 0;
        if (n > 0 && mc_sim_ppc_field(o[0]) >= 0)
            f = mc_sim_ppc_field(o[0]), at = 1;
        bool sign = mn[3] != 'l';
        bool kn = n > at && mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[at], NULL), &a);
        if (n == at + 2 && (!strcmp(mn, "cmpwi") || !strcmp(mn, "cmplwi")) && mc_sim_imm(o[at + 1], &imm))
            b = (uint64_t)imm;
        else if (n == at + 2 && (!strcmp(mn, "cmpw") || !strcmp(mn, "cmplw")))
            kn &= mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[at + 1], NULL), &b);
        else
            kn = false, b = 0;
        ppc_compare(st, f, a, b, sign, kn);
        return true;
    }
    int d = n > 0 ? mc_sim_reg(SIM_PPC, o[0], NULL) : -1;
    bool done = false, kn = false;
    uint64_t r = 0;
    if (!strcmp(mn, "li") && n == 2 && mc_sim_imm(o[1], &imm))
        r = (uint64_t)imm, kn = done = true;
    else if (!strcmp(mn, "lis") && n == 2 && mc_sim_imm(o[1], &imm))
        r = (uint64_t)imm << 16, kn = done = true;
    else if (!strcmp(mn, "mr") && n == 2)
        kn = mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[1], NULL), &r), done = true;
    else if ((!strcmp(mn, "addi") || !strcmp(mn, "subi") || !strcmp(mn, "andi") || !strcmp(mn, "ori") ||
              !strcmp(mn, "xori")) && n == 3 && mc_sim_imm(o[2], &imm)) {
        kn = mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[1], NULL), &a);
        uint32_t x = (uint32_t)a, y = (uint32_t)imm;
        r = mn[0] == 'a' && mn[1] == 'd' ? x + y : mn[0] == 's' ? x - y : mn[0] == 'a' ? x & y : mn[0] == 'o' ? x | y : x ^ y;
        done = true;
    } else if (!strcmp(mn, "clrlwi") && n == 3 && mc_sim_imm(o[2], &imm) && imm >= 0 && imm < 32) {
        kn = mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[1], NULL), &a);
        r = (uint32_t)a & (uint32_t)(0xffffffffu >> imm), done = true;
    } else if ((!strcmp(mn, "extsb") || !strcmp(mn, "extsh")) && n == 2) {
        kn = mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[1], NULL), &a);
        r = (uint64_t)mc_sim_sext(a, mn[4] == 'b' ? 8 : 16), done = true;
    } else if ((!strcmp(mn, "add") || !strcmp(mn, "sub") || !strcmp(mn, "subf")) && n == 3) {
        kn = mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[1], NULL), &a) & mc_sim_get_reg(st, mc_sim_reg(SIM_PPC, o[2], NULL), &b);
        r = !strcmp(mn, "add") ? a + b : !strcmp(mn, "sub") ? a - b : b - a, done = true;
    }
    if (!done) {
        clobber(st, in);
        return true;
    }
    mc_sim_set_reg(st, d, r, kn);
    if (record)
        ppc_compare(st, 0, r, 0, true, kn);
    return true;
}

static int ppc_branch(const struct sim *st, const struct minsn *in)
{
    char mn[16];
    snprintf(mn, sizeof mn, "%s", in->mnemonic);
    size_t l = strlen(mn);
    while (l > 0 && (mn[l - 1] == '+' || mn[l - 1] == '-'))
        mn[--l] = '\0';
    if (l > 2 && mn[l - 2] == 'l' && mn[l - 1] == 'r' && in->isa && in->isa->kind == ISA_COND_RETURN)
        mn[l -= 2] = '\0'; /* "beqlr": beq to the return */
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    int f = n >= 1 && mc_sim_ppc_field(o[0]) >= 0 ? mc_sim_ppc_field(o[0]) : 0;
    if (in->isa && in->isa->kind == ISA_COND_RETURN) {
        if (st->cr[f] < 0)
            return -1;
        goto decide;
    }
    f = n >= 2 ? mc_sim_ppc_field(o[0]) : 0;
    if (f < 0 || st->cr[f] < 0)
        return -1;
decide:;
    int c = st->cr[f];
    bool lt = c & 1, gt = c & 2, eq = c & 4;
    if (!strcmp(mn, "beq")) return eq;
    if (!strcmp(mn, "bne")) return !eq;
    if (!strcmp(mn, "blt")) return lt;
    if (!strcmp(mn, "bge") || !strcmp(mn, "bnl")) return !lt;
    if (!strcmp(mn, "bgt")) return gt;
    if (!strcmp(mn, "ble") || !strcmp(mn, "bng")) return !gt;
    return -1;
}

static bool avr_step(struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    int d = n > 0 ? mc_sim_reg(SIM_AVR, o[0], NULL) : -1, s = n > 1 ? mc_sim_reg(SIM_AVR, o[1], NULL) : -1;
    uint64_t a = 0, b = 0;
    int64_t imm = 0;
    if ((!strcmp(mn, "ldi") || !strcmp(mn, "ser")) && d >= 0) {
        bool ok = !strcmp(mn, "ser") || (n == 2 && mc_sim_imm(o[1], &imm));
        mc_sim_set_reg(st, d, !strcmp(mn, "ser") ? 0xff : (uint64_t)imm, ok);
        return true;
    }
    if (!strcmp(mn, "clr") && d >= 0) {
        mc_sim_set_reg(st, d, 0, true);
        st->fk = true, st->Z = true, st->C = false, st->N = false, st->V = false;
        return true;
    }
    if (!strcmp(mn, "mov") && d >= 0 && s >= 0) {
        bool k = mc_sim_get_reg(st, s, &a);
        mc_sim_set_reg(st, d, a, k);
        return true;
    }
    if (!strcmp(mn, "movw") && d >= 0 && s >= 0) {
        bool k0 = mc_sim_get_reg(st, s, &a), k1 = mc_sim_get_reg(st, s + 1, &b);
        mc_sim_set_reg(st, d, a, k0);
        mc_sim_set_reg(st, d + 1, b, k1);
        return true;
    }
    if ((!strcmp(mn, "cpi") || !strcmp(mn, "subi") || !strcmp(mn, "sbci")) && d >= 0 && n == 2 && mc_sim_imm(o[1], &imm)) {
        bool carry = !strcmp(mn, "sbci");
        bool k = mc_sim_get_reg(st, d, &a) && (!carry || st->fk);
        uint8_t r = avr_sub(st, (uint8_t)a, (uint8_t)imm, carry && st->C, carry);
        st->fk = k;
        if (mn[0] == 's')
            mc_sim_set_reg(st, d, r, k);
        return true;
    }
    if ((!strcmp(mn, "cp") || !strcmp(mn, "cpc") || !strcmp(mn, "sub") || !strcmp(mn, "sbc")) && d >= 0 && s >= 0) {
        bool carry = !strcmp(mn, "cpc") || !strcmp(mn, "sbc");
        bool k = mc_sim_get_reg(st, d, &a) & mc_sim_get_reg(st, s, &b) && (!carry || st->fk);
        uint8_t r = avr_sub(st, (uint8_t)a, (uint8_t)b, carry && st->C, carry);
        st->fk = k;
        if (mn[0] == 's')
            mc_sim_set_reg(st, d, r, k);
        return true;
    }
    if ((!strcmp(mn, "adiw") || !strcmp(mn, "sbiw")) && d >= 0 && n == 2 && mc_sim_imm(o[1], &imm)) {
        /* a register pair (low byte first) plus or minus 0..63 */
        bool k = mc_sim_get_reg(st, d, &a) & mc_sim_get_reg(st, d + 1, &b);
        unsigned x = (unsigned)(a | b << 8), y = (unsigned)imm & 63;
        unsigned r = (mn[0] == 'a' ? x + y : x - y) & 0xffff;
        st->C = mn[0] == 'a' ? x + y > 0xffff : x < y;
        st->Z = r == 0;
        st->N = r >> 15;
        st->V = mn[0] == 'a' ? (~x & r) >> 15 & 1 : (x & ~r) >> 15 & 1;
        st->fk = k;
        mc_sim_set_reg(st, d, r & 0xff, k);
        mc_sim_set_reg(st, d + 1, r >> 8, k);
        return true;
    }
    if (!strcmp(mn, "tst") && d >= 0) {
        bool k = mc_sim_get_reg(st, d, &a);
        st->Z = (uint8_t)a == 0, st->N = (a >> 7) & 1, st->V = false, st->fk = k;
        return true;
    }
    clobber(st, in);
    return true;
}

static int avr_branch(const struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    if (!st->fk)
        return -1;
    bool S = st->N != st->V;
    if (!strcmp(mn, "breq")) return st->Z;
    if (!strcmp(mn, "brne")) return !st->Z;
    if (!strcmp(mn, "brlo") || !strcmp(mn, "brcs")) return st->C;
    if (!strcmp(mn, "brsh") || !strcmp(mn, "brcc")) return !st->C;
    if (!strcmp(mn, "brlt")) return S;
    if (!strcmp(mn, "brge")) return !S;
    if (!strcmp(mn, "brmi")) return st->N;
    if (!strcmp(mn, "brpl")) return !st->N;
    return -1;
}

/* x86 (AT&T): the width a mnemonic's suffix gives (cmpb, addl, ...), or 0. */
static unsigned x86_width(const char *mn, size_t base)
{
    switch (mn[base]) {
    case 'b': return 8;
    case 'w': return 16;
    case 'l': return 32;
    case 'q': return 64;
    default: return 0;
    }
}

static bool x86_step(struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    uint64_t a = 0, b = 0;
    int64_t imm = 0;
    unsigned bits;
    if (!strncmp(mn, "cmp", 3) && n == 2 && (bits = x86_width(mn, 3))) {
        /* AT&T: cmp SRC, DST sets the flags of DST - SRC */
        unsigned db;
        int dr = mc_sim_reg(SIM_X86, o[1], &db);
        bool k = mc_sim_get_reg(st, dr, &a);
        if (mc_sim_imm(o[0], &imm))
            b = (uint64_t)imm;
        else
            k &= mc_sim_get_reg(st, mc_sim_reg(SIM_X86, o[0], NULL), &b);
        x86_sub(st, a, b, bits);
        st->fk = k;
        st->conly = false;
        return true;
    }
    if (!strncmp(mn, "test", 4) && n == 2 && (bits = x86_width(mn, 4)) &&
        mc_sim_reg(SIM_X86, o[0], NULL) == mc_sim_reg(SIM_X86, o[1], NULL)) {
        bool k = mc_sim_get_reg(st, mc_sim_reg(SIM_X86, o[0], NULL), &a);
        a &= mc_sim_mask(bits);
        st->Z = a == 0, st->N = (a >> (bits - 1)) & 1, st->C = false, st->V = false, st->fk = k, st->conly = false;
        return true;
    }
    if ((!strcmp(mn, "btq") || !strcmp(mn, "btl")) && n == 2) {
        /* AT&T: bt INDEX, BASE sets CF to that bit of BASE (the other flags
         * are undefined: only CF's branches may read them, st->conly) */
        unsigned w = mn[2] == 'q' ? 64 : 32;
        bool k = mc_sim_get_reg(st, mc_sim_reg(SIM_X86, o[1], NULL), &a) && mc_sim_reg(SIM_X86, o[1], NULL) >= 0;
        if (mc_sim_imm(o[0], &imm))
            b = (uint64_t)imm;
        else
            k &= mc_sim_get_reg(st, mc_sim_reg(SIM_X86, o[0], NULL), &b);
        st->C = (a >> (b % w)) & 1;
        st->fk = k;
        st->conly = true;
        return true;
    }
    int dr = n > 0 ? mc_sim_reg(SIM_X86, o[n - 1], &bits) : -1;
    if (!strncmp(mn, "mov", 3) && n == 2 && dr >= 0) {
        unsigned sb;
        int sr = mc_sim_reg(SIM_X86, o[0], &sb);
        bool k;
        if (mc_sim_imm(o[0], &imm))
            a = (uint64_t)imm, k = true, sb = 64;
        else
            k = sr >= 0 && mc_sim_get_reg(st, sr, &a);
        a &= mc_sim_mask(sb);
        if (!strncmp(mn, "movs", 4) && strcmp(mn, "movsd") && strcmp(mn, "movss") && sr >= 0)
            a = (uint64_t)mc_sim_sext(a, sb);
        else if (!strncmp(mn, "movs", 4) || (!strncmp(mn, "mov", 3) && sr < 0 && !mc_sim_imm(o[0], &imm)))
            k = false;
        /* a 32-bit write clears the upper half; 8 and 16 keep it */
        uint64_t old = 0;
        bool ko = mc_sim_get_reg(st, dr, &old);
        if (bits < 32)
            a = (old & ~mc_sim_mask(bits)) | (a & mc_sim_mask(bits)), k &= ko;
        mc_sim_set_reg(st, dr, a & (bits == 32 ? 0xffffffffu : ~0ull), k);
        return true;
    }
    if ((!strncmp(mn, "add", 3) || !strncmp(mn, "sub", 3)) && n == 2 && dr >= 0 && (bits = x86_width(mn, 3))) {
        bool k = mc_sim_get_reg(st, dr, &a);
        if (mc_sim_imm(o[0], &imm))
            b = (uint64_t)imm;
        else
            k &= mc_sim_get_reg(st, mc_sim_reg(SIM_X86, o[0], NULL), &b);
        uint64_t r = mn[0] == 'a' ? a + b : a - b;
        if (mn[0] == 's')
            x86_sub(st, a, b, bits), st->conly = false;
        else
            st->fk = false;
        uint64_t old = a;
        if (bits < 32)
            r = (old & ~mc_sim_mask(bits)) | (r & mc_sim_mask(bits));
        mc_sim_set_reg(st, dr, r & (bits == 32 ? 0xffffffffu : ~0ull), k);
        return true;
    }
    if ((!strncmp(mn, "inc", 3) || !strncmp(mn, "dec", 3)) && n == 1 && dr >= 0 && (bits = x86_width(mn, 3))) {
        bool k = mc_sim_get_reg(st, dr, &a);
        uint64_t r = mn[0] == 'i' ? a + 1 : a - 1;
        st->fk = false; /* (inc and dec keep CF) */
        if (bits < 32)
            r = (a & ~mc_sim_mask(bits)) | (r & mc_sim_mask(bits));
        mc_sim_set_reg(st, dr, r & (bits == 32 ? 0xffffffffu : ~0ull), k);
        return true;
    }
    if (!strncmp(mn, "lea", 3) && n == 2 && dr >= 0) {
        /* leal -C(%reg), %dst */
        char *paren = strchr(o[0], '(');
        if (paren && !strchr(paren, ',')) {
            int64_t disp = 0;
            if (paren != o[0]) {
                char dd[32];
                snprintf(dd, sizeof dd, "%.*s", (int)(paren - o[0]), o[0]);
                if (!mc_sim_imm(dd, &disp)) {
                    clobber(st, in);
                    return true;
                }
            }
            bool k = mc_sim_get_reg(st, mc_sim_reg(SIM_X86, paren + 1, NULL), &a);
            mc_sim_set_reg(st, dr, (a + (uint64_t)disp) & (bits == 32 ? 0xffffffffu : ~0ull), k);
            return true;
        }
    }
    clobber(st, in);
    return true;
}

static int x86_branch(const struct sim *st, const struct minsn *in)
{
    const char *mn = in->mnemonic;
    if (!st->fk)
        return -1;
    if (st->conly && strcmp(mn, "jb") && strcmp(mn, "jnae") && strcmp(mn, "jc") && strcmp(mn, "jae") &&
        strcmp(mn, "jnb") && strcmp(mn, "jnc"))
        return -1;
    bool S = st->N != st->V;
    if (!strcmp(mn, "je") || !strcmp(mn, "jz")) return st->Z;
    if (!strcmp(mn, "jne") || !strcmp(mn, "jnz")) return !st->Z;
    if (!strcmp(mn, "jb") || !strcmp(mn, "jnae") || !strcmp(mn, "jc")) return st->C;
    if (!strcmp(mn, "jae") || !strcmp(mn, "jnb") || !strcmp(mn, "jnc")) return !st->C;
    if (!strcmp(mn, "ja") || !strcmp(mn, "jnbe")) return !st->C && !st->Z;
    if (!strcmp(mn, "jbe") || !strcmp(mn, "jna")) return st->C || st->Z;
    if (!strcmp(mn, "jl") || !strcmp(mn, "jnge")) return S;
    if (!strcmp(mn, "jge") || !strcmp(mn, "jnl")) return !S;
    if (!strcmp(mn, "jg") || !strcmp(mn, "jnle")) return !S && !st->Z;
    if (!strcmp(mn, "jle") || !strcmp(mn, "jng")) return S || st->Z;
    if (!strcmp(mn, "js")) return st->N;
    if (!strcmp(mn, "jns")) return !st->N;
    return -1;
}

void mc_sim_step(struct sim *st, const struct minsn *in)
{
    switch (st->isa) {
    case SIM_RV: rv_step(st, in); break;
    case SIM_PPC: ppc_step(st, in); break;
    case SIM_AVR: avr_step(st, in); break;
    case SIM_X86: x86_step(st, in); break;
    }
}

int mc_sim_branch(const struct sim *st, const struct minsn *in)
{
    switch (st->isa) {
    case SIM_RV: return rv_branch(st, in);
    case SIM_PPC: return ppc_branch(st, in);
    case SIM_AVR: return avr_branch(st, in);
    case SIM_X86: return x86_branch(st, in);
    }
    return -1;
}
