/* exec_ops.c — names of the engine's ops, for debug dumps and messages. */
#include "exec_ops.h"

const char *const exec_op_names[] = {
#define EXEC_OP_NAME(n) #n,
    EXEC_OPS(EXEC_OP_NAME)
#undef EXEC_OP_NAME
};
