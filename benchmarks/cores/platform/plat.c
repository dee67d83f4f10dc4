/* plat.c — the testbench port of the bare runtime (benchmarks/runtime/rt.h) for the RTL
 * references of benchmarks/cores: output by the testbench's character register, the end of
 * the simulation by its control register, the heap between the program's data and the
 * stack (link.ld). lp_finish prints the counters crt0.S read around main as the last line of
 * the output, "\x02LPNEST main STATUS MCYCLE0 MCYCLE1 MINSTRET0 MINSTRET1" (hex), which the
 * runner (benchmarks/cores/run) takes off the program's output; exit() prints "... exit
 * STATUS", a trap "... trap MCAUSE MEPC MTVAL". Selected like crt0.S: LP_IBEX or
 * LP_IBEX_ICACHE (simple_system: character at 0x20000, halt at 0x20008), LP_CV32E40P
 * (mm_ram: character at 0x10000000, exit status at 0x20000004), LP_SERV, LP_NEORV32 and LP_PICORV32 (our
 * testbenches: character at 0x40000004, status at 0x40000008, halt at 0x90000000). Its code is in sections of
 * its own (.lp.plat*), which link.ld places after the runtime routines, so that those lie at
 * the same addresses on every core; the three the runtime calls (rt_write, rt_heap, rt_exit)
 * have a section each, at fixed offsets. */
#include <stddef.h>
#include "rt.h"

#pragma clang section text = ".lp.plat" rodata = ".lp.plat.rodata"

#if defined(LP_IBEX) || defined(LP_IBEX_ICACHE)
#define LP_OUT 0x20000u
#define LP_HALT 0x20008u
#elif defined(LP_CV32E40P)
#define LP_OUT 0x10000000u
#define LP_EXIT 0x20000004u
#elif defined(LP_SERV) || defined(LP_NEORV32) || defined(LP_PICORV32)
#define LP_OUT 0x40000004u      /* the testbench's character register (SERV: servant's GPIO region) */
#define LP_STATUS 0x40000008u   /* the testbench keeps the status ... */
#define LP_HALT 0x90000000u     /* ... and servile's simulation halt ends the run */
#else
#error "define LP_IBEX, LP_IBEX_ICACHE, LP_CV32E40P, LP_SERV, LP_NEORV32 or LP_PICORV32"
#endif

extern unsigned char __lp_heap_start[], __lp_heap_end[];

#define LP_SECTION(name) __attribute__((section(".lp.plat." #name)))

LP_SECTION(rt_write) void rt_write(const char *buf, size_t n)
{
    volatile unsigned *out = (volatile unsigned *)LP_OUT;
    for (size_t i = 0; i < n; i++)
        *out = (unsigned char)buf[i];
}

#if defined(LP_PICORV32)
/* the relaxed flavour's runtime is the corpus's whole riscv32 runtime (no RT_CORES_CONTRACT),
 * whose failure paths (__assert_func, abort) write to standard error: the same register */
void rt_write_err(const char *buf, size_t n)
{
    rt_write(buf, n);
}
#endif

LP_SECTION(rt_heap) void rt_heap(unsigned char **base, unsigned char **end)
{
    *base = __lp_heap_start;
    *end = __lp_heap_end;
}

static void put(char c)
{
    *(volatile unsigned *)LP_OUT = (unsigned char)c;
}

static void put_str(const char *s)
{
    while (*s)
        put(*s++);
}

static void put_hex(unsigned v)
{
    put(' ');
    for (int sh = 28; sh >= 0; sh -= 4)
        put("0123456789abcdef"[(v >> sh) & 15u]);
}

static _Noreturn void halt(int status)
{
#if defined(LP_EXIT)
    *(volatile unsigned *)LP_EXIT = (unsigned)status;
#elif defined(LP_STATUS)
    *(volatile unsigned *)LP_STATUS = (unsigned)status;
    *(volatile unsigned *)LP_HALT = 1u;
#else
    (void)status;
    *(volatile unsigned *)LP_HALT = 1u;
#endif
    for (;;)
        __asm__ volatile("");
}

/* Called by crt0.S after main returns with its status and the counters read around it. */
_Noreturn void lp_finish(int status, unsigned cycle0, unsigned cycle1, unsigned instret0, unsigned instret1)
{
    put_str("\002LPNEST main");
    put_hex((unsigned)status);
    put_hex(cycle0);
    put_hex(cycle1);
    put_hex(instret0);
    put_hex(instret1);
    put('\n');
    halt(status);
}

/* Called by crt0.S's trap vector. */
_Noreturn void lp_trapped(unsigned mcause, unsigned mepc, unsigned mtval)
{
    put_str("\002LPNEST trap");
    put_hex(mcause);
    put_hex(mepc);
    put_hex(mtval);
    put('\n');
    halt(255);
}

LP_SECTION(rt_exit) _Noreturn void rt_exit(int status)
{
    put_str("\002LPNEST exit");
    put_hex((unsigned)status);
    put('\n');
    halt(status);
}
