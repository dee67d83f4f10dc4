/* adpcm.c — IMA/DVI ADPCM encoder and decoder (4 bits per 16-bit sample) on a synthetic
 * signal (two triangle waves and PRNG noise). Self-checks: the decoder reproduces
 * the encoder's own reconstruction sample for sample, the reconstruction error stays well
 * below the signal energy, and silence encodes to zeros. argv[1]: samples (default 4000,
 * AVR 1000). */
#include <stdint.h>
#include "bench.h"

static const int16_t step_table[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60,
    66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371,
    408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707,
    1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132,
    7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623,
    27086, 29794, 32767,
};
static const int8_t index_table[16] = { -1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8 };

struct adpcm_state {
    int32_t predicted;
    int32_t index;
};

static int32_t clamp16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }
static int32_t clamp_index(int32_t i) { return i < 0 ? 0 : i > 88 ? 88 : i; }

/* Applies one code to the state; shared by encoder and decoder. */
static int32_t step(struct adpcm_state *s, uint8_t code)
{
    int32_t st = step_table[s->index];
    int32_t diff = st >> 3;
    if (code & 4)
        diff += st;
    if (code & 2)
        diff += st >> 1;
    if (code & 1)
        diff += st >> 2;
    s->predicted = clamp16(code & 8 ? s->predicted - diff : s->predicted + diff);
    s->index = clamp_index(s->index + index_table[code]);
    return s->predicted;
}

static uint8_t encode(struct adpcm_state *s, int16_t sample, int16_t *recon)
{
    int32_t diff = sample - s->predicted;
    int32_t st = step_table[s->index];
    uint8_t code = 0;
    if (diff < 0) {
        code = 8;
        diff = -diff;
    }
    if (diff >= st) {
        code |= 4;
        diff -= st;
    }
    st >>= 1;
    if (diff >= st) {
        code |= 2;
        diff -= st;
    }
    st >>= 1;
    if (diff >= st)
        code |= 1;
    *recon = (int16_t)step(s, code);
    return code;
}

int main(int argc, char **argv)
{
#ifdef __AVR__
    long n = bench_arg(argc, argv, 1000);
#else
    long n = bench_arg(argc, argv, 4000);
#endif
    int16_t *pcm = malloc((size_t)n * sizeof *pcm);
    int16_t *recon = malloc((size_t)n * sizeof *recon);
    uint8_t *packed = calloc((size_t)(n + 1) / 2, 1);
    if (!pcm || !recon || !packed)
        return bench_fail("malloc");
    uint32_t seed = 0xC0FFEEu;
    for (long i = 0; i < n; i++) {
        int32_t tri = (int32_t)((i * 160) % 16000);
        tri = tri < 8000 ? tri - 4000 : 12000 - tri;
        int32_t slow = (int32_t)((i * 7) % 4000);
        slow = slow < 2000 ? slow : 4000 - slow;
        int32_t noise = (int32_t)(bench_rand(&seed) % 801u) - 400;
        pcm[i] = (int16_t)clamp16(tri * 2 + slow * 4 - 4000 + noise);
    }
    struct adpcm_state enc = { 0, 0 }, dec = { 0, 0 };
    for (long i = 0; i < n; i++) {
        uint8_t code = encode(&enc, pcm[i], &recon[i]);
        packed[i / 2] |= (uint8_t)(i & 1 ? code << 4 : code);
    }
    int64_t signal = 0, noise = 0;
    uint32_t sum = 0;
    for (long i = 0; i < n; i++) {
        uint8_t code = i & 1 ? packed[i / 2] >> 4 : packed[i / 2] & 15;
        int32_t out = step(&dec, code);
        if (out != recon[i])
            return bench_fail("decoder differs from the encoder's reconstruction");
        int32_t e = out - pcm[i];
        signal += (int64_t)pcm[i] * pcm[i];
        noise += (int64_t)e * e;
        sum = sum * 33u + (uint16_t)out;
    }
    printf("adpcm: %ld samples, signal/noise energy %lld/%lld, checksum %08lx\n", n,
           (long long)signal, (long long)noise, (unsigned long)sum);
    if (noise * 20 > signal)
        return bench_fail("reconstruction error above -13 dB");
    struct adpcm_state quiet = { 0, 0 };
    int16_t r;
    uint8_t codes = 0;
    for (int i = 0; i < 32; i++)
        codes |= encode(&quiet, 0, &r);
    if (codes != 0 || quiet.index != 0 || r != 0)
        return bench_fail("silence does not stay at the smallest step");
    free(pcm);
    free(recon);
    free(packed);
    return 0;
}
