/* routine_memo.c — a runtime routine's path run on a pipelined core's model, kept by
 * what decides its cycles: the pipeline's state at the call, the instruction cache's
 * contents (a core with one) and the instructions the path feeds (pc, target, cycles,
 * misalignment). A path met again from the same states costs what it cost the first time
 * and leaves the cache as it did (kept with the run, with its lookups and misses); the
 * key is kept whole and compared byte for byte (no hash decides), so the result is the
 * model's, only not computed twice (soft-float and libc routines called millions of
 * times). With a cache whose replacement state is per set or one counter (not LRU), the
 * cache's part is the sets the run touched (ua_icache_track_begin): a run is kept as
 * variants of the key (pipeline state, counter, path), each with the states its sets had
 * before and after; a variant applies when every set it touched is as it was, since the
 * run read nothing else of the cache. */
#include "routine_impl.h"
#include "support.h"
#include "uarch.h"

#include <stdlib.h>
#include <string.h>

#define MEMO_MAX_BYTES ((size_t)64 << 20) /* keys kept at most; beyond, runs are not kept */

struct memo_entry {
    uint64_t hash;
    unsigned char *key;
    size_t len;
    double cycles;
    bool ok;
    unsigned char *after;          /* the cache's state after the run (NULL: no cache) */
    uint64_t lookups, misses;      /* the run's */
    struct memo_variant *var;      /* by sets: the runs of this key */
    size_t nvar;
};

/* One run kept by the sets it touched: NREC records of [set u32][replaced u8][state
 * before][state after] (ua_icache_set_bytes each); or, a run that changed no set
 * (LINES), NREC pairs of what its lookups saw (ua_icache_track_lines). */
struct memo_variant {
    unsigned char *rec;
    size_t nrec;
    bool lines;
    uint32_t counter;              /* the cache's counter after */
    double cycles;
    bool ok;
    uint64_t lookups, misses;
};
#define MEMO_MAX_VARIANTS 32

struct routine_memo {
    struct memo_entry *tab; /* open addressing, a power of two */
    size_t cap, n, bytes;
    unsigned char *key;     /* the key being built */
    size_t keycap;
    uint64_t tries, hits;   /* with an instruction cache: given up when they rarely repeat */
    int by_sets;            /* 0 not known yet, 1 the cache is kept by sets, -1 whole */
};

/* The key's hash: eight bytes a step (a byte at a time took half of an estimate's time on
 * routine-heavy programs); it only picks the slot, the key is then compared whole. */
static uint64_t hash_key(const unsigned char *p, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    uint64_t w = 0;
    memcpy(&w, p + i, n - i);
    h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 32);
}

/* Runs OPS on the core from PIPE's state: the cycles from the first op's stamp to the
 * last's. False when the model stops (an op the fetch unit does not deliver). */
static bool run(const struct routine_pipe *pipe, const struct ua_op *ops, size_t n, double *cycles)
{
    ua_core_load(pipe->core, pipe->state);
    uint64_t first = ua_core_fed(pipe->core), a = UINT64_MAX;
    for (size_t k = 0; k < n; k++) {
        if (!ua_core_feed(pipe->core, &ops[k]))
            return false;
        if (a == UINT64_MAX)
            a = ua_core_stamp(pipe->core, first); /* the stamps are kept for a window only */
    }
    ua_core_drain(pipe->core);
    if (a == UINT64_MAX)
        a = ua_core_stamp(pipe->core, first);
    uint64_t b = ua_core_stamp(pipe->core, ua_core_fed(pipe->core) - 1);
    if (a == UINT64_MAX || b == UINT64_MAX)
        return false;
    *cycles = (double)(b - a);
    return true;
}

static void grow(struct routine_memo *m)
{
    size_t cap = m->cap ? m->cap * 2 : 256;
    struct memo_entry *t = sup_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < m->cap; i++)
        if (m->tab[i].key) {
            size_t k = m->tab[i].hash & (cap - 1);
            while (t[k].key)
                k = (k + 1) & (cap - 1);
            t[k] = m->tab[i];
        }
    free(m->tab);
    m->tab = t;
    m->cap = cap;
}

static struct memo_entry *find(struct routine_memo *m, uint64_t h, size_t len)
{
    if (m->cap)
        for (size_t k = h & (m->cap - 1); m->tab[k].key; k = (k + 1) & (m->cap - 1))
            if (m->tab[k].hash == h && m->tab[k].len == len && !memcmp(m->tab[k].key, m->key, len))
                return &m->tab[k];
    return NULL;
}

static struct memo_entry *insert(struct routine_memo *m, uint64_t h, size_t len)
{
    if ((m->n + 1) * 2 > m->cap)
        grow(m);
    size_t k = h & (m->cap - 1);
    while (m->tab[k].key)
        k = (k + 1) & (m->cap - 1);
    struct memo_entry *e = &m->tab[k];
    memset(e, 0, sizeof *e);
    e->hash = h;
    e->len = len;
    e->key = sup_xmalloc(len);
    memcpy(e->key, m->key, len);
    m->n++;
    m->bytes += len;
    return e;
}

/* The key (pipeline state, the cache's counter, the path) in m->key; a kept variant whose
 * sets are as they were, or the run made and kept by the sets it touched. */
static bool by_sets(struct routine_memo *m, const struct routine_pipe *pipe, struct ua_icache *ic,
                    const struct ua_op *ops, size_t n, double *cycles)
{
    size_t sb = ua_core_state_size(pipe->core), cb = sizeof(uint32_t);
    size_t len = sb + cb + n * sizeof *ops;
    if (len > m->keycap) {
        m->keycap = len * 2;
        m->key = sup_xrealloc(m->key, m->keycap);
    }
    memcpy(m->key, pipe->state, sb);
    uint32_t counter = ua_icache_counter(ic);
    memcpy(m->key + sb, &counter, cb);
    memcpy(m->key + sb + cb, ops, n * sizeof *ops);
    uint64_t h = hash_key(m->key, len);
    size_t setb = ua_icache_set_bytes(ic), rb = sizeof(uint32_t) + 1 + 2 * setb;
    struct memo_entry *e = find(m, h, len);
    if (e)
        for (size_t v = 0; v < e->nvar; v++) {
            const struct memo_variant *x = &e->var[v];
            size_t i = 0;
            if (x->lines) {
                if (!ua_icache_lines_match(ic, (const uint32_t *)(const void *)x->rec, x->nrec))
                    continue;
                goto hit; /* nothing to load: the run changed no set */
            }
            for (; i < x->nrec; i++) {
                const unsigned char *q = x->rec + i * rb;
                uint32_t set;
                memcpy(&set, q, sizeof set);
                if (!ua_icache_set_equal(ic, set, q + sizeof set + 1))
                    break;
            }
            if (i < x->nrec)
                continue;
            for (i = 0; i < x->nrec; i++) {
                const unsigned char *q = x->rec + i * rb;
                uint32_t set;
                memcpy(&set, q, sizeof set);
                ua_icache_set_load(ic, set, q + sizeof set + 1 + setb, q[sizeof set]);
            }
        hit:
            ua_icache_set_counter(ic, x->counter);
            ua_icache_count(ic, x->lookups, x->misses);
            m->hits++;
            *cycles = x->cycles;
            return x->ok;
        }
    uint64_t l0 = 0, m0 = 0, l1 = 0, m1 = 0;
    ua_icache_stats(ic, &l0, &m0);
    ua_icache_track_begin(ic);
    double c = 0;
    bool ok = run(pipe, ops, n, &c);
    const unsigned char *log = NULL;
    bool whole = true;
    size_t nrec = ua_icache_track_end(ic, &log, &whole);
    ua_icache_stats(ic, &l1, &m1);
    *cycles = c;
    if (whole || (e && e->nvar >= MEMO_MAX_VARIANTS) || m->bytes + len + nrec * rb > MEMO_MAX_BYTES)
        return ok;
    const uint32_t *obs = NULL;
    bool filled = true;
    size_t nobs = ua_icache_track_lines(ic, &obs, &filled);
    if (!filled) {
        if (!e)
            e = insert(m, h, len);
        struct memo_variant x = {sup_xmalloc(nobs * 2 * sizeof *obs + 1), nobs, true, ua_icache_counter(ic), c, ok,
                                 l1 - l0, m1 - m0};
        memcpy(x.rec, obs, nobs * 2 * sizeof *obs);
        e->var = sup_xrealloc(e->var, (e->nvar + 1) * sizeof *e->var);
        e->var[e->nvar++] = x;
        m->bytes += nobs * 2 * sizeof *obs + sizeof x;
        return ok;
    }
    if (!e)
        e = insert(m, h, len);
    struct memo_variant x = {sup_xmalloc(nrec * rb + 1), nrec, false, ua_icache_counter(ic), c, ok, l1 - l0,
                             m1 - m0};
    size_t lb = ua_icache_track_record_bytes(ic);
    for (size_t i = 0; i < nrec; i++) {
        unsigned char *q = x.rec + i * rb;
        uint32_t set;
        memcpy(q, log + i * lb, lb); /* set, replaced, before */
        memcpy(&set, q, sizeof set);
        ua_icache_set_save(ic, set, q + lb);
    }
    e->var = sup_xrealloc(e->var, (e->nvar + 1) * sizeof *e->var);
    e->var[e->nvar++] = x;
    m->bytes += nrec * rb + sizeof x;
    return ok;
}

bool routine_pipe_cycles(struct routine_runner *r, const struct routine_pipe *pipe, const struct ua_op *ops,
                         size_t n, double *cycles)
{
    struct routine_memo *m = r->memo;
    if (!m)
        m = r->memo = sup_xcalloc(1, sizeof *m);
    struct ua_icache *ic = ua_core_icache(pipe->core);
    if (ic && m->tries >= 4096 && m->hits * (m->by_sets > 0 ? 16 : 4) < m->tries)
        return run(pipe, ops, n, cycles); /* the cache's contents seldom repeat: keys cost more than runs */
    m->tries++;
    if (ic && !m->by_sets) {
        m->by_sets = ua_icache_track_begin(ic) ? 1 : -1;
        const unsigned char *log;
        bool whole;
        ua_icache_track_end(ic, &log, &whole);
    }
    if (ic && m->by_sets > 0)
        return by_sets(m, pipe, ic, ops, n, cycles);
    size_t sb = ua_core_state_size(pipe->core), cb = ic ? ua_icache_state_size(ic) : 0;
    size_t len = sb + cb + n * sizeof *ops;
    if (len > m->keycap) {
        m->keycap = len * 2;
        m->key = sup_xrealloc(m->key, m->keycap);
    }
    memcpy(m->key, pipe->state, sb);
    if (ic)
        ua_icache_save(ic, m->key + sb);
    memcpy(m->key + sb + cb, ops, n * sizeof *ops); /* ops are zero-filled before they are set (make_op) */
    uint64_t h = hash_key(m->key, len);
    if (m->cap) {
        for (size_t k = h & (m->cap - 1); m->tab[k].key; k = (k + 1) & (m->cap - 1))
            if (m->tab[k].hash == h && m->tab[k].len == len && !memcmp(m->tab[k].key, m->key, len)) {
                m->hits++;
                if (ic) {
                    ua_icache_load(ic, m->tab[k].after);
                    ua_icache_count(ic, m->tab[k].lookups, m->tab[k].misses);
                }
                *cycles = m->tab[k].cycles;
                return m->tab[k].ok;
            }
    }
    uint64_t l0 = 0, m0 = 0, l1 = 0, m1 = 0;
    if (ic)
        ua_icache_stats(ic, &l0, &m0);
    double c = 0;
    bool ok = run(pipe, ops, n, &c);
    if (m->bytes + len + cb <= MEMO_MAX_BYTES) {
        if ((m->n + 1) * 2 > m->cap)
            grow(m);
        size_t k = h & (m->cap - 1);
        while (m->tab[k].key)
            k = (k + 1) & (m->cap - 1);
        struct memo_entry *e = &m->tab[k];
        *e = (struct memo_entry){h, sup_xmalloc(len), len, c, ok, NULL, 0, 0, NULL, 0};
        memcpy(e->key, m->key, len);
        if (ic) {
            ua_icache_stats(ic, &l1, &m1);
            e->after = sup_xmalloc(cb);
            ua_icache_save(ic, e->after);
            e->lookups = l1 - l0;
            e->misses = m1 - m0;
        }
        m->n++;
        m->bytes += len + cb;
    }
    *cycles = c;
    return ok;
}

void routine_memo_free(struct routine_memo *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++) {
        free(m->tab[i].key);
        free(m->tab[i].after);
        for (size_t v = 0; v < m->tab[i].nvar; v++)
            free(m->tab[i].var[v].rec);
        free(m->tab[i].var);
    }
    free(m->tab);
    free(m->key);
    free(m);
}
