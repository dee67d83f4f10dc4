/* blockmerge.c — an in-place stable merge sort in the style of WikiSort's building
 * blocks: insertion sort of short runs, binary searches for the split points, rotations
 * by three reversals, and a recursive merge without a buffer (SymMerge-like), on records
 * whose keys repeat so that stability is visible; checked against a plain merge sort
 * that uses a small buffer. */
#include "bench.h"

#ifndef NREC
#define NREC 160
#endif

struct rec { int16_t key; uint16_t seq; };

static struct rec a[NREC], b[NREC], tmp[NREC];

static int before(struct rec x, struct rec y) { return x.key < y.key; }

static void reverse(struct rec *v, int lo, int hi) /* [lo, hi) */
{
    while (hi - lo > 1) {
        struct rec t = v[lo];
        v[lo++] = v[--hi];
        v[hi] = t;
    }
}

static void rotate(struct rec *v, int lo, int mid, int hi)
{
    if (lo == mid || mid == hi)
        return;
    reverse(v, lo, mid);
    reverse(v, mid, hi);
    reverse(v, lo, hi);
}

static int lower_bound(const struct rec *v, int lo, int hi, struct rec x)
{
    while (lo < hi) {
        int m = lo + (hi - lo) / 2;
        if (before(v[m], x)) lo = m + 1; else hi = m;
    }
    return lo;
}

static int upper_bound(const struct rec *v, int lo, int hi, struct rec x)
{
    while (lo < hi) {
        int m = lo + (hi - lo) / 2;
        if (before(x, v[m])) hi = m; else lo = m + 1;
    }
    return lo;
}

/* merges the sorted [lo, mid) and [mid, hi) in place, stably */
static void merge_inplace(struct rec *v, int lo, int mid, int hi)
{
    if (lo >= mid || mid >= hi)
        return;
    if (hi - lo == 2) {
        if (before(v[mid], v[lo])) {
            struct rec t = v[lo]; v[lo] = v[mid]; v[mid] = t;
        }
        return;
    }
    int cut1, cut2;
    if (mid - lo >= hi - mid) {
        cut1 = lo + (mid - lo) / 2;
        cut2 = lower_bound(v, mid, hi, v[cut1]);
    } else {
        cut2 = mid + (hi - mid) / 2;
        cut1 = upper_bound(v, lo, mid, v[cut2]);
    }
    rotate(v, cut1, mid, cut2);
    int newmid = cut1 + (cut2 - mid);
    merge_inplace(v, lo, cut1, newmid);
    merge_inplace(v, newmid, cut2, hi);
}

static void insertion(struct rec *v, int lo, int hi)
{
    for (int i = lo + 1; i < hi; i++) {
        struct rec x = v[i];
        int j = i;
        while (j > lo && before(x, v[j - 1])) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

static void block_sort(struct rec *v, int n)
{
    const int run = 8;
    for (int i = 0; i < n; i += run)
        insertion(v, i, i + run < n ? i + run : n);
    for (int w = run; w < n; w *= 2)
        for (int i = 0; i + w < n; i += 2 * w)
            merge_inplace(v, i, i + w, i + 2 * w < n ? i + 2 * w : n);
}

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

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 3);
    uint32_t seed = 99, sum = 0;
    for (long r = 0; r < reps; r++) {
        int n = NREC - (int)r * 7;
        for (int i = 0; i < n; i++) {
            uint32_t x = bench_rand(&seed);
            /* runs of ascending, descending and repeated keys */
            int16_t key = (int16_t)(i < n / 3 ? (int32_t)(x % 16) - 8 : i < 2 * n / 3 ? n - i : (int32_t)(x % 1000) - 500);
            a[i] = b[i] = (struct rec){key, (uint16_t)i};
        }
        block_sort(a, n);
        merge_sort(b, 0, n);
        for (int i = 0; i < n; i++) {
            if (a[i].key != b[i].key || a[i].seq != b[i].seq)
                return bench_fail("in-place merge differs from merge sort");
            if (i && a[i - 1].key == a[i].key && a[i - 1].seq > a[i].seq)
                return bench_fail("not stable");
            sum = sum * 7 + (uint16_t)a[i].key + a[i].seq;
        }
    }
    printf("blockmerge: checksum %08lx\n", (unsigned long)sum);
    return 0;
}
