/* classes.S — rv32i instruction classes for SERV (bit-serial: one or two 32-cycle passes,
 * shifts by the amount, memory waiting for the bus): ALU register and immediate forms,
 * lui/auipc, slt, shifts by 0, 1, 5, 16 and 31 (immediate and register), loads and stores
 * of each width, branches taken and not, jal, jalr; each at a PC of its own. */
#include "../micro.h"
    .option norvc
    .data
    .p2align 4
buf: .word 0x12345678, 0x9abcdef0, 0, 0
    .text

KERNEL(k_alu)
    li a0, 1234
    li a1, -77
    LOOP(4)
    add a2, a0, a1
    sub a2, a0, a1
    and a2, a0, a1
    or a2, a0, a1
    xor a2, a0, a1
    addi a2, a0, 5
    andi a2, a0, 5
    ori a2, a0, 5
    xori a2, a0, 5
    lui a2, 0x12345
    auipc a2, 0x1
    slt a2, a0, a1
    sltu a2, a0, a1
    slti a2, a0, 5
    sltiu a2, a0, 5
    LOOP_END
END(k_alu)

KERNEL(k_shifts)
    li a0, 0x80001234
    LOOP(4)
    slli a2, a0, 0
    slli a2, a0, 1
    slli a2, a0, 5
    slli a2, a0, 16
    slli a2, a0, 31
    srli a2, a0, 1
    srli a2, a0, 31
    srai a2, a0, 1
    srai a2, a0, 31
    li a1, 0
    sll a2, a0, a1
    li a1, 7
    sll a2, a0, a1
    li a1, 31
    srl a2, a0, a1
    li a1, 33                   /* the amount is taken mod 32 */
    sra a2, a0, a1
    LOOP_END
END(k_shifts)

KERNEL(k_memory)
    la a0, buf
    LOOP(4)
    lw a2, 0(a0)
    lh a2, 2(a0)
    lhu a2, 2(a0)
    lb a2, 3(a0)
    lbu a2, 3(a0)
    sw a2, 8(a0)
    sh a2, 10(a0)
    sb a2, 11(a0)
    LOOP_END
END(k_memory)

KERNEL(k_control)
    mv t5, ra
    li a0, 1
    LOOP(4)
    beq a0, zero, 1f            /* not taken */
    bne a0, zero, 1f            /* taken */
    nop
1:  jal ra, 2f                  /* jal */
    j 3f
2:  ret                         /* jalr */
3:  addi t3, t3, 1
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_control)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_alu
    call k_shifts
    call k_memory
    call k_control
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
