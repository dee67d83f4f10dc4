/* symcheck.c — the constructs the symbolic execution (symexec.c) supports,
 * checked on the model before exploring (ANALYSIS.md "What the analyses
 * support"): no inhibitor edges, no several firings in flight with a delay
 * that depends on the tokens, places read by several transitions routed by
 * guards or by one routed place all their readers take from (other shared
 * places are ordered by time during the exploration), no property tokens
 * merged from several producers. Refusals are located in the model. */
#include "ana.h"
#include "support.h"

#include <stdarg.h>

static void cerr(FILE *diag, const struct lpn_model *m, unsigned line, unsigned col, const char *fmt, ...) SUP_PRINTF(5, 6);
static void cerr(FILE *diag, const struct lpn_model *m, unsigned line, unsigned col, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sup_diag(diag, lpn_model_source(m), line, col, "error", "%s", msg);
}

static bool reads_only(const struct lpn_expr *e, int j)
{
    for (uint32_t k = 0; !e->is_const && k < e->ncode; k++) {
        int op = e->code[k].op;
        if ((op == LPN_OP_TOK || op == LPN_OP_TOKX || op == LPN_OP_LEN) && e->code[k].in != j)
            return false;
    }
    return true;
}

static int input_index(const struct lpn_transition *t, int p)
{
    for (int j = 0; j < t->nin; j++)
        if (t->in[j].place == p && !t->in[j].inhibit)
            return j;
    return -1;
}

/* Reader T of place P has a guard that reads only P's tokens (and its
 * weight on P reads only P). */
static bool reader_routed(const struct lpn_model *m, int p, int tid)
{
    const struct lpn_transition *t = &m->trans[tid];
    int j = input_index(t, p);
    if (j < 0)
        return false;
    bool routed = (t->in[j].has_guard && reads_only(&t->in[j].guard, j)) || (t->has_guard && reads_only(&t->guard, j));
    return routed && reads_only(&t->in[j].weight, j) && (!t->has_guard || reads_only(&t->guard, j)) &&
           (!t->in[j].has_guard || reads_only(&t->in[j].guard, j));
}

/* Every reader of P is routed by P's own tokens. */
static bool routed_place(const struct lpn_model *m, int p)
{
    const struct lpn_place *pl = &m->places[p];
    for (int k = 0; k < pl->nreaders; k++)
        if (!reader_routed(m, p, pl->readers[k]))
            return false;
    return true;
}

bool lpn__sx_check_model(const struct lpn_model *m, int *route_via, FILE *diag)
{
    for (int ti = 0; ti < m->ntrans; ti++) {
        const struct lpn_transition *t = &m->trans[ti];
        for (int j = 0; j < t->nin; j++)
            if (t->in[j].inhibit) {
                cerr(diag, m, t->in[j].line, t->in[j].col, "inhibitor edges are not supported by the analyses (transition '%s', place '%s')",
                     t->name, m->places[t->in[j].place].name);
                return false;
            }
        if (t->inflight > 1 && !t->delay.is_const) {
            cerr(diag, m, t->delay.line ? t->delay.line : t->line, t->delay.line ? t->delay.col : t->col,
                 "transition '%s' runs several firings at once with a delay that depends on its tokens: its commits may "
                 "overtake each other, which the analyses do not support", t->name);
            return false;
        }
    }
    for (int p = 0; p < m->nplaces; p++)
        route_via[p] = -1;
    for (int p = 0; p < m->nplaces; p++) {
        const struct lpn_place *pl = &m->places[p];
        if (pl->nreaders > 1 && !routed_place(m, p)) {
            /* the readers all take (at least one token) from one routed place Q:
             * they fire in the order of Q's tokens, one at a time */
            const struct lpn_transition *t0 = &m->trans[pl->readers[0]];
            for (int j = 0; j < t0->nin && route_via[p] < 0; j++) {
                int q = t0->in[j].place;
                if (q == p || m->places[q].nreaders < pl->nreaders || !routed_place(m, q))
                    continue;
                bool all = true;
                for (int k = 0; k < pl->nreaders && all; k++) {
                    const struct lpn_transition *t = &m->trans[pl->readers[k]];
                    int jq = input_index(t, q);
                    all = jq >= 0 && t->in[jq].weight.is_const && t->in[jq].weight.cval >= 1;
                }
                if (all)
                    route_via[p] = q;
            }
        }
        if (pl->nwriters > 1 && pl->nreaders > 0 && pl->nprops > 0) {
            cerr(diag, m, pl->line, pl->col,
                 "tokens with properties are merged into place '%s' by '%s' and '%s': their order depends on timing, "
                 "which the analyses do not support", pl->name, m->trans[pl->writers[0]].name, m->trans[pl->writers[1]].name);
            return false;
        }
    }
    return true;
}

