/* lower_probes_paths.c — before the program runs: the paths through the
 * branches one IR block's comparisons were made into on the PPC405 (no isel:
 * a select of comparisons, "w[a] != w[b] ? w[a] < w[b] : a < b", becomes a
 * diamond per select, each branch testing a condition field one of the
 * block's compares set or a register the diamonds set to 0 or 1; foreign
 * huffman.c's heap order). The records count each select's condition, not
 * how the compares' outcomes go together. The probe counts, at the block's
 * terminator, the outcome (less, equal, greater) of each compare located at
 * one of the block's comparisons, two bits per compare (at most three); every
 * value is run through the machine blocks (lower_switch_sim.c: the compares'
 * fields set from the value, constants and moves followed) to the block where
 * it leaves them, which gives each block's run set and each branch's taken
 * set. A compare is only taken for its comparison's when the registers it
 * reads were last written by instructions located at the comparison's operands
 * (or the immediate is its constant); a path the evaluator cannot decide, a
 * call, a condition-register logic instruction or a loop gives no probe. */
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "lower_switch_sim.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ATOMS 3

/* one compare located at a comparison of the block */
struct atom {
    int m;              /* machine block */
    size_t k;           /* instruction */
    int field;          /* condition field it sets */
    bool swapped;       /* it compares the comparison's second operand with the first */
    LLVMValueRef cmp;   /* the comparison */
    bool order_signed;  /* the order its "less" bit is (the comparison's, or the mnemonic's for == and !=) */
};

/* Whether PowerPC instruction IN writes register REG (its number), as a
 * result (the first operand) or as the base an update form writes back. */
static bool ppc_writes(const struct minsn *in, int reg, bool *update)
{
    const char *mn = in->mnemonic;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o);
    *update = false;
    if (n == 0 || mn[0] == 'b' || !strncmp(mn, "cmp", 3) || !strncmp(mn, "mt", 2))
        return false;
    bool store = !strncmp(mn, "st", 2);
    if (!store && mc_sim_reg(SIM_PPC, o[0], NULL) == reg)
        return true;
    /* update forms: lbzu, lhzux, lwzu, stwu, stwux, ... write the base back */
    size_t l = strlen(mn);
    bool ux = l > 2 && mn[l - 2] == 'u' && mn[l - 1] == 'x', u = l > 1 && mn[l - 1] == 'u';
    if ((mn[0] == 'l' || store) && (u || ux) && n >= 2) {
        const char *base = o[1];
        if (u) {
            const char *p = strchr(o[1], '(');
            if (!p)
                return false;
            base = p + 1;
        }
        char b[48];
        snprintf(b, sizeof b, "%s", base);
        b[strcspn(b, ")")] = '\0';
        if (mc_sim_reg(SIM_PPC, b, NULL) == reg)
            return *update = true;
    }
    return false;
}

/* The provenance ordinal of register REG's last write before instruction K
 * of block M on every path into it (all such writes located at one ordinal,
 * VISITED marking the blocks searched), 0 when one is unknown, an update
 * form's address, a call's clobber, or the function's entry is reached
 * first; UINT32_MAX when every path leads back to blocks searched already. */
static unsigned reaching_write(const struct mfunc *f, size_t m, size_t k, int reg, bool *visited)
{
    const struct mblock *b = &f->blocks[m];
    for (size_t j = k; j-- > 0;) {
        const struct minsn *in = &b->insns[j];
        bool update;
        if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL) &&
            (reg == 0 || (reg >= 3 && reg <= 12)))
            return 0; /* (a volatile register across a call) */
        if (!ppc_writes(in, reg, &update))
            continue;
        return !update && in->src_col == ENG_PROVENANCE_COLUMN ? in->src_line : 0;
    }
    if (b->npred == 0)
        return 0;
    unsigned found = UINT32_MAX;
    for (size_t p = 0; p < b->npred; p++) {
        size_t q = (size_t)b->pred[p];
        if (visited[q])
            continue; /* (a loop back to a block searched: its writes are counted there) */
        visited[q] = true;
        unsigned o = reaching_write(f, q, f->blocks[q].ninsns, reg, visited);
        if (!o || (found != UINT32_MAX && o != UINT32_MAX && o != found))
            return 0;
        if (o != UINT32_MAX)
            found = o;
    }
    return found; /* (UINT32_MAX: only blocks searched already) */
}

static unsigned last_write(const struct mfunc *f, size_t m, size_t k, int reg)
{
    bool *visited = sup_xcalloc(f->nblocks + 1, sizeof *visited);
    unsigned o = reaching_write(f, m, k, reg, visited);
    free(visited);
    return o == UINT32_MAX ? 0 : o;
}

/* Whether the instruction at ordinal O (ORD_INST) computes V, or the value V
 * is a cast of (the register holds it extended or truncated). */
static bool located_at(LLVMValueRef *ord_inst, size_t nord, unsigned o, LLVMValueRef v)
{
    if (!o || o > nord || !LLVMIsAInstruction(v))
        return false;
    if (ord_inst[o] == v)
        return true;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    return (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) && ord_inst[o] == LLVMGetOperand(v, 0);
}

/* Whether the immediate IMM of a compare (signed: cmpwi) is constant C. */
static bool imm_is(LLVMValueRef c, int64_t imm, bool sign)
{
    if (!LLVMIsAConstantInt(c))
        return false;
    return sign ? LLVMConstIntGetSExtValue(c) == imm : (long long)LLVMConstIntGetZExtValue(c) == imm;
}

/* Instruction K of block M as a compare located at comparison CMP of the
 * block (ordinal O): fills A, false when its operands are not CMP's. */
static bool read_atom(const struct mfunc *f, int m, size_t k, LLVMValueRef cmp, LLVMValueRef *ord_inst, size_t nord,
                      struct atom *a)
{
    const struct minsn *in = &f->blocks[m].insns[k];
    const char *mn = in->mnemonic;
    bool imm_form = !strcmp(mn, "cmpwi") || !strcmp(mn, "cmplwi");
    if (!imm_form && strcmp(mn, "cmpw") && strcmp(mn, "cmplw"))
        return false;
    char o[4][48];
    int n = mc_sim_operands(in->ops, o), at = 0, field = 0;
    if (n > 0 && mc_sim_ppc_field(o[0]) >= 0)
        field = mc_sim_ppc_field(o[0]), at = 1;
    if (n != at + 2)
        return false;
    LLVMValueRef x = LLVMGetOperand(cmp, 0), y = LLVMGetOperand(cmp, 1);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 32)
        return false;
    bool sign = mn[3] != 'l';
    int r0 = mc_sim_reg(SIM_PPC, o[at], NULL);
    if (r0 < 0)
        return false;
    unsigned w0 = last_write(f, (size_t)m, k, r0);
    bool swapped;
    if (imm_form) {
        int64_t imm;
        if (!mc_sim_imm(o[at + 1], &imm))
            return false;
        if (imm_is(y, imm, sign) && located_at(ord_inst, nord, w0, x))
            swapped = false;
        else if (imm_is(x, imm, sign) && located_at(ord_inst, nord, w0, y))
            swapped = true;
        else
            return false;
    } else {
        int r1 = mc_sim_reg(SIM_PPC, o[at + 1], NULL);
        if (r1 < 0)
            return false;
        unsigned w1 = last_write(f, (size_t)m, k, r1);
        if (getenv("LPNEST_TRACE_PROBES"))
            fprintf(stderr, "  writes %u %u\n", w0, w1);
        if (located_at(ord_inst, nord, w0, x) && located_at(ord_inst, nord, w1, y))
            swapped = false;
        else if (located_at(ord_inst, nord, w0, y) && located_at(ord_inst, nord, w1, x))
            swapped = true;
        else
            return false;
    }
    LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
    bool eq = p == LLVMIntEQ || p == LLVMIntNE;
    bool psigned = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
    if (!eq && psigned != sign)
        return false; /* (the machine's order is not the comparison's) */
    *a = (struct atom){.m = m, .k = k, .field = field, .swapped = swapped, .cmp = cmp, .order_signed = sign};
    return true;
}

/* Whether IN is something the paths cannot be followed through: a call, a
 * condition-register logic or move instruction, an isel. */
static bool opaque(const struct minsn *in)
{
    const char *mn = in->mnemonic;
    if (!in->isa)
        return true;
    switch (in->isa->kind) {
    case ISA_CALL: case ISA_INDIRECT_CALL: case ISA_INDIRECT_JUMP: case ISA_TAIL_CALL: case ISA_COND_RETURN:
    case ISA_RETURN: case ISA_SKIP:
        return true;
    default:
        break;
    }
    return !strncmp(mn, "cr", 2) || !strncmp(mn, "mcrf", 4) || !strncmp(mn, "mtcr", 4) || !strncmp(mn, "mtocrf", 6) ||
           !strncmp(mn, "isel", 4);
}

/* The condition field value (bit 0 less, 1 greater, 2 equal) atom A's
 * compare sets for outcome OUT (1 less, 2 equal, 0 greater: of the
 * comparison's operands in its order). */
static int field_of(const struct atom *a, unsigned out)
{
    if (out == 2)
        return 4;
    bool lt = out == 1;
    return lt != a->swapped ? 1 : 2;
}

/* The machine blocks of IR block BB's branches (those whose final conditional
 * branch is located at one of its instructions) and the blocks without one
 * entered only from them: IN_R. Their head (the one entered from elsewhere),
 * or -1 when there is not exactly one. */
static int region(const struct mfunc *f, LLVMBasicBlockRef bb, LLVMBasicBlockRef *ord_bb, size_t nord, bool *in_r,
                  int *nbranches)
{
    *nbranches = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        const struct mblock *b = &f->blocks[m];
        long j = mc_final_branch(b, false);
        in_r[m] = false;
        if (j < 0)
            continue;
        const struct minsn *in = &b->insns[j];
        if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line && in->src_line <= nord && ord_bb[in->src_line] == bb)
            in_r[m] = true, (*nbranches)++;
    }
    if (*nbranches < 2)
        return -1;
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t m = 0; m < f->nblocks; m++) {
            const struct mblock *b = &f->blocks[m];
            bool control = false;
            for (size_t j = 0; j < b->ninsns; j++)
                control |= mc_is_control(&b->insns[j]) && b->insns[j].isa->kind != ISA_JUMP;
            if (in_r[m] || control || b->npred == 0 || b->exits)
                continue;
            bool all = true;
            for (size_t p = 0; p < b->npred && all; p++)
                all = in_r[b->pred[p]];
            if (all)
                in_r[m] = grew = true;
        }
    }
    int head = -1;
    for (size_t m = 0; m < f->nblocks; m++) {
        if (!in_r[m])
            continue;
        const struct mblock *b = &f->blocks[m];
        bool outside = b->npred == 0;
        for (size_t p = 0; p < b->npred; p++)
            outside |= !in_r[b->pred[p]];
        if (!outside)
            continue;
        if (head >= 0)
            return -1;
        head = (int)m;
    }
    return head;
}

/* The probe of BB's compares (AT: its terminator) and its uses, when every
 * path is followed. */
static void block_probe(struct mfunc *f, LLVMBasicBlockRef bb, LLVMValueRef *ord_inst, LLVMBasicBlockRef *ord_bb,
                        size_t nord, bool *in_r, struct lower_probes *out)
{
    LLVMValueRef at = LLVMGetBasicBlockTerminator(bb);
    if (!at)
        return;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsACallInst(i) && !LLVMIsADbgInfoIntrinsic(i))
            return; /* (one that does not return would leave the terminator unrun) */
    int nbranches;
    int head = region(f, bb, ord_bb, nord, in_r, &nbranches);
    bool trace = getenv("LPNEST_TRACE_PROBES") != NULL;
    if (trace && nbranches >= 2)
        fprintf(stderr, "paths %s %s: %d branches, head %d\n", f->name, LLVMGetBasicBlockName(bb), nbranches, head);
    if (head < 0)
        return;
    struct atom atoms[MAX_ATOMS];
    int na = 0;
    for (size_t m = 0; m < f->nblocks; m++) {
        if (!in_r[m])
            continue;
        const struct mblock *b = &f->blocks[m];
        for (size_t k = 0; k < b->ninsns; k++) {
            const struct minsn *in = &b->insns[k];
            if (opaque(in)) {
                if (trace)
                    fprintf(stderr, "  [%zu] %s %s: opaque\n", m, in->mnemonic, in->ops);
                return;
            }
            if (strncmp(in->mnemonic, "cmp", 3) || in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line ||
                in->src_line > nord)
                continue;
            LLVMValueRef cmp = ord_inst[in->src_line];
            if (!LLVMIsAICmpInst(cmp) || LLVMGetInstructionParent(cmp) != bb)
                continue;
            struct atom a;
            if (!read_atom(f, (int)m, k, cmp, ord_inst, nord, &a)) {
                if (trace)
                    fprintf(stderr, "  [%zu] %s %s: not the comparison's operands (%u)\n", m, in->mnemonic, in->ops, in->src_line);
                return;
            } /* (a compare at the comparison that compares something else) */
            if (na == MAX_ATOMS)
                return;
            atoms[na++] = a;
        }
    }
    if (na == 0)
        return;
    /* every value through the blocks */
    uint64_t *run = sup_xcalloc(f->nblocks, sizeof *run), *taken = sup_xcalloc(f->nblocks, sizeof *taken);
    int *seen = sup_xcalloc(f->nblocks, sizeof *seen);
    uint64_t valid = 0;
    bool ok = true;
    for (unsigned v = 0; v < (1u << (2 * na)) && ok; v++) {
        bool bad = false;
        for (int a = 0; a < na; a++)
            bad |= (v >> (2 * a) & 3) == 3;
        if (bad)
            continue;
        valid |= 1ull << v;
        struct sim st;
        memset(&st, 0, sizeof st);
        st.isa = SIM_PPC;
        for (int c = 0; c < 8; c++)
            st.cr[c] = -1;
        int m = head;
        for (int steps = 0; ok && m >= 0 && in_r[m]; steps++) {
            if (seen[m] == (int)v + 1 || steps > (int)f->nblocks) {
                ok = false; /* (a loop) */
                break;
            }
            seen[m] = (int)v + 1;
            run[m] |= 1ull << v;
            const struct mblock *b = &f->blocks[m];
            long j = mc_final_branch(b, false);
            size_t end = j >= 0 ? (size_t)j : b->ninsns;
            for (size_t k = 0; k < end; k++) {
                const struct minsn *in = &b->insns[k];
                int a = 0;
                while (a < na && !(atoms[a].m == m && atoms[a].k == k))
                    a++;
                if (a < na) {
                    st.cr[atoms[a].field] = field_of(&atoms[a], v >> (2 * a) & 3);
                    continue;
                }
                if (mc_is_control(in))
                    continue; /* (the final jump) */
                mc_sim_step(&st, in);
                bool update;
                for (int r = 0; r < 32; r++)
                    if (ppc_writes(in, r, &update) && update)
                        mc_sim_set_reg(&st, r, 0, false);
            }
            if (j < 0) {
                m = b->nsucc == 1 && !b->exits ? b->succ[0] : -1;
                if (b->nsucc > 1)
                    ok = false;
                continue;
            }
            int t = mc_sim_branch(&st, &b->insns[j]), tg = b->insns[j].target;
            if (t < 0 || b->nsucc != 2 || tg < 0 || (b->succ[0] != tg && b->succ[1] != tg) || b->succ[0] == b->succ[1]) {
                ok = false;
                break;
            }
            if (t)
                taken[m] |= 1ull << v;
            m = t ? tg : b->succ[0] == tg ? b->succ[1] : b->succ[0];
        }
    }
    if (trace)
        fprintf(stderr, "  %d atoms, paths %s\n", na, ok && run[head] == valid ? "followed" : "not followed");
    if (ok && run[head] == valid) {
        struct eng_probe p = {.at = at};
        size_t cap = 0;
        uint32_t sum = 0;
        for (int a = 0; a < na; a++) {
            LLVMValueRef x = LLVMGetOperand(atoms[a].cmp, 0), y = LLVMGetOperand(atoms[a].cmp, 1);
            unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
            uint32_t xv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = w, .value = x});
            uint32_t yv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_VALUE, .width = w, .value = y});
            uint32_t lt = mc_probe_node(&p, &cap, (struct eng_probe_node){
                .op = ENG_PROBE_ICMP, .width = w, .imm = atoms[a].order_signed ? LLVMIntSLT : LLVMIntULT, .a = xv, .b = yv});
            uint32_t eq = mc_probe_node(&p, &cap, (struct eng_probe_node){
                .op = ENG_PROBE_ICMP, .width = w, .imm = LLVMIntEQ, .a = xv, .b = yv});
            uint32_t e2 = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = eq, .b = eq});
            uint32_t fv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = lt, .b = e2});
            for (int d = 0; d < 2 * a; d++)
                fv = mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = fv, .b = fv});
            sum = a ? mc_probe_node(&p, &cap, (struct eng_probe_node){.op = ENG_PROBE_ADD, .width = 8, .a = sum, .b = fv})
                    : fv;
        }
        out->probes = sup_xrealloc(out->probes, (out->n + 1) * sizeof *out->probes);
        out->probes[out->n] = p;
        size_t probe = out->n++;
        for (size_t n = 0; n <= f->nblocks; n++) { /* (the head's use first) */
            size_t m = n == 0 ? (size_t)head : n - 1;
            if ((n && m == (size_t)head) || !in_r[m] || !run[m] || mc_final_branch(&f->blocks[m], false) < 0)
                continue;
            if (trace)
                fprintf(stderr, "  use [%zu] run %#llx taken %#llx\n", m, (unsigned long long)run[m],
                        (unsigned long long)taken[m]);
            f->probe_uses = sup_xrealloc(f->probe_uses, (f->nprobe_uses + 1) * sizeof *f->probe_uses);
            f->probe_uses[f->nprobe_uses++] = (struct lower_probe_use){
                .probe = (uint32_t)probe, .block = (int)m, .run = run[m], .taken = taken[m], .path = true};
        }
    }
    free(run);
    free(taken);
    free(seen);
}

void lower_path_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out)
{
    if (!triple || strncmp(triple, "powerpc", 7) || !strncmp(triple, "powerpc64", 9))
        return;
    size_t nord = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            nord++;
    LLVMBasicBlockRef *ord_bb = sup_xcalloc(nord + 2, sizeof *ord_bb);
    LLVMValueRef *ord_inst = sup_xcalloc(nord + 2, sizeof *ord_inst);
    size_t k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            ord_bb[++k] = bb, ord_inst[k] = i;
    bool *in_r = sup_xcalloc(f->nblocks + 1, sizeof *in_r);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        block_probe(f, bb, ord_inst, ord_bb, nord, in_r, out);
    free(in_r);
    free(ord_inst);
    free(ord_bb);
}
