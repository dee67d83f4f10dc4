/* fuzz_report.c — libFuzzer target for JSON reports (estimator/REPORT.md):
 * any bytes are read as a report; when they read, every view is written
 * (to /dev/null), the candidates and stacks derived, and the report diffed
 * against itself. */
#include "fuzz_util.h"
#include "report.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct report_data *r = report_parse("fuzz.json", (const char *)data, size, fuzz_null());
    if (!r)
        return 0;
    FILE *null = fuzz_null();
    struct report_view_options o = {.top = 10, .diag = null};
    static const enum report_format formats[] = {REPORT_FMT_TEXT, REPORT_FMT_JSON, REPORT_FMT_FOLDED, REPORT_FMT_TRACE,
                                              REPORT_FMT_ANNOTATE, REPORT_FMT_HTML};
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        report_write(r, formats[i], &o, null);
    struct report_candidate *c = NULL;
    report_candidates(r, &c);
    free(c);
    size_t n;
    struct report_stack *s = report_stacks(r, &n);
    report_stacks_free(s, n);
    struct report_diff_options d = {.threshold_pct = 1, .top = 5, .old_name = "a", .new_name = "b"};
    struct report_check *checks = NULL;
    size_t nchecks = 0;
    report_diff(r, r, &d, null, &checks, &nchecks);
    report_checks_free(checks, nchecks);
    report_free(r);
    return 0;
}
