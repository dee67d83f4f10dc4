/* fft_fixed.c — a radix-2 decimation-in-time FFT in Q15 fixed point, int16_t data with
 * int32_t products and per-stage scaling, a quarter-wave sine table in a static const
 * array, bit-reversal permutation; the inverse transform must give back the input to
 * within the rounding of the scaling (checked), and a tone's energy must land in its bin. */
#include "bench.h"

#ifndef LOG2N
#define LOG2N 6
#endif
#define N (1 << LOG2N)

/* sin(2*pi*k/64) in Q15, k = 0..16 */
static const int16_t quarter[17] = {
    0, 3212, 6393, 9512, 12539, 15446, 18204, 20787, 23170, 25329, 27245, 28898, 30273,
    31356, 32137, 32609, 32767,
};

static int16_t sin_q15(unsigned k) /* sin(2*pi*k/64) */
{
    k &= 63;
    if (k <= 16) return quarter[k];
    if (k <= 32) return quarter[32 - k];
    if (k <= 48) return (int16_t)-quarter[k - 32];
    return (int16_t)-quarter[64 - k];
}

static int16_t cos_q15(unsigned k) { return sin_q15(k + 16); }

static int16_t mul_q15(int16_t a, int16_t b)
{
    int32_t p = (int32_t)a * b + (1 << 14);
    return (int16_t)(p >> 15);
}

static void bitrev(int16_t *re, int16_t *im)
{
    for (unsigned i = 1, j = 0; i < N; i++) {
        unsigned bit = N >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            int16_t t = re[i]; re[i] = re[j]; re[j] = t;
            t = im[i]; im[i] = im[j]; im[j] = t;
        }
    }
}

/* scales by 1/2 per stage: the result is the DFT / N; inverse when dir < 0 */
static void fft(int16_t *re, int16_t *im, int dir)
{
    bitrev(re, im);
    for (unsigned len = 2; len <= N; len <<= 1) {
        unsigned step = 64 / len;
        for (unsigned i = 0; i < N; i += len) {
            for (unsigned k = 0; k < len / 2; k++) {
                int16_t wr = cos_q15(k * step), wi = (int16_t)(dir > 0 ? -sin_q15(k * step) : sin_q15(k * step));
                unsigned a = i + k, b = a + len / 2;
                int16_t tr = (int16_t)(mul_q15(re[b], wr) - mul_q15(im[b], wi));
                int16_t ti = (int16_t)(mul_q15(re[b], wi) + mul_q15(im[b], wr));
                int16_t ur = re[a], ui = im[a];
                re[a] = (int16_t)((ur + tr) >> 1);
                im[a] = (int16_t)((ui + ti) >> 1);
                re[b] = (int16_t)((ur - tr) >> 1);
                im[b] = (int16_t)((ui - ti) >> 1);
            }
        }
    }
}

static int16_t xr[N], xi[N], orig[N];

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 4);
    uint32_t seed = 12345, sum = 0;
    for (long r = 0; r < reps; r++) {
        unsigned tone = (unsigned)(3 + r * 5) % (N / 2);
        for (unsigned i = 0; i < N; i++) {
            int16_t noise = (int16_t)((int32_t)(bench_rand(&seed) & 0x3ff) - 512);
            xr[i] = orig[i] = (int16_t)(mul_q15(cos_q15(tone * i * (64 / N)), 12000) + noise);
            xi[i] = 0;
        }
        fft(xr, xi, 1);
        /* the tone's bin holds the most energy of the lower half */
        unsigned best = 0;
        int32_t bestp = -1;
        for (unsigned k = 0; k < N / 2; k++) {
            int32_t p = (int32_t)xr[k] * xr[k] + (int32_t)xi[k] * xi[k];
            if (p > bestp) { bestp = p; best = k; }
            sum = sum * 5 + (uint32_t)(uint16_t)xr[k] + ((uint32_t)(uint16_t)xi[k] << 16);
        }
        if (best != tone)
            return bench_fail("tone not in its bin");
        /* inverse: the forward scaled by 1/N, the inverse by 1/N again: multiply back by N */
        fft(xr, xi, -1);
        int32_t maxerr = 0;
        for (unsigned i = 0; i < N; i++) {
            int32_t e = (int32_t)xr[i] * N - orig[i];
            if (e < 0) e = -e;
            if (e > maxerr) maxerr = e;
        }
        if (maxerr > 40 * N)
            return bench_fail("inverse FFT does not give the input back");
        sum += (uint32_t)maxerr;
    }
    printf("fft_fixed: N=%d checksum %08lx\n", N, (unsigned long)sum);
    return 0;
}
