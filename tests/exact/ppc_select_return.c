/* tests/exact: a select whose value a function returns, made by the PowerPC back end
 * into a conditional return ("cmplwi r5, 6; li r3, 0; beqlr cr0", then "li r3, 10;
 * blr": foreign statemachine.c's `k == C_NL ? S_IDLE : S_COMMENT`). The block has one
 * successor, the fall-through: lpnest counts that edge from the select's record when
 * the compare setting the return's condition field is the select's comparison; the old
 * binary split it 50/50. Equality with a constant, an unsigned order against a
 * constant, signed and unsigned orders of two registers. */
#include "bench.h"

static __attribute__((noinline)) int is_nl(int k) { return k == 6 ? 0 : 10; }
static __attribute__((noinline)) int not_seven(int k) { return k != 7 ? 3 : 12; }
static __attribute__((noinline)) unsigned small(unsigned v) { return v < 100u ? 1u : 9u; }
static __attribute__((noinline)) int order(int a, int b) { return a < b ? 5 : 17; }
static __attribute__((noinline)) unsigned uorder(unsigned a, unsigned b) { return a > b ? 2u : 40u; }
static __attribute__((noinline)) int negative(int a) { return a >= -3 ? 8 : 30; }

int main(void)
{
    uint32_t seed = 93011;
    unsigned sum = 0;
    for (int i = 0; i < 90; i++) {
        uint32_t r = bench_rand(&seed);
        sum += (unsigned)is_nl((int)(r % 9));
        sum += (unsigned)not_seven((int)(r >> 4) % 10);
        sum += small((r >> 8) % 180);
        sum += (unsigned)order((int)(r % 50) - 25, (int)((r >> 12) % 40) - 20);
        sum += uorder(r >> 3, (r << 5) ^ r);
        sum += (unsigned)negative((int)((r >> 16) % 11) - 6);
    }
    return (int)(sum & 1);
}
