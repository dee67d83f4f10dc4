/* test_models.c — the model library against published closed forms:
 * Darwin GACT against seed 000's Fig. 6 (exactly), the JPEG decoder against
 * Fig. 4 on long inputs, the SmartNIC IP against LogNIC's eq. 4 (seed 003)
 * on saturated input, plus the Fig. 2 pipeline's buffer bounds and the
 * PCIe DMA model's single-transfer latency. */
#include "test_util.h"

#include <math.h>

/* ---- Darwin: Fig. 6 -----------------------------------------------------------*/
static int64_t fig6(int64_t ref, int64_t query, int64_t steps, int64_t npe)
{
    return (ref + npe + 2) * query / npe + npe + 2 + 3 * steps;
}

static void test_darwin_fig6(void **state)
{
    (void)state;
    static const int64_t cases[][4] = {   /* ref, query, steps, num_pe */
        {512, 512, 300, 4}, {1000, 64, 0, 4}, {37, 128, 5, 4}, {256, 256, 77, 8}, {4096, 16, 1000, 16},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        struct lpn_param ov[] = {{"num_pe", cases[k][3]}};
        struct lpn_model *m = tl_load("darwin.yaml", true, ov, 1);
        struct lpn_sim *s = tl_sim(m, LPN_SIM_NO_GENERATORS);
        /* one pair arriving at cycle 1000 of an idle accelerator */
        int64_t pair[3] = {cases[k][0], cases[k][1], cases[k][2]};
        tl_inject(s, 1000, pair);
        assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 1), LPN_DONE_REACHED);
        int64_t want = fig6(cases[k][0], cases[k][1], cases[k][2], cases[k][3]);
        if (lpn_sim_last_done(s) - 1000 != want)
            fail_msg("case %zu: %lld cycles, Fig. 6 gives %lld", k, (long long)(lpn_sim_last_done(s) - 1000), (long long)want);
        lpn_sim_free(s);
        lpn_model_free(m);
    }
    /* three pairs back to back: one alignment holds the array at a time */
    struct lpn_model *m = tl_load("darwin.yaml", true, NULL, 0);
    struct lpn_sim *s = tl_sim(m, LPN_SIM_NO_GENERATORS);
    int64_t total = 0;
    for (int k = 0; k < 3; k++) {
        int64_t pair[3] = {cases[k][0], cases[k][1], cases[k][2]};
        tl_inject(s, 0, pair);
        total += fig6(pair[0], pair[1], pair[2], 4);
    }
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_last_done(s), total);
    lpn_sim_free(s);
    lpn_model_free(m);
}

/* ---- JPEG: Fig. 4 -------------------------------------------------------------*/
static uint64_t rng = 88172645463325252ULL;
static int64_t uniform(int64_t lo, int64_t hi)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

/* Simulates MCUS MCUs with symbols uniform in [LO, HI]; returns the
 * relative error of Fig. 4's formula against the simulation. */
static double jpeg_vs_fig4(int mcus, int64_t lo, int64_t hi, double *sim_cycles, double *formula)
{
    struct lpn_model *m = tl_load("jpeg_fig4.yaml", true, NULL, 0);
    struct lpn_sim *s = tl_sim(m, LPN_SIM_NO_GENERATORS);
    double sum = 0;
    for (int b = 0; b < 6 * mcus; b++) {
        int64_t sym = uniform(lo, hi);
        sum += (double)sym;
        tl_inject(s, 0, &sym);
    }
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_false(lpn_sim_deadlocked(s));
    double avg = sum / (6.0 * mcus);
    double rgb_blocks = 4.0 * mcus;
    double x = 6 * (avg * 3 + 6);
    *formula = rgb_blocks * (x > 509 ? x : 509) / 4;
    *sim_cycles = (double)lpn_sim_last_done(s);
    assert_int_equal(lpn_sim_done_count(s), 4 * mcus);
    lpn_sim_free(s);
    lpn_model_free(m);
    return fabs(*sim_cycles - *formula) / *sim_cycles;
}

static void test_jpeg_fig4(void **state)
{
    (void)state;
    double simc, form;
    /* Huffman is the bottleneck: 6 * (3 * 40 + 6) = 756 > 509 cycles per MCU */
    double err = jpeg_vs_fig4(5000, 30, 50, &simc, &form);
    print_message("jpeg, Huffman-bound: simulated %.0f, Fig. 4 %.0f, error %.3f%%\n", simc, form, 100 * err);
    assert_true(err < 0.02);
    /* colour conversion is the bottleneck: 6 * (3 * 10 + 6) = 216 < 509 */
    err = jpeg_vs_fig4(5000, 0, 20, &simc, &form);
    print_message("jpeg, colour-bound:  simulated %.0f, Fig. 4 %.0f, error %.3f%%\n", simc, form, 100 * err);
    assert_true(err < 0.02);
    /* short input: fill and drain are no longer negligible (assumption 1 of §4.2) */
    err = jpeg_vs_fig4(2, 30, 50, &simc, &form);
    print_message("jpeg, 2 MCUs:        simulated %.0f, Fig. 4 %.0f, error %.3f%%\n", simc, form, 100 * err);
    assert_true(err > 0.05);
}

/* ---- SmartNIC IP: LogNIC eq. 4 ------------------------------------------------*/
static void lognic_case(int64_t engines, int64_t engine_cycles, int64_t pkt_bytes)
{
    const int64_t packets = 20000, sched = 1, intf = 64;
    struct lpn_param ov[] = {{"engines", engines}, {"engine_cycles", engine_cycles}, {"pkt_bytes", pkt_bytes},
                             {"packets", packets}, {"sched_cycles", sched}, {"intf_bytes", intf}};
    struct lpn_model *m = tl_load("smartnic_ip.yaml", true, ov, 6);
    struct lpn_sim *s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_done_count(s), packets);
    /* eq. 4 in packets per cycle: the IP's P_v / sum(delta) with delta = 1,
     * and BW_INTF / sum(alpha) with alpha = 2 packets' bytes (in and out) */
    double ip = (double)engines / (double)(engine_cycles + sched);
    double bw = (double)intf / (double)(2 * pkt_bytes);
    double bound = ip < bw ? ip : bw;
    double tput = (double)packets / (double)lpn_sim_last_done(s);
    double err = fabs(tput - bound) / bound;
    print_message("lognic n=%lld C=%lld bytes=%lld: simulated %.6f pkt/cycle, eq. 4 %.6f (%s-bound), error %.3f%%\n",
                  (long long)engines, (long long)engine_cycles, (long long)pkt_bytes, tput, bound,
                  ip < bw ? "IP" : "interface", 100 * err);
    assert_true(tput <= bound * 1.0000001);   /* a bound is never beaten */
    assert_true(err < 0.005);
    if (ip < bw) {   /* the engines commit every 1 / P_v cycles on average */
        struct lpn_tstats e = tl_stats(s, "engine");
        double gap = (double)(e.last_commit - e.first_commit) / (double)(e.commits - 1);
        assert_true(fabs(gap * ip - 1) < 0.005);
    }
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_lognic_eq4(void **state)
{
    (void)state;
    lognic_case(4, 199, 512);    /* IP-bound: 0.02 vs 0.0625 */
    lognic_case(8, 99, 512);     /* interface-bound: 0.08 vs 0.0625 */
    lognic_case(4, 199, 2048);   /* interface-bound: 0.02 vs 0.015625 */
    lognic_case(2, 49, 256);     /* IP-bound: 0.04 vs 0.125 */
}

/* ---- Fig. 2 pipeline and PCIe DMA -------------------------------------------*/
static const struct lpn_sim *g_s;
static int g_buf, g_rmem, g_rcomp, g_bad;
static void check_bounds(void *ctx, int t, int64_t start, int64_t commit)
{
    (void)ctx, (void)t, (void)start, (void)commit;
    if (lpn_sim_tokens(g_s, g_buf) > 8 || lpn_sim_tokens(g_s, g_rmem) > 1 || lpn_sim_tokens(g_s, g_rcomp) > 1)
        g_bad++;
}

static void test_pipeline(void **state)
{
    (void)state;
    struct lpn_param ov[] = {{"N", 2000}};
    struct lpn_model *m = tl_load("pipeline.yaml", true, ov, 1);
    struct lpn_sim *s = tl_sim(m, 0);
    g_s = s, g_bad = 0;
    g_buf = lpn_place_find(m, "buf"), g_rmem = lpn_place_find(m, "rmem"), g_rcomp = lpn_place_find(m, "rcomp");
    lpn_sim_on_fire(s, check_bounds, NULL);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_false(lpn_sim_deadlocked(s));
    assert_int_equal(g_bad, 0);
    assert_int_equal(lpn_sim_done_count(s), 2000);
    assert_int_equal(tl_stats(s, "mem").commits, 1000);
    assert_int_equal(tl_stats(s, "compute").commits, 1000);
    assert_int_equal(tl_stats(s, "fetch").commits, 500);   /* 4 at a time */
    assert_true(tl_stats(s, "fetch").blocked > 0);         /* the buffer pushes back */
    lpn_sim_free(s);
    lpn_model_free(m);
}

static void test_pcie(void **state)
{
    (void)state;
    struct lpn_model *m = tl_load("pcie_dma.yaml", true, NULL, 0);
    struct lpn_sim *s = tl_sim(m, LPN_SIM_NO_GENERATORS);
    int64_t bytes = 4096;
    tl_inject(s, 0, &bytes);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, 1), LPN_DONE_REACHED);
    /* setup 150 + ceil((4096 + 16 TLPs * 24) / (8 lanes * 4)) = 140 + completion 100 */
    assert_int_equal(lpn_sim_last_done(s), 150 + 140 + 100);
    lpn_sim_free(s);
    lpn_model_free(m);
    /* many transfers: setup (150) is the bottleneck */
    m = tl_load("pcie_dma.yaml", true, NULL, 0);
    s = tl_sim(m, 0);
    assert_int_equal(lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT), LPN_IDLE);
    assert_int_equal(lpn_sim_last_done(s), 100 * 150 + 140 + 100);
    lpn_sim_free(s);
    lpn_model_free(m);
}

int tl_run_models(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_darwin_fig6),
        cmocka_unit_test(test_jpeg_fig4),
        cmocka_unit_test(test_lognic_eq4),
        cmocka_unit_test(test_pipeline),
        cmocka_unit_test(test_pcie),
    };
    return cmocka_run_group_tests_name("lpn models", tests, NULL, NULL);
}
