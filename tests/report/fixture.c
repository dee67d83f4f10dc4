/* fixture.c — the hand-built report of the unit tests and rendering helpers.
 *
 * The program: main (self 1,000, a loop at app.c:29 of 600) calls fir 4 times
 * (self 6,000: an outer loop at app.c:10 of 5,000 holding an inner loop at
 * app.c:11 of 3,000) and jpeg_decode twice (offloaded: 1,000 cycles of
 * invocation and waits charged to the host; 5,000 in software); fir calls mac
 * 400 times (self 2,000). Total 10,000 cycles at 100 MHz; 9,900 of them on
 * source lines. */
#include "fixture.h"
#include "support.h"

#include <unistd.h>

static void add_func(struct cost_estimate *e, const char *name, uint64_t calls, double self, double incl,
                     const char *loc)
{
    struct cost_func_cost *f = &e->funcs[e->nfuncs++];
    f->name = sup_strdup(name);
    f->calls = calls;
    f->self = self;
    f->inclusive = incl;
    f->instructions = self / 2;
    f->loc = loc ? sup_strdup(loc) : NULL;
}

static void add_block(struct cost_estimate *e, size_t func, int num, const char *ir, const char *loc, double count,
                      double cycles)
{
    struct cost_block_cost *b = &e->blocks[e->nblocks++];
    b->func = func;
    b->number = num;
    b->ir_name = sup_strdup(ir);
    b->loc = loc ? sup_strdup(loc) : NULL;
    b->count = count;
    b->cycles = cycles;
    b->instructions = cycles / 2;
}

static void add_loop(struct report_data *r, size_t func, size_t parent, const char *header, const char *loc,
                     double count, double entries, double cycles, double incl)
{
    struct report_loop_cost *l = &r->loops[r->nloops++];
    l->func = func;
    l->parent = parent;
    l->depth = parent == COST_NO_PARENT ? 1 : r->loops[parent].depth + 1;
    l->header = sup_strdup(header);
    l->loc = loc ? sup_strdup(loc) : NULL;
    l->header_count = count;
    l->entries = entries;
    l->cycles = cycles;
    l->inclusive = incl;
    l->instructions = cycles / 2;
    l->nblocks = 2;
}

static void add_ctx(struct cost_estimate *e, size_t parent, size_t func, const char *site, double calls, double self,
                    double incl)
{
    struct cost_context *c = &e->contexts[e->ncontexts++];
    c->parent = parent;
    c->func = func;
    c->callsite = site ? sup_strdup(site) : NULL;
    c->calls = calls;
    c->self = self;
    c->inclusive = incl;
}

static void add_line(struct cost_estimate *e, unsigned line, double cycles, double execs)
{
    struct cost_line_cost *l = &e->lines[e->nlines++];
    l->file = sup_strdup("app.c");
    l->line = line;
    l->cycles = cycles;
    l->executions = execs;
}

static void add_slice(struct cost_estimate *e, size_t track, const char *name, double start, double dur, int depth)
{
    struct cost_slice *s = &e->slices[e->nslices++];
    s->track = track;
    s->name = sup_strdup(name);
    s->start = start;
    s->dur = dur;
    s->depth = depth;
}

struct report_data *fx_report(bool full)
{
    struct report_data *r = sup_xcalloc(1, sizeof *r);
    struct cost_estimate *e = r->e = sup_xcalloc(1, sizeof *e);
    e->module = sup_strdup("app.bc");
    e->core = sup_strdup("picorv32");
    e->core_description = sup_strdup("PicoRV32 \"test\" <core> & co");
    e->triple = sup_strdup("riscv32-unknown-elf");
    e->clock_hz = 100e6;
    e->count_source = "execution";
    e->ir_instructions = 4321;
    e->cycles = 10000;
    e->machine_cycles = 9200;
    e->runtime_cycles = 800;
    e->instructions = 4600;
    e->runtime_instructions = 400;
    e->funcs = sup_xcalloc(4, sizeof *e->funcs);
    add_func(e, "main", 1, 1000, 10000, "app.c:27");          /* 0 */
    add_func(e, "fir", 4, 6000, 8000, "app.c:8");             /* 1 */
    add_func(e, "mac", 400, 2000, 2000, "app.c:2");           /* 2 */
    add_func(e, "jpeg_decode", 2, 1000, 1000, "app.c:19");    /* 3 */
    e->blocks = sup_xcalloc(7, sizeof *e->blocks);
    add_block(e, 0, 0, "entry", "app.c:28", 1, 400);
    add_block(e, 0, 1, "loop", "app.c:29", 4, 600);
    add_block(e, 1, 0, "entry", "app.c:9", 4, 1000);
    add_block(e, 1, 1, "outer", "app.c:10", 40, 2000);
    add_block(e, 1, 2, "inner", "app.c:11", 400, 3000);
    add_block(e, 2, 0, "entry", "app.c:3", 400, 2000);
    add_block(e, 3, 0, "entry", NULL, 2, 1000);
    e->runtime = sup_xcalloc(1, sizeof *e->runtime);
    e->nruntime = 1;
    e->runtime[0] = (struct cost_runtime_cost){.symbol = sup_strdup("__mulsi3"), .calls = 400, .cycles = 800, .instructions = 400, .known = true};
    e->warnings = sup_xcalloc(1, sizeof *e->warnings);
    e->warnings[e->nwarnings++] = sup_strdup("a <warning> & \"quotes\"");
    r->loops = sup_xcalloc(3, sizeof *r->loops);
    add_loop(r, 1, COST_NO_PARENT, "outer", "app.c:10", 40, 4, 5000, 7000);   /* 0 */
    add_loop(r, 1, 0, "inner", "app.c:11", 400, 40, 3000, 5000);             /* 1 */
    add_loop(r, 0, COST_NO_PARENT, "loop", "app.c:29", 4, -1, 600, 9600);     /* 2 */
    if (!full) {
        e->funcs[3].self = 0;    /* no offload without --accel: the total stays 10,000 */
        e->funcs[0].self = 2000;
        e->blocks[0].cycles = 1400;
        e->blocks[6].cycles = 0;
        return r;
    }
    e->contexts = sup_xcalloc(4, sizeof *e->contexts);
    add_ctx(e, COST_NO_PARENT, 0, NULL, 1, 1000, 10000);
    add_ctx(e, 0, 1, "app.c:30", 4, 6000, 8000);
    add_ctx(e, 1, 2, "app.c:12", 400, 2000, 2000);
    add_ctx(e, 0, 3, "app.c:32", 2, 1000, 1000);
    e->lines = sup_xcalloc(7, sizeof *e->lines);
    add_line(e, 3, 2000, 400);
    add_line(e, 9, 1000, 4);
    add_line(e, 10, 2000, 40);
    add_line(e, 11, 3000, 400);
    add_line(e, 20, 900, 2);
    add_line(e, 28, 400, 1);
    add_line(e, 29, 600, 4);
    e->tracks = sup_xcalloc(2, sizeof *e->tracks);
    e->ntracks = 2;
    e->tracks[0] = (struct cost_track){sup_strdup("host"), 100e6};
    e->tracks[1] = (struct cost_track){sup_strdup("jpeg"), 200e6};
    e->slices = sup_xcalloc(8, sizeof *e->slices);
    add_slice(e, 0, "main", 0, 10000, 0);
    add_slice(e, 0, "fir", 100, 2000, 1);
    add_slice(e, 0, "mac", 200, 5, 2);
    add_slice(e, 0, "mac", 300, 7, 2);
    add_slice(e, 0, "jpeg_decode", 5000, 500, 1);
    add_slice(e, 1, "decode", 5100, 300, 0);
    add_slice(e, 1, "huffman", 5100, 100, 1);
    add_slice(e, 1, "idct", 5200, 200, 1);
    e->accels = sup_xcalloc(1, sizeof *e->accels);
    e->naccels = 1;
    struct cost_accel_cost *a = &e->accels[0];
    a->name = sup_strdup("jpeg");
    a->model = sup_strdup("models/jpeg.yaml");
    a->clock_hz = 200e6;
    a->calls = 2;
    a->busy = 600;
    a->wait = 800;
    a->overlap = 200;
    a->latencies = sup_xcalloc(2, sizeof *a->latencies);
    a->nlatencies = 2;
    a->latencies[0] = 300;
    a->latencies[1] = 500;
    e->whatifs = sup_xcalloc(1, sizeof *e->whatifs);
    e->nwhatifs = 1;
    e->whatifs[0] = (struct cost_whatif){sup_strdup("jpeg_decode"), sup_strdup("jpeg"), 2, 5000, 1000};
    return r;
}

char *fx_render(const struct report_data *r, enum report_format fmt, int *status, char **diag)
{
    char *out = NULL, *msg = NULL;
    size_t n = 0, m = 0;
    FILE *f = open_memstream(&out, &n);
    FILE *d = open_memstream(&msg, &m);
    struct report_view_options o = {.top = 10, .diag = d};
    const char *dirs[] = {REPORT_TEST_DATA};
    o.source_dirs = dirs;
    o.nsource_dirs = 1;
    *status = report_write(r, fmt, &o, f);
    fclose(f);
    fclose(d);
    if (diag)
        *diag = msg;
    else
        free(msg);
    return out;
}

static char *temps[64];
static size_t ntemps;

static void remove_temps(void)
{
    for (size_t i = 0; i < ntemps; i++) {
        unlink(temps[i]);
        free(temps[i]);
    }
}

char *fx_temp_file(const char *text, const char *suffix)
{
    char *path = sup_xmalloc(64);
    snprintf(path, 64, "/tmp/lpnest-report-test-XXXXXX%s", suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    if (!ntemps)
        atexit(remove_temps);
    if (ntemps < 64)
        temps[ntemps++] = sup_strdup(path);
    return path;
}

size_t fx_count(const char *hay, const char *needle)
{
    size_t n = 0, len = strlen(needle);
    for (const char *p = hay; (p = strstr(p, needle)); p += len)
        n++;
    return n;
}
