/* loops.c — natural loops of the IR for the reports' loop tables, flame
 * graph frames and offload candidates. Per function the natural loops of its
 * CFG (cfg.c), nesting by containment; the machine blocks of the estimate are
 * matched to IR blocks by name and their cycles added to every loop that
 * contains them. */
#include "cfg.h"
#include "report.h"
#include "support.h"
#include "source_path.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#define bit rcfg_bit

/* An instruction's location: line, file (compared by identity) and the
 * inlined copy it is in (subprogram and inlined-at location); false when it
 * has none. */
struct iloc {
    unsigned line;
    LLVMMetadataRef file, sp, at;
};

static bool inst_loc(LLVMValueRef inst, struct iloc *l)
{
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
    LLVMMetadataRef scope = loc ? LLVMDILocationGetScope(loc) : NULL;
    l->file = scope ? LLVMDIScopeGetFile(scope) : NULL;
    l->line = l->file ? LLVMDILocationGetLine(loc) : 0;
    if (!l->line)
        return false;
    l->sp = eng_scope_subprogram(scope);
    l->at = LLVMDILocationGetInlinedAt(loc);
    return true;
}

/* "file:line" of a loop: its header's own line. The loop is the code of
 * the function its latches' branches are in (the copy inlined at their
 * location, for a loop of an inlined function); its line is the smallest,
 * in that file, among those branches and the header's instructions of that
 * same code: a helper inlined into the header (a load through lz4's
 * LZ4_read32, say) does not name the loop. The `for` or `while` line for
 * the usual shapes. */
static char *loop_loc(const struct rcfg *g, size_t h, const uint64_t *body)
{
    struct iloc ref = {0}, l;
    bool have = false;
    unsigned best = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t k = 0; k < g->npred[h]; k++) {
            size_t p = g->pred[h][k];
            if (!bit(body, p))
                continue;
            LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bbs[p]);
            if (!t || !inst_loc(t, &l))
                continue;
            if (!have)
                ref = l, have = true;
            if (pass && l.file == ref.file && l.sp == ref.sp && l.at == ref.at && (!best || l.line < best))
                best = l.line;
        }
        for (LLVMValueRef in = LLVMGetFirstInstruction(g->bbs[h]); pass && in; in = LLVMGetNextInstruction(in)) {
            if (!inst_loc(in, &l))
                continue;
            if (!have)
                ref = l, have = true;
            if (l.file == ref.file && l.sp == ref.sp && l.at == ref.at && (!best || l.line < best))
                best = l.line;
        }
    }
    if (!best)
        return NULL;
    char name[1024], buf[1100];
    eng_difile_path(LLVMGetGlobalParent(LLVMGetBasicBlockParent(g->bbs[h])), ref.file, name, sizeof name);
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

/* The cycles of the calls made from each loop of function FI (R's loops
 * BASE.., raw loops LOOPS[0..nl)), from the calling contexts: a context
 * whose call site lies in the loop counts with its inclusive cycles, unless
 * an enclosing context's call came from the same loop already (recursion
 * through the loop, counted once). The loop's own blocks run again in such
 * inner calls of FI; that part of its own cycles, which the outer call
 * already holds, is taken off in the proportion of the inner calls' self
 * cycles to FI's (the only average: recursive functions alone). */
static void inclusive_from_contexts(struct report_data *r, size_t fi, size_t base, const struct rcfg_loop *loops,
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
static void inclusive_from_averages(struct report_data *r, size_t fi, size_t base, const struct rcfg_loop *loops,
                                    size_t nl, const struct rcfg *g, const struct irb *ib)
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
    struct rcfg g = {0};
    rcfg_build(&g, fn);
    if (!g.n) {
        rcfg_free(&g);
        return;
    }
    struct rcfg_loop *loops = NULL;
    size_t nl = rcfg_loops(&g, &loops);
    if (!nl) {
        rcfg_free(&g);
        return;
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
        struct rcfg_loop *rl = &loops[i];
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
    rcfg_loops_free(loops, nl);
    free(names);
    free(ib);
    rcfg_free(&g);
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
    report_find_sources(r, m);
}

/* The length of the directory prefix all of R's loop locations share (up
 * to a '/'), so that labels name files relative to it. */
static size_t label_strip(const struct report_data *r)
{
    if (r->label_strip_known)
        return r->label_strip;
    const char *first = NULL;
    size_t common = 0;
    for (size_t i = 0; i < r->nloops; i++) {
        const char *loc = r->loops[i].loc, *colon = loc ? strrchr(loc, ':') : NULL;
        if (!colon)
            continue;
        size_t file = (size_t)(colon - loc); /* "file:line" */
        if (!first) {
            first = loc;
            common = file;
            continue;
        }
        size_t k = 0;
        while (k < common && k < file && first[k] == loc[k])
            k++;
        common = k;
    }
    while (common > 0 && first[common - 1] != '/')
        common--;
    /* the cache is the label's, not the report's meaning: set on a const report */
    struct report_data *w = (struct report_data *)r;
    w->label_strip = common;
    w->label_strip_known = true;
    return common;
}

void report_loop_label(const struct report_data *r, size_t l, char *buf, size_t n)
{
    const struct report_loop_cost *lp = &r->loops[l];
    size_t strip = label_strip(r);
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
    const char *loc = strlen(lp->loc) > strip ? lp->loc + strip : lp->loc;
    if (shared)
        snprintf(buf, n, "loop@%s(%s)", loc, lp->header ? lp->header : "?");
    else
        snprintf(buf, n, "loop@%s", loc);
}
