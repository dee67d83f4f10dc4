# Pseudo-instructions that stand for several instructions, on a core without
# relaxation (norelax.isa.yaml: PicoRV32's figures): an entry's cycles are
# those of all its instructions, counted once. (Before this test the cost
# model multiplied them by the count again: la cost 12, call 18.)
# isa: norelax.isa.yaml
# count: p 0 4
# count: p 1 4
# la = 2 ALU: 3 x 2 = 6 cycles, 2 instructions
# call = auipc 3 + jalr 6 = 9 cycles, 2 instructions; `foo` is no routine of
# the core, nothing more
# %bb.0, x 4: (6 + 9 + mv 3) x 4 = 72; (2 + 2 + 1) x 4 = 20 instructions
# expect: block p 0 cycles 72 branch 0 runtime 0 instructions 20
# tail = auipc 3 + jr 6 = 9 cycles, 2 instructions, x 4
# expect: block p 1 cycles 36 branch 0 runtime 0 instructions 8
	.text
	.globl	p
	.type	p,@function
p:                                      # @p
# %bb.0:                                # %entry
	la	a0, table
	call	foo
	mv	a1, a0
# %bb.1:                                # %exit
	tail	bar
.Lfunc_end0:
	.size	p, .Lfunc_end0-p
