/* tune_z3.c — `lpn tune --space` (FIT.md "Tuning with Z3"): the tuned
 * parameters are shared symbols of an input space (seed 000 §4.4, §5.2.4:
 * a buffer size or a stage's work made symbolic). The space is explored
 * once; each configuration the search visits is then decided by one Z3
 * query "prove (d != v || ...) || latency <= N": proved means the bound holds
 * for every input of the space with those values. */
#define _POSIX_C_SOURCE 200809L
#include "lpn_analysis.h"
#include "support.h"
#include "tune.h"

#include <stdlib.h>
#include <string.h>

struct lpn__tz3 {
    struct lpn_model *m;
    struct lpn_space *sp;
    struct lpn_classes *cl;
    const struct lpn_tune_opts *o;
};

struct lpn__tz3 *lpn__tz3_open(const struct lpn_tune_opts *o, FILE *diag);
void lpn__tz3_eval(struct lpn__tz3 *z, const int64_t *v, struct lpn_tune_point *p);
void lpn__tz3_close(struct lpn__tz3 *z);
const char *lpn__tz3_note(const struct lpn__tz3 *z);

struct lpn__tz3 *lpn__tz3_open(const struct lpn_tune_opts *o, FILE *diag)
{
    if (o->bound.metric != LPN_TUNE_LATENCY || o->bound.relative) {
        sup_diag(diag, "lpn tune", 0, 0, "error", "with --space the bound must be 'latency<=CYCLES' (an absolute bound over every input of the space)");
        return NULL;
    }
    for (int k = 0; k < o->nparams; k++)
        if (o->params[k].step != 1) {
            sup_diag(diag, "lpn tune", 0, 0, "error", "with --space the parameters take every value of their range (no :STEP)");
            return NULL;
        }
    struct lpn__tz3 *z = sup_xcalloc(1, sizeof *z);
    z->o = o;
    z->m = lpn_load_file(o->model, o->fixed, o->nfixed, diag);
    if (z->m)
        z->sp = lpn_space_load_file(z->m, o->space, diag);
    bool ok = z->sp != NULL;
    for (int k = 0; ok && k < o->nparams; k++) {
        bool found = false;
        for (int s = 0; s < lpn_space_symbols(z->sp); s++)
            found |= !strcmp(lpn_space_symbol_name(z->sp, s), o->params[k].name);
        if (!found) {
            sup_diag(diag, o->space, 0, 0, "error", "--params: the space has no shared symbol '%s' (declare it under symbols:)", o->params[k].name);
            ok = false;
        }
    }
    if (ok) {
        struct lpn_limits lim;
        lpn_limits_default(&lim);
        if (o->timeout > 0)
            lim.solver_seconds = o->timeout;
        z->cl = lpn_classes_explore(z->sp, &lim, diag);
        ok = z->cl != NULL;
    }
    /* both ends of every range must be values of the space (else the proofs
     * would hold vacuously) */
    for (int k = 0; ok && k < o->nparams; k++)
        for (int e = 0; ok && e < 2; e++) {
            int64_t v = e ? o->params[k].hi : o->params[k].lo;
            char q[600];
            snprintf(q, sizeof q, "prove %s != %lld", o->params[k].name, (long long)v);
            struct lpn_query *qq = lpn_query_parse(z->sp, "<tune>", q, diag);
            struct lpn_smt_result r;
            if (!qq || lpn_smt_run(z->cl, NULL, qq, &r, diag) != 0)
                ok = false;
            else {
                if (r.overall[0].verdict == LPN_V_PROVED) {
                    sup_diag(diag, o->space, 0, 0, "error", "--params: %s = %lld is outside the input space", o->params[k].name,
                             (long long)v);
                    ok = false;
                }
                lpn_smt_result_free(&r);
            }
            lpn_query_free(qq);
        }
    if (!ok) {
        lpn__tz3_close(z);
        return NULL;
    }
    return z;
}

const char *lpn__tz3_note(const struct lpn__tz3 *z)
{
    return lpn_classes_status(z->cl) == LPN_A_COMPLETE ? NULL : lpn_classes_limit_message(z->cl);
}

void lpn__tz3_eval(struct lpn__tz3 *z, const int64_t *v, struct lpn_tune_point *p)
{
    const struct lpn_tune_opts *o = z->o;
    char q[4096];
    size_t n = 0;
    n += (size_t)snprintf(q + n, sizeof q - n, "prove ");
    for (int k = 0; k < o->nparams && n < sizeof q; k++)
        n += (size_t)snprintf(q + n, sizeof q - n, "%s != %lld || ", o->params[k].name, (long long)v[k]);
    if (n < sizeof q)
        snprintf(q + n, sizeof q - n, "latency <= %.17g", o->bound.value);
    p->latency = -1;
    char *buf = NULL;
    size_t blen = 0;
    FILE *msg = open_memstream(&buf, &blen);
    struct lpn_query *qq = lpn_query_parse(z->sp, "<tune>", q, msg);
    struct lpn_smt_result r;
    if (qq && lpn_smt_run(z->cl, NULL, qq, &r, msg) == 0) {
        const struct lpn_bound *b = &r.overall[0];
        if (b->verdict == LPN_V_PROVED) {
            p->ok = p->feasible = true;
            fprintf(msg, "proved for every input");
        } else if (b->verdict == LPN_V_DISPROVED) {
            p->ok = true;
            p->latency = b->simulated;
            fprintf(msg, "disproved: an input takes %lld cycles", (long long)b->simulated);
        } else
            fprintf(msg, "unknown%s%s", r.reason ? ": " : "", r.reason ? r.reason : "");
        lpn_smt_result_free(&r);
    }
    lpn_query_free(qq);
    fclose(msg);
    while (blen && buf[blen - 1] == '\n')
        buf[--blen] = '\0';
    char *nl = strchr(buf, '\n');
    if (nl)
        *nl = '\0';
    p->why = buf;
}

void lpn__tz3_close(struct lpn__tz3 *z)
{
    if (!z)
        return;
    lpn_classes_free(z->cl);
    lpn_space_free(z->sp);
    lpn_model_free(z->m);
    free(z);
}
