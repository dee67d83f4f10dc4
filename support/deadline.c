/* deadline.c — the wall-clock limit of a run (--time-limit). Work that
 * loops (the IR engine) asks sup_time_up() at its periodic checks and stops
 * with a located message; anything else that outlasts the limit (a read
 * that blocks, code generation in a child) is ended by an alarm a little
 * later, with a message that says what the program was doing. Only one
 * deadline per process. */
#define _POSIX_C_SOURCE 200809L
#include "support.h"
#include "support_impl.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Seconds the located stop gets before the alarm ends the program. */
#define GRACE 2

static double deadline;      /* CLOCK_MONOTONIC seconds; 0: none */
static double limit_secs;
static char alarm_msg[256];  /* prepared now: the handler only writes it */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_alarm(int sig)
{
    (void)sig;
    if (sup__in_child) /* a child dies with its parent; it has no limit of its own */
        _exit(1);
    size_t n = strlen(alarm_msg);
    if (write(2, alarm_msg, n) < 0) { /* nothing more to do */
    }
    const char *act = sup__activity();
    if (act[0]) {
        if (write(2, " while ", 7) < 0 || write(2, act, strlen(act)) < 0) {
        }
    }
    if (write(2, "\n", 1) < 0) {
    }
    sup_outfile_remove_pending();
    _exit(1);
}

void sup_set_time_limit(double seconds)
{
    limit_secs = seconds;
    if (seconds <= 0) {
        deadline = 0;
        alarm(0);
        return;
    }
    deadline = now() + seconds;
    snprintf(alarm_msg, sizeof alarm_msg, "%s: error: the time limit of %g seconds was reached (--time-limit)",
             sup_prog(), seconds);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    double whole = seconds + GRACE;
    alarm(whole > 4e6 ? 4000000u : (unsigned)whole + 1);
}

bool sup_time_limited(void) { return deadline > 0; }

bool sup_time_up(double *limit)
{
    if (limit)
        *limit = limit_secs;
    return deadline > 0 && now() >= deadline;
}
