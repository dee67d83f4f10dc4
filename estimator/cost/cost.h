/* cost.h — shared state of the cost model (cost_machine.c, cost_ir.c,
 * estimate.c). Internal to estimator/. */
#ifndef LPNEST_COST_H
#define LPNEST_COST_H

#include "estimate.h"
#include "counts.h"
#include "lower.h"

struct isa;

struct cost_ctx {
    const struct isa *isa;
    struct cost_estimate *e;
    LLVMModuleRef m;
    const struct eng_profile *p;
    FILE *diag;
    /* calls between the module's functions, for inclusive cycles */
    double *callgraph;        /* [caller * nfuncs + callee] */
    size_t nfuncs;
    size_t cur_func;          /* index into e->funcs being priced */
    FILE *dump;               /* --dump-machine */
    struct cost_args *args;   /* values of watched instructions (cost_args.c), or NULL */
    struct line_map *lines;   /* estimate_lines.c: the IR instructions of the function last seen */
    const struct cost_machine_code *mc; /* the machine code, when given (not lowered) */
    struct cost_pipe *pipe;   /* cost_pipe.c: the pipeline's analysis (cores with pipeline:), or NULL */
};

/* The cost of one machine block over all its executions. */
struct block_price {
    double cycles;            /* everything, runtime calls included */
    double branch_cycles;     /* part spent in conditional branches */
    double runtime_cycles;    /* part spent in runtime routines */
    double estimated_cycles;  /* part whose split is not known from counts */
    double instructions;      /* machine instructions executed */
    double runtime_instructions;
    double unknown;           /* executions of unknown instructions */
};

/* Machine instructions an assembly instruction stands for (pseudo-instructions, relaxation). */
double cost_insn_count(const struct isa *isa, const struct minsn *in);
void cost_price_block(struct cost_ctx *cx, const struct mfunc *f, size_t bi, struct block_price *out);
/* A call to SYM executed EXECS times from function F: a runtime routine is
 * priced from the ISA (or from costs the run measured), a function of the
 * module goes into the call graph. */
void cost_runtime_call(struct cost_ctx *cx, const struct mfunc *f, const char *sym, double execs, struct block_price *out);

/* lower_cfg.c helpers */
const struct isa_insn *lower_isa_lookup(const struct isa *isa, const char *mnemonic);
void lower_call_symbol(const char *ops, char *out, size_t n);

/* cost_args.c: costs that depend on the values the program runs on.
 * cost_args_plan (before the run) chooses the IR instructions to watch: those
 * behind calls to runtime routines whose cost is a formula and behind shifts
 * by a register on a core whose shift cycles are a formula (MM: the machine
 * code; NULL for model ir: the IR calls). cost_args_options puts the watch
 * into the run's options. Free with cost_args_free after pricing. */
struct cost_args *cost_args_plan(struct cost_ctx *cx, const struct mmodule *mm);
void cost_args_options(struct cost_args *ca, struct eng_run_options *ro);
void cost_args_free(struct cost_args *ca);
/* Prices EXECS calls to SYM made by machine instruction IN (or, model ir, by
 * IR call INST): a function of the module goes into the call graph
 * (cost_runtime_call); a routine of the core's table costs the mean of its
 * formula over the executions of the IR instruction behind the call, or its
 * constant. */
void cost_price_call(struct cost_ctx *cx, const char *sym, const struct minsn *in, LLVMValueRef inst, double execs,
                    struct block_price *out);
/* Mean cycles per execution of IN when they depend on an operand value
 * measured by the run (a shift by a register); false when not measured. */
bool cost_args_insn_cycles(struct cost_ctx *cx, const struct minsn *in, double *cycles);
/* Calls the run made from the call through a pointer IN (a machine instruction) to the
 * function named CALLEE; NAN when the run did not count that site (a core without a
 * pipeline model, or IN not a call through a pointer of the program's IR). */
double cost_args_site_calls(const struct cost_args *ca, const struct minsn *in, const char *callee);
/* Warnings about calls priced without their values. */
void cost_args_finish(struct cost_ctx *cx);

/* estimate_lines.c: adds block BI's cycles (priced as BP) to E's source lines;
 * cost_lines_free releases what it kept in CX. */
void cost_lines_add_block(struct cost_ctx *cx, const struct mfunc *mf, size_t bi, const struct block_price *bp);
void cost_lines_free(struct cost_ctx *cx);

/* cost_pipe.c: pricing on a pipelined core (isa pipeline:) with its cycle
 * model (uarch.h). cost_pipe_new analyses MM's code (laid out: lower_layout)
 * before the run: the pipeline states every segment of code can start in;
 * NULL when the core has no pipeline or the code has no layout.
 * cost_pipe_price_block prices block BI of function FI once the counts are
 * known (instead of cost_price_block), runtime calls included. */
struct cost_pipe;
struct cost_pipe *cost_pipe_new(struct cost_ctx *cx, const struct mmodule *mm);
void cost_pipe_free(struct cost_pipe *pp);
/* After every block is priced: what each function's returns cost beyond its return
 * blocks' mean, by the function whose activation called it (E->ret_deltas). */
void cost_pipe_return_deltas(struct cost_pipe *pp, struct cost_estimate *e);
void cost_pipe_price_block(struct cost_ctx *cx, struct cost_pipe *pp, size_t fi, size_t bi, struct block_price *out);
/* The op a pipelined core's model runs for instruction IN at PC going to NEXT,
 * with its operands' values A, B (a divider's cycles) and whether it is a
 * misaligned access (routine_rv32.c); CLS its class in ISA (NULL: looked up). */
struct ua_rv32;
struct ua_op;
struct isa_insn;
void cost_pipe_make_op(const struct isa *isa, const struct isa_insn *cls, uint32_t pc, const struct ua_rv32 *in,
                       uint32_t next, uint32_t a, uint32_t b, bool misaligned, struct ua_op *op);
/* The pipeline at the runtime call IN (a call of a routine lpnest runs): how
 * routine_run feeds the routine to the core model. False when IN is no such
 * call or the analysis found no state there (the routine then costs its
 * table's sum). */
struct routine_pipe;
bool cost_pipe_call_site(struct cost_pipe *pp, const struct minsn *in, struct routine_pipe *out);
/* The routine calls made at IN are priced by runs made for the call at
 * PRIMARY (a vector's lanes: one IR instruction, a call per lane): what the
 * return to IN's own next instruction costs beyond the return to PRIMARY's is
 * added to IN's block. */
void cost_pipe_share_site(struct cost_pipe *pp, const struct minsn *in, const struct minsn *primary);

/* cost_ir.c: prices the IR itself (cores without an LLVM backend). */
bool cost_price_ir(struct cost_ctx *cx);
/* The runtime routine an intrinsic stands for when the core lacks the
 * operation ("memcpy" for llvm.memcpy.*), or NULL. */
const char *cost_ir_intrinsic_routine(const char *callee);

/* cost_pad.c: x86 only, after pricing (estimate.c): what the binary runs
 * that the assembly does not show. The alignment padding the assembler puts
 * before aligned blocks (loop headers) runs as no-ops when the block before
 * falls through into it (found in the object file's layout; silent when the
 * layout cannot be matched with the assembly), and a call through the PLT
 * runs the stub's jump; both are added to the block that runs them. */
void cost_x86_padding(struct cost_ctx *cx, struct eng_module *em, struct mmodule *mm);

/* cost_dump.c: machine blocks with counts, for --dump-machine. */
struct isa;
void cost_dump_machine(const struct mmodule *mm, const struct isa *isa, FILE *f);

#endif
