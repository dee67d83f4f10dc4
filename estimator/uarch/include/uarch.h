/* uarch.h — the uarch layer (ARCHITECTURE.md): cycle models of pipelined
 * cores and their stateful parts, driven by the instructions a program
 * executes, in order. A core model (ua_core) is the cycle-by-cycle behaviour
 * of one core's fetch unit, pipeline, load-store unit and instruction cache as
 * its RTL implements them (ua_ibex.c, ua_cv32e40p.c), with the numbers of
 * its ISA description (isa/SCHEMA.md, "Pipelines"): it is fed the executed
 * instructions one by one (ua_core_feed) and stamps each with the cycle at
 * which it passes the point the reference traces record (retire or leaving
 * decode). Its state between two instructions is a value (ua_core_save /
 * ua_core_load), so that the cost layer can price a machine block once per
 * pipeline state it is entered in. The instruction cache (ua_icache.c) and
 * the branch predictors (ua_predict.c) are parts of their own, with unit
 * tests of their own. Nothing here knows the engine, machine blocks or costs:
 * the cost and offload layers feed it. Prefix ua_. */
#ifndef LPNEST_UARCH_H
#define LPNEST_UARCH_H

#include "ua_rv32.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct isa;

/* ---- the program's code, as the fetch unit reads it ---- */

/* Bytes at ADDR: a pointer to at least one readable byte and *AVAIL of them,
 * or NULL when nothing is loaded there (the fetch unit then reads zeros). The
 * bytes must stay where they are, unchanged, while the core lives (it keeps the
 * range it was given last). */
typedef const uint8_t *(*ua_code_fn)(void *arg, uint32_t addr, uint32_t *avail);

/* ---- instruction caches (ua_icache.c) ---- */

enum ua_replace {
    UA_REPLACE_LRU,         /* the least recently used way */
    UA_REPLACE_ROUND_ROBIN, /* a pointer per set, advanced at each fill of the set */
    UA_REPLACE_COUNTER,     /* Ibex (ibex_icache.sv, round_robin_way_q): one pointer for the
                               whole cache, advanced at every lookup, hit or miss */
};

struct ua_icache_params {
    uint32_t bytes;         /* 0: no cache */
    uint32_t ways;
    uint32_t line_bytes;
    enum ua_replace replace;
};

struct ua_icache;
/* A cache of P's geometry, every line invalid; NULL when the sizes are not
 * powers of two, there are more than 32 ways, or the lines do not divide. */
struct ua_icache *ua_icache_new(const struct ua_icache_params *p);
void ua_icache_free(struct ua_icache *c);
/* Every line invalid (reset, fence.i); the replacement state is kept. */
void ua_icache_invalidate(struct ua_icache *c);
/* Every way of set SET invalid (a cache that invalidates one set a cycle). */
void ua_icache_invalidate_set(struct ua_icache *c, uint32_t set);
/* The number of sets. */
uint32_t ua_icache_sets(const struct ua_icache *c);
/* Whether the line holding ADDR is present (no state changes). */
bool ua_icache_present(const struct ua_icache *c, uint32_t addr);
/* A lookup of ADDR, as the cache makes one: true on a hit, with *WAY the
 * way that hit (LRU: it becomes the most recent); false on a miss, with
 * *WAY the way a fill would replace: the lowest invalid way of the set,
 * else the policy's. The counter policy advances at every lookup. */
bool ua_icache_lookup(struct ua_icache *c, uint32_t addr, uint32_t *way);
/* Writes the line holding ADDR into WAY of its set (valid; LRU: the most
 * recent; round robin: the set's pointer advances); returns the line address
 * it replaced, or UINT32_MAX when WAY was invalid. */
uint32_t ua_icache_fill(struct ua_icache *c, uint32_t addr, uint32_t way);
/* A lookup that fills on a miss: true on a hit. */
bool ua_icache_access(struct ua_icache *c, uint32_t addr);
/* Whether a fill replaced a valid line in the set of ADDR since the cache was
 * made or ua_icache_forget_replaced was called. */
bool ua_icache_replaced(const struct ua_icache *c, uint32_t addr);
void ua_icache_forget_replaced(struct ua_icache *c);
/* Lookups and misses since creation. */
void ua_icache_stats(const struct ua_icache *c, uint64_t *lookups, uint64_t *misses);
uint32_t ua_icache_line_bytes(const struct ua_icache *c);
/* The contents and replacement state as bytes (what decides the next lookups, not the
 * statistics): their size, a copy into BUF, and back; equal states have equal bytes. */
size_t ua_icache_state_size(const struct ua_icache *c);
void ua_icache_save(const struct ua_icache *c, void *buf);
void ua_icache_load(struct ua_icache *c, const void *buf);
/* Adds LOOKUPS and MISSES to the statistics (the lookups of a run not made again). */
void ua_icache_count(struct ua_icache *c, uint64_t lookups, uint64_t misses);

/* Recording a run's operations on the cache and replaying them (the routine memo keeps a
 * run by them: estimator/cost/routine_memo.c). From ua_icache_record_begin every lookup,
 * fill, set invalidation and presence check is logged (two words each) with what it
 * returned; ua_icache_record_end stops and gives the log (*WHOLE and 0 operations when the
 * run read or changed more: invalidated the whole cache, read the replaced flags). A core
 * model sees the cache only through what these return, so a run whose lookups would
 * return the same again runs the same again: ua_icache_replay makes the operations on the
 * cache as it is and is true when each returned what was logged (the cache is then as the
 * run would leave it, its statistics counted); false at the first that did not (the cache
 * half changed: restore it, ua_icache_load). What is compared: a lookup's hit or miss and
 * a presence check's answer; the way a miss would replace where the run filled a line
 * (without fills it reaches nothing); never the way a hit came from, which a model may
 * keep but writes nothing with (ibex: a fill buffer that hit makes no RAM write,
 * ua_ibex_icache.c). */
void ua_icache_record_begin(struct ua_icache *c);
size_t ua_icache_record_end(struct ua_icache *c, const uint32_t **log, bool *whole);
bool ua_icache_replay(struct ua_icache *c, const uint32_t *log, size_t n);
/* While recording: the operations logged so far (their number, *LOG the log, valid until
 * the next operation), SIZE_MAX when not recording or the run read or changed more (as
 * ua_icache_record_end's WHOLE); ua_icache_record_undo forgets those after the first N
 * (operations made and undone: the cache put back, ua_icache_load). */
size_t ua_icache_record_peek(const struct ua_icache *c, const uint32_t **log);
void ua_icache_record_undo(struct ua_icache *c, size_t n);

/* A logged operation (two words: the operation, its address) split into its query (what the
 * model asked: the kind, a fill's way) and its answer (a lookup's hit, or its miss with the way
 * a fill would replace; a presence check's answer; nothing for fills and invalidations), and
 * a query made on the cache as it is (ARG: the address, or the set), with its answer. Every
 * miss's way is an answer here, compared even where the run filled nothing (stricter than
 * ua_icache_replay, never less exact). */
uint32_t ua_icache_log_query(uint32_t op);
uint32_t ua_icache_log_answer(uint32_t op);
uint32_t ua_icache_ask(struct ua_icache *c, uint32_t query, uint32_t arg);

/* Runs kept as a tree (ua_icache_runs.c): the runs of one key (a pipeline state and the
 * instructions fed) make the same operations on the cache until one answers otherwise, so
 * they are kept as a tree of operations branching on the answers, each run a path to a leaf
 * holding its VALUE (the caller's: an index of its result). ROOT: the tree of one key, NONE
 * (UINT32_MAX) when empty. ua_icache_runs_replay walks it on the cache as it is: true at a
 * leaf (the cache as the run left it, its statistics counted, *VALUE the run's), false at an
 * answer no kept run got (the cache half changed: put it back, ua_icache_load).
 * ua_icache_runs_add adds a run recorded from the state the key stands for (LOG and N as
 * ua_icache_record_end gives them); false when it cannot (more than 2^32 nodes, or the log
 * is not a run of this key: another operation after the same answers). */
#define UA_ICACHE_RUNS_NONE UINT32_MAX
struct ua_icache_runs;
struct ua_icache_runs *ua_icache_runs_new(void);
void ua_icache_runs_free(struct ua_icache_runs *t);
bool ua_icache_runs_replay(const struct ua_icache_runs *t, uint32_t root, struct ua_icache *c, uint32_t *value);
bool ua_icache_runs_add(struct ua_icache_runs *t, uint32_t *root, const uint32_t *log, size_t n, uint32_t value);
size_t ua_icache_runs_bytes(const struct ua_icache_runs *t); /* the memory the trees hold */

/* ---- branch predictors (ua_predict.c) ---- */

enum ua_predictor {
    UA_PREDICT_NONE,        /* every branch falls through until resolved */
    UA_PREDICT_BTFN,        /* static: backward taken, forward not taken */
    UA_PREDICT_BIMODAL,     /* a table of 2-bit saturating counters indexed by the pc */
};

struct ua_predict_params {
    enum ua_predictor kind;
    uint32_t entries;       /* bimodal: table entries (a power of two) */
};

struct ua_predict;
struct ua_predict *ua_predict_new(const struct ua_predict_params *p);
void ua_predict_free(struct ua_predict *bp);
/* The prediction for the conditional branch at PC to TARGET. */
bool ua_predict_taken(const struct ua_predict *bp, uint32_t pc, uint32_t target);
/* The branch at PC to TARGET went TAKEN: updates the predictor; returns
 * whether it had been predicted right. */
bool ua_predict_update(struct ua_predict *bp, uint32_t pc, uint32_t target, bool taken);

/* ---- core models ---- */

enum ua_model {
    UA_MODEL_NONE,
    UA_MODEL_IBEX,          /* lowRISC Ibex: IF (prefetch buffer or icache), ID/EX, optional WB */
    UA_MODEL_CV32E40P,      /* OpenHW CV32E40P: IF (prefetch FIFO, aligner), ID, EX, WB */
};

/* What the reference records for an instruction (the per-PC convention). */
enum ua_stamp {
    UA_STAMP_RETIRE,        /* the cycle it retires (Ibex RVFI) */
    UA_STAMP_ISSUE,         /* the cycle it leaves decode (CV32E40P ID stage) */
};

struct ua_params {
    enum ua_model model;
    enum ua_stamp stamp;
    uint32_t fetch_latency;        /* cycles from an instruction request to its data (1 + wait states) */
    uint32_t data_latency;         /* the same for data */
    /* Ibex */
    bool writeback_stage;
    bool branch_target_alu;
    struct ua_icache_params icache;
    struct ua_predict_params predict;  /* Ibex's is static BTFN in IF (BranchPredictor=1) */
};

/* An executed instruction, as the model needs it. */
struct ua_op {
    uint32_t pc;
    uint32_t next;          /* the pc executed after it */
    struct ua_rv32 in;
    uint16_t cycles;        /* execute occupancy with the data it ran on (ua_core_cycles) */
    uint8_t redirect;       /* for a control transfer: the occupancy cycle (1-based) in which
                               it requests the new pc */
    bool taken;             /* a control transfer: next != pc + size */
    bool misaligned;        /* a load or store split into two bus transactions */
};

struct ua_core;

/* A core model with parameters P, reading the code through CODE(ARG).
 * NULL when P's model is UA_MODEL_NONE or its cache geometry is wrong. */
struct ua_core *ua_core_new(const struct ua_params *p, ua_code_fn code, void *arg);
void ua_core_free(struct ua_core *c);
/* Empties the pipeline; the next fed instruction is fetched as the target of
 * a jump redirected in the cycle before it (what a jal at an aligned address
 * does). The cycle counter and the sequence numbers go on. */
void ua_core_restart(struct ua_core *c, uint32_t pc);
/* Feeds the next executed instruction (its sequence number is the number of
 * instructions fed before it) and runs the core until it needs the one after
 * (or, without it, cannot go on). Returns false when OP is not the
 * instruction the fetch unit delivers next (OP's pc is not where the stream
 * went): the model stops. */
bool ua_core_feed(struct ua_core *c, const struct ua_op *op);
/* Runs until every fed instruction has its stamp (as if no more came). */
void ua_core_drain(struct ua_core *c);
/* The stamp of instruction SEQ, or UINT64_MAX when it has none yet. Kept
 * for the last UA_STAMP_WINDOW instructions fed. */
#define UA_STAMP_WINDOW 64
uint64_t ua_core_stamp(const struct ua_core *c, uint64_t seq);
/* Instructions fed so far; the current cycle. */
uint64_t ua_core_fed(const struct ua_core *c);
uint64_t ua_core_cycle(const struct ua_core *c);

/* The core's state between two instructions, as a value: its size in
 * bytes, a copy into BUF (times relative to the current cycle, so that two
 * equal states have equal bytes), and back (the cycle counter and the
 * sequence numbers of the core are kept; pending stamps are renumbered). */
size_t ua_core_state_size(const struct ua_core *c);
void ua_core_save(const struct ua_core *c, void *buf);
void ua_core_load(struct ua_core *c, const void *buf);

/* Puts the core where feeding FED more instructions from its current state took it before:
 * the state BUF saved then (ua_core_save), CYCLES later; the sequence numbers and the cycle
 * counter advance as the feeding would have. The stamps those instructions got while they
 * were fed are not recorded (ua_core_stamp: UINT64_MAX); the instructions still in the
 * pipeline get theirs as usual. (The routine memo runs a path's blocks once per state:
 * estimator/cost/routine_memo.c.) An instruction cache's contents are not part of BUF: with
 * one, the caller makes the cache as the instructions would have left it (ua_icache_runs). */
void ua_core_skip(struct ua_core *c, const void *buf, uint64_t fed, uint64_t cycles);

/* The instruction cache of the core (NULL when it has none), for the layers
 * that keep its contents across runs of ua_core_feed. */
struct ua_icache *ua_core_icache(struct ua_core *c);
/* The cache as software leaves it before a program: enabled, no invalidation
 * under way (after power-on it is off and invalidates itself, as Ibex's). */
void ua_core_icache_on(struct ua_core *c);
/* Lets PRESENT(ARG, ADDR) decide whether the line holding ADDR is in the
 * cache at each lookup instead of its tags (a cache assumed warm); a lookup
 * it answers changes neither the tags nor the replacement state. NULL: the
 * tags decide. */
typedef bool (*ua_present_fn)(void *arg, uint32_t addr);
void ua_core_icache_assume(struct ua_core *c, ua_present_fn present, void *arg);

#endif
