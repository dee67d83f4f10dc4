/* routine_memo.c — a runtime routine's path run on a pipelined core's model, kept by
 * what decides its cycles: the pipeline's state at the call, the instruction cache's
 * contents (a core with one) and the instructions the path feeds (pc, target, cycles,
 * misalignment). A path met again from the same states costs what it cost the first time
 * and leaves the cache as it did (kept with the run, with its lookups and misses); the
 * key is kept whole and compared byte for byte (no hash decides), so the result is the
 * model's, only not computed twice (soft-float and libc routines called millions of
 * times). With an instruction cache the key holds the pipeline's state and the path, and
 * a run is kept as the operations it made on the cache with what they returned
 * (ua_icache_record_begin), up to MEMO_MAX_VARIANTS runs a key: a run applies again when
 * its operations, replayed on the cache as it is, return what they returned (the model
 * sees the cache through nothing else), and the replay leaves the cache as the run would;
 * when one returns otherwise the cache is put back and the next run is tried. */
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
    unsigned char *ret;            /* the state after the routine's return (routine_pipe.ret_state), or NULL */
    unsigned char *after;          /* the cache's state after the run (NULL: no cache) */
    uint64_t lookups, misses;      /* the run's */
    struct memo_variant *var;      /* with an instruction cache: the runs kept for this key */
    size_t nvar;
};

/* One run kept by its operations on the instruction cache: N of them (two words each). */
struct memo_variant {
    uint32_t *ops;
    size_t n;
    double cycles;
    bool ok;
};
#define MEMO_MAX_VARIANTS 128

struct routine_memo {
    struct memo_entry *tab; /* open addressing, a power of two */
    size_t cap, n, bytes;
    unsigned char *key;     /* the key being built */
    size_t keycap;
    uint64_t tries, hits;   /* with an instruction cache: given up when they rarely repeat */
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
 * last's; the state after the last but one (the routine's return) into PIPE's ret_state.
 * False when the model stops (an op the fetch unit does not deliver). */
static bool run(const struct routine_pipe *pipe, const struct ua_op *ops, size_t n, double *cycles)
{
    ua_core_load(pipe->core, pipe->state);
    uint64_t first = ua_core_fed(pipe->core), a = UINT64_MAX;
    for (size_t k = 0; k < n; k++) {
        if (!ua_core_feed(pipe->core, &ops[k]))
            return false;
        if (k + 2 == n && pipe->ret_state) {
            ua_core_save(pipe->core, pipe->ret_state);
            *pipe->ret_state_ok = true;
        }
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

/* The path in the key: per op what the model reads beyond the instruction at its pc (the
 * routine's code and the program's are fixed for a runner): 12 bytes, not the op's 40. */
#define OP_KEY 12
static void put_ops(unsigned char *dst, const struct ua_op *ops, size_t n)
{
    for (size_t k = 0; k < n; k++, dst += OP_KEY) {
        uint32_t w = (uint32_t)ops[k].cycles | (uint32_t)ops[k].redirect << 16 | (uint32_t)ops[k].taken << 24 |
                     (uint32_t)ops[k].misaligned << 25;
        memcpy(dst, &ops[k].pc, 4);
        memcpy(dst + 4, &ops[k].next, 4);
        memcpy(dst + 8, &w, 4);
    }
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

/* The key (pipeline state, the path) in m->key; a kept run whose operations on the cache
 * replay as they went, or the run made and kept by them. SAVE: room for the cache's state
 * (put back after a replay that went otherwise). */
static bool by_ops(struct routine_memo *m, const struct routine_pipe *pipe, struct ua_icache *ic,
                   const struct ua_op *ops, size_t n, double *cycles)
{
    size_t sb = ua_core_state_size(pipe->core), cb = ua_icache_state_size(ic);
    size_t len = sb + n * OP_KEY;
    if (len + cb > m->keycap) {
        m->keycap = (len + cb) * 2;
        m->key = sup_xrealloc(m->key, m->keycap);
    }
    memcpy(m->key, pipe->state, sb);
    put_ops(m->key + sb, ops, n);
    unsigned char *save = m->key + len;
    uint64_t h = hash_key(m->key, len);
    struct memo_entry *e = find(m, h, len);
    if (e && e->nvar) {
        ua_icache_save(ic, save);
        for (size_t v = 0; v < e->nvar; v++) {
            const struct memo_variant *x = &e->var[v];
            uint64_t l0, m0;
            ua_icache_stats(ic, &l0, &m0);
            if (ua_icache_replay(ic, x->ops, x->n)) {
                m->hits++;
                *cycles = x->cycles;
                return x->ok;
            }
            uint64_t l1, m1;
            ua_icache_stats(ic, &l1, &m1);
            ua_icache_load(ic, save);
            ua_icache_count(ic, l0 - l1, m0 - m1); /* the replay's lookups undone (modulo 2^64) */
        }
    }
    ua_icache_record_begin(ic);
    double c = 0;
    bool ok = run(pipe, ops, n, &c);
    const uint32_t *log = NULL;
    bool whole = true;
    size_t nlog = ua_icache_record_end(ic, &log, &whole);
    *cycles = c;
    size_t bytes = nlog * 2 * sizeof *log + sizeof(struct memo_variant);
    if (whole || (e && e->nvar >= MEMO_MAX_VARIANTS) || m->bytes + len + bytes > MEMO_MAX_BYTES)
        return ok;
    if (!e)
        e = insert(m, h, len);
    struct memo_variant x = {sup_xmalloc(nlog * 2 * sizeof *log + 1), nlog, c, ok};
    memcpy(x.ops, log, nlog * 2 * sizeof *log);
    e->var = sup_xrealloc(e->var, (e->nvar + 1) * sizeof *e->var);
    e->var[e->nvar++] = x;
    m->bytes += bytes;
    return ok;
}

bool routine_pipe_cycles(struct routine_runner *r, const struct routine_pipe *pipe, const struct ua_op *ops,
                         size_t n, double *cycles)
{
    struct routine_memo *m = r->memo;
    if (!m)
        m = r->memo = sup_xcalloc(1, sizeof *m);
    struct ua_icache *ic = ua_core_icache(pipe->core);
    if (ic && m->tries >= 4096 && m->hits * 16 < m->tries)
        return run(pipe, ops, n, cycles); /* the cache's contents seldom repeat: keys cost more than runs */
    m->tries++;
    if (ic)
        return by_ops(m, pipe, ic, ops, n, cycles);
    size_t sb = ua_core_state_size(pipe->core), cb = ic ? ua_icache_state_size(ic) : 0;
    size_t len = sb + cb + n * OP_KEY;
    if (len > m->keycap) {
        m->keycap = len * 2;
        m->key = sup_xrealloc(m->key, m->keycap);
    }
    memcpy(m->key, pipe->state, sb);
    if (ic)
        ua_icache_save(ic, m->key + sb);
    put_ops(m->key + sb + cb, ops, n);
    uint64_t h = hash_key(m->key, len);
    if (m->cap) {
        for (size_t k = h & (m->cap - 1); m->tab[k].key; k = (k + 1) & (m->cap - 1))
            if (m->tab[k].hash == h && m->tab[k].len == len && !memcmp(m->tab[k].key, m->key, len)) {
                m->hits++;
                if (pipe->ret_state && m->tab[k].ret) {
                    memcpy(pipe->ret_state, m->tab[k].ret, sb);
                    *pipe->ret_state_ok = true;
                }
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
        *e = (struct memo_entry){h, sup_xmalloc(len), len, c, ok, NULL, NULL, 0, 0, NULL, 0};
        memcpy(e->key, m->key, len);
        if (pipe->ret_state && *pipe->ret_state_ok) {
            e->ret = sup_xmalloc(sb);
            memcpy(e->ret, pipe->ret_state, sb);
            m->bytes += sb;
        }
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
        free(m->tab[i].ret);
        free(m->tab[i].after);
        for (size_t v = 0; v < m->tab[i].nvar; v++)
            free(m->tab[i].var[v].ops);
        free(m->tab[i].var);
    }
    free(m->tab);
    free(m->key);
    free(m);
}
