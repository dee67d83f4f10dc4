/* ua_ibex.h — what the Ibex model (ua_ibex.c) and its instruction-cache fetch
 * unit (ua_ibex_icache.c) share: the cache's registers as a value (part of the
 * model's state), and the two halves of its cycle (the output to the IF stage,
 * then the register updates once the IF stage has decided). */
#ifndef LPNEST_UA_IBEX_H
#define LPNEST_UA_IBEX_H

#include "ua_impl.h"

#define IBEX_IC_FB 4   /* ibex_icache.sv NUM_FB */

/* inval_state_q; zero is the state out of reset */
enum { IC_OUT_OF_RESET, IC_AWAIT_KEY, IC_INVAL_CACHE, IC_INVAL_IDLE };

/* One fill buffer (fill_*_q[fb]). */
struct ibex_fb {
    bool busy, stale, cache, hit, ext_done, ram_done;
    uint8_t older;             /* the buffers allocated before it, still busy */
    uint8_t ext_cnt, rvd_cnt, out_cnt;
    uint8_t way;
    uint32_t addr;             /* the lookup's address */
};

struct ibex_ic {
    uint32_t prefetch_addr;    /* prefetch_addr_q: the next line to look up */
    bool lookup_valid_ic1;     /* a lookup in IC1 (cache enabled, not invalidating) */
    bool hit_ic1;              /* its tags matched (read in IC0) */
    uint8_t fill_in_ic1;       /* the fill buffer it allocated */
    uint32_t way_ic1;          /* the way a fill of its line replaces (sel_way_ic1) */
    struct ibex_fb fb[IBEX_IC_FB];
    bool skid_valid;           /* skid_valid_q: the low half of a 32-bit instruction waits */
    uint32_t out_addr;         /* output_addr_q */
    bool enable;               /* cpuctrl.icache_enable */
    uint8_t inval_state;
    uint16_t inval_index;
};

/* The output of a fetch unit to the IF stage. */
struct ibex_fetch {
    bool valid;
    uint32_t addr;
    uint32_t rdata;            /* the 32 bits at addr (a compressed instruction in the low half) */
};

/* Everything of the cycle that depends only on the registers: which fill
 * buffers take part in what, and the output to the IF stage. */
struct ibex_ic_comb {
    unsigned nfb;
    bool done[IBEX_IC_FB], ext_req[IBEX_IC_FB], ext_done_d[IBEX_IC_FB], rvd_done[IBEX_IC_FB];
    bool out_req[IBEX_IC_FB], out_arb[IBEX_IC_FB], rvd_arb[IBEX_IC_FB], ram_req[IBEX_IC_FB];
    bool hit_ic1[IBEX_IC_FB];
    bool data_valid, skid_complete;
};

/* The output (valid_o, addr_o, rdata_o) in a cycle where the instruction
 * memory answers (RVALID); with PRE, the cycle's combinational part computed
 * for it (branch_i low) is kept there for ua_ibex_ic_update of the same cycle. */
void ua_ibex_ic_output(struct ua_core *c, const struct ibex_ic *ic, bool rvalid, struct ibex_fetch *o,
                       struct ibex_ic_comb *pre);
/* The rest of the cycle with the IF stage's inputs (req_i, branch_i, addr_i,
 * ready_i, the valid_o of ua_ibex_ic_output, icache_inval_i): the registers and
 * the tags change; *INSTR_REQ tells whether a word is requested from memory,
 * and the address is returned. PRE (NULL: none): what ua_ibex_ic_output of this
 * cycle kept, used when BRANCH is low (the registers have not changed since). */
uint32_t ua_ibex_ic_update(struct ua_core *c, struct ibex_ic *ic, bool req, bool branch, uint32_t addr_i,
                           bool ready, bool valid_o, bool rvalid, bool inval, const struct ibex_ic_comb *pre,
                           bool *instr_req);
/* Clears what cannot change a stamp any more (free fill buffers), for equal
 * states to have equal bytes. */
void ua_ibex_ic_canonical(struct ibex_ic *ic, unsigned beats);

#endif
