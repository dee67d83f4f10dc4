/* fir.c — 32-tap FIR filter over 128 samples, the loop nest of seed 004's Fig. 2.
 * Self-checks: the impulse response equals the taps, the direct form equals a transposed
 * (output-stationary vs input-stationary) form on PRNG input, and a fixed checksum.
 * argv[1]: number of filter passes (default 8). */
#include <stdint.h>
#include "bench.h"

#define TAPS 32
#define N 128

static int32_t coef[TAPS];
static int32_t input[N + TAPS - 1];
static int32_t out_direct[N];
static int32_t out_transposed[N];

/* y[n] = sum_k h[k] * x[n + k]: the two nested loops of Fig. 2 */
static void fir_direct(const int32_t *x, const int32_t *h, int32_t *y)
{
    for (int n = 0; n < N; n++) {
        int32_t acc = 0;
        for (int k = 0; k < TAPS; k++)
            acc += h[k] * x[n + k];
        y[n] = acc;
    }
}

/* the same sums accumulated tap by tap over all outputs */
static void fir_transposed(const int32_t *x, const int32_t *h, int32_t *y)
{
    for (int n = 0; n < N; n++)
        y[n] = 0;
    for (int k = 0; k < TAPS; k++)
        for (int n = 0; n < N; n++)
            y[n] += h[k] * x[n + k];
}

int main(int argc, char **argv)
{
    long passes = bench_arg(argc, argv, 8);
    uint32_t seed = 0x2545F491u;
    for (int k = 0; k < TAPS; k++)
        coef[k] = (int32_t)(bench_rand(&seed) % 2001u) - 1000;

    /* impulse at the end of the window: output n = TAPS - 1 - k picks tap k */
    for (int i = 0; i < N + TAPS - 1; i++)
        input[i] = i == TAPS - 1 ? 1 : 0;
    fir_direct(input, coef, out_direct);
    for (int k = 0; k < TAPS; k++)
        if (out_direct[TAPS - 1 - k] != coef[k])
            return bench_fail("impulse response is not the tap vector");

    uint32_t sum = 0;
    for (long p = 0; p < passes; p++) {
        for (int i = 0; i < N + TAPS - 1; i++)
            input[i] = (int32_t)(bench_rand(&seed) & 0xffffu) - 0x8000;
        fir_direct(input, coef, out_direct);
        fir_transposed(input, coef, out_transposed);
        for (int n = 0; n < N; n++) {
            if (out_direct[n] != out_transposed[n])
                return bench_fail("direct and transposed forms differ");
            sum = sum * 31u + (uint32_t)out_direct[n];
        }
    }
    printf("fir: %d taps, %d samples, %ld passes\n", TAPS, N, passes);
    printf("fir: y[0]=%ld y[%d]=%ld checksum=%08lx\n", (long)out_direct[0], N - 1,
           (long)out_direct[N - 1], (unsigned long)sum);
    if (passes == 8 && sum != 0xc04dee09u) /* golden value of the default run */
        return bench_fail("checksum differs from the golden value");
    return 0;
}
