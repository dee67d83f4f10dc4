/* avr-libc's pgm_read_byte reads flash with lpm; clang ignores PROGMEM, so the table is in RAM. */
#include <stdint.h>
static const uint8_t table[4] = {1, 2, 3, 4};
static uint8_t read_flash(const uint8_t *p)
{
    uint8_t v;
    __asm__ volatile("lpm %0, Z" : "=r"(v) : "z"(p));
    return v;
}
int main(void)
{
    return read_flash(&table[2]);
}
