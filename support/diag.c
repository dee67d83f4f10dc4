/* diag.c — "file:line:col: kind: message" diagnostics (input bytes in them
 * escaped: escape.c), the program's name for messages that have no file,
 * and checked allocation: running out of memory ends the program with a
 * message that names it and what it was doing, exit status 1. */
#define _POSIX_C_SOURCE 200809L
#include "support.h"
#include "support_impl.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *prog_name = "lpnest";
static char activity[512];

void sup_set_prog(const char *name) { prog_name = name; }
const char *sup__activity(void) { return activity; }
void sup__restore_activity(const char *saved) { snprintf(activity, sizeof activity, "%s", saved); }
const char *sup_prog(void) { return prog_name; }

void sup_set_activity(const char *what, const char *file)
{
    activity[0] = '\0';
    if (!what)
        return;
    /* escaped now: the message is written when the heap may be exhausted */
    FILE *f = fmemopen(activity, sizeof activity - 1, "w");
    if (!f)
        return;
    setvbuf(f, NULL, _IONBF, 0);
    fputs(what, f);
    if (file) {
        fputs(" '", f);
        sup_fputs_escaped(f, file);
        fputc('\'', f);
    }
    long end = ftell(f);
    fclose(f);
    activity[end > 0 && (size_t)end < sizeof activity ? (size_t)end : sizeof activity - 1] = '\0';
}

void sup_vdiag(FILE *out, const char *file, unsigned line, unsigned col,
               const char *kind, const char *fmt, va_list ap)
{
    if (!out)
        return;
    char small[1024];
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(small, sizeof small, fmt, aq);
    va_end(aq);
    char *msg = small;
    if (n >= (int)sizeof small) {
        msg = malloc((size_t)n + 1);
        if (msg)
            vsnprintf(msg, (size_t)n + 1, fmt, ap);
        else
            msg = small; /* the message cut short rather than none */
    }
    if (file) {
        sup_fputs_escaped(out, file);
        if (line && col)
            fprintf(out, ":%u:%u", line, col);
        else if (line)
            fprintf(out, ":%u", line);
        fputs(": ", out);
    }
    fprintf(out, "%s: ", kind);
    size_t len = n < 0 ? 0 : (size_t)n;
    if (msg == small && len >= sizeof small)
        len = sizeof small - 1;
    sup_write_escaped(out, msg, len);
    fputc('\n', out);
    fflush(out);
    if (msg != small)
        free(msg);
}

void sup_diag(FILE *out, const char *file, unsigned line, unsigned col,
              const char *kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sup_vdiag(out, file, line, col, kind, fmt, ap);
    va_end(ap);
}

/* Out of memory: in an isolated child (isolate.c) the message goes to the
 * parent, which names the work that failed; in the program itself it is
 * printed, pending output temporaries are removed and the program ends
 * with status 1 (no abort: nothing is wrong with the program, and no core
 * dump is wanted). Only async-signal-safe calls: the heap may be broken. */
static void out_of_memory(size_t n)
{
    char msg[768];
    int len = sup__in_child ? snprintf(msg, sizeof msg, "out of memory (allocating %zu bytes)", n)
                            : snprintf(msg, sizeof msg, "%s: error: out of memory (allocating %zu bytes)%s%s\n",
                                       prog_name, n, activity[0] ? " while " : "", activity);
    if (len < 0)
        len = 0;
    if ((size_t)len >= sizeof msg)
        len = (int)sizeof msg - 1;
    if (sup__in_child) {
        sup__child_message(msg, (size_t)len);
        _exit(SUP_CHILD_OOM);
    }
    fflush(stdout);
    if (write(2, msg, (size_t)len) < 0) { /* nothing more to do */
    }
    sup_outfile_remove_pending();
    _exit(1);
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
