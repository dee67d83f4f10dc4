/* report_trace.c — the report's timeline as Chrome/Perfetto trace events
 * (JSON object format): one thread per track (the host, each accelerator),
 * a complete event ("ph": "X") per slice. Times are converted from host
 * cycles to integer nanoseconds at the core's clock before being written as
 * microseconds, so rounding never breaks the nesting of slices on a track.
 * A report without a timeline has no trace: that is an error (exit 1), not
 * an empty file. */
#include "report.h"
#include "json.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct cost_estimate *sort_e;

static int by_track_start(const void *a, const void *b)
{
    const struct cost_slice *x = &sort_e->slices[*(const size_t *)a], *y = &sort_e->slices[*(const size_t *)b];
    if (x->track != y->track)
        return x->track < y->track ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->dur != y->dur)
        return x->dur > y->dur ? -1 : 1;
    return x->depth < y->depth ? -1 : x->depth > y->depth;
}

/* Cycles → integer nanoseconds (or cycles as "nanoseconds" without a clock). */
static long long to_ns(double cycles, double hz)
{
    return hz > 0 ? llround(cycles * 1e9 / hz) : llround(cycles);
}

/* Writes NS nanoseconds as microseconds with three decimals. */
static void micro(FILE *f, long long ns)
{
    if (ns < 0) {
        fputc('-', f);
        ns = -ns;
    }
    fprintf(f, "%lld.%03lld", ns / 1000, ns % 1000);
}

static void meta(FILE *f, bool *first, const char *name, int tid, const char *key, const char *val, long long num)
{
    fprintf(f, "%s\n{\"ph\":\"M\",\"pid\":1,", *first ? "" : ",");
    *first = false;
    if (tid >= 0)
        fprintf(f, "\"tid\":%d,", tid);
    fprintf(f, "\"name\":\"%s\",\"args\":{\"%s\":", name, key);
    if (val) {
        fputc('"', f);
        sup_json_escape(f, val, strlen(val));
        fputc('"', f);
    } else
        fprintf(f, "%lld", num);
    fputs("}}", f);
}

int report_write_trace(const struct report_data *r, const struct report_view_options *o, FILE *f)
{
    const struct cost_estimate *e = r->e;
    if (!e->ntracks || !e->nslices) {
        sup_diag(o ? o->diag : NULL, e->module, 0, 0, "error",
                 "the report has no timeline (it comes from a run that was not timed); "
                 "--format=folded or --format=html show where the cycles go");
        return 1;
    }
    double hz = e->clock_hz;
    fputs("{\"displayTimeUnit\":\"ns\",\n\"otherData\":{\"lpnest_report\":1,\"module\":\"", f);
    sup_json_escape(f, e->module, strlen(e->module));
    fputs("\",\"core\":\"", f);
    sup_json_escape(f, e->core, strlen(e->core));
    fprintf(f, "\",\"clock_hz\":%.17g,\"total_cycles\":%.17g,\"time_unit\":\"%s\"},\n\"traceEvents\":[", hz, e->cycles,
            hz > 0 ? "microseconds at the core's clock" : "cycles (no clock)");
    bool first = true;
    char pname[600];
    snprintf(pname, sizeof pname, "%s on %s", e->module, e->core);
    meta(f, &first, "process_name", -1, "name", pname, 0);
    for (size_t t = 0; t < e->ntracks; t++) {
        meta(f, &first, "thread_name", (int)t + 1, "name", e->tracks[t].name, 0);
        meta(f, &first, "thread_sort_index", (int)t + 1, "sort_index", NULL, (long long)t);
    }
    size_t *ix = sup_xcalloc(e->nslices + 1, sizeof *ix);
    size_t n = 0;
    for (size_t i = 0; i < e->nslices; i++)
        if (e->slices[i].track < e->ntracks)
            ix[n++] = i;
    sort_e = e;
    qsort(ix, n, sizeof *ix, by_track_start);
    for (size_t k = 0; k < n; k++) {
        const struct cost_slice *s = &e->slices[ix[k]];
        long long a = to_ns(s->start, hz), b = to_ns(s->start + s->dur, hz);
        fputs(",\n{\"ph\":\"X\",\"pid\":1,", f);
        fprintf(f, "\"tid\":%zu,\"name\":\"", s->track + 1);
        sup_json_escape(f, s->name ? s->name : "?", strlen(s->name ? s->name : "?"));
        fputs("\",\"ts\":", f);
        micro(f, a);
        fputs(",\"dur\":", f);
        micro(f, b - a);
        fprintf(f, ",\"args\":{\"start_cycle\":%.17g,\"cycles\":%.17g}}", s->start, s->dur);
    }
    free(ix);
    fputs("\n]}\n", f);
    return ferror(f) ? -1 : 0;
}
