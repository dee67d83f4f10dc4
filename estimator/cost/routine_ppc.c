/* routine_ppc.c — runs a 32-bit PowerPC runtime routine (the corpus runtime's
 * soft-float and libm, libgcc's and the runtime's 64/128-bit division, its
 * printf, puts and putchar) on a call's operands, big-endian, the user-level
 * integer instructions compiled code uses (no floating point: the PPC405 is
 * priced soft-float). The SysV/EABI convention puts the operands in r3..r10 (a
 * 64-bit one in an odd-aligned pair, most significant word first, a 128-bit one
 * in four registers) and the rest in the parameter area of the caller's frame
 * (place_operands), the routine runs from its entry until it returns to a
 * sentinel link address, and each executed instruction is priced by its row of
 * the core's table as isa/calibrate's trace pricer prices it: an in-order
 * scoreboard over the GPRs (an instruction issues when its source registers are
 * ready; its result is ready `latency` cycles after issue: loads, multiplies),
 * conditional branches by taken or not plus the misprediction penalty when the
 * static prediction (backward taken, reversed by an "at" hint) is wrong. Rows
 * are looked up by the instruction's base mnemonic (the tables price an
 * extended mnemonic such as mr, li, slwi, bt or bdnz with its base instruction's
 * class); ori 0,0,0 is "nop".
 * The output boundary: the runtime's printf, puts and putchar write with the
 * Linux write system call (benchmarks/runtime/rt_linux.c), an sc. qemu-ppc runs
 * it on the host; its exec trace holds the sc as one executed instruction, which
 * the reference (isa/calibrate's pricer, the corpus accuracy table) prices by the
 * table's sc row. lpnest does the same: an sc with r0 = 4 (write) returns the
 * count it was given in r3 with CR0[SO] clear, as qemu's linux-user does, and
 * costs its row; an sc for the program's end (exit_group, r0 = 234, or exit, 1: the
 * runtime's exit, abort, a failed assert) costs its row and ends the routine's path,
 * as qemu's trace of the program ends there; any other system call stops the run. An
 * instruction lpnest does
 * not run (floating point, o-forms, lmw, other system and cache instructions,
 * division by zero) ends the run: the call is priced by the routine's formula. */
#include "routine_impl.h"

#include <string.h>

#define RETURN_SENTINEL 0xfffffff0u
#define STEP_LIMIT 4000000u
#define FRAME_BELOW_TOP 256u  /* r1 this far below the stack top: the caller's back chain, LR save word, parameter area */
#define PARAMETER_AREA 8u     /* the stack operands from 8(r1) (SysV/EABI: after back chain and LR save) */
#define SYS_WRITE 4
#define SYS_EXIT 1
#define SYS_EXIT_GROUP 234

enum mn {
    /* D-form */
    M_MULLI, M_SUBFIC, M_CMPLWI, M_CMPWI, M_ADDIC, M_ADDIC_DOT, M_ADDI, M_ADDIS, M_ORI, M_ORIS, M_XORI, M_XORIS,
    M_ANDI_DOT, M_ANDIS_DOT, M_NOP,
    /* rotates */
    M_RLWIMI, M_RLWINM, M_RLWNM,
    /* X/XO-form arithmetic and logic */
    M_CMPW, M_CMPLW, M_ADD, M_ADDC, M_ADDE, M_ADDZE, M_ADDME, M_SUBF, M_SUBFC, M_SUBFE, M_SUBFZE, M_SUBFME,
    M_NEG, M_MULLW, M_MULHW, M_MULHWU, M_DIVW, M_DIVWU, M_AND, M_ANDC, M_NOR, M_EQV, M_XOR, M_ORC, M_OR, M_NAND,
    M_CNTLZW, M_EXTSB, M_EXTSH, M_SLW, M_SRW, M_SRAW, M_SRAWI,
    /* loads and stores */
    M_LWZ, M_LWZU, M_LBZ, M_LBZU, M_LHZ, M_LHZU, M_LHA, M_LHAU, M_STW, M_STWU, M_STB, M_STBU, M_STH, M_STHU,
    M_LWZX, M_LWZUX, M_LBZX, M_LBZUX, M_LHZX, M_LHZUX, M_LHAX, M_LHAUX, M_LWBRX, M_LHBRX,
    M_STWX, M_STWUX, M_STBX, M_STBUX, M_STHX, M_STHUX, M_STWBRX, M_STHBRX,
    /* special registers, condition register */
    M_MFLR, M_MFCTR, M_MFXER, M_MTLR, M_MTCTR, M_MTXER, M_MFCR, M_MTCRF,
    M_CRAND, M_CRANDC, M_CREQV, M_CRNAND, M_CRNOR, M_CROR, M_CRORC, M_CRXOR, M_MCRF, M_SYNC, M_ISYNC, M_EIEIO,
    M_SC,
    /* branches */
    M_B, M_BL, M_BC, M_BCLR, M_BLR, M_BLRL, M_BCTR, M_BCTRL,
    M__N
};

static const char *const mn_name[M__N] = {
    "mulli", "subfic", "cmplwi", "cmpwi", "addic", "addic.", "addi", "addis", "ori", "oris", "xori", "xoris",
    "andi.", "andis.", "nop",
    "rlwimi", "rlwinm", "rlwnm",
    "cmpw", "cmplw", "add", "addc", "adde", "addze", "addme", "subf", "subfc", "subfe", "subfze", "subfme",
    "neg", "mullw", "mulhw", "mulhwu", "divw", "divwu", "and", "andc", "nor", "eqv", "xor", "orc", "or", "nand",
    "cntlzw", "extsb", "extsh", "slw", "srw", "sraw", "srawi",
    "lwz", "lwzu", "lbz", "lbzu", "lhz", "lhzu", "lha", "lhau", "stw", "stwu", "stb", "stbu", "sth", "sthu",
    "lwzx", "lwzux", "lbzx", "lbzux", "lhzx", "lhzux", "lhax", "lhaux", "lwbrx", "lhbrx",
    "stwx", "stwux", "stbx", "stbux", "sthx", "sthux", "stwbrx", "sthbrx",
    "mflr", "mfctr", "mfxer", "mtlr", "mtctr", "mtxer", "mfcr", "mtcrf",
    "crand", "crandc", "creqv", "crnand", "crnor", "cror", "crorc", "crxor", "mcrf", "sync", "isync", "eieio",
    "sc",
    "b", "bl", "bc", "bclr", "blr", "blrl", "bctr", "bctrl",
};

/* a record form's row is numbered M__N + its base's */
_Static_assert(2 * M__N <= ROUTINE_MAX_MNEMONICS, "too many PowerPC mnemonics for the runner's rows");

struct ppc_state {
    uint32_t gpr[32], lr, ctr, cr;
    bool so, ov, ca;      /* XER */
    double t;             /* the scoreboard's time: cycles so far */
    double ready[32];     /* when each GPR's value can be used */
};

/* What one executed instruction did, for its price. */
struct effect {
    enum mn m;
    bool dot;             /* the record form (sets CR0): the row of "m." */
    int dest;             /* the GPR written (scoreboard), or -1 */
    int src[3];           /* the GPRs read, -1 for none */
    int branch;           /* 0 not a conditional branch, 1 not taken, 2 taken */
    bool predict_taken;
};

/* ---- pricing ---- */

static const struct isa_insn *row_of(struct routine_runner *r, enum mn m, bool dot)
{
    if (!dot || mn_name[m][strlen(mn_name[m]) - 1] == '.')
        return routine_row(r, m, mn_name[m]);
    char name[16];
    size_t n = strlen(mn_name[m]);
    memcpy(name, mn_name[m], n);
    memcpy(name + n, ".", 2);
    return routine_row(r, M__N + m, name);
}

/* Adds the cycles of E to the scoreboard; false when the table lacks its row. */
static bool price(struct routine_runner *r, struct ppc_state *s, const struct effect *e)
{
    const struct isa_insn *in = row_of(r, e->m, e->dot);
    if (!in || in->cycles_formula)
        return false;
    if (in->kind == ISA_COND_BRANCH || in->kind == ISA_COND_RETURN) {
        bool taken = e->branch == 2;
        double c = taken ? in->taken : in->not_taken;
        if (in->mispredict && taken != e->predict_taken)
            c += in->mispredict;
        s->t += c;
        return true;
    }
    double issue = s->t;
    for (int k = 0; k < 3; k++)
        if (e->src[k] >= 0 && s->ready[e->src[k]] > issue)
            issue = s->ready[e->src[k]];
    s->t = issue + in->cycles;
    if (e->dest >= 0)
        s->ready[e->dest] = issue + (in->latency ? in->latency : in->cycles);
    return true;
}

/* ---- the condition register and XER ---- */

static void set_crf(struct ppc_state *s, unsigned field, unsigned bits)
{
    unsigned sh = 28 - 4 * field;
    s->cr = (s->cr & ~(15u << sh)) | (bits & 15) << sh;
}

static unsigned compare(const struct ppc_state *s, bool less, bool greater)
{
    return (less ? 8u : greater ? 4u : 2u) | (s->so ? 1u : 0u);
}

static void record(struct ppc_state *s, uint32_t v)
{
    set_crf(s, 0, compare(s, (int32_t)v < 0, (int32_t)v > 0));
}

static bool cr_bit(const struct ppc_state *s, unsigned n)
{
    return s->cr >> (31 - n) & 1;
}

static uint32_t xer(const struct ppc_state *s)
{
    return (uint32_t)s->so << 31 | (uint32_t)s->ov << 30 | (uint32_t)s->ca << 29;
}

/* a + b + c with the carry out into XER[CA] */
static uint32_t add_carry(struct ppc_state *s, uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t sum = (uint64_t)a + b + c;
    s->ca = sum >> 32;
    return (uint32_t)sum;
}

static uint32_t mask(unsigned mb, unsigned me)
{
    uint32_t from = 0xffffffffu >> mb, to = 0xffffffffu << (31 - me);
    return mb <= me ? from & to : from | to;
}

static uint32_t rotl(uint32_t v, unsigned n)
{
    n &= 31;
    return n ? v << n | v >> (32 - n) : v;
}

/* sraw/srawi: the shifted value; CA when a negative value loses 1 bits */
static uint32_t shift_right_algebraic(struct ppc_state *s, uint32_t v, unsigned n)
{
    bool negative = (int32_t)v < 0;
    if (n > 31) {
        s->ca = negative;
        return negative ? 0xffffffffu : 0;
    }
    s->ca = negative && n && (v & ((1u << n) - 1));
    return n ? (uint32_t)((int32_t)v >> n) : v;
}

/* ---- memory ---- */

static bool load(struct routine_runner *r, uint32_t a, unsigned n, bool reversed, uint32_t *v)
{
    return routine_mem_load(r, a, n, !reversed, v);
}

static bool store(struct routine_runner *r, uint32_t a, unsigned n, bool reversed, uint32_t v)
{
    return routine_mem_store(r, a, n, !reversed, v);
}

/* ---- the interpreter ---- */

/* Opcode 31's arithmetic (XO-form, OE clear): the mnemonic of extended opcode XO, or M__N. */
static enum mn xo_arith(unsigned xo)
{
    switch (xo) {
    case 266: return M_ADD;
    case 10: return M_ADDC;
    case 138: return M_ADDE;
    case 202: return M_ADDZE;
    case 234: return M_ADDME;
    case 40: return M_SUBF;
    case 8: return M_SUBFC;
    case 136: return M_SUBFE;
    case 200: return M_SUBFZE;
    case 232: return M_SUBFME;
    case 104: return M_NEG;
    case 235: return M_MULLW;
    case 75: return M_MULHW;
    case 11: return M_MULHWU;
    case 491: return M_DIVW;
    case 459: return M_DIVWU;
    default: return M__N;
    }
}

static bool arith(struct ppc_state *s, enum mn m, uint32_t a, uint32_t b, uint32_t *v)
{
    switch (m) {
    case M_ADD: *v = a + b; break;
    case M_ADDC: *v = add_carry(s, a, b, 0); break;
    case M_ADDE: *v = add_carry(s, a, b, s->ca); break;
    case M_ADDZE: *v = add_carry(s, a, 0, s->ca); break;
    case M_ADDME: *v = add_carry(s, a, 0xffffffffu, s->ca); break;
    case M_SUBF: *v = b - a; break;
    case M_SUBFC: *v = add_carry(s, ~a, b, 1); break;
    case M_SUBFE: *v = add_carry(s, ~a, b, s->ca); break;
    case M_SUBFZE: *v = add_carry(s, ~a, 0, s->ca); break;
    case M_SUBFME: *v = add_carry(s, ~a, 0xffffffffu, s->ca); break;
    case M_NEG: *v = 0u - a; break;
    case M_MULLW: *v = a * b; break;
    case M_MULHW: *v = (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32); break;
    case M_MULHWU: *v = (uint32_t)((uint64_t)a * b >> 32); break;
    case M_DIVW:
        if (!b || (a == 0x80000000u && b == 0xffffffffu))
            return false; /* undefined: no routine divides so */
        *v = (uint32_t)((int32_t)a / (int32_t)b);
        break;
    case M_DIVWU:
        if (!b)
            return false;
        *v = a / b;
        break;
    default: return false;
    }
    return true;
}

/* Opcode 31's logic and shifts (X-form, rA = rS op rB): the mnemonic of XO, or M__N. */
static enum mn x_logic(unsigned xo)
{
    switch (xo) {
    case 28: return M_AND;
    case 60: return M_ANDC;
    case 124: return M_NOR;
    case 284: return M_EQV;
    case 316: return M_XOR;
    case 412: return M_ORC;
    case 444: return M_OR;
    case 476: return M_NAND;
    case 26: return M_CNTLZW;
    case 954: return M_EXTSB;
    case 922: return M_EXTSH;
    case 24: return M_SLW;
    case 536: return M_SRW;
    case 792: return M_SRAW;
    case 824: return M_SRAWI;
    default: return M__N;
    }
}

static uint32_t logic(struct ppc_state *s, enum mn m, uint32_t a, uint32_t b, unsigned sh)
{
    switch (m) {
    case M_AND: return a & b;
    case M_ANDC: return a & ~b;
    case M_NOR: return ~(a | b);
    case M_EQV: return ~(a ^ b);
    case M_XOR: return a ^ b;
    case M_ORC: return a | ~b;
    case M_OR: return a | b;
    case M_NAND: return ~(a & b);
    case M_CNTLZW: return a ? (uint32_t)__builtin_clz(a) : 32;
    case M_EXTSB: return (uint32_t)(int32_t)(int8_t)a;
    case M_EXTSH: return (uint32_t)(int32_t)(int16_t)a;
    case M_SLW: return b & 32 ? 0 : a << (b & 31);
    case M_SRW: return b & 32 ? 0 : a >> (b & 31);
    case M_SRAW: return shift_right_algebraic(s, a, b & 63);
    default: return shift_right_algebraic(s, a, sh); /* srawi */
    }
}

/* Opcode 31's indexed loads and stores: the mnemonic of XO, its size, whether it stores,
 * updates rA, is byte-reversed or sign-extends; M__N when XO is none. */
struct mem_form {
    unsigned xo;
    enum mn m;
    unsigned size;
    bool store, update, reversed, algebraic;
};

static const struct mem_form indexed[] = {
    {23, M_LWZX, 4, false, false, false, false},   {55, M_LWZUX, 4, false, true, false, false},
    {87, M_LBZX, 1, false, false, false, false},   {119, M_LBZUX, 1, false, true, false, false},
    {279, M_LHZX, 2, false, false, false, false},  {311, M_LHZUX, 2, false, true, false, false},
    {343, M_LHAX, 2, false, false, false, true},   {375, M_LHAUX, 2, false, true, false, true},
    {534, M_LWBRX, 4, false, false, true, false},  {790, M_LHBRX, 2, false, false, true, false},
    {151, M_STWX, 4, true, false, false, false},   {183, M_STWUX, 4, true, true, false, false},
    {215, M_STBX, 1, true, false, false, false},   {247, M_STBUX, 1, true, true, false, false},
    {407, M_STHX, 2, true, false, false, false},   {439, M_STHUX, 2, true, true, false, false},
    {662, M_STWBRX, 4, true, false, true, false},  {918, M_STHBRX, 2, true, false, true, false},
};

/* The D-form loads and stores, opcodes 32..45 */
static const struct mem_form displaced[14] = {
    {32, M_LWZ, 4, false, false, false, false}, {33, M_LWZU, 4, false, true, false, false},
    {34, M_LBZ, 1, false, false, false, false}, {35, M_LBZU, 1, false, true, false, false},
    {36, M_STW, 4, true, false, false, false},  {37, M_STWU, 4, true, true, false, false},
    {38, M_STB, 1, true, false, false, false},  {39, M_STBU, 1, true, true, false, false},
    {40, M_LHZ, 2, false, false, false, false}, {41, M_LHZU, 2, false, true, false, false},
    {42, M_LHA, 2, false, false, false, true},  {43, M_LHAU, 2, false, true, false, true},
    {44, M_STH, 2, true, false, false, false},  {45, M_STHU, 2, true, true, false, false},
};

static bool mem_access(struct routine_runner *r, struct ppc_state *s, const struct mem_form *f, uint32_t w,
                   uint32_t offset, struct effect *e)
{
    unsigned rd = w >> 21 & 31, ra = w >> 16 & 31, rb = w >> 11 & 31;
    bool x_form = w >> 26 == 31;
    if (f->update && (!ra || (!f->store && ra == rd)))
        return false; /* invalid forms */
    uint32_t a = (ra ? s->gpr[ra] : 0) + offset;
    e->m = f->m;
    e->src[0] = ra ? (int)ra : -1;
    e->src[1] = x_form ? (int)rb : -1;
    if (f->store) {
        e->src[2] = (int)rd;
        if (!store(r, a, f->size, f->reversed, s->gpr[rd]))
            return false;
    } else {
        uint32_t v;
        if (!load(r, a, f->size, f->reversed, &v))
            return false;
        if (f->algebraic)
            v = (uint32_t)(int32_t)(int16_t)v;
        s->gpr[rd] = v;
        e->dest = (int)rd;
    }
    if (f->update)
        s->gpr[ra] = a;
    return true;
}

/* bc, bclr, bcctr: whether BO and BI let the branch go (decrementing CTR when BO says);
 * the static prediction from the displacement's sign or the hint */
static bool branch_condition(struct ppc_state *s, unsigned bo, unsigned bi, bool backward, bool *predict_taken)
{
    bool go = true;
    if (!(bo & 4)) {
        s->ctr--;
        go = (bo & 2) ? s->ctr == 0 : s->ctr != 0;
    }
    if (!(bo & 16))
        go = go && cr_bit(s, bi) == ((bo & 8) != 0);
    /* Power ISA 2.0 "at" hints (LLVM's "+"/"-"): 11 taken, 10 not taken */
    unsigned at = (bo & 0x14) == 0x04 ? (bo & 3) : (bo & 0x14) == 0x10 ? ((bo >> 2 & 2) | (bo & 1)) : 0;
    *predict_taken = at == 3 ? true : at == 2 ? false : backward;
    return go;
}

/* One instruction W at *PC; false when it is not one a routine may execute here. */
static bool step(struct routine_runner *r, struct ppc_state *s, uint32_t *pc, uint32_t w)
{
    unsigned op = w >> 26, rd = w >> 21 & 31, ra = w >> 16 & 31, rb = w >> 11 & 31;
    uint32_t simm = (uint32_t)(int32_t)(int16_t)(w & 0xffff), uimm = w & 0xffff;
    uint32_t *g = s->gpr, next = *pc + 4, v;
    struct effect e = {.m = M__N, .dest = -1, .src = {-1, -1, -1}};
    switch (op) {
    case 7: /* mulli */
        e.m = M_MULLI, e.dest = (int)rd, e.src[0] = (int)ra;
        g[rd] = g[ra] * simm;
        break;
    case 8: /* subfic */
        e.m = M_SUBFIC, e.dest = (int)rd, e.src[0] = (int)ra;
        g[rd] = add_carry(s, ~g[ra], simm, 1);
        break;
    case 10: case 11: /* cmpli, cmpi */
        if (rd & 3)
            return false; /* L = 1: 64-bit */
        e.m = op == 10 ? M_CMPLWI : M_CMPWI, e.src[0] = (int)ra;
        if (op == 10)
            set_crf(s, rd >> 2, compare(s, g[ra] < uimm, g[ra] > uimm));
        else
            set_crf(s, rd >> 2, compare(s, (int32_t)g[ra] < (int32_t)simm, (int32_t)g[ra] > (int32_t)simm));
        break;
    case 12: case 13: /* addic, addic. */
        e.m = op == 12 ? M_ADDIC : M_ADDIC_DOT, e.dest = (int)rd, e.src[0] = (int)ra;
        g[rd] = add_carry(s, g[ra], simm, 0);
        if (op == 13)
            record(s, g[rd]);
        break;
    case 14: case 15: /* addi, addis (li, lis with rA = 0) */
        e.m = op == 14 ? M_ADDI : M_ADDIS, e.dest = (int)rd, e.src[0] = ra ? (int)ra : -1;
        g[rd] = (ra ? g[ra] : 0) + (op == 14 ? simm : uimm << 16);
        break;
    case 16: { /* bc */
        if (w & 3)
            return false; /* bca, bcl: not in compiled routines */
        if ((rd & 0x14) == 0x14)
            return false; /* "branch always" spelled bc */
        uint32_t target = *pc + (uint32_t)(int32_t)(int16_t)(w & 0xfffc);
        bool go = branch_condition(s, rd, ra, target < *pc, &e.predict_taken);
        e.m = M_BC, e.branch = go ? 2 : 1;
        if (go)
            next = target;
        break;
    }
    case 17: /* sc: the write system call (r0 = 4), as qemu-ppc's linux-user returns from it, or the end */
        if (w != 0x44000002u || (g[0] != SYS_WRITE && g[0] != SYS_EXIT && g[0] != SYS_EXIT_GROUP))
            return false;
        e.m = M_SC;
        if (g[0] != SYS_WRITE) {
            next = RETURN_SENTINEL; /* the program ends here */
            break;
        }
        g[3] = g[5];                           /* every byte written */
        set_crf(s, 0, s->cr >> 28 & ~1u);      /* CR0[SO] clear: no error */
        break;
    case 18: { /* b, bl */
        if (w & 2)
            return false; /* absolute */
        uint32_t li = (uint32_t)((int32_t)(w << 6) >> 6) & ~3u;
        e.m = w & 1 ? M_BL : M_B;
        if (w & 1)
            s->lr = next;
        next = *pc + li;
        break;
    }
    case 19:
        switch (w >> 1 & 0x3ff) {
        case 16: case 528: { /* bclr, bcctr */
            bool to_lr = (w >> 1 & 0x3ff) == 16, link = w & 1;
            uint32_t target = (to_lr ? s->lr : s->ctr) & ~3u;
            if ((rd & 0x14) == 0x14) {
                e.m = to_lr ? (link ? M_BLRL : M_BLR) : (link ? M_BCTRL : M_BCTR);
                next = target;
            } else {
                if (link || !to_lr)
                    return false; /* conditional bclrl, bcctr: not in compiled routines */
                bool go = branch_condition(s, rd, ra, false, &e.predict_taken);
                e.m = M_BCLR, e.branch = go ? 2 : 1;
                if (go)
                    next = target;
            }
            if (link)
                s->lr = *pc + 4;
            break;
        }
        case 0: /* mcrf */
            e.m = M_MCRF;
            set_crf(s, rd >> 2, s->cr >> (28 - 4 * (ra >> 2)));
            break;
        case 150:
            e.m = M_ISYNC;
            break;
        default: { /* CR logical: crbD = crbA op crbB */
            static const struct { unsigned xo; enum mn m; } crops[] = {
                {257, M_CRAND}, {129, M_CRANDC}, {289, M_CREQV}, {225, M_CRNAND},
                {33, M_CRNOR}, {449, M_CROR}, {417, M_CRORC}, {193, M_CRXOR}};
            unsigned xo = w >> 1 & 0x3ff;
            bool a = cr_bit(s, ra), b = cr_bit(s, rb), bit;
            for (size_t k = 0; k < sizeof crops / sizeof crops[0]; k++)
                if (crops[k].xo == xo)
                    e.m = crops[k].m;
            switch (e.m) {
            case M_CRAND: bit = a && b; break;
            case M_CRANDC: bit = a && !b; break;
            case M_CREQV: bit = a == b; break;
            case M_CRNAND: bit = !(a && b); break;
            case M_CRNOR: bit = !(a || b); break;
            case M_CROR: bit = a || b; break;
            case M_CRORC: bit = a || !b; break;
            case M_CRXOR: bit = a != b; break;
            default: return false;
            }
            s->cr = (s->cr & ~(1u << (31 - rd))) | (uint32_t)bit << (31 - rd);
            break;
        }
        }
        break;
    case 20: case 21: case 23: { /* rlwimi, rlwinm, rlwnm */
        unsigned sh = op == 23 ? g[rb] & 31 : rb, mb = w >> 6 & 31, me = w >> 1 & 31;
        uint32_t m = mask(mb, me), rot = rotl(g[rd], sh);
        e.m = op == 20 ? M_RLWIMI : op == 21 ? M_RLWINM : M_RLWNM;
        e.dest = (int)ra, e.src[0] = (int)rd;
        e.src[1] = op == 20 ? (int)ra : op == 23 ? (int)rb : -1;
        g[ra] = op == 20 ? (rot & m) | (g[ra] & ~m) : rot & m;
        e.dot = w & 1;
        if (e.dot)
            record(s, g[ra]);
        break;
    }
    case 24: case 25: case 26: case 27: case 28: case 29: { /* ori oris xori xoris andi. andis. */
        static const enum mn dm[6] = {M_ORI, M_ORIS, M_XORI, M_XORIS, M_ANDI_DOT, M_ANDIS_DOT};
        uint32_t x = op & 1 ? uimm << 16 : uimm;
        e.m = dm[op - 24];
        if (w == 0x60000000u) { /* ori 0,0,0 */
            e.m = M_NOP;
            break;
        }
        e.dest = (int)ra, e.src[0] = (int)rd;
        g[ra] = op < 26 ? g[rd] | x : op < 28 ? g[rd] ^ x : g[rd] & x;
        if (op >= 28)
            record(s, g[ra]);
        break;
    }
    case 31: {
        unsigned xo = w >> 1 & 0x3ff;
        e.dot = w & 1;
        if ((e.m = xo_arith(xo & 0x1ff)) != M__N) {
            if (xo & 0x200)
                return false; /* o-forms: XER[OV] not kept */
            bool unary = e.m == M_NEG || e.m == M_ADDZE || e.m == M_ADDME || e.m == M_SUBFZE || e.m == M_SUBFME;
            e.dest = (int)rd, e.src[0] = (int)ra, e.src[1] = unary ? -1 : (int)rb;
            if (!arith(s, e.m, g[ra], g[rb], &v))
                return false;
            g[rd] = v;
            if (e.dot)
                record(s, v);
            break;
        }
        if ((e.m = x_logic(xo)) != M__N) {
            bool unary = e.m == M_CNTLZW || e.m == M_EXTSB || e.m == M_EXTSH || e.m == M_SRAWI;
            e.dest = (int)ra, e.src[0] = (int)rd, e.src[1] = unary ? -1 : (int)rb;
            g[ra] = logic(s, e.m, g[rd], g[rb], rb);
            if (e.dot)
                record(s, g[ra]);
            break;
        }
        e.dot = false;
        for (size_t k = 0; k < sizeof indexed / sizeof indexed[0]; k++)
            if (indexed[k].xo == xo)
                return (w & 1) == 0 && mem_access(r, s, &indexed[k], w, g[rb], &e) && price(r, s, &e) &&
                       (*pc = next, true);
        switch (xo) {
        case 0: case 32: /* cmp, cmpl */
            if (rd & 3)
                return false;
            e.m = xo ? M_CMPLW : M_CMPW, e.src[0] = (int)ra, e.src[1] = (int)rb;
            if (xo)
                set_crf(s, rd >> 2, compare(s, g[ra] < g[rb], g[ra] > g[rb]));
            else
                set_crf(s, rd >> 2, compare(s, (int32_t)g[ra] < (int32_t)g[rb], (int32_t)g[ra] > (int32_t)g[rb]));
            break;
        case 339: case 467: { /* mfspr, mtspr: XER, LR, CTR */
            unsigned spr = ra | rb << 5;
            bool to = xo == 467;
            uint32_t *reg = spr == 8 ? &s->lr : spr == 9 ? &s->ctr : NULL;
            if (!reg && spr != 1)
                return false;
            e.m = spr == 1 ? (to ? M_MTXER : M_MFXER) : spr == 8 ? (to ? M_MTLR : M_MFLR) : (to ? M_MTCTR : M_MFCTR);
            if (to) {
                e.src[0] = (int)rd;
                if (reg)
                    *reg = g[rd];
                else
                    s->so = g[rd] >> 31, s->ov = g[rd] >> 30 & 1, s->ca = g[rd] >> 29 & 1;
            } else {
                e.dest = (int)rd;
                g[rd] = reg ? *reg : xer(s);
            }
            break;
        }
        case 19: /* mfcr */
            e.m = M_MFCR, e.dest = (int)rd;
            g[rd] = s->cr;
            break;
        case 144: { /* mtcrf */
            uint32_t m = 0;
            for (unsigned f = 0; f < 8; f++)
                if (w >> (19 - f) & 1)
                    m |= 0xf0000000u >> (4 * f);
            e.m = M_MTCRF, e.src[0] = (int)rd;
            s->cr = (s->cr & ~m) | (g[rd] & m);
            break;
        }
        case 598: e.m = M_SYNC; break;
        case 854: e.m = M_EIEIO; break;
        default: return false;
        }
        if (w & 1)
            return false; /* a record bit where the instruction has none */
        break;
    }
    default:
        if (op >= 32 && op <= 45) {
            if (!mem_access(r, s, &displaced[op - 32], w, simm, &e))
                return false;
            break;
        }
        return false; /* floating point, lmw/stmw, system and trap instructions */
    }
    if (!price(r, s, &e))
        return false;
    *pc = next;
    return true;
}

/* Places ARGS as the SysV/EABI convention (32-bit, soft-float: floating-point operands
 * in GPRs as integers of their size) passes them, the same for a variadic routine's
 * operands: r3..r10 in order; a 64-bit operand in an odd-aligned pair (r4, r6, r8 or r10
 * skipped), most significant word first; a 128-bit one in four registers from an odd one.
 * Operands the registers no longer hold (a 64-bit one that would start at r10 uses it
 * up) go, in order, to the parameter area of the caller's frame at 8(SP), each aligned
 * to its size (4 or 8 bytes): where the routine reads them, printf through the
 * overflow_arg_area of the va_list its prologue builds. False when an operand does not
 * fit (a 128-bit one past the registers, the area full). */
static bool place_operands(struct routine_runner *r, struct ppc_state *s, const struct routine_arg *args,
                           unsigned nargs, uint32_t sp)
{
    unsigned reg = 3;
    uint32_t at = sp + PARAMETER_AREA;
    for (unsigned k = 0; k < nargs; k++) {
        const struct routine_arg *a = &args[k];
        unsigned words = a->bytes > 8 ? 4 : a->bytes > 4 ? 2 : 1;
        if (words > 1 && !(reg & 1))
            reg++; /* a 64-bit (or wider) operand starts at an odd register */
        uint32_t part[4];
        if (words == 1)
            part[0] = routine_mem_operand(r, a);
        for (unsigned i = 0; words > 1 && i < words; i++) { /* most significant word first */
            uint64_t half = words == 4 && i < 2 ? a->hi : a->lo;
            part[i] = (uint32_t)(half >> (i & 1 ? 0 : 32));
        }
        if (reg + words <= 11) {
            for (unsigned i = 0; i < words; i++)
                s->gpr[reg++] = part[i];
            continue;
        }
        /* past the registers; a 32- or 64-bit operand leaves reg at 11 (a 64-bit one that
         * would start at r10 has used it up), so every later one follows on the stack */
        if (words == 4)
            return false;
        at = (at + 4 * words - 1) & ~(4 * words - 1);
        if (at + 4 * words > ROUTINE_STACK_TOP)
            return false;
        for (unsigned i = 0; i < words; i++, at += 4)
            routine_mem_store(r, at, 4, true, part[i]);
    }
    return true;
}

bool routine_run_ppc(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr)
{
    (void)ret_bytes; /* results up to 16 bytes come back in r3..r6 */
    if (!routine_mem_begin(r, args, nargs, mem))
        return false;
    struct ppc_state s;
    memset(&s, 0, sizeof s);
    s.gpr[1] = ROUTINE_STACK_TOP - FRAME_BELOW_TOP;
    if (!place_operands(r, &s, args, nargs, s.gpr[1]))
        return false;
    s.lr = RETURN_SENTINEL;
    uint32_t pc = entry;
    const uint8_t *text = NULL;
    uint32_t text_lo = 0, text_n = 0;
    unsigned long n = 0;
    while (pc != RETURN_SENTINEL) {
        if (++n > STEP_LIMIT || (pc & 3))
            return false;
        if (!text || pc < text_lo || pc - text_lo + 4 > text_n) {
            text = isa_code_bytes(r->code, pc, 4, &text_n);
            if (!text)
                return false;
            text_lo = pc;
        }
        const uint8_t *p = text + (pc - text_lo);
        uint32_t w = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
        if (!step(r, &s, &pc, w))
            return false;
    }
    *cycles += s.t;
    *instr += (double)n;
    return true;
}
