/* libc_prog.c — a program written against a C library's own headers, as
 * embedded programs are: picolibc's (Debian's picolibc-riscv64-unknown-elf)
 * or newlib's (libnewlib-dev). Their <ctype.h> macros index the library's
 * class table, <math.h>'s classification calls __fpclassifyd & co, errno
 * lives where the library keeps it, stdout is the library's FILE. The test
 * (run_libc.py) runs it under qemu-riscv32, linked with picolibc, and with
 * lpnest from the same bitcode: every line must be the same. Only results
 * that are exact in IEEE arithmetic are printed (no libm rounding). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void classes(void)
{
    unsigned sums[12] = {0};
    for (int c = 0; c < 256; c++) {
        int k = 0;
        sums[k++] += isalnum(c) ? (unsigned)c : 0;
        sums[k++] += isalpha(c) ? (unsigned)c : 0;
        sums[k++] += iscntrl(c) ? (unsigned)c : 0;
        sums[k++] += isdigit(c) ? (unsigned)c : 0;
        sums[k++] += isgraph(c) ? (unsigned)c : 0;
        sums[k++] += islower(c) ? (unsigned)c : 0;
        sums[k++] += isprint(c) ? (unsigned)c : 0;
        sums[k++] += ispunct(c) ? (unsigned)c : 0;
        sums[k++] += isspace(c) ? (unsigned)c : 0;
        sums[k++] += isupper(c) ? (unsigned)c : 0;
        sums[k++] += isxdigit(c) ? (unsigned)c : 0;
        sums[k++] += (unsigned)(tolower(c) ^ toupper(c));
    }
    printf("ctype:");
    for (int k = 0; k < 12; k++)
        printf(" %u", sums[k]);
    /* the functions too, not the macros */
    printf(" | %d %d %c%c\n", (isdigit)('7') != 0, (isspace)('x') != 0, (toupper)('q'), (tolower)('Q'));
}

static void scanning(void)
{
    const char *lines[] = {
        "12 -7 0x1f 017 abc 3.5e2",
        "  +42xyz",
        "width: 123456 tail",
        "1,2;3",
        "  ",
        "nan inf -0.0 1e-5",
        "[key=value]",
        "-12345678901",
    };
    int i1 = 0, i2 = 0, i3 = 0, i4 = 0, n = 0;
    char w[16] = "", t[16] = "";
    double d1 = 0, d2 = 0, d3 = 0, d4 = 0;
    float f = 0;
    int r = sscanf(lines[0], "%d %i %x %o %3s %lf%n", &i1, &i2, &i3, &i4, w, &d1, &n);
    printf("scan0 %d: %d %d %d %d %s %.1f n=%d\n", r, i1, i2, i3, i4, w, d1, n);
    r = sscanf(lines[1], "%d%3c", &i1, t);
    t[3] = 0;
    printf("scan1 %d: %d %s\n", r, i1, t);
    r = sscanf(lines[2], "width: %3d%2d %s", &i1, &i2, w);
    printf("scan2 %d: %d %d %s\n", r, i1, i2, w);
    r = sscanf(lines[3], "%d,%d;%d", &i1, &i2, &i3);
    printf("scan3 %d: %d %d %d\n", r, i1, i2, i3);
    r = sscanf(lines[4], "%d", &i1);
    printf("scan4 %d\n", r);
    r = sscanf(lines[5], "%lf %lf %lf %f", &d2, &d3, &d4, &f);
    printf("scan5 %d: %d %d %d %g\n", r, isnan(d2) != 0, isinf(d3) != 0, signbit(d4) != 0, (double)f);
    r = sscanf(lines[6], "[%15[^=]=%15[^]]]", w, t);
    printf("scan6 %d: %s %s\n", r, w, t);
    long long big = 0;
    unsigned char small = 0;
    short s = 0;
    r = sscanf(lines[7], "%lld", &big);
    int r2 = sscanf("300 -2", "%hhu %hd", &small, &s);
    printf("scan7 %d %lld %d %u %d\n", r, big, r2, small, s);
    r = sscanf("abc", "%*s%n", &n);
    printf("scan8 %d n=%d; mismatch %d\n", r, n, sscanf("x1", "%d", &i1));
}

static void numbers(void)
{
    double v[] = {0.0, -0.0, 1.5, 1e-310, HUGE_VAL, -HUGE_VAL, NAN};
    for (int i = 0; i < 7; i++)
        printf("fp %d: class %d nan %d inf %d finite %d normal %d sign %d\n", i, fpclassify(v[i]), isnan(v[i]) != 0,
               isinf(v[i]) != 0, isfinite(v[i]) != 0, isnormal(v[i]) != 0, signbit(v[i]) != 0);
    float fv[] = {1e-40f, 3.0f, -INFINITY};
    for (int i = 0; i < 3; i++)
        printf("fpf %d: class %d inf %d\n", i, fpclassify(fv[i]), isinf(fv[i]) != 0);
    printf("exact: %.17g %.1f %.1f %.1f %.3f %.1f\n", sqrt(2.0), floor(-2.5), ceil(-2.5), fabs(-3.25), fmod(7.5, 2.0),
           pow(2.0, 20));
    errno = 0;
    long l = strtol("99999999999999999999", NULL, 10);
    int e1 = errno == ERANGE;
    errno = 0;
    unsigned long ul = strtoul("4294967296", NULL, 10);
    int e2 = errno == ERANGE;
    errno = 0;
    double h = strtod("1e999", NULL);
    int e3 = errno == ERANGE;
    char *end;
    long hx = strtol("  -0x7fz", &end, 16);
    printf("strto: %ld %d %lu %d %d %d %ld rest=%s %d %ld\n", l, e1, ul, e2, isinf(h) != 0, e3, hx, end, atoi("  19x"),
           labs(-123456L));
    int arr[] = {9, -3, 27, 0, 14, -3, 8};
    qsort(arr, 7, sizeof arr[0], by_value);
    int key = 14;
    int *hit = bsearch(&key, arr, 7, sizeof arr[0], by_value);
    printf("sorted:");
    for (int i = 0; i < 7; i++)
        printf(" %d", arr[i]);
    printf(" found at %d\n", hit ? (int)(hit - arr) : -1);
}

static void strings(void)
{
    char buf[96];
    int n = snprintf(buf, sizeof buf, "[%5d|%-5d|%05.1f|%e|%g|%x|%o|%c|%.3s]", 42, -7, 3.14159, 12345.678, 0.0001,
                     48879, 8, 'Z', "abcdef");
    printf("%d %s\n", n, buf);
    char a[64] = "alpha";
    strcat(a, "-beta");
    strncat(a, "-gamma-delta", 6);
    char copy[64];
    strcpy(copy, a);
    strncpy(copy + 2, "XY", 2);
    printf("%s %s %zu %d %d %d\n", a, copy, strlen(a), strcmp(a, copy) > 0, strncmp(a, "alphaX", 5),
           strcasecmp("HeLLo", "hello"));
    printf("%s %s %s %zu %zu %s\n", strchr(a, 'b'), strrchr(a, 'a'), strstr(a, "gam"), strspn(a, "lahp"),
           strcspn(a, "-"), strpbrk(a, "mg"));
    char toks[] = "one, two,,three ;four";
    printf("tokens:");
    for (char *tk = strtok(toks, " ,;"); tk; tk = strtok(NULL, " ,;"))
        printf(" <%s>", tk);
    printf("\n");
    unsigned char mem[16];
    memset(mem, 0xA5, sizeof mem);
    memcpy(mem + 2, "hello", 5);
    memmove(mem + 4, mem + 2, 5);
    printf("mem %d %d %p %02x%02x%02x\n", memcmp(mem, mem + 1, 1), mem[6], (void *)(memchr(mem, 'o', 16) != NULL),
           mem[4], mem[8], mem[15]);
    char *heap = malloc(8);
    strcpy(heap, "grow");
    heap = realloc(heap, 32);
    strcat(heap, "n up");
    int *zeros = calloc(4, sizeof *zeros);
    printf("heap %s %d\n", heap, zeros[0] + zeros[3]);
    free(heap);
    free(zeros);
    puts("puts line");
    fputs("fputs line\n", stdout);
    putchar('#');
    putchar('\n');
}

int main(void)
{
    classes();
    scanning();
    numbers();
    strings();
    return 3;
}
