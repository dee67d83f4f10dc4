/* avr-calls — runs a bare ATmega2560 ELF (built like the corpus) under libsimavr and
 * measures every call that the program's own functions make to a routine outside them
 * (libgcc, avr-libc's soft-float, the runtime's printf...): the cycles and instructions
 * from the routine's first instruction up to and including its return, helpers it calls
 * included (the call instruction itself belongs to the caller) — what lpnest's runtime
 * table prices. A program function the routine calls back (qsort's and bsearch's
 * comparator, named in --program) is left out, from its first instruction up to and
 * including its return (the routine's eicall stays the routine's): lpnest counts its
 * blocks, ret included, as the program's. The per-routine totals are the reference for
 * lpnest's runtime rows.
 *
 * usage: avr-calls --program NAME[,NAME...] --out FILE [--each] ELF [ARGS...]
 *
 * --program names the program's functions (lpnest's functions[]). FILE gets JSON:
 * {"cycles": total, "routines": [{"name", "calls", "cycles", "instructions"}]}, and with
 * --each also "each": [{"caller", "name", "cycles", "instructions"}], every call in order
 * (benchmarks/runtime-sweep prices routines call by call). A routine that ends the program
 * (exit, abort, a failed assert: the runtime's rt_exit stops simavr) is measured from its
 * first instruction to the end of the run.
 * exit: 0; 2 bad usage; 3 cannot load or write; 4 the program did not exit. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "avr_uart.h"
#include "elfsyms.h"
#include "sim_avr.h"
#include "sim_elf.h"

#define EXIT_MARK 0xA5
#define GPIOR0_ADDR 0x3E
#define AVR_DATA_BASE 0x800000u
#define MAX_FRAMES 256

struct routine {
    const char *name;
    uint64_t calls, cycles, insns;
};

struct frame {
    uint32_t ret_pc;          /* where the call returns */
    uint16_t sp;              /* the stack pointer before the call */
    size_t routine;           /* CALLBACK: the program's function a routine calls back */
    size_t caller;            /* index of the calling function in the ELF's symbols */
    uint64_t cycle0, insn0;   /* after the call instruction */
    uint64_t back_cycles, back_insns; /* in the program's functions it called back */
};
#define CALLBACK ((size_t)-1)

static void quiet_logger(avr_t *avr, const int level, const char *fmt, va_list ap)
{
    (void)avr;
    if (level <= LOG_WARNING) {
        fputs("avr-calls: simavr: ", stderr);
        vfprintf(stderr, fmt, ap);
    }
}

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    (void)value; /* the program's output is not wanted here */
}

static int usage(void)
{
    fputs("usage: avr-calls --program NAME[,NAME...] --out FILE [--each] ELF [ARGS...]\n", stderr);
    return 2;
}

static uint16_t word_at(const avr_t *avr, uint32_t pc)
{
    return (uint16_t)(avr->flash[pc] | avr->flash[pc + 1] << 8);
}

/* The target of a call instruction at PC and its size in bytes; 0 when it is not a call.
 * Indirect calls (icall, eicall) take the target from Z (and EIND). */
static int call_at(const avr_t *avr, uint32_t pc, uint32_t *target)
{
    uint16_t w = word_at(avr, pc);
    if ((w & 0xFE0E) == 0x940E) { /* call k: 22-bit word address */
        uint32_t k = ((uint32_t)(w & 0x01F0) << 13 | (uint32_t)(w & 1) << 16) | word_at(avr, pc + 2);
        *target = k * 2;
        return 4;
    }
    if ((w & 0xF000) == 0xD000) { /* rcall k: 12-bit signed word offset */
        int32_t k = w & 0x0FFF;
        if (k & 0x800)
            k -= 0x1000;
        *target = (uint32_t)((int32_t)pc + 2 + 2 * k);
        return 2;
    }
    if (w == 0x9509 || w == 0x9519) { /* icall, eicall */
        uint32_t z = avr->data[30] | (uint32_t)avr->data[31] << 8;
        if (w == 0x9519)
            z |= (uint32_t)avr->data[0x5C] << 16; /* EIND */
        *target = z * 2;
        return 2;
    }
    return 0;
}

static int split_names(char *list, char ***out)
{
    int n = 0;
    for (char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        n++;
    *out = calloc((size_t)n + 1, sizeof **out);
    n = 0;
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ","))
        (*out)[n++] = t;
    return n;
}

int main(int argc, char **argv)
{
    char *program = NULL;
    const char *out = NULL;
    int i = 1, each = 0;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "--each")) {
            each = 1;
            i--;
        } else if (!strcmp(argv[i], "--program"))
            program = argv[i + 1];
        else if (!strcmp(argv[i], "--out"))
            out = argv[i + 1];
        else
            return usage();
    }
    if (i >= argc || !program || !out)
        return usage();
    const char *elf = argv[i];
    char **names;
    int nnames = split_names(program, &names);

    avr_global_logger_set(quiet_logger);
    struct elf_syms syms;
    if (elfsyms_load(elf, &syms) != 0)
        return 3;
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(elf, &fw) != 0) {
        fprintf(stderr, "avr-calls: error: %s: cannot read the firmware\n", elf);
        return 3;
    }
    avr_t *avr = avr_make_mcu_by_name("atmega2560");
    if (!avr)
        return 3;
    avr_init(avr);
    avr->frequency = 16000000;
    avr_load_firmware(avr, &fw);
    /* the program's arguments, as the runtime (rt_avr.c) expects them */
    const struct elf_sym *buf = elfsyms_find(&syms, "__rt_argbuf"), *mag = elfsyms_find(&syms, "__rt_argmagic");
    if (buf && mag && buf->value >= AVR_DATA_BASE && mag->value >= AVR_DATA_BASE) {
        uint32_t at = buf->value - AVR_DATA_BASE, used = 0;
        for (int k = i; k < argc; k++) {
            size_t n = strlen(argv[k]) + 1;
            if (used + n + 1 > buf->size)
                break;
            memcpy(avr->data + at + used, argv[k], n);
            used += (uint32_t)n;
        }
        avr->data[at + used] = 0;
        avr->data[mag->value - AVR_DATA_BASE] = 0x4C;
        avr->data[mag->value - AVR_DATA_BASE + 1] = 0x50;
    }
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_out, NULL);

    /* which functions are the program's */
    char *mine = calloc(syms.count + 1, 1);
    for (size_t f = 0; f < syms.count; f++)
        for (int k = 0; k < nnames; k++)
            if (!strcmp(syms.funcs[f].name, names[k]))
                mine[f] = 1;
    struct routine *rt = NULL;
    size_t nrt = 0;
    struct call { size_t caller, routine; uint64_t cycles, insns; } *calls = NULL;
    size_t ncalls = 0;
    struct frame stack[MAX_FRAMES];
    int depth = 0;
    uint64_t insns = 0;
    int state = cpu_Running;
    while (state != cpu_Done && state != cpu_Crashed) {
        uint32_t pc = avr->pc, target = 0;
        int running = avr->state == cpu_Running;
        uint16_t sp = (uint16_t)(avr->data[0x5D] | avr->data[0x5E] << 8);
        int size = running ? call_at(avr, pc, &target) : 0;
        size_t from = elfsyms_func_at(&syms, pc);
        state = avr_run(avr);
        if (!running)
            continue;
        insns++;
        while (depth > 0 && avr->pc == stack[depth - 1].ret_pc &&
               (uint16_t)(avr->data[0x5D] | avr->data[0x5E] << 8) == stack[depth - 1].sp) {
            struct frame *fr = &stack[--depth];
            uint64_t cycles = avr->cycle - fr->cycle0, n = insns - fr->insn0;
            if (fr->routine == CALLBACK) { /* left out of the routine that called it back */
                if (depth > 0) {
                    stack[depth - 1].back_cycles += cycles;
                    stack[depth - 1].back_insns += n;
                }
                continue;
            }
            cycles -= fr->back_cycles;
            n -= fr->back_insns;
            rt[fr->routine].calls++;
            rt[fr->routine].cycles += cycles;
            rt[fr->routine].insns += n;
            if (each) {
                struct call *g = realloc(calls, (ncalls + 1) * sizeof *calls);
                if (!g)
                    return 3;
                calls = g;
                calls[ncalls++] = (struct call){fr->caller, fr->routine, cycles, n};
            }
        }
        if (!size || depth == MAX_FRAMES)
            continue;
        size_t to = elfsyms_func_at(&syms, target);
        if ((from >= syms.count || !mine[from]) && depth > 0 && stack[depth - 1].routine != CALLBACK &&
            to < syms.count && mine[to] && syms.funcs[to].value == target) {
            stack[depth++] = (struct frame){.ret_pc = pc + (uint32_t)size, .sp = sp, .routine = CALLBACK,
                                            .caller = from, .cycle0 = avr->cycle, .insn0 = insns};
            continue; /* a routine calls the program back (a comparator) */
        }
        if (from >= syms.count || !mine[from])
            continue;
        if (to < syms.count && mine[to] && syms.funcs[to].value == target)
            continue; /* a call between the program's functions */
        /* the routine's name: a symbol at the target (libgcc's are not typed as functions) */
        const char *name = NULL;
        for (size_t k = 0; k < syms.nall && !name; k++)
            if (syms.all[k].value == target && syms.all[k].name[0] && syms.all[k].name[0] != '.')
                name = syms.all[k].name;
        if (!name)
            name = "?";
        size_t r = 0;
        while (r < nrt && strcmp(rt[r].name, name))
            r++;
        if (r == nrt) {
            struct routine *g = realloc(rt, (nrt + 1) * sizeof *rt);
            if (!g)
                return 3;
            rt = g;
            rt[nrt++] = (struct routine){.name = name};
        }
        stack[depth++] = (struct frame){.ret_pc = pc + (uint32_t)size, .sp = sp, .routine = r, .caller = from,
                                        .cycle0 = avr->cycle, .insn0 = insns};
    }
    if (state == cpu_Crashed || avr->data[GPIOR0_ADDR] != EXIT_MARK) {
        fprintf(stderr, "avr-calls: error: the program stopped without calling exit\n");
        return 4;
    }
    /* the routines still running when the program ended (exit, abort ...): up to the end */
    while (depth > 0) {
        struct frame *fr = &stack[--depth];
        uint64_t cycles = avr->cycle - fr->cycle0, n = insns - fr->insn0;
        if (fr->routine == CALLBACK) {
            if (depth > 0) {
                stack[depth - 1].back_cycles += cycles;
                stack[depth - 1].back_insns += n;
            }
            continue;
        }
        cycles -= fr->back_cycles;
        n -= fr->back_insns;
        rt[fr->routine].calls++;
        rt[fr->routine].cycles += cycles;
        rt[fr->routine].insns += n;
        if (each) {
            struct call *g = realloc(calls, (ncalls + 1) * sizeof *calls);
            if (!g)
                return 3;
            calls = g;
            calls[ncalls++] = (struct call){fr->caller, fr->routine, cycles, n};
        }
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "avr-calls: error: %s: %s\n", tmp, strerror(errno));
        return 3;
    }
    fprintf(f, "{\"tool\": \"avr-calls\", \"cycles\": %" PRIu64 ", \"routines\": [", (uint64_t)avr->cycle);
    for (size_t r = 0; r < nrt; r++)
        fprintf(f, "%s\n {\"name\": \"%s\", \"calls\": %" PRIu64 ", \"cycles\": %" PRIu64 ", \"instructions\": %" PRIu64 "}",
                r ? "," : "", rt[r].name, rt[r].calls, rt[r].cycles, rt[r].insns);
    fprintf(f, "\n]");
    if (each) {
        fprintf(f, ", \"each\": [");
        for (size_t c = 0; c < ncalls; c++)
            fprintf(f, "%s\n {\"caller\": \"%s\", \"name\": \"%s\", \"cycles\": %" PRIu64 ", \"instructions\": %" PRIu64 "}",
                    c ? "," : "", syms.funcs[calls[c].caller].name, rt[calls[c].routine].name, calls[c].cycles,
                    calls[c].insns);
        fprintf(f, "\n]");
    }
    fprintf(f, "}\n");
    if (fclose(f) != 0 || rename(tmp, out) != 0) {
        fprintf(stderr, "avr-calls: error: %s: %s\n", out, strerror(errno));
        return 3;
    }
    free(calls);
    free(rt);
    free(mine);
    free(names);
    return 0;
}
