/* timing_one.c — the timed run's results from the counting run (one run):
 * without an accelerator the clock of a timed run is a sum of integers, each
 * edge's traversals times its target block's weight plus the per-execution
 * charges of runtime calls (tm_on_watch), so the calling contexts' inclusive
 * clocks and the run's end clock can be had from counts kept per context in
 * the counting run and priced after it. The counting run's hooks (chained
 * with cost_args's) keep, per calling-context node, the traversals of its
 * function's edges during its activations (each activation's difference of
 * that function's counters from its entry to its return), the most IR
 * instructions and watched executions one activation took, and per watch the
 * node of each execution (run-length). tm_one_finish prices them; the
 * timeline's call slices need each long call's start, which these counts do
 * not give, so one run serves only when no call but main's can be as long as
 * a slice (a bound from the instructions and the dearest block per
 * instruction); otherwise, or when the records outgrow their budget, the
 * timed run runs as before (and the records stop as soon as a context of
 * several calls has one a thousandth of the run so far long: most likely a
 * slice). LPNEST_TWO_RUNS=1 always runs it. */
#include "support.h"
#include "timing.h"

#include "estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Words of counters and snapshots, and runs of watch records, kept at most
 * (about 12 MiB each) before giving up on one run. */
#define ONE_MAX_WORDS ((size_t)3 << 19)
#define ONE_MAX_RUNS ((size_t)3 << 18)
/* IR instructions after which a long call of a context of several gives up early */
#define ONE_GUESS_AFTER ((uint64_t)1 << 24)

struct one_func {            /* an engine function seen entered */
    uint32_t nedges;
    uint32_t *to, *ninst;    /* per edge: the block it enters, that block's instructions */
    char *name;
};

struct one_node {            /* per calling-context node (same index as t->nodes) */
    size_t acc;              /* its function's edge traversals during its activations: at words[acc],
                              * then the most of each in one activation */
    uint64_t max_other, max_watches; /* the most IR instructions of other functions, and watched
                                      * executions, in one activation */
    uint64_t max_own;        /* the most watched executions in one activation, its callees' not */
    uint64_t per_parent, max_per_parent; /* its activations in its parent's current one, the most */
    uint64_t parent_serial;  /* which activation of the parent PER_PARENT counts in */
    size_t first;            /* every function's counters at its first entry: at words[first]
                              * (SIZE_MAX: none), then the watches' executions */
    uint64_t seq;            /* when its (first) activation ended, in the order activations end */
};

struct one_frame {           /* an open activation, by depth */
    uint32_t ctx;
    bool open;
    size_t snap;             /* its function's counters at entry: at snaps[snap] */
    uint64_t steps0, watches0;
    uint64_t serial, own;    /* which activation this is; its own watched executions */
};

struct one_run {             /* executions of a watch in one node */
    uint32_t node;
    uint64_t n;
};

struct tm_one {
    const struct eng_run_hooks *inner;
    void *inner_arg;
    void (*inner_watch)(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng);
    void *inner_watch_arg;
    struct eng_run_hooks hooks;
    LLVMValueRef *watch_inst; /* the counting run's watches */
    size_t nwatch;
    struct one_func *funcs;
    uint32_t nfuncs;
    struct one_node *nodes;
    size_t capnodes;
    struct one_frame *frames;
    size_t capframes;
    uint32_t depth;          /* innermost open activation (valid when any is open) */
    bool any_open;
    uint64_t *words;         /* the nodes' counters */
    size_t nwords, capwords;
    uint64_t *snaps;         /* the open activations' entry counters, a stack */
    size_t nsnaps, capsnaps;
    uint64_t *tmp;
    size_t captmp;
    uint64_t watches;        /* watched executions (after the instruction) so far */
    uint64_t *wcount;        /* per watch, its executions so far */
    uint64_t serials, seqs;  /* activations begun and ended so far */
    bool no_first;           /* the budget no longer affords first-entry snapshots */
    uint32_t *all_nedges;    /* per engine function, its edges (the snapshots' layout) */
    size_t nfirst;           /* their sum: where a snapshot's watch executions begin */
    struct one_run **runs;   /* per watch */
    size_t *nruns, *capruns;
    size_t totalruns;
    bool over;               /* a budget ran out: the timed run is needed */
    bool hand_back;          /* ... and the hooks and watch function go back to those wrapped */
};

static void give_up(struct tm_one *one)
{
    one->over = true;
    one->hand_back = true;
    free(one->words);
    free(one->snaps);
    free(one->tmp);
    one->words = one->snaps = one->tmp = NULL;
    one->nwords = one->capwords = one->nsnaps = one->capsnaps = one->captmp = 0;
    for (size_t i = 0; i < one->nwatch; i++) {
        free(one->runs[i]);
        one->runs[i] = NULL;
        one->nruns[i] = one->capruns[i] = 0;
    }
}

/* N words at the end of *BUF (zeroed when ZERO), or SIZE_MAX when the budget is out. */
static size_t grab(struct tm_one *one, uint64_t **buf, size_t *len, size_t *cap, size_t n, bool zero)
{
    if (one->nwords + one->nsnaps + n > ONE_MAX_WORDS) {
        give_up(one);
        return SIZE_MAX;
    }
    if (*len + n > *cap) {
        size_t nc = *cap ? *cap : 1024;
        while (nc < *len + n)
            nc *= 2;
        *buf = sup_xrealloc(*buf, nc * sizeof **buf);
        *cap = nc;
    }
    size_t at = *len;
    if (zero && n)
        memset(*buf + at, 0, n * sizeof **buf);
    *len += n;
    return at;
}

static struct one_func *func_info(struct tm_one *one, struct eng_state *eng, uint32_t func)
{
    if (!one->funcs) {
        one->nfuncs = eng_nfuncs(eng);
        one->funcs = sup_xcalloc(one->nfuncs + 1, sizeof *one->funcs);
    }
    struct one_func *f = &one->funcs[func];
    if (!f->name) {
        f->name = sup_strdup(eng_func_name(eng, func));
        f->nedges = eng_func_nedges(eng, func);
        f->to = sup_xcalloc(f->nedges + 1, sizeof *f->to);
        f->ninst = sup_xcalloc(f->nedges + 1, sizeof *f->ninst);
        eng_func_edge_targets(eng, func, f->to, f->ninst);
    }
    return f;
}

/* At a node's first entry: every function's counters (those not yet entered are 0) and each
 * watch's executions, from which its start on the clock is priced (a node entered once). */
static void first_snapshot(struct tm_one *one, struct eng_state *eng, uint32_t ctx)
{
    if (one->no_first)
        return;
    if (!one->all_nedges) {
        one->all_nedges = sup_xcalloc(one->nfuncs + 1, sizeof *one->all_nedges);
        for (uint32_t f = 0; f < one->nfuncs; f++) {
            one->all_nedges[f] = eng_func_nedges(eng, f);
            one->nfirst += one->all_nedges[f];
        }
    }
    size_t n = one->nwatch;
    for (uint32_t f = 0; f < one->nfuncs; f++)
        n += one->all_nedges[f];
    if (one->nwords + one->nsnaps + n > ONE_MAX_WORDS / 2) {
        one->no_first = true; /* (half the budget: what is left keeps the counts) */
        return;
    }
    size_t at = grab(one, &one->words, &one->nwords, &one->capwords, n, false);
    if (at == SIZE_MAX)
        return;
    one->nodes[ctx].first = at;
    uint64_t *p = one->words + at;
    for (uint32_t f = 0; f < one->nfuncs; f++) {
        eng_func_edge_counts(eng, f, p);
        p += one->all_nedges[f];
    }
    if (one->nwatch)
        memcpy(p, one->wcount, one->nwatch * sizeof *p);
}

/* After giving up: the run goes on with the hooks and watch function this wrapped (none
 * calls these again, so the run costs what it costs without them). */
static void hand_back(struct tm_one *one, struct eng_state *eng)
{
    if (!one->hand_back)
        return;
    one->hand_back = false;
    eng_set_hooks(eng, one->inner, one->inner ? one->inner_arg : NULL);
    eng_set_watch_fn(eng, one->inner_watch, one->inner_watch_arg);
}

static void on_start(void *arg, struct eng_state *eng)
{
    struct offload_timing *t = arg;
    if (t->one->inner && t->one->inner->start)
        t->one->inner->start(t->one->inner_arg, eng);
}

static int on_call(void *arg, struct eng_state *eng, uint32_t func, LLVMValueRef site)
{
    struct offload_timing *t = arg;
    if (t->one->inner && t->one->inner->call)
        return t->one->inner->call(t->one->inner_arg, eng, func, site);
    return 0;
}

static void on_enter(void *arg, struct eng_state *eng, uint32_t depth, uint32_t func, LLVMValueRef site, int tag)
{
    struct offload_timing *t = arg;
    struct tm_one *one = t->one;
    if (one->inner && one->inner->enter)
        one->inner->enter(one->inner_arg, eng, depth, func, site, tag);
    if (one->over) {
        hand_back(one, eng);
        return;
    }
    if (depth >= one->capframes) {
        size_t ncap = one->capframes ? one->capframes * 2 : 256;
        while (ncap <= depth)
            ncap *= 2;
        one->frames = sup_xrealloc(one->frames, ncap * sizeof *one->frames);
        memset(one->frames + one->capframes, 0, (ncap - one->capframes) * sizeof *one->frames);
        one->capframes = ncap;
    }
    /* the parent: the innermost open activation below (as timing.c's on_enter) */
    uint32_t parent = UINT32_MAX;
    for (uint32_t d = depth; d-- > 0;)
        if (one->frames[d].open) {
            parent = one->frames[d].ctx;
            break;
        }
    size_t before = t->nnodes;
    uint32_t ctx = tm_child(t, parent, func, site);
    t->nodes[ctx].calls++;
    struct one_func *f = func_info(one, eng, func);
    if (t->nnodes > before) {
        if (t->nnodes > one->capnodes) {
            one->capnodes = t->capnodes;
            one->nodes = sup_xrealloc(one->nodes, one->capnodes * sizeof *one->nodes);
        }
        size_t at = grab(one, &one->words, &one->nwords, &one->capwords, 2 * (size_t)f->nedges, true);
        if (at == SIZE_MAX)
            return;
        one->nodes[ctx] = (struct one_node){.acc = at, .first = SIZE_MAX, .parent_serial = UINT64_MAX};
        first_snapshot(one, eng, ctx);
        if (one->over)
            return;
    }
    struct one_node *nd = &one->nodes[ctx];
    uint64_t ps = UINT64_MAX - 1; /* (none open below: main, or a call lpnest made at depth 0) */
    for (uint32_t d = depth; d-- > 0;)
        if (one->frames[d].open) {
            ps = one->frames[d].serial;
            break;
        }
    if (nd->parent_serial != ps) {
        nd->parent_serial = ps;
        nd->per_parent = 0;
    }
    if (++nd->per_parent > nd->max_per_parent)
        nd->max_per_parent = nd->per_parent;
    size_t snap = grab(one, &one->snaps, &one->nsnaps, &one->capsnaps, f->nedges, false);
    if (snap == SIZE_MAX)
        return;
    eng_func_edge_counts(eng, func, one->snaps + snap);
    one->frames[depth] = (struct one_frame){.ctx = ctx, .open = true, .snap = snap, .steps0 = eng_steps(eng),
                                            .watches0 = one->watches, .serial = one->serials++};
    one->depth = depth;
    one->any_open = true;
}

static void close_frame(struct tm_one *one, struct offload_timing *t, struct eng_state *eng, uint32_t depth)
{
    struct one_frame *fr = &one->frames[depth];
    if (!fr->open)
        return;
    fr->open = false;
    uint32_t func = t->nodes[fr->ctx].func;
    struct one_func *f = &one->funcs[func];
    if (f->nedges > one->captmp) {
        one->captmp = f->nedges * 2;
        one->tmp = sup_xrealloc(one->tmp, one->captmp * sizeof *one->tmp);
    }
    eng_func_edge_counts(eng, func, one->tmp);
    struct one_node *nd = &one->nodes[fr->ctx];
    uint64_t *acc = one->words + nd->acc, *most = acc + f->nedges;
    const uint64_t *s = one->snaps + fr->snap;
    uint64_t own = 0;
    for (uint32_t e = 0; e < f->nedges; e++) {
        uint64_t d = one->tmp[e] - s[e];
        acc[e] += d;
        if (d > most[e])
            most[e] = d;
        own += d * f->ninst[e];
    }
    one->nsnaps = fr->snap; /* activations close innermost first */
    uint64_t steps = eng_steps(eng) - fr->steps0, watches = one->watches - fr->watches0;
    if (steps - own > nd->max_other)
        nd->max_other = steps - own;
    if (watches > nd->max_watches)
        nd->max_watches = watches;
    if (fr->own > nd->max_own)
        nd->max_own = fr->own;
    nd->seq = one->seqs++;
    /* a context of several calls, one of them a thousandth of the run so far: most likely a
     * slice, which the timed run must place; stop paying for the records now (a guess on the
     * side of the timed run: it never changes a result) */
    uint64_t now = eng_steps(eng);
    if (t->nodes[fr->ctx].calls > 1 && now >= ONE_GUESS_AFTER && steps >= now / 1024)
        give_up(one);
    one->any_open = false;
    for (uint32_t d = depth; d-- > 0;)
        if (one->frames[d].open) {
            one->depth = d;
            one->any_open = true;
            break;
        }
}

static void on_return(void *arg, struct eng_state *eng, uint32_t depth)
{
    struct offload_timing *t = arg;
    struct tm_one *one = t->one;
    if (one->inner && one->inner->ret)
        one->inner->ret(one->inner_arg, eng, depth);
    if (!one->over && depth < one->capframes)
        close_frame(one, t, eng, depth);
    hand_back(one, eng);
}

static void on_finish(void *arg, struct eng_state *eng, uint32_t depth)
{
    struct offload_timing *t = arg;
    struct tm_one *one = t->one;
    if (one->inner && one->inner->finish)
        one->inner->finish(one->inner_arg, eng, depth);
    /* exit() or a fault left activations open: close them here (timing.c's on_finish) */
    for (uint32_t d = depth + 1; d-- > 0;)
        if (!one->over && d < one->capframes)
            close_frame(one, t, eng, d);
    t->finished = true;
}

static void on_watch(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng)
{
    struct offload_timing *t = arg;
    struct tm_one *one = t->one;
    if (phase == 1 && !one->over) {
        one->watches++;
        if (!one->any_open || i >= one->nwatch) {
            give_up(one);
        } else {
            uint32_t node = one->frames[one->depth].ctx;
            one->frames[one->depth].own++;
            one->wcount[i]++;
            size_t k = one->nruns[i];
            if (k && one->runs[i][k - 1].node == node) {
                one->runs[i][k - 1].n++;
            } else if (one->totalruns >= ONE_MAX_RUNS) {
                give_up(one);
            } else {
                if (k == one->capruns[i]) {
                    one->capruns[i] = k ? 2 * k : 16;
                    one->runs[i] = sup_xrealloc(one->runs[i], one->capruns[i] * sizeof *one->runs[i]);
                }
                one->runs[i][k] = (struct one_run){node, 1};
                one->nruns[i]++;
                one->totalruns++;
            }
        }
    }
    if (one->inner_watch)
        one->inner_watch(one->inner_watch_arg, i, phase, v, n, eng);
    hand_back(one, eng);
}

void tm_one_start(struct offload_timing *t)
{
    t->one = sup_xcalloc(1, sizeof *t->one);
}

void tm_one_wrap(void *arg, struct eng_run_options *ro)
{
    struct offload_timing *t = arg;
    struct tm_one *one = t->one;
    one->inner = ro->hooks;
    one->inner_arg = ro->hooks_arg;
    one->inner_watch = ro->watch_fn;
    one->inner_watch_arg = ro->watch_arg;
    one->hooks = (struct eng_run_hooks){.start = on_start, .call = on_call, .enter = on_enter, .ret = on_return,
                                        .finish = on_finish};
    /* hooks_arg is also what built-ins get: lpnest_token reads it as the
     * offload_timing, whose model is none here */
    ro->hooks = &one->hooks;
    ro->hooks_arg = t;
    one->nwatch = ro->nwatch;
    one->watch_inst = sup_xcalloc(ro->nwatch + 1, sizeof *one->watch_inst);
    for (size_t i = 0; i < ro->nwatch; i++)
        one->watch_inst[i] = ro->watch[i].inst;
    one->runs = sup_xcalloc(ro->nwatch + 1, sizeof *one->runs);
    one->nruns = sup_xcalloc(ro->nwatch + 1, sizeof *one->nruns);
    one->capruns = sup_xcalloc(ro->nwatch + 1, sizeof *one->capruns);
    one->wcount = sup_xcalloc(ro->nwatch + 1, sizeof *one->wcount);
    ro->watch_fn = on_watch;
    ro->watch_arg = t;
}

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
    return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The longest one activation of node I can be, at most (clock units). */
static uint64_t bound(const struct tm_one *one, const struct offload_timing *t, size_t i, uint64_t *const *w, uint64_t R,
                      uint64_t C)
{
    uint32_t func = t->nodes[i].func;
    const struct one_node *nd = &one->nodes[i];
    const uint64_t *most = one->words + nd->acc + one->funcs[func].nedges;
    uint64_t b = add_sat(mul_sat(R, nd->max_other), mul_sat(C, nd->max_watches));
    for (uint32_t e = 0; e < one->funcs[func].nedges; e++)
        b = add_sat(b, mul_sat(most[e], w[func][e]));
    return b;
}

/* The weights of F's edges (its target block's, as exec_set_weights puts them) into W;
 * false when the block weights do not name F's blocks. */
static bool edge_weights(const struct offload_timing *t, uint32_t func, const struct one_func *f, uint64_t *w)
{
    const struct eng_block_weights *bw = func < t->nfuncs ? &t->funcs[func] : NULL;
    if (!bw || strcmp(bw->func, f->name))
        return false;
    for (uint32_t e = 0; e < f->nedges; e++) {
        if (f->to[e] >= bw->nblocks)
            return false;
        w[e] = bw->weight[f->to[e]];
    }
    return true;
}

bool tm_one_finish(struct offload_timing *t)
{
    struct tm_one *one = t->one;
    if (!one || one->over || !t->finished || !t->nnodes)
        return false;
    size_t n = t->nnodes;
    bool ok = true;
    /* edge weights of every function entered, and per function RF: the most clock per IR
     * instruction of an edge */
    uint64_t **w = sup_xcalloc(one->nfuncs + 1, sizeof *w);
    uint64_t *RF = sup_xcalloc(one->nfuncs + 1, sizeof *RF);
    for (uint32_t f = 0; f < one->nfuncs && ok; f++) {
        struct one_func *of = &one->funcs[f];
        if (!of->name)
            continue;
        w[f] = sup_xcalloc(of->nedges + 1, sizeof *w[f]);
        ok = edge_weights(t, f, of, w[f]);
        for (uint32_t e = 0; e < of->nedges && ok; e++) {
            if (!w[f][e])
                continue;
            if (!of->ninst[e]) {
                ok = false;
                break;
            }
            uint64_t r = w[f][e] / of->ninst[e] + (w[f][e] % of->ninst[e] != 0);
            if (r > RF[f])
                RF[f] = r;
        }
    }
    /* charges of the runtime calls priced per execution, by node; C: the dearest, by node */
    uint64_t *clock = sup_xcalloc(n + 1, sizeof *clock);
    uint64_t *C = sup_xcalloc(n + 1, sizeof *C), *R = sup_xcalloc(n + 1, sizeof *R);
    uint64_t *Cown = sup_xcalloc(n + 1, sizeof *Cown);
    for (size_t k = 0; k < t->ncalls && ok; k++) {
        const struct cost_call_costs *cc = t->calls[k];
        size_t wi = SIZE_MAX;
        for (size_t i = 0; i < one->nwatch && wi == SIZE_MAX; i++)
            if (one->watch_inst[i] == cc->inst)
                wi = i;
        for (size_t j = 0; j < k; j++)
            if (t->calls[j]->inst == cc->inst)
                ok = false; /* the timed run would watch it twice */
        if (wi == SIZE_MAX) {
            ok = false;
            break;
        }
        size_t j = 0;
        for (size_t r = 0; r < one->nruns[wi] && j < cc->n; r++) {
            const struct one_run *run = &one->runs[wi][r];
            for (uint64_t x = 0; x < run->n && j < cc->n; x++, j++) {
                uint64_t c = (uint64_t)llround(cc->cycles[j] * (double)TM_ONE);
                clock[run->node] += c;
                if (c > C[run->node])
                    C[run->node] = c;
            }
        }
    }
    /* self counts: a node's counters less those of its nearest descendants of the same
     * function (nested activations of it), found depth first with the innermost node of each
     * function on the path; then its clock, and the inclusive clocks bottom up (a child's
     * index is above its parent's) */
    uint32_t *first = NULL, *next = NULL, *last = NULL, *prev = NULL, *stack = NULL;
    if (ok) {
        first = sup_xmalloc((n + 1) * sizeof *first);
        next = sup_xmalloc((n + 1) * sizeof *next);
        prev = sup_xmalloc((n + 1) * sizeof *prev);
        stack = sup_xmalloc((n + 1) * sizeof *stack);
        last = sup_xmalloc((one->nfuncs + 1) * sizeof *last);
        memset(first, 0xff, (n + 1) * sizeof *first);
        memset(last, 0xff, (one->nfuncs + 1) * sizeof *last);
        for (size_t i = n; i-- > 0;)
            if (t->nodes[i].parent != UINT32_MAX) {
                next[i] = first[t->nodes[i].parent];
                first[t->nodes[i].parent] = (uint32_t)i;
            }
        /* roots in order, each walked; STACK holds the path, PREV the node of the same
         * function it hid in LAST */
        for (size_t r = 0; r < n; r++) {
            if (t->nodes[r].parent != UINT32_MAX)
                continue;
            size_t sp = 0;
            stack[sp++] = (uint32_t)r;
            prev[r] = last[t->nodes[r].func];
            last[t->nodes[r].func] = (uint32_t)r;
            while (sp) {
                uint32_t x = stack[sp - 1];
                uint32_t c = first[x];
                if (c != UINT32_MAX) {
                    first[x] = next[c]; /* consumed: visit each child once */
                    uint32_t fc = t->nodes[c].func;
                    prev[c] = last[fc];
                    if (prev[c] != UINT32_MAX) { /* a nested activation of PREV's function */
                        uint64_t *a = one->words + one->nodes[prev[c]].acc;
                        const uint64_t *b = one->words + one->nodes[c].acc;
                        /* B is C's own: not yet lessened by its descendants (visited after) */
                        for (uint32_t e = 0; e < one->funcs[fc].nedges; e++)
                            a[e] -= b[e];
                    }
                    last[fc] = c;
                    stack[sp++] = c;
                } else {
                    last[t->nodes[x].func] = prev[x];
                    sp--;
                }
            }
        }
        for (size_t i = 0; i < n; i++) {
            uint32_t fc = t->nodes[i].func;
            const uint64_t *a = one->words + one->nodes[i].acc;
            for (uint32_t e = 0; e < one->funcs[fc].nedges; e++)
                clock[i] += a[e] * w[fc][e];
        }
        /* R of a node: the largest of its descendants' functions'; C: of its subtree's */
        memcpy(Cown, C, n * sizeof *C);
        for (size_t i = n; i-- > 0;) {
            uint32_t up = t->nodes[i].parent;
            if (up == UINT32_MAX)
                continue;
            clock[up] += clock[i];
            uint64_t r = R[i] > RF[t->nodes[i].func] ? R[i] : RF[t->nodes[i].func];
            if (r > R[up])
                R[up] = r;
            if (C[i] > C[up])
                C[up] = C[i];
        }
    }
    /* the timeline: each node is either entered once, with its start from its first entry's
     * counters, or none of its activations can be as long as a slice: B, the least of all of
     * them together, of bound(), and of its own edges at their most in one activation, its
     * own watched executions at their dearest and each child's most activations in one of
     * its activations times the child's B (children first: their indices are higher) */
    uint64_t *B = NULL, *kids = NULL;
    size_t *cand = NULL, ncand = 0;
    if (ok) {
        B = sup_xcalloc(n + 1, sizeof *B);
        kids = sup_xcalloc(n + 1, sizeof *kids);
        cand = sup_xcalloc(n + 1, sizeof *cand);
        for (size_t i = n; i-- > 0;) {
            uint32_t fc = t->nodes[i].func;
            const struct one_node *nd = &one->nodes[i];
            const uint64_t *most = one->words + nd->acc + one->funcs[fc].nedges;
            uint64_t b = add_sat(kids[i], mul_sat(Cown[i], nd->max_own));
            for (uint32_t e = 0; e < one->funcs[fc].nedges; e++)
                b = add_sat(b, mul_sat(most[e], w[fc][e]));
            uint64_t b2 = bound(one, t, i, w, R[i], C[i]);
            B[i] = b < b2 ? b : b2;
            if (clock[i] < B[i])
                B[i] = clock[i];
            if (t->nodes[i].parent != UINT32_MAX)
                kids[t->nodes[i].parent] = add_sat(kids[t->nodes[i].parent], mul_sat(nd->max_per_parent, B[i]));
        }
        for (size_t i = 0; i < n && ok; i++) {
            if (t->nodes[i].depth >= t->max_depth || B[i] < t->min_slice)
                continue;
            ok = t->nodes[i].calls == 1 && one->nodes[i].first != SIZE_MAX;
            cand[ncand++] = i;
        }
    }
    /* the candidates' starts: their first entry's counters priced, and the charges made before */
    uint64_t *start = NULL;
    if (ok) {
        start = sup_xcalloc(ncand + 1, sizeof *start);
        for (size_t c = 0; c < ncand; c++) {
            const uint64_t *p = one->words + one->nodes[cand[c]].first;
            for (uint32_t f = 0; f < one->nfuncs; f++) {
                if (w[f])
                    for (uint32_t e = 0; e < one->all_nedges[f] && e < one->funcs[f].nedges; e++)
                        start[c] += p[e] * w[f][e];
                p += one->all_nedges[f];
            }
        }
        for (size_t k = 0; k < t->ncalls; k++) {
            const struct cost_call_costs *cc = t->calls[k];
            size_t wi = 0;
            while (one->watch_inst[wi] != cc->inst)
                wi++; /* (found above) */
            /* one pass over the executions, the candidates by their count of them */
            size_t *by = sup_xcalloc(ncand + 1, sizeof *by);
            uint64_t *m = sup_xcalloc(ncand + 1, sizeof *m);
            for (size_t c = 0; c < ncand; c++) {
                by[c] = c;
                m[c] = one->words[one->nodes[cand[c]].first + one->nfirst + wi];
            }
            for (size_t x = 1; x < ncand; x++)
                for (size_t y = x; y > 0 && m[by[y - 1]] > m[by[y]]; y--) {
                    size_t tmp = by[y];
                    by[y] = by[y - 1];
                    by[y - 1] = tmp;
                }
            uint64_t sum = 0, j = 0;
            for (size_t x = 0; x < ncand; x++) {
                for (; j < m[by[x]] && j < cc->n; j++)
                    sum += (uint64_t)llround(cc->cycles[j] * (double)TM_ONE);
                start[by[x]] += sum;
            }
            free(by);
            free(m);
        }
    }
    if (ok) {
        for (size_t i = 0; i < n; i++)
            t->nodes[i].incl = clock[i];
        t->end_clock = 0;
        for (size_t i = 0; i < n; i++)
            if (t->nodes[i].parent == UINT32_MAX)
                t->end_clock += clock[i];
        /* the slices in the order their calls ended, as the timed run adds them */
        size_t *order = sup_xcalloc(ncand + 1, sizeof *order);
        for (size_t c = 0; c < ncand; c++)
            order[c] = c;
        for (size_t x = 1; x < ncand; x++)
            for (size_t y = x; y > 0 && one->nodes[cand[order[y - 1]]].seq > one->nodes[cand[order[y]]].seq; y--) {
                size_t tmp = order[y];
                order[y] = order[y - 1];
                order[y - 1] = tmp;
            }
        for (size_t x = 0; x < ncand; x++) {
            size_t i = cand[order[x]];
            tm_slice_add(t, 0, t->nodes[i].func, t->nodes[i].depth, start[order[x]], clock[i]);
        }
        free(order);
    }
    free(B);
    free(kids);
    free(cand);
    free(start);
    free(Cown);
    for (uint32_t f = 0; f < one->nfuncs; f++)
        free(w[f]);
    free(w);
    free(RF);
    free(R);
    free(C);
    free(clock);
    free(first);
    free(next);
    free(prev);
    free(stack);
    free(last);
    return ok;
}

void tm_one_reset(struct offload_timing *t)
{
    tm_one_free(t->one);
    t->one = NULL;
    free(t->nodes);
    free(t->hash);
    t->nodes = NULL;
    t->hash = NULL;
    t->nnodes = t->capnodes = t->hcap = 0;
    t->finished = false;
}

void tm_one_free(struct tm_one *one)
{
    if (!one)
        return;
    give_up(one);
    for (uint32_t f = 0; f < one->nfuncs; f++) {
        free(one->funcs[f].to);
        free(one->funcs[f].ninst);
        free(one->funcs[f].name);
    }
    free(one->funcs);
    free(one->nodes);
    free(one->frames);
    free(one->watch_inst);
    free(one->runs);
    free(one->nruns);
    free(one->capruns);
    free(one->wcount);
    free(one->all_nedges);
    free(one);
}
