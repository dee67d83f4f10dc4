/* test_offload.c — the offload layer alone, without a compiler or simulator.
 * Two kinds of files in tests/data/offload/unit:
 *
 * NAME.expr: expressions of system files (estimator/offload_expr.c)
 * compiled and evaluated in the environment the directives before them set:
 *   # args: V0 V1 ...      the call's arguments a0, a1, ...
 *   # i: V                 the token index
 *   # tokens: V            the tokens the call made
 *   # eval: EXPR           compile and evaluate EXPR
 *   # expect: VALUE | error: MESSAGE | NAME.expr:LINE:COL: error: MESSAGE
 * (a run-time error, or the located compile error: COL is the expression's
 * column in the file plus the offset of the mistake);
 *
 * NAME.yaml: a system file (estimator/SYSTEM.md) whose offloaded calls are
 * timed on its LPNs by a run of the IR module named by "# ir: FILE.ll" (the
 * IR engine and the core's LLVM backend in process; no compiler), on the
 * core of "# isa: NAME", expected per accelerator and per offloaded function:
 *   # expect: accel NAME calls N busy B wait W overlap O latencies L1 L2 ...
 *   # expect: whatif FUNC on ACCEL calls N offloaded C
 * in host cycles, derived by hand from the models' delays (closed forms in
 * the files' comments). */
#define _GNU_SOURCE
#include "case_file.h"
#include "estimate.h"
#include "estimator.h"
#include "isa.h"
#include "offload_expr.h"
#include "system.h"
#include "timed.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#ifndef LPNEST_ISA_DIR
#error "LPNEST_ISA_DIR must name isa/"
#endif
#ifndef OFFLOAD_DATA
#error "OFFLOAD_DATA must name tests/data/offload/unit"
#endif

/* The column (1-based) of VALUE in line L of the file's original text. */
static unsigned column_of(const char *path, unsigned l, const char *value)
{
    FILE *f = fopen(path, "r");
    char buf[1024];
    unsigned n = 0, col = 1;
    while (f && fgets(buf, sizeof buf, f))
        if (++n == l) {
            const char *v = strstr(buf, value);
            col = v ? (unsigned)(v - buf) + 1 : 1;
            break;
        }
    if (f)
        fclose(f);
    return col;
}

static bool run_expr(const struct case_file *cf, struct case_out *o, FILE *err)
{
    int64_t args[8] = {0};
    struct oexpr_env env = {.args = args};
    char *copy = strdup(cf->path);
    const char *file = basename(copy);
    for (size_t k = 0; k < cf->nlines; k++) {
        const struct case_line *l = &cf->lines[k];
        if (!strcmp(l->key, "args")) {
            env.nargs = 0;
            char *p = l->value, *e;
            for (long long v; env.nargs < 8 && (v = strtoll(p, &e, 0), e != p); p = e)
                args[env.nargs++] = v;
        } else if (!strcmp(l->key, "i"))
            env.i = strtoll(l->value, NULL, 0);
        else if (!strcmp(l->key, "tokens"))
            env.tokens = strtoll(l->value, NULL, 0);
        else if (!strcmp(l->key, "eval")) {
            char *msg = NULL;
            size_t len = 0;
            FILE *diag = open_memstream(&msg, &len);
            struct oexpr *e = oexpr_compile(l->value, OEXPR_ARGS | OEXPR_I | OEXPR_TOKENS, file, l->line,
                                            column_of(cf->path, l->line, l->value), diag);
            fclose(diag);
            if (!e) {
                msg[strcspn(msg, "\n")] = '\0';
                case_printf(o, "%s", msg);
            } else {
                char error[256] = "";
                env.error = error;
                env.error_len = sizeof error;
                int64_t v;
                if (oexpr_eval(e, &env, &v))
                    case_printf(o, "%lld", (long long)v);
                else
                    case_printf(o, "error: %s", error);
                oexpr_free(e);
            }
            free(msg);
        } else if (strcmp(l->key, "expect")) {
            fprintf(err, "%s:%u: unknown directive '%s'\n", cf->path, l->line, l->key);
            free(copy);
            return false;
        }
    }
    free(copy);
    return true;
}

static bool run_timed(const struct case_file *cf, struct case_out *o, FILE *err)
{
    const char *ir = case_get(cf, "ir");
    char path[1024];
    if (!ir) {
        fprintf(err, "%s: needs '# ir:'\n", cf->path);
        return false;
    }
    if (!case_isa_path(cf, LPNEST_ISA_DIR, path, sizeof path, err))
        return false;
    struct isa *isa = isa_load_file(path, err);
    struct offload_system *sys = isa ? offload_system_load(cf->path, err) : NULL;
    case_sibling(cf, ir, path, sizeof path);
    const char *paths[] = {path};
    struct eng_module *em = sys ? eng_module_load(paths, 1, err) : NULL;
    char *argv[] = {"offload-test", NULL};
    struct eng_run_options ro = {.argc = 1, .argv = argv, .max_steps = 10000000, .diag = err};
    int status = 0;
    struct cost_estimate *e = em ? offload_estimate_timed(em, isa, &ro, sys, NULL, &status) : NULL;
    for (size_t a = 0; e && a < e->naccels; a++) {
        const struct cost_accel_cost *ac = &e->accels[a];
        char *lat = NULL;
        size_t len = 0;
        FILE *s = open_memstream(&lat, &len);
        for (size_t k = 0; k < ac->nlatencies; k++)
            fprintf(s, " %g", ac->latencies[k]);
        fclose(s);
        case_printf(o, "accel %s calls %g busy %g wait %g overlap %g latencies%s", ac->name, ac->calls, ac->busy,
                    ac->wait, ac->overlap, lat);
        free(lat);
    }
    for (size_t w = 0; e && w < e->nwhatifs; w++)
        case_printf(o, "whatif %s on %s calls %g offloaded %g", e->whatifs[w].func, e->whatifs[w].accel,
                    e->whatifs[w].calls, e->whatifs[w].offloaded);
    bool ok = e != NULL;
    cost_estimate_free(e);
    if (em)
        eng_module_free(em);
    if (sys)
        offload_system_free(sys);
    if (isa)
        isa_free(isa);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct case_kind kinds[] = {{".expr", run_expr, 2}, {".yaml", run_timed, 2}};
    return case_main(argc, argv, OFFLOAD_DATA, kinds, 2);
}
