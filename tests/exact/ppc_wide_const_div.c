/* tests/exact: corpus varargs.c's decimal conversion on the PPC405: the loop test of
 * ppc_wide_const.c (a 64-bit comparison against 10, its low word compared with 9, its
 * high word tested by "addic; subfe") beside the division by 10 expanded into 32-bit
 * halves, whose carry branch tests a value of no IR instruction (an estimate). Every
 * count lpnest does not mark as an estimate must be the reference's. */
volatile unsigned long long vals[8] = {0, 9, 10, 11, 99999, 0x100000000ULL, 0x2540BE3FFULL, 0xffffffffffffffffULL};
volatile unsigned out;

__attribute__((noinline)) static unsigned digits(unsigned long long v)
{
    unsigned n = 0;
    do {
        n += (unsigned)(v % 10);
        v /= 10;
    } while (v);
    return n;
}

int main(void)
{
    unsigned n = 0;
    for (int r = 0; r < 8; r++) {
        n += digits(vals[r]);
        out = n;
    }
    return 0;
}
