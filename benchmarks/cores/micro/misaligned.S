/* misaligned.S — loads and stores at every offset within a word: words at 1, 2, 3,
 * halfwords at 1 (inside the word) and 3 (across two words), bytes; each followed by an
 * independent instruction. Ibex and CV32E40P split an access that crosses a word boundary
 * into two bus transactions. */
#include "micro.h"
    .data
    .p2align 4
buf: .word 0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c
    .option rvc

KERNEL(k_loads)
    la a0, buf
    LOOP(ITER)
    lw t1, 0(a0)
    addi t3, t3, 1
    lw t1, 1(a0)
    addi t3, t3, 1
    lw t1, 2(a0)
    addi t3, t3, 1
    lw t1, 3(a0)
    addi t3, t3, 1
    lh t1, 0(a0)
    addi t3, t3, 1
    lh t1, 1(a0)
    addi t3, t3, 1
    lh t1, 2(a0)
    addi t3, t3, 1
    lh t1, 3(a0)
    addi t3, t3, 1
    lhu t1, 3(a0)
    addi t3, t3, 1
    lbu t1, 3(a0)
    addi t3, t3, 1
    LOOP_END
END(k_loads)

KERNEL(k_loads_use)
    la a0, buf
    LOOP(ITER)
    lw t1, 1(a0)
    add t2, t1, t1              /* misaligned load, then a use */
    lh t1, 3(a0)
    add t2, t1, t1
    LOOP_END
END(k_loads_use)

KERNEL(k_stores)
    la a0, buf
    LOOP(ITER)
    sw t6, 4(a0)
    addi t3, t3, 1
    sw t6, 5(a0)
    addi t3, t3, 1
    sw t6, 6(a0)
    addi t3, t3, 1
    sw t6, 7(a0)
    addi t3, t3, 1
    sh t6, 4(a0)
    addi t3, t3, 1
    sh t6, 5(a0)
    addi t3, t3, 1
    sh t6, 6(a0)
    addi t3, t3, 1
    sh t6, 7(a0)
    addi t3, t3, 1
    sb t6, 7(a0)
    addi t3, t3, 1
    LOOP_END
END(k_stores)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_loads
    call k_loads_use
    call k_stores
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
