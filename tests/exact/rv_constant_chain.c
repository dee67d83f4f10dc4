/* tests/exact: a chain of selects on one value against constants (foreign
 * tarscan.c's `x < 2 ? '\n' : x < 5 ? ' ' : 'a' + x` on riscv32), made as
 * "bgeu x, s5" (5 kept in a register across the loop, the branch without a
 * location or located at the `and` making x), then on each side "bgeu x, s2".
 * The first branch is the inner select's comparison (its registers hold x and
 * 5), and on the x >= 5 side the second cannot fall to '\n' (x >= 5 implies
 * x >= 2): every count and split known. The old binary estimated the three
 * blocks. */
#include "bench.h"

static char text[300];

int main(void)
{
    uint32_t seed = 2024, sum = 0;
    for (int r = 0; r < 6; r++) {
        int n = 200 + r * 13;
        for (int k = 0; k < n; k++) {
            uint32_t x = bench_rand(&seed) % 16;
            text[k] = x < 2 ? '\n' : x < 5 ? ' ' : (char)('a' + x);
        }
        for (int k = 0; k < n; k++)
            sum = sum * 31 + (uint8_t)text[k];
    }
    return (int)(sum & 1);
}
