/* test_util.h — helpers shared by the isa unit tests: loading descriptions
 * with captured diagnostics and the groups of the test executable. */
#ifndef LPNEST_TEST_ISA_UTIL_H
#define LPNEST_TEST_ISA_UTIL_H

#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "isa.h"

#ifndef ISA_TEST_DATA
#error "ISA_TEST_DATA must name tests/data/isa"
#endif
#ifndef ISA_SOURCE_DIR
#error "ISA_SOURCE_DIR must name isa/"
#endif

/* Loads tests/data/isa/NAME; *diag receives the messages (free it). */
struct isa *ti_load_fixture(const char *name, char **diag);
/* Loads inline YAML named "t.yaml"; *diag receives the messages (free it). */
struct isa *ti_load_text(const char *yaml, char **diag);
/* Looks up MNEMONIC, failing the test when it is unknown. */
const struct isa_insn *ti_insn(const struct isa *isa, const char *mnemonic);

int ti_run_cores(void);
int ti_run_loader(void);
int ti_run_formula(void);

#endif
