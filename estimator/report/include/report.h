/* report.h — reports of an estimate. One data model (struct est_report: the
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

#define EST_REPORT_VERSION 1

/* A natural loop of the IR (back edge to a dominating header), priced from
 * the machine blocks that came from its IR blocks. */
struct est_loop_cost {
    size_t func;              /* index into funcs */
    size_t parent;            /* enclosing loop (index into loops), EST_NO_PARENT */
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
struct est_report {
    struct est_estimate *e;
    struct est_loop_cost *loops;
    size_t nloops;
};

/* Frees R's estimate and loops (not R itself). */
void est_report_clear(struct est_report *r);
/* est_report_clear and free(R). */
void est_report_free(struct est_report *r);

/* ---- loops.c ---------------------------------------------------------------
 * Finds the natural loops of every function of M that R's estimate prices
 * (by function name) and totals their blocks' cycles (machine blocks are
 * matched to IR blocks by name). Replaces R's loops. Without calling
 * contexts, adds a warning that inclusive cycles rest on averages. Never
 * fails. */
void est_report_find_loops(struct est_report *r, LLVMModuleRef m);
/* "loop@file:line" (with "(header)" appended when several loops of the
 * function share the line; "loop@func:header" without a location): the
 * frame name of loop L. */
void est_loop_label(const struct est_report *r, size_t l, char *buf, size_t n);

/* ---- views -----------------------------------------------------------------*/
enum est_format { EST_FMT_TEXT, EST_FMT_JSON, EST_FMT_FOLDED, EST_FMT_TRACE, EST_FMT_ANNOTATE, EST_FMT_HTML };
/* "text", "json", ... → format; false for an unknown name. */
bool est_format_parse(const char *name, enum est_format *out);
const char *est_format_name(enum est_format f);
#define EST_FORMAT_NAMES "text, json, folded, trace, annotate or html"

struct est_view_options {
    size_t top;                       /* rows of the long tables (text; HTML shows more) */
    const char *const *source_dirs;   /* where annotate looks for sources besides the path itself */
    size_t nsource_dirs;
    FILE *diag;                       /* why a view could not be made */
};

/* Writes R in format FMT to F. Returns 0; 1 after a message on o->diag when
 * the report lacks the data for the view (trace without a timeline); -1 on a
 * write error. */
int est_report_write(const struct est_report *r, enum est_format fmt, const struct est_view_options *o, FILE *f);

int est_report_write_json(const struct est_report *r, FILE *f);
/* Reports: text for people (TOP hottest blocks), JSON (schema "lpnest_report": 1,
 * see estimator/REPORT.md). Return 0, or -1 on a write error. */
int est_estimate_write_text(const struct est_estimate *e, FILE *f, size_t top);
int est_estimate_write_json(const struct est_estimate *e, FILE *f);

int est_report_write_text(const struct est_report *r, const struct est_view_options *o, FILE *f);
int est_report_write_folded(const struct est_report *r, FILE *f);
int est_report_write_trace(const struct est_report *r, const struct est_view_options *o, FILE *f);
int est_report_write_annotate(const struct est_report *r, const struct est_view_options *o, FILE *f);
int est_report_write_html(const struct est_report *r, const struct est_view_options *o, FILE *f);

/* report_svg.c: inline SVG for the HTML page. The flame graph of R's stacks
 * WIDTH pixels wide (returns the number of frames drawn); the timeline
 * (false, nothing written, when R has none); a histogram of V[0..n). */
size_t est_svg_flame(const struct est_report *r, FILE *f, double width);
bool est_svg_timeline(const struct est_report *r, FILE *f, double width);
void est_svg_histogram(const double *v, size_t n, FILE *f, double width, double height);

/* ---- report_read.c ---------------------------------------------------------
 * Reads a JSON report back (what est_report_write_json writes; the sections
 * after "warnings" in REPORT.md may be missing). Errors are
 * "file:line:col: error: ..." on diag; returns NULL then. */
struct est_report *est_report_read_file(const char *path, FILE *diag);
struct est_report *est_report_parse(const char *name, const char *text, size_t len, FILE *diag);

/* ---- report_stacks.c: the calling-context stacks behind folded and the flame graph */
struct est_stack {
    char *frames;             /* "main;fir;loop@fir.c:7" */
    double cycles;
    uint64_t weight;          /* cycles rounded so that the weights sum to the rounded total */
};
/* The stacks of R, merged and sorted by frames; *n gets the count. Caller
 * frees with est_stacks_free. From the calling-context tree when R has one,
 * else one stack per function (no callers); loop frames split a function's
 * cycles in the proportions of its loops over the whole run; cycles the
 * contexts do not cover go to "[unattributed]". */
struct est_stack *est_report_stacks(const struct est_report *r, size_t *n);
void est_stacks_free(struct est_stack *s, size_t n);

/* ---- report_candidates.c ----------------------------------------------------*/
enum est_cand_kind { EST_CAND_FUNCTION, EST_CAND_LOOP };
struct est_candidate {
    enum est_cand_kind kind;
    size_t index;             /* into funcs or loops */
    char name[1400];          /* function name, or "func loop@file:line" */
    double cycles;            /* inclusive cycles it would take off the core */
    double baseline;          /* total the share is relative to */
    double share;             /* cycles / baseline, 0..1 */
    double amdahl;            /* baseline / (baseline - cycles): bound if it cost nothing; INFINITY at 1 */
    const struct est_whatif *whatif;  /* its accelerator estimate, or NULL */
    double estimated;         /* estimated whole-application speedup with that accelerator */
};
/* Offload candidates, best first: every function except main and every loop
 * with cycles > 0. The caller frees *out. Returns the count. */
size_t est_report_candidates(const struct est_report *r, struct est_candidate **out);
/* Total cycles had every offloaded function stayed in software. */
double est_report_software_total(const struct est_report *r);

/* ---- report_util.c -----------------------------------------------------------*/
/* 1234567 -> "1,234,567" (rounded to an integer). */
const char *est_grouped(double v, char *buf, size_t n);
double est_pct(double part, double whole);
/* Rounds V[0..n) to integers OUT[0..n) (V >= 0) whose sum is llround(sum of V),
 * by largest remainders. */
void est_apportion(const double *v, uint64_t *out, size_t n);
/* Statistics of a sample of N values (sorted copy made internally). */
struct est_stats {
    size_t n;
    double min, max, mean, p50, p95, sum;
};
void est_stats_of(const double *v, size_t n, struct est_stats *s);
/* Per-call durations of the timeline's slices by (track, name), longest
 * total first. The caller frees *out. */
struct est_slice_stats {
    size_t track;
    const char *name;         /* owned by the estimate */
    struct est_stats st;
};
size_t est_report_slice_stats(const struct est_report *r, struct est_slice_stats **out);
/* Writes S with &, <, >, ", ' escaped (and control characters dropped) for XML/HTML. */
void est_xml_escape(FILE *f, const char *s);
/* What inclusive shares are relative to: the total, or the largest function's
 * or loop's inclusive cycles when that is more (a plugin report totals one
 * call of each function, while a caller's inclusive cycles hold its callees
 * as often as it calls them), so that no share exceeds 100 %. */
double est_report_share_base(const struct est_report *r);
/* Index of function NAME in R's estimate, or (size_t)-1. */
size_t est_report_func_index(const struct est_report *r, const char *name);

/* ---- checks: budgets and diffs, and their JUnit XML ---------------------------*/
struct est_check {
    char *name;               /* "fir.inclusive" */
    char *classname;          /* "lpnest.budget.functions" */
    bool failed;
    char *message;            /* why it failed (NULL when it passed) */
    char *file;               /* where the check is defined, or NULL */
    unsigned line, col;
    bool warning;             /* budgets: exceeded a limit of severity warning (reported, not failed) */
    double actual, limit;     /* budgets: the value checked and its limit */
};
void est_checks_free(struct est_check *c, size_t n);
/* Writes a JUnit XML document: one <testsuite> named SUITE with one
 * <testcase> per check. Returns 0 or -1 on a write error. */
int est_junit_write(FILE *f, const char *suite, const struct est_check *c, size_t n, double seconds);

/* sarif.c: the checks that failed or warned as a SARIF 2.1.0 log (one result
 * each, rule = classname, at file:line:col when known). Returns 0 or -1 on a
 * write error. */
int est_sarif_write(FILE *f, const char *tool_version, const struct est_check *c, size_t n);
/* Whether lpnest runs under GitHub Actions (GITHUB_ACTIONS=true). */
bool est_github_actions(void);
/* One workflow command per failed (::error) or warned (::warning) check,
 * with file, line and col when known: annotations on the pull request. */
void est_github_annotate(FILE *f, const struct est_check *c, size_t n);

/* budget.c: a budgets file (REPORT.md "Budgets"). */
struct est_budget;
/* Loads and validates PATH; NULL after "file:line:col: error: ..." on diag. */
struct est_budget *est_budget_load(const char *path, FILE *diag);
void est_budget_free(struct est_budget *b);
/* Checks R against B: one check per limit. Each exceeded limit (or a name
 * the report lacks) is reported on diag as "file:line:col: error: ..."
 * ("warning" for limits of severity warning, which do not fail).
 * Returns the number of failed checks; *checks (caller frees with
 * est_checks_free) gets all of them. */
size_t est_budget_check(const struct est_budget *b, const struct est_report *r, FILE *diag, struct est_check **checks,
                        size_t *nchecks);

/* diff.c: compares two reports. */
struct est_diff_options {
    double threshold_pct;     /* a growth above this percentage of the old value regresses */
    double min_cycles;        /* ... and only when it is more than this many cycles */
    size_t top;               /* rows per table in text (0: all) */
    bool json;                /* JSON instead of text */
    const char *old_name, *new_name;
};
/* Writes the comparison of OLD and NEW to F. Returns the number of
 * regressions (>= 0) or -1 on a write error; *checks gets one check per
 * compared item (total, functions, accelerators). */
int est_report_diff(const struct est_report *old, const struct est_report *new_, const struct est_diff_options *o,
                    FILE *f, struct est_check **checks, size_t *nchecks);

#endif
