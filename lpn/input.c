/* input.c — reads a JSONL token stream (FORMAT.md "Input tokens"): one
 * {"place": NAME, "time": CYCLE, "props": {...}} object per line, each
 * checked against the place's type and injected into a simulation. */
#include "sim.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static bool jerr(FILE *diag, const char *path, const struct sup_jv *v, const char *fmt, ...) SUP_PRINTF(4, 5);
static bool jerr(FILE *diag, const char *path, const struct sup_jv *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sup_vdiag(diag, path, v->line, v->col, "error", fmt, ap);
    va_end(ap);
    return false;
}

static bool is_int(const struct sup_jv *v) { return v && v->kind == SUP_J_NUM && v->is_int; }

/* Checks and injects the token of one line. */
static bool one_token(struct lpn_sim *s, const char *path, const struct sup_jv *o, FILE *diag)
{
    const struct lpn_model *m = s->m;
    if (o->kind != SUP_J_OBJ)
        return jerr(diag, path, o, "expected an object {\"place\": ..., \"time\": ..., \"props\": {...}}");
    for (size_t k = 0; k < o->n; k++)
        if (strcmp(o->keys[k], "place") && strcmp(o->keys[k], "time") && strcmp(o->keys[k], "props"))
            return jerr(diag, path, o->items[k], "unknown key '%s' (expected place, time, props)", o->keys[k]);
    const struct sup_jv *pv = sup_jv_get(o, "place"), *tv = sup_jv_get(o, "time"), *props = sup_jv_get(o, "props");
    int place = m->start;
    if (pv) {
        if (pv->kind != SUP_J_STR)
            return jerr(diag, path, pv, "\"place\" must be a string");
        place = lpn_place_find(m, pv->str);
        if (place < 0)
            return jerr(diag, path, pv, "unknown place '%s'", pv->str);
    } else if (place < 0) {
        return jerr(diag, path, o, "missing \"place\" (the model has no start place)");
    }
    const struct lpn_place *pl = &m->places[place];
    if (pl->capacity || pl->cap_of >= 0)
        return jerr(diag, path, pv ? pv : o, "place '%s' has a capacity; tokens cannot be injected into it", pl->name);
    int64_t time = 0;
    if (tv) {
        if (!is_int(tv) || tv->i < 0)
            return jerr(diag, path, tv, "\"time\" must be a non-negative integer");
        time = tv->i;
        if (time < s->now)
            return jerr(diag, path, tv, "time %lld is before the simulation's clock (%lld)", (long long)time, (long long)s->now);
    }
    int64_t vals[LPN_MAX_PROPS + 1] = {0};
    if (props && props->kind != SUP_J_OBJ)
        return jerr(diag, path, props, "\"props\" must be an object");
    for (size_t k = 0; props && k < props->n; k++) {
        int q = lpn_place_prop_find(m, place, props->keys[k]);
        if (q < 0)
            return jerr(diag, path, props->items[k], "place '%s' has no property '%s'", pl->name, props->keys[k]);
        if (!is_int(props->items[k]))
            return jerr(diag, path, props->items[k], "property '%s' must be an integer", props->keys[k]);
        vals[q] = props->items[k]->i;
    }
    for (int q = 0; q < pl->nprops; q++)
        if (!sup_jv_get(props, pl->props[q]))
            return jerr(diag, path, props ? props : o, "property '%s' of place '%s' is missing", pl->props[q], pl->name);
    if (lpn_sim_inject(s, place, time, vals) != 0)
        return jerr(diag, path, o, "cannot inject the token");
    return true;
}

long lpn_sim_load_jsonl(struct lpn_sim *s, const char *path, FILE *diag)
{
    size_t len;
    char *text = sup_read_file(path, &len, 0, diag);
    if (!text)
        return -1;
    long count = 0;
    unsigned line = 1;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        const char *q = p;
        while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (q < eol) {
            struct sup_jv *v = sup_json_parse(path, p, (size_t)(eol - p), line - 1, diag);
            bool ok = v && one_token(s, path, v, diag);
            sup_jv_free(v);
            if (!ok) {
                free(text);
                return -1;
            }
            count++;
        }
        line++;
        p = nl ? nl + 1 : end;
    }
    free(text);
    return count;
}
