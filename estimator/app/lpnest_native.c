/* lpnest_native.c — lpnest_token for builds that do not run under lpnest
 * (native, qemu): appends each token as one `lpn sim --input` JSONL line to
 * the file named by $LPNEST_TOKENS, or does nothing when it is unset. */
#include "lpnest.h"

#include <stdio.h>
#include <stdlib.h>

void lpnest_token(const char *place, const struct lpnest_prop *props, unsigned nprops)
{
    static FILE *out;
    static int opened;
    if (!opened) {
        const char *path = getenv("LPNEST_TOKENS");
        opened = 1;
        out = path && *path ? fopen(path, "w") : NULL;
    }
    if (!out)
        return;
    fputs("{", out);
    if (place && *place)
        fprintf(out, "\"place\": \"%s\", ", place);
    fputs("\"props\": {", out);
    for (unsigned i = 0; i < nprops; i++)
        fprintf(out, "%s\"%s\": %lld", i ? ", " : "", props[i].name, props[i].value);
    fputs("}}\n", out);
    fflush(out);
}
