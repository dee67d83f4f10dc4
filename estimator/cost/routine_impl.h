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

/* The lowest and highest pointer operand; false when there is none. */
bool routine_pointers(const struct routine_arg *args, unsigned nargs, uint64_t *lo, uint64_t *hi);

bool routine_run_rv32(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                      unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr);
bool routine_run_avr(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                     unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr);

#endif
