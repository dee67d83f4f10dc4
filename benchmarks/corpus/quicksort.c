/* quicksort.c — a recursive quicksort of its own (median-of-three, recursion on both
 * halves) over elements of any size, with the comparison called through a table of
 * function pointers. Sorts PRNG int32 keys ascending and descending and records by
 * (key, name). Self-checks: sortedness under the comparator, and a permutation check
 * (sum, xor and sum of squares kept). argv[1]: element count (default 2000, AVR 300). */
#include <stdint.h>
#include "bench.h"

typedef int (*cmp_fn)(const void *, const void *);

struct record {
    int32_t key;
    char name[6];
};

static int cmp_up(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int cmp_down(const void *a, const void *b) { return cmp_up(b, a); }

static int cmp_record(const void *a, const void *b)
{
    const struct record *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return strcmp(x->name, y->name);
}

static const cmp_fn comparators[] = { cmp_up, cmp_down, cmp_record };
static unsigned long compare_calls;

static void swap(unsigned char *a, unsigned char *b, size_t size)
{
    unsigned char tmp[16];
    while (size > 0) {
        size_t n = size < sizeof tmp ? size : sizeof tmp;
        memcpy(tmp, a, n);
        memcpy(a, b, n);
        memcpy(b, tmp, n);
        a += n;
        b += n;
        size -= n;
    }
}

static int call_cmp(cmp_fn cmp, const void *a, const void *b)
{
    compare_calls++;
    return cmp(a, b);
}

/* small runs: insertion sort, shifting the sorted prefix with memmove */
static void insertion_sort(unsigned char *base, size_t n, size_t size, cmp_fn cmp)
{
    unsigned char tmp[16];
    for (size_t i = 1; i < n; i++) {
        size_t j = i;
        while (j > 0 && call_cmp(cmp, base + (j - 1) * size, base + i * size) > 0)
            j--;
        if (j == i)
            continue;
        memcpy(tmp, base + i * size, size);
        memmove(base + (j + 1) * size, base + j * size, (i - j) * size);
        memcpy(base + j * size, tmp, size);
    }
}

static void quicksort(unsigned char *base, size_t n, size_t size, cmp_fn cmp)
{
    if (n < 2)
        return;
    if (n <= 6 && size <= 16) {
        insertion_sort(base, n, size, cmp);
        return;
    }
    unsigned char *lo = base, *mid = base + (n / 2) * size, *hi = base + (n - 1) * size;
    if (call_cmp(cmp, mid, lo) < 0)
        swap(mid, lo, size);
    if (call_cmp(cmp, hi, mid) < 0) {
        swap(hi, mid, size);
        if (call_cmp(cmp, mid, lo) < 0)
            swap(mid, lo, size);
    }
    if (n <= 3)
        return;
    swap(mid, hi - size, size); /* pivot parked next to the end */
    unsigned char *pivot = hi - size;
    unsigned char *i = lo, *j = pivot;
    for (;;) {
        do
            i += size;
        while (call_cmp(cmp, i, pivot) < 0);
        do
            j -= size;
        while (call_cmp(cmp, pivot, j) < 0);
        if (i >= j)
            break;
        swap(i, j, size);
    }
    swap(i, pivot, size);
    size_t left = (size_t)(i - base) / size;
    quicksort(base, left, size, cmp);
    quicksort(i + size, n - left - 1, size, cmp);
}

struct summary {
    uint32_t sum, xor_, squares;
};

static struct summary summarize(const int32_t *keys, size_t n, size_t stride)
{
    struct summary s = { 0, 0, 0 };
    for (size_t i = 0; i < n; i++) {
        uint32_t k = (uint32_t)*(const int32_t *)((const unsigned char *)keys + i * stride);
        s.sum += k;
        s.xor_ ^= k;
        s.squares += k * k;
    }
    return s;
}

static int same(struct summary a, struct summary b)
{
    return a.sum == b.sum && a.xor_ == b.xor_ && a.squares == b.squares;
}

static int sorted(const unsigned char *base, size_t n, size_t size, cmp_fn cmp)
{
    for (size_t i = 1; i < n; i++)
        if (cmp(base + (i - 1) * size, base + i * size) > 0)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
#ifdef __AVR__
    long n = bench_arg(argc, argv, 300);
#else
    long n = bench_arg(argc, argv, 2000);
#endif
    uint32_t seed = 0xDEADBEEFu;
    int32_t *keys = NULL;
    for (long i = 0; i < n; i++) { /* grow by realloc, as a reader of unknown input would */
        if ((i & (i - 1)) == 0) {
            int32_t *k = realloc(keys, (size_t)(i ? 2 * i : 1) * sizeof *keys);
            if (!k)
                return bench_fail("realloc");
            keys = k;
        }
        keys[i] = (int32_t)(bench_rand(&seed) % 100000u) - 50000;
    }
    struct summary before = summarize(keys, (size_t)n, sizeof *keys);
    for (int which = 0; which < 2; which++) {
        quicksort((unsigned char *)keys, (size_t)n, sizeof *keys, comparators[which]);
        if (!sorted((unsigned char *)keys, (size_t)n, sizeof *keys, comparators[which]))
            return bench_fail("int32 keys not sorted");
        if (!same(before, summarize(keys, (size_t)n, sizeof *keys)))
            return bench_fail("int32 keys are not a permutation");
        printf("quicksort: %s first=%ld last=%ld\n", which ? "down" : "up", (long)keys[0],
               (long)keys[n - 1]);
    }
    free(keys);

    struct record *recs = calloc((size_t)n, sizeof *recs);
    if (!recs)
        return bench_fail("calloc");
    for (long i = 0; i < n; i++) {
        recs[i].key = (int32_t)(bench_rand(&seed) % 64u);
        for (int c = 0; c < 5; c++)
            recs[i].name[c] = (char)('a' + bench_rand(&seed) % 26u);
    }
    struct summary rbefore = summarize(&recs[0].key, (size_t)n, sizeof *recs);
    quicksort((unsigned char *)recs, (size_t)n, sizeof *recs, comparators[2]);
    if (!sorted((unsigned char *)recs, (size_t)n, sizeof *recs, comparators[2]) ||
        !same(rbefore, summarize(&recs[0].key, (size_t)n, sizeof *recs)))
        return bench_fail("records");
    printf("quicksort: records first=%ld:%s last=%ld:%s\n", (long)recs[0].key, recs[0].name,
           (long)recs[n - 1].key, recs[n - 1].name);
    printf("quicksort: %ld elements, %lu comparisons\n", n, compare_calls);
    free(recs);
    return 0;
}
