/* timed.h — what the offload layer offers the tool: an estimate in two runs
 * (estimate_timed.c), the second timed, which gives calling contexts, a
 * timeline and, with a system file, the accelerators of offloaded calls; and
 * the built-ins of the program-side API (estimator/app/lpnest.h) that every
 * run of a program must be given (eng_run_options.builtins). */
#ifndef LPNEST_TIMED_H
#define LPNEST_TIMED_H

#include "estimator.h"

#include <stddef.h>
#include <stdio.h>

struct isa;
struct offload_system;
struct cost_estimate;

/* As cost_estimate_run, in two runs: the program runs again with every IR
 * block priced as the first run found, so E also gets its calling contexts
 * (exact inclusive cycles per context), a timeline of calls, and, with SYS
 * (a system file, system.h: offload_system_load), the accelerators its
 * offloaded calls ran on: then E's total is the host's time with them. */
struct cost_estimate *offload_estimate_timed(struct eng_module *m, const struct isa *isa, const struct eng_run_options *o,
                                        const struct offload_system *sys, FILE *dump, int *status);

/* The built-ins this layer serves (lpnest_token): *N gets their number. */
const struct eng_builtin *offload_builtins(size_t *n);

#endif
