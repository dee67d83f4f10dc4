/* bench.h — the C library the packet application may use: the corpus's list
 * (lpnest_corpus_program also expects a bench.h next to each program). */
#include "../../corpus/bench.h"
