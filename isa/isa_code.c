/* isa_code.c — the runtime_code: file of a description: the loaded bytes of the
 * target's runtime routines and their entry addresses (made by
 * isa/calibrate/runtime-code), which the estimator runs to price a call from
 * the path its operands take (isa/SCHEMA.md, "Runtime code"). */
#include "isa_impl.h"
#include "support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ZERO_MAX (1u << 20) /* zero-filled bytes a file may ask for (.bss; the heap is not loaded) */

struct isa_code_seg {
    uint32_t addr, len;
    uint8_t *bytes;
};

struct isa_code {
    enum isa_code_arch arch;
    struct isa_code_seg *segs;   /* sorted by address, disjoint */
    size_t nsegs;
    uint32_t mmio_addr[8], mmio_len[8]; /* device registers the routines store to */
    size_t nmmio;
    uint32_t heap_addr[4], heap_len[4];  /* memory the routines keep from call to call */
    size_t nheap;
    struct isa__map entries;     /* symbol -> uint32_t * */
    uint8_t *rodata;             /* 'rodata' lines: what the board's link puts after a program's constants */
    size_t nrodata, caprodata;
    unsigned rodata_align;       /* 'rodata-align' (0: none given) */
};

#define RODATA_MAX (1u << 16)

static int seg_cmp(const void *a, const void *b)
{
    const struct isa_code_seg *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static bool add_seg(struct isa *isa, struct isa_code *c, uint32_t addr, uint32_t len, const uint8_t *bytes)
{
    if (!len || (uint64_t)addr + len > UINT32_MAX + 1ull)
        return false;
    c->segs = sup_xrealloc(c->segs, (c->nsegs + 1) * sizeof *c->segs);
    uint8_t *b = isa__alloc(&isa->arena, len);
    if (bytes)
        memcpy(b, bytes, len);
    c->segs[c->nsegs++] = (struct isa_code_seg){addr, len, b};
    return true;
}

static int hexval(int ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* Whether code of ARCH runs on the cores of TRIPLE (ppc: 32-bit big-endian PowerPC). */
static bool runs_on(enum isa_code_arch arch, const char *triple)
{
    switch (arch) {
    case ISA_CODE_RV32: return !strncmp(triple, "riscv32", 7);
    case ISA_CODE_PPC: return !strcmp(triple, "powerpc") || !strncmp(triple, "powerpc-", 8);
    case ISA_CODE_AVR: return !strncmp(triple, "avr", 3);
    default: return false;
    }
}

/* One line of the file; false with *WHY set on a mistake. */
static bool code_line(struct isa *isa, struct isa_code *c, char *line, const char **why)
{
    char word[16], name[256];
    unsigned long addr, n;
    int used = 0;
    if (sscanf(line, "%15s%n", word, &used) != 1 || word[0] == '#')
        return true;
    const char *rest = line + used;
    if (!strcmp(word, "arch")) {
        static const struct {
            const char *name;
            enum isa_code_arch arch;
        } known[] = {{"rv32", ISA_CODE_RV32}, {"ppc", ISA_CODE_PPC}, {"avr", ISA_CODE_AVR}};
        if (sscanf(rest, "%255s", name) == 1)
            for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
                if (!strcmp(name, known[k].name)) {
                    c->arch = known[k].arch;
                    if (isa->triple && !runs_on(c->arch, isa->triple))
                        return *why = "its arch is not the instruction set of the description's llvm triple", false;
                    return true;
                }
        return *why = "unknown arch (this lpnest runs rv32, ppc and avr)", false;
    }
    if (!strcmp(word, "entry")) {
        if (sscanf(rest, "%255s %lx", name, &addr) != 2 || addr > UINT32_MAX)
            return *why = "expected 'entry SYMBOL HEXADDR'", false;
        if (c->arch == ISA_CODE_NONE)
            return *why = "an entry before the 'arch' line", false;
        if (addr % (c->arch == ISA_CODE_PPC ? 4 : 2))
            return *why = "an entry not aligned to an instruction (2 bytes on rv32 (compressed code) and avr, 4 on ppc)",
                   false;
        uint32_t *a = isa__alloc(&isa->arena, sizeof *a);
        *a = (uint32_t)addr;
        if (isa__map_put(&c->entries, isa__strdup(&isa->arena, name), a))
            return *why = "a symbol given twice", false;
        return true;
    }
    if (!strcmp(word, "zero")) {
        if (sscanf(rest, "%lx %lu", &addr, &n) != 2 || n > ZERO_MAX || !add_seg(isa, c, (uint32_t)addr, (uint32_t)n, NULL))
            return *why = "expected 'zero HEXADDR SIZE' (at most 1 MiB)", false;
        return true;
    }
    if (!strcmp(word, "bytes")) {
        char *hex = NULL;
        addr = strtoul(rest, &hex, 16);
        while (*hex == ' ')
            hex++;
        size_t len = strcspn(hex, " \r\n");
        uint8_t b[256];
        if (hex == rest || len % 2 || !len || len / 2 > sizeof b)
            return *why = "expected 'bytes HEXADDR HEXBYTES' (at most 256 bytes)", false;
        for (size_t i = 0; i < len / 2; i++) {
            int h = hexval(hex[2 * i]), l = hexval(hex[2 * i + 1]);
            if (h < 0 || l < 0)
                return *why = "not a hexadecimal byte", false;
            b[i] = (uint8_t)(h << 4 | l);
        }
        if (!add_seg(isa, c, (uint32_t)addr, (uint32_t)(len / 2), b))
            return *why = "bytes beyond the 32-bit address space", false;
        return true;
    }
    if (!strcmp(word, "mmio")) {
        if (sscanf(rest, "%lx %lu", &addr, &n) != 2 || !n || n > ZERO_MAX || addr > UINT32_MAX ||
            (uint64_t)addr + n > UINT32_MAX + 1ull || c->nmmio == sizeof c->mmio_addr / sizeof c->mmio_addr[0])
            return *why = "expected 'mmio HEXADDR SIZE' (at most 8 of them, 1 MiB each)", false;
        c->mmio_addr[c->nmmio] = (uint32_t)addr;
        c->mmio_len[c->nmmio++] = (uint32_t)n;
        return true;
    }
    if (!strcmp(word, "heap")) {
        if (sscanf(rest, "%lx %lu", &addr, &n) != 2 || !n || n > 16 * ZERO_MAX || addr > UINT32_MAX ||
            (uint64_t)addr + n > UINT32_MAX + 1ull || c->nheap == sizeof c->heap_addr / sizeof c->heap_addr[0])
            return *why = "expected 'heap HEXADDR SIZE' (at most 4 of them, 16 MiB each)", false;
        c->heap_addr[c->nheap] = (uint32_t)addr;
        c->heap_len[c->nheap++] = (uint32_t)n;
        return true;
    }
    if (!strcmp(word, "rodata-align")) {
        if (sscanf(rest, "%lu", &n) != 1 || !n || n > 4096 || (n & (n - 1)) || c->rodata_align)
            return *why = "expected one 'rodata-align N' (a power of two up to 4096)", false;
        c->rodata_align = (unsigned)n;
        return true;
    }
    if (!strcmp(word, "rodata")) {
        const char *hex = rest;
        while (*hex == ' ')
            hex++;
        size_t len = strcspn(hex, " \r\n");
        if (!len || len % 2 || len / 2 > 256 || !c->rodata_align)
            return *why = "expected 'rodata HEXBYTES' (at most 256 bytes, after 'rodata-align')", false;
        if (c->nrodata + len / 2 > RODATA_MAX)
            return *why = "more than 64 KiB of read-only data", false;
        if (c->nrodata + len / 2 > c->caprodata) {
            c->caprodata = c->caprodata ? 2 * c->caprodata + len / 2 : 4096;
            c->rodata = sup_xrealloc(c->rodata, c->caprodata);
        }
        for (size_t i = 0; i < len / 2; i++) {
            int h = hexval(hex[2 * i]), l = hexval(hex[2 * i + 1]);
            if (h < 0 || l < 0)
                return *why = "not a hexadecimal byte", false;
            c->rodata[c->nrodata++] = (uint8_t)(h << 4 | l);
        }
        return true;
    }
    return *why = "unknown item (expected arch, entry, bytes, zero, mmio, heap, rodata-align or rodata)", false;
}

const uint8_t *isa_code_rodata(const struct isa_code *code, size_t *len, unsigned *align)
{
    *len = code ? code->nrodata : 0;
    *align = code && code->rodata_align ? code->rodata_align : 1;
    return code && code->nrodata ? code->rodata : NULL;
}

/* Adjacent 'bytes' lines become one segment (an instruction may straddle two lines). */
static void merge_segs(struct isa *isa, struct isa_code *c)
{
    if (c->nsegs > 1) /* a file without bytes has no array to sort (qsort may not get NULL) */
        qsort(c->segs, c->nsegs, sizeof *c->segs, seg_cmp);
    size_t out = 0;
    for (size_t i = 0; i < c->nsegs;) {
        size_t j = i + 1;
        uint64_t end = (uint64_t)c->segs[i].addr + c->segs[i].len;
        while (j < c->nsegs && c->segs[j].addr == end)
            end += c->segs[j++].len;
        if (j > i + 1) {
            uint8_t *b = isa__alloc(&isa->arena, (size_t)(end - c->segs[i].addr));
            size_t at = 0;
            for (size_t k = i; k < j; k++) {
                memcpy(b + at, c->segs[k].bytes, c->segs[k].len);
                at += c->segs[k].len;
            }
            c->segs[i].bytes = b;
            c->segs[i].len = (uint32_t)at;
        }
        c->segs[out++] = c->segs[i];
        i = j;
    }
    c->nsegs = out;
}

bool isa__load_code(struct isa__loader *L, const struct sup_ynode *node)
{
    struct isa *isa = L->isa;
    if (!isa__string(L, node, "runtime_code"))
        return false;
    /* relative to the description's folder */
    char *path;
    const char *slash = strrchr(isa->path, '/');
    if (node->str[0] != '/' && slash) {
        size_t d = (size_t)(slash - isa->path) + 1;
        path = sup_xmalloc(d + strlen(node->str) + 1);
        memcpy(path, isa->path, d);
        strcpy(path + d, node->str);
    } else {
        path = sup_strdup(node->str);
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        bool r = sup_yerror(L->doc, node, "cannot read runtime code '%s': %s", path, strerror(errno));
        free(path);
        return r;
    }
    struct isa_code *c = isa__alloc(&isa->arena, sizeof *c);
    char line[1024];
    unsigned lineno = 0;
    const char *why = NULL;
    while (!why && fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f))
            why = "line too long";
        else
            code_line(isa, c, line, &why);
    }
    fclose(f);
    merge_segs(isa, c);
    for (size_t i = 0; !why && i + 1 < c->nsegs; i++)
        if ((uint64_t)c->segs[i].addr + c->segs[i].len > c->segs[i + 1].addr)
            why = "overlapping bytes", lineno = 0;
    if (!why && c->arch == ISA_CODE_NONE)
        why = "no 'arch' line", lineno = 0;
    bool ok = true;
    if (why)
        ok = lineno ? sup_yerror(L->doc, node, "%s:%u: %s", path, lineno, why)
                    : sup_yerror(L->doc, node, "%s: %s", path, why);
    free(path);
    if (!ok) {
        isa__map_free(&c->entries);
        free(c->segs);
        return false;
    }
    isa->code = c;
    return true;
}

void isa__free_code(struct isa_code *c)
{
    if (!c)
        return;
    isa__map_free(&c->entries);
    free(c->segs);
    free(c->rodata);
}

const struct isa_code *isa_runtime_code(const struct isa *isa)
{
    return isa->code;
}

enum isa_code_arch isa_code_arch(const struct isa_code *c)
{
    return c->arch;
}

bool isa_code_entry(const struct isa_code *c, const char *symbol, uint32_t *addr)
{
    const uint32_t *a = isa__map_get(&c->entries, symbol);
    if (a)
        *addr = *a;
    return a != NULL;
}

const uint8_t *isa_code_bytes(const struct isa_code *c, uint32_t addr, uint32_t n, uint32_t *avail)
{
    size_t lo = 0, hi = c->nsegs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c->segs[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!lo)
        return NULL;
    const struct isa_code_seg *s = &c->segs[lo - 1];
    uint64_t off = addr - s->addr;
    if (off + n > s->len)
        return NULL;
    if (avail)
        *avail = (uint32_t)(s->len - off);
    return s->bytes + off;
}

bool isa_code_mmio(const struct isa_code *c, uint32_t addr, uint32_t n)
{
    for (size_t k = 0; k < c->nmmio; k++)
        if (addr >= c->mmio_addr[k] && (uint64_t)addr + n <= (uint64_t)c->mmio_addr[k] + c->mmio_len[k])
            return true;
    return false;
}

size_t isa_code_heaps(const struct isa_code *c, const uint32_t **addr, const uint32_t **len)
{
    *addr = c->heap_addr;
    *len = c->heap_len;
    return c->nheap;
}
