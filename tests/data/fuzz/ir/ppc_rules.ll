; ppc_rules.ll — hand-written IR for tests/estimator/cost_test.py: PPC405 timing
; rules whose answer the PPC405 Core User's Manual gives (appendix C): a load
; used by the next instruction costs one more cycle (C.2.4), a word multiply
; issues in 4 cycles with its result 5 cycles after issue (Table C-2), a loop
; branch backward is predicted taken and pays one cycle more when it falls
; through (chapter 3, C.2.2).
target datalayout = "E-m:e-p:32:32-Fn32-i64:64-n32"
target triple = "powerpc-unknown-eabi"

@buf = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@sink = global i32 0

define i32 @load_use(ptr %p) noinline {
  %v = load i32, ptr %p
  %r = add i32 %v, 7
  ret i32 %r
}

define i32 @mul_use(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, %b
  %r = add i32 %m, 1
  ret i32 %r
}

define i32 @count(i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = xor i32 %s, %i
  %i1 = sub i32 %i, 1
  %c = icmp ne i32 %i1, 0
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s1
}

define i32 @main() {
entry:
  br label %body
body:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %a = call i32 @load_use(ptr @buf)
  %b = call i32 @mul_use(i32 %a, i32 %k)
  %c = call i32 @count(i32 10)
  %d = add i32 %b, %c
  store volatile i32 %d, ptr @sink
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 5
  br i1 %more, label %body, label %done
done:
  ret i32 0
}
