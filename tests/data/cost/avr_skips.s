# AVR skips on the ATmega2560 (isa/atmega2560.yaml): sbrs/sbrc 1 when not
# skipping, 2 when skipping a one-word and 3 a two-word instruction (sts);
# rjmp 2, sts 2, ret 5, ALU 1. A skip over a jump is a conditional branch
# whose outcome the edge counts give; a skip over anything else is split
# evenly, and that part is reported as estimated. g runs 20 times and jumps
# to .LBB0_2 12 times.
# isa: atmega2560
# count: g 0 20
# count: g 1 8
# count: g 2 20
# edge: g 0 2 12
# edge: g 0 1 8
# edge: g 1 2 8
# %bb.0: sbrs skips the rjmp 20 - 12 = 8 times: 8 x 2 + 12 x 1 = 28; the
# rjmp runs 12 times: 12 x 2 = 24; 52 in all; 20 + 12 instructions
# expect: block g 0 cycles 52 branch 0 runtime 0 instructions 32
# %bb.1 (8 runs): subi 8; sbrc over inc, split 4 / 4: 4 x 2 + 4 x 1 = 12
# (estimated: 8 x (2 + 1) / 2 = 12), inc 4 x 1 = 4; sbrs over sts (two
# words), 4 / 4: 4 x 3 + 4 x 1 = 16 (estimated 12), sts 4 x 2 = 8;
# 8 + 12 + 4 + 16 + 8 = 48; instructions 8 + 8 + 4 + 8 + 4 = 32
# expect: block g 1 cycles 48 branch 0 runtime 0 instructions 32 estimated 24
# .LBB0_2: ret 5 x 20
# expect: block g 2 cycles 100 branch 0 runtime 0 instructions 20
	.text
	.globl	g
	.type	g,@function
g:                                      ; @g
; %bb.0:                                ; %entry
	sbrs	r24, 0
	rjmp	.LBB0_2
; %bb.1:                                ; %odd
	subi	r24, 255
	sbrc	r25, 7
	inc	r24
	sbrs	r24, 1
	sts	counter, r24
.LBB0_2:                                ; %done
	ret
.Lfunc_end0:
	.size	g, .Lfunc_end0-g
