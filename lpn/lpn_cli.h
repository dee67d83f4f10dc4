/* lpn_cli.h — the options of the `lpn` command, shared by lpn_main.c (option
 * parsing; sim, dot, check) and lpn_cli_analysis.c (classes, pi, smt).
 * Internal to the command. */
#ifndef LPNEST_LPN_CLI_H
#define LPNEST_LPN_CLI_H

#include "lpn.h"

#define LPN_CLI_MAX_PARAMS 256

struct lpn_cli_opts {
    const char *cmd, *model, *out, *format, *input, *trace;
    bool generate, json;
    int64_t until;
    unsigned long long max_commits, max_tokens;
    struct lpn_param params[LPN_CLI_MAX_PARAMS];
    size_t nparams;
    /* analyses */
    const char *space, *query, *emit_c, *c_name, *witness;
    bool print_latency;
    double timeout, max_time;                 /* seconds; 0: the defaults */
    unsigned long long max_paths, max_firings, iterations, seed;
    long long samples;                        /* -1: the command's default */
};

/* Each returns the command's exit status (lpn_main.c's usage text). */
int lpn_cli_classes(const struct lpn_cli_opts *o, const struct lpn_model *m);
int lpn_cli_pi(const struct lpn_cli_opts *o, const struct lpn_model *m);
int lpn_cli_smt(const struct lpn_cli_opts *o, const struct lpn_model *m);

#endif
