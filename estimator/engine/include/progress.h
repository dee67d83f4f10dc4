/* progress.h — the progress line of a long lpnest run on a terminal: the
 * phase it is in (loading, lowering, counting run, pricing, timed run,
 * report), the IR instructions run so far in the engine's phases, and the
 * time, refreshed in place once the run has taken LPNEST_PROGRESS_DELAY
 * seconds (default 1.5) and erased when a phase ends, so that nothing is
 * left on the terminal. One line per process; off unless enabled.
 */
#ifndef LPNEST_PROGRESS_H
#define LPNEST_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/* Turns the line on (ON: stderr is a terminal and --quiet was not given). */
void eng_progress_enable(bool on);
bool eng_progress_enabled(void);
/* A phase begins: shown at once when the run is already past the delay. */
void eng_progress_phase(const char *name);
/* The engine's periodic check: STEPS IR instructions run in this phase. */
void eng_progress_steps(uint64_t steps);
/* Erases the line if one is shown (before other output, at the end). */
void eng_progress_clear(void);

#endif
