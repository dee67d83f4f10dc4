/* ua_rv32.c — decodes RV32IMC instructions (ua_rv32.h): the 32-bit RV32I, M,
 * Zicsr and Zifencei encodings, and the compressed (C, Zca) ones as the 32-bit
 * instruction each expands to (RISC-V unprivileged spec, chapter "C" table
 * 16.5-16.7). */
#include <string.h>
#include "ua_rv32.h"

static const char *const names[UA_RV__N] = {
    "illegal",
    "lui", "auipc", "jal", "jalr",
    "beq", "bne", "blt", "bge", "bltu", "bgeu",
    "lb", "lh", "lw", "lbu", "lhu", "sb", "sh", "sw",
    "addi", "slti", "sltiu", "xori", "ori", "andi", "slli", "srli", "srai",
    "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
    "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
    "fence", "fence.i", "ecall", "ebreak", "mret", "wfi",
    "csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci",
};

const char *ua_rv32_name(enum ua_rv32_op op)
{
    return (unsigned)op < UA_RV__N ? names[op] : "illegal";
}

static enum ua_rv32_kind kind_of(enum ua_rv32_op op)
{
    switch (op) {
    case UA_RV_ILLEGAL: return UA_K_ILLEGAL;
    case UA_RV_JAL: return UA_K_JAL;
    case UA_RV_JALR: return UA_K_JALR;
    case UA_RV_BEQ: case UA_RV_BNE: case UA_RV_BLT: case UA_RV_BGE: case UA_RV_BLTU: case UA_RV_BGEU:
        return UA_K_BRANCH;
    case UA_RV_LB: case UA_RV_LH: case UA_RV_LW: case UA_RV_LBU: case UA_RV_LHU: return UA_K_LOAD;
    case UA_RV_SB: case UA_RV_SH: case UA_RV_SW: return UA_K_STORE;
    case UA_RV_MUL: return UA_K_MUL;
    case UA_RV_MULH: case UA_RV_MULHSU: case UA_RV_MULHU: return UA_K_MULH;
    case UA_RV_DIV: case UA_RV_DIVU: case UA_RV_REM: case UA_RV_REMU: return UA_K_DIV;
    case UA_RV_FENCE: case UA_RV_FENCE_I: case UA_RV_ECALL: case UA_RV_EBREAK: case UA_RV_MRET: case UA_RV_WFI:
        return UA_K_SYSTEM;
    case UA_RV_CSRRW: case UA_RV_CSRRS: case UA_RV_CSRRC: case UA_RV_CSRRWI: case UA_RV_CSRRSI: case UA_RV_CSRRCI:
        return UA_K_CSR;
    default: return UA_K_ALU;
    }
}

static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (int32_t)((v ^ m) - m);
}

static bool set(struct ua_rv32 *o, enum ua_rv32_op op, unsigned rd, unsigned rs1, unsigned rs2, int32_t imm)
{
    o->op = op;
    o->kind = kind_of(op);
    o->rd = (uint8_t)rd;
    o->rs1 = (uint8_t)rs1;
    o->rs2 = (uint8_t)rs2;
    o->imm = imm;
    switch (op) {
    case UA_RV_LB: case UA_RV_LBU: case UA_RV_SB: o->mem_bytes = 1; break;
    case UA_RV_LH: case UA_RV_LHU: case UA_RV_SH: o->mem_bytes = 2; break;
    case UA_RV_LW: case UA_RV_SW: o->mem_bytes = 4; break;
    default: o->mem_bytes = 0; break;
    }
    return op != UA_RV_ILLEGAL;
}

static bool illegal(struct ua_rv32 *o)
{
    return set(o, UA_RV_ILLEGAL, 0, 0, 0, 0);
}

static bool decode32(uint32_t w, struct ua_rv32 *o)
{
    unsigned rd = w >> 7 & 31, rs1 = w >> 15 & 31, rs2 = w >> 20 & 31, f3 = w >> 12 & 7, f7 = w >> 25;
    int32_t ii = (int32_t)w >> 20;
    switch (w & 0x7f) {
    case 0x37: return set(o, UA_RV_LUI, rd, 0, 0, (int32_t)(w & 0xfffff000u));
    case 0x17: return set(o, UA_RV_AUIPC, rd, 0, 0, (int32_t)(w & 0xfffff000u));
    case 0x6f: {
        uint32_t v = (w >> 31 & 1) << 20 | (w >> 12 & 255) << 12 | (w >> 20 & 1) << 11 | (w >> 21 & 1023) << 1;
        return set(o, UA_RV_JAL, rd, 0, 0, sext(v, 21));
    }
    case 0x67:
        return f3 ? illegal(o) : set(o, UA_RV_JALR, rd, rs1, 0, ii);
    case 0x63: {
        static const enum ua_rv32_op bm[8] = {UA_RV_BEQ, UA_RV_BNE, UA_RV_ILLEGAL, UA_RV_ILLEGAL,
                                              UA_RV_BLT, UA_RV_BGE, UA_RV_BLTU, UA_RV_BGEU};
        uint32_t v = (w >> 31 & 1) << 12 | (w >> 7 & 1) << 11 | (w >> 25 & 63) << 5 | (w >> 8 & 15) << 1;
        return set(o, bm[f3], 0, rs1, rs2, sext(v, 13));
    }
    case 0x03: {
        static const enum ua_rv32_op lm[8] = {UA_RV_LB, UA_RV_LH, UA_RV_LW, UA_RV_ILLEGAL,
                                              UA_RV_LBU, UA_RV_LHU, UA_RV_ILLEGAL, UA_RV_ILLEGAL};
        return set(o, lm[f3], rd, rs1, 0, ii);
    }
    case 0x23: {
        static const enum ua_rv32_op sm[8] = {UA_RV_SB, UA_RV_SH, UA_RV_SW, UA_RV_ILLEGAL,
                                              UA_RV_ILLEGAL, UA_RV_ILLEGAL, UA_RV_ILLEGAL, UA_RV_ILLEGAL};
        return set(o, sm[f3], 0, rs1, rs2, sext((w >> 25) << 5 | (w >> 7 & 31), 12));
    }
    case 0x13:
        switch (f3) {
        case 0: return set(o, UA_RV_ADDI, rd, rs1, 0, ii);
        case 2: return set(o, UA_RV_SLTI, rd, rs1, 0, ii);
        case 3: return set(o, UA_RV_SLTIU, rd, rs1, 0, ii);
        case 4: return set(o, UA_RV_XORI, rd, rs1, 0, ii);
        case 6: return set(o, UA_RV_ORI, rd, rs1, 0, ii);
        case 7: return set(o, UA_RV_ANDI, rd, rs1, 0, ii);
        case 1: return f7 ? illegal(o) : set(o, UA_RV_SLLI, rd, rs1, 0, (int32_t)rs2);
        default:
            if (f7 == 0)
                return set(o, UA_RV_SRLI, rd, rs1, 0, (int32_t)rs2);
            return f7 == 0x20 ? set(o, UA_RV_SRAI, rd, rs1, 0, (int32_t)rs2) : illegal(o);
        }
    case 0x33:
        if (f7 == 1) {
            static const enum ua_rv32_op mm[8] = {UA_RV_MUL, UA_RV_MULH, UA_RV_MULHSU, UA_RV_MULHU,
                                                  UA_RV_DIV, UA_RV_DIVU, UA_RV_REM, UA_RV_REMU};
            return set(o, mm[f3], rd, rs1, rs2, 0);
        }
        if (f7 == 0) {
            static const enum ua_rv32_op am[8] = {UA_RV_ADD, UA_RV_SLL, UA_RV_SLT, UA_RV_SLTU,
                                                  UA_RV_XOR, UA_RV_SRL, UA_RV_OR, UA_RV_AND};
            return set(o, am[f3], rd, rs1, rs2, 0);
        }
        if (f7 == 0x20 && (f3 == 0 || f3 == 5))
            return set(o, f3 ? UA_RV_SRA : UA_RV_SUB, rd, rs1, rs2, 0);
        return illegal(o);
    case 0x0f:
        if (f3 == 0)
            return set(o, UA_RV_FENCE, 0, 0, 0, 0);
        return f3 == 1 ? set(o, UA_RV_FENCE_I, 0, 0, 0, 0) : illegal(o);
    case 0x73:
        switch (f3) {
        case 0:
            switch (w) {
            case 0x00000073u: return set(o, UA_RV_ECALL, 0, 0, 0, 0);
            case 0x00100073u: return set(o, UA_RV_EBREAK, 0, 0, 0, 0);
            case 0x30200073u: return set(o, UA_RV_MRET, 0, 0, 0, 0);
            case 0x10500073u: return set(o, UA_RV_WFI, 0, 0, 0, 0);
            default: return illegal(o);
            }
        case 1: return set(o, UA_RV_CSRRW, rd, rs1, 0, (int32_t)(w >> 20));
        case 2: return set(o, UA_RV_CSRRS, rd, rs1, 0, (int32_t)(w >> 20));
        case 3: return set(o, UA_RV_CSRRC, rd, rs1, 0, (int32_t)(w >> 20));
        case 5: return set(o, UA_RV_CSRRWI, rd, 0, 0, (int32_t)(w >> 20));
        case 6: return set(o, UA_RV_CSRRSI, rd, 0, 0, (int32_t)(w >> 20));
        case 7: return set(o, UA_RV_CSRRCI, rd, 0, 0, (int32_t)(w >> 20));
        default: return illegal(o);
        }
    default:
        return illegal(o);
    }
}

/* The compressed register fields rd', rs1', rs2' name x8..x15. */
static unsigned creg(uint32_t v) { return 8 + (v & 7); }

static bool decode16(uint32_t c, struct ua_rv32 *o)
{
    unsigned f3 = c >> 13 & 7, b12 = c >> 12 & 1;
    unsigned r = c >> 7 & 31, r2 = c >> 2 & 31;        /* full register fields */
    unsigned rp = creg(c >> 7), r2p = creg(c >> 2);    /* rd'/rs1' (9:7), rs2'/rd' (4:2) */
    uint32_t imm6 = b12 << 5 | (c >> 2 & 31);
    switch (c & 3) {
    case 0:
        switch (f3) {
        case 0: {
            uint32_t v = (c >> 11 & 3) << 4 | (c >> 7 & 15) << 6 | (c >> 6 & 1) << 2 | (c >> 5 & 1) << 3;
            return v ? set(o, UA_RV_ADDI, r2p, 2, 0, (int32_t)v) : illegal(o);
        }
        case 2:
        case 6: {
            uint32_t v = (c >> 10 & 7) << 3 | (c >> 6 & 1) << 2 | (c >> 5 & 1) << 6;
            return f3 == 2 ? set(o, UA_RV_LW, r2p, rp, 0, (int32_t)v) : set(o, UA_RV_SW, 0, rp, r2p, (int32_t)v);
        }
        default:
            return illegal(o);
        }
    case 1:
        switch (f3) {
        case 0: return set(o, UA_RV_ADDI, r, r, 0, sext(imm6, 6));
        case 1:
        case 5: {
            uint32_t v = b12 << 11 | (c >> 11 & 1) << 4 | (c >> 9 & 3) << 8 | (c >> 8 & 1) << 10 | (c >> 7 & 1) << 6 |
                         (c >> 6 & 1) << 7 | (c >> 3 & 7) << 1 | (c >> 2 & 1) << 5;
            return set(o, UA_RV_JAL, f3 == 1 ? 1 : 0, 0, 0, sext(v, 12));
        }
        case 2: return set(o, UA_RV_ADDI, r, 0, 0, sext(imm6, 6));
        case 3:
            if (r == 2) {
                uint32_t v = b12 << 9 | (c >> 6 & 1) << 4 | (c >> 5 & 1) << 6 | (c >> 3 & 3) << 7 | (c >> 2 & 1) << 5;
                return v ? set(o, UA_RV_ADDI, 2, 2, 0, sext(v, 10)) : illegal(o);
            }
            return imm6 ? set(o, UA_RV_LUI, r, 0, 0, sext(imm6, 6) * 4096) : illegal(o);
        case 4:
            switch (c >> 10 & 3) {
            case 0: return b12 ? illegal(o) : set(o, UA_RV_SRLI, rp, rp, 0, (int32_t)imm6);
            case 1: return b12 ? illegal(o) : set(o, UA_RV_SRAI, rp, rp, 0, (int32_t)imm6);
            case 2: return set(o, UA_RV_ANDI, rp, rp, 0, sext(imm6, 6));
            default: {
                static const enum ua_rv32_op am[4] = {UA_RV_SUB, UA_RV_XOR, UA_RV_OR, UA_RV_AND};
                return b12 ? illegal(o) : set(o, am[c >> 5 & 3], rp, rp, r2p, 0);
            }
            }
        default: { /* 6: c.beqz, 7: c.bnez */
            uint32_t v = b12 << 8 | (c >> 10 & 3) << 3 | (c >> 5 & 3) << 6 | (c >> 3 & 3) << 1 | (c >> 2 & 1) << 5;
            return set(o, f3 == 6 ? UA_RV_BEQ : UA_RV_BNE, 0, rp, 0, sext(v, 9));
        }
        }
    case 2:
        switch (f3) {
        case 0: return b12 ? illegal(o) : set(o, UA_RV_SLLI, r, r, 0, (int32_t)imm6);
        case 2: {
            uint32_t v = b12 << 5 | (c >> 4 & 7) << 2 | (c >> 2 & 3) << 6;
            return r ? set(o, UA_RV_LW, r, 2, 0, (int32_t)v) : illegal(o);
        }
        case 4:
            if (!b12) {
                if (!r2)
                    return r ? set(o, UA_RV_JALR, 0, r, 0, 0) : illegal(o);
                return set(o, UA_RV_ADD, r, 0, r2, 0);
            }
            if (!r2) {
                if (!r)
                    return set(o, UA_RV_EBREAK, 0, 0, 0, 0);
                return set(o, UA_RV_JALR, 1, r, 0, 0);
            }
            return set(o, UA_RV_ADD, r, r, r2, 0);
        case 6: {
            uint32_t v = (c >> 9 & 15) << 2 | (c >> 7 & 3) << 6;
            return set(o, UA_RV_SW, 0, 2, r2, (int32_t)v);
        }
        default:
            return illegal(o);
        }
    default:
        return illegal(o);
    }
}

bool ua_rv32_decode(const uint8_t *p, size_t avail, struct ua_rv32 *o)
{
    memset(o, 0, sizeof *o); /* padding too: core states that hold it are compared byte by byte */
    o->size = 2;
    o->bits = 0;
    if (avail < 2)
        return illegal(o);
    uint32_t lo = (uint32_t)p[0] | (uint32_t)p[1] << 8;
    if ((lo & 3) != 3) {
        o->bits = lo;
        return decode16(lo, o);
    }
    o->size = 4;
    if (avail < 4)
        return illegal(o);
    uint32_t w = lo | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    o->bits = w;
    return decode32(w, o);
}
