/* tests/exact: `(a < b && b < c) || c == 7` (issue 27; s11's either_mismatch.c). In the IR the
 * `c == 7` is two compares, one per path; the tail merger makes them one machine block, the
 * labelled code of the path a >= b, which the other path's first test (`b < c`) falls into. The
 * old binary did not take the two compares for one test, so it put that path's edges on the
 * merged block and counted its first branch taken 0 (qemu-riscv32 47), marked exact, on
 * riscv32, ppc and the AVR. Now both IR blocks are shared, and when each is one machine block
 * and the merged test is the `or`'s second operand, the engine's record of the first operand
 * gives every count: the first block runs as its IR block, the merged one as its IR block plus
 * the first test's go-on count. `and_not` is the `&&` form (`(a < b || b < c) && c != 3`):
 * the same rule with the go-on sense inverted.
 */
#include "bench.h"

static __attribute__((noinline)) int either(int a, int b, int c, int *acc)
{
    if ((a < b && b < c) || c == 7)
        return *acc += a;
    return *acc -= b;
}

static __attribute__((noinline)) int and_not(int a, int b, int c, int *acc)
{
    if ((a < b || b < c) && c != 3)
        return *acc += c;
    return *acc ^= a;
}

int main(void)
{
    uint32_t seed = 2718;
    int acc = 0;
    for (int i = 0; i < 400; i++) {
        uint32_t r = bench_rand(&seed);
        either((int)(r >> 4) % 9, (int)(r >> 8) % 9, (int)(r >> 12) % 9, &acc);
        and_not((int)(r >> 16) % 7, (int)(r >> 20) % 7, (int)(r >> 24) % 7, &acc);
    }
    return acc & 1;
}
