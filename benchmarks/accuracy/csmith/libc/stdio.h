/* stdio.h — for csmith programs built with Debian's csmith runtime headers
 * (libcsmith-dev, /usr/include/csmith; csmith-sweep --config debian) on the bare targets:
 * the corpus's C library interface (bench.h), which every reference runtime and lpnest
 * serve. Only what those headers use. */
#ifndef LPNEST_CSMITH_LIBC_STDIO_H
#define LPNEST_CSMITH_LIBC_STDIO_H
#include "bench.h"
#endif
