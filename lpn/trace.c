/* trace.c — Chrome/Perfetto trace-event output of a simulation: one track
 * per transition (plus lanes for overlapping firings of pipelined ones) and
 * one complete ("X") slice per firing, 1 cycle shown as 1 microsecond. */
#include "sim.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>

struct lane_set {
    int64_t *end;            /* commit time of the last firing on each lane */
    int n, cap;
};

struct lpn_trace {
    struct lpn_sim *s;
    const struct lpn_model *m;
    struct sup_json w;
    struct lane_set *lanes;  /* per transition */
};

static void thread_meta(struct lpn_trace *tr, int t, int lane)
{
    int64_t tid = (int64_t)lane * tr->m->ntrans + t + 1;
    char name[300];
    if (lane)
        snprintf(name, sizeof name, "%s #%d", tr->m->trans[t].name, lane + 1);
    else
        snprintf(name, sizeof name, "%s", tr->m->trans[t].name);
    struct sup_json *w = &tr->w;
    sup_json_obj(w);
    sup_json_key(w, "name"), sup_json_str(w, "thread_name");
    sup_json_key(w, "ph"), sup_json_str(w, "M");
    sup_json_key(w, "pid"), sup_json_int(w, 1);
    sup_json_key(w, "tid"), sup_json_int(w, tid);
    sup_json_key(w, "args"), sup_json_obj(w);
    sup_json_key(w, "name"), sup_json_str(w, name);
    sup_json_end(w);
    sup_json_end(w);
    sup_json_obj(w);
    sup_json_key(w, "name"), sup_json_str(w, "thread_sort_index");
    sup_json_key(w, "ph"), sup_json_str(w, "M");
    sup_json_key(w, "pid"), sup_json_int(w, 1);
    sup_json_key(w, "tid"), sup_json_int(w, tid);
    sup_json_key(w, "args"), sup_json_obj(w);
    sup_json_key(w, "sort_index"), sup_json_int(w, (int64_t)t * 4096 + lane);
    sup_json_end(w);
    sup_json_end(w);
}

static void on_fire(void *ctx, int t, int64_t start, int64_t commit)
{
    struct lpn_trace *tr = ctx;
    struct lane_set *ls = &tr->lanes[t];
    int lane = 0;
    while (lane < ls->n && ls->end[lane] > start)
        lane++;
    if (lane == ls->n) {
        if (ls->n == ls->cap) {
            ls->cap = ls->cap ? ls->cap * 2 : 2;
            ls->end = sup_xrealloc(ls->end, (size_t)ls->cap * sizeof *ls->end);
        }
        ls->n++;
        thread_meta(tr, t, lane);
    }
    ls->end[lane] = commit;
    struct sup_json *w = &tr->w;
    sup_json_obj(w);
    sup_json_key(w, "name"), sup_json_str(w, tr->m->trans[t].name);
    sup_json_key(w, "ph"), sup_json_str(w, "X");
    sup_json_key(w, "pid"), sup_json_int(w, 1);
    sup_json_key(w, "tid"), sup_json_int(w, (int64_t)lane * tr->m->ntrans + t + 1);
    sup_json_key(w, "ts"), sup_json_int(w, start);
    sup_json_key(w, "dur"), sup_json_int(w, commit - start);
    sup_json_end(w);
}

struct lpn_trace *lpn_trace_begin(struct lpn_sim *s, FILE *out)
{
    if (!s)
        return NULL;
    struct lpn_trace *tr = sup_xcalloc(1, sizeof *tr);
    tr->s = s;
    tr->m = s->m;
    tr->lanes = sup_xcalloc((size_t)tr->m->ntrans + 1, sizeof *tr->lanes);
    sup_json_init(&tr->w, out, false);
    struct sup_json *w = &tr->w;
    sup_json_obj(w);
    sup_json_key(w, "displayTimeUnit"), sup_json_str(w, "ns");
    sup_json_key(w, "otherData"), sup_json_obj(w);
    sup_json_key(w, "model"), sup_json_str(w, tr->m->name);
    sup_json_key(w, "time_unit"), sup_json_str(w, "1 cycle = 1 us");
    sup_json_end(w);
    sup_json_key(w, "traceEvents"), sup_json_arr(w);
    sup_json_obj(w);
    sup_json_key(w, "name"), sup_json_str(w, "process_name");
    sup_json_key(w, "ph"), sup_json_str(w, "M");
    sup_json_key(w, "pid"), sup_json_int(w, 1);
    sup_json_key(w, "args"), sup_json_obj(w);
    sup_json_key(w, "name"), sup_json_str(w, tr->m->name);
    sup_json_end(w);
    sup_json_end(w);
    for (int t = 0; t < tr->m->ntrans; t++) {
        tr->lanes[t].cap = 2;
        tr->lanes[t].end = sup_xmalloc(2 * sizeof(int64_t));
        tr->lanes[t].n = 1;
        tr->lanes[t].end[0] = INT64_MIN;
        thread_meta(tr, t, 0);
    }
    lpn_sim_on_fire(s, on_fire, tr);
    return tr;
}

void lpn_trace_end(struct lpn_trace *tr)
{
    if (!tr)
        return;
    lpn_sim_on_fire(tr->s, NULL, NULL);
    sup_json_end(&tr->w);
    sup_json_end(&tr->w);
    fputc('\n', tr->w.f);
    for (int t = 0; t < tr->m->ntrans; t++)
        free(tr->lanes[t].end);
    free(tr->lanes);
    free(tr);
}
