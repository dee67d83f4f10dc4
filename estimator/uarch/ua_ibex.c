/* ua_ibex.c — the cycle model of lowRISC Ibex (uarch.h), from its RTL
 * (lowRISC/ibex 8b8ee086, rtl/): the instruction fetch of ibex_prefetch_buffer.sv
 * and ibex_fetch_fifo.sv transcribed signal by signal (two outstanding
 * requests, a FIFO of three words with a feed-through, the realignment of
 * 32-bit instructions at addresses 2 mod 4), the IF-ID register of
 * ibex_if_stage.sv, the ID/EX stage of ibex_id_stage.sv and
 * ibex_controller.sv at the level of its stall signals (an instruction
 * occupies ID/EX for its class's cycles, a jump or taken branch sets the pc
 * in the cycle its class says, no new instruction enters while it stalls),
 * the load-store unit's request states (ibex_load_store_unit.sv: a
 * misaligned access is two requests, the second granted a cycle after the
 * first) and, with WritebackStage, ibex_wb_stage.sv (loads complete in WB; an
 * instruction in ID reading a register an outstanding load in WB writes
 * stalls, stall_ld_hz; nothing executes in ID while a memory access in WB
 * waits for its response). The memories are simple_system's: every request
 * is granted at once and answered fetch_latency / data_latency cycles later,
 * in order. The instruction cache (ICache=1) and the IF-stage branch
 * predictor (BranchPredictor=1) are ua_ibex_icache.c's. */
#include "ua_ibex.h"

#include <stdlib.h>

#define MAXMEM 4

enum { LS_IDLE, LS_MIS, LS_MIS_DONE };

struct ibex {
    /* instruction memory: responses on their way, oldest first (cycles left, word address) */
    uint8_t nim, im_left[MAXMEM];
    uint32_t im_addr[MAXMEM];
    /* ibex_prefetch_buffer: rdata_outstanding_q and branch_discard_q (bit i: request i), fetch_addr_q */
    uint8_t out_q, disc_q;
    uint32_t fetch_addr_q;
    /* ibex_fetch_fifo: valid_q (bits 0..2), rdata_q, instr_addr_q (the output's address) */
    uint8_t fvalid;
    uint32_t fdata[3];
    uint32_t faddr;
    /* the IF-ID register and the ID/EX stage */
    bool idv;
    bool id_set_done;          /* branch_jump_set_done_q: the pc was set for this instruction */
    bool id_lsu_issued;        /* its data request went out */
    uint16_t id_n;             /* cycles it has executed in ID/EX */
    uint64_t id_seq;
    struct ua_op id;
    /* the load-store unit and the data memory's responses on their way */
    uint8_t ls_state;
    uint8_t ndm, dm_left[MAXMEM];
    /* the writeback stage (WritebackStage=1) */
    bool wbv;
    uint64_t wb_seq;
    struct ua_op wb;
    /* the IF stage: a branch request at the restart's pc; the predictor's skid
     * (a predicted jump that ID could not take yet) and the prediction of the
     * instruction in ID (instr_bp_taken) */
    bool boot;
    uint32_t boot_pc;
    bool if_skid, if_skid_bp, id_bp;
    bool flush;                /* the FLUSH cycle after a CSR write */
    uint32_t if_skid_addr;
    /* ICache=1: the cache's fetch unit instead of the prefetch buffer */
    struct ibex_ic ic;
};

static void reset(struct ua_core *c, void *st, uint32_t pc)
{
    struct ibex *s = st;
    /* the cache's enable bit and invalidation walk are kept (all zero at power-on:
     * disabled, the walk to come); its fill buffers are emptied */
    bool enable = s->ic.enable;
    uint8_t inval_state = s->ic.inval_state;
    uint16_t inval_index = s->ic.inval_index;
    memset(s, 0, sizeof *s);
    s->ic.enable = enable;
    s->ic.inval_state = inval_state;
    s->ic.inval_index = inval_index;
    s->ls_state = LS_IDLE;
    s->wb_seq = UINT64_MAX;
    if (c->icache) {
        s->ic.out_addr = pc;
        s->ic.prefetch_addr = pc;
    } else {
        s->faddr = pc;
        s->fetch_addr_q = pc;
    }
    /* the first request goes out in the next cycle, as after a jump */
    s->boot = true;
    s->boot_pc = pc;
}

static bool is_mem(const struct ua_op *op)
{
    return op->in.kind == UA_K_LOAD || op->in.kind == UA_K_STORE;
}

static bool csr_flushes(const struct ua_op *op)
{
    if (op->in.kind != UA_K_CSR)
        return false;
    unsigned csr = (unsigned)op->in.imm & 0xfff, src = (op->in.bits >> 15) & 31;
    bool writes = op->in.op == UA_RV_CSRRW || op->in.op == UA_RV_CSRRWI || src != 0;
    return writes && csr != 0x340 && csr != 0x341;
}

static bool reads(const struct ua_op *op, unsigned r)
{
    return r && (op->in.rs1 == r || op->in.rs2 == r);
}

/* ---- ibex_prefetch_buffer + ibex_fetch_fifo ---- */

/* The FIFO's output (valid_o, addr_o, rdata_o) in a cycle where the
 * instruction memory answers (IRVALID, IRDATA). */
static void pb_output(struct ua_core *c, const struct ibex *s, bool irvalid, uint32_t irdata, struct ibex_fetch *o)
{
    bool in_valid = irvalid && !(s->disc_q & 1);
    bool v0 = s->fvalid & 1, v1 = s->fvalid >> 1 & 1;
    uint32_t rdata = v0 ? s->fdata[0] : irdata;
    bool valid = v0 || in_valid;
    bool valid_unaligned = v1 ? true : (v0 && in_valid);
    bool unaligned_c = ((rdata >> 16) & 3) != 3;
    bool odd = s->faddr & 2;
    o->valid = odd ? (unaligned_c ? valid : valid_unaligned) : valid;
    o->addr = s->faddr;
    uint32_t w0 = ua_code_word(c, s->faddr & ~3u);
    o->rdata = odd ? (w0 >> 16 | ua_code_word(c, (s->faddr & ~3u) + 4) << 16) : w0;
}

/* The rest of the cycle: BRANCH to ADDR_I, READY from the IF stage; returns
 * the address of the word requested, *IREQ whether one is. */
static uint32_t pb_update(struct ibex *s, bool irvalid, uint32_t irdata, bool branch, uint32_t addr_i, bool ready,
                          bool out_valid, bool *ireq)
{
    bool fb1 = s->fvalid >> 1 & 1, fb2 = s->fvalid >> 2 & 1;
    bool o0 = s->out_q & 1, o1 = s->out_q >> 1 & 1;
    bool fifo_ready = !((fb1 || o1) && (fb2 || o0));
    bool valid_new_req = (fifo_ready || branch) && !o1;
    uint32_t instr_addr = (branch ? addr_i : s->fetch_addr_q) & ~3u;
    uint32_t fetch_addr_d = s->fetch_addr_q;
    if (branch || valid_new_req)
        fetch_addr_d = ((branch ? addr_i : s->fetch_addr_q) & ~3u) + (valid_new_req ? 4u : 0u);
    bool out_n0 = valid_new_req || o0;
    bool disc_n0 = (branch && o0) || (s->disc_q & 1);
    bool out_n1 = (valid_new_req && o0) || o1;
    bool disc_n1 = (branch && o1) || (s->disc_q >> 1 & 1);
    bool in_valid = irvalid && !(s->disc_q & 1);

    bool v0 = s->fvalid & 1, v1 = fb1;
    uint32_t rdata = v0 ? s->fdata[0] : irdata;
    bool unaligned_c = ((rdata >> 16) & 3) != 3;
    bool aligned_c = (rdata & 3) != 3;
    bool odd = s->faddr & 2;
    bool clear = branch;
    bool pop_out = ready && out_valid;
    bool pop = pop_out && (!aligned_c || odd);

    bool lf[3] = {!v0, !v1 && v0, !fb2 && v1};
    bool vq[3] = {v0, v1, fb2};
    bool pushed[3], nvalid[3];
    for (int i = 0; i < 3; i++)
        pushed[i] = (in_valid && lf[i]) || vq[i];
    uint32_t nd[3] = {s->fdata[0], s->fdata[1], s->fdata[2]};
    for (int i = 0; i < 2; i++) {
        bool popped = pop ? pushed[i + 1] : pushed[i];
        nvalid[i] = popped && !clear;
        bool en = (pushed[i + 1] && pop) || (in_valid && lf[i] && !pop);
        if (en)
            nd[i] = vq[i + 1] ? s->fdata[i + 1] : irdata;
    }
    nvalid[2] = (pop ? false : pushed[2]) && !clear;
    if (in_valid && lf[2])
        nd[2] = irdata;
    s->fvalid = (uint8_t)(nvalid[0] | nvalid[1] << 1 | nvalid[2] << 2);
    memcpy(s->fdata, nd, sizeof nd);
    if (clear)
        s->faddr = addr_i & ~1u;
    else if (pop_out)
        s->faddr = s->faddr + ((odd ? unaligned_c : aligned_c) ? 2u : 4u);

    /* the outstanding requests, shifted by the response */
    uint8_t on = (uint8_t)(out_n0 | out_n1 << 1), dn = (uint8_t)(disc_n0 | disc_n1 << 1);
    if (irvalid) {
        on >>= 1;
        dn >>= 1;
    }
    s->out_q = on;
    s->disc_q = dn;
    s->fetch_addr_q = fetch_addr_d;
    *ireq = valid_new_req;
    return instr_addr;
}

static enum ua_step step(struct ua_core *c, void *st)
{
    struct ibex *s = st;
    const struct ua_params *p = &c->p;
    bool wbmode = p->writeback_stage;

    /* ---- responses arriving this cycle ---- */
    bool irvalid = s->nim && s->im_left[0] == 0;
    uint32_t irdata = irvalid ? ua_code_word(c, s->im_addr[0]) : 0;
    bool drvalid = s->ndm && s->dm_left[0] == 0;

    /* ---- LSU: responses and the second half of a misaligned access ---- */
    bool lsu_resp_valid = drvalid && s->ls_state == LS_IDLE;
    uint8_t ls_ns = s->ls_state;
    unsigned dgrants = 0;
    bool ls_busy_before = s->ls_state != LS_IDLE;
    if (s->ls_state == LS_MIS) {
        dgrants++; /* the second request, granted at once */
        ls_ns = drvalid ? LS_IDLE : LS_MIS_DONE;
    } else if (s->ls_state == LS_MIS_DONE && drvalid) {
        ls_ns = LS_IDLE;
    }

    /* ---- WB stage ---- */
    bool wb_mem = s->wbv && is_mem(&s->wb);
    bool wb_done = s->wbv && (!wb_mem || lsu_resp_valid);
    bool ready_wb = !s->wbv || wb_done;

    /* ---- ID/EX ---- */
    bool done = false, pc_set = false, stall = false, lsu_req = false, executing_cycle = false;
    bool nt_mispredict = false;
    uint32_t target = 0, nt_addr = 0;
    if (s->idv) {
        const struct ua_op *op = &s->id;
        bool executing = true;
        if (wbmode) {
            bool ld_hz = s->wbv && s->wb.in.kind == UA_K_LOAD && reads(op, s->wb.in.rd);
            bool outstanding = wb_mem && !lsu_resp_valid;
            executing = !ld_hz && !outstanding;
        }
        executing_cycle = executing && !is_mem(op);
        if (!executing) {
            stall = true;
        } else if (is_mem(op)) {
            if (!s->id_lsu_issued && s->ls_state == LS_IDLE) {
                lsu_req = true;
                dgrants++;
                ls_ns = op->misaligned ? LS_MIS : LS_IDLE;
            }
            if (wbmode) {
                bool req_done = (lsu_req || ls_busy_before) && ls_ns == LS_IDLE;
                done = req_done && ready_wb;
            } else {
                /* stall_mem: until the response, never in the first cycle */
                done = s->id_lsu_issued && lsu_resp_valid;
            }
            stall = !done;
        } else {
            unsigned n = s->id_n + 1u, need = op->cycles ? op->cycles : 1u;
            /* fence.i is a jump to the next instruction (ibex_decoder.sv) */
            bool fencei = op->in.op == UA_RV_FENCE_I, jumps = op->taken || fencei;
            unsigned at = fencei ? 1u : op->redirect ? op->redirect : need;
            if (jumps && !s->id_set_done && n == at) {
                /* a jump or branch the IF stage predicted taken has fetched its target
                 * already: no pc_set (ibex_controller.sv) */
                pc_set = !s->id_bp;
                target = op->taken ? op->next : op->pc + 4;
            }
            if (s->id_bp && !op->taken && n == 1) {
                /* predicted taken, not taken: the fall-through is fetched again */
                nt_mispredict = true;
                nt_addr = op->pc + op->in.size;
            }
            done = n >= need && ready_wb;
            stall = !done;
        }
    }
    /* a CSR write (but to mscratch or mepc) flushes the pipeline: decode takes no
     * instruction in its cycle (retain_id) nor in the next (the FLUSH state), but the
     * fetch unit goes on (ibex_controller.sv, csr_pipe_flush) */
    bool retain = done && csr_flushes(&s->id);
    bool id_in_ready = !stall && !retain && !s->flush;
    bool fetch_ready = id_in_ready && !c->draining;

    /* ---- IF ---- */
    struct ibex_fetch fo;
    struct ibex_ic_comb icm;
    if (c->icache)
        ua_ibex_ic_output(c, &s->ic, irvalid, &fo, &icm);
    else
        pb_output(c, s, irvalid, irdata, &fo);
    bool fetch_valid = fo.valid && !nt_mispredict;
    /* ibex_branch_predict: jumps and backward branches at the fetch output, taken */
    bool predict = false;
    uint32_t predict_pc = 0;
    if (p->predict.kind == UA_PREDICT_BTFN && fetch_valid && !s->if_skid) {
        struct ua_rv32 in;
        uint8_t b[4] = {(uint8_t)fo.rdata, (uint8_t)(fo.rdata >> 8), (uint8_t)(fo.rdata >> 16), (uint8_t)(fo.rdata >> 24)};
        ua_rv32_decode(b, 4, &in);
        if (in.kind == UA_K_JAL || (in.kind == UA_K_BRANCH && in.imm < 0)) {
            predict = true;
            predict_pc = fo.addr + (uint32_t)in.imm;
        }
    }
    bool if_valid = fetch_valid || (s->if_skid && !nt_mispredict);
    uint32_t if_addr = s->if_skid ? s->if_skid_addr : fo.addr;
    bool if_bp = s->if_skid ? s->if_skid_bp : predict;
    bool branch_req = pc_set || predict;
    bool branch = branch_req || nt_mispredict || s->boot;
    uint32_t addr_i = s->boot ? s->boot_pc : pc_set ? target : predict ? predict_pc : nt_addr;
    bool ready = fetch_ready && !s->if_skid && !s->boot;

    /* the IF-ID register */
    bool ifid_we = if_valid && fetch_ready && !pc_set && !s->boot;
    struct ua_op next_op;
    uint64_t next_seq = 0;
    if (ifid_we) {
        enum ua_step t = ua_take(c, if_addr, &next_op, &next_seq);
        if (t != UA_STEP_OK)
            return t;
    }

    /* ---- register updates ---- */
    bool ireq;
    uint32_t iaddr;
    if (c->icache) {
        bool inval = s->idv && s->id.in.op == UA_RV_FENCE_I && s->id_n == 0;
        iaddr = ua_ibex_ic_update(c, &s->ic, true, branch, addr_i, ready, fo.valid, irvalid, inval, &icm, &ireq);
    } else {
        iaddr = pb_update(s, irvalid, irdata, branch, addr_i, ready, fo.valid, &ireq);
    }
    bool skid_en = predict && !pc_set && !id_in_ready && !s->if_skid;
    if (skid_en) {
        s->if_skid_addr = fo.addr;
        s->if_skid_bp = predict;
    }
    s->if_skid = (s->if_skid && !id_in_ready) || skid_en;
    s->boot = false;
    s->flush = retain;

    /* the memories */
    if (irvalid) {
        memmove(s->im_left, s->im_left + 1, --s->nim);
        memmove(s->im_addr, s->im_addr + 1, s->nim * sizeof *s->im_addr);
    }
    for (unsigned k = 0; k < s->nim; k++)
        s->im_left[k]--;
    if (ireq && s->nim < MAXMEM) {
        s->im_left[s->nim] = (uint8_t)(p->fetch_latency ? p->fetch_latency - 1 : 0);
        s->im_addr[s->nim++] = iaddr;
    }
    if (drvalid)
        memmove(s->dm_left, s->dm_left + 1, --s->ndm);
    for (unsigned k = 0; k < s->ndm; k++)
        s->dm_left[k]--;
    for (unsigned k = 0; k < dgrants && s->ndm < MAXMEM; k++)
        s->dm_left[s->ndm++] = (uint8_t)(p->data_latency ? p->data_latency - 1 : 0);
    s->ls_state = ls_ns;

    /* WB and ID */
    if (wbmode) {
        if (wb_done) {
            ua_stamp(c, s->wb_seq, 0);
            s->wbv = false;
        }
        if (done) {
            s->wbv = true;
            s->wb = s->id;
            s->wb_seq = s->id_seq;
        }
    } else if (done) {
        ua_stamp(c, s->id_seq, 0);
    }
    if (done && s->id.in.kind == UA_K_CSR && (s->id.in.imm & 0xfff) == 0x7c0) {
        /* cpuctrl.icache_enable, by the immediate forms (a register's value is not known here) */
        bool bit = (s->id.in.bits >> 15) & 1;
        if (s->id.in.op == UA_RV_CSRRWI)
            s->ic.enable = bit;
        else if (s->id.in.op == UA_RV_CSRRSI && bit)
            s->ic.enable = true;
        else if (s->id.in.op == UA_RV_CSRRCI && bit)
            s->ic.enable = false;
    }
    if (s->idv) {
        if (lsu_req)
            s->id_lsu_issued = true;
        if (pc_set)
            s->id_set_done = true;
        if (executing_cycle && !done && s->id_n + 1u < (s->id.cycles ? s->id.cycles : 1u))
            s->id_n++;
        if (done)
            s->idv = false;
    }
    if (ifid_we) {
        s->idv = true;
        s->id = next_op;
        s->id_seq = next_seq;
        s->id_n = 0;
        s->id_set_done = false;
        s->id_lsu_issued = false;
        s->id_bp = if_bp;
    }
    return UA_STEP_OK;
}

static bool empty(const void *st)
{
    const struct ibex *s = st;
    return !s->idv && !s->wbv;
}

/* Only what can still change a stamp is kept, so that equal futures have equal bytes:
 * no instruction left in ID or WB, empty FIFO entries, finished requests. */
static void canonical(struct ibex *s)
{
    if (!s->idv) {
        memset(&s->id, 0, sizeof s->id);
        s->id_n = 0;
        s->id_set_done = s->id_lsu_issued = false;
    }
    if (!s->wbv) {
        memset(&s->wb, 0, sizeof s->wb);
    } else { /* WB needs to know whether it waits for a response and which register a load writes */
        struct ua_op w = {0};
        w.in.kind = s->wb.in.kind;
        w.in.rd = s->wb.in.rd;
        s->wb = w;
    }
    for (unsigned k = 0; k < 3; k++)
        if (!(s->fvalid >> k & 1))
            s->fdata[k] = 0;
    if (!s->if_skid)
        s->if_skid_addr = 0, s->if_skid_bp = false;
    if (!s->idv)
        s->id_bp = false;
    if (!s->boot)
        s->boot_pc = 0;
    ua_ibex_ic_canonical(&s->ic, 0);
    for (unsigned k = s->nim; k < MAXMEM; k++)
        s->im_left[k] = 0, s->im_addr[k] = 0;
    for (unsigned k = s->ndm; k < MAXMEM; k++)
        s->dm_left[k] = 0;
}

static void rebase(void *st, uint64_t fed, bool to_relative)
{
    struct ibex *s = st;
    if (to_relative)
        canonical(s);
    s->id_seq = s->idv ? fed - s->id_seq : 0;
    s->wb_seq = s->wbv ? fed - s->wb_seq : 0;
}

static void icache_on(void *st)
{
    struct ibex *s = st;
    s->ic.enable = true;
    s->ic.inval_state = IC_INVAL_IDLE;
}

const struct ua_model_ops ua_ibex_ops = {
    .icache_on = icache_on,
    .state_size = sizeof(struct ibex),
    .reset = reset,
    .step = step,
    .empty = empty,
    .rebase = rebase,
};
