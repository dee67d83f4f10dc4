/* cli.c — LLVM-style option matching ("--name=value", "--name value", "-oFILE"). */
#include "support.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int sup_cli_value(int argc, char **argv, int *i, const char *name,
                  const char **value, const char *prog, FILE *diag)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        *i += 1;
        return 1;
    }
    if (a[n] == '\0') {
        if (*i + 1 >= argc) {
            sup_diag(diag, prog, 0, 0, "error", "option '%s' needs a value", name);
            return -1;
        }
        *value = argv[*i + 1];
        *i += 2;
        return 1;
    }
    /* "-oFILE": only for one-letter options */
    if (n == 2 && name[0] == '-' && name[1] != '-') {
        *value = a + n;
        *i += 1;
        return 1;
    }
    return 0;
}

bool sup_cli_flag(char **argv, int *i, const char *name)
{
    if (strcmp(argv[*i], name) != 0)
        return false;
    *i += 1;
    return true;
}

bool sup_parse_u64(const char *s, unsigned long long *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return false;
    unsigned long long mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1000ULL, end++;
    else if (*end == 'M')
        mul = 1000000ULL, end++;
    else if (*end == 'G')
        mul = 1000000000ULL, end++;
    if (*end)
        return false;
    if (v > ~0ULL / mul)
        return false;
    *out = v * mul;
    return true;
}
