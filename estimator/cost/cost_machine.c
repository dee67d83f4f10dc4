/* cost_machine.c — prices machine blocks with a core's ISA description:
 * issue cycles with an in-order scoreboard over each block (load-use and
 * multi-cycle results), conditional branches by direction and static
 * prediction from exact edge counts, AVR skips, memory wait states,
 * pseudo-instruction expansion and linker relaxation, and calls to runtime
 * routines whose code is not in the module. */
#include "cost.h"
#include "isa.h"
#include "support.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- operands ---- */

static bool is_register(const char *t, size_t n)
{
    static const char *const named[] = {"zero", "ra", "sp", "gp", "tp", "fp", "lr", "ctr", "X", "Y", "Z", NULL};
    for (const char *const *r = named; *r; r++)
        if (strlen(*r) == n && strncmp(*r, t, n) == 0)
            return true;
    size_t i = 0;
    while (i < n && isalpha((unsigned char)t[i]))
        i++;
    if (i == 0 || i > 3 || i == n)
        return false;
    for (size_t k = i; k < n; k++)
        if (!isdigit((unsigned char)t[k]))
            return false;
    return true;
}

/* Register operands of an instruction, in order (at most MAX). */
#define MAXREG 8
static int registers(const char *ops, char regs[][8], int max)
{
    int n = 0;
    const char *p = ops;
    while (*p && n < max) {
        while (*p && (*p == ',' || *p == ' ' || *p == '\t' || *p == '(' || *p == ')' || *p == '+' || *p == '-'))
            p++;
        const char *s = p;
        while (*p && *p != ',' && *p != ' ' && *p != '\t' && *p != '(' && *p != ')' && *p != '+')
            p++;
        size_t len = (size_t)(p - s);
        if (len && len < 8 && is_register(s, len)) {
            memcpy(regs[n], s, len);
            regs[n][len] = '\0';
            n++;
        }
    }
    return n;
}

/* Machine instructions a RISC-V "li rd, imm" stands for on RV32. */
static unsigned riscv_li_count(const char *ops)
{
    const char *c = strrchr(ops, ',');
    if (!c)
        return 1;
    long long v = strtoll(c + 1, NULL, 0);
    v = (long long)(int32_t)(uint32_t)v;
    if (v >= -2048 && v <= 2047)
        return 1;
    return (v & 0xfff) == 0 ? 1 : 2;
}

/* The last operand as a number (a shift amount by immediate), or -1. */
static double imm_operand(const char *ops)
{
    const char *c = strrchr(ops, ',');
    const char *s = c ? c + 1 : ops;
    while (*s == ' ')
        s++;
    char *end;
    long v = strtol(s, &end, 0);
    return end != s && *end == '\0' ? (double)v : -1;
}

/* Issue cost and instruction count of one (pseudo-)instruction. */
static void base_cost(const struct isa *isa, const struct minsn *in, double *cycles, double *count)
{
    const struct isa_insn *d = in->isa;
    if (!d) {
        *cycles = 1;
        *count = 1;
        return;
    }
    if (d->expand_to && isa_relax(isa)) {
        const struct isa_insn *r = isa_lookup(isa, d->expand_to);
        if (r)
            d = r;
    }
    /* an entry's cycles are those of all the instructions it stands for
     * (a class's times its count, a sequence's summed: isa/SCHEMA.md), except
     * riscv-li, whose cycles are per instruction and whose count depends on
     * the immediate */
    unsigned n = d->count ? d->count : 1, times = 1;
    if (d->expand == ISA_EXPAND_RISCV_LI)
        n = times = riscv_li_count(in->ops);
    /* cycle counts in the description already include memory wait states */
    double imm = d->cycles_formula ? imm_operand(in->ops) : -1;
    double c = d->cycles_formula ? isa_insn_cycles(d, imm >= 0 ? imm : NAN) : (double)d->cycles;
    *cycles = c * times;
    *count = n;
}

double cost_insn_count(const struct isa *isa, const struct minsn *in)
{
    double c, n;
    base_cost(isa, in, &c, &n);
    return n;
}

/* ---- scoreboard ---- */

struct board {
    char reg[32][8];
    double ready[32];
    int n;
};

static double *ready_of(struct board *b, const char *r, bool create)
{
    for (int i = 0; i < b->n; i++)
        if (!strcmp(b->reg[i], r))
            return &b->ready[i];
    if (!create || b->n == 32)
        return NULL;
    snprintf(b->reg[b->n], sizeof b->reg[0], "%s", r);
    b->ready[b->n] = 0;
    return &b->ready[b->n++];
}

/* Stall before an instruction: the latest time one of its sources is ready. */
static double stall(struct board *b, const struct minsn *in, double t)
{
    char regs[MAXREG][8];
    int n = registers(in->ops, regs, MAXREG);
    int first = in->isa && in->isa->has_dest ? 1 : 0;
    double start = t;
    for (int i = first; i < n; i++) {
        double *r = ready_of(b, regs[i], false);
        if (r && *r > start)
            start = *r;
    }
    return start - t;
}

static void retire(struct board *b, const struct minsn *in, double start, double cycles)
{
    if (!in->isa || !in->isa->has_dest)
        return;
    char regs[MAXREG][8];
    if (registers(in->ops, regs, 1) < 1)
        return;
    double lat = in->isa->latency ? in->isa->latency : cycles;
    double *r = ready_of(b, regs[0], true);
    if (r)
        *r = start + lat;
}

/* ---- blocks ---- */

static double edge_to(const struct mblock *b, int target)
{
    for (size_t k = 0; k < b->nsucc; k++)
        if (b->succ[k] == target)
            return b->succ_count[k];
    return 0;
}

static bool two_word(const char *mn)
{
    return !strcmp(mn, "jmp") || !strcmp(mn, "call") || !strcmp(mn, "lds") || !strcmp(mn, "sts");
}

void cost_price_block(struct cost_ctx *cx, const struct mfunc *f, size_t bi, struct block_price *out)
{
    const struct isa *isa = cx->isa;
    const struct mblock *b = &f->blocks[bi];
    struct board board = {.n = 0};
    double t = 0;              /* scoreboard time within one execution */
    double execs = b->count;   /* how often the current instruction runs */
    double split_from = -1;    /* cycles before the first branch whose split is an estimate */
    memset(out, 0, sizeof *out);
    for (size_t k = 0; k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        const struct isa_insn *d = in->isa;
        double cycles, count;
        if (b->split_estimated && split_from < 0 && d &&
            (d->kind == ISA_COND_BRANCH || d->kind == ISA_COND_RETURN || d->kind == ISA_SKIP))
            split_from = out->cycles;
        base_cost(isa, in, &cycles, &count);
        double measured;
        if (d && d->cycles_formula && cost_args_insn_cycles(cx, in, &measured))
            cycles = measured * count; /* a shift by a register: the amounts the run saw */
        out->instructions += execs * count;
        if (!d) {
            out->unknown += execs;
            out->cycles += execs * cycles;
            t += cycles;
            continue;
        }
        double st = stall(&board, in, t);
        out->cycles += execs * st;
        t += st;
        switch (d->kind) {
        case ISA_COND_BRANCH: {
            double taken = in->target >= 0 ? edge_to(b, in->target) : 0;
            if (taken > execs)
                taken = execs;
            double not_taken = execs - taken;
            bool pred_taken = false;
            if (isa_predict(isa) != ISA_PREDICT_NONE) {
                pred_taken = in->target >= 0 && (size_t)in->target <= bi; /* backward */
                size_t ml = strlen(in->mnemonic);
                if (isa_predict(isa) == ISA_PREDICT_HINT && ml > 1 && in->mnemonic[ml - 1] == '+')
                    pred_taken = true;
                if (isa_predict(isa) == ISA_PREDICT_HINT && ml > 1 && in->mnemonic[ml - 1] == '-')
                    pred_taken = false;
            }
            double mis = isa_predict(isa) == ISA_PREDICT_NONE ? 0 : d->mispredict;
            out->cycles += taken * (d->taken + (pred_taken ? 0 : mis));
            out->cycles += not_taken * (d->not_taken + (pred_taken ? mis : 0));
            out->branch_cycles += taken * d->taken + not_taken * d->not_taken;
            execs = not_taken;
            t += d->not_taken;
            break;
        }
        case ISA_COND_RETURN: {
            /* taken = returns; what does not return falls through */
            double stay = 0;
            for (size_t s2 = 0; s2 < b->nsucc; s2++)
                stay += b->succ_count[s2];
            if (stay > execs)
                stay = execs;
            double ret = execs - stay;
            bool pred_taken = false; /* a conditional return is predicted not taken (no displacement) */
            size_t ml = strlen(in->mnemonic);
            if (isa_predict(isa) == ISA_PREDICT_HINT && ml > 1 && in->mnemonic[ml - 1] == '+')
                pred_taken = true;
            double mis = isa_predict(isa) == ISA_PREDICT_NONE ? 0 : d->mispredict;
            out->cycles += ret * (d->taken + (pred_taken ? 0 : mis)) + stay * (d->not_taken + (pred_taken ? mis : 0));
            out->branch_cycles += ret * d->taken + stay * d->not_taken;
            execs = stay;
            t += d->not_taken;
            break;
        }
        case ISA_SKIP: {
            /* AVR: a skip over a jump is a conditional branch; otherwise its
             * outcome is not known from counts and is split evenly */
            const struct minsn *next = k + 1 < b->ninsns ? &b->insns[k + 1] : NULL;
            double skipped;
            if (next && next->isa && next->isa->kind == ISA_JUMP && next->target >= 0) {
                double jumps = edge_to(b, next->target);
                skipped = execs - jumps > 0 ? execs - jumps : 0;
            } else {
                skipped = execs / 2;
                out->estimated_cycles += execs * (d->taken + d->not_taken) / 2;
            }
            double extra = next && two_word(next->mnemonic) ? 1 : 0;
            out->cycles += skipped * (d->taken + extra) + (execs - skipped) * d->not_taken;
            if (next) {
                /* the next instruction runs only when not skipped */
                double nc, ncount;
                base_cost(isa, next, &nc, &ncount);
                out->instructions += (execs - skipped) * ncount;
                if (next->isa && next->isa->kind == ISA_JUMP && next->target >= 0) {
                    out->cycles += (execs - skipped) * nc;
                    execs = skipped;
                } else {
                    out->cycles += (execs - skipped) * nc;
                }
                k++;
            }
            t += d->not_taken;
            break;
        }
        case ISA_CALL:
        case ISA_INDIRECT_CALL:
        case ISA_TAIL_CALL: {
            out->cycles += execs * cycles;
            t += cycles;
            if (d->kind != ISA_INDIRECT_CALL) {
                char sym[256];
                lower_call_symbol(in->ops, sym, sizeof sym);
                cost_price_call(cx, sym, in, NULL, execs, out);
            } else
                cost_exclude_call(cx->e, cx->cur_func, NULL, execs, COST_EXCL_INDIRECT); /* callee unknown here */
            break;
        }
        default:
            out->cycles += execs * cycles;
            retire(&board, in, t, cycles);
            t += cycles;
            break;
        }
    }
    /* the branch and what runs after it depend on the estimated split */
    if (split_from >= 0)
        out->estimated_cycles += out->cycles - split_from;
}
