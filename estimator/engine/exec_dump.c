/* exec_dump.c — prints a function's translated ops (set LPNEST_DUMP_OPS to a
 * function name); a development aid for the engine's translation. */
#include "exec.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void exec_dump_ops(const struct xfunc *f, FILE *out)
{
    fprintf(out, "function %s: %u ops, %u slots (%u constants), %u edges\n", f->name, f->ncode, f->nslots, f->nconst,
            f->nedges);
    for (uint32_t i = 0; i < f->ncode; i++) {
        const struct op *o = &f->code[i];
        for (uint32_t b = 0; b < f->nblocks; b++)
            if (f->blocks[b].pc == i)
                fprintf(out, "%s:\n", f->blocks[b].name);
        fprintf(out, "  %4u %-12s d=%u a=%u b=%u k=%" PRIu64 " w=%u x=%u\n", i, exec_op_names[o->code], o->d, o->a,
                o->b, o->k, o->w, o->x);
    }
}
