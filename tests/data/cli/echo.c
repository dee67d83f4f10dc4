/* Prints its arguments and stdin's first line; exits with argc. */
int printf(const char *, ...);
char *fgets(char *, int, void *);
extern void *stdin;
int main(int argc, char **argv)
{
    char line[64];
    for (int i = 1; i < argc; i++)
        printf("%d:%s\n", i, argv[i]);
    if (fgets(line, sizeof line, stdin))
        printf("in:%s", line);
    return argc;
}
