/* test_lpn.c — the lpn module's unit tests (one cmocka executable): main,
 * which runs every group (helpers: test_util.c). */
#include "test_util.h"

int main(void)
{
    int failed = 0;
    failed += tl_run_semantics();
    failed += tl_run_loader();
    failed += tl_run_models();
    failed += tl_run_api();
    return failed ? 1 : 0;
}
