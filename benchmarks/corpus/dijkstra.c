/* dijkstra.c — single-source shortest paths on a PRNG graph (adjacency lists in nested
 * structs) with Dijkstra's algorithm over a binary heap with decrease-key. Self-checks:
 * the distances equal Bellman-Ford's, every path (followed through the predecessor
 * array) adds up to its distance, and every edge is relaxed. argv[1]: number of source
 * vertices to run from (default 8). V = 96 (AVR 32). */
#include <stdint.h>
#include "bench.h"

#ifdef __AVR__
#define V 32
#define DEG 4
#else
#define V 96
#define DEG 6
#endif
#define INF 0x3fffffffL

struct edge {
    uint16_t to;
    uint16_t weight;
};

struct vertex {
    uint8_t degree;
    struct edge out[DEG];
};

struct graph {
    struct vertex v[V];
};

struct heap {
    uint16_t item[V];
    int16_t pos[V]; /* index of a vertex in item[], -1 when absent */
    int32_t *key;
    int n;
};

static struct graph g;
static int32_t dist[V], bf[V];
static int16_t pred[V];

static void heap_swap(struct heap *h, int a, int b)
{
    uint16_t t = h->item[a];
    h->item[a] = h->item[b];
    h->item[b] = t;
    h->pos[h->item[a]] = (int16_t)a;
    h->pos[h->item[b]] = (int16_t)b;
}

static void sift_up(struct heap *h, int i)
{
    while (i > 0 && h->key[h->item[(i - 1) / 2]] > h->key[h->item[i]]) {
        heap_swap(h, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void sift_down(struct heap *h, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && h->key[h->item[l]] < h->key[h->item[m]])
            m = l;
        if (r < h->n && h->key[h->item[r]] < h->key[h->item[m]])
            m = r;
        if (m == i)
            return;
        heap_swap(h, i, m);
        i = m;
    }
}

static void dijkstra(int src)
{
    struct heap h;
    h.key = dist;
    h.n = 0;
    for (int i = 0; i < V; i++) {
        dist[i] = INF;
        pred[i] = -1;
        h.pos[i] = -1;
    }
    dist[src] = 0;
    h.item[0] = (uint16_t)src;
    h.pos[src] = 0;
    h.n = 1;
    while (h.n > 0) {
        int u = h.item[0];
        heap_swap(&h, 0, --h.n);
        h.pos[u] = -1;
        sift_down(&h, 0);
        const struct vertex *vu = &g.v[u];
        for (int k = 0; k < vu->degree; k++) {
            int w = vu->out[k].to;
            int32_t nd = dist[u] + vu->out[k].weight;
            if (nd < dist[w]) {
                int fresh = dist[w] == INF;
                dist[w] = nd;
                pred[w] = (int16_t)u;
                if (fresh) {
                    h.item[h.n] = (uint16_t)w;
                    h.pos[w] = (int16_t)h.n;
                    h.n++;
                }
                sift_up(&h, h.pos[w]);
            }
        }
    }
}

static void bellman_ford(int src)
{
    for (int i = 0; i < V; i++)
        bf[i] = INF;
    bf[src] = 0;
    for (int round = 0; round < V - 1; round++) {
        int changed = 0;
        for (int u = 0; u < V; u++) {
            if (bf[u] == INF)
                continue;
            for (int k = 0; k < g.v[u].degree; k++) {
                const struct edge *e = &g.v[u].out[k];
                if (bf[u] + e->weight < bf[e->to]) {
                    bf[e->to] = bf[u] + e->weight;
                    changed = 1;
                }
            }
        }
        if (!changed)
            break;
    }
}

/* weight of the cheapest edge u->w, or INF */
static int32_t edge_weight(int u, int w)
{
    int32_t best = INF;
    for (int k = 0; k < g.v[u].degree; k++)
        if ((int)g.v[u].out[k].to == w && g.v[u].out[k].weight < best)
            best = g.v[u].out[k].weight;
    return best;
}

int main(int argc, char **argv)
{
    long sources = bench_arg(argc, argv, 8);
    uint32_t seed = 0xBADC0DEu;
    for (int u = 0; u < V; u++) {
        g.v[u].degree = (uint8_t)(1 + bench_rand(&seed) % DEG);
        for (int k = 0; k < g.v[u].degree; k++) {
            /* mostly local edges, so paths are long */
            int hop = (int)(bench_rand(&seed) % 7u) - 2;
            g.v[u].out[k].to = (uint16_t)((u + hop + V) % V);
            if (bench_rand(&seed) % 8u == 0)
                g.v[u].out[k].to = (uint16_t)(bench_rand(&seed) % V);
            g.v[u].out[k].weight = (uint16_t)(1 + bench_rand(&seed) % 1000u);
        }
    }
    uint32_t sum = 0;
    int reached_total = 0;
    for (long s = 0; s < sources; s++) {
        int src = (int)((s * 37) % V);
        dijkstra(src);
        bellman_ford(src);
        for (int i = 0; i < V; i++) {
            if (dist[i] != bf[i])
                return bench_fail("Dijkstra and Bellman-Ford disagree");
            if (dist[i] == INF)
                continue;
            reached_total++;
            int32_t along = 0;
            for (int w = i; w != src; w = pred[w])
                along += edge_weight(pred[w], w);
            if (along != dist[i])
                return bench_fail("a predecessor path does not add up");
            for (int k = 0; k < g.v[i].degree; k++)
                if (dist[i] + g.v[i].out[k].weight < dist[g.v[i].out[k].to])
                    return bench_fail("an edge is still relaxable");
            sum = sum * 7u + (uint32_t)dist[i];
        }
    }
    printf("dijkstra: V=%d sources=%ld reached=%d checksum=%08lx\n", V, sources, reached_total,
           (unsigned long)sum);
    return 0;
}
