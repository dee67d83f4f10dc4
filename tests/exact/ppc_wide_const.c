/* tests/exact: 64-bit comparisons against constants on the PPC405 (corpus varargs.c's
 * decimal conversion, `do { ... v /= 10; } while (v)`: the loop test is v >=u 10 on the
 * old value; here v >>= 3, v >=u 8). Code generation makes it into a value without the
 * IR's constant: the low word compared with 7 ("cmplwi lo, 7; bgt": lo >= 8), the high word tested against 0
 * without a branch ("addic t, hi, -1; cmplwi hi, 0; subfe d, t, hi": d = hi != 0), then
 * "beq" on the high word's compare choosing which. The probe of the comparison (the
 * order of its high and of its low words against the constant's) decides these when the
 * region reads "addic; subfe", compares against the constant's word minus or plus one,
 * and leaves out the orders no operand can give (a high word below 0). The old binary
 * split the branches evenly, as estimates (lower_probes_wide.c). The division's own
 * branch (the carry of a sum of its halves, a value of no IR instruction) stays an
 * estimate: the decimal loop is ppc_wide_const_div.c, held to `--certain`. */
volatile unsigned long long vals[8] = {0, 9, 10, 11, 99999, 0x100000000ULL, 0x2540BE3FFULL, 0xffffffffffffffffULL};
volatile unsigned out;

/* the octal digits: varargs' loop test, without the division's carries */
__attribute__((noinline)) static unsigned octal(unsigned long long v)
{
    unsigned n = 0;
    do {
        n += (unsigned)v & 7;
        v >>= 3;
    } while (v);
    return n;
}

int main(void)
{
    unsigned n = 0;
    for (int r = 0; r < 8; r++) {
        n += octal(vals[r]);
        out = n;
    }
    return 0;
}
