/* codec.c — byte codecs with 64-bit arithmetic: base64 encoding and decoding with a
 * `static` reverse table built on first use, a UTF-8 validator and decoder (a switch on
 * the lead byte's class), FNV-1a 64 and splitmix64 hashing, 64-bit rotates, popcount and
 * count-leading-zeros by loops; round trips and hand-checked vectors are the checks. */
#include "bench.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t b64_encode(const uint8_t *in, size_t n, char *out)
{
    size_t o = 0, i = 0;
    for (; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        out[o++] = b64[v >> 18];
        out[o++] = b64[(v >> 12) & 63];
        out[o++] = b64[(v >> 6) & 63];
        out[o++] = b64[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0);
        out[o++] = b64[v >> 18];
        out[o++] = b64[(v >> 12) & 63];
        out[o++] = i + 1 < n ? b64[(v >> 6) & 63] : '=';
        out[o++] = '=';
    }
    out[o] = 0;
    return o;
}

/* -1 on a bad character */
static long b64_decode(const char *s, uint8_t *out)
{
    static int8_t rev[128];
    static int ready;
    if (!ready) {
        for (int i = 0; i < 128; i++) rev[i] = -1;
        for (int i = 0; i < 64; i++) rev[(uint8_t)b64[i]] = (int8_t)i;
        ready = 1;
    }
    long o = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (; *s && *s != '='; s++) {
        uint8_t c = (uint8_t)*s;
        if (c >= 128 || rev[c] < 0) return -1;
        acc = acc << 6 | (uint32_t)rev[c];
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (uint8_t)(acc >> bits);
        }
    }
    return o;
}

/* the number of code points, or -(position+1) of the first bad byte */
static long utf8_count(const uint8_t *s, size_t n, uint32_t *cpsum)
{
    long count = 0;
    size_t i = 0;
    while (i < n) {
        uint8_t b = s[i];
        int len;
        uint32_t cp, min;
        switch (b >> 4) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: len = 1; cp = b; min = 0; break;
        case 12: case 13: len = 2; cp = b & 0x1f; min = 0x80; break;
        case 14: len = 3; cp = b & 0x0f; min = 0x800; break;
        case 15: if (b & 8) return -(long)i - 1; len = 4; cp = b & 7; min = 0x10000; break;
        default: return -(long)i - 1;
        }
        if (i + (size_t)len > n) return -(long)i - 1;
        for (int k = 1; k < len; k++) {
            if ((s[i + k] & 0xc0) != 0x80) return -(long)i - 1;
            cp = cp << 6 | (s[i + k] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return -(long)i - 1;
        *cpsum += cp;
        i += (size_t)len;
        count++;
    }
    return count;
}

static uint64_t fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    while (n--) {
        h ^= *p++;
        h *= 0x100000001b3ull;
    }
    return h;
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t rotl64(uint64_t x, unsigned k) { k &= 63; return k ? x << k | x >> (64 - k) : x; }

static int popcount64(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }

static int clz64(uint64_t x)
{
    if (!x) return 64;
    int n = 0;
    for (uint64_t bit = 1ull << 63; !(x & bit); bit >>= 1) n++;
    return n;
}

static const uint8_t utf8_samples[][12] = {
    {'h', 'e', 'l', 'l', 'o'},
    {0xc3, 0xa9, 't', 0xc3, 0xa9},                   /* été */
    {0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80},      /* € and an emoji */
    {0xc0, 0xaf},                                    /* overlong: bad */
    {0xed, 0xa0, 0x80},                              /* a surrogate: bad */
    {'a', 0xe2, 0x82},                               /* cut short: bad */
};
static const uint8_t utf8_len[] = {5, 5, 7, 2, 3, 3};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 3);
    uint64_t state = 42, mix = 0;
    uint8_t raw[40], back[40];
    char text[64];
    if (fnv1a64((const uint8_t *)"a", 1) != 0xaf63dc4c8601ec8cull) return bench_fail("fnv1a64 vector");
    b64_encode((const uint8_t *)"foobar", 6, text);
    if (strcmp(text, "Zm9vYmFy") != 0) return bench_fail("base64 vector");
    for (long r = 0; r < reps; r++) {
        for (size_t n = 0; n <= sizeof raw; n += 3 + (size_t)r) {
            for (size_t i = 0; i < n; i++) raw[i] = (uint8_t)splitmix64(&state);
            size_t len = b64_encode(raw, n, text);
            long got = b64_decode(text, back);
            if (got != (long)n || memcmp(raw, back, n) != 0) return bench_fail("base64 round trip");
            uint64_t h = fnv1a64((const uint8_t *)text, len);
            mix ^= rotl64(h, (unsigned)(n + (size_t)r)) + (uint64_t)popcount64(h) * 0x10001u + (uint64_t)clz64(h >> (n % 50));
        }
        uint32_t cps = 0;
        for (unsigned i = 0; i < sizeof utf8_len; i++)
            mix = mix * 3 + (uint64_t)(utf8_count(utf8_samples[i], utf8_len[i], &cps) + 100);
        mix += cps;
        if (b64_decode("ab$c", back) != -1) return bench_fail("base64 bad char");
    }
    printf("codec: checksum %08lx%08lx\n", (unsigned long)(mix >> 32), (unsigned long)(uint32_t)mix);
    return 0;
}
