/* pipe.h — what the cost_pipe*.c files share (private to them): the segments of the
 * machine code, the call sites, the interned pipeline states and the analysis of a
 * pipelined core (cost_pipe.c says how it works). Names private to the family carry
 * pipe_ (ARCHITECTURE.md "Names"). */
#ifndef LPNEST_COST_PIPE_H
#define LPNEST_COST_PIPE_H

#include "cost.h"
#include "isa.h"
#include "ptrmap.h"
#include "routine.h"
#include "support.h"
#include "uarch.h"

#include <stdio.h>

/* Where the canonical sequences lie (main's call, a routine's return): below any
 * memory the programs use (cost_pipe.c). */
#define PIPE_SYNTH_BASE 0x100u
#define PIPE_MAX_STATES 16     /* entry states kept per segment; more: an estimate */
#define PIPE_RET_SEVERAL (SIZE_MAX - 1) /* cost_pipe.ret_seen: returns in more than one state */

/* One machine instruction as the model needs it. */
struct pipe_insn {
    uint32_t pc;
    struct ua_rv32 in;
    const struct isa_insn *cls;    /* its base mnemonic's row */
    const struct minsn *src;       /* the assembly instruction it is (a part of) */
};

enum pipe_exit_kind { PIPE_EX_BLOCK, PIPE_EX_CALLEE, PIPE_EX_ROUTINE, PIPE_EX_RETURN, PIPE_EX_NONE };

/* A way out of a segment. */
struct pipe_exit {
    enum pipe_exit_kind kind;
    size_t to;                     /* the segment entered (SIZE_MAX: a routine, or unknown) */
    uint32_t next;                 /* the pc run next */
    bool taken;                    /* the segment's last instruction transfers control */
    int succ;                      /* PIPE_EX_BLOCK: the machine successor's index */
    size_t site;                   /* PIPE_EX_RETURN: the call site (index into pipe.calls) */
    size_t len;                    /* the segment's instructions run on the way out (a branch
                                      taken before the block's final jump leaves early) */
};

struct pipe_seg {
    size_t func, block;
    struct pipe_insn *ins;
    size_t n;
    struct pipe_exit *exits;
    size_t nexits;
    bool is_entry;                 /* the function's first segment */
    bool ends_call;                /* ends at a call (its continuation follows in the block) */
    size_t cont;                   /* the segment after the call returns (SIZE_MAX: none) */
    size_t call;                   /* ends_call: index into pipe.calls */
    /* the analysis: entry states and, per state and exit, cost and state left in */
    size_t states[PIPE_MAX_STATES];
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
struct pipe_call {
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
    bool ret_several;              /* routines: the code after the call starts from every state its
                                      returns left (cost_pipe.ret_list; resolve_returns) */
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
    struct pipe_seg *segs;
    size_t nsegs, capsegs;
    struct pipe_call *calls;
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
                                      none seen, PIPE_RET_SEVERAL: more than one) */
    size_t *last_ret;              /* per call site: the state its last return left (interned) */
    bool *unseen;                  /* per segment: entered, in the run, in a state the fixed point did
                                      not run it from (after a routine whose returns it was not solved
                                      with: mark_unseen); its price is an estimate */
    size_t *ret_list;              /* per call site, PIPE_MAX_STATES of them: the states its routine's
                                      returns left (interned), ret_n[site] of them (more: PIPE_MAX_STATES + 1) */
    double *ret_count;             /* ... and the returns that left each */
    unsigned *ret_n;
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
    bool *entry_cold;              /* its first instruction's line is not in the cache before the
                                      program's first run of it: the segment run before it on that
                                      run pays part of the miss, which one is a guess */
    bool *conflict;
    uint64_t misses_before;        /* at the start of a routine's run */
    FILE *diag;
    bool failed;
    /* pricing: per (function, call site) its returns there and their cycles beyond the mean
     * of the return segments they leave (cost_pipe_return_deltas); a function whose returns
     * could not all be followed so is in RDELTA_BAD */
    struct pipe_ret_delta *rdelta;
    size_t nrdelta;
    bool *rdelta_bad;
};

struct pipe_ret_delta {
    size_t func, site;
    double returns, cycles;
};

/* cost_pipe.c */
/* Development traces on stderr (LPNEST_DEBUG_PIPE set): segments, prices, refusals. */
bool pipe_debug(void);
/* Decodes the instruction at PC as the fetch unit reads it (the program's text, the
 * canonical sequences, the runtime routines' code); false where none decodes. */
bool pipe_decode_at(struct cost_pipe *pp, uint32_t pc, struct ua_rv32 *out);
/* The op the model runs for machine instruction IN at PC going to NEXT (its
 * class's nominal cycles). */
void pipe_make_op(const struct isa *isa, uint32_t pc, const struct ua_rv32 *in, const struct isa_insn *cls,
                  uint32_t next, struct ua_op *op);
/* The index of state ST (state_bytes bytes), interned: equal bytes, equal index. */
size_t pipe_intern(struct cost_pipe *pp, const uint8_t *st);
/* The bytes of interned state I. */
const uint8_t *pipe_state(const struct cost_pipe *pp, size_t i);

/* cost_pipe_segments.c */
/* Whether function F's address is taken: a use that is not the callee of a call. */
bool pipe_address_taken(LLVMValueRef f);
/* The index of the function called NAME in MM, or -1. */
int pipe_func_index(const struct mmodule *mm, const char *name);
/* Cuts every block of every function into segments. */
void pipe_build(struct cost_pipe *pp);
/* The exits of every segment, now that every function's first segment is known. */
void pipe_link(struct cost_pipe *pp);
/* The functions whose calls a return of F returns to: F and, transitively, those
 * that tail-call it (VIA[g]). */
void pipe_returners(struct cost_pipe *pp, size_t f, bool *via);
/* Whether call site C returns from a function of VIA (pipe_returners()): it calls one, or
 * calls through a pointer and one has its address taken. */
bool pipe_returns_from(const struct cost_pipe *pp, const struct pipe_call *c, const bool *via);

/* cost_pipe_run.c */
/* A warm instruction cache: every line present. */
bool pipe_warm(void *arg, uint32_t addr);
/* Runs segment S from state ST along exit E: its cost in COST, the state left in LEFT;
 * false where the model cannot run it. */
bool pipe_run(struct cost_pipe *pp, const struct pipe_seg *s, size_t st, const struct pipe_exit *e, double *cost,
              size_t *left);
/* What a return from a routine to RET_PC is charged: the stamp of the
 * instruction there minus the return's own (the canonical epilogue's). */
double pipe_return_charge(struct cost_pipe *pp, uint32_t ret_pc);
/* The fixed point: every segment's entry states and, per state and exit, its cost and
 * the state it leaves in, from main's entry. */
void pipe_solve(struct cost_pipe *pp);

/* cost_pipe_returns.c */
/* Whether the code after call site SITE runs straight into another routine's call (one
 * segment, one way out; not on cores with an instruction cache): that segment in SEG. */
bool pipe_chains(const struct cost_pipe *pp, size_t site, size_t *seg);
/* After the run: solves the fixed point again where a routine's returns all left one
 * state other than the canonical return's (cost_pipe_returns.c says when). */
void pipe_resolve_returns(struct cost_pipe *pp);

#endif
