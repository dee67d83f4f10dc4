/* estimate_static.c — estimates from branch probabilities instead of a run
 * (the clang plugin's estimate and budget modes): per function, block
 * frequencies per call solved from the probabilities, turned into
 * consistent integer edge counts at a fixed scale, filled into the engine's
 * count records, priced by estimate.c's shared path and divided back to one
 * call. Also the CFG hash that ties measured profiles to their IR. */
#include "estimate_static.h"
#include "cost.h"
#include "freq.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct ffunc {
    char *name;
    size_t nblocks;
    size_t *off;
    double *prob;
};

struct cost_freqs {
    struct ffunc *f;
    size_t n, cap;
};

struct cost_freqs *cost_freqs_new(void) { return sup_xcalloc(1, sizeof(struct cost_freqs)); }

void cost_freqs_free(struct cost_freqs *fq)
{
    if (!fq)
        return;
    for (size_t i = 0; i < fq->n; i++) {
        free(fq->f[i].name);
        free(fq->f[i].off);
        free(fq->f[i].prob);
    }
    free(fq->f);
    free(fq);
}

void cost_freqs_add(struct cost_freqs *fq, const char *name, size_t nblocks, const size_t *off, const double *prob)
{
    if (fq->n == fq->cap) {
        fq->cap = fq->cap ? 2 * fq->cap : 16;
        fq->f = sup_xrealloc(fq->f, fq->cap * sizeof *fq->f);
    }
    struct ffunc *f = &fq->f[fq->n++];
    f->name = sup_strdup(name);
    f->nblocks = nblocks;
    f->off = sup_xmalloc((nblocks + 1) * sizeof *f->off);
    memcpy(f->off, off, (nblocks + 1) * sizeof *f->off);
    f->prob = sup_xmalloc((off[nblocks] + 1) * sizeof *f->prob);
    memcpy(f->prob, prob, off[nblocks] * sizeof *f->prob);
}

static const struct ffunc *find(const struct cost_freqs *fq, const char *name)
{
    for (size_t i = 0; i < fq->n; i++)
        if (!strcmp(fq->f[i].name, name))
            return &fq->f[i];
    return NULL;
}

/* ---- CFG hash ---- */

static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t cost_cfg_hash(LLVMValueRef fn)
{
    size_t n = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *bbs = sup_xcalloc(n + 1, sizeof *bbs);
    LLVMGetBasicBlocks(fn, bbs);
    uint64_t h = fnv(0xcbf29ce484222325ull, n);
    for (size_t b = 0; b < n; b++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[b]);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        h = fnv(h, ns);
        for (unsigned k = 0; k < ns; k++) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
            size_t idx = n;
            for (size_t j = 0; j < n && idx == n; j++)
                if (bbs[j] == s)
                    idx = j;
            h = fnv(h, idx);
        }
    }
    free(bbs);
    return h;
}

/* ---- counts from probabilities ---- */

struct static_arg {
    const struct cost_freqs *fq;
    FILE *diag;
    char **notes;            /* warnings for the estimate */
    size_t nnotes;
    char **failed;           /* the functions they are about */
    size_t nfailed;
    double ir_instructions;  /* per call, summed over functions */
};

static void note(struct static_arg *a, const char *fmt, const char *name)
{
    a->failed = sup_xrealloc(a->failed, (a->nfailed + 1) * sizeof *a->failed);
    a->failed[a->nfailed++] = sup_strdup(name);
    char buf[512];
    snprintf(buf, sizeof buf, fmt, name);
    a->notes = sup_xrealloc(a->notes, (a->nnotes + 1) * sizeof *a->notes);
    a->notes[a->nnotes++] = sup_strdup(buf);
}

/* The engine's out-edges of every block, by block: EDGE[OFF[b] .. OFF[b+1]). */
static void out_table(const struct cnt_func *xf, size_t **off, uint32_t **edge)
{
    size_t *o = sup_xcalloc(xf->nblocks + 2, sizeof *o);
    for (uint32_t e = 1; e < xf->nedges; e++)
        o[xf->einfo[e].from + 1]++;
    for (uint32_t b = 0; b < xf->nblocks; b++)
        o[b + 1] += o[b];
    uint32_t *ed = sup_xmalloc((xf->nedges + 1) * sizeof *ed);
    size_t *fill = sup_xcalloc(xf->nblocks + 1, sizeof *fill);
    for (uint32_t e = 1; e < xf->nedges; e++) {
        uint32_t b = xf->einfo[e].from;
        ed[o[b] + fill[b]++] = e;
    }
    free(fill);
    *off = o;
    *edge = ed;
}

/* Edge counts of XF at CNT_FREQ_SCALE per call from FF's probabilities. */
static bool fill_function(struct cnt_func *xf, const struct ffunc *ff)
{
    if (ff->nblocks != xf->nblocks)
        return false;
    size_t *eoff;
    uint32_t *eidx;
    out_table(xf, &eoff, &eidx);
    bool ok = true;
    for (uint32_t b = 0; b < xf->nblocks && ok; b++)
        ok = eoff[b + 1] - eoff[b] == ff->off[b + 1] - ff->off[b];
    if (!ok) {
        free(eoff);
        free(eidx);
        return false;
    }
    size_t n = xf->nblocks, ne = eoff[n];
    uint32_t *succ = sup_xmalloc((ne + 1) * sizeof *succ);
    for (size_t k = 0; k < ne; k++)
        succ[k] = xf->einfo[eidx[k]].to;
    double *f = sup_xmalloc((n + 1) * sizeof *f);
    cnt_freq_solve(n, eoff, succ, ff->prob, f);
    /* counts are 64-bit integers at CNT_FREQ_SCALE: a block run more than
     * 2^42 times per call (nested loops of a profile) cannot be counted */
    for (size_t b = 0; b < n && ok; b++)
        ok = f[b] * CNT_FREQ_SCALE < 0x1p62;
    if (!ok) {
        free(succ);
        free(f);
        free(eoff);
        free(eidx);
        return false;
    }
    /* the flow network: blocks, plus node N for the outside (calls enter
     * block 0 from it, returns go back to it) */
    size_t nx = 1 + ne + n;
    uint32_t *from = sup_xmalloc(nx * sizeof *from), *to = sup_xmalloc(nx * sizeof *to);
    double *x = sup_xmalloc(nx * sizeof *x);
    uint64_t *y = sup_xmalloc(nx * sizeof *y);
    size_t k = 0;
    from[k] = (uint32_t)n, to[k] = 0, x[k++] = CNT_FREQ_SCALE;
    for (uint32_t b = 0; b < n; b++) {
        double sum = 0;
        for (size_t j = eoff[b]; j < eoff[b + 1]; j++) {
            from[k] = b, to[k] = succ[j];
            x[k++] = CNT_FREQ_SCALE * f[b] * ff->prob[j];
            sum += ff->prob[j];
        }
        double rest = 1 - sum;
        if (rest > 1e-9) {
            from[k] = b, to[k] = (uint32_t)n;
            x[k++] = CNT_FREQ_SCALE * f[b] * rest;
        }
    }
    cnt_round_flow(n + 1, k, from, to, x, y);
    /* edges were added block by block in table order, exits in between */
    xf->edges[0].count = y[0];
    k = 1;
    for (uint32_t b = 0; b < n; b++) {
        double sum = 0;
        for (size_t j = eoff[b]; j < eoff[b + 1]; j++) {
            xf->edges[eidx[j]].count = y[k++];
            sum += ff->prob[j];
        }
        if (1 - sum > 1e-9)
            k++;
    }
    cnt_fill_derived(xf, true, true);
    free(succ);
    free(f);
    free(from);
    free(to);
    free(x);
    free(y);
    free(eoff);
    free(eidx);
    return true;
}

static struct eng_profile *static_counts(void *arg, struct eng_module *em, const struct eng_block_ref *req, size_t nreq,
                                           struct cost_args *args)
{
    (void)args;
    struct static_arg *a = arg;
    struct eng_run_options o = {.diag = a->diag, .pairs = req, .npairs = nreq};
    struct eng_profile *p = eng_profile_compile(em, &o);
    if (!p)
        return NULL;
    for (size_t i = 0; i < eng_profile_nfuncs(p); i++) {
        /* the profile is ours until it is priced */
        struct cnt_func *xf = eng_profile_counts_mut(p, i);
        if (!xf->defined || !xf->compiled)
            continue;
        const struct ffunc *ff = find(a->fq, xf->name);
        if (!ff)
            continue;
        if (!fill_function(xf, ff)) {
            note(a, "function '%s': its control flow is not one lpnest can count (no estimate)", xf->name);
            continue;
        }
        for (uint32_t b = 0; b < xf->nblocks; b++)
            a->ir_instructions += (double)xf->blocks[b].count * xf->blocks[b].ninst / CNT_FREQ_SCALE;
    }
    return p;
}

/* Divides every count-proportional number of E by S. */
static void scale_down(struct cost_estimate *e, double s)
{
    e->cycles /= s;
    e->machine_cycles /= s;
    e->runtime_cycles /= s;
    e->estimated_cycles /= s;
    e->instructions /= s;
    e->runtime_instructions /= s;
    e->unknown_execs /= s;
    for (size_t i = 0; i < e->nfuncs; i++) {
        struct cost_func_cost *f = &e->funcs[i];
        f->calls = (uint64_t)llround((double)f->calls / s);
        f->self /= s;
        f->inclusive /= s;
        f->runtime /= s;
        f->instructions /= s;
        f->excl.other_units /= s;
        f->excl.unpriced /= s;
        f->excl.indirect /= s;
        for (size_t k = 0; k < f->excl.ncallees; k++)
            f->excl.callees[k].calls /= s;
        for (size_t k = 0; k < f->ncalls_to; k++)
            f->calls_to[k].calls /= s;
    }
    for (size_t i = 0; i < e->ninline_parts; i++)
        e->inline_parts[i].cycles /= s, e->inline_parts[i].instructions /= s;
    for (size_t i = 0; i < e->nir_edges; i++)
        e->ir_edges[i].count /= s;
    for (size_t i = 0; i < e->nblocks; i++) {
        e->blocks[i].count /= s;
        e->blocks[i].cycles /= s;
        e->blocks[i].instructions /= s;
    }
    for (size_t i = 0; i < e->nlines; i++) {
        e->lines[i].cycles /= s;
        e->lines[i].executions /= s;
    }
    for (size_t i = 0; i < e->nruntime; i++) {
        e->runtime[i].calls /= s;
        e->runtime[i].cycles /= s;
        e->runtime[i].instructions /= s;
    }
}

struct cost_estimate *cost_estimate_freqs(struct eng_module *m, const struct isa *isa, const struct cost_freqs *fq,
                                        bool profile, FILE *diag, FILE *dump)
{
    struct static_arg a = {.fq = fq, .diag = diag};
    struct cost_estimate *e = cost_estimate_counted(m, isa, diag, dump, false, static_counts, &a);
    if (e) {
        scale_down(e, CNT_FREQ_SCALE);
        e->ir_instructions = (uint64_t)llround(a.ir_instructions);
        e->count_source = profile ? "profile" : "static";
        e->per_call = true;
        for (size_t i = 0; i < a.nnotes; i++) {
            cost_estimate_warn(e, "%s", a.notes[i]);
            for (size_t f = 0; f < e->nfuncs; f++)
                if (!strcmp(e->funcs[f].name, a.failed[i]) && !e->funcs[f].no_estimate)
                    e->funcs[f].no_estimate = sup_strdup("its control flow is not one lpnest can count");
        }
        cost_estimate_warn_unpriced(e);
    }
    for (size_t i = 0; i < a.nnotes; i++) {
        free(a.notes[i]);
        free(a.failed[i]);
    }
    free(a.notes);
    free(a.failed);
    return e;
}
