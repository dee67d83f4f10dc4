/* diag.c — "file:line:col: kind: message" diagnostics and checked allocation. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

void sup_vdiag(FILE *out, const char *file, unsigned line, unsigned col,
               const char *kind, const char *fmt, va_list ap)
{
    if (!out)
        return;
    if (file && line && col)
        fprintf(out, "%s:%u:%u: ", file, line, col);
    else if (file && line)
        fprintf(out, "%s:%u: ", file, line);
    else if (file)
        fprintf(out, "%s: ", file);
    fprintf(out, "%s: ", kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    fflush(out);
}

void sup_diag(FILE *out, const char *file, unsigned line, unsigned col,
              const char *kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sup_vdiag(out, file, line, col, kind, fmt, ap);
    va_end(ap);
}

static void out_of_memory(size_t n)
{
    fprintf(stderr, "lpnest: fatal: out of memory allocating %zu bytes\n", n);
    abort();
}

void *sup_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory(n);
    return p;
}

void *sup_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory(n * size);
    return p;
}

void *sup_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory(n);
    return q;
}

char *sup_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = sup_xmalloc(n);
    memcpy(d, s, n);
    return d;
}
