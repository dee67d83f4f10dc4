/* tests/exact: a 32-bit clamp on the ATmega2560 (corpus adpcm.c's input
 * signal, clamp16(v) - 4400 into an int16_t): smax.i32(x, -28368) and
 * smin.i32(.., 37167) are each made as one compare of the whole operands
 * whose outcome becomes a flag ("ldi r18, 1; brge; mov r18, r1"), then one
 * "cpi r18, 0; brne" per 16-bit piece over the constant's piece loads. The
 * flag's branch is the min/max's choice and the piece tests follow the
 * flag; the old binary estimated all of them (a min/max wider than the
 * select pieces was no branch's choice). The triangle wave's select made
 * the same way (main bb.28, a select on a flag, not a min/max) stays an
 * estimate. */
#include "bench.h"

static int32_t clamp16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 300);
    int16_t *pcm = malloc((size_t)n * sizeof *pcm);
    int16_t *recon = malloc((size_t)n * sizeof *recon);
    if (!pcm || !recon)
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
    uint32_t h = 0;
    for (long i = 0; i < n; i++) {
        recon[i] = (int16_t)((int32_t)pcm[i] * 3 / 2);
        h = h * 31 + (uint16_t)recon[i];
    }
    free(pcm);
    free(recon);
    return (int)(h & 1);
}
