/* lower.h — the machine code of a module as the estimator sees it: functions
 * of machine blocks in layout order, each with its instructions (assembly
 * mnemonic and operands), the IR block it came from, its successors, and the
 * execution count derived from the exact IR counts. Internal to estimator/. */
#ifndef LPNEST_LOWER_H
#define LPNEST_LOWER_H

#include "estimator.h"

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct isa_insn;

struct minsn {
    char *mnemonic;
    char *ops;                 /* operand text, comments removed */
    int target;                /* branch target: layout index in the function, or -1 */
    bool relative;             /* the target is written ".+N" / ".-N" (no label): */
    long offset;               /* N, in bytes (lower_cfg.c resolves it to a block) */
    unsigned line;             /* line in the assembly text */
    unsigned src_file;         /* source position from the last .loc: file number, */
    unsigned src_line;         /* line and column (0: none) */
    unsigned src_col;
    const struct isa_insn *isa;/* filled in by the cost model */
    uint32_t addr;             /* lower_layout: the address of its first machine instruction */
    uint8_t nparts;            /* ... how many machine instructions it is (0: no layout) */
    uint8_t bytes;             /* ... and their bytes */
};

/* How a block's count was obtained. */
enum mcount_source {
    MC_UNKNOWN,
    MC_IR_BLOCK,      /* the only machine block of its IR block */
    MC_IR_EDGE,       /* on the path of one IR edge (split edge, jump block) */
    MC_FLOW,          /* flow conservation from exactly known neighbours */
    MC_SELECT,        /* the arm of a select turned into a branch */
    MC_ESTIMATE,      /* static block frequency: an estimate, reported as such */
};

/* The source's name in dumps and test expectations ("block", "flow", "ESTIMATE", ...). */
const char *lower_source_name(enum mcount_source s);

struct mblock {
    int number;                /* MBB number from the label (.LBB<f>_<n> / %bb.<n>) */
    char *ir_name;             /* IR block it came from, or NULL (created by codegen) */
    int ir_block;              /* that block's index in the profile, or -1 */
    struct minsn *insns;
    size_t ninsns, capinsns;
    unsigned line;             /* line of the block label */
    bool exits;                /* returns, tail-calls or never comes back */
    int jt;                    /* jump table it dispatches through (index in mfunc.jt), or -1 */
    bool falls_through;        /* the next block in layout is a successor */
    int *succ;                 /* successors, layout indices */
    size_t nsucc;
    int *pred;
    size_t npred;
    double count;              /* executions */
    double lo, hi;             /* bounds the flow constraints leave on it */
    double *succ_count;        /* traversals of each successor edge */
    enum mcount_source source;
    bool split_estimated;      /* the count is known, its split over the edges is an estimate */
};

/* A jump table: the machine block numbers (not indices) it lists. */
struct jtable {
    char *name;                /* ".LJTI0_1" */
    int *targets;
    size_t n;
};

/* A probe's use (lower_probes.c): the branch ending machine block BLOCK runs
 * exactly on the executions of the probe whose value is in RUN (bit v: value
 * v), and is taken exactly on those whose value is in TAKEN. */
struct lower_probe_use {
    uint32_t probe;            /* index into the run's probes */
    int block;
    uint64_t run, taken;
    bool shared;               /* the block is part of a tree several switches run
                                * (tail merging): its counts are the sum of the
                                * shared uses' on it */
    bool path;                 /* lower_probes_paths.c: the blocks one IR block's
                                * compares branch through, the first use its head,
                                * the others entered only from these blocks: counted
                                * unless that IR block's code is shared */
};

struct mfunc {
    char *name;
    int prof;                  /* function index in the profile, or -1 */
    struct mblock *blocks;
    size_t nblocks, capblocks;
    unsigned line;
    struct jtable *jt;
    size_t njt;
    bool unresolved;           /* a branch whose target is not known: every count an estimate */
    uint32_t addr, size;       /* lower_layout: where its code lies (size 0: no layout) */
    bool entries_uncertain;    /* the machine code calls it otherwise than the run (lower_calls.c):
                                * every count an estimate */
    struct lower_probe_use *probe_uses;
    size_t nprobe_uses;
};

struct mmodule {
    struct mfunc *funcs;
    size_t nfuncs, capfuncs;
    char comment;              /* the target assembler's comment character */
    char **files;              /* .file N "name": file names by number */
    size_t nfiles;
    /* lower_layout: the program's code as linked at TEXT_BASE (NULL: not laid out) */
    uint8_t *text;
    uint32_t text_base, text_len;
};

/* lower_codegen.c: keep the backend's output in the code cache on disk (DIR: --jit-cache's value,
 * NULL: LPNEST_JIT_CACHE, if set) and use what is stored there (lpnest calls it;
 * without the call nothing is cached). */
void lower_code_cache(const char *dir);
/* lower_codegen.c: assembly text of M (malloc'd) or NULL after a message.
 * Code generation rewrites M's IR: pass a fresh copy (eng_module_fresh).
 * It runs in a child process (lower_isolate.c): LLVM's fatal errors become
 * "FILE: error: code generation failed for 'FUNC' on CORE: <message>";
 * LLVM's diagnostics (an attribute it cannot parse, a feature it does not
 * know) are errors and warnings of lpnest, at their place in the module's
 * text when it has one (t->module), printed once per process. */
struct lower_codegen_target {
    const char *triple, *cpu, *features;
    const char *file;  /* the bitcode, for messages */
    const char *core;  /* the core's name, for messages */
    const struct eng_module *module; /* where LLVM's diagnostics point in its text (may be NULL) */
};
char *lower_codegen_asm(LLVMModuleRef m, const struct lower_codegen_target *t, FILE *diag);
/* The same as an object file (*LEN bytes), for the layout (cost/cost_pad.c). */
char *lower_codegen_obj(LLVMModuleRef m, const struct lower_codegen_target *t, size_t *len, FILE *diag);
/* Both at the cost of one code generation (the layout of a pipelined core): the assembly
 * text as lower_codegen_asm gives it, and in *OBJ (malloc'd, *OLEN bytes) that text
 * assembled by the integrated assembler with the target machine's MC layer
 * (lower_assemble), or NULL when the assembler refused it or LPNEST_LAYOUT_CODEGEN is set
 * (the caller then compiles the object: lower_codegen_obj). */
char *lower_codegen_asm_obj(LLVMModuleRef m, const struct lower_codegen_target *t, char **obj, size_t *olen,
                            FILE *diag);
/* lower_frames.c: whether TEXT, M's assembly, has CFI only because of the
 * provenance locations (the module had no debug information; PowerPC
 * describes frames for debuggers alone): the CFI bounds the post-RA
 * scheduler, so the prologue is ordered otherwise than in a normal build.
 * Then lower_codegen_as_built gives the code of PLAIN (eng_module_plain, a
 * fresh copy; it is consumed) with the locations of TEXT, or NULL when the
 * two differ otherwise than in the order within machine blocks. */
bool lower_codegen_frames_added(LLVMModuleRef m, const char *text);
char *lower_codegen_as_built(LLVMModuleRef plain, const char *text, const struct lower_codegen_target *t, FILE *diag);

/* lower_isolate.c: runs WORK(ARG) in a forked child. WORK returns its output
 * (*LEN bytes) or NULL with *MSG; LLVM's fatal errors in it end the child
 * with their message. True with r->text (malloc'd, NUL-terminated); false
 * with r->message: WORK's, LLVM's, the signal that ended the child, or
 * (r->system) why no child could be run. r->message (malloc'd, one line:
 * the reason the child ended, or on success the first line it wrote) also
 * holds what the child wrote to stderr when CAPTURE_STDERR; r->log
 * (malloc'd) everything it wrote. The caller frees text, message and log. */
typedef char *(*lower_isolated_fn)(void *arg, size_t *len, char **msg);
struct lower_isolated {
    char *text;
    size_t len;
    char *message;
    char *log;
    bool system;
};
bool lower_isolated_run(lower_isolated_fn work, void *arg, bool capture_stderr, struct lower_isolated *r);
/* The backend check of ISA descriptions (isa_set_backend_check). */
bool lower_check_backend(const char *triple, const char *cpu, const char *features, int *bad, char **why);
/* Makes LLVM's fatal errors outside a child "lpnest: error: LLVM: <message>", exit 1. */
void lower_install_fatal_handler(void);
bool lower_same_arch(const char *a, const char *b);
/* lower_emit.cpp: M compiled by TM as clang's back end does (with the
 * library info of M's triple): an object file when OBJECT, else assembly
 * text; malloc'd, *LEN bytes plus a NUL; NULL when TM cannot emit it. */
char *lower_emit_as_clang(LLVMTargetMachineRef tm, LLVMModuleRef m, bool object, size_t *len);
/* lower_emit.cpp: TEXT (LEN bytes, assembly TM's code generator printed) assembled with
 * TM's MC layer into an object file (malloc'd, *OLEN bytes, the bytes TM would emit for
 * the same code), or NULL when the assembler reports an error. */
char *lower_assemble(LLVMTargetMachineRef tm, const char *text, size_t len, size_t *olen);
/* Whether code generation may delete CALL (no side effects, result unused). */
bool lower_call_trivially_dead(LLVMValueRef call);
/* Whether INST (not a terminator) may be deleted when its value is unused:
 * no side effects, it returns (lower_emit.cpp). */
bool lower_side_effect_free(LLVMValueRef inst);

/* lower_layout.c: the address, size and bytes of every machine instruction, for
 * cores whose timing depends on where the code lies (fetch alignment, caches):
 * OBJ (LEN bytes) is the object file of the same code as MM's assembly
 * (lower_codegen_obj on a fresh copy), its .text linked at BASE (the core
 * description's layout). Each assembly instruction gets the machine
 * instructions it stands for (a pseudo-instruction's expansion, an `li`'s
 * one or two), checked against their decoding (RV32IMC: ua_rv32.h):
 * conditional branches against branches, jumps, calls and returns against
 * jal/jalr, every function's bytes against its symbol's size. RV32 only.
 * False after a message naming the function and instruction that do not
 * match (MM is then left without layout). */
bool lower_layout(struct mmodule *mm, const char *obj, size_t len, uint32_t base, bool relax, FILE *diag);

/* lower_asm.c: parses the assembly of every function. Errors name the
 * assembly line. */
bool lower_parse_asm(const char *text, const char *triple, struct mmodule *out, FILE *diag);
void lower_mmodule_free(struct mmodule *mm);

/* lower_cfg.c: successors and predecessors of every machine block, from the
 * branch targets, the instruction kinds of ISA (unconditional transfers end
 * the fall-through), jump tables, and calls to functions of M that never
 * return. Unknown mnemonics are reported (once each) and treated as ALU. */
struct isa;
bool lower_build_cfg(struct mmodule *mm, const struct isa *isa, LLVMModuleRef m, FILE *diag);
/* The symbol a call instruction's operand text OPS names ("" when none). */
void lower_call_symbol(const char *ops, char *out, size_t n);

/* lower_requests.c: the IR blocks (of M) whose paths the run must count so
 * that machine counts can be exact; the caller frees with lower_pair_requests_free. */
size_t lower_pair_requests(const struct mmodule *mm, LLVMModuleRef m, struct eng_block_ref **out);
void lower_pair_requests_free(struct eng_block_ref *req, size_t n);
/* lower_probes.c: the probes the run must count for the values MM's
 * branches test (eng_probe), their uses put in MM's functions. The probes
 * refer to M's instructions; free them with lower_probes_free after the run
 * and the machine counts. */
struct lower_probes {
    struct eng_probe *probes;
    size_t n;
};
void lower_probe_requests(struct mmodule *mm, LLVMModuleRef m, struct lower_probes *out);
void lower_probes_free(struct lower_probes *p);
/* lower_calls.c: sets EM's call plan (eng_module_set_call_plan) from the
 * machine code of MM: intrinsics lowered to calls of the module's own
 * memset/memcpy/memmove (merged calls too), calls of its own memcmp/bcmp
 * expanded inline, calls the backend deleted. A function the machine code
 * calls otherwise than the run does gets entries_uncertain. */
void lower_call_plan(struct mmodule *mm, struct eng_module *em);

/* lower_counts.c: execution counts of every machine block from the exact
 * IR counts of the profile. Returns false only on internal inconsistency. */
bool lower_machine_counts(struct mmodule *mm, const struct eng_profile *p, FILE *diag);
/* An AVR function the run entered that receives arguments on the stack
 * (variadic, byval, more than the 18 argument registers), which LLVM 19's
 * AVR back end reads one byte off on the ATmega2560's 3-byte return
 * addresses (lower_avr_stack.c): its name, every count of MM then marked an
 * estimate; NULL when there is none or the module is not AVR code. */
const char *lower_avr_stack_args(struct mmodule *mm, const struct eng_profile *p);

/* lower_flags.c: block M ends in a branch on a boolean kept in a register
 * (AVR: `cpi rF, k; breq/brne` after a constant was loaded on each path):
 * the machine edges (block, successor index) whose constant reaches the
 * test, those that make the branch go to *TAKEN first (*N_TAKEN of them).
 * Returns how many, 0 when the paths are unclear; free *OUT. */
struct lower_flag_origin {
    int block;
    size_t succ;
    int value;
};
size_t lower_flag_test(const struct mfunc *mf, size_t m, int *taken, struct lower_flag_origin **out, size_t *n_taken);

#endif
