/* lower_constants.c — which constant a conditional branch's compare uses,
 * read from the machine code before the branch: the IR constant itself, or
 * that constant moved by one (the backend compares x > 15 as x >= 16). On
 * the AVR a wide compare is a chain (cp/cpi on the low byte, cpc on each
 * byte above, against registers loaded with ldi and copied with mov/movw):
 * its constant is rebuilt byte by byte from the registers' known values. */
#include "estimator.h"
#include "isa.h"
#include "lower.h"
#include "lower_solver.h"
#include "support.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "r24" -> 24; -1 when OP (up to a comma or the end) is not an AVR register. */
static int avr_reg(const char *op)
{
    while (*op == ' ')
        op++;
    if (op[0] != 'r' || !isdigit((unsigned char)op[1]))
        return -1;
    char *end;
    long r = strtol(op + 1, &end, 10);
    while (*end == ' ')
        end++;
    return r < 32 && (*end == ',' || *end == '\0') ? (int)r : -1;
}

/* The immediate after the last comma of OPS ("r24, -65" -> -65), or false. */
static bool last_immediate(const char *ops, long long *v)
{
    const char *comma = strrchr(ops, ',');
    if (!comma)
        return false;
    char *end;
    *v = strtoll(comma + 1, &end, 0);
    while (*end == ' ')
        end++;
    return *end == '\0' && end != comma + 1;
}

/* The immediate an x86-64 instruction in AT&T order takes first ("$8, %ecx"). */
static bool att_immediate(const char *ops, long long *v)
{
    if (ops[0] != '$')
        return false;
    char *end;
    *v = strtoll(ops + 1, &end, 0);
    return end != ops + 1 && *end == ',';
}

/* Mnemonics whose first operand is not a register they write. */
static bool avr_writes_none(const char *mn)
{
    static const char *const none[] = {"st", "std", "sts", "cp", "cpc", "cpi", "push", "out", "sbi", "cbi", "sbrc",
                                       "sbrs", "sbic", "sbis", "cpse", "tst", "nop", "sei", "cli", "ret", "reti",
                                       "jmp", "rjmp", "ijmp", "eijmp", "wdr", "sleep", "break", NULL};
    for (const char *const *k = none; *k; k++)
        if (!strcmp(mn, *k))
            return true;
    return mn[0] == 'b' && mn[1] == 'r'; /* conditional branches */
}

/* The AVR registers' values just before instruction UPTO of block B, from
 * their values ENTRY on entering it (NULL: none known but r1, which is
 * zero) and what the block itself sets (val[r] < 0: unknown). */
static void avr_values(const struct mblock *b, const int *entry, size_t upto, int val[32])
{
    for (int r = 0; r < 32; r++)
        val[r] = entry ? entry[r] : -1;
    if (!entry)
        val[1] = 0;
    for (size_t k = 0; k < upto; k++) {
        const struct minsn *in = &b->insns[k];
        const char *mn = in->mnemonic;
        int d = avr_reg(in->ops), s = -1;
        const char *comma = strchr(in->ops, ',');
        if (comma)
            s = avr_reg(comma + 1);
        long long imm;
        if (!strcmp(mn, "call") || !strcmp(mn, "rcall") || !strcmp(mn, "icall") || !strcmp(mn, "eicall")) {
            /* the ABI's call-used registers: r0, r18-r27, r30-r31 (r2-r17
             * and r28-r29 are kept; r1 is zero again) */
            val[0] = -1;
            for (int r = 18; r < 32; r++)
                if (r < 28 || r > 29)
                    val[r] = -1;
            val[1] = 0;
        } else if ((!strcmp(mn, "lpm") || !strcmp(mn, "elpm")) && d < 0) {
            val[0] = -1; /* (the implied destination) */
        } else if (avr_writes_none(mn)) {
            /* pointer post-increments and pre-decrements change X, Y, Z */
            if (strchr(in->ops, '+') || strstr(in->ops, "-X") || strstr(in->ops, "-Y") || strstr(in->ops, "-Z"))
                for (int r = 26; r < 32; r++)
                    val[r] = -1;
        } else if (d < 0) {
            continue;
        } else if ((!strcmp(mn, "ldi") || !strcmp(mn, "ser")) && (!strcmp(mn, "ser") || last_immediate(in->ops, &imm))) {
            val[d] = !strcmp(mn, "ser") ? 0xFF : (int)(imm & 0xFF);
        } else if ((!strcmp(mn, "clr") && s < 0) || ((!strcmp(mn, "eor") || !strcmp(mn, "sub")) && s == d)) {
            val[d] = 0;
        } else if (!strcmp(mn, "mov") && s >= 0) {
            val[d] = val[s];
        } else if (!strcmp(mn, "movw") && s >= 0 && d < 31 && s < 31) {
            int lo = val[s], hi = val[s + 1];
            val[d] = lo;
            val[d + 1] = hi;
        } else {
            val[d] = -1;
            /* register pairs written whole, and the multiplier's r0:r1 */
            if (!strcmp(mn, "movw") || !strcmp(mn, "adiw") || !strcmp(mn, "sbiw"))
                val[d + 1 < 32 ? d + 1 : d] = -1;
            if (!strncmp(mn, "mul", 3) || !strncmp(mn, "fmul", 4)) {
                val[0] = -1;
                val[1] = -1;
            }
            if ((!strncmp(mn, "ld", 2) || strstr(mn, "lpm")) &&
                (strchr(in->ops, '+') || strstr(in->ops, "-X") || strstr(in->ops, "-Y") || strstr(in->ops, "-Z")))
                for (int r = 26; r < 32; r++)
                    val[r] = -1;
        }
    }
}

/* Instructions that neither change the flags nor branch: they may sit
 * between the compares of a chain and its branch. */
static bool avr_keeps_flags(const char *mn)
{
    static const char *const keep[] = {"ldi", "mov", "movw", "lds", "ld", "ldd", "sts", "st", "std", "push", "pop",
                                       "in", "out", "nop", "ser", NULL};
    for (const char *const *k = keep; *k; k++)
        if (!strcmp(mn, *k))
            return true;
    return false;
}

/* The constant of the AVR compare chain before the branch at index K of B:
 * *v over *bytes bytes (the low byte first), or false when a byte is not
 * known (a register the block did not load) or there is no chain. */
static bool avr_chain_constant(const struct mblock *b, const int *entry, size_t k, unsigned long long *v,
                               unsigned *bytes)
{
    size_t chain[8];
    unsigned n = 0;
    bool started = false;
    for (size_t j = k; j-- > 0 && !started;) {
        const char *mn = b->insns[j].mnemonic;
        if (!strcmp(mn, "cpc")) {
            if (n == 8)
                return false;
            chain[n++] = j;
        } else if (!strcmp(mn, "cp") || !strcmp(mn, "cpi")) {
            if (n == 8)
                return false;
            chain[n++] = j;
            started = true;
        } else if (!avr_keeps_flags(mn)) {
            return false;
        }
    }
    if (!started)
        return false;
    unsigned long long right = 0, left = 0;
    bool right_known = true, left_known = true;
    for (unsigned i = 0; i < n; i++) {
        /* chain[] runs from the branch back: byte i is chain[n - 1 - i] */
        const struct minsn *in = &b->insns[chain[n - 1 - i]];
        int val[32];
        avr_values(b, entry, chain[n - 1 - i], val);
        int l = avr_reg(in->ops), lv = l >= 0 ? val[l] : -1, rv = -1;
        long long imm;
        if (!strcmp(in->mnemonic, "cpi")) {
            rv = last_immediate(in->ops, &imm) && imm >= -128 && imm <= 255 ? (int)(imm & 0xFF) : -1;
            left_known = false;
        } else {
            const char *comma = strchr(in->ops, ',');
            int r = comma ? avr_reg(comma + 1) : -1;
            rv = r >= 0 ? val[r] : -1;
        }
        right_known &= rv >= 0;
        left_known &= lv >= 0;
        if (rv >= 0)
            right |= (unsigned long long)rv << (8 * i);
        if (lv >= 0)
            left |= (unsigned long long)lv << (8 * i);
    }
    if (right_known == left_known)
        return false; /* no constant side, or both: nothing to learn */
    *v = right_known ? right : left;
    *bytes = n;
    return true;
}

/* How the compare before the branch (index K of block B) uses the IR
 * constant C: 1 as C itself, 2 as C + 1 or C - 1 (the backend turned
 * "x > C" into "x >= C + 1"), 0 not seen. RISC-V and PowerPC: the
 * immediates of the compares before the branch ("cmplwi r3, 16", "sltiu
 * a0, a0, 16") and constants loaded into a register the branch or such a
 * compare reads ("li a1, 16; bltu a0, a1"), among the six instructions
 * before the branch;
 * AVR: the whole constant of the compare chain (registers set in block M
 * or, on every path into it, before: mc_avr_entry_values). */
static int constant_use(const struct solver *s, size_t m, size_t k, long long c, bool *found);

/* Whether the branch (index K of block M) itself compares with a known
 * constant: a register it reads holds one (mc_reg_constant), or the last
 * compare before it (PowerPC, x86-64) has an immediate operand. A RISC-V
 * compare with zero (beqz, bnez, or the zero register) is not one: its
 * operand may be a difference made with the constant ("addi; beqz"). */
static bool branch_reads_constant(const struct solver *s, size_t m, size_t k)
{
    const struct mblock *b = &s->mf->blocks[m];
    const struct minsn *br = &b->insns[k];
    const char *mn = br->mnemonic;
    if (mn[0] == 'b' && mn[strlen(mn) - 1] == 'z')
        return false;
    for (size_t j = k; j-- > 0 && k - j <= 6;) {
        const struct minsn *in = &b->insns[j];
        if (mc_is_control(in))
            break;
        long long v;
        if (!strncmp(in->mnemonic, "cmp", 3))
            return last_immediate(in->ops, &v) || att_immediate(in->ops, &v);
    }
    for (const char *o = br->ops; *o;) {
        while (*o == ',' || *o == ' ')
            o++;
        size_t len = strcspn(o, ", ");
        long long v;
        if (len == 4 && !strncmp(o, "zero", 4))
            return false;
        if (len && isalpha((unsigned char)o[0]) && mc_reg_constant(s, m, k, o, len, &v))
            return true;
        o += len;
    }
    return false;
}

bool mc_constant_contradicts(const struct solver *s, size_t m, size_t k, LLVMValueRef cmp, LLVMValueRef c)
{
    const struct mblock *b = &s->mf->blocks[m];
    const char *mn = b->insns[k].mnemonic;
    unsigned long long v;
    unsigned bytes;
    if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64)
        return false;
    long long sc = LLVMConstIntGetSExtValue(c);
    if (mn[0] == 'b' && mn[1] == 'r')
        return avr_chain_constant(b, s->avr_entry ? s->avr_entry + 32 * m : NULL, k, &v, &bytes) &&
               mc_constant_use(s, m, k, sc) == 0;
    /* RISC-V, PowerPC, x86-64: a comparison no wider than the registers
     * whose branch reads a known constant (an immediate compare, "li", a
     * register built before) that is neither C nor C +- 1, sign- or
     * zero-extended, that is another comparison's in its block (rv32
     * branchgen 85044: `c ? x : 0`'s location on the "bltu a7, a5" of the
     * next select's `x <u 32769`, a5 built by "lui a5, 8; addi a5, a5, 1") */
    unsigned regs = mc_register_bits(cmp), w = LLVMGetIntTypeWidth(LLVMTypeOf(c));
    if (!regs || w > regs)
        return false;
    bool found = false;
    if (constant_use(s, m, k, sc, &found) || !branch_reads_constant(s, m, k))
        return false;
    /* (nor C shifted right, of a comparison the backend made on the value's
     * high bits: ppc "srwi r8, r6, 8; cmplwi r8, 34303" for x <u 0x85FF..) */
    unsigned long long zc = w >= 64 ? (unsigned long long)sc : LLVMConstIntGetZExtValue(c);
    for (unsigned sh = 0; sh < w; sh++)
        if ((sh && constant_use(s, m, k, sc >> sh, &found)) || constant_use(s, m, k, (long long)(zc >> sh), &found))
            return false;
    /* the constant may come from CMP's operand folded with it (ppc: memcmp(p,
     * q, 4) < 0 of a known q made "srwi; cmplwi r8, 34303"): only another
     * comparison, min/max or saturation of the block whose constant it is
     * proves the branch that one's */
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(cmp)); i; i = LLVMGetNextInstruction(i)) {
        if (i == cmp || !(LLVMIsAICmpInst(i) || LLVMIsAIntrinsicInst(i)))
            continue;
        int no = LLVMGetNumOperands(i);
        for (int o = 0; o < no && o < 3; o++) {
            LLVMValueRef oc = LLVMGetOperand(i, (unsigned)o);
            if (LLVMIsAConstantInt(oc) && LLVMGetIntTypeWidth(LLVMTypeOf(oc)) <= regs &&
                LLVMConstIntGetSExtValue(oc) != sc && constant_use(s, m, k, LLVMConstIntGetSExtValue(oc), &found) == 1)
                return true;
        }
    }
    return false;
}

int mc_constant_use(const struct solver *s, size_t m, size_t k, long long c)
{
    bool found;
    return constant_use(s, m, k, c, &found);
}

/* mc_constant_use; *FOUND: whether the compare showed a constant at all
 * (other than a RISC-V compare with zero) */
static int constant_use(const struct solver *s, size_t m, size_t k, long long c, bool *found)
{
    const struct mblock *b = &s->mf->blocks[m];
    *found = false;
    /* RISC-V's compares with zero ("bgez a0" for x > -1) */
    const char *mn = b->insns[k].mnemonic;
    if (mn[0] == 'b' && mn[strlen(mn) - 1] == 'z' && strcmp(mn, "beqz") && strcmp(mn, "bnez"))
        return c == 0 ? 1 : c == 1 || c == -1 ? 2 : 0;
    if (mn[0] == 'b' && mn[1] == 'r') {
        unsigned long long v;
        unsigned bytes;
        if (!avr_chain_constant(b, s->avr_entry ? s->avr_entry + 32 * m : NULL, k, &v, &bytes))
            return 0;
        unsigned long long mask = bytes >= 8 ? ~0ULL : (1ULL << (8 * bytes)) - 1;
        bool plain = ((unsigned long long)c & mask) == v;
        bool adjusted = (((unsigned long long)c + 1) & mask) == v || (((unsigned long long)c - 1) & mask) == v;
        return plain ? 1 : adjusted ? 2 : 0;
    }
    bool plain = false, adjusted = false;
    char regs[512];
    snprintf(regs, sizeof regs, " %s ", b->insns[k].ops);
    for (size_t j = k, n = 0; j-- > 0 && n < 6; n++) {
        const struct minsn *in = &b->insns[j];
        if (mc_is_control(in))
            break;
        const char *comma = strrchr(in->ops, ',');
        if (!comma)
            continue;
        bool compare = !strncmp(in->mnemonic, "cmp", 3) || !strncmp(in->mnemonic, "slti", 4);
        if (compare) {
            size_t used = strlen(regs);
            snprintf(regs + used, sizeof regs - used, "%s ", in->ops);
        }
        bool load = !strcmp(in->mnemonic, "li");
        if (load) {
            char dst[32];
            size_t len = (size_t)(comma - in->ops);
            if (len == 0 || len + 3 > sizeof dst)
                continue;
            snprintf(dst, sizeof dst, "%.*s", (int)len, in->ops);
            const char *hit = strstr(regs, dst);
            load = hit && !(isalnum((unsigned char)hit[len]) || hit[len] == '_') &&
                   !(isalnum((unsigned char)hit[-1]) || hit[-1] == '_');
        }
        long long v;
        /* (x86-64, AT&T order: "cmpl $8, %ecx", the immediate first) */
        if ((!compare && !load) || !(last_immediate(in->ops, &v) || (compare && att_immediate(in->ops, &v))))
            continue;
        *found = true;
        for (int d = -1; d <= 1; d++)
            if (c + d == v) {
                plain |= d == 0;
                adjusted |= d != 0;
            }
    }
    if (!plain && !adjusted && c >= INT32_MIN && c <= INT32_MAX) {
        /* a register the branch (or a compare before it) reads holding a
         * constant built elsewhere ("lui t0, 8; addi t0, t0, -1" for 32767,
         * kept in t0 across blocks) */
        for (size_t j = k + 1; j-- > 0 && !plain && !adjusted;) {
            const struct minsn *in = &b->insns[j];
            if (j < k && (mc_is_control(in) || k - j > 6))
                break;
            if (j < k && strncmp(in->mnemonic, "cmp", 3) && strncmp(in->mnemonic, "slt", 3))
                continue;
            bool dest = !strncmp(in->mnemonic, "slt", 3); /* (its first operand is written) */
            for (const char *o = in->ops; *o; dest = false) {
                while (*o == ',' || *o == ' ')
                    o++;
                size_t len = strcspn(o, ", ");
                long long v;
                if (len && !dest && isalpha((unsigned char)o[0]) && mc_reg_constant(s, m, j, o, len, &v) &&
                    (*found = true))
                    for (int d = -1; d <= 1; d++)
                        if ((int32_t)(c + d) == (int32_t)v) {
                            plain |= d == 0;
                            adjusted |= d != 0;
                        }
                o += len;
            }
        }
    }
    return plain ? 1 : adjusted ? 2 : 0;
}

/* The AVR registers' values on entering each block of MF that every path
 * into it agrees on (32 per block, < 0 unknown; r1 is zero): the constant
 * side of a compare chain is often loaded or copied blocks before it (a
 * zero kept in r12:r13 across a loop and calls for a compare's high bytes).
 * A forward data flow to its fixed point; NULL when XF is not AVR code. */
int *mc_avr_entry_values(const struct mfunc *mf, const struct cnt_func *xf)
{
    LLVMModuleRef mod = xf && xf->fn ? LLVMGetGlobalParent(xf->fn) : NULL;
    const char *triple = mod ? LLVMGetTarget(mod) : NULL;
    if (!triple || strncmp(triple, "avr", 3) || mf->nblocks == 0)
        return NULL;
    enum { TOP = -2 }; /* not reached yet */
    size_t n = mf->nblocks;
    int *in = sup_xmalloc(32 * n * sizeof *in);
    for (size_t m = 0; m < n; m++)
        for (int r = 0; r < 32; r++)
            in[32 * m + r] = mf->blocks[m].npred == 0 || m == 0 ? (r == 1 ? 0 : -1) : TOP;
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t m = 0; m < n; m++) {
            const struct mblock *b = &mf->blocks[m];
            if (b->npred == 0 || m == 0)
                continue; /* (the function's entry: its arguments are not known) */
            int meet[32];
            bool any = false;
            for (size_t p = 0; p < b->npred; p++) {
                int q = b->pred[p], out[32];
                if (q < 0 || (size_t)q >= n) {
                    for (int r = 0; r < 32; r++)
                        meet[r] = r == 1 ? 0 : -1;
                    any = true;
                    break;
                }
                if (in[32 * (size_t)q + 1] == TOP)
                    continue; /* (a path not reached yet) */
                avr_values(&mf->blocks[q], in + 32 * (size_t)q, mf->blocks[q].ninsns, out);
                for (int r = 0; r < 32; r++)
                    meet[r] = !any || meet[r] == out[r] ? out[r] : -1;
                any = true;
            }
            if (any && memcmp(meet, in + 32 * m, sizeof meet)) {
                memcpy(in + 32 * m, meet, sizeof meet);
                changed = true;
            }
        }
    }
    for (size_t m = 0; m < n; m++)
        for (int r = 0; r < 32; r++)
            if (in[32 * m + r] == TOP)
                in[32 * m + r] = r == 1 ? 0 : -1; /* (unreachable) */
    return in;
}

/* The value AVR register named REG (its name is N characters) holds before
 * instruction K of block M, known from the block and the values entering it
 * (s->avr_entry), or -1 (unknown, or not AVR code). */
int mc_avr_reg_value(const struct solver *s, size_t m, size_t k, const char *reg, size_t n)
{
    char name[8];
    if (!s->avr_entry || n == 0 || n >= sizeof name)
        return -1;
    memcpy(name, reg, n);
    name[n] = '\0';
    int r = avr_reg(name);
    if (r < 0)
        return -1;
    int val[32];
    avr_values(&s->mf->blocks[m], s->avr_entry + 32 * m, k, val);
    return val[r];
}

/* Whether REG (N characters) is callee-saved: RISC-V s0-s11, PowerPC
 * r14-r31 (their ABIs: every routine a program calls keeps them). */
static bool callee_saved(const char *reg, size_t n)
{
    if (n < 2 || n > 3 || !isdigit((unsigned char)reg[1]) || (n == 3 && !isdigit((unsigned char)reg[2])))
        return false;
    int num = atoi(reg + 1);
    return reg[0] == 's' ? num <= 11 : reg[0] == 'r' && n == 3 && num >= 14 && num <= 31;
}

/* RISC-V and PowerPC: the constant register REG (N characters) holds
 * before instruction UPTO of block M, found by walking back to its last
 * write and, where a block does not write it, into every predecessor (all
 * must agree); DEPTH bounds the blocks visited. Constants are built by li,
 * lui, lis and the addi/ori that complete them, and moved by mv/mr; any
 * other write, a call (unless REG is callee-saved) or an unknown path makes
 * it unknown. 32-bit values,
 * sign-extended. Returns 1 (*V), 0 (unknown) or 2: with BLOCK_ONLY, when
 * the block does not write REG; without, when every way into it comes from
 * such blocks being walked. A predecessor whose own predecessors are being
 * walked (SEEN: a loop's back edge) brings only what they bring, so its write,
 * if any, is all it adds (a bound kept in a register across a loop: dsp.c's
 * "lui t5, 8" before the filter loops, "addi t0, t5, -1" in them). */
static int reg_constant_at(const struct mfunc *mf, size_t m, size_t upto, const char *reg, size_t n, int depth,
                           unsigned char *seen, int *budget, long long *v, bool block_only, bool strong)
{
    const struct mblock *b = &mf->blocks[m];
    if (--*budget < 0)
        return false;
    for (size_t k = upto; k-- > 0;) {
        const struct minsn *in = &b->insns[k];
        if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL)) {
            if (callee_saved(reg, n))
                continue; /* (the callee keeps it: the ABI) */
            return false; /* (caller-saved registers clobbered) */
        }
        if (mc_is_control(in) || (in->isa && in->isa->kind == ISA_STORE))
            continue;
        const char *mn = in->mnemonic;
        if (!strncmp(mn, "cmp", 3) || !strncmp(mn, "mt", 2) || !strncmp(in->ops, "cr", 2))
            continue; /* (PowerPC: the first operand is read, or a condition field) */
        if (strncmp(in->ops, reg, n) || (in->ops[n] != ',' && in->ops[n] != '\0'))
            continue;
        /* the last write of REG */
        const char *src = in->ops[n] == ',' ? in->ops + n + 1 : "";
        while (*src == ' ')
            src++;
        size_t sn = strcspn(src, ", ");
        long long imm;
        if (!strcmp(mn, "li")) {
            if (!last_immediate(in->ops, &imm))
                return false;
            *v = (int32_t)(uint32_t)imm;
            return true;
        }
        if (!strcmp(mn, "lui") || !strcmp(mn, "lis")) {
            if (!last_immediate(in->ops, &imm))
                return false;
            *v = (int32_t)((uint32_t)imm << (mn[1] == 'u' ? 12 : 16));
            return true;
        }
        if (!strcmp(mn, "mv") || !strcmp(mn, "mr") || !strcmp(mn, "addi") || !strcmp(mn, "ori")) {
            long long base;
            char sreg[16];
            if (sn == 0 || sn >= sizeof sreg)
                return false;
            memcpy(sreg, src, sn);
            sreg[sn] = '\0';
            if (mn[0] == 'm')
                imm = 0;
            else if (!last_immediate(in->ops, &imm))
                return false;
            if (reg_constant_at(mf, m, k, sreg, sn, depth, seen, budget, &base, false, strong) != 1)
                return false;
            *v = mn[0] == 'o' ? (int32_t)((uint32_t)base | ((uint32_t)imm & 0xffff)) : (int32_t)(uint32_t)(base + imm);
            return true;
        }
        return false;
    }
    /* not written in the block: what every path into it brings */
    if (block_only)
        return 2;
    if (depth <= 0 || b->npred == 0 || seen[m])
        return false;
    seen[m] = 1;
    bool known = false, looped = false;
    long long agreed = 0;
    for (size_t p = 0; p < b->npred; p++) {
        int q = b->pred[p];
        long long pv;
        int r = q < 0 || (size_t)q >= mf->nblocks ? 0
                : reg_constant_at(mf, (size_t)q, mf->blocks[q].ninsns, reg, n, depth - 1, seen, budget, &pv, seen[q], strong);
        if (r == 2) {
            looped = true;
            continue; /* (a back edge from a block that does not write it) */
        }
        if (r != 1 || (known && pv != agreed)) {
            seen[m] = 0;
            return false;
        }
        agreed = pv;
        known = true;
    }
    seen[m] = 0;
    *v = agreed;
    /* every way in comes from blocks being walked that do not write it (a
     * clamp's arm inside a loop, entered only from the loop's own blocks:
     * adpcm.c's "mv s8, s3" whose s3 was made before the loop): it adds
     * nothing to what they bring, as one of them would say */
    return known ? 1 : looped ? 2 : 0;
}

/* RISC-V register numbers by ABI name, -1 for none. */
static int rv_reg(const char *name, size_t n)
{
    static const char *const names[32] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                          "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                          "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    for (int r = 0; r < 32; r++)
        if (strlen(names[r]) == n && !strncmp(names[r], name, n))
            return r;
    return -1;
}

/* RISC-V: the registers' values after the first UPTO instructions of block B,
 * from those entering it (KNOWN[r]: VAL[r] holds): constants put in by li and
 * lui, moved by mv and completed by addi/ori/andi/xori; a call makes every
 * register but s0-s11 (which it keeps) and sp unknown, any other write (and
 * an instruction the core description does not know) its destination. */
static void rv_values(const struct mblock *b, size_t upto, int64_t val[32], bool known[32])
{
    for (size_t k = 0; k < upto && k < b->ninsns; k++) {
        const struct minsn *in = &b->insns[k];
        if (!in->isa || in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL) {
            for (int r = 0; r < 32; r++)
                known[r] &= r == 2 || r == 8 || r == 9 || (r >= 18 && r <= 27);
            continue;
        }
        if (in->isa->kind == ISA_STORE || mc_is_control(in) || in->isa->kind == ISA_NOP)
            continue;
        char ops[3][16];
        int no = mc_insn_operands(in, ops, 3);
        int d = no >= 1 ? rv_reg(ops[0], strlen(ops[0])) : -1;
        if (d < 0) {
            for (int r = 0; r < 32; r++)
                known[r] &= r == 2 || r == 8 || r == 9 || (r >= 18 && r <= 27); /* (a write not understood) */
            continue;
        }
        const char *mn = in->mnemonic;
        int sr = no >= 2 ? rv_reg(ops[1], strlen(ops[1])) : -1;
        char *end = NULL;
        long long imm = no >= 2 ? strtoll(ops[no - 1], &end, 0) : 0;
        bool isimm = end && end != ops[no - 1] && !*end;
        bool kn = false;
        int64_t v = 0;
        if (!strcmp(mn, "li") && no == 2 && isimm)
            v = (int32_t)(uint32_t)imm, kn = true;
        else if (!strcmp(mn, "lui") && no == 2 && isimm)
            v = (int32_t)((uint32_t)imm << 12), kn = true;
        else if (!strcmp(mn, "mv") && no == 2 && sr >= 0)
            v = val[sr], kn = known[sr];
        else if (no == 3 && sr >= 0 && isimm &&
                 (!strcmp(mn, "addi") || !strcmp(mn, "ori") || !strcmp(mn, "andi") || !strcmp(mn, "xori"))) {
            uint32_t a = (uint32_t)val[sr], i = (uint32_t)imm;
            v = (int32_t)(mn[0] == 'a' && mn[1] == 'd' ? a + i : mn[0] == 'o' ? a | i : mn[0] == 'a' ? a & i : a ^ i);
            kn = known[sr];
        }
        val[d] = v;
        known[d] = kn && d != 0;
    }
    val[0] = 0, known[0] = true;
}

/* RISC-V: the constant register REG (N characters) holds before instruction
 * UPTO of block M of MF, from a forward data flow over the whole function to
 * its fixed point (every path into a block must agree; the function's entry
 * brings nothing known): a bound kept in a register across a loop whose body
 * is a run of diamonds (dsp.c's lattice filter: "lui t5, 8" before the loop,
 * "addi t0, t5, -1" in it, sixteen clamps each). */
bool mc_block_reg_constant(const struct mfunc *mf, size_t m, size_t upto, const char *reg, size_t n, long long *v)
{
    int want = rv_reg(reg, n);
    size_t nb = mf->nblocks;
    if (want < 0 || m >= nb)
        return false;
    int64_t *val = sup_xcalloc(32 * nb, sizeof *val);
    bool *known = sup_xcalloc(32 * nb, sizeof *known), *reached = sup_xcalloc(nb, sizeof *reached);
    reached[0] = true;
    known[0] = true; /* (zero) */
    for (int round = 0, changed = 1; changed && round < 64; round++) {
        changed = 0;
        for (size_t b = 1; b < nb; b++) {
            const struct mblock *mb = &mf->blocks[b];
            int64_t mv[32] = {0};
            bool mk[32] = {false}, any = false, entry = mb->npred == 0;
            for (size_t p = 0; p < mb->npred && !entry; p++) {
                int q = mb->pred[p];
                if (q < 0 || (size_t)q >= nb) {
                    entry = true;
                    break;
                }
                if (!reached[q])
                    continue;
                int64_t ov[32];
                bool ok[32];
                memcpy(ov, val + 32 * (size_t)q, sizeof ov);
                memcpy(ok, known + 32 * (size_t)q, sizeof ok);
                rv_values(&mf->blocks[q], mf->blocks[q].ninsns, ov, ok);
                for (int r = 0; r < 32; r++) {
                    if (!any)
                        mv[r] = ov[r], mk[r] = ok[r];
                    else
                        mk[r] = mk[r] && ok[r] && mv[r] == ov[r];
                }
                any = true;
            }
            if (entry) {
                memset(mk, 0, sizeof mk);
                mk[0] = true, any = true;
            }
            if (!any)
                continue;
            if (!reached[b] || memcmp(mv, val + 32 * b, sizeof mv) || memcmp(mk, known + 32 * b, sizeof mk)) {
                memcpy(val + 32 * b, mv, sizeof mv);
                memcpy(known + 32 * b, mk, sizeof mk);
                reached[b] = true;
                changed = 1;
            }
        }
    }
    int64_t bv[32];
    bool bk[32];
    memcpy(bv, val + 32 * m, sizeof bv);
    memcpy(bk, known + 32 * m, sizeof bk);
    bool ok = reached[m];
    rv_values(&mf->blocks[m], upto, bv, bk);
    ok = ok && bk[want];
    *v = (int32_t)bv[want];
    free(val);
    free(known);
    free(reached);
    return ok;
}

static int flow_value(const struct mfunc *mf, size_t m, size_t upto, const char *reg, size_t n, int rec, long long *v);

/* The last write of REG (N characters) before instruction UPTO of block M:
 * 0 none (nor a call that may clobber it), 1 a constant (*V: li, lui, lis,
 * or mv/mr/addi/ori of a register that flow_value finds constant, REC levels
 * deep), -1 anything else. */
static int last_write(const struct mfunc *mf, size_t m, size_t upto, const char *reg, size_t n, int rec, long long *v)
{
    const struct mblock *b = &mf->blocks[m];
    for (size_t k = upto; k-- > 0;) {
        const struct minsn *in = &b->insns[k];
        if (in->isa && (in->isa->kind == ISA_CALL || in->isa->kind == ISA_INDIRECT_CALL)) {
            if (callee_saved(reg, n))
                continue;
            return -1;
        }
        if (mc_is_control(in) || (in->isa && in->isa->kind == ISA_STORE))
            continue;
        const char *mn = in->mnemonic;
        if (!strncmp(mn, "cmp", 3) || !strncmp(mn, "mt", 2) || !strncmp(in->ops, "cr", 2))
            continue;
        if (strncmp(in->ops, reg, n) || (in->ops[n] != ',' && in->ops[n] != '\0'))
            continue;
        const char *src = in->ops[n] == ',' ? in->ops + n + 1 : "";
        while (*src == ' ')
            src++;
        size_t sn = strcspn(src, ", ");
        long long imm;
        if (!strcmp(mn, "li") || !strcmp(mn, "lui") || !strcmp(mn, "lis")) {
            if (!last_immediate(in->ops, &imm))
                return -1;
            *v = mn[1] == 'i' ? (int32_t)(uint32_t)imm : (int32_t)((uint32_t)imm << (mn[1] == 'u' ? 12 : 16));
            return 1;
        }
        if (rec > 0 && sn > 0 && (!strcmp(mn, "mv") || !strcmp(mn, "mr") || !strcmp(mn, "addi") || !strcmp(mn, "ori"))) {
            long long base;
            if (mn[0] == 'm')
                imm = 0;
            else if (!last_immediate(in->ops, &imm))
                return -1;
            if (flow_value(mf, m, k, src, sn, rec - 1, &base) != 1)
                return -1;
            *v = mn[0] == 'o' ? (int32_t)((uint32_t)base | ((uint32_t)imm & 0xffff)) : (int32_t)(uint32_t)(base + imm);
            return 1;
        }
        return -1;
    }
    return 0;
}

/* The constant REG holds before instruction UPTO of block M by a data-flow
 * fixpoint over the whole function (a block's value: its last write, or what
 * all its predecessors agree on; the entry knows nothing), where the walk of
 * reg_constant_at gives up (diamonds after diamonds: its paths multiply,
 * foreign dsp.c's clamp bound "lui s7, 8; addi s7, s7, -1" before nested
 * loops). 1 (*V) or 0. */
static int flow_value(const struct mfunc *mf, size_t m, size_t upto, const char *reg, size_t n, int rec, long long *v)
{
    int w = last_write(mf, m, upto, reg, n, rec, v);
    if (w != 0)
        return w == 1;
    size_t nb = mf->nblocks;
    if (nb > 4096)
        return 0;
    /* per block: what it leaves in REG; 0 not yet known (unreached), 1 the constant val[b], 2 unknown */
    unsigned char *st = sup_xcalloc(nb + 1, 1), *wr = sup_xcalloc(nb + 1, 1);
    long long *val = sup_xcalloc(nb + 1, sizeof *val), *wval = sup_xcalloc(nb + 1, sizeof *wval);
    for (size_t b = 0; b < nb; b++) {
        int r = last_write(mf, b, mf->blocks[b].ninsns, reg, n, rec, &wval[b]);
        wr[b] = r == 1 ? 1 : r == 0 ? 0 : 2;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t b = 0; b < nb; b++) {
            unsigned char ns;
            long long nv = 0;
            if (wr[b]) {
                ns = wr[b];
                nv = wval[b];
            } else {
                /* what comes in: the predecessors' meet (the entry, or an unknown predecessor: unknown) */
                const struct mblock *bb = &mf->blocks[b];
                ns = bb->npred ? 0 : 2;
                for (size_t p = 0; p < bb->npred && ns != 2; p++) {
                    int q = bb->pred[p];
                    if (q < 0 || (size_t)q >= nb || st[q] == 2 || (st[q] == 1 && ns == 1 && val[q] != nv))
                        ns = 2;
                    else if (st[q] == 1 && ns == 0) {
                        ns = 1;
                        nv = val[q];
                    }
                }
            }
            if (ns > st[b] || (ns == 1 && st[b] == 1 && nv != val[b])) {
                st[b] = ns == 1 && st[b] == 1 ? 2 : ns;
                val[b] = nv;
                changed = true;
            }
        }
    }
    const struct mblock *bm = &mf->blocks[m];
    int known = 0;
    for (size_t p = 0; p < bm->npred && known >= 0; p++) {
        int q = bm->pred[p];
        if (q < 0 || (size_t)q >= nb || st[q] == 2 || (st[q] == 1 && known == 1 && val[q] != *v))
            known = -1;
        else if (st[q] == 1 && known == 0) {
            known = 1;
            *v = val[q];
        }
    }
    free(st);
    free(wr);
    free(val);
    free(wval);
    return known == 1;
}

/* Every walk goes across calls for callee-saved registers and through
 * blocks entered only from blocks being walked (s13-mismatch2's classes
 * need both). STRONG also walks deeper and runs the data-flow fixpoint
 * where the walk gives up (a min/max arm's copy: the proof that it is the
 * bound); without, the depth the other rules were tuned on. */
static bool reg_constant(const struct solver *s, size_t m, size_t upto, const char *reg, size_t n, long long *v,
                         bool strong)
{
    if (s->avr_entry || n == 0)
        return false;
    LLVMModuleRef mod = s->xf && s->xf->fn ? LLVMGetGlobalParent(s->xf->fn) : NULL;
    const char *triple = mod ? LLVMGetTarget(mod) : NULL;
    if (!triple || (strncmp(triple, "riscv", 5) && strncmp(triple, "powerpc", 7)))
        return false;
    unsigned char *seen = sup_xcalloc(s->mf->nblocks + 1, 1);
    int budget = 4000; /* blocks visited (diamonds one after the other: paths multiply) */
    bool ok = reg_constant_at(s->mf, m, upto, reg, n, strong ? 96 : 32, seen, &budget, v, false, strong) == 1;
    free(seen);
    return ok || (strong && flow_value(s->mf, m, upto, reg, n, 2, v));
}

bool mc_reg_constant(const struct solver *s, size_t m, size_t upto, const char *reg, size_t n, long long *v)
{
    return reg_constant(s, m, upto, reg, n, v, false);
}

bool mc_reg_constant_proven(const struct solver *s, size_t m, size_t upto, const char *reg, size_t n, long long *v)
{
    return reg_constant(s, m, upto, reg, n, v, true);
}
