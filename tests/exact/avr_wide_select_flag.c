/* avr_wide_select_flag.c: 64-bit arithmetic by 32-bit halves with a select on a 64-bit
 * compare, as modular multiplication does it (issue 27, montgomery on the AVR). Two
 * shapes the AVR back end makes of it: (1) "r >= n ? r - n : r" on uint64_t: the
 * comparison's value made by a branch ("ldi r24, 1; brlo; mov r24, r1"), then one
 * diamond per register pair, each testing that flag again ("cpi r24, 0; brne" over a
 * reload of one pair of n); (2) "if (e & 1) x = f(x, y)" where the path that skips the
 * call only takes y's halves for the code after the join: an IR block of `and` and
 * `lshr` by 32 that makes no machine code. Both are counted exactly from the run's
 * records (the select's condition, the IR edge). */
#include <stdint.h>

volatile uint64_t vin[6] = {0x00000000FFFFFFF1ull, 0x7FFFFFFF00000001ull, 0x123456789ull, 0x0FEDCBA987654321ull,
                            3, 0x0000000100000000ull};
volatile uint64_t vmod = 0x5FFFFFFFFFFFFFC5ull;
uint64_t sink;

/* (a * b) mod 2^64 and the carry-ish high part, by halves, then reduced once */
static uint64_t step(uint64_t a, uint64_t b, uint64_t n)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t lo = a0 * b0, mid = a0 * b1 + (lo >> 32);
    uint64_t r = (mid + a1 * b0 + a1 * b1) & 0x7FFFFFFFFFFFFFFFull;
    return r >= n ? r - n : r;
}

uint64_t nmod;

__attribute__((noinline)) uint64_t power(uint64_t y, uint64_t e, uint8_t bits)
{
    uint64_t x = 1, n = nmod;
    for (uint8_t k = bits; k; k--) {
        if (e & 1)
            x = step(x, y, n);
        y = step(y, y, n);
        e >>= 1;
    }
    return x;
}

int main(void)
{
    uint64_t acc = 0;
    nmod = vmod;
    for (int i = 0; i < 6; i++)
        acc ^= power(vin[i], vin[(i + 3) % 6] ^ 0x2D, (uint8_t)(40 + 4 * i));
    sink = acc;
    return (int)(acc & 1);
}
