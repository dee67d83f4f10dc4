/* cost_pipe_run.c — runs segments on the core's cycle model and finds, by a fixed
 * point from main's entry, the pipeline states each segment is entered in, with its
 * cost and the state it leaves in along each exit (cost_pipe.c says how). */
#include "pipe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- running the model ---- */

/* A warm instruction cache: every line present. */
bool pipe_warm(void *arg, uint32_t addr)
{
    (void)arg;
    (void)addr;
    return true;
}

static void push_work(struct cost_pipe *pp, size_t seg, size_t slot)
{
    if (pp->nwork == pp->capwork) {
        pp->capwork = pp->capwork ? pp->capwork * 2 : 256;
        pp->work = sup_xrealloc(pp->work, pp->capwork * sizeof *pp->work);
    }
    pp->work[pp->nwork++] = seg * PIPE_MAX_STATES + slot;
}

/* Records that segment SI can be entered in state ST. */
static void enter(struct cost_pipe *pp, size_t si, size_t st)
{
    if (si == SIZE_MAX)
        return;
    struct pipe_seg *s = &pp->segs[si];
    for (size_t k = 0; k < s->nstates; k++)
        if (s->states[k] == st)
            return;
    if (s->nstates == PIPE_MAX_STATES) {
        s->overflow = true;
        return;
    }
    s->states[s->nstates] = st;
    push_work(pp, si, s->nstates++);
}

/* The op of the instruction that runs after exit E: not taken, or (TAKEN) a
 * conditional branch there taken. On a core that stamps an instruction when it
 * retires, that branch's own cycles are in its stamp, so in the cost. */
static void next_op(struct cost_pipe *pp, uint32_t pc, bool taken, struct ua_op *op)
{
    struct ua_rv32 in;
    pipe_decode_at(pp, pc, &in);
    pipe_make_op(pp->isa, pc, &in, NULL, taken && in.kind == UA_K_BRANCH ? pc + (uint32_t)in.imm : pc + in.size, op);
}

/* Whether the instruction at PC is a conditional branch. */
static bool branch_at(struct cost_pipe *pp, uint32_t pc)
{
    struct ua_rv32 in;
    return pc && pipe_decode_at(pp, pc, &in) && in.kind == UA_K_BRANCH;
}

/* The state the core is in now, interned. */
static size_t saved_state(struct cost_pipe *pp)
{
    uint8_t *buf = sup_xmalloc(pp->state_bytes);
    ua_core_save(pp->core, buf);
    size_t st = pipe_intern(pp, buf);
    free(buf);
    return st;
}

/* Feeds the model the instruction at PC, going to NEXT (0: the one after it). */
static void feed_one(struct cost_pipe *pp, uint32_t pc, uint32_t next)
{
    struct ua_rv32 in;
    pipe_decode_at(pp, pc, &in);
    struct ua_op op;
    pipe_make_op(pp->isa, pc, &in, NULL, next ? next : pc + in.size, &op);
    ua_core_feed(pp->core, &op);
}

/* Restarts the model at the canonical sequences' byte AT (pipe.h PIPE_SYNTH_BASE) and
 * feeds it their N instructions from there, the last going to NEXT. */
static void feed_synth(struct cost_pipe *pp, uint32_t at, unsigned n, uint32_t next)
{
    ua_core_restart(pp->core, PIPE_SYNTH_BASE + at);
    for (unsigned k = 0; k < n; k++) {
        uint32_t pc = PIPE_SYNTH_BASE + at + 4 * k;
        feed_one(pp, pc, k + 1 == n ? next : pc + 4);
    }
}

/* Runs segment S from state ST along exit E: the cost and the state left in
 * (SIZE_MAX when the model stops). */
static bool run_next(struct cost_pipe *pp, const struct pipe_seg *s, size_t st, const struct pipe_exit *e, bool taken,
                     double *cost, size_t *left)
{
    struct ua_core *core = pp->core;
    ua_core_load(core, pipe_state(pp, st));
    uint64_t first = ua_core_fed(core), a = UINT64_MAX;
    size_t n = e->len;
    for (size_t k = 0; k < n; k++) {
        if (a == UINT64_MAX && k)
            a = ua_core_stamp(core, first); /* kept for UA_STAMP_WINDOW instructions only */
        const struct pipe_insn *p = &s->ins[k];
        uint32_t next = k + 1 < n ? s->ins[k + 1].pc : e->next;
        if (k + 1 == n && !e->taken)
            next = p->pc + p->in.size;
        struct ua_op op;
        pipe_make_op(pp->isa, p->pc, &p->in, p->cls, next, &op);
        if (!ua_core_feed(core, &op)) {
            if (pipe_debug())
                fprintf(stderr, "pipe: refused %s at %x (seg %zu insn %zu/%zu, next %x, exit to %x taken %d)\n",
                        ua_rv32_name(p->in.op), p->pc, (size_t)(s - pp->segs), k, s->n, next, e->next, e->taken);
            return false;
        }
    }
    *left = saved_state(pp);
    if (a == UINT64_MAX && s->n)
        a = ua_core_stamp(core, first);
    if (!e->next) { /* main returns: its last instruction's own stamp ends it */
        ua_core_drain(core);
        if (a == UINT64_MAX && s->n)
            a = ua_core_stamp(core, first);
        *cost = s->n ? (double)(ua_core_stamp(core, ua_core_fed(core) - 1) - a) : 0;
        return a != UINT64_MAX || !s->n;
    }
    struct ua_op op;
    next_op(pp, e->next, taken, &op);
    if (!ua_core_feed(core, &op)) {
        if (pipe_debug())
            fprintf(stderr, "pipe: refused the next instruction %s at %x after seg %zu (last %s at %x imm %d, len %zu of %zu)\n", ua_rv32_name(op.in.op),
                    e->next, (size_t)(s - pp->segs), n ? ua_rv32_name(s->ins[n - 1].in.op) : "-", n ? s->ins[n - 1].pc : 0,
                    n ? s->ins[n - 1].in.imm : 0, n, s->n);
        return false;
    }
    ua_core_drain(core);
    if (a == UINT64_MAX && s->n)
        a = ua_core_stamp(core, first);
    uint64_t b = ua_core_stamp(core, ua_core_fed(core) - 1);
    *cost = s->n ? (double)(b - a) : 0;
    return a != UINT64_MAX || !s->n;
}

bool pipe_run(struct cost_pipe *pp, const struct pipe_seg *s, size_t st, const struct pipe_exit *e, double *cost, size_t *left)
{
    return run_next(pp, s, st, e, false, cost, left);
}

/* The state after a return made by a canonical epilogue (a routine's, a call
 * through a pointer): the pipeline runs `ret` after instructions that leave
 * nothing in its later stages, to the return address. */
static size_t canonical_return(struct cost_pipe *pp, uint32_t ret_pc)
{
    feed_synth(pp, 20, 4, ret_pc);
    return saved_state(pp);
}

/* What a return from a routine to RET_PC is charged: the stamp of the
 * instruction there minus the return's own (the canonical epilogue's). */
double pipe_return_charge(struct cost_pipe *pp, uint32_t ret_pc)
{
    struct ua_core *core = pp->core;
    feed_synth(pp, 20, 4, ret_pc);
    uint64_t ret = ua_core_fed(core) - 1; /* the ret */
    feed_one(pp, ret_pc, 0);
    ua_core_drain(core);
    return (double)(ua_core_stamp(core, ret + 1) - ua_core_stamp(core, ret));
}

/* main is entered from crt0's `call main` (auipc + jalr), after instructions that
 * leave nothing in the pipeline's later stages. */
static size_t main_entry(struct cost_pipe *pp, uint32_t main_pc)
{
    struct ua_core *core = pp->core;
    uint32_t read = 0, call = 0;
    if (pp->code && isa_code_entry(pp->code, "__lp_main_read", &read) && isa_code_entry(pp->code, "__lp_main_call", &call) &&
        call > read && call - read <= 8) {
        /* crt0's own: read mcycle, auipc ra, jalr ra */
        ua_core_restart(core, read);
        uint32_t pc = read;
        for (unsigned k = 0; k < 4 && pc <= call + 4; k++) {
            struct ua_rv32 in;
            pipe_decode_at(pp, pc, &in);
            bool last = in.kind == UA_K_JALR;
            struct ua_op op;
            pipe_make_op(pp->isa, pc, &in, NULL, last ? main_pc : pc + in.size, &op);
            ua_core_feed(core, &op);
            pc += in.size;
            if (last)
                break;
        }
    } else {
        feed_synth(pp, 0, 5, main_pc);
    }
    return saved_state(pp);
}

void pipe_solve(struct cost_pipe *pp)
{
    int mi = pipe_func_index(pp->mm, "main");
    if (mi < 0 || pp->func_first[mi] == SIZE_MAX)
        return;
    pp->order = sup_xcalloc(pp->nsegs + 1, sizeof *pp->order);
    enter(pp, pp->func_first[mi], main_entry(pp, pp->mm->funcs[mi].addr));
    while (pp->nwork) {
        size_t w = pp->work[--pp->nwork], si = w / PIPE_MAX_STATES, slot = w % PIPE_MAX_STATES;
        struct pipe_seg *s = &pp->segs[si];
        if (!s->cost) {
            pp->order[pp->norder++] = si;
            s->cost = sup_xcalloc((size_t)PIPE_MAX_STATES * (s->nexits + 1), sizeof *s->cost);
            s->leave = sup_xcalloc((size_t)PIPE_MAX_STATES * (s->nexits + 1), sizeof *s->leave);
            s->tdelta = sup_xcalloc((size_t)PIPE_MAX_STATES * (s->nexits + 1), sizeof *s->tdelta);
            s->done = sup_xcalloc(PIPE_MAX_STATES, sizeof *s->done);
        }
        if (s->done[slot])
            continue;
        s->done[slot] = true;
        size_t st = s->states[slot];
        for (size_t e = 0; e < s->nexits; e++) {
            double c = 0;
            size_t left = SIZE_MAX;
            if (!pipe_run(pp, s, st, &s->exits[e], &c, &left)) {
                if (!pp->failed)
                    sup_diag(pp->diag, pp->mm->funcs[s->func].name, 0, 0, "warning",
                             "the pipeline model could not pipe_run block bb.%d at 0x%x: priced as an estimate",
                             pp->mm->funcs[s->func].blocks[s->block].number, s->n ? s->ins[0].pc : 0);
                pp->failed = true;
                s->failed = true;
                s->cost[slot * s->nexits + e] = NAN;
                s->tdelta[slot * s->nexits + e] = NAN;
                continue;
            }
            s->cost[slot * s->nexits + e] = c;
            s->leave[slot * s->nexits + e] = left;
            const struct pipe_exit *x = &s->exits[e];
            /* the instruction after it a conditional branch: its own cycles taken, from this state */
            double ct = 0;
            size_t lt;
            s->tdelta[slot * s->nexits + e] =
                x->kind != PIPE_EX_ROUTINE && branch_at(pp, x->next) && run_next(pp, s, st, x, true, &ct, &lt) ? ct - c : NAN;
            if (x->kind == PIPE_EX_ROUTINE) {
                if (s->call != SIZE_MAX) {
                    struct pipe_call *call = &pp->calls[s->call];
                    if (call->call_state == SIZE_MAX)
                        call->call_state = left;
                    else if (call->call_state != left)
                        call->call_state_ambiguous = true;
                }
                if (s->ends_call) {
                    const struct pipe_call *rc = &pp->calls[s->call];
                    if (rc->ret_several) /* every state its returns left */
                        for (unsigned k = 0; k < pp->ret_n[s->call]; k++)
                            enter(pp, s->cont, pp->ret_list[s->call * PIPE_MAX_STATES + k]);
                    else
                        enter(pp, s->cont, rc->ret_state != SIZE_MAX ? rc->ret_state : canonical_return(pp, rc->ret_pc));
                } else {
                    /* a tail call of a routine: it returns to this function's callers */
                    bool *via = sup_xcalloc(pp->mm->nfuncs + 1, sizeof *via);
                    pipe_returners(pp, s->func, via);
                    for (size_t ci = 0; ci < pp->ncalls; ci++) {
                        const struct pipe_call *c = &pp->calls[ci];
                        if (!c->tail && pipe_returns_from(pp, c, via) && pp->segs[c->seg].cont != SIZE_MAX)
                            enter(pp, pp->segs[c->seg].cont, canonical_return(pp, c->ret_pc));
                    }
                    free(via);
                }
            } else {
                enter(pp, x->to, left);
            }
        }
    }
}
