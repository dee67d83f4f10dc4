/* jpeg_tool.c — native-only driver of the decoder for the tests:
 *   jpeg_tool decode IN.jpg OUT.ppm   decodes a file to a binary PPM (P6)
 *   jpeg_tool tokens IN.jpg [OUT.jsonl]  runs the token function and writes
 *                                     its tokens to OUT.jsonl (or, without it,
 *                                     to $LPNEST_TOKENS; none when unset)
 * Exit status 0 on success, 1 on a decode or I/O error, 2 on bad usage. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jpeg_decode.h"

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *more = realloc(buf, cap *= 2);
        if (!more)
            free(buf);
        buf = more;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    int decode = argc == 4 && !strcmp(argv[1], "decode"), tokens = (argc == 3 || argc == 4) && !strcmp(argv[1], "tokens");
    if (!decode && !tokens) {
        fprintf(stderr, "usage: jpeg_tool decode IN.jpg OUT.ppm | jpeg_tool tokens IN.jpg [OUT.jsonl]\n"
                        "       (tokens go to OUT.jsonl, else to $LPNEST_TOKENS, else nowhere)\n");
        return 2;
    }
    size_t len;
    unsigned char *jpg = read_file(argv[2], &len);
    if (!jpg) {
        perror(argv[2]);
        return 1;
    }
    struct jpeg_info info;
    int rc = jpeg_read_info(jpg, len, &info);
    if (rc) {
        fprintf(stderr, "%s: header error %d\n", argv[2], rc);
        return 1;
    }
    size_t cap = (size_t)info.width * info.height * 3;
    unsigned char *rgb = malloc(cap);
    if (!rgb)
        return 1;
    const char *dest = tokens && argc == 4 ? argv[3] : tokens ? getenv("LPNEST_TOKENS") : NULL;
    if (tokens && argc == 4) {
        FILE *t = fopen(dest, "w");   /* fail here, before the tokens are made */
        if (!t || fclose(t)) {
            perror(dest);
            return 1;
        }
        setenv("LPNEST_TOKENS", dest, 1);
    }
    if (tokens) {
        rc = jpeg_decode_tokens(jpg, len, rgb, cap);
        if (rc < 0) {
            fprintf(stderr, "%s: error %d\n", argv[2], rc);
            return 1;
        }
        if (dest && *dest)
            printf("%s: %d tokens written to %s\n", argv[2], rc, dest);
        else
            printf("%s: %d tokens (not written: give OUT.jsonl or set LPNEST_TOKENS)\n", argv[2], rc);
        return 0;
    }
    rc = jpeg_decode(jpg, len, rgb, cap);
    if (rc) {
        fprintf(stderr, "%s: decode error %d\n", argv[2], rc);
        return 1;
    }
    FILE *out = fopen(argv[3], "wb");
    if (!out || fprintf(out, "P6\n%u %u\n255\n", info.width, info.height) < 0 ||
        fwrite(rgb, 1, cap, out) != cap || fclose(out)) {
        perror(argv[3]);
        return 1;
    }
    free(rgb);
    free(jpg);
    return 0;
}
