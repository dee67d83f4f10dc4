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
    struct routine_mem *m = r->memory;
    for (size_t k = 0; m && k < m->nheap; k++)
        free(m->heap[k]);
    free(r->memory);
    free(r->decoded);
    free(r->ops);
    free(r->path_ops);
    routine_memo_free(r->memo);
    routine_runs_free(r->runs);
    free(r);
}

bool routine_entry(const struct routine_runner *r, const char *symbol, uint32_t *entry)
{
    return r && isa_code_entry(r->code, symbol, entry);
}

bool routine_has_heap(const struct routine_runner *r)
{
    const uint32_t *a, *l;
    return r && isa_code_heaps(r->code, &a, &l) > 0;
}

bool routine_last_kept(const struct routine_runner *r)
{
    return r->kept;
}

uint32_t routine_result(const struct routine_runner *r)
{
    return r->a0;
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

bool routine_map_pointers(struct routine_map *m, const struct routine_arg *args, unsigned nargs, uint32_t base,
                          uint32_t span, unsigned max, uint32_t align)
{
    m->n = 0;
    m->base = base;
    m->span = span;
    m->shift = span > 1 && !(span & (span - 1)) ? (unsigned)__builtin_ctz(span) : 0;
    uint64_t next = 1; /* the lowest pointer not yet in a region is at least this (0 stays 0) */
    for (;;) {
        uint64_t lo = UINT64_MAX;
        for (unsigned k = 0; k < nargs; k++)
            if (args[k].pointer && !args[k].raw && args[k].lo >= next && args[k].lo < lo)
                lo = args[k].lo;
        if (lo == UINT64_MAX)
            return true;
        if (m->n == max || m->n == ROUTINE_MAX_REGIONS)
            return false;
        uint32_t at = base + m->n * span + (uint32_t)(lo % align);
        m->first[m->n] = lo;
        m->delta[m->n] = lo - at;
        m->n++;
        next = lo + span / 2;
        if (next < lo)
            return true; /* the region reaches the top of the engine's space */
    }
}

uint32_t routine_map_to(const struct routine_map *m, uint64_t engine)
{
    for (unsigned k = m->n; k-- > 0;)
        if (engine >= m->first[k])
            return (uint32_t)(engine - m->delta[k]);
    return 0;
}

bool routine_map_from(const struct routine_map *m, uint32_t a, unsigned n, uint64_t *engine)
{
    if (a < m->base || !n)
        return false;
    /* region k (a shift for the usual power-of-two span: the same quotient) */
    uint32_t off = a - m->base, end = (uint32_t)(a + n - 1 - m->base);
    uint32_t k = m->shift ? off >> m->shift : off / m->span;
    if (k >= m->n || (m->shift ? end >> m->shift : end / m->span) != k)
        return false;
    *engine = a + m->delta[k];
    return true;
}

bool routine_run(struct routine_runner *r, uint32_t entry, const struct routine_arg *args, unsigned nargs,
                 unsigned ret_bytes, const struct routine_memory *mem, const struct routine_pipe *pipe, double *cycles,
                 double *instr)
{
    if (pipe && r->arch != ISA_CODE_RV32)
        return false;
    for (unsigned k = 0; k < nargs; k++)
        if (args[k].callback && (r->arch != ISA_CODE_AVR || !mem || !mem->callback))
            return false; /* only the AVR interpreter serves a callback */
    switch (r->arch) {
    case ISA_CODE_RV32:
        return routine_run_rv32(r, entry, args, nargs, ret_bytes, mem, pipe, cycles, instr);
    case ISA_CODE_PPC:
        return routine_run_ppc(r, entry, args, nargs, ret_bytes, mem, cycles, instr);
    case ISA_CODE_AVR:
        return routine_run_avr(r, entry, args, nargs, ret_bytes, mem, cycles, instr);
    default:
        return false;
    }
}
