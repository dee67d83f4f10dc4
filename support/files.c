/* files.c — whole-file reading under the input limit, and atomic output
 * files (temporary + rename) that never replace a read-only file. */
#define _POSIX_C_SOURCE 200809L
#include "support.h"
#include "support_impl.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static unsigned long long input_limit = SUP_INPUT_LIMIT_DEFAULT;
static const char *input_limit_option = "--input-limit";

void sup_set_input_limit(unsigned long long bytes, const char *option)
{
    input_limit = bytes;
    if (option)
        input_limit_option = option;
}

unsigned long long sup_input_limit(void) { return input_limit; }

const char *sup_bytes(unsigned long long n, char *buf, size_t size)
{
    static const char suffix[] = "kMGT";
    int k = -1;
    unsigned long long v = n;
    while (v && v % 1024 == 0 && k < 3)
        v /= 1024, k++;
    if (k >= 0)
        snprintf(buf, size, "%llu bytes (%llu%c)", n, v, suffix[k]);
    else
        snprintf(buf, size, "%llu bytes", n);
    return buf;
}

void sup_input_too_large(FILE *diag, const char *path, unsigned line, const char *what)
{
    char b[64];
    sup_diag(diag, path, line, 0, "error", "%s is larger than the input limit of %s; %s=BYTES raises it", what,
             sup_bytes(input_limit, b, sizeof b), input_limit_option);
}

char *sup_read_file(const char *path, size_t *len, size_t max_bytes, FILE *diag)
{
    bool is_stdin = strcmp(path, "-") == 0;
    unsigned long long limit = max_bytes ? max_bytes : input_limit;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        sup_diag(diag, path, 0, 0, "error", "cannot open: %s", strerror(errno));
        return NULL;
    }
    char b1[64], b2[64];
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (unsigned long long)st.st_size > limit) {
        if (max_bytes)
            sup_diag(diag, path, 0, 0, "error", "the file has %s, more than the limit of %s",
                     sup_bytes((unsigned long long)st.st_size, b1, sizeof b1), sup_bytes(limit, b2, sizeof b2));
        else
            sup_diag(diag, path, 0, 0, "error", "the file has %s, more than the input limit of %s; %s=BYTES raises it",
                     sup_bytes((unsigned long long)st.st_size, b1, sizeof b1), sup_bytes(limit, b2, sizeof b2),
                     input_limit_option);
        if (!is_stdin)
            fclose(f);
        return NULL;
    }
    char before[512]; /* what the program was doing: back when the file is read */
    snprintf(before, sizeof before, "%s", sup__activity());
    sup_set_activity("reading", path);
    size_t cap = 4096, n = 0;
    char *buf = sup_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            /* never more than the limit and a byte to see that it is passed */
            size_t next = cap * 2;
            if (next > limit + 2 && limit + 2 > cap)
                next = (size_t)limit + 2;
            cap = next;
            buf = sup_xrealloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (n > limit) {
            if (max_bytes)
                sup_diag(diag, path, 0, 0, "error", "the input is larger than the limit of %s",
                         sup_bytes(limit, b2, sizeof b2));
            else
                sup_input_too_large(diag, path, 0, "the input");
            goto fail;
        }
        if (got == 0) {
            if (ferror(f)) {
                sup_diag(diag, path, 0, 0, "error", "cannot read: %s", strerror(errno));
                goto fail;
            }
            break;
        }
    }
    sup__restore_activity(before);
    if (!is_stdin)
        fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
fail:
    sup__restore_activity(before);
    if (!is_stdin)
        fclose(f);
    free(buf);
    return NULL;
}

/* Temporaries not yet committed, removed if the process is interrupted. */
#define MAX_PENDING 32
static char *pending[MAX_PENDING];
static volatile sig_atomic_t handlers_installed;

static void remove_pending(void)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
}

void sup_outfile_remove_pending(void) { remove_pending(); }

void sup__forget_pending(void)
{
    for (int i = 0; i < MAX_PENDING; i++)
        pending[i] = NULL;
}

static void on_signal(int sig)
{
    remove_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void track(char *tmp, bool add)
{
    if (!handlers_installed) {
        handlers_installed = 1;
        atexit(remove_pending);
        signal(SIGINT, on_signal);
        signal(SIGTERM, on_signal);
        signal(SIGHUP, on_signal);
    }
    for (int i = 0; i < MAX_PENDING; i++) {
        if (add && !pending[i]) {
            pending[i] = tmp;
            return;
        }
        if (!add && pending[i] == tmp) {
            pending[i] = NULL;
            return;
        }
    }
}

/* Temporaries are named PATH.lpnest-tmp.PID.XXXXXX: a run killed before it
 * could remove its own (SIGKILL, a crash) leaves one whose PID no longer
 * runs, and the next run writing PATH removes it. A PID that runs again
 * (reused by another process) keeps its file: never remove a live one. */
#define TMP_TAG ".lpnest-tmp."

static void remove_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path) : 0;
    char *dir = sup_xmalloc(dl + 2);
    if (slash)
        memcpy(dir, path, dl ? dl : 1), dir[dl ? dl : 1] = '\0';
    else
        strcpy(dir, ".");
    const char *base = slash ? slash + 1 : path;
    size_t bl = strlen(base), tl = strlen(TMP_TAG);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        const char *n = e->d_name;
        if (strncmp(n, base, bl) || strncmp(n + bl, TMP_TAG, tl))
            continue;
        char *end;
        errno = 0;
        long pid = strtol(n + bl + tl, &end, 10);
        if (errno || end == n + bl + tl || *end != '.' || strlen(end + 1) != 6 || pid <= 0)
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        size_t need = strlen(dir) + strlen(n) + 2;
        char *stale = sup_xmalloc(need);
        snprintf(stale, need, "%s/%s", dir, n);
        unlink(stale);
        free(stale);
    }
    if (d)
        closedir(d);
    free(dir);
}

int sup_outfile_open(struct sup_outfile *o, const char *path, FILE *diag)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    /* Devices and pipes (/dev/null, a FIFO) are written in place: there is
     * nothing to truncate and they must never be replaced by a rename. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->f = fopen(path, "w");
        if (!o->f) {
            sup_diag(diag, path, 0, 0, "error", "cannot open output file: %s", strerror(errno));
            return -1;
        }
        o->path = sup_strdup(path);
        return 0;
    }
    /* a read-only file stays: rename would replace it, as '>' would not */
    mode_t mode;
    if (stat(path, &st) == 0) {
        if (!(st.st_mode & 0222) || access(path, W_OK) != 0) {
            sup_diag(diag, path, 0, 0, "error", "the output file is read-only (mode %04o): not replaced; make it "
                     "writable or remove it", (unsigned)(st.st_mode & 07777));
            return -1;
        }
        mode = st.st_mode & 07777;
    } else {
        mode_t um = umask(0);
        umask(um);
        mode = 0666 & ~um;
    }
    remove_stale(path);
    size_t n = strlen(path) + sizeof TMP_TAG + 32;
    o->path = sup_strdup(path);
    o->tmp = sup_xmalloc(n);
    snprintf(o->tmp, n, "%s" TMP_TAG "%ld.XXXXXX", path, (long)getpid());
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        sup_diag(diag, path, 0, 0, "error", "cannot create output file: %s", strerror(errno));
        free(o->path);
        free(o->tmp);
        memset(o, 0, sizeof *o);
        return -1;
    }
    fchmod(fd, mode);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        sup_diag(diag, path, 0, 0, "error", "cannot create output file: %s", strerror(errno));
        close(fd);
        unlink(o->tmp);
        free(o->path);
        free(o->tmp);
        memset(o, 0, sizeof *o);
        return -1;
    }
    track(o->tmp, true);
    return 0;
}

int sup_outfile_commit(struct sup_outfile *o, FILE *diag)
{
    if (!o->f)
        return -1;
    if (!o->tmp) {
        /* a device or stdout: the error is the one of the first failure */
        int err = 0;
        int bad = fflush(o->f) != 0 || ferror(o->f);
        if (bad)
            err = errno;
        if (o->path && fclose(o->f) != 0) {
            err = err ? err : errno;
            bad = 1;
        }
        o->f = NULL;
        if (!bad) {
            free(o->path);
            o->path = NULL;
        }
        if (bad) {
            sup_diag(diag, o->path ? o->path : "<stdout>", 0, 0, "error", "write failed: %s", strerror(err ? err : errno));
            free(o->path);
            o->path = NULL;
            return -1;
        }
        return 0;
    }
    int bad = ferror(o->f);
    if (fclose(o->f) != 0)
        bad = 1;
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0)
        bad = 1;
    if (bad) {
        sup_diag(diag, o->path, 0, 0, "error", "cannot write output file: %s", strerror(errno));
        unlink(o->tmp);
    }
    track(o->tmp, false);
    free(o->tmp);
    free(o->path);
    o->tmp = o->path = NULL;
    return bad ? -1 : 0;
}

void sup_outfile_abort(struct sup_outfile *o)
{
    if (o->f && o->path)
        fclose(o->f);
    if (o->tmp) {
        unlink(o->tmp);
        track(o->tmp, false);
    }
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
}

void sup_outfile_fail(struct sup_outfile *o, const char *what, FILE *diag)
{
    int err = errno;
    sup_diag(diag, o->path ? o->path : "<stdout>", 0, 0, "error", "cannot write %s: %s", what,
             err ? strerror(err) : "write error");
    sup_outfile_abort(o);
}
