/* calibrate_report.c — the outputs of `lpn calibrate` (CALIBRATE.md): the
 * text and JSON reports, and the model file rewritten with the fitted
 * values (only the value scalars of `params:` change). */
#define _POSIX_C_SOURCE 200809L
#include "calibrate.h"
#include "json.h"
#include "support.h"
#include "yamltree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double err(const struct lpn_cal_runs *runs, size_t r, int64_t pred)
{
    return pred < 0 ? INFINITY : ((double)pred - (double)runs->runs[r].cycles) / (double)runs->runs[r].cycles;
}

static void write_text(const struct lpn_cal_opts *o, const struct lpn_cal_runs *runs, const struct lpn_cal_result *r,
                       FILE *f)
{
    size_t nr = r->nruns;
    int np = r->nparams;
    fprintf(f, "lpn calibrate: %s on %zu run%s, %s relative error, %zu simulations of the runs\n", o->model, nr,
            nr == 1 ? "" : "s", o->objective == LPN_CAL_MAX ? "max" : "mean", r->evals);
    fprintf(f, "parameters (bounds; model value -> fitted):\n");
    for (int k = 0; k < np; k++) {
        fprintf(f, "  %-18s [%lld, %lld]  %lld -> %lld", o->params[k].name, (long long)o->params[k].lo,
                (long long)o->params[k].hi, (long long)r->start[k], (long long)r->fit.v[k]);
        if (r->flat[k])
            fprintf(f, "   not determined: no run's end time moves with it");
        else if (r->at_bound[k])
            fprintf(f, "   at a bound");
        fputc('\n', f);
    }
    for (int q = 0; q < r->nflat_pairs; q++) {
        const int *p = &r->flat_pairs[3 * q];
        fprintf(f, "  not determined: %s %s %s (moving both by 1 leaves every end time unchanged)\n",
                o->params[p[0]].name, p[2] > 0 ? "+" : "-", o->params[p[1]].name);
    }
    if (r->rank < np)
        fprintf(f, "  the runs fix at most %d combination%s of the %d parameters (rank of the sensitivities of end times and events): %d direction%s free;\n"
                   "  the values are one solution of many: add runs that load other stages, or fit fewer parameters\n",
                r->rank, r->rank == 1 ? "" : "s", np, np - r->rank, np - r->rank == 1 ? " is" : "s are");
    fprintf(f, "runs (measured, at the model's values, fitted%s):\n", r->loo_err ? ", left out of the fit" : "");
    for (size_t k = 0; k < nr; k++) {
        fprintf(f, "  %-20s %12lld  %12lld %+7.3f%%  %12lld %+7.3f%%", runs->runs[k].name,
                (long long)runs->runs[k].cycles, (long long)r->start_fit.pred[k],
                100 * err(runs, k, r->start_fit.pred[k]), (long long)r->fit.pred[k], 100 * err(runs, k, r->fit.pred[k]));
        if (r->loo_err)
            fprintf(f, "  %12lld %+7.3f%%", (long long)r->loo_pred[k], 100 * r->loo_err[k]);
        fputc('\n', f);
        if (r->fit.ev_err[k] >= 0)
            fprintf(f, "  %-20s events: mean |error| %.3f%% -> %.3f%% of the run\n", "", 100 * r->start_fit.ev_err[k],
                    100 * r->fit.ev_err[k]);
    }
    fprintf(f, "error: at the model's values mean %.3f%% max %.3f%%; fitted mean %.3f%% max %.3f%%\n",
            100 * r->start_fit.mean_err, 100 * r->start_fit.max_err, 100 * r->fit.mean_err, 100 * r->fit.max_err);
    if (r->loo_err) {
        double mx = 0, sum = 0;
        for (size_t k = 0; k < nr; k++)
            sum += fabs(r->loo_err[k]), mx = fabs(r->loo_err[k]) > mx ? fabs(r->loo_err[k]) : mx;
        fprintf(f, "leave-one-out (each run predicted by a fit without it): mean %.3f%% max %.3f%%\n",
                100 * sum / (double)nr, 100 * mx);
    }
    fprintf(f, "sensitivity (end cycles per +1, per run):\n");
    for (int k = 0; k < np; k++) {
        fprintf(f, "  %-18s", o->params[k].name);
        for (size_t j = 0; j < nr; j++)
            fprintf(f, " %lld", (long long)r->sens[(size_t)k * nr + j]);
        fputc('\n', f);
    }
    fprintf(f, "overrides:");
    for (int k = 0; k < np; k++)
        fprintf(f, " -p %s=%lld", o->params[k].name, (long long)r->fit.v[k]);
    fputc('\n', f);
    if (r->good)
        fprintf(f, "fit: within %.3f%% (%s)\n", 100 * o->tolerance, o->objective == LPN_CAL_MAX ? "max" : "mean");
    else
        fprintf(f, "cannot fit within %.3f%%: %s\n", 100 * o->tolerance, r->why);
}

static void json_fit(struct sup_json *w, const struct lpn_cal_runs *runs, const struct lpn_cal_result *r,
                     const struct lpn_cal_fit *fit)
{
    sup_json_obj(w);
    sup_json_key(w, "mean_error"), sup_json_double(w, fit->mean_err);
    sup_json_key(w, "max_error"), sup_json_double(w, fit->max_err);
    sup_json_key(w, "cycles");
    sup_json_arr(w);
    for (size_t k = 0; k < r->nruns; k++)
        sup_json_int(w, fit->pred[k]);
    sup_json_end(w);
    sup_json_key(w, "errors");
    sup_json_arr(w);
    for (size_t k = 0; k < r->nruns; k++)
        sup_json_double(w, err(runs, k, fit->pred[k]));
    sup_json_end(w);
    sup_json_key(w, "event_errors");
    sup_json_arr(w);
    for (size_t k = 0; k < r->nruns; k++)
        if (fit->ev_err[k] >= 0)
            sup_json_double(w, fit->ev_err[k]);
        else
            sup_json_null(w);
    sup_json_end(w);
    sup_json_end(w);
}

static void write_json(const struct lpn_cal_opts *o, const struct lpn_cal_runs *runs, const struct lpn_cal_result *r,
                       FILE *f)
{
    struct sup_json w;
    sup_json_init(&w, f, true);
    sup_json_obj(&w);
    sup_json_key(&w, "model"), sup_json_str(&w, o->model);
    sup_json_key(&w, "objective"), sup_json_str(&w, o->objective == LPN_CAL_MAX ? "max" : "mean");
    sup_json_key(&w, "tolerance"), sup_json_double(&w, o->tolerance);
    sup_json_key(&w, "simulations"), sup_json_uint(&w, r->evals);
    sup_json_key(&w, "params");
    sup_json_arr(&w);
    for (int k = 0; k < r->nparams; k++) {
        sup_json_obj(&w);
        sup_json_key(&w, "name"), sup_json_str(&w, o->params[k].name);
        sup_json_key(&w, "lo"), sup_json_int(&w, o->params[k].lo);
        sup_json_key(&w, "hi"), sup_json_int(&w, o->params[k].hi);
        sup_json_key(&w, "start"), sup_json_int(&w, r->start[k]);
        sup_json_key(&w, "value"), sup_json_int(&w, r->fit.v[k]);
        sup_json_key(&w, "determined"), sup_json_bool(&w, !r->flat[k]);
        sup_json_key(&w, "at_bound"), sup_json_bool(&w, r->at_bound[k]);
        sup_json_key(&w, "sensitivity");
        sup_json_arr(&w);
        for (size_t j = 0; j < r->nruns; j++)
            sup_json_int(&w, r->sens[(size_t)k * r->nruns + j]);
        sup_json_end(&w);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "rank"), sup_json_int(&w, r->rank);
    sup_json_key(&w, "flat_pairs");
    sup_json_arr(&w);
    for (int q = 0; q < r->nflat_pairs; q++) {
        const int *p = &r->flat_pairs[3 * q];
        sup_json_obj(&w);
        sup_json_key(&w, "a"), sup_json_str(&w, o->params[p[0]].name);
        sup_json_key(&w, "b"), sup_json_str(&w, o->params[p[1]].name);
        sup_json_key(&w, "sign"), sup_json_int(&w, p[2]);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "runs");
    sup_json_arr(&w);
    for (size_t k = 0; k < r->nruns; k++) {
        sup_json_obj(&w);
        sup_json_key(&w, "name"), sup_json_str(&w, runs->runs[k].name);
        sup_json_key(&w, "measured"), sup_json_int(&w, runs->runs[k].cycles);
        if (r->loo_err) {
            sup_json_key(&w, "loo_cycles"), sup_json_int(&w, r->loo_pred[k]);
            sup_json_key(&w, "loo_error"), sup_json_double(&w, r->loo_err[k]);
        }
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "start"), json_fit(&w, runs, r, &r->start_fit);
    sup_json_key(&w, "fit"), json_fit(&w, runs, r, &r->fit);
    sup_json_key(&w, "good"), sup_json_bool(&w, r->good);
    if (r->why)
        sup_json_key(&w, "why"), sup_json_str(&w, r->why);
    sup_json_end(&w);
    fputc('\n', f);
}

void lpn_cal_write(const struct lpn_cal_opts *o, const struct lpn_cal_runs *runs, const struct lpn_cal_result *r,
                   int format, FILE *out)
{
    if (format == 1)
        write_json(o, runs, r, out);
    else
        write_text(o, runs, r, out);
}

/* Byte offset of LINE:COL (1-based) in TEXT. */
static size_t offset_of(const char *text, size_t len, unsigned line, unsigned col)
{
    size_t i = 0;
    for (unsigned l = 1; l < line && i < len; i++)
        if (text[i] == '\n')
            l++;
    return i + col - 1;
}

bool lpn_cal_write_model(const struct lpn_cal_opts *o, const struct lpn_cal_result *r, FILE *out, FILE *diag)
{
    size_t len;
    char *text = sup_read_file(o->model, &len, 0, diag);
    if (!text)
        return false;
    struct sup_ydoc *d = sup_yaml_load_string(o->model, text, len, diag);
    const struct sup_ynode *params = d && d->root ? sup_yget(d->root, "params") : NULL;
    bool ok = params && params->kind == SUP_Y_MAP;
    if (d && !ok)
        sup_yerror(d, d->root, "no params: mapping to rewrite");
    /* the value scalars to replace, in file order */
    size_t *at = sup_xcalloc((size_t)r->nparams + 1, sizeof *at), *n = sup_xcalloc((size_t)r->nparams + 1, sizeof *n);
    for (int k = 0; k < r->nparams && ok; k++) {
        const struct sup_ynode *v = sup_yget(params, o->params[k].name);
        if (!v) {
            ok = sup_yerror(d, params, "no parameter '%s' in params:", o->params[k].name);
            break;
        }
        size_t off = offset_of(text, len, v->line, v->col);
        if (v->kind != SUP_Y_SCALAR || v->quoted || off + v->len > len || memcmp(text + off, v->str, v->len)) {
            ok = sup_yerror(d, v, "cannot rewrite '%s': its value is not a plain number", o->params[k].name);
            break;
        }
        at[k] = off, n[k] = v->len;
    }
    if (ok) {
        size_t pos = 0;
        for (;;) {   /* the next replacement after POS */
            int next = -1;
            for (int k = 0; k < r->nparams; k++)
                if (at[k] >= pos && (next < 0 || at[k] < at[next]))
                    next = k;
            if (next < 0)
                break;
            fwrite(text + pos, 1, at[next] - pos, out);
            fprintf(out, "%lld", (long long)r->fit.v[next]);
            pos = at[next] + n[next];
        }
        fwrite(text + pos, 1, len - pos, out);
    }
    free(at), free(n);
    sup_yaml_free(d);
    free(text);
    return ok;
}
