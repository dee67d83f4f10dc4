/* va_vector_save.c: the x86-64 variadic prologue saves xmm0-xmm7 for va_arg only when
 * the caller passed arguments in vector registers (%al, SysV ABI): "testb %al, %al; je".
 * Calls with doubles set it, calls with integers only do not (nor with long double,
 * passed in memory). The save's count was always an estimate; it is the number of
 * calls passing a floating-point argument. */
#include <stdarg.h>
__attribute__((noinline)) double total(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) {
        int kind = va_arg(ap, int);
        if (kind == 0)
            s += va_arg(ap, int);
        else if (kind == 1)
            s += va_arg(ap, double);
        else
            s += (double)va_arg(ap, long double);
    }
    va_end(ap);
    return s;
}
volatile int reps = 7;
int main(void)
{
    double acc = 0;
    for (int r = 0; r < reps; r++) {
        acc += total(2, 0, r, 0, 3);
        if (r % 3 == 0)
            acc += total(1, 1, 0.5 * r);
        acc += total(1, 2, (long double)r);
        acc += total(3, 0, 1, 1, 2.5, 2, 1.0L);
    }
    return acc > 100 ? 0 : 1;
}
