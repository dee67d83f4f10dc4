/* cfg.c — the control-flow graph of an IR function for the report's
 * analyses (loops.c, sources.c): blocks and edges from the terminators
 * (LLVM C API), dominators by the simple iterative algorithm over bit sets in
 * reverse post-order, and the natural loops (one per header: the union of
 * the natural loops of its back edges), outer loops first, nested by
 * containment. */
#include "cfg.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static void set_bit(uint64_t *s, size_t i) { s[i / 64] |= (uint64_t)1 << (i % 64); }
#define bit rcfg_bit

struct bb_pos {
    LLVMBasicBlockRef bb;
    size_t i;
};

static int by_bb(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct bb_pos *)a)->bb, y = (uintptr_t)((const struct bb_pos *)b)->bb;
    return x < y ? -1 : x > y;
}

/* Index of BB among the function's blocks through the sorted table POS. */
static size_t block_index(const struct bb_pos *pos, size_t n, LLVMBasicBlockRef bb)
{
    struct bb_pos key = {bb, 0};
    const struct bb_pos *hit = bsearch(&key, pos, n, sizeof *pos, by_bb);
    return hit ? hit->i : (size_t)-1;
}

void rcfg_build(struct rcfg *g, LLVMValueRef fn)
{
    g->n = LLVMCountBasicBlocks(fn);
    g->bbs = sup_xcalloc(g->n + 1, sizeof *g->bbs);
    LLVMGetBasicBlocks(fn, g->bbs);
    g->succ = sup_xcalloc(g->n + 1, sizeof *g->succ);
    g->nsucc = sup_xcalloc(g->n + 1, sizeof *g->nsucc);
    g->pred = sup_xcalloc(g->n + 1, sizeof *g->pred);
    g->npred = sup_xcalloc(g->n + 1, sizeof *g->npred);
    g->words = (g->n + 63) / 64;
    struct bb_pos *pos = sup_xcalloc(g->n + 1, sizeof *pos);
    for (size_t i = 0; i < g->n; i++)
        pos[i] = (struct bb_pos){g->bbs[i], i};
    qsort(pos, g->n, sizeof *pos, by_bb);
    for (size_t i = 0; i < g->n; i++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bbs[i]);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        g->succ[i] = sup_xcalloc(ns + 1, sizeof **g->succ);
        for (unsigned k = 0; k < ns; k++) {
            size_t j = block_index(pos, g->n, LLVMGetSuccessor(t, k));
            if (j == (size_t)-1)
                continue;
            bool dup = false;
            for (size_t q = 0; q < g->nsucc[i]; q++)
                dup |= g->succ[i][q] == j;
            if (!dup)
                g->succ[i][g->nsucc[i]++] = j;
        }
    }
    for (size_t i = 0; i < g->n; i++)
        for (size_t k = 0; k < g->nsucc[i]; k++) {
            size_t j = g->succ[i][k];
            g->pred[j] = sup_xrealloc(g->pred[j], (g->npred[j] + 1) * sizeof **g->pred);
            g->pred[j][g->npred[j]++] = i;
        }
    free(pos);
}

void rcfg_free(struct rcfg *g)
{
    for (size_t i = 0; i < g->n; i++) {
        free(g->succ[i]);
        free(g->pred[i]);
    }
    free(g->succ);
    free(g->nsucc);
    free(g->pred);
    free(g->npred);
    free(g->bbs);
}

/* Reverse post-order of the blocks reachable from the entry; returns the count. */
static size_t rpo(const struct rcfg *g, size_t *order)
{
    size_t *stack = sup_xcalloc(g->n + 1, sizeof *stack), *next = sup_xcalloc(g->n + 1, sizeof *next);
    char *seen = sup_xcalloc(g->n + 1, 1);
    size_t sp = 0, post = 0;
    size_t *postorder = sup_xcalloc(g->n + 1, sizeof *postorder);
    if (g->n) {
        stack[sp++] = 0;
        seen[0] = 1;
    }
    while (sp) {
        size_t b = stack[sp - 1];
        if (next[b] < g->nsucc[b]) {
            size_t s = g->succ[b][next[b]++];
            if (!seen[s]) {
                seen[s] = 1;
                stack[sp++] = s;
            }
        } else {
            postorder[post++] = b;
            sp--;
        }
    }
    for (size_t i = 0; i < post; i++)
        order[i] = postorder[post - 1 - i];
    free(postorder);
    free(seen);
    free(next);
    free(stack);
    return post;
}

/* dom[b] (g->words words each): the blocks that dominate b. Unreachable
 * blocks get empty sets. */
static uint64_t *dominators(const struct rcfg *g)
{
    size_t W = g->words ? g->words : 1;
    uint64_t *dom = sup_xcalloc(g->n * W + 1, sizeof *dom);
    size_t *order = sup_xcalloc(g->n + 1, sizeof *order);
    size_t nr = rpo(g, order);
    char *reach = sup_xcalloc(g->n + 1, 1);
    for (size_t i = 0; i < nr; i++)
        reach[order[i]] = 1;
    for (size_t i = 1; i < nr; i++)
        memset(dom + order[i] * W, 0xff, W * sizeof *dom);
    if (nr)
        set_bit(dom + order[0] * W, order[0]);
    uint64_t *tmp = sup_xcalloc(W, sizeof *tmp);
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 1; i < nr; i++) {
            size_t b = order[i];
            memset(tmp, 0xff, W * sizeof *tmp);
            for (size_t k = 0; k < g->npred[b]; k++) {
                size_t p = g->pred[b][k];
                if (!reach[p])
                    continue;
                for (size_t w = 0; w < W; w++)
                    tmp[w] &= dom[p * W + w];
            }
            set_bit(tmp, b);
            if (memcmp(tmp, dom + b * W, W * sizeof *tmp)) {
                memcpy(dom + b * W, tmp, W * sizeof *tmp);
                changed = true;
            }
        }
    }
    free(tmp);
    free(reach);
    free(order);
    return dom;
}


/* Adds the natural loop of back edge T -> H to BODY. */
static void natural_loop(const struct rcfg *g, size_t t, size_t h, uint64_t *body)
{
    size_t *work = sup_xcalloc(g->n + 1, sizeof *work);
    size_t nw = 0;
    set_bit(body, h);
    if (!bit(body, t)) {
        set_bit(body, t);
        work[nw++] = t;
    }
    while (nw) {
        size_t b = work[--nw];
        for (size_t k = 0; k < g->npred[b]; k++) {
            size_t p = g->pred[b][k];
            if (!bit(body, p)) {
                set_bit(body, p);
                work[nw++] = p;
            }
        }
    }
    free(work);
}

static int by_size_desc(const void *a, const void *b)
{
    const struct rcfg_loop *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return x->header < y->header ? -1 : x->header > y->header;
}

size_t rcfg_loops(const struct rcfg *g, struct rcfg_loop **out)
{
    size_t W = g->words ? g->words : 1;
    uint64_t *dom = dominators(g);
    struct rcfg_loop *loops = NULL;
    size_t nl = 0;
    for (size_t t = 0; t < g->n; t++)
        for (size_t k = 0; k < g->nsucc[t]; k++) {
            size_t h = g->succ[t][k];
            if (!bit(dom + t * W, h))
                continue;
            size_t li = 0;
            while (li < nl && loops[li].header != h)
                li++;
            if (li == nl) {
                loops = sup_xrealloc(loops, (nl + 1) * sizeof *loops);
                loops[nl].header = h;
                loops[nl].body = sup_xcalloc(W, sizeof *loops[nl].body);
                nl++;
            }
            natural_loop(g, t, h, loops[li].body);
        }
    free(dom);
    if (!nl) {
        free(loops);
        *out = NULL;
        return 0;
    }
    for (size_t i = 0; i < nl; i++) {
        loops[i].size = 0;
        for (size_t b = 0; b < g->n; b++)
            loops[i].size += bit(loops[i].body, b);
    }
    /* outer loops first; a loop's parent is the smallest earlier loop holding its header */
    qsort(loops, nl, sizeof *loops, by_size_desc);
    for (size_t i = 0; i < nl; i++) {
        loops[i].parent = COST_NO_PARENT;
        for (size_t j = i; j-- > 0;)
            if (bit(loops[j].body, loops[i].header) && loops[j].size > loops[i].size) {
                loops[i].parent = j;
                break;
            }
    }

    *out = loops;
    return nl;
}

void rcfg_loops_free(struct rcfg_loop *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(l[i].body);
    free(l);
}
