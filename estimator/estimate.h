/* estimate.h — the result of pricing a run on a core: totals, per-function
 * and per-block cycles, runtime calls, and how much rests on estimates.
 * Produced by estimate.c, written by report_*.c. Internal to estimator/. */
#ifndef LPNEST_ESTIMATE_H
#define LPNEST_ESTIMATE_H

#include "estimator.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct est_func_cost {
    char *name;
    uint64_t calls;
    double self;              /* cycles of its own code and its runtime calls */
    double inclusive;         /* self plus what its callees cost per call */
    double runtime;           /* cycles in runtime/library routines it calls */
    double instructions;      /* machine instructions executed in its own code */
    char *loc;                /* "file:line" of its definition, or NULL */
};

struct est_block_cost {
    size_t func;              /* index into funcs */
    int number;               /* machine block number, -1 for IR-level models */
    char *ir_name;            /* IR block, or NULL */
    char *loc;                /* source "file:line" of its first located instruction */
    double count;
    double cycles;            /* total over all executions */
    double instructions;      /* instructions executed, total */
    bool estimated;           /* count rests on an estimate */
};

struct est_runtime_cost {
    char *symbol;
    double calls;
    double cycles;
    double instructions;
    bool known;               /* the core's description prices it */
};

struct est_estimate {
    char *module;
    char *core;
    char *core_description;
    char *triple;
    double clock_hz;
    int exit_status;
    uint64_t ir_instructions;
    double cycles;            /* everything */
    double machine_cycles;    /* from the program's own machine code */
    double runtime_cycles;    /* from runtime/library cost tables */
    double estimated_cycles;  /* part of cycles whose counts rest on estimates */
    double instructions;      /* machine instructions of the program's code */
    double runtime_instructions;
    double unknown_execs;     /* executions of instructions the core does not know */
    struct est_func_cost *funcs;
    size_t nfuncs;
    struct est_block_cost *blocks;
    size_t nblocks;
    struct est_runtime_cost *runtime;
    size_t nruntime;
    char **warnings;
    size_t nwarnings;
};

/* Adds a warning (formatted) to the estimate's list. */
void est_estimate_warn(struct est_estimate *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The runtime entry for SYMBOL, created on first use. */
struct est_runtime_cost *est_runtime_entry(struct est_estimate *e, const char *symbol);

#endif
