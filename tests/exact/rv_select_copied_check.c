/* tests/exact: a select whose two sides each carry a copy of the next switch's
 * range check (foreign statemachine.c on riscv32): the class of a character,
 * "table[u] ? table[u] - 1 : OTHER", made into "bnez" over "li a5, 8", each
 * side then testing the state against the jump table's bound. Neither side is
 * a triangle or a named diamond, and both hold as much code: the old binary
 * estimated the select's split and everything after it; the branch compares
 * as the select's condition does, which names the side. */
#include "bench.h"

enum { K_A, K_B, K_C, K_D, K_E, K_OTHER };

static int classify(unsigned char u)
{
    static const uint8_t table[64] = {
        [1] = K_A + 1, [2] = K_B + 1, [3] = K_C + 1, [5] = K_D + 1, [8] = K_E + 1,
        [13] = K_A + 1, [21] = K_B + 1, [34] = K_C + 1, [55] = K_D + 1,
    };
    if (u >= 64)
        return K_OTHER;
    return table[u] ? table[u] - 1 : K_OTHER;
}

static __attribute__((noinline)) int step(int s, unsigned char c, int *acc)
{
    int k = classify(c);
    switch (s) {
    case 0: *acc += k; return k == K_A ? 1 : k == K_OTHER ? 0 : 2;
    case 1: *acc ^= k << 1; return k == K_B ? 3 : 4;
    case 2: *acc += 3 * k; return k == K_C ? 5 : 0;
    case 3: *acc -= k; return (k & 3) + 3;
    case 4: *acc += k * k; return k == K_E ? 0 : 2;
    case 5: *acc ^= k; return 7;
    case 6: *acc += 7; return k == K_OTHER ? 4 : 3;
    case 7: *acc -= 5; return 0;
    default: return 0;
    }
}

int main(void)
{
    uint32_t seed = 12345;
    int s = 0, acc = 0;
    for (int i = 0; i < 600; i++) {
        uint32_t x = bench_rand(&seed);
        s = step(s, (unsigned char)(x % 80), &acc);
    }
    return acc & 1;
}
