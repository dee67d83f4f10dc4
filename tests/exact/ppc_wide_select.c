/* tests/exact: selects on 64-bit order comparisons on the PPC405 (foreign montgomery.c,
 * redc_mul's `hi >= n ? hi - n : hi`): the comparison is made into a value with three
 * branches (ppc_wide_compare.c), then each word of the select's value is chosen by a
 * branch testing that value ("cmplwi r8, 0; li r6, 0; bne; mr r6, r29", then
 * "li r8, 0; bne; mr r8, r30"). No IR value is what those branches test; the probe of the
 * comparison (the order of its high and of its low words) decides them when the run of
 * its region goes on through the tests of the value it made (lower_probes_wide.c,
 * `follow`). The operand pairs run through every order of the high and of the low words,
 * unsigned (a signed one, or `x < n ? n - x : x`, is laid out otherwise: still estimates);
 * the old binary split the word branches evenly, as estimates. */
volatile unsigned long long ua[9] = {0x100000005ULL, 0x100000005ULL, 0x100000005ULL, 0x200000001ULL, 1,
                                     0x300000009ULL, 0x300000002ULL, 7, 0xffffffff00000000ULL};
volatile unsigned long long ub[9] = {0x100000005ULL, 0x100000009ULL, 0x100000001ULL, 0x100000009ULL,
                                     0x100000000ULL, 0x300000009ULL, 0x300000002ULL, 0x100000003ULL, 5};
volatile long long sa[7] = {-1, -5, 3, -0x100000000LL, 0x100000000LL, -2, 9};
volatile long long sb[7] = {1, -5, -3, -0x100000001LL, 0x100000000LL, -2, 9};
volatile unsigned long long out;

/* a conditional subtraction, made with a select */
__attribute__((noinline)) static unsigned long long reduce(unsigned long long x, unsigned long long n)
{
    return x >= n ? x - n : x;
}/* shift-and-add modular multiplication (montgomery.c's mulmod_slow): the doubling's
 * rotate-and-insert ("rlwimi", five operands) between the compares writes only its first */
__attribute__((noinline)) static unsigned long long mulmod(unsigned long long a, unsigned b, unsigned long long n)
{
    unsigned long long r = 0;
    for (int k = 0; k < 24; k++) {
        if (b & 1) {
            r += a;
            if (r >= n)
                r -= n;
        }
        a <<= 1;
        if (a >= n)
            a -= n;
        b >>= 1;
    }
    return r;
}
/* the same with montgomery.c's loop test, `while (b)` after `b >>= 1` (b >=u 2 on the
 * old value: "cmplwi lo, 1; bgt", the high word by "addic; subfe"), whose flag's
 * constant is loaded in the loop's first block, more than 16 blocks up */
__attribute__((noinline)) static unsigned long long mulmod_w(unsigned long long a, unsigned long long b,
                                                            unsigned long long n)
{
    unsigned long long r = 0;
    while (b) {
        if (b & 1) {
            r += a;
            if (r >= n)
                r -= n;
        }
        a <<= 1;
        if (a >= n)
            a -= n;
        b >>= 1;
    }
    return r;
}

int main(void)
{
    unsigned long long n = 0;
    for (int r = 0; r < 31; r++) {
        unsigned long long x = ua[r % 9], y = ub[(r * 4) % 9];
        long long s = sa[r % 7], t = sb[(r * 3) % 7];
        n += mulmod_w(x % (y | 1), (unsigned long long)r * 0x100000001ULL, y | 1) + mulmod(x % (y | 1), (unsigned)r * 0x10001u, y | 1) + reduce(x, y) + (unsigned long long)reduce((unsigned long long)s, (unsigned long long)t);
        out = n;
    }
    return 0;
}
