/* freq.h — counts without a run, shared by estimate_static.c and
 * profile_file.c: block frequencies solved from branch probabilities,
 * integer flows rounded from real ones so that every block is entered as
 * often as it is left, and filling the count records (counts.h: struct
 * cnt_func) from edge counts. */
#ifndef LPNEST_FREQ_H
#define LPNEST_FREQ_H

#include "counts.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Internal scale of counts made from frequencies: a function entered once
 * is counted as entered CNT_FREQ_SCALE times, so fractional frequencies
 * survive the engine's integer counters; estimates are divided back. */
#define CNT_FREQ_SCALE 1048576.0

/* Block frequencies of a CFG of N blocks entered once at block 0: F[v] =
 * [v == 0] + sum over edges u->v of F[u] * PROB. Block B's out-edges are
 * SUCC[OFF[B] .. OFF[B+1]) with probabilities PROB[...] (sums of at most 1;
 * what is missing leaves the function). Solved exactly (up to rounding) by
 * eliminating blocks in reverse post-order; a loop that never exits (an
 * exit mass below 1e-12: rounding) is given the scale of LLVM's
 * BlockFrequencyInfo for infinite loops (4096).
 * Blocks not reachable from block 0 get 0. */
void cnt_freq_solve(size_t n, const size_t *off, const uint32_t *succ, const double *prob, double *f);

/* Integer values Y[e] for real flows X[e] >= 0 of NE edges FROM -> TO
 * between NN nodes that conserve flow at every node (inflow = outflow; make
 * sources and sinks edges of a node of their own): each Y[e] is floor or
 * ceil of X[e] when X conserves exactly, within 2 otherwise; an X[e] of 0
 * stays 0. Returns false when no such rounding was found (Y then holds
 * X rounded to nearest, which does not conserve). */
bool cnt_round_flow(size_t nn, size_t ne, const uint32_t *from, const uint32_t *to, const double *x, uint64_t *y);

/* The engine's out-edges of block B of XF in successor order: their edge
 * indices go to OUT (room for the block's successors), the count is
 * returned (0 for a terminator the engine does not follow). */
size_t cnt_block_out_edges(const struct cnt_func *xf, uint32_t b, uint32_t *out, size_t max);

/* Fills XF's block counts from its edge counts (edge 0 = the calls), its
 * select records from the instructions' profile metadata or an even split
 * (saturating arithmetic: never saturated; records of later kinds: left
 * empty), and its path counters from independence where they are still 0
 * (in-edge share x out-edge share, rounded consistently). */
void cnt_fill_derived(struct cnt_func *xf, bool selects, bool pairs);

#endif
