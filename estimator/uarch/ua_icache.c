/* ua_icache.c — a set-associative instruction cache's tags and replacement
 * state (uarch.h): which lines are present, which way a fill replaces (the
 * lowest invalid way of the set first, then least recently used, a
 * round-robin pointer per set, or Ibex's single counter for the whole cache
 * that advances at every lookup: ibex_icache.sv, round_robin_way_q and
 * sel_way_ic1). When a fill happens is the core model's business. A run's
 * operations can be recorded with what they returned and replayed on another
 * state (the routine memo's check that a kept run applies). */
#include "uarch.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

struct ua_icache {
    struct ua_icache_params p;
    uint32_t sets, line_shift, set_mask;
    uint32_t *tag;           /* [set * ways + way]: line address, UINT32_MAX when invalid */
    uint32_t *age;           /* LRU: the lookup counter at the way's last use */
    uint32_t *rr;            /* round robin: the next way per set */
    uint8_t *replaced;       /* per set: a fill replaced a valid line */
    uint32_t counter;        /* counter policy: the way a miss replaces */
    uint32_t clock;
    uint64_t lookups, misses;
    struct track *trk;       /* a run's operations being recorded (ua_icache_record_begin) */
};

/* The operations of a run being recorded (ua_icache_record_begin): two words each, the
 * operation (OP_*, bit 2 what a lookup or presence check returned, bits 8-15 the way) and
 * its address (a set invalidation: the set). */
struct track {
    uint32_t *log;
    size_t n, cap;
    bool on, whole;
};

enum { OP_LOOKUP, OP_FILL, OP_INVALIDATE_SET, OP_PRESENT };

static void record(const struct ua_icache *c, uint32_t op, uint32_t arg);

static bool pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

struct ua_icache *ua_icache_new(const struct ua_icache_params *p)
{
    if (!pow2(p->bytes) || !pow2(p->line_bytes) || !pow2(p->ways) || p->ways > 32 ||
        (uint64_t)p->ways * p->line_bytes > p->bytes)
        return NULL;
    struct ua_icache *c = sup_xcalloc(1, sizeof *c);
    c->p = *p;
    c->sets = p->bytes / p->line_bytes / p->ways;
    while ((1u << c->line_shift) < p->line_bytes)
        c->line_shift++;
    c->set_mask = c->sets - 1;
    c->tag = sup_xmalloc((size_t)c->sets * p->ways * sizeof *c->tag);
    c->age = sup_xcalloc((size_t)c->sets * p->ways, sizeof *c->age);
    c->rr = sup_xcalloc(c->sets, sizeof *c->rr);
    c->replaced = sup_xcalloc(c->sets, 1);
    ua_icache_invalidate(c);
    return c;
}

void ua_icache_free(struct ua_icache *c)
{
    if (!c)
        return;
    free(c->tag);
    free(c->age);
    free(c->rr);
    free(c->replaced);
    if (c->trk) {
        free(c->trk->log);
        free(c->trk);
    }
    free(c);
}

void ua_icache_invalidate(struct ua_icache *c)
{
    if (c->trk && c->trk->on)
        c->trk->whole = true;
    for (size_t i = 0; i < (size_t)c->sets * c->p.ways; i++)
        c->tag[i] = UINT32_MAX;
}

void ua_icache_invalidate_set(struct ua_icache *c, uint32_t set)
{
    if (set < c->sets)
        record(c, OP_INVALIDATE_SET, set);
    if (set < c->sets)
        for (uint32_t w = 0; w < c->p.ways; w++)
            c->tag[(size_t)set * c->p.ways + w] = UINT32_MAX;
}

uint32_t ua_icache_sets(const struct ua_icache *c)
{
    return c->sets;
}

uint32_t ua_icache_line_bytes(const struct ua_icache *c)
{
    return c->p.line_bytes;
}

static uint32_t *set_of(const struct ua_icache *c, uint32_t line)
{
    return &c->tag[(size_t)(line & c->set_mask) * c->p.ways];
}

bool ua_icache_present(const struct ua_icache *c, uint32_t addr)
{
    uint32_t line = addr >> c->line_shift;
    const uint32_t *t = set_of(c, line);
    for (uint32_t w = 0; w < c->p.ways; w++)
        if (t[w] == line) {
            record(c, OP_PRESENT | 1u << 2, addr);
            return true;
        }
    record(c, OP_PRESENT, addr);
    return false;
}

bool ua_icache_lookup(struct ua_icache *c, uint32_t addr, uint32_t *way)
{
    uint32_t line = addr >> c->line_shift, set = line & c->set_mask;
    uint32_t *t = set_of(c, line);
    uint32_t n = c->p.ways;
    c->lookups++;
    c->clock++;
    uint32_t counter = c->counter;
    if (c->p.replace == UA_REPLACE_COUNTER)
        c->counter = (c->counter + 1) % n;
    for (uint32_t w = 0; w < n; w++)
        if (t[w] == line) {
            c->age[(size_t)set * n + w] = c->clock;
            *way = w;
            record(c, OP_LOOKUP | 1u << 2 | w << 8, addr);
            return true;
        }
    c->misses++;
    for (uint32_t w = 0; w < n; w++)
        if (t[w] == UINT32_MAX) {
            *way = w;
            record(c, OP_LOOKUP | w << 8, addr);
            return false;
        }
    switch (c->p.replace) {
    case UA_REPLACE_COUNTER:
        *way = counter;
        break;
    case UA_REPLACE_ROUND_ROBIN:
        *way = c->rr[set];
        break;
    default: {
        uint32_t best = 0;
        for (uint32_t w = 1; w < n; w++)
            if (c->age[(size_t)set * n + w] < c->age[(size_t)set * n + best])
                best = w;
        *way = best;
        break;
    }
    }
    record(c, OP_LOOKUP | *way << 8, addr);
    return false;
}

uint32_t ua_icache_fill(struct ua_icache *c, uint32_t addr, uint32_t way)
{
    uint32_t line = addr >> c->line_shift, set = line & c->set_mask, n = c->p.ways;
    uint32_t *t = set_of(c, line);
    record(c, OP_FILL | (way % n) << 8, addr);
    uint32_t old = t[way % n];
    t[way % n] = line;
    c->age[(size_t)set * n + way % n] = ++c->clock;
    if (c->p.replace == UA_REPLACE_ROUND_ROBIN)
        c->rr[set] = (way % n + 1) % n;
    if (old != UINT32_MAX && old != line)
        c->replaced[set] = 1;
    return old == UINT32_MAX ? UINT32_MAX : old << c->line_shift;
}

bool ua_icache_access(struct ua_icache *c, uint32_t addr)
{
    uint32_t way;
    if (ua_icache_lookup(c, addr, &way))
        return true;
    ua_icache_fill(c, addr, way);
    return false;
}

bool ua_icache_replaced(const struct ua_icache *c, uint32_t addr)
{
    if (c->trk && c->trk->on)
        c->trk->whole = true;
    return c->replaced[(addr >> c->line_shift) & c->set_mask];
}

void ua_icache_forget_replaced(struct ua_icache *c)
{
    if (c->trk && c->trk->on)
        c->trk->whole = true;
    memset(c->replaced, 0, c->sets);
}

void ua_icache_stats(const struct ua_icache *c, uint64_t *lookups, uint64_t *misses)
{
    *lookups = c->lookups;
    *misses = c->misses;
}

/* The state as bytes: tags, the round-robin pointers, the replaced flags and the counter;
 * the ages and the clock with LRU only (the other policies never read them, and they
 * change at every lookup). */
static size_t lru_bytes(const struct ua_icache *c)
{
    return c->p.replace == UA_REPLACE_LRU ? (size_t)c->sets * c->p.ways * sizeof *c->age + sizeof c->clock : 0;
}

size_t ua_icache_state_size(const struct ua_icache *c)
{
    return (size_t)c->sets * c->p.ways * sizeof *c->tag + c->sets * sizeof *c->rr + c->sets + sizeof c->counter +
           lru_bytes(c);
}

void ua_icache_save(const struct ua_icache *c, void *buf)
{
    unsigned char *p = buf;
    size_t nt = (size_t)c->sets * c->p.ways;
    memcpy(p, c->tag, nt * sizeof *c->tag), p += nt * sizeof *c->tag;
    memcpy(p, c->rr, c->sets * sizeof *c->rr), p += c->sets * sizeof *c->rr;
    memcpy(p, c->replaced, c->sets), p += c->sets;
    memcpy(p, &c->counter, sizeof c->counter), p += sizeof c->counter;
    if (lru_bytes(c)) {
        memcpy(p, c->age, nt * sizeof *c->age), p += nt * sizeof *c->age;
        memcpy(p, &c->clock, sizeof c->clock);
    }
}

void ua_icache_load(struct ua_icache *c, const void *buf)
{
    const unsigned char *p = buf;
    size_t nt = (size_t)c->sets * c->p.ways;
    memcpy(c->tag, p, nt * sizeof *c->tag), p += nt * sizeof *c->tag;
    memcpy(c->rr, p, c->sets * sizeof *c->rr), p += c->sets * sizeof *c->rr;
    memcpy(c->replaced, p, c->sets), p += c->sets;
    memcpy(&c->counter, p, sizeof c->counter), p += sizeof c->counter;
    if (lru_bytes(c)) {
        memcpy(c->age, p, nt * sizeof *c->age), p += nt * sizeof *c->age;
        memcpy(&c->clock, p, sizeof c->clock);
    }
}

void ua_icache_count(struct ua_icache *c, uint64_t lookups, uint64_t misses)
{
    c->lookups += lookups;
    c->misses += misses;
}

/* ---- recording a run's operations and replaying them ---- */

static void record(const struct ua_icache *c, uint32_t op, uint32_t arg)
{
    struct track *t = c->trk;
    if (!t || !t->on)
        return;
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 256;
        t->log = sup_xrealloc(t->log, t->cap * 2 * sizeof *t->log);
    }
    t->log[2 * t->n] = op;
    t->log[2 * t->n + 1] = arg;
    t->n++;
}

void ua_icache_record_begin(struct ua_icache *c)
{
    if (!c->trk)
        c->trk = sup_xcalloc(1, sizeof *c->trk);
    c->trk->n = 0;
    c->trk->on = true;
    c->trk->whole = false;
}

size_t ua_icache_record_end(struct ua_icache *c, const uint32_t **log, bool *whole)
{
    struct track *t = c->trk;
    *log = NULL;
    *whole = true;
    if (!t || !t->on)
        return 0;
    t->on = false;
    *whole = t->whole;
    *log = t->log;
    return t->whole ? 0 : t->n;
}

size_t ua_icache_record_peek(const struct ua_icache *c, const uint32_t **log)
{
    const struct track *t = c->trk;
    if (!t || !t->on || t->whole)
        return SIZE_MAX;
    *log = t->log;
    return t->n;
}

void ua_icache_record_undo(struct ua_icache *c, size_t n)
{
    if (c->trk && c->trk->on && n <= c->trk->n)
        c->trk->n = n;
}

bool ua_icache_replay(struct ua_icache *c, const uint32_t *log, size_t n)
{
    bool fills = false;
    for (size_t i = 0; i < n && !fills; i++)
        fills = (log[2 * i] & 3) == OP_FILL;
    for (size_t i = 0; i < n; i++) {
        uint32_t op = log[2 * i], arg = log[2 * i + 1], way = 0;
        switch (op & 3) {
        case OP_LOOKUP: {
            bool hit = ua_icache_lookup(c, arg, &way);
            if (hit != ((op >> 2) & 1) || (!hit && fills && way != ((op >> 8) & 0xff)))
                return false;
            break;
        }
        case OP_FILL:
            ua_icache_fill(c, arg, (op >> 8) & 0xff);
            break;
        case OP_INVALIDATE_SET:
            ua_icache_invalidate_set(c, arg);
            break;
        default:
            if (ua_icache_present(c, arg) != ((op >> 2) & 1))
                return false;
            break;
        }
    }
    return true;
}

/* ---- a logged operation as a query and its answer (ua_icache_runs.c) ---- */

uint32_t ua_icache_log_query(uint32_t op)
{
    return (op & 3) == OP_FILL ? op & (3u | 0xffu << 8) : op & 3;
}

uint32_t ua_icache_log_answer(uint32_t op)
{
    switch (op & 3) {
    case OP_LOOKUP: return op & 1u << 2 ? 1u << 2 : op & 0xffu << 8; /* a hit's way is no answer */
    case OP_PRESENT: return op & 1u << 2;
    default: return 0;
    }
}

uint32_t ua_icache_ask(struct ua_icache *c, uint32_t query, uint32_t arg)
{
    uint32_t way = 0;
    switch (query & 3) {
    case OP_LOOKUP:
        return ua_icache_lookup(c, arg, &way) ? 1u << 2 : (way & 0xff) << 8;
    case OP_FILL:
        ua_icache_fill(c, arg, (query >> 8) & 0xff);
        return 0;
    case OP_INVALIDATE_SET:
        ua_icache_invalidate_set(c, arg);
        return 0;
    default:
        return ua_icache_present(c, arg) ? 1u << 2 : 0;
    }
}
