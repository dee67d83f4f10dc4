/* test_load.c — the loader on good and bad input: every file in
 * tests/data/lpn/bad/ states on its first line the one error it must
 * produce ("# expect: LINE:COL: error: MESSAGE") and the test checks the
 * message and the position; the models load and introspect; parameter
 * overrides apply and unknown ones are refused. */
#include "test_util.h"

#include <dirent.h>

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void test_bad_fixtures(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/bad", LPN_TEST_DATA);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *names[512];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 512)
        if (strlen(e->d_name) > 5 && !strcmp(e->d_name + strlen(e->d_name) - 5, ".yaml"))
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    /* one fixture per error class; fewer would mean the directory was lost */
    assert_true(n >= 60);
    int failures = 0;
    for (int k = 0; k < n; k++) {
        char path[1200], line[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        assert_non_null(fgets(line, sizeof line, f));
        fclose(f);
        const char *tag = "# expect: ";
        if (strncmp(line, tag, strlen(tag)) != 0) {
            print_error("%s: first line is not '# expect: ...'\n", names[k]);
            failures++;
            continue;
        }
        line[strcspn(line, "\n")] = '\0';
        char want[1800];
        snprintf(want, sizeof want, "%s:%s\n", path, line + strlen(tag));
        char *buf = NULL;
        size_t len = 0;
        FILE *diag = open_memstream(&buf, &len);
        struct lpn_model *m = lpn_load_file(path, NULL, 0, diag);
        fclose(diag);
        if (m) {
            print_error("%s: loaded, but should fail with: %s", names[k], want);
            failures++;
        } else if (strncmp(buf, want, strlen(want)) != 0) {
            print_error("%s: expected first message\n  %s  got\n  %s", names[k], want, buf);
            failures++;
        }
        lpn_model_free(m);
        free(buf);
        free(names[k]);
    }
    assert_int_equal(failures, 0);
}

static void test_overrides(void **state)
{
    (void)state;
    struct lpn_param ov[] = {{"num_pe", 8}, {"steps", 0}};
    struct lpn_model *m = tl_load("darwin.yaml", true, ov, 2);
    int64_t v;
    assert_true(lpn_param_value(m, "num_pe", &v));
    assert_int_equal(v, 8);
    assert_true(lpn_param_value(m, "ref_len", &v));
    assert_int_equal(v, 512);
    assert_false(lpn_param_value(m, "nope", &v));
    lpn_model_free(m);

    /* a later parameter sees an overridden earlier one */
    const char *yaml = "lpn: 1\nparams:\n  a: 2\n  b: a * 10\nplaces: {p: ~}\ntransitions: {}\n";
    struct lpn_param ova[] = {{"a", 5}};
    m = lpn_load_string("t.yaml", yaml, strlen(yaml), ova, 1, NULL);
    assert_non_null(m);
    assert_true(lpn_param_value(m, "b", &v));
    assert_int_equal(v, 50);
    lpn_model_free(m);

    /* an override the model does not declare is an error */
    char *buf = NULL;
    size_t len = 0;
    FILE *diag = open_memstream(&buf, &len);
    struct lpn_param bad[] = {{"zz", 1}};
    m = lpn_load_string("t.yaml", yaml, strlen(yaml), bad, 1, diag);
    fclose(diag);
    assert_null(m);
    assert_string_equal(buf, "t.yaml: error: unknown parameter 'zz' (set with an override; the model declares other parameters under params:)\n");
    free(buf);
}

static void test_models_load(void **state)
{
    (void)state;
    const char *models[] = {"pipeline.yaml", "jpeg.yaml", "jpeg_fig4.yaml", "darwin.yaml", "pcie_dma.yaml", "smartnic_ip.yaml"};
    for (size_t k = 0; k < sizeof models / sizeof *models; k++) {
        struct lpn_model *m = tl_load(models[k], true, NULL, 0);
        assert_true(lpn_start_place(m) >= 0);
        assert_true(lpn_done_place(m) >= 0);
        struct lpn_sim *s = tl_sim(m, 0);
        assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
        assert_false(lpn_sim_deadlocked(s));
        assert_true(lpn_sim_done_count(s) > 0);
        lpn_sim_free(s);
        lpn_model_free(m);
    }
    /* introspection on the pipeline */
    struct lpn_model *m = tl_load("pipeline.yaml", true, NULL, 0);
    assert_string_equal(lpn_model_name(m), "fig2-pipeline");
    assert_int_equal(lpn_transition_count(m), 5);
    assert_string_equal(lpn_transition_name(m, 0), "fetch");
    int buf = lpn_place_find(m, "buf");
    assert_int_equal(lpn_place_capacity(m, buf), 8);
    assert_int_equal(lpn_place_nprops(m, buf), 3);
    assert_string_equal(lpn_place_prop(m, buf, 1), "lat");
    assert_int_equal(lpn_place_prop_find(m, buf, "nops"), 2);
    assert_int_equal(lpn_place_find(m, "nope"), -1);
    /* 6 declared places + 3 capacity places */
    assert_int_equal(lpn_place_count(m), 9);
    assert_true(lpn_place_find(m, "rmem.cap") >= 6);
    assert_false(lpn_place_is_resource(m, buf));
    lpn_model_free(m);
}

/* Every accepted spelling of edges and places gives the same net. */
static void test_edge_forms(void **state)
{
    (void)state;
    const char *a = "lpn: 1\nplaces: {p0: ~, p1: ~}\ntransitions:\n  t1: {in: p0, out: p1, delay: 3}\n"
                    "  t2: {in: [p1], out: [{place: p0}], delay: 5}\ninitial: [{place: p0}]\n";
    const char *b = "lpn: 1\nplaces:\n  p0:\n  p1: {}\ntransitions:\n  t1: {delay: 3}\n  t2: {delay: 5}\n"
                    "edges:\n  - [p0, t1]\n  - {from: t1, to: p1}\n  - [p1, t2]\n  - [t2, p0]\ninitial: [{place: p0, count: 1}]\n";
    int64_t last[2];
    for (int k = 0; k < 2; k++) {
        char *diag;
        struct lpn_model *m = tl_load_text(k ? b : a, &diag);
        if (!m)
            fail_msg("%s", diag);
        free(diag);
        struct lpn_sim *s = tl_sim(m, 0);
        lpn_sim_run(s, 100, LPN_NO_DONE_LIMIT);
        last[k] = tl_stats(s, "t2").last_commit;
        lpn_sim_free(s);
        lpn_model_free(m);
    }
    assert_int_equal(last[0], 96);
    assert_int_equal(last[1], 96);
}

int tl_run_loader(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_fixtures),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_models_load),
        cmocka_unit_test(test_edge_forms),
    };
    return cmocka_run_group_tests_name("lpn loader", tests, NULL, NULL);
}
