/* routine_rv32.c — runs an RV32IM runtime routine (libgcc's soft-float and
 * division helpers, the runtime's libm) on a call's operands: the ilp32 calling
 * convention puts them in a0..a7 (64-bit values in a register pair, wider ones
 * by reference, a wider result through a hidden pointer in a0), the routine
 * runs from its entry until it returns to a sentinel address, and each executed
 * instruction is priced as its row of the core's table prices it: a conditional
 * branch by taken or not (plus the misprediction penalty when the static
 * prediction, backward taken, is wrong), a shift whose cycles are a formula of
 * its amount at that amount. The mnemonics are the ones llvm-objdump prints for
 * the jumps (j, jr, ret, jal, jalr), the base instruction's otherwise (the
 * tables price a pseudo-instruction as the instruction it stands for).
 * The output boundary: the runtime's printf and putchar write with the Linux
 * write system call (benchmarks/runtime/rt_linux.c), an ecall. qemu-riscv32 runs
 * the system call on the host; its exec trace holds the ecall as one executed
 * instruction, which the reference (isa/calibrate's pricer, the corpus accuracy
 * table) prices by the table's ecall row. lpnest does the same: an ecall with
 * a7 = 64 (write) returns the count it was given in a0 and costs its row. The
 * program's end (exit, abort, a failed assert: rt_exit's exit_group, a7 = 94, or
 * exit, 93) is where qemu's trace of the program ends: that ecall costs its row and
 * the routine's path ends there. Any other system call stops the run. */
#include "routine_impl.h"

#define STACK_TOP ROUTINE_STACK_TOP
#define ARGS_AREA 512u            /* below the top: by-reference operands, then the stack operands */
#define SYS_WRITE 64
#define SYS_EXIT 93
#define SYS_EXIT_GROUP 94
#define RETURN_SENTINEL 0xfffffff0u
#define STEP_LIMIT 4000000u

enum mn {
    M_LUI, M_AUIPC, M_JAL, M_J, M_JALR, M_JR, M_RET,
    M_BEQ, M_BNE, M_BLT, M_BGE, M_BLTU, M_BGEU,
    M_LB, M_LH, M_LW, M_LBU, M_LHU, M_SB, M_SH, M_SW,
    M_ADDI, M_SLTI, M_SLTIU, M_XORI, M_ORI, M_ANDI, M_SLLI, M_SRLI, M_SRAI,
    M_ADD, M_SUB, M_SLL, M_SLT, M_SLTU, M_XOR, M_SRL, M_SRA, M_OR, M_AND,
    M_MUL, M_MULH, M_MULHSU, M_MULHU, M_DIV, M_DIVU, M_REM, M_REMU, M_FENCE, M_ECALL,
    M__N
};

static const char *const mn_name[M__N] = {
    "lui", "auipc", "jal", "j", "jalr", "jr", "ret",
    "beq", "bne", "blt", "bge", "bltu", "bgeu",
    "lb", "lh", "lw", "lbu", "lhu", "sb", "sh", "sw",
    "addi", "slti", "sltiu", "xori", "ori", "andi", "slli", "srli", "srai",
    "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
    "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu", "fence", "ecall",
};

static bool load(struct routine_runner *r, uint32_t a, unsigned n, uint32_t *out)
{
    return routine_mem_load(r, a, n, false, out);
}

static bool store(struct routine_runner *r, uint32_t a, unsigned n, uint32_t v)
{
    return routine_mem_store(r, a, n, false, v);
}

/* ---- pricing ---- */

/* Cycles of one execution of M; BRANCH: 0 not a branch, 1 not taken, 2 taken (BACKWARD:
 * to a lower address); AMOUNT: a shift's amount. Negative when the table lacks M. */
static double price(struct routine_runner *r, enum mn m, int branch, bool backward, uint32_t amount)
{
    const struct isa_insn *in = routine_row(r, m, mn_name[m]);
    if (!in)
        return -1;
    if (branch) {
        bool taken = branch == 2;
        double c = taken ? in->taken : in->not_taken;
        if (in->mispredict && taken != backward)
            c += in->mispredict;
        return c;
    }
    if (in->cycles_formula)
        return isa_insn_cycles(in, amount & 31);
    return in->cycles;
}

/* ---- the interpreter ---- */

static int32_t imm_i(uint32_t w) { return (int32_t)w >> 20; }
static int32_t imm_s(uint32_t w) { return ((int32_t)w >> 25) * 32 | (int32_t)(w >> 7 & 31); }
static int32_t imm_b(uint32_t w)
{
    return ((int32_t)w >> 31) * 4096 | (int32_t)((w >> 7 & 1) << 11 | (w >> 25 & 63) << 5 | (w >> 8 & 15) << 1);
}
static int32_t imm_j(uint32_t w)
{
    return ((int32_t)w >> 31) * (1 << 20) |
           (int32_t)((w >> 12 & 255) << 12 | (w >> 20 & 1) << 11 | (w >> 21 & 1023) << 1);
}

/* One instruction W at *PC; false when it is not one a routine may execute here. */
static bool step(struct routine_runner *r, uint32_t *x, uint32_t *pc, uint32_t w, double *cycles)
{
    uint32_t rd = w >> 7 & 31, rs1 = w >> 15 & 31, rs2 = w >> 20 & 31, f3 = w >> 12 & 7, f7 = w >> 25;
    uint32_t a = x[rs1], b = x[rs2], next = *pc + 4, v = 0;
    enum mn m;
    int branch = 0;
    bool backward = false;
    switch (w & 0x7f) {
    case 0x37: m = M_LUI; v = w & 0xfffff000u; break;
    case 0x17: m = M_AUIPC; v = *pc + (w & 0xfffff000u); break;
    case 0x6f:
        m = rd ? M_JAL : M_J;
        v = next;
        next = *pc + (uint32_t)imm_j(w);
        break;
    case 0x67:
        if (f3)
            return false;
        m = rd ? M_JALR : rs1 == 1 && !imm_i(w) ? M_RET : M_JR;
        v = next;
        next = (a + (uint32_t)imm_i(w)) & ~1u;
        break;
    case 0x63: {
        static const enum mn bm[8] = {M_BEQ, M_BNE, M__N, M__N, M_BLT, M_BGE, M_BLTU, M_BGEU};
        bool t;
        m = bm[f3];
        switch (f3) {
        case 0: t = a == b; break;
        case 1: t = a != b; break;
        case 4: t = (int32_t)a < (int32_t)b; break;
        case 5: t = (int32_t)a >= (int32_t)b; break;
        case 6: t = a < b; break;
        case 7: t = a >= b; break;
        default: return false;
        }
        int32_t off = imm_b(w);
        backward = off < 0;
        branch = t ? 2 : 1;
        if (t)
            next = *pc + (uint32_t)off;
        rd = 0;
        break;
    }
    case 0x03: {
        static const enum mn lm[8] = {M_LB, M_LH, M_LW, M__N, M_LBU, M_LHU, M__N, M__N};
        static const unsigned size[8] = {1, 2, 4, 0, 1, 2, 0, 0};
        m = lm[f3];
        if (m == M__N || !load(r, a + (uint32_t)imm_i(w), size[f3], &v))
            return false;
        if (f3 == 0)
            v = (uint32_t)(int32_t)(int8_t)v;
        else if (f3 == 1)
            v = (uint32_t)(int32_t)(int16_t)v;
        break;
    }
    case 0x23: {
        static const enum mn sm[8] = {M_SB, M_SH, M_SW, M__N, M__N, M__N, M__N, M__N};
        m = sm[f3];
        if (m == M__N || !store(r, a + (uint32_t)imm_s(w), 1u << f3, b))
            return false;
        rd = 0;
        break;
    }
    case 0x13: {
        uint32_t i = (uint32_t)imm_i(w), sh = rs2;
        switch (f3) {
        case 0: m = M_ADDI; v = a + i; break;
        case 2: m = M_SLTI; v = (int32_t)a < (int32_t)i; break;
        case 3: m = M_SLTIU; v = a < i; break;
        case 4: m = M_XORI; v = a ^ i; break;
        case 6: m = M_ORI; v = a | i; break;
        case 7: m = M_ANDI; v = a & i; break;
        case 1:
            if (f7)
                return false;
            m = M_SLLI; v = a << sh; b = sh; break;
        default:
            if (f7 == 0)
                m = M_SRLI, v = a >> sh;
            else if (f7 == 0x20)
                m = M_SRAI, v = (uint32_t)((int32_t)a >> sh);
            else
                return false;
            b = sh;
            break;
        }
        break;
    }
    case 0x33:
        if (f7 == 1) {
            static const enum mn mm[8] = {M_MUL, M_MULH, M_MULHSU, M_MULHU, M_DIV, M_DIVU, M_REM, M_REMU};
            m = mm[f3];
            int64_t sa = (int32_t)a, sb = (int32_t)b;
            switch (f3) {
            case 0: v = a * b; break;
            case 1: v = (uint32_t)((uint64_t)(sa * sb) >> 32); break;
            case 2: v = (uint32_t)((uint64_t)(sa * (int64_t)(uint64_t)b) >> 32); break;
            case 3: v = (uint32_t)((uint64_t)a * b >> 32); break;
            case 4: v = !b ? ~0u : (a == 0x80000000u && b == ~0u) ? a : (uint32_t)((int32_t)a / (int32_t)b); break;
            case 5: v = b ? a / b : ~0u; break;
            case 6: v = !b ? a : (a == 0x80000000u && b == ~0u) ? 0 : (uint32_t)((int32_t)a % (int32_t)b); break;
            default: v = b ? a % b : a; break;
            }
        } else if (f7 == 0 || f7 == 0x20) {
            bool alt = f7 == 0x20;
            if (alt && f3 != 0 && f3 != 5)
                return false;
            switch (f3) {
            case 0: m = alt ? M_SUB : M_ADD; v = alt ? a - b : a + b; break;
            case 1: m = M_SLL; v = a << (b & 31); break;
            case 2: m = M_SLT; v = (int32_t)a < (int32_t)b; break;
            case 3: m = M_SLTU; v = a < b; break;
            case 4: m = M_XOR; v = a ^ b; break;
            case 5: m = alt ? M_SRA : M_SRL; v = alt ? (uint32_t)((int32_t)a >> (b & 31)) : a >> (b & 31); break;
            case 6: m = M_OR; v = a | b; break;
            default: m = M_AND; v = a & b; break;
            }
        } else {
            return false;
        }
        break;
    case 0x0f:
        m = M_FENCE;
        rd = 0;
        break;
    case 0x73:
        if (w != 0x73 || (x[17] != SYS_WRITE && x[17] != SYS_EXIT && x[17] != SYS_EXIT_GROUP))
            return false; /* ebreak, CSR accesses, a system call other than write and exit */
        m = M_ECALL;
        if (x[17] == SYS_WRITE) {
            rd = 10;
            v = x[12]; /* every byte written */
        } else {
            rd = 0;
            next = RETURN_SENTINEL; /* the program ends here */
        }
        break;
    default:
        return false; /* compressed code, floating point */
    }
    double c = price(r, m, branch, backward, b);
    if (c < 0)
        return false;
    *cycles += c;
    if (rd)
        x[rd] = v;
    *pc = next;
    return true;
}

bool routine_run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                      unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr)
{
    if (!routine_mem_begin(r, args, nargs, mem))
        return false;
    uint32_t x[32] = {0};
    /* by-reference operands from STACK_TOP - ARGS_AREA / 2 up; operands the registers do
     * not hold from sp up (the ilp32 stack operands, each aligned to its size) */
    uint32_t sp = STACK_TOP - ARGS_AREA, spill = STACK_TOP - ARGS_AREA / 2, on_stack = sp;
    unsigned reg = 10;
    if (ret_bytes > 8) {
        x[reg++] = spill;
        spill += (ret_bytes + 15) & ~15u;
    }
    for (unsigned k = 0; k < nargs; k++) {
        const struct routine_arg *g = &args[k];
        uint32_t value = routine_mem_operand(r, g);
        if (g->bytes > 8) {
            if (reg > 17 || spill + 16 > STACK_TOP)
                return false;
            for (unsigned i = 0; i < 4; i++)
                store(r, spill + 4 * i, 4, (uint32_t)((i < 2 ? g->lo : g->hi) >> (32 * (i & 1))));
            x[reg++] = spill;
            spill += 16;
        } else if (g->bytes > 4) {
            if (g->variadic && (reg & 1)) /* a variadic 64-bit operand: an even register pair */
                reg++;
            if (reg <= 16) {
                x[reg++] = (uint32_t)g->lo;
                x[reg++] = (uint32_t)(g->lo >> 32);
            } else if (reg == 17) {
                return false; /* split between a7 and the stack: not run */
            } else {
                on_stack = (on_stack + 7) & ~7u;
                if (on_stack + 8 > STACK_TOP - ARGS_AREA / 2)
                    return false;
                store(r, on_stack, 4, (uint32_t)g->lo);
                store(r, on_stack + 4, 4, (uint32_t)(g->lo >> 32));
                on_stack += 8;
            }
        } else if (reg <= 17) {
            x[reg++] = value;
        } else {
            if (on_stack + 4 > STACK_TOP - ARGS_AREA / 2)
                return false;
            store(r, on_stack, 4, value);
            on_stack += 4;
        }
    }
    x[1] = RETURN_SENTINEL;
    x[2] = sp;
    uint32_t pc = entry;
    const uint8_t *text = NULL;
    uint32_t text_lo = 0, text_n = 0;
    double c = 0;
    unsigned long n = 0;
    while (pc != RETURN_SENTINEL) {
        if (++n > STEP_LIMIT || (pc & 3))
            return false;
        if (!text || pc - text_lo + 4 > text_n) {
            text = isa_code_bytes(r->code, pc, 4, &text_n);
            if (!text)
                return false;
            text_lo = pc;
        }
        const uint8_t *p = text + (pc - text_lo);
        uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        if (!step(r, x, &pc, w, &c))
            return false;
        x[0] = 0;
    }
    *cycles += c;
    *instr += (double)n;
    return true;
}
