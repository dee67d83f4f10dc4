/* test_analysis.c — unit tests of the LPN analyses (lpn_analysis.h): input
 * spaces and their located errors, input classes against lpn sim, the
 * interface formulas of hand-derivable nets and of the JPEG model (and their
 * emitted C, compiled and loaded here), proven bounds whose witnesses are
 * replayed in the simulator, properties, limits and timeouts. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "lpn_analysis.h"

#ifndef LPN_TEST_DATA
#error "LPN_TEST_DATA must name tests/data/lpn"
#endif
#define AN LPN_TEST_DATA "/analysis/"
#define MODELS LPN_MODELS_DIR "/"

/* ---- helpers -----------------------------------------------------------------------*/
static struct lpn_model *model(const char *path)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *d = open_memstream(&buf, &len);
    struct lpn_model *m = lpn_load_file(path, NULL, 0, d);
    fclose(d);
    if (!m)
        fail_msg("cannot load %s:\n%s", path, buf);
    free(buf);
    return m;
}

static struct lpn_space *space(const struct lpn_model *m, const char *path)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *d = open_memstream(&buf, &len);
    struct lpn_space *sp = lpn_space_load_file(m, path, d);
    fclose(d);
    if (!sp)
        fail_msg("cannot load %s:\n%s", path, buf);
    free(buf);
    return sp;
}

static struct lpn_classes *explore(struct lpn_space *sp)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *d = open_memstream(&buf, &len);
    struct lpn_limits lim;
    lpn_limits_default(&lim);
    struct lpn_classes *cl = lpn_classes_explore(sp, &lim, d);
    fclose(d);
    if (!cl)
        fail_msg("exploration failed:\n%s", buf);
    free(buf);
    return cl;
}

/* Everything of one analysis: model, space, classes, interfaces. */
struct an {
    struct lpn_model *m;
    struct lpn_space *sp;
    struct lpn_classes *cl;
    struct lpn_pi *pi;
};

static void an_open(struct an *a, const char *model_path, const char *space_path, int samples)
{
    a->m = model(model_path);
    a->sp = space(a->m, space_path);
    a->cl = explore(a->sp);
    assert_int_equal(lpn_classes_status(a->cl), LPN_A_COMPLETE);
    struct lpn_pi_opts o = {.samples = samples, .seed = 1};
    a->pi = lpn_pi_build(a->cl, &o, stderr);
    assert_non_null(a->pi);
}

static void an_close(struct an *a)
{
    lpn_pi_free(a->pi);
    lpn_classes_free(a->cl);
    lpn_space_free(a->sp);
    lpn_model_free(a->m);
}

/* tokens x props of the space's place */
static size_t width(const struct an *a)
{
    return (size_t)lpn_space_tokens(a->sp) * (size_t)lpn_place_nprops(a->m, lpn_space_place(a->sp));
}

/* Runs query Q; asserts it parses and runs. */
static void smt(struct an *a, const char *q, struct lpn_smt_result *r)
{
    struct lpn_query *qq = lpn_query_parse(a->sp, "<query>", q, stderr);
    assert_non_null(qq);
    assert_int_equal(lpn_smt_run(a->cl, a->pi, qq, r, stderr), 0);
    lpn_query_free(qq);
}

/* ---- input spaces: located errors --------------------------------------------------*/
static void check_space_error(const struct lpn_model *m, const char *yaml, const char *want)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *d = open_memstream(&buf, &len);
    struct lpn_space *sp = lpn_space_load_string(m, "s.yaml", yaml, strlen(yaml), d);
    fclose(d);
    if (sp || !strstr(buf, want))
        fail_msg("space:\n%s\nexpected an error containing '%s', got:\n%s", yaml, want, buf);
    free(buf);
}

static void test_space_errors(void **state)
{
    (void)state;
    struct lpn_model *m = model(MODELS "jpeg_fig4.yaml");
    static const struct { const char *yaml, *want; } cases[] = {
        {"", "s.yaml:1:1: error: empty input space"},
        {"lpn_space: 2\ntokens: 1\nprops: {symbols: 1}\n", "s.yaml:1:12: error: unsupported input space version 2"},
        {"lpn_space: 1\ntokns: 3\n", "s.yaml:2:1: error: unknown key 'tokns'"},
        {"lpn_space: 1\nprops: {symbols: 1}\n", "s.yaml:1:1: error: missing key 'tokens'"},
        {"lpn_space: 1\ntokens: 0\nprops: {symbols: 1}\n", "s.yaml:2:9: error:"},
        {"lpn_space: 1\nplace: nowhere\ntokens: 1\n", "s.yaml:2:8: error: model 'jpeg' has no place 'nowhere'"},
        {"lpn_space: 1\nplace: coef\ntokens: 1\n", "s.yaml:2:8: error: tokens cannot enter place 'coef': it is bounded"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: 1, size: 2}\n", "s.yaml:3:21: error: place 'start' has no property 'size'"},
        {"lpn_space: 1\ntokens: 2\nprops: {}\n", "s.yaml:3:8: error: property 'symbols' of place 'start' is not given"},
        {"lpn_space: 1\ntokens: 2\nprops:\n  symbols: {min: 9, max: 3}\n", "s.yaml:4:12: error: empty range: min 9 is larger than max 3"},
        {"lpn_space: 1\ntokens: 2\nprops:\n  symbols: {min: 1, mx: 3}\n", "s.yaml:4:21: error: unknown key 'mx' in a range (expected one of: min, max)"},
        {"lpn_space: 1\ntokens: 2\nprops:\n  symbols: n\n", "s.yaml:4:12: error: unknown symbol 'n' (declare it under symbols:)"},
        {"lpn_space: 1\ntokens: 2\nprops:\n  symbols: 1.5\n", "s.yaml:4:12: error:"},
        {"lpn_space: 1\ntokens: 2\nprops:\n  symbols: []\n", "s.yaml:4:12: error: empty list of values"},
        {"lpn_space: 1\ntokens: 2\nsymbols:\n  symbols: {min: 0, max: 1}\nprops: {symbols: 1}\n",
         "s.yaml:4:3: error: symbol name 'symbols' is taken"},
        {"lpn_space: 1\ntokens: 2\nsymbols:\n  2x: {min: 0, max: 1}\nprops: {symbols: 1}\n",
         "s.yaml:4:3: error: symbol names are identifiers"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - sum(symbols) < 100 &&\n",
         "s.yaml:5:26: error: unexpected end of the expression"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - avg(symbolz) > 3\n",
         "s.yaml:5:9: error: avg() takes the name of a property of place 'start'"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - \"latency > 3\"\n",
         "s.yaml:5:6: error: 'latency' is only defined in queries of lpn smt"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - symbols[2] > 1\n",
         "s.yaml:5:13: error: token 2 is out of range (the space has 2 tokens)"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - symbols > 2\n",
         "s.yaml:5:5: error: property 'symbols' has one value per token"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - sum(symbols) + 1\n",
         "s.yaml:5:5: error: expected a condition (a comparison), found a number"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - sum(symbols) > 1 < 2\n",
         "s.yaml:5:22: error: comparisons cannot be chained"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - sum(symbols) > 100\n",
         "s.yaml:5:3: error: the input space is empty"},
        {"lpn_space: 1\ntokens: 2\nprops: {symbols: {min: 0, max: 9}}\nconstraints:\n  - foo(1) > 0\n",
         "s.yaml:5:5: error: unknown function 'foo'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        check_space_error(m, cases[k].yaml, cases[k].want);
    lpn_model_free(m);
}

static void test_space_good(void **state)
{
    (void)state;
    struct lpn_model *m = model(MODELS "pipeline.yaml");
    struct lpn_space *sp = space(m, AN "fig2_mix.yaml");
    assert_int_equal(lpn_space_tokens(sp), 12);
    assert_int_equal(lpn_space_symbols(sp), 2);
    assert_string_equal(lpn_space_symbol_name(sp, 0), "d_mem");
    lpn_space_free(sp);
    sp = space(m, AN "fig2_kinds.yaml");
    assert_int_equal(lpn_space_symbols(sp), 5);   /* d_mem and kind[0..3] */
    assert_string_equal(lpn_space_symbol_name(sp, 1), "kind[0]");
    lpn_space_free(sp);
    lpn_model_free(m);
}

static void test_query_errors(void **state)
{
    (void)state;
    struct lpn_model *m = model(MODELS "jpeg_fig4.yaml");
    struct lpn_space *sp = space(m, AN "jpeg18.yaml");
    static const struct { const char *q, *want; } cases[] = {
        {"max latency + foo", "<query>:1:15: error: unknown name 'foo'"},
        {"abs(pi - latency) / latency < 0.2 &&", "<query>:1:37: error: unexpected end of the expression"},
        {"latency", "<query>:1:1: error: expected a condition (a comparison), found a number"},
        {"max latency > 3", "<query>:1:5: error: expected a number, found a condition"},
        {"bounds latency", "<query>:1:8: error: 'bounds' takes nothing after it"},
        {"prove |latency - 3 < 4", "<query>:1:8: error: expected a number as the operand of |...|, found a condition"},
        {"prove |latency - 3", "<query>:1:19: error: expected '|' at the end of the expression"},
        {"latency < 3 $", "<query>:1:13: error: unexpected character '$'"},
        {"min(latency) > 2", "<query>:1:1: error: min() takes a property name or at least 2 arguments"},
        {"symbols[18] > 2", "<query>:1:9: error: token 18 is out of range"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *d = open_memstream(&buf, &len);
        struct lpn_query *q = lpn_query_parse(sp, "<query>", cases[k].q, d);
        fclose(d);
        if (q || !strstr(buf, cases[k].want))
            fail_msg("query '%s': expected '%s', got:\n%s", cases[k].q, cases[k].want, buf);
        free(buf);
    }
    static const struct { const char *q; enum lpn_qkind kind; bool pi; } good[] = {
        {"max", LPN_Q_MAX, false}, {" min ", LPN_Q_MIN, false}, {"bounds", LPN_Q_BOUNDS, false},
        {"max latency - 2 * avg(symbols)", LPN_Q_MAX, false}, {"prove latency <= 5000", LPN_Q_PROVE, false},
        {"|pi - latency| / latency < 0.2", LPN_Q_PROVE, true}, {"max(latency, 3) > 2", LPN_Q_PROVE, false},
    };
    for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
        struct lpn_query *q = lpn_query_parse(sp, "<query>", good[k].q, stderr);
        assert_non_null(q);
        assert_int_equal(lpn_query_kind(q), good[k].kind);
        assert_int_equal(lpn_query_uses_pi(q), good[k].pi);
        lpn_query_free(q);
    }
    lpn_space_free(sp);
    lpn_model_free(m);
}

/* ---- classes --------------------------------------------------------------------------*/
/* Every class's exact latency equals lpn sim on inputs drawn from it. */
static void check_exact(struct an *a, int per_class)
{
    size_t w = width(a);
    int64_t *in = calloc((size_t)per_class * w + 1, sizeof *in);
    for (int k = 0; k < lpn_classes_count(a->cl); k++) {
        int n = lpn_class_sample(a->cl, k, per_class, 7, in);
        assert_true(n > 0);
        for (int s = 0; s < n; s++) {
            int64_t lat, sim = lpn_space_simulate(a->sp, in + (size_t)s * w, stderr);
            assert_true(lpn_class_latency(a->cl, k, in + (size_t)s * w, &lat));
            assert_int_equal(lat, sim);
        }
    }
    free(in);
}

static void test_classes_chain3(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, AN "chain3.yaml", AN "chain3_pertoken.yaml", 0);
    assert_int_equal(lpn_classes_count(a.cl), 1);
    for (int t = 0; t < 3; t++)
        assert_int_equal(lpn_class_commits(a.cl, 0, t), 4);
    assert_false(lpn_class_deadlock(a.cl, 0));
    check_exact(&a, 10);
    an_close(&a);
}

static void test_classes_split(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, MODELS "pipeline.yaml", AN "fig2_kinds.yaml", 0);
    /* 16 kind patterns; the dispatch guards split them into paths, and paths
     * with as many memory instructions (0..4) form one class each */
    assert_int_equal(lpn_classes_count(a.cl), 5);
    int to_mem = lpn_transition_find(a.m, "to_mem");
    bool seen[5] = {0};
    for (int k = 0; k < 5; k++) {
        int64_t c = lpn_class_commits(a.cl, k, to_mem);
        assert_true(c >= 0 && c <= 4);
        seen[c] = true;
    }
    for (int c = 0; c < 5; c++)
        assert_true(seen[c]);
    check_exact(&a, 6);
    an_close(&a);
}

/* VTA: the compute transitions share dependency-token queues and the idle
 * token without guards of their own, but all take the head of the routed
 * compute queue, so they fire in its order: analysable, and exact. */
static void test_classes_vta(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, MODELS "vta.yaml", AN "vta3.yaml", 10);
    assert_int_equal(lpn_classes_count(a.cl), 1);
    assert_int_equal(lpn_class_commits(a.cl, 0, lpn_transition_find(a.m, "gemm")), 3);
    check_exact(&a, 10);
    assert_string_equal(lpn_pi_formula(a.pi, 0), "max(12*lrows + 3/8*lbytes + 102, 3*giters + 12, 12*srows + 3/8*sbytes + 96)");
    struct lpn_smt_result r;
    smt(&a, "bounds", &r);
    for (int s = 0; s < 2; s++) {
        assert_int_equal(r.overall[s].verdict, LPN_V_PROVED);
        assert_int_equal(r.overall[s].simulated, (int64_t)r.overall[s].value);
    }
    lpn_smt_result_free(&r);
    an_close(&a);
}

static void check_explore_error(const char *model_path, const char *space_text, const char *want)
{
    struct lpn_model *m = model(model_path);
    struct lpn_space *sp = lpn_space_load_string(m, "s.yaml", space_text, strlen(space_text), stderr);
    assert_non_null(sp);
    char *buf = NULL;
    size_t len = 0;
    FILE *d = open_memstream(&buf, &len);
    struct lpn_classes *cl = lpn_classes_explore(sp, NULL, d);
    fclose(d);
    if (cl || !strstr(buf, want))
        fail_msg("expected '%s', got:\n%s", want, buf);
    free(buf);
    lpn_space_free(sp);
    lpn_model_free(m);
}

static void test_classes_unsupported(void **state)
{
    (void)state;
    check_explore_error(MODELS "smartnic_ip.yaml", "lpn_space: 1\ntokens: 2\nprops: {bytes: 64, flow: [0, 1]}\n",
                        "smartnic_ip.yaml:26:3: error: tokens with properties are merged into place 'rr' by 'sched0' and 'sched1'");
    /* two readers enabled at one cycle by that cycle's commits */
    check_explore_error(LPN_TEST_DATA "/race.yaml", "lpn_space: 1\ntokens: 1\nprops: {x: {min: 0, max: 30}, y: {min: 0, max: 30}}\n",
                        "race.yaml:17:3: error: 'fast' and 'slow' can be enabled at the same cycle to take the head token of place 'job'");
    /* a race on a shared place that neither reader's start decides */
    check_explore_error(LPN_TEST_DATA "/race_guards.yaml", "lpn_space: 1\ntokens: 1\nprops: {x: {min: 0, max: 30}, y: {min: 0, max: 30}}\n",
                        "race_guards.yaml:14:3: error: place 'job' is read by 2 transitions and the analyses cannot tell whether 'slow' or 'fast'");
    check_explore_error(LPN_TEST_DATA "/inhibit.yaml", "lpn_space: 1\nplace: low\ntokens: 1\n",
                        "inhibit.yaml:14:18: error: inhibitor edges are not supported by the analyses (transition 'lo', place 'high')");
    /* a negative delay for some inputs */
    check_explore_error(AN "chain3.yaml", "lpn_space: 1\ntokens: 1\nprops: {x: {min: -3, max: 3}}\n",
                        "chain3.yaml:21:31: error: the delay of transition 'b' can be negative for inputs in the space");
}

static void check_bounds(const char *model_path, const char *space_path, double max, double min);

/* Shared places ordered by the simulator's rule: the job goes to the reader
 * enabled first. Two classes (x < y, x > y); every input's exact latency is
 * the closed form and lpn sim's. */
static void test_classes_race(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, LPN_TEST_DATA "/race.yaml", AN "race.yaml", 0);
    assert_int_equal(lpn_classes_count(a.cl), 2);
    int64_t in[2];
    for (in[0] = 0; in[0] <= 30; in[0]++)
        for (in[1] = 0; in[1] <= 30; in[1]++) {
            if (in[0] == in[1])
                continue;
            int64_t want = in[0] < in[1] ? in[0] + 10 : in[1] + 20, got = -1, v;
            for (int k = 0; k < 2; k++)
                if (lpn_class_latency(a.cl, k, in, &v))
                    got = v;
            if (got != want || lpn_space_simulate(a.sp, in, stderr) != want)
                fail_msg("x=%lld y=%lld: class latency %lld, expected %lld", (long long)in[0], (long long)in[1],
                         (long long)got, (long long)want);
        }
    an_close(&a);
    /* one token, two readers enabled at cycle 0: the one declared first */
    an_open(&a, LPN_TEST_DATA "/grab.yaml", AN "grab.yaml", 0);
    assert_int_equal(lpn_classes_count(a.cl), 1);
    assert_int_equal(lpn_class_commits(a.cl, 0, 0), 1);   /* zed */
    assert_int_equal(lpn_class_commits(a.cl, 0, 1), 0);   /* abc */
    an_close(&a);
}

/* The paper's JPEG model (credits shared by the Y, Cb and Cr paths, one
 * place read by all three): one class; its interface is Fig. 4's formula,
 * compared here with lpn sim on inputs the test makes. */
static double jpeg_paper_error(const char *space_path, int blocks, const char *want)
{
    struct an a;
    an_open(&a, LPN_TEST_DATA "/jpeg_paper.yaml", space_path, 0);
    assert_int_equal(lpn_classes_count(a.cl), 1);
    if (strcmp(lpn_pi_formula(a.pi, 0), want))
        fail_msg("formula '%s', expected '%s'", lpn_pi_formula(a.pi, 0), want);
    int64_t *in = calloc((size_t)blocks, sizeof *in);
    double sum = 0;
    for (int s = 0; s < 8; s++) {
        int64_t total = 0;
        for (int b = 0; b < blocks; b++)
            total += in[b] = s == 0 ? 0 : s == 1 ? 64 : (b * 37 + s * 11 + (b / 6) * s * 13) % 65;
        /* Fig. 4: rgb blocks x max(6 (3 avg + 6), 508) / 4 */
        double avg = (double)total / blocks, fig4 = blocks * 2 / 3 * fmax(6 * (3 * avg + 6), 4 * 127) / 4;
        double pi = lpn_pi_eval(a.pi, 0, in);
        if (fabs(pi - fig4) > 1e-6 * fig4)
            fail_msg("interface %g, Fig. 4 gives %g", pi, fig4);
        int64_t sim = lpn_space_simulate(a.sp, in, stderr), exact;
        assert_true(lpn_class_latency(a.cl, 0, in, &exact));
        assert_int_equal(exact, sim);
        sum += fabs(pi - (double)sim) / (double)sim;
    }
    free(in);
    an_close(&a);
    return sum / 8;
}

static void test_pi_jpeg_paper(void **state)
{
    (void)state;
    double e18 = jpeg_paper_error(AN "jpeg_paper18.yaml", 18, "max(54*avg_nonzero + 108, 1524)");
    double e120 = jpeg_paper_error(AN "jpeg_paper120.yaml", 120, "max(360*avg_nonzero + 720, 10160)");
    print_message("jpeg_paper: interface vs lpn sim, mean |error| %.1f%% on 18 blocks, %.1f%% on 120\n", 100 * e18, 100 * e120);
    /* pipeline filling and draining: large on 3 MCUs, small on 20 */
    assert_true(e18 > 0.15 && e18 < 0.35);
    assert_true(e120 < 0.07);
    /* exact bounds: the latency grows with every block's coefficients */
    struct an a;
    an_open(&a, LPN_TEST_DATA "/jpeg_paper.yaml", AN "jpeg_paper18.yaml", 0);
    int64_t lo[18] = {0}, hi[18];
    for (int b = 0; b < 18; b++)
        hi[b] = 64;
    double smax = (double)lpn_space_simulate(a.sp, hi, stderr), smin = (double)lpn_space_simulate(a.sp, lo, stderr);
    an_close(&a);
    check_bounds(LPN_TEST_DATA "/jpeg_paper.yaml", AN "jpeg_paper18.yaml", smax, smin);
}

static void test_classes_limits(void **state)
{
    (void)state;
    struct lpn_model *m = model(LPN_TEST_DATA "/loop.yaml");
    const char *txt = "lpn_space: 1\nplace: p0\ntokens: 1\n";
    struct lpn_space *sp = lpn_space_load_string(m, "s.yaml", txt, strlen(txt), stderr);
    struct lpn_limits lim;
    lpn_limits_default(&lim);
    lim.max_firings = 500;
    struct lpn_classes *cl = lpn_classes_explore(sp, &lim, stderr);
    assert_non_null(cl);
    assert_int_equal(lpn_classes_status(cl), LPN_A_LIMIT);
    assert_non_null(strstr(lpn_classes_limit_message(cl), "exceeded 500 firings"));
    lpn_classes_free(cl);
    lpn_space_free(sp);
    lpn_model_free(m);

    m = model(MODELS "pipeline.yaml");
    sp = space(m, AN "fig2_kinds.yaml");
    lim.max_firings = 100000;
    lim.max_paths = 3;
    cl = lpn_classes_explore(sp, &lim, stderr);
    assert_non_null(cl);
    assert_int_equal(lpn_classes_status(cl), LPN_A_LIMIT);
    assert_true(lpn_classes_paths(cl) <= 3);
    assert_non_null(strstr(lpn_classes_limit_message(cl), "--max-paths"));
    /* a query over an incomplete exploration is never a proof */
    struct lpn_query *q = lpn_query_parse(sp, "<query>", "max", stderr);
    struct lpn_smt_result r;
    assert_int_equal(lpn_smt_run(cl, NULL, q, &r, stderr), 0);
    assert_int_equal(r.overall[0].verdict, LPN_V_UNKNOWN);
    assert_non_null(strstr(r.reason, "limit"));
    lpn_smt_result_free(&r);
    lpn_query_free(q);
    lpn_classes_free(cl);
    lpn_space_free(sp);
    lpn_model_free(m);
}

/* ---- interfaces -------------------------------------------------------------------------*/
static void check_formula(const char *model_path, const char *space_path, const char *want, double max_err)
{
    struct an a;
    an_open(&a, model_path, space_path, 20);
    assert_int_equal(lpn_classes_count(a.cl), 1);
    if (strcmp(lpn_pi_formula(a.pi, 0), want))
        fail_msg("%s over %s: formula '%s', expected '%s'", model_path, space_path, lpn_pi_formula(a.pi, 0), want);
    int n;
    double mean, max;
    lpn_pi_accuracy(a.pi, 0, &n, &mean, &max);
    assert_int_equal(n, 20);
    if (max > max_err)
        fail_msg("%s: max error %.4f above %.4f", model_path, max, max_err);
    an_close(&a);
}

static void test_pi_formulas(void **state)
{
    (void)state;
    /* slowest stage: 4 jobs x max(da, x, dc); da's 8 is dominated by dc's 20 */
    check_formula(AN "chain3.yaml", AN "chain3_shared.yaml", "max(4*d, 20)", 0.35);
    check_formula(AN "chain3.yaml", AN "chain3_pertoken.yaml", "max(4*avg_x, 20)", 0.35);
    /* the loop: g = d1 + d2 (A.3), exact */
    check_formula(AN "loop2.yaml", AN "loop2_space.yaml", "5*avg_d1 + 25", 1e-12);
    /* Fig. 2 with a fixed mix: half the instructions on each unit; fetching
     * (60 cycles) is dominated since d_mem >= 10 */
    check_formula(MODELS "pipeline.yaml", AN "fig2_mix.yaml", "max(6*d_mem, 6*d_comp)", 0.5);
    /* Fig. 6 (Darwin GACT), exactly: (ref + 6) * 512 / 4 + 6 + 3 steps */
    check_formula(MODELS "darwin.yaml", AN "darwin1.yaml", "128*avg_ref_len + 3*avg_steps + 774", 1e-12);
    /* Fig. 4: 12 RGB blocks x max(6 (3 n + 6), 509) / 4 */
    check_formula(MODELS "jpeg_fig4.yaml", AN "jpeg18.yaml", "max(54*avg_symbols + 108, 1527)", 0.5);
}

typedef double latency_fn(long ntokens, const long long *tok);

/* Writes the interface's C, compiles it into a shared object, loads it and
 * compares the dispatcher with lpn_pi_eval on inputs of every class. */
static void check_emitted_c(const char *model_path, const char *space_path)
{
    struct an a;
    an_open(&a, model_path, space_path, 0);
    char dir[] = "/tmp/lpn_pi_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cpath[300], sopath[300], cmd[1200];
    snprintf(cpath, sizeof cpath, "%s/pi.c", dir);
    snprintf(sopath, sizeof sopath, "%s/pi.so", dir);
    FILE *f = fopen(cpath, "w");
    assert_non_null(f);
    lpn_pi_write_c(a.pi, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -std=c11 -Wall -Wextra -Werror -O1 -shared -fPIC -o %s %s -lm", LPN_TEST_CC, sopath, cpath);
    if (system(cmd) != 0)
        fail_msg("the emitted C does not compile: %s", cmd);
    void *h = dlopen(sopath, RTLD_NOW);
    assert_non_null(h);
    char name[300];
    snprintf(name, sizeof name, "%s_latency", lpn_model_name(a.m));
    for (char *c = name; *c; c++)
        if (*c == '-')
            *c = '_';
    latency_fn *fn;
    *(void **)&fn = dlsym(h, name);
    assert_non_null(fn);
    size_t w = width(&a);
    int64_t *in = calloc(8 * w + 1, sizeof *in);
    long long *ll = calloc(w + 1, sizeof *ll);
    for (int k = 0; k < lpn_classes_count(a.cl); k++) {
        int n = lpn_class_sample(a.cl, k, 8, 3, in);
        for (int s = 0; s < n; s++) {
            for (size_t q = 0; q < w; q++)
                ll[q] = in[(size_t)s * w + q];
            double want = lpn_pi_eval(a.pi, k, in + (size_t)s * w), got = fn(lpn_space_tokens(a.sp), ll);
            if (fabs(want - got) > 1e-9 * fabs(want) + 1e-9)
                fail_msg("%s class %d: emitted C gives %g, the interface %g", model_path, k + 1, got, want);
        }
    }
    assert_true(fn(lpn_space_tokens(a.sp) + 1, ll) == -1);   /* outside the space */
    free(in);
    free(ll);
    dlclose(h);
    unlink(cpath);
    unlink(sopath);
    rmdir(dir);
    an_close(&a);
}

static void test_pi_emit_c(void **state)
{
    (void)state;
    check_emitted_c(AN "chain3.yaml", AN "chain3_shared.yaml");
    check_emitted_c(MODELS "jpeg_fig4.yaml", AN "jpeg18.yaml");
    check_emitted_c(MODELS "pipeline.yaml", AN "fig2_mix.yaml");
    check_emitted_c(MODELS "pipeline.yaml", AN "fig2_kinds.yaml");   /* five classes */
}

/* ---- bounds and properties ---------------------------------------------------------------*/
/* Asserts a proven bound of VALUE whose witness simulates to VALUE. */
static void check_bound(const struct an *a, const struct lpn_bound *b, double value)
{
    assert_int_equal(b->verdict, LPN_V_PROVED);
    assert_true(b->has_value);
    if (fabs(b->value - value) > 1e-9)
        fail_msg("bound %g, expected %g", b->value, value);
    assert_non_null(b->witness);
    assert_int_equal(b->simulated, (int64_t)value);
    assert_int_equal(lpn_space_simulate(a->sp, b->witness, stderr), (int64_t)value);
}

static void check_bounds(const char *model_path, const char *space_path, double max, double min)
{
    struct an a;
    an_open(&a, model_path, space_path, 0);
    struct lpn_smt_result r;
    smt(&a, "bounds", &r);
    check_bound(&a, &r.overall[0], max);
    check_bound(&a, &r.overall[1], min);
    assert_null(r.reason);
    lpn_smt_result_free(&r);
    an_close(&a);
}

static void test_smt_hand_nets(void **state)
{
    (void)state;
    /* da + x + dc + 3 max(da, x, dc): x = 10 gives 47, x = 1 gives 23 */
    check_bounds(AN "chain3.yaml", AN "chain3_shared.yaml", 47, 23);
    check_bounds(AN "chain3.yaml", AN "chain3_pertoken.yaml", 47, 23);
    /* sum(d1) + 5 * 5 */
    check_bounds(AN "loop2.yaml", AN "loop2_space.yaml", 5 * 20 + 25, 5 * 1 + 25);
    /* Fig. 6: 128 ref + 3 steps + 774 */
    check_bounds(MODELS "darwin.yaml", AN "darwin1.yaml", 128 * 512 + 3 * 300 + 774, 128 * 100 + 774);
}

/* Darwin's closed form (Fig. 6 with whole stripes), num_pe = 4. */
static int64_t darwin_cycles(int64_t ref, int64_t query, int64_t steps)
{
    return (ref + 6) * ((query + 3) / 4) + 6 + 3 * steps;
}

/* The extremes of darwin_cycles over ref, query in [100, 512] x [QLO, QHI],
 * steps in [0, 300], with ref + query <= SUM. */
static void darwin_extremes(int64_t qlo, int64_t qhi, int64_t sum, int64_t *max, int64_t *min)
{
    *max = -1, *min = INT64_MAX;
    for (int64_t r = 100; r <= 512; r++)
        for (int64_t q = qlo; q <= qhi; q++)
            if (r + q <= sum) {
                int64_t hi = darwin_cycles(r, q, 300), lo = darwin_cycles(r, q, 0);
                *max = hi > *max ? hi : *max;
                *min = lo < *min ? lo : *min;
            }
}

/* Products of bounded symbols: the latency (ref_len + 6) * cdiv(query_len, 4)
 * is nonlinear; its optima are proven (monotone corners, or bisection with
 * the solver under a coupling constraint) and equal the closed form's
 * extremes found by enumerating every (ref, query) pair. */
static void test_smt_products(void **state)
{
    (void)state;
    int64_t max, min;
    darwin_extremes(100, 512, 1 << 30, &max, &min);
    assert_int_equal(max, 518 * 128 + 906);
    check_bounds(LPN_TEST_DATA "/darwin_2t.yaml", AN "darwin_rq.yaml", (double)max, (double)min);
    darwin_extremes(100, 512, 700, &max, &min);
    check_bounds(LPN_TEST_DATA "/darwin_2t.yaml", AN "darwin_rq_sum.yaml", (double)max, (double)min);
    /* the stripe-by-stripe model: one class per stripe count */
    darwin_extremes(4, 64, 1 << 30, &max, &min);
    check_bounds(MODELS "darwin.yaml", AN "darwin_rq16.yaml", (double)max, (double)min);
}

/* Fig. 2 with a fixed mix: the bounds agree with simulating every input. */
static void test_smt_fig2_exhaustive(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, MODELS "pipeline.yaml", AN "fig2_mix.yaml", 0);
    struct lpn_smt_result r;
    smt(&a, "bounds", &r);
    int64_t hi = -1, lo = INT64_MAX;
    size_t w = width(&a);
    int64_t *in = calloc(w + 1, sizeof *in);
    for (int dm = 10; dm <= 29; dm++)
        for (int dc = 5; dc <= 34; dc++) {
            for (int t = 0; t < 12; t++) {
                in[t * 3 + 0] = t % 2;
                in[t * 3 + 1] = t % 2 ? dc : dm;
                in[t * 3 + 2] = 1;
            }
            int64_t s = lpn_space_simulate(a.sp, in, stderr);
            hi = s > hi ? s : hi;
            lo = s < lo ? s : lo;
        }
    check_bound(&a, &r.overall[0], (double)hi);
    check_bound(&a, &r.overall[1], (double)lo);
    free(in);
    lpn_smt_result_free(&r);
    an_close(&a);
}

static void test_smt_jpeg(void **state)
{
    (void)state;
    /* 18 blocks, 0..64 symbols each: the latency grows with every block's
     * symbols, so the extremes are all-64 and all-0 */
    check_bounds(MODELS "jpeg_fig4.yaml", AN "jpeg18.yaml", 4473, 2333);
    /* bound properties follow from the proven optima */
    struct an j;
    an_open(&j, MODELS "jpeg_fig4.yaml", AN "jpeg18.yaml", 0);
    struct lpn_smt_result pr;
    smt(&j, "latency <= 4473", &pr);
    assert_int_equal(pr.overall[0].verdict, LPN_V_PROVED);
    lpn_smt_result_free(&pr);
    smt(&j, "4473 > latency", &pr);
    assert_int_equal(pr.overall[0].verdict, LPN_V_DISPROVED);
    assert_int_equal(pr.overall[0].simulated, 4473);
    lpn_smt_result_free(&pr);
    smt(&j, "latency > 2332", &pr);
    assert_int_equal(pr.overall[0].verdict, LPN_V_PROVED);
    lpn_smt_result_free(&pr);
    an_close(&j);
    /* a range of symbol counts per block, 10..40 */
    struct an a;
    an_open(&a, MODELS "jpeg_fig4.yaml", AN "jpeg18_range.yaml", 0);
    struct lpn_smt_result r;
    smt(&a, "bounds", &r);
    int64_t in[18];
    for (int v = 0; v < 2; v++) {
        for (int t = 0; t < 18; t++)
            in[t] = v ? 10 : 40;
        check_bound(&a, &r.overall[v], (double)lpn_space_simulate(a.sp, in, stderr));
    }
    /* sampled inputs lie within the bounds */
    int64_t s[10 * 18];
    int n = lpn_class_sample(a.cl, 0, 10, 5, s);
    assert_int_equal(n, 10);
    for (int k = 0; k < n; k++) {
        int64_t lat = lpn_space_simulate(a.sp, s + k * 18, stderr);
        assert_true(lat <= r.overall[0].value && lat >= r.overall[1].value);
    }
    lpn_smt_result_free(&r);
    an_close(&a);
}

static void test_smt_multiclass(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, MODELS "pipeline.yaml", AN "fig2_kinds.yaml", 0);
    struct lpn_smt_result r;
    smt(&a, "bounds", &r);
    assert_int_equal(r.nclasses, 5);
    /* the overall bounds are the extremes of the classes' */
    double hi = -1, lo = 1e18;
    for (int k = 0; k < 5; k++) {
        assert_int_equal(r.per_class[2 * k].verdict, LPN_V_PROVED);
        hi = fmax(hi, r.per_class[2 * k].value);
        lo = fmin(lo, r.per_class[2 * k + 1].value);
        assert_int_equal(r.per_class[2 * k].simulated, (int64_t)r.per_class[2 * k].value);
    }
    check_bound(&a, &r.overall[0], hi);
    check_bound(&a, &r.overall[1], lo);
    lpn_smt_result_free(&r);
    an_close(&a);
}

static void test_smt_prove(void **state)
{
    (void)state;
    struct an a;
    an_open(&a, AN "chain3.yaml", AN "chain3_shared.yaml", 0);
    struct lpn_smt_result r;
    smt(&a, "latency <= 47", &r);
    assert_int_equal(r.overall[0].verdict, LPN_V_PROVED);
    lpn_smt_result_free(&r);
    smt(&a, "prove latency < 47", &r);
    assert_int_equal(r.overall[0].verdict, LPN_V_DISPROVED);
    assert_non_null(r.overall[0].witness);
    assert_int_equal(r.overall[0].simulated, 47);   /* the counterexample: d = 10 */
    lpn_smt_result_free(&r);
    /* the interface is within 35% of the latency for every input, not 10% */
    smt(&a, "|pi - latency| / latency < 0.35", &r);
    assert_int_equal(r.overall[0].verdict, LPN_V_PROVED);
    lpn_smt_result_free(&r);
    smt(&a, "|pi - latency| / latency < 0.1", &r);
    assert_int_equal(r.overall[0].verdict, LPN_V_DISPROVED);
    int64_t lat = r.overall[0].simulated;
    double p = lpn_pi_eval(a.pi, 0, r.overall[0].witness);
    assert_true(fabs(p - (double)lat) >= 0.1 * (double)lat);
    lpn_smt_result_free(&r);
    /* the loop's interface is exact */
    an_close(&a);
    an_open(&a, AN "loop2.yaml", AN "loop2_space.yaml", 0);
    smt(&a, "pi == latency", &r);
    assert_int_equal(r.overall[0].verdict, LPN_V_PROVED);
    lpn_smt_result_free(&r);
    /* an objective other than the latency */
    smt(&a, "max latency - 5 * avg(d1)", &r);
    assert_int_equal(r.overall[0].verdict, LPN_V_PROVED);
    assert_true(fabs(r.overall[0].value - 25) < 1e-9);
    lpn_smt_result_free(&r);
    an_close(&a);
}

/* A solver timeout is "unknown", never a proof. */
static void test_smt_timeout(void **state)
{
    (void)state;
    struct lpn_model *m = model(MODELS "jpeg_fig4.yaml");
    struct lpn_space *sp = space(m, AN "jpeg18_ratio.yaml");
    struct lpn_limits lim;
    lpn_limits_default(&lim);
    lim.solver_seconds = 0.3;
    struct lpn_classes *cl = lpn_classes_explore(sp, &lim, stderr);
    assert_non_null(cl);
    struct lpn_query *q = lpn_query_parse(sp, "<query>", "max", stderr);
    struct lpn_smt_result r;
    assert_int_equal(lpn_smt_run(cl, NULL, q, &r, stderr), 0);
    assert_int_equal(r.overall[0].verdict, LPN_V_UNKNOWN);
    assert_non_null(r.reason);
    if (r.overall[0].witness)   /* whatever it found is a real input */
        assert_int_equal(r.overall[0].simulated, (int64_t)r.overall[0].value);
    lpn_smt_result_free(&r);
    lpn_query_free(q);
    lpn_classes_free(cl);
    lpn_space_free(sp);
    lpn_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_space_errors),
        cmocka_unit_test(test_space_good),
        cmocka_unit_test(test_query_errors),
        cmocka_unit_test(test_classes_chain3),
        cmocka_unit_test(test_classes_split),
        cmocka_unit_test(test_classes_vta),
        cmocka_unit_test(test_classes_unsupported),
        cmocka_unit_test(test_classes_race),
        cmocka_unit_test(test_classes_limits),
        cmocka_unit_test(test_pi_formulas),
        cmocka_unit_test(test_pi_emit_c),
        cmocka_unit_test(test_pi_jpeg_paper),
        cmocka_unit_test(test_smt_hand_nets),
        cmocka_unit_test(test_smt_products),
        cmocka_unit_test(test_smt_fig2_exhaustive),
        cmocka_unit_test(test_smt_jpeg),
        cmocka_unit_test(test_smt_multiclass),
        cmocka_unit_test(test_smt_prove),
        cmocka_unit_test(test_smt_timeout),
    };
    return cmocka_run_group_tests_name("lpn analyses", tests, NULL, NULL);
}
