/* sources.c — the report by source function: the cycles of a function of
 * the source wherever its code went. Clang inlines a small function into its
 * callers, and their code then holds it: as compiled, the function has 0
 * calls and 0 cycles (a budget on it would pass vacuously). Each machine
 * instruction's debug location names the inlined copy it came from (its
 * scope's subprogram and the chain of inlined-at locations): the estimate
 * keeps its cycles per copy (struct cost_inline_part, estimate_lines.c), and
 * here they are added up per source function, with the calls each copy
 * makes and the times each copy was entered. Also what every function's
 * cycles leave out (calls to other units, unpriced routines, indirect
 * calls), for the compiled and the source view. */
#include "cfg.h"
#include "ptrmap.h"
#include "report.h"
#include "source_path.h"
#include "support.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#define bit rcfg_bit

/* A copy of source function SRC inlined into compiled function FUNC at AT. */
struct copy {
    size_t src, func;
    LLVMMetadataRef at;
    double cycles;            /* its code, and everything inlined into it */
    double callees;           /* the functions its code calls */
    double entries;           /* times it was entered */
    unsigned incomplete;
    uint64_t *blocks;         /* IR blocks of FUNC holding its code (FUNC's CFG) */
};

struct ctx {
    struct report_data *r;
    struct cost_estimate *e;
    LLVMModuleRef m;
    struct copy *c;
    size_t nc;
    size_t *rec_of_func;      /* compiled function -> its source record */
    struct ptrmap by_sp;      /* DISubprogram -> its source record */
};

/* "file:line" of subprogram SP. */
static char *sp_loc(LLVMModuleRef m, LLVMMetadataRef sp)
{
    char file[1024], buf[1100];
    eng_difile_path(m, LLVMDIScopeGetFile(sp), file, sizeof file);
    if (!file[0])
        return NULL;
    snprintf(buf, sizeof buf, "%s:%u", file, LLVMDISubprogramGetLine(sp));
    return sup_strdup(buf);
}

/* The record of source function NAME defined at LOC (both copied), created when missing. */
static size_t record(struct cost_estimate *e, const char *name, const char *loc)
{
    for (size_t i = 0; i < e->nsources; i++)
        if (!strcmp(e->sources[i].name, name) &&
            (e->sources[i].loc && loc ? !strcmp(e->sources[i].loc, loc) : e->sources[i].loc == loc))
            return i;
    e->sources = sup_xrealloc(e->sources, (e->nsources + 1) * sizeof *e->sources);
    struct cost_source_func *s = &e->sources[e->nsources];
    memset(s, 0, sizeof *s);
    s->name = sup_strdup(name);
    s->loc = loc ? sup_strdup(loc) : NULL;
    s->func = COST_NO_PARENT;
    return e->nsources++;
}

/* The record of subprogram SP (NULL: the compiled function F's own). */
static size_t record_of_sp(struct ctx *x, LLVMMetadataRef sp, size_t f)
{
    if (!sp)
        return x->rec_of_func[f];
    uint64_t known;
    if (ptrmap_get(&x->by_sp, sp, &known))
        return (size_t)known;
    size_t len;
    const char *n = eng_subprogram_name(sp, &len);
    char name[512];
    snprintf(name, sizeof name, "%.*s", (int)len, n);
    if (!name[0])
        return x->rec_of_func[f];
    char *loc = sp_loc(x->m, sp);
    size_t i = record(x->e, name, loc);
    free(loc);
    ptrmap_put(&x->by_sp, sp, i);
    return i;
}

static struct copy *copy_of(struct ctx *x, size_t src, size_t func, LLVMMetadataRef at, size_t nblocks)
{
    for (size_t i = 0; i < x->nc; i++)
        if (x->c[i].func == func && x->c[i].at == at && x->c[i].src == src)
            return &x->c[i];
    x->c = sup_xrealloc(x->c, (x->nc + 1) * sizeof *x->c);
    struct copy *c = &x->c[x->nc++];
    memset(c, 0, sizeof *c);
    c->src = src;
    c->func = func;
    c->at = at;
    c->blocks = sup_xcalloc((nblocks + 63) / 64 + 1, sizeof *c->blocks);
    return c;
}

/* The inlined copies a location is in, outermost first: for each level
 * with an inlined-at location, the record of its function and that
 * location. Returns how many (at most MAX). */
struct level {
    size_t rec;
    LLVMMetadataRef at;
};

static size_t copies_at(struct ctx *x, LLVMMetadataRef sp, LLVMMetadataRef at, size_t f, struct level *lv, size_t max)
{
    size_t n = 0;
    while (at && n < max) {
        lv[n++] = (struct level){record_of_sp(x, sp, f), at};
        sp = eng_scope_subprogram(LLVMDILocationGetScope(at));
        at = LLVMDILocationGetInlinedAt(at);
    }
    /* outermost first; a function inlined into itself (recursion) counts
     * once, at its outermost copy, and never within its own function */
    for (size_t i = 0; i < n / 2; i++) {
        struct level t = lv[i];
        lv[i] = lv[n - 1 - i];
        lv[n - 1 - i] = t;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        bool dup = lv[i].rec == x->rec_of_func[f];
        for (size_t j = 0; j < k && !dup; j++)
            dup = lv[j].rec == lv[i].rec;
        if (!dup)
            lv[k++] = lv[i];
    }
    return k;
}

/* Per IR block of a function: its executions (the largest count of a
 * machine block that starts in it), by block index of its CFG. */
static double *block_counts(const struct cost_estimate *e, size_t f, const struct rcfg *g)
{
    double *cnt = sup_xcalloc(g->n + 1, sizeof *cnt);
    for (size_t b = 0; b < e->nblocks; b++) {
        const struct cost_block_cost *bc = &e->blocks[b];
        if (bc->func != f || !bc->ir_name)
            continue;
        for (size_t i = 0; i < g->n; i++) {
            const char *bn = LLVMGetBasicBlockName(g->bbs[i]);
            if (bn && !strcmp(bn, bc->ir_name)) {
                if (bc->count > cnt[i])
                    cnt[i] = bc->count;
                break;
            }
        }
    }
    return cnt;
}

static size_t block_index(const struct rcfg *g, const char *name)
{
    for (size_t i = 0; name && i < g->n; i++) {
        const char *bn = LLVMGetBasicBlockName(g->bbs[i]);
        if (bn && !strcmp(bn, name))
            return i;
    }
    return (size_t)-1;
}

/* Whether instruction I's location is in the copy inlined at AT. */
static bool in_copy(LLVMValueRef i, LLVMMetadataRef at)
{
    LLVMMetadataRef dl = LLVMInstructionGetDebugLoc(i);
    for (LLVMMetadataRef a = dl ? LLVMDILocationGetInlinedAt(dl) : NULL; a; a = LLVMDILocationGetInlinedAt(a))
        if (a == at)
            return true;
    return false;
}

/* What the calls of an instruction cost the copies it is in; what they
 * leave out. CALL is an IR call of compiled function F in block B. */
static void call_of_copies(struct ctx *x, size_t f, LLVMValueRef call, double count, struct level *lv, size_t nlv,
                           size_t nblocks)
{
    struct cost_estimate *e = x->e;
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (!callee || LLVMGetValueKind(callee) == LLVMInlineAsmValueKind)
        return;
    double cost = 0;
    unsigned inc = 0;
    size_t g = (size_t)-1;
    if (LLVMIsAFunction(callee)) {
        size_t len;
        const char *name = LLVMGetValueName2(callee, &len);
        if (!strncmp(name, "llvm.", 5))
            return;
        if (!LLVMIsDeclaration(callee)) {
            g = report_func_index(x->r, name);
            if (g == (size_t)-1)
                return;
            inc = e->funcs[g].incomplete;
            if (!e->ncontexts && e->funcs[g].calls)
                cost = count * e->funcs[g].inclusive / (double)e->funcs[g].calls;
        } else {
            for (size_t k = 0; k < e->nruntime; k++)
                if (!strcmp(e->runtime[k].symbol, name) && !e->runtime[k].known && e->runtime[k].calls > 0)
                    inc = eng_library_routine(callee, name) ? COST_EXCL_UNPRICED : COST_EXCL_UNITS;
        }
    } else if (!e->ncontexts && count > 0)
        inc = COST_EXCL_INDIRECT;
    if (e->ncontexts) {
        /* the contexts of this very call, outermost ones (recursion once) */
        for (size_t k = 0; k < e->ncontexts; k++) {
            const struct cost_context *c = &e->contexts[k];
            if (c->site_inst != call)
                continue;
            bool outer = true;
            for (size_t a = c->parent; a != COST_NO_PARENT && outer; a = e->contexts[a].parent)
                outer = e->contexts[a].site_inst != call;
            if (outer)
                cost += c->inclusive;
            inc |= e->funcs[c->func].incomplete;
        }
    }
    for (size_t i = 0; i < nlv; i++) {
        /* a copy calling its own function's compiled code: those cycles are that function's */
        if (g != (size_t)-1 && x->rec_of_func[g] == lv[i].rec)
            continue;
        struct copy *c = copy_of(x, lv[i].rec, f, lv[i].at, nblocks);
        c->callees += cost;
        c->incomplete |= inc;
    }
}

/* Times each copy of compiled function F was entered: the executions of its
 * most executed block outside its own loops (a loop is the copy's when its
 * latches' branches are the copy's code); when all its code is in its own
 * loops, the entries of the outermost of them. */
static void entries(struct ctx *x, size_t f, const struct rcfg *g, const double *cnt, const struct cost_ir_edge *ed,
                    size_t ned)
{
    struct rcfg_loop *loops = NULL;
    size_t nl = rcfg_loops(g, &loops);
    for (size_t ci = 0; ci < x->nc; ci++) {
        struct copy *c = &x->c[ci];
        if (c->func != f)
            continue;
        bool *own = sup_xcalloc(nl + 1, sizeof *own);
        for (size_t l = 0; l < nl; l++)
            for (size_t k = 0; k < g->npred[loops[l].header] && !own[l]; k++) {
                size_t p = g->pred[loops[l].header][k];
                LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bbs[p]);
                own[l] = bit(loops[l].body, p) && t && in_copy(t, c->at);
            }
        double best = -1;
        for (size_t b = 0; b < g->n; b++) {
            if (!bit(c->blocks, b))
                continue;
            bool inside = false;
            for (size_t l = 0; l < nl && !inside; l++)
                inside = own[l] && bit(loops[l].body, b);
            if (!inside && cnt[b] > best)
                best = cnt[b];
        }
        if (best < 0) {
            /* entries of its outermost own loops: the edges into their headers from outside */
            best = 0;
            for (size_t l = 0; l < nl; l++) {
                if (!own[l] || (loops[l].parent != COST_NO_PARENT && own[loops[l].parent]))
                    continue;
                for (size_t k = 0; k < ned; k++)
                    if (ed[k].to == loops[l].header && ed[k].from < g->n && !bit(loops[l].body, ed[k].from))
                        best += ed[k].count;
                if (loops[l].header == 0) /* the function's entry block: its calls */
                    best += (double)x->e->funcs[f].calls;
            }
        }
        c->entries = best;
        free(own);
    }
    rcfg_loops_free(loops, nl);
}

/* Each compiled function's own bits of what it leaves out, then its
 * callees' (the calling contexts when the run was timed, else the IR's
 * direct calls). */
static void incompleteness(struct ctx *x)
{
    struct cost_estimate *e = x->e;
    for (size_t f = 0; f < e->nfuncs; f++) {
        const struct cost_excluded *xc = &e->funcs[f].excl;
        e->funcs[f].incomplete = (xc->other_units > 0 ? COST_EXCL_UNITS : 0) |
                                 (xc->unpriced > 0 ? COST_EXCL_UNPRICED : 0) |
                                 (xc->indirect > 0 && !e->ncontexts ? COST_EXCL_INDIRECT : 0);
    }
    if (e->ncontexts) {
        unsigned *bits = sup_xcalloc(e->ncontexts + 1, sizeof *bits);
        for (size_t c = 0; c < e->ncontexts; c++)
            bits[c] = e->funcs[e->contexts[c].func].incomplete;
        for (size_t c = e->ncontexts; c-- > 0;) /* a parent comes before its children */
            if (e->contexts[c].parent != COST_NO_PARENT && e->contexts[c].calls > 0)
                bits[e->contexts[c].parent] |= bits[c];
        for (size_t c = 0; c < e->ncontexts; c++)
            e->funcs[e->contexts[c].func].incomplete |= bits[c];
        free(bits);
        return;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t f = 0; f < e->nfuncs; f++) {
            LLVMValueRef fn = LLVMGetNamedFunction(x->m, e->funcs[f].name);
            if (!fn || LLVMIsDeclaration(fn))
                continue;
            for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
                for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
                    if (LLVMGetInstructionOpcode(i) != LLVMCall)
                        continue;
                    LLVMValueRef callee = LLVMGetCalledValue(i);
                    if (!callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee))
                        continue;
                    size_t len;
                    size_t g = report_func_index(x->r, LLVMGetValueName2(callee, &len));
                    if (g == (size_t)-1 || !e->funcs[g].calls)
                        continue;
                    unsigned nb = e->funcs[f].incomplete | e->funcs[g].incomplete;
                    if (nb != e->funcs[f].incomplete) {
                        e->funcs[f].incomplete = nb;
                        changed = true;
                    }
                }
        }
    }
}

static void append_name(char **list, const char *name)
{
    size_t len = *list ? strlen(*list) : 0;
    if (*list) {
        for (const char *p = *list; (p = strstr(p, name)) != NULL; p++)
            if ((p == *list || p[-1] == ' ') && (p[strlen(name)] == ',' || !p[strlen(name)]))
                return;
    }
    char *n = sup_xmalloc(len + strlen(name) + 3);
    snprintf(n, len + strlen(name) + 3, "%s%s%s", *list ? *list : "", len ? ", " : "", name);
    free(*list);
    *list = n;
}

void report_find_sources(struct report_data *r, LLVMModuleRef m)
{
    struct cost_estimate *e = r->e;
    for (size_t i = 0; i < e->nsources; i++) {
        free(e->sources[i].name);
        free(e->sources[i].loc);
        free(e->sources[i].into);
    }
    free(e->sources);
    e->sources = NULL;
    e->nsources = 0;
    struct ctx x = {.r = r, .e = e, .m = m};
    incompleteness(&x);
    /* a record for every compiled function: its own source function */
    x.rec_of_func = sup_xcalloc(e->nfuncs + 1, sizeof *x.rec_of_func);
    LLVMValueRef *fns = sup_xcalloc(e->nfuncs + 1, sizeof *fns);
    for (size_t f = 0; f < e->nfuncs; f++) {
        LLVMValueRef fn = LLVMGetNamedFunction(m, e->funcs[f].name);
        fns[f] = fn && !LLVMIsDeclaration(fn) ? fn : NULL;
        LLVMMetadataRef sp = fns[f] ? LLVMGetSubprogram(fns[f]) : NULL;
        size_t len = 0;
        const char *n = sp ? eng_subprogram_name(sp, &len) : NULL;
        char name[512];
        snprintf(name, sizeof name, "%.*s", (int)len, n ? n : "");
        char *loc = sp ? sp_loc(m, sp) : NULL;
        size_t i = record(e, name[0] ? name : e->funcs[f].name, sp ? loc : e->funcs[f].loc);
        free(loc);
        x.rec_of_func[f] = i;
        struct cost_source_func *s = &e->sources[i];
        if (s->func == COST_NO_PARENT)
            s->func = f;
        s->calls += (double)e->funcs[f].calls;
        s->inclusive += e->funcs[f].inclusive;
        s->incomplete |= e->funcs[f].incomplete;
    }
    /* the inline parts: self by innermost function, cycles of every copy */
    double *parts = sup_xcalloc(e->nfuncs + 1, sizeof *parts), *iparts = sup_xcalloc(e->nfuncs + 1, sizeof *iparts);
    struct rcfg *g = sup_xcalloc(e->nfuncs + 1, sizeof *g);
    for (size_t f = 0; f < e->nfuncs; f++)
        if (fns[f])
            rcfg_build(&g[f], fns[f]);
    struct level lv[64];
    for (size_t p = 0; p < e->ninline_parts; p++) {
        const struct cost_inline_part *ip = &e->inline_parts[p];
        if (ip->block >= e->nblocks)
            continue;
        size_t f = e->blocks[ip->block].func;
        if (f >= e->nfuncs || !fns[f])
            continue;
        parts[f] += ip->cycles;
        iparts[f] += ip->instructions;
        size_t own_rec = record_of_sp(&x, ip->scope, f); /* may grow e->sources */
        struct cost_source_func *own = &e->sources[own_rec];
        own->self += ip->cycles;
        own->self_instructions += ip->instructions;
        size_t b = block_index(&g[f], e->blocks[ip->block].ir_name);
        size_t n = copies_at(&x, ip->scope, ip->inlined_at, f, lv, 64);
        for (size_t k = 0; k < n; k++) {
            struct copy *c = copy_of(&x, lv[k].rec, f, lv[k].at, g[f].n);
            c->cycles += ip->cycles;
            if (b != (size_t)-1)
                c->blocks[b / 64] |= (uint64_t)1 << (b % 64);
        }
    }
    /* what the functions' own code was not given (code without a part:
     * padding, start-up, rebased offloads) stays with their own function */
    for (size_t f = 0; f < e->nfuncs; f++) {
        e->sources[x.rec_of_func[f]].self += e->funcs[f].self - parts[f];
        e->sources[x.rec_of_func[f]].self_instructions += e->funcs[f].instructions - iparts[f];
    }
    /* the calls the copies make, and the times they were entered */
    for (size_t f = 0; f < e->nfuncs; f++) {
        if (!fns[f])
            continue;
        double *cnt = block_counts(e, f, &g[f]);
        for (size_t b = 0; b < g[f].n; b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(g[f].bbs[b]); i; i = LLVMGetNextInstruction(i)) {
                if (LLVMGetInstructionOpcode(i) != LLVMCall)
                    continue;
                LLVMMetadataRef dl = LLVMInstructionGetDebugLoc(i);
                if (!dl || !LLVMDILocationGetInlinedAt(dl))
                    continue;
                size_t n = copies_at(&x, eng_scope_subprogram(LLVMDILocationGetScope(dl)), LLVMDILocationGetInlinedAt(dl),
                                     f, lv, 64);
                call_of_copies(&x, f, i, cnt[b], lv, n, g[f].n);
            }
        size_t e0 = 0;
        while (e0 < e->nir_edges && e->ir_edges[e0].func != f)
            e0++;
        size_t e1 = e0;
        while (e1 < e->nir_edges && e->ir_edges[e1].func == f)
            e1++;
        entries(&x, f, &g[f], cnt, e->ir_edges + e0, e1 - e0);
        free(cnt);
    }
    for (size_t ci = 0; ci < x.nc; ci++) {
        const struct copy *c = &x.c[ci];
        struct cost_source_func *s = &e->sources[c->src];
        s->calls += c->entries;
        s->inclusive += c->cycles + c->callees;
        s->inlined += c->cycles + c->callees;
        s->incomplete |= c->incomplete;
        if (c->cycles > 0 || c->entries > 0) {
            s->copies++;
            append_name(&s->into, e->funcs[c->func].name);
        }
        free(c->blocks);
    }
    for (size_t f = 0; f < e->nfuncs; f++)
        if (fns[f])
            rcfg_free(&g[f]);
    free(g);
    free(parts);
    free(iparts);
    free(fns);
    free(x.c);
    free(x.rec_of_func);
    ptrmap_free(&x.by_sp);
}

const struct cost_source_func *report_source_func(const struct report_data *r, const char *name, size_t *n)
{
    const struct cost_estimate *e = r->e;
    const struct cost_source_func *first = NULL;
    *n = 0;
    for (size_t i = 0; i < e->nsources; i++)
        if (!strcmp(e->sources[i].name, name)) {
            if (!first)
                first = &e->sources[i];
            (*n)++;
        }
    return first;
}

const char *report_incomplete_text(unsigned bits, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s%s%s", bits & COST_EXCL_UNITS ? "calls to functions defined elsewhere" : "",
             (bits & COST_EXCL_UNITS) && (bits & (COST_EXCL_UNPRICED | COST_EXCL_INDIRECT)) ? ", " : "",
             bits & COST_EXCL_UNPRICED ? "unpriced routines" : "",
             (bits & COST_EXCL_UNPRICED) && (bits & COST_EXCL_INDIRECT) ? ", " : "",
             bits & COST_EXCL_INDIRECT ? "indirect calls" : "");
    return buf;
}
