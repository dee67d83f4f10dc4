/* routine_avr.c — runs an AVR runtime routine (avr-gcc's libgcc helpers,
 * avr-libc's float routines, libm and ctype) on a call's operands for the
 * ATmega2560 (22-bit PC: calls push three bytes). avr-gcc's calling convention
 * puts the operands in registers from r25 down, each in an even-aligned group
 * (two bytes for a char), the first in r24:r25, r22..r25 or r18..r25 by size;
 * the routine runs from its entry until it returns to a sentinel address.
 * Each executed instruction is priced by its row of the core's table (the
 * mnemonics llvm-objdump prints): a branch by taken or not, a skip by whether
 * it skips, one cycle more when it skips a two-word instruction. Data memory:
 * the registers, SREG, SP, RAMPZ, EIND and the SRAM, whose bytes start as the
 * program's initialised data (the code file's bytes at 0x800000 + address) and
 * are written per call; program memory (lpm, elpm) reads the code file. The
 * program's memory that pointer operands reach (memcpy's, strcmp's) is mapped
 * above the SRAM (0x2200..0xffff, where an ld or st costs what it costs in
 * SRAM), relocated in up to two regions (routine_impl.h: a global and a string on
 * the caller's stack), and read through the engine. A variadic routine
 * (printf) gets every operand of the call on the stack, the first at the lowest
 * address, as avr-gcc and clang pass them. The output boundary: the runtime's
 * printf and putchar write each character to the UART0 data register UDR0 after
 * enabling the transmitter in UCSR0B (benchmarks/runtime/rt_avr.c); simavr takes
 * such a store in the instruction's own cycles (the UART does not stall the
 * core), so lpnest accepts stores to those two registers, drops the bytes, and
 * prices the sts as the table does. The program's end (the runtime's exit, abort, a
 * failed assert: rt_exit stores the status in GPIOR1 and a mark in GPIOR0, then `cli;
 * sleep`, where simavr stops) is where the routine's path ends: the GPIOR stores are
 * accepted and priced, the sleep with interrupts disabled ends the run. A callback operand (qsort's and bsearch's
 * comparator, the program's function) gets the word address CALLBACK_PC, outside the
 * code; the routine's icall or eicall there is priced as the table prices it, the
 * comparator is not run (lpnest prices its blocks as the program's, including its ret)
 * and returns in r24:r25 the int it returned in the program's run for the pointers in
 * r24:r25 and r22:r23 (routine_memory.callback), with r0, r18..r23, r26, r27, r30
 * and r31 clobbered (zeroed) as avr-gcc's ABI allows; r2..r17, r28, r29 and the stack
 * are kept, as a called function keeps them. */
#include "routine_impl.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

#define DATA_BYTES 0x2200u        /* registers, I/O, extended I/O, 8 KiB of SRAM */
#define SPACE 0x10000u            /* the data space a 16-bit pointer reaches */
#define SRAM_FIRST 0x200u
#define DATA_IN_FILE 0x800000u    /* where the code file has data address 0 */
#define RETURN_SENTINEL 0x3ffffu  /* a word address beyond the flash */
#define CALLBACK_PC 0xffffu       /* a callback operand's word address: not the code's */
#define STEP_LIMIT 4000000u
#define IO_RAMPZ 0x5b
#define IO_EIND 0x5c
#define IO_SPL 0x5d
#define IO_SPH 0x5e
#define IO_SREG 0x5f
#define IO_GPIOR0 0x3e            /* the runtime's exit mark and status (rt_avr.c) */
#define IO_GPIOR1 0x4a
#define IO_UCSR0B 0xc1            /* the UART0 the runtime writes standard output to */
#define IO_UDR0 0xc6

enum { C = 1, Z = 2, N = 4, V = 8, S = 16, H = 32, T = 64, I = 128 };

enum mn {
    M_NOP, M_MOVW, M_MULS, M_MULSU, M_FMUL, M_FMULS, M_FMULSU, M_CPC, M_SBC, M_ADD, M_CPSE, M_CP, M_SUB, M_ADC,
    M_AND, M_EOR, M_OR, M_MOV, M_CPI, M_SBCI, M_SUBI, M_ORI, M_ANDI, M_LD, M_LDD, M_ST, M_STD, M_LDS, M_STS,
    M_LPM, M_ELPM, M_POP, M_PUSH, M_COM, M_NEG, M_SWAP, M_INC, M_ASR, M_LSR, M_ROR, M_DEC, M_JMP, M_CALL,
    M_BSET, M_BCLR, M_RET, M_IJMP, M_EIJMP, M_ICALL, M_EICALL, M_ADIW, M_SBIW, M_MUL, M_IN, M_OUT, M_RJMP,
    M_RCALL, M_LDI, M_BLD, M_BST, M_SBRC, M_SBRS, M_SLEEP,
    M_BRBS, /* + the flag: brcs breq brmi brvs brlt brhs brts brie */
    M_BRBC = M_BRBS + 8, /* brcc brne brpl brvc brge brhc brtc brid */
    M__N = M_BRBC + 8
};

static const char *const mn_name[M__N] = {
    "nop", "movw", "muls", "mulsu", "fmul", "fmuls", "fmulsu", "cpc", "sbc", "add", "cpse", "cp", "sub", "adc",
    "and", "eor", "or", "mov", "cpi", "sbci", "subi", "ori", "andi", "ld", "ldd", "st", "std", "lds", "sts",
    "lpm", "elpm", "pop", "push", "com", "neg", "swap", "inc", "asr", "lsr", "ror", "dec", "jmp", "call",
    "bset", "bclr", "ret", "ijmp", "eijmp", "icall", "eicall", "adiw", "sbiw", "mul", "in", "out", "rjmp",
    "rcall", "ldi", "bld", "bst", "sbrc", "sbrs", "sleep",
    "brcs", "breq", "brmi", "brvs", "brlt", "brhs", "brts", "brie",
    "brcc", "brne", "brpl", "brvc", "brge", "brhc", "brtc", "brid",
};

struct avr_memory {
    uint8_t data[SPACE];
    uint32_t written[SPACE];      /* the call that last wrote the byte */
    uint32_t call;
    const struct routine_memory *program; /* mapped at DATA_BYTES.. in two regions */
    struct routine_map map;
};

struct cpu {
    struct routine_runner *r;
    struct avr_memory *m;
    const struct routine_memory *mem; /* the program's callback */
    uint8_t *reg;                 /* m->data: r0..r31 are data addresses 0..31 */
    uint8_t sreg, rampz, eind;
    uint16_t sp;
    uint32_t pc;                  /* in words */
};

/* ---- memory ---- */

static bool data_read(struct cpu *c, uint32_t a, uint8_t *v)
{
    if (a < 32)
        return *v = c->reg[a], true;
    switch (a) {
    case IO_SREG: return *v = c->sreg, true;
    case IO_SPL: return *v = (uint8_t)c->sp, true;
    case IO_SPH: return *v = (uint8_t)(c->sp >> 8), true;
    case IO_RAMPZ: return *v = c->rampz, true;
    case IO_EIND: return *v = c->eind, true;
    default: break;
    }
    if (a < SRAM_FIRST || a >= SPACE || (a >= DATA_BYTES && !c->m->program))
        return false; /* a peripheral, or memory no operand points to */
    if (c->m->written[a] == c->m->call)
        return *v = c->m->data[a], true;
    if (a >= DATA_BYTES) {
        uint64_t e;
        const uint8_t *q = routine_map_from(&c->m->map, a, 1, &e) ? c->m->program->read(c->m->program->ctx, e, 1)
                                                                   : NULL;
        return q ? (*v = *q, true) : false;
    }
    const uint8_t *p = isa_code_bytes(c->r->code, DATA_IN_FILE + a, 1, NULL);
    *v = p ? *p : 0;
    return true;
}

static bool data_write(struct cpu *c, uint32_t a, uint8_t v)
{
    if (a < 32)
        return c->reg[a] = v, true;
    switch (a) {
    case IO_SREG: return c->sreg = v, true;
    case IO_SPL: return c->sp = (uint16_t)((c->sp & 0xff00) | v), true;
    case IO_SPH: return c->sp = (uint16_t)((c->sp & 0xff) | v << 8), true;
    case IO_RAMPZ: return c->rampz = v, true;
    case IO_EIND: return c->eind = v, true;
    case IO_UCSR0B: case IO_UDR0: return true; /* standard output */
    case IO_GPIOR0: case IO_GPIOR1: return true; /* the exit status (the run ends at the sleep) */
    default: break;
    }
    uint64_t e;
    if (a < SRAM_FIRST || a >= SPACE || (a >= DATA_BYTES && (!c->m->program || !routine_map_from(&c->m->map, a, 1, &e))))
        return false; /* a peripheral, or memory no operand points to */
    c->m->data[a] = v;
    c->m->written[a] = c->m->call;
    return true;
}

static bool push(struct cpu *c, uint8_t v)
{
    return data_write(c, c->sp--, v);
}

static bool pop(struct cpu *c, uint8_t *v)
{
    return data_read(c, ++c->sp, v);
}

static bool push_pc(struct cpu *c, uint32_t pc)
{
    return push(c, (uint8_t)pc) && push(c, (uint8_t)(pc >> 8)) && push(c, (uint8_t)(pc >> 16));
}

static bool flash_byte(struct cpu *c, uint32_t a, uint8_t *v)
{
    const uint8_t *p = a < DATA_IN_FILE ? isa_code_bytes(c->r->code, a, 1, NULL) : NULL;
    return p ? (*v = *p, true) : false;
}

static bool fetch(struct cpu *c, uint32_t pc, uint16_t *w)
{
    const uint8_t *p = 2 * pc < DATA_IN_FILE ? isa_code_bytes(c->r->code, 2 * pc, 2, NULL) : NULL;
    return p ? (*w = (uint16_t)(p[0] | p[1] << 8), true) : false;
}

static bool two_words(uint16_t w)
{
    return (w & 0xfe0f) == 0x9000 || (w & 0xfe0f) == 0x9200 || (w & 0xfe0c) == 0x940c;
}

/* ---- flags ---- */

static void set(struct cpu *c, unsigned flag, bool on)
{
    c->sreg = (uint8_t)(on ? c->sreg | flag : c->sreg & ~flag);
}

static void nzs(struct cpu *c, uint8_t r)
{
    set(c, N, r & 0x80);
    set(c, Z, !r);
    set(c, S, !!(c->sreg & N) != !!(c->sreg & V));
}

static uint8_t add8(struct cpu *c, uint8_t d, uint8_t s, bool carry)
{
    uint8_t r = (uint8_t)(d + s + carry);
    unsigned k = (unsigned)((d & s) | (s & ~r) | (~r & d));
    set(c, H, k & 8);
    set(c, C, k & 0x80);
    set(c, V, ((d & s & ~r) | (~d & ~s & r)) & 0x80);
    nzs(c, r);
    return r;
}

/* d - s - borrow; KEEP_Z: Z stays set only while the result is zero (sbc, sbci, cpc). */
static uint8_t sub8(struct cpu *c, uint8_t d, uint8_t s, bool borrow, bool keep_z)
{
    uint8_t r = (uint8_t)(d - s - borrow);
    unsigned k = (unsigned)((~d & s) | (s & r) | (r & ~d));
    bool z = keep_z ? !r && (c->sreg & Z) : !r;
    set(c, H, k & 8);
    set(c, C, k & 0x80);
    set(c, V, ((d & ~s & ~r) | (~d & s & r)) & 0x80);
    nzs(c, r);
    set(c, Z, z);
    return r;
}

static uint8_t logic8(struct cpu *c, uint8_t r)
{
    set(c, V, false);
    nzs(c, r);
    return r;
}

static void product(struct cpu *c, int32_t p, bool fractional)
{
    uint16_t r = (uint16_t)p;
    set(c, C, r & 0x8000);
    if (fractional)
        r = (uint16_t)(r << 1);
    set(c, Z, !r);
    c->reg[0] = (uint8_t)r;
    c->reg[1] = (uint8_t)(r >> 8);
}

/* ---- the interpreter ---- */

/* The address register of an ld/st form (X 26, Y 28, Z 30) with its post-increment or
 * pre-decrement (MODE 1 or 2; 0 plain), or false for another form. */
static bool pointer(struct cpu *c, unsigned low, unsigned *areg, int *mode)
{
    switch (low) {
    case 0x1: *areg = 30, *mode = 1; return true;
    case 0x2: *areg = 30, *mode = 2; return true;
    case 0x9: *areg = 28, *mode = 1; return true;
    case 0xa: *areg = 28, *mode = 2; return true;
    case 0xc: *areg = 26, *mode = 0; return true;
    case 0xd: *areg = 26, *mode = 1; return true;
    case 0xe: *areg = 26, *mode = 2; return true;
    default: (void)c; return false;
    }
}

static uint16_t pair(const struct cpu *c, unsigned r)
{
    return (uint16_t)(c->reg[r] | c->reg[r + 1] << 8);
}

static void set_pair(struct cpu *c, unsigned r, uint16_t v)
{
    c->reg[r] = (uint8_t)v;
    c->reg[r + 1] = (uint8_t)(v >> 8);
}

/* The routine calls its callback operand (CALLBACK_PC): the program's function returns,
 * without running here, what it returned in the program's run. */
static bool callback(struct cpu *c)
{
    static const uint8_t clobbered[] = {0, 18, 19, 20, 21, 22, 23, 26, 27, 30, 31};
    uint64_t a, b;
    int64_t result;
    if (!c->mem || !c->mem->callback || !routine_map_from(&c->m->map, pair(c, 24), 1, &a) ||
        !routine_map_from(&c->m->map, pair(c, 22), 1, &b) || !c->mem->callback(c->mem->ctx, a, b, &result))
        return false;
    for (size_t k = 0; k < sizeof clobbered; k++)
        c->reg[clobbered[k]] = 0;
    set_pair(c, 24, (uint16_t)result);
    return true;
}

/* A skip instruction that skips when YES: *NEXT past the instruction after it (one or two
 * words), *BRANCH 1 (no skip), 2 (skipping one word) or 3 (two). */
static bool skip(struct cpu *c, bool yes, uint32_t *next, int *branch)
{
    uint16_t nw;
    if (!yes)
        return *branch = 1, true;
    if (!fetch(c, *next, &nw))
        return false;
    *branch = two_words(nw) ? 3 : 2;
    *next += two_words(nw) ? 2 : 1;
    return true;
}

/* One instruction; false when the routine does what lpnest does not run. */
static bool step(struct cpu *c, double *cycles)
{
    uint16_t w, w2 = 0;
    if (!fetch(c, c->pc, &w))
        return false;
    uint32_t next = c->pc + 1;
    if (two_words(w)) {
        if (!fetch(c, c->pc + 1, &w2))
            return false;
        next++;
    }
    unsigned d5 = w >> 4 & 31, r5 = (w & 15) | (w >> 5 & 16), d4 = 16 + (w >> 4 & 15);
    uint8_t K = (uint8_t)((w & 15) | (w >> 4 & 0xf0));
    uint8_t *R = c->reg, v;
    bool carry = c->sreg & C;
    int branch = 0;            /* conditional: 1 not taken, 2 taken (skips: 3 skipping a two-word one) */
    enum mn m;
    switch (w >> 12) {
    case 0x0:
        if (w == 0)
            m = M_NOP;
        else if ((w & 0xff00) == 0x0100) {
            m = M_MOVW;
            set_pair(c, (w >> 4 & 15) * 2, pair(c, (w & 15) * 2));
        } else if ((w & 0xff00) == 0x0200) {
            m = M_MULS;
            product(c, (int8_t)R[d4] * (int8_t)R[16 + (w & 15)], false);
        } else if ((w & 0xff00) == 0x0300) {
            unsigned dd = 16 + (w >> 4 & 7), rr = 16 + (w & 7);
            switch (w & 0x88) {
            case 0x00: m = M_MULSU; product(c, (int8_t)R[dd] * R[rr], false); break;
            case 0x08: m = M_FMUL; product(c, R[dd] * R[rr], true); break;
            case 0x80: m = M_FMULS; product(c, (int8_t)R[dd] * (int8_t)R[rr], true); break;
            default: m = M_FMULSU; product(c, (int8_t)R[dd] * R[rr], true); break;
            }
        } else {
            switch (w >> 10 & 3) {
            case 1: m = M_CPC; sub8(c, R[d5], R[r5], carry, true); break;
            case 2: m = M_SBC; R[d5] = sub8(c, R[d5], R[r5], carry, true); break;
            case 3: m = M_ADD; R[d5] = add8(c, R[d5], R[r5], false); break;
            default: return false; /* reserved */
            }
        }
        break;
    case 0x1:
        switch (w >> 10 & 3) {
        case 0:
            m = M_CPSE;
            if (!skip(c, R[d5] == R[r5], &next, &branch))
                return false;
            break;
        case 1: m = M_CP; sub8(c, R[d5], R[r5], false, false); break;
        case 2: m = M_SUB; R[d5] = sub8(c, R[d5], R[r5], false, false); break;
        default: m = M_ADC; R[d5] = add8(c, R[d5], R[r5], carry); break;
        }
        break;
    case 0x2:
        switch (w >> 10 & 3) {
        case 0: m = M_AND; R[d5] = logic8(c, R[d5] & R[r5]); break;
        case 1: m = M_EOR; R[d5] = logic8(c, R[d5] ^ R[r5]); break;
        case 2: m = M_OR; R[d5] = logic8(c, R[d5] | R[r5]); break;
        default: m = M_MOV; R[d5] = R[r5]; break;
        }
        break;
    case 0x3: m = M_CPI; sub8(c, R[d4], K, false, false); break;
    case 0x4: m = M_SBCI; R[d4] = sub8(c, R[d4], K, carry, true); break;
    case 0x5: m = M_SUBI; R[d4] = sub8(c, R[d4], K, false, false); break;
    case 0x6: m = M_ORI; R[d4] = logic8(c, R[d4] | K); break;
    case 0x7: m = M_ANDI; R[d4] = logic8(c, R[d4] & K); break;
    case 0x8: case 0xa: { /* ldd/std Y+q, Z+q */
        unsigned q = (w & 7) | (w >> 7 & 0x18) | (w >> 8 & 0x20);
        uint32_t a = pair(c, w & 8 ? 28 : 30) + q;
        if (w & 0x200) {
            m = q ? M_STD : M_ST;
            if (!data_write(c, a, R[d5]))
                return false;
        } else {
            m = q ? M_LDD : M_LD;
            if (!data_read(c, a, &R[d5]))
                return false;
        }
        break;
    }
    case 0x9:
        if ((w & 0xfc00) == 0x9000) { /* loads and stores with a register */
            bool st = w & 0x200;
            unsigned low = w & 15, areg;
            int mode;
            if (low == 0) {
                m = st ? M_STS : M_LDS;
                if (st ? !data_write(c, w2, R[d5]) : !data_read(c, w2, &R[d5]))
                    return false;
            } else if (low == 0xf) {
                m = st ? M_PUSH : M_POP;
                if (st ? !push(c, R[d5]) : !pop(c, &R[d5]))
                    return false;
            } else if (!st && low >= 4 && low <= 7) {
                bool e = low >= 6;
                uint32_t a = pair(c, 30) | (e ? (uint32_t)c->rampz << 16 : 0);
                m = e ? M_ELPM : M_LPM;
                if (!flash_byte(c, a, &R[d5]))
                    return false;
                if (low & 1) {
                    a++;
                    set_pair(c, 30, (uint16_t)a);
                    if (e)
                        c->rampz = (uint8_t)(a >> 16);
                }
            } else if (pointer(c, low, &areg, &mode)) {
                uint16_t a = pair(c, areg);
                if (mode == 2)
                    a--;
                m = st ? M_ST : M_LD;
                if (st ? !data_write(c, a, R[d5]) : !data_read(c, a, &v))
                    return false;
                if (!st)
                    R[d5] = v;
                if (mode == 1)
                    a++;
                if (mode)
                    set_pair(c, areg, a);
            } else {
                return false;
            }
        } else if ((w & 0xfe00) == 0x9400 && ((w & 15) < 8 || (w & 15) == 0xa) && (w & 15) != 4) { /* one-operand */
            uint8_t d = R[d5];
            switch (w & 15) {
            case 0x0: m = M_COM; R[d5] = logic8(c, (uint8_t)~d); set(c, C, true); break;
            case 0x1:
                m = M_NEG;
                R[d5] = sub8(c, 0, d, false, false);
                break;
            case 0x2: m = M_SWAP; R[d5] = (uint8_t)(d << 4 | d >> 4); break;
            case 0x3: m = M_INC; R[d5] = (uint8_t)(d + 1); set(c, V, d == 0x7f); nzs(c, R[d5]); break;
            case 0x5: m = M_ASR; R[d5] = (uint8_t)(d >> 1 | (d & 0x80)); goto shifted;
            case 0x6: m = M_LSR; R[d5] = (uint8_t)(d >> 1); goto shifted;
            case 0x7:
                m = M_ROR;
                R[d5] = (uint8_t)(d >> 1 | carry << 7);
            shifted:
                set(c, C, d & 1);
                set(c, N, R[d5] & 0x80);
                set(c, V, !!(c->sreg & N) != !!(c->sreg & C));
                set(c, S, !!(c->sreg & N) != !!(c->sreg & V));
                set(c, Z, !R[d5]);
                break;
            case 0xa: m = M_DEC; R[d5] = (uint8_t)(d - 1); set(c, V, d == 0x80); nzs(c, R[d5]); break;
            default: return false;
            }
        } else if ((w & 0xfe0c) == 0x940c) {
            uint32_t k = (uint32_t)((w >> 3 & 0x3e) | (w & 1)) << 16 | w2;
            if (w & 2) {
                m = M_CALL;
                if (!push_pc(c, next))
                    return false;
            } else {
                m = M_JMP;
            }
            next = k;
        } else if ((w & 0xff0f) == 0x9408) {
            m = w & 0x80 ? M_BCLR : M_BSET;
            set(c, 1u << (w >> 4 & 7), !(w & 0x80));
        } else if (w == 0x9508) {
            uint8_t a, b, e;
            m = M_RET;
            if (!pop(c, &e) || !pop(c, &b) || !pop(c, &a))
                return false;
            next = (uint32_t)e << 16 | (uint32_t)b << 8 | a;
        } else if (w == 0x9409 || w == 0x9419 || w == 0x9509 || w == 0x9519) {
            bool ext = w & 0x10, call = w & 0x100;
            uint32_t to = pair(c, 30) | (ext ? (uint32_t)c->eind << 16 : 0);
            m = call ? (ext ? M_EICALL : M_ICALL) : (ext ? M_EIJMP : M_IJMP);
            if (call && to == CALLBACK_PC) {
                if (!callback(c))
                    return false;
            } else {
                if (call && !push_pc(c, next))
                    return false;
                next = to;
            }
        } else if (w == 0x95c8 || w == 0x95d8) {
            m = w == 0x95d8 ? M_ELPM : M_LPM;
            if (!flash_byte(c, pair(c, 30) | (w == 0x95d8 ? (uint32_t)c->rampz << 16 : 0), &R[0]))
                return false;
        } else if ((w & 0xfe00) == 0x9600) { /* adiw, sbiw */
            unsigned dd = 24 + (w >> 3 & 6);
            uint16_t a = pair(c, dd), k = (uint16_t)((w & 15) | (w >> 2 & 0x30)), r;
            if (w & 0x100) {
                m = M_SBIW;
                r = (uint16_t)(a - k);
                set(c, V, (a & 0x8000) && !(r & 0x8000));
                set(c, C, (r & 0x8000) && !(a & 0x8000));
            } else {
                m = M_ADIW;
                r = (uint16_t)(a + k);
                set(c, V, !(a & 0x8000) && (r & 0x8000));
                set(c, C, !(r & 0x8000) && (a & 0x8000));
            }
            set_pair(c, dd, r);
            set(c, N, r & 0x8000);
            set(c, Z, !r);
            set(c, S, !!(c->sreg & N) != !!(c->sreg & V));
        } else if ((w & 0xfc00) == 0x9c00) {
            m = M_MUL;
            product(c, R[d5] * R[r5], false);
        } else if (w == 0x9588 && !(c->sreg & I)) {
            m = M_SLEEP; /* interrupts off: nothing wakes the core; simavr stops, the program ends */
            next = RETURN_SENTINEL;
        } else {
            return false; /* sbi, cbi, sbic, sbis, sleep with interrupts on, wdr, break, spm, reti */
        }
        break;
    case 0xb: {
        unsigned a = 0x20 + ((w & 15) | (w >> 5 & 0x30));
        if (w & 0x800) {
            m = M_OUT;
            if (!data_write(c, a, R[d5]))
                return false;
        } else {
            m = M_IN;
            if (!data_read(c, a, &R[d5]))
                return false;
        }
        break;
    }
    case 0xc: case 0xd: {
        int k = (int)(w & 0xfff) - ((w & 0x800) ? 0x1000 : 0);
        if (w >> 12 == 0xd) {
            m = M_RCALL;
            if (!push_pc(c, next))
                return false;
        } else {
            m = M_RJMP;
        }
        next = (uint32_t)((int32_t)c->pc + 1 + k);
        break;
    }
    case 0xe: m = M_LDI; R[d4] = K; break;
    default: { /* 0xf */
        unsigned b = w & 7;
        if (!(w & 0x800)) { /* brbs, brbc */
            bool on = c->sreg & (1u << b), want = !(w & 0x400);
            int k = (int)(w >> 3 & 0x7f) - ((w & 0x200) ? 0x80 : 0);
            m = (enum mn)((want ? M_BRBS : M_BRBC) + b);
            branch = on == want ? 2 : 1;
            if (branch == 2)
                next = (uint32_t)((int32_t)c->pc + 1 + k);
        } else if (w & 8) {
            return false;
        } else if ((w & 0xe00) == 0x800) {
            m = M_BLD;
            R[d5] = (uint8_t)(c->sreg & T ? R[d5] | 1u << b : R[d5] & ~(1u << b));
        } else if ((w & 0xe00) == 0xa00) {
            m = M_BST;
            set(c, T, R[d5] & 1u << b);
        } else {
            m = (w & 0xe00) == 0xc00 ? M_SBRC : M_SBRS;
            bool bit = R[d5] & 1u << b;
            if (!skip(c, bit == (m == M_SBRS), &next, &branch))
                return false;
        }
        break;
    }
    }
    const struct isa_insn *in = routine_row(c->r, m, mn_name[m]);
    if (!in)
        return false;
    *cycles += branch == 1 ? in->not_taken : branch ? in->taken + (branch == 3) : in->cycles;
    c->pc = next;
    return true;
}

bool routine_run_avr(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr)
{
    (void)ret_bytes;
    if (!r->memory)
        r->memory = sup_xcalloc(1, sizeof(struct avr_memory));
    struct avr_memory *m = r->memory;
    if (++m->call == 0) { /* the stamps wrapped: forget them */
        memset(m->written, 0, sizeof m->written);
        m->call = 1;
    }
    if (!routine_map_pointers(&m->map, args, nargs, DATA_BYTES, (SPACE - DATA_BYTES) / 2, 2, 1) || (m->map.n && !mem))
        return false;
    m->program = m->map.n ? mem : NULL;
    struct cpu c = {.r = r, .m = m, .mem = mem, .reg = m->data, .sp = DATA_BYTES - 1, .pc = entry / 2};
    memset(c.reg, 0, 32);
    bool variadic = false;
    unsigned total = 0;
    for (unsigned k = 0; k < nargs; k++) {
        variadic |= args[k].in_variadic;
        total += args[k].bytes;
    }
    if (variadic) { /* every operand on the stack: the first at SP + 1 once the caller has pushed them */
        if (total > 256)
            return false;
        uint32_t a = c.sp - total + 1u;
        c.sp = (uint16_t)(c.sp - total);
        for (unsigned k = 0; k < nargs; k++) {
            uint64_t value = args[k].pointer ? routine_map_to(&m->map, args[k].lo) : args[k].lo;
            for (unsigned i = 0; i < args[k].bytes; i++)
                if (!data_write(&c, a++, (uint8_t)(value >> (8 * i))))
                    return false;
        }
        nargs = 0;
    }
    unsigned next = 26;
    for (unsigned k = 0; k < nargs; k++) {
        unsigned size = (args[k].bytes + 1) & ~1u;
        if (!args[k].bytes || size > 8 || next < 8 + size)
            return false;
        next -= size;
        uint64_t value = args[k].pointer ? routine_map_to(&m->map, args[k].lo)
                         : args[k].callback ? CALLBACK_PC : args[k].lo;
        for (unsigned i = 0; i < args[k].bytes; i++)
            c.reg[next + i] = (uint8_t)(value >> (8 * i));
    }
    c.reg[1] = 0; /* avr-gcc's zero register (r1 holds no operand) */
    if (!push_pc(&c, RETURN_SENTINEL))
        return false;
    double cyc = 0;
    unsigned long n = 0;
    while (c.pc != RETURN_SENTINEL) {
        if (++n > STEP_LIMIT || !step(&c, &cyc))
            return false;
    }
    *cycles += cyc;
    *instr += (double)n;
    return true;
}
