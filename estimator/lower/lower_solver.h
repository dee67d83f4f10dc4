/* lower_solver.h — the solver of machine counts, shared by the files that
 * classify machine blocks (lower_classify.c), realise IR edges
 * (lower_view.c), make constraints (lower_rules.c, lower_selects.c) and
 * solve them (lower_counts.c). Internal to estimator/. */
#ifndef LPNEST_LOWER_SOLVER_H
#define LPNEST_LOWER_SOLVER_H

#include "counts.h"
#include "lower.h"
#include "lower_system.h"

/* IR edges as the machine code realises them: blocks code generation folded
 * away entirely (no machine block enters or leaves as them) are contracted:
 * one with a single successor forwards its in-edges' flow to it; one with a
 * single predecessor hands its out-edges to that predecessor. */
struct irview {
    uint32_t n;
    int *from, *to;
    double *count;
    uint64_t *pairs;       /* the distinct (from, to) of the edges, sorted (mc_view_has_edge) */
    uint32_t npairs;
};

struct solver {
    struct mfunc *mf;
    const struct cnt_func *xf;
    struct lsys_system sy;
    int *evar;             /* first edge variable of each block */
    int *in_g, *out_g;     /* entry and exit group (IR block), -1 if none */
    bool *out_known;       /* out_g comes from a terminator's provenance */
    bool *merged_tail;     /* code and branch of several IR blocks (branch folding) */
    int *sel_head;         /* select record whose branch ends the block, or -1 */
    int *head;             /* per IR block: its single head, -1 none, -2 several */
    uint32_t *ord_block;   /* IR block of each instruction ordinal (1-based) */
    LLVMOpcode *ord_op;
    bool *ord_branch_cond;  /* the instruction is the condition of its block's branch, used by it alone */
    uint32_t nord;
    int trace;
    size_t nflow;          /* constraints [0, nflow) are flow conservation */
    size_t nrejected;      /* inferred constraints dropped for contradicting the others */
    struct lsys_cons *dropped;  /* ... and those constraints */
    struct irview ir;
    int *avr_entry;        /* AVR: registers' known values entering each block, 32 per block, or NULL */
    double va_vector_entries;  /* x86-64 variadic: entries passing vector registers (%al), or < 0 */
    bool *shared_g;        /* per IR block: its machine code also runs other IR blocks' (switch
                            * cases merged by branch folding): its IR counts are not the code's */
    bool *shared_other;    /* per IR block: shared_g for another reason than a merged tail's code */
    bool *tail_code;       /* per machine block: code a merged tail runs for several IR blocks
                            * (rule_merged_tails); the blocks of a group shared_g only by such
                            * tails, outside this code, run as often as their IR block's code */
    int *merged_into;      /* per IR block: the IR block whose code its whole code was merged
                            * into (tail merging, mc_build_view), or -1 */
    uint64_t *sel_counts;  /* the function's select counts as the machine code makes them: the
                            * records of blocks merged into another added to its (xf points
                            * to a copy of the function's counts with these) */
};

/* Variables: one per machine block (its count), then one per edge. */
static inline int bvar(const struct solver *s, size_t m) { (void)s; return (int)m; }
static inline int evar(const struct solver *s, size_t m, size_t k) { return s->evar[m] + (int)k; }

/* A jump-table switch: the machine block dispatching through table T of
 * IR block X's switch, when the table covers exactly its case values
 * (entry i handles value min + i). */
struct jswitch {
    size_t m;              /* the dispatching block */
    int x;                 /* IR block of the switch */
    uint64_t min;
    const struct jtable *t;
};

/* lower_classify.c: blocks against the IR */
void mc_ordinals(struct solver *s);
uint32_t mc_ordinal_of(const struct solver *s, uint32_t block, uint32_t pos_counting_all);
bool mc_is_control(const struct minsn *in);
/* block B's final conditional branch (RETURNS: or conditional return), the only control
 * instruction but a final jump: its index, or -1 */
long mc_final_branch(const struct mblock *b, bool returns);
uint32_t mc_select_position(const struct cnt_func *xf, const struct cnt_select *sel);
LLVMValueRef mc_select_inst(const struct cnt_func *xf, const struct cnt_select *xs);
bool mc_arm_constant(const struct mblock *b, long long *imm);
unsigned mc_register_bits(LLVMValueRef inst);
bool mc_wide_order_compare(LLVMValueRef v);
/* Whether min/max (or uadd.sat/usub.sat) V is reassociated with its single
 * user or an operand, op(op(x, C), y) -> op(op(x, y), C) (lower_reassoc.c):
 * the branch with its location is not its choice. */
bool mc_minmax_reassociated(LLVMValueRef v);
/* Whether V is i1 logic: and, or, xor, or a select with a constant arm
 * (lower_reassoc.c). */
bool mc_i1_logic(LLVMValueRef v);
void mc_classify(struct solver *s);
/* Whether block M's branch heads a compare view and is that comparison of a value with a
 * constant kept in a register (mc_constant_branch_follows): either side may be its "arm" */
bool mc_constant_compare_head(const struct solver *s, size_t m);
/* RISC-V: whether the branch at K of block M is taken when comparison COND of a value with
 * a constant holds (1) or fails (0), from the registers it compares: one holding COND's
 * value, the other COND's constant on every path; -1 when they do not show it */
int mc_constant_branch_follows(const struct solver *s, size_t m, size_t k, LLVMValueRef cond);

/* lower_view.c: IR edges as realised */
int mc_arrives(const struct solver *s, int t);
bool mc_arrives_at(const struct solver *s, int t, int y);
double mc_pair_count(const struct cnt_func *xf, int z, int p, int y);
bool mc_find_jswitch(struct solver *s, size_t m, struct jswitch *js);
int mc_jt_target(const struct mfunc *mf, const struct jswitch *js, uint64_t value);
char mc_branch_sense(const char *mn);
bool mc_branch_tests_boolean(const struct mfunc *mf, size_t m);
/* RISC-V: whether the branch at K of block M compares a register holding a boolean (or logic
 * mixing one in) while COND compares no booleans (lower_view.c) */
bool mc_rv_branch_tests_boolean(const struct solver *s, size_t m, size_t k, LLVMValueRef cond);
int mc_branch_follows(const struct solver *s, size_t m, LLVMValueRef cond);
int mc_branch_follows_at(const struct solver *s, size_t m, size_t k, LLVMValueRef cond);
bool mc_branch_sides(const struct solver *s, size_t m, int *taken, int *other);
void mc_build_view(struct solver *s);
/* Whether the view has an edge from IR block FROM to TO. */
bool mc_view_has_edge(const struct solver *s, int from, int to);
bool mc_dominates(const struct solver *s, int a, int b);
bool mc_block_dominates(const struct mfunc *mf, int a, int b);

/* lower_constants.c: the constant a branch's compare uses */
int mc_constant_use(const struct solver *s, size_t m, size_t k, long long c);
/* Whether the compare before the branch (index K of block M) has a known
 * constant that is neither the constant operand C of comparison CMP nor
 * C +- 1 (AVR: its compare chain's; elsewhere for CMP no wider than the
 * registers, nor C shifted, and another comparison's of its block): the
 * branch compares something else. */
bool mc_constant_contradicts(const struct solver *s, size_t m, size_t k, LLVMValueRef cmp, LLVMValueRef c);
int *mc_avr_entry_values(const struct mfunc *mf, const struct cnt_func *xf);
int mc_avr_reg_value(const struct solver *s, size_t m, size_t k, const char *reg, size_t n);
bool mc_reg_constant(const struct solver *s, size_t m, size_t upto, const char *reg, size_t n, long long *v);
/* The same, proving more (across calls for callee-saved registers, around
 * loops, by a data-flow fixpoint): what a min/max arm's copy needs */
bool mc_reg_constant_proven(const struct solver *s, size_t m, size_t upto, const char *reg, size_t n, long long *v);
bool mc_block_reg_constant(const struct mfunc *mf, size_t m, size_t upto, const char *reg, size_t n, long long *v);

/* lower_select_sides.c: a select's arm named by its branch's sense (-1: not) */
int mc_select_arm_by_branch(const struct solver *s, size_t m);

/* lower_lost_side.c: whether IR block P's two-way branch, one side V with no machine
 * code, still tells V's side from the other (its copies enter the other side at its head) */
bool mc_lost_side_decided(const struct solver *s, uint32_t p, uint32_t v);
/* lower_compare_ranges.c: whether comparison C2 of a value with a constant holds (1) or
 * fails (0) wherever comparison C1 of the same value with another constant has outcome
 * HOLDS, or neither (-1) */
int mc_constants_decide(LLVMValueRef c1, bool holds, LLVMValueRef c2);
/* ... and the predicate that holds where P fails */
LLVMIntPredicate mc_inverse_pred(LLVMIntPredicate p);
/* lower_select_implied.c: a comparison's branch decided by the one before it */
void mc_rule_implied_compares(struct solver *s, int *var, signed char *coef);
/* lower_cr_reuse.c: PowerPC branches testing a field an earlier branch tested */
void mc_rule_cr_reuse(struct solver *s, int *var, signed char *coef);
/* lower_cr_known.c: PowerPC branches on a bit every path into them fixed */
void mc_rule_cr_known(struct solver *s, int *var, signed char *coef);
/* lower_select_returns.c: a select made a PowerPC conditional return */
void mc_rule_select_returns(struct solver *s, int *var, signed char *coef);
/* lower_selects.c: whether comparison V reads a poison phi or an over-wide
 * shift's value (the machine compares something else) */
bool mc_select_poisoned(const struct cnt_func *xf, LLVMValueRef v);

/* lower_select_flags.c: of the NH heads of min/max RI, the AVR branch that
 * makes its choice a flag the others (its register pieces) test, or -1;
 * *ARMK its successor that clears the flag, *SENSE 0 when that side gives
 * the second operand, 1 the first */
int mc_avr_minmax_flag(const struct solver *s, const int *heads, size_t nh, LLVMValueRef ri, int *armk, int *sense);

/* lower_rules.c: constraints */
void mc_build(struct solver *s);

/* lower_rules_loops.c: code generation's loops and flag tests */
bool mc_overwide_amounts(const struct cnt_func *xf, const struct cnt_select *xs);
void mc_rule_shift_loops(struct solver *s, int *var, signed char *coef);
void mc_rule_flag_tests(struct solver *s, int *var, signed char *coef);
void mc_rule_bit_loops(struct solver *s, int *var, signed char *coef);
void mc_rule_test_first_bit_loops(struct solver *s, int *var, signed char *coef);

/* lower_varargs.c: the x86-64 variadic prologue's vector register save */
struct eng_profile;
double mc_va_vector_entries(const struct eng_profile *p, const struct cnt_func *xf);
void mc_rule_va_vector_save(struct solver *s, int *var, signed char *coef);

/* lower_switches.c: switches lowered to compare trees, as probes */
struct lower_probes;
void lower_switch_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out);
/* lower_switch_copies.c: an unnamed block M located at the switch (ordinal ORD) of IR
 * block NAME holds a copy of its tree outside the tree */
bool lower_switch_copy_outside(const struct mfunc *f, size_t m, const char *name, unsigned ord);
/* Whether copy block C repeats the decision of the tree's root ROOT (the
 * switch at ordinal ORD): the blocks below the root then see every execution */
bool lower_switch_copy_repeats_root(const struct mfunc *f, size_t c, size_t root, unsigned ord);
/* Whether the tree of the switch at ORD of IR block NAME is entered at two of
 * its blocks from blocks of other IR blocks, each ending in a branch located
 * at an ordinal from FIRST to ORD into those two alone (the root's decision
 * copied into every path to the switch, the root itself gone: corpus
 * varargs.c's sum_mixed on riscv32): those copies in ROOTS (at most MAX),
 * their number, 0 if not so */
int lower_switch_root_copies(const struct mfunc *f, const char *name, unsigned first, unsigned ord, int *roots,
                             int max);
/* lower_probes.c: a probe's expression grows by a node (its index); an instruction's operands */
struct eng_probe;
struct eng_probe_node;
uint32_t mc_probe_node(struct eng_probe *p, size_t *cap, struct eng_probe_node n);
int mc_insn_operands(const struct minsn *in, char (*ops)[16], int max);
/* RISC-V: whether register REG's last write before instruction K of block M makes a boolean
 * (set-on-compare, xori/andi 1) or mixes one in (and/or/xor); *KNOWN: whether the write was found */
bool mc_rv_makes_boolean(const struct mfunc *f, size_t m, size_t k, const char *reg, bool *known);
/* lower_probes_wide.c: 64-bit order comparisons made into values with branches (PPC405) */
void lower_wide_value_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out);
/* lower_probes_div.c: the x86-64 64-bit division bypass */
void lower_division_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out);
/* lower_probes_sat.c: narrow signed saturations clamped with two branches (PPC405) */
void lower_saturation_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out);
/* lower_probes_select.c: a branch on a select of comparisons made into three branches (RISC-V) */
void lower_select_branch_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out);
/* lower_probes_paths.c: the paths through one IR block's compares made into diamonds (PPC405) */
void lower_path_probes(struct mfunc *f, LLVMValueRef fn, const char *triple, struct lower_probes *out);

/* lower_selects.c: selects turned into branches */
void mc_rule_select_arms(struct solver *s, int *var, signed char *coef);

#endif
