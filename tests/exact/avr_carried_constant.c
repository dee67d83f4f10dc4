/* avr_carried_constant.c: a compare with a constant whose bytes the AVR backend keeps in
 * registers set blocks before the compare, across a loop and calls (csmith avr seed 1213:
 * "x < 1" compared as "0 < x" against a zero kept in r12:r13 for a 64-bit store's high
 * bytes, the boolean then made with "ldi r18, 1; brlt; mov r18, r1" for the branch).
 * Which way the branch goes depends on that constant (0 < x is the comparison's opposite,
 * 1 > x would not be); read from the compare's own block alone it was unknown, and the
 * boolean it makes was taken as the comparison itself, marked exact. */
#include <stdint.h>
volatile int32_t in[7] = {0, 1, -5, 7, 0, -1, 1000};
volatile int32_t vol19, vol20;
int32_t g23;
int64_t g83, g73;
uint32_t crc;
__attribute__((noinline)) void mix(uint64_t v)
{
    crc = (crc >> 3) ^ (uint32_t)v ^ (uint32_t)(v >> 32) * 2654435761u;
}
__attribute__((noinline)) void step(int32_t k)
{
    g73 = (uint32_t)k; /* (zeros for its high bytes, kept in registers) */
    if (k & 1)
        (void)vol19;
    if (k & 2)
        mix((uint64_t)k);
    int32_t x = g23;
    int c = x < 1;
    g83 = c;
    if (c)
        (void)vol20;
    g73 = (uint32_t)x;
}
int main(void)
{
    for (int i = 0; i < 25; i++) {
        g23 = in[i % 7];
        step(i);
    }
    return (int)(crc & 1);
}
