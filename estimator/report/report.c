/* report.c — the report model's lifetime, the table of output formats and
 * the dispatcher that hands a report to its writer (report_*.c), and the
 * estimate's own entry points (est_estimate_write_text/json) over it. */
#include "report.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

void est_report_clear(struct est_report *r)
{
    if (!r)
        return;
    est_estimate_free(r->e);
    for (size_t i = 0; i < r->nloops; i++) {
        free(r->loops[i].header);
        free(r->loops[i].loc);
    }
    free(r->loops);
    r->e = NULL;
    r->loops = NULL;
    r->nloops = 0;
}

void est_report_free(struct est_report *r)
{
    est_report_clear(r);
    free(r);
}

static const char *const format_names[] = {"text", "json", "folded", "trace", "annotate", "html"};

bool est_format_parse(const char *name, enum est_format *out)
{
    for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++)
        if (!strcmp(name, format_names[i])) {
            *out = (enum est_format)i;
            return true;
        }
    return false;
}

const char *est_format_name(enum est_format f) { return format_names[f]; }

int est_report_write(const struct est_report *r, enum est_format fmt, const struct est_view_options *o, FILE *f)
{
    switch (fmt) {
    case EST_FMT_TEXT: return est_report_write_text(r, o, f);
    case EST_FMT_JSON: return est_report_write_json(r, f);
    case EST_FMT_FOLDED: return est_report_write_folded(r, f);
    case EST_FMT_TRACE: return est_report_write_trace(r, o, f);
    case EST_FMT_ANNOTATE: return est_report_write_annotate(r, o, f);
    case EST_FMT_HTML: return est_report_write_html(r, o, f);
    }
    return -1;
}

/* The estimator.h entry points: the report model without loops. */
int est_estimate_write_text(const struct est_estimate *e, FILE *f, size_t top)
{
    struct est_report r = {.e = (struct est_estimate *)e};
    struct est_view_options o = {.top = top};
    return est_report_write_text(&r, &o, f);
}

int est_estimate_write_json(const struct est_estimate *e, FILE *f)
{
    struct est_report r = {.e = (struct est_estimate *)e};
    return est_report_write_json(&r, f);
}
