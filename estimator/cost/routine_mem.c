/* routine_mem.c — the memory a 32-bit routine runs in (routine_rv32.c,
 * routine_ppc.c): its stack (read-write), the description's loaded bytes
 * (read-only) and the program's memory its pointer operands reach, mapped by
 * region from ROUTINE_PROGRAM_BASE (routine_impl.h: a global and a string on the
 * caller's stack each get one) and read through the engine, whose bytes the
 * routine writes are kept for the call only (an overlay, one slot per address
 * mod ROUTINE_OVERLAY). Either byte order. */
#include "routine_impl.h"
#include "support.h"

#include <string.h>

#define PROGRAM_REGIONS 8
#define PROGRAM_ALIGN 4096u /* an operand's address modulo this is kept */

static struct routine_mem *mem_of(struct routine_runner *r)
{
    if (!r->memory) {
        struct routine_mem *m = sup_xcalloc(1, sizeof(struct routine_mem));
        const uint32_t *a, *l;
        m->nheap = isa_code_heaps(r->code, &a, &l);
        for (size_t k = 0; k < m->nheap; k++) {
            m->heap_addr[k] = a[k];
            m->heap_len[k] = l[k];
            m->heap[k] = sup_xcalloc(l[k], 1); /* the allocator's .bss and heap start zero */
        }
        r->memory = m;
    }
    return r->memory;
}

static uint8_t *heap_at(struct routine_mem *m, uint32_t a, unsigned n)
{
    for (size_t k = 0; k < m->nheap; k++)
        if (a >= m->heap_addr[k] && (uint64_t)a + n <= (uint64_t)m->heap_addr[k] + m->heap_len[k])
            return m->heap[k] + (a - m->heap_addr[k]);
    return NULL;
}

bool routine_mem_begin(struct routine_runner *r, const struct routine_arg *args, unsigned nargs,
                       const struct routine_memory *mem)
{
    struct routine_mem *m = mem_of(r);
    if (++m->call == 0) { /* the overlay's stamps wrapped: forget them */
        memset(m->ov_call, 0, sizeof m->ov_call);
        memset(m->stack_call, 0, sizeof m->stack_call);
        m->call = 1;
    }
    /* the pointer operands' memory, by region: order and alignment kept */
    if (!routine_map_pointers(&m->map, args, nargs, ROUTINE_PROGRAM_BASE, ROUTINE_PROGRAM_REGION, PROGRAM_REGIONS,
                              PROGRAM_ALIGN) ||
        (m->map.n && !mem))
        return false;
    m->program = m->map.n ? mem : NULL;
    m->heap_touched = false;
    m->nwritten = 0;
    return true;
}

uint32_t routine_mem_operand(const struct routine_runner *r, const struct routine_arg *g)
{
    const struct routine_mem *m = r->memory;
    return g->pointer && !g->raw ? routine_map_to(&m->map, g->lo) : (uint32_t)g->lo;
}

/* The taint of the N stack bytes at offset O a load reads (routine_mem.track). */
static uint8_t stack_load_taint(const struct routine_mem *m, uint32_t o, unsigned n)
{
    uint8_t t = 0;
    for (unsigned i = 0; i < n; i++)
        t |= m->stack_call[o + i] != m->call ? 1 : m->stack_taint[o + i];
    return t;
}

/* A load or store of the program's bytes at A: the region it reached. */
static void note_access(struct routine_mem *m, uint32_t a)
{
    uint32_t k = m->map.shift ? (a - m->map.base) >> m->map.shift : (a - m->map.base) / m->map.span;
    m->last_region = k < ROUTINE_MAX_REGIONS ? (int)k : -1;
}

static uint8_t *stack_at(struct routine_mem *m, uint32_t a, unsigned n)
{
    uint32_t base = ROUTINE_STACK_TOP - ROUTINE_STACK_BYTES;
    return a >= base && a <= ROUTINE_STACK_TOP - n ? &m->stack[a - base] : NULL;
}

static bool in_program(const struct routine_mem *m, uint32_t a, unsigned n)
{
    uint64_t e;
    return m->program && routine_map_from(&m->map, a, n, &e);
}

static bool program_byte(struct routine_mem *m, uint32_t a, uint8_t *v)
{
    unsigned k = a % ROUTINE_OVERLAY;
    if (m->ov_call[k] == m->call && m->ov_addr[k] == a)
        return *v = m->ov_val[k], true;
    uint64_t e;
    if (!routine_map_from(&m->map, a, 1, &e))
        return false;
    const uint8_t *p = m->program->read(m->program->ctx, e, 1);
    return p ? (*v = *p, true) : false;
}

bool routine_mem_load(struct routine_runner *r, uint32_t a, unsigned n, bool big_endian, uint32_t *out)
{
    struct routine_mem *m = mem_of(r);
    uint8_t b[4];
    if (n > 4)
        return false;
    const uint8_t *p = stack_at(m, a, n);
    m->last_region = -1;
    if (p && m->track)
        m->load_taint = stack_load_taint(m, (uint32_t)(p - m->stack), n);
    if (!p) {
        p = heap_at(m, a, n);
        if (p && m->track)
            m->heap_touched = true, m->load_taint = 1;
    }
    uint64_t e;
    if (!p && m->program && routine_map_from(&m->map, a, n, &e)) {
        if (m->track) {
            m->load_taint = 1;
            note_access(m, a);
        }
        /* all N bytes at once when the call wrote none of them (the same bytes as one by one) */
        bool written = false;
        for (unsigned i = 0; i < n && !written; i++) {
            unsigned k = (a + i) % ROUTINE_OVERLAY;
            written = m->ov_call[k] == m->call && m->ov_addr[k] == a + i;
        }
        p = written ? NULL : m->program->read(m->program->ctx, e, n);
        if (!p) {
            for (unsigned i = 0; i < n; i++)
                if (!program_byte(m, a + i, &b[i]))
                    return false;
            p = b;
        }
    }
    if (!p) {
        p = isa_code_bytes(r->code, a, n, NULL);
        if (m->track)
            m->load_taint = 0; /* the description's bytes never change */
    }
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
    m->last_region = -1;
    if (p && m->track) {
        uint32_t o = (uint32_t)(p - m->stack);
        for (unsigned i = 0; i < n; i++) {
            if (m->stack_call[o + i] != m->call) {
                m->stack_call[o + i] = m->call;
                m->stack_written[m->nwritten++] = (uint16_t)(o + i);
            }
            m->stack_taint[o + i] = m->store_taint;
        }
    }
    if (!p) {
        p = heap_at(m, a, n);
        if (p && m->track)
            m->heap_touched = true;
    }
    if (!p && in_program(m, a, n)) {
        if (m->track)
            note_access(m, a);
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
        return isa_code_mmio(r->code, a, n); /* an output port: the store is its effect */
    memcpy(p, b, n);
    return true;
}
