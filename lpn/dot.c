/* dot.c — writes a model as a Graphviz digraph: places as circles (start
 * bold, done double, generated capacity places dashed), transitions as
 * boxes labelled with their delay, edges labelled with weights, guards
 * and counts, inhibitor edges ending in a small circle. */
#include "lpn_impl.h"

#include <string.h>

/* Writes S escaped for a double-quoted DOT string. */
static void esc(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        if (*s == '\n')
            fputs("\\n", out);
        else if ((unsigned char)*s >= 0x20)
            fputc(*s, out);
    }
}

static bool is_one(const struct lpn_expr *e) { return e->is_const && e->cval == 1; }

void lpn_write_dot(const struct lpn_model *m, FILE *out)
{
    fputs("digraph \"", out);
    esc(out, m->name);
    fputs("\" {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=11];\n  edge [fontname=\"Helvetica\", fontsize=9];\n", out);
    for (int p = 0; p < m->nplaces; p++) {
        const struct lpn_place *pl = &m->places[p];
        fprintf(out, "  p%d [shape=%s, label=\"", p, p == m->done ? "doublecircle" : "circle");
        esc(out, pl->name);
        if (pl->nprops) {
            fputs("\\n(", out);
            for (int k = 0; k < pl->nprops; k++) {
                fputs(k ? ", " : "", out);
                esc(out, pl->props[k]);
            }
            fputc(')', out);
        }
        if (pl->capacity)
            fprintf(out, "\\ncapacity %lld", (long long)pl->capacity);
        if (pl->initial)
            fprintf(out, "\\n%lld token%s", (long long)pl->initial, pl->initial == 1 ? "" : "s");
        fputc('"', out);
        if (pl->cap_of >= 0)
            fputs(", style=dashed, color=gray50, fontcolor=gray50", out);
        else if (pl->resource)
            fputs(", style=dotted", out);
        if (p == m->start)
            fputs(", penwidth=2", out);
        fputs("];\n", out);
    }
    for (int t = 0; t < m->ntrans; t++) {
        const struct lpn_transition *tr = &m->trans[t];
        fprintf(out, "  t%d [shape=box, style=filled, fillcolor=gray92, label=\"", t);
        esc(out, tr->name);
        fputs("\\ndelay ", out);
        esc(out, tr->delay.text ? tr->delay.text : "0");
        if (tr->ii)
            fprintf(out, "\\nii %lld", (long long)tr->ii);
        if (tr->inflight > 1 && tr->inflight < LPN_MAX_INFLIGHT)
            fprintf(out, "\\n%lld in flight", (long long)tr->inflight);
        if (tr->has_guard) {
            fputs("\\nguard ", out);
            esc(out, tr->guard.text);
        }
        fputs("\"];\n", out);
        for (int j = 0; j < tr->nin; j++) {
            const struct lpn_in *in = &tr->in[j];
            fprintf(out, "  p%d -> t%d", in->place, t);
            if (in->inhibit) {
                fputs(" [arrowhead=odot]", out);
            } else {
                fputs(" [label=\"", out);
                if (in->cap_for < 0 && !is_one(&in->weight))
                    esc(out, in->weight.text);
                if (in->has_guard) {
                    fputs(is_one(&in->weight) ? "" : "\\n", out);
                    fputc('[', out);
                    esc(out, in->guard.text);
                    fputc(']', out);
                }
                fputc('"', out);
                if (in->cap_for >= 0)
                    fputs(", style=dashed, color=gray50", out);
                fputc(']', out);
            }
            fputs(";\n", out);
        }
        for (int k = 0; k < tr->nout; k++) {
            const struct lpn_out *o = &tr->out[k];
            fprintf(out, "  t%d -> p%d [label=\"", t, o->place);
            if (o->count_from < 0 && !is_one(&o->count))
                esc(out, o->count.text);
            fputc('"', out);
            if (o->count_from >= 0)
                fputs(", style=dashed, color=gray50", out);
            fputs("];\n", out);
        }
    }
    fputs("}\n", out);
}
