/* bench_analysis.c — time of each LPN analysis (lpn/ANALYSIS.md) on the
 * hand-derivable nets of the tests and on the JPEG model at several sizes:
 * loading the space, exploring its classes, building the interfaces (and
 * comparing them with lpn sim on samples), proving the latency bounds, and
 * checking an accuracy property of the interface. Prints one row per case.
 *   bench_analysis [--timeout SECONDS] [--only NAME] */
#define _POSIX_C_SOURCE 200809L
#include "lpn_analysis.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BENCH_SOURCE_DIR
#define BENCH_SOURCE_DIR "."
#endif

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

struct bcase {
    const char *name;
    const char *model;          /* relative to the source tree */
    const char *space;          /* a file of the tree, or inline YAML when it starts with "lpn_space" */
    const char *property;       /* an smt property, or NULL */
};

static const struct bcase cases[] = {
    {"chain3 (4 jobs, shared x)", "tests/data/lpn/analysis/chain3.yaml", "tests/data/lpn/analysis/chain3_shared.yaml",
     "|pi - latency| / latency < 0.35"},
    {"loop2 (5 jobs)", "tests/data/lpn/analysis/loop2.yaml", "tests/data/lpn/analysis/loop2_space.yaml", "pi == latency"},
    {"fig2, fixed mix, 12 insns", "lpn/models/pipeline.yaml", "tests/data/lpn/analysis/fig2_mix.yaml",
     "|pi - latency| / latency < 0.5"},
    {"fig2, fixed mix, 400 insns", "lpn/models/pipeline.yaml",
     "lpn_space: 1\ntokens: 400\nsymbols:\n  d_mem: {min: 10, max: 29}\n  d_comp: {min: 5, max: 34}\n"
     "props:\n  kind: [0, 1]\n  lat: [d_mem, d_comp]\n  nops: 1\n", NULL},
    {"fig2, 4 insns of any kind", "lpn/models/pipeline.yaml", "tests/data/lpn/analysis/fig2_kinds.yaml", NULL},
    {"darwin, 1 alignment", "lpn/models/darwin.yaml", "tests/data/lpn/analysis/darwin1.yaml", "pi == latency"},
    {"vta, 3 tiles (13 insns)", "lpn/models/vta.yaml", "tests/data/lpn/analysis/vta3.yaml", NULL},
    {"jpeg, 18 blocks, 0..64", "lpn/models/jpeg_fig4.yaml", "tests/data/lpn/analysis/jpeg18.yaml",
     "|pi - latency| / latency < 0.5"},
    {"jpeg, 18 blocks, 10..40", "lpn/models/jpeg_fig4.yaml", "tests/data/lpn/analysis/jpeg18_range.yaml", NULL},
    {"jpeg, 600 blocks, 0..64", "lpn/models/jpeg_fig4.yaml", "lpn_space: 1\ntokens: 600\nprops:\n  symbols: {min: 0, max: 64}\n", NULL},
    {"jpeg, 3000 blocks, 0..64", "lpn/models/jpeg_fig4.yaml", "lpn_space: 1\ntokens: 3000\nprops:\n  symbols: {min: 0, max: 64}\n",
     NULL},
    {"jpeg, 18 blocks, avg 20", "lpn/models/jpeg_fig4.yaml", "tests/data/lpn/analysis/jpeg18_ratio.yaml", NULL},
};

static const char *verdict(const struct lpn_bound *b)
{
    return b->verdict == LPN_V_PROVED ? "" : b->verdict == LPN_V_DISPROVED ? " (cex)" : " (unknown)";
}

int main(int argc, char **argv)
{
    double timeout = 10;
    const char *only = NULL;
    for (int i = 1; i < argc;) {
        const char *v;
        int r;
        if ((r = sup_cli_value(argc, argv, &i, "--timeout", &v, "bench_analysis", stderr)) != 0) {
            if (r < 0 || (timeout = strtod(v, NULL)) <= 0) {
                fprintf(stderr, "bench_analysis: error: --timeout needs seconds\n");
                return 2;
            }
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--only", &v, "bench_analysis", stderr)) != 0) {
            if (r < 0)
                return 2;
            only = v;
            continue;
        }
        fprintf(stderr, "usage: bench_analysis [--timeout SECONDS] [--only NAME]\n");
        return 2;
    }
    printf("LPN analyses (lpn/ANALYSIS.md): seconds per step; solver timeout %.0f s\n", timeout);
    printf("%-28s %5s %6s %8s %8s %8s %9s %9s  %s\n", "case", "paths", "class", "explore", "pi", "bounds", "property",
           "pi error", "result");
    int rc = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct bcase *c = &cases[k];
        if (only && !strstr(c->name, only))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", BENCH_SOURCE_DIR, c->model);
        struct lpn_model *m = lpn_load_file(path, NULL, 0, stderr);
        if (!m)
            return 1;
        double t0 = now_s();
        struct lpn_space *sp;
        if (!strncmp(c->space, "lpn_space", 9)) {
            sp = lpn_space_load_string(m, c->name, c->space, strlen(c->space), stderr);
        } else {
            snprintf(path, sizeof path, "%s/%s", BENCH_SOURCE_DIR, c->space);
            sp = lpn_space_load_file(m, path, stderr);
        }
        if (!sp)
            return 1;
        struct lpn_limits lim;
        lpn_limits_default(&lim);
        lim.solver_seconds = timeout;
        struct lpn_classes *cl = lpn_classes_explore(sp, &lim, stderr);
        if (!cl)
            return 1;
        double t1 = now_s();
        struct lpn_pi_opts po = {.samples = 10, .seed = 1};
        struct lpn_pi *pi = lpn_pi_build(cl, &po, stderr);
        if (!pi)
            return 1;
        double t2 = now_s();
        struct lpn_query *q = lpn_query_parse(sp, "<query>", "bounds", stderr);
        struct lpn_smt_result r;
        if (!q || lpn_smt_run(cl, pi, q, &r, stderr))
            return 1;
        double t3 = now_s(), t4 = t3;
        char prop[64] = "-";
        if (c->property) {
            struct lpn_query *pq = lpn_query_parse(sp, "<query>", c->property, stderr);
            struct lpn_smt_result pr;
            if (!pq || lpn_smt_run(cl, pi, pq, &pr, stderr))
                return 1;
            t4 = now_s();
            snprintf(prop, sizeof prop, "%.3f", t4 - t3);
            snprintf(prop + strlen(prop), sizeof prop - strlen(prop), "%s",
                     pr.overall[0].verdict == LPN_V_PROVED ? "" : pr.overall[0].verdict == LPN_V_DISPROVED ? "x" : "?");
            lpn_smt_result_free(&pr);
            lpn_query_free(pq);
        }
        double worst = 0;
        for (int k2 = 0; k2 < lpn_classes_count(cl); k2++) {
            int n;
            double mean, max;
            lpn_pi_accuracy(pi, k2, &n, &mean, &max);
            if (n && isfinite(mean))
                worst = fmax(worst, mean);
        }
        char res[200];
        snprintf(res, sizeof res, "max %.0f%s (sim %lld), min %.0f%s (sim %lld)", r.overall[0].value, verdict(&r.overall[0]),
                 (long long)r.overall[0].simulated, r.overall[1].value, verdict(&r.overall[1]),
                 (long long)r.overall[1].simulated);
        printf("%-28s %5d %6d %8.3f %8.3f %8.3f %9s %8.1f%%  %s\n", c->name, lpn_classes_paths(cl),
               lpn_classes_count(cl), t1 - t0, t2 - t1, t3 - t2, prop, 100 * worst, res);
        if (lpn_classes_count(cl) == 1)
            printf("%-28s interface: %s\n", "", lpn_pi_formula(pi, 0));
        if ((r.overall[0].verdict == LPN_V_PROVED && r.overall[0].simulated != (int64_t)r.overall[0].value) ||
            (r.overall[1].verdict == LPN_V_PROVED && r.overall[1].simulated != (int64_t)r.overall[1].value)) {
            fprintf(stderr, "bench_analysis: error: a witness does not reproduce its bound in lpn sim\n");
            rc = 1;
        }
        lpn_smt_result_free(&r);
        lpn_query_free(q);
        lpn_pi_free(pi);
        lpn_classes_free(cl);
        lpn_space_free(sp);
        lpn_model_free(m);
        fflush(stdout);
    }
    printf("pi: interface built and compared with lpn sim on 10 inputs per class (mean relative error of the worst class);\n"
           "bounds: proven max and min latency with witnesses simulated; property: x = disproved, ? = unknown (timeout)\n");
    return rc;
}
