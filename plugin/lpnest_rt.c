/* lpnest_rt.c — the runtime of programs built with -lpnest-instrument: each
 * instrumented module registers its counters and their description from a
 * constructor; at exit the profile (plugin/PROFILE.md) is written to
 * $LPNEST_PROFILE ("%p" in it becomes the process id; default
 * "lpnest.profile"), through a temporary file renamed into place. Link it
 * into the instrumented program (liblpnest_rt.a). Single-threaded programs:
 * the counters are plain memory. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What an instrumented module's constructor passes (plugin/instrument.cpp). */
struct lpnest_rt_module {
    const char *desc;          /* "module ...\nfunction ...\n...counters N\n" */
    uint64_t *counters;
    uint64_t n;
    struct lpnest_rt_module *next;
};

void __lpnest_rt_register(struct lpnest_rt_module *m);

static struct lpnest_rt_module *first, *last;

static void profile_path(char *out, size_t n)
{
    const char *pat = getenv("LPNEST_PROFILE");
    if (!pat || !*pat)
        pat = "lpnest.profile";
    size_t k = 0;
    for (const char *p = pat; *p && k + 1 < n; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            int w = snprintf(out + k, n - k, "%ld", (long)getpid());
            if (w > 0)
                k += (size_t)w < n - k ? (size_t)w : n - k - 1;
            p++;
        } else
            out[k++] = *p;
    }
    out[k] = '\0';
}

static void write_profile(void)
{
    char path[4096], tmp[4200];
    profile_path(path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "lpnest: cannot write the profile %s\n", tmp);
        return;
    }
    fputs("lpnest_profile 1\n", f);
    for (const struct lpnest_rt_module *m = first; m; m = m->next) {
        fputs(m->desc, f);
        for (uint64_t i = 0; i < m->n; i++)
            fprintf(f, "%llu\n", (unsigned long long)m->counters[i]);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "lpnest: cannot write the profile %s\n", path);
        remove(tmp);
    }
}

void __lpnest_rt_register(struct lpnest_rt_module *m)
{
    if (!first)
        atexit(write_profile);
    m->next = NULL;
    if (last)
        last->next = m;
    else
        first = m;
    last = m;
}
