/* routine_memo.c — a runtime routine's path run on a pipelined core's model, kept by
 * what decides its cycles: the pipeline's state at the call, the instruction cache's
 * contents (a core with one) and the instructions the path feeds (pc, target, cycles,
 * misalignment). A path met again from the same states costs what it cost the first time
 * and leaves the cache as it did (kept with the run, with its lookups and misses); the
 * key is kept whole and compared byte for byte (no hash decides), so the result is the
 * model's, only not computed twice (soft-float and libc routines called millions of
 * times). With an instruction cache the key holds the pipeline's state and the path, and
 * a run is kept as the operations it made on the cache with what they returned
 * (ua_icache_record_begin), up to MEMO_MAX_VARIANTS runs a key, in a tree per key that
 * branches where the cache answered otherwise (ua_icache_runs): a run applies again when
 * its operations, made on the cache as it is, answer what they answered (the model sees the
 * cache through nothing else), and the walk leaves the cache as the run would; when one
 * answers what no kept run got, the cache is put back and the model runs. A path served
 * by a run kept by its operands (routine_rv32.c) is keyed by its number instead of its ops
 * (routine_paths_intern). */
#include "routine_impl.h"
#include "support.h"
#include "uarch.h"

#include <stdio.h>
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
    uint32_t root;                 /* with an instruction cache: the tree of the runs kept (memo.runs) */
    size_t nvar;                   /* ... and how many */
};

/* A run's result kept in a tree (a leaf's value is its index). */
struct memo_result {
    double cycles;
    bool ok;
};
#define MEMO_MAX_VARIANTS 128
#define OP_KEY 12 /* bytes of the key per op (put_ops) */
#define NODE_BYTES 20 /* a node of ua_icache_runs' trees: at most one per operation of a run */

struct routine_memo {
    struct memo_entry *tab; /* open addressing, a power of two */
    size_t cap, n, bytes;
    unsigned char *key;     /* the key being built */
    size_t keycap;
    uint64_t tries, hits;   /* with an instruction cache: given up when they rarely repeat */
    bool off;               /* LPNEST_NO_PATH_MEMO */
    struct seg_memo *segs;  /* without one: the blocks of the paths run (run) */
    struct ua_icache_runs *runs; /* with an instruction cache: the keys' trees of runs */
    struct memo_result *res;
    size_t nres, capres;
};

/* LPNEST_ROUTINE_STATS: the paths priced, served by kept runs, and run on the model (printed
 * at exit: the estimate may end without freeing the runner). */
static struct {
    uint64_t calls, ops, hits, model_runs, run_ops, seg_hits, seg_runs;
} stats;

static void print_stats(void)
{
    fprintf(stderr, "lpnest: routine memo: %llu paths (%llu instructions) priced, %llu served by a kept run, %llu run "
            "on the model (%llu instructions; %llu blocks fed, %llu served)\n", (unsigned long long)stats.calls,
            (unsigned long long)stats.ops, (unsigned long long)stats.hits, (unsigned long long)stats.model_runs,
            (unsigned long long)stats.run_ops, (unsigned long long)stats.seg_runs, (unsigned long long)stats.seg_hits);
}

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

/* ---- a path's blocks run once per pipeline state ----
 * A path met for the first time is run block by block (up to a control transfer taken, at
 * most SEG_MAX instructions): a block entered in a pipeline state it was run from before is
 * not fed again, the core is put where it took it then (ua_core_skip: the state after it,
 * the cycles it took), so that a routine's loop whose iterations start from a few states is
 * run once per state (128-bit division, long soft-float loops: a path of thousands of
 * instructions met once). The key is the state and the block's instructions, compared
 * whole, so the cycles are the model's. With an instruction cache a block's runs are kept
 * as the path's are, in a tree of their operations on the cache (ua_icache_runs), each
 * leaf the state after and the cycles; the operations come from the path's own recording
 * (a walk that goes otherwise is undone in the cache and in the recording). */
#define SEG_MAX 32
#define SEG_MAX_BYTES ((size_t)16 << 20) /* keys, states and trees kept at most */

struct seg_entry {
    uint64_t hash;
    unsigned char *key;            /* the state before, then the block (OP_KEY bytes an op); without a
                                      cache, then the state after */
    uint32_t len, nops;
    uint64_t cycles;
    uint32_t root;                 /* with a cache: the tree of its runs (seg_memo.runs) */
    uint32_t nruns;
};

/* A block's run kept in a tree: the cycles it took and the state it left. */
struct seg_result {
    uint64_t cycles;
    unsigned char *after;
};

struct seg_memo {
    struct seg_entry *tab;         /* open addressing, a power of two */
    size_t cap, n, bytes;
    unsigned char *key, *cache;    /* the key being built; the cache's state before a walk */
    size_t keycap, sb;
    struct ua_icache_runs *runs;
    struct seg_result *res;
    size_t nres, capres;
};

static void put_ops(unsigned char *dst, const struct ua_op *ops, size_t n);

static void seg_grow(struct seg_memo *g)
{
    size_t cap = g->cap ? g->cap * 2 : 1024;
    struct seg_entry *t = sup_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < g->cap; i++)
        if (g->tab[i].key) {
            size_t k = g->tab[i].hash & (cap - 1);
            while (t[k].key)
                k = (k + 1) & (cap - 1);
            t[k] = g->tab[i];
        }
    free(g->tab);
    g->tab = t;
    g->cap = cap;
}

/* A kept run of the block in E from the cache as it is: the core put where it took it
 * (true), or the cache and the recording as they were (false). */
static bool seg_walk(struct seg_memo *g, struct ua_core *core, struct ua_icache *ic, const struct seg_entry *e,
                     size_t mark)
{
    if (!e->nruns)
        return false;
    if (!g->cache)
        g->cache = sup_xmalloc(ua_icache_state_size(ic));
    ua_icache_save(ic, g->cache);
    uint64_t l0, m0, l1, m1;
    ua_icache_stats(ic, &l0, &m0);
    uint32_t v;
    if (ua_icache_runs_replay(g->runs, e->root, ic, &v)) {
        ua_core_skip(core, g->res[v].after, e->nops, g->res[v].cycles);
        return true;
    }
    ua_icache_stats(ic, &l1, &m1);
    ua_icache_load(ic, g->cache);
    ua_icache_count(ic, l0 - l1, m0 - m1);
    ua_icache_record_undo(ic, mark);
    return false;
}

/* Feeds the block OPS (N of them) to CORE, or puts the core where they took it from the same
 * state (and, with a cache, the same answers of the cache) before; false when the model
 * stops. */
static bool seg_feed(struct seg_memo *g, struct ua_core *core, const struct ua_op *ops, size_t n)
{
    struct ua_icache *ic = ua_core_icache(core);
    const uint32_t *log = NULL;
    size_t mark = ic ? ua_icache_record_peek(ic, &log) : 0;
    if (mark == SIZE_MAX) { /* a cache, not recorded: fed */
        for (size_t k = 0; k < n; k++)
            if (!ua_core_feed(core, &ops[k]))
                return false;
        return true;
    }
    size_t sb = g->sb, len = sb + n * OP_KEY;
    if (len > g->keycap) {
        g->keycap = len * 2;
        g->key = sup_xrealloc(g->key, g->keycap);
    }
    ua_core_save(core, g->key);
    put_ops(g->key + sb, ops, n);
    uint64_t h = hash_key(g->key, len);
    struct seg_entry *e = NULL;
    if (g->cap)
        for (size_t k = h & (g->cap - 1); g->tab[k].key; k = (k + 1) & (g->cap - 1))
            if (g->tab[k].hash == h && g->tab[k].len == len && !memcmp(g->tab[k].key, g->key, len)) {
                e = &g->tab[k];
                break;
            }
    if (e && !ic) {
        ua_core_skip(core, e->key + len, e->nops, e->cycles);
        stats.seg_hits++;
        return true;
    }
    if (e && seg_walk(g, core, ic, e, mark)) {
        stats.seg_hits++;
        return true;
    }
    uint64_t c0 = ua_core_cycle(core);
    for (size_t k = 0; k < n; k++)
        if (!ua_core_feed(core, &ops[k]))
            return false;
    stats.seg_runs++;
    uint64_t cycles = ua_core_cycle(core) - c0;
    size_t nlog = 0;
    if (ic) {
        nlog = ua_icache_record_peek(ic, &log);
        if (nlog == SIZE_MAX || (e && e->nruns >= MEMO_MAX_VARIANTS) || g->nres >= UA_ICACHE_RUNS_NONE)
            return true;
        nlog -= mark;
    }
    size_t more = ic ? sb + (nlog + 1) * NODE_BYTES + sizeof *g->res : sb;
    if (g->bytes + (e ? 0 : len) + more > SEG_MAX_BYTES)
        return true;
    if (!e) {
        if ((g->n + 1) * 2 > g->cap)
            seg_grow(g);
        size_t k = h & (g->cap - 1);
        while (g->tab[k].key)
            k = (k + 1) & (g->cap - 1);
        e = &g->tab[k];
        *e = (struct seg_entry){h, sup_xmalloc(len + (ic ? 0 : sb)), (uint32_t)len, (uint32_t)n, cycles,
                                UA_ICACHE_RUNS_NONE, 0};
        memcpy(e->key, g->key, len);
        g->n++;
        g->bytes += len;
        if (!ic) {
            ua_core_save(core, e->key + len);
            g->bytes += sb;
            return true;
        }
    }
    if (!g->runs)
        g->runs = ua_icache_runs_new();
    size_t before = ua_icache_runs_bytes(g->runs);
    if (!ua_icache_runs_add(g->runs, &e->root, log + 2 * mark, nlog, (uint32_t)g->nres))
        return true;
    if (g->nres == g->capres) {
        g->capres = g->capres ? g->capres * 2 : 1024;
        g->res = sup_xrealloc(g->res, g->capres * sizeof *g->res);
    }
    struct seg_result *r = &g->res[g->nres++];
    r->cycles = cycles;
    r->after = sup_xmalloc(sb);
    ua_core_save(core, r->after);
    e->nruns++;
    g->bytes += ua_icache_runs_bytes(g->runs) - before + sb + sizeof *g->res;
    return true;
}

static void seg_free(struct seg_memo *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->cap; i++)
        free(g->tab[i].key);
    for (size_t i = 0; i < g->nres; i++)
        free(g->res[i].after);
    free(g->res);
    ua_icache_runs_free(g->runs);
    free(g->tab);
    free(g->key);
    free(g->cache);
    free(g);
}

static struct seg_memo *segs_of(struct routine_memo *m, const struct ua_core *core)
{
    if (!m->segs) {
        m->segs = sup_xcalloc(1, sizeof *m->segs);
        m->segs->sb = ua_core_state_size(core);
    }
    return m->segs;
}

/* Runs OPS on the core from PIPE's state: the cycles from the first op's stamp to the
 * last's; the state after the last but one (the routine's return) into PIPE's ret_state.
 * False when the model stops (an op the fetch unit does not deliver). SEGS (NULL: none):
 * the blocks run before, once the first op's stamp is known and up to the last two ops
 * (the return's state and the final stamp come from feeding). */
static bool run(const struct routine_pipe *pipe, struct seg_memo *segs, const struct ua_op *ops, size_t n,
                double *cycles)
{
    stats.model_runs++;
    stats.run_ops += n;
    ua_core_load(pipe->core, pipe->state);
    uint64_t first = ua_core_fed(pipe->core), a = UINT64_MAX;
    for (size_t k = 0; k < n;) {
        if (segs && a != UINT64_MAX && k + 2 < n) {
            size_t j = k;
            while (j + 3 < n && j - k + 1 < SEG_MAX && !ops[j].taken)
                j++;
            if (!seg_feed(segs, pipe->core, ops + k, j - k + 1))
                return false;
            k = j + 1;
            continue;
        }
        if (!ua_core_feed(pipe->core, &ops[k]))
            return false;
        if (k + 2 == n && pipe->ret_state) {
            ua_core_save(pipe->core, pipe->ret_state);
            *pipe->ret_state_ok = true;
        }
        if (a == UINT64_MAX)
            a = ua_core_stamp(pipe->core, first); /* the stamps are kept for a window only */
        k++;
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
 * routine's code and the program's are fixed for a runner): OP_KEY bytes, not the op's 40. */
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

/* The path in the key: a tag byte 0, a kept path's number and the return pc when it has one
 * (a number stands for one path, routine_paths_intern compares paths whole, returning to any
 * site; the pc for the site: routine_path_ops makes the return and the op after it from it),
 * else a tag byte 1 and its ops: what an op holds beyond the instruction at its pc (the
 * routine's code and the program's are fixed for a runner) is its target, its cycles and its
 * misalignment (pipe_make_op: whether it is taken and its redirect cycle follow from the
 * instruction, its class and its target), and in a stream of ops an op's pc is the one
 * before's target: per op a byte of flags, the target where it is not the next instruction's
 * address, the pc where it is not the target before, the cycles in one byte or two (2 to 3
 * bytes an op where put_ops takes 12; every op read back from the bytes alone). A path met by
 * number and by ops is kept twice, never confused. */
#define PATH_KEY_MAX(n) (1 + 11 * (size_t)(n) + 8)

static size_t put_path(unsigned char *dst, const struct ua_op *ops, size_t n, uint32_t path, uint32_t ret_pc)
{
    unsigned char *p = dst;
    if (path != UINT32_MAX) {
        *p++ = 0;
        memcpy(p, &path, 4);
        memcpy(p + 4, &ret_pc, 4);
        return 9;
    }
    *p++ = 1;
    uint32_t at = UINT32_MAX; /* where the op before went (none: the first op's pc is written) */
    for (size_t k = 0; k < n; k++) {
        const struct ua_op *o = &ops[k];
        unsigned f = (o->next != o->pc + o->in.size) | (unsigned)o->misaligned << 1 | (o->cycles > 0xff) << 2 |
                     (o->pc != at || k == 0) << 3;
        *p++ = (unsigned char)f;
        if (f & 8)
            memcpy(p, &o->pc, 4), p += 4;
        if (f & 1)
            memcpy(p, &o->next, 4), p += 4;
        if (f & 4)
            memcpy(p, &o->cycles, 2), p += 2;
        else
            *p++ = (unsigned char)o->cycles;
        at = o->next;
    }
    return (size_t)(p - dst);
}

/* Runs the path on the model (run): a kept path's ops made for the call's site first. */
static bool run_path(struct routine_runner *r, const struct routine_pipe *pipe, struct seg_memo *segs,
                     const struct ua_op *ops, size_t n, uint32_t path, double *cycles)
{
    if (path != UINT32_MAX && !(ops = routine_path_ops(r, pipe, path, &n)))
        return false;
    return run(pipe, segs, ops, n, cycles);
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
 * answer as they did (the key's tree, ua_icache_runs), or the run made and kept by them.
 * SAVE: room for the cache's state (put back after a walk that went otherwise). */
static bool by_ops(struct routine_runner *r, struct routine_memo *m, const struct routine_pipe *pipe, struct ua_icache *ic,
                   const struct ua_op *ops, size_t n, uint32_t path, double *cycles)
{
    size_t sb = ua_core_state_size(pipe->core), cb = ua_icache_state_size(ic);
    size_t most = sb + PATH_KEY_MAX(n);
    if (most + cb > m->keycap) {
        m->keycap = (most + cb) * 2;
        m->key = sup_xrealloc(m->key, m->keycap);
    }
    memcpy(m->key, pipe->state, sb);
    size_t len = sb + put_path(m->key + sb, ops, n, path, pipe->ret_pc);
    unsigned char *save = m->key + len;
    uint64_t h = hash_key(m->key, len);
    struct memo_entry *e = find(m, h, len);
    if (e && e->nvar) {
        ua_icache_save(ic, save);
        uint64_t l0, m0;
        ua_icache_stats(ic, &l0, &m0);
        uint32_t v;
        if (ua_icache_runs_replay(m->runs, e->root, ic, &v)) {
            m->hits++;
            stats.hits++;
            *cycles = m->res[v].cycles;
            return m->res[v].ok;
        }
        uint64_t l1, m1;
        ua_icache_stats(ic, &l1, &m1);
        ua_icache_load(ic, save);
        ua_icache_count(ic, l0 - l1, m0 - m1); /* the walk's lookups undone (modulo 2^64) */
    }
    ua_icache_record_begin(ic);
    double c = 0;
    bool ok = run_path(r, pipe, segs_of(m, pipe->core), ops, n, path, &c);
    const uint32_t *log = NULL;
    bool whole = true;
    size_t nlog = ua_icache_record_end(ic, &log, &whole);
    *cycles = c;
    if (!m->runs)
        m->runs = ua_icache_runs_new();
    size_t before = ua_icache_runs_bytes(m->runs);
    if (whole || (e && e->nvar >= MEMO_MAX_VARIANTS) || m->bytes + len + (nlog + 1) * NODE_BYTES + sizeof *m->res > MEMO_MAX_BYTES ||
        m->nres >= UA_ICACHE_RUNS_NONE)
        return ok;
    if (!e) {
        e = insert(m, h, len);
        e->root = UA_ICACHE_RUNS_NONE;
    }
    if (!ua_icache_runs_add(m->runs, &e->root, log, nlog, (uint32_t)m->nres))
        return ok;
    if (m->nres == m->capres) {
        m->capres = m->capres ? m->capres * 2 : 256;
        m->res = sup_xrealloc(m->res, m->capres * sizeof *m->res);
    }
    m->res[m->nres++] = (struct memo_result){c, ok};
    e->nvar++;
    m->bytes += ua_icache_runs_bytes(m->runs) - before + sizeof *m->res;
    return ok;
}

bool routine_pipe_cycles(struct routine_runner *r, const struct routine_pipe *pipe, const struct ua_op *ops,
                         size_t n, uint32_t path, double *cycles)
{
    struct routine_memo *m = r->memo;
    if (!stats.calls++ && getenv("LPNEST_ROUTINE_STATS"))
        atexit(print_stats);
    stats.ops += n; /* (a kept path: 0) */
    if (!m) {
        m = r->memo = sup_xcalloc(1, sizeof *m);
        /* LPNEST_NO_PATH_MEMO: every path run on the model (the differential test's reference) */
        m->off = getenv("LPNEST_NO_PATH_MEMO") != NULL;
    }
    if (m->off)
        return run_path(r, pipe, NULL, ops, n, path, cycles);
    struct ua_icache *ic = ua_core_icache(pipe->core);
    if (ic && m->tries >= 4096 && m->hits * 16 < m->tries)
        return run_path(r, pipe, NULL, ops, n, path, cycles); /* the cache's contents seldom repeat: keys cost more than runs */
    m->tries++;
    if (ic)
        return by_ops(r, m, pipe, ic, ops, n, path, cycles);
    size_t sb = ua_core_state_size(pipe->core), cb = ic ? ua_icache_state_size(ic) : 0;
    size_t most = sb + cb + PATH_KEY_MAX(n);
    if (most > m->keycap) {
        m->keycap = most * 2;
        m->key = sup_xrealloc(m->key, m->keycap);
    }
    memcpy(m->key, pipe->state, sb);
    if (ic)
        ua_icache_save(ic, m->key + sb);
    size_t len = sb + cb + put_path(m->key + sb + cb, ops, n, path, pipe->ret_pc);
    uint64_t h = hash_key(m->key, len);
    if (m->cap) {
        for (size_t k = h & (m->cap - 1); m->tab[k].key; k = (k + 1) & (m->cap - 1))
            if (m->tab[k].hash == h && m->tab[k].len == len && !memcmp(m->tab[k].key, m->key, len)) {
                m->hits++;
            stats.hits++;
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
    bool ok = run_path(r, pipe, segs_of(m, pipe->core), ops, n, path, &c);
    if (m->bytes + len + cb <= MEMO_MAX_BYTES) {
        if ((m->n + 1) * 2 > m->cap)
            grow(m);
        size_t k = h & (m->cap - 1);
        while (m->tab[k].key)
            k = (k + 1) & (m->cap - 1);
        struct memo_entry *e = &m->tab[k];
        *e = (struct memo_entry){h, sup_xmalloc(len), len, c, ok, NULL, NULL, 0, 0, UA_ICACHE_RUNS_NONE, 0};
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
    }
    ua_icache_runs_free(m->runs);
    seg_free(m->segs);
    free(m->res);
    free(m->tab);
    free(m->key);
    free(m);
}
