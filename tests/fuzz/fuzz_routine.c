/* fuzz_routine.c — libFuzzer target for the cost layer's interpreters of
 * runtime code (estimator/cost/routine_*.c): the input is a routine's machine
 * code and its operands, run as the description's runtime code of the PPC405,
 * the PicoRV32 or the ATmega2560 (their classes, isa/ppc405.yaml,
 * isa/picorv32.yaml and isa/atmega2560.yaml without the runtime table).
 * Whatever the bytes, a run either prices a path or stops; it never reads or
 * writes outside its memory. Input: byte 0 picks the core (bit 1 set: the
 * ATmega2560, else bit 0: picorv32 or ppc405), byte 1 the operands' sizes (two
 * bits each: 4, 8, 16 bytes or a pointer into the input; the AVR: 2, 4, 8 bytes
 * or a pointer); its bit 6 on the AVR makes the third operand a callback (qsort's
 * comparator) whose calls return the input's bytes in turn, elsewhere a variadic
 * call with EXTRA more operands of 4 or 8 bytes, past the argument registers, so
 * on the stack; bit 7: a 16-byte result; bytes 2..25 three operand values (the
 * extra ones reuse them), the rest the code at the routine's entry. */
#include "fuzz_util.h"
#include "isa.h"
#include "routine.h"

#include <string.h>

#define HEAD 26
#define EXTRA 12

struct core {
    const char *file, *arch;
    uint32_t base;
    char *yaml;  /* the description up to its runtime code, then a runtime_code: naming ours */
};

static struct core cores[] = {{"ppc405.yaml", "ppc", 0x10000000u, NULL},
                              {"picorv32.yaml", "rv32", 0x10000u, NULL},
                              {"atmega2560.yaml", "avr", 0x100u, NULL}};

static char code_path[256];

/* The description's classes, with runtime_code: CODE_PATH. */
static char *description(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/isa/%s", LPNEST_SOURCE_DIR, file);
    FILE *f = fopen(path, "rb");
    if (!f)
        abort();
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *cut = strstr(text, "# the runtime routines' machine code");
    if (!cut)
        abort();
    *cut = '\0';
    size_t len = strlen(text) + strlen(code_path) + 32;
    char *out = malloc(len);
    snprintf(out, len, "%sruntime_code: %s\n", text, code_path);
    return out;
}

static const uint8_t *input;
static size_t input_size;

static const uint8_t *read_input(void *ctx, uint64_t addr, uint64_t n)
{
    (void)ctx;
    return addr < input_size && n <= input_size - addr ? input + addr : NULL;
}

/* The callback's results: the input's bytes in turn, for at most 4096 calls. */
static bool serve_callback(void *ctx, uint64_t a, uint64_t b, int64_t *result)
{
    unsigned *calls = ctx;
    if (a >= input_size || b >= input_size || *calls >= 4096)
        return false;
    *result = (int8_t)input[(*calls)++ % input_size];
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEAD + 4)
        return 0;
    bool avr = data[0] & 2;
    struct core *c = &cores[avr ? 2 : data[0] & 1];
    /* the code file: the bytes after the head at the entry */
    size_t cap = 64 + 3 * (size - HEAD) + 64 * 4;
    char *text = malloc(cap), *p = text;
    p += sprintf(p, "arch %s\nentry f %x\n", c->arch, c->base);
    for (size_t at = HEAD; at < size; at += 64) {
        p += sprintf(p, "bytes %zx ", c->base + (at - HEAD));
        for (size_t k = at; k < size && k < at + 64; k++)
            p += sprintf(p, "%02x", data[k]);
        *p++ = '\n';
    }
    const char *file = fuzz_file((const uint8_t *)text, (size_t)(p - text), "routine.code");
    free(text);
    if (!code_path[0]) {
        snprintf(code_path, sizeof code_path, "%s", file);
        for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
            cores[i].yaml = description(cores[i].file);
    }
    struct isa *isa = isa_load_string("fuzz.yaml", c->yaml, strlen(c->yaml), fuzz_null());
    if (!isa)
        abort(); /* the bundled description with a well-formed code file must load */
    struct routine_runner *r = routine_runner_new(isa);
    uint32_t entry;
    if (!r || !routine_entry(r, "f", &entry))
        abort();
    struct routine_arg args[3 + EXTRA];
    bool variadic = !avr && data[1] & 0x40;
    unsigned nargs = variadic ? 3 + EXTRA : 3;
    for (unsigned k = 0; k < nargs; k++) {
        unsigned kind = k < 3 ? data[1] >> (2 * k) & 3 : data[2 + k] & 1;
        uint64_t v;
        memcpy(&v, data + 2 + 8 * (k % 3), 8);
        v += k;
        args[k] = (struct routine_arg){.lo = v, .hi = ~v, .bytes = kind == 1 ? 8 : kind == 2 ? 16 : 4};
        if (avr && kind < 3)
            args[k].bytes = 2u << kind;
        if (kind == 3)
            args[k] = (struct routine_arg){.lo = v % size, .bytes = avr ? 2 : 4, .pointer = true};
        args[k].in_variadic = variadic;
        args[k].variadic = variadic && k > 0;
    }
    if (avr && data[1] & 0x40)
        args[2] = (struct routine_arg){.bytes = 2, .callback = true};
    input = data;
    input_size = size;
    unsigned callbacks = 0;
    struct routine_memory mem = {.read = read_input, .callback = serve_callback, .ctx = &callbacks};
    double cycles = 0, instr = 0;
    if (routine_run(r, entry, args, nargs, data[1] & 0x80 ? 16 : 4, &mem, NULL, &cycles, &instr) && !(cycles >= 0 && instr >= 1))
        abort();
    routine_runner_free(r);
    isa_free(isa);
    return 0;
}
