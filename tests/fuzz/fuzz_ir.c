/* fuzz_ir.c — libFuzzer target for textual LLVM IR through the engine and
 * the lowering: any bytes are loaded as a .ll module; when it loads, main()
 * runs in the IR engine (counts, bounded steps and stack, the program's
 * streams on /dev/null, its files confined to an empty directory) and, when
 * that run ends without a fault, it is estimated on the core of its triple
 * (code generation in a child process, the machine code parsed and priced,
 * the timed second run) and both reports written.
 *
 * LLVM's parser runs in a child process (engine/module.c): lpnest survives
 * its crashes and says "crashed on this file", which libFuzzer would not
 * see. Such a message is a finding all the same (the input should get a
 * located error from the check before the parser), so the target aborts
 * and libFuzzer keeps the input; so is a module LLVM parses but cannot
 * read back from its own bitcode.
 *
 * LPNEST_FUZZ_IR_LOAD_ONLY=1 stops after the load and the engine's run:
 * hundreds of inputs a second instead of a few, for the parser and the
 * checks around it. */
#define _DEFAULT_SOURCE
#include "estimator.h"
#include "fuzz_util.h"
#include "isa.h"
#include "report.h"
#include "timed.h"

#include <stdlib.h>
#include <string.h>

static struct isa *core_for(const char *triple)
{
    static struct isa *rv, *ppc, *avr, *x86;
    struct isa **slot = !strncmp(triple, "riscv32", 7) ? &rv : !strncmp(triple, "powerpc", 7) ? &ppc
                      : !strncmp(triple, "avr", 3) ? &avr : !strncmp(triple, "x86_64", 6) ? &x86 : NULL;
    static const char *const names[] = {"picorv32", "ppc405", "atmega2560", "x86-64"};
    if (!slot)
        return NULL;
    if (!*slot && !(*slot = isa_load_named(names[slot == &rv ? 0 : slot == &ppc ? 1 : slot == &avr ? 2 : 3], stderr)))
        abort();
    return *slot;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *in;
    static char dir[256];
    if (!in) {
        in = fopen("/dev/null", "r");
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/lpnest-fuzz-ir-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir) || chdir(dir))
            abort();
    }
    FILE *null = fuzz_null();
    const char *path = fuzz_file(data, size, "fuzz.ll");
    char *msg = NULL;
    size_t mlen = 0;
    FILE *diag = open_memstream(&msg, &mlen);
    struct eng_module *m = eng_module_load(&path, 1, diag);
    fclose(diag);
    if (strstr(msg, "crashed on this file") || strstr(msg, "stopped with status") || strstr(msg, "stopped: ") ||
        strstr(msg, "cannot read it back") || strstr(msg, "invalid bitcode")) {
        fprintf(stderr, "fuzz_ir: LLVM's parser failed in its child: %s", msg);
        abort();
    }
    free(msg);
    if (!m)
        return 0;
    char *argv[] = {"fuzz", "1", NULL};
    struct eng_run_options o = {.argc = 2, .argv = argv, .max_steps = 200000, .stack_bytes = 65536,
                                .diag = null, .in = in, .out = null, .err = null, .fs_root = dir};
    o.builtins = offload_builtins(&o.nbuiltins); /* as lpnest runs programs */
    struct eng_profile *p = eng_run(m, &o);
    bool clean = p && !eng_profile_faulted(p);
    eng_profile_free(p);
    static int load_only = -1;
    if (load_only < 0) {
        const char *e = getenv("LPNEST_FUZZ_IR_LOAD_ONLY");
        load_only = e && *e == '1';
    }
    struct isa *isa = clean && !load_only ? core_for(LLVMGetTarget(eng_module_llvm(m))) : NULL;
    if (isa) {
        int status;
        struct cost_estimate *e = offload_estimate_timed(m, isa, &o, NULL, NULL, &status);
        if (e) {
            report_estimate_write_text(e, null, 10);
            report_estimate_write_json(e, null);
        }
        cost_estimate_free(e);
    }
    eng_module_free(m);
    return 0;
}
