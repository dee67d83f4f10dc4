; Hand-written: 1 + 4*10 + 1 = 42 IR instructions; loop entered 10 times;
; exit status 10. Every number here is derived by hand from the listing.
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-unknown-elf"

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp ult i32 %n, 10
  br i1 %c, label %loop, label %done

done:
  ret i32 %n
}
