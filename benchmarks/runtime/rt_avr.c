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

void rt_write_err(const char *buf, size_t n)
{
    rt_write(buf, n); /* one UART */
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

/* LLVM calls the float names (llvm.floor.f32 is floorf, llvm.exp.f32 expf, a C call of sinf
 * stays sinf); avr-libc's libm has these only under the double names (double is 32-bit on
 * the AVR; its math.h makes the float names macros), so forward. */
double cos(double x);
double sin(double x);
double tan(double x);
double cbrt(double x);
double floor(double x);
double ceil(double x);
double trunc(double x);
double round(double x);
double exp(double x);
double cosh(double x);
double sinh(double x);
double tanh(double x);
double acos(double x);
double asin(double x);
double atan(double x);
double log(double x);
double log10(double x);
double fmod(double x, double y);
double hypot(double x, double y);
double atan2(double x, double y);
double pow(double x, double y);
double fdim(double x, double y);
double fmax(double x, double y);
double fmin(double x, double y);
double fma(double x, double y, double z);
double frexp(double x, int *e);
double ldexp(double x, int e);
long lround(double x);
long lrint(double x);
float cosf(float x) { return cos(x); }
float sinf(float x) { return sin(x); }
float tanf(float x) { return tan(x); }
float cbrtf(float x) { return cbrt(x); }
float floorf(float x) { return floor(x); }
float ceilf(float x) { return ceil(x); }
float truncf(float x) { return trunc(x); }
float roundf(float x) { return round(x); }
float expf(float x) { return exp(x); }
float coshf(float x) { return cosh(x); }
float sinhf(float x) { return sinh(x); }
float tanhf(float x) { return tanh(x); }
float acosf(float x) { return acos(x); }
float asinf(float x) { return asin(x); }
float atanf(float x) { return atan(x); }
float logf(float x) { return log(x); }
float log10f(float x) { return log10(x); }
float fmodf(float x, float y) { return fmod(x, y); }
float hypotf(float x, float y) { return hypot(x, y); }
float atan2f(float x, float y) { return atan2(x, y); }
float powf(float x, float y) { return pow(x, y); }
float fdimf(float x, float y) { return fdim(x, y); }
float fmaxf(float x, float y) { return fmax(x, y); }
float fminf(float x, float y) { return fmin(x, y); }
float fmaf(float x, float y, float z) { return fma(x, y, z); }
float frexpf(float x, int *e) { return frexp(x, e); }
float ldexpf(float x, int e) { return ldexp(x, e); }
long lroundf(float x) { return lround(x); }
long lrintf(float x) { return lrint(x); }
