/* tests/exact: an i1 value made of comparisons of two keys, weight first and index on a
 * tie (foreign huffman.c's heap order: "select (w1 == w2), (i1 <= i2), (w1 >= w2)"), made
 * with branches on the PPC405: one compare per key, branches on its order and on its
 * equality, none testing an IR value. The pairs below run through every order of both
 * keys; the old binary split those branches evenly, as estimates. */
volatile unsigned short weight[6] = {5, 5, 9, 2, 5, 9};
volatile short pick[9] = {0, 1, 2, 3, 4, 5, 1, 0, 2};
volatile int out;

__attribute__((noinline)) static int after(int a, int b)
{
    unsigned short wa = weight[a], wb = weight[b];
    if (wa != wb)
        return wa >= wb;
    return a <= b;
}

int main(void)
{
    int n = 0;
    for (int r = 0; r < 27; r++) {
        int a = pick[r % 9], b = pick[(r * 4 + 1) % 9];
        n += after(a, b) ? 3 : 1;
        out = n;
    }
    return 0;
}
