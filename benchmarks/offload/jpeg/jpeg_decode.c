/* jpeg_decode.c — a baseline JPEG decoder written for lpnest from ITU-T T.81
 * (sequential DCT-based mode, Huffman coding, 8-bit samples, one or three
 * components, interleaved and non-interleaved scans, restart intervals).
 * Huffman codes are decoded through a 9-bit lookahead table with the
 * MAXCODE procedure of T.81 F.2.2.3 for longer codes; the 8x8 inverse DCT is
 * an even/odd decomposition of the 8-point IDCT in 13-bit fixed point;
 * chroma is upsampled by replication (box filter); YCbCr -> RGB follows
 * JFIF with 16-bit fixed-point constants. Plain C11 with no C library
 * beyond bench.h (malloc, memset, memcpy), so it runs natively, on the bare
 * riscv32/ppc runtimes and under lpnest. */
#include "bench.h"
#include "jpeg_decode.h"
#include "jpeg_internal.h"

#define LOOK_BITS 9   /* Huffman codes up to this length decode in one lookup */
#define DQ_LIMIT 2047 /* dequantised coefficients are clamped to +-DQ_LIMIT (see idct_1d) */

/* T.81 Figure A.6: the natural (row-major) index of the k-th coefficient in
 * zigzag order. */
static const uint8_t zigzag[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

struct huff {
    uint8_t present;
    uint16_t total;              /* number of values */
    uint8_t vals[256];           /* HUFFVAL */
    uint16_t look[1 << LOOK_BITS]; /* (length << 8) | value, 0: longer code */
    int32_t maxcode[17];         /* MAXCODE of each length, -1: no code */
    int32_t valoff[17];          /* a code C of length L has value vals[C + valoff[L]] */
};

struct comp {
    uint8_t id, h, v, tq;        /* frame header */
    uint8_t td, ta;              /* tables of the current scan */
    uint8_t hshift, vshift;      /* log2 of hmax/h and vmax/v */
    int32_t pred;                /* DC predictor */
    unsigned bw, bh;             /* blocks across and down the MCU-padded plane */
    unsigned cbw, cbh;           /* blocks of the component itself (T.81 A.2.2) */
    uint8_t *plane;              /* bw*8 x bh*8 samples, or NULL */
};

struct jpeg_dec {
    const uint8_t *p, *end;      /* the next byte to read, the end of the data */
    int want_planes, info_only, have_frame;
    struct jpeg_info info;
    unsigned hmax, vmax, mcux, mcuy;
    uint16_t qt[4][64];          /* quantisation tables, zigzag order */
    uint8_t qt_present[4];
    struct huff dc[4], ac[4];
    struct comp comp[3];
    /* bit reader of the entropy-coded data (T.81 F.2.2.5) */
    uint32_t acc;                /* bits, most significant first */
    int nbits;                   /* valid bits in acc */
    int marker;                  /* a marker or the end of the data was reached */
    unsigned fake;               /* zero bytes fed since then */
};

/* Floor division by 2^s without relying on how >> treats negative values. */
static inline int32_t asr(int32_t x, unsigned s)
{
    return x >= 0 ? x >> s : ~(~x >> s);
}

static inline unsigned u16be(const uint8_t *p)
{
    return ((unsigned)p[0] << 8) | p[1];
}

static inline int32_t clamp32(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static inline uint8_t clamp_u8(int32_t x)
{
    return (uint8_t)(x < 0 ? 0 : x > 255 ? 255 : x);
}

static int log2_exact(unsigned ratio)
{
    return ratio == 1 ? 0 : ratio == 2 ? 1 : ratio == 4 ? 2 : -1;
}

/* ---- bit reader ------------------------------------------------------------ */

static void bits_reset(struct jpeg_dec *d)
{
    d->acc = 0;
    d->nbits = 0;
    d->marker = 0;
    d->fake = 0;
}

/* Tops the accumulator up to at least 25 bits. Stuffed 0xFF 0x00 gives 0xFF;
 * a marker (or the end of the data) stops reading and feeds zero bytes. */
static void bits_fill(struct jpeg_dec *d)
{
    while (d->nbits <= 24) {
        uint32_t b = 0;
        if (!d->marker) {
            if (d->p >= d->end)
                d->marker = 1;
            else if (d->p[0] != 0xFF)
                b = *d->p++;
            else if (d->p + 1 < d->end && d->p[1] == 0x00) {
                b = 0xFF;
                d->p += 2;
            } else
                d->marker = 1;
        }
        if (d->marker)
            d->fake++;
        d->acc |= b << (24 - d->nbits);
        d->nbits += 8;
    }
}

/* True when decoding has consumed bits that were not in the data. */
static int bits_overrun(const struct jpeg_dec *d)
{
    return (int32_t)(d->fake * 8) > d->nbits;
}

/* RECEIVE(n), 0 <= n <= 16. */
static uint32_t bits_get(struct jpeg_dec *d, unsigned n)
{
    if (n == 0)
        return 0;
    if (d->nbits < (int)n)
        bits_fill(d);
    uint32_t v = d->acc >> (32 - n);
    d->acc <<= n;
    d->nbits -= (int)n;
    return v;
}

/* EXTEND(v, t) of T.81 F.2.2.1. */
static inline int32_t extend(uint32_t v, unsigned t)
{
    return v < (1u << (t - 1)) ? (int32_t)v - (int32_t)(1u << t) + 1 : (int32_t)v;
}

/* ---- Huffman tables -------------------------------------------------------- */

/* Builds a table from its 16 code counts and values (T.81 C.2, F.2.2.3). */
static int huff_build(struct huff *h, const uint8_t counts[16], const uint8_t *vals, unsigned total)
{
    uint32_t code = 0;
    unsigned k = 0;
    memcpy(h->vals, vals, total);
    memset(h->look, 0, sizeof h->look);
    h->total = (uint16_t)total;
    for (unsigned len = 1; len <= 16; len++) {
        unsigned n = counts[len - 1];
        h->valoff[len] = (int32_t)k - (int32_t)code;
        h->maxcode[len] = -1;
        if (n) {
            if (code + n > (1u << len))
                return JPEG_EHUFF; /* more codes than this length has */
            for (unsigned i = 0; i < n; i++, k++, code++) {
                if (len <= LOOK_BITS) {
                    unsigned shift = LOOK_BITS - len, first = code << shift;
                    for (unsigned j = 0; j < (1u << shift); j++)
                        h->look[first + j] = (uint16_t)((len << 8) | vals[k]);
                }
            }
            h->maxcode[len] = (int32_t)code - 1;
        }
        code <<= 1;
    }
    h->present = 1;
    return JPEG_OK;
}

/* DECODE of T.81 F.2.2.3: the next value, or JPEG_EHUFF. */
static int huff_decode(struct jpeg_dec *d, const struct huff *h)
{
    if (d->nbits < 16)
        bits_fill(d);
    unsigned e = h->look[d->acc >> (32 - LOOK_BITS)];
    if (e) {
        unsigned len = e >> 8;
        d->acc <<= len;
        d->nbits -= (int)len;
        return (int)(e & 0xFF);
    }
    uint32_t bits16 = d->acc >> 16;
    for (unsigned len = LOOK_BITS + 1; len <= 16; len++) {
        int32_t code = (int32_t)(bits16 >> (16 - len));
        if (code <= h->maxcode[len]) {
            int32_t idx = code + h->valoff[len];
            if (idx < 0 || idx >= h->total)
                return JPEG_EHUFF;
            d->acc <<= len;
            d->nbits -= (int)len;
            return h->vals[idx];
        }
    }
    return JPEG_EHUFF;
}

/* ---- blocks ---------------------------------------------------------------- */

/* Decodes one block's coefficients (T.81 F.2.2.1, F.2.2.2) and dequantises
 * them into COEF (natural order). Returns the number of Huffman symbols or a
 * negative jpeg_status. */
static int decode_block(struct jpeg_dec *d, struct comp *c, int32_t coef[64])
{
    const uint16_t *q = d->qt[c->tq];
    memset(coef, 0, 64 * sizeof coef[0]);
    int t = huff_decode(d, &d->dc[c->td]);
    if (t < 0)
        return t;
    if (t > 11)
        return JPEG_EFORMAT;
    int32_t diff = t ? extend(bits_get(d, (unsigned)t), (unsigned)t) : 0;
    c->pred = clamp32(c->pred + diff, -32767, 32767);
    coef[0] = clamp32(c->pred * (int32_t)q[0], -DQ_LIMIT, DQ_LIMIT);
    int nsym = 1;
    for (unsigned k = 1; k < 64;) {
        int rs = huff_decode(d, &d->ac[c->ta]);
        if (rs < 0)
            return rs;
        nsym++;
        unsigned r = (unsigned)rs >> 4, s = (unsigned)rs & 15;
        if (s == 0) {
            if (r != 15)
                break; /* EOB */
            k += 16;   /* ZRL */
            continue;
        }
        k += r;
        if (k > 63)
            return JPEG_EFORMAT;
        int32_t v = extend(bits_get(d, s), s);
        coef[zigzag[k]] = clamp32(v * (int32_t)q[k], -DQ_LIMIT, DQ_LIMIT);
        k++;
    }
    return nsym;
}

/* ---- inverse DCT ----------------------------------------------------------- */

/* The 8-point IDCT x[n] = sum_k T[n][k] X[k], T[n][k] = C(k)/2 cos((2n+1)k pi/16),
 * C(0) = 1/sqrt(2), split into an even part (X0, X2, X4, X6) and an odd part
 * (X1, X3, X5, X7): x[n] = E[n] + O[n], x[7-n] = E[n] - O[n]. The constants are
 * C(k)/2 cos(k pi/16) scaled by 2^13. Range: the DCT of 8-bit samples has
 * |F| <= 1025, plus at most q/2 <= 128 of quantisation error, so clamping at
 * |X| <= DQ_LIMIT = 2047 never touches valid data; with sum_k |T[n][k]| <=
 * 2.64, pass 1 gives |x| <= 2047 * 2.64 * 2^4 < 2^17 (4 extra bits kept) and
 * pass 2's sums stay below 2^17 * 2.64 * 2^13 < 1.9 * 10^9 < 2^31. */
#define IDCT_BITS 13
#define PASS1_BITS 4
#define K4 2896 /* cos(4 pi/16)/2 = C(0)/2 */
#define KA 3784 /* cos(2 pi/16)/2 */
#define KB 1567 /* cos(6 pi/16)/2 */
#define C1 4017 /* cos(1 pi/16)/2 */
#define C3 3406 /* cos(3 pi/16)/2 */
#define C5 2276 /* cos(5 pi/16)/2 */
#define C7 799  /* cos(7 pi/16)/2 */

/* One 8-point IDCT of IN[0], IN[STEP], ... into the unscaled sums OUT[0..7]. */
static inline void idct_1d(const int32_t *in, unsigned step, int32_t out[8])
{
    int32_t x0 = in[0], x1 = in[step], x2 = in[2 * step], x3 = in[3 * step];
    int32_t x4 = in[4 * step], x5 = in[5 * step], x6 = in[6 * step], x7 = in[7 * step];
    int32_t ee0 = K4 * (x0 + x4), ee1 = K4 * (x0 - x4);
    int32_t eo0 = KA * x2 + KB * x6, eo1 = KB * x2 - KA * x6;
    int32_t e0 = ee0 + eo0, e3 = ee0 - eo0, e1 = ee1 + eo1, e2 = ee1 - eo1;
    int32_t o0 = C1 * x1 + C3 * x3 + C5 * x5 + C7 * x7;
    int32_t o1 = C3 * x1 - C7 * x3 - C1 * x5 - C5 * x7;
    int32_t o2 = C5 * x1 - C1 * x3 + C7 * x5 + C3 * x7;
    int32_t o3 = C7 * x1 - C5 * x3 + C3 * x5 - C1 * x7;
    out[0] = e0 + o0;
    out[7] = e0 - o0;
    out[1] = e1 + o1;
    out[6] = e1 - o1;
    out[2] = e2 + o2;
    out[5] = e2 - o2;
    out[3] = e3 + o3;
    out[4] = e3 - o3;
}

/* 2-D IDCT of a dequantised block (natural order) into 8x8 samples at OUT
 * (level shift +128, clamped to 0..255). Columns first, then rows. */
static void idct_8x8(const int32_t in[64], uint8_t *out, size_t stride)
{
    int32_t tmp[64], s[8];
    const unsigned sh1 = IDCT_BITS - PASS1_BITS;
    for (unsigned u = 0; u < 8; u++) {
        const int32_t *col = in + u;
        if (!(col[8] | col[16] | col[24] | col[32] | col[40] | col[48] | col[56])) {
            int32_t dc = asr(K4 * col[0] + (1 << (sh1 - 1)), sh1);
            for (unsigned n = 0; n < 8; n++)
                tmp[8 * n + u] = dc;
            continue;
        }
        idct_1d(col, 8, s);
        for (unsigned n = 0; n < 8; n++)
            tmp[8 * n + u] = asr(s[n] + (1 << (sh1 - 1)), sh1);
    }
    const unsigned sh2 = IDCT_BITS + PASS1_BITS;
    const int32_t bias = (128 << sh2) + (1 << (sh2 - 1));
    for (unsigned n = 0; n < 8; n++, out += stride) {
        idct_1d(tmp + 8 * n, 1, s);
        for (unsigned m = 0; m < 8; m++)
            out[m] = clamp_u8(asr(s[m] + bias, sh2));
    }
}

void jpeg_dec_store_block(struct jpeg_dec *d, unsigned comp, unsigned bx, unsigned by,
                          const int32_t coef[64])
{
    struct comp *c = &d->comp[comp];
    size_t stride = (size_t)c->bw * 8;
    idct_8x8(coef, c->plane + (size_t)by * 8 * stride + (size_t)bx * 8, stride);
}

/* ---- colour ---------------------------------------------------------------- */

#define CR_R 91881   /* 1.402    * 2^16 */
#define CB_G 22554   /* 0.344136 * 2^16 */
#define CR_G 46802   /* 0.714136 * 2^16 */
#define CB_B 116130  /* 1.772    * 2^16 */

void jpeg_dec_to_rgb(const struct jpeg_dec *d, uint8_t *rgb)
{
    unsigned w = d->info.width, h = d->info.height;
    const struct comp *cy = &d->comp[0];
    size_t sy = (size_t)cy->bw * 8;
    if (d->info.ncomp == 1) {
        for (unsigned y = 0; y < h; y++) {
            const uint8_t *row = cy->plane + (size_t)(y >> cy->vshift) * sy;
            for (unsigned x = 0; x < w; x++, rgb += 3)
                rgb[0] = rgb[1] = rgb[2] = row[x >> cy->hshift];
        }
        return;
    }
    const struct comp *cb = &d->comp[1], *cr = &d->comp[2];
    size_t sb = (size_t)cb->bw * 8, sr = (size_t)cr->bw * 8;
    for (unsigned y = 0; y < h; y++) {
        const uint8_t *ry = cy->plane + (size_t)(y >> cy->vshift) * sy;
        const uint8_t *rb = cb->plane + (size_t)(y >> cb->vshift) * sb;
        const uint8_t *rr = cr->plane + (size_t)(y >> cr->vshift) * sr;
        for (unsigned x = 0; x < w; x++, rgb += 3) {
            int32_t Y = ry[x >> cy->hshift];
            int32_t B = (int32_t)rb[x >> cb->hshift] - 128;
            int32_t R = (int32_t)rr[x >> cr->hshift] - 128;
            rgb[0] = clamp_u8(Y + asr(CR_R * R + 32768, 16));
            rgb[1] = clamp_u8(Y + asr(-CB_G * B - CR_G * R + 32768, 16));
            rgb[2] = clamp_u8(Y + asr(CB_B * B + 32768, 16));
        }
    }
}

/* ---- marker segments ------------------------------------------------------- */

static int parse_dqt(struct jpeg_dec *d, const uint8_t *s, unsigned n)
{
    while (n > 0) {
        unsigned pq = s[0] >> 4, tq = s[0] & 15, size = pq ? 128 : 64;
        if (pq > 1 || tq > 3 || n < 1 + size)
            return JPEG_EFORMAT;
        for (unsigned k = 0; k < 64; k++) {
            unsigned q = pq ? u16be(s + 1 + 2 * k) : s[1 + k];
            d->qt[tq][k] = (uint16_t)(q ? q : 1);
        }
        d->qt_present[tq] = 1;
        s += 1 + size;
        n -= 1 + size;
    }
    return JPEG_OK;
}

static int parse_dht(struct jpeg_dec *d, const uint8_t *s, unsigned n)
{
    while (n > 0) {
        if (n < 17)
            return JPEG_EFORMAT;
        unsigned tc = s[0] >> 4, th = s[0] & 15, total = 0;
        if (tc > 1 || th > 3)
            return JPEG_EFORMAT;
        for (unsigned i = 1; i <= 16; i++)
            total += s[i];
        if (total > 256 || n < 17 + total)
            return JPEG_EFORMAT;
        int rc = huff_build(tc ? &d->ac[th] : &d->dc[th], s + 1, s + 17, total);
        if (rc)
            return rc;
        s += 17 + total;
        n -= 17 + total;
    }
    return JPEG_OK;
}

static int parse_sof(struct jpeg_dec *d, const uint8_t *s, unsigned n, size_t rgb_cap)
{
    if (d->have_frame)
        return JPEG_EFORMAT;
    if (n < 6)
        return JPEG_EFORMAT;
    if (s[0] != 8)
        return JPEG_EUNSUPPORTED; /* 12-bit samples */
    unsigned h = u16be(s + 1), w = u16be(s + 3), nf = s[5];
    if (h == 0)
        return JPEG_EUNSUPPORTED; /* height given later by DNL */
    if (w == 0 || (nf != 1 && nf != 3))
        return nf == 4 ? JPEG_EUNSUPPORTED : JPEG_EFORMAT;
    if (n != 6 + 3 * nf)
        return JPEG_EFORMAT;
    d->hmax = d->vmax = 1;
    for (unsigned i = 0; i < nf; i++) {
        struct comp *c = &d->comp[i];
        const uint8_t *e = s + 6 + 3 * i;
        c->id = e[0];
        c->h = e[1] >> 4;
        c->v = e[1] & 15;
        c->tq = e[2];
        if (c->h < 1 || c->h > 4 || c->v < 1 || c->v > 4 || c->tq > 3)
            return JPEG_EFORMAT;
        for (unsigned j = 0; j < i; j++)
            if (d->comp[j].id == c->id)
                return JPEG_EFORMAT;
        if (c->h > d->hmax)
            d->hmax = c->h;
        if (c->v > d->vmax)
            d->vmax = c->v;
    }
    d->info.width = (uint16_t)w;
    d->info.height = (uint16_t)h;
    d->info.ncomp = (uint8_t)nf;
    d->mcux = (w + 8 * d->hmax - 1) / (8 * d->hmax);
    d->mcuy = (h + 8 * d->vmax - 1) / (8 * d->vmax);
    for (unsigned i = 0; i < nf; i++) {
        struct comp *c = &d->comp[i];
        int hs = log2_exact(d->hmax / c->h), vs = log2_exact(d->vmax / c->v);
        if (d->hmax % c->h || d->vmax % c->v || hs < 0 || vs < 0)
            return JPEG_EUNSUPPORTED; /* only power-of-two upsampling ratios */
        c->hshift = (uint8_t)hs;
        c->vshift = (uint8_t)vs;
        c->bw = d->mcux * c->h;
        c->bh = d->mcuy * c->v;
        c->cbw = ((w * c->h + d->hmax - 1) / d->hmax + 7) / 8;
        c->cbh = ((h * c->v + d->vmax - 1) / d->vmax + 7) / 8;
        d->info.h[i] = c->h;
        d->info.v[i] = c->v;
    }
    d->have_frame = 1;
    if (d->info_only)
        return JPEG_OK;
    if (rgb_cap && (uint64_t)w * h * 3 > rgb_cap)
        return JPEG_ESPACE;
    if (d->want_planes) {
        for (unsigned i = 0; i < nf; i++) {
            struct comp *c = &d->comp[i];
            c->plane = calloc((size_t)c->bw * 8 * c->bh * 8, 1);
            if (!c->plane)
                return JPEG_ENOMEM;
        }
    }
    return JPEG_OK;
}

/* Moves past the rest of a scan's entropy-coded data to the next marker that
 * is neither a restart marker nor stuffing. */
static void skip_entropy(struct jpeg_dec *d)
{
    while (d->p + 1 < d->end) {
        if (d->p[0] == 0xFF && d->p[1] != 0x00 && d->p[1] != 0xFF && (d->p[1] < 0xD0 || d->p[1] > 0xD7))
            return;
        d->p++;
    }
    d->p = d->end;
}

/* Expects restart marker RST(n mod 8) at the end of a restart interval. */
static int read_restart(struct jpeg_dec *d, unsigned n)
{
    /* bytes left in the interval are padding; find the marker */
    while (d->p + 1 < d->end && !(d->p[0] == 0xFF && d->p[1] != 0x00 && d->p[1] != 0xFF))
        d->p++;
    if (d->p + 1 >= d->end)
        return JPEG_ETRUNC;
    if (d->p[1] != 0xD0 + (n & 7))
        return JPEG_EFORMAT;
    d->p += 2;
    bits_reset(d);
    for (unsigned i = 0; i < d->info.ncomp; i++)
        d->comp[i].pred = 0;
    return JPEG_OK;
}

static int decode_scan(struct jpeg_dec *d, const uint8_t *s, unsigned n, jpeg_block_fn fn, void *ctx)
{
    if (!d->have_frame || n < 1)
        return JPEG_EFORMAT;
    unsigned ns = s[0];
    unsigned idx[3], blocks_per_mcu = 0;
    if (ns < 1 || ns > d->info.ncomp || n != 4 + 2 * ns)
        return JPEG_EFORMAT;
    for (unsigned i = 0; i < ns; i++) {
        unsigned cs = s[1 + 2 * i], td = s[2 + 2 * i] >> 4, ta = s[2 + 2 * i] & 15, j;
        for (j = 0; j < d->info.ncomp && d->comp[j].id != cs; j++)
            ;
        if (j == d->info.ncomp || td > 3 || ta > 3 || !d->dc[td].present || !d->ac[ta].present ||
            !d->qt_present[d->comp[j].tq])
            return JPEG_EFORMAT;
        for (unsigned k = 0; k < i; k++)
            if (idx[k] == j)
                return JPEG_EFORMAT;
        idx[i] = j;
        d->comp[j].td = (uint8_t)td;
        d->comp[j].ta = (uint8_t)ta;
        d->comp[j].pred = 0;
        blocks_per_mcu += (unsigned)d->comp[j].h * d->comp[j].v;
    }
    const uint8_t *t = s + 1 + 2 * ns;
    if (t[0] != 0 || t[1] != 63 || t[2] != 0)
        return JPEG_EUNSUPPORTED; /* progressive scan parameters */
    if (ns > 1 && blocks_per_mcu > 10)
        return JPEG_EFORMAT;
    unsigned mx = ns == 1 ? d->comp[idx[0]].cbw : d->mcux;
    unsigned my = ns == 1 ? d->comp[idx[0]].cbh : d->mcuy;
    unsigned ri = d->info.restart_interval, rst = 0;
    uint32_t total = (uint32_t)mx * my;
    int32_t coef[64];
    bits_reset(d);
    for (uint32_t m = 0; m < total; m++) {
        if (ri && m > 0 && m % ri == 0) {
            int rc = read_restart(d, rst++);
            if (rc)
                return rc;
        }
        unsigned mxi = m % mx, myi = m / mx;
        for (unsigned i = 0; i < ns; i++) {
            struct comp *c = &d->comp[idx[i]];
            unsigned bh = ns == 1 ? 1 : c->h, bv = ns == 1 ? 1 : c->v;
            for (unsigned v = 0; v < bv; v++) {
                for (unsigned h = 0; h < bh; h++) {
                    int nsym = decode_block(d, c, coef);
                    if (nsym < 0)
                        return nsym;
                    if (bits_overrun(d))
                        return JPEG_ETRUNC;
                    if (fn)
                        fn(d, idx[i], mxi * bh + h, myi * bv + v, coef, (unsigned)nsym, ctx);
                    else
                        jpeg_dec_store_block(d, idx[i], mxi * bh + h, myi * bv + v, coef);
                }
            }
        }
    }
    skip_entropy(d);
    return JPEG_OK;
}

/* ---- the walk -------------------------------------------------------------- */

struct jpeg_dec *jpeg_dec_new(const uint8_t *jpg, size_t len, int planes)
{
    struct jpeg_dec *d = malloc(sizeof *d);
    if (!d)
        return NULL;
    memset(d, 0, sizeof *d);
    d->p = jpg;
    d->end = jpg + len;
    d->want_planes = planes;
    return d;
}

void jpeg_dec_free(struct jpeg_dec *d)
{
    if (!d)
        return;
    for (unsigned i = 0; i < 3; i++)
        free(d->comp[i].plane);
    free(d);
}

int jpeg_dec_run(struct jpeg_dec *d, jpeg_block_fn fn, void *ctx, size_t rgb_cap)
{
    if (d->end - d->p < 2 || d->p[0] != 0xFF || d->p[1] != 0xD8)
        return JPEG_EFORMAT; /* no SOI */
    d->p += 2;
    for (;;) {
        if (d->p >= d->end)
            return JPEG_ETRUNC;
        if (d->p[0] != 0xFF)
            return JPEG_EFORMAT;
        while (d->p < d->end && d->p[0] == 0xFF)
            d->p++; /* fill bytes */
        if (d->p >= d->end)
            return JPEG_ETRUNC;
        unsigned code = *d->p++;
        if (code == 0xD9) /* EOI */
            return d->have_frame ? JPEG_OK : JPEG_EFORMAT;
        if (code == 0x01 || (code >= 0xD0 && code <= 0xD7))
            continue; /* TEM, a stray RST: no segment */
        if (d->end - d->p < 2)
            return JPEG_ETRUNC;
        unsigned len = u16be(d->p);
        if (len < 2)
            return JPEG_EFORMAT;
        if ((size_t)(d->end - d->p) < len)
            return JPEG_ETRUNC;
        const uint8_t *s = d->p + 2;
        unsigned n = len - 2;
        d->p += len;
        int rc = JPEG_OK;
        switch (code) {
        case 0xC0: /* SOF0 baseline */
        case 0xC1: /* SOF1 extended sequential, Huffman */
            rc = parse_sof(d, s, n, rgb_cap);
            break;
        case 0xC4:
            rc = d->info_only ? JPEG_OK : parse_dht(d, s, n);
            break;
        case 0xDB:
            rc = d->info_only ? JPEG_OK : parse_dqt(d, s, n);
            break;
        case 0xDD:
            if (n != 2)
                return JPEG_EFORMAT;
            d->info.restart_interval = (uint16_t)u16be(s);
            break;
        case 0xDA:
            if (d->info_only)
                return d->have_frame ? JPEG_OK : JPEG_EFORMAT;
            rc = decode_scan(d, s, n, fn, ctx);
            break;
        case 0xC2: case 0xC3: case 0xC5: case 0xC6: case 0xC7:
        case 0xC9: case 0xCA: case 0xCB: case 0xCD: case 0xCE: case 0xCF:
        case 0xCC: /* DAC */
        case 0xDC: /* DNL */
            return JPEG_EUNSUPPORTED;
        default: /* APPn, COM, DHP, EXP, ...: skipped */
            break;
        }
        if (rc)
            return rc;
    }
}

/* ---- the public functions -------------------------------------------------- */

int jpeg_read_info(const uint8_t *jpg, size_t len, struct jpeg_info *info)
{
    struct jpeg_dec *d = jpeg_dec_new(jpg, len, 0);
    if (!d)
        return JPEG_ENOMEM;
    d->info_only = 1;
    int rc = jpeg_dec_run(d, NULL, NULL, 0);
    if (rc == JPEG_OK)
        *info = d->info;
    jpeg_dec_free(d);
    return rc;
}

__attribute__((noinline)) int jpeg_decode(const uint8_t *jpg, size_t len, uint8_t *rgb, size_t rgb_cap)
{
    struct jpeg_dec *d = jpeg_dec_new(jpg, len, 1);
    if (!d)
        return JPEG_ENOMEM;
    int rc = jpeg_dec_run(d, NULL, NULL, rgb_cap ? rgb_cap : 1);
    if (rc == JPEG_OK)
        jpeg_dec_to_rgb(d, rgb);
    jpeg_dec_free(d);
    return rc;
}
