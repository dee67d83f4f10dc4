/* tests/exact: "all four bits set, or none" of a bitmap's 2x2 windows, (A && B && C && D)
 * || !(A || B || C || D), a QR encoder's penalty rule: the loop is unrolled by two and the
 * selects on booleans (select i1 a, true, b for a || b) become branch diamonds whose
 * branches test the operands one by one and rearrange the values (PowerPC). The old
 * binary tied such a branch to the select whose location it has: counted by flow, the
 * wrong way. */
unsigned char width, stride;
unsigned char frame[600];
#define BIT(x, y) ((frame[((x) >> 3) + (y) * stride] >> (7 - ((x) & 7))) & 1)

__attribute__((noinline)) unsigned penalty(void)
{
    unsigned bad = 0;
    for (unsigned char y = 0; y < width - 1; y++)
        for (unsigned char x = 0; x < width - 1; x++)
            if ((BIT(x, y) && BIT(x + 1, y) && BIT(x, y + 1) && BIT(x + 1, y + 1)) ||
                !(BIT(x, y) || BIT(x + 1, y) || BIT(x, y + 1) || BIT(x + 1, y + 1)))
                bad += 3;
    return bad;
}

int main(void)
{
    unsigned seed = 2463534242u;
    width = 33;
    stride = (width + 7) / 8;
    for (unsigned i = 0; i < sizeof frame; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        frame[i] = (unsigned char)(seed >> 3);
    }
    return penalty() == 0;
}
