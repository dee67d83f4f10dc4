/* cost_args.c — costs that depend on the values a program runs on. A runtime
 * routine whose cost in the core's table is a formula of its arguments
 * (memcpy's length, a libgcc division's operands, printf's conversions and
 * digits, strcmp's common prefix, strcpy's source length, realloc's old size)
 * and an instruction whose cycles are a formula of its operand (a shift without barrel shifter)
 * are priced at every execution: before the run, the IR instruction behind
 * each such machine instruction (its provenance location) is given to the
 * engine as a watch; the engine reports its operand values at every
 * execution; the formula is evaluated there and summed, or, when the core's
 * description has the routine's machine code (runtime_code:), the code is run
 * on the values and its path priced (routine_rv32.c; avr-libc's qsort and
 * bsearch after the call, replaying what the program's comparator returned,
 * which the engine records: eng_compares). A machine
 * instruction is then priced at the mean per execution of its IR
 * instruction, times its own count (exact when they run equally often). */
#include "cost.h"
#include "cost_values.h"
#include "cost_seq.h"
#include "routine.h"
#include "ptrmap.h"
#include "isa.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAXOPS 8   /* operands that become a0..a7 */

enum use_kind { USE_RUNTIME, USE_SHIFT, USE_OPERANDS };

/* One formula evaluated at every execution of a watched instruction. */
struct arg_use {
    enum use_kind kind;
    const struct isa_runtime *rt;   /* USE_RUNTIME */
    const struct isa_insn *insn;    /* USE_SHIFT, USE_OPERANDS (a divider's cycles by its operands a, b) */
    bool has_code;                  /* USE_RUNTIME: run the routine's code at ENTRY */
    bool add_routine, sub_routine;  /* USE_RUNTIME: the routine is an __add* or a __sub* (known once,
                                       not compared at every execution) */
    bool ran_before;                /* ... and it ran before this execution of the call */
    bool product;                   /* USE_RUNTIME: the product 2x of an fma(x, 2, y), called as x + x
                                       (the sum is another use, another machine call) */
    uint32_t entry;
    double cycles, instr;           /* sums over the executions */
    double cmin, cmax;              /* the cheapest and dearest execution (cycles) */
    double priced;                  /* executions priced (cycles, instr, cmin, cmax) */
    double failed;                  /* executions the formula could not price */
    double code_failed;             /* executions whose code did not run (priced by the formula) */
    bool has_pipe;                  /* USE_RUNTIME on a pipelined core: the call site's pipeline */
    struct routine_pipe pipe;
    const struct minsn *pipe_site;  /* ... that call site (the others of the same IR instruction share its runs) */
};

/* What a routine's formula needs beyond its arguments and result. */
enum extra { EX_NONE, EX_PRINTF, EX_STRCMP, EX_MEMCMP, EX_STRCPY, EX_REALLOC, EX_CALLBACK };

struct arg_watch {
    LLVMValueRef inst;
    unsigned nops;
    unsigned word[MAXOPS], words[MAXOPS];  /* where operand k is in the reported words */
    unsigned bits[MAXOPS];                 /* its integer width (0: not an integer) */
    unsigned bytes[MAXOPS];                /* its size in bytes (0: not a scalar the code can take) */
    bool pointer[MAXOPS];                  /* a pointer (into the program's memory) */
    unsigned ret_bytes;                    /* the result's */
    unsigned nargs_all;                    /* every operand, for the printf varargs */
    unsigned *all_word, *all_words, *all_bits, *all_bytes;
    bool *all_pointer;
    unsigned nfixed;                       /* a variadic callee's named parameters (else nargs_all) */
    bool variadic_callee;
    bool noreturn;                         /* a call that ends the program (exit, abort ...): priced
                                            * before it, the only time the engine reports it */
    unsigned ret_word, ret_words;          /* the result, after the operands */
    unsigned amount_op;                    /* USE_SHIFT: the operand holding the amount */
    enum extra extra;
    unsigned fmt_op;                       /* EX_PRINTF: the format's operand */
    unsigned sext_bits;                    /* sitofp of a narrow integer: its width (sign-extended to 32) */
    unsigned fneg;                         /* bit k: operand k (of the first three) is an fneg */
    unsigned fnegc;                        /* bit k: operand k is a product or quotient by a constant
                                              (its negation is the constant's: free) */
    int fma;                               /* llvm.fmuladd/fma: 32, 64 or 128 (the float width), else 0 */
    unsigned lanes;                        /* a vector instruction watched per lane (else 0): */
    unsigned *lane_src, *lane_stride;      /* operand k (nops: the result) of lane l is at word
                                            * lane_src[k] + l * lane_stride[k] of the report */
    double old_size;                       /* EX_REALLOC: from the report before the call */
    bool heap;                             /* malloc, free, realloc, calloc run on the code's own heap */
    double execs;
    struct arg_use *uses;
    size_t nuses;
    /* each execution's cycles of its routine calls, in the run's order, and what the
     * pricing charged its machine calls in all (cost_call_costs) */
    struct cost_seq seq;
    double seq_mark;                       /* the uses' runtime cycles at the last execution */
    double charged;
};

struct cost_args {
    struct arg_watch *w;
    size_t n, cap;
    struct eng_watch *ew;          /* what the engine is asked to watch */
    struct ptrmap by_inst;         /* IR instruction -> index + 1 */
    struct ptrmap by_minsn;        /* machine instruction -> index + 1 */
    struct ptrmap use_of;          /* machine call -> its use's index + 1 in its watch, where one IR
                                      instruction's calls of a routine are priced apart (fma(x, 2, y)) */
    /* machine calls that carry no IR call of their own (several calls merged
     * into one, line 0): the IR calls of the routine no other machine call
     * carries, whose executions they make (orphan_of: machine instruction ->
     * index + 1 into orphans) */
    struct ptrmap orphan_of;
    struct orphan {
        size_t *watch;
        size_t n;
    } *orphans;
    size_t norphans;
    FILE *diag;
    struct routine_runner *runner; /* the core's routine code, or NULL */
    unsigned pointer_bytes;        /* the target's */
    bool reported;                 /* one formula error message per run */
    struct ptrmap heap_blocks;     /* the program's heap blocks -> the routines' (+1) */
    /* calls priced without their values: symbol, executions */
    char **fb_sym;
    double *fb_execs;
    size_t nfb;
    /* calls through pointers, on a pipelined core: the machine call -> its IR call, and
     * per IR call the functions it reached (the run's call hook) */
    struct ptrmap icall_of;        /* minsn -> IR call */
    struct ptrmap icall_first;     /* IR call -> index + 1 into ic */
    struct icall {
        uint32_t func;             /* the engine's function index */
        char *name;
        uint64_t n;
        size_t next;               /* index + 1 of the site's next record */
    } *ic;
    size_t nic, capic;
    struct eng_run_hooks hooks;
    size_t seq_budget;             /* values the watches' cost_seq may still keep */
};

/* ---- planning ---- */

/* V's low W bits (1..64) as a signed integer. */
static int64_t sext_of(uint64_t v, unsigned w)
{
    unsigned s = 64 - w;
    return (int64_t)(v << s) >> s;
}

static bool has_formula(const struct isa_runtime *rt)
{
    return rt && (rt->formula || rt->ninstr_formula);
}

/* The allocator's routines: their cost is the heap's state. With a code file that keeps
 * the allocator's memory (isa_code_heaps), they run on it, in the program's order. */
static bool is_heap_routine(const char *sym)
{
    return !strcmp(sym, "malloc") || !strcmp(sym, "free") || !strcmp(sym, "realloc") || !strcmp(sym, "calloc");
}

/* Whether a call of RT is priced from its values: by its formula or by running its code. */
static bool priced_by_values(const struct cost_args *ca, const struct isa_runtime *rt)
{
    uint32_t entry;
    if (rt && ca && is_heap_routine(rt->symbol) && !routine_has_heap(ca->runner))
        return has_formula(rt); /* without the allocator's memory its code cannot run */
    return has_formula(rt) || (rt && ca && routine_entry(ca->runner, rt->symbol, &entry));
}

/* IR instructions whose operands are what a libcall made for them receives. */
static bool operands_are_arguments(LLVMValueRef inst)
{
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMCall: case LLVMFNeg:
    case LLVMAdd: case LLVMFAdd: case LLVMSub: case LLVMFSub: case LLVMMul: case LLVMFMul:
    case LLVMUDiv: case LLVMSDiv: case LLVMFDiv: case LLVMURem: case LLVMSRem: case LLVMFRem:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP:
    case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt: case LLVMICmp: case LLVMFCmp:
        return true;
    default:
        return false;
    }
}

static const char *callee_name(LLVMValueRef inst)
{
    if (LLVMGetInstructionOpcode(inst) != LLVMCall)
        return "";
    LLVMValueRef f = LLVMGetCalledValue(inst);
    size_t n;
    return f && LLVMGetValueKind(f) == LLVMFunctionValueKind ? LLVMGetValueName2(f, &n) : "";
}

static enum extra extra_of(const char *sym, const struct isa_runtime *rt, unsigned *fmt_op)
{
    *fmt_op = 0;
    if (rt && (isa_runtime_uses(rt, ISA_RT_CONVS) || isa_runtime_uses(rt, ISA_RT_DIGITS) ||
               isa_runtime_uses(rt, ISA_RT_WIDE_DIGITS) || isa_runtime_uses(rt, ISA_RT_DIGIT_BITS))) {
        if (!strcmp(sym, "printf"))
            return EX_PRINTF;
        if (!strcmp(sym, "sprintf") || !strcmp(sym, "fprintf"))
            return *fmt_op = 1, EX_PRINTF;
        if (!strcmp(sym, "snprintf"))
            return *fmt_op = 2, EX_PRINTF;
    }
    if (rt && isa_runtime_uses(rt, ISA_RT_COMPARED)) {
        if (!strcmp(sym, "strcmp") || !strcmp(sym, "strncmp"))
            return EX_STRCMP;
        if (!strcmp(sym, "memcmp") || !strcmp(sym, "bcmp"))
            return EX_MEMCMP;
    }
    if (rt && isa_runtime_uses(rt, ISA_RT_LENGTH) && !strcmp(sym, "strcpy"))
        return EX_STRCPY;
    if (rt && isa_runtime_uses(rt, ISA_RT_OLD_SIZE) && !strcmp(sym, "realloc"))
        return EX_REALLOC;
    /* the C library's routines that call the program's comparator: the engine records
     * what it returned (eng_compares) for their code to replay */
    if (!strcmp(sym, "qsort") || !strcmp(sym, "bsearch"))
        return EX_CALLBACK;
    return EX_NONE;
}

static unsigned int_bits(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
}

/* Bytes of a scalar operand as a routine receives it (0: another type). */
static unsigned scalar_bytes(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        unsigned b = LLVMGetIntTypeWidth(t);
        return b <= 128 ? (b + 7) / 8 : 0;
    }
    case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return 2;
    case LLVMFloatTypeKind: return 4;
    case LLVMDoubleTypeKind: return 8;
    case LLVMFP128TypeKind: return 16;
    default: return 0;
    }
}

/* Whether V is a negation the back end can move into the operation that uses it: an
 * fneg, or a product or quotient with one such operand (-x/y is -(x/y): the division
 * is called on x and the use made a subtraction), or a conversion of one. DEPTH bounds
 * the walk. */
static bool negated_form(LLVMValueRef v, int depth)
{
    if (depth <= 0 || !LLVMIsAInstruction(v))
        return false;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMFNeg:
        return true;
    case LLVMFMul: case LLVMFDiv:
        /* the back end moves the negation out of a product only when it is the product's
         * one use: a product used elsewhere too is computed as it is (lpc's k = -acc/err) */
        if (!LLVMGetFirstUse(v) || LLVMGetNextUse(LLVMGetFirstUse(v)))
            return false;
        return negated_form(LLVMGetOperand(v, 0), depth - 1) != negated_form(LLVMGetOperand(v, 1), depth - 1);
    case LLVMFPExt: case LLVMFPTrunc:
        return negated_form(LLVMGetOperand(v, 0), depth - 1);
    default:
        return false;
    }
}

/* Whether V is a product or quotient by a floating-point constant with no other use: the
 * back end negates it by negating the constant, so a sum or difference with it may be called
 * as the other routine (x - y/3 as __adddf3(x, y/-3): nbody's main bb.74). */
static bool negated_by_constant(LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v) || !LLVMGetFirstUse(v) || LLVMGetNextUse(LLVMGetFirstUse(v)))
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op != LLVMFMul && op != LLVMFDiv)
        return false;
    return LLVMIsAConstantFP(LLVMGetOperand(v, 1)) || (op == LLVMFMul && LLVMIsAConstantFP(LLVMGetOperand(v, 0)));
}

/* The lanes of an element-wise vector instruction whose machine code is a call (or a
 * shift) per lane: a vector result whose operands are vectors of as many lanes, or
 * scalars given to every lane (powi's exponent); else 0. A reduction is not one. */
static unsigned lane_count(LLVMValueRef inst, unsigned nops)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return 0;
    unsigned lanes = LLVMGetVectorSize(t), slots = exec_type_slots(t);
    for (unsigned k = 0; k < nops; k++) {
        LLVMTypeRef o = LLVMTypeOf(LLVMGetOperand(inst, k));
        if (LLVMGetTypeKind(o) == LLVMVectorTypeKind && LLVMGetVectorSize(o) != lanes)
            return 0;
        slots += exec_type_slots(o);
    }
    return lanes > 1 && slots <= ENG_WATCH_MAX_WORDS ? lanes : 0;
}

/* The watch record of INST, created on first use (LANES_OK: a vector instruction is
 * watched lane by lane, as the machine code calls the routine once per lane). */
static size_t watch_of(struct cost_args *ca, LLVMValueRef inst, bool lanes_ok)
{
    uint64_t v;
    if (ptrmap_get(&ca->by_inst, inst, &v))
        return (size_t)v - 1;
    if (ca->n == ca->cap) {
        ca->cap = ca->cap ? 2 * ca->cap : 16;
        ca->w = sup_xrealloc(ca->w, ca->cap * sizeof *ca->w);
    }
    struct arg_watch *w = &ca->w[ca->n];
    memset(w, 0, sizeof *w);
    w->inst = inst;
    bool call = LLVMGetInstructionOpcode(inst) == LLVMCall;
    unsigned nops = call ? LLVMGetNumArgOperands(inst) : (unsigned)LLVMGetNumOperands(inst);
    unsigned lanes = lanes_ok ? lane_count(inst, nops) : 0;
    w->all_word = sup_xcalloc(nops + 1, sizeof *w->all_word);
    w->lane_src = sup_xcalloc(nops + 1, sizeof *w->lane_src);
    w->lane_stride = sup_xcalloc(nops + 1, sizeof *w->lane_stride);
    w->all_words = sup_xcalloc(nops + 1, sizeof *w->all_words);
    w->all_bits = sup_xcalloc(nops + 1, sizeof *w->all_bits);
    w->all_bytes = sup_xcalloc(nops + 1, sizeof *w->all_bytes);
    w->all_pointer = sup_xcalloc(nops + 1, sizeof *w->all_pointer);
    unsigned at = 0, src = 0;
    for (unsigned k = 0; k < nops; k++) {
        LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(inst, k));
        w->lane_src[k] = src;
        src += exec_type_slots(t);
        if (lanes && LLVMGetTypeKind(t) == LLVMVectorTypeKind) { /* one lane of it */
            t = LLVMGetElementType(t);
            w->lane_stride[k] = exec_type_slots(t);
        }
        unsigned ns = exec_type_slots(t);
        w->all_word[k] = at;
        w->all_words[k] = at + ns <= ENG_WATCH_MAX_WORDS ? ns : 0;
        w->all_bits[k] = int_bits(t);
        w->all_bytes[k] = scalar_bytes(t);
        w->all_pointer[k] = LLVMGetTypeKind(t) == LLVMPointerTypeKind;
        if (k < MAXOPS) {
            w->word[k] = w->all_word[k];
            w->words[k] = w->all_words[k];
            w->bits[k] = w->all_bits[k];
            w->bytes[k] = w->all_bytes[k];
            w->pointer[k] = w->all_pointer[k];
        }
        at += ns;
    }
    w->nops = nops < MAXOPS ? nops : MAXOPS;
    w->nargs_all = nops;
    w->nfixed = nops;
    if (call && LLVMIsFunctionVarArg(LLVMGetCalledFunctionType(inst))) {
        w->variadic_callee = true;
        w->nfixed = LLVMCountParamTypes(LLVMGetCalledFunctionType(inst));
    }
    if (call) { /* noreturn, or the C library's ends of a program (whatever their declaration says) */
        static const char *const ends[] = {"exit", "_Exit", "_exit", "abort", "__assert_func", "__assert",
                                           "__assert_fail", NULL};
        unsigned kind = LLVMGetEnumAttributeKindForName("noreturn", 8);
        LLVMValueRef f = LLVMGetCalledValue(inst);
        w->noreturn = LLVMGetCallSiteEnumAttribute(inst, LLVMAttributeFunctionIndex, kind) ||
                      (f && LLVMGetValueKind(f) == LLVMFunctionValueKind &&
                       LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind));
        for (const char *const *e = ends; *e && !w->noreturn; e++)
            w->noreturn = !strcmp(callee_name(inst), *e);
    }
    w->ret_word = at;
    LLVMTypeRef rt = LLVMTypeOf(inst);
    w->lanes = lanes;
    w->lane_src[nops] = src;
    if (lanes) {
        rt = LLVMGetElementType(rt);
        w->lane_stride[nops] = exec_type_slots(rt);
    }
    unsigned rs = LLVMGetTypeKind(rt) == LLVMVoidTypeKind ? 0 : exec_type_slots(rt);
    w->ret_words = at + rs <= ENG_WATCH_MAX_WORDS ? rs : 0;
    w->ret_bytes = rs ? scalar_bytes(rt) : 0;
    /* a narrow integer converted to floating point reaches the routine sign-extended */
    if (LLVMGetInstructionOpcode(inst) == LLVMSIToFP && w->bits[0] && w->bits[0] < 32)
        w->sext_bits = w->bits[0];
    /* ... zero-extended: the routine takes 32 bits */
    if (LLVMGetInstructionOpcode(inst) == LLVMUIToFP && w->bits[0] && w->bits[0] < 32)
        w->bytes[0] = w->all_bytes[0] = 4;
    /* operands that are negations: the back end folds them into a subtraction (a + -b is
     * a - b, fmuladd(-a, b, c) is c - a*b) and calls the routine with the value negated */
    for (unsigned k = 0; k < w->nops && k < 3; k++) {
        if (negated_form(LLVMGetOperand(inst, k), 4))
            w->fneg |= 1u << k;
        if (negated_by_constant(LLVMGetOperand(inst, k)))
            w->fnegc |= 1u << k;
    }
    const char *cn = callee_name(inst);
    if (!strncmp(cn, "llvm.fmuladd.", 13) || !strncmp(cn, "llvm.fma.", 9)) {
        LLVMTypeKind tk = LLVMGetTypeKind(rt);
        w->fma = tk == LLVMFloatTypeKind ? 32 : tk == LLVMDoubleTypeKind ? 64 : tk == LLVMFP128TypeKind ? 128 : 0;
    }
    ptrmap_put(&ca->by_inst, inst, ++ca->n);
    return ca->n - 1;
}

static struct arg_use *add_use_as(struct cost_args *ca, size_t wi, enum use_kind kind, const struct isa_runtime *rt,
                                  const struct isa_insn *insn, bool product)
{
    struct arg_watch *w = &ca->w[wi];
    for (size_t u = 0; u < w->nuses; u++)
        if (w->uses[u].kind == kind && w->uses[u].rt == rt && w->uses[u].insn == insn && w->uses[u].product == product)
            return &w->uses[u];
    w->uses = sup_xrealloc(w->uses, (w->nuses + 1) * sizeof *w->uses);
    struct arg_use u = {.kind = kind, .rt = rt, .insn = insn, .product = product};
    if (rt) {
        u.has_code = routine_entry(ca->runner, rt->symbol, &u.entry);
        u.add_routine = !strncmp(rt->symbol, "__add", 5);
        u.sub_routine = !strncmp(rt->symbol, "__sub", 5);
    }
    w->uses[w->nuses++] = u;
    return &w->uses[w->nuses - 1];
}

static struct arg_use *add_use(struct cost_args *ca, size_t wi, enum use_kind kind, const struct isa_runtime *rt,
                               const struct isa_insn *insn)
{
    return add_use_as(ca, wi, kind, rt, insn, false);
}

/* Whether one of the multiplicands of fma INST is the constant 2: the back end computes the
 * product as x + x (the addition's routine), then the sum, two calls of that routine. */
static bool fma_by_two(LLVMValueRef inst)
{
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef o = LLVMGetOperand(inst, k);
        LLVMBool loses = 0;
        if (LLVMIsAConstantFP(o) && LLVMConstRealGetDouble(o, &loses) == 2.0 && !loses)
            return true;
    }
    return false;
}

/* One execution of use US priced at C cycles and K instructions. */
static void use_add(struct arg_use *us, double c, double k)
{
    if (!us->priced || c < us->cmin)
        us->cmin = c;
    if (!us->priced || c > us->cmax)
        us->cmax = c;
    us->priced++;
    us->cycles += c;
    us->instr += k;
}

/* The IR instructions of FN by their ordinal (1-based, every instruction
 * counted), as eng_module_fresh numbers them. */
static LLVMValueRef *ordinals(LLVMValueRef fn, unsigned *n)
{
    unsigned k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            k++;
    LLVMValueRef *out = sup_xcalloc(k + 1, sizeof *out);
    k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            out[++k] = i;
    *n = k;
    return out;
}

/* An instruction whose cycles are a formula of its register operands' values
 * (a divider's early outs: isa/SCHEMA.md, names a and b). */
static bool by_operands(const struct minsn *in)
{
    return in->isa && in->isa->cycles_formula &&
           (isa_insn_formula_uses(in->isa, 'a') || isa_insn_formula_uses(in->isa, 'b'));
}

/* A shift by a register amount on a core whose shift cycles are a formula. */
static bool shift_by_register(const struct minsn *in)
{
    if (!in->isa || !in->isa->cycles_formula)
        return false;
    const char *c = strrchr(in->ops, ',');
    const char *s = c ? c + 1 : in->ops;
    while (*s == ' ')
        s++;
    char *end;
    (void)strtol(s, &end, 0);
    return !(end != s && *end == '\0');
}

/* Whether IR instruction I is a call of routine SYM: by name, or an intrinsic
 * standing for it (llvm.memcpy.* for memcpy). */
static bool calls_routine(LLVMValueRef i, const char *sym)
{
    const char *cn = callee_name(i);
    if (!cn[0])
        return false;
    const char *r = cost_ir_intrinsic_routine(cn);
    return !strcmp(r ? r : cn, sym);
}

/* The machine calls of function F (IR function FN) to routines priced by their
 * values that carry no IR instruction of their own: code generation merged
 * several calls into one (branch folding joins two "tail memcpy", the merged
 * call's location is line 0). They make the executions of the IR calls of the
 * routine that no machine call carries, which are watched for them. */
static void plan_orphans(struct cost_ctx *cx, struct cost_args *ca, const struct mfunc *f, LLVMValueRef fn)
{
    unsigned nord = 0;
    LLVMValueRef *ord = NULL;
    bool *carried = NULL;
    for (size_t b = 0; b < f->nblocks; b++)
        for (size_t k = 0; k < f->blocks[b].ninsns; k++) {
            const struct minsn *in = &f->blocks[b].insns[k];
            if (!in->isa || (in->isa->kind != ISA_CALL && in->isa->kind != ISA_TAIL_CALL))
                continue;
            char sym[256];
            lower_call_symbol(in->ops, sym, sizeof sym);
            LLVMValueRef g = sym[0] ? LLVMGetNamedFunction(cx->m, sym) : NULL;
            const struct isa_runtime *rt = sym[0] && !(g && !LLVMIsDeclaration(g)) ? isa_runtime(cx->isa, sym) : NULL;
            if (!priced_by_values(ca, rt))
                continue;
            if (in->src_col == ENG_PROVENANCE_COLUMN && in->src_line)
                continue; /* (its own IR instruction: plan_machine) */
            if (!ord) {
                ord = ordinals(fn, &nord);
                carried = sup_xcalloc(nord + 2, sizeof *carried);
                for (size_t b2 = 0; b2 < f->nblocks; b2++)
                    for (size_t k2 = 0; k2 < f->blocks[b2].ninsns; k2++) {
                        const struct minsn *c2 = &f->blocks[b2].insns[k2];
                        if (c2->isa && (c2->isa->kind == ISA_CALL || c2->isa->kind == ISA_TAIL_CALL) &&
                            c2->src_col == ENG_PROVENANCE_COLUMN && c2->src_line && c2->src_line <= nord)
                            carried[c2->src_line] = true;
                    }
            }
            struct orphan o = {0};
            for (unsigned i = 1; i <= nord; i++) {
                if (carried[i] || !calls_routine(ord[i], sym) || !operands_are_arguments(ord[i]))
                    continue;
                size_t wi = watch_of(ca, ord[i], true);
                add_use(ca, wi, USE_RUNTIME, rt, NULL);
                unsigned fmt;
                enum extra x = extra_of(rt->symbol, rt, &fmt);
                if (x != EX_NONE && ca->w[wi].extra == EX_NONE) {
                    ca->w[wi].extra = x;
                    ca->w[wi].fmt_op = fmt;
                }
                o.watch = sup_xrealloc(o.watch, (o.n + 1) * sizeof *o.watch);
                o.watch[o.n++] = wi;
            }
            if (!o.n)
                continue;
            ca->orphans = sup_xrealloc(ca->orphans, (ca->norphans + 1) * sizeof *ca->orphans);
            ca->orphans[ca->norphans++] = o;
            ptrmap_put(&ca->orphan_of, in, ca->norphans);
        }
    free(ord);
    free(carried);
}

static void plan_machine(struct cost_ctx *cx, struct cost_args *ca, const struct mmodule *mm)
{
    for (size_t fi = 0; fi < mm->nfuncs; fi++) {
        const struct mfunc *f = &mm->funcs[fi];
        LLVMValueRef fn = LLVMGetNamedFunction(cx->m, f->name);
        if (!fn || LLVMIsDeclaration(fn))
            continue;
        LLVMValueRef *ord = NULL;
        unsigned nord = 0;
        for (size_t b = 0; b < f->nblocks; b++)
            for (size_t k = 0; k < f->blocks[b].ninsns; k++) {
                const struct minsn *in = &f->blocks[b].insns[k];
                const struct isa_insn *d = in->isa;
                if (!d || in->src_col != ENG_PROVENANCE_COLUMN || !in->src_line)
                    continue;
                const struct isa_runtime *rt = NULL;
                if (d->kind == ISA_INDIRECT_CALL && cx->pipe) {
                    /* which functions it reaches, per execution: the call hook */
                    if (!ord)
                        ord = ordinals(fn, &nord);
                    if (in->src_line <= nord && LLVMIsACallInst(ord[in->src_line])) {
                        ptrmap_put(&ca->icall_of, in, (uint64_t)(uintptr_t)ord[in->src_line]);
                        uint64_t dummy;
                        if (!ptrmap_get(&ca->icall_first, ord[in->src_line], &dummy))
                            ptrmap_put(&ca->icall_first, ord[in->src_line], 0);
                    }
                    continue;
                }
                if (d->kind == ISA_CALL || d->kind == ISA_TAIL_CALL) {
                    char sym[256];
                    lower_call_symbol(in->ops, sym, sizeof sym);
                    LLVMValueRef g = sym[0] ? LLVMGetNamedFunction(cx->m, sym) : NULL;
                    if (g && !LLVMIsDeclaration(g))
                        continue;
                    rt = sym[0] ? isa_runtime(cx->isa, sym) : NULL;
                    if (!priced_by_values(ca, rt))
                        continue;
                } else if (!shift_by_register(in) && !by_operands(in)) {
                    continue;
                }
                if (!ord)
                    ord = ordinals(fn, &nord);
                if (in->src_line > nord)
                    continue;
                LLVMValueRef inst = ord[in->src_line];
                if (!operands_are_arguments(inst))
                    continue;
                size_t wi;
                if (rt) {
                    wi = watch_of(ca, inst, true);
                    /* fma(x, 2, y) as x + x, then the sum: the first of two calls of the addition's
                     * routine made for it in the block prices the product */
                    bool two = ca->w[wi].fma && ca->w[wi].fma != 128 && !strncmp(rt->symbol, "__add", 5) &&
                               fma_by_two(inst), product = false;
                    for (size_t j = k + 1; two && j < f->blocks[b].ninsns && !product; j++) {
                        const struct minsn *nx = &f->blocks[b].insns[j];
                        char nsym[256];
                        if (nx->src_line != in->src_line || nx->src_col != in->src_col || !nx->isa ||
                            (nx->isa->kind != ISA_CALL && nx->isa->kind != ISA_TAIL_CALL))
                            continue;
                        lower_call_symbol(nx->ops, nsym, sizeof nsym);
                        product = !strcmp(nsym, rt->symbol);
                    }
                    struct arg_use *us = add_use_as(ca, wi, USE_RUNTIME, rt, NULL, product);
                    if (two)
                        ptrmap_put(&ca->use_of, in, (uint64_t)(us - ca->w[wi].uses) + 1);
                    if (us->has_code && is_heap_routine(rt->symbol))
                        ca->w[wi].heap = true;
                    /* a pipelined core runs the routine from the pipeline at the (first) call site */
                    if (us->has_code && !us->has_pipe && cx->pipe && cost_pipe_call_site(cx->pipe, in, &us->pipe)) {
                        us->has_pipe = true;
                        us->pipe_site = in;
                    } else if (us->has_pipe) {
                        cost_pipe_share_site(cx->pipe, in, us->pipe_site); /* a vector's other lanes */
                    }
                    struct arg_watch *w = &ca->w[wi];
                    unsigned fmt;
                    enum extra x = extra_of(rt->symbol, rt, &fmt);
                    if (x != EX_NONE && w->extra == EX_NONE) {
                        w->extra = x;
                        w->fmt_op = fmt;
                    }
                } else if (by_operands(in)) {
                    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
                    if (op != LLVMSDiv && op != LLVMUDiv && op != LLVMSRem && op != LLVMURem)
                        continue; /* the machine division of another IR instruction: unknown operands */
                    wi = watch_of(ca, inst, true);
                    add_use(ca, wi, USE_OPERANDS, NULL, d);
                } else {
                    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
                    const char *cn = callee_name(inst);
                    unsigned amount;
                    if (op == LLVMShl || op == LLVMLShr || op == LLVMAShr)
                        amount = 1;
                    else if (!strncmp(cn, "llvm.fshl.", 10) || !strncmp(cn, "llvm.fshr.", 10))
                        amount = 2;
                    else
                        continue;
                    wi = watch_of(ca, inst, true);
                    ca->w[wi].amount_op = amount;
                    add_use(ca, wi, USE_SHIFT, NULL, d);
                }
                ptrmap_put(&ca->by_minsn, in, wi + 1);
            }
        plan_orphans(cx, ca, f, fn);
        free(ord);
    }
}

/* Model ir: calls to routines of the table whose cost is a formula. */
static void plan_ir(struct cost_ctx *cx, struct cost_args *ca)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(cx->m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                const char *cn = callee_name(i);
                LLVMValueRef g = cn[0] ? LLVMGetNamedFunction(cx->m, cn) : NULL;
                if (!g || !LLVMIsDeclaration(g))
                    continue;
                if (cost_ir_intrinsic_routine(cn))
                    cn = cost_ir_intrinsic_routine(cn);
                const struct isa_runtime *rt = isa_runtime(cx->isa, cn);
                if (!priced_by_values(ca, rt))
                    continue;
                size_t wi = watch_of(ca, i, false);
                add_use(ca, wi, USE_RUNTIME, rt, NULL);
                unsigned fmt;
                ca->w[wi].extra = extra_of(cn, rt, &fmt);
                ca->w[wi].fmt_op = fmt;
            }
}

/* ---- at every execution ---- */

/* (the values a formula reads from the program: cost_values.c) */

struct program_view {
    struct eng_state *eng;
    const struct eng_compare *compares;
    size_t ncompares, next;
};

static const uint8_t *program_memory(void *ctx, uint64_t addr, uint64_t n)
{
    const struct program_view *pv = ctx;
    return eng_mem(pv->eng, addr, n);
}

/* The next comparator call of the program's run, when the routine makes it with A and B. */
static bool next_compare(void *ctx, uint64_t a, uint64_t b, int64_t *result)
{
    struct program_view *pv = ctx;
    if (pv->next == pv->ncompares || pv->compares[pv->next].a != a || pv->compares[pv->next].b != b)
        return false;
    *result = pv->compares[pv->next++].result;
    return true;
}

/* A qsort or bsearch call (W, EX_CALLBACK) just made: its comparator operand in ARGS
 * (the pointer whose value the engine's record names) becomes a callback, served from
 * the record into PV; false when the call's comparisons were not recorded. */
static bool callback_operand(struct eng_state *eng, const struct arg_watch *w, struct routine_arg *args, unsigned na,
                             struct program_view *pv)
{
    uint64_t callee;
    if (w->extra != EX_CALLBACK)
        return true;
    pv->compares = eng_compares(eng, &callee, &pv->ncompares);
    if (!pv->compares)
        return false;
    for (unsigned k = na; k-- > 0;)
        if (args[k].pointer && args[k].lo == callee) {
            args[k].pointer = false;
            args[k].callback = true;
            return true;
        }
    return false;
}

/* Prices one call of US's routine by running its code on the operands in V (FMA_SUM:
 * the addition of an fma, whose first operand is the product of the first two; ENG:
 * the program's memory, which pointer operands reach). */

/* Whether A is the floating-point constant 2 in its width's encoding. */
static bool is_two(const struct routine_arg *a)
{
    switch (a->bytes) {
    case 4: return (uint32_t)a->lo == 0x40000000u;
    case 8: return a->lo == UINT64_C(0x4000000000000000);
    case 16: return a->lo == 0 && a->hi == UINT64_C(0x4000000000000000);
    default: return false;
    }
}

static bool run_code(struct cost_args *ca, const struct arg_watch *w, struct arg_use *us, const uint64_t *v, size_t n,
                     bool fma_sum, struct eng_state *eng)
{
    struct routine_arg args[ROUTINE_MAX_ARGS];
    unsigned na = 0;
    bool variadic = w->variadic_callee; /* printf: every operand, the "..." ones marked */
    unsigned nops = variadic ? w->nargs_all : w->nops;
    if (nops > ROUTINE_MAX_ARGS)
        return false;
    for (unsigned k = 0; k < nops; k++) {
        unsigned at = w->all_word[k], words = w->all_words[k], bytes = w->all_bytes[k], bits = w->all_bits[k];
        if (w->heap && w->all_pointer[k] && words && at < n) {
            /* a block of the program's heap: the routines' own copy of it */
            uint64_t mine = 0;
            if (v[at] && (!ptrmap_get(&ca->heap_blocks, (void *)(uintptr_t)v[at], &mine) || !mine))
                return false; /* a block the routines did not allocate */
            args[na++] = (struct routine_arg){.lo = v[at] ? mine - 1 : 0, .bytes = ca->pointer_bytes, .pointer = true,
                                              .raw = true};
            continue;
        }
        if (w->all_pointer[k] && words && at < n) {
            args[na++] = (struct routine_arg){.lo = v[at], .bytes = ca->pointer_bytes, .pointer = true,
                                              .in_variadic = variadic, .variadic = k >= w->nfixed};
            continue;
        }
        if (!bytes || !words || at + words > n || (bytes > 8 && words < 2))
            return false;
        args[na] = (struct routine_arg){.lo = v[at], .hi = words > 1 ? v[at + 1] : 0, .bytes = bytes,
                                        .in_variadic = variadic, .variadic = k >= w->nfixed};
        if (bytes < 8)
            args[na].lo &= (UINT64_C(1) << (8 * bytes)) - 1;
        if (bits && bits < 8 * bytes) /* an i1 or i17 promoted */
            args[na].lo &= (UINT64_C(1) << bits) - 1;
        if (k == 0 && w->sext_bits) /* a narrow integer converted to floating point: sign-extended */
            args[na].lo = (uint64_t)sext_of(args[na].lo, w->sext_bits) & 0xffffffffu, args[na].bytes = 4;
        na++;
    }
    if (us->product) { /* 2x as x + x: the multiplicand that is not 2, twice */
        if (na < 2)
            return false;
        if (is_two(&args[0]))
            args[0] = args[1];
        args[1] = args[0];
        na = 2;
    }
    if (fma_sum) {
        if (na < 3)
            return false;
        if (w->fma == 128) { /* binary128 (long double on riscv32): __multf3 then __addtf3 */
            if (args[0].bytes != 16 || args[1].bytes != 16)
                return false;
            uint64_t a[2] = {args[0].lo, args[0].hi}, b[2] = {args[1].lo, args[1].hi}, r[2];
            eng_f128_mul(a, b, r);
            args[0].lo = r[0];
            args[0].hi = r[1];
        } else if (w->fma == 32) {
            float fa, fb, fr;
            uint32_t a = (uint32_t)args[0].lo, b = (uint32_t)args[1].lo, r;
            memcpy(&fa, &a, 4);
            memcpy(&fb, &b, 4);
            fr = fa * fb;
            memcpy(&r, &fr, 4);
            args[0].lo = r;
        } else {
            double fa, fb, fr;
            memcpy(&fa, &args[0].lo, 8);
            memcpy(&fb, &args[1].lo, 8);
            fr = fa * fb;
            memcpy(&args[0].lo, &fr, 8);
        }
        args[1] = args[2];
        na = 2;
    }
    /* a + -b called as a - b (a - -b as a + b, -a + b as b - a, a*b + -c as a*b - c,
     * -a*b + c as c - a*b): the operands the call has */
    bool sub_routine = us->sub_routine, add_routine = us->add_routine;
    LLVMOpcode op = LLVMGetInstructionOpcode(w->inst);
    unsigned f = w->fneg;
    /* a sum called as a difference, or a difference as a sum, with no operand an fneg: the
     * negation went into a product or quotient by a constant (a difference's second operand) */
    if (!fma_sum && !(f & 3) && ((op == LLVMFAdd && sub_routine) || (op == LLVMFSub && add_routine)))
        f |= op == LLVMFSub ? 2u : (w->fnegc & 3) == 3 ? 0u : w->fnegc & 3;
    bool product_negated = fma_sum && ((f & 1) != 0) != ((f & 2) != 0);
    bool folded = fma_sum ? sub_routine && (product_negated || (f & 4))
                          : (op == LLVMFAdd && sub_routine && (f & 3) && (f & 3) != 3) ||
                            (op == LLVMFSub && add_routine && (f & 3) == 2);
    /* x * 2 called as x + x (the back end's fmul-by-2 combine) */
    if (op == LLVMFMul && add_routine && na == 2 && args[0].bytes == args[1].bytes) {
        for (unsigned q = 0; q < 2; q++)
            if (is_two(&args[q])) {
                args[q] = args[1 - q];
                break;
            }
    }
    if (folded && na == 2 && args[0].bytes == args[1].bytes && args[0].bytes <= 8) {
        uint64_t sign = UINT64_C(1) << (8 * args[0].bytes - 1);
        if (fma_sum ? product_negated : (f & 3) == 1) {
            struct routine_arg t = args[0]; /* the negated value is the first: it is subtracted */
            args[0] = args[1];
            args[1] = t;
        }
        args[1].lo ^= sign;
    }
    double c = 0, k = 0;
    struct program_view pv = {.eng = eng};
    struct routine_memory pm = {.read = program_memory, .callback = next_compare, .ctx = &pv};
    if (!callback_operand(eng, w, args, na, &pv) ||
        !routine_run(ca->runner, us->entry, args, na, w->ret_bytes, &pm, us->has_pipe ? &us->pipe : NULL, &c, &k) || pv.next != pv.ncompares)
        return false; /* a replay must make every comparison the program's run made */
    if (w->heap) { /* the block returned, the block freed or moved */
        const char *sym = us->rt->symbol;
        uint64_t mine = routine_result(ca->runner);
        bool returns = strcmp(sym, "free") != 0;
        uint64_t got = returns && w->ret_words ? v[w->ret_word] : 0;
        if (!strcmp(sym, "free") || (!strcmp(sym, "realloc") && got))
            if (na && args[0].lo && w->all_pointer[0])
                ptrmap_put(&ca->heap_blocks, (void *)(uintptr_t)v[w->all_word[0]], 0);
        if (got && mine)
            ptrmap_put(&ca->heap_blocks, (void *)(uintptr_t)got, mine + 1);
    }
    use_add(us, c, k);
    return true;
}

/* The routine cycles of W's execution just priced (its phase 0 and 1) into its sequence. A
 * call that ends the program, or a vector instruction's lanes, are not kept. */
static void record_execution(struct cost_args *ca, struct arg_watch *w)
{
    if (w->noreturn || w->lanes || w->seq.off)
        return;
    double now = 0;
    for (size_t u = 0; u < w->nuses; u++)
        if (w->uses[u].kind == USE_RUNTIME)
            now += w->uses[u].cycles;
    cost_seq_add(&w->seq, now - w->seq_mark, &ca->seq_budget);
    w->seq_mark = now;
}

/* What strcmp's, memcmp's and strcpy's formulas read from the program's memory after the
 * call (the common prefix, the source's length) into FIXED: only for an execution priced by
 * a formula (a routine whose code runs reads the bytes itself). */
static void string_values(const struct arg_watch *w, double *fixed, struct eng_state *eng)
{
    switch (w->extra) {
    case EX_STRCMP:
    case EX_MEMCMP: {
        double lim = w->extra == EX_MEMCMP || w->nops > 2 ? fixed[ISA_RT_A2] : -1;
        if (isnan(fixed[ISA_RT_A0]) || isnan(fixed[ISA_RT_A1]) || isnan(lim) ||
            !cost_compared(eng, (uint64_t)fixed[ISA_RT_A0], (uint64_t)fixed[ISA_RT_A1], lim, w->extra == EX_STRCMP,
                      &fixed[ISA_RT_COMPARED]))
            fixed[ISA_RT_COMPARED] = NAN;
        break;
    }
    case EX_STRCPY: /* the source, unchanged by the call (its copy may not overlap it) */
        if (isnan(fixed[ISA_RT_A1]) || !cost_string_length(eng, (uint64_t)fixed[ISA_RT_A1], &fixed[ISA_RT_LENGTH]))
            fixed[ISA_RT_LENGTH] = NAN;
        break;
    default:
        break;
    }
}

static void on_values(struct cost_args *ca, struct arg_watch *w, int phase, const uint64_t *v, size_t n,
                      struct eng_state *eng)
{
    if (phase == 0 && !w->noreturn) {
        if (w->extra == EX_REALLOC) {
            double p = cost_word_value(v, n, w->word[0], w->words[0]);
            w->old_size = isnan(p) || !p ? 0 : (double)eng_alloc_size(eng, (uint64_t)p);
        }
        /* a routine that reads the program's memory runs on it as the call finds it
         * (strncat's destination before the call appends to it) */
        for (size_t u = 0; u < w->nuses; u++)
            if (w->uses[u].kind == USE_RUNTIME && w->uses[u].has_code && !w->heap) /* the allocator's own
                                                                                   * memory: after, with its result */
                w->uses[u].ran_before = run_code(ca, w, &w->uses[u], v, n, false, eng);
        return;
    }
    double fixed[ISA_RT_NFIXED];
    for (size_t k = 0; k < ISA_RT_NFIXED; k++)
        fixed[k] = NAN;
    for (unsigned k = 0; k < w->nops; k++)
        fixed[ISA_RT_A0 + k] = cost_word_value(v, n, w->word[k], w->words[k]);
    fixed[ISA_RT_RET] = cost_word_value(v, n, w->ret_word, w->ret_words);
    if (w->sext_bits && !isnan(fixed[ISA_RT_A0])) {
        uint64_t x = (uint64_t)fixed[ISA_RT_A0];
        fixed[ISA_RT_A0] = (double)((uint64_t)sext_of(x, w->sext_bits) & 0xffffffffu);
    }
    double fma_add[ISA_RT_NFIXED];
    bool fma = w->fma && w->nops >= 3 && w->words[0] == 1 && w->words[1] == 1 && w->word[1] < n;
    if (fma) {
        /* a*b+c: the multiplication's routine gets a and b, the addition's a*b and c */
        memcpy(fma_add, fixed, sizeof fma_add);
        if (w->fma == 32) {
            uint32_t a = (uint32_t)v[w->word[0]], b = (uint32_t)v[w->word[1]], r;
            float fa, fb, fr;
            memcpy(&fa, &a, 4);
            memcpy(&fb, &b, 4);
            fr = fa * fb;
            memcpy(&r, &fr, 4);
            fma_add[ISA_RT_A0] = r;
        } else {
            uint64_t a = v[w->word[0]], b = v[w->word[1]], r;
            double fa, fb, fr;
            memcpy(&fa, &a, 8);
            memcpy(&fb, &b, 8);
            fr = fa * fb;
            memcpy(&r, &fr, 8);
            fma_add[ISA_RT_A0] = (double)r;
        }
        fma_add[ISA_RT_A1] = fixed[ISA_RT_A2];
        fma_add[ISA_RT_A2] = NAN;
    }
    switch (w->extra) {
    case EX_PRINTF:
        if (!cost_printf_counts(eng, v, n, w->all_word, w->all_words, w->all_bits, w->fmt_op, w->nargs_all, &fixed[ISA_RT_CONVS], &fixed[ISA_RT_DIGITS], &fixed[ISA_RT_WIDE_DIGITS],
                          &fixed[ISA_RT_DIGIT_BITS]))
            fixed[ISA_RT_CONVS] = fixed[ISA_RT_DIGITS] = fixed[ISA_RT_WIDE_DIGITS] = fixed[ISA_RT_DIGIT_BITS] = NAN;
        break;
    case EX_STRCMP:
    case EX_MEMCMP:
    case EX_STRCPY: /* read from the program's memory only for a formula (below: string_values) */
        break;
    case EX_REALLOC:
        fixed[ISA_RT_OLD_SIZE] = w->old_size;
        break;
    case EX_CALLBACK:
    case EX_NONE:
        break;
    }
    w->execs++;
    bool strings_read = false;
    for (size_t u = 0; u < w->nuses; u++) {
        struct arg_use *us = &w->uses[u];
        if (us->kind == USE_SHIFT) {
            double a = fixed[ISA_RT_A0 + w->amount_op];
            us->cycles += isa_insn_cycles(us->insn, isnan(a) ? NAN : (double)((uint64_t)a & 31));
            continue;
        }
        if (us->kind == USE_OPERANDS) {
            /* the operands as the machine instruction sees them: 32-bit registers, a
             * narrower signed operand sign-extended (sdiv i16), an unsigned one zero-extended */
            double ab[2] = {fixed[ISA_RT_A0], fixed[ISA_RT_A1]};
            LLVMOpcode op = LLVMGetInstructionOpcode(w->inst);
            bool sgn = op == LLVMSDiv || op == LLVMSRem;
            for (int k = 0; k < 2; k++) {
                if (isnan(ab[k]))
                    continue;
                uint64_t x = (uint64_t)ab[k];
                unsigned bits = w->bits[k] && w->bits[k] < 32 ? w->bits[k] : 32;
                if (sgn && bits < 32)
                    x = (uint64_t)sext_of(x, bits);
                ab[k] = (double)(x & 0xffffffffu);
            }
            double a = ab[0], b = ab[1];
            us->cycles += isa_insn_cycles_ab(us->insn, isnan(b) ? NAN : (double)((uint64_t)b & 31), a, b);
            continue;
        }
        const double *at = fixed;
        bool sum = us->add_routine || us->sub_routine;
        bool fma_sum = fma && sum && !us->product;
        if (fma_sum)
            at = fma_add;
        if (us->ran_before) {
            us->ran_before = false;
            continue;
        }
        if (us->has_code) {
            if (run_code(ca, w, us, v, n, (fma || (w->fma == 128 && w->nops >= 3)) && sum && !us->product, eng))
                continue;
            us->code_failed++;
        }
        if (!strings_read) {
            string_values(w, fixed, eng); /* (FMA_ADD, copied before, keeps NaN there) */
            strings_read = true;
        }
        double c = isa_runtime_eval_at(us->rt, at, ca->reported ? NULL : ca->diag);
        double k = isa_runtime_eval_ninstr_at(us->rt, at, ca->reported ? NULL : ca->diag);
        if (c < 0 || k < 0) {
            ca->reported = true;
            us->failed++;
            continue;
        }
        use_add(us, c, k);
    }
    record_execution(ca, w);
}

/* The engine's report of one execution of watch I: a vector instruction's lanes are
 * priced one by one, as the calls its machine code makes (each one execution). */
static void on_watch(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng)
{
    struct cost_args *ca = arg;
    struct arg_watch *w = &ca->w[i];
    if (!w->lanes) {
        on_values(ca, w, phase, v, n, eng);
        return;
    }
    uint64_t lane[ENG_WATCH_MAX_WORDS];
    size_t nl = w->ret_word + w->ret_words;
    size_t all = w->lane_src[w->nargs_all] + (size_t)w->lanes * w->lane_stride[w->nargs_all];
    if (n < all) /* the report was cut: no lane has its values */
        nl = 0;
    for (unsigned l = 0; l < w->lanes; l++) {
        for (unsigned k = 0; k <= w->nargs_all; k++) {
            unsigned at = k < w->nargs_all ? w->all_word[k] : w->ret_word;
            unsigned words = k < w->nargs_all ? w->all_words[k] : w->ret_words;
            size_t from = w->lane_src[k] + (size_t)l * w->lane_stride[k];
            for (unsigned j = 0; j < words && at + j < ENG_WATCH_MAX_WORDS; j++)
                lane[at + j] = from + j < n ? v[from + j] : 0;
        }
        on_values(ca, w, phase, lane, nl, eng);
    }
}

/* ---- interface ---- */

/* Whether W's call runs a routine's code on a pointer operand: it runs before the call,
 * on the memory as the routine finds it. */
static bool reads_memory(const struct arg_watch *w)
{
    if (w->extra == EX_CALLBACK || w->heap)
        return false; /* after the call: it replays the comparisons the call made; the allocator
                       * runs on its own heap, and its result is mapped to the program's */
    bool code = false, pointer = false;
    for (size_t u = 0; u < w->nuses; u++)
        code |= w->uses[u].kind == USE_RUNTIME && w->uses[u].has_code;
    for (unsigned k = 0; k < w->nargs_all; k++)
        pointer |= w->all_pointer[k];
    return code && pointer;
}

struct cost_args *cost_args_plan(struct cost_ctx *cx, const struct mmodule *mm)
{
    struct cost_args *ca = sup_xcalloc(1, sizeof *ca);
    ca->diag = cx->diag;
    ca->runner = routine_runner_new(cx->isa);
    ca->pointer_bytes = LLVMPointerSize(LLVMGetModuleDataLayout(cx->m));
    ca->seq_budget = (size_t)2 << 20; /* 8 MiB of per-call cycles in all: a long run stays within 1.5x of its memory without them */
    if (mm)
        plan_machine(cx, ca, mm);
    else
        plan_ir(cx, ca);
    ca->ew = sup_xcalloc(ca->n + 1, sizeof *ca->ew);
    for (size_t i = 0; i < ca->n; i++)
        ca->ew[i] = (struct eng_watch){.inst = ca->w[i].inst,
                                       .before = ca->w[i].extra == EX_REALLOC || reads_memory(&ca->w[i]) ||
                                                 ca->w[i].noreturn};
    return ca;
}

/* The run's call hook: counts the functions each watched call through a pointer reaches. */
static int on_call(void *arg, struct eng_state *eng, uint32_t func, LLVMValueRef site)
{
    struct cost_args *ca = arg;
    uint64_t first;
    if (!site || !ptrmap_get(&ca->icall_first, site, &first))
        return 0;
    for (size_t k = (size_t)first; k; k = ca->ic[k - 1].next)
        if (ca->ic[k - 1].func == func) {
            ca->ic[k - 1].n++;
            return 0;
        }
    if (ca->nic == ca->capic) {
        ca->capic = ca->capic ? 2 * ca->capic : 16;
        ca->ic = sup_xrealloc(ca->ic, ca->capic * sizeof *ca->ic);
    }
    ca->ic[ca->nic] = (struct icall){func, sup_strdup(eng_func_name(eng, func)), 1, (size_t)first};
    ptrmap_put(&ca->icall_first, site, ++ca->nic);
    return 0;
}

double cost_args_site_calls(const struct cost_args *ca, const struct minsn *in, const char *callee)
{
    uint64_t site, first;
    if (!ca || !ptrmap_get(&ca->icall_of, in, &site) ||
        !ptrmap_get(&ca->icall_first, (void *)(uintptr_t)site, &first))
        return NAN;
    for (size_t k = (size_t)first; k; k = ca->ic[k - 1].next)
        if (!strcmp(ca->ic[k - 1].name, callee))
            return (double)ca->ic[k - 1].n;
    return 0;
}

void cost_args_options(struct cost_args *ca, struct eng_run_options *ro)
{
    if (ca && ca->icall_of.n && !ro->hooks) {
        ca->hooks.call = on_call;
        ro->hooks = &ca->hooks;
        ro->hooks_arg = ca;
    }
    if (!ca || !ca->n)
        return;
    ro->watch = ca->ew;
    ro->nwatch = ca->n;
    ro->watch_fn = on_watch;
    ro->watch_arg = ca;
}

static const struct arg_use *use_for(const struct cost_args *ca, size_t wi, const struct isa_runtime *rt,
                                     const struct isa_insn *insn)
{
    const struct arg_watch *w = &ca->w[wi];
    for (size_t u = 0; u < w->nuses; u++)
        if (w->uses[u].rt == rt && w->uses[u].insn == insn)
            return &w->uses[u];
    return NULL;
}

/* Mean cost per execution of RT over every watched call of it (a fallback). */
static bool routine_mean(const struct cost_args *ca, const struct isa_runtime *rt, double *cycles, double *instr)
{
    double n = 0, c = 0, k = 0;
    for (size_t i = 0; i < ca->n; i++) {
        const struct arg_use *u = use_for(ca, i, rt, NULL);
        if (u) {
            n += ca->w[i].execs - u->failed;
            c += u->cycles;
            k += u->instr;
        }
    }
    if (n <= 0)
        return false;
    *cycles = c / n;
    *instr = k / n;
    return true;
}

static void fallback(struct cost_args *ca, const char *sym, double execs)
{
    for (size_t i = 0; i < ca->nfb; i++)
        if (!strcmp(ca->fb_sym[i], sym)) {
            ca->fb_execs[i] += execs;
            return;
        }
    ca->fb_sym = sup_xrealloc(ca->fb_sym, (ca->nfb + 1) * sizeof *ca->fb_sym);
    ca->fb_execs = sup_xrealloc(ca->fb_execs, (ca->nfb + 1) * sizeof *ca->fb_execs);
    ca->fb_sym[ca->nfb] = sup_strdup(sym);
    ca->fb_execs[ca->nfb++] = execs;
}

/* Cost per call of RT called from machine instruction IN (or IR call INST),
 * made EXECS times; *EXACT: whether that is the cost of those very calls. A
 * machine call made as often as its IR call, or whose calls all cost the
 * same, is priced exactly; one that code generation duplicated or merged
 * makes a part or a sum of IR calls: exact when they are the IR calls it
 * makes, all of them (merged) or when they cost the same, else the mean of
 * its IR calls, an estimate. Without an IR call of its own: the routine's
 * mean over the run, an estimate. */
static void per_call(struct cost_ctx *cx, const struct isa_runtime *rt, const struct minsn *in, LLVMValueRef inst,
                     double execs, double *cycles, double *instr, bool *exact)
{
    *cycles = rt->cycles;
    *instr = rt->ninstr;
    *exact = true;
    struct cost_args *ca = cx->args;
    if (!ca || !priced_by_values(ca, rt))
        return;
    uint64_t wi = 0, oi = 0;
    bool found = in ? ptrmap_get(&ca->by_minsn, in, &wi) : ptrmap_get(&ca->by_inst, inst, &wi);
    if (!found && in && ptrmap_get(&ca->orphan_of, in, &oi)) {
        const struct orphan *o = &ca->orphans[oi - 1];
        double n = 0, c = 0, k = 0, lo = 0, hi = 0;
        bool any = false;
        for (size_t j = 0; j < o->n; j++) {
            const struct arg_use *u = use_for(ca, o->watch[j], rt, NULL);
            if (!u || !u->priced)
                continue;
            n += u->priced;
            c += u->cycles;
            k += u->instr;
            lo = !any || u->cmin < lo ? u->cmin : lo;
            hi = !any || u->cmax > hi ? u->cmax : hi;
            any = true;
        }
        if (n > 0) {
            *cycles = c / n;
            *instr = k / n;
            *exact = fabs(n - execs) < 0.5 || lo == hi;
            return;
        }
    }
    const struct arg_use *u = found ? use_for(ca, (size_t)wi - 1, rt, NULL) : NULL;
    uint64_t ui = 0;
    if (found && in && ptrmap_get(&ca->use_of, in, &ui) && ui)
        u = &ca->w[wi - 1].uses[ui - 1];
    if (u && ca->w[wi - 1].execs - u->failed > 0) {
        double n = ca->w[wi - 1].execs - u->failed;
        *cycles = u->cycles / n;
        *instr = u->instr / n;
        ca->w[wi - 1].charged += *cycles * execs;
        /* (a vector instruction is watched lane by lane: a machine call per lane) */
        double per_lane = ca->w[wi - 1].lanes ? ca->w[wi - 1].execs / ca->w[wi - 1].lanes : ca->w[wi - 1].execs;
        *exact = u->failed == 0 && (fabs(per_lane - execs) < 0.5 || u->cmin == u->cmax);
        return;
    }
    *exact = execs <= 0;
    if (execs > 0 && !routine_mean(ca, rt, cycles, instr) && has_formula(rt))
        fallback(ca, rt->symbol, execs);
}

/* cost_runtime_call (cost.h): a function of the module goes into the call graph, a
 * routine of the core's table costs its constant. */
static size_t func_index(struct cost_ctx *cx, const char *name)
{
    for (size_t i = 0; i < cx->e->nfuncs; i++)
        if (!strcmp(cx->e->funcs[i].name, name))
            return i;
    return (size_t)-1;
}

void cost_runtime_call(struct cost_ctx *cx, const struct mfunc *f, const char *sym, double execs, struct block_price *out)
{
    (void)f;
    if (!sym[0])
        return;
    LLVMValueRef fn = LLVMGetNamedFunction(cx->m, sym);
    if (fn && !LLVMIsDeclaration(fn)) {
        size_t callee = func_index(cx, sym);
        if (callee != (size_t)-1 && cx->callgraph)
            cx->callgraph[cx->cur_func * cx->nfuncs + callee] += execs;
        return;
    }
    struct cost_runtime_cost *r = cost_runtime_entry(cx->e, sym);
    const struct isa_runtime *rt = isa_runtime(cx->isa, sym);
    r->calls += execs;
    if (!rt) {
        r->known = false;
        unsigned line = 0;
        const char *why = isa_runtime_refused(cx->isa, sym, &line);
        if (why && !r->refused) {
            char buf[600];
            snprintf(buf, sizeof buf, "%s (%s:%u)", why, isa_path(cx->isa), line);
            r->refused = sup_strdup(buf);
        }
        return;
    }
    r->known = true;
    double c = rt->cycles * execs;
    double n = (double)rt->ninstr * execs;
    r->cycles += c;
    r->instructions += n;
    out->cycles += c;
    out->runtime_cycles += c;
    out->runtime_instructions += n;
}

/* "file:line:col" of the IR call behind machine instruction IN (or IR call INST), or
 * "in function 'F'" when it has no location. */
static char *call_site(struct cost_ctx *cx, const struct minsn *in, LLVMValueRef inst)
{
    const char *fname = cx->cur_func < cx->e->nfuncs ? cx->e->funcs[cx->cur_func].name : "?";
    if (!inst && in && in->src_col == ENG_PROVENANCE_COLUMN && in->src_line) {
        LLVMValueRef fn = LLVMGetNamedFunction(cx->m, fname);
        unsigned nord = 0;
        LLVMValueRef *ord = fn ? ordinals(fn, &nord) : NULL;
        if (ord && in->src_line <= nord)
            inst = ord[in->src_line];
        free(ord);
    }
    char buf[600];
    eng_inst_loc(inst, buf, sizeof buf);
    if (!buf[0])
        snprintf(buf, sizeof buf, "in function '%s'", fname);
    return sup_strdup(buf);
}

void cost_price_call(struct cost_ctx *cx, const char *sym, const struct minsn *in, LLVMValueRef inst, double execs,
                    struct block_price *out)
{
    if (!sym[0])
        return;
    LLVMValueRef fn = LLVMGetNamedFunction(cx->m, sym);
    const struct isa_runtime *rt = isa_runtime(cx->isa, sym);
    if ((fn && !LLVMIsDeclaration(fn)) || !rt) {
        cost_runtime_call(cx, NULL, sym, execs, out); /* the call graph, or an unpriced routine */
        struct cost_runtime_cost *r = fn && !LLVMIsDeclaration(fn) ? NULL : cost_runtime_entry(cx->e, sym);
        if (r && execs > 0 && !r->site)
            r->site = call_site(cx, in, inst); /* where an unpriced routine is called */
        /* left out of the caller's cycles: a function of another unit (declared,
         * no library routine), or a routine the core does not price */
        if (r)
            cost_exclude_call(cx->e, cx->cur_func, sym, execs,
                              fn && !eng_library_routine(fn, sym) ? COST_EXCL_UNITS : COST_EXCL_UNPRICED);
        return;
    }
    struct cost_runtime_cost *r = cost_runtime_entry(cx->e, sym);
    r->calls += execs;
    r->known = true;
    double c, k;
    bool exact;
    per_call(cx, rt, in, inst, execs, &c, &k, &exact);
    r->cycles += c * execs;
    r->instructions += k * execs;
    out->cycles += c * execs;
    out->runtime_cycles += c * execs;
    out->runtime_instructions += k * execs;
    if (!exact)
        out->estimated_cycles += c * execs;
}

bool cost_args_insn_cycles(struct cost_ctx *cx, const struct minsn *in, double *cycles)
{
    struct cost_args *ca = cx->args;
    uint64_t wi;
    if (!ca || !in->isa || !ptrmap_get(&ca->by_minsn, in, &wi))
        return false;
    const struct arg_use *u = use_for(ca, (size_t)wi - 1, NULL, in->isa);
    if (!u || ca->w[wi - 1].execs <= 0)
        return false;
    *cycles = u->cycles / ca->w[wi - 1].execs;
    return true;
}

/* The start-up code (runtime routine "_start": before main and after it),
 * once per run, by the program's initialised and zeroed data; charged to main. */
static void price_startup(struct cost_ctx *cx)
{
    /* a program that ends by calling exit, abort or a failed assert's helper runs the
     * start-up before main only (its call of that routine is priced as a routine):
     * "_start_entry", where the description has it */
    const struct isa_runtime *rt = cx->p && eng_profile_exit_call(cx->p) ? isa_runtime(cx->isa, "_start_entry") : NULL;
    if (!rt)
        rt = isa_runtime(cx->isa, "_start");
    struct cost_estimate *e = cx->e;
    size_t mi = 0;
    while (mi < e->nfuncs && strcmp(e->funcs[mi].name, "main"))
        mi++;
    if (!rt || mi == e->nfuncs)
        return;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(cx->m);
    double data = 0, bss = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(cx->m); g; g = LLVMGetNextGlobal(g)) {
        LLVMValueRef init = LLVMIsDeclaration(g) ? NULL : LLVMGetInitializer(g);
        const char *sec = LLVMGetSection(g);
        if (!init || (sec && !strncmp(sec, ".noinit", 7)))
            continue;
        double size = (double)LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
        if (LLVMIsNull(init) && !LLVMIsGlobalConstant(g))
            bss += size;
        else
            data += size;
    }
    double fixed[ISA_RT_NFIXED];
    for (size_t k = 0; k < ISA_RT_NFIXED; k++)
        fixed[k] = NAN;
    fixed[ISA_RT_DATA_BYTES] = data;
    fixed[ISA_RT_BSS_BYTES] = bss;
    double c = isa_runtime_eval_at(rt, fixed, cx->diag), k = isa_runtime_eval_ninstr_at(rt, fixed, cx->diag);
    if (c < 0 || k < 0)
        return;
    struct cost_runtime_cost *r = cost_runtime_entry(e, rt->symbol);
    r->known = true;
    r->calls += 1;
    r->cycles += c;
    r->instructions += k;
    e->cycles += c;
    e->runtime_cycles += c;
    e->runtime_instructions += k;
    e->funcs[mi].self += c;
    e->funcs[mi].runtime += c;
}

/* One warning per routine whose code did not run on some calls (routine_run's reasons). */
static void warn_code_failed(struct cost_ctx *cx, const struct cost_args *ca)
{
    for (size_t i = 0; i < ca->n; i++)
        for (size_t u = 0; u < ca->w[i].nuses; u++) {
            const struct arg_use *us = &ca->w[i].uses[u];
            if (us->code_failed <= 0)
                continue;
            bool first = true; /* the routine's first use with a failure sums them all */
            double failed = 0, calls = 0;
            for (size_t j = 0; j < ca->n; j++)
                for (size_t k = 0; k < ca->w[j].nuses; k++) {
                    const struct arg_use *o = &ca->w[j].uses[k];
                    if (o->rt != us->rt || !o->has_code)
                        continue;
                    if (o->code_failed > 0 && (j < i || (j == i && k < u)))
                        first = false;
                    failed += o->code_failed;
                    calls += ca->w[j].execs;
                }
            if (first)
                cost_estimate_warn(cx->e,
                                   "%.0f of %.0f calls to '%s' priced by its formula: lpnest could not run the "
                                   "routine's code on their operands (an instruction its interpreter does not run, "
                                   "or memory beyond its stack and pointer operands%s)",
                                   failed, calls, us->rt->symbol,
                                   ca->w[i].extra == EX_CALLBACK ? "; or comparator calls it cannot replay: a sort "
                                                                   "inside a comparator, more than 2^18 comparisons"
                                                                 : "");
        }
}

/* The watched calls whose executions cost different amounts, each execution's cycles
 * scaled to what the pricing charged the call's machine calls (the same when one machine
 * call makes them all), for a timed run (estimate.h, cost_call_costs). Calls with a
 * failed execution or priced without their values are left to their mean. */
static void call_costs(struct cost_estimate *e, struct cost_args *ca)
{
    for (size_t i = 0; i < ca->n; i++) {
        struct arg_watch *w = &ca->w[i];
        bool failed = false;
        for (size_t u = 0; u < w->nuses; u++)
            failed |= w->uses[u].kind == USE_RUNTIME && w->uses[u].failed > 0;
        if (failed || !cost_seq_varies(&w->seq) || (double)w->seq.n != w->execs || !(w->seq.sum > 0) ||
            !(w->charged > 0))
            continue;
        double scale = w->charged / w->seq.sum;
        for (uint64_t k = 0; k < w->seq.n; k++)
            w->seq.v[k] = (float)(w->seq.v[k] * scale);
        e->call_costs = sup_xrealloc(e->call_costs, (e->ncall_costs + 1) * sizeof *e->call_costs);
        e->call_costs[e->ncall_costs++] =
            (struct cost_call_costs){.inst = w->inst, .n = w->seq.n, .cycles = w->seq.v, .total = w->charged};
        w->seq.v = NULL; /* E owns it */
        w->seq.cap = 0;
    }
}

void cost_args_finish(struct cost_ctx *cx)
{
    price_startup(cx);
    struct cost_args *ca = cx->args;
    if (!ca)
        return;
    warn_code_failed(cx, ca);
    call_costs(cx->e, ca);
    for (size_t i = 0; i < ca->nfb; i++)
        cost_estimate_warn(cx->e,
                          "%.0f calls to '%s' priced without their argument values (the cost formula at zero "
                          "arguments): the machine call could not be tied to an executed IR instruction",
                          ca->fb_execs[i], ca->fb_sym[i]);
}

void cost_args_free(struct cost_args *ca)
{
    if (!ca)
        return;
    for (size_t i = 0; i < ca->n; i++) {
        cost_seq_free(&ca->w[i].seq);
        free(ca->w[i].uses);
        free(ca->w[i].all_word);
        free(ca->w[i].all_words);
        free(ca->w[i].all_bits);
        free(ca->w[i].all_bytes);
        free(ca->w[i].all_pointer);
        free(ca->w[i].lane_src);
        free(ca->w[i].lane_stride);
    }
    for (size_t i = 0; i < ca->nfb; i++)
        free(ca->fb_sym[i]);
    free(ca->fb_sym);
    free(ca->fb_execs);
    free(ca->w);
    free(ca->ew);
    ptrmap_free(&ca->by_inst);
    ptrmap_free(&ca->by_minsn);
    ptrmap_free(&ca->use_of);
    ptrmap_free(&ca->icall_of);
    ptrmap_free(&ca->icall_first);
    for (size_t k = 0; k < ca->nic; k++)
        free(ca->ic[k].name);
    free(ca->ic);
    ptrmap_free(&ca->heap_blocks);
    ptrmap_free(&ca->orphan_of);
    for (size_t i = 0; i < ca->norphans; i++)
        free(ca->orphans[i].watch);
    free(ca->orphans);
    routine_runner_free(ca->runner);
    free(ca);
}
