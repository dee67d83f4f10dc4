/* tests/exact: benchmarks/accuracy/branchgen's program seed 71004, target riscv32 (issue 27), kept as generated
 * (--shapes nan). f1's NaN chain: RV32 makes a select of 0x7FF00000 and the high
 * word as "mv; bltz; lui": the arm loads the constant (the select's first value), the
 * branch tests the bit the other way. The old binary took lui for a plain copy (the
 * false value) and counted the arm by flow the wrong way (19 for 69).
 */
#include "bench.h"
#include <stdint.h>
#include <stddef.h>

static const unsigned char pool[128] = {255, 0, 98, 1, 0, 0, 1, 8, 0, 0, 255, 46, 0, 1, 0, 110, 1, 39, 255, 0, 0, 187, 255, 0, 255, 1, 0, 0, 222, 91, 92, 39, 0, 255, 0, 1, 0, 226, 0, 41, 4, 0, 0, 255, 0, 0, 1, 110, 0, 180, 0, 255, 0, 0, 0, 178, 160, 137, 0, 0, 1, 255, 215, 255, 0, 255, 0, 0, 1, 1, 167, 255, 196, 1, 1, 255, 255, 0, 1, 65, 0, 94, 0, 0, 0, 0, 148, 255, 211, 0, 0, 0, 0, 0, 0, 255, 0, 186, 1, 0, 198, 255, 255, 255, 45, 70, 1, 255, 255, 1, 1, 0, 0, 0, 255, 255, 0, 255, 255, 255, 31, 93, 0, 0, 1, 1, 1, 0};

#include "bg_bend.h"

__attribute__((noinline)) static uint32_t f0(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 19007u;
    uint64_t fa1 = 0x7FF0000000000000ULL, fb2 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa1 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb2 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa1 & 0x0008000000000000ULL), bs = bn && !(fb2 & 0x0008000000000000ULL);
      uint64_t z = as ? fb2 : bs ? fa1 : an ? fa1 : bn ? fb2 : fa1 ^ fb2;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa3 = ((uint64_t)a << 32 | b), fb4 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa3 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb4 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa3 & 0x0008000000000000ULL), bs = bn && !(fb4 & 0x0008000000000000ULL);
      uint64_t z = as ? fb4 : bs ? fa3 : an ? fa3 : bn ? fb4 : fa3 ^ fb4;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa5 = ((uint64_t)a << 32 | b), fb6 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa5 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb6 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa5 & 0x0008000000000000ULL), bs = bn && !(fb6 & 0x0008000000000000ULL);
      uint64_t z = as ? fb6 : bs ? fa5 : an ? fa5 : bn ? fb6 : fa5 ^ fb6;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa7 = 0x7FF8000000000001ULL, fb8 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa7 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb8 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa7 & 0x0008000000000000ULL), bs = bn && !(fb8 & 0x0008000000000000ULL);
      uint64_t z = as ? fb8 : bs ? fa7 : an ? fa7 : bn ? fb8 : fa7 ^ fb8;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f1(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 12182u;
    uint64_t fa9 = 0x7FF8000000000001ULL, fb10 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa9 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb10 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa9 & 0x0008000000000000ULL), bs = bn && !(fb10 & 0x0008000000000000ULL);
      uint64_t z = as ? fb10 : bs ? fa9 : an ? fa9 : bn ? fb10 : fa9 ^ fb10;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa11 = 0x7FF0000000000000ULL, fb12 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa11 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb12 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa11 & 0x0008000000000000ULL), bs = bn && !(fb12 & 0x0008000000000000ULL);
      uint64_t z = as ? fb12 : bs ? fa11 : an ? fa11 : bn ? fb12 : fa11 ^ fb12;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa13 = 0x7FF0000000000000ULL, fb14 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa13 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb14 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa13 & 0x0008000000000000ULL), bs = bn && !(fb14 & 0x0008000000000000ULL);
      uint64_t z = as ? fb14 : bs ? fa13 : an ? fa13 : bn ? fb14 : fa13 ^ fb14;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa15 = 0x7FF8000000000001ULL, fb16 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa15 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb16 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa15 & 0x0008000000000000ULL), bs = bn && !(fb16 & 0x0008000000000000ULL);
      uint64_t z = as ? fb16 : bs ? fa15 : an ? fa15 : bn ? fb16 : fa15 ^ fb16;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f2(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 33626u;
    uint64_t fa17 = 0x7FF0000000000000ULL, fb18 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa17 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb18 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa17 & 0x0008000000000000ULL), bs = bn && !(fb18 & 0x0008000000000000ULL);
      uint64_t z = as ? fb18 : bs ? fa17 : an ? fa17 : bn ? fb18 : fa17 ^ fb18;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa19 = 0x7FF0000000000000ULL, fb20 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa19 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb20 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa19 & 0x0008000000000000ULL), bs = bn && !(fb20 & 0x0008000000000000ULL);
      uint64_t z = as ? fb20 : bs ? fa19 : an ? fa19 : bn ? fb20 : fa19 ^ fb20;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa21 = ((uint64_t)a << 32 | b), fb22 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa21 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb22 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa21 & 0x0008000000000000ULL), bs = bn && !(fb22 & 0x0008000000000000ULL);
      uint64_t z = as ? fb22 : bs ? fa21 : an ? fa21 : bn ? fb22 : fa21 ^ fb22;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa23 = 0x7FF8000000000001ULL, fb24 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa23 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb24 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa23 & 0x0008000000000000ULL), bs = bn && !(fb24 & 0x0008000000000000ULL);
      uint64_t z = as ? fb24 : bs ? fa23 : an ? fa23 : bn ? fb24 : fa23 ^ fb24;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa25 = 0x7FF0000000000000ULL, fb26 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa25 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb26 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa25 & 0x0008000000000000ULL), bs = bn && !(fb26 & 0x0008000000000000ULL);
      uint64_t z = as ? fb26 : bs ? fa25 : an ? fa25 : bn ? fb26 : fa25 ^ fb26;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

static uint32_t f3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 21139u;
    uint64_t fa27 = 0x7FF8000000000001ULL, fb28 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa27 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb28 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa27 & 0x0008000000000000ULL), bs = bn && !(fb28 & 0x0008000000000000ULL);
      uint64_t z = as ? fb28 : bs ? fa27 : an ? fa27 : bn ? fb28 : fa27 ^ fb28;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa29 = 0x7FF8000000000001ULL, fb30 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa29 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb30 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa29 & 0x0008000000000000ULL), bs = bn && !(fb30 & 0x0008000000000000ULL);
      uint64_t z = as ? fb30 : bs ? fa29 : an ? fa29 : bn ? fb30 : fa29 ^ fb30;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f4(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 14433u;
    uint64_t fa31 = ((uint64_t)a << 32 | b), fb32 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa31 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb32 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa31 & 0x0008000000000000ULL), bs = bn && !(fb32 & 0x0008000000000000ULL);
      uint64_t z = as ? fb32 : bs ? fa31 : an ? fa31 : bn ? fb32 : fa31 ^ fb32;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa33 = 0x7FF0000000000000ULL, fb34 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa33 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb34 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa33 & 0x0008000000000000ULL), bs = bn && !(fb34 & 0x0008000000000000ULL);
      uint64_t z = as ? fb34 : bs ? fa33 : an ? fa33 : bn ? fb34 : fa33 ^ fb34;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa35 = 0x7FF8000000000001ULL, fb36 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa35 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb36 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa35 & 0x0008000000000000ULL), bs = bn && !(fb36 & 0x0008000000000000ULL);
      uint64_t z = as ? fb36 : bs ? fa35 : an ? fa35 : bn ? fb36 : fa35 ^ fb36;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa37 = ((uint64_t)a << 32 | b), fb38 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa37 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb38 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa37 & 0x0008000000000000ULL), bs = bn && !(fb38 & 0x0008000000000000ULL);
      uint64_t z = as ? fb38 : bs ? fa37 : an ? fa37 : bn ? fb38 : fa37 ^ fb38;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

static uint32_t f5(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 56722u;
    uint64_t fa39 = 0x7FF8000000000001ULL, fb40 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa39 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb40 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa39 & 0x0008000000000000ULL), bs = bn && !(fb40 & 0x0008000000000000ULL);
      uint64_t z = as ? fb40 : bs ? fa39 : an ? fa39 : bn ? fb40 : fa39 ^ fb40;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa41 = 0x7FF8000000000001ULL, fb42 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa41 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb42 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa41 & 0x0008000000000000ULL), bs = bn && !(fb42 & 0x0008000000000000ULL);
      uint64_t z = as ? fb42 : bs ? fa41 : an ? fa41 : bn ? fb42 : fa41 ^ fb42;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

__attribute__((noinline)) static uint32_t f6(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 35200u;
    uint64_t fa43 = 0x7FF8000000000001ULL, fb44 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa43 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb44 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa43 & 0x0008000000000000ULL), bs = bn && !(fb44 & 0x0008000000000000ULL);
      uint64_t z = as ? fb44 : bs ? fa43 : an ? fa43 : bn ? fb44 : fa43 ^ fb44;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa45 = ((uint64_t)a << 32 | b), fb46 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa45 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb46 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa45 & 0x0008000000000000ULL), bs = bn && !(fb46 & 0x0008000000000000ULL);
      uint64_t z = as ? fb46 : bs ? fa45 : an ? fa45 : bn ? fb46 : fa45 ^ fb46;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    uint64_t fa47 = ((uint64_t)a << 32 | b), fb48 = ((uint64_t)b << 32 | c) | ((uint64_t)(a & 1u) << 62);
    { _Bool an = (fa47 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool bn = (fb48 & 0x7FFFFFFFFFFFFFFFULL) > 0x7FF0000000000000ULL;
      _Bool as = an && !(fa47 & 0x0008000000000000ULL), bs = bn && !(fb48 & 0x0008000000000000ULL);
      uint64_t z = as ? fb48 : bs ? fa47 : an ? fa47 : bn ? fb48 : fa47 ^ fb48;
      r += (uint32_t)z ^ (uint32_t)(z >> 32); }
    return r;
}

int main(void)
{
    uint32_t s = 1455003252u, h = 0x811c9dc5u;
    for (int i = 0; i < 88; i++) {
        uint32_t a = bench_rand(&s), b = bench_rand(&s), c = bench_rand(&s), k = bench_rand(&s);
        a = bend(a, k);
        b = bend(b, k >> 8);
        c = bend(c, k >> 16);
        h = (h ^ f0(a, b, c)) * 0x01000193u;
        h = (h ^ f1(a, b, c)) * 0x01000193u;
        h = (h ^ f2(a, b, c)) * 0x01000193u;
        h = (h ^ f3(a, b, c)) * 0x01000193u;
        h = (h ^ f4(a, b, c)) * 0x01000193u;
        h = (h ^ f5(a, b, c)) * 0x01000193u;
        h = (h ^ f6(a, b, c)) * 0x01000193u;
    }
    printf("checksum = %08lX\n", (unsigned long)h);
    return 0;
}
