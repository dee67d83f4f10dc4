/* test_views.c — every view of the hand-built report, parsed back: JSON read
 * back to the same bytes and the same views; folded stacks and their exact
 * weights; trace events well nested; annotate columns summing to the total;
 * HTML escaping, tables and SVG; text sections; offload candidates and
 * Amdahl bounds; rounding and statistics helpers. */
#include "fixture.h"
#include "json.h"
#include "support.h"

#include <math.h>

static void roundtrip(bool full)
{
    struct report_data *r = fx_report(full);
    int st;
    char *json = fx_render(r, REPORT_FMT_JSON, &st, NULL);
    assert_int_equal(st, 0);
    char *diag = NULL;
    size_t dn = 0;
    FILE *d = open_memstream(&diag, &dn);
    struct report_data *back = report_parse("r.json", json, strlen(json), d);
    fclose(d);
    if (!back)
        fail_msg("read back failed: %s", diag);
    free(diag);
    /* every view of the report read back is the view of the original */
    for (int f = REPORT_FMT_TEXT; f <= REPORT_FMT_HTML; f++) {
        int s1, s2;
        char *a = fx_render(r, (enum report_format)f, &s1, NULL), *b = fx_render(back, (enum report_format)f, &s2, NULL);
        assert_int_equal(s1, s2);
        if (strcmp(a, b))
            fail_msg("format %s differs after reading the JSON back", report_format_name((enum report_format)f));
        free(a);
        free(b);
    }
    free(json);
    report_free(back);
    report_free(r);
}

static void test_json_roundtrip_full(void **state)
{
    (void)state;
    roundtrip(true);
}

static void test_json_roundtrip_plain(void **state)
{
    (void)state;
    roundtrip(false);
}

static void test_json_content(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    int st;
    char *json = fx_render(r, REPORT_FMT_JSON, &st, NULL);
    struct sup_jv *v = sup_json_parse("r.json", json, strlen(json), 0, stderr);
    assert_non_null(v);
    assert_int_equal(sup_jv_get(v, "lpnest_report")->i, 1);
    const struct sup_jv *loops = sup_jv_get(v, "loops");
    assert_int_equal(loops->n, 3);
    assert_true(sup_jv_get(loops->items[1], "parent")->is_int);
    assert_int_equal(sup_jv_get(loops->items[1], "parent")->i, 0);
    assert_int_equal(sup_jv_get(loops->items[2], "entries")->kind, SUP_J_NULL);
    const struct sup_jv *tl = sup_jv_get(v, "timeline");
    assert_int_equal(sup_jv_get(tl, "slices")->n, 8);
    assert_int_equal(sup_jv_get(sup_jv_get(v, "accelerators")->items[0], "latencies")->n, 2);
    assert_string_equal(sup_jv_get(sup_jv_get(v, "contexts")->items[2], "function")->str, "mac");
    /* records of long arrays are one per line */
    assert_non_null(strstr(json, "\n      {\"track\":0,\"name\":\"main\",\"start\":0,\"duration\":10000,\"depth\":0}"));
    sup_jv_free(v);
    free(json);
    report_free(r);
}

static void test_folded_contexts(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    int st;
    char *s = fx_render(r, REPORT_FMT_FOLDED, &st, NULL);
    assert_int_equal(st, 0);
    assert_string_equal(s, "main 400\n"
                           "main;fir 1000\n"
                           "main;fir;loop@app.c:10 2000\n"
                           "main;fir;loop@app.c:10;loop@app.c:11 3000\n"
                           "main;fir;mac 2000\n"
                           "main;jpeg_decode 1000\n"
                           "main;loop@app.c:29 600\n");
    free(s);
    report_free(r);
}

static void test_folded_flat(void **state)
{
    (void)state;
    struct report_data *r = fx_report(false);
    int st;
    char *s = fx_render(r, REPORT_FMT_FOLDED, &st, NULL);
    assert_string_equal(s, "fir 1000\n"
                           "fir;loop@app.c:10 2000\n"
                           "fir;loop@app.c:10;loop@app.c:11 3000\n"
                           "mac 2000\n"
                           "main 1400\n"
                           "main;loop@app.c:29 600\n");
    free(s);
    report_free(r);
}

/* Fractional cycles, contexts that do not cover the total, names with ';'. */
static void test_folded_rounding(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    struct cost_estimate *e = r->e;
    e->cycles = 10000.6;
    e->contexts[1].self = 5999.3;      /* fir: 0.7 uncovered */
    e->contexts[2].self = 2000.4;
    free(e->funcs[2].name);
    e->funcs[2].name = sup_strdup("m;ac");
    size_t n;
    struct report_stack *s = report_stacks(r, &n);
    uint64_t sum = 0;
    bool unattributed = false, renamed = false;
    for (size_t i = 0; i < n; i++) {
        sum += s[i].weight;
        unattributed |= !strcmp(s[i].frames, "[unattributed]");
        renamed |= !strcmp(s[i].frames, "main;fir;m:ac");
        assert_true(fabs((double)s[i].weight - s[i].cycles) < 1.0);
    }
    assert_int_equal(sum, 10001);
    assert_true(unattributed);
    assert_true(renamed);
    report_stacks_free(s, n);
    report_free(r);
}

/* The trace parsed back: metadata, times in microseconds, nesting per track. */
static void test_trace(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    int st;
    char *s = fx_render(r, REPORT_FMT_TRACE, &st, NULL);
    assert_int_equal(st, 0);
    struct sup_jv *v = sup_json_parse("t.json", s, strlen(s), 0, stderr);
    assert_non_null(v);
    const struct sup_jv *ev = sup_jv_get(v, "traceEvents");
    assert_non_null(ev);
    size_t x = 0, names = 0;
    long long end[3][8];
    int depth[3] = {0, 0, 0};
    for (size_t i = 0; i < ev->n; i++) {
        const struct sup_jv *o = ev->items[i];
        const char *ph = sup_jv_get(o, "ph")->str;
        if (!strcmp(ph, "M")) {
            names += !strcmp(sup_jv_get(o, "name")->str, "thread_name");
            continue;
        }
        assert_string_equal(ph, "X");
        x++;
        int tid = (int)sup_jv_get(o, "tid")->i;
        assert_true(tid >= 1 && tid <= 2);
        long long ts = llround(sup_jv_get(o, "ts")->num * 1000), dur = llround(sup_jv_get(o, "dur")->num * 1000);
        /* events come sorted by start per track: pop what ended, then nest */
        while (depth[tid] > 0 && end[tid][depth[tid] - 1] <= ts)
            depth[tid]--;
        if (depth[tid] > 0)
            assert_true(ts + dur <= end[tid][depth[tid] - 1]);
        end[tid][depth[tid]++] = ts + dur;
        if (!strcmp(sup_jv_get(o, "name")->str, "mac") && ts == 2000)
            assert_int_equal(dur, 50);   /* 5 cycles at 100 MHz */
    }
    assert_int_equal(x, 8);
    assert_int_equal(names, 2);
    assert_non_null(strstr(s, "\"ts\":0.000,\"dur\":100.000"));
    sup_jv_free(v);
    free(s);
    report_free(r);
}

static void test_trace_without_timeline(void **state)
{
    (void)state;
    struct report_data *r = fx_report(false);
    int st;
    char *diag;
    char *s = fx_render(r, REPORT_FMT_TRACE, &st, &diag);
    assert_int_equal(st, 1);
    assert_string_equal(s, "");
    assert_non_null(strstr(diag, "app.bc: error: the report has no timeline"));
    free(diag);
    free(s);
    report_free(r);
}

/* Sums the cycles column of an annotate view; counts rows with data. */
static unsigned long long annotate_sum(const char *s, size_t *rows)
{
    unsigned long long sum = 0;
    *rows = 0;
    for (const char *p = s; *p;) {
        const char *nl = strchr(p, '\n');
        double share;
        unsigned long long cyc;
        if (p[0] != '#' && p[0] != '=' && sscanf(p, "%lf %llu", &share, &cyc) == 2) {
            sum += cyc;
            (*rows)++;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return sum;
}

static void test_annotate_lines(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    int st;
    char *s = fx_render(r, REPORT_FMT_ANNOTATE, &st, NULL);
    assert_int_equal(st, 0);
    size_t rows;
    assert_int_equal(annotate_sum(s, &rows), 10000);
    assert_int_equal(rows, 8);   /* 7 lines and the row without a line */
    assert_non_null(strstr(s, "  30.00         3000          400     11 |         for (int k = 0; k < 10; k++)\n"));
    assert_non_null(strstr(s, "                                     14 | }\n"));
    assert_non_null(strstr(s, "== without a source line: 100 cycles (1.00%) =="));
    assert_null(strstr(s, "no per-line data"));
    free(s);
    report_free(r);
}

static void test_annotate_blocks(void **state)
{
    (void)state;
    struct report_data *r = fx_report(false);
    free(r->e->module);
    r->e->module = sup_strdup("/nowhere/app.bc");
    int st;
    char *s = fx_render(r, REPORT_FMT_ANNOTATE, &st, NULL);
    size_t rows;
    assert_int_equal(annotate_sum(s, &rows), 10000);
    assert_non_null(strstr(s, "the report has no per-line data"));
    free(s);
    /* a file that cannot be found: its lines that ran, still summing up */
    free(r->e->blocks[2].loc);
    r->e->blocks[2].loc = sup_strdup("gone.c:5");
    s = fx_render(r, REPORT_FMT_ANNOTATE, &st, NULL);
    assert_int_equal(annotate_sum(s, &rows), 10000);
    assert_non_null(strstr(s, "== gone.c: 1,000 cycles (10.00%) ==\n(source not found"));
    free(s);
    report_free(r);
}

static void test_html(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    int st;
    char *s = fx_render(r, REPORT_FMT_HTML, &st, NULL);
    assert_int_equal(st, 0);
    assert_true(strncmp(s, "<!DOCTYPE html>", 15) == 0);
    assert_int_equal(fx_count(s, "<svg class=\"flame\""), 1);
    assert_int_equal(fx_count(s, "<svg class=\"timeline\""), 1);
    assert_int_equal(fx_count(s, "<svg class=\"hist\""), 1);
    /* candidates, accelerators, what-if, functions, loops, durations, blocks, lines, runtime */
    assert_int_equal(fx_count(s, "<table class=\"sort\""), 9);
    assert_non_null(strstr(s, "PicoRV32 &quot;test&quot; &lt;core&gt; &amp; co"));
    assert_non_null(strstr(s, "a &lt;warning&gt; &amp; &quot;quotes&quot;"));
    /* self-contained */
    assert_null(strstr(s, "http:"));
    assert_null(strstr(s, "https:"));
    assert_null(strstr(s, " src="));
    assert_null(strstr(s, "<link"));
    assert_null(strstr(s, "@import"));
    free(s);
    report_free(r);
    r = fx_report(false);
    s = fx_render(r, REPORT_FMT_HTML, &st, NULL);
    assert_non_null(strstr(s, "No timeline"));
    assert_int_equal(fx_count(s, "<svg class=\"flame\""), 1);
    free(s);
    report_free(r);
}

static void test_text(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    int st;
    char *s = fx_render(r, REPORT_FMT_TEXT, &st, NULL);
    assert_int_equal(st, 0);
    assert_non_null(strstr(s, "total: 10,000 cycles = 0.0001 s"));
    assert_non_null(strstr(s, "hottest loops"));
    assert_non_null(strstr(s, "offload candidates"));
    assert_non_null(strstr(s, "accelerators (host cycles)"));
    assert_non_null(strstr(s, "what-if"));
    assert_non_null(strstr(s, "all in software: 14,000 cycles; this run: 10,000 cycles (1.4x)"));
    assert_non_null(strstr(s, "per-call durations"));
    assert_non_null(strstr(s, "warning: a <warning>"));
    free(s);
    report_free(r);
}

static void test_candidates(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    struct report_candidate *c;
    size_t n = report_candidates(r, &c);
    assert_int_equal(n, 6);
    assert_string_equal(c[0].name, "main loop@app.c:29");
    assert_true(fabs(c[0].amdahl - 25.0) < 1e-9);
    assert_string_equal(c[1].name, "fir");
    assert_true(fabs(c[1].amdahl - 5.0) < 1e-9);
    assert_string_equal(c[2].name, "fir loop@app.c:10");
    assert_string_equal(c[3].name, "fir loop@app.c:11");
    assert_string_equal(c[4].name, "jpeg_decode");
    assert_non_null(c[4].whatif);
    assert_true(fabs(c[4].baseline - 14000) < 1e-9);
    assert_true(fabs(c[4].amdahl - 14000.0 / 9000) < 1e-9);
    assert_true(fabs(c[4].estimated - 1.4) < 1e-9);
    assert_string_equal(c[5].name, "mac");
    free(c);
    /* a candidate with all the cycles has no bound */
    r->e->funcs[1].inclusive = 10000;
    n = report_candidates(r, &c);
    assert_true(isinf(c[0].amdahl));
    free(c);
    report_free(r);
}

static void test_apportion_and_stats(void **state)
{
    (void)state;
    double v[] = {0.5, 0.5, 0.5, 0.5, 1.2, 2.3, 3.5};
    uint64_t w[7];
    report_apportion(v, w, 7, 9.0);
    uint64_t sum = 0;
    for (int i = 0; i < 7; i++) {
        sum += w[i];
        assert_true(fabs((double)w[i] - v[i]) < 1.0);
    }
    assert_int_equal(sum, 9);
    /* the parts sum to the total as the text view prints it: a tie rounds to even
     * ("%.0f" of 204866.5 is 204866), and parts a hair over the total still sum to it */
    char printed[40];
    double tie[] = {204000.25, 866.25};
    report_apportion(tie, w, 2, 204866.5);
    assert_int_equal(w[0] + w[1], 204866);
    assert_string_equal(report_grouped(204866.5, printed, sizeof printed), "204,866");
    double over[] = {1.0, 2.0};
    report_apportion(over, w, 2, 2.4);
    assert_int_equal(w[0] + w[1], 2);
    double lat[] = {5, 1, 3, 2, 4};
    struct report_stats st;
    report_stats_of(lat, 5, &st);
    assert_true(st.min == 1 && st.max == 5 && st.mean == 3 && st.p50 == 3 && fabs(st.p95 - 4.8) < 1e-12);
    char buf[40];
    assert_string_equal(report_grouped(-1234567.4, buf, sizeof buf), "-1,234,567");
    assert_string_equal(report_grouped(999, buf, sizeof buf), "999");
    assert_string_equal(report_grouped(-0.2, buf, sizeof buf), "0");
}

static void test_slice_stats(void **state)
{
    (void)state;
    struct report_data *r = fx_report(true);
    struct report_slice_summary *s;
    size_t n = report_slice_stats(r, &s);
    assert_int_equal(n, 7);
    assert_string_equal(s[0].name, "main");
    bool mac = false;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(s[i].name, "mac")) {
            mac = true;
            assert_int_equal(s[i].st.n, 2);
            assert_true(s[i].st.min == 5 && s[i].st.max == 7 && s[i].st.mean == 6);
        }
    assert_true(mac);
    free(s);
    report_free(r);
}

static void test_formats(void **state)
{
    (void)state;
    enum report_format f;
    assert_true(report_format_parse("annotate", &f) && f == REPORT_FMT_ANNOTATE);
    assert_false(report_format_parse("svg", &f));
    assert_string_equal(report_format_name(REPORT_FMT_HTML), "html");
}

int fx_run_views(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_roundtrip_full),
        cmocka_unit_test(test_json_roundtrip_plain),
        cmocka_unit_test(test_json_content),
        cmocka_unit_test(test_folded_contexts),
        cmocka_unit_test(test_folded_flat),
        cmocka_unit_test(test_folded_rounding),
        cmocka_unit_test(test_trace),
        cmocka_unit_test(test_trace_without_timeline),
        cmocka_unit_test(test_annotate_lines),
        cmocka_unit_test(test_annotate_blocks),
        cmocka_unit_test(test_html),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_apportion_and_stats),
        cmocka_unit_test(test_slice_stats),
        cmocka_unit_test(test_formats),
    };
    return cmocka_run_group_tests_name("report views", tests, NULL, NULL);
}
