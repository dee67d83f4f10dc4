/* lower_flags.c — AVR branches on a condition kept in a register.
 *
 * Without conditional moves, AVR code generation makes a boolean value
 * (a loop's "go on" condition, a wide shift loop's "last iteration" flag, a
 * comparison a later block tests) with a branch around a constant load:
 *     ldi rF, 1 ... brXX T        (the taken side keeps 1)
 *     F: mov rF, r1  [rjmp T]     (the other side clears it; r1 is zero)
 * and tests it later with `cpi rF, k` (or `tst rF`) and `breq`/`brne`. The
 * test's outcome on every path is then known: it is taken exactly as often
 * as the paths into it carry a value that makes it so. This file finds, for
 * a block ending in such a test, the machine edges whose constant arrives at
 * it (walking back through blocks that only pass the register on), split by
 * the outcome it gives. Exact when found; nothing when any path into the
 * test is unclear. */
#include "lower.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* "r24" -> 24, or -1. */
static int reg_number(const char *s, size_t len)
{
    if (len < 2 || len > 3 || s[0] != 'r')
        return -1;
    int n = 0;
    for (size_t i = 1; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        n = n * 10 + (s[i] - '0');
    }
    return n < 32 ? n : -1;
}

/* The instruction's operands: the first two, as text spans. */
static size_t operands(const struct minsn *in, const char **op, size_t *len)
{
    const char *p = in->ops ? in->ops : "";
    size_t n = 0;
    while (*p && n < 2) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *e = p;
        while (*e && *e != ',')
            e++;
        const char *t = e;
        while (t > p && (t[-1] == ' ' || t[-1] == '\t'))
            t--;
        op[n] = p;
        len[n++] = (size_t)(t - p);
        p = *e ? e + 1 : e;
    }
    return n;
}

/* Instructions that read their first operand without writing it, or write
 * no register. */
static bool writes_no_register(const char *mn)
{
    static const char *const list[] = {"st", "std", "sts", "cp", "cpc", "cpi", "tst", "push", "out", "sbrc", "sbrs",
                                       "sbic", "sbis", "cpse", "rjmp", "jmp", "ijmp", "ret", "nop", "sbi", "cbi",
                                       NULL};
    for (const char *const *k = list; *k; k++)
        if (!strcmp(mn, *k))
            return true;
    return !strncmp(mn, "br", 2);
}

/* What the value of a register at some point of a block comes from. */
struct source {
    enum { SRC_CONST, SRC_ENTRY, SRC_UNKNOWN } kind;
    int value;             /* SRC_CONST: the constant */
    int reg;               /* SRC_ENTRY: the register on entry to the block */
    int mask;              /* `andi` masks applied on the way */
};

/* Registers a call may change (avr-gcc's ABI; r1 is zero again after it). */
static bool call_clobbered(int r) { return r == 0 || (r >= 18 && r <= 27) || r >= 30; }

static bool immediate(const char *op, size_t len, int *x)
{
    char *end;
    long v = strtol(op, &end, 0);
    *x = (int)(v & 0xff);
    return len && end == op + len;
}

/* Whether r1 holds zero just before instruction END of block U: the ABI's
 * zero register, but a multiply leaves its product's high byte there until
 * "clr r1" (AVR "mul r12, r12; mov r18, r1; clr r1": the umul.with.overflow
 * bit, branchgen 72014). At the block's entry it is zero. */
static bool r1_zero_at(const struct mblock *u, size_t end)
{
    for (size_t k = end; k-- > 0;) {
        const struct minsn *in = &u->insns[k];
        const char *mn = in->mnemonic;
        if (!strncmp(mn, "mul", 3) || !strncmp(mn, "fmul", 4))
            return false;
        if (!strcmp(mn, "call") || !strcmp(mn, "icall") || !strcmp(mn, "rcall") || !strcmp(mn, "eicall"))
            return true; /* (zero again after a call) */
        const char *op[2];
        size_t len[2];
        size_t n = operands(in, op, len);
        int d = n ? reg_number(op[0], len[0]) : -1;
        bool pair = !strcmp(mn, "movw") || !strcmp(mn, "adiw") || !strcmp(mn, "sbiw");
        if (writes_no_register(mn) || (d != 1 && !(pair && d == 0)))
            continue;
        return (!strcmp(mn, "clr") && n == 1) || (!strcmp(mn, "eor") && n == 2 && reg_number(op[1], len[1]) == 1);
    }
    return true;
}

/* Where register R's value just before instruction END of block U comes
 * from: walking back over the block, through copies (`mov`) and masks
 * (`andi`), to a constant load or the block's entry. */
static struct source source_of(const struct mblock *u, size_t end, int r)
{
    struct source src = {.kind = SRC_ENTRY, .reg = r, .mask = 0xff};
    for (size_t k = end; k-- > 0;) {
        const struct minsn *in = &u->insns[k];
        const char *mn = in->mnemonic;
        if (!strcmp(mn, "call") || !strcmp(mn, "icall") || !strcmp(mn, "rcall") || !strcmp(mn, "eicall")) {
            if (call_clobbered(src.reg))
                return (struct source){.kind = SRC_UNKNOWN};
            continue;
        }
        if (writes_no_register(mn))
            continue;
        const char *op[2];
        size_t len[2];
        size_t n = operands(in, op, len);
        int d = n ? reg_number(op[0], len[0]) : -1;
        if (!strncmp(mn, "mul", 3) || !strncmp(mn, "fmul", 4)) {
            if (src.reg <= 1)
                return (struct source){.kind = SRC_UNKNOWN}; /* results in r1:r0 */
            continue;
        }
        if (d < 0)
            return (struct source){.kind = SRC_UNKNOWN};
        bool pair = !strcmp(mn, "movw") || !strcmp(mn, "adiw") || !strcmp(mn, "sbiw");
        if (d != src.reg && !(pair && d + 1 == src.reg))
            continue;
        int x, s2 = n == 2 ? reg_number(op[1], len[1]) : -1;
        if (!strcmp(mn, "ldi") && n == 2 && immediate(op[1], len[1], &x))
            return (struct source){.kind = SRC_CONST, .value = x & src.mask};
        if ((!strcmp(mn, "clr") && n == 1) || (!strcmp(mn, "eor") && s2 == d) ||
            (!strcmp(mn, "mov") && s2 == 1 && r1_zero_at(u, k)))
            return (struct source){.kind = SRC_CONST, .value = 0}; /* r1 holds zero */
        if (!strcmp(mn, "mov") && s2 == 1)
            return (struct source){.kind = SRC_UNKNOWN}; /* a product's high byte */
        if (!strcmp(mn, "andi") && n == 2 && immediate(op[1], len[1], &x)) {
            src.mask &= x;
            continue;
        }
        if (!strcmp(mn, "mov") && s2 >= 2) {
            src.reg = s2;
            continue;
        }
        if (!strcmp(mn, "movw") && s2 >= 2 && s2 % 2 == 0) {
            src.reg = s2 + (src.reg - d);
            continue;
        }
        return (struct source){.kind = SRC_UNKNOWN};
    }
    return src;
}

/* Whether block B ends in a test of a register against a constant
 * ("cpi rF, k" or "tst rF", then breq/brne past instructions that keep the
 * flags): the register *R, the constant *AGAINST, whether the branch is
 * taken on equality (*EQ), its target *TAKEN and the compare's index *K. */
static bool register_test(const struct mblock *b, int *r, int *against, bool *eq, int *taken, size_t *k_out)
{
    if (b->nsucc != 2 || b->ninsns < 2)
        return false;
    size_t last = b->ninsns - 1;
    if (!strcmp(b->insns[last].mnemonic, "rjmp") || !strcmp(b->insns[last].mnemonic, "jmp"))
        last--; /* the other side, when it does not fall through */
    const struct minsn *br = &b->insns[last];
    *eq = !strcmp(br->mnemonic, "breq");
    if ((!*eq && strcmp(br->mnemonic, "brne")) || br->target < 0 || b->succ[0] == b->succ[1])
        return false;
    *taken = br->target;
    /* the comparison that sets the flags, past instructions that do not */
    static const char *const keep_flags[] = {"mov", "movw", "ldi", "ldd", "ld", "lds", "std", "st", "sts", "push",
                                             "pop", NULL};
    size_t k = last;
    while (k-- > 0) {
        bool keeps = false;
        for (const char *const *q = keep_flags; *q && !keeps; q++)
            keeps = !strcmp(b->insns[k].mnemonic, *q);
        if (!keeps)
            break;
    }
    if (k >= b->ninsns)
        return false;
    const struct minsn *cmp = &b->insns[k];
    const char *op[2];
    size_t len[2];
    size_t nop = operands(cmp, op, len);
    if (!strcmp(cmp->mnemonic, "cpi") && nop == 2) {
        char *end;
        *against = (int)(strtol(op[1], &end, 0) & 0xff);
        if (end != op[1] + len[1])
            return false;
    } else if (!strcmp(cmp->mnemonic, "tst") && nop == 1) {
        *against = 0;
    } else {
        return false;
    }
    *r = reg_number(op[0], len[0]);
    *k_out = k;
    return *r >= 2;
}

static void add_origin(struct lower_flag_origin **out, size_t *n, size_t *cap, int block, size_t succ, int value)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *out = sup_xrealloc(*out, *cap * sizeof **out);
    }
    (*out)[(*n)++] = (struct lower_flag_origin){.block = block, .succ = succ, .value = value};
}

/* Collects the edges whose constant reaches block TO's entry in register R
 * through pass-on blocks, with MASK applied; false when a path is unclear. */
static bool origins(const struct mfunc *mf, int to, int r, int mask, int against, int depth,
                    struct lower_flag_origin **out, size_t *n, size_t *cap)
{
    const struct mblock *t = &mf->blocks[to];
    if (depth > 8 || t->npred == 0)
        return false;
    for (size_t p = 0; p < t->npred; p++) {
        int u = t->pred[p];
        const struct mblock *ub = &mf->blocks[u];
        struct source src = source_of(ub, ub->ninsns, r);
        if (src.kind == SRC_UNKNOWN)
            return false;
        if (src.kind == SRC_CONST) {
            for (size_t j = 0; j < ub->nsucc; j++) {
                if (ub->succ[j] != to)
                    continue;
                add_origin(out, n, cap, u, j, src.value & mask);
            }
            continue;
        }
        /* passes the register on, unchanged, after testing it against the
         * same constant (the AVR's wide select, one "cpi rF, 0; brne" per
         * register piece on the flag its compare made): the edge to TO
         * carries the values that test sends there, the constant or others,
         * which the test at the end sees alike */
        int ur, ua, ut;
        bool ueq;
        size_t uk;
        if (ub->nsucc == 2 && u != to && src.reg == r && src.mask == 0xff && mask == 0xff &&
            register_test(ub, &ur, &ua, &ueq, &ut, &uk) && ur == r && ua == against) {
            struct source at = source_of(ub, uk, r);
            if (at.kind != SRC_ENTRY || at.reg != r || at.mask != 0xff)
                return false;
            bool equal = (ut == to) == ueq;
            for (size_t j = 0; j < ub->nsucc; j++)
                if (ub->succ[j] == to)
                    add_origin(out, n, cap, u, j, equal ? against : (against + 1) & 0xff);
            continue;
        }
        /* passes the register on: all it receives goes here, if it goes
         * nowhere else */
        if (ub->nsucc != 1 || u == to || !origins(mf, u, src.reg, mask & src.mask, against, depth + 1, out, n, cap))
            return false;
    }
    return true;
}

size_t lower_flag_test(const struct mfunc *mf, size_t m, int *taken, struct lower_flag_origin **out, size_t *n_taken)
{
    const struct mblock *b = &mf->blocks[m];
    *out = NULL;
    *n_taken = 0;
    int r, against;
    bool eq;
    size_t k;
    if (!register_test(b, &r, &against, &eq, taken, &k))
        return 0;
    /* the register's value at the comparison: from the block's entry,
     * copied and masked on the way */
    struct source src = source_of(b, k, r);
    struct lower_flag_origin *o = NULL;
    size_t n = 0, cap = 0;
    if (src.kind == SRC_CONST) {
        /* loaded in the block itself: every entry goes the same way */
        for (size_t p = 0; p < b->npred; p++) {
            const struct mblock *pb = &mf->blocks[b->pred[p]];
            for (size_t j = 0; j < pb->nsucc; j++)
                if (pb->succ[j] == (int)m)
                    add_origin(&o, &n, &cap, b->pred[p], j, src.value);
        }
    } else if (src.kind != SRC_ENTRY || !origins(mf, (int)m, src.reg, src.mask, against, 0, &o, &n, &cap)) {
        free(o);
        return 0;
    }
    /* taken ones first */
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        bool goes = (o[i].value == against) == eq;
        if (goes) {
            struct lower_flag_origin t = o[w];
            o[w++] = o[i];
            o[i] = t;
        }
    }
    *out = o;
    *n_taken = w;
    return n;
}
