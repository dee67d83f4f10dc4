/* sim_api.c — creating and freeing simulations (initial and generated
 * tokens, made on demand unless LPN_SIM_EAGER), injecting tokens, and the
 * queries and statistics of lpn.h. The event loop itself is in sim.c. */
#include "sim.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static uint64_t pow2_at_least(uint64_t n)
{
    uint64_t c = 16;
    while (c < n && c < (1ULL << 40))
        c *= 2;
    return c;
}

/* Reports a failed generator expression through DIAG. */
static void gen_error(FILE *diag, const struct lpn_model *m, const struct lpn_expr *e, uint32_t pc, int64_t i)
{
    sup_diag(diag, m->source, e->code ? e->iline[pc] : e->line, e->code ? e->icol[pc] : e->col, "error",
             "%s (for token %lld of an initial/generate entry)", lpn__eval_errmsg(e, pc), (long long)i);
}

static bool place_tokens(struct lpn_sim *s, const struct lpn_tokgen *g, FILE *diag)
{
    const struct lpn_model *m = s->m;
    int64_t props[LPN_MAX_PROPS + 1];
    int np = m->places[g->place].nprops;
    for (int64_t i = 0; i < g->count; i++) {
        int64_t at;
        uint32_t pc;
        if (lpn__eval_simple(&g->at, i, &at, &pc) != 0) {
            gen_error(diag, m, &g->at, pc, i);
            return false;
        }
        for (int k = 0; k < np; k++)
            if (lpn__eval_simple(&g->props[k], i, &props[k], &pc) != 0) {
                gen_error(diag, m, &g->props[k], pc, i);
                return false;
            }
        if (at < 0) {
            sup_diag(diag, m->source, g->at.line ? g->at.line : g->line, g->at.line ? g->at.col : g->col, "error",
                     "arrival time %lld of token %lld is negative", (long long)at, (long long)i);
            return false;
        }
        if (at == 0 ? !lpn__put_token(s, g->place, props) : lpn_sim_inject(s, g->place, at, props) != 0) {
            if (s->err && diag)
                fprintf(diag, "%s (making token %lld of the entry at line %u)\n", s->err, (long long)i, g->line);
            else
                sup_diag(diag, m->source, g->line, g->col, "error", "cannot put token %lld into place '%s'",
                         (long long)i, m->places[g->place].name);
            return false;
        }
    }
    return true;
}

/* Whether tokens arriving in PLACE at cycle 0 can be made when first
 * needed instead of now: the place's tokens are read (tokens of a sink are
 * dropped at once anyway; tokens into `done` are counted now). */
static bool later_ok(const struct lpn_sim *s, int place, unsigned flags)
{
    return !(flags & LPN_SIM_EAGER) && s->m->places[place].nprops && !s->pl[place].sink && place != s->m->done;
}

/* The same for every token of entry G. */
static bool make_later(const struct lpn_sim *s, const struct lpn_tokgen *g, unsigned flags)
{
    return g->at.is_const && g->at.cval == 0 && g->count > 0 && later_ok(s, g->place, flags);
}

/* Puts the first COUNT tokens of entry G into their place: counted now,
 * made on demand. */
static void add_later(struct lpn_sim *s, const struct lpn_tokgen *g, int64_t count)
{
    struct lpn_place_rt *p = &s->pl[g->place];
    p->lazy = sup_xrealloc(p->lazy, (p->nlazy + 1) * sizeof *p->lazy);
    p->lazy[p->nlazy++] = (struct lpn_lazy){g, 0, count};
    p->tail += (uint64_t)count;
    p->live += (uint64_t)count;
    p->nfree += (uint64_t)count;
    const struct lpn_place *pl = &s->m->places[g->place];
    for (int k = 0; k < pl->nreaders; k++)
        s->tr[pl->readers[k]].lazy_inputs = true;
}

void lpn__gen_fail(struct lpn_sim *s, const struct lpn_expr *e, uint32_t pc, int64_t i)
{
    lpn__fail(s, e->code ? e->iline[pc] : e->line, e->code ? e->icol[pc] : e->col,
              "%s (for token %lld of an initial/generate entry)", lpn__eval_errmsg(e, pc), (long long)i);
}

/* Schedules the arrival of stream K's next token, or nothing when the
 * entry has made them all. */
static void stream_schedule(struct lpn_sim *s, uint32_t k)
{
    struct lpn_stream *z = &s->streams[k];
    int64_t at;
    uint32_t pc;
    if (z->next == z->g->count)
        return;
    if (lpn__eval_simple(&z->g->at, z->next, &at, &pc) != 0)   /* checked at creation: cannot fail */
        lpn__gen_fail(s, &z->g->at, pc, z->next);
    else
        lpn__heap_push(s, at, z->key0 + (uint64_t)z->next, k, LPN_EV_STREAM);
}

void lpn__stream_arrive(struct lpn_sim *s, uint32_t k)
{
    struct lpn_stream *z = &s->streams[k];
    const struct lpn_tokgen *g = z->g;
    int64_t props[LPN_MAX_PROPS + 1];
    uint32_t pc;
    for (int q = 0; q < s->m->places[g->place].nprops; q++)
        if (lpn__eval_simple(&g->props[q], z->next, &props[q], &pc) != 0) {
            lpn__gen_fail(s, &g->props[q], pc, z->next);
            return;
        }
    if (lpn__put_token(s, g->place, props)) {
        z->next++;
        stream_schedule(s, k);
    }
}

/* Schedules entry G's tokens as a stream when their arrival times never
 * decrease (checked here, with the errors place_tokens gives): the tokens
 * arriving at cycle 0 are put now, as place_tokens does (made on demand
 * where later_ok); the others are made one at a time as they arrive. 1: streamed, 0: not in time order
 * (place_tokens must place them), -1: an error (reported). */
static int stream_tokens(struct lpn_sim *s, const struct lpn_tokgen *g, FILE *diag)
{
    const struct lpn_model *m = s->m;
    int64_t prev = 0, first = -1;
    for (int64_t i = 0; i < g->count; i++) {
        int64_t at;
        uint32_t pc;
        if (lpn__eval_simple(&g->at, i, &at, &pc) != 0) {
            gen_error(diag, m, &g->at, pc, i);
            return -1;
        }
        if (at < 0) {
            sup_diag(diag, m->source, g->at.line ? g->at.line : g->line, g->at.line ? g->at.col : g->col, "error",
                     "arrival time %lld of token %lld is negative", (long long)at, (long long)i);
            return -1;
        }
        if (at < prev)
            return 0;
        if (at > 0 && first < 0)
            first = i;
        prev = at;
    }
    struct lpn_tokgen head = *g;   /* the tokens arriving at cycle 0 */
    head.count = first < 0 ? g->count : first;
    if (head.count && later_ok(s, g->place, 0))
        add_later(s, g, head.count);
    else if (!place_tokens(s, &head, diag))
        return -1;
    if (first >= 0) {
        s->streams = sup_xrealloc(s->streams, (s->nstreams + 1) * sizeof *s->streams);
        s->streams[s->nstreams] = (struct lpn_stream){g, first, s->seq};
        s->seq += (uint64_t)g->count;
        stream_schedule(s, s->nstreams++);
    }
    return 1;
}

struct lpn_sim *lpn_sim_new(const struct lpn_model *m, unsigned flags, FILE *diag)
{
    return lpn_sim_new_limited(m, flags, 0, 0, diag);
}

struct lpn_sim *lpn_sim_new_limited(const struct lpn_model *m, unsigned flags, uint64_t max_commits,
                                    uint64_t max_tokens, FILE *diag)
{
    struct lpn_sim *s = sup_xcalloc(1, sizeof *s);
    s->m = m;
    s->pl = sup_xcalloc((size_t)m->nplaces + 1, sizeof *s->pl);
    s->tr = sup_xcalloc((size_t)m->ntrans + 1, sizeof *s->tr);
    s->ndirtyw = (m->ntrans + 63) / 64;
    s->dirty = sup_xcalloc((size_t)s->ndirtyw + 1, sizeof *s->dirty);
    s->base = sup_xcalloc((size_t)m->maxin + 1, sizeof *s->base);
    s->avail = sup_xcalloc((size_t)m->maxin + 1, sizeof *s->avail);
    s->cavail = sup_xcalloc((size_t)m->maxin + 1, sizeof *s->cavail);
    s->w = sup_xcalloc((size_t)m->maxin + 1, sizeof *s->w);
    s->donebuf = sup_xcalloc((size_t)m->maxprops + 1, sizeof *s->donebuf);
    s->freefir = s->freearr = UINT32_MAX;
    s->arrstride = 1 + (uint32_t)m->maxprops;
    s->max_commits = max_commits ? max_commits : LPN_DEFAULT_MAX_COMMITS;
    s->max_tokens = max_tokens ? max_tokens : LPN_DEFAULT_MAX_TOKENS;
    s->last_done = -1;
    s->watch_prop = -1;
    /* size the rings for the tokens known to arrive at cycle 0 */
    uint64_t *expect = sup_xcalloc((size_t)m->nplaces + 1, sizeof *expect);
    for (int p = 0; p < m->nplaces; p++) {
        const struct lpn_place *pl = &m->places[p];
        s->pl[p].sink = pl->nprops && !pl->nreaders && !pl->ninhibited;
        s->pl[p].made = pl->nprops ? 0 : UINT64_MAX;   /* counter places make nothing */
    }
    for (int k = 0; k < m->ngens; k++) {
        const struct lpn_tokgen *g = &m->gens[k];
        if (!(g->generator && (flags & LPN_SIM_NO_GENERATORS)) && g->at.is_const && !s->pl[g->place].sink &&
            !make_later(s, g, flags))
            expect[g->place] += (uint64_t)g->count;
    }
    for (int p = 0; p < m->nplaces; p++) {
        const struct lpn_place *pl = &m->places[p];
        if (pl->nprops) {
            s->pl[p].stride = 1 + (uint32_t)pl->nprops;
            uint64_t want = expect[p] < s->max_tokens ? expect[p] : s->max_tokens;
            if (want * s->pl[p].stride > (64ULL << 20) / sizeof(int64_t))   /* grow beyond 64 MiB on demand */
                want = (64ULL << 20) / sizeof(int64_t) / s->pl[p].stride;
            uint64_t cap = pow2_at_least(want);
            s->pl[p].ring = sup_xmalloc(cap * s->pl[p].stride * sizeof(int64_t));
            s->pl[p].mask = cap - 1;
        } else if (pl->cap_of >= 0) {
            s->pl[p].live = s->pl[p].nfree = (uint64_t)pl->initial;
        }
    }
    free(expect);
    for (int t = 0; t < m->ntrans; t++) {
        s->tr[t].first_commit = s->tr[t].last_commit = -1;
        s->tr[t].state = LPN_ST_STARVED;
        s->tr[t].max_inflight = (uint32_t)m->trans[t].inflight;
        lpn__mark_dirty(s, t);
    }
    for (int k = 0; k < m->ngens; k++) {
        const struct lpn_tokgen *g = &m->gens[k];
        if (g->generator && (flags & LPN_SIM_NO_GENERATORS))
            continue;
        if (!s->pl[g->place].ring && g->at.is_const && g->at.cval == 0 && g->place != m->done) {
            s->pl[g->place].live += (uint64_t)g->count;   /* indistinguishable tokens: a count */
            s->pl[g->place].nfree += (uint64_t)g->count;
            continue;
        }
        if (make_later(s, g, flags)) {
            add_later(s, g, g->count);
            continue;
        }
        int streamed = flags & LPN_SIM_EAGER || (g->at.is_const && g->at.cval == 0) ? 0 : stream_tokens(s, g, diag);
        if (streamed < 0 || (!streamed && !place_tokens(s, g, diag))) {
            lpn_sim_free(s);
            return NULL;
        }
    }
    return s;
}

void lpn_sim_free(struct lpn_sim *s)
{
    if (!s)
        return;
    for (int p = 0; p < s->m->nplaces; p++) {
        free(s->pl[p].ring);
        free(s->pl[p].lazy);
    }
    free(s->pl);
    free(s->tr);
    free(s->heap);
    free(s->afifo);
    free(s->streams);
    free(s->fir);
    free(s->locks);
    free(s->arr);
    free(s->dirty);
    free(s->base);
    free(s->avail);
    free(s->cavail);
    free(s->w);
    free(s->donebuf);
    free(s->err);
    free(s);
}

void lpn_sim_set_limits(struct lpn_sim *s, uint64_t max_commits, uint64_t max_tokens)
{
    if (max_commits)
        s->max_commits = max_commits;
    if (max_tokens)
        s->max_tokens = max_tokens;
}

int lpn_sim_inject(struct lpn_sim *s, int place, int64_t time, const int64_t *props)
{
    const struct lpn_model *m = s->m;
    if (s->err || place < 0 || place >= m->nplaces || m->places[place].capacity ||
        m->places[place].cap_of >= 0 || time < s->now)
        return -1;
    if (s->freearr == UINT32_MAX) {
        uint32_t old = s->caparr, ncap = old ? old * 2 : 64;
        if (ncap < old)
            return -1;
        s->arr = sup_xrealloc(s->arr, (size_t)ncap * s->arrstride * sizeof *s->arr);
        for (uint32_t k = old; k < ncap; k++)
            s->arr[(size_t)k * s->arrstride] = k + 1 < ncap ? (int64_t)(k + 1) : (int64_t)UINT32_MAX;
        s->freearr = old;
        s->caparr = ncap;
    }
    uint32_t slot = s->freearr;
    int64_t *a = &s->arr[(size_t)slot * s->arrstride];
    s->freearr = (uint32_t)a[0];
    a[0] = place;
    for (int k = 0; k < m->places[place].nprops; k++)
        a[1 + k] = props ? props[k] : 0;
    lpn__push_arrival(s, time, slot);
    return 0;
}

/* ---- queries -----------------------------------------------------------------*/
const struct lpn_model *lpn_sim_model(const struct lpn_sim *s) { return s->m; }
int64_t lpn_sim_now(const struct lpn_sim *s) { return s->now; }
uint64_t lpn_sim_commits(const struct lpn_sim *s) { return s->commits; }
uint64_t lpn_sim_done_count(const struct lpn_sim *s) { return s->done_count; }
int64_t lpn_sim_last_done(const struct lpn_sim *s) { return s->last_done; }
size_t lpn_sim_pending(const struct lpn_sim *s) { return lpn__npending(s); }
int64_t lpn_sim_next_event(const struct lpn_sim *s)
{
    const struct lpn_event *e = lpn__next_event(s);
    return e ? e->time : -1;
}
const char *lpn_sim_error(const struct lpn_sim *s) { return s->err; }

uint64_t lpn_sim_tokens(const struct lpn_sim *s, int place)
{
    return place >= 0 && place < s->m->nplaces ? s->pl[place].live : 0;
}

bool lpn_sim_stuck(const struct lpn_sim *s, int place)
{
    const struct lpn_model *m = s->m;
    if (lpn__npending(s) || s->any_dirty || s->err || place < 0 || place >= m->nplaces)
        return false;
    const struct lpn_place *pl = &m->places[place];
    return place != m->done && !pl->resource && pl->nreaders > 0 && s->pl[place].live > 0;
}

/* The tokens input edge IN needs at least: its weight when constant, else 1. */
static uint64_t least_need(const struct lpn_in *in)
{
    return in->weight.is_const ? (uint64_t)in->weight.cval : 1;
}

/* Which transitions new input could still let fire, in an idle sim: T
 * could when it lacks tokens in some input (so it is not a false guard
 * that stops it) and every input it lacks tokens in could be filled — it is
 * the start place or has no writer (input arrives there), or a writer that
 * could fire writes it. A least fixed point; guards are assumed to hold on
 * tokens that are not there yet. Inhibitors with tokens count as never
 * emptied. Fills CAN[ntrans] (FILL is scratch, nplaces). */
static void could_fire(const struct lpn_sim *s, bool *can, bool *fill)
{
    const struct lpn_model *m = s->m;
    for (int p = 0; p < m->nplaces; p++)
        fill[p] = p == m->start || m->places[p].nwriters == 0;
    memset(can, 0, (size_t)m->ntrans * sizeof *can);
    for (bool changed = true; changed;) {
        changed = false;
        for (int ti = 0; ti < m->ntrans; ti++) {
            const struct lpn_transition *t = &m->trans[ti];
            if (can[ti])
                continue;
            bool lacks = false, ok = true;
            for (int j = 0; j < t->nin && ok; j++) {
                const struct lpn_in *in = &t->in[j];
                if (in->inhibit)
                    ok = s->pl[in->place].live == 0;
                else if (s->pl[in->place].nfree < least_need(in))
                    lacks = true, ok = fill[in->place];
            }
            if (!ok || !lacks)
                continue;
            can[ti] = changed = true;
            for (int k = 0; k < t->nout; k++)
                fill[t->out[k].place] = true;
        }
    }
}

bool lpn__dead_places(const struct lpn_sim *s, bool *dead)
{
    const struct lpn_model *m = s->m;
    bool any = false, *can = sup_xcalloc((size_t)m->ntrans + 1, sizeof *can);
    bool *fill = sup_xcalloc((size_t)m->nplaces + 1, sizeof *fill);
    could_fire(s, can, fill);
    for (int p = 0; p < m->nplaces; p++) {
        dead[p] = lpn_sim_stuck(s, p);
        for (int k = 0; k < m->places[p].nreaders && dead[p]; k++)
            dead[p] = !can[m->places[p].readers[k]];
        any |= dead[p];
    }
    free(can);
    free(fill);
    return any;
}

bool lpn_sim_parked(const struct lpn_sim *s, int place)
{
    if (!lpn_sim_stuck(s, place))
        return false;
    bool *dead = sup_xcalloc((size_t)s->m->nplaces + 1, sizeof *dead);
    lpn__dead_places(s, dead);
    bool parked = !dead[place];
    free(dead);
    return parked;
}

bool lpn_sim_deadlocked(const struct lpn_sim *s)
{
    if (lpn__npending(s) || s->any_dirty || s->err)
        return false;
    bool *dead = sup_xcalloc((size_t)s->m->nplaces + 1, sizeof *dead);
    bool any = lpn__dead_places(s, dead);
    free(dead);
    return any;
}

void lpn_sim_tstats(const struct lpn_sim *s, int t, struct lpn_tstats *out)
{
    memset(out, 0, sizeof *out);
    out->first_commit = out->last_commit = -1;
    if (t < 0 || t >= s->m->ntrans)
        return;
    const struct lpn_trans_rt *tr = &s->tr[t];
    int64_t acc[3] = {tr->acc[0], tr->acc[1], tr->acc[2]};
    acc[tr->state] += s->now - tr->since;
    out->commits = tr->commits;
    out->fired = tr->fired;
    out->first_commit = tr->first_commit;
    out->last_commit = tr->last_commit;
    out->busy = acc[LPN_ST_BUSY];
    out->starved = acc[LPN_ST_STARVED];
    out->blocked = acc[LPN_ST_BLOCKED];
}

void lpn_sim_on_fire(struct lpn_sim *s, lpn_fire_fn *fn, void *ctx)
{
    s->on_fire = fn;
    s->on_fire_ctx = ctx;
}

void lpn_sim_on_done(struct lpn_sim *s, lpn_done_fn *fn, void *ctx)
{
    s->on_done = fn;
    s->on_done_ctx = ctx;
}
