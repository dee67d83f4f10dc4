# Pseudo-instructions and calls on PicoRV32 (isa/picorv32.yaml), block run 5
# times. li by its immediate (riscv-li: addi, lui, or lui+addi), la = auipc +
# addi (2 ALU), call relaxed to jal (3; relax: true), mul 40, ret 6.
# isa: picorv32
# count: h 0 5
# li a0, 74565 (0x12345: low 12 bits not 0, above 2047) 2 x 3 = 6, 2 instructions
# li a1, 4096 (lui) 3; li a2, -2048 (addi) 3; la 6 (2 instructions; the cost
# model priced it 12 before this test: its count applied twice)
# call __eqdf2: jal 3 + the runtime's constant 61 cycles (18 instructions)
# call foo: jal 3, a routine the core does not price: nothing more
# mul 40, ret 6
# per run 6 + 3 + 3 + 6 + 3 + 3 + 40 + 6 = 70, x 5 = 350, + runtime 61 x 5 = 305
# instructions (2 + 1 + 1 + 2 + 1 + 1 + 1 + 1) x 5 = 50
# expect: block h 0 cycles 655 branch 0 runtime 305 instructions 50
# Runtime formulas at given arguments (isa/picorv32.yaml runtime:):
# memcpy [dst, src, n] costs 12.8 + 24.001 n, 3.8 + 6.001 n; n = a2 = 10
# call: memcpy a0=4096 a1=8192 a2=10
# expect: call memcpy cycles 252.81 instructions 63.81
# strlen costs 26 + 16 ret cycles, 7 + 4 ret instructions; ret = 5
# call: strlen a0=4096 ret=5
# expect: call strlen cycles 106 instructions 27
# __eqdf2 is a constant: 61 cycles, 18 instructions
# call: __eqdf2
# expect: call __eqdf2 cycles 61 instructions 18
	.text
	.globl	h
	.type	h,@function
h:                                      # @h
# %bb.0:                                # %entry
	li	a0, 74565
	li	a1, 4096
	li	a2, -2048
	la	a3, table
	call	__eqdf2
	call	foo
	mul	a0, a0, a1
	ret
.Lfunc_end0:
	.size	h, .Lfunc_end0-h
