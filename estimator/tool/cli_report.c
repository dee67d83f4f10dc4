/* cli_report.c — the report side of the lpnest command line: output
 * options, atomic writing of any view, budget checks with their exit status
 * and JUnit XML, and the subcommands `lpnest report` (any view, budgets,
 * from a saved JSON report) and `lpnest diff` (two reports compared). */
#define _POSIX_C_SOURCE 200809L
#include "cli_report.h"
#include "support.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

const char cli_out_help[] =
    "report options (with --target, and for 'lpnest report'):\n"
    "  --format=FORMAT       text (default), json (the report, REPORT.md), folded (stacks\n"
    "                        for flamegraph.pl/speedscope), trace (Chrome/Perfetto trace\n"
    "                        events), annotate (source with cycles per line), html (one\n"
    "                        self-contained page)\n"
    "  -o FILE               output file, replaced atomically (default: stdout)\n"
    "  --top=N               rows of the text tables: functions, loops, blocks (default 10)\n"
    "  --source-dir=DIR      where --format=annotate may read sources (repeatable; default:\n"
    "                        the directory of the module or report); a file the debug\n"
    "                        information or report names outside them is not read\n"
    "  --context=N           annotate: only the N lines around each line shown (default:\n"
    "                        whole files)\n"
    "  --threshold=PCT       annotate: only lines with at least PCT % of the cycles, and\n"
    "                        files that have one (default 0: every line that ran)\n"
    "  --budget=FILE.yaml    check cycle budgets (REPORT.md \"Budgets\"); exit 3 naming\n"
    "                        every exceeded limit\n"
    "  --budget-allow-incomplete\n"
    "                        a budget that cannot be checked (a function without an\n"
    "                        estimate, that never ran, or whose cycles leave out calls\n"
    "                        to functions defined elsewhere, unpriced routines or\n"
    "                        indirect calls) is a warning instead of an error\n"
    "  --junit=FILE.xml      write the budget checks as JUnit XML\n"
    "  --input-limit=BYTES   the largest input file lpnest reads: bitcode, a report,\n"
    "                        --profile, --accel, --budget, sources (default 256M; 0: no\n"
    "                        limit)\n"
    "  --format=sarif        (with --budget) the budget checks as a SARIF 2.1.0 log\n"
    "                        instead of the report. Under GitHub Actions\n"
    "                        (GITHUB_ACTIONS=true) each exceeded limit and regression\n"
    "                        is also an ::error or ::warning annotation, except when\n"
    "                        writing SARIF (its results become code-scanning alerts)\n"
    "\n"
    "subcommands:\n"
    "  lpnest report REPORT.json|DIR... [report options]\n"
    "                        any view of, and budgets on, saved JSON reports; several,\n"
    "                        or a build's directories (every *.lpnest.json under them,\n"
    "                        the plugin's %o.lpnest.json), make one project's view in\n"
    "                        which calls between units are priced\n"
    "  lpnest diff OLD NEW [--threshold=PCT] [--min-cycles=N] [--top=N]\n"
    "              [--format=text|json|sarif] [-o FILE] [--junit=FILE] [--input-limit=BYTES]\n"
    "                        OLD and NEW are reports or build trees (directories);\n"
    "                        total and per-function deltas by impact; exit 3 when the\n"
    "                        total, a function's self cycles or an accelerator grew by\n"
    "                        more than PCT % (default 1) of its old value and more than\n"
    "                        N cycles (default 0)\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_out_init(struct cli_out *o, int argc)
{
    memset(o, 0, sizeof *o);
    o->format = REPORT_FMT_TEXT;
    o->top = 10;
    o->source_dirs = sup_xcalloc((size_t)argc + 1, sizeof *o->source_dirs);
    o->start = now();
}

void cli_out_free(struct cli_out *o)
{
    report_budget_free(o->budget);
    free(o->source_dirs);
    free(o->default_source_dir);
    o->default_source_dir = NULL;
    o->budget = NULL;
    o->source_dirs = NULL;
}

static int usage_error(const char *prog, const char *fmt, const char *arg)
{
    char msg[1024];
    snprintf(msg, sizeof msg, fmt, arg);
    fprintf(stderr, "%s: error: ", prog);
    sup_fputs_escaped(stderr, msg); /* ARG is the user's: escaped */
    fprintf(stderr, "\n%s: see 'lpnest --help'\n", prog);
    return 2;
}

void cli_out_default_source(struct cli_out *o, const char *file)
{
    const char *slash = strrchr(file, '/');
    free(o->default_source_dir);
    struct stat st;
    if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
        /* a build's directory given for a project's view: its sources are under it */
        o->default_source_dir = sup_strdup(file);
        return;
    }
    if (!slash) {
        o->default_source_dir = sup_strdup(".");
        return;
    }
    size_t n = slash == file ? 1 : (size_t)(slash - file);
    o->default_source_dir = sup_xmalloc(n + 1);
    memcpy(o->default_source_dir, file, n);
    o->default_source_dir[n] = '\0';
}

static int opt_context(void *ctx, const char *v)
{
    struct cli_out *o = ctx;
    if (!sup_parse_u64(v, &o->context) || o->context > 1000000)
        return usage_error(o->prog, "invalid --context value '%s' (expected a number of lines)", v);
    o->context_set = true;
    return 0;
}

static int opt_threshold(void *ctx, const char *v)
{
    struct cli_out *o = ctx;
    char *end;
    double t = strtod(v, &end);
    if (end != v && *end == '%')
        end++;
    if (end == v || *end || !(t >= 0) || t > 100)
        return usage_error(o->prog, "invalid --threshold value '%s' (expected a percentage from 0 to 100)", v);
    o->threshold = t;
    return 0;
}

/* --input-limit: shared by every lpnest command (support's input limit). */
static int opt_input_limit(void *ctx, const char *v)
{
    struct cli_out *o = ctx;
    unsigned long long b;
    if (!sup_parse_u64(v, &b))
        return usage_error(o->prog, "invalid --input-limit value '%s' (expected bytes, e.g. 512M, or 0 for no limit)", v);
    sup_set_input_limit(b ? b : ~0ULL, "--input-limit");
    return 0;
}

static int opt_format(void *ctx, const char *v)
{
    struct cli_out *o = ctx;
    o->sarif = !strcmp(v, "sarif");
    if (!o->sarif && !report_format_parse(v, &o->format))
        return usage_error(o->prog, "unknown --format '%s' (expected " REPORT_FORMAT_NAMES ", or sarif with --budget)", v);
    return 0;
}

static int opt_top(void *ctx, const char *v)
{
    struct cli_out *o = ctx;
    return sup_parse_u64(v, &o->top) ? 0 : usage_error(o->prog, "invalid --top value '%s'", v);
}

static int opt_source_dir(void *ctx, const char *v)
{
    struct cli_out *o = ctx;
    o->source_dirs[o->nsource_dirs++] = v;
    return 0;
}

/* An option no entry matched: "unknown option", with the closest known one
 * when there is one (ctx: the cli_out, whose known names the caller set). */
static int opt_unknown(void *ctx, const char *a)
{
    struct cli_out *o = ctx;
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(a, "="), a);
    const char *near = o->known ? sup_closest(name, o->known) : NULL;
    sup_diag(stderr, o->prog, 0, 0, "error", "unknown option '%s'%s%s%s", a, near ? "; did you mean '" : "",
             near ? near : "", near ? "'?" : "");
    fprintf(stderr, "%s: see 'lpnest --help'\n", o->prog);
    return 2;
}

size_t cli_out_options(struct cli_out *o, const char *prog, struct sup_opt *t)
{
    o->prog = prog;
    size_t n = 0;
    t[n++] = (struct sup_opt){.name = "--format", .kind = SUP_OPT_CALL, .call = opt_format, .ctx = o};
    t[n++] = (struct sup_opt){.name = "-o", .kind = SUP_OPT_STR, .dest = &o->out};
    t[n++] = (struct sup_opt){.name = "--top", .kind = SUP_OPT_CALL, .call = opt_top, .ctx = o};
    t[n++] = (struct sup_opt){.name = "--source-dir", .kind = SUP_OPT_CALL, .call = opt_source_dir, .ctx = o};
    t[n++] = (struct sup_opt){.name = "--context", .kind = SUP_OPT_CALL, .call = opt_context, .ctx = o};
    t[n++] = (struct sup_opt){.name = "--threshold", .kind = SUP_OPT_CALL, .call = opt_threshold, .ctx = o};
    t[n++] = (struct sup_opt){.name = "--input-limit", .kind = SUP_OPT_CALL, .call = opt_input_limit, .ctx = o};
    t[n++] = (struct sup_opt){.name = "--budget", .kind = SUP_OPT_STR, .dest = &o->budget_path};
    t[n++] = (struct sup_opt){.name = "--junit", .kind = SUP_OPT_STR, .dest = &o->junit};
    t[n++] = (struct sup_opt){.name = "--budget-allow-incomplete", .kind = SUP_OPT_FLAG, .dest = &o->allow_incomplete};
    t[n++] = (struct sup_opt){.kind = SUP_OPT_UNKNOWN, .call = opt_unknown, .ctx = o};
    return n;
}

bool cli_out_prepare(struct cli_out *o, FILE *diag)
{
    if (o->sarif && !o->budget_path) {
        fprintf(diag, "lpnest: error: --format=sarif writes budget checks: give --budget=FILE.yaml\n");
        o->bad_usage = true;
        return false;
    }
    if (!o->budget_path) {
        if (o->allow_incomplete) {
            fprintf(diag, "lpnest: error: --budget-allow-incomplete is about budgets: give --budget=FILE.yaml\n");
            o->bad_usage = true;
            return false;
        }
        return true;
    }
    o->budget = report_budget_load(o->budget_path, diag);
    if (o->budget)
        report_budget_allow_incomplete(o->budget, o->allow_incomplete);
    return o->budget != NULL;
}

static int write_junit(const char *path, const char *suite, const struct report_check *c, size_t n, double secs)
{
    struct sup_outfile of;
    if (sup_outfile_open(&of, path, stderr) != 0)
        return 1;
    if (report_junit_write(of.f, suite, c, n, secs) != 0) {
        sup_outfile_fail(&of, "the JUnit file", stderr);
        return 1;
    }
    return sup_outfile_commit(&of, stderr) == 0 ? 0 : 1;
}

int cli_out_emit(struct cli_out *o, const struct report_data *r, const char *prog)
{
    const char *def[1] = {o->default_source_dir};
    struct report_view_options vo = {
        .top = (size_t)o->top,
        .source_dirs = o->nsource_dirs || !def[0] ? o->source_dirs : def,
        .nsource_dirs = o->nsource_dirs || !def[0] ? o->nsource_dirs : 1,
        .threshold = o->threshold,
        .context_set = o->context_set,
        .context = (size_t)o->context,
        .diag = stderr,
    };
    fflush(stdout);
    struct sup_outfile of;
    struct report_check *checks = NULL;
    size_t nchecks = 0, failed = 0;
    if (o->budget)
        failed = report_budget_check(o->budget, r, stderr, &checks, &nchecks);
    if (sup_outfile_open(&of, o->out, stderr) != 0) {
        report_checks_free(checks, nchecks);
        return 1;
    }
    int w = o->sarif ? report_sarif_write(of.f, LPNEST_VERSION, checks, nchecks) : report_write(r, o->format, &vo, of.f);
    if (w != 0) {
        if (w < 0)
            sup_outfile_fail(&of, o->sarif ? "the SARIF log" : "the report", stderr);
        else
            sup_outfile_abort(&of);
        report_checks_free(checks, nchecks);
        return 1;
    }
    if (sup_outfile_commit(&of, stderr) != 0) {
        report_checks_free(checks, nchecks);
        return 1;
    }
    if (o->budget) {
        /* a SARIF log becomes code-scanning alerts of its own: no second annotation */
        if (report_github_actions() && !o->sarif)
            report_github_annotate(stderr, checks, nchecks);
        if (failed)
            fprintf(stderr, "%s: %zu of %zu budgets exceeded (%s)\n", prog, failed, nchecks, o->budget_path);
        else
            fprintf(stderr, "%s: all %zu budgets met (%s)\n", prog, nchecks, o->budget_path);
    } else if (o->junit) {
        /* without budgets the JUnit file records that the estimate was made */
        checks = sup_xcalloc(1, sizeof *checks);
        checks[0].name = sup_strdup("estimate");
        checks[0].classname = sup_strdup("lpnest");
        nchecks = 1;
    }
    int status = failed ? 3 : 0;
    if (o->junit) {
        char suite[1024];
        snprintf(suite, sizeof suite, "lpnest budgets: %s on %s", r->e->module, r->e->core);
        if (write_junit(o->junit, suite, checks, nchecks, now() - o->start) != 0)
            status = 1;
    }
    report_checks_free(checks, nchecks);
    return status;
}

static int subcommand_help(const char *cmd)
{
    printf("usage: lpnest %s\n\n%s", !strcmp(cmd, "diff") ? "diff OLD NEW [options]   (reports or build trees)"
                                                          : "report REPORT.json|DIR... [options]",
           cli_out_help);
    return 0;
}

/* Whether paths A and B name one file or directory. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return !strcmp(a, b);
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int cli_report_main(int argc, char **argv)
{
    const char *prog = "lpnest report";
    struct cli_out o;
    cli_out_init(&o, argc);
    struct sup_opt opts[CLI_OUT_NOPTS];
    size_t nopts = cli_out_options(&o, prog, opts);
    const char **inputs = sup_xcalloc((size_t)argc + 1, sizeof *inputs);
    size_t ninputs;
    int status = 2;
    int pr = sup_cli_parse(argc, argv, 1, opts, nopts, prog, inputs, (size_t)argc, &ninputs, stderr);
    if (pr == 1) {
        cli_out_free(&o);
        free(inputs);
        return subcommand_help("report");
    }
    if (pr)
        goto done;
    if (!ninputs) {
        usage_error(prog, "no report given%s", "");
        goto done;
    }
    for (size_t i = 0; i < ninputs; i++)
        for (size_t k = 0; k < i; k++)
            if (same_file(inputs[i], inputs[k])) {
                usage_error(prog, "'%s' is given twice (its figures would count twice)", inputs[i]);
                goto done;
            }
    status = 1;
    if (!cli_out_prepare(&o, stderr)) {
        status = o.bad_usage ? 2 : 1;
        goto done;
    }
    cli_out_default_source(&o, inputs[0]);
    /* one report, or several and directories of them: a project's view */
    struct report_data *r = cli_load_reports(inputs, ninputs, stderr);
    if (r) {
        status = cli_out_emit(&o, r, prog);
        report_free(r);
    }
done:
    cli_out_free(&o);
    free(inputs);
    return status;
}

/* A percentage: a non-negative number with an optional '%'. */
static bool parse_pct(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno || !isfinite(v) || v < 0)
        return false;
    if (*end == '%')
        end++;
    if (*end)
        return false;
    *out = v;
    return true;
}

int cli_diff_main(int argc, char **argv)
{
    const char *prog = "lpnest diff";
    const char *files[2] = {NULL, NULL}, *out = NULL, *junit = NULL, *v;
    size_t nfiles = 0;
    struct report_diff_options opt = {.threshold_pct = 1.0, .top = 20};
    bool sarif = false;
    double start = now();
    for (int i = 1; i < argc;) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return subcommand_help("diff");
        if ((r = sup_cli_value(argc, argv, &i, "--threshold", &v, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            if (!parse_pct(v, &opt.threshold_pct))
                return usage_error(prog, "invalid --threshold '%s' (expected a percentage, e.g. 2 or 0.5%%)", v);
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--min-cycles", &v, prog, stderr)) != 0) {
            unsigned long long m;
            if (r < 0)
                return 2;
            if (!sup_parse_u64(v, &m))
                return usage_error(prog, "invalid --min-cycles '%s' (expected a count, e.g. 1000 or 10k)", v);
            opt.min_cycles = (double)m;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--top", &v, prog, stderr)) != 0) {
            unsigned long long m;
            if (r < 0)
                return 2;
            if (!sup_parse_u64(v, &m))
                return usage_error(prog, "invalid --top value '%s'", v);
            opt.top = (size_t)m;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--format", &v, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            if (strcmp(v, "text") && strcmp(v, "json") && strcmp(v, "sarif"))
                return usage_error(prog, "unknown --format '%s' for diff (expected text, json or sarif)", v);
            opt.json = !strcmp(v, "json");
            sarif = !strcmp(v, "sarif");
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "-o", &out, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--junit", &junit, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--input-limit", &v, prog, stderr)) != 0) {
            unsigned long long b;
            if (r < 0)
                return 2;
            if (!sup_parse_u64(v, &b))
                return usage_error(prog, "invalid --input-limit value '%s' (expected bytes, e.g. 512M)", v);
            sup_set_input_limit(b ? b : ~0ULL, "--input-limit");
            continue;
        }
        if (a[0] == '-' && a[1])
            return usage_error(prog, "unknown option '%s'", a);
        if (nfiles == 2)
            return usage_error(prog, "diff compares two reports ('%s' is a third)", a);
        files[nfiles++] = a;
        i++;
    }
    if (nfiles != 2)
        return usage_error(prog, "diff needs two reports: OLD.json NEW.json%s", "");
    opt.old_name = files[0];
    opt.new_name = files[1];
    /* a report or a build tree's reports (a project's view) each */
    struct report_data *old = cli_load_reports(&files[0], 1, stderr);
    struct report_data *new_ = old ? cli_load_reports(&files[1], 1, stderr) : NULL;
    if (!old || !new_) {
        report_free(old);
        return 1;
    }
    int status = 1;
    struct report_check *checks = NULL;
    size_t nchecks = 0;
    struct sup_outfile of;
    if (sup_outfile_open(&of, out, stderr) == 0) {
        /* with --format=sarif the comparison's text is not wanted, its checks are */
        FILE *text = sarif ? tmpfile() : of.f;
        int regs = text ? report_diff(old, new_, &opt, text, &checks, &nchecks) : -1;
        if (sarif && text)
            fclose(text);
        if (sarif && regs >= 0 && report_sarif_write(of.f, LPNEST_VERSION, checks, nchecks) != 0)
            regs = -1;
        if (regs >= 0 && report_github_actions() && !sarif)
            report_github_annotate(stderr, checks, nchecks);
        if (regs < 0) {
            sup_outfile_fail(&of, "the comparison", stderr);
        } else if (sup_outfile_commit(&of, stderr) == 0) {
            status = regs ? 3 : 0;
            if (junit) {
                char suite[1024];
                snprintf(suite, sizeof suite, "lpnest diff: %s -> %s", files[0], files[1]);
                if (write_junit(junit, suite, checks, nchecks, now() - start) != 0)
                    status = 1;
            }
        }
    }
    report_checks_free(checks, nchecks);
    report_free(old);
    report_free(new_);
    return status;
}
