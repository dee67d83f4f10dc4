/* sha256.c — SHA-256 (FIPS 180-4) with the standard's test vectors ("", "abc" and the
 * two-block 448-bit message), then a PRNG buffer hashed in one go and in random-sized
 * pieces, which must agree. argv[1]: buffer size in bytes (default 2048, AVR 512). */
#include <stdint.h>
#include "bench.h"

struct sha256 {
    uint32_t h[8];
    uint8_t block[64];
    uint32_t fill;
    uint64_t length;
};

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/* big-endian load: memcpy plus a byte swap on little-endian targets */
static uint32_t load_be32(const uint8_t *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    w = __builtin_bswap32(w);
#endif
    return w;
}

static void compress(uint32_t h[8], const uint8_t *blk)
{
    uint32_t w[64];
    for (int t = 0; t < 16; t++)
        w[t] = load_be32(blk + 4 * t);
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = ror(w[t - 15], 7) ^ ror(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = ror(w[t - 2], 17) ^ ror(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 64; t++) {
        uint32_t t1 = hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
        uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static void sha256_init(struct sha256 *s)
{
    static const uint32_t iv[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    memcpy(s->h, iv, sizeof iv);
    s->fill = 0;
    s->length = 0;
}

static void sha256_update(struct sha256 *s, const uint8_t *p, size_t n)
{
    s->length += n;
    while (n > 0) {
        size_t take = 64 - s->fill < n ? 64 - s->fill : n;
        memcpy(s->block + s->fill, p, take);
        s->fill += (uint32_t)take;
        p += take;
        n -= take;
        if (s->fill == 64) {
            compress(s->h, s->block);
            s->fill = 0;
        }
    }
}

static void sha256_final(struct sha256 *s, uint8_t out[32])
{
    uint64_t bits = s->length * 8;
    uint8_t pad = 0x80;
    sha256_update(s, &pad, 1);
    pad = 0;
    while (s->fill != 56)
        sha256_update(s, &pad, 1);
    uint64_t be = bits;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    be = __builtin_bswap64(be);
#endif
    uint8_t len[8];
    memcpy(len, &be, 8);
    sha256_update(s, len, 8);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            out[4 * i + j] = (uint8_t)(s->h[i] >> (24 - 8 * j));
}

static void to_hex(const uint8_t d[32], char out[65])
{
    for (int i = 0; i < 32; i++) {
        out[2 * i] = "0123456789abcdef"[d[i] >> 4];
        out[2 * i + 1] = "0123456789abcdef"[d[i] & 15];
    }
    out[64] = 0;
}

static int check_vector(const char *msg, const char *want)
{
    struct sha256 s;
    uint8_t d[32];
    char hex[65];
    sha256_init(&s);
    sha256_update(&s, (const uint8_t *)msg, strlen(msg));
    sha256_final(&s, d);
    to_hex(d, hex);
    printf("sha256(\"%.20s\") = %s\n", msg, hex);
    return strcmp(hex, want) == 0;
}

int main(int argc, char **argv)
{
#ifdef __AVR__
    long size = bench_arg(argc, argv, 512);
#else
    long size = bench_arg(argc, argv, 2048);
#endif
    if (!check_vector("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") ||
        !check_vector("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") ||
        !check_vector("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"))
        return bench_fail("FIPS 180-4 test vector");

    uint8_t *buf = malloc((size_t)size);
    if (!buf)
        return bench_fail("malloc");
    uint32_t seed = 0x9E3779B9u;
    for (long i = 0; i < size; i++)
        buf[i] = (uint8_t)(bench_rand(&seed) >> 24);
    struct sha256 one, pieces;
    uint8_t d1[32], d2[32];
    char hex[65];
    sha256_init(&one);
    sha256_update(&one, buf, (size_t)size);
    sha256_final(&one, d1);
    sha256_init(&pieces);
    for (long at = 0; at < size;) {
        long n = (long)(bench_rand(&seed) % 97u);
        if (n > size - at)
            n = size - at;
        sha256_update(&pieces, buf + at, (size_t)n);
        at += n;
    }
    sha256_final(&pieces, d2);
    free(buf);
    to_hex(d1, hex);
    printf("sha256(%ld PRNG bytes) = %s\n", size, hex);
    if (memcmp(d1, d2, 32) != 0)
        return bench_fail("one-shot and piecewise digests differ");
    return 0;
}
