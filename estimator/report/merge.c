/* merge.c — the project view: several reports made one (REPORT.md,
 * "A project's view"), as opt-viewer merges a build's optimisation records.
 * The plugin writes one report per translation unit, pricing each function
 * for one call with the calls into other units left out; merged, every
 * function of the build is in one report, and a call into another unit
 * whose report is there is priced from it (the inclusive cycles are solved
 * again over the whole call graph). Reports of runs merge by adding up. */
#include "report.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static char *dup0(const char *s) { return s ? sup_strdup(s) : NULL; }

static bool same(const char *a, const char *b) { return a && b ? !strcmp(a, b) : a == b; }

/* The merged function for function F of part P (name, and location to
 * tell apart functions of one name). */
struct fkey {
    const char *name, *loc;
    size_t part;
};

struct merger {
    struct cost_estimate *e;
    struct report_data *r;
    const char *const *units;
    size_t nparts;
};

/* Adds C's calls to the excluded callees of X. */
static void add_callee(struct cost_excluded *x, const struct cost_excluded_call *c)
{
    for (size_t q = 0; q < x->ncallees; q++)
        if (!strcmp(x->callees[q].callee, c->callee)) {
            x->callees[q].calls += c->calls;
            return;
        }
    x->callees = sup_xrealloc(x->callees, (x->ncallees + 1) * sizeof *x->callees);
    x->callees[x->ncallees++] = (struct cost_excluded_call){sup_strdup(c->callee), c->calls, c->kind};
}

/* Index of the merged function named NAME defined at LOC, or (size_t)-1. */
static size_t find_func(const struct cost_estimate *e, const char *name, const char *loc, const char *const *orig)
{
    for (size_t i = 0; i < e->nfuncs; i++)
        if (!strcmp(orig[i], name) && same(e->funcs[i].loc, loc))
            return i;
    return (size_t)-1;
}

/* Whether NAME is defined at more than one place among the parts. */
static bool ambiguous(struct report_data *const *parts, size_t n, const char *name)
{
    const char *loc = NULL;
    bool seen = false;
    for (size_t p = 0; p < n; p++)
        for (size_t f = 0; f < parts[p]->e->nfuncs; f++)
            if (!strcmp(parts[p]->e->funcs[f].name, name)) {
                if (seen && !same(loc, parts[p]->e->funcs[f].loc))
                    return true;
                loc = parts[p]->e->funcs[f].loc;
                seen = true;
            }
    return false;
}

/* Inclusive cycles solved over the call graph (calls_to, and the calls into
 * other units resolved above), as estimate.c does for one unit: a callee
 * at its average inclusive cycles per call; back into a function already on
 * the path counts its self cycles only. */
static double inclusive(struct cost_estimate *e, size_t f, char *state)
{
    struct cost_func_cost *fc = &e->funcs[f];
    if (state[f] == 2)
        return fc->inclusive;
    if (state[f] == 1)
        return fc->self;
    state[f] = 1;
    double v = fc->self;
    for (size_t k = 0; k < fc->ncalls_to; k++) {
        size_t g = fc->calls_to[k].callee;
        if (g == f || g >= e->nfuncs)
            continue;
        struct cost_func_cost *gc = &e->funcs[g];
        double ig = state[g] == 1 ? gc->self : inclusive(e, g, state);
        if (gc->calls)
            v += fc->calls_to[k].calls * ig / (double)gc->calls;
    }
    fc->inclusive = v;
    state[f] = 2;
    return v;
}

/* A function's own bits of what it leaves out. */
static unsigned own_bits(const struct cost_func_cost *fc, bool contexts)
{
    return (fc->excl.other_units > 1e-12 ? COST_EXCL_UNITS : 0) | (fc->excl.unpriced > 1e-12 ? COST_EXCL_UNPRICED : 0) |
           (fc->excl.indirect > 1e-12 && !contexts ? COST_EXCL_INDIRECT : 0);
}

/* Calls into other units whose function is in the project become call
 * edges; then inclusive cycles and what they leave out, again. */
static void resolve(struct cost_estimate *e, const char *const *orig)
{
    for (size_t f = 0; f < e->nfuncs; f++) {
        struct cost_excluded *x = &e->funcs[f].excl;
        size_t keep = 0;
        for (size_t k = 0; k < x->ncallees; k++) {
            struct cost_excluded_call *c = &x->callees[k];
            size_t g = (size_t)-1;
            for (size_t i = 0; i < e->nfuncs && c->kind == COST_EXCL_UNITS; i++)
                if (!strcmp(orig[i], c->callee) && !strcmp(e->funcs[i].name, c->callee)) {
                    g = i; /* defined once in the project (an ambiguous name is qualified) */
                    break;
                }
            if (g == (size_t)-1) {
                x->callees[keep++] = *c;
                continue;
            }
            struct cost_func_cost *fc = &e->funcs[f];
            fc->calls_to = sup_xrealloc(fc->calls_to, (fc->ncalls_to + 1) * sizeof *fc->calls_to);
            fc->calls_to[fc->ncalls_to++] = (struct cost_call){g, c->calls};
            x->other_units -= c->calls;
            if (x->other_units < 1e-9 * c->calls)
                x->other_units = 0;
            free(c->callee);
        }
        x->ncallees = keep;
    }
    char *state = sup_xcalloc(e->nfuncs + 1, 1);
    for (size_t f = 0; f < e->nfuncs; f++)
        inclusive(e, f, state);
    free(state);
    for (size_t f = 0; f < e->nfuncs; f++)
        e->funcs[f].incomplete = own_bits(&e->funcs[f], false);
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t f = 0; f < e->nfuncs; f++)
            for (size_t k = 0; k < e->funcs[f].ncalls_to; k++) {
                size_t g = e->funcs[f].calls_to[k].callee;
                unsigned nb = e->funcs[f].incomplete | (g < e->nfuncs ? e->funcs[g].incomplete : 0);
                if (nb != e->funcs[f].incomplete) {
                    e->funcs[f].incomplete = nb;
                    changed = true;
                }
            }
    }
    /* the runtime entries of calls now priced as the project's functions */
    size_t keep = 0;
    for (size_t i = 0; i < e->nruntime; i++) {
        bool resolved = false;
        for (size_t f = 0; f < e->nfuncs && !resolved && !e->runtime[i].known; f++)
            resolved = !strcmp(e->funcs[f].name, e->runtime[i].symbol) && !strcmp(orig[f], e->runtime[i].symbol);
        if (resolved) {
            free(e->runtime[i].symbol);
            free(e->runtime[i].site);
        } else
            e->runtime[keep++] = e->runtime[i];
    }
    e->nruntime = keep;
}

static void merge_sources(struct cost_estimate *e, const struct cost_estimate *pe, const size_t *fmap)
{
    for (size_t i = 0; i < pe->nsources; i++) {
        const struct cost_source_func *s = &pe->sources[i];
        size_t j = 0;
        while (j < e->nsources && !(same(e->sources[j].name, s->name) && same(e->sources[j].loc, s->loc)))
            j++;
        if (j == e->nsources) {
            e->sources = sup_xrealloc(e->sources, (e->nsources + 1) * sizeof *e->sources);
            struct cost_source_func *t = &e->sources[e->nsources++];
            memset(t, 0, sizeof *t);
            t->name = dup0(s->name);
            t->loc = dup0(s->loc);
            t->func = COST_NO_PARENT;
        }
        struct cost_source_func *t = &e->sources[j];
        if (t->func == COST_NO_PARENT && s->func != COST_NO_PARENT && s->func < pe->nfuncs)
            t->func = fmap[s->func];
        t->calls += s->calls;
        t->self += s->self;
        t->self_instructions += s->self_instructions;
        t->inclusive += s->inclusive;
        t->inlined += s->inlined;
        t->copies += s->copies;
        t->incomplete |= s->incomplete;
        for (const char *p = s->into; p && *p;) {
            size_t n = strcspn(p, ",");
            char name[512];
            snprintf(name, sizeof name, "%.*s", (int)n, p);
            if (!t->into || !strstr(t->into, name)) {
                size_t len = t->into ? strlen(t->into) : 0;
                char *c = sup_xmalloc(len + strlen(name) + 3);
                snprintf(c, len + strlen(name) + 3, "%s%s%s", t->into ? t->into : "", len ? ", " : "", name);
                free(t->into);
                t->into = c;
            }
            p += n;
            while (*p == ',' || *p == ' ')
                p++;
        }
    }
}

/* What a source function's inclusive cycles are once the project's calls
 * are resolved: its compiled function's, plus the copies' as they were. */
static void update_sources(struct cost_estimate *e, const double *old_inclusive)
{
    for (size_t i = 0; i < e->nsources; i++) {
        struct cost_source_func *s = &e->sources[i];
        if (s->func < e->nfuncs) {
            s->inclusive += e->funcs[s->func].inclusive - old_inclusive[s->func];
            s->incomplete = (s->incomplete & ~(unsigned)COST_EXCL_UNITS) | e->funcs[s->func].incomplete;
        }
    }
}

struct report_data *report_merge(struct report_data *const *parts, const char *const *units, size_t n,
                                 const char *module, FILE *diag)
{
    if (!n)
        return NULL;
    const struct cost_estimate *e0 = parts[0]->e;
    for (size_t p = 1; p < n; p++) {
        const struct cost_estimate *pe = parts[p]->e;
        if (strcmp(pe->core, e0->core)) {
            fprintf(diag, "%s: error: a report for %s, but %s is for %s: a project's reports are for one core\n",
                    units[p], pe->core, units[0], e0->core);
            return NULL;
        }
        if (pe->per_call != e0->per_call) {
            fprintf(diag, "%s: error: %s, but %s is %s: they do not add up\n", units[p],
                    pe->per_call ? "a unit priced per call (the plugin's)" : "the report of a run", units[0],
                    e0->per_call ? "a unit priced per call" : "the report of a run");
            return NULL;
        }
    }
    struct report_data *r = sup_xcalloc(1, sizeof *r);
    struct cost_estimate *e = sup_xcalloc(1, sizeof *e);
    r->e = e;
    e->module = sup_strdup(module);
    e->core = sup_strdup(e0->core);
    e->core_description = dup0(e0->core_description);
    e->triple = dup0(e0->triple);
    e->clock_hz = e0->clock_hz;
    e->per_call = e0->per_call;
    e->count_source = e0->count_source;
    bool contexts = n == 1 && e0->ncontexts;
    size_t total_funcs = 0;
    for (size_t p = 0; p < n; p++)
        total_funcs += parts[p]->e->nfuncs;
    e->funcs = sup_xcalloc(total_funcs + 1, sizeof *e->funcs);
    const char **orig = sup_xcalloc(total_funcs + 1, sizeof *orig); /* unqualified names */
    size_t **fmaps = sup_xcalloc(n + 1, sizeof *fmaps);
    for (size_t p = 0; p < n; p++) {
        const struct cost_estimate *pe = parts[p]->e;
        if (pe->count_source && e->count_source && strcmp(pe->count_source, e->count_source))
            e->count_source = "static"; /* profile and static mixed: the weaker */
        if (!e->exit_status)
            e->exit_status = pe->exit_status;
        e->ir_instructions += pe->ir_instructions;
        e->cycles += pe->cycles;
        e->machine_cycles += pe->machine_cycles;
        e->runtime_cycles += pe->runtime_cycles;
        e->estimated_cycles += pe->estimated_cycles;
        e->instructions += pe->instructions;
        e->runtime_instructions += pe->runtime_instructions;
        e->unknown_execs += pe->unknown_execs;
        fmaps[p] = sup_xcalloc(pe->nfuncs + 1, sizeof *fmaps[p]);
        for (size_t f = 0; f < pe->nfuncs; f++) {
            const struct cost_func_cost *pf = &pe->funcs[f];
            size_t i = find_func(e, pf->name, pf->loc, orig);
            if (i == (size_t)-1) {
                i = e->nfuncs++;
                struct cost_func_cost *fc = &e->funcs[i];
                orig[i] = pf->name;
                if (ambiguous(parts, n, pf->name)) {
                    /* one name, several functions (static ones of several units) */
                    char q[1200];
                    snprintf(q, sizeof q, "%s [%s]", pf->name, units[p]);
                    fc->name = sup_strdup(q);
                } else
                    fc->name = sup_strdup(pf->name);
                fc->loc = dup0(pf->loc);
                fc->no_estimate = dup0(pf->no_estimate);
            }
            /* the same function in several reports (a header's inline
             * function in several units, a function of several runs) adds up */
            struct cost_func_cost *fc = &e->funcs[i];
            fc->calls += pf->calls;
            fc->self += pf->self;
            fc->inclusive += pf->inclusive;
            fc->runtime += pf->runtime;
            fc->instructions += pf->instructions;
            fc->incomplete |= pf->incomplete;
            fc->excl.other_units += pf->excl.other_units;
            fc->excl.unpriced += pf->excl.unpriced;
            fc->excl.indirect += pf->excl.indirect;
            for (size_t k = 0; k < pf->excl.ncallees; k++)
                add_callee(&fc->excl, &pf->excl.callees[k]);
            fmaps[p][f] = i;
        }
        for (size_t f = 0; f < pe->nfuncs; f++) {
            const struct cost_func_cost *pf = &pe->funcs[f];
            struct cost_func_cost *fc = &e->funcs[fmaps[p][f]];
            for (size_t k = 0; k < pf->ncalls_to; k++) {
                fc->calls_to = sup_xrealloc(fc->calls_to, (fc->ncalls_to + 1) * sizeof *fc->calls_to);
                fc->calls_to[fc->ncalls_to++] = (struct cost_call){fmaps[p][pf->calls_to[k].callee], pf->calls_to[k].calls};
            }
        }
        /* blocks, loops, lines, runtime routines, warnings */
        e->blocks = sup_xrealloc(e->blocks, (e->nblocks + pe->nblocks + 1) * sizeof *e->blocks);
        for (size_t b = 0; b < pe->nblocks; b++) {
            struct cost_block_cost bc = pe->blocks[b];
            bc.func = fmaps[p][bc.func];
            bc.ir_name = dup0(bc.ir_name);
            bc.loc = dup0(bc.loc);
            e->blocks[e->nblocks++] = bc;
        }
        size_t base = r->nloops;
        r->loops = sup_xrealloc(r->loops, (r->nloops + parts[p]->nloops + 1) * sizeof *r->loops);
        for (size_t l = 0; l < parts[p]->nloops; l++) {
            struct report_loop_cost lc = parts[p]->loops[l];
            lc.func = fmaps[p][lc.func];
            lc.parent = lc.parent == COST_NO_PARENT ? COST_NO_PARENT : base + lc.parent;
            lc.header = dup0(lc.header);
            lc.loc = dup0(lc.loc);
            r->loops[r->nloops++] = lc;
        }
        for (size_t l = 0; l < pe->nlines; l++) {
            const struct cost_line_cost *pl = &pe->lines[l];
            size_t i = 0;
            while (i < e->nlines && !(e->lines[i].line == pl->line && !strcmp(e->lines[i].file, pl->file)))
                i++;
            if (i == e->nlines) {
                e->lines = sup_xrealloc(e->lines, (e->nlines + 1) * sizeof *e->lines);
                e->lines[e->nlines++] = (struct cost_line_cost){sup_strdup(pl->file), pl->line, 0, 0};
            }
            e->lines[i].cycles += pl->cycles;
            e->lines[i].executions += pl->executions;
        }
        for (size_t k = 0; k < pe->nruntime; k++) {
            const struct cost_runtime_cost *pr = &pe->runtime[k];
            bool fresh = true;
            for (size_t i = 0; i < e->nruntime && fresh; i++)
                fresh = strcmp(e->runtime[i].symbol, pr->symbol) != 0;
            struct cost_runtime_cost *rt = cost_runtime_entry(e, pr->symbol);
            rt->known = fresh ? pr->known : rt->known && pr->known;
            rt->calls += pr->calls;
            rt->cycles += pr->cycles;
            rt->instructions += pr->instructions;
            if (!rt->site && pr->site)
                rt->site = sup_strdup(pr->site);
        }
        for (size_t k = 0; k < pe->nwarnings; k++) {
            if (n == 1)
                cost_estimate_warn(e, "%s", pe->warnings[k]);
            else
                cost_estimate_warn(e, "%s: %s", units[p], pe->warnings[k]);
        }
        merge_sources(e, pe, fmaps[p]);
    }
    if (contexts) {
        /* one report of a run: its calling contexts, timeline and accelerators as they are */
        e->contexts = sup_xcalloc(e0->ncontexts + 1, sizeof *e->contexts);
        for (size_t i = 0; i < e0->ncontexts; i++) {
            struct cost_context c = e0->contexts[i];
            c.func = fmaps[0][c.func];
            c.callsite = dup0(c.callsite);
            c.site_block = dup0(c.site_block);
            c.site_inst = NULL;
            e->contexts[e->ncontexts++] = c;
        }
    }
    if (n == 1) {
        e->tracks = sup_xcalloc(e0->ntracks + 1, sizeof *e->tracks);
        for (size_t i = 0; i < e0->ntracks; i++)
            e->tracks[e->ntracks++] = (struct cost_track){sup_strdup(e0->tracks[i].name), e0->tracks[i].clock_hz};
        e->slices = sup_xcalloc(e0->nslices + 1, sizeof *e->slices);
        for (size_t i = 0; i < e0->nslices; i++) {
            struct cost_slice s = e0->slices[i];
            s.name = dup0(s.name);
            e->slices[e->nslices++] = s;
        }
        e->accels = sup_xcalloc(e0->naccels + 1, sizeof *e->accels);
        for (size_t i = 0; i < e0->naccels; i++) {
            struct cost_accel_cost a = e0->accels[i];
            a.name = dup0(a.name);
            a.model = dup0(a.model);
            a.latencies = sup_xcalloc(a.nlatencies + 1, sizeof *a.latencies);
            memcpy(a.latencies, e0->accels[i].latencies, a.nlatencies * sizeof *a.latencies);
            e->accels[e->naccels++] = a;
        }
        e->whatifs = sup_xcalloc(e0->nwhatifs + 1, sizeof *e->whatifs);
        for (size_t i = 0; i < e0->nwhatifs; i++) {
            struct cost_whatif w = e0->whatifs[i];
            w.func = dup0(w.func);
            w.accel = dup0(w.accel);
            e->whatifs[e->nwhatifs++] = w;
        }
    } else {
        bool dropped = false;
        for (size_t p = 0; p < n; p++)
            dropped |= parts[p]->e->ncontexts || parts[p]->e->nslices || parts[p]->e->naccels;
        if (dropped)
            cost_estimate_warn(e, "the reports' calling contexts, timelines and accelerators are not merged: "
                                  "a project's view has none");
    }
    /* a project of units priced without contexts: the calls into other units resolved */
    if (!contexts) {
        double *old = sup_xcalloc(e->nfuncs + 1, sizeof *old);
        for (size_t f = 0; f < e->nfuncs; f++)
            old[f] = e->funcs[f].inclusive;
        bool any_edges = false;
        for (size_t f = 0; f < e->nfuncs && !any_edges; f++)
            any_edges = e->funcs[f].ncalls_to || e->funcs[f].excl.ncallees;
        if (any_edges && n > 1) {
            resolve(e, orig);
            update_sources(e, old);
        }
        free(old);
    }
    for (size_t p = 0; p < n; p++)
        free(fmaps[p]);
    free(fmaps);
    free(orig);
    return r;
}
