/* test_formula.c — cost formulas: evaluation of runtime formulas over the
 * call's arguments (positions, aliases, ret), the operators and functions,
 * evaluation errors (missing names, division by zero) and isa_insn_cycles. */
#include "test_util.h"

#include <math.h>

static const char *const head =
    "lpnest_isa: 1\nname: f\ndescription: d\nsource: s\nclock_mhz: 1\nmodel: ir\nir: {add: 1}\nruntime:\n";

/* Loads a description whose runtime routine "f" has cycles FORMULA. */
static struct isa *with(const char *formula)
{
    char yaml[2048];
    snprintf(yaml, sizeof yaml, "%s  f: {args: [x, _, y], cycles: \"%s\", instructions: \"%s\"}\n", head, formula,
             formula);
    char *diag;
    struct isa *isa = ti_load_text(yaml, &diag);
    if (!isa)
        fail_msg("formula '%s' does not load:\n%s", formula, diag);
    free(diag);
    return isa;
}

static double eval(const char *formula, double a0, double a1, double a2)
{
    struct isa *isa = with(formula);
    const struct isa_runtime *rt = isa_runtime(isa, "f");
    static const char *const names[] = {"a0", "a1", "a2", "ret"};
    double values[] = {a0, a1, a2, 100};
    double v = isa_runtime_eval(rt, names, values, 4, stderr);
    double w = isa_runtime_eval_ninstr(rt, names, values, 4, stderr);
    assert_true(v == w || w == llround(v)); /* a folded constant: whole instructions */
    isa_free(isa);
    return v;
}

static void operators(void **state)
{
    (void)state;
    assert_true(eval("1 + 2*3", 0, 0, 0) == 7);
    assert_true(eval("(1 + 2)*3", 0, 0, 0) == 9);
    assert_true(eval("10 - 4 - 3", 0, 0, 0) == 3);      /* left associative */
    assert_true(eval("24 / 4 / 2", 0, 0, 0) == 3);
    assert_true(eval("7 / 2", 0, 0, 0) == 3.5);         /* real division */
    assert_true(eval("17 % 5", 0, 0, 0) == 2);
    assert_true(eval("-7 % 4 + 10", 0, 0, 0) == 11);    /* floor modulo: 1 */
    assert_true(eval("-x + 10", 3, 0, 0) == 7);
    assert_true(eval("- -x", 3, 0, 0) == 3);
    assert_true(eval("+x", 3, 0, 0) == 3);
    assert_true(eval("2.5 * a0 + .5", 2, 0, 0) == 5.5);
    assert_true(eval("1e2 + x", 1, 0, 0) == 101);
    assert_true(eval("  x*y  ", 3, 0, 5) == 15);         /* aliases: x = a0, y = a2 */
    assert_true(eval("a1 + ret", 0, 4, 0) == 104);       /* positions and ret */
}

static void functions(void **state)
{
    (void)state;
    assert_true(eval("min(x, y)", 3, 0, 5) == 3);
    assert_true(eval("max(x, y, 9, 2)", 3, 0, 5) == 9);
    assert_true(eval("min(x, y, 1)", 3, 0, 5) == 1);
    assert_true(eval("floor(x / 4)", 7, 0, 0) == 1);
    assert_true(eval("ceil(x / 4)", 7, 0, 0) == 2);
    assert_true(eval("bits(x)", 0, 0, 0) == 0);
    assert_true(eval("bits(x)", 1, 0, 0) == 1);
    assert_true(eval("bits(x)", 255, 0, 0) == 8);
    assert_true(eval("bits(x)", 256, 0, 0) == 9);
    assert_true(eval("bits(x)", 4294967295.0, 0, 0) == 32);
    assert_true(eval("popcount(x)", 0, 0, 0) == 0);
    assert_true(eval("popcount(x)", 255, 0, 0) == 8);
    assert_true(eval("popcount(x)", 4294967295.0, 0, 0) == 32);
    assert_true(eval("popcount(x) + bits(y) * 2", 5, 0, 8) == 10);
    assert_true(eval("4 + floor(x/4) + x%4", 31, 0, 0) == 14);
    assert_true(eval("max(0, 30 - 2*x)", 20, 0, 0) == 0); /* never negative */
}

static void errors_at_evaluation(void **state)
{
    (void)state;
    struct isa *isa = with("x / (y - 2)");
    const struct isa_runtime *rt = isa_runtime(isa, "f");
    static const char *const names[] = {"a0", "a2"};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    double v = isa_runtime_eval(rt, names, (double[]){6, 2}, 2, f);
    assert_true(v < 0);
    v = isa_runtime_eval(rt, names, (double[]){6, 5}, 1, f); /* a2 not given */
    assert_true(v < 0);
    v = isa_runtime_eval(rt, names, (double[]){6, NAN}, 2, f); /* NaN is not a value */
    assert_true(v < 0);
    fclose(f);
    assert_non_null(strstr(buf, "error: formula 'x / (y - 2)': division by zero"));
    assert_non_null(strstr(buf, "error: formula 'x / (y - 2)': no value for 'y'"));
    free(buf);
    assert_true(isa_runtime_eval(rt, names, (double[]){6, 5}, 2, NULL) == 2);
    isa_free(isa);

    /* a negative result is an error */
    isa = with("x - 10");
    rt = isa_runtime(isa, "f");
    buf = NULL;
    f = open_memstream(&buf, &len);
    assert_true(isa_runtime_eval(rt, (const char *const[]){"a0"}, (double[]){3}, 1, f) < 0);
    fclose(f);
    assert_non_null(strstr(buf, "error: f: cost formula gives -7, a negative number"));
    free(buf);
    isa_free(isa);
}

static void constants(void **state)
{
    (void)state;
    char yaml[1024];
    snprintf(yaml, sizeof yaml, "%s  k: 42\n  k2: {cycles: 7.5, instructions: 3}\n  k3: \"2 * (3 + 4)\"\n", head);
    char *diag;
    struct isa *isa = ti_load_text(yaml, &diag);
    if (!isa)
        fail_msg("%s", diag);
    free(diag);
    const struct isa_runtime *rt = isa_runtime(isa, "k");
    assert_true(isa_runtime_eval(rt, NULL, NULL, 0, stderr) == 42);
    assert_true(isa_runtime_eval_ninstr(rt, NULL, NULL, 0, stderr) == 0);
    rt = isa_runtime(isa, "k2");
    assert_true(isa_runtime_eval(rt, NULL, NULL, 0, stderr) == 7.5);
    assert_true(isa_runtime_eval_ninstr(rt, NULL, NULL, 0, stderr) == 3);
    rt = isa_runtime(isa, "k3");
    assert_null(rt->formula);
    assert_true(rt->cycles == 14);
    isa_free(isa);
}

/* Syntax errors name the character's column. */
static void syntax_errors(void **state)
{
    (void)state;
    static const struct {
        const char *formula, *want;
    } cases[] = {
        {"", "formula '': empty formula"},
        {"1 +", "formula '1 +': expected a number, a name or '(' at the end"},
        {"(1", "formula '(1': expected ')' at the end"},
        {"1)", "formula '1)': unexpected ')'"},
        {"2x", "formula '2x': unexpected 'x' after a number"},
        {"a9", "formula 'a9': unknown name 'a9'"},
        {"min(1 2)", "formula 'min(1 2)': expected ',' or ')' in the arguments of min"},
        {"floor(1, 2)", "formula 'floor(1, 2)': floor takes 1 argument, found 2"},
        {"x $ 2", "formula 'x $ 2': unexpected '$'"},
        {"1e999", "formula '1e999': number out of range"},
        {"((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))",
         "nested more than 32 levels"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char yaml[1024];
        snprintf(yaml, sizeof yaml, "%s  f: {args: [x], cycles: \"%s\"}\n", head, cases[i].formula);
        char *diag;
        struct isa *isa = ti_load_text(yaml, &diag);
        if (isa)
            fail_msg("'%s' loaded", cases[i].formula);
        if (!strstr(diag, cases[i].want))
            fail_msg("'%s': expected \"%s\" in:\n%s", cases[i].formula, cases[i].want, diag);
        assert_non_null(strstr(diag, "t.yaml:9:"));
        free(diag);
    }
    /* the column of the offending character: the quote is at column 26 */
    char yaml[1024];
    snprintf(yaml, sizeof yaml, "%s  f: {args: [x], cycles: \"1 + x + ?\"}\n", head);
    char *diag;
    assert_null(ti_load_text(yaml, &diag));
    assert_non_null(strstr(diag, "t.yaml:9:35: error: formula '1 + x + ?': unexpected '?'"));
    free(diag);
    /* a long formula */
    char big[4096] = "1";
    for (int i = 0; i < 300; i++)
        strcat(big, "+1");
    char yaml2[8192];
    snprintf(yaml2, sizeof yaml2, "%s  f: \"%s\"\n", head, big);
    assert_null(ti_load_text(yaml2, &diag));
    assert_non_null(strstr(diag, "too long"));
    free(diag);
}

static void insn_formula(void **state)
{
    (void)state;
    char *diag;
    struct isa *isa = ti_load_fixture("good.yaml", &diag);
    assert_non_null(isa);
    free(diag);
    const struct isa_insn *sl = ti_insn(isa, "slli");
    assert_string_equal(sl->cycles_formula, "4 + floor(n/4) + n%4");
    assert_int_equal(sl->cycles, 9);
    for (int n = 0; n < 32; n++)
        assert_true(isa_insn_cycles(sl, n) == 4 + n / 4 + n % 4);
    assert_true(isa_insn_cycles(ti_insn(isa, "lw"), 5) == 1);
    isa_free(isa);
}

int ti_run_formula(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(operators), cmocka_unit_test(functions),     cmocka_unit_test(errors_at_evaluation),
        cmocka_unit_test(constants), cmocka_unit_test(syntax_errors), cmocka_unit_test(insn_formula),
    };
    return cmocka_run_group_tests_name("isa formulas", tests, NULL, NULL);
}
