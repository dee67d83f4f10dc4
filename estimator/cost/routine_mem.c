/* routine_mem.c — the memory a 32-bit routine runs in (routine_rv32.c,
 * routine_ppc.c): its stack (read-write), the description's loaded bytes
 * (read-only) and the program's memory its pointer operands reach, mapped at
 * ROUTINE_PROGRAM_BASE and read through the engine, whose bytes the routine
 * writes are kept for the call only (an overlay, one slot per address mod
 * ROUTINE_OVERLAY). Either byte order. */
#include "routine_impl.h"
#include "support.h"

#include <string.h>

#define PROGRAM_SPAN 0x10000000u

static struct routine_mem *mem_of(struct routine_runner *r)
{
    if (!r->memory)
        r->memory = sup_xcalloc(1, sizeof(struct routine_mem));
    return r->memory;
}

bool routine_mem_begin(struct routine_runner *r, const struct routine_arg *args, unsigned nargs,
                       const struct routine_memory *mem)
{
    struct routine_mem *m = mem_of(r);
    if (++m->call == 0) { /* the overlay's stamps wrapped: forget them */
        memset(m->ov_call, 0, sizeof m->ov_call);
        m->call = 1;
    }
    /* the pointer operands' memory, relocated as a whole: order and alignment (mod 4096) kept */
    uint64_t lo, hi;
    m->program = NULL;
    m->delta = 0;
    if (routine_pointers(args, nargs, &lo, &hi)) {
        if (!mem || hi - lo >= PROGRAM_SPAN / 2)
            return false;
        m->program = mem;
        m->delta = lo - (ROUTINE_PROGRAM_BASE + (lo & 0xfff));
    }
    return true;
}

uint32_t routine_mem_operand(const struct routine_runner *r, const struct routine_arg *g)
{
    const struct routine_mem *m = r->memory;
    return g->pointer ? (uint32_t)(g->lo - m->delta) : (uint32_t)g->lo;
}

static uint8_t *stack_at(struct routine_mem *m, uint32_t a, unsigned n)
{
    uint32_t base = ROUTINE_STACK_TOP - ROUTINE_STACK_BYTES;
    return a >= base && a <= ROUTINE_STACK_TOP - n ? &m->stack[a - base] : NULL;
}

static bool in_program(const struct routine_mem *m, uint32_t a, unsigned n)
{
    return m->program && a >= ROUTINE_PROGRAM_BASE && a <= ROUTINE_PROGRAM_BASE + PROGRAM_SPAN - n;
}

static bool program_byte(struct routine_mem *m, uint32_t a, uint8_t *v)
{
    unsigned k = a % ROUTINE_OVERLAY;
    if (m->ov_call[k] == m->call && m->ov_addr[k] == a)
        return *v = m->ov_val[k], true;
    const uint8_t *p = m->program->read(m->program->ctx, a + m->delta, 1);
    return p ? (*v = *p, true) : false;
}

bool routine_mem_load(struct routine_runner *r, uint32_t a, unsigned n, bool big_endian, uint32_t *out)
{
    struct routine_mem *m = mem_of(r);
    uint8_t b[4];
    if (n > 4)
        return false;
    const uint8_t *p = stack_at(m, a, n);
    if (!p && in_program(m, a, n)) {
        for (unsigned i = 0; i < n; i++)
            if (!program_byte(m, a + i, &b[i]))
                return false;
        p = b;
    }
    if (!p)
        p = isa_code_bytes(r->code, a, n, NULL);
    if (!p)
        return false;
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | p[big_endian ? i : n - 1 - i];
    *out = v;
    return true;
}

bool routine_mem_store(struct routine_runner *r, uint32_t a, unsigned n, bool big_endian, uint32_t v)
{
    struct routine_mem *m = mem_of(r);
    if (n > 4)
        return false;
    uint8_t b[4];
    for (unsigned i = 0; i < n; i++) /* b: the bytes at a, a+1, ... */
        b[big_endian ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
    uint8_t *p = stack_at(m, a, n);
    if (!p && in_program(m, a, n)) {
        for (unsigned i = 0; i < n; i++) {
            unsigned k = (a + i) % ROUTINE_OVERLAY;
            if (m->ov_call[k] == m->call && m->ov_addr[k] != a + i)
                return false; /* more than the overlay holds */
            m->ov_call[k] = m->call;
            m->ov_addr[k] = a + i;
            m->ov_val[k] = b[i];
        }
        return true;
    }
    if (!p)
        return false;
    memcpy(p, b, n);
    return true;
}
