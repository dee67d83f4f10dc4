/* test_stream.c — bounded memory of `lpn sim`: generated tokens are made on
 * demand and sinks keep no tokens, without changing a single commit. Every
 * bundled model gives the same firings (transition, start, commit — hashed),
 * end time and statistics with tokens made on demand as with every token
 * made up front (LPN_SIM_EAGER, the simulator's former behaviour), and the
 * peak memory (getrusage) of the streamed runs of jpeg, pipeline and vta
 * does not grow from 1e5 to 1e6 tokens, while the eager run's does. Its own
 * executable, so that the peak RSS is this test's alone. */
#include "test_util.h"

#include <sys/resource.h>

static long max_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

struct firings {
    uint64_t n, hash;
};

static void on_fire(void *ctx, int t, int64_t start, int64_t commit)
{
    struct firings *f = ctx;
    uint64_t x[3] = {(uint64_t)t, (uint64_t)start, (uint64_t)commit};
    for (int k = 0; k < 3; k++)
        f->hash = (f->hash ^ x[k]) * 0x100000001b3ULL;   /* FNV-1a over the firing stream */
    f->n++;
}

struct outcome {
    enum lpn_status st;
    int64_t now, last_done;
    uint64_t commits, done;
    struct firings fir;
    struct lpn_tstats ts[64];
};

static void run_model(struct lpn_model *m, const char *model, unsigned flags, struct outcome *o)
{
    assert_true(lpn_transition_count(m) <= 64);
    struct lpn_sim *s = lpn_sim_new_limited(m, flags, UINT64_MAX, 0, stderr);
    assert_non_null(s);
    memset(o, 0, sizeof *o);
    o->fir.hash = 0xcbf29ce484222325ULL;
    lpn_sim_on_fire(s, on_fire, &o->fir);
    o->st = lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT);
    if (o->st == LPN_ERROR)
        fail_msg("%s: %s", model, lpn_sim_error(s));
    o->now = lpn_sim_now(s);
    o->last_done = lpn_sim_last_done(s);
    o->commits = lpn_sim_commits(s);
    o->done = lpn_sim_done_count(s);
    for (int t = 0; t < lpn_transition_count(m); t++)
        lpn_sim_tstats(s, t, &o->ts[t]);
    lpn_sim_free(s);
}

static void run(const char *model, const struct lpn_param *ov, size_t nov, unsigned flags, struct outcome *o)
{
    struct lpn_model *m = tl_load(model, true, ov, nov);
    run_model(m, model, flags, o);
    lpn_model_free(m);
}

static void assert_same(const char *what, const struct outcome *a, const struct outcome *b)
{
    if (a->fir.n < 100)
        fail_msg("%s: only %llu firings", what, (unsigned long long)a->fir.n);
    assert_int_equal(a->st, LPN_IDLE);
    assert_int_equal(a->st, b->st);
    assert_int_equal(a->now, b->now);
    assert_int_equal(a->last_done, b->last_done);
    assert_int_equal(a->commits, b->commits);
    assert_int_equal(a->done, b->done);
    assert_int_equal(a->fir.n, b->fir.n);
    assert_int_equal(a->fir.hash, b->fir.hash);
    assert_memory_equal(a->ts, b->ts, sizeof a->ts);
}

static void test_streamed_equals_eager(void **state)
{
    (void)state;
    static const struct {
        const char *model;
        struct lpn_param p;
    } cases[] = {
        {"jpeg.yaml", {"mcus", 2000}},       {"pipeline.yaml", {"N", 5000}}, {"vta.yaml", {"tiles", 500}},
        {"darwin.yaml", {"pairs", 20}},      {"smartnic_ip.yaml", {NULL, 0}}, {"pcie_dma.yaml", {NULL, 0}},
        {"smartnic_ip.yaml", {"gap", 7}},    /* arrivals over time: a stream */
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        struct outcome a, b;
        size_t nov = cases[k].p.name != NULL;
        run(cases[k].model, &cases[k].p, nov, 0, &a);
        run(cases[k].model, &cases[k].p, nov, LPN_SIM_EAGER, &b);
        assert_same(cases[k].model, &a, &b);
    }
    /* entries sharing a place, in every form: tokens at cycle 0 (made on
     * demand), an entry in time order with a cycle-0 prefix (a stream), one
     * out of time order (placed up front), an initial token after them; the
     * guard reads the tokens' order */
    char *diag;
    struct lpn_model *m = tl_load_text(
        "lpn: 1\nplaces: {q: {props: [x]}, o: {props: [x]}}\nstart: q\ndone: o\n"
        "transitions:\n  t: {in: {place: q, guard: q.x % 5 != 4}, out: {place: o, copy: q}, delay: 1 + q.x % 3}\n"
        "  u: {in: {place: q, guard: q.x % 5 == 4}, out: {place: o, copy: q}, delay: 2}\n"
        "generate:\n  - {count: 50, props: {x: i}}\n"
        "  - {count: 60, at: \"i < 5 ? 0 : 3 * i\", props: {x: 100 + i}}\n"
        "  - {count: 40, at: \"(i * 37) % 101\", props: {x: 200 + i}}\n"
        "initial: [{props: {x: 7}}]\n", &diag);
    assert_non_null(m);
    free(diag);
    struct outcome a, b;
    run_model(m, "inline", 0, &a);
    run_model(m, "inline", LPN_SIM_EAGER, &b);
    assert_same("inline", &a, &b);
    assert_int_equal(a.done, 151);
    lpn_model_free(m);
    /* the closed form of vta.yaml's header: 197 + 216 * tiles */
    struct outcome v;
    struct lpn_param tiles = {"tiles", 500};
    run("vta.yaml", &tiles, 1, 0, &v);
    assert_int_equal(v.last_done, 197 + 216 * 500);
}

/* A typed done place that nothing reads keeps no tokens, but counts them and
 * hands each one's properties to the hook. */
static void test_sink(void **state)
{
    (void)state;
    char *diag;
    struct lpn_model *m = tl_load_text("lpn: 1\nplaces: {q: {props: [x]}, d: {props: [y]}}\nstart: q\ndone: d\n"
                                       "transitions:\n  t: {in: q, out: {place: d, count: 2, props: {y: q.x * 10 + i}}, delay: 3}\n"
                                       "generate: [{count: 1000, props: {x: i}}]\n", &diag);
    assert_non_null(m);
    free(diag);
    struct lpn_sim *s = tl_sim(m, 0);
    struct tl_done d;
    tl_record_done(s, &d);
    lpn_sim_set_limits(s, 0, 3);   /* held: the token of the firing and the 2 it puts into d */
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_done_count(s), 2000);
    assert_int_equal(lpn_sim_tokens(s, lpn_done_place(m)), 2000);
    assert_int_equal(lpn_sim_last_done(s), 3000);
    for (int k = 0; k < 2000; k++) {
        assert_int_equal(d.time[k], 3 * (k / 2 + 1));
        assert_int_equal(d.props[k][0], (k / 2) * 10 + k % 2);
    }
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* Runs MODEL to completion with the parameter set to VALUE. */
static void run_size(const char *model, const char *param, int64_t value, unsigned flags)
{
    struct outcome o;
    struct lpn_param p = {param, value};
    run(model, &p, 1, flags, &o);
    assert_int_equal(o.st, LPN_IDLE);
}

static void test_memory_bounded(void **state)
{
    (void)state;
    static const struct {
        const char *model, *param;
        int64_t small, large;   /* 1e5 and 1e6 tokens */
    } cases[] = {
        {"jpeg.yaml", "mcus", 16667, 166667},   /* 6 blocks per MCU */
        {"pipeline.yaml", "N", 100000, 1000000},
        {"vta.yaml", "tiles", 25000, 250000},   /* 4 instructions per tile */
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        run_size(cases[k].model, cases[k].param, cases[k].small, 0);
        long before = max_rss_kb();
        run_size(cases[k].model, cases[k].param, cases[k].large, 0);
        long grew = max_rss_kb() - before;
        if (grew > 2048)
            fail_msg("%s: the peak RSS grew by %ld KiB from 1e5 to 1e6 tokens", cases[k].model, grew);
    }
    /* the measurement sees growth: made up front, 1e6 JPEG blocks take 16 bytes each */
    long before = max_rss_kb();
    run_size("jpeg.yaml", "mcus", 166667, LPN_SIM_EAGER);
    long grew = max_rss_kb() - before;
    if (grew < 10 * 1024)
        fail_msg("the eager 1e6-token JPEG run grew the peak RSS by only %ld KiB", grew);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streamed_equals_eager),
        cmocka_unit_test(test_sink),
        cmocka_unit_test(test_memory_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
