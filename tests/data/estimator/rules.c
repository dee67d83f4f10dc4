/* rules.c — hand-made functions for tests/estimator/cost_test.py, one cost rule
 * each, called by main with arguments that fix how often every path runs. The
 * test compares lpnest's cycles per function with a reference that does not use
 * lpnest (simavr on the AVR, qemu's exact trace priced by the PicoRV32 README's
 * CPI table on RISC-V). */
#include <stdint.h>

volatile uint32_t sink;
volatile uint8_t sink8;

/* straight-line ALU code: one block, no branch */
__attribute__((noinline)) uint32_t straight(uint32_t a, uint32_t b)
{
    uint32_t x = a ^ b;
    x += a << 3;
    x |= b >> 2;
    x -= a & 0x55u;
    return x ^ (x >> 7);
}

/* a loop whose trip count is its argument */
__attribute__((noinline)) uint32_t loop(uint32_t n)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += i ^ (s >> 1);
    return s;
}

/* the same on 16 bits (the AVR's width: no 32-bit compare turned into a select) */
__attribute__((noinline)) uint16_t loop16(uint16_t n)
{
    uint16_t s = 0;
    for (uint16_t i = 0; i < n; i++)
        s += i ^ (s >> 1);
    return s;
}

/* a branch taken or not by the argument's low bit (a store on one side: a real
 * branch, not a select) */
__attribute__((noinline)) uint32_t branch(uint32_t x)
{
    if (x & 1)
        sink = (x << 2) + x + 1;
    return x >> 1;
}

/* bytes: loads, and a count kept in a register */
__attribute__((noinline)) uint8_t bits(const uint8_t *p, uint8_t n)
{
    uint8_t c = 0;
    for (uint8_t i = 0; i < n; i++)
        if (p[i] & 0x10)
            c++;
    return c;
}

/* division: a runtime routine on the AVR (__udivmodsi4) and on rv32i (__udivsi3) */
__attribute__((noinline)) uint32_t divide(uint32_t n, uint32_t d)
{
    return n / d;
}

/* a shift by a register: priced per executed amount on a core without barrel shifter */
__attribute__((noinline)) uint32_t shift(uint32_t x, uint32_t n)
{
    return x << (n & 31);
}

/* a rotate by a register: on the AVR, two per-bit loops on 16-bit halves,
 * one running the amount mod 16 times, the other 15 minus that */
__attribute__((noinline)) uint32_t rotate(uint32_t x, uint32_t n)
{
    n &= 31;
    return (x << n) | (x >> ((32 - n) & 31));
}

/* a 16-bit shift by a register: one per-bit loop inside the block on the AVR */
__attribute__((noinline)) uint16_t shift16(uint16_t x, uint8_t n)
{
    return (uint16_t)(x >> (n & 15));
}

/* a loop whose condition the AVR keeps in a register (no conditional move):
 * `ldi rF, 1` before the compare, `mov rF, r1` on the other side, tested by
 * the latch; the test's direction follows from the paths into it */
__attribute__((noinline)) uint8_t popcount(uint32_t x)
{
    uint8_t n = 0;
    for (; x; x >>= 1)
        n += x & 1;
    return n;
}

/* bit reversal with shifts by the loop index: on the AVR each 32-bit shift is
 * a loop whose counter counts up to zero, its "last iteration" flag kept in a
 * register */
__attribute__((noinline)) uint32_t reverse(uint32_t x)
{
    uint32_t r = 0;
    for (uint8_t i = 0; i < 32; i++)
        r |= ((x >> i) & 1) << (31 - i);
    return r;
}

/* a multiplication: a runtime routine (__mulsi3) on rv32i and on the AVR */
__attribute__((noinline)) uint32_t multiply(uint32_t a, uint32_t b)
{
    return a * b;
}

/* a call through a pointer and a direct call */
__attribute__((noinline)) uint32_t twice(uint32_t x) { return x + x; }
__attribute__((noinline)) uint32_t indirect(uint32_t (*f)(uint32_t), uint32_t x) { return f(x) + twice(x); }

static const uint8_t data[12] = {0x10, 0x01, 0x31, 0x00, 0xff, 0x0f, 0x1f, 0x20, 0x10, 0x11, 0x80, 0x12};

int main(void)
{
    sink = straight(0x12345678u, 0x0badcafeu);
    sink = straight(7, 9);
    sink = loop(10);
    sink = loop(33);
    sink = loop16(10);
    sink = loop16(33);
    for (uint32_t x = 0; x < 7; x++) /* 3 odd, 4 even */
        sink = branch(x);
    sink8 = bits(data, 12);
    sink = divide(1000000u, 7u);
    sink = divide(0xfedcba98u, 0x1234u);
    sink = divide(5u, 1000u);
    sink = indirect(twice, 21);
    for (uint32_t n = 0; n < 32; n++) /* every amount once */
        sink = shift(0x9e3779b9u, n);
    for (uint32_t n = 0; n < 40; n += 3) /* amounts 0..39: both halves, 0 and 15 mod 16 */
        sink = rotate(0x9e3779b9u, n * 7 + (n > 20));
    for (uint8_t n = 0; n < 20; n++)
        sink = shift16(0xbeefu, n);
    for (uint32_t x = 1; x < 0x40000000u; x = x * 5 + 3) /* 14 values, 3..30 bits */
        sink8 = popcount(x);
    sink = reverse(0x9e3779b9u);
    sink = multiply(12345u, 678u);
    sink = multiply(0xdeadbeefu, 3u);
    sink = multiply(7u, 0x80000001u);
    return 0;
}
