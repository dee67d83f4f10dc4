; ir_rules.ll — hand-written IR for tests/estimator/cost_test.py, priced at IR level
; with isa/testir.yaml (next to this file). The expected cycles, worked out by hand:
;
; sum(10): entry's br goes to the next block: not taken 11; each of the 10 iterations
;   phi 0 + phi 0 + xor 3 + add 2 + add 2 + icmp 7 = 14, its branch back to the loop
;   taken 9 times (17) and falling through to exit once (11); ret 19:
;   11 + 140 + 153 + 11 + 19 = 334
; wide(3, 5): mul:i64 50 + add:i64 40 (the type-specific entries) + ret 19 = 109
; clear(10) and clear(20): the llvm.memset is the runtime routine memset, priced by its
;   formula 100 + 3*n at each call's length (130, 160), plus the call 23 and ret 19:
;   172 + 202 = 374
; main: four calls 23, trunc 0, add 2, store 31, ret 19 = 144
; expect sum 334
; expect wide 109
; expect clear 374
; expect main 144
; expect runtime:memset 290
; expect total 961
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-unknown-elf"

@buf = global [64 x i8] zeroinitializer
@sink = global i32 0

declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)

define i32 @sum(i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %x = xor i32 %s, %i
  %s1 = add i32 %x, %i
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s1
}

define i64 @wide(i64 %a, i64 %b) noinline {
  %m = mul i64 %a, %b
  %r = add i64 %m, %a
  ret i64 %r
}

define void @clear(i32 %n) noinline {
  call void @llvm.memset.p0.i32(ptr @buf, i8 0, i32 %n, i1 false)
  ret void
}

define i32 @main() {
  %a = call i32 @sum(i32 10)
  %w = call i64 @wide(i64 3, i64 5)
  call void @clear(i32 10)
  call void @clear(i32 20)
  %t = trunc i64 %w to i32
  %r = add i32 %a, %t
  store volatile i32 %r, ptr @sink
  ret i32 0
}
