/* report_svg.c — the inline SVG drawings of the HTML report: the flame graph
 * (drawn from the same stacks as --format=folded: root at the bottom,
 * children in name order, frames narrower than a fraction of a pixel left
 * out), the timeline (one band per track, one row per nesting depth; slices
 * narrower than a pixel are merged into grey runs so that the drawing stays
 * small whatever the number of slices) and latency histograms. Tooltips are
 * SVG <title> elements: no script is needed to read the numbers; each flame
 * frame also carries its place and name (data-*) for the page's zoom and
 * search (report_html.c). */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- flame graph ---------------------------------------------------------*/
struct fnode {
    char *name;
    double cycles;
    struct fnode **kids;
    size_t nkids, cap;
};

static struct fnode *child(struct fnode *p, const char *name, size_t len)
{
    for (size_t i = 0; i < p->nkids; i++)
        if (strlen(p->kids[i]->name) == len && !memcmp(p->kids[i]->name, name, len))
            return p->kids[i];
    if (p->nkids == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 4;
        p->kids = sup_xrealloc(p->kids, p->cap * sizeof *p->kids);
    }
    struct fnode *c = sup_xcalloc(1, sizeof *c);
    c->name = sup_xmalloc(len + 1);
    memcpy(c->name, name, len);
    c->name[len] = '\0';
    p->kids[p->nkids++] = c;
    return c;
}

static void fnode_free(struct fnode *n)
{
    for (size_t i = 0; i < n->nkids; i++)
        fnode_free(n->kids[i]);
    free(n->kids);
    free(n->name);
    free(n);
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(struct fnode *const *)a)->name, (*(struct fnode *const *)b)->name);
}

static size_t depth_of(struct fnode *n, double min_cycles)
{
    size_t d = 0;
    if (n->nkids > 1)
        qsort(n->kids, n->nkids, sizeof *n->kids, by_name);
    for (size_t i = 0; i < n->nkids; i++)
        if (n->kids[i]->cycles >= min_cycles) {
            size_t k = depth_of(n->kids[i], min_cycles);
            if (k > d)
                d = k;
        }
    return d + 1;
}

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Petal colours frames by kind: functions warm, loops blue, the rest grey. */
static void colour(const char *name, char *buf, size_t n)
{
    unsigned h = hash(name);
    if (!strncmp(name, "loop@", 5))
        snprintf(buf, n, "rgb(%u,%u,%u)", 80 + h % 60, 140 + (h >> 8) % 60, 200 + (h >> 16) % 55);
    else if (name[0] == '[' || !strcmp(name, "all"))
        snprintf(buf, n, "rgb(%u,%u,%u)", 170 + h % 20, 170 + h % 20, 170 + h % 20);
    else
        snprintf(buf, n, "rgb(%u,%u,%u)", 205 + h % 50, 80 + (h >> 8) % 150, 30 + (h >> 16) % 40);
}

struct flame {
    FILE *f;
    double total, width, row;
    size_t depth;
    double min_cycles;
    size_t drawn;
};

static void label(FILE *f, const char *name, double w)
{
    size_t fit = (size_t)(w / 6.5);
    if (fit < 3)
        return;
    size_t len = strlen(name);
    char *s = sup_xmalloc(len + 3);
    if (len > fit) {
        memcpy(s, name, fit - 2);
        strcpy(s + fit - 2, "..");
    } else
        strcpy(s, name);
    report_xml_escape(f, s);
    free(s);
}

static void draw(struct flame *fl, const struct fnode *n, double x, size_t level)
{
    double w = fl->total > 0 ? n->cycles / fl->total * fl->width : 0;
    double y = (double)(fl->depth - 1 - level) * fl->row;
    char col[32], a[40];
    colour(n->name, col, sizeof col);
    /* data-x, data-w, data-l, data-n: the frame at full width, for zoom and search */
    fprintf(fl->f, "<g class=\"fr\" data-x=\"%.2f\" data-w=\"%.2f\" data-l=\"%zu\" data-n=\"", x, w, level);
    report_xml_escape(fl->f, n->name);
    fprintf(fl->f, "\"><title>");
    report_xml_escape(fl->f, n->name);
    fprintf(fl->f, " \xe2\x80\x94 %s cycles (%.2f%%)</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" "
                   "fill=\"%s\" rx=\"2\"/><text x=\"%.2f\" y=\"%.1f\">",
            report_grouped(n->cycles, a, sizeof a), report_pct(n->cycles, fl->total), x, y, w, fl->row - 1, col, x + 3,
            y + fl->row - 5);
    label(fl->f, n->name, w);
    fprintf(fl->f, "</text></g>\n");
    fl->drawn++;
    double cx = x;
    for (size_t i = 0; i < n->nkids; i++) {
        const struct fnode *k = n->kids[i];
        if (k->cycles >= fl->min_cycles)
            draw(fl, k, cx, level + 1);
        cx += fl->total > 0 ? k->cycles / fl->total * fl->width : 0;
    }
}

size_t report_svg_flame(const struct report_data *r, FILE *f, double width)
{
    size_t n;
    struct report_stack *s = report_stacks(r, &n);
    struct fnode *root = sup_xcalloc(1, sizeof *root);
    root->name = sup_strdup("all");
    for (size_t i = 0; i < n; i++) {
        struct fnode *p = root;
        root->cycles += s[i].cycles;
        for (const char *fr = s[i].frames; *fr;) {
            const char *semi = strchr(fr, ';');
            size_t len = semi ? (size_t)(semi - fr) : strlen(fr);
            p = child(p, fr, len);
            p->cycles += s[i].cycles;
            if (!semi)
                break;
            fr = semi + 1;
        }
    }
    report_stacks_free(s, n);
    struct flame fl = {.f = f, .total = root->cycles, .width = width, .row = 17};
    fl.min_cycles = fl.total * 0.25 / width;    /* a quarter of a pixel */
    fl.depth = depth_of(root, fl.min_cycles);
    double h = (double)fl.depth * fl.row;
    fprintf(f,
            "<svg class=\"flame\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            "aria-label=\"flame graph\">\n",
            width, h, width, h);
    if (fl.total > 0)
        draw(&fl, root, 0, 0);
    fprintf(f, "</svg>\n");
    fnode_free(root);
    return fl.drawn;
}

/* ---- timeline ------------------------------------------------------------*/
bool report_svg_timeline(const struct report_data *r, FILE *f, double width)
{
    const struct cost_estimate *e = r->e;
    if (!e->ntracks || !e->nslices)
        return false;
    double end = e->cycles;
    int *maxdepth = sup_xcalloc(e->ntracks + 1, sizeof *maxdepth);
    for (size_t i = 0; i < e->nslices; i++) {
        const struct cost_slice *s = &e->slices[i];
        if (s->track >= e->ntracks)
            continue;
        if (s->start + s->dur > end)
            end = s->start + s->dur;
        if (s->depth > maxdepth[s->track])
            maxdepth[s->track] = s->depth;
    }
    if (!(end > 0))
        end = 1;
    const double row = 15, gap = 10, left = 130, axis = 24;
    double plot = width - left;
    double *top = sup_xcalloc(e->ntracks + 1, sizeof *top);
    double y = 0;
    for (size_t t = 0; t < e->ntracks; t++) {
        top[t] = y;
        int d = maxdepth[t] < 0 ? 0 : maxdepth[t] > 63 ? 63 : maxdepth[t];
        y += (double)(d + 1) * row + gap;
    }
    double h = y + axis;
    fprintf(f,
            "<svg class=\"timeline\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            "aria-label=\"timeline\">\n",
            width, h, width, h);
    for (size_t t = 0; t < e->ntracks; t++) {
        int d = maxdepth[t] < 0 ? 0 : maxdepth[t] > 63 ? 63 : maxdepth[t];
        fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f4f4f4\"/>", left, top[t], plot,
                (double)(d + 1) * row);
        fprintf(f, "<text class=\"track\" x=\"4\" y=\"%.1f\">", top[t] + row - 3);
        report_xml_escape(f, e->tracks[t].name);
        fprintf(f, "</text>\n");
    }
    /* sub-pixel slices: one flag per (track, depth, pixel) */
    size_t px = (size_t)ceil(plot) + 1;
    size_t *rowbase = sup_xcalloc(e->ntracks + 1, sizeof *rowbase);
    for (size_t t = 0; t < e->ntracks; t++)
        rowbase[t + 1] = rowbase[t] + (size_t)(maxdepth[t] < 0 ? 0 : maxdepth[t] > 63 ? 63 : maxdepth[t]) + 1;
    unsigned char *busy = sup_xcalloc(rowbase[e->ntracks] * px + 1, 1);
    char col[32], a[40], b[40];
    for (size_t i = 0; i < e->nslices; i++) {
        const struct cost_slice *s = &e->slices[i];
        if (s->track >= e->ntracks)
            continue;
        int d = s->depth < 0 ? 0 : s->depth > 63 ? 63 : s->depth;
        double x0 = s->start / end * plot, w = s->dur / end * plot;
        double yy = top[s->track] + (double)d * row;
        if (w < 1) {
            size_t p = (size_t)fmax(0, fmin(floor(x0), (double)px - 1));
            busy[(rowbase[s->track] + (size_t)d) * px + p] = 1;
            continue;
        }
        bool host = s->track == 0;
        unsigned hh = hash(s->name ? s->name : "");
        if (host)
            colour(s->name ? s->name : "", col, sizeof col);
        else
            snprintf(col, sizeof col, "rgb(%u,%u,%u)", 60 + hh % 60, 150 + (hh >> 8) % 60, 120 + (hh >> 16) % 60);
        fprintf(f, "<g><title>");
        report_xml_escape(f, s->name);
        fprintf(f, ": %s cycles from cycle %s</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" "
                   "fill=\"%s\"/><text x=\"%.2f\" y=\"%.1f\">",
                report_grouped(s->dur, a, sizeof a), report_grouped(s->start, b, sizeof b), left + x0, yy, w, row - 1, col,
                left + x0 + 2, yy + row - 4);
        label(f, s->name ? s->name : "", w);
        fprintf(f, "</text></g>\n");
    }
    for (size_t t = 0; t < e->ntracks; t++)
        for (size_t d = 0; d < rowbase[t + 1] - rowbase[t]; d++) {
            const unsigned char *bp = busy + (rowbase[t] + d) * px;
            for (size_t p = 0; p < px;) {
                if (!bp[p]) {
                    p++;
                    continue;
                }
                size_t q = p;
                while (q < px && bp[q])
                    q++;
                fprintf(f, "<rect class=\"dense\" x=\"%.0f\" y=\"%.1f\" width=\"%zu\" height=\"%.1f\" fill=\"#888\"/>\n",
                        left + (double)p, top[t] + (double)d * row, q - p, row - 1);
                p = q;
            }
        }
    for (int k = 0; k <= 4; k++) {
        double x = left + plot * k / 4.0 - (k == 4 ? 1 : 0);
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%.1f\" stroke=\"#bbb\"/>", x, x, y);
        fprintf(f, "<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n", x, y + 14,
                k == 0 ? "start" : k == 4 ? "end" : "middle", report_grouped(end * k / 4.0, a, sizeof a));
    }
    fprintf(f, "</svg>\n");
    free(busy);
    free(rowbase);
    free(top);
    free(maxdepth);
    return true;
}

/* ---- histogram -----------------------------------------------------------*/
void report_svg_histogram(const double *v, size_t n, FILE *f, double width, double height)
{
    if (!n)
        return;
    struct report_stats st;
    report_stats_of(v, n, &st);
    enum { BINS = 24 };
    size_t bins[BINS] = {0}, peak = 0;
    double span = st.max - st.min;
    for (size_t i = 0; i < n; i++) {
        size_t b = span > 0 ? (size_t)((v[i] - st.min) / span * BINS) : 0;
        if (b >= BINS)
            b = BINS - 1;
        if (++bins[b] > peak)
            peak = bins[b];
    }
    char a[40], b[40];
    fprintf(f, "<svg class=\"hist\" width=\"%.0f\" height=\"%.0f\" role=\"img\" aria-label=\"latency histogram\">\n",
            width, height + 16);
    double bw = width / BINS;
    for (size_t i = 0; i < BINS; i++) {
        double h = peak ? (double)bins[i] / (double)peak * height : 0;
        double lo = st.min + span * (double)i / BINS, hi = st.min + span * (double)(i + 1) / BINS;
        fprintf(f, "<g><title>%s..%s cycles: %zu calls</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                   "height=\"%.1f\" fill=\"#4a8ab5\"/></g>\n",
                report_grouped(lo, a, sizeof a), report_grouped(hi, b, sizeof b), bins[i], (double)i * bw, height - h, bw - 1,
                h);
    }
    fprintf(f, "<text class=\"axis\" x=\"0\" y=\"%.0f\">%s</text>", height + 13, report_grouped(st.min, a, sizeof a));
    fprintf(f, "<text class=\"axis\" x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">%s</text>\n</svg>\n", width,
            height + 13, report_grouped(st.max, a, sizeof a));
}
