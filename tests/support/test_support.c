/* test_support.c — support/'s services that guard the tools against their
 * inputs: escaping in messages (escape.c, diag.c), the isolated child
 * (isolate.c: output, messages, crashes, fatal errors, and the child dying
 * with its parent), the input limit (files.c), read-only outputs, and out of
 * memory as a message with the program's name and status 1. */
#define _GNU_SOURCE
#include "json.h"
#include "support.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

/* What sup_write_escaped makes of N bytes of S (malloc'd). */
static char *escaped(const char *s, size_t n)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sup_write_escaped(f, s, n);
    fclose(f);
    return out;
}

static void expect_escape(const char *in, size_t n, const char *want)
{
    char *got = escaped(in, n);
    assert_string_equal(got, want);
    free(got);
}

static void test_escape(void **state)
{
    (void)state;
    /* printable ASCII, tab and valid UTF-8 stay */
    expect_escape("plain text\twith tab", 19, "plain text\twith tab");
    expect_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    /* what a terminal acts on: OSC title, CSI colour, BEL, DEL, newline */
    expect_escape("\x1b]0;PWNED\x07", 10, "\\x1b]0;PWNED\\x07");
    expect_escape("\x1b[31mRED\x1b[0m", 12, "\\x1b[31mRED\\x1b[0m");
    expect_escape("a\nb\rc\x7f", 6, "a\\nb\\rc\\x7f");
    /* bytes that are not UTF-8: a lone continuation, a cut sequence, an
     * overlong '/', a surrogate, above U+10FFFF */
    expect_escape("\xb2", 1, "\\xb2");
    expect_escape("15\xef\xbf", 4, "15\\xef\\xbf");
    expect_escape("\xc0\xaf", 2, "\\xc0\\xaf");
    expect_escape("\xed\xa0\x80", 3, "\\xed\\xa0\\x80");
    expect_escape("\xf4\x90\x80\x80", 4, "\\xf4\\x90\\x80\\x80");
    /* C1 controls and bidirectional overrides (U+0085, U+202E, U+2066) */
    expect_escape("\xc2\x85", 2, "\\u0085");
    expect_escape("a\xe2\x80\xae" "b", 5, "a\\u202Eb");
    expect_escape("\xe2\x81\xa6", 3, "\\u2066");
    /* a NUL in the middle is a byte like the others */
    expect_escape("a\0b", 3, "a\\x00b");
}

static void test_diag_escapes(void **state)
{
    (void)state;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sup_diag(f, "x\x1b.csv", 3, 3, "error", "not a number in column '%s': '%s'", "cy\x12" "cles", "\x1b]0;PWNED\x07");
    fclose(f);
    assert_string_equal(out, "x\\x1b.csv:3:3: error: not a number in column 'cy\\x12cles': '\\x1b]0;PWNED\\x07'\n");
    free(out);
    /* a long message is not cut */
    char big[3000];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    out = NULL;
    f = open_memstream(&out, &len);
    sup_diag(f, NULL, 0, 0, "note", "%s|", big);
    fclose(f);
    assert_int_equal(strlen(out), 6 + 2999 + 2);
    free(out);
}

/* ---- isolated work ---------------------------------------------------------- */

static char *work_text(void *arg, size_t *len, char **msg)
{
    (void)msg;
    *len = strlen(arg);
    return arg;
}

static char *work_fails(void *arg, size_t *len, char **msg)
{
    (void)arg;
    (void)len;
    *msg = "the work says no";
    return NULL;
}

static char *work_crashes(void *arg, size_t *len, char **msg)
{
    (void)arg;
    (void)len;
    (void)msg;
    raise(SIGSEGV);
    return NULL;
}

static char *work_fatal(void *arg, size_t *len, char **msg)
{
    (void)arg;
    (void)len;
    (void)msg;
    fprintf(stderr, "something printed before\n");
    sup_isolated_fail("a fatal error");
    return NULL;
}

/* More output than a pipe holds on both streams at once: no stall. */
static char *work_floods(void *arg, size_t *len, char **msg)
{
    (void)arg;
    (void)msg;
    static char big[1 << 20];
    memset(big, 'x', sizeof big);
    for (int i = 0; i < 2000; i++)
        fprintf(stderr, "warning number %d of a long list of warnings\n", i);
    *len = sizeof big;
    return big;
}

/* The test runner's own crash handler is not the child's. */
static void default_segv(void) { signal(SIGSEGV, SIG_DFL); }

static void test_isolated(void **state)
{
    (void)state;
    struct sup_isolated r;
    assert_true(sup_isolated_run(work_text, "hello", NULL, false, &r));
    assert_int_equal(r.len, 5);
    assert_string_equal(r.text, "hello");
    assert_string_equal(r.message, "");
    free(r.text);
    free(r.message);

    assert_false(sup_isolated_run(work_fails, NULL, NULL, false, &r));
    assert_int_equal(r.status, 4);
    assert_string_equal(r.message, "the work says no");
    assert_null(r.text);
    free(r.message);

    assert_false(sup_isolated_run(work_crashes, NULL, default_segv, false, &r));
    assert_int_equal(r.signal, SIGSEGV);
    free(r.message);

    assert_false(sup_isolated_run(work_fatal, NULL, NULL, true, &r));
    assert_int_equal(r.status, 3);
    assert_string_equal(r.message, "something printed before\n\na fatal error");
    free(r.message);

    assert_true(sup_isolated_run(work_floods, NULL, NULL, true, &r));
    assert_int_equal(r.len, 1 << 20);
    assert_non_null(strstr(r.message, "warning number 1999 of"));
    free(r.text);
    free(r.message);
}

static int report_fd = -1;

static char *work_sleeps(void *arg, size_t *len, char **msg)
{
    (void)arg;
    (void)len;
    (void)msg;
    pid_t me = getpid();
    if (write(report_fd, &me, sizeof me) != sizeof me)
        _exit(9);
    sleep(60);
    return NULL;
}

/* Whether PID has ended (gone, or a zombie nobody reaped yet). */
static bool ended(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return kill(pid, 0) != 0 && errno == ESRCH;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *rp = strrchr(buf, ')');
    return rp && (rp[2] == 'Z' || rp[2] == 'X');
}

/* The parent is killed (SIGKILL: no handler runs) while its child works:
 * the child must not run on (fuzz2/orphan-child). */
static void test_child_dies_with_parent(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    pid_t parent = fork();
    assert_true(parent >= 0);
    if (parent == 0) {
        close(p[0]);
        report_fd = p[1];
        struct sup_isolated r;
        sup_isolated_run(work_sleeps, NULL, NULL, false, &r);
        _exit(0);
    }
    close(p[1]);
    pid_t child;
    assert_int_equal(read(p[0], &child, sizeof child), (ssize_t)sizeof child);
    close(p[0]);
    assert_false(ended(child));
    kill(parent, SIGKILL);
    waitpid(parent, NULL, 0);
    bool gone = false;
    for (int i = 0; i < 300 && !gone; i++) { /* 3 s at most; it takes milliseconds */
        gone = ended(child);
        if (!gone)
            nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    if (!gone)
        kill(child, SIGKILL);
    assert_true(gone);
}

/* ---- files ------------------------------------------------------------------- */

static char tmpdir[] = "/tmp/lpnest-support-XXXXXX";

static char *in_tmp(const char *name)
{
    static char buf[256];
    snprintf(buf, sizeof buf, "%s/%s", tmpdir, name);
    return buf;
}

static char *diag_of(void (*fn)(FILE *))
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    fn(f);
    fclose(f);
    return out;
}

static void read_big(FILE *d)
{
    sup_set_input_limit(1000, "--input-limit");
    size_t len;
    char *t = sup_read_file(in_tmp("big.txt"), &len, 0, d);
    assert_null(t);
    t = sup_read_file(in_tmp("small.txt"), &len, 0, d);
    assert_non_null(t);
    assert_int_equal(len, 1000);
    free(t);
    sup_set_input_limit(SUP_INPUT_LIMIT_DEFAULT, "--input-limit");
}

static void read_stream(FILE *d)
{
    sup_set_input_limit(64 << 10, "--input-limit");
    assert_null(sup_read_file("/dev/zero", NULL, 0, d));
    sup_set_input_limit(SUP_INPUT_LIMIT_DEFAULT, "--input-limit");
}

static void write_file(const char *path, size_t n, mode_t mode)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (size_t i = 0; i < n; i++)
        fputc('a', f);
    fclose(f);
    chmod(path, mode);
}

static void test_input_limit(void **state)
{
    (void)state;
    write_file(in_tmp("big.txt"), 1001, 0644);
    write_file(in_tmp("small.txt"), 1000, 0644);
    char *msg = diag_of(read_big);
    char want[512];
    snprintf(want, sizeof want, "%s: error: the file has 1001 bytes, more than the input limit of 1000 bytes; "
             "--input-limit=BYTES raises it\n", in_tmp("big.txt"));
    assert_string_equal(msg, want);
    free(msg);
    msg = diag_of(read_stream);
    assert_string_equal(msg, "/dev/zero: error: the input is larger than the input limit of 65536 bytes (64k); "
                             "--input-limit=BYTES raises it\n");
    free(msg);
}

static void open_readonly(FILE *d)
{
    struct sup_outfile o;
    assert_int_equal(sup_outfile_open(&o, in_tmp("ro.json"), d), -1);
}

static void test_outfile_modes(void **state)
{
    (void)state;
    write_file(in_tmp("ro.json"), 3, 0444);
    char *msg = diag_of(open_readonly);
    assert_non_null(strstr(msg, "ro.json: error: the output file is read-only (mode 0444): not replaced"));
    free(msg);
    struct stat st;
    assert_int_equal(stat(in_tmp("ro.json"), &st), 0);
    assert_int_equal(st.st_mode & 07777, 0444);
    assert_int_equal(st.st_size, 3);
    /* a writable file is replaced and keeps its mode */
    write_file(in_tmp("rw.json"), 3, 0600);
    struct sup_outfile o;
    assert_int_equal(sup_outfile_open(&o, in_tmp("rw.json"), stderr), 0);
    fputs("new\n", o.f);
    assert_int_equal(sup_outfile_commit(&o, stderr), 0);
    assert_int_equal(stat(in_tmp("rw.json"), &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    assert_int_equal(st.st_size, 4);
}

/* Out of memory: "PROG: error: out of memory (allocating N bytes) while
 * WHAT", exit status 1, no abort. In a child, whose stderr is read. */
static void test_out_of_memory(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(p[0]);
        dup2(p[1], 2);
        sup_set_prog("lpn");
        sup_set_activity("reading", "sweeps.csv");
        volatile size_t huge = SIZE_MAX / 2;
        sup_xmalloc(huge);
        _exit(7);
    }
    close(p[1]);
    /* all of it: a sanitizer may warn about the allocation before our message */
    char buf[2048];
    size_t got = 0;
    ssize_t n;
    while (got < sizeof buf - 1 && (n = read(p[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += (size_t)n;
    close(p[0]);
    buf[got] = '\0';
    int st;
    waitpid(pid, &st, 0);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 1);
    char want[256];
    snprintf(want, sizeof want, "lpn: error: out of memory (allocating %zu bytes) while reading 'sweeps.csv'\n",
             SIZE_MAX / 2);
    /* the message is the last line, whole */
    size_t wl = strlen(want);
    assert_true(got >= wl);
    assert_string_equal(buf + got - wl, want);
    assert_true(got == wl || buf[got - wl - 1] == '\n');
}

/* Numbers in JSON: integral values below 1e15 as integers, the others (beyond
 * int64_t too, where a cast would be undefined: a fuzz_fit_csv finding under
 * UBSan) with 17 significant digits, non-finite ones as null. */
static void test_json_double(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    struct sup_json w;
    sup_json_init(&w, f, false);
    sup_json_arr(&w);
    double v[] = {42.0, -7.0, 0.5, 9.3e18, -1e300, 1e15, 1.0 / 0.0};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        sup_json_double(&w, v[i]);
    sup_json_end(&w);
    fclose(f);
    assert_string_equal(buf, "[42,-7,0.5,9.3e+18,-1.0000000000000001e+300,1000000000000000,null]");
    free(buf);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"big.txt", "small.txt", "ro.json", "rw.json"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(in_tmp(names[i]));
    rmdir(tmpdir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_json_double),
        cmocka_unit_test(test_diag_escapes),
        cmocka_unit_test(test_isolated),
        cmocka_unit_test(test_child_dies_with_parent),
        cmocka_unit_test(test_input_limit),
        cmocka_unit_test(test_outfile_modes),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
