/* exec_timing.c — the engine's side of a timed run (timing.h): block costs
 * put on the edges that enter the blocks, the calling-context tree kept as
 * frames are pushed and popped, call slices for the timeline, and the hand-
 * over to the offload model (offload.c) at offloaded calls. */
#include "offload.h"
#include "support.h"
#include "timing.h"

#include <stdlib.h>
#include <string.h>

void exec_timing_attach(struct vm *vm)
{
    struct est_timing *t = vm->timing;
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        struct xfunc *f = &vm->funcs[i];
        f->offload = -1;
        if (!f->defined || !f->code)
            continue;
        const struct tm_func_costs *fc = NULL;
        for (size_t k = 0; k < t->nfuncs && !fc; k++)
            if (!strcmp(t->funcs[k].name, f->name))
                fc = &t->funcs[k];
        if (!fc)
            continue;
        /* the cost of each block, by name (blocks and their costs are in
         * the same order when both come from this module) */
        uint64_t *bc = sup_xcalloc(f->nblocks + 1, sizeof *bc);
        for (uint32_t b = 0; b < f->nblocks; b++) {
            if (b < fc->nblocks && !strcmp(fc->blocks[b], f->blocks[b].name)) {
                bc[b] = fc->cost[b];
                continue;
            }
            for (size_t k = 0; k < fc->nblocks; k++)
                if (!strcmp(fc->blocks[k], f->blocks[b].name)) {
                    bc[b] = fc->cost[k];
                    break;
                }
        }
        f->edges[0].cost = bc[0];
        for (uint32_t e = 1; e < f->nedges; e++)
            f->edges[e].cost = bc[f->einfo[e].to];
        free(bc);
    }
    if (t->off)
        est_offload_attach(t->off, vm);
}

int exec_timing_offload(struct vm *vm, struct xfunc *g, const struct calldesc *cd, const slot_t *R, uint64_t *charge)
{
    struct est_timing *t = vm->timing;
    if (!t->off || g->offload < 0 || t->suppress)
        return 0;
    return est_offload_call(t->off, vm, g, cd, R, charge);
}

/* The child of PARENT for FUNC called from SITE, made on first use. */
static uint32_t child(struct est_timing *t, uint32_t parent, uint32_t func, const struct calldesc *site)
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

void exec_timing_push(struct vm *vm, struct frame *fr, const struct calldesc *site, int offloaded, uint64_t charge)
{
    struct est_timing *t = vm->timing;
    fr->t_enter = vm->clock;
    fr->tflags = 0;
    fr->charge = charge;
    if (offloaded > 0)
        fr->tflags |= TF_CHARGE;
    if (t->suppress) {
        fr->ctx = vm->depth ? vm->frames[vm->depth - 1].ctx : UINT32_MAX;
        return;
    }
    uint32_t parent = UINT32_MAX;
    for (uint32_t d = vm->depth; d-- > 0;)
        if (vm->frames[d].tflags & TF_NODE) {
            parent = vm->frames[d].ctx;
            break;
        }
    fr->ctx = child(t, parent, fr->fn->index, site);
    fr->tflags |= TF_NODE;
    t->nodes[fr->ctx].calls++;
    if (fr->tflags & TF_CHARGE)
        t->suppress++; /* the body runs for its results only */
}

void exec_timing_pop(struct vm *vm, struct frame *fr)
{
    struct est_timing *t = vm->timing;
    if (fr->tflags & TF_CHARGE) {
        if (t->off)
            est_offload_body(t->off, fr->fn, vm->clock - fr->t_enter);
        vm->clock = fr->t_enter + fr->charge;
        if (t->suppress)
            t->suppress--;
    }
    if (!(fr->tflags & TF_NODE))
        return;
    uint64_t dur = vm->clock - fr->t_enter;
    t->nodes[fr->ctx].incl += dur;
    tm_slice_add(t, 0, fr->fn->index, t->nodes[fr->ctx].depth, fr->t_enter, dur);
    fr->tflags = 0;
}

void exec_timing_finish(struct vm *vm)
{
    struct est_timing *t = vm->timing;
    /* exit() or a fault left frames open: close them at the current clock */
    for (uint32_t d = vm->depth + 1; d-- > 0;) {
        uint32_t save = vm->depth;
        vm->depth = d;
        exec_timing_pop(vm, &vm->frames[d]);
        vm->depth = save;
    }
    if (t->off)
        est_offload_finish(t->off, vm);
    t->end_clock = vm->clock;
    t->finished = true;
}

void tm_slice_add(struct est_timing *t, uint32_t track, uint32_t name, uint32_t depth, uint64_t start, uint64_t dur)
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

void tm_free(struct est_timing *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nfuncs; i++) {
        for (size_t k = 0; k < t->funcs[i].nblocks; k++)
            free(t->funcs[i].blocks[k]);
        free(t->funcs[i].blocks);
        free(t->funcs[i].cost);
        free(t->funcs[i].name);
    }
    free(t->funcs);
    free(t->nodes);
    free(t->hash);
    free(t->slices);
    memset(t, 0, sizeof *t);
}
