/* junit.c — JUnit XML for CI systems (GitHub, GitLab, Jenkins show it as test
 * results): one <testsuite> with a <testcase> per check — a budget limit or
 * an item of a diff — and a <failure> for each failed one. */
#include "report.h"

#include <string.h>

int report_junit_write(FILE *f, const char *suite, const struct report_check *c, size_t n, double seconds)
{
    size_t failures = 0;
    for (size_t i = 0; i < n; i++)
        failures += c[i].failed;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lpnest\"", f);
    fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" time=\"%.3f\">\n", n, failures, seconds);
    fputs("  <testsuite name=\"", f);
    report_xml_escape(f, suite);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\" time=\"%.3f\">\n", n, failures, seconds);
    for (size_t i = 0; i < n; i++) {
        fputs("    <testcase classname=\"", f);
        report_xml_escape(f, c[i].classname ? c[i].classname : "lpnest");
        fputs("\" name=\"", f);
        report_xml_escape(f, c[i].name);
        fputs("\"", f);
        if (c[i].file) {
            fputs(" file=\"", f);
            report_xml_escape(f, c[i].file);
            fprintf(f, "\" line=\"%u\"", c[i].line);
        }
        fputs(" time=\"0\"", f);
        if (!c[i].failed && !c[i].warning) {
            fputs("/>\n", f);
            continue;
        }
        if (!c[i].failed) {
            /* a limit of severity warning: passed, with what it exceeded as text */
            fputs(">\n      <system-out>warning: ", f);
            if (c[i].file) {
                report_xml_escape(f, c[i].file);
                fprintf(f, ":%u:%u: ", c[i].line, c[i].col);
            }
            report_xml_escape(f, c[i].message);
            fputs("</system-out>\n    </testcase>\n", f);
            continue;
        }
        fputs(">\n      <failure type=\"", f);
        report_xml_escape(f, c[i].classname && !strncmp(c[i].classname, "lpnest.diff", 11) ? "regression" : "budget");
        fputs("\" message=\"", f);
        report_xml_escape(f, c[i].message);
        fputs("\">", f);
        if (c[i].file) {
            report_xml_escape(f, c[i].file);
            fprintf(f, ":%u:%u: ", c[i].line, c[i].col);
        }
        report_xml_escape(f, c[i].message);
        fputs("</failure>\n    </testcase>\n", f);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
    return ferror(f) ? -1 : 0;
}
