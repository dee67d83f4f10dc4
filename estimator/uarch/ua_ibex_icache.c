/* ua_ibex_icache.c — Ibex's instruction cache as a fetch unit (ibex_icache.sv of
 * lowRISC/ibex 8b8ee086, ICache=1 without ECC or scrambling), transcribed signal
 * by signal for the Ibex model (ua_ibex.c): the lookup pipeline (IC0: tag and
 * data read of the branch target or of the next line ahead, IC1: hit, the way a
 * fill replaces: the lowest invalid way, else the round-robin pointer that
 * advances at every valid lookup), the prefetch of the following lines while
 * fewer than three fill buffers are busy, the four fill buffers (external
 * requests, the first one sent with the lookup after a branch; responses; the
 * line written into the cache once complete, when no lookup wants the RAMs;
 * their beats handed to the core oldest buffer first), the output with its
 * skid half-word for 32-bit instructions across two words, the enable bit
 * (cpuctrl) and the invalidation walk after fence.i (one set a cycle, no hits
 * meanwhile). The tags are the cache's (ua_icache.c); the data are the code's.
 * The memory is simple_system's: a request is granted in the cycle it is made. */
#include "ua_ibex.h"

static unsigned beats_of(const struct ua_core *c)
{
    return c->p.icache.line_bytes / 4;
}

/* The 16 bits at ADDR (2-aligned). */
static uint32_t half_at(struct ua_core *c, uint32_t addr)
{
    uint32_t w = ua_code_word(c, addr & ~3u);
    return addr & 2 ? w >> 16 : w & 0xffff;
}

static bool compressed(uint32_t half)
{
    return (half & 3) != 3;
}

static bool older_busy(uint8_t mask, const bool *v, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        if ((mask >> k & 1) && v[k])
            return true;
    return false;
}

static void comb(struct ua_core *c, const struct ibex_ic *ic, bool rvalid, bool branch, struct ibex_ic_comb *m)
{
    unsigned beats = beats_of(c), n = IBEX_IC_FB;
    m->nfb = n;
    for (unsigned f = 0; f < n; f++) {
        const struct ibex_fb *b = &ic->fb[f];
        m->hit_ic1[f] = ic->lookup_valid_ic1 && (ic->fill_in_ic1 >> f & 1) && ic->hit_ic1;
        unsigned off = (b->addr / 4) % beats;
        unsigned ext_beat = off + b->ext_cnt;
        m->ext_done_d[f] = (b->ext_cnt >= beats || m->hit_ic1[f] || b->hit ||
                            (!b->cache && (branch || b->stale || ext_beat >= beats))) && b->busy;
        m->ext_req[f] = b->busy && !m->ext_done_d[f];
        m->rvd_done[f] = b->ext_done && b->rvd_cnt == b->ext_cnt;
        m->ram_req[f] = b->busy && b->rvd_cnt >= beats && !b->hit && b->cache && !b->ram_done;
    }
    bool rvd_exp[IBEX_IC_FB], stale_or_done[IBEX_IC_FB];
    for (unsigned f = 0; f < n; f++) {
        const struct ibex_fb *b = &ic->fb[f];
        rvd_exp[f] = b->busy && !m->rvd_done[f];
        stale_or_done[f] = b->busy && b->out_cnt < beats && !b->stale;
    }
    for (unsigned f = 0; f < n; f++) {
        const struct ibex_fb *b = &ic->fb[f];
        unsigned off = (b->addr / 4) % beats;
        m->rvd_arb[f] = rvalid && rvd_exp[f] && !older_busy(b->older, rvd_exp, n);
        bool out_done = b->out_cnt >= beats;
        m->out_req[f] = b->busy && !b->stale && !out_done &&
                        (m->hit_ic1[f] || b->hit || off + b->rvd_cnt > b->out_cnt || m->rvd_arb[f]);
        bool data_sel = !older_busy(b->older, stale_or_done, n);
        m->out_arb[f] = m->out_req[f] && data_sel;
        m->done[f] = (b->ram_done || b->hit || !b->cache) && (out_done || b->stale || branch) && m->rvd_done[f];
    }
    m->data_valid = false;
    for (unsigned f = 0; f < n; f++)
        m->data_valid |= m->out_arb[f];
    m->skid_complete = ic->skid_valid && compressed(half_at(c, ic->out_addr));
}

void ua_ibex_ic_output(struct ua_core *c, const struct ibex_ic *ic, bool rvalid, struct ibex_fetch *o,
                       struct ibex_ic_comb *pre)
{
    struct ibex_ic_comb local, *mp = pre ? pre : &local;
    comb(c, ic, rvalid, false, mp); /* the output does not depend on branch_i */
    const struct ibex_ic_comb m = *mp;
    uint32_t a = ic->out_addr;
    bool valid = m.skid_complete;
    if (m.data_valid && (!(a & 2) || ic->skid_valid || compressed(half_at(c, a))))
        valid = true;
    o->valid = valid;
    o->addr = a;
    o->rdata = half_at(c, a) | half_at(c, a + 2) << 16;
}

uint32_t ua_ibex_ic_update(struct ua_core *c, struct ibex_ic *ic, bool req, bool branch, uint32_t addr_i,
                           bool ready, bool valid_o, bool rvalid, bool inval, const struct ibex_ic_comb *pre,
                           bool *instr_req)
{
    struct ua_icache *cache = c->icache;
    unsigned beats = beats_of(c), n = IBEX_IC_FB;
    uint32_t line_mask = ~(c->p.icache.line_bytes - 1u);
    struct ibex_ic_comb m;
    if (pre && !branch)
        m = *pre; /* the output's: the same registers, the same rvalid, branch_i low */
    else
        comb(c, ic, rvalid, branch, &m);

    /* invalidation */
    bool inval_block = ic->inval_state != IC_INVAL_IDLE || inval; /* idle: unblocked unless a request comes */
    bool inval_write = ic->inval_state == IC_INVAL_CACHE;

    /* IC0 */
    unsigned level = 0;
    bool all_busy = true;
    for (unsigned f = 0; f < n; f++) {
        level += ic->fb[f].busy && !ic->fb[f].stale;
        all_busy &= ic->fb[f].busy;
    }
    bool throttle = level > IBEX_IC_FB - 2;
    bool lookup_req = req && !all_busy && (branch || !throttle);
    uint32_t lookup_addr = branch ? addr_i : ic->prefetch_addr;
    bool fill_req = false;
    for (unsigned f = 0; f < n; f++)
        fill_req |= m.ram_req[f];
    bool fill_grant = fill_req && !lookup_req && !inval_write;
    bool lookup_actual = lookup_req && ic->enable && !inval_block;
    int alloc_sel = -1;
    for (unsigned f = 0; f < n && alloc_sel < 0; f++)
        if (!ic->fb[f].busy)
            alloc_sel = (int)f;
    bool cache_new = ic->enable && !inval_block;
    bool any_ext = false;
    for (unsigned f = 0; f < n; f++)
        any_ext |= m.ext_req[f];
    bool spec_req = (!ic->enable || branch) && !any_ext;
    bool ireq = ((!ic->enable || branch) && lookup_req) || any_ext;
    bool spec_done = spec_req && ireq; /* the grant is the request */
    /* the external request: the oldest fill buffer's next beat, else the lookup's word */
    uint32_t req_addr = lookup_addr & ~3u;
    bool ext_arb[IBEX_IC_FB] = {0};
    for (unsigned f = 0; f < n; f++) {
        ext_arb[f] = m.ext_req[f] && !older_busy(ic->fb[f].older, m.ext_req, n);
        if (ext_arb[f]) {
            const struct ibex_fb *b = &ic->fb[f];
            unsigned off = (b->addr / 4) % beats;
            req_addr = (b->addr & line_mask) + ((off + b->ext_cnt) % beats) * 4;
        }
    }
    bool ram_arb[IBEX_IC_FB] = {0};
    for (unsigned f = 0; f < n; f++)
        ram_arb[f] = m.ram_req[f] && fill_grant && !older_busy(ic->fb[f].older, m.ram_req, n);

    /* the output side */
    uint32_t a = ic->out_addr;
    bool out_c = compressed(half_at(c, a));
    bool skid_ready = (a & 2) && !ic->skid_valid && !out_c;
    bool output_ready = (ready || skid_ready) && !m.skid_complete;

    /* IC1 of this cycle's lookup happens next cycle: the tags as they are now */
    bool hit = false;
    uint32_t way = 0;
    if (lookup_actual)
        hit = c->present ? c->present(c->present_arg, lookup_addr & line_mask)
                         : ua_icache_lookup(cache, lookup_addr, &way);

    /* RAM writes: a completed line, or the invalidation walk */
    if (fill_grant && !c->present)
        for (unsigned f = 0; f < n; f++)
            if (ram_arb[f])
                ua_icache_fill(cache, ic->fb[f].addr, ic->fb[f].way);
    if (inval_write && !c->present)
        ua_icache_invalidate_set(cache, ic->inval_index);

    /* ---- the fill buffers' registers ---- */
    struct ibex_fb nb[IBEX_IC_FB];
    uint8_t done_mask = 0, busy_mask = 0;
    for (unsigned f = 0; f < n; f++) {
        done_mask |= (uint8_t)(m.done[f] << f);
        busy_mask |= (uint8_t)(ic->fb[f].busy << f);
    }
    for (unsigned f = 0; f < n; f++) {
        const struct ibex_fb *b = &ic->fb[f];
        struct ibex_fb *d = &nb[f];
        *d = *b;
        bool alloc = lookup_req && alloc_sel == (int)f;
        if (!(alloc || b->busy))
            continue; /* fill_entry_en */
        d->busy = alloc || (b->busy && !m.done[f]);
        d->older = (uint8_t)((alloc ? busy_mask : b->older) & ~done_mask);
        d->stale = b->busy && (branch || b->stale);
        d->cache = (alloc && cache_new) || (b->cache && b->busy && ic->enable && !inval);
        d->hit = m.hit_ic1[f] || (b->hit && b->busy);
        d->ext_cnt = (uint8_t)(alloc ? (unsigned)spec_done : b->ext_cnt + (unsigned)(ext_arb[f] && ireq));
        d->ext_done = m.ext_done_d[f];
        d->rvd_cnt = (uint8_t)(alloc ? 0u : b->rvd_cnt + (unsigned)m.rvd_arb[f]);
        d->ram_done = ram_arb[f] || (b->ram_done && b->busy);
        d->out_cnt = (uint8_t)(alloc ? (lookup_addr / 4) % beats : b->out_cnt + (unsigned)(m.out_arb[f] && output_ready));
        if (alloc)
            d->addr = lookup_addr;
    }
    for (unsigned f = 0; f < n; f++)
        if (ic->lookup_valid_ic1 && (ic->fill_in_ic1 >> f & 1))
            nb[f].way = (uint8_t)ic->way_ic1;
    memcpy(ic->fb, nb, sizeof nb);

    /* IC1 registers */
    if (lookup_req) {
        ic->fill_in_ic1 = (uint8_t)(alloc_sel >= 0 ? 1u << alloc_sel : 0);
        ic->hit_ic1 = hit;
        ic->way_ic1 = way;
    }
    ic->lookup_valid_ic1 = lookup_actual;
    if (branch || lookup_req)
        ic->prefetch_addr = lookup_req ? (lookup_addr & line_mask) + c->p.icache.line_bytes : addr_i;

    /* the skid and the output address */
    bool nskid;
    if (branch)
        nskid = false;
    else if (ic->skid_valid)
        nskid = !(ready && compressed(half_at(c, a)));
    else
        nskid = m.data_valid && (((a & 2) && !out_c) || (!(a & 2) && out_c && ready));
    ic->skid_valid = nskid;
    if (branch)
        ic->out_addr = addr_i & ~1u;
    else if (ready && valid_o)
        ic->out_addr = a + (out_c ? 2u : 4u);

    /* the invalidation walk (the scrambling key is always valid) */
    switch (ic->inval_state) {
    case IC_OUT_OF_RESET: ic->inval_state = IC_AWAIT_KEY; break;
    case IC_AWAIT_KEY: ic->inval_state = IC_INVAL_CACHE; ic->inval_index = 0; break;
    case IC_INVAL_CACHE:
        if (inval)
            ic->inval_state = IC_AWAIT_KEY;
        else if (++ic->inval_index >= ua_icache_sets(cache))
            ic->inval_state = IC_INVAL_IDLE;
        break;
    default:
        if (inval)
            ic->inval_state = IC_AWAIT_KEY;
        break;
    }
    *instr_req = ireq;
    return req_addr;
}

void ua_ibex_ic_canonical(struct ibex_ic *ic, unsigned beats)
{
    (void)beats;
    for (unsigned f = 0; f < IBEX_IC_FB; f++)
        if (!ic->fb[f].busy) {
            /* a free buffer's registers are rewritten when it is allocated (its way when its
             * lookup reaches IC1) and read by nothing else that changes a stamp */
            memset(&ic->fb[f], 0, sizeof ic->fb[f]);
        }
    if (!ic->lookup_valid_ic1) {
        ic->hit_ic1 = false;
        ic->way_ic1 = 0;
    }
}
