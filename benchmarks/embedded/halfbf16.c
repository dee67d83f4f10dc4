/* halfbf16.c — _Float16 and __bf16 arithmetic and conversions (the backend promotes
 * them to float and rounds back), printed as bits to compare lpnest's run with the
 * native one (x86-64, libgcc's/compiler-rt's conversions). */
#include "bench.h"

static uint32_t hash = 2166136261u;

static void mix(uint32_t v)
{
    for (int i = 0; i < 4; i++, v >>= 8)
        hash = (hash ^ (v & 255)) * 16777619u;
}

static uint16_t hbits(_Float16 h) { uint16_t u; memcpy(&u, &h, 2); return u; }
static uint16_t bbits(__bf16 h) { uint16_t u; memcpy(&u, &h, 2); return u; }

static volatile double dv[] = {1.0 / 3, 65504.0, 65520.0, 1e-7, 5.96e-8, 2.98e-8, 3.0e-8, -0.0, 1e30, 3.4e38, 1e-40, 2049.0, 2051.0};

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 400);
    for (unsigned i = 0; i < sizeof dv / sizeof dv[0]; i++) {
        double d = dv[i];
        printf("%u h %04x b %04x hf %04x bf %04x\n", i, hbits((_Float16)d), bbits((__bf16)d),
               hbits((_Float16)(float)d), bbits((__bf16)(float)d));
    }
    uint32_t s = 777;
    int less = 0;
    int64_t ints = 0;
    for (long i = 0; i < n; i++) {
        int32_t ia = (int32_t)bench_rand(&s) >> (bench_rand(&s) % 31);
        int32_t ib = (int32_t)bench_rand(&s) >> (bench_rand(&s) % 31);
        _Float16 a = (_Float16)ia / (_Float16)(1 + (int)(i % 50)), b = (_Float16)ib;
        __bf16 c = (__bf16)ia, e = (__bf16)((float)ib / 7.0f);
        mix(hbits(a + b) | (uint32_t)hbits(a - b) << 16);
        mix(hbits(a * b) | (uint32_t)hbits(b != 0 ? a / b : a) << 16);
        mix(bbits(c + e) | (uint32_t)bbits(c * e) << 16);
        mix(bbits(e != 0 ? c / e : c) | (uint32_t)bbits(c - e) << 16);
        less += (a < b) + (c < e) * 2;
        if (a > -60000 && a < 60000) /* a finite half fits an int32; inf does not */
            ints += (int32_t)a + (int64_t)c;
        mix(hbits((_Float16)(uint32_t)ia) | (uint32_t)bbits((__bf16)(int64_t)ia * 4096) << 16);
        double wide = (double)a + (double)e;
        uint64_t wb;
        memcpy(&wb, &wide, 8);
        mix((uint32_t)wb ^ (uint32_t)(wb >> 32));
    }
    printf("less %d ints %lld hash %08x\n", less, (long long)ints, (unsigned)hash);
    return 0;
}
