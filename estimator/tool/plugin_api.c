/* plugin_api.c — the one call the clang plugin (plugin/lpnest.so) makes per
 * translation unit: load the core, read the unit's bitcode, estimate each
 * function for one call from the branch probabilities the plugin measured,
 * write the JSON report, check the per-function budgets, and hand back
 * what the plugin turns into remarks and diagnostics. */
#include "plugin_api.h"
#include "isa.h"
#include "report.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static struct isa *load_core(const char *target, FILE *diag)
{
    if (!strcmp(target, "host"))
        target = "x86-64"; /* as lpnest --target=host */
    size_t tl = strlen(target);
    return tl > 5 && !strcmp(target + tl - 5, ".yaml") ? isa_load_file(target, diag) : isa_load_named(target, diag);
}

static bool write_report(const struct report_data *r, const char *path, FILE *diag)
{
    struct sup_outfile of;
    if (sup_outfile_open(&of, path, diag) != 0)
        return false;
    if (report_write_json(r, of.f) != 0) {
        sup_outfile_fail(&of, "the report", diag);
        return false;
    }
    return sup_outfile_commit(&of, diag) == 0;
}

/* What a budget check of kind KIND measures, in a unit priced per call. */
static const char *what_of(const char *kind)
{
    if (!strcmp(kind, "self"))
        return "self cycles per call";
    return "cycles per call";
}

/* Over-budget functions of this unit (a budgets file names functions of
 * every unit: the others are not checked here, nor whole-run limits). */
static void check_budget(const struct report_budget *b, const struct report_data *r, struct tool_plugin_result *res)
{
    FILE *quiet = fopen("/dev/null", "w");
    struct report_check *checks = NULL;
    size_t n = 0;
    report_budget_check(b, r, quiet ? quiet : stderr, &checks, &n);
    if (quiet)
        fclose(quiet);
    res->over = sup_xcalloc(n + 1, sizeof *res->over);
    for (size_t i = 0; i < n; i++) {
        const struct report_check *c = &checks[i];
        const char *dot = strrchr(c->name, '.');
        if (!dot || strcmp(c->classname, "lpnest.budget.functions") || (!c->failed && !c->warning))
            continue;
        char func[512];
        snprintf(func, sizeof func, "%.*s", (int)(dot - c->name), c->name);
        size_t nsrc;
        const struct cost_source_func *sf = report_source_func(r, func, &nsrc);
        if (report_func_index(r, func) == (size_t)-1 && !sf)
            continue; /* a function of another unit */
        struct tool_plugin_over *o = &res->over[res->nover++];
        o->func = sup_strdup(func);
        o->what = sup_strdup(what_of(dot + 1));
        o->actual = c->actual;
        o->limit = c->limit;
        o->warning = c->warning;
        /* an exceeded limit of a function that is not in the unit as compiled
         * (inlined everywhere), or a budget that cannot be checked: the message */
        if (report_func_index(r, func) == (size_t)-1 || !(c->actual > c->limit) || (sf && sf->copies))
            o->message = sup_strdup(c->message);
        o->definition = c->related ? sup_strdup(c->related) : NULL;
        char where[600];
        snprintf(where, sizeof where, "%s:%u:%u", c->file ? c->file : "", c->line, c->col);
        o->where = sup_strdup(where);
    }
    report_checks_free(checks, n);
}

struct tool_plugin_result *tool_plugin_estimate(const struct tool_plugin_options *o, const void *data, size_t len,
                                              const struct cost_freqs *fq, FILE *diag)
{
    struct isa *isa = load_core(o->target, diag);
    if (!isa)
        return NULL;
    struct report_budget *budget = NULL;
    if (o->budget && !(budget = report_budget_load(o->budget, diag))) {
        isa_free(isa);
        return NULL;
    }
    if (budget)
        report_budget_allow_incomplete(budget, o->allow_incomplete);
    struct eng_module *m = eng_module_load_memory(o->name, data, len, diag);
    struct cost_estimate *e = m ? cost_estimate_freqs(m, isa, fq, o->profile, diag, NULL) : NULL;
    struct tool_plugin_result *res = NULL;
    if (e) {
        struct report_data r = {.e = e};
        report_find_loops(&r, eng_module_llvm(m));
        if (!o->report || write_report(&r, o->report, diag)) {
            res = sup_xcalloc(1, sizeof *res);
            res->core = sup_strdup(e->core);
            res->funcs = sup_xcalloc(e->nfuncs + 1, sizeof *res->funcs);
            for (size_t i = 0; i < e->nfuncs; i++) {
                const struct cost_func_cost *fc = &e->funcs[i];
                if (!fc->calls)
                    continue;
                struct tool_plugin_func *pf = &res->funcs[res->nfuncs++];
                pf->name = sup_strdup(fc->name);
                pf->inclusive = fc->inclusive;
                pf->self = fc->self;
                pf->instructions = fc->instructions;
                pf->other_units = fc->excl.other_units;
                pf->unpriced = fc->excl.unpriced;
                pf->indirect = fc->excl.indirect;
                char names[200];
                cost_excluded_names(&fc->excl, names, sizeof names);
                pf->callees = names[0] ? sup_strdup(names) : NULL;
                pf->incomplete = fc->incomplete;
                for (size_t b = 0; b < e->nblocks; b++)
                    pf->estimated |= e->blocks[b].func == i && e->blocks[b].estimated && e->blocks[b].count > 0;
            }
            if (budget)
                check_budget(budget, &r, res);
            res->warnings = sup_xcalloc(e->nwarnings + 1, sizeof *res->warnings);
            for (size_t i = 0; i < e->nwarnings; i++)
                res->warnings[res->nwarnings++] = sup_strdup(e->warnings[i]);
        }
        report_clear(&r);
    }
    eng_module_free(m);
    report_budget_free(budget);
    isa_free(isa);
    return res;
}

void tool_plugin_result_free(struct tool_plugin_result *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nfuncs; i++) {
        free(r->funcs[i].name);
        free(r->funcs[i].callees);
    }
    for (size_t i = 0; i < r->nover; i++) {
        free(r->over[i].func);
        free(r->over[i].what);
        free(r->over[i].where);
        free(r->over[i].message);
        free(r->over[i].definition);
    }
    for (size_t i = 0; i < r->nwarnings; i++)
        free(r->warnings[i]);
    free(r->funcs);
    free(r->over);
    free(r->warnings);
    free(r->core);
    free(r);
}
