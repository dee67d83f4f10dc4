/* escape.c — input bytes made safe to print in a message: what a terminal
 * would act on (control characters, escape sequences, bidirectional
 * overrides) and bytes that are not UTF-8 are written as visible escapes,
 * so a CSV cell, a place name or a file name cannot retitle, recolour or
 * reorder the user's terminal, and every message is valid UTF-8. */
#include "support.h"

#include <string.h>

/* Code points a terminal or a text renderer acts on instead of showing:
 * C1 controls, and the bidirectional marks and overrides ("Trojan Source"). */
static bool invisible(unsigned cp)
{
    return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || cp == 0x200e || cp == 0x200f ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* Length of the well-formed UTF-8 sequence at S (at most N bytes) and its
 * code point, or 0 when the bytes there are not UTF-8 (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_seq(const unsigned char *s, size_t n, unsigned *cp)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c < 0x80)
        return *cp = c, 1;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, min = 0x80, c &= 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, min = 0x800, c &= 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, min = 0x10000, c &= 0x07;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

size_t sup_utf8_char(const char *s, size_t n)
{
    unsigned cp;
    return n ? utf8_seq((const unsigned char *)s, n, &cp) : 0;
}

void sup_write_escaped(FILE *out, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        /* the longest run that needs no escape goes out in one write */
        size_t j = i;
        unsigned cp = 0;
        size_t len = 0;
        while (j < n) {
            len = utf8_seq(u + j, n - j, &cp);
            if (!len || (cp < 0x20 && cp != '\t') || cp == 0x7f || invisible(cp))
                break;
            j += len;
        }
        if (j > i)
            fwrite(s + i, 1, j - i, out);
        if (j >= n)
            break;
        if (!len) { /* not UTF-8: the byte itself */
            fprintf(out, "\\x%02x", u[j]);
            i = j + 1;
        } else if (cp == '\n') {
            fputs("\\n", out);
            i = j + 1;
        } else if (cp == '\r') {
            fputs("\\r", out);
            i = j + 1;
        } else if (cp < 0x80) {
            fprintf(out, "\\x%02x", cp);
            i = j + 1;
        } else {
            fprintf(out, "\\u%04X", cp);
            i = j + len;
        }
    }
}

void sup_fputs_escaped(FILE *out, const char *s)
{
    if (s)
        sup_write_escaped(out, s, strlen(s));
}
