/* input.c — reads a JSONL token stream (FORMAT.md "Input tokens"): one
 * {"place": NAME, "time": CYCLE, "props": {...}} object per line, each
 * checked against the place's type and injected into a simulation. Lines
 * of the usual form take a fast path; the others, and every error, go
 * through the general JSON parser. */
#include "sim.h"
#include "json.h"
#include "support.h"

#include <errno.h>
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

/* ---- the fast path -------------------------------------------------------------
 * Nearly every line is {"place": "NAME", "time": N, "props": {"K": N, ...}}
 * with plain strings and integers. fast_token reads exactly that form (keys
 * in any order, each at most once, JSON whitespace) without building a tree
 * and injects the token after the checks one_token makes. Anything else —
 * escapes, other kinds of values, a leading zero, an unknown name, a check
 * that fails — returns false with nothing injected, and the line goes to the
 * general parser, which accepts it the same way or reports the error. */
#define FAST_PROPS 32   /* more properties: the general parser */

struct cursor {
    const char *p, *end;
};

static bool eat(struct cursor *c, char ch)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
        c->p++;
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

/* A string without escapes or control characters: [*S, *S + *N). */
static bool plain_string(struct cursor *c, const char **str, size_t *n)
{
    if (!eat(c, '"'))
        return false;
    const char *b = c->p;
    while (c->p < c->end && *c->p != '"') {
        if (*c->p == '\\' || (unsigned char)*c->p < 0x20)
            return false;
        c->p++;
    }
    if (c->p == c->end)
        return false;
    *str = b;
    *n = (size_t)(c->p++ - b);
    return true;
}

/* A JSON integer that fits int64_t (no fraction, no exponent). */
static bool plain_int(struct cursor *c, int64_t *v)
{
    eat(c, ' ');
    bool neg = c->p < c->end && *c->p == '-';
    c->p += neg;
    const char *b = c->p;
    uint64_t u = 0;
    for (; c->p < c->end && *c->p >= '0' && *c->p <= '9'; c->p++) {
        if (u > (UINT64_MAX - 9) / 10)
            return false;
        u = u * 10 + (uint64_t)(*c->p - '0');
    }
    size_t n = (size_t)(c->p - b);
    if (!n || (n > 1 && *b == '0') || (c->p < c->end && (*c->p == '.' || *c->p == 'e' || *c->p == 'E')))
        return false;
    if (u > (uint64_t)INT64_MAX + neg)
        return false;
    *v = !neg ? (int64_t)u : u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
    return true;
}

static bool is_key(const char *k, size_t n, const char *want) { return n == strlen(want) && !memcmp(k, want, n); }

/* The last place named, so that a stream into one place looks it up once. */
struct place_cache {
    char name[128];
    size_t len;
    int place;
};

static bool fast_token(struct lpn_sim *s, const char *line, const char *end, struct place_cache *pc)
{
    const struct lpn_model *m = s->m;
    struct cursor c = {line, end};
    const char *name = NULL, *key[FAST_PROPS];
    size_t nname = 0, nkey[FAST_PROPS];
    int64_t val[FAST_PROPS];
    int nprops = -1;   /* -1: no "props" */
    bool has_time = false;
    int64_t time = 0;
    if (!eat(&c, '{'))
        return false;
    do {
        const char *k;
        size_t n;
        if (!plain_string(&c, &k, &n) || !eat(&c, ':'))
            return false;
        if (is_key(k, n, "place") && !name) {
            if (!plain_string(&c, &name, &nname))
                return false;
        } else if (is_key(k, n, "time") && !has_time) {
            if (!plain_int(&c, &time))
                return false;
            has_time = true;
        } else if (is_key(k, n, "props") && nprops < 0) {
            if (!eat(&c, '{'))
                return false;
            nprops = 0;
            if (!eat(&c, '}')) {
                do {
                    if (nprops == FAST_PROPS || !plain_string(&c, &key[nprops], &nkey[nprops]) || !eat(&c, ':') ||
                        !plain_int(&c, &val[nprops]))
                        return false;
                    nprops++;
                } while (eat(&c, ','));
                if (!eat(&c, '}'))
                    return false;
            }
        } else {
            return false;
        }
    } while (eat(&c, ','));
    if (!eat(&c, '}') || (eat(&c, ' '), c.p != c.end))
        return false;
    int place = m->start;
    if (name) {
        if (nname >= sizeof pc->name)
            return false;
        if (nname != pc->len || memcmp(name, pc->name, nname)) {
            memcpy(pc->name, name, nname);
            pc->name[nname] = '\0';
            pc->len = nname;
            pc->place = lpn_place_find(m, pc->name);
        }
        place = pc->place;
    }
    if (place < 0 || time < s->now)
        return false;
    const struct lpn_place *pl = &m->places[place];
    if ((nprops < 0 ? 0 : nprops) != pl->nprops || pl->capacity || pl->cap_of >= 0)
        return false;
    int64_t vals[FAST_PROPS];
    uint32_t seen = 0;
    for (int k = 0; k < nprops; k++) {
        int q = is_key(key[k], nkey[k], pl->props[k]) ? k : -1;   /* in declared order, usually */
        for (int j = 0; j < pl->nprops && q < 0; j++)
            if (is_key(key[k], nkey[k], pl->props[j]))
                q = j;
        if (q < 0 || (seen >> q & 1))
            return false;
        seen |= 1u << q;
        vals[q] = val[k];
    }
    return lpn_sim_inject(s, place, time, vals) == 0;
}

/* Injects the token of LINE [P, EOL) (number LINENO); false after the error. */
static bool one_line(struct lpn_sim *s, const char *path, const char *p, const char *eol, unsigned lineno,
                     struct place_cache *cache, long *count, FILE *diag)
{
    const char *q = p;
    while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
        q++;
    if (q == eol)
        return true;
    if (!fast_token(s, q, eol, cache)) {
        struct sup_jv *v = sup_json_parse(path, p, (size_t)(eol - p), lineno - 1, diag);
        bool ok = v && one_token(s, path, v, diag);
        sup_jv_free(v);
        if (!ok)
            return false;
    }
    ++*count;
    return true;
}

/* The file is read in blocks, a line at a time: memory for one block, not
 * for the file (a file of any length streams through; one line may not be
 * longer than the input limit). */
long lpn_sim_load_jsonl(struct lpn_sim *s, const char *path, FILE *diag)
{
    bool is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        sup_diag(diag, path, 0, 0, "error", "cannot open: %s", strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, have = 0;
    char *buf = sup_xmalloc(cap);
    long count = 0;
    unsigned line = 1;
    struct place_cache cache = {.len = SIZE_MAX};
    bool ok = true, eof = false;
    while (ok && !eof) {
        size_t got = fread(buf + have, 1, cap - have, f);
        have += got;
        if (got == 0 && ferror(f)) {
            sup_diag(diag, path, 0, 0, "error", "cannot read: %s", strerror(errno));
            ok = false;
            break;
        }
        eof = got == 0;
        const char *p = buf, *end = buf + have;
        while (ok && p < end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            if (!nl && !eof)
                break;   /* a partial line: read on */
            const char *eol = nl ? nl : end;
            ok = one_line(s, path, p, eol, line++, &cache, &count, diag);
            p = nl ? nl + 1 : end;
        }
        have = (size_t)(end - p);
        memmove(buf, p, have);
        if (ok && have == cap) {
            /* one line as long as the buffer: it may grow to the input limit */
            if (cap >= sup_input_limit()) {
                sup_input_too_large(diag, path, line, "a line");
                ok = false;
                break;
            }
            cap = cap * 2 > sup_input_limit() ? (size_t)sup_input_limit() + 1 : cap * 2;
            buf = sup_xrealloc(buf, cap);
        }
    }
    if (!is_stdin)
        fclose(f);
    free(buf);
    return ok ? count : -1;
}
