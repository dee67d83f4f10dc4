/* tests/exact: calls of the module's own memcmp (memfuncs.c, linked apart) with a small
 * constant size, whose result is only compared with 0: code generation expands them
 * inline (ExpandMemCmp: loads and compares), the board never calls memcmp. The old binary
 * ran memcmp's body for them: its blocks counted, marked exact, where the board has none.
 * A call with a size the expansion does not take stays a call. */
typedef __SIZE_TYPE__ size_t;
int memcmp(const void *, const void *, size_t);

char text[96] = "(?i)abc(?s)def(?x)ghi(?i)jkl";

__attribute__((noinline)) int flag_at(const char *p)
{
    return memcmp(p, "(?i)", 4) == 0;
}

__attribute__((noinline)) int order(const char *p, const char *q, size_t n)
{
    return memcmp(p, q, n) < 0;
}

int main(void)
{
    int n = 0;
    for (int i = 0; i < 40; i++)
        n += flag_at(text + (i % 29));
    for (int i = 0; i < 12; i++)
        n += order(text + i, text + 2 * i, (size_t)(i + 1));
    return n == 3 ? 0 : 1;
}
