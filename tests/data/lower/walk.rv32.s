# isa: picorv32
# ir: walk.rv32.ll
# walk.c (beside this file), lowered for PicoRV32 (picorv32): walk(20), and pick(x) called
# 9 times by main with x = k % 7, k = 0..8. Derived by hand from the C:
# - walk: the loop body runs 20 times; data[i & 7] is odd for even i (5, 13,
#   7, 1), so if.then (s += v) runs 10 times and if.else 10; s goes 5, 18,
#   25, 26, 31 -> 1 (i = 8), 14, 21, 22, 27, 40 -> 10 (i = 18): the select
#   s > 30 is true 2 times, both after if.then (if.else leaves s <= 30).
# - pick: x = 0, 1, 2, 3, 4, 5, 6, 0, 1: case 0 and case 1 twice, cases 2..5
#   and the default once each.
# - main: its loop runs 9 times.
# The IR counts (run by the IR engine, no compiler):
# expect: ir walk entry 1
# expect: ir walk for.cond.cleanup 1
# expect: ir walk for.body 20
# expect: ir walk if.then 10
# expect: ir walk if.else 10
# expect: ir walk if.end 20
# expect: ir pick entry 9
# expect: ir pick sw.bb1 2
# expect: ir pick sw.bb2 1
# expect: ir pick sw.bb3 1
# expect: ir pick sw.bb4 1
# expect: ir pick sw.bb5 1
# expect: ir pick sw.default 1
# expect: ir pick sw.epilog 9
# expect: ir main entry 1
# expect: ir main for.cond.cleanup 1
# expect: ir main for.body 9
# Machine code (PicoRV32): walk's select is branchless (slti/addi/andi), so
# every block is a copy of one IR block: counts as the IR's. pick dispatches
# through a jump table (.LJTI1_0: x = 0..5 -> bb.8 (case 0's store merged into
# the epilog), bb.2, bb.4, bb.5, bb.3, bb.6) after bltu 5 < x -> default
# (x = 6, once); so bb.1 runs 8 times and its edges are the case counts.
# expect: func walk blocks 7
# expect: block walk 0 entry insns 2 count 1 exact flow succ 6:0 1:1
# expect: block walk 1 for.body.preheader insns 6 count 1 exact flow succ 4:1
# expect: block walk 2 if.then insns 1 count 10 exact flow succ 3:10
# expect: block walk 3 if.end insns 6 count 20 exact flow succ 6:1 4:19
# expect: block walk 4 for.body insns 7 count 20 exact flow succ 2:10 5:10
# expect: block walk 5 if.else insns 2 count 10 exact flow succ 3:10
# expect: block walk 6 for.cond.cleanup insns 2 exits count 1 exact flow succ -
# expect: func pick blocks 9
# expect: block pick 0 entry insns 2 count 9 exact flow succ 7:1 1:8
# expect: block pick 1 entry insns 7 jt count 8 exact flow succ 8:2 2:2 4:1 5:1 3:1 6:1
# expect: block pick 2 sw.bb1 insns 4 count 2 exact flow succ 8:2
# expect: block pick 3 sw.bb4 insns 5 count 1 exact flow succ 8:1
# expect: block pick 4 sw.bb2 insns 4 count 1 exact flow succ 8:1
# expect: block pick 5 sw.bb3 insns 4 count 1 exact flow succ 8:1
# expect: block pick 6 sw.bb5 insns 4 count 1 exact flow succ 8:1
# expect: block pick 7 sw.default insns 1 count 1 exact flow succ 8:1
# expect: block pick 8 sw.epilog insns 3 exits count 9 exact flow succ -
# expect: func main blocks 3
# expect: block main 0 entry insns 9 count 1 exact flow succ 1:1
# expect: block main 1 for.body insns 11 count 9 exact flow succ 1:8 2:1
# expect: block main 2 for.cond.cleanup insns 7 exits count 1 exact flow succ -
	.text
	.attribute	4, 16
	.attribute	5, "rv32i2p1_m2p0_zmmul1p0"
	.file	"walk.c"
	.globl	walk                            # -- Begin function walk
	.p2align	2
	.type	walk,@function
walk:                                   # @walk
.Lfunc_begin0:
	.file	1 "." "lpnest-ir"
	.loc	1 1 0                           # lpnest-ir:1:0
	.cfi_sections .debug_frame
	.cfi_startproc
# %bb.0:                                # %entry
	li	a1, 0
.Ltmp0:
	.loc	1 2 60001 prologue_end          # lpnest-ir:2:60001
	blez	a0, .LBB0_6
# %bb.1:                                # %for.body.preheader
	.loc	1 0 60001 is_stmt 0             # lpnest-ir:0:60001
	li	a2, 0
	lui	a3, %hi(data)
	addi	a3, a3, %lo(data)
	li	a4, 170
	lui	a5, %hi(sink)
	j	.LBB0_4
.LBB0_2:                                # %if.then
                                        #   in Loop: Header=BB0_4 Depth=1
	.loc	1 14 60001 is_stmt 1            # lpnest-ir:14:60001
	add	a1, a6, a1
.LBB0_3:                                # %if.end
                                        #   in Loop: Header=BB0_4 Depth=1
	.loc	1 19 60001                      # lpnest-ir:19:60001
	slti	a6, a1, 31
	.loc	1 21 60001                      # lpnest-ir:21:60001
	addi	a6, a6, -1
	andi	a6, a6, -30
	.loc	1 22 60001                      # lpnest-ir:22:60001
	addi	a2, a2, 1
	.loc	1 21 60001                      # lpnest-ir:21:60001
	add	a1, a1, a6
	.loc	1 24 60001                      # lpnest-ir:24:60001
	beq	a0, a2, .LBB0_6
.LBB0_4:                                # %for.body
                                        # =>This Inner Loop Header: Depth=1
	.loc	1 7 60001                       # lpnest-ir:7:60001
	andi	a7, a2, 7
	.loc	1 8 60001                       # lpnest-ir:8:60001
	slli	a6, a7, 2
	add	a6, a3, a6
	.loc	1 9 60001                       # lpnest-ir:9:60001
	lw	a6, 0(a6)
	.loc	1 10 60001                      # lpnest-ir:10:60001
	srl	a7, a4, a7
	.loc	1 12 60001                      # lpnest-ir:12:60001
	andi	a7, a7, 1
	.loc	1 13 60001                      # lpnest-ir:13:60001
	beqz	a7, .LBB0_2
# %bb.5:                                # %if.else
                                        #   in Loop: Header=BB0_4 Depth=1
	.loc	1 16 60001                      # lpnest-ir:16:60001
	sw	a6, %lo(sink)(a5)
	j	.LBB0_3
.LBB0_6:                                # %for.cond.cleanup
	.loc	1 4 60001                       # lpnest-ir:4:60001
	mv	a0, a1
	ret
.Ltmp1:
.Lfunc_end0:
	.size	walk, .Lfunc_end0-walk
	.cfi_endproc
                                        # -- End function
	.globl	pick                            # -- Begin function pick
	.p2align	2
	.type	pick,@function
pick:                                   # @pick
.Lfunc_begin1:
	.loc	1 1 0                           # lpnest-ir:1:0
	.cfi_startproc
# %bb.0:                                # %entry
	li	a1, 5
.Ltmp2:
	.loc	1 1 60001 prologue_end          # lpnest-ir:1:60001
	bltu	a1, a0, .LBB1_7
# %bb.1:                                # %entry
	slli	a0, a0, 2
	lui	a1, %hi(.LJTI1_0)
	addi	a1, a1, %lo(.LJTI1_0)
	add	a0, a0, a1
	lw	a1, 0(a0)
	li	a0, 3
	jr	a1
.LBB1_2:                                # %sw.bb1
	.loc	1 2 60001                       # lpnest-ir:2:60001
	lui	a0, %hi(sink)
	lw	a0, %lo(sink)(a0)
	.loc	1 3 60001                       # lpnest-ir:3:60001
	addi	a0, a0, 9
	.loc	1 4 60001                       # lpnest-ir:4:60001
	j	.LBB1_8
.LBB1_3:                                # %sw.bb4
	.loc	1 11 60001                      # lpnest-ir:11:60001
	lui	a0, %hi(sink)
	lw	a0, %lo(sink)(a0)
	.loc	1 12 60001                      # lpnest-ir:12:60001
	slli	a1, a0, 1
	add	a0, a1, a0
	.loc	1 13 60001                      # lpnest-ir:13:60001
	j	.LBB1_8
.LBB1_4:                                # %sw.bb2
	.loc	1 5 60001                       # lpnest-ir:5:60001
	lui	a0, %hi(sink)
	lw	a0, %lo(sink)(a0)
	.loc	1 6 60001                       # lpnest-ir:6:60001
	xori	a0, a0, 27
	.loc	1 7 60001                       # lpnest-ir:7:60001
	j	.LBB1_8
.LBB1_5:                                # %sw.bb3
	.loc	1 8 60001                       # lpnest-ir:8:60001
	lui	a0, %hi(sink)
	lw	a0, %lo(sink)(a0)
	.loc	1 9 60001                       # lpnest-ir:9:60001
	addi	a0, a0, -81
	.loc	1 10 60001                      # lpnest-ir:10:60001
	j	.LBB1_8
.LBB1_6:                                # %sw.bb5
	.loc	1 14 60001                      # lpnest-ir:14:60001
	lui	a0, %hi(sink)
	lw	a0, %lo(sink)(a0)
	.loc	1 15 60001                      # lpnest-ir:15:60001
	ori	a0, a0, 729
	.loc	1 16 60001                      # lpnest-ir:16:60001
	j	.LBB1_8
.LBB1_7:                                # %sw.default
	.loc	1 0 60001 is_stmt 0             # lpnest-ir:0:60001
	li	a0, 0
.LBB1_8:                                # %sw.epilog
	.loc	1 19 60001 is_stmt 1            # lpnest-ir:19:60001
	lui	a1, %hi(sink)
	sw	a0, %lo(sink)(a1)
	.loc	1 20 60001                      # lpnest-ir:20:60001
	ret
.Ltmp3:
.Lfunc_end1:
	.size	pick, .Lfunc_end1-pick
	.cfi_endproc
	.section	.rodata,"a",@progbits
	.p2align	2, 0x0
.LJTI1_0:
	.word	.LBB1_8
	.word	.LBB1_2
	.word	.LBB1_4
	.word	.LBB1_5
	.word	.LBB1_3
	.word	.LBB1_6
                                        # -- End function
	.text
	.globl	main                            # -- Begin function main
	.p2align	2
	.type	main,@function
main:                                   # @main
.Lfunc_begin2:
	.loc	1 1 0                           # lpnest-ir:1:0
	.cfi_startproc
# %bb.0:                                # %entry
	addi	sp, sp, -16
	.cfi_def_cfa_offset 16
	sw	ra, 12(sp)                      # 4-byte Folded Spill
	sw	s0, 8(sp)                       # 4-byte Folded Spill
	sw	s1, 4(sp)                       # 4-byte Folded Spill
	sw	s2, 0(sp)                       # 4-byte Folded Spill
	.cfi_offset ra, -4
	.cfi_offset s0, -8
	.cfi_offset s1, -12
	.cfi_offset s2, -16
	li	s0, 0
	lui	a0, 149797
	addi	s1, a0, -1755
	li	s2, 9
.LBB2_1:                                # %for.body
                                        # =>This Inner Loop Header: Depth=1
.Ltmp4:
	.loc	1 5 60001 prologue_end          # lpnest-ir:5:60001
	mulhu	a0, s0, s1
	sub	a1, s0, a0
	srli	a1, a1, 1
	add	a0, a1, a0
	srli	a0, a0, 2
	slli	a1, a0, 3
	add	a0, s0, a0
	sub	a0, a0, a1
	.loc	1 6 60001                       # lpnest-ir:6:60001
	call	pick
	.loc	1 7 60001                       # lpnest-ir:7:60001
	addi	s0, s0, 1
	.loc	1 9 60001                       # lpnest-ir:9:60001
	bne	s0, s2, .LBB2_1
# %bb.2:                                # %for.cond.cleanup
	.loc	1 2 60001                       # lpnest-ir:2:60001
	li	a0, 20
	lw	ra, 12(sp)                      # 4-byte Folded Reload
	lw	s0, 8(sp)                       # 4-byte Folded Reload
	lw	s1, 4(sp)                       # 4-byte Folded Reload
	lw	s2, 0(sp)                       # 4-byte Folded Reload
	.loc	1 2 60001 epilogue_begin is_stmt 0 # lpnest-ir:2:60001
	addi	sp, sp, 16
	tail	walk
.Ltmp5:
.Lfunc_end2:
	.size	main, .Lfunc_end2-main
	.cfi_endproc
                                        # -- End function
	.type	data,@object                    # @data
	.section	.rodata.cst32,"aM",@progbits,32
	.p2align	2, 0x0
data:
	.word	5                               # 0x5
	.word	8                               # 0x8
	.word	13                              # 0xd
	.word	2                               # 0x2
	.word	7                               # 0x7
	.word	40                              # 0x28
	.word	1                               # 0x1
	.word	6                               # 0x6
	.size	data, 32

	.type	sink,@object                    # @sink
	.section	.sbss,"aw",@nobits
	.globl	sink
	.p2align	2, 0x0
sink:
	.word	0                               # 0x0
	.size	sink, 4

