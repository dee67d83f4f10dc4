/* bg_memory.h — the memory routines benchmarks/accuracy/branchgen defines in its programs
 * (the module's own memcpy, memset and memcmp, which llvm.mem* calls and the back end's
 * expansions reach), shared by the branchgen programs kept in tests/exact. Included once
 * per program: the definitions stay the module's. */
#ifndef LPNEST_TESTS_BG_MEMORY_H
#define LPNEST_TESTS_BG_MEMORY_H
#include <stddef.h>

/* the module's own memory routines: llvm.mem* and the calls above reach these */
__attribute__((noinline)) void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}
__attribute__((noinline)) void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}
__attribute__((noinline)) int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}

#endif
