/* bitfields.c — packed protocol headers as bit-fields (signed and unsigned, straddling
 * bytes), the same packing by hand with shifts and masks, type punning through unions
 * (float bits, bytes of a word), small structs passed and returned by value, and int8_t
 * and int16_t arithmetic with wrap-around and saturation as 8-bit DSP code does it. */
#include "bench.h"

struct hdr {
    unsigned version : 3;
    unsigned flags : 5;
    unsigned length : 11;
    signed offset : 6;
    unsigned prio : 2;
    unsigned last : 1;
    unsigned char tag;
    signed short delta : 9;
};

union word {
    uint32_t u;
    uint8_t b[4];
    float f;
};

struct pair { int16_t lo, hi; };
struct triple { int8_t a, b, c; };

static uint32_t pack(unsigned version, unsigned flags, unsigned length, int offset, unsigned prio, unsigned last)
{
    return ((uint32_t)version & 7u) | ((uint32_t)flags & 31u) << 3 | ((uint32_t)length & 2047u) << 8 |
           ((uint32_t)offset & 63u) << 19 | ((uint32_t)prio & 3u) << 25 | ((uint32_t)last & 1u) << 27;
}

static struct hdr make(uint32_t r)
{
    struct hdr h;
    h.version = r & 7;
    h.flags = (r >> 3) & 31;
    h.length = (r >> 8) & 2047;
    h.offset = (int)((r >> 19) & 63) - 32;
    h.prio = (r >> 25) & 3;
    h.last = (r >> 27) & 1;
    h.tag = (unsigned char)(r >> 24);
    h.delta = (short)((int)((r >> 4) & 511) - 256);
    return h;
}

static struct pair minmax(struct pair p, int16_t v)
{
    if (v < p.lo) p.lo = v;
    if (v > p.hi) p.hi = v;
    return p;
}

static int8_t sat8(int16_t v) { return (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v); }

static struct triple mix(struct triple t, int8_t k)
{
    struct triple r;
    r.a = sat8((int16_t)(t.a + k));
    r.b = sat8((int16_t)(t.b * k / 8));
    r.c = (int8_t)(uint8_t)(t.c ^ (uint8_t)k); /* wraps */
    return r;
}

static uint32_t float_key(float f) /* orders floats as integers */
{
    union word w;
    w.f = f;
    return (w.u & 0x80000000u) ? ~w.u : w.u | 0x80000000u;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 40);
    uint32_t seed = 1, sum = 0;
    struct pair mm = {INT16_MAX, INT16_MIN};
    struct triple t = {1, -2, 3};
    int16_t acc16 = 0;
    for (long r = 0; r < reps; r++) {
        uint32_t x = bench_rand(&seed);
        struct hdr h = make(x);
        uint32_t byhand = pack(h.version, h.flags, h.length, h.offset, h.prio, h.last);
        uint32_t expect = pack(x & 7, (x >> 3) & 31, (x >> 8) & 2047, (int)((x >> 19) & 63) - 32, (x >> 25) & 3,
                               (x >> 27) & 1);
        if (byhand != expect)
            return bench_fail("bit-field read back");
        if (h.delta != (int)((x >> 4) & 511) - 256)
            return bench_fail("signed short bit-field");
        h.length += 3; /* wraps in 11 bits */
        h.offset -= 1; /* may wrap in 6 signed bits: implementation-defined, same on all */
        sum = sum * 31 + h.length + (uint32_t)(h.offset + 32) + h.tag + (uint32_t)(h.delta + 256);
        union word w;
        w.u = x;
        sum += (uint32_t)w.b[0] + ((uint32_t)w.b[3] << 8); /* byte order of the target */
        mm = minmax(mm, (int16_t)(x >> 7));
        t = mix(t, (int8_t)(x >> 13));
        acc16 = (int16_t)(uint16_t)((uint16_t)acc16 + (uint16_t)((int8_t)x * (int8_t)(x >> 8))); /* wraps */
        float f = (float)(int32_t)(x % 20001) - 10000.0f;
        float g = f / 7.0f;
        if ((float_key(f) < float_key(g)) != (f < g))
            return bench_fail("float key order");
    }
    sum += (uint32_t)(uint16_t)mm.lo + ((uint32_t)(uint16_t)mm.hi << 16) + (uint32_t)(uint8_t)t.a +
           ((uint32_t)(uint8_t)t.b << 8) + ((uint32_t)(uint8_t)t.c << 16) + (uint16_t)acc16;
    printf("bitfields: sizeof(struct hdr)=%u, checksum %08lx\n", (unsigned)sizeof(struct hdr), (unsigned long)sum);
    return 0;
}
