/* jpeg_internal.h — the decoder's walk over a JPEG's blocks, shared by the
 * decoder (jpeg_decode.c) and its token function (jpeg_tokens.c). */
#ifndef OFFLOAD_JPEG_INTERNAL_H
#define OFFLOAD_JPEG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

struct jpeg_dec;

/* Called once per 8x8 block in file order: component index COMP (frame
 * order), block column BX and row BY in that component's plane, the
 * dequantised coefficients in natural (row-major) order, and the number of
 * Huffman symbols the block took. */
typedef void (*jpeg_block_fn)(struct jpeg_dec *d, unsigned comp, unsigned bx, unsigned by,
                              const int32_t coef[64], unsigned nsym, void *ctx);

/* A decoder for JPG[0..LEN); with PLANES it also owns one sample plane per
 * component, filled by jpeg_dec_store_block and read by jpeg_dec_to_rgb.
 * Returns NULL when malloc fails. Free with jpeg_dec_free. */
struct jpeg_dec *jpeg_dec_new(const uint8_t *jpg, size_t len, int planes);
void jpeg_dec_free(struct jpeg_dec *d);

/* Parses the headers and decodes every scan to EOI, calling FN for every
 * block, or jpeg_dec_store_block when FN is NULL (a direct call, so that
 * profiles of the decoder see the IDCT as its callee). RGB_CAP, when nonzero,
 * is checked against width*height*3 as soon as the frame header is read.
 * Returns JPEG_OK or a negative jpeg_status. */
int jpeg_dec_run(struct jpeg_dec *d, jpeg_block_fn fn, void *ctx, size_t rgb_cap);

/* Inverse DCT of COEF into block (BX, BY) of component COMP's plane. */
void jpeg_dec_store_block(struct jpeg_dec *d, unsigned comp, unsigned bx, unsigned by,
                          const int32_t coef[64]);

/* Upsamples the planes and converts them to RGB (width*height*3 bytes). */
void jpeg_dec_to_rgb(const struct jpeg_dec *d, uint8_t *rgb);

#endif
