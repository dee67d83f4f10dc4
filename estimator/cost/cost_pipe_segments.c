/* cost_pipe_segments.c — cuts the laid-out machine code into segments (the
 * instructions a block runs in a row up to its end or a call) and links their exits:
 * to the next block, into a callee, into a runtime routine, back to every caller. */
#include "pipe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- segments ---- */

static size_t new_seg(struct cost_pipe *pp, size_t func, size_t block)
{
    if (pp->nsegs == pp->capsegs) {
        pp->capsegs = pp->capsegs ? pp->capsegs * 2 : 256;
        pp->segs = sup_xrealloc(pp->segs, pp->capsegs * sizeof *pp->segs);
    }
    struct pipe_seg *s = &pp->segs[pp->nsegs];
    memset(s, 0, sizeof *s);
    s->func = func;
    s->block = block;
    s->cont = SIZE_MAX;
    s->call = SIZE_MAX;
    return pp->nsegs++;
}

static void add_exit(struct pipe_seg *s, struct pipe_exit e)
{
    if (!e.len)
        e.len = s->n;
    s->exits = sup_xrealloc(s->exits, (s->nexits + 1) * sizeof *s->exits);
    s->exits[s->nexits++] = e;
}

int pipe_func_index(const struct mmodule *mm, const char *name)
{
    for (size_t i = 0; i < mm->nfuncs; i++)
        if (!strcmp(mm->funcs[i].name, name))
            return (int)i;
    return -1;
}

/* The first instruction's address at or after block B of F (empty blocks fall through). */
static bool block_pc(const struct mfunc *f, size_t b, uint32_t *pc)
{
    for (; b < f->nblocks; b++)
        if (f->blocks[b].ninsns) {
            *pc = f->blocks[b].insns[0].addr;
            return true;
        }
    return false;
}

/* The machine instructions of block B, and where calls cut it. */
static bool block_insns(struct cost_pipe *pp, const struct mfunc *f, size_t b, struct pipe_insn **out, size_t *n)
{
    const struct mblock *mb = &f->blocks[b];
    size_t total = 0, cap = 0;
    struct pipe_insn *v = NULL;
    for (size_t k = 0; k < mb->ninsns; k++) {
        const struct minsn *in = &mb->insns[k];
        uint32_t pc = in->addr;
        for (unsigned part = 0; part < in->nparts; part++) {
            if (total == cap) {
                cap = cap ? cap * 2 : 16;
                v = sup_xrealloc(v, cap * sizeof *v);
            }
            struct pipe_insn *p = &v[total++];
            p->pc = pc;
            p->src = in;
            pipe_decode_at(pp, pc, &p->in);
            p->cls = isa_lookup(pp->isa, ua_rv32_name(p->in.op));
            pc += p->in.size;
        }
    }
    *out = v;
    *n = total;
    return true;
}

static bool is_call_part(const struct pipe_insn *p)
{
    const struct isa_insn *d = p->src->isa;
    bool last = p->pc + p->in.size == p->src->addr + p->src->bytes;
    return last && d && (d->kind == ISA_CALL || d->kind == ISA_INDIRECT_CALL) &&
           (p->in.kind == UA_K_JAL || p->in.kind == UA_K_JALR);
}

static size_t new_call(struct cost_pipe *pp)
{
    if (pp->ncalls == pp->capcalls) {
        pp->capcalls = pp->capcalls ? pp->capcalls * 2 : 64;
        pp->calls = sup_xrealloc(pp->calls, pp->capcalls * sizeof *pp->calls);
    }
    memset(&pp->calls[pp->ncalls], 0, sizeof pp->calls[0]);
    pp->calls[pp->ncalls].callee = -1;
    pp->calls[pp->ncalls].call_state = SIZE_MAX;
    pp->calls[pp->ncalls].ret_state = SIZE_MAX;
    pp->calls[pp->ncalls].priced_by = SIZE_MAX;
    return pp->ncalls++;
}

/* Cuts every block of every function into segments. */
void pipe_build(struct cost_pipe *pp)
{
    const struct mmodule *mm = pp->mm;
    pp->func_first = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->func_first);
    pp->blocks_of = sup_xcalloc(mm->nfuncs + 1, sizeof *pp->blocks_of);
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        pp->func_first[fi] = SIZE_MAX;
        pp->blocks_of[fi] = sup_xcalloc(f->nblocks + 1, sizeof **pp->blocks_of);
        if (!f->size)
            continue;
        for (size_t b = 0; b < f->nblocks; b++) {
            struct pipe_insn *ins;
            size_t n;
            block_insns(pp, f, b, &ins, &n);
            size_t start = 0, prev = SIZE_MAX;
            pp->blocks_of[fi][b] = pp->nsegs;
            for (;;) {
                size_t end = start;
                while (end < n && !is_call_part(&ins[end]))
                    end++;
                bool call = end < n;
                size_t si = new_seg(pp, fi, b);
                struct pipe_seg *s = &pp->segs[si];
                s->n = (call ? end + 1 : n) - start;
                s->ins = sup_xmalloc((s->n + 1) * sizeof *s->ins);
                memcpy(s->ins, ins + start, s->n * sizeof *s->ins);
                if (prev != SIZE_MAX)
                    pp->segs[prev].cont = si;
                if (!call)
                    break;
                s->ends_call = true;
                size_t ci = new_call(pp);
                struct pipe_call *c = &pp->calls[ci];
                s = &pp->segs[si];
                s->call = ci;
                c->seg = si;
                c->src = ins[end].src;
                c->ret_pc = ins[end].pc + ins[end].in.size;
                ptrmap_put(&pp->site_of, c->src, ci + 1);
                c->indirect = c->src->isa && c->src->isa->kind == ISA_INDIRECT_CALL;
                if (c->src->isa && c->src->isa->kind == ISA_CALL) {
                    char sym[256];
                    lower_call_symbol(c->src->ops, sym, sizeof sym);
                    c->callee = pipe_func_index(mm, sym);
                    if (c->callee >= 0 && mm->funcs[c->callee].size)
                        c->target = mm->funcs[c->callee].addr;
                    else {
                        c->callee = -1;
                        c->routine = true;
                        if (!pp->code || !isa_code_entry(pp->code, sym, &c->target))
                            c->target = 0;
                    }
                }
                prev = si;
                start = end + 1;
            }
            free(ins);
        }
        pp->func_first[fi] = pp->blocks_of[fi][0];
        pp->segs[pp->func_first[fi]].is_entry = true;
    }
}

/* Whether function F's address is taken: a use that is not the callee of a call. */
bool pipe_address_taken(LLVMValueRef f)
{
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f)
            continue;
        return true;
    }
    return false;
}

/* The functions whose calls a return of F returns to: F and, transitively, those
 * that tail-call it (VIA[g]). */
void pipe_returners(struct cost_pipe *pp, size_t f, bool *via)
{
    if (via[f])
        return;
    via[f] = true;
    for (size_t si = 0; si < pp->nsegs; si++) {
        const struct pipe_seg *s = &pp->segs[si];
        if (s->ends_call || !s->n || via[s->func])
            continue;
        const struct pipe_insn *last = &s->ins[s->n - 1];
        const struct isa_insn *d = last->src->isa;
        if (!d || d->kind != ISA_TAIL_CALL)
            continue;
        char sym[256];
        lower_call_symbol(last->src->ops, sym, sizeof sym);
        if (pipe_func_index(pp->mm, sym) == (int)f)
            pipe_returners(pp, s->func, via);
    }
}

/* Whether call site C returns from a function of VIA (returners()): it calls one, or
 * calls through a pointer and one has its address taken. */
bool pipe_returns_from(const struct cost_pipe *pp, const struct pipe_call *c, const bool *via)
{
    if (c->callee >= 0)
        return via[c->callee];
    for (size_t g = 0; c->indirect && g < pp->mm->nfuncs; g++)
        if (via[g] && pp->taken_address[g])
            return true;
    return false;
}

/* The exits of every segment, now that every function's first segment is known. */
void pipe_link(struct cost_pipe *pp)
{
    const struct mmodule *mm = pp->mm;
    for (size_t si = 0; si < pp->nsegs; si++) {
        struct pipe_seg *s = &pp->segs[si];
        const struct mfunc *f = &mm->funcs[s->func];
        const struct mblock *mb = &f->blocks[s->block];
        if (s->ends_call) {
            const struct pipe_call *c = &pp->calls[s->call];
            if (c->indirect) {
                for (size_t g = 0; g < mm->nfuncs; g++)
                    if (pp->taken_address[g] && mm->funcs[g].size)
                        add_exit(s, (struct pipe_exit){PIPE_EX_CALLEE, pp->func_first[g], mm->funcs[g].addr, true, -1, 0, 0});
                if (!s->nexits) /* a pointer to a routine, or to nothing lpnest knows */
                    add_exit(s, (struct pipe_exit){PIPE_EX_ROUTINE, SIZE_MAX, 0, true, -1, 0, 0});
                continue;
            }
            if (c->callee >= 0)
                add_exit(s, (struct pipe_exit){PIPE_EX_CALLEE, pp->func_first[c->callee], c->target, true, -1, 0, 0});
            else
                add_exit(s, (struct pipe_exit){PIPE_EX_ROUTINE, SIZE_MAX, c->target, true, -1, 0, 0});
            continue;
        }
        if (s->cont != SIZE_MAX)
            continue; /* not the block's last segment: it ends at a call (above) */
        const struct pipe_insn *last = s->n ? &s->ins[s->n - 1] : NULL;
        const struct isa_insn *d = last ? last->src->isa : NULL;
        bool transfer_last = last && last->pc + last->in.size == last->src->addr + last->src->bytes &&
                             last->src == &mb->insns[mb->ninsns - 1];
        if (transfer_last && d && (d->kind == ISA_RETURN || d->kind == ISA_TAIL_CALL)) {
            if (d->kind == ISA_TAIL_CALL) {
                char sym[256];
                lower_call_symbol(last->src->ops, sym, sizeof sym);
                int g = pipe_func_index(mm, sym);
                uint32_t t = 0;
                if (g >= 0 && mm->funcs[g].size) {
                    add_exit(s, (struct pipe_exit){PIPE_EX_CALLEE, pp->func_first[g], mm->funcs[g].addr, true, -1, 0, 0});
                    continue;
                }
                if (!pp->code || !isa_code_entry(pp->code, sym, &t))
                    t = 0;
                add_exit(s, (struct pipe_exit){PIPE_EX_ROUTINE, SIZE_MAX, t, true, -1, 0, 0});
                /* a call site of its own, for the routine's runs: it returns to where this
                 * function returns (the first call of it found; price_block weighs the others) */
                bool *via = sup_xcalloc(mm->nfuncs + 1, sizeof *via);
                pipe_returners(pp, s->func, via);
                uint32_t ret = 0;
                for (size_t ci = 0; ci < pp->ncalls && !ret; ci++)
                    if (!pp->calls[ci].tail && pipe_returns_from(pp, &pp->calls[ci], via))
                        ret = pp->calls[ci].ret_pc;
                free(via);
                if (ret) {
                    size_t ci = new_call(pp);
                    struct pipe_call *c = &pp->calls[ci];
                    c->seg = si;
                    c->src = last->src;
                    c->routine = true;
                    c->tail = true;
                    c->target = t;
                    c->ret_pc = ret;
                    ptrmap_put(&pp->site_of, c->src, ci + 1);
                    s->call = ci;
                }
                continue;
            }
            /* a return: to every call of this function, and of the functions that tail-call it */
            bool *via = sup_xcalloc(mm->nfuncs + 1, sizeof *via);
            pipe_returners(pp, s->func, via);
            for (size_t ci = 0; ci < pp->ncalls; ci++) {
                const struct pipe_call *c = &pp->calls[ci];
                bool to = (c->callee >= 0 && via[c->callee]) || c->callee == (int)s->func;
                for (size_t g = 0; !to && c->indirect && g < mm->nfuncs; g++)
                    to = via[g] && pp->taken_address[g];
                if (to && pp->segs[c->seg].cont != SIZE_MAX)
                    add_exit(s, (struct pipe_exit){PIPE_EX_RETURN, pp->segs[c->seg].cont, c->ret_pc, true, -1, ci, 0});
            }
            free(via);
            uint32_t back = 0;
            if (!strcmp(f->name, "main")) /* crt0's instruction after `call main`, when the code file has it */
                add_exit(s, (struct pipe_exit){PIPE_EX_RETURN, SIZE_MAX,
                                           pp->code && isa_code_entry(pp->code, "__lp_main_return", &back) ? back : 0,
                                           true, -1, SIZE_MAX, 0});
            continue;
        }
        int target = last && transfer_last && d && d->kind == ISA_COND_BRANCH ? last->src->target : -1;
        /* "bcond L1; j L2": the conditional branch taken leaves before the jump */
        int early = -1;
        size_t early_len = 0;
        if (last && transfer_last && d && d->kind == ISA_JUMP && s->n >= 2) {
            const struct pipe_insn *bc = &s->ins[s->n - 2];
            if (bc->src->isa && bc->src->isa->kind == ISA_COND_BRANCH && bc->in.kind == UA_K_BRANCH) {
                early = bc->src->target;
                early_len = s->n - 1;
            }
        }
        for (size_t k = 0; k < mb->nsucc; k++) {
            int t = mb->succ[k];
            uint32_t pc;
            if (!block_pc(f, (size_t)t, &pc))
                continue;
            size_t to = pp->blocks_of[s->func][t];
            while ((size_t)t < f->nblocks && !f->blocks[t].ninsns)
                to = pp->blocks_of[s->func][++t];
            bool taken = last && pc != last->pc + last->in.size;
            if (target >= 0)
                taken = t == target && !(mb->falls_through && (size_t)t == s->block + 1);
            size_t len = t == early && early >= 0 ? early_len : 0;
            if (len) /* the conditional branch leaves, taken, even to the block after the jump
                      * ("beq L; j M; L:", minver's main bb.69) */
                taken = true;
            add_exit(s, (struct pipe_exit){PIPE_EX_BLOCK, to, pc, taken, (int)k, 0, len});
        }
    }
}
