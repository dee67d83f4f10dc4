/* vta.h — a VTA-like tensor accelerator (Apache VTA's shape, seed 000 §5.1):
 * an instruction stream in DRAM is fetched and dispatched to three decoupled
 * modules — load (input and weight tiles into on-chip SRAM), compute (GEMM
 * and ALU over micro-op loops on the accumulators, plus micro-op and bias
 * loads) and store (output tiles to DRAM) — that synchronise only through
 * four dependency-token queues (load->compute, compute->load,
 * compute->store, store->compute), set by four flags on every instruction.
 *
 * vta_run executes such a stream functionally (the accelerator's software
 * model, run by the processor when the call is not offloaded); an lpnest
 * system file offloads it to lpn/models/vta.yaml, whose input tokens come from
 * vta_run_tokens (one token per instruction). The encoding here is this
 * project's own (a C struct, not VTA's 128-bit words), with VTA's fields. */
#ifndef OFFLOAD_VTA_H
#define OFFLOAD_VTA_H

#include <stdint.h>

#define VTA_BLOCK 16        /* BLOCK_IN = BLOCK_OUT: a GEMM step is 1x16 by 16x16 */
#define VTA_INP_DEPTH 256   /* input buffer: tiles of 16 int8 */
#define VTA_WGT_DEPTH 64    /* weight buffer: tiles of 16x16 int8 */
#define VTA_ACC_DEPTH 256   /* accumulators: tiles of 16 int32; the output buffer
                             * (16 int8, the low bytes) has the same indices */
#define VTA_UOP_DEPTH 512   /* micro-op cache */

enum vta_opcode { VTA_OP_LOAD = 0, VTA_OP_STORE = 1, VTA_OP_GEMM = 2, VTA_OP_FINISH = 3, VTA_OP_ALU = 4 };
/* Memory types of LOAD/STORE, and the DRAM element size of each: DRAM
 * addresses (dram_base) count elements of the instruction's type. */
enum vta_mem { VTA_MEM_UOP = 0, VTA_MEM_WGT = 1, VTA_MEM_INP = 2, VTA_MEM_ACC = 3, VTA_MEM_OUT = 4 };
#define VTA_UOP_BYTES 4
#define VTA_WGT_BYTES (VTA_BLOCK * VTA_BLOCK)
#define VTA_INP_BYTES VTA_BLOCK
#define VTA_ACC_BYTES (VTA_BLOCK * 4) /* little-endian int32 */
#define VTA_OUT_BYTES VTA_BLOCK
enum vta_alu { VTA_ALU_MIN = 0, VTA_ALU_MAX = 1, VTA_ALU_ADD = 2, VTA_ALU_SHR = 3 };

struct vta_insn {
    uint8_t opcode;                 /* enum vta_opcode */
    /* dependency flags: wait for / signal the module before (prev) or after
     * (next) this one in the load -> compute -> store chain */
    uint8_t pop_prev, pop_next, push_prev, push_next;
    /* LOAD / STORE: a 2-D block of y_size rows of x_size elements, rows
     * x_stride elements apart in DRAM, stored densely in SRAM from sram_base;
     * LOAD of INP adds zero padding around it (pads count SRAM elements). */
    uint8_t mem;                    /* enum vta_mem */
    uint16_t sram_base;
    uint32_t dram_base;
    uint16_t y_size, x_size, x_stride;
    uint8_t y_pad0, y_pad1, x_pad0, x_pad1;
    /* GEMM / ALU: for i0 < iter_out, i1 < iter_in, u in [uop_bgn, uop_end):
     * the micro-op's accumulator (dst), input or accumulator (src) and weight
     * (wgt) indices plus i0 * *_out + i1 * *_in. */
    uint8_t reset;                  /* GEMM: zero the accumulators */
    uint8_t alu_op, use_imm;        /* ALU: enum vta_alu, immediate operand */
    int16_t imm;
    uint16_t uop_bgn, uop_end;
    uint16_t iter_out, iter_in;
    uint16_t dst_out, dst_in, src_out, src_in, wgt_out, wgt_in;
};

/* A micro-op as stored in DRAM (32 bits, little-endian): dst 11 bits, src 11
 * bits, wgt 10 bits. */
static inline uint32_t vta_uop(unsigned dst, unsigned src, unsigned wgt)
{
    return (uint32_t)(dst & 0x7FF) | (uint32_t)(src & 0x7FF) << 11 | (uint32_t)(wgt & 0x3FF) << 22;
}

enum vta_status {
    VTA_OK = 0,
    VTA_EINSN = -1,  /* a bad opcode, memory type or flag for the module */
    VTA_ERANGE = -2, /* an SRAM index out of range */
    VTA_EDEP = -3    /* a pop with no token pushed before it, or tokens left at the end */
};

/* Runs the COUNT instructions at INSNS against DRAM (the accelerator's view of
 * memory: every dram_base is relative to it). Executes them in program order,
 * which is one legal schedule of the decoupled modules, and checks that the
 * dependency flags are consistent (every pop has an earlier push, nothing is
 * left in a queue after the last instruction). Returns VTA_OK or a negative
 * vta_status. The SRAM buffers persist between calls, as on the device. */
int vta_run(const struct vta_insn *insns, uint32_t count, uint8_t *dram);

/* Token function of vta_run (same parameters): one LPNEST_TOKEN per
 * instruction into vta.yaml's `start` place, with its decoded properties
 * (op, mem, the four flags, rows, bytes, pad, iters). Returns the number of
 * tokens. */
int vta_run_tokens(const struct vta_insn *insns, uint32_t count, uint8_t *dram);

#endif
