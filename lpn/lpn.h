/* lpn.h — Latency Petri Nets (LPNs): load a model from its YAML description
 * (lpn/FORMAT.md), simulate it event by event, feed it tokens at given
 * times and read back times and statistics. Also writes Graphviz, trace
 * events and reports. Prefix: lpn_.
 *
 * Typical use by a host that offloads work to an accelerator modelled as an
 * LPN (the instance lives as long as the accelerator):
 *
 *     struct lpn_model *m = lpn_load_file("jpeg.yaml", NULL, 0, stderr);
 *     struct lpn_sim *s = lpn_sim_new(m, LPN_SIM_NO_GENERATORS);
 *     ...at each offload call made at host cycle T with K input tokens:
 *     lpn_sim_run(s, T, LPN_NO_DONE_LIMIT);          // catch up to T
 *     for (k = 0; k < K; k++)
 *         lpn_sim_inject(s, lpn_start_place(m), T, props[k]);
 *     uint64_t target = lpn_sim_done_count(s) + K_DONE;
 *     if (lpn_sim_run(s, LPN_NO_TIME_LIMIT, target) == LPN_DONE_REACHED)
 *         finish = lpn_sim_last_done(s);           // the call returns here
 *     (with several calls in flight, tag the tokens with a request id and wait
 *     for one with lpn_sim_run_until_token)
 *     ...
 *     lpn_sim_free(s); lpn_model_free(m);
 *
 * Times are cycles (int64_t, >= 0). Token properties are int64_t, given in
 * the order the place's type declares them (lpn_place_prop). Nothing here
 * prints to stderr by itself: diagnostics go to the FILE * callers pass. */
#ifndef LPNEST_LPN_H
#define LPNEST_LPN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LPN_VERSION "0.1.0"

struct lpn_model;   /* a loaded, compiled net; immutable, shareable by sims */
struct lpn_sim;     /* one simulation instance of a model */

/* ---- loading -----------------------------------------------------------------*/

/* A parameter override: replaces the value of the model's parameter NAME. */
struct lpn_param {
    const char *name;
    int64_t value;
};

/* Loads and checks the model in PATH, with NOVERRIDES parameter overrides
 * (the model must declare each of them). Returns the model, which the caller
 * frees with lpn_model_free, or NULL after printing every error found as
 * "file:line:col: error: ..." to DIAG (NULL discards them). */
struct lpn_model *lpn_load_file(const char *path, const struct lpn_param *overrides,
                                size_t noverrides, FILE *diag);
/* The same for TEXT[0..len) in memory (need not be NUL-terminated); NAME is
 * the file name used in messages and kept as the model's source name. */
struct lpn_model *lpn_load_string(const char *name, const char *text, size_t len,
                                  const struct lpn_param *overrides, size_t noverrides,
                                  FILE *diag);
/* Frees M (NULL is fine). Every sim made from M must be freed first. */
void lpn_model_free(struct lpn_model *m);

/* ---- model introspection -----------------------------------------------------
 * Places and transitions are numbered from 0 in declaration order; places
 * generated for `capacity:` (named "P.cap") come after the declared ones.
 * Returned strings belong to the model and live as long as it. Functions
 * taking a place or transition number return NULL, 0, -1 or false for one
 * out of range; the _find functions return -1 for an unknown name. */
const char *lpn_model_name(const struct lpn_model *m);    /* `name:` or the file name */
const char *lpn_model_source(const struct lpn_model *m);  /* the file name given to the loader */
int lpn_place_count(const struct lpn_model *m);
int lpn_place_find(const struct lpn_model *m, const char *name);   /* -1 when absent */
const char *lpn_place_name(const struct lpn_model *m, int place);
int lpn_place_nprops(const struct lpn_model *m, int place);
const char *lpn_place_prop(const struct lpn_model *m, int place, int k);
int lpn_place_prop_find(const struct lpn_model *m, int place, const char *prop);  /* -1 */
int64_t lpn_place_capacity(const struct lpn_model *m, int place);  /* 0: unbounded */
bool lpn_place_is_resource(const struct lpn_model *m, int place);  /* resource or generated capacity place */
int lpn_start_place(const struct lpn_model *m);   /* -1 when the model has no `start:` */
int lpn_done_place(const struct lpn_model *m);    /* -1 when the model has no `done:` */
int lpn_transition_count(const struct lpn_model *m);
int lpn_transition_find(const struct lpn_model *m, const char *name);   /* -1 */
const char *lpn_transition_name(const struct lpn_model *m, int t);
/* The value of parameter NAME after overrides; false when there is none. */
bool lpn_param_value(const struct lpn_model *m, const char *name, int64_t *value);

/* ---- simulation ----------------------------------------------------------------*/

/* Why lpn_sim_run returned. */
enum lpn_status {
    LPN_DONE_REACHED,   /* the done place has received the requested number of tokens */
    LPN_TIME_REACHED,   /* the next event is at or after the requested time */
    LPN_IDLE,           /* nothing is scheduled: no commit can ever happen again
                           until tokens are injected (terminal state) */
    LPN_LIMIT,          /* the commit limit (lpn_sim_set_limits) was reached */
    LPN_ERROR           /* a run-time error (lpn_sim_error); the sim is unusable */
};
#define LPN_NO_TIME_LIMIT INT64_MAX
#define LPN_NO_DONE_LIMIT UINT64_MAX

/* lpn_sim_new flags. By default the initial and generated tokens that
 * arrive at cycle 0 are made when a transition first reads or takes them,
 * so a run holds the tokens in flight, not every token of the run; an
 * error in their expressions is then a run-time error (lpn_sim_error). */
enum {
    LPN_SIM_NO_GENERATORS = 1,   /* leave out the model's `generate:` tokens */
    LPN_SIM_EAGER = 2            /* make every token now: errors from lpn_sim_new (`lpn check`) */
};

/* Default limits; see lpn_sim_set_limits. */
#define LPN_DEFAULT_MAX_COMMITS 100000000ULL
#define LPN_DEFAULT_MAX_TOKENS 50000000ULL

/* Makes a simulation of M at cycle 0 holding the model's initial tokens
 * (and its generated ones unless FLAGS has LPN_SIM_NO_GENERATORS). M must
 * outlive the sim; several sims may share one model. Returns a sim the
 * caller frees with lpn_sim_free, or NULL after printing
 * "file:line:col: error: ..." to DIAG when a generator fails to evaluate
 * (division by zero, a negative arrival time) or makes more tokens than
 * the token limit (LPN_DEFAULT_MAX_TOKENS) — for tokens made on demand
 * (see the flags) these are run-time errors instead. */
struct lpn_sim *lpn_sim_new(const struct lpn_model *m, unsigned flags, FILE *diag);
/* The same with the limits of lpn_sim_set_limits applied before any token is
 * placed (0: the default), so MAX_TOKENS also bounds the generated tokens. */
struct lpn_sim *lpn_sim_new_limited(const struct lpn_model *m, unsigned flags, uint64_t max_commits,
                                    uint64_t max_tokens, FILE *diag);
void lpn_sim_free(struct lpn_sim *s);

/* Caps the total number of commits over the sim's life (default
 * LPN_DEFAULT_MAX_COMMITS; lpn_sim_run returns LPN_LIMIT when reached) and the
 * number of tokens with properties held at once (default
 * LPN_DEFAULT_MAX_TOKENS; exceeding it is a run-time error): tokens in
 * flight, not generated tokens not yet made nor tokens put into a place no
 * transition reads. 0 keeps the current value. */
void lpn_sim_set_limits(struct lpn_sim *s, uint64_t max_commits, uint64_t max_tokens);

/* Schedules a token with properties PROPS (lpn_place_nprops values, copied;
 * NULL gives zeros) to arrive in PLACE at cycle TIME. Tokens arriving at one
 * cycle enter their places in the order they were injected, before any
 * commit of that cycle (when a run stopped in the middle of cycle TIME, the
 * commits already made stay made). Returns 0, or -1 with nothing scheduled
 * (lpn_sim_error is not set) when PLACE is out of range or bounded (a
 * capacity place, or a place with `capacity:` — its capacity tokens would no
 * longer add up), TIME is before lpn_sim_now, or the sim has failed. */
int lpn_sim_inject(struct lpn_sim *s, int place, int64_t time, const int64_t *props);

/* Reads a JSONL token stream (FORMAT.md: one {"place":..,"time":..,
 * "props":{..}} object per line) from PATH ("-" is stdin) and injects every
 * token. Returns the number of tokens, or -1 after printing
 * "path:line:col: error: ..." to DIAG (tokens before the bad line stay
 * injected). */
long lpn_sim_load_jsonl(struct lpn_sim *s, const char *path, FILE *diag);

/* Advances the simulation: processes events in time order (at one cycle:
 * arrivals, then enabling checks, then commits one at a time by smallest
 * transition id, re-checking after each — FORMAT.md "Semantics") and stops
 *  - before the first event at or after UNTIL_TIME (LPN_NO_TIME_LIMIT: none),
 *  - as soon as lpn_sim_done_count reaches UNTIL_DONE (LPN_NO_DONE_LIMIT: none),
 *  - when nothing is scheduled any more (LPN_IDLE), at the commit limit, or
 *    on a run-time error.
 * The clock only moves to event times: after LPN_TIME_REACHED or LPN_IDLE
 * lpn_sim_now is the time of the last event processed. The sim stays usable
 * (inject more and run again) after every status but LPN_ERROR. */
enum lpn_status lpn_sim_run(struct lpn_sim *s, int64_t until_time, uint64_t until_done);

/* Like lpn_sim_run with no done limit, but stops (LPN_DONE_REACHED) right
 * after the commit that puts into the done place a token whose property
 * PROP (an index of the done place's properties) equals VALUE — the way to
 * wait for one request when the accelerator may finish requests out of
 * order; lpn_sim_last_done is then that token's cycle. A token already done
 * before the call does not count. PROP out of range returns LPN_ERROR
 * without touching the sim (lpn_sim_error stays NULL). */
enum lpn_status lpn_sim_run_until_token(struct lpn_sim *s, int64_t until_time, int prop, int64_t value);

const struct lpn_model *lpn_sim_model(const struct lpn_sim *s);   /* the model S runs */
int64_t lpn_sim_now(const struct lpn_sim *s);
uint64_t lpn_sim_commits(const struct lpn_sim *s);          /* all transitions */
uint64_t lpn_sim_done_count(const struct lpn_sim *s);       /* tokens put into `done` */
int64_t lpn_sim_last_done(const struct lpn_sim *s);         /* cycle of the last one, -1: none */
size_t lpn_sim_pending(const struct lpn_sim *s);            /* scheduled commits, arrivals, wake-ups
                                                               (a streamed generate: entry counts once) */
/* The cycle of the next scheduled event (a commit, an arrival, the end of an
 * initiation interval), or -1 when nothing is scheduled: the earliest time
 * the sim can change by itself. */
int64_t lpn_sim_next_event(const struct lpn_sim *s);
uint64_t lpn_sim_tokens(const struct lpn_sim *s, int place);/* tokens in PLACE now, locked ones included */
/* True when the sim is idle (nothing scheduled) and PLACE still holds tokens
 * that some transition could consume: the place is neither `done`, nor a
 * resource, nor without consumers. Such tokens are either
 *  - parked (lpn_sim_parked): the net ran out of work — a consumer of the
 *    place lacks tokens in an input that new input could still fill (the
 *    start place, a place nothing writes, or one written by a transition
 *    that new input could let fire: FORMAT.md "End, parked tokens and
 *    deadlock"), say the last block of an incomplete MCU or a token left in
 *    a loop place; or
 *  - deadlocked: no input could ever move them — every consumer has the
 *    tokens it needs but a guard is false on them, or it waits, directly or
 *    through a cycle, on a full buffer, a resource never given back or a
 *    place only it could fill.
 * lpn_sim_deadlocked is true when any place is deadlocked. */
bool lpn_sim_stuck(const struct lpn_sim *s, int place);
bool lpn_sim_parked(const struct lpn_sim *s, int place);
bool lpn_sim_deadlocked(const struct lpn_sim *s);
/* The run-time error message ("file:line:col: error: ...") or NULL. */
const char *lpn_sim_error(const struct lpn_sim *s);

/* Per-transition statistics over cycles [0, lpn_sim_now]. Every cycle of a
 * transition is counted in exactly one of busy (a firing in flight, or its
 * initiation interval running), starved (not enabled because an ordinary
 * input lacks tokens or a guard is false) and blocked (its ordinary inputs
 * are ready but a resource/capacity place lacks tokens — a full output — or
 * an inhibitor place is not empty). */
struct lpn_tstats {
    uint64_t commits;
    uint64_t fired;          /* firings started (commits + in flight) */
    int64_t first_commit;    /* -1 when none */
    int64_t last_commit;     /* -1 when none */
    int64_t busy, starved, blocked;
};
/* Fills OUT for transition T (all zeros, -1 commit times, for T out of range). */
void lpn_sim_tstats(const struct lpn_sim *s, int t, struct lpn_tstats *out);

/* Hooks (NULL FN removes). on_fire runs when a firing starts, with its
 * commit time already known; on_done runs for every token put into the done
 * place, with its properties (valid during the call only; NULL and 0 when the
 * place has none). A hook may read the sim but must not run or inject. */
typedef void lpn_fire_fn(void *ctx, int transition, int64_t start, int64_t commit);
typedef void lpn_done_fn(void *ctx, int64_t time, const int64_t *props, int nprops);
void lpn_sim_on_fire(struct lpn_sim *s, lpn_fire_fn *fn, void *ctx);
void lpn_sim_on_done(struct lpn_sim *s, lpn_done_fn *fn, void *ctx);

/* ---- outputs -------------------------------------------------------------------*/

/* Writes M as a Graphviz digraph to OUT. */
void lpn_write_dot(const struct lpn_model *m, FILE *out);

/* Chrome/Perfetto trace events: lpn_trace_begin hooks into S (replacing its
 * on_fire hook) and writes the header; every firing becomes one complete
 * event ("ph":"X", 1 cycle shown as 1 us) on its transition's track
 * (overlapping firings of a pipelined transition get extra lanes, named
 * "T #2", ...). lpn_trace_end writes the footer and frees the tracer; OUT
 * stays open. Returns NULL only if S is NULL. */
struct lpn_trace;
struct lpn_trace *lpn_trace_begin(struct lpn_sim *s, FILE *out);
void lpn_trace_end(struct lpn_trace *tr);

/* The result report of `lpn sim`: status, last done cycle, per-transition
 * statistics and the stuck places of a deadlock, as text or (JSON true) as
 * one JSON object. STATUS is what the last lpn_sim_run returned. */
void lpn_report(FILE *out, const struct lpn_sim *s, enum lpn_status status, bool json);

#endif
