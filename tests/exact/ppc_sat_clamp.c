/* tests/exact: 16- and 8-bit signed saturating adds and subtracts on the PPC405 (clang
 * makes the clamps below llvm.sadd.sat / llvm.ssub.sat; the shape of foreign dsp.c's
 * lattice filter). Code generation computes the exact result at 32 bits and clamps it
 * with one branch per bound; the saturation's record says how often it saturated, not
 * at which bound, so the old binary split the two branches as estimates. The operands
 * reach above, below and exactly onto each bound. */
#include <stdint.h>

volatile int16_t xa[7] = {30000, -30000, 32767, -32768, 100, -1, 16384};
volatile int16_t xb[5] = {5000, -5000, 0, 1, 16383};
volatile int8_t ya[5] = {100, -100, 127, -128, 3};
volatile int8_t yb[3] = {50, -50, 0};
volatile int32_t out;

static int16_t sat16(int32_t v) { return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v); }
static int8_t sat8(int32_t v) { return (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v); }

int main(void)
{
    int32_t acc = 0;
    for (int r = 0; r < 35; r++) {
        int16_t a = xa[r % 7], b = xb[r % 5];
        int8_t c = ya[r % 5], d = yb[r % 3];
        acc += sat16(a + b) + sat16(a - b) + sat8(c + d) + sat8(c - d);
        out = acc;
    }
    return 0;
}
