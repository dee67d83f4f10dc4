/* offload.c — accelerators during a timed run (offload.h): LPN instances
 * fed with the tokens of offloaded calls, the host's time at each call
 * converted to each accelerator's clock (and an interconnect in front, run in
 * lock-step), synchronous waits and asynchronous overlap, and the figures of
 * the report (calls, busy, wait, overlap, latencies, what-if). */
#include "offload.h"
#include "estimate.h"
#include "lpn.h"
#include "support.h"
#include "timing.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A token waiting in front of an accelerator (its interconnect crossing). */
struct ofl_token {
    int place;
    int64_t *props;
};

/* A call whose done tokens have not all come. */
struct ofl_pending {
    size_t off;
    uint64_t target;          /* the accelerator's done count that completes it */
    uint64_t t_issue;         /* host clock units */
};

struct ofl_accel {
    const struct sys_accel *sa;
    struct lpn_sim *sim, *ic;
    double hz, ic_hz;
    uint64_t requested;       /* done tokens asked for by all calls so far */
    uint64_t done;            /* done tokens seen */
    struct ofl_pending *pend;
    size_t npend, cappend;
    /* interconnect: tokens crossed in order, the next to forward */
    struct ofl_token *fwd;
    size_t nfwd, capfwd, fwd_next;
    int64_t *ic_done_times;   /* done times of the interconnect (its cycles) not forwarded yet */
    size_t nicdone, capicdone;
    int ic_start;
    int *ic_map;              /* interconnect start place property k <- accelerator token property */
    /* figures (host cycles) */
    uint64_t calls;
    double busy, wait, busy_end;
    double *lat;
    size_t nlat, caplat;
    /* timeline: one track per transition, lanes for overlapping firings */
    uint32_t track0;
    int ntrans;
    double **lane_end;
    size_t *nlanes;
    struct offload_model *owner;
};

struct ofl_off {
    const struct sys_offload *so;
    int fn, token_fn, wait_fn; /* engine function indices, -1 */
    uint64_t calls, waits;
    double charged;           /* host cycles charged to its calls and waits */
    double software;          /* what its bodies would have cost */
};

struct offload_model {
    const struct offload_system *sys;
    int32_t *role;            /* per engine function: 2 * offload index (+ 1: its wait), or -1 */
    uint32_t nfuncs;
    struct offload_timing *t;
    double host_hz;
    FILE *diag;
    struct ofl_accel *acc;
    struct ofl_off *off;
    /* tokens made by the token function running now */
    bool collecting;
    int collect_accel;
    struct ofl_token *tok;
    size_t ntok, captok;
    char *token_error;
    size_t stray_tokens;      /* lpnest_token outside a token function */
    uint32_t ntracks;
};

/* ---- clocks ---- */

static double units_to_cycles(uint64_t u) { return (double)u / (double)TM_ONE; }

/* Host clock units -> cycles of a clock of HZ (rounded up: a token cannot
 * arrive before it is sent). */
static int64_t to_clock(const struct offload_model *o, uint64_t units, double hz)
{
    long double c = (long double)units / (long double)TM_ONE * (long double)hz / (long double)o->host_hz;
    long double r = ceill(c - 1e-9L);
    return r < 0 ? 0 : (int64_t)r;
}

/* Cycles of a clock of HZ -> host clock units (rounded up to a whole host cycle when the clocks differ). */
static uint64_t from_clock(const struct offload_model *o, int64_t cycles, double hz)
{
    if (hz == o->host_hz)
        return (uint64_t)cycles * TM_ONE;
    long double h = (long double)cycles * (long double)o->host_hz / (long double)hz;
    return (uint64_t)ceill(h - 1e-9L) * TM_ONE;
}

/* ---- setup ---- */

static void on_fire(void *ctx, int transition, int64_t start, int64_t commit)
{
    struct ofl_accel *a = ctx;
    struct offload_model *o = a->owner;
    if (!o->t || transition < 0 || transition >= a->ntrans)
        return;
    uint64_t s = from_clock(o, start, a->hz), e = from_clock(o, commit, a->hz);
    double sc = units_to_cycles(s);
    size_t lane = 0;
    while (lane < a->nlanes[transition] && a->lane_end[transition][lane] > sc)
        lane++;
    if (lane == a->nlanes[transition]) {
        a->lane_end[transition] = sup_xrealloc(a->lane_end[transition], (lane + 1) * sizeof **a->lane_end);
        a->nlanes[transition]++;
    }
    a->lane_end[transition][lane] = units_to_cycles(e);
    tm_slice_add(o->t, a->track0 + (uint32_t)transition, (uint32_t)transition, (uint32_t)lane, s, e - s);
}

static void note_latency(struct ofl_accel *a, double lat)
{
    if (a->nlat == a->caplat) {
        a->caplat = a->caplat ? a->caplat * 2 : 64;
        a->lat = sup_xrealloc(a->lat, a->caplat * sizeof *a->lat);
    }
    a->lat[a->nlat++] = lat;
}

/* A call completes: latency and busy time (the union of call intervals). */
static void complete(struct ofl_accel *a, uint64_t t_issue, uint64_t t_done)
{
    double s = units_to_cycles(t_issue), e = units_to_cycles(t_done);
    note_latency(a, e - s);
    if (e > a->busy_end) {
        a->busy += e - (s > a->busy_end ? s : a->busy_end);
        a->busy_end = e;
    }
}

static void on_done(void *ctx, int64_t time, const int64_t *props, int nprops)
{
    (void)props;
    (void)nprops;
    struct ofl_accel *a = ctx;
    a->done++;
    /* calls complete in order of their targets */
    while (a->npend && a->done >= a->pend[0].target) {
        complete(a, a->pend[0].t_issue, from_clock(a->owner, time, a->hz));
        memmove(a->pend, a->pend + 1, (a->npend - 1) * sizeof *a->pend);
        a->npend--;
    }
}

static void on_ic_done(void *ctx, int64_t time, const int64_t *props, int nprops)
{
    (void)props;
    (void)nprops;
    struct ofl_accel *a = ctx;
    if (a->nicdone == a->capicdone) {
        a->capicdone = a->capicdone ? a->capicdone * 2 : 64;
        a->ic_done_times = sup_xrealloc(a->ic_done_times, a->capicdone * sizeof *a->ic_done_times);
    }
    a->ic_done_times[a->nicdone++] = time;
}

struct offload_model *offload_new(const struct offload_system *sys, double host_hz, struct offload_timing *t, FILE *diag)
{
    struct offload_model *o = sup_xcalloc(1, sizeof *o);
    o->sys = sys;
    o->t = t;
    o->host_hz = host_hz > 0 ? host_hz : 1e8;
    o->diag = diag;
    o->acc = sup_xcalloc(sys->naccels + 1, sizeof *o->acc);
    o->off = sup_xcalloc(sys->noffs + 1, sizeof *o->off);
    uint32_t track = 1;
    for (size_t i = 0; i < sys->naccels; i++) {
        struct ofl_accel *a = &o->acc[i];
        const struct sys_accel *sa = &sys->accels[i];
        a->sa = sa;
        a->owner = o;
        a->hz = sa->lpn.clock_hz > 0 ? sa->lpn.clock_hz : o->host_hz;
        a->sim = lpn_sim_new(sa->lpn.model, LPN_SIM_NO_GENERATORS, diag);
        a->ntrans = lpn_transition_count(sa->lpn.model);
        a->track0 = track;
        track += (uint32_t)a->ntrans;
        a->lane_end = sup_xcalloc((size_t)a->ntrans + 1, sizeof *a->lane_end);
        a->nlanes = sup_xcalloc((size_t)a->ntrans + 1, sizeof *a->nlanes);
        if (a->sim) {
            lpn_sim_on_done(a->sim, on_done, a);
            lpn_sim_on_fire(a->sim, on_fire, a);
        }
        if (sa->has_ic) {
            a->ic_hz = sa->ic.clock_hz > 0 ? sa->ic.clock_hz : a->hz;
            a->ic = lpn_sim_new(sa->ic.model, LPN_SIM_NO_GENERATORS, diag);
            if (a->ic)
                lpn_sim_on_done(a->ic, on_ic_done, a);
            a->ic_start = lpn_start_place(sa->ic.model);
        }
    }
    o->ntracks = track - 1;
    for (size_t i = 0; i < sys->noffs; i++) {
        o->off[i].so = &sys->offs[i];
        o->off[i].fn = o->off[i].token_fn = o->off[i].wait_fn = -1;
    }
    return o;
}

void offload_free(struct offload_model *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < o->sys->naccels; i++) {
        struct ofl_accel *a = &o->acc[i];
        lpn_sim_free(a->sim);
        lpn_sim_free(a->ic);
        free(a->pend);
        for (size_t k = 0; k < a->nfwd; k++)
            free(a->fwd[k].props);
        free(a->fwd);
        free(a->ic_done_times);
        free(a->ic_map);
        free(a->lat);
        for (int k = 0; k < a->ntrans; k++)
            free(a->lane_end[k]);
        free(a->lane_end);
        free(a->nlanes);
    }
    for (size_t k = 0; k < o->ntok; k++)
        free(o->tok[k].props);
    free(o->tok);
    free(o->token_error);
    free(o->acc);
    free(o->off);
    free(o->role);
    free(o);
}

static bool check_error(const struct offload_model *o, const struct sys_offload *so, const char *fmt, const char *a,
                        const char *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    sup_diag(o->diag, o->sys->path, so->line, so->col, "error", "%s", msg);
    return false;
}

static LLVMValueRef defined_fn(LLVMModuleRef m, const char *name)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, name);
    return f && !LLVMIsDeclaration(f) ? f : NULL;
}

bool offload_check(struct offload_model *o, LLVMModuleRef m)
{
    bool ok = true;
    for (size_t i = 0; i < o->sys->naccels; i++)
        if (!o->acc[i].sim || (o->sys->accels[i].has_ic && !o->acc[i].ic))
            ok = false; /* the simulator said why */
    for (size_t i = 0; i < o->sys->noffs; i++) {
        const struct sys_offload *so = &o->sys->offs[i];
        LLVMValueRef f = defined_fn(m, so->function);
        if (!f) {
            ok = check_error(o, so, "offloaded function '%s' is not defined in the program%s", so->function, "");
            continue;
        }
        if (so->wait && !defined_fn(m, so->wait))
            ok = check_error(o, so, "wait function '%s' is not defined in the program%s", so->wait, "");
        if (so->token_fn) {
            LLVMValueRef t = defined_fn(m, so->token_fn);
            if (!t) {
                ok = check_error(o, so, "token function '%s' is not defined in the program (is it static and unused, "
                                        "so the compiler dropped it? mark it __attribute__((used)))%s",
                                 so->token_fn, "");
                continue;
            }
            unsigned n = LLVMCountParams(f);
            bool same = LLVMCountParams(t) == n;
            for (unsigned k = 0; same && k < n; k++)
                same = LLVMTypeOf(LLVMGetParam(f, k)) == LLVMTypeOf(LLVMGetParam(t, k));
            if (!same)
                ok = check_error(o, so, "token function '%s' must take the same parameters as '%s'", so->token_fn,
                                 so->function);
        }
        /* an interconnect's tokens are the accelerator's, reduced by name */
        const struct sys_accel *sa = &o->sys->accels[so->accel];
        if (sa->has_ic && so->nspecs) {
            int ics = lpn_start_place(sa->ic.model);
            for (size_t k = 0; k < so->nspecs; k++)
                for (int p = 0; p < lpn_place_nprops(sa->ic.model, ics); p++) {
                    const char *name = lpn_place_prop(sa->ic.model, ics, p);
                    bool found = false;
                    for (size_t q = 0; q < so->specs[k].nprops; q++)
                        found |= !strcmp(so->specs[k].prop[q], name);
                    if (!found)
                        ok = check_error(o, so, "the interconnect's tokens need property '%s', which the tokens of '%s' lack",
                                         name, so->function);
                }
        }
    }
    return ok;
}

void offload_attach(struct offload_model *o, struct eng_state *eng)
{
    free(o->role);
    o->nfuncs = eng_nfuncs(eng);
    o->role = sup_xmalloc((o->nfuncs + 1) * sizeof *o->role);
    for (uint32_t k = 0; k < o->nfuncs; k++)
        o->role[k] = -1;
    for (size_t i = 0; i < o->sys->noffs; i++) {
        const struct sys_offload *so = &o->sys->offs[i];
        for (uint32_t k = 0; k < o->nfuncs; k++) {
            const char *name = eng_func_name(eng, k);
            if (!strcmp(name, so->function)) {
                o->off[i].fn = (int)k;
                o->role[k] = (int32_t)(2 * i);
            } else if (so->wait && !strcmp(name, so->wait)) {
                o->off[i].wait_fn = (int)k;
                o->role[k] = (int32_t)(2 * i + 1);
            }
            if (so->token_fn && !strcmp(name, so->token_fn))
                o->off[i].token_fn = (int)k;
        }
    }
}

bool offload_serves(const struct offload_model *o, uint32_t func) { return func < o->nfuncs && o->role[func] >= 0; }

/* ---- tokens ---- */

static void add_token(struct offload_model *o, int place, int64_t *props)
{
    if (o->ntok == o->captok) {
        o->captok = o->captok ? o->captok * 2 : 64;
        o->tok = sup_xrealloc(o->tok, o->captok * sizeof *o->tok);
    }
    o->tok[o->ntok].place = place;
    o->tok[o->ntok++].props = props;
}

static void clear_tokens(struct offload_model *o)
{
    for (size_t k = 0; k < o->ntok; k++)
        free(o->tok[k].props);
    o->ntok = 0;
}

static bool spec_tokens(struct offload_model *o, struct eng_state *eng, const struct sys_offload *so, const int64_t *args,
                        unsigned nargs)
{
    char err[256] = "";
    struct oexpr_env env = {.args = args, .nargs = nargs, .eng = eng, .error = err, .error_len = sizeof err};
    for (size_t k = 0; k < so->nspecs; k++) {
        const struct sys_tokens *t = &so->specs[k];
        int64_t count = 1;
        if (t->count && !oexpr_eval(t->count, &env, &count))
            return eng_fault(eng, "%s:%u:%u: the token count of '%s' cannot be computed: %s", o->sys->path, t->line,
                              t->col, so->function, err);
        if (count < 0 || count > 10000000)
            return eng_fault(eng, "%s:%u:%u: the call of '%s' makes %lld tokens (expected 0 to 10,000,000)",
                              o->sys->path, t->line, t->col, so->function, (long long)count);
        for (int64_t i = 0; i < count; i++) {
            int64_t *props = sup_xcalloc(t->nprops + 1, sizeof *props);
            env.i = i;
            for (size_t p = 0; p < t->nprops; p++)
                if (!oexpr_eval(t->value[p], &env, &props[p])) {
                    free(props);
                    return eng_fault(eng, "%s:%u:%u: property '%s' of a token of '%s' cannot be computed: %s",
                                      o->sys->path, t->line, t->col, t->prop[p], so->function, err);
                }
            add_token(o, t->place_index, props);
        }
    }
    return true;
}

static bool function_tokens(struct offload_model *o, struct eng_state *eng, struct ofl_off *of)
{
    /* the token function costs the host nothing and leaves no contexts */
    uint64_t clock = eng_clock(eng);
    o->t->suppress++;
    o->t->tokens++;
    o->collecting = true;
    o->collect_accel = (int)of->so->accel;
    bool ok = eng_invoke_with_call_args(eng, (uint32_t)of->token_fn);
    o->collecting = false;
    o->t->tokens--;
    o->t->suppress--;
    eng_set_clock(eng, clock);
    if (ok && o->token_error) {
        eng_fault(eng, "%s", o->token_error);
        ok = false;
    }
    return ok;
}

/* lpnest_token(place, props, n): ARG is the timed run's struct offload_timing (NULL in a counting run). */
static bool lpnest_token(void *arg, struct eng_state *eng)
{
    struct offload_timing *t = arg;
    struct offload_model *o = t ? t->off : NULL;
    if (!o || !o->collecting) {
        if (o)
            o->stray_tokens++;
        return true; /* only token functions run by lpnest make tokens */
    }
    if (o->token_error)
        return true;
    const struct lpn_model *m = o->sys->accels[o->collect_accel].lpn.model;
    int64_t args[3] = {0, 0, 0};
    eng_call_args(eng, args, 3);
    uint64_t place_addr = (uint64_t)args[0], props = (uint64_t)args[1];
    uint64_t n = (uint64_t)args[2] & 0xffffffffu;
    char name[128] = "";
    int place = lpn_start_place(m);
    if (place_addr) {
        int64_t len = eng_strlen(eng, place_addr);
        if (len < 0 || len >= (int64_t)sizeof name)
            return eng_fault(eng, "lpnest_token: the place name is not a readable string");
        memcpy(name, eng_mem(eng, place_addr, (uint64_t)len + 1), (size_t)len + 1);
        if (name[0]) {
            place = lpn_place_find(m, name);
            if (place < 0)
                return eng_fault(eng, "lpnest_token: model '%s' has no place '%s'", lpn_model_name(m), name);
        }
    }
    /* struct lpnest_prop { const char *name; long long value; } in the target's layout */
    unsigned pb = eng_ptr_bytes(eng), a64 = LLVMABIAlignmentOfType(eng_data_layout(eng), LLVMInt64Type());
    unsigned off = (pb + a64 - 1) / a64 * a64, al = a64 > pb ? a64 : pb;
    unsigned size = (off + 8 + al - 1) / al * al;
    int np = lpn_place_nprops(m, place);
    int64_t *vals = sup_xcalloc((size_t)np + 1, sizeof *vals);
    bool *set = sup_xcalloc((size_t)np + 1, sizeof *set);
    for (uint64_t k = 0; k < n; k++) {
        const uint8_t *p = eng_mem(eng, props + k * size, size);
        if (!p) {
            free(vals);
            free(set);
            return eng_fault(eng, "lpnest_token: property %llu lies outside the program's memory", (unsigned long long)k);
        }
        uint64_t naddr = eng_load(eng, p, pb);
        int64_t v = (int64_t)eng_load(eng, p + off, 8);
        int64_t len = naddr ? eng_strlen(eng, naddr) : -1;
        char pn[128];
        if (len < 0 || len >= (int64_t)sizeof pn) {
            free(vals);
            free(set);
            return eng_fault(eng, "lpnest_token: the name of property %llu is not a readable string", (unsigned long long)k);
        }
        memcpy(pn, eng_mem(eng, naddr, (uint64_t)len + 1), (size_t)len + 1);
        int idx = lpn_place_prop_find(m, place, pn);
        if (idx < 0) {
            free(vals);
            free(set);
            return eng_fault(eng, "lpnest_token: place '%s' of model '%s' has no property '%s'", lpn_place_name(m, place),
                              lpn_model_name(m), pn);
        }
        vals[idx] = v;
        set[idx] = true;
    }
    for (int k = 0; k < np; k++)
        if (!set[k]) {
            const char *pn = lpn_place_prop(m, place, k);
            free(vals);
            free(set);
            return eng_fault(eng, "lpnest_token: property '%s' of place '%s' is missing", pn, lpn_place_name(m, place));
        }
    free(set);
    add_token(o, place, vals);
    return true;
}

/* ---- simulation ---- */

static bool sim_failed(struct eng_state *eng, struct lpn_sim *s, const char *what, const char *fn)
{
    const char *err = lpn_sim_error(s);
    return eng_fault(eng, "%s of the call of '%s': %s", what, fn, err ? err : "the simulation failed");
}

/* Forwards the interconnect's done tokens into the accelerator, in order. */
static bool forward(struct offload_model *o, struct ofl_accel *a, struct eng_state *eng, const char *fn)
{
    for (size_t k = 0; k < a->nicdone; k++) {
        if (a->fwd_next >= a->nfwd)
            return eng_fault(eng, "the interconnect of '%s' delivered more tokens than it was given (call of '%s')",
                              a->sa->name, fn);
        struct ofl_token *t = &a->fwd[a->fwd_next++];
        int64_t at = to_clock(o, from_clock(o, a->ic_done_times[k], a->ic_hz), a->hz);
        if (at < lpn_sim_now(a->sim))
            at = lpn_sim_now(a->sim);
        if (lpn_sim_inject(a->sim, t->place, at, t->props) != 0)
            return eng_fault(eng, "cannot put a token into accelerator '%s' (call of '%s')", a->sa->name, fn);
        free(t->props);
        t->props = NULL;
    }
    a->nicdone = 0;
    if (a->fwd_next == a->nfwd)
        a->nfwd = a->fwd_next = 0;
    return true;
}

/* Advances accelerator A (and its interconnect) to host time UNTIL (units;
 * UINT64_MAX: no limit) or until its done count reaches DONE (UINT64_MAX:
 * none). Returns the status of the accelerator's simulation, or LPN_ERROR
 * after a fault. */
static enum lpn_status advance(struct offload_model *o, struct ofl_accel *a, struct eng_state *eng, uint64_t until, uint64_t done,
                               const char *fn)
{
    for (;;) {
        if (done != UINT64_MAX && a->done >= done)
            return LPN_DONE_REACHED;
        int64_t na = lpn_sim_next_event(a->sim);
        int64_t ni = a->ic ? lpn_sim_next_event(a->ic) : -1;
        uint64_t ua = na < 0 ? UINT64_MAX : from_clock(o, na, a->hz);
        uint64_t ui = ni < 0 ? UINT64_MAX : from_clock(o, ni, a->ic_hz);
        uint64_t next = ua < ui ? ua : ui;
        if (next == UINT64_MAX)
            return LPN_IDLE;
        if (until != UINT64_MAX && next >= until)
            return LPN_TIME_REACHED;
        if (ui <= ua) {
            enum lpn_status st = lpn_sim_run(a->ic, ni + 1, LPN_NO_DONE_LIMIT);
            if (st == LPN_ERROR || st == LPN_LIMIT) {
                sim_failed(eng, a->ic, "the interconnect", fn);
                return LPN_ERROR;
            }
            if (!forward(o, a, eng, fn))
                return LPN_ERROR;
        } else {
            enum lpn_status st = lpn_sim_run(a->sim, na + 1, done == UINT64_MAX ? LPN_NO_DONE_LIMIT : done);
            if (st == LPN_ERROR || st == LPN_LIMIT) {
                sim_failed(eng, a->sim, "the accelerator", fn);
                return LPN_ERROR;
            }
        }
    }
}

/* Sends the collected tokens into A at host time T. */
static bool send(struct offload_model *o, struct ofl_accel *a, struct eng_state *eng, uint64_t t, const char *fn)
{
    if (advance(o, a, eng, t, UINT64_MAX, fn) == LPN_ERROR)
        return false;
    for (size_t k = 0; k < o->ntok; k++) {
        struct ofl_token *tk = &o->tok[k];
        if (a->ic) {
            /* through the interconnect first, reduced to its properties */
            const struct lpn_model *im = a->sa->ic.model, *am = a->sa->lpn.model;
            int np = lpn_place_nprops(im, a->ic_start);
            int64_t *ip = sup_xcalloc((size_t)np + 1, sizeof *ip);
            for (int p = 0; p < np; p++) {
                int q = lpn_place_prop_find(am, tk->place, lpn_place_prop(im, a->ic_start, p));
                if (q < 0) {
                    free(ip);
                    return eng_fault(eng, "the interconnect of '%s' needs property '%s', which the tokens of '%s' lack",
                                      a->sa->name, lpn_place_prop(im, a->ic_start, p), fn);
                }
                ip[p] = tk->props[q];
            }
            int64_t at = to_clock(o, t, a->ic_hz);
            if (at < lpn_sim_now(a->ic))
                at = lpn_sim_now(a->ic);
            int r = lpn_sim_inject(a->ic, a->ic_start, at, ip);
            free(ip);
            if (r != 0)
                return eng_fault(eng, "cannot put a token into the interconnect of '%s' (call of '%s')", a->sa->name, fn);
            if (a->nfwd == a->capfwd) {
                a->capfwd = a->capfwd ? a->capfwd * 2 : 64;
                a->fwd = sup_xrealloc(a->fwd, a->capfwd * sizeof *a->fwd);
            }
            a->fwd[a->nfwd++] = *tk;
            tk->props = NULL; /* moved */
        } else {
            int64_t at = to_clock(o, t, a->hz);
            if (at < lpn_sim_now(a->sim))
                at = lpn_sim_now(a->sim);
            if (lpn_sim_inject(a->sim, tk->place, at, tk->props) != 0)
                return eng_fault(eng, "cannot put a token into place '%s' of accelerator '%s' (call of '%s')",
                                  lpn_place_name(a->sa->lpn.model, tk->place), a->sa->name, fn);
        }
    }
    return true;
}

/* Runs A until its done count reaches TARGET; *T_DONE gets the host time. */
static bool wait_for(struct offload_model *o, struct ofl_accel *a, struct eng_state *eng, uint64_t target, uint64_t *t_done,
                     const char *fn)
{
    enum lpn_status st = advance(o, a, eng, UINT64_MAX, target, fn);
    if (st == LPN_ERROR)
        return false;
    if (st != LPN_DONE_REACHED) {
        char stuck[256] = "";
        const struct lpn_model *m = a->sa->lpn.model;
        size_t len = 0;
        for (int p = 0; p < lpn_place_count(m) && len + 40 < sizeof stuck; p++)
            if (lpn_sim_stuck(a->sim, p))
                len += (size_t)snprintf(stuck + len, sizeof stuck - len, "%s'%s' (%llu tokens)", len ? ", " : "",
                                        lpn_place_name(m, p), (unsigned long long)lpn_sim_tokens(a->sim, p));
        return eng_fault(eng,
                          "accelerator '%s' stopped before the call of '%s' was done (%llu of %llu done tokens)%s%s: "
                          "the model deadlocks on these tokens, or done_tokens asks for more than it makes",
                          a->sa->name, fn, (unsigned long long)a->done, (unsigned long long)target,
                          stuck[0] ? "; tokens stuck in " : "", stuck);
    }
    *t_done = from_clock(o, lpn_sim_last_done(a->sim), a->hz);
    return true;
}

int offload_call(struct offload_model *o, struct eng_state *eng, uint32_t func, uint64_t *charge)
{
    size_t i = (size_t)o->role[func] / 2;
    bool is_wait = o->role[func] & 1;
    const char *fname = eng_func_name(eng, func);
    struct ofl_off *of = &o->off[i];
    const struct sys_offload *so = of->so;
    struct ofl_accel *a = &o->acc[so->accel];
    uint64_t T = eng_clock(eng);
    if (is_wait) {
        /* everything this offload has in flight */
        of->waits++;
        uint64_t t_done = T;
        if (a->npend) {
            uint64_t target = a->pend[a->npend - 1].target;
            if (!wait_for(o, a, eng, target, &t_done, fname))
                return -1;
        }
        *charge = t_done > T ? t_done - T : 0;
        a->wait += units_to_cycles(*charge);
        of->charged += units_to_cycles(*charge);
        return 1;
    }
    int64_t args[8];
    unsigned nargs = eng_call_args(eng, args, 8);
    char err[256] = "";
    struct oexpr_env env = {.args = args, .nargs = nargs, .eng = eng, .error = err, .error_len = sizeof err};
    int64_t invoke = 0;
    if (so->invoke && !oexpr_eval(so->invoke, &env, &invoke))
        return eng_fault(eng, "%s:%u:%u: invoke_cycles of '%s' cannot be computed: %s", o->sys->path, so->line, so->col,
                          so->function, err) ? 0 : -1;
    if (invoke < 0)
        return eng_fault(eng, "%s:%u:%u: invoke_cycles of '%s' is negative (%lld)", o->sys->path, so->line, so->col,
                          so->function, (long long)invoke) ? 0 : -1;
    clear_tokens(o);
    free(o->token_error);
    o->token_error = NULL;
    if (so->token_fn ? !function_tokens(o, eng, of) : !spec_tokens(o, eng, so, args, nargs))
        return -1;
    int64_t ndone = (int64_t)o->ntok;
    env.tokens = (int64_t)o->ntok;
    if (so->done && !oexpr_eval(so->done, &env, &ndone))
        return eng_fault(eng, "%s:%u:%u: done_tokens of '%s' cannot be computed: %s", o->sys->path, so->line, so->col,
                          so->function, err) ? 0 : -1;
    if (ndone < 0)
        return eng_fault(eng, "%s:%u:%u: done_tokens of '%s' is negative (%lld)", o->sys->path, so->line, so->col,
                          so->function, (long long)ndone) ? 0 : -1;
    uint64_t t_issue = T + (uint64_t)invoke * TM_ONE;
    if (!send(o, a, eng, t_issue, fname))
        return -1;
    /* the tokens arrive at the accelerator's next clock edge: latencies and
     * busy time count from there (the host's wait from its own instant) */
    uint64_t t_arrive = from_clock(o, to_clock(o, t_issue, a->ic ? a->ic_hz : a->hz), a->ic ? a->ic_hz : a->hz);
    clear_tokens(o);
    a->calls++;
    of->calls++;
    a->requested += (uint64_t)ndone;
    if (ndone == 0) {
        /* nothing to wait for: the call is over once invoked */
        complete(a, t_arrive, t_arrive);
        *charge = t_issue - T;
    } else {
        if (a->npend == a->cappend) {
            a->cappend = a->cappend ? a->cappend * 2 : 16;
            a->pend = sup_xrealloc(a->pend, a->cappend * sizeof *a->pend);
        }
        a->pend[a->npend++] = (struct ofl_pending){.off = i, .target = a->requested, .t_issue = t_arrive};
        if (so->async) {
            *charge = t_issue - T;
        } else {
            uint64_t t_done;
            if (!wait_for(o, a, eng, a->requested, &t_done, fname))
                return -1;
            if (t_done < t_issue)
                t_done = t_issue;
            *charge = t_done - T;
            a->wait += units_to_cycles(t_done - t_arrive);
        }
    }
    of->charged += units_to_cycles(*charge);
    return 1;
}

void offload_body(struct offload_model *o, uint32_t func, uint64_t body)
{
    /* a wait's body (polling, in software) belongs to the software figure too */
    if (offload_serves(o, func))
        o->off[o->role[func] / 2].software += units_to_cycles(body);
}

void offload_finish(struct offload_model *o, struct eng_state *eng)
{
    /* the accelerators finish what they have (statistics only: a failure
     * here is not the program's, and the engine does not keep it) */
    for (size_t i = 0; i < o->sys->naccels; i++) {
        struct ofl_accel *a = &o->acc[i];
        if (a->sim && a->npend)
            advance(o, a, eng, UINT64_MAX, a->requested, "(end of the program)");
    }
}

const struct eng_builtin *offload_builtins(size_t *n)
{
    static const struct eng_builtin table[] = {{"lpnest_token", lpnest_token}};
    *n = sizeof table / sizeof table[0];
    return table;
}

size_t offload_ntracks(const struct offload_model *o) { return o->ntracks; }

const char *offload_track_name(const struct offload_model *o, size_t track, double *clock_hz)
{
    static char buf[256];
    for (size_t i = 0; i < o->sys->naccels; i++) {
        const struct ofl_accel *a = &o->acc[i];
        if (track >= a->track0 && track < a->track0 + (size_t)a->ntrans) {
            snprintf(buf, sizeof buf, "%s: %s", a->sa->name,
                     lpn_transition_name(a->sa->lpn.model, (int)(track - a->track0)));
            *clock_hz = a->hz;
            return buf;
        }
    }
    *clock_hz = 0;
    return "?";
}

void offload_report(const struct offload_model *o, struct cost_estimate *e)
{
    e->accels = sup_xcalloc(o->sys->naccels + 1, sizeof *e->accels);
    e->naccels = o->sys->naccels;
    for (size_t i = 0; i < o->sys->naccels; i++) {
        const struct ofl_accel *a = &o->acc[i];
        struct cost_accel_cost *ac = &e->accels[i];
        ac->name = sup_strdup(a->sa->name);
        ac->model = sup_strdup(a->sa->lpn.path);
        ac->clock_hz = a->hz;
        ac->calls = (double)a->calls;
        ac->busy = a->busy;
        ac->wait = a->wait;
        ac->overlap = a->busy > a->wait ? a->busy - a->wait : 0;
        ac->nlatencies = a->nlat;
        ac->latencies = sup_xcalloc(a->nlat + 1, sizeof *ac->latencies);
        if (a->nlat) /* an accelerator never called has no latencies (a->lat is NULL) */
            memcpy(ac->latencies, a->lat, a->nlat * sizeof *a->lat);
    }
    e->whatifs = sup_xcalloc(o->sys->noffs + 1, sizeof *e->whatifs);
    e->nwhatifs = o->sys->noffs;
    for (size_t i = 0; i < o->sys->noffs; i++) {
        struct cost_whatif *w = &e->whatifs[i];
        w->func = sup_strdup(o->sys->offs[i].function);
        w->accel = sup_strdup(o->sys->accels[o->sys->offs[i].accel].name);
        w->calls = (double)o->off[i].calls;
        w->software = o->off[i].software;
        w->offloaded = o->off[i].charged;
    }
    if (o->stray_tokens)
        cost_estimate_warn(e, "%zu calls to lpnest_token outside a token function were ignored", o->stray_tokens);
}
