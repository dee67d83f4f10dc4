/* sandbox.c — opens argv[1] with mode argv[2] (default "r"): writes a line
 * or prints the first line read; exit 3 when fopen returns NULL. */
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    const char *mode = argc > 2 ? argv[2] : "r";
    FILE *f = fopen(argv[1], mode);
    if (!f) {
        printf("cannot open %s\n", argv[1]);
        return 3;
    }
    if (strchr(mode, 'w')) {
        fputs("written\n", f);
        fclose(f);
        return 0;
    }
    char buf[64] = "";
    fgets(buf, sizeof buf, f);
    fclose(f);
    printf("%s", buf);
    return 0;
}
