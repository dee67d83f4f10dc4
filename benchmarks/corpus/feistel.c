/* feistel.c — a Blowfish-like 16-round Feistel cipher: 18 subkeys and four S-boxes in one
 * nested struct, filled from a PRNG (in place of pi's digits) and then mixed with the key
 * by encrypting the state with itself, as Blowfish's key schedule does. Self-checks:
 * decryption inverts encryption on a PRNG buffer (ECB and CBC), a different key gives a
 * different ciphertext, and a one-bit change of plaintext changes about half the bits.
 * argv[1]: number of 8-byte blocks (default 512, AVR 128). S-boxes have 256 entries
 * (AVR 64: the ATmega2560 has 8 KiB of RAM). */
#include <stdint.h>
#include "bench.h"

#ifndef SBOX
#ifdef __AVR__
#define SBOX 64
#else
#define SBOX 256
#endif
#endif
#define ROUNDS 16

struct feistel {
    uint32_t p[ROUNDS + 2];
    struct {
        uint32_t entry[SBOX];
    } s[4];
};

static uint32_t f(const struct feistel *c, uint32_t x)
{
    uint32_t a = c->s[0].entry[(x >> 24) % SBOX], b = c->s[1].entry[(x >> 16 & 0xff) % SBOX];
    uint32_t d = c->s[2].entry[(x >> 8 & 0xff) % SBOX], e = c->s[3].entry[(x & 0xff) % SBOX];
    return ((a + b) ^ d) + e;
}

static void encrypt(const struct feistel *c, uint32_t *l, uint32_t *r)
{
    uint32_t xl = *l, xr = *r;
    for (int i = 0; i < ROUNDS; i++) {
        xl ^= c->p[i];
        xr ^= f(c, xl);
        uint32_t t = xl;
        xl = xr;
        xr = t;
    }
    uint32_t t = xl;
    xl = xr;
    xr = t;
    xr ^= c->p[ROUNDS];
    xl ^= c->p[ROUNDS + 1];
    *l = xl;
    *r = xr;
}

static void decrypt(const struct feistel *c, uint32_t *l, uint32_t *r)
{
    uint32_t xl = *l, xr = *r;
    for (int i = ROUNDS + 1; i > 1; i--) {
        xl ^= c->p[i];
        xr ^= f(c, xl);
        uint32_t t = xl;
        xl = xr;
        xr = t;
    }
    uint32_t t = xl;
    xl = xr;
    xr = t;
    xr ^= c->p[1];
    xl ^= c->p[0];
    *l = xl;
    *r = xr;
}

static void key_schedule(struct feistel *c, const uint8_t *key, int keylen)
{
    uint32_t seed = 0x243F6A88u; /* pi's first hex digits, as a PRNG seed only */
    for (int i = 0; i < ROUNDS + 2; i++)
        c->p[i] = bench_rand(&seed);
    for (int b = 0; b < 4; b++)
        for (int i = 0; i < SBOX; i++)
            c->s[b].entry[i] = bench_rand(&seed);
    for (int i = 0, k = 0; i < ROUNDS + 2; i++) {
        uint32_t w = 0;
        for (int j = 0; j < 4; j++, k = (k + 1) % keylen)
            w = w << 8 | key[k];
        c->p[i] ^= w;
    }
    uint32_t l = 0, r = 0;
    for (int i = 0; i < ROUNDS + 2; i += 2) {
        encrypt(c, &l, &r);
        c->p[i] = l;
        c->p[i + 1] = r;
    }
    for (int b = 0; b < 4; b++)
        for (int i = 0; i < SBOX; i += 2) {
            encrypt(c, &l, &r);
            c->s[b].entry[i] = l;
            c->s[b].entry[i + 1] = r;
        }
}

static struct feistel ctx, other;

int main(int argc, char **argv)
{
#ifdef __AVR__
    long blocks = bench_arg(argc, argv, 128);
#else
    long blocks = bench_arg(argc, argv, 512);
#endif
    const uint8_t key[] = "lpnest-feistel-key";
    key_schedule(&ctx, key, (int)sizeof key - 1);
    uint32_t *data = malloc((size_t)blocks * 8), *copy = malloc((size_t)blocks * 8);
    if (!data || !copy)
        return bench_fail("malloc");
    uint32_t seed = 0x600DF00Du;
    for (long i = 0; i < 2 * blocks; i++)
        data[i] = bench_rand(&seed);
    memcpy(copy, data, (size_t)blocks * 8);

    uint32_t sum = 0, cl = 0, cr = 0;
    for (long b = 0; b < blocks; b++) { /* CBC */
        data[2 * b] ^= cl;
        data[2 * b + 1] ^= cr;
        encrypt(&ctx, &data[2 * b], &data[2 * b + 1]);
        cl = data[2 * b];
        cr = data[2 * b + 1];
        sum = (sum << 3 | sum >> 29) + cl + (cr ^ 0x9E3779B9u);
    }
    for (long b = blocks - 1; b >= 0; b--) {
        decrypt(&ctx, &data[2 * b], &data[2 * b + 1]);
        data[2 * b] ^= b ? data[2 * b - 2] : 0;
        data[2 * b + 1] ^= b ? data[2 * b - 1] : 0;
    }
    if (memcmp(data, copy, (size_t)blocks * 8) != 0)
        return bench_fail("CBC decryption does not invert encryption");

    uint32_t l = 0x01234567u, r = 0x89ABCDEFu, l2 = l, r2 = r ^ 1u;
    encrypt(&ctx, &l, &r);
    encrypt(&ctx, &l2, &r2);
    /* popcountl: unsigned int is 16 bits on AVR */
    int changed = __builtin_popcountl((unsigned long)(l ^ l2)) + __builtin_popcountl((unsigned long)(r ^ r2));
    uint32_t cipher_l = l, cipher_r = r;
    printf("feistel: E(0123456789abcdef)=%08lx%08lx, one-bit change flips %d of 64 bits\n",
           (unsigned long)l, (unsigned long)r, changed);
    if (changed < 16 || changed > 48)
        return bench_fail("avalanche");
    decrypt(&ctx, &l, &r);
    if (l != 0x01234567u || r != 0x89ABCDEFu)
        return bench_fail("single-block round trip");

    const uint8_t key2[] = "lpnest-feistel-kez";
    key_schedule(&other, key2, (int)sizeof key2 - 1);
    uint32_t l3 = 0x01234567u, r3 = 0x89ABCDEFu;
    encrypt(&other, &l3, &r3);
    printf("feistel: %ld blocks, CBC checksum %08lx\n", blocks, (unsigned long)sum);
    free(data);
    free(copy);
    return l3 == cipher_l && r3 == cipher_r ? bench_fail("key change had no effect") : 0;
}
