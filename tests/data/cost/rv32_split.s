# A block whose count is exact but whose split over its edges is an estimate
# (PicoRV32, isa/picorv32.yaml): the branch and everything after it in the
# block are reported as estimated cycles, what comes before it is not.
# isa: picorv32
# count: r 0 10
# split: r 0
# count: r 1 6
# count: r 2 10
# edge: r 0 2 4
# edge: r 0 1 6
# edge: r 1 2 6
# %bb.0: addi 3 x 10 = 30; bnez taken 4 x 5 + not taken 6 x 3 = 38 (branch
# 38); 68 in all, of which 38 from the branch on are estimated
# expect: block r 0 cycles 68 branch 38 runtime 0 instructions 20 estimated 38
# %bb.1: mv 3 x 6
# expect: block r 1 cycles 18 branch 0 runtime 0 instructions 6
# .LBB0_2: ret 6 x 10
# expect: block r 2 cycles 60 branch 0 runtime 0 instructions 10
	.text
	.globl	r
	.type	r,@function
r:                                      # @r
# %bb.0:                                # %entry
	addi	a0, a0, 1
	bnez	a0, .LBB0_2
# %bb.1:                                # %then
	mv	a1, a0
.LBB0_2:                                # %done
	ret
.Lfunc_end0:
	.size	r, .Lfunc_end0-r
