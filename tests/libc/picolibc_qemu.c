/* picolibc_qemu.c — what a picolibc program needs to run under qemu-riscv32
 * (Linux user mode) as the reference lpnest is compared with: the process
 * entry (argc and argv from the stack; the thread pointer at a zeroed block,
 * where picolibc keeps errno: its thread-local variables that start at 0),
 * the heap its sbrk hands out (__heap_start .. __heap_end),
 * stdin/stdout/stderr as picolibc's tinystdio streams over the read and
 * write system calls, and _exit. Linked by ld.lld with picolibc's libc.a
 * and libgcc.a (tests/libc/CMakeLists.txt). */
#include <stdio.h>
#include <stdlib.h>

extern int main(int argc, char **argv);
static long tls[256]; /* errno and picolibc's other thread-local variables */
char lpnest_heap[1 << 20] __attribute__((aligned(16)));
__asm__(".globl __heap_start\n.globl __heap_end\n"
        ".set __heap_start, lpnest_heap\n.set __heap_end, lpnest_heap + 1048576\n");

static long sys(long n, long a, long b, long c)
{
    register long a0 __asm__("a0") = a, a1 __asm__("a1") = b, a2 __asm__("a2") = c, a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

static int put(char c, FILE *f)
{
    (void)f;
    return sys(64, f == stderr ? 2 : 1, (long)&c, 1) == 1 ? (unsigned char)c : EOF;
}

static int get(FILE *f)
{
    (void)f;
    unsigned char c;
    return sys(63, 0, (long)&c, 1) == 1 ? c : EOF;
}

static FILE out = FDEV_SETUP_STREAM(put, NULL, NULL, _FDEV_SETUP_WRITE);
static FILE err = FDEV_SETUP_STREAM(put, NULL, NULL, _FDEV_SETUP_WRITE);
static FILE in = FDEV_SETUP_STREAM(NULL, get, NULL, _FDEV_SETUP_READ);
FILE *const stdin = &in;
FILE *const stdout = &out;
FILE *const stderr = &err;

void _exit(int status)
{
    for (;;)
        sys(94, status, 0, 0); /* exit_group */
}

void start_c(long *sp)
{
    __asm__ volatile("mv tp, %0" : : "r"(tls));
    exit(main((int)sp[0], (char **)(sp + 1)));
}

__asm__(".globl _start\n"
        "_start:\n"
        "  mv a0, sp\n"
        "  andi sp, sp, -16\n"
        "  call start_c\n");
