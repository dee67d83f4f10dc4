/* routine_impl.h — what routine.c (the runner) and the interpreters of each
 * instruction set (routine_rv32.c, routine_avr.c) share. */
#ifndef LPNEST_ROUTINE_IMPL_H
#define LPNEST_ROUTINE_IMPL_H

#include "routine.h"
#include "isa.h"

#define ROUTINE_MAX_MNEMONICS 128

struct routine_runner {
    const struct isa *isa;
    const struct isa_code *code;
    enum isa_code_arch arch;
    const struct isa_insn *row[ROUTINE_MAX_MNEMONICS];  /* the table's rows by the interpreter's numbering */
    bool looked[ROUTINE_MAX_MNEMONICS];
    void *memory;                                        /* the interpreter's (freed with the runner) */
};

/* The table's row of mnemonic ID (the interpreter's number for NAME), looked up once;
 * NULL when the core's table does not price it. */
const struct isa_insn *routine_row(struct routine_runner *r, unsigned id, const char *name);

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
    uint64_t first[ROUTINE_MAX_REGIONS], delta[ROUTINE_MAX_REGIONS];
};

/* Maps ARGS' pointers into at most MAX regions; false when they need more. */
bool routine_map_pointers(struct routine_map *m, const struct routine_arg *args, unsigned nargs, uint32_t base,
                          uint32_t span, unsigned max, uint32_t align);
/* The interpreter's address of pointer operand ENGINE (one routine_map_pointers mapped). */
uint32_t routine_map_to(const struct routine_map *m, uint64_t engine);
/* The engine's address of the interpreter's A..A+N-1, or false when it is not mapped. */
bool routine_map_from(const struct routine_map *m, uint32_t a, unsigned n, uint64_t *engine);

bool routine_run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                      unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr);
bool routine_run_avr(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr);

#endif
