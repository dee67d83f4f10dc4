/* ua_rv32.h — RV32IMC (RV32I, M, Zicsr, Zifencei, C/Zca) instructions decoded
 * for the timing models of the uarch layer (uarch.h), the machine-code layout
 * (lower_layout.c) and the runtime-routine interpreter (routine_rv32.c): size,
 * what kind of work the instruction does, the registers it writes and reads,
 * its immediate. A compressed instruction is decoded as the 32-bit instruction
 * it expands to (c.li rd, imm is addi rd, x0, imm), as the cores' decoders do. */
#ifndef LPNEST_UA_RV32_H
#define LPNEST_UA_RV32_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The base instruction (its mnemonic: ua_rv32_name). */
enum ua_rv32_op {
    UA_RV_ILLEGAL,
    UA_RV_LUI, UA_RV_AUIPC, UA_RV_JAL, UA_RV_JALR,
    UA_RV_BEQ, UA_RV_BNE, UA_RV_BLT, UA_RV_BGE, UA_RV_BLTU, UA_RV_BGEU,
    UA_RV_LB, UA_RV_LH, UA_RV_LW, UA_RV_LBU, UA_RV_LHU, UA_RV_SB, UA_RV_SH, UA_RV_SW,
    UA_RV_ADDI, UA_RV_SLTI, UA_RV_SLTIU, UA_RV_XORI, UA_RV_ORI, UA_RV_ANDI, UA_RV_SLLI, UA_RV_SRLI, UA_RV_SRAI,
    UA_RV_ADD, UA_RV_SUB, UA_RV_SLL, UA_RV_SLT, UA_RV_SLTU, UA_RV_XOR, UA_RV_SRL, UA_RV_SRA, UA_RV_OR, UA_RV_AND,
    UA_RV_MUL, UA_RV_MULH, UA_RV_MULHSU, UA_RV_MULHU, UA_RV_DIV, UA_RV_DIVU, UA_RV_REM, UA_RV_REMU,
    UA_RV_FENCE, UA_RV_FENCE_I, UA_RV_ECALL, UA_RV_EBREAK, UA_RV_MRET, UA_RV_WFI,
    UA_RV_CSRRW, UA_RV_CSRRS, UA_RV_CSRRC, UA_RV_CSRRWI, UA_RV_CSRRSI, UA_RV_CSRRCI,
    UA_RV__N
};

/* What the timing models care about. */
enum ua_rv32_kind {
    UA_K_ALU,       /* integer computation, lui, auipc */
    UA_K_LOAD,
    UA_K_STORE,
    UA_K_BRANCH,    /* conditional, direct */
    UA_K_JAL,       /* direct jump or call */
    UA_K_JALR,      /* jump or call through a register (ret, jr, jalr) */
    UA_K_MUL,       /* mul: the low word */
    UA_K_MULH,      /* mulh, mulhsu, mulhu */
    UA_K_DIV,       /* div, divu, rem, remu */
    UA_K_CSR,
    UA_K_SYSTEM,    /* fence, fence.i, ecall, ebreak, mret, wfi */
    UA_K_ILLEGAL,
};

struct ua_rv32 {
    enum ua_rv32_op op;
    enum ua_rv32_kind kind;
    uint8_t size;        /* 2 (compressed) or 4 bytes */
    uint8_t rd;          /* register written, 0 when none (x0) */
    uint8_t rs1, rs2;    /* registers read (0: not read, or x0) */
    uint8_t mem_bytes;   /* loads and stores: 1, 2 or 4 */
    int32_t imm;         /* immediate (branch and jump offsets in bytes; csr number for CSR accesses) */
    uint32_t bits;       /* the encoding: 16 bits for a compressed instruction */
};

/* Decodes the instruction at P (little-endian, AVAIL bytes readable). An
 * instruction that is not one of RV32IMC's (or needs more bytes than
 * AVAIL) is UA_RV_ILLEGAL / UA_K_ILLEGAL with its size from its low bits;
 * returns false then. */
bool ua_rv32_decode(const uint8_t *p, size_t avail, struct ua_rv32 *out);
/* The size of the instruction whose low half-word is LO: 2 or 4. */
static inline unsigned ua_rv32_size(uint16_t lo) { return (lo & 3) == 3 ? 4 : 2; }
/* The base mnemonic ("addi", "jal", "csrrs", "fence.i"). */
const char *ua_rv32_name(enum ua_rv32_op op);

#endif
