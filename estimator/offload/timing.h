/* timing.h — the timed run: the program runs a second time with every IR
 * block's entry advancing a host clock by what the first run's pricing found
 * the block costs per execution, so the host's cycle count is known at every
 * call and return. It yields the calling-context tree (exact inclusive cycles
 * per context), a timeline of calls, and the instants at which offloaded
 * calls reach their accelerators (offload.c). Private to offload/. */
#ifndef LPNEST_TIMING_H
#define LPNEST_TIMING_H

#include "estimator.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Clock units per cycle: costs are fixed-point so that sums are exact and
 * the hot path adds integers (2^40 cycles fit). */
#define TM_ONE ((uint64_t)1 << 20)

/* A calling-context node: FUNC (engine function index) called from SITE in
 * the context PARENT. */
struct tm_node {
    uint32_t parent;          /* UINT32_MAX for the root */
    uint32_t func;
    LLVMValueRef site;        /* the call instruction; NULL for main and calls made by lpnest */
    uint64_t calls;
    uint64_t incl;            /* clock units inside, callees included */
    uint32_t depth;           /* 0 for the root */
    uint32_t hnext;           /* hash chain */
};

/* A call on the host's timeline (or an accelerator's, track > 0). */
struct tm_slice {
    uint32_t track;
    uint32_t name;            /* engine function index (host), transition index (accelerator) */
    uint32_t depth;
    uint64_t start, dur;      /* clock units */
};

struct offload_model;           /* offload.c */
struct cost_call_costs;         /* estimate.h */

/* An activation of the run (by call depth), as the timing follows it. */
struct tm_frame {
    uint32_t func;
    uint32_t ctx;             /* calling-context node */
    uint8_t flags;            /* TF_* */
    uint64_t t_enter;         /* host clock at entry */
    uint64_t charge;          /* TF_CHARGE: what the call costs the host instead of its body */
};
enum { TF_NODE = 1, TF_CHARGE = 2 };

struct offload_timing {
    /* per-execution cost of each IR block (clock units), the engine's block weights */
    struct eng_block_weights *funcs;
    size_t nfuncs;
    struct tm_frame *frames;
    size_t capframes;
    uint64_t pending_charge;  /* what the offloaded call being entered costs the host */
    /* calling contexts */
    struct tm_node *nodes;
    size_t nnodes, capnodes;
    uint32_t *hash;
    size_t hcap;
    unsigned suppress;        /* > 0: inside a token function or an offloaded body */
    /* timeline: host calls shorter than MIN_SLICE are left out, and at most MAX_SLICES kept */
    struct tm_slice *slices;
    size_t nslices, capslices, max_slices;
    uint64_t min_slice;
    uint64_t dropped;
    uint32_t max_depth;
    /* offloads (NULL without a system file) */
    struct offload_model *off;
    uint64_t end_clock;       /* clock when the run ended */
    bool finished;
    /* runtime calls charged each execution its own cycles (cost_call_costs, taken out of
     * their block's weight): the engine's watches of them, and the next execution of each */
    /* returns charged by the activation they end (cost_return_delta): per engine function
     * F its entries [rd_first[F], rd_first[F + 1]) of callers and clock units, signed */
    size_t *rd_first;
    uint32_t *rd_caller;
    int64_t *rd_delta;
    size_t nrd_funcs;
    bool closing;             /* on_finish closes activations that did not return */
    const struct cost_call_costs **calls;
    struct eng_watch *watch;
    uint64_t *next;
    size_t ncalls;
    unsigned tokens;          /* > 0: inside a token function (offload.c), which only this run
                               * runs: its calls are none of the first run's */
    struct tm_one *one;       /* one run: what the counting run keeps for it (timing_one.c) */
};

/* The hooks of a timed run (eng_run_options.hooks, with hooks_arg the
 * struct offload_timing): the calling-context tree, the timeline, and the hand-
 * over to the offload model (offload.c) at offloaded calls. */
extern const struct eng_run_hooks tm_hooks;
void tm_free(struct offload_timing *t);
/* The watch function of a timed run (eng_run_options.watch_fn, with watch_arg the struct
 * offload_timing): a watched call's execution advances the clock by its own cycles. */
void tm_on_watch(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng);
/* The child of PARENT for FUNC called from SITE, made on first use. */
uint32_t tm_child(struct offload_timing *t, uint32_t parent, uint32_t func, LLVMValueRef site);

/* One run (timing_one.c): the counting run also keeps what the timed run would
 * give when no accelerator is attached. tm_one_start readies T; tm_one_wrap
 * (ARG: T) puts its hooks and watch function around those of the counting
 * run's options RO (cost_run_counts.wrap); after pricing, with T's block
 * weights and per-execution calls set (block_costs) and its limits,
 * tm_one_finish fills T's nodes, end clock and slices as the timed run would
 * and returns true, or returns false when the timed run is needed (a call
 * other than main's may be as long as a slice, records over budget): then
 * tm_one_reset clears what it left in T. */
struct tm_one;
void tm_one_start(struct offload_timing *t);
void tm_one_wrap(void *arg, struct eng_run_options *ro);
bool tm_one_finish(struct offload_timing *t);
void tm_one_reset(struct offload_timing *t);
void tm_one_free(struct tm_one *one);

/* Appends a slice (subject to the limits). */
void tm_slice_add(struct offload_timing *t, uint32_t track, uint32_t name, uint32_t depth, uint64_t start, uint64_t dur);

#endif
