/* estimator.h — the lpnest estimator library: loads and links bitcode, runs
 * it at IR level under the target's data layout to count exactly how often
 * every block, edge and select executes, and (later stages) prices those
 * counts on a core. Prefix: est_. */
#ifndef LPNEST_ESTIMATOR_H
#define LPNEST_ESTIMATOR_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define LPNEST_VERSION "0.1.0"

/* ---- modules ---------------------------------------------------------------
 * A module is one or more .bc/.ll files linked together, verified, and with
 * every unnamed block given a stable name ("bbN", N its position in the
 * function) before anything else reads it. */
struct est_module;

/* Loads and links PATHS[0..n). Errors ("file:line:col: error: ..." for text
 * IR, "file: error: ..." for bitcode and linking) go to diag; returns NULL
 * then. Free with est_module_free. */
struct est_module *est_module_load(const char *const *paths, size_t n, FILE *diag);
void est_module_free(struct est_module *m);
/* The linked LLVM module (owned by M) and the name used in messages. */
LLVMModuleRef est_module_llvm(const struct est_module *m);
const char *est_module_name(const struct est_module *m);
/* What code generation made of some calls (lower_requests.c), for the IR
 * engine to run them as the machine code does: CALLEE[i] is the module's own
 * memset/memcpy/memmove the llvm.mem* intrinsic INST[i] was lowered to a
 * call of, or NULL when the backend deleted the call INST[i] (no side
 * effects, result unused). Copied; replaces the previous plan. */
void est_module_set_call_plan(struct est_module *m, const LLVMValueRef *inst, const LLVMValueRef *callee, size_t n);
size_t est_module_call_plan(const struct est_module *m, const LLVMValueRef **inst, const LLVMValueRef **callee);
/* A new copy of the module parsed again from the input bytes into CTX, with
 * the same block names, for code generation (which rewrites the IR it
 * compiles, and whose output depends on use-list order, which cloning does
 * not preserve). Each instruction's debug location is replaced by one whose
 * line is the instruction's 1-based ordinal in its function, so the assembly
 * says which IR instruction every machine instruction came from. Returns
 * NULL after a message. The caller disposes of it. */
LLVMModuleRef est_module_fresh(const struct est_module *m, LLVMContextRef ctx, FILE *diag);
/* The column that marks those provenance locations. */
#define EST_PROVENANCE_COLUMN 60001
/* Gives every unnamed basic block of M a deterministic name. Idempotent. */
void est_name_blocks(LLVMModuleRef m);

/* ---- execution -------------------------------------------------------------*/
/* A block by function and block name. */
struct est_block_ref {
    const char *func;
    const char *block;
};

struct est_run_options {
    int argc;               /* program arguments, argv[0] included */
    char **argv;
    uint64_t max_steps;     /* IR instructions; 0 = no limit */
    uint64_t stack_bytes;   /* simulated stack (default 8 MiB, 8 KiB on 16-bit targets) */
    bool memory_linked;     /* globals in the linker's order; reads past one warn (exec_bounds.c) */
    bool progress;          /* progress line on stderr for long runs */
    FILE *diag;             /* errors and faults */
    /* blocks whose paths through them are counted too (which in-edge, then
     * which out-edge): for blocks code generation duplicated */
    const struct est_block_ref *pairs;
    size_t npairs;
    /* a timed run (estimate_timed.c, timing.h): NULL for a counting run */
    struct est_timing *timing;
    /* the program's standard streams (NULL: lpnest's own) */
    FILE *in, *out, *err;
    /* the program's fopen: relative paths under FS_ROOT (NULL: the current
     * directory), reading only unless ALLOW_WRITES (exec_sandbox.c) */
    const char *fs_root;
    bool allow_writes;
    /* instructions whose values are wanted at every execution (the cost model
     * prices runtime calls and variable shifts by their operands): each
     * execution of WATCH[i].inst calls WATCH_FN(WATCH_ARG, i, phase, V, N, VM)
     * once after it (phase 1) and, when WATCH[i].before, once before it
     * (phase 0). V holds the slots of its operands in order (a call's
     * arguments, the callee excluded), then, after it, its result's: one
     * 64-bit word per slot as the engine holds values (exec.h), N words in
     * all (at most EST_WATCH_MAX_WORDS: the rest is cut). VM is the engine
     * (struct vm, exec.h), for reading the program's memory. */
    const struct est_watch *watch;
    size_t nwatch;
    void (*watch_fn)(void *arg, size_t i, int phase, const uint64_t *v, size_t n, void *vm);
    void *watch_arg;
};

/* An instruction whose operand values est_run reports (est_run_options.watch). */
struct est_watch {
    LLVMValueRef inst;      /* not a phi or a terminator */
    bool before;            /* also report before it executes (operands only) */
};
#define EST_WATCH_MAX_WORDS 64

/* The outcome of running main(): counts of every block, edge, select and call. */
struct est_profile;

/* Runs main() of M. Returns NULL only when the module cannot be executed at
 * all (unsupported construct, no main, unknown external) after a message on
 * o->diag. Otherwise returns the profile; check est_profile_status: a fault
 * in the program (out-of-bounds access, division by zero, step limit...) is
 * reported on o->diag and leaves est_profile_faulted true, with the counts
 * up to the fault. The profile keeps M referenced; free it before M. */
struct est_profile *est_run(struct est_module *m, const struct est_run_options *o);
void est_profile_free(struct est_profile *p);
bool est_profile_faulted(const struct est_profile *p);
/* Memory the run used: the heap's high-water mark and the stack's (the IR
 * frames' allocas plus 8 bytes per call: registers the machine code saves
 * come on top). */
void est_profile_memory(const struct est_profile *p, uint64_t *heap, uint64_t *stack);
/* The program's exit status (main's result or exit()'s argument, 0..255). */
int est_profile_exit_status(const struct est_profile *p);
/* IR instructions executed (debug intrinsics excluded). */
uint64_t est_profile_instructions(const struct est_profile *p);

/* Writes the counts as JSON (schema "lpnest_counts": 1, see estimator/COUNTS.md).
 * Returns 0, or -1 on a write error. */
int est_profile_write_json(const struct est_profile *p, FILE *f);

/* Iteration over the profile, for the cost model and tests. Indices are
 * positions in the module (functions in module order, blocks in function order). */
size_t est_profile_nfuncs(const struct est_profile *p);
const char *est_profile_func_name(const struct est_profile *p, size_t f);
uint64_t est_profile_func_calls(const struct est_profile *p, size_t f);
size_t est_profile_nblocks(const struct est_profile *p, size_t f);
const char *est_profile_block_name(const struct est_profile *p, size_t f, size_t b);
uint64_t est_profile_block_count(const struct est_profile *p, size_t f, size_t b);
/* Count of the edge FROM -> TO (summed over switch cases that share it);
 * returns false when there is no such edge. */
bool est_profile_edge_count(const struct est_profile *p, size_t f, size_t from, size_t to, uint64_t *count);
/* Times an external (C library) function was called, by name; 0 if never. */
uint64_t est_profile_external_calls(const struct est_profile *p, const char *name);

/* ---- estimates ----------------------------------------------------------------
 * Pricing a run on a core (an ISA description): the module is lowered with
 * the core's LLVM backend exactly as a normal build does, every machine block
 * gets its execution count from the run's exact IR counts, and every
 * instruction, branch and runtime call is priced from the description. */
struct isa;
struct est_estimate;

/* Lowers M for the core, runs main() once (with O: arguments, limits,
 * diagnostics) counting what the machine code needs, and prices it. Returns
 * NULL after a message on o->diag when the bitcode cannot run on the core
 * (other architecture, features the core lacks), the backend fails, or the
 * program faults. *STATUS gets the program's exit status (1 on a fault).
 * DUMP, if not NULL, receives a listing of the machine blocks and counts.
 * Free with est_estimate_free. */
struct est_estimate *est_estimate_run(struct est_module *m, const struct isa *isa, const struct est_run_options *o,
                                      FILE *dump, int *status);
void est_estimate_free(struct est_estimate *e);
/* One located error on DIAG per routine E calls but its core does not price
 * ("FILE:LINE:COL: error: call to 'cos', which atmega2560 does not price");
 * returns how many. lpnest refuses such an estimate unless --allow-unpriced. */
size_t est_estimate_unpriced_errors(const struct est_estimate *e, FILE *diag);
/* The same in two runs: the program runs again with every IR block priced
 * as the first run found, so E also gets its calling contexts (exact
 * inclusive cycles per context), a timeline of calls, and, with SYS (a
 * system file, system.h: est_system_load), the accelerators its offloaded
 * calls ran on: then E's total is the host's time with them. */
struct est_system;
struct est_estimate *est_estimate_timed(struct est_module *m, const struct isa *isa, const struct est_run_options *o,
                                        const struct est_system *sys, FILE *dump, int *status);
double est_estimate_cycles(const struct est_estimate *e);
/* Machine instructions executed: the program's code plus runtime routines. */
double est_estimate_instructions(const struct est_estimate *e);
/* Reports: text for people (TOP hottest blocks), JSON (schema "lpnest_report": 1,
 * see estimator/REPORT.md). Return 0, or -1 on a write error. */
int est_estimate_write_text(const struct est_estimate *e, FILE *f, size_t top);
int est_estimate_write_json(const struct est_estimate *e, FILE *f);

#endif
