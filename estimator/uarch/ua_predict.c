/* ua_predict.c — branch predictors (uarch.h): static backward-taken /
 * forward-not-taken (Ibex's ibex_branch_predict.sv, the PowerPC 405's default
 * when the hint bit is clear), and a table of 2-bit saturating counters
 * indexed by the branch's address (a core with a dynamic predictor). */
#include "uarch.h"
#include "support.h"

#include <stdlib.h>

struct ua_predict {
    struct ua_predict_params p;
    uint8_t *counter;        /* bimodal: 0, 1 predict not taken; 2, 3 taken */
};

struct ua_predict *ua_predict_new(const struct ua_predict_params *p)
{
    if (p->kind == UA_PREDICT_BIMODAL && (!p->entries || (p->entries & (p->entries - 1))))
        return NULL;
    struct ua_predict *bp = sup_xcalloc(1, sizeof *bp);
    bp->p = *p;
    if (p->kind == UA_PREDICT_BIMODAL) {
        bp->counter = sup_xmalloc(p->entries);
        for (uint32_t i = 0; i < p->entries; i++)
            bp->counter[i] = 1; /* weakly not taken */
    }
    return bp;
}

void ua_predict_free(struct ua_predict *bp)
{
    if (!bp)
        return;
    free(bp->counter);
    free(bp);
}

/* The entry of the branch at PC (instructions are at least 2 bytes apart). */
static uint8_t *entry(const struct ua_predict *bp, uint32_t pc)
{
    return &bp->counter[(pc >> 1) & (bp->p.entries - 1)];
}

bool ua_predict_taken(const struct ua_predict *bp, uint32_t pc, uint32_t target)
{
    switch (bp->p.kind) {
    case UA_PREDICT_BTFN: return target < pc;
    case UA_PREDICT_BIMODAL: return *entry(bp, pc) >= 2;
    default: return false;
    }
}

bool ua_predict_update(struct ua_predict *bp, uint32_t pc, uint32_t target, bool taken)
{
    bool right = ua_predict_taken(bp, pc, target) == taken;
    if (bp->p.kind == UA_PREDICT_BIMODAL) {
        uint8_t *e = entry(bp, pc);
        if (taken && *e < 3)
            (*e)++;
        else if (!taken && *e > 0)
            (*e)--;
    }
    return right;
}
