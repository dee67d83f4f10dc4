/* cost_pipe_returns.c — the runtime routines' runs on the pipeline: the state each
 * run starts from and the code after the call run from the state its return left
 * (chain), the fixed point solved again with those states (resolve_returns), and the
 * call-site interface the cost_args watch uses. */
#include "pipe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool decode_cb(void *arg, uint32_t pc, struct ua_rv32 *out)
{
    return pipe_decode_at(arg, pc, out);
}

/* After the routine of call site SITE returned in pp->ret_buf: when the code after the call
 * runs straight into another routine's call (one segment, one way out), that segment runs
 * from the state the return left, not the fixed point's canonical return: what it costs
 * beyond goes to its block (chain_delta), and the next routine starts from the state it
 * leaves (chain_site, chain_state). Cores with an instruction cache keep the canonical
 * return (their runs' cache is apart from the fixed point's). */
bool pipe_chains(const struct cost_pipe *pp, size_t site, size_t *seg)
{
    const struct pipe_call *c = &pp->calls[site];
    if (pp->shared[site] || c->tail || c->seg >= pp->nsegs || pp->segs[c->seg].cont >= pp->nsegs)
        return false;
    size_t si = pp->segs[c->seg].cont;
    const struct pipe_seg *s = &pp->segs[si];
    if (!s->ends_call || s->call == SIZE_MAX || s->nexits != 1 || s->exits[0].kind != PIPE_EX_ROUTINE || s->nstates != 1 ||
        !s->cost || !s->done[0])
        return false;
    const struct pipe_call *b = &pp->calls[s->call];
    if (!b->routine || b->tail || b->call_state == SIZE_MAX || pp->shared[s->call])
        return false;
    *seg = si;
    return true;
}

static void chain(struct cost_pipe *pp, size_t site)
{
    if (!pp->ret_ok)
        return;
    /* the state as the site's last return left it (routines return alike), else interned */
    size_t from = pp->last_ret[site], left = SIZE_MAX, si;
    if (from == SIZE_MAX || memcmp(pipe_state(pp, from), pp->ret_buf, pp->state_bytes))
        from = pp->last_ret[site] = pipe_intern(pp, pp->ret_buf);
    size_t *seen = &pp->ret_seen[site];
    *seen = *seen == SIZE_MAX || *seen == from ? from : PIPE_RET_SEVERAL;
    /* every state the site's returns left, with their returns */
    unsigned *nr = &pp->ret_n[site], k = 0;
    size_t *list = pp->ret_list + site * PIPE_MAX_STATES;
    while (k < *nr && k < PIPE_MAX_STATES && list[k] != from)
        k++;
    if (k < *nr && k < PIPE_MAX_STATES)
        pp->ret_count[site * PIPE_MAX_STATES + k]++;
    else if (*nr < PIPE_MAX_STATES) {
        list[*nr] = from;
        pp->ret_count[site * PIPE_MAX_STATES + *nr] = 1;
        ++*nr;
    } else
        *nr = PIPE_MAX_STATES + 1;
    if (!pipe_chains(pp, site, &si))
        return;
    const struct pipe_seg *s = &pp->segs[si];
    double cost = 0;
    if (from == s->states[0] || s->failed)
        return;
    if (pp->chain_from[si] == from) { /* run from that state before */
        cost = pp->chain_cost[si];
        left = pp->chain_left[si];
    } else {
        if (!pipe_run(pp, s, from, &s->exits[0], &cost, &left))
            return;
        pp->chain_from[si] = from;
        pp->chain_cost[si] = cost;
        pp->chain_left[si] = left;
    }
    pp->chain_delta[si] += cost - s->cost[0];
    if (pipe_debug())
        fprintf(stderr, "chain: site %zu returned in pipe_state %zu: seg %zu %g (fixed point %g), call %zu from pipe_state %zu (fixed point %zu)\n",
                site, from, si, cost, s->cost[0], s->call, left, pp->calls[s->call].call_state);
    pp->chain_site = s->call;
    pp->chain_state = left;
}

/* A solution of the fixed point, taken out of the segments (snapshot) to be put back
 * (restore) or dropped. */
struct solution {
    struct {
        size_t states[PIPE_MAX_STATES], nstates;
        bool overflow;
        double *cost;
        size_t *leave;
        bool *done;
    } *seg;
    size_t *call_state;
    bool *ambiguous;
    size_t *order, norder;
};

static struct solution snapshot(struct cost_pipe *pp)
{
    struct solution o = {sup_xcalloc(pp->nsegs + 1, sizeof *o.seg), sup_xcalloc(pp->ncalls + 1, sizeof *o.call_state),
                         sup_xcalloc(pp->ncalls + 1, sizeof *o.ambiguous), pp->order, pp->norder};
    for (size_t si = 0; si < pp->nsegs; si++) {
        struct pipe_seg *s = &pp->segs[si];
        memcpy(o.seg[si].states, s->states, sizeof s->states);
        o.seg[si].nstates = s->nstates;
        o.seg[si].overflow = s->overflow;
        o.seg[si].cost = s->cost;
        o.seg[si].leave = s->leave;
        o.seg[si].done = s->done;
        s->nstates = 0;
        s->overflow = false;
        s->cost = NULL;
        s->leave = NULL;
        s->done = NULL;
    }
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        o.call_state[ci] = pp->calls[ci].call_state;
        o.ambiguous[ci] = pp->calls[ci].call_state_ambiguous;
        pp->calls[ci].call_state = SIZE_MAX;
        pp->calls[ci].call_state_ambiguous = false;
    }
    pp->order = NULL;
    pp->norder = 0;
    return o;
}

static void free_segs_solution(struct cost_pipe *pp)
{
    for (size_t si = 0; si < pp->nsegs; si++) {
        free(pp->segs[si].cost);
        free(pp->segs[si].leave);
        free(pp->segs[si].done);
    }
    free(pp->order);
}

/* Puts O back in place of the current solution. */
static void restore(struct cost_pipe *pp, struct solution *o)
{
    free_segs_solution(pp);
    for (size_t si = 0; si < pp->nsegs; si++) {
        struct pipe_seg *s = &pp->segs[si];
        memcpy(s->states, o->seg[si].states, sizeof s->states);
        s->nstates = o->seg[si].nstates;
        s->overflow = o->seg[si].overflow;
        s->cost = o->seg[si].cost;
        s->leave = o->seg[si].leave;
        s->done = o->seg[si].done;
    }
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        pp->calls[ci].call_state = o->call_state[ci];
        pp->calls[ci].call_state_ambiguous = o->ambiguous[ci];
    }
    pp->order = o->order;
    pp->norder = o->norder;
    free(o->seg);
    free(o->call_state);
    free(o->ambiguous);
}

static void drop(struct solution *o, size_t nsegs)
{
    for (size_t si = 0; si < nsegs; si++) {
        free(o->seg[si].cost);
        free(o->seg[si].leave);
        free(o->seg[si].done);
    }
    free(o->order);
    free(o->seg);
    free(o->call_state);
    free(o->ambiguous);
}

/* Solves again with the calls' ret_state; true (kept) when every routine call that ran starts
 * from the state its runs started from (CALL_STATE, AMBIGUOUS: the first solution's), else the
 * solution before is put back. */
static bool try_solve(struct cost_pipe *pp, const size_t *call_state, const bool *ambiguous)
{
    struct solution before = snapshot(pp);
    pipe_solve(pp);
    bool keep = true;
    for (size_t ci = 0; ci < pp->ncalls && keep; ci++)
        if (pp->calls[ci].routine && pp->ret_seen[ci] != SIZE_MAX &&
            (pp->calls[ci].call_state != call_state[ci] || pp->calls[ci].call_state_ambiguous != ambiguous[ci]))
            keep = false;
    if (keep)
        drop(&before, pp->nsegs);
    else
        restore(pp, &before);
    return keep;
}

/* The segments entered in a state the fixed point did not run them from: from the code after
 * each routine call that was not solved with the states its returns left (the fixed point
 * entered it in another), each of those states is followed along every way out until the
 * state it reaches is one the fixed point entered the next segment in (a bounded search;
 * a routine's call ends it: its runs started from the fixed point's state). */
#define UNSEEN_STEPS 4096
static void mark_unseen(struct cost_pipe *pp)
{
    pp->unseen = sup_xcalloc(pp->nsegs + 1, sizeof *pp->unseen);
    size_t cap = UNSEEN_STEPS, n = 0, done = 0;
    size_t *q = sup_xmalloc(cap * 2 * sizeof *q);
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        const struct pipe_call *c = &pp->calls[ci];
        size_t chained;
        if (!c->routine || c->tail || pp->ret_seen[ci] == SIZE_MAX || c->ret_state != SIZE_MAX || c->ret_several ||
            c->seg >= pp->nsegs || pp->segs[c->seg].cont >= pp->nsegs || pipe_chains(pp, ci, &chained))
            continue;
        size_t cont = pp->segs[c->seg].cont;
        if (pp->ret_n[ci] > PIPE_MAX_STATES) { /* more states than kept: the code after the call and what follows */
            pp->unseen[cont] = true;
            for (size_t e = 0; e < pp->segs[cont].nexits; e++)
                if (pp->segs[cont].exits[e].to != SIZE_MAX)
                    pp->unseen[pp->segs[cont].exits[e].to] = true;
            continue;
        }
        for (unsigned k = 0; k < pp->ret_n[ci]; k++) {
            if (n == cap) { /* not followed: the code after the call at least */
                pp->unseen[cont] = true;
                break;
            }
            q[2 * n] = cont;
            q[2 * n + 1] = pp->ret_list[ci * PIPE_MAX_STATES + k];
            n++;
        }
    }
    for (; done < n; done++) {
        size_t si = q[2 * done], st = q[2 * done + 1];
        struct pipe_seg *s = &pp->segs[si];
        bool known = false;
        for (size_t k = 0; k < s->nstates && !known; k++)
            known = s->states[k] == st && s->done && s->done[k];
        if (known)
            continue;
        bool again = false;
        for (size_t j = 0; j < done && !again; j++)
            again = q[2 * j] == si && q[2 * j + 1] == st;
        if (again)
            continue;
        pp->unseen[si] = true;
        for (size_t e = 0; e < s->nexits; e++) {
            const struct pipe_exit *x = &s->exits[e];
            double c;
            size_t left;
            if (x->kind == PIPE_EX_ROUTINE && s->ends_call && s->cont < pp->nsegs) {
                /* the routine's runs started from the fixed point's state, not this one: what its
                 * returns left is not known either; the code after the call and the segments it
                 * goes to are estimates */
                const struct pipe_seg *cs = &pp->segs[s->cont];
                pp->unseen[s->cont] = true;
                for (size_t f = 0; f < cs->nexits; f++)
                    if (cs->exits[f].to != SIZE_MAX)
                        pp->unseen[cs->exits[f].to] = true;
                continue;
            }
            if (x->kind == PIPE_EX_ROUTINE || x->to == SIZE_MAX)
                continue;
            if (n == cap || !pipe_run(pp, s, st, x, &c, &left)) {
                pp->unseen[x->to] = true; /* not followed: that segment at least */
                continue;
            }
            q[2 * n] = x->to;
            q[2 * n + 1] = left;
            n++;
        }
    }
    if (pipe_debug()) {
        size_t marked = 0;
        for (size_t si = 0; si < pp->nsegs; si++)
            marked += pp->unseen[si];
        fprintf(stderr, "mark_unseen: %zu segments entered in states the fixed point did not run them from (%zu steps)\n",
                marked, n);
    }
    free(q);
}

/* After the run: a routine call site whose returns all left the pipeline in one state, other
 * than the canonical return's the fixed point assumed, and whose code after the call is no
 * chain (above): the fixed point is solved again with the code after the call entered in
 * that state. A site is kept when every routine call still starts from the state its runs
 * started from (the runs are made): all of them at once, else one by one (at most
 * MAX_RESOLVE solutions). */
#define MAX_RESOLVE 64
void pipe_resolve_returns(struct cost_pipe *pp)
{
    if (!pp->ret_seen || ua_core_icache(pp->core))
        return;
    size_t *cand = sup_xcalloc(pp->ncalls + 1, sizeof *cand), ncand = 0;
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        size_t si;
        struct pipe_call *c = &pp->calls[ci];
        c->ret_state = SIZE_MAX;
        if (pp->ret_seen[ci] >= PIPE_RET_SEVERAL || !c->routine || c->tail || pp->shared[ci] || pipe_chains(pp, ci, &si))
            continue;
        size_t cont = c->seg < pp->nsegs ? pp->segs[c->seg].cont : SIZE_MAX;
        if (cont == SIZE_MAX || pp->segs[cont].nstates != 1 || pp->segs[cont].states[0] == pp->ret_seen[ci])
            continue;
        cand[ncand++] = ci;
    }
    size_t *call_state = sup_xcalloc(pp->ncalls + 1, sizeof *call_state);
    bool *ambiguous = sup_xcalloc(pp->ncalls + 1, sizeof *ambiguous);
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        call_state[ci] = pp->calls[ci].call_state;
        ambiguous[ci] = pp->calls[ci].call_state_ambiguous;
    }
    for (size_t k = 0; k < ncand; k++)
        pp->calls[cand[k]].ret_state = pp->ret_seen[cand[k]];
    size_t kept = ncand;
    if (ncand && !try_solve(pp, call_state, ambiguous)) {
        kept = 0;
        for (size_t k = 0; k < ncand; k++)
            pp->calls[cand[k]].ret_state = SIZE_MAX;
        for (size_t k = 0; k < ncand && k < MAX_RESOLVE; k++) {
            pp->calls[cand[k]].ret_state = pp->ret_seen[cand[k]];
            if (try_solve(pp, call_state, ambiguous))
                kept++;
            else
                pp->calls[cand[k]].ret_state = SIZE_MAX;
        }
    }
    /* a site whose returns left several states (the fetch's phase: ibex-iws1): the code after
     * the call entered in every one of them, all sites at once, else one by one */
    size_t nsev = 0, kept_sev = 0;
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        size_t si;
        struct pipe_call *c = &pp->calls[ci];
        c->ret_several = false;
        if (pp->ret_seen[ci] != PIPE_RET_SEVERAL || pp->ret_n[ci] > PIPE_MAX_STATES || !c->routine || c->tail ||
            pp->shared[ci] || pipe_chains(pp, ci, &si) || c->seg >= pp->nsegs || pp->segs[c->seg].cont == SIZE_MAX)
            continue;
        cand[nsev++] = ci;
    }
    for (size_t k = 0; k < nsev; k++)
        pp->calls[cand[k]].ret_several = true;
    kept_sev = nsev;
    if (nsev && !try_solve(pp, call_state, ambiguous)) {
        kept_sev = 0;
        for (size_t k = 0; k < nsev; k++)
            pp->calls[cand[k]].ret_several = false;
        for (size_t k = 0; k < nsev && k < MAX_RESOLVE; k++) {
            pp->calls[cand[k]].ret_several = true;
            if (try_solve(pp, call_state, ambiguous))
                kept_sev++;
            else
                pp->calls[cand[k]].ret_several = false;
        }
    }
    if (pipe_debug()) {
        fprintf(stderr, "pipe_resolve_returns: %zu of %zu call sites returning in several states have their code after the call run from each\n",
                kept_sev, nsev);
        size_t several = 0;
        for (size_t ci = 0; ci < pp->ncalls; ci++)
            several += pp->ret_seen[ci] == PIPE_RET_SEVERAL;
        fprintf(stderr, "pipe_resolve_returns: %zu of %zu call sites return in their own pipe_state (%zu return in several)\n", kept,
                ncand, several);
    }
    mark_unseen(pp);
    free(cand);
    free(call_state);
    free(ambiguous);
}

/* Around a runtime routine's run at call site SITE: with an instruction cache, the routine
 * runs on the cache's own tags, in the program's order of calls (its lines' misses, and the
 * program's lines before the call looked up, are priced); the program's blocks stay priced
 * on a warm cache. */
static void around_routine(void *arg, size_t site, bool begin)
{
    struct cost_pipe *pp = arg;
    struct ua_icache *ic = ua_core_icache(pp->core);
    if (!ic) {
        if (begin) {
            /* the state this run starts from: the routine before it left it, or the fixed point's */
            size_t st = pp->chain_site == site ? pp->chain_state : pp->calls[site].call_state;
            memcpy(pp->site_state + site * pp->state_bytes, pipe_state(pp, st), pp->state_bytes);
            pp->chain_site = SIZE_MAX;
        } else {
            chain(pp, site);
        }
        return;
    }
    uint64_t lookups, misses;
    if (begin) {
        ua_core_icache_assume(pp->core, NULL, NULL);
        const struct pipe_seg *s = &pp->segs[pp->calls[site].seg];
        uint32_t lb = ua_icache_line_bytes(ic), last = UINT32_MAX;
        for (size_t k = 0; k < s->n; k++)
            for (uint32_t a = s->ins[k].pc & ~(lb - 1); a < s->ins[k].pc + s->ins[k].in.size; a += lb)
                if (a != last) {
                    ua_icache_access(ic, a);
                    last = a;
                }
        ua_icache_stats(ic, &lookups, &pp->misses_before);
    } else {
        ua_icache_stats(ic, &lookups, &misses);
        pp->calls[site].misses += misses - pp->misses_before;
        ua_core_icache_assume(pp->core, pipe_warm, NULL);
    }
}

bool cost_pipe_call_site(struct cost_pipe *pp, const struct minsn *in, struct routine_pipe *out)
{
    uint64_t ci = 0;
    if (!pp || !ptrmap_get(&pp->site_of, in, &ci) || !ci)
        return false;
    const struct pipe_call *c = &pp->calls[ci - 1];
    if (c->call_state == SIZE_MAX)
        return false;
    if (!pp->site_state) {
        /* the states the sites' runs start from, apart from the interned ones (chain interns
         * states during the run) */
        pp->site_state = sup_xcalloc(pp->ncalls + 1, pp->state_bytes);
        for (size_t k = 0; k < pp->ncalls; k++)
            if (pp->calls[k].call_state != SIZE_MAX)
                memcpy(pp->site_state + k * pp->state_bytes, pipe_state(pp, pp->calls[k].call_state), pp->state_bytes);
        pp->ret_buf = sup_xcalloc(1, pp->state_bytes);
        pp->chain_delta = sup_xcalloc(pp->nsegs + 1, sizeof *pp->chain_delta);
        pp->shared = sup_xcalloc(pp->ncalls + 1, sizeof *pp->shared);
        pp->ret_seen = sup_xmalloc((pp->ncalls + 1) * sizeof *pp->ret_seen);
        pp->ret_list = sup_xcalloc((pp->ncalls + 1) * PIPE_MAX_STATES, sizeof *pp->ret_list);
        pp->ret_count = sup_xcalloc((pp->ncalls + 1) * PIPE_MAX_STATES, sizeof *pp->ret_count);
        pp->ret_n = sup_xcalloc(pp->ncalls + 1, sizeof *pp->ret_n);
        pp->last_ret = sup_xmalloc((pp->ncalls + 1) * sizeof *pp->last_ret);
        for (size_t k = 0; k <= pp->ncalls; k++)
            pp->ret_seen[k] = pp->last_ret[k] = SIZE_MAX;
        pp->chain_from = sup_xmalloc((pp->nsegs + 1) * sizeof *pp->chain_from);
        pp->chain_left = sup_xcalloc(pp->nsegs + 1, sizeof *pp->chain_left);
        pp->chain_cost = sup_xcalloc(pp->nsegs + 1, sizeof *pp->chain_cost);
        for (size_t k = 0; k <= pp->nsegs; k++)
            pp->chain_from[k] = SIZE_MAX;
        pp->chain_site = SIZE_MAX;
    }
    out->core = pp->core;
    out->state = pp->site_state + (size_t)(ci - 1) * pp->state_bytes;
    out->ret_state = pp->ret_buf;
    out->ret_state_ok = &pp->ret_ok;
    out->ret_pc = c->ret_pc;
    out->decode = decode_cb;
    out->arg = pp;
    out->around = around_routine;
    out->site = (size_t)ci - 1;
    out->first_to_caller = pp->params.stamp == UA_STAMP_RETIRE;
    return true;
}

void cost_pipe_share_site(struct cost_pipe *pp, const struct minsn *in, const struct minsn *primary)
{
    uint64_t ci = 0, pi = 0;
    if (!pp || !ptrmap_get(&pp->site_of, in, &ci) || !ptrmap_get(&pp->site_of, primary, &pi) || ci == pi)
        return;
    pp->calls[ci - 1].priced_by = (size_t)pi - 1;
    if (pp->shared) {
        pp->shared[ci - 1] = true;
        pp->shared[pi - 1] = true;
    }
}
