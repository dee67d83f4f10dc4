/* test_checks.c — budgets (loading with located errors, checking with
 * located messages), diffs (regressions by threshold and minimum, added and
 * removed functions, JSON output), JUnit XML, and the report reader's
 * errors on malformed reports. */
#include "fixture.h"
#include "json.h"
#include "support.h"

/* Loads budgets TEXT; returns NULL and the messages in *diag on error. */
static struct report_budget *load_budget(const char *text, char **path, char **diag)
{
    *path = fx_temp_file(text, ".yaml");
    size_t n = 0;
    FILE *d = open_memstream(diag, &n);
    struct report_budget *b = report_budget_load(*path, d);
    fclose(d);
    return b;
}

static const char good_budget[] = "lpnest_budget: 1\n"        /* 1 */
                                  "total: 9k\n"               /* 2 */
                                  "functions:\n"              /* 3 */
                                  "  fir:\n"                  /* 4 */
                                  "    inclusive: 8_000\n"    /* 5 */
                                  "    self: 5.5k\n"          /* 6 */
                                  "    per_call: 2000\n"      /* 7 */
                                  "  mac: 1,000\n"            /* 8 */
                                  "  nosuch: 5\n"             /* 9 */
                                  "accelerators:\n"           /* 10 */
                                  "  jpeg:\n"                 /* 11 */
                                  "    latency: 400\n"        /* 12 */
                                  "    mean_latency: 400\n"   /* 13 */
                                  "    wait: 1M\n";           /* 14 */

static void test_budget_check(void **state)
{
    (void)state;
    char *path, *diag;
    struct report_budget *b = load_budget(good_budget, &path, &diag);
    if (!b)
        fail_msg("%s", diag);
    free(diag);
    struct report_data *r = fx_report(true);
    struct report_check *c;
    size_t n;
    size_t m = 0;
    FILE *d = open_memstream(&diag, &m);
    size_t failed = report_budget_check(b, r, d, &c, &n);
    fclose(d);
    assert_int_equal(n, 9);
    assert_int_equal(failed, 5);
    char want[512];
    /* k is 1024: 9k = 9,216 (10,000 - 9,216 = 784, +8.5 %), 5.5k = 5,632 (368, +6.5 %) */
    snprintf(want, sizeof want, "%s:2:8: error: total cycles 10,000 exceeds the budget of 9,216 by 784 (+8.5%%)\n",
             path);
    assert_non_null(strstr(diag, want));
    snprintf(want, sizeof want,
             "%s:6:11: error: function 'fir': self cycles 6,000 exceeds the budget of 5,632 by 368 (+6.5%%)\n", path);
    assert_non_null(strstr(diag, want));
    snprintf(want, sizeof want, "%s:8:8: error: function 'mac': inclusive cycles 2,000 exceeds the budget of 1,000", path);
    assert_non_null(strstr(diag, want));
    snprintf(want, sizeof want, "%s:9:11: error: function 'nosuch' is not in the report of app.bc\n", path);
    assert_non_null(strstr(diag, want));
    snprintf(want, sizeof want,
             "%s:12:14: error: accelerator 'jpeg': the slowest call's latency 500 exceeds the budget of 400", path);
    assert_non_null(strstr(diag, want));
    assert_int_equal(fx_count(diag, "error:"), 5);
    /* the checks, in file order, for JUnit */
    assert_string_equal(c[0].name, "total");
    assert_string_equal(c[1].name, "fir.inclusive");
    assert_false(c[1].failed);   /* equal to the limit is within it */
    assert_string_equal(c[3].name, "fir.per_call");
    assert_false(c[3].failed);
    assert_string_equal(c[4].classname, "lpnest.budget.functions");
    assert_string_equal(c[7].name, "jpeg.mean_latency");
    assert_false(c[7].failed);
    assert_int_equal(c[6].line, 12);
    char *xml = NULL;
    size_t xn = 0;
    FILE *x = open_memstream(&xml, &xn);
    assert_int_equal(report_junit_write(x, "budgets <&>", c, n, 1.5), 0);
    fclose(x);
    assert_non_null(strstr(xml, "<testsuite name=\"budgets &lt;&amp;&gt;\" tests=\"9\" failures=\"5\""));
    assert_int_equal(fx_count(xml, "<testcase "), 9);
    assert_int_equal(fx_count(xml, "<failure "), 5);
    assert_non_null(strstr(xml, "name=\"fir.self\""));
    assert_non_null(strstr(xml, "function &#39;fir&#39;: self cycles 6,000"));
    free(xml);
    report_checks_free(c, n);
    free(diag);
    report_free(r);
    report_budget_free(b);
    free(path);
}

/* Bad budget files: the message and its position. */
static void test_budget_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text, *where, *msg;
    } cases[] = {
        {"total: 5\n", ":1:1:", "missing key 'lpnest_budget' in the budgets file"},
        {"lpnest_budget: 2\ntotal: 5\n", ":1:16:", "unsupported budgets version 2"},
        {"lpnest_budget: 1\ntotl: 5\n", ":2:1:", "unknown key 'totl' in the budgets file"},
        {"lpnest_budget: 1\ntotal: 12x\n", ":2:8:", "expected a number of cycles (like 1200, 1_200_000 or 1.2M), not '12x'"},
        {"lpnest_budget: 1\ntotal: -5\n", ":2:8:", "expected a number of cycles"},
        {"lpnest_budget: 1\nfunctions:\n  - fir\n", ":3:3:", "expected a mapping"},
        {"lpnest_budget: 1\nfunctions:\n  fir:\n    incl: 5\n", ":4:5:",
         "unknown key 'incl' in the budget of function 'fir'"},
        {"lpnest_budget: 1\naccelerators:\n  jpeg:\n    latency: [1]\n", ":4:14:", "expected a scalar"},
        {"lpnest_budget: 1\n", ":1:1:", "the budgets file sets no limits"},
        {"", ":1:1:", "the budgets file is empty"},
        {"lpnest_budget: 1\ntotal: 5\ntotal: 6\n", ":3:1:", "duplicate"},
        {"lpnest_budget: 1\ntotal: [\n", ":", "error"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *path, *diag;
        struct report_budget *b = load_budget(cases[i].text, &path, &diag);
        if (b)
            fail_msg("case %zu loaded", i);
        char want[512];
        snprintf(want, sizeof want, "%s%s", path, cases[i].where);
        if (!strstr(diag, want) || !strstr(diag, cases[i].msg))
            fail_msg("case %zu: got '%s', expected '%s' ... '%s'", i, diag, want, cases[i].msg);
        free(diag);
        free(path);
    }
}

/* NEW: fir +10 % self (6,000 -> 6,600), mac -5 % (2,000 -> 1,900): total +5 %. */
static struct report_data *changed(void)
{
    struct report_data *r = fx_report(true);
    r->e->funcs[1].self = 6600;
    r->e->funcs[1].inclusive = 8500;
    r->e->funcs[2].self = 1900;
    r->e->funcs[2].inclusive = 1900;
    r->e->cycles = 10500;
    return r;
}

static int diff(const struct report_data *a, const struct report_data *b, struct report_diff_options *o, char **out,
                struct report_check **c, size_t *n)
{
    size_t len = 0;
    FILE *f = open_memstream(out, &len);
    int regs = report_diff(a, b, o, f, c, n);
    fclose(f);
    return regs;
}

static void test_diff_threshold(void **state)
{
    (void)state;
    struct report_data *a = fx_report(true), *b = changed();
    struct report_diff_options o = {.threshold_pct = 5, .top = 20};
    char *out;
    struct report_check *c;
    size_t n;
    /* +5 % total is not beyond 5 %; fir's +10 % is */
    assert_int_equal(diff(a, b, &o, &out, &c, &n), 1);
    assert_non_null(strstr(out, "total: 10,000 -> 10,500 cycles: +500 (+5.00%)\n"));
    assert_non_null(strstr(out, "fir "));
    assert_non_null(strstr(out, "+10.00%"));
    assert_int_equal(fx_count(out, "REGRESSED"), 1);
    assert_non_null(strstr(out, "result: 1 regression beyond +5%"));
    /* fir (600) comes before mac (100): sorted by impact */
    assert_true(strstr(out, "\nfir ") < strstr(out, "\nmac "));
    assert_non_null(strstr(out, "2 functions unchanged"));
    size_t failed = 0;
    for (size_t i = 0; i < n; i++)
        if (c[i].failed) {
            failed++;
            assert_string_equal(c[i].name, "fir");
            assert_non_null(strstr(c[i].message, "self cycles 6,000 -> 6,600 (+10.00%)"));
        }
    assert_int_equal(failed, 1);
    assert_int_equal(n, 1 + 4 + 2);  /* total, four functions, jpeg's two metrics */
    report_checks_free(c, n);
    free(out);
    o.threshold_pct = 1;
    assert_int_equal(diff(a, b, &o, &out, &c, &n), 2);
    report_checks_free(c, n);
    free(out);
    o.min_cycles = 1000;
    assert_int_equal(diff(a, b, &o, &out, &c, &n), 0);
    assert_non_null(strstr(out, "result: no regression beyond +1% and 1,000 cycles"));
    report_checks_free(c, n);
    free(out);
    /* the other way round is an improvement */
    o.min_cycles = 0;
    assert_int_equal(diff(b, a, &o, &out, &c, &n), 1);   /* mac grew back by 5.3 % */
    report_checks_free(c, n);
    free(out);
    assert_int_equal(diff(a, a, &o, &out, &c, &n), 0);
    assert_non_null(strstr(out, "4 functions unchanged"));
    report_checks_free(c, n);
    free(out);
    report_free(a);
    report_free(b);
}

static void test_diff_json_and_renames(void **state)
{
    (void)state;
    struct report_data *a = fx_report(true), *b = changed();
    free(b->e->funcs[2].name);
    b->e->funcs[2].name = sup_strdup("mac2");
    b->e->accels[0].latencies[1] = 1500;     /* mean 400 -> 900 */
    struct report_diff_options o = {.threshold_pct = 5, .json = true};
    char *out;
    struct report_check *c;
    size_t n;
    int regs = diff(a, b, &o, &out, &c, &n);
    assert_int_equal(regs, 2);
    struct sup_jv *v = sup_json_parse("d.json", out, strlen(out), 0, stderr);
    assert_non_null(v);
    assert_int_equal(sup_jv_get(v, "lpnest_diff")->i, 1);
    assert_int_equal(sup_jv_get(v, "regressions")->i, 2);
    const struct sup_jv *fs = sup_jv_get(v, "functions");
    bool added = false, removed = false;
    for (size_t i = 0; i < fs->n; i++) {
        const char *st = sup_jv_get(fs->items[i], "status")->str, *nm = sup_jv_get(fs->items[i], "name")->str;
        added |= !strcmp(nm, "mac2") && !strcmp(st, "added");
        removed |= !strcmp(nm, "mac") && !strcmp(st, "removed");
    }
    assert_true(added && removed);
    const struct sup_jv *as = sup_jv_get(v, "accelerators");
    assert_int_equal(as->n, 2);
    assert_true(sup_jv_get(as->items[1], "regressed")->b);
    sup_jv_free(v);
    report_checks_free(c, n);
    free(out);
    report_free(a);
    report_free(b);
}

/* Malformed reports: message and position. */
static void test_read_errors(void **state)
{
    (void)state;
    static const char head[] = "{\"lpnest_report\": 1, \"module\": \"m\",\n"
                               "\"core\": {\"name\": \"c\", \"description\": \"\", \"triple\": \"t\", \"clock_hz\": 1},\n"
                               "\"counts\": {\"source\": \"execution\", \"exit_status\": 0, \"ir_instructions\": 1},\n"
                               "\"total\": {\"cycles\": 1, \"machine_cycles\": 1, \"runtime_cycles\": 0, "
                               "\"estimated_cycles\": 0, \"instructions\": 1, \"runtime_instructions\": 0, "
                               "\"unknown_instruction_executions\": 0},\n";
    static const char func[] = "\"functions\": [{\"name\": \"f\", \"location\": null, \"calls\": 1, \"self_cycles\": 1, "
                               "\"inclusive_cycles\": 1, \"runtime_cycles\": 0, \"instructions\": 1}],\n";
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"[1]", "r.json:1:1: error: a report must be a JSON object"},
        {"{\"lpnest_report\": 2}", "r.json:1:19: error: unsupported report version"},
        {"{\"x\": 1}", "r.json:1:1: error: not an lpnest report"},
        {"{\"lpnest_report\": 1, \"module\": 5}", "r.json:1:32: error: 'module' in the report must be a string"},
        {"%s%s\"blocks\": [], \"runtime\": [], \"warnings\": [],\n\"contexts\": [{\"parent\": 1, \"function\": \"f\", "
         "\"callsite\": null, \"calls\": 1, \"self_cycles\": 1, \"inclusive_cycles\": 1}, {\"parent\": 0, \"function\": "
         "\"f\", \"callsite\": null, \"calls\": 1, \"self_cycles\": 1, \"inclusive_cycles\": 1}]}",
         "r.json:7:13: error: the contexts' parents form a cycle"},
        {"%s%s\"blocks\": [{\"function\": \"g\"}], \"runtime\": [], \"warnings\": []}",
         "r.json:6:25: error: 'function' in a block names 'g', which is not in \"functions\""},
        {"%s\"functions\": [{\"name\": \"f\", \"location\": null, \"calls\": \"x\"}]}",
         "r.json:5:56: error: 'calls' in a function must be a number, not a string"},
        {"%s\"functions\": [{\"name\": \"f\", \"location\": null, \"calls\": 1.5}]}",
         "r.json:5:56: error: 'calls' in a function must be a non-negative integer"},
        {"%s%s\"blocks\": [], \"runtime\": [], \"warnings\": [],\n\"timeline\": {\"tracks\": [], \"slices\": [{\"track\": "
         "0}]}}",
         "r.json:7:49: error: 'track' in a slice must be an index below 0"},
        {"%s%s\"blocks\": [], \"runtime\": []}", "r.json:1:1: error: missing key 'warnings' in the report"},
        {"{\"lpnest_report\": 1,", "r.json:1:21: error:"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[2048];
        snprintf(text, sizeof text, cases[i].text, head, func);
        char *diag = NULL;
        size_t n = 0;
        FILE *d = open_memstream(&diag, &n);
        struct report_data *r = report_parse("r.json", text, strlen(text), d);
        fclose(d);
        if (r)
            fail_msg("case %zu was read", i);
        if (!strstr(diag, cases[i].msg))
            fail_msg("case %zu: got '%s', expected '%s'", i, diag, cases[i].msg);
        free(diag);
    }
}

/* A short hand-written report (only the sections up to "warnings") is read. */
static void test_read_short(void **state)
{
    (void)state;
    char *path = sup_xmalloc(512);
    snprintf(path, 512, "%s/full.json", REPORT_TEST_DATA);
    struct report_data *r = report_read_file(path, stderr);
    assert_non_null(r);
    assert_int_equal(r->e->nwhatifs, 1);
    assert_int_equal(r->e->ncontexts, 4);
    report_free(r);
    free(path);
}

int fx_run_checks(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_budget_check),
        cmocka_unit_test(test_budget_errors),
        cmocka_unit_test(test_diff_threshold),
        cmocka_unit_test(test_diff_json_and_renames),
        cmocka_unit_test(test_read_errors),
        cmocka_unit_test(test_read_short),
    };
    return cmocka_run_group_tests_name("budgets, diffs, reading", tests, NULL, NULL);
}
