/* fuzz_budget.c — libFuzzer target for budgets files (estimator/REPORT.md
 * "Budgets"): any bytes are loaded as budgets and, when they load, checked
 * against a real report (tests/data/report/full.json) and written as JUnit. */
#include "fuzz_util.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct report_data *r;
    if (!r && !(r = report_read_file(LPNEST_SOURCE_DIR "/tests/data/report/full.json", stderr)))
        abort();
    struct report_budget *b = report_budget_load(fuzz_file(data, size, "budget.yaml"), fuzz_null());
    if (!b)
        return 0;
    struct report_check *checks = NULL;
    size_t n = 0;
    report_budget_check(b, r, fuzz_null(), &checks, &n);
    report_junit_write(fuzz_null(), "fuzz", checks, n, 1.0);
    report_checks_free(checks, n);
    report_budget_free(b);
    return 0;
}
