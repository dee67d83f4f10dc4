/* int128_ppc.S — PowerPC entry points of the i128 division libcalls: the dividend arrives
 * in r3-r6 and the divisor in r7-r10 (most significant word first), the result leaves in
 * r3-r6. Both operands are stored big-endian on the stack, which is the memory layout of
 * a 128-bit integer, and __rt_divmod128 (rt_int128.c) does the work. */
    .text
    .macro DIVMOD128 name, op
    .globl \name
    .type \name, @function
\name:
    stwu 1, -80(1)
    mflr 0
    stw 0, 84(1)
    stw 3, 16(1)
    stw 4, 20(1)
    stw 5, 24(1)
    stw 6, 28(1)
    stw 7, 32(1)
    stw 8, 36(1)
    stw 9, 40(1)
    stw 10, 44(1)
    addi 3, 1, 16
    addi 4, 1, 32
    addi 5, 1, 48
    li 6, \op
    bl __rt_divmod128
    lwz 3, 48(1)
    lwz 4, 52(1)
    lwz 5, 56(1)
    lwz 6, 60(1)
    lwz 0, 84(1)
    mtlr 0
    addi 1, 1, 80
    blr
    .size \name, . - \name
    .endm

    DIVMOD128 __udivti3, 0
    DIVMOD128 __umodti3, 1
    DIVMOD128 __divti3, 2
    DIVMOD128 __modti3, 3
