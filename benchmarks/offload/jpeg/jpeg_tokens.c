/* jpeg_tokens.c — the token function (the paper's Psi) of jpeg_decode for
 * lpn/models/jpeg.yaml: it walks the same JPEG with the decoder's parser and
 * Huffman decoder (no IDCT, no colour conversion) and emits one token per
 * 8x8 block, in file order, whose property `symbols` is the number of
 * Huffman symbols the block took. lpnest calls it at every offloaded call of
 * jpeg_decode with that call's arguments; natively it writes JSONL through
 * estimator/app/lpnest_native.c. */
#include "bench.h"
#include "jpeg_decode.h"
#include "jpeg_internal.h"
#include "lpnest.h"

/* Bare builds (qemu) have no lpnest_token: the token function is never
 * called there, and a weak reference links without a definition. */
#pragma weak lpnest_token

static void emit_block(struct jpeg_dec *d, unsigned comp, unsigned bx, unsigned by,
                       const int32_t coef[64], unsigned nsym, void *ctx)
{
    (void)d, (void)comp, (void)bx, (void)by, (void)coef;
    LPNEST_TOKEN("start", {"symbols", (long long)nsym});
    ++*(int *)ctx;
}

__attribute__((used, noinline)) int jpeg_decode_tokens(const uint8_t *jpg, size_t len, uint8_t *rgb,
                                                        size_t rgb_cap)
{
    (void)rgb, (void)rgb_cap;
    int tokens = 0;
    struct jpeg_dec *d = jpeg_dec_new(jpg, len, 0);
    if (!d)
        return JPEG_ENOMEM;
    int rc = jpeg_dec_run(d, emit_block, &tokens, 0);
    jpeg_dec_free(d);
    return rc ? rc : tokens;
}
