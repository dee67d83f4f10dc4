/* issue 27 (corpus varargs.c's sum_mixed on riscv32): a loop over a string
 * whose switch's root compare the back end copies into the function's first
 * block and into the latch, so the tree is entered from two outside blocks.
 * The constraints leave the first test's split open; propagation's lower
 * bound of the tree's block after it (0.5) is weaker than what the cases
 * need (2), so the estimate at that bound contradicted them, and every count
 * of the function, even those the IR fixes (each case's body, the exit), was
 * marked an estimate. Now only the open part is: --exact holds the case
 * bodies to qemu, the tree's blocks and the latch may be estimates. */
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
    double t = sum_mixed("ilLd", 1, 2L, 3LL, 0.25);
    printf("%d\n", (int)(t * 4));
    return t == 6.25 ? 0 : 1;
}
