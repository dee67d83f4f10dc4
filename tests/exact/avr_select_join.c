/* avr_select_join.c: a 32-bit select on an equality (csmith avr seeds 1055, 1182). The
 * AVR backend makes the comparison's value a boolean in a register ("ldi r20, 1; breq;
 * mov r20, r1"), then selects each 16-bit half with its own branch on it ("andi r20, 1;
 * cpi r20, 0; brne" over a copy); the second branch follows the first one's diamond, so
 * the "andi" that makes the register a boolean is in a block before the join: "brne" is
 * taken when the `icmp eq` holds, the other way round from a branch on the compared
 * value. Its counts were taken as the comparison's opposite, marked exact. */
#include <stdint.h>
volatile int32_t in[5] = {INT32_MIN, 7, -3, INT32_MIN, 100000};
volatile int16_t in16[4] = {-32768, 5, -32768, 0};
int32_t g, h;
int16_t g16, h16;
int64_t g64, h64;
__attribute__((noinline)) void dec_sat(void)
{
    int32_t x = g;
    g = x - 1;
    h = x == INT32_MIN ? -1 : x - 1;
}
__attribute__((noinline)) void dec_sat64(void)
{
    int64_t x = g64;
    g64 = x - 1;
    h64 = x == 0 ? 12345 : x ^ 0x55;
}
int main(void)
{
    int32_t acc = 0;
    for (int i = 0; i < 23; i++) {
        g = in[i % 5];
        dec_sat();
        acc += h;
        g64 = in[(i + 1) % 5] == INT32_MIN ? 0 : i;
        dec_sat64();
        acc ^= (int32_t)h64;
    }
    return (int)(acc & 1);
}
