/* dnn.c — the DNN inference application of lpnest's offload examples: a
 * small int8 network (conv 3x3 16->16, conv 3x3 16->32, 2x2 max pool, dense
 * 512->10; parameters from gen_dnn.py in dnn_params.h) run on three inputs.
 * The processor lays out tensors in the accelerator's DRAM, builds each
 * layer's VTA-like instruction stream and micro-ops (build_conv, build_fc),
 * then calls vta_run — the call an lpnest system file offloads to
 * lpn/models/vta.yaml — and does the max pooling and the final argmax in
 * software. Prints, per input, checksums of every activation map, the logits
 * and the class: exactly what dnn_ref.py prints. Exit status 1 if the
 * accelerator reports an error.
 *
 * Built with -DLPNEST_NATIVE_TOKENS (native only, with lpnest_native.c) it
 * also calls the token function before every vta_run, as lpnest would. */
#include "bench.h"
#include "dnn_params.h"
#include "vta.h"

#ifdef LPNEST_NATIVE_TOKENS
#define OFFLOAD_TOKENS(call) ((void)(call))
#else
#define OFFLOAD_TOKENS(call) ((void)0)
#endif

#define B VTA_BLOCK
#define ROWS 2 /* output rows per conv tile: 4 tiles per layer, double-buffered */

/* The accelerator's DRAM: byte offsets of every region (each a multiple of its
 * element size, so that dram_base = offset / element bytes). */
#define UOP_OFF 0
#define WGT1_OFF (UOP_OFF + VTA_UOP_DEPTH * VTA_UOP_BYTES)
#define WGT2_OFF (WGT1_OFF + 9 * (DNN_C1 / B) * (DNN_C0 / B) * VTA_WGT_BYTES)
#define WGTF_OFF (WGT2_OFF + 9 * (DNN_C2 / B) * (DNN_C1 / B) * VTA_WGT_BYTES)
#define FC_TILES ((DNN_H / 2) * (DNN_W / 2) * DNN_C2 / B)
#define BIAS1_OFF (WGTF_OFF + FC_TILES * VTA_WGT_BYTES)
#define BIAS2_OFF (BIAS1_OFF + (DNN_C1 / B) * VTA_ACC_BYTES)
#define BIASF_OFF (BIAS2_OFF + (DNN_C2 / B) * VTA_ACC_BYTES)
#define ACT0_OFF (BIASF_OFF + VTA_ACC_BYTES)
#define ACT1_OFF (ACT0_OFF + DNN_H * DNN_W * DNN_C0)
#define ACT2_OFF (ACT1_OFF + DNN_H * DNN_W * DNN_C1)
#define POOL_OFF (ACT2_OFF + DNN_H * DNN_W * DNN_C2)
#define FCO_OFF (POOL_OFF + FC_TILES * B)
#define DRAM_BYTES (FCO_OFF + B)

static _Alignas(16) uint8_t dram[DRAM_BYTES];

/* An instruction stream under construction. */
struct prog {
    struct vta_insn insn[64];
    uint32_t n;
};

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}

static inline int32_t sbyte(uint8_t b)
{
    return (int32_t)b - ((int32_t)(b & 0x80) << 1);
}

static void put32le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static void put_uop(unsigned idx, unsigned dst, unsigned src, unsigned wgt)
{
    put32le(dram + UOP_OFF + idx * VTA_UOP_BYTES, vta_uop(dst, src, wgt));
}

static struct vta_insn *emit(struct prog *p, unsigned opcode)
{
    if (p->n >= sizeof p->insn / sizeof p->insn[0]) {
        printf("instruction buffer full\n");
        exit(1);
    }
    struct vta_insn *in = &p->insn[p->n++];
    memset(in, 0, sizeof *in);
    in->opcode = (uint8_t)opcode;
    return in;
}

/* LOAD or STORE of Y rows of X elements, rows STRIDE apart in DRAM. */
static struct vta_insn *emit_mem(struct prog *p, unsigned opcode, unsigned mem, unsigned sram, uint32_t dram_elem,
                                 unsigned y, unsigned x, unsigned stride)
{
    struct vta_insn *in = emit(p, opcode);
    in->mem = (uint8_t)mem;
    in->sram_base = (uint16_t)sram;
    in->dram_base = dram_elem;
    in->y_size = (uint16_t)y;
    in->x_size = (uint16_t)x;
    in->x_stride = (uint16_t)stride;
    return in;
}

/* GEMM or ALU over micro-ops [UB, UE) in an IO x II loop; the six index
 * factors in the order dst_out, dst_in, src_out, src_in, wgt_out, wgt_in. */
static struct vta_insn *emit_loop(struct prog *p, unsigned opcode, unsigned ub, unsigned ue, unsigned io,
                                  unsigned ii, const unsigned f[6])
{
    struct vta_insn *in = emit(p, opcode);
    in->uop_bgn = (uint16_t)ub, in->uop_end = (uint16_t)ue;
    in->iter_out = (uint16_t)io, in->iter_in = (uint16_t)ii;
    in->dst_out = (uint16_t)f[0], in->dst_in = (uint16_t)f[1];
    in->src_out = (uint16_t)f[2], in->src_in = (uint16_t)f[3];
    in->wgt_out = (uint16_t)f[4], in->wgt_in = (uint16_t)f[5];
    return in;
}

static struct vta_insn *emit_alu(struct prog *p, unsigned op, int imm, unsigned ub, unsigned ue, unsigned io,
                                 unsigned ii, const unsigned f[6])
{
    struct vta_insn *in = emit_loop(p, VTA_OP_ALU, ub, ue, io, ii, f);
    in->alu_op = (uint8_t)op;
    in->use_imm = 1;
    in->imm = (int16_t)imm;
    return in;
}

/* A 3x3 convolution, padding 1, stride 1, over an H x W map of CIB*16
 * channels into COB*16 channels, then + bias, >> SHIFT, clipped to 0..127
 * (ReLU). Tensors are NHWC in DRAM (16-channel tiles); weight tile
 * ((ob*9 + ky*3 + kx)*cib + cb) holds [o][i] of that block. The output is cut
 * into tiles of ROWS rows, double-buffered in SRAM: the load of tile t+2
 * waits until the GEMM of tile t has freed its input buffer, the compute of
 * tile t+2 until the store of tile t has drained its output buffer. */
static void build_conv(struct prog *p, unsigned h, unsigned w, unsigned cib, unsigned cob, unsigned inp_off,
                       unsigned wgt_off, unsigned bias_off, unsigned out_off, unsigned shift)
{
    unsigned tiles = h / ROWS;
    unsigned ib = (ROWS + 2) * (w + 2) * cib; /* input buffer of one tile */
    unsigned ab = ROWS * w * cob;             /* accumulators of one tile */
    unsigned bias = 2 * ab;                   /* bias tiles after both buffers */
    unsigned taps = 9 * cib * cob;
    unsigned ub = cob + taps + cob;           /* micro-ops of one buffer */
    /* micro-ops of buffer b: [0, cob) one per output block (reset, ALU with
     * an immediate), [cob, cob+taps) the GEMM taps, then the bias adds */
    for (unsigned b = 0; b < 2; b++) {
        unsigned u = b * ub;
        for (unsigned ob = 0; ob < cob; ob++)
            put_uop(u + ob, b * ab + ob, 0, 0);
        for (unsigned ky = 0; ky < 3; ky++)
            for (unsigned kx = 0; kx < 3; kx++)
                for (unsigned cb = 0; cb < cib; cb++)
                    for (unsigned ob = 0; ob < cob; ob++)
                        put_uop(u + cob + ((ky * 3 + kx) * cib + cb) * cob + ob, b * ab + ob,
                                b * ib + (ky * (w + 2) + kx) * cib + cb, ((ob * 9 + ky * 3 + kx) * cib + cb));
        for (unsigned ob = 0; ob < cob; ob++)
            put_uop(u + cob + taps + ob, b * ab + ob, bias + ob, 0);
    }
    p->n = 0;
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_WGT, 0, wgt_off / VTA_WGT_BYTES, 1, taps, taps);
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_UOP, 0, UOP_OFF / VTA_UOP_BYTES, 1, 2 * ub, 2 * ub);
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_ACC, bias, bias_off / VTA_ACC_BYTES, 1, cob, cob);
    const unsigned per_pixel[6] = {w * cob, cob, 0, 0, 0, 0};
    const unsigned gemm[6] = {w * cob, cob, (w + 2) * cib, cib, 0, 0};
    for (unsigned t = 0; t < tiles; t++) {
        unsigned b = t % 2, y0 = t * ROWS, u = b * ub;
        unsigned ypad0 = y0 == 0, ypad1 = y0 + ROWS == h;
        struct vta_insn *in = emit_mem(p, VTA_OP_LOAD, VTA_MEM_INP, b * ib,
                                       inp_off / VTA_INP_BYTES + (y0 - 1 + ypad0) * w * cib,
                                       ROWS + 2 - ypad0 - ypad1, w * cib, w * cib);
        in->y_pad0 = (uint8_t)ypad0, in->y_pad1 = (uint8_t)ypad1;
        in->x_pad0 = in->x_pad1 = (uint8_t)cib;
        in->pop_next = t >= 2;  /* the GEMM of tile t-2 is done with this buffer */
        in->push_next = 1;      /* input ready */
        in = emit_loop(p, VTA_OP_GEMM, u, u + cob, ROWS, w, per_pixel);
        in->reset = 1;
        in->pop_next = t >= 2;  /* the store of tile t-2 has drained this buffer */
        in = emit_loop(p, VTA_OP_GEMM, u + cob, u + cob + taps, ROWS, w, gemm);
        in->pop_prev = 1;       /* wait for the input */
        in->push_prev = t + 2 < tiles; /* input buffer free for the load of tile t+2 */
        emit_loop(p, VTA_OP_ALU, u + cob + taps, u + ub, ROWS, w, per_pixel)->alu_op = VTA_ALU_ADD;
        emit_alu(p, VTA_ALU_SHR, (int)shift, u, u + cob, ROWS, w, per_pixel);
        emit_alu(p, VTA_ALU_MAX, 0, u, u + cob, ROWS, w, per_pixel);
        emit_alu(p, VTA_ALU_MIN, 127, u, u + cob, ROWS, w, per_pixel)->push_next = 1; /* output ready */
        in = emit_mem(p, VTA_OP_STORE, VTA_MEM_OUT, b * ab, out_off / VTA_OUT_BYTES + y0 * w * cob, ROWS,
                      w * cob, w * cob);
        in->pop_prev = 1;
        in->push_prev = t + 2 < tiles || t + 1 == tiles; /* to compute t+2, or to FINISH */
    }
    emit(p, VTA_OP_FINISH)->pop_next = 1;
}

/* A dense layer over NT input tiles into one tile of 16 outputs: acc = bias +
 * sum_t inp[t] . wgt[t], >> SHIFT, clipped to -128..127. One pass, so the
 * modules only hand over once. */
static void build_fc(struct prog *p, unsigned nt, unsigned inp_off, unsigned wgt_off, unsigned bias_off,
                     unsigned out_off, unsigned shift)
{
    put_uop(0, 0, 0, 0); /* reset and ALU immediates: accumulator 0 */
    put_uop(1, 0, 0, 0); /* the GEMM step, looped over the input tiles */
    put_uop(2, 0, 1, 0); /* bias add: accumulator 1 holds the bias */
    const unsigned one[6] = {0, 0, 0, 0, 0, 0}, dot[6] = {0, 0, 0, 1, 0, 1};
    p->n = 0;
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_WGT, 0, wgt_off / VTA_WGT_BYTES, 1, nt, nt);
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_UOP, 0, UOP_OFF / VTA_UOP_BYTES, 1, 3, 3);
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_ACC, 1, bias_off / VTA_ACC_BYTES, 1, 1, 1);
    emit_mem(p, VTA_OP_LOAD, VTA_MEM_INP, 0, inp_off / VTA_INP_BYTES, 1, nt, nt)->push_next = 1;
    emit_loop(p, VTA_OP_GEMM, 0, 1, 1, 1, one)->reset = 1;
    emit_loop(p, VTA_OP_GEMM, 1, 2, 1, nt, dot)->pop_prev = 1;
    emit_loop(p, VTA_OP_ALU, 2, 3, 1, 1, one)->alu_op = VTA_ALU_ADD;
    emit_alu(p, VTA_ALU_SHR, (int)shift, 0, 1, 1, 1, one);
    emit_alu(p, VTA_ALU_MAX, -128, 0, 1, 1, 1, one);
    emit_alu(p, VTA_ALU_MIN, 127, 0, 1, 1, 1, one)->push_next = 1;
    struct vta_insn *in = emit_mem(p, VTA_OP_STORE, VTA_MEM_OUT, 0, out_off / VTA_OUT_BYTES, 1, 1, 1);
    in->pop_prev = 1;
    in->push_prev = 1;
    emit(p, VTA_OP_FINISH)->pop_next = 1;
}

/* Weight tiles [o][i] of a 3x3 convolution W[co][3][3][ci] (see build_conv). */
static void pack_conv_weights(unsigned off, const int8_t *wt, unsigned ci, unsigned co)
{
    unsigned cib = ci / B;
    for (unsigned ob = 0; ob < co / B; ob++)
        for (unsigned k = 0; k < 9; k++)
            for (unsigned cb = 0; cb < cib; cb++) {
                uint8_t *tile = dram + off + ((ob * 9 + k) * cib + cb) * VTA_WGT_BYTES;
                for (unsigned o = 0; o < B; o++)
                    for (unsigned i = 0; i < B; i++)
                        tile[o * B + i] = (uint8_t)wt[((ob * B + o) * 9 + k) * ci + cb * B + i];
            }
}

static void pack_bias(unsigned off, const int32_t *bias, unsigned n, unsigned tiles)
{
    for (unsigned k = 0; k < tiles * B; k++)
        put32le(dram + off + 4 * k, k < n ? (uint32_t)bias[k] : 0);
}

/* Software pre-processing, once: weights and biases into the accelerator's layout. */
static void pack_parameters(void)
{
    pack_conv_weights(WGT1_OFF, &conv1_w[0][0][0][0], DNN_C0, DNN_C1);
    pack_conv_weights(WGT2_OFF, &conv2_w[0][0][0][0], DNN_C1, DNN_C2);
    /* dense: tile t = input tile (pixel * C2/16 + cb), [o][i], outputs 10..15 zero */
    for (unsigned t = 0; t < FC_TILES; t++) {
        uint8_t *tile = dram + WGTF_OFF + t * VTA_WGT_BYTES;
        unsigned px = t / (DNN_C2 / B), cb = t % (DNN_C2 / B);
        for (unsigned o = 0; o < B; o++)
            for (unsigned i = 0; i < B; i++)
                tile[o * B + i] =
                    o < DNN_CLASSES ? (uint8_t)(&fc_w[o][0][0][0])[px * DNN_C2 + cb * B + i] : 0;
    }
    pack_bias(BIAS1_OFF, conv1_b, DNN_C1, DNN_C1 / B);
    pack_bias(BIAS2_OFF, conv2_b, DNN_C2, DNN_C2 / B);
    pack_bias(BIASF_OFF, fc_b, DNN_CLASSES, 1);
}

/* Software: 2x2 max pooling of the conv2 output (NHWC) into the dense layer's input. */
static void maxpool(void)
{
    for (unsigned y = 0; y < DNN_H / 2; y++)
        for (unsigned x = 0; x < DNN_W / 2; x++)
            for (unsigned c = 0; c < DNN_C2; c++) {
                int32_t m = -128;
                for (unsigned dy = 0; dy < 2; dy++)
                    for (unsigned dx = 0; dx < 2; dx++) {
                        int32_t v = sbyte(dram[ACT2_OFF + ((2 * y + dy) * DNN_W + 2 * x + dx) * DNN_C2 + c]);
                        m = v > m ? v : m;
                    }
                dram[POOL_OFF + (y * (DNN_W / 2) + x) * DNN_C2 + c] = (uint8_t)m;
            }
}

static int run_layer(struct prog *p, const char *name)
{
    OFFLOAD_TOKENS(vta_run_tokens(p->insn, p->n, dram));
    int rc = vta_run(p->insn, p->n, dram);
    if (rc)
        printf("%s: accelerator error %d\n", name, rc);
    return rc;
}

int main(void)
{
    static struct prog prog;
    unsigned classes[DNN_INPUTS];
    pack_parameters();
    for (unsigned n = 0; n < DNN_INPUTS; n++) {
        memcpy(dram + ACT0_OFF, &dnn_input[n][0][0][0], DNN_H * DNN_W * DNN_C0);
        build_conv(&prog, DNN_H, DNN_W, DNN_C0 / B, DNN_C1 / B, ACT0_OFF, WGT1_OFF, BIAS1_OFF, ACT1_OFF, DNN_SHIFT1);
        if (run_layer(&prog, "conv1"))
            return 1;
        build_conv(&prog, DNN_H, DNN_W, DNN_C1 / B, DNN_C2 / B, ACT1_OFF, WGT2_OFF, BIAS2_OFF, ACT2_OFF, DNN_SHIFT2);
        if (run_layer(&prog, "conv2"))
            return 1;
        maxpool();
        build_fc(&prog, FC_TILES, POOL_OFF, WGTF_OFF, BIASF_OFF, FCO_OFF, DNN_SHIFT3);
        if (run_layer(&prog, "fc"))
            return 1;
        unsigned best = 0;
        for (unsigned o = 1; o < DNN_CLASSES; o++)
            if (sbyte(dram[FCO_OFF + o]) > sbyte(dram[FCO_OFF + best]))
                best = o;
        classes[n] = best;
        printf("input %u: conv1 %08x conv2 %08x pool %08x logits", n,
               (unsigned)fnv1a(dram + ACT1_OFF, DNN_H * DNN_W * DNN_C1),
               (unsigned)fnv1a(dram + ACT2_OFF, DNN_H * DNN_W * DNN_C2),
               (unsigned)fnv1a(dram + POOL_OFF, FC_TILES * B));
        for (unsigned o = 0; o < DNN_CLASSES; o++)
            printf(" %d", (int)sbyte(dram[FCO_OFF + o]));
        printf(" class %u\n", best);
    }
    printf("%u inputs, classes", (unsigned)DNN_INPUTS);
    for (unsigned n = 0; n < DNN_INPUTS; n++)
        printf(" %u", classes[n]);
    printf("\n");
    return 0;
}
