/* yamltree.c — builds a located node tree from libyaml's event stream and
 * provides typed, error-reporting accessors for the project's YAML files. */
#include "yamltree.h"
#include "support.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* Every allocation of a document is chained here and freed at once. */
struct arena_block {
    struct arena_block *next;
    max_align_t data[];
};

static void *arena_alloc(struct sup_ydoc *doc, size_t n)
{
    struct arena_block *b = sup_xmalloc(sizeof *b + n);
    b->next = doc->arena;
    doc->arena = b;
    memset(b->data, 0, n);
    return b->data;
}

struct builder {
    struct sup_ydoc *doc;
    yaml_parser_t parser;
    FILE *diag;
    bool failed;
};

static void build_error(struct builder *b, yaml_mark_t m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!b->failed)
        sup_vdiag(b->diag, b->doc->path, (unsigned)m.line + 1, (unsigned)m.column + 1, "error", fmt, ap);
    va_end(ap);
    b->failed = true;
}

static bool next_event(struct builder *b, yaml_event_t *ev)
{
    if (!yaml_parser_parse(&b->parser, ev)) {
        yaml_parser_t *p = &b->parser;
        yaml_mark_t m = p->problem_mark;
        if (p->error == YAML_READER_ERROR)
            m.line = 0, m.column = 0;
        build_error(b, m, "invalid YAML: %s%s%s", p->problem ? p->problem : "syntax error",
                    p->context ? " " : "", p->context ? p->context : "");
        return false;
    }
    return true;
}

static struct sup_ynode *new_node(struct builder *b, enum sup_ykind k, yaml_mark_t m)
{
    struct sup_ynode *n = arena_alloc(b->doc, sizeof *n);
    n->kind = k;
    n->line = (unsigned)m.line + 1;
    n->col = (unsigned)m.column + 1;
    n->str = "";
    return n;
}

static void append(struct builder *b, struct sup_ynode *parent, struct sup_ynode *key,
                   struct sup_ynode *item, size_t *cap)
{
    if (parent->n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 4;
        struct sup_ynode **items = arena_alloc(b->doc, ncap * sizeof *items);
        if (parent->n)
            memcpy(items, parent->items, parent->n * sizeof *items);
        parent->items = items;
        if (parent->kind == SUP_Y_MAP) {
            struct sup_ynode **keys = arena_alloc(b->doc, ncap * sizeof *keys);
            if (parent->n)
                memcpy(keys, parent->keys, parent->n * sizeof *keys);
            parent->keys = keys;
        }
        *cap = ncap;
    }
    if (parent->kind == SUP_Y_MAP)
        parent->keys[parent->n] = key;
    parent->items[parent->n++] = item;
}

/* Builds the node that starts with EV (already read). */
static struct sup_ynode *build(struct builder *b, yaml_event_t *ev, int depth)
{
    if (depth > SUP_YAML_MAX_DEPTH) {
        build_error(b, ev->start_mark, "nesting deeper than %d levels", SUP_YAML_MAX_DEPTH);
        return NULL;
    }
    switch (ev->type) {
    case YAML_ALIAS_EVENT:
        build_error(b, ev->start_mark, "YAML aliases (*%s) are not supported", (char *)ev->data.alias.anchor);
        return NULL;
    case YAML_SCALAR_EVENT: {
        if (ev->data.scalar.anchor) {
            build_error(b, ev->start_mark, "YAML anchors (&%s) are not supported", (char *)ev->data.scalar.anchor);
            return NULL;
        }
        struct sup_ynode *n = new_node(b, SUP_Y_SCALAR, ev->start_mark);
        size_t len = ev->data.scalar.length;
        char *s = arena_alloc(b->doc, len + 1);
        memcpy(s, ev->data.scalar.value, len);
        s[len] = '\0';
        n->str = s;
        n->len = len;
        n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
        return n;
    }
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        bool is_map = ev->type == YAML_MAPPING_START_EVENT;
        yaml_char_t *anchor = is_map ? ev->data.mapping_start.anchor : ev->data.sequence_start.anchor;
        if (anchor) {
            build_error(b, ev->start_mark, "YAML anchors (&%s) are not supported", (char *)anchor);
            return NULL;
        }
        struct sup_ynode *n = new_node(b, is_map ? SUP_Y_MAP : SUP_Y_SEQ, ev->start_mark);
        size_t cap = 0;
        for (;;) {
            yaml_event_t e;
            if (!next_event(b, &e))
                return NULL;
            if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) {
                yaml_event_delete(&e);
                return n;
            }
            struct sup_ynode *key = NULL;
            if (is_map) {
                key = build(b, &e, depth + 1);
                yaml_event_delete(&e);
                if (!key)
                    return NULL;
                if (key->kind != SUP_Y_SCALAR) {
                    b->failed = false;
                    build_error(b, (yaml_mark_t){0, key->line - 1, key->col - 1}, "mapping keys must be scalars");
                    return NULL;
                }
                for (size_t i = 0; i < n->n; i++)
                    if (strcmp(n->keys[i]->str, key->str) == 0) {
                        build_error(b, (yaml_mark_t){0, key->line - 1, key->col - 1},
                                    "duplicate key '%s' (first at line %u)", key->str, n->keys[i]->line);
                        return NULL;
                    }
                if (!next_event(b, &e))
                    return NULL;
            }
            struct sup_ynode *item = build(b, &e, depth + 1);
            yaml_event_delete(&e);
            if (!item)
                return NULL;
            append(b, n, key, item, &cap);
        }
    }
    default:
        build_error(b, ev->start_mark, "unexpected YAML event");
        return NULL;
    }
}

static struct sup_ydoc *load(const char *name, const unsigned char *text, size_t len, FILE *diag)
{
    struct sup_ydoc *doc = sup_xcalloc(1, sizeof *doc);
    doc->diag = diag;
    struct builder b = {.doc = doc, .diag = diag};
    doc->path = arena_alloc(doc, strlen(name) + 1);
    strcpy((char *)doc->path, name);
    yaml_parser_initialize(&b.parser);
    yaml_parser_set_input_string(&b.parser, text, len);
    yaml_event_t ev;
    bool have_doc = false;
    while (!b.failed && next_event(&b, &ev)) {
        yaml_event_type_t t = ev.type;
        if (t == YAML_DOCUMENT_START_EVENT) {
            if (have_doc) {
                build_error(&b, ev.start_mark, "only one YAML document is allowed per file");
                yaml_event_delete(&ev);
                break;
            }
            have_doc = true;
        } else if (t == YAML_SCALAR_EVENT || t == YAML_SEQUENCE_START_EVENT ||
                   t == YAML_MAPPING_START_EVENT || t == YAML_ALIAS_EVENT) {
            doc->root = build(&b, &ev, 0);
        }
        yaml_event_delete(&ev);
        if (t == YAML_STREAM_END_EVENT)
            break;
    }
    yaml_parser_delete(&b.parser);
    if (b.failed) {
        sup_yaml_free(doc);
        return NULL;
    }
    return doc;
}

struct sup_ydoc *sup_yaml_load_string(const char *name, const char *text, size_t len, FILE *diag)
{
    return load(name, (const unsigned char *)text, len, diag);
}

struct sup_ydoc *sup_yaml_load_file(const char *path, FILE *diag)
{
    size_t len;
    char *text = sup_read_file(path, &len, 0, diag);
    if (!text)
        return NULL;
    struct sup_ydoc *doc = load(path, (unsigned char *)text, len, diag);
    free(text);
    return doc;
}

void sup_yaml_free(struct sup_ydoc *doc)
{
    if (!doc)
        return;
    struct arena_block *b = doc->arena;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    free(doc);
}

static void vreport(struct sup_ydoc *doc, const struct sup_ynode *node, const char *kind,
                    const char *fmt, va_list ap)
{
    sup_vdiag(doc->diag, doc->path, node ? node->line : 1, node ? node->col : 1, kind, fmt, ap);
}

bool sup_yerror(struct sup_ydoc *doc, const struct sup_ynode *node, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(doc, node, "error", fmt, ap);
    va_end(ap);
    doc->errors++;
    return false;
}

void sup_ywarning(struct sup_ydoc *doc, const struct sup_ynode *node, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(doc, node, "warning", fmt, ap);
    va_end(ap);
}

static const char *kind_name(enum sup_ykind k)
{
    return k == SUP_Y_MAP ? "a mapping" : k == SUP_Y_SEQ ? "a sequence" : "a scalar";
}

bool sup_yexpect(struct sup_ydoc *doc, const struct sup_ynode *node, enum sup_ykind kind, const char *what)
{
    if (!node)
        return sup_yerror(doc, NULL, "expected %s for %s, found an empty document", kind_name(kind), what);
    if (node->kind != kind)
        return sup_yerror(doc, node, "expected %s for %s, found %s", kind_name(kind), what, kind_name(node->kind));
    return true;
}

const struct sup_ynode *sup_yget(const struct sup_ynode *map, const char *key)
{
    if (!map || map->kind != SUP_Y_MAP)
        return NULL;
    for (size_t i = 0; i < map->n; i++)
        if (strcmp(map->keys[i]->str, key) == 0)
            return map->items[i];
    return NULL;
}

const struct sup_ynode *sup_yneed(struct sup_ydoc *doc, const struct sup_ynode *map, const char *key, const char *what)
{
    const struct sup_ynode *v = sup_yget(map, key);
    if (!v)
        sup_yerror(doc, map, "missing key '%s' in %s", key, what);
    return v;
}

bool sup_ycheck_keys(struct sup_ydoc *doc, const struct sup_ynode *map, const char *const *allowed, const char *what)
{
    bool ok = true;
    if (!map || map->kind != SUP_Y_MAP)
        return true;
    for (size_t i = 0; i < map->n; i++) {
        const char *k = map->keys[i]->str;
        bool found = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, k) == 0)
                found = true;
        if (!found) {
            char list[512] = "";
            size_t used = 0;
            for (const char *const *a = allowed; *a && used < sizeof list - 64; a++)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", a == allowed ? "" : ", ", *a);
            ok = sup_yerror(doc, map->keys[i], "unknown key '%s' in %s (expected one of: %s)", k, what, list);
        }
    }
    return ok;
}

const char *sup_ystr(struct sup_ydoc *doc, const struct sup_ynode *node)
{
    if (!node || node->kind != SUP_Y_SCALAR) {
        sup_yerror(doc, node, "expected a scalar value, found %s", node ? kind_name(node->kind) : "nothing");
        return NULL;
    }
    return node->str;
}

bool sup_yint(struct sup_ydoc *doc, const struct sup_ynode *node, int64_t lo, int64_t hi, int64_t *out)
{
    const char *s = sup_ystr(doc, node);
    if (!s)
        return false;
    char buf[80];
    size_t n = 0;
    for (const char *p = s; *p && n < sizeof buf - 1; p++)
        if (*p != '_')
            buf[n++] = *p;
    buf[n] = '\0';
    const char *p = buf;
    bool neg = false;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16, p += 2;
    else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
        base = 2, p += 2;
    if (!*p || node->quoted || strlen(s) >= sizeof buf - 1)
        return sup_yerror(doc, node, "expected an integer, found '%s'", s);
    char *end;
    errno = 0;
    unsigned long long u = strtoull(p, &end, base);
    if (*end || *p == '-' || *p == '+' || *p == ' ')
        return sup_yerror(doc, node, "expected an integer, found '%s'", s);
    if (errno || u > (unsigned long long)INT64_MAX + (neg ? 1u : 0u))
        return sup_yerror(doc, node, "integer '%s' is out of range [%" PRId64 ", %" PRId64 "]", s, lo, hi);
    int64_t v = neg ? (int64_t)(0 - u) : (int64_t)u;
    if (v < lo || v > hi)
        return sup_yerror(doc, node, "integer %s is out of range [%" PRId64 ", %" PRId64 "]", s, lo, hi);
    *out = v;
    return true;
}

bool sup_ydouble(struct sup_ydoc *doc, const struct sup_ynode *node, double *out)
{
    const char *s = sup_ystr(doc, node);
    if (!s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || node->quoted || errno == ERANGE)
        return sup_yerror(doc, node, "expected a number, found '%s'", s);
    *out = v;
    return true;
}

bool sup_ybool(struct sup_ydoc *doc, const struct sup_ynode *node, bool *out)
{
    const char *s = sup_ystr(doc, node);
    if (!s)
        return false;
    if (!node->quoted && (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on"))) {
        *out = true;
        return true;
    }
    if (!node->quoted && (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off"))) {
        *out = false;
        return true;
    }
    return sup_yerror(doc, node, "expected true or false, found '%s'", s);
}
