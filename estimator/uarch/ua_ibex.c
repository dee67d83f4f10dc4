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
#include "ua_impl.h"

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
};

static void reset(struct ua_core *c, void *st, uint32_t pc)
{
    (void)c;
    struct ibex *s = st;
    memset(s, 0, sizeof *s);
    /* as after a pc_set at the last cycle: the first request goes out now */
    s->faddr = pc;
    s->fetch_addr_q = pc;
    s->out_q = 0;
    /* marker: the next cycle starts fetching at pc */
    s->id_set_done = false;
    s->ls_state = LS_IDLE;
    s->wb_seq = UINT64_MAX;
    /* a branch request pending: kept as a pseudo-state in fetch_addr_q's low bit */
    s->fetch_addr_q = pc | 1u;
}

static bool is_mem(const struct ua_op *op)
{
    return op->in.kind == UA_K_LOAD || op->in.kind == UA_K_STORE;
}

static bool reads(const struct ua_op *op, unsigned r)
{
    return r && (op->in.rs1 == r || op->in.rs2 == r);
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
    uint32_t target = 0;
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
            if (op->taken && !s->id_set_done && n == (op->redirect ? op->redirect : need)) {
                pc_set = true;
                target = op->next;
            }
            done = n >= need && ready_wb;
            stall = !done;
        }
    }
    bool id_in_ready = !stall;
    bool fetch_ready = id_in_ready && !c->draining;

    /* ---- IF: ibex_prefetch_buffer + ibex_fetch_fifo ---- */
    bool branch = pc_set;
    uint32_t addr_i = target;
    if (s->fetch_addr_q & 1u) { /* the restart's branch request */
        branch = true;
        addr_i = s->fetch_addr_q & ~1u;
    }
    bool fb1 = s->fvalid >> 1 & 1, fb2 = s->fvalid >> 2 & 1;
    bool o0 = s->out_q & 1, o1 = s->out_q >> 1 & 1;
    bool fifo_ready = !((fb1 || o1) && (fb2 || o0));
    bool valid_new_req = (fifo_ready || branch) && !o1;
    uint32_t instr_addr = (branch ? addr_i : s->fetch_addr_q) & ~3u;
    uint32_t fetch_addr_d = s->fetch_addr_q & ~1u;
    if (branch || valid_new_req)
        fetch_addr_d = ((branch ? addr_i : s->fetch_addr_q) & ~3u) + (valid_new_req ? 4u : 0u);
    bool out_n0 = valid_new_req || o0;
    bool disc_n0 = (branch && o0) || (s->disc_q & 1);
    bool out_n1 = (valid_new_req && o0) || o1;
    bool disc_n1 = (branch && o1) || (s->disc_q >> 1 & 1);
    bool in_valid = irvalid && !(s->disc_q & 1);

    /* the FIFO's output */
    bool v0 = s->fvalid & 1, v1 = fb1;
    uint32_t rdata = v0 ? s->fdata[0] : irdata;
    bool valid = v0 || in_valid;
    bool valid_unaligned = v1 ? true : (v0 && in_valid);
    bool unaligned_c = ((rdata >> 16) & 3) != 3;
    bool aligned_c = (rdata & 3) != 3;
    bool odd = s->faddr & 2;
    bool out_valid = odd ? (unaligned_c ? valid : valid_unaligned) : valid;
    uint32_t out_addr = s->faddr;
    bool clear = branch;

    /* the IF-ID register */
    bool ifid_we = out_valid && fetch_ready && !pc_set && !(s->fetch_addr_q & 1u);
    struct ua_op next_op;
    uint64_t next_seq = 0;
    if (ifid_we) {
        enum ua_step t = ua_take(c, out_addr, &next_op, &next_seq);
        if (t != UA_STEP_OK)
            return t;
    }
    bool pop_out = fetch_ready && out_valid && !(s->fetch_addr_q & 1u);
    bool pop = pop_out && (!aligned_c || odd);

    /* ---- register updates ---- */
    /* the FIFO */
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
        s->faddr = out_addr + ((odd ? unaligned_c : aligned_c) ? 2u : 4u);

    /* the prefetch buffer's outstanding requests, shifted by the response */
    uint8_t on = (uint8_t)(out_n0 | out_n1 << 1), dn = (uint8_t)(disc_n0 | disc_n1 << 1);
    if (irvalid) {
        on >>= 1;
        dn >>= 1;
    }
    s->out_q = on;
    s->disc_q = dn;
    s->fetch_addr_q = fetch_addr_d;

    /* the memories */
    if (irvalid) {
        memmove(s->im_left, s->im_left + 1, --s->nim);
        memmove(s->im_addr, s->im_addr + 1, s->nim * sizeof *s->im_addr);
    }
    for (unsigned k = 0; k < s->nim; k++)
        s->im_left[k]--;
    if (valid_new_req && s->nim < MAXMEM) {
        s->im_left[s->nim] = (uint8_t)(p->fetch_latency ? p->fetch_latency - 1 : 0);
        s->im_addr[s->nim++] = instr_addr;
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

const struct ua_model_ops ua_ibex_ops = {
    .state_size = sizeof(struct ibex),
    .reset = reset,
    .step = step,
    .empty = empty,
    .rebase = rebase,
};
