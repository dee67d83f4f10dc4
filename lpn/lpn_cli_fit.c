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
    char msg[1024];
    snprintf(msg, sizeof msg, fmt, arg);
    fprintf(stderr, "lpn %s: error: ", cmd);
    sup_fputs_escaped(stderr, msg); /* ARG is the user's: escaped */
    fprintf(stderr, "\nlpn %s: run 'lpn %s --help' for usage\n", cmd, cmd);
    return 2;
}

static const char *const formats[] = {"text", "json", "yaml", NULL};

/* Strings the options' values were copied to (list and NAME=VALUE splitting
 * writes into them), freed when the command ends. */
struct owned {
    char **s;
    size_t n;
};

static char *own(struct owned *o, const char *v)
{
    o->s = sup_xrealloc(o->s, (o->n + 1) * sizeof *o->s);
    return o->s[o->n++] = sup_strdup(v);
}

static void owned_free(struct owned *o)
{
    for (size_t k = 0; k < o->n; k++)
        free(o->s[k]);
    free(o->s);
}

/* NAME=INTEGER in a copy of V: the name (cut at '=') and the integer;
 * false when V has no name or no integer. */
static bool name_value(struct owned *o, const char *v, char **name, int64_t *x)
{
    const char *eq = strchr(v, '=');
    char *e;
    if (!eq || eq == v)
        return false;
    long long n = strtoll(eq + 1, &e, 10);
    if (e == eq + 1 || *e)
        return false;
    *name = own(o, v);
    (*name)[eq - v] = '\0';
    *x = n;
    return true;
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

/* What lpn fit writes: a fit or a composition, its report and side files. */
struct fit_outputs {
    struct lpn_fit *f;
    struct lpn_compose *c;
    int64_t *pts;
    int np, fmt;
};

enum { OUT_REPORT, OUT_NEXT, OUT_LPN };

static void write_one(const struct fit_outputs *w, int what, FILE *out)
{
    if (what == OUT_REPORT && w->c)
        lpn_compose_write(w->c, w->fmt, out);
    else if (what == OUT_REPORT)
        lpn_fit_write(w->f, w->pts, w->np, w->fmt, out);
    else if (what == OUT_NEXT)
        lpn_fit_write_next_csv(w->f, w->pts, w->np, out);
    else if (w->c)
        lpn_compose_write_lpn(w->c, out);
    else
        lpn_fit_write_lpn(w->f, out);
}

/* The report to OUT (stdout when NULL), the next points to NEXT and the
 * model to EMIT when given: each file is written whole or left as it was,
 * and the report only when every side file was written. 0, or 1. */
static int write_outputs(const struct fit_outputs *w, const char *out, const char *next, const char *emit)
{
    struct sup_outfile of, sf;
    if (sup_outfile_open(&of, out, stderr) != 0)
        return 1;
    write_one(w, OUT_REPORT, of.f);
    const char *side[] = {[OUT_NEXT] = next, [OUT_LPN] = emit};
    int rc = 0;
    for (int k = OUT_NEXT; k <= OUT_LPN && !rc; k++) {
        if (!side[k])
            continue;
        if (sup_outfile_open(&sf, side[k], stderr) != 0) {
            rc = 1;
            break;
        }
        write_one(w, k, sf.f);
        rc = sup_outfile_commit(&sf, stderr) != 0;
    }
    if (rc)
        sup_outfile_abort(&of);
    else if (sup_outfile_commit(&of, stderr) != 0)
        rc = 1;
    return rc;
}

/* lpn fit's state while its options are read */
struct fit_cli {
    struct lpn_fit_opts o;
    struct owned owned;
    const char **params, **layers;
    int nlayers;
    struct lpn_fit_step *steps;
};

static int fit_params(void *ctx, const char *v)
{
    struct fit_cli *c = ctx;
    free((void *)c->params);
    c->params = NULL;
    c->o.nparams = split_list(own(&c->owned, v), &c->params);
    c->o.params = c->params;
    return 0;
}

static int fit_compose(void *ctx, const char *v)
{
    struct fit_cli *c = ctx;
    free((void *)c->layers);
    c->layers = NULL;
    c->nlayers = split_list(own(&c->owned, v), &c->layers);
    return 0;
}

static int fit_step(void *ctx, const char *v)
{
    struct fit_cli *c = ctx;
    char *name;
    int64_t w;
    if (!name_value(&c->owned, v, &name, &w) || w < 1) {
        bad("fit", "--step needs NAME=WIDTH with WIDTH >= 1, found '%s'", v);
        return 1;
    }
    c->steps = sup_xrealloc(c->steps, (size_t)(c->o.nsteps + 1) * sizeof *c->steps);
    c->steps[c->o.nsteps++] = (struct lpn_fit_step){name, w};
    c->o.steps = c->steps;
    return 0;
}

int lpn_cli_fit_main(int argc, char **argv)
{
    const char *csv = NULL, *out = NULL, *next = NULL, *emit = NULL, *ops = NULL;
    struct fit_cli c = {0};
    lpn_fit_opts_default(&c.o);
    struct lpn_fit_opts *op = &c.o;
    int fmt = 0, model = LPN_FIT_AUTO, rc = 2;
    unsigned long long budget = 0, seed = c.o.seed;
    static const char *const models[] = {"auto", "closed", "table", NULL};
    const struct sup_opt opts[] = {
        {.name = "-o", .kind = SUP_OPT_STR, .dest = &out},
        {.name = "--format", .kind = SUP_OPT_CHOICE, .dest = &fmt, .choices = formats, .need = "text, json or yaml"},
        {.name = "--target", .kind = SUP_OPT_STR, .dest = &op->target},
        {.name = "--params", .kind = SUP_OPT_CALL, .call = fit_params, .ctx = &c},
        {.name = "--compose", .kind = SUP_OPT_CALL, .call = fit_compose, .ctx = &c},
        {.name = "--ops", .kind = SUP_OPT_STR, .dest = &ops},
        {.name = "--step", .kind = SUP_OPT_CALL, .call = fit_step, .ctx = &c},
        {.name = "--holdout", .kind = SUP_OPT_DOUBLE, .dest = &op->holdout, .lo = 0, .hi = 0.9,
         .need = "a fraction in [0, 0.9]"},
        {.name = "--linear-threshold", .kind = SUP_OPT_DOUBLE, .dest = &op->linear_threshold, .lo = 0,
         .lo_open = true, .hi = HUGE_VAL, .need = "a positive number"},
        {.name = "--seed", .kind = SUP_OPT_U64, .dest = &seed, .hi = HUGE_VAL, .need = "a number"},
        {.name = "--budget", .kind = SUP_OPT_U64, .dest = &budget, .hi = 1e6, .need = "a count up to 1M"},
        {.name = "--next", .kind = SUP_OPT_STR, .dest = &next},
        {.name = "--emit-lpn", .kind = SUP_OPT_STR, .dest = &emit},
        {.name = "--prefix", .kind = SUP_OPT_STR, .dest = &op->prefix},
        {.name = "--model", .kind = SUP_OPT_CHOICE, .dest = &model, .choices = models,
         .need = "auto, closed or table"},
    };
    size_t npos;
    int r = sup_cli_parse(argc, argv, 2, opts, sizeof opts / sizeof *opts, "lpn fit", &csv, 1, &npos, stderr);
    if (r == 1) {
        fputs(fit_usage, stdout);
        rc = 0;
        goto done;
    }
    if (r) {
        fprintf(stderr, "lpn fit: run 'lpn fit --help' for usage\n");
        goto done;
    }
    c.o.seed = seed;
    c.o.choice = (enum lpn_fit_choice)model;
    const char **params = c.params, **layers = c.layers;
    int nlayers = c.nlayers;
    struct lpn_fit_opts o = c.o;
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
    if (layers) {
        struct lpn_compose_opts co = {.target = o.target, .layers = layers, .nlayers = nlayers, .ops = ops,
                                      .holdout = o.holdout, .seed = o.seed};
        struct fit_outputs w = {.c = lpn_compose_run(t, &co, stderr), .fmt = fmt};
        if (w.c)
            rc = write_outputs(&w, out, NULL, emit);
        lpn_compose_free(w.c);
    } else {
        struct fit_outputs w = {.f = lpn_fit_run(t, &o, stderr), .fmt = fmt};
        if (w.f) {
            w.pts = budget ? sup_xmalloc((size_t)budget * (size_t)lpn_fit_nparams(w.f) * sizeof *w.pts) : NULL;
            w.np = budget ? lpn_fit_next(w.f, (int)budget, o.seed, w.pts) : 0;
            rc = write_outputs(&w, out, next, emit);
            free(w.pts);
            lpn_fit_free(w.f);
        }
    }
    lpn_table_free(t);
done:
    free((void *)c.params);
    free((void *)c.layers);
    free(c.steps);
    owned_free(&c.owned);
    return rc;
}

/* lpn tune's state while its options are read */
struct tune_cli {
    struct owned owned;
    struct lpn_tune_param *params;
    int nparams;
    struct lpn_param *fixed;
    size_t nfixed;
};

static int tune_params(void *ctx, const char *v)
{
    struct tune_cli *c = ctx;
    return !lpn_tune_parse_params(own(&c->owned, v), &c->params, &c->nparams, stderr);
}

static int tune_fixed(void *ctx, const char *v)
{
    struct tune_cli *c = ctx;
    char *name;
    int64_t x;
    if (!name_value(&c->owned, v, &name, &x)) {
        bad("tune", "expected NAME=VALUE after -p, found '%s'", v);
        return 1;
    }
    c->fixed = sup_xrealloc(c->fixed, (c->nfixed + 1) * sizeof *c->fixed);
    c->fixed[c->nfixed++] = (struct lpn_param){name, x};
    return 0;
}

int lpn_cli_tune_main(int argc, char **argv)
{
    struct lpn_tune_opts o = {0};
    struct tune_cli c = {0};
    const char *out = NULL, *bound = NULL, *objective = NULL;
    int fmt = 0, search = LPN_TUNE_AUTO, rc = 2;
    unsigned long long max_commits = 0, max_points = 0;
    static const char *const searches[] = {"auto", "monotone", "exhaustive", NULL};
    const struct sup_opt opts[] = {
        {.name = "-o", .kind = SUP_OPT_STR, .dest = &out},
        {.name = "--format", .kind = SUP_OPT_CHOICE, .dest = &fmt, .choices = formats, .need = "text, json or yaml"},
        {.name = "--params", .kind = SUP_OPT_CALL, .call = tune_params, .ctx = &c},
        {.name = "--bound", .kind = SUP_OPT_STR, .dest = &bound},
        {.name = "--objective", .kind = SUP_OPT_STR, .dest = &objective},
        {.name = "--search", .kind = SUP_OPT_CHOICE, .dest = &search, .choices = searches,
         .need = "auto, monotone or exhaustive"},
        {.name = "--input", .kind = SUP_OPT_STR, .dest = &o.input},
        {.name = "--space", .kind = SUP_OPT_STR, .dest = &o.space},
        {.name = "--timeout", .kind = SUP_OPT_DOUBLE, .dest = &o.timeout, .lo = 0, .lo_open = true, .hi = HUGE_VAL,
         .need = "seconds"},
        {.name = "--max-commits", .kind = SUP_OPT_U64, .dest = &max_commits, .lo = 1, .hi = HUGE_VAL,
         .need = "a positive count"},
        {.name = "--max-points", .kind = SUP_OPT_U64, .dest = &max_points, .lo = 1, .hi = HUGE_VAL,
         .need = "a positive count"},
        {.name = "--param", .alias = "-p", .kind = SUP_OPT_CALL, .call = tune_fixed, .ctx = &c},
        {.name = "--generate", .kind = SUP_OPT_FLAG, .dest = &o.generate},
    };
    size_t npos;
    int pr = sup_cli_parse(argc, argv, 2, opts, sizeof opts / sizeof *opts, "lpn tune", &o.model, 1, &npos, stderr);
    if (pr == 1) {
        fputs(tune_usage, stdout);
        rc = 0;
        goto done;
    }
    if (pr) {
        fprintf(stderr, "lpn tune: run 'lpn tune --help' for usage\n");
        goto done;
    }
    o.search = (enum lpn_tune_search)search;
    o.max_commits = max_commits;
    o.max_points = max_points;
    struct lpn_tune_param *params = c.params;
    int nparams = c.nparams;
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
    o.params = params, o.nparams = nparams, o.fixed = c.fixed, o.nfixed = c.nfixed;
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
    free(c.params);
    free(c.fixed);
    owned_free(&c.owned);
    return rc;
}
