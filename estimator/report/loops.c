/* loops.c — natural loops of the IR for the reports' loop tables, flame
 * graph frames and offload candidates. Per function: the CFG from the
 * terminators (LLVM C API), dominators by the simple iterative algorithm
 * over bit sets in reverse post-order, a loop per header (the union of the
 * natural loops of its back edges), nesting by containment. The machine
 * blocks of the estimate are matched to IR blocks by name and their cycles
 * added to every loop that contains them. */
#include "report.h"
#include "support.h"
#include "source_path.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

struct cfg {
    size_t n;
    LLVMBasicBlockRef *bbs;
    size_t **succ, *nsucc;
    size_t **pred, *npred;
    size_t words;             /* 64-bit words per bit set */
};

static bool bit(const uint64_t *s, size_t i) { return (s[i / 64] >> (i % 64)) & 1; }
static void set_bit(uint64_t *s, size_t i) { s[i / 64] |= (uint64_t)1 << (i % 64); }

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

static void cfg_build(struct cfg *g, LLVMValueRef fn)
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

static void cfg_free(struct cfg *g)
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
static size_t rpo(const struct cfg *g, size_t *order)
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
static uint64_t *dominators(const struct cfg *g)
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

/* A loop while being found: header and body as a bit set. */
struct raw_loop {
    size_t header;
    uint64_t *body;
    size_t size;
    size_t parent;            /* index among this function's raw loops */
};

/* Adds the natural loop of back edge T -> H to BODY. */
static void natural_loop(const struct cfg *g, size_t t, size_t h, uint64_t *body)
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

/* The source line of an instruction (its innermost location: inside the
 * inlined function for inlined code); 0 if none. *FILE gets the file's
 * metadata, compared by identity. */
static unsigned inst_line(LLVMValueRef inst, LLVMMetadataRef *file)
{
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
    *file = NULL;
    if (!loc)
        return 0;
    LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
    *file = scope ? LLVMDIScopeGetFile(scope) : NULL;
    return *file ? LLVMDILocationGetLine(loc) : 0;
}

/* "file:line" of a loop: the smallest line, in the file of its latches'
 * branches, among those branches and the header's instructions (the `for`
 * or `while` line for the usual shapes, inlined loops included). */
static char *loop_loc(const struct cfg *g, size_t h, const uint64_t *body)
{
    LLVMMetadataRef ref = NULL, file;
    unsigned best = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t k = 0; k < g->npred[h]; k++) {
            size_t p = g->pred[h][k];
            if (!bit(body, p))
                continue;
            LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bbs[p]);
            unsigned line = t ? inst_line(t, &file) : 0;
            if (line && !ref)
                ref = file;
            if (line && pass && file == ref && (!best || line < best))
                best = line;
        }
        for (LLVMValueRef in = LLVMGetFirstInstruction(g->bbs[h]); pass && in; in = LLVMGetNextInstruction(in)) {
            unsigned line = inst_line(in, &file);
            if (!ref && line)
                ref = file;
            if (line && file == ref && (!best || line < best))
                best = line;
        }
    }
    if (!best)
        return NULL;
    char name[1024], buf[1100];
    eng_difile_path(LLVMGetGlobalParent(LLVMGetBasicBlockParent(g->bbs[h])), ref, name, sizeof name);
    snprintf(buf, sizeof buf, "%s:%u", name, best);
    return sup_strdup(buf);
}

/* Per IR block of the function: executions (largest count of a machine
 * block that starts in it) and the estimate's machine blocks. */
struct irb {
    double count;
    double cycles, instructions;
};

struct name_pos {
    const char *name;
    size_t i;
};

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct name_pos *)a)->name, ((const struct name_pos *)b)->name);
}

static int by_size_desc(const void *a, const void *b)
{
    const struct raw_loop *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return x->header < y->header ? -1 : x->header > y->header;
}

/* The cycles of the calls made from each loop of function FI (R's loops
 * BASE.., raw loops LOOPS[0..nl)), from the calling contexts: a context
 * whose call site lies in the loop counts with its inclusive cycles, unless
 * an enclosing context's call came from the same loop already (recursion
 * through the loop, counted once). The loop's own blocks run again in such
 * inner calls of FI; that part of its own cycles, which the outer call
 * already holds, is taken off in the proportion of the inner calls' self
 * cycles to FI's (the only average: recursive functions alone). */
static void inclusive_from_contexts(struct report_data *r, size_t fi, size_t base, const struct raw_loop *loops,
                                    size_t nl, const struct name_pos *byname, size_t nb)
{
    const struct cost_estimate *e = r->e;
    size_t nc = e->ncontexts;
    size_t *site = sup_xcalloc(nc + 1, sizeof *site);
    for (size_t c = 0; c < nc; c++) {
        const struct cost_context *cx = &e->contexts[c];
        site[c] = SIZE_MAX;
        if (cx->parent == COST_NO_PARENT || e->contexts[cx->parent].func != fi || !cx->site_block)
            continue;
        struct name_pos key = {cx->site_block, 0};
        const struct name_pos *hit = bsearch(&key, byname, nb, sizeof *byname, by_name);
        if (hit)
            site[c] = hit->i;
    }
    for (size_t i = 0; i < nl; i++) {
        struct report_loop_cost *l = &r->loops[base + i];
        const uint64_t *body = loops[i].body;
        double calls = 0, again = 0;
        for (size_t c = 0; c < nc; c++) {
            bool in_loop = site[c] != SIZE_MAX && bit(body, site[c]);
            if (!in_loop && e->contexts[c].func != fi)
                continue;
            /* inside a call made from this loop (C itself included for the
             * recursion check, not for the calls) */
            bool inner = false;
            for (size_t a = e->contexts[c].parent; a != COST_NO_PARENT && !inner; a = e->contexts[a].parent)
                inner = site[a] != SIZE_MAX && bit(body, site[a]);
            if (in_loop && !inner)
                calls += e->contexts[c].inclusive;
            if (e->contexts[c].func == fi && (inner || in_loop))
                again += e->contexts[c].self;
        }
        double fself = e->funcs[fi].self;
        double own = l->cycles - (fself > 0 ? again / fself * l->cycles : 0);
        l->inclusive = (own > 0 ? own : 0) + calls;
    }
    free(site);
}

/* Without calling contexts: the functions called from each loop's blocks
 * at their average inclusive cycles per call. */
static void inclusive_from_averages(struct report_data *r, size_t fi, size_t base, const struct raw_loop *loops,
                                    size_t nl, const struct cfg *g, const struct irb *ib)
{
    const struct cost_estimate *e = r->e;
    for (size_t i = 0; i < nl; i++) {
        struct report_loop_cost *l = &r->loops[base + i];
        l->inclusive = l->cycles;
        for (size_t b = 0; b < g->n; b++) {
            if (!bit(loops[i].body, b))
                continue;
            for (LLVMValueRef in = LLVMGetFirstInstruction(g->bbs[b]); in; in = LLVMGetNextInstruction(in)) {
                if (LLVMGetInstructionOpcode(in) != LLVMCall)
                    continue;
                LLVMValueRef callee = LLVMGetCalledValue(in);
                if (!callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee))
                    continue;
                size_t n;
                const char *cn = LLVMGetValueName2(callee, &n);
                size_t gi = report_func_index(r, cn);
                if (gi == (size_t)-1 || gi == fi || !e->funcs[gi].calls)
                    continue;
                l->inclusive += ib[b].count * e->funcs[gi].inclusive / (double)e->funcs[gi].calls;
            }
        }
    }
}

/* Finds the loops of function FI (IR function FN) and appends them to R. */
static void function_loops(struct report_data *r, size_t fi, LLVMValueRef fn, const size_t *blocks_of, size_t nb_of)
{
    struct cost_estimate *e = r->e;
    struct cfg g = {0};
    cfg_build(&g, fn);
    if (!g.n) {
        cfg_free(&g);
        return;
    }
    size_t W = g.words;
    uint64_t *dom = dominators(&g);
    struct raw_loop *loops = NULL;
    size_t nl = 0;
    for (size_t t = 0; t < g.n; t++)
        for (size_t k = 0; k < g.nsucc[t]; k++) {
            size_t h = g.succ[t][k];
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
            natural_loop(&g, t, h, loops[li].body);
        }
    free(dom);
    if (!nl) {
        free(loops);
        cfg_free(&g);
        return;
    }
    for (size_t i = 0; i < nl; i++) {
        loops[i].size = 0;
        for (size_t b = 0; b < g.n; b++)
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

    /* IR block counts and cycles from the machine blocks (matched by name) */
    struct irb *ib = sup_xcalloc(g.n + 1, sizeof *ib);
    char **names = sup_xcalloc(g.n + 1, sizeof *names);
    struct name_pos *byname = sup_xcalloc(g.n + 1, sizeof *byname);
    for (size_t b = 0; b < g.n; b++) {
        names[b] = (char *)LLVMGetBasicBlockName(g.bbs[b]);
        byname[b] = (struct name_pos){names[b] ? names[b] : "", b};
    }
    qsort(byname, g.n, sizeof *byname, by_name);
    for (size_t k = 0; k < nb_of; k++) {
        const struct cost_block_cost *bc = &e->blocks[blocks_of[k]];
        if (!bc->ir_name)
            continue;
        struct name_pos key = {bc->ir_name, 0};
        const struct name_pos *hit = bsearch(&key, byname, g.n, sizeof *byname, by_name);
        if (!hit)
            continue;
        size_t b = hit->i;
        ib[b].cycles += bc->cycles;
        ib[b].instructions += bc->instructions;
        if (bc->count > ib[b].count)
            ib[b].count = bc->count;
    }

    size_t base = r->nloops;
    r->loops = sup_xrealloc(r->loops, (r->nloops + nl + 1) * sizeof *r->loops);
    for (size_t i = 0; i < nl; i++) {
        struct report_loop_cost *l = &r->loops[r->nloops++];
        memset(l, 0, sizeof *l);
        struct raw_loop *rl = &loops[i];
        l->func = fi;
        l->parent = rl->parent == COST_NO_PARENT ? COST_NO_PARENT : base + rl->parent;
        l->depth = rl->parent == COST_NO_PARENT ? 1 : r->loops[base + rl->parent].depth + 1;
        l->header = sup_strdup(names[rl->header] ? names[rl->header] : "");
        l->header_count = ib[rl->header].count;
        l->nblocks = rl->size;
        /* entries: from the header's outside predecessors when each has it as its only successor */
        l->entries = 0;
        for (size_t k = 0; k < g.npred[rl->header]; k++) {
            size_t p = g.pred[rl->header][k];
            if (bit(rl->body, p))
                continue;
            if (g.nsucc[p] != 1) {
                l->entries = -1;
                break;
            }
            l->entries += ib[p].count;
        }
        l->loc = loop_loc(&g, rl->header, rl->body);
        for (size_t b = 0; b < g.n; b++) {
            if (!bit(rl->body, b))
                continue;
            l->cycles += ib[b].cycles;
            l->instructions += ib[b].instructions;
        }
    }
    if (e->ncontexts)
        inclusive_from_contexts(r, fi, base, loops, nl, byname, g.n);
    else
        inclusive_from_averages(r, fi, base, loops, nl, &g, ib);
    /* a loop is part of its function's run: never more than the function's
     * inclusive cycles (the timed run's fixed-point sums can differ from the
     * first run's block totals in the last bits) */
    for (size_t i = 0; i < nl; i++)
        if (r->loops[base + i].inclusive > e->funcs[fi].inclusive)
            r->loops[base + i].inclusive = e->funcs[fi].inclusive;
    free(byname);
    for (size_t i = 0; i < nl; i++)
        free(loops[i].body);
    free(loops);
    free(names);
    free(ib);
    cfg_free(&g);
}

/* Says in the report when inclusive cycles rest on average costs per call
 * (no calling contexts: static or profile counts) and a function calls
 * another of the module. */
static void label_averages(struct report_data *r)
{
    struct cost_estimate *e = r->e;
    static const char note[] = "inclusive cycles are estimates: without calling contexts (a timed run), a "
                               "function's or loop's callees are charged at their average cycles per call";
    if (e->ncontexts)
        return;
    bool callees = false;
    for (size_t f = 0; f < e->nfuncs && !callees; f++)
        callees = e->funcs[f].inclusive > e->funcs[f].self * (1 + 1e-12);
    for (size_t k = 0; k < e->nwarnings && callees; k++)
        callees = strcmp(e->warnings[k], note) != 0;
    if (callees)
        cost_estimate_warn(e, "%s", note);
}

void report_find_loops(struct report_data *r, LLVMModuleRef m)
{
    struct cost_estimate *e = r->e;
    for (size_t i = 0; i < r->nloops; i++) {
        free(r->loops[i].header);
        free(r->loops[i].loc);
    }
    free(r->loops);
    r->loops = NULL;
    r->nloops = 0;
    /* machine blocks grouped by function */
    size_t *first = sup_xcalloc(e->nfuncs + 2, sizeof *first);
    size_t *order = sup_xcalloc(e->nblocks + 1, sizeof *order);
    for (size_t b = 0; b < e->nblocks; b++)
        if (e->blocks[b].func < e->nfuncs)
            first[e->blocks[b].func + 1]++;
    for (size_t f = 0; f < e->nfuncs; f++)
        first[f + 1] += first[f];
    size_t *fill = sup_xcalloc(e->nfuncs + 1, sizeof *fill);
    for (size_t b = 0; b < e->nblocks; b++) {
        size_t f = e->blocks[b].func;
        if (f < e->nfuncs)
            order[first[f] + fill[f]++] = b;
    }
    free(fill);
    for (size_t f = 0; f < e->nfuncs; f++) {
        LLVMValueRef fn = LLVMGetNamedFunction(m, e->funcs[f].name);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        function_loops(r, f, fn, order + first[f], first[f + 1] - first[f]);
    }
    free(order);
    free(first);
    label_averages(r);
}

void report_loop_label(const struct report_data *r, size_t l, char *buf, size_t n)
{
    const struct report_loop_cost *lp = &r->loops[l];
    if (!lp->loc) {
        snprintf(buf, n, "loop@%s:%s", lp->func < r->e->nfuncs ? r->e->funcs[lp->func].name : "?",
                 lp->header ? lp->header : "?");
        return;
    }
    /* several loops of a function on one line (macros, loop versioning) are
     * told apart by their header blocks */
    bool shared = false;
    for (size_t k = 0; k < r->nloops && !shared; k++)
        shared = k != l && r->loops[k].func == lp->func && r->loops[k].loc && !strcmp(r->loops[k].loc, lp->loc);
    if (shared)
        snprintf(buf, n, "loop@%s(%s)", lp->loc, lp->header ? lp->header : "?");
    else
        snprintf(buf, n, "loop@%s", lp->loc);
}
