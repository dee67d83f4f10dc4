/* aes128.c — AES-128 (FIPS-197): S-box built from GF(2^8) inverses and the affine map,
 * key expansion, encryption and decryption. Self-checks: the S-box anchors of the
 * standard, the Appendix C.1 vector, and CBC encryption of a PRNG buffer whose decryption
 * must give the buffer back. argv[1]: number of 16-byte blocks (default 64, AVR 16). */
#include <stdint.h>
#include "bench.h"

static uint8_t sbox[256], inv_sbox[256];

static uint8_t xtime(uint8_t x) { return (uint8_t)((x << 1) ^ ((x >> 7) * 0x1b)); }

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    while (b) {
        if (b & 1)
            p ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return p;
}

static uint8_t rotl8(uint8_t x, int n) { return (uint8_t)((x << n) | (x >> (8 - n))); }

static void build_sbox(void)
{
    /* walk the multiplicative group with generator 3 to get every inverse */
    uint8_t pow3[255], log3[256];
    uint8_t x = 1;
    for (int i = 0; i < 255; i++) {
        pow3[i] = x;
        log3[x] = (uint8_t)i;
        x ^= xtime(x);
    }
    for (int v = 0; v < 256; v++) {
        uint8_t inv = v ? pow3[(255 - log3[v]) % 255] : 0;
        uint8_t s = inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63;
        sbox[v] = s;
        inv_sbox[s] = (uint8_t)v;
    }
}

static void expand_key(const uint8_t key[16], uint8_t rk[176])
{
    memcpy(rk, key, 16);
    uint8_t rcon = 1;
    for (int i = 16; i < 176; i += 4) {
        uint8_t t[4] = { rk[i - 4], rk[i - 3], rk[i - 2], rk[i - 1] };
        if (i % 16 == 0) {
            uint8_t t0 = t[0];
            t[0] = sbox[t[1]] ^ rcon;
            t[1] = sbox[t[2]];
            t[2] = sbox[t[3]];
            t[3] = sbox[t0];
            rcon = xtime(rcon);
        }
        for (int j = 0; j < 4; j++)
            rk[i + j] = rk[i + j - 16] ^ t[j];
    }
}

static void add_round_key(uint8_t s[16], const uint8_t *rk)
{
    for (int i = 0; i < 16; i++)
        s[i] ^= rk[i];
}

static void encrypt_block(uint8_t s[16], const uint8_t rk[176])
{
    add_round_key(s, rk);
    for (int round = 1; round <= 10; round++) {
        uint8_t t[16];
        for (int i = 0; i < 16; i++) /* SubBytes + ShiftRows: column c, row r */
            t[i] = sbox[s[(i + 4 * (i % 4)) % 16]];
        if (round < 10) {
            for (int c = 0; c < 4; c++) {
                uint8_t *col = t + 4 * c;
                uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
                uint8_t all = a0 ^ a1 ^ a2 ^ a3;
                col[0] ^= all ^ xtime(a0 ^ a1);
                col[1] ^= all ^ xtime(a1 ^ a2);
                col[2] ^= all ^ xtime(a2 ^ a3);
                col[3] ^= all ^ xtime(a3 ^ a0);
            }
        }
        memcpy(s, t, 16);
        add_round_key(s, rk + 16 * round);
    }
}

static void decrypt_block(uint8_t s[16], const uint8_t rk[176])
{
    add_round_key(s, rk + 160);
    for (int round = 9; round >= 0; round--) {
        uint8_t t[16];
        for (int i = 0; i < 16; i++) /* InvShiftRows + InvSubBytes */
            t[(i + 4 * (i % 4)) % 16] = inv_sbox[s[i]];
        memcpy(s, t, 16);
        add_round_key(s, rk + 16 * round);
        if (round > 0) {
            for (int c = 0; c < 4; c++) {
                uint8_t *col = s + 4 * c;
                uint8_t a[4] = { col[0], col[1], col[2], col[3] };
                for (int r = 0; r < 4; r++)
                    col[r] = gmul(a[r], 14) ^ gmul(a[(r + 1) % 4], 11) ^ gmul(a[(r + 2) % 4], 13) ^
                             gmul(a[(r + 3) % 4], 9);
            }
        }
    }
}

static void print_hex(const char *label, const uint8_t *p, int n)
{
    printf("%s", label);
    for (int i = 0; i < n; i++)
        printf("%02x", p[i]);
    putchar('\n');
}

int main(int argc, char **argv)
{
#ifdef __AVR__
    long blocks = bench_arg(argc, argv, 16);
#else
    long blocks = bench_arg(argc, argv, 64);
#endif
    build_sbox();
    if (sbox[0x00] != 0x63 || sbox[0x53] != 0xed || sbox[0xff] != 0x16 || inv_sbox[0x63] != 0)
        return bench_fail("S-box anchors of FIPS-197 Fig. 7");

    uint8_t key[16], block[16], rk[176];
    for (int i = 0; i < 16; i++) {
        key[i] = (uint8_t)i;
        block[i] = (uint8_t)(i * 0x11);
    }
    static const uint8_t want[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                      0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
    expand_key(key, rk);
    encrypt_block(block, rk);
    print_hex("aes128: FIPS-197 C.1 ciphertext ", block, 16);
    if (memcmp(block, want, 16) != 0)
        return bench_fail("FIPS-197 Appendix C.1 ciphertext");
    decrypt_block(block, rk);
    for (int i = 0; i < 16; i++)
        if (block[i] != (uint8_t)(i * 0x11))
            return bench_fail("FIPS-197 Appendix C.1 decryption");

    size_t n = (size_t)blocks * 16;
    uint8_t *plain = malloc(n), *buf = malloc(n);
    if (!plain || !buf)
        return bench_fail("malloc");
    uint32_t seed = 0xA5A5F00Du;
    for (size_t i = 0; i < n; i++)
        plain[i] = (uint8_t)bench_rand(&seed);
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)(bench_rand(&seed) >> 8);
    expand_key(key, rk);
    memcpy(buf, plain, n);
    uint8_t iv[16] = { 0 }, chain[16];
    memcpy(chain, iv, 16);
    for (size_t b = 0; b < n; b += 16) { /* CBC encrypt */
        for (int i = 0; i < 16; i++)
            buf[b + i] ^= chain[i];
        encrypt_block(buf + b, rk);
        memcpy(chain, buf + b, 16);
    }
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum = (sum << 5 | sum >> 27) ^ buf[i];
    print_hex("aes128: last CBC block ", buf + n - 16, 16);
    for (size_t b = n; b > 0; b -= 16) { /* CBC decrypt, back to front */
        decrypt_block(buf + b - 16, rk);
        const uint8_t *prev = b > 16 ? buf + b - 32 : iv;
        for (int i = 0; i < 16; i++)
            buf[b - 16 + i] ^= prev[i];
    }
    printf("aes128: %ld blocks, ciphertext checksum %08lx\n", blocks, (unsigned long)sum);
    int ok = memcmp(buf, plain, n) == 0;
    free(plain);
    free(buf);
    return ok ? 0 : bench_fail("CBC round trip");
}
