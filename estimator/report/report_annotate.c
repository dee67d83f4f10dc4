/* report_annotate.c — the program's source with cycles and executions per
 * line, like `perf annotate`: every file that has cycles, hottest first,
 * each printed whole (or, with --context N, the lines around its hot lines)
 * with a share, cycles and executions column on the lines that ran. The
 * cycles column is rounded so that it sums to the rounded total: rows left
 * out (below --threshold, outside the context) are summed in a row of their
 * own, and so are the cycles without a source line. Uses the report's
 * per-line data, or — when the report has none — each machine block's
 * cycles at its first source line (said in the heading).
 *
 * The file names come from the module's debug information or the report:
 * input, not a grant. A source is read only where the user allows it: a
 * regular file whose real path (symbolic links and ".." resolved) lies
 * under one of the source directories (--source-dir; the tool's default is
 * the directory of the module or report). A name that leads elsewhere (an
 * absolute path, "..", a link out) is named on the diagnostics stream and
 * its lines are shown without their text. */
#define _DEFAULT_SOURCE
#include "report.h"
#include "support.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct row {
    const char *file;         /* owned by the estimate */
    unsigned line;
    double cycles, execs;
    uint64_t rounded;
    bool hot;                 /* at or above the threshold */
};

static int by_file_line(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    if (c)
        return c;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Splits "file:line" in place-free fashion: *len gets the file's length. */
static bool split_loc(const char *loc, size_t *len, unsigned *line)
{
    const char *c = loc ? strrchr(loc, ':') : NULL;
    if (!c || c == loc || !c[1])
        return false;
    char *end;
    unsigned long v = strtoul(c + 1, &end, 10);
    if (*end || v == 0 || v > 1000000000UL)
        return false;
    *len = (size_t)(c - loc);
    *line = (unsigned)v;
    return true;
}

struct file_group {
    const char *file;
    size_t first, n;          /* rows[first..first+n) */
    double cycles;
    bool hot;                 /* has a hot row */
};

static int by_group_cycles(const void *a, const void *b)
{
    const struct file_group *x = a, *y = b;
    if (x->cycles != y->cycles)
        return x->cycles < y->cycles ? 1 : -1;
    return strcmp(x->file, y->file);
}

/* ---- where a source may be read ---------------------------------------------- */

struct roots {
    char **real;              /* the source directories' real paths */
    size_t n;
};

static void roots_init(struct roots *r, const struct report_view_options *o)
{
    r->n = 0;
    r->real = sup_xcalloc((o ? o->nsource_dirs : 0) + 1, sizeof *r->real);
    for (size_t i = 0; o && i < o->nsource_dirs; i++) {
        char buf[PATH_MAX];
        if (realpath(o->source_dirs[i], buf))
            r->real[r->n++] = sup_strdup(buf);
    }
}

static void roots_free(struct roots *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->real[i]);
    free(r->real);
}

static bool beneath(const char *p, const char *root)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return true;
    return !strncmp(p, root, n) && (p[n] == '\0' || p[n] == '/');
}

enum found { FOUND, MISSING, OUTSIDE, SPECIAL };

/* Whether PATH is a source that may be read: a regular file whose real path
 * is under a root (*REAL gets it, malloc'd). OUTSIDE when it exists but
 * leads elsewhere, SPECIAL when it is not a regular file (a FIFO would
 * block, a device never end). */
static enum found allowed(const struct roots *r, const char *path, char **real)
{
    char buf[PATH_MAX];
    struct stat st;
    if (!realpath(path, buf) || stat(buf, &st) != 0)
        return MISSING;
    for (size_t i = 0; i < r->n; i++)
        if (beneath(buf, r->real[i])) {
            if (!S_ISREG(st.st_mode))
                return SPECIAL;
            *real = sup_strdup(buf);
            return FOUND;
        }
    return OUTSIDE;
}

/* Finds FILE: as named when absolute, else under each source directory;
 * then its base name under each source directory. The first candidate that
 * may be read wins; *REFUSED says why one that exists was not (OUTSIDE,
 * SPECIAL; else MISSING). */
static char *find_source(const char *file, const struct report_view_options *o, const struct roots *r,
                         enum found *refused)
{
    *refused = MISSING;
    char path[PATH_MAX + 256], *real = NULL;
    enum found f;
    if (file[0] == '/') {
        if ((f = allowed(r, file, &real)) == FOUND)
            return real;
        if (*refused == MISSING)
            *refused = f;
    } else {
        for (size_t i = 0; o && i < o->nsource_dirs; i++) {
            snprintf(path, sizeof path, "%s/%s", o->source_dirs[i], file);
            if ((f = allowed(r, path, &real)) == FOUND)
                return real;
            if (*refused == MISSING)
                *refused = f;
        }
    }
    const char *base = strrchr(file, '/');
    for (size_t i = 0; base && base[1] && o && i < o->nsource_dirs; i++) {
        snprintf(path, sizeof path, "%s%s", o->source_dirs[i], base);
        if ((f = allowed(r, path, &real)) == FOUND)
            return real;
    }
    return NULL;
}

/* ---- the view ----------------------------------------------------------------- */

static void data_row(FILE *f, const struct row *r, double total)
{
    fprintf(f, "%7.2f %12llu %12.0f %6u | ", report_pct(r->cycles, total), (unsigned long long)r->rounded, r->execs,
            r->line);
}

/* Whether line L is within CONTEXT lines of a hot row of RS[0..n). */
static bool near_hot(const struct row *rs, size_t n, unsigned l, size_t context)
{
    for (size_t i = 0; i < n; i++)
        if (rs[i].hot && l + context >= rs[i].line && l <= rs[i].line + context)
            return true;
    return false;
}

/* Prints TEXT with the rows of one file (RS[0..n), by line): every line, or
 * those near a hot row. Adds the rows not shown to *HIDDEN. */
static void print_source(FILE *f, const char *text, const struct row *rs, size_t n, double total,
                         const struct report_view_options *o, uint64_t *hidden, size_t *nhidden)
{
    bool ctx = o && o->context_set;
    size_t context = ctx ? o->context : 0;
    size_t ri = 0;
    unsigned line = 1;
    bool gap = false;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len && p[len - 1] == '\r')
            len--;
        while (ri < n && rs[ri].line < line)
            ri++;
        bool show = !ctx || near_hot(rs, n, line, context);
        if (show) {
            if (gap)
                fprintf(f, "%7s %12s %12s %6s |\n", "", "", "", "...");
            gap = false;
            if (ri < n && rs[ri].line == line)
                data_row(f, &rs[ri++], total);
            else
                fprintf(f, "%7s %12s %12s %6u | ", "", "", "", line);
            fwrite(p, 1, len, f);
            fputc('\n', f);
        } else {
            gap = true;
            if (ri < n && rs[ri].line == line) {
                *hidden += rs[ri++].rounded;
                ++*nhidden;
            }
        }
        line++;
        if (!nl)
            break;
        p = nl + 1;
    }
    if (gap)
        fprintf(f, "%7s %12s %12s %6s |\n", "", "", "", "...");
    for (; ri < n; ri++) {
        if (!rs[ri].hot && ctx) {
            *hidden += rs[ri].rounded;
            ++*nhidden;
            continue;
        }
        data_row(f, &rs[ri], total);
        fputs("(beyond the end of the file)\n", f);
    }
}

int report_write_annotate(const struct report_data *rep, const struct report_view_options *o, FILE *f)
{
    const struct cost_estimate *e = rep->e;
    bool from_lines = e->nlines > 0;
    double threshold = o && o->threshold > 0 ? o->threshold : 0;
    size_t cap = (from_lines ? e->nlines : e->nblocks) + 1;
    struct row *rows = sup_xcalloc(cap + 1, sizeof *rows);
    char **names = sup_xcalloc(cap + 1, sizeof *names);   /* file names cut from block locations */
    size_t n = 0, nnames = 0;
    double covered = 0;
    if (from_lines) {
        for (size_t i = 0; i < e->nlines; i++) {
            if (!e->lines[i].file)
                continue;
            rows[n++] = (struct row){e->lines[i].file, e->lines[i].line, e->lines[i].cycles, e->lines[i].executions, 0,
                                     false};
            covered += e->lines[i].cycles;
        }
    } else {
        for (size_t i = 0; i < e->nblocks; i++) {
            size_t len;
            unsigned line;
            if (!split_loc(e->blocks[i].loc, &len, &line) || !(e->blocks[i].cycles > 0 || e->blocks[i].count > 0))
                continue;
            char *name = sup_xmalloc(len + 1);
            memcpy(name, e->blocks[i].loc, len);
            name[len] = '\0';
            names[nnames++] = name;
            rows[n++] = (struct row){name, line, e->blocks[i].cycles, e->blocks[i].count, 0, false};
            covered += e->blocks[i].cycles;
        }
    }
    /* merge rows of the same line */
    if (n)
        qsort(rows, n, sizeof *rows, by_file_line);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (m && rows[m - 1].line == rows[i].line && !strcmp(rows[m - 1].file, rows[i].file)) {
            rows[m - 1].cycles += rows[i].cycles;
            rows[m - 1].execs += rows[i].execs;
        } else
            rows[m++] = rows[i];
    }
    n = m;
    for (size_t i = 0; i < n; i++)
        rows[i].hot = report_pct(rows[i].cycles, e->cycles) >= threshold;
    /* rounding: the rows and the cycles without a line share the total */
    double rest = fmax(0, e->cycles - covered);
    double *v = sup_xcalloc(n + 2, sizeof *v);
    uint64_t *w = sup_xcalloc(n + 2, sizeof *w);
    for (size_t i = 0; i < n; i++)
        v[i] = rows[i].cycles;
    v[n] = rest;
    report_apportion(v, w, n + 1, e->cycles);
    for (size_t i = 0; i < n; i++)
        rows[i].rounded = w[i];
    uint64_t rest_rounded = w[n];
    free(v);
    free(w);

    struct file_group *g = sup_xcalloc(n + 1, sizeof *g);
    size_t ng = 0;
    for (size_t i = 0; i < n; i++) {
        if (!ng || strcmp(g[ng - 1].file, rows[i].file))
            g[ng++] = (struct file_group){rows[i].file, i, 0, 0, false};
        g[ng - 1].n++;
        g[ng - 1].cycles += rows[i].cycles;
        g[ng - 1].hot |= rows[i].hot;
    }
    if (ng)
        qsort(g, ng, sizeof *g, by_group_cycles);

    struct roots roots;
    roots_init(&roots, o);
    char a[40];
    fprintf(f, "# lpnest annotate: ");
    sup_fputs_escaped(f, e->module);
    fprintf(f, " on %s, %s cycles\n", e->core, report_grouped(e->cycles, a, sizeof a));
    if (from_lines)
        fprintf(f, "# cycles of the machine instructions of each source line; executions of the line\n");
    else
        fprintf(f, "# the report has no per-line data: each machine block's cycles and executions are shown at\n"
                   "# its first source line\n");
    if (threshold > 0 || (o && o->context_set)) {
        fprintf(f, "# shown:");
        if (threshold > 0)
            fprintf(f, " lines with at least %g%% of the cycles%s", threshold, o && o->context_set ? " and" : "");
        if (o && o->context_set)
            fprintf(f, " %zu line%s around each line %s", o->context, o->context == 1 ? "" : "s",
                    threshold > 0 ? "so hot" : "that ran");
        fputc('\n', f);
    }
    fprintf(f, "#  share       cycles   executions   line | source\n");
    uint64_t hidden = 0;
    size_t nhidden = 0, hidden_files = 0;
    for (size_t k = 0; k < ng; k++) {
        const struct row *rs = rows + g[k].first;
        if (!g[k].hot) { /* no line at the threshold: the file is left out */
            for (size_t i = 0; i < g[k].n; i++)
                hidden += rs[i].rounded;
            nhidden += g[k].n;
            hidden_files++;
            continue;
        }
        fputs("\n== ", f);
        sup_fputs_escaped(f, g[k].file);
        fprintf(f, ": %s cycles (%.2f%%) ==\n", report_grouped(g[k].cycles, a, sizeof a), report_pct(g[k].cycles, e->cycles));
        enum found refused;
        char *path = find_source(g[k].file, o, &roots, &refused);
        char *text = path ? sup_read_file(path, NULL, 0, o ? o->diag : NULL) : NULL;
        if (!text) {
            if (refused != MISSING && o && o->diag)
                sup_diag(o->diag, g[k].file, 0, 0, "warning", "not read for the annotated source: %s",
                         refused == SPECIAL ? "not a regular file"
                                            : "the path leads out of the source directories (--source-dir)");
            if (refused != MISSING)
                fprintf(f, "(not read: %s; only the lines that ran are shown)\n",
                        refused == SPECIAL ? "not a regular file" : "outside the source directories");
            else
                fprintf(f, "(source not found%s: only the lines that ran are shown)\n",
                        o && o->nsource_dirs ? " in the source directories" : "; give --source-dir");
            for (size_t i = 0; i < g[k].n; i++) {
                if (!rs[i].hot) {
                    hidden += rs[i].rounded;
                    nhidden++;
                    continue;
                }
                data_row(f, &rs[i], e->cycles);
                fputc('\n', f);
            }
        } else {
            print_source(f, text, rs, g[k].n, e->cycles, o, &hidden, &nhidden);
        }
        free(text);
        free(path);
    }
    roots_free(&roots);
    if (nhidden) {
        fprintf(f, "\n== not shown: %zu line%s", nhidden, nhidden == 1 ? "" : "s");
        if (hidden_files)
            fprintf(f, " (%zu file%s below the threshold)", hidden_files, hidden_files == 1 ? "" : "s");
        fprintf(f, ": %llu cycles (%.2f%%) ==\n", (unsigned long long)hidden, report_pct((double)hidden, e->cycles));
        fprintf(f, "%7.2f %12llu %12s %6s | (lines below the threshold or outside the context)\n",
                report_pct((double)hidden, e->cycles), (unsigned long long)hidden, "-", "-");
    }
    fprintf(f, "\n== without a source line: %s cycles (%.2f%%) ==\n", report_grouped(rest, a, sizeof a),
            report_pct(rest, e->cycles));
    fprintf(f, "%7.2f %12llu %12s %6s | (code without a source location)\n", report_pct(rest, e->cycles),
            (unsigned long long)rest_rounded, "-", "-");
    free(g);
    for (size_t i = 0; i < nnames; i++)
        free(names[i]);
    free(names);
    free(rows);
    return ferror(f) ? -1 : 0;
}
