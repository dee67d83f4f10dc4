/* tests/exact: selects of comparisons made into diamonds on the PPC405 (no
 * isel) and the AVR: a tie-broken order, "w[a] != w[b] ? w[a] < w[b] : a < b" (foreign
 * huffman.c's heap order), chooses a child by value and decides a loop's exit
 * by a branch. Each select is a diamond whose branches test the condition
 * fields (flags) the two compares set, then the chosen value's register (on
 * the AVR reloaded from a spill slot): the records
 * count each select's condition, not how the compares' outcomes go together.
 * The probe of the outcomes (lower_probes_paths.c) counts every block and
 * every split; the old binary estimated them. */
#include "bench.h"

static uint16_t w[64];
static int16_t heap[65];
static int heap_n;

static int less(int a, int b)
{
    if (w[a] != w[b])
        return w[a] < w[b];
    return a < b;
}

/* moves heap[i] down to its place */
static __attribute__((noinline)) void sift(int i)
{
    int16_t v = heap[i];
    for (;;) {
        int c = 2 * i;
        if (c > heap_n)
            break;
        if (c < heap_n && less(heap[c + 1], heap[c]))
            c++;
        if (!less(heap[c], v))
            break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = v;
}

int main(void)
{
    uint32_t seed = 2718;
    int sum = 0;
    for (int round = 0; round < 6; round++) {
        for (int i = 0; i < 64; i++)
            w[i] = (uint16_t)(bench_rand(&seed) % 7); /* many ties */
        heap_n = 64;
        for (int i = 1; i <= 64; i++)
            heap[i] = (int16_t)((i * 37 + round) & 63);
        for (int i = heap_n / 2; i >= 1; i--)
            sift(i);
        while (heap_n > 0) {
            sum = sum * 3 + heap[1];
            heap[1] = heap[heap_n--];
            sift(1);
        }
    }
    printf("%d\n", sum);
    return 0;
}
