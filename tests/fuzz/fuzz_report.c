/* fuzz_report.c — libFuzzer target for JSON reports (estimator/REPORT.md):
 * any bytes are read as a report; when they read, every view is written
 * (to /dev/null), the candidates and stacks derived, and the report diffed
 * against itself. */
#include "fuzz_util.h"
#include "report.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct est_report *r = est_report_parse("fuzz.json", (const char *)data, size, fuzz_null());
    if (!r)
        return 0;
    FILE *null = fuzz_null();
    struct est_view_options o = {.top = 10, .diag = null};
    static const enum est_format formats[] = {EST_FMT_TEXT, EST_FMT_JSON, EST_FMT_FOLDED, EST_FMT_TRACE,
                                              EST_FMT_ANNOTATE, EST_FMT_HTML};
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        est_report_write(r, formats[i], &o, null);
    struct est_candidate *c = NULL;
    est_report_candidates(r, &c);
    free(c);
    size_t n;
    struct est_stack *s = est_report_stacks(r, &n);
    est_stacks_free(s, n);
    struct est_diff_options d = {.threshold_pct = 1, .top = 5, .old_name = "a", .new_name = "b"};
    struct est_check *checks = NULL;
    size_t nchecks = 0;
    est_report_diff(r, r, &d, null, &checks, &nchecks);
    est_checks_free(checks, nchecks);
    est_report_free(r);
    return 0;
}
