/* tests/exact: a 64-bit unsigned >= of a sign-extended 16-bit value and a zero-extended
 * boolean (the shape of csmith seed 7086 built with Debian's csmith runtime headers). A
 * 32-bit core compares the high words first: RV32 "srai a2, a0, 31; beqz a2", a diamond
 * the IR does not have, then the low words. The old binary tied that branch to the
 * comparison's value (both sides can make it true): counted by flow, the wrong way. */
volatile short in16[6] = {5, -3, 0, 32767, -32768, 1};
volatile int in32[6] = {7, 0, -9, 1, 2, 0};
volatile unsigned out;

int main(void)
{
    for (int r = 0; r < 18; r++) {
        long long x = in16[r % 6];            /* sext: high word 0 or -1 */
        unsigned long long y = in32[r % 6] > 0; /* zext i1: high word 0 */
        out = (unsigned long long)x >= y;
    }
    return 0;
}
