/* bench_lpn.c — speed and memory of the LPN simulator on a whole run of any
 * model: load (YAML parse and compile), token input (the model's initial
 * and generated tokens, or a JSONL file), simulation. Prints, per
 * repetition, each step's wall time, the whole run's wall and CPU time and
 * commits per second, then the best repetition and the process's max RSS.
 * Without a model: lpn/models/jpeg.yaml with mcus=166667 (1,000,002 blocks).
 *   bench_lpn [MODEL [-p NAME=VALUE]...] [--input FILE.jsonl] [--repeat N] */
#define _POSIX_C_SOURCE 200809L
#include "lpn.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#ifndef BENCH_DEFAULT_MODEL
#define BENCH_DEFAULT_MODEL "lpn/models/jpeg.yaml"
#endif
#define MAX_PARAMS 32

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double max_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;   /* KiB on Linux */
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_lpn [MODEL [-p NAME=VALUE]...] [--input FILE.jsonl] [--repeat N]\n");
    return 2;
}

/* One whole run; false after printing why. C[0..3]: CPU seconds at the
 * start, after loading the model, after the tokens, at the end; WALL: the
 * whole run's wall time. */
static bool run_once(const char *model, const struct lpn_param *params, size_t nparams, const char *input,
                     double c[4], double *wall, uint64_t *commits, struct lpn_sim **keep, struct lpn_model **keepm)
{
    double w0 = now_s();
    c[0] = cpu_s();
    struct lpn_model *m = lpn_load_file(model, params, nparams, stderr);
    if (!m)
        return false;
    c[1] = cpu_s();
    struct lpn_sim *s = lpn_sim_new_limited(m, input ? LPN_SIM_NO_GENERATORS : 0, UINT64_MAX, 0, stderr);
    if (!s || (input && lpn_sim_load_jsonl(s, input, stderr) < 0)) {
        lpn_sim_free(s);
        lpn_model_free(m);
        return false;
    }
    c[2] = cpu_s();
    enum lpn_status st = lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT);
    c[3] = cpu_s();
    *wall = now_s() - w0;
    if (st != LPN_IDLE || lpn_sim_deadlocked(s)) {
        fprintf(stderr, "bench_lpn: the run did not complete (%s)\n",
                st == LPN_ERROR ? lpn_sim_error(s) : st == LPN_IDLE ? "deadlock" : "stopped");
        lpn_sim_free(s);
        lpn_model_free(m);
        return false;
    }
    *commits = lpn_sim_commits(s);
    *keep = s;
    *keepm = m;
    return true;
}

int main(int argc, char **argv)
{
    const char *model = NULL, *input = NULL;
    struct lpn_param params[MAX_PARAMS];
    size_t nparams = 0;
    unsigned long long repeat = 5;
    int rc = 0;
    for (int i = 1; i < argc && !rc;) {
        const char *v;
        int r;
        if ((r = sup_cli_value(argc, argv, &i, "-p", &v, "bench_lpn", stderr)) != 0) {
            const char *eq = r > 0 ? strchr(v, '=') : NULL;
            long long val;
            char *end;
            if (!eq || eq == v || nparams == MAX_PARAMS || (val = strtoll(eq + 1, &end, 10), *end || end == eq + 1)) {
                fprintf(stderr, "bench_lpn: error: expected -p NAME=VALUE (an integer value, at most %d)\n", MAX_PARAMS);
                rc = 2;
                break;
            }
            char *name = sup_strdup(v);
            name[eq - v] = '\0';
            params[nparams++] = (struct lpn_param){name, val};
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--input", &v, "bench_lpn", stderr)) != 0) {
            if (r < 0)
                rc = 2;
            input = v;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--repeat", &v, "bench_lpn", stderr)) != 0) {
            if (r < 0 || !sup_parse_u64(v, &repeat) || !repeat)
                rc = usage();
            continue;
        }
        if (argv[i][0] == '-' || model)
            rc = usage();
        model = argv[i++];
    }
    if (!rc && !model) {
        model = BENCH_DEFAULT_MODEL;
        if (!nparams)
            params[nparams++] = (struct lpn_param){sup_strdup("mcus"), 166667};
    }
    if (!rc) {
        printf("model %s", model);
        for (size_t k = 0; k < nparams; k++)
            printf(" -p %s=%lld", params[k].name, (long long)params[k].value);
        printf("%s%s\nCPU times (ms) of loading the model, making or reading the tokens, simulating, and the whole run;\n"
               "its wall time (> CPU when the machine is busy)\n%4s %10s %10s %10s %10s %10s %12s %16s\n",
               input ? " --input " : "", input ? input : "", "run", "load", "tokens", "sim", "total", "wall",
               "commits", "commits/CPU s");
    }
    double best = 1e30, best_cpu = 1e30, best_load = 1e30, best_tokens = 1e30;
    uint64_t commits = 0;
    for (unsigned long long r = 0; r < repeat && !rc; r++) {
        double c[4], wall;
        struct lpn_sim *s;
        struct lpn_model *m;
        if (!run_once(model, params, nparams, input, c, &wall, &commits, &s, &m)) {
            rc = 1;
            break;
        }
        double cpu = c[3] - c[0];
        printf("%4llu %10.2f %10.2f %10.2f %10.2f %10.2f %12llu %16.0f\n", r + 1, 1e3 * (c[1] - c[0]), 1e3 * (c[2] - c[1]),
               1e3 * (c[3] - c[2]), 1e3 * cpu, 1e3 * wall, (unsigned long long)commits, (double)commits / cpu);
        best = wall < best ? wall : best;
        best_cpu = cpu < best_cpu ? cpu : best_cpu;
        best_load = c[1] - c[0] < best_load ? c[1] - c[0] : best_load;
        best_tokens = c[2] - c[1] < best_tokens ? c[2] - c[1] : best_tokens;
        if (r + 1 == repeat)
            printf("simulated cycles %lld, done tokens %llu\n", (long long)lpn_sim_last_done(s),
                   (unsigned long long)lpn_sim_done_count(s));
        lpn_sim_free(s);
        lpn_model_free(m);
    }
    if (!rc) {
        printf("best load (CPU): %.2f ms model + %.2f ms tokens = %.2f ms; best whole run: %.2f ms CPU, %.2f ms wall\n",
               1e3 * best_load, 1e3 * best_tokens, 1e3 * (best_load + best_tokens), 1e3 * best_cpu, 1e3 * best);
        printf("best: %.1f M commits/s wall, %.1f M commits per CPU second (load and tokens included; wall > CPU "
               "means the machine was busy)\n",
               (double)commits / best / 1e6, (double)commits / best_cpu / 1e6);
        printf("max RSS: %.1f MB\n", max_rss_mb());
    }
    for (size_t k = 0; k < nparams; k++)
        free((char *)params[k].name);
    return rc;
}
