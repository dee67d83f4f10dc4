/* tests/exact: three memcmp(.., 64) == 0 joined by &&, each expanded by the PowerPC back
 * end (ExpandMemCmp: a chain of load-and-compare blocks, a result block); after the
 * second expansion, "cmplwi; bnelr" returns at once when the arrays differ. That block
 * has one successor but leaves too: the old binary followed it to the third expansion as
 * if it only fell through, and counted the second chain's exit to its result block as
 * the IR's "equal" edge, by flow, the wrong way. */
typedef __SIZE_TYPE__ size_t;
int memcmp(const void *, const void *, size_t);

unsigned char r[64], g[64], b[64];
static const unsigned char r0[64] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const unsigned char g0[64] = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
static const unsigned char b0[64] = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30};

__attribute__((noinline)) int same(void)
{
    return memcmp(r, r0, 64) == 0 && memcmp(g, g0, 64) == 0 && memcmp(b, b0, 64) == 0;
}

int main(void)
{
    int n = 0;
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 64; i++) {
            r[i] = r0[i];
            g[i] = g0[i];
            b[i] = b0[i];
        }
        if (round == 1)
            g[40] ^= 1;
        n += same();
    }
    return n == 2 ? 0 : 1;
}
