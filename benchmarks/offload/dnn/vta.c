/* vta.c — functional model of the VTA-like accelerator of vta.h: executes an
 * instruction stream on its on-chip buffers (input, weight, accumulator,
 * output, micro-op) against the caller's DRAM, in program order, checking the
 * dependency-token protocol as it goes. Every multi-byte DRAM value is
 * little-endian, so big-endian hosts (PowerPC) compute the same bytes. */
#include "bench.h"
#include "vta.h"

static int8_t inp_buf[VTA_INP_DEPTH][VTA_BLOCK]; /* int8_t: two's complement by C11 */
static int8_t wgt_buf[VTA_WGT_DEPTH][VTA_BLOCK][VTA_BLOCK]; /* [out][in] */
static int32_t acc_buf[VTA_ACC_DEPTH][VTA_BLOCK];
static uint8_t out_buf[VTA_ACC_DEPTH][VTA_BLOCK];
static uint32_t uop_buf[VTA_UOP_DEPTH];

static inline uint32_t rd32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Two's-complement value of a 32-bit pattern, without implementation-defined
 * conversions. */
static inline int32_t as_i32(uint32_t u)
{
    return u < 0x80000000u ? (int32_t)u : -(int32_t)(~u) - 1;
}

static inline int32_t asr(int32_t x, unsigned s)
{
    return x >= 0 ? x >> s : ~(~x >> s);
}

/* LOAD: DRAM -> SRAM, 2-D with zero padding (INP only). */
static int do_load(const struct vta_insn *in, const uint8_t *dram)
{
    unsigned xt = in->x_pad0 + in->x_size + in->x_pad1, yt = in->y_pad0 + in->y_size + in->y_pad1;
    unsigned elems = xt * yt, depth, bytes;
    switch (in->mem) {
    case VTA_MEM_INP: depth = VTA_INP_DEPTH, bytes = VTA_INP_BYTES; break;
    case VTA_MEM_WGT: depth = VTA_WGT_DEPTH, bytes = VTA_WGT_BYTES; break;
    case VTA_MEM_ACC: depth = VTA_ACC_DEPTH, bytes = VTA_ACC_BYTES; break;
    case VTA_MEM_UOP: depth = VTA_UOP_DEPTH, bytes = VTA_UOP_BYTES; break;
    default: return VTA_EINSN;
    }
    if (in->mem != VTA_MEM_INP && (in->x_pad0 | in->x_pad1 | in->y_pad0 | in->y_pad1))
        return VTA_EINSN;
    if ((unsigned)in->sram_base + elems > depth)
        return VTA_ERANGE;
    unsigned s = in->sram_base;
    for (unsigned y = 0; y < yt; y++) {
        for (unsigned x = 0; x < xt; x++, s++) {
            int pad = y < in->y_pad0 || y >= in->y_pad0 + in->y_size || x < in->x_pad0 ||
                      x >= in->x_pad0 + in->x_size;
            const uint8_t *src = pad ? NULL
                                     : dram + ((size_t)in->dram_base + (size_t)(y - in->y_pad0) * in->x_stride +
                                               (x - in->x_pad0)) * bytes;
            switch (in->mem) {
            case VTA_MEM_INP:
                if (pad)
                    memset(inp_buf[s], 0, VTA_BLOCK);
                else
                    memcpy(inp_buf[s], src, VTA_BLOCK);
                break;
            case VTA_MEM_WGT:
                memcpy(wgt_buf[s], src, VTA_WGT_BYTES);
                break;
            case VTA_MEM_ACC:
                for (unsigned k = 0; k < VTA_BLOCK; k++)
                    acc_buf[s][k] = as_i32(rd32le(src + 4 * k));
                break;
            default:
                uop_buf[s] = rd32le(src);
                break;
            }
        }
    }
    return VTA_OK;
}

/* STORE: output buffer -> DRAM. */
static int do_store(const struct vta_insn *in, uint8_t *dram)
{
    if (in->mem != VTA_MEM_OUT)
        return VTA_EINSN;
    if ((unsigned)in->sram_base + (unsigned)in->y_size * in->x_size > VTA_ACC_DEPTH)
        return VTA_ERANGE;
    unsigned s = in->sram_base;
    for (unsigned y = 0; y < in->y_size; y++)
        for (unsigned x = 0; x < in->x_size; x++, s++)
            memcpy(dram + ((size_t)in->dram_base + (size_t)y * in->x_stride + x) * VTA_OUT_BYTES, out_buf[s],
                   VTA_BLOCK);
    return VTA_OK;
}

/* GEMM and ALU: the two-level loop over a range of micro-ops. */
static int do_compute(const struct vta_insn *in)
{
    if (in->uop_bgn > in->uop_end || in->uop_end > VTA_UOP_DEPTH)
        return VTA_ERANGE;
    int gemm = in->opcode == VTA_OP_GEMM;
    if (!gemm && (in->alu_op > VTA_ALU_SHR || (in->alu_op == VTA_ALU_SHR && (!in->use_imm || in->imm < 0 || in->imm > 31))))
        return VTA_EINSN;
    for (unsigned i0 = 0; i0 < in->iter_out; i0++) {
        for (unsigned i1 = 0; i1 < in->iter_in; i1++) {
            for (unsigned u = in->uop_bgn; u < in->uop_end; u++) {
                uint32_t uop = uop_buf[u];
                unsigned dst = (uop & 0x7FF) + i0 * in->dst_out + i1 * in->dst_in;
                unsigned src = (uop >> 11 & 0x7FF) + i0 * in->src_out + i1 * in->src_in;
                unsigned wgt = (uop >> 22) + i0 * in->wgt_out + i1 * in->wgt_in;
                if (dst >= VTA_ACC_DEPTH)
                    return VTA_ERANGE;
                int32_t *acc = acc_buf[dst];
                if (gemm && in->reset) {
                    memset(acc, 0, sizeof acc_buf[0]);
                } else if (gemm) {
                    if (src >= VTA_INP_DEPTH || wgt >= VTA_WGT_DEPTH)
                        return VTA_ERANGE;
                    const int8_t *x = inp_buf[src];
                    for (unsigned o = 0; o < VTA_BLOCK; o++) {
                        const int8_t *w = wgt_buf[wgt][o];
                        int32_t sum = 0;
                        for (unsigned k = 0; k < VTA_BLOCK; k++)
                            sum += x[k] * w[k];
                        acc[o] += sum;
                    }
                } else {
                    if (!in->use_imm && src >= VTA_ACC_DEPTH)
                        return VTA_ERANGE;
                    for (unsigned o = 0; o < VTA_BLOCK; o++) {
                        int32_t a = acc[o], b = in->use_imm ? in->imm : acc_buf[src][o];
                        switch (in->alu_op) {
                        case VTA_ALU_MIN: acc[o] = a < b ? a : b; break;
                        case VTA_ALU_MAX: acc[o] = a > b ? a : b; break;
                        case VTA_ALU_ADD: acc[o] = (int32_t)((uint32_t)a + (uint32_t)b); break;
                        default: acc[o] = asr(a, (unsigned)b); break;
                        }
                    }
                }
                for (unsigned o = 0; o < VTA_BLOCK; o++)
                    out_buf[dst][o] = (uint8_t)acc[o]; /* the low byte */
            }
        }
    }
    return VTA_OK;
}

/* The module an instruction is dispatched to: 0 load, 1 compute, 2 store. */
static int module_of(const struct vta_insn *in)
{
    if (in->opcode == VTA_OP_LOAD)
        return in->mem == VTA_MEM_INP || in->mem == VTA_MEM_WGT ? 0 : 1;
    return in->opcode == VTA_OP_STORE ? 2 : 1;
}

__attribute__((noinline)) int vta_run(const struct vta_insn *insns, uint32_t count, uint8_t *dram)
{
    /* dependency queues: load->compute, compute->load, compute->store, store->compute */
    unsigned l2c = 0, c2l = 0, c2s = 0, s2c = 0;
    for (uint32_t i = 0; i < count; i++) {
        const struct vta_insn *in = &insns[i];
        int m = module_of(in), rc;
        unsigned *pop_prev = m == 1 ? &l2c : m == 2 ? &c2s : NULL;
        unsigned *pop_next = m == 0 ? &c2l : m == 1 ? &s2c : NULL;
        unsigned *push_prev = m == 1 ? &c2l : m == 2 ? &s2c : NULL;
        unsigned *push_next = m == 0 ? &l2c : m == 1 ? &c2s : NULL;
        if ((in->pop_prev && !pop_prev) || (in->pop_next && !pop_next) || (in->push_prev && !push_prev) ||
            (in->push_next && !push_next))
            return VTA_EINSN; /* load has no previous module, store no next one */
        if ((in->pop_prev && !*pop_prev) || (in->pop_next && !*pop_next))
            return VTA_EDEP;
        if (in->pop_prev)
            --*pop_prev;
        if (in->pop_next)
            --*pop_next;
        switch (in->opcode) {
        case VTA_OP_LOAD: rc = do_load(in, dram); break;
        case VTA_OP_STORE: rc = do_store(in, dram); break;
        case VTA_OP_GEMM:
        case VTA_OP_ALU: rc = do_compute(in); break;
        case VTA_OP_FINISH: rc = VTA_OK; break;
        default: rc = VTA_EINSN; break;
        }
        if (rc)
            return rc;
        if (in->push_prev)
            ++*push_prev;
        if (in->push_next)
            ++*push_next;
    }
    return l2c | c2l | c2s | s2c ? VTA_EDEP : VTA_OK;
}
