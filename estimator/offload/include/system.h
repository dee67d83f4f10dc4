/* system.h — the system file of `lpnest --accel system.yaml` (schema in
 * estimator/SYSTEM.md): accelerators (an LPN model each, its clock, an
 * optional interconnect model in front) and offloads (which function's calls
 * run on which accelerator, how their arguments become tokens, what the call
 * costs the host, synchronous or not). Loaded and checked here; run by
 * offload.c. Internal to estimator/. */
#ifndef LPNEST_SYSTEM_H
#define LPNEST_SYSTEM_H

#include "offload_expr.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct lpn_model;

/* An LPN model with its parameters and clock. */
struct sys_model {
    char *path;                /* as resolved (relative to the system file) */
    struct lpn_model *model;
    double clock_hz;           /* 0: the core's */
};

struct sys_accel {
    char *name;
    struct sys_model lpn;
    bool has_ic;
    struct sys_model ic;       /* the interconnect in front */
    unsigned line, col;
};

/* Tokens of a call written as expressions: COUNT tokens into PLACE, token i
 * with the given properties. */
struct sys_tokens {
    char *place;               /* NULL: the start place */
    int place_index;
    struct oexpr *count;       /* NULL: 1 */
    char **prop;               /* names, in the place's declaration order */
    struct oexpr **value;
    size_t nprops;
    unsigned line, col;
};

struct sys_offload {
    char *function;
    size_t accel;              /* index into accels */
    char *token_fn;            /* a C token function, or NULL with specs */
    struct sys_tokens *specs;
    size_t nspecs;
    struct oexpr *invoke;      /* host cycles to start a call (NULL: 0) */
    struct oexpr *done;        /* done tokens a call waits for, over `tokens` (NULL: tokens) */
    bool async;
    char *wait;                /* async: the function whose calls wait */
    unsigned line, col;        /* of the entry, for messages */
};

struct offload_system {
    char *path;
    struct sys_accel *accels;
    size_t naccels;
    struct sys_offload *offs;
    size_t noffs;
};

/* Loads and checks PATH: YAML structure, keys and types, models (loaded
 * with their parameter overrides), places and properties named by token
 * expressions, and the expressions themselves. Errors are printed as
 * "file:line:col: error: ..." to DIAG; returns NULL then. */
struct offload_system *offload_system_load(const char *path, FILE *diag);
void offload_system_free(struct offload_system *s);

#endif
