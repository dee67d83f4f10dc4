/* strcompare.c — strcmp of strings built at run time (tests/estimator/strcpy_test.py): "abc"
 * with "abd" (2 leading characters equal), "hello" with "hello" (5), "" with "x" (0) */
int strcmp(const char *, const char *);
int printf(const char *, ...);
static char a[8], b[8];
static void fill(char *d, const char *s)
{
    volatile const char *v = s;
    int i = 0;
    for (; v[i]; i++)
        d[i] = v[i];
    d[i] = 0;
}
int main(void)
{
    static const char *const pairs[3][2] = {{"abc", "abd"}, {"hello", "hello"}, {"", "x"}};
    int below = 0, equal = 0;
    for (int k = 0; k < 3; k++) {
        fill(a, pairs[k][0]);
        fill(b, pairs[k][1]);
        int r = strcmp(a, b);
        below += r < 0;
        equal += r == 0;
    }
    printf("%d %d\n", below, equal);
    return 0;
}
