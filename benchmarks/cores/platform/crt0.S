/* crt0.S — start-up of the programs run on the RTL testbenches of benchmarks/cores (Ibex
 * simple_system, the CV32E40P example_tb): vectors, stack, .bss, argc/argv, and the
 * measurement of main: mcycle and minstret are read right before `call main` and right after
 * it returns; lp_finish (plat.c) prints them after the program's output. One source for every
 * core, selected by one macro: LP_IBEX (2-stage, maxperf, wait-state variant), LP_IBEX_ICACHE
 * (enables the instruction cache and waits out its invalidation), LP_CV32E40P (counters are
 * inhibited out of reset; mtvec is 0 in the testbench), LP_SERV (servant: reset at 0, no
 * counters), LP_NEORV32 (as CV32E40P: its mtvec resets to 0), LP_PICORV32 (no CSRs but the
 * counters: rdcycle and rdinstret, `csrr rd, cycle` and `instret`; no trap vector: a trap
 * halts the core, which the testbench reports). The code lies in a section of its own
 * (.lp.crt0) that link.ld places at a fixed address and pads, so everything after it is at
 * the same address on every core (README.md, "The address contract"). */
#if !defined(LP_IBEX) && !defined(LP_IBEX_ICACHE) && !defined(LP_CV32E40P) && !defined(LP_SERV) && \
    !defined(LP_NEORV32) && !defined(LP_PICORV32)
#error "define LP_IBEX, LP_IBEX_ICACHE, LP_CV32E40P, LP_SERV, LP_NEORV32 or LP_PICORV32"
#endif
#if defined(LP_SERV)
/* SERV (servant) resets to 0 and has no counters: a jump to _start at 0, and the counter
 * reads are instructions of the same size that read 0 (the measurement is the trace's) */
#define READ(rd, csr) addi rd, zero, 0
    .section .lp.reset0, "ax"
    .option push
    .option norvc
    lui t0, %hi(_start)
    jalr zero, %lo(_start)(t0)
    .option pop
#elif defined(LP_PICORV32)
/* PicoRV32 (ENABLE_COUNTERS) reads the user counters only: mcycle -> cycle, minstret -> instret */
#define READ(rd, csr) csrr rd, READ_##csr
#define READ_mcycle cycle
#define READ_minstret instret
#else
#define READ(rd, csr) csrr rd, csr
#endif

    .section .lp.vectors, "ax"
    .option push
    .option norvc
    .globl __lp_vectors
__lp_vectors:                   /* mtvec (vectored): 32 entries, every cause to lp_trap */
    .rept 32
    j lp_trap
    .endr
    .globl __lp_reset
__lp_reset:                     /* boot address + 0x80 on both testbenches */
    j _start
    .option pop

    .section .lp.crt0, "ax"
    .globl _start
    .type _start, @function
_start:
#if defined(LP_SERV)
    la t0, lp_trap              /* direct mode */
    csrw mtvec, t0
#endif
#if defined(LP_CV32E40P) || defined(LP_NEORV32)
    csrw mcountinhibit, zero    /* mcycle and minstret are inhibited out of reset */
    la t0, __lp_vectors
    ori t0, t0, 1               /* vectored */
    csrw mtvec, t0
#endif
    la sp, __lp_stack_top
    la t0, __lp_rt_bss_start    /* the runtime's .bss */
    la t1, __lp_rt_bss_end
    call lp_zero
    la t0, __lp_bss_start       /* the program's */
    la t1, __lp_bss_end
    call lp_zero
#if defined(LP_IBEX_ICACHE)
    /* Last before main, so that the cache holds only the lines from __lp_warm_begin to
     * the end of this section when main starts (README.md, "Ibex's instruction cache"). */
    .globl __lp_warm_begin
__lp_warm_begin:
    csrsi 0x7c0, 1              /* cpuctrlsts.icache_enable (off after reset) */
    fence.i                     /* invalidate: every tag written, one set a cycle (256) */
    li t0, 1024                 /* wait it out (2 cycles an iteration at least) */
1:  addi t0, t0, -1
    bnez t0, 1b
#endif
    la t0, __lp_args            /* argc, then argv[] (link.ld: the args area) */
    lw a0, 0(t0)
    addi a1, t0, 4
    .option push
    .option norvc               /* the measured sequence is the same on every core */
    READ(s2, minstret)
    .globl __lp_main_read
__lp_main_read:
    READ(s0, mcycle)
    .globl __lp_main_call
__lp_main_call:
    call main                   /* auipc ra + jalr ra (no relaxation) */
    .globl __lp_main_return
__lp_main_return:
    READ(s1, mcycle)
    READ(s3, minstret)
    .option pop
    mv a1, s0
    mv a2, s1
    mv a3, s2
    mv a4, s3
    call lp_finish              /* a0 = main's status; never returns */
    .size _start, . - _start

    .type lp_zero, @function    /* zeroes the words from t0 up to t1 */
lp_zero:
    bgeu t0, t1, 1f
    sw zero, 0(t0)
    addi t0, t0, 4
    j lp_zero
1:  ret
    .size lp_zero, . - lp_zero

#if defined(LP_SERV)
    .p2align 2                  /* mtvec's base */
#endif
    .type lp_trap, @function
lp_trap:
    csrr a0, mcause
    csrr a1, mepc
    csrr a2, mtval
    la sp, __lp_stack_top
    call lp_trapped             /* never returns */
    .size lp_trap, . - lp_trap
