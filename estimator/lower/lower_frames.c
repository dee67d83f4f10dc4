/* lower_frames.c — the code of a normal build, with lpnest's provenance
 * locations. The locations lpnest gives every instruction (eng_module_fresh)
 * come with a debug compile unit, and on targets that describe frames only
 * for debuggers (PowerPC) a compile unit makes the backend emit CFI
 * instructions in prologues and epilogues; they bound the post-RA
 * scheduler's regions, so the prologue's stores are interleaved otherwise
 * than in `clang -O2 -c app.bc`. The code is then that of the module without
 * locations, and each of its instructions takes the location of the same
 * instruction, in the same machine block, of the code with them. */
#include "lower.h"
#include "support.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct line {
    const char *s;
    size_t n;
};

/* The lines of TEXT (views into it), trailing blanks left out. */
static struct line *split_lines(const char *text, size_t *count)
{
    size_t cap = 1024, n = 0;
    struct line *v = sup_xcalloc(cap, sizeof *v);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
            len--;
        if (n == cap)
            v = sup_xrealloc(v, (cap *= 2) * sizeof *v);
        v[n++] = (struct line){p, len};
        p = e ? e + 1 : p + strlen(p);
    }
    *count = n;
    return v;
}

static const char *skip_blanks(const struct line *l)
{
    const char *p = l->s;
    while (p < l->s + l->n && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* A machine block's or a function's first line: a label that is a
 * function's or a .LBB one (not the debug labels only one side has), or
 * the "# %bb.N:" comment of a block without a label. */
static bool is_boundary(const struct line *l)
{
    if (!l->n || l->s[0] == ' ' || l->s[0] == '\t')
        return false;
    if (l->s[0] == '#')
        return l->n > 6 && !strncmp(l->s, "# %bb.", 6);
    if (!memchr(l->s, ':', l->n))
        return false;
    return l->s[0] != '.' || !strncmp(l->s, ".LBB", 4);
}

static bool is_instruction(const struct line *l)
{
    if (!l->n || (l->s[0] != ' ' && l->s[0] != '\t'))
        return false;
    const char *p = skip_blanks(l);
    return p < l->s + l->n && *p != '.' && *p != '#';
}

static bool is_directive(const struct line *l, const char *name)
{
    const char *p = skip_blanks(l);
    size_t k = strlen(name);
    return (size_t)(l->s + l->n - p) > k && !strncmp(p, name, k) && (p[k] == ' ' || p[k] == '\t');
}

static bool same(const struct line *a, const struct line *b)
{
    return a->n == b->n && !memcmp(a->s, b->s, a->n);
}

struct text {
    char *data;
    size_t len, cap;
};

/* Appends line L and a newline to OUT (kept NUL-terminated). */
static void append(struct text *out, const struct line *l)
{
    if (out->len + l->n + 2 > out->cap) {
        out->cap = 2 * (out->len + l->n + 2) + 4096;
        out->data = sup_xrealloc(out->data, out->cap);
    }
    memcpy(out->data + out->len, l->s, l->n);
    out->len += l->n;
    out->data[out->len++] = '\n';
    out->data[out->len] = '\0';
}

/* PLAIN with the .loc of each instruction taken from LOCATED, or NULL when
 * their blocks or their instructions differ otherwise than in order. */
static char *merge_locations(const char *plain, const char *located)
{
    size_t np, nl;
    struct line *p = split_lines(plain, &np), *l = split_lines(located, &nl);
    /* per located line, the .loc in force there (its line, or SIZE_MAX) */
    size_t *loc = sup_xcalloc(nl + 1, sizeof *loc);
    bool *used = sup_xcalloc(nl + 1, sizeof *used);
    size_t cur = SIZE_MAX;
    for (size_t i = 0; i < nl; i++) {
        if (is_directive(&l[i], ".loc"))
            cur = i;
        loc[i] = cur;
    }
    struct text out = {0};
    /* the file table first: the .loc directives name its files */
    for (size_t i = 0; i < nl; i++)
        if (is_directive(&l[i], ".file"))
            append(&out, &l[i]);
    bool ok = true;
    size_t seg = 0, seg_end = 0, emitted = SIZE_MAX; /* the located block: [seg, seg_end) */
    for (size_t i = 0; i < np && ok; i++) {
        if (is_directive(&p[i], ".file"))
            continue;
        if (is_boundary(&p[i])) {
            /* the same boundary next in the located code */
            size_t j = seg_end;
            while (j < nl && !is_boundary(&l[j]))
                j++;
            ok = j < nl && same(&l[j], &p[i]);
            seg = j + 1;
            for (seg_end = seg; seg_end < nl && !is_boundary(&l[seg_end]);)
                seg_end++;
        } else if (is_instruction(&p[i])) {
            size_t j = seg;
            while (j < seg_end && (used[j] || !is_instruction(&l[j]) || !same(&l[j], &p[i])))
                j++;
            ok = j < seg_end;
            if (ok) {
                used[j] = true;
                if (loc[j] != SIZE_MAX && loc[j] != emitted) {
                    append(&out, &l[loc[j]]);
                    emitted = loc[j];
                }
            }
        }
        append(&out, &p[i]);
    }
    /* every located instruction has its place in the plain code */
    for (size_t i = 0; i < nl && ok; i++)
        ok = used[i] || !is_instruction(&l[i]);
    free(p);
    free(l);
    free(loc);
    free(used);
    if (!ok) {
        free(out.data);
        return NULL;
    }
    return out.data;
}

bool lower_codegen_frames_added(LLVMModuleRef m, const char *text)
{
    return strstr(text, ".cfi_sections .debug_frame") && strstr(text, "\"lpnest-ir\"") &&
           LLVMGetNamedMetadataNumOperands(m, "llvm.dbg.cu") == 1;
}

char *lower_codegen_as_built(LLVMModuleRef plain, const char *text, const struct lower_codegen_target *t, FILE *diag)
{
    char *code = lower_codegen_asm(plain, t, diag);
    char *merged = code ? merge_locations(code, text) : NULL;
    free(code);
    return merged;
}
