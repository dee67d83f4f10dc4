; calls.ll — the program of the timed offload cases (hand-written IR, so no
; compiler is needed): main calls work(4), work(2) and work(1) one after the
; other and returns 0. work's body stands for the software version.
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-unknown-elf"

define i32 @work(i32 %n) noinline {
entry:
  %d = mul i32 %n, 3
  ret i32 %d
}

define i32 @main() {
entry:
  %a = call i32 @work(i32 4)
  %b = call i32 @work(i32 2)
  %c = call i32 @work(i32 1)
  ret i32 0
}
