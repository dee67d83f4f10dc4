; srem of INT64_MIN by -1 is undefined in LLVM IR, like sdiv: reported (line 9)
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-elf"
define i32 @main() {
  %a = alloca i64
  store volatile i64 -9223372036854775808, ptr %a
  %x = load volatile i64, ptr %a
  %m = sub i64 0, 1
  %r = srem i64 %x, %m
  %t = trunc i64 %r to i32
  ret i32 %t
}
