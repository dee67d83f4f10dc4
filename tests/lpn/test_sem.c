/* test_sem.c — hand-derived nets with exact answers: the loop of appendix
 * A.3, backpressure through a capacity place, zero-delay chains, the order
 * of commits within a cycle, guards choosing a consumer, inhibitors,
 * initiation intervals and parallel firings, deadlock, and the expression
 * operators. Each expected number is derived in the fixture's comment or
 * next to the assertion. */
#include "test_util.h"

/* P0 -> T1 (3) -> P1 -> T2 (5) -> P0, one token: both gaps are 3 + 5. */
static void test_loop(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("loop.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, 1000, LPN_NO_DONE_LIMIT), LPN_TIME_REACHED);
    /* t1 commits at 3 + 8k < 1000 (k <= 124), t2 at 8 + 8k (k <= 123) */
    struct lpn_tstats a = tl_stats(s, "t1"), b = tl_stats(s, "t2");
    assert_int_equal(a.commits, 125);
    assert_int_equal(a.first_commit, 3);
    assert_int_equal(a.last_commit, 995);
    assert_int_equal(b.commits, 124);
    assert_int_equal(b.first_commit, 8);
    assert_int_equal(b.last_commit, 992);
    assert_int_equal((a.last_commit - a.first_commit) % (int64_t)(a.commits - 1), 0);
    assert_int_equal((a.last_commit - a.first_commit) / (int64_t)(a.commits - 1), 8);
    assert_int_equal((b.last_commit - b.first_commit) / (int64_t)(b.commits - 1), 8);
    /* the clock is at t1's last commit; t1 was busy 3 of every 8 cycles */
    assert_int_equal(lpn_sim_now(s), 995);
    assert_int_equal(a.busy, 125 * 3);
    assert_int_equal(a.starved, 995 - 125 * 3);
    assert_int_equal(a.blocked, 0);
    assert_int_equal(b.busy, 124 * 5);
    lpn_sim_free(s);
    lpn_model_free(m);

    /* the same loop with d1 = 7, d2 = 2 from overrides: gap 9 */
    struct lpn_param ov[] = {{"d1", 7}, {"d2", 2}};
    m = tl_load("loop.yaml", false, ov, 2);
    s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, 100, LPN_NO_DONE_LIMIT), LPN_TIME_REACHED);
    a = tl_stats(s, "t1");
    assert_int_equal(a.first_commit, 7);
    assert_int_equal(a.last_commit, 7 + 9 * 10);
    assert_int_equal(a.commits, 11);
    lpn_sim_free(s);
    lpn_model_free(m);
}

static int g_buf, g_over;
static const struct lpn_sim *g_sim;
static void check_buf(void *ctx, int t, int64_t start, int64_t commit)
{
    (void)ctx, (void)t, (void)start, (void)commit;
    if (lpn_sim_tokens(g_sim, g_buf) > 3)
        g_over++;
}

/* Producer 2 cycles, consumer 5, buffer capacity 3, 20 items. */
static void test_backpressure(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("prodcons.yaml", false, NULL, 0);
    int cap = lpn_place_find(m, "buf.cap");
    assert_true(cap >= 0);
    assert_true(lpn_place_is_resource(m, cap));
    assert_int_equal(lpn_place_capacity(m, lpn_place_find(m, "buf")), 3);
    struct lpn_sim *s = tl_sim(m, 0);
    struct tl_done d;
    tl_record_done(s, &d);
    g_sim = s, g_buf = lpn_place_find(m, "buf"), g_over = 0;
    lpn_sim_on_fire(s, check_buf, NULL);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_false(lpn_sim_deadlocked(s));
    assert_int_equal(g_over, 0);
    /* the consumer is the bottleneck: item k is done at 2 + 5 (k + 1) */
    assert_int_equal(d.n, 20);
    for (int k = 0; k < 20; k++)
        assert_int_equal(d.time[k], 7 + 5 * k);
    assert_int_equal(lpn_sim_last_done(s), 102);
    /* producer: items 0-2 at 2, 4, 6; item k >= 3 starts when the consumer
     * commits at 7 + 5 (k - 3): busy 40, blocked 1 + 16 * 3, starved after 89 */
    struct lpn_tstats p = tl_stats(s, "produce"), c = tl_stats(s, "consume");
    assert_int_equal(p.busy, 40);
    assert_int_equal(p.blocked, 49);
    assert_int_equal(p.starved, 13);
    assert_int_equal(p.last_commit, 89);
    assert_int_equal(c.busy, 100);
    assert_int_equal(c.starved, 2);
    assert_int_equal(c.blocked, 0);
    /* every capacity token is back */
    assert_int_equal(lpn_sim_tokens(s, cap), 3);
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* Zero-delay transitions around a 4-cycle stage. */
static void test_zero_delay(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("zerochain.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    struct tl_done d;
    tl_record_done(s, &d);
    for (int64_t x = 1; x <= 3; x++)
        tl_inject(s, 10, &x);
    int64_t x4 = 4;
    tl_inject(s, 30, &x4);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    int64_t want[] = {14, 18, 22, 34};
    assert_int_equal(d.n, 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(d.time[k], want[k]);
        assert_int_equal(d.props[k][0], k + 1);   /* FIFO all the way */
    }
    struct lpn_tstats z1 = tl_stats(s, "z1"), z3 = tl_stats(s, "z3");
    assert_int_equal(z1.commits, 4);
    assert_int_equal(z1.first_commit, 10);   /* zero delay: same cycle as the arrival */
    assert_int_equal(z1.last_commit, 30);
    assert_int_equal(z3.first_commit, 14);
    assert_int_equal(lpn_sim_commits(s), 16);
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* Commits within one cycle go by smallest id, re-checking after each. */
static void test_ties(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("ties.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    struct tl_done d;
    tl_record_done(s, &d);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(d.n, 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(d.time[k], 5);
        assert_int_equal(d.props[k][0], k + 1);
    }
    lpn_sim_free(s);
    lpn_model_free(m);

    /* two transitions enabled by one token: the smaller id wins */
    m = tl_load("grab.yaml", false, NULL, 0);
    s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_tokens(s, lpn_place_find(m, "rz")), 1);
    assert_int_equal(lpn_sim_tokens(s, lpn_place_find(m, "ra")), 0);
    assert_int_equal(tl_stats(s, "abc").commits, 0);
    assert_int_equal(tl_stats(s, "zed").last_commit, 3);
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_guards(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("guards.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    /* 0: slow takes kind 0 (0-10); the next kind 0 waits for slow (10-20);
     * the kind 1 behind it reaches the head at 10: fast 10-13 */
    struct lpn_tstats slow = tl_stats(s, "slow"), fast = tl_stats(s, "fast");
    assert_int_equal(slow.commits, 2);
    assert_int_equal(slow.last_commit, 20);
    assert_int_equal(fast.commits, 1);
    assert_int_equal(fast.last_commit, 13);
    assert_int_equal(lpn_sim_tokens(s, lpn_place_find(m, "d0")), 2);
    assert_int_equal(lpn_sim_tokens(s, lpn_place_find(m, "d1")), 1);
    lpn_sim_free(s);
    lpn_model_free(m);

    /* a guard reading a token that is not there yet waits for it */
    char *diag;
    m = tl_load_text("lpn: 1\nplaces:\n  q: {props: [x]}\n  out: ~\nstart: q\n"
                     "transitions:\n  t: {in: {place: q, guard: 'q[1].x == 5'}, out: out, delay: 2}\n", &diag);
    assert_non_null(m);
    free(diag);
    s = tl_sim(m, 0);
    int64_t one = 1, five = 5;
    tl_inject(s, 0, &one);
    tl_inject(s, 7, &five);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(tl_stats(s, "t").first_commit, 9);
    assert_int_equal(tl_stats(s, "t").starved, 7);
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_inhibitor(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("inhibit.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    struct lpn_tstats lo = tl_stats(s, "lo"), hi = tl_stats(s, "hi");
    assert_int_equal(hi.last_commit, 10);
    assert_int_equal(lo.first_commit, 14);   /* a locked token still inhibits */
    assert_int_equal(lo.blocked, 10);        /* inhibited time counts as blocked */
    assert_int_equal(lpn_sim_done_count(s), 2);
    lpn_sim_free(s);
    lpn_model_free(m);
}

static int64_t g_starts[64];
static int g_nstarts;
static void record_start(void *ctx, int t, int64_t start, int64_t commit)
{
    (void)commit;
    if (t == *(int *)ctx && g_nstarts < 64)
        g_starts[g_nstarts++] = start;
}

static void test_ii(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("ii.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    int pipe = lpn_transition_find(m, "pipe");
    g_nstarts = 0;
    lpn_sim_on_fire(s, record_start, &pipe);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    /* pipe: starts every 2 cycles, commits at 10, 12, ..., 18 */
    assert_int_equal(g_nstarts, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(g_starts[k], 2 * k);
    struct lpn_tstats p = tl_stats(s, "pipe"), q = tl_stats(s, "par");
    assert_int_equal(p.first_commit, 10);
    assert_int_equal(p.last_commit, 18);
    assert_int_equal(p.busy, 18);
    /* par: 3 firings at once at 0 (commit 10), the last 2 at 10 (commit 20) */
    assert_int_equal(q.commits, 5);
    assert_int_equal(q.first_commit, 10);
    assert_int_equal(q.last_commit, 20);
    assert_int_equal(lpn_sim_tokens(s, lpn_place_find(m, "db")), 5);
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* A report of S in text (JSON false) or JSON; the caller frees it. */
static char *report_of(const struct lpn_sim *s, bool json)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lpn_report(f, s, LPN_IDLE, json);
    fclose(f);
    return buf;
}

/* Out of work with a token left in a loop place: parked, not a deadlock. */
static void test_parked(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("parked.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    /* jobs of 10, 20, 30 cycles one after the other, 1 cycle to begin each */
    assert_int_equal(lpn_sim_last_done(s), 1 + 10 + 1 + 20 + 1 + 30);
    int ready = lpn_place_find(m, "ready");
    assert_true(lpn_sim_stuck(s, ready));
    assert_true(lpn_sim_parked(s, ready));
    assert_false(lpn_sim_deadlocked(s));
    char *buf = report_of(s, false);
    assert_non_null(strstr(buf, "status: completed"));
    assert_non_null(strstr(buf, "parked tokens (the net ran out of work: new input would move them):\n"
                                "  ready: 1 token; consumers: begin (starved"));
    assert_null(strstr(buf, "deadlock"));
    free(buf);
    buf = report_of(s, true);
    assert_non_null(strstr(buf, "\"stuck_places\": [],"));
    assert_non_null(strstr(buf, "\"parked_places\": [\n    {\n      \"place\": \"ready\",\n      \"tokens\": 1,"));
    free(buf);
    /* one more job arrives: the parked token moves */
    int64_t n = 5;
    assert_int_equal(lpn_sim_inject(s, lpn_start_place(m), 100, &n), 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_last_done(s), 106);
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* A circular wait over ordinary places: a deadlock that no input resolves,
 * while a token waiting for an empty source place is only parked. */
static void test_circular_wait(void **state)
{
    (void)state;
    char *diag;
    struct lpn_model *m = tl_load_text("lpn: 1\nplaces: {x: ~, y: ~, z: ~, src: ~, w: ~, out: ~}\n"
                                       "transitions:\n"
                                       "  a: {in: [x, y], out: z, delay: 1}\n"
                                       "  b: {in: z, out: y, delay: 1}\n"
                                       "  c: {in: [w, src], out: out, delay: 1}\n"
                                       "initial: [{place: x, count: 2}, {place: w}]\n", &diag);
    assert_non_null(m);
    free(diag);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    int x = lpn_place_find(m, "x"), w = lpn_place_find(m, "w");
    assert_true(lpn_sim_stuck(s, x));
    assert_false(lpn_sim_parked(s, x));   /* y is filled only by b, which waits for a */
    assert_true(lpn_sim_parked(s, w));    /* src is a source: input could come */
    assert_true(lpn_sim_deadlocked(s));
    char *buf = report_of(s, false);
    assert_non_null(strstr(buf, "status: deadlock"));
    assert_non_null(strstr(buf, "no new input could move the tokens left in:\n  x: 2 tokens; consumers: a (starved"));
    assert_non_null(strstr(buf, "parked tokens (the net ran out of work: new input would move them):\n  w: 1 token"));
    free(buf);
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_deadlock(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("deadlock.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_true(lpn_sim_deadlocked(s));
    int q = lpn_place_find(m, "q");
    assert_true(lpn_sim_stuck(s, q));
    assert_false(lpn_sim_parked(s, q));   /* no input could move them: guards false on the tokens there */
    assert_int_equal(lpn_sim_tokens(s, q), 2);   /* kind 2 blocks the kind 1 behind it */
    assert_false(lpn_sim_stuck(s, lpn_place_find(m, "eng")));
    assert_false(lpn_sim_stuck(s, lpn_place_find(m, "done")));
    assert_int_equal(lpn_sim_done_count(s), 1);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lpn_report(f, s, LPN_IDLE, false);
    fclose(f);
    assert_non_null(strstr(buf, "status: deadlock"));
    assert_non_null(strstr(buf, "  q: 2 tokens; consumers: t0 (starved"));
    free(buf);
    f = open_memstream(&buf, &len);
    lpn_report(f, s, LPN_IDLE, true);
    fclose(f);
    assert_non_null(strstr(buf, "\"status\": \"deadlock\""));
    assert_non_null(strstr(buf, "\"place\": \"q\""));
    free(buf);
    lpn_sim_free(s);
    lpn_model_free(m);
    /* the same net without the bad token completes */
    m = tl_load("prodcons.yaml", false, NULL, 0);
    s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_false(lpn_sim_deadlocked(s));
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_expressions(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("exprs.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    struct tl_done d;
    tl_record_done(s, &d);
    int64_t in[] = {7, 2, 0};
    tl_inject(s, 0, in);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(d.n, 2);
    for (int i = 0; i < 2; i++) {
        /* div ndiv mod nmod cdv mn mx ab cond sc cmp idx len2 hsh */
        int64_t want[] = {3, -3, 1, -1, 4, 2, 7, 7, 70, 2, 1, i * 100 + 7, 1, 0};
        assert_int_equal(d.time[i], 7 * 2 - 4);
        for (int k = 0; k < 14; k++)
            if (d.props[i][k] != want[k])
                fail_msg("token %d property %d: %lld, want %lld", i, k, (long long)d.props[i][k], (long long)want[k]);
    }
    lpn_sim_free(s);
    lpn_model_free(m);
}

int tl_run_semantics(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loop),
        cmocka_unit_test(test_backpressure),
        cmocka_unit_test(test_zero_delay),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_guards),
        cmocka_unit_test(test_inhibitor),
        cmocka_unit_test(test_ii),
        cmocka_unit_test(test_deadlock),
        cmocka_unit_test(test_parked),
        cmocka_unit_test(test_circular_wait),
        cmocka_unit_test(test_expressions),
    };
    return cmocka_run_group_tests_name("lpn semantics", tests, NULL, NULL);
}
