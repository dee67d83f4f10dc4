/* tests/exact: a run of 32-bit saturating adds, clamps and a saturating
 * subtract on the ATmega2560 (branchgen seed 85093): usub.sat.i32's borrow
 * becomes a flag ("ldi r20, 1; brlo; mov r20, r1"), tested once per 16-bit
 * piece ("cpi r20, 0; brne" over each piece's copy). Those tests run one
 * after the other, every time: their arms are not copies on different paths
 * whose sum is the record's count. Taken as such, with the flag tests tying
 * the pieces together, the pieces were counted 9 and 9 for simavr's 18 and
 * 18 and marked exact. */
#include "bench.h"

static volatile uint32_t sink;

static __attribute__((noinline)) uint32_t run(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t s14 = c;
    { uint32_t z = s14 + (b >> 17); s14 = z < s14 ? 4294967295u : z; }
    s14 = s14 > 14570 ? 14570 : s14;
    { uint32_t z = s14 + (a + b); s14 = z < s14 ? 4294967295u : z; }
    s14 = s14 > 11625 ? 11625 : s14;
    { uint32_t z = s14 + c; s14 = z < s14 ? 4294967295u : z; }
    s14 = s14 > 17837 ? 17837 : s14;
    { uint32_t y_ = b; s14 = s14 > y_ ? s14 - y_ : 0; }
    { uint32_t z = s14 + (b + c); s14 = z < s14 ? 4294967295u : z; }
    return s14;
}

int main(void)
{
    uint32_t seed = 85093;
    uint32_t h = 0;
    for (int i = 0; i < 43; i++) {
        uint32_t a = bench_rand(&seed), b = bench_rand(&seed), c = bench_rand(&seed);
        if (i % 3 == 0)
            b &= 0x3fff; /* below the clamps: the subtract does not saturate */
        if (i % 5 == 0)
            c &= 0xff, a &= 0xff;
        h = (h ^ run(a, b, c)) * 0x01000193u;
    }
    sink = h;
    return 0;
}
