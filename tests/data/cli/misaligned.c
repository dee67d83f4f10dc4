/* A word load from an odd address: PicoRV32 (RISC-V) traps, x86-64 does not. */
#include <stdint.h>
static uint8_t buf[16] = {1, 2, 3, 4, 5, 6, 7, 8};
int main(int argc, char **argv)
{
    (void)argv;
    volatile uint32_t *p = (uint32_t *)(buf + argc);
    return (int)(*p & 0xff);
}
