/* qemu-insn-plugin.c — a QEMU TCG plugin (plugin API version 1, qemu 7.2 user mode) that
 * counts executed guest instructions: an inline 64-bit add on a counter of its own for
 * every translated instruction, so the count is exact even when a block is left early.
 * At exit it writes "<vaddr-hex> <count>" for every executed instruction address to the
 * file named by the plugin argument out=PATH (default stderr). qemu-count turns that into
 * totals and per-function counts. The API declarations are in qemu_plugin_api.h. */
#include "qemu_plugin_api.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* one counter per translated instruction, in chunks that never move */
struct counter {
    uint64_t vaddr;
    uint64_t count;
};
#define CHUNK 4096
struct chunk {
    struct chunk *next;
    size_t used;
    struct counter c[CHUNK];
};
static struct chunk *chunks;
static char *out_path;

static struct counter *new_counter(uint64_t vaddr)
{
    if (!chunks || chunks->used == CHUNK) {
        struct chunk *k = calloc(1, sizeof *k);
        if (!k) {
            fputs("qemu-insn-plugin: out of memory\n", stderr);
            abort();
        }
        k->next = chunks;
        chunks = k;
    }
    struct counter *c = &chunks->c[chunks->used++];
    c->vaddr = vaddr;
    return c;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        struct counter *c = new_counter(qemu_plugin_insn_vaddr(insn));
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &c->count, 1);
    }
}

static void write_counts(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    FILE *f = out_path ? fopen(out_path, "w") : stderr;
    if (!f) {
        fprintf(stderr, "qemu-insn-plugin: cannot write %s\n", out_path);
        return;
    }
    for (struct chunk *k = chunks; k; k = k->next)
        for (size_t i = 0; i < k->used; i++)
            if (k->c[i].count)
                fprintf(f, "%" PRIx64 " %" PRIu64 "\n", k->c[i].vaddr, k->c[i].count);
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
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, write_counts, NULL);
    return 0;
}
