/* avr-run — runs a bare ATmega2560 ELF (built with benchmarks/runtime/rt_avr.c) under
 * libsimavr to completion: UART0 output goes to stdout, the program's exit status (GPIOR1,
 * marked in GPIOR0 before `cli; sleep`) becomes avr-run's exit status, and the exact cycle
 * and instruction counts (optionally per function, from the ELF symbol table) are printed
 * to stderr or written as JSON to the file given with --counts.
 *
 * usage: avr-run [--counts FILE] [--pc-counts FILE] [--max-cycles N] [--mcu NAME] [--freq HZ] ELF [ARGS...]
 *
 * --pc-counts FILE writes one line per executed instruction address: "0xADDR COUNT CYCLES"
 * (byte address in flash, executions, cycles spent there), for block-level comparisons.
 * exit:  the program's status; 2 bad usage; 3 cannot load; 4 no exit (crash, limit). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"

#include "elfsyms.h"

#define EXIT_MARK 0xA5
#define GPIOR0_ADDR 0x3E
#define GPIOR1_ADDR 0x4A
#define AVR_DATA_BASE 0x800000u

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    putchar((int)(value & 0xff));
}

static void quiet_logger(avr_t *avr, const int level, const char *fmt, va_list ap)
{
    (void)avr;
    if (level <= LOG_WARNING) {
        fputs("avr-run: simavr: ", stderr);
        vfprintf(stderr, fmt, ap);
    }
}

static void usage(void)
{
    fputs("usage: avr-run [--counts FILE] [--pc-counts FILE] [--max-cycles N] [--mcu NAME] [--freq HZ] ELF [ARGS...]\n",
          stderr);
    exit(2);
}

/* Copies "prog\0arg\0...\0\0" into the runtime's argument buffer. */
static int put_args(avr_t *avr, const struct elf_syms *syms, int argc, char **argv)
{
    const struct elf_sym *buf = elfsyms_find(syms, "__rt_argbuf");
    const struct elf_sym *mag = elfsyms_find(syms, "__rt_argmagic");
    if (!buf || !mag || buf->value < AVR_DATA_BASE || mag->value < AVR_DATA_BASE) {
        fputs("avr-run: error: the ELF has no __rt_argbuf/__rt_argmagic (not linked with rt_avr.c)\n",
              stderr);
        return -1;
    }
    uint32_t at = buf->value - AVR_DATA_BASE, used = 0;
    for (int i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]) + 1;
        if (used + n + 1 > buf->size) {
            fputs("avr-run: error: arguments too long for the runtime's buffer\n", stderr);
            return -1;
        }
        memcpy(avr->data + at + used, argv[i], n);
        used += (uint32_t)n;
    }
    avr->data[at + used] = 0;
    avr->data[mag->value - AVR_DATA_BASE] = 0x4C;
    avr->data[mag->value - AVR_DATA_BASE + 1] = 0x50;
    return 0;
}

int main(int argc, char **argv)
{
    const char *counts = NULL, *pc_counts = NULL, *mcu = "atmega2560";
    unsigned long long max_cycles = 20000000000ULL;
    unsigned long freq = 16000000UL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--")) {
            i++;
            break;
        }
        if (i + 1 >= argc)
            usage();
        if (!strcmp(o, "--counts"))
            counts = argv[++i];
        else if (!strcmp(o, "--pc-counts"))
            pc_counts = argv[++i];
        else if (!strcmp(o, "--max-cycles"))
            max_cycles = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(o, "--mcu"))
            mcu = argv[++i];
        else if (!strcmp(o, "--freq"))
            freq = strtoul(argv[++i], NULL, 0);
        else
            usage();
    }
    if (i >= argc)
        usage();
    const char *elf = argv[i];

    avr_global_logger_set(quiet_logger);
    struct elf_syms syms;
    if (elfsyms_load(elf, &syms) != 0)
        return 3;
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(elf, &fw) != 0) {
        fprintf(stderr, "avr-run: error: %s: cannot read the firmware\n", elf);
        return 3;
    }
    avr_t *avr = avr_make_mcu_by_name(mcu);
    if (!avr) {
        fprintf(stderr, "avr-run: error: unknown MCU '%s'\n", mcu);
        return 3;
    }
    avr_init(avr);
    avr->frequency = (uint32_t)freq;
    avr_load_firmware(avr, &fw);
    if (put_args(avr, &syms, argc - i, argv + i) != 0)
        return 3;

    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_out, NULL);

    /* Per-function self cost: attribute each instruction's cycles to the function of its pc. */
    uint64_t *fn_cycles = calloc(syms.count + 1, sizeof *fn_cycles);
    uint64_t *fn_insns = calloc(syms.count + 1, sizeof *fn_insns);
    if (!fn_cycles || !fn_insns) {
        fputs("avr-run: error: out of memory\n", stderr);
        return 3;
    }
    uint64_t insns = 0;
    /* per address (flash is at most 256 KiB; addresses are even) */
    enum { FLASH_WORDS = 1 << 17 };
    uint64_t *pc_n = pc_counts ? calloc(FLASH_WORDS, sizeof *pc_n) : NULL;
    uint64_t *pc_c = pc_counts ? calloc(FLASH_WORDS, sizeof *pc_c) : NULL;
    if (pc_counts && (!pc_n || !pc_c)) {
        fputs("avr-run: error: out of memory\n", stderr);
        return 3;
    }
    int state = cpu_Running;
    while (state != cpu_Done && state != cpu_Crashed) {
        avr_cycle_count_t before = avr->cycle;
        uint32_t pc = avr->pc;
        int running = avr->state == cpu_Running;
        state = avr_run(avr);
        if (running) {
            size_t f = elfsyms_func_at(&syms, pc);
            fn_cycles[f] += avr->cycle - before;
            fn_insns[f]++;
            insns++;
            if (pc_n && pc / 2 < FLASH_WORDS) {
                pc_n[pc / 2]++;
                pc_c[pc / 2] += avr->cycle - before;
            }
        }
        if (avr->cycle > max_cycles) {
            fflush(stdout);
            fprintf(stderr, "avr-run: error: cycle limit %llu reached at pc 0x%" PRIx32 "\n",
                    max_cycles, avr->pc);
            return 4;
        }
    }
    fflush(stdout);
    int status = avr->data[GPIOR1_ADDR];
    if (state == cpu_Crashed || avr->data[GPIOR0_ADDR] != EXIT_MARK) {
        fprintf(stderr, "avr-run: error: the program stopped without calling exit (%s at pc 0x%" PRIx32
                        ", cycle %" PRIu64 ")\n",
                state == cpu_Crashed ? "crashed" : "sleeping", avr->pc, (uint64_t)avr->cycle);
        return 4;
    }
    if (elfsyms_write_counts(&syms, counts, "avr-run", (uint64_t)avr->cycle, insns, fn_cycles,
                             fn_insns) != 0)
        return 3;
    if (pc_counts) {
        FILE *f = fopen(pc_counts, "w");
        if (!f) {
            fprintf(stderr, "avr-run: error: %s: %s\n", pc_counts, strerror(errno));
            return 3;
        }
        for (uint32_t w = 0; w < FLASH_WORDS; w++)
            if (pc_n[w])
                fprintf(f, "0x%" PRIx32 " %" PRIu64 " %" PRIu64 "\n", w * 2, pc_n[w], pc_c[w]);
        if (fclose(f) != 0) {
            fprintf(stderr, "avr-run: error: %s: %s\n", pc_counts, strerror(errno));
            return 3;
        }
    }
    return status;
}
