/* fuzz_isa.c — libFuzzer target for the ISA description loader (isa/SCHEMA.md):
 * any bytes are loaded as a core description; when they load, every
 * mnemonic the bundled cores use is looked up and its cycles evaluated for a
 * few operand values. The backend check is not installed (it runs LLVM in a
 * child process; the ctest isa_backend covers it). */
#include "fuzz_util.h"
#include "isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct isa *isa = isa_load_string("fuzz.yaml", (const char *)data, size, fuzz_null());
    if (!isa)
        return 0;
    static const char *const probe[] = {"add", "li", "mv", "call", "jal", "beq", "lw", "sw", "mul", "div",
                                        "sll", "ret", "tail", "bdnz", "blr", "rjmp", "nop", "j"};
    for (size_t i = 0; i < sizeof probe / sizeof *probe; i++) {
        const struct isa_insn *in = isa_lookup(isa, probe[i]);
        if (in)
            for (int64_t n = -1; n < 40; n += 7)
                (void)isa_insn_cycles(in, n);
    }
    static const char *const routines[] = {"memcpy", "memset", "__mulsi3", "__divsi3", "printf", "_start", "strcmp"};
    double fixed[ISA_RT_NFIXED];
    for (int k = 0; k < ISA_RT_NFIXED; k++)
        fixed[k] = k * 3 + 1;
    for (size_t i = 0; i < sizeof routines / sizeof *routines; i++) {
        const struct isa_runtime *rt = isa_runtime(isa, routines[i]);
        if (rt) {
            (void)isa_runtime_eval_at(rt, fixed, fuzz_null());
            (void)isa_runtime_eval_ninstr_at(rt, fixed, fuzz_null());
        }
    }
    (void)isa_clock_hz(isa);
    isa_free(isa);
    return 0;
}
