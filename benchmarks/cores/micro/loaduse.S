/* loaduse.S — loads and the instructions after them: a dependent use at distance 1 and 2,
 * an independent instruction, a store of the loaded value, a load through the loaded
 * address, a branch on it; each load width; a store followed by a load. */
#include "micro.h"
    .data
    .p2align 4
buf: .word buf, 0x12345678, 0x9abcdef0, 0, 0, 0, 0, 0
    .option rvc

KERNEL(k_lw_use1)
    la a0, buf
    LOOP(ITER)
    lw t1, 4(a0)
    add t2, t1, t1              /* uses the load's result at once */
    LOOP_END
END(k_lw_use1)

KERNEL(k_lw_use2)
    la a0, buf
    LOOP(ITER)
    lw t1, 4(a0)
    add t3, t4, t4
    add t2, t1, t1              /* one instruction between */
    LOOP_END
END(k_lw_use2)

KERNEL(k_lw_indep)
    la a0, buf
    LOOP(ITER)
    lw t1, 4(a0)
    add t2, t4, t4              /* does not use it */
    LOOP_END
END(k_lw_indep)

KERNEL(k_lw_store_data)
    la a0, buf
    LOOP(ITER)
    lw t1, 4(a0)
    sw t1, 16(a0)               /* stores the loaded value */
    LOOP_END
END(k_lw_store_data)

KERNEL(k_lw_addr)
    la a0, buf
    LOOP(ITER)
    lw t1, 0(a0)                /* buf[0] = &buf */
    lw t2, 4(t1)                /* address from the load */
    LOOP_END
END(k_lw_addr)

KERNEL(k_lw_branch)
    la a0, buf
    LOOP(ITER)
    lw t1, 4(a0)
    beqz t1, 1f                 /* branch on the loaded value (not taken) */
    addi t3, t3, 1
1:  addi t4, t4, 1
    LOOP_END
END(k_lw_branch)

KERNEL(k_widths)
    la a0, buf
    LOOP(ITER)
    lb t1, 5(a0)
    add t2, t1, t1
    lbu t1, 6(a0)
    add t2, t1, t1
    lh t1, 6(a0)
    add t2, t1, t1
    lhu t1, 8(a0)
    add t2, t1, t1
    c.lw a1, 4(a0)
    c.add a2, a1
    LOOP_END
END(k_widths)

KERNEL(k_store_load)
    la a0, buf
    LOOP(ITER)
    sw t6, 20(a0)
    lw t1, 20(a0)               /* reads what the store wrote */
    sw t6, 24(a0)
    addi t3, t3, 1
    lw t1, 28(a0)
    LOOP_END
END(k_store_load)

KERNEL(k_stores)
    la a0, buf
    LOOP(ITER)
    sw t6, 20(a0)
    sw t6, 24(a0)               /* back-to-back stores */
    sb t6, 21(a0)
    sh t6, 26(a0)
    LOOP_END
END(k_stores)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_lw_use1
    call k_lw_use2
    call k_lw_indep
    call k_lw_store_data
    call k_lw_addr
    call k_lw_branch
    call k_widths
    call k_store_load
    call k_stores
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
