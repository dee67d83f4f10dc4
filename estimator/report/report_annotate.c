/* report_annotate.c — the program's source with cycles and executions per
 * line, like `perf annotate`: every file that has cycles, hottest first,
 * each printed whole with a share, cycles and executions column on the lines
 * that ran. The cycles column is rounded so that it sums to the rounded
 * total, cycles without a source line included (a last row). Uses the
 * report's per-line data, or — when the report has none — each machine
 * block's cycles at its first source line (said in the heading). */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct row {
    const char *file;         /* owned by the estimate */
    unsigned line;
    double cycles, execs;
    uint64_t rounded;
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
};

static int by_group_cycles(const void *a, const void *b)
{
    const struct file_group *x = a, *y = b;
    if (x->cycles != y->cycles)
        return x->cycles < y->cycles ? 1 : -1;
    return strcmp(x->file, y->file);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Finds FILE: as given, under each source directory, beside the module. */
static char *find_source(const char *file, const struct report_view_options *o, const char *module)
{
    if (is_file(file))
        return sup_strdup(file);
    char path[4096];
    if (file[0] != '/') {
        for (size_t i = 0; o && i < o->nsource_dirs; i++) {
            snprintf(path, sizeof path, "%s/%s", o->source_dirs[i], file);
            if (is_file(path))
                return sup_strdup(path);
        }
        const char *slash = module ? strrchr(module, '/') : NULL;
        if (slash) {
            snprintf(path, sizeof path, "%.*s/%s", (int)(slash - module), module, file);
            if (is_file(path))
                return sup_strdup(path);
        }
    }
    const char *base = strrchr(file, '/');
    for (size_t i = 0; base && o && i < o->nsource_dirs; i++) {
        snprintf(path, sizeof path, "%s%s", o->source_dirs[i], base);
        if (is_file(path))
            return sup_strdup(path);
    }
    return NULL;
}

static void data_row(FILE *f, const struct row *r, double total)
{
    fprintf(f, "%7.2f %12llu %12.0f %6u | ", report_pct(r->cycles, total), (unsigned long long)r->rounded, r->execs,
            r->line);
}

int report_write_annotate(const struct report_data *rep, const struct report_view_options *o, FILE *f)
{
    const struct cost_estimate *e = rep->e;
    bool from_lines = e->nlines > 0;
    size_t cap = (from_lines ? e->nlines : e->nblocks) + 1;
    struct row *rows = sup_xcalloc(cap + 1, sizeof *rows);
    char **names = sup_xcalloc(cap + 1, sizeof *names);   /* file names cut from block locations */
    size_t n = 0, nnames = 0;
    double covered = 0;
    if (from_lines) {
        for (size_t i = 0; i < e->nlines; i++) {
            if (!e->lines[i].file)
                continue;
            rows[n++] = (struct row){e->lines[i].file, e->lines[i].line, e->lines[i].cycles, e->lines[i].executions, 0};
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
            rows[n++] = (struct row){name, line, e->blocks[i].cycles, e->blocks[i].count, 0};
            covered += e->blocks[i].cycles;
        }
    }
    /* merge rows of the same line */
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
            g[ng++] = (struct file_group){rows[i].file, i, 0, 0};
        g[ng - 1].n++;
        g[ng - 1].cycles += rows[i].cycles;
    }
    qsort(g, ng, sizeof *g, by_group_cycles);

    char a[40];
    fprintf(f, "# lpnest annotate: %s on %s, %s cycles\n", e->module, e->core, report_grouped(e->cycles, a, sizeof a));
    if (from_lines)
        fprintf(f, "# cycles of the machine instructions of each source line; executions of the line\n");
    else
        fprintf(f, "# the report has no per-line data: each machine block's cycles and executions are shown at\n"
                   "# its first source line\n");
    fprintf(f, "#  share       cycles   executions   line | source\n");
    for (size_t k = 0; k < ng; k++) {
        fprintf(f, "\n== %s: %s cycles (%.2f%%) ==\n", g[k].file, report_grouped(g[k].cycles, a, sizeof a),
                report_pct(g[k].cycles, e->cycles));
        const struct row *rs = rows + g[k].first;
        char *path = find_source(g[k].file, o, e->module);
        char *text = path ? sup_read_file(path, NULL, 64u << 20, NULL) : NULL;
        if (!text) {
            fprintf(f, "(source not found%s: only the lines that ran are shown)\n",
                    o && o->nsource_dirs ? " here or in --source-dir" : "; give --source-dir");
            for (size_t i = 0; i < g[k].n; i++) {
                data_row(f, &rs[i], e->cycles);
                fputc('\n', f);
            }
        } else {
            size_t ri = 0;
            unsigned line = 1;
            for (char *p = text; *p;) {
                char *nl = strchr(p, '\n');
                size_t len = nl ? (size_t)(nl - p) : strlen(p);
                if (len && p[len - 1] == '\r')
                    len--;
                while (ri < g[k].n && rs[ri].line < line)
                    ri++;
                if (ri < g[k].n && rs[ri].line == line)
                    data_row(f, &rs[ri++], e->cycles);
                else
                    fprintf(f, "%7s %12s %12s %6u | ", "", "", "", line);
                fwrite(p, 1, len, f);
                fputc('\n', f);
                line++;
                if (!nl)
                    break;
                p = nl + 1;
            }
            for (; ri < g[k].n; ri++) {
                data_row(f, &rs[ri], e->cycles);
                fputs("(beyond the end of the file)\n", f);
            }
        }
        free(text);
        free(path);
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
