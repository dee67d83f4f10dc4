/* yamltree.h — loads a YAML file (libyaml) into a read-only tree whose every
 * node knows its 1-based line and column, and offers typed accessors that
 * report mistakes as "file:line:col: error: ...". Anchors/aliases are refused
 * (no expansion bombs), nesting is capped (libyaml 0.2.5 has no limit), and
 * duplicate mapping keys are errors. Prefix: sup_y. */
#ifndef LPNEST_YAMLTREE_H
#define LPNEST_YAMLTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SUP_YAML_MAX_DEPTH 64

enum sup_ykind { SUP_Y_SCALAR, SUP_Y_SEQ, SUP_Y_MAP };

struct sup_ynode {
    enum sup_ykind kind;
    unsigned line, col;        /* 1-based position of the node's start */
    /* scalar */
    const char *str;           /* NUL-terminated text; "" for empty */
    size_t len;
    bool quoted;               /* written with quotes or as a block scalar */
    /* sequence: items[0..n); mapping: keys[0..n) (scalars) and items[0..n) */
    size_t n;
    struct sup_ynode **items;
    struct sup_ynode **keys;
};

struct sup_ydoc {
    const char *path;          /* the name used in messages */
    struct sup_ynode *root;    /* NULL for an empty document */
    FILE *diag;                /* where the accessors report */
    unsigned errors;           /* errors reported through this document */
    void *arena;               /* private */
};

/* Loads PATH. Returns NULL after printing the error to diag for an unreadable
 * file or malformed YAML. The document keeps diag for later accessor errors.
 * Free with sup_yaml_free. */
struct sup_ydoc *sup_yaml_load_file(const char *path, FILE *diag);
/* Same for text in memory; NAME is used in messages. TEXT need not be
 * NUL-terminated. */
struct sup_ydoc *sup_yaml_load_string(const char *name, const char *text, size_t len, FILE *diag);
void sup_yaml_free(struct sup_ydoc *doc);

/* Reports "path:line:col: error: ..." at NODE (or at 1:1 when NODE is NULL)
 * and counts it in doc->errors. Always returns false, so callers can write
 * `return sup_yerror(...)`. */
bool sup_yerror(struct sup_ydoc *doc, const struct sup_ynode *node, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same as a warning (not counted). */
void sup_ywarning(struct sup_ydoc *doc, const struct sup_ynode *node, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Kind checks that report "expected a mapping/sequence/scalar (in WHAT)". */
bool sup_yexpect(struct sup_ydoc *doc, const struct sup_ynode *node, enum sup_ykind kind, const char *what);

/* The value for KEY in MAP, or NULL when absent (or MAP is not a mapping). */
const struct sup_ynode *sup_yget(const struct sup_ynode *map, const char *key);
/* Like sup_yget, but a missing key is an error "missing key 'KEY' in WHAT" at MAP. */
const struct sup_ynode *sup_yneed(struct sup_ydoc *doc, const struct sup_ynode *map, const char *key, const char *what);
/* Reports every key of MAP not in the NULL-terminated list ALLOWED as
 * "unknown key 'k' in WHAT (expected one of: ...)". Returns true when none. */
bool sup_ycheck_keys(struct sup_ydoc *doc, const struct sup_ynode *map, const char *const *allowed, const char *what);

/* Typed scalars; each reports a located error and returns false on mismatch.
 * Integers accept decimal, 0x hex, 0b binary, an optional sign and '_'
 * separators; range is checked ("out of range [lo, hi]"). */
bool sup_yint(struct sup_ydoc *doc, const struct sup_ynode *node, int64_t lo, int64_t hi, int64_t *out);
bool sup_ydouble(struct sup_ydoc *doc, const struct sup_ynode *node, double *out);
bool sup_ybool(struct sup_ydoc *doc, const struct sup_ynode *node, bool *out);
/* A scalar's text (the node must be a scalar); NULL after an error. */
const char *sup_ystr(struct sup_ydoc *doc, const struct sup_ynode *node);

#endif
