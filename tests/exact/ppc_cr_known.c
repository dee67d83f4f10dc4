/* tests/exact: a branch on a condition register bit that every path into its block has
 * already fixed, on the PPC405: a search keeping the best of three fields on one compare
 * (corpus sad.c's best-match update, `if (s < best.sad) { best.sad = s; best.dx = dx;
 * best.dy = dy; }` with the struct in registers) is made "cmplw cr5; blt cr5", then on each
 * side "bge cr5" / "blt cr5" again over the other fields' copies; on each side of the first
 * the later ones go one way only (lower_cr_known.c: a forward analysis of the field's bits).
 * The old binary split them 50/50. */
#include "bench.h"

struct motion {
    int8_t dx, dy;
    uint16_t sad;
};

static uint8_t cur[64], ref[256];

static __attribute__((noinline)) struct motion search(int w)
{
    struct motion best = {0, 0, 0xffff};
    for (int dy = -w; dy <= w; dy++)
        for (int dx = -w; dx <= w; dx++) {
            unsigned s = 0;
            for (int i = 0; i < 8; i++) {
                int d = cur[i * 8 + (i & 7)] - ref[(i + dy + 4) * 16 + (i + dx + 4)];
                s += (unsigned)(d < 0 ? -d : d);
            }
            if (s > 65534)
                s = 65534;
            if (s < best.sad) {
                best.sad = (uint16_t)s;
                best.dx = (int8_t)dx;
                best.dy = (int8_t)dy;
            }
        }
    return best;
}

int main(void)
{
    uint32_t seed = 93417;
    unsigned sum = 0;
    for (int r = 0; r < 6; r++) {
        for (int i = 0; i < 64; i++)
            cur[i] = (uint8_t)bench_rand(&seed);
        for (int i = 0; i < 256; i++)
            ref[i] = (uint8_t)bench_rand(&seed);
        struct motion m = search(3);
        sum += (unsigned)(m.dx + 3) * 7 + (unsigned)(m.dy + 3) + m.sad;
    }
    return (int)(sum & 1);
}
