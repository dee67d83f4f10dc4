/* ua_cv32e40p.c — the cycle model of OpenHW CV32E40P (uarch.h). */
#include "ua_impl.h"

struct cv { int dummy; };
static void reset(struct ua_core *c, void *st, uint32_t pc) { (void)c; (void)st; (void)pc; }
static enum ua_step step(struct ua_core *c, void *st) { (void)c; (void)st; return UA_STEP_NEED; }
static bool empty(const void *st) { (void)st; return true; }
static void rebase(void *st, uint64_t fed, bool rel) { (void)st; (void)fed; (void)rel; }
const struct ua_model_ops ua_cv32e40p_ops = {sizeof(struct cv), reset, step, empty, rebase};
