/* isa_util.c — the small services the isa module's files share: an arena
 * that frees a description at once, a string-keyed hash map, and the
 * loader's checked readers for cycle counts and strings. */
#include "isa_impl.h"
#include "support.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct isa__arena {
    struct isa__arena *next;
    max_align_t data[];
};

void *isa__alloc(struct isa__arena **a, size_t n)
{
    struct isa__arena *b = sup_xmalloc(sizeof *b + (n ? n : 1));
    memset(b->data, 0, n);
    b->next = *a;
    *a = b;
    return b->data;
}

char *isa__strdup(struct isa__arena **a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = isa__alloc(a, n);
    memcpy(d, s, n);
    return d;
}

void isa__arena_free(struct isa__arena *a)
{
    while (a) {
        struct isa__arena *next = a->next;
        free(a);
        a = next;
    }
}

/* FNV-1a */
static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static size_t slot(const struct isa__map *m, const char *key)
{
    size_t i = (size_t)hash(key) & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], key) != 0)
        i = (i + 1) & (m->cap - 1);
    return i;
}

void *isa__map_get(const struct isa__map *m, const char *key)
{
    if (!m->cap)
        return NULL;
    size_t i = slot(m, key);
    return m->keys[i] ? m->vals[i] : NULL;
}

static void grow(struct isa__map *m)
{
    struct isa__map old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->keys = sup_xcalloc(m->cap, sizeof *m->keys);
    m->vals = sup_xcalloc(m->cap, sizeof *m->vals);
    m->n = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) {
            size_t j = slot(m, old.keys[i]);
            m->keys[j] = old.keys[i];
            m->vals[j] = old.vals[i];
            m->n++;
        }
    free(old.keys);
    free(old.vals);
}

void *isa__map_put(struct isa__map *m, const char *key, void *val)
{
    if ((m->n + 1) * 2 > m->cap)
        grow(m);
    size_t i = slot(m, key);
    if (m->keys[i])
        return m->vals[i];
    m->keys[i] = key;
    m->vals[i] = val;
    m->n++;
    return NULL;
}

void isa__map_free(struct isa__map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

bool isa__cycles(struct isa__loader *L, const struct sup_ynode *node, const char *what, uint32_t *out)
{
    if (!sup_yexpect(L->doc, node, SUP_Y_SCALAR, what))
        return false;
    const char *s = node->str;
    if (!node->quoted && s[0] == '-' && s[1] >= '0' && s[1] <= '9')
        return sup_yerror(L->doc, node, "%s must not be negative (found %s)", what, s);
    int64_t v;
    if (!sup_yint(L->doc, node, 0, 1000000, &v))
        return false;
    *out = (uint32_t)v;
    return true;
}

const char *isa__string(struct isa__loader *L, const struct sup_ynode *node, const char *what)
{
    if (!sup_yexpect(L->doc, node, SUP_Y_SCALAR, what))
        return NULL;
    return node->str;
}
