/* tests/exact: a two-way branch one of whose sides has code in the IR and none in
 * the machine code (foreign blockmerge.c's key choice on riscv32): `n - i` in a
 * loop is strength-reduced to a register counted down, its copy into the value
 * register moved before the branch ("mv a6, a3; bltu a0, a2"), so the IR block
 * of `n - i` has no machine block. The branch still enters the other side's
 * code at its head and skips it on the first side: its edges are the IR edges,
 * and the other side runs as often as its IR block. The old binary took the
 * vanished block's code for merged somewhere and estimated both. */
#include "bench.h"

static short key[200];

int main(void)
{
    uint32_t seed = 77, sum = 0;
    for (int r = 0; r < 4; r++) {
        int n = 180 - r * 11;
        for (int i = 0; i < n; i++) {
            uint32_t x = bench_rand(&seed);
            key[i] = (short)(i < n / 4 ? (int)(x % 8) - 4 : i < n / 2 ? n - i : (int)(x % 777) - 300);
        }
        for (int i = 0; i < n; i++)
            sum = sum * 3 + (uint16_t)key[i];
    }
    return (int)(sum & 1);
}
