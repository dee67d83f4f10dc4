/* jalr.S — jumps through a register: the register written by the instruction right before
 * (a hazard on CV32E40P), one instruction before, by a load; returns after the usual
 * epilogue; jump tables (jr) and indirect calls (jalr ra). */
#include "micro.h"
    .data
    .p2align 2
ptrs: .word t_a, t_b
    .option rvc

KERNEL(t_a)
    ret
END(t_a)
KERNEL(t_b)
    ret
END(t_b)

KERNEL(k_jalr_after_write)
    mv t5, ra
    LOOP(ITER)
    la t1, t_a                  /* auipc + addi: t1 written by the addi */
    jalr ra, 0(t1)              /* right after */
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_jalr_after_write)

KERNEL(k_jalr_distance2)
    mv t5, ra
    LOOP(ITER)
    la t1, t_a
    addi t3, t3, 1
    jalr ra, 0(t1)              /* one instruction between */
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_jalr_distance2)

KERNEL(k_jalr_after_load)
    mv t5, ra
    la a0, ptrs
    LOOP(ITER)
    lw t1, 4(a0)
    jalr ra, 0(t1)              /* through a loaded pointer */
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_jalr_after_load)

KERNEL(k_cjalr)
    mv t5, ra
    la a2, t_b
    LOOP(ITER)
    c.jalr a2                   /* compressed indirect call, register not just written */
    mv a3, a2
    c.jalr a3                   /* right after a write */
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_cjalr)

KERNEL(f_epilogue)
    addi sp, sp, -16
    sw ra, 12(sp)
    lw ra, 12(sp)
    addi sp, sp, 16
    ret                         /* two instructions after the load of ra */
END(f_epilogue)

KERNEL(f_epilogue_close)
    addi sp, sp, -16
    sw ra, 12(sp)
    addi sp, sp, 16
    lw ra, -4(sp)
    ret                         /* right after the load of ra */
END(f_epilogue_close)

KERNEL(k_returns)
    mv t5, ra
    LOOP(ITER)
    call f_epilogue
    call f_epilogue_close
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_returns)

KERNEL(k_jump_table)
    la a0, 2f
    LOOP(ITER)
    andi t1, t6, 1
    slli t1, t1, 2
    add t1, t1, a0
    jr t1                       /* to one of two 4-byte slots */
    .p2align 2
2:  .option push
    .option norvc
    jal zero, 3f
    jal zero, 3f
    .option pop
3:  addi t3, t3, 1
    LOOP_END
END(k_jump_table)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_jalr_after_write
    call k_jalr_distance2
    call k_jalr_after_load
    call k_cjalr
    call k_returns
    call k_jump_table
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
