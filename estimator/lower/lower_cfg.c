/* lower_cfg.c — the control-flow graph of the machine code: a block's
 * successors are the labels its branches name, the blocks its jump table
 * lists, and the next block in layout unless the block ends in an
 * unconditional transfer (jump, return, tail call, indirect jump, or a call
 * to a function that never returns). Instruction kinds come from the ISA. */
#include "isa.h"
#include "lower.h"
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Looks a mnemonic up (isa_lookup accepts PowerPC hints "bne+" itself). */
const struct isa_insn *lower_isa_lookup(const struct isa *isa, const char *mn)
{
    return isa_lookup(isa, mn);
}

/* The symbol a call names: the last operand, without "@plt" and the like. */
void lower_call_symbol(const char *ops, char *out, size_t n)
{
    const char *s = strrchr(ops, ',');
    s = s ? s + 1 : ops;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t k = 0;
    while (s[k] && s[k] != '@' && s[k] != '(' && !isspace((unsigned char)s[k]) && k + 1 < n) {
        out[k] = s[k];
        k++;
    }
    out[k] = '\0';
}

static bool never_returns(LLVMModuleRef m, const char *sym)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, sym);
    if (!f)
        return false;
    unsigned kind = LLVMGetEnumAttributeKindForName("noreturn", 8);
    return LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind) != NULL;
}

static void add_succ(struct mblock *b, int t)
{
    for (size_t i = 0; i < b->nsucc; i++)
        if (b->succ[i] == t)
            return;
    b->succ = sup_xrealloc(b->succ, (b->nsucc + 1) * sizeof *b->succ);
    b->succ[b->nsucc++] = t;
}

static int block_index(const struct mfunc *f, int number)
{
    for (size_t j = 0; j < f->nblocks; j++)
        if (f->blocks[j].number == number)
            return (int)j;
    return -1;
}

/* Whether operand text OPS has the token TOK (registers: "a5", "r3"),
 * counting from its operand number FROM (0: the first). */
static bool has_operand(const char *ops, const char *tok, int from)
{
    size_t n = strlen(tok);
    int operand = 0;
    for (const char *p = ops; *p;) {
        size_t len = strcspn(p, ", ()\t");
        if (len == n && !strncmp(p, tok, n) && operand >= from)
            return true;
        p += len;
        for (; *p == ',' || *p == ' ' || *p == '(' || *p == ')' || *p == '\t'; p++)
            operand += *p == ',';
    }
    return false;
}

/* x86-64's AT&T syntax: registers are written "%name" and the destination
 * is the last operand. The register an instruction writes there, as its
 * 64-bit family ("%r13d" and "%r13" are "%r13"; "%edx", "%dx" "%rdx"), into
 * REG (N bytes); false when the last operand is no register. */
static bool att_dest(const char *ops, char *reg, size_t n)
{
    const char *c = strrchr(ops, ',');
    const char *d = c ? c + 1 : ops;
    while (*d == ' ' || *d == '\t')
        d++;
    size_t len = strcspn(d, " \t");
    char t[24];
    if (*d != '%' || len < 3 || len > sizeof t || sizeof t + 1 > n)
        return false;
    memcpy(t, d + 1, len - 1);
    t[len - 1] = '\0';
    size_t tl = len - 1;
    for (size_t k = 0; k < tl; k++)
        if (!isalnum((unsigned char)t[k]))
            return false; /* (RISC-V's "%hi(.LJTI0_0)": a relocation, not a register) */
    if (t[0] == 'r' && isdigit((unsigned char)t[1])) {
        while (tl > 1 && !isdigit((unsigned char)t[tl - 1]))
            t[--tl] = '\0'; /* r13d, r13w, r13b */
    } else {
        static const char *const fam[][5] = {{"rax", "eax", "ax", "al", "ah"}, {"rbx", "ebx", "bx", "bl", "bh"},
                                             {"rcx", "ecx", "cx", "cl", "ch"}, {"rdx", "edx", "dx", "dl", "dh"},
                                             {"rsi", "esi", "si", "sil", ""},   {"rdi", "edi", "di", "dil", ""},
                                             {"rbp", "ebp", "bp", "bpl", ""},   {"rsp", "esp", "sp", "spl", ""}};
        for (size_t f = 0; f < sizeof fam / sizeof fam[0]; f++)
            for (size_t k = 0; k < 5; k++)
                if (fam[f][k][0] && !strcmp(t, fam[f][k]))
                    strcpy(t, fam[f][0]);
    }
    snprintf(reg, n, "%%%s", t);
    return true;
}

/* The table whose address block I reads from a register, when exactly one
 * is: code generation hoists table addresses into registers (two switches
 * in one loop: both loaded before it), so the table named nearest is not
 * always the one used. A register holding a table is the first operand
 * (the destination) of an instruction that names it; on x86-64 (AT&T) the
 * last, and the table is read as the base of an indexed address,
 * "(%r13,%rdx,4)" (host branchgen 96064: the second switch's table loaded
 * into r13 in the entry block, the first one's into rdx before its own
 * jump; the second jump took the first table's cases). */
static const struct jtable *jump_table_by_register(const struct mfunc *f, size_t i)
{
    const struct mblock *b = &f->blocks[i];
    const struct jtable *found = NULL;
    for (size_t t = 0; t < f->njt; t++) {
        bool read = false;
        for (size_t j = 0; j < f->nblocks && !read; j++)
            for (size_t k = 0; k < f->blocks[j].ninsns && !read; k++) {
                const struct minsn *def = &f->blocks[j].insns[k];
                if (!strstr(def->ops, f->jt[t].name))
                    continue;
                char reg[32], base[40];
                size_t len = strcspn(def->ops, ", ");
                bool att = strchr(def->ops, '%') && att_dest(def->ops, reg, sizeof reg);
                if (att) {
                    len = strlen(reg);
                    snprintf(base, sizeof base, "(%s,", reg);
                } else {
                    if (len == 0 || len >= sizeof reg)
                        continue;
                    memcpy(reg, def->ops, len);
                    reg[len] = '\0';
                }
                /* read while it holds the table: from the block's start
                 * (a hoisted address) or from the instruction naming it,
                 * until something else is written there */
                bool holds = true;
                for (size_t q = 0; q < b->ninsns && !read; q++) {
                    const char *ops = b->insns[q].ops;
                    bool names = strstr(ops, f->jt[t].name) != NULL;
                    char w[32];
                    if (att) {
                        read = holds && !names && strstr(ops, base) != NULL;
                        if (att_dest(ops, w, sizeof w) && !strcmp(w, reg))
                            holds = false; /* written */
                    } else {
                        read = holds && !names && has_operand(ops, reg, 1);
                        if (!strncmp(ops, reg, len) && (ops[len] == ',' || ops[len] == ' '))
                            holds = false; /* written */
                    }
                    if (names)
                        holds = true;
                }
            }
        if (read && found)
            return NULL;
        if (read)
            found = &f->jt[t];
    }
    return found;
}

/* The jump table an indirect jump of block I uses: the one whose address
 * register it reads, else one named in the block, else in an earlier
 * block, else the only table of the function. */
static const struct jtable *jump_table(const struct mfunc *f, size_t i)
{
    const struct mblock *b = &f->blocks[i];
    const struct jtable *by_register = f->njt > 1 ? jump_table_by_register(f, i) : NULL;
    if (by_register)
        return by_register;
    for (size_t k = 0; k < b->ninsns; k++)
        for (size_t t = 0; t < f->njt; t++)
            if (strstr(b->insns[k].ops, f->jt[t].name))
                return &f->jt[t];
    /* the table's address is often computed in an earlier block */
    for (size_t j = i; j-- > 0;)
        for (size_t k = 0; k < f->blocks[j].ninsns; k++)
            for (size_t t = 0; t < f->njt; t++)
                if (strstr(f->blocks[j].insns[k].ops, f->jt[t].name))
                    return &f->jt[t];
    return f->njt == 1 ? &f->jt[0] : NULL;
}

/* Whether the comma-separated target features FEATURES ("+m,-c") enable NAME. */
static bool feature_on(const char *features, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = features; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len == n + 1 && *p == '+' && !strncmp(p + 1, name, n))
            return true;
        p += len + (p[len] == ',');
    }
    return false;
}

/* The bytes of an instruction, for branch targets written ".+N": 0 when
 * unknown (x86's lengths vary; RISC-V code with compressed instructions).
 * FROM_END: N counts from the instruction's end (AVR) instead of its start
 * (PowerPC, RISC-V, MicroBlaze, as their assemblers read ".") */
static unsigned insn_bytes(const struct isa *isa, const char *mnemonic, bool *from_end)
{
    const char *t = isa_triple(isa);
    *from_end = false;
    if (!strncmp(t, "powerpc", 7) || !strncmp(t, "microblaze", 10))
        return 4;
    if (!strncmp(t, "riscv", 5)) {
        const char *fs = isa_features(isa);
        return feature_on(fs, "c") || feature_on(fs, "zca") ? 0 : 4;
    }
    if (!strncmp(t, "avr", 3)) {
        static const char *const wide[] = {"call", "jmp", "lds", "sts", NULL};
        *from_end = true;
        for (const char *const *w = wide; *w; w++)
            if (!strcasecmp(mnemonic, *w))
                return 4;
        return 2;
    }
    return 0;
}

/* Resolves the ".+N" / ".-N" branch targets of F to the blocks they land on
 * (a PowerPC branch relaxed into "bne .+8; b far" skips the jump to the next
 * block); one that cannot be resolved (instruction sizes unknown, or the
 * target is not the start of a block of F) makes F's counts estimates. */
static void resolve_relative(struct mfunc *f, const struct isa *isa, FILE *diag)
{
    long addr = 0;
    long *start = sup_xcalloc(f->nblocks + 1, sizeof *start);
    bool sized = true, from_end;
    for (size_t i = 0; i < f->nblocks; i++) {
        start[i] = addr;
        for (size_t k = 0; k < f->blocks[i].ninsns; k++) {
            unsigned n = insn_bytes(isa, f->blocks[i].insns[k].mnemonic, &from_end);
            sized &= n > 0;
            addr += n;
        }
    }
    for (size_t i = 0; i < f->nblocks; i++) {
        long at = start[i];
        for (size_t k = 0; k < f->blocks[i].ninsns; k++) {
            struct minsn *in = &f->blocks[i].insns[k];
            unsigned n = insn_bytes(isa, in->mnemonic, &from_end);
            if (in->relative && in->target < 0) {
                long where = at + (from_end ? (long)n : 0) + in->offset;
                for (size_t j = 0; sized && j < f->nblocks && in->target < 0; j++)
                    if (start[j] == where && f->blocks[j].ninsns)
                        in->target = (int)j;
                if (in->target < 0 && !f->unresolved)
                    sup_diag(diag, NULL, 0, 0, "warning",
                             "branch '%s %s' (assembly line %u, in %s): its target is not a block of the function%s; "
                             "the function's counts are estimates",
                             in->mnemonic, in->ops, in->line, f->name,
                             sized ? "" : " (instruction sizes unknown)");
                f->unresolved |= in->target < 0;
            }
            at += n;
        }
    }
    free(start);
}

bool lower_build_cfg(struct mmodule *mm, const struct isa *isa, LLVMModuleRef m, FILE *diag)
{
    char **unknown = NULL;
    size_t nunknown = 0;
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        struct mfunc *f = &mm->funcs[fi];
        resolve_relative(f, isa, diag);
        for (size_t i = 0; i < f->nblocks; i++) {
            struct mblock *b = &f->blocks[i];
            bool ends = false;
            for (size_t k = 0; k < b->ninsns; k++) {
                struct minsn *in = &b->insns[k];
                in->isa = lower_isa_lookup(isa, in->mnemonic);
                if (!in->isa) {
                    bool seen = false;
                    for (size_t u = 0; u < nunknown && !seen; u++)
                        seen = strcmp(unknown[u], in->mnemonic) == 0;
                    if (!seen) {
                        unknown = sup_xrealloc(unknown, (nunknown + 1) * sizeof *unknown);
                        unknown[nunknown++] = in->mnemonic;
                        sup_diag(diag, isa_path(isa), 0, 0, "warning",
                                 "unknown instruction '%s' (assembly line %u, in %s); priced as 1 cycle and counted "
                                 "in the report",
                                 in->mnemonic, in->line, f->name);
                    }
                    continue;
                }
                enum isa_kind kind = in->isa->kind;
                bool last = k + 1 == b->ninsns;
                switch (kind) {
                case ISA_COND_BRANCH:
                    if (in->target >= 0)
                        add_succ(b, in->target);
                    else if (in->relative)
                        b->exits = true; /* to somewhere unknown: part of the flow leaves */
                    break;
                case ISA_JUMP:
                    if (in->target >= 0) {
                        add_succ(b, in->target);
                        /* a skip right before it makes the jump conditional (AVR) */
                        bool skipped = k > 0 && b->insns[k - 1].isa && b->insns[k - 1].isa->kind == ISA_SKIP;
                        if (last && !skipped)
                            ends = true;
                    } else if (last || in->relative) {
                        ends = last;
                        b->exits = true; /* a jump to another function, or unresolved */
                    }
                    break;
                case ISA_INDIRECT_JUMP: {
                    const struct jtable *jt = jump_table(f, i);
                    if (jt)
                        b->jt = (int)(jt - f->jt);
                    if (jt)
                        for (size_t t = 0; t < jt->n; t++) {
                            int idx = block_index(f, jt->targets[t]);
                            if (idx >= 0)
                                add_succ(b, idx);
                        }
                    else
                        b->exits = true;
                    if (last)
                        ends = true;
                    break;
                }
                case ISA_COND_RETURN:
                    b->exits = true; /* part of the flow leaves here */
                    break;
                case ISA_RETURN:
                case ISA_TAIL_CALL:
                    if (last) {
                        ends = true;
                        b->exits = true;
                    }
                    break;
                case ISA_CALL: {
                    char sym[256];
                    lower_call_symbol(in->ops, sym, sizeof sym);
                    if (last && never_returns(m, sym)) {
                        ends = true;
                        b->exits = true;
                    }
                    break;
                }
                default:
                    break;
                }
            }
            if (!ends && i + 1 < f->nblocks) {
                b->falls_through = true;
                add_succ(b, (int)i + 1);
            }
            if (!ends && i + 1 == f->nblocks)
                b->exits = true; /* the function's last block, e.g. after a trap */
        }
        for (size_t i = 0; i < f->nblocks; i++)
            for (size_t s = 0; s < f->blocks[i].nsucc; s++) {
                struct mblock *t = &f->blocks[f->blocks[i].succ[s]];
                t->pred = sup_xrealloc(t->pred, (t->npred + 1) * sizeof *t->pred);
                t->pred[t->npred++] = (int)i;
            }
    }
    free(unknown);
    return true;
}
