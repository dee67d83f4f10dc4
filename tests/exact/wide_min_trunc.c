/* tests/exact: a 64-bit min/max whose value is used only truncated to 32 bits (branchgen
 * seed 72019, ppc, f4): the type legaliser makes the low word "high words equal ? the low
 * words' min/max : the operand the high words choose", two branches of which neither is
 * the record's choice (PowerPC trunc(umin.i64(x, 2)): "cmplwi lo, 2; blt" over "li 2", then
 * "cmplwi hi, 0; beq" over "li 2"). The old binary took the last branch for the choice:
 * the high-word test counted 9 times taken for qemu's 22, marked exact. */
#include <stdint.h>

__attribute__((noinline)) static uint32_t pick(uint32_t r, uint32_t b)
{
    uint64_t w = (uint64_t)b * 0x9E3779B9u;
    if (b == 0)
        r ^= 0xbf7fu;
    else
        r += 3u;
    return r * 17u + (uint32_t)(w < 2u ? w : 2u);
}

__attribute__((noinline)) static uint32_t pick2(uint32_t r, uint32_t c)
{
    uint64_t v = (uint64_t)c << 20;
    return r * 5u + (uint32_t)(v > 70000u ? v : 70000u);
}

int main(void)
{
    uint32_t seed = 2463534242u, h = 0;
    for (int i = 0; i < 160; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        uint32_t b = (i % 7 == 0) ? 0 : (i % 5 == 0) ? 1 : (i % 3 == 0) ? seed & 3 : seed;
        uint32_t c = (i % 4 == 0) ? seed & 15 : seed >> (i & 31);
        h = (h ^ pick(h, b)) * 0x01000193u;
        h = (h ^ pick2(h, c)) * 0x01000193u;
    }
    return (int)(h & 1);
}
