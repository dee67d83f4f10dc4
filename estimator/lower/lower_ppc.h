/* lower_ppc.h — readers of PowerPC machine instructions (lower_ppc_insns.c) for the
 * region runs of lower_probes_wide.c and the condition register rules (lower_cr_*.c). */
#ifndef LPNEST_LOWER_PPC_H
#define LPNEST_LOWER_PPC_H

#include "lower.h"

#include <stdbool.h>
#include <stddef.h>

/* cmpw, cmplw, cmpwi, cmplwi */
bool mc_ppc_is_compare(const char *mn);
/* whether IN may write condition register field CR ("cr0".."cr7") */
bool mc_ppc_writes_cr(const struct minsn *in, const char *cr);
/* the same for field F (0-7), any call included */
bool mc_ppc_writes_field(const struct minsn *in, int f);
/* whether IN may write general register REG ("r12") */
bool mc_ppc_writes_reg(const struct minsn *in, const char *reg);
/* the three-way results a conditional branch is taken on (bit 1 LT, 2 GT, 4 EQ), its field in CR; 0: not one */
unsigned mc_ppc_branch_condition(const struct minsn *br, char cr[8]);
/* the same for a conditional branch or return (RET: "beqlr") */
unsigned mc_ppc_cond_of(const struct minsn *in, char cr[8], bool *ret);
/* the bit of its field a conditional branch or return tests ('l', 'g', 'e'), the value that
 * makes it taken, the field (0-7); 0: not one */
char mc_ppc_branch_bit(const struct minsn *in, bool *value, int *field);
/* a compare of a register with an immediate: the register, the immediate, the field, unsigned or not */
bool mc_ppc_flag_test(const struct minsn *in, char reg[16], long long *imm, int *field, bool *logical);
bool mc_ppc_is_flag_test(const struct minsn *in);
/* instruction K of B is "subfe D, T, X" right after "addic T, X, -1": D = (X != 0) */
bool mc_ppc_nonzero_test(const struct mblock *b, size_t k, char ops[4][16]);

#endif
