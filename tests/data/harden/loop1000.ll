; 1,000 iterations of 4 IR instructions (about 4,000 steps): stopped by
; --max-steps=1k (1,024 steps), finished under --max-steps=1M; returns 1000 & 255 = 232
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-elf"
define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp ult i32 %n, 1000
  br i1 %c, label %loop, label %done
done:
  %r = and i32 %n, 255
  ret i32 %r
}
