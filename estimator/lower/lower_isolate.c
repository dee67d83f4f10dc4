/* lower_isolate.c — runs one piece of LLVM work (code generation) in a forked
 * child (support/isolate.c) so that LLVM's fatal errors and crashes end the
 * child, not lpnest.
 *
 * Why a child: LLVM's fatal-error handler must not return (report_fatal_error
 * exits or aborts after it), and leaving it with longjmp would skip the
 * destructors of the C++ frames between the handler and our C code, leaving
 * the LLVM context, pass managers and their locks in an undefined state for
 * the rest of the run. A child process needs no such recovery: its handler
 * sends LLVM's message through a pipe and ends the child, the parent's LLVM
 * state is untouched, and a plain crash of the backend (SIGSEGV on an
 * unsupported construct, an assertion in a debug LLVM) is caught the same
 * way. lpnest is single-threaded when it lowers, so fork() is safe. The
 * child dies with lpnest (a killed lpnest leaves no code generation behind). */
#define _POSIX_C_SOURCE 200809L
#include "lower.h"
#include "support.h"

#include <llvm-c/ErrorHandling.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static void child_fatal(const char *reason) { sup_isolated_fail(reason); }

static void child_setup(void)
{
    LLVMResetFatalErrorHandler();
    LLVMInstallFatalErrorHandler(child_fatal);
}

/* LLVM's messages end in a newline (and "LLVM ERROR: " on stderr); the
 * diagnostic adds its own. Keeps the first line. */
static void trim(char *m)
{
    if (!strncmp(m, "LLVM ERROR: ", 12))
        memmove(m, m + 12, strlen(m + 12) + 1);
    m[strcspn(m, "\n")] = '\0';
    size_t n = strlen(m);
    while (n && m[n - 1] == ' ')
        m[--n] = '\0';
}

/* The last non-empty line of M, moved to its start: what the work or
 * LLVM's fatal-error handler said when it ended the child (after anything
 * the child printed before). */
static void last_line(char *m)
{
    size_t n = strlen(m);
    while (n && (m[n - 1] == '\n' || m[n - 1] == ' '))
        m[--n] = '\0';
    char *nl = strrchr(m, '\n');
    if (nl)
        memmove(m, nl + 1, strlen(nl + 1) + 1);
}

bool lower_isolated_run(lower_isolated_fn work, void *arg, bool capture_stderr, struct lower_isolated *r)
{
    memset(r, 0, sizeof *r);
    struct sup_isolated s;
    bool ok = sup_isolated_run(work, arg, child_setup, capture_stderr, &s);
    r->text = s.text;
    r->len = s.len;
    r->message = s.message;
    r->log = sup_strdup(s.message);
    r->system = s.system;
    if (ok || s.system) {
        trim(r->message);
        return ok;
    }
    if (s.status == 3 || s.status == 4)
        last_line(r->message);
    if (!r->message[0] || s.out_of_memory || s.signal) {
        char why[160];
        if (s.out_of_memory)
            snprintf(why, sizeof why, "the backend ran %s", r->message[0] ? r->message : "out of memory");
        else if (s.signal)
            snprintf(why, sizeof why, "the backend crashed (%s)", strsignal(s.signal));
        else
            snprintf(why, sizeof why, "the backend stopped with status %d", s.status);
        free(r->message);
        r->message = sup_strdup(why);
    }
    trim(r->message);
    return false;
}

/* Outside an isolated child a fatal LLVM error still ends lpnest, but with a
 * diagnostic and exit status 1 instead of "LLVM ERROR" and an abort; exit()
 * (not _exit) so that pending output temporaries are removed. */
static void parent_fatal(const char *reason)
{
    fflush(stdout);
    size_t n = strlen(reason);
    while (n && (reason[n - 1] == '\n' || reason[n - 1] == ' '))
        n--;
    fprintf(stderr, "%s: error: LLVM: ", sup_prog());
    sup_write_escaped(stderr, reason, n);
    fputc('\n', stderr);
    exit(1);
}

void lower_install_fatal_handler(void) { LLVMInstallFatalErrorHandler(parent_fatal); }
