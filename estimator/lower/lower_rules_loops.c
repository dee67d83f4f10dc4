/* lower_rules_loops.c — the count rules for code generation's own loops and flag tests
 * (part of lower_rules.c's constraints): AVR shift loops that run once per amount step,
 * per-bit loops, and branches on booleans kept in registers, from the engine's shift
 * and select records. */
#include "counts.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Whether shift record XS counted amounts as wide as the shifted value or
 * wider (poison in the IR: a shift hoisted above its guard, whose machine
 * loop then runs whatever the amount register holds, or nothing): its
 * machine loops' counts are not known. Rotates take their amount modulo
 * the width and have none. */
bool mc_overwide_amounts(const struct cnt_func *xf, const struct cnt_select *xs)
{
    LLVMValueRef si = mc_select_inst(xf, xs);
    LLVMOpcode op = si ? LLVMGetInstructionOpcode(si) : LLVMCall;
    if (op != LLVMShl && op != LLVMLShr && op != LLVMAShr)
        return false;
    LLVMTypeRef t = LLVMTypeOf(si);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    unsigned w = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
    for (uint32_t a = w < 63 ? w : 63; a < 64; a++)
        if (xf->sel_counts[2 * xs->base + a])
            return true;
    return false;
}

/* Whether block B shifts or rotates (AVR lsl, lsr, asr, rol, ror, swap). */
static bool shifts(const struct mblock *b)
{
    static const char *const ops[] = {"lsl", "lsr", "asr", "rol", "ror", "swap"};
    for (size_t k = 0; k < b->ninsns; k++)
        for (size_t j = 0; j < sizeof ops / sizeof ops[0]; j++)
            if (!strcmp(b->insns[k].mnemonic, ops[j]))
                return true;
    return false;
}

/* The block of the shift loop entered at block M that runs once per
 * amount step: M itself when it shifts (the body first, "lsr; ror; dec;
 * brne") or steps the counter itself, or, when M only tests the counter
 * ("cpi r26, 0; brne" entered
 * before the first step: it runs once more per execution), the one block
 * of the same loop that shifts and goes back to M (branchgen 77632 on the
 * AVR: the test counted as the body, 474 for simavr's 564); -1 if none. */
static int shift_body(const struct mfunc *mf, size_t m)
{
    const struct mblock *b = &mf->blocks[m];
    if (shifts(b))
        return (int)m;
    /* a test that steps the counter itself ("inc r19; ...; cpi r19, 0;
     * breq", the counter from minus the amount up) runs once per step */
    for (size_t k = 0; k < b->ninsns; k++)
        if (!strcmp(b->insns[k].mnemonic, "inc") || !strcmp(b->insns[k].mnemonic, "dec") ||
            !strcmp(b->insns[k].mnemonic, "subi"))
            return (int)m;
    int found = -1;
    for (size_t k = 0; k < b->nsucc; k++) {
        const struct mblock *c = &mf->blocks[b->succ[k]];
        if ((size_t)b->succ[k] == m || !c->ir_name || strcmp(c->ir_name, b->ir_name) || !shifts(c) ||
            c->nsucc != 1 || c->succ[0] != (int)m || c->npred != 1)
            continue;
        if (found >= 0)
            return -1;
        found = b->succ[k];
    }
    return found;
}

/* shift loops code generation made of a shift by a variable amount
 * (AVR expands 32-bit ones into "shift.loop" blocks): the body runs the
 * sum of the amounts, its preheader once per non-zero amount */
void mc_rule_shift_loops(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
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
                if (lb->insns[k].src_col == ENG_PROVENANCE_COLUMN && lb->insns[k].src_line &&
                    lb->insns[k].src_line <= s->nord)
                    ord = lb->insns[k].src_line;
        }
        for (uint32_t r = 0; r < xf->nselects && ord; r++) {
            const struct cnt_select *xs = &xf->selects[r];
            if (xs->kind != CNT_SEL_SHIFT || mc_ordinal_of(s, xs->block, mc_select_position(xf, xs)) != ord ||
                mc_overwide_amounts(xf, xs))
                continue;
            double total = 0;
            for (uint32_t a = 1; a < 64; a++)
                total += (double)xf->sel_counts[2 * xs->base + a] * (preheader ? 1 : a);
            int body = preheader ? (int)m : shift_body(mf, m);
            if (body < 0)
                continue;
            var[0] = bvar(s, (size_t)body);
            coef[0] = 1;
            lsys_add(&s->sy, var, coef, 1, total, false);
        }
    }
}

/* branches on a boolean kept in a register (AVR): taken as often as
 * the paths into them bring a value that sends them there */
void mc_rule_flag_tests(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    size_t n = mf->nblocks;
    for (size_t m = 0; m < n; m++) {
        int taken;
        struct lower_flag_origin *o;
        size_t nt, no = lower_flag_test(mf, m, &taken, &o, &nt);
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
            lsys_add(&s->sy, var, coef, nv, 0, false);
        }
        free(o);
    }
}

/* The one shift-amount record of the IR instruction with ordinal ORD, or -1. */
static int shift_record_at(const struct solver *s, uint32_t ord)
{
    const struct cnt_func *xf = s->xf;
    int found = -1;
    for (uint32_t r = 0; r < xf->nselects && ord && found != -2; r++) {
        const struct cnt_select *xs = &xf->selects[r];
        if (xs->kind == CNT_SEL_SHIFT && mc_ordinal_of(s, xs->block, mc_select_position(xf, xs)) == ord)
            found = found == -1 ? (int)r : -2;
    }
    return found < 0 ? -1 : found;
}

/* per-bit loops inside a block: AVR shifts a 16-bit value, or rotates
 * a wider one (after swapping its halves on bit 4), by a variable
 * amount with `dec; brmi` around `lsl; rol; dec; brpl`. A loop of k
 * shift instructions moves a k-byte group: it runs the amount mod 8k
 * times, or for a rotate's opposite half, which shifts one bit ahead,
 * 8k - 1 minus that */
void mc_rule_bit_loops(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    size_t n = mf->nblocks;
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
            if (b->insns[i].src_col == ENG_PROVENANCE_COLUMN && b->insns[i].src_line <= s->nord)
                ord = b->insns[i].src_line;
        int found = ok ? shift_record_at(s, ord) : -1;
        if (found < 0)
            continue;
        const struct cnt_select *xs = &xf->selects[found];
        LLVMValueRef si = mc_select_inst(xf, xs);
        bool rotate = false, shift_left = false;
        if (si && LLVMGetInstructionOpcode(si) == LLVMCall) {
            const char *fn = LLVMGetValueName(LLVMGetCalledValue(si));
            rotate = !strncmp(fn, "llvm.fsh", 8) && LLVMGetOperand(si, 0) == LLVMGetOperand(si, 1);
            shift_left = !strncmp(fn, "llvm.fshl", 9);
        } else if (si) {
            shift_left = LLVMGetInstructionOpcode(si) == LLVMShl;
        }
        if (!si || (!rotate && shift_left != left) || mc_overwide_amounts(xf, xs))
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
            lsys_add(&s->sy, var, coef, nv, entered, false);
        var[0] = bvar(s, m);
        coef[0] = 1;
        lsys_add(&s->sy, var, coef, 1, total, false);
    }
}

/* the same loop entered at its test (a shift whose amount two paths set,
 * a select's): BODY only shifts and falls into `dec; brpl BODY`, so it runs
 * the amount (mod 8k for k shift instructions) times per execution */
void mc_rule_test_first_bit_loops(struct solver *s, int *var, signed char *coef)
{
    struct mfunc *mf = s->mf;
    const struct cnt_func *xf = s->xf;
    for (size_t m = 0; m < mf->nblocks; m++) {
        const struct mblock *b = &mf->blocks[m];
        if (b->ninsns == 0 || b->nsucc != 1 || b->npred != 1 || b->pred[0] != b->succ[0])
            continue;
        const struct mblock *t = &mf->blocks[b->succ[0]];
        if (t->ninsns != 2 || strcmp(t->insns[0].mnemonic, "dec") || strcmp(t->insns[1].mnemonic, "brpl") ||
            t->insns[1].target != (int)m)
            continue;
        bool left = !strcmp(b->insns[0].mnemonic, "lsl"), ok = true;
        uint32_t ord = 0;
        for (size_t k = 0; k < b->ninsns; k++) {
            const char *mn = b->insns[k].mnemonic;
            ok &= left ? !strcmp(mn, "lsl") || !strcmp(mn, "rol")
                       : !strcmp(mn, "lsr") || !strcmp(mn, "asr") || !strcmp(mn, "ror");
            if (!ord && b->insns[k].src_col == ENG_PROVENANCE_COLUMN && b->insns[k].src_line <= s->nord)
                ord = b->insns[k].src_line;
        }
        int found = ok ? shift_record_at(s, ord) : -1;
        if (found < 0)
            continue;
        const struct cnt_select *xs = &xf->selects[found];
        LLVMValueRef si = mc_select_inst(xf, xs);
        LLVMOpcode op = si ? LLVMGetInstructionOpcode(si) : LLVMCall;
        if (op == LLVMCall || (op == LLVMShl) != left)
            continue; /* rotates: the self-looping shape's rule */
        if (mc_overwide_amounts(xf, xs))
            continue;
        uint32_t mod = 8 * (uint32_t)b->ninsns;
        double total = 0;
        for (uint32_t a = 0; a < 64; a++)
            total += (double)xf->sel_counts[2 * xs->base + a] * (a % mod);
        if (s->trace)
            fprintf(stderr, "  test-first bit loop [%zu]: shift of %u bits: %g times\n", m, mod, total);
        var[0] = bvar(s, m);
        coef[0] = 1;
        lsys_add(&s->sy, var, coef, 1, total, false);
    }
}
