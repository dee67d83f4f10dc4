/* strcopy.c — strcpy of strings of 0, 5 and 12 characters built at run time (tests/estimator/strcpy_test.py) */
char *strcpy(char *, const char *);
int printf(const char *, ...);
static char src[16], dst[16];
int main(void)
{
    int lens[3] = {0, 5, 12}, sum = 0;
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < lens[k]; i++)
            src[i] = (char)('a' + i);
        src[lens[k]] = 0;
        sum += strcpy(dst + k, src)[0];
    }
    printf("%d\n", sum);
    return 0;
}
