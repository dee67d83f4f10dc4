/* elfsyms.c — minimal ELF32 symbol-table reader and per-function count writer for avr-run. */
#include "elfsyms.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int big_endian;

static uint32_t rd32(const unsigned char *p)
{
    return big_endian ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                      : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static uint16_t rd16(const unsigned char *p)
{
    return big_endian ? (uint16_t)(p[0] << 8 | p[1]) : (uint16_t)(p[1] << 8 | p[0]);
}

static int by_addr(const void *a, const void *b)
{
    const struct elf_sym *x = a, *y = b;
    return x->value < y->value ? -1 : x->value > y->value;
}

static int fail(const char *path, const char *what)
{
    fprintf(stderr, "avr-run: error: %s: %s\n", path, what);
    return -1;
}

int elfsyms_load(const char *path, struct elf_syms *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "avr-run: error: %s: %s\n", path, strerror(errno));
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = len > 52 ? malloc((size_t)len) : NULL;
    if (!d || fread(d, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        free(d);
        return fail(path, "cannot read the file");
    }
    fclose(f);
    if (memcmp(d, "\177ELF", 4) != 0 || d[4] != 1)
        return fail(path, "not a 32-bit ELF file");
    big_endian = d[5] == 2;
    uint32_t shoff = rd32(d + 32);
    uint16_t shentsize = rd16(d + 46), shnum = rd16(d + 48);
    if (shoff + (uint64_t)shnum * shentsize > (uint64_t)len || shentsize < 40)
        return fail(path, "bad section header table");
    for (uint16_t i = 0; i < shnum; i++) {
        const unsigned char *sh = d + shoff + (size_t)i * shentsize;
        if (rd32(sh + 4) != 2) /* SHT_SYMTAB */
            continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        if (link >= shnum || off + (uint64_t)size > (uint64_t)len)
            return fail(path, "bad symbol table");
        const unsigned char *strsh = d + shoff + (size_t)link * shentsize;
        uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
        if (stroff + (uint64_t)strsize > (uint64_t)len)
            return fail(path, "bad string table");
        size_t n = size / 16;
        out->all = calloc(n + 1, sizeof *out->all);
        out->funcs = calloc(n + 1, sizeof *out->funcs);
        if (!out->all || !out->funcs)
            return fail(path, "out of memory");
        for (size_t k = 0; k < n; k++) {
            const unsigned char *s = d + off + k * 16;
            uint32_t name = rd32(s);
            if (name == 0 || name >= strsize)
                continue;
            struct elf_sym sym = { strdup((const char *)d + stroff + name), rd32(s + 4),
                                   rd32(s + 8), (s[12] & 0xf) == 2 };
            out->all[out->nall++] = sym;
            if (sym.is_func)
                out->funcs[out->count++] = sym;
        }
        qsort(out->funcs, out->count, sizeof *out->funcs, by_addr);
        free(d);
        return 0;
    }
    free(d);
    return fail(path, "no symbol table");
}

const struct elf_sym *elfsyms_find(const struct elf_syms *s, const char *name)
{
    for (size_t i = 0; i < s->nall; i++)
        if (!strcmp(s->all[i].name, name))
            return &s->all[i];
    return NULL;
}

size_t elfsyms_func_at(struct elf_syms *s, uint32_t addr)
{
    if (s->last < s->count) {
        const struct elf_sym *f = &s->funcs[s->last];
        if (addr >= f->value && addr < f->value + (f->size ? f->size : 1))
            return s->last;
    }
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->funcs[mid].value <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* lo-1 is the last function starting at or below addr; sizeless ones extend to the next */
    if (lo == 0)
        return s->count;
    const struct elf_sym *f = &s->funcs[lo - 1];
    if (f->size && addr >= f->value + f->size)
        return s->count;
    s->last = lo - 1;
    return lo - 1;
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

int elfsyms_write_counts(const struct elf_syms *s, const char *path, const char *tool,
                         uint64_t cycles, uint64_t insns, const uint64_t *fn_cycles,
                         const uint64_t *fn_insns)
{
    if (!path) {
        fprintf(stderr, "%s: cycles %" PRIu64 " instructions %" PRIu64 "\n", tool, cycles, insns);
        return 0;
    }
    size_t n = strlen(path);
    char *tmp = malloc(n + 8);
    if (!tmp)
        return -1;
    snprintf(tmp, n + 8, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "%s: error: %s: %s\n", tool, tmp, strerror(errno));
        free(tmp);
        return -1;
    }
    fprintf(f, "{\"tool\": \"%s\", \"cycles\": %" PRIu64 ", \"instructions\": %" PRIu64
               ",\n \"functions\": [",
            tool, cycles, insns);
    int first = 1;
    for (size_t i = 0; i <= s->count; i++) {
        if (!fn_insns[i])
            continue;
        fprintf(f, "%s\n  {\"name\": ", first ? "" : ",");
        json_str(f, i < s->count ? s->funcs[i].name : "?");
        fprintf(f, ", \"cycles\": %" PRIu64 ", \"instructions\": %" PRIu64 "}", fn_cycles[i],
                fn_insns[i]);
        first = 0;
    }
    fputs("\n ]}\n", f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        fprintf(stderr, "%s: error: cannot write %s: %s\n", tool, path, strerror(errno));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
