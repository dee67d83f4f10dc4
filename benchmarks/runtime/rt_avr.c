/* rt_avr.c — target port of the bare runtime for the ATmega2560 under simavr (avr-run):
 * output through the UART0 data register, exit status through GPIOR1 with a marker in
 * GPIOR0 followed by `cli; sleep` (simavr then stops), heap between the end of .bss and
 * the stack, and argv from a buffer that avr-run fills after loading the ELF. */
#include <stdint.h>
#include <stddef.h>
#include "rt.h"

#define UDR0 (*(volatile uint8_t *)0xC6)
#define UCSR0B (*(volatile uint8_t *)0xC1)
#define GPIOR0 (*(volatile uint8_t *)0x3E)
#define GPIOR1 (*(volatile uint8_t *)0x4A)
#define RT_EXIT_MARK 0xA5

void rt_write(const char *buf, size_t n)
{
    UCSR0B = 1u << 3; /* TXEN0 */
    while (n--)
        UDR0 = (uint8_t)*buf++;
}

_Noreturn void rt_exit(int status)
{
    GPIOR1 = (uint8_t)status;
    GPIOR0 = RT_EXIT_MARK;
    for (;;)
        __asm__ volatile("cli\n\tsleep" ::: "memory");
}

extern char __heap_start;

void rt_heap(unsigned char **base, unsigned char **end)
{
    unsigned char here;
    *base = (unsigned char *)&__heap_start;
    *end = &here - 512; /* leave room for the stack below the current frame */
}

/* Command line: avr-run writes "prog\0arg1\0...\0\0" here after loading (not cleared by
 * the startup code because it lives in .noinit); argc/argv are built from it. */
#define RT_ARGBUF 128
#define RT_MAXARGS 8
char __rt_argbuf[RT_ARGBUF] __attribute__((section(".noinit")));
uint8_t __rt_argmagic[2] __attribute__((section(".noinit")));

int __real_main(int argc, char **argv);

/* Reached instead of main through the link option --wrap=main. */
int __wrap_main(void)
{
    static char *argv[RT_MAXARGS + 1];
    static char prog[] = "prog";
    int argc = 0;
    if (__rt_argmagic[0] == 0x4C && __rt_argmagic[1] == 0x50) {
        char *p = __rt_argbuf;
        while (p < __rt_argbuf + RT_ARGBUF && *p && argc < RT_MAXARGS) {
            argv[argc++] = p;
            while (p < __rt_argbuf + RT_ARGBUF - 1 && *p)
                p++;
            p++;
        }
    }
    if (argc == 0)
        argv[argc++] = prog;
    argv[argc] = NULL;
    return __real_main(argc, argv);
}

/* LLVM calls the float names for llvm.floor/ceil/trunc.f32; avr-libc's libm has them only
 * under the double names (double is 32-bit on AVR), so forward. */
double floor(double x);
double ceil(double x);
double trunc(double x);
float floorf(float x) { return floor(x); }
float ceilf(float x) { return ceil(x); }
float truncf(float x) { return trunc(x); }
