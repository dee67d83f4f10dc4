/* routine_runs.c — runs of a runtime routine kept by what fixed them
 * (routine_rv32.c): a key of bytes (the routine's entry, its operands'
 * registers and stack bytes) and what the run gave (its cycles, its
 * instructions, its result, the stack bytes it left). The key is compared
 * whole (the hash only picks the slot). Keys are kept up to RUNS_MAX_BYTES;
 * once RUNS_TRIES calls of a routine found fewer than one in RUNS_MIN_SHARE
 * of them kept, its calls are no longer looked up or kept (a routine whose
 * operands seldom repeat, or whose path depends on the bytes it reads:
 * keys would cost more than they save). Whether a run is kept or made again
 * never changes a result, only the time it takes. On a pipelined core a run's value
 * names its path (the ops it feeds the core's model), kept once however many keys take
 * it (routine_paths_intern), within RUNS_MAX_BYTES too. */
#include "routine_impl.h"
#include "support.h"
#include "uarch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS_MAX_BYTES ((size_t)8 << 20)
#define RUNS_TRIES 4096
#define RUNS_MIN_SHARE 3

struct run_entry {
    uint64_t hash;
    unsigned char *blob;  /* the key, then the value */
    size_t len, vlen;
};

/* A routine's record (by entry): calls looked up, calls served. */
#define RUNS_ROUTINES 64
struct run_routine {
    uint32_t entry;
    bool used, off;
    uint64_t tries, hits;
};

/* A path kept by routine_paths_intern: its ops, compared whole. */
struct run_path {
    uint64_t hash;
    struct ua_op *ops;
    uint32_t n;
};

struct routine_runs {
    struct run_path *paths;  /* by number */
    size_t npaths, cappaths;
    uint32_t *ptab;          /* their numbers + 1 by hash (open addressing, a power of two; 0: empty) */
    size_t pcap;
    struct run_entry *tab; /* open addressing, a power of two */
    size_t cap, n, bytes;
    bool off;
    struct run_routine rt[RUNS_ROUTINES]; /* by entry, open addressing; full: not kept */
    struct run_routine *cur;              /* the routine of the call being served */
    uint64_t tries, hits;                 /* LPNEST_ROUTINE_STATS */
};

/* LPNEST_ROUTINE_STATS: the routines' instructions run, and served by kept runs. */
static uint64_t instr_run, instr_served;
void routine_runs_count(uint64_t run, uint64_t served)
{
    instr_run += run;
    instr_served += served;
}

uint64_t routine_runs_hash(const unsigned char *p, size_t n)
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

bool routine_runs_on(struct routine_runner *r, uint32_t entry)
{
    if (!r->runs) {
        r->runs = sup_xcalloc(1, sizeof *r->runs);
        /* LPNEST_NO_KEPT_RUNS: every call runs (the differential test's reference) */
        r->runs->off = getenv("LPNEST_NO_KEPT_RUNS") != NULL;
    }
    struct routine_runs *m = r->runs;
    m->cur = NULL;
    if (m->off)
        return false;
    struct run_routine *rt = NULL;
    for (size_t k = (entry * 0x9e3779b1u) >> 26, i = 0; i < RUNS_ROUTINES && !rt; k = (k + 1) % RUNS_ROUTINES, i++)
        if (!m->rt[k].used || m->rt[k].entry == entry)
            rt = &m->rt[k];
    if (!rt)
        return false;
    if (!rt->used)
        *rt = (struct run_routine){.entry = entry, .used = true};
    if (!rt->off && rt->tries >= RUNS_TRIES && rt->hits * RUNS_MIN_SHARE < rt->tries)
        rt->off = true;
    m->cur = rt;
    return !rt->off;
}

const unsigned char *routine_runs_find(struct routine_runner *r, const unsigned char *key, size_t len, uint64_t h)
{
    struct routine_runs *m = r->runs;
    m->cur->tries++;
    m->tries++;
    if (m->cap)
        for (size_t k = h & (m->cap - 1); m->tab[k].blob; k = (k + 1) & (m->cap - 1))
            if (m->tab[k].hash == h && m->tab[k].len == len && !memcmp(m->tab[k].blob, key, len)) {
                m->cur->hits++;
                m->hits++;
                return m->tab[k].blob + len;
            }
    return NULL;
}

void routine_runs_miss(struct routine_runner *r)
{
    /* a kept run that could not serve the call */
    r->runs->cur->hits--;
    r->runs->hits--;
}

static void grow(struct routine_runs *m)
{
    size_t cap = m->cap ? m->cap * 2 : 1024;
    struct run_entry *t = sup_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < m->cap; i++)
        if (m->tab[i].blob) {
            size_t k = m->tab[i].hash & (cap - 1);
            while (t[k].blob)
                k = (k + 1) & (cap - 1);
            t[k] = m->tab[i];
        }
    free(m->tab);
    m->tab = t;
    m->cap = cap;
}

void routine_runs_put(struct routine_runner *r, const unsigned char *key, size_t len, uint64_t h,
                      const unsigned char *value, size_t vlen)
{
    struct routine_runs *m = r->runs;
    if (m->bytes + len + vlen + sizeof(struct run_entry) * 2 > RUNS_MAX_BYTES)
        return;
    if ((m->n + 1) * 2 > m->cap)
        grow(m);
    size_t k = h & (m->cap - 1);
    while (m->tab[k].blob)
        k = (k + 1) & (m->cap - 1);
    struct run_entry *e = &m->tab[k];
    e->hash = h;
    e->len = len;
    e->vlen = vlen;
    e->blob = sup_xmalloc(len + vlen + 1);
    memcpy(e->blob, key, len);
    memcpy(e->blob + len, value, vlen);
    m->n++;
    m->bytes += len + vlen + sizeof(struct run_entry) * 2;
}

uint32_t routine_paths_intern(struct routine_runner *r, const struct ua_op *ops, size_t n)
{
    struct routine_runs *m = r->runs;
    size_t bytes = n * sizeof *ops;
    /* the hash reads each op's pc and next only (it picks the slot; the paths are then
     * compared whole) */
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    for (size_t k = 0; k < n; k++) {
        h = (h ^ (ops[k].pc | (uint64_t)ops[k].next << 32)) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    if (m->pcap)
        for (size_t k = h & (m->pcap - 1); m->ptab[k]; k = (k + 1) & (m->pcap - 1)) {
            const struct run_path *q = &m->paths[m->ptab[k] - 1];
            if (q->hash == h && q->n == n && !memcmp(q->ops, ops, bytes))
                return m->ptab[k] - 1;
        }
    if (m->bytes + bytes + sizeof(struct run_path) + 2 * sizeof(uint32_t) > RUNS_MAX_BYTES || n > UINT32_MAX ||
        m->npaths >= UINT32_MAX - 1)
        return UINT32_MAX;
    if ((m->npaths + 1) * 2 > m->pcap) {
        size_t cap = m->pcap ? m->pcap * 2 : 256;
        uint32_t *t = sup_xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < m->npaths; i++) {
            size_t k = m->paths[i].hash & (cap - 1);
            while (t[k])
                k = (k + 1) & (cap - 1);
            t[k] = (uint32_t)i + 1;
        }
        free(m->ptab);
        m->ptab = t;
        m->pcap = cap;
    }
    if (m->npaths == m->cappaths) {
        m->cappaths = m->cappaths ? m->cappaths * 2 : 64;
        m->paths = sup_xrealloc(m->paths, m->cappaths * sizeof *m->paths);
    }
    struct run_path *q = &m->paths[m->npaths];
    q->hash = h;
    q->n = (uint32_t)n;
    q->ops = sup_xmalloc(bytes ? bytes : 1);
    memcpy(q->ops, ops, bytes);
    size_t k = h & (m->pcap - 1);
    while (m->ptab[k])
        k = (k + 1) & (m->pcap - 1);
    m->ptab[k] = (uint32_t)m->npaths + 1;
    m->bytes += bytes + sizeof(struct run_path) + 2 * sizeof(uint32_t);
    return (uint32_t)m->npaths++;
}

const struct ua_op *routine_paths_get(const struct routine_runner *r, uint32_t id, size_t *n)
{
    *n = r->runs->paths[id].n;
    return r->runs->paths[id].ops;
}

void routine_runs_free(struct routine_runs *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->npaths; i++)
        free(m->paths[i].ops);
    free(m->paths);
    free(m->ptab);
    for (unsigned k = 0; k < RUNS_ROUTINES && getenv("LPNEST_ROUTINE_STATS"); k++)
        if (m->rt[k].used)
            fprintf(stderr, "lpnest: routine runs: at %#x: %llu looked up, %llu served%s\n", m->rt[k].entry,
                    (unsigned long long)m->rt[k].tries, (unsigned long long)m->rt[k].hits, m->rt[k].off ? ", given up" : "");
    if (getenv("LPNEST_ROUTINE_STATS"))
        fprintf(stderr, "lpnest: routine runs: %llu calls looked up, %llu served by a kept run, %zu kept, %zu paths (%zu bytes); "
                "%llu instructions run, %llu served\n",
                (unsigned long long)m->tries, (unsigned long long)m->hits, m->n, m->npaths, m->bytes,
                (unsigned long long)instr_run, (unsigned long long)instr_served);
    for (size_t i = 0; i < m->cap; i++)
        free(m->tab[i].blob);
    free(m->tab);
    free(m);
}
