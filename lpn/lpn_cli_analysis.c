/* lpn_cli_analysis.c — the analysis commands of `lpn` over an input space:
 * `classes` (input classes by symbolic execution), `pi` (performance
 * interfaces, text/JSON and C) and `smt` (proven bounds and properties,
 * witnesses as JSONL). A thin layer over lpn_analysis.h. */
#include "lpn_analysis.h"
#include "lpn_cli.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

enum { EXIT_LIMIT = 4, EXIT_DISPROVED = 5 };

static void limits_of(const struct lpn_cli_opts *o, struct lpn_limits *l)
{
    lpn_limits_default(l);
    if (o->max_paths)
        l->max_paths = o->max_paths;
    if (o->max_firings)
        l->max_firings = o->max_firings;
    if (o->max_time > 0)
        l->max_seconds = o->max_time;
    if (o->timeout > 0)
        l->solver_seconds = o->timeout;
}

/* Loads the space and explores it; NULL after printing the error. */
static struct lpn_classes *explore(const struct lpn_cli_opts *o, const struct lpn_model *m, struct lpn_space **sp)
{
    *sp = lpn_space_load_file(m, o->space, stderr);
    if (!*sp)
        return NULL;
    struct lpn_limits lim;
    limits_of(o, &lim);
    struct lpn_classes *cl = lpn_classes_explore(*sp, &lim, stderr);
    if (!cl) {
        lpn_space_free(*sp);
        *sp = NULL;
        return NULL;
    }
    if (lpn_classes_status(cl) != LPN_A_COMPLETE)
        fprintf(stderr, "%s: warning: %s\n", o->space, lpn_classes_limit_message(cl));
    return cl;
}

int lpn_cli_classes(const struct lpn_cli_opts *o, const struct lpn_model *m)
{
    struct lpn_space *sp;
    struct lpn_classes *cl = explore(o, m, &sp);
    if (!cl)
        return 1;
    struct sup_outfile out;
    int rc = 1;
    if (sup_outfile_open(&out, o->out, stderr) == 0) {
        rc = lpn_classes_write(cl, o->samples < 0 ? 5 : (int)o->samples, o->seed ? o->seed : 1, out.f, o->json, stderr) ? 1 : 0;
        if (o->print_latency && !o->json)
            lpn_classes_write_latency(cl, out.f);
        if (rc == 0 && lpn_classes_status(cl) != LPN_A_COMPLETE)
            rc = EXIT_LIMIT;
        if (sup_outfile_commit(&out, stderr) != 0)
            rc = 1;
    }
    lpn_classes_free(cl);
    lpn_space_free(sp);
    return rc;
}

int lpn_cli_pi(const struct lpn_cli_opts *o, const struct lpn_model *m)
{
    struct lpn_space *sp;
    struct lpn_classes *cl = explore(o, m, &sp);
    if (!cl)
        return 1;
    struct lpn_pi_opts po = {.iterations = (int)o->iterations, .samples = o->samples < 0 ? 20 : (int)o->samples,
                             .seed = o->seed ? o->seed : 1, .c_name = o->c_name};
    struct lpn_pi *pi = lpn_pi_build(cl, &po, stderr);
    int rc = 1;
    if (pi) {
        struct sup_outfile out, c;
        bool c_ok = true;
        if (o->emit_c) {
            c_ok = sup_outfile_open(&c, o->emit_c, stderr) == 0;
            if (c_ok) {
                lpn_pi_write_c(pi, c.f);
                c_ok = sup_outfile_commit(&c, stderr) == 0;
            }
        }
        if (c_ok && sup_outfile_open(&out, o->out, stderr) == 0) {
            lpn_pi_write(pi, out.f, o->json);
            rc = lpn_classes_status(cl) != LPN_A_COMPLETE ? EXIT_LIMIT : 0;
            if (sup_outfile_commit(&out, stderr) != 0)
                rc = 1;
        }
    }
    lpn_pi_free(pi);
    lpn_classes_free(cl);
    lpn_space_free(sp);
    return rc;
}

/* Writes witness B of the result as PREFIX-SUFFIX.jsonl. */
static bool write_witness(const struct lpn_space *sp, const char *prefix, const char *suffix, const struct lpn_bound *b)
{
    if (!prefix || !b->witness)
        return true;
    size_t n = strlen(prefix) + strlen(suffix) + 16;
    char *path = sup_xmalloc(n);
    snprintf(path, n, "%s-%s.jsonl", prefix, suffix);
    struct sup_outfile f;
    bool ok = sup_outfile_open(&f, path, stderr) == 0;
    if (ok) {
        lpn_space_write_jsonl(sp, b->witness, f.f);
        ok = sup_outfile_commit(&f, stderr) == 0;
    }
    free(path);
    return ok;
}

int lpn_cli_smt(const struct lpn_cli_opts *o, const struct lpn_model *m)
{
    struct lpn_space *sp = lpn_space_load_file(m, o->space, stderr);
    if (!sp)
        return 1;
    struct lpn_query *q = lpn_query_parse(sp, "<query>", o->query, stderr);
    if (!q) {
        lpn_space_free(sp);
        return 1;
    }
    lpn_space_free(sp);
    struct lpn_classes *cl = explore(o, m, &sp);
    if (!cl) {
        lpn_query_free(q);
        return 1;
    }
    lpn_query_free(q);
    q = lpn_query_parse(sp, "<query>", o->query, stderr);   /* in the explored space's context */
    struct lpn_pi *pi = NULL;
    int rc = 1;
    if (q && lpn_query_uses_pi(q)) {
        struct lpn_pi_opts po = {.samples = 0};
        pi = lpn_pi_build(cl, &po, stderr);
    }
    struct lpn_smt_result r;
    if (q && (pi || !lpn_query_uses_pi(q)) && lpn_smt_run(cl, pi, q, &r, stderr) == 0) {
        bool ok = true;
        if (r.kind == LPN_Q_PROVE)
            ok = write_witness(sp, o->witness, "cex", &r.overall[0]);
        else {
            ok = write_witness(sp, o->witness, r.kind == LPN_Q_MIN ? "min" : "max", &r.overall[0]);
            if (r.kind == LPN_Q_BOUNDS)
                ok &= write_witness(sp, o->witness, "min", &r.overall[1]);
        }
        struct sup_outfile out;
        if (ok && sup_outfile_open(&out, o->out, stderr) == 0) {
            lpn_smt_write(cl, &r, out.f, o->json);
            if (o->print_latency && !o->json)
                lpn_classes_write_latency(cl, out.f);
            rc = 0;
            for (int s = 0; s < (r.kind == LPN_Q_BOUNDS ? 2 : 1); s++)
                if (r.overall[s].verdict == LPN_V_DISPROVED)
                    rc = EXIT_DISPROVED;
                else if (r.overall[s].verdict == LPN_V_UNKNOWN && rc == 0)
                    rc = EXIT_LIMIT;
            if (sup_outfile_commit(&out, stderr) != 0)
                rc = 1;
        }
        lpn_smt_result_free(&r);
    }
    lpn_pi_free(pi);
    lpn_query_free(q);
    lpn_classes_free(cl);
    lpn_space_free(sp);
    return rc;
}
