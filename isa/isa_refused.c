/* isa_refused.c — the runtime_refused: section (routines a description deliberately
 * does not price, each group with its reason) and the listing of the priced
 * routines, for the errors about unpriced calls and the routine-coverage test. */
#include "isa_impl.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

struct isa__refusal {
    const char *reason;
    const char **routines;
    size_t n;
    unsigned line;
};

static bool valid_symbol(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') || ('0' <= *s && *s <= '9') || *s == '_' ||
              *s == '.' || *s == '$'))
            return false;
    return true;
}

bool isa__load_refused(struct isa__loader *L, const struct sup_ynode *node)
{
    struct isa *isa = L->isa;
    if (!sup_yexpect(L->doc, node, SUP_Y_SEQ, "runtime_refused"))
        return false;
    isa->refusals = isa__alloc(&isa->arena, (node->n + 1) * sizeof *isa->refusals);
    bool ok = true;
    for (size_t i = 0; i < node->n; i++) {
        const struct sup_ynode *e = node->items[i];
        static const char *const keys[] = {"reason", "routines", NULL};
        if (!sup_yexpect(L->doc, e, SUP_Y_MAP, "a runtime_refused entry")) {
            ok = false;
            continue;
        }
        if (!sup_ycheck_keys(L->doc, e, keys, "a runtime_refused entry"))
            ok = false;
        const struct sup_ynode *reason = sup_yneed(L->doc, e, "reason", "a runtime_refused entry");
        const struct sup_ynode *list = sup_yneed(L->doc, e, "routines", "a runtime_refused entry");
        if (!reason || !list || !isa__string(L, reason, "reason") ||
            !sup_yexpect(L->doc, list, SUP_Y_SEQ, "routines")) {
            ok = false;
            continue;
        }
        if (list->n == 0) {
            ok = sup_yerror(L->doc, list, "an empty list of routines");
            continue;
        }
        struct isa__refusal *r = &isa->refusals[isa->nrefusals++];
        r->reason = isa__strdup(&isa->arena, reason->str);
        r->line = e->line;
        r->routines = isa__alloc(&isa->arena, list->n * sizeof *r->routines);
        for (size_t k = 0; k < list->n; k++) {
            const struct sup_ynode *s = list->items[k];
            if (!isa__string(L, s, "a routine")) {
                ok = false;
                continue;
            }
            bool all = !strcmp(s->str, "*");
            if (!all && !valid_symbol(s->str)) {
                ok = sup_yerror(L->doc, s, "'%s' is not a symbol name", s->str);
                continue;
            }
            if (!all && isa__map_get(&isa->runtime, s->str)) {
                ok = sup_yerror(L->doc, s, "'%s' is priced in runtime: and refused here", s->str);
                continue;
            }
            const char *name = isa__strdup(&isa->arena, s->str);
            if ((all && isa->refused_all) || (!all && isa__map_put(&isa->refused, name, r))) {
                ok = sup_yerror(L->doc, s, "routine '%s' is refused twice", s->str);
                continue;
            }
            if (all)
                isa->refused_all = r;
            r->routines[r->n++] = name;
        }
    }
    return ok;
}

const char *isa_runtime_refused(const struct isa *isa, const char *symbol, unsigned *line)
{
    if (isa__map_get(&isa->runtime, symbol))
        return NULL;
    const struct isa__refusal *r = isa__map_get(&isa->refused, symbol);
    if (!r)
        r = isa->refused_all;
    if (r && line)
        *line = r->line;
    return r ? r->reason : NULL;
}

size_t isa_nrefusals(const struct isa *isa)
{
    return isa->nrefusals;
}

const char *isa_refusal(const struct isa *isa, size_t i, const char *const **routines, size_t *n)
{
    if (i >= isa->nrefusals)
        return NULL;
    *routines = isa->refusals[i].routines;
    *n = isa->refusals[i].n;
    return isa->refusals[i].reason;
}

static int by_symbol(const void *a, const void *b)
{
    return strcmp((*(const struct isa_runtime *const *)a)->symbol, (*(const struct isa_runtime *const *)b)->symbol);
}

size_t isa_nruntime(const struct isa *isa)
{
    return isa->runtime.n;
}

const struct isa_runtime *isa_runtime_at(const struct isa *isa, size_t i)
{
    struct isa *mut = (struct isa *)isa; /* the sorted list is made once, on first use */
    if (!mut->runtime_sorted && isa->runtime.n) {
        mut->runtime_sorted = isa__alloc(&mut->arena, isa->runtime.n * sizeof *mut->runtime_sorted);
        size_t k = 0;
        for (size_t j = 0; j < isa->runtime.cap; j++)
            if (isa->runtime.keys[j])
                mut->runtime_sorted[k++] = &((const struct isa__runtime *)isa->runtime.vals[j])->pub;
        qsort(mut->runtime_sorted, k, sizeof *mut->runtime_sorted, by_symbol);
    }
    return i < isa->runtime.n ? mut->runtime_sorted[i] : NULL;
}
