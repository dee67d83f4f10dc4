/* pointset.c — the index of parameter vectors of pointset.h: FNV-style
 * hashing of the values, open addressing with linear probing, rehashed at
 * half load. */
#include "pointset.h"

#include "support.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_values(const int64_t *v, int n)
{
    uint64_t h = 1469598103934665603ULL;
    for (int k = 0; k < n; k++) {
        h ^= (uint64_t)v[k];
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}

static const int64_t *key(const struct lpn__pointset *s, size_t k)
{
    return s->keys + k * (size_t)s->np;
}

static void place(size_t *slot, size_t cap, uint64_t h, size_t k)
{
    size_t i = (size_t)(h % cap);
    while (slot[i])
        i = (i + 1) % cap;
    slot[i] = k + 1;
}

void lpn__pointset_init(struct lpn__pointset *s, int np)
{
    memset(s, 0, sizeof *s);
    s->np = np;
    s->hcap = 64;
    s->slot = sup_xcalloc(s->hcap, sizeof *s->slot);
}

void lpn__pointset_free(struct lpn__pointset *s)
{
    free(s->keys);
    free(s->slot);
    memset(s, 0, sizeof *s);
}

long lpn__pointset_find(const struct lpn__pointset *s, const int64_t *v)
{
    size_t bytes = (size_t)s->np * sizeof *v;
    for (size_t i = (size_t)(hash_values(v, s->np) % s->hcap);; i = (i + 1) % s->hcap) {
        if (!s->slot[i])
            return -1;
        if (!memcmp(key(s, s->slot[i] - 1), v, bytes))
            return (long)(s->slot[i] - 1);
    }
}

size_t lpn__pointset_add(struct lpn__pointset *s, const int64_t *v)
{
    if (2 * (s->n + 1) > s->hcap) {
        size_t ncap = s->hcap * 2;
        size_t *nslot = sup_xcalloc(ncap, sizeof *nslot);
        for (size_t k = 0; k < s->n; k++)
            place(nslot, ncap, hash_values(key(s, k), s->np), k);
        free(s->slot);
        s->slot = nslot, s->hcap = ncap;
    }
    if (s->n == s->kcap) {
        s->kcap = s->kcap ? 2 * s->kcap : 64;
        s->keys = sup_xrealloc(s->keys, s->kcap * (size_t)(s->np ? s->np : 1) * sizeof *s->keys);
    }
    if (s->np)
        memcpy(s->keys + s->n * (size_t)s->np, v, (size_t)s->np * sizeof *v);
    place(s->slot, s->hcap, hash_values(v, s->np), s->n);
    return s->n++;
}
