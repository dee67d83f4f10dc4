/* ptrmap.c — open-addressing hash map from pointers to values. */
#include "ptrmap.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static size_t slot_of(const void *key, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & (cap - 1);
}

static void grow(struct ptrmap *m)
{
    size_t ocap = m->cap;
    const void **ok = m->keys;
    uint64_t *ov = m->vals;
    m->cap = ocap ? ocap * 2 : 64;
    m->keys = sup_xcalloc(m->cap, sizeof *m->keys);
    m->vals = sup_xcalloc(m->cap, sizeof *m->vals);
    m->n = 0;
    for (size_t i = 0; i < ocap; i++)
        if (ok[i])
            ptrmap_put(m, ok[i], ov[i]);
    free(ok);
    free(ov);
}

void ptrmap_put(struct ptrmap *m, const void *key, uint64_t val)
{
    if ((m->n + 1) * 2 > m->cap)
        grow(m);
    size_t i = slot_of(key, m->cap);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
}

bool ptrmap_get(const struct ptrmap *m, const void *key, uint64_t *val)
{
    if (!m->cap)
        return false;
    size_t i = slot_of(key, m->cap);
    while (m->keys[i]) {
        if (m->keys[i] == key) {
            *val = m->vals[i];
            return true;
        }
        i = (i + 1) & (m->cap - 1);
    }
    return false;
}

void ptrmap_clear(struct ptrmap *m)
{
    if (m->cap) {
        memset(m->keys, 0, m->cap * sizeof *m->keys);
        m->n = 0;
    }
}

void ptrmap_free(struct ptrmap *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}
