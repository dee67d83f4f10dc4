/* estimate_host.h — rebasing an offloaded run's estimate on the host's run
 * (estimate_host.c). Internal to estimator/. */
#ifndef LPNEST_ESTIMATE_HOST_H
#define LPNEST_ESTIMATE_HOST_H

#include "estimate.h"

/* Rebases E, priced from the software run, on the host run that filled its
 * calling contexts: each function's self cycles and calls from the contexts;
 * its blocks, lines, runtime cycles and instructions scaled by the share of
 * its software cycles that ran on the host (0 for an offloaded function);
 * the host's invokes and waits of an offloaded call charged to the call's
 * line. Afterwards self cycles and line cycles add up to E->cycles. */
void offload_estimate_rebase_host(struct cost_estimate *e);

#endif
