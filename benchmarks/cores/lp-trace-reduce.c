/* lp-trace-reduce.c — the trace reduction of benchmarks/cores/lpcores.py (class Reducer,
 * reduce_stream) in C, for the long runs: the same per-PC counts and cycles, control
 * transfers, call sites, activations and main's window, from the same "CYCLE PC [t]" lines,
 * at a small fraction of the Python's time. lpcores.py writes the program's code and
 * functions to INFO, runs this on the trace and reads OUT back; ctest cores.lpcores checks
 * that both give the same results.
 *
 * usage: lp-trace-reduce INFO TRACE OUT
 *
 * INFO, one item a line:   lp-trace-info 1 | main HEX | return HEX | read HEX
 *                          | name ID NAME | func HEXSTART HEXEND ID (sorted as lpcores.Code)
 *                          | mem HEXADDR HEXBYTES (the code)
 * OUT, one item a line:    records N FIRST LAST | main START END INSTRUCTIONS READ ("-": none)
 *                          | pc HEX COUNT CYCLES | edge HEXFROM HEXTO COUNT CYCLES
 *                          | site HEXSITE|- ID COUNT CYCLES | func ID CALLS INCLUSIVE
 *                          | trap STAMP HEXPC
 * Function ids are INFO's name ids; -1 is "?" (no function). Exit 0; 1 on an error (a
 * message on stderr, OUT not written); 2 bad usage. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_OTHER, K_BRANCH, K_JUMP, K_CALL, K_RET, K_JUMPREG };
enum { P_NONE, P_CALL, P_RET, P_TAIL, P_TAILREG };

struct insn {
    uint8_t known, len, kind, has_off;
    int32_t off;
};

struct func {
    uint32_t start, end;
    int id;
};

struct tail {
    uint32_t site;
    int f;
    uint64_t start;
};

struct frame {
    uint32_t ret, site;
    int has_site;
    uint64_t start;
    int *funcs;
    size_t nfuncs, capfuncs;
    struct tail *tails;
    size_t ntails, captails;
};

struct cell {           /* open-addressing maps: edges (a, b) and call sites (site, f) */
    uint64_t key;
    uint64_t count, cycles;
    int used;
};

struct map {
    struct cell *cells;
    size_t cap, n;
};

static const char *prog = "lp-trace-reduce";

static void die(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: error: ", prog);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(1);
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        die("%s", "out of memory");
    return q;
}

/* ---- the code ---- */

static uint8_t *mem;            /* bytes from lo to hi */
static uint8_t *memok;
static uint32_t lo = 0xffffffffu, hi;
static struct insn *insns;      /* per halfword from lo */

static struct func *funcs;
static size_t nfuncs, capfuncs;
static char **names;            /* by id */
static size_t nnames;
static int *entry_of;           /* per halfword: the name id of a function starting there, or -2 */

static int byte_at(uint32_t a, uint8_t *out)
{
    if (a < lo || a >= hi || !memok[a - lo])
        return 0;
    *out = mem[a - lo];
    return 1;
}

static void decode(uint32_t h0, uint32_t h1, struct insn *r)
{
    r->known = 1;
    r->has_off = 0;
    r->off = 0;
    if ((h0 & 3) != 3) {
        uint32_t q = h0 & 3, f3 = h0 >> 13;
        r->len = 2;
        r->kind = K_OTHER;
        if (q == 1 && (f3 == 1 || f3 == 5)) {
            int32_t imm = (int32_t)(((h0 >> 12) & 1) << 11 | ((h0 >> 11) & 1) << 4 | ((h0 >> 9) & 3) << 8 |
                                    ((h0 >> 8) & 1) << 10 | ((h0 >> 7) & 1) << 6 | ((h0 >> 6) & 1) << 7 |
                                    ((h0 >> 3) & 7) << 1 | ((h0 >> 2) & 1) << 5);
            if (imm & 0x800)
                imm -= 0x1000;
            r->kind = f3 == 1 ? K_CALL : K_JUMP;
            r->has_off = 1;
            r->off = imm;
        } else if (q == 1 && (f3 == 6 || f3 == 7)) {
            r->kind = K_BRANCH;
        } else if (q == 2 && f3 == 4 && ((h0 >> 2) & 31) == 0 && ((h0 >> 7) & 31) != 0) {
            uint32_t rs1 = (h0 >> 7) & 31;
            if ((h0 >> 12) & 1)
                r->kind = K_CALL;
            else
                r->kind = (rs1 == 1 || rs1 == 5) ? K_RET : K_JUMPREG;
        }
        return;
    }
    uint32_t w = h0 | h1 << 16, op = w & 0x7f, rd = (w >> 7) & 31, rs1 = (w >> 15) & 31;
    r->len = 4;
    r->kind = K_OTHER;
    if (op == 0x6f) {
        int32_t imm = (int32_t)(((w >> 31) & 1) << 20 | ((w >> 12) & 0xff) << 12 | ((w >> 20) & 1) << 11 |
                                ((w >> 21) & 0x3ff) << 1);
        if (imm & 0x100000)
            imm -= 0x200000;
        r->kind = (rd == 1 || rd == 5) ? K_CALL : K_JUMP;
        r->has_off = 1;
        r->off = imm;
    } else if (op == 0x67) {
        if (rd == 1 || rd == 5)
            r->kind = K_CALL;
        else if (rd == 0 && (rs1 == 1 || rs1 == 5))
            r->kind = K_RET;
        else
            r->kind = K_JUMPREG;
    } else if (op == 0x63) {
        r->kind = K_BRANCH;
    }
}

static const struct insn *insn_at(uint32_t pc)
{
    if (pc < lo || pc >= hi || (pc & 1))
        goto bad;
    struct insn *r = &insns[(pc - lo) >> 1];
    if (r->known)
        return r;
    uint8_t b0, b1, b2 = 0, b3 = 0;
    if (!byte_at(pc, &b0) || !byte_at(pc + 1, &b1))
        goto bad;
    uint32_t h0 = (uint32_t)b0 | (uint32_t)b1 << 8;
    if ((h0 & 3) == 3 && (!byte_at(pc + 2, &b2) || !byte_at(pc + 3, &b3))) {
        char m[64];
        snprintf(m, sizeof m, "%#" PRIx32, pc);
        die("the instruction at %s runs past the loaded code", m);
    }
    decode(h0, (uint32_t)b2 | (uint32_t)b3 << 8, r);
    return r;
bad:;
    char m[64];
    snprintf(m, sizeof m, "%#" PRIx32, pc);
    die("executed address %s holds no loaded code", m);
    return NULL;
}

/* the function PC lies in, as lpcores.Code.function: the last one starting at or before PC,
 * if PC is before its end; else -1 ("?") */
static int function_of(uint32_t pc)
{
    size_t a = 0, b = nfuncs;   /* first index with start > pc */
    while (a < b) {
        size_t m = (a + b) / 2;
        if (funcs[m].start <= pc)
            a = m + 1;
        else
            b = m;
    }
    if (a == 0)
        return -1;
    const struct func *f = &funcs[a - 1];
    return pc < f->end ? f->id : -1;
}

static int entry_at(uint32_t a)
{
    if (a < lo || a >= hi || (a & 1))
        return -2;
    return entry_of[(a - lo) >> 1];
}

/* ---- maps ---- */

static uint64_t mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

static struct cell *map_get(struct map *m, uint64_t key)
{
    if (2 * (m->n + 1) > m->cap) {
        struct map old = *m;
        m->cap = old.cap ? 2 * old.cap : 1024;
        m->cells = calloc(m->cap, sizeof *m->cells);
        if (!m->cells)
            die("%s", "out of memory");
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.cells[i].used) {
                struct cell *c = map_get(m, old.cells[i].key);
                c->count = old.cells[i].count;
                c->cycles = old.cells[i].cycles;
            }
        free(old.cells);
    }
    size_t i = (size_t)mix(key) & (m->cap - 1);
    while (m->cells[i].used && m->cells[i].key != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->cells[i].used) {
        m->cells[i].used = 1;
        m->cells[i].key = key;
        m->n++;
    }
    return &m->cells[i];
}

/* ---- the reduction (lpcores.Reducer.feed) ---- */

static uint32_t main_addr, main_return, main_read;
static uint64_t *pc_count, *pc_cycles;
static struct map edges, sites;
static uint64_t records, first_stamp, last_stamp;
static int have_first, in_main, main_done, have_read;
static uint64_t main_start, main_end, main_instructions, read_stamp;
static int have_main_start, have_main_end;
static struct frame *stack;
static size_t depth, capstack;
static int64_t *active;         /* by id + 1 (slot 0: "?") */
static uint64_t *since, *inclusive, *calls;
static int pkind;               /* pending */
static uint32_t pa, pb;         /* CALL: return address, site; TAIL: site (pf the function); TAILREG: source */
static int pf;
static int have_prev;
static uint64_t prev_stamp;
static uint32_t prev_pc;
static uint64_t *traps;
static size_t ntraps, captraps;

static void enter(int f, uint64_t stamp)
{
    if (active[f + 1]++ == 0)
        since[f + 1] = stamp;
    calls[f + 1]++;
}

static void leave(int f, uint64_t stamp)
{
    if (--active[f + 1] == 0)
        inclusive[f + 1] += stamp - since[f + 1];
}

static void frame_add_func(struct frame *fr, int f)
{
    if (fr->nfuncs == fr->capfuncs) {
        fr->capfuncs = fr->capfuncs ? 2 * fr->capfuncs : 4;
        fr->funcs = xrealloc(fr->funcs, fr->capfuncs * sizeof *fr->funcs);
    }
    fr->funcs[fr->nfuncs++] = f;
}

static struct frame *push(uint32_t ret, int f, int has_site, uint32_t site, uint64_t stamp)
{
    if (depth == capstack) {
        capstack = capstack ? 2 * capstack : 64;
        stack = xrealloc(stack, capstack * sizeof *stack);
        memset(stack + depth, 0, (capstack - depth) * sizeof *stack);
    }
    struct frame *fr = &stack[depth++];
    fr->ret = ret;
    fr->site = site;
    fr->has_site = has_site;
    fr->start = stamp;
    fr->nfuncs = 0;
    fr->ntails = 0;
    frame_add_func(fr, f);
    return fr;
}

static uint64_t site_key(int has_site, uint32_t site, int f)
{
    /* bit 63: no site; bits 32..62: id + 1; bits 0..31: the site */
    return (has_site ? 0 : 1ULL << 63) | (uint64_t)(uint32_t)(f + 1) << 32 | site;
}

static void add_site(int has_site, uint32_t site, int f, uint64_t cycles)
{
    struct cell *c = map_get(&sites, site_key(has_site, site, f));
    c->count++;
    c->cycles += cycles;
}

static void pop(uint64_t stamp)
{
    struct frame *fr = &stack[--depth];
    for (size_t i = 0; i < fr->nfuncs; i++)
        leave(fr->funcs[i], stamp);
    add_site(fr->has_site, fr->site, fr->funcs[0], stamp - fr->start);
    for (size_t i = 0; i < fr->ntails; i++)
        add_site(1, fr->tails[i].site, fr->tails[i].f, stamp - fr->tails[i].start);
}

static void resync(uint32_t pc, uint64_t stamp)
{
    for (size_t k = depth - 1; k >= 1 && depth > 0; k--) {
        if (stack[k].ret == pc) {
            while (depth > k)
                pop(stamp);
            return;
        }
    }
}

static void feed(uint64_t stamp, uint32_t pc, int trap)
{
    records++;
    if (!have_first) {
        have_first = 1;
        first_stamp = stamp;
    }
    last_stamp = stamp;
    if (have_prev && in_main) {
        uint64_t dt = stamp - prev_stamp;
        size_t k = (prev_pc - lo) >> 1;
        pc_count[k]++;
        pc_cycles[k] += dt;
        if (pc != prev_pc + insn_at(prev_pc)->len) {
            struct cell *c = map_get(&edges, (uint64_t)prev_pc << 32 | pc);
            c->count++;
            c->cycles += dt;
        }
    }
    if (trap) {
        if (ntraps + 2 > captraps) {
            captraps = captraps ? 2 * captraps : 16;
            traps = xrealloc(traps, captraps * sizeof *traps);
        }
        traps[ntraps++] = stamp;
        traps[ntraps++] = pc;
    }
    int main_id = -1;
    if (!in_main && !main_done && pc == main_addr) {
        in_main = 1;
        main_start = stamp;
        have_main_start = 1;
        pkind = P_NONE;
        while (depth)
            depth--;
        for (size_t i = 0; i < nnames; i++)
            if (!strcmp(names[i], "main"))
                main_id = (int)i;
        push(0, main_id, 0, 0, stamp);
        enter(main_id, stamp);
    } else if (in_main && pc == main_return && depth == 1 && pkind == P_RET) {
        in_main = 0;
        main_done = 1;
        main_end = stamp;
        have_main_end = 1;
        for (size_t i = 0; i < stack[0].nfuncs; i++)
            leave(stack[0].funcs[i], stamp);
        depth = 0;
        pkind = P_NONE;
    } else if (in_main) {
        if (pkind == P_CALL) {
            int f = function_of(pc);
            push(pa, f, 1, pb, stamp);
            enter(f, stamp);
        } else if (pkind == P_RET) {
            if (depth > 1 && stack[depth - 1].ret == pc)
                pop(stamp);
            else
                resync(pc, stamp);
        } else if (pkind == P_TAIL) {
            struct frame *fr = &stack[depth - 1];
            if (fr->ntails == fr->captails) {
                fr->captails = fr->captails ? 2 * fr->captails : 4;
                fr->tails = xrealloc(fr->tails, fr->captails * sizeof *fr->tails);
            }
            fr->tails[fr->ntails++] = (struct tail){pb, pf, stamp};
            int seen = 0;
            for (size_t i = 0; i < fr->nfuncs; i++)
                seen |= fr->funcs[i] == pf;
            if (!seen) {
                frame_add_func(fr, pf);
                enter(pf, stamp);
            }
        }
        pkind = P_NONE;
    }
    if (in_main) {
        main_instructions++;
        const struct insn *in = insn_at(pc);
        if (in->kind == K_CALL) {
            pkind = P_CALL;
            pa = pc + in->len;
            pb = pc;
        } else if (in->kind == K_RET) {
            pkind = P_RET;
        } else if (in->kind == K_JUMP || in->kind == K_JUMPREG) {
            if (in->has_off) {
                int f = entry_at(pc + (uint32_t)in->off);
                if (f != -2 && f != function_of(pc)) {
                    pkind = P_TAIL;
                    pf = f;
                    pb = pc;
                }
            } else {
                pkind = P_TAILREG;
                pb = pc;
            }
        }
    } else if (pc == main_read && !main_done) {
        have_read = 1;
        read_stamp = stamp;
    }
    have_prev = 1;
    prev_stamp = stamp;
    prev_pc = pc;
}

/* ---- input ---- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static void read_info(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open the info file: %s", strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    struct { uint32_t addr; uint8_t *b; size_t n; } *chunks = NULL;
    size_t nchunks = 0, capchunks = 0;
    int version = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        char key[16], name[4096];
        unsigned long a, b;
        long id;
        if (sscanf(line, "lp-trace-info %d", &version) == 1)
            continue;
        if (sscanf(line, "main %lx", &a) == 1)
            main_addr = (uint32_t)a;
        else if (sscanf(line, "return %lx", &a) == 1)
            main_return = (uint32_t)a;
        else if (sscanf(line, "read %lx", &a) == 1)
            main_read = (uint32_t)a;
        else if (sscanf(line, "name %ld %4095s", &id, name) == 2) {
            if (id != (long)nnames)
                die("%s", "info: names out of order");
            names = xrealloc(names, (nnames + 1) * sizeof *names);
            names[nnames++] = strdup(name);
        } else if (sscanf(line, "func %lx %lx %ld", &a, &b, &id) == 3) {
            if (nfuncs == capfuncs) {
                capfuncs = capfuncs ? 2 * capfuncs : 256;
                funcs = xrealloc(funcs, capfuncs * sizeof *funcs);
            }
            funcs[nfuncs++] = (struct func){(uint32_t)a, (uint32_t)b, (int)id};
        } else if (sscanf(line, "mem %lx %15s", &a, key) == 2) {
            const char *p = strchr(line + 4, ' ');
            p = p ? p + 1 : "";
            size_t len = strcspn(p, " \r\n") / 2;
            if (nchunks == capchunks) {
                capchunks = capchunks ? 2 * capchunks : 256;
                chunks = xrealloc(chunks, capchunks * sizeof *chunks);
            }
            uint8_t *bytes = xrealloc(NULL, len);
            for (size_t i = 0; i < len; i++) {
                int h = hexval(p[2 * i]), l = hexval(p[2 * i + 1]);
                if (h < 0 || l < 0)
                    die("%s", "info: bad mem line");
                bytes[i] = (uint8_t)(h << 4 | l);
            }
            chunks[nchunks].addr = (uint32_t)a;
            chunks[nchunks].b = bytes;
            chunks[nchunks].n = len;
            nchunks++;
            if ((uint32_t)a < lo)
                lo = (uint32_t)a;
            if ((uint32_t)a + len > hi)
                hi = (uint32_t)(a + len);
        } else if (line[0] != '\n' && line[0] != '#') {
            die("info: unknown line: %s", line);
        }
    }
    free(line);
    fclose(f);
    if (version != 1 || !nchunks)
        die("%s", "info: not an lp-trace-info 1 file with code");
    lo &= ~1u;
    hi = (hi + 1) & ~1u;
    mem = xrealloc(NULL, hi - lo);
    memok = calloc(hi - lo, 1);
    insns = calloc((hi - lo) / 2, sizeof *insns);
    entry_of = xrealloc(NULL, (hi - lo) / 2 * sizeof *entry_of);
    pc_count = calloc((hi - lo) / 2, sizeof *pc_count);
    pc_cycles = calloc((hi - lo) / 2, sizeof *pc_cycles);
    active = calloc(nnames + 1, sizeof *active);
    since = calloc(nnames + 1, sizeof *since);
    inclusive = calloc(nnames + 1, sizeof *inclusive);
    calls = calloc(nnames + 1, sizeof *calls);
    if (!memok || !insns || !pc_count || !pc_cycles || !active || !since || !inclusive || !calls)
        die("%s", "out of memory");
    for (size_t i = 0; i < nchunks; i++) {
        memcpy(mem + (chunks[i].addr - lo), chunks[i].b, chunks[i].n);
        memset(memok + (chunks[i].addr - lo), 1, chunks[i].n);
        free(chunks[i].b);
    }
    free(chunks);
    for (size_t i = 0; i < (hi - lo) / 2; i++)
        entry_of[i] = -2;
    for (size_t i = 0; i < nfuncs; i++) {   /* the first in the sorted list wins, as setdefault */
        uint32_t a = funcs[i].start;
        if (a >= lo && a < hi && !(a & 1) && entry_of[(a - lo) >> 1] == -2)
            entry_of[(a - lo) >> 1] = funcs[i].id;
        if ((size_t)funcs[i].id >= nnames)
            die("%s", "info: a function's name id is unknown");
    }
}

static void read_trace(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open the trace: %s", strerror(errno));
    static char buf[1 << 16];
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    setvbuf(f, buf, _IOFBF, sizeof buf);
    while ((n = getline(&line, &cap, f)) > 0) {
        const char *p = line;
        uint64_t stamp = 0;
        uint32_t pc = 0;
        int d, nd = 0;
        while (*p == ' ')
            p++;
        while ((d = hexval(*p)) >= 0) {
            stamp = stamp << 4 | (uint64_t)d;
            p++;
            nd++;
        }
        if (!nd || *p != ' ')
            continue;
        while (*p == ' ')
            p++;
        nd = 0;
        while ((d = hexval(*p)) >= 0) {
            pc = pc << 4 | (uint32_t)d;
            p++;
            nd++;
        }
        if (!nd)
            continue;
        while (*p == ' ')
            p++;
        int trap = *p && *p != '\n' && *p != '\r';
        if (pkind == P_TAILREG) {
            int fe = entry_at(pc);
            if (fe != -2 && fe != function_of(pb)) {
                pkind = P_TAIL;
                pf = fe;
            } else {
                pkind = P_NONE;
            }
        }
        feed(stamp, pc, trap);
    }
    if (ferror(f))
        die("reading the trace: %s", strerror(errno));
    free(line);
    fclose(f);
}

static void write_out(const char *path)
{
    size_t len = strlen(path);
    char *tmp = xrealloc(NULL, len + 16);
    snprintf(tmp, len + 16, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        die("cannot write the result: %s", strerror(errno));
    fprintf(f, "records %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", records, first_stamp, last_stamp);
    fprintf(f, "main ");
    if (have_main_start)
        fprintf(f, "%" PRIu64 " ", main_start);
    else
        fprintf(f, "- ");
    if (have_main_end)
        fprintf(f, "%" PRIu64 " ", main_end);
    else
        fprintf(f, "- ");
    fprintf(f, "%" PRIu64 " ", main_instructions);
    if (have_read)
        fprintf(f, "%" PRIu64 "\n", read_stamp);
    else
        fprintf(f, "-\n");
    for (size_t i = 0; i < (hi - lo) / 2; i++)
        if (pc_count[i])
            fprintf(f, "pc %" PRIx32 " %" PRIu64 " %" PRIu64 "\n", lo + 2 * (uint32_t)i, pc_count[i], pc_cycles[i]);
    for (size_t i = 0; i < edges.cap; i++)
        if (edges.cells[i].used)
            fprintf(f, "edge %" PRIx32 " %" PRIx32 " %" PRIu64 " %" PRIu64 "\n", (uint32_t)(edges.cells[i].key >> 32),
                    (uint32_t)edges.cells[i].key, edges.cells[i].count, edges.cells[i].cycles);
    for (size_t i = 0; i < sites.cap; i++) {
        if (!sites.cells[i].used)
            continue;
        uint64_t k = sites.cells[i].key;
        int fid = (int)((k >> 32) & 0x7fffffff) - 1;
        if (k >> 63)
            fprintf(f, "site - %d %" PRIu64 " %" PRIu64 "\n", fid, sites.cells[i].count, sites.cells[i].cycles);
        else
            fprintf(f, "site %" PRIx32 " %d %" PRIu64 " %" PRIu64 "\n", (uint32_t)k, fid, sites.cells[i].count,
                    sites.cells[i].cycles);
    }
    for (size_t i = 0; i <= nnames; i++)
        if (calls[i] || inclusive[i])
            fprintf(f, "func %d %" PRIu64 " %" PRIu64 "\n", (int)i - 1, calls[i], inclusive[i]);
    for (size_t i = 0; i + 1 < ntraps; i += 2)
        fprintf(f, "trap %" PRIu64 " %" PRIx64 "\n", traps[i], traps[i + 1]);
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        die("writing the result: %s", strerror(errno));
    free(tmp);
}

int main(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        printf("usage: %s INFO TRACE OUT (see the comment at the top of lp-trace-reduce.c)\n", prog);
        return 0;
    }
    if (argc != 4) {
        fprintf(stderr, "%s: error: usage: %s INFO TRACE OUT\n", prog, prog);
        return 2;
    }
    read_info(argv[1]);
    read_trace(argv[2]);
    write_out(argv[3]);
    return 0;
}
