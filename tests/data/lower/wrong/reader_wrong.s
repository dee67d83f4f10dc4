# A wrong expectation (the jump table also leads to block 4): test_lower must
# fail on this folder (ctest lower.unit-catches).
# The assembly reader and the machine CFG on hand-written RISC-V (no IR):
# blocks start at ".LBB<f>_<n>:" labels and "# %bb.<n>:" comments, their IR
# block is the "%name" of the comment; a conditional branch adds its target
# then the fall-through; "jr" through a jump table (.LJTI0_0, in .rodata after
# the function) has the table's blocks as successors, each once, in table
# order; ret and the tail-call pseudo end the function (exits); a call does
# not end its block; "j" ends it with its target as the only successor.
# isa: picorv32
# expect: func f blocks 5
# expect: block f 0 entry insns 2 succ 4 1
# expect: block f 1 entry insns 6 jt succ 2 3
# expect: block f 2 one insns 2 exits succ -
# expect: block f 3 two insns 1 exits succ -
# expect: block f 4 other insns 2 succ 2
	.text
	.globl	f
	.type	f,@function
f:                                      # @f
# %bb.0:                                # %entry
	li	a1, 3
	bltu	a1, a0, .LBB0_4
# %bb.1:                                # %entry
	slli	a0, a0, 2
	lui	a1, %hi(.LJTI0_0)
	addi	a1, a1, %lo(.LJTI0_0)
	add	a0, a0, a1
	lw	a0, 0(a0)
	jr	a0
.LBB0_2:                                # %one
	li	a0, 1
	ret
.LBB0_3:                                # %two
	tail	g
.LBB0_4:                                # %other
	call	g
	j	.LBB0_2
.Lfunc_end0:
	.size	f, .Lfunc_end0-f
	.section	.rodata,"a",@progbits
	.p2align	2, 0x0
.LJTI0_0:
	.word	.LBB0_2
	.word	.LBB0_3
	.word	.LBB0_2
	.word	.LBB0_4
