/* glob.c — a shell-style glob matcher (*, ?, [a-z], [!x], backslash escapes) written the
 * iterative way with one backtrack point, a recursive regular-expression matcher
 * (^ $ . * + ? and character classes), and a switch on characters; each is checked
 * against the other on patterns both can express. */
#include "bench.h"

static int class_match(const char **pp, char c)
{
    const char *p = *pp; /* just after '[' */
    int neg = 0, hit = 0;
    if (*p == '!' || *p == '^') {
        neg = 1;
        p++;
    }
    do {
        char lo = *p++, hi = lo;
        if (lo == '\\' && *p)
            lo = hi = *p++;
        if (*p == '-' && p[1] && p[1] != ']') {
            hi = p[1];
            p += 2;
        }
        if (c >= lo && c <= hi)
            hit = 1;
    } while (*p && *p != ']');
    if (*p == ']')
        p++;
    *pp = p;
    return hit != neg;
}

static int glob(const char *pat, const char *s)
{
    const char *star_p = 0, *star_s = 0;
    while (*s) {
        const char *p = pat;
        switch (*p) {
        case '*':
            star_p = ++pat;
            star_s = s;
            continue;
        case '?':
            pat++;
            s++;
            continue;
        case '[':
            p++;
            if (class_match(&p, *s)) {
                pat = p;
                s++;
                continue;
            }
            break;
        case '\\':
            if (p[1] == *s) {
                pat += 2;
                s++;
                continue;
            }
            break;
        default:
            if (*p == *s) {
                pat++;
                s++;
                continue;
            }
        }
        if (!star_p)
            return 0;
        pat = star_p;
        s = ++star_s;
    }
    while (*pat == '*')
        pat++;
    return *pat == 0;
}

/* regular expressions: a term is one char, '.', or a [class]; it may be followed by * + ? */
static const char *term_end(const char *re)
{
    if (*re == '[') {
        re++;
        if (*re == '^')
            re++;
        do
            re++;
        while (*re && *re != ']');
        return *re ? re + 1 : re;
    }
    return re + (re[0] == '\\' && re[1] ? 2 : 1);
}

static int term_match(const char *re, char c)
{
    if (!c)
        return 0;
    switch (*re) {
    case '.':
        return 1;
    case '[': {
        const char *p = re + 1;
        if (*p == '^') {
            p++;
            return !class_match(&p, c);
        }
        return class_match(&p, c);
    }
    case '\\':
        return re[1] == c;
    default:
        return *re == c;
    }
}

static int match_here(const char *re, const char *s);

static int match_star(const char *t, const char *rest, const char *s, int min)
{
    int n = 0;
    while (term_match(t, s[n]))
        n++;
    for (; n >= min; n--) /* greedy, then give back */
        if (match_here(rest, s + n))
            return 1;
    return 0;
}

static int match_here(const char *re, const char *s)
{
    if (!*re)
        return 1;
    if (re[0] == '$' && !re[1])
        return !*s;
    const char *e = term_end(re);
    switch (*e) {
    case '*':
        return match_star(re, e + 1, s, 0);
    case '+':
        return match_star(re, e + 1, s, 1);
    case '?':
        if (term_match(re, *s) && match_here(e + 1, s + 1))
            return 1;
        return match_here(e + 1, s);
    }
    return term_match(re, *s) && match_here(e, s + 1);
}

static int regex(const char *re, const char *s)
{
    if (*re == '^')
        return match_here(re + 1, s);
    do
        if (match_here(re, s))
            return 1;
    while (*s++);
    return 0;
}

/* a glob with no escapes as an anchored regular expression */
static void glob_to_re(const char *g, char *out)
{
    *out++ = '^';
    for (; *g; g++) {
        switch (*g) {
        case '*': *out++ = '.'; *out++ = '*'; break;
        case '?': *out++ = '.'; break;
        case '[':
            *out++ = *g++;
            if (*g == '!') {
                *out++ = '^';
                g++;
            }
            while (*g && *g != ']')
                *out++ = *g++;
            *out++ = ']';
            break;
        case '.': case '+': case '$': case '^':
            *out++ = '\\';
            /* fall through */
        default:
            *out++ = *g;
        }
    }
    *out++ = '$';
    *out = 0;
}

static const char *const pats[] = {
    "*.c", "a*b*c", "?at", "[a-c]*", "*[!0-9]", "file??.txt", "*x*y*z*", "[!a]*[0-9]", "h*o w*d", "*",
    "*a*a*a*a*b",
};
static const char *const words[] = {
    "main.c", "abc", "aXbYc", "cat", "bat", "at", "file01.txt", "file1.txt", "zebra9", "xyz", "axbycz",
    "hello world", "aaaaaaaaab", "aaaaaaaaaa", "", "c", "b7", "a7", "q",
};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 3);
    uint32_t sum = 0;
    int np = (int)(sizeof pats / sizeof pats[0]), nw = (int)(sizeof words / sizeof words[0]);
    char re[64];
    for (long r = 0; r < reps; r++) {
        for (int i = 0; i < np; i++) {
            glob_to_re(pats[i], re);
            for (int j = 0; j < nw; j++) {
                int g = glob(pats[i], words[j]), x = regex(re, words[j]);
                if (g != x) {
                    printf("pattern %s word '%s': glob %d regex %d\n", pats[i], words[j], g, x);
                    return bench_fail("glob and regex disagree");
                }
                sum = sum * 3 + (uint32_t)g + (uint32_t)(i ^ j);
            }
        }
        /* regex-only features */
        sum += (uint32_t)regex("ab+c?d", "xxabbbdyy") * 5 + (uint32_t)regex("^[0-9]+$", "12a3") * 7 +
               (uint32_t)regex("colou?r", "my color") * 11 + (uint32_t)regex("\\.c$", "x.c") * 13 +
               (uint32_t)glob("\\*lit", "*lit") * 17;
    }
    printf("glob: %d patterns x %d words, checksum %08lx\n", np, nw, (unsigned long)sum);
    return 0;
}
