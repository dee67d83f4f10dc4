/* callcost.c — one runtime call site whose calls cost different amounts (inclusive_test.py):
 * copy() is called once from big() on 4000 bytes and 100 times from small() on one byte,
 * so memcpy's site in copy() costs its callers very different amounts per call. With one
 * argument only small() runs, with two only big(). */
typedef __SIZE_TYPE__ size_t;
void *memcpy(void *d, const void *s, size_t n);

static char dst[4096], src[4096];

__attribute__((noinline)) void copy(size_t n)
{
    memcpy(dst, src, n);
}

__attribute__((noinline)) void big(void)
{
    copy(4000);
}

__attribute__((noinline)) void small(void)
{
    for (int i = 0; i < 100; i++)
        copy(1 + (size_t)(src[i] & 0));
}

int main(int argc, char **argv)
{
    (void)argv;
    src[0] = 1;
    if (argc != 2)
        big();
    if (argc != 3)
        small();
    return dst[0] - 1;
}
