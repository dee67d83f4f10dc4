/* estimate_static.h — estimates without running main: for the clang pass
 * plugin (plugin/lpnest.so), which knows branch probabilities (LLVM's
 * static heuristics, or a PGO profile) but has no program to run, and for
 * `lpnest --profile`, which reads the counts a program instrumented by the
 * plugin wrote at exit. The machine code is priced exactly as for a run
 * (estimate.c); only where the counts come from differs, and the report
 * says so (counts.source "static" or "profile"). Usable from C and C++.
 * Prefix: cost_ (the cost layer). */
#ifndef LPNEST_ESTIMATE_STATIC_H
#define LPNEST_ESTIMATE_STATIC_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct eng_module;
struct cost_estimate;
struct isa;

/* module.c: a module from the bitcode (or textual IR) of LEN bytes at DATA,
 * copied; NAME is used in messages and as the report's module. Blocks are
 * named as eng_module_load names them. NULL after a message on DIAG. Free
 * with eng_module_free. */
struct eng_module *eng_module_load_memory(const char *name, const void *data, size_t len, FILE *diag);
/* module.c: module M itself (owned from now on; its context stays the
 * caller's), blocks named as eng_module_load names them, not verified (the
 * compiler's IR). It has no bitcode to compile again: estimate it with its
 * machine code given (cost_machine_code). Free with eng_module_free. */
struct eng_module *eng_module_adopt(const char *name, LLVMModuleRef m);

/* ---- machine code made elsewhere -----------------------------------------
 * The clang plugin reads the code clang's own code generation produced for
 * the unit instead of lowering it again: ASSEMBLY is every function's code as
 * LLVM's AsmPrinter writes assembly (labels ".LBB<f>_<n>:" or comments
 * "%bb.<n>:" with the IR block's name, jump tables, ".Lfunc_end<f>:"), each
 * instruction after a ".loc 1 N 60001" that names the N-th IR instruction of
 * its function (eng_module_fresh's provenance; "0 0": none). On x86, FUNCS
 * has each function's bytes as the object lays them out (for the alignment
 * no-ops cost_pad.c counts); elsewhere none. */
#define COST_PROVENANCE_COLUMN 60001 /* the column of provenance (ENG_PROVENANCE_COLUMN) */
struct cost_code_bytes {
    const char *name;
    const unsigned char *bytes;
    size_t len;
};
struct cost_machine_code {
    const char *assembly;
    const struct cost_code_bytes *funcs;
    size_t nfuncs;
};

/* ---- branch probabilities -----------------------------------------------
 * A set of functions, each with the probability of every successor of
 * every block's terminator. */
struct cost_freqs;
struct cost_freqs *cost_freqs_new(void);
void cost_freqs_free(struct cost_freqs *fq);
/* Adds function NAME of NBLOCKS blocks (in function order). The
 * successors of block B's terminator, in LLVM's order (br: true then
 * false; switch: default then the cases), are taken with probabilities
 * PROB[OFF[B] .. OFF[B+1]); OFF has NBLOCKS + 1 entries. A block's
 * probabilities add up to 1 (none for a return). Everything is copied. */
void cost_freqs_add(struct cost_freqs *fq, const char *name, size_t nblocks, const size_t *off, const double *prob);

/* Prices every function of M that FQ has, each for one call: block counts
 * are executions per call (solved from the probabilities, see freq.h),
 * functions have calls 1, and cycles, instructions and runtime calls are
 * per call; a callee's inclusive cycles count as often as the caller calls
 * it per call. Selects are split by their branch weights when they have
 * them, else evenly. PROFILE says the probabilities come from a PGO
 * profile (counts.source "profile"), else "static". A function whose
 * blocks or successors do not match FQ is left uncounted, with a warning
 * in the estimate. MC: M's machine code, when it is known (else M is
 * lowered as for a run). NULL after a message on DIAG (wrong architecture
 * for the core, backend failure). DUMP as for cost_estimate_run. */
struct cost_estimate *cost_estimate_freqs(struct eng_module *m, const struct isa *isa, const struct cost_freqs *fq,
                                        bool profile, const struct cost_machine_code *mc, FILE *diag, FILE *dump);

/* ---- measured counts (profile_file.c) -------------------------------------
 * An lpnest profile (plugin/PROFILE.md) that a program built with the
 * plugin's instrumentation wrote at exit: per function its calls, the count
 * of every CFG edge, select outcomes and path counts. cost_estimate_profile
 * prices M with those counts (whole-run totals, counts.source "profile").
 * M must be the IR that was instrumented: functions are matched by name
 * and checked by their CFG's hash. Several PATHS are added up. NULL after
 * "file:line: error: ..." on DIAG. */
struct cost_estimate *cost_estimate_profile(struct eng_module *m, const struct isa *isa, const char *const *paths,
                                          size_t npaths, FILE *diag, FILE *dump);

/* The hash a profile records for function FN: FNV-1a (64 bits) over its
 * number of blocks and, per block, its number of successors and their
 * block indices. The plugin's instrumentation records the same. */
uint64_t cost_cfg_hash(LLVMValueRef fn);

#ifdef __cplusplus
}
#endif

#endif
