/* exec_sandbox.c — the estimated program's file access (fopen) confined to
 * what the user grants: regular files under the file root (--fs-root DIR,
 * default the current directory) for reading, and for writing only with
 * --allow-writes, up to the write limit (--write-limit). An absolute path,
 * a ".." component, a symbolic link that leads out of the root (or nowhere)
 * and a file that is not a regular file (a FIFO, a device, a socket: a read
 * of one can block forever, outside any step limit) are refused with a
 * fault, which names the program's source line like every fault.
 *
 * The check resolves the path (realpath) before opening it; a concurrent
 * process that swaps a directory for a symbolic link between the check and
 * the open could still escape. It keeps untrusted bitcode from reaching
 * the host by accident or by a plain path, not from an attacker racing on
 * the same machine. The file itself is opened without blocking and its
 * type checked on the open descriptor, so a FIFO swapped in is refused too. */
#define _DEFAULT_SOURCE
#include "exec.h"
#include "support.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What creating a file costs against the write limit: a block, so that the
 * limit bounds the number of files as well as their bytes. */
#define FILE_CHARGE 4096

static bool writes(const char *mode) { return strpbrk(mode, "wa+") != NULL; }

/* True when the resolved path R is ROOT or below it. */
static bool beneath(const char *r, const char *root)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return true;
    return !strncmp(r, root, n) && (r[n] == '\0' || r[n] == '/');
}

static bool has_dotdot(const char *p)
{
    for (const char *s = p; *s;) {
        size_t n = strcspn(s, "/");
        if (n == 2 && s[0] == '.' && s[1] == '.')
            return true;
        s += n;
        while (*s == '/')
            s++;
    }
    return false;
}

static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : S_ISDIR(m) ? "a directory" : "not a regular file";
}

/* open(2) flags of an fopen MODE. */
static int open_flags(const char *mode)
{
    bool plus = strchr(mode, '+') != NULL;
    switch (mode[0]) {
    case 'w':
        return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
    case 'a':
        return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
    default:
        return plus ? O_RDWR : O_RDONLY;
    }
}

bool exec_sandbox_fopen(struct vm *vm, const char *path, const char *mode, FILE **out)
{
    *out = NULL;
    const char *root_arg = vm->fs_root ? vm->fs_root : ".";
    char root[PATH_MAX];
    if (!realpath(root_arg, root))
        return exec_fault(vm, "fopen(\"%s\"): the file root '%s' cannot be used: %s", path, root_arg, strerror(errno));
    if (path[0] == '/')
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): absolute paths are refused: the program may open files only "
                              "under the file root '%s' (--fs-root DIR), by relative paths", path, mode, root);
    if (has_dotdot(path))
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): '..' is refused: the program may open files only under the "
                              "file root '%s' (--fs-root DIR)", path, mode, root);
    if (mode[0] != 'r' && mode[0] != 'w' && mode[0] != 'a') {
        errno = EINVAL;
        return true;
    }
    if (writes(mode) && !vm->allow_writes)
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): the program may not write files (run lpnest with "
                              "--allow-writes to let it write under the file root '%s')", path, mode, root);
    size_t need = strlen(root) + strlen(path) + 2;
    char *full = sup_xmalloc(need);
    snprintf(full, need, "%s/%s", root, path);
    /* where it leads: the file itself when it exists, else its directory */
    char real[PATH_MAX];
    struct stat st;
    bool exists = lstat(full, &st) == 0;
    if (exists && S_ISLNK(st.st_mode) && !realpath(full, real)) {
        /* a link to nothing: opening it to write would create its target,
         * wherever that is */
        char target[PATH_MAX];
        ssize_t tl = readlink(full, target, sizeof target - 1);
        target[tl > 0 ? tl : 0] = '\0';
        free(full);
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): a symbolic link to '%s', which does not exist (links are "
                              "followed only to files under the file root '%s')", path, mode, target, root);
    }
    if (exists && !realpath(full, real)) {
        free(full);
        return true; /* errno from realpath, as fopen would fail */
    }
    if (!exists) {
        char *slash = strrchr(full, '/');
        *slash = '\0';
        bool dir_ok = realpath(full, real) != NULL;
        *slash = '/';
        if (!dir_ok) { /* no such directory: fopen fails as it would */
            free(full);
            errno = ENOENT;
            return true;
        }
    }
    if (!beneath(real, root)) {
        free(full);
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): a symbolic link leads out of the file root '%s' (to '%s')",
                          path, mode, root, real);
    }
    if (exists && stat(real, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        free(full);
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): '%s' is %s: the program may open only regular files (a read "
                              "of one could block the run forever)", path, mode, path, kind_of(st.st_mode));
    }
    int flags = open_flags(mode);
    bool create = !exists && (flags & O_CREAT);
    if (create && vm->write_limit && vm->written + FILE_CHARGE > vm->write_limit) {
        free(full);
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): the program has written %llu bytes and may write at most "
                              "%llu (--write-limit; each file it creates counts %d)", path, mode,
                          (unsigned long long)vm->written, (unsigned long long)vm->write_limit, FILE_CHARGE);
    }
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; the type is
     * checked on the descriptor itself */
    int fd = open(full, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
    free(full);
    if (fd < 0)
        return true; /* errno as fopen's */
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const char *kind = kind_of(st.st_mode);
        close(fd);
        if (S_ISDIR(st.st_mode)) { /* fopen of a directory: fails as it would */
            errno = EISDIR;
            return true;
        }
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): '%s' is %s: the program may open only regular files (a read "
                              "of one could block the run forever)", path, mode, path, kind);
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    *out = fdopen(fd, mode);
    if (!*out) {
        close(fd);
        return true;
    }
    if (create)
        vm->written += FILE_CHARGE;
    return true;
}

bool exec_sandbox_write(struct vm *vm, FILE *f, uint64_t n)
{
    if (f == vm->out || f == vm->err || f == vm->in || !vm->write_limit)
        return true;
    if (n > vm->write_limit - (vm->written < vm->write_limit ? vm->written : vm->write_limit))
        return exec_fault(vm, "the program would write more than the write limit of %llu bytes to its files "
                              "(--write-limit; %llu written so far)", (unsigned long long)vm->write_limit,
                          (unsigned long long)vm->written);
    vm->written += n;
    return true;
}

bool exec_sandbox_seek(struct vm *vm, FILE *f, int64_t offset, int whence)
{
    if (f == vm->out || f == vm->err || f == vm->in || !vm->write_limit)
        return true;
    int acc = fcntl(fileno(f), F_GETFL) & O_ACCMODE;
    if (acc == O_RDONLY)
        return true;
    off_t base = 0;
    if (whence == SEEK_CUR)
        base = ftello(f);
    else if (whence == SEEK_END) {
        struct stat st;
        base = fstat(fileno(f), &st) == 0 ? st.st_size : 0;
    }
    if (offset > 0 && base >= 0 && (uint64_t)base + (uint64_t)offset > vm->write_limit)
        return exec_fault(vm, "fseek to offset %lld of a file the program writes: past the write limit of %llu bytes "
                              "(--write-limit)", (long long)((uint64_t)base + (uint64_t)offset),
                          (unsigned long long)vm->write_limit);
    return true;
}
