/* tests/exact: foreign statemachine.c with a message holding bytes >= 128. On the PPC405
 * the class of such a byte (C_OTHER: "extsb. r8, r4; blt", then "li r8, 8") comes with
 * its own copy of step_switch's first compare ("cmpwi cr1, r3, 6; ble cr1"), which enters
 * the state switch's compare tree below its root (tail duplication). The switch's probe
 * counts every execution on the root; with these bytes the root runs fewer times than
 * the switch. The old binary looked for such copies on riscv32 only and gave the root
 * every execution, marked exact. */
#define STATEMACHINE_MORE_MSGS "caf\xe9 1 \xff\n\xe9t\xe9:4 n\xb0 -2;\x80\x81 x\n",
#include "../../benchmarks/foreign/statemachine.c"
