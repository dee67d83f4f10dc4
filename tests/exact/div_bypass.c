/* tests/exact: 64-bit divisions on the x86-64 host, where code generation tests whether
 * both operands fit in 32 bits and divides with "divl" when they do, with "divq" when
 * not (the division bypass; the shape of embedded qsortorder.c's "(s >> 16) % m").
 * That branch tests no IR value: the old binary split it evenly, as an estimate. The
 * operands below fit in 11 of 18 cases, unsigned and signed (a negative operand never
 * fits: it takes the 64-bit divide). */
volatile unsigned long long num[6] = {1000, 0x100000000ULL, 77, 0xffffffffULL, 0x123456789ULL, 5};
volatile unsigned long long den[3] = {7, 0x100000001ULL, 3};
volatile long long snum[4] = {-9, 123456, 0x200000000LL, 40};
volatile long long sden[2] = {5, -3};
volatile unsigned long long out;

int main(void)
{
    unsigned long long acc = 0;
    for (int r = 0; r < 18; r++) {
        unsigned long long a = num[r % 6], b = den[r % 3];
        acc += a / b;
        long long s = snum[r % 4], t = sden[r % 2];
        acc += (unsigned long long)(s % t);
        out = acc;
    }
    return 0;
}
