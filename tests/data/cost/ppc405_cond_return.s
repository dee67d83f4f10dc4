# Conditional returns on the PowerPC 405 (isa/ppc405.yaml, cond_return:
# taken (returns) 3, not taken 1, and no mispredict entry: 3 is already the
# manual's slowest case, so a "+" hint changes no cycles); blr 3, ALU 1.
# q runs 10 times: 4 return at the first beqlr, 5 at the beqlr+.
# isa: ppc405
# count: q 0 10
# count: q 1 6
# count: q 2 1
# edge: q 0 1 6
# edge: q 1 2 1
# %bb.0: cmpwi 10; beqlr returns 4 x 3 + stays 6 x 1 = 18 (all branch
# cycles); 28 in all, 20 instructions
# expect: block q 0 cycles 28 branch 18 runtime 0 instructions 20
# %bb.1: addi 6; beqlr+ returns 5 x 3 + stays 1 x 1 = 16; 22 in all, 12
# instructions
# expect: block q 1 cycles 22 branch 16 runtime 0 instructions 12
# %bb.2: blr 3
# expect: block q 2 cycles 3 branch 0 runtime 0 instructions 1
	.text
	.globl	q
	.type	q,@function
q:                                      # @q
# %bb.0:                                # %entry
	cmpwi r3, 0
	beqlr cr0
# %bb.1:                                # %work
	addi r3, r3, -1
	beqlr+ cr0
# %bb.2:                                # %last
	blr
.Lfunc_end0:
	.size	q, .Lfunc_end0-q
