/* exec_sandbox.c — the estimated program's file access (fopen) confined to
 * what the user grants: files under the file root (--fs-root DIR, default
 * the current directory) for reading, and for writing only with
 * --allow-writes. An absolute path, a ".." component, or a symbolic link
 * that leads out of the root is refused with a fault, which names the
 * program's source line like every fault.
 *
 * The check resolves the path (realpath) before opening it; a concurrent
 * process that swaps a directory for a symbolic link between the check and
 * the open could still escape. It keeps untrusted bitcode from reaching
 * the host by accident or by a plain path, not from an attacker racing on
 * the same machine. */
#define _DEFAULT_SOURCE
#include "exec.h"
#include "support.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    if (writes(mode) && !vm->allow_writes)
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): the program may not write files (run lpnest with "
                              "--allow-writes to let it write under the file root '%s')", path, mode, root);
    size_t need = strlen(root) + strlen(path) + 2;
    char *full = sup_xmalloc(need);
    snprintf(full, need, "%s/%s", root, path);
    /* where it leads: the file itself when it exists, else its directory */
    char real[PATH_MAX];
    bool ok = true;
    struct stat st;
    if (lstat(full, &st) == 0) {
        ok = realpath(full, real) != NULL;
    } else {
        char *slash = strrchr(full, '/');
        *slash = '\0';
        ok = realpath(full, real) != NULL;
        *slash = '/';
        if (!ok) { /* no such directory: fopen fails as it would */
            free(full);
            errno = ENOENT;
            return true;
        }
    }
    if (ok && !beneath(real, root)) {
        free(full);
        return exec_fault(vm, "fopen(\"%s\", \"%s\"): a symbolic link leads out of the file root '%s' (to '%s')",
                          path, mode, root, real);
    }
    *out = ok ? fopen(full, mode) : NULL;
    free(full);
    return true;
}
