/* fuzz_profile.c — libFuzzer target for the profiles programs built with the
 * plugin's instrumentation write (plugin/PROFILE.md): any bytes are read as
 * a profile of tests/data/fuzz/profile_module.ll (the IR of the corpus's
 * crc32.c, whose real profile is the seed) and, when its functions match,
 * priced on the host core (code generation included). */
#include "estimate.h"
#include "estimate_static.h"
#include "estimator.h"
#include "fuzz_util.h"
#include "isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct eng_module *m;
    static struct isa *isa;
    if (!m) {
        const char *path = LPNEST_SOURCE_DIR "/tests/data/fuzz/profile_module.ll";
        if (!(m = eng_module_load(&path, 1, stderr)) || !(isa = isa_load_named("x86-64", stderr)))
            abort();
    }
    const char *path = fuzz_file(data, size, "fuzz.profile");
    struct cost_estimate *e = cost_estimate_profile(m, isa, &path, 1, fuzz_null(), NULL);
    cost_estimate_free(e);
    return 0;
}
