/* case_file.c — reading the per-layer tests' data files and comparing what
 * the code computed with their "# expect:" lines (case_file.h). */
#define _GNU_SOURCE
#include "case_file.h"

#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *dup_range(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

/* "# KEY: VALUE" with KEY a word of letters, digits and '-'; fills *KEY, *VALUE. */
static bool directive(const char *s, size_t n, char **key, char **value)
{
    if (n < 4 || s[0] != '#' || s[1] != ' ')
        return false;
    size_t k = 2;
    while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_'))
        k++;
    if (k == 2 || k + 1 > n || s[k] != ':' || (k + 1 < n && s[k + 1] != ' '))
        return false;
    size_t v = k + 1;
    while (v < n && s[v] == ' ')
        v++;
    size_t e = n;
    while (e > v && isspace((unsigned char)s[e - 1]))
        e--;
    *key = dup_range(s + 2, k - 2);
    *value = dup_range(s + v, e - v);
    return true;
}

bool case_read(const char *path, struct case_file *cf)
{
    memset(cf, 0, sizeof *cf);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return false;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, got, m);
    fclose(f);
    fclose(m);
    cf->path = strdup(path);
    cf->text = text;
    unsigned line = 0;
    for (char *p = text; *p;) {
        char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        line++;
        char *key, *value;
        if (directive(p, n, &key, &value)) {
            cf->lines = realloc(cf->lines, (cf->nlines + 1) * sizeof *cf->lines);
            cf->lines[cf->nlines++] = (struct case_line){key, value, line};
            memset(p, ' ', n); /* blanked: the code under test does not see it */
        }
        if (!eol)
            break;
        p = eol + 1;
    }
    return true;
}

void case_free(struct case_file *cf)
{
    for (size_t i = 0; i < cf->nlines; i++) {
        free(cf->lines[i].key);
        free(cf->lines[i].value);
    }
    free(cf->lines);
    free(cf->text);
    free(cf->path);
    memset(cf, 0, sizeof *cf);
}

const char *case_get(const struct case_file *cf, const char *key)
{
    for (size_t i = 0; i < cf->nlines; i++)
        if (!strcmp(cf->lines[i].key, key))
            return cf->lines[i].value;
    return NULL;
}

void case_sibling(const struct case_file *cf, const char *name, char *out, size_t n)
{
    const char *slash = strrchr(cf->path, '/');
    int dl = slash ? (int)(slash - cf->path) : 1;
    snprintf(out, n, "%.*s/%s", dl, slash ? cf->path : ".", name);
}

size_t case_nexpect(const struct case_file *cf)
{
    size_t n = 0;
    for (size_t i = 0; i < cf->nlines; i++)
        n += !strcmp(cf->lines[i].key, "expect");
    return n;
}

void case_printf(struct case_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s;
    if (vasprintf(&s, fmt, ap) < 0)
        abort();
    va_end(ap);
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 16;
        o->line = realloc(o->line, o->cap * sizeof *o->line);
    }
    o->line[o->n++] = s;
}

void case_out_free(struct case_out *o)
{
    for (size_t i = 0; i < o->n; i++)
        free(o->line[i]);
    free(o->line);
    memset(o, 0, sizeof *o);
}

/* Equal up to runs of blanks. */
static bool same(const char *a, const char *b)
{
    while (*a || *b) {
        if (isspace((unsigned char)*a) && isspace((unsigned char)*b)) {
            while (isspace((unsigned char)*a))
                a++;
            while (isspace((unsigned char)*b))
                b++;
            continue;
        }
        if (*a != *b)
            return false;
        a++, b++;
    }
    return true;
}

bool case_compare(const struct case_file *cf, const struct case_out *o, FILE *err)
{
    size_t k = 0;
    bool ok = true;
    for (size_t i = 0; i < cf->nlines; i++) {
        const struct case_line *l = &cf->lines[i];
        if (strcmp(l->key, "expect"))
            continue;
        if (k >= o->n) {
            if (err)
                fprintf(err, "%s:%u: expected '%s', got nothing more\n", cf->path, l->line, l->value);
            ok = false;
        } else if (!same(l->value, o->line[k])) {
            if (err)
                fprintf(err, "%s:%u: expected '%s'\n%*s got '%s'\n", cf->path, l->line, l->value,
                        (int)strlen(cf->path) + 4, "", o->line[k]);
            ok = false;
        }
        k++;
    }
    for (; k < o->n; k++) {
        if (err)
            fprintf(err, "%s: not expected: '%s'\n", cf->path, o->line[k]);
        ok = false;
    }
    return ok;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

size_t case_names(const char *dir, const char *suffix, char ***names)
{
    *names = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = 0, sl = strlen(suffix);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > sl && !strcmp(e->d_name + l - sl, suffix)) {
            *names = realloc(*names, (n + 1) * sizeof **names);
            (*names)[n++] = strdup(e->d_name);
        }
    }
    closedir(d);
    if (n > 1) /* qsort's array may not be NULL, even for no names */
        qsort(*names, n, sizeof **names, cmp_str);
    return n;
}

void case_names_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* VALUE with its first number plus one (or "?" appended when it has none). */
static char *mutant(const char *value)
{
    const char *d = value;
    while (*d && !isdigit((unsigned char)*d))
        d++;
    char *r;
    if (!*d) {
        if (asprintf(&r, "%s?", value) < 0)
            abort();
        return r;
    }
    char *end;
    unsigned long long v = strtoull(d, &end, 10);
    if (asprintf(&r, "%.*s%llu%s", (int)(d - value), value, v + 1, end) < 0)
        abort();
    return r;
}

int case_check_dir(const char *dir, const char *suffix, case_run_fn run, size_t min_files)
{
    char **names;
    size_t n = case_names(dir, suffix, &names);
    int failures = 0;
    if (n < min_files) {
        fprintf(stderr, "%s: %zu files *%s, expected at least %zu\n", dir, n, suffix, min_files);
        failures++;
    }
    for (size_t i = 0; i < n; i++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct case_file cf;
        if (!case_read(path, &cf)) {
            failures++;
            continue;
        }
        struct case_out o = {0};
        bool ok = case_nexpect(&cf) > 0;
        if (!ok)
            fprintf(stderr, "%s: no '# expect:' line\n", path);
        /* CASE_PRINT=1: what the code computed, for writing a new case (each
         * line is then checked against a derivation by hand, not copied) */
        if (getenv("CASE_PRINT") && run(&cf, &o, stderr)) {
            for (size_t k = 0; k < o.n; k++)
                printf("# expect: %s\n", o.line[k]);
            case_out_free(&o);
        }
        ok = ok && run(&cf, &o, stderr) && case_compare(&cf, &o, stderr);
        /* negative check: each expectation, made wrong, fails the case */
        for (size_t k = 0; ok && k < cf.nlines; k++) {
            if (strcmp(cf.lines[k].key, "expect"))
                continue;
            char *orig = cf.lines[k].value;
            cf.lines[k].value = mutant(orig);
            if (case_compare(&cf, &o, NULL)) {
                fprintf(stderr, "%s:%u: the wrong expectation '%s' passes too\n", path, cf.lines[k].line,
                        cf.lines[k].value);
                ok = false;
            }
            free(cf.lines[k].value);
            cf.lines[k].value = orig;
        }
        if (!ok)
            failures++;
        else
            printf("ok %s (%zu expectations)\n", names[i], case_nexpect(&cf));
        case_out_free(&o);
        case_free(&cf);
    }
    case_names_free(names, n);
    return failures;
}

int case_main(int argc, char **argv, const char *dir, const struct case_kind *kinds, size_t nkinds)
{
    bool other = argc > 1;
    if (other)
        dir = argv[1];
    int failures = 0;
    size_t seen = 0;
    for (size_t k = 0; k < nkinds; k++) {
        char **names;
        size_t n = case_names(dir, kinds[k].suffix, &names);
        case_names_free(names, n);
        seen += n;
        failures += case_check_dir(dir, kinds[k].suffix, kinds[k].run, other ? 0 : kinds[k].min_files);
    }
    if (!seen) {
        fprintf(stderr, "%s: no case files\n", dir);
        failures++;
    }
    if (failures)
        fprintf(stderr, "%d file(s) of %s failed\n", failures, dir);
    return failures != 0;
}

bool case_isa_path(const struct case_file *cf, const char *isa_dir, char *out, size_t n, FILE *err)
{
    const char *name = case_get(cf, "isa");
    if (!name) {
        fprintf(err, "%s: no '# isa:' line\n", cf->path);
        return false;
    }
    size_t l = strlen(name);
    if (l > 5 && !strcmp(name + l - 5, ".yaml"))
        case_sibling(cf, name, out, n); /* a description of the test's own */
    else
        snprintf(out, n, "%s/%s.yaml", isa_dir, name);
    return true;
}
