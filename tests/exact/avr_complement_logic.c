/* avr_complement_logic.c — a comparison that is the first operand of a logical and
 * (select i1 %c, i1 %d, false) whose result decides a branch: the AVR back end makes it
 * as its complement ("ldi 1; tst; brpl; mov 0" is 1 when b >= 0 for "b < 0"), so the
 * value's arms say nothing about the comparison's outcome (benchmarks/foreign/recursion.c,
 * op_add: the branch counted taken 2 times for 12). */
#include "bench.h"

static int __attribute__((noinline)) add_checked(int32_t a, int32_t b, int32_t *o)
{
    if ((b > 0 && a > INT32_MAX - b) || (b < 0 && a < INT32_MIN - b))
        return 3;
    *o = a + b;
    return 0;
}

static int __attribute__((noinline)) sub_checked(int32_t a, int32_t b, int32_t *o)
{
    if ((b < 0 && a > INT32_MAX + b) || (b > 0 && a < INT32_MIN + b))
        return 3;
    *o = a - b;
    return 0;
}

static const int32_t as[] = {1, 2147483600, -5, 7, -2147483600, 0, 12};
static const int32_t bs[] = {5, 100, -3, 9, -100, 4, 6};

int main(void)
{
    uint32_t sum = 0;
    for (unsigned i = 0; i < sizeof as / sizeof as[0]; i++)
        for (unsigned j = 0; j < sizeof bs / sizeof bs[0]; j++) {
            int32_t v = 0, w = 0;
            sum = sum * 3 + (uint32_t)add_checked(as[i], bs[j], &v) + (uint32_t)v;
            sum = sum * 5 + (uint32_t)sub_checked(as[i], bs[j], &w) + (uint32_t)w;
        }
    printf("%08lx\n", (unsigned long)sum);
    return 0;
}
