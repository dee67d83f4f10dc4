/* dsp.c — the integer DSP loops of EDN-style benchmarks: a Q15 FIR filter with a
 * 32-bit accumulator and saturation to int16_t, a biquad IIR section in Q14, a lattice
 * filter, a dot product with min/max tracking, and a moving average with a circular
 * buffer; each against a straightforward second form of the same computation. */
#include "bench.h"

#ifndef NS
#define NS 96
#endif
#define TAPS 12

static int16_t sat16(int32_t v) { return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v); }

static const int16_t taps[TAPS] = {-120, 340, -890, 2100, 5200, 9800, 9800, 5200, 2100, -890, 340, -120};
static int16_t in[NS], out1[NS], out2[NS];

static void fir_direct(void)
{
    for (int n = 0; n < NS; n++) {
        int32_t acc = 0;
        for (int k = 0; k < TAPS; k++)
            if (n - k >= 0)
                acc += (int32_t)taps[k] * in[n - k];
        out1[n] = sat16((acc + (1 << 14)) >> 15);
    }
}

static void fir_delay_line(void) /* the same with a shifted delay line */
{
    int16_t line[TAPS] = {0};
    for (int n = 0; n < NS; n++) {
        for (int k = TAPS - 1; k > 0; k--)
            line[k] = line[k - 1];
        line[0] = in[n];
        int32_t acc = 0;
        for (int k = 0; k < TAPS; k++)
            acc += (int32_t)taps[k] * line[k];
        out2[n] = sat16((acc + (1 << 14)) >> 15);
    }
}

/* y = b0 x + b1 x1 + b2 x2 - a1 y1 - a2 y2, Q14 coefficients */
static int32_t biquad(int16_t *y, const int16_t *x, int n)
{
    static const int16_t b0 = 4096, b1 = 8192, b2 = 4096, a1 = -9000, a2 = 3500;
    int16_t x1 = 0, x2 = 0, y1 = 0, y2 = 0;
    int32_t energy = 0;
    for (int i = 0; i < n; i++) {
        int32_t acc = (int32_t)b0 * x[i] + (int32_t)b1 * x1 + (int32_t)b2 * x2 - (int32_t)a1 * y1 - (int32_t)a2 * y2;
        int16_t v = sat16(acc >> 14);
        x2 = x1; x1 = x[i]; y2 = y1; y1 = v;
        y[i] = v;
        energy += (int32_t)(v >> 4) * (v >> 4);
    }
    return energy;
}

static int32_t lattice(const int16_t *x, int n)
{
    static const int16_t k[4] = {12000, -8000, 5000, -2000};
    int16_t g[5] = {0};
    int32_t sum = 0;
    for (int i = 0; i < n; i++) {
        int16_t f = x[i];
        for (int s = 0; s < 4; s++) {
            int16_t nf = sat16(f - (((int32_t)k[s] * g[s]) >> 15));
            int16_t ng = sat16(g[s] + (((int32_t)k[s] * nf) >> 15));
            g[s] = (int16_t)(s ? ng : f);
            f = nf;
        }
        sum += f;
    }
    return sum;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 2);
    uint32_t seed = 31337, sum = 0;
    for (long r = 0; r < reps; r++) {
        for (int i = 0; i < NS; i++) /* a chirp-ish square wave plus noise, near full scale */
            in[i] = (int16_t)((((i * (i + (int)r)) >> 4) & 8 ? 26000 : -26000) + (int32_t)(bench_rand(&seed) & 2047) - 1024);
        fir_direct();
        fir_delay_line();
        for (int i = 0; i < NS; i++)
            if (out1[i] != out2[i])
                return bench_fail("FIR forms differ");
        int32_t e = biquad(out2, in, NS);
        int32_t l = lattice(in, NS);
        int16_t lo = INT16_MAX, hi = INT16_MIN;
        int32_t dot = 0;
        for (int i = 0; i < NS; i++) {
            dot += ((int32_t)out1[i] * out2[i]) >> 8;
            lo = out1[i] < lo ? out1[i] : lo;
            hi = out1[i] > hi ? out1[i] : hi;
        }
        /* moving average of 8 with a circular buffer against a sliding sum */
        int16_t ring[8] = {0};
        int32_t run = 0, slide = 0;
        for (int i = 0; i < NS; i++) {
            run += (int32_t)in[i] - ring[i & 7];
            ring[i & 7] = in[i];
            slide += (int32_t)in[i] - (i >= 8 ? in[i - 8] : 0);
            if (run != slide)
                return bench_fail("moving average");
            sum = sum * 3 + (uint32_t)(run >> 3);
        }
        sum = sum * 31 + (uint32_t)e + (uint32_t)l * 7 + (uint32_t)dot + (uint16_t)lo + ((uint32_t)(uint16_t)hi << 16);
    }
    printf("dsp: checksum %08lx\n", (unsigned long)sum);
    return 0;
}
