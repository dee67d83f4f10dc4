/* tests/exact/avr_stack_args.c: a function taking four uint64_t (32 bytes: x and y in the
 * argument registers r25..r10, e and n on the stack) on the ATmega2560. LLVM 19's AVR back
 * end places incoming stack arguments as if return addresses were 2 bytes; the ATmega2560's
 * are 3, so the callee reads them one byte off ("ldd r, Y+13" for the caller's Y+14) and the
 * machine code computes other values than the program (main's acc under simavr differs
 * from the host's and lpnest's at every clang optimisation level; avr-gcc's callee reads
 * the right bytes). The loop runs 227 times by the C semantics, 264 on the board: lpnest
 * marks every count of such a run an estimate and says why (lower_avr_stack.c). The old
 * binary claimed 227 exact. */
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

__attribute__((noinline)) uint64_t power(uint64_t x, uint64_t y, uint64_t e, uint64_t n)
{
    while (e) {
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
    for (int i = 0; i < 6; i++)
        acc ^= power(1, vin[i], vin[(i + 3) % 6] ^ 0x2D, vmod);
    sink = acc;
    return (int)(acc & 1);
}
