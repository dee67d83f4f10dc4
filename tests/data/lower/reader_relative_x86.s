# A branch target written ".+N" on x86-64: instruction lengths vary and the
# reader does not know them, so the target is unknown: the block exits (part of
# its flow goes somewhere unknown), keeps the jmp's successor, and f's counts
# are estimates (lpnest warns); nothing is guessed.
# isa: x86-64
# expect: func f blocks 3
# expect: block f 0 entry insns 3 exits succ 2
# expect: block f 1 then insns 1 succ 2
# expect: block f 2 done insns 2 exits succ -
	.text
	.globl	f
	.type	f,@function
f:                                      # @f
# %bb.0:                                # %entry
	testl	%edi, %edi
	jne	.+5
	jmp	.LBB0_2
# %bb.1:                                # %then
	incl	%edi
.LBB0_2:                                # %done
	movl	%edi, %eax
	retq
.Lfunc_end0:
	.size	f, .Lfunc_end0-f
