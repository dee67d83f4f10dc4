/* tests/exact: a branch on a select of two comparisons, "w[a] != w[b] ?
 * w[a] < w[b] : a < b" (foreign huffman.c's heap order: weights, then the
 * index to break ties), made into three branches on riscv32: "beq" of the
 * weights, then "slt"/"sltu" and a branch on each side, both sides going to
 * the branch's two IR successors. The select's record counts only the first
 * test; the probe of 2c + (the select's value) counts all three. The old
 * binary estimated both sides. */
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

static __attribute__((noinline)) void push(int16_t v)
{
    int i = ++heap_n;
    while (i > 1 && less(v, heap[i / 2])) {
        heap[i] = heap[i / 2];
        i /= 2;
    }
    heap[i] = v;
}

static __attribute__((noinline)) int16_t pop(void)
{
    int16_t top = heap[1], last = heap[heap_n--];
    int i = 1;
    for (;;) {
        int c = 2 * i;
        if (c > heap_n)
            break;
        c += c < heap_n && w[heap[c + 1]] < w[heap[c]]; /* (not a tie-broken order: a value) */
        if (!less(heap[c], last))
            break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
    return top;
}

int main(void)
{
    uint32_t seed = 1618;
    int sum = 0;
    for (int round = 0; round < 6; round++) {
        for (int i = 0; i < 64; i++)
            w[i] = (uint16_t)(bench_rand(&seed) % 9); /* many ties */
        heap_n = 0;
        for (int i = 0; i < 64; i++)
            push((int16_t)i);
        for (int i = 0; i < 64; i++)
            sum = sum * 3 + pop();
    }
    return sum & 1;
}
