/* icache.S — instruction-cache effects (ibex-icache: 4 KiB, 2 ways, 8-byte lines, so
 * addresses 2 KiB apart share a set): straight-line code run cold and then warm, two
 * functions in the same sets (they fit the two ways), three (they do not), and a loop larger
 * than the cache. On the cores without a cache the same code gives the baseline. */
#include "micro.h"
    .option norvc

#define BODY16 addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; \
               addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; \
               addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; \
               addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1; addi t1, t1, 1
#define BODY64 BODY16; BODY16; BODY16; BODY16

/* 64 instructions (256 bytes) each, 2 KiB apart: f_set0/1/2 map to the same 32 sets */
    .text
    .p2align 11
KERNEL(f_set0)
    BODY64
    ret
END(f_set0)
KERNEL(k_cold_warm)             /* straight-line code: the first run misses, the second hits */
    mv t5, ra
    call f_cold
    call f_cold
    mv ra, t5
    ret
END(k_cold_warm)
KERNEL(k_two_ways)              /* f_set0 and f_set1 alternate: both fit */
    mv t5, ra
    LOOP(8)
    call f_set0
    call f_set1
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_two_ways)
KERNEL(k_three_ways)            /* f_set0, f_set1, f_set2 in turn: they do not */
    mv t5, ra
    LOOP(8)
    call f_set0
    call f_set1
    call f_set2
    addi t6, t6, -1
    bnez t6, 9b
    mv ra, t5
    ret
END(k_three_ways)
    .p2align 11
KERNEL(f_set1)
    BODY64
    ret
END(f_set1)
KERNEL(f_cold)
    BODY64
    ret
END(f_cold)
    .p2align 11
KERNEL(f_set2)
    BODY64
    ret
END(f_set2)

/* a loop of 1280 instructions (5 KiB): larger than the cache, every line misses each time */
KERNEL(k_big_loop)
    li t6, 4
9:  BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64
    BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64; BODY64
    addi t6, t6, -1
    bnez t6, 9b
    ret
END(k_big_loop)

/* a loop of 256 instructions (1 KiB): misses in its first iteration only */
KERNEL(k_small_loop)
    li t6, 4
9:  BODY64; BODY64; BODY64; BODY64
    addi t6, t6, -1
    bnez t6, 9b
    ret
END(k_small_loop)

KERNEL(main)
    addi sp, sp, -16
    sw ra, 12(sp)
    call k_cold_warm
    call k_two_ways
    call k_three_ways
    call k_small_loop
    call k_big_loop
    lw ra, 12(sp)
    addi sp, sp, 16
    li a0, 0
    ret
END(main)
