/* strcopy.c — strcpy over sources of 0..72 characters, the source and the destination at
 * every alignment (issue 15: every C library call priced from its path). lpnest runs the
 * target's strcpy on each call's strings (or prices it by the length of its source), so
 * the whole binary's count follows the reference's without --allow-unpriced. */
#include "bench.h"

static char text[96], dst[96];

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 2);
    for (int i = 0; i < 80; i++)
        text[i] = (char)('a' + (i * 7) % 26);
    text[80] = 0;
    uint32_t check = 0;
    for (long rep = 0; rep < reps; rep++)
        for (int len = 0; len <= 72; len += 3)
            for (int at = 0; at < 4; at++) {
                char *d = strcpy(dst + at + (int)rep, text + 80 - len); /* len characters and the NUL */
                for (int i = 0; d[i]; i++)
                    check = check * 31u + (unsigned char)d[i];
                check += (uint32_t)(d - dst);
            }
    printf("strcopy: reps=%ld check %08lx\n", reps, (unsigned long)check);
    return 0;
}
