/* ua_cv32e40p.c — the cycle model of OpenHW CV32E40P (uarch.h), from its RTL
 * (openhwgroup/cv32e40p 6033d2b, rtl/), for RV32IMC without FPU and PULP
 * extensions: the prefetch controller, FIFO (two words) and OBI interface of
 * cv32e40p_prefetch_controller.sv / cv32e40p_prefetch_buffer.sv /
 * cv32e40p_fifo.sv transcribed signal by signal (a response falls through
 * to the aligner when the FIFO is empty; responses of requests made before a
 * branch are flushed by count), the aligner's states (cv32e40p_aligner.sv:
 * a 32-bit instruction at an address 2 mod 4 takes the upper half of one word
 * and the lower half of the next; after a branch to such an address the
 * first word only supplies that half), the IF-ID register (cv32e40p_if_stage.sv),
 * the ID stage's stalls (cv32e40p_controller.sv: load_stall — a load in EX
 * whose register the instruction in ID reads, or writes again when both are
 * loads; jr_stall — a jalr whose rs1 the instruction in EX writes, or a load in
 * WB; both read the IF-ID register whether it holds a valid instruction or not; misaligned_stall; the EX stage not ready), jumps taken in ID (the pc is
 * set the cycle the jump decodes, once: jump_done_q), conditional branches
 * taken from EX (branch_taken_ex flushes the instruction in ID), CSR accesses
 * that halt the fetch until they leave WB (csr_status: DECODE, FLUSH_EX,
 * FLUSH_WB), fences (FENCE is FENCE.I: the same flush, then a jump to the next
 * instruction from FLUSH_WB), and the EX stage's readiness (cv32e40p_ex_stage.sv: the ALU and
 * divider, the multiplier, the LSU's transaction count of
 * cv32e40p_load_store_unit.sv: a load or store is ready when its request is
 * granted and, with one outstanding, that one's response arrives; a
 * misaligned access makes two). The instruction's EX occupancy comes from its
 * class (the divider's from cv32e40p_alu_div.sv via the description's
 * formula). The stamp is the cycle an instruction leaves ID (id_valid and
 * is_decoding), as the reference trace records it. Memories as the example
 * testbench's mm_ram without random stalls: granted at once, answered
 * fetch_latency / data_latency cycles later, in order. */
#include "ua_impl.h"

#ifdef UA_DEBUG
#include <stdio.h>
#endif

#define MAXMEM 4

enum { AL_ALIGNED32, AL_MISALIGNED32, AL_MISALIGNED16, AL_BRANCH_MISALIGNED };
enum { CT_DECODE, CT_FLUSH_EX, CT_FLUSH_WB };

struct cv {
    /* instruction memory responses on their way (cycles left, word address) */
    uint8_t nim, im_left[MAXMEM];
    uint32_t im_addr[MAXMEM];
    /* prefetch controller: outstanding requests, responses still to flush, last address */
    uint8_t cnt_q, flush_cnt_q;
    bool branch_wait;
    uint32_t trans_addr_q;
    /* FIFO, oldest first */
    uint8_t fcnt;
    uint32_t fmem[2];
    /* aligner */
    uint8_t astate;
    bool aligner_ready_q;
    uint16_t r_instr_h;
    uint32_t apc;
    /* the restart's branch request, served in the first cycle */
    bool restart;
    uint32_t restart_pc;
    uint32_t expect_pc;       /* the pc of the next instruction that executes */
    /* controller */
    uint8_t ctrl;
    bool fencei;              /* the flush is a fence's: it jumps to the instruction after it */
    uint32_t fence_next;
    bool jump_done_q;
    /* ID */
    bool idv;
    uint64_t id_seq;
    struct ua_op id;
    /* EX */
    bool exv;
    struct ua_op ex;
    uint16_t ex_n;            /* cycles it has spent in EX */
    bool ex_mis_second;       /* a misaligned access's second transaction is next */
    uint8_t ex_issued;        /* its transactions issued */
    /* LSU: outstanding data transactions, responses on their way */
    uint8_t dcnt, ndm, dm_left[MAXMEM];
    /* WB: a load's register write (regfile_we_lsu) */
    bool wb_we;
    uint8_t wb_rd;
};

static void reset(struct ua_core *c, void *st, uint32_t pc)
{
    (void)c;
    struct cv *s = st;
    memset(s, 0, sizeof *s);
    s->restart = true;
    s->restart_pc = pc;
    s->expect_pc = pc;
    s->trans_addr_q = pc & ~3u;
    s->apc = pc;
}

static bool is_load(const struct ua_op *op)
{
    return op->in.kind == UA_K_LOAD;
}

static bool is_mem(const struct ua_op *op)
{
    return op->in.kind == UA_K_LOAD || op->in.kind == UA_K_STORE;
}

static bool reads(const struct ua_op *op, unsigned r)
{
    return r && (op->in.rs1 == r || op->in.rs2 == r);
}

/* FENCE and FENCE.I: a flush, then a jump to the next instruction. */
static bool is_fence(const struct ua_op *op)
{
    return op->in.op == UA_RV_FENCE || op->in.op == UA_RV_FENCE_I;
}

/* A CSR access that halts the fetch until it leaves WB (cv32e40p_decoder.sv, csr_status_o). */
static bool csr_status(const struct ua_op *op)
{
    if (op->in.kind != UA_K_CSR)
        return false;
    unsigned n = (unsigned)op->in.imm & 0xfff;
    bool read = (op->in.op == UA_RV_CSRRS || op->in.op == UA_RV_CSRRC || op->in.op == UA_RV_CSRRSI ||
                 op->in.op == UA_RV_CSRRCI) && !((op->in.bits >> 15) & 31);
    switch (n) {
    case 0x300: case 0x305: case 0x341: case 0x342: /* mstatus, mtvec, mepc, mcause */
    case 0x320:                                     /* mcountinhibit */
    case 0x7b0: case 0x7b1: case 0x7b2: case 0x7b3: /* debug */
        return true;
    default:
        break;
    }
    if ((n >= 0xb00 && n <= 0xb1f) || (n >= 0xb80 && n <= 0xb9f) || (n >= 0x323 && n <= 0x33f))
        return true;
    if ((n >= 0xc00 && n <= 0xc1f) || (n >= 0xc80 && n <= 0xc9f))
        return read; /* the user mirrors: only reads are legal */
    return false;
}

static enum ua_step step(struct ua_core *c, void *st)
{
    struct cv *s = st;
    const struct ua_params *p = &c->p;

    /* ---- responses arriving this cycle ---- */
    bool resp_valid = s->nim && s->im_left[0] == 0;
    uint32_t resp_rdata = resp_valid ? ua_code_word(c, s->im_addr[0]) : 0;
    bool drvalid = s->ndm && s->dm_left[0] == 0;

    /* ---- EX ---- */
    bool wb_ready = s->dcnt == 0 || drvalid; /* lsu_ready_wb */
    bool branch_taken_ex = false, ex_ready = true, data_misaligned = false;
    unsigned dgrants = 0;
    if (s->exv) {
        const struct ua_op *x = &s->ex;
        if (x->in.kind == UA_K_BRANCH) {
            branch_taken_ex = x->taken && s->ex_n == 0;
            ex_ready = true;
        } else if (is_mem(x)) {
            /* one transaction a cycle, granted at once (cnt < 2: trans_valid); ready when
             * the one outstanding before it has its response (lsu_ready_ex) */
            if (!s->ex_issued || (x->misaligned && s->ex_mis_second && s->ex_issued < 2))
                dgrants = 1;
            if (x->misaligned && !s->ex_mis_second) {
                data_misaligned = true; /* the first of two transactions: ID stalls */
                ex_ready = false;
            } else {
                ex_ready = (s->dcnt == 0 || drvalid) && wb_ready;
            }
        } else {
            unsigned need = x->cycles ? x->cycles : 1u;
            ex_ready = s->ex_n + 1u >= need && wb_ready;
        }
    }

    /* ---- ID and the controller ---- */
    bool is_decoding = false, id_ready = false, pc_set = false, jump = false, halt_if = false;
    uint32_t target = 0;
    if (branch_taken_ex) {
        pc_set = true;
        target = s->ex.next;
    }
    if (s->ctrl != CT_DECODE)
        halt_if = true;
    if (s->ctrl == CT_FLUSH_WB && s->fencei && !branch_taken_ex) {
        /* FENCE and FENCE.I (cv32e40p_decoder.sv: both fencei_insn) jump to the next
         * instruction from FLUSH_WB (PC_FENCEI), refetching it */
        pc_set = true;
        target = s->fence_next;
    }
    /* the stalls read the IF-ID register's fields whether it is valid or not (the
     * decoder's register-use outputs are not gated): a stale instruction can stall */
    const struct ua_op *d = &s->id;
    bool valid_id = s->idv && s->ctrl == CT_DECODE && !branch_taken_ex;
    is_decoding = valid_id;
    bool load_stall = false, jr_stall = false;
    if (s->exv && is_load(&s->ex)) {
        if (reads(d, s->ex.in.rd) || (valid_id && is_load(d) && d->in.rd == s->ex.in.rd))
            load_stall = true;
    }
    if (!wb_ready && s->wb_we && reads(d, s->wb_rd))
        load_stall = true;
    /* ctrl_transfer_insn_in_dec is not gated either: a stale jalr stalls the fetch of its
     * own target when it writes its rs1 (jalr t0, 0(t0) in EX) */
    if (d->in.kind == UA_K_JALR && d->in.rs1) {
        unsigned r = d->in.rs1;
        if ((s->wb_we && s->wb_rd == r) || (s->exv && s->ex.in.rd == r))
            jr_stall = true;
    }
    id_ready = !data_misaligned && !jr_stall && !load_stall && ex_ready;
    if (valid_id) {
        if ((d->in.kind == UA_K_JAL || d->in.kind == UA_K_JALR) && !jr_stall && !s->jump_done_q) {
            pc_set = true;
            jump = true;
            target = d->next;
        }
        if (csr_status(d) || is_fence(d))
            halt_if = true;
    }
    bool id_valid = is_decoding && id_ready; /* halt_id is 0 in DECODE */

    /* ---- IF: prefetch controller, FIFO, aligner ---- */
    bool branch = pc_set;
    uint32_t branch_addr = target;
    if (s->restart) {
        branch = true;
        branch_addr = s->restart_pc;
    }
    bool fifo_valid = s->fcnt > 0;
    bool flushing = branch || s->flush_cnt_q > 0;
    bool fetch_valid = (fifo_valid || resp_valid) && !flushing;
    uint32_t fetch_rdata = fifo_valid ? s->fmem[0] : resp_rdata;
    unsigned fifo_cnt_masked = branch ? 0 : s->fcnt;
    bool trans_valid = fifo_cnt_masked + s->cnt_q < 2;
    uint32_t trans_addr = branch ? (branch_addr & ~3u) : s->branch_wait ? s->trans_addr_q : (s->trans_addr_q & ~3u) + 4;

    /* IF stage: if_ready / if_valid; the aligner */
    bool if_ready = fetch_valid && id_ready && !c->draining;
    bool if_valid = !halt_if && if_ready && !s->restart;
    bool instr_valid = fetch_valid, aligner_ready = true, update = false;
    uint32_t pc_n = s->apc;
    uint8_t ans = s->astate;
    uint32_t out_pc = s->apc;
    switch (s->astate) {
    case AL_ALIGNED32:
        if ((fetch_rdata & 3) == 3) {
            ans = AL_ALIGNED32;
            pc_n = s->apc + 4;
        } else {
            ans = AL_MISALIGNED32;
            pc_n = s->apc + 2;
        }
        update = fetch_valid && if_valid;
        break;
    case AL_MISALIGNED32:
        if ((s->r_instr_h & 3) == 3) {
            ans = AL_MISALIGNED32;
            pc_n = s->apc + 4;
            update = fetch_valid && if_valid;
        } else {
            ans = AL_MISALIGNED16;
            instr_valid = true;
            pc_n = s->apc + 2;
            aligner_ready = !fetch_valid;
            update = if_valid;
        }
        break;
    case AL_MISALIGNED16:
        instr_valid = !s->aligner_ready_q || fetch_valid;
        ans = (fetch_rdata & 3) == 3 ? AL_ALIGNED32 : AL_MISALIGNED32;
        pc_n = s->apc + ((fetch_rdata & 3) == 3 ? 4u : 2u);
        update = (!s->aligner_ready_q || fetch_valid) && if_valid;
        break;
    default: /* AL_BRANCH_MISALIGNED */
        if (((fetch_rdata >> 16) & 3) == 3) {
            ans = AL_MISALIGNED32;
            instr_valid = false;
            pc_n = s->apc;
        } else {
            ans = AL_ALIGNED32;
            pc_n = s->apc + 2;
        }
        update = fetch_valid && if_valid;
        break;
    }
    if (branch) {
        update = true;
        pc_n = branch_addr;
        ans = (branch_addr & 2) ? AL_BRANCH_MISALIGNED : AL_ALIGNED32;
    }
    /* the IF stage's fetch_ready: the aligner's, when an instruction goes to ID */
    bool fetch_ready = !branch && fetch_valid && if_valid ? aligner_ready : false;

    /* the IF-ID register */
    bool ifid_we = if_valid && instr_valid && !branch;
    struct ua_op next_op;
    uint64_t next_seq = 0;
    bool wrong_path = false;
    if (ifid_we && out_pc != s->expect_pc) {
        /* the fall-through of a branch that EX will take: decoded from the code, never
         * leaves ID, stamped never; its register fields can still stall (stale) */
        wrong_path = true;
        uint8_t b[4];
        uint32_t w = ua_code_word(c, out_pc & ~3u), w2 = ua_code_word(c, (out_pc & ~3u) + 4);
        uint64_t both = (uint64_t)w2 << 32 | w;
        for (unsigned k = 0; k < 4; k++)
            b[k] = (uint8_t)(both >> (8 * (k + (out_pc & 2))));
        memset(&next_op, 0, sizeof next_op);
        ua_rv32_decode(b, 4, &next_op.in);
        next_op.pc = out_pc;
        next_op.next = out_pc + next_op.in.size;
        next_op.cycles = 1;
        next_seq = UINT64_MAX;
    } else if (ifid_we) {
        enum ua_step t = ua_take(c, out_pc, &next_op, &next_seq);
        if (t != UA_STEP_OK)
            return t;
    }

#ifdef UA_DEBUG
    fprintf(stderr, "c%llu: rv=%d cnt=%u fl=%u fcnt=%u br=%d tv=%d ta=%x fv=%d al=%u apc=%x idv=%d id=%x ex=%d:%x idr=%d ifv=%d iv=%d we=%d\n",
            (unsigned long long)c->cycle, resp_valid, s->cnt_q, s->flush_cnt_q, s->fcnt, branch, trans_valid, trans_addr,
            fetch_valid, s->astate, s->apc, s->idv, s->id.pc, s->exv, s->ex.pc, id_ready, if_valid, instr_valid, ifid_we);
#endif
    /* ---- register updates ---- */
    /* prefetch controller and FIFO */
    bool fifo_push = resp_valid && (fifo_valid || !fetch_ready) && !flushing;
    bool fifo_pop = fifo_valid && fetch_ready;
    uint8_t next_flush = s->flush_cnt_q;
    if (branch)
        next_flush = (uint8_t)(resp_valid && s->cnt_q ? s->cnt_q - 1 : s->cnt_q);
    else if (resp_valid && s->flush_cnt_q > 0)
        next_flush = (uint8_t)(s->flush_cnt_q - 1);
    unsigned cnt = s->cnt_q + (trans_valid ? 1u : 0u) - (resp_valid ? 1u : 0u);
    if (branch) {
        s->fcnt = 0; /* fifo_flush */
    } else {
        if (fifo_pop) {
            s->fmem[0] = s->fmem[1];
            s->fcnt--;
        }
        if (fifo_push && s->fcnt < 2)
            s->fmem[s->fcnt++] = resp_rdata;
    }
    s->branch_wait = (branch || s->branch_wait) && !trans_valid;
    if (branch || trans_valid)
        s->trans_addr_q = trans_addr;
    s->flush_cnt_q = next_flush;
    s->cnt_q = (uint8_t)cnt;
    if (resp_valid) {
        memmove(s->im_left, s->im_left + 1, --s->nim);
        memmove(s->im_addr, s->im_addr + 1, s->nim * sizeof *s->im_addr);
    }
    for (unsigned k = 0; k < s->nim; k++)
        s->im_left[k]--;
    if (trans_valid && s->nim < MAXMEM) {
        s->im_left[s->nim] = (uint8_t)(p->fetch_latency ? p->fetch_latency - 1 : 0);
        s->im_addr[s->nim++] = trans_addr;
    }
    /* aligner */
    if (update) {
        s->apc = pc_n;
        s->astate = ans;
        s->r_instr_h = (uint16_t)(fetch_rdata >> 16);
        s->aligner_ready_q = aligner_ready;
    }
    s->restart = false;

    /* data memory and LSU */
    if (drvalid)
        memmove(s->dm_left, s->dm_left + 1, --s->ndm);
    for (unsigned k = 0; k < s->ndm; k++)
        s->dm_left[k]--;
    for (unsigned k = 0; k < dgrants && s->ndm < MAXMEM; k++)
        s->dm_left[s->ndm++] = (uint8_t)(p->data_latency ? p->data_latency - 1 : 0);
    s->dcnt = (uint8_t)(s->dcnt + dgrants - (drvalid ? 1u : 0u));

    /* WB: the load write for one cycle after the load leaves EX */
    bool ex_valid = s->exv && ex_ready;
    if (ex_valid) {
        s->wb_we = is_load(&s->ex);
        s->wb_rd = s->ex.in.rd;
    } else if (wb_ready) {
        s->wb_we = false;
    }

    /* the controller */
    if (s->ctrl == CT_FLUSH_EX && ex_valid)
        s->ctrl = CT_FLUSH_WB;
    else if (s->ctrl == CT_FLUSH_WB) {
        s->ctrl = CT_DECODE;
        s->fencei = false;
    }
    s->jump_done_q = (jump || s->jump_done_q) && !id_ready; /* jump_done holds until the jump leaves ID */

    /* EX and ID */
    if (s->exv) {
        if (data_misaligned)
            s->ex_mis_second = true;
        s->ex_issued = (uint8_t)(s->ex_issued + dgrants);
        s->ex_n++;
        if (ex_ready)
            s->exv = false;
    }
    if (id_valid) {
        if (s->id_seq != UINT64_MAX)
            ua_stamp(c, s->id_seq, 0);
        if ((csr_status(&s->id) || is_fence(&s->id)) && s->ctrl == CT_DECODE) {
            s->ctrl = CT_FLUSH_EX;
            s->fencei = is_fence(&s->id);
            s->fence_next = s->id.next;
        }
        s->exv = true;
        s->ex = s->id;
        s->ex_n = 0;
        s->ex_mis_second = false;
        s->ex_issued = 0;
        s->idv = false;
    }
    if (branch_taken_ex)
        s->idv = false;
    if (ifid_we) {
        s->idv = true;
        s->id = next_op;
        s->id_seq = next_seq;
        s->jump_done_q = false;
        if (!wrong_path)
            s->expect_pc = next_op.next;
    }
    return UA_STEP_OK;
}

static bool empty(const void *st)
{
    const struct cv *s = st;
    return !s->idv;
}

/* Only what can still change a stamp is kept, so that equal futures have equal bytes: of
 * a stale IF-ID register the fields its stalls read (the kind and registers), of EX what
 * decides its readiness and the branch, no empty FIFO entries or finished requests. */
static void canonical(struct cv *s)
{
    if (!s->idv) {
        struct ua_op d = {0};
        d.in.op = s->id.in.op;
        d.in.kind = s->id.in.kind;
        d.in.rd = s->id.in.rd;
        d.in.rs1 = s->id.in.rs1;
        d.in.rs2 = s->id.in.rs2;
        s->id = d;
        s->id_seq = 0;
    }
    if (!s->exv) {
        memset(&s->ex, 0, sizeof s->ex);
        s->ex_n = 0;
        s->ex_mis_second = false;
        s->ex_issued = 0;
    } else {
        struct ua_op x = {0};
        x.in.op = s->ex.in.op;
        x.in.kind = s->ex.in.kind;
        x.in.rd = s->ex.in.rd;
        x.cycles = s->ex.cycles;
        x.taken = s->ex.taken;
        x.misaligned = s->ex.misaligned;
        if (s->ex.in.kind == UA_K_BRANCH && s->ex.taken)
            x.next = s->ex.next;
        s->ex = x;
    }
    for (unsigned k = s->fcnt; k < 2; k++)
        s->fmem[k] = 0;
    for (unsigned k = s->nim; k < MAXMEM; k++)
        s->im_left[k] = 0, s->im_addr[k] = 0;
    for (unsigned k = s->ndm; k < MAXMEM; k++)
        s->dm_left[k] = 0;
    if (s->astate != AL_MISALIGNED32)
        s->r_instr_h = 0;
    if (s->astate != AL_MISALIGNED16)
        s->aligner_ready_q = false;
    if (!s->wb_we)
        s->wb_rd = 0;
    if (!s->fencei)
        s->fence_next = 0;
    if (!s->restart)
        s->restart_pc = 0;
}

static void rebase(void *st, uint64_t fed, bool to_relative)
{
    struct cv *s = st;
    if (to_relative)
        canonical(s);
    if (s->idv && s->id_seq != UINT64_MAX)
        s->id_seq = fed - s->id_seq;
}

const struct ua_model_ops ua_cv32e40p_ops = {
    .state_size = sizeof(struct cv),
    .reset = reset,
    .step = step,
    .empty = empty,
    .rebase = rebase,
};
