/* bg_bend.h — branchgen's input bender (benchmarks/accuracy/branchgen): an input pushed to a
 * boundary value (0, 1, all ones, the sign bit, 255, 256, ...) chosen by a key, shared by the
 * branchgen programs kept in tests/exact. */
#ifndef LPNEST_TESTS_BG_BEND_H
#define LPNEST_TESTS_BG_BEND_H
#include <stdint.h>

/* an input bent to a boundary value by its low bits */
__attribute__((noinline)) static uint32_t bend(uint32_t x, uint32_t k)
{
    switch (k % 18u) {
    case 0: return x;
    case 1: return x & 255u;
    case 2: return x & 511u;
    case 3: return (uint32_t)((int32_t)x >> 20);
    case 4: return x % 5u;
    case 5: return 0u;
    case 6: return 1u;
    case 7: return 0xFFFFFFFFu;
    case 8: return 0x7FFFFFFFu;
    case 9: return 0x80000000u;
    case 10: return 255u;
    case 11: return 256u;
    case 12: return 0xFFFFu;
    case 13: return 0x8000u;
    case 14: return 0x7FFFu;
    case 15: return x >> 28;
    case 16: return (uint32_t)-(int32_t)(x & 300u);
    default: return x | 0x80000000u;
    }
}

#endif
