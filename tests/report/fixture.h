/* fixture.h — shared by the report unit tests: a report built by hand with
 * every section filled (calling contexts, lines, timeline, accelerator,
 * what-if, loops), helpers that render a view to a string, and the groups
 * of the test executable. */
#ifndef LPNEST_TEST_REPORT_FIXTURE_H
#define LPNEST_TEST_REPORT_FIXTURE_H

#define _GNU_SOURCE

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report.h"

#ifndef REPORT_TEST_DATA
#error "REPORT_TEST_DATA must name tests/data/report"
#endif

/* The hand-built report (10,000 cycles; see fixture.c for the numbers).
 * FULL false leaves the timed-run sections (contexts, lines, timeline,
 * accelerators, what-ifs) empty, as a plain estimate has them. */
struct report_data *fx_report(bool full);
/* Renders R in FMT; returns the text (free it); *status gets the writer's
 * result and *diag (if not NULL) its messages (free them). */
char *fx_render(const struct report_data *r, enum report_format fmt, int *status, char **diag);
/* Writes TEXT to a new temporary file and returns its path (free it; the
 * file is removed at exit). */
char *fx_temp_file(const char *text, const char *suffix);
/* Counts occurrences of NEEDLE in HAY. */
size_t fx_count(const char *hay, const char *needle);

int fx_run_views(void);
int fx_run_checks(void);
int fx_run_loops(void);

#endif
