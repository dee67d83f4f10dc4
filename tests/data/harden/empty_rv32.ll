; the smallest rv32 program: main returns 0
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-elf"
define i32 @main() {
  ret i32 0
}
