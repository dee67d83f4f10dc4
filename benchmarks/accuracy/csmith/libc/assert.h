/* assert.h — for csmith programs built with Debian's csmith runtime headers
 * (csmith-sweep --config debian): their random_inc.h includes it; the programs do not
 * assert, so a failed one stops the program as abort() does. */
#ifndef LPNEST_CSMITH_LIBC_ASSERT_H
#define LPNEST_CSMITH_LIBC_ASSERT_H
#include "bench.h"
#define assert(e) ((e) ? (void)0 : abort())
#endif
