/* support.h — small shared services for every lpnest module: diagnostics,
 * whole-file reading, atomic output files, LLVM-style option matching.
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
 * ("file: error: ..."); a NULL file prints only "KIND: message". */
void sup_diag(FILE *out, const char *file, unsigned line, unsigned col,
              const char *kind, const char *fmt, ...) SUP_PRINTF(6, 7);
void sup_vdiag(FILE *out, const char *file, unsigned line, unsigned col,
               const char *kind, const char *fmt, va_list ap);

/* ---- whole files ------------------------------------------------------------
 * Reads all of PATH ("-" is stdin) into a NUL-terminated malloc'd buffer the
 * caller frees; *len gets the size without the NUL. On failure returns NULL
 * and prints "path: error: <strerror>" to diag. Files over max_bytes (0: no
 * limit) are refused with a message. */
char *sup_read_file(const char *path, size_t *len, size_t max_bytes, FILE *diag);

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
/* Returns 0, or -1 after printing "path: error: <strerror>" to diag. */
int sup_outfile_open(struct sup_outfile *o, const char *path, FILE *diag);
/* Flushes, closes and renames into place. Returns 0, or -1 with a message
 * (the temporary is removed and PATH is left as it was). */
int sup_outfile_commit(struct sup_outfile *o, FILE *diag);
/* Discards what was written; PATH is left as it was. Safe on a closed file. */
void sup_outfile_abort(struct sup_outfile *o);
/* After a write to o->f failed: "PATH: error: cannot write WHAT: <strerror
 * of errno>" ("<stdout>" for stdout), then sup_outfile_abort. */
void sup_outfile_fail(struct sup_outfile *o, const char *what, FILE *diag);

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
