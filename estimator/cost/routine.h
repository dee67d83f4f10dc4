/* routine.h — prices one call of a runtime routine by running its machine code
 * (the description's runtime_code:, isa/SCHEMA.md) on the call's operands and
 * pricing every instruction the path executes with the core's table. Internal
 * to the cost layer (cost_args.c). */
#ifndef LPNEST_ROUTINE_H
#define LPNEST_ROUTINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct isa;

/* One operand as the engine holds it: its bytes (1..16) little-endian in lo, hi; or a
 * pointer into the program's memory (lo: the engine's address). IN_VARIADIC: an operand
 * of a call of a variadic routine (printf), VARIADIC: one of its "..." operands; the
 * calling conventions pass them differently (rv32: a 64-bit "..." operand in an even
 * register pair; AVR: every operand of such a call on the stack; PowerPC: as any
 * other operand, past r10 in the caller's parameter area). */
#define ROUTINE_MAX_ARGS 24
struct routine_arg {
    uint64_t lo, hi;
    unsigned bytes;
    bool pointer, in_variadic, variadic;
    bool callback;          /* the program's function the routine calls (qsort's comparator) */
    bool raw;               /* a pointer that is already the routine's address (the allocator's heap) */
};

/* The program as a routine sees it: its memory, read through the engine (eng_mem), and
 * the function a callback operand names, which lpnest does not run in the routine (its
 * blocks are the program's, priced there): CALLBACK (NULL: none) serves the routine's
 * next call of it, made with pointers A and B (the engine's addresses), with the int it
 * returned in the program's run; false when the program made no such call next. */
struct routine_memory {
    const uint8_t *(*read)(void *ctx, uint64_t addr, uint64_t n);
    bool (*callback)(void *ctx, uint64_t a, uint64_t b, int64_t *result);
    void *ctx;
};

struct routine_runner;
struct ua_core;
struct ua_rv32;

/* A pipelined core the routine runs on (cost_pipe.c): every executed instruction is fed
 * to CORE, loaded with STATE (the pipeline at the call, ua_core_save); the routine
 * returns to RET_PC, whose instruction (DECODE reads it) is fed last; the routine's
 * cycles are its stamp minus the first instruction's. rv32 only. */
struct routine_pipe {
    struct ua_core *core;
    const void *state;
    uint32_t ret_pc;
    bool (*decode)(void *arg, uint32_t pc, struct ua_rv32 *out);
    void *arg;
    /* called with BEGIN true before the run and false after it (NULL: none); SITE is
     * the caller's (the call site) */
    void (*around)(void *arg, size_t site, bool begin);
    size_t site;
    /* the call was priced with the routine's first instruction at its nominal cycles
     * (retire stamps charge it to the call): its cycles beyond are added to the run's */
    bool first_to_caller;
    /* where a run puts the pipeline's state after the routine's return instruction (before
     * the one at RET_PC: what the caller's code continues from), and *RET_STATE_OK whether
     * it did (NULL: not wanted) */
    void *ret_state;
    bool *ret_state_ok;
};

/* A runner for ISA's routines, or NULL when the description has no code lpnest runs. */
struct routine_runner *routine_runner_new(const struct isa *isa);
void routine_runner_free(struct routine_runner *r);
/* SYMBOL's entry address when its code is in the description. */
bool routine_entry(const struct routine_runner *r, const char *symbol, uint32_t *entry);
/* Whether the code keeps an allocator's state (isa_code_heaps): malloc, free,
 * realloc and calloc can run on it, their pointers given raw (the routine's own
 * addresses). */
bool routine_has_heap(const struct routine_runner *r);
/* Whether the last rv32 run was served by a kept run of the same operands (a test's
 * view: the result is the same either way). */
bool routine_last_kept(const struct routine_runner *r);
/* The 32-bit result of the last rv32 run (a0). */
uint32_t routine_result(const struct routine_runner *r);
/* Runs the routine at ENTRY on ARGS (passed as the target's C ABI passes them; a result
 * of RET_BYTES bytes) and adds the cycles and instructions of the executed path. Pointer
 * operands point into the program's memory, read through MEM (NULL: none)
 * and relocated by region (routine_impl.h: order and alignment kept); what the routine writes
 * there is kept for the call only. What an output routine (printf, puts) writes to
 * standard output reaches the target's output boundary, priced as the reference
 * prices it (rv32: the write system call's ecall; PowerPC: its sc; AVR: the stores
 * to the UART). A callback operand (rv32 and ppc: refused) is a code address the
 * routine calls indirectly: the call instruction is priced, the function is not run, its
 * result comes from MEM's callback and the registers the C ABI lets it clobber are
 * clobbered. False (nothing added) when the code does something a pure routine does not: it
 * writes outside its stack, reads outside its stack and loaded bytes, executes an
 * instruction lpnest does not run or the table does not price, or runs too long. PIPE (NULL:
 * none) runs the path on a pipelined core's model instead of summing the table's cycles. */
bool routine_run(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                 unsigned ret_bytes, const struct routine_memory *mem, const struct routine_pipe *pipe, double *cycles,
                 double *instr);

#endif
