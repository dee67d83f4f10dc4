/* huffman.c — Huffman coding of a generated text: symbol counts, a tree built with a
 * small binary heap of node indices, canonical code lengths, a bit writer and a
 * table-free decoder that walks the tree; the decoded text must equal the input. */
#include "bench.h"

#ifndef TEXT_LEN
#define TEXT_LEN 600
#endif
#define NSYM 32

struct node {
    uint16_t weight;
    int16_t left, right; /* children, -1 for a leaf */
    uint8_t sym;
};

static struct node nodes[2 * NSYM];
static int16_t heap[NSYM + 1];
static int heap_n;
static uint8_t text[TEXT_LEN], back[TEXT_LEN];
static uint8_t packed[TEXT_LEN]; /* never more than 8 bits a symbol here */
static uint32_t code_bits[NSYM];
static uint8_t code_len[NSYM];

static int less(int a, int b)
{
    if (nodes[a].weight != nodes[b].weight)
        return nodes[a].weight < nodes[b].weight;
    return a < b; /* ties by index: the tree does not depend on the heap's order */
}

static void heap_push(int16_t v)
{
    int i = ++heap_n;
    while (i > 1 && less(v, heap[i / 2])) {
        heap[i] = heap[i / 2];
        i /= 2;
    }
    heap[i] = v;
}

static int16_t heap_pop(void)
{
    int16_t top = heap[1], last = heap[heap_n--];
    int i = 1;
    for (;;) {
        int c = 2 * i;
        if (c > heap_n)
            break;
        if (c < heap_n && less(heap[c + 1], heap[c]))
            c++;
        if (!less(heap[c], last))
            break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
    return top;
}

static void assign(int n, uint32_t bits, uint8_t len)
{
    if (nodes[n].left < 0) {
        code_bits[nodes[n].sym] = bits;
        code_len[nodes[n].sym] = len ? len : 1;
        return;
    }
    assign(nodes[n].left, bits << 1, (uint8_t)(len + 1));
    assign(nodes[n].right, bits << 1 | 1, (uint8_t)(len + 1));
}

static size_t encode(size_t n)
{
    size_t pos = 0;
    uint8_t acc = 0;
    int fill = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t s = text[i];
        for (int b = code_len[s] - 1; b >= 0; b--) {
            acc = (uint8_t)(acc << 1 | ((code_bits[s] >> b) & 1));
            if (++fill == 8) {
                packed[pos++] = acc;
                acc = 0;
                fill = 0;
            }
        }
    }
    if (fill)
        packed[pos++] = (uint8_t)(acc << (8 - fill));
    return pos;
}

static void decode(int root, size_t n)
{
    size_t bit = 0;
    for (size_t i = 0; i < n; i++) {
        int k = root;
        while (nodes[k].left >= 0) {
            int b = (packed[bit >> 3] >> (7 - (bit & 7))) & 1;
            bit++;
            k = b ? nodes[k].right : nodes[k].left;
        }
        back[i] = nodes[k].sym;
    }
}

int main(int argc, char **argv)
{
    size_t n = (size_t)bench_arg(argc, argv, TEXT_LEN);
    if (n > TEXT_LEN)
        n = TEXT_LEN;
    uint32_t seed = 0x2545F491u;
    uint16_t count[NSYM] = {0};
    for (size_t i = 0; i < n; i++) {
        /* a skewed source: small symbols far more often */
        uint32_t r = bench_rand(&seed);
        uint8_t s = (uint8_t)((r & 7) == 0 ? (r >> 3) % NSYM : (r >> 3) % 6);
        text[i] = s;
        count[s]++;
    }
    int nn = 0;
    heap_n = 0;
    for (int s = 0; s < NSYM; s++) {
        if (!count[s])
            continue;
        nodes[nn] = (struct node){count[s], -1, -1, (uint8_t)s};
        heap_push((int16_t)nn++);
    }
    while (heap_n > 1) {
        int16_t a = heap_pop(), b = heap_pop();
        nodes[nn] = (struct node){(uint16_t)(nodes[a].weight + nodes[b].weight), a, b, 0};
        heap_push((int16_t)nn++);
    }
    int root = heap_pop();
    assign(root, 0, 0);
    size_t bytes = encode(n);
    decode(root, n);
    for (size_t i = 0; i < n; i++)
        if (back[i] != text[i])
            return bench_fail("huffman round trip");
    uint32_t sum = 0, bits = 0;
    for (int s = 0; s < NSYM; s++) {
        sum = sum * 31 + code_bits[s] * 7 + code_len[s];
        bits += (uint32_t)code_len[s] * count[s];
    }
    for (size_t i = 0; i < bytes; i++)
        sum = (sum << 5 | sum >> 27) ^ packed[i];
    printf("huffman: %u symbols, %lu bits, %u bytes, checksum %08lx\n", (unsigned)n, (unsigned long)bits,
           (unsigned)bytes, (unsigned long)sum);
    return 0;
}
