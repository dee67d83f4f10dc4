/* tests/exact: a lattice filter's stages (foreign dsp.c), each the 16-bit saturation of
 * a difference and of a sum (llvm.ssub.sat.i16 and llvm.sadd.sat.i16), which riscv32
 * code generation makes into the exact 32-bit result clamped at 32767 and at -32768, one
 * branch each: "blt t2, t0" against 32767 kept in a register across the loop (t5 =
 * 32768 loaded before it, "addi t0, t5, -1"), then, at its join and without a location,
 * "lui t1, 1048568; blt t1, t2". The saturation's record says how often it saturated,
 * not at which bound: the old binary estimated both clamps; a probe (where the exact
 * result lies against the bounds) counts them. */
#include <stdint.h>

static int16_t sat16(int32_t v) { return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v); }

static int16_t x[160];

__attribute__((noinline)) static int32_t lattice(const int16_t *in, int n)
{
    static const int16_t k[4] = {12000, -8000, 5000, -2000};
    int16_t g[5] = {0};
    int32_t sum = 0;
    for (int i = 0; i < n; i++) {
        int16_t f = in[i];
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

int main(void)
{
    uint32_t seed = 5;
    int32_t total = 0;
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < 160; i++) {
            seed = seed * 1664525u + 1013904223u;
            /* loud enough to saturate now and then, at either bound */
            x[i] = (int16_t)((int32_t)(seed >> 16) - 32768);
        }
        total += lattice(x, 160 - r * 20);
    }
    return (int)(total & 1);
}
