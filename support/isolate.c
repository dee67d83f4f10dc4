/* isolate.c — runs one piece of work in a forked child, so that what can
 * kill a process (a library's crash, stack overflow or fatal error on a
 * hostile input) ends the child and becomes a message in the program.
 *
 * The child gets its output and its messages back to the parent through
 * two pipes, read together (poll) so that neither can fill up and stall
 * the other. It dies with its parent (PR_SET_PDEATHSIG; where that does
 * not exist, it stops when its pipes close): a killed lpnest leaves no
 * code generation running on. It forgets the parent's output temporaries
 * and signal handlers, and leaves through _exit, so that nothing of the
 * parent (stdio buffers, atexit handlers) runs twice. */
#define _GNU_SOURCE
#include "support.h"
#include "support_impl.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

bool sup__in_child;
static int child_err_fd = -1;

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

void sup__child_message(const char *msg, size_t n)
{
    if (child_err_fd >= 0)
        write_all(child_err_fd, msg, n);
}

bool sup_in_isolated_child(void) { return sup__in_child; }

void sup_isolated_fail(const char *why)
{
    /* on a line of its own: the child may have said something before */
    sup__child_message("\n", 1);
    if (why)
        sup__child_message(why, strlen(why));
    _exit(3);
}

struct growbuf {
    char *p;
    size_t n, cap;
};

/* Appends what FD has now; false at its end (or an error). */
static bool drain(int fd, struct growbuf *b)
{
    if (b->n + 4096 + 1 > b->cap) {
        b->cap = b->cap ? b->cap * 2 : 8192;
        b->p = sup_xrealloc(b->p, b->cap);
    }
    ssize_t r = read(fd, b->p + b->n, b->cap - b->n - 1);
    if (r < 0 && (errno == EINTR || errno == EAGAIN))
        return true;
    if (r <= 0)
        return false;
    b->n += (size_t)r;
    return true;
}

static void finish(struct growbuf *b)
{
    if (!b->p)
        b->p = sup_xmalloc(1);
    b->p[b->n] = '\0';
}

static void in_child(sup_isolated_fn work, void *arg, void (*setup)(void), bool capture_stderr, pid_t parent,
                     int out_fd, int err_fd)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) /* the parent died before the line above */
        _exit(1);
    sup__in_child = true;
    child_err_fd = err_fd;
    sup__forget_pending();
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGALRM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL); /* a parent gone: the child ends at its next write */
    if (capture_stderr)
        dup2(err_fd, 2);
    if (setup)
        setup();
    size_t len = 0;
    char *msg = NULL;
    char *text = work(arg, &len, &msg);
    if (!text) {
        if (msg)
            write_all(err_fd, msg, strlen(msg));
        _exit(4);
    }
    write_all(out_fd, text, len);
    _exit(0);
}

bool sup_isolated_run(sup_isolated_fn work, void *arg, void (*setup)(void), bool capture_stderr,
                      struct sup_isolated *r)
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
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(out[0]);
        close(out[1]);
        close(err[0]);
        close(err[1]);
        errno = e;
        goto sys_fail;
    }
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        in_child(work, arg, setup, capture_stderr, parent, out[1], err[1]);
    }
    close(out[1]);
    close(err[1]);
    struct growbuf ob = {0}, eb = {0};
    struct pollfd pf[2] = {{.fd = out[0], .events = POLLIN}, {.fd = err[0], .events = POLLIN}};
    while (pf[0].fd >= 0 || pf[1].fd >= 0) {
        if (poll(pf, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int k = 0; k < 2; k++)
            if (pf[k].fd >= 0 && pf[k].revents && !drain(pf[k].fd, k ? &eb : &ob)) {
                close(pf[k].fd);
                pf[k].fd = -1;
            }
    }
    for (int k = 0; k < 2; k++)
        if (pf[k].fd >= 0)
            close(pf[k].fd);
    finish(&ob);
    finish(&eb);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    r->message = eb.p;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        r->text = ob.p;
        r->len = ob.n;
        return true;
    }
    free(ob.p);
    if (WIFSIGNALED(st))
        r->signal = WTERMSIG(st);
    else
        r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r->out_of_memory = WIFEXITED(st) && WEXITSTATUS(st) == SUP_CHILD_OOM;
    return false;

sys_fail:
    r->message = sup_strdup(strerror(errno));
    r->system = true;
    return false;
}
