/* __builtin_frame_address(0) is the current frame's address, never null; a local of
 * the same function lies near it */
int printf(const char *fmt, ...);

static int __attribute__((noinline)) depth_probe(int n)
{
    volatile char here = (char)n;
    char *fa = __builtin_frame_address(0);
    long gap = fa > &here ? fa - &here : &here - fa;
    return (fa != 0) + (gap < 4096) + (n > 0 ? depth_probe(n - 1) : 0);
}

int main(void)
{
    printf("%d\n", depth_probe(3));
    return 0;
}
