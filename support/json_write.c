/* json_write.c — streaming JSON writer with escaping and optional indentation. */
#include "json.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

void sup_json_init(struct sup_json *w, FILE *f, bool pretty)
{
    w->f = f;
    w->pretty = pretty;
    w->depth = 0;
    w->first[0] = true;
    w->after_key = false;
}

static void newline(struct sup_json *w)
{
    if (!w->pretty)
        return;
    fputc('\n', w->f);
    for (int i = 0; i < w->depth; i++)
        fputs("  ", w->f);
}

/* Called before every value or key: writes the separating comma. */
static void before_item(struct sup_json *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth > 0) {
        if (!w->first[w->depth])
            fputc(',', w->f);
        newline(w);
    }
    w->first[w->depth] = false;
}

static void open(struct sup_json *w, char o, char c)
{
    before_item(w);
    fputc(o, w->f);
    w->depth++;
    assert(w->depth < SUP_JSON_MAX_DEPTH);
    w->first[w->depth] = true;
    w->closer[w->depth] = c;
}

void sup_json_obj(struct sup_json *w) { open(w, '{', '}'); }
void sup_json_arr(struct sup_json *w) { open(w, '[', ']'); }

void sup_json_end(struct sup_json *w)
{
    assert(w->depth > 0);
    bool empty = w->first[w->depth];
    char c = w->closer[w->depth];
    w->depth--;
    if (!empty)
        newline(w);
    fputc(c, w->f);
    if (w->depth == 0 && w->pretty)
        fputc('\n', w->f);
}

void sup_json_escape(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (c < 0x20 || c == 0x7f)
                fprintf(f, "\\u%04x", c);
            else
                fputc(c, f);
        }
    }
}

void sup_json_key(struct sup_json *w, const char *key)
{
    before_item(w);
    fputc('"', w->f);
    sup_json_escape(w->f, key, strlen(key));
    fputs(w->pretty ? "\": " : "\":", w->f);
    w->after_key = true;
}

void sup_json_strn(struct sup_json *w, const char *s, size_t n)
{
    before_item(w);
    fputc('"', w->f);
    sup_json_escape(w->f, s, n);
    fputc('"', w->f);
}

void sup_json_str(struct sup_json *w, const char *s)
{
    if (!s) {
        sup_json_null(w);
        return;
    }
    sup_json_strn(w, s, strlen(s));
}

void sup_json_int(struct sup_json *w, int64_t v)
{
    before_item(w);
    fprintf(w->f, "%" PRId64, v);
}

void sup_json_uint(struct sup_json *w, uint64_t v)
{
    before_item(w);
    fprintf(w->f, "%" PRIu64, v);
}

void sup_json_double(struct sup_json *w, double v)
{
    before_item(w);
    if (!isfinite(v))
        fputs("null", w->f);
    else if (fabs(v) < 1e15 && v == (double)(int64_t)v) /* (the range first: a cast of a
                                                          * larger value is undefined) */
        fprintf(w->f, "%" PRId64, (int64_t)v);
    else
        fprintf(w->f, "%.17g", v);
}

void sup_json_bool(struct sup_json *w, bool v)
{
    before_item(w);
    fputs(v ? "true" : "false", w->f);
}

void sup_json_null(struct sup_json *w)
{
    before_item(w);
    fputs("null", w->f);
}
