/* avr_wide_compare.c: a select after a 64-bit compare with a constant (csmith avr seed
 * 307). The AVR backend compares x > C as x >= C + 1 in one chain (cpi on the low byte,
 * cpc on the seven above, against registers loaded with ldi and copied with movw, more
 * instructions than the branch's neighbourhood) and makes the comparison's value with a
 * branch over "mov r30, r1" (the value 0), which the select's `and` then uses. */
#include <stdint.h>
volatile uint64_t in[6] = {0x2645ACFB9A36DCBEull, 0x2645ACFB9A36DCBFull, 1, 0xFFFFFFFFFFFFFFFFull, 7,
                           0x2645ACFB9A36DCBDull};
uint64_t x64;
uint32_t acc;
volatile int32_t sin32[3] = {-77777, 77777, -77778};
int32_t s32;
uint16_t acc16;
__attribute__((noinline)) void gt64(void)
{
    uint64_t x = x64 + 1;
    x64 = x;
    acc = x > 0x2645ACFB9A36DCBEull ? (acc & 1) : 0;
}
__attribute__((noinline)) void le64(void)
{
    uint64_t x = x64 + 1;
    x64 = x;
    acc = x <= 0x2645ACFB9A36DCBEull ? (acc | 6) : 0;
}
__attribute__((noinline)) void slt32(void)
{
    int32_t x = s32 + 1;
    s32 = x;
    acc16 = x < -77777 ? (acc16 & 3) : 0;
}
int main(void)
{
    for (int i = 0; i < 30; i++) {
        acc += (uint32_t)i;
        x64 = in[i % 6] - 1;
        gt64();
        x64 = in[(i + 2) % 6] - 1;
        le64();
        acc16 += (uint16_t)i;
        s32 = sin32[i % 3] - 1;
        slt32();
    }
    return (int)(acc & 1) + (acc16 & 1);
}
