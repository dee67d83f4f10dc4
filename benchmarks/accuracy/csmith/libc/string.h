/* string.h — for csmith programs built with Debian's csmith runtime headers
 * (csmith-sweep --config debian): the corpus's C library interface (bench.h). */
#ifndef LPNEST_CSMITH_LIBC_STRING_H
#define LPNEST_CSMITH_LIBC_STRING_H
#include "bench.h"
#endif
