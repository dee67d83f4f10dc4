/* lower_counts.c — execution counts of machine blocks and edges from the
 * exact IR counts of a run.
 *
 * Machine blocks carry the name of the IR block they came from (or none when
 * code generation created them). The blocks of one IR block form its group.
 * A group is *clean* when every machine edge into it comes from a group
 * whose IR block has an IR edge to it, and every IR edge into it has a
 * machine edge: then tail merging and tail duplication did not move code
 * across it, and its numbers can be trusted:
 *  1. its head (the one block entered from outside) runs as often as the IR block;
 *  2. a machine edge that alone realises an IR edge between clean groups
 *     (directly or through blocks created on it) is traversed as often;
 *  3. the arm of a select or min/max turned into a branch runs as often as
 *     the select chose its second value (the convention of LLVM's select
 *     expansions); arms are matched to selects by source position (.loc);
 *  4. flow conservation spreads the known numbers to the rest;
 *  5. what is still open is split evenly at branches and marked as an
 *     estimate, as is everything derived from it, so reports can say how much
 *     of a total rests on estimates. */
#include "exec.h"
#include "lower.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

struct solver {
    struct mfunc *mf;
    const struct mmodule *mm;
    const struct xfunc *xf;
    int *group;      /* IR block of each machine block, -1 if none */
    bool *named;     /* the block carries its IR block's name (not absorbed) */
    int *gsize;      /* machine blocks per IR block */
    int *head;       /* per IR block: its head machine block, or -1 */
    bool *clean;     /* per IR block */
    bool *nk, *nt;   /* block count known / tainted by an estimate */
    bool **ek, **et; /* edge count known / tainted */
};

static void set_count(struct solver *s, size_t i, double v, enum mcount_source src, bool taint)
{
    s->mf->blocks[i].count = v < 0 ? 0 : v;
    s->mf->blocks[i].source = taint ? MC_ESTIMATE : src;
    s->nk[i] = true;
    s->nt[i] = taint;
}

static void set_edge(struct solver *s, size_t i, size_t k, double v, bool taint)
{
    s->mf->blocks[i].succ_count[k] = v < 0 ? 0 : v;
    s->ek[i][k] = true;
    s->et[i][k] = taint;
}

static bool has_ir_edge(const struct xfunc *xf, int x, int y)
{
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == x && (int)xf->einfo[e].to == y)
            return true;
    return false;
}

/* Total count of the IR edges X -> Y (switch cases to one block add up). */
static double ir_edge(const struct xfunc *xf, int x, int y)
{
    double c = 0;
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == x && (int)xf->einfo[e].to == y)
            c += (double)xf->edges[e].count;
    return c;
}

/* The group a machine edge from block M comes from: M's own, or for a block
 * created on an edge, that of its single predecessor (followed a few steps). */
static int origin(struct solver *s, int m)
{
    for (int steps = 0; steps < 8 && m >= 0; steps++) {
        if (s->group[m] >= 0)
            return s->group[m];
        if (s->mf->blocks[m].npred != 1)
            return -1;
        m = s->mf->blocks[m].pred[0];
    }
    return -1;
}

/* Unnamed blocks whose predecessors and successors all belong to one group
 * are part of it (e.g. an edge split inside an expanded select). */
static void absorb(struct solver *s)
{
    struct mfunc *mf = s->mf;
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t i = 0; i < mf->nblocks; i++) {
            struct mblock *b = &mf->blocks[i];
            if (s->group[i] >= 0 || !b->npred || !b->nsucc)
                continue;
            int g = s->group[b->pred[0]];
            bool same = g >= 0;
            for (size_t p = 0; p < b->npred && same; p++)
                same = s->group[b->pred[p]] == g;
            for (size_t k = 0; k < b->nsucc && same; k++)
                same = s->group[b->succ[k]] == g;
            if (same) {
                s->group[i] = g;
                s->gsize[g]++;
                changed = true;
            }
        }
    }
}

static void classify_groups(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct xfunc *xf = s->xf;
    for (uint32_t g = 0; g < xf->nblocks; g++) {
        s->head[g] = -1;
        s->clean[g] = s->gsize[g] > 0;
    }
    for (size_t i = 0; i < mf->nblocks; i++) {
        int g = s->group[i];
        if (g < 0)
            continue;
        struct mblock *b = &mf->blocks[i];
        bool entered = i == 0;
        if (i == 0 && g != 0)
            s->clean[g] = false;
        for (size_t p = 0; p < b->npred; p++) {
            int from = b->pred[p];
            if (s->group[from] == g)
                continue;
            entered = true;
            int z = origin(s, from);
            if (z < 0 || !has_ir_edge(xf, z, g))
                s->clean[g] = false; /* code moved in from elsewhere */
        }
        if (entered)
            s->head[g] = s->head[g] == -1 ? (int)i : -2;
    }
    /* every IR edge into the group must arrive at it */
    for (uint32_t e = 1; e < xf->nedges; e++) {
        int x = (int)xf->einfo[e].from, y = (int)xf->einfo[e].to;
        if (x == y || !s->clean[y] || !xf->edges[e].count)
            continue;
        bool arrives = false;
        for (size_t i = 0; i < mf->nblocks && !arrives; i++)
            if (s->group[i] == y)
                for (size_t p = 0; p < mf->blocks[i].npred && !arrives; p++)
                    arrives = s->group[mf->blocks[i].pred[p]] != y && origin(s, mf->blocks[i].pred[p]) == x;
        if (!arrives)
            s->clean[y] = false; /* the edge's flow was duplicated into its source */
    }
    if (s->gsize[0] && s->group[0] != 0)
        s->clean[0] = false;
}

/* Steps 1 and 2. */
static void anchors(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct xfunc *xf = s->xf;
    for (uint32_t g = 0; g < xf->nblocks; g++)
        if (s->clean[g] && s->head[g] >= 0)
            set_count(s, (size_t)s->head[g], (double)xf->blocks[g].count, MC_IR_BLOCK, false);
    for (uint32_t e = 1; e < xf->nedges; e++) {
        int x = (int)xf->einfo[e].from, y = (int)xf->einfo[e].to;
        bool seen = false;
        for (uint32_t p = 1; p < e && !seen; p++)
            seen = (int)xf->einfo[p].from == x && (int)xf->einfo[p].to == y;
        if (seen || !s->clean[x] || !s->clean[y])
            continue;
        size_t cand = 0, ci = 0, ck = 0;
        int chain = -1;
        for (size_t i = 0; i < mf->nblocks; i++) {
            if (s->group[i] != x)
                continue;
            struct mblock *b = &mf->blocks[i];
            for (size_t k = 0; k < b->nsucc; k++) {
                int t = b->succ[k];
                struct mblock *tb = &mf->blocks[t];
                if (x == y) {
                    if (t == s->head[x])
                        cand++, ci = i, ck = k, chain = -1;
                } else if (s->group[t] == y) {
                    cand++, ci = i, ck = k, chain = -1;
                } else if (s->group[t] < 0 && tb->npred == 1 && tb->nsucc == 1 && s->group[tb->succ[0]] == y) {
                    cand++, ci = i, ck = k, chain = t;
                }
            }
        }
        if (cand != 1)
            continue;
        double c = ir_edge(xf, x, y);
        set_edge(s, ci, ck, c, false);
        if (chain >= 0) {
            set_count(s, (size_t)chain, c, MC_IR_EDGE, false);
            set_edge(s, (size_t)chain, 0, c, false);
        }
    }
}

/* ---- step 3: select arms ---- */

static const char *basename_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* The IR instruction of a select record. */
static LLVMValueRef select_inst(const struct xfunc *xf, const struct xselect *sel)
{
    uint32_t pos = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[sel->block].bb); i; i = LLVMGetNextInstruction(i)) {
        if (LLVMGetInstructionOpcode(i) == LLVMCall) {
            LLVMValueRef f = LLVMGetCalledValue(i);
            size_t n;
            const char *name = f ? LLVMGetValueName2(f, &n) : "";
            if (!strncmp(name, "llvm.dbg.", 9))
                continue;
        }
        if (pos++ == sel->index)
            return i;
    }
    return NULL;
}

static bool same_loc(const struct mmodule *mm, const struct minsn *in, LLVMValueRef v)
{
    if (!in->src_line || !v || in->src_file >= mm->nfiles || !mm->files[in->src_file])
        return false;
    unsigned len = 0;
    const char *f = LLVMGetDebugLocFilename(v, &len);
    if (!f || !len || LLVMGetDebugLocLine(v) != in->src_line || LLVMGetDebugLocColumn(v) != in->src_col)
        return false;
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)len, f);
    return !strcmp(basename_of(buf), basename_of(mm->files[in->src_file]));
}

/* Is block M the arm of a two-way branch inside group G? For a diamond
 * whose other side is an edge split by code generation, the named side is
 * the arm. */
static bool is_arm(struct solver *s, int g, size_t m)
{
    struct mfunc *mf = s->mf;
    struct mblock *b = &mf->blocks[m];
    if (s->group[m] != g || !s->named[m] || b->npred != 1 || b->nsucc != 1)
        return false;
    int h = b->pred[0], t = b->succ[0];
    struct mblock *hb = &mf->blocks[h];
    if (s->group[h] != g || s->group[t] != g || hb->nsucc != 2)
        return false;
    int other = hb->succ[0] == (int)m ? hb->succ[1] : hb->succ[0];
    if (other == t)
        return true;
    struct mblock *ob = &mf->blocks[other];
    return !s->named[other] && ob->npred == 1 && ob->nsucc == 1 && ob->succ[0] == t;
}

static void select_arms(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct xfunc *xf = s->xf;
    for (uint32_t g = 0; g < xf->nblocks; g++) {
        if (s->gsize[g] < 3 || !s->clean[g])
            continue;
        size_t arms[128], narms = 0;
        for (size_t i = 0; i < mf->nblocks && narms < 128; i++)
            if (is_arm(s, (int)g, i))
                arms[narms++] = i;
        if (!narms)
            continue;
        uint32_t sel[128], lane[128], nsel = 0;
        for (uint32_t k = 0, l = 0; k < xf->nselects; l += xf->selects[k].lanes, k++)
            if (xf->selects[k].block == g && xf->selects[k].lanes == 1 && nsel < 128) {
                sel[nsel] = k;
                lane[nsel++] = l;
            }
        bool used[128] = {false};
        size_t matched = 0;
        int pick[128];
        for (size_t a = 0; a < narms; a++) {
            pick[a] = -1;
            const struct mblock *b = &mf->blocks[arms[a]];
            const struct minsn *located = NULL;
            for (size_t k = 0; k < b->ninsns && !located; k++)
                if (b->insns[k].src_line)
                    located = &b->insns[k];
            for (uint32_t k = 0; located && k < nsel && pick[a] < 0; k++)
                if (!used[k] && same_loc(s->mm, located, select_inst(xf, &xf->selects[sel[k]]))) {
                    pick[a] = (int)k;
                    used[k] = true;
                    matched++;
                }
        }
        if (matched < narms && narms == nsel) {
            /* no usable positions: the arms follow the selects' order */
            for (size_t a = 0; a < narms; a++)
                pick[a] = (int)a;
            matched = narms;
        }
        for (size_t a = 0; a < narms; a++)
            if (pick[a] >= 0 && !s->nk[arms[a]])
                set_count(s, arms[a], (double)xf->sel_counts[2 * lane[pick[a]] + 1], MC_SELECT, false);
    }
}

/* ---- step 4 ---- */

static bool propagate(struct solver *s)
{
    struct mfunc *mf = s->mf;
    bool changed = false;
    for (size_t i = 0; i < mf->nblocks; i++) {
        struct mblock *b = &mf->blocks[i];
        double in = i == 0 ? (double)s->xf->edges[0].count : 0;
        bool in_taint = false;
        size_t unknown_in = 0, ui = 0, uk = 0;
        for (size_t p = 0; p < b->npred; p++) {
            size_t pi = (size_t)b->pred[p];
            struct mblock *pb = &mf->blocks[pi];
            for (size_t k = 0; k < pb->nsucc; k++)
                if (pb->succ[k] == (int)i) {
                    if (s->ek[pi][k])
                        in += pb->succ_count[k], in_taint |= s->et[pi][k];
                    else
                        unknown_in++, ui = pi, uk = k;
                }
        }
        if (!s->nk[i] && unknown_in == 0) {
            set_count(s, i, in, MC_FLOW, in_taint);
            changed = true;
        }
        double out = 0;
        bool out_taint = false;
        size_t unknown_out = 0, uo = 0;
        for (size_t k = 0; k < b->nsucc; k++) {
            if (s->ek[i][k])
                out += b->succ_count[k], out_taint |= s->et[i][k];
            else
                unknown_out++, uo = k;
        }
        if (!s->nk[i] && b->nsucc && unknown_out == 0 && !b->exits) {
            set_count(s, i, out, MC_FLOW, out_taint);
            changed = true;
        }
        if (!s->nk[i])
            continue;
        if (unknown_out == 1 && !b->exits) {
            set_edge(s, i, uo, b->count - out, s->nt[i] || out_taint);
            changed = true;
        }
        if (unknown_in == 1) {
            set_edge(s, ui, uk, b->count - in, s->nt[i] || in_taint);
            changed = true;
        }
    }
    return changed;
}

/* ---- step 5 ---- */

static bool estimate_one(struct solver *s)
{
    struct mfunc *mf = s->mf;
    for (size_t i = 0; i < mf->nblocks; i++) {
        struct mblock *b = &mf->blocks[i];
        if (!s->nk[i] || b->exits)
            continue;
        double out = 0;
        size_t unknown = 0;
        for (size_t k = 0; k < b->nsucc; k++) {
            if (s->ek[i][k])
                out += b->succ_count[k];
            else
                unknown++;
        }
        if (unknown < 2)
            continue;
        double share = (b->count - out > 0 ? b->count - out : 0) / (double)unknown;
        for (size_t k = 0; k < b->nsucc; k++)
            if (!s->ek[i][k])
                set_edge(s, i, k, share, true);
        return true;
    }
    for (size_t i = 0; i < mf->nblocks; i++) {
        if (s->nk[i])
            continue;
        double v = 0;
        int g = s->group[i];
        if (g >= 0)
            v = (double)s->xf->blocks[g].count;
        set_count(s, i, v, MC_ESTIMATE, true);
        return true;
    }
    for (size_t i = 0; i < mf->nblocks; i++)
        for (size_t k = 0; k < mf->blocks[i].nsucc; k++)
            if (!s->ek[i][k]) {
                set_edge(s, i, k, 0, true);
                return true;
            }
    return false;
}

static void solve_function(const struct mmodule *mm, struct mfunc *mf, const struct xfunc *xf)
{
    struct solver s = {.mf = mf, .mm = mm, .xf = xf};
    size_t n = mf->nblocks + 1, ng = xf->nblocks + 1;
    s.group = sup_xcalloc(n, sizeof *s.group);
    s.named = sup_xcalloc(n, sizeof *s.named);
    s.gsize = sup_xcalloc(ng, sizeof *s.gsize);
    s.head = sup_xcalloc(ng, sizeof *s.head);
    s.clean = sup_xcalloc(ng, sizeof *s.clean);
    s.nk = sup_xcalloc(n, sizeof *s.nk);
    s.nt = sup_xcalloc(n, sizeof *s.nt);
    s.ek = sup_xcalloc(n, sizeof *s.ek);
    s.et = sup_xcalloc(n, sizeof *s.et);
    for (size_t i = 0; i < mf->nblocks; i++) {
        struct mblock *b = &mf->blocks[i];
        free(b->succ_count);
        b->succ_count = sup_xcalloc(b->nsucc + 1, sizeof *b->succ_count);
        s.ek[i] = sup_xcalloc(b->nsucc + 1, sizeof *s.ek[i]);
        s.et[i] = sup_xcalloc(b->nsucc + 1, sizeof *s.et[i]);
        s.group[i] = -1;
        b->ir_block = -1;
        if (b->ir_name)
            for (uint32_t g = 0; g < xf->nblocks; g++)
                if (strcmp(xf->blocks[g].name, b->ir_name) == 0) {
                    s.group[i] = (int)g;
                    s.named[i] = true;
                    b->ir_block = (int)g;
                    s.gsize[g]++;
                    break;
                }
    }
    absorb(&s);
    classify_groups(&s);
    anchors(&s);
    while (propagate(&s))
        ;
    select_arms(&s);
    do {
        while (propagate(&s))
            ;
    } while (estimate_one(&s));
    for (size_t i = 0; i < mf->nblocks; i++) {
        free(s.ek[i]);
        free(s.et[i]);
    }
    free(s.ek);
    free(s.et);
    free(s.nk);
    free(s.nt);
    free(s.clean);
    free(s.head);
    free(s.gsize);
    free(s.named);
    free(s.group);
}

bool est_machine_counts(struct mmodule *mm, const struct est_profile *p, FILE *diag)
{
    (void)diag;
    size_t nf = est_profile_nfuncs(p);
    for (size_t i = 0; i < mm->nfuncs; i++) {
        struct mfunc *mf = &mm->funcs[i];
        const struct xfunc *xf = NULL;
        for (size_t k = 0; k < nf && !xf; k++)
            if (strcmp(est_profile_func_name(p, k), mf->name) == 0 && est_profile_xfunc(p, k)->compiled) {
                xf = est_profile_xfunc(p, k);
                mf->prof = (int)k;
            }
        if (!xf) {
            /* a function that code generation made up: the IR never calls it */
            for (size_t b = 0; b < mf->nblocks; b++) {
                free(mf->blocks[b].succ_count);
                mf->blocks[b].succ_count = sup_xcalloc(mf->blocks[b].nsucc + 1, sizeof(double));
                mf->blocks[b].source = MC_ESTIMATE;
            }
            continue;
        }
        solve_function(mm, mf, xf);
    }
    return true;
}
