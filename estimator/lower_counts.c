/* lower_counts.c — execution counts of machine blocks and edges, derived
 * from the exact IR counts of a run.
 *
 * Every machine block has an entry group (the IR block its label names, if
 * any) and an exit group (the IR block whose terminator its branch came
 * from, known from the provenance locations of the assembly; a block that
 * merely falls through keeps its entry group). A block whose exit group
 * differs from its entry group holds a copy of another IR block's code
 * (tail duplication). The counts are the solution of linear constraints:
 *  - flow conservation at every machine block;
 *  - per IR edge Z -> Y: the machine edges leaving Z's terminator code
 *    towards Y's blocks carry its count (split between copies of Z by the
 *    path counts the run made for duplicated blocks);
 *  - per IR block: its single head block is entered as often as the IR
 *    block's realised in-edges;
 *  - per select (or min/max) turned into a branch: its arm runs as often as
 *    the select chose its second value (the convention of LLVM's select
 *    expansions on these targets);
 * solved by interval propagation. Contradictions are detected. What the
 * constraints leave open is split evenly at branches and marked as an
 * estimate, as is everything derived after it. */
#include "exec.h"
#include "isa.h"
#include "lower.h"
#include "lower_system.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* ---- a function's machine blocks seen against its IR ---- */

/* IR edges as the machine code realises them: blocks code generation folded
 * away entirely (no machine block enters or leaves as them) are contracted:
 * one with a single successor forwards its in-edges' flow to it; one with a
 * single predecessor hands its out-edges to that predecessor. */
struct irview {
    uint32_t n;
    int *from, *to;
    double *count;
};

static void view_add(struct irview *v, int from, int to, double c)
{
    for (uint32_t e = 0; e < v->n; e++)
        if (v->from[e] == from && v->to[e] == to) {
            v->count[e] += c;
            return;
        }
    v->from = sup_xrealloc(v->from, (v->n + 1) * sizeof *v->from);
    v->to = sup_xrealloc(v->to, (v->n + 1) * sizeof *v->to);
    v->count = sup_xrealloc(v->count, (v->n + 1) * sizeof *v->count);
    v->from[v->n] = from;
    v->to[v->n] = to;
    v->count[v->n++] = c;
}

struct solver {
    struct mfunc *mf;
    const struct xfunc *xf;
    struct system sy;
    int *evar;             /* first edge variable of each block */
    int *in_g, *out_g;     /* entry and exit group (IR block), -1 if none */
    bool *out_known;       /* out_g comes from a terminator's provenance */
    int *sel_head;         /* select record whose branch ends the block, or -1 */
    int *head;             /* per IR block: its single head, -1 none, -2 several */
    uint32_t *ord_block;   /* IR block of each instruction ordinal (1-based) */
    LLVMOpcode *ord_op;
    bool *ord_branch_cond;  /* the instruction is the condition of its block's branch, used by it alone */
    uint32_t nord;
    int trace;
    size_t nflow;          /* constraints [0, nflow) are flow conservation */
    size_t nrejected;      /* inferred constraints dropped for contradicting the others */
    struct cons *dropped;  /* ... and those constraints */
    struct irview ir;
};

static int bvar(const struct solver *s, size_t m) { (void)s; return (int)m; }
static int evar(const struct solver *s, size_t m, size_t k) { return s->evar[m] + (int)k; }

/* IR instruction ordinals of the function, as the provenance locations number them. */
static void ordinals(struct solver *s)
{
    const struct xfunc *xf = s->xf;
    uint32_t n = 0;
    for (uint32_t b = 0; b < xf->nblocks; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i))
            n++;
    s->nord = n;
    s->ord_block = sup_xcalloc(n + 2, sizeof *s->ord_block);
    s->ord_op = sup_xcalloc(n + 2, sizeof *s->ord_op);
    s->ord_branch_cond = sup_xcalloc(n + 2, sizeof *s->ord_branch_cond);
    n = 0;
    for (uint32_t b = 0; b < xf->nblocks; b++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[b].bb);
        LLVMValueRef cond = t && LLVMGetInstructionOpcode(t) == LLVMBr && LLVMIsConditional(t) ? LLVMGetCondition(t) : NULL;
        for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i)) {
            n++;
            s->ord_block[n] = b;
            s->ord_op[n] = LLVMGetInstructionOpcode(i);
            LLVMUseRef u = LLVMGetFirstUse(i);
            s->ord_branch_cond[n] = i == cond && u && !LLVMGetNextUse(u);
        }
    }
}

/* The ordinal of an IR instruction (1-based), or 0. */
static uint32_t ordinal_of(const struct solver *s, uint32_t block, uint32_t pos_counting_all)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b < block; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->xf->blocks[b].bb); i; i = LLVMGetNextInstruction(i))
            n++;
    return n + pos_counting_all + 1;
}

static bool is_control(const struct minsn *in)
{
    if (!in->isa)
        return false;
    switch (in->isa->kind) {
    case ISA_COND_BRANCH: case ISA_JUMP: case ISA_INDIRECT_JUMP: case ISA_RETURN: case ISA_COND_RETURN:
    case ISA_TAIL_CALL: case ISA_SKIP:
        return true;
    default:
        return false;
    }
}

/* Position of a select record counting every instruction (debug intrinsics too). */
static uint32_t select_position(const struct xfunc *xf, const struct xselect *sel)
{
    uint32_t pos = 0, counted = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[sel->block].bb); i; i = LLVMGetNextInstruction(i), pos++) {
        bool dbg = false;
        if (LLVMGetInstructionOpcode(i) == LLVMCall) {
            LLVMValueRef f = LLVMGetCalledValue(i);
            size_t len;
            const char *name = f ? LLVMGetValueName2(f, &len) : "";
            dbg = !strncmp(name, "llvm.dbg.", 9);
        }
        if (dbg)
            continue;
        if (counted++ == sel->index)
            return pos;
    }
    return 0;
}

/* Whether block B does nothing but load a constant into a register (and
 * jump or fall on): "li rd, IMM" (RISC-V, PowerPC) or "ldi rd, IMM" (AVR). */
static bool arm_constant(const struct mblock *b, long long *imm)
{
    const struct minsn *only = NULL;
    for (size_t k = 0; k < b->ninsns; k++) {
        if (is_control(&b->insns[k]))
            continue;
        if (only)
            return false;
        only = &b->insns[k];
    }
    if (!only)
        return false;
    /* AVR: r1 is the zero register; clr r = eor r, r */
    if ((!strcmp(only->mnemonic, "mov") && strlen(only->ops) > 4 && !strcmp(only->ops + strlen(only->ops) - 4, ", r1")) ||
        !strcmp(only->mnemonic, "clr")) {
        *imm = 0;
        return true;
    }
    if (strcmp(only->mnemonic, "li") && strcmp(only->mnemonic, "ldi"))
        return false;
    const char *comma = strrchr(only->ops, ',');
    if (!comma)
        return false;
    char *end;
    *imm = strtoll(comma + 1, &end, 0);
    while (*end == ' ')
        end++;
    return *end == '\0' && end != comma + 1;
}

/* Like arm_constant, for an arm that also holds a copy of the code of the
 * other side (OTHER) after its assignment: the instructions both end with
 * are set aside first. */
static bool arm_assignment(const struct mblock *arm, const struct mblock *other, long long *imm)
{
    size_t a = arm->ninsns, o = other ? other->ninsns : 0;
    while (a > 0 && o > 0 && !strcmp(arm->insns[a - 1].mnemonic, other->insns[o - 1].mnemonic) &&
           !strcmp(arm->insns[a - 1].ops, other->insns[o - 1].ops))
        a--, o--;
    struct mblock prefix = *arm;
    prefix.ninsns = a;
    return arm_constant(&prefix, imm);
}

/* The IR instruction of select record XS. */
static LLVMValueRef select_inst(const struct xfunc *xf, const struct xselect *xs)
{
    LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[xs->block].bb);
    for (uint32_t p = select_position(xf, xs); p > 0 && i; p--)
        i = LLVMGetNextInstruction(i);
    return i;
}

static void classify(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct xfunc *xf = s->xf;
    size_t n = mf->nblocks;
    bool *nolocation = sup_xcalloc(n + 1, sizeof *nolocation);
    /* entry groups first: the rules below look at successors' */
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        s->in_g[m] = -1;
        s->sel_head[m] = -1;
        b->ir_block = -1;
        if (b->ir_name)
            for (uint32_t g = 0; g < xf->nblocks; g++)
                if (!strcmp(xf->blocks[g].name, b->ir_name)) {
                    s->in_g[m] = (int)g;
                    b->ir_block = (int)g;
                    break;
                }
    }
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        s->out_g[m] = s->in_g[m];
        /* a block without a branch that ends in a copy of a successor IR
         * block's code (tail duplication of a block that only falls or
         * jumps on) continues as that block */
        bool has_control = false;
        for (size_t k = 0; k < b->ninsns; k++)
            has_control |= is_control(&b->insns[k]);
        if (!has_control && s->in_g[m] >= 0 && b->falls_through) {
            for (size_t k = b->ninsns; k-- > 0;) {
                const struct minsn *in = &b->insns[k];
                if (in->src_col != EST_PROVENANCE_COLUMN || !in->src_line || in->src_line > s->nord)
                    continue;
                int g = (int)s->ord_block[in->src_line];
                bool edge = false;
                /* entering G's own code: a phi copy placed before it */
                for (size_t k = 0; k < b->nsucc; k++)
                    if (s->in_g[b->succ[k]] == g || mf->blocks[b->succ[k]].ir_name == NULL)
                        g = -1;
                for (uint32_t e = 1; e < xf->nedges && g >= 0 && g != s->in_g[m] && !edge; e++)
                    edge = (int)xf->einfo[e].from == s->in_g[m] && (int)xf->einfo[e].to == g;
                if (edge) {
                    s->out_g[m] = g;
                    s->out_known[m] = true;
                }
                break;
            }
        }
        /* the last control instruction with a provenance location */
        for (size_t k = b->ninsns; k-- > 0;) {
            const struct minsn *in = &b->insns[k];
            if (!is_control(in))
                continue;
            if (in->src_col != EST_PROVENANCE_COLUMN || !in->src_line || in->src_line > s->nord) {
                nolocation[m] = true;
                break;
            }
            uint32_t ord = in->src_line;
            LLVMOpcode op = s->ord_op[ord];
            uint32_t g = s->ord_block[ord];
            /* a comparison only the branch uses is compiled with it */
            if (op == LLVMBr || op == LLVMSwitch || op == LLVMRet || op == LLVMIndirectBr || op == LLVMUnreachable ||
                s->ord_branch_cond[ord]) {
                /* a copy of G's branch in another IR block's code needs an IR
                 * edge into G; otherwise identical branches were merged and
                 * kept one location, and the branch is the block's own */
                bool plausible = s->in_g[m] < 0 || s->in_g[m] == (int)g;
                for (uint32_t e = 1; e < xf->nedges && !plausible; e++)
                    plausible = (int)xf->einfo[e].from == s->in_g[m] && xf->einfo[e].to == g;
                s->out_g[m] = plausible ? (int)g : s->in_g[m];
                s->out_known[m] = true;
            } else if (op == LLVMSelect || op == LLVMCall || op == LLVMICmp) {
                /* a select, min/max, saturation or a comparison's value
                 * made with a branch */
                for (uint32_t r = 0; r < xf->nselects; r++)
                    if (xf->selects[r].block == g && xf->selects[r].kind != SEL_LOGIC &&
                        xf->selects[r].kind != SEL_SHIFT && /* amounts, not a choice */
                        ordinal_of(s, g, select_position(xf, &xf->selects[r])) == ord)
                        s->sel_head[m] = (int)r;
                /* a comparison only selects use, whose value a core without
                 * conditional moves makes anyway (AVR): the select's
                 * condition counts are the comparison's (a "compare view"
                 * of the select record, numbered after the records) */
                for (uint32_t r = 0; r < xf->nselects && op == LLVMICmp && s->sel_head[m] < 0; r++) {
                    const struct xselect *xs = &xf->selects[r];
                    if (xs->block != g || xs->kind != SEL_SELECT || xs->lanes != 1)
                        continue;
                    LLVMValueRef si = select_inst(xf, xs), c = si ? LLVMGetOperand(si, 0) : NULL;
                    if (c && LLVMIsAInstruction(c) && LLVMGetInstructionParent(c) == xf->blocks[g].bb) {
                        uint32_t pos = 0;
                        for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[g].bb); i && i != c; i = LLVMGetNextInstruction(i))
                            pos++;
                        if (ordinal_of(s, g, pos) == ord)
                            s->sel_head[m] = (int)(r + xf->nselects);
                    }
                }
                if (s->in_g[m] < 0)
                    s->out_g[m] = (int)g;
            } else {
                nolocation[m] = true;
            }
            break;
        }
    }
    /* a branch code generation made without a location inherits the
     * previous one: it is its own block's terminator when it leaves for an
     * IR successor */
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        bool leaves = false;
        for (size_t k = 0; k < b->nsucc && nolocation[m] && s->in_g[m] >= 0 && !leaves; k++) {
            int t = s->in_g[b->succ[k]];
            for (uint32_t e = 1; e < xf->nedges && t >= 0 && t != s->in_g[m] && !leaves; e++)
                leaves = (int)xf->einfo[e].from == s->in_g[m] && (int)xf->einfo[e].to == t;
        }
        if (leaves)
            s->out_known[m] = true;
    }
    /* a triangle whose branch has no location and whose arm only loads a
     * constant is the select (or min/max) of its IR block whose second value
     * is that constant, when exactly one fits */
    for (size_t m = 0; m < n; m++) {
        const struct mblock *b = &mf->blocks[m];
        if (!nolocation[m] || s->in_g[m] < 0 || s->sel_head[m] >= 0 || b->nsucc != 2)
            continue;
        int arm = -1;
        for (int k = 0; k < 2; k++) {
            const struct mblock *ab = &mf->blocks[b->succ[k]];
            if (ab->npred == 1 && ab->nsucc == 1 && ab->succ[0] == b->succ[1 - k])
                arm = b->succ[k];
        }
        long long imm;
        if (arm < 0 || !arm_constant(&mf->blocks[arm], &imm))
            continue;
        int found = -1;
        for (uint32_t r = 0; r < xf->nselects && found != -2; r++) {
            const struct xselect *xs = &xf->selects[r];
            if ((int)xs->block != s->in_g[m] || xs->lanes != 1 || xs->kind == SEL_LOGIC)
                continue;
            LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[xs->block].bb);
            for (uint32_t p = select_position(xf, xs); p > 0 && i; p--)
                i = LLVMGetNextInstruction(i);
            if (!i)
                continue;
            LLVMValueRef second = LLVMGetOperand(i, xs->kind == SEL_MINMAX ? 1 : 2);
            if (LLVMIsAConstantInt(second) && (uint32_t)LLVMConstIntGetSExtValue(second) == (uint32_t)imm)
                found = found == -1 ? (int)r : -2;
        }
        if (found >= 0)
            s->sel_head[m] = found;
    }
    free(nolocation);
    /* unnamed blocks inside one group belong to it */
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        if (s->in_g[m] >= 0 || !b->npred)
            continue;
        int g = s->out_g[b->pred[0]];
        bool same = g >= 0;
        for (size_t p = 0; p < b->npred && same; p++)
            same = s->out_g[b->pred[p]] == g && s->in_g[b->pred[p]] == g;
        for (size_t k = 0; k < b->nsucc && same; k++)
            same = s->in_g[b->succ[k]] == g;
        if (same && b->nsucc) {
            s->in_g[m] = g;
            if (!s->out_known[m])
                s->out_g[m] = g;
        }
    }
    /* heads: the blocks of an IR block entered from elsewhere */
    for (uint32_t g = 0; g < xf->nblocks; g++)
        s->head[g] = -1;
    for (size_t m = 0; m < n; m++) {
        int g = s->in_g[m];
        if (g < 0)
            continue;
        bool outside = m == 0;
        for (size_t p = 0; p < mf->blocks[m].npred && !outside; p++) {
            int q = mf->blocks[m].pred[p];
            outside = s->in_g[q] != g || s->out_g[q] != g;
        }
        if (outside)
            s->head[g] = s->head[g] == -1 ? (int)m : -2;
    }
}

/* Which successor of block M (whose branch is a select's) is the select's
 * arm, the side that assigns its second value: a block entered only from M
 * that joins the other side (a triangle), the named side of a diamond whose
 * other side is a split edge, or, where both sides continue with further
 * code (chained selects, code duplicated into both sides), the side with
 * more non-branch instructions (the assignment). -1 when unclear. */
static int select_arm(const struct solver *s, size_t m)
{
    const struct mfunc *mf = s->mf;
    const struct mblock *b = &mf->blocks[m];
    if (b->nsucc != 2 || b->succ[0] == b->succ[1])
        return -1;
    int a = b->succ[0], t = b->succ[1];
    const struct mblock *ab = &mf->blocks[a], *tb = &mf->blocks[t];
    if (ab->nsucc == 1 && ab->succ[0] == t && !(tb->nsucc == 1 && tb->succ[0] == a))
        return 0; /* a triangle (the arm may be shared with other code) */
    if (tb->nsucc == 1 && tb->succ[0] == a && !(ab->nsucc == 1 && ab->succ[0] == t))
        return 1;
    /* an arm shared by copies of the select's branch */
    for (int k = 0; k < 2; k++) {
        const struct mblock *arm = &mf->blocks[b->succ[k]];
        bool shared = arm->nsucc == 1 && arm->npred > 1;
        for (size_t p = 0; p < arm->npred && shared; p++) {
            const struct mblock *pb = &mf->blocks[arm->pred[p]];
            shared = s->sel_head[arm->pred[p]] == s->sel_head[m] && pb->nsucc == 2 &&
                     (pb->succ[0] == arm->succ[0] || pb->succ[1] == arm->succ[0]);
        }
        if (shared)
            return k;
    }
    if (ab->npred == 1 && tb->npred == 1 && ab->nsucc == 1 && tb->nsucc == 1 && ab->succ[0] == tb->succ[0]) {
        bool an = ab->ir_name != NULL, tn = tb->ir_name != NULL;
        return an && !tn ? 0 : tn && !an ? 1 : -1;
    }
    /* both sides stay in the select's IR block and have no other entries
     * than copies of this code */
    if (s->in_g[a] != s->in_g[m] || s->in_g[t] != s->in_g[m] || s->in_g[m] < 0)
        return -1;
    size_t na = 0, nt = 0;
    for (size_t k = 0; k < ab->ninsns; k++)
        na += !is_control(&ab->insns[k]);
    for (size_t k = 0; k < tb->ninsns; k++)
        nt += !is_control(&tb->insns[k]);
    return na > nt ? 0 : nt > na ? 1 : -1;
}

/* Whether IR block G ends in a branch on a two-operand logical and/or
 * whose first operand was counted; then GO_ON is how often it let the
 * evaluation go on to the second (and: true, or: false) and STOP_TO the IR
 * block the first operand alone decides for otherwise. */
static bool split_condition(const struct solver *s, uint32_t g, double *go_on, int *stop_to)
{
    const struct xfunc *xf = s->xf;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[g].bb);
    if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
        return false;
    LLVMValueRef c = LLVMGetCondition(t);
    if (!LLVMIsAInstruction(c) || LLVMGetInstructionParent(c) != xf->blocks[g].bb)
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(c);
    bool is_and;
    if (op == LLVMAnd || op == LLVMOr)
        is_and = op == LLVMAnd;
    else if (op == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(c, 2)) && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 2)) == 0)
        is_and = true; /* select a, b, false */
    else if (op == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(c, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 1)
        is_and = false; /* select a, true, b */
    else
        return false;
    /* its record: the instruction's position in the block */
    uint32_t pos = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xf->blocks[g].bb); i && i != c; i = LLVMGetNextInstruction(i))
        pos++;
    for (uint32_t r = 0; r < xf->nselects; r++) {
        const struct xselect *xs = &xf->selects[r];
        if (xs->block != g || xs->lanes != 1 || xs->kind == SEL_MINMAX || select_position(xf, xs) != pos)
            continue;
        double tc = (double)xf->sel_counts[2 * xs->base], fc = (double)xf->sel_counts[2 * xs->base + 1];
        *go_on = is_and ? tc : fc;
        *stop_to = -1;
        for (uint32_t e = 1; e < xf->nedges; e++)
            if (xf->einfo[e].from == g && xf->einfo[e].kind == (is_and ? EK_FALSE : EK_TRUE))
                *stop_to = (int)xf->einfo[e].to;
        return *stop_to >= 0;
    }
    return false;
}

/* The IR block a machine edge into T arrives at: T's entry group, through
 * blocks without one that code generation created on the edge. */
static int arrives(const struct solver *s, int t)
{
    for (int steps = 0; steps < 8; steps++) {
        if (s->in_g[t] >= 0)
            return s->in_g[t];
        const struct mblock *b = &s->mf->blocks[t];
        if (b->nsucc != 1 || b->npred != 1)
            return -1;
        t = b->succ[0];
    }
    return -1;
}

/* Pair counts N(P -> Z -> Y) for block Z, or -1 when not counted. */
static double pair_count(const struct xfunc *xf, int z, int p, int y)
{
    for (uint32_t k = 0; k < xf->npairs; k++) {
        const struct xpairs *xp = &xf->pairs[k];
        if ((int)xp->block != z || !xp->counts)
            continue;
        double c = 0;
        bool found_in = false;
        for (uint32_t i = 0; i < xp->nin; i++) {
            if (xp->in_edges[i] == 0 || (int)xf->einfo[xp->in_edges[i]].from != p)
                continue;
            found_in = true;
            for (uint32_t j = 0; j < xp->nout; j++)
                if ((int)xf->einfo[xp->out_edges[j]].to == y)
                    c += (double)xp->counts[i * xp->nout + j];
        }
        return found_in ? c : -1;
    }
    return -1;
}

/* Adds: sum of the machine edges leaving blocks with exit group Z (and entry
 * group CTX, or any when CTX is -2) towards IR block Y == RHS. */
static bool edge_constraint(struct solver *s, int z, int ctx, int y, double rhs)
{
    struct mfunc *mf = s->mf;
    int *var = sup_xmalloc((mf->nblocks * 4 + 8) * sizeof *var);
    signed char *coef = sup_xmalloc(mf->nblocks * 4 + 8);
    size_t n = 0;
    for (size_t m = 0; m < mf->nblocks; m++) {
        /* Z's own blocks count whatever their last branch is (a select's
         * branch may skip straight to Y), copies only with a known branch */
        if (s->out_g[m] != z || !(s->out_known[m] || s->in_g[m] == z) ||
            (ctx != -2 && s->in_g[m] != ctx && s->in_g[m] >= 0))
            continue;
        struct mblock *b = &mf->blocks[m];
        /* a block of its own only entered from Z's branch code continues it */
        bool continuation = s->in_g[m] < 0 && b->npred > 0;
        for (size_t p = 0; p < b->npred && continuation; p++)
            continuation = s->out_g[b->pred[p]] == z;
        if (continuation || (s->in_g[m] < 0 && ctx != -2))
            continue;
        for (size_t k = 0; k < b->nsucc; k++) {
            int t = b->succ[k];
            bool to_y = z == y ? t == s->head[y] : arrives(s, t) == y && !(s->in_g[t] == z && s->out_g[t] == z);
            if (to_y) {
                var[n] = evar(s, m, k);
                coef[n++] = 1;
            }
        }
    }
    bool any = n > 0;
    if (any)
        sys_add(&s->sy, var, coef, n, rhs, false);
    free(var);
    free(coef);
    return any;
}

/* A jump-table switch: the machine block dispatching through table T of
 * IR block X's switch, when the table covers exactly its case values
 * (entry i handles value min + i). */
struct jswitch {
    size_t m;              /* the dispatching block */
    int x;                 /* IR block of the switch */
    uint64_t min;
    const struct jtable *t;
};

static bool find_jswitch(struct solver *s, size_t m, struct jswitch *js)
{
    struct mfunc *mf = s->mf;
    const struct xfunc *xf = s->xf;
    struct mblock *b = &mf->blocks[m];
    if (b->jt < 0)
        return false;
    int x = s->out_known[m] ? s->out_g[m] : s->in_g[m];
    if (x < 0)
        return false;
    bool any = false;
    uint64_t lo = 0, hi = 0;
    for (uint32_t e = 1; e < xf->nedges; e++)
        if ((int)xf->einfo[e].from == x && xf->einfo[e].kind == EK_CASE) {
            uint64_t v = xf->einfo[e].case_lo;
            if (!any || v < lo)
                lo = v;
            if (!any || v > hi)
                hi = v;
            any = true;
        }
    const struct jtable *t = &mf->jt[b->jt];
    if (!any || hi - lo + 1 != t->n)
        return false;
    *js = (struct jswitch){.m = m, .x = x, .min = lo, .t = t};
    return true;
}

static int jt_target(const struct mfunc *mf, const struct jswitch *js, uint64_t value)
{
    int number = js->t->targets[value - js->min];
    for (size_t j = 0; j < mf->nblocks; j++)
        if (mf->blocks[j].number == number)
            return (int)j;
    return -1;
}

/* Case targets folded into another block's identical code: the jump table
 * sends their values to a block entered as another IR block. */
static void merged_cases(struct solver *s, int *merged_into)
{
    const struct xfunc *xf = s->xf;
    for (size_t m = 0; m < s->mf->nblocks; m++) {
        struct jswitch js;
        if (!find_jswitch(s, m, &js))
            continue;
        for (uint32_t e = 1; e < xf->nedges; e++) {
            if ((int)xf->einfo[e].from != js.x || xf->einfo[e].kind != EK_CASE)
                continue;
            int y = (int)xf->einfo[e].to;
            int t = jt_target(s->mf, &js, xf->einfo[e].case_lo);
            if (t < 0)
                continue;
            int w = arrives(s, t);
            bool y_has_blocks = false;
            for (size_t k = 0; k < s->mf->nblocks && !y_has_blocks; k++)
                y_has_blocks = s->in_g[k] == y || s->out_g[k] == y;
            if (w >= 0 && w != y && !y_has_blocks)
                merged_into[y] = w;
        }
    }
}

/* The sense of a conditional branch's mnemonic (RISC-V, PowerPC, AVR
 * spellings): 'e' taken when equal, 'n' when not equal, 's' on a strict
 * order (<, >), 'w' on a non-strict one (<=, >=); 0 when unknown. */
static char branch_sense(const char *mn)
{
    static const char *const eq[] = {"beq", "beqz", "breq", "je", "jz", NULL};
    static const char *const ne[] = {"bne", "bnez", "brne", "jne", "jnz", NULL};
    static const char *const strict[] = {"blt", "bltu", "bltz", "bgt", "bgtu", "bgtz", "brlt", "brlo", "brcs",
                                         "jl", "jg", "jb", "ja", "jnge", "jnle", "jnae", "jnbe", NULL};
    static const char *const weak[] = {"bge", "bgeu", "bgez", "ble", "bleu", "blez", "bnl", "bng",
                                       "brge", "brsh", "brcc", "jle", "jge", "jbe", "jae", "jng", "jnl",
                                       "jna", "jnb", NULL};
    char m[16];
    size_t n = strlen(mn);
    if (n >= sizeof m)
        return 0;
    memcpy(m, mn, n + 1);
    while (n > 0 && (m[n - 1] == '+' || m[n - 1] == '-'))
        m[--n] = '\0'; /* PowerPC static prediction hints */
    const char *const *lists[] = {eq, ne, strict, weak};
    const char senses[] = {'e', 'n', 's', 'w'};
    for (int l = 0; l < 4; l++)
        for (const char *const *k = lists[l]; *k; k++)
            if (!strcmp(m, *k))
                return senses[l];
    return 0;
}

/* Whether the taken side of block M's conditional branch is IR block P's
 * true edge (1), its false edge (0), or unknown (-1): from the sense of the
 * machine branch and the predicate of P's icmp condition. */
static int taken_is_true(const struct solver *s, size_t m, int p)
{
    const struct mblock *b = &s->mf->blocks[m];
    const struct minsn *br = NULL;
    for (size_t k = b->ninsns; k-- > 0 && !br;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH)
            br = &b->insns[k];
    if (!br)
        return -1;
    char ms = branch_sense(br->mnemonic);
    LLVMValueRef t = LLVMGetBasicBlockTerminator(s->xf->blocks[p].bb);
    if (!ms || !t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
        return -1;
    LLVMValueRef c = LLVMGetCondition(t);
    if (!LLVMIsAICmpInst(c))
        return -1;
    char is;
    switch (LLVMGetICmpPredicate(c)) {
    case LLVMIntEQ: is = 'e'; break;
    case LLVMIntNE: is = 'n'; break;
    case LLVMIntSLT: case LLVMIntSGT: case LLVMIntULT: case LLVMIntUGT: is = 's'; break;
    default: is = 'w'; break;
    }
    bool eqclass = ms == 'e' || ms == 'n', ireq = is == 'e' || is == 'n';
    if (eqclass != ireq)
        return -1;
    return ms == is;
}

/* The machine block the taken side of M's conditional branch goes to, and
 * the other side (fall-through or final jump), or false. */
static bool branch_sides(const struct solver *s, size_t m, int *taken, int *other)
{
    const struct mblock *b = &s->mf->blocks[m];
    if (b->nsucc != 2)
        return false;
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
            *taken = b->insns[k].target;
            *other = b->succ[0] == *taken ? b->succ[1] : b->succ[0];
            return *taken >= 0 && *other != *taken;
        }
    return false;
}


static bool is_copy(const struct minsn *in)
{
    static const char *const copies[] = {"mv", "mr", "li", "lis", "ldi", "mov", "movw", "lui", NULL};
    for (const char *const *c = copies; *c; c++)
        if (!strcmp(in->mnemonic, *c))
            return true;
    return false;
}

/* Which value the arm (successor ARMK of block M) of select record XS
 * gives: 1 the first (true) value, 0 the second, -1 unknown.
 *  - a constant it loads names the operand equal to it (a comparison's
 *    value: 0 is false);
 *  - min/max and saturation arms give the bound, their second value;
 *  - plain copies are the backend's select expansion, whose arm is the
 *    false value;
 *  - an arm that computes is a value code generation sank into it: the
 *    operand used by the select alone. */
static int arm_sense(const struct solver *s, const struct xselect *xs, int kind, size_t m, int armk)
{
    const struct mfunc *mf = s->mf;
    if (armk < 0)
        return -1;
    const struct mblock *b = &mf->blocks[m];
    const struct mblock *arm = &mf->blocks[b->succ[armk]], *other = &mf->blocks[b->succ[1 - armk]];
    long long imm;
    bool constant = arm_assignment(arm, other, &imm);
    if (kind == SEL_CMP)
        return constant ? imm != 0 : -1;
    if (kind != SEL_SELECT)
        return 0;
    LLVMValueRef sel = select_inst(s->xf, xs);
    if (!sel || LLVMGetInstructionOpcode(sel) != LLVMSelect)
        return -1;
    LLVMValueRef tv = LLVMGetOperand(sel, 1), fv = LLVMGetOperand(sel, 2);
    if (constant) {
        bool t = LLVMIsAConstantInt(tv) && (uint32_t)LLVMConstIntGetSExtValue(tv) == (uint32_t)imm;
        bool f = LLVMIsAConstantInt(fv) && (uint32_t)LLVMConstIntGetSExtValue(fv) == (uint32_t)imm;
        if (t != f)
            return t;
    }
    /* the arm's own instructions (a copy of the other side's code set aside) */
    size_t a = arm->ninsns, o = other->ninsns;
    while (a > 0 && o > 0 && !strcmp(arm->insns[a - 1].mnemonic, other->insns[o - 1].mnemonic) &&
           !strcmp(arm->insns[a - 1].ops, other->insns[o - 1].ops))
        a--, o--;
    bool copies = true;
    for (size_t k = 0; k < a; k++)
        if (!is_control(&arm->insns[k]) && !is_copy(&arm->insns[k]))
            copies = false;
    /* in a diamond both sides compute: the backend's expansion */
    bool triangle = arm->nsucc == 1 && arm->succ[0] == b->succ[1 - armk];
    if (copies || !triangle)
        return 0;
    bool ts = LLVMIsAInstruction(tv) && LLVMGetFirstUse(tv) && !LLVMGetNextUse(LLVMGetFirstUse(tv));
    bool fs = LLVMIsAInstruction(fv) && LLVMGetFirstUse(fv) && !LLVMGetNextUse(LLVMGetFirstUse(fv));
    return ts != fs ? ts : -1;
}

/* Whether equal operands of a min/max whose branch ends block M go to the
 * arm (successor ARMK): a strict comparison ("blt") that skips the arm
 * runs it on equality, a non-strict one ("bge") does not; and the reverse
 * when the branch goes to the arm. 1, 0, or -1 when unknown. */
static int ties_to_arm(const struct solver *s, size_t m, int armk)
{
    const struct mblock *b = &s->mf->blocks[m];
    if (armk < 0)
        return -1;
    for (size_t k = b->ninsns; k-- > 0;)
        if (b->insns[k].isa && b->insns[k].isa->kind == ISA_COND_BRANCH) {
            char sense = branch_sense(b->insns[k].mnemonic);
            if (sense != 's' && sense != 'w')
                return -1;
            bool taken_is_arm = b->insns[k].target == b->succ[armk];
            return (sense == 's') != taken_is_arm;
        }
    return -1;
}

/* The IR block whose code machine block T is, or falls or jumps into
 * through blocks without a group of their own (shared or not), or -1. */
static int flows_into(const struct solver *s, int t)
{
    for (int steps = 0; steps < 8; steps++) {
        if (s->in_g[t] >= 0)
            return s->in_g[t];
        const struct mblock *b = &s->mf->blocks[t];
        if (b->nsucc != 1)
            return -1;
        t = b->succ[0];
    }
    return -1;
}

/* Whether the conditional branch ending block M goes to machine block T
 * exactly when a register equals a constant: "beq"/"bnez"-style sense
 * ("e" taken to T, or "n" falling to T) after a comparison with an
 * immediate ("cmpwi"/"cmplwi r, V" on PowerPC, "li r, V" feeding the branch
 * on RISC-V, "cpi r, V" on AVR; "beqz"/"bnez" compare with 0). */
static bool equality_test(const struct solver *s, size_t m, int t, long long *val)
{
    const struct mblock *b = &s->mf->blocks[m];
    for (size_t k = b->ninsns; k-- > 0;) {
        const struct minsn *br = &b->insns[k];
        if (!br->isa || br->isa->kind != ISA_COND_BRANCH)
            continue;
        char sense = branch_sense(br->mnemonic);
        bool to_t = br->target == t;
        if (!((sense == 'e' && to_t) || (sense == 'n' && !to_t)))
            return false;
        if (!strcmp(br->mnemonic, "beqz") || !strcmp(br->mnemonic, "bnez")) {
            *val = 0;
            return true;
        }
        for (size_t j = k; j-- > 0;) {
            const struct minsn *c = &b->insns[j];
            /* x86 (AT&T): cmpl $V, %reg; testl %r, %r compares with 0 */
            if (!strncmp(c->mnemonic, "cmp", 3) && c->ops[0] == '$') {
                char *end;
                *val = strtoll(c->ops + 1, &end, 0);
                return end != c->ops + 1 && *end == ',';
            }
            if (!strncmp(c->mnemonic, "test", 4)) {
                /* test %r, %r: the register against 0 */
                const char *comma = strchr(c->ops, ',');
                if (!comma)
                    return false;
                const char *second = comma + 1;
                while (*second == ' ')
                    second++;
                *val = 0;
                return strlen(second) == (size_t)(comma - c->ops) && !strncmp(second, c->ops, (size_t)(comma - c->ops));
            }
            if (!strcmp(c->mnemonic, "cmpwi") || !strcmp(c->mnemonic, "cmplwi") || !strcmp(c->mnemonic, "li") ||
                !strcmp(c->mnemonic, "cpi")) {
                const char *comma = strrchr(c->ops, ',');
                char *end;
                if (!comma)
                    return false;
                *val = strtoll(comma + 1, &end, 0);
                return end != comma + 1;
            }
            if (is_control(c))
                return false;
        }
        return false;
    }
    return false;
}

/* Whether vanished IR block V has the shape of present block G: the same
 * number of successors, paired by edge kind (and case value), each pair the
 * same block or, for a vanished one, isomorphic in turn. Records the pairs
 * in MERGED. */
static bool isomorphic(const struct solver *s, const bool *present, int *merged, int v, int g, int depth)
{
    const struct xfunc *xf = s->xf;
    if (depth > 8 || present[v] || !present[g])
        return false;
    merged[v] = g;
    size_t nv = 0, ng = 0;
    for (uint32_t e = 1; e < xf->nedges; e++) {
        nv += (int)xf->einfo[e].from == v;
        ng += (int)xf->einfo[e].from == g;
    }
    if (nv != ng)
        return false;
    for (uint32_t e = 1; e < xf->nedges; e++) {
        if ((int)xf->einfo[e].from != v)
            continue;
        int sv = (int)xf->einfo[e].to, sg = -1;
        for (uint32_t f = 1; f < xf->nedges && sg < 0; f++)
            if ((int)xf->einfo[f].from == g && xf->einfo[f].kind == xf->einfo[e].kind &&
                (xf->einfo[e].kind != EK_CASE || xf->einfo[f].case_lo == xf->einfo[e].case_lo))
                sg = (int)xf->einfo[f].to;
        if (sg < 0)
            return false;
        if (sv == sg || (sv == v && sg == g) || merged[sv] == sg)
            continue;
        if (!isomorphic(s, present, merged, sv, sg, depth + 1))
            return false;
    }
    return true;
}

/* Tail merging: IR block V has no machine code of its own, and the machine
 * edge realising each IR edge P -> V lands in the code of one other IR
 * block G with which P has no IR edge, whose successors are V's: code
 * generation merged V's code into G's. Sets merged_into[V] = G. */
static void merged_tails(struct solver *s, int *merged_into)
{
    const struct xfunc *xf = s->xf;
    const struct mfunc *mf = s->mf;
    bool *present = sup_xcalloc(xf->nblocks + 1, sizeof *present);
    for (size_t m = 0; m < mf->nblocks; m++) {
        if (s->in_g[m] >= 0)
            present[s->in_g[m]] = true;
        if (s->out_g[m] >= 0)
            present[s->out_g[m]] = true;
    }
    for (uint32_t v = 1; v < xf->nblocks; v++) {
        if (present[v] || merged_into[v] >= 0)
            continue;
        int g = -1;
        bool ok = true, any = false;
        for (uint32_t e = 1; e < xf->nedges && ok; e++) {
            if (xf->einfo[e].to != v || xf->einfo[e].from == v)
                continue;
            int p = (int)xf->einfo[e].from;
            enum edge_kind kind = xf->einfo[e].kind;
            any = true;
            /* where P's code goes without an IR edge, on V's side */
            int landing = -1;
            for (size_t m = 0; m < mf->nblocks && landing != -2; m++) {
                if (s->out_g[m] != p || !s->out_known[m])
                    continue;
                int foreign[2], fk[2], nf = 0;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
                    int t = flows_into(s, mf->blocks[m].succ[k]);
                    bool ir = t == p;
                    for (uint32_t f = 1; f < xf->nedges && !ir && t >= 0; f++)
                        ir = (int)xf->einfo[f].from == p && (int)xf->einfo[f].to == t;
                    if (t >= 0 && !ir && nf < 2) {
                        fk[nf] = mf->blocks[m].succ[k];
                        foreign[nf++] = t;
                    }
                }
                int here = -1;
                if (nf == 0)
                    continue;
                if (kind == EK_CASE) {
                    /* a compare chain: the equality test of V's case value */
                    for (int i = 0; i < nf; i++) {
                        long long val;
                        if (equality_test(s, m, fk[i], &val) && (uint32_t)val == (uint32_t)xf->einfo[e].case_lo)
                            here = foreign[i];
                    }
                    if (here < 0)
                        continue;
                } else if (nf == 1 && kind != EK_CASE && kind != EK_DEFAULT) {
                    here = foreign[0];
                } else if (nf == 2 && (kind == EK_TRUE || kind == EK_FALSE)) {
                    int tk, ot, tt = taken_is_true(s, m, p);
                    if (tt >= 0 && branch_sides(s, m, &tk, &ot))
                        here = flows_into(s, (kind == EK_TRUE) == (tt == 1) ? tk : ot);
                }
                if (here < 0)
                    landing = -2;
                else
                    landing = landing == -1 || landing == here ? here : -2;
            }
            if (landing == -1)
                continue; /* nothing to say: its branch is not known */
            if (landing < 0 || (g >= 0 && g != landing))
                ok = false;
            else
                g = landing;
        }
        if (!any || !ok || g < 0)
            continue;
        /* V's successors must be G's, or vanished blocks merged into G's in
         * turn (a whole region merged with an identical one) */
        int *tmp = sup_xmalloc((xf->nblocks + 1) * sizeof *tmp);
        memcpy(tmp, merged_into, xf->nblocks * sizeof *tmp);
        if (isomorphic(s, present, tmp, v, g, 0))
            memcpy(merged_into, tmp, xf->nblocks * sizeof *tmp);
        free(tmp);
    }
    free(present);
}

/* Partial tail merging: the code of IR block P ends by jumping or falling
 * into the code of another IR block G with which P has no IR edge, and P's
 * successors are G's: code generation merged P's last instructions and
 * terminator into G's, so P's out-edges are realised by G's branches. Sets
 * out_merge[P] = G. */
static void merged_partial_tails(struct solver *s, const int *merged_into, int *out_merge)
{
    const struct xfunc *xf = s->xf;
    const struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        int p = s->out_g[m];
        if (p < 0 || merged_into[p] >= 0 || out_merge[p] == -2)
            continue;
        for (size_t k = 0; k < mf->blocks[m].nsucc; k++) {
            int g = s->in_g[mf->blocks[m].succ[k]];
            if (g < 0 || g == p)
                continue;
            bool ir = false, subset = true, any = false;
            for (uint32_t e = 1; e < xf->nedges && !ir; e++)
                ir = (int)xf->einfo[e].from == p && (int)xf->einfo[e].to == g;
            for (uint32_t e = 1; e < xf->nedges && subset && !ir; e++) {
                if ((int)xf->einfo[e].from != p)
                    continue;
                any = true;
                bool shared = false;
                for (uint32_t f = 1; f < xf->nedges && !shared; f++)
                    shared = (int)xf->einfo[f].from == g && xf->einfo[f].to == xf->einfo[e].to;
                subset = shared;
            }
            if (ir || !subset || !any)
                continue;
            out_merge[p] = out_merge[p] == -1 || out_merge[p] == g ? g : -2;
        }
    }
    for (uint32_t b = 0; b < xf->nblocks; b++)
        if (out_merge[b] == -2)
            out_merge[b] = -1;
}

static void build_view(struct solver *s)
{
    const struct xfunc *xf = s->xf;
    struct irview *v = &s->ir;
    int *merged_into = sup_xcalloc(xf->nblocks + 1, sizeof *merged_into);
    for (uint32_t b = 0; b < xf->nblocks; b++)
        merged_into[b] = -1;
    merged_cases(s, merged_into);
    merged_tails(s, merged_into);
    int *out_merge = sup_xcalloc(xf->nblocks + 1, sizeof *out_merge);
    for (uint32_t b = 0; b < xf->nblocks; b++)
        out_merge[b] = -1;
    merged_partial_tails(s, merged_into, out_merge);
    for (uint32_t e = 1; e < xf->nedges; e++) {
        int from = (int)xf->einfo[e].from, to = (int)xf->einfo[e].to;
        if (merged_into[from] >= 0)
            from = merged_into[from];
        else if (out_merge[from] >= 0)
            from = out_merge[from];
        if (merged_into[to] >= 0)
            to = merged_into[to];
        view_add(v, from, to, (double)xf->edges[e].count);
    }
    bool *present = sup_xcalloc(xf->nblocks + 1, sizeof *present);
    for (size_t m = 0; m < s->mf->nblocks; m++) {
        if (s->in_g[m] >= 0)
            present[s->in_g[m]] = true;
        if (s->out_g[m] >= 0)
            present[s->out_g[m]] = true;
    }
    for (uint32_t b = 0; b < xf->nblocks; b++)
        if (merged_into[b] >= 0)
            present[b] = true; /* its edges moved to the block it merged into */
    free(merged_into);
    free(out_merge);
    for (uint32_t b = 1; b < xf->nblocks; b++) {
        if (present[b])
            continue;
        int nin = 0, nout = 0, pred = -1, succ = -1;
        for (uint32_t e = 0; e < v->n; e++) {
            if (v->to[e] == (int)b && v->from[e] != (int)b)
                nin++, pred = v->from[e];
            if (v->from[e] == (int)b && v->to[e] != (int)b)
                nout++, succ = v->to[e];
        }
        uint32_t n0 = v->n;
        if (nout == 1) {
            for (uint32_t e = 0; e < n0; e++)
                if (v->to[e] == (int)b && v->from[e] != (int)b)
                    view_add(v, v->from[e], succ, v->count[e]);
        } else if (nin == 1) {
            for (uint32_t e = 0; e < n0; e++)
                if (v->from[e] == (int)b && v->to[e] != (int)b)
                    view_add(v, pred, v->to[e], v->count[e]);
        } else {
            continue;
        }
        /* drop B's edges */
        uint32_t k = 0;
        for (uint32_t e = 0; e < v->n; e++)
            if (v->from[e] != (int)b && v->to[e] != (int)b) {
                v->from[k] = v->from[e];
                v->to[k] = v->to[e];
                v->count[k++] = v->count[e];
            }
        v->n = k;
    }
    free(present);
}

/* The constraint of select record R on the edges VAR[0..NV) into its arms,
 * from the heads of R (all of them, or block ONLY). */
static void select_constraint(struct solver *s, uint32_t r, int only, int *var, signed char *coef, size_t nv)
{
    const struct xfunc *xf = s->xf;
    size_t n = s->mf->nblocks;
    /* R past the records: the compare view of record R - nselects */
    const struct xselect *xs = &xf->selects[r % xf->nselects];
    int kind = r >= xf->nselects ? SEL_CMP : xs->kind;
    /* vector lanes each become a branch of their own, in an order of
     * the scheduler's choosing: their sum is known */
    double first = 0, second = 0, ties = 0;
    for (uint32_t l = 0; l < xs->lanes; l++) {
        first += (double)xf->sel_counts[2 * (xs->base + l)];
        second += (double)xf->sel_counts[2 * (xs->base + l) + 1];
        if (xs->ties != UINT32_MAX)
            ties += (double)xf->sel_counts[2 * (xs->ties + l)];
    }
    /* which value the arm gives: agreed by every copy */
    int sense = -1;
    for (size_t m = 0; m < n && sense != -2; m++) {
        if (s->sel_head[m] != (int)r || (only >= 0 && (int)m != only))
            continue;
        int v = arm_sense(s, xs, kind, m, select_arm(s, m));
        sense = sense == -1 || sense == v ? v : -2;
    }
    if (sense == 1) {
        double t = first;
        first = second;
        second = t;
    } else if (sense < 0) {
        /* either value: only bounds */
        double lo = first < second ? first : second, hi = first < second ? second : first;
        sys_add(&s->sy, var, coef, nv, lo, true);
        for (size_t i = 0; i < nv; i++)
            coef[i] = -1;
        sys_add(&s->sy, var, coef, nv, -(hi + ties), true);
        return;
    }
    bool hoisted = false;
    for (size_t m = 0; m < n; m++)
        hoisted |= s->sel_head[m] == (int)r && (only < 0 || (int)m == only) && s->in_g[m] != (int)xs->block;
    if (ties > 0 && !hoisted) {
        /* equal operands go where the branch's strictness sends them */
        int to_arm = -1;
        for (size_t m = 0; m < n && to_arm != -2; m++) {
            if (s->sel_head[m] != (int)r || (only >= 0 && (int)m != only))
                continue;
            int v = ties_to_arm(s, m, select_arm(s, m));
            to_arm = to_arm == -1 || to_arm == v ? v : -2;
        }
        if (to_arm >= 0) {
            if (to_arm)
                second += ties;
            ties = 0;
        }
    }
    if (hoisted) {
        /* code generation moved the comparison to a block that runs it
         * on paths where the IR did not: those runs go either way, so
         * only bounds are known: arm >= second, other side >= first - ties */
        sys_add(&s->sy, var, coef, nv, second, true);
        size_t k = 0;
        for (size_t m = 0; m < n; m++) {
            if (s->sel_head[m] != (int)r || (only >= 0 && (int)m != only))
                continue;
            int arm = select_arm(s, m);
            var[k] = evar(s, m, (size_t)(1 - arm));
            coef[k++] = 1;
        }
        sys_add(&s->sy, var, coef, k, first - ties, true);
    } else if (ties == 0) {
        sys_add(&s->sy, var, coef, nv, second, false);
    } else {
        sys_add(&s->sy, var, coef, nv, second, true);
        for (size_t i = 0; i < nv; i++)
            coef[i] = -1;
        sys_add(&s->sy, var, coef, nv, -(second + ties), true);
    }
}

/* How many branches code generation makes for select record R's value:
 * one per register-sized piece (16 bits on AVR, whose select pseudos
 * handle 8 and 16 bits; 32 elsewhere). */
static size_t select_parts(const struct solver *s, uint32_t r)
{
    LLVMValueRef sel = select_inst(s->xf, &s->xf->selects[r]);
    if (!sel)
        return 1;
    LLVMTypeRef t = LLVMTypeOf(sel);
    unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 32;
    LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(sel)));
    const char *triple = LLVMGetTarget(mod);
    unsigned reg = triple && !strncmp(triple, "avr", 3) ? 16 : 32;
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
        return 1;
    return bits <= reg ? 1 : (bits + reg - 1) / reg;
}

/* Whether machine block A dominates B (every path from the entry to B
 * passes through A). */
static bool dominates(const struct solver *s, int a, int b)
{
    const struct mfunc *mf = s->mf;
    if (a == b || a == 0)
        return true;
    bool *seen = sup_xcalloc(mf->nblocks + 1, sizeof *seen);
    int *stack = sup_xmalloc((mf->nblocks + 1) * sizeof *stack);
    size_t sp = 0;
    stack[sp++] = 0;
    seen[0] = true;
    bool reached = false;
    while (sp && !reached) {
        int m = stack[--sp];
        reached = m == b;
        for (size_t k = 0; k < mf->blocks[m].nsucc && !reached; k++) {
            int t = mf->blocks[m].succ[k];
            if (t != a && !seen[t]) {
                seen[t] = true;
                stack[sp++] = t;
            }
        }
    }
    free(seen);
    free(stack);
    return !reached;
}

static void build(struct solver *s)
{
    struct mfunc *mf = s->mf;
    const struct xfunc *xf = s->xf;
    size_t n = mf->nblocks;
    int *var = sup_xmalloc((4 * n + 8) * sizeof *var);
    signed char *coef = sup_xmalloc(4 * n + 8);
    /* flow conservation */
    for (size_t m = 0; m < n; m++) {
        struct mblock *b = &mf->blocks[m];
        size_t k = 0;
        var[k] = bvar(s, m), coef[k++] = 1;
        for (size_t p = 0; p < b->npred; p++) {
            struct mblock *pb = &mf->blocks[b->pred[p]];
            for (size_t j = 0; j < pb->nsucc; j++)
                if (pb->succ[j] == (int)m)
                    var[k] = evar(s, (size_t)b->pred[p], j), coef[k++] = -1;
        }
        sys_add(&s->sy, var, coef, k, m == 0 ? (double)xf->edges[0].count : 0, false);
        k = 0;
        var[k] = bvar(s, m), coef[k++] = 1;
        for (size_t j = 0; j < b->nsucc; j++)
            var[k] = evar(s, m, j), coef[k++] = -1;
        sys_add(&s->sy, var, coef, k, 0, b->exits || !b->nsucc);
    }
    s->nflow = s->sy.nc; /* certain; what follows is inferred and may be wrong */
    /* jump tables: each entry handles one value, so an edge from the table to
     * a block that no hole of the table reaches carries exactly its values'
     * case counts */
    bool *jt_switch = sup_xcalloc(xf->nblocks + 1, sizeof *jt_switch);
    for (size_t m = 0; m < n; m++) {
        struct jswitch js;
        if (!find_jswitch(s, m, &js))
            continue;
        jt_switch[js.x] = true;
        struct mblock *b = &mf->blocks[m];
        for (size_t k = 0; k < b->nsucc; k++) {
            double c = 0;
            bool hole = false;
            for (uint64_t i = 0; i < js.t->n; i++) {
                if (jt_target(mf, &js, js.min + i) != b->succ[k])
                    continue;
                bool is_case = false;
                for (uint32_t e = 1; e < xf->nedges; e++)
                    if ((int)xf->einfo[e].from == js.x && xf->einfo[e].kind == EK_CASE &&
                        xf->einfo[e].case_lo == js.min + i) {
                        c += (double)xf->edges[e].count;
                        is_case = true;
                    }
                hole |= !is_case;
            }
            if (hole)
                continue;
            var[0] = evar(s, m, k);
            coef[0] = 1;
            sys_add(&s->sy, var, coef, 1, c, false);
        }
    }
    /* IR edges, split between copies of their source */
    build_view(s);
    for (uint32_t e = 0; e < s->ir.n; e++) {
        int z = s->ir.from[e], y = s->ir.to[e];
        double total = s->ir.count[e];
        bool is_case_edge = false;
        for (uint32_t f = 1; f < xf->nedges && jt_switch[z]; f++)
            is_case_edge |= (int)xf->einfo[f].from == z && xf->einfo[f].kind == EK_CASE;
        if (jt_switch[z] && is_case_edge) {
            bool only_cases = true;
            for (uint32_t f = 1; f < xf->nedges; f++)
                if ((int)xf->einfo[f].from == z && (int)xf->einfo[f].to == y && xf->einfo[f].kind != EK_CASE)
                    only_cases = false;
            if (only_cases)
                continue; /* the table's constraints say it better */
        }
        /* contexts: copies of Z's terminator in other IR blocks' code */
        int ctx[64];
        size_t nctx = 0;
        for (size_t m = 0; m < n && nctx < 64; m++)
            if (s->out_g[m] == z && s->out_known[m] && s->in_g[m] != z) {
                bool seen = false;
                for (size_t c = 0; c < nctx; c++)
                    seen |= ctx[c] == s->in_g[m];
                if (!seen)
                    ctx[nctx++] = s->in_g[m];
            }
        /* a partial copy (its branch continues into Z's own blocks) runs
         * Z's remaining code in place: no split by context */
        bool split = nctx > 0;
        for (size_t m = 0; m < n && split; m++)
            if (s->out_g[m] == z && s->out_known[m] && s->in_g[m] != z)
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    if (s->in_g[mf->blocks[m].succ[k]] == z && mf->blocks[m].succ[k] != s->head[y])
                        split = false;
        double rest = total;
        for (size_t c = 0; c < nctx && split; c++) {
            double pc = ctx[c] >= 0 ? pair_count(xf, z, ctx[c], y) : -1;
            if (pc < 0)
                split = false;
            else
                rest -= pc;
        }
        if (split) {
            for (size_t c = 0; c < nctx; c++)
                edge_constraint(s, z, ctx[c], y, pair_count(xf, z, ctx[c], y));
            edge_constraint(s, z, z, y, rest);
        } else {
            edge_constraint(s, z, -2, y, total);
        }
    }
    free(jt_switch);
    /* heads run as often as the in-edges that reach them */
    for (uint32_t g = 0; g < xf->nblocks; g++) {
        int h = s->head[g];
        if (h < 0)
            continue;
        double c = h == 0 ? (double)xf->edges[0].count : 0;
        bool ok = true;
        /* code shared by several IR blocks' paths (an unnamed block with
         * several entries) leads in: whose it is, is unknown */
        for (size_t p = 0; p < mf->blocks[h].npred && ok; p++) {
            int q = mf->blocks[h].pred[p];
            ok = !(s->in_g[q] < 0 && s->out_g[q] < 0 && mf->blocks[q].npred > 1);
        }
        for (uint32_t e = 0; e < s->ir.n && ok; e++) {
            if (s->ir.to[e] != (int)g || !s->ir.count[e])
                continue;
            if (s->ir.from[e] == (int)g) {
                c += s->ir.count[e]; /* the loop's back edge enters the head */
                continue;
            }
            int p = s->ir.from[e];
            /* reaches the head through a machine edge, or is inside a copy */
            bool reaches = false, copied = false;
            for (size_t m = 0; m < n; m++) {
                if (s->in_g[m] == p && s->out_g[m] == (int)g && s->out_known[m])
                    copied = true;
                if (s->out_g[m] != p)
                    continue;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    if (mf->blocks[m].succ[k] == h ||
                        (s->in_g[mf->blocks[m].succ[k]] < 0 && arrives(s, mf->blocks[m].succ[k]) == (int)g))
                        reaches = true;
            }
            if (reaches && !copied)
                c += s->ir.count[e];
            else if (!copied || reaches)
                ok = false; /* neither, or both: unknown */
        }
        if (ok) {
            /* copies of G's first branches elsewhere continue into the head
             * when they do not leave */
            size_t nv = 0;
            var[nv] = bvar(s, (size_t)h);
            coef[nv++] = 1;
            for (size_t m = 0; m < n; m++) {
                if ((int)m == h)
                    continue;
                int p = s->out_g[m];
                bool copy = p == (int)g && s->in_g[m] >= 0 && s->in_g[m] != (int)g && s->out_known[m];
                /* tail merging: another IR block's identical code was
                 * merged into G's, so its blocks jump to G's head without an
                 * IR edge from it */
                bool merged = p >= 0 && p != (int)g && s->in_g[m] != (int)g;
                for (uint32_t e = 0; e < s->ir.n && merged; e++)
                    merged = !(s->ir.from[e] == p && s->ir.to[e] == (int)g);
                if (!copy && !merged)
                    continue;
                for (size_t k = 0; k < mf->blocks[m].nsucc; k++)
                    if (mf->blocks[m].succ[k] == h) {
                        var[nv] = evar(s, m, k);
                        coef[nv++] = -1;
                    }
            }
            sys_add(&s->sy, var, coef, nv, c, false);
        }
    }
    /* branches on a && b / a || b split in two: the second test runs as
     * often as the first operand let the evaluation go on */
    for (uint32_t g = 0; g < xf->nblocks; g++) {
        double go_on;
        int stop_to;
        if (!split_condition(s, g, &go_on, &stop_to))
            continue;
        int found = -1;
        for (size_t m = 0; m < n && found != -2; m++) {
            const struct mblock *b = &mf->blocks[m];
            if (s->in_g[m] != (int)g || s->out_g[m] != (int)g || b->npred != 1 || b->nsucc != 2)
                continue;
            int p = b->pred[0];
            const struct mblock *pb = &mf->blocks[p];
            if (s->in_g[p] != (int)g || pb->nsucc != 2)
                continue;
            int other = pb->succ[0] == (int)m ? pb->succ[1] : pb->succ[1] == (int)m ? pb->succ[0] : -1;
            if (other < 0 || (other != b->succ[0] && other != b->succ[1]) || arrives(s, other) != stop_to)
                continue;
            found = found == -1 ? (int)m : -2;
        }
        if (found >= 0) {
            var[0] = bvar(s, (size_t)found);
            coef[0] = 1;
            sys_add(&s->sy, var, coef, 1, go_on, false);
        }
    }
    /* shift loops code generation made of a shift by a variable amount
     * (AVR expands 32-bit ones into "shift.loop" blocks): the body runs the
     * sum of the amounts, its preheader once per non-zero amount */
    for (size_t m = 0; m < n; m++) {
        const struct mblock *b = &mf->blocks[m];
        if (!b->ir_name || strncmp(b->ir_name, "shift.loop", 10))
            continue;
        bool preheader = strstr(b->ir_name, ".preheader") != NULL;
        /* the loop's first block: entered from outside the loop */
        bool first = false;
        for (size_t p = 0; p < b->npred; p++) {
            const char *pn = mf->blocks[b->pred[p]].ir_name;
            first |= !pn || strcmp(pn, b->ir_name);
        }
        if (!first)
            continue;
        /* the shift the loop came from: the loop's own located instructions
         * (a preheader has none: its loop's) */
        uint32_t ord = 0;
        size_t len = strlen(b->ir_name) - (preheader ? strlen(".preheader") : 0);
        for (size_t q = 0; q < n && !ord; q++) {
            const struct mblock *lb = &mf->blocks[q];
            if (!lb->ir_name || strlen(lb->ir_name) != len || strncmp(lb->ir_name, b->ir_name, len))
                continue;
            for (size_t k = 0; k < lb->ninsns && !ord; k++)
                if (lb->insns[k].src_col == EST_PROVENANCE_COLUMN && lb->insns[k].src_line &&
                    lb->insns[k].src_line <= s->nord)
                    ord = lb->insns[k].src_line;
        }
        for (uint32_t r = 0; r < xf->nselects && ord; r++) {
            const struct xselect *xs = &xf->selects[r];
            if (xs->kind != SEL_SHIFT || ordinal_of(s, xs->block, select_position(xf, xs)) != ord)
                continue;
            double total = 0;
            for (uint32_t a = 1; a < 64; a++)
                total += (double)xf->sel_counts[2 * xs->base + a] * (preheader ? 1 : a);
            var[0] = bvar(s, m);
            coef[0] = 1;
            sys_add(&s->sy, var, coef, 1, total, false);
        }
    }
    /* branches on a boolean kept in a register (AVR): taken as often as
     * the paths into them bring a value that sends them there */
    for (size_t m = 0; m < n; m++) {
        int taken;
        struct est_flag_origin *o;
        size_t nt, no = est_flag_test(mf, m, &taken, &o, &nt);
        const struct mblock *b = &mf->blocks[m];
        size_t nv = 0;
        for (size_t j = 0; j < b->nsucc && no; j++)
            if (b->succ[j] == taken)
                var[nv] = evar(s, m, j), coef[nv++] = 1;
        bool ok = nv == 1 && no < 4 * n;
        for (size_t i = 0; i < nt && ok; i++) {
            int v = evar(s, (size_t)o[i].block, o[i].succ);
            ok = v != var[0];
            var[nv] = v, coef[nv++] = -1;
        }
        if (ok) {
            if (s->trace)
                fprintf(stderr, "  flag test [%zu]: taken on %zu of %zu paths\n", m, nt, no);
            sys_add(&s->sy, var, coef, nv, 0, false);
        }
        free(o);
    }
    /* per-bit loops inside a block: AVR shifts a 16-bit value, or rotates
     * a wider one (after swapping its halves on bit 4), by a variable
     * amount with `dec; brmi` around `lsl; rol; dec; brpl`. A loop of k
     * shift instructions moves a k-byte group: it runs the amount mod 8k
     * times, or for a rotate's opposite half, which shifts one bit ahead,
     * 8k - 1 minus that */
    for (size_t m = 0; m < n; m++) {
        const struct mblock *b = &mf->blocks[m];
        size_t k = 0, self = b->nsucc;
        for (size_t j = 0; j < b->nsucc; j++)
            if (b->succ[j] == (int)m)
                self = j;
        if (self == b->nsucc || b->ninsns < 3 || (b->ir_name && !strncmp(b->ir_name, "shift.loop", 10)) ||
            strcmp(b->insns[b->ninsns - 2].mnemonic, "dec") || strcmp(b->insns[b->ninsns - 1].mnemonic, "brpl"))
            continue;
        bool left = !strcmp(b->insns[0].mnemonic, "lsl") || !strcmp(b->insns[0].mnemonic, "rol"), ok = true;
        for (; k + 2 < b->ninsns; k++) {
            const char *mn = b->insns[k].mnemonic;
            ok &= left ? !strcmp(mn, "lsl") || !strcmp(mn, "rol")
                       : !strcmp(mn, "lsr") || !strcmp(mn, "asr") || !strcmp(mn, "ror");
        }
        uint32_t ord = 0;
        for (size_t i = 0; i < b->ninsns && !ord; i++)
            if (b->insns[i].src_col == EST_PROVENANCE_COLUMN && b->insns[i].src_line <= s->nord)
                ord = b->insns[i].src_line;
        int found = -1;
        for (uint32_t r = 0; r < xf->nselects && ok && ord && found != -2; r++) {
            const struct xselect *xs = &xf->selects[r];
            if (xs->kind == SEL_SHIFT && ordinal_of(s, xs->block, select_position(xf, xs)) == ord)
                found = found == -1 ? (int)r : -2;
        }
        if (found < 0)
            continue;
        const struct xselect *xs = &xf->selects[found];
        LLVMValueRef si = select_inst(xf, xs);
        bool rotate = false, shift_left = false;
        if (si && LLVMGetInstructionOpcode(si) == LLVMCall) {
            const char *fn = LLVMGetValueName(LLVMGetCalledValue(si));
            rotate = !strncmp(fn, "llvm.fsh", 8) && LLVMGetOperand(si, 0) == LLVMGetOperand(si, 1);
            shift_left = !strncmp(fn, "llvm.fshl", 9);
        } else if (si) {
            shift_left = LLVMGetInstructionOpcode(si) == LLVMShl;
        }
        if (!si || (!rotate && shift_left != left))
            continue;
        uint32_t mod = 8 * (uint32_t)k;
        bool opposite = rotate && shift_left != left;
        /* entered past a `dec; brmi` (skipped when there is nothing to do),
         * or straight after the other half's loop: then the one-bit shift
         * ahead is folded in, a do-while that runs once more */
        size_t nv = 0;
        bool guarded = true;
        for (size_t p = 0; p < b->npred && guarded; p++) {
            const struct mblock *pb = &mf->blocks[b->pred[p]];
            if (b->pred[p] == (int)m)
                continue;
            guarded = pb->ninsns >= 2 && !strcmp(pb->insns[pb->ninsns - 1].mnemonic, "brmi") &&
                      !strcmp(pb->insns[pb->ninsns - 2].mnemonic, "dec");
            for (size_t j = 0; j < pb->nsucc && guarded; j++)
                if (pb->succ[j] == (int)m)
                    var[nv] = evar(s, (size_t)b->pred[p], j), coef[nv++] = 1;
        }
        if (!guarded && !opposite)
            continue;
        double total = 0, entered = 0;
        for (uint32_t a = 0; a < 64; a++) {
            double h = (double)xf->sel_counts[2 * xs->base + a];
            uint32_t times = (opposite ? mod - 1 - a % mod : a % mod) + !guarded;
            total += h * times;
            entered += times ? h : 0;
        }
        if (s->trace)
            fprintf(stderr, "  per-bit loop [%zu]: %s of %u bits, %s half%s: %g times\n", m,
                    rotate ? "rotate" : "shift", mod, opposite ? "opposite" : "same", guarded ? "" : ", do-while",
                    total);
        if (guarded && nv)
            sys_add(&s->sy, var, coef, nv, entered, false);
        var[0] = bvar(s, m);
        coef[0] = 1;
        sys_add(&s->sy, var, coef, 1, total, false);
    }
    /* select arms: the edges into the arm (the side that gives the select's
     * second value, or the first: see arm_sense) carry its count, summed
     * over copies of the select's branch on different paths; the parts of a
     * select split in several (a wide value on a narrow core), one after
     * the other, each carry it */
    for (uint32_t r = 0; r < 2 * xf->nselects; r++) {
        size_t nv = 0, nh = 0;
        bool ok = true;
        int heads[16];
        const struct xselect *rec = &xf->selects[r % xf->nselects];
        for (size_t m = 0; m < n && ok; m++) {
            if (s->sel_head[m] != (int)r)
                continue;
            int k = select_arm(s, m);
            if (k < 0 || nh == 16)
                ok = false;
            else {
                heads[nh++] = (int)m;
                var[nv] = evar(s, m, (size_t)k);
                coef[nv++] = 1;
            }
        }
        if (!ok || nv == 0)
            continue;
        /* (a signed saturation's two branches test different bounds) */
        bool ordered = nh > 1 && rec->lanes == 1 && rec->kind != SEL_SAT, apart = true;
        for (size_t i = 0; i < nh; i++)
            for (size_t j = i + 1; j < nh; j++) {
                bool related = dominates(s, heads[i], heads[j]) || dominates(s, heads[j], heads[i]);
                ordered &= related;
                apart &= !related;
            }
        if (ordered) {
            /* one after the other: the select's value is made by its last
             * parts (one per register-sized piece); earlier branches with
             * its location compute its condition (a wide comparison) */
            for (size_t i = 0; i < nh; i++)
                for (size_t j = i + 1; j < nh; j++)
                    if (dominates(s, heads[j], heads[i])) {
                        int t = heads[i];
                        heads[i] = heads[j];
                        heads[j] = t;
                    }
            size_t parts = r >= xf->nselects ? 1 : select_parts(s, r);
            for (size_t i = nh > parts ? nh - parts : 0; i < nh; i++) {
                var[0] = evar(s, (size_t)heads[i], (size_t)select_arm(s, (size_t)heads[i]));
                coef[0] = 1;
                select_constraint(s, r, heads[i], var, coef, 1);
            }
        } else if (apart || rec->lanes > 1 || rec->kind == SEL_SAT) {
            /* copies on different paths, or one branch per vector lane or
             * bound, in the scheduler's order: the sum is known */
            select_constraint(s, r, -1, var, coef, nv);
        }
    }
    free(var);
    free(coef);
}

/* Development trace: one constraint with its variables' intervals. */
static void trace_constraint(const struct solver *s, const struct cons *c)
{
    size_t n = s->mf->nblocks;
    for (size_t k = 0; k < c->n; k++) {
        int v = c->var[k];
        if ((size_t)v < n)
            fprintf(stderr, " %+d*b%d[%g,%g]", c->coef[k], v, s->sy.lo[v], s->sy.hi[v]);
        else {
            size_t m = 0;
            while (m + 1 < n && s->evar[m + 1] <= v)
                m++;
            fprintf(stderr, " %+d*e%zu->%d[%g,%g]", c->coef[k], m, s->mf->blocks[m].succ[v - s->evar[m]], s->sy.lo[v],
                    s->sy.hi[v]);
        }
    }
    fprintf(stderr, " %s %g\n", c->ge ? ">=" : "=", c->rhs);
}

static void record(struct solver *s, bool estimated)
{
    struct mfunc *mf = s->mf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        struct mblock *b = &mf->blocks[m];
        int v = bvar(s, m);
        b->count = (s->sy.lo[v] + (s->sy.hi[v] < INF ? s->sy.hi[v] : s->sy.lo[v])) / 2;
        b->lo = s->sy.lo[v];
        b->hi = s->sy.hi[v];
        b->source = estimated || s->sy.tainted[v] ? MC_ESTIMATE : MC_FLOW;
        for (size_t k = 0; k < b->nsucc; k++) {
            int ev = evar(s, m, k);
            b->succ_count[k] = (s->sy.lo[ev] + (s->sy.hi[ev] < INF ? s->sy.hi[ev] : s->sy.lo[ev])) / 2;
        }
    }
}

/* Fixes one open variable by an even split of what a block still sends out;
 * returns false when everything is fixed. */
static bool estimate_one(struct solver *s, int *fixed)
{
    struct mfunc *mf = s->mf;
    struct system *sy = &s->sy;
    for (size_t m = 0; m < mf->nblocks; m++) {
        struct mblock *b = &mf->blocks[m];
        int bv = bvar(s, m);
        if (!sys_fixed(sy, bv) || b->exits)
            continue;
        double out = 0;
        size_t open = 0;
        int first = -1;
        for (size_t k = 0; k < b->nsucc; k++) {
            int ev = evar(s, m, k);
            if (sys_fixed(sy, ev))
                out += sy->lo[ev];
            else if (open++ == 0)
                first = ev;
        }
        if (!open)
            continue;
        double share = (sy->lo[bv] - out) / (double)open;
        if (share < sy->lo[first])
            share = sy->lo[first];
        if (share > sy->hi[first])
            share = sy->hi[first];
        sy->lo[first] = sy->hi[first] = share;
        sy->tainted[first] = true;
        *fixed = first;
        return true;
    }
    for (size_t v = 0; v < sy->nvars; v++)
        if (!sys_fixed(sy, (int)v)) {
            double x = sy->hi[v] < INF ? (sy->lo[v] + sy->hi[v]) / 2 : sy->lo[v];
            sy->lo[v] = sy->hi[v] = x;
            sy->tainted[v] = true;
            *fixed = (int)v;
            return true;
        }
    return false;
}

/* Relaxing is trusted only when it drops this few inferences. */
enum { RELAX_MAX_DROPPED = 8 };

/* The constraints contradict each other: some inference about the machine
 * code was wrong. Starting from flow conservation alone (always true), the
 * inferred constraints are taken back one at a time, in the order they were
 * made, each kept only if the system stays consistent with it. */
static void relax(struct solver *s)
{
    struct system *sy = &s->sy;
    size_t nc = sy->nc, w = s->nflow;
    double *lo = sup_xmalloc((sy->nvars + 1) * sizeof *lo), *hi = sup_xmalloc((sy->nvars + 1) * sizeof *hi);
    for (size_t v = 0; v < sy->nvars; v++) {
        sy->lo[v] = 0;
        sy->hi[v] = INF;
    }
    sy->conflict = false;
    sy->first_conflict = -1;
    sy->nc = s->nflow;
    sys_solve(sy);
    for (size_t i = s->nflow; i < nc; i++) {
        memcpy(lo, sy->lo, sy->nvars * sizeof *lo);
        memcpy(hi, sy->hi, sy->nvars * sizeof *hi);
        struct cons c = sy->c[i];
        sy->c[w] = c;
        sy->nc = w + 1;
        sys_solve(sy);
        if (sy->conflict) {
            if (s->trace) {
                fprintf(stderr, "  dropped (contradicts the others):");
                trace_constraint(s, &c);
            }
            s->dropped = sup_xrealloc(s->dropped, (s->nrejected + 1) * sizeof *s->dropped);
            s->dropped[s->nrejected] = c;
            memcpy(sy->lo, lo, sy->nvars * sizeof *lo);
            memcpy(sy->hi, hi, sy->nvars * sizeof *hi);
            sy->conflict = false;
            sy->first_conflict = -1;
            sy->nc = w;
            s->nrejected++;
        } else {
            w++;
        }
    }
    sy->nc = w;
    free(lo);
    free(hi);
}

/* Fixes what is still open, one estimate at a time, each followed by
 * propagation; returns true when an estimate contradicts the constraints. */
static bool estimate_rest(struct solver *s)
{
    struct system *sy = &s->sy;
    bool conflict = sy->conflict;
    int v;
    bool *was = sup_xcalloc(sy->nvars + 1, sizeof *was);
    double *lo = sup_xmalloc((sy->nvars + 1) * sizeof *lo), *hi = sup_xmalloc((sy->nvars + 1) * sizeof *hi);
    bool *tainted = sup_xmalloc((sy->nvars + 1) * sizeof *tainted);
    for (;;) {
        if (conflict)
            break;
        memcpy(lo, sy->lo, sy->nvars * sizeof *lo);
        memcpy(hi, sy->hi, sy->nvars * sizeof *hi);
        memcpy(tainted, sy->tainted, sy->nvars * sizeof *tainted);
        if (!estimate_one(s, &v))
            break;
        for (size_t k = 0; k < sy->nvars; k++)
            was[k] = sys_fixed(sy, (int)k) && (int)k != v;
        sys_solve(sy);
        /* an even split the constraints refuse: the variable's bounds */
        for (int bound = 0; sy->conflict && bound < 2; bound++) {
            double x = bound ? hi[v] : lo[v];
            memcpy(sy->lo, lo, sy->nvars * sizeof *lo);
            memcpy(sy->hi, hi, sy->nvars * sizeof *hi);
            memcpy(sy->tainted, tainted, sy->nvars * sizeof *tainted);
            sy->conflict = false;
            sy->first_conflict = -1;
            if (x >= INF) {
                sy->conflict = true;
                continue;
            }
            sy->lo[v] = sy->hi[v] = x;
            sy->tainted[v] = true;
            sys_solve(sy);
        }
        for (size_t k = 0; k < sy->nvars; k++)
            if (!was[k] && sys_fixed(sy, (int)k))
                sy->tainted[k] = true;
        conflict |= sy->conflict;
        if (conflict && s->trace) {
            struct cons c = {.var = &v, .coef = (signed char[]){1}, .n = 1, .rhs = lo[v]};
            fprintf(stderr, "  an estimate contradicts constraint %ld; before it:", sy->first_conflict);
            double *l = sy->lo, *h = sy->hi;
            sy->lo = lo, sy->hi = hi;
            trace_constraint(s, &c);
            sy->lo = l, sy->hi = h;
        }
    }
    free(was);
    free(lo);
    free(hi);
    free(tainted);
    return conflict;
}

static double *copy_doubles(const double *a, size_t n)
{
    double *b = sup_xmalloc((n + 1) * sizeof *b);
    memcpy(b, a, n * sizeof *b);
    return b;
}

static void solve_function(struct mfunc *mf, const struct xfunc *xf)
{
    struct solver s = {.mf = mf, .xf = xf, .trace = getenv("LPNEST_TRACE_COUNTS") ? atoi(getenv("LPNEST_TRACE_COUNTS")) : 0};
    s.sy.first_conflict = -1;
    size_t n = mf->nblocks;
    s.evar = sup_xcalloc(n + 1, sizeof *s.evar);
    size_t nv = n;
    for (size_t m = 0; m < n; m++) {
        s.evar[m] = (int)nv;
        nv += mf->blocks[m].nsucc;
        free(mf->blocks[m].succ_count);
        mf->blocks[m].succ_count = sup_xcalloc(mf->blocks[m].nsucc + 1, sizeof(double));
    }
    s.sy.nvars = nv;
    s.sy.lo = sup_xcalloc(nv + 1, sizeof *s.sy.lo);
    s.sy.hi = sup_xcalloc(nv + 1, sizeof *s.sy.hi);
    s.sy.tainted = sup_xcalloc(nv + 1, sizeof *s.sy.tainted);
    for (size_t v = 0; v < nv; v++)
        s.sy.hi[v] = INF;
    s.in_g = sup_xcalloc(n + 1, sizeof *s.in_g);
    s.out_g = sup_xcalloc(n + 1, sizeof *s.out_g);
    s.out_known = sup_xcalloc(n + 1, sizeof *s.out_known);
    s.sel_head = sup_xcalloc(n + 1, sizeof *s.sel_head);
    s.head = sup_xcalloc(xf->nblocks + 1, sizeof *s.head);
    ordinals(&s);
    classify(&s);
    build(&s);
    sys_solve(&s.sy);
    bool conflict = s.sy.conflict, estimated = false;
    if (conflict) {
        /* a wrong inference: try without the few that contradict the rest,
         * else keep what propagation reached and estimate the rest */
        struct system saved = s.sy;
        saved.lo = copy_doubles(s.sy.lo, s.sy.nvars);
        saved.hi = copy_doubles(s.sy.hi, s.sy.nvars);
        saved.tainted = sup_xmalloc((s.sy.nvars + 1) * sizeof *saved.tainted);
        memcpy(saved.tainted, s.sy.tainted, s.sy.nvars * sizeof *saved.tainted);
        saved.c = sup_xmalloc((s.sy.nc + 1) * sizeof *saved.c);
        memcpy(saved.c, s.sy.c, s.sy.nc * sizeof *saved.c);
        relax(&s);
        if (s.nrejected <= RELAX_MAX_DROPPED && !estimate_rest(&s)) {
            conflict = false;
            estimated = true; /* what rests on the dropped inferences is not certain */
            for (size_t i = 0; i < s.nrejected; i++) {
                free(s.dropped[i].var);
                free(s.dropped[i].coef);
            }
        } else {
            if (s.trace)
                fprintf(stderr, "  dropping %zu inferences did not settle the counts: back to propagation\n",
                        s.nrejected);
            memcpy(s.sy.lo, saved.lo, s.sy.nvars * sizeof *saved.lo);
            memcpy(s.sy.hi, saved.hi, s.sy.nvars * sizeof *saved.hi);
            memcpy(s.sy.tainted, saved.tainted, s.sy.nvars * sizeof *saved.tainted);
            memcpy(s.sy.c, saved.c, saved.nc * sizeof *saved.c);
            s.sy.nc = saved.nc;
            s.sy.conflict = true;
            s.sy.first_conflict = saved.first_conflict;
            s.nrejected = 0;
        }
        free(saved.lo);
        free(saved.hi);
        free(saved.tainted);
        free(saved.c);
        free(s.dropped);
    } else {
        conflict = estimate_rest(&s);
    }
    int v;
    if (s.trace) {
        fprintf(stderr, "counts of %s: %zu blocks, %zu constraints%s", mf->name, n, s.sy.nc,
                conflict ? ", CONFLICT (all counts marked as estimates)" : "");
        if (s.nrejected)
            fprintf(stderr, ", %zu contradicting inferences dropped", s.nrejected);
        fprintf(stderr, "\n");
        if (conflict && s.sy.first_conflict >= 0) {
            fprintf(stderr, "  first contradiction (constraint %ld):", s.sy.first_conflict);
            trace_constraint(&s, &s.sy.c[s.sy.first_conflict]);
        }
        if (s.trace > 1)
            for (size_t i = 0; i < s.sy.nc; i++) {
                fprintf(stderr, "  constraint %zu:", i);
                trace_constraint(&s, &s.sy.c[i]);
            }
    }
    if (conflict) {
        /* contradictory facts: fall back to estimates everywhere but keep the
         * numbers the propagation reached */
        while (estimate_one(&s, &v))
            ;
    }
    record(&s, conflict || estimated);
    if (s.trace)
        for (size_t m = 0; m < n; m++)
            fprintf(stderr, "  [%zu] in %d out %d%s sel %d head %d count %.0f [%g, %g]\n", m, s.in_g[m], s.out_g[m],
                    s.out_known[m] ? "*" : "", s.sel_head[m], s.in_g[m] >= 0 ? s.head[s.in_g[m]] : -9,
                    mf->blocks[m].count, s.sy.lo[m], s.sy.hi[m]);
    sys_free(&s.sy);
    free(s.evar);
    free(s.in_g);
    free(s.out_g);
    free(s.out_known);
    free(s.sel_head);
    free(s.head);
    free(s.ord_block);
    free(s.ord_op);
    free(s.ord_branch_cond);
    free(s.ir.from);
    free(s.ir.to);
    free(s.ir.count);
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
        solve_function(mf, xf);
    }
    return true;
}
