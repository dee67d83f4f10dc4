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
#include <string.h>
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
static double price(struct routine_runner *r, unsigned m, int branch, bool backward, uint32_t a, uint32_t b,
                    bool *formula)
{
    const struct isa_insn *in = m < ROUTINE_MAX_MNEMONICS && r->looked[m] ? r->row[m] : routine_row(r, m, row_name(m));
    if (!in)
        return -1;
    *formula = in->cycles_formula != NULL;
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

/* What a run depends on beyond its key (a run kept by its operands, below): per register
 * a tag, 0 when its value is fixed by the key, TAG_MEM when it came from bytes the key
 * does not fix (the program's memory, the heap, an older call's stack) or from an
 * operation the key does not fix the result of, and 1 + J when it is the value of
 * register a0 + J at the call, a pointer operand (its base, which the key leaves free),
 * plus an offset the key fixes. DECIDED: such a value decided something the path or the cost
 * depends on (a branch, other than two values of one base compared for equality; a
 * jump's target; an address, other than a base's into the program's memory; a system
 * call's number; a cycles formula's operand). The program's memory reached through
 * base J: offsets LO[RW][J]..HI[RW][J] from it (RW 0 read, 1 written). */
#define TAG_MEM 0xff
#define BASES 8
struct taint {
    uint8_t tag[32];
    bool decided;
    uint32_t base[BASES];
    int64_t lo[2][BASES], hi[2][BASES];
};

/* A load or store (WRITE) of N bytes at A, whose address has tag TA, checked: a fixed
 * address must not reach the program's memory (whose spans are kept by base), a base
 * only the program's memory (the span it reaches grows). */
static void check_address(struct taint *t, uint8_t ta, const struct routine_mem *m, uint32_t a, unsigned n,
                          bool write)
{
    if (ta == TAG_MEM || (ta && m->last_region < 0) || (!ta && m->last_region >= 0)) {
        t->decided = true;
        return;
    }
    if (!ta)
        return;
    int64_t off = (int64_t)a - t->base[ta - 1];
    if (off < t->lo[write][ta - 1])
        t->lo[write][ta - 1] = off;
    if (off + n - 1 > t->hi[write][ta - 1])
        t->hi[write][ta - 1] = off + n - 1;
}

/* The decoded instruction at PC: the runtime's code does not change (a routine's
 * stores go to its stack, heap and the program's memory), so each address is
 * decoded once and kept in a direct-mapped cache of the runner's; NULL when the
 * bytes there are no instruction a routine may run. */
#define DECODED 4096u
struct rv32_decoded {
    uint32_t pc;
    bool valid, made;
    struct ua_rv32 in;
    struct ua_op op; /* on a pipeline (MADE): the op last made for it, but for a formula's cycles
                        and the misalignment (cost_pipe_make_op at operands 0, aligned) */
};

static struct rv32_decoded *decoded(struct routine_runner *r, uint32_t pc)
{
    struct rv32_decoded *c = r->decoded;
    if (!c)
        c = r->decoded = sup_xcalloc(DECODED, sizeof *c);
    struct rv32_decoded *d = &c[(pc >> 1) & (DECODED - 1)];
    if (d->valid && d->pc == pc)
        return d;
    uint32_t avail = 0;
    const uint8_t *p = isa_code_bytes(r->code, pc, 2, &avail);
    struct ua_rv32 in;
    if (!p || !ua_rv32_decode(p, avail, &in))
        return NULL;
    d->pc = pc;
    d->in = in;
    d->valid = true;
    d->made = false;
    return d;
}

/* One instruction at *PC (its bytes decoded in D); false when it is not one a routine may
 * execute here. On a pipeline (P), the instruction joins the path the core model runs
 * when the routine returns (r->ops) instead of the table's sum. T (NULL: not followed):
 * the run's taint. */
static bool step(struct routine_runner *r, uint32_t *x, uint32_t *pc, struct rv32_decoded *d, double *cycles,
                 const struct routine_pipe *p, bool first, struct taint *t)
{
    const struct ua_rv32 *in = &d->in;
    uint32_t a = x[in->rs1], b = x[in->rs2], next = *pc + in->size, v = 0, i = (uint32_t)in->imm;
    unsigned rd = in->rd, m = in->op;
    int branch = 0;
    bool backward = false, mis = false;
    /* the operands' tags (rs2's even where the instruction has none: more than needed is safe) */
    uint8_t ta = t ? t->tag[in->rs1] : 0, tb = t ? t->tag[in->rs2] : 0, tv = ta | tb ? TAG_MEM : 0;
    struct routine_mem *mem = r->memory;
    switch (in->op) {
    case UA_RV_LUI: v = i; tv = 0; break;
    case UA_RV_AUIPC: v = *pc + i; tv = 0; break;
    case UA_RV_JAL:
        m = rd ? UA_RV_JAL : M_J;
        v = next;
        next = *pc + i;
        tv = 0;
        break;
    case UA_RV_JALR:
        m = rd ? UA_RV_JALR : in->rs1 == 1 && !in->imm ? M_RET : M_JR;
        v = next;
        next = (a + i) & ~1u;
        if (ta)
            t->decided = true;
        tv = 0;
        break;
    case UA_RV_BEQ: case UA_RV_BNE: case UA_RV_BLT: case UA_RV_BGE: case UA_RV_BLTU: case UA_RV_BGEU: {
        if ((ta | tb) && (ta != tb || ta == TAG_MEM || (in->op != UA_RV_BEQ && in->op != UA_RV_BNE)))
            t->decided = true; /* (a base cancels out of a comparison of two values of it) */
        bool taken;
        switch (in->op) {
        case UA_RV_BEQ: taken = a == b; break;
        case UA_RV_BNE: taken = a != b; break;
        case UA_RV_BLT: taken = (int32_t)a < (int32_t)b; break;
        case UA_RV_BGE: taken = (int32_t)a >= (int32_t)b; break;
        case UA_RV_BLTU: taken = a < b; break;
        default: taken = a >= b; break;
        }
        backward = in->imm < 0;
        branch = taken ? 2 : 1;
        if (taken)
            next = *pc + i;
        break;
    }
    case UA_RV_LB: case UA_RV_LH: case UA_RV_LW: case UA_RV_LBU: case UA_RV_LHU: {
        uint32_t ad = a + i;
        if (!load(r, ad, in->mem_bytes, &v))
            return false;
        if (t) {
            check_address(t, ta, mem, ad, in->mem_bytes, false);
            tv = mem->load_taint ? TAG_MEM : 0;
        }
        if (in->op == UA_RV_LB)
            v = (uint32_t)(int32_t)(int8_t)v;
        else if (in->op == UA_RV_LH)
            v = (uint32_t)(int32_t)(int16_t)v;
        mis = misaligned(ad, in->mem_bytes);
        break;
    }
    case UA_RV_SB: case UA_RV_SH: case UA_RV_SW:
        if (t)
            mem->store_taint = tb != 0;
        if (!store(r, a + i, in->mem_bytes, b))
            return false;
        if (t)
            check_address(t, ta, mem, a + i, in->mem_bytes, true);
        mis = misaligned(a + i, in->mem_bytes);
        break;
    case UA_RV_ADDI: v = a + i; tv = ta; break;
    case UA_RV_SLTI: v = (int32_t)a < (int32_t)i; break;
    case UA_RV_SLTIU: v = a < i; break;
    case UA_RV_XORI: v = a ^ i; break;
    case UA_RV_ORI: v = a | i; break;
    case UA_RV_ANDI: v = a & i; break;
    case UA_RV_SLLI: v = a << (i & 31); b = i; break;
    case UA_RV_SRLI: v = a >> (i & 31); b = i; break;
    case UA_RV_SRAI: v = (uint32_t)((int32_t)a >> (i & 31)); b = i; break;
    case UA_RV_ADD: v = a + b; tv = !ta ? tb : !tb ? ta : TAG_MEM; break;
    case UA_RV_SUB: v = a - b; tv = !tb ? ta : ta == tb && ta != TAG_MEM ? 0 : TAG_MEM; break;
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
        if (t && t->tag[17])
            t->decided = true;
        if (x[17] != SYS_WRITE && x[17] != SYS_EXIT && x[17] != SYS_EXIT_GROUP)
            return false; /* a system call other than write and exit */
        if (x[17] == SYS_WRITE) {
            rd = 10;
            v = x[12]; /* every byte written */
            tv = t ? t->tag[12] : 0;
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
        if (cls && cls->cycles_formula && cls->kind == ISA_ALU) {
            cost_pipe_make_op(r->isa, cls, *pc, in, to, a, b, mis, op);
            if (t && (ta | tb))
                t->decided = true; /* its cycles are a formula of what the key does not fix */
        } else {
            /* the op made for this instruction and target before, but for the misalignment
             * (nothing else of the operands goes into it) */
            if (!d->made || d->op.next != to) {
                cost_pipe_make_op(r->isa, cls, *pc, in, to, 0, 0, false, &d->op);
                d->made = true;
            }
            *op = d->op;
            op->misaligned = mis;
        }
        if (first) {
            /* where the call was priced with this instruction run at its nominal cycles (not
             * taken: first_to_caller), what it takes beyond is charged to the call (retire
             * stamps); kept with a run either way (keep_run) */
            struct ua_op nominal;
            cost_pipe_make_op(r->isa, cls, *pc, in, *pc + in->size, 0, 0, false, &nominal);
            r->first_share = (double)op->cycles - (double)nominal.cycles;
            if (p->first_to_caller)
                *cycles += r->first_share;
        }
    } else {
        bool formula = false;
        double c = price(r, m, branch, backward, a, b, &formula);
        if (c < 0)
            return false;
        if (formula && (ta | tb))
            t->decided = true;
        *cycles += c;
    }
    if (rd) {
        x[rd] = v;
        if (t)
            t->tag[rd] = tv;
    }
    *pc = next;
    return true;
}

/* ---- runs kept by their operands ----
 * A run whose tags decided nothing (struct taint) took the path, the cycles and the
 * instructions its key fixed: the routine's entry, the registers the call sets, the
 * stack bytes it stores before the run (by-reference and stack operands). A pointer
 * operand in a register is keyed by nothing but being one when every pointer operand is
 * in a register (else all are keyed by their values, and the run is kept only if it
 * reached none of the program's memory): no decision read its value, so any value gives the same path (values of one
 * base compared for equality compare offsets; the program's memory is reached at a base
 * plus a fixed offset). A later call with the same key takes the same path and leaves
 * the same bytes on the stack, provided that those bytes did not come from the program's
 * memory or a base (a kept run leaves none such), that the program's memory it read, at
 * its new bases, is mapped and readable, and what it wrote mapped (checked at each call
 * it serves), and that its stores into the program's memory went through one base and
 * less than the overlay apart (so that they never collide in the overlay). A run that
 * touched the allocator's heap (its state outlives the call) is not kept. So a kept run
 * gives the call what running it would give. */
#define KEY_MAX (8 + 1 + 8 * 5 + 8 + 3 * ARGS_AREA)
#define PATH_MAX_OPS 4096u
struct kept_key {
    unsigned char b[KEY_MAX];
    size_t len;
    uint64_t hash;
};

/* What a kept run gave, as stored after its key. */
struct kept_value {
    double cycles;
    uint64_t instr;
    uint32_t a0;             /* its result; with a0_tag (1 + J): an offset from base J */
    uint8_t a0_tag;
    uint32_t nstack, nspan;
    uint32_t path;           /* on a pipeline: the path's ops for any site (kept_path); CYCLES is
                                then the first instruction's share (r->first_share) */
    /* then nstack (offset: 2 bytes, value: 1 byte) triples, nspan (base, read, lo, hi)
     * words (lo and hi offsets from the base) */
};


/* The key of a call (X: its registers, tagged in T) into K; a kept run for it served:
 * 1 (0: none; -1: on a pipeline, the model stopped on the kept path, as the run would).
 * On a pipeline (PIPE) the run is the path it feeds the model (the ops, made from the
 * instructions, their targets, the operands of formula-priced ones, none of which a tag
 * decides, and the misalignment of its loads and stores): the key adds a pointer operand's
 * address modulo 4 (misalignment: its accesses are at fixed offsets from it). The path is
 * kept for any return site (kept_path) and the first instruction's cycles beyond its
 * nominal ones with it, so that a call from another site or one that charges them
 * otherwise is served too (lpnest at d746610 keyed both: longdouble on cv32e40p served 81
 * of 13209 calls, PicoRV32 16813). The path is then fed to the model from the call's state
 * with the call's return as a run would feed it (routine_pipe_cycles), so the cycles are
 * the model's. */
static int kept_run(struct routine_runner *r, struct routine_mem *m, uint32_t entry, const uint32_t *x,
                    const struct taint *t, const struct routine_pipe *pipe, struct kept_key *k, double *cycles,
                    double *instr)
{
    unsigned char *p = k->b;
    uint32_t nw = m->nwritten;
    if (nw * 3 + 57 > KEY_MAX) {
        m->track = false;
        return 0;
    }
    memcpy(p, &entry, 4);
    memcpy(p + 4, &nw, 4);
    /* whether the call is on a pipeline: a run kept there holds a path and its first share,
     * one kept off it (a block the model could not run prices its calls without it) the
     * cycles; neither serves the other (main at 2ed627d gave a call on the pipeline the path
     * number 0 of a run kept off it: a crash, or another routine's path) */
    p[8] = pipe != NULL;
    p += 9;
    for (unsigned g = 10; g <= 17; g++) {
        uint32_t v = t->tag[g] ? (pipe ? x[g] & 3 : 0) : x[g];
        p[0] = t->tag[g];
        memcpy(p + 1, &v, 4);
        p += 5;
    }
    for (uint32_t i = 0; i < nw; i++) {
        uint16_t o = m->stack_written[i];
        memcpy(p, &o, 2);
        p[2] = m->stack[o];
        p += 3;
    }
    k->len = (size_t)(p - k->b);
    k->hash = routine_runs_hash(k->b, k->len);
    const unsigned char *v = routine_runs_find(r, k->b, k->len, k->hash);
    if (!v)
        return 0;
    struct kept_value kv;
    memcpy(&kv, v, sizeof kv);
    const unsigned char *sb = v + sizeof kv, *pb = sb + 3 * (size_t)kv.nstack;
    for (uint32_t i = 0; i < kv.nspan; i++) {
        int32_t w[4];
        memcpy(w, pb + 16 * (size_t)i, 16);
        uint64_t e;
        /* the program's bytes the run reached, from the new base: mapped, and still
         * readable where it read (any part of a readable span is) */
        uint32_t lo = t->base[w[0]] + (uint32_t)w[2], len = (uint32_t)(w[3] - w[2]) + 1;
        if (!m->program || !routine_map_from(&m->map, lo, len, &e) ||
            (w[1] && !m->program->read(m->program->ctx, e, len))) {
            routine_runs_miss(r);
            return 0;
        }
    }
    double c = kv.cycles;
    if (pipe) {
        /* the first instruction's share where the call charges it (as a run adds it) */
        c = pipe->first_to_caller ? kv.cycles : 0;
        double d = 0;
        if (!routine_pipe_cycles(r, pipe, NULL, 0, kv.path, &d))
            return -1;
        c += d; /* after the first instruction's share, as a run adds them */
    }
    for (uint32_t i = 0; i < kv.nstack; i++) {
        uint16_t o;
        memcpy(&o, sb + 3 * (size_t)i, 2);
        m->stack[o] = sb[3 * (size_t)i + 2];
    }
    r->a0 = kv.a0_tag ? t->base[kv.a0_tag - 1] + kv.a0 : kv.a0;
    r->kept = true;
    routine_runs_count(0, kv.instr);
    *cycles += c;
    *instr += (double)kv.instr;
    return 1;
}

/* ---- a kept path returns to any site ----
 * A routine runs the same whatever address it returns to (it returns to a sentinel in ra):
 * only its return's op (the target) and the op after it (the instruction at the return pc)
 * depend on the site. So a kept path is the routine's ops with the return made for no site
 * (its target RETURN_SENTINEL), and a call served by it makes the return for its own site
 * and appends the instruction there (routine_path_ops), as a run makes them (step: the op of
 * a transfer is cost_pipe_make_op at operands 0, aligned; run_rv32 the one after). */

/* The op of the return OP (at OP's pc) going to TO, as step makes it. */
static void return_op(struct routine_runner *r, const struct ua_op *op, uint32_t to, struct ua_op *out)
{
    cost_pipe_make_op(r->isa, pipe_class(r, &op->in), op->pc, &op->in, to, 0, 0, false, out);
}

/* The number of the path the last run fed the model (r->ops: its return to RET_PC, then the
 * op there) kept for any site; UINT32_MAX when it is not kept (its return is not one made
 * again the same for another site, or the bytes are spent). */
static uint32_t kept_path(struct routine_runner *r, uint32_t ret_pc)
{
    if (r->nops < 2)
        return UINT32_MAX;
    struct ua_op *last = &r->ops[r->nops - 2], again, saved = *last;
    return_op(r, last, ret_pc, &again);
    if (last->next != ret_pc || again.pc != last->pc || again.next != last->next || again.cycles != last->cycles ||
        again.redirect != last->redirect || again.taken != last->taken || again.misaligned != last->misaligned)
        return UINT32_MAX;
    return_op(r, &saved, RETURN_SENTINEL, last);
    uint32_t id = routine_paths_intern(r, r->ops, r->nops - 1);
    *last = saved;
    return id;
}

const struct ua_op *routine_path_ops(struct routine_runner *r, const struct routine_pipe *pipe, uint32_t path,
                                     size_t *n)
{
    size_t k = 0;
    const struct ua_op *ops = routine_paths_get(r, path, &k);
    struct ua_rv32 back;
    if (!k || !pipe->decode(pipe->arg, pipe->ret_pc, &back))
        return NULL;
    if (k + 1 > r->cappath) {
        r->cappath = (k + 1) * 2;
        r->path_ops = sup_xrealloc(r->path_ops, r->cappath * sizeof *r->path_ops);
    }
    memcpy(r->path_ops, ops, (k - 1) * sizeof *ops);
    return_op(r, &ops[k - 1], pipe->ret_pc, &r->path_ops[k - 1]);
    cost_pipe_make_op(r->isa, pipe_class(r, &back), pipe->ret_pc, &back, pipe->ret_pc + back.size, 0, 0, false,
                      &r->path_ops[k]);
    *n = k + 1;
    return r->path_ops;
}

static void keep_run(struct routine_runner *r, struct routine_mem *m, const struct taint *t,
                     const struct kept_key *k, double cycles, unsigned long n, uint32_t a0, bool pipe,
                     uint32_t ret_pc)
{
    if (m->heap_touched || t->decided || t->tag[10] == TAG_MEM)
        return;
    struct kept_value kv = {.cycles = cycles, .instr = n, .a0 = a0, .a0_tag = t->tag[10], .nstack = m->nwritten};
    if (kv.a0_tag)
        kv.a0 = a0 - t->base[kv.a0_tag - 1];
    for (uint32_t i = 0; i < m->nwritten; i++)
        if (m->stack_taint[m->stack_written[i]])
            return; /* the stack keeps bytes of the program's memory or a base */
    unsigned stored = 0;
    for (unsigned j = 0; j < BASES; j++)
        for (unsigned w = 0; w < 2; w++)
            if (t->lo[w][j] <= t->hi[w][j]) {
                kv.nspan++;
                if (t->hi[w][j] - t->lo[w][j] >= INT32_MAX / 2)
                    return;
                if (w && (++stored > 1 || t->hi[w][j] - t->lo[w][j] >= ROUTINE_OVERLAY))
                    return; /* stores that could collide in the overlay, or not, by the bases */
            }
    /* (a path longer than PATH_MAX_OPS is not kept: interning reads it whole, and such runs,
     * 128-bit divisions, seldom repeat their operands) */
    if (pipe) {
        kv.cycles = r->first_share; /* added where a call charges it (kept_run) */
        if (r->nops > PATH_MAX_OPS || (kv.path = kept_path(r, ret_pc)) == UINT32_MAX)
            return;
    }
    size_t vlen = sizeof kv + 3 * (size_t)kv.nstack + 16 * (size_t)kv.nspan;
    unsigned char *v = sup_xmalloc(vlen), *p = v + sizeof kv;
    memcpy(v, &kv, sizeof kv);
    for (uint32_t i = 0; i < m->nwritten; i++) {
        uint16_t o = m->stack_written[i];
        memcpy(p, &o, 2);
        p[2] = m->stack[o];
        p += 3;
    }
    for (unsigned j = 0; j < BASES; j++)
        for (unsigned w = 0; w < 2; w++)
            if (t->lo[w][j] <= t->hi[w][j]) {
                int32_t q[4] = {(int32_t)j, !w, (int32_t)t->lo[w][j], (int32_t)t->hi[w][j]};
                memcpy(p, q, 16);
                p += 16;
            }
    routine_runs_put(r, k->b, k->len, k->hash, v, vlen);
    free(v);
}

static bool run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, const struct routine_pipe *pipe,
                     double *cycles, double *instr)
{
    r->kept = false;
    if (!routine_mem_begin(r, args, nargs, mem))
        return false;
    /* a run kept by its operands serves a call with the same (on a pipeline, its path:
     * kept_run) */
    struct routine_mem *mm = r->memory;
    mm->track = routine_runs_on(r, entry);
    mm->store_taint = 0;
    /* (GCC's `rep stos` for these initialisers cost a quarter of a short call's replay:
     * estimator/CMakeLists.txt asks it for stores; the taint is set only when the run may
     * be kept, nothing reads it otherwise) */
    uint32_t x[32] = {0};
    struct taint taint;
    if (mm->track) {
        memset(taint.tag, 0, sizeof taint.tag);
        taint.decided = false;
        memset(taint.base, 0, sizeof taint.base);
        for (unsigned j = 0; j < BASES; j++)
            for (unsigned w = 0; w < 2; w++)
                taint.lo[w][j] = INT64_MAX, taint.hi[w][j] = INT64_MIN;
    }
    bool free_bases = true;
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
            /* a pointer into the program's memory: a base of its own */
            if (g->pointer && !g->raw && value) {
                taint.tag[reg] = (uint8_t)(1 + reg - 10);
                taint.base[reg - 10] = value;
            }
            x[reg++] = value;
        } else {
            if (g->pointer && !g->raw && value)
                free_bases = false; /* a pointer on the stack: keyed by its address */
            if (on_stack + 4 > STACK_TOP - ARGS_AREA / 2)
                return false;
            store(r, on_stack, 4, value);
            on_stack += 4;
        }
    }
    x[1] = RETURN_SENTINEL;
    x[2] = sp;
    struct routine_mem *m = r->memory;
    struct kept_key key;
    struct taint *t = NULL;
    if (m->track) {
        if (!free_bases)
            memset(taint.tag, 0, sizeof taint.tag);
        int kept = kept_run(r, m, entry, x, &taint, pipe, &key, cycles, instr);
        if (kept)
            return kept > 0;
        t = &taint;
    }
    uint32_t pc = entry;
    double c = 0;
    unsigned long n = 0;
    r->nops = 0;
    while (pc != RETURN_SENTINEL) {
        if (++n > STEP_LIMIT || (pc & 1))
            return false;
        struct rv32_decoded *in = decoded(r, pc);
        if (!in || !step(r, x, &pc, in, &c, pipe, n == 1, t))
            return false;
        x[0] = 0;
    }
    routine_runs_count(n, 0);
    double c0 = c; /* (on a pipeline: the first instruction's share) */
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
        if (!routine_pipe_cycles(r, pipe, r->ops, r->nops, UINT32_MAX, &d))
            return false;
        c += d; /* after the first instruction's share (step) */
    }
    if (t)
        keep_run(r, m, t, &key, c0, n, x[10], pipe != NULL, pipe ? pipe->ret_pc : 0);
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
