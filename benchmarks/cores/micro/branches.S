/* branches.S — conditional branches and jumps: taken and not taken, forward and backward,
 * 32-bit and compressed; targets that are 32-bit instructions at 2 mod 4 (an extra fetch on
 * Ibex and CV32E40P); jal, j, c.j. The loop branch of each kernel is a taken backward one. */
#include "micro.h"
    .option rvc
KERNEL(k_beq_fwd_not_taken)
    li t1, 1
    LOOP(ITER)
    .option push
    .option norvc
    beq t1, zero, 1f            /* not taken */
    addi t2, t2, 1
    .option pop
1:  addi t3, t3, 1
    LOOP_END
END(k_beq_fwd_not_taken)

KERNEL(k_beq_fwd_taken)
    LOOP(ITER)
    .option push
    .option norvc
    beq zero, zero, 1f          /* taken forward */
    addi t2, t2, 1
    .p2align 2
1:  addi t3, t3, 1              /* target: 32-bit, 0 mod 4 */
    .option pop
    LOOP_END
END(k_beq_fwd_taken)

KERNEL(k_beq_fwd_taken_unaligned)
    LOOP(ITER)
    .option push
    .option norvc
    beq zero, zero, 1f          /* taken forward */
    addi t2, t2, 1
    .option pop
    c.nop
1:  .option push                /* target: 32-bit at 2 mod 4 */
    .option norvc
    addi t3, t3, 1
    .option pop
    LOOP_END
END(k_beq_fwd_taken_unaligned)

KERNEL(k_beq_fwd_taken_rvc_target)
    LOOP(ITER)
    .option push
    .option norvc
    beq zero, zero, 1f
    addi t2, t2, 1
    .option pop
    c.nop
1:  c.addi a5, 1                /* target: compressed at 2 mod 4 */
    LOOP_END
END(k_beq_fwd_taken_rvc_target)

KERNEL(k_bne_bwd_not_taken)
    li t1, 1
    LOOP(ITER)
    j 2f
1:  addi t2, t2, 1              /* never reached */
2:  .option push
    .option norvc
    beq t1, zero, 1b            /* backward, not taken */
    .option pop
    addi t3, t3, 1
    LOOP_END
END(k_bne_bwd_not_taken)

KERNEL(k_bne_bwd_taken)
    LOOP(ITER)
    li t1, 2
    .p2align 2
1:  addi t1, t1, -1
    .option push
    .option norvc
    bnez t1, 1b                 /* backward: taken once, then not */
    .option pop
    LOOP_END
END(k_bne_bwd_taken)

KERNEL(k_cbeqz)
    li a0, 0
    li a1, 1
    LOOP(ITER)
    c.beqz a1, 1f               /* compressed, not taken */
    c.beqz a0, 1f               /* compressed, taken forward */
    c.addi a5, 1
1:  c.bnez a0, 2f               /* not taken */
    c.bnez a1, 2f               /* taken forward */
    c.addi a5, 1
2:  addi t3, t3, 1
    LOOP_END
END(k_cbeqz)

KERNEL(k_jal_fwd)
    LOOP(ITER)
    .option push
    .option norvc
    jal zero, 1f                /* 32-bit j */
    addi t2, t2, 1
    .p2align 2
1:  jal zero, 2f
    .option pop
    c.nop
2:  .option push                /* target: 32-bit at 2 mod 4 */
    .option norvc
    addi t3, t3, 1
    .option pop
    c.j 3f                      /* compressed j */
    addi t2, t2, 1
3:  addi t3, t3, 1
    LOOP_END
END(k_jal_fwd)

KERNEL(k_call_ret)
    mv t5, ra
    LOOP(ITER)
    .option push
    .option norvc
    jal ra, leaf                /* 32-bit jal */
    .option pop
    c.jal leaf                  /* compressed jal (RV32) */
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_call_ret)

KERNEL(leaf)
    ret
END(leaf)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_beq_fwd_not_taken
    call k_beq_fwd_taken
    call k_beq_fwd_taken_unaligned
    call k_beq_fwd_taken_rvc_target
    call k_bne_bwd_not_taken
    call k_bne_bwd_taken
    call k_cbeqz
    call k_jal_fwd
    call k_call_ret
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
