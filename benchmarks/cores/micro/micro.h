/* micro.h — macros of the directed micro-programs (benchmarks/cores/micro/*.S): each kernel
 * is a function of its own (a symbol with its size in the data), a loop of N iterations
 * around the instructions it isolates, so that their per-PC cycles show one timing effect. */
#define KERNEL(name) \
    .text; .globl name; .type name, @function; .p2align 2; name:
#define END(name) .size name, . - name
/* the loop: t6 counts down from n; LOOP_END branches back to the label 9 */
#define LOOP(n) li t6, n; 9:
#define LOOP_END addi t6, t6, -1; bnez t6, 9b; ret
#define ITER 32
