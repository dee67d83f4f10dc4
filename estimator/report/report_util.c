/* report_util.c — helpers every report view shares: number formatting,
 * rounding that keeps sums, sample statistics, per-slice statistics of the
 * timeline, XML escaping, lookups. The formats and their dispatcher are in
 * report.c. */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *report_grouped(double v, char *buf, size_t n)
{
    char raw[64];
    if (!isfinite(v)) {
        snprintf(buf, n, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        return buf;
    }
    double a = fabs(v);
    snprintf(raw, sizeof raw, "%.0f", a);
    size_t len = strlen(raw), o = 0;
    if (v < 0 && raw[0] != '0' && o + 1 < n)
        buf[o++] = '-';
    for (size_t i = 0; i < len && o + 2 < n; i++) {
        buf[o++] = raw[i];
        if ((len - i - 1) % 3 == 0 && i + 1 < len)
            buf[o++] = ',';
    }
    buf[o] = '\0';
    return buf;
}

double report_pct(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0; }

struct rem {
    double frac;
    size_t i;
};

static int by_frac(const void *a, const void *b)
{
    const struct rem *x = a, *y = b;
    if (x->frac != y->frac)
        return x->frac < y->frac ? 1 : -1;
    return x->i < y->i ? -1 : x->i > y->i;
}

void report_apportion(const double *v, uint64_t *out, size_t n, double total)
{
    uint64_t floors = 0;
    struct rem *r = sup_xcalloc(n + 1, sizeof *r);
    for (size_t i = 0; i < n; i++) {
        double x = v[i] > 0 && isfinite(v[i]) ? v[i] : 0;
        out[i] = (uint64_t)floor(x);
        floors += out[i];
        r[i].frac = x - floor(x);
        r[i].i = i;
    }
    /* the total as the views print it ("%.0f": to nearest, ties to even) */
    double target = isfinite(total) && total > 0 ? rint(total) : 0;
    qsort(r, n, sizeof *r, by_frac);
    if ((double)floors < target) {
        uint64_t extra = (uint64_t)target - floors;
        for (size_t k = 0; k < n && extra; k++, extra--)
            out[r[k].i]++;
    } else if ((double)floors > target) { /* the parts overshoot by rounding: the smallest fractions give */
        uint64_t over = floors - (uint64_t)target;
        for (size_t k = n; k-- > 0 && over;)
            if (out[r[k].i])
                out[r[k].i]--, over--;
    }
    free(r);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The Q-quantile of sorted S[0..n) by linear interpolation. */
static double quantile(const double *s, size_t n, double q)
{
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)floor(pos);
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    return s[lo] + (s[hi] - s[lo]) * (pos - (double)lo);
}

void report_stats_of(const double *v, size_t n, struct report_stats *s)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    if (!n)
        return;
    double *c = sup_xmalloc(n * sizeof *c);
    memcpy(c, v, n * sizeof *c);
    qsort(c, n, sizeof *c, cmp_double);
    for (size_t i = 0; i < n; i++)
        s->sum += c[i];
    s->min = c[0];
    s->max = c[n - 1];
    s->mean = s->sum / (double)n;
    s->p50 = quantile(c, n, 0.5);
    s->p95 = quantile(c, n, 0.95);
    free(c);
}

struct slice_key {
    size_t track;
    const char *name;
    double dur;
};

static int by_track_name(const void *a, const void *b)
{
    const struct slice_key *x = a, *y = b;
    if (x->track != y->track)
        return x->track < y->track ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int by_total(const void *a, const void *b)
{
    const struct report_slice_summary *x = a, *y = b;
    if (x->st.sum != y->st.sum)
        return x->st.sum < y->st.sum ? 1 : -1;
    if (x->track != y->track)
        return x->track < y->track ? -1 : 1;
    return strcmp(x->name, y->name);
}

size_t report_slice_stats(const struct report_data *r, struct report_slice_summary **out)
{
    const struct cost_estimate *e = r->e;
    *out = NULL;
    if (!e->nslices)
        return 0;
    struct slice_key *k = sup_xcalloc(e->nslices, sizeof *k);
    size_t nk = 0;
    for (size_t i = 0; i < e->nslices; i++)
        if (e->slices[i].name && e->slices[i].track < e->ntracks)
            k[nk++] = (struct slice_key){e->slices[i].track, e->slices[i].name, e->slices[i].dur};
    qsort(k, nk, sizeof *k, by_track_name);
    struct report_slice_summary *s = sup_xcalloc(nk + 1, sizeof *s);
    double *d = sup_xcalloc(nk + 1, sizeof *d);
    size_t ns = 0;
    for (size_t i = 0; i < nk;) {
        size_t j = i;
        while (j < nk && k[j].track == k[i].track && !strcmp(k[j].name, k[i].name)) {
            d[j - i] = k[j].dur;
            j++;
        }
        s[ns].track = k[i].track;
        s[ns].name = k[i].name;
        report_stats_of(d, j - i, &s[ns].st);
        ns++;
        i = j;
    }
    free(d);
    free(k);
    qsort(s, ns, sizeof *s, by_total);
    *out = s;
    return ns;
}

void report_xml_escape(FILE *f, const char *s)
{
    if (!s)
        return;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            /* XML 1.0 allows no control characters but tab and newlines */
            if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
                break;
            fputc(*p, f);
        }
    }
}

size_t report_func_index(const struct report_data *r, const char *name)
{
    for (size_t i = 0; i < r->e->nfuncs; i++)
        if (r->e->funcs[i].name && !strcmp(r->e->funcs[i].name, name))
            return i;
    return (size_t)-1;
}

void report_checks_free(struct report_check *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(c[i].name);
        free(c[i].classname);
        free(c[i].message);
        free(c[i].file);
        free(c[i].related);
    }
    free(c);
}

double report_share_base(const struct report_data *r)
{
    double base = r->e->cycles;
    for (size_t f = 0; f < r->e->nfuncs; f++)
        base = fmax(base, r->e->funcs[f].inclusive);
    for (size_t l = 0; l < r->nloops; l++)
        base = fmax(base, r->loops[l].inclusive);
    return base;
}

bool report_excluded_text(const struct cost_estimate *e, char *buf, size_t n)
{
    double units = 0, unpriced = 0, indirect = 0;
    for (size_t i = 0; i < e->nfuncs; i++) {
        units += e->funcs[i].excl.other_units;
        unpriced += e->funcs[i].excl.unpriced;
        indirect += e->ncontexts ? 0 : e->funcs[i].excl.indirect;
    }
    buf[0] = '\0';
    char a[40];
    size_t len = 0;
    const double v[3] = {units, unpriced, indirect};
    static const char *const what[3] = {"calls to functions defined elsewhere", "calls to unpriced routines", "indirect calls"};
    static const char *const one[3] = {"call to a function defined elsewhere", "call to an unpriced routine", "indirect call"};
    for (int k = 0; k < 3; k++)
        if (v[k] > 0 && len < n)
            len += (size_t)snprintf(buf + len, n - len, "%s%s %s", len ? ", " : "",
                                    v[k] < 1 ? "<1" : report_grouped(v[k], a, sizeof a),
                                    fabs(v[k] - 1) < 0.005 ? one[k] : what[k]);
    if (len && e->per_call && len < n)
        snprintf(buf + len, n - len, " (in one call of every function)");
    return len > 0;
}

bool report_core_note(const struct cost_estimate *e, char *buf, size_t n)
{
    /* the host core's cycles: reciprocal throughputs rounded up to whole
     * cycles, one instruction at a time (isa/x86-64.yaml) */
    if (!e->triple || strncmp(e->triple, "x86_64", 6) || !(e->instructions > 0))
        return false;
    double over = 100 * (e->machine_cycles / e->instructions - 1);
    snprintf(buf, n,
             "x86-64 cycles are instructions weighted by their reciprocal throughput rounded up to a whole cycle, "
             "one at a time: %.1f%% over the %s instructions; an in-order bound, not an x86 core's time",
             over, report_grouped(e->instructions, (char[40]){0}, 40));
    return true;
}
