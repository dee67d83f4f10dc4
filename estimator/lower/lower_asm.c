/* lower_asm.c — reads the assembly text LLVM's AsmPrinter wrote: functions,
 * machine blocks in layout order (labels ".LBB<f>_<n>:" or comments
 * "%bb.<n>:", with the IR block name in the comment), instructions with
 * their branch targets, and jump tables (".LJTI<f>_<k>:" and the blocks they
 * list). The control-flow graph is built from this in lower_cfg.c. */
#define _GNU_SOURCE
#include "lower.h"
#include "support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    const char *triple;
    char comment;
    struct mmodule *mm;
    FILE *diag;
    unsigned line;
    char **fnames;          /* names declared with .type NAME,@function */
    size_t nfnames, capfnames;
    struct mfunc *cur;      /* function being read */
    struct mblock *blk;     /* block being read */
    struct mfunc *last;     /* the function jump tables after it belong to */
    unsigned loc_file, loc_line, loc_col; /* the current .loc */
    struct jtable *jt;      /* jump table being read */
    bool x86;               /* AT&T x86 assembly: see x86_spelling */
};

static bool fail(struct parser *ps, const char *msg, const char *what)
{
    sup_diag(ps->diag, "<assembly>", ps->line, 0, "error", "%s%s%s", msg, what ? ": " : "", what ? what : "");
    return false;
}

static bool is_function(struct parser *ps, const char *name, size_t n)
{
    for (size_t i = 0; i < ps->nfnames; i++)
        if (strlen(ps->fnames[i]) == n && strncmp(ps->fnames[i], name, n) == 0)
            return true;
    return false;
}

static void collect_function_names(struct parser *ps, const char *text)
{
    for (const char *p = text; p && *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        const char *q = p;
        while (q < p + len && (*q == ' ' || *q == '\t'))
            q++;
        if ((size_t)(p + len - q) > 6 && strncmp(q, ".type", 5) == 0 && (q[5] == ' ' || q[5] == '\t')) {
            q += 5;
            while (*q == ' ' || *q == '\t')
                q++;
            const char *s = q;
            while (q < p + len && *q != ',' && *q != ' ' && *q != '\t')
                q++;
            const char *rest = q;
            size_t rl = (size_t)(p + len - rest);
            if (rl && memmem(rest, rl, "function", 8)) {
                if (ps->nfnames == ps->capfnames) {
                    ps->capfnames = ps->capfnames ? ps->capfnames * 2 : 32;
                    ps->fnames = sup_xrealloc(ps->fnames, ps->capfnames * sizeof *ps->fnames);
                }
                char *name = sup_xmalloc((size_t)(q - s) + 1);
                memcpy(name, s, (size_t)(q - s));
                name[q - s] = '\0';
                /* quoted names keep their quotes out */
                if (name[0] == '"') {
                    memmove(name, name + 1, strlen(name));
                    char *z = strchr(name, '"');
                    if (z)
                        *z = '\0';
                }
                ps->fnames[ps->nfnames++] = name;
            }
        }
        p = eol ? eol + 1 : NULL;
    }
}

static void jt_add(struct jtable *jt, int number)
{
    jt->targets = sup_xrealloc(jt->targets, (jt->n + 1) * sizeof *jt->targets);
    jt->targets[jt->n++] = number;
}

static struct mblock *new_block(struct parser *ps, int number)
{
    struct mfunc *f = ps->cur;
    if (f->nblocks == f->capblocks) {
        f->capblocks = f->capblocks ? f->capblocks * 2 : 16;
        f->blocks = sup_xrealloc(f->blocks, f->capblocks * sizeof *f->blocks);
    }
    struct mblock *b = &f->blocks[f->nblocks++];
    memset(b, 0, sizeof *b);
    b->number = number;
    b->ir_block = -1;
    b->jt = -1;
    b->line = ps->line;
    ps->blk = b;
    return b;
}

/* "%name" in a comment: the IR block the machine block came from. */
static char *ir_name_in(const char *comment, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        if (comment[i] != '%')
            continue;
        const char *s = comment + i + 1;
        size_t k = 0;
        if (*s == '"') {
            s++;
            while (i + 2 + k < n && s[k] != '"')
                k++;
        } else {
            while (i + 1 + k < n && !isspace((unsigned char)s[k]))
                k++;
        }
        /* "%bb.3:" is the machine block number, not an IR name */
        if (k >= 3 && strncmp(s, "bb.", 3) == 0 && s[k - 1] == ':')
            continue;
        char *r = sup_xmalloc(k + 1);
        memcpy(r, s, k);
        r[k] = '\0';
        return r;
    }
    return NULL;
}

static void add_insn(struct parser *ps, const char *mn, size_t mlen, const char *ops, size_t olen)
{
    struct mblock *b = ps->blk;
    if (b->ninsns == b->capinsns) {
        b->capinsns = b->capinsns ? b->capinsns * 2 : 8;
        b->insns = sup_xrealloc(b->insns, b->capinsns * sizeof *b->insns);
    }
    struct minsn *in = &b->insns[b->ninsns++];
    memset(in, 0, sizeof *in);
    in->mnemonic = sup_xmalloc(mlen + 1);
    memcpy(in->mnemonic, mn, mlen);
    in->mnemonic[mlen] = '\0';
    while (olen && isspace((unsigned char)ops[olen - 1]))
        olen--;
    in->ops = sup_xmalloc(olen + 1);
    memcpy(in->ops, ops, olen);
    in->ops[olen] = '\0';
    in->line = ps->line;
    in->src_file = ps->loc_file;
    in->src_line = ps->loc_line;
    in->src_col = ps->loc_col;
    /* a branch target ".LBB<f>_<n>": remember <n>, resolved to an index later */
    in->target = -1;
    const char *t = strstr(in->ops, ".LBB");
    if (t) {
        const char *u = strchr(t, '_');
        if (u && isdigit((unsigned char)u[1]) && strncmp(t, ".LBB_END", 8) != 0)
            in->target = -2 - (int)strtol(u + 1, NULL, 10); /* encoded MBB number */
    }
    /* or ".+N" / ".-N" (a relaxed branch skipping the next jump): resolved by
     * instruction sizes when the graph is built (lower_cfg.c) */
    for (const char *r = in->ops; !t && (r = strchr(r, '.')) != NULL; r++) {
        bool operand_start = r == in->ops || r[-1] == ' ' || r[-1] == ',' || r[-1] == '\t';
        if (operand_start && (r[1] == '+' || r[1] == '-') && isdigit((unsigned char)r[2])) {
            in->relative = true;
            in->offset = strtol(r + 1, NULL, 10);
            break;
        }
    }
}

/* Replaces encoded MBB numbers of branch targets by layout indices and fills
 * predecessor lists. */
static bool finish_function(struct parser *ps, struct mfunc *f)
{
    for (size_t i = 0; i < f->nblocks; i++)
        for (size_t k = 0; k < f->blocks[i].ninsns; k++) {
            struct minsn *in = &f->blocks[i].insns[k];
            if (in->target > -2)
                continue;
            int num = -2 - in->target;
            in->target = -1;
            for (size_t j = 0; j < f->nblocks; j++)
                if (f->blocks[j].number == num)
                    in->target = (int)j;
            if (in->target < 0) {
                ps->line = in->line;
                return fail(ps, "branch to a block that is not in the function", in->ops);
            }
        }
    return true;
}

/* ---- x86 (AT&T syntax) ----
 * The mnemonic lpnest's x86 descriptions (isa/x86-64.yaml) use for an
 * instruction: prefixes joined to it ("lock.xaddq", "rep.stosq" for
 * "rep;stosq" or "rep stosq"); LLVM's "# TAILCALL" comment marks tail calls
 * ("jmp.tail", "jmpq.tail" for an indirect one, whose operands are dropped:
 * no symbol; "jne.tail" for a conditional one); "callq.ind" is an indirect
 * call ("callq" of "*%rax"). OPS and OLEN are advanced past joined prefixes. */
static bool x86_prefix(const char *t, size_t n)
{
    static const char *const prefixes[] = {"lock", "rep", "repe", "repz", "repne", "repnz", "data16", "rex64",
                                           "notrack", NULL};
    for (const char *const *p = prefixes; *p; p++)
        if (strlen(*p) == n && !strncmp(*p, t, n))
            return true;
    return false;
}

static void x86_spelling(const char *m, size_t mlen, const char **ops, size_t *olen, const char *cmt, const char *end,
                         char *out, size_t n)
{
    size_t k = 0;
    while (x86_prefix(m, mlen) && *olen) {
        if (k + mlen + 2 < n) {
            memcpy(out + k, m, mlen);
            k += mlen;
            out[k++] = '.';
        }
        /* the next word of the operands is the instruction */
        const char *o = *ops, *oe = *ops + *olen;
        while (o < oe && isspace((unsigned char)*o))
            o++;
        m = o;
        while (o < oe && !isspace((unsigned char)*o))
            o++;
        mlen = (size_t)(o - m);
        while (o < oe && isspace((unsigned char)*o))
            o++;
        *ops = o;
        *olen = (size_t)(oe - o);
    }
    for (size_t i = 0; i < mlen && k + 1 < n; i++)
        out[k++] = m[i] == ';' ? '.' : m[i];
    out[k] = '\0';
    bool indirect = *olen && **ops == '*';
    if (out[0] == 'j' && cmt && memmem(cmt, (size_t)(end - cmt), "TAILCALL", 8)) {
        if (indirect)
            *olen = 0;
        snprintf(out + k, n - k, ".tail");
    } else if (indirect && (!strcmp(out, "callq") || !strcmp(out, "call")))
        snprintf(out + k, n - k, ".ind");
}

/* Inside a jump table: an entry names a block (true: the line is used);
 * anything else but alignment ends the table. */
static bool jump_table_entry(struct parser *ps, const char *s, const char *code_end, bool indented)
{
    if (*s == '.' && strncmp(s, ".p2align", 8) != 0 && strncmp(s, ".section", 8) != 0) {
        const char *r = strstr(s, ".LBB");
        if (r && r < code_end && strncmp(r, ".LBB_END", 8) != 0) {
            const char *u = strchr(r, '_');
            if (u && u < code_end)
                jt_add(ps->jt, (int)strtol(u + 1, NULL, 10));
            return true;
        }
    }
    if (!indented || strncmp(s, ".p2align", 8) != 0)
        ps->jt = NULL;
    return false;
}

/* A comment-only line: "%bb.N:" starts a block without a label. */
static void comment_line(struct parser *ps, const char *cmt, const char *end)
{
    const char *c = cmt + 1;
    while (c < end && *c == ' ')
        c++;
    if (end - c > 4 && !strncmp(c, "%bb.", 4) && isdigit((unsigned char)c[4])) {
        struct mblock *b = new_block(ps, (int)strtol(c + 4, NULL, 10));
        const char *rest = strchr(c, ':');
        if (rest && rest < end)
            b->ir_name = ir_name_in(rest, (size_t)(end - rest));
    }
}

/* A label S of N characters: a function, a jump table, a function's end,
 * a block (its IR name in the comment CMT). False on a bad function. */
static bool label(struct parser *ps, const char *s, size_t n, const char *cmt, const char *end)
{
    if (is_function(ps, s, n)) {
        struct mmodule *mm = ps->mm;
        if (mm->nfuncs == mm->capfuncs) {
            mm->capfuncs = mm->capfuncs ? mm->capfuncs * 2 : 16;
            mm->funcs = sup_xrealloc(mm->funcs, mm->capfuncs * sizeof *mm->funcs);
        }
        ps->cur = &mm->funcs[mm->nfuncs++];
        memset(ps->cur, 0, sizeof *ps->cur);
        ps->cur->name = sup_xmalloc(n + 1);
        memcpy(ps->cur->name, s, n);
        ps->cur->name[n] = '\0';
        ps->cur->prof = -1;
        ps->cur->line = ps->line;
        ps->blk = NULL;
        return true;
    }
    if (n > 5 && !strncmp(s, ".LJTI", 5)) {
        struct mfunc *f = ps->cur ? ps->cur : ps->last;
        if (f) {
            f->jt = sup_xrealloc(f->jt, (f->njt + 1) * sizeof *f->jt);
            ps->jt = &f->jt[f->njt++];
            memset(ps->jt, 0, sizeof *ps->jt);
            ps->jt->name = sup_xmalloc(n + 1);
            memcpy(ps->jt->name, s, n);
            ps->jt->name[n] = '\0';
        }
        return true;
    }
    if (!ps->cur)
        return true;
    if (n > 10 && !strncmp(s, ".Lfunc_end", 10)) {
        if (!finish_function(ps, ps->cur))
            return false;
        ps->last = ps->cur;
        ps->cur = NULL;
        ps->blk = NULL;
        return true;
    }
    if (n > 4 && !strncmp(s, ".LBB", 4) && strncmp(s, ".LBB_END", 8) != 0) {
        const char *u = memchr(s, '_', n);
        struct mblock *b = new_block(ps, u ? (int)strtol(u + 1, NULL, 10) : -1);
        if (cmt)
            b->ir_name = ir_name_in(cmt, (size_t)(end - cmt));
    }
    return true;
}

/* ".file N [dir] name": the name of file N. */
static void file_directive(struct parser *ps, const char *s)
{
    char *e;
    unsigned n = (unsigned)strtoul(s + 6, &e, 10);
    const char *q = strrchr(s, '"'), *o = q ? q - 1 : NULL;
    while (o && o > e && *o != '"')
        o--;
    if (q && o && o < q && n < 4096) {
        struct mmodule *mm = ps->mm;
        if (n >= mm->nfiles) {
            mm->files = sup_xrealloc(mm->files, (n + 1) * sizeof *mm->files);
            memset(mm->files + mm->nfiles, 0, (n + 1 - mm->nfiles) * sizeof *mm->files);
            mm->nfiles = n + 1;
        }
        free(mm->files[n]);
        mm->files[n] = sup_xmalloc((size_t)(q - o));
        memcpy(mm->files[n], o + 1, (size_t)(q - o - 1));
        mm->files[n][q - o - 1] = '\0';
    }
}

/* An instruction: its mnemonic and operands, in the current block. */
static void instruction(struct parser *ps, const char *s, const char *code_end, const char *cmt, const char *end)
{
    if (!ps->blk)
        new_block(ps, 0);
    const char *m = s;
    while (s < code_end && !isspace((unsigned char)*s))
        s++;
    size_t mlen = (size_t)(s - m);
    while (s < code_end && isspace((unsigned char)*s))
        s++;
    if (ps->x86) {
        char mn[64];
        size_t olen = (size_t)(code_end - s);
        x86_spelling(m, mlen, &s, &olen, cmt, end, mn, sizeof mn);
        add_insn(ps, mn, strlen(mn), s, olen);
        return;
    }
    add_insn(ps, m, mlen, s, (size_t)(code_end - s));
}


static bool line(struct parser *ps, const char *p, size_t len)
{
    const char *end = p + len;
    /* the comment part, if any (not inside quotes) */
    const char *cmt = NULL;
    bool quoted = false;
    for (const char *q = p; q < end; q++) {
        if (*q == '"')
            quoted = !quoted;
        else if (*q == ps->comment && !quoted) {
            cmt = q;
            break;
        }
    }
    const char *code_end = cmt ? cmt : end;
    const char *s = p;
    while (s < code_end && isspace((unsigned char)*s))
        s++;
    bool indented = s > p;

    /* entries of a jump table: the blocks they name */
    if (ps->jt && s < code_end && jump_table_entry(ps, s, code_end, indented))
        return true;
    if (s >= code_end) {
        if (ps->cur && cmt)
            comment_line(ps, cmt, end);
        return true;
    }
    /* a label */
    const char *colon = memchr(s, ':', (size_t)(code_end - s));
    if (!indented && colon)
        return label(ps, s, (size_t)(colon - s), cmt, end);
    /* source positions: ".loc FILE LINE COL", ".file N [dir] name" */
    if (*s == '.' && !strncmp(s, ".loc", 4) && (s[4] == ' ' || s[4] == '\t')) {
        char *e;
        ps->loc_file = (unsigned)strtoul(s + 4, &e, 10);
        ps->loc_line = (unsigned)strtoul(e, &e, 10);
        ps->loc_col = (unsigned)strtoul(e, &e, 10);
        return true;
    }
    if (*s == '.' && !strncmp(s, ".file", 5) && (s[5] == ' ' || s[5] == '\t') && isdigit((unsigned char)s[6])) {
        file_directive(ps, s);
        return true;
    }
    if (!ps->cur || *s == '.')
        return true; /* directives */
    instruction(ps, s, code_end, cmt, end);
    return true;
}

bool lower_parse_asm(const char *text, const char *triple, struct mmodule *out, FILE *diag)
{
    memset(out, 0, sizeof *out);
    struct parser ps = {.triple = triple, .mm = out, .diag = diag};
    ps.comment = strncmp(triple, "avr", 3) == 0 ? ';' : '#';
    ps.x86 = !strncmp(triple, "x86_64", 6) || !strncmp(triple, "i386", 4) || !strncmp(triple, "i686", 4);
    out->comment = ps.comment;
    collect_function_names(&ps, text);
    bool ok = true;
    for (const char *p = text; ok && p && *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        ps.line++;
        ok = line(&ps, p, len);
        p = eol ? eol + 1 : NULL;
    }
    if (ok && ps.cur)
        ok = fail(&ps, "function without its end label", ps.cur->name);
    for (size_t i = 0; i < ps.nfnames; i++)
        free(ps.fnames[i]);
    free(ps.fnames);
    return ok;
}

void lower_mmodule_free(struct mmodule *mm)
{
    for (size_t i = 0; i < mm->nfuncs; i++) {
        struct mfunc *f = &mm->funcs[i];
        for (size_t b = 0; b < f->nblocks; b++) {
            struct mblock *bl = &f->blocks[b];
            for (size_t k = 0; k < bl->ninsns; k++) {
                free(bl->insns[k].mnemonic);
                free(bl->insns[k].ops);
            }
            free(bl->insns);
            free(bl->ir_name);
            free(bl->succ);
            free(bl->pred);
            free(bl->succ_count);
        }
        for (size_t j = 0; j < f->njt; j++) {
            free(f->jt[j].name);
            free(f->jt[j].targets);
        }
        free(f->jt);
        free(f->blocks);
        free(f->name);
    }
    free(mm->funcs);
    free(mm->text);
    for (size_t i = 0; i < mm->nfiles; i++)
        free(mm->files[i]);
    free(mm->files);
    memset(mm, 0, sizeof *mm);
}
