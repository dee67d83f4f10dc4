/* tests/exact: 64-bit order comparisons used as values on the PPC405 (no conditional
 * moves): each is made into three branches, on the high words, on the low words and on
 * the high words being equal, none of which tests an IR value (the shape of foreign
 * montgomery.c, redc_mul's final subtraction: there the arms are moved to the function's
 * end and the low-word compare is made twice). The operand pairs run through every
 * order of the high words and of the low words, unsigned and signed; the old binary
 * split the branches evenly, as estimates (lower_probes_wide.c). A select on such a
 * comparison (montgomery's `x >= n ? x - n : x`) is ppc_wide_select.c. */
volatile unsigned long long ua[9] = {0x100000005ULL, 0x100000005ULL, 0x100000005ULL, 0x200000001ULL, 1,
                                     0x300000009ULL, 0x300000002ULL, 7, 0xffffffff00000000ULL};
volatile unsigned long long ub[9] = {0x100000005ULL, 0x100000009ULL, 0x100000001ULL, 0x100000009ULL,
                                     0x100000000ULL, 0x300000009ULL, 0x300000002ULL, 0x100000003ULL, 5};
volatile long long sa[7] = {-1, -5, 3, -0x100000000LL, 0x100000000LL, -2, 9};
volatile long long sb[7] = {1, -5, -3, -0x100000001LL, 0x100000000LL, -2, 9};
volatile unsigned out;

__attribute__((noinline)) static unsigned below(unsigned long long x, unsigned long long y) { return x < y; }
__attribute__((noinline)) static unsigned at_least(unsigned long long x, unsigned long long y) { return x >= y; }
__attribute__((noinline)) static unsigned s_le(long long x, long long y) { return x <= y; }
__attribute__((noinline)) static unsigned s_gt(long long x, long long y) { return x > y; }

int main(void)
{
    unsigned long long n = 0;
    for (int r = 0; r < 31; r++) {
        unsigned long long x = ua[r % 9], y = ub[(r * 4) % 9];
        long long s = sa[r % 7], t = sb[(r * 3) % 7];
        n += below(x, y) + 2 * at_least(x, y) + 4 * s_le(s, t) + 8 * s_gt(s, t);
        out = (unsigned)n;
    }
    return 0;
}
