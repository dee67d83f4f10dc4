/* ua_core.c — the driver of the core models (uarch.h): parameters, the code
 * the fetch unit reads, the instruction waiting for decode, stamps, and the
 * state as a value for the cost layer's memo of block prices. */
#include <stddef.h>
#include <stdint.h>
#include "ua_impl.h"
#include "support.h"

#include <stdlib.h>

uint32_t ua_code_word(struct ua_core *c, uint32_t a)
{
    /* the range the code function gave last (the bytes do not change while the core lives) */
    if (!(c->span && a >= c->span_lo && (uint64_t)a + 4 <= (uint64_t)c->span_lo + c->span_n)) {
        uint32_t avail = 0;
        const uint8_t *p = c->code(c->code_arg, a, &avail);
        if (!p || avail < 4) {
            uint32_t w = 0;
            for (unsigned k = 0; k < 4; k++) {
                avail = 0;
                p = c->code(c->code_arg, a + k, &avail);
                if (p && avail)
                    w |= (uint32_t)p[0] << (8 * k);
            }
            return w;
        }
        c->span = p;
        c->span_lo = a;
        c->span_n = avail;
    }
    const uint8_t *p = c->span + (a - c->span_lo);
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

enum ua_step ua_take(struct ua_core *c, uint32_t pc, struct ua_op *op, uint64_t *seq)
{
    if (!c->have || c->draining)
        return UA_STEP_NEED;
    if (c->pending.pc != pc)
        return UA_STEP_MISMATCH;
    *op = c->pending;
    *seq = c->pending_seq;
    c->have = false;
    return UA_STEP_OK;
}

struct ua_core *ua_core_new(const struct ua_params *p, ua_code_fn code, void *arg)
{
    const struct ua_model_ops *ops;
    switch (p->model) {
    case UA_MODEL_IBEX: ops = &ua_ibex_ops; break;
    case UA_MODEL_CV32E40P: ops = &ua_cv32e40p_ops; break;
    default: return NULL;
    }
    struct ua_core *c = sup_xcalloc(1, sizeof *c);
    c->p = *p;
    c->ops = ops;
    c->code = code;
    c->code_arg = arg;
    if (p->icache.bytes) {
        c->icache = ua_icache_new(&p->icache);
        if (!c->icache) {
            free(c);
            return NULL;
        }
    }
    c->state = sup_xcalloc(1, ops->state_size);
    c->scratch = sup_xcalloc(1, ops->state_size);
    for (unsigned k = 0; k < UA_STAMP_WINDOW; k++)
        c->stamp[k] = UINT64_MAX;
    ops->reset(c, c->state, 0);
    return c;
}

void ua_core_free(struct ua_core *c)
{
    if (!c)
        return;
    ua_icache_free(c->icache);
    free(c->state);
    free(c->scratch);
    free(c);
}

void ua_core_restart(struct ua_core *c, uint32_t pc)
{
    c->have = false;
    c->draining = false;
    c->ops->reset(c, c->state, pc);
}

bool ua_core_feed(struct ua_core *c, const struct ua_op *op)
{
    c->pending = *op;
    c->pending_seq = c->fed++;
    c->have = true;
    c->stamp[c->pending_seq % UA_STAMP_WINDOW] = UINT64_MAX;
    for (;;) {
        enum ua_step s = c->ops->step(c, c->state);
        if (s == UA_STEP_MISMATCH)
            return false;
        if (s == UA_STEP_NEED && !c->have)
            return true;
        if (s == UA_STEP_OK)
            c->cycle++;
        /* a cycle limit guards against a model that cannot take the instruction */
        if (s == UA_STEP_NEED)
            return false;
    }
}

void ua_core_drain(struct ua_core *c)
{
    c->draining = true;
    for (unsigned n = 0; !c->ops->empty(c->state) && n < 100000; n++)
        if (c->ops->step(c, c->state) == UA_STEP_OK)
            c->cycle++;
    c->draining = false;
}

uint64_t ua_core_stamp(const struct ua_core *c, uint64_t seq)
{
    if (seq >= c->fed || c->fed - seq > UA_STAMP_WINDOW)
        return UINT64_MAX;
    return c->stamp[seq % UA_STAMP_WINDOW];
}

uint64_t ua_core_fed(const struct ua_core *c)
{
    return c->fed;
}

uint64_t ua_core_cycle(const struct ua_core *c)
{
    return c->cycle;
}

size_t ua_core_state_size(const struct ua_core *c)
{
    return c->ops->state_size;
}

void ua_core_save(const struct ua_core *c, void *buf)
{
    if ((uintptr_t)buf % _Alignof(max_align_t) == 0) {
        memcpy(buf, c->state, c->ops->state_size);
        c->ops->rebase(buf, c->fed, true);
        return;
    }
    /* made relative in the aligned scratch: BUF sits at an odd place of a caller's array */
    memcpy(c->scratch, c->state, c->ops->state_size);
    c->ops->rebase(c->scratch, c->fed, true);
    memcpy(buf, c->scratch, c->ops->state_size);
}

void ua_core_load(struct ua_core *c, const void *buf)
{
    memcpy(c->state, buf, c->ops->state_size);
    c->ops->rebase(c->state, c->fed, false);
    c->have = false;
    c->draining = false;
}

void ua_core_skip(struct ua_core *c, const void *buf, uint64_t fed, uint64_t cycles)
{
    for (uint64_t k = 0; k < fed && k < UA_STAMP_WINDOW; k++)
        c->stamp[(c->fed + k) % UA_STAMP_WINDOW] = UINT64_MAX;
    c->fed += fed;
    c->cycle += cycles;
    ua_core_load(c, buf);
}

struct ua_icache *ua_core_icache(struct ua_core *c)
{
    return c->icache;
}

void ua_core_icache_on(struct ua_core *c)
{
    if (c->icache && c->ops->icache_on)
        c->ops->icache_on(c->state);
}

void ua_core_icache_assume(struct ua_core *c, ua_present_fn present, void *arg)
{
    c->present = present;
    c->present_arg = arg;
}
