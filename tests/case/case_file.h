/* case_file.h — the data files of the per-layer unit tests (tests/lower,
 * tests/cost, tests/offload): each file keeps its input and, in lines
 * "# expect: ...", the result it must give. Other lines "# KEY: VALUE" are
 * directives the test reads (the ISA, counts, arguments...). The text handed
 * to the code under test is the file with those lines blanked, so line
 * numbers stay those of the file whatever its comment character.
 *
 * A test turns what the code computed into lines of the same form as the
 * expectations ("observed" lines); the case passes when the observed lines
 * are the expected ones, in order. case_mutants() then checks that the
 * comparison cannot pass by accident: every expectation with a number in it,
 * changed by one, must make the case fail. */
#ifndef LPNEST_TEST_CASE_FILE_H
#define LPNEST_TEST_CASE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct case_line {
    char *key;          /* directive name ("isa"), or "expect" */
    char *value;        /* the rest of the line, trimmed */
    unsigned line;      /* 1-based line in the file */
};

struct case_file {
    char *path;
    char *text;         /* the file, directive and expectation lines blanked */
    struct case_line *lines;
    size_t nlines;
};

/* Reads PATH; false after a message on stderr. */
bool case_read(const char *path, struct case_file *cf);
void case_free(struct case_file *cf);
/* The value of directive KEY (the first one), or NULL. */
const char *case_get(const struct case_file *cf, const char *key);
/* The path of NAME in the folder of CF's file, in OUT (N bytes). */
void case_sibling(const struct case_file *cf, const char *name, char *out, size_t n);
/* The number of expectations. */
size_t case_nexpect(const struct case_file *cf);

/* Observed lines, collected by the test. */
struct case_out {
    char **line;
    size_t n, cap;
};
void case_printf(struct case_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void case_out_free(struct case_out *o);
/* Compares O with CF's expectations; on a difference prints both (to ERR,
 * when not NULL) and returns false. */
bool case_compare(const struct case_file *cf, const struct case_out *o, FILE *err);

/* The names of the files in DIR ending in SUFFIX, sorted (free with case_names_free). */
size_t case_names(const char *dir, const char *suffix, char ***names);
void case_names_free(char **names, size_t n);

/* Runs RUN (which fills O from CF and returns false when the case cannot be
 * run) on every file; fails (returns the number of failing files) when a file
 * has no expectation, does not match, or when a mutant of one of its
 * expectations (its first number plus one) still matches. */
typedef bool (*case_run_fn)(const struct case_file *cf, struct case_out *o, FILE *err);
int case_check_dir(const char *dir, const char *suffix, case_run_fn run, size_t min_files);

/* A kind of case file: its suffix, how to run it, how many the folder holds at least. */
struct case_kind {
    const char *suffix;
    case_run_fn run;
    size_t min_files;
};
/* The drivers' main: every kind in DIR, or in ARGV[1] when given (another
 * folder, for the check that a wrong expectation fails: there one file of
 * some kind is enough). Returns the exit status. */
int case_main(int argc, char **argv, const char *dir, const struct case_kind *kinds, size_t nkinds);

/* The ISA description "# isa: NAME" names: ISA_DIR/NAME.yaml, or NAME beside
 * the file when it ends in ".yaml"; false (after a message) without one. */
bool case_isa_path(const struct case_file *cf, const char *isa_dir, char *out, size_t n, FILE *err);

#endif
