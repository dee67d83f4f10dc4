/* ua_icache_runs.c — runs kept by their operations on an instruction cache, as a tree
 * (uarch.h, "runs kept as a tree"). A core model sees the cache only through what its
 * operations answer, so two runs from the same pipeline state along the same path make the
 * same operations until the first one answered otherwise: every run kept for one key is a
 * path in a tree whose nodes are the operations (the query: a lookup, a fill with its way, a
 * set invalidation, a presence check) and whose edges are the answers (a lookup's hit, or its
 * miss with the way a fill would replace; a presence check's answer). Replaying walks the
 * tree once, making each node's operation on the cache as it is and following the answer,
 * down to a leaf (the run's result) or to an answer no kept run got (the caller puts the cache
 * back and runs the model). The routine memo used a list of runs replayed one after another,
 * the cache put back after each that went otherwise (estimator/cost/routine_memo.c). */
#include "uarch.h"
#include "support.h"

#include <stdlib.h>

#define LEAF UINT32_MAX /* a node's query when it ends a run: ARG is its value */
#define NONE UINT32_MAX

struct node {
    uint32_t query, arg;     /* the operation (ua_icache_log_query) and its address or set */
    uint32_t answer;         /* the answer of the parent's operation that leads here */
    uint32_t child, sibling; /* the first node after this one's operation; the parent's next */
};

struct ua_icache_runs {
    struct node *n;
    size_t count, cap;
};

struct ua_icache_runs *ua_icache_runs_new(void)
{
    return sup_xcalloc(1, sizeof(struct ua_icache_runs));
}

void ua_icache_runs_free(struct ua_icache_runs *t)
{
    if (!t)
        return;
    free(t->n);
    free(t);
}

size_t ua_icache_runs_bytes(const struct ua_icache_runs *t)
{
    return t->count * sizeof *t->n;
}

static uint32_t add(struct ua_icache_runs *t, uint32_t query, uint32_t arg, uint32_t answer)
{
    if (t->count == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 1024;
        t->n = sup_xrealloc(t->n, t->cap * sizeof *t->n);
    }
    t->n[t->count] = (struct node){query, arg, answer, NONE, NONE};
    return (uint32_t)t->count++;
}

bool ua_icache_runs_replay(const struct ua_icache_runs *t, uint32_t root, struct ua_icache *c, uint32_t *value)
{
    uint32_t at = root;
    while (at != NONE) {
        const struct node *x = &t->n[at];
        if (x->query == LEAF) {
            *value = x->arg;
            return true;
        }
        uint32_t a = ua_icache_ask(c, x->query, x->arg);
        at = x->child;
        while (at != NONE && t->n[at].answer != a)
            at = t->n[at].sibling;
    }
    return false;
}

bool ua_icache_runs_add(struct ua_icache_runs *t, uint32_t *root, const uint32_t *log, size_t n, uint32_t value)
{
    if (t->count + n + 1 >= NONE)
        return false;
    uint32_t parent = NONE, answer = 0; /* the node whose children are searched (NONE: the root) */
    for (size_t i = 0; i <= n; i++) {
        uint32_t query = i < n ? ua_icache_log_query(log[2 * i]) : LEAF, arg = i < n ? log[2 * i + 1] : value;
        /* the node the answers so far lead to: the same operation for every run (the model
         * is a function of them), or none yet */
        uint32_t at = parent == NONE ? *root : t->n[parent].child, last = NONE;
        while (at != NONE && t->n[at].answer != answer)
            last = at, at = t->n[at].sibling;
        if (at == NONE) {
            /* the new node goes last among its siblings: the first child a walk tries is
             * then the one made right after its parent (the run that made the parent went on
             * there), the next node in memory; the newest first made every step of a walk a
             * cache miss on trees of megabytes (80 % of the walk's time on softdouble) */
            at = add(t, query, arg, answer); /* (moves the nodes: indices only across it) */
            if (last != NONE)
                t->n[last].sibling = at;
            else if (parent == NONE)
                *root = at;
            else
                t->n[parent].child = at;
        } else if (t->n[at].query != query || t->n[at].arg != arg) {
            return false; /* another operation after the same answers: not a run of this key */
        }
        if (i < n) {
            parent = at;
            answer = ua_icache_log_answer(log[2 * i]);
        }
    }
    return true;
}
