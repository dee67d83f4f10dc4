/* app.c — the program of tests/plugin/data/cmake. */
#include <stdio.h>

unsigned checksum(const unsigned char *p, unsigned n);

int main(void)
{
    static const unsigned char msg[] = "lpnest";
    printf("%u\n", checksum(msg, sizeof msg - 1));
    return 0;
}
