/* cli_project.c — the reports `lpnest report` and `lpnest diff` read: one
 * report, or several, or the directories of a build (every `*.lpnest.json`
 * under them: the plugin's `%o.lpnest.json`), merged into a project's view
 * (report/merge.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli_report.h"
#include "support.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SUFFIX ".lpnest.json"

struct found {
    char **path, **unit;
    size_t n, cap;
};

static void add(struct found *f, const char *path, const char *unit)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 16;
        f->path = sup_xrealloc(f->path, f->cap * sizeof *f->path);
        f->unit = sup_xrealloc(f->unit, f->cap * sizeof *f->unit);
    }
    f->path[f->n] = sup_strdup(path);
    f->unit[f->n++] = sup_strdup(unit);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The reports under DIR (REL: DIR relative to the directory given), depth first, sorted. */
static bool walk(struct found *f, const char *dir, const char *rel, int depth, FILE *diag)
{
    if (depth > 64)
        return true;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(diag, "%s: error: cannot read the directory: %s\n", dir, strerror(errno));
        return false;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        if (de->d_name[0] == '.' && (!de->d_name[1] || (de->d_name[1] == '.' && !de->d_name[2])))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            names = sup_xrealloc(names, cap * sizeof *names);
        }
        names[n++] = sup_strdup(de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        size_t pl = strlen(dir) + strlen(names[i]) + 2, rl = strlen(rel) + strlen(names[i]) + 2;
        char *path = sup_xmalloc(pl), *r = sup_xmalloc(rl);
        snprintf(path, pl, "%s/%s", dir, names[i]);
        snprintf(r, rl, "%s%s%s", rel, rel[0] ? "/" : "", names[i]);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            ok = walk(f, path, r, depth + 1, diag) && ok;
        else if (S_ISREG(st.st_mode) && ends_with(names[i], SUFFIX)) {
            r[strlen(r) - strlen(SUFFIX)] = '\0';
            add(f, path, r);
        }
        free(path);
        free(r);
        free(names[i]);
    }
    free(names);
    return ok;
}

struct report_data *cli_load_reports(const char *const *inputs, size_t n, FILE *diag)
{
    struct found f = {0};
    bool ok = true, dirs = false;
    for (size_t i = 0; i < n && ok; i++) {
        struct stat st;
        if (stat(inputs[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t before = f.n;
            char *dir = sup_strdup(inputs[i]);
            size_t len = strlen(dir);
            while (len > 1 && dir[len - 1] == '/')
                dir[--len] = '\0';
            ok = walk(&f, dir, "", 0, diag);
            if (ok && f.n == before) {
                fprintf(diag, "%s: error: no report (*" SUFFIX ") under this directory\n", inputs[i]);
                ok = false;
            }
            free(dir);
            dirs = true;
        } else {
            char unit[1024];
            snprintf(unit, sizeof unit, "%s", inputs[i]);
            if (ends_with(unit, SUFFIX))
                unit[strlen(unit) - strlen(SUFFIX)] = '\0';
            else if (ends_with(unit, ".json"))
                unit[strlen(unit) - 5] = '\0';
            add(&f, inputs[i], unit);
        }
    }
    struct report_data **parts = sup_xcalloc(f.n + 1, sizeof *parts);
    size_t nread = 0;
    for (size_t i = 0; i < f.n && ok; i++) {
        parts[i] = report_read_file(f.path[i], diag);
        ok = parts[i] != NULL;
        nread += ok;
    }
    struct report_data *r = NULL;
    if (ok && f.n == 1 && !dirs) {
        r = parts[0]; /* one report: as it is */
        parts[0] = NULL;
    } else if (ok) {
        char module[1100];
        if (n == 1)
            snprintf(module, sizeof module, "%s (%zu reports)", inputs[0], f.n);
        else
            snprintf(module, sizeof module, "%zu reports", f.n);
        r = report_merge(parts, (const char *const *)f.unit, f.n, module, diag);
    }
    for (size_t i = 0; i < f.n; i++) {
        report_free(parts[i]);
        free(f.path[i]);
        free(f.unit[i]);
    }
    free(parts);
    free(f.path);
    free(f.unit);
    return r;
}
