/* test_freq.c — unit tests of counts without a run (estimator/counts/freq.c,
 * estimate_static.c): block frequencies solved from probabilities on CFGs
 * whose frequencies are known in closed form (chains, diamonds, loops,
 * nests, an irreducible cycle checked against plain iteration, a loop that
 * never exits), integer rounding that conserves flow on random networks,
 * and cost_estimate_freqs on a module in memory (no clang, no plugin). */
#include "estimate_static.h"
#include "freq.h"
#include "isa.h"
#include "report.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* A CFG given as (from, to, probability) edges, sorted by source. */
struct edge_p {
    uint32_t from, to;
    double p;
};

static void solve(size_t n, const struct edge_p *e, size_t ne, double *f)
{
    size_t *off = calloc(n + 1, sizeof *off);
    uint32_t *succ = calloc(ne + 1, sizeof *succ);
    double *prob = calloc(ne + 1, sizeof *prob);
    for (size_t i = 0; i < ne; i++)
        off[e[i].from + 1]++;
    for (size_t v = 0; v < n; v++)
        off[v + 1] += off[v];
    size_t *fill = calloc(n + 1, sizeof *fill);
    for (size_t i = 0; i < ne; i++) {
        size_t k = off[e[i].from] + fill[e[i].from]++;
        succ[k] = e[i].to;
        prob[k] = e[i].p;
    }
    cnt_freq_solve(n, off, succ, prob, f);
    free(off);
    free(succ);
    free(prob);
    free(fill);
}

static void chain_and_diamond(void **state)
{
    (void)state;
    const struct edge_p d[] = {{0, 1, 0.3}, {0, 2, 0.7}, {1, 3, 1}, {2, 3, 1}};
    double f[4];
    solve(4, d, 4, f);
    assert_true(fabs(f[0] - 1) < 1e-12 && fabs(f[1] - 0.3) < 1e-12 && fabs(f[2] - 0.7) < 1e-12 &&
                fabs(f[3] - 1) < 1e-12);
}

static void loops(void **state)
{
    (void)state;
    /* 0 -> 1 (header) -> 2 (body) -> 1 or exit 3; the header tests: body 99/100 */
    const struct edge_p l[] = {{0, 1, 1}, {1, 2, 0.99}, {1, 3, 0.01}, {2, 1, 1}};
    double f[4];
    solve(4, l, 4, f);
    assert_true(fabs(f[1] - 100) < 1e-9 && fabs(f[2] - 99) < 1e-9 && fabs(f[3] - 1) < 1e-12);
    /* nest: outer 10 iterations, inner 25 per outer iteration (bottom-tested) */
    const struct edge_p n[] = {{0, 1, 1}, {1, 2, 1}, {2, 2, 24.0 / 25}, {2, 3, 1.0 / 25}, {3, 1, 9.0 / 10},
                               {3, 4, 1.0 / 10}};
    double g[5];
    solve(5, n, 6, g);
    assert_true(fabs(g[1] - 10) < 1e-9 && fabs(g[2] - 250) < 1e-9 && fabs(g[4] - 1) < 1e-12);
    /* a loop that never exits gets BlockFrequencyInfo's infinite-loop scale */
    const struct edge_p inf[] = {{0, 1, 1}, {1, 1, 1}};
    double h[2];
    solve(2, inf, 2, h);
    assert_true(fabs(h[1] - 4096) < 1e-6);
}

static void irreducible(void **state)
{
    (void)state;
    /* two ways into the cycle 2 <-> 3 */
    const struct edge_p e[] = {{0, 2, 0.4}, {0, 3, 0.6}, {2, 3, 0.8}, {2, 4, 0.2}, {3, 2, 0.5}, {3, 4, 0.5}};
    double f[5];
    solve(5, e, 6, f);
    /* fixed point by plain iteration */
    double x[5] = {0};
    for (int it = 0; it < 10000; it++) {
        double y[5] = {1, 0, 0, 0, 0};
        for (size_t i = 0; i < 6; i++)
            y[e[i].to] += x[e[i].from] * e[i].p;
        memcpy(x, y, sizeof x);
    }
    for (int v = 0; v < 5; v++)
        assert_true(fabs(f[v] - x[v]) < 1e-9);
    assert_true(fabs(f[4] - 1) < 1e-12);
}

static uint64_t rng = 88172645463325252ull;
static double rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

static void rounding(void **state)
{
    (void)state;
    for (int trial = 0; trial < 200; trial++) {
        /* random CFG of N blocks: each block has 1..3 successors (some back) or returns */
        size_t n = 2 + (size_t)(rnd() * 40);
        struct edge_p *e = calloc(3 * n + 1, sizeof *e);
        size_t ne = 0;
        for (uint32_t b = 0; b + 1 < n; b++) {
            int k = 1 + (int)(rnd() * 3);
            double w[3], s = 0;
            for (int i = 0; i < k; i++)
                s += w[i] = 0.05 + rnd();
            for (int i = 0; i < k; i++) {
                uint32_t to = i == 0 ? b + 1 : (uint32_t)(rnd() * (double)n);
                e[ne++] = (struct edge_p){b, to, w[i] / s};
            }
        }
        double *f = calloc(n, sizeof *f);
        solve(n, e, ne, f);
        /* the flow network at scale: outside node N, exits from the last block */
        size_t nx = ne + 2;
        uint32_t *from = calloc(nx, sizeof *from), *to = calloc(nx, sizeof *to);
        double *x = calloc(nx, sizeof *x);
        uint64_t *y = calloc(nx, sizeof *y);
        from[0] = (uint32_t)n, to[0] = 0, x[0] = CNT_FREQ_SCALE;
        for (size_t i = 0; i < ne; i++)
            from[i + 1] = e[i].from, to[i + 1] = e[i].to, x[i + 1] = CNT_FREQ_SCALE * f[e[i].from] * e[i].p;
        from[ne + 1] = (uint32_t)(n - 1), to[ne + 1] = (uint32_t)n, x[ne + 1] = CNT_FREQ_SCALE * f[n - 1];
        assert_true(cnt_round_flow(n + 1, nx, from, to, x, y));
        int64_t *bal = calloc(n + 1, sizeof *bal);
        for (size_t i = 0; i < nx; i++) {
            bal[to[i]] += (int64_t)y[i];
            bal[from[i]] -= (int64_t)y[i];
            assert_true(fabs((double)y[i] - x[i]) < 2);
            if (x[i] == 0)
                assert_int_equal(y[i], 0);
        }
        for (size_t v = 0; v <= n; v++)
            assert_int_equal(bal[v], 0);
        free(e);
        free(f);
        free(from);
        free(to);
        free(x);
        free(y);
        free(bal);
    }
}

/* cost_estimate_freqs on textual IR: a loop of 10 iterations per call */
static const char *const loop_ir =
    "target datalayout = \"e-m:e-p:32:32-i64:64-n32-S128\"\n"
    "target triple = \"riscv32-unknown-unknown-elf\"\n"
    "define i32 @count(ptr %p) {\n"
    "entry:\n"
    "  br label %loop\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %entry ], [ %n, %loop ]\n"
    "  %s = phi i32 [ 0, %entry ], [ %t, %loop ]\n"
    "  %a = getelementptr i32, ptr %p, i32 %i\n"
    "  %v = load volatile i32, ptr %a\n"
    "  %t = add i32 %s, %v\n"
    "  %n = add i32 %i, 1\n"
    "  %c = icmp eq i32 %n, 10\n"
    "  br i1 %c, label %done, label %loop\n"
    "done:\n"
    "  ret i32 %t\n"
    "}\n";

static void estimate_from_probabilities(void **state)
{
    (void)state;
    struct isa *isa = isa_load_named("picorv32", stderr);
    assert_non_null(isa);
    struct eng_module *m = eng_module_load_memory("loop.ll", loop_ir, strlen(loop_ir), stderr);
    assert_non_null(m);
    struct cost_freqs *fq = cost_freqs_new();
    const size_t off[] = {0, 1, 3, 3};
    const double prob[] = {1, 0.1, 0.9};
    cost_freqs_add(fq, "count", 3, off, prob);
    struct cost_estimate *e = cost_estimate_freqs(m, isa, fq, false, NULL, stderr, NULL);
    assert_non_null(e);
    assert_string_equal(e->count_source, "static");
    assert_int_equal(e->nfuncs, 1);
    assert_int_equal(e->funcs[0].calls, 1);
    double hottest = 0;
    for (size_t b = 0; b < e->nblocks; b++)
        if (e->blocks[b].count > hottest)
            hottest = e->blocks[b].count;
    assert_true(fabs(hottest - 10) < 1e-9);
    /* the same loop, probabilities that do not match the CFG: no counts, a warning */
    struct cost_freqs *bad = cost_freqs_new();
    const size_t off2[] = {0, 1, 2, 2};
    cost_freqs_add(bad, "count", 3, off2, prob);
    struct cost_estimate *e2 = cost_estimate_freqs(m, isa, bad, false, NULL, stderr, NULL);
    assert_non_null(e2);
    assert_int_equal(e2->funcs[0].calls, 0);
    assert_true(e2->nwarnings >= 1 && strstr(e2->warnings[0], "'count'"));
    cost_estimate_free(e);
    cost_estimate_free(e2);
    cost_freqs_free(fq);
    cost_freqs_free(bad);
    eng_module_free(m);
    isa_free(isa);
}

static void cfg_hash(void **state)
{
    (void)state;
    struct eng_module *m = eng_module_load_memory("loop.ll", loop_ir, strlen(loop_ir), stderr);
    assert_non_null(m);
    LLVMValueRef f = LLVMGetNamedFunction(eng_module_llvm(m), "count");
    uint64_t h = cost_cfg_hash(f);
    assert_true(h != 0 && h == cost_cfg_hash(f));
    eng_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chain_and_diamond), cmocka_unit_test(loops), cmocka_unit_test(irreducible),
        cmocka_unit_test(rounding), cmocka_unit_test(estimate_from_probabilities), cmocka_unit_test(cfg_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
