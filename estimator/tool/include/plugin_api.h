/* plugin_api.h — the tool layer's entry point for the compiler plugin
 * (plugin/lpnest.cpp): a translation unit estimated from the branch
 * probabilities the plugin measured (estimate_static.h), its JSON report
 * written and its budgets checked (plugin_api.c). */
#ifndef LPNEST_PLUGIN_API_H
#define LPNEST_PLUGIN_API_H

#include "estimate_static.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tool_plugin_options {
    const char *target;       /* core name or description .yaml (required) */
    const char *report;       /* JSON report path, or NULL */
    const char *budget;       /* budgets file (estimator/REPORT.md "Budgets"), or NULL */
    bool profile;             /* the probabilities come from a PGO profile */
    bool allow_incomplete;    /* a budget that cannot be checked is a warning (-lpnest-budget-allow-incomplete) */
    const char *name;         /* the translation unit (source file) for messages and the report */
};

struct tool_plugin_func {
    char *name;
    double inclusive;         /* cycles per call, callees in this unit included */
    double self;              /* cycles per call of its own code and runtime calls */
    double instructions;      /* machine instructions per call of its own code */
    bool estimated;           /* part of the counts rest on the even split of unknowns */
    /* its own calls whose cost is left out: to functions of other units, to
     * routines the core does not price, indirect calls (per call) */
    double other_units, unpriced, indirect;
    char *callees;            /* the first of those callees, "f, g", or NULL */
    unsigned incomplete;      /* what its inclusive cycles leave out: 1 other units, 2 unpriced, 4 indirect */
};

/* A budget limit a function exceeds. */
struct tool_plugin_over {
    char *func;               /* NULL for the unit's total */
    char *what;               /* "inclusive cycles per call", ... */
    double actual, limit;
    bool warning;             /* the budgets file makes it a warning, not an error */
    char *where;              /* "budgets.yaml:5:16" of the limit */
    char *message;            /* the whole message, when not "exceeds limit" of a compiled function
                                 (a function inlined everywhere, a budget that cannot be checked), or NULL */
    char *definition;         /* "file:line" of the function's definition, or NULL */
};

struct tool_plugin_result {
    char *core;
    struct tool_plugin_func *funcs;
    size_t nfuncs;
    struct tool_plugin_over *over;
    size_t nover;
    char **warnings;          /* the estimate's warnings (unpriced calls, ...) */
    size_t nwarnings;
};

/* Estimates the unit whose bitcode is DATA[0..LEN) with the probabilities
 * FQ on core O->target, writes the JSON report (estimator/REPORT.md) to
 * O->report, checks O->budget. Returns NULL after messages on DIAG (unknown
 * core, unreadable budgets file, failed estimate). Free with
 * tool_plugin_result_free. */
struct tool_plugin_result *tool_plugin_estimate(const struct tool_plugin_options *o, const void *data, size_t len,
                                              const struct cost_freqs *fq, FILE *diag);
void tool_plugin_result_free(struct tool_plugin_result *r);

#ifdef __cplusplus
}
#endif

#endif
