/* report_html.c — one self-contained HTML page for design reviews: summary,
 * offload candidates, flame graph (inline SVG), timeline of the host and the
 * accelerators, accelerator statistics with latency histograms, what-if
 * comparisons, and the tables of functions, loops, per-call durations,
 * blocks, source lines and runtime calls. Inline CSS and a few lines of
 * inline script (sorting tables by a click on a heading; zooming into and
 * searching the flame graph); nothing is loaded from anywhere. */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FLAME_WIDTH 1160
#define MAX_ROWS 500

static const char style[] =
    "body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px auto;max-width:1200px;"
    "color:#222;padding:0 12px}\n"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;"
    "padding-bottom:3px}\n"
    ".sub{color:#666;margin:0 0 12px}.note{color:#666;font-size:13px}\n"
    "nav a{margin-right:12px;font-size:13px}\n"
    "table{border-collapse:collapse;font-size:13px;margin:4px 0}\n"
    "th,td{padding:2px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}\n"
    "th{background:#f3f3f3;cursor:pointer;user-select:none;white-space:nowrap}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    "table.kv th{cursor:default;text-align:left;font-weight:600;background:none}\n"
    ".bar{display:inline-block;height:9px;background:#e07b39;vertical-align:middle;margin-right:4px}\n"
    ".bar.sw{background:#b5b5b5}.bar.acc{background:#4a8ab5}\n"
    "svg text{font:11px sans-serif;fill:#111;pointer-events:none}svg text.axis,svg text.track{fill:#444}\n"
    "svg .fr rect:hover{stroke:#000;stroke-width:.8}\n"
    ".warn{color:#8a5300}\n";

static const char script[] =
    "document.querySelectorAll('table.sort').forEach(function(t){\n"
    " t.querySelectorAll('th').forEach(function(h,i){h.addEventListener('click',function(){\n"
    "  var b=t.tBodies[0],r=Array.prototype.slice.call(b.rows),d=h.dataset.d==='1'?-1:1;h.dataset.d=d===1?'1':'0';\n"
    "  r.sort(function(x,y){var a=x.cells[i],c=y.cells[i],p=a.dataset.v,q=c.dataset.v;\n"
    "   if(p!==undefined&&q!==undefined)return d*(parseFloat(p)-parseFloat(q));\n"
    "   return d*a.textContent.localeCompare(c.textContent);});\n"
    "  r.forEach(function(x){b.appendChild(x);});});});});\n"
    /* flame graph: a click zooms into a frame (its ancestors stay, full width),
     * "reset" or the root zooms out; the search box highlights the frames whose
     * name matches (a regular expression) and says what share of the cycles they hold */
    "(function(){var s=document.querySelector('svg.flame');if(!s)return;\n"
    " var g=Array.prototype.slice.call(s.querySelectorAll('g.fr')),W=parseFloat(s.getAttribute('width')),\n"
    "  q=document.getElementById('flame-q'),m=document.getElementById('flame-m');\n"
    " function lab(t,n,w){var k=Math.floor(w/6.5);t.textContent=k<3?'':n.length>k?n.slice(0,k-2)+'..':n;}\n"
    " function zoom(f){var x0=f?+f.dataset.x:0,w0=f?+f.dataset.w:W,l0=f?+f.dataset.l:0,z=w0>0?W/w0:1;\n"
    "  g.forEach(function(e){var x=+e.dataset.x,w=+e.dataset.w,l=+e.dataset.l,r=e.firstElementChild.nextElementSibling,\n"
    "   t=r.nextElementSibling,inside=x>=x0-1e-6&&x+w<=x0+w0+1e-6,above=l<l0&&x<=x0+1e-6&&x+w>=x0+w0-1e-6;\n"
    "   if(!inside&&!above){e.style.display='none';return;}e.style.display='';\n"
    "   var nx=above?0:(x-x0)*z,nw=above?W:w*z;r.setAttribute('x',nx);r.setAttribute('width',nw);\n"
    "   t.setAttribute('x',nx+3);lab(t,e.dataset.n,nw);});}\n"
    " g.forEach(function(e){e.style.cursor='pointer';e.addEventListener('click',function(){zoom(+e.dataset.l?e:null);});});\n"
    " document.getElementById('flame-reset').addEventListener('click',function(){zoom(null);});\n"
    " q.addEventListener('input',function(){var re=null;try{re=q.value?new RegExp(q.value):null;}catch(x){}\n"
    "  var hit=0,top=[];g.forEach(function(e){var r=e.firstElementChild.nextElementSibling,on=re&&re.test(e.dataset.n);\n"
    "   r.style.fill=on?'#d53fd5':'';if(on&&!top.some(function(t){return +e.dataset.x>=+t.dataset.x-1e-6&&\n"
    "   +e.dataset.x+ +e.dataset.w<=+t.dataset.x+ +t.dataset.w+1e-6&&+e.dataset.l>+t.dataset.l;})){top.push(e);hit+=+e.dataset.w;}});\n"
    "  m.textContent=re?'matched: '+(100*hit/W).toFixed(1)+'% of the cycles':'';});})();\n";

static void esc(FILE *f, const char *s) { report_xml_escape(f, s ? s : ""); }

static void th(FILE *f, const char *const *names)
{
    fputs("<thead><tr>", f);
    for (; *names; names++) {
        fputs("<th>", f);
        esc(f, *names);
        fputs("</th>", f);
    }
    fputs("</tr></thead><tbody>\n", f);
}

static void td_s(FILE *f, const char *s)
{
    fputs("<td>", f);
    esc(f, s ? s : "-");
    fputs("</td>", f);
}

static void td_n(FILE *f, double v)
{
    char a[40];
    fprintf(f, "<td class=\"n\" data-v=\"%.17g\">%s</td>", isfinite(v) ? v : 1e300, report_grouped(v, a, sizeof a));
}

static void td_pct(FILE *f, double part, double whole, bool bar)
{
    double p = report_pct(part, whole);
    fprintf(f, "<td class=\"n\" data-v=\"%.6g\">", p);
    if (bar)
        fprintf(f, "<span class=\"bar\" style=\"width:%.0fpx\"></span>", fmin(100, fmax(0, p)));
    fprintf(f, "%.1f%%</td>", p);
}

static void td_x(FILE *f, double s)
{
    if (isinf(s))
        fputs("<td class=\"n\" data-v=\"1e300\">unbounded</td>", f);
    else
        fprintf(f, "<td class=\"n\" data-v=\"%.6g\">%.3g&times;</td>", s, s);
}

static void kv(FILE *f, const char *k, const char *v)
{
    fputs("<tr><th>", f);
    esc(f, k);
    fputs("</th><td>", f);
    esc(f, v);
    fputs("</td></tr>\n", f);
}

static void summary(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    char a[64], b[64], buf[512];
    fputs("<section id=\"summary\"><h2>Summary</h2><table class=\"kv\"><tbody>\n", f);
    if (e->per_call) {
        snprintf(buf, sizeof buf, "%s cycles: one call of every function, each priced without running the program",
                 report_grouped(e->cycles, a, sizeof a));
        kv(f, "per call", buf);
    } else {
        snprintf(buf, sizeof buf, "%s cycles = %.6g s at %.6g MHz", report_grouped(e->cycles, a, sizeof a),
                 e->clock_hz > 0 ? e->cycles / e->clock_hz : 0, e->clock_hz / 1e6);
        kv(f, "total", buf);
    }
    char note[400];
    if (report_core_note(e, note, sizeof note))
        kv(f, "cycles", note);
    snprintf(buf, sizeof buf, "%s cycles (%.1f%%), %s instructions", report_grouped(e->machine_cycles, a, sizeof a),
             report_pct(e->machine_cycles, e->cycles), report_grouped(e->instructions, b, sizeof b));
    kv(f, "machine code", buf);
    snprintf(buf, sizeof buf, "%s cycles (%.1f%%) from the core's cost table", report_grouped(e->runtime_cycles, a, sizeof a),
             report_pct(e->runtime_cycles, e->cycles));
    kv(f, "runtime and library", buf);
    if (e->nwhatifs) {
        double calls = e->cycles - e->machine_cycles - e->runtime_cycles;
        snprintf(buf, sizeof buf, "%s cycles (%.1f%%) the host spends invoking and waiting", report_grouped(calls, a, sizeof a),
                 report_pct(calls, e->cycles));
        kv(f, "offloaded calls", buf);
    }
    const char *src = e->count_source ? e->count_source : "execution";
    snprintf(buf, sizeof buf, "%s; exact for %.2f%% of the cycles", src, 100 - report_pct(e->estimated_cycles, e->cycles));
    kv(f, "counts", buf);
    if (report_excluded_text(e, note, sizeof note))
        kv(f, "not included (0 cycles)", note);
    if (!e->per_call) {
        snprintf(buf, sizeof buf, "%d (%llu IR instructions run)", e->exit_status, (unsigned long long)e->ir_instructions);
        kv(f, "program exit status", buf);
    }
    if (e->nwhatifs) {
        double sw = report_software_total(r);
        snprintf(buf, sizeof buf, "%s cycles; this run is %.3g\xc3\x97 faster", report_grouped(sw, a, sizeof a),
                 e->cycles > 0 ? sw / e->cycles : 0);
        kv(f, "all in software", buf);
    }
    snprintf(buf, sizeof buf, "%s (%s)", e->core, e->triple ? e->triple : "");
    kv(f, "core", buf);
    fputs("</tbody></table></section>\n", f);
}

static void candidates(const struct report_data *r, FILE *f)
{
    struct report_candidate *c;
    size_t n = report_candidates(r, &c);
    fputs("<section id=\"candidates\"><h2>Offload candidates</h2>\n<p class=\"note\">Functions (but main) and loops by "
          "their share of the cycles. The bound is Amdahl's: the whole application's speedup if the candidate cost "
          "nothing. Where the run offloaded a function, the estimated speedup with its accelerator model follows.</p>\n",
          f);
    if (!n)
        fputs("<p class=\"note\">No candidates: all the cycles are in main's own code outside loops.</p>\n", f);
    else {
        fputs("<table class=\"sort\" id=\"t-candidates\">", f);
        static const char *const h[] = {"rank", "kind", "function or loop", "cycles", "share", "Amdahl bound",
                                        "accelerator", "estimated speedup", NULL};
        th(f, h);
        for (size_t i = 0; i < n && i < 50; i++) {
            fprintf(f, "<tr><td class=\"n\" data-v=\"%zu\">%zu</td>", i + 1, i + 1);
            td_s(f, c[i].kind == REPORT_CAND_FUNCTION ? "function" : "loop");
            td_s(f, c[i].name);
            td_n(f, c[i].cycles);
            td_pct(f, c[i].cycles, c[i].baseline, true);
            td_x(f, c[i].amdahl);
            td_s(f, c[i].whatif ? c[i].whatif->accel : NULL);
            if (c[i].whatif)
                td_x(f, c[i].estimated);
            else
                td_s(f, NULL);
            fputs("</tr>\n", f);
        }
        fputs("</tbody></table>\n", f);
    }
    fputs("</section>\n", f);
    free(c);
}

static void flame(const struct report_data *r, FILE *f)
{
    fputs("<section id=\"flame\"><h2>Flame graph</h2>\n<p class=\"note\">Width is cycles. ", f);
    fputs(r->e->ncontexts ? "Stacks are calling contexts" : "The report has no calling contexts: one stack per function",
          f);
    fputs("; blue frames are loops (a function's cycles split over its loops in their proportions over the whole "
          "run). The same stacks as <code>--format=folded</code>. Hover for cycles; click a frame to zoom into it "
          "(the root or <em>reset</em> zooms out); search frames by name (a regular expression).</p>\n"
          "<div class=\"flame-tools\"><input type=\"search\" id=\"flame-q\" placeholder=\"search frames\" "
          "aria-label=\"search frames\"> <button type=\"button\" id=\"flame-reset\">reset zoom</button> "
          "<span id=\"flame-m\" class=\"note\"></span></div>\n",
          f);
    report_svg_flame(r, f, FLAME_WIDTH);
    fputs("</section>\n", f);
}

static void timeline(const struct report_data *r, FILE *f)
{
    fputs("<section id=\"timeline\"><h2>Timeline</h2>\n", f);
    if (r->e->nslices && r->e->ntracks) {
        fputs("<p class=\"note\">Host cycles from the start of main; one band per track, one row per nesting level. "
              "Grey runs are slices narrower than a pixel. <code>--format=trace</code> opens the same timeline in "
              "Perfetto.</p>\n",
              f);
        report_svg_timeline(r, f, FLAME_WIDTH);
    } else
        fputs("<p class=\"note\">No timeline: the report comes from a run that was not timed.</p>\n", f);
    fputs("</section>\n", f);
}

static void accelerators(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    if (!e->naccels)
        return;
    fputs("<section id=\"accelerators\"><h2>Accelerators</h2>\n<table class=\"sort\" id=\"t-accelerators\">", f);
    static const char *const h[] = {"accelerator", "model", "MHz",  "calls", "busy", "host waits", "overlap",
                                    "min",         "mean",  "p50", "p95",   "max",  "latencies",  NULL};
    th(f, h);
    for (size_t i = 0; i < e->naccels; i++) {
        const struct cost_accel_cost *a = &e->accels[i];
        struct report_stats st;
        report_stats_of(a->latencies, a->nlatencies, &st);
        fputs("<tr>", f);
        td_s(f, a->name);
        td_s(f, a->model);
        fprintf(f, "<td class=\"n\" data-v=\"%.6g\">%.6g</td>", a->clock_hz / 1e6, a->clock_hz / 1e6);
        td_n(f, a->calls);
        td_n(f, a->busy);
        td_n(f, a->wait);
        td_n(f, a->overlap);
        if (st.n) {
            td_n(f, st.min);
            td_n(f, st.mean);
            td_n(f, st.p50);
            td_n(f, st.p95);
            td_n(f, st.max);
            fputs("<td>", f);
            report_svg_histogram(a->latencies, a->nlatencies, f, 240, 36);
            fputs("</td>", f);
        } else
            fputs("<td>-</td><td>-</td><td>-</td><td>-</td><td>-</td><td>-</td>", f);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table><p class=\"note\">Latencies are host cycles from invocation to completion, per call.</p>"
          "</section>\n",
          f);
}

static void whatifs(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    if (!e->nwhatifs)
        return;
    double peak = 0;
    for (size_t i = 0; i < e->nwhatifs; i++)
        peak = fmax(peak, fmax(e->whatifs[i].software, e->whatifs[i].offloaded));
    fputs("<section id=\"whatif\"><h2>What-if: software or accelerator</h2>\n<table class=\"sort\" id=\"t-whatif\">",
          f);
    static const char *const h[] = {"function", "accelerator", "calls", "software cycles", "offloaded cycles",
                                    "saved", "speedup", "", NULL};
    th(f, h);
    for (size_t i = 0; i < e->nwhatifs; i++) {
        const struct cost_whatif *w = &e->whatifs[i];
        fputs("<tr>", f);
        td_s(f, w->func);
        td_s(f, w->accel);
        td_n(f, w->calls);
        td_n(f, w->software);
        td_n(f, w->offloaded);
        td_n(f, w->software - w->offloaded);
        if (w->offloaded > 0)
            td_x(f, w->software / w->offloaded);
        else
            td_s(f, NULL);
        fprintf(f, "<td><span class=\"bar sw\" style=\"width:%.0fpx\" title=\"software\"></span><br>"
                   "<span class=\"bar acc\" style=\"width:%.0fpx\" title=\"offloaded\"></span></td></tr>\n",
                peak > 0 ? 200 * w->software / peak : 0, peak > 0 ? 200 * w->offloaded / peak : 0);
    }
    fputs("</tbody></table><p class=\"note\">Grey: cycles had the function stayed on the core; blue: invocation and "
          "waits charged to the host.</p></section>\n",
          f);
}

static int by_inclusive(const void *a, const void *b)
{
    const struct cost_func_cost *x = *(const struct cost_func_cost *const *)a, *y = *(const struct cost_func_cost *const *)b;
    if (x->inclusive != y->inclusive)
        return x->inclusive < y->inclusive ? 1 : -1;
    return strcmp(x->name, y->name);
}

static void functions(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    const struct cost_func_cost **fs = sup_xcalloc(e->nfuncs + 1, sizeof *fs);
    for (size_t i = 0; i < e->nfuncs; i++)
        fs[i] = &e->funcs[i];
    qsort(fs, e->nfuncs, sizeof *fs, by_inclusive);
    fputs("<section id=\"functions\"><h2>Functions</h2>\n<p class=\"note\">As compiled. A function whose cycles "
          "leave out calls (to functions defined elsewhere, unpriced routines, indirect calls) says so in the last "
          "column.</p>\n<table class=\"sort\" id=\"t-functions\">",
          f);
    static const char *const h[] = {"function", "source", "calls", "self cycles", "self share", "inclusive",
                                    "inclusive share", "per call", "runtime cycles", "instructions", "leaves out",
                                    NULL};
    th(f, h);
    size_t shown = 0;
    for (size_t i = 0; i < e->nfuncs && shown < MAX_ROWS; i++) {
        const struct cost_func_cost *fc = fs[i];
        if (!fc->calls && fc->self == 0)
            continue;
        shown++;
        fputs("<tr>", f);
        td_s(f, fc->name);
        td_s(f, fc->loc);
        td_n(f, (double)fc->calls);
        td_n(f, fc->self);
        td_pct(f, fc->self, e->cycles, true);
        td_n(f, fc->inclusive);
        td_pct(f, fc->inclusive, report_share_base(r), false);
        td_n(f, fc->calls ? fc->inclusive / (double)fc->calls : 0);
        td_n(f, fc->runtime);
        td_n(f, fc->instructions);
        char why[120];
        td_s(f, fc->incomplete ? report_incomplete_text(fc->incomplete, why, sizeof why) : "");
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
    free(fs);
    /* the functions clang inlined: by source function, as budgets see them */
    size_t n = 0;
    for (size_t i = 0; i < e->nsources; i++)
        n += e->sources[i].copies > 0;
    if (n) {
        fputs("<h3 id=\"sources\">Inlined functions, by source function</h3>\n<p class=\"note\">Each function "
              "of the source that clang inlined somewhere: its own compiled code and every copy in its callers "
              "(budgets check this view).</p>\n<table class=\"sort\" id=\"t-sources\">",
              f);
        static const char *const hs[] = {"function", "source", "calls", "self cycles", "inclusive", "per call",
                                         "in copies", "inlined into", NULL};
        th(f, hs);
        for (size_t i = 0; i < e->nsources; i++) {
            const struct cost_source_func *sf = &e->sources[i];
            if (!sf->copies)
                continue;
            fputs("<tr>", f);
            td_s(f, sf->name);
            td_s(f, sf->loc);
            td_n(f, sf->calls);
            td_n(f, sf->self);
            td_n(f, sf->inclusive);
            td_n(f, sf->calls > 0 ? sf->inclusive / sf->calls : 0);
            td_n(f, sf->inlined);
            td_s(f, sf->into);
            fputs("</tr>\n", f);
        }
        fputs("</tbody></table>\n", f);
    }
    fputs("</section>\n", f);
}

static const struct report_data *sort_r;

static int by_loop(const void *a, const void *b)
{
    const struct report_loop_cost *x = &sort_r->loops[*(const size_t *)a], *y = &sort_r->loops[*(const size_t *)b];
    if (x->inclusive != y->inclusive)
        return x->inclusive < y->inclusive ? 1 : -1;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void loops(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    fputs("<section id=\"loops\"><h2>Loops</h2>\n", f);
    if (!r->nloops) {
        fputs("<p class=\"note\">No loops in this report.</p></section>\n", f);
        return;
    }
    size_t *ix = sup_xcalloc(r->nloops + 1, sizeof *ix);
    for (size_t i = 0; i < r->nloops; i++)
        ix[i] = i;
    sort_r = r;
    qsort(ix, r->nloops, sizeof *ix, by_loop);
    fputs("<table class=\"sort\" id=\"t-loops\">", f);
    static const char *const h[] = {"function", "loop",       "header block", "depth",     "iterations", "entries",
                                    "per entry", "cycles",    "inclusive",    "share",     "IR blocks",  NULL};
    th(f, h);
    for (size_t k = 0; k < r->nloops && k < MAX_ROWS; k++) {
        const struct report_loop_cost *l = &r->loops[ix[k]];
        char label[1100];
        report_loop_label(r, ix[k], label, sizeof label);
        fputs("<tr>", f);
        td_s(f, l->func < e->nfuncs ? e->funcs[l->func].name : "?");
        td_s(f, label + 5);
        td_s(f, l->header);
        td_n(f, l->depth);
        td_n(f, l->header_count);
        if (l->entries >= 0)
            td_n(f, l->entries);
        else
            td_s(f, NULL);
        if (l->entries > 0)
            fprintf(f, "<td class=\"n\" data-v=\"%.6g\">%.1f</td>", l->header_count / l->entries,
                    l->header_count / l->entries);
        else
            td_s(f, NULL);
        td_n(f, l->cycles);
        td_n(f, l->inclusive);
        td_pct(f, l->inclusive, report_share_base(r), true);
        td_n(f, (double)l->nblocks);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table><p class=\"note\">Cycles include nested loops and runtime calls; inclusive adds the "
          "functions called from the loop at their average cost per call. Iterations are executions of the header.</p>"
          "</section>\n",
          f);
    free(ix);
}

static void durations(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    struct report_slice_summary *s;
    size_t n = report_slice_stats(r, &s);
    if (n) {
        fputs("<section id=\"durations\"><h2>Per-call durations</h2>\n<p class=\"note\">From the timeline, in host "
              "cycles: how often each function or transition ran and how long it took.</p>\n"
              "<table class=\"sort\" id=\"t-durations\">",
              f);
        static const char *const h[] = {"track", "name", "calls", "total", "min", "mean", "p50", "p95", "max", NULL};
        th(f, h);
        for (size_t i = 0; i < n && i < MAX_ROWS; i++) {
            fputs("<tr>", f);
            td_s(f, e->tracks[s[i].track].name);
            td_s(f, s[i].name);
            td_n(f, (double)s[i].st.n);
            td_n(f, s[i].st.sum);
            td_n(f, s[i].st.min);
            td_n(f, s[i].st.mean);
            td_n(f, s[i].st.p50);
            td_n(f, s[i].st.p95);
            td_n(f, s[i].st.max);
            fputs("</tr>\n", f);
        }
        fputs("</tbody></table></section>\n", f);
    }
    free(s);
}

static int by_block_cycles(const void *a, const void *b)
{
    const struct cost_block_cost *x = *(const struct cost_block_cost *const *)a, *y = *(const struct cost_block_cost *const *)b;
    return x->cycles < y->cycles ? 1 : x->cycles > y->cycles ? -1 : 0;
}

static void blocks(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    const struct cost_block_cost **bs = sup_xcalloc(e->nblocks + 1, sizeof *bs);
    for (size_t i = 0; i < e->nblocks; i++)
        bs[i] = &e->blocks[i];
    qsort(bs, e->nblocks, sizeof *bs, by_block_cycles);
    fputs("<section id=\"blocks\"><h2>Hottest machine blocks</h2>\n<table class=\"sort\" id=\"t-blocks\">", f);
    static const char *const h[] = {"function", "machine block", "IR block", "source", "count", "cycles",
                                    "share",    "instructions",  "count is", NULL};
    th(f, h);
    for (size_t i = 0; i < e->nblocks && i < 100 && bs[i]->cycles > 0; i++) {
        const struct cost_block_cost *b = bs[i];
        char num[32];
        snprintf(num, sizeof num, "bb.%d", b->number);
        fputs("<tr>", f);
        td_s(f, b->func < e->nfuncs ? e->funcs[b->func].name : "?");
        td_s(f, b->number >= 0 ? num : NULL);
        td_s(f, b->ir_name);
        td_s(f, b->loc);
        td_n(f, b->count);
        td_n(f, b->cycles);
        td_pct(f, b->cycles, e->cycles, true);
        td_n(f, b->instructions);
        td_s(f, b->estimated ? "estimated" : "exact");
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></section>\n", f);
    free(bs);
}

static int by_line_cycles(const void *a, const void *b)
{
    const struct cost_line_cost *x = *(const struct cost_line_cost *const *)a, *y = *(const struct cost_line_cost *const *)b;
    return x->cycles < y->cycles ? 1 : x->cycles > y->cycles ? -1 : 0;
}

static void lines(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    if (!e->nlines)
        return;
    const struct cost_line_cost **ls = sup_xcalloc(e->nlines + 1, sizeof *ls);
    for (size_t i = 0; i < e->nlines; i++)
        ls[i] = &e->lines[i];
    qsort(ls, e->nlines, sizeof *ls, by_line_cycles);
    fputs("<section id=\"lines\"><h2>Hottest source lines</h2>\n<p class=\"note\"><code>--format=annotate</code> "
          "shows them in their files.</p><table class=\"sort\" id=\"t-lines\">",
          f);
    static const char *const h[] = {"file", "line", "executions", "cycles", "share", NULL};
    th(f, h);
    for (size_t i = 0; i < e->nlines && i < 100 && ls[i]->cycles > 0; i++) {
        fputs("<tr>", f);
        td_s(f, ls[i]->file);
        td_n(f, ls[i]->line);
        td_n(f, ls[i]->executions);
        td_n(f, ls[i]->cycles);
        td_pct(f, ls[i]->cycles, e->cycles, true);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></section>\n", f);
    free(ls);
}

static void runtime(const struct report_data *r, FILE *f)
{
    const struct cost_estimate *e = r->e;
    if (!e->nruntime)
        return;
    fputs("<section id=\"runtime\"><h2>Runtime and library calls</h2>\n<table class=\"sort\" id=\"t-runtime\">", f);
    static const char *const h[] = {"routine", "calls", "cycles", "share", "instructions", "priced", NULL};
    th(f, h);
    for (size_t i = 0; i < e->nruntime; i++) {
        const struct cost_runtime_cost *rt = &e->runtime[i];
        fputs("<tr>", f);
        td_s(f, rt->symbol);
        td_n(f, rt->calls);
        td_n(f, rt->cycles);
        td_pct(f, rt->cycles, e->cycles, true);
        td_n(f, rt->instructions);
        td_s(f, rt->known ? "yes" : "no (0 cycles)");
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></section>\n", f);
}

int report_write_html(const struct report_data *r, const struct report_view_options *o, FILE *f)
{
    (void)o;
    const struct cost_estimate *e = r->e;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>lpnest: ", f);
    esc(f, e->module);
    fputs(" on ", f);
    esc(f, e->core);
    fprintf(f, "</title>\n<meta name=\"generator\" content=\"lpnest %s\">\n<style>\n%s</style></head>\n<body>\n",
            LPNEST_VERSION, style);
    fputs("<h1>", f);
    esc(f, e->module);
    fputs(" on ", f);
    esc(f, e->core);
    fputs("</h1>\n<p class=\"sub\">", f);
    esc(f, e->core_description);
    fputs(" &middot; lpnest report</p>\n<nav><a href=\"#summary\">summary</a>", f);
    if (!e->per_call)
        fputs("<a href=\"#candidates\">candidates</a>", f);
    fputs("<a href=\"#flame\">flame graph</a><a href=\"#timeline\">timeline</a>", f);
    if (e->naccels)
        fputs("<a href=\"#accelerators\">accelerators</a>", f);
    if (e->nwhatifs)
        fputs("<a href=\"#whatif\">what-if</a>", f);
    fputs("<a href=\"#functions\">functions</a><a href=\"#loops\">loops</a>", f);
    if (e->nslices)
        fputs("<a href=\"#durations\">durations</a>", f);
    fputs("<a href=\"#blocks\">blocks</a>", f);
    if (e->nlines)
        fputs("<a href=\"#lines\">lines</a>", f);
    fputs("</nav>\n", f);
    summary(r, f);
    if (!e->per_call) /* Amdahl's bounds are about a run */
        candidates(r, f);
    flame(r, f);
    timeline(r, f);
    accelerators(r, f);
    whatifs(r, f);
    functions(r, f);
    loops(r, f);
    durations(r, f);
    blocks(r, f);
    lines(r, f);
    runtime(r, f);
    if (e->nwarnings) {
        fputs("<section id=\"warnings\"><h2>Warnings</h2><ul>\n", f);
        for (size_t i = 0; i < e->nwarnings; i++) {
            fputs("<li class=\"warn\">", f);
            esc(f, e->warnings[i]);
            fputs("</li>\n", f);
        }
        fputs("</ul></section>\n", f);
    }
    fprintf(f, "<script>\n%s</script>\n</body></html>\n", script);
    return ferror(f) ? -1 : 0;
}
