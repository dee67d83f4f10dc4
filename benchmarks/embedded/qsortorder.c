/* qsortorder.c — qsort and bsearch with a comparator that counts its calls, on records
 * whose keys repeat: the order of equal keys and the number of comparisons are the C
 * library's own (glibc: a merge sort; avr-libc: a quicksort), which lpnest must follow. */
#include "bench.h"

void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));

struct rec { short key, id; };
static unsigned long ncmp;

static int by_key(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    ncmp++;
    return (x->key > y->key) - (x->key < y->key);
}

static struct rec recs[90];

int main(void)
{
    unsigned long s = 12345;
    static const int sizes[] = {1, 2, 3, 6, 7, 8, 12, 40, 41, 90};
    unsigned long sum = 0;
    for (int t = 0; t < 10; t++) {
        int n = sizes[t];
        for (int i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            recs[i].key = (short)((s >> 16) % (t & 1 ? 5 : 50));
            recs[i].id = (short)i;
        }
        if (t == 8)
            for (int i = 0; i < n; i++)
                recs[i].key = (short)(n - i); /* descending */
        ncmp = 0;
        qsort(recs, (size_t)n, sizeof recs[0], by_key);
        unsigned long h = 0;
        for (int i = 0; i < n; i++)
            h = h * 31 + (unsigned long)(recs[i].key * 100 + recs[i].id);
        printf("n=%d comparisons=%lu order=%lx\n", n, ncmp, h);
        sum += ncmp;
        for (int q = 0; q < 3; q++) {
            struct rec k = {(short)(q == 2 ? 99 : recs[q == 0 ? n / 3 : n - 1].key), 0};
            ncmp = 0;
            const struct rec *f = bsearch(&k, recs, (size_t)n, sizeof recs[0], by_key);
            printf("  bsearch %d: at %d, comparisons=%lu\n", k.key, f ? (int)(f - recs) : -1, ncmp);
        }
    }
    printf("total comparisons %lu\n", sum);
    return 0;
}
