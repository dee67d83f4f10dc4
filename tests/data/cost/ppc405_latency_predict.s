# PowerPC 405 (isa/ppc405.yaml): loads issue in 1 with latency 2 (load-use
# costs one more cycle), mullw issues in 4 with latency 5, other ALU 1;
# conditional branches taken 2 / not taken 1, one more when mispredicted;
# static prediction: backward taken, forward not taken; blr 3.
# f is called 10 times; its loop runs 100 times in all; the forward branch
# of the loop body is taken 30 times, the latch's backward branch 90 times.
# isa: ppc405
# count: f 0 10
# count: f 1 100
# count: f 2 70
# count: f 3 100
# count: f 4 10
# edge: f 0 1 10
# edge: f 1 2 70
# edge: f 1 3 30
# edge: f 2 3 70
# edge: f 3 1 90
# edge: f 3 4 10
# %bb.0: li 1 x 10
# expect: block f 0 cycles 10 branch 0 runtime 0 instructions 10
# .LBB0_1, one run: lwz 1 (r4 ready at 2); add waits 1 for r4, 1 (r5 ready
# at 3); mullw 4 (r6 ready at 3 + 5 = 8, issue ends at 7); add waits 1 for
# r6, 1; cmpwi 1: 10 cycles before the branch, x 100 = 1000.
# bne forward, predicted not taken: 30 taken x (2 + 1 mispredicted) + 70 x 1
# = 160 (branch cycles without the mispredictions: 30 x 2 + 70 = 130)
# expect: block f 1 cycles 1160 branch 130 runtime 0 instructions 600
# %bb.2: addi 1 x 70
# expect: block f 2 cycles 70 branch 0 runtime 0 instructions 70
# .LBB0_3: addi 1 + cmpwi 1 (r8 ready, no wait) = 2 x 100 = 200; bne backward,
# predicted taken: 90 x 2 + 10 x (1 + 1) = 200 (branch 90 x 2 + 10 x 1 = 190)
# expect: block f 3 cycles 400 branch 190 runtime 0 instructions 300
# %bb.4: blr 3 x 10
# expect: block f 4 cycles 30 branch 0 runtime 0 instructions 10
	.text
	.globl	f
	.type	f,@function
f:                                      # @f
# %bb.0:                                # %entry
	li r8, 10
.LBB0_1:                                # %loop
	lwz r4, 0(r3)
	add r5, r4, r4
	mullw r6, r5, r5
	add r7, r6, r3
	cmpwi r7, 0
	bne cr0, .LBB0_3
# %bb.2:                                # %then
	addi r3, r3, 1
.LBB0_3:                                # %latch
	addi r8, r8, -1
	cmpwi r8, 0
	bne cr0, .LBB0_1
# %bb.4:                                # %exit
	blr
.Lfunc_end0:
	.size	f, .Lfunc_end0-f
