; 1,024 bytes of stack in main: fits --stack-size=1k (1024 bytes), not 1000
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-elf"
define i32 @main() {
  %a = alloca [1024 x i8], align 4
  store volatile i8 7, ptr %a
  %v = load volatile i8, ptr %a
  %r = zext i8 %v to i32
  ret i32 %r
}
