# Branch targets written ".+N" / ".-N" on the AVR, where N counts from the end of
# the branch (LLVM's and GNU as's reading: "brne .+2" skips one 2-byte
# instruction), with the 4-byte jmp/call/lds/sts. In k: bb.0's brne .+4 skips the
# 4-byte jmp and lands on bb.1 (succ: bb.1 by the brne, bb.2 by the jmp, no
# fall-through after the jmp); bb.1's "rjmp .+0" goes to the next instruction,
# bb.2; bb.2's "brne .-4" goes back to bb.2 itself, then falls through to bb.3.
# In m: "breq .+2" at byte 4 lands on byte 8, the second word of the 4-byte lds
# of bb.1, not on a block: the branch's target is unknown, so its block exits
# (part of its flow goes somewhere unknown) and m's counts are estimates.
# isa: atmega2560
# expect: func k blocks 4
# expect: block k 0 - insns 3 succ 1 2
# expect: block k 1 then insns 2 succ 2
# expect: block k 2 loop insns 2 succ 2 3
# expect: block k 3 done insns 1 exits succ -
# expect: func m blocks 2
# expect: block m 0 - insns 3 exits succ 1
# expect: block m 1 next insns 2 exits succ -
	.text
	.globl	k
	.type	k,@function
k:                                      ; @k
	cp	r24, r22
	brne	.+4
	jmp	.LBB0_2
; %bb.1:                                ; %then
	inc	r24
	rjmp	.+0
.LBB0_2:                                ; %loop
	dec	r24
	brne	.-4
; %bb.3:                                ; %done
	ret
.Lfunc_end0:
	.size	k, .Lfunc_end0-k
	.globl	m
	.type	m,@function
m:                                      ; @m
	mov	r18, r24
	tst	r18
	breq	.+2
; %bb.1:                                ; %next
	lds	r24, 256
	ret
.Lfunc_end1:
	.size	m, .Lfunc_end1-m
