/* offload.h — offloaded calls during a timed run (timing.h): at a call of an
 * offloaded function the accelerator's LPN instance receives the call's
 * tokens at the host's current time (converted to its clock), a synchronous
 * call holds the host until its done tokens, an asynchronous one lets it go on
 * until a call of the function that waits. The function's own body still
 * runs for its results; what the host is charged instead is decided here.
 * Private to offload/. */
#ifndef LPNEST_OFFLOAD_H
#define LPNEST_OFFLOAD_H

#include "estimator.h"
#include "system.h"
#include "timed.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdio.h>

struct est_offload;
struct est_timing;
struct est_estimate;

/* Makes the run-time state of SYS for a host whose clock is HOST_HZ
 * (needed for accelerators without a clock of their own). The system stays
 * owned by the caller and must outlive the result. */
struct est_offload *offload_new(const struct est_system *sys, double host_hz, struct est_timing *t, FILE *diag);
void offload_free(struct est_offload *o);
/* Checks SYS against module M before the run: every offloaded, token and
 * wait function exists with a body, token functions take the offloaded
 * function's parameters. Messages name the system file's lines; false then. */
bool offload_check(struct est_offload *o, LLVMModuleRef m);
/* Finds the run's offloaded, wait and token functions (engine indices) once they exist. */
void offload_attach(struct est_offload *o, struct est_engine *eng);
/* Whether engine function FUNC is offloaded or waits for an offload. */
bool offload_serves(const struct est_offload *o, uint32_t func);
/* Serves the call of FUNC being made (offloaded, or a wait): *CHARGE gets
 * what the call costs the host (clock units) instead of its body. Returns 1,
 * or -1 after a fault. */
int offload_call(struct est_offload *o, struct est_engine *eng, uint32_t func, uint64_t *charge);
/* An offloaded body of FUNC returned: BODY clock units is what it would have
 * cost the host (the what-if software figure). */
void offload_body(struct est_offload *o, uint32_t func, uint64_t body);
/* The run ended: lets the accelerators finish what is in flight (for their
 * statistics; the host does not wait). */
void offload_finish(struct est_offload *o, struct est_engine *eng);
/* Fills E's accelerators, what-if lines and accelerator tracks. Track
 * numbers of slices made by the accelerators are 1 + their index here. */
void offload_report(const struct est_offload *o, struct est_estimate *e);
/* Names of the accelerator tracks (1, 2, ...): "jpeg: huffman". */
size_t offload_ntracks(const struct est_offload *o);
const char *offload_track_name(const struct est_offload *o, size_t track, double *clock_hz);


#endif
