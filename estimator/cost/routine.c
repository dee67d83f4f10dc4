/* routine.c — the runner of a description's runtime code (routine.h): finds a
 * routine's entry, keeps the core's table rows the interpreters price with, and
 * hands a call to the interpreter of the code's instruction set. */
#include "routine_impl.h"
#include "support.h"

#include <stdlib.h>

struct routine_runner *routine_runner_new(const struct isa *isa)
{
    const struct isa_code *code = isa_runtime_code(isa);
    if (!code || isa_code_arch(code) == ISA_CODE_NONE)
        return NULL;
    struct routine_runner *r = sup_xcalloc(1, sizeof *r);
    r->isa = isa;
    r->code = code;
    r->arch = isa_code_arch(code);
    return r;
}

void routine_runner_free(struct routine_runner *r)
{
    if (!r)
        return;
    free(r->memory);
    free(r);
}

bool routine_entry(const struct routine_runner *r, const char *symbol, uint32_t *entry)
{
    return r && isa_code_entry(r->code, symbol, entry);
}

const struct isa_insn *routine_row(struct routine_runner *r, unsigned id, const char *name)
{
    if (id >= ROUTINE_MAX_MNEMONICS)
        return NULL;
    if (!r->looked[id]) {
        r->row[id] = isa_lookup(r->isa, name);
        r->looked[id] = true;
    }
    return r->row[id];
}

bool routine_pointers(const struct routine_arg *args, unsigned nargs, uint64_t *lo, uint64_t *hi)
{
    *lo = UINT64_MAX;
    *hi = 0;
    for (unsigned k = 0; k < nargs; k++)
        if (args[k].pointer) {
            *lo = args[k].lo < *lo ? args[k].lo : *lo;
            *hi = args[k].lo > *hi ? args[k].lo : *hi;
        }
    return *lo != UINT64_MAX;
}

bool routine_run(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                 unsigned ret_bytes, const struct routine_memory *mem, double *cycles, double *instr)
{
    switch (r->arch) {
    case ISA_CODE_RV32:
        return routine_run_rv32(r, entry, args, nargs, ret_bytes, mem, cycles, instr);
    case ISA_CODE_PPC:
        return routine_run_ppc(r, entry, args, nargs, ret_bytes, mem, cycles, instr);
    case ISA_CODE_AVR:
        return routine_run_avr(r, entry, args, nargs, ret_bytes, mem, cycles, instr);
    default:
        return false;
    }
}
