/* counts.h — the count model every layer reads: per function, its IR
 * blocks, the edges between them, its select records and the path counts
 * through blocks code generation duplicated, each with how often it was
 * executed. Produced by the engine (a run: eng_run; records with zero
 * counts: eng_profile_compile), filled by static frequencies and profile
 * files (freq.c), read by lower/ and cost/ (eng_profile_counts). The
 * engine's own structures (exec.h) stay private to it. */
#ifndef LPNEST_COUNTS_H
#define LPNEST_COUNTS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* Reporting information of an edge, parallel to the edge array. */
enum cnt_edge_kind { CNT_EK_UNCOND, CNT_EK_TRUE, CNT_EK_FALSE, CNT_EK_CASE, CNT_EK_DEFAULT, CNT_EK_INDIRECT };
struct cnt_edge_info {
    uint32_t from, to;       /* block indices */
    enum cnt_edge_kind kind;
    uint64_t case_lo, case_hi; /* switch case value (two words for i128) */
};


/* Path counts through one block: how often it was entered by in-edge I and
 * left by out-edge J (requested for blocks code generation duplicated). */
struct cnt_pairs {
    uint32_t block;
    uint32_t nin, nout;
    uint32_t *in_edges;       /* edge indices (0: the function entry) */
    uint32_t *out_edges;
    uint64_t *counts;         /* [i * nout + j] */
};

struct cnt_select {
    uint32_t block;          /* block index */
    uint32_t index;          /* instruction position in the block */
    uint32_t lanes;          /* vector selects count lane by lane */
    uint32_t base;           /* first lane: counts at sel_counts[2 * (base + lane) + outcome] */
    uint32_t ties;           /* min/max: first lane of the operands-equal counters
                              * (outcome 0 = equal), else UINT32_MAX */
    uint32_t probe;          /* CNT_SEL_PROBE: the probe's index in eng_run_options.probes,
                              * else UINT32_MAX */
    uint8_t kind;            /* SEL_* */
};
/* select record kinds: a select (true = first value), a min/max (true =
 * first operand), or the first operand of an i1 and/or that a branch tests
 * (code generation splits such branches in two, the first testing it), or
 * a saturating add/sub (true = not saturated; ties = exactly at a bound),
 * or a comparison whose result is used as a value (true = true), or a
 * shift by a variable amount (32 lanes = 64 counters: how often each amount
 * 0..62 occurred, and 63 or more; cores without a barrel shifter loop or
 * pay per bit), or a probe (estimator.h, eng_probe: 32 lanes = 64 counters,
 * how often its value was 0..62, and 63 or more) */
enum { CNT_SEL_SELECT, CNT_SEL_MINMAX, CNT_SEL_LOGIC, CNT_SEL_SAT, CNT_SEL_CMP, CNT_SEL_SHIFT, CNT_SEL_PROBE };

struct cnt_block {
    LLVMBasicBlockRef bb;
    const char *name;
    uint32_t ninst;          /* IR instructions, debug intrinsics excluded */
    uint64_t count;          /* executions */
};

struct cnt_edge {
    uint64_t count;          /* traversals (edge 0: the function's entries) */
};

/* One function's counts. Edges are numbered as the engine numbers them:
 * edge 0 is the entry, then every successor of every terminator in block
 * order (EINFO[e]: from, to, kind). */
struct cnt_func {
    LLVMValueRef fn;
    const char *name;
    bool defined;            /* has a body */
    bool compiled;           /* the engine could translate it (else no records) */
    uint64_t calls;          /* externals: calls made to it */
    struct cnt_block *blocks;
    uint32_t nblocks;
    struct cnt_edge *edges;
    struct cnt_edge_info *einfo;
    uint32_t nedges;
    struct cnt_select *selects;
    uint64_t *sel_counts;    /* [2 * lane + outcome] */
    uint32_t nselects;
    uint32_t nsel_lanes;
    struct cnt_pairs *pairs;
    uint32_t npairs;
};

#endif
