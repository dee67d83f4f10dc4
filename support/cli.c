/* cli.c — LLVM-style option matching ("--name=value", "--name value",
 * "-oFILE"), and a parser that reads a command line against a table of
 * options with their kinds, ranges and messages. */
#include "support.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int sup_cli_value(int argc, char **argv, int *i, const char *name,
                  const char **value, const char *prog, FILE *diag)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        *i += 1;
        return 1;
    }
    if (a[n] == '\0') {
        if (*i + 1 >= argc) {
            sup_diag(diag, prog, 0, 0, "error", "option '%s' needs a value", name);
            return -1;
        }
        *value = argv[*i + 1];
        *i += 2;
        return 1;
    }
    /* "-oFILE": only for one-letter options */
    if (n == 2 && name[0] == '-' && name[1] != '-') {
        *value = a + n;
        *i += 1;
        return 1;
    }
    return 0;
}

bool sup_cli_flag(char **argv, int *i, const char *name)
{
    if (strcmp(argv[*i], name) != 0)
        return false;
    *i += 1;
    return true;
}

bool sup_parse_u64(const char *s, unsigned long long *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return false;
    unsigned long long mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1ULL << 10, end++;
    else if (*end == 'M')
        mul = 1ULL << 20, end++;
    else if (*end == 'G')
        mul = 1ULL << 30, end++;
    if (*end)
        return false;
    if (v > ~0ULL / mul)
        return false;
    *out = v * mul;
    return true;
}

/* One option's value into its destination; 0, or 2 after a message. */
static int take(const struct sup_opt *o, const char *v, const char *prog, FILE *diag)
{
    switch (o->kind) {
    case SUP_OPT_STR:
        *(const char **)o->dest = v;
        return 0;
    case SUP_OPT_DOUBLE: {
        char *end;
        double x = strtod(v, &end);
        if (end != v && !*end && isfinite(x) && (o->lo_open ? x > o->lo : x >= o->lo) && x <= o->hi) {
            *(double *)o->dest = x;
            return 0;
        }
        break;
    }
    case SUP_OPT_U64: {
        unsigned long long x;
        if (sup_parse_u64(v, &x) && (double)x >= o->lo && (double)x <= o->hi) {
            *(unsigned long long *)o->dest = x;
            return 0;
        }
        break;
    }
    case SUP_OPT_CHOICE:
        for (int k = 0; o->choices[k]; k++)
            if (!strcmp(v, o->choices[k])) {
                *(int *)o->dest = k;
                return 0;
            }
        break;
    case SUP_OPT_CALL:
        return o->call(o->ctx, v) ? 2 : 0;
    case SUP_OPT_FLAG:
    case SUP_OPT_REST:
    case SUP_OPT_UNKNOWN:
        break;
    }
    sup_diag(diag, prog, 0, 0, "error", "%s needs %s, found '%s'", o->name, o->need ? o->need : "a value", v);
    return 2;
}

int sup_cli_parse(int argc, char **argv, int first, const struct sup_opt *opt, size_t n, const char *prog,
                  const char **pos, size_t maxpos, size_t *npos, FILE *diag)
{
    *npos = 0;
    for (int i = first; i < argc;) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return 1;
        bool matched = false;
        for (size_t k = 0; k < n && !matched; k++) {
            const struct sup_opt *o = &opt[k];
            for (int spelling = 0; spelling < 2 && !matched; spelling++) {
                const char *name = spelling ? o->alias : o->name;
                if (!name)
                    continue;
                if (o->kind == SUP_OPT_FLAG) {
                    if ((matched = sup_cli_flag(argv, &i, name)))
                        *(bool *)o->dest = true;
                    continue;
                }
                if (o->kind == SUP_OPT_REST) {
                    if (sup_cli_flag(argv, &i, name)) {
                        *(int *)o->dest = i;
                        return 0;
                    }
                    continue;
                }
                const char *v;
                int r = sup_cli_value(argc, argv, &i, name, &v, prog, diag);
                if (r < 0)
                    return 2;
                if ((matched = r > 0) && take(o, v, prog, diag))
                    return 2;
            }
        }
        if (matched)
            continue;
        if (a[0] == '-' && a[1]) {
            for (size_t k = 0; k < n; k++)
                if (opt[k].kind == SUP_OPT_UNKNOWN && opt[k].call(opt[k].ctx, a))
                    return 2;
            sup_diag(diag, prog, 0, 0, "error", "unknown option '%s'", a);
            return 2;
        }
        if (*npos == maxpos) {
            sup_diag(diag, prog, 0, 0, "error", "unexpected argument '%s'", a);
            return 2;
        }
        pos[(*npos)++] = a;
        i++;
    }
    return 0;
}
