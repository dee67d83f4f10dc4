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
#include "cost.h"
#include "isa.h"
#include "ptrmap.h"
#include "routine.h"
#include "support.h"
#include "uarch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STATES 16     /* entry states kept per segment; more: an estimate */
#define RET_SEVERAL (SIZE_MAX - 1) /* cost_pipe.ret_seen: returns in more than one state */

/* One machine instruction as the model needs it. */
struct pinsn {
    uint32_t pc;
    struct ua_rv32 in;
    const struct isa_insn *cls;    /* its base mnemonic's row */
    const struct minsn *src;       /* the assembly instruction it is (a part of) */
};

enum exit_kind { EX_BLOCK, EX_CALLEE, EX_ROUTINE, EX_RETURN, EX_NONE };

/* A way out of a segment. */
struct pexit {
    enum exit_kind kind;
    size_t to;                     /* the segment entered (SIZE_MAX: a routine, or unknown) */
    uint32_t next;                 /* the pc run next */
    bool taken;                    /* the segment's last instruction transfers control */
    int succ;                      /* EX_BLOCK: the machine successor's index */
    size_t site;                   /* EX_RETURN: the call site (index into pipe.calls) */
    size_t len;                    /* the segment's instructions run on the way out (a branch
                                      taken before the block's final jump leaves early) */
};

struct pseg {
    size_t func, block;
    struct pinsn *ins;
    size_t n;
    struct pexit *exits;
    size_t nexits;
    bool is_entry;                 /* the function's first segment */
    bool ends_call;                /* ends at a call (its continuation follows in the block) */
    size_t cont;                   /* the segment after the call returns (SIZE_MAX: none) */
    size_t call;                   /* ends_call: index into pipe.calls */
    /* the analysis: entry states and, per state and exit, cost and state left in */
    size_t states[MAX_STATES];
    size_t nstates;
    bool overflow;                 /* more states than kept */
    bool failed;                   /* the model could not run it from some state along some exit:
                                      that cost is NAN, the block an estimate */
    double *cost;                  /* [state * nexits + exit] */
    double *tdelta;                /* [state * nexits + exit]: what the cost grows by when the
                                      instruction after the exit is a conditional branch taken
                                      (NAN: it is not one) */
    size_t *leave;                 /* [state * nexits + exit]: state index */
    bool *done;                    /* [state]: run along every exit */
};

/* A call site: where it calls and where it returns. */
struct pcall {
    size_t seg;                    /* the segment that ends with it */
    int callee;                    /* function index in mm, or -1 */
    bool routine;                  /* a runtime routine (its code or its formula) */
    uint32_t target;               /* the callee's entry, 0 when not known (indirect) */
    uint32_t ret_pc;               /* the instruction after the call */
    const struct minsn *src;
    size_t call_state;             /* routines: the state the call leaves (SIZE_MAX: not yet) */
    bool call_state_ambiguous;
    size_t priced_by;              /* routines: the call site whose runs price this one's (SIZE_MAX: its own) */
    bool indirect;                 /* through a register: any function whose address is taken */
    uint64_t misses;               /* routines: instruction-cache misses of their runs */
    bool tail;                     /* a tail call of a routine: it returns to the function's callers
                                      (ret_pc: the first of them found) */
    size_t ret_state;              /* routines: the state the code after the call starts from
                                      (SIZE_MAX: the canonical return's; see resolve_returns) */
};

struct cost_pipe {
    const struct isa *isa;
    const struct mmodule *mm;
    LLVMModuleRef m;
    const struct eng_profile *prof;  /* set at pricing */
    const struct cost_args *args;  /* ... and the run's values (calls through pointers, per site) */
    bool *taken_address;           /* per function: its address is taken (a callee of indirect calls) */
    const struct isa_code *code;
    struct ua_core *core;
    struct ua_params params;
    size_t state_bytes;
    /* interned states */
    uint8_t *states;
    size_t nstates, capstates;
    size_t *hash;
    size_t hcap;
    /* segments and calls */
    struct pseg *segs;
    size_t nsegs, capsegs;
    struct pcall *calls;
    size_t ncalls, capcalls;
    size_t *func_first;            /* per function: its first segment, SIZE_MAX when none */
    size_t *block_first;           /* per function, per block: first segment */
    size_t **blocks_of;            /* [func][block] = index into segs of the block's first segment */
    /* once the counts are known (pricing): per segment, the executions entering it and
     * the number of ways they come (0, 1 or more) */
    bool counted;
    unsigned *n_in;
    double *indirect_calls;        /* per function: calls made to it through pointers */
    unsigned *rets;                /* per function: its return segments that run */
    double indirect_execs;         /* executions of every indirect call site */
    /* routine calls in a row (chain): per call site the state its routine runs from
     * (ncalls x state_bytes: the fixed point's, or the one the routine before it left),
     * the state the last routine's return left (routine_pipe.ret_state), the call site
     * whose next run starts from CHAIN_STATE, and per segment what its runs from those
     * states cost beyond the fixed point's (cycles in all) */
    uint8_t *site_state;
    uint8_t *ret_buf;
    bool ret_ok;
    size_t chain_site, chain_state;
    double *chain_delta;
    bool *shared;                  /* per call site: its runs price another's, or another's price it */
    size_t *ret_seen;              /* per call site: the state its routine's returns left (SIZE_MAX:
                                      none seen, RET_SEVERAL: more than one) */
    size_t *last_ret;              /* per call site: the state its last return left (interned) */
    size_t *chain_from, *chain_left; /* per segment: the last state chain ran it from, the state left */
    double *chain_cost;            /* ... and what it cost */
    size_t return_state;           /* the state after a canonical return (routines, indirect calls) */
    struct ptrmap site_of;         /* minsn of a call -> index + 1 into calls */
    /* work list of (segment, state slot) */
    size_t *work;
    size_t nwork, capwork;
    /* an instruction cache: the segments in the order the fixed point first ran them, and
     * per segment the cycles its first run takes beyond the warm price (its lines' first
     * misses) and whether a line it runs can be replaced by another (not priced) */
    size_t *order;
    size_t norder;
    double *cold;
    bool *missed;                  /* its first run missed */
    bool *conflict;
    uint64_t misses_before;        /* at the start of a routine's run */
    FILE *diag;
    bool failed;
};

/* Development traces on stderr (LPNEST_DEBUG_PIPE set): segments, prices, refusals. */
static bool debug_pipe(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("LPNEST_DEBUG_PIPE") != NULL;
    return on;
}

/* ---- the code as the fetch unit reads it ---- */

/* Where the canonical sequences lie (main's call, a routine's return): below any
 * memory the programs use, three nops, then auipc ra, 0 / jalr ra, 0(ra), then
 * ret; each 32 bits (the model fetches what it runs). */
#define SYNTH_BASE 0x100u
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
    if (addr >= SYNTH_BASE && addr - SYNTH_BASE < sizeof synth) {
        *avail = (uint32_t)(sizeof synth - (addr - SYNTH_BASE));
        return synth + (addr - SYNTH_BASE);
    }
    if (mm->text && addr >= mm->text_base && addr - mm->text_base < mm->text_len) {
        *avail = mm->text_len - (addr - mm->text_base);
        return mm->text + (addr - mm->text_base);
    }
    return pp->code ? isa_code_bytes(pp->code, addr, 1, avail) : NULL;
}

static bool decode_at(struct cost_pipe *pp, uint32_t pc, struct ua_rv32 *out)
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
static void make_op(const struct isa *isa, uint32_t pc, const struct ua_rv32 *in, const struct isa_insn *cls,
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
    make_op(isa, pc, in, cls, next, op);
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

static size_t intern(struct cost_pipe *pp, const uint8_t *st)
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

static const uint8_t *state(const struct cost_pipe *pp, size_t i)
{
    return pp->states + i * pp->state_bytes;
}

/* ---- segments ---- */

static size_t new_seg(struct cost_pipe *pp, size_t func, size_t block)
{
    if (pp->nsegs == pp->capsegs) {
        pp->capsegs = pp->capsegs ? pp->capsegs * 2 : 256;
        pp->segs = sup_xrealloc(pp->segs, pp->capsegs * sizeof *pp->segs);
    }
    struct pseg *s = &pp->segs[pp->nsegs];
    memset(s, 0, sizeof *s);
    s->func = func;
    s->block = block;
    s->cont = SIZE_MAX;
    s->call = SIZE_MAX;
    return pp->nsegs++;
}

static void add_exit(struct pseg *s, struct pexit e)
{
    if (!e.len)
        e.len = s->n;
    s->exits = sup_xrealloc(s->exits, (s->nexits + 1) * sizeof *s->exits);
    s->exits[s->nexits++] = e;
}

static int func_index(const struct mmodule *mm, const char *name)
{
    for (size_t i = 0; i < mm->nfuncs; i++)
        if (!strcmp(mm->funcs[i].name, name))
            return (int)i;
    return -1;
}

/* The first instruction's address at or after block B of F (empty blocks fall through). */
static bool block_pc(const struct mfunc *f, size_t b, uint32_t *pc)
{
    for (; b < f->nblocks; b++)
        if (f->blocks[b].ninsns) {
            *pc = f->blocks[b].insns[0].addr;
            return true;
        }
    return false;
}

/* The machine instructions of block B, and where calls cut it. */
static bool block_insns(struct cost_pipe *pp, const struct mfunc *f, size_t b, struct pinsn **out, size_t *n)
{
    const struct mblock *mb = &f->blocks[b];
    size_t total = 0, cap = 0;
    struct pinsn *v = NULL;
    for (size_t k = 0; k < mb->ninsns; k++) {
        const struct minsn *in = &mb->insns[k];
        uint32_t pc = in->addr;
        for (unsigned part = 0; part < in->nparts; part++) {
            if (total == cap) {
                cap = cap ? cap * 2 : 16;
                v = sup_xrealloc(v, cap * sizeof *v);
            }
            struct pinsn *p = &v[total++];
            p->pc = pc;
            p->src = in;
            decode_at(pp, pc, &p->in);
            p->cls = isa_lookup(pp->isa, ua_rv32_name(p->in.op));
            pc += p->in.size;
        }
    }
    *out = v;
    *n = total;
    return true;
}

static bool is_call_part(const struct pinsn *p)
{
    const struct isa_insn *d = p->src->isa;
    bool last = p->pc + p->in.size == p->src->addr + p->src->bytes;
    return last && d && (d->kind == ISA_CALL || d->kind == ISA_INDIRECT_CALL) &&
           (p->in.kind == UA_K_JAL || p->in.kind == UA_K_JALR);
}

static size_t new_call(struct cost_pipe *pp)
{
    if (pp->ncalls == pp->capcalls) {
        pp->capcalls = pp->capcalls ? pp->capcalls * 2 : 64;
        pp->calls = sup_xrealloc(pp->calls, pp->capcalls * sizeof *pp->calls);
    }
    memset(&pp->calls[pp->ncalls], 0, sizeof pp->calls[0]);
    pp->calls[pp->ncalls].callee = -1;
    pp->calls[pp->ncalls].call_state = SIZE_MAX;
    pp->calls[pp->ncalls].ret_state = SIZE_MAX;
    pp->calls[pp->ncalls].priced_by = SIZE_MAX;
    return pp->ncalls++;
}

/* Cuts every block of every function into segments. */
static void build(struct cost_pipe *pp)
{
    const struct mmodule *mm = pp->mm;
    pp->func_first = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->func_first);
    pp->blocks_of = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->blocks_of);
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        pp->func_first[fi] = SIZE_MAX;
        pp->blocks_of[fi] = sup_xcalloc(f->nblocks + 1, sizeof **pp->blocks_of);
        if (!f->size)
            continue;
        for (size_t b = 0; b < f->nblocks; b++) {
            struct pinsn *ins;
            size_t n;
            block_insns(pp, f, b, &ins, &n);
            size_t start = 0, prev = SIZE_MAX;
            pp->blocks_of[fi][b] = pp->nsegs;
            for (;;) {
                size_t end = start;
                while (end < n && !is_call_part(&ins[end]))
                    end++;
                bool call = end < n;
                size_t si = new_seg(pp, fi, b);
                struct pseg *s = &pp->segs[si];
                s->n = (call ? end + 1 : n) - start;
                s->ins = sup_xmalloc((s->n + 1) * sizeof *s->ins);
                memcpy(s->ins, ins + start, s->n * sizeof *s->ins);
                if (prev != SIZE_MAX)
                    pp->segs[prev].cont = si;
                if (!call)
                    break;
                s->ends_call = true;
                size_t ci = new_call(pp);
                struct pcall *c = &pp->calls[ci];
                s = &pp->segs[si];
                s->call = ci;
                c->seg = si;
                c->src = ins[end].src;
                c->ret_pc = ins[end].pc + ins[end].in.size;
                ptrmap_put(&pp->site_of, c->src, ci + 1);
                c->indirect = c->src->isa && c->src->isa->kind == ISA_INDIRECT_CALL;
                if (c->src->isa && c->src->isa->kind == ISA_CALL) {
                    char sym[256];
                    lower_call_symbol(c->src->ops, sym, sizeof sym);
                    c->callee = func_index(mm, sym);
                    if (c->callee >= 0 && mm->funcs[c->callee].size)
                        c->target = mm->funcs[c->callee].addr;
                    else {
                        c->callee = -1;
                        c->routine = true;
                        if (!pp->code || !isa_code_entry(pp->code, sym, &c->target))
                            c->target = 0;
                    }
                }
                prev = si;
                start = end + 1;
            }
            free(ins);
        }
        pp->func_first[fi] = pp->blocks_of[fi][0];
        pp->segs[pp->func_first[fi]].is_entry = true;
    }
}

/* Whether function F's address is taken: a use that is not the callee of a call. */
static bool address_taken(LLVMValueRef f)
{
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f)
            continue;
        return true;
    }
    return false;
}

/* The functions whose calls a return of F returns to: F and, transitively, those
 * that tail-call it (VIA[g]). */
static void returners(struct cost_pipe *pp, size_t f, bool *via)
{
    if (via[f])
        return;
    via[f] = true;
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pseg *s = &pp->segs[si];
        if (s->ends_call || !s->n || via[s->func])
            continue;
        const struct pinsn *last = &s->ins[s->n - 1];
        const struct isa_insn *d = last->src->isa;
        if (!d || d->kind != ISA_TAIL_CALL)
            continue;
        char sym[256];
        lower_call_symbol(last->src->ops, sym, sizeof sym);
        if (func_index(pp->mm, sym) == (int)f)
            returners(pp, s->func, via);
    }
}

/* Whether call site C returns from a function of VIA (returners()): it calls one, or
 * calls through a pointer and one has its address taken. */
static bool returns_from(const struct cost_pipe *pp, const struct pcall *c, const bool *via)
{
    if (c->callee >= 0)
        return via[c->callee];
    for (size_t g = 0; c->indirect && g < pp->mm->nfuncs; g++)
        if (via[g] && pp->taken_address[g])
            return true;
    return false;
}

/* The exits of every segment, now that every function's first segment is known. */
static void link(struct cost_pipe *pp)
{
    const struct mmodule *mm = pp->mm;
    for (size_t si = 0; si < pp->nsegs; si++) {
        struct pseg *s = &pp->segs[si];
        const struct mfunc *f = &mm->funcs[s->func];
        const struct mblock *mb = &f->blocks[s->block];
        if (s->ends_call) {
            const struct pcall *c = &pp->calls[s->call];
            if (c->indirect) {
                for (size_t g = 0; g < mm->nfuncs; g++)
                    if (pp->taken_address[g] && mm->funcs[g].size)
                        add_exit(s, (struct pexit){EX_CALLEE, pp->func_first[g], mm->funcs[g].addr, true, -1, 0, 0});
                if (!s->nexits) /* a pointer to a routine, or to nothing lpnest knows */
                    add_exit(s, (struct pexit){EX_ROUTINE, SIZE_MAX, 0, true, -1, 0, 0});
                continue;
            }
            if (c->callee >= 0)
                add_exit(s, (struct pexit){EX_CALLEE, pp->func_first[c->callee], c->target, true, -1, 0, 0});
            else
                add_exit(s, (struct pexit){EX_ROUTINE, SIZE_MAX, c->target, true, -1, 0, 0});
            continue;
        }
        if (s->cont != SIZE_MAX)
            continue; /* not the block's last segment: it ends at a call (above) */
        const struct pinsn *last = s->n ? &s->ins[s->n - 1] : NULL;
        const struct isa_insn *d = last ? last->src->isa : NULL;
        bool transfer_last = last && last->pc + last->in.size == last->src->addr + last->src->bytes &&
                             last->src == &mb->insns[mb->ninsns - 1];
        if (transfer_last && d && (d->kind == ISA_RETURN || d->kind == ISA_TAIL_CALL)) {
            if (d->kind == ISA_TAIL_CALL) {
                char sym[256];
                lower_call_symbol(last->src->ops, sym, sizeof sym);
                int g = func_index(mm, sym);
                uint32_t t = 0;
                if (g >= 0 && mm->funcs[g].size) {
                    add_exit(s, (struct pexit){EX_CALLEE, pp->func_first[g], mm->funcs[g].addr, true, -1, 0, 0});
                    continue;
                }
                if (!pp->code || !isa_code_entry(pp->code, sym, &t))
                    t = 0;
                add_exit(s, (struct pexit){EX_ROUTINE, SIZE_MAX, t, true, -1, 0, 0});
                /* a call site of its own, for the routine's runs: it returns to where this
                 * function returns (the first call of it found; price_block weighs the others) */
                bool *via = sup_xcalloc(mm->nfuncs + 1, sizeof *via);
                returners(pp, s->func, via);
                uint32_t ret = 0;
                for (size_t ci = 0; ci < pp->ncalls && !ret; ci++)
                    if (!pp->calls[ci].tail && returns_from(pp, &pp->calls[ci], via))
                        ret = pp->calls[ci].ret_pc;
                free(via);
                if (ret) {
                    size_t ci = new_call(pp);
                    struct pcall *c = &pp->calls[ci];
                    c->seg = si;
                    c->src = last->src;
                    c->routine = true;
                    c->tail = true;
                    c->target = t;
                    c->ret_pc = ret;
                    ptrmap_put(&pp->site_of, c->src, ci + 1);
                    s->call = ci;
                }
                continue;
            }
            /* a return: to every call of this function, and of the functions that tail-call it */
            bool *via = sup_xcalloc(mm->nfuncs + 1, sizeof *via);
            returners(pp, s->func, via);
            for (size_t ci = 0; ci < pp->ncalls; ci++) {
                const struct pcall *c = &pp->calls[ci];
                bool to = (c->callee >= 0 && via[c->callee]) || c->callee == (int)s->func;
                for (size_t g = 0; !to && c->indirect && g < mm->nfuncs; g++)
                    to = via[g] && pp->taken_address[g];
                if (to && pp->segs[c->seg].cont != SIZE_MAX)
                    add_exit(s, (struct pexit){EX_RETURN, pp->segs[c->seg].cont, c->ret_pc, true, -1, ci, 0});
            }
            free(via);
            uint32_t back = 0;
            if (!strcmp(f->name, "main")) /* crt0's instruction after `call main`, when the code file has it */
                add_exit(s, (struct pexit){EX_RETURN, SIZE_MAX,
                                           pp->code && isa_code_entry(pp->code, "__lp_main_return", &back) ? back : 0,
                                           true, -1, SIZE_MAX, 0});
            continue;
        }
        int target = last && transfer_last && d && d->kind == ISA_COND_BRANCH ? last->src->target : -1;
        /* "bcond L1; j L2": the conditional branch taken leaves before the jump */
        int early = -1;
        size_t early_len = 0;
        if (last && transfer_last && d && d->kind == ISA_JUMP && s->n >= 2) {
            const struct pinsn *bc = &s->ins[s->n - 2];
            if (bc->src->isa && bc->src->isa->kind == ISA_COND_BRANCH && bc->in.kind == UA_K_BRANCH) {
                early = bc->src->target;
                early_len = s->n - 1;
            }
        }
        for (size_t k = 0; k < mb->nsucc; k++) {
            int t = mb->succ[k];
            uint32_t pc;
            if (!block_pc(f, (size_t)t, &pc))
                continue;
            size_t to = pp->blocks_of[s->func][t];
            while ((size_t)t < f->nblocks && !f->blocks[t].ninsns)
                to = pp->blocks_of[s->func][++t];
            bool taken = last && pc != last->pc + last->in.size;
            if (target >= 0)
                taken = t == target && !(mb->falls_through && (size_t)t == s->block + 1);
            size_t len = t == early && early >= 0 ? early_len : 0;
            add_exit(s, (struct pexit){EX_BLOCK, to, pc, taken, (int)k, 0, len});
        }
    }
}

/* ---- running the model ---- */

/* A warm instruction cache: every line present. */
static bool warm(void *arg, uint32_t addr)
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
    pp->work[pp->nwork++] = seg * MAX_STATES + slot;
}

/* Records that segment SI can be entered in state ST. */
static void enter(struct cost_pipe *pp, size_t si, size_t st)
{
    if (si == SIZE_MAX)
        return;
    struct pseg *s = &pp->segs[si];
    for (size_t k = 0; k < s->nstates; k++)
        if (s->states[k] == st)
            return;
    if (s->nstates == MAX_STATES) {
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
    decode_at(pp, pc, &in);
    make_op(pp->isa, pc, &in, NULL, taken && in.kind == UA_K_BRANCH ? pc + (uint32_t)in.imm : pc + in.size, op);
}

/* Whether the instruction at PC is a conditional branch. */
static bool branch_at(struct cost_pipe *pp, uint32_t pc)
{
    struct ua_rv32 in;
    return pc && decode_at(pp, pc, &in) && in.kind == UA_K_BRANCH;
}

/* Runs segment S from state ST along exit E: the cost and the state left in
 * (SIZE_MAX when the model stops). */
static bool run_next(struct cost_pipe *pp, const struct pseg *s, size_t st, const struct pexit *e, bool taken,
                     double *cost, size_t *left)
{
    struct ua_core *core = pp->core;
    ua_core_load(core, state(pp, st));
    uint64_t first = ua_core_fed(core), a = UINT64_MAX;
    size_t n = e->len;
    for (size_t k = 0; k < n; k++) {
        if (a == UINT64_MAX && k)
            a = ua_core_stamp(core, first); /* kept for UA_STAMP_WINDOW instructions only */
        const struct pinsn *p = &s->ins[k];
        uint32_t next = k + 1 < n ? s->ins[k + 1].pc : e->next;
        if (k + 1 == n && !e->taken)
            next = p->pc + p->in.size;
        struct ua_op op;
        make_op(pp->isa, p->pc, &p->in, p->cls, next, &op);
        if (!ua_core_feed(core, &op)) {
            if (debug_pipe())
                fprintf(stderr, "pipe: refused %s at %x (seg %zu insn %zu/%zu, next %x, exit to %x taken %d)\n",
                        ua_rv32_name(p->in.op), p->pc, (size_t)(s - pp->segs), k, s->n, next, e->next, e->taken);
            return false;
        }
    }
    uint8_t *buf = sup_xmalloc(pp->state_bytes);
    ua_core_save(core, buf);
    *left = intern(pp, buf);
    free(buf);
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
        if (debug_pipe())
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

static bool run(struct cost_pipe *pp, const struct pseg *s, size_t st, const struct pexit *e, double *cost, size_t *left)
{
    return run_next(pp, s, st, e, false, cost, left);
}

/* The state after a return made by a canonical epilogue (a routine's, a call
 * through a pointer): the pipeline runs `ret` after instructions that leave
 * nothing in its later stages, to the return address. */
static size_t canonical_return(struct cost_pipe *pp, uint32_t ret_pc)
{
    struct ua_core *core = pp->core;
    ua_core_restart(core, SYNTH_BASE + 20);
    for (unsigned k = 0; k < 4; k++) {
        uint32_t pc = SYNTH_BASE + 20 + 4 * k;
        struct ua_rv32 in;
        decode_at(pp, pc, &in);
        struct ua_op op;
        make_op(pp->isa, pc, &in, NULL, k == 3 ? ret_pc : pc + 4, &op);
        ua_core_feed(core, &op);
    }
    uint8_t *buf = sup_xmalloc(pp->state_bytes);
    ua_core_save(core, buf);
    size_t st = intern(pp, buf);
    free(buf);
    return st;
}

/* What a return from a routine to RET_PC is charged: the stamp of the
 * instruction there minus the return's own (the canonical epilogue's). */
static double return_charge(struct cost_pipe *pp, uint32_t ret_pc)
{
    struct ua_core *core = pp->core;
    ua_core_restart(core, SYNTH_BASE + 20);
    uint64_t ret = ua_core_fed(core) + 3;
    for (unsigned k = 0; k < 5; k++) {
        uint32_t pc = k < 4 ? SYNTH_BASE + 20 + 4 * k : ret_pc;
        struct ua_rv32 in;
        decode_at(pp, pc, &in);
        struct ua_op op;
        make_op(pp->isa, pc, &in, NULL, k == 3 ? ret_pc : pc + in.size, &op);
        ua_core_feed(core, &op);
    }
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
            decode_at(pp, pc, &in);
            bool last = in.kind == UA_K_JALR;
            struct ua_op op;
            make_op(pp->isa, pc, &in, NULL, last ? main_pc : pc + in.size, &op);
            ua_core_feed(core, &op);
            pc += in.size;
            if (last)
                break;
        }
    } else {
        ua_core_restart(core, SYNTH_BASE);
        for (unsigned k = 0; k < 5; k++) {
            uint32_t pc = SYNTH_BASE + 4 * k;
        struct ua_rv32 in;
        decode_at(pp, pc, &in);
        struct ua_op op;
        make_op(pp->isa, pc, &in, NULL, k == 4 ? main_pc : pc + 4, &op);
        ua_core_feed(core, &op);
        }
    }
    uint8_t *buf = sup_xmalloc(pp->state_bytes);
    ua_core_save(core, buf);
    size_t st = intern(pp, buf);
    free(buf);
    return st;
}

static void resolve_returns(struct cost_pipe *pp);
static bool chains(const struct cost_pipe *pp, size_t site, size_t *seg);

static void solve(struct cost_pipe *pp)
{
    int mi = func_index(pp->mm, "main");
    if (mi < 0 || pp->func_first[mi] == SIZE_MAX)
        return;
    pp->order = sup_xcalloc(pp->nsegs + 1, sizeof *pp->order);
    enter(pp, pp->func_first[mi], main_entry(pp, pp->mm->funcs[mi].addr));
    while (pp->nwork) {
        size_t w = pp->work[--pp->nwork], si = w / MAX_STATES, slot = w % MAX_STATES;
        struct pseg *s = &pp->segs[si];
        if (!s->cost) {
            pp->order[pp->norder++] = si;
            s->cost = sup_xcalloc((size_t)MAX_STATES * (s->nexits + 1), sizeof *s->cost);
            s->leave = sup_xcalloc((size_t)MAX_STATES * (s->nexits + 1), sizeof *s->leave);
            s->tdelta = sup_xcalloc((size_t)MAX_STATES * (s->nexits + 1), sizeof *s->tdelta);
            s->done = sup_xcalloc(MAX_STATES, sizeof *s->done);
        }
        if (s->done[slot])
            continue;
        s->done[slot] = true;
        size_t st = s->states[slot];
        for (size_t e = 0; e < s->nexits; e++) {
            double c = 0;
            size_t left = SIZE_MAX;
            if (!run(pp, s, st, &s->exits[e], &c, &left)) {
                if (!pp->failed)
                    sup_diag(pp->diag, pp->mm->funcs[s->func].name, 0, 0, "warning",
                             "the pipeline model could not run block bb.%d at 0x%x: priced as an estimate",
                             pp->mm->funcs[s->func].blocks[s->block].number, s->n ? s->ins[0].pc : 0);
                pp->failed = true;
                s->failed = true;
                s->cost[slot * s->nexits + e] = NAN;
                s->tdelta[slot * s->nexits + e] = NAN;
                continue;
            }
            s->cost[slot * s->nexits + e] = c;
            s->leave[slot * s->nexits + e] = left;
            const struct pexit *x = &s->exits[e];
            /* the instruction after it a conditional branch: its own cycles taken, from this state */
            double ct = 0;
            size_t lt;
            s->tdelta[slot * s->nexits + e] =
                x->kind != EX_ROUTINE && branch_at(pp, x->next) && run_next(pp, s, st, x, true, &ct, &lt) ? ct - c : NAN;
            if (x->kind == EX_ROUTINE) {
                if (s->call != SIZE_MAX) {
                    struct pcall *call = &pp->calls[s->call];
                    if (call->call_state == SIZE_MAX)
                        call->call_state = left;
                    else if (call->call_state != left)
                        call->call_state_ambiguous = true;
                }
                if (s->ends_call) {
                    const struct pcall *rc = &pp->calls[s->call];
                    enter(pp, s->cont, rc->ret_state != SIZE_MAX ? rc->ret_state : canonical_return(pp, rc->ret_pc));
                } else {
                    /* a tail call of a routine: it returns to this function's callers */
                    bool *via = sup_xcalloc(pp->mm->nfuncs + 1, sizeof *via);
                    returners(pp, s->func, via);
                    for (size_t ci = 0; ci < pp->ncalls; ci++) {
                        const struct pcall *c = &pp->calls[ci];
                        if (!c->tail && returns_from(pp, c, via) && pp->segs[c->seg].cont != SIZE_MAX)
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
        ua_core_icache_assume(pp->core, warm, NULL);
    }
    pp->m = cx->m;
    pp->taken_address = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->taken_address);
    for (size_t i = 0; i < mm->nfuncs; i++) {
        LLVMValueRef f = LLVMGetNamedFunction(cx->m, mm->funcs[i].name);
        pp->taken_address[i] = f && address_taken(f);
    }
    build(pp);
    link(pp);
    solve(pp);
    if (debug_pipe())
        for (size_t si = 0; si < pp->nsegs; si++) {
            const struct pseg *s = &pp->segs[si];
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
    free(pp->n_in);
    free(pp->taken_address);
    free(pp->rets);
    free(pp->indirect_calls);
    free(pp->site_state);
    free(pp->ret_buf);
    free(pp->chain_delta);
    free(pp->shared);
    free(pp->ret_seen);
    free(pp->last_ret);
    free(pp->chain_from);
    free(pp->chain_left);
    free(pp->chain_cost);
    ptrmap_free(&pp->site_of);
    ua_core_free(pp->core);
    free(pp);
}

/* The share of G's calls that end in a tail call of F (through tail calls of tail
 * calls, DEPTH of them at most): G's tail-call executions to F over its calls. */
static double tail_share(const struct cost_pipe *pp, size_t g, size_t f, int depth)
{
    const struct mmodule *mm = pp->mm;
    if (g == f)
        return 1;
    if (depth <= 0 || mm->funcs[g].prof < 0 || !pp->prof)
        return 0;
    double calls = (double)eng_profile_func_calls(pp->prof, (size_t)mm->funcs[g].prof), share = 0;
    if (calls <= 0)
        return 0;
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pseg *s = &pp->segs[si];
        if (s->func != g || s->ends_call || !s->n || s->nexits != 1 || s->exits[0].kind != EX_CALLEE)
            continue;
        const struct isa_insn *d = s->ins[s->n - 1].src->isa;
        if (!d || d->kind != ISA_TAIL_CALL)
            continue;
        size_t h = pp->segs[s->exits[0].to].func;
        double n = mm->funcs[g].blocks[s->block].count;
        share += n / calls * tail_share(pp, h, f, depth - 1);
    }
    return share;
}

/* Executions of segment S along each of its exits (NAN where not known). */
static void exit_counts(const struct cost_pipe *pp, const struct pseg *s, double execs, double *out)
{
    const struct mblock *mb = &pp->mm->funcs[s->func].blocks[s->block];
    double known = 0;
    size_t unknown = 0;
    for (size_t e = 0; e < s->nexits; e++) {
        const struct pexit *x = &s->exits[e];
        out[e] = NAN;
        if (x->kind == EX_BLOCK && mb->succ_count)
            out[e] = mb->succ_count[x->succ];
        else if (x->kind == EX_CALLEE && s->call != SIZE_MAX && pp->calls[s->call].indirect &&
                 !isnan(cost_args_site_calls(pp->args, pp->calls[s->call].src, pp->mm->funcs[pp->segs[x->to].func].name)))
            out[e] = cost_args_site_calls(pp->args, pp->calls[s->call].src, pp->mm->funcs[pp->segs[x->to].func].name);
        else if ((x->kind == EX_CALLEE || x->kind == EX_ROUTINE) && s->call != SIZE_MAX && pp->calls[s->call].indirect &&
                 pp->indirect_calls && x->kind == EX_CALLEE && pp->indirect_execs > 0) {
            /* this site's share of the calls made to the function through pointers */
            size_t g = pp->segs[x->to].func;
            out[e] = pp->indirect_calls[g] * execs / pp->indirect_execs;
        } else if (x->kind == EX_CALLEE || x->kind == EX_ROUTINE)
            out[e] = s->nexits == 1 ? execs : NAN;
        else if (x->kind == EX_RETURN && x->site != SIZE_MAX) {
            const struct pcall *c = &pp->calls[x->site];
            const struct pseg *cs = &pp->segs[c->seg];
            double site = pp->mm->funcs[cs->func].blocks[cs->block].count;
            double counted = c->indirect ? cost_args_site_calls(pp->args, c->src, pp->mm->funcs[s->func].name) : NAN;
            if (!isnan(counted)) {
                /* the calls the run made from there to this function, and to those that
                 * tail-call it (by their share) */
                site = counted;
                for (size_t g = 0; g < pp->mm->nfuncs; g++)
                    if (g != s->func && pp->taken_address[g])
                        site += cost_args_site_calls(pp->args, c->src, pp->mm->funcs[g].name) *
                                tail_share(pp, g, s->func, 8);
                out[e] = site;
                goto counted;
            }
            if (c->indirect && pp->indirect_calls && pp->indirect_execs > 0)
                site = pp->indirect_calls[s->func] * site / pp->indirect_execs;
            if (c->callee >= 0 && c->callee != (int)s->func) /* through tail calls: their share of g's calls */
                site *= tail_share(pp, (size_t)c->callee, s->func, 8);
            out[e] = site;
        }
    counted:
        if (isnan(out[e]))
            unknown++;
        else
            known += out[e];
    }
    /* returns of a function with several return blocks: their sites' calls are shared */
    if (s->nexits && unknown == s->nexits && s->nexits == 1)
        out[0] = execs;
    (void)known;
}

/* Executions of segment S (its block's). */
static double seg_execs(const struct cost_pipe *pp, const struct pseg *s)
{
    return pp->mm->funcs[s->func].blocks[s->block].count;
}

/* How many ways with executions enter each segment. */
static void count_in(struct cost_pipe *pp)
{
    pp->counted = true;
    /* calls through pointers, per callee: its calls less the direct ones */
    const struct mmodule *mm = pp->mm;
    pp->indirect_calls = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->indirect_calls);
    for (size_t g = 0; g < mm->nfuncs; g++)
        if (pp->taken_address[g] && mm->funcs[g].prof >= 0 && pp->prof)
            pp->indirect_calls[g] = (double)eng_profile_func_calls(pp->prof, (size_t)mm->funcs[g].prof);
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        const struct pcall *c = &pp->calls[ci];
        double n = seg_execs(pp, &pp->segs[c->seg]);
        if (c->indirect)
            pp->indirect_execs += n;
        else if (c->callee >= 0 && pp->taken_address[c->callee])
            pp->indirect_calls[c->callee] -= n;
    }
    for (size_t g = 0; g < mm->nfuncs; g++)
        if (pp->indirect_calls[g] < 0)
            pp->indirect_calls[g] = 0;
    pp->rets = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->rets);
    /* a routine tail-called returns to the function's callers too */
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pseg *s = &pp->segs[si];
        bool tail = !s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].tail;
        if (((s->nexits && s->exits[0].kind == EX_RETURN) || tail) && seg_execs(pp, s) > 0)
            pp->rets[s->func]++;
    }
    pp->n_in = sup_xcalloc(pp->nsegs + 1, sizeof *pp->n_in);
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pseg *s = &pp->segs[si];
        double *ec = sup_xcalloc(s->nexits + 1, sizeof *ec);
        exit_counts(pp, s, seg_execs(pp, s), ec);
        for (size_t e = 0; e < s->nexits; e++)
            if (s->exits[e].to != SIZE_MAX && (isnan(ec[e]) || ec[e] > 0))
                pp->n_in[s->exits[e].to]++;
        if (s->ends_call && s->cont != SIZE_MAX && seg_execs(pp, s) > 0)
            pp->n_in[s->cont]++;
        free(ec);
    }
}

/* An instruction cache's first misses. The fixed point priced a warm cache; here each
 * segment that runs is run once more, in the order the fixed point first reached it
 * (main's code in a static guess of its order of first execution), from its first entry
 * state along its most frequent exit, on the cache's own tags, filled as the model looks
 * lines up (the lines crt0 leaves from __lp_warm_begin to main's call present): the cycles
 * beyond the warm price are its lines' first misses, an estimate charged to its block. A
 * set where a fill replaced a line can miss again at any execution: the blocks with code in
 * it are marked estimates (their warm price stands). */
static void cold_pass(struct cost_pipe *pp)
{
    struct ua_icache *ic = ua_core_icache(pp->core);
    if (!ic)
        return;
    pp->cold = sup_xcalloc(pp->nsegs + 1, sizeof *pp->cold);
    pp->conflict = sup_xcalloc(pp->nsegs + 1, sizeof *pp->conflict);
    pp->missed = sup_xcalloc(pp->nsegs + 1, sizeof *pp->missed);
    ua_icache_invalidate(ic);
    ua_icache_forget_replaced(ic);
    uint32_t lb = ua_icache_line_bytes(ic), from = 0, to = 0;
    if (pp->code && isa_code_entry(pp->code, "__lp_warm_begin", &from) &&
        isa_code_entry(pp->code, "__lp_main_call", &to) && to > from)
        for (uint32_t a = from & ~(lb - 1); a < to + 8 + 3 * lb; a += lb)
            ua_icache_fill(ic, a, 0);
    ua_core_icache_assume(pp->core, NULL, NULL);
    for (size_t k = 0; k < pp->norder; k++) {
        size_t si = pp->order[k];
        const struct pseg *s = &pp->segs[si];
        double execs = seg_execs(pp, s);
        if (execs <= 0 || !s->nstates || !s->cost || !s->done[0] || !s->nexits)
            continue;
        double *ec = sup_xcalloc(s->nexits + 1, sizeof *ec);
        exit_counts(pp, s, execs, ec);
        size_t best = 0;
        for (size_t e = 1; e < s->nexits; e++)
            if (!isnan(ec[e]) && (isnan(ec[best]) || ec[e] > ec[best]))
                best = e;
        double c = 0;
        size_t left;
        uint64_t l0, m0, l1, m1;
        ua_icache_stats(ic, &l0, &m0);
        if (run(pp, s, s->states[0], &s->exits[best], &c, &left) && !isnan(s->cost[best]))
            pp->cold[si] = c - s->cost[best];
        ua_icache_stats(ic, &l1, &m1);
        pp->missed[si] = m1 > m0;
        if (debug_pipe() && pp->cold[si])
            fprintf(stderr, "cold: seg %zu at %x exit %zu: %g\n", si, s->n ? s->ins[0].pc : 0, best, pp->cold[si]);
        free(ec);
    }
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pseg *s = &pp->segs[si];
        for (size_t j = 0; j < s->n && !pp->conflict[si]; j++)
            pp->conflict[si] = ua_icache_replaced(ic, s->ins[j].pc) ||
                               ua_icache_replaced(ic, s->ins[j].pc + s->ins[j].in.size - 1);
    }
    ua_core_icache_assume(pp->core, warm, NULL);
}

/* The executions of segment S that leave by its instruction K, a conditional branch, taken. */
static double taken_at(const struct cost_pipe *pp, const struct pseg *s, size_t k)
{
    const struct mblock *mb = &pp->mm->funcs[s->func].blocks[s->block];
    double taken = 0;
    for (size_t e = 0; e < s->nexits; e++)
        if (s->exits[e].kind == EX_BLOCK && s->exits[e].taken && s->exits[e].len == k + 1 && mb->succ_count)
            taken += mb->succ_count[s->exits[e].succ];
    return taken;
}

/* The cycles the instruction at K of segment S takes beyond the nominal ones the
 * model ran it with, over all its executions: a divider's by its operands (the
 * run's mean), a conditional branch taken when it is the segment's first
 * instruction run as the instruction after another segment (not taken there).
 * *UNIFORM: the same on every execution. */
static double extra_cycles(struct cost_ctx *cx, struct cost_pipe *pp, const struct pseg *s, size_t k, bool as_next,
                           bool *uniform)
{
    const struct pinsn *p = &s->ins[k];
    const struct isa_insn *cls = p->cls;
    double execs = seg_execs(pp, s);
    *uniform = true;
    if (!cls || execs <= 0)
        return 0;
    if (cls->cycles_formula && cls->kind == ISA_ALU) {
        double mean;
        if (!cost_args_insn_cycles(cx, p->src, &mean)) {
            *uniform = false; /* no operand values from the run: the nominal cycles, an estimate */
            return 0;
        }
        double d = execs * (mean - (double)cls->cycles);
        *uniform = fabs(mean - round(mean)) < 1e-9 && d == 0;
        return d;
    }
    if (as_next && cls->kind == ISA_COND_BRANCH && !s->ends_call && s->cont == SIZE_MAX) {
        double taken = taken_at(pp, s, k);
        *uniform = taken == 0 || taken >= execs;
        return taken * ((double)cls->taken - (double)cls->not_taken);
    }
    return 0;
}

/* On a core that stamps an instruction when it retires, an instruction's own
 * cycles are charged to the instruction before it: what the first instruction of
 * segment T takes beyond the nominal goes to the segments that run before it, by
 * the executions coming from each (COUNT of EXECS). A conditional branch there
 * taken costs what the model ran it for from the state segment FROM leaves by its
 * exit E (its tdelta: a taken branch's penalty overlaps a fetch still under way
 * after a jump), the class's taken less not-taken cycles where FROM is NULL. */
static void first_correction(struct cost_ctx *cx, struct cost_pipe *pp, size_t t, double count,
                             const struct pseg *from, size_t e, struct block_price *out)
{
    if (t == SIZE_MAX || !pp->segs[t].n || count <= 0)
        return;
    const struct pseg *ts = &pp->segs[t];
    double n = seg_execs(pp, ts);
    bool uniform;
    double d = extra_cycles(cx, pp, ts, 0, true, &uniform);
    const struct isa_insn *cls = ts->ins[0].cls;
    bool branch = cls && cls->kind == ISA_COND_BRANCH && !ts->ends_call && ts->cont == SIZE_MAX;
    if (n <= 0)
        return;
    if (!d && !branch) {
        if (!uniform) /* a data-dependent latency the run gave no operands for: nominal, an estimate */
            out->estimated_cycles += count * (cls ? (double)cls->cycles : 1);
        return;
    }
    if (from && from->tdelta && branch) {
        double per = 0, k = 0, first = NAN;
        for (size_t st = 0; st < from->nstates; st++) {
            double x = from->done[st] ? from->tdelta[st * from->nexits + e] : NAN;
            if (isnan(x))
                continue;
            if (!isnan(first) && x != first)
                uniform = false; /* the penalty depends on the state it comes in */
            first = isnan(first) ? x : first;
            per += x;
            k++;
        }
        if (k)
            d = taken_at(pp, ts, 0) * (per / k);
    }
    if (!d)
        return;
    double c = d * count / n;
    out->cycles += c;
    /* the branch's taken executions from its block's split: an estimate where that is one */
    const struct mblock *tb = &pp->mm->funcs[ts->func].blocks[ts->block];
    bool split = cls && cls->kind == ISA_COND_BRANCH && (tb->split_estimated || tb->source == MC_ESTIMATE);
    if ((!uniform && pp->n_in[t] > 1) || split)
        out->estimated_cycles += fabs(c);
}

/* On a core that stamps at retirement: what the instruction after exit E of segment S
 * (from its state K) adds per execution when it is a conditional branch taken on some of
 * its executions (first_correction), 0 otherwise. */
static double after_return(const struct cost_pipe *pp, const struct pseg *s, size_t k, size_t e)
{
    size_t t = s->exits[e].to;
    if (pp->params.stamp != UA_STAMP_RETIRE || t == SIZE_MAX || !s->tdelta)
        return 0;
    const struct pseg *ts = &pp->segs[t];
    double d = s->tdelta[k * s->nexits + e], n = seg_execs(pp, ts);
    if (isnan(d) || !ts->n || n <= 0 || ts->ends_call || ts->cont != SIZE_MAX)
        return 0;
    return d * taken_at(pp, ts, 0) / n;
}

/* Whether segment SI is the code after a runtime routine's call priced from a state the
 * routine's runs did not return in: their returns left the pipeline in more than one state
 * (the fetch's phase: ibex-iws1), or in one the fixed point could not be solved again with
 * (resolve_returns), and no chain ran it from each (chain). */
static bool from_unseen_return(const struct cost_pipe *pp, size_t si)
{
    if (!pp->ret_seen || !si || !pp->segs[si - 1].ends_call || pp->segs[si - 1].cont != si)
        return false;
    size_t ci = pp->segs[si - 1].call, chained;
    if (ci == SIZE_MAX || !pp->calls[ci].routine || pp->calls[ci].tail || chains(pp, ci, &chained))
        return false;
    size_t seen = pp->ret_seen[ci];
    if (seen == SIZE_MAX || pp->calls[ci].ret_state != SIZE_MAX)
        return false;
    const struct pseg *s = &pp->segs[si];
    return seen == RET_SEVERAL || s->nstates != 1 || s->states[0] != seen;
}

/* The calls call site C makes that return from function F (directly or through tail
 * calls): the run's count of the site's calls to F and to the functions that tail-call it
 * where the site calls through a pointer and the run counted it, else the site's
 * executions. */
static double site_calls_to(const struct cost_pipe *pp, const struct pcall *c, size_t f)
{
    double n = seg_execs(pp, &pp->segs[c->seg]);
    double counted = c->indirect ? cost_args_site_calls(pp->args, c->src, pp->mm->funcs[f].name) : NAN;
    if (isnan(counted))
        return n;
    for (size_t g = 0; g < pp->mm->nfuncs; g++)
        if (g != f && pp->taken_address[g])
            counted += cost_args_site_calls(pp->args, c->src, pp->mm->funcs[g].name) * tail_share(pp, g, f, 8);
    return counted;
}

/* A function that is one segment from its entry to its returns (a leaf): it is entered
 * from each call site in the state that call leaves, and returns to that site. When each
 * site that runs leaves one state, the cost is the sum over the sites of their returns
 * (EC: the executions along each exit, returns to each site) times the cost from that
 * state along that return, into *C: exact. False otherwise. */
static bool leaf_by_site(const struct cost_pipe *pp, size_t si, const double *ec, double *c)
{
    const struct pseg *s = &pp->segs[si];
    if (!s->is_entry || s->ends_call || !s->nexits)
        return false;
    double total = 0;
    for (size_t e = 0; e < s->nexits; e++) {
        const struct pexit *x = &s->exits[e];
        if (x->kind != EX_RETURN || x->site == SIZE_MAX || isnan(ec[e]))
            return false;
        if (ec[e] <= 0)
            continue;
        /* the state the caller's segment enters this one in */
        const struct pseg *cs = &pp->segs[pp->calls[x->site].seg];
        size_t st = SIZE_MAX;
        for (size_t k = 0; k < cs->nstates; k++) {
            if (!cs->done || !cs->done[k])
                continue;
            for (size_t f = 0; f < cs->nexits; f++)
                if (cs->exits[f].to == si) {
                    size_t l = cs->leave[k * cs->nexits + f];
                    if (st != SIZE_MAX && l != st)
                        return false;
                    st = l;
                }
        }
        size_t slot = SIZE_MAX;
        for (size_t k = 0; k < s->nstates && st != SIZE_MAX; k++)
            if (s->states[k] == st && s->done[k])
                slot = k;
        if (slot == SIZE_MAX)
            return false;
        total += ec[e] * s->cost[slot * s->nexits + e];
    }
    *c = total;
    return true;
}

void cost_pipe_price_block(struct cost_ctx *cx, struct cost_pipe *pp, size_t fi, size_t bi, struct block_price *out)
{
    pp->prof = cx->p;
    pp->args = cx->args;
    if (!pp->counted) {
        resolve_returns(pp);
        count_in(pp);
        cold_pass(pp);
    }
    bool retire = pp->params.stamp == UA_STAMP_RETIRE;
    const struct mfunc *f = &pp->mm->funcs[fi];
    const struct mblock *mb = &f->blocks[bi];
    memset(out, 0, sizeof *out);
    size_t si = pp->blocks_of[fi][bi];
    double execs = mb->count;
    for (; si < pp->nsegs && pp->segs[si].func == fi && pp->segs[si].block == bi; si++) {
        const struct pseg *s = &pp->segs[si];
        out->instructions += execs * (double)s->n;
        if (!s->nstates || !s->cost || !s->nexits || execs <= 0) {
            if (execs > 0 && s->n) {
                out->cycles += execs * (double)s->n;
                out->estimated_cycles += execs * (double)s->n;
            }
            continue;
        }
        double *ec = sup_xcalloc(s->nexits + 1, sizeof *ec);
        exit_counts(pp, s, execs, ec);
        double sum = 0;
        for (size_t e = 0; e < s->nexits; e++)
            sum += isnan(ec[e]) ? 0 : ec[e];
        bool known = true;
        for (size_t e = 0; e < s->nexits; e++)
            known = known && !isnan(ec[e]);
        if (!known || sum <= 0) { /* spread what is not known evenly */
            for (size_t e = 0; e < s->nexits; e++)
                ec[e] = execs / (double)s->nexits;
            sum = execs;
        }
        /* the cost per exit, over the entry states: one state, or the same cost in every one */
        double c = 0;
        bool state_free = s->nstates == 1;
        if (!state_free) {
            state_free = true;
            for (size_t e = 0; e < s->nexits && state_free; e++)
                for (size_t k = 1; k < s->nstates; k++)
                    if (s->done[k] && s->cost[k * s->nexits + e] != s->cost[e])
                        state_free = false;
        }
        if (debug_pipe()) {
            fprintf(stderr, "price seg %zu execs %g:", si, execs);
            for (size_t e = 0; e < s->nexits; e++)
                fprintf(stderr, " %g", ec[e]);
            fprintf(stderr, "\n");
        }
        bool leaf = !state_free && !s->failed && leaf_by_site(pp, si, ec, &c);
        if (leaf)
            state_free = true;
        else
            for (size_t e = 0; e < s->nexits; e++) {
                double per = 0, n = 0;
                for (size_t k = 0; k < s->nstates; k++)
                    if (s->done[k] && !isnan(s->cost[k * s->nexits + e])) {
                        per += s->cost[k * s->nexits + e];
                        n++;
                    }
                /* not run from any state: an instruction a cycle (an estimate) */
                c += ec[e] * (n ? per / n : (double)s->exits[e].len);
            }
        if (sum > 0)
            c *= execs / sum;
        /* returns: which of a function's return blocks returns to which call is not
         * counted; the function's total is exact, the split over its return blocks is
         * an estimate where the calls' returns cost differently */
        bool split = false;
        if (s->nexits > 1 && s->exits[0].kind == EX_RETURN && pp->rets[s->func] > 1)
            for (size_t e = 1; e < s->nexits && !split; e++)
                for (size_t k = 0; k < s->nstates; k++)
                    if (s->done[k] && s->cost[k * s->nexits + e] + after_return(pp, s, k, e) !=
                                          s->cost[k * s->nexits] + after_return(pp, s, k, 0))
                        split = true;
        out->cycles += c;
        if (pp->chain_delta)
            out->cycles += pp->chain_delta[si]; /* a continuation run from its routine's own return */
        if (!state_free || !known || s->overflow || split || s->failed || from_unseen_return(pp, si))
            out->estimated_cycles += c;
        if (pp->cold && (pp->missed[si] || pp->conflict[si])) {
            /* the first misses: their cycles where the cold pass found them, the whole block an estimate */
            out->cycles += pp->cold[si];
            out->estimated_cycles += pp->conflict[si] ? c + fabs(pp->cold[si]) : fabs(pp->cold[si]) + 1;
        }
        /* data-dependent cycles of its own instructions: charged to the instruction
         * itself (issue stamps) or to the one before it (retire stamps: the segment's
         * first instruction's go to the segments before, see first_correction) */
        for (size_t k = retire ? 1 : 0; k < s->n; k++) {
            bool uniform;
            if (s->ins[k].in.kind == UA_K_BRANCH)
                continue;
            double x = extra_cycles(cx, pp, s, k, false, &uniform);
            out->cycles += x;
            if (!uniform && !x) /* a data-dependent latency the run gave no operands for */
                out->estimated_cycles += execs * (s->ins[k].cls ? (double)s->ins[k].cls->cycles : 1);
        }
        /* a routine whose runs missed in the instruction cache: priced on the cache's
         * tags in the program's order of calls, an estimate */
        if (s->call != SIZE_MAX && pp->calls[s->call].misses)
            out->estimated_cycles += 1;
        /* a routine tail-called: its runs returned to one caller of the function; each
         * caller's return charge by its share of the calls (the split of the calls is
         * not counted where the charges differ: an estimate) */
        if (!s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].tail) {
            const struct pcall *tc = &pp->calls[s->call];
            bool *via = sup_xcalloc(pp->mm->nfuncs + 1, sizeof *via);
            returners(pp, s->func, via);
            double base = return_charge(pp, tc->ret_pc), w = 0, sum = 0;
            bool differ = false;
            for (size_t ci = 0; ci < pp->ncalls; ci++) {
                const struct pcall *c = &pp->calls[ci];
                if (c->tail || !returns_from(pp, c, via))
                    continue;
                double n = site_calls_to(pp, c, s->func), r = return_charge(pp, c->ret_pc);
                if (n <= 0)
                    continue;
                sum += n * r;
                w += n;
                differ = differ || r != base;
            }
            if (w > 0) {
                out->cycles += execs * (sum / w - base);
                if (differ)
                    out->estimated_cycles += fabs(execs * (sum / w - base)) + 1;
                /* the first instruction after each return (a branch taken there: its own
                 * cycles, charged to the instruction before it), by the same shares */
                for (size_t ci = 0; ci < pp->ncalls && retire; ci++) {
                    const struct pcall *c = &pp->calls[ci];
                    if (c->tail || !returns_from(pp, c, via))
                        continue;
                    double n = site_calls_to(pp, c, s->func);
                    if (n > 0)
                        first_correction(cx, pp, pp->segs[c->seg].cont, execs * n / w, NULL, 0, out);
                }
            }
            free(via);
        }
        /* a routine priced by the runs of another call site (a vector's lanes): its return
         * to this site's next instruction instead of that one's */
        if (s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].priced_by != SIZE_MAX) {
            const struct pcall *c = &pp->calls[s->call], *p = &pp->calls[c->priced_by];
            out->cycles += execs * (return_charge(pp, c->ret_pc) - return_charge(pp, p->ret_pc));
        }
        if (retire) {
            for (size_t e = 0; e < s->nexits; e++) {
                const struct pexit *x = &s->exits[e];
                if (x->kind == EX_ROUTINE && s->cont != SIZE_MAX)
                    first_correction(cx, pp, s->cont, execs, NULL, 0, out); /* through the routine's return */
                else if (x->to != SIZE_MAX)
                    first_correction(cx, pp, x->to, ec[e] * execs / (sum > 0 ? sum : 1), s, e, out);
            }
        }
        free(ec);
    }
    /* runtime routines and the call graph, as on every core */
    double at = mb->count;
    for (size_t k = 0; k < mb->ninsns; k++) {
        const struct minsn *in = &mb->insns[k];
        const struct isa_insn *d = in->isa;
        if (d && (d->kind == ISA_CALL || d->kind == ISA_TAIL_CALL)) {
            char sym[256];
            lower_call_symbol(in->ops, sym, sizeof sym);
            cost_price_call(cx, sym, in, NULL, at, out);
        }
    }
}

static bool decode_cb(void *arg, uint32_t pc, struct ua_rv32 *out)
{
    return decode_at(arg, pc, out);
}

/* Around a runtime routine's run at call site SITE: with an instruction cache, the routine
 * runs on the cache's own tags, in the program's order of calls (its lines' misses, and the
 * program's lines before the call looked up, are priced); the program's blocks stay priced
 * on a warm cache. */
/* After the routine of call site SITE returned in pp->ret_buf: when the code after the call
 * runs straight into another routine's call (one segment, one way out), that segment runs
 * from the state the return left, not the fixed point's canonical return: what it costs
 * beyond goes to its block (chain_delta), and the next routine starts from the state it
 * leaves (chain_site, chain_state). Cores with an instruction cache keep the canonical
 * return (their runs' cache is apart from the fixed point's). */
static bool chains(const struct cost_pipe *pp, size_t site, size_t *seg)
{
    const struct pcall *c = &pp->calls[site];
    if (pp->shared[site] || c->tail || c->seg >= pp->nsegs || pp->segs[c->seg].cont >= pp->nsegs)
        return false;
    size_t si = pp->segs[c->seg].cont;
    const struct pseg *s = &pp->segs[si];
    if (!s->ends_call || s->call == SIZE_MAX || s->nexits != 1 || s->exits[0].kind != EX_ROUTINE || s->nstates != 1 ||
        !s->cost || !s->done[0])
        return false;
    const struct pcall *b = &pp->calls[s->call];
    if (!b->routine || b->tail || b->call_state == SIZE_MAX || pp->shared[s->call])
        return false;
    *seg = si;
    return true;
}

static void chain(struct cost_pipe *pp, size_t site)
{
    if (!pp->ret_ok)
        return;
    /* the state as the site's last return left it (routines return alike), else interned */
    size_t from = pp->last_ret[site], left = SIZE_MAX, si;
    if (from == SIZE_MAX || memcmp(state(pp, from), pp->ret_buf, pp->state_bytes))
        from = pp->last_ret[site] = intern(pp, pp->ret_buf);
    size_t *seen = &pp->ret_seen[site];
    *seen = *seen == SIZE_MAX || *seen == from ? from : RET_SEVERAL;
    if (!chains(pp, site, &si))
        return;
    const struct pseg *s = &pp->segs[si];
    double cost = 0;
    if (from == s->states[0] || s->failed)
        return;
    if (pp->chain_from[si] == from) { /* run from that state before */
        cost = pp->chain_cost[si];
        left = pp->chain_left[si];
    } else {
        if (!run(pp, s, from, &s->exits[0], &cost, &left))
            return;
        pp->chain_from[si] = from;
        pp->chain_cost[si] = cost;
        pp->chain_left[si] = left;
    }
    pp->chain_delta[si] += cost - s->cost[0];
    if (debug_pipe())
        fprintf(stderr, "chain: site %zu returned in state %zu: seg %zu %g (fixed point %g), call %zu from state %zu (fixed point %zu)\n",
                site, from, si, cost, s->cost[0], s->call, left, pp->calls[s->call].call_state);
    pp->chain_site = s->call;
    pp->chain_state = left;
}

/* A solution of the fixed point, taken out of the segments (snapshot) to be put back
 * (restore) or dropped. */
struct solution {
    struct {
        size_t states[MAX_STATES], nstates;
        bool overflow;
        double *cost;
        size_t *leave;
        bool *done;
    } *seg;
    size_t *call_state;
    bool *ambiguous;
    size_t *order, norder;
};

static struct solution snapshot(struct cost_pipe *pp)
{
    struct solution o = {sup_xcalloc(pp->nsegs + 1, sizeof *o.seg), sup_xcalloc(pp->ncalls + 1, sizeof *o.call_state),
                         sup_xcalloc(pp->ncalls + 1, sizeof *o.ambiguous), pp->order, pp->norder};
    for (size_t si = 0; si < pp->nsegs; si++) {
        struct pseg *s = &pp->segs[si];
        memcpy(o.seg[si].states, s->states, sizeof s->states);
        o.seg[si].nstates = s->nstates;
        o.seg[si].overflow = s->overflow;
        o.seg[si].cost = s->cost;
        o.seg[si].leave = s->leave;
        o.seg[si].done = s->done;
        s->nstates = 0;
        s->overflow = false;
        s->cost = NULL;
        s->leave = NULL;
        s->done = NULL;
    }
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        o.call_state[ci] = pp->calls[ci].call_state;
        o.ambiguous[ci] = pp->calls[ci].call_state_ambiguous;
        pp->calls[ci].call_state = SIZE_MAX;
        pp->calls[ci].call_state_ambiguous = false;
    }
    pp->order = NULL;
    pp->norder = 0;
    return o;
}

static void free_segs_solution(struct cost_pipe *pp)
{
    for (size_t si = 0; si < pp->nsegs; si++) {
        free(pp->segs[si].cost);
        free(pp->segs[si].leave);
        free(pp->segs[si].done);
    }
    free(pp->order);
}

/* Puts O back in place of the current solution. */
static void restore(struct cost_pipe *pp, struct solution *o)
{
    free_segs_solution(pp);
    for (size_t si = 0; si < pp->nsegs; si++) {
        struct pseg *s = &pp->segs[si];
        memcpy(s->states, o->seg[si].states, sizeof s->states);
        s->nstates = o->seg[si].nstates;
        s->overflow = o->seg[si].overflow;
        s->cost = o->seg[si].cost;
        s->leave = o->seg[si].leave;
        s->done = o->seg[si].done;
    }
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        pp->calls[ci].call_state = o->call_state[ci];
        pp->calls[ci].call_state_ambiguous = o->ambiguous[ci];
    }
    pp->order = o->order;
    pp->norder = o->norder;
    free(o->seg);
    free(o->call_state);
    free(o->ambiguous);
}

static void drop(struct solution *o, size_t nsegs)
{
    for (size_t si = 0; si < nsegs; si++) {
        free(o->seg[si].cost);
        free(o->seg[si].leave);
        free(o->seg[si].done);
    }
    free(o->order);
    free(o->seg);
    free(o->call_state);
    free(o->ambiguous);
}

/* Solves again with the calls' ret_state; true (kept) when every routine call that ran starts
 * from the state its runs started from (CALL_STATE, AMBIGUOUS: the first solution's), else the
 * solution before is put back. */
static bool try_solve(struct cost_pipe *pp, const size_t *call_state, const bool *ambiguous)
{
    struct solution before = snapshot(pp);
    solve(pp);
    bool keep = true;
    for (size_t ci = 0; ci < pp->ncalls && keep; ci++)
        if (pp->calls[ci].routine && pp->ret_seen[ci] != SIZE_MAX &&
            (pp->calls[ci].call_state != call_state[ci] || pp->calls[ci].call_state_ambiguous != ambiguous[ci]))
            keep = false;
    if (keep)
        drop(&before, pp->nsegs);
    else
        restore(pp, &before);
    return keep;
}

/* After the run: a routine call site whose returns all left the pipeline in one state, other
 * than the canonical return's the fixed point assumed, and whose code after the call is no
 * chain (above): the fixed point is solved again with the code after the call entered in
 * that state. A site is kept when every routine call still starts from the state its runs
 * started from (the runs are made): all of them at once, else one by one (at most
 * MAX_RESOLVE solutions). */
#define MAX_RESOLVE 64
static void resolve_returns(struct cost_pipe *pp)
{
    if (!pp->ret_seen || ua_core_icache(pp->core))
        return;
    size_t *cand = sup_xcalloc(pp->ncalls + 1, sizeof *cand), ncand = 0;
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        size_t si;
        struct pcall *c = &pp->calls[ci];
        c->ret_state = SIZE_MAX;
        if (pp->ret_seen[ci] >= RET_SEVERAL || !c->routine || c->tail || pp->shared[ci] || chains(pp, ci, &si))
            continue;
        size_t cont = c->seg < pp->nsegs ? pp->segs[c->seg].cont : SIZE_MAX;
        if (cont == SIZE_MAX || pp->segs[cont].nstates != 1 || pp->segs[cont].states[0] == pp->ret_seen[ci])
            continue;
        cand[ncand++] = ci;
    }
    if (!ncand) {
        free(cand);
        return;
    }
    size_t *call_state = sup_xcalloc(pp->ncalls + 1, sizeof *call_state);
    bool *ambiguous = sup_xcalloc(pp->ncalls + 1, sizeof *ambiguous);
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        call_state[ci] = pp->calls[ci].call_state;
        ambiguous[ci] = pp->calls[ci].call_state_ambiguous;
    }
    for (size_t k = 0; k < ncand; k++)
        pp->calls[cand[k]].ret_state = pp->ret_seen[cand[k]];
    size_t kept = ncand;
    if (!try_solve(pp, call_state, ambiguous)) {
        kept = 0;
        for (size_t k = 0; k < ncand; k++)
            pp->calls[cand[k]].ret_state = SIZE_MAX;
        for (size_t k = 0; k < ncand && k < MAX_RESOLVE; k++) {
            pp->calls[cand[k]].ret_state = pp->ret_seen[cand[k]];
            if (try_solve(pp, call_state, ambiguous))
                kept++;
            else
                pp->calls[cand[k]].ret_state = SIZE_MAX;
        }
    }
    if (debug_pipe()) {
        size_t several = 0;
        for (size_t ci = 0; ci < pp->ncalls; ci++)
            several += pp->ret_seen[ci] == RET_SEVERAL;
        fprintf(stderr, "resolve_returns: %zu of %zu call sites return in their own state (%zu return in several)\n", kept,
                ncand, several);
    }
    free(cand);
    free(call_state);
    free(ambiguous);
}

static void around_routine(void *arg, size_t site, bool begin)
{
    struct cost_pipe *pp = arg;
    struct ua_icache *ic = ua_core_icache(pp->core);
    if (!ic) {
        if (begin) {
            /* the state this run starts from: the routine before it left it, or the fixed point's */
            size_t st = pp->chain_site == site ? pp->chain_state : pp->calls[site].call_state;
            memcpy(pp->site_state + site * pp->state_bytes, state(pp, st), pp->state_bytes);
            pp->chain_site = SIZE_MAX;
        } else {
            chain(pp, site);
        }
        return;
    }
    uint64_t lookups, misses;
    if (begin) {
        ua_core_icache_assume(pp->core, NULL, NULL);
        const struct pseg *s = &pp->segs[pp->calls[site].seg];
        uint32_t lb = ua_icache_line_bytes(ic), last = UINT32_MAX;
        for (size_t k = 0; k < s->n; k++)
            for (uint32_t a = s->ins[k].pc & ~(lb - 1); a < s->ins[k].pc + s->ins[k].in.size; a += lb)
                if (a != last) {
                    ua_icache_access(ic, a);
                    last = a;
                }
        ua_icache_stats(ic, &lookups, &pp->misses_before);
    } else {
        ua_icache_stats(ic, &lookups, &misses);
        pp->calls[site].misses += misses - pp->misses_before;
        ua_core_icache_assume(pp->core, warm, NULL);
    }
}

bool cost_pipe_call_site(struct cost_pipe *pp, const struct minsn *in, struct routine_pipe *out)
{
    uint64_t ci = 0;
    if (!pp || !ptrmap_get(&pp->site_of, in, &ci) || !ci)
        return false;
    const struct pcall *c = &pp->calls[ci - 1];
    if (c->call_state == SIZE_MAX)
        return false;
    if (!pp->site_state) {
        /* the states the sites' runs start from, apart from the interned ones (chain interns
         * states during the run) */
        pp->site_state = sup_xcalloc(pp->ncalls + 1, pp->state_bytes);
        for (size_t k = 0; k < pp->ncalls; k++)
            if (pp->calls[k].call_state != SIZE_MAX)
                memcpy(pp->site_state + k * pp->state_bytes, state(pp, pp->calls[k].call_state), pp->state_bytes);
        pp->ret_buf = sup_xcalloc(1, pp->state_bytes);
        pp->chain_delta = sup_xcalloc(pp->nsegs + 1, sizeof *pp->chain_delta);
        pp->shared = sup_xcalloc(pp->ncalls + 1, sizeof *pp->shared);
        pp->ret_seen = sup_xmalloc((pp->ncalls + 1) * sizeof *pp->ret_seen);
        pp->last_ret = sup_xmalloc((pp->ncalls + 1) * sizeof *pp->last_ret);
        for (size_t k = 0; k <= pp->ncalls; k++)
            pp->ret_seen[k] = pp->last_ret[k] = SIZE_MAX;
        pp->chain_from = sup_xmalloc((pp->nsegs + 1) * sizeof *pp->chain_from);
        pp->chain_left = sup_xcalloc(pp->nsegs + 1, sizeof *pp->chain_left);
        pp->chain_cost = sup_xcalloc(pp->nsegs + 1, sizeof *pp->chain_cost);
        for (size_t k = 0; k <= pp->nsegs; k++)
            pp->chain_from[k] = SIZE_MAX;
        pp->chain_site = SIZE_MAX;
    }
    out->core = pp->core;
    out->state = pp->site_state + (size_t)(ci - 1) * pp->state_bytes;
    out->ret_state = pp->ret_buf;
    out->ret_state_ok = &pp->ret_ok;
    out->ret_pc = c->ret_pc;
    out->decode = decode_cb;
    out->arg = pp;
    out->around = around_routine;
    out->site = (size_t)ci - 1;
    out->first_to_caller = pp->params.stamp == UA_STAMP_RETIRE;
    return true;
}

void cost_pipe_share_site(struct cost_pipe *pp, const struct minsn *in, const struct minsn *primary)
{
    uint64_t ci = 0, pi = 0;
    if (!pp || !ptrmap_get(&pp->site_of, in, &ci) || !ptrmap_get(&pp->site_of, primary, &pi) || ci == pi)
        return;
    pp->calls[ci - 1].priced_by = (size_t)pi - 1;
    if (pp->shared) {
        pp->shared[ci - 1] = true;
        pp->shared[pi - 1] = true;
    }
}
