/* estimator.h — the engine layer's interface (ARCHITECTURE.md): loads and
 * links bitcode, runs it at IR level under the target's data layout to
 * count exactly how often every block, edge and select executes (counts.h),
 * and lets the layers above follow a run (block weights, hooks, built-ins).
 * Pricing those counts on a core is theirs (estimate.h, report.h, timed.h). */
#ifndef LPNEST_ESTIMATOR_H
#define LPNEST_ESTIMATOR_H

#include "counts.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define LPNEST_VERSION "0.1.0"

/* ---- modules ---------------------------------------------------------------
 * A module is one or more .bc/.ll files linked together, verified, and with
 * every unnamed block given a stable name ("bbN", N its position in the
 * function) before anything else reads it. */
struct eng_module;

/* Loads and links PATHS[0..n). Errors ("file:line:col: error: ..." for text
 * IR, "file: error: ..." for bitcode and linking) go to diag; returns NULL
 * then. Free with eng_module_free. */
struct eng_module *eng_module_load(const char *const *paths, size_t n, FILE *diag);
/* The C library functions the engine runs when a program calls them and does not
 * define them (<string.h>, <stdlib.h>, its <stdio.h> subset, <ctype.h>, <math.h> in
 * double and float, exit, abort, assert's helpers): name I, from 0; NULL past the
 * last. */
const char *eng_library_name(size_t i);
void eng_module_free(struct eng_module *m);
/* The linked LLVM module (owned by M) and the name used in messages. */
LLVMModuleRef eng_module_llvm(const struct eng_module *m);
const char *eng_module_name(const struct eng_module *m);
/* The code cache on disk (--jit-cache) for what the layers above compile with
 * LLVM (lower/: the core's code of the module): blobs stored under a key that
 * starts with this lpnest build's ID and LLVM's version (exec_jit_store.c). The
 * folder to use for OPT (the option's value; NULL: LPNEST_JIT_CACHE), NULL when
 * none is given or it cannot serve (said once on DIAG, as the compiled tier says
 * it). */
const char *eng_code_store_folder(const char *opt, FILE *diag);
/* The key of KIND's blob made from PARTS[0..n) (each LENS[i] bytes), malloc'd,
 * its length in *LEN; NULL when this build has no ID. */
uint8_t *eng_code_store_key(const char *kind, const void *const *parts, const size_t *lens, size_t n, size_t *len);
/* The blob stored in DIR under KEY (malloc'd, *N bytes), or NULL; and storing one. */
char *eng_code_store_load(const char *dir, const uint8_t *key, size_t len, size_t *n);
bool eng_code_store_save(const char *dir, const uint8_t *key, size_t len, const char *blob, size_t n);
/* A 128-bit hash of M's bitcode into OUT; false when it cannot be written. */
bool eng_module_hash(LLVMModuleRef m, uint64_t out[2]);
/* Whether any function of M has debug information (compiled with -g). */
bool eng_module_has_debug_info(const struct eng_module *m);
/* What code generation made of some calls (lower_calls.c), for the IR
 * engine to run them as the machine code does. */
enum eng_call_kind {
    ENG_CALL_DELETED,   /* the backend deleted the call (no side effects, result
                         * unused): nothing runs */
    ENG_CALL_ROUTINE,   /* an llvm.memset/memcpy/memmove intrinsic lowered to a call
                         * of the module's own CALLEE (dst, src or value, length):
                         * CALLEE runs and is counted */
    ENG_CALL_EXPANDED,  /* a call of the module's own CALLEE (memcmp, bcmp) that the
                         * backend expanded inline (ExpandMemCmp): the board never
                         * calls it, so CALLEE's body does not run; the result is the
                         * expansion's (the engine's C library function) */
};
struct eng_call_plan {
    LLVMValueRef inst;      /* the call */
    LLVMValueRef callee;    /* ENG_CALL_ROUTINE, ENG_CALL_EXPANDED: the module's function */
    enum eng_call_kind kind;
};
/* Replaces M's plan with a copy of PLAN[0..n). */
void eng_module_set_call_plan(struct eng_module *m, const struct eng_call_plan *plan, size_t n);
size_t eng_module_call_plan(const struct eng_module *m, const struct eng_call_plan **plan);
/* A new copy of the module parsed again from the input bytes into CTX, with
 * the same block names, for code generation (which rewrites the IR it
 * compiles, and whose output depends on use-list order, which cloning does
 * not preserve). Each instruction's debug location is replaced by one whose
 * line is the instruction's 1-based ordinal in its function, so the assembly
 * says which IR instruction every machine instruction came from. Returns
 * NULL after a message. The caller disposes of it. */
LLVMModuleRef eng_module_fresh(const struct eng_module *m, LLVMContextRef ctx, FILE *diag);
/* The same without provenance locations: what a normal build compiles. */
LLVMModuleRef eng_module_plain(const struct eng_module *m, LLVMContextRef ctx, FILE *diag);
/* Where a name an LLVM diagnostic quotes (the key after "attribute ", a
 * '...' span) first occurs in the module's textual IR inputs: the file as
 * given, 1-based line and column. False for bitcode inputs or no match. */
struct eng_text_loc {
    const char *file;   /* owned by the module */
    unsigned line, col;
};
bool eng_module_locate(const struct eng_module *m, const char *message, struct eng_text_loc *loc);
/* The column that marks those provenance locations. */
#define ENG_PROVENANCE_COLUMN 60001
/* Gives every unnamed basic block of M a deterministic name. Idempotent. */
void eng_name_blocks(LLVMModuleRef m);

/* ---- execution -------------------------------------------------------------*/
struct eng_state;          /* a running program (the engine's state) */
struct eng_block_weights;
struct eng_run_hooks;
struct eng_builtin;

/* A block by function and block name. */
struct eng_block_ref {
    const char *func;
    const char *block;
};

/* How the program runs: the interpreter (the reference), compiled to host
 * code function by function (exec_jit.c), or interpreted first and compiled
 * once the run is long enough for compiling to pay (auto). The counts, the
 * program's output and its faults are the same in all three. */
enum eng_engine { ENG_ENGINE_INTERP, ENG_ENGINE_AUTO, ENG_ENGINE_JIT };

struct eng_run_options {
    int argc;               /* program arguments, argv[0] included */
    char **argv;
    uint64_t max_steps;     /* IR instructions; 0 = no limit */
    enum eng_engine engine; /* 0: the interpreter */
    /* the compiled code of this run is to serve a later run of the same module (an
     * estimate's counting run and its timed run): it keeps counters and the clock
     * of block weights in either run, so one compilation serves both (exec_jit.c) */
    bool jit_shared;
    /* a folder of compiled code kept between lpnest processes (--jit-cache; NULL:
     * LPNEST_JIT_CACHE, or none): a run whose functions, module, lpnest build and
     * host are the same links the code stored there instead of compiling it */
    const char *jit_cache;
    uint64_t stack_bytes;   /* simulated stack (default 8 MiB, 8 KiB on 16-bit targets) */
    bool memory_linked;     /* globals in the linker's order; reads past one warn (exec_bounds.c) */
    /* --memory=linked: the read-only data the board's link puts after the program's
     * constants (the runtime's and libgcc's, in link order, from an address aligned to
     * BOARD_RODATA_ALIGN), which a read past the program's last constant reads; NULL: none */
    const uint8_t *board_rodata;
    size_t board_rodata_len;
    unsigned board_rodata_align;
    bool progress;          /* progress line on stderr for long runs */
    FILE *diag;             /* errors and faults */
    /* blocks whose paths through them are counted too (which in-edge, then
     * which out-edge): for blocks code generation duplicated */
    const struct eng_block_ref *pairs;
    size_t npairs;
    /* values the machine code's branches test (lower_probes.c): each probe's
     * histogram is a CNT_SEL_PROBE record of AT's function */
    const struct eng_probe *probes;
    size_t nprobes;
    /* a run followed by a layer above (the timed run of offload/): WEIGHTS
     * of IR blocks summed into a clock at every block entry, and HOOKS told
     * of calls, entries and returns (eng_run_hooks); NULL for a counting run */
    const struct eng_block_weights *weights;
    size_t nweights;
    const struct eng_run_hooks *hooks;
    void *hooks_arg;
    /* external functions served by the layers above (lpnest_token: offload/),
     * looked up before the engine's C library */
    const struct eng_builtin *builtins;
    size_t nbuiltins;
    /* the program's standard streams (NULL: lpnest's own) */
    FILE *in, *out, *err;
    /* the program's fopen: regular files by relative paths under FS_ROOT
     * (NULL: the current directory), reading only unless ALLOW_WRITES
     * (exec_sandbox.c) */
    const char *fs_root;
    bool allow_writes;
    /* bytes it may write to its files, each file it creates counting 4 KiB
     * (0: no limit; lpnest's --write-limit) */
    uint64_t write_limit;
    /* instructions whose values are wanted at every execution (the cost model
     * prices runtime calls and variable shifts by their operands): each
     * execution of WATCH[i].inst calls WATCH_FN(WATCH_ARG, i, phase, V, N, VM)
     * once after it (phase 1) and, when WATCH[i].before, once before it
     * (phase 0). V holds the slots of its operands in order (a call's
     * arguments, the callee excluded), then, after it, its result's: one
     * 64-bit word per slot as the engine holds values (exec.h), N words in
     * all (at most ENG_WATCH_MAX_WORDS: the rest is cut). ENG is the running
     * engine, for reading the program's memory (eng_mem). */
    const struct eng_watch *watch;
    size_t nwatch;
    void (*watch_fn)(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng);
    void *watch_arg;
};

/* ---- probes ----------------------------------------------------------------
 * What a machine branch tests when it is no IR value of its own (the high
 * words of a 64-bit comparison are equal; the first byte where two arrays
 * that an expanded memcmp compares differ; two conditions together): an
 * expression over IR values, evaluated at every execution of an IR
 * instruction, whose values the run counts in a histogram (a select record
 * of kind CNT_SEL_PROBE, counts.h). The lower layer builds the expressions
 * from the machine code before the run (lower_probes.c); the engine compiles
 * each into its own ops (exec_compile.c), so a tier that runs the ops keeps
 * the record by running them. One mechanism for every shape. */
enum eng_probe_op {
    ENG_PROBE_VALUE,    /* the IR value VALUE: an integer or pointer of at most 64 bits,
                         * available at AT (AT itself, an argument, a constant, or an
                         * instruction that dominates AT) */
    ENG_PROBE_CONST,    /* IMM */
    ENG_PROBE_ICMP,     /* A <predicate IMM (an LLVMIntPredicate)> B, compared at WIDTH bits: 0 or 1 */
    ENG_PROBE_LSHR,     /* A >> IMM */
    ENG_PROBE_AND,      /* A & B */
    ENG_PROBE_OR,       /* A | B */
    ENG_PROBE_XOR,      /* A ^ B */
    ENG_PROBE_ADD,      /* A + B */
    ENG_PROBE_SELECT,   /* A ? B : C (A: 0 or 1) */
    ENG_PROBE_MEMDIFF,  /* the offset of the first byte that differs between the IMM bytes
                         * at the addresses A and B, IMM when none does */
};
struct eng_probe_node {
    enum eng_probe_op op;
    unsigned width;         /* bits of the result (1..64); ICMP: of the operands */
    LLVMValueRef value;     /* VALUE */
    uint64_t imm;
    uint32_t a, b, c;       /* operand nodes: earlier ones */
};
/* Evaluated after each execution of AT (before it, when AT is a terminator);
 * the last node's value v counts as min(v, ENG_PROBE_VALUES - 1). */
struct eng_probe {
    LLVMValueRef at;
    const struct eng_probe_node *nodes;
    uint32_t nnodes;
};
#define ENG_PROBE_VALUES 64

/* An instruction whose operand values eng_run reports (eng_run_options.watch). */
struct eng_watch {
    LLVMValueRef inst;      /* not a phi or a terminator */
    bool before;            /* also report before it executes (operands only) */
};
#define ENG_WATCH_MAX_WORDS 64
/* Words a value of type T takes in a watch's V (exec_types.c). */
uint32_t exec_type_slots(LLVMTypeRef t);

/* The outcome of running main(): counts of every block, edge, select and call. */
struct eng_profile;

/* Runs main() of M. Returns NULL only when the module cannot be executed at
 * all (unsupported construct, no main, unknown external) after a message on
 * o->diag. Otherwise returns the profile; check eng_profile_status: a fault
 * in the program (out-of-bounds access, division by zero, step limit...) is
 * reported on o->diag and leaves eng_profile_faulted true, with the counts
 * up to the fault. The profile keeps M referenced; free it before M. */
struct eng_profile *eng_run(struct eng_module *m, const struct eng_run_options *o);
void eng_profile_free(struct eng_profile *p);
bool eng_profile_faulted(const struct eng_profile *p);
/* Memory the run used: the heap's high-water mark and the stack's (the IR
 * frames' allocas plus 8 bytes per call: registers the machine code saves
 * come on top). */
void eng_profile_memory(const struct eng_profile *p, uint64_t *heap, uint64_t *stack);
/* The program's exit status (main's result or exit()'s argument, 0..255). */
int eng_profile_exit_status(const struct eng_profile *p);
/* The C library function the program ended through (exit, _Exit, abort, a failed
 * assert's __assert_func ...), or NULL when main returned (or the run faulted). */
const char *eng_profile_exit_call(const struct eng_profile *p);
/* The run's warnings about the program (a read past a global with --memory=linked, the
 * end of the run in abort or a failed assert), each once, without a trailing newline:
 * I in [0, eng_profile_nwarnings). They were printed on the run's diag stream too. */
size_t eng_profile_nwarnings(const struct eng_profile *p);
const char *eng_profile_warning(const struct eng_profile *p, size_t i);
/* IR instructions executed (debug intrinsics excluded). */
uint64_t eng_profile_instructions(const struct eng_profile *p);

/* Writes the counts as JSON (schema "lpnest_counts": 1, see estimator/COUNTS.md).
 * Returns 0, or -1 on a write error. */
int eng_profile_write_json(const struct eng_profile *p, FILE *f);

/* Iteration over the profile, for the cost model and tests. Indices are
 * positions in the module (functions in module order, blocks in function order). */
size_t eng_profile_nfuncs(const struct eng_profile *p);
const char *eng_profile_func_name(const struct eng_profile *p, size_t f);
uint64_t eng_profile_func_calls(const struct eng_profile *p, size_t f);
size_t eng_profile_nblocks(const struct eng_profile *p, size_t f);
const char *eng_profile_block_name(const struct eng_profile *p, size_t f, size_t b);
uint64_t eng_profile_block_count(const struct eng_profile *p, size_t f, size_t b);
/* Count of the edge FROM -> TO (summed over switch cases that share it);
 * returns false when there is no such edge. */
bool eng_profile_edge_count(const struct eng_profile *p, size_t f, size_t from, size_t to, uint64_t *count);
/* Times an external (C library) function was called, by name; 0 if never. */
uint64_t eng_profile_external_calls(const struct eng_profile *p, const char *name);
/* The counts of function F (counts.h); the profile owns them. The mutable
 * form is for the producers of counts without a run (freq.c, profile files). */
const struct cnt_func *eng_profile_counts(const struct eng_profile *p, size_t f);
struct cnt_func *eng_profile_counts_mut(struct eng_profile *p, size_t f);
/* The records of M (blocks, edges, selects, path counters for O->pairs)
 * with every count 0, main not run, for counts from elsewhere (static
 * frequencies, profile files). Only O->diag, O->pairs/npairs and
 * O->stack_bytes are used. NULL after a message when the module's target
 * cannot be handled. Free with eng_profile_free. */
struct eng_profile *eng_profile_compile(struct eng_module *m, const struct eng_run_options *o);

/* ---- the engine seen from the layers above (exec_api.c) ---------------------
 * A run is followed and extended without the engine knowing by whom: block
 * weights summed into a clock, hooks at calls, entries and returns, and
 * built-ins for external functions. They reach the running program only
 * through the functions below, never through the engine's structures. */

/* Per-execution weights of the IR blocks of function FUNC, by block name;
 * entering a block adds its weight to the engine's clock. */
struct eng_block_weights {
    char *func;
    char **blocks;
    uint64_t *weight;
    size_t nblocks;
};

/* Functions are named by their engine index (0 .. eng_nfuncs - 1,
 * module order); call sites by their call instruction (NULL: main, or a
 * call made by lpnest). Any member may be NULL. */
struct eng_run_hooks {
    /* the functions are known, main has not run yet */
    void (*start)(void *arg, struct eng_state *eng);
    /* before a call of defined function FUNC from SITE: returns a tag for
     * enter (>= 0), or -1 after eng_fault */
    int (*call)(void *arg, struct eng_state *eng, uint32_t func, LLVMValueRef site);
    /* FUNC's activation at call depth DEPTH (main: 0) began; TAG is what call
     * returned (0 when no call hook ran) */
    void (*enter)(void *arg, struct eng_state *eng, uint32_t depth, uint32_t func, LLVMValueRef site, int tag);
    /* the activation at DEPTH returns */
    void (*ret)(void *arg, struct eng_state *eng, uint32_t depth);
    /* the run ended (main returned, exit, fault) with the activations
     * 0 .. DEPTH still open; a fault raised here is not kept */
    void (*finish)(void *arg, struct eng_state *eng, uint32_t depth);
};

/* An external function served by a layer above; FN gets the run's hooks_arg
 * and reads the call's arguments with eng_call_args. Returns false
 * after eng_fault. */
struct eng_builtin {
    const char *name;
    bool (*fn)(void *arg, struct eng_state *eng);
};

uint32_t eng_nfuncs(const struct eng_state *eng);
const char *eng_func_name(const struct eng_state *eng, uint32_t func);
/* The clock: the sum of the weights of the blocks entered so far. */
uint64_t eng_clock(const struct eng_state *eng);
void eng_set_clock(struct eng_state *eng, uint64_t clock);
/* From now on the run's hooks are HOOKS with ARG (also what built-ins get), and its watch
 * function FN with WARG (the watches stay): a layer that stops following a run hands them back
 * to those it wrapped. */
void eng_set_hooks(struct eng_state *eng, const struct eng_run_hooks *hooks, void *arg);
void eng_set_watch_fn(struct eng_state *eng,
                      void (*fn)(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng),
                      void *warg);
/* The IR instructions of the blocks entered so far (every edge taken adds its
 * target block's instructions), current at every hook and watch call. */
uint64_t eng_steps(const struct eng_state *eng);
/* FUNC's edges (0 is its entry; 0 edges for a function without a body). */
uint32_t eng_func_nedges(const struct eng_state *eng, uint32_t func);
/* The traversals of FUNC's edges so far, one per edge into COUNTS, current at
 * every hook and watch call in both tiers. */
void eng_func_edge_counts(const struct eng_state *eng, uint32_t func, uint64_t *counts);
/* Per edge of FUNC the block it enters (TO) and that block's IR instructions
 * (NINST, what the edge adds to eng_steps); either may be NULL. */
void eng_func_edge_targets(const struct eng_state *eng, uint32_t func, uint32_t *to, uint32_t *ninst);
/* The arguments of the call a call hook or a built-in is serving, as
 * integers (sign-extended when narrower than 64 bits, pointers as
 * addresses); at most MAX of them go to ARGS; returns how many. */
unsigned eng_call_args(const struct eng_state *eng, int64_t *args, unsigned max);
/* Calls FUNC (defined, taking the same parameters) with the arguments of
 * that call. Returns false when the program faulted or exited inside. */
bool eng_invoke_with_call_args(struct eng_state *eng, uint32_t func);
/* Host pointer to N readable bytes of the program at ADDR, or NULL. */
const uint8_t *eng_mem(struct eng_state *eng, uint64_t addr, uint64_t n);
/* The unsigned integer of NBYTES (1..8) at P, in the target's byte order. */
uint64_t eng_load(const struct eng_state *eng, const uint8_t *p, unsigned nbytes);
/* Length of the NUL-terminated string at ADDR, or -1 when it runs out of memory. */
int64_t eng_strlen(struct eng_state *eng, uint64_t addr);
/* Size of the live heap block at ADDR, or 0. */
uint64_t eng_alloc_size(struct eng_state *eng, uint64_t addr);
/* The target's pointer size in bytes, the mask of its addresses, its data layout. */
unsigned eng_ptr_bytes(const struct eng_state *eng);
uint64_t eng_ptr_mask(const struct eng_state *eng);
LLVMTargetDataRef eng_data_layout(const struct eng_state *eng);
/* R = A * B in IEEE binary128 (two 64-bit words each, the low one first), rounded to
 * nearest even as libgcc's __multf3 rounds it. */
void eng_f128_mul(const uint64_t a[2], const uint64_t b[2], uint64_t r[2]);
/* The calls of the program's comparator that its last finished qsort or bsearch call
 * made, in order: the two pointers it got and the int it returned. *CALLEE gets the
 * comparator operand's value. NULL when that call's comparisons were not recorded (it
 * was made inside another one's comparator, or it compared more than
 * ENG_COMPARES_MAX times) or no such call finished. The cost layer prices avr-libc's
 * qsort by replaying them (estimator/cost/routine_avr.c). */
struct eng_compare {
    uint64_t a, b;
    int64_t result;
};
#define ENG_COMPARES_MAX (1u << 18)
const struct eng_compare *eng_compares(const struct eng_state *eng, uint64_t *callee, size_t *n);
/* Records a fault of the program (the run stops with MESSAGE); returns false. */
bool eng_fault(struct eng_state *eng, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "file:line[:col]" of an instruction's debug location, or "" (exec_fault.c). */
void eng_inst_loc(LLVMValueRef inst, char *buf, size_t n);
/* Whether NAME is a C library routine (one the engine serves, exec_libc.c,
 * or a declaration FN, if not NULL, that the clang plugin marked
 * !lpnest.library: LLVM's TargetLibraryInfo knows it), a compiler runtime
 * helper ("__" prefix) or an LLVM intrinsic: a library call, not a call
 * into another part of the program. */
bool eng_library_routine(LLVMValueRef fn, const char *name);

#endif
