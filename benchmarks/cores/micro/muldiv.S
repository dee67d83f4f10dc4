/* muldiv.S — the M extension: mul, mulh, mulhsu, mulhu back to back, independent and with
 * a dependent use; div, divu, rem, remu on a sweep of operands (divisors 2^k, 2^k - 1, zero,
 * -1 with INT_MIN, dividends 2^k - 1): each division at a PC of its own, followed by an
 * independent instruction, so its per-PC cycles are its latency on those operands
 * (generated once by a script; the pairs are listed in the comments). */
#include "micro.h"
    .option rvc

KERNEL(k_mul)
    li a0, 0x12345
    li a1, -7
    LOOP(ITER)
    mul a2, a0, a1
    addi t3, t3, 1              /* independent */
    mul a3, a0, a1
    add t4, a3, a3              /* dependent */
    mul a2, a0, a1
    mul a3, a1, a0              /* back to back */
    mulh a2, a0, a1
    addi t3, t3, 1
    mulhsu a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    add t4, a2, a2
    mulh a2, a0, a1
    mulhu a3, a0, a1
    LOOP_END
END(k_mul)

KERNEL(k_mul_operands)
    LOOP(4)
    li a0, 0x0
    li a1, 0x0
    mul a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    addi t3, t3, 1
    li a0, 0x1
    li a1, 0x1
    mul a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    addi t3, t3, 1
    li a0, 0xffffffff
    li a1, 0xffffffff
    mul a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2
    mul a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    addi t3, t3, 1
    li a0, 0x3
    li a1, 0x80000000
    mul a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    addi t3, t3, 1
    li a0, 0x10000
    li a1, 0x10000
    mul a2, a0, a1
    addi t3, t3, 1
    mulhu a2, a0, a1
    addi t3, t3, 1
    LOOP_END
END(k_mul_operands)

KERNEL(k_div)
    LOOP(4)
    li a0, 0x7fffffff
    li a1, 0x1
    div a2, a0, a1            /* 0x7fffffff, 0x1 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2
    div a2, a0, a1            /* 0x7fffffff, 0x2 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4
    div a2, a0, a1            /* 0x7fffffff, 0x4 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8
    div a2, a0, a1            /* 0x7fffffff, 0x8 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10
    div a2, a0, a1            /* 0x7fffffff, 0x10 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20
    div a2, a0, a1            /* 0x7fffffff, 0x20 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40
    div a2, a0, a1            /* 0x7fffffff, 0x40 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80
    div a2, a0, a1            /* 0x7fffffff, 0x80 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100
    div a2, a0, a1            /* 0x7fffffff, 0x100 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200
    div a2, a0, a1            /* 0x7fffffff, 0x200 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400
    div a2, a0, a1            /* 0x7fffffff, 0x400 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800
    div a2, a0, a1            /* 0x7fffffff, 0x800 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000
    div a2, a0, a1            /* 0x7fffffff, 0x1000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000
    div a2, a0, a1            /* 0x7fffffff, 0x2000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000
    div a2, a0, a1            /* 0x7fffffff, 0x4000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000
    div a2, a0, a1            /* 0x7fffffff, 0x8000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000
    div a2, a0, a1            /* 0x7fffffff, 0x10000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000
    div a2, a0, a1            /* 0x7fffffff, 0x20000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000
    div a2, a0, a1            /* 0x7fffffff, 0x40000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000
    div a2, a0, a1            /* 0x7fffffff, 0x80000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100000
    div a2, a0, a1            /* 0x7fffffff, 0x100000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200000
    div a2, a0, a1            /* 0x7fffffff, 0x200000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400000
    div a2, a0, a1            /* 0x7fffffff, 0x400000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800000
    div a2, a0, a1            /* 0x7fffffff, 0x800000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000000
    div a2, a0, a1            /* 0x7fffffff, 0x1000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000000
    div a2, a0, a1            /* 0x7fffffff, 0x2000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000000
    div a2, a0, a1            /* 0x7fffffff, 0x4000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000000
    div a2, a0, a1            /* 0x7fffffff, 0x8000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000000
    div a2, a0, a1            /* 0x7fffffff, 0x10000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000000
    div a2, a0, a1            /* 0x7fffffff, 0x20000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000000
    div a2, a0, a1            /* 0x7fffffff, 0x40000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000000
    div a2, a0, a1            /* 0x7fffffff, 0x80000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x3
    div a2, a0, a1            /* 0x7fffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xff
    div a2, a0, a1            /* 0x7fffffff, 0xff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffff
    div a2, a0, a1            /* 0x7fffffff, 0xffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffffff
    div a2, a0, a1            /* 0x7fffffff, 0xffffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x7fffffff
    div a2, a0, a1            /* 0x7fffffff, 0x7fffffff */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x3
    div a2, a0, a1            /* 0x0, 0x3 */
    addi t3, t3, 1
    li a0, 0xf
    li a1, 0x3
    div a2, a0, a1            /* 0xf, 0x3 */
    addi t3, t3, 1
    li a0, 0xff
    li a1, 0x3
    div a2, a0, a1            /* 0xff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfff
    li a1, 0x3
    div a2, a0, a1            /* 0xfff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffff
    li a1, 0x3
    div a2, a0, a1            /* 0xffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffff
    li a1, 0x3
    div a2, a0, a1            /* 0xfffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffffff
    li a1, 0x3
    div a2, a0, a1            /* 0xffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffffff
    li a1, 0x3
    div a2, a0, a1            /* 0xfffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x3039
    li a1, 0x0
    div a2, a0, a1            /* 0x3039, 0x0 */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x0
    div a2, a0, a1            /* 0x0, 0x0 */
    addi t3, t3, 1
    li a0, 0xfffffff9
    li a1, 0x2
    div a2, a0, a1            /* 0xfffffff9, 0x2 */
    addi t3, t3, 1
    li a0, 0x7
    li a1, 0xfffffffe
    div a2, a0, a1            /* 0x7, 0xfffffffe */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0xffffffff
    div a2, a0, a1            /* 0x80000000, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0x1
    div a2, a0, a1            /* 0x80000000, 0x1 */
    addi t3, t3, 1
    li a0, 0x64
    li a1, 0x64
    div a2, a0, a1            /* 0x64, 0x64 */
    addi t3, t3, 1
    li a0, 0x63
    li a1, 0x64
    div a2, a0, a1            /* 0x63, 0x64 */
    addi t3, t3, 1
    li a0, 0xffffffff
    li a1, 0xffffffff
    div a2, a0, a1            /* 0xffffffff, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x1
    li a1, 0x80000000
    div a2, a0, a1            /* 0x1, 0x80000000 */
    addi t3, t3, 1
    LOOP_END
END(k_div)

KERNEL(k_divu)
    LOOP(4)
    li a0, 0x7fffffff
    li a1, 0x1
    divu a2, a0, a1            /* 0x7fffffff, 0x1 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2
    divu a2, a0, a1            /* 0x7fffffff, 0x2 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4
    divu a2, a0, a1            /* 0x7fffffff, 0x4 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8
    divu a2, a0, a1            /* 0x7fffffff, 0x8 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10
    divu a2, a0, a1            /* 0x7fffffff, 0x10 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20
    divu a2, a0, a1            /* 0x7fffffff, 0x20 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40
    divu a2, a0, a1            /* 0x7fffffff, 0x40 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80
    divu a2, a0, a1            /* 0x7fffffff, 0x80 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100
    divu a2, a0, a1            /* 0x7fffffff, 0x100 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200
    divu a2, a0, a1            /* 0x7fffffff, 0x200 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400
    divu a2, a0, a1            /* 0x7fffffff, 0x400 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800
    divu a2, a0, a1            /* 0x7fffffff, 0x800 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000
    divu a2, a0, a1            /* 0x7fffffff, 0x1000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000
    divu a2, a0, a1            /* 0x7fffffff, 0x2000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000
    divu a2, a0, a1            /* 0x7fffffff, 0x4000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000
    divu a2, a0, a1            /* 0x7fffffff, 0x8000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000
    divu a2, a0, a1            /* 0x7fffffff, 0x10000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000
    divu a2, a0, a1            /* 0x7fffffff, 0x20000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000
    divu a2, a0, a1            /* 0x7fffffff, 0x40000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000
    divu a2, a0, a1            /* 0x7fffffff, 0x80000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100000
    divu a2, a0, a1            /* 0x7fffffff, 0x100000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200000
    divu a2, a0, a1            /* 0x7fffffff, 0x200000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400000
    divu a2, a0, a1            /* 0x7fffffff, 0x400000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800000
    divu a2, a0, a1            /* 0x7fffffff, 0x800000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000000
    divu a2, a0, a1            /* 0x7fffffff, 0x1000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000000
    divu a2, a0, a1            /* 0x7fffffff, 0x2000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000000
    divu a2, a0, a1            /* 0x7fffffff, 0x4000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000000
    divu a2, a0, a1            /* 0x7fffffff, 0x8000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000000
    divu a2, a0, a1            /* 0x7fffffff, 0x10000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000000
    divu a2, a0, a1            /* 0x7fffffff, 0x20000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000000
    divu a2, a0, a1            /* 0x7fffffff, 0x40000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000000
    divu a2, a0, a1            /* 0x7fffffff, 0x80000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x3
    divu a2, a0, a1            /* 0x7fffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xff
    divu a2, a0, a1            /* 0x7fffffff, 0xff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffff
    divu a2, a0, a1            /* 0x7fffffff, 0xffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffffff
    divu a2, a0, a1            /* 0x7fffffff, 0xffffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x7fffffff
    divu a2, a0, a1            /* 0x7fffffff, 0x7fffffff */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x3
    divu a2, a0, a1            /* 0x0, 0x3 */
    addi t3, t3, 1
    li a0, 0xf
    li a1, 0x3
    divu a2, a0, a1            /* 0xf, 0x3 */
    addi t3, t3, 1
    li a0, 0xff
    li a1, 0x3
    divu a2, a0, a1            /* 0xff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfff
    li a1, 0x3
    divu a2, a0, a1            /* 0xfff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffff
    li a1, 0x3
    divu a2, a0, a1            /* 0xffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffff
    li a1, 0x3
    divu a2, a0, a1            /* 0xfffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffffff
    li a1, 0x3
    divu a2, a0, a1            /* 0xffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffffff
    li a1, 0x3
    divu a2, a0, a1            /* 0xfffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x3039
    li a1, 0x0
    divu a2, a0, a1            /* 0x3039, 0x0 */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x0
    divu a2, a0, a1            /* 0x0, 0x0 */
    addi t3, t3, 1
    li a0, 0xfffffff9
    li a1, 0x2
    divu a2, a0, a1            /* 0xfffffff9, 0x2 */
    addi t3, t3, 1
    li a0, 0x7
    li a1, 0xfffffffe
    divu a2, a0, a1            /* 0x7, 0xfffffffe */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0xffffffff
    divu a2, a0, a1            /* 0x80000000, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0x1
    divu a2, a0, a1            /* 0x80000000, 0x1 */
    addi t3, t3, 1
    li a0, 0x64
    li a1, 0x64
    divu a2, a0, a1            /* 0x64, 0x64 */
    addi t3, t3, 1
    li a0, 0x63
    li a1, 0x64
    divu a2, a0, a1            /* 0x63, 0x64 */
    addi t3, t3, 1
    li a0, 0xffffffff
    li a1, 0xffffffff
    divu a2, a0, a1            /* 0xffffffff, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x1
    li a1, 0x80000000
    divu a2, a0, a1            /* 0x1, 0x80000000 */
    addi t3, t3, 1
    LOOP_END
END(k_divu)

KERNEL(k_rem)
    LOOP(4)
    li a0, 0x7fffffff
    li a1, 0x1
    rem a2, a0, a1            /* 0x7fffffff, 0x1 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2
    rem a2, a0, a1            /* 0x7fffffff, 0x2 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4
    rem a2, a0, a1            /* 0x7fffffff, 0x4 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8
    rem a2, a0, a1            /* 0x7fffffff, 0x8 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10
    rem a2, a0, a1            /* 0x7fffffff, 0x10 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20
    rem a2, a0, a1            /* 0x7fffffff, 0x20 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40
    rem a2, a0, a1            /* 0x7fffffff, 0x40 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80
    rem a2, a0, a1            /* 0x7fffffff, 0x80 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100
    rem a2, a0, a1            /* 0x7fffffff, 0x100 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200
    rem a2, a0, a1            /* 0x7fffffff, 0x200 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400
    rem a2, a0, a1            /* 0x7fffffff, 0x400 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800
    rem a2, a0, a1            /* 0x7fffffff, 0x800 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000
    rem a2, a0, a1            /* 0x7fffffff, 0x1000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000
    rem a2, a0, a1            /* 0x7fffffff, 0x2000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000
    rem a2, a0, a1            /* 0x7fffffff, 0x4000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000
    rem a2, a0, a1            /* 0x7fffffff, 0x8000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000
    rem a2, a0, a1            /* 0x7fffffff, 0x10000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000
    rem a2, a0, a1            /* 0x7fffffff, 0x20000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000
    rem a2, a0, a1            /* 0x7fffffff, 0x40000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000
    rem a2, a0, a1            /* 0x7fffffff, 0x80000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100000
    rem a2, a0, a1            /* 0x7fffffff, 0x100000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200000
    rem a2, a0, a1            /* 0x7fffffff, 0x200000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400000
    rem a2, a0, a1            /* 0x7fffffff, 0x400000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800000
    rem a2, a0, a1            /* 0x7fffffff, 0x800000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000000
    rem a2, a0, a1            /* 0x7fffffff, 0x1000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000000
    rem a2, a0, a1            /* 0x7fffffff, 0x2000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000000
    rem a2, a0, a1            /* 0x7fffffff, 0x4000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000000
    rem a2, a0, a1            /* 0x7fffffff, 0x8000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000000
    rem a2, a0, a1            /* 0x7fffffff, 0x10000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000000
    rem a2, a0, a1            /* 0x7fffffff, 0x20000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000000
    rem a2, a0, a1            /* 0x7fffffff, 0x40000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000000
    rem a2, a0, a1            /* 0x7fffffff, 0x80000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x3
    rem a2, a0, a1            /* 0x7fffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xff
    rem a2, a0, a1            /* 0x7fffffff, 0xff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffff
    rem a2, a0, a1            /* 0x7fffffff, 0xffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffffff
    rem a2, a0, a1            /* 0x7fffffff, 0xffffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x7fffffff
    rem a2, a0, a1            /* 0x7fffffff, 0x7fffffff */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x3
    rem a2, a0, a1            /* 0x0, 0x3 */
    addi t3, t3, 1
    li a0, 0xf
    li a1, 0x3
    rem a2, a0, a1            /* 0xf, 0x3 */
    addi t3, t3, 1
    li a0, 0xff
    li a1, 0x3
    rem a2, a0, a1            /* 0xff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfff
    li a1, 0x3
    rem a2, a0, a1            /* 0xfff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffff
    li a1, 0x3
    rem a2, a0, a1            /* 0xffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffff
    li a1, 0x3
    rem a2, a0, a1            /* 0xfffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffffff
    li a1, 0x3
    rem a2, a0, a1            /* 0xffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffffff
    li a1, 0x3
    rem a2, a0, a1            /* 0xfffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x3039
    li a1, 0x0
    rem a2, a0, a1            /* 0x3039, 0x0 */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x0
    rem a2, a0, a1            /* 0x0, 0x0 */
    addi t3, t3, 1
    li a0, 0xfffffff9
    li a1, 0x2
    rem a2, a0, a1            /* 0xfffffff9, 0x2 */
    addi t3, t3, 1
    li a0, 0x7
    li a1, 0xfffffffe
    rem a2, a0, a1            /* 0x7, 0xfffffffe */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0xffffffff
    rem a2, a0, a1            /* 0x80000000, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0x1
    rem a2, a0, a1            /* 0x80000000, 0x1 */
    addi t3, t3, 1
    li a0, 0x64
    li a1, 0x64
    rem a2, a0, a1            /* 0x64, 0x64 */
    addi t3, t3, 1
    li a0, 0x63
    li a1, 0x64
    rem a2, a0, a1            /* 0x63, 0x64 */
    addi t3, t3, 1
    li a0, 0xffffffff
    li a1, 0xffffffff
    rem a2, a0, a1            /* 0xffffffff, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x1
    li a1, 0x80000000
    rem a2, a0, a1            /* 0x1, 0x80000000 */
    addi t3, t3, 1
    LOOP_END
END(k_rem)

KERNEL(k_remu)
    LOOP(4)
    li a0, 0x7fffffff
    li a1, 0x1
    remu a2, a0, a1            /* 0x7fffffff, 0x1 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2
    remu a2, a0, a1            /* 0x7fffffff, 0x2 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4
    remu a2, a0, a1            /* 0x7fffffff, 0x4 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8
    remu a2, a0, a1            /* 0x7fffffff, 0x8 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10
    remu a2, a0, a1            /* 0x7fffffff, 0x10 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20
    remu a2, a0, a1            /* 0x7fffffff, 0x20 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40
    remu a2, a0, a1            /* 0x7fffffff, 0x40 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80
    remu a2, a0, a1            /* 0x7fffffff, 0x80 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100
    remu a2, a0, a1            /* 0x7fffffff, 0x100 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200
    remu a2, a0, a1            /* 0x7fffffff, 0x200 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400
    remu a2, a0, a1            /* 0x7fffffff, 0x400 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800
    remu a2, a0, a1            /* 0x7fffffff, 0x800 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000
    remu a2, a0, a1            /* 0x7fffffff, 0x1000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000
    remu a2, a0, a1            /* 0x7fffffff, 0x2000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000
    remu a2, a0, a1            /* 0x7fffffff, 0x4000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000
    remu a2, a0, a1            /* 0x7fffffff, 0x8000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000
    remu a2, a0, a1            /* 0x7fffffff, 0x10000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000
    remu a2, a0, a1            /* 0x7fffffff, 0x20000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000
    remu a2, a0, a1            /* 0x7fffffff, 0x40000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000
    remu a2, a0, a1            /* 0x7fffffff, 0x80000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x100000
    remu a2, a0, a1            /* 0x7fffffff, 0x100000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x200000
    remu a2, a0, a1            /* 0x7fffffff, 0x200000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x400000
    remu a2, a0, a1            /* 0x7fffffff, 0x400000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x800000
    remu a2, a0, a1            /* 0x7fffffff, 0x800000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x1000000
    remu a2, a0, a1            /* 0x7fffffff, 0x1000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x2000000
    remu a2, a0, a1            /* 0x7fffffff, 0x2000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x4000000
    remu a2, a0, a1            /* 0x7fffffff, 0x4000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x8000000
    remu a2, a0, a1            /* 0x7fffffff, 0x8000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x10000000
    remu a2, a0, a1            /* 0x7fffffff, 0x10000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x20000000
    remu a2, a0, a1            /* 0x7fffffff, 0x20000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x40000000
    remu a2, a0, a1            /* 0x7fffffff, 0x40000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x80000000
    remu a2, a0, a1            /* 0x7fffffff, 0x80000000 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x3
    remu a2, a0, a1            /* 0x7fffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xff
    remu a2, a0, a1            /* 0x7fffffff, 0xff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffff
    remu a2, a0, a1            /* 0x7fffffff, 0xffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0xffffff
    remu a2, a0, a1            /* 0x7fffffff, 0xffffff */
    addi t3, t3, 1
    li a0, 0x7fffffff
    li a1, 0x7fffffff
    remu a2, a0, a1            /* 0x7fffffff, 0x7fffffff */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x3
    remu a2, a0, a1            /* 0x0, 0x3 */
    addi t3, t3, 1
    li a0, 0xf
    li a1, 0x3
    remu a2, a0, a1            /* 0xf, 0x3 */
    addi t3, t3, 1
    li a0, 0xff
    li a1, 0x3
    remu a2, a0, a1            /* 0xff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfff
    li a1, 0x3
    remu a2, a0, a1            /* 0xfff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffff
    li a1, 0x3
    remu a2, a0, a1            /* 0xffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffff
    li a1, 0x3
    remu a2, a0, a1            /* 0xfffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xffffff
    li a1, 0x3
    remu a2, a0, a1            /* 0xffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0xfffffff
    li a1, 0x3
    remu a2, a0, a1            /* 0xfffffff, 0x3 */
    addi t3, t3, 1
    li a0, 0x3039
    li a1, 0x0
    remu a2, a0, a1            /* 0x3039, 0x0 */
    addi t3, t3, 1
    li a0, 0x0
    li a1, 0x0
    remu a2, a0, a1            /* 0x0, 0x0 */
    addi t3, t3, 1
    li a0, 0xfffffff9
    li a1, 0x2
    remu a2, a0, a1            /* 0xfffffff9, 0x2 */
    addi t3, t3, 1
    li a0, 0x7
    li a1, 0xfffffffe
    remu a2, a0, a1            /* 0x7, 0xfffffffe */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0xffffffff
    remu a2, a0, a1            /* 0x80000000, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x80000000
    li a1, 0x1
    remu a2, a0, a1            /* 0x80000000, 0x1 */
    addi t3, t3, 1
    li a0, 0x64
    li a1, 0x64
    remu a2, a0, a1            /* 0x64, 0x64 */
    addi t3, t3, 1
    li a0, 0x63
    li a1, 0x64
    remu a2, a0, a1            /* 0x63, 0x64 */
    addi t3, t3, 1
    li a0, 0xffffffff
    li a1, 0xffffffff
    remu a2, a0, a1            /* 0xffffffff, 0xffffffff */
    addi t3, t3, 1
    li a0, 0x1
    li a1, 0x80000000
    remu a2, a0, a1            /* 0x1, 0x80000000 */
    addi t3, t3, 1
    LOOP_END
END(k_remu)

KERNEL(k_div_use)
    li a0, 1000
    li a1, 7
    LOOP(ITER)
    div a2, a0, a1
    add t4, a2, a2              /* dependent */
    div a2, a0, a1
    div a3, a0, a1              /* back to back */
    rem a2, a0, a1
    mul a3, a2, a1              /* mul after a division */
    LOOP_END
END(k_div_use)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_mul
    call k_mul_operands
    call k_div
    call k_divu
    call k_rem
    call k_remu
    call k_div_use
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
