/* sim.c — the event-driven LPN simulator (FORMAT.md "Semantics"): a heap
 * of commit times, a set of transitions whose inputs changed, enabling
 * checks that lock the first free tokens, atomic commits, and the bytecode
 * interpreter for guards, weights, delays and producers. */
#include "sim.h"
#include "support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ------------------------------------------------------------------*/
void lpn__fail(struct lpn_sim *s, unsigned line, unsigned col, const char *fmt, ...)
{
    if (s->err)
        return;
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t n = strlen(msg) + strlen(s->m->source) + 80;
    s->err = sup_xmalloc(n);
    if (line)
        snprintf(s->err, n, "%s:%u:%u: error: %s", s->m->source, line, col, msg);
    else
        snprintf(s->err, n, "%s: error: %s", s->m->source, msg);
}

/* ---- event heap --------------------------------------------------------------*/
static bool ev_less(const struct lpn_event *a, const struct lpn_event *b)
{
    return a->time < b->time || (a->time == b->time && a->key < b->key);
}

void lpn__heap_push(struct lpn_sim *s, int64_t time, uint64_t key, uint32_t idx, uint32_t kind)
{
    if (s->nheap == s->capheap) {
        s->capheap = s->capheap ? s->capheap * 2 : 64;
        s->heap = sup_xrealloc(s->heap, s->capheap * sizeof *s->heap);
    }
    struct lpn_event e = {time, key, idx, kind};
    size_t k = s->nheap++;
    while (k > 0) {
        size_t parent = (k - 1) / 2;
        if (!ev_less(&e, &s->heap[parent]))
            break;
        s->heap[k] = s->heap[parent];
        k = parent;
    }
    s->heap[k] = e;
}

void lpn__push_arrival(struct lpn_sim *s, int64_t time, uint32_t idx)
{
    uint64_t key = s->seq++;
    if (s->afifo_len && s->afifo[(s->afifo_head + s->afifo_len - 1) & (s->afifo_cap - 1)].time > time) {
        lpn__heap_push(s, time, key, idx, LPN_EV_ARRIVAL);   /* out of time order */
        return;
    }
    if (s->afifo_len == s->afifo_cap) {
        size_t ncap = s->afifo_cap ? s->afifo_cap * 2 : 64;
        struct lpn_event *n = sup_xmalloc(ncap * sizeof *n);
        for (size_t k = 0; k < s->afifo_len; k++)
            n[k] = s->afifo[(s->afifo_head + k) & (s->afifo_cap - 1)];
        free(s->afifo);
        s->afifo = n;
        s->afifo_cap = ncap;
        s->afifo_head = 0;
    }
    s->afifo[(s->afifo_head + s->afifo_len++) & (s->afifo_cap - 1)] = (struct lpn_event){time, key, idx, LPN_EV_ARRIVAL};
}

static struct lpn_event heap_pop(struct lpn_sim *s)
{
    struct lpn_event top = s->heap[0];
    struct lpn_event last = s->heap[--s->nheap];
    size_t n = s->nheap, k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= n)
            break;
        if (c + 1 < n && ev_less(&s->heap[c + 1], &s->heap[c]))
            c++;
        if (!ev_less(&s->heap[c], &last))
            break;
        s->heap[k] = s->heap[c];
        k = c;
    }
    if (n)
        s->heap[k] = last;
    return top;
}

/* Removes NEXT, the head of the heap or of the arrival FIFO. */
static inline struct lpn_event pop_event(struct lpn_sim *s, const struct lpn_event *next)
{
    if (next == s->heap)
        return heap_pop(s);
    struct lpn_event e = *next;
    s->afifo_head = (s->afifo_head + 1) & (s->afifo_cap - 1);
    s->afifo_len--;
    return e;
}

/* ---- dirty set and states ----------------------------------------------------*/
static inline void mark_dirty(struct lpn_sim *s, int tid)
{
    int w = tid >> 6;
    s->dirty[w] |= 1ULL << (tid & 63);
    if (w < s->dirty_lo)
        s->dirty_lo = w;
    s->any_dirty = true;
}

void lpn__mark_dirty(struct lpn_sim *s, int tid) { mark_dirty(s, tid); }

/* Wakes the transitions reading PL, except EXCEPT and those with every
 * firing slot taken: they cannot start now and re-check when a firing
 * commits, so checking them would change nothing. */
static inline void mark_readers(struct lpn_sim *s, const struct lpn_place *pl, int except)
{
    for (int k = 0; k < pl->nreaders; k++) {
        int r = pl->readers[k];
        if (r != except && s->tr[r].inflight < s->tr[r].max_inflight)
            mark_dirty(s, r);
    }
}

static inline void mark_inhibited(struct lpn_sim *s, const struct lpn_place *pl)
{
    for (int k = 0; k < pl->ninhibited; k++)
        mark_dirty(s, pl->inhibited[k]);
}

static inline void set_state(struct lpn_sim *s, int tid, int state)
{
    struct lpn_trans_rt *tr = &s->tr[tid];
    if (tr->state == state)
        return;
    tr->acc[tr->state] += s->now - tr->since;
    tr->state = (uint8_t)state;
    tr->since = s->now;
}

/* ---- expression evaluation ---------------------------------------------------*/
enum { EV_OK, EV_MISSING, EV_FAIL };

/* Evaluates E for transition T reading token k of input j at sequence
 * BASE[j] + k when k < AVAIL[j]. Returns EV_OK, EV_MISSING (a token read
 * beyond AVAIL) or EV_FAIL (division by zero, or a generated token that
 * could not be made), with *PC at the culprit. */
static int eval(struct lpn_sim *s, const struct lpn_transition *t, const struct lpn_expr *e,
                const uint64_t *base, const uint64_t *avail, int64_t idx, int64_t *out, uint32_t *pc)
{
    if (e->is_const) {
        *out = e->cval;
        return EV_OK;
    }
    int64_t st[LPN_MAX_EXPR_DEPTH * 2 + 8];
    int sp = 0;
    const struct lpn_insn *code = e->code;
    for (uint32_t k = 0; k < e->ncode; k++) {
        const struct lpn_insn *in = &code[k];
        int64_t a, b;
        switch (in->op) {
        case LPN_OP_CONST: st[sp++] = in->v; break;
        case LPN_OP_INDEX: st[sp++] = idx; break;
        case LPN_OP_LEN: st[sp++] = (int64_t)avail[in->in]; break;
        case LPN_OP_TOKX:
            a = st[--sp];
            goto tok;
        case LPN_OP_TOK:
            a = in->v;
        tok:
            if (a < 0 || (uint64_t)a >= avail[in->in]) {
                *pc = k;
                return EV_MISSING;
            } else {
                int pid = t->in[in->in].place;
                const struct lpn_place_rt *p = &s->pl[pid];
                uint64_t q = base[in->in] + (uint64_t)a;
                if (!lpn__need_tokens(s, pid, q + 1)) {
                    *pc = k;
                    return EV_FAIL;
                }
                st[sp++] = p->ring[(q & p->mask) * p->stride + 1 + in->a];
            }
            break;
        case LPN_OP_NEG: st[sp - 1] = lpn__sub(0, st[sp - 1]); break;
        case LPN_OP_NOT: st[sp - 1] = !st[sp - 1]; break;
        case LPN_OP_ABS: st[sp - 1] = st[sp - 1] < 0 ? lpn__sub(0, st[sp - 1]) : st[sp - 1]; break;
        case LPN_OP_HASH: st[sp - 1] = (int64_t)(lpn__mix((uint64_t)st[sp - 1]) >> 33); break;
        case LPN_OP_BOOL: st[sp - 1] = st[sp - 1] != 0; break;
        case LPN_OP_JZ: if (!st[--sp]) k = in->a - 1; break;
        case LPN_OP_JNZ: if (st[--sp]) k = in->a - 1; break;
        case LPN_OP_JZK: if (!st[sp - 1]) k = in->a - 1; else sp--; break;
        case LPN_OP_JNZK: if (st[sp - 1]) k = in->a - 1; else sp--; break;
        case LPN_OP_JMP: k = in->a - 1; break;
        default:
            b = st[--sp];
            a = st[sp - 1];
            switch (in->op) {
            case LPN_OP_ADD: a = lpn__add(a, b); break;
            case LPN_OP_SUB: a = lpn__sub(a, b); break;
            case LPN_OP_MUL: a = lpn__mul(a, b); break;
            case LPN_OP_DIV: if (!b) goto divzero; a = lpn__div(a, b); break;
            case LPN_OP_MOD: if (!b) goto divzero; a = lpn__mod(a, b); break;
            case LPN_OP_CDIV: if (!b) goto divzero; a = lpn__cdiv(a, b); break;
            case LPN_OP_MIN: a = a < b ? a : b; break;
            case LPN_OP_MAX: a = a > b ? a : b; break;
            case LPN_OP_EQ: a = a == b; break;
            case LPN_OP_NE: a = a != b; break;
            case LPN_OP_LT: a = a < b; break;
            case LPN_OP_LE: a = a <= b; break;
            case LPN_OP_GT: a = a > b; break;
            case LPN_OP_GE: a = a >= b; break;
            }
            st[sp - 1] = a;
            break;
        divzero:
            *pc = k;
            return EV_FAIL;
        }
    }
    *out = st[0];
    return EV_OK;
}

/* Reports a failed evaluation in consume context (missing tokens are errors there). */
static void eval_error(struct lpn_sim *s, const struct lpn_transition *t, const struct lpn_expr *e,
                       uint32_t pc, const char *what)
{
    unsigned line = e->code ? e->iline[pc] : t->line, col = e->code ? e->icol[pc] : t->col;
    lpn__fail(s, line, col, "%s (in %s of transition '%s', at cycle %lld)", lpn__eval_errmsg(e, pc), what,
              t->name, (long long)s->now);
}

/* ---- tokens ------------------------------------------------------------------*/
static void grow_ring(struct lpn_place_rt *p)
{
    uint64_t cap = p->mask + 1, ncap = cap * 2;
    int64_t *nr = sup_xmalloc(ncap * p->stride * sizeof *nr);
    for (uint64_t q = p->head; q != p->made; q++)
        memcpy(&nr[(q & (ncap - 1)) * p->stride], &p->ring[(q & p->mask) * p->stride], p->stride * sizeof *nr);
    free(p->ring);
    p->ring = nr;
    p->mask = ncap - 1;
}

/* The ring slot of sequence number P->made, which becomes made (and counts
 * as a token in memory); NULL after the error. */
static int64_t *new_slot(struct lpn_sim *s, struct lpn_place_rt *p)
{
    if (s->tokens_mem >= s->max_tokens) {
        lpn__fail(s, 0, 0, "more than %llu tokens alive at cycle %lld (raise the limit with --max-tokens)",
                  (unsigned long long)s->max_tokens, (long long)s->now);
        return NULL;
    }
    if (p->made - p->head > p->mask) {
        if ((p->mask + 1) * 2 * p->stride * sizeof(int64_t) > LPN_MAX_RING_BYTES) {
            lpn__fail(s, 0, 0, "the tokens of one place would take more than %llu bytes at cycle %lld",
                      (unsigned long long)LPN_MAX_RING_BYTES, (long long)s->now);
            return NULL;
        }
        grow_ring(p);
    }
    int64_t *slot = &p->ring[(p->made & p->mask) * p->stride];
    p->made++;
    s->tokens_mem++;
    return slot;
}

bool lpn__make_tokens(struct lpn_sim *s, int pid, uint64_t upto)
{
    struct lpn_place_rt *p = &s->pl[pid];
    int np = s->m->places[pid].nprops;
    while (p->made < upto) {
        struct lpn_lazy *z = &p->lazy[p->lazy_at];
        int64_t *slot = new_slot(s, p);
        if (!slot)
            return false;
        slot[0] = 0;
        for (int k = 0; k < np; k++) {
            const struct lpn_expr *e = &z->g->props[k];
            uint32_t pc;
            if (lpn__eval_simple(e, z->next, &slot[1 + k], &pc) != 0) {
                lpn__gen_fail(s, e, pc, z->next);
                return false;
            }
        }
        if (++z->next == z->end)
            p->lazy_at++;
    }
    return true;
}

/* A fresh slot at the tail of ring place PID (count it as live and free);
 * the place's generated tokens are made first, as they come before it. */
static int64_t *push_slot(struct lpn_sim *s, int pid)
{
    struct lpn_place_rt *p = &s->pl[pid];
    if (p->made != p->tail && !lpn__make_tokens(s, pid, p->tail))
        return NULL;
    int64_t *slot = new_slot(s, p);
    if (!slot)
        return NULL;
    p->tail++;
    p->live++;
    p->nfree++;
    slot[0] = s->now;
    return slot;
}

/* Forgets the tokens a sink holds (nothing reads them); they stay counted. */
static inline void drop_sink(struct lpn_sim *s, struct lpn_place_rt *p)
{
    s->tokens_mem -= p->made - p->head;
    p->head = p->free_start = p->made;
}

bool lpn__put_token(struct lpn_sim *s, int pid, const int64_t *props)
{
    const struct lpn_place *pl = &s->m->places[pid];
    struct lpn_place_rt *p = &s->pl[pid];
    if (p->live == 0)
        mark_inhibited(s, pl);
    if (!p->ring) {
        p->live++;
        p->nfree++;
    } else {
        int64_t *slot = push_slot(s, pid);
        if (!slot)
            return false;
        for (int k = 0; k < pl->nprops; k++)
            slot[1 + k] = props ? props[k] : 0;
        if (p->sink)
            drop_sink(s, p);
    }
    mark_readers(s, pl, -1);
    if (pid == s->m->done) {
        s->done_count++;
        s->last_done = s->now;
        if (s->watch_prop >= 0 && props && props[s->watch_prop] == s->watch_value)
            s->watch_hit = true;
        if (s->on_done)
            s->on_done(s->on_done_ctx, s->now, props, pl->nprops);
    }
    return true;
}

/* ---- enabling ----------------------------------------------------------------*/
/* The weight of capacity input J: what the outputs into its place will make. */
static int cap_weight(struct lpn_sim *s, const struct lpn_transition *t, const struct lpn_in *in, int64_t *w)
{
    int64_t sum = 0;
    for (int k = 0; k < t->nout; k++) {
        const struct lpn_out *o = &t->out[k];
        if (o->place != in->cap_for)
            continue;
        int64_t c;
        uint32_t pc;
        if (eval(s, t, &o->count, s->base, s->cavail, 0, &c, &pc) != EV_OK) {
            eval_error(s, t, &o->count, pc, "an output count");
            return -1;
        }
        if (c < 0) {
            lpn__fail(s, o->line, o->col, "output count %lld is negative (transition '%s', at cycle %lld)",
                      (long long)c, t->name, (long long)s->now);
            return -1;
        }
        sum = lpn__add(sum, c);
    }
    *w = sum;
    return 0;
}

/* Peek-context evaluation of input J's weight into *W: 1 when the input
 * has that many free tokens, 0 when not, -1 on an error. */
static int weight(struct lpn_sim *s, const struct lpn_transition *t, int j, int64_t *w)
{
    const struct lpn_in *in = &t->in[j];
    uint32_t pc;
    int r = eval(s, t, &in->weight, s->base, s->avail, 0, w, &pc);
    if (r == EV_FAIL) {
        eval_error(s, t, &in->weight, pc, "a weight");
        return -1;
    }
    if (r != EV_OK)
        return 0;
    if (*w < 0) {
        lpn__fail(s, in->line, in->col, "weight %lld is negative (transition '%s', at cycle %lld)",
                  (long long)*w, t->name, (long long)s->now);
        return -1;
    }
    return (uint64_t)*w <= s->avail[j];
}

/* 1 when every guard of T holds over the free tokens, 0 when one does not
 * (or reads a token that is not there), -1 on an error. */
static int guards_hold(struct lpn_sim *s, const struct lpn_transition *t)
{
    uint32_t pc;
    int64_t v;
    for (int g = 0; g <= t->nin; g++) {
        const struct lpn_expr *e = g < t->nin ? &t->in[g].guard : &t->guard;
        if (g < t->nin ? !t->in[g].has_guard : !t->has_guard)
            continue;
        int r = eval(s, t, e, s->base, s->avail, 0, &v, &pc);
        if (r == EV_FAIL) {
            eval_error(s, t, e, pc, "a guard");
            return -1;
        }
        if (r != EV_OK || !v)
            return 0;
    }
    return 1;
}

/* Tries to start one firing of TID now. Returns 1 when started, 0 when not
 * enabled (*why = LPN_ST_STARVED or LPN_ST_BLOCKED), -1 on a run-time error. */
static int try_start(struct lpn_sim *s, int tid, int *why)
{
    const struct lpn_transition *t = &s->m->trans[tid];
    uint64_t *base = s->base, *avail = s->avail;
    int64_t *w = s->w;
    uint32_t pc;
    int r;
    *why = LPN_ST_STARVED;
    const struct lpn_rin *rin = t->rin;
    if (t->fast) {
        for (int o = 0; o < t->nnormal; o++) {
            int j = t->order[o];
            if ((uint64_t)rin[j].w > s->pl[rin[j].place].nfree) {
                *why = o < t->nreal ? LPN_ST_STARVED : LPN_ST_BLOCKED;
                return 0;
            }
        }
        for (int j = 0; j < t->nin; j++)
            w[j] = rin[j].w;
        if (!t->delay.is_const)
            for (int j = 0; j < t->nin; j++)
                base[j] = s->pl[rin[j].place].free_start;
    } else {
        for (int j = 0; j < t->nin; j++) {
            const struct lpn_place_rt *p = &s->pl[t->in[j].place];
            base[j] = p->free_start;
            avail[j] = p->nfree;
            w[j] = 0;
        }
        /* ordinary inputs, then guards: failing either starves */
        for (int o = 0; o < t->nuser; o++) {
            if (o == t->nreal && (r = guards_hold(s, t)) <= 0)
                return r;
            if (o == t->nreal)
                *why = LPN_ST_BLOCKED;
            int j = t->order[o];
            if ((r = weight(s, t, j, &w[j])) <= 0)
                return r;
        }
        if (t->nuser == t->nreal && (r = guards_hold(s, t)) <= 0)
            return r;
        /* resources and capacity places, then inhibitors: failing blocks */
        *why = LPN_ST_BLOCKED;
        for (int j = 0; j < t->nin; j++)
            s->cavail[j] = (uint64_t)w[j];
        for (int o = t->nuser; o < t->nnormal; o++) {
            int j = t->order[o];
            const struct lpn_in *in = &t->in[j];
            if (in->weight.is_const)
                w[j] = in->weight.cval;
            else if (cap_weight(s, t, in, &w[j]) < 0)
                return -1;
            if ((uint64_t)w[j] > avail[j])
                return 0;
        }
        for (int j = 0; j < t->nin; j++)
            if (t->in[j].inhibit && s->pl[t->in[j].place].live)
                return 0;
    }
    /* enabled: make the generated tokens about to be locked, then the delay over them */
    for (int j = 0; s->tr[tid].lazy_inputs && j < t->nin; j++)
        if (w[j] && !lpn__need_tokens(s, rin[j].place, s->pl[rin[j].place].free_start + (uint64_t)w[j]))
            return -1;
    int64_t d = t->delay.cval;
    if (!t->delay.is_const) {
        for (int j = 0; j < t->nin; j++)
            s->cavail[j] = (uint64_t)w[j];
        if ((r = eval(s, t, &t->delay, base, s->cavail, 0, &d, &pc)) != EV_OK) {
            eval_error(s, t, &t->delay, pc, "the delay");
            return -1;
        }
    }
    if (d < 0) {
        lpn__fail(s, t->delay.line, t->delay.col, "delay %lld is negative (transition '%s', at cycle %lld)",
                  (long long)d, t->name, (long long)s->now);
        return -1;
    }
    if (d > INT64_MAX - s->now) {
        lpn__fail(s, t->delay.line, t->delay.col, "the commit time overflows (delay %lld at cycle %lld, transition '%s')",
                  (long long)d, (long long)s->now, t->name);
        return -1;
    }
    /* lock */
    if (s->freefir == UINT32_MAX) {
        uint32_t old = s->capfir, ncap = old ? old * 2 : 16;
        if (ncap > LPN_MAX_FIRINGS || (uint64_t)ncap * 2 * (uint64_t)s->m->maxin * sizeof *s->locks > LPN_MAX_LOCK_BYTES) {
            lpn__fail(s, t->line, t->col, "more than %u firings in flight at cycle %lld (transition '%s')",
                      old, (long long)s->now, t->name);
            return -1;
        }
        s->fir = sup_xrealloc(s->fir, ncap * sizeof *s->fir);
        s->locks = sup_xrealloc(s->locks, (size_t)ncap * 2 * (size_t)s->m->maxin * sizeof *s->locks);
        for (uint32_t f = old; f < ncap; f++)
            s->fir[f].next_free = f + 1 < ncap ? f + 1 : UINT32_MAX;
        s->freefir = old;
        s->capfir = ncap;
    }
    uint32_t f = s->freefir;
    s->freefir = s->fir[f].next_free;
    s->fir[f].start = s->now;
    s->fir[f].tid = (uint32_t)tid;
    uint64_t *lk = &s->locks[(size_t)f * 2 * (size_t)s->m->maxin];
    const int maxin = s->m->maxin;
    for (int j = 0; j < t->nin; j++) {
        struct lpn_place_rt *p = &s->pl[rin[j].place];
        lk[j] = p->free_start;
        lk[maxin + j] = (uint64_t)w[j];
        if (w[j]) {
            p->free_start += (uint64_t)w[j];
            p->nfree -= (uint64_t)w[j];
            if (rin[j].shared)   /* others may now see a different head token */
                mark_readers(s, &s->m->places[rin[j].place], tid);
        }
    }
    lpn__heap_push(s, s->now + d, (1ULL << 63) | ((uint64_t)tid << 40) | (s->seq++ & ((1ULL << 40) - 1)), f, LPN_EV_COMMIT);
    if (s->on_fire)
        s->on_fire(s->on_fire_ctx, tid, s->now, s->now + d);
    return 1;
}

/* Starts as many firings of TID as it may now; records its state. */
static void check(struct lpn_sim *s, int tid)
{
    const struct lpn_transition *t = &s->m->trans[tid];
    struct lpn_trans_rt *tr = &s->tr[tid];
    for (;;) {
        if (tr->inflight >= (uint64_t)t->inflight) {
            set_state(s, tid, LPN_ST_BUSY);
            return;
        }
        if (t->ii && s->now < tr->next_start) {
            set_state(s, tid, LPN_ST_BUSY);
            if (!tr->wake_pending) {
                tr->wake_pending = true;
                lpn__heap_push(s, tr->next_start, s->seq++, (uint32_t)tid, LPN_EV_WAKE);
            }
            return;
        }
        int why;
        int r = try_start(s, tid, &why);
        if (r < 0)
            return;
        if (r == 0) {
            set_state(s, tid, tr->inflight ? LPN_ST_BUSY : why);
            return;
        }
        tr->inflight++;
        tr->fired++;
        tr->next_start = s->now + t->ii;
        set_state(s, tid, LPN_ST_BUSY);
    }
}

static void enable_dirty(struct lpn_sim *s)
{
    while (!s->err) {
        int w = s->dirty_lo;
        while (w < s->ndirtyw && !s->dirty[w])
            w++;
        s->dirty_lo = w;
        if (w >= s->ndirtyw)
            break;
        int b = __builtin_ctzll(s->dirty[w]);
        s->dirty[w] &= s->dirty[w] - 1;
        check(s, w * 64 + b);
    }
    s->any_dirty = false;
}

/* ---- committing --------------------------------------------------------------*/
static void commit(struct lpn_sim *s, uint32_t f)
{
    int tid = (int)s->fir[f].tid;
    const struct lpn_transition *t = &s->m->trans[tid];
    struct lpn_trans_rt *tr = &s->tr[tid];
    const int maxin = s->m->maxin, done = s->m->done;
    const uint64_t *lk = &s->locks[(size_t)f * 2 * (size_t)maxin];
    const uint64_t *base = lk, *cnt = lk + maxin;
    s->commits++;
    tr->commits++;
    if (tr->first_commit < 0)
        tr->first_commit = s->now;
    tr->last_commit = s->now;
    tr->inflight--;
    /* produce first: the consumed tokens stay readable until removed below */
    for (int k = 0; k < t->nout; k++) {
        const struct lpn_out *o = &t->out[k];
        int64_t c;
        uint32_t pc;
        if (o->count_from >= 0)
            c = (int64_t)cnt[o->count_from];
        else if (o->count.is_const)
            c = o->count.cval;
        else if (eval(s, t, &o->count, base, cnt, 0, &c, &pc) != EV_OK) {
            eval_error(s, t, &o->count, pc, "an output count");
            return;
        }
        if (c < 0 || c > LPN_MAX_PRODUCE) {
            lpn__fail(s, o->line, o->col, "output count %lld is out of range 0..%d (transition '%s', at cycle %lld)",
                      (long long)c, LPN_MAX_PRODUCE, t->name, (long long)s->now);
            return;
        }
        if (!c)
            continue;
        const struct lpn_place *pl = &s->m->places[o->place];
        struct lpn_place_rt *p = &s->pl[o->place];
        if (p->live == 0)
            mark_inhibited(s, pl);
        if (!p->ring) {
            p->live += (uint64_t)c;
            p->nfree += (uint64_t)c;
        } else {
            for (int64_t i = 0; i < c; i++) {
                int64_t *slot = push_slot(s, o->place);
                if (!slot)
                    return;
                for (int q = 0; q < pl->nprops; q++) {
                    int src = o->prop_src[q];
                    if (src >= 0) {
                        if ((uint64_t)i >= cnt[o->copy_from]) {
                            lpn__fail(s, o->line, o->col, "copies token %lld of place '%s', but the firing consumed only %llu (transition '%s', at cycle %lld)",
                                      (long long)i, s->m->places[t->in[o->copy_from].place].name,
                                      (unsigned long long)cnt[o->copy_from], t->name, (long long)s->now);
                            return;
                        }
                        const struct lpn_place_rt *sp = &s->pl[t->in[o->copy_from].place];
                        slot[1 + q] = sp->ring[((base[o->copy_from] + (uint64_t)i) & sp->mask) * sp->stride + 1 + src];
                    } else if (eval(s, t, &o->props[q], base, cnt, i, &slot[1 + q], &pc) != EV_OK) {
                        eval_error(s, t, &o->props[q], pc, "an output property");
                        return;
                    }
                }
                if (o->place == done) {
                    if (s->watch_prop >= 0 && slot[1 + s->watch_prop] == s->watch_value)
                        s->watch_hit = true;
                    if (s->on_done) {
                        memcpy(s->donebuf, slot + 1, (size_t)pl->nprops * sizeof *slot);
                        s->on_done(s->on_done_ctx, s->now, s->donebuf, pl->nprops);
                    }
                }
            }
            if (p->sink)
                drop_sink(s, p);
        }
        if (o->place == done) {
            s->done_count += (uint64_t)c;
            s->last_done = s->now;
            if (!p->ring && s->on_done)
                for (int64_t i = 0; i < c; i++)
                    s->on_done(s->on_done_ctx, s->now, NULL, 0);
        }
        mark_readers(s, pl, -1);
    }
    /* then remove the consumed tokens */
    for (int j = 0; j < t->nin; j++) {
        uint64_t n = cnt[j];
        if (!n)
            continue;
        struct lpn_place_rt *p = &s->pl[t->rin[j].place];
        p->live -= n;
        if (p->ring) {
            s->tokens_mem -= n;
            if (base[j] == p->head) {
                p->head += n;
            } else {
                for (uint64_t q = base[j]; q < base[j] + n; q++)
                    p->ring[(q & p->mask) * p->stride] = LPN_DEAD;
            }
            while (p->head < p->free_start && p->ring[(p->head & p->mask) * p->stride] == LPN_DEAD)
                p->head++;
        }
        if (p->live == 0)
            mark_inhibited(s, &s->m->places[t->in[j].place]);
    }
    s->fir[f].next_free = s->freefir;
    s->freefir = f;
    mark_dirty(s, tid);
}

/* ---- the loop ----------------------------------------------------------------*/
static void arrive(struct lpn_sim *s, uint32_t slot)
{
    int64_t *a = &s->arr[(size_t)slot * s->arrstride];
    lpn__put_token(s, (int)a[0], a + 1);
    a[0] = s->freearr;
    s->freearr = slot;
}

enum lpn_status lpn_sim_run(struct lpn_sim *s, int64_t until_time, uint64_t until_done)
{
    for (;;) {
        if (s->any_dirty)
            enable_dirty(s);
        if (s->err)
            return LPN_ERROR;
        if (s->done_count >= until_done || s->watch_hit)
            return LPN_DONE_REACHED;
        const struct lpn_event *next = lpn__next_event(s);
        if (!next)
            return LPN_IDLE;
        if (until_time != LPN_NO_TIME_LIMIT && next->time >= until_time)
            return LPN_TIME_REACHED;
        if (s->commits >= s->max_commits)
            return LPN_LIMIT;
        struct lpn_event e = pop_event(s, next);
        s->now = e.time;
        if (e.kind == LPN_EV_COMMIT) {
            commit(s, e.idx);
            continue;
        }
        /* every arrival and wake-up of this cycle before any enabling check */
        for (;;) {
            if (e.kind == LPN_EV_ARRIVAL) {
                arrive(s, e.idx);
            } else if (e.kind == LPN_EV_STREAM) {
                lpn__stream_arrive(s, e.idx);
            } else {
                s->tr[e.idx].wake_pending = false;
                mark_dirty(s, (int)e.idx);
            }
            next = lpn__next_event(s);
            if (!next || next->time != s->now || next->kind == LPN_EV_COMMIT)
                break;
            e = pop_event(s, next);
        }
    }
}

enum lpn_status lpn_sim_run_until_token(struct lpn_sim *s, int64_t until_time, int prop, int64_t value)
{
    const struct lpn_model *m = s->m;
    if (m->done < 0 || prop < 0 || prop >= m->places[m->done].nprops)
        return LPN_ERROR;
    s->watch_prop = prop;
    s->watch_value = value;
    s->watch_hit = false;
    enum lpn_status st = lpn_sim_run(s, until_time, LPN_NO_DONE_LIMIT);
    s->watch_prop = -1;
    s->watch_hit = false;
    return st;
}
