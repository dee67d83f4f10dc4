/* routine_rv32.c — runs an RV32IMC runtime routine (libgcc's soft-float and
 * division helpers, the runtime's libm and C library) on a call's operands: the
 * ilp32 calling convention puts them in a0..a7 (64-bit values in a register pair,
 * wider ones by reference, a wider result through a hidden pointer in a0), the
 * routine runs from its entry until it returns to a sentinel address. Each
 * executed instruction (decoded by ua_rv32.h, compressed ones included) is
 * priced as its row of the core's table prices it: a conditional branch by
 * taken or not (plus the misprediction penalty when the static prediction,
 * backward taken, is wrong), a shift whose cycles are a formula of its amount
 * at that amount, a divider's by its operands. The mnemonics are the ones
 * llvm-objdump prints for the jumps (j, jr, ret, jal, jalr), the base
 * instruction's otherwise (the tables price a pseudo-instruction as the
 * instruction it stands for). On a pipelined core (routine_pipe) the path is
 * fed to the core's cycle model instead, from the state at the call site, and
 * its cycles are the stamps' difference from its first instruction to the one
 * it returns to (cost_pipe.c).
 * The output boundary: the corpus runtime's printf and putchar write with the
 * Linux write system call (benchmarks/runtime/rt_linux.c), an ecall. qemu-riscv32
 * runs the system call on the host; its exec trace holds the ecall as one executed
 * instruction, which the reference (isa/calibrate's pricer, the corpus accuracy
 * table) prices by the table's ecall row. lpnest does the same: an ecall with
 * a7 = 64 (write) returns the count it was given in a0 and costs its row. The
 * program's end (exit, abort, a failed assert: rt_exit's exit_group, a7 = 94, or
 * exit, 93) is where qemu's trace of the program ends: that ecall costs its row and
 * the routine's path ends there. Any other system call stops the run. The RTL testbenches' runtime writes to an
 * output register instead (benchmarks/cores/platform/plat.c): a store to the
 * code file's mmio range, a store like any other. */
#include "routine_impl.h"
#include "cost.h"

#include <stdio.h>
#include <stdlib.h>
#include "uarch.h"
#include "support.h"

#define STACK_TOP ROUTINE_STACK_TOP
#define ARGS_AREA 512u            /* below the top: by-reference operands, then the stack operands */
#define SYS_WRITE 64
#define SYS_EXIT 93
#define SYS_EXIT_GROUP 94
#define RETURN_SENTINEL 0xfffffff0u
#define STEP_LIMIT 4000000u

/* The table's rows by the interpreter's numbering: the base instructions (ua_rv32.h),
 * then the jumps under the mnemonics llvm-objdump prints for them. */
enum { M_J = UA_RV__N, M_JR, M_RET, M__N };

static const char *row_name(unsigned m)
{
    switch (m) {
    case M_J: return "j";
    case M_JR: return "jr";
    case M_RET: return "ret";
    default: return ua_rv32_name((enum ua_rv32_op)m);
    }
}

static bool load(struct routine_runner *r, uint32_t a, unsigned n, uint32_t *out)
{
    return routine_mem_load(r, a, n, false, out);
}

static bool store(struct routine_runner *r, uint32_t a, unsigned n, uint32_t v)
{
    return routine_mem_store(r, a, n, false, v);
}

/* ---- pricing ---- */

/* Cycles of one execution of row M; BRANCH: 0 not a branch, 1 not taken, 2 taken (BACKWARD:
 * to a lower address); A, B: the operands (a shift's amount is B's low bits). Negative when the
 * table lacks M. */
static double price(struct routine_runner *r, unsigned m, int branch, bool backward, uint32_t a, uint32_t b)
{
    const struct isa_insn *in = m < ROUTINE_MAX_MNEMONICS && r->looked[m] ? r->row[m] : routine_row(r, m, row_name(m));
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
        return isa_insn_cycles_ab(in, b & 31, a, b);
    return in->cycles;
}

/* ---- the interpreter ---- */

/* A load or store of N bytes at A that the core splits in two bus transactions. */
static bool misaligned(uint32_t a, unsigned n)
{
    return n == 4 ? (a & 3) != 0 : n == 2 ? (a & 3) == 3 : false;
}

/* The class of IN's op in the core's table (NULL: none), looked up once per op. */
static const struct isa_insn *pipe_class(struct routine_runner *r, const struct ua_rv32 *in)
{
    unsigned k = (unsigned)in->op;
    if (k >= ROUTINE_MAX_MNEMONICS)
        return NULL;
    if (!r->pipe_looked[k]) {
        r->pipe_cls[k] = isa_lookup(r->isa, ua_rv32_name(in->op));
        r->pipe_looked[k] = true;
    }
    return r->pipe_cls[k];
}

/* One instruction at *PC (its bytes decoded in IN); false when it is not one a routine may
 * execute here. On a pipeline (P), the instruction joins the path the core model runs
 * when the routine returns (r->ops) instead of the table's sum. */
static bool step(struct routine_runner *r, uint32_t *x, uint32_t *pc, const struct ua_rv32 *in, double *cycles,
                 const struct routine_pipe *p, bool first)
{
    uint32_t a = x[in->rs1], b = x[in->rs2], next = *pc + in->size, v = 0, i = (uint32_t)in->imm;
    unsigned rd = in->rd, m = in->op;
    int branch = 0;
    bool backward = false, mis = false;
    switch (in->op) {
    case UA_RV_LUI: v = i; break;
    case UA_RV_AUIPC: v = *pc + i; break;
    case UA_RV_JAL:
        m = rd ? UA_RV_JAL : M_J;
        v = next;
        next = *pc + i;
        break;
    case UA_RV_JALR:
        m = rd ? UA_RV_JALR : in->rs1 == 1 && !in->imm ? M_RET : M_JR;
        v = next;
        next = (a + i) & ~1u;
        break;
    case UA_RV_BEQ: case UA_RV_BNE: case UA_RV_BLT: case UA_RV_BGE: case UA_RV_BLTU: case UA_RV_BGEU: {
        bool t;
        switch (in->op) {
        case UA_RV_BEQ: t = a == b; break;
        case UA_RV_BNE: t = a != b; break;
        case UA_RV_BLT: t = (int32_t)a < (int32_t)b; break;
        case UA_RV_BGE: t = (int32_t)a >= (int32_t)b; break;
        case UA_RV_BLTU: t = a < b; break;
        default: t = a >= b; break;
        }
        backward = in->imm < 0;
        branch = t ? 2 : 1;
        if (t)
            next = *pc + i;
        break;
    }
    case UA_RV_LB: case UA_RV_LH: case UA_RV_LW: case UA_RV_LBU: case UA_RV_LHU: {
        uint32_t ad = a + i;
        if (!load(r, ad, in->mem_bytes, &v))
            return false;
        if (in->op == UA_RV_LB)
            v = (uint32_t)(int32_t)(int8_t)v;
        else if (in->op == UA_RV_LH)
            v = (uint32_t)(int32_t)(int16_t)v;
        mis = misaligned(ad, in->mem_bytes);
        break;
    }
    case UA_RV_SB: case UA_RV_SH: case UA_RV_SW:
        if (!store(r, a + i, in->mem_bytes, b))
            return false;
        mis = misaligned(a + i, in->mem_bytes);
        break;
    case UA_RV_ADDI: v = a + i; break;
    case UA_RV_SLTI: v = (int32_t)a < (int32_t)i; break;
    case UA_RV_SLTIU: v = a < i; break;
    case UA_RV_XORI: v = a ^ i; break;
    case UA_RV_ORI: v = a | i; break;
    case UA_RV_ANDI: v = a & i; break;
    case UA_RV_SLLI: v = a << (i & 31); b = i; break;
    case UA_RV_SRLI: v = a >> (i & 31); b = i; break;
    case UA_RV_SRAI: v = (uint32_t)((int32_t)a >> (i & 31)); b = i; break;
    case UA_RV_ADD: v = a + b; break;
    case UA_RV_SUB: v = a - b; break;
    case UA_RV_SLL: v = a << (b & 31); break;
    case UA_RV_SLT: v = (int32_t)a < (int32_t)b; break;
    case UA_RV_SLTU: v = a < b; break;
    case UA_RV_XOR: v = a ^ b; break;
    case UA_RV_SRL: v = a >> (b & 31); break;
    case UA_RV_SRA: v = (uint32_t)((int32_t)a >> (b & 31)); break;
    case UA_RV_OR: v = a | b; break;
    case UA_RV_AND: v = a & b; break;
    case UA_RV_MUL: v = a * b; break;
    case UA_RV_MULH: v = (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32); break;
    case UA_RV_MULHSU: v = (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int64_t)(uint64_t)b) >> 32); break;
    case UA_RV_MULHU: v = (uint32_t)((uint64_t)a * b >> 32); break;
    case UA_RV_DIV: v = !b ? ~0u : (a == 0x80000000u && b == ~0u) ? a : (uint32_t)((int32_t)a / (int32_t)b); break;
    case UA_RV_DIVU: v = b ? a / b : ~0u; break;
    case UA_RV_REM: v = !b ? a : (a == 0x80000000u && b == ~0u) ? 0 : (uint32_t)((int32_t)a % (int32_t)b); break;
    case UA_RV_REMU: v = b ? a % b : a; break;
    case UA_RV_FENCE: break;
    case UA_RV_ECALL:
        if (x[17] != SYS_WRITE && x[17] != SYS_EXIT && x[17] != SYS_EXIT_GROUP)
            return false; /* a system call other than write and exit */
        if (x[17] == SYS_WRITE) {
            rd = 10;
            v = x[12]; /* every byte written */
        } else {
            rd = 0;
            next = RETURN_SENTINEL; /* the program ends here */
        }
        break;
    default:
        return false; /* ebreak, CSR accesses, fence.i, mret, wfi, illegal */
    }
    if (p) {
        uint32_t to = next == RETURN_SENTINEL ? p->ret_pc : next;
        const struct isa_insn *cls = pipe_class(r, in);
        if (r->nops == r->capops) {
            r->capops = r->capops ? r->capops * 2 : 256;
            r->ops = sup_xrealloc(r->ops, r->capops * sizeof *r->ops);
        }
        struct ua_op *op = &r->ops[r->nops++];
        cost_pipe_make_op(r->isa, cls, *pc, in, to, a, b, mis, op);
        if (first && p->first_to_caller) {
            /* the call was priced with this instruction run at its nominal cycles (not
             * taken): what it takes beyond is charged to the call (retire stamps) */
            struct ua_op nominal;
            cost_pipe_make_op(r->isa, cls, *pc, in, *pc + in->size, 0, 0, false, &nominal);
            *cycles += (double)op->cycles - (double)nominal.cycles;
        }
    } else {
        double c = price(r, m, branch, backward, a, b);
        if (c < 0)
            return false;
        *cycles += c;
    }
    if (rd)
        x[rd] = v;
    *pc = next;
    return true;
}

/* The decoded instruction at PC: the runtime's code does not change (a routine's
 * stores go to its stack, heap and the program's memory), so each address is
 * decoded once and kept in a direct-mapped cache of the runner's; NULL when the
 * bytes there are no instruction a routine may run. */
#define DECODED 4096u
struct rv32_decoded {
    uint32_t pc;
    bool valid;
    struct ua_rv32 in;
};

static const struct ua_rv32 *decoded(struct routine_runner *r, uint32_t pc)
{
    struct rv32_decoded *c = r->decoded;
    if (!c)
        c = r->decoded = sup_xcalloc(DECODED, sizeof *c);
    struct rv32_decoded *d = &c[(pc >> 1) & (DECODED - 1)];
    if (d->valid && d->pc == pc)
        return &d->in;
    uint32_t avail = 0;
    const uint8_t *p = isa_code_bytes(r->code, pc, 2, &avail);
    struct ua_rv32 in;
    if (!p || !ua_rv32_decode(p, avail, &in))
        return NULL;
    d->pc = pc;
    d->in = in;
    d->valid = true;
    return &d->in;
}

static bool run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, const struct routine_pipe *pipe,
                     double *cycles, double *instr)
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
    double c = 0;
    unsigned long n = 0;
    r->nops = 0;
    while (pc != RETURN_SENTINEL) {
        if (++n > STEP_LIMIT || (pc & 1))
            return false;
        const struct ua_rv32 *in = decoded(r, pc);
        if (!in || !step(r, x, &pc, in, &c, pipe, n == 1))
            return false;
        x[0] = 0;
    }
    if (pipe) {
        /* the instruction the routine returns to: its stamp ends the routine's cycles */
        struct ua_rv32 back;
        if (!pipe->decode(pipe->arg, pipe->ret_pc, &back))
            return false;
        if (r->nops == r->capops) {
            r->capops = r->capops ? r->capops * 2 : 256;
            r->ops = sup_xrealloc(r->ops, r->capops * sizeof *r->ops);
        }
        cost_pipe_make_op(r->isa, pipe_class(r, &back), pipe->ret_pc, &back, pipe->ret_pc + back.size, 0, 0,
                          false, &r->ops[r->nops++]);
        double d = 0;
        if (!routine_pipe_cycles(r, pipe, r->ops, r->nops, &d))
            return false;
        c += d; /* after the first instruction's share (step) */
    }
    r->a0 = x[10];
    *cycles += c;
    *instr += (double)n;
    return true;
}

bool routine_run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                      unsigned ret_bytes, const struct routine_memory *mem, const struct routine_pipe *pipe,
                      double *cycles, double *instr)
{
    if (pipe && pipe->ret_state_ok)
        *pipe->ret_state_ok = false;
    if (pipe && pipe->around)
        pipe->around(pipe->arg, pipe->site, true);
    bool ok = run_rv32(r, entry, args, nargs, ret_bytes, mem, pipe, cycles, instr);
    if (pipe && pipe->ret_state_ok && !ok)
        *pipe->ret_state_ok = false;
    if (pipe && pipe->around)
        pipe->around(pipe->arg, pipe->site, false);
    return ok;
}
