/* report.c — the report model's lifetime, the table of output formats and
 * the dispatcher that hands a report to its writer (report_*.c), and the
 * estimate's own entry points (report_estimate_write_text/json) over it. */
#include "report.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

void report_clear(struct report_data *r)
{
    if (!r)
        return;
    cost_estimate_free(r->e);
    for (size_t i = 0; i < r->nloops; i++) {
        free(r->loops[i].header);
        free(r->loops[i].loc);
    }
    free(r->loops);
    r->e = NULL;
    r->loops = NULL;
    r->nloops = 0;
    r->label_strip_known = false;
}

void report_free(struct report_data *r)
{
    report_clear(r);
    free(r);
}

static const char *const format_names[] = {"text", "json", "folded", "trace", "annotate", "html"};

bool report_format_parse(const char *name, enum report_format *out)
{
    for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++)
        if (!strcmp(name, format_names[i])) {
            *out = (enum report_format)i;
            return true;
        }
    return false;
}

const char *report_format_name(enum report_format f) { return format_names[f]; }

int report_write(const struct report_data *r, enum report_format fmt, const struct report_view_options *o, FILE *f)
{
    switch (fmt) {
    case REPORT_FMT_TEXT: return report_write_text(r, o, f);
    case REPORT_FMT_JSON: return report_write_json(r, f);
    case REPORT_FMT_FOLDED: return report_write_folded(r, f);
    case REPORT_FMT_TRACE: return report_write_trace(r, o, f);
    case REPORT_FMT_ANNOTATE: return report_write_annotate(r, o, f);
    case REPORT_FMT_HTML: return report_write_html(r, o, f);
    }
    return -1;
}

/* The estimator.h entry points: the report model without loops. */
int report_estimate_write_text(const struct cost_estimate *e, FILE *f, size_t top)
{
    struct report_data r = {.e = (struct cost_estimate *)e};
    struct report_view_options o = {.top = top};
    return report_write_text(&r, &o, f);
}

int report_estimate_write_json(const struct cost_estimate *e, FILE *f)
{
    struct report_data r = {.e = (struct cost_estimate *)e};
    return report_write_json(&r, f);
}
