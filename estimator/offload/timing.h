/* timing.h — the timed run: the program runs a second time with every IR
 * block's entry advancing a host clock by what the first run's pricing found
 * the block costs per execution, so the host's cycle count is known at every
 * call and return. It yields the calling-context tree (exact inclusive cycles
 * per context), a timeline of calls, and the instants at which offloaded
 * calls reach their accelerators (offload.c). Internal to estimator/. */
#ifndef LPNEST_TIMING_H
#define LPNEST_TIMING_H

#include "exec.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Clock units per cycle: costs are fixed-point so that sums are exact and
 * the hot path adds integers (2^40 cycles fit). */
#define TM_ONE ((uint64_t)1 << 20)

/* Per-execution cost of each IR block of one function, by block name. */
struct tm_func_costs {
    char *name;
    char **blocks;
    uint64_t *cost;           /* clock units per execution */
    size_t nblocks;
};

/* A calling-context node: FUNC (engine function index) called from SITE in
 * the context PARENT. */
struct tm_node {
    uint32_t parent;          /* UINT32_MAX for the root */
    uint32_t func;
    const struct calldesc *site;
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

struct est_offload;           /* offload.c */

struct est_timing {
    struct tm_func_costs *funcs;
    size_t nfuncs;
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
    struct est_offload *off;
    uint64_t end_clock;       /* clock when the run ended */
    bool finished;
};

void tm_free(struct est_timing *t);
/* Appends a slice (subject to the limits). */
void tm_slice_add(struct est_timing *t, uint32_t track, uint32_t name, uint32_t depth, uint64_t start, uint64_t dur);

#endif
