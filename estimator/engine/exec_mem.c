/* exec_mem.c — the simulated target address space: one reserved host range
 * holding globals, heap and stack at target addresses, byte-order aware
 * scalar access, and a malloc whose bookkeeping lives on the host side (so a
 * program's overflow cannot corrupt it and bad frees are caught). */
#define _DEFAULT_SOURCE
#include "exec.h"
#include "support.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HEAP_ALIGN 16u
#define SMALL_CLASSES 64 /* free lists for sizes 16..1024 */

struct addr_vec {
    uint64_t *v;
    size_t n, cap;
};

struct heap {
    /* live blocks: open addressing, key = address (0 = empty, 1 = deleted) */
    uint64_t *keys;
    uint64_t *sizes;
    size_t cap, used, tomb;
    struct addr_vec small[SMALL_CLASSES + 1];
    struct addr_vec large_addr, large_size;
};

static void vec_push(struct addr_vec *a, uint64_t x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = sup_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = x;
}

bool exec_mem_init(struct vm *vm, uint64_t stack_bytes)
{
    struct target_info *t = &vm->t;
    void *p = mmap(NULL, t->mem_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        sup_diag(vm->diag, NULL, 0, 0, "error", "cannot reserve %llu bytes for the simulated memory: %s",
                 (unsigned long long)t->mem_size, strerror(errno));
        return false;
    }
    vm->mem = p;
    if (stack_bytes == 0)
        stack_bytes = t->ptr_bytes == 2 ? 8192 : 8u << 20;
    if (stack_bytes > t->mem_size / 2)
        stack_bytes = t->mem_size / 2;
    vm->stack_hi = t->mem_size - (t->ptr_bytes == 2 ? 1 : 0x1000);
    vm->stack_hi &= ~(uint64_t)15;
    vm->stack_lo = vm->stack_hi - stack_bytes;
    vm->sp = vm->stack_hi;
    vm->sp_low = vm->stack_hi;
    vm->heap_limit = vm->stack_lo - 256;
    vm->heap = sup_xcalloc(1, sizeof *vm->heap);
    return true;
}

void exec_mem_free(struct vm *vm)
{
    if (vm->mem)
        munmap(vm->mem, vm->t.mem_size);
    vm->mem = NULL;
    struct heap *h = vm->heap;
    if (h) {
        free(h->keys);
        free(h->sizes);
        for (int i = 0; i <= SMALL_CLASSES; i++)
            free(h->small[i].v);
        free(h->large_addr.v);
        free(h->large_size.v);
        free(h);
    }
    vm->heap = NULL;
}

uint64_t exec_load_uint(struct vm *vm, const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    if (vm->t.big_endian)
        for (unsigned i = 0; i < n; i++)
            v = v << 8 | p[i];
    else
        for (unsigned i = n; i-- > 0;)
            v = v << 8 | p[i];
    return v;
}

void exec_store_uint(struct vm *vm, uint8_t *p, unsigned n, uint64_t v)
{
    if (vm->t.big_endian)
        for (unsigned i = n; i-- > 0; v >>= 8)
            p[i] = (uint8_t)v;
    else
        for (unsigned i = 0; i < n; i++, v >>= 8)
            p[i] = (uint8_t)v;
}

int64_t exec_strlen(struct vm *vm, uint64_t a)
{
    uint64_t end;
    if (a >= vm->ro_lo && a < vm->rd_end)
        end = vm->rd_end;
    else if (a >= vm->stack_lo && a < vm->stack_hi)
        end = vm->stack_hi;
    else
        return -1;
    const uint8_t *s = vm->mem + a;
    const uint8_t *z = memchr(s, 0, end - a);
    return z ? z - s : -1;
}

uint64_t exec_stack_push(struct vm *vm, uint64_t n, uint64_t align)
{
    if (align < 1)
        align = 1;
    if (n > vm->sp - vm->stack_lo)
        return 0;
    uint64_t sp = (vm->sp - n) & ~(align - 1);
    if (sp < vm->stack_lo)
        return 0;
    vm->sp = sp;
    if (sp < vm->sp_low)
        vm->sp_low = sp;
    return sp;
}

/* ---- heap bookkeeping ---- */
static size_t hash_addr(uint64_t a, size_t cap) { return (size_t)((a >> 4) * 0x9E3779B97F4A7C15ull >> 20) & (cap - 1); }

static void table_grow(struct heap *h);

static void table_put(struct heap *h, uint64_t a, uint64_t size)
{
    if ((h->used + h->tomb + 1) * 2 > h->cap)
        table_grow(h);
    size_t i = hash_addr(a, h->cap);
    while (h->keys[i] > 1)
        i = (i + 1) & (h->cap - 1);
    if (h->keys[i] == 1)
        h->tomb--;
    h->keys[i] = a;
    h->sizes[i] = size;
    h->used++;
}

static void table_grow(struct heap *h)
{
    uint64_t *ok = h->keys, *os = h->sizes;
    size_t ocap = h->cap;
    h->cap = ocap ? ocap * 2 : 256;
    if (h->used * 4 < ocap)
        h->cap = ocap; /* many tombstones: rehash at the same size */
    h->keys = sup_xcalloc(h->cap, sizeof *h->keys);
    h->sizes = sup_xcalloc(h->cap, sizeof *h->sizes);
    h->used = h->tomb = 0;
    for (size_t i = 0; i < ocap; i++)
        if (ok[i] > 1)
            table_put(h, ok[i], os[i]);
    free(ok);
    free(os);
}

static long table_find(struct heap *h, uint64_t a)
{
    if (!h->cap || a <= 1)
        return -1;
    size_t i = hash_addr(a, h->cap);
    while (h->keys[i]) {
        if (h->keys[i] == a)
            return (long)i;
        i = (i + 1) & (h->cap - 1);
    }
    return -1;
}

/* Sizes are kept as requested (for realloc) in the low bits; the rounded
 * capacity is derived. */
static uint64_t round_size(uint64_t n) { return n ? (n + HEAP_ALIGN - 1) & ~(uint64_t)(HEAP_ALIGN - 1) : HEAP_ALIGN; }

static void release_chunk(struct heap *h, uint64_t a, uint64_t cap)
{
    if (cap / HEAP_ALIGN <= SMALL_CLASSES)
        vec_push(&h->small[cap / HEAP_ALIGN], a);
    else {
        vec_push(&h->large_addr, a);
        vec_push(&h->large_size, cap);
    }
}

uint64_t exec_malloc(struct vm *vm, uint64_t n, uint64_t align)
{
    struct heap *h = vm->heap;
    if (n > vm->heap_limit)
        return 0;
    uint64_t cap = round_size(n);
    uint64_t a = 0;
    if (align <= HEAP_ALIGN) {
        if (cap / HEAP_ALIGN <= SMALL_CLASSES && h->small[cap / HEAP_ALIGN].n) {
            a = h->small[cap / HEAP_ALIGN].v[--h->small[cap / HEAP_ALIGN].n];
        } else if (cap / HEAP_ALIGN > SMALL_CLASSES) {
            for (size_t i = 0; i < h->large_addr.n; i++) {
                if (h->large_size.v[i] >= cap) {
                    a = h->large_addr.v[i];
                    uint64_t have = h->large_size.v[i];
                    h->large_addr.v[i] = h->large_addr.v[h->large_addr.n - 1];
                    h->large_size.v[i] = h->large_size.v[h->large_size.n - 1];
                    h->large_addr.n--;
                    h->large_size.n--;
                    if (have - cap >= 2 * HEAP_ALIGN)
                        release_chunk(h, a + cap, have - cap);
                    else
                        cap = have;
                    break;
                }
            }
        }
    }
    if (!a) {
        uint64_t al = align > HEAP_ALIGN ? align : HEAP_ALIGN;
        uint64_t start = (vm->brk + al - 1) & ~(al - 1);
        if (start > vm->heap_limit || cap > vm->heap_limit - start)
            return 0;
        a = start;
        vm->brk = start + cap;
        if (!vm->linked)
            vm->rd_end = vm->brk;
    }
    table_put(h, a, n);
    return a;
}

uint64_t exec_alloc_size(struct vm *vm, uint64_t a)
{
    long i = table_find(vm->heap, a);
    return i < 0 ? 0 : vm->heap->sizes[i] ? vm->heap->sizes[i] : 1;
}

bool exec_free(struct vm *vm, uint64_t a)
{
    struct heap *h = vm->heap;
    long i = table_find(h, a);
    if (i < 0)
        return false;
    uint64_t cap = round_size(h->sizes[i]);
    h->keys[i] = 1;
    h->used--;
    h->tomb++;
    release_chunk(h, a, cap);
    return true;
}
