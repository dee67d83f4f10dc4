/* va_registers.c — variadic arguments in registers and in memory: x86-64 and the
 * 32-bit PowerPC pass the first ones in registers, which va_start saves and va_arg
 * reads while registers remain (a branch per va_arg in the IR), then from the stack.
 * The engine must lay the arguments out as the machine does, or every such branch is
 * counted on the wrong side (the engine once put all of them in memory). Few and many
 * ints, doubles (x86-64: xmm registers, 8 of them; soft-float PowerPC: register
 * pairs), long longs (PowerPC: aligned pairs) and mixes that skip a register. */
#include "bench.h"

#include <stdarg.h>

__attribute__((noinline)) static long sum_ints(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

__attribute__((noinline)) static double sum_doubles(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return s;
}

/* int, long long, int, long long, ...: on the PowerPC each long long skips a register */
__attribute__((noinline)) static long long sum_mixed(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += i % 2 ? va_arg(ap, long long) : va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(void)
{
    long a = sum_ints(2, 1, 2) + sum_ints(12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    double d = sum_doubles(2, 0.5, 0.25) +
               sum_doubles(11, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0);
    long long m = sum_mixed(2, 1, 2LL) + sum_mixed(7, 1, 2LL, 3, 4LL, 5, 6LL, 7);
    printf("va_registers: %ld %d %lld\n", a, (int)(d * 4), m);
    return 0;
}
