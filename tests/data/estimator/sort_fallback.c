/* sort_fallback.c — avr-libc's qsort and bsearch where lpnest cannot replay their
 * comparator (tests/estimator/cost_test.py): a sort inside a comparator (its comparisons
 * are not recorded), an array larger than the AVR interpreter maps (29,000 bytes), beside
 * calls it replays (a sort on the stack, a search with the key on the stack). Built with
 * -DFAULT, the comparator reads through a null pointer: the program's fault. */
typedef unsigned size_t;
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
int printf(const char *, ...);

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int inner[5];

/* sorts inner[] at each comparison: 2 elements, one comparison, one inner qsort */
static int cmp_sorting(const void *a, const void *b)
{
    for (int i = 0; i < 5; i++)
        inner[i] = 5 - i;
    qsort(inner, 5, sizeof inner[0], cmp_int);
    return cmp_int(a, b);
}

volatile int *volatile nowhere;

static int cmp_fault(const void *a, const void *b)
{
    return *nowhere + cmp_int(a, b);
}

struct big { int key; char pad[98]; };
static struct big wide[290];

static int cmp_big(const void *a, const void *b)
{
    return cmp_int(&((const struct big *)a)->key, &((const struct big *)b)->key);
}

int main(void)
{
    int local[20], pair[2] = {9, 4}, key = 13;
    for (int i = 0; i < 20; i++)
        local[i] = (i * 7) % 20;
    qsort(local, 20, sizeof local[0], cmp_int);
    int *hit = bsearch(&key, local, 20, sizeof local[0], cmp_int);
    qsort(pair, 2, sizeof pair[0], cmp_sorting);
    for (int i = 0; i < 290; i++)
        wide[i].key = (i * 37) % 290;
    qsort(wide, 290, sizeof wide[0], cmp_big);
#ifdef FAULT
    qsort(local, 20, sizeof local[0], cmp_fault);
#endif
    printf("%d %d %d %d %d\n", hit ? *hit : -1, pair[0], inner[0], wide[0].key, wide[289].key);
    return 0;
}
