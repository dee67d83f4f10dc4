/* timing.c — the hooks of a timed run (timing.h): the calling-context tree
 * kept as activations begin and end, call slices for the timeline, and the
 * hand-over to the offload model (offload.c) at offloaded calls. The block
 * costs themselves are the engine's block weights (eng_block_weights). */
#include "offload.h"
#include "support.h"
#include "timing.h"

#include "estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void on_start(void *arg, struct eng_state *eng)
{
    struct offload_timing *t = arg;
    if (t->off)
        offload_attach(t->off, eng);
}

static int on_call(void *arg, struct eng_state *eng, uint32_t func, LLVMValueRef site)
{
    (void)site;
    struct offload_timing *t = arg;
    if (!t->off || t->suppress || !offload_serves(t->off, func))
        return 0;
    return offload_call(t->off, eng, func, &t->pending_charge);
}

uint32_t tm_child(struct offload_timing *t, uint32_t parent, uint32_t func, LLVMValueRef site)
{
    if (t->nnodes * 2 >= t->hcap) {
        size_t ncap = t->hcap ? t->hcap * 2 : 1024;
        uint32_t *nh = sup_xmalloc(ncap * sizeof *nh);
        memset(nh, 0xff, ncap * sizeof *nh);
        free(t->hash);
        t->hash = nh;
        t->hcap = ncap;
        for (size_t i = 0; i < t->nnodes; i++) {
            struct tm_node *nd = &t->nodes[i];
            uint64_t h = ((uint64_t)nd->parent * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)nd->func * 0xC2B2AE3D27D4EB4FULL) ^
                         (uint64_t)(uintptr_t)nd->site;
            size_t k = (size_t)(h ^ (h >> 29)) & (ncap - 1);
            nd->hnext = nh[k];
            nh[k] = (uint32_t)i;
        }
    }
    uint64_t h = ((uint64_t)parent * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)func * 0xC2B2AE3D27D4EB4FULL) ^
                 (uint64_t)(uintptr_t)site;
    size_t k = (size_t)(h ^ (h >> 29)) & (t->hcap - 1);
    for (uint32_t i = t->hash[k]; i != UINT32_MAX; i = t->nodes[i].hnext)
        if (t->nodes[i].parent == parent && t->nodes[i].func == func && t->nodes[i].site == site)
            return i;
    if (t->nnodes == t->capnodes) {
        t->capnodes = t->capnodes ? t->capnodes * 2 : 256;
        t->nodes = sup_xrealloc(t->nodes, t->capnodes * sizeof *t->nodes);
    }
    uint32_t i = (uint32_t)t->nnodes++;
    t->nodes[i] = (struct tm_node){.parent = parent, .func = func, .site = site, .hnext = t->hash[k],
                                   .depth = parent == UINT32_MAX ? 0 : t->nodes[parent].depth + 1};
    t->hash[k] = i;
    return i;
}

static void on_enter(void *arg, struct eng_state *eng, uint32_t depth, uint32_t func, LLVMValueRef site, int tag)
{
    struct offload_timing *t = arg;
    if (depth >= t->capframes) {
        size_t ncap = t->capframes ? t->capframes * 2 : 256;
        while (ncap <= depth)
            ncap *= 2;
        t->frames = sup_xrealloc(t->frames, ncap * sizeof *t->frames);
        t->capframes = ncap;
    }
    struct tm_frame *fr = &t->frames[depth];
    fr->func = func;
    fr->t_enter = eng_clock(eng);
    fr->flags = 0;
    fr->charge = tag > 0 ? t->pending_charge : 0;
    if (tag > 0)
        fr->flags |= TF_CHARGE;
    if (t->suppress) {
        fr->ctx = depth ? t->frames[depth - 1].ctx : UINT32_MAX;
        return;
    }
    uint32_t parent = UINT32_MAX;
    for (uint32_t d = depth; d-- > 0;)
        if (t->frames[d].flags & TF_NODE) {
            parent = t->frames[d].ctx;
            break;
        }
    fr->ctx = tm_child(t, parent, func, site);
    fr->flags |= TF_NODE;
    t->nodes[fr->ctx].calls++;
    if (fr->flags & TF_CHARGE)
        t->suppress++; /* the body runs for its results only */
}

static void on_return(void *arg, struct eng_state *eng, uint32_t depth)
{
    struct offload_timing *t = arg;
    struct tm_frame *fr = &t->frames[depth];
    if (fr->flags & TF_CHARGE) {
        if (t->off)
            offload_body(t->off, fr->func, eng_clock(eng) - fr->t_enter);
        eng_set_clock(eng, fr->t_enter + fr->charge);
        if (t->suppress)
            t->suppress--;
    }
    if (!(fr->flags & TF_NODE))
        return;
    if (depth && fr->func < t->nrd_funcs && !(fr->flags & TF_CHARGE) && !t->closing) /* (not exit()'s) */
        for (size_t k = t->rd_first[fr->func]; k < t->rd_first[fr->func + 1]; k++)
            if (t->rd_caller[k] == t->frames[depth - 1].func) {
                eng_set_clock(eng, eng_clock(eng) + (uint64_t)t->rd_delta[k]);
                break;
            }
    uint64_t dur = eng_clock(eng) - fr->t_enter;
    t->nodes[fr->ctx].incl += dur;
    tm_slice_add(t, 0, fr->func, t->nodes[fr->ctx].depth, fr->t_enter, dur);
    fr->flags = 0;
}

static void on_finish(void *arg, struct eng_state *eng, uint32_t depth)
{
    struct offload_timing *t = arg;
    /* exit() or a fault left activations open: close them at the current clock */
    t->closing = true;
    for (uint32_t d = depth + 1; d-- > 0;)
        if (d < t->capframes)
            on_return(t, eng, d);
    if (t->off)
        offload_finish(t->off, eng);
    t->end_clock = eng_clock(eng);
    t->finished = true;
}

const struct eng_run_hooks tm_hooks = {
    .start = on_start, .call = on_call, .enter = on_enter, .ret = on_return, .finish = on_finish,
};

void tm_slice_add(struct offload_timing *t, uint32_t track, uint32_t name, uint32_t depth, uint64_t start, uint64_t dur)
{
    /* host calls shorter than min_slice are left out; accelerator firings
     * are all kept, up to the cap */
    if ((track == 0 && dur < t->min_slice) || depth >= t->max_depth || t->nslices >= t->max_slices) {
        t->dropped++;
        return;
    }
    if (t->nslices == t->capslices) {
        t->capslices = t->capslices ? t->capslices * 2 : 1024;
        t->slices = sup_xrealloc(t->slices, t->capslices * sizeof *t->slices);
    }
    t->slices[t->nslices++] = (struct tm_slice){.track = track, .name = name, .depth = depth, .start = start, .dur = dur};
}

void tm_on_watch(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng)
{
    (void)v;
    (void)n;
    struct offload_timing *t = arg;
    if (phase != 1 || t->tokens || i >= t->ncalls || t->next[i] >= t->calls[i]->n)
        return;
    double c = t->calls[i]->cycles[t->next[i]++];
    eng_set_clock(eng, eng_clock(eng) + (uint64_t)llround(c * (double)TM_ONE));
}

void tm_free(struct offload_timing *t)
{
    if (!t)
        return;
    free(t->calls);
    free(t->watch);
    free(t->next);
    for (size_t i = 0; i < t->nfuncs; i++) {
        for (size_t k = 0; k < t->funcs[i].nblocks; k++)
            free(t->funcs[i].blocks[k]);
        free(t->funcs[i].blocks);
        free(t->funcs[i].weight);
        free(t->funcs[i].func);
    }
    free(t->funcs);
    free(t->rd_first);
    free(t->rd_caller);
    free(t->rd_delta);
    free(t->frames);
    free(t->nodes);
    free(t->hash);
    free(t->slices);
    tm_one_free(t->one);
    memset(t, 0, sizeof *t);
}
