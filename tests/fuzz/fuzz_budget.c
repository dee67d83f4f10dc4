/* fuzz_budget.c — libFuzzer target for budgets files (estimator/REPORT.md
 * "Budgets"): any bytes are loaded as budgets and, when they load, checked
 * against a real report (tests/data/report/full.json) and written as JUnit. */
#include "fuzz_util.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct est_report *r;
    if (!r && !(r = est_report_read_file(LPNEST_SOURCE_DIR "/tests/data/report/full.json", stderr)))
        abort();
    struct est_budget *b = est_budget_load(fuzz_file(data, size, "budget.yaml"), fuzz_null());
    if (!b)
        return 0;
    struct est_check *checks = NULL;
    size_t n = 0;
    est_budget_check(b, r, fuzz_null(), &checks, &n);
    est_junit_write(fuzz_null(), "fuzz", checks, n, 1.0);
    est_checks_free(checks, n);
    est_budget_free(b);
    return 0;
}
