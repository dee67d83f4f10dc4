/* isa.h — per-core ISA descriptions (isa/NAME.yaml, schema "lpnest_isa: 1",
 * see isa/SCHEMA.md): how to generate code the core can run (LLVM triple,
 * CPU, features), its clock, and what every assembly mnemonic costs.
 * Mnemonics are those LLVM's AsmPrinter writes for the target (extended
 * mnemonics and pseudo-instructions included: RISC-V "li", "call", "mv";
 * PowerPC "blr", "mr", "li"). Prefix: isa_. */
#ifndef LPNEST_ISA_H
#define LPNEST_ISA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define ISA_SCHEMA_VERSION 1

/* What an instruction does, as far as timing and control flow care. */
enum isa_kind {
    ISA_ALU,            /* anything that is neither memory nor control */
    ISA_LOAD,
    ISA_STORE,
    ISA_COND_BRANCH,    /* conditional, direct target (operand is a label) */
    ISA_JUMP,           /* unconditional direct jump */
    ISA_INDIRECT_JUMP,  /* jump through a register (jump tables) */
    ISA_CALL,           /* direct call */
    ISA_INDIRECT_CALL,
    ISA_RETURN,
    ISA_TAIL_CALL,      /* jump to another function (e.g. RISC-V "tail") */
    ISA_SKIP,           /* skips the next instruction when true (AVR cpse/sbrc/...) */
    ISA_NOP,
    ISA_COND_RETURN,    /* conditional return (PowerPC "beqlr"): taken = returns */
};

/* How a conditional branch is predicted by the core. */
enum isa_predict {
    ISA_PREDICT_NONE,   /* taken/not-taken cycles only */
    ISA_PREDICT_BTFN,   /* static: backward taken, forward not taken */
    ISA_PREDICT_HINT,   /* static: BTFN, reversed by a hint in the mnemonic (PowerPC "+"/"-" or y bit) */
};

/* Pseudo-instructions that expand to a data-dependent number of machine
 * instructions (checked against the operands by the estimator). */
enum isa_expand {
    ISA_EXPAND_NONE,        /* exactly `count` instructions */
    ISA_EXPAND_RISCV_LI,    /* li rd, imm: 1 (addi or lui) or 2 (lui+addi) on RV32 */
};

/* Costs of one mnemonic (see isa/SCHEMA.md for how the estimator combines
 * them). All cycle counts are totals for the memory the description is for:
 * wait states are already included, never added again. */
struct isa_insn {
    const char *mnemonic;
    enum isa_kind kind;
    const char *class_name;   /* the class it was listed under */
    uint32_t cycles;          /* issue cycles; for ISA_EXPAND_RISCV_LI per machine instruction;
                                 for branches and skips: not used, see below */
    uint32_t latency;         /* cycles until the result can be used; 0 = same as cycles */
    uint32_t taken;           /* conditional branches, skips: cycles when taken / skipping */
    uint32_t not_taken;       /* ... when falling through */
    uint32_t mispredict;      /* extra cycles when a static prediction is wrong (0: none) */
    uint32_t count;           /* machine instructions it stands for (pseudo-instructions) */
    enum isa_expand expand;
    const char *expand_to;    /* mnemonic whose costs apply after relaxation (RISC-V call -> jal), or NULL */
    bool has_dest;            /* the first register operand is written */
    uint32_t redirect;        /* pipelines: the cycle of its occupancy (1-based) in which a taken
                                 control transfer requests its target; 0 = the last */
    const char *cycles_formula; /* or NULL: cycles as a formula of the operand value n (a
                                   shifter without barrel: "4 + floor(n/4) + n%4"); `cycles`
                                   then holds the cost to use when n is unknown.
                                   Evaluate with isa_insn_cycles. */
};

/* A library or runtime routine whose code is not in the module: its cost
 * per call as a constant or a formula over named arguments ("20 + 4*n"). */
struct isa_runtime {
    const char *symbol;
    double cycles;            /* constant part (the whole cost when formula is NULL) */
    const char *formula;      /* or NULL; evaluate with isa_runtime_eval */
    uint32_t ninstr;          /* instructions per call (for instruction-count checks), 0 = unknown */
    const char *ninstr_formula; /* or NULL: instructions per call as a formula (same names);
                                   evaluate with isa_runtime_eval_ninstr */
};

enum isa_model {
    ISA_MODEL_MACHINE,        /* price the target's machine code */
    ISA_MODEL_IR,             /* no LLVM backend: price LLVM IR opcodes (MicroBlaze) */
};

struct isa;

/* Loads and validates one description. Errors are "file:line:col: error: ..."
 * on diag; returns NULL then. Free with isa_free. */
struct isa *isa_load_file(const char *path, FILE *diag);
/* The same for TEXT in memory (LEN bytes, need not be NUL-terminated); NAME
 * is used in messages and returned by isa_path. */
struct isa *isa_load_string(const char *name, const char *text, size_t len, FILE *diag);
/* Loads the bundled description NAME ("ppc405") from the ISA directory
 * (LPNEST_ISA_DIR at build time, overridable with $LPNEST_ISA_DIR). An unknown
 * name is reported as "unknown target 'NAME' (available: ...)". */
struct isa *isa_load_named(const char *name, FILE *diag);
void isa_free(struct isa *isa);
/* A check of a description's LLVM triple, cpu and features against the
 * backend, run by every later load of a machine-model description given by
 * path or text (the bundled ones are checked by a test; the isa
 * library itself does not link LLVM; lpnest installs est_check_backend).
 * Returns false when the backend rejects them, with *BAD the index of the
 * feature to blame (-1: none) and *WHY a malloc'd reason. */
typedef bool (*isa_backend_check)(const char *triple, const char *cpu, const char *features, int *bad, char **why);
void isa_set_backend_check(isa_backend_check check);
/* Names of the bundled descriptions (sorted, NULL-terminated, static storage
 * until the next call) with their one-line descriptions, for --target=help
 * (DESCRIPTIONS NULL: the names only, no description is loaded). */
const char *const *isa_list(const char *const **descriptions);

const char *isa_name(const struct isa *isa);
const char *isa_description(const struct isa *isa);
const char *isa_path(const struct isa *isa);
enum isa_model isa_model(const struct isa *isa);
double isa_clock_hz(const struct isa *isa);
/* Code generation for this core. */
const char *isa_triple(const struct isa *isa);
const char *isa_cpu(const struct isa *isa);
const char *isa_features(const struct isa *isa);      /* "+m,-c,..." */
/* Target features the core cannot execute (e.g. "isel" on a PPC405); a
 * function whose "target-features" attribute enables one is reported. */
size_t isa_nforbidden(const struct isa *isa);
const char *isa_forbidden(const struct isa *isa, size_t i);
enum isa_predict isa_predict(const struct isa *isa);
/* Memory wait states per access (0 for zero-wait memory) of the memory the
 * description is for. Descriptive: the instruction cycles already include
 * them (a wait state does not simply add up: PicoRV32's mul hides it). */
uint32_t isa_fetch_wait(const struct isa *isa);
/* The chip's data memory and program memory (memory: ram_bytes, flash_bytes); 0 when
 * the description does not give them (a soft-core's memories are what the design has). */
uint64_t isa_ram_bytes(const struct isa *isa);
uint64_t isa_flash_bytes(const struct isa *isa);
uint32_t isa_load_wait(const struct isa *isa);
uint32_t isa_store_wait(const struct isa *isa);
/* RISC-V style linker relaxation applied to the reference build (call -> jal). */
bool isa_relax(const struct isa *isa);

/* The machine code of the runtime routines (runtime_code:, isa/SCHEMA.md "Runtime
 * code"): the loaded bytes of the routines the description prices by running them
 * and their entry addresses. NULL when the description has none. */
enum isa_code_arch { ISA_CODE_NONE, ISA_CODE_RV32, ISA_CODE_PPC, ISA_CODE_AVR };
struct isa_code;
const struct isa_code *isa_runtime_code(const struct isa *isa);
enum isa_code_arch isa_code_arch(const struct isa_code *code);
/* The entry address of SYMBOL's code; false when the file does not have it. */
bool isa_code_entry(const struct isa_code *code, const char *symbol, uint32_t *addr);
/* The N bytes at ADDR (read-only), or NULL when they are not all loaded; *AVAIL (if
 * not NULL) gets how many bytes from ADDR on are. */
const uint8_t *isa_code_bytes(const struct isa_code *code, uint32_t addr, uint32_t n, uint32_t *avail);
/* The read-only data the board's link puts right after a program's constants (the
 * runtime's and libgcc's, in link order: the file's 'rodata' lines), *LEN bytes to
 * place at the next multiple of *ALIGN; NULL (and *LEN 0) when the file has none.
 * lpnest --memory=linked lets a read past the program's last constant read them. */
const uint8_t *isa_code_rodata(const struct isa_code *code, size_t *len, unsigned *align);
/* Whether ADDR..ADDR+N-1 are device registers the routines may store to (the
 * file's `mmio` lines: an output port); stores there have no other effect. */
bool isa_code_mmio(const struct isa_code *code, uint32_t addr, uint32_t n);
/* The file's `heap` lines: memory the routines keep from one call to the next
 * (the runtime allocator's variables and its heap), so that malloc, free,
 * realloc and calloc run on the allocator's state. Returns how many. */
size_t isa_code_heaps(const struct isa_code *code, const uint32_t **addr, const uint32_t **len);

/* The instruction with this mnemonic, or NULL when the description does not
 * know it (the estimator reports it; never silently zero). With
 * ISA_PREDICT_HINT, a branch hint suffix ("bne+", "beq-") is accepted on a
 * conditional branch or return: the entry of the mnemonic without it is
 * returned (the caller reads the hint from its own text). The pointer stays
 * valid until isa_free. */
const struct isa_insn *isa_lookup(const struct isa *isa, const char *mnemonic);

/* Runtime routine SYMBOL, or NULL. The pointer stays valid until isa_free;
 * pass it (not a copy) to the eval functions. */
const struct isa_runtime *isa_runtime(const struct isa *isa, const char *symbol);
/* The priced routines, sorted by symbol: I in [0, isa_nruntime). */
size_t isa_nruntime(const struct isa *isa);
const struct isa_runtime *isa_runtime_at(const struct isa *isa, size_t i);
/* Why the description deliberately does not price SYMBOL (runtime_refused:,
 * isa/SCHEMA.md): the reason of the entry that names it, else of the "*" entry;
 * NULL when it does not refuse it (or prices it). *LINE (if not NULL) gets the
 * entry's line in the description. The string stays valid until isa_free. */
const char *isa_runtime_refused(const struct isa *isa, const char *symbol, unsigned *line);
/* The refusals in file order: entry I's reason (NULL past the end), its routines
 * ("*": every routine not priced) in *ROUTINES[0..*N). */
size_t isa_nrefusals(const struct isa *isa);
const char *isa_refusal(const struct isa *isa, size_t i, const char *const **routines, size_t *n);
/* Evaluates a runtime cost with argument values ARGS. The caller names them
 * "a0", "a1", ... (the call's arguments by position, as unsigned integers
 * of their IR width; pointers as addresses), "ret" (the value returned) and,
 * for the printf family, "convs" (conversion specifications in the format,
 * "%%" included) and "digits" (digits written by integer conversions, sign
 * and padding excluded), "wide_digits" (those written while the value
 * left to convert was 2^32 or more) and "digit_bits" (the significant bits of
 * the value left, summed over the digits), for comparisons "compared", for
 * realloc "old_size" and for strcpy "length" (enum isa_rt_name); a description may alias positions ("args: [dst,
 * src, n]", see SCHEMA.md).
 * A name the formula needs but the caller did not give, or a division by
 * zero, is an error reported to diag. Returns cycles (rt->cycles when there
 * is no formula), or a negative value on error. */
double isa_runtime_eval(const struct isa_runtime *rt, const char *const *names, const double *values, size_t n, FILE *diag);
/* The same for the instructions per call (rt->ninstr without a formula). */
double isa_runtime_eval_ninstr(const struct isa_runtime *rt, const char *const *names, const double *values, size_t n, FILE *diag);
/* The names a runtime formula can read, by position: the call's arguments,
 * its result, for the printf family the conversions, the digits written,
 * those of them written while the value left was 2^32 or more and the sum
 * over the digits of the significant bits of the value left,
 * for comparisons (strcmp, memcmp...) the leading positions found equal, for
 * realloc the size of the block before the call, for the start-up code
 * ("_start": what runs before main and after it) the bytes of the program's
 * initialised data (copied at start-up) and of its zero-initialised data,
 * for strcpy the length of the source string (the characters copied before
 * the terminating NUL). */
enum isa_rt_name {
    ISA_RT_A0, ISA_RT_A1, ISA_RT_A2, ISA_RT_A3, ISA_RT_A4, ISA_RT_A5, ISA_RT_A6, ISA_RT_A7,
    ISA_RT_RET, ISA_RT_CONVS, ISA_RT_DIGITS, ISA_RT_WIDE_DIGITS, ISA_RT_DIGIT_BITS, ISA_RT_COMPARED, ISA_RT_OLD_SIZE,
    ISA_RT_DATA_BYTES, ISA_RT_BSS_BYTES, ISA_RT_LENGTH,
    ISA_RT_NFIXED
};
/* isa_runtime_eval / isa_runtime_eval_ninstr with the values of the names by
 * position (FIXED[ISA_RT_NFIXED], NaN: not given): no name lookups, for costs
 * evaluated at every execution. Same errors. */
double isa_runtime_eval_at(const struct isa_runtime *rt, const double *fixed, FILE *diag);
double isa_runtime_eval_ninstr_at(const struct isa_runtime *rt, const double *fixed, FILE *diag);
/* Whether the cycles or instructions formula of RT reads NAME (through an alias too). */
bool isa_runtime_uses(const struct isa_runtime *rt, enum isa_rt_name name);
/* Cycles of INSN (as returned by isa_lookup) for operand value N (the shift
 * amount as the hardware uses it: the immediate, or the low 5 bits of the
 * register; NaN when unknown). Without a cycles_formula returns
 * insn->cycles. Never fails (a formula that divides by zero, or an unknown
 * N, gives insn->cycles). */
double isa_insn_cycles(const struct isa_insn *insn, double n);
/* The same with the values of its register operands as well: A (rs1) and B
 * (rs2) as unsigned 32-bit integers (NaN when unknown), for formulas of
 * data-dependent units (a divider's early outs, a serial multiplier). */
double isa_insn_cycles_ab(const struct isa_insn *insn, double n, double a, double b);
/* Whether INSN's cycles_formula reads operand name NAME ('n', 'a' or 'b'). */
bool isa_insn_formula_uses(const struct isa_insn *insn, char name);

/* ---- pipelines (isa/SCHEMA.md, "Pipelines") ---------------------------------
 * A core whose timing depends on the instruction stream: its description
 * names the mechanism lpnest simulates (the estimator's uarch layer: a cycle
 * model transcribed from the core's RTL) and the parameters it has; the
 * classes' cycles are then the cycles an instruction occupies the execute
 * stage. */
enum isa_pipe_model {
    ISA_PIPE_NONE,
    ISA_PIPE_IBEX,          /* lowRISC Ibex: IF, ID/EX, optional WB */
    ISA_PIPE_CV32E40P,      /* OpenHW CV32E40P: IF, ID, EX, WB */
};
/* What the reference traces stamp each instruction with, and which
 * instruction the cycles between two stamps are charged to. */
enum isa_stamp { ISA_STAMP_RETIRE, ISA_STAMP_ISSUE };
enum isa_charge { ISA_CHARGE_NEXT, ISA_CHARGE_PREVIOUS };
enum isa_replace { ISA_REPLACE_LRU, ISA_REPLACE_ROUND_ROBIN, ISA_REPLACE_COUNTER };

/* A cache (caches: instruction / data). */
struct isa_cache {
    uint32_t bytes;           /* 0: none */
    uint32_t ways, line_bytes;
    enum isa_replace replace;
    uint32_t miss_cycles;     /* cycles a miss adds where no pipeline model times it (0: not given) */
};

struct isa_pipeline {
    enum isa_pipe_model model;
    enum isa_stamp stamp;
    enum isa_charge charge;
    bool writeback_stage;     /* Ibex WritebackStage */
};
/* The pipeline of the description, or NULL when it has none (every
 * instruction then costs its class's cycles, plus the scoreboard's stalls). */
const struct isa_pipeline *isa_pipeline(const struct isa *isa);
/* The caches of the description (bytes 0 when it has none). */
const struct isa_cache *isa_icache(const struct isa *isa);
const struct isa_cache *isa_dcache(const struct isa *isa);
/* layout: text — the address the program's code is linked at; false when
 * the description does not say. */
bool isa_text_base(const struct isa *isa, uint64_t *base);

/* ISA_MODEL_IR: cycles of an LLVM IR opcode by its name ("add", "load",
 * "br", "call"...); for "br" the taken/not-taken costs via *taken and *not_taken.
 * "OPCODE:TYPE" ("mul:i64", "fadd:double") asks for a type-specific entry
 * and falls back to "OPCODE". Returns false when the opcode is not in the
 * table. Any output pointer may be NULL. */
bool isa_ir_cost(const struct isa *isa, const char *opcode, uint32_t *cycles, uint32_t *taken, uint32_t *not_taken);

#endif
