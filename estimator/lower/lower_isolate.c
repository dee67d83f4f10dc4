/* lower_isolate.c — runs one piece of LLVM work (code generation) in a forked
 * child so that LLVM's fatal errors and crashes end the child, not lpnest.
 *
 * Why a child: LLVM's fatal-error handler must not return (report_fatal_error
 * exits or aborts after it), and leaving it with longjmp would skip the
 * destructors of the C++ frames between the handler and our C code, leaving
 * the LLVM context, pass managers and their locks in an undefined state for
 * the rest of the run. A child process needs no such recovery: its handler
 * sends LLVM's message through a pipe and _exits, the parent's LLVM state is
 * untouched, and a plain crash of the backend (SIGSEGV on an unsupported
 * construct, an assertion in a debug LLVM) is caught the same way. lpnest is
 * single-threaded when it lowers, so fork() is safe. The child only runs LLVM
 * and writes to its pipes; it leaves through _exit so that stdio buffers and
 * atexit handlers (output temporaries) of the parent are not run twice. */
#define _POSIX_C_SOURCE 200809L
#include "lower.h"
#include "support.h"

#include <errno.h>
#include <llvm-c/ErrorHandling.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int err_fd = -1; /* the child's end of the message pipe */

static void write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

static void child_fatal(const char *reason)
{
    write_all(err_fd, reason, strlen(reason));
    _exit(3);
}

/* All of FD until end of file, NUL-terminated (malloc'd), *LEN its size. */
static char *read_all(int fd, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = sup_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            cap *= 2;
            buf = sup_xrealloc(buf, cap);
        }
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
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

bool lower_isolated_run(lower_isolated_fn work, void *arg, bool capture_stderr, struct lower_isolated *r)
{
    memset(r, 0, sizeof *r);
    int out[2], err[2];
    if (pipe(out))
        goto sys_fail;
    if (pipe(err)) {
        close(out[0]);
        close(out[1]);
        goto sys_fail;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(out[0]);
        close(out[1]);
        close(err[0]);
        close(err[1]);
        goto sys_fail;
    }
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        err_fd = err[1];
        if (capture_stderr)
            dup2(err[1], 2);
        LLVMResetFatalErrorHandler();
        LLVMInstallFatalErrorHandler(child_fatal);
        size_t len = 0;
        char *msg = NULL;
        char *text = work(arg, &len, &msg);
        if (!text) {
            if (msg)
                write_all(err[1], msg, strlen(msg));
            _exit(4);
        }
        write_all(out[1], text, len);
        _exit(0);
    }
    close(out[1]);
    close(err[1]);
    /* the child writes its output and then exits; its message (short, well
     * under a pipe's buffer) goes out only when there is no output */
    r->text = read_all(out[0], &r->len);
    size_t elen;
    r->message = read_all(err[0], &elen);
    close(out[0]);
    close(err[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        trim(r->message);
        return true;
    }
    free(r->text);
    r->text = NULL;
    if (!r->message[0]) {
        free(r->message);
        r->message = NULL;
        char why[96];
        if (WIFSIGNALED(st))
            snprintf(why, sizeof why, "the backend crashed (%s)", strsignal(WTERMSIG(st)));
        else
            snprintf(why, sizeof why, "the backend stopped with status %d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        r->message = sup_strdup(why);
    }
    trim(r->message);
    return false;

sys_fail:
    r->message = sup_strdup(strerror(errno));
    r->system = true;
    return false;
}

/* Outside an isolated child a fatal LLVM error still ends lpnest, but with a
 * diagnostic and exit status 1 instead of "LLVM ERROR" and an abort; exit()
 * (not _exit) so that pending output temporaries are removed. */
static void parent_fatal(const char *reason)
{
    fflush(stdout);
    fprintf(stderr, "lpnest: error: LLVM: %s\n", reason);
    exit(1);
}

void lower_install_fatal_handler(void) { LLVMInstallFatalErrorHandler(parent_fatal); }
