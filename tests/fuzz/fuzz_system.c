/* fuzz_system.c — libFuzzer target for `--accel` system files
 * (estimator/SYSTEM.md): any bytes are loaded as a system; its models are
 * found beside it, in a temporary directory holding links to the bundled
 * models (lpn/models/NAME.yaml as NAME.yaml) and to those of the offload
 * tests (tests/data/offload: serve.yaml, link.yaml). */
#define _DEFAULT_SOURCE
#include "fuzz_util.h"
#include "system.h"

#include <dirent.h>
#include <string.h>

static char dir[256];

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[600];
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

static void make_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/lpnest-fuzz-system-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        abort();
    atexit(remove_dir);
    static const char *const models[] = {LPNEST_SOURCE_DIR "/lpn/models", LPNEST_SOURCE_DIR "/tests/data/offload"};
    for (int k = 0; k < 2; k++) {
        DIR *d = opendir(models[k]);
        struct dirent *e;
        char from[600], to[600];
        while (d && (e = readdir(d))) {
            size_t n = strlen(e->d_name);
            if (n > 5 && !strcmp(e->d_name + n - 5, ".yaml")) {
                snprintf(from, sizeof from, "%s/%s", models[k], e->d_name);
                snprintf(to, sizeof to, "%s/%s", dir, e->d_name);
                if (symlink(from, to))
                    abort();
            }
        }
        if (d)
            closedir(d);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        make_dir();
    struct offload_system *s = offload_system_load(fuzz_file_in(dir, data, size, "system.yaml"), fuzz_null());
    offload_system_free(s);
    return 0;
}
