/* exec_opsem.h — what the engine's ops compute, where it is more than one C
 * operator: shared by the interpreter (exec_run.c) and the compiled tier's
 * helpers (exec_jit_rt.c), so both give the same bits. */
#ifndef LPNEST_EXEC_OPSEM_H
#define LPNEST_EXEC_OPSEM_H

#include "exec.h"

#include <math.h>
#include <string.h>

/* MASKS[w]: the low w bits (0 <= w <= 64) */
extern const uint64_t exec_masks[65];

typedef unsigned __int128 exec_u128;
typedef __int128 exec_i128;

static inline float exec_getf(slot_t v) { uint32_t u = (uint32_t)v; float f; memcpy(&f, &u, 4); return f; }
static inline double exec_getd(slot_t v) { double d; memcpy(&d, &v, 8); return d; }
static inline slot_t exec_putf(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline slot_t exec_putd(double d) { slot_t v; memcpy(&v, &d, 8); return v; }

static inline exec_u128 exec_wide(const slot_t *R, uint32_t s) { return (exec_u128)R[s] | (exec_u128)R[s + 1] << 64; }
static inline void exec_set_wide(slot_t *R, uint32_t s, exec_u128 v, unsigned hw)
{
    R[s] = (uint64_t)v;
    R[s + 1] = (uint64_t)(v >> 64) & exec_masks[hw];
}
static inline exec_i128 exec_wide_sext(exec_u128 v, unsigned width)
{
    unsigned s = 128 - width;
    return (exec_i128)(v << s) >> s;
}

/* fptosi/fptoui: NaN gives 0, out-of-range values saturate */
static inline uint64_t exec_fp_to_int(double v, bool is_signed)
{
    if (isnan(v))
        return 0;
    if (is_signed) {
        if (v >= 9223372036854775808.0)
            return (uint64_t)INT64_MAX;
        if (v <= -9223372036854775808.0)
            return (uint64_t)INT64_MIN;
        return (uint64_t)(int64_t)v;
    }
    if (v <= -1.0)
        return (uint64_t)(int64_t)(v <= -9223372036854775808.0 ? INT64_MIN : (int64_t)v);
    if (v >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)v;
}

/* Signed saturation of an exact result to w bits. */
static inline uint64_t exec_sat_signed(exec_i128 v, unsigned w)
{
    exec_i128 hi = ((exec_i128)1 << (w - 1)) - 1, lo = -((exec_i128)1 << (w - 1));
    if (v > hi)
        v = hi;
    if (v < lo)
        v = lo;
    return (uint64_t)v & exec_masks[w];
}

static inline bool exec_fits_signed(exec_i128 v, unsigned w)
{
    return v >= -((exec_i128)1 << (w - 1)) && v <= ((exec_i128)1 << (w - 1)) - 1;
}

/* The edge a switch takes for value V. */
static inline uint32_t exec_switch_edge(const struct switch_desc *sd, uint64_t v)
{
    if (sd->dense)
        return v - sd->lo < sd->span ? sd->table[v - sd->lo] : sd->def;
    uint32_t lo = 0, hi = sd->n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (sd->vals[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < sd->n && sd->vals[lo] == v ? sd->edges[lo] : sd->def;
}

/* The messages of faults raised both by the interpreter and by compiled code. */
#define EXEC_MSG_STEP_LIMIT "the step limit of %llu IR instructions was reached (--max-steps)"
#define EXEC_MSG_DIV_ZERO "division by zero (%s)"
#define EXEC_MSG_DIV_OVERFLOW "signed division overflow (%s of the minimum value by -1)"
#define EXEC_MSG_NOT_FUNCTION "indirect call through 0x%llx, which is not the address of a function"
#define EXEC_MSG_UNKNOWN_EXTERNAL \
    "call to unknown external function '%s' (not in the bitcode, not in lpnest's C library)"
/* An access outside the program's memory (KIND 'r': read, 'w': write, 'a': misaligned). */
bool exec_fault_access(struct vm *vm, int kind, uint64_t addr, unsigned nbytes);

#endif
