/* cfg.h — the control-flow graph of an IR function, its dominators and
 * natural loops, for the report layer's analyses (loops.c, sources.c).
 * Private to report/. */
#ifndef LPNEST_REPORT_CFG_H
#define LPNEST_REPORT_CFG_H

#include "report.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Blocks in function order, successors and predecessors (each once). */
struct rcfg {
    size_t n;
    LLVMBasicBlockRef *bbs;
    size_t **succ, *nsucc;
    size_t **pred, *npred;
    size_t words;             /* 64-bit words per bit set of blocks */
};

static inline bool rcfg_bit(const uint64_t *s, size_t i) { return (s[i / 64] >> (i % 64)) & 1; }

/* The CFG of FN (free with rcfg_free). */
void rcfg_build(struct rcfg *g, LLVMValueRef fn);
void rcfg_free(struct rcfg *g);

/* A natural loop: its header and body (a bit set of G's blocks). */
struct rcfg_loop {
    size_t header;
    uint64_t *body;
    size_t size;              /* blocks in the body */
    size_t parent;            /* the smallest enclosing loop (index), or COST_NO_PARENT */
};
/* The natural loops of G, outer loops first (*out: free with
 * rcfg_loops_free); returns how many. */
size_t rcfg_loops(const struct rcfg *g, struct rcfg_loop **out);
void rcfg_loops_free(struct rcfg_loop *l, size_t n);

#endif
