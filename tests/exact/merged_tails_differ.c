/* merged_tails_differ.c — two switch cases whose code is the same but for the value
 * they return: code generation merges their "if (*num < 100000) *num = ..." updates into
 * one machine block named after the first case's update, and on x86-64 the second case's
 * "cmpl; jg" loses its location when folding merges it, so its own branch into the other
 * case's update was not read as the edge to its own (emptied) update block: that block's
 * flow went on to the return, 30 for 3 (found with benchmarks/foreign/statemachine.c). */
#include "bench.h"

enum { IDLE, NUM, VAL, SKIP };

static int __attribute__((noinline)) step(int s, char c, int32_t *num, int32_t *sum)
{
    int digit = c >= '0' && c <= '9';
    switch (s) {
    case IDLE:
        if (digit) { *num = c - '0'; return NUM; }
        if (c == ':') { *num = 0; return VAL; }
        return IDLE;
    case NUM:
        if (digit) {
            if (*num < 100000)
                *num = *num * 10 + (c - '0');
            return NUM;
        }
        *sum += *num;
        return c == '#' ? SKIP : IDLE;
    case VAL:
        if (digit) {
            if (*num < 100000)
                *num = *num * 10 + (c - '0');
            return VAL;
        }
        *sum += 2 * *num;
        return IDLE;
    default:
        return c == '\n' ? IDLE : SKIP;
    }
}

static const char text[] = "12 345 :67 8#skip\n:1234567 99999999 :5 6\n1:2:3 #x\n44";

int main(void)
{
    int32_t num = 0, sum = 0;
    int s = IDLE;
    for (int r = 0; r < 3; r++)
        for (const char *p = text; *p; p++)
            s = step(s, *p, &num, &sum);
    printf("%ld %d\n", (long)sum, s);
    return 0;
}
