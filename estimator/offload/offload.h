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

struct offload_model;
struct offload_timing;
struct cost_estimate;

/* Makes the run-time state of SYS for a host whose clock is HOST_HZ
 * (needed for accelerators without a clock of their own). The system stays
 * owned by the caller and must outlive the result. */
struct offload_model *offload_new(const struct offload_system *sys, double host_hz, struct offload_timing *t, FILE *diag);
void offload_free(struct offload_model *o);
/* Checks SYS against module M before the run: every offloaded, token and
 * wait function exists with a body, token functions take the offloaded
 * function's parameters. Messages name the system file's lines; false then. */
bool offload_check(struct offload_model *o, LLVMModuleRef m);
/* Finds the run's offloaded, wait and token functions (engine indices) once they exist. */
void offload_attach(struct offload_model *o, struct eng_state *eng);
/* Whether engine function FUNC is offloaded or waits for an offload. */
bool offload_serves(const struct offload_model *o, uint32_t func);
/* Serves the call of FUNC being made (offloaded, or a wait): *CHARGE gets
 * what the call costs the host (clock units) instead of its body. Returns 1,
 * or -1 after a fault. */
int offload_call(struct offload_model *o, struct eng_state *eng, uint32_t func, uint64_t *charge);
/* An offloaded body of FUNC returned: BODY clock units is what it would have
 * cost the host (the what-if software figure). */
void offload_body(struct offload_model *o, uint32_t func, uint64_t body);
/* The run ended: lets the accelerators finish what is in flight (for their
 * statistics; the host does not wait). */
void offload_finish(struct offload_model *o, struct eng_state *eng);
/* Fills E's accelerators, what-if lines and accelerator tracks. Track
 * numbers of slices made by the accelerators are 1 + their index here. */
void offload_report(const struct offload_model *o, struct cost_estimate *e);
/* Names of the accelerator tracks (1, 2, ...): "jpeg: huffman". */
size_t offload_ntracks(const struct offload_model *o);
const char *offload_track_name(const struct offload_model *o, size_t track, double *clock_hz);


#endif
