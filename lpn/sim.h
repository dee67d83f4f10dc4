/* sim.h — the simulator's run-time state, shared by sim.c (the event loop:
 * enabling, locking, committing) and sim_api.c (creation, injection,
 * queries, statistics). Internal. */
#ifndef LPNEST_LPN_SIM_H
#define LPNEST_LPN_SIM_H

#include "lpn_impl.h"

/* A place at run time. Places whose tokens carry properties keep them in a
 * ring of `stride` int64 words per token ([timestamp, props...]) addressed
 * by absolute sequence numbers: [head, free_start) are locked or already
 * consumed (timestamp LPN_DEAD), [free_start, tail) are free. Locks always
 * take the first free tokens, so locked tokens are always a prefix.
 * Places without properties hold indistinguishable tokens: counters only.
 * Tokens of `initial:`/`generate:` entries that arrive at cycle 0 are made
 * when first read or locked: [made, tail) are counted but not yet in the
 * ring, and `lazy` lists the entries that will make them, in order. A place
 * that no transition reads (a sink, such as `done`) keeps no token: its
 * ring only holds the tokens of the commit that is putting them there. So
 * the rings hold the tokens in flight, not the tokens of the whole run. */
#define LPN_DEAD (-1)
struct lpn_lazy {
    const struct lpn_tokgen *g;
    int64_t next;            /* the index of the next token the entry makes */
    int64_t end;             /* and the index after its last one */
};
struct lpn_place_rt {
    int64_t *ring;           /* NULL for counter places */
    uint64_t mask;           /* ring capacity - 1 (a power of two), in tokens */
    uint64_t head, free_start, tail;
    uint64_t made;           /* tokens before `made` are in the ring (made <= tail) */
    uint32_t stride;
    bool sink;               /* a ring place nothing reads: tokens are dropped once put */
    uint64_t live;           /* tokens present, free or locked */
    uint64_t nfree;          /* free tokens */
    struct lpn_lazy *lazy;   /* entries still to make tokens [made, tail) */
    uint32_t nlazy, lazy_at;
};

enum { LPN_ST_BUSY, LPN_ST_STARVED, LPN_ST_BLOCKED };

struct lpn_trans_rt {
    uint32_t inflight;
    uint32_t max_inflight;   /* the transition's inflight limit (a copy, for locality) */
    bool wake_pending;
    bool lazy_inputs;        /* an input place holds tokens not made yet (at creation) */
    uint8_t state;           /* LPN_ST_* */
    int64_t since;           /* when the state began */
    int64_t acc[3];          /* cycles spent in each state before `since` */
    int64_t next_start;      /* earliest start allowed by the initiation interval */
    uint64_t commits, fired;
    int64_t first_commit, last_commit;
};

enum { LPN_EV_ARRIVAL, LPN_EV_WAKE, LPN_EV_COMMIT, LPN_EV_STREAM };

/* A `generate:` entry whose tokens arrive over time (non-decreasing `at:`):
 * one token is scheduled at a time and made when it arrives. Its tokens'
 * event keys are reserved at creation (key0 + index), so they keep the
 * order they would have had if all were injected then. */
struct lpn_stream {
    const struct lpn_tokgen *g;
    int64_t next;            /* the index of the token scheduled */
    uint64_t key0;
};
struct lpn_event {
    int64_t time;
    uint64_t key;            /* order within a cycle: arrivals/wake-ups by seq, then commits by (transition, seq) */
    uint32_t idx;            /* firing, arrival slot or transition */
    uint32_t kind;
};

struct lpn_firing {
    int64_t start;
    uint32_t tid;
    uint32_t next_free;
};

struct lpn_sim {
    const struct lpn_model *m;
    int64_t now;
    struct lpn_place_rt *pl;
    struct lpn_trans_rt *tr;
    /* event queue: a binary heap, plus a FIFO of arrivals injected in time
     * order (their keys grow too, so the FIFO is in (time, key) order: the
     * next event is the smaller of the two heads) */
    struct lpn_event *heap;
    size_t nheap, capheap;
    struct lpn_event *afifo;
    size_t afifo_head, afifo_len, afifo_cap;   /* a ring; afifo_cap is 0 or a power of two */
    uint64_t seq;
    /* firings in flight; locks[f * 2 * maxin + j] = first locked seq of input j,
     * locks[f * 2 * maxin + maxin + j] = tokens locked from input j */
    struct lpn_firing *fir;
    uint64_t *locks;
    uint32_t capfir, freefir;
    struct lpn_stream *streams;
    uint32_t nstreams;
    /* arrivals waiting in the queue: slot = [place, props...] */
    int64_t *arr;
    uint32_t caparr, freearr, arrstride;
    /* transitions to re-check */
    uint64_t *dirty;
    int ndirtyw, dirty_lo;
    bool any_dirty;
    /* scratch for enabling: per input */
    uint64_t *base, *avail, *cavail;
    int64_t *w;
    /* counters and limits */
    uint64_t commits, max_commits, max_tokens, tokens_mem;
    uint64_t done_count;
    int64_t last_done;
    char *err;
    lpn_fire_fn *on_fire;
    void *on_fire_ctx;
    lpn_done_fn *on_done;
    void *on_done_ctx;
    int64_t *donebuf;        /* a done token's properties for on_done */
    int watch_prop;          /* lpn_sim_run_until_token: property watched, -1 none */
    int64_t watch_value;
    bool watch_hit;
};

/* sim.c */
void lpn__mark_dirty(struct lpn_sim *s, int tid);
void lpn__heap_push(struct lpn_sim *s, int64_t time, uint64_t key, uint32_t idx, uint32_t kind);
/* Schedules the arrival of arrival slot IDX at TIME (after every event
 * already scheduled at TIME). */
void lpn__push_arrival(struct lpn_sim *s, int64_t time, uint32_t idx);
/* The next event (NULL: none) and the number of events scheduled. */
static inline const struct lpn_event *lpn__next_event(const struct lpn_sim *s)
{
    const struct lpn_event *h = s->nheap ? &s->heap[0] : NULL;
    if (!s->afifo_len)
        return h;
    const struct lpn_event *f = &s->afifo[s->afifo_head & (s->afifo_cap - 1)];
    return !h || f->time < h->time || (f->time == h->time && f->key < h->key) ? f : h;
}
static inline size_t lpn__npending(const struct lpn_sim *s) { return s->nheap + s->afifo_len; }
/* Appends a token with timestamp NOW and PROPS (may be NULL: zeros) to place
 * P, waking its readers; false after setting the error (token limit). */
bool lpn__put_token(struct lpn_sim *s, int p, const int64_t *props);
/* Makes the generated tokens of place P up to sequence number UPTO
 * (exclusive); false after setting the error (a generator expression fails,
 * the token limit). */
bool lpn__make_tokens(struct lpn_sim *s, int p, uint64_t upto);
/* Sets the run-time error of generator expression E failing at PC for token I. */
void lpn__gen_fail(struct lpn_sim *s, const struct lpn_expr *e, uint32_t pc, int64_t i);
/* Puts the arriving token of stream K into its place and schedules the next. */
void lpn__stream_arrive(struct lpn_sim *s, uint32_t k);
static inline bool lpn__need_tokens(struct lpn_sim *s, int p, uint64_t upto)
{
    return upto <= s->pl[p].made || lpn__make_tokens(s, p, upto);
}
/* Sets DEAD[p] (nplaces entries) for every place stuck in a deadlock:
 * lpn_sim_stuck, and none of its consumers could ever fire again whatever
 * input came (lpn.h); returns whether any place is. */
bool lpn__dead_places(const struct lpn_sim *s, bool *dead);
/* Sets the run-time error (printf-style), located at LINE:COL of the model. */
void lpn__fail(struct lpn_sim *s, unsigned line, unsigned col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
