/* start_riscv32.S — process entry for bare riscv32 binaries under qemu-riscv32:
 * the kernel leaves argc at 0(sp) and argv after it; call main(argc, argv), then exit. */
    .text
    .globl _start
    .type _start, @function
_start:
    lw a0, 0(sp)
    addi a1, sp, 4
    andi sp, sp, -16
    call main
    call exit
    .size _start, . - _start
