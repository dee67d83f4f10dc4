/* vta_tokens.c — the token function (the paper's Psi) of vta_run for
 * lpn/models/vta.yaml: one token per instruction, in program order, carrying
 * the decoded instruction as the model's `insn` properties:
 *   op, mem                       opcode and memory type (vta.h numbering)
 *   pop_prev pop_next push_prev push_next   the dependency flags
 *   rows, bytes, pad              LOAD/STORE: DRAM rows, DRAM bytes moved,
 *                                 SRAM elements written as zero padding
 *   iters                         GEMM/ALU: micro-op iterations,
 *                                 iter_out * iter_in * (uop_end - uop_bgn) */
#include "bench.h"
#include "lpnest.h"
#include "vta.h"

/* Bare builds (qemu) have no lpnest_token: the token function is never
 * called there, and a weak reference links without a definition. */
#pragma weak lpnest_token

static unsigned elem_bytes(unsigned mem)
{
    switch (mem) {
    case VTA_MEM_UOP: return VTA_UOP_BYTES;
    case VTA_MEM_WGT: return VTA_WGT_BYTES;
    case VTA_MEM_INP: return VTA_INP_BYTES;
    case VTA_MEM_ACC: return VTA_ACC_BYTES;
    default: return VTA_OUT_BYTES;
    }
}

__attribute__((used, noinline)) int vta_run_tokens(const struct vta_insn *insns, uint32_t count, uint8_t *dram)
{
    (void)dram;
    for (uint32_t i = 0; i < count; i++) {
        const struct vta_insn *in = &insns[i];
        long long rows = 0, bytes = 0, pad = 0, iters = 0;
        if (in->opcode == VTA_OP_LOAD || in->opcode == VTA_OP_STORE) {
            long long data = (long long)in->y_size * in->x_size;
            rows = in->y_size;
            bytes = data * elem_bytes(in->mem);
            pad = (long long)(in->y_pad0 + in->y_size + in->y_pad1) * (in->x_pad0 + in->x_size + in->x_pad1) - data;
        } else if (in->opcode == VTA_OP_GEMM || in->opcode == VTA_OP_ALU) {
            iters = (long long)in->iter_out * in->iter_in * (in->uop_end - in->uop_bgn);
        }
        LPNEST_TOKEN("start", {"op", in->opcode}, {"mem", in->mem}, {"pop_prev", in->pop_prev},
                     {"pop_next", in->pop_next}, {"push_prev", in->push_prev}, {"push_next", in->push_next},
                     {"rows", rows}, {"bytes", bytes}, {"pad", pad}, {"iters", iters});
    }
    return (int)count;
}
