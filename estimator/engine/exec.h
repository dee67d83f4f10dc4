/* exec.h — internals of the IR execution engine, shared by its files only.
 *
 * Each defined function is translated once into an array of fixed-size ops
 * over a frame of 64-bit slots (SSA values, constants, parameters). Integers
 * of up to 64 bits occupy one slot, zero-extended to 64 bits ("canonical");
 * i65..i128 take two slots (low, high); float and double keep their IEEE bits
 * in one slot; pointers are target addresses; vectors and aggregates are
 * flattened into consecutive slots and operated on element by element.
 * Control flow goes through edges: every br/switch successor is an edge with
 * its own counter, so block counts are exact sums of edge counts. */
#ifndef LPNEST_EXEC_H
#define LPNEST_EXEC_H

#include "counts.h"
#include "estimator.h"
#include "ptrmap.h"
#include "ir_names.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef uint64_t slot_t;

/* ---- ops ----------------------------------------------------------------- */
#include "exec_ops.h"

struct op {
    uint16_t code;   /* enum opcode */
    uint8_t w;       /* bit width of the integer operation (1..64) */
    uint8_t x;       /* small extra: alignment mask, predicate, byte count */
    uint32_t d;      /* destination slot (or edge index for branches) */
    uint32_t a;      /* first operand slot */
    uint32_t b;      /* second operand slot (or edge index) */
    uint64_t k;      /* immediate, mask, offset, or pointer to a descriptor */
};

/* A control-flow edge of a br/switch (or the entry of a function). */
struct edge {
    uint32_t pc;      /* where execution continues: phi moves or the block */
    uint32_t ninst;   /* IR instructions in the target block */
    uint64_t count;   /* traversals */
    uint64_t weight;  /* added to vm->clock at each traversal: the target block's weight (eng_block_weights) */
};

/* Edge kinds, select records and path counters: counts.h. */
struct xblock {
    LLVMBasicBlockRef bb;
    const char *name;
    uint32_t ninst;          /* IR instructions, debug intrinsics excluded */
    uint32_t pc;             /* first op */
    uint64_t count;          /* filled in after the run */
};


/* Type information that drives slot layout, memory access and marshalling. */
enum vkind { VK_VOID, VK_INT, VK_WIDE, VK_F32, VK_F64, VK_PTR, VK_VEC, VK_AGG, VK_BAD };

/* One scalar leaf of a (possibly aggregate) type. */
struct leaf {
    enum vkind kind;         /* VK_INT, VK_WIDE, VK_F32, VK_F64, VK_PTR */
    uint16_t bits;           /* integer width, 32/64 for floats, pointer bits */
    uint16_t bytes;          /* store size in memory */
    uint32_t slot;           /* slot offset within the value */
    uint64_t offset;         /* byte offset within the value in memory */
};

/* Call descriptor: slots of the arguments, flattened. */
struct argdesc {
    uint32_t slot;           /* first slot of the argument in the caller */
    uint32_t nslots;
    LLVMTypeRef type;        /* IR type (for variadic marshalling, libc) */
    enum vkind kind;         /* scalar kind when nslots == 1 */
    uint16_t bits;
    uint64_t byval_size;     /* > 0: pass a copy of this many bytes */
    uint32_t byval_align;
};
struct calldesc {
    struct xfunc *callee;    /* direct calls; NULL for indirect */
    uint32_t nargs;
    uint32_t ret_slots;      /* slots of the result (0 for void) */
    enum vkind ret_kind;
    uint16_t ret_bits;
    LLVMValueRef inst;       /* the call instruction (for messages) */
    struct argdesc args[];
};

/* OP_WATCH: the slots of a watched instruction's operands, then its result's */
struct watch_desc {
    size_t index;            /* into vm->watch */
    int phase;               /* 0 before the instruction, 1 after */
    uint32_t n;              /* slots */
    uint32_t slots[];
};

/* A switch's cases: a direct table when the values are dense, else sorted. */
struct switch_desc {
    uint32_t n;
    uint32_t def;            /* default edge */
    bool dense;
    uint64_t lo;             /* dense: table index = value - lo */
    uint64_t span;
    uint32_t *table;         /* dense: edge per value */
    uint64_t *vals;          /* sparse: sorted case values */
    uint32_t *edges;
};

/* A bitcast that changes the slot layout (e.g. <2 x i32> to i64), done at run
 * time through a byte image in target order; vectors of non-byte elements
 * are bit-packed. */
struct bitcast_desc {
    uint32_t bytes;
    int nfrom, nto;
    bool from_bits, to_bits;
    struct leaf *from, *to;
};

/* Built-in implementations of external functions (the C library subset). */
struct vm;
typedef bool (*builtin_fn)(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret);

struct xfunc {
    LLVMValueRef fn;
    const char *name;
    uint32_t index;
    uint32_t addr;           /* the function's address as a pointer value */
    bool defined;            /* has a body */
    bool compiled;
    bool variadic;
    bool has_byval;
    builtin_fn builtin;      /* externals served by lpnest (NULL if unknown) */
    int builtin_data;
    uint64_t calls;
    /* code */
    struct op *code;
    uint32_t ncode;
    LLVMValueRef *op_inst;   /* IR instruction of each op (messages, partial blocks) */
    uint32_t *op_pos;        /* position of that instruction in its block */
    uint32_t *op_block;      /* block index of each op */
    uint32_t nslots;         /* frame size in slots */
    slot_t *consts;          /* initial values of slots [0, nconst) */
    uint32_t nconst;
    uint32_t nparam_slots;   /* parameters occupy [nconst, nconst + nparam_slots) */
    uint32_t nparams;
    uint32_t *param_slot;    /* first slot of each parameter */
    uint64_t *param_byval;   /* byval size per parameter (0: not byval) */
    uint32_t *param_byval_align;
    uint32_t frame_bytes;    /* static allocas */
    uint32_t frame_align;
    struct xblock *blocks;
    uint32_t nblocks;
    struct edge *edges;      /* edges[0] is the function entry */
    struct cnt_edge_info *einfo;
    uint32_t nedges;
    struct cnt_select *selects;
    uint64_t *sel_counts;    /* [2 * i + outcome] */
    uint32_t nselects;
    uint32_t nsel_lanes;
    struct cnt_pairs *pairs;
    uint32_t npairs;
    /* the compiled tier (exec_jit.c): F's code from op AT (an entry of OSR)
     * to its return, with its frame pushed and R its slots; the return's
     * RET_SLOTS values go to R[0..). 0, or 1 after a fault or an exit
     * (recorded). NULL: interpreted. */
    int (*jit)(struct vm *vm, slot_t *R, uint32_t at);
    uint8_t *osr;            /* per op: 1 where the interpreter may enter jit (function entry, loop edges) */
    uint32_t ret_slots;      /* slots of the function's result */
};

/* One activation. */
struct frame {
    struct xfunc *fn;
    slot_t *R;
    const struct op *ret_pc;   /* where the caller continues; NULL: return to the host */
    const struct op *call_op;  /* the caller's op that made this call */
    uint32_t ret_d;            /* caller's destination slot */
    uint32_t ret_n;            /* slots to copy back */
    uint64_t sp;               /* simulated stack pointer to restore */
    uint64_t va_addr;          /* variadic arguments (0: none) */
    uint64_t frame_base;       /* static allocas of this activation */
};

/* How va_start initialises a va_list. */
enum va_kind { VA_POINTER, VA_PPC32, VA_X86_64 };

struct target_info {
    const char *triple;
    unsigned ptr_bits;
    unsigned ptr_bytes;
    bool big_endian;
    bool strict_align;        /* misaligned accesses trap (RISC-V soft cores) */
    unsigned int_bits;        /* C int, long, size_t widths for printf & co */
    unsigned long_bits;
    unsigned size_bits;
    unsigned double_bits;     /* C double: 32 on AVR */
    enum va_kind va;
    unsigned va_slot;         /* bytes per variadic argument slot */
    unsigned va_list_bytes;
    bool soft_float;          /* PowerPC: doubles in general registers (use-soft-float) */
    uint64_t mem_size;        /* simulated address space */
    uint64_t data_base;       /* first global */
};

/* Open FILE handles of the simulated program. */
#define VM_MAX_FILES 64
#define VM_FILE_BASE 0x100u /* handle addresses: FILE_BASE + 16*index; never dereferenced */

struct vm {
    struct eng_module *mod;
    LLVMModuleRef m;
    LLVMTargetDataRef td;
    struct target_info t;
    FILE *diag;

    /* simulated memory: [ro_lo, brk) loads, [rw_lo, brk) stores, stack window */
    uint8_t *mem;
    uint64_t ro_lo, rw_lo, brk, heap_limit;
    uint64_t rd_end;          /* loads reach [ro_lo, rd_end): brk, or with --memory=linked the stack's
                                 start (the board's memory past the last global: zeros, the heap) */
    uint64_t lib_ro_lo, lib_ro_hi; /* --memory=linked: the board's runtime read-only data */
    uint64_t globals_hi;      /* the end of the last global */
    uint64_t consts_hi;       /* the end of the program's last constant */
    const uint8_t *board_rodata;
    size_t board_rodata_len;
    unsigned board_rodata_align;
    char **warnings;          /* eng_profile_warning */
    size_t nwarnings;
    uint64_t stack_lo, stack_hi, sp;
    uint64_t sp_low, globals_end; /* the lowest sp reached; where the program's heap starts (brk: its end) */
    uint64_t ptr_mask;
    uint64_t func_base;       /* function addresses: func_base + 4 * index */
    uint64_t func_end;

    /* heap allocator state (metadata on the host side) */
    struct heap *heap;

    /* functions */
    struct xfunc *funcs;
    uint32_t nfuncs;
    struct ptrmap gaddr;      /* global/alias -> address */
    struct ptrmap fidx;       /* function -> index in funcs */

    /* execution */
    struct frame *frames;
    uint32_t depth, max_depth;
    slot_t *slots;
    uint64_t nslots_cap;
    uint64_t steps;           /* IR instructions of entered blocks */
    uint64_t max_steps;
    uint64_t next_check;      /* steps at which the interpreter's slow path runs: min(slow_at, jit_poll_at) */
    uint64_t slow_at;         /* steps at which the step limit and progress are checked */
    uint64_t jit_poll_at;     /* steps at which the compiled tier is asked (UINT64_MAX: never) */
    struct exec_jit *jit;     /* the compiled tier's state (exec_jit.c), NULL: interpreter only */
    uintptr_t jit_stack_floor; /* compiled code runs only while the host's stack is above this */
    uint64_t jit_brk0;        /* brk when the run started: the compiled code assumes no more room */
    bool jit_shared;          /* eng_run_options.jit_shared: code made to serve later runs too */
    const char *jit_cache;    /* eng_run_options.jit_cache: the code cache's folder, or NULL */
    double start_time;
    bool progress;

    /* blocks whose path counts are wanted */
    const struct eng_block_ref *pair_req;
    size_t npair_req;
    /* probes (eng_run_options.probes): by instruction, the first one's index + 1,
     * then probe_next[i] (the next one at the same instruction, + 1, or 0) */
    const struct eng_probe *probes;
    size_t nprobes;
    struct ptrmap probe_at;
    uint32_t *probe_next;

    /* instructions whose values are reported (eng_run_options.watch) */
    struct ptrmap watched;    /* instruction -> index + 1 */
    struct ptrmap call_plan;  /* call instruction -> index + 1 into plan (eng_module_set_call_plan) */
    const struct eng_call_plan *plan;
    struct xfunc **expanded;  /* the C library functions serving ENG_CALL_EXPANDED calls */
    size_t nexpanded;
    const struct eng_watch *watch;
    size_t *watch_map;        /* NULL, or per watch the run's own index << 1 | before wanted (SIZE_MAX:
                               * none): a run counting an earlier run's shape (exec_jit_shape) */
    void (*watch_fn)(void *arg, size_t i, int phase, const uint64_t *v, size_t n, struct eng_state *eng);
    void *watch_arg;

    /* the comparator calls of the outermost qsort/bsearch running or last finished (eng_compares) */
    struct {
        struct eng_compare *c;
        size_t n, cap;
        uint64_t callee;
        unsigned depth;       /* sorts running (a comparator may sort) */
        bool overflow, valid; /* VALID: the last finished call was the outermost and fits */
    } compares;

    bool linked;              /* --memory=linked: the linker's layout, accesses through globals checked */

    /* program I/O: its stdin, stdout and stderr */
    FILE *in, *out, *err;
    const char *fs_root;      /* the program's files are under it (NULL: the current directory) */
    bool allow_writes;        /* it may create and write files there */
    uint64_t write_limit;     /* bytes it may write to files (0: no limit) */
    uint64_t written;         /* bytes it wrote to files, and 4 KiB per file it created */
    int argc;
    char **argv;
    FILE *files[VM_MAX_FILES];
    bool file_eof[VM_MAX_FILES];
    uint64_t stdio_globals[3];/* addresses of stdin/stdout/stderr globals */
    uint64_t errno_addr;      /* the program's errno (its C library's place for it), or 0 */
    uint64_t strtok_save;     /* where strtok goes on */

    const struct op *cur_op;  /* the CALLX being served by a built-in */
    slot_t ret_buf[16];       /* result of a function returning to the host */

    /* outcome */
    bool exited;
    int exit_status;
    const char *exit_call;    /* the C library function the program ended through (exit, abort,
                                 a failed assert's helper), or NULL */
    bool faulted;
    char fault_msg[512];
    struct xfunc *fault_fn;
    const struct op *fault_pc;
    uint64_t rand_state;
    /* the sum of the weights of the blocks entered (eng_block_weights), and
     * what the layers above add to a run (estimator.h: eng_run_hooks) */
    uint64_t clock;
    bool uncounted;           /* a timed run (weights given): its counts are not wanted, and the
                                 compiled tier keeps none (exec_jit_gen.c); the interpreter does */
    const struct eng_run_hooks *hooks;
    void *hooks_arg;
    const struct eng_builtin *builtins;
    size_t nbuiltins;
    const struct calldesc *hook_cd; /* the call a hook or a registered built-in serves */
    const slot_t *hook_R;
    uint64_t ext_calls_total;
    struct ext_count *ext_counts;  /* calls of externals, by function */
};

/* ---- module-level helpers (exec_target.c) ---- */
bool exec_target_init(struct vm *vm, FILE *diag);

/* ---- types and constants (exec_types.c) ---- */
enum vkind exec_kind(LLVMTypeRef t, uint16_t *bits);
/* Enumerates the scalar leaves of T; returns the count, or -1 for a type the
 * engine cannot hold (message in *why). LEAVES may be NULL to count only. */
int exec_type_leaves(struct vm *vm, LLVMTypeRef t, struct leaf *leaves, int max, const char **why);
/* Byte offset of a GEP with all-constant indices; false for a vector GEP. */
bool exec_const_eval(struct vm *vm, LLVMValueRef c, slot_t *out, uint32_t nslots);
bool exec_const_store(struct vm *vm, LLVMValueRef c, uint64_t addr);
uint64_t exec_global_addr(struct vm *vm, LLVMValueRef g, bool *ok);

/* ---- memory (exec_mem.c) ---- */
bool exec_mem_init(struct vm *vm, uint64_t stack_bytes);
void exec_mem_free(struct vm *vm);
/* Host pointer for N bytes at target address A, or NULL (no fault raised). */
static inline uint8_t *exec_ptr_r(struct vm *vm, uint64_t a, uint64_t n)
{
    if (a - vm->ro_lo <= vm->rd_end - vm->ro_lo - n && n <= vm->rd_end - vm->ro_lo)
        return vm->mem + a;
    if (a - vm->stack_lo <= vm->stack_hi - vm->stack_lo - n && n <= vm->stack_hi - vm->stack_lo)
        return vm->mem + a;
    return NULL;
}
static inline uint8_t *exec_ptr_w(struct vm *vm, uint64_t a, uint64_t n)
{
    if (a - vm->rw_lo <= vm->brk - vm->rw_lo - n && n <= vm->brk - vm->rw_lo)
        return vm->mem + a;
    if (a - vm->stack_lo <= vm->stack_hi - vm->stack_lo - n && n <= vm->stack_hi - vm->stack_lo)
        return vm->mem + a;
    return NULL;
}
uint64_t exec_load_uint(struct vm *vm, const uint8_t *p, unsigned nbytes);
void exec_store_uint(struct vm *vm, uint8_t *p, unsigned nbytes, uint64_t v);
/* Length of the NUL-terminated string at A, or -1 when it runs out of memory. */
int64_t exec_strlen(struct vm *vm, uint64_t a);
uint64_t exec_malloc(struct vm *vm, uint64_t n, uint64_t align);
bool exec_free(struct vm *vm, uint64_t a);
uint64_t exec_alloc_size(struct vm *vm, uint64_t a); /* 0 if not a live block */
uint64_t exec_stack_push(struct vm *vm, uint64_t n, uint64_t align); /* 0: overflow */

/* ---- globals (exec_globals.c) ---- */
bool exec_globals_init(struct vm *vm);

/* ---- --memory=linked (exec_bounds.c) ---- */
/* NULL when ADDR is within the access's global (or a read past it, warned
 * once per site); else the fault message of a write past it. */
const char *exec_bounds(struct vm *vm, uint64_t addr, void *desc);

/* ---- translation (exec_compile*.c) ---- */
bool exec_funcs_init(struct vm *vm);
bool exec_compile(struct vm *vm, struct xfunc *f);

/* ---- the loop (exec_run.c) and main (exec_run_main.c) ---- */
#define EXEC_CHECK_INTERVAL (1ull << 24) /* IR instructions between slow-path checks */
/* ... with a --time-limit: the clock is read often enough that the run stops
 * at its deadline even at a slow engine's rate (a sanitized build) */
#define EXEC_TIME_CHECK_INTERVAL (1ull << 18)
bool exec_run_main(struct vm *vm);
/* The bitcast of BD from the slots A to D (exec_run_bits.c). */
void exec_bitcast(struct vm *vm, const struct bitcast_desc *bd, slot_t *d, const slot_t *a);
/* LLVM's floating-point comparison PRED (an LLVMRealPredicate) of A and B (exec_run_bits.c). */
bool exec_fcmp(unsigned pred, double a, double b);
/* Runs the activation at vm->depth (its frame set up, its entry edge counted)
 * until it returns to the host; false after a fault (recorded). */
bool exec_run_loop(struct vm *vm);
static inline void exec_set_next_check(struct vm *vm)
{
    vm->next_check = vm->slow_at < vm->jit_poll_at ? vm->slow_at : vm->jit_poll_at;
}
/* Enters G from a call described by CD, its arguments in R, its frame's slots
 * at NR; RET_PC NULL: its return goes back to the host. NULL after a fault. */
slot_t *exec_enter(struct vm *vm, struct xfunc *g, const struct calldesc *cd, const slot_t *R, slot_t *NR,
                   const struct op *ret_pc, uint32_t ret_d);
/* What compiled code calls (exec_run.c, its bottom): 0, or 1 after a fault
 * (located at op AT of F) or an exit. The slow path of an edge entering op
 * AT; a call (its arguments in R, its result to R); a rare op on R. */
int exec_jit_fail(struct vm *vm, struct xfunc *F, uint32_t at);
int exec_jit_check(struct vm *vm, struct xfunc *F, uint32_t at);
int exec_jit_call(struct vm *vm, struct xfunc *F, slot_t *R, uint32_t at);
int exec_jit_step(struct vm *vm, struct xfunc *F, slot_t *R, uint32_t at);
/* ---- the compiled tier (exec_jit.c) ---- */
/* Whether F runs compiled from here: it has code, and the host's stack has
 * room (compiled activations nest on it, one host frame per call; a call
 * deeper than the tier's share of the stack runs its whole subtree in the
 * interpreter, whose activations live in vm->frames). */
static inline bool exec_jit_ready(const struct vm *vm, const struct xfunc *F)
{
    return F->jit && (uintptr_t)__builtin_frame_address(0) > vm->jit_stack_floor;
}
/* Before main runs: the tier for MODE (nothing for ENG_ENGINE_INTERP). */
bool exec_jit_start(struct vm *vm, enum eng_engine mode);
/* At the interpreter's slow path when steps >= jit_poll_at: may compile hot
 * functions (their xfunc.jit) and sets the next poll. */
void exec_jit_poll(struct vm *vm);
/* After the run: the compiled code is gone, every function interpreted again. */
void exec_jit_end(struct vm *vm);
/* The compiled code of a module's runs, kept for its later runs (exec_jit.c):
 * the module holds it (module.c), freed with the module. */
struct exec_jit_cache;
struct exec_jit_cache **exec_module_jit_cache(struct eng_module *m);
void exec_jit_cache_free(struct exec_jit_cache *c);
/* What a run counts and watches, which its ops (and so its compiled code)
 * depend on. exec_jit_shape gives O's own, except in a later jit_shared run
 * (eng_run_options) whose own fit in those of the first one (no pairs or
 * probes of its own, its watches among the first run's) and is timed
 * (weights given: its counts are not read): then the first
 * run's, so that its functions have the same ops and run the same code; the
 * extra counts are left unread and WATCH_MAP (malloc'd) turns the watch
 * indices into the run's own. */
struct exec_run_shape {
    const struct eng_block_ref *pairs;
    size_t npairs;
    const struct eng_probe *probes;
    size_t nprobes;
    const struct eng_watch *watch;
    size_t nwatch;
    size_t *watch_map;
};
void exec_jit_shape(struct eng_module *m, const struct eng_run_options *o, struct exec_run_shape *s);
/* Calls G from a built-in (qsort's comparator, token functions) with the
 * flattened argument slots ARGS; the result's slots go to RET. Returns false
 * when the program faulted or exited inside. */
bool exec_invoke(struct vm *vm, struct xfunc *g, const slot_t *args, uint32_t nargs, slot_t *ret, uint32_t nret);

/* ---- the layers above (exec_api.c; estimator.h) ---- */
static inline struct eng_state *exec_engine(struct vm *vm) { return (struct eng_state *)vm; }
/* Puts the weights of O's blocks on the edges that enter them. */
void exec_set_weights(struct vm *vm, const struct eng_block_weights *w, size_t n);
/* The built-in serving registered external function vm->builtins[data]. */
bool exec_b_registered(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret);
/* The run ended: the finish hook, with the fault state kept as it was. */
void exec_hooks_finish(struct vm *vm);

/* ---- faults (exec_fault.c) ---- */
/* Records a fault at the current op; returns false. */
bool exec_fault(struct vm *vm, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void exec_fault_report(struct vm *vm, FILE *diag);
/* A warning about the program: printed on diag and kept for the profile's warnings. */
void exec_warn(struct vm *vm, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- C library (exec_libc*.c) ---- */
/* The built-in serving external function NAME, or NULL; *data gets a value
 * the built-in reads back from xfunc.builtin_data (e.g. which math function). */
builtin_fn exec_builtin_lookup(const char *name, int *data);
/* The built-in computing the result of a call of NAME that code generation
 * expanded inline (ENG_CALL_EXPANDED: memcmp, bcmp, whose result is only
 * compared with 0), or NULL. */
builtin_fn exec_builtin_expanded(const char *name, int *data);
/* Fills the storage of a known external variable (stdout, __iob, ...) at
 * ADDR; false when NAME is not one lpnest provides. */
bool exec_known_global(struct vm *vm, const char *name, uint64_t addr, uint64_t size);
/* exec_libc_abi.c: the bytes the C library gives external variable NAME
 * (*SIZE from its address on, *LEAD before it), when more than its declared
 * type says (`_ctype_[]`); its character class table; the program's errno */
bool exec_known_global_extent(const char *name, uint64_t *size, uint64_t *lead);
bool exec_ctype_table(struct vm *vm, const char *name, uint64_t addr);
void exec_set_errno(struct vm *vm, int e);
void exec_libc_flush(struct vm *vm);
/* Writes N bytes at P to F for the program (exec_libc_io.c): its standard
 * streams through the progress line's writer (progress.h). */
bool exec_put_bytes(struct vm *vm, FILE *f, const void *p, size_t n);
void exec_libc_close(struct vm *vm);
struct ext_count { uint64_t calls; };

/* ---- variadics (exec_va.c) ---- */
void exec_va_layout(struct vm *vm, LLVMTypeRef t, uint64_t *size, uint64_t *align);
bool exec_va_start(struct vm *vm, uint64_t va_list_addr, uint64_t area);
/* The address of a va_list's next argument of SIZE bytes (FP: a floating value), as
 * clang's va_arg finds it (registers saved, then the overflow area); advances the
 * list. 0 after a fault. */
uint64_t exec_va_next(struct vm *vm, uint64_t va_list_addr, bool fp, uint64_t size, uint64_t align);
bool exec_va_marshal(struct vm *vm, const struct calldesc *cd, uint32_t first, const slot_t *R, uint64_t *area);
uint64_t exec_va_cursor_addr(struct vm *vm, uint64_t list);


/* exec_dump.c: the ops of F, for development (LPNEST_DUMP_OPS=name). */
void exec_dump_ops(const struct xfunc *f, FILE *out);

/* ---- helpers ---- */
static inline uint64_t mask_of(unsigned w) { return w >= 64 ? ~0ULL : ((1ULL << w) - 1); }
static inline int64_t sext_of(uint64_t v, unsigned w)
{
    unsigned s = 64 - w;
    return (int64_t)(v << s) >> s;
}
double exec_now(void);


/* exec_sandbox.c: fopen confined to the file root (and to reading unless
 * writes are allowed), regular files only. False after a fault; else *F is
 * the file or NULL with errno, as fopen. */
bool exec_sandbox_fopen(struct vm *vm, const char *path, const char *mode, FILE **f);
/* N bytes the program is about to write to F, counted against the write
 * limit (files it opened; its standard streams are not counted). False
 * after a fault when they would pass it. */
bool exec_sandbox_write(struct vm *vm, FILE *f, uint64_t n);
/* A seek of F to OFFSET (from WHENCE) checked the same way: a file the
 * program writes may not reach past the write limit. */
bool exec_sandbox_seek(struct vm *vm, FILE *f, int64_t offset, int whence);

#endif
