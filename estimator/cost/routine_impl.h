/* routine_impl.h — what routine.c (the runner) and the interpreters of each
 * instruction set (routine_rv32.c, routine_ppc.c, routine_avr.c) share. */
#ifndef LPNEST_ROUTINE_IMPL_H
#define LPNEST_ROUTINE_IMPL_H

#include "routine.h"
#include "isa.h"

#define ROUTINE_MAX_MNEMONICS 256

/* Where the program's memory that the pointer operands reach is in an interpreter's
 * address space: the pointers, in increasing order, fall into regions (each pointer
 * less than half a region's SPAN above its region's first one, so that what is read
 * after it stays in the region); region K is at BASE + K * SPAN, its first pointer's
 * address modulo ALIGN kept, so an engine address is the interpreter's plus DELTA[K].
 * Order and alignment are kept within a region (memmove's overlap), order between
 * regions (a global and a string on the stack). A null pointer stays 0, unmapped. */
#define ROUTINE_MAX_REGIONS 8
struct routine_map {
    unsigned n;
    uint32_t base, span;
    unsigned shift;                  /* log2(SPAN) when SPAN is a power of two, else 0 */
    uint64_t first[ROUTINE_MAX_REGIONS], delta[ROUTINE_MAX_REGIONS];
};

/* Maps ARGS' pointers into at most MAX regions; false when they need more. */
bool routine_map_pointers(struct routine_map *m, const struct routine_arg *args, unsigned nargs, uint32_t base,
                          uint32_t span, unsigned max, uint32_t align);
/* The interpreter's address of pointer operand ENGINE (one routine_map_pointers mapped). */
uint32_t routine_map_to(const struct routine_map *m, uint64_t engine);
/* The engine's address of the interpreter's A..A+N-1, or false when it is not mapped. */
bool routine_map_from(const struct routine_map *m, uint32_t a, unsigned n, uint64_t *engine);

/* The memory of the 32-bit interpreters (routine_mem.c): the stack below ROUTINE_STACK_TOP,
 * the program's memory from ROUTINE_PROGRAM_BASE in up to 8 regions of ROUTINE_PROGRAM_REGION
 * bytes, the description's bytes elsewhere. */
#define ROUTINE_STACK_TOP 0x80000000u
#define ROUTINE_STACK_BYTES (64u * 1024)
#define ROUTINE_PROGRAM_BASE 0x40000000u
#define ROUTINE_PROGRAM_REGION 0x02000000u
#define ROUTINE_OVERLAY 65536u /* bytes a call may write in the program's memory, one slot per address mod this */

struct routine_mem {
    uint8_t stack[ROUTINE_STACK_BYTES];
    /* the code file's heap ranges: kept from call to call */
    uint8_t *heap[4];
    uint32_t heap_addr[4], heap_len[4];
    size_t nheap;
    /* the program's memory, mapped by region; writes kept per call */
    const struct routine_memory *program;
    struct routine_map map;
    uint32_t call, ov_call[ROUTINE_OVERLAY], ov_addr[ROUTINE_OVERLAY];
    uint8_t ov_val[ROUTINE_OVERLAY];
    /* what a call's run depends on (TRACK: kept for routine_rv32.c's runs kept by their
     * key): a stack byte written in call C has stack_call = C, stack_taint whether its
     * value is one the key does not fix (from the program's memory, the heap, an older
     * call's stack, a pointer's free base); the stack bytes the call wrote (their offsets,
     * in stack_written); whether the heap was touched. A load leaves in load_taint whether
     * its value is one the key does not fix; a store takes its value's in store_taint. */
    bool track, heap_touched;
    uint8_t load_taint, store_taint;
    int last_region;                 /* the region the last load or store reached (-1: none) */
    uint32_t stack_call[ROUTINE_STACK_BYTES];
    uint8_t stack_taint[ROUTINE_STACK_BYTES];
    uint16_t stack_written[ROUTINE_STACK_BYTES];
    uint32_t nwritten;
};

struct routine_runner {
    uint32_t a0;                                         /* a0 after the last rv32 run (the result) */
    bool kept;                                           /* ... and it was served by a kept run */
    const struct isa *isa;
    const struct isa_code *code;
    enum isa_code_arch arch;
    const struct isa_insn *row[ROUTINE_MAX_MNEMONICS];  /* the table's rows by the interpreter's numbering */
    bool looked[ROUTINE_MAX_MNEMONICS];
    void *memory;                                        /* the interpreter's (freed with the runner) */
    /* on a pipelined core: the classes of the rv32 decoder's ops, looked up once; the ops of
     * the path being run (fed to the model when it returns), and the runs kept (routine_memo.c) */
    const struct isa_insn *pipe_cls[ROUTINE_MAX_MNEMONICS];
    bool pipe_looked[ROUTINE_MAX_MNEMONICS];
    struct ua_op *ops;
    size_t nops, capops;
    double first_share;                                  /* the first instruction's cycles beyond its nominal
                                                            ones in the last run (routine_pipe.first_to_caller) */
    struct ua_op *path_ops;                              /* a kept path with its return (routine_path_ops) */
    size_t cappath;
    struct routine_memo *memo;
    void *decoded;                                       /* the rv32 interpreter's decoded instructions */
    struct routine_runs *runs;                           /* rv32: runs kept by their operands (routine_runs.c) */
};

/* The cycles of the path OPS (the routine's instructions and the one it returns to) on
 * PIPE's core from its state at the call: the first op's stamp to the last's, computed
 * once per state and path (an instruction cache's contents are state too, and are left as
 * the run leaves them). False when the model stops. PATH: UINT32_MAX, or the number of a
 * kept path (routine_paths_intern: the routine's instructions, its return to no site), which
 * with PIPE's return pc then stands for the path in the key; OPS and N are then not read:
 * the path's ops, when the model must run them, are routine_path_ops'. */
bool routine_pipe_cycles(struct routine_runner *r, const struct routine_pipe *pipe, const struct ua_op *ops,
                         size_t n, uint32_t path, double *cycles);
/* The ops of kept path PATH returning to PIPE's ret_pc (its return made for that pc, then
 * the instruction there), in r->path_ops (valid until the next call), *N of them; NULL when
 * the instruction at ret_pc does not decode (as a run fails then). */
const struct ua_op *routine_path_ops(struct routine_runner *r, const struct routine_pipe *pipe, uint32_t path,
                                     size_t *n);
void routine_memo_free(struct routine_memo *m);

/* Runs kept by what fixed them (routine_runs.c): a KEY of LEN bytes (hash H:
 * routine_runs_hash) and its value. routine_runs_on: whether keys are still
 * looked up (they are given up when calls seldom repeat one); routine_runs_find:
 * the value kept for KEY, or NULL; routine_runs_miss: the value found could not
 * serve the call after all. ENTRY: the routine called (whose calls are given up
 * on together). */
struct routine_runs;
uint64_t routine_runs_hash(const unsigned char *p, size_t n);
bool routine_runs_on(struct routine_runner *r, uint32_t entry);
const unsigned char *routine_runs_find(struct routine_runner *r, const unsigned char *key, size_t len, uint64_t h);
void routine_runs_miss(struct routine_runner *r);
void routine_runs_put(struct routine_runner *r, const unsigned char *key, size_t len, uint64_t h,
                      const unsigned char *value, size_t vlen);
void routine_runs_free(struct routine_runs *m);
/* On a pipelined core: the number of the path OPS (N of them), kept once (UINT32_MAX: not
 * kept, the bytes are spent); routine_paths_get: a kept path's ops. */
uint32_t routine_paths_intern(struct routine_runner *r, const struct ua_op *ops, size_t n);
const struct ua_op *routine_paths_get(const struct routine_runner *r, uint32_t id, size_t *n);
void routine_runs_count(uint64_t run, uint64_t served); /* LPNEST_ROUTINE_STATS: instructions */

/* The table's row of mnemonic ID (the interpreter's number for NAME), looked up once;
 * NULL when the core's table does not price it. */
const struct isa_insn *routine_row(struct routine_runner *r, unsigned id, const char *name);

/* Starts a call in the 32-bit memory (r->memory, allocated here): maps the program's memory
 * the pointer operands reach (MEM) by region (order and alignment mod 4096 kept); false
 * when they need more than 8 regions or MEM is NULL. */
bool routine_mem_begin(struct routine_runner *r, const struct routine_arg *args, unsigned nargs,
                       const struct routine_memory *mem);
/* The value of operand G in a register: a pointer relocated to the routine's address. */
uint32_t routine_mem_operand(const struct routine_runner *r, const struct routine_arg *g);
/* N (1..4) bytes at A in the byte order; false outside the routine's memory. */
bool routine_mem_load(struct routine_runner *r, uint32_t a, unsigned n, bool big_endian, uint32_t *out);
bool routine_mem_store(struct routine_runner *r, uint32_t a, unsigned n, bool big_endian, uint32_t v);

bool routine_run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                      unsigned ret_bytes, const struct routine_memory *mem, const struct routine_pipe *pipe,
                      double *cycles, double *instr);
bool routine_run_ppc(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr);
bool routine_run_avr(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr);

#endif
