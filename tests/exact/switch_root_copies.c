/* issue 27 (corpus varargs.c's sum_mixed on riscv32): a loop over a string
 * whose switch's first compare (with the load of the character) the back end
 * copies into the function's first block and into the latch, the root itself
 * gone: the tree is entered at two of its blocks from those two copies. The
 * switch's probe now walks the tree from each copy (the same uses from both)
 * and counts the tree's blocks; only the copies' split (the first
 * character's test against the later ones') stays an estimate. On main the
 * constraints left the tree open, the estimate at propagation's bound
 * contradicted them, and every count of the function was an estimate. */
#include <stdarg.h>
#include "bench.h"

static __attribute__((noinline)) double sum_mixed(const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    double total = 0;
    for (const char *t = types; *t; t++) {
        switch (*t) {
        case 'i': total += va_arg(ap, int); break;
        case 'l': total += (double)va_arg(ap, long); break;
        case 'L': total += (double)va_arg(ap, long long); break;
        case 'd': total += va_arg(ap, double); break;
        default: break;
        }
    }
    va_end(ap);
    return total;
}

int main(void)
{
    /* first characters on either side of the root's compare, defaults, an empty list */
    double t = sum_mixed("ilLd", 1, 2L, 3LL, 0.25);
    double u = sum_mixed("dLlix", 0.5, 3LL, 2L, 1);
    double v = sum_mixed("xiyL", 4, 5LL);
    double w = sum_mixed("");
    printf("%d %d %d %d\n", (int)(t * 4), (int)(u * 4), (int)v, (int)w);
    return t == 6.25 && u == 6.5 && v == 9 && w == 0 ? 0 : 1;
}
