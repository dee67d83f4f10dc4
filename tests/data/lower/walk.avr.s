# isa: atmega2560
# ir: walk.avr.ll
# walk.c (beside this file), lowered for the ATmega2560 (atmega2560): walk(20), and pick(x) called
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
# Machine code (ATmega2560): the shift 170 >> (i & 7) is a loop (bb.4):
# entered when i & 7 != 0 (17 times; bb.3 skips it 3 times, i = 0, 8, 16)
# and run sum(i & 7) = 28 + 28 + 6 = 62 times (45 back edges); the select is
# a branch to bb.9 (s - 30), taken 2 times from if.end (bb.8), then bb.2 loops
# back 19 times and leaves once.
# pick is a compare tree: bb.0 x >= 3 -> bb.5 (4) else bb.1 (5); bb.1 x != 0
# -> bb.2 (3) else rjmp bb.9 (2); bb.2 x != 1 -> bb.3 (1) else bb.13 (2);
# bb.3 x == 2 -> bb.4 (1) else bb.11 (0); bb.5 x == 3 -> bb.10 (1) else bb.6
# (3); bb.6 x == 4 -> bb.14 (1) else bb.7 (2); bb.7 x != 5 -> bb.11 (1) else
# bb.8 (1); bb.9 (case 0) and bb.11 (default) meet in bb.12 (3).
# KNOWN GAP: the compare tree's counts follow exactly from the case counts
# and the compared constants, but lpnest reports them as estimates (whose
# values agree here): "estimated", "split estimated".
# expect: func walk blocks 11
# expect: block walk 0 entry insns 11 count 1 exact flow succ 1:1 10:0
# expect: block walk 1 for.body.preheader insns 4 count 1 exact flow succ 3:1
# expect: block walk 2 if.end insns 7 count 20 exact flow succ 3:19 10:1
# expect: block walk 3 for.body insns 7 count 20 exact flow succ 5:3 4:17
# expect: block walk 4 for.body insns 4 count 62 exact flow succ 4:45 5:17
# expect: block walk 5 for.body insns 13 count 20 exact flow succ 7:10 6:10
# expect: block walk 6 if.then insns 3 count 10 exact flow succ 8:10
# expect: block walk 7 if.else insns 3 count 10 exact flow succ 8:10
# expect: block walk 8 if.end insns 4 count 20 exact flow succ 9:2 2:18
# expect: block walk 9 - insns 2 count 2 exact flow succ 2:2
# expect: block walk 10 for.cond.cleanup insns 6 exits count 1 exact flow succ -
# expect: func pick blocks 16
# expect: block pick 0 entry insns 3 count 9 exact flow split estimated succ 5:4 1:5
# expect: block pick 1 entry insns 4 count 5 estimated succ 2:3 9:2
# expect: block pick 2 entry insns 4 count 3 estimated succ 3:1 13:2
# expect: block pick 3 entry insns 4 count 1 estimated succ 4:1 11:0
# expect: block pick 4 sw.bb2 insns 7 count 1 exact flow succ 15:1
# expect: block pick 5 entry insns 3 count 4 estimated succ 10:1 6:3
# expect: block pick 6 entry insns 3 count 3 estimated succ 14:1 7:2
# expect: block pick 7 entry insns 3 count 2 estimated succ 11:1 8:1
# expect: block pick 8 sw.bb5 insns 5 count 1 exact flow succ 15:1
# expect: block pick 9 - insns 2 count 2 exact flow succ 12:2
# expect: block pick 10 sw.bb3 insns 5 count 1 exact flow succ 15:1
# expect: block pick 11 sw.default insns 1 count 1 exact flow succ 12:1
# expect: block pick 12 - insns 2 count 3 exact flow succ 15:3
# expect: block pick 13 sw.bb1 insns 4 count 2 exact flow succ 15:2
# expect: block pick 14 sw.bb4 insns 16 count 1 exact flow succ 15:1
# expect: block pick 15 - insns 3 exits count 9 exact flow succ -
# expect: func main blocks 3
# expect: block main 0 entry insns 12 count 1 exact flow succ 1:1
# expect: block main 1 for.body insns 11 count 9 exact flow succ 1:8 2:1
# expect: block main 2 for.cond.cleanup insns 10 exits count 1 exact flow succ -
	.text
.set __tmp_reg__, 0
.set __zero_reg__, 1
.set __SREG__, 63
.set __SP_H__, 62
.set __SP_L__, 61
.set __EIND__, 60
.set __RAMPZ__, 59
	.file	"walk.c"
	.globl	walk                            ; -- Begin function walk
	.p2align	1
	.type	walk,@function
walk:                                   ; @walk
.Lfunc_begin0:
	.file	1 "." "lpnest-ir"
	.loc	1 1 0                           ; lpnest-ir:1:0
; %bb.0:                                ; %entry
	push	r14
	push	r15
	push	r16
	push	r17
	movw	r16, r24
.Ltmp0:
	.loc	1 2 60001 prologue_end          ; lpnest-ir:2:60001
	cp	r1, r16
	ldi	r18, 0
	ldi	r19, 0
	cpc	r1, r17
	brlt	.LBB0_1
	rjmp	.LBB0_10
.LBB0_1:                                ; %for.body.preheader
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	ldi	r20, 170
	ldi	r21, 0
	movw	r24, r18
	rjmp	.LBB0_3
.LBB0_2:                                ; %if.end
                                        ;   in Loop: Header=BB0_3 Depth=1
	movw	r18, r24
	movw	r24, r14
	.loc	1 22 60001 is_stmt 1            ; lpnest-ir:22:60001
	adiw	r24, 1
	.loc	1 24 60001                      ; lpnest-ir:24:60001
	cp	r24, r16
	cpc	r25, r17
	brlt	.LBB0_3
	rjmp	.LBB0_10
.LBB0_3:                                ; %for.body
                                        ; =>This Loop Header: Depth=1
                                        ;     Child Loop BB0_4 Depth 2
	.loc	1 7 60001                       ; lpnest-ir:7:60001
	movw	r22, r24
	andi	r22, 7
	andi	r23, 0
	movw	r26, r20
	mov	r30, r22
	.loc	1 10 60001                      ; lpnest-ir:10:60001
	dec	r30
	brmi	.LBB0_5
.LBB0_4:                                ; %for.body
                                        ;   Parent Loop BB0_3 Depth=1
                                        ; =>  This Inner Loop Header: Depth=2
	lsr	r27
	ror	r26
	dec	r30
	brpl	.LBB0_4
.LBB0_5:                                ; %for.body
                                        ;   in Loop: Header=BB0_3 Depth=1
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	movw	r14, r24
	.loc	1 11 60001 is_stmt 1            ; lpnest-ir:11:60001
	andi	r26, 1
	andi	r27, 0
	.loc	1 8 60001                       ; lpnest-ir:8:60001
	lsl	r22
	rol	r23
	subi	r22, lo8(-(data))
	sbci	r23, hi8(-(data))
	movw	r30, r22
	.loc	1 9 60001                       ; lpnest-ir:9:60001
	ld	r24, Z
	ldd	r25, Z+1
	.loc	1 13 60001                      ; lpnest-ir:13:60001
	cp	r26, r1
	cpc	r27, r1
	brne	.LBB0_7
; %bb.6:                                ; %if.then
                                        ;   in Loop: Header=BB0_3 Depth=1
	.loc	1 14 60001                      ; lpnest-ir:14:60001
	add	r24, r18
	adc	r25, r19
	.loc	1 15 60001                      ; lpnest-ir:15:60001
	rjmp	.LBB0_8
.LBB0_7:                                ; %if.else
                                        ;   in Loop: Header=BB0_3 Depth=1
	.loc	1 16 60001                      ; lpnest-ir:16:60001
	sts	sink+1, r25
	sts	sink, r24
	movw	r24, r18
.LBB0_8:                                ; %if.end
                                        ;   in Loop: Header=BB0_3 Depth=1
	.loc	1 21 60001                      ; lpnest-ir:21:60001
	cpi	r24, 31
	cpc	r25, r1
	brge	.LBB0_9
	rjmp	.LBB0_2
.LBB0_9:                                ;   in Loop: Header=BB0_3 Depth=1
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	sbiw	r24, 30
	rjmp	.LBB0_2
.LBB0_10:                               ; %for.cond.cleanup
	.loc	1 4 60001 is_stmt 1             ; lpnest-ir:4:60001
	movw	r24, r18
	pop	r17
	pop	r16
	pop	r15
	pop	r14
	ret
.Ltmp1:
.Lfunc_end0:
	.size	walk, .Lfunc_end0-walk
                                        ; -- End function
	.globl	pick                            ; -- Begin function pick
	.p2align	1
	.type	pick,@function
pick:                                   ; @pick
.Lfunc_begin1:
; %bb.0:                                ; %entry
	.loc	1 1 60001 prologue_end          ; lpnest-ir:1:60001
	cpi	r24, 3
	cpc	r25, r1
	brge	.LBB1_5
; %bb.1:                                ; %entry
	cp	r24, r1
	cpc	r25, r1
	brne	.LBB1_2
	rjmp	.LBB1_9
.LBB1_2:                                ; %entry
	cpi	r24, 1
	cpc	r25, r1
	brne	.LBB1_3
	rjmp	.LBB1_13
.LBB1_3:                                ; %entry
	cpi	r24, 2
	cpc	r25, r1
	breq	.LBB1_4
	rjmp	.LBB1_11
.LBB1_4:                                ; %sw.bb2
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	ldi	r18, 27
	ldi	r19, 0
	.loc	1 5 60001 is_stmt 1             ; lpnest-ir:5:60001
	lds	r24, sink
	lds	r25, sink+1
	.loc	1 6 60001                       ; lpnest-ir:6:60001
	eor	r24, r18
	eor	r25, r19
	.loc	1 19 60001                      ; lpnest-ir:19:60001
	rjmp	.LBB1_15
.LBB1_5:                                ; %entry
	.loc	1 1 60001                       ; lpnest-ir:1:60001
	cpi	r24, 3
	cpc	r25, r1
	breq	.LBB1_10
; %bb.6:                                ; %entry
	cpi	r24, 4
	cpc	r25, r1
	breq	.LBB1_14
; %bb.7:                                ; %entry
	cpi	r24, 5
	cpc	r25, r1
	brne	.LBB1_11
; %bb.8:                                ; %sw.bb5
	.loc	1 14 60001                      ; lpnest-ir:14:60001
	lds	r24, sink
	lds	r25, sink+1
	.loc	1 15 60001                      ; lpnest-ir:15:60001
	ori	r24, 217
	ori	r25, 2
	.loc	1 19 60001                      ; lpnest-ir:19:60001
	rjmp	.LBB1_15
.LBB1_9:
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	ldi	r24, 3
	rjmp	.LBB1_12
.LBB1_10:                               ; %sw.bb3
	.loc	1 8 60001 is_stmt 1             ; lpnest-ir:8:60001
	lds	r24, sink
	lds	r25, sink+1
	.loc	1 9 60001                       ; lpnest-ir:9:60001
	subi	r24, 81
	sbci	r25, 0
	.loc	1 19 60001                      ; lpnest-ir:19:60001
	rjmp	.LBB1_15
.LBB1_11:                               ; %sw.default
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	ldi	r24, 0
.LBB1_12:
	ldi	r25, 0
	rjmp	.LBB1_15
.LBB1_13:                               ; %sw.bb1
	.loc	1 2 60001 is_stmt 1             ; lpnest-ir:2:60001
	lds	r24, sink
	lds	r25, sink+1
	.loc	1 3 60001                       ; lpnest-ir:3:60001
	adiw	r24, 9
	.loc	1 19 60001                      ; lpnest-ir:19:60001
	rjmp	.LBB1_15
.LBB1_14:                               ; %sw.bb4
	.loc	1 11 60001                      ; lpnest-ir:11:60001
	lds	r24, sink
	lds	r25, sink+1
	ldi	r18, 3
	.loc	1 12 60001                      ; lpnest-ir:12:60001
	muls	r25, r18
	mov	r25, r0
	clr	r1
	mul	r24, r18
	mov	r18, r1
	clr	r1
	add	r18, r25
	mov	r19, r18
	clr	r18
	mov	r24, r0
	clr	r25
	or	r24, r18
	or	r25, r19
.LBB1_15:
	.loc	1 19 60001                      ; lpnest-ir:19:60001
	sts	sink+1, r25
	sts	sink, r24
	.loc	1 20 60001                      ; lpnest-ir:20:60001
	ret
.Ltmp2:
.Lfunc_end1:
	.size	pick, .Lfunc_end1-pick
                                        ; -- End function
	.globl	main                            ; -- Begin function main
	.p2align	1
	.type	main,@function
main:                                   ; @main
.Lfunc_begin2:
	.loc	1 1 0                           ; lpnest-ir:1:0
; %bb.0:                                ; %entry
	push	r12
	push	r13
	push	r14
	push	r15
	push	r16
	push	r17
	ldi	r16, 0
	ldi	r17, 0
	ldi	r24, 7
	ldi	r25, 0
	movw	r14, r24
.Ltmp3:
	.loc	1 7 60001 prologue_end          ; lpnest-ir:7:60001
	movw	r24, r16
.LBB2_1:                                ; %for.body
                                        ; =>This Inner Loop Header: Depth=1
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	movw	r12, r24
	.loc	1 5 60001 is_stmt 1             ; lpnest-ir:5:60001
	movw	r24, r16
	movw	r22, r14
	call	__udivmodhi4
	.loc	1 6 60001                       ; lpnest-ir:6:60001
	call	pick
	movw	r24, r12
	.loc	1 7 60001                       ; lpnest-ir:7:60001
	adiw	r24, 1
	.loc	1 9 60001                       ; lpnest-ir:9:60001
	cpi	r16, 8
	cpc	r17, r1
	movw	r16, r24
	brlo	.LBB2_1
; %bb.2:                                ; %for.cond.cleanup
	.loc	1 0 60001 is_stmt 0             ; lpnest-ir:0:60001
	ldi	r24, 20
	ldi	r25, 0
	.loc	1 2 60001 is_stmt 1             ; lpnest-ir:2:60001
	call	walk
	.loc	1 3 60001                       ; lpnest-ir:3:60001
	pop	r17
	pop	r16
	pop	r15
	pop	r14
	pop	r13
	pop	r12
	ret
.Ltmp4:
.Lfunc_end2:
	.size	main, .Lfunc_end2-main
                                        ; -- End function
	; Declaring this symbol tells the CRT that it should
	;copy all variables from program memory to RAM on startup
	.globl	__do_copy_data
	; Declaring this symbol tells the CRT that it should
	;clear the zeroed data section on startup
	.globl	__do_clear_bss
	.type	data,@object                    ; @data
	.section	.rodata.cst16,"aM",@progbits,16
data:
	.short	5                               ; 0x5
	.short	8                               ; 0x8
	.short	13                              ; 0xd
	.short	2                               ; 0x2
	.short	7                               ; 0x7
	.short	40                              ; 0x28
	.short	1                               ; 0x1
	.short	6                               ; 0x6
	.size	data, 16

	.type	sink,@object                    ; @sink
	.section	.bss,"aw",@nobits
	.globl	sink
sink:
	.short	0                               ; 0x0
	.size	sink, 2

