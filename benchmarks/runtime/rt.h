/* rt.h — what the target ports of the bare runtime provide to rt_libc.c. */
#ifndef RT_H
#define RT_H

#include <stddef.h>

/* Writes n bytes to standard output (system call or UART). */
void rt_write(const char *buf, size_t n);
/* Writes n bytes to standard error (system call; on the AVR the UART, its only output). */
void rt_write_err(const char *buf, size_t n);
/* Ends the program with the given status; never returns. */
_Noreturn void rt_exit(int status);
/* Bounds of the heap malloc carves from: sets *base and *end. */
void rt_heap(unsigned char **base, unsigned char **end);

#endif
