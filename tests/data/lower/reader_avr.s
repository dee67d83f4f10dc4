# The reader on hand-written AVR assembly (comment character ';'): a skip
# right before a jump makes the jump conditional, so the block goes on to the
# next one as well (succ: the jump's target, then the fall-through); an rjmp
# alone ends its block; ret ends the function; a block with no label and no
# "%bb" comment is still started by the first instruction after the function
# label (number 0, no IR name).
# isa: atmega2560
# expect: func k blocks 4
# expect: block k 0 - insns 3 succ 3 1
# expect: block k 1 then insns 2 succ 3
# expect: block k 2 dead insns 1 succ 3
# expect: block k 3 done insns 2 exits succ -
	.text
	.globl	k
	.type	k,@function
k:                                      ; @k
	mov	r18, r24
	sbrs	r24, 0
	rjmp	.LBB0_3
; %bb.1:                                ; %then
	inc	r18
	rjmp	.LBB0_3
.LBB0_2:                                ; %dead
	dec	r18
.LBB0_3:                                ; %done
	mov	r24, r18
	ret
.Lfunc_end0:
	.size	k, .Lfunc_end0-k
