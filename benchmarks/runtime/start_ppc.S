/* start_ppc.S — process entry for bare 32-bit PowerPC binaries under qemu-ppc:
 * the kernel leaves argc at 0(r1) and argv after it; call main(argc, argv), then exit. */
    .text
    .globl _start
    .type _start, @function
_start:
    lwz 3, 0(1)
    addi 4, 1, 4
    clrrwi 1, 1, 4
    li 0, 0
    stwu 0, -16(1)
    bl main
    bl exit
    .size _start, . - _start
