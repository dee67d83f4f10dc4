/* test_uarch.c — the uarch layer's parts on their own, against cycle counts derived by hand:
 * the instruction cache's tags and replacement policies (Ibex's counter among them), the
 * branch predictors, and the core models on micro-programs built here instruction by
 * instruction (the kernels of benchmarks/cores/micro, whose RTL runs measured the same
 * numbers: benchmarks/cores/data/CORE/micro-*.json.gz). A program is a list of executed
 * instructions; each test checks the cycles between consecutive stamps in the steady state
 * (the reference's convention: an instruction is charged up to the next one's stamp). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "uarch.h"

/* ---- instruction caches ---- */

static struct ua_icache *cache(uint32_t bytes, uint32_t ways, uint32_t line, enum ua_replace r)
{
    struct ua_icache_params p = {bytes, ways, line, r};
    struct ua_icache *c = ua_icache_new(&p);
    assert_non_null(c);
    return c;
}

/* Ibex's counter (ibex_icache.sv round_robin_way_q): one pointer for the whole cache, one-hot,
 * reset to way 0, rotated at every valid lookup, hit or miss; a miss fills the lowest invalid
 * way, else the way the pointer shows before it rotates. 2 ways, 2 sets of 8-byte lines:
 * A 0x00, C 0x10, E 0x20 share set 0; B 0x08 is set 1. */
static void counter_replacement(void **state)
{
    (void)state;
    struct ua_icache *c = cache(32, 2, 8, UA_REPLACE_COUNTER);
    assert_int_equal(ua_icache_sets(c), 2);
    uint32_t way;
    assert_false(ua_icache_lookup(c, 0x00, &way)); /* lookup 1: A misses, pointer 0 -> 1 */
    assert_int_equal(way, 0);                      /* lowest invalid way */
    ua_icache_fill(c, 0x00, way);
    assert_false(ua_icache_lookup(c, 0x08, &way)); /* lookup 2: B (set 1), pointer 1 -> 0 */
    assert_int_equal(way, 0);
    ua_icache_fill(c, 0x08, way);
    assert_false(ua_icache_lookup(c, 0x10, &way)); /* lookup 3: C, set 0 has way 1 free; pointer 0 -> 1 */
    assert_int_equal(way, 1);
    ua_icache_fill(c, 0x10, way);
    assert_true(ua_icache_lookup(c, 0x04, &way)); /* lookup 4: A hits (way 0); pointer 1 -> 0 */
    assert_int_equal(way, 0);
    assert_false(ua_icache_lookup(c, 0x20, &way)); /* lookup 5: E, set 0 full: the pointer's way 0 */
    assert_int_equal(way, 0);
    assert_int_equal(ua_icache_fill(c, 0x20, way), 0x00); /* replaces A */
    assert_true(ua_icache_replaced(c, 0x00));
    assert_false(ua_icache_replaced(c, 0x08));
    assert_false(ua_icache_present(c, 0x00));
    assert_true(ua_icache_present(c, 0x14) && ua_icache_present(c, 0x20));
    /* a hit moves the pointer too: lookup 6 hits C (pointer 1 -> 0), lookup 7 misses A: way 0 */
    assert_true(ua_icache_lookup(c, 0x10, &way));
    assert_false(ua_icache_lookup(c, 0x00, &way));
    assert_int_equal(way, 0);
    uint64_t lookups, misses;
    ua_icache_stats(c, &lookups, &misses);
    assert_int_equal(lookups, 7);
    assert_int_equal(misses, 5);
    ua_icache_invalidate_set(c, 0);
    assert_false(ua_icache_present(c, 0x10));
    assert_true(ua_icache_present(c, 0x08));
    ua_icache_free(c);
}

/* A run's operations recorded and replayed (routine_memo.c keeps a run by them): 2 ways, 2
 * sets of 8-byte lines, counter policy; A 0x00, C 0x10, E 0x20 share set 0. After A is
 * filled, a run looks up A (hit, way 0) and C (a miss: way 1, invalid) and fills C. Replayed
 * on the cache as it was, it returns the same and leaves the cache as the run did; on a cache
 * where C is present the lookup of C hits: the replay stops (false). A run that only looks
 * up A replays on a cache holding A in the other way (the way of a hit is not compared). */
static void cache_replay(void **state)
{
    (void)state;
    struct ua_icache *c = cache(32, 2, 8, UA_REPLACE_COUNTER);
    uint32_t way;
    ua_icache_access(c, 0x00);
    unsigned char before[4096], after[4096];
    assert_true(ua_icache_state_size(c) <= sizeof before);
    ua_icache_save(c, before);
    ua_icache_record_begin(c);
    assert_true(ua_icache_lookup(c, 0x04, &way));
    assert_false(ua_icache_lookup(c, 0x10, &way));
    assert_int_equal(way, 1);
    ua_icache_fill(c, 0x10, way);
    const uint32_t *log;
    bool whole;
    size_t n = ua_icache_record_end(c, &log, &whole);
    assert_false(whole);
    assert_int_equal(n, 3);
    uint32_t ops[6];
    memcpy(ops, log, sizeof ops);
    ua_icache_save(c, after);
    ua_icache_load(c, before);
    assert_true(ua_icache_replay(c, ops, 3));
    unsigned char now[4096];
    ua_icache_save(c, now);
    assert_memory_equal(now, after, ua_icache_state_size(c));
    uint64_t lookups, misses;
    ua_icache_stats(c, &lookups, &misses);
    assert_int_equal(lookups, 5); /* the first access, the run's two, the replay's two */
    assert_int_equal(misses, 3);
    assert_false(ua_icache_replay(c, ops, 3)); /* C is present now: its lookup hits */
    ua_icache_free(c);
    /* the way of a hit is not compared: A in way 1 replays a run that saw it in way 0 */
    c = cache(32, 2, 8, UA_REPLACE_COUNTER);
    ua_icache_access(c, 0x00);
    ua_icache_record_begin(c);
    assert_true(ua_icache_lookup(c, 0x00, &way));
    n = ua_icache_record_end(c, &log, &whole);
    memcpy(ops, log, 2 * sizeof *ops);
    ua_icache_invalidate(c);
    ua_icache_fill(c, 0x00, 1);
    assert_true(ua_icache_replay(c, ops, n));
    /* invalidating the whole cache while recording: not kept */
    ua_icache_record_begin(c);
    ua_icache_invalidate(c);
    assert_int_equal(ua_icache_record_end(c, &log, &whole), 0);
    assert_true(whole);
    ua_icache_free(c);
}

/* A decoded instruction is the same bytes whatever its memory held before,
 * padding included: the pipelines keep decoded instructions in their states,
 * which are interned and compared byte by byte (a cv32e40p estimate of nbody
 * marked different blocks from run to run when the padding was left as found). */
static void decode_whole_bytes(void **state)
{
    (void)state;
    static const uint8_t code[][4] = {
        {0x83, 0x20, 0x41, 0x00}, /* lw ra, 4(sp) */
        {0x63, 0x04, 0xb5, 0x00}, /* beq a0, a1, +8 */
        {0x82, 0x80, 0x00, 0x00}, /* c.jr ra */
        {0xff, 0xff, 0xff, 0xff}, /* illegal */
    };
    for (size_t k = 0; k < sizeof code / sizeof code[0]; k++)
        for (size_t avail = 0; avail <= 4; avail += 2) {
            struct ua_rv32 a, b;
            memset(&a, 0xaa, sizeof a);
            memset(&b, 0x55, sizeof b);
            ua_rv32_decode(code[k], avail, &a);
            ua_rv32_decode(code[k], avail, &b);
            assert_memory_equal(&a, &b, sizeof a);
        }
}

/* A cache's state as bytes (routine_memo.c keeps it): saved after A and C are filled with the
 * counter at 1, mutated, loaded back: the next lookups behave as from the saved state, the
 * statistics are not part of it; LRU keeps its ages. */
static void cache_state_bytes(void **state)
{
    (void)state;
    for (int lru = 0; lru < 2; lru++) {
        struct ua_icache *c = cache(32, 2, 8, lru ? UA_REPLACE_LRU : UA_REPLACE_COUNTER);
        ua_icache_access(c, 0x00); /* A: way 0 */
        ua_icache_access(c, 0x10); /* C: way 1; counter 0 */
        ua_icache_access(c, 0x00); /* A hits: counter 1, A the most recent */
        size_t n = ua_icache_state_size(c);
        unsigned char *a = malloc(n), *b = malloc(n);
        ua_icache_save(c, a);
        ua_icache_access(c, 0x20); /* E replaces C (counter's way 1; LRU: C the least recent) */
        ua_icache_invalidate(c);
        ua_icache_save(c, b);
        assert_memory_not_equal(a, b, n);
        ua_icache_load(c, a);
        ua_icache_save(c, b);
        assert_memory_equal(a, b, n);
        assert_true(ua_icache_present(c, 0x00) && ua_icache_present(c, 0x10));
        assert_false(ua_icache_present(c, 0x20));
        uint32_t way;
        assert_false(ua_icache_lookup(c, 0x20, &way));
        assert_int_equal(way, 1); /* both: counter 1 -> way 1; LRU: C (way 1) older than A */
        uint64_t lookups, misses;
        ua_icache_stats(c, &lookups, &misses);
        assert_int_equal(lookups, 5);
        assert_int_equal(misses, 4);
        ua_icache_count(c, 10, 3);
        ua_icache_stats(c, &lookups, &misses);
        assert_int_equal(lookups, 15);
        assert_int_equal(misses, 7);
        free(a);
        free(b);
        ua_icache_free(c);
    }
}

/* LRU: the way used least recently goes; round robin: a pointer per set, advanced by fills. */
static void lru_and_round_robin(void **state)
{
    (void)state;
    struct ua_icache *c = cache(32, 2, 8, UA_REPLACE_LRU);
    assert_false(ua_icache_access(c, 0x00)); /* A way 0 */
    assert_false(ua_icache_access(c, 0x10)); /* C way 1 */
    assert_true(ua_icache_access(c, 0x00));  /* A most recent */
    assert_false(ua_icache_access(c, 0x20)); /* E replaces C, the least recent */
    assert_true(ua_icache_present(c, 0x00));
    assert_false(ua_icache_present(c, 0x10));
    ua_icache_free(c);

    c = cache(32, 2, 8, UA_REPLACE_ROUND_ROBIN);
    assert_false(ua_icache_access(c, 0x00)); /* way 0, set 0's pointer -> 1 */
    assert_false(ua_icache_access(c, 0x08)); /* set 1: its own pointer */
    assert_false(ua_icache_access(c, 0x10)); /* way 1, pointer -> 0 */
    assert_true(ua_icache_access(c, 0x10));  /* hits do not move it */
    assert_false(ua_icache_access(c, 0x20)); /* way 0: replaces A */
    assert_false(ua_icache_present(c, 0x00));
    assert_true(ua_icache_present(c, 0x10) && ua_icache_present(c, 0x08));
    ua_icache_free(c);

    struct ua_icache_params bad = {48, 2, 8, UA_REPLACE_LRU};
    assert_null(ua_icache_new(&bad));
}

/* ---- branch predictors ---- */

static void predictors(void **state)
{
    (void)state;
    struct ua_predict_params p = {UA_PREDICT_BTFN, 0};
    struct ua_predict *bp = ua_predict_new(&p);
    assert_true(ua_predict_taken(bp, 0x100, 0x80));   /* backward */
    assert_false(ua_predict_taken(bp, 0x100, 0x140)); /* forward */
    assert_false(ua_predict_update(bp, 0x100, 0x140, true));
    assert_true(ua_predict_update(bp, 0x100, 0x80, true));
    ua_predict_free(bp);

    /* 2-bit counters start weakly not taken: T T -> strongly taken; N -> weakly taken */
    p = (struct ua_predict_params){UA_PREDICT_BIMODAL, 16};
    bp = ua_predict_new(&p);
    assert_false(ua_predict_taken(bp, 0x100, 0x140));
    assert_false(ua_predict_update(bp, 0x100, 0x140, true));
    assert_true(ua_predict_update(bp, 0x100, 0x140, true));
    assert_true(ua_predict_update(bp, 0x100, 0x140, true));
    assert_false(ua_predict_update(bp, 0x100, 0x140, false));
    assert_true(ua_predict_taken(bp, 0x100, 0x140));
    assert_false(ua_predict_taken(bp, 0x102, 0x140)); /* another entry */
    ua_predict_free(bp);
    p.entries = 12;
    assert_null(ua_predict_new(&p));
}

/* ---- micro-programs ---- */

#define BASE 0x1000u

struct prog {
    uint8_t mem[512];
    uint32_t end;            /* the next free address */
};

static const uint8_t *code_of(void *arg, uint32_t addr, uint32_t *avail)
{
    struct prog *p = arg;
    if (addr < BASE || addr >= BASE + sizeof p->mem)
        return NULL;
    *avail = BASE + (uint32_t)sizeof p->mem - addr;
    return p->mem + (addr - BASE);
}

static uint32_t put32(struct prog *p, uint32_t w)
{
    uint32_t at = p->end;
    for (unsigned k = 0; k < 4; k++)
        p->mem[at - BASE + k] = (uint8_t)(w >> (8 * k));
    p->end += 4;
    return at;
}

static uint32_t put16(struct prog *p, uint16_t h)
{
    uint32_t at = p->end;
    p->mem[at - BASE] = (uint8_t)h;
    p->mem[at - BASE + 1] = (uint8_t)(h >> 8);
    p->end += 2;
    return at;
}

static uint32_t addi(unsigned rd, unsigned rs1, int imm)
{
    return (uint32_t)(imm & 0xfff) << 20 | rs1 << 15 | rd << 7 | 0x13;
}
static uint32_t rtype(unsigned f7, unsigned f3, unsigned rd, unsigned rs1, unsigned rs2)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x33;
}
static uint32_t lw(unsigned rd, unsigned rs1, int imm)
{
    return (uint32_t)(imm & 0xfff) << 20 | rs1 << 15 | 2u << 12 | rd << 7 | 0x03;
}
static uint32_t jalr(unsigned rd, unsigned rs1, int imm)
{
    return (uint32_t)(imm & 0xfff) << 20 | rs1 << 15 | rd << 7 | 0x67;
}
/* bne/beq rs1, rs2 to OFF bytes from the branch */
static uint32_t branch(unsigned f3, unsigned rs1, unsigned rs2, int off)
{
    uint32_t o = (uint32_t)off;
    return (o >> 12 & 1) << 31 | (o >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (o >> 1 & 0xf) << 8 |
           (o >> 11 & 1) << 7 | 0x63;
}
#define C_NOP 0x0001

/* What a core's description would give an instruction: its class's cycles. */
struct classes {
    unsigned taken, not_taken, branch_redirect, jump, load;
};
static const struct classes IBEX = {2, 1, 2, 2, 2}, IBEX_MAXPERF = {1, 1, 1, 1, 2}, CV32E40P = {1, 1, 1, 1, 1};

/* One executed instruction at PC going to NEXT; CYCLES overrides its class's (0: the class). */
static struct ua_op op_at(struct prog *p, const struct classes *k, uint32_t pc, uint32_t next, unsigned cycles,
                          bool misaligned)
{
    struct ua_op op = {0};
    op.pc = pc;
    op.next = next;
    uint32_t avail = 0;
    const uint8_t *b = code_of(p, pc, &avail);
    ua_rv32_decode(b, avail, &op.in);
    op.taken = next != pc + op.in.size || op.in.kind == UA_K_JAL || op.in.kind == UA_K_JALR;
    unsigned c = 1, r = 0;
    switch (op.in.kind) {
    case UA_K_BRANCH: c = op.taken ? k->taken : k->not_taken; r = k->branch_redirect; break;
    case UA_K_JAL: case UA_K_JALR: c = k->jump; r = 1; break;
    case UA_K_LOAD: case UA_K_STORE: c = k->load; break;
    default: break;
    }
    op.cycles = (uint16_t)(cycles ? cycles : c);
    op.redirect = (uint8_t)(r ? r : op.cycles);
    op.misaligned = misaligned;
    return op;
}

struct run {
    struct ua_core *core;
    uint64_t first;
    unsigned n;
    uint64_t stamp[256];
};

static void feed(struct run *r, const struct ua_op *op)
{
    assert_true(r->n < 256);
    assert_true(ua_core_feed(r->core, op));
    r->n++;
}

/* The stamps of every instruction fed (the window keeps the last 64). */
static void finish(struct run *r)
{
    ua_core_drain(r->core);
    for (unsigned k = r->n > 64 ? r->n - 64 : 0; k < r->n; k++)
        r->stamp[k] = ua_core_stamp(r->core, r->first + k);
}

static struct run start(const struct ua_params *pa, struct prog *p, uint32_t pc)
{
    struct run r = {0};
    r.core = ua_core_new(pa, code_of, p);
    assert_non_null(r.core);
    ua_core_restart(r.core, pc);
    r.first = ua_core_fed(r.core);
    return r;
}

/* Checks the cycles charged to instructions AT, AT+1, ... (stamp to the next stamp). */
static void expect_deltas(const struct run *r, unsigned at, const unsigned *want, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        uint64_t d = r->stamp[at + k + 1] - r->stamp[at + k];
        if (d != want[k])
            fail_msg("instruction %u: %llu cycles to the next stamp, expected %u", at + k, (unsigned long long)d,
                     want[k]);
    }
}

/* A loop of ITER iterations of BODY (pcs; the last is the loop branch back to BODY[0]). */
static void loop(struct run *r, struct prog *p, const struct classes *k, const uint32_t *body, unsigned n,
                 unsigned iter, const unsigned *cycles)
{
    for (unsigned i = 0; i < iter; i++)
        for (unsigned j = 0; j < n; j++) {
            uint32_t next = j + 1 < n ? body[j + 1] : i + 1 < iter ? body[0] : body[j] + 4;
            struct ua_op op = op_at(p, k, body[j], next, cycles ? cycles[j] : 0, false);
            feed(r, &op);
        }
}

static const struct ua_params IBEX_SMALL_P = {UA_MODEL_IBEX, UA_STAMP_RETIRE, 1, 1, false, false, {0}, {0}};

/* Ibex small (pipeline_details.rst; the prefetch buffer answers the cycle after a request and
 * hands the word straight to the IF-ID register): a taken branch occupies ID/EX 2 cycles and
 * sets the pc in its second; the target is fetched in the next cycle and executes in the one
 * after: branch retire to target retire 2. Retire stamps charge an instruction the next one's
 * time: the addi before the branch carries the branch's 2. Per iteration: 1, 2, 2
 * (k_beq_fwd_taken: beqz 2; its addi before bnez 2). */
static void ibex_taken_branch(void **state)
{
    (void)state;
    struct prog p = {.end = BASE};
    uint32_t body[3];
    body[0] = put32(&p, addi(5, 5, 1));
    body[1] = put32(&p, addi(6, 6, -1));
    body[2] = put32(&p, branch(1, 6, 0, (int)body[0] - (int)p.end));
    struct run r = start(&IBEX_SMALL_P, &p, BASE);
    loop(&r, &p, &IBEX, body, 3, 8, NULL);
    finish(&r);
    static const unsigned want[] = {1, 2, 2, 1, 2, 2};
    expect_deltas(&r, 9, want, 6);
    ua_core_free(r.core);
}

/* A 32-bit target at 2 mod 4 needs two fetch words: one more cycle (k_beq_fwd_taken_unaligned:
 * beqz 3). */
static void ibex_unaligned_target(void **state)
{
    (void)state;
    struct prog p = {.end = BASE};
    put16(&p, C_NOP);
    uint32_t body[3];
    body[0] = put32(&p, addi(5, 5, 1)); /* at 2 mod 4 */
    body[1] = put32(&p, addi(6, 6, -1));
    body[2] = put32(&p, branch(1, 6, 0, (int)body[0] - (int)p.end));
    struct run r = start(&IBEX_SMALL_P, &p, body[0]);
    loop(&r, &p, &IBEX, body, 3, 8, NULL);
    finish(&r);
    static const unsigned want[] = {1, 2, 3, 1, 2, 3};
    expect_deltas(&r, 9, want, 6);
    ua_core_free(r.core);
}

/* Not taken: 1 cycle, no fetch bubble; the divider: its occupancy (37, or 2 for a divisor of 0:
 * ibex_multdiv_fast.sv) on the instruction before it; a misaligned load is two bus transactions:
 * 3 cycles in ID/EX instead of 2 (ibex_load_store_unit.sv; k_loads: addi 3 before a misaligned
 * lw, 2 before an aligned one). */
static void ibex_straight_line(void **state)
{
    (void)state;
    struct prog p = {.end = BASE};
    uint32_t a0 = put32(&p, addi(1, 0, 7));
    uint32_t b0 = put32(&p, branch(0, 1, 0, 8)); /* beq x1, x0: not taken */
    uint32_t a1 = put32(&p, addi(2, 0, 1));
    uint32_t d0 = put32(&p, rtype(1, 4, 3, 1, 2)); /* div x3, x1, x2 */
    uint32_t a2 = put32(&p, addi(4, 0, 1));
    uint32_t d1 = put32(&p, rtype(1, 4, 3, 1, 0)); /* div x3, x1, x0 */
    uint32_t a3 = put32(&p, addi(4, 0, 1));
    uint32_t l0 = put32(&p, lw(5, 0, 0x101)); /* misaligned */
    uint32_t a4 = put32(&p, addi(4, 0, 1));
    uint32_t l1 = put32(&p, lw(5, 0, 0x100));
    uint32_t a5 = put32(&p, addi(4, 0, 1));
    uint32_t a6 = put32(&p, addi(4, 0, 1));
    struct run r = start(&IBEX_SMALL_P, &p, BASE);
    const uint32_t seq[] = {a0, b0, a1, d0, a2, d1, a3, l0, a4, l1, a5, a6};
    for (unsigned k = 0; k < 12; k++) {
        unsigned cyc = seq[k] == d0 ? 37 : seq[k] == d1 ? 2 : 0;
        struct ua_op op = op_at(&p, &IBEX, seq[k], k + 1 < 12 ? seq[k + 1] : seq[k] + 4, cyc, seq[k] == l0);
        feed(&r, &op);
    }
    finish(&r);
    static const unsigned want[] = {1, 1, 37, 1, 2, 1, 3, 1, 2, 1, 1};
    expect_deltas(&r, 0, want, 11);
    ua_core_free(r.core);
}

/* ibex-maxperf: the writeback stage holds a load until its data; an instruction reading its
 * register waits in ID (stall_ld_hz): load-use costs the load 2 (k_lw_use1 on ibex-maxperf:
 * lw 2, an independent one 1); the branch target ALU sets the pc in the branch's only cycle:
 * taken branch retire to target retire 2 with 1 cycle in ID/EX. */
static void ibex_writeback_stage(void **state)
{
    (void)state;
    struct ua_params pa = IBEX_SMALL_P;
    pa.writeback_stage = true;
    pa.branch_target_alu = true;
    struct prog p = {.end = BASE};
    uint32_t body[5];
    body[0] = put32(&p, lw(5, 0, 0x100));
    body[1] = put32(&p, rtype(0, 0, 6, 5, 5)); /* add x6, x5, x5: uses the load */
    body[2] = put32(&p, lw(7, 0, 0x104));
    body[3] = put32(&p, addi(8, 8, 1)); /* independent */
    body[4] = put32(&p, branch(1, 8, 0, (int)body[0] - (int)p.end));
    struct run r = start(&pa, &p, BASE);
    loop(&r, &p, &IBEX_MAXPERF, body, 5, 6, NULL);
    finish(&r);
    static const unsigned want[] = {2, 1, 1, 1, 2};
    expect_deltas(&r, 10, want, 5);
    ua_core_free(r.core);
}

/* ibex-icache: the IF stage predicts the backward loop branch taken and fetches its target
 * while the branch is still in ID (ibex_branch_predict.sv): no fetch bubble after it once the
 * lines are in the cache (k_bne_bwd_taken: the loop branch 1 on ibex-icache, 2 on
 * ibex-small). The loop's lines miss in its first iteration only. */
static void ibex_icache_predicted_loop(void **state)
{
    (void)state;
    struct ua_params pa = IBEX_SMALL_P;
    pa.icache = (struct ua_icache_params){4096, 2, 8, UA_REPLACE_COUNTER};
    pa.predict.kind = UA_PREDICT_BTFN;
    struct prog p = {.end = BASE};
    uint32_t body[3];
    body[0] = put32(&p, addi(5, 5, 1));
    body[1] = put32(&p, addi(6, 6, -1));
    body[2] = put32(&p, branch(1, 6, 0, (int)body[0] - (int)p.end));
    uint64_t lookups, misses2, misses8;
    struct run r = start(&pa, &p, BASE);
    ua_core_icache_on(r.core);
    loop(&r, &p, &IBEX, body, 3, 2, NULL);
    finish(&r);
    ua_icache_stats(ua_core_icache(r.core), &lookups, &misses2);
    assert_true(misses2 >= 2); /* 0x1000 and 0x1008 at least */
    ua_core_free(r.core);
    r = start(&pa, &p, BASE);
    ua_core_icache_on(r.core);
    loop(&r, &p, &IBEX, body, 3, 8, NULL);
    finish(&r);
    ua_icache_stats(ua_core_icache(r.core), &lookups, &misses8);
    assert_int_equal(misses8, misses2);
    static const unsigned want[] = {1, 2, 1, 1, 2, 1};
    expect_deltas(&r, 12, want, 6);
    ua_core_free(r.core);
}

/* ibex-iws1 (one instruction-side wait state: a fetch is answered two cycles after its request;
 * ibex_prefetch_buffer.sv issues a request, a branch's too, only while its second outstanding
 * slot is free, and a slot frees at the end of the cycle its answer comes). By hand, from a
 * restart at 0: requests at 0, 1, 3, 4, 6, 7, 9, ..., words at 2, 3, 5, 6, 8, 9, 11, ...; an
 * instruction retires the cycle after its word: straight-line 4-byte code 1, 2, 1, 2 (the RTL's
 * __fixdfdi runs 2, 1, 2, 1 from its entry). A `ret` (2 cycles in ID/EX, the pc set in its first)
 * after 6 addi's has its word at 11, is in ID at 12-13, requests the target at 12 (the
 * prefetch at 10, answered at 12, leaves slot 2 free): targets answered at 14, 15, 17, 18,
 * retired at 15, 16, 18, 19 -> ret 2, then 1, 2, 1. After 7 addi's its word comes at 12, the
 * target request at 13 (the prefetch at 12 still out), the next at 15 (both slots taken at 14):
 * answered at 15, 17, 18, 20 -> ret 2, then 2, 1, 2. The code after a return depends on the
 * phase the return found the fetch in (cost_pipe.c runs it from the routine's own return). */
static void ibex_iws1_return_phase(void **state)
{
    (void)state;
    struct ua_params pa = IBEX_SMALL_P;
    pa.fetch_latency = 2;
    for (unsigned k0 = 6; k0 <= 7; k0++) {
        struct prog p = {.end = BASE};
        uint32_t pc[20];
        unsigned n = 0;
        for (unsigned k = 0; k < k0; k++)
            pc[n++] = put32(&p, addi(5, 5, 1));
        pc[n++] = put32(&p, jalr(0, 1, 0)); /* ret */
        p.end = BASE + 0x100;
        for (unsigned k = 0; k < 6; k++)
            pc[n++] = put32(&p, addi(6, 6, 1));
        struct run r = start(&pa, &p, BASE);
        for (unsigned k = 0; k < n; k++) {
            struct ua_op op = op_at(&p, &IBEX, pc[k], k + 1 < n ? pc[k + 1] : pc[k] + 4, 0, false);
            feed(&r, &op);
        }
        finish(&r);
        static const unsigned even[] = {1, 2, 1, 2, 1, 3, 2, 1, 2, 1, 2};
        static const unsigned odd[] = {1, 2, 1, 2, 1, 2, 2, 2, 2, 1, 2, 1};
        if (k0 == 6)
            expect_deltas(&r, 0, even, 11);
        else
            expect_deltas(&r, 0, odd, 12);
        ua_core_free(r.core);
    }
}

static const struct ua_params CV_P = {UA_MODEL_CV32E40P, UA_STAMP_ISSUE, 1, 1, false, false, {0}, {0}};

/* CV32E40P (docs/source/pipeline.rst; stamps when an instruction leaves ID, charged its own
 * time): a taken branch is decided in EX, the two instructions behind it are flushed: 3
 * (k_beq_fwd_taken: beqz 3); a load whose result the next instruction uses stalls it one
 * cycle in ID: 2 (k_lw_use1: lw 2, k_lw_indep: lw 1); jalr reading the register the
 * instruction before it writes waits a cycle: that instruction 2 (k_jalr_after_write:
 * addi 2), the jump itself 2 (the target fetched after ID). */
static void cv32e40p_hazards(void **state)
{
    (void)state;
    struct prog p = {.end = BASE};
    uint32_t body[7];
    body[0] = put32(&p, lw(5, 0, 0x100));
    body[1] = put32(&p, rtype(0, 0, 6, 5, 5)); /* add x6, x5, x5 */
    body[2] = put32(&p, lw(7, 0, 0x104));
    body[3] = put32(&p, addi(8, 8, 1));
    uint32_t fn = BASE + 0x100; /* jalr's target */
    body[4] = put32(&p, addi(9, 0, (int)fn));
    body[5] = put32(&p, jalr(1, 9, 0));
    uint32_t back = p.end;
    p.end = fn;
    uint32_t ret = put32(&p, jalr(0, 1, 0));
    p.end = back;
    body[6] = put32(&p, branch(1, 8, 0, (int)body[0] - (int)p.end));
    struct run r = start(&CV_P, &p, BASE);
    for (unsigned i = 0; i < 6; i++) {
        const uint32_t seq[] = {body[0], body[1], body[2], body[3], body[4], body[5], ret, body[6]};
        for (unsigned j = 0; j < 8; j++) {
            uint32_t next = j + 1 < 8 ? seq[j + 1] : i + 1 < 6 ? body[0] : seq[j] + 4;
            struct ua_op op = op_at(&p, &CV32E40P, seq[j], next, 0, false);
            feed(&r, &op);
        }
    }
    finish(&r);
    /* lw (used) 2, add 1, lw (not used) 1, addi 1, addi before jalr 2, jalr 2, ret 2, bne taken 3 */
    static const unsigned want[] = {2, 1, 1, 1, 2, 2, 2, 3};
    expect_deltas(&r, 24, want, 8);
    ua_core_free(r.core);
}

/* The state as a value: a run saved and loaded between two instructions goes on as if it had
 * not been interrupted (the cost layer prices a block once per state). */
static void state_round_trip(void **state)
{
    (void)state;
    struct prog p = {.end = BASE};
    uint32_t body[3];
    body[0] = put32(&p, lw(5, 0, 0x100));
    body[1] = put32(&p, addi(6, 6, -1));
    body[2] = put32(&p, branch(1, 6, 0, (int)body[0] - (int)p.end));
    const struct ua_params *ps[] = {&IBEX_SMALL_P, &CV_P};
    for (unsigned m = 0; m < 2; m++) {
        const struct classes *k = m ? &CV32E40P : &IBEX;
        struct run a = start(ps[m], &p, BASE), b = start(ps[m], &p, BASE);
        uint8_t buf[4096];
        assert_true(ua_core_state_size(b.core) <= sizeof buf);
        for (unsigned i = 0; i < 5; i++)
            for (unsigned j = 0; j < 3; j++) {
                uint32_t next = j < 2 ? body[j + 1] : body[0];
                struct ua_op op = op_at(&p, k, body[j], next, 0, false);
                feed(&a, &op);
                ua_core_save(b.core, buf);
                ua_core_load(b.core, buf);
                feed(&b, &op);
            }
        finish(&a);
        finish(&b);
        for (unsigned i = 1; i < a.n; i++)
            assert_int_equal(a.stamp[i] - a.stamp[i - 1], b.stamp[i] - b.stamp[i - 1]);
        ua_core_free(a.core);
        ua_core_free(b.core);
    }
}

/* Runs kept as a tree of their operations on the cache (ua_icache_runs.c; the routine memo
 * keeps a routine's runs by them): a path of 12 instructions over six lines of a 64-byte
 * cache (2 ways, 4 sets of 8-byte lines, Ibex's counter) from one pipeline state, run again
 * and again while the cache's contents change between runs (lines of the path evicted by
 * others, the counter moved, a set invalidated). Each time the cycles and the cache left by
 * the tree (a replay, or the run made and added when an answer is new) equal the model's
 * run on the same cache; states met before replay (hits), new ones run. The contents
 * matter: runs from a cold and a warm cache differ in cycles, so a result kept by the path
 * alone would be wrong. */
static uint64_t path_run(struct ua_core *core, const uint8_t *st, const struct ua_op *ops, unsigned n)
{
    ua_core_load(core, st);
    uint64_t first = ua_core_fed(core), a = UINT64_MAX;
    for (unsigned k = 0; k < n; k++) {
        assert_true(ua_core_feed(core, &ops[k]));
        if (a == UINT64_MAX)
            a = ua_core_stamp(core, first);
    }
    ua_core_drain(core);
    if (a == UINT64_MAX)
        a = ua_core_stamp(core, first);
    uint64_t b = ua_core_stamp(core, ua_core_fed(core) - 1);
    assert_true(a != UINT64_MAX && b != UINT64_MAX);
    return b - a;
}

static void cache_runs_tree(void **state)
{
    (void)state;
    struct ua_params pa = IBEX_SMALL_P;
    pa.icache = (struct ua_icache_params){64, 2, 8, UA_REPLACE_COUNTER};
    pa.predict.kind = UA_PREDICT_BTFN;
    struct prog p = {.end = BASE};
    uint32_t pcs[12];
    for (unsigned k = 0; k < 5; k++)
        pcs[k] = put32(&p, addi(5, 5, 1)); /* 0x1000 .. 0x1010 */
    uint32_t jump = put32(&p, 0x0000006f | (0x40u - 0x14u) << 20); /* 0x1014: jal x0, +0x2c -> 0x1040 */
    pcs[5] = jump;
    p.end = BASE + 0x40;
    for (unsigned k = 6; k < 12; k++)
        pcs[k] = put32(&p, addi(6, 6, 1)); /* 0x1040 .. 0x1054: sets 0, 1, 2 */
    struct ua_op ops[12];
    for (unsigned k = 0; k < 12; k++) {
        uint32_t next = k == 5 ? BASE + 0x40 : k + 1 < 12 ? pcs[k + 1] : pcs[k] + 4;
        ops[k] = op_at(&p, &IBEX, pcs[k], next, 0, false);
    }
    struct ua_core *core = ua_core_new(&pa, code_of, &p);
    assert_non_null(core);
    ua_core_restart(core, BASE);
    ua_core_icache_on(core);
    struct ua_icache *ic = ua_core_icache(core);
    uint8_t st[4096], before[4096], ref[4096], got[4096];
    assert_true(ua_core_state_size(core) <= sizeof st && ua_icache_state_size(ic) <= sizeof before);
    ua_core_save(core, st);
    size_t cb = ua_icache_state_size(ic);
    struct ua_icache_runs *t = ua_icache_runs_new();
    uint32_t root = UA_ICACHE_RUNS_NONE;
    uint64_t results[64];
    unsigned nres = 0, hits = 0, misses = 0;
    uint64_t cold = 0, warm = 0;
    /* between runs: nothing, a line of another program in set 0, 1 or 2 (evicting one of the
     * path's, by the counter's way), the counter moved by a lookup, set 0 invalidated (23 runs:
     * 14 from states the tree had not seen, 9 replayed) */
    static const uint32_t disturb[] = {0, 0, 0x1080, 0, 0x1088, 0x1080, 0, 1, 0x10c0, 0x10c8, 1, 0, 0, 0x1090,
                                       2, 0, 0x1080, 0x1088, 0, 0, 1, 2, 0};
    for (unsigned i = 0; i < sizeof disturb / sizeof *disturb; i++) {
        if (disturb[i] == 1)
            ua_icache_access(ic, BASE); /* a lookup (a hit once present): the counter moves */
        else if (disturb[i] == 2)
            ua_icache_invalidate_set(ic, 0);
        else if (disturb[i])
            ua_icache_access(ic, disturb[i]);
        /* the model's run on the cache as it is */
        ua_icache_save(ic, before);
        uint64_t l0, m0, l1, m1, l2, m2;
        ua_icache_stats(ic, &l0, &m0);
        uint64_t want = path_run(core, st, ops, 12);
        ua_icache_stats(ic, &l1, &m1);
        ua_icache_save(ic, ref);
        if (i == 0)
            cold = want;
        if (i == 1)
            warm = want;
        /* the tree's, from the same cache */
        ua_icache_load(ic, before);
        ua_icache_count(ic, l0 - l1, m0 - m1);
        uint32_t v = 0;
        uint64_t c;
        if (root != UA_ICACHE_RUNS_NONE && ua_icache_runs_replay(t, root, ic, &v)) {
            hits++;
            c = results[v];
        } else {
            misses++;
            ua_icache_load(ic, before);
            ua_icache_stats(ic, &l2, &m2);
            ua_icache_count(ic, l0 - l2, m0 - m2);
            ua_icache_record_begin(ic);
            c = path_run(core, st, ops, 12);
            const uint32_t *log;
            bool whole;
            size_t n = ua_icache_record_end(ic, &log, &whole);
            assert_false(whole);
            assert_true(n > 0 && nres < 64);
            results[nres] = c;
            assert_true(ua_icache_runs_add(t, &root, log, n, nres));
            nres++;
        }
        assert_int_equal(c, want);
        ua_icache_save(ic, got);
        assert_memory_equal(got, ref, cb);
        ua_icache_stats(ic, &l2, &m2);
        assert_int_equal(l2, l1);
        assert_int_equal(m2, m1);
    }
    assert_true(cold > warm); /* the cache's contents change the cycles */
    assert_true(hits >= 5 && misses >= 3);
    assert_true(ua_icache_runs_bytes(t) > 0);
    /* a log that is not a run of this key (another operation after the same answers) is refused */
    uint32_t bogus[2] = {0x3, 0x1234}; /* a presence check where the runs look up first */
    assert_false(ua_icache_runs_add(t, &root, bogus, 1, 99));
    /* the recording seen while it goes on, and operations forgotten (a walk undone) */
    const uint32_t *log;
    bool whole;
    assert_int_equal(ua_icache_record_peek(ic, &log), SIZE_MAX); /* not recording */
    ua_icache_record_begin(ic);
    ua_icache_access(ic, 0x1000);
    assert_int_equal(ua_icache_record_peek(ic, &log), 1); /* a hit: no fill */
    ua_icache_access(ic, 0x1200);                        /* a miss and its fill */
    assert_int_equal(ua_icache_record_peek(ic, &log), 3);
    assert_int_not_equal(ua_icache_log_answer(log[2]), ua_icache_log_answer(log[0])); /* a miss, a hit */
    ua_icache_record_undo(ic, 1);
    ua_icache_access(ic, 0x1000);
    assert_int_equal(ua_icache_record_end(ic, &log, &whole), 2);
    assert_false(whole);
    assert_int_equal(ua_icache_log_answer(log[0]), ua_icache_log_answer(log[2])); /* two hits */
    ua_icache_runs_free(t);
    ua_core_free(core);
}

/* A path run block by block, each block fed once per state it is entered in and skipped
 * after (ua_core_skip; the routine memo does this for paths of thousands of instructions):
 * a loop whose body holds a load used by the next instruction, a divide whose cycles change
 * and a branch taken or not (patterns over the iterations), so that the blocks are
 * entered in several states. On Ibex small, Ibex with one instruction wait state and
 * CV32E40P the last stamp minus the first, and the state at the end, equal those of feeding
 * every instruction; some blocks were skipped, and one block was met in more than one state. */
struct blk_entry {
    uint8_t before[1024], after[1024];
    unsigned at, n;
    uint64_t cycles;
};

static void core_skip_blocks(void **state)
{
    (void)state;
    struct prog p = {.end = BASE};
    uint32_t a0 = put32(&p, lw(5, 0, 0x100));              /* 0x1000 */
    uint32_t a1 = put32(&p, rtype(0, 0, 6, 5, 5));          /* add: uses the load or not */
    uint32_t a2 = put32(&p, rtype(1, 4, 7, 6, 5));          /* div: its cycles vary */
    uint32_t a3 = put32(&p, branch(0, 7, 0, 12));           /* beq x7, x0, +12: taken or not */
    uint32_t a4 = put32(&p, addi(8, 8, 1));
    uint32_t a5 = put32(&p, addi(9, 9, 1));
    uint32_t a6 = put32(&p, addi(10, 10, -1));
    uint32_t a7 = put32(&p, branch(1, 10, 0, (int)a0 - (int)p.end)); /* bne: the loop */
    struct ua_params iws = IBEX_SMALL_P;
    iws.fetch_latency = 2;
    const struct ua_params *ps[] = {&IBEX_SMALL_P, &iws, &CV_P};
    for (unsigned m = 0; m < 3; m++) {
        const struct classes *k = m == 2 ? &CV32E40P : &IBEX;
        /* the path: 24 iterations */
        struct ua_op ops[256];
        unsigned n = 0;
        for (unsigned i = 0; i < 24; i++) {
            bool taken = (i % 3) == 1;
            uint32_t seq[8] = {a0, a1, a2, a3, a4, a5, a6, a7};
            unsigned len = 0;
            uint32_t pcs[8];
            for (unsigned j = 0; j < 8; j++) {
                if (taken && (seq[j] == a4 || seq[j] == a5) && j > 3)
                    continue; /* beq taken skips a4, a5 */
                pcs[len++] = seq[j];
            }
            for (unsigned j = 0; j < len; j++) {
                uint32_t next = j + 1 < len ? pcs[j + 1] : i + 1 < 24 ? a0 : a7 + 4;
                unsigned cyc = pcs[j] == a2 ? 1 + (i % 5) * 3 : 0;
                ops[n++] = op_at(&p, k, pcs[j], next, cyc, false);
            }
        }
        /* fed one by one */
        struct ua_core *c = ua_core_new(ps[m], code_of, &p);
        assert_non_null(c);
        ua_core_restart(c, BASE);
        size_t sb = ua_core_state_size(c);
        assert_true(sb <= 1024);
        uint64_t f0 = ua_core_fed(c), s0 = UINT64_MAX;
        for (unsigned j = 0; j < n; j++) {
            assert_true(ua_core_feed(c, &ops[j]));
            if (s0 == UINT64_MAX)
                s0 = ua_core_stamp(c, f0);
        }
        ua_core_drain(c);
        uint64_t want = ua_core_stamp(c, ua_core_fed(c) - 1) - s0;
        uint8_t end_want[1024], end_got[1024];
        ua_core_save(c, end_want);
        ua_core_free(c);
        /* by blocks (up to a taken transfer), the last two instructions fed */
        static struct blk_entry memo[256];
        unsigned nmemo = 0, skipped = 0, fed = 0;
        c = ua_core_new(ps[m], code_of, &p);
        ua_core_restart(c, BASE);
        f0 = ua_core_fed(c);
        s0 = UINT64_MAX;
        for (unsigned j = 0; j < n;) {
            if (s0 == UINT64_MAX || j + 2 >= n) {
                assert_true(ua_core_feed(c, &ops[j++]));
                if (s0 == UINT64_MAX)
                    s0 = ua_core_stamp(c, f0);
                continue;
            }
            unsigned e = j;
            while (e + 3 < n && !ops[e].taken)
                e++;
            uint8_t now[1024];
            ua_core_save(c, now);
            unsigned hit = nmemo;
            for (unsigned q = 0; q < nmemo && hit == nmemo; q++)
                if (memo[q].n == e - j + 1 && ops[memo[q].at].pc == ops[j].pc && !memcmp(memo[q].before, now, sb)) {
                    bool same = true;
                    for (unsigned r = 0; r < memo[q].n && same; r++)
                        same = ops[memo[q].at + r].pc == ops[j + r].pc && ops[memo[q].at + r].next == ops[j + r].next &&
                               ops[memo[q].at + r].cycles == ops[j + r].cycles;
                    if (same)
                        hit = q;
                }
            if (hit < nmemo) {
                ua_core_skip(c, memo[hit].after, memo[hit].n, memo[hit].cycles);
                skipped++;
            } else {
                assert_true(nmemo < 256);
                struct blk_entry *b = &memo[nmemo++];
                memcpy(b->before, now, sb);
                b->at = j;
                b->n = e - j + 1;
                uint64_t c0 = ua_core_cycle(c);
                for (unsigned r = j; r <= e; r++)
                    assert_true(ua_core_feed(c, &ops[r]));
                b->cycles = ua_core_cycle(c) - c0;
                ua_core_save(c, b->after);
                fed++;
            }
            j = e + 1;
        }
        ua_core_drain(c);
        uint64_t got = ua_core_stamp(c, ua_core_fed(c) - 1) - s0;
        ua_core_save(c, end_got);
        ua_core_free(c);
        assert_int_equal(got, want);
        assert_memory_equal(end_got, end_want, sb);
        assert_true(skipped > 0 && fed > 0);
        /* a block met in two states: the loop's head entered after a taken and a not-taken beq */
        unsigned heads = 0;
        for (unsigned q = 0; q < nmemo; q++)
            heads += ops[memo[q].at].pc == a0;
        assert_true(heads >= 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counter_replacement),
        cmocka_unit_test(lru_and_round_robin),
        cmocka_unit_test(decode_whole_bytes),
        cmocka_unit_test(cache_state_bytes),
        cmocka_unit_test(cache_replay),
        cmocka_unit_test(predictors),
        cmocka_unit_test(ibex_taken_branch),
        cmocka_unit_test(ibex_unaligned_target),
        cmocka_unit_test(ibex_straight_line),
        cmocka_unit_test(ibex_writeback_stage),
        cmocka_unit_test(ibex_icache_predicted_loop),
        cmocka_unit_test(ibex_iws1_return_phase),
        cmocka_unit_test(cv32e40p_hazards),
        cmocka_unit_test(state_round_trip),
        cmocka_unit_test(cache_runs_tree),
        cmocka_unit_test(core_skip_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
