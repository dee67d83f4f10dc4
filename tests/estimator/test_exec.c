/* test_exec.c — exact counts from the IR execution engine on programs whose
 * answers are derived by hand (trip counts, case histograms, recursion depth,
 * select outcomes), on every target, plus target data layouts and the counts
 * JSON read back. */
#define _DEFAULT_SOURCE
#include "estimator.h"
#include "json.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static const char *const targets[] = {"rv32", "ppc", "x86", "avr"};

struct run {
    struct eng_module *m;
    struct eng_profile *p;
    char path[512];
};

static void run_file(struct run *r, const char *path)
{
    snprintf(r->path, sizeof r->path, "%s", path);
    const char *paths[] = {r->path};
    r->m = eng_module_load(paths, 1, stderr);
    assert_non_null(r->m);
    char *argv[] = {r->path, NULL};
    struct eng_run_options o = {.argc = 1, .argv = argv, .diag = stderr};
    r->p = eng_run(r->m, &o);
    assert_non_null(r->p);
}

static void run_prog(struct run *r, const char *prog, const char *target)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.%s.bc", EXEC_OUT, prog, target);
    run_file(r, path);
}

static void done(struct run *r)
{
    eng_profile_free(r->p);
    eng_module_free(r->m);
}

static size_t func(struct run *r, const char *name)
{
    for (size_t i = 0; i < eng_profile_nfuncs(r->p); i++)
        if (strcmp(eng_profile_func_name(r->p, i), name) == 0)
            return i;
    fail_msg("no function %s", name);
    return 0;
}

static size_t block(struct run *r, size_t f, const char *name)
{
    for (size_t b = 0; b < eng_profile_nblocks(r->p, f); b++)
        if (strcmp(eng_profile_block_name(r->p, f, b), name) == 0)
            return b;
    fail_msg("no block %s", name);
    return 0;
}

static uint64_t count(struct run *r, const char *fn, const char *blk)
{
    size_t f = func(r, fn);
    return eng_profile_block_count(r->p, f, block(r, f, blk));
}

static uint64_t edge(struct run *r, const char *fn, const char *from, const char *to)
{
    size_t f = func(r, fn);
    uint64_t c = 0;
    assert_true(eng_profile_edge_count(r->p, f, block(r, f, from), block(r, f, to), &c));
    return c;
}

/* The counts JSON, parsed back. */
static struct sup_jv *json_of(struct run *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(eng_profile_write_json(r->p, f), 0);
    fclose(f);
    struct sup_jv *v = sup_json_parse("counts", buf, len, 0, stderr);
    free(buf);
    assert_non_null(v);
    return v;
}

static const struct sup_jv *json_func(const struct sup_jv *root, const char *name)
{
    const struct sup_jv *fs = sup_jv_get(root, "functions");
    for (size_t i = 0; fs && i < fs->n; i++)
        if (strcmp(sup_jv_get(fs->items[i], "name")->str, name) == 0)
            return fs->items[i];
    fail_msg("no function %s in JSON", name);
    return NULL;
}

static void test_loops(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        struct run r;
        run_prog(&r, "loops", targets[t]);
        assert_false(eng_profile_faulted(r.p));
        assert_int_equal(eng_profile_exit_status(r.p), 0);
        assert_int_equal(eng_profile_func_calls(r.p, func(&r, "loop")), 3);
        assert_int_equal(count(&r, "loop", "entry"), 3);
        assert_int_equal(count(&r, "loop", "for.cond"), 18);  /* 11 + 1 + 6 tests */
        assert_int_equal(count(&r, "loop", "for.body"), 15);  /* 10 + 0 + 5 */
        assert_int_equal(count(&r, "loop", "for.inc"), 15);
        assert_int_equal(count(&r, "loop", "for.end"), 3);
        assert_int_equal(edge(&r, "loop", "for.cond", "for.body"), 15);
        assert_int_equal(edge(&r, "loop", "for.cond", "for.end"), 3);
        assert_int_equal(edge(&r, "loop", "for.inc", "for.cond"), 15);
        done(&r);
    }
}

static void test_switch(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        struct run r;
        run_prog(&r, "switch", targets[t]);
        assert_int_equal(eng_profile_exit_status(r.p), 0);
        assert_int_equal(eng_profile_func_calls(r.p, func(&r, "classify")), 200);
        assert_int_equal(edge(&r, "classify", "entry", "sw.bb"), 29);
        assert_int_equal(edge(&r, "classify", "entry", "sw.bb1"), 29);
        assert_int_equal(edge(&r, "classify", "entry", "sw.bb2"), 28);
        assert_int_equal(edge(&r, "classify", "entry", "sw.bb3"), 0);
        assert_int_equal(edge(&r, "classify", "entry", "sw.default"), 114);
        /* the JSON names each case with its value */
        struct sup_jv *j = json_of(&r);
        const struct sup_jv *edges = sup_jv_get(json_func(j, "classify"), "edges");
        int seen = 0;
        for (size_t i = 0; i < edges->n; i++) {
            const struct sup_jv *e = edges->items[i];
            const char *kind = sup_jv_get(e, "kind")->str;
            int64_t c = sup_jv_get(e, "count")->i;
            if (strcmp(kind, "case") == 0) {
                int64_t v = sup_jv_get(e, "value")->i;
                int64_t want = v == 0 ? 29 : v == 1 ? 29 : v == 5 ? 28 : v == 100 ? 0 : -1;
                assert_int_equal(c, want);
                seen++;
            } else if (strcmp(kind, "default") == 0) {
                assert_int_equal(c, 114);
                seen++;
            }
        }
        assert_int_equal(seen, 5);
        sup_jv_free(j);
        done(&r);
    }
}

static void test_recursion(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        struct run r;
        run_prog(&r, "recursion", targets[t]);
        assert_int_equal(eng_profile_exit_status(r.p), 0);
        assert_int_equal(eng_profile_func_calls(r.p, func(&r, "depth")), 51);
        assert_int_equal(count(&r, "depth", "if.then"), 1);
        assert_int_equal(count(&r, "depth", "if.end"), 50);
        done(&r);
    }
}

static void test_select(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        struct run r;
        run_prog(&r, "select", targets[t]);
        assert_int_equal(eng_profile_exit_status(r.p), 0);
        struct sup_jv *j = json_of(&r);
        const struct sup_jv *sel = sup_jv_get(json_func(j, "pick"), "selects");
        assert_int_equal(sel->n, 1);
        assert_int_equal(sup_jv_get(sel->items[0], "true")->i, 6);
        assert_int_equal(sup_jv_get(sel->items[0], "false")->i, 4);
        sup_jv_free(j);
        done(&r);
    }
}

static void test_exit_inside_call(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        struct run r;
        run_prog(&r, "exitcode", targets[t]);
        assert_false(eng_profile_faulted(r.p));
        assert_int_equal(eng_profile_exit_status(r.p), 42);
        assert_int_equal(eng_profile_func_calls(r.p, func(&r, "leave")), 1);
        assert_int_equal(count(&r, "main", "for.body"), 4); /* i = 0..3 */
        assert_int_equal(eng_profile_external_calls(r.p, "exit"), 1);
        done(&r);
    }
}

/* Exit statuses follow from each ABI: pointer size * 16, the offset of a
 * long long after a char, and 100 for big-endian byte order. */
static void test_layout(void **state)
{
    (void)state;
    const int want[] = {64 + 8, 64 + 8 + 100, 128 + 8, 32 + 1};
    for (size_t t = 0; t < 4; t++) {
        struct run r;
        run_prog(&r, "layout", targets[t]);
        assert_int_equal(eng_profile_exit_status(r.p), want[t]);
        done(&r);
    }
}

static void test_hand_counted_ll(void **state)
{
    (void)state;
    struct run r;
    run_file(&r, EXEC_SRC "/count.ll");
    assert_int_equal(eng_profile_exit_status(r.p), 10);
    assert_int_equal(eng_profile_instructions(r.p), 42);
    assert_int_equal(count(&r, "main", "loop"), 10);
    assert_int_equal(edge(&r, "main", "loop", "loop"), 9);
    assert_int_equal(edge(&r, "main", "loop", "done"), 1);
    done(&r);
}

/* Blocks without names get "bbN" by position, the same on every load. */
static void test_block_names(void **state)
{
    (void)state;
    const char *ir = "define i32 @main() {\n  br label %1\n1:\n  ret i32 0\n}\n";
    char path[] = "/tmp/lpnest-test-names-XXXXXX.ll";
    int fd = mkstemps(path, 3);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(ir, f);
    fclose(f);
    for (int k = 0; k < 2; k++) {
        struct run r;
        run_file(&r, path);
        size_t fm = func(&r, "main");
        assert_string_equal(eng_profile_block_name(r.p, fm, 0), "bb0");
        assert_string_equal(eng_profile_block_name(r.p, fm, 1), "bb1");
        assert_int_equal(eng_profile_block_count(r.p, fm, 1), 1);
        done(&r);
    }
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loops),
        cmocka_unit_test(test_switch),
        cmocka_unit_test(test_recursion),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_exit_inside_call),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_hand_counted_ll),
        cmocka_unit_test(test_block_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
