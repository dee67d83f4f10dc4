/* app.c — a host program for plugin/README.md: PGO and instrumented runs. */
#include <stdio.h>
#include <stdlib.h>

static unsigned checksum(const unsigned char *p, int n)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++) {
        if (p[i] & 1)
            h = (h ^ p[i]) * 16777619u;
        else
            h += p[i] << (i & 7);
    }
    return h;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    unsigned char *buf = malloc((size_t)n);
    for (int i = 0; i < n; i++)
        buf[i] = (unsigned char)(i * 7 + 3);
    unsigned h = 0;
    for (int round = 0; round < 20; round++)
        h ^= checksum(buf, n - round);
    printf("%08x\n", h);
    free(buf);
    return 0;
}
