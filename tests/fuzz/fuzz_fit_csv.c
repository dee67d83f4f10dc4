/* fuzz_fit_csv.c — libFuzzer target for `lpn fit` measurement tables
 * (lpn/FIT.md "CSV"): any bytes are parsed as a CSV table; when it parses
 * and has a "cycles" column, it is fitted with the default options (closed
 * form and table), reported in every format, the model evaluated at its
 * rows and the next Performance Representatives chosen. */
#include "fit.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *null = fuzz_null();
    struct lpn_table *t = lpn_table_parse("fuzz.csv", (const char *)data, size, null);
    if (!t)
        return 0;
    struct lpn_fit_opts o;
    lpn_fit_opts_default(&o);
    struct lpn_fit *f = t->nrows <= 400 && t->ncols <= 6 ? lpn_fit_run(t, &o, null) : NULL;
    if (f) {
        int64_t next[8 * 6];
        int nnext = lpn_fit_next(f, 8, 1, next);
        for (int fmt = 0; fmt < 3; fmt++)
            lpn_fit_write(f, next, nnext, fmt, null);
        int np = lpn_fit_nparams(f);
        int64_t x[6] = {0};
        for (size_t r = 0; r < t->nrows && r < 50; r++) {
            for (int k = 0; k < np; k++) {
                double v = t->v[r * (size_t)t->ncols + (size_t)lpn_fit_param(f, k)->col];
                x[k] = v > -1e15 && v < 1e15 ? (int64_t)v : 0;
            }
            (void)lpn_fit_predict_model(f, false, x);
            (void)lpn_fit_predict_model(f, true, x);
        }
        (void)lpn_fit_pr_count(f);
        lpn_fit_free(f);
    }
    lpn_table_free(t);
    return 0;
}
