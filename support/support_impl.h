/* support_impl.h — what the files of support/ share and nobody else sees:
 * the isolated child's state (isolate.c), used by the out-of-memory path
 * (diag.c) and the output temporaries (files.c). */
#ifndef LPNEST_SUPPORT_IMPL_H
#define LPNEST_SUPPORT_IMPL_H

#include <stdbool.h>
#include <stddef.h>

/* Exit status of an isolated child that ran out of memory. */
#define SUP_CHILD_OOM 5

/* True in a child of sup_isolated_run. */
extern bool sup__in_child;
/* In such a child: N bytes of MSG to the parent's message pipe. */
void sup__child_message(const char *msg, size_t n);
/* What the program is doing (sup_set_activity), already escaped; "" if unknown. */
const char *sup__activity(void);
/* Puts back what sup__activity returned before (copied, not escaped again). */
void sup__restore_activity(const char *saved);
/* In such a child: forgets the parent's output temporaries (not removed). */
void sup__forget_pending(void);

#endif
