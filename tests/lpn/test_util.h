/* test_util.h — helpers shared by the lpn unit tests: loading fixtures and
 * inline models with captured diagnostics, and running to completion. */
#ifndef LPNEST_TEST_LPN_UTIL_H
#define LPNEST_TEST_LPN_UTIL_H

#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lpn.h"

#ifndef LPN_TEST_DATA
#error "LPN_TEST_DATA must name tests/data/lpn"
#endif
#ifndef LPN_MODELS_DIR
#error "LPN_MODELS_DIR must name lpn/models"
#endif

/* Loads tests/data/lpn/NAME (or lpn/models/NAME when MODEL is true) with
 * overrides; fails the test with the diagnostics when it does not load. */
struct lpn_model *tl_load(const char *name, bool model, const struct lpn_param *ov, size_t nov);
/* Loads inline YAML named "t.yaml"; *diag receives the messages (free it). */
struct lpn_model *tl_load_text(const char *yaml, char **diag);
/* Creates a sim (asserting success). */
struct lpn_sim *tl_sim(const struct lpn_model *m, unsigned flags);
/* Injects one token into the start place (asserting success). */
void tl_inject(struct lpn_sim *s, int64_t time, const int64_t *props);
/* Transition statistics by name (asserting it exists). */
struct lpn_tstats tl_stats(const struct lpn_sim *s, const char *name);

/* Done tokens recorded by tl_record_done. */
struct tl_done {
    int n;
    int64_t time[4096];
    int64_t props[4096][16];
};
void tl_record_done(struct lpn_sim *s, struct tl_done *d);

/* The groups of the test executable. */
int tl_run_semantics(void);
int tl_run_loader(void);
int tl_run_models(void);
int tl_run_api(void);

#endif
