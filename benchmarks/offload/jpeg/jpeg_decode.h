/* jpeg_decode.h — a baseline JPEG decoder written for lpnest's offload example
 * (ITU-T T.81: sequential DCT, Huffman coding, 8-bit samples): marker parsing,
 * Huffman decoding, dequantisation, integer IDCT, box upsampling of any
 * sampling factors (4:2:0, 4:2:2, 4:4:4, ...), YCbCr -> RGB, restart markers.
 *
 * jpeg_decode is the function an lpnest system file offloads to the JPEG
 * accelerator's LPN (lpn/models/jpeg.yaml); jpeg_decode_tokens, with the same
 * parameters, is its token function: one token per 8x8 block carrying the
 * block's Huffman symbol count. */
#ifndef OFFLOAD_JPEG_DECODE_H
#define OFFLOAD_JPEG_DECODE_H

#include <stddef.h>
#include <stdint.h>

enum jpeg_status {
    JPEG_OK = 0,
    JPEG_ETRUNC = -1,      /* the data ends inside a segment or a scan */
    JPEG_EFORMAT = -2,     /* a malformed marker segment or entropy-coded data */
    JPEG_EUNSUPPORTED = -3, /* progressive, lossless, arithmetic, 12-bit, CMYK, ... */
    JPEG_ESPACE = -4,      /* the RGB buffer is too small for the image */
    JPEG_ENOMEM = -5,      /* malloc failed */
    JPEG_EHUFF = -6        /* a bad Huffman table or a code not in the table */
};

/* What the frame header says about an image. */
struct jpeg_info {
    uint16_t width, height;
    uint8_t ncomp;            /* 1 (grey) or 3 (YCbCr) */
    uint8_t h[3], v[3];       /* sampling factors of each component */
    uint16_t restart_interval; /* MCUs between restart markers (0: none) */
};

/* Reads the headers of JPG[0..LEN) up to the first scan into *INFO.
 * Returns JPEG_OK or a negative jpeg_status. */
int jpeg_read_info(const uint8_t *jpg, size_t len, struct jpeg_info *info);

/* Decodes the baseline JPEG JPG[0..LEN) into RGB: width*height*3 bytes, rows
 * top to bottom, R G B per pixel; RGB_CAP is the buffer's size. Returns
 * JPEG_OK or a negative jpeg_status (the buffer's contents are then
 * unspecified). Allocates its work memory with malloc and frees it. */
int jpeg_decode(const uint8_t *jpg, size_t len, uint8_t *rgb, size_t rgb_cap);

/* The token function of jpeg_decode (same parameters; RGB and RGB_CAP are not
 * used): parses JPG and decodes its entropy-coded data, and for every 8x8
 * block in file order (for 4:2:0: Y0 Y1 Y2 Y3 Cb Cr per MCU) emits
 * LPNEST_TOKEN("start", {"symbols", n}) with the block's number of Huffman
 * symbols (the DC symbol and every AC run/size symbol, ZRL and EOB included).
 * Returns the number of tokens emitted, or a negative jpeg_status. */
int jpeg_decode_tokens(const uint8_t *jpg, size_t len, uint8_t *rgb, size_t rgb_cap);

#endif
