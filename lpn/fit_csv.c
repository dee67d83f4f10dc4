/* fit_csv.c — the CSV reader of `lpn fit` (FIT.md "CSV"): RFC 4180 fields
 * (quotes, doubled quotes, separators and line breaks inside quotes, CRLF),
 * blank lines and '#' comment lines skipped, a header of distinct names and
 * rows of numbers. Every cell keeps its line and column for later messages. */
#include "fit.h"
#include "support.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ERRORS 20
#define MAX_COLS 4096

struct field {
    char *s;              /* unquoted, trimmed text (malloc'd) */
    unsigned line, col;   /* of its first character */
};

struct reader {
    const char *name, *p, *end;
    unsigned line, col;
    FILE *diag;
    int errors;
};

static void err(struct reader *r, unsigned line, unsigned col, const char *fmt, ...) SUP_PRINTF(4, 5);
static void err(struct reader *r, unsigned line, unsigned col, const char *fmt, ...)
{
    if (r->errors++ >= MAX_ERRORS)
        return;
    va_list ap;
    va_start(ap, fmt);
    sup_vdiag(r->diag, r->name, line, col, "error", fmt, ap);
    va_end(ap);
}

static int peekc(const struct reader *r)
{
    return r->p < r->end ? (unsigned char)*r->p : -1;
}

static void advance(struct reader *r)
{
    if (*r->p == '\n')
        r->line++, r->col = 1;
    else
        r->col++;
    r->p++;
}

/* At the end of a record: '\n', "\r\n" or the end of the text. */
static bool at_eol(const struct reader *r)
{
    int c = peekc(r);
    return c < 0 || c == '\n' || (c == '\r' && (r->p + 1 == r->end || r->p[1] == '\n'));
}

static void skip_eol(struct reader *r)
{
    if (peekc(r) == '\r')
        advance(r);
    if (peekc(r) == '\n')
        advance(r);
}

/* Reads one field; false after an error (unterminated quote, text after a
 * closing quote). */
static bool read_field(struct reader *r, struct field *f)
{
    while (peekc(r) == ' ' || peekc(r) == '\t')
        advance(r);
    f->line = r->line, f->col = r->col;
    size_t cap = 16, n = 0;
    char *s = sup_xmalloc(cap);
    if (peekc(r) == '"') {
        unsigned ql = r->line, qc = r->col;
        advance(r);
        for (;;) {
            int c = peekc(r);
            if (c < 0) {
                err(r, ql, qc, "unterminated quoted field");
                free(s);
                return false;
            }
            if (c == '"') {
                advance(r);
                if (peekc(r) != '"')
                    break;
            }
            if (n + 2 > cap)
                s = sup_xrealloc(s, cap *= 2);
            s[n++] = (char)peekc(r);
            advance(r);
        }
        while (peekc(r) == ' ' || peekc(r) == '\t')
            advance(r);
        if (!at_eol(r) && peekc(r) != ',') {
            err(r, r->line, r->col, "unexpected text after a closing quote");
            free(s);
            return false;
        }
    } else {
        while (!at_eol(r) && peekc(r) != ',') {
            if (n + 2 > cap)
                s = sup_xrealloc(s, cap *= 2);
            s[n++] = (char)peekc(r);
            advance(r);
        }
        while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
    }
    s[n] = '\0';
    f->s = s;
    return true;
}

/* Reads one record into *FS (grown as needed); returns the number of fields,
 * 0 for a blank or comment line, -1 at the end of the text, -2 after an
 * error (the rest of the line is skipped). */
static int read_record(struct reader *r, struct field **fs, int *cap)
{
    if (r->p >= r->end)
        return -1;
    const char *q = r->p;
    while (q < r->end && (*q == ' ' || *q == '\t'))
        q++;
    if (q == r->end || *q == '\n' || *q == '#' || (*q == '\r' && (q + 1 == r->end || q[1] == '\n'))) {
        while (!at_eol(r))
            advance(r);
        skip_eol(r);
        return 0;
    }
    int n = 0;
    for (;;) {
        if (n == *cap) {
            *cap = *cap ? *cap * 2 : 16;
            *fs = sup_xrealloc(*fs, (size_t)*cap * sizeof **fs);
        }
        if (!read_field(r, &(*fs)[n])) {
            for (int k = 0; k < n; k++)
                free((*fs)[k].s);
            while (!at_eol(r))
                advance(r);
            skip_eol(r);
            return -2;
        }
        n++;
        if (n > MAX_COLS) {
            err(r, (*fs)[n - 1].line, (*fs)[n - 1].col, "more than %d columns", MAX_COLS);
            for (int k = 0; k < n; k++)
                free((*fs)[k].s);
            while (!at_eol(r))
                advance(r);
            skip_eol(r);
            return -2;
        }
        if (peekc(r) == ',') {
            advance(r);
            continue;
        }
        skip_eol(r);
        return n;
    }
}

static bool parse_number(const char *s, double *v)
{
    if (!*s)
        return false;
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    if (*end || end == s || !isfinite(*v))
        return false;
    /* strtod accepts "nan", "inf" and hex floats: only plain numbers here */
    for (const char *c = s; *c; c++)
        if (!isdigit((unsigned char)*c) && !strchr("+-.eE", *c))
            return false;
    return true;
}

struct lpn_table *lpn_table_parse(const char *name, const char *text, size_t len, FILE *diag)
{
    struct reader r = {.name = name, .p = text, .end = text + len, .line = 1, .col = 1, .diag = diag};
    struct field *fs = NULL;
    int cap = 0, n;
    struct lpn_table *t = sup_xcalloc(1, sizeof *t);
    t->path = sup_strdup(name);
    size_t rowcap = 0;
    /* header */
    while ((n = read_record(&r, &fs, &cap)) == 0)
        ;
    if (n == -1) {
        err(&r, 1, 1, "empty file: expected a header row of column names");
        goto fail;
    }
    if (n == -2)
        goto fail;
    t->ncols = n;
    t->names = sup_xcalloc((size_t)n, sizeof *t->names);
    t->hcol = sup_xcalloc((size_t)n, sizeof *t->hcol);
    t->hline = fs[0].line;
    for (int k = 0; k < n; k++) {
        t->names[k] = fs[k].s;
        t->hcol[k] = fs[k].col;
        if (!*fs[k].s)
            err(&r, fs[k].line, fs[k].col, "empty column name in the header");
        for (int j = 0; j < k; j++)
            if (!strcmp(t->names[j], fs[k].s) && *fs[k].s) {
                err(&r, fs[k].line, fs[k].col, "duplicate column '%s' (also column %d of the header)", fs[k].s, j + 1);
                break;
            }
    }
    /* rows */
    for (;;) {
        n = read_record(&r, &fs, &cap);
        if (n == -1)
            break;
        if (n <= 0)
            continue;
        if (n != t->ncols) {
            if (n > t->ncols)
                err(&r, fs[t->ncols].line, fs[t->ncols].col, "row has %d fields, the header has %d", n, t->ncols);
            else
                err(&r, fs[0].line, fs[n - 1].col + (unsigned)strlen(fs[n - 1].s), "row has %d field%s, the header has %d",
                    n, n == 1 ? "" : "s", t->ncols);
            for (int k = 0; k < n; k++)
                free(fs[k].s);
            continue;
        }
        if (t->nrows == rowcap) {
            rowcap = rowcap ? rowcap * 2 : 64;
            t->v = sup_xrealloc(t->v, rowcap * (size_t)t->ncols * sizeof *t->v);
            t->col = sup_xrealloc(t->col, rowcap * (size_t)t->ncols * sizeof *t->col);
            t->line = sup_xrealloc(t->line, rowcap * sizeof *t->line);
        }
        size_t at = t->nrows * (size_t)t->ncols;
        t->line[t->nrows] = fs[0].line;
        for (int k = 0; k < n; k++) {
            t->col[at + (size_t)k] = fs[k].col;
            if (!*fs[k].s)
                err(&r, fs[k].line, fs[k].col, "empty cell in column '%s'", t->names[k]);
            else if (!parse_number(fs[k].s, &t->v[at + (size_t)k]))
                err(&r, fs[k].line, fs[k].col, "not a number in column '%s': '%s'", t->names[k], fs[k].s);
            free(fs[k].s);
        }
        t->nrows++;
    }
    if (!t->nrows && !r.errors)
        err(&r, r.line, 1, "no data rows after the header");
    if (r.errors > MAX_ERRORS)
        sup_diag(diag, name, 0, 0, "error", "%d more errors not shown", r.errors - MAX_ERRORS);
    if (r.errors)
        goto fail;
    free(fs);
    return t;
fail:
    free(fs);
    lpn_table_free(t);
    return NULL;
}

struct lpn_table *lpn_table_read(const char *path, FILE *diag)
{
    size_t len;
    char *text = sup_read_file(path, &len, 0, diag);
    if (!text)
        return NULL;
    struct lpn_table *t = lpn_table_parse(!strcmp(path, "-") ? "<stdin>" : path, text, len, diag);
    free(text);
    return t;
}

void lpn_table_free(struct lpn_table *t)
{
    if (!t)
        return;
    for (int k = 0; k < t->ncols; k++)
        free(t->names[k]);
    free(t->names);
    free(t->hcol);
    free(t->v);
    free(t->line);
    free(t->col);
    free(t->path);
    free(t);
}

int lpn_table_find(const struct lpn_table *t, const char *name)
{
    for (int k = 0; k < t->ncols; k++)
        if (!strcmp(t->names[k], name))
            return k;
    return -1;
}
