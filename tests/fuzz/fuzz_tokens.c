/* fuzz_tokens.c — libFuzzer target for token streams (lpn/FORMAT.md, JSONL
 * `lpn sim --tokens`): any bytes are read as tokens into a simulation of
 * the bundled JPEG model (without its generated tokens), which then runs for
 * a bounded time and reports. */
#include "fuzz_util.h"
#include "lpn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct lpn_model *m;
    FILE *null = fuzz_null();
    if (!m && !(m = lpn_load_file(LPNEST_SOURCE_DIR "/lpn/models/jpeg.yaml", NULL, 0, stderr)))
        abort();
    struct lpn_sim *s = lpn_sim_new(m, LPN_SIM_NO_GENERATORS, null); /* the input's tokens only */
    if (!s)
        return 0;
    lpn_sim_set_limits(s, 20000, 5000);
    if (lpn_sim_load_jsonl(s, fuzz_file(data, size, "tokens.jsonl"), null) >= 0) {
        enum lpn_status st = lpn_sim_run(s, 1000000, LPN_NO_DONE_LIMIT);
        lpn_report(null, s, st, false);
        lpn_report(null, s, st, true);
    }
    lpn_sim_free(s);
    return 0;
}
