/* tests/exact: a select of two records in a merge sort's merge step (foreign
 * blockmerge.c) made into a diamond on riscv32 whose branch, "bge a1, a2", is located
 * at the shift that makes a2 (an operand of the comparison), not at the comparison:
 * the old binary estimated the diamond; the registers the branch compares, each last
 * written by the one instruction located at an operand, name the comparison. */
#include "bench.h"

struct rec { int16_t key; uint16_t seq; };
#define N 120
static struct rec b[N], tmp[N];

static int before(struct rec x, struct rec y) { return x.key < y.key; }

static void merge_sort(struct rec *v, int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    merge_sort(v, lo, mid);
    merge_sort(v, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = before(v[j], v[i]) ? v[j++] : v[i++];
    while (i < mid) tmp[k++] = v[i++];
    while (j < hi) tmp[k++] = v[j++];
    memcpy(v + lo, tmp + lo, (size_t)(hi - lo) * sizeof *v);
}

int main(void)
{
    uint32_t seed = 99, sum = 0;
    for (int r = 0; r < 3; r++) {
        int n = N - r * 7;
        for (int i = 0; i < n; i++) {
            uint32_t x = bench_rand(&seed);
            b[i] = (struct rec){(int16_t)(r == 1 ? (int32_t)(x % 16) - 8 : (int32_t)(x % 1000) - 500), (uint16_t)i};
        }
        merge_sort(b, 0, n);
        for (int i = 0; i < n; i++)
            sum = sum * 7 + (uint16_t)b[i].key + b[i].seq;
    }
    return (int)(sum & 1);
}
