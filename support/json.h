/* json.h — a streaming JSON writer (correct escaping, optional pretty
 * printing) and a small DOM reader that reports "name:line:col: error: ..."
 * for malformed text. Used for counts, reports, token streams and traces.
 * Prefix: sup_json / sup_jv. */
#ifndef LPNEST_JSON_H
#define LPNEST_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- writer ----------------------------------------------------------------
 * Usage: sup_json_init(&w, f, true); sup_json_obj(&w); sup_json_key(&w, "a");
 * sup_json_int(&w, 1); sup_json_end(&w); ... The writer inserts commas and
 * (when pretty) newlines and indentation. Nesting deeper than
 * SUP_JSON_MAX_DEPTH is our own bug and asserts. */
#define SUP_JSON_MAX_DEPTH 64
struct sup_json {
    FILE *f;
    bool pretty;
    int depth;
    bool first[SUP_JSON_MAX_DEPTH];  /* no element written yet at this depth */
    bool after_key;
    char closer[SUP_JSON_MAX_DEPTH];
};
void sup_json_init(struct sup_json *w, FILE *f, bool pretty);
void sup_json_obj(struct sup_json *w);            /* { */
void sup_json_arr(struct sup_json *w);            /* [ */
void sup_json_end(struct sup_json *w);            /* closes the innermost { or [ */
void sup_json_key(struct sup_json *w, const char *key);
void sup_json_str(struct sup_json *w, const char *s);
void sup_json_strn(struct sup_json *w, const char *s, size_t n);
void sup_json_int(struct sup_json *w, int64_t v);
void sup_json_uint(struct sup_json *w, uint64_t v);
void sup_json_double(struct sup_json *w, double v);   /* non-finite → null */
void sup_json_bool(struct sup_json *w, bool v);
void sup_json_null(struct sup_json *w);
/* Writes a JSON string's escaped body (no quotes) to F. */
void sup_json_escape(FILE *f, const char *s, size_t n);

/* ---- reader ----------------------------------------------------------------*/
enum sup_jkind { SUP_J_NULL, SUP_J_BOOL, SUP_J_NUM, SUP_J_STR, SUP_J_ARR, SUP_J_OBJ };
struct sup_jv {
    enum sup_jkind kind;
    unsigned line, col;      /* 1-based */
    bool b;
    double num;              /* every number */
    bool is_int;             /* the number was written as an integer that fits int64 */
    int64_t i;
    char *str;               /* strings (NUL-terminated, may contain \0 via len) */
    size_t len;
    size_t n;                /* array items / object members */
    struct sup_jv **items;
    char **keys;             /* object keys, parallel to items */
};
/* Parses TEXT[0..len) as one JSON value (surrounding whitespace allowed).
 * NAME is used in messages; LINE0 is added to reported lines (for JSONL, pass
 * the line number minus one). Returns NULL after printing an error. Free with
 * sup_jv_free. Nesting is capped at SUP_JSON_MAX_DEPTH. */
struct sup_jv *sup_json_parse(const char *name, const char *text, size_t len, unsigned line0, FILE *diag);
void sup_jv_free(struct sup_jv *v);
/* Member KEY of object O, or NULL. */
const struct sup_jv *sup_jv_get(const struct sup_jv *o, const char *key);

#endif
