/* lpn_cli_fit.c — the `lpn fit` and `lpn tune` commands (FIT.md): option
 * parsing, reports and output files over fit.h and tune.h. lpn_main.c hands
 * them the whole command line. Exit status: 0 success, 1 bad input, 2 bad
 * usage, 5 (tune) no configuration in the box meets the bound. */
#include "fit.h"
#include "fit_cli.h"
#include "support.h"
#include "tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const fit_usage =
    "usage: lpn fit SWEEPS.csv [options]                  delay function from measurements\n"
    "       lpn fit BLOCKS.csv --compose L1,L2[,...] [--ops COL] [options]\n"
    "                                                     block latency from layer latencies\n"
    "\n"
    "SWEEPS.csv has a header row of column names, one column per parameter and one\n"
    "with the measured cycles; rows where one parameter varies and the others stay\n"
    "fixed are the sweeps Algorithm 1 (seed 002) reads. See lpn/FIT.md.\n"
    "\n"
    "options:\n"
    "  --target COL            the latency column (default: cycles)\n"
    "  --params A,B,...        the parameter columns (default: every other column)\n"
    "  --step NAME=W           a known step width (white-box; 1: linear), repeatable\n"
    "  --holdout F             fraction of rows held out for the errors (default 0.2)\n"
    "  --seed N                seed of the held-out split and the sampler (default 1)\n"
    "  --linear-threshold T    Algorithm 1's threshold: a line's RMSE over the sweep's\n"
    "                          range (default 0.02)\n"
    "  --budget N              list N Performance Representatives to measure next\n"
    "  --next FILE             write them as CSV with the table's header\n"
    "  --model auto|closed|table  force the delay function (default auto: the closed\n"
    "                          form unless the table is clearly more accurate)\n"
    "  --prefix P              prepend P to parameter names in the expression (e.g. job.)\n"
    "  --emit-lpn FILE         write a ready model whose transition uses the delay\n"
    "  --compose L1,L2,...     composition mode: the layer latency columns\n"
    "  --ops COL               composition: the #ops column of the fusing term (eq. 11)\n"
    "  --format=text|json|yaml report format (default text)\n"
    "  -o FILE                 write the report to FILE (default: stdout)\n"
    "  --help\n";

static const char *const tune_usage =
    "usage: lpn tune MODEL --params P=LO:HI[:STEP],... --bound B [options]\n"
    "\n"
    "Finds the smallest configuration of model parameters that meets the bound on\n"
    "the input (the model's generate: tokens, or --input). See lpn/FIT.md.\n"
    "\n"
    "  --params P=LO:HI[:STEP],...  the parameters searched and their ranges\n"
    "  --bound 'latency<=N'    the last done cycle is at most N\n"
    "  --bound 'throughput>=X' done tokens per cycle at least X\n"
    "                          (N or X followed by %: relative to the reference, the\n"
    "                          configuration with every parameter at HI)\n"
    "  --objective sum|lex|W1,W2,...  smallest by the sum of the values (default), by\n"
    "                          the values in --params order, or by a weighted sum\n"
    "  --search auto|monotone|exhaustive  monotone: binary search per parameter,\n"
    "                          assuming more never hurts; auto: exhaustive for boxes\n"
    "                          of up to 256 configurations, monotone beyond\n"
    "  --input FILE            inject the JSONL tokens of FILE instead of generate:\n"
    "  --generate              keep the generate: tokens with --input\n"
    "  -p NAME=VALUE           fix another model parameter (repeatable)\n"
    "  --max-commits N         commit limit of each simulation (default 100M)\n"
    "  --max-points N          simulations at most (default 100000)\n"
    "  --space FILE            Z3 mode: the tuned parameters are symbols of this input\n"
    "                          space (lpn smt); minimality is proved\n"
    "  --timeout SECONDS       Z3 mode: bound each solver call (default 30)\n"
    "  --format=text|json|yaml, -o FILE, --help\n";

static int bad(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "lpn %s: error: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nlpn %s: run 'lpn %s --help' for usage\n", cmd, cmd);
    return 2;
}

static int parse_format(const char *cmd, const char *v, int *fmt)
{
    if (!strcmp(v, "text"))
        *fmt = 0;
    else if (!strcmp(v, "json"))
        *fmt = 1;
    else if (!strcmp(v, "yaml"))
        *fmt = 2;
    else
        return bad(cmd, "unknown format '%s' (expected text, json or yaml)", v);
    return 0;
}

/* Splits a comma-separated list in place into *OUT (malloc'd). */
static int split_list(char *s, const char ***out)
{
    int n = 0;
    for (char *p = s; p;) {
        char *c = strchr(p, ',');
        if (c)
            *c = '\0';
        *out = sup_xrealloc((void *)*out, (size_t)(n + 1) * sizeof **out);
        (*out)[n++] = p;
        p = c ? c + 1 : NULL;
    }
    return n;
}

static bool parse_double(const char *s, double *v)
{
    char *e;
    *v = strtod(s, &e);
    return e != s && !*e && isfinite(*v);
}

static bool parse_i64(const char *s, int64_t *v)
{
    char *e;
    long long x = strtoll(s, &e, 10);
    if (e == s || *e)
        return false;
    *v = x;
    return true;
}

int lpn_cli_fit_main(int argc, char **argv)
{
    const char *csv = NULL, *out = NULL, *next = NULL, *emit = NULL, *ops = NULL, *v;
    struct lpn_fit_opts o;
    lpn_fit_opts_default(&o);
    int fmt = 0, rc = 2;
    unsigned long long budget = 0;
    const char **params = NULL, **layers = NULL;
    int nlayers = 0;
    struct lpn_fit_step *steps = NULL;
    char *owned[64];
    int nowned = 0;
    for (int i = 2; i < argc;) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(fit_usage, stdout);
            rc = 0;
            goto done;
        }
#define VAL(name) ((r = sup_cli_value(argc, argv, &i, name, &v, "lpn fit", stderr)) < 0 ? (rc = 2, -1) : r)
        if (VAL("-o") < 0) goto done;
        if (r) { out = v; continue; }
        if (VAL("--format") < 0) goto done;
        if (r) { if (parse_format("fit", v, &fmt)) goto done; continue; }
        if (VAL("--target") < 0) goto done;
        if (r) { o.target = v; continue; }
        if (VAL("--params") < 0) goto done;
        if (r) {
            if (nowned == 64) { rc = bad("fit", "too many list options%s", ""); goto done; }
            char *s = owned[nowned++] = sup_strdup(v);
            free((void *)params);
            params = NULL;
            o.nparams = split_list(s, &params);
            o.params = params;
            continue;
        }
        if (VAL("--compose") < 0) goto done;
        if (r) {
            if (nowned == 64) { rc = bad("fit", "too many list options%s", ""); goto done; }
            char *s = owned[nowned++] = sup_strdup(v);
            free((void *)layers);
            layers = NULL;
            nlayers = split_list(s, &layers);
            continue;
        }
        if (VAL("--ops") < 0) goto done;
        if (r) { ops = v; continue; }
        if (VAL("--step") < 0) goto done;
        if (r) {
            const char *eq = strchr(v, '=');
            int64_t w;
            if (!eq || eq == v || !parse_i64(eq + 1, &w) || w < 1) {
                rc = bad("fit", "--step needs NAME=WIDTH with WIDTH >= 1, found '%s'", v);
                goto done;
            }
            if (nowned == 64) { rc = bad("fit", "too many --step options%s", ""); goto done; }
            char *name = owned[nowned++] = sup_strdup(v);
            name[eq - v] = '\0';
            steps = sup_xrealloc(steps, (size_t)(o.nsteps + 1) * sizeof *steps);
            steps[o.nsteps++] = (struct lpn_fit_step){name, w};
            o.steps = steps;
            continue;
        }
        if (VAL("--holdout") < 0) goto done;
        if (r) {
            if (!parse_double(v, &o.holdout) || o.holdout < 0 || o.holdout > 0.9) {
                rc = bad("fit", "--holdout needs a fraction in [0, 0.9], found '%s'", v);
                goto done;
            }
            continue;
        }
        if (VAL("--linear-threshold") < 0) goto done;
        if (r) {
            if (!parse_double(v, &o.linear_threshold) || o.linear_threshold <= 0) {
                rc = bad("fit", "--linear-threshold needs a positive number, found '%s'", v);
                goto done;
            }
            continue;
        }
        if (VAL("--seed") < 0) goto done;
        if (r) {
            unsigned long long s;
            if (!sup_parse_u64(v, &s)) { rc = bad("fit", "--seed needs a number, found '%s'", v); goto done; }
            o.seed = s;
            continue;
        }
        if (VAL("--budget") < 0) goto done;
        if (r) {
            if (!sup_parse_u64(v, &budget) || budget > 1000000) {
                rc = bad("fit", "--budget needs a count up to 1M, found '%s'", v);
                goto done;
            }
            continue;
        }
        if (VAL("--next") < 0) goto done;
        if (r) { next = v; continue; }
        if (VAL("--emit-lpn") < 0) goto done;
        if (r) { emit = v; continue; }
        if (VAL("--prefix") < 0) goto done;
        if (r) { o.prefix = v; continue; }
        if (VAL("--model") < 0) goto done;
        if (r) {
            if (!strcmp(v, "auto")) o.choice = LPN_FIT_AUTO;
            else if (!strcmp(v, "closed")) o.choice = LPN_FIT_CLOSED;
            else if (!strcmp(v, "table")) o.choice = LPN_FIT_TABLE;
            else { rc = bad("fit", "--model needs auto, closed or table, found '%s'", v); goto done; }
            continue;
        }
#undef VAL
        if (a[0] == '-' && a[1]) {
            rc = bad("fit", "unknown option '%s'", a);
            goto done;
        }
        if (csv) {
            rc = bad("fit", "unexpected argument '%s'", a);
            goto done;
        }
        csv = a;
        i++;
    }
    if (!csv) {
        rc = bad("fit", "no CSV file given%s", "");
        goto done;
    }
    if (layers && (params || o.nsteps || budget || next || o.choice != LPN_FIT_AUTO || o.prefix)) {
        rc = bad("fit", "--params, --step, --budget, --next, --model and --prefix do not apply to --compose%s", "");
        goto done;
    }
    if (ops && !layers) {
        rc = bad("fit", "--ops only applies to --compose%s", "");
        goto done;
    }
    if (next && !budget) {
        rc = bad("fit", "--next needs --budget N%s", "");
        goto done;
    }
    rc = 1;
    struct lpn_table *t = lpn_table_read(csv, stderr);
    if (!t)
        goto done;
    struct sup_outfile of, nf, ef;
    if (layers) {
        struct lpn_compose_opts co = {.target = o.target, .layers = layers, .nlayers = nlayers, .ops = ops,
                                      .holdout = o.holdout, .seed = o.seed};
        struct lpn_compose *c = lpn_compose_run(t, &co, stderr);
        if (c && sup_outfile_open(&of, out, stderr) == 0) {
            lpn_compose_write(c, fmt, of.f);
            rc = 0;
            if (emit) {
                if (sup_outfile_open(&ef, emit, stderr) == 0) {
                    lpn_compose_write_lpn(c, ef.f);
                    if (sup_outfile_commit(&ef, stderr) != 0)
                        rc = 1;
                } else
                    rc = 1;
            }
            if (rc)
                sup_outfile_abort(&of);
            else if (sup_outfile_commit(&of, stderr) != 0)
                rc = 1;
        }
        lpn_compose_free(c);
        lpn_table_free(t);
        goto done;
    }
    struct lpn_fit *f = lpn_fit_run(t, &o, stderr);
    if (f) {
        int64_t *pts = budget ? sup_xmalloc((size_t)budget * (size_t)lpn_fit_nparams(f) * sizeof *pts) : NULL;
        int np = budget ? lpn_fit_next(f, (int)budget, o.seed, pts) : 0;
        if (sup_outfile_open(&of, out, stderr) == 0) {
            lpn_fit_write(f, pts, np, fmt, of.f);
            rc = 0;
            if (next) {
                if (sup_outfile_open(&nf, next, stderr) == 0) {
                    lpn_fit_write_next_csv(f, pts, np, nf.f);
                    if (sup_outfile_commit(&nf, stderr) != 0)
                        rc = 1;
                } else
                    rc = 1;
            }
            if (emit) {
                if (sup_outfile_open(&ef, emit, stderr) == 0) {
                    lpn_fit_write_lpn(f, ef.f);
                    if (sup_outfile_commit(&ef, stderr) != 0)
                        rc = 1;
                } else
                    rc = 1;
            }
            if (rc)
                sup_outfile_abort(&of);
            else if (sup_outfile_commit(&of, stderr) != 0)
                rc = 1;
        }
        free(pts);
        lpn_fit_free(f);
    }
    lpn_table_free(t);
done:
    free((void *)params);
    free((void *)layers);
    free(steps);
    for (int k = 0; k < nowned; k++)
        free(owned[k]);
    return rc;
}

int lpn_cli_tune_main(int argc, char **argv)
{
    struct lpn_tune_opts o = {0};
    const char *out = NULL, *v, *bound = NULL, *objective = NULL;
    int fmt = 0, rc = 2;
    struct lpn_tune_param *params = NULL;
    int nparams = 0;
    struct lpn_param *fixed = NULL;
    char *owned[64];
    int nowned = 0;
    for (int i = 2; i < argc;) {
        const char *a = argv[i];
        int r;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(tune_usage, stdout);
            rc = 0;
            goto done;
        }
#define VAL(name) ((r = sup_cli_value(argc, argv, &i, name, &v, "lpn tune", stderr)) < 0 ? (rc = 2, -1) : r)
        if (VAL("-o") < 0) goto done;
        if (r) { out = v; continue; }
        if (VAL("--format") < 0) goto done;
        if (r) { if (parse_format("tune", v, &fmt)) goto done; continue; }
        if (VAL("--params") < 0) goto done;
        if (r) {
            if (nowned == 64) { rc = bad("tune", "too many options%s", ""); goto done; }
            char *s = owned[nowned++] = sup_strdup(v);
            if (!lpn_tune_parse_params(s, &params, &nparams, stderr))
                goto done;
            continue;
        }
        if (VAL("--bound") < 0) goto done;
        if (r) { bound = v; continue; }
        if (VAL("--objective") < 0) goto done;
        if (r) { objective = v; continue; }
        if (VAL("--search") < 0) goto done;
        if (r) {
            if (!strcmp(v, "auto")) o.search = LPN_TUNE_AUTO;
            else if (!strcmp(v, "monotone")) o.search = LPN_TUNE_MONOTONE;
            else if (!strcmp(v, "exhaustive")) o.search = LPN_TUNE_EXHAUSTIVE;
            else { rc = bad("tune", "--search needs auto, monotone or exhaustive, found '%s'", v); goto done; }
            continue;
        }
        if (VAL("--input") < 0) goto done;
        if (r) { o.input = v; continue; }
        if (VAL("--space") < 0) goto done;
        if (r) { o.space = v; continue; }
        if (VAL("--timeout") < 0) goto done;
        if (r) {
            if (!parse_double(v, &o.timeout) || o.timeout <= 0) { rc = bad("tune", "--timeout needs seconds, found '%s'", v); goto done; }
            continue;
        }
        if (VAL("--max-commits") < 0) goto done;
        if (r) {
            unsigned long long n;
            if (!sup_parse_u64(v, &n) || !n) { rc = bad("tune", "--max-commits needs a positive count, found '%s'", v); goto done; }
            o.max_commits = n;
            continue;
        }
        if (VAL("--max-points") < 0) goto done;
        if (r) {
            unsigned long long n;
            if (!sup_parse_u64(v, &n) || !n) { rc = bad("tune", "--max-points needs a positive count, found '%s'", v); goto done; }
            o.max_points = n;
            continue;
        }
        int rp = VAL("-p");
        if (rp < 0) goto done;
        if (!rp && VAL("--param") < 0) goto done;
        if (rp || r) {
            const char *eq = strchr(v, '=');
            int64_t x;
            if (!eq || eq == v || !parse_i64(eq + 1, &x)) { rc = bad("tune", "expected NAME=VALUE after -p, found '%s'", v); goto done; }
            if (nowned == 64) { rc = bad("tune", "too many options%s", ""); goto done; }
            char *name = owned[nowned++] = sup_strdup(v);
            name[eq - v] = '\0';
            fixed = sup_xrealloc(fixed, (o.nfixed + 1) * sizeof *fixed);
            fixed[o.nfixed++] = (struct lpn_param){name, x};
            continue;
        }
#undef VAL
        if (sup_cli_flag(argv, &i, "--generate")) {
            o.generate = true;
            continue;
        }
        if (a[0] == '-' && a[1]) {
            rc = bad("tune", "unknown option '%s'", a);
            goto done;
        }
        if (o.model) {
            rc = bad("tune", "unexpected argument '%s'", a);
            goto done;
        }
        o.model = a;
        i++;
    }
    if (!o.model) { rc = bad("tune", "no model file given%s", ""); goto done; }
    if (!nparams) { rc = bad("tune", "no parameters to search (--params P=LO:HI,...)%s", ""); goto done; }
    if (!bound) { rc = bad("tune", "no bound given (--bound 'latency<=N' or 'throughput>=X')%s", ""); goto done; }
    if (!lpn_tune_parse_bound(bound, &o.bound, stderr))
        goto done;
    if (objective) {
        if (!strcmp(objective, "sum"))
            o.objective = LPN_TUNE_SUM;
        else if (!strcmp(objective, "lex"))
            o.objective = LPN_TUNE_LEX;
        else {
            char *s = sup_strdup(objective), *p = s;
            int k = 0;
            bool ok = true;
            for (; p && ok; k++) {
                char *c = strchr(p, ',');
                if (c)
                    *c = '\0';
                double w;
                ok = k < nparams && parse_double(p, &w) && w >= 0;
                if (ok)
                    params[k].weight = w;
                p = c ? c + 1 : NULL;
            }
            free(s);
            if (!ok || k != nparams) {
                rc = bad("tune", "--objective needs sum, lex or one non-negative weight per parameter, found '%s'", objective);
                goto done;
            }
        }
    }
    if (o.space && (o.input || o.generate)) {
        rc = bad("tune", "--input and --generate do not apply with --space (the space is the input)%s", "");
        goto done;
    }
    o.params = params, o.nparams = nparams, o.fixed = fixed;
    struct lpn_tune_result r;
    rc = 1;
    if (lpn_tune_run(&o, &r, stderr) == 0) {
        struct sup_outfile of;
        if (sup_outfile_open(&of, out, stderr) == 0) {
            lpn_tune_write(&o, &r, fmt, of.f);
            rc = sup_outfile_commit(&of, stderr) == 0 ? (r.best >= 0 ? 0 : 5) : 1;
        }
        lpn_tune_result_free(&r);
    }
done:
    free(params);
    free(fixed);
    for (int k = 0; k < nowned; k++)
        free(owned[k]);
    return rc;
}
