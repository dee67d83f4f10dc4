/* tests/exact: the merge step of a merge sort, `while (i < mid && j < hi)` around a
 * select of the record with the smaller key (foreign blockmerge.c). On x86-64 the loop's
 * branch on the i1 `select a, b, false` is split in two tests, and the IR block the first
 * test's "stop" edge leads to only truncates the 64-bit index and jumps on: code
 * generation folded it away. The old binary looked for that block's own machine code,
 * did not use the counted first operand and estimated the split. */
#include <stdint.h>

struct rec { int16_t key; uint16_t seq; };
#define N 96
static struct rec v[N], tmp[N];

static int before(struct rec x, struct rec y) { return x.key < y.key; }

__attribute__((noinline)) static void merge(int lo, int mid, int hi)
{
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = before(v[j], v[i]) ? v[j++] : v[i++];
    while (i < mid)
        tmp[k++] = v[i++];
    while (j < hi)
        tmp[k++] = v[j++];
    for (k = lo; k < hi; k++)
        v[k] = tmp[k];
}

__attribute__((noinline)) static void sort(int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    sort(lo, mid);
    sort(mid, hi);
    merge(lo, mid, hi);
}

int main(void)
{
    uint32_t seed = 12345;
    unsigned sum = 0;
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < N; i++) {
            seed = seed * 1103515245u + 12345u;
            v[i] = (struct rec){(int16_t)((seed >> 16) % (r == 1 ? 8 : 500)), (uint16_t)i};
        }
        sort(0, N - r * 5);
        for (int i = 0; i < N; i++)
            sum = sum * 31 + (uint16_t)v[i].key + v[i].seq;
    }
    return (int)(sum & 1);
}
