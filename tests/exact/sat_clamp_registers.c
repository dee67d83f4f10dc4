/* signed 16- and 32-bit saturating arithmetic followed by clamps (branchgen's `sat`
 * shape, GSM's step): on rv32 the clamp's bound is built once ("lui t0, 8; addi t0,
 * t0, -1") and kept in a register across the following clamps, whose arms copy it
 * ("mv t5, t0") on either side of a diamond; the comparisons against a 64-bit sum's
 * high word (smin.i64) test which compare makes the flag first. Issue 27. */
#include <stdint.h>
static volatile uint32_t in[3][64];
__attribute__((noinline)) static uint32_t step16(uint32_t a, uint32_t b, uint32_t c)
{
    int16_t s = (int16_t)(b ^ b);
    { int32_t z = (int32_t)s + (int32_t)(int16_t)(b + a); s = (int16_t)(z > 32767 ? 32767 : z < -32768 ? -32768 : z); }
    s = s > 12930 ? 12930 : s < -12930 ? -12930 : s;
    { int32_t z = (int32_t)s - (int32_t)(int16_t)(a + c); s = (int16_t)(z > 32767 ? 32767 : z < -32768 ? -32768 : z); }
    { int32_t z = (int32_t)s + (int32_t)(int16_t)c; s = (int16_t)(z > 32767 ? 32767 : z < -32768 ? -32768 : z); }
    s = s > 9139 ? 9139 : s < -9139 ? -9139 : s;
    { int32_t z = (int32_t)s - (int32_t)(int16_t)(c + c); s = (int16_t)(z > 32767 ? 32767 : z < -32768 ? -32768 : z); }
    { int32_t z = (int32_t)s - (int32_t)(int16_t)(b + c); s = (int16_t)(z > 32767 ? 32767 : z < -32768 ? -32768 : z); }
    s = s > 8078 ? 8078 : s < -8078 ? -8078 : s;
    return (uint32_t)s;
}
__attribute__((noinline)) static uint32_t step32(uint32_t a, uint32_t b, uint32_t c)
{
    int32_t s = (int32_t)(c >> 2);
    { int64_t z = (int64_t)s + (int64_t)(int32_t)(b ^ a); s = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    { int64_t z = (int64_t)s + (int64_t)(int32_t)(a >> 24); s = (int32_t)(z > 2147483647LL ? 2147483647LL : z < (-2147483647LL - 1) ? (-2147483647LL - 1) : z); }
    return (uint32_t)s;
}
static uint32_t bend(uint32_t x, uint32_t k)
{
    switch (k % 6u) {
    case 0: return x;
    case 1: return 0x7fffffffu - (x & 3u);
    case 2: return 0x80000000u + (x & 3u);
    case 3: return x & 0xffffu;
    case 4: return 0x7fffu + (x & 1u);
    default: return (uint32_t)-(int32_t)(x & 0x7fffu);
    }
}
int main(void)
{
    uint32_t x = 12345, h = 0;
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 3; j++) {
            x = x * 1103515245u + 12345u;
            in[j][i] = bend(x, x >> 20);
        }
    for (int i = 0; i < 64; i++) {
        h = h * 31u + step16(in[0][i], in[1][i], in[2][i]);
        h = h * 31u + step32(in[0][i], in[1][i], in[2][i]);
    }
    return (int)(h & 0x7f);
}
