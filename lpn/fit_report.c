/* fit_report.c — `lpn fit`'s outputs (FIT.md): the fit as text, JSON or
 * YAML (parameters, sweeps, both delay functions with their held-out
 * errors, the next points to measure), those points as CSV, and a
 * ready model whose transition uses the chosen delay function. */
#include "fit.h"
#include "fit_impl.h"
#include "json.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


static void axis_text(const struct lpn_fit *f, int k, FILE *out)
{
    const struct lpn_fit_param *p = &f->p[k];
    int64_t v[2];
    int64_t n = lpn_fit_pr_axis(f, k, v, 2);
    if (p->kind == LPN_INF_NONE)
        fprintf(out, "%s = %lld", p->name, (long long)v[0]);
    else if (p->kind == LPN_INF_STEP) {
        int64_t x0 = (v[0] - p->phase) / p->width;
        if (p->phase)
            fprintf(out, "%s = %lld + %lld*x (x = %lld..%lld)", p->name, (long long)p->phase, (long long)p->width, (long long)x0,
                    (long long)(x0 + n - 1));
        else
            fprintf(out, "%s = %lld*x (x = %lld..%lld)", p->name, (long long)p->width, (long long)x0, (long long)(x0 + n - 1));
    } else
        fprintf(out, "%s = %lld..%lld", p->name, (long long)p->lo, (long long)p->hi);
}

static void model_json(struct sup_json *w, const struct lpn_fit_model *m)
{
    sup_json_obj(w);
    sup_json_key(w, "valid"), sup_json_bool(w, m->valid);
    sup_json_key(w, "expression");
    if (m->expr)
        sup_json_str(w, m->expr);
    else
        sup_json_null(w);
    sup_json_key(w, "cv_mape"), sup_json_double(w, m->cv_mape);
    sup_json_key(w, "mape"), sup_json_double(w, m->mape);
    sup_json_key(w, "max_abs_error"), sup_json_double(w, m->max_abs);
    sup_json_key(w, "max_rel_error"), sup_json_double(w, m->max_rel);
    sup_json_key(w, "rmse"), sup_json_double(w, m->rmse);
    sup_json_end(w);
}

static void yaml_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void model_yaml(FILE *out, const char *name, const struct lpn_fit_model *m, bool table)
{
    fprintf(out, "  %s:\n    valid: %s\n    expression: ", name, m->valid ? "true" : "false");
    if (m->expr)
        yaml_str(out, m->expr);
    else
        fputs("null", out);
    fprintf(out, "\n    %s: %d\n", table ? "entries" : "terms", table ? m->entries : m->nterms);
    fprintf(out, "    cv_mape: %.4g\n    mape: %.4g\n    max_abs_error: %.4g\n    max_rel_error: %.4g\n    rmse: %.4g\n",
            m->cv_mape, m->mape, m->max_abs, m->max_rel, m->rmse);
}

void lpn_fit_write(const struct lpn_fit *f, const int64_t *next, int nnext, int format, FILE *out)
{
    const char *target = f->t->names[f->tcol];
    const char *errs = f->ntest ? "held-out" : "training (no rows held out)";
    if (format == 1) {
        struct sup_json w;
        sup_json_init(&w, out, true);
        sup_json_obj(&w);
        sup_json_key(&w, "file"), sup_json_str(&w, f->t->path);
        sup_json_key(&w, "target"), sup_json_str(&w, target);
        sup_json_key(&w, "rows"), sup_json_uint(&w, f->n);
        sup_json_key(&w, "train_rows"), sup_json_uint(&w, f->ntrain);
        sup_json_key(&w, "test_rows"), sup_json_uint(&w, f->ntest);
        sup_json_key(&w, "params"), sup_json_arr(&w);
        for (int k = 0; k < f->np; k++) {
            const struct lpn_fit_param *p = &f->p[k];
            sup_json_obj(&w);
            sup_json_key(&w, "name"), sup_json_str(&w, p->name);
            sup_json_key(&w, "influence"), sup_json_str(&w, lpn_influence_name(p->kind));
            sup_json_key(&w, "width"), sup_json_int(&w, p->width);
            sup_json_key(&w, "phase"), sup_json_int(&w, p->phase);
            sup_json_key(&w, "min"), sup_json_int(&w, p->lo);
            sup_json_key(&w, "max"), sup_json_int(&w, p->hi);
            sup_json_key(&w, "sweeps"), sup_json_int(&w, p->sweeps);
            sup_json_key(&w, "agree"), sup_json_int(&w, p->agree);
            sup_json_key(&w, "given"), sup_json_bool(&w, p->given);
            sup_json_key(&w, "step_height"), sup_json_double(&w, p->jump);
            int64_t n = lpn_fit_pr_axis(f, k, NULL, 0);
            int64_t *v = sup_xmalloc((size_t)(n < 64 ? n : 64) * sizeof *v);
            lpn_fit_pr_axis(f, k, v, 64);
            sup_json_key(&w, "representatives"), sup_json_int(&w, n);
            sup_json_key(&w, "first_representatives"), sup_json_arr(&w);
            for (int64_t i = 0; i < n && i < 64; i++)
                sup_json_int(&w, v[i]);
            sup_json_end(&w);
            free(v);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_key(&w, "representatives"), sup_json_double(&w, lpn_fit_pr_count(f));
        sup_json_key(&w, "next"), sup_json_arr(&w);
        for (int i = 0; i < nnext; i++) {
            sup_json_obj(&w);
            for (int k = 0; k < f->np; k++)
                sup_json_key(&w, f->p[k].name), sup_json_int(&w, next[(size_t)i * (size_t)f->np + (size_t)k]);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_key(&w, "errors_on"), sup_json_str(&w, f->ntest ? "held-out" : "training");
        sup_json_key(&w, "closed_form"), model_json(&w, &f->closed);
        sup_json_key(&w, "table"), model_json(&w, &f->table);
        sup_json_key(&w, "chosen"), sup_json_str(&w, f->chose_table ? "table" : "closed_form");
        sup_json_key(&w, "delay"), sup_json_str(&w, lpn_fit_expr(f));
        sup_json_end(&w);
        fputc('\n', out);
        return;
    }
    if (format == 2) {
        fprintf(out, "file: ");
        yaml_str(out, f->t->path);
        fprintf(out, "\ntarget: ");
        yaml_str(out, target);
        fprintf(out, "\nrows: %zu\ntrain_rows: %zu\ntest_rows: %zu\nparams:\n", f->n, f->ntrain, f->ntest);
        for (int k = 0; k < f->np; k++) {
            const struct lpn_fit_param *p = &f->p[k];
            fprintf(out, "  - {name: %s, influence: %s, width: %lld, phase: %lld, min: %lld, max: %lld, sweeps: %d, agree: %d, given: %s, step_height: %.6g, representatives: %lld}\n",
                    p->name, lpn_influence_name(p->kind), (long long)p->width, (long long)p->phase, (long long)p->lo,
                    (long long)p->hi, p->sweeps, p->agree, p->given ? "true" : "false", p->jump,
                    (long long)lpn_fit_pr_axis(f, k, NULL, 0));
        }
        fprintf(out, "representatives: %.0f\nnext:%s\n", lpn_fit_pr_count(f), nnext ? "" : " []");
        for (int i = 0; i < nnext; i++) {
            fprintf(out, "  - {");
            for (int k = 0; k < f->np; k++)
                fprintf(out, "%s%s: %lld", k ? ", " : "", f->p[k].name, (long long)next[(size_t)i * (size_t)f->np + (size_t)k]);
            fprintf(out, "}\n");
        }
        fprintf(out, "errors_on: %s\nmodels:\n", f->ntest ? "held-out" : "training");
        model_yaml(out, "closed_form", &f->closed, false);
        model_yaml(out, "table", &f->table, true);
        fprintf(out, "chosen: %s\ndelay: ", f->chose_table ? "table" : "closed_form");
        yaml_str(out, lpn_fit_expr(f));
        fputc('\n', out);
        return;
    }
    fprintf(out, "lpn fit: %s: %zu rows (%zu fitted, %zu held out), latency column '%s'\n", f->t->path, f->n, f->ntrain, f->ntest,
            target);
    fprintf(out, "parameters (Algorithm 1 on the one-parameter sweeps):\n");
    int wname = 4;
    for (int k = 0; k < f->np; k++)
        wname = (int)strlen(f->p[k].name) > wname ? (int)strlen(f->p[k].name) : wname;
    for (int k = 0; k < f->np; k++) {
        const struct lpn_fit_param *p = &f->p[k];
        fprintf(out, "  %-*s  %-9s", wname, p->name, lpn_influence_name(p->kind));
        if (p->kind == LPN_INF_STEP)
            fprintf(out, " width %-5lld phase %-3lld", (long long)p->width, (long long)p->phase);
        else
            fprintf(out, " %-21s", "");
        fprintf(out, " range %lld..%lld", (long long)p->lo, (long long)p->hi);
        if (p->given)
            fprintf(out, ", width given");
        if (p->sweeps)
            fprintf(out, ", %d of %d sweeps agree", p->agree, p->sweeps);
        else
            fprintf(out, ", no sweep of it (taken as linear)");
        if (p->kind == LPN_INF_STEP && !p->given)
            fprintf(out, ", step height %.4g", p->jump);
        fputc('\n', out);
    }
    fprintf(out, "performance representatives (eq. 4): ");
    for (int k = 0; k < f->np; k++) {
        if (k)
            fprintf(out, ", ");
        axis_text(f, k, out);
    }
    fprintf(out, "; %.0f configurations\n", lpn_fit_pr_count(f));
    if (nnext) {
        fprintf(out, "next to measure (%d):\n", nnext);
        for (int i = 0; i < nnext; i++) {
            fprintf(out, "  ");
            for (int k = 0; k < f->np; k++)
                fprintf(out, "%s%s=%lld", k ? " " : "", f->p[k].name, (long long)next[(size_t)i * (size_t)f->np + (size_t)k]);
            fputc('\n', out);
        }
    }
    fprintf(out, "delay functions (errors on the %s rows):\n", errs);
    fprintf(out, "  closed form  %2d terms    cv MAPE %.3g%%, MAPE %.3g%%, max error %.4g cycles (%.3g%%), RMSE %.4g\n",
            f->closed.nterms, f->closed.cv_mape, f->closed.mape, f->closed.max_abs, f->closed.max_rel, f->closed.rmse);
    if (f->table.valid)
        fprintf(out, "  table      %4d entries  cv MAPE %.3g%%, MAPE %.3g%%, max error %.4g cycles (%.3g%%), RMSE %.4g\n",
                f->table.entries, f->table.cv_mape, f->table.mape, f->table.max_abs, f->table.max_rel, f->table.rmse);
    else
        fprintf(out, "  table      %4d entries  too long for one expression (%d characters at most)\n", f->table.entries, MAX_EXPR);
    fprintf(out, "chosen: %s\n",
            f->chose_table ? "table (more accurate than the closed form in cross-validation)"
                           : "closed form (transparent, and as accurate as the table in cross-validation)");
    fprintf(out, "delay: %s\n", lpn_fit_expr(f));
}

void lpn_fit_write_next_csv(const struct lpn_fit *f, const int64_t *next, int nnext, FILE *out)
{
    for (int c = 0; c < f->t->ncols; c++)
        fprintf(out, "%s%s", c ? "," : "", f->t->names[c]);
    fputc('\n', out);
    for (int i = 0; i < nnext; i++) {
        for (int c = 0; c < f->t->ncols; c++) {
            if (c)
                fputc(',', out);
            for (int k = 0; k < f->np; k++)
                if (f->p[k].col == c)
                    fprintf(out, "%lld", (long long)next[(size_t)i * (size_t)f->np + (size_t)k]);
            if (c != f->tcol) {
                bool is_param = false;
                for (int k = 0; k < f->np; k++)
                    is_param |= f->p[k].col == c;
                if (!is_param)   /* a column that is neither: the first row's value */
                    fprintf(out, "%.17g", f->t->v[(size_t)c]);
            }
        }
        fputc('\n', out);
    }
}

void lpn_fit_write_lpn(const struct lpn_fit *f, FILE *out)
{
    /* the expression reads the properties of the consumed token `op_in` */
    struct lpn_fit g = *f;
    g.prefix = (char *)"op_in.";
    char *expr = g.chose_table ? NULL : fit_closed_expr(&g);
    if (g.chose_table) {
        g.closed.expr = fit_closed_expr(&g);
        expr = fit_table_expr(&g, &g.tab);
        free(g.closed.expr);
    }
    fprintf(out, "# A single-transition model of the measured operation, written by `lpn fit`\n"
                 "# from %s (%s, chosen; errors on the %s rows: MAPE %.3g%%, max %.4g cycles).\n"
                 "# Its delay is the fitted function of the token's properties; the generated\n"
                 "# tokens are the %s rows, served one at a time, so `lpn sim` reports the sum\n"
                 "# of the predicted delays as the last done cycle.\n",
            f->t->path, f->chose_table ? "table" : "closed form", f->ntest ? "held-out" : "training",
            f->chose_table ? f->table.mape : f->closed.mape, f->chose_table ? f->table.max_abs : f->closed.max_abs,
            f->ntest ? "held-out" : "training");
    fprintf(out, "lpn: 1\nname: fitted\ntypes:\n  op: [");
    for (int k = 0; k < f->np; k++)
        fprintf(out, "%s%s", k ? ", " : "", f->p[k].name);
    fprintf(out, "]\nplaces:\n  op_in: {type: op}\n  done: ~\nstart: op_in\ndone: done\ntransitions:\n");
    fprintf(out, "  op:\n    in: op_in\n    out: done\n    delay: ");
    yaml_str(out, expr);
    fprintf(out, "\ngenerate:\n");
    const size_t *rows = f->ntest ? f->test : f->train;
    size_t n = f->ntest ? f->ntest : f->ntrain;
    for (size_t i = 0; i < n && i < 100000; i++) {
        fprintf(out, "  - {place: op_in, props: {");
        for (int k = 0; k < f->np; k++)
            fprintf(out, "%s%s: %lld", k ? ", " : "", f->p[k].name, (long long)f->x[rows[i] * (size_t)f->np + (size_t)k]);
        fprintf(out, "}}\n");
    }
    free(expr);
}
