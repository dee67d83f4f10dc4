/* ua_impl.h — what the core driver (ua_core.c) and the core models
 * (ua_ibex.c, ua_cv32e40p.c) share: the driver holds the parameters, the
 * code reader, the instruction waiting to be fetched into decode and the
 * stamps; a model holds its state as a plain value and steps it one cycle at a
 * time. */
#ifndef LPNEST_UA_IMPL_H
#define LPNEST_UA_IMPL_H

#include "uarch.h"

#include <string.h>

/* What one cycle of a model did. */
enum ua_step {
    UA_STEP_OK,        /* the cycle ran */
    UA_STEP_NEED,      /* decode wants the next instruction and none is waiting: the cycle did not run */
    UA_STEP_MISMATCH,  /* the instruction waiting is not at the address the fetch unit delivers */
};

struct ua_model_ops {
    size_t state_size;
    void (*reset)(struct ua_core *c, void *st, uint32_t pc);
    enum ua_step (*step)(struct ua_core *c, void *st);
    /* whether every instruction in the pipeline has its stamp */
    bool (*empty)(const void *st);
    /* sequence numbers held in the state, made relative to FED (save) or absolute again (load) */
    void (*rebase)(void *st, uint64_t fed, bool to_relative);
    /* the instruction cache enabled and idle (NULL: the model has none) */
    void (*icache_on)(void *st);
};

extern const struct ua_model_ops ua_ibex_ops;
extern const struct ua_model_ops ua_cv32e40p_ops;

struct ua_core {
    struct ua_params p;
    const struct ua_model_ops *ops;
    ua_code_fn code;
    void *code_arg;
    const uint8_t *span;      /* the bytes CODE gave last: SPAN_N of them from SPAN_LO (ua_code_word) */
    uint32_t span_lo, span_n;
    uint64_t cycle;
    uint64_t fed;             /* instructions fed; the next one gets this sequence number */
    bool have;                /* PENDING waits to be fetched into decode */
    bool draining;            /* no more instructions come: decode takes none */
    struct ua_op pending;
    uint64_t pending_seq;
    uint64_t stamp[UA_STAMP_WINDOW];
    struct ua_icache *icache;
    ua_present_fn present;    /* decides lookups instead of the tags (ua_core_icache_assume) */
    void *present_arg;
    void *state;              /* the model's, ops->state_size bytes */
    void *scratch;            /* as many, aligned as the model's: a state made relative (ua_core_save) */
};

/* The 32-bit word at the word-aligned address A (zeros where nothing is loaded). */
uint32_t ua_code_word(struct ua_core *c, uint32_t a);
/* Records instruction SEQ's stamp at the current cycle (plus DELTA). */
static inline void ua_stamp(struct ua_core *c, uint64_t seq, uint64_t delta)
{
    c->stamp[seq % UA_STAMP_WINDOW] = c->cycle + delta;
}
/* Takes the waiting instruction into decode if it is the one at PC: UA_STEP_OK
 * with *OP and *SEQ; UA_STEP_NEED when none waits (or the core drains);
 * UA_STEP_MISMATCH when it is at another address. */
enum ua_step ua_take(struct ua_core *c, uint32_t pc, struct ua_op *op, uint64_t *seq);

#endif
