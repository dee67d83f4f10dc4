/* bench_lpn.c — speed of the LPN simulator on a JPEG run of 1,000,002
 * block tokens (lpn/models/jpeg.yaml with mcus=166667), load and token
 * generation included: prints commits, wall time and commits per second
 * for each repetition and the best one.
 *   bench_lpn [MODEL] [-p NAME=VALUE]... [--repeat N] */
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

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec + 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

int main(int argc, char **argv)
{
    const char *model = BENCH_DEFAULT_MODEL;
    struct lpn_param params[32] = {{"mcus", 166667}};
    size_t nparams = 1;
    bool owned[32] = {false};   /* names from the command line, freed at the end */
    unsigned long long repeat = 5;
    for (int i = 1; i < argc;) {
        const char *v;
        int r;
        if ((r = sup_cli_value(argc, argv, &i, "-p", &v, "bench_lpn", stderr)) != 0) {
            const char *eq = r > 0 ? strchr(v, '=') : NULL;
            if (!eq || nparams == 32) {
                fprintf(stderr, "bench_lpn: error: expected -p NAME=VALUE\n");
                return 2;
            }
            char *name = sup_strdup(v);
            name[eq - v] = '\0';
            size_t k = 0;
            while (k < nparams && strcmp(params[k].name, name))
                k++;
            if (k < nparams && owned[k])
                free((char *)params[k].name);   /* given twice: the last one wins */
            params[k].name = name;
            owned[k] = true;
            params[k].value = strtoll(eq + 1, NULL, 10);
            nparams += k == nparams;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--repeat", &v, "bench_lpn", stderr)) != 0) {
            if (r < 0 || !sup_parse_u64(v, &repeat) || !repeat)
                return 2;
            continue;
        }
        if (argv[i][0] == '-') {
            fprintf(stderr, "usage: bench_lpn [MODEL] [-p NAME=VALUE]... [--repeat N]\n");
            return 2;
        }
        model = argv[i++];
    }
    printf("model %s", model);
    for (size_t k = 0; k < nparams; k++)
        printf(" -p %s=%lld", params[k].name, (long long)params[k].value);
    printf("\n%4s %10s %10s %10s %10s %10s %12s %14s\n", "run", "load ms", "tokens ms", "sim ms", "total ms", "cpu ms",
           "commits", "commits/s");
    double best = 1e30, best_cpu = 1e30;
    uint64_t commits = 0;
    for (unsigned long long r = 0; r < repeat; r++) {
        double c0 = cpu_s(), t0 = now_s();
        struct lpn_model *m = lpn_load_file(model, params, nparams, stderr);
        if (!m)
            return 1;
        double t1 = now_s();
        struct lpn_sim *s = lpn_sim_new(m, 0, stderr);
        if (!s)
            return 1;
        double t2 = now_s();
        enum lpn_status st = lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT);
        double t3 = now_s(), c3 = cpu_s();
        if (st != LPN_IDLE || lpn_sim_deadlocked(s)) {
            fprintf(stderr, "bench_lpn: the run did not complete (status %d)\n", (int)st);
            return 1;
        }
        commits = lpn_sim_commits(s);
        printf("%4llu %10.1f %10.1f %10.1f %10.1f %10.1f %12llu %14.0f\n", r + 1, 1e3 * (t1 - t0), 1e3 * (t2 - t1),
               1e3 * (t3 - t2), 1e3 * (t3 - t0), 1e3 * (c3 - c0), (unsigned long long)commits, (double)commits / (t3 - t0));
        if (t3 - t0 < best)
            best = t3 - t0;
        if (c3 - c0 < best_cpu)
            best_cpu = c3 - c0;
        if (r + 1 == repeat)
            printf("simulated cycles %lld, done tokens %llu\n", (long long)lpn_sim_last_done(s),
                   (unsigned long long)lpn_sim_done_count(s));
        lpn_sim_free(s);
        lpn_model_free(m);
    }
    printf("best: %.1f ms wall for %llu commits = %.1f M commits/s (load and token generation included)\n",
           1e3 * best, (unsigned long long)commits, (double)commits / best / 1e6);
    printf("best CPU time: %.1f ms = %.1f M commits per CPU second (wall > CPU means the machine was busy)\n",
           1e3 * best_cpu, (double)commits / best_cpu / 1e6);
    for (size_t k = 0; k < nparams; k++)
        if (owned[k])
            free((char *)params[k].name);
    return 0;
}
