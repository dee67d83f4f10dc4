/* tests/exact/minmax_reassoc.c: a min/max with a constant whose only use is another min/max of the same kind
 * in its block (here the umin(x, ~y) that uadd.sat is expanded into): code generation
 * reassociates umin(umin(a, C), b) into umin(umin(a, b), C), so the branch with the first
 * min's location compares umin(a, b) with C, neither record's choice (branchgen seed 76008
 * on the PPC405: a clamp at 19729 counted 732 for qemu's 653, marked exact). */
#include "bench.h"
#include <stdint.h>

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint32_t z = a + b;
    return z < a ? 0xFFFFFFFFu : z;
}

__attribute__((noinline)) static uint32_t run(uint32_t a, uint32_t c, uint32_t n)
{
    uint32_t r = 0;
#pragma clang loop unroll(disable)
    for (uint32_t i = 0; i < n; i++) {
        uint32_t s = sat_add(a >> 17, c * i);
        s = s > 19729 ? 19729 : s;
        s = sat_add(s, (c >> 18) - 9000u + i * 700u);
        s = s > 14261 ? 14261 : s;
        r ^= s + i;
    }
    return r;
}

int main(void)
{
    uint32_t x = 12345u, r = 0;
    for (uint32_t k = 0; k < 40; k++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        r = r * 31u + run(x, x >> (k % 32u), 20u + (k & 7u));
    }
    printf("r = %08lX\n", (unsigned long)r);
    return 0;
}
