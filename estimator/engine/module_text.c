/* module_text.c — textual IR checked before LLVM's parser reads it, and
 * places in a module's text for messages.
 *
 * LLVM's .ll parser is not written for hostile input: some inputs crash it
 * or overflow its stack. lpnest parses textual IR in a child process
 * (module.c), so these end the child, not lpnest; this check gives the
 * known ones a located message instead of "the parser crashed":
 *  - numbered values (%N, @N) whose number is 2^32-2 or more (or wraps to
 *    it): LLVM 19 keeps numbered values in a DenseMap whose empty and
 *    tombstone keys are ~0U and ~0U-1, and looking one of them up reads a
 *    garbage bucket (fuzz2/crash: min_id32.ll, min_bigid.ll);
 *  - numeric literals of thousands of digits: the decimal-to-float
 *    conversion overflows the stack at about 35,000 digits
 *    (longdouble_literal.ll); no producer writes more than a few dozen;
 *  - brackets nested thousands deep: the parser recurses once per level;
 *  - a string attribute with a NUL byte (raw or "\00"): LLVM parses it but writes
 *    bitcode it cannot read back (attribute strings end with a NUL), and
 *    lpnest reads the child's module as bitcode (fuzz2/garbage).
 * The scan skips comments and strings as LLVM's lexer does. */
#include "module_text.h"
#include "support.h"

#include <ctype.h>
#include <string.h>

#define MAX_LITERAL 1000      /* characters of one numeric literal */
#define MAX_NESTING 1000      /* (, [, {, < open at once */
#define MAX_ID 0xFFFFFFFDULL  /* the largest numbered value LLVM can look up */

static bool ident_char(unsigned char c) { return isalnum(c) || c == '_' || c == '.' || c == '$' || c == '-'; }

bool eng_ir_text_check(const char *path, const char *s, size_t n, FILE *diag)
{
    unsigned line = 1;
    size_t bol = 0; /* offset of the line's first byte */
    unsigned depth = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        unsigned col = (unsigned)(i - bol) + 1;
        if (c == '\n') {
            line++;
            bol = ++i;
            continue;
        }
        if (c == ';') {
            while (i < n && s[i] != '\n')
                i++;
            continue;
        }
        if (c == '"') {
            /* a string attribute ("key"="value") cannot hold a NUL byte:
             * bitcode ends attribute strings with one */
            bool attr = i > 0 && s[i - 1] == '=';
            size_t nul = 0;
            unsigned nul_line = 0, nul_col = 0;
            for (i++; i < n && s[i] != '"'; i++) {
                if (s[i] == '\n')
                    line++, bol = i + 1;
                if (!nul && (s[i] == '\0' || (s[i] == '\\' && i + 2 < n && s[i + 1] == '0' && s[i + 2] == '0')))
                    nul = i, nul_line = line, nul_col = (unsigned)(i - bol) + 1;
            }
            attr |= i + 1 < n && s[i + 1] == '=';
            if (nul && attr) {
                sup_diag(diag, path, nul_line, nul_col, "error", "a string attribute holds a NUL byte, which LLVM "
                         "cannot carry in bitcode");
                return false;
            }
            i++;
            continue;
        }
        if ((c == '%' || c == '@' || c == '!' || c == '#' || c == '^') && i + 1 < n && isdigit((unsigned char)s[i + 1])) {
            size_t j = i + 1;
            unsigned long long v = 0;
            bool big = false;
            while (j < n && isdigit((unsigned char)s[j])) {
                unsigned d = (unsigned)(s[j] - '0');
                if (v > (MAX_ID - d) / 10)
                    big = true;
                else
                    v = v * 10 + d;
                j++;
            }
            if (big || v > MAX_ID) {
                sup_diag(diag, path, line, col, "error", "the number of '%.*s' is out of range (LLVM's parser takes "
                         "numbers up to %llu)", (int)(j - i > 40 ? 40 : j - i), s + i, MAX_ID);
                return false;
            }
            i = j;
            continue;
        }
        bool starts_number = isdigit(c) || (c == '-' && i + 1 < n && isdigit((unsigned char)s[i + 1]));
        if (starts_number && (i == 0 || !ident_char((unsigned char)s[i - 1]))) {
            size_t j = i + 1;
            while (j < n && (isalnum((unsigned char)s[j]) || s[j] == '.' || s[j] == '+' || s[j] == '-' || s[j] == '_'))
                j++;
            if (j - i > MAX_LITERAL) {
                sup_diag(diag, path, line, col, "error", "a numeric literal of %zu characters (lpnest takes at most %d: "
                         "LLVM's parser runs out of stack on long ones)", j - i, MAX_LITERAL);
                return false;
            }
            i = j;
            continue;
        }
        if (ident_char(c)) { /* a keyword or a name: digits in it start no number */
            while (i < n && ident_char((unsigned char)s[i]))
                i++;
            continue;
        }
        if (c == '(' || c == '[' || c == '{' || c == '<') {
            if (++depth > MAX_NESTING) {
                sup_diag(diag, path, line, col, "error", "brackets nested more than %d deep (LLVM's parser runs out "
                         "of stack on deep nesting)", MAX_NESTING);
                return false;
            }
        } else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth) {
            depth--;
        }
        i++;
    }
    return true;
}

bool eng_text_find(const char *s, size_t n, const char *needle, unsigned *line, unsigned *col)
{
    size_t k = strlen(needle);
    if (!k || k > n)
        return false;
    unsigned ln = 1;
    size_t bol = 0;
    for (size_t i = 0; i + k <= n; i++) {
        if (s[i] == '\n') {
            ln++;
            bol = i + 1;
            continue;
        }
        if (s[i] == needle[0] && !memcmp(s + i, needle, k)) {
            *line = ln;
            *col = (unsigned)(i - bol) + 1;
            return true;
        }
    }
    return false;
}
