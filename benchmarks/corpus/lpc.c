/* lpc.c — linear prediction as in speech and lossless audio coders: autocorrelation of a
 * windowed frame, Levinson-Durbin recursion (in double) for the predictor, coefficients
 * quantised to Q12, integer analysis filter (residual) and synthesis filter. Self-checks:
 * synthesis from the residual gives the input back exactly, every reflection coefficient
 * has magnitude below 1 (stable filter), and prediction lowers the energy. argv[1]:
 * frames (default 4). Frame 256 samples, order 10 (AVR: 128 samples, order 8). */
#include <stdint.h>
#include "bench.h"

#ifdef __AVR__
#define FRAME 128
#define ORDER 8
#else
#define FRAME 256
#define ORDER 10
#endif
#define QBITS 12

static int16_t signal[FRAME], rebuilt[FRAME];
static int32_t residual[FRAME];

/* returns 0 when the recursion fails (a reflection coefficient of magnitude >= 1) */
static int levinson(const double *r, double *a, double *k)
{
    double err = r[0];
    double tmp[ORDER + 1];
    for (int i = 0; i <= ORDER; i++)
        a[i] = 0;
    a[0] = 1;
    for (int m = 1; m <= ORDER; m++) {
        double acc = r[m];
        for (int i = 1; i < m; i++)
            acc += a[i] * r[m - i];
        k[m] = -acc / err;
        if (k[m] <= -1 || k[m] >= 1)
            return 0;
        for (int i = 0; i <= m; i++)
            tmp[i] = a[i] + k[m] * a[m - i];
        for (int i = 0; i <= m; i++)
            a[i] = tmp[i];
        err *= 1 - k[m] * k[m];
    }
    return 1;
}

int main(int argc, char **argv)
{
    long frames = bench_arg(argc, argv, 4);
    uint32_t seed = 0x1BC0FFEEu, sum = 0;
    int32_t state1 = 0, state2 = 0;
    int64_t energy_in = 0, energy_res = 0;
    for (long f = 0; f < frames; f++) {
        /* a resonant second-order process driven by noise: strongly predictable */
        for (int n = 0; n < FRAME; n++) {
            int32_t e = (int32_t)(bench_rand(&seed) % 2001u) - 1000;
            int32_t v = (state1 * 7000 - state2 * 3600) / 4096 + e;
            v = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
            state2 = state1;
            state1 = v;
            signal[n] = (int16_t)v;
        }
        double r[ORDER + 1], a[ORDER + 1], k[ORDER + 1];
        for (int lag = 0; lag <= ORDER; lag++) {
            double acc = 0;
            for (int n = lag; n < FRAME; n++) {
                /* Welch-like window */
                double w1 = 1.0 - (2.0 * n / FRAME - 1) * (2.0 * n / FRAME - 1);
                double w2 = 1.0 - (2.0 * (n - lag) / FRAME - 1) * (2.0 * (n - lag) / FRAME - 1);
                acc += signal[n] * w1 * signal[n - lag] * w2;
            }
            r[lag] = acc;
        }
        r[0] *= 1.0 + 1e-9; /* white-noise correction */
        if (!levinson(r, a, k))
            return bench_fail("Levinson-Durbin: unstable reflection coefficient");
        int32_t q[ORDER + 1];
        for (int i = 1; i <= ORDER; i++)
            q[i] = (int32_t)__builtin_floor(-a[i] * (1 << QBITS) + 0.5);
        /* analysis: residual = x[n] - prediction */
        for (int n = 0; n < FRAME; n++) {
            int64_t pred = 0;
            for (int i = 1; i <= ORDER && i <= n; i++)
                pred += (int64_t)q[i] * signal[n - i];
            residual[n] = signal[n] - (int32_t)(pred >> QBITS);
        }
        /* synthesis: the same prediction from already rebuilt samples */
        for (int n = 0; n < FRAME; n++) {
            int64_t pred = 0;
            for (int i = 1; i <= ORDER && i <= n; i++)
                pred += (int64_t)q[i] * rebuilt[n - i];
            rebuilt[n] = (int16_t)(residual[n] + (int32_t)(pred >> QBITS));
        }
        if (memcmp(signal, rebuilt, sizeof signal) != 0)
            return bench_fail("synthesis does not rebuild the input");
        for (int n = ORDER; n < FRAME; n++) {
            energy_in += (int64_t)signal[n] * signal[n];
            energy_res += (int64_t)residual[n] * residual[n];
        }
        for (int i = 1; i <= ORDER; i++)
            sum = sum * 13u + (uint32_t)q[i];
        if (f == 0)
            printf("lpc: q1=%ld q2=%ld k1=%lld/1e6\n", (long)q[1], (long)q[2],
                   (long long)__builtin_floor(k[1] * 1e6 + 0.5));
    }
    printf("lpc: %ld frames of %d, order %d, energy in %lld residual %lld, checksum %08lx\n", frames,
           FRAME, ORDER, (long long)energy_in, (long long)energy_res, (unsigned long)sum);
    return energy_res * 4 < energy_in ? 0 : bench_fail("prediction gain below 6 dB");
}
