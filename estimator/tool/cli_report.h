/* cli_report.h — the report side of the lpnest command line: output options
 * (--format, -o, --top, --source-dir, --context, --threshold, --budget,
 * --junit, --input-limit), writing a report
 * with budget checks, and the subcommands `lpnest report` and `lpnest diff`.
 * Used by lpnest.c only. */
#ifndef LPNEST_CLI_REPORT_H
#define LPNEST_CLI_REPORT_H

#include "report.h"

struct cli_out {
    enum report_format format;
    bool sarif;                      /* --format=sarif: the budget checks as SARIF instead of the report */
    bool bad_usage;                  /* set by cli_out_prepare for a usage error (exit 2) */
    const char *out;                 /* -o, NULL for stdout */
    const char *budget_path;         /* --budget */
    const char *junit;               /* --junit */
    bool allow_incomplete;           /* --budget-allow-incomplete */
    unsigned long long top;          /* --top */
    const char **source_dirs;        /* --source-dir (repeatable) */
    size_t nsource_dirs;
    char *default_source_dir;        /* without --source-dir: the module's or report's directory */
    double threshold;                /* --threshold (annotate) */
    bool context_set;                /* --context (annotate) */
    unsigned long long context;
    struct report_budget *budget;       /* loaded by cli_out_prepare */
    double start;                    /* when the run began (for JUnit) */
    const char *prog;                /* for messages: "lpnest", "lpnest report" */
    const char *const *known;        /* option names for "did you mean" (NULL: none) */
};

/* Initialises O with the defaults; ARGC bounds the repeatable options. */
void cli_out_init(struct cli_out *o, int argc);
void cli_out_free(struct cli_out *o);
/* The output options as entries of a sup_cli_parse table, filling O (at
 * most CLI_OUT_NOPTS entries into T; returns how many). The last entry
 * reports unknown options as PROG's, with a "did you mean" among o->known
 * when the caller set it (a NULL-ended list of option names). */
#define CLI_OUT_NOPTS 11
struct sup_opt;
size_t cli_out_options(struct cli_out *o, const char *prog, struct sup_opt *t);
/* Without --source-dir, annotate reads sources under the directory of FILE
 * (the module or the report named on the command line). */
void cli_out_default_source(struct cli_out *o, const char *file);
/* Loads the budgets file (before a long run). Returns false after a message. */
bool cli_out_prepare(struct cli_out *o, FILE *diag);
/* Writes R (atomically), checks the budgets and writes JUnit XML. Returns
 * the exit status: 0, 1 (could not write, or the view lacks data) or 3 (a
 * budget was exceeded). */
int cli_out_emit(struct cli_out *o, const struct report_data *r, const char *prog);

/* cli_project.c: the reports INPUTS[0..n) name (files, or directories:
 * every *.lpnest.json under them), one as it is, several merged into a
 * project's view (report_merge). NULL after a message on DIAG. */
struct report_data *cli_load_reports(const char *const *inputs, size_t n, FILE *diag);

/* `lpnest report REPORT.json [output options]` and `lpnest diff OLD NEW
 * [options]`; ARGV[0] is the subcommand. Return the exit status. */
int cli_report_main(int argc, char **argv);
int cli_diff_main(int argc, char **argv);

/* The help text of the output options and subcommands. */
extern const char cli_out_help[];

#endif
