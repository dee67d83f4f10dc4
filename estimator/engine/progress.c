/* progress.c — the progress line (progress.h): "lpnest: PHASE: 1.2 G IR
 * instructions, 520 M/s, 4.1 s" on stderr, redrawn in place with a carriage
 * return and erased with the terminal's erase-line sequence. The phase is
 * also what a time-limit or out-of-memory message says lpnest was doing. */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static struct {
    bool on, shown;
    bool held;                /* the program's output left a line unfinished: no line drawn over it */
    double start, delay;      /* when lpnest began; how long before the line appears */
    double phase_start;
    const char *phase;
} P;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void eng_progress_enable(bool on)
{
    P.on = on;
    P.start = P.phase_start = now();
    P.delay = 1.5;
    const char *d = getenv("LPNEST_PROGRESS_DELAY");
    char *end;
    double v = d ? strtod(d, &end) : 0;
    if (d && end != d && !*end && v >= 0)
        P.delay = v;
}

bool eng_progress_enabled(void) { return P.on; }

static void draw(const char *detail)
{
    double t = now();
    if (!P.on || !P.phase || P.held || t - P.start < P.delay)
        return;
    fprintf(stderr, "\r\033[Klpnest: %s%s, %.1f s", P.phase, detail, t - P.start);
    fflush(stderr);
    P.shown = true;
}

/* LPNEST_PHASE_TIMES (a development aid): each phase's start on stderr with
 * the process's CPU seconds so far (its compiler children not included). */
static void phase_time(const char *name)
{
    static int on = -1;
    if (on < 0)
        on = getenv("LPNEST_PHASE_TIMES") != NULL;
    if (!on)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    fprintf(stderr, "lpnest: phase %s at %.3f s CPU\n", name, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
}

void eng_progress_phase(const char *name)
{
    phase_time(name);
    sup_set_activity(name, NULL); /* for the messages of a time limit and of memory exhausted */
    P.phase = name;
    P.phase_start = now();
    draw("");
}

void eng_progress_steps(uint64_t steps)
{
    /* the engine may call often (with a time limit, every 256k steps):
     * the line is redrawn at most ten times a second */
    static double last;
    double at = now();
    if (at - last < 0.1)
        return;
    last = at;
    double t = at - P.phase_start;
    char buf[96], n[32];
    /* in the unit that suits the count: 950 k, 16.8 M, 1.2 G (never 0.0168 G) */
    double v = (double)steps;
    if (v >= 1e9)
        snprintf(n, sizeof n, "%.3g G", v / 1e9);
    else if (v >= 1e6)
        snprintf(n, sizeof n, "%.3g M", v / 1e6);
    else if (v >= 1e3)
        snprintf(n, sizeof n, "%.3g k", v / 1e3);
    else
        snprintf(n, sizeof n, "%.0f", v);
    snprintf(buf, sizeof buf, ": %s IR instructions, %.0f M/s", n, t > 0 ? v / t / 1e6 : 0.0);
    draw(buf);
}

void eng_progress_clear(void)
{
    if (P.shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    P.shown = false;
}

size_t eng_progress_write(FILE *f, const void *text, size_t n)
{
    if (!P.on || !n)
        return fwrite(text, 1, n, f);
    eng_progress_clear();
    size_t w = fwrite(text, 1, n, f);
    /* on the terminal in order: the program's text before the next line */
    fflush(f);
    P.held = ((const char *)text)[n - 1] != '\n';
    return w;
}
