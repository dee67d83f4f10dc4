; atomicrmw uinc_wrap / udec_wrap (LangRef): @g = 5 -> uinc_wrap 5 -> 0 -> udec_wrap 3 -> 3
; uinc_wrap 9 -> 4; exit status: old values 5 + 0 + 3 = 8, and @g = 4 -> 8 * 10 + 4 = 84
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-elf"
@g = global i32 5
define i32 @main() {
  %a = atomicrmw uinc_wrap ptr @g, i32 5 seq_cst
  %b = atomicrmw udec_wrap ptr @g, i32 3 seq_cst
  %c = atomicrmw uinc_wrap ptr @g, i32 9 seq_cst
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %g = load i32, ptr @g
  %t = mul i32 %s2, 10
  %r = add i32 %t, %g
  ret i32 %r
}
