/* estimate.h — the result of pricing a run on a core: totals, per-function
 * and per-block cycles, runtime calls, and how much rests on estimates.
 * Produced by estimate.c, written by report_*.c. Internal to estimator/. */
#ifndef LPNEST_ESTIMATE_H
#define LPNEST_ESTIMATE_H

#include "estimator.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Calls whose cost a figure leaves out (counted as 0 cycles): executions of
 * calls to functions the module declares but does not define and that are
 * no library routine (in a plugin's unit: functions of other translation
 * units), to library or runtime routines the core does not price, and
 * indirect calls whose callee an estimate without calling contexts does not
 * follow. */
struct cost_excluded_call {
    char *callee;
    double calls;
    unsigned kind;            /* COST_EXCL_UNITS or COST_EXCL_UNPRICED */
};
struct cost_excluded {
    double other_units;
    double unpriced;
    double indirect;
    struct cost_excluded_call *callees; /* the named ones, each once (a project view resolves them) */
    size_t ncallees;
};
/* Bits of what a function's inclusive cycles leave out (its own calls or its callees'). */
enum { COST_EXCL_UNITS = 1, COST_EXCL_UNPRICED = 2, COST_EXCL_INDIRECT = 4 };

/* A call edge: CALLS calls of function CALLEE (index into funcs). */
struct cost_call {
    size_t callee;
    double calls;
};

struct cost_func_cost {
    char *name;
    uint64_t calls;
    double self;              /* cycles of its own code and its runtime calls */
    double inclusive;         /* self plus its callees: from the calling contexts when the run was
                                 timed (recursion counted once), else at their average per call */
    double runtime;           /* cycles in runtime/library routines it calls */
    double instructions;      /* machine instructions executed in its own code */
    char *loc;                /* "file:line" of its definition, or NULL */
    struct cost_excluded excl; /* its own calls left out */
    struct cost_call *calls_to; /* the functions of the module it calls, and how often */
    size_t ncalls_to;
    unsigned incomplete;      /* COST_EXCL_* bits: what its inclusive cycles leave out (report/sources.c) */
    char *no_estimate;        /* why it has no estimate (its counts are not known), or NULL */
};

/* A function of the source (its DISubprogram), wherever its code went: its
 * own compiled function and the copies inlined into others. Filled by
 * report/sources.c from the inline parts, or read from a report. */
struct cost_source_func {
    char *name;               /* its name in the source */
    char *loc;                /* "file:line" of its definition, or NULL */
    size_t func;              /* its compiled function (index into funcs), or COST_NO_PARENT */
    double calls;             /* calls of its compiled function plus entries into its inlined copies */
    double self;              /* cycles of the code whose innermost source function it is */
    double self_instructions; /* machine instructions of that code */
    double inclusive;         /* its compiled function's inclusive cycles plus its copies' (their code,
                                 what was inlined into them, the calls they make) */
    double inlined;           /* the part of inclusive in inlined copies */
    size_t copies;            /* inlined copies whose code ran */
    char *into;               /* the functions holding those copies, "main, fir", or NULL */
    unsigned incomplete;      /* COST_EXCL_* bits */
};

/* The cycles of one machine block that came from one inlined copy (or the
 * function's own code): its instructions' innermost debug scope. Kept while
 * the module lives (metadata pointers); not in the JSON report. */
struct cost_inline_part {
    size_t block;             /* index into blocks */
    LLVMMetadataRef scope;    /* the DISubprogram of the innermost scope, or NULL */
    LLVMMetadataRef inlined_at; /* the DILocation the code was inlined at; NULL for the function's own */
    double cycles;
    double instructions;      /* machine instructions executed */
};

/* The returns of function CALLEE to activations of CALLER (its IR caller, or the one
 * function that tail-calls it), RETURNS of them, and the cycles they cost beyond the mean
 * that CALLEE's return blocks are priced at (on a pipelined core the instruction a return
 * goes to decides what the return costs): the timed run charges them per return. */
struct cost_return_delta {
    size_t callee, caller;    /* indices into funcs */
    double returns, cycles;
};

/* An edge between two IR blocks of a function and how often it was taken
 * (blocks by their position in the function). Not in the JSON report. */
struct cost_ir_edge {
    size_t func;              /* index into funcs */
    uint32_t from, to;
    double count;
};

/* The cycles of each execution of an IR call to a runtime routine whose executions cost
 * different amounts (memcpy's length, a division's operands), in the order the run made
 * them (cost_args.c), adding up to TOTAL, what the estimate charges the call's machine
 * calls: a timed run charges each execution its own cost instead of the call's mean.
 * Not in the JSON report. */
struct cost_call_costs {
    LLVMValueRef inst;
    uint64_t n;
    float *cycles;
    double total;
};

struct cost_block_cost {
    size_t func;              /* index into funcs */
    int number;               /* machine block number, -1 for IR-level models */
    char *ir_name;            /* IR block, or NULL */
    char *loc;                /* source "file:line" of its first located instruction */
    double count;
    double cycles;            /* total over all executions */
    double instructions;      /* instructions executed, total */
    bool estimated;           /* count rests on an estimate */
};

struct cost_runtime_cost {
    char *symbol;
    double calls;
    double cycles;
    double instructions;
    bool known;               /* the core's description prices it */
    char *site;               /* an unpriced routine: "file:line:col" (or "in function 'F'")
                                 of the first executed call, else NULL */
    char *refused;            /* an unpriced routine the core refuses on purpose: "REASON
                                 (DESCRIPTION:LINE)" (runtime_refused:), else NULL */
};

/* One node of the calling-context tree: FUNC called along the path of its
 * ancestors. Filled by the timed run (empty when only counts were priced). */
struct cost_context {
    size_t parent;            /* index into contexts; COST_NO_PARENT for a root */
    size_t func;              /* index into funcs */
    char *callsite;           /* "file:line" of the call in the parent, or NULL */
    char *site_block;         /* IR block of that call in the parent, or NULL (not in the JSON report) */
    LLVMValueRef site_inst;   /* the call instruction, while the module lives, or NULL (not in the JSON report) */
    double calls;
    double self;              /* cycles of FUNC's own code and runtime calls here */
    double inclusive;         /* self plus its callees', in this context */
};
#define COST_NO_PARENT ((size_t)-1)

/* Cycles and executions attributed to one source line. */
struct cost_line_cost {
    char *file;
    unsigned line;
    double cycles;            /* cycles of the machine instructions from this line */
    double executions;        /* times the line's first-executed instruction ran */
};

/* What one machine block gave one source line (estimate_lines.c), kept so
 * that an offloaded run's lines can be rebased on the host's counts. */
struct cost_line_part {
    size_t line;              /* index into lines */
    size_t block;             /* index into blocks */
    double cycles;
};

/* A timeline: tracks (the host, each accelerator) and slices on them, in
 * host cycles from the start of main. Filled by the timed run. */
struct cost_track {
    char *name;               /* "host", or an accelerator/transition name */
    double clock_hz;          /* the track's own clock (for display) */
};
struct cost_slice {
    size_t track;             /* index into tracks */
    char *name;               /* function or transition */
    double start;             /* host cycles */
    double dur;
    int depth;                /* nesting on its track (0 = outermost) */
};

/* One accelerator of an offloaded run (--accel). */
struct cost_accel_cost {
    char *name;
    char *model;              /* the LPN file */
    double clock_hz;
    double calls;
    double busy;              /* host cycles during which it had work */
    double wait;              /* host cycles the host spent waiting for it */
    double overlap;           /* host cycles it worked while the host ran */
    double *latencies;        /* per call, host cycles from invoke to done */
    size_t nlatencies;
};

/* What an offloaded function costs in software and on its accelerator. */
struct cost_whatif {
    char *func;
    char *accel;
    double calls;
    double software;          /* inclusive cycles had it stayed on the core */
    double offloaded;         /* invoke + waits charged to the host */
};

struct cost_estimate {
    char *module;
    char *core;
    char *core_description;
    char *triple;
    double clock_hz;
    int exit_status;
    uint64_t ir_instructions;
    double cycles;            /* everything */
    double machine_cycles;    /* from the program's own machine code */
    double runtime_cycles;    /* from runtime/library cost tables */
    double estimated_cycles;  /* part of cycles whose counts rest on estimates */
    double instructions;      /* machine instructions of the program's code */
    double runtime_instructions;
    double unknown_execs;     /* executions of instructions the core does not know */
    struct cost_func_cost *funcs;
    size_t nfuncs;
    struct cost_block_cost *blocks;
    size_t nblocks;
    struct cost_runtime_cost *runtime;
    size_t nruntime;
    char **warnings;
    size_t nwarnings;
    /* filled when the run was timed (contexts, lines, timeline) or offloaded */
    struct cost_context *contexts;
    size_t ncontexts;
    struct cost_line_cost *lines;
    size_t nlines;
    struct cost_line_part *line_parts; /* not in the JSON report */
    size_t nline_parts;
    struct cost_track *tracks;
    size_t ntracks;
    struct cost_slice *slices;
    size_t nslices;
    struct cost_accel_cost *accels;
    size_t naccels;
    struct cost_whatif *whatifs;
    size_t nwhatifs;
    const char *count_source;  /* "execution" (exact), "static", "profile" */
    bool per_call;             /* each function priced for one call (the plugin), not a run */
    struct cost_source_func *sources; /* by source function (report/sources.c) */
    size_t nsources;
    struct cost_inline_part *inline_parts; /* not in the JSON report */
    size_t ninline_parts;
    struct cost_ir_edge *ir_edges;     /* not in the JSON report */
    size_t nir_edges;
    struct cost_call_costs *call_costs; /* not in the JSON report */
    size_t ncall_costs;
    struct cost_return_delta *ret_deltas; /* not in the JSON report */
    size_t nret_deltas;
};

/* ---- estimates (estimate.c) ------------------------------------------------
 * Pricing a run on a core (an ISA description): the module is lowered with
 * the core's LLVM backend exactly as a normal build does, every machine block
 * gets its execution count from the run's exact IR counts, and every
 * instruction, branch and runtime call is priced from the description. */
struct isa;

/* Lowers M for the core, runs main() once (with O: arguments, limits,
 * diagnostics) counting what the machine code needs, and prices it. Returns
 * NULL after a message on o->diag when the bitcode cannot run on the core
 * (other architecture, features the core lacks), the backend fails, or the
 * program faults. *STATUS gets the program's exit status (1 on a fault).
 * DUMP, if not NULL, receives a listing of the machine blocks and counts.
 * Free with cost_estimate_free. */
struct cost_estimate *cost_estimate_run(struct eng_module *m, const struct isa *isa, const struct eng_run_options *o,
                                      FILE *dump, int *status);
void cost_estimate_free(struct cost_estimate *e);
/* One located error on DIAG per routine E calls but its core does not price
 * ("FILE:LINE:COL: error: call to 'cos', which atmega2560 does not price");
 * returns how many. lpnest refuses such an estimate unless --allow-unpriced. */
size_t cost_estimate_unpriced_errors(const struct cost_estimate *e, FILE *diag);
double cost_estimate_cycles(const struct cost_estimate *e);
/* Machine instructions executed: the program's code plus runtime routines. */
double cost_estimate_instructions(const struct cost_estimate *e);
/* Adds a warning (formatted) to the estimate's list. */
void cost_estimate_warn(struct cost_estimate *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Adds EXECS executions of a call from function FUNC (index into funcs) to
 * SYM (NULL for an indirect call) whose cost is left out, of kind KIND
 * (COST_EXCL_UNITS, COST_EXCL_UNPRICED or COST_EXCL_INDIRECT). */
void cost_exclude_call(struct cost_estimate *e, size_t func, const char *sym, double execs, unsigned kind);
/* The callees of X as "f, g, h" (at most N bytes; "" when none). */
const char *cost_excluded_names(const struct cost_excluded *x, char *buf, size_t n);
/* Frees what X owns. */
void cost_excluded_free(struct cost_excluded *x);
/* The runtime entry for SYMBOL, created on first use. */
struct cost_runtime_cost *cost_runtime_entry(struct cost_estimate *e, const char *symbol);

/* ---- pricing counts that come from elsewhere (estimate.c; used by
 * estimate_static.c for the plugin's frequencies and measured profiles) ----
 * cost_estimate_counted is cost_estimate_run with the run replaced by COUNTS:
 * it lowers M, calls COUNTS(ARG, M, REQ, NREQ, ARGS) once with the IR
 * blocks whose path counts the machine code needs (REQ may be NULL) and,
 * when VALUES, the plan of operand values the costs depend on (cost_args.c:
 * cost_args_options puts it into a run's options; NULL otherwise), and
 * prices the profile COUNTS returns (and frees it). COUNTS returns NULL
 * after a message on DIAG. No warnings about unpriced routines are added
 * yet: cost_estimate_warn_unpriced adds them once the numbers are final. */
struct eng_profile;
struct eng_block_ref;
struct eng_probe;
struct isa;
struct cost_args;
/* What the machine code needs a run to count beyond blocks, edges and
 * selects: paths through blocks code generation duplicated (lower_requests.c)
 * and the values its branches test (probes, lower_probes.c). Counts made
 * without a run (static frequencies, profile files) have neither. */
struct cost_requests {
    const struct eng_block_ref *pairs;
    size_t npairs;
    const struct eng_probe *probes;
    size_t nprobes;
};
typedef struct eng_profile *(*cost_counts_fn)(void *arg, struct eng_module *m, const struct cost_requests *req,
                                            struct cost_args *args);
struct cost_estimate *cost_estimate_counted(struct eng_module *m, const struct isa *isa, FILE *diag, FILE *dump,
                                          bool values, cost_counts_fn counts, void *arg);
/* The same with M's machine code given (estimate_static.h), not lowered. */
struct cost_machine_code;
struct cost_estimate *cost_estimate_counted_code(struct eng_module *m, const struct isa *isa,
                                               const struct cost_machine_code *mc, FILE *diag, FILE *dump,
                                               bool values, cost_counts_fn counts, void *arg);
void cost_estimate_warn_unpriced(struct cost_estimate *e);
/* The COUNTS of cost_estimate_run: runs the program with O (ARG is a struct
 * cost_run_counts); *STATUS gets its exit status, or 1 when it faulted (then
 * NULL after a message). */
struct eng_run_options;
struct cost_run_counts {
    const struct eng_run_options *o;
    int *status;
    bool ran;                          /* the run's memory use (eng_profile_memory) */
    uint64_t heap, stack;
    /* when set, called with WRAP_ARG on the run's options last (after cost_args's
     * hooks and watches are in them): the layers above follow the run too */
    void (*wrap)(void *wrap_arg, struct eng_run_options *ro);
    void *wrap_arg;
};
/* Warns when the globals and the run's heap and stack (eng_profile_memory)
 * or the program's code and initial data do not fit the chip's RAM or flash
 * (estimate_memory.c). */
void cost_memory_fit(struct cost_estimate *e, struct eng_module *em, const struct isa *isa, uint64_t heap,
                    uint64_t stack, FILE *diag);
struct eng_profile *cost_counting_run(void *arg, struct eng_module *m, const struct cost_requests *req,
                                     struct cost_args *args);

#endif
