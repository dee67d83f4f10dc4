/* test_api.c — the C API as the offload composition will drive it (one
 * instance kept across calls, tokens injected at given cycles, runs until
 * a time or a done count), run-time errors with their positions, limits,
 * JSONL input with located errors, Graphviz and trace-event output. */
#include "test_util.h"
#include "json.h"

static void test_persistent(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("zerochain.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    int64_t x = 1;
    /* call 1 at host cycle 10 */
    tl_inject(s, 10, &x);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 1), LPN_DONE_REACHED);
    assert_int_equal(lpn_sim_last_done(s), 14);
    assert_int_equal(lpn_sim_now(s), 14);
    /* the host goes on; the accelerator is idle and its clock stays */
    assert_int_equal(lpn_sim_run(s, 50, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_now(s), 14);
    assert_int_equal(lpn_sim_pending(s), 0);
    assert_int_equal(lpn_sim_next_event(s), -1);
    /* call 2 at cycle 50 */
    tl_inject(s, 50, &x);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 2), LPN_DONE_REACHED);
    assert_int_equal(lpn_sim_last_done(s), 54);
    /* the past is refused */
    assert_int_equal(lpn_sim_inject(s, lpn_start_place(m), 40, &x), -1);
    assert_int_equal(lpn_sim_inject(s, 99, 60, &x), -1);
    /* an asynchronous call at 60 with two tokens; the host checks at 63 */
    tl_inject(s, 60, &x);
    tl_inject(s, 60, &x);
    assert_int_equal(lpn_sim_next_event(s), 60);
    assert_int_equal(lpn_sim_run(s, 63, LPN_NO_DONE_LIMIT), LPN_TIME_REACHED);
    assert_int_equal(lpn_sim_now(s), 60);        /* the next event (64) is not processed */
    assert_int_equal(lpn_sim_next_event(s), 64);
    assert_int_equal(lpn_sim_done_count(s), 2);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 4), LPN_DONE_REACHED);
    assert_int_equal(lpn_sim_last_done(s), 68);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_false(lpn_sim_deadlocked(s));
    lpn_sim_free(s);
    lpn_model_free(m);

    /* stopping on a done count inside a cycle, and resuming in the same cycle */
    char *diag;
    m = tl_load_text("lpn: 1\nplaces: {a: ~, done: ~}\nstart: a\ndone: done\n"
                     "transitions:\n  par: {in: a, out: done, delay: 10, inflight: 3}\n", &diag);
    assert_non_null(m);
    free(diag);
    s = tl_sim(m, 0);
    for (int k = 0; k < 3; k++)
        tl_inject(s, 0, NULL);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 1), LPN_DONE_REACHED);
    assert_int_equal(lpn_sim_done_count(s), 1);
    assert_int_equal(lpn_sim_now(s), 10);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 3), LPN_DONE_REACHED);
    assert_int_equal(lpn_sim_done_count(s), 3);
    assert_int_equal(lpn_sim_last_done(s), 10);
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* Waiting for one request on an accelerator that finishes out of order. */
static void test_until_token(void **state)
{
    (void)state;
    char *diag;
    struct lpn_model *m = tl_load_text("lpn: 1\nplaces: {a: {props: [id, d]}, done: {props: [id]}}\nstart: a\ndone: done\n"
                                       "transitions:\n  t: {in: a, out: {place: done, props: {id: a.id}}, delay: a.d, inflight: 3}\n",
                                       &diag);
    assert_non_null(m);
    free(diag);
    /* requests 1, 2, 3 taking 30, 10, 20 cycles on 3 parallel units */
    for (int pass = 0; pass < 2; pass++) {
        struct lpn_sim *s = tl_sim(m, 0);
        int64_t r[3][2] = {{1, 30}, {2, 10}, {3, 20}};
        for (int k = 0; k < 3; k++)
            tl_inject(s, 100, r[k]);
        int64_t want_id = pass ? 1 : 3, want_time = pass ? 130 : 120;
        assert_int_equal(lpn_sim_run_until_token(s, LPN_NO_TIME_LIMIT, 0, want_id), LPN_DONE_REACHED);
        assert_int_equal(lpn_sim_last_done(s), want_time);
        assert_int_equal(lpn_sim_done_count(s), pass ? 3 : 2);
        /* a token that never comes: the run ends idle; a bad property index is refused */
        assert_int_equal(lpn_sim_run_until_token(s, LPN_NO_TIME_LIMIT, 0, 99), LPN_IDLE);
        assert_int_equal(lpn_sim_run_until_token(s, LPN_NO_TIME_LIMIT, 1, 1), LPN_ERROR);
        assert_null(lpn_sim_error(s));
        lpn_sim_free(s);
    }
    lpn_model_free(m);
}

/* Loads inline YAML, injects one token {x}, runs; returns the error text. */
static char *run_error(const char *yaml, int64_t x)
{
    char *diag;
    struct lpn_model *m = tl_load_text(yaml, &diag);
    if (!m)
        fail_msg("%s", diag);
    free(diag);
    struct lpn_sim *s = tl_sim(m, 0);
    tl_inject(s, 3, &x);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_ERROR);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_ERROR);   /* stays failed */
    assert_int_equal(lpn_sim_inject(s, lpn_start_place(m), 10, &x), -1);
    char *msg = strdup(lpn_sim_error(s));
    lpn_sim_free(s);
    lpn_model_free(m);
    return msg;
}

#define HEAD "lpn: 1\nplaces: {q: {props: [x]}, o: {props: [x]}}\nstart: q\ntransitions:\n"

static void test_runtime_errors(void **state)
{
    (void)state;
    char *e = run_error(HEAD "  t: {in: q, out: {place: o, copy: q}, delay: 10 / q.x}\n", 0);
    assert_string_equal(e, "t.yaml:5:50: error: division by zero (in the delay of transition 't', at cycle 3)");
    free(e);
    e = run_error(HEAD "  t: {in: q, out: {place: o, copy: q}, delay: q.x - 5}\n", 1);
    assert_string_equal(e, "t.yaml:5:47: error: delay -4 is negative (transition 't', at cycle 3)");
    free(e);
    e = run_error(HEAD "  t:\n    in: q\n    out: {place: o, props: {x: 'q[q.x].x'}}\n", 3);
    assert_string_equal(e, "t.yaml:7:33: error: reads a token that the firing does not consume (in an output property of transition 't', at cycle 3)");
    free(e);
    e = run_error(HEAD "  t: {in: q, out: {place: o, copy: q, count: q.x}}\n", 2);
    assert_string_equal(e, "t.yaml:5:19: error: copies token 1 of place 'q', but the firing consumed only 1 (transition 't', at cycle 3)");
    free(e);
    e = run_error(HEAD "  t: {in: {place: q, weight: q.x - 9}, out: {place: o, props: {x: 1}}}\n", 2);
    assert_non_null(strstr(e, "weight -7 is negative"));
    free(e);
    e = run_error(HEAD "  t: {in: {place: q, guard: 'q.x / (q.x - 2) > 0'}, out: {place: o, copy: q}}\n", 2);
    assert_string_equal(e, "t.yaml:5:34: error: division by zero (in a guard of transition 't', at cycle 3)");
    free(e);
}

static void test_limits(void **state)
{
    (void)state;
    /* a loop that never ends: stopped by the commit limit */
    struct lpn_model *m = tl_load("loop.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    lpn_sim_set_limits(s, 1000, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_LIMIT);
    assert_int_equal(lpn_sim_commits(s), 1000);
    lpn_sim_free(s);
    lpn_model_free(m);
    /* a net that doubles its tokens: stopped by the token limit */
    char *diag;
    m = tl_load_text("lpn: 1\nplaces: {q: {props: [x]}}\ntransitions:\n"
                     "  t: {in: q, out: {place: q, count: 2, props: {x: q.x + 1}}, delay: 1}\n"
                     "initial: [{place: q, props: {x: 0}}]\n", &diag);
    assert_non_null(m);
    free(diag);
    s = tl_sim(m, 0);
    lpn_sim_set_limits(s, 0, 100);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_ERROR);
    assert_non_null(strstr(lpn_sim_error(s), "more than 100 tokens alive"));
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_jsonl(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("zerochain.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    struct tl_done d;
    tl_record_done(s, &d);
    char path[1024];
    snprintf(path, sizeof path, "%s/tokens.jsonl", LPN_TEST_DATA);
    assert_int_equal(lpn_sim_load_jsonl(s, path, stderr), 3);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    /* tokens at 0 (x=40), 10 (x=10) and 5 (x=20): done in time order */
    int64_t t[] = {4, 9, 14}, x[] = {40, 20, 10};
    assert_int_equal(d.n, 3);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(d.time[k], t[k]);
        assert_int_equal(d.props[k][0], x[k]);
    }
    lpn_sim_free(s);
    /* bad lines, each with its position */
    static const struct { const char *text, *want; } bad[] = {
        {"{\"props\": {\"x\": 1}}\n{\"props\": {\"x\": 1}\n", "in.jsonl:2:19: error: "},
        {"\n\n  {\"place\": \"nope\", \"props\": {\"x\": 1}}\n", "in.jsonl:3:13: error: unknown place 'nope'"},
        {"{\"props\": {}}\n", "in.jsonl:1:11: error: property 'x' of place 'start' is missing"},
        {"{\"props\": {\"x\": 1, \"y\": 2}}\n", "in.jsonl:1:25: error: place 'start' has no property 'y'"},
        {"{\"time\": 1.5, \"props\": {\"x\": 1}}\n", "in.jsonl:1:10: error: \"time\" must be a non-negative integer"},
        {"{\"time\": -1, \"props\": {\"x\": 1}}\n", "in.jsonl:1:10: error: \"time\" must be a non-negative integer"},
        {"{\"props\": {\"x\": \"1\"}}\n", "in.jsonl:1:17: error: property 'x' must be an integer"},
        {"{\"props\": {\"x\": 1}, \"when\": 3}\n", "in.jsonl:1:29: error: unknown key 'when'"},
        {"[1, 2]\n", "in.jsonl:1:1: error: expected an object"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        FILE *f = fopen("in.jsonl", "w");
        assert_non_null(f);
        fputs(bad[k].text, f);
        fclose(f);
        s = tl_sim(m, 0);
        char *buf = NULL;
        size_t len = 0;
        FILE *diag = open_memstream(&buf, &len);
        long n = lpn_sim_load_jsonl(s, "in.jsonl", diag);
        fclose(diag);
        assert_int_equal(n, -1);
        if (strncmp(buf, bad[k].want, strlen(bad[k].want)) != 0)
            fail_msg("case %zu: want '%s', got '%s'", k, bad[k].want, buf);
        free(buf);
        lpn_sim_free(s);
    }
    remove("in.jsonl");
    lpn_model_free(m);
}

static void test_dot(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("prodcons.yaml", false, NULL, 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lpn_write_dot(m, f);
    fclose(f);
    assert_non_null(strstr(buf, "digraph \"prodcons\" {"));
    assert_non_null(strstr(buf, "p0 -> t0"));            /* start -> produce */
    assert_non_null(strstr(buf, "t0 -> p1"));            /* produce -> buf */
    assert_non_null(strstr(buf, "p3 [shape=circle, label=\"buf.cap\\n3 tokens\", style=dashed"));
    assert_non_null(strstr(buf, "p3 -> t0 [label=\"\", style=dashed"));   /* capacity in */
    assert_non_null(strstr(buf, "t1 -> p3 [label=\"\", style=dashed"));   /* capacity back */
    assert_non_null(strstr(buf, "p2 [shape=doublecircle"));
    assert_string_equal(buf + len - 2, "}\n");
    free(buf);
    lpn_model_free(m);
}

static void test_trace(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("ii.yaml", false, NULL, 0);
    struct lpn_sim *s = tl_sim(m, 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct lpn_trace *tr = lpn_trace_begin(s, f);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    lpn_trace_end(tr);
    fclose(f);
    struct sup_jv *v = sup_json_parse("trace", buf, len, 0, stderr);
    assert_non_null(v);
    const struct sup_jv *ev = sup_jv_get(v, "traceEvents");
    assert_non_null(ev);
    int slices = 0, lanes = 0;
    int64_t end_by_tid[64] = {0};
    for (size_t k = 0; k < ev->n; k++) {
        const struct sup_jv *e = ev->items[k];
        const char *ph = sup_jv_get(e, "ph")->str;
        int64_t tid = sup_jv_get(e, "tid") ? sup_jv_get(e, "tid")->i : 0;
        if (!strcmp(ph, "X")) {
            slices++;
            int64_t ts = sup_jv_get(e, "ts")->i, dur = sup_jv_get(e, "dur")->i;
            assert_true(tid > 0 && tid < 64);
            assert_true(ts >= end_by_tid[tid]);   /* no overlap on one track */
            end_by_tid[tid] = ts + dur;
            assert_int_equal(dur, 10);
        } else if (!strcmp(ph, "M") && !strcmp(sup_jv_get(e, "name")->str, "thread_name")) {
            lanes++;
        }
    }
    assert_int_equal(slices, 10);   /* one per firing: 5 of pipe, 5 of par */
    /* pipe overlaps 5 firings (10 cycles, every 2), par 3 */
    assert_int_equal(lanes, 5 + 3);
    sup_jv_free(v);
    free(buf);
    lpn_sim_free(s);
    lpn_model_free(m);
}

int tl_run_api(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_persistent),
        cmocka_unit_test(test_until_token),
        cmocka_unit_test(test_runtime_errors),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_jsonl),
        cmocka_unit_test(test_dot),
        cmocka_unit_test(test_trace),
    };
    return cmocka_run_group_tests_name("lpn api", tests, NULL, NULL);
}
