/* cost_dump.c — a readable listing of the machine blocks with their counts,
 * for `lpnest --dump-machine` (diagnostics and validation). A block's
 * source is how its count was found; SPLIT: known count, estimated split. */
#include "cost.h"
#include "lower.h"

#include <stdlib.h>
#include <string.h>

void cost_dump_machine(const struct mmodule *mm, const struct isa *isa, FILE *f)
{
    const char *dump = getenv("LPNEST_DUMP_INSNS");
    bool insns = dump != NULL, where = dump && !strcmp(dump, "loc"); /* "loc": each one's IR ordinal, column */
    for (size_t i = 0; i < mm->nfuncs; i++) {
        const struct mfunc *mf = &mm->funcs[i];
        double total = 0;
        for (size_t b = 0; b < mf->nblocks; b++)
            total += mf->blocks[b].count * (double)mf->blocks[b].ninsns;
        fprintf(f, "function %s: %.0f instructions\n", mf->name, total);
        for (size_t b = 0; b < mf->nblocks; b++) {
            const struct mblock *bl = &mf->blocks[b];
            double mi = 0;
            for (size_t k = 0; k < bl->ninsns; k++)
                mi += isa ? cost_insn_count(isa, &bl->insns[k]) : 1;
            fprintf(f, "  [%zu] bb.%d %-24s count %-12.0f %-8s insns %zu machine %.0f succ", b, bl->number,
                    bl->ir_name ? bl->ir_name : "-", bl->count, bl->split_estimated ? "SPLIT" : lower_source_name(bl->source),
                    bl->ninsns, mi);
            for (size_t k = 0; k < bl->nsucc; k++)
                fprintf(f, " %d:%.0f", bl->succ[k], bl->succ_count ? bl->succ_count[k] : -1.0);
            fprintf(f, "\n");
            for (size_t k = 0; insns && k < bl->ninsns; k++)
                if (where)
                    fprintf(f, "      %-8s %-32s ; %u:%u\n", bl->insns[k].mnemonic, bl->insns[k].ops,
                            bl->insns[k].src_line, bl->insns[k].src_col);
                else
                    fprintf(f, "      %s %s\n", bl->insns[k].mnemonic, bl->insns[k].ops);
        }
    }
}
