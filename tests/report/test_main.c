/* test_main.c — the report unit tests (one cmocka executable, three groups). */
#include "fixture.h"

int main(void)
{
    int failed = 0;
    failed += fx_run_views();
    failed += fx_run_checks();
    failed += fx_run_loops();
    return failed ? 1 : 0;
}
