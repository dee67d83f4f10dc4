/* isa_list.c — the bundled descriptions: where they live (LPNEST_ISA_DIR,
 * overridable by the environment; the installed copy when that folder is
 * gone), loading one by name, and listing them
 * with their one-line descriptions for --target=help. */
#include "isa_impl.h"
#include "support.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef LPNEST_ISA_DIR
#define LPNEST_ISA_DIR "isa"
#endif

const char *isa__dir(void)
{
    const char *env = getenv("LPNEST_ISA_DIR");
    if (env && *env)
        return env;
#ifdef LPNEST_ISA_INSTALL_DIR
    /* an installed lpnest whose source tree is gone: the installed descriptions */
    struct stat st;
    if (stat(LPNEST_ISA_DIR, &st) != 0 && stat(LPNEST_ISA_INSTALL_DIR, &st) == 0)
        return LPNEST_ISA_INSTALL_DIR;
#endif
    return LPNEST_ISA_DIR;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names (malloc'd, sorted) of DIR/NAME.yaml files; NULL-terminated. */
static char **scan(const char *dir, size_t *count)
{
    size_t n = 0, cap = 16;
    char **names = sup_xmalloc(cap * sizeof *names);
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *de;
        while ((de = readdir(d))) {
            size_t len = strlen(de->d_name);
            if (len <= 5 || strcmp(de->d_name + len - 5, ".yaml") != 0 || de->d_name[0] == '.')
                continue;
            if (n + 1 >= cap)
                names = sup_xrealloc(names, (cap *= 2) * sizeof *names);
            names[n] = sup_xmalloc(len - 4);
            memcpy(names[n], de->d_name, len - 5);
            names[n][len - 5] = '\0';
            n++;
        }
        closedir(d);
    }
    qsort(names, n, sizeof *names, cmp_str);
    names[n] = NULL;
    *count = n;
    return names;
}

static void free_names(char **names)
{
    for (char **p = names; p && *p; p++)
        free(*p);
    free(names);
}

static bool valid_name(const char *s)
{
    if (!*s || *s == '.')
        return false;
    for (; *s; s++)
        if (*s == '/' || *s == '\\')
            return false;
    return true;
}

struct isa *isa_load_named(const char *name, FILE *diag)
{
    const char *dir = isa__dir();
    size_t len = strlen(dir) + strlen(name) + 8;
    char *path = sup_xmalloc(len);
    snprintf(path, len, "%s/%s.yaml", dir, name);
    struct stat st;
    if (!valid_name(name) || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        size_t n;
        char **names = scan(dir, &n);
        char list[1024] = "";
        size_t used = 0;
        for (size_t i = 0; i < n && used < sizeof list - 1; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
        if (n)
            sup_diag(diag, NULL, 0, 0, "error", "unknown target '%s' (available: %s)", name, list);
        else
            sup_diag(diag, NULL, 0, 0, "error", "unknown target '%s' (available: none; no NAME.yaml in '%s', "
                     "set LPNEST_ISA_DIR)", name, dir);
        free_names(names);
        free(path);
        return NULL;
    }
    struct isa *isa = isa__load_bundled(path, diag);
    if (isa && strcmp(isa->name, name) != 0) {
        sup_diag(diag, path, 0, 0, "error", "the description is named '%s', not '%s' like its file", isa->name, name);
        isa_free(isa);
        isa = NULL;
    }
    free(path);
    return isa;
}

static char **list_names, **list_descs;

static void free_list(void)
{
    free_names(list_names);
    free_names(list_descs);
    list_names = list_descs = NULL;
}

const char *const *isa_list(const char *const **descriptions)
{
    static bool registered;
    if (!registered) {
        atexit(free_list);
        registered = true;
    }
    free_list();
    size_t n;
    list_names = scan(isa__dir(), &n);
    if (!descriptions)
        return (const char *const *)list_names; /* the names only: no description loaded (lpnest's
                                                    check of --target=NAME loaded all twelve, 0.13 s) */
    list_descs = sup_xcalloc(n + 1, sizeof *list_descs);
    for (size_t i = 0; i < n; i++) {
        const char *dir = isa__dir();
        size_t len = strlen(dir) + strlen(list_names[i]) + 8;
        char *path = sup_xmalloc(len);
        snprintf(path, len, "%s/%s.yaml", dir, list_names[i]);
        struct isa *isa = isa_load_file(path, NULL);
        list_descs[i] = sup_strdup(isa ? isa->description : "(does not load: run lpnest with --target for the error)");
        isa_free(isa);
        free(path);
    }
    if (descriptions)
        *descriptions = (const char *const *)list_descs;
    return (const char *const *)list_names;
}
