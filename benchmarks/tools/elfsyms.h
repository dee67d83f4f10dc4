/* elfsyms.h — the function and object symbols of a 32-bit ELF file (either byte order),
 * for attributing simulated cycles to functions and finding runtime buffers. */
#ifndef ELFSYMS_H
#define ELFSYMS_H

#include <stddef.h>
#include <stdint.h>

struct elf_sym {
    char *name;
    uint32_t value;
    uint32_t size;
    int is_func;
};

struct elf_syms {
    struct elf_sym *funcs; /* functions sorted by address */
    size_t count;
    struct elf_sym *all;   /* every named symbol, in file order */
    size_t nall;
    size_t last;           /* cache for elfsyms_func_at */
};

/* Reads the symbol table of PATH; prints an error and returns -1 on failure. */
int elfsyms_load(const char *path, struct elf_syms *out);
/* The symbol named NAME, or NULL. */
const struct elf_sym *elfsyms_find(const struct elf_syms *s, const char *name);
/* Index of the function containing ADDR, or s->count when none does. */
size_t elfsyms_func_at(struct elf_syms *s, uint32_t addr);
/* Writes totals and per-function self costs as JSON to PATH (atomically), or a one-line
 * summary to stderr when PATH is NULL. Returns -1 (after an error message) on failure. */
int elfsyms_write_counts(const struct elf_syms *s, const char *path, const char *tool,
                         uint64_t cycles, uint64_t insns, const uint64_t *fn_cycles,
                         const uint64_t *fn_insns);

#endif
