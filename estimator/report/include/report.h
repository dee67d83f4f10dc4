/* report.h — reports of an estimate. One data model (struct report_data: the
 * estimate plus its natural loops) is written as JSON ("lpnest_report": 1,
 * estimator/REPORT.md), read back from JSON, and rendered as every other
 * view: text, folded stacks, trace events, annotated source, HTML. Also the
 * derived analyses (offload candidates, diffs of two reports, budgets) and
 * JUnit XML. Internal to estimator/ (the lpnest CLI, the plugin and tests). */
#ifndef LPNEST_REPORT_H
#define LPNEST_REPORT_H

#include "estimate.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define REPORT_SCHEMA_VERSION 1

/* A natural loop of the IR (back edge to a dominating header), priced from
 * the machine blocks that came from its IR blocks. */
struct report_loop_cost {
    size_t func;              /* index into funcs */
    size_t parent;            /* enclosing loop (index into loops), COST_NO_PARENT */
    unsigned depth;           /* 1 = outermost */
    char *header;             /* IR block name of the header */
    char *loc;                /* "file:line": the smallest line of the loop's own code, or NULL */
    double header_count;      /* executions of the header */
    double entries;           /* times entered from outside; < 0 when unknown */
    double cycles;            /* its blocks' cycles (nested loops and runtime calls included) */
    double inclusive;         /* cycles plus the calls made from its blocks: from the calling contexts
                                 when the run was timed, else callees at their average per call */
    double instructions;      /* machine instructions of its blocks */
    size_t nblocks;           /* IR blocks in the loop */
};

/* Everything a view shows. Owns E and LOOPS. */
struct report_data {
    struct cost_estimate *e;
    struct report_loop_cost *loops;
    size_t nloops;
    /* labels name files relative to the directory all the loops' files are in
     * (report_loop_label, computed when first needed) */
    size_t label_strip;
    bool label_strip_known;
};

/* Frees R's estimate and loops (not R itself). */
void report_clear(struct report_data *r);
/* report_clear and free(R). */
void report_free(struct report_data *r);

/* ---- loops.c ---------------------------------------------------------------
 * Finds the natural loops of every function of M that R's estimate prices
 * (by function name) and totals their blocks' cycles (machine blocks are
 * matched to IR blocks by name). Replaces R's loops. Without calling
 * contexts, adds a warning that inclusive cycles rest on averages. Never
 * fails. */
void report_find_loops(struct report_data *r, LLVMModuleRef m);
/* sources.c: the report by source function (R's estimate's sources), from
 * the inline parts its pricing kept and module M (called by
 * report_find_loops), and what every function's inclusive cycles leave out
 * (funcs[].incomplete). */
void report_find_sources(struct report_data *r, LLVMModuleRef m);
/* The first source function named NAME (*N: how many have that name), or NULL. */
const struct cost_source_func *report_source_func(const struct report_data *r, const char *name, size_t *n);
/* COST_EXCL_* bits as words: "calls to other units, unpriced routines, indirect calls". */
const char *report_incomplete_text(unsigned bits, char *buf, size_t n);
/* "loop@file:line" (with "(header)" appended when several loops of the
 * function share the line; "loop@func:header" without a location): the
 * frame name of loop L. FILE is relative to the directory the report's
 * loops all lie in (so "lz4.c", not "/home/.../lib/lz4.c"). */
void report_loop_label(const struct report_data *r, size_t l, char *buf, size_t n);

/* ---- views -----------------------------------------------------------------*/
enum report_format { REPORT_FMT_TEXT, REPORT_FMT_JSON, REPORT_FMT_FOLDED, REPORT_FMT_TRACE, REPORT_FMT_ANNOTATE, REPORT_FMT_HTML };
/* "text", "json", ... → format; false for an unknown name. */
bool report_format_parse(const char *name, enum report_format *out);
const char *report_format_name(enum report_format f);
#define REPORT_FORMAT_NAMES "text, json, folded, trace, annotate or html"

struct report_view_options {
    size_t top;                       /* rows of the long tables (text; HTML shows more) */
    const char *const *source_dirs;   /* where annotate may read sources: nothing outside them */
    size_t nsource_dirs;
    double threshold;                 /* annotate: only lines with at least this % of the cycles (0: all) */
    bool context_set;                 /* annotate: only CONTEXT lines around the lines shown */
    size_t context;
    FILE *diag;                       /* why a view could not be made */
};

/* Writes R in format FMT to F. Returns 0; 1 after a message on o->diag when
 * the report lacks the data for the view (trace without a timeline); -1 on a
 * write error. */
int report_write(const struct report_data *r, enum report_format fmt, const struct report_view_options *o, FILE *f);

int report_write_json(const struct report_data *r, FILE *f);
/* Reports: text for people (TOP hottest blocks), JSON (schema "lpnest_report": 1,
 * see estimator/REPORT.md). Return 0, or -1 on a write error. */
int report_estimate_write_text(const struct cost_estimate *e, FILE *f, size_t top);
int report_estimate_write_json(const struct cost_estimate *e, FILE *f);

int report_write_text(const struct report_data *r, const struct report_view_options *o, FILE *f);
int report_write_folded(const struct report_data *r, FILE *f);
int report_write_trace(const struct report_data *r, const struct report_view_options *o, FILE *f);
int report_write_annotate(const struct report_data *r, const struct report_view_options *o, FILE *f);
int report_write_html(const struct report_data *r, const struct report_view_options *o, FILE *f);

/* report_svg.c: inline SVG for the HTML page. The flame graph of R's stacks
 * WIDTH pixels wide (returns the number of frames drawn); the timeline
 * (false, nothing written, when R has none); a histogram of V[0..n). */
size_t report_svg_flame(const struct report_data *r, FILE *f, double width);
bool report_svg_timeline(const struct report_data *r, FILE *f, double width);
void report_svg_histogram(const double *v, size_t n, FILE *f, double width, double height);

/* ---- report_read.c ---------------------------------------------------------
 * Reads a JSON report back (what report_write_json writes; the sections
 * after "warnings" in REPORT.md may be missing). Errors are
 * "file:line:col: error: ..." on diag; returns NULL then. */
struct report_data *report_read_file(const char *path, FILE *diag);
struct report_data *report_parse(const char *name, const char *text, size_t len, FILE *diag);

/* ---- merge.c: a project's view ---------------------------------------------
 * PARTS[0..n) (UNITS: their names, for messages and to tell apart functions
 * of one name in several units: "f [unit]") merged into one report named
 * MODULE (REPORT.md "A project's view"): functions, blocks, loops, lines,
 * routines and source functions of all; the same function (name and
 * definition) in several reports adds up; per-call reports (the plugin's)
 * get their calls into other units priced from the callee's report where
 * it is there, and their inclusive cycles solved again. The parts must be
 * for one core and all per call or all runs; else NULL after a message on
 * DIAG. The parts are not changed; free the result with report_free. */
struct report_data *report_merge(struct report_data *const *parts, const char *const *units, size_t n,
                                 const char *module, FILE *diag);

/* ---- report_stacks.c: the calling-context stacks behind folded and the flame graph */
struct report_stack {
    char *frames;             /* "main;fir;loop@fir.c:7" */
    double cycles;
    uint64_t weight;          /* cycles rounded so that the weights sum to the rounded total */
};
/* The stacks of R, merged and sorted by frames; *n gets the count. Caller
 * frees with report_stacks_free. From the calling-context tree when R has one,
 * else one stack per function (no callers); loop frames split a function's
 * cycles in the proportions of its loops over the whole run; cycles the
 * contexts do not cover go to "[unattributed]". */
struct report_stack *report_stacks(const struct report_data *r, size_t *n);
void report_stacks_free(struct report_stack *s, size_t n);

/* ---- report_candidates.c ----------------------------------------------------*/
enum report_cand_kind { REPORT_CAND_FUNCTION, REPORT_CAND_LOOP };
struct report_candidate {
    enum report_cand_kind kind;
    size_t index;             /* into funcs or loops */
    char name[1400];          /* function name, or "func loop@file:line" */
    double cycles;            /* inclusive cycles it would take off the core */
    double baseline;          /* total the share is relative to */
    double share;             /* cycles / baseline, 0..1 */
    double amdahl;            /* baseline / (baseline - cycles): bound if it cost nothing; INFINITY at 1 */
    const struct cost_whatif *whatif;  /* its accelerator estimate, or NULL */
    double estimated;         /* estimated whole-application speedup with that accelerator */
};
/* Offload candidates, best first: every function except main and every loop
 * with cycles > 0. The caller frees *out. Returns the count. */
size_t report_candidates(const struct report_data *r, struct report_candidate **out);
/* Total cycles had every offloaded function stayed in software. */
double report_software_total(const struct report_data *r);

/* ---- report_util.c -----------------------------------------------------------*/
/* 1234567 -> "1,234,567" (rounded to an integer). */
const char *report_grouped(double v, char *buf, size_t n);
double report_pct(double part, double whole);
/* Rounds V[0..n) to integers OUT[0..n) (V >= 0) whose sum is TOTAL as the views
 * print it ("%.0f"), by largest remainders; V must sum to TOTAL within rounding. */
void report_apportion(const double *v, uint64_t *out, size_t n, double total);
/* Statistics of a sample of N values (sorted copy made internally). */
struct report_stats {
    size_t n;
    double min, max, mean, p50, p95, sum;
};
void report_stats_of(const double *v, size_t n, struct report_stats *s);
/* Per-call durations of the timeline's slices by (track, name), longest
 * total first. The caller frees *out. */
struct report_slice_summary {
    size_t track;
    const char *name;         /* owned by the estimate */
    struct report_stats st;
};
size_t report_slice_stats(const struct report_data *r, struct report_slice_summary **out);
/* Writes S with &, <, >, ", ' escaped (and control characters dropped) for XML/HTML. */
void report_xml_escape(FILE *f, const char *s);
/* What inclusive shares are relative to: the total, or the largest function's
 * or loop's inclusive cycles when that is more (a plugin report totals one
 * call of each function, while a caller's inclusive cycles hold its callees
 * as often as it calls them), so that no share exceeds 100 %. */
double report_share_base(const struct report_data *r);
/* What E's figures leave out, "46 calls to other units, 3 calls to unpriced
 * routines" (false and "" when nothing). */
bool report_excluded_text(const struct cost_estimate *e, char *buf, size_t n);
/* What the core's cycles are when that needs saying (the x86-64 host: about
 * its instruction count), false otherwise. */
bool report_core_note(const struct cost_estimate *e, char *buf, size_t n);
/* Index of function NAME in R's estimate, or (size_t)-1. */
size_t report_func_index(const struct report_data *r, const char *name);

/* ---- checks: budgets and diffs, and their JUnit XML ---------------------------*/
struct report_check {
    char *name;               /* "fir.inclusive" */
    char *classname;          /* "lpnest.budget.functions" */
    bool failed;
    char *message;            /* why it failed (NULL when it passed) */
    char *file;               /* where the check is defined, or NULL */
    unsigned line, col;
    bool warning;             /* budgets: exceeded a limit of severity warning (reported, not failed) */
    double actual, limit;     /* budgets: the value checked and its limit */
    char *related;            /* "file:line" of what the check is about (a function's definition), or NULL */
};
void report_checks_free(struct report_check *c, size_t n);
/* Writes a JUnit XML document: one <testsuite> named SUITE with one
 * <testcase> per check. Returns 0 or -1 on a write error. */
int report_junit_write(FILE *f, const char *suite, const struct report_check *c, size_t n, double seconds);

/* sarif.c: the checks that failed or warned as a SARIF 2.1.0 log (one result
 * each, rule = classname, at file:line:col when known). Returns 0 or -1 on a
 * write error. */
int report_sarif_write(FILE *f, const char *tool_version, const struct report_check *c, size_t n);
/* Whether lpnest runs under GitHub Actions (GITHUB_ACTIONS=true). */
bool report_github_actions(void);
/* One workflow command per failed (::error) or warned (::warning) check,
 * with file, line and col when known: annotations on the pull request. */
void report_github_annotate(FILE *f, const struct report_check *c, size_t n);

/* budget.c: a budgets file (REPORT.md "Budgets"). */
struct report_budget;
/* Loads and validates PATH; NULL after "file:line:col: error: ..." on diag. */
struct report_budget *report_budget_load(const char *path, FILE *diag);
void report_budget_free(struct report_budget *b);
/* Whether a budget that cannot be checked (a function without an estimate,
 * that never ran, or whose cycles leave out calls to other units, unpriced
 * routines or indirect calls) is only a warning (--budget-allow-incomplete);
 * by default it is an error. */
void report_budget_allow_incomplete(struct report_budget *b, bool allow);
/* Checks R against B: one check per limit. Each exceeded limit (or a name
 * the report lacks) is reported on diag as "file:line:col: error: ..."
 * ("warning" for limits of severity warning, which do not fail).
 * Returns the number of failed checks; *checks (caller frees with
 * report_checks_free) gets all of them. */
size_t report_budget_check(const struct report_budget *b, const struct report_data *r, FILE *diag, struct report_check **checks,
                        size_t *nchecks);

/* diff.c: compares two reports. */
struct report_diff_options {
    double threshold_pct;     /* a growth above this percentage of the old value regresses */
    double min_cycles;        /* ... and only when it is more than this many cycles */
    size_t top;               /* rows per table in text (0: all) */
    bool json;                /* JSON instead of text */
    const char *old_name, *new_name;
};
/* Writes the comparison of OLD and NEW to F. Returns the number of
 * regressions (>= 0) or -1 on a write error; *checks gets one check per
 * compared item (total, functions, accelerators). */
int report_diff(const struct report_data *old, const struct report_data *new_, const struct report_diff_options *o,
                    FILE *f, struct report_check **checks, size_t *nchecks);

#endif
