/* lower_switch_sim.h — the switch trees' machine-code evaluator
 * (lower_switch_sim.c), for lower_switches.c. Internal to estimator/. */
#ifndef LPNEST_LOWER_SWITCH_SIM_H
#define LPNEST_LOWER_SWITCH_SIM_H

#include "lower.h"

#include <stdbool.h>
#include <stdint.h>

enum sim_isa { SIM_RV, SIM_PPC, SIM_AVR, SIM_X86 };

#define NREG 64
/* The machine state the evaluator knows: register values (masked to the
 * register's width), condition flags. */
struct sim {
    enum sim_isa isa;
    uint64_t val[NREG];
    bool known[NREG];
    int cr[8];           /* PowerPC condition fields: bit 0 lt, 1 gt, 2 eq; -1 unknown */
    bool fk;             /* AVR, x86: the flags are known */
    bool conly;          /* x86: ... only CF (after bt) */
    bool C, Z, N, V;     /* AVR C Z N V (S = N ^ V); x86 CF ZF SF OF */
};

/* the register operand at the start of OP: its number (x86: its width in *BITS); -1: none */
int mc_sim_reg(enum sim_isa isa, const char *op, unsigned *bits);
/* OPS split at its top-level commas (at most 4 kept, each cut to 47 bytes); their count */
int mc_sim_operands(const char *ops, char out[4][48]);
/* an immediate operand */
bool mc_sim_imm(const char *op, int64_t *v);
int64_t mc_sim_sext(uint64_t v, unsigned bits);
uint64_t mc_sim_mask(unsigned bits);
void mc_sim_set_reg(struct sim *st, int r, uint64_t v, bool known);
bool mc_sim_get_reg(const struct sim *st, int r, uint64_t *v);
/* the PowerPC condition field an operand names ("cr1"), -1 */
int mc_sim_ppc_field(const char *op);
/* run one instruction (what it does not know makes what it writes unknown) */
void mc_sim_step(struct sim *st, const struct minsn *in);
/* whether conditional branch IN is taken: 1, 0, or -1 when the state does not tell or IN is none */
int mc_sim_branch(const struct sim *st, const struct minsn *in);

#endif
