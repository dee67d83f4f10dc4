# A wrong expectation (block 1 costs 188, not 189): test_cost must fail on
# this folder (ctest cost.unit-catches).
# A counted loop on PicoRV32 (isa/picorv32.yaml): ALU 3, load 5, branch taken
# 5 / not taken 3, ret 6; no overlap (no result latencies), no prediction.
# The function is called once and its loop runs 10 times.
# isa: picorv32
# count: sum 0 1
# count: sum 1 10
# count: sum 2 1
# edge: sum 0 1 1
# edge: sum 1 1 9
# edge: sum 1 2 1
# %bb.0: li 3 + blez not taken 3 = 6, branch 3; 2 instructions
# expect: block sum 0 cycles 6 branch 3 runtime 0 instructions 2
# %bb.1: (lw 5 + add 3 + addi 3 + addi 3) * 10 = 140; bnez 9 * 5 + 1 * 3 = 48;
#        188 in all; 5 instructions * 10
# expect: block sum 1 cycles 189 branch 48 runtime 0 instructions 50
# %bb.2: mv 3 + ret 6
# expect: block sum 2 cycles 9 branch 0 runtime 0 instructions 2
	.text
	.globl	sum
	.type	sum,@function
sum:                                    # @sum
# %bb.0:                                # %entry
	li	a2, 0
	blez	a1, .LBB0_2
.LBB0_1:                                # %loop
	lw	a3, 0(a0)
	add	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 4
	bnez	a1, .LBB0_1
.LBB0_2:                                # %done
	mv	a0, a2
	ret
.Lfunc_end0:
	.size	sum, .Lfunc_end0-sum
