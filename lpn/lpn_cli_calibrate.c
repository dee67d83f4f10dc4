/* lpn_cli_calibrate.c — the `lpn calibrate` command (CALIBRATE.md): option
 * parsing and output files over calibrate.h. Exit status: 0 the fit is
 * within the tolerance, 5 it is not (the report says why), 1 bad model,
 * runs file or output, 2 bad usage. */
#include "calibrate.h"
#include "fit_cli.h"
#include "support.h"
#include "tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage =
    "usage: lpn calibrate MODEL --runs RUNS.yaml [--fit P=LO:HI,...] [options]\n"
    "\n"
    "Fits model parameters to measured runs (token input + measured end cycle):\n"
    "simulates every run, minimises the max (or mean) relative error, and reports\n"
    "the fit per run, leave-one-out errors and the parameters the runs do not\n"
    "determine. See lpn/CALIBRATE.md.\n"
    "\n"
    "  --runs FILE             the runs (lpn_runs: 1; runs: [{name, input, cycles, params}])\n"
    "  --fit P=LO:HI,...       the fitted parameters and their bounds (repeatable;\n"
    "                          default: the runs file's fit: mapping)\n"
    "  --objective max|mean    minimise the largest or the mean relative error\n"
    "                          (default: the runs file's, else max)\n"
    "  --tolerance PCT         a fit is good within PCT %% (default 1); exit 5 otherwise\n"
    "  --no-loo                skip the leave-one-out refits\n"
    "  -p NAME=VALUE           fix another parameter for every run (repeatable)\n"
    "  --max-commits N         commit limit of each simulation (default 100M)\n"
    "  --max-evals N           simulations of the run set per fit (default 20000)\n"
    "  --write-model FILE      write the model with the fitted values\n"
    "  --format=text|json, -o FILE, --help\n";

static const char *const formats[] = {"text", "json", NULL};
static const char *const objectives[] = {"max", "mean", NULL};

struct cal_cli {
    char **owned;
    size_t nowned;
    struct lpn_tune_param *fit;
    int nfit;
    struct lpn_param *fixed;
    size_t nfixed;
};

static char *own(struct cal_cli *c, const char *v)
{
    c->owned = sup_xrealloc(c->owned, (c->nowned + 1) * sizeof *c->owned);
    return c->owned[c->nowned++] = sup_strdup(v);
}

static int opt_fit(void *ctx, const char *v)
{
    struct cal_cli *c = ctx;
    return !lpn_tune_parse_params(own(c, v), &c->fit, &c->nfit, stderr);
}

static int opt_fixed(void *ctx, const char *v)
{
    struct cal_cli *c = ctx;
    const char *eq = strchr(v, '=');
    char *e;
    long long x = eq && eq != v ? strtoll(eq + 1, &e, 10) : 0;
    if (!eq || eq == v || e == eq + 1 || *e) {
        fprintf(stderr, "lpn calibrate: error: expected NAME=VALUE after -p, found '%s'\n", v);
        return 1;
    }
    char *name = own(c, v);
    name[eq - v] = '\0';
    c->fixed = sup_xrealloc(c->fixed, (c->nfixed + 1) * sizeof *c->fixed);
    c->fixed[c->nfixed++] = (struct lpn_param){name, x};
    return 0;
}

static int bad(const char *msg)
{
    fprintf(stderr, "lpn calibrate: error: %s\nlpn calibrate: run 'lpn calibrate --help' for usage\n", msg);
    return 2;
}

int lpn_cli_calibrate_main(int argc, char **argv)
{
    struct cal_cli c = {0};
    struct lpn_cal_opts o = {0};
    const char *runs_path = NULL, *out = NULL, *write_model = NULL;
    int fmt = 0, objective = -1, rc = 2;
    bool no_loo = false;
    double tolerance = 1;
    unsigned long long max_commits = 0, max_evals = 0;
    const struct sup_opt opts[] = {
        {.name = "-o", .kind = SUP_OPT_STR, .dest = &out},
        {.name = "--format", .kind = SUP_OPT_CHOICE, .dest = &fmt, .choices = formats, .need = "text or json"},
        {.name = "--runs", .kind = SUP_OPT_STR, .dest = &runs_path},
        {.name = "--fit", .kind = SUP_OPT_CALL, .call = opt_fit, .ctx = &c},
        {.name = "--objective", .kind = SUP_OPT_CHOICE, .dest = &objective, .choices = objectives,
         .need = "max or mean"},
        {.name = "--tolerance", .kind = SUP_OPT_DOUBLE, .dest = &tolerance, .lo = 0, .hi = 1e6,
         .need = "a percentage >= 0"},
        {.name = "--no-loo", .kind = SUP_OPT_FLAG, .dest = &no_loo},
        {.name = "--param", .alias = "-p", .kind = SUP_OPT_CALL, .call = opt_fixed, .ctx = &c},
        {.name = "--max-commits", .kind = SUP_OPT_U64, .dest = &max_commits, .lo = 1, .hi = HUGE_VAL,
         .need = "a positive count"},
        {.name = "--max-evals", .kind = SUP_OPT_U64, .dest = &max_evals, .lo = 1, .hi = HUGE_VAL,
         .need = "a positive count"},
        {.name = "--write-model", .kind = SUP_OPT_STR, .dest = &write_model},
    };
    size_t npos;
    struct lpn_cal_runs runs = {0};
    struct lpn_cal_param *params = NULL;
    int pr = sup_cli_parse(argc, argv, 2, opts, sizeof opts / sizeof *opts, "lpn calibrate", &o.model, 1, &npos,
                           stderr);
    if (pr == 1) {
        fputs(usage, stdout);
        rc = 0;
        goto done;
    }
    if (pr) {
        fprintf(stderr, "lpn calibrate: run 'lpn calibrate --help' for usage\n");
        goto done;
    }
    if (!o.model) {
        rc = bad("no model file given");
        goto done;
    }
    if (!runs_path) {
        rc = bad("no runs given (--runs RUNS.yaml)");
        goto done;
    }
    for (int k = 0; k < c.nfit; k++)
        if (c.fit[k].step != 1) {
            rc = bad("--fit takes NAME=LO:HI (every integer in the range is tried)");
            goto done;
        }
    rc = 1;
    if (!lpn_cal_runs_read(runs_path, &runs, stderr))
        goto done;
    if (c.nfit) {
        params = sup_xmalloc((size_t)c.nfit * sizeof *params);
        for (int k = 0; k < c.nfit; k++)
            params[k] = (struct lpn_cal_param){c.fit[k].name, c.fit[k].lo, c.fit[k].hi, NULL, 0, 0};
        o.params = params, o.nparams = c.nfit;
    } else
        o.params = runs.fit, o.nparams = runs.nfit;
    if (!o.nparams) {
        fprintf(stderr, "%s: error: no parameters to fit (a fit: mapping, or --fit P=LO:HI)\n", runs_path);
        goto done;
    }
    o.objective = objective >= 0 ? (enum lpn_cal_objective)objective
                  : runs.objective >= 0 ? (enum lpn_cal_objective)runs.objective : LPN_CAL_MAX;
    o.tolerance = tolerance / 100;
    o.loo = !no_loo;
    o.fixed = c.fixed, o.nfixed = c.nfixed;
    o.max_commits = max_commits, o.max_evals = max_evals;
    struct lpn_cal_result r;
    if (lpn_cal_run(&o, &runs, &r, stderr) != 0)
        goto done;
    struct sup_outfile of, mf;
    if (sup_outfile_open(&of, out, stderr) == 0) {
        lpn_cal_write(&o, &runs, &r, fmt, of.f);
        bool side = true;
        if (write_model) {
            side = sup_outfile_open(&mf, write_model, stderr) == 0;
            if (side && !lpn_cal_write_model(&o, &r, mf.f, stderr)) {
                sup_outfile_abort(&mf);
                side = false;
            } else if (side)
                side = sup_outfile_commit(&mf, stderr) == 0;
        }
        if (!side)
            sup_outfile_abort(&of);
        else if (sup_outfile_commit(&of, stderr) == 0)
            rc = r.good ? 0 : 5;
    }
    lpn_cal_result_free(&r);
done:
    lpn_cal_runs_free(&runs);
    free(params);
    free(c.fit);
    free(c.fixed);
    for (size_t k = 0; k < c.nowned; k++)
        free(c.owned[k]);
    free(c.owned);
    return rc;
}
