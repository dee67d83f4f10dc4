/* app.c — the JPEG image pipeline of lpnest's offload examples: for every
 * embedded baseline JPEG (the files in data/, made by gen_images.py), software
 * pre-processing (marker check, frame header, buffers), the decode itself
 * (jpeg_decode: the call an lpnest system file offloads to the JPEG
 * accelerator), then software post-processing: BT.601 grey conversion, a 3x3
 * box blur, an 8-bin histogram, FNV-1a checksums. Prints one line per image;
 * exits 1 if an image fails to decode.
 *
 * Built with -DLPNEST_NATIVE_TOKENS (native only, with lpnest_native.c) it
 * also calls the token function before every decode, as lpnest would, so
 * LPNEST_TOKENS=file collects the accelerator's input tokens. */
#include "bench.h"
#include "jpeg_decode.h"
#include "jpeg_images.h"

#ifdef LPNEST_NATIVE_TOKENS
#define OFFLOAD_TOKENS(call) ((void)(call))
#else
#define OFFLOAD_TOKENS(call) ((void)0)
#endif

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}

/* Pre-processing: a JPEG starts with SOI and ends with EOI (maybe padded). */
static int looks_like_jpeg(const uint8_t *p, size_t n)
{
    if (n < 4 || p[0] != 0xFF || p[1] != 0xD8)
        return 0;
    for (size_t i = n - 1; i > 1; i--)
        if (p[i - 1] == 0xFF && p[i] == 0xD9)
            return 1;
    return 0;
}

static void to_grey(const uint8_t *rgb, uint8_t *grey, size_t npix)
{
    for (size_t i = 0; i < npix; i++, rgb += 3)
        grey[i] = (uint8_t)((77u * rgb[0] + 150u * rgb[1] + 29u * rgb[2] + 128u) >> 8);
}

/* 3x3 box blur with the edge pixels repeated. */
static void blur3(const uint8_t *in, uint8_t *out, unsigned w, unsigned h)
{
    for (unsigned y = 0; y < h; y++) {
        const uint8_t *rows[3] = {
            in + (size_t)(y ? y - 1 : 0) * w, in + (size_t)y * w, in + (size_t)(y + 1 < h ? y + 1 : y) * w,
        };
        for (unsigned x = 0; x < w; x++) {
            unsigned xl = x ? x - 1 : 0, xr = x + 1 < w ? x + 1 : x, sum = 0;
            for (unsigned k = 0; k < 3; k++)
                sum += rows[k][xl] + rows[k][x] + rows[k][xr];
            out[(size_t)y * w + x] = (uint8_t)((sum + 4) / 9);
        }
    }
}

static int process(const struct embedded_file *f)
{
    struct jpeg_info info;
    printf("%-20s", f->name);
    if (!looks_like_jpeg(f->data, f->len)) {
        printf(" not a JPEG\n");
        return 1;
    }
    int rc = jpeg_read_info(f->data, f->len, &info);
    if (rc) {
        printf(" header error %d\n", rc);
        return 1;
    }
    size_t npix = (size_t)info.width * info.height, cap = npix * 3;
    uint8_t *rgb = malloc(cap), *grey = malloc(npix), *blurred = malloc(npix);
    if (!rgb || !grey || !blurred) {
        printf(" out of memory\n");
        return 1;
    }

    OFFLOAD_TOKENS(jpeg_decode_tokens(f->data, f->len, rgb, cap));
    rc = jpeg_decode(f->data, f->len, rgb, cap);

    printf(" %3ux%-3u %u comp", info.width, info.height, info.ncomp);
    for (unsigned c = 0; c < info.ncomp; c++)
        printf("%s%ux%u", c ? "," : " ", info.h[c], info.v[c]);
    printf(" rst %u", info.restart_interval);
    if (rc) {
        printf(" decode error %d\n", rc);
        free(rgb), free(grey), free(blurred);
        return 1;
    }
    uint32_t sum[3] = {0, 0, 0};
    for (size_t i = 0; i < npix; i++)
        for (unsigned c = 0; c < 3; c++)
            sum[c] += rgb[3 * i + c];
    to_grey(rgb, grey, npix);
    blur3(grey, blurred, info.width, info.height);
    unsigned hist[8] = {0};
    for (size_t i = 0; i < npix; i++)
        hist[blurred[i] >> 5]++;
    printf(" mean %3u %3u %3u rgb %08x blur %08x hist", (unsigned)(sum[0] / npix),
           (unsigned)(sum[1] / npix), (unsigned)(sum[2] / npix), (unsigned)fnv1a(rgb, cap),
           (unsigned)fnv1a(blurred, npix));
    for (unsigned b = 0; b < 8; b++)
        printf(" %u", hist[b]);
    printf("\n");
    free(rgb), free(grey), free(blurred);
    return 0;
}

int main(void)
{
    int bad = 0;
    for (unsigned i = 0; i < EMBEDDED_FILES; i++)
        bad += process(&embedded_files[i]);
    printf("%u images, %d failed\n", (unsigned)EMBEDDED_FILES, bad);
    return bad ? 1 : 0;
}
