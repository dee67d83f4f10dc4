/* test_fit.c — unit tests of `lpn fit` and `lpn tune` (lpn/fit.h,
 * lpn/tune.h) on synthetic accelerators with known laws (synth.h, fixed
 * seeds): CSV errors with their locations, step widths found by
 * Algorithm 1 equal to the true ones, held-out errors within the noise, the
 * emitted delay loaded and simulated as an LPN, Performance-Representative
 * sampling against random sampling of the same size, the composition of
 * layers into blocks, and tuning answers derived by hand (a FIFO depth for
 * full throughput, LogNIC's eq. 4 for a SmartNIC's parallelism). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fit.h"
#include "lpn.h"
#include "pointset.h"
#include "synth.h"
#include "tune.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---------------------------------------------------------------------*/
struct membuf {
    char *s;
    size_t n;
    FILE *f;
};
static void mb_open(struct membuf *m)
{
    m->s = NULL, m->n = 0;
    m->f = open_memstream(&m->s, &m->n);
}
static char *mb_close(struct membuf *m)
{
    fclose(m->f);
    return m->s;
}

/* Parses TEXT, expecting failure with a message containing WANT. */
static void csv_fails(const char *text, const char *want)
{
    struct membuf m;
    mb_open(&m);
    struct lpn_table *t = lpn_table_parse("t.csv", text, strlen(text), m.f);
    char *msg = mb_close(&m);
    if (t || !strstr(msg, want))
        fail_msg("CSV %s: expected an error containing '%s', got '%s'", t ? "parsed" : "failed", want, msg);
    free(msg);
}

static struct lpn_table *table_of(const struct synth_law *L, const int64_t *x, const double *y, size_t n)
{
    struct membuf m;
    mb_open(&m);
    synth_write_csv(L, x, y, n, m.f);
    char *csv = mb_close(&m);
    struct lpn_table *t = lpn_table_parse("synth.csv", csv, strlen(csv), stderr);
    free(csv);
    assert_non_null(t);
    return t;
}

/* The sweeps of law L plus EXTRA uniform points, measured with SEED. */
static struct lpn_table *sweeps(const struct synth_law *L, uint64_t seed, size_t extra)
{
    struct synth_rng r = {seed};
    size_t n = synth_sweeps(L, &r, NULL, NULL), np = (size_t)L->np;
    int64_t *x = malloc((n + extra) * np * sizeof *x);
    double *y = malloc((n + extra) * sizeof *y);
    synth_sweeps(L, &r, x, y);
    for (size_t i = n; i < n + extra; i++) {
        synth_uniform(L, &r, x + i * np);
        y[i] = synth_measure(L, x + i * np, &r);
    }
    struct lpn_table *t = table_of(L, x, y, n + extra);
    free(x);
    free(y);
    return t;
}

/* ---- CSV ---------------------------------------------------------------------------*/
static void test_csv_good(void **state)
{
    (void)state;
    const char *text = "# measured on the board\r\n\"C\", K ,\"cycles\"\r\n1,2,3.5\r\n\r\n\"4\",5,\"6e1\"\r\n";
    struct lpn_table *t = lpn_table_parse("g.csv", text, strlen(text), stderr);
    assert_non_null(t);
    assert_int_equal(t->ncols, 3);
    assert_string_equal(t->names[1], "K");
    assert_int_equal(t->nrows, 2);
    assert_true(t->v[2] == 3.5 && t->v[3] == 4 && t->v[5] == 60);
    assert_int_equal(t->line[1], 5);
    assert_int_equal(lpn_table_find(t, "cycles"), 2);
    lpn_table_free(t);
}

static void test_csv_errors(void **state)
{
    (void)state;
    csv_fails("a,b,a\n1,2,3\n", "t.csv:1:5: error: duplicate column 'a' (also column 1");
    csv_fails("a,,c\n1,2,3\n", "t.csv:1:3: error: empty column name");
    csv_fails("a,b\n1,2\n3\n", "t.csv:3:2: error: row has 1 field, the header has 2");
    csv_fails("a,b\n1,2\n3,4,5\n", "t.csv:3:5: error: row has 3 fields, the header has 2");
    csv_fails("a,b\n1,2\n3,x7\n", "t.csv:3:3: error: not a number in column 'b': 'x7'");
    csv_fails("a,b\n1,nan\n", "t.csv:2:3: error: not a number in column 'b': 'nan'");
    csv_fails("a,b\n1,\n", "t.csv:2:3: error: empty cell in column 'b'");
    csv_fails("a,b\n1,\"2\n", "t.csv:2:3: error: unterminated quoted field");
    csv_fails("a,b\n1,\"2\"x\n", "t.csv:2:6: error: unexpected text after a closing quote");
    csv_fails("", "t.csv:1:1: error: empty file");
    csv_fails("a,b\n# nothing\n", "t.csv:3:1: error: no data rows");
}

static void fit_fails(const char *text, const struct lpn_fit_opts *o, const char *want)
{
    struct lpn_table *t = lpn_table_parse("f.csv", text, strlen(text), stderr);
    assert_non_null(t);
    struct membuf m;
    mb_open(&m);
    struct lpn_fit *f = lpn_fit_run(t, o, m.f);
    char *msg = mb_close(&m);
    if (f || !strstr(msg, want))
        fail_msg("fit %s: expected an error containing '%s', got '%s'", f ? "ran" : "failed", want, msg);
    free(msg);
    lpn_table_free(t);
}

static void test_fit_errors(void **state)
{
    (void)state;
    struct lpn_fit_opts o;
    lpn_fit_opts_default(&o);
    fit_fails("C,lat\n1,2\n2,3\n", &o, "f.csv:1:1: error: no column 'cycles' in the header (columns: C, lat)");
    fit_fails("C,cycles\n1,2\n", &o, "f.csv:2:1: error: a single sample");
    fit_fails("C,cycles\n1,2\n2.5,3\n", &o, "f.csv:3:1: error: parameter 'C' must be an integer, found 2.5");
    fit_fails("C,cycles\n1,2\n2,-3\n", &o, "f.csv:3:3: error: negative latency -3");
    fit_fails("C-1,cycles\n1,2\n2,3\n", &o, "f.csv:1:1: error: parameter column 'C-1' is not an identifier");
    const char *ps[] = {"D"};
    o.params = ps, o.nparams = 1;
    fit_fails("C,cycles\n1,2\n2,3\n", &o, "f.csv:1:1: error: no column 'D'");
    lpn_fit_opts_default(&o);
    struct lpn_fit_step st = {"Q", 4};
    o.steps = &st, o.nsteps = 1;
    fit_fails("C,cycles\n1,2\n2,3\n", &o, "--step: 'Q' is not a parameter column");
}

/* ---- Algorithm 1 ------------------------------------------------------------------*/
/* Every law, ten seeds, with 0 and 40 extra random points: every detected
 * width and phase equals the true one. */
static void test_step_widths(void **state)
{
    (void)state;
    static const char *const names[] = {"steps", "linear", "phase", "conv", "mixed", "fc"};
    int checked = 0, right = 0;
    for (size_t l = 0; l < sizeof names / sizeof names[0]; l++) {
        const struct synth_law *L = synth_law(names[l]);
        for (uint64_t seed = 1; seed <= 10; seed++)
            for (size_t extra = 0; extra <= 40; extra += 40) {
                struct lpn_table *t = sweeps(L, seed, extra);
                struct lpn_fit *f = lpn_fit_run(t, NULL, stderr);
                assert_non_null(f);
                for (int k = 0; k < L->np; k++) {
                    const struct lpn_fit_param *p = lpn_fit_param(f, k);
                    enum lpn_influence want = L->p[k].width > 1 ? LPN_INF_STEP : LPN_INF_LINEAR;
                    checked++;
                    if (p->kind == want && p->width == L->p[k].width && p->phase == L->p[k].phase)
                        right++;
                    else
                        print_message("%s seed %llu extra %zu: %s detected %s width %lld phase %lld, true width %lld phase %lld\n",
                                      L->name, (unsigned long long)seed, extra, p->name, lpn_influence_name(p->kind),
                                      (long long)p->width, (long long)p->phase, (long long)L->p[k].width,
                                      (long long)L->p[k].phase);
                }
                lpn_fit_free(f);
                lpn_table_free(t);
            }
    }
    print_message("step widths: %d of %d parameters right\n", right, checked);
    assert_int_equal(right, checked);
}

/* A parameter without influence is found and left out of the delay. */
static void test_no_influence(void **state)
{
    (void)state;
    struct membuf m;
    mb_open(&m);
    fprintf(m.f, "a,z,cycles\n");
    struct synth_rng r = {7};
    for (int a = 1; a <= 40; a++)
        fprintf(m.f, "%d,3,%.1f\n", a, 10 + 4.0 * a + synth_normal(&r));
    for (int z = 1; z <= 40; z++)
        fprintf(m.f, "5,%d,%.1f\n", z, 30 + synth_normal(&r));
    char *csv = mb_close(&m);
    struct lpn_table *t = lpn_table_parse("none.csv", csv, strlen(csv), stderr);
    free(csv);
    struct lpn_fit *f = lpn_fit_run(t, NULL, stderr);
    assert_non_null(f);
    assert_int_equal(lpn_fit_param(f, 0)->kind, LPN_INF_LINEAR);
    assert_int_equal(lpn_fit_param(f, 1)->kind, LPN_INF_NONE);
    assert_null(strstr(lpn_fit_expr(f), "z"));
    assert_int_equal(lpn_fit_pr_axis(f, 1, NULL, 0), 1);
    lpn_fit_free(f);
    lpn_table_free(t);
}

/* ---- delay functions --------------------------------------------------------------*/
/* The emitted model: loads, and lpn sim's last done cycle is the sum of the
 * predictions over the held-out rows. */
static void check_emitted(const struct lpn_fit *f, const struct lpn_table *t)
{
    struct membuf m;
    mb_open(&m);
    lpn_fit_write_lpn(f, m.f);
    char *yaml = mb_close(&m);
    struct lpn_model *mod = lpn_load_string("fitted.yaml", yaml, strlen(yaml), NULL, 0, stderr);
    if (!mod)
        fail_msg("the emitted model does not load:\n%s", yaml);
    struct lpn_sim *s = lpn_sim_new(mod, 0, stderr);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    /* the held-out rows are the ones the report is about; recompute their sum */
    int64_t sum = 0;
    int np = lpn_fit_nparams(f);
    const char *g = strstr(yaml, "generate:");
    for (const char *p = g; p && (p = strstr(p, "props: {")); p++) {
        int64_t x[8];
        const char *q = p + 8;
        for (int k = 0; k < np; k++) {
            q = strchr(q, ':') + 1;
            x[k] = strtoll(q, (char **)&q, 10);
        }
        sum += lpn_fit_predict(f, x);
    }
    (void)t;
    assert_int_equal(lpn_sim_done_count(s), lpn_fit_test_rows(f));
    assert_int_equal(lpn_sim_last_done(s), sum);
    lpn_sim_free(s);
    lpn_model_free(mod);
    free(yaml);
}

static void test_heldout_within_noise(void **state)
{
    (void)state;
    static const char *const names[] = {"steps", "linear", "phase", "conv", "mixed", "fc"};
    for (size_t l = 0; l < sizeof names / sizeof names[0]; l++) {
        const struct synth_law *L = synth_law(names[l]);
        struct lpn_table *t = sweeps(L, 3, 60);
        struct lpn_fit *f = lpn_fit_run(t, NULL, stderr);
        assert_non_null(f);
        const struct lpn_fit_model *m = lpn_fit_chose_table(f) ? lpn_fit_table(f) : lpn_fit_closed(f);
        /* the noise, plus rounding to whole cycles (0.29 RMS) */
        double allowed = 1.25 * sqrt(L->sigma * L->sigma + 1.0 / 12) + 0.1;
        print_message("%-6s chosen %s: held-out MAPE %.3f%%, RMSE %.3f (noise sigma %.2f), max %.2f cycles; delay %s\n", L->name,
                      lpn_fit_chose_table(f) ? "table" : "closed form", m->mape, m->rmse, L->sigma, m->max_abs, lpn_fit_expr(f));
        assert_true(m->rmse <= allowed);
        assert_true(m->max_abs <= 4 * L->sigma + 1.5);
        assert_false(lpn_fit_chose_table(f));   /* every law here has a closed form */
        check_emitted(f, t);
        lpn_fit_free(f);
        lpn_table_free(t);
    }
}

/* A law with no closed form over the parameters (a square root of a
 * step count): the table is chosen, and is within the noise. */
static void test_table_chosen(void **state)
{
    (void)state;
    struct membuf m;
    mb_open(&m);
    fprintf(m.f, "n,cycles\n");
    struct synth_rng r = {11};
    for (int rep = 0; rep < 3; rep++)
        for (int n = 1; n <= 64; n++)
            fprintf(m.f, "%d,%.1f\n", n, 100 + 300 * sqrt((double)((n + 7) / 8)) + 0.5 * synth_normal(&r));
    char *csv = mb_close(&m);
    struct lpn_table *t = lpn_table_parse("sqrt.csv", csv, strlen(csv), stderr);
    free(csv);
    struct lpn_fit *f = lpn_fit_run(t, NULL, stderr);
    assert_non_null(f);
    assert_int_equal(lpn_fit_param(f, 0)->width, 8);
    print_message("sqrt law: closed MAPE %.3f%%, table MAPE %.3f%%, chosen %s: %s\n", lpn_fit_closed(f)->mape,
                  lpn_fit_table(f)->mape, lpn_fit_chose_table(f) ? "table" : "closed", lpn_fit_expr(f));
    assert_true(lpn_fit_chose_table(f));
    assert_true(lpn_fit_table(f)->rmse < 1.0);
    check_emitted(f, t);
    lpn_fit_free(f);
    lpn_table_free(t);
}

/* ---- PR sampling against random sampling -------------------------------------------*/
/* Seed 002 §4 (Fig. 4, 5): a model trained on N Performance
 * Representatives (steps known from the initial sweeps, eq. 7–8) against
 * one trained on N points drawn at random from the whole space (no step
 * knowledge), both evaluated on the same random test configurations; MAPE
 * averaged over seeds. */
static double test_mape(const struct lpn_fit *f, const struct synth_law *L, uint64_t seed)
{
    struct synth_rng r = {seed * 7919 + 17};
    double s = 0;
    int n = 300;
    for (int i = 0; i < n; i++) {
        int64_t x[SYNTH_MAX_PARAMS];
        synth_uniform(L, &r, x);
        double y = L->f(x);
        s += fabs((double)lpn_fit_predict(f, x) - y) / y;
    }
    return 100 * s / n;
}

static void pr_vs_random(const char *law, int budget, double *pr_mean, double *rnd_mean, double *rndw_mean)
{
    const struct synth_law *L = synth_law(law);
    int np = L->np, seeds = 5;
    *pr_mean = *rnd_mean = *rndw_mean = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
        /* initial sweeps: the step widths */
        struct lpn_table *st = sweeps(L, seed, 0);
        struct lpn_fit *f0 = lpn_fit_run(st, NULL, stderr);
        struct lpn_fit_step steps[SYNTH_MAX_PARAMS];
        for (int k = 0; k < np; k++)
            steps[k] = (struct lpn_fit_step){L->p[k].name, lpn_fit_param(f0, k)->width};
        int64_t *x = malloc((size_t)budget * (size_t)np * sizeof *x);
        double *y = malloc((size_t)budget * sizeof *y);
        struct synth_rng r = {seed * 1000 + 1};
        /* PR sampling: the spread-out representatives lpn fit proposes */
        int got = lpn_fit_next(f0, budget, seed, x);
        assert_int_equal(got, budget);
        for (int i = 0; i < budget; i++)
            y[i] = synth_measure(L, x + (size_t)i * (size_t)np, &r);
        struct lpn_fit_opts o;
        lpn_fit_opts_default(&o);
        o.steps = steps, o.nsteps = np, o.holdout = 0;
        struct lpn_table *tp = table_of(L, x, y, (size_t)budget);
        struct lpn_fit *fp = lpn_fit_run(tp, &o, stderr);
        /* random sampling of the whole space, uninformed */
        for (int i = 0; i < budget; i++) {
            synth_uniform(L, &r, x + (size_t)i * (size_t)np);
            y[i] = synth_measure(L, x + (size_t)i * (size_t)np, &r);
        }
        struct lpn_table *tr = table_of(L, x, y, (size_t)budget);
        struct lpn_fit_opts ro;
        lpn_fit_opts_default(&ro);
        ro.holdout = 0;
        struct lpn_fit *fr = lpn_fit_run(tr, &ro, stderr);
        struct lpn_fit *frw = lpn_fit_run(tr, &o, stderr);   /* random points, steps known */
        assert_non_null(fp);
        assert_non_null(fr);
        double a = test_mape(fp, L, seed), b = test_mape(fr, L, seed), c = test_mape(frw, L, seed);
        *pr_mean += a / seeds, *rnd_mean += b / seeds, *rndw_mean += c / seeds;
        lpn_fit_free(fp);
        lpn_fit_free(fr);
        lpn_fit_free(frw);
        lpn_table_free(tp);
        lpn_table_free(tr);
        lpn_fit_free(f0);
        lpn_table_free(st);
        free(x);
        free(y);
    }
}

static void test_pr_beats_random(void **state)
{
    (void)state;
    static const char *const laws[] = {"conv", "fc", "mixed"};
    static const int budgets[] = {40, 30, 20};
    for (size_t l = 0; l < 3; l++) {
        double pr, rnd, rndw;
        pr_vs_random(laws[l], budgets[l], &pr, &rnd, &rndw);
        print_message("%-5s budget %d, test MAPE averaged over 5 seeds: PR sampling %.3f%%, random sampling %.3f%% "
                      "(random with the step widths given: %.3f%%)\n",
                      laws[l], budgets[l], pr, rnd, rndw);
        assert_true(pr < rnd);
        if (l < 2)   /* pure step laws; "mixed" also varies within a step, which the PRs do not see */
            assert_true(pr < 0.5);
    }
}

/* ---- composition --------------------------------------------------------------------*/
static struct lpn_table *blocks(bool parallel, uint64_t seed)
{
    struct membuf m;
    mb_open(&m);
    fprintf(m.f, "t_dw,t_pw,ops,cycles\n");
    struct synth_rng r = {seed};
    for (int i = 0; i < 120; i++) {
        int64_t a = 100 + (int64_t)(synth_next(&r) % 900), b = 100 + (int64_t)(synth_next(&r) % 900);
        int64_t ops = 1000 + (int64_t)(synth_next(&r) % 9000);
        double y = parallel ? (double)(a > b ? a : b) : (double)(a + b) - (0.02 * (double)ops + 30);
        fprintf(m.f, "%lld,%lld,%lld,%.1f\n", (long long)a, (long long)b, (long long)ops, y + synth_normal(&r));
    }
    char *csv = mb_close(&m);
    struct lpn_table *t = lpn_table_parse("blocks.csv", csv, strlen(csv), stderr);
    free(csv);
    return t;
}

static void test_compose(void **state)
{
    (void)state;
    static const char *const layers[] = {"t_dw", "t_pw"};
    for (int par = 0; par < 2; par++) {
        struct lpn_table *t = blocks(par, 5);
        struct lpn_compose_opts o = {.layers = layers, .nlayers = 2, .ops = "ops", .holdout = 0.25, .seed = 1};
        struct lpn_compose *c = lpn_compose_run(t, &o, stderr);
        assert_non_null(c);
        double w, c0;
        lpn_compose_fusing(c, &w, &c0);
        print_message("%s blocks: MAPE max %.3f%%, sum %.3f%%, fused %.3f%% (w %.4f, c %.2f); chosen %s: %s\n",
                      par ? "parallel" : "fused", lpn_compose_mape(c, LPN_COMPOSE_MAX), lpn_compose_mape(c, LPN_COMPOSE_SUM),
                      lpn_compose_mape(c, LPN_COMPOSE_FUSED), w, c0, lpn_compose_name(lpn_compose_chosen(c)), lpn_compose_expr(c));
        assert_int_equal(lpn_compose_chosen(c), par ? LPN_COMPOSE_MAX : LPN_COMPOSE_FUSED);
        if (!par) {
            assert_true(fabs(w - 0.02) < 0.002);
            assert_true(fabs(c0 - 30) < 10);
        }
        /* the LPN: one block at a time, so the last done cycle is the sum of
         * the chosen model over the rows */
        struct membuf m;
        mb_open(&m);
        lpn_compose_write_lpn(c, m.f);
        char *yaml = mb_close(&m);
        struct lpn_model *mod = lpn_load_string("block.yaml", yaml, strlen(yaml), NULL, 0, stderr);
        if (!mod)
            fail_msg("the block model does not load:\n%s", yaml);
        struct lpn_sim *s = lpn_sim_new(mod, 0, stderr);
        assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
        assert_int_equal(lpn_sim_done_count(s), t->nrows);
        double sum = 0;
        for (size_t i = 0; i < t->nrows; i++) {
            double a = t->v[i * 4], b = t->v[i * 4 + 1], ops = t->v[i * 4 + 2];
            if (par)
                sum += fmax(a, b);
            else
                sum += fmax(0, a + b - (w * ops + c0));
        }
        print_message("  block LPN: %lld cycles for %zu blocks (model sum %.0f)\n", (long long)lpn_sim_last_done(s), t->nrows, sum);
        assert_true(fabs((double)lpn_sim_last_done(s) - sum) <= (double)t->nrows);
        lpn_sim_free(s);
        lpn_model_free(mod);
        free(yaml);
        lpn_compose_free(c);
        lpn_table_free(t);
    }
}

/* ---- tuning ---------------------------------------------------------------------------*/
static struct lpn_tune_result tune(const char *model, const char *params, const char *bound, enum lpn_tune_search search,
                                   const struct lpn_param *fixed, size_t nfixed)
{
    struct lpn_tune_opts o = {.model = model, .fixed = fixed, .nfixed = nfixed, .search = search};
    char *ps = strdup(params);
    struct lpn_tune_param *p = NULL;
    int np = 0;
    assert_true(lpn_tune_parse_params(ps, &p, &np, stderr));
    assert_true(lpn_tune_parse_bound(bound, &o.bound, stderr));
    o.params = p, o.nparams = np;
    struct lpn_tune_result r;
    assert_int_equal(lpn_tune_run(&o, &r, stderr), 0);
    free(p);
    free(ps);
    return r;
}

static int64_t best_value(const struct lpn_tune_result *r, int k)
{
    return r->best >= 0 ? r->pts[r->best].v[k] : -1;
}

/* The burst FIFO (tests/data/fit/burst_fifo.yaml): full throughput needs
 * depth 2B; a latency bound L needs the smallest depth with
 * (batches - 1) * (P + (2B - depth) * c) + P + B * c <= L. */
static void test_tune_fifo(void **state)
{
    (void)state;
    const char *model = FIT_TEST_DATA "/burst_fifo.yaml";
    static const int64_t Bs[] = {4, 10, 12};
    for (size_t k = 0; k < 3; k++) {
        int64_t B = Bs[k], P = 100, c = 8, N = 50;
        struct lpn_param fx[] = {{"B", B}};
        for (int sm = 0; sm < 2; sm++) {
            enum lpn_tune_search s = sm ? LPN_TUNE_MONOTONE : LPN_TUNE_EXHAUSTIVE;
            struct lpn_tune_result r = tune(model, "depth=1:64", "throughput>=100%", s, fx, 1);
            print_message("B=%lld %s: full throughput at depth %lld (hand: %lld), %zu simulations\n", (long long)B,
                          sm ? "monotone" : "exhaustive", (long long)best_value(&r, 0), (long long)(2 * B), r.npts);
            assert_int_equal(best_value(&r, 0), 2 * B);
            if (sm)
                assert_true(r.npts <= 16);
            lpn_tune_result_free(&r);
            /* a latency bound halfway between depth 2B and depth B */
            int64_t L = (N - 1) * (P + B / 2 * c) + P + B * c + 3;
            int64_t want = 2 * B;
            while (want > B && (N - 1) * (P + (2 * B - (want - 1)) * c) + P + B * c <= L)
                want--;
            char bound[64];
            snprintf(bound, sizeof bound, "latency<=%lld", (long long)L);
            r = tune(model, "depth=1:64", bound, s, fx, 1);
            print_message("B=%lld %s: latency <= %lld at depth %lld (hand: %lld)\n", (long long)B, sm ? "monotone" : "exhaustive",
                          (long long)L, (long long)best_value(&r, 0), (long long)want);
            assert_int_equal(best_value(&r, 0), want);
            assert_int_equal(r.violations, 0);
            lpn_tune_result_free(&r);
        }
    }
}

/* LogNIC eq. 4 on the SmartNIC IP model: throughput = min(n / (C + sched),
 * BW_INTF / (2 * bytes)) packets per cycle, so the smallest parallelism n
 * reaching X below the interface bound is ceil(X * (C + sched)). */
static void test_tune_smartnic(void **state)
{
    (void)state;
    const char *model = LPN_MODELS_DIR "/smartnic_ip.yaml";
    static const double Xs[] = {0.0124, 0.0375, 0.0485, 0.0601};
    static const int64_t Cs[] = {199, 99};
    for (size_t ci = 0; ci < 2; ci++)
        for (size_t k = 0; k < 4; k++) {
            struct lpn_param fx[] = {{"packets", 3000}, {"engine_cycles", Cs[ci]}};
            double X = Xs[k] * (Cs[ci] == 99 ? 0.5 : 1);
            char bound[64];
            snprintf(bound, sizeof bound, "throughput>=%.6g", X);
            struct lpn_tune_result r = tune(model, "engines=1:32", bound, LPN_TUNE_MONOTONE, fx, 2);
            int64_t want = (int64_t)ceil(X * (double)(Cs[ci] + 1) - 1e-9);
            print_message("C=%lld, throughput >= %.6g: engines %lld (eq. 4: %lld), %zu simulations\n", (long long)Cs[ci], X,
                          (long long)best_value(&r, 0), (long long)want, r.npts);
            assert_int_equal(best_value(&r, 0), want);
            lpn_tune_result_free(&r);
        }
    /* beyond the interface bound 64 / (2 * 512) = 1/16: no parallelism helps */
    struct lpn_param fx[] = {{"packets", 2000}};
    struct lpn_tune_result r = tune(model, "engines=1:32", "throughput>=0.07", LPN_TUNE_AUTO, fx, 1);
    assert_int_equal(r.best, -1);
    lpn_tune_result_free(&r);
    /* saturation: 99% of the interface-bound throughput at n = ceil(200 / 16) */
    r = tune(model, "engines=1:32", "throughput>=99%", LPN_TUNE_AUTO, fx, 1);
    print_message("saturation: engines %lld (eq. 4: 13)\n", (long long)best_value(&r, 0));
    assert_int_equal(best_value(&r, 0), 13);
    lpn_tune_result_free(&r);
}

static void test_tune_errors(void **state)
{
    (void)state;
    struct membuf m;
    mb_open(&m);
    struct lpn_tune_param *p = NULL;
    int np = 0;
    char a[] = "depth=5:1", b[] = "x", c[] = "d=1:4,d=2:3";
    struct lpn_tune_bound bd;
    assert_false(lpn_tune_parse_params(a, &p, &np, m.f));
    assert_false(lpn_tune_parse_params(b, &p, &np, m.f));
    assert_false(lpn_tune_parse_params(c, &p, &np, m.f));
    assert_false(lpn_tune_parse_bound("latency>=4", &bd, m.f));
    assert_false(lpn_tune_parse_bound("power<=4", &bd, m.f));
    assert_true(lpn_tune_parse_bound(" throughput >= 95 % ", &bd, m.f));
    assert_true(bd.relative && bd.value == 95 && bd.metric == LPN_TUNE_THROUGHPUT);
    struct lpn_tune_param q = {"nope", 1, 4, 1, 1};
    struct lpn_tune_opts o = {.model = FIT_TEST_DATA "/burst_fifo.yaml", .params = &q, .nparams = 1,
                              .bound = {LPN_TUNE_LATENCY, 10, false}};
    struct lpn_tune_result r;
    assert_int_equal(lpn_tune_run(&o, &r, m.f), -1);
    char *msg = mb_close(&m);
    assert_non_null(strstr(msg, "--params: expected NAME=LO:HI[:STEP] with LO <= HI and STEP >= 1, found 'depth=5:1'"));
    assert_non_null(strstr(msg, "'d' is given twice"));
    assert_non_null(strstr(msg, "the model has no parameter 'nope'"));
    free(msg);
    free(p);
}

/* The point index of tune and calibrate: indices in insertion order, every
 * point found again after many rehashes, a point differing in one value not. */
static void test_pointset(void **state)
{
    (void)state;
    struct lpn__pointset ps;
    lpn__pointset_init(&ps, 3);
    for (int64_t k = 0; k < 2000; k++) {
        int64_t v[3] = {k % 7, k / 7, -k};
        assert_int_equal(lpn__pointset_find(&ps, v), -1);
        assert_int_equal(lpn__pointset_add(&ps, v), (size_t)k);
    }
    for (int64_t k = 0; k < 2000; k++) {
        int64_t v[3] = {k % 7, k / 7, -k};
        assert_int_equal(lpn__pointset_find(&ps, v), (long)k);
        v[2] = k + 1; /* the stored third value is -k: never k + 1 */
        assert_int_equal(lpn__pointset_find(&ps, v), -1);
    }
    lpn__pointset_free(&ps);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pointset),
        cmocka_unit_test(test_csv_good),
        cmocka_unit_test(test_csv_errors),
        cmocka_unit_test(test_fit_errors),
        cmocka_unit_test(test_step_widths),
        cmocka_unit_test(test_no_influence),
        cmocka_unit_test(test_heldout_within_noise),
        cmocka_unit_test(test_table_chosen),
        cmocka_unit_test(test_pr_beats_random),
        cmocka_unit_test(test_compose),
        cmocka_unit_test(test_tune_fifo),
        cmocka_unit_test(test_tune_smartnic),
        cmocka_unit_test(test_tune_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
