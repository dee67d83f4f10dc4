/* align32.S — fetch effects of compressed code: straight-line 32-bit instructions at 0 and
 * 2 mod 4, compressed and 32-bit mixed, and loops whose first instruction (the taken
 * branch's target) is a 32-bit one at 2 mod 4, at 0 mod 4, or a compressed one. */
#include "micro.h"
    .option rvc

KERNEL(k_straight_aligned)
    LOOP(ITER)
    .option push
    .option norvc
    addi t1, t1, 1              /* 32-bit at 0 mod 4 */
    addi t2, t2, 1
    addi t3, t3, 1
    addi t4, t4, 1
    .option pop
    LOOP_END
END(k_straight_aligned)

KERNEL(k_straight_unaligned)
    LOOP(ITER)
    c.nop
    .option push
    .option norvc
    addi t1, t1, 1              /* 32-bit at 2 mod 4 */
    addi t2, t2, 1
    addi t3, t3, 1
    addi t4, t4, 1
    .option pop
    c.nop
    LOOP_END
END(k_straight_unaligned)

KERNEL(k_mixed)
    LOOP(ITER)
    c.addi a5, 1
    .option push
    .option norvc
    addi t1, t1, 1              /* 2 mod 4 */
    .option pop
    c.addi a5, 1
    c.addi a5, 1
    .option push
    .option norvc
    addi t1, t1, 1              /* 2 mod 4 */
    addi t1, t1, 1              /* 2 mod 4 */
    .option pop
    c.addi a5, 1
    LOOP_END
END(k_mixed)

KERNEL(k_loop_target_unaligned)
    li t1, ITER
    j 1f
    .p2align 2
    c.nop
1:  .option push
    .option norvc
    addi t1, t1, -1             /* the loop's first instruction: 32-bit at 2 mod 4 */
    bnez t1, 1b
    .option pop
    ret
END(k_loop_target_unaligned)

KERNEL(k_loop_target_aligned)
    li t1, ITER
    j 1f
    .p2align 2
1:  .option push
    .option norvc
    addi t1, t1, -1             /* 32-bit at 0 mod 4 */
    bnez t1, 1b
    .option pop
    ret
END(k_loop_target_aligned)

KERNEL(k_loop_target_rvc)
    li s0, ITER
    j 1f
    .p2align 2
    c.nop
1:  c.addi s0, -1               /* compressed at 2 mod 4 */
    c.bnez s0, 1b
    ret
END(k_loop_target_rvc)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    sw s0, 8(sp)
    call k_straight_aligned
    call k_straight_unaligned
    call k_mixed
    call k_loop_target_unaligned
    call k_loop_target_aligned
    call k_loop_target_rvc
    lw s0, 8(sp)
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
