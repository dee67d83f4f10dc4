/* rt_linux.c — target port of the bare runtime for Linux user mode under qemu-user
 * (qemu-riscv32, qemu-ppc): write and exit_group system calls, a static heap. */
#include <stddef.h>
#include "rt.h"

#if defined(__riscv)
#define SYS_WRITE 64
#define SYS_EXIT_GROUP 94
static long syscall3(long nr, long a, long b, long c)
{
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a7 __asm__("a7") = nr;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}
#elif defined(__powerpc__)
#define SYS_WRITE 4
#define SYS_EXIT_GROUP 234
static long syscall3(long nr, long a, long b, long c)
{
    register long r0 __asm__("r0") = nr;
    register long r3 __asm__("r3") = a;
    register long r4 __asm__("r4") = b;
    register long r5 __asm__("r5") = c;
    __asm__ volatile("sc"
                     : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5)
                     :
                     : "memory", "cr0", "r6", "r7", "r8", "r9", "r10", "r11", "r12");
    return r3;
}
#else
#error "rt_linux.c supports riscv32 and powerpc only"
#endif

static void write_fd(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        long w = syscall3(SYS_WRITE, fd, (long)buf, (long)n);
        if (w <= 0)
            return;
        buf += w;
        n -= (size_t)w;
    }
}

void rt_write(const char *buf, size_t n)
{
    write_fd(1, buf, n);
}

void rt_write_err(const char *buf, size_t n)
{
    write_fd(2, buf, n);
}

_Noreturn void rt_exit(int status)
{
    for (;;)
        syscall3(SYS_EXIT_GROUP, status, 0, 0);
}

#ifndef RT_HEAP_SIZE
#define RT_HEAP_SIZE (4u << 20)
#endif
static unsigned char heap[RT_HEAP_SIZE] __attribute__((aligned(16)));

void rt_heap(unsigned char **base, unsigned char **end)
{
    *base = heap;
    *end = heap + sizeof heap;
}
