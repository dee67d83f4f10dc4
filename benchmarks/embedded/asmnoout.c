/* asmnoout.c — inline assembly without outputs, as embedded code writes it: compiler
 * barriers, nop, memory fences, interrupt enable/disable, "keep this value" idioms.
 * lpnest runs each as a no-op and prices the instructions the backend emits for it. */
#include "bench.h"

static volatile int flag = 1;

static void critical_begin(void)
{
#if defined(__AVR__)
    __asm__ volatile("cli" ::: "memory");
#else
    __asm__ volatile("" ::: "memory");
#endif
}

static void critical_end(void)
{
#if defined(__AVR__)
    __asm__ volatile("sei" ::: "memory");
#elif defined(__riscv)
    __asm__ volatile("fence" ::: "memory");
#elif defined(__powerpc__)
    __asm__ volatile("sync" ::: "memory");
#else
    __asm__ volatile("mfence" ::: "memory");
#endif
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 200);
    uint32_t sum = 0;
    for (long i = 0; i < n; i++) {
        critical_begin();
        sum += (uint32_t)i * (uint32_t)flag;
        critical_end();
        __asm__ volatile("nop");
        __asm__ volatile("" : : "r"((unsigned char)sum)); /* keeps sum computed here */
    }
    printf("sum %lu\n", (unsigned long)sum);
    return 0;
}
