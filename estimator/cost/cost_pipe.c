/* cost_pipe.c — prices the machine code on a pipelined core (isa pipeline:,
 * isa/SCHEMA.md "Pipelines") with the core's cycle model (uarch.h).
 *
 * The code is cut into segments: the machine instructions a block runs in a
 * row up to its end or up to a call. A segment's cost, by the reference's
 * convention (an instruction is charged the cycles from its stamp to the next
 * instruction's), is the stamp of the instruction after it minus the stamp of
 * its first, and depends on the pipeline's state when it starts (what the
 * fetch unit holds, what is still in the later stages) and on the way it
 * leaves (a branch taken or not, which block follows). The states are found
 * by a fixed point over the segments: from main's entry, each segment is run
 * on the model from each state it can be entered in, along each of its exits;
 * the state the model is in when it wants the next segment's first
 * instruction is a state that segment is entered in. Calls run into the
 * callee's first segment; returns run to the instruction after every call
 * of the function; a runtime routine (run on its code at every call by the
 * cost_args watch, from the state at its call site) returns, for the fixed
 * point, in the state a canonical return leaves the pipeline in. Its runs
 * return in their own: where the code after the call goes straight into
 * another routine's call, that code is run from the state the return left and
 * the next routine from the state it leaves (chain); a call site whose
 * returns all left one state has the fixed point solved again with it after
 * the run (resolve_returns). States are values (ua_core_save): equal bytes,
 * equal state.
 *
 * Exact counts give each segment's executions and the executions along each
 * exit (the machine edge counts). A segment with one entry state, or whose
 * cost does not depend on the state it is entered in, or whose costs add up
 * by state and by exit, is priced exactly; otherwise the split over states
 * and exits is assumed independent and the block is marked an estimate.
 * What depends on data (a divider's cycles, a misaligned access) is added to
 * the nominal cost linearly: the model adds the difference in occupancy to
 * the instruction's own stamp and every later one. */
#include "pipe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Development traces on stderr (LPNEST_DEBUG_PIPE set): segments, prices, refusals. */
bool pipe_debug(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("LPNEST_DEBUG_PIPE") != NULL;
    return on;
}

/* ---- the code as the fetch unit reads it ---- */

/* The canonical sequences at PIPE_SYNTH_BASE (pipe.h): three nops, then auipc ra, 0 /
 * jalr ra, 0(ra), then ret; each 32 bits (the model fetches what it runs). */
static const uint8_t synth[] = {
    0x13, 0, 0, 0, 0x13, 0, 0, 0, 0x13, 0, 0, 0,   /* +0: nop x3 */
    0x97, 0, 0, 0, 0xe7, 0x80, 0, 0,               /* +12: auipc ra, 0; jalr ra, 0(ra) */
    0x13, 0, 0, 0, 0x13, 0, 0, 0, 0x13, 0, 0, 0,   /* +20: nop x3 */
    0x67, 0x80, 0, 0,                              /* +32: ret */
};

static const uint8_t *read_code(void *arg, uint32_t addr, uint32_t *avail)
{
    struct cost_pipe *pp = arg;
    const struct mmodule *mm = pp->mm;
    if (addr >= PIPE_SYNTH_BASE && addr - PIPE_SYNTH_BASE < sizeof synth) {
        *avail = (uint32_t)(sizeof synth - (addr - PIPE_SYNTH_BASE));
        return synth + (addr - PIPE_SYNTH_BASE);
    }
    if (mm->text && addr >= mm->text_base && addr - mm->text_base < mm->text_len) {
        *avail = mm->text_len - (addr - mm->text_base);
        return mm->text + (addr - mm->text_base);
    }
    return pp->code ? isa_code_bytes(pp->code, addr, 1, avail) : NULL;
}

bool pipe_decode_at(struct cost_pipe *pp, uint32_t pc, struct ua_rv32 *out)
{
    uint8_t b[4] = {0};
    for (unsigned k = 0; k < 4; k++) {
        uint32_t avail = 0;
        const uint8_t *p = read_code(pp, pc + k, &avail);
        if (p && avail)
            b[k] = *p;
    }
    return ua_rv32_decode(b, 4, out);
}

/* ---- the model's parameters from the description ---- */

static void params_of(const struct isa *isa, struct ua_params *p)
{
    const struct isa_pipeline *pl = isa_pipeline(isa);
    memset(p, 0, sizeof *p);
    p->model = pl->model == ISA_PIPE_IBEX ? UA_MODEL_IBEX : UA_MODEL_CV32E40P;
    p->stamp = pl->stamp == ISA_STAMP_RETIRE ? UA_STAMP_RETIRE : UA_STAMP_ISSUE;
    p->fetch_latency = 1 + isa_fetch_wait(isa);
    p->data_latency = 1 + isa_load_wait(isa);
    p->writeback_stage = pl->writeback_stage;
    const struct isa_cache *ic = isa_icache(isa);
    if (ic->bytes) {
        p->icache.bytes = ic->bytes;
        p->icache.ways = ic->ways;
        p->icache.line_bytes = ic->line_bytes;
        p->icache.replace = ic->replace == ISA_REPLACE_LRU ? UA_REPLACE_LRU
                            : ic->replace == ISA_REPLACE_ROUND_ROBIN ? UA_REPLACE_ROUND_ROBIN
                                                                      : UA_REPLACE_COUNTER;
    }
    p->predict.kind = isa_predict(isa) == ISA_PREDICT_NONE ? UA_PREDICT_NONE : UA_PREDICT_BTFN;
}

/* The op the model runs for machine instruction IN at PC going to NEXT (its
 * class's nominal cycles). */
void pipe_make_op(const struct isa *isa, uint32_t pc, const struct ua_rv32 *in, const struct isa_insn *cls,
                    uint32_t next, struct ua_op *op)
{
    memset(op, 0, sizeof *op);
    op->pc = pc;
    op->in = *in;
    op->next = next;
    op->taken = next != pc + in->size || in->kind == UA_K_JAL || in->kind == UA_K_JALR; /* a jump to the next
                                                                                          * instruction jumps too */
    if (!cls)
        cls = isa_lookup(isa, ua_rv32_name(in->op));
    unsigned cycles = 1, redirect = 0;
    if (cls) {
        if (cls->kind == ISA_COND_BRANCH)
            cycles = op->taken ? cls->taken : cls->not_taken;
        else
            cycles = cls->cycles;
        redirect = cls->redirect;
    }
    op->cycles = (uint16_t)(cycles ? cycles : 1);
    op->redirect = (uint8_t)(redirect ? redirect : op->cycles);
}

void cost_pipe_make_op(const struct isa *isa, const struct isa_insn *cls, uint32_t pc, const struct ua_rv32 *in,
                       uint32_t next, uint32_t a, uint32_t b, bool misaligned, struct ua_op *op)
{
    if (!cls)
        cls = isa_lookup(isa, ua_rv32_name(in->op));
    pipe_make_op(isa, pc, in, cls, next, op);
    if (cls && cls->cycles_formula && cls->kind == ISA_ALU) {
        double c = isa_insn_cycles_ab(cls, (double)(b & 31), (double)a, (double)b);
        op->cycles = (uint16_t)(c >= 1 ? c : 1);
    }
    op->misaligned = misaligned;
}

/* ---- states ---- */

static uint64_t hash_bytes(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

size_t pipe_intern(struct cost_pipe *pp, const uint8_t *st)
{
    size_t n = pp->state_bytes;
    if (pp->nstates * 2 >= pp->hcap) {
        size_t cap = pp->hcap ? pp->hcap * 2 : 64;
        free(pp->hash);
        pp->hash = sup_xmalloc(cap * sizeof *pp->hash);
        for (size_t i = 0; i < cap; i++)
            pp->hash[i] = SIZE_MAX;
        pp->hcap = cap;
        for (size_t i = 0; i < pp->nstates; i++) {
            size_t k = hash_bytes(pp->states + i * n, n) & (cap - 1);
            while (pp->hash[k] != SIZE_MAX)
                k = (k + 1) & (cap - 1);
            pp->hash[k] = i;
        }
    }
    size_t k = hash_bytes(st, n) & (pp->hcap - 1);
    for (; pp->hash[k] != SIZE_MAX; k = (k + 1) & (pp->hcap - 1))
        if (!memcmp(pp->states + pp->hash[k] * n, st, n))
            return pp->hash[k];
    if (pp->nstates == pp->capstates) {
        pp->capstates = pp->capstates ? pp->capstates * 2 : 64;
        pp->states = sup_xrealloc(pp->states, pp->capstates * n);
    }
    memcpy(pp->states + pp->nstates * n, st, n);
    pp->hash[k] = pp->nstates;
    return pp->nstates++;
}

const uint8_t *pipe_state(const struct cost_pipe *pp, size_t i)
{
    return pp->states + i * pp->state_bytes;
}

/* ---- interface ---- */

struct cost_pipe *cost_pipe_new(struct cost_ctx *cx, const struct mmodule *mm)
{
    if (!isa_pipeline(cx->isa) || !mm->text)
        return NULL;
    struct cost_pipe *pp = sup_xcalloc(1, sizeof *pp);
    pp->isa = cx->isa;
    pp->mm = mm;
    pp->diag = cx->diag;
    pp->code = isa_runtime_code(cx->isa);
    params_of(cx->isa, &pp->params);
    pp->core = ua_core_new(&pp->params, read_code, pp);
    if (!pp->core) {
        free(pp);
        return NULL;
    }
    pp->state_bytes = ua_core_state_size(pp->core);
    if (ua_core_icache(pp->core)) {
        /* as crt0 leaves it: enabled; the fixed point prices a warm cache */
        ua_core_icache_on(pp->core);
        ua_core_icache_assume(pp->core, pipe_warm, NULL);
    }
    pp->m = cx->m;
    pp->taken_address = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->taken_address);
    for (size_t i = 0; i < mm->nfuncs; i++) {
        LLVMValueRef f = LLVMGetNamedFunction(cx->m, mm->funcs[i].name);
        pp->taken_address[i] = f && pipe_address_taken(f);
    }
    pipe_build(pp);
    pipe_link(pp);
    pipe_solve(pp);
    if (pipe_debug())
        for (size_t si = 0; si < pp->nsegs; si++) {
            const struct pipe_seg *s = &pp->segs[si];
            fprintf(stderr, "seg %zu %s bb.%d at %x n %zu states %zu%s:", si, mm->funcs[s->func].name,
                    mm->funcs[s->func].blocks[s->block].number, s->n ? s->ins[0].pc : 0, s->n, s->nstates,
                    s->overflow ? "+" : "");
            for (size_t k = 0; k < s->nstates && s->cost; k++)
                for (size_t e = 0; e < s->nexits; e++)
                    fprintf(stderr, " [%zu>%x]%g%s", k, s->exits[e].next, s->cost[k * s->nexits + e],
                            isnan(s->tdelta[k * s->nexits + e]) ? "" : "t"),
                    isnan(s->tdelta[k * s->nexits + e]) ? (void)0 : (void)fprintf(stderr, "%g", s->tdelta[k * s->nexits + e]);
            fprintf(stderr, "\n");
        }
    return pp;
}

void cost_pipe_free(struct cost_pipe *pp)
{
    if (!pp)
        return;
    for (size_t i = 0; i < pp->nsegs; i++) {
        free(pp->segs[i].ins);
        free(pp->segs[i].exits);
        free(pp->segs[i].cost);
        free(pp->segs[i].tdelta);
        free(pp->segs[i].leave);
        free(pp->segs[i].done);
    }
    for (size_t fi = 0; fi < pp->mm->nfuncs; fi++)
        free(pp->blocks_of[fi]);
    free(pp->blocks_of);
    free(pp->func_first);
    free(pp->segs);
    free(pp->calls);
    free(pp->states);
    free(pp->hash);
    free(pp->work);
    free(pp->order);
    free(pp->cold);
    free(pp->conflict);
    free(pp->missed);
    free(pp->entry_cold);
    free(pp->n_in);
    free(pp->taken_address);
    free(pp->rdelta);
    free(pp->rdelta_bad);
    free(pp->rets);
    free(pp->indirect_calls);
    free(pp->site_state);
    free(pp->ret_buf);
    free(pp->chain_delta);
    free(pp->shared);
    free(pp->ret_seen);
    free(pp->last_ret);
    free(pp->ret_list);
    free(pp->unseen);
    free(pp->ret_count);
    free(pp->ret_n);
    free(pp->chain_from);
    free(pp->chain_left);
    free(pp->chain_cost);
    ptrmap_free(&pp->site_of);
    ua_core_free(pp->core);
    free(pp);
}
