/* lpn_main.c — the `lpn` command: `lpn sim` simulates a model and reports
 * times and statistics (text or JSON, optional trace events), `lpn dot`
 * writes Graphviz, `lpn check` validates a model; `lpn classes`, `lpn pi`
 * and `lpn smt` analyse it over an input space (lpn_cli_analysis.c). A thin
 * layer over lpn.h and lpn_analysis.h. Exit status: 0 success, 1 bad input
 * or run-time error, 2 bad usage, 3 the simulation deadlocked, 4 an
 * analysis stopped at a limit or a query is unknown, 5 a property is
 * disproved. */
#include "fit_cli.h"
#include "json.h"
#include "lpn.h"
#include "lpn_cli.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARAMS LPN_CLI_MAX_PARAMS

static const char *prog = "lpn";

static void usage(FILE *f)
{
    fputs("usage: lpn sim     MODEL [--input FILE] [options]   simulate and report\n"
          "       lpn dot     MODEL [-o FILE] [-p NAME=VALUE]   write Graphviz\n"
          "       lpn check   MODEL [-p NAME=VALUE]             check a model\n"
          "       lpn classes MODEL --space SPACE               input classes (symbolic execution)\n"
          "       lpn pi      MODEL --space SPACE               performance interfaces per class\n"
          "       lpn smt     MODEL --space SPACE --query Q     proven bounds / properties (Z3)\n"
          "       lpn fit     SWEEPS.csv [options]              delay function from measurements\n"
          "       lpn tune    MODEL --params P=LO:HI --bound B  smallest configuration meeting B\n"
          "       lpn calibrate MODEL --runs RUNS.yaml      fit parameters to measured runs\n"
          "                 (lpn fit/tune/calibrate --help: their options; lpn/FIT.md, CALIBRATE.md)\n"
          "\n"
          "options:\n"
          "  -p NAME=VALUE, --param NAME=VALUE  override a model parameter (repeatable)\n"
          "  -o FILE                 write the output to FILE (default: stdout)\n"
          "  --format=text|json      report format (sim, check; default text)\n"
          "  --input FILE            inject the JSONL tokens of FILE ('-': stdin) instead of\n"
          "                          the model's generate: tokens\n"
          "  --generate              keep the generate: tokens even with --input\n"
          "  --trace FILE            write Chrome/Perfetto trace events of every firing\n"
          "  --until CYCLE           stop before the first event at or after CYCLE\n"
          "  --max-commits N         stop after N commits (default 100M)\n"
          "  --max-tokens N          fail when more than N tokens are held (in flight; default 50M)\n"
          "                          (numbers take the suffixes k, M, G: powers of 1024)\n"
          "  --input-limit BYTES     the largest input file any subcommand reads: models,\n"
          "                          --input, SWEEPS.csv, --runs (default 256M; 0: no limit;\n"
          "                          a line of --input at most as long)\n"
          "  --help, --version\n"
          "\n"
          "analysis options (classes, pi, smt):\n"
          "  --space FILE            the input space (YAML, lpn/ANALYSIS.md)\n"
          "  --query Q               smt: max | min | bounds | max EXPR | min EXPR | prove COND | COND\n"
          "  --timeout SECONDS       bound each solver call (default 30); a timeout answers 'unknown'\n"
          "  --max-paths N           stop exploring after N paths (default 1000)\n"
          "  --max-firings N         stop a path after N firings (default 100k)\n"
          "  --max-time SECONDS      stop exploring after this wall time (default 300)\n"
          "  --samples N             inputs per class checked against lpn sim (classes: 5, pi: 20)\n"
          "  --seed N                seed of the sampled inputs (default 1)\n"
          "  --iterations N          pi: loop passes at most (default 10)\n"
          "  --emit-c FILE           pi: write the interface as a C file\n"
          "  --c-name NAME           pi: name of the emitted C function\n"
          "  --witness PREFIX        smt: write witnesses as PREFIX-max.jsonl, -min, -cex (lpn sim --input)\n"
          "  --print-latency         classes, smt: print the symbolic commit times of each class\n"
          "\n"
          "exit status: 0 ok, 1 bad input or run-time error, 2 bad usage, 3 deadlock,\n"
          "             4 analysis incomplete (a limit) or unknown answer, 5 property disproved\n"
          "The model format is described in lpn/FORMAT.md, the analyses in lpn/ANALYSIS.md.\n",
          f);
}

static int bad_usage(const char *fmt, const char *arg)
{
    char msg[1024];
    snprintf(msg, sizeof msg, fmt, arg);
    fprintf(stderr, "%s: error: ", prog);
    sup_fputs_escaped(stderr, msg); /* ARG is the user's: escaped */
    fprintf(stderr, "\n%s: run 'lpn --help' for usage\n", prog);
    return 2;
}

/* --input-limit BYTES, wherever it is on the command line (every subcommand
 * reads files): applied, and taken out of ARGV. Returns 0 or 2. */
static int take_input_limit(int *argc, char **argv)
{
    int out = 1;
    for (int i = 1; i < *argc;) {
        if (!strcmp(argv[i], "--")) { /* what follows is not lpn's */
            while (i < *argc)
                argv[out++] = argv[i++];
            break;
        }
        const char *v;
        int r = sup_cli_value(*argc, argv, &i, "--input-limit", &v, prog, stderr);
        if (r < 0)
            return 2;
        if (r == 0) {
            argv[out++] = argv[i++];
            continue;
        }
        unsigned long long b;
        if (!sup_parse_u64(v, &b))
            return bad_usage("invalid --input-limit value '%s' (expected bytes, e.g. 512M, or 0 for no limit)", v);
        sup_set_input_limit(b ? b : ~0ULL, "--input-limit");
    }
    *argc = out;
    argv[out] = NULL;
    return 0;
}


static bool parse_i64(const char *s, int64_t *v)
{
    bool neg = *s == '-';
    unsigned long long u;
    if (!sup_parse_u64(neg ? s + 1 : s, &u) || u > (unsigned long long)INT64_MAX)
        return false;
    *v = neg ? -(int64_t)u : (int64_t)u;
    return true;
}

static int parse_param(struct lpn_cli_opts *o, const char *v)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v)
        return bad_usage("expected NAME=VALUE after -p, found '%s'", v);
    if (o->nparams == MAX_PARAMS)
        return bad_usage("more than 256 parameter overrides%s", "");
    struct lpn_param *p = &o->params[o->nparams];
    if (!parse_i64(eq + 1, &p->value))
        return bad_usage("parameter value must be an integer: '%s'", v);
    size_t n = (size_t)(eq - v);
    char *name = sup_xmalloc(n + 1);
    memcpy(name, v, n);
    name[n] = '\0';
    p->name = name;
    o->nparams++;
    return 0;
}

static bool parse_seconds(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && !*end && isfinite(*v) && *v > 0 && *v <= 1e7;
}

static bool is_analysis(const char *cmd)
{
    return !strcmp(cmd, "classes") || !strcmp(cmd, "pi") || !strcmp(cmd, "smt");
}

/* Returns 0, 2 (usage error, reported) or -1 (help/version printed). */
static int parse_args(int argc, char **argv, struct lpn_cli_opts *o)
{
    o->until = LPN_NO_TIME_LIMIT;
    o->samples = -1;
    bool analysis_opt = false;
    for (int i = 1; i < argc;) {
        const char *a = argv[i], *v;
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return -1;
        }
        if (!strcmp(a, "--version")) {
            printf("lpn (lpnest) %s\n", LPN_VERSION);
            return -1;
        }
#define VALUE(name)                                                          \
    ((r = sup_cli_value(argc, argv, &i, name, &v, prog, stderr)) < 0 ? 2 : r)
        if ((r = VALUE("-o")) == 2) return 2;
        if (r) { o->out = v; continue; }
        if ((r = VALUE("-p")) == 2 || (!r && (r = VALUE("--param")) == 2)) return 2;
        if (r) { if (parse_param(o, v)) return 2; continue; }
        if ((r = VALUE("--format")) == 2) return 2;
        if (r) {
            if (strcmp(v, "text") && strcmp(v, "json"))
                return bad_usage("unknown format '%s' (expected text or json)", v);
            o->json = !strcmp(v, "json");
            continue;
        }
        if ((r = VALUE("--input")) == 2) return 2;
        if (r) { o->input = v; continue; }
        if ((r = VALUE("--trace")) == 2) return 2;
        if (r) { o->trace = v; continue; }
        if ((r = VALUE("--until")) == 2) return 2;
        if (r) {
            if (!parse_i64(v, &o->until) || o->until < 0)
                return bad_usage("--until needs a cycle count, found '%s'", v);
            continue;
        }
        if ((r = VALUE("--max-commits")) == 2) return 2;
        if (r) {
            if (!sup_parse_u64(v, &o->max_commits) || !o->max_commits)
                return bad_usage("--max-commits needs a positive count, found '%s'", v);
            continue;
        }
        if ((r = VALUE("--max-tokens")) == 2) return 2;
        if (r) {
            if (!sup_parse_u64(v, &o->max_tokens) || !o->max_tokens)
                return bad_usage("--max-tokens needs a positive count, found '%s'", v);
            continue;
        }
        static const char *const strs[] = {"--space", "--query", "--emit-c", "--c-name", "--witness", NULL};
        const char **dst[] = {&o->space, &o->query, &o->emit_c, &o->c_name, &o->witness};
        int sk = 0;
        for (; strs[sk]; sk++) {
            if ((r = VALUE(strs[sk])) == 2) return 2;
            if (r) break;
        }
        if (strs[sk]) {
            *dst[sk] = v;
            analysis_opt = true;
            continue;
        }
        static const char *const secs[] = {"--timeout", "--max-time", NULL};
        double *sdst[] = {&o->timeout, &o->max_time};
        for (sk = 0; secs[sk]; sk++) {
            if ((r = VALUE(secs[sk])) == 2) return 2;
            if (r) break;
        }
        if (secs[sk]) {
            if (!parse_seconds(v, sdst[sk]))
                return bad_usage("expected a positive number of seconds, found '%s'", v);
            analysis_opt = true;
            continue;
        }
        static const char *const cnts[] = {"--max-paths", "--max-firings", "--iterations", "--seed", "--samples", NULL};
        unsigned long long samples = 0, *cdst[] = {&o->max_paths, &o->max_firings, &o->iterations, &o->seed, &samples};
        for (sk = 0; cnts[sk]; sk++) {
            if ((r = VALUE(cnts[sk])) == 2) return 2;
            if (r) break;
        }
        if (cnts[sk]) {
            bool zero_ok = sk >= 3;
            if (!sup_parse_u64(v, cdst[sk]) || (!zero_ok && !*cdst[sk]) || *cdst[sk] > 1000000000ULL)
                return bad_usage("expected a count after the option, found '%s'", v);
            if (sk == 4)
                o->samples = (long long)samples;
            analysis_opt = true;
            continue;
        }
#undef VALUE
        if (sup_cli_flag(argv, &i, "--print-latency")) {
            o->print_latency = true;
            analysis_opt = true;
            continue;
        }
        if (sup_cli_flag(argv, &i, "--generate")) {
            o->generate = true;
            continue;
        }
        if (a[0] == '-' && a[1])
            return bad_usage("unknown option '%s'", a);
        if (!o->cmd)
            o->cmd = a;
        else if (!o->model)
            o->model = a;
        else
            return bad_usage("unexpected argument '%s'", a);
        i++;
    }
    if (!o->cmd)
        return bad_usage("no command given (sim, dot, check, classes, pi or smt)%s", "");
    if (strcmp(o->cmd, "sim") && strcmp(o->cmd, "dot") && strcmp(o->cmd, "check") && !is_analysis(o->cmd))
        return bad_usage("unknown command '%s' (expected sim, dot, check, classes, pi or smt)", o->cmd);
    if (!o->model)
        return bad_usage("no model file given to 'lpn %s'", o->cmd);
    if (strcmp(o->cmd, "sim") && (o->input || o->trace || o->until != LPN_NO_TIME_LIMIT || o->max_commits || o->max_tokens))
        return bad_usage("--input, --trace, --until, --max-commits and --max-tokens only apply to 'lpn sim' (not '%s')", o->cmd);
    if (!is_analysis(o->cmd) && analysis_opt)
        return bad_usage("the analysis options (--space, --query, ...) do not apply to 'lpn %s'", o->cmd);
    if (is_analysis(o->cmd) && !o->space)
        return bad_usage("'lpn %s' needs an input space (--space FILE)", o->cmd);
    if (!strcmp(o->cmd, "smt") && !o->query)
        return bad_usage("'lpn smt' needs a query (--query Q)%s", "");
    if (strcmp(o->cmd, "smt") && (o->query || o->witness))
        return bad_usage("--query and --witness only apply to 'lpn smt' (not '%s')", o->cmd);
    if (strcmp(o->cmd, "pi") && (o->emit_c || o->c_name || o->iterations))
        return bad_usage("--emit-c, --c-name and --iterations only apply to 'lpn pi' (not '%s')", o->cmd);
    return 0;
}

static int cmd_dot(const struct lpn_cli_opts *o, const struct lpn_model *m)
{
    struct sup_outfile out;
    if (sup_outfile_open(&out, o->out, stderr) != 0)
        return 1;
    lpn_write_dot(m, out.f);
    return sup_outfile_commit(&out, stderr) == 0 ? 0 : 1;
}

static int cmd_check(const struct lpn_cli_opts *o, const struct lpn_model *m)
{
    struct lpn_sim *s = lpn_sim_new(m, LPN_SIM_EAGER, stderr);   /* evaluates the generators too */
    if (!s)
        return 1;
    lpn_sim_free(s);
    struct sup_outfile out;
    if (sup_outfile_open(&out, o->out, stderr) != 0)
        return 1;
    int ncap = 0;
    for (int p = 0; p < lpn_place_count(m); p++)
        ncap += lpn_place_capacity(m, p) != 0;
    if (o->json) {
        struct sup_json w;
        sup_json_init(&w, out.f, true);
        sup_json_obj(&w);
        sup_json_key(&w, "model"), sup_json_str(&w, lpn_model_name(m));
        sup_json_key(&w, "ok"), sup_json_bool(&w, true);
        sup_json_key(&w, "places"), sup_json_int(&w, lpn_place_count(m));
        sup_json_key(&w, "capacity_places"), sup_json_int(&w, ncap);
        sup_json_key(&w, "transitions"), sup_json_int(&w, lpn_transition_count(m));
        sup_json_end(&w);
        fputc('\n', out.f);
    } else
        fprintf(out.f, "%s: ok: model '%s', %d places (%d generated for capacities), %d transitions\n",
                lpn_model_source(m), lpn_model_name(m), lpn_place_count(m), ncap, lpn_transition_count(m));
    return sup_outfile_commit(&out, stderr) == 0 ? 0 : 1;
}

static int cmd_sim(const struct lpn_cli_opts *o, const struct lpn_model *m)
{
    unsigned flags = o->input && !o->generate ? LPN_SIM_NO_GENERATORS : 0;
    struct lpn_sim *s = lpn_sim_new_limited(m, flags, o->max_commits, o->max_tokens, stderr);
    if (!s)
        return 1;
    if (o->input && lpn_sim_load_jsonl(s, o->input, stderr) < 0) {
        lpn_sim_free(s);
        return 1;
    }
    struct sup_outfile out, trace;
    struct lpn_trace *tr = NULL;
    if (sup_outfile_open(&out, o->out, stderr) != 0) {
        lpn_sim_free(s);
        return 1;
    }
    if (o->trace) {
        if (sup_outfile_open(&trace, o->trace, stderr) != 0) {
            sup_outfile_abort(&out);
            lpn_sim_free(s);
            return 1;
        }
        tr = lpn_trace_begin(s, trace.f);
    }
    enum lpn_status st = lpn_sim_run(s, o->until, LPN_NO_DONE_LIMIT);
    lpn_trace_end(tr);
    int rc = 0;
    if (st == LPN_ERROR) {
        fprintf(stderr, "%s\n", lpn_sim_error(s));
        rc = 1;
    } else if (st == LPN_LIMIT) {
        fprintf(stderr, "%s: warning: stopped after %llu commits (--max-commits)\n", prog,
                (unsigned long long)lpn_sim_commits(s));
    } else if (st == LPN_IDLE && lpn_sim_deadlocked(s)) {
        fprintf(stderr, "%s: deadlock at cycle %lld (see the report)\n", lpn_model_source(m), (long long)lpn_sim_now(s));
        rc = 3;
    }
    lpn_report(out.f, s, st, o->json);
    if (tr && sup_outfile_commit(&trace, stderr) != 0)
        rc = 1;
    if (sup_outfile_commit(&out, stderr) != 0)
        rc = 1;
    lpn_sim_free(s);
    return rc;
}

int main(int argc, char **argv)
{
    sup_set_prog(prog);
    if (take_input_limit(&argc, argv))
        return 2;
    if (argc > 1 && !strcmp(argv[1], "fit"))     /* own options: lpn_cli_fit.c */
        return lpn_cli_fit_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "tune"))
        return lpn_cli_tune_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "calibrate"))
        return lpn_cli_calibrate_main(argc, argv);
    struct lpn_cli_opts o = {0};
    int r = parse_args(argc, argv, &o);
    if (r) {
        for (size_t k = 0; k < o.nparams; k++)
            free((char *)o.params[k].name);
        return r < 0 ? 0 : r;
    }
    struct lpn_model *m = lpn_load_file(o.model, o.params, o.nparams, stderr);
    int rc = 1;
    if (m) {
        if (!strcmp(o.cmd, "sim"))
            rc = cmd_sim(&o, m);
        else if (!strcmp(o.cmd, "dot"))
            rc = cmd_dot(&o, m);
        else if (!strcmp(o.cmd, "classes"))
            rc = lpn_cli_classes(&o, m);
        else if (!strcmp(o.cmd, "pi"))
            rc = lpn_cli_pi(&o, m);
        else if (!strcmp(o.cmd, "smt"))
            rc = lpn_cli_smt(&o, m);
        else
            rc = cmd_check(&o, m);
    }
    lpn_model_free(m);
    for (size_t k = 0; k < o.nparams; k++)
        free((char *)o.params[k].name);
    return rc;
}
