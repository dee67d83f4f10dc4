/* jpeg_tokens.c — the token function (the paper's Psi) of jpeg_decode for
 * lpn/models/jpeg.yaml: it walks the same JPEG with the decoder's parser and
 * Huffman decoder (no IDCT, no colour conversion) and emits one token per
 * 8x8 block, in file order, whose property `symbols` is the number of
 * Huffman symbols the block took and `header` the bytes before the
 * entropy-coded data (up to the end of the SOS segment) on the file's first
 * block, 0 on the others (the RTL parses headers at a byte per cycle). lpnest calls it at every offloaded call of
 * jpeg_decode with that call's arguments; natively it writes JSONL through
 * estimator/app/lpnest_native.c. */
#include "bench.h"
#include "jpeg_decode.h"
#include "jpeg_internal.h"
#include "lpnest.h"

/* Bare builds (qemu) have no lpnest_token: the token function is never
 * called there, and a weak reference links without a definition. */
#pragma weak lpnest_token

struct token_state {
    int tokens;
    long long header;   /* bytes up to the entropy-coded data */
};

/* The offset just past the first SOS segment (the marker segments before it
 * have 16-bit lengths), or LEN when there is none. */
static size_t header_bytes(const uint8_t *jpg, size_t len)
{
    size_t p = 2;   /* after SOI */
    while (p + 4 <= len && jpg[p] == 0xFF) {
        size_t seg = (size_t)jpg[p + 2] << 8 | jpg[p + 3];
        if (jpg[p + 1] == 0xDA)
            return p + 2 + seg <= len ? p + 2 + seg : len;
        p += 2 + seg;
    }
    return len;
}

static void emit_block(struct jpeg_dec *d, unsigned comp, unsigned bx, unsigned by,
                       const int32_t coef[64], unsigned nsym, void *ctx)
{
    (void)d, (void)comp, (void)bx, (void)by, (void)coef;
    struct token_state *t = ctx;
    LPNEST_TOKEN("start", {"symbols", (long long)nsym}, {"header", t->tokens ? 0 : t->header});
    t->tokens++;
}

__attribute__((used, noinline)) int jpeg_decode_tokens(const uint8_t *jpg, size_t len, uint8_t *rgb,
                                                        size_t rgb_cap)
{
    (void)rgb, (void)rgb_cap;
    struct token_state t = {0, (long long)header_bytes(jpg, len)};
    struct jpeg_dec *d = jpeg_dec_new(jpg, len, 0);
    if (!d)
        return JPEG_ENOMEM;
    int rc = jpeg_dec_run(d, emit_block, &t, 0);
    jpeg_dec_free(d);
    return rc ? rc : t.tokens;
}
