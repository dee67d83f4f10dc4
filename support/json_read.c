/* json_read.c — a strict JSON (RFC 8259) reader building a small DOM with
 * positions, for token streams, profiles and reports. */
#include "json.h"
#include "support.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    const char *name;
    const char *s, *end, *p;
    unsigned line, col;      /* position of p */
    FILE *diag;
    int depth;
    bool failed;
};

static void fail(struct parser *ps, const char *msg)
{
    if (!ps->failed)
        sup_diag(ps->diag, ps->name, ps->line, ps->col, "error", "%s", msg);
    ps->failed = true;
}

static void advance(struct parser *ps)
{
    if (*ps->p == '\n') {
        ps->line++;
        ps->col = 1;
    } else {
        ps->col++;
    }
    ps->p++;
}

static void skip_ws(struct parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        advance(ps);
}

static struct sup_jv *new_value(struct parser *ps, enum sup_jkind k)
{
    struct sup_jv *v = sup_xcalloc(1, sizeof *v);
    v->kind = k;
    v->line = ps->line;
    v->col = ps->col;
    return v;
}

static bool literal(struct parser *ps, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
        return false;
    for (size_t i = 0; i < n; i++)
        advance(ps);
    return true;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool read_hex4(struct parser *ps, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        if (ps->p >= ps->end || hexval(*ps->p) < 0) {
            fail(ps, "invalid \\u escape in string");
            return false;
        }
        v = v * 16 + (unsigned)hexval(*ps->p);
        advance(ps);
    }
    *out = v;
    return true;
}

static void put_utf8(char **buf, size_t *n, size_t *cap, unsigned cp)
{
    if (*n + 5 > *cap) {
        *cap = *cap * 2 + 8;
        *buf = sup_xrealloc(*buf, *cap);
    }
    char *b = *buf + *n;
    if (cp < 0x80) { b[0] = (char)cp; *n += 1; }
    else if (cp < 0x800) { b[0] = (char)(0xc0 | cp >> 6); b[1] = (char)(0x80 | (cp & 0x3f)); *n += 2; }
    else if (cp < 0x10000) { b[0] = (char)(0xe0 | cp >> 12); b[1] = (char)(0x80 | ((cp >> 6) & 0x3f)); b[2] = (char)(0x80 | (cp & 0x3f)); *n += 3; }
    else { b[0] = (char)(0xf0 | cp >> 18); b[1] = (char)(0x80 | ((cp >> 12) & 0x3f)); b[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); b[3] = (char)(0x80 | (cp & 0x3f)); *n += 4; }
}

static char *parse_string(struct parser *ps, size_t *len)
{
    advance(ps); /* opening quote */
    size_t cap = 16, n = 0;
    char *buf = sup_xmalloc(cap);
    for (;;) {
        if (ps->p >= ps->end) {
            fail(ps, "unterminated string");
            free(buf);
            return NULL;
        }
        unsigned char c = (unsigned char)*ps->p;
        if (c == '"') {
            advance(ps);
            break;
        }
        if (c < 0x20) {
            fail(ps, "control character in string (escape it)");
            free(buf);
            return NULL;
        }
        if (c == '\\') {
            advance(ps);
            if (ps->p >= ps->end) {
                fail(ps, "unterminated string");
                free(buf);
                return NULL;
            }
            char e = *ps->p;
            unsigned cp;
            switch (e) {
            case '"': cp = '"'; break;
            case '\\': cp = '\\'; break;
            case '/': cp = '/'; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u':
                advance(ps);
                if (!read_hex4(ps, &cp)) {
                    free(buf);
                    return NULL;
                }
                if (cp >= 0xd800 && cp < 0xdc00 && ps->end - ps->p >= 6 && ps->p[0] == '\\' && ps->p[1] == 'u') {
                    unsigned lo;
                    advance(ps);
                    advance(ps);
                    if (!read_hex4(ps, &lo)) {
                        free(buf);
                        return NULL;
                    }
                    if (lo >= 0xdc00 && lo < 0xe000)
                        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                }
                put_utf8(&buf, &n, &cap, cp);
                continue;
            default:
                fail(ps, "invalid escape in string");
                free(buf);
                return NULL;
            }
            advance(ps);
            put_utf8(&buf, &n, &cap, cp);
            continue;
        }
        if (n + 2 > cap) {
            cap *= 2;
            buf = sup_xrealloc(buf, cap);
        }
        buf[n++] = (char)c;
        advance(ps);
    }
    buf = sup_xrealloc(buf, n + 1);
    buf[n] = '\0';
    *len = n;
    return buf;
}

static struct sup_jv *parse_value(struct parser *ps);

static void push(struct sup_jv *v, struct sup_jv *item, char *key, size_t *cap)
{
    if (v->n == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        v->items = sup_xrealloc(v->items, *cap * sizeof *v->items);
        if (v->kind == SUP_J_OBJ)
            v->keys = sup_xrealloc(v->keys, *cap * sizeof *v->keys);
    }
    v->items[v->n] = item;
    if (v->kind == SUP_J_OBJ)
        v->keys[v->n] = key;
    v->n++;
}

static struct sup_jv *parse_container(struct parser *ps, bool obj)
{
    struct sup_jv *v = new_value(ps, obj ? SUP_J_OBJ : SUP_J_ARR);
    if (++ps->depth > SUP_JSON_MAX_DEPTH) {
        fail(ps, "nesting too deep");
        return v;
    }
    size_t cap = 0;
    advance(ps);
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == (obj ? '}' : ']')) {
        advance(ps);
        ps->depth--;
        return v;
    }
    for (;;) {
        char *key = NULL;
        if (obj) {
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != '"') {
                fail(ps, "expected a string key in object");
                return v;
            }
            size_t klen;
            key = parse_string(ps, &klen);
            if (!key)
                return v;
            for (size_t i = 0; i < v->n; i++)
                if (strcmp(v->keys[i], key) == 0) {
                    fail(ps, "duplicate key in object");
                    free(key);
                    return v;
                }
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
                fail(ps, "expected ':' after key");
                free(key);
                return v;
            }
            advance(ps);
        }
        struct sup_jv *item = parse_value(ps);
        if (!item) {
            free(key);
            return v;
        }
        push(v, item, key, &cap);
        if (ps->failed)
            return v;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            advance(ps);
            continue;
        }
        if (ps->p < ps->end && *ps->p == (obj ? '}' : ']')) {
            advance(ps);
            break;
        }
        fail(ps, obj ? "expected ',' or '}' in object" : "expected ',' or ']' in array");
        return v;
    }
    ps->depth--;
    return v;
}

static struct sup_jv *parse_number(struct parser *ps)
{
    struct sup_jv *v = new_value(ps, SUP_J_NUM);
    const char *start = ps->p;
    bool integral = true;
    if (*ps->p == '-')
        advance(ps);
    if (ps->p >= ps->end || !(*ps->p >= '0' && *ps->p <= '9')) {
        fail(ps, "invalid number");
        return v;
    }
    if (*ps->p == '0') {
        advance(ps);
        if (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') {
            fail(ps, "invalid number (leading zero)");
            return v;
        }
    }
    while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
        advance(ps);
    if (ps->p < ps->end && *ps->p == '.') {
        integral = false;
        advance(ps);
        if (ps->p >= ps->end || !(*ps->p >= '0' && *ps->p <= '9')) {
            fail(ps, "invalid number (digits expected after '.')");
            return v;
        }
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            advance(ps);
    }
    if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
        integral = false;
        advance(ps);
        if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
            advance(ps);
        if (ps->p >= ps->end || !(*ps->p >= '0' && *ps->p <= '9')) {
            fail(ps, "invalid number (digits expected in exponent)");
            return v;
        }
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            advance(ps);
    }
    size_t n = (size_t)(ps->p - start);
    char tmp[64];
    char *buf = n < sizeof tmp ? tmp : sup_xmalloc(n + 1);
    memcpy(buf, start, n);
    buf[n] = '\0';
    v->num = strtod(buf, NULL);
    if (integral) {
        errno = 0;
        long long ll = strtoll(buf, NULL, 10);
        if (errno == 0) {
            v->is_int = true;
            v->i = ll;
        }
    }
    if (buf != tmp)
        free(buf);
    return v;
}

static struct sup_jv *parse_value(struct parser *ps)
{
    skip_ws(ps);
    if (ps->p >= ps->end) {
        fail(ps, "unexpected end of input, expected a value");
        return NULL;
    }
    char c = *ps->p;
    struct sup_jv *v;
    switch (c) {
    case '{': return parse_container(ps, true);
    case '[': return parse_container(ps, false);
    case '"':
        v = new_value(ps, SUP_J_STR);
        v->str = parse_string(ps, &v->len);
        if (!v->str) {
            free(v);
            return NULL;
        }
        return v;
    case 't': case 'f': case 'n':
        v = new_value(ps, c == 'n' ? SUP_J_NULL : SUP_J_BOOL);
        if (literal(ps, "true")) v->b = true;
        else if (literal(ps, "false")) v->b = false;
        else if (literal(ps, "null")) ;
        else {
            fail(ps, "invalid literal (expected true, false or null)");
            free(v);
            return NULL;
        }
        return v;
    default:
        if (c == '-' || (c >= '0' && c <= '9'))
            return parse_number(ps);
        fail(ps, "unexpected character, expected a value");
        return NULL;
    }
}

struct sup_jv *sup_json_parse(const char *name, const char *text, size_t len, unsigned line0, FILE *diag)
{
    struct parser ps = {.name = name, .s = text, .end = text + len, .p = text,
                        .line = line0 + 1, .col = 1, .diag = diag};
    struct sup_jv *v = parse_value(&ps);
    if (!ps.failed) {
        skip_ws(&ps);
        if (ps.p < ps.end)
            fail(&ps, "unexpected text after the JSON value");
    }
    if (ps.failed) {
        sup_jv_free(v);
        return NULL;
    }
    return v;
}

void sup_jv_free(struct sup_jv *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++) {
        sup_jv_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    free(v);
}

const struct sup_jv *sup_jv_get(const struct sup_jv *o, const char *key)
{
    if (!o || o->kind != SUP_J_OBJ)
        return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return o->items[i];
    return NULL;
}
