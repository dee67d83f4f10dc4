/* cost_pipe_price.c — prices a machine block on a pipelined core from the fixed
 * point's per-state costs and the run's exact counts: executions per segment and exit,
 * the instruction cache's first misses, data-dependent cycles, returns per caller; what
 * the counts cannot split is marked an estimate. */
#include "pipe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The share of G's calls that end in a tail call of F (through tail calls of tail
 * calls, DEPTH of them at most): G's tail-call executions to F over its calls. */
static double tail_share(const struct cost_pipe *pp, size_t g, size_t f, int depth)
{
    const struct mmodule *mm = pp->mm;
    if (g == f)
        return 1;
    if (depth <= 0 || mm->funcs[g].prof < 0 || !pp->prof)
        return 0;
    double calls = (double)eng_profile_func_calls(pp->prof, (size_t)mm->funcs[g].prof), share = 0;
    if (calls <= 0)
        return 0;
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        if (s->func != g || s->ends_call || !s->n || s->nexits != 1 || s->exits[0].kind != PIPE_EX_CALLEE)
            continue;
        const struct isa_insn *d = s->ins[s->n - 1].src->isa;
        if (!d || d->kind != ISA_TAIL_CALL)
            continue;
        size_t h = pp->segs[s->exits[0].to].func;
        double n = mm->funcs[g].blocks[s->block].count;
        share += n / calls * tail_share(pp, h, f, depth - 1);
    }
    return share;
}

/* Executions of segment S along each of its exits (NAN where not known). */
static void exit_counts(const struct cost_pipe *pp, const struct pipe_seg *s, double execs, double *out)
{
    const struct mblock *mb = &pp->mm->funcs[s->func].blocks[s->block];
    double known = 0;
    size_t unknown = 0;
    for (size_t e = 0; e < s->nexits; e++) {
        const struct pipe_exit *x = &s->exits[e];
        out[e] = NAN;
        if (x->kind == PIPE_EX_BLOCK && mb->succ_count)
            out[e] = mb->succ_count[x->succ];
        else if (x->kind == PIPE_EX_CALLEE && s->call != SIZE_MAX && pp->calls[s->call].indirect &&
                 !isnan(cost_args_site_calls(pp->args, pp->calls[s->call].src, pp->mm->funcs[pp->segs[x->to].func].name)))
            out[e] = cost_args_site_calls(pp->args, pp->calls[s->call].src, pp->mm->funcs[pp->segs[x->to].func].name);
        else if ((x->kind == PIPE_EX_CALLEE || x->kind == PIPE_EX_ROUTINE) && s->call != SIZE_MAX && pp->calls[s->call].indirect &&
                 pp->indirect_calls && x->kind == PIPE_EX_CALLEE && pp->indirect_execs > 0) {
            /* this site's share of the calls made to the function through pointers */
            size_t g = pp->segs[x->to].func;
            out[e] = pp->indirect_calls[g] * execs / pp->indirect_execs;
        } else if (x->kind == PIPE_EX_CALLEE || x->kind == PIPE_EX_ROUTINE)
            out[e] = s->nexits == 1 ? execs : NAN;
        else if (x->kind == PIPE_EX_RETURN && x->site != SIZE_MAX) {
            const struct pipe_call *c = &pp->calls[x->site];
            const struct pipe_seg *cs = &pp->segs[c->seg];
            double site = pp->mm->funcs[cs->func].blocks[cs->block].count;
            double counted = c->indirect ? cost_args_site_calls(pp->args, c->src, pp->mm->funcs[s->func].name) : NAN;
            if (!isnan(counted)) {
                /* the calls the run made from there to this function, and to those that
                 * tail-call it (by their share) */
                site = counted;
                for (size_t g = 0; g < pp->mm->nfuncs; g++)
                    if (g != s->func && pp->taken_address[g])
                        site += cost_args_site_calls(pp->args, c->src, pp->mm->funcs[g].name) *
                                tail_share(pp, g, s->func, 8);
                out[e] = site;
                goto counted;
            }
            if (c->indirect && pp->indirect_calls && pp->indirect_execs > 0)
                site = pp->indirect_calls[s->func] * site / pp->indirect_execs;
            if (c->callee >= 0 && c->callee != (int)s->func) /* through tail calls: their share of g's calls */
                site *= tail_share(pp, (size_t)c->callee, s->func, 8);
            out[e] = site;
        }
    counted:
        if (isnan(out[e]))
            unknown++;
        else
            known += out[e];
    }
    /* returns of a function with several return blocks: their sites' calls are shared */
    if (s->nexits && unknown == s->nexits && s->nexits == 1)
        out[0] = execs;
    (void)known;
}

/* Executions of segment S (its block's). */
static double seg_execs(const struct cost_pipe *pp, const struct pipe_seg *s)
{
    return pp->mm->funcs[s->func].blocks[s->block].count;
}

/* How many ways with executions enter each segment. */
static void count_in(struct cost_pipe *pp)
{
    pp->counted = true;
    /* calls through pointers, per callee: its calls less the direct ones */
    const struct mmodule *mm = pp->mm;
    pp->indirect_calls = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->indirect_calls);
    for (size_t g = 0; g < mm->nfuncs; g++)
        if (pp->taken_address[g] && mm->funcs[g].prof >= 0 && pp->prof)
            pp->indirect_calls[g] = (double)eng_profile_func_calls(pp->prof, (size_t)mm->funcs[g].prof);
    for (size_t ci = 0; ci < pp->ncalls; ci++) {
        const struct pipe_call *c = &pp->calls[ci];
        double n = seg_execs(pp, &pp->segs[c->seg]);
        if (c->indirect)
            pp->indirect_execs += n;
        else if (c->callee >= 0 && pp->taken_address[c->callee])
            pp->indirect_calls[c->callee] -= n;
    }
    for (size_t g = 0; g < mm->nfuncs; g++)
        if (pp->indirect_calls[g] < 0)
            pp->indirect_calls[g] = 0;
    pp->rets = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->rets);
    /* a routine tail-called returns to the function's callers too */
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        bool tail = !s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].tail;
        if (((s->nexits && s->exits[0].kind == PIPE_EX_RETURN) || tail) && seg_execs(pp, s) > 0)
            pp->rets[s->func]++;
    }
    pp->n_in = sup_xcalloc(pp->nsegs + 1, sizeof *pp->n_in);
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        double *ec = sup_xcalloc(s->nexits + 1, sizeof *ec);
        exit_counts(pp, s, seg_execs(pp, s), ec);
        for (size_t e = 0; e < s->nexits; e++)
            if (s->exits[e].to != SIZE_MAX && (isnan(ec[e]) || ec[e] > 0))
                pp->n_in[s->exits[e].to]++;
        if (s->ends_call && s->cont != SIZE_MAX && seg_execs(pp, s) > 0)
            pp->n_in[s->cont]++;
        free(ec);
    }
}

/* An instruction cache's first misses. The fixed point priced a warm cache; here each
 * segment that runs is run once more, in the order the fixed point first reached it
 * (main's code in a static guess of its order of first execution), from its first entry
 * state along its most frequent exit, on the cache's own tags, filled as the model looks
 * lines up (the lines crt0 leaves from __lp_warm_begin to main's call present): the cycles
 * beyond the warm price are its lines' first misses, an estimate charged to its block. A
 * set where a fill replaced a line can miss again at any execution: the blocks with code in
 * it are marked estimates (their warm price stands). */
static void cold_pass(struct cost_pipe *pp)
{
    struct ua_icache *ic = ua_core_icache(pp->core);
    if (!ic)
        return;
    pp->cold = sup_xcalloc(pp->nsegs + 1, sizeof *pp->cold);
    pp->conflict = sup_xcalloc(pp->nsegs + 1, sizeof *pp->conflict);
    pp->missed = sup_xcalloc(pp->nsegs + 1, sizeof *pp->missed);
    ua_icache_invalidate(ic);
    ua_icache_forget_replaced(ic);
    uint32_t lb = ua_icache_line_bytes(ic), from = 0, to = 0;
    if (pp->code && isa_code_entry(pp->code, "__lp_warm_begin", &from) &&
        isa_code_entry(pp->code, "__lp_main_call", &to) && to > from)
        for (uint32_t a = from & ~(lb - 1); a < to + 8 + 3 * lb; a += lb)
            ua_icache_fill(ic, a, 0);
    pp->entry_cold = sup_xcalloc(pp->nsegs + 1, sizeof *pp->entry_cold);
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        pp->entry_cold[si] = s->n && (!ua_icache_present(ic, s->ins[0].pc) ||
                                      !ua_icache_present(ic, s->ins[0].pc + s->ins[0].in.size - 1));
    }
    ua_core_icache_assume(pp->core, NULL, NULL);
    for (size_t k = 0; k < pp->norder; k++) {
        size_t si = pp->order[k];
        const struct pipe_seg *s = &pp->segs[si];
        double execs = seg_execs(pp, s);
        if (execs <= 0 || !s->nstates || !s->cost || !s->done[0] || !s->nexits)
            continue;
        double *ec = sup_xcalloc(s->nexits + 1, sizeof *ec);
        exit_counts(pp, s, execs, ec);
        size_t best = 0;
        for (size_t e = 1; e < s->nexits; e++)
            if (!isnan(ec[e]) && (isnan(ec[best]) || ec[e] > ec[best]))
                best = e;
        double c = 0;
        size_t left;
        uint64_t l0, m0, l1, m1;
        ua_icache_stats(ic, &l0, &m0);
        if (pipe_run(pp, s, s->states[0], &s->exits[best], &c, &left) && !isnan(s->cost[best]))
            pp->cold[si] = c - s->cost[best];
        ua_icache_stats(ic, &l1, &m1);
        pp->missed[si] = m1 > m0;
        if (pipe_debug() && pp->cold[si])
            fprintf(stderr, "cold: seg %zu at %x exit %zu: %g\n", si, s->n ? s->ins[0].pc : 0, best, pp->cold[si]);
        free(ec);
    }
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        for (size_t j = 0; j < s->n && !pp->conflict[si]; j++)
            pp->conflict[si] = ua_icache_replaced(ic, s->ins[j].pc) ||
                               ua_icache_replaced(ic, s->ins[j].pc + s->ins[j].in.size - 1);
    }
    ua_core_icache_assume(pp->core, pipe_warm, NULL);
}

/* The executions of segment S that leave by its instruction K, a conditional branch, taken. */
static double taken_at(const struct cost_pipe *pp, const struct pipe_seg *s, size_t k)
{
    const struct mblock *mb = &pp->mm->funcs[s->func].blocks[s->block];
    double taken = 0;
    for (size_t e = 0; e < s->nexits; e++)
        if (s->exits[e].kind == PIPE_EX_BLOCK && s->exits[e].taken && s->exits[e].len == k + 1 && mb->succ_count)
            taken += mb->succ_count[s->exits[e].succ];
    return taken;
}

/* The cycles the instruction at K of segment S takes beyond the nominal ones the
 * model ran it with, over all its executions: a divider's by its operands (the
 * run's mean), a conditional branch taken when it is the segment's first
 * instruction run as the instruction after another segment (not taken there).
 * *UNIFORM: the same on every execution. */
static double extra_cycles(struct cost_ctx *cx, struct cost_pipe *pp, const struct pipe_seg *s, size_t k, bool as_next,
                           bool *uniform)
{
    const struct pipe_insn *p = &s->ins[k];
    const struct isa_insn *cls = p->cls;
    double execs = seg_execs(pp, s);
    *uniform = true;
    if (!cls || execs <= 0)
        return 0;
    if (cls->cycles_formula && cls->kind == ISA_ALU) {
        double mean;
        if (!cost_args_insn_cycles(cx, p->src, &mean)) {
            *uniform = false; /* no operand values from the run: the nominal cycles, an estimate */
            return 0;
        }
        double d = execs * (mean - (double)cls->cycles);
        *uniform = fabs(mean - round(mean)) < 1e-9 && d == 0;
        return d;
    }
    if (as_next && cls->kind == ISA_COND_BRANCH && !s->ends_call && s->cont == SIZE_MAX) {
        double taken = taken_at(pp, s, k);
        *uniform = taken == 0 || taken >= execs;
        return taken * ((double)cls->taken - (double)cls->not_taken);
    }
    return 0;
}

/* On a core that stamps an instruction when it retires, an instruction's own
 * cycles are charged to the instruction before it: what the first instruction of
 * segment T takes beyond the nominal goes to the segments that run before it, by
 * the executions coming from each (COUNT of EXECS). A conditional branch there
 * taken costs what the model ran it for from the state segment FROM leaves by its
 * exit E (its tdelta: a taken branch's penalty overlaps a fetch still under way
 * after a jump), the class's taken less not-taken cycles where FROM is NULL. */
static void first_correction(struct cost_ctx *cx, struct cost_pipe *pp, size_t t, double count,
                             const struct pipe_seg *from, size_t e, struct block_price *out)
{
    if (t == SIZE_MAX || !pp->segs[t].n || count <= 0)
        return;
    const struct pipe_seg *ts = &pp->segs[t];
    double n = seg_execs(pp, ts);
    bool uniform;
    double d = extra_cycles(cx, pp, ts, 0, true, &uniform);
    const struct isa_insn *cls = ts->ins[0].cls;
    bool branch = cls && cls->kind == ISA_COND_BRANCH && !ts->ends_call && ts->cont == SIZE_MAX;
    if (n <= 0)
        return;
    if (!d && !branch) {
        if (!uniform) /* a data-dependent latency the run gave no operands for: nominal, an estimate */
            out->estimated_cycles += count * (cls ? (double)cls->cycles : 1);
        return;
    }
    if (from && from->tdelta && branch) {
        double per = 0, k = 0, first = NAN;
        for (size_t st = 0; st < from->nstates; st++) {
            double x = from->done[st] ? from->tdelta[st * from->nexits + e] : NAN;
            if (isnan(x))
                continue;
            if (!isnan(first) && x != first)
                uniform = false; /* the penalty depends on the state it comes in */
            first = isnan(first) ? x : first;
            per += x;
            k++;
        }
        if (k)
            d = taken_at(pp, ts, 0) * (per / k);
    }
    if (!d)
        return;
    double c = d * count / n;
    out->cycles += c;
    /* the branch's taken executions from its block's split: an estimate where that is one */
    const struct mblock *tb = &pp->mm->funcs[ts->func].blocks[ts->block];
    bool split = cls && cls->kind == ISA_COND_BRANCH && (tb->split_estimated || tb->source == MC_ESTIMATE);
    if ((!uniform && pp->n_in[t] > 1) || split)
        out->estimated_cycles += fabs(c);
}

/* On a core that stamps at retirement: what the instruction after exit E of segment S
 * (from its state K) adds per execution when it is a conditional branch taken on some of
 * its executions (first_correction), 0 otherwise. */
static double after_return(const struct cost_pipe *pp, const struct pipe_seg *s, size_t k, size_t e)
{
    size_t t = s->exits[e].to;
    if (pp->params.stamp != UA_STAMP_RETIRE || t == SIZE_MAX || !s->tdelta)
        return 0;
    const struct pipe_seg *ts = &pp->segs[t];
    double d = s->tdelta[k * s->nexits + e], n = seg_execs(pp, ts);
    if (isnan(d) || !ts->n || n <= 0 || ts->ends_call || ts->cont != SIZE_MAX)
        return 0;
    return d * taken_at(pp, ts, 0) / n;
}

/* Whether segment SI is the code after a runtime routine's call priced from a state the
 * routine's runs did not return in: their returns left the pipeline in more than one state
 * (the fetch's phase: ibex-iws1), or in one the fixed point could not be solved again with
 * (resolve_returns), and no chain ran it from each (chain). */
static bool from_unseen_return(const struct cost_pipe *pp, size_t si)
{
    if (!pp->ret_seen || !si || !pp->segs[si - 1].ends_call || pp->segs[si - 1].cont != si)
        return false;
    size_t ci = pp->segs[si - 1].call, chained;
    if (ci == SIZE_MAX || !pp->calls[ci].routine || pp->calls[ci].tail || pipe_chains(pp, ci, &chained))
        return false;
    size_t seen = pp->ret_seen[ci];
    if (seen == SIZE_MAX || pp->calls[ci].ret_state != SIZE_MAX || pp->calls[ci].ret_several)
        return false;
    const struct pipe_seg *s = &pp->segs[si];
    return seen == PIPE_RET_SEVERAL || s->nstates != 1 || s->states[0] != seen;
}

/* The calls call site C makes that return from function F (directly or through tail
 * calls): the run's count of the site's calls to F and to the functions that tail-call it
 * where the site calls through a pointer and the run counted it, else the site's
 * executions. */
static double site_calls_to(const struct cost_pipe *pp, const struct pipe_call *c, size_t f)
{
    double n = seg_execs(pp, &pp->segs[c->seg]);
    double counted = c->indirect ? cost_args_site_calls(pp->args, c->src, pp->mm->funcs[f].name) : NAN;
    if (isnan(counted))
        return n;
    for (size_t g = 0; g < pp->mm->nfuncs; g++)
        if (g != f && pp->taken_address[g])
            counted += cost_args_site_calls(pp->args, c->src, pp->mm->funcs[g].name) * tail_share(pp, g, f, 8);
    return counted;
}

/* A function that is one segment from its entry to its returns (a leaf): it is entered
 * from each call site in the state that call leaves, and returns to that site. When each
 * site that runs leaves one state, the cost is the sum over the sites of their returns
 * (EC: the executions along each exit, returns to each site) times the cost from that
 * state along that return, into *C: exact. False otherwise. */
static bool leaf_by_site(const struct cost_pipe *pp, size_t si, const double *ec, double *c)
{
    const struct pipe_seg *s = &pp->segs[si];
    if (!s->is_entry || s->ends_call || !s->nexits)
        return false;
    double total = 0;
    for (size_t e = 0; e < s->nexits; e++) {
        const struct pipe_exit *x = &s->exits[e];
        if (x->kind != PIPE_EX_RETURN || x->site == SIZE_MAX || isnan(ec[e]))
            return false;
        if (ec[e] <= 0)
            continue;
        /* the state the caller's segment enters this one in */
        const struct pipe_seg *cs = &pp->segs[pp->calls[x->site].seg];
        size_t st = SIZE_MAX;
        for (size_t k = 0; k < cs->nstates; k++) {
            if (!cs->done || !cs->done[k])
                continue;
            for (size_t f = 0; f < cs->nexits; f++)
                if (cs->exits[f].to == si) {
                    size_t l = cs->leave[k * cs->nexits + f];
                    if (st != SIZE_MAX && l != st)
                        return false;
                    st = l;
                }
        }
        size_t slot = SIZE_MAX;
        for (size_t k = 0; k < s->nstates && st != SIZE_MAX; k++)
            if (s->states[k] == st && s->done[k])
                slot = k;
        if (slot == SIZE_MAX)
            return false;
        total += ec[e] * s->cost[slot * s->nexits + e];
    }
    *c = total;
    return true;
}

/* The code after a routine's call entered only from its returns, in every state they left
 * (resolve_returns: ret_several), with one way out or the same cost along each: the cost is
 * the sum over those states of the returns that left each (counted in the run) times the cost
 * from it, scaled to the segment's EXECS, into *C: exact. False otherwise. */
static bool by_return_state(const struct cost_pipe *pp, size_t si, double execs, double *c)
{
    const struct pipe_seg *s = &pp->segs[si];
    if (!si || !pp->ret_n || pp->n_in[si] != 1 || !pp->segs[si - 1].ends_call || pp->segs[si - 1].cont != si)
        return false;
    size_t ci = pp->segs[si - 1].call;
    if (ci == SIZE_MAX || !pp->calls[ci].ret_several || pp->ret_n[ci] > PIPE_MAX_STATES || !s->nexits)
        return false;
    double total = 0, n = 0;
    for (size_t k = 0; k < s->nstates; k++) {
        if (!s->done[k])
            return false;
        for (size_t e = 1; e < s->nexits; e++)
            if (s->cost[k * s->nexits + e] != s->cost[k * s->nexits])
                return false; /* which way out from which state is not counted */
        double r = 0;
        for (unsigned j = 0; j < pp->ret_n[ci]; j++)
            if (pp->ret_list[ci * PIPE_MAX_STATES + j] == s->states[k])
                r = pp->ret_count[ci * PIPE_MAX_STATES + j];
        if (isnan(s->cost[k * s->nexits]))
            return false;
        total += r * s->cost[k * s->nexits];
        n += r;
    }
    if (n <= 0 || fabs(n - execs) > 0.5)
        return false; /* the returns counted are not the segment's executions */
    *c = total;
    return true;
}

/* A return segment S priced exit by exit (OK; EC its exits' counts, SUM theirs, EXECS its
 * executions, PER_EXIT the cycles along each): what each return costs
 * beyond the segment's mean, by the call site it returns to (pp->rdelta), so that the
 * timed run charges every caller the returns it gets (a return to a 32-bit instruction
 * that straddles a fetch word costs a cycle more). A function with a return not
 * followed so keeps the mean (rdelta_bad). */
static void ret_deltas(struct cost_pipe *pp, const struct pipe_seg *s, bool ok, const double *ec, double sum,
                       double execs, const double *per_exit)
{
    bool rets = false;
    for (size_t e = 0; e < s->nexits; e++)
        rets = rets || s->exits[e].kind == PIPE_EX_RETURN;
    if (!rets || execs <= 0)
        return;
    if (!pp->rdelta_bad)
        pp->rdelta_bad = sup_xcalloc(pp->mm->nfuncs + 1, sizeof *pp->rdelta_bad);
    for (size_t e = 0; e < s->nexits && ok; e++)
        ok = s->exits[e].kind == PIPE_EX_RETURN && s->exits[e].site != SIZE_MAX;
    if (!ok) {
        pp->rdelta_bad[s->func] = true;
        return;
    }
    /* a return's cost goes on with the instruction it returns to: a taken branch there
     * costs its penalty (tdelta; first_correction charges it by the branch's taken share),
     * which belongs to the returns to that site */
    bool retire = pp->params.stamp == UA_STAMP_RETIRE;
    double *full = sup_xcalloc(s->nexits + 1, sizeof *full), mean = 0;
    for (size_t e = 0; e < s->nexits; e++) {
        full[e] = per_exit[e];
        size_t t = s->exits[e].to;
        if (!retire || t == SIZE_MAX || !pp->segs[t].n || !s->tdelta)
            continue;
        const struct pipe_seg *ts = &pp->segs[t];
        const struct isa_insn *cls = ts->ins[0].cls;
        double n = seg_execs(pp, ts), per = 0, k = 0;
        if (!cls || cls->kind != ISA_COND_BRANCH || ts->ends_call || ts->cont != SIZE_MAX || n <= 0)
            continue;
        for (size_t st = 0; st < s->nstates; st++)
            if (s->done[st] && !isnan(s->tdelta[st * s->nexits + e])) {
                per += s->tdelta[st * s->nexits + e];
                k++;
            }
        if (k)
            full[e] += taken_at(pp, ts, 0) / n * (per / k);
    }
    for (size_t e = 0; e < s->nexits; e++)
        mean += ec[e] * full[e] / sum;
    for (size_t e = 0; e < s->nexits; e++) {
        double n = ec[e] * execs / sum;
        if (!(n > 0))
            continue;
        size_t k = 0;
        while (k < pp->nrdelta && (pp->rdelta[k].func != s->func || pp->rdelta[k].site != s->exits[e].site))
            k++;
        if (k == pp->nrdelta) {
            pp->rdelta = sup_xrealloc(pp->rdelta, (pp->nrdelta + 1) * sizeof *pp->rdelta);
            pp->rdelta[pp->nrdelta++] = (struct pipe_ret_delta){s->func, s->exits[e].site, 0, 0};
        }
        pp->rdelta[k].returns += n;
        pp->rdelta[k].cycles += n * (full[e] - mean);
    }
    free(full);
}

void cost_pipe_return_deltas(struct cost_pipe *pp, struct cost_estimate *e)
{
    const struct mmodule *mm = pp->mm;
    if (!pp->rdelta_bad || !pp->prof)
        return;
    bool *via = sup_xcalloc(mm->nfuncs + 1, sizeof *via);
    size_t first = e->nret_deltas;
    for (size_t f = 0; f < mm->nfuncs && f < e->nfuncs; f++) {
        if (pp->rdelta_bad[f] || mm->funcs[f].prof < 0)
            continue;
        memset(via, 0, mm->nfuncs * sizeof *via);
        pipe_returners(pp, f, via);
        size_t tails = 0, tailer = SIZE_MAX;
        for (size_t g = 0; g < mm->nfuncs; g++)
            if (via[g] && g != f) {
                tails++;
                tailer = g;
            }
        bool ok = true;
        double returns = 0;
        size_t start = e->nret_deltas;
        for (size_t k = 0; k < pp->nrdelta && ok; k++) {
            const struct pipe_ret_delta *d = &pp->rdelta[k];
            if (d->func != f)
                continue;
            const struct pipe_call *c = &pp->calls[d->site];
            size_t g = SIZE_MAX, n = 0;
            if (c->tail)
                ok = false;
            else if (!c->indirect && c->callee >= 0 && via[c->callee])
                g = (size_t)c->callee, n = 1;
            else if (c->indirect)
                for (size_t h = 0; h < mm->nfuncs; h++)
                    if (via[h] && pp->taken_address[h])
                        g = h, n++;
            /* the activation the return ends: F's own caller, or the one function that
             * tail-calls it (deeper chains of tail calls keep the mean) */
            if (n != 1 || (g != f && (tails != 1 || g != tailer)))
                ok = false;
            if (!ok)
                break;
            size_t parent = g == f ? pp->segs[c->seg].func : g;
            size_t j = start;
            while (j < e->nret_deltas && e->ret_deltas[j].caller != parent)
                j++;
            /* the timed run knows the activation, not the machine call site: the sites of
             * one caller whose returns cost differently keep the mean */
            if (j < e->nret_deltas && d->returns > 0 && e->ret_deltas[j].returns > 0 &&
                fabs(d->cycles / d->returns - e->ret_deltas[j].cycles / e->ret_deltas[j].returns) > 1e-6) {
                ok = false;
                break;
            }
            if (j == e->nret_deltas) {
                e->ret_deltas = sup_xrealloc(e->ret_deltas, (e->nret_deltas + 1) * sizeof *e->ret_deltas);
                e->ret_deltas[e->nret_deltas++] = (struct cost_return_delta){f, parent, 0, 0};
            }
            e->ret_deltas[j].returns += d->returns;
            e->ret_deltas[j].cycles += d->cycles;
            returns += d->returns;
        }
        /* every return of F followed, or none charged apart */
        double calls = (double)eng_profile_func_calls(pp->prof, (size_t)mm->funcs[f].prof);
        if (!ok || fabs(returns - calls) > 1e-6 * calls + 0.5)
            e->nret_deltas = start;
    }
    for (size_t j = first; j < e->nret_deltas && pipe_debug(); j++)
        fprintf(stderr, "return delta %s -> %s: %g returns, %g cycles\n", mm->funcs[e->ret_deltas[j].callee].name,
                mm->funcs[e->ret_deltas[j].caller].name, e->ret_deltas[j].returns, e->ret_deltas[j].cycles);
    /* the returns that cost the mean drop out */
    size_t n = first;
    for (size_t j = first; j < e->nret_deltas; j++)
        if (fabs(e->ret_deltas[j].cycles) > 1e-9 * e->ret_deltas[j].returns)
            e->ret_deltas[n++] = e->ret_deltas[j];
    e->nret_deltas = n;
    free(via);
}

void cost_pipe_price_block(struct cost_ctx *cx, struct cost_pipe *pp, size_t fi, size_t bi, struct block_price *out)
{
    pp->prof = cx->p;
    pp->args = cx->args;
    if (!pp->counted) {
        pipe_resolve_returns(pp);
        count_in(pp);
        cold_pass(pp);
    }
    bool retire = pp->params.stamp == UA_STAMP_RETIRE;
    const struct mfunc *f = &pp->mm->funcs[fi];
    const struct mblock *mb = &f->blocks[bi];
    memset(out, 0, sizeof *out);
    size_t si = pp->blocks_of[fi][bi];
    double execs = mb->count;
    for (; si < pp->nsegs && pp->segs[si].func == fi && pp->segs[si].block == bi; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        out->instructions += execs * (double)s->n;
        if (!s->nstates || !s->cost || !s->nexits || execs <= 0) {
            if (execs > 0)
                ret_deltas(pp, s, false, NULL, 0, execs, NULL);
            if (execs > 0 && s->n) {
                out->cycles += execs * (double)s->n;
                out->estimated_cycles += execs * (double)s->n;
            }
            continue;
        }
        double *ec = sup_xcalloc(s->nexits + 1, sizeof *ec);
        exit_counts(pp, s, execs, ec);
        double sum = 0;
        for (size_t e = 0; e < s->nexits; e++)
            sum += isnan(ec[e]) ? 0 : ec[e];
        bool known = true;
        for (size_t e = 0; e < s->nexits; e++)
            known = known && !isnan(ec[e]);
        if (!known || sum <= 0) { /* spread what is not known evenly */
            for (size_t e = 0; e < s->nexits; e++)
                ec[e] = execs / (double)s->nexits;
            sum = execs;
        }
        /* the cost per exit, over the entry states: one state, or the same cost in every one */
        double c = 0;
        bool state_free = s->nstates == 1;
        if (!state_free) {
            state_free = true;
            for (size_t e = 0; e < s->nexits && state_free; e++)
                for (size_t k = 1; k < s->nstates; k++)
                    if (s->done[k] && s->cost[k * s->nexits + e] != s->cost[e])
                        state_free = false;
        }
        if (pipe_debug()) {
            fprintf(stderr, "price seg %zu execs %g:", si, execs);
            for (size_t e = 0; e < s->nexits; e++)
                fprintf(stderr, " %g", ec[e]);
            fprintf(stderr, "\n");
        }
        bool leaf = !state_free && !s->failed && leaf_by_site(pp, si, ec, &c);
        double *per_exit = sup_xcalloc(s->nexits + 1, sizeof *per_exit);
        bool by_exit = !leaf && !(!state_free && !s->failed && by_return_state(pp, si, execs, &c));
        if (leaf || !by_exit)
            state_free = true;
        else
            for (size_t e = 0; e < s->nexits; e++) {
                double per = 0, n = 0;
                for (size_t k = 0; k < s->nstates; k++)
                    if (s->done[k] && !isnan(s->cost[k * s->nexits + e])) {
                        per += s->cost[k * s->nexits + e];
                        n++;
                    }
                /* not run from any state: an instruction a cycle (an estimate) */
                per_exit[e] = n ? per / n : (double)s->exits[e].len;
                c += ec[e] * per_exit[e];
            }
        if (sum > 0)
            c *= execs / sum;
        ret_deltas(pp, s, by_exit && known && sum > 0, ec, sum, execs, per_exit);
        free(per_exit);
        /* returns: which of a function's return blocks returns to which call is not
         * counted; the function's total is exact, the split over its return blocks is
         * an estimate where the calls' returns cost differently */
        bool split = false;
        if (s->nexits > 1 && s->exits[0].kind == PIPE_EX_RETURN && pp->rets[s->func] > 1)
            for (size_t e = 1; e < s->nexits && !split; e++)
                for (size_t k = 0; k < s->nstates; k++)
                    if (s->done[k] && s->cost[k * s->nexits + e] + after_return(pp, s, k, e) !=
                                          s->cost[k * s->nexits] + after_return(pp, s, k, 0))
                        split = true;
        out->cycles += c;
        if (pp->chain_delta)
            out->cycles += pp->chain_delta[si]; /* a continuation run from its routine's own return */
        if (!state_free || !known || s->overflow || split || s->failed || from_unseen_return(pp, si) ||
            (pp->unseen && pp->unseen[si]))
            out->estimated_cycles += c;
        if (pp->cold && (pp->missed[si] || pp->conflict[si])) {
            /* the first misses: their cycles where the cold pass found them, the whole block an estimate */
            out->cycles += pp->cold[si];
            out->estimated_cycles += pp->conflict[si] ? c + fabs(pp->cold[si]) : fabs(pp->cold[si]) + 1;
        }
        /* a way into a segment whose first line misses on its first run: the run before
         * it then pays part of that miss, on one of the ways in (the cold pass's guess) */
        for (size_t e = 0; pp->entry_cold && e < s->nexits; e++)
            if (s->exits[e].to != SIZE_MAX && pp->entry_cold[s->exits[e].to] && !(ec[e] <= 0))
                out->estimated_cycles += 1;
        /* data-dependent cycles of its own instructions: charged to the instruction
         * itself (issue stamps) or to the one before it (retire stamps: the segment's
         * first instruction's go to the segments before, see first_correction) */
        for (size_t k = retire ? 1 : 0; k < s->n; k++) {
            bool uniform;
            if (s->ins[k].in.kind == UA_K_BRANCH)
                continue;
            double x = extra_cycles(cx, pp, s, k, false, &uniform);
            out->cycles += x;
            if (!uniform && !x) /* a data-dependent latency the run gave no operands for */
                out->estimated_cycles += execs * (s->ins[k].cls ? (double)s->ins[k].cls->cycles : 1);
        }
        /* a routine whose call the fixed point reached in several states: its runs started
         * from one of them (unless the routine before it left the state, chain): an estimate */
        if (s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].routine && pp->calls[s->call].call_state_ambiguous) {
            size_t chained = SIZE_MAX;
            bool from_chain = si && pp->segs[si - 1].ends_call && pp->segs[si - 1].cont == si &&
                              pp->segs[si - 1].call != SIZE_MAX && pipe_chains(pp, pp->segs[si - 1].call, &chained) &&
                              chained == si;
            if (!from_chain)
                out->estimated_cycles += 1;
        }
        /* a routine whose runs missed in the instruction cache: priced on the cache's
         * tags in the program's order of calls, an estimate */
        if (s->call != SIZE_MAX && pp->calls[s->call].misses)
            out->estimated_cycles += 1;
        /* a routine tail-called: its runs returned to one caller of the function; each
         * caller's return charge by its share of the calls (the split of the calls is
         * not counted where the charges differ: an estimate) */
        if (!s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].tail) {
            const struct pipe_call *tc = &pp->calls[s->call];
            bool *via = sup_xcalloc(pp->mm->nfuncs + 1, sizeof *via);
            pipe_returners(pp, s->func, via);
            double base = pipe_return_charge(pp, tc->ret_pc), w = 0, sum = 0;
            bool differ = false;
            for (size_t ci = 0; ci < pp->ncalls; ci++) {
                const struct pipe_call *c = &pp->calls[ci];
                if (c->tail || !pipe_returns_from(pp, c, via))
                    continue;
                double n = site_calls_to(pp, c, s->func), r = pipe_return_charge(pp, c->ret_pc);
                if (n <= 0)
                    continue;
                sum += n * r;
                w += n;
                differ = differ || r != base;
            }
            if (w > 0) {
                out->cycles += execs * (sum / w - base);
                if (differ)
                    out->estimated_cycles += fabs(execs * (sum / w - base)) + 1;
                /* the first instruction after each return (a branch taken there: its own
                 * cycles, charged to the instruction before it), by the same shares */
                for (size_t ci = 0; ci < pp->ncalls && retire; ci++) {
                    const struct pipe_call *c = &pp->calls[ci];
                    if (c->tail || !pipe_returns_from(pp, c, via))
                        continue;
                    double n = site_calls_to(pp, c, s->func);
                    if (n > 0)
                        first_correction(cx, pp, pp->segs[c->seg].cont, execs * n / w, NULL, 0, out);
                }
            }
            free(via);
        }
        /* a routine priced by the runs of another call site (a vector's lanes): its return
         * to this site's next instruction instead of that one's */
        if (s->ends_call && s->call != SIZE_MAX && pp->calls[s->call].priced_by != SIZE_MAX) {
            const struct pipe_call *c = &pp->calls[s->call], *p = &pp->calls[c->priced_by];
            out->cycles += execs * (pipe_return_charge(pp, c->ret_pc) - pipe_return_charge(pp, p->ret_pc));
        }
        if (retire) {
            for (size_t e = 0; e < s->nexits; e++) {
                const struct pipe_exit *x = &s->exits[e];
                if (x->kind == PIPE_EX_ROUTINE && s->cont != SIZE_MAX)
                    first_correction(cx, pp, s->cont, execs, NULL, 0, out); /* through the routine's return */
                else if (x->to != SIZE_MAX)
                    first_correction(cx, pp, x->to, ec[e] * execs / (sum > 0 ? sum : 1), s, e, out);
            }
        }
        free(ec);
    }
    /* runtime routines and the call graph, as on every core */
    double at = mb->count;
    for (size_t k = 0; k < mb->ninsns; k++) {
        const struct minsn *in = &mb->insns[k];
        const struct isa_insn *d = in->isa;
        if (d && (d->kind == ISA_CALL || d->kind == ISA_TAIL_CALL)) {
            char sym[256];
            lower_call_symbol(in->ops, sym, sizeof sym);
            cost_price_call(cx, sym, in, NULL, at, out);
        }
    }
}
