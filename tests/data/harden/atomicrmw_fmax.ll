; atomicrmw fmax is not run by the engine: the message names the operation
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-elf"
@g = global float 5.0
define i32 @main() {
  %o = atomicrmw fmax ptr @g, float 1.0 seq_cst
  ret i32 0
}
