/* tests/exact: a select on a loaded byte compared with 0 ("*neg ? -*num :
 * *num", foreign statemachine.c's S_ARG and S_VAL states) made into "beqz a2"
 * over "neg a0, a0" on riscv32, the branch located at the select's value
 * operand (the load of *num), neither at the select nor at its comparison
 * (the join's code is shared with the other state's): the register it tests
 * holds the loaded byte, and the one comparison of it with 0 names the
 * select. The old binary estimated the split. */
#include "bench.h"
struct stats { int16_t cmds, args, keys, errors, comments; int8_t depth, max_depth; int32_t argsum; uint16_t hash; };
static __attribute__((noinline)) int step(int s, int k, unsigned char c, struct stats *t, int32_t *num, int8_t *neg)
{
    switch (s) {
    case 4:
        switch (k) {
        case 1:
            if (*num < 100000)
                *num = *num * 10 + (c - '0');
            return 4;
        case 2: case 6: case 4:
            t->args++;
            t->argsum += *neg ? -*num : *num;
            return 5;
        default: t->errors++; return 11;
        }
    case 8:
        switch (k) {
        case 1: if (*num < 100000) *num = *num * 10 + (c - '0'); return 8;
        case 2: case 6: case 4:
            t->argsum += *neg ? -2 * *num : 2 * *num;
            if (t->depth > 0) t->depth--;
            return 5;
        default: t->errors++; return 11;
        }
    default:
        return (k + s) % 10;
    }
}
int main(void)
{
    uint32_t seed = 31337;
    struct stats t = {0};
    int32_t num = 0;
    int8_t neg = 0;
    int s = 0;
    for (int i = 0; i < 300; i++) {
        uint32_t r = bench_rand(&seed);
        neg = (int8_t)((r & 7) < 3);
        s += step(r & 1 ? 4 : 8, (int)(r >> 8) % 8, (unsigned char)(r >> 16), &t, &num, &neg);
    }
    return (t.argsum + t.args + s) & 1;
}
