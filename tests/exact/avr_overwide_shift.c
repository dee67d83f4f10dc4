/* avr_overwide_shift.c: csmith's safe left shift (avr seed 368). LLVM computes both
 * shifts before testing the amount (poison when it is 16 or more, discarded by the select),
 * and the AVR shift loops then run whatever the amount register holds: 0 times for 200,
 * 91 times for 91. The engine's counts of those shifts, and of the comparison of their
 * result, say nothing about the machine's: estimates, not counts marked exact. */
#include <stdint.h>
volatile uint8_t amt[6] = {200, 0, 91, 3, 200, 17};
volatile int32_t out;
int main(void)
{
    int32_t s = 0;
    for (int i = 0; i < 30; i++) {
        uint8_t b = amt[i % 6];
        int16_t v = (b > 15 || (32767 >> b) < 3975) ? (int16_t)3975 : (int16_t)(3975 << b);
        s ^= (int32_t)v + i;
    }
    out = s;
    return 0;
}
