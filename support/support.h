/* support.h — small shared services for every lpnest module: diagnostics,
 * whole-file reading with a size limit, atomic output files, LLVM-style
 * option matching, work run in an isolated child process.
 * YAML and JSON live in yamltree.h and json.h. Prefix: sup_. */
#ifndef LPNEST_SUPPORT_H
#define LPNEST_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- diagnostics ------------------------------------------------------------
 * Messages follow "file:line:col: error: text" (1-based line/col). Libraries
 * never print to stderr on their own: they write to a FILE * the caller gives
 * (stderr in tools, an open_memstream buffer in tests). A NULL stream discards. */
#if defined(__GNUC__)
#define SUP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SUP_PRINTF(a, b)
#endif

/* Prints "file:line:col: KIND: message\n". line/col 0 are left out
 * ("file: error: ..."); a NULL file prints only "KIND: message". The file
 * name and the message are escaped (sup_write_escaped): the bytes of an
 * input quoted in a message cannot act on the terminal. */
void sup_diag(FILE *out, const char *file, unsigned line, unsigned col,
              const char *kind, const char *fmt, ...) SUP_PRINTF(6, 7);
void sup_vdiag(FILE *out, const char *file, unsigned line, unsigned col,
               const char *kind, const char *fmt, va_list ap);

/* escape.c: writes N bytes of S with what a terminal acts on made visible:
 * control characters other than tab as \n, \r, \xNN; C1 controls and
 * bidirectional overrides as \uNNNN; each byte that is not part of
 * well-formed UTF-8 as \xNN. Everything else (printable ASCII, valid
 * UTF-8 text) as it is. */
void sup_write_escaped(FILE *out, const char *s, size_t n);
void sup_fputs_escaped(FILE *out, const char *s);   /* NUL-terminated S (NULL: nothing) */
/* Length of the well-formed UTF-8 character at S (N bytes available), 0 if
 * the bytes there are not one. */
size_t sup_utf8_char(const char *s, size_t n);

/* The program's name in messages without a file ("lpn", default "lpnest"),
 * out of memory included. */
void sup_set_prog(const char *name);
const char *sup_prog(void);
/* What the program is doing, for the out-of-memory message ("... while
 * WHAT 'FILE'"); FILE may be NULL, WHAT NULL clears it. Both are copied. */
void sup_set_activity(const char *what, const char *file);

/* deadline.c: the program's wall-clock limit in SECONDS (0: none). Long
 * loops ask sup_time_up (true once it has passed; *LIMIT gets the limit) and
 * stop with a located message; two seconds later an alarm ends whatever is
 * still running with "PROG: error: the time limit of N seconds was reached
 * (--time-limit) while WHAT" (sup_set_activity), exit status 1. */
void sup_set_time_limit(double seconds);
bool sup_time_up(double *limit);
bool sup_time_limited(void);   /* a limit is set: check the clock more often */

/* ---- whole files ------------------------------------------------------------
 * Reads all of PATH ("-" is stdin) into a NUL-terminated malloc'd buffer the
 * caller frees; *len gets the size without the NUL. On failure returns NULL
 * and prints "path: error: <strerror>" to diag. A file over MAX_BYTES (0:
 * the input limit) is refused with a message that names its size, the limit
 * and the option that raises it, before it is read when its size is known,
 * else (a pipe, a device) as soon as more than the limit has arrived. */
char *sup_read_file(const char *path, size_t *len, size_t max_bytes, FILE *diag);

/* The input limit: the most bytes any input file of the program may have
 * (default SUP_INPUT_LIMIT_DEFAULT), and the option that sets it, for the
 * messages ("--input-limit"). */
#define SUP_INPUT_LIMIT_DEFAULT (256ULL << 20)
void sup_set_input_limit(unsigned long long bytes, const char *option);
unsigned long long sup_input_limit(void);
/* "PATH[:LINE]: error: WHAT is larger than the input limit of N bytes
 * (OPTION=BYTES raises it)" for readers that stream their input. */
void sup_input_too_large(FILE *diag, const char *path, unsigned line, const char *what);
/* Formats a byte count for messages: "268435456 bytes (256M)". */
const char *sup_bytes(unsigned long long n, char *buf, size_t size);

/* ---- atomic output files ----------------------------------------------------
 * Writes go to a temporary file beside PATH that replaces PATH only on
 * sup_outfile_commit, so an interrupted or failed run never leaves a
 * truncated file in place of an old one. PATH NULL or "-" means stdout.
 * Pending temporaries are removed on SIGINT/SIGTERM/SIGHUP and at exit.
 * They are named PATH.lpnest-tmp.PID.XXXXXX; one left by a run that was
 * killed (SIGKILL) is removed by the next run writing PATH once no process
 * PID runs (and can be removed by hand: nothing else makes such names). */
struct sup_outfile {
    FILE *f;          /* where to write */
    char *path;       /* final path, NULL for stdout */
    char *tmp;        /* temporary path, NULL for stdout */
};
/* Returns 0, or -1 after printing "path: error: <strerror>" to diag. A
 * read-only PATH is refused (never replaced); a writable one keeps its
 * permissions; a new one gets 0666 less the umask, as the shell makes it. */
int sup_outfile_open(struct sup_outfile *o, const char *path, FILE *diag);
/* Flushes, closes and renames into place. Returns 0, or -1 with a message
 * (the temporary is removed and PATH is left as it was). */
int sup_outfile_commit(struct sup_outfile *o, FILE *diag);
/* Discards what was written; PATH is left as it was. Safe on a closed file. */
void sup_outfile_abort(struct sup_outfile *o);
/* After a write to o->f failed: "PATH: error: cannot write WHAT: <strerror
 * of errno>" ("<stdout>" for stdout), then sup_outfile_abort. */
void sup_outfile_fail(struct sup_outfile *o, const char *what, FILE *diag);
/* Removes every pending temporary (async-signal-safe: for a fatal path). */
void sup_outfile_remove_pending(void);

/* ---- isolated work ----------------------------------------------------------
 * isolate.c: runs WORK(ARG) in a forked child, so that a crash, a stack
 * overflow or a library's fatal error on a hostile input ends the child and
 * not the program. SETUP (may be NULL) runs first in the child (install a
 * library's fatal-error handler that calls sup_isolated_fail). WORK returns
 * its output (*LEN bytes) or NULL with *MSG (a message for the parent).
 * With CAPTURE_STDERR the child's stderr goes to r->message too. The child
 * dies with its parent. Returns true with r->text (malloc'd, NUL-terminated,
 * r->len bytes); false with r->signal (the signal that ended the child),
 * r->status (its exit status), r->out_of_memory, or r->system (no child
 * could be run: r->message says why). r->message (malloc'd, NUL-terminated,
 * possibly empty) is everything the child said; the caller frees both. */
typedef char *(*sup_isolated_fn)(void *arg, size_t *len, char **msg);
struct sup_isolated {
    char *text;
    size_t len;
    char *message;
    int signal, status;
    bool out_of_memory, system;
};
bool sup_isolated_run(sup_isolated_fn work, void *arg, void (*setup)(void), bool capture_stderr,
                      struct sup_isolated *r);
/* In the child: WHY to the parent on a line of its own (the last line of
 * r->message), then the child ends (status 3). */
void sup_isolated_fail(const char *why);
bool sup_in_isolated_child(void);

/* ---- command lines (LLVM style) ---------------------------------------------
 * sup_cli_value matches argv[*i] against NAME ("--target" or "-o") in the forms
 * "NAME=VALUE" and "NAME VALUE" (and "-oVALUE" for one-letter names). On a match
 * it stores the value, advances *i past what it used and returns 1; returns 0
 * when argv[*i] is another option; returns -1 (after printing
 * "PROG: error: option 'NAME' needs a value") when the value is missing. */
int sup_cli_value(int argc, char **argv, int *i, const char *name,
                  const char **value, const char *prog, FILE *diag);
/* Matches a flag without value ("--quiet"); returns true and advances *i. */
bool sup_cli_flag(char **argv, int *i, const char *name);

/* A table of options for sup_cli_parse. Each takes a value ("NAME VALUE",
 * "NAME=VALUE") except SUP_OPT_FLAG; a value that does not fit is reported
 * as "PROG: error: NAME needs NEED, found 'VALUE'". */
enum sup_opt_kind {
    SUP_OPT_STR,      /* const char **dest */
    SUP_OPT_DOUBLE,   /* double *dest, finite, in [lo, hi] (lo excluded if lo_open) */
    SUP_OPT_U64,      /* unsigned long long *dest (k/M/G suffixes: powers of 1024), in [lo, hi] */
    SUP_OPT_CHOICE,   /* int *dest: the value's index in choices (NULL-ended) */
    SUP_OPT_FLAG,     /* bool *dest = true */
    SUP_OPT_CALL,     /* call(ctx, value): 0, or non-zero after its own message */
    SUP_OPT_REST,     /* int *dest = index of the argument after it; parsing ends there ("--", "--version") */
    SUP_OPT_UNKNOWN,  /* no name: call(ctx, arg) reports an option that matched no entry
                         (non-zero); without such an entry, "unknown option 'ARG'" */
};
struct sup_opt {
    const char *name;             /* "--holdout" */
    const char *alias;            /* another spelling ("-p"), or NULL */
    enum sup_opt_kind kind;
    void *dest;
    double lo, hi;
    bool lo_open;
    const char *const *choices;
    const char *need;             /* what a value must be, for the message */
    int (*call)(void *ctx, const char *value);
    void *ctx;
};
/* Parses argv[first..argc) against the N options of OPT; the other
 * arguments are positional, stored in POS (at most MAXPOS, more is an
 * error). Returns 0, 1 when --help or -h was given (nothing else is
 * checked), 2 after a message on DIAG: an unknown option, a missing or
 * unfit value, too many arguments. */
int sup_cli_parse(int argc, char **argv, int first, const struct sup_opt *opt, size_t n, const char *prog,
                  const char **pos, size_t maxpos, size_t *npos, FILE *diag);

/* suggest.c: the word of CANDS (NULL-ended) within a typo's distance of
 * WORD, for "did you mean 'X'?"; NULL when none is close. */
const char *sup_closest(const char *word, const char *const *cands);

/* Parses a decimal unsigned integer with an optional k/M/G suffix (powers of
 * 1024, like every size and count suffix of lpnest and lpn: 8M = 8 MiB).
 * Returns false on anything else, including overflow. */
bool sup_parse_u64(const char *s, unsigned long long *out);

/* strdup that aborts on exhaustion (our own invariant, not an input error). */
char *sup_strdup(const char *s);
void *sup_xmalloc(size_t n);
void *sup_xcalloc(size_t n, size_t size);
void *sup_xrealloc(void *p, size_t n);

#endif
