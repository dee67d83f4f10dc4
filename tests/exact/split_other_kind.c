/* tests/exact: a branch on "X && c" or "X || c" whose first operand X is i1
 * logic of the other kind ("(s == 4 || s == 8) && k == 1", foreign
 * statemachine.c's table dispatch). Code generation splits the branch in two
 * and tests X as one value (RISC-V "(s - 4) & ~4", a single compare), then c:
 * the first test goes on as often as X held, which the record of the
 * branch's condition counts. The old binary left every such split to an
 * estimate. */
#include "bench.h"

static __attribute__((noinline)) int hit(int *acc, int v) { return *acc += v; }
static __attribute__((noinline)) int miss(int *acc, int v) { return *acc ^= v; }

static __attribute__((noinline)) int dispatch(int s, int k, int *acc)
{
    int r = (s == 4 || s == 8) && k == 1 ? hit(acc, 3) : miss(acc, s);
    return (s + k + r) & 15;
}

static __attribute__((noinline)) int either(int a, int b, int c, int *acc)
{
    /* an and of two bounds, or'd with another test */
    if ((a < 3 && b > 5) || c == 7)
        return hit(acc, a);
    return miss(acc, b);
}

static __attribute__((noinline)) int range(unsigned x, unsigned y, int *acc)
{
    /* an or of two unsigned bounds, and'd with another test */
    if ((x < 10 || x > 200) && (y & 4))
        return hit(acc, (int)y);
    return miss(acc, (int)x);
}

int main(void)
{
    uint32_t seed = 2718;
    int s = 0, acc = 0;
    for (int i = 0; i < 400; i++) {
        uint32_t r = bench_rand(&seed);
        s = dispatch(s, (int)(r % 3), &acc);
        either((int)(r >> 4) % 9, (int)(r >> 8) % 9, (int)(r >> 12) % 9, &acc);
        range((r >> 16) & 255, r >> 24, &acc);
    }
    return acc & 1;
}
