/* bench.h — the only C library interface corpus programs may use.
 * Same prototypes as ISO C: on x86-64 they resolve to glibc, on the bare targets to
 * benchmarks/runtime/, and inside lpnest to its built-in library. */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdint.h>

int printf(const char *fmt, ...);
int putchar(int c);
int puts(const char *s);
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
char *strcpy(char *dst, const char *src);
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t n);
void free(void *p);
_Noreturn void abort(void);
_Noreturn void exit(int status);

/* Parses an optional positive decimal argument (argv[1]); returns dflt when absent or bad. */
static inline long bench_arg(int argc, char **argv, long dflt)
{
    if (argc < 2 || !argv || !argv[1] || !argv[1][0])
        return dflt;
    long v = 0;
    for (const char *p = argv[1]; *p; p++) {
        if (*p < '0' || *p > '9' || v > 100000000L)
            return dflt;
        v = v * 10 + (*p - '0');
    }
    return v > 0 ? v : dflt;
}

/* Deterministic xorshift32 generator shared by the programs (never rand()). */
static inline uint32_t bench_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* Reports a failed self-check and returns the status main should return. */
static inline int bench_fail(const char *what)
{
    printf("FAIL: %s\n", what);
    return 1;
}

#endif
