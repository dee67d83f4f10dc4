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
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Turns the line on (ON: stderr is a terminal and --quiet was not given). */
void eng_progress_enable(bool on);
bool eng_progress_enabled(void);
/* A phase begins: shown at once when the run is already past the delay. */
void eng_progress_phase(const char *name);
/* The engine's periodic check: STEPS IR instructions run in this phase. */
void eng_progress_steps(uint64_t steps);
/* Erases the line if one is shown (before other output, at the end). */
void eng_progress_clear(void);
/* Writes N bytes of the program's TEXT to its standard output or error F
 * (returns what fwrite returns): the line is erased first, the text
 * flushed, and no line drawn again until the program's output ends a line,
 * so progress and the program's output never share a line. */
size_t eng_progress_write(FILE *f, const void *text, size_t n);

#endif
