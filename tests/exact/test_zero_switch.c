/* tests/exact: a loop that stops at the end of a string or at a '=' (foreign codec.c's
 * base64 decoder, `for (; *s && *s != '='; s++)`): LLVM makes the two tests a switch on
 * the character, which the x86-64 back end lowers to "testl %r8d, %r8d; je" then
 * "cmpl $61, %r8d; je". The old binary looked for a "cmp" in the tree's first block to
 * find the register holding the switch's value, found none (a "test" compares with 0)
 * and estimated both branches. */
static const char *const texts[] = {
    "SGVsbG8sIHdvcmxkIQ==", "YWJj", "", "=", "TWFu", "bGlnaHQgd29yay4=", "c3VyZS4", "QQ==QQ==",
};

__attribute__((noinline)) static long weigh(const char *s)
{
    long w = 0;
    for (; *s && *s != '='; s++)
        w = w * 3 + (unsigned char)*s;
    return w;
}

int main(void)
{
    unsigned long sum = 0;
    for (int r = 0; r < 4; r++)
        for (unsigned i = 0; i < sizeof texts / sizeof *texts; i++)
            sum = sum * 31 + (unsigned long)weigh(texts[i] + (r & 1 && texts[i][0]));
    return (int)(sum & 1);
}
