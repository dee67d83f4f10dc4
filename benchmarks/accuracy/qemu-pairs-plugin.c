/* qemu-pairs-plugin.c — a QEMU TCG plugin (plugin API version 1, qemu 7.2 user mode) that
 * counts how often each executed guest instruction was followed by each other one: the
 * exact dynamic trace as (pc, next pc) pairs, which is all a core without overlap
 * (PicoRV32) needs to be priced instruction by instruction — a branch is taken when the
 * next pc is not the fall-through. At exit it writes "<pc-hex> <next-hex> <count>" per
 * pair to the file named by the plugin argument out=PATH (the last instruction has next
 * pc 0). benchmarks/accuracy/run prices the pairs with isa/calibrate's trace pricer. The API
 * declarations are in benchmarks/tools/qemu_plugin_api.h. */
#include "qemu_plugin_api.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* (pc, next) -> count, open addressing; pc 0 marks an empty slot */
struct pair {
    uint64_t pc, next, count;
};
static struct pair *table;
static size_t cap, used;
static uint64_t last;       /* the previous instruction's pc (0 before the first) */
static char *out_path;

static size_t hash(uint64_t a, uint64_t b)
{
    uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b + 0x7F4A7C15ull + (a << 6));
    return (size_t)(h ^ (h >> 29));
}

static struct pair *slot(uint64_t pc, uint64_t next)
{
    size_t i = hash(pc, next) & (cap - 1);
    while (table[i].pc && (table[i].pc != pc || table[i].next != next))
        i = (i + 1) & (cap - 1);
    return &table[i];
}

static void grow(void)
{
    struct pair *old = table;
    size_t ocap = cap;
    cap = cap ? cap * 2 : 1 << 16;
    table = calloc(cap, sizeof *table);
    if (!table) {
        fputs("qemu-pairs-plugin: out of memory\n", stderr);
        abort();
    }
    for (size_t i = 0; i < ocap; i++)
        if (old[i].pc)
            *slot(old[i].pc, old[i].next) = old[i];
    free(old);
}

static void count(uint64_t pc, uint64_t next)
{
    if ((used + 1) * 2 > cap)
        grow();
    struct pair *p = slot(pc, next);
    if (!p->pc) {
        p->pc = pc;
        p->next = next;
        used++;
    }
    p->count++;
}

static void on_exec(unsigned int vcpu, void *userdata)
{
    (void)vcpu;
    uint64_t pc = (uint64_t)(uintptr_t)userdata;
    if (last)
        count(last, pc);
    last = pc;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_exec, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)pc);
    }
}

static void write_pairs(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    if (last)
        count(last, 0);
    FILE *f = out_path ? fopen(out_path, "w") : stderr;
    if (!f) {
        fprintf(stderr, "qemu-pairs-plugin: cannot write %s\n", out_path);
        return;
    }
    for (size_t i = 0; i < cap; i++)
        if (table[i].pc)
            fprintf(f, "%" PRIx64 " %" PRIx64 " %" PRIu64 "\n", table[i].pc, table[i].next, table[i].count);
    if (f != stderr)
        fclose(f);
}

__attribute__((visibility("default"))) int
qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++)
        if (!strncmp(argv[i], "out=", 4))
            out_path = strdup(argv[i] + 4);
    grow();
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, write_pairs, NULL);
    return 0;
}
