/* poison_min.c: the cheapest matching edge, min over a conditional load (the corpus's
 * dijkstra, edge_weight). LLVM speculates the loop: the weight is a phi of the load and
 * poison, smin(best, w) runs on every edge and a select keeps it only when the edge
 * matches. The engine compares its own stand-in for the poison, the machine whatever
 * the register holds (the edge's other field), so the min's branch, counted from the
 * engine's outcomes, was wrong and marked exact (ppc dijkstra main bb.82-84). */
#include <stdint.h>
struct edge {
    uint16_t to;
    uint16_t weight;
};
struct vertex {
    uint8_t degree;
    struct edge out[6];
};
#define INF 0x3fffffffL
struct vertex g[16];
__attribute__((noinline)) int32_t edge_weight(int u, int w)
{
    int32_t best = INF;
    for (int k = 0; k < g[u].degree; k++)
        if ((int)g[u].out[k].to == w && g[u].out[k].weight < best)
            best = g[u].out[k].weight;
    return best;
}
int main(void)
{
    uint32_t seed = 0xBADC0DEu;
    for (int u = 0; u < 16; u++) {
        g[u].degree = (uint8_t)(2 + u % 5);
        for (int k = 0; k < 6; k++) {
            seed = seed * 1103515245u + 12345u;
            g[u].out[k].to = (uint16_t)((seed >> 16) % 16);
            g[u].out[k].weight = (uint16_t)((seed >> 8) % 100);
        }
    }
    int32_t sum = 0;
    for (int u = 0; u < 16; u++)
        for (int w = 0; w < 16; w++) {
            int32_t d = edge_weight(u, w);
            sum += d == INF ? 1 : d;
        }
    return (int)(sum & 1);
}
