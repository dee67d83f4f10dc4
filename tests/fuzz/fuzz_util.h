/* fuzz_util.h — shared by the fuzz targets: a /dev/null stream for
 * diagnostics and output, and the input as a file for loaders that take a
 * path (one file per process in $TMPDIR or /tmp, removed at exit). */
#ifndef LPNEST_FUZZ_UTIL_H
#define LPNEST_FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline FILE *fuzz_null(void)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w+");
    return null;
}

static char fuzz_path_[256];
static void fuzz_unlink_(void) { unlink(fuzz_path_); }

/* DATA written to a file named like NAME (its extension matters to some
 * loaders) in DIR (NULL: $TMPDIR or /tmp); the same path on every call. */
static inline const char *fuzz_file_in(const char *dir, const uint8_t *data, size_t size, const char *name)
{
    if (!fuzz_path_[0]) {
        const char *tmp = dir ? dir : getenv("TMPDIR");
        snprintf(fuzz_path_, sizeof fuzz_path_, "%s/lpnest-fuzz-%ld-%s", tmp && *tmp ? tmp : "/tmp", (long)getpid(), name);
        atexit(fuzz_unlink_);
    }
    FILE *f = fopen(fuzz_path_, "wb");
    if (!f)
        abort();
    if (size)
        fwrite(data, 1, size, f);
    fclose(f);
    return fuzz_path_;
}

static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
    return fuzz_file_in(NULL, data, size, name);
}

#endif
