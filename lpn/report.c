/* report.c — the result report of a simulation (`lpn sim`): status, end
 * cycle, done tokens, per-transition statistics (commits, busy share,
 * average commit gap, cycles starved on empty inputs vs blocked on full
 * outputs) and the places where tokens were left — deadlocked, or parked
 * when the net ran out of work — with the state of their consumers. Text
 * for people, one JSON object for tools. */
#include "sim.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Places where tokens were left: DEAD or parked (lpn.h, lpn_sim_stuck). */
struct leftovers {
    bool *dead;
    bool any_dead, any_parked;
};

static void leftovers_find(const struct lpn_sim *s, struct leftovers *lo)
{
    lo->dead = sup_xcalloc((size_t)s->m->nplaces + 1, sizeof *lo->dead);
    lo->any_dead = lpn__dead_places(s, lo->dead);
    lo->any_parked = false;
    for (int p = 0; p < s->m->nplaces; p++)
        lo->any_parked |= lpn_sim_stuck(s, p) && !lo->dead[p];
}

static const char *status_word(const struct lpn_sim *s, enum lpn_status st, const struct leftovers *lo)
{
    (void)s;
    switch (st) {
    case LPN_DONE_REACHED: return "done_reached";
    case LPN_TIME_REACHED: return "time_limit";
    case LPN_LIMIT: return "commit_limit";
    case LPN_ERROR: return "error";
    case LPN_IDLE: break;
    }
    return lo->any_dead ? "deadlock" : "completed";
}

static const char *state_word(int st)
{
    return st == LPN_ST_BUSY ? "busy" : st == LPN_ST_STARVED ? "starved" : "blocked";
}

static double share(int64_t part, int64_t whole) { return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0; }

static double avg_gap(const struct lpn_tstats *t)
{
    return t->commits >= 2 ? (double)(t->last_commit - t->first_commit) / (double)(t->commits - 1) : -1.0;
}

static void places_json(struct sup_json *w, const struct lpn_sim *s, const struct leftovers *lo, bool dead)
{
    const struct lpn_model *m = s->m;
    sup_json_arr(w);
    for (int p = 0; p < m->nplaces; p++) {
        if (!lpn_sim_stuck(s, p) || lo->dead[p] != dead)
            continue;
        const struct lpn_place *pl = &m->places[p];
        sup_json_obj(w);
        sup_json_key(w, "place"), sup_json_str(w, pl->name);
        sup_json_key(w, "tokens"), sup_json_uint(w, s->pl[p].live);
        sup_json_key(w, "consumers"), sup_json_arr(w);
        for (int k = 0; k < pl->nreaders; k++) {
            sup_json_obj(w);
            sup_json_key(w, "transition"), sup_json_str(w, m->trans[pl->readers[k]].name);
            sup_json_key(w, "state"), sup_json_str(w, state_word(s->tr[pl->readers[k]].state));
            sup_json_end(w);
        }
        sup_json_end(w);
        sup_json_end(w);
    }
    sup_json_end(w);
}

static void report_json(FILE *out, const struct lpn_sim *s, enum lpn_status st, const struct leftovers *lo)
{
    const struct lpn_model *m = s->m;
    struct sup_json w;
    sup_json_init(&w, out, true);
    sup_json_obj(&w);
    sup_json_key(&w, "model"), sup_json_str(&w, m->name);
    sup_json_key(&w, "source"), sup_json_str(&w, m->source);
    sup_json_key(&w, "status"), sup_json_str(&w, status_word(s, st, lo));
    if (s->err)
        sup_json_key(&w, "error"), sup_json_str(&w, s->err);
    sup_json_key(&w, "cycles"), sup_json_int(&w, s->now);
    sup_json_key(&w, "commits"), sup_json_uint(&w, s->commits);
    sup_json_key(&w, "done"), sup_json_obj(&w);
    sup_json_key(&w, "place"), m->done >= 0 ? sup_json_str(&w, m->places[m->done].name) : sup_json_null(&w);
    sup_json_key(&w, "count"), sup_json_uint(&w, s->done_count);
    sup_json_key(&w, "last_cycle"), s->last_done >= 0 ? sup_json_int(&w, s->last_done) : sup_json_null(&w);
    sup_json_end(&w);
    sup_json_key(&w, "transitions"), sup_json_arr(&w);
    for (int t = 0; t < m->ntrans; t++) {
        struct lpn_tstats ts;
        lpn_sim_tstats(s, t, &ts);
        sup_json_obj(&w);
        sup_json_key(&w, "name"), sup_json_str(&w, m->trans[t].name);
        sup_json_key(&w, "commits"), sup_json_uint(&w, ts.commits);
        sup_json_key(&w, "fired"), sup_json_uint(&w, ts.fired);
        sup_json_key(&w, "first_commit"), ts.first_commit >= 0 ? sup_json_int(&w, ts.first_commit) : sup_json_null(&w);
        sup_json_key(&w, "last_commit"), ts.last_commit >= 0 ? sup_json_int(&w, ts.last_commit) : sup_json_null(&w);
        sup_json_key(&w, "avg_commit_gap"), ts.commits >= 2 ? sup_json_double(&w, avg_gap(&ts)) : sup_json_null(&w);
        sup_json_key(&w, "busy_cycles"), sup_json_int(&w, ts.busy);
        sup_json_key(&w, "starved_cycles"), sup_json_int(&w, ts.starved);
        sup_json_key(&w, "blocked_cycles"), sup_json_int(&w, ts.blocked);
        sup_json_key(&w, "busy_share"), sup_json_double(&w, share(ts.busy, s->now) / 100.0);
        sup_json_end(&w);
    }
    sup_json_end(&w);
    sup_json_key(&w, "stuck_places"), places_json(&w, s, lo, true);
    sup_json_key(&w, "parked_places"), places_json(&w, s, lo, false);
    sup_json_end(&w);
    fputc('\n', out);
}

static void places_text(FILE *out, const struct lpn_sim *s, const struct leftovers *lo, bool dead)
{
    const struct lpn_model *m = s->m;
    for (int p = 0; p < m->nplaces; p++) {
        if (!lpn_sim_stuck(s, p) || lo->dead[p] != dead)
            continue;
        const struct lpn_place *pl = &m->places[p];
        fprintf(out, "  %s: %llu token%s; consumers:", pl->name, (unsigned long long)s->pl[p].live,
                s->pl[p].live == 1 ? "" : "s");
        for (int k = 0; k < pl->nreaders; k++) {
            int st2 = s->tr[pl->readers[k]].state;
            fprintf(out, "%s %s (%s)", k ? "," : "", m->trans[pl->readers[k]].name,
                    st2 == LPN_ST_STARVED ? "starved: an input lacks tokens or a guard is false"
                                          : "blocked: an output is full, a resource is taken or an inhibitor place is not empty");
        }
        fputc('\n', out);
    }
}

static void report_text(FILE *out, const struct lpn_sim *s, enum lpn_status st, const struct leftovers *lo)
{
    const struct lpn_model *m = s->m;
    fprintf(out, "model: %s (%s)\n", m->name, m->source);
    fprintf(out, "status: %s\n", status_word(s, st, lo));
    if (s->err)
        fprintf(out, "%s\n", s->err);
    fprintf(out, "cycles: %lld\n", (long long)s->now);
    if (m->done >= 0) {
        fprintf(out, "done tokens: %llu", (unsigned long long)s->done_count);
        if (s->last_done >= 0)
            fprintf(out, ", last at cycle %lld", (long long)s->last_done);
        fputc('\n', out);
    }
    fprintf(out, "commits: %llu\n\n", (unsigned long long)s->commits);
    int wname = 10;
    for (int t = 0; t < m->ntrans; t++)
        if ((int)strlen(m->trans[t].name) > wname)
            wname = (int)strlen(m->trans[t].name);
    fprintf(out, "%-*s %12s %7s %9s %9s %12s %12s\n", wname, "transition", "commits", "busy%", "starved%",
            "blocked%", "avg gap", "last commit");
    for (int t = 0; t < m->ntrans; t++) {
        struct lpn_tstats ts;
        lpn_sim_tstats(s, t, &ts);
        char gap[32] = "-", last[32] = "-";
        if (ts.commits >= 2)
            snprintf(gap, sizeof gap, "%.2f", avg_gap(&ts));
        if (ts.last_commit >= 0)
            snprintf(last, sizeof last, "%lld", (long long)ts.last_commit);
        fprintf(out, "%-*s %12llu %7.2f %9.2f %9.2f %12s %12s\n", wname, m->trans[t].name,
                (unsigned long long)ts.commits, share(ts.busy, s->now), share(ts.starved, s->now),
                share(ts.blocked, s->now), gap, last);
    }
    if (lo->any_dead) {
        fprintf(out, "\ndeadlock at cycle %lld: nothing can commit, and no new input could move the tokens left in:\n",
                (long long)s->now);
        places_text(out, s, lo, true);
    }
    if (lo->any_parked) {
        fprintf(out, "\nparked tokens (the net ran out of work: new input would move them):\n");
        places_text(out, s, lo, false);
    }
}

void lpn_report(FILE *out, const struct lpn_sim *s, enum lpn_status status, bool json)
{
    struct leftovers lo;
    leftovers_find(s, &lo);
    if (json)
        report_json(out, s, status, &lo);
    else
        report_text(out, s, status, &lo);
    free(lo.dead);
}
