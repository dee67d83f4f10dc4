/* sarif.c — the checks of budgets and diffs in the forms CI systems read
 * natively: a SARIF 2.1.0 log (GitHub code scanning, GitLab, Azure DevOps:
 * one result per exceeded limit or regression, at the file and line it is
 * about) and GitHub Actions workflow commands (::error file=…,line=…::),
 * which the runner turns into annotations on the pull request. */
#include "report.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

#ifndef LPNEST_INFO_URI
#define LPNEST_INFO_URI "file:///usr/local/share/doc/lpnest/REPORT.md"
#endif

/* S as a JSON string. */
static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* "relatedLocations": what the check is about (a function's definition,
 * "file:line"), when known. */
static void related(FILE *f, const struct report_check *c)
{
    const char *colon = c->related ? strrchr(c->related, ':') : NULL;
    if (!colon || colon == c->related || !colon[1])
        return;
    char *end;
    unsigned long line = strtoul(colon + 1, &end, 10);
    if (*end || !line)
        return;
    char file[1024];
    snprintf(file, sizeof file, "%.*s", (int)(colon - c->related), c->related);
    const char *dot = c->name ? strrchr(c->name, '.') : NULL;
    char what[600];
    snprintf(what, sizeof what, "'%.*s' is defined here", dot ? (int)(dot - c->name) : 0, c->name ? c->name : "");
    fputs(",\n       \"relatedLocations\": [{\"id\": 0, \"physicalLocation\": {\"artifactLocation\": {\"uri\": ", f);
    jstr(f, file);
    fprintf(f, "}, \"region\": {\"startLine\": %lu}}, \"message\": {\"text\": ", line);
    jstr(f, dot ? what : "defined here");
    fputs("}}]", f);
}

static bool reported(const struct report_check *c)
{
    return c->failed || c->warning;
}

int report_sarif_write(FILE *f, const char *tool_version, const struct report_check *c, size_t n)
{
    fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n", f);
    fputs("  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"lpnest\", \"version\": ", f);
    jstr(f, tool_version);
    /* where lpnest's documentation is: the build's -DLPNEST_INFO_URI (by
     * default the installed estimator/REPORT.md) */
    fputs(", \"informationUri\": ", f);
    jstr(f, LPNEST_INFO_URI);
    fputs(",\n      \"rules\": [", f);
    /* one rule per kind of check (classname), in order of first appearance */
    size_t nrules = 0;
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        for (size_t k = 0; k < i && !seen; k++)
            seen = !strcmp(c[k].classname ? c[k].classname : "lpnest", c[i].classname ? c[i].classname : "lpnest");
        if (seen)
            continue;
        const char *id = c[i].classname ? c[i].classname : "lpnest";
        fputs(nrules++ ? ",\n        " : "\n        ", f);
        fputs("{\"id\": ", f);
        jstr(f, id);
        fputs(", \"shortDescription\": {\"text\": ", f);
        jstr(f, !strncmp(id, "lpnest.diff", 11) ? "cycles grew beyond the diff threshold"
                                                : "cycles beyond a budget of the budgets file");
        fputs("}}", f);
    }
    fputs("]}},\n    \"results\": [", f);
    size_t nres = 0;
    for (size_t i = 0; i < n; i++) {
        if (!reported(&c[i]))
            continue;
        fputs(nres++ ? ",\n      " : "\n      ", f);
        fputs("{\"ruleId\": ", f);
        jstr(f, c[i].classname ? c[i].classname : "lpnest");
        fprintf(f, ", \"level\": \"%s\", \"message\": {\"text\": ", c[i].failed ? "error" : "warning");
        jstr(f, c[i].message ? c[i].message : c[i].name);
        fputs("}", f);
        if (c[i].file) {
            fputs(",\n       \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", f);
            jstr(f, c[i].file);
            fputs("}", f);
            if (c[i].line) {
                fprintf(f, ", \"region\": {\"startLine\": %u", c[i].line);
                if (c[i].col)
                    fprintf(f, ", \"startColumn\": %u", c[i].col);
                fputs("}", f);
            }
            fputs("}}]", f);
        }
        related(f, &c[i]);
        fputs("}", f);
    }
    fputs(nres ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n", f);
    return ferror(f) ? -1 : 0;
}

/* S with the characters workflow commands reserve escaped. */
static void gh_escape(FILE *f, const char *s, bool property)
{
    for (; s && *s; s++) {
        if (*s == '%')
            fputs("%25", f);
        else if (*s == '\r')
            fputs("%0D", f);
        else if (*s == '\n')
            fputs("%0A", f);
        else if (property && *s == ':')
            fputs("%3A", f);
        else if (property && *s == ',')
            fputs("%2C", f);
        else
            fputc(*s, f);
    }
}

bool report_github_actions(void)
{
    const char *v = getenv("GITHUB_ACTIONS");
    return v && !strcmp(v, "true");
}

void report_github_annotate(FILE *f, const struct report_check *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!reported(&c[i]))
            continue;
        fprintf(f, "::%s ", c[i].failed ? "error" : "warning");
        if (c[i].file) {
            fputs("file=", f);
            gh_escape(f, c[i].file, true);
            if (c[i].line)
                fprintf(f, ",line=%u", c[i].line);
            if (c[i].col)
                fprintf(f, ",col=%u", c[i].col);
            fputs(",", f);
        }
        fputs("title=", f);
        gh_escape(f, c[i].classname ? c[i].classname : "lpnest", true);
        fputs("::", f);
        gh_escape(f, c[i].message ? c[i].message : c[i].name, false);
        fputc('\n', f);
    }
}
