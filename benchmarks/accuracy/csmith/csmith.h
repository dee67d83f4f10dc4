/* csmith.h — the runtime interface programs made by csmith include (Debian's csmith
 * package ships the generator without it), written for lpnest's bare targets: the
 * corpus's bench.h C library, a CRC-32 of every global (the checksum the program prints),
 * and "safe math" functions that define every operation C leaves undefined (signed
 * overflow, division by zero, over-wide or negative shift amounts) by returning the first
 * operand, so a generated program has one meaning on every target. Shift widths and
 * promotions follow the target's own `int` (16 bits on the AVR). */
#ifndef LPNEST_CSMITH_H
#define LPNEST_CSMITH_H

#include "bench.h"

#include <limits.h>
#include <stdint.h>

static uint32_t crc32_tab[256];
static uint32_t crc32_context = 0xFFFFFFFFUL;

static void crc32_gentab(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0xEDB88320UL : c >> 1;
        crc32_tab[i] = c;
    }
}

static void crc32_byte(uint8_t b)
{
    crc32_context = (crc32_context >> 8) ^ crc32_tab[(crc32_context ^ b) & 0xFF];
}

static void crc32_8bytes(uint64_t val)
{
    for (int k = 0; k < 8; k++)
        crc32_byte((uint8_t)(val >> (8 * k)));
}

static void transparent_crc(uint64_t val, const char *vname, int flag)
{
    crc32_8bytes(val);
    if (flag)
        printf("...checksum after hashing %s : %lX\n", vname, (unsigned long)(crc32_context ^ 0xFFFFFFFFUL));
}

static void transparent_crc_bytes(const char *ptr, int nbytes, const char *vname, int flag)
{
    for (int i = 0; i < nbytes; i++)
        crc32_byte((uint8_t)ptr[i]);
    if (flag)
        printf("...checksum after hashing %s : %lX\n", vname, (unsigned long)(crc32_context ^ 0xFFFFFFFFUL));
}

static void platform_main_begin(void) {}

static void platform_main_end(uint32_t crc, int flag)
{
    (void)flag;
    printf("checksum = %lX\n", (unsigned long)crc);
}

/* the width of T after the usual promotions */
#define CSM_PROMOTED_BITS(T) ((int)(sizeof((T)0 + 0) * CHAR_BIT))

/* signed T: WIDE holds any sum, difference or product of two Ts (int64_t: the builtins) */
#define CSM_SIGNED(T, MIN, MAX)                                                                          \
    static inline T safe_unary_minus_func_##T##_s(T a) { return a == MIN ? a : (T)-a; }                \
    static inline T safe_add_func_##T##_s_s(T a, T b)                                                   \
    {                                                                                                    \
        T r;                                                                                             \
        return __builtin_add_overflow(a, b, &r) ? a : r;                                                 \
    }                                                                                                    \
    static inline T safe_sub_func_##T##_s_s(T a, T b)                                                   \
    {                                                                                                    \
        T r;                                                                                             \
        return __builtin_sub_overflow(a, b, &r) ? a : r;                                                 \
    }                                                                                                    \
    static inline T safe_mul_func_##T##_s_s(T a, T b)                                                   \
    {                                                                                                    \
        T r;                                                                                             \
        return __builtin_mul_overflow(a, b, &r) ? a : r;                                                 \
    }                                                                                                    \
    static inline T safe_mod_func_##T##_s_s(T a, T b) { return b == 0 || (a == MIN && b == -1) ? a : (T)(a % b); } \
    static inline T safe_div_func_##T##_s_s(T a, T b) { return b == 0 || (a == MIN && b == -1) ? a : (T)(a / b); } \
    static inline T safe_lshift_func_##T##_s_s(T a, int b)                                              \
    {                                                                                                    \
        return a < 0 || b < 0 || b >= CSM_PROMOTED_BITS(T) || a > (MAX >> b) ? a : (T)(a << b);          \
    }                                                                                                    \
    static inline T safe_lshift_func_##T##_s_u(T a, unsigned int b)                                     \
    {                                                                                                    \
        return a < 0 || b >= (unsigned)CSM_PROMOTED_BITS(T) || a > (MAX >> b) ? a : (T)(a << b);         \
    }                                                                                                    \
    static inline T safe_rshift_func_##T##_s_s(T a, int b)                                              \
    {                                                                                                    \
        return a < 0 || b < 0 || b >= CSM_PROMOTED_BITS(T) ? a : (T)(a >> b);                            \
    }                                                                                                    \
    static inline T safe_rshift_func_##T##_s_u(T a, unsigned int b)                                     \
    {                                                                                                    \
        return a < 0 || b >= (unsigned)CSM_PROMOTED_BITS(T) ? a : (T)(a >> b);                           \
    }

/* unsigned T: arithmetic in an unsigned type at least as wide as the promoted T, so a
 * narrow T never becomes a signed int that overflows */
#define CSM_UNSIGNED(T, U)                                                                               \
    static inline T safe_unary_minus_func_##T##_u(T a) { return (T)-(U)a; }                             \
    static inline T safe_add_func_##T##_u_u(T a, T b) { return (T)((U)a + (U)b); }                      \
    static inline T safe_sub_func_##T##_u_u(T a, T b) { return (T)((U)a - (U)b); }                      \
    static inline T safe_mul_func_##T##_u_u(T a, T b) { return (T)((U)a * (U)b); }                      \
    static inline T safe_mod_func_##T##_u_u(T a, T b) { return b == 0 ? a : (T)(a % b); }               \
    static inline T safe_div_func_##T##_u_u(T a, T b) { return b == 0 ? a : (T)(a / b); }               \
    static inline T safe_lshift_func_##T##_u_s(T a, int b)                                              \
    {                                                                                                    \
        return b < 0 || b >= CSM_PROMOTED_BITS(T) ? a : (T)((U)a << b);                                  \
    }                                                                                                    \
    static inline T safe_lshift_func_##T##_u_u(T a, unsigned int b)                                     \
    {                                                                                                    \
        return b >= (unsigned)CSM_PROMOTED_BITS(T) ? a : (T)((U)a << b);                                 \
    }                                                                                                    \
    static inline T safe_rshift_func_##T##_u_s(T a, int b)                                              \
    {                                                                                                    \
        return b < 0 || b >= CSM_PROMOTED_BITS(T) ? a : (T)(a >> b);                                     \
    }                                                                                                    \
    static inline T safe_rshift_func_##T##_u_u(T a, unsigned int b)                                     \
    {                                                                                                    \
        return b >= (unsigned)CSM_PROMOTED_BITS(T) ? a : (T)(a >> b);                                    \
    }

CSM_SIGNED(int8_t, INT8_MIN, INT8_MAX)
CSM_SIGNED(int16_t, INT16_MIN, INT16_MAX)
CSM_SIGNED(int32_t, INT32_MIN, INT32_MAX)
CSM_SIGNED(int64_t, INT64_MIN, INT64_MAX)
CSM_UNSIGNED(uint8_t, unsigned int)
CSM_UNSIGNED(uint16_t, unsigned int)
CSM_UNSIGNED(uint32_t, uint32_t)
CSM_UNSIGNED(uint64_t, uint64_t)

#endif
