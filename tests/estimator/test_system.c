/* test_system.c — the constraint system of machine counts (estimator/
 * lower_system.c) on systems whose solutions are derived by hand: what
 * interval propagation alone settles, what only the equalities together
 * determine (elimination), and contradictions either finds. */
#include "lower_system.h"
#include "system_reference.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

static struct lsys_system make(size_t nvars)
{
    struct lsys_system sy = {.nvars = nvars, .first_conflict = -1};
    sy.lo = calloc(nvars, sizeof *sy.lo);
    sy.hi = calloc(nvars, sizeof *sy.hi);
    sy.tainted = calloc(nvars, sizeof *sy.tainted);
    for (size_t v = 0; v < nvars; v++)
        sy.hi[v] = LSYS_INF;
    return sy;
}

/* sum of +x[a] - x[b] ... = rhs, given as a list of signed 1-based variables */
static void eq(struct lsys_system *sy, double rhs, int n, const int *terms)
{
    int var[8];
    signed char coef[8];
    for (int i = 0; i < n; i++) {
        var[i] = abs(terms[i]) - 1;
        coef[i] = terms[i] > 0 ? 1 : -1;
    }
    lsys_add(sy, var, coef, (size_t)n, rhs, false);
}

#define EQ(sy, rhs, ...) eq(sy, rhs, sizeof((int[]){__VA_ARGS__}) / sizeof(int), (int[]){__VA_ARGS__})

/* A chain: propagation alone gives every count. */
static void chain_by_propagation(void **state)
{
    (void)state;
    struct lsys_system sy = make(3);
    EQ(&sy, 40, 1);          /* x1 = 40 */
    EQ(&sy, 0, 1, -2, -3);   /* x1 = x2 + x3 */
    EQ(&sy, 15, 3);          /* x3 = 15 */
    lsys_solve(&sy);
    assert_false(sy.conflict);
    assert_true(lsys_fixed(&sy, 1));
    assert_int_equal((int)sy.lo[1], 25);
    lsys_free(&sy);
}

/* The diamond of a boolean kept in a register (AVR): block T (300 runs)
 * branches to J directly (flag 1, edge a) or through F (flag 0, edges b, c);
 * J sends d to K when the flag is set and e = 143 elsewhere. The flag says
 * d = a. Each of J's in-edges is open, so propagation cannot bound J; the
 * equalities together give J = T = 300, d = 157, a = 157, b = c = 143.
 * Variables: 1 T, 2 a, 3 b, 4 F, 5 c, 6 J, 7 d, 8 e. */
static void diamond_by_elimination(void **state)
{
    (void)state;
    struct lsys_system sy = make(8);
    EQ(&sy, 300, 1);
    EQ(&sy, 0, 1, -2, -3);   /* T = a + b */
    EQ(&sy, 0, 4, -3);       /* F = b */
    EQ(&sy, 0, 4, -5);       /* F = c */
    EQ(&sy, 0, 6, -2, -5);   /* J = a + c */
    EQ(&sy, 0, 6, -7, -8);   /* J = d + e */
    EQ(&sy, 143, 8);         /* e = 143 */
    EQ(&sy, 0, 7, -2);       /* d = a (the flag) */
    lsys_solve(&sy);
    assert_false(sy.conflict);
    const int want[8] = {300, 157, 143, 143, 143, 300, 157, 143};
    for (int v = 0; v < 8; v++) {
        assert_true(lsys_fixed(&sy, v));
        assert_int_equal((int)sy.lo[v], want[v]);
    }
    lsys_free(&sy);
}

/* A system whose elimination budget is spent keeps what propagation gives
 * and stays consistent: the diamond's join is left open. */
static void spent_budget_leaves_open(void **state)
{
    (void)state;
    struct lsys_system sy = make(8);
    sy.work = 1e12;
    EQ(&sy, 300, 1);
    EQ(&sy, 0, 1, -2, -3);
    EQ(&sy, 0, 4, -3);
    EQ(&sy, 0, 4, -5);
    EQ(&sy, 0, 6, -2, -5);
    EQ(&sy, 0, 6, -7, -8);
    EQ(&sy, 143, 8);
    EQ(&sy, 0, 7, -2);
    lsys_solve(&sy);
    assert_false(sy.conflict);
    assert_false(lsys_fixed(&sy, 5));
    assert_true(lsys_fixed(&sy, 7));
    lsys_free(&sy);
}

/* A chain of 70 such diamonds, each join feeding the next top: all of it
 * only the equalities together determine (560 open counts), solved by one
 * elimination within its budget. Per diamond k (base b = 8k): T = b+1,
 * a = b+2, bb = b+3, F = b+4, c = b+5, J = b+6, d = b+7, e = b+8 = 1,
 * and the next T = J. */
static void diamond_chain_by_elimination(void **state)
{
    (void)state;
    enum { D = 70, V = 8 };
    struct lsys_system sy = make(D * V);
    EQ(&sy, 1000, 1);
    for (int k = 0; k < D; k++) {
        int b = V * k;
        EQ(&sy, 0, b + 1, -(b + 2), -(b + 3));
        EQ(&sy, 0, b + 4, -(b + 3));
        EQ(&sy, 0, b + 4, -(b + 5));
        EQ(&sy, 0, b + 6, -(b + 2), -(b + 5));
        EQ(&sy, 0, b + 6, -(b + 7), -(b + 8));
        EQ(&sy, 1, b + 8);
        EQ(&sy, 0, b + 7, -(b + 2));
        if (k + 1 < D)
            EQ(&sy, 0, b + 9, -(b + 6));
    }
    lsys_solve(&sy);
    assert_false(sy.conflict);
    const int want[V] = {1000, 999, 1, 1, 1, 1000, 999, 1};
    for (int v = 0; v < D * V; v++) {
        assert_true(lsys_fixed(&sy, v));
        assert_int_equal((int)sy.lo[v], want[v % V]);
    }
    assert_true(sy.work > 0 && sy.work < 2e8);
    lsys_free(&sy);
}

/* A long chain around which propagation raises upper bounds a little each
 * pass: they must not grow until the sums lose integer precision and invent
 * a contradiction (they did, past 2^53, at the 44th of these diamonds).
 * Per diamond k (base b = 7k): T = b+1 = 1000 - k, a = b+2 = 1, bb = b+3,
 * F = b+4, c = b+5, J = b+6, d = b+7 = 1, the next T = J - d. */
static void long_chain_stays_exact(void **state)
{
    (void)state;
    enum { D = 150, V = 7 };
    struct lsys_system sy = make(D * V + 1);
    EQ(&sy, 1000, 1);
    for (int k = 0; k < D; k++) {
        int b = V * k;
        EQ(&sy, 0, b + 1, -(b + 2), -(b + 3));
        EQ(&sy, 0, b + 4, -(b + 3));
        EQ(&sy, 0, b + 4, -(b + 5));
        EQ(&sy, 0, b + 6, -(b + 2), -(b + 5));
        EQ(&sy, 0, b + 7, -(b + 2));
        EQ(&sy, 0, b + 6, -(b + 7), -(b + 8));
        EQ(&sy, 1, b + 7);
    }
    lsys_solve(&sy);
    assert_false(sy.conflict);
    for (int k = 0; k < D; k++) {
        assert_true(lsys_fixed(&sy, V * k));
        assert_int_equal((int)sy.lo[V * k], 1000 - k);
        assert_int_equal((int)sy.lo[V * k + 2], 999 - k);
    }
    lsys_free(&sy);
}

/* x1 = x2 and x2 = x1 + 1: propagation only pushes the lower bounds up
 * (no upper bound to cross); the equalities together are contradictory. */
static void contradiction_by_elimination(void **state)
{
    (void)state;
    struct lsys_system sy = make(2);
    EQ(&sy, 0, 1, -2);
    EQ(&sy, 1, 2, -1);
    lsys_solve(&sy);
    assert_true(sy.conflict);
    lsys_free(&sy);
}

/* A free split stays open: two edges out of a block of 10, nothing else. */
static void free_split_stays_open(void **state)
{
    (void)state;
    struct lsys_system sy = make(3);
    EQ(&sy, 10, 1);
    EQ(&sy, 0, 1, -2, -3);
    lsys_solve(&sy);
    assert_false(sy.conflict);
    assert_false(lsys_fixed(&sy, 1));
    assert_false(lsys_fixed(&sy, 2));
    assert_true(sy.hi[1] <= 10 && sy.hi[2] <= 10);
    lsys_free(&sy);
}

/* An equality whose solution is not a whole count is left to the bounds. */
static void fraction_left_open(void **state)
{
    (void)state;
    struct lsys_system sy = make(2);
    EQ(&sy, 5, 1, 2);        /* x1 + x2 = 5 */
    EQ(&sy, 0, 1, -2);       /* x1 = x2 */
    lsys_solve(&sy);
    assert_false(sy.conflict);
    assert_false(lsys_fixed(&sy, 0));
    lsys_free(&sy);
}

/* A random control-flow graph's count system, as lower_counts.c builds
 * them: per block, its count is the sum of its in-edges and of its
 * out-edges; some counts known (from the IR), some edges known, some
 * inequalities, and with BAD a few that contradict the rest. */
static uint64_t rnd_state;
static unsigned rnd(unsigned n)
{
    rnd_state = rnd_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rnd_state >> 33) % n;
}

static struct lsys_system random_system(unsigned seed, bool bad)
{
    rnd_state = seed;
    size_t nb = 5 + rnd(60), ne = nb + rnd((unsigned)nb * 2);
    struct lsys_system sy = make(nb + ne);
    int *from = calloc(ne, sizeof *from), *to = calloc(ne, sizeof *to);
    for (size_t e = 0; e < ne; e++) {
        from[e] = e + 1 < nb ? (int)e : (int)rnd((unsigned)nb);
        to[e] = e + 1 < nb ? (int)e + 1 : (int)rnd((unsigned)nb);
    }
    int var[300];
    signed char coef[300];
    for (size_t b = 0; b < nb; b++)
        for (int dir = 0; dir < 2; dir++) {
            size_t n = 0;
            var[n] = (int)b;
            coef[n++] = 1;
            for (size_t e = 0; e < ne && n < 300; e++)
                if ((dir ? from[e] : to[e]) == (int)b) {
                    var[n] = (int)(nb + e);
                    coef[n++] = -1;
                }
            if (n > 1)
                lsys_add(&sy, var, coef, n, 0, false);
        }
    var[0] = 0;
    coef[0] = 1;
    lsys_add(&sy, var, coef, 1, 1000, false);
    size_t extra = rnd(12);
    for (size_t k = 0; k < extra; k++) {
        var[0] = (int)(nb + rnd((unsigned)ne));
        lsys_add(&sy, var, coef, 1, (double)rnd(700) + (rnd(4) ? 0 : 0.5), rnd(3) == 0);
    }
    for (size_t k = 0; bad && k < 2; k++) {
        var[0] = (int)rnd((unsigned)nb);
        lsys_add(&sy, var, coef, 1, 1001 + (double)rnd(50), false);
    }
    free(from);
    free(to);
    return sy;
}

static void copy_into(struct lsys_system *to, const struct lsys_system *from)
{
    *to = make(from->nvars);
    for (size_t i = 0; i < from->nc; i++)
        lsys_add(to, from->c[i].var, from->c[i].coef, from->c[i].n, from->c[i].rhs, from->c[i].ge);
}

static void same_bits(const struct lsys_system *a, const struct lsys_system *b)
{
    assert_int_equal(a->conflict, b->conflict);
    assert_int_equal(a->first_conflict, b->first_conflict);
    assert_memory_equal(a->lo, b->lo, a->nvars * sizeof *a->lo);
    assert_memory_equal(a->hi, b->hi, a->nvars * sizeof *a->hi);
}

/* The solver's rounds skip the constraints whose variables did not change,
 * its elimination runs on sparse rows and is not made again on rows it
 * fixed nothing of: on 400 random count systems (100 with contradictions),
 * solved alone, again after a constraint is added, and with a shared
 * memory of eliminations, it gives bit for bit the intervals, the
 * contradiction and the work of the solver that evaluates every constraint
 * every round and eliminates densely (system_reference.h). */
static void random_systems_as_reference(void **state)
{
    (void)state;
    struct lsys_memo *memo = lsys_memo_new();
    size_t fixed_by_elimination = 0;
    double work = 0, ref_work = 0;
    for (unsigned seed = 1; seed <= 400; seed++) {
        struct lsys_system a = random_system(seed, seed % 4 == 0), b, c;
        copy_into(&b, &a);
        copy_into(&c, &a);
        c.memo = memo;
        lsys_solve(&a);
        ref_solve(&b);
        same_bits(&a, &b);
        work += a.work;
        ref_work += b.work;
        lsys_solve(&c);
        same_bits(&c, &b);
        /* once more with one more inequality, the memory shared */
        int v = (int)(seed % a.nvars);
        signed char one = 1;
        lsys_add(&b, &v, &one, 1, 3, true);
        lsys_add(&c, &v, &one, 1, 3, true);
        ref_solve(&b);
        lsys_solve(&c);
        same_bits(&c, &b);
        for (size_t k = 0; k < a.nvars; k++)
            fixed_by_elimination += lsys_fixed(&b, (int)k);
        c.memo = NULL;
        lsys_free(&a);
        lsys_free(&b);
        lsys_free(&c);
    }
    assert_true(fixed_by_elimination > 1000); /* the systems settle counts */
    /* the eliminations after the first of a solve start from its rows */
    print_message("random systems: elimination work %.0f, the reference's %.0f\n", work, ref_work);
    assert_true(work < ref_work);
    lsys_memo_free(memo);
}

/* Contradictions are taken apart by putting a system's inferences in one
 * at a time (lower_counts.c relax): with the index and the pending
 * evaluations kept (lsys_keep, lsys_include, lsys_checkpoint,
 * lsys_rollback), on 60 random systems with contradictions and a shared
 * memory of eliminations, every step gives bit for bit the intervals, the
 * contradiction and the work of the reference solver run on the system
 * made anew with the constraints kept so far and the one put in (the
 * first contradicting constraint numbered among those). Then the
 * same kept index solves subsets from scratch (lsys_restart), as the
 * search for the inferences in a contradiction does. */
/* SY's first contradicting constraint numbered among those included (with
 * lsys_keep it is numbered among all); returns what to restore. */
static long number_included(struct lsys_system *sy)
{
    long was = sy->first_conflict, k = 0;
    if (was < 0)
        return was;
    for (long i = 0; i < was; i++)
        k += !sy->off[i];
    sy->first_conflict = k;
    return was;
}

static void same_bits_kept(struct lsys_system *a, const struct lsys_system *r)
{
    long was = number_included(a);
    same_bits(a, r);
    a->first_conflict = was;
}

static void kept_index_as_reference(void **state)
{
    (void)state;
    struct lsys_memo *memo = lsys_memo_new();
    size_t dropped = 0, steps = 0;
    double work = 0, ref_work = 0;
    for (unsigned seed = 1; seed <= 60; seed++) {
        struct lsys_system a = random_system(seed, true), r = make(a.nvars);
        size_t nf = a.nc / 2;
        a.memo = memo;
        for (size_t i = 0; i < nf; i++)
            lsys_add(&r, a.c[i].var, a.c[i].coef, a.c[i].n, a.c[i].rhs, a.c[i].ge);
        lsys_keep(&a);
        for (size_t i = nf; i < a.nc; i++)
            lsys_include(&a, i, false);
        lsys_solve(&a);
        ref_solve(&r);
        r.work = a.work; /* (memo hits are charged what the first one spent) */
        same_bits_kept(&a, &r);
        double *lo = malloc(a.nvars * sizeof *lo), *hi = malloc(a.nvars * sizeof *hi);
        for (size_t i = nf; i < a.nc; i++) {
            memcpy(lo, r.lo, a.nvars * sizeof *lo);
            memcpy(hi, r.hi, a.nvars * sizeof *hi);
            lsys_add(&r, a.c[i].var, a.c[i].coef, a.c[i].n, a.c[i].rhs, a.c[i].ge);
            double w0 = r.work;
            ref_solve(&r);
            lsys_checkpoint(&a);
            lsys_include(&a, i, true);
            double a0 = a.work;
            lsys_solve(&a);
            work += a.work - a0;
            ref_work += r.work - w0;
            r.work = a.work;
            same_bits_kept(&a, &r);
            steps++;
            if (a.conflict) {
                lsys_rollback(&a);
                lsys_include(&a, i, false);
                a.conflict = false;
                a.first_conflict = -1;
                memcpy(r.lo, lo, a.nvars * sizeof *lo);
                memcpy(r.hi, hi, a.nvars * sizeof *hi);
                r.nc--;
                free(r.c[r.nc].var);
                free(r.c[r.nc].coef);
                r.conflict = false;
                r.first_conflict = -1;
                dropped++;
                same_bits_kept(&a, &r);
            }
        }
        /* from scratch: the constraints of even index (the first always) */
        struct lsys_system e = make(a.nvars);
        for (size_t i = 0; i < a.nc; i++) {
            lsys_include(&a, i, i % 2 == 0);
            if (i % 2 == 0)
                lsys_add(&e, a.c[i].var, a.c[i].coef, a.c[i].n, a.c[i].rhs, a.c[i].ge);
        }
        lsys_restart(&a);
        lsys_solve(&a);
        ref_solve(&e);
        e.work = a.work;
        same_bits_kept(&a, &e);
        free(lo);
        free(hi);
        a.memo = NULL;
        lsys_free(&a);
        lsys_free(&r);
        lsys_free(&e);
    }
    print_message("kept index: %zu steps, %zu dropped; elimination work %.0f, the reference's %.0f\n", steps, dropped,
                  work, ref_work);
    assert_true(work < ref_work / 2);
    assert_true(dropped > 60 && steps > 300); /* contradictions were taken apart */
    lsys_memo_free(memo);
}

/* The search for the inferences in a contradiction solves parts of a
 * system from scratch, each elimination starting from the reduced rows
 * that flow conservation's first elimination left (lsys_solve_first_rows,
 * lsys_echelon_set): on 40 random systems with contradictions, the
 * intervals and contradictions of the reference solver run on that part
 * alone, for less elimination work than starting from the constraints. */
static void first_rows_start_parts(void **state)
{
    (void)state;
    double work = 0, plain_work = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
        struct lsys_system a = random_system(seed, true), b, e = make(a.nvars);
        copy_into(&b, &a);
        size_t nf = a.nc / 2;
        lsys_keep(&a);
        lsys_keep(&b);
        for (size_t i = nf; i < a.nc; i++)
            lsys_include(&a, i, false);
        lsys_restart(&a);
        struct lsys_echelon *flow = lsys_solve_first_rows(&a);
        for (size_t i = 0; i < a.nc; i++) {
            bool in = i < nf || i % 3 == 0;
            lsys_include(&a, i, in);
            lsys_include(&b, i, in);
            if (in)
                lsys_add(&e, a.c[i].var, a.c[i].coef, a.c[i].n, a.c[i].rhs, a.c[i].ge);
        }
        lsys_restart(&a);
        lsys_restart(&b);
        lsys_echelon_set(&a, flow);
        double a0 = a.work;
        lsys_solve(&a);
        lsys_solve(&b);
        ref_solve(&e);
        work += a.work - a0;
        plain_work += b.work;
        long was = number_included(&a);
        assert_int_equal(a.conflict, e.conflict);
        assert_memory_equal(a.lo, e.lo, a.nvars * sizeof *a.lo);
        assert_memory_equal(a.hi, e.hi, a.nvars * sizeof *a.hi);
        a.first_conflict = was;
        lsys_echelon_set(&a, NULL);
        lsys_solve(&a); /* nothing left to do: the same bits */
        assert_int_equal(a.conflict, e.conflict);
        assert_memory_equal(a.lo, e.lo, a.nvars * sizeof *a.lo);
        lsys_echelon_free(flow);
        lsys_free(&a);
        lsys_free(&b);
        lsys_free(&e);
    }
    print_message("parts from flow's rows: elimination work %.0f, from the constraints %.0f\n", work, plain_work);
    assert_true(work < plain_work);
}

/* The budget bounds the work of eliminations that start from the last
 * one's rows too: the chain of 70 diamonds with its constraints put in one
 * at a time (as relaxing does), on a budget nearly spent. Every solve
 * returns, nothing contradicts, and what was fixed is right (the joins past
 * the budget stay open: an estimate, not a wrong count). */
static void budget_bounds_steps(void **state)
{
    (void)state;
    enum { D = 70, V = 8 };
    const int want[V] = {1000, 999, 1, 1, 1, 1000, 999, 1};
    for (int spent = 0; spent < 2; spent++) {
        struct lsys_system sy = make(D * V);
        EQ(&sy, 1000, 1);
        for (int k = 0; k < D; k++) {
            int b = V * k;
            EQ(&sy, 0, b + 1, -(b + 2), -(b + 3));
            EQ(&sy, 0, b + 4, -(b + 3));
            EQ(&sy, 0, b + 4, -(b + 5));
            EQ(&sy, 0, b + 6, -(b + 2), -(b + 5));
            EQ(&sy, 0, b + 6, -(b + 7), -(b + 8));
            EQ(&sy, 1, b + 8);
            EQ(&sy, 0, b + 7, -(b + 2));
            if (k + 1 < D)
                EQ(&sy, 0, b + 9, -(b + 6));
        }
        double start = spent ? 2e8 - 2e4 : 0;
        sy.work = start;
        lsys_keep(&sy);
        for (size_t i = 1; i < sy.nc; i++)
            lsys_include(&sy, i, false);
        lsys_solve(&sy);
        for (size_t i = 1; i < sy.nc; i++) {
            lsys_checkpoint(&sy);
            lsys_include(&sy, i, true);
            lsys_solve(&sy);
            assert_false(sy.conflict);
        }
        size_t fixed = 0;
        for (int v = 0; v < D * V; v++)
            if (lsys_fixed(&sy, v)) {
                assert_int_equal((int)sy.lo[v], want[v % V]);
                fixed++;
            }
        print_message("budget %s: work %.0f, %zu of %d fixed\n", spent ? "nearly spent" : "whole", sy.work - start,
                      fixed, D * V);
        if (spent) {
            assert_true(fixed < D * V);
            assert_true(sy.work < 2e8 + 1e5); /* one elimination past the budget at most */
        } else
            assert_int_equal(fixed, D * V);
        lsys_free(&sy);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chain_by_propagation),
        cmocka_unit_test(random_systems_as_reference),
        cmocka_unit_test(kept_index_as_reference),
        cmocka_unit_test(diamond_by_elimination),
        cmocka_unit_test(contradiction_by_elimination),
        cmocka_unit_test(spent_budget_leaves_open),
        cmocka_unit_test(diamond_chain_by_elimination),
        cmocka_unit_test(long_chain_stays_exact),
        cmocka_unit_test(free_split_stays_open),
        cmocka_unit_test(fraction_left_open),
        cmocka_unit_test(first_rows_start_parts),
        cmocka_unit_test(budget_bounds_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
