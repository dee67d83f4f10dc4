/* fuzz_lpn.c — libFuzzer target for the LPN loader: any bytes are
 * loaded as a model; when they load, the model is drawn (Graphviz) and
 * simulated for a bounded time with a trace and both reports, all written to
 * /dev/null. Nothing may crash, trip a sanitizer, leak or hang. */
#include "fuzz_util.h"
#include "lpn.h"
#include "lpn_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *null = fuzz_null();
    struct lpn_model *m = lpn_load_string("fuzz.yaml", (const char *)data, size, NULL, 0, NULL);
    if (!m)
        return 0;
    lpn_write_dot(m, null);
    /* keep a run short: few initial tokens */
    int64_t tokens = 0;
    for (int k = 0; k < m->ngens; k++)
        tokens += m->gens[k].count;
    for (int p = 0; p < m->nplaces; p++)
        if (m->places[p].cap_of >= 0)
            tokens += m->places[p].initial > 100000 ? 100000 : m->places[p].initial;
    if (tokens <= 20000) {
        struct lpn_sim *s = lpn_sim_new(m, 0, NULL);
        if (s) {
            lpn_sim_set_limits(s, 5000, 20000);
            struct lpn_trace *tr = lpn_trace_begin(s, null);
            enum lpn_status st = lpn_sim_run(s, 100000, LPN_NO_DONE_LIMIT);
            lpn_trace_end(tr);
            lpn_report(null, s, st, false);
            lpn_report(null, s, st, true);
            lpn_sim_free(s);
        }
    }
    lpn_model_free(m);
    return 0;
}
