/* libcsubset.c — the <string.h>, <stdlib.h>, <ctype.h> and <math.h> functions embedded
 * code calls, checked against the target's own library: glibc natively, avr-libc on the
 * AVR (32-bit double). Transcendental results are printed to 4 decimals: libraries may
 * differ in their last bit. */
#include "bench.h"

void *memchr(const void *s, int c, size_t n);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *h, const char *n);
char *strncat(char *d, const char *s, size_t n);
size_t strspn(const char *s, const char *set);
size_t strcspn(const char *s, const char *set);
char *strpbrk(const char *s, const char *set);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
int atoi(const char *s);
int abs(int v);
long labs(long v);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
int isalnum(int c); int isalpha(int c); int iscntrl(int c); int isdigit(int c); int isgraph(int c);
int islower(int c); int isprint(int c); int ispunct(int c); int isspace(int c); int isupper(int c);
int isxdigit(int c); int tolower(int c); int toupper(int c);
double fabs(double x); double floor(double x); double ceil(double x); double sqrt(double x);
double fmod(double x, double y); double frexp(double x, int *e); double modf(double x, double *ip);
double sin(double x); double cos(double x); double tan(double x); double atan(double x);
double atan2(double y, double x); double acos(double x); double asin(double x); double exp(double x);
double log(double x); double log10(double x); double pow(double x, double y);

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static long fixed(double v) /* four decimals, rounded */
{
    return (long)(v * 10000 + (v < 0 ? -0.5 : 0.5));
}

static volatile double inputs[] = {0.5, -1.25, 3.0, 0.001, 12.75, -0.875};

int main(void)
{
    /* ctype over the ASCII range: one bit per class */
    int (*const cls[])(int) = {isalnum, isalpha, iscntrl, isdigit, isgraph, islower,
                               isprint, ispunct, isspace, isupper, isxdigit};
    uint32_t h = 0;
    for (int c = -1; c < 128; c++) {
        unsigned bits = 0;
        for (unsigned k = 0; k < sizeof cls / sizeof cls[0]; k++)
            bits |= (cls[k](c) != 0) << k;
        h = h * 31 + bits + (unsigned)tolower(c) * 7 + (unsigned)toupper(c);
    }
    printf("ctype %lx\n", (unsigned long)h);

    /* strings */
    char text[48] = "key=value; other = 42 ;";
    char *eq = strchr(text, '='), *last = strrchr(text, ';');
    printf("chr %d rchr %d str %d pbrk %d spn %d cspn %d\n", (int)(eq - text), (int)(last - text),
           (int)(strstr(text, "other") - text), (int)(strpbrk(text, " ;") - text), (int)strspn(text, "aeky"),
           (int)strcspn(text, ";"));
    printf("memchr %d ncmp %d %d\n", (int)((char *)memchr(text, 'v', sizeof text) - text), strncmp(text, "key=val", 7),
           strncmp("abc", "abd", 3) < 0);
    strncat(text, "tail-and-more", 4);
    printf("ncat %s\n", text);
    char *end;
    long v = strtol("  -0x1fz", &end, 0);
    unsigned long u = strtoul("777 rest", &end, 8);
    printf("strtol %ld strtoul %lu end '%s' atoi %d abs %d labs %ld\n", v, u, end, atoi(" +123x"), abs(-7),
           labs(-100000L));

    /* sorting and searching */
    int a[16];
    uint32_t s = 99;
    for (int i = 0; i < 16; i++)
        a[i] = (int)(bench_rand(&s) % 1000) - 500;
    qsort(a, 16, sizeof a[0], cmp_int);
    int key = a[11], *found = bsearch(&key, a, 16, sizeof a[0], cmp_int);
    printf("sorted %d %d %d found %d\n", a[0], a[7], a[15], found ? (int)(found - a) : -1);

    /* math */
    for (unsigned i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        double x = inputs[i], ip;
        int e;
        double m = frexp(x, &e), f = modf(x, &ip);
        printf("%ld: fabs %ld floor %ld ceil %ld sqrt %ld fmod %ld frexp %ld %d modf %ld %ld\n", fixed(x),
               fixed(fabs(x)), fixed(floor(x)), fixed(ceil(x)), fixed(sqrt(fabs(x))), fixed(fmod(x, 0.75)),
               fixed(m), e, fixed(f), fixed(ip));
        printf("  sin %ld cos %ld tan %ld atan %ld atan2 %ld exp %ld log %ld log10 %ld pow %ld", fixed(sin(x)),
               fixed(cos(x)), fixed(tan(x)), fixed(atan(x)), fixed(atan2(x, 0.5)), fixed(exp(x / 4)),
               fixed(log(fabs(x))), fixed(log10(fabs(x))), fixed(pow(fabs(x), 1.5)));
        if (fabs(x) <= 1)
            printf(" acos %ld asin %ld", fixed(acos(x)), fixed(asin(x)));
        putchar('\n');
    }
    return 0;
}
