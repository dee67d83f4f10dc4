/* model.c — the compiled model's memory (one arena per model), its name
 * table (places, transitions and parameters share one namespace) and the
 * read-only introspection functions of lpn.h. */
#include "lpn_impl.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

struct arena_block {
    struct arena_block *next;
    max_align_t data[];
};

void *lpn__alloc(struct lpn_model *m, size_t n)
{
    struct arena_block *b = sup_xmalloc(sizeof *b + n);
    b->next = m->arena;
    m->arena = b;
    memset(b->data, 0, n);
    return b->data;
}

const char *lpn__strdup(struct lpn_model *m, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = lpn__alloc(m, n);
    memcpy(d, s, n);
    return d;
}

struct lpn_model *lpn__model_new(const char *source)
{
    struct lpn_model *m = sup_xcalloc(1, sizeof *m);
    m->source = lpn__strdup(m, source);
    m->name = m->source;
    m->start = m->done = -1;
    return m;
}

void lpn_model_free(struct lpn_model *m)
{
    if (!m)
        return;
    struct arena_block *b = m->arena;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    free(m->names);
    free(m);
}

/* ---- names -------------------------------------------------------------------*/
static size_t hash_name(const char *s)
{
    size_t h = 1469598103934665603ULL & SIZE_MAX;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * (1099511628211ULL & SIZE_MAX);
    return h;
}

bool lpn__name_find(const struct lpn_model *m, const char *name, int *kind, int *idx)
{
    if (!m->names_cap)
        return false;
    size_t mask = m->names_cap - 1;
    for (size_t k = hash_name(name) & mask;; k = (k + 1) & mask) {
        const struct lpn_name *e = &m->names[k];
        if (!e->name)
            return false;
        if (strcmp(e->name, name) == 0) {
            *kind = e->kind;
            *idx = e->idx;
            return true;
        }
    }
}

static void put(struct lpn_name *tab, size_t cap, struct lpn_name e)
{
    size_t mask = cap - 1;
    size_t k = hash_name(e.name) & mask;
    while (tab[k].name)
        k = (k + 1) & mask;
    tab[k] = e;
}

bool lpn__name_add(struct lpn_model *m, const char *name, int kind, int idx)
{
    int k0, i0;
    if (lpn__name_find(m, name, &k0, &i0))
        return false;
    if ((m->nnames + 1) * 2 > m->names_cap) {
        size_t cap = m->names_cap ? m->names_cap * 2 : 64;
        struct lpn_name *tab = sup_xcalloc(cap, sizeof *tab);
        for (size_t k = 0; k < m->names_cap; k++)
            if (m->names[k].name)
                put(tab, cap, m->names[k]);
        free(m->names);
        m->names = tab;
        m->names_cap = cap;
    }
    put(m->names, m->names_cap, (struct lpn_name){.name = name, .kind = kind, .idx = idx});
    m->nnames++;
    return true;
}

/* ---- introspection -----------------------------------------------------------*/
const char *lpn_model_name(const struct lpn_model *m) { return m->name; }
const char *lpn_model_source(const struct lpn_model *m) { return m->source; }
int lpn_place_count(const struct lpn_model *m) { return m->nplaces; }
int lpn_transition_count(const struct lpn_model *m) { return m->ntrans; }
int lpn_start_place(const struct lpn_model *m) { return m->start; }
int lpn_done_place(const struct lpn_model *m) { return m->done; }

int lpn_place_find(const struct lpn_model *m, const char *name)
{
    int kind, idx;
    if (lpn__name_find(m, name, &kind, &idx) && kind == LPN_NAME_PLACE)
        return idx;
    for (int p = 0; p < m->nplaces; p++)   /* generated places are not in the table */
        if (m->places[p].cap_of >= 0 && strcmp(m->places[p].name, name) == 0)
            return p;
    return -1;
}

static bool place_ok(const struct lpn_model *m, int p) { return p >= 0 && p < m->nplaces; }

const char *lpn_place_name(const struct lpn_model *m, int p) { return place_ok(m, p) ? m->places[p].name : NULL; }
int lpn_place_nprops(const struct lpn_model *m, int p) { return place_ok(m, p) ? m->places[p].nprops : 0; }
int64_t lpn_place_capacity(const struct lpn_model *m, int p) { return place_ok(m, p) ? m->places[p].capacity : 0; }
bool lpn_place_is_resource(const struct lpn_model *m, int p) { return place_ok(m, p) && m->places[p].resource; }

const char *lpn_place_prop(const struct lpn_model *m, int p, int k)
{
    if (!place_ok(m, p) || k < 0 || k >= m->places[p].nprops)
        return NULL;
    return m->places[p].props[k];
}

int lpn_place_prop_find(const struct lpn_model *m, int p, const char *prop)
{
    if (!place_ok(m, p))
        return -1;
    for (int k = 0; k < m->places[p].nprops; k++)
        if (strcmp(m->places[p].props[k], prop) == 0)
            return k;
    return -1;
}

int lpn_transition_find(const struct lpn_model *m, const char *name)
{
    int kind, idx;
    if (lpn__name_find(m, name, &kind, &idx) && kind == LPN_NAME_TRANS)
        return idx;
    return -1;
}

const char *lpn_transition_name(const struct lpn_model *m, int t)
{
    return t >= 0 && t < m->ntrans ? m->trans[t].name : NULL;
}

bool lpn_param_value(const struct lpn_model *m, const char *name, int64_t *value)
{
    for (int k = 0; k < m->nparams; k++)
        if (strcmp(m->params[k].name, name) == 0) {
            *value = m->params[k].value;
            return true;
        }
    return false;
}
