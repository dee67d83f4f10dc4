/* exec_libc.h — helpers shared by the built-in C library files: argument
 * access, strings in simulated memory, FILE handles, results. */
#ifndef LPNEST_EXEC_LIBC_H
#define LPNEST_EXEC_LIBC_H

#include "exec.h"

/* Integer argument I, sign- or zero-extended from its IR width. */
static inline uint64_t arg_u(const struct calldesc *cd, const slot_t *R, uint32_t i)
{
    return i < cd->nargs ? R[cd->args[i].slot] : 0;
}
static inline int64_t arg_s(const struct calldesc *cd, const slot_t *R, uint32_t i)
{
    if (i >= cd->nargs)
        return 0;
    unsigned b = cd->args[i].bits ? cd->args[i].bits : 64;
    return sext_of(R[cd->args[i].slot], b > 64 ? 64 : b);
}
double arg_f(const struct calldesc *cd, const slot_t *R, uint32_t i);
/* Sets an integer/pointer result, masked to the call's result width. */
static inline void ret_u(const struct calldesc *cd, slot_t *ret, uint64_t v)
{
    if (cd->ret_slots)
        *ret = v & mask_of(cd->ret_bits ? cd->ret_bits : 64);
}
void ret_f(const struct calldesc *cd, slot_t *ret, double v);

/* A NUL-terminated string of the program as a host pointer, or NULL after a
 * fault naming WHAT. */
const char *lc_str(struct vm *vm, uint64_t a, const char *what);
/* N bytes at A, readable / writable, or NULL after a fault naming WHAT. */
uint8_t *lc_rd(struct vm *vm, uint64_t a, uint64_t n, const char *what);
uint8_t *lc_wr(struct vm *vm, uint64_t a, uint64_t n, const char *what);
/* The host stream behind a FILE handle value, or NULL after a fault. */
FILE *lc_file(struct vm *vm, uint64_t h, const char *what);
/* Index of handle H in vm->files, or -1. */
int lc_file_index(struct vm *vm, uint64_t h);

/* printf family (exec_printf.c): formats FMT with arguments from the call
 * (FIRST onwards) or from a va_list (VA != 0) into a malloc'd buffer. Returns
 * the length, or -1 after a fault. */
long lc_format(struct vm *vm, const char *fmt, const struct calldesc *cd, const slot_t *R, uint32_t first,
               uint64_t va, char **out);

/* Registries of the separate files: return a built-in for NAME or NULL. */
builtin_fn lc_lookup_io(const char *name);
builtin_fn lc_lookup_printf(const char *name);
builtin_fn lc_lookup_scanf(const char *name);
/* errno's homes, newlib's and picolibc's <math.h> classification (exec_libc_abi.c) */
builtin_fn lc_lookup_abi(const char *name);
/* <ctype.h>, string spans, frexp/modf (exec_libc_chars.c); *DATA as for exec_builtin_lookup */
builtin_fn lc_lookup_chars(const char *name, int *data);
/* Their names, I from 0: NULL past the last (eng_library_name). */
const char *lc_io_name(size_t i);
const char *lc_printf_name(size_t i);
const char *lc_chars_name(size_t i);

#endif
