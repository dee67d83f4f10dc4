/* sad.c — motion estimation by full search: for every 8x8 block of the current frame, the
 * sum of absolute differences (SAD) against the reference frame over a ±R window, keeping
 * the minimum. The current frame is the reference shifted by a known motion vector plus
 * a little noise, so interior blocks must find that vector. The SAD loop is what x86-64
 * vectorises (psadbw). argv[1]: frames (default 1). Frame 48x32 (AVR 24x16). */
#include <stdint.h>
#include "bench.h"

#ifdef __AVR__
#define W 24
#define H 16
#define R 3
#else
#define W 48
#define H 32
#define R 6
#endif
#define B 8
#define MVX 2
#define MVY -1

static uint8_t ref[H][W], cur[H][W];

static uint32_t sad8(const uint8_t *a, const uint8_t *b, int stride)
{
    uint32_t s = 0;
    for (int y = 0; y < B; y++)
        for (int x = 0; x < B; x++) {
            int d = a[y * stride + x] - b[y * stride + x];
            s += (uint32_t)(d < 0 ? -d : d);
        }
    return s;
}

struct motion {
    int8_t dx, dy;
    uint16_t sad;
};

static struct motion search(int bx, int by)
{
    struct motion best = { 0, 0, 0xffff };
    for (int dy = -R; dy <= R; dy++)
        for (int dx = -R; dx <= R; dx++) {
            int x = bx + dx, y = by + dy;
            if (x < 0 || y < 0 || x + B > W || y + B > H)
                continue;
            uint32_t s = sad8(&cur[by][bx], &ref[y][x], W);
            if (s > 0xfffe)
                s = 0xfffe;
            /* strict <: the first minimum in scan order wins */
            if (s < best.sad) {
                best.sad = (uint16_t)s;
                best.dx = (int8_t)dx;
                best.dy = (int8_t)dy;
            }
        }
    return best;
}

int main(int argc, char **argv)
{
    long frames = bench_arg(argc, argv, 1);
    uint32_t seed = 0x5AD5AD5u, sum = 0;
    int found = 0, interior = 0;
    for (long f = 0; f < frames; f++) {
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                ref[y][x] = (uint8_t)(bench_rand(&seed) >> 24);
        /* cur(x, y) = ref(x + MVX, y + MVY) + noise in {-1, 0, 1}, clamped */
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int sx = x + MVX, sy = y + MVY;
                int v = sx >= 0 && sx < W && sy >= 0 && sy < H ? ref[sy][sx] : 128;
                v += (int)(bench_rand(&seed) % 3u) - 1;
                cur[y][x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
            }
        for (int by = 0; by + B <= H; by += B)
            for (int bx = 0; bx + B <= W; bx += B) {
                struct motion m = search(bx, by);
                int inside = bx + MVX >= 0 && bx + MVX + B <= W && by + MVY >= 0 && by + MVY + B <= H;
                if (inside) {
                    interior++;
                    found += m.dx == MVX && m.dy == MVY;
                    if (m.sad > 2 * B * B)
                        return bench_fail("best SAD larger than the noise allows");
                }
                sum = sum * 29u + (uint32_t)(m.dx + 16) * 64u + (uint32_t)(m.dy + 16) + m.sad;
            }
    }
    printf("sad: %dx%d frames=%ld blocks with the true vector %d/%d checksum=%08lx\n", W, H, frames,
           found, interior, (unsigned long)sum);
    return found == interior ? 0 : bench_fail("motion vector not found");
}
